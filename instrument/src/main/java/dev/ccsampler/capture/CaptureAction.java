package dev.ccsampler.capture;

import com.oracle.truffle.api.ThreadLocalAction;

/**
 * One tick's request to the chosen threads of one context: Truffle runs {@link #perform} on each
 * of them at its next safepoint poll, and the thread captures its own stack there.
 */
public final class CaptureAction extends ThreadLocalAction {

    private final long submitNanos;
    private final SampledThread[] states;
    private final TickGate gate;

    /**
     * @param submitNanos when the clock submitted the request
     * @param states the threads asked, matched by identity on arrival
     * @param gate the tick's partial safepoint, or null to walk every thread that arrives
     */
    public CaptureAction(long submitNanos, SampledThread[] states, TickGate gate) {
        super(false, false);
        this.submitNanos = submitNanos;
        this.states = states;
        this.gate = gate;
    }

    /** Runs on the guest thread: finds its state by identity (no hashing) and captures. */
    @Override
    protected void perform(Access access) {
        Thread me = access.getThread();
        for (SampledThread t : states) {
            if (t.thread == me) {
                t.capture(submitNanos, gate, access.getLocation());
                return;
            }
        }
    }
}
