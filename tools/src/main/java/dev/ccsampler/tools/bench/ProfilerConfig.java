package dev.ccsampler.tools.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One profiler configuration of the harness: which instrument, at which period, and the engine
 * options that select it. {@link #NONE} is the baseline every ratio is taken against;
 * {@link #TRACER} is the exhaustive calling context tree, run once per workload as the reference
 * for overlap and hot-edge coverage (its own overhead is not a subject of the table).
 *
 * @since 0.1
 */
public enum ProfilerConfig {
    /** No profiler. */
    NONE("none", Profiler.NONE, null),
    /** GraalVM's {@code --cpusampler} at 10 ms. */
    CPUSAMPLER_10MS("cpusampler 10ms", Profiler.CPUSAMPLER, "10"),
    /** GraalVM's {@code --cpusampler} at 1 ms (its minimum). */
    CPUSAMPLER_1MS("cpusampler 1ms", Profiler.CPUSAMPLER, "1"),
    /** ccsampler at 10 ms. */
    CCSAMPLER_10MS("ccsampler 10ms", Profiler.CCSAMPLER, "10ms"),
    /** ccsampler at 1 ms. */
    CCSAMPLER_1MS("ccsampler 1ms", Profiler.CCSAMPLER, "1ms"),
    /** ccsampler at 100 µs. */
    CCSAMPLER_100US("ccsampler 100us", Profiler.CCSAMPLER, "100us"),
    /** ccsampler at 10 ms with adaptive bursting (default length and RR). */
    CCSAMPLER_BURST_10MS("ccsampler 10ms burst", Profiler.CCSAMPLER, "10ms"),
    /** ccsampler at 1 ms with adaptive bursting. */
    CCSAMPLER_BURST_1MS("ccsampler 1ms burst", Profiler.CCSAMPLER, "1ms"),
    /**
     * ccsampler at 10 ms with the burst probes attached but (almost) no burst: re-enable ratio 2^20,
     * one event per burst, never detached. What the probes cost while no burst runs.
     */
    CCSAMPLER_BURST_IDLE_10MS("ccsampler 10ms burst-idle", Profiler.CCSAMPLER, "10ms"),
    /** ccsampler at 10 ms with adaptive bursting whose probes stay attached ({@code BurstDetach=false}). */
    CCSAMPLER_BURST_KEPT_10MS("ccsampler 10ms burst-kept", Profiler.CCSAMPLER, "10ms"),
    /** The exhaustive tracer (reference tree). */
    TRACER("cctracer", Profiler.CCTRACER, null);

    /** Whether this configuration runs adaptive bursts ({@code --burst}'s burst columns). @since 0.1 */
    public boolean isBurst() {
        return this == CCSAMPLER_BURST_10MS || this == CCSAMPLER_BURST_1MS;
    }

    /** The instrument behind a configuration. @since 0.1 */
    public enum Profiler {
        /** None. */
        NONE,
        /** org.graalvm.tools:profiler-tool's CPU sampler. */
        CPUSAMPLER,
        /** This project's sampler. */
        CCSAMPLER,
        /** This project's exhaustive tracer. */
        CCTRACER
    }

    private final String label;
    private final Profiler profiler;
    private final String period;

    ProfilerConfig(String label, Profiler profiler, String period) {
        this.label = label;
        this.profiler = profiler;
        this.period = period;
    }

    /** Name in tables. @since 0.1 */
    public String label() {
        return label;
    }

    /** The instrument. @since 0.1 */
    public Profiler profiler() {
        return profiler;
    }

    /** File name fragment. @since 0.1 */
    public String slug() {
        return label.replace(' ', '-');
    }

    /** Engine options that enable this configuration and write its profile to {@code profile}. @since 0.1 */
    public Map<String, String> options(Path profile) {
        Map<String, String> o = new LinkedHashMap<>();
        switch (profiler) {
            case NONE -> {
            }
            case CPUSAMPLER -> {
                o.put("cpusampler", "true");
                o.put("cpusampler.Period", period);
                o.put("cpusampler.Output", "json");
                o.put("cpusampler.OutputFile", profile.toString());
            }
            case CCSAMPLER -> {
                o.put("ccsampler", "true");
                o.put("ccsampler.Period", period);
                o.put("ccsampler.Output", "json");
                o.put("ccsampler.OutputFile", profile.toString());
                if (label.endsWith(" burst")) {
                    o.put("ccsampler.Burst", "true");
                } else if (label.endsWith(" burst-idle")) {
                    o.put("ccsampler.Burst", "true");
                    o.put("ccsampler.BurstLength", "1");
                    o.put("ccsampler.BurstRR", "1048576");
                    o.put("ccsampler.BurstDetach", "false");
                } else if (label.endsWith(" burst-kept")) {
                    o.put("ccsampler.Burst", "true");
                    o.put("ccsampler.BurstDetach", "false");
                }
            }
            case CCTRACER -> {
                o.put("cctracer", "true");
                o.put("cctracer.OutputFile", profile.toString());
            }
        }
        return o;
    }
}
