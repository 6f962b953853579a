package dev.ccsampler.pace.runtime;

import com.oracle.truffle.api.interop.TruffleObject;

import dev.ccsampler.pace.PaceException;

/**
 * A guest thread started by {@code spawn}. The spawned function's result or its uncaught
 * {@link PaceException} are published before the thread ends, so {@code join} reads them after
 * {@link Thread#join()} (which gives the happens-before edge).
 */
public final class PaceThread implements TruffleObject {

    private final int id;
    private Thread thread;
    private Object result = PaceNull.SINGLETON;
    private PaceException failure;
    private boolean killed;

    public PaceThread(int id) {
        this.id = id;
    }

    public int getId() {
        return id;
    }

    public Thread getThread() {
        return thread;
    }

    public void setThread(Thread thread) {
        this.thread = thread;
    }

    /** Written by the spawned thread only, read after join. */
    public void finish(Object value, PaceException error) {
        this.result = value;
        this.failure = error;
    }

    /** The thread was unwound by a hard exit or cancellation of the context, not by a Pace error. */
    public void markKilled() {
        this.killed = true;
    }

    public boolean isKilled() {
        return killed;
    }

    public Object getResult() {
        return result;
    }

    public PaceException getFailure() {
        return failure;
    }

    @Override
    public String toString() {
        return "<thread " + id + ">";
    }
}
