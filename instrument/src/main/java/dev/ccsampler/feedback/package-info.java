/**
 * Stage feedback: turns the CC-Map into compiler hints and applies them.
 *
 * <p>Data moves like this: the {@link dev.ccsampler.feedback.FeedbackController} thread
 * ({@code ccsampler-feedback}) takes a CC-Map snapshot every round, the pure
 * {@link dev.ccsampler.feedback.Advisor} proposes hints from it (compile early, split, inline), each
 * with its rule and evidence; in {@code apply} mode the {@link dev.ccsampler.feedback.Actuator} submits
 * a {@code ThreadLocalAction} that runs on a guest thread and pulls the lever
 * ({@code LoopNode.reportLoopCount}, {@code DirectCallNode.cloneCallTarget},
 * {@code DirectCallNode.forceInlining}); later rounds observe the outcome in the samples and write it
 * into the {@link dev.ccsampler.feedback.HintLog}. {@link dev.ccsampler.feedback.HintsFile} saves
 * the log and reads it back in a later run, where hints are matched to roots by
 * {@link dev.ccsampler.feedback.RootKey} (language, name, source, section, content hash) through the
 * {@link dev.ccsampler.feedback.RootRegistry}, which a load listener fills independently of sampling.
 * {@link dev.ccsampler.feedback.CompilerEvents} reads the Truffle runtime's compiler events (JFR,
 * in-process) while feedback runs, so each hint's outcome also counts its roots' compilations,
 * deoptimizations and invalidations since the hint.
 *
 * <p>Nothing here runs on the capture path. Not exported: embedders use
 * {@code CCSampler.setFeedback}, {@code saveHints}, {@code loadHints} and {@code writeHints}.
 * The rules and what each lever does in Truffle 25.0.1 are in {@code docs/feedback.md}.
 */
package dev.ccsampler.feedback;
