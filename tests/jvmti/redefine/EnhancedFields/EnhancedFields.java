// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields (GlassVM only, -XX:+AllowEnhancedClassRedefinition; the program checks
// itself): a redefinition adds and deletes static fields (new ones start at their default
// values, or their ConstantValue, no initializer runs again, and a reference stored in
// one survives a collection), adds an instance field where the instances' heap cells have room (the
// existing instances, of the class and of a subclass, read the default value and can
// store into it), adds references, a long and ints to a class with live instances of it
// and of a subclass with fields of its own, in the slack its instances are allocated
// with (set, they survive a collection, clone copies them, object sizes do not change, a
// subclass loaded afterwards lays its fields out past them, a second redefinition adds
// one more past them), grows a class that has no instances,
// deletes an instance field, and is refused with SCHEMA_CHANGED when added instance
// fields fit neither the slack nor the cell a live instance occupies. JVMTI keeps the
// jfieldIDs of the fields kept.
import java.lang.reflect.Field;
import java.util.Arrays;

public class EnhancedFields {
    static native int redefine(Class<?> c, byte[] bytes);
    static native void remember(Class<?> c);
    static native String recall(Class<?> c);
    static native long size(Object o);

    static Object sink;

    /** Allocates enough for freed cells to be used again. */
    static void churn() {
        for (int i = 0; i < 50000; i++) sink = new StringBuilder("x").append(i).toString();
    }

    static int failures;

    static void check(String what, Object got, Object want) {
        if (String.valueOf(got).equals(String.valueOf(want))) {
            System.out.println("PASS " + what);
        } else {
            System.out.println("FAIL " + what + ": got <" + got + ">, want <" + want + ">");
            failures++;
        }
    }

    static String fields(Class<?> c) {
        return String.join(",", Arrays.stream(c.getDeclaredFields()).map(Field::getName).sorted().toArray(String[]::new));
    }

    static String noField(Class<?> c, String name) {
        try {
            c.getDeclaredField(name);
            return "found";
        } catch (NoSuchFieldException e) {
            return "NoSuchFieldException";
        }
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));

        // Static fields.
        EfStatics.kept = 4;
        check("v1 statics", EfStatics.describe(), "v1 kept=4 removed=5");
        remember(EfStatics.class);
        check("redefine EfStatics", redefine(EfStatics.class, Redef.versionOf("EfStatics", "v2")), 0);
        check("v2 statics at their defaults", EfStatics.describe(), "v2 kept=4 big=0 label=null small=0");
        EfStatics.class.getDeclaredMethod("set").invoke(null);
        System.gc();
        check("v2 statics set", EfStatics.describe(), "v2 kept=4 big=1099511627776 label=lab4 small=-2");
        check("v2 static fields", fields(EfStatics.class), "big,kept,label,small");
        check("deleted static field", noField(EfStatics.class, "removed"), "NoSuchFieldException");
        // JVMTI: the kept field keeps its jfieldID, the deleted one is no longer listed;
        // three new IDs; GetClassFields in the new class file's order.
        check("v2 jfieldIDs", recall(EfStatics.class), "removed:gone kept:live +3 | kept big label small");
        Field big = EfStatics.class.getDeclaredField("big");
        big.setAccessible(true);
        check("reflective read of an added static", big.get(null), 1099511627776L);

        // Added statics with a ConstantValue start at their constant (javac inlines the
        // constants into code: reflection reads the fields).
        check("v1 consts (initialized)", EfConsts.x, 1);
        check("redefine EfConsts", redefine(EfConsts.class, Redef.versionOf("EfConsts", "v2")), 0);
        StringBuilder consts = new StringBuilder();
        for (String n : new String[] {"LIMIT", "NAME", "BIG", "HALF", "CH", "ON", "COMPUTED", "plain"})
            consts.append(n).append('=').append(EfConsts.class.getDeclaredField(n).get(null)).append(' ');
        check("added constants", consts, "LIMIT=42 NAME=constant BIG=8589934592 HALF=0.5 CH=q ON=true COMPUTED=null plain=0 ");
        check("added String constant is the interned literal", EfConsts.class.getDeclaredField("NAME").get(null) == "constant", true);
        System.gc();
        check("added String constant after a collection", EfConsts.class.getDeclaredField("NAME").get(null), "constant");

        // An instance field added in the cells' padding.
        EfPoint p = new EfPoint(7);
        EfPoint p3 = new EfPoint3(8);
        check("v1 point", p.describe(), "v1 x=7");
        check("redefine EfPoint", redefine(EfPoint.class, Redef.versionOf("EfPoint", "v2")), 0);
        check("v2 point (existing instance)", p.describe(), "v2 x=7 y=0");
        check("v2 point (existing subclass instance)", p3.describe(), "v2 x=8 y=0");
        EfPoint.class.getDeclaredMethod("setY", int.class).invoke(p, 42);
        EfPoint.class.getDeclaredMethod("setY", int.class).invoke(p3, 43);
        check("v2 point y set", p.describe() + " / " + p3.describe(), "v2 x=7 y=42 / v2 x=8 y=43");
        check("v2 point (new instance)", new EfPoint(9).describe(), "v2 x=9 y=0");
        check("v2 point (new subclass instance)", new EfPoint3(10).describe(), "v2 x=10 y=0");
        check("v2 point fields", fields(EfPoint.class), "x,y");
        Field y = EfPoint.class.getDeclaredField("y");
        check("reflective read of an added instance field", y.get(p), 42);

        // An instance field deleted.
        EfOld o = new EfOld();
        check("v1 old", o.describe(), "v1 x=1 gone=2");
        check("redefine EfOld", redefine(EfOld.class, Redef.versionOf("EfOld", "v2")), 0);
        check("v2 old", o.describe(), "v2 x=1");
        check("v2 old fields", fields(EfOld.class), "x");
        check("deleted instance field", noField(EfOld.class, "gone"), "NoSuchFieldException");

        // No instance: the class grows.
        check("v1 none", EfNone.class.getDeclaredMethods().length, 1);
        check("redefine EfNone (no instances)", redefine(EfNone.class, Redef.versionOf("EfNone", "v2")), 0);
        EfNone e = new EfNone();
        check("v2 none (new instance)", e.describe(), "v2 a=null b=null c=0 d=0 e=null f=0 g=null");
        EfNone.class.getDeclaredMethod("fill").invoke(e);
        System.gc();
        check("v2 none filled", e.describe(), "v2 a=null b=bee c=-1 d=300 e=ee f=1125899906842624 g=gee");

        // Live instances: the added fields go in the slack.
        EfBox b = new EfBox(1);
        EfBoxSub bs = new EfBoxSub(2, "t2");
        long sizeBefore = size(b), subSizeBefore = size(bs);
        check("redefine EfBox (live instances)", redefine(EfBox.class, Redef.versionOf("EfBox", "v2")), 0);
        check("v2 box (existing instance)", b.describe(), "v2 id=1 ref=null big=0 name=null small=0");
        check("v2 box (existing subclass instance)", bs.describe() + " " + bs.sub(), "v2 id=2 ref=null big=0 name=null small=0 tag=t2");
        java.lang.reflect.Method fill = EfBox.class.getDeclaredMethod("fill", int.class);
        fill.invoke(b, 5);
        fill.invoke(bs, 6);
        churn();
        System.gc();
        churn();
        check("v2 box filled, after a collection", b.describe() + " / " + bs.describe() + " " + bs.sub(),
              "v2 id=1 ref=ref5 big=-1099511627781 name=n5 small=5 / v2 id=2 ref=ref6 big=-1099511627782 name=n6 small=6 tag=t2");
        check("object sizes unchanged", size(b) == sizeBefore && size(bs) == subSizeBefore, true);
        Object copy = EfBox.class.getDeclaredMethod("copy").invoke(bs);
        bs.tag = "t2b";
        fill.invoke(bs, 7);
        check("clone copies the added fields", ((EfBox) copy).describe() + " " + ((EfBoxSub) copy).sub(),
              "v2 id=2 ref=ref6 big=-1099511627782 name=n6 small=6 tag=t2");
        check("v2 box (new instance)", new EfBox(3).describe(), "v2 id=3 ref=null big=0 name=null small=0");
        check("v2 box fields", fields(EfBox.class), "big,id,name,ref,small");
        EfBox late = (EfBox) Class.forName("EfBoxLate").getDeclaredConstructor(int.class, long.class).newInstance(11, -77L);
        fill.invoke(late, 12);
        check("v2 box (subclass loaded afterwards)", late.describe() + " " + ((EfBoxLate) late).late(),
              "v2 id=11 ref=ref12 big=-1099511627788 name=n12 small=12 own=-77");
        check("redefine EfBox again", redefine(EfBox.class, Redef.versionOf("EfBox", "v3")), 0);
        EfBox.class.getDeclaredMethod("setMore", int.class).invoke(b, 9);
        check("v3 box (existing instance)", b.describe(), "v3 id=1 ref=ref5 big=-1099511627781 name=n5 small=5 more=9");
        EfBoxSub bs2 = new EfBoxSub(4, "t4");
        EfBox.class.getDeclaredMethod("setMore", int.class).invoke(bs2, -4);
        fill.invoke(bs2, 8);
        check("v3 box (new subclass instance)", bs2.describe() + " " + bs2.sub(),
              "v3 id=4 ref=ref8 big=-1099511627784 name=n8 small=8 more=-4 tag=t4");
        check("v3 object sizes unchanged", size(b) == sizeBefore && size(bs2) == subSizeBefore, true);

        // No room: refused with SCHEMA_CHANGED (64), nothing changes.
        EfHolder h = new EfHolder();
        h.a = "kept";
        check("field without room (refused)", redefine(EfHolder.class, Redef.versionOf("EfHolder", "v2")), 64);
        check("refused class unchanged", fields(EfHolder.class) + " " + h.a, "a kept");

        System.out.println(failures == 0 ? "PASS all" : "FAIL " + failures + " checks");
    }
}
