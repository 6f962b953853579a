package dev.ccsampler.capture;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A partial safepoint: of the threads asked at one tick, only the first {@code limit} to reach a
 * safepoint poll are walked (they are the ones running; Gnedt's partial safepoints). The others
 * pass their ticks on to their next capture, and a thread passed over
 * {@link SampledThread#MAX_DEFERRALS} times in a row is walked anyway, so no busy thread starves.
 *
 * <p>One per tick, shared by the tick's actions in every context. Any guest thread; lock-free
 * (one atomic increment).
 */
public final class TickGate {

    private final int limit;
    private final AtomicInteger arrived = new AtomicInteger();

    /** @param limit threads walked per tick, at least 1 */
    public TickGate(int limit) {
        this.limit = limit;
    }

    /** Whether the calling thread is among the first {@code limit} to arrive. Guest thread. */
    boolean admit() {
        return arrived.getAndIncrement() < limit;
    }
}
