// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// GetObjectHashCode: the identity hash, the same number System.identityHashCode gives
// (whether JVMTI or Java asks first), also for classes that override hashCode(), arrays,
// strings and Class objects; stable across collections and for the object's life. Then
// the errors INVALID_OBJECT, NULL_POINTER and WRONG_PHASE.
public class ObjectHashCode {
    static native int hash(Object o);
    static native void errors(Object o);

    static final class Fixed {
        @Override
        public int hashCode() { return 12345; }
    }

    static void show(String what, boolean ok) { System.out.println(what + ": " + ok); }

    public static void main(String[] args) {
        System.load(System.getProperty("test.agent"));
        Object[] all = {new Object(), new Fixed(), "a string", new int[7], ObjectHashCode.class, Thread.currentThread()};
        boolean jvmtiFirst = true;
        for (Object x : all) {
            int h = hash(x);
            jvmtiFirst &= h == System.identityHashCode(x);
        }
        show("JVMTI first, then identityHashCode agrees", jvmtiFirst);
        boolean javaFirst = true;
        for (int i = 0; i < 100; i++) {
            Object x = i % 2 == 0 ? new Object() : new Fixed();
            int id = System.identityHashCode(x);
            javaFirst &= hash(x) == id;
        }
        show("identityHashCode first, then JVMTI agrees", javaFirst);
        Fixed f = new Fixed();
        show("the identity hash, not the overriding hashCode()",
             hash(f) == System.identityHashCode(f) && hash(f) != f.hashCode());
        int before = hash(f);
        System.gc();
        show("stable across a collection", hash(f) == before && hash(f) == hash(f));
        errors(f);
    }
}
