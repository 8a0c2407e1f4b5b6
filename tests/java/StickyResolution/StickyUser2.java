// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// StickyUser again, as another class with a constant pool of its own.
public class StickyUser2 {
    public static Object create() {
        return new StickyTarget();
    }

    public static Object callStatic() {
        return StickyTarget.hello();
    }

    public static Object getStatic() {
        return StickyTarget.count;
    }

    public static Object cast(Object o) {
        return (StickyTarget) o;
    }

    public static Object instanceOf(Object o) {
        return o instanceof StickyTarget;
    }

    public static Object array() {
        return new StickyTarget[2];
    }

    public static Object literal() {
        return StickyTarget.class;
    }
}
