/**
 * Stage 2, capture: runs on the guest thread inside {@code ThreadLocalAction.perform} ({@code
 * CaptureAction}). Walks the thread's own stack with {@code TruffleRuntime.iterateFrames} and
 * writes the call target, call node and tier of every frame into a preallocated ring slot. No
 * hashing, no locks, no allocation per sample in steady state; names and ids are made later on the
 * drain thread.
 *
 * <p>Walks are incremental where the root probes are in the code ({@code CallDepthProbe}, {@code
 * CallDepth}): a walk stops at the first frame known unchanged since the thread's previous sample
 * and reuses the older part of that sample's record ({@code StackRecorder}); without them every
 * walk is full (up to {@code StackLimit}). The books of each request, kept exactly once, are
 * {@code RequestLedger}'s; what a walk costs, which the clock's budget divides by, is {@code
 * CaptureCost}'s.
 */
package dev.ccsampler.capture;
