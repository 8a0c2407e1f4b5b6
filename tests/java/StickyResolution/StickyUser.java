// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Every method uses StickyTarget through the one CONSTANT_Class entry javac gives it.
public class StickyUser {
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
