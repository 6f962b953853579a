package dev.ccsampler.exhaustive;

import com.oracle.truffle.api.CompilerDirectives.TruffleBoundary;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.ExecutionEventNode;
import com.oracle.truffle.api.ContextThreadLocal;

/**
 * Event node at one root's {@code RootTag} node: moves the thread's shadow stack down on enter and
 * up on every way out. Runs on the guest thread.
 *
 * <p>Exits: Truffle calls {@link #onReturnExceptional} for guest exceptions and also for unwinds
 * started by any instrument (before {@code onUnwind}, which only the unwinding binding receives), so
 * popping there covers both. A yield pops and a resume pushes without counting a call, so a JS
 * generator or async function is one call however often it is suspended.
 */
final class RootCallNode extends ExecutionEventNode {

    private final TracedMethod method;
    private final ContextThreadLocal<ThreadTrace> traces;
    /** Per thread, how many language contexts it is initializing (nothing is traced then); null: all is traced. */
    private final ThreadLocal<int[]> initializing;

    RootCallNode(TracedMethod method, ContextThreadLocal<ThreadTrace> traces, ThreadLocal<int[]> initializing) {
        this.method = method;
        this.traces = traces;
        this.initializing = initializing;
    }

    @Override
    protected void onEnter(VirtualFrame frame) {
        enter(traces.get());
    }

    @Override
    protected void onReturnValue(VirtualFrame frame, Object result) {
        exit(traces.get());
    }

    @Override
    protected void onReturnExceptional(VirtualFrame frame, Throwable exception) {
        exit(traces.get());
    }

    @Override
    protected void onYield(VirtualFrame frame, Object value) {
        exit(traces.get());
    }

    @Override
    protected void onResume(VirtualFrame frame) {
        resume(traces.get());
    }

    // Boundaries keep the tree updates (allocation, hash lookups) out of compiled guest code.

    @TruffleBoundary
    private void enter(ThreadTrace t) {
        if (!inInitialization()) {
            t.enter(method);
        }
    }

    @TruffleBoundary
    private void exit(ThreadTrace t) {
        if (!inInitialization()) {
            t.exit(method);
        }
    }

    @TruffleBoundary
    private void resume(ThreadTrace t) {
        if (!inInitialization()) {
            t.resume(method);
        }
    }

    private boolean inInitialization() {
        return initializing != null && initializing.get()[0] > 0;
    }
}
