package dev.ccsampler.pace.nodes;

import com.oracle.truffle.api.dsl.NodeChild;
import com.oracle.truffle.api.dsl.NodeField;
import com.oracle.truffle.api.dsl.Specialization;
import com.oracle.truffle.api.frame.FrameSlotKind;
import com.oracle.truffle.api.frame.VirtualFrame;

/**
 * {@code let x = v;} and {@code x = v;}: stores into the variable's frame slot. The slot kind
 * starts as {@code long}, {@code double} or {@code boolean} when the first value is one and falls
 * back to {@code Object} for good once another type is stored (as in SimpleLanguage).
 */
@NodeChild("value")
@NodeField(name = "slot", type = int.class)
public abstract class PaceWriteLocalNode extends PaceExpressionNode {

    protected abstract int getSlot();

    @Specialization(guards = "isKind(frame, LONG)")
    protected long writeLong(VirtualFrame frame, long value) {
        frame.getFrameDescriptor().setSlotKind(getSlot(), FrameSlotKind.Long);
        frame.setLong(getSlot(), value);
        return value;
    }

    @Specialization(guards = "isKind(frame, DOUBLE)")
    protected double writeDouble(VirtualFrame frame, double value) {
        frame.getFrameDescriptor().setSlotKind(getSlot(), FrameSlotKind.Double);
        frame.setDouble(getSlot(), value);
        return value;
    }

    @Specialization(guards = "isKind(frame, BOOLEAN)")
    protected boolean writeBoolean(VirtualFrame frame, boolean value) {
        frame.getFrameDescriptor().setSlotKind(getSlot(), FrameSlotKind.Boolean);
        frame.setBoolean(getSlot(), value);
        return value;
    }

    @Specialization(replaces = {"writeLong", "writeDouble", "writeBoolean"})
    protected Object writeObject(VirtualFrame frame, Object value) {
        frame.getFrameDescriptor().setSlotKind(getSlot(), FrameSlotKind.Object);
        frame.setObject(getSlot(), value);
        return value;
    }

    protected static final FrameSlotKind LONG = FrameSlotKind.Long;
    protected static final FrameSlotKind DOUBLE = FrameSlotKind.Double;
    protected static final FrameSlotKind BOOLEAN = FrameSlotKind.Boolean;

    /** True if the slot already has {@code kind} or has not been written yet. */
    protected boolean isKind(VirtualFrame frame, FrameSlotKind kind) {
        FrameSlotKind current = frame.getFrameDescriptor().getSlotKind(getSlot());
        return current == kind || current == FrameSlotKind.Illegal;
    }
}
