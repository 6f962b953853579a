package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.CompilerDirectives;
import com.oracle.truffle.api.dsl.NodeField;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.frame.VirtualFrame;

/** Reads a local variable from its frame slot, specialized on the type stored there. */
@NodeField(name = "slot", type = int.class)
public abstract class PaceReadLocalNode extends PaceExpressionNode {

    protected abstract int getSlot();

    @Specialization(guards = "frame.isLong(getSlot())")
    protected long readLong(VirtualFrame frame) {
        return frame.getLong(getSlot());
    }

    @Specialization(guards = "frame.isDouble(getSlot())")
    protected double readDouble(VirtualFrame frame) {
        return frame.getDouble(getSlot());
    }

    @Specialization(guards = "frame.isBoolean(getSlot())")
    protected boolean readBoolean(VirtualFrame frame) {
        return frame.getBoolean(getSlot());
    }

    @Specialization(replaces = {"readLong", "readDouble", "readBoolean"})
    protected Object readObject(VirtualFrame frame) {
        if (!frame.isObject(getSlot())) {
            // The slot was written with a primitive kind before it became Object: box it once.
            CompilerDirectives.transferToInterpreter();
            Object value = frame.getValue(getSlot());
            frame.setObject(getSlot(), value);
            return value;
        }
        return frame.getObject(getSlot());
    }
}
