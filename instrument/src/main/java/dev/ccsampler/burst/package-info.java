/**
 * Stage 6, burst: adaptive bursting (Zhuang, Serrano, Cain and Choi, PLDI 2006, §5). Right after a
 * stack walk, a guest thread may trace a short burst of every root enter and return into a
 * preallocated per-thread buffer; a history table of context signatures with the re-enable ratio
 * decides which walks are followed by a burst and with what weight. The drain replays a burst on
 * top of the walked stack and adds call counts per context edge to the CC-Map, beside the time
 * samples. Design and measured cost: {@code docs/bursting.md}.
 *
 * <h2>Threads</h2>
 * {@link dev.ccsampler.burst.BurstState} is per (polyglot context, guest thread): its burst fields
 * are written and read only by that guest thread (the probes and the capture). A filled
 * {@link dev.ccsampler.burst.BurstBuffer} goes to the drain thread through a one-slot hand-off
 * ({@code ready}) and comes back through another ({@code free}); each slot is an
 * {@code AtomicReference}, so the hand-off publishes the buffer's contents (release on set,
 * acquire on get).
 */
package dev.ccsampler.burst;
