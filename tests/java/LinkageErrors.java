// Binary-incompatible changes (JLS 13, JVMS 5.4.3): the classes below are compiled with
// this file, then tests/java/LinkageErrors/recompile/*.java replaces some of them with
// incompatible versions. Resolution must then fail with HotSpot's exact errors:
// NoSuchMethodError, NoSuchFieldError, IncompatibleClassChangeError (static/instance,
// class/interface, final superclass, missing interface), IllegalAccessError (private
// members, final field updates), AbstractMethodError and InstantiationError. Each case
// runs twice: a failed resolution must fail again the same way. Each case lives in its
// own class (LinkCaseN) so that whenever a VM links or verifies it, the error surfaces
// inside the try block that reports it.
public class LinkageErrors {
    interface Op { Object run() throws Throwable; }
    static void attempt(String what, Op op) {
        for (int i = 0; i < 2; i++) {
            try {
                Object r = op.run();
                System.out.println(what + ": ok " + r);
            } catch (LinkageError e) {
                System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
            } catch (Throwable t) {
                System.out.println(what + ": unexpected " + t);
            }
        }
    }

    public static void main(String[] args) {
        attempt("still there", new Op() { public Object run() { return LinkCase0.run(); } });
        attempt("removed static method", new Op() { public Object run() { return LinkCase1.run(); } });
        attempt("changed return type", new Op() { public Object run() { return LinkCase2.run(); } });
        attempt("removed static field", new Op() { public Object run() { return LinkCase3.run(); } });
        attempt("removed instance field", new Op() { public Object run() { return LinkCase4.run(); } });
        attempt("static became instance", new Op() { public Object run() { return LinkCase5.run(); } });
        attempt("instance became static", new Op() { public Object run() { return LinkCase6.run(); } });
        attempt("static field became instance", new Op() { public Object run() { return LinkCase7.run(); } });
        attempt("method became private", new Op() { public Object run() { return LinkCase8.run(); } });
        attempt("field became private", new Op() { public Object run() { return LinkCase9.run(); } });
        attempt("field became final", new Op() { public Object run() { return LinkCase10.run(); } });
        attempt("class became interface", new Op() { public Object run() { return LinkCase11.run(); } });
        attempt("interface became class", new Op() { public Object run() { return LinkCase12.run(); } });
        attempt("class became abstract", new Op() { public Object run() { return LinkCase13.run(); } });
        attempt("default method became abstract", new Op() { public Object run() { return LinkCase14.run(); } });
        attempt("interface method still ok", new Op() { public Object run() { return LinkCase15.run(); } });
        attempt("class no longer implements interface", new Op() { public Object run() { return LinkCase16.run(); } });
        attempt("superclass became final", new Op() { public Object run() { return LinkCase17.run(); } });
        attempt("method became abstract", new Op() { public Object run() { return LinkCase18.run(); } });
        attempt("static method's class became interface", new Op() { public Object run() { return LinkCase19.run(); } });
    }
}

class LinkCase0 { static Object run() { return LinkLib.stays(); } }
class LinkCase1 { static Object run() { LinkLib.removed(); return "called"; } }
class LinkCase2 { static Object run() { return LinkLib.returnsInt(); } }
class LinkCase3 { static Object run() { return LinkLib.removedField; } }
class LinkCase4 { static Object run() { return new LinkLib().instanceField; } }
class LinkCase5 { static Object run() { LinkLib.becomesInstance(); return "called"; } }
class LinkCase6 { static Object run() { new LinkLib().becomesStatic(); return "called"; } }
class LinkCase7 { static Object run() { return LinkLib.fieldBecomesInstance; } }
class LinkCase8 { static Object run() { return new LinkLib().becomesPrivate(); } }
class LinkCase9 { static Object run() { return new LinkLib().fieldBecomesPrivate; } }
class LinkCase10 { static Object run() { LinkLib.becomesFinal = 5; return LinkLib.becomesFinal; } }
class LinkCase11 { static Object run() { return new LinkBecomesInterface(); } }
class LinkCase12 { static Object run() { LinkBecomesClass x = new LinkBecomesClassImpl(); return x.m(); } }
class LinkCase13 { static Object run() { return new LinkBecomesAbstract(); } }
class LinkCase14 { static Object run() { LinkIface i = new LinkIfaceImpl(); return i.added(); } }
class LinkCase15 { static Object run() { LinkIface i = new LinkIfaceImpl(); return i.old(); } }
class LinkCase16 { static Object run() { LinkMarker m = new LinkNoLongerImpl(); return m.mark(); } }
class LinkCase17 { static Object run() { return new LinkSubOfFinal().toString(); } }
class LinkCase18 { static Object run() { LinkAbstractBase b = new LinkAbstractSub(); return b.m(); } }
class LinkCase19 { static Object run() { return LinkBecomesInterface.name(); } }

class LinkLib {
    static String stays() { return "stays"; }
    static void removed() { }
    static String returnsInt() { return "string"; }
    static int removedField = 1;
    int instanceField = 2;
    static void becomesInstance() { }
    void becomesStatic() { }
    static int fieldBecomesInstance = 3;
    String becomesPrivate() { return "was accessible"; }
    int fieldBecomesPrivate = 4;
    static int becomesFinal = 0;
    public String toString() { return "LinkLib"; }
}
class LinkBecomesInterface { public String toString() { return "a class"; } static String name() { return "class"; } }
interface LinkBecomesClass { String m(); }
class LinkBecomesClassImpl implements LinkBecomesClass { public String m() { return "impl"; } }
class LinkBecomesAbstract { public String toString() { return "concrete"; } }
interface LinkIface { String old(); default String added() { return "default (v1)"; } }
class LinkIfaceImpl implements LinkIface { public String old() { return "old"; } }
interface LinkMarker { String mark(); }
class LinkNoLongerImpl implements LinkMarker { public String mark() { return "marked"; } }
class LinkFinalBase { }
class LinkSubOfFinal extends LinkFinalBase { public String toString() { return "sub"; } }
class LinkAbstractBase { String m() { return "base m"; } }
class LinkAbstractSub extends LinkAbstractBase { }
