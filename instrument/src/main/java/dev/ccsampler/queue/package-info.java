/**
 * Stage 3, queue: one bounded single-producer single-consumer ring of preallocated sample records
 * per guest thread.
 *
 * <h2>Naming convention for memory-ordered accesses</h2>
 * Fields shared between the producer (a guest thread) and the consumer (the drain thread) are
 * accessed only through {@code VarHandle}s, named after the access mode:
 * <ul>
 * <li>{@code lv...} load volatile / acquire ({@code getAcquire}),</li>
 * <li>{@code so...} store ordered / release ({@code setRelease}),</li>
 * <li>{@code lp...}/{@code sp...} plain load / store, used only by the field's single writer or
 * for racy reads that are documented as benign at the access;</li>
 * <li>opaque ({@code getOpaque}/{@code setOpaque}) for hints that need no ordering with other
 * fields, such as the last walk's duration that the clock reads to throttle.</li>
 * </ul>
 * Every ordered or racy access carries a one-line comment saying why.
 *
 * <h2>Padding</h2>
 * The producer index and the consumer index are written by different threads at sample rate; they
 * are separated by padding fields so that they do not share a cache line (64 bytes, twice for the
 * adjacent-line prefetcher). The same policy applies to every per-thread hot counter in the
 * project: a counter written by one thread at sample rate lives in a padded holder.
 */
package dev.ccsampler.queue;
