// Binary-incompatible changes (JLS 13, JVMS 5.4.3): the classes below are compiled with
// this file, then tests/java/LinkageErrors/recompile/*.java replaces some of them with
// incompatible versions. Resolution must then fail with HotSpot's exact errors:
// NoSuchMethodError, NoSuchFieldError, IncompatibleClassChangeError (static/instance,
// class/interface, final superclass), IllegalAccessError (private members, final field
// updates), AbstractMethodError and InstantiationError. Each failure is also checked to
// repeat on a second attempt (resolution errors are sticky per call site).
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
        attempt("still there", new Op() { public Object run() { return LinkLib.stays(); } });
        attempt("removed static method", new Op() { public Object run() { LinkLib.removed(); return "called"; } });
        attempt("changed return type", new Op() { public Object run() { return LinkLib.returnsInt(); } });
        attempt("removed static field", new Op() { public Object run() { return LinkLib.removedField; } });
        attempt("removed instance field", new Op() { public Object run() { return new LinkLib().instanceField; } });
        attempt("static became instance", new Op() { public Object run() { LinkLib.becomesInstance(); return "called"; } });
        attempt("instance became static", new Op() { public Object run() { new LinkLib().becomesStatic(); return "called"; } });
        attempt("static field became instance", new Op() { public Object run() { return LinkLib.fieldBecomesInstance; } });
        attempt("method became private", new Op() { public Object run() { return new LinkLib().becomesPrivate(); } });
        attempt("field became private", new Op() { public Object run() { return new LinkLib().fieldBecomesPrivate; } });
        attempt("field became final", new Op() { public Object run() { LinkLib.becomesFinal = 5; return LinkLib.becomesFinal; } });
        attempt("class became interface", new Op() { public Object run() { return new LinkBecomesInterface(); } });
        attempt("interface became class", new Op() { public Object run() { LinkBecomesClass x = new LinkBecomesClassImpl(); return x.m(); } });
        attempt("class became abstract", new Op() { public Object run() { return new LinkBecomesAbstract(); } });
        attempt("interface method added", new Op() { public Object run() { LinkIface i = new LinkIfaceImpl(); return i.added(); } });
        attempt("interface method still ok", new Op() { public Object run() { LinkIface i = new LinkIfaceImpl(); return i.old(); } });
        attempt("superclass became final", new Op() { public Object run() { return new LinkSubOfFinal().toString(); } });
        attempt("method became abstract", new Op() { public Object run() { LinkAbstractBase b = new LinkAbstractSub(); return b.m(); } });
    }
}

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
class LinkBecomesInterface { public String toString() { return "a class"; } }
interface LinkBecomesClass { String m(); }
class LinkBecomesClassImpl implements LinkBecomesClass { public String m() { return "impl"; } }
class LinkBecomesAbstract { public String toString() { return "concrete"; } }
interface LinkIface { String old(); String added(); }
class LinkIfaceImpl implements LinkIface { public String old() { return "old"; } public String added() { return "added (v1)"; } }
class LinkFinalBase { }
class LinkSubOfFinal extends LinkFinalBase { public String toString() { return "sub"; } }
class LinkAbstractBase { String m() { return "base m"; } }
class LinkAbstractSub extends LinkAbstractBase { }
