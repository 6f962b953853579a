package dev.ccsampler.capture;

import com.oracle.truffle.api.TruffleContext;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Which of the engine's contexts one Java thread has entered, innermost last, kept from Truffle's
 * enter and leave notifications ({@code ThreadsActivationListener}): so that a thread in two open
 * contexts is sampled only in the one it runs in, and a thread is not ticked while it is outside
 * its only context (<em>counting</em> below).
 *
 * <p>Why it is needed: Truffle performs a context's thread-local actions at the thread's next
 * poll in <em>any</em> context the thread is active in, entering the action's context for it, and
 * holds them for a thread that left the context until it enters again, as long as another thread
 * still owes the action (one the thread alone owed is done, unperformed, when it leaves: see
 * <em>counting</em> below). Without this, a thread that
 * ran context A and, from a host function of A, context B, was sampled by both: A's state counted
 * B's time below A's frames, and B's state counted A's time on a lone top-level frame (at the
 * first poll after B was entered again). Inside the action {@code TruffleContext.isEntered()} is
 * always true for the action's own context, so the action alone cannot tell.
 *
 * <h2>Assumptions</h2>
 * <ul>
 * <li>Truffle notifies every enter and leave of a context on the thread itself, leaves in the
 * reverse order of enters; an action's own enter (when its context is not the current one) is
 * notified like any other. Around a context's close Truffle may notify a leave without its enter
 * (the closing thread's enter is not notified) or the reverse: a leave of a context not in the
 * record is ignored, a leave removes the innermost entry of its context wherever it is, and the
 * thread that closes a context drops the context's entries ({@link #closed}).</li>
 * <li>From the moment the notifications are attached, every enter and leave of the thread is
 * notified; before that, the contexts {@code TruffleContext.isActive()} names on the thread are
 * the ones it is in ({@link #join}).</li>
 * </ul>
 * <h2>Guarantees</h2>
 * <ul>
 * <li>{@link #top()} is the innermost entered context, or null outside all of them; {@link #switches()}
 * counts the times the innermost context became a different one than the last innermost context
 * (a leave to no context and an enter of the same one again is no switch). Both are written by
 * the thread with release stores and read by any thread (the clock) with acquire loads.</li>
 * <li>An enter or leave costs a thread-local lookup and a few stores behind a Truffle boundary
 * (about 25 ns a host-to-guest call, {@code EnterCostCheck}), and only once some thread of the
 * engine has states in two open contexts ({@link #join}), or some thread's requests came back
 * unperformed ({@link #learnOutside}); before that, nothing.</li>
 * </ul>
 *
 * <h2>One open context: counting</h2>
 * A thread with a state in one open context only (most threads) is not followed as above; once the
 * notifications are attached for the engine, its record <em>counts</em> the enters and leaves of
 * that context instead ({@link #count()}). Truffle tells nobody how many times a thread is entered,
 * so the count alone cannot say whether the thread is in the context; what ties it to Truffle's own
 * is Truffle's answer to a request for that thread alone. Truffle completes a thread-local action
 * at once, without performing it, when none of the threads it is for is active in the context
 * ({@code PolyglotThreadLocalActions.submit}); so if the future is done as the submission returns,
 * the thread did not perform it, and the count was the same just before and just after the
 * submission, the thread was entered zero times at that count ({@link #learnOutside}), and from then
 * on it is entered {@code base + delta} times. A request completed later without being performed
 * teaches nothing: Truffle also completes one when its thread leaves the context before its next
 * poll. This is what a thread outside its only context between calls needs (a TruffleRuby fiber,
 * which leaves and enters the context at every switch; a host thread doing host work between calls
 * into the guest): without it, every tick there was a request that failed.
 * <ul>
 * <li>Assumes Truffle notifies an enter after the thread's entered count went up and a leave before
 * it goes down, so at a leave or just after an enter the thread is entered at least once. A count
 * that contradicts this (a change the record missed, e.g. around the attachment of the
 * notifications) makes the base unknown again.</li>
 * <li>Guarantees that while the base is unknown the thread is taken to be in the context (ticked,
 * as before: a wrong guess costs a failed request), and that a base learned is exact as long as
 * every enter and leave after it is notified. A base that is wrong all the same is found out: too
 * high, by the next request completed at once; too low (the thread taken to be outside while in),
 * at the thread's next leave, which a thread entered zero times cannot make.</li>
 * </ul>
 */
public final class EnteredContexts {

    private static final VarHandle TOP;
    private static final VarHandle SWITCHES;
    private static final VarHandle COUNT;
    private static final VarHandle BASE;
    /** {@link #base} while not known. */
    private static final int UNKNOWN = Integer.MIN_VALUE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TOP = l.findVarHandle(EnteredContexts.class, "top", TruffleContext.class);
            SWITCHES = l.findVarHandle(EnteredContexts.class, "switches", long.class);
            COUNT = l.findVarHandle(EnteredContexts.class, "count", long.class);
            BASE = l.findVarHandle(EnteredContexts.class, "base", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // owner-thread only
    /**
     * The thread's states in the engine's contexts since its first, weakly (a thread that outlives
     * its contexts, or the engine, keeps none of them); ended ones are pruned at {@link #join}.
     */
    private final java.util.ArrayList<java.lang.ref.WeakReference<SampledThread>> states = new java.util.ArrayList<>(2);
    /** Whether the record has been set up from Truffle's view and is followed by the thread's states. Owner writes. */
    private volatile boolean followed;
    /** The contexts the thread is in, innermost last: held only while the thread is in them. */
    private TruffleContext[] stack = new TruffleContext[4];
    private int depth;
    /** Identity of the last innermost context (a hash: no reference to a context the thread has left), 0 for none. */
    private int lastTop;
    // written by the owner, read by any thread
    @SuppressWarnings("unused") private TruffleContext top;
    @SuppressWarnings("unused") private long switches;
    // counting (see the class comment)
    /** The context whose enters and leaves are counted: the thread's only state's, while not followed. Owner writes. */
    private volatile TruffleContext counted;
    /**
     * Enters minus leaves of {@link #counted} since counting began (low 32 bits) and the
     * notifications counted (high 32 bits), in one word so that one read gives both. Owner writes
     * (release), any thread reads (acquire).
     */
    @SuppressWarnings("unused") private long count;
    /** The thread is entered {@code base + delta} times in {@link #counted}; {@link #UNKNOWN} until learned. Any thread (CAS). */
    @SuppressWarnings("unused") private volatile int base = UNKNOWN;

    /**
     * The thread was initialized in {@code context}, where {@code state} samples it: called by
     * Truffle's notification on the thread itself, after the enter that initializes it was
     * notified. The first time the thread has a state in a second open context, {@code listen}
     * attaches the enter and leave notifications if they are not yet (false: they cannot be, and
     * nothing is followed), the record is set from what Truffle tells now (the contexts active on
     * the thread, oldest state's first, and {@code context} innermost), and from then on every state
     * of the thread is sampled only while its context is the innermost. A thread in one context at
     * a time (one context per thread, or one after another with the earlier closed) costs nothing.
     */
    public void join(SampledThread state, TruffleContext context, java.util.function.BooleanSupplier listen) {
        state.inContext(context, this);
        states.removeIf(r -> {
            SampledThread t = r.get();
            return t == null || t.isEnded();
        });
        if (!followed && states.isEmpty()) {
            countFrom(context);
        }
        if (!followed && !states.isEmpty()) {
            if (!listen.getAsBoolean()) {
                states.add(new java.lang.ref.WeakReference<>(state));
                return;
            }
            java.util.Arrays.fill(stack, 0, depth, null);
            depth = 0;
            for (java.lang.ref.WeakReference<SampledThread> r : states) {
                SampledThread t = r.get();
                TruffleContext c = t == null ? null : t.context();
                if (c != null && c != context && isActive(c)) {
                    push(c);
                }
            }
            push(context);
            lastTop = identity(context);
            TOP.setRelease(this, context);
            followed = true;
            for (java.lang.ref.WeakReference<SampledThread> r : states) {
                SampledThread t = r.get();
                if (t != null) {
                    t.followEnters(this);
                }
            }
        }
        states.add(new java.lang.ref.WeakReference<>(state));
        if (followed) {
            state.followEnters(this);
        }
    }

    /** Whether the current thread is in {@code c}; false for a context that is closing under us. */
    private static boolean isActive(TruffleContext c) {
        try {
            return c.isActive();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static int identity(TruffleContext c) {
        return c == null ? 0 : System.identityHashCode(c) | 1; // never 0
    }

    private void push(TruffleContext context) {
        if (depth == stack.length) {
            stack = java.util.Arrays.copyOf(stack, 2 * depth);
        }
        stack[depth++] = context;
    }

    /** The thread entered {@code context}. Its own thread only, behind the caller's Truffle boundary. */
    public void entered(TruffleContext context) {
        if (!followed) {
            count(context, 1);
            return;
        }
        push(context);
        setTop(context);
    }

    /** The thread left {@code context}. Its own thread only, behind the caller's Truffle boundary. */
    public void left(TruffleContext context) {
        if (!followed) {
            count(context, -1);
            return;
        }
        for (int i = depth - 1; i >= 0; i--) {
            if (stack[i] == context) {
                // the innermost one but for an enter or leave that was not notified (see the class comment)
                System.arraycopy(stack, i + 1, stack, i, depth - i - 1);
                stack[--depth] = null;
                setTop(depth == 0 ? null : stack[depth - 1]);
                return;
            }
        }
        // a leave whose enter was not notified: nothing to undo
    }

    /**
     * {@code context} closed, on this thread: any entry of it left behind (an enter notified, its
     * leave during the close not) goes, so that it cannot hide the context below it. Its own
     * thread only.
     */
    public void closed(TruffleContext context) {
        int kept = 0;
        for (int i = 0; i < depth; i++) {
            if (stack[i] != context) {
                stack[kept++] = stack[i];
            }
        }
        if (kept != depth) {
            java.util.Arrays.fill(stack, kept, depth, null);
            depth = kept;
            setTop(depth == 0 ? null : stack[depth - 1]);
        }
    }

    private void setTop(TruffleContext now) {
        int id = identity(now);
        if (id != 0 && id != lastTop) {
            if (lastTop != 0) {
                SWITCHES.setRelease(this, switches + 1);
            }
            lastTop = id;
        }
        TOP.setRelease(this, now);
    }

    /** The innermost context the thread has entered, or null outside all of them. Any thread. */
    public TruffleContext top() {
        return (TruffleContext) TOP.getAcquire(this);
    }

    /** How many times the thread's innermost context has switched to another one. Any thread. */
    public long switches() {
        return (long) SWITCHES.getAcquire(this);
    }

    // ---- counting ---------------------------------------------------------------------------

    /** Counts {@code context}'s enters and leaves from now on, from an unknown base. Owner thread. */
    private void countFrom(TruffleContext context) {
        if (counted == context) {
            return;
        }
        base = UNKNOWN;
        long c = (long) COUNT.get(this);
        COUNT.setRelease(this, ((c >>> 32) + 1) << 32); // delta 0; a change of the notifications' count for brackets around it
        counted = context;
    }

    /** An enter ({@code d} 1) or leave (-1) of {@code context}, while not followed. Owner thread. */
    private void count(TruffleContext context, int d) {
        if (context != counted) {
            return;
        }
        long c = (long) COUNT.get(this);
        int before = (int) c;
        int after = before + d;
        int b = base;
        // at a leave the thread is still entered, just after an enter it is already: at least once
        if (b != UNKNOWN && b + (d < 0 ? before : after) <= 0) {
            BASE.compareAndSet(this, b, UNKNOWN);
        }
        COUNT.setRelease(this, (((c >>> 32) + 1) << 32) | (after & 0xffffffffL));
    }

    /**
     * The count now, to bracket a submission of a request: read it just before and just after; if
     * both reads are the same and Truffle completed the request at once, unperformed, {@link
     * #learnOutside} with it. Any thread.
     */
    public long count() {
        return (long) COUNT.getAcquire(this);
    }

    /**
     * The thread was in {@code context} zero times when {@link #count()} was {@code bracket} (a
     * request for it alone submitted then was completed at once, unperformed, and the count did not
     * change around the submission): the base is learned. Nothing when the thread is followed or counts another
     * context. Any thread.
     */
    public void learnOutside(TruffleContext context, long bracket) {
        if (!followed && context == counted) {
            base = -(int) bracket;
        }
    }

    /**
     * Whether the thread may be in {@code context} now, as far as counting can tell: false only when
     * the base is known and the thread is entered zero times. Any thread (the clock): racy, benign.
     */
    public boolean countedInside(TruffleContext context) {
        int b = base;
        return b == UNKNOWN || context != counted || b + (int) (long) COUNT.getAcquire(this) > 0;
    }

    /** Whether the base is known. Any thread. */
    boolean baseKnown() {
        return base != UNKNOWN;
    }
}
