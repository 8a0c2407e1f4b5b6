// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedMethods (GlassVM only, -XX:+AllowEnhancedClassRedefinition; the program checks
// itself): a redefinition adds static, private and virtual methods, deletes and renames
// methods, turns an instance method static, changes method and class modifiers, and adds
// and deletes interface default methods. Expected: new code calls the added methods;
// virtual dispatch sees an added method in the class and an override added in a
// subclass, and a subclass's own method keeps working although its vtable slot moved;
// implementors see an added default method; call sites that resolved a deleted method
// (quickened before, in code that was not redefined) throw NoSuchMethodError, unless the
// class inherits one of the same name and kind (a deleted override); call sites naming a
// subclass that gains a method (a static one hiding the superclass's, an override a super
// call reaches) find it; a deleted
// method still running finishes as an obsolete method; reflection lists the new method
// set and modifiers, JVMTI the same jmethodIDs for the methods kept; an instance field
// that does not fit is refused (SCHEMA_CHANGED).
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

public class EnhancedMethods {
    static native int redefine(Class<?> c, byte[] bytes);
    static native void remember(Class<?> c);
    static native String recall(Class<?> c);

    static int failures;

    static void check(String what, Object got, Object want) {
        if (String.valueOf(got).equals(String.valueOf(want))) {
            System.out.println("PASS " + what);
        } else {
            System.out.println("FAIL " + what + ": got <" + got + ">, want <" + want + ">");
            failures++;
        }
    }

    // Call sites in code that is never redefined: resolved and quickened before.
    static String callDescribe(EmBase b) {
        try {
            return b.describe();
        } catch (NoSuchMethodError e) {
            return "NoSuchMethodError";
        }
    }
    static String callOldName() {
        try {
            return EmBase.oldName();
        } catch (NoSuchMethodError e) {
            return "NoSuchMethodError";
        }
    }
    static String callFlip(EmBase b) {
        try {
            return b.flip();
        } catch (NoSuchMethodError e) {
            return "NoSuchMethodError";
        }
    }
    static String callGone(EmIface i) {
        try {
            return i.gone();
        } catch (NoSuchMethodError e) {
            return "NoSuchMethodError";
        }
    }
    static String callHello(EmIface i) { return i.hello(); }
    static String callSubOnly(EmSub s) { return s.subOnly(); }
    static String callWho() { return EmStatSub.who(); }
    static int callId(EmBase b) { return b.id(); }
    static int callSubId(EmSub s) {
        try {
            return s.id();
        } catch (NoSuchMethodError e) {
            return -1;
        }
    }
    static String callMod(EmBase b) { return b.mod(); }

    static String names(Class<?> c) {
        String[] n = Arrays.stream(c.getDeclaredMethods()).map(Method::getName).sorted().toArray(String[]::new);
        return String.join(",", n);
    }

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        EmBase base = new EmBase();
        EmSub sub = new EmSub();
        EmImpl impl = new EmImpl();
        // Version 1, twice each, so every call site is quickened.
        for (int i = 0; i < 2; i++) {
            check("v1 run", base.run(), "v1 base old-name");
            check("v1 describe", callDescribe(sub), "base");
            check("v1 oldName", callOldName(), "old-name");
            check("v1 flip", callFlip(base), "flip-instance");
            check("v1 gone", callGone(impl), "gone");
            check("v1 hello", callHello(impl), "hello1");
            check("v1 subOnly", callSubOnly(sub), "sub-only");
            check("v1 id", callId(sub), 11);
            check("v1 sub id", callSubId(sub), 11);
            check("v1 mod", callMod(base), "mod");
        }
        check("v1 methods", names(EmBase.class), "describe,flip,id,loop,mod,oldName,run");
        check("v1 class modifiers", Modifier.toString(EmBase.class.getModifiers()), "");
        remember(EmBase.class);

        // EmBase's version 2, installed while EmBase.loop runs.
        String old = base.loop(new Runnable() {
            public void run() {
                check("redefine EmBase", redefine(EmBase.class, Redef.versionOf("EmBase", "v2")), 0);
            }
        });
        check("deleted method still running", old, "old loop: NoSuchMethodError 'java.lang.String EmBase.describe()'");
        check("v2 run (base)", base.run(), "v2 added-static 7 added-private added-virtual-base new-name flip-static");
        check("v2 run (sub, inherited)", sub.run(), "v2 added-static 7 added-private added-virtual-base new-name flip-static");
        check("deleted virtual, old call site", callDescribe(sub), "NoSuchMethodError");
        check("renamed static, old call site", callOldName(), "NoSuchMethodError");
        check("instance made static, old call site", callFlip(base), "NoSuchMethodError");
        check("subclass method after its slot moved", callSubOnly(sub), "sub-only");
        check("v2 id through the subclass", callId(sub), 12);
        check("v2 mod", callMod(base), "mod2");
        check("v2 methods", names(EmBase.class), "addedPrivate,addedStatic,addedVirtual,flip,id,mod,newName,run");
        check("v2 mod modifiers", Modifier.toString(EmBase.class.getDeclaredMethod("mod").getModifiers()), "public final");
        check("v2 flip modifiers", Modifier.toString(EmBase.class.getDeclaredMethod("flip").getModifiers()), "static");
        check("v2 class modifiers", Modifier.toString(EmBase.class.getModifiers()), "public");
        // JVMTI: kept methods keep their jmethodIDs; deleted ones (flip too: it became
        // static, another method) are obsolete IDs no longer listed; five new IDs.
        check("v2 jmethodIDs", recall(EmBase.class),
              "<init>:live id:live describe:gone:obsolete oldName:gone:obsolete flip:gone:obsolete mod:live run:live loop:gone:obsolete +5");
        check("v2 reflective call of an added method", EmBase.class.getDeclaredMethod("addedStatic", int.class).invoke(null, 3), "added-static 3");

        // EmSub's version 2 overrides the method EmBase gained.
        check("redefine EmSub", redefine(EmSub.class, Redef.versionOf("EmSub", "v2")), 0);
        check("v2 run (sub, overridden)", sub.run(), "v2 added-static 7 added-private added-virtual-sub new-name flip-static");
        check("v2 run (base, not overridden)", base.run(), "v2 added-static 7 added-private added-virtual-base new-name flip-static");
        check("v2 subOnly", callSubOnly(sub), "sub-only2");
        check("v2 id (sub v2)", callId(sub), 22);
        check("v2 sub id (sub v2)", callSubId(sub), 22);

        // EmSub's version 3 deletes its override of id(): a call site resolved to the
        // override finds the inherited method.
        check("redefine EmSub v3", redefine(EmSub.class, Redef.versionOf("EmSub", "v3")), 0);
        check("deleted override, through the superclass", callId(sub), 2);
        check("deleted override, old call site naming the subclass", callSubId(sub), 2);
        check("v3 subOnly", callSubOnly(sub), "sub-only3");

        // The interface's version 2: a default method added, one deleted.
        check("redefine EmIface", redefine(EmIface.class, Redef.versionOf("EmIface", "v2")), 0);
        check("v2 hello (added default)", callHello(impl), "hello2 extra");
        check("deleted default, old call site", callGone(impl), "NoSuchMethodError");
        check("v2 interface methods", names(EmIface.class), "extra,hello,need");
        String need;
        try {
            need = String.valueOf(EmIface.class.getMethod("need").invoke(impl));
        } catch (java.lang.reflect.InvocationTargetException e) {
            need = e.getCause().getClass().getName();
        }
        check("added abstract method, not implemented", need, "java.lang.AbstractMethodError");
        check("implementor unchanged", impl.own(), "own");

        // Methods added to a subclass that call sites named while they resolved to the
        // superclass's: a static one hiding the superclass's, an override a super call
        // (from a subclass of it) now reaches.
        EmStatLeaf leaf = new EmStatLeaf(); // initializes EmStatSub too
        for (int i = 0; i < 2; i++) {
            check("v1 static through the subclass", callWho(), "base");
            check("v1 super call", leaf.greet(), "leaf+base-greet");
        }
        check("redefine EmStatSub", redefine(EmStatSub.class, Redef.versionOf("EmStatSub", "v2")), 0);
        check("added static hides the inherited one at an old call site", callWho(), "sub");
        check("super call reaches the added override", leaf.greet(), "leaf+sub-greet");

        // Instance fields that fit neither the slack nor the live instance's cell: SCHEMA_CHANGED (64).
        check("field added to a live instance's full cell (refused)", redefine(EmImpl.class, Redef.versionOf("EmImpl", "v2")), 64);
        check("implementor after the refusal", impl.own(), "own");

        System.out.println(failures == 0 ? "PASS all" : "FAIL " + failures + " checks");
    }
}
