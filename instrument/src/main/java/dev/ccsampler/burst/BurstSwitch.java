package dev.ccsampler.burst;

/**
 * Whether an instrument's burst probes are attached right now, shared by its threads' burst states
 * (which start no burst while they are not) and its sampler (which attaches and detaches them,
 * {@link BurstSchedule}). A new attachment starts a new generation: the roots on a thread's stack
 * at that moment were entered without probes, so their returns are not seen
 * ({@link BurstState#enter}: a walked enter that finds another caller than the burst expected
 * records the returns it missed).
 *
 * @since 0.4
 */
public final class BurstSwitch {

    private volatile boolean attached = true;
    private volatile int generation;

    /** Whether the probes are attached. Any thread. */
    public boolean isAttached() {
        return attached;
    }

    /** Attachments since the first (0 while the probes were never detached). Any thread. */
    public int generation() {
        return generation;
    }

    /** The probes are about to be detached: no burst starts from now on. */
    public void markDetached() {
        attached = false;
    }

    /** The probes were attached again: bursts may start. */
    public void markAttached() {
        generation++;
        attached = true;
    }
}
