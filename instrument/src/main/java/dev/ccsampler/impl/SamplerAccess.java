package dev.ccsampler.impl;

import dev.ccsampler.burst.BurstSettings;
import dev.ccsampler.burst.BurstState;
import com.oracle.truffle.api.ContextThreadLocal;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import dev.ccsampler.CCSampler;
import dev.ccsampler.capture.CallDepth;
import dev.ccsampler.drain.FrameFilter;
import dev.ccsampler.trigger.SamplingSettings;

/**
 * The instrument's door to {@link CCSampler}'s package-private factory, so that creating the
 * service is not API: {@code CCSampler} registers its factory here when its class initialises, and
 * this package is not exported. (GraalVM's own profiler keeps its constructor package-private and
 * creates the service in its instrument the same way.)
 */
public final class SamplerAccess {

    /** {@code CCSampler}'s factory. */
    @FunctionalInterface
    public interface Factory {
        /** Creates and attaches the service, not collecting yet. */
        CCSampler create(TruffleInstrument.Env env, long periodNanos, int stackLimit, int bufferSize, FrameFilter filter, ContextThreadLocal<CallDepth> marks,
                        SamplingSettings settings, BurstSettings burst, ContextThreadLocal<BurstState> bursts);
    }

    /** Adds a line to a service's sampling notes (the "Sampling" lines of every report). */
    @FunctionalInterface
    public interface Notes {
        /** Adds {@code what}, stamped with the time since sampling began. */
        void add(CCSampler sampler, String what);
    }

    private static volatile Factory factory;
    private static volatile Notes notes;

    private SamplerAccess() {
    }

    /** Called once, from {@code CCSampler}'s class initialiser. */
    public static void register(Factory f, Notes n) {
        if (factory != null && factory != f) {
            throw new IllegalStateException("CCSampler's factory is registered already");
        }
        factory = f;
        notes = n;
    }

    /** Adds a sampling note to a service the instrument created (so the factory is registered). */
    static void note(CCSampler sampler, String what) {
        notes.add(sampler, what);
    }

    static CCSampler create(TruffleInstrument.Env env, long periodNanos, int stackLimit, int bufferSize, FrameFilter filter, ContextThreadLocal<CallDepth> marks,
                    SamplingSettings settings, BurstSettings burst, ContextThreadLocal<BurstState> bursts) {
        if (factory == null) {
            try {
                Class.forName(CCSampler.class.getName(), true, CCSampler.class.getClassLoader()); // runs its registration
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return factory.create(env, periodNanos, stackLimit, bufferSize, filter, marks, settings, burst, bursts);
    }
}
