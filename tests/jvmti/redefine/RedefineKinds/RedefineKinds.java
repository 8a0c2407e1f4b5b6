// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// RedefineClasses of the kinds of classes javac makes: a record (its Record attribute and
// ObjectMethods bootstraps unchanged), an enum with constant bodies and a string switch,
// an interface's default and static methods (called through implementors' itables), and
// a superclass under a subclass that is not redefined (super calls, inherited and
// overriding methods), whose lambda body and nestmate access change. All four in one
// batch; calls made before (quickened) and after, objects made before and after.
import java.util.function.IntUnaryOperator;

public class RedefineKinds {
    static native int redefine4(Class<?> a, byte[] ab, Class<?> b, byte[] bb, Class<?> c, byte[] cb, Class<?> d,
                                byte[] db);

    static void show(String tag, KRecord r, KSub sub, KBase base, IntUnaryOperator op) {
        KIface i = sub;
        System.out.println(tag + ": " + r.describe() + " | " + r + " | equals " + r.equals(new KRecord(7, "s"))
                           + " | " + KEnum.A.label() + " | " + KEnum.B.label() + " | code " + KEnum.code("one") + ","
                           + KEnum.code("two") + "," + KEnum.code("three") + " | " + KEnum.valueOf("B") + " | "
                           + i.shout() + " | " + base.shout() + " | " + KIface.util() + " | " + sub.hello() + " | "
                           + base.hello() + " | " + sub.base() + " | op " + op.applyAsInt(5) + ", new op "
                           + base.op().applyAsInt(5) + " | " + sub.nest());
    }

    public static void main(String[] args) {
        KRecord r = new KRecord(7, "s");
        KSub sub = new KSub();
        KBase base = new KBase();
        IntUnaryOperator op = base.op();
        for (int i = 0; i < 3; i++) show("v1", r, sub, base, op);
        int e = redefine4(KRecord.class, Redef.versionOf("KRecord", "v2"), KEnum.class, Redef.versionOf("KEnum", "v2"),
                          KIface.class, Redef.versionOf("KIface", "v2"), KBase.class, Redef.versionOf("KBase", "v2"));
        System.out.println("RedefineClasses: " + e);
        for (int i = 0; i < 2; i++) show("v2", r, sub, base, op);
        show("v2, new objects", new KRecord(7, "s"), new KSub(), new KBase(), new KBase().op());
    }
}
