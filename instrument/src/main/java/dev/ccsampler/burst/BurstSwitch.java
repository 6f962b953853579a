package dev.ccsampler.burst;

/**
 * Whether an instrument's burst probes are attached right now, shared by its threads' burst states
 * (which start no burst while they are not) and its sampler (which attaches and detaches them,
 * {@link BurstSchedule}). The roots on a thread's stack when the probes come back were entered
 * without them, so their returns are not seen ({@link BurstState#enter}: a walked enter that finds
 * another caller than the burst expected records the returns it missed).
 *
 * @since 0.4
 */
public final class BurstSwitch {

    private volatile boolean attached = true;

    /** Whether the probes are attached. Any thread. */
    public boolean isAttached() {
        return attached;
    }

    /** The probes are about to be detached: no burst starts from now on. */
    public void markDetached() {
        attached = false;
    }

    /** The probes were attached again: bursts may start. */
    public void markAttached() {
        attached = true;
    }
}
