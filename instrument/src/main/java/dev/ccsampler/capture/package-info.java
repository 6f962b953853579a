/**
 * Stage 2, capture: runs on the guest thread inside {@code ThreadLocalAction.perform}. Walks the
 * thread's own stack with {@code TruffleRuntime.iterateFrames} and writes the call target, call node
 * and tier of every frame into a preallocated ring slot. No hashing, no locks, no allocation per
 * sample in steady state; names and ids are made later on the drain thread.
 *
 * <p>Not yet incremental: every sample walks the whole stack (up to {@code StackLimit}). Marking
 * unchanged frames needs support from the Truffle frame API that is not public.
 */
package dev.ccsampler.capture;
