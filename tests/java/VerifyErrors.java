// Bad bytecode must be rejected with HotSpot's VerifyError (or ClassFormatError) and its
// exact message, never crash the VM; tricky valid code must verify and run. javac never
// emits bad bytecode, so every class here is written by hand (ClassBuilder) and defined
// through a fresh class loader. Covers the type checker (class files >= 50, with
// StackMapTable), the type-inference verifier (< 50, with jsr/ret), the failover of
// version-50 classes, class-loading errors raised by verification, and random mutations
// of valid methods.
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Random;

public class VerifyErrors implements Op {
    static final int PUBLIC = 1, STATIC = 8, ABSTRACT = 0x400, PS = PUBLIC | STATIC;
    static final String OBJ = "java/lang/Object";

    static class ByteLoader extends ClassLoader {
        ByteLoader() { super(VerifyErrors.class.getClassLoader()); }
        Class<?> define(String name, byte[] b) { return defineClass(name, b, 0, b.length); }
    }

    /** Defines the class, links it and runs its static test method if it has one. */
    static void attempt(String what, ClassBuilder cb, Object... args) {
        System.out.println("== " + what);
        System.out.println(outcome(cb.name, cb.bytes(), true, args));
    }

    static String outcome(String name, byte[] bytes, boolean run, Object... args) {
        try {
            ByteLoader loader = new ByteLoader();
            Class<?> c = loader.define(name, bytes);
            Class.forName(name, true, loader); // links (verification happens here) and initializes
            if (!run) return "verified";
            Method test = null;
            for (Method m : c.getDeclaredMethods())
                if (m.getName().equals("test")) test = m;
            if (test == null) return "verified";
            try {
                return "verified, test() = " + show(test.invoke(null, args));
            } catch (InvocationTargetException e) {
                return "verified, test() threw " + e.getCause();
            }
        } catch (LinkageError e) {
            return e.getClass().getName() + ": " + e.getMessage();
        } catch (Exception e) {
            return "unexpected " + e;
        }
    }

    static String show(Object o) {
        if (o != null && o.getClass().isArray()) return java.util.Arrays.deepToString(new Object[] { o });
        return String.valueOf(o);
    }

    static ClassBuilder cls(String name, int major) { return new ClassBuilder(major, name, OBJ); }
    static ClassBuilder.Code code(int maxStack, int maxLocals) { return new ClassBuilder.Code(maxStack, maxLocals); }
    static ClassBuilder.StackMap sm() { return new ClassBuilder.StackMap(); }
    static int[] L(int... t) { return t; }
    static final int INT = ClassBuilder.INT, FLOAT = ClassBuilder.FLOAT, LONG = ClassBuilder.LONG,
            DOUBLE = ClassBuilder.DOUBLE, TOP = ClassBuilder.TOP, NULLT = ClassBuilder.NULL,
            UNINIT_THIS = ClassBuilder.UNINIT_THIS;
    static int obj(ClassBuilder cb, String n) { return ClassBuilder.obj(cb.cls(n)); }

    /** A class with one static method `test` of the given descriptor and code. */
    static void one(String name, int major, String desc, ClassBuilder.Code c, Object... args) {
        ClassBuilder cb = cls(name, major);
        cb.method(PS, "test", desc, c);
        attempt(name, cb, args);
    }

    public static void main(String[] args) {
        typeChecker();
        stackMapTables();
        failover();
        inference();
        loadingErrors();
        valid();
        mutations();
    }

    // ---------------------------------------------------------------------------------
    // The type checker (major >= 50)
    // ---------------------------------------------------------------------------------
    static void typeChecker() {
        ClassBuilder cb;
        ClassBuilder.Code c;

        cb = cls("BadTypeIadd", 52);
        cb.method(PS, "test", "()I", code(2, 0).op(LDC, cb.string("x"), ICONST_1, IADD, IRETURN));
        attempt(cb.name, cb);

        one("NoFrameAtTarget", 52, "()I", code(1, 1).op(ICONST_0, ISTORE_0).label("L").op(ILOAD_0).jump(IFEQ, "L").op(ICONST_0, IRETURN));

        c = code(1, 1).op(ICONST_0, ISTORE_0, ILOAD_0).jump(IFEQ, "L").op(ICONST_1, IRETURN).label("L").op(ICONST_2, IRETURN);
        one("InconsistentFrames", 52, "()I", c.stackMap(sm().full(c.at("L"), L(FLOAT))));

        one("StackOverflow", 52, "()V", code(1, 0).op(ICONST_0, ICONST_0, POP, POP, RETURN));
        one("StackUnderflow", 52, "()V", code(1, 0).op(POP, RETURN));
        // JVMS 6.2: impdep1/impdep2 are reserved, never in a class file (GlassVM's
        // interpreter gives these bytes meanings of its own).
        one("Impdep1", 52, "()V", code(1, 0).op(NOP, 0xfe, RETURN));
        one("Impdep2", 52, "()V", code(1, 0).op(0xff, RETURN));
        one("LocalOverflow", 52, "()I", code(1, 1).op(ILOAD_3, IRETURN));
        one("StoreLocalOverflow", 52, "()V", code(2, 2).op(LCONST_0, LSTORE_1, RETURN));
        one("FallsOffEnd", 52, "()V", code(1, 0).op(ICONST_0, POP));
        one("BadReturnType", 52, "()Ljava/lang/String;", code(1, 0).op(ICONST_0, IRETURN));
        one("VoidReturnsValue", 52, "()V", code(1, 0).op(ICONST_0, IRETURN));
        one("IntMissingReturn", 52, "()I", code(1, 0).op(RETURN));
        one("BadInstructionFF", 52, "()V", code(1, 0).op(NOP, 0xff, RETURN));
        one("BadInstructionCB", 52, "()V", code(1, 0).op(NOP, 0xcb, 0, 1, RETURN));
        one("JsrInVersion51", 51, "()V", code(1, 1).jump(JSR, "S").op(RETURN).label("S").op(ASTORE_0, RET, 0));
        one("WideNop", 52, "()V", code(1, 0).op(WIDE, NOP, RETURN));
        one("WideRet", 52, "()V", code(1, 1).op(WIDE, RET, 0, 0, RETURN));
        one("NewarrayType", 52, "()Ljava/lang/Object;", code(1, 0).op(ICONST_1, NEWARRAY, 3, ARETURN));
        one("LongLocalMisuse", 52, "()J", code(2, 2).op(ICONST_0, ISTORE_0, ICONST_0, ISTORE_1, LLOAD_0, LRETURN));
        one("LongLocalOverflow", 52, "()J", code(2, 2).op(ICONST_0, ISTORE_0, LLOAD_0, LRETURN));
        one("DupLong", 52, "()V", code(4, 0).op(LCONST_0, DUP, POP2, POP, RETURN));
        one("Pop2Int", 52, "()V", code(1, 0).op(ICONST_0, POP2, RETURN));
        one("LaddMixed", 52, "()J", code(4, 0).op(ICONST_0, LCONST_1, LADD, LRETURN));
        one("ArraylengthInt", 52, "()I", code(1, 0).op(ICONST_0, ARRAYLENGTH, IRETURN));
        one("AaloadIntArray", 52, "()Ljava/lang/Object;", code(2, 0).op(ICONST_1, NEWARRAY, 10, ICONST_0, AALOAD, ARETURN));
        one("BastoreCharArray", 52, "()V", code(3, 0).op(ICONST_1, NEWARRAY, 5, ICONST_0, ICONST_0, BASTORE, RETURN));
        one("IfIcmpFloat", 52, "()V", code(2, 0).op(FCONST_0, ICONST_0).jump(IF_ICMPEQ, "L").label("L").op(RETURN));

        cb = cls("TableswitchLowHigh", 52);
        c = code(1, 0).op(ICONST_0).tableswitch(5, 4, "D").label("D").op(RETURN);
        cb.method(PS, "test", "()V", c.stackMap(sm().same(c.at("D"))));
        attempt(cb.name, cb);

        cb = cls("LookupswitchUnsorted", 52);
        c = code(1, 0).op(ICONST_0).lookupswitch("D", new int[] { 3, 1 }, "D", "D").label("D").op(RETURN);
        cb.method(PS, "test", "()V", c.stackMap(sm().same(c.at("D"))));
        attempt(cb.name, cb);

        cb = cls("SwitchTargetNoFrame", 52);
        c = code(1, 0).op(ICONST_0).tableswitch(0, 1, "D", "A", "D").label("A").op(RETURN).label("D").op(RETURN);
        cb.method(PS, "test", "()V", c.stackMap(sm().same(c.at("D"))));
        attempt(cb.name, cb);

        cb = cls("LdcLong", 52);
        cb.method(PS, "test", "()V", code(2, 0).op(LDC, cb.lng(5), POP, RETURN));
        attempt(cb.name, cb);

        cb = cls("Ldc2wInt", 52);
        cb.method(PS, "test", "()V", code(2, 0).op(LDC2_W).u2(cb.integer(5)).op(POP2, RETURN));
        attempt(cb.name, cb);

        cb = cls("LdcBadIndex", 52);
        cb.method(PS, "test", "()V", code(1, 0).op(LDC_W).u2(999).op(POP, RETURN));
        attempt(cb.name, cb);

        cb = cls("AthrowString", 52);
        cb.method(PS, "test", "()V", code(1, 0).op(LDC, cb.string("x"), ATHROW));
        attempt(cb.name, cb);

        cb = cls("UninitGetfield", 52);
        cb.method(PS, "test", "()I", code(2, 0).op(NEW).u2(cb.cls("java/lang/Integer"))
                .op(GETFIELD).u2(cb.field("java/lang/Integer", "value", "I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("WrongInit", 52);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(2, 0).op(NEW).u2(cb.cls("java/lang/String")).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).op(ARETURN));
        attempt(cb.name, cb);

        cb = cls("ReturnUninit", 52);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(1, 0).op(NEW).u2(cb.cls(OBJ)).op(ARETURN));
        attempt(cb.name, cb);

        cb = cls("NewArrayClass", 52);
        cb.method(PS, "test", "()V", code(1, 0).op(NEW).u2(cb.cls("[I")).op(POP, RETURN));
        attempt(cb.name, cb);

        cb = cls("InvokeinterfaceCount", 52);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("x"))
                .op(INVOKEINTERFACE).u2(cb.imethod("java/lang/CharSequence", "length", "()I")).op(2, 0, IRETURN));
        attempt(cb.name, cb);

        cb = cls("InvokeinterfaceZero", 52);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("x"))
                .op(INVOKEINTERFACE).u2(cb.imethod("java/lang/CharSequence", "length", "()I")).op(1, 5, IRETURN));
        attempt(cb.name, cb);

        cb = cls("InvokevirtualOnInterfaceRef", 52);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("x"))
                .op(INVOKEVIRTUAL).u2(cb.imethod("java/lang/CharSequence", "length", "()I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("IllegalInternalCall", 52);
        cb.method(PS, "test", "()V", code(0, 0).op(INVOKESTATIC).u2(cb.method(OBJ, "<init>", "()V")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("BadInvokespecial", 52);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("abc"))
                .op(INVOKESPECIAL).u2(cb.method("java/lang/String", "length", "()I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("MultianewarrayDims", 52);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(3, 0).op(ICONST_1, ICONST_1, ICONST_1, MULTIANEWARRAY).u2(cb.cls("[[I")).op(3, ARETURN));
        attempt(cb.name, cb);

        cb = cls("MultianewarrayNotArray", 52);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(3, 0).op(ICONST_1, MULTIANEWARRAY).u2(cb.cls(OBJ)).op(1, ARETURN));
        attempt(cb.name, cb);

        cb = cls("GetfieldArrayClass", 52);
        cb.method(PS, "test", "()I", code(1, 0).op(ACONST_NULL, GETFIELD).u2(cb.field("[I", "length", "I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("PutfieldWrongType", 52);
        cb.method(PS, "test", "()V", code(2, 0).op(LDC, cb.string("s"), ICONST_0)
                .op(PUTFIELD).u2(cb.field("java/lang/Integer", "value", "I")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("BadPutstatic", 52);
        cb.method(PS, "test", "()V", code(1, 0).op(FCONST_0, PUTSTATIC).u2(cb.field("BadPutstatic", "f", "I")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("CatchNotThrowable", 52);
        c = code(1, 0).label("S").op(NOP).label("E").op(RETURN).label("H").op(POP, RETURN);
        c.handler("S", "E", "H", cb.cls("java/lang/String"));
        cb.method(PS, "test", "()V", c.stackMap(sm().same1(c.at("H"), obj(cb, "java/lang/String"))));
        attempt(cb.name, cb);

        cb = cls("HandlerFrameMismatch", 52);
        c = code(1, 1).label("S").op(ICONST_0, ISTORE_0, ICONST_1).label("E").op(IRETURN).label("H").op(POP, ICONST_0, IRETURN);
        c.handler("S", "E", "H", 0);
        cb.method(PS, "test", "()I", c.stackMap(sm().full(c.at("H"), L(INT), obj(cb, "java/lang/Throwable"))));
        attempt(cb.name, cb);

        cb = cls("HandlerNotInstruction", 52);
        c = code(1, 0).label("S").op(SIPUSH, 0, 1).label("E").op(POP, RETURN);
        c.handler(0, 3, 1, 0);
        cb.method(PS, "test", "()V", c);
        attempt(cb.name, cb);

        cb = cls("HandlerNoStackMax", 52); // no room for the exception on the stack
        c = code(0, 0).label("S").op(NOP).label("E").op(RETURN).label("H").op(ATHROW);
        c.handler("S", "E", "H", 0);
        cb.method(PS, "test", "()V", c);
        attempt(cb.name, cb);

        // Protected members of a superclass in another package (JVMS 4.10.1.8)
        cb = new ClassBuilder(52, "ProtectedGetfield", "java/util/AbstractList");
        cb.access = PUBLIC | 0x20 | ABSTRACT;
        cb.method(PS, "test", "()I", code(2, 0).op(NEW).u2(cb.cls("java/util/ArrayList")).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method("java/util/ArrayList", "<init>", "()V"))
                .op(GETFIELD).u2(cb.field("java/util/AbstractList", "modCount", "I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = new ClassBuilder(52, "ProtectedPutfield", "java/util/AbstractList");
        cb.access = PUBLIC | 0x20 | ABSTRACT;
        cb.method(PS, "test", "()V", code(2, 0).op(ACONST_NULL).op(CHECKCAST).u2(cb.cls("java/util/ArrayList")).op(ICONST_0)
                .op(PUTFIELD).u2(cb.field("java/util/AbstractList", "modCount", "I")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("ProtectedInvokevirtual", 52);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(2, 0).op(NEW).u2(cb.cls(OBJ)).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V"))
                .op(INVOKEVIRTUAL).u2(cb.method(OBJ, "clone", "()Ljava/lang/Object;")).op(ARETURN));
        attempt(cb.name, cb);

        for (int major : new int[] { 52, 49 }) { // new + protected <init> of a superclass in another package
            cb = new ClassBuilder(major, "ProtectedInit" + major, "java/lang/ClassLoader");
            cb.method(PS, "test", "()Ljava/lang/Object;", code(2, 0).op(NEW).u2(cb.cls("java/lang/ClassLoader")).op(DUP)
                    .op(INVOKESPECIAL).u2(cb.method("java/lang/ClassLoader", "<init>", "()V")).op(ARETURN));
            attempt(cb.name, cb);
        }

        cb = cls("ProtectedCloneOnArray", 52); // arrays pretend to have a public clone(): valid
        cb.method(PS, "test", "()Ljava/lang/Object;", code(2, 0).op(ICONST_2, NEWARRAY, 10)
                .op(INVOKEVIRTUAL).u2(cb.method(OBJ, "clone", "()Ljava/lang/Object;")).op(ARETURN));
        attempt(cb.name, cb);

        // Constructors
        cb = cls("CtorNoSuper", 52);
        cb.method(PUBLIC, "<init>", "()V", code(0, 1).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("CtorBadInit", 52);
        cb.method(PUBLIC, "<init>", "()V", code(1, 1).op(ALOAD_0, INVOKESPECIAL).u2(cb.method("java/lang/String", "<init>", "()V")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("CtorFlagsMismatch", 52);
        c = code(1, 1).op(ICONST_0).jump(IFEQ, "L").label("L").op(ALOAD_0, INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).op(RETURN);
        cb.method(PUBLIC, "<init>", "()V", c.stackMap(sm().full(c.at("L"), L(TOP))));
        attempt(cb.name, cb);

        cb = cls("CtorInitTwice", 52);
        cb.method(PUBLIC, "<init>", "()V", code(1, 1).op(ALOAD_0, INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V"))
                .op(ALOAD_0, INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("CtorStoresOwnField", 52); // valid: a field of this class may be set before super()
        cb.field(0, "x", "I");
        cb.method(PUBLIC, "<init>", "()V", code(2, 1).op(ALOAD_0, ICONST_5, PUTFIELD).u2(cb.field("CtorStoresOwnField", "x", "I"))
                .op(ALOAD_0, INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).op(RETURN));
        cb.method(PS, "test", "()I", code(2, 0).op(NEW).u2(cb.cls("CtorStoresOwnField")).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method("CtorStoresOwnField", "<init>", "()V"))
                .op(GETFIELD).u2(cb.field("CtorStoresOwnField", "x", "I")).op(IRETURN));
        attempt(cb.name, cb);

        // super() inside a try block: every handler path must end in athrow
        String[][] handlers = { { "Returns", "pop return" }, { "Throws", "athrow" },
                                { "BranchesThenThrows", "astore_1 iconst_0 ifeq:T aload_1 athrow T: aload_1 athrow" },
                                { "Loops", "L: goto:L" }, { "SwitchReturns", "pop iconst_0 tableswitch:R return R: return" } };
        for (String[] h : handlers) {
            cb = cls("CtorSuperInTry" + h[0], 52);
            c = code(2, 2).label("S").op(ALOAD_0).op(INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).label("E").op(RETURN).label("H");
            for (String w : h[1].split(" ")) {
                if (w.endsWith(":") ) c.label(w.substring(0, w.length() - 1));
                else if (w.startsWith("ifeq:")) c.jump(IFEQ, w.substring(5));
                else if (w.startsWith("goto:")) c.jump(GOTO, w.substring(5));
                else if (w.startsWith("tableswitch:")) c.tableswitch(0, 0, w.substring(12), w.substring(12));
                else c.op(w.equals("pop") ? POP : w.equals("return") ? RETURN : w.equals("athrow") ? ATHROW : w.equals("astore_1") ? ASTORE_1
                        : w.equals("aload_1") ? ALOAD_1 : ICONST_0);
            }
            c.handler("S", "E", "H", 0);
            ClassBuilder.StackMap hm = sm().full(c.at("H"), L(UNINIT_THIS), obj(cb, "java/lang/Throwable"));
            cb.method(PUBLIC, "<init>", "()V", c.stackMap(hm));
            attempt(cb.name, cb);
        }

        cb = cls("CtorUsesThisEarly", 52);
        cb.method(PUBLIC, "<init>", "()V", code(1, 1).op(ALOAD_0, INVOKEVIRTUAL).u2(cb.method(OBJ, "hashCode", "()I"))
                .op(POP, ALOAD_0, INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).op(RETURN));
        attempt(cb.name, cb);
    }

    // ---------------------------------------------------------------------------------
    // Malformed StackMapTable attributes
    // ---------------------------------------------------------------------------------
    static void stackMapTables() {
        ClassBuilder cb;
        ClassBuilder.Code c;

        c = code(1, 0).op(SIPUSH, 0, 1, POP, RETURN);
        one("SmtBadOffset", 52, "()V", c.stackMap(sm().same(1)));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        one("SmtReservedType", 52, "()V", c.stackMap(sm().raw(200, 0, 1)));

        c = code(1, 0).op(ACONST_NULL, POP, RETURN);
        one("SmtBadClassIndex", 52, "()V", c.stackMap(sm().raw(64 + 1, 7, 0, 0)));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        ClassBuilder.StackMap s = sm().same(2);
        s.countOverride = 0;
        one("SmtWrongSize", 52, "()V", c.stackMap(s));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        s = sm().same(2);
        s.countOverride = 2;
        one("SmtTruncated", 52, "()V", c.stackMap(s));

        c = code(1, 1).op(ICONST_0, POP, RETURN);
        one("SmtTooManyLocals", 52, "()V", c.stackMap(sm().append(2, INT, INT)));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        one("SmtStackTooBig", 52, "()V", c.stackMap(sm().full(2, L(), LONG)));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        one("SmtBadUninitOffset", 52, "()V", c.stackMap(sm().same1(2, ClassBuilder.uninit(0))));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        one("SmtBadVerificationType", 52, "()V", c.stackMap(sm().raw(65, 9)));

        c = code(1, 0).op(ICONST_0, POP, RETURN);
        one("SmtChopTooMuch", 52, "()V", c.stackMap(sm().chop(2, 2)));

        c = code(1, 0).op(ICONST_0).jump(GOTO, "L").label("L").op(POP, RETURN);
        one("SmtFrameStackMismatch", 52, "()V", c.stackMap(sm().same(c.at("L"))));

        c = code(2, 1).op(ICONST_0, ISTORE_0).label("L").op(ILOAD_0).jump(IFNE, "E").op(IINC, 0, 1).jump(GOTO, "L").label("E").op(RETURN);
        one("SmtMissingAfterGoto", 52, "()V", c.stackMap(sm().append(c.at("L"), INT)));

        c = code(1, 0).op(ICONST_0, POP).jump(GOTO, "L").op(NOP).label("L").op(RETURN);
        one("SmtFrameNeededAfterGoto", 52, "()V", c.stackMap(sm().same(c.at("L"))));

        cb = cls("SmtObjectFrames", 52); // valid: frames with object types, chop and append
        c = code(2, 2).op(ALOAD_0).jump(IFNULL, "N").op(ALOAD_0, ASTORE_1, ALOAD_1)
                .op(INVOKEVIRTUAL).u2(cb.method("java/lang/String", "length", "()I")).op(IRETURN)
                .label("N").op(ICONST_M1, IRETURN);
        cb.method(PS, "test", "(Ljava/lang/String;)I", c.stackMap(sm().same(c.at("N"))));
        attempt(cb.name, cb, "four");
    }

    // ---------------------------------------------------------------------------------
    // Version 50: a failed type check falls over to the inference verifier
    // ---------------------------------------------------------------------------------
    static void failover() {
        // No stack map at all: the old verifier accepts it.
        ClassBuilder.Code c = code(2, 2).op(ICONST_0, ISTORE_0, ICONST_0, ISTORE_1).label("L").op(ILOAD_1, BIPUSH, 10)
                .jump(IF_ICMPGE, "E").op(IINC, 0, 3, IINC, 1, 1).jump(GOTO, "L").label("E").op(ILOAD_0, IRETURN);
        one("FailoverLoop", 50, "()I", c);
        // Both verifiers reject it: the type checker's message, the old verifier's verdict.
        one("FailoverBothFail", 50, "()I", code(1, 0).op(FCONST_0, IRETURN));
        c = code(1, 0).op(ICONST_0).tableswitch(0, 0, "D", "D").label("D").op(RETURN).patch(2, 7);
        one("FailoverPadding", 50, "()V", c.stackMap(sm().same(c.at("D"))));
        // A StackMapTable format error is thrown at once, without failover
        c = code(1, 0).op(ICONST_0, POP, RETURN);
        one("FailoverSmtFormat", 50, "()V", c.stackMap(sm().raw(200, 0, 1)));
        // Version 50 may still use jsr: the type checker rejects it, the old verifier accepts
        c = code(1, 1).jump(JSR, "S").op(RETURN).label("S").op(ASTORE_0, RET, 0);
        one("FailoverJsr", 50, "()V", c);
    }

    // ---------------------------------------------------------------------------------
    // The inference verifier (major < 50)
    // ---------------------------------------------------------------------------------
    static void inference() {
        ClassBuilder cb;
        ClassBuilder.Code c;

        cb = cls("OldBadTypeIadd", 49);
        cb.method(PS, "test", "()I", code(2, 0).op(LDC, cb.string("x"), ICONST_1, IADD, IRETURN));
        attempt(cb.name, cb);
        one("OldIllegalLocal", 49, "()I", code(1, 1).op(ILOAD, 5, IRETURN));
        one("OldIllegalLocalPair", 49, "()J", code(2, 2).op(LLOAD_1, LRETURN));
        one("OldFallsOffEnd", 49, "()V", code(1, 0).op(ICONST_0, POP));
        one("OldStackTooLarge", 49, "()V", code(1, 0).op(ICONST_0, ICONST_0, POP2, RETURN));
        one("OldIllegalInstruction", 49, "()V", code(1, 0).op(NOP, 0xcb, RETURN));
        one("OldBreakpoint", 49, "()V", code(1, 0).op(0xca, RETURN));
        one("OldImpdep1", 49, "()V", code(1, 0).op(0xfe, RETURN));
        one("OldImpdep2", 49, "()V", code(1, 0).op(NOP, 0xff, RETURN));
        one("OldCodeStopsMidway", 49, "()V", code(1, 0).op(NOP, SIPUSH, 1));
        one("OldIllegalTarget", 49, "()V", code(1, 0).jump(GOTO, "X").op(SIPUSH).label("X").op(1, 2, RETURN));
        one("OldMonitorenterInt", 49, "()V", code(1, 0).op(ICONST_0, MONITORENTER, RETURN));
        one("OldNewarrayType", 49, "()Ljava/lang/Object;", code(1, 0).op(ICONST_1, NEWARRAY, 12, ARETURN));
        one("OldIaloadFloatArray", 49, "()I", code(2, 0).op(ICONST_1, NEWARRAY, 6, ICONST_0, IALOAD, IRETURN));
        one("OldRegisterWrongType", 49, "()I", code(1, 1).op(FCONST_0, FSTORE_0, ILOAD_0, IRETURN));
        one("OldUninitializedRegister", 49, "()I", code(1, 1).op(ILOAD_0, IRETURN));
        one("OldRegisterPairWrongType", 49, "()J", code(2, 2).op(ICONST_0, ISTORE_0, ICONST_0, ISTORE_1, LLOAD_0, LRETURN));
        one("OldStackHeight", 49, "()V", code(2, 0).op(ICONST_0).jump(IFEQ, "L").op(ICONST_1).label("L").op(RETURN));
        one("OldMismatchedStack", 49, "()V", code(2, 0).op(ICONST_0).jump(IFEQ, "F").op(ICONST_1).jump(GOTO, "J")
                .label("F").op(FCONST_1).label("J").op(POP, RETURN));
        one("OldWrongReturn", 49, "()F", code(1, 0).op(ICONST_0, IRETURN));
        one("OldReturnVoidInInt", 49, "()I", code(1, 0).op(RETURN));
        one("OldSplitLong", 49, "()V", code(4, 0).op(LCONST_0, DUP, POP, POP2, RETURN));
        one("OldInvokedynamic", 49, "()V", code(1, 0).op(INVOKEDYNAMIC, 0, 1, 0, 0, RETURN));
        one("OldTableswitchPadding", 49, "()V", code(1, 0).op(ICONST_0).tableswitch(0, 0, "D", "D").label("D").op(RETURN).patch(3, 1));
        one("OldLookupswitchUnsorted", 49, "()V", code(1, 0).op(ICONST_0).lookupswitch("D", new int[] { 3, 1 }, "D", "D").label("D").op(RETURN));

        cb = cls("OldLdcClass", 48);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(1, 0).op(LDC, cb.cls("java/lang/String"), ARETURN));
        attempt(cb.name, cb);

        cb = cls("OldLdcClass49", 49); // valid from version 49
        cb.method(PS, "test", "()Ljava/lang/Object;", code(1, 0).op(LDC, cb.cls("java/lang/String"), ARETURN));
        attempt(cb.name, cb);

        cb = cls("OldAthrowString", 49);
        cb.method(PS, "test", "()V", code(1, 0).op(LDC, cb.string("x"), ATHROW));
        attempt(cb.name, cb);

        cb = cls("OldNonvirtual", 49);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("abc"))
                .op(INVOKESPECIAL).u2(cb.method("java/lang/String", "length", "()I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("OldInvokeinterfaceCount", 49);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("x"))
                .op(INVOKEINTERFACE).u2(cb.imethod("java/lang/CharSequence", "length", "()I")).op(2, 0, IRETURN));
        attempt(cb.name, cb);

        cb = cls("OldMultianewarrayDims", 49);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(3, 0).op(ICONST_1, ICONST_1, ICONST_1, MULTIANEWARRAY).u2(cb.cls("[[I")).op(3, ARETURN));
        attempt(cb.name, cb);

        cb = cls("OldIncompatibleArgument", 49);
        cb.method(PS, "test", "()I", code(1, 0).op(ICONST_0)
                .op(INVOKESTATIC).u2(cb.method("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;"))
                .op(INVOKEVIRTUAL).u2(cb.method("java/lang/String", "length", "()I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("OldIncompatibleField", 49);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("x"))
                .op(GETFIELD).u2(cb.field("java/lang/Integer", "value", "I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("OldWrongInit", 49);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(2, 0).op(NEW).u2(cb.cls("java/lang/String")).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method(OBJ, "<init>", "()V")).op(ARETURN));
        attempt(cb.name, cb);

        cb = cls("OldInitOnInitialized", 49);
        cb.method(PS, "test", "()V", code(1, 0).op(LDC, cb.string("x"))
                .op(INVOKESPECIAL).u2(cb.method("java/lang/String", "<init>", "()V")).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("OldCtorNoSuper", 49);
        cb.method(PUBLIC, "<init>", "()V", code(0, 1).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("OldInitNotInvokespecial", 49);
        cb.method(PS, "test", "()V", code(0, 0).op(INVOKESTATIC).u2(cb.method(OBJ, "<init>", "()V")).op(RETURN));
        attempt(cb.name, cb);

        cb = new ClassBuilder(49, "OldProtectedGetfield", "java/util/AbstractList");
        cb.access = PUBLIC | 0x20 | ABSTRACT;
        cb.method(PS, "test", "()I", code(2, 0).op(NEW).u2(cb.cls("java/util/ArrayList")).op(DUP)
                .op(INVOKESPECIAL).u2(cb.method("java/util/ArrayList", "<init>", "()V"))
                .op(GETFIELD).u2(cb.field("java/util/AbstractList", "modCount", "I")).op(IRETURN));
        attempt(cb.name, cb);

        cb = cls("OldHandlerAtZero", 49);
        c = code(1, 0).op(NOP, NOP, RETURN);
        c.handler(1, 2, 0, 0);
        cb.method(PS, "test", "()V", c);
        attempt(cb.name, cb);

        cb = cls("OldCatchNotThrowable", 49);
        c = code(1, 0).label("S").op(NOP).label("E").op(RETURN).label("H").op(POP, RETURN);
        c.handler("S", "E", "H", cb.cls("java/lang/String"));
        cb.method(PS, "test", "()V", c);
        attempt(cb.name, cb);

        // Subroutines
        one("OldRecursiveJsr", 49, "()V", code(1, 1).label("S").jump(JSR, "S").op(RETURN));
        one("OldLoadReturnAddress", 49, "()V", code(1, 1).jump(JSR, "S").op(RETURN).label("S").op(ASTORE_0, ALOAD_0, POP, RET, 0));
        one("OldRetFromNowhere", 49, "()V", code(1, 1).op(ICONST_0, ISTORE_0, RET, 0));
        one("OldMultipleRets", 49, "()V", code(1, 1).jump(JSR, "S").op(RETURN).label("S").op(ASTORE_0, ICONST_0).jump(IFEQ, "R").op(RET, 0).label("R").op(RET, 0));
        one("OldStaleReturnAddress", 49, "()V", code(1, 2).jump(JSR, "S").op(RET, 1).label("S").op(ASTORE_1, RET, 1));
        cb = cls("OldHandlerNoStack", 49);
        c = code(0, 0).label("S").op(NOP).label("E").op(RETURN).label("H").op(ATHROW);
        c.handler("S", "E", "H", 0);
        cb.method(PS, "test", "()V", c);
        attempt(cb.name, cb);
        cb = cls("OldJsrUninitialized", 49);
        cb.method(PS, "test", "()V", code(3, 1).op(NEW).u2(cb.cls("java/lang/String")).op(DUP).jump(JSR, "S")
                .op(INVOKESPECIAL).u2(cb.method("java/lang/String", "<init>", "()V")).op(RETURN).label("S").op(ASTORE_0, RET, 0));
        attempt(cb.name, cb);
    }

    // ---------------------------------------------------------------------------------
    // Verification loads classes: their loading errors are what linking throws
    // ---------------------------------------------------------------------------------
    static void loadingErrors() {
        ClassBuilder cb = cls("MissingCatchType", 52);
        ClassBuilder.Code c = code(1, 0).label("S").op(NOP).label("E").op(RETURN).label("H").op(POP, RETURN);
        c.handler("S", "E", "H", cb.cls("no/such/MissingException"));
        cb.method(PS, "test", "()V", c.stackMap(sm().same1(c.at("H"), obj(cb, "no/such/MissingException"))));
        attempt(cb.name, cb);

        cb = cls("MissingAssignTarget", 52);
        cb.method(PS, "test", "()V", code(1, 0).op(LDC, cb.string("x"))
                .op(INVOKESTATIC).u2(cb.method("MissingAssignTarget", "take", "(Lno/such/Type;)V")).op(RETURN));
        cb.method(PS, "take", "(Lno/such/Type;)V", code(0, 1).op(RETURN));
        attempt(cb.name, cb);

        cb = cls("OldMissingMergeClass", 49);
        cb.method(PS, "test", "(Lno/such/A;Lno/such/B;I)Ljava/lang/Object;", code(1, 3).op(ILOAD_2).jump(IFEQ, "B")
                .op(ALOAD_0).jump(GOTO, "J").label("B").op(ALOAD_1).label("J").op(ARETURN));
        attempt(cb.name, cb);

        cb = cls("NoLoadForSameName", 52); // assigning a class to itself or to Object loads nothing
        cb.method(PS, "test", "(Lno/such/Type;)Ljava/lang/Object;", code(1, 1).op(ALOAD_0, ARETURN));
        cb.method(PS, "same", "(Lno/such/Type;)Lno/such/Type;", code(1, 1).op(ALOAD_0, ARETURN));
        System.out.println("== " + cb.name);
        System.out.println(outcome(cb.name, cb.bytes(), false));
    }

    // ---------------------------------------------------------------------------------
    // Valid tricky code verifies and runs
    // ---------------------------------------------------------------------------------
    static void valid() {
        ClassBuilder cb;
        ClassBuilder.Code c;

        // long and double locals across a branch, both verifiers
        for (int major : new int[] { 52, 49 }) {
            c = code(4, 5).op(LCONST_1, LSTORE_0, DCONST_1, DSTORE_2, ICONST_1, ISTORE, 4, ILOAD, 4).jump(IFEQ, "L")
                    .op(LLOAD_0, LCONST_1, LADD, LSTORE_0, DLOAD_2, DLOAD_2, DADD, DSTORE_2)
                    .label("L").op(LLOAD_0, DLOAD_2, D2L, LADD, LRETURN);
            if (major >= 50) c.stackMap(sm().append(c.at("L"), LONG, DOUBLE, INT));
            one("LongDoubleLocals" + major, major, "()J", c);
        }

        // tableswitch and lookupswitch
        for (int major : new int[] { 52, 49 }) {
            c = code(2, 1).op(ILOAD_0).tableswitch(1, 3, "D", "A", "B", "A").label("A").op(BIPUSH, 10).jump(GOTO, "J")
                    .label("B").op(ILOAD_0).lookupswitch("D", new int[] { -5, 2, 1000 }, "A", "C", "D")
                    .label("C").op(BIPUSH, 20).jump(GOTO, "J").label("D").op(BIPUSH, 30).label("J").op(IRETURN);
            if (major >= 50) c.stackMap(sm().same(c.at("A")).same(c.at("B")).same(c.at("C")).same(c.at("D")).same1(c.at("J"), INT));
            one("Switches" + major, major, "(I)I", c, 2);
        }

        // nested try/finally, as javac compiles it for version 52
        cb = cls("NestedTryFinally", 52);
        int rte = cb.cls("java/lang/RuntimeException");
        int thr = obj(cb, "java/lang/Throwable");
        c = code(2, 3)
                .op(ICONST_1, ISTORE_0)
                .label("outerStart").label("innerStart").op(IINC, 0, 10)           // try { x += 10
                .op(ICONST_0, ICONST_0, IDIV, POP)                                 //   0/0
                .label("innerEnd").op(IINC, 0, 100).jump(GOTO, "afterInner")       // } finally { x += 100 }
                .label("innerAny").op(ASTORE_1, IINC, 0, 100, ALOAD_1, ATHROW)
                .label("afterInner").op(IINC, 0, 1000)
                .label("outerEnd").jump(GOTO, "done")
                .label("outerCatch").op(ASTORE_1, IINC, 0, 5)                     // catch (RuntimeException)
                .label("done").op(ILOAD_0, IRETURN);
        c.handler("innerStart", "innerEnd", "innerAny", 0);
        c.handler("outerStart", "outerEnd", "outerCatch", rte);
        ClassBuilder.StackMap m = sm().full(c.at("innerAny"), L(INT), thr).full(c.at("afterInner"), L(INT))
                .full(c.at("outerCatch"), L(INT), ClassBuilder.obj(rte)).full(c.at("done"), L(INT));
        c.stackMap(m);
        cb.method(PS, "test", "()I", c);
        attempt(cb.name, cb);

        // an uninitialized object on the stack across a branch
        cb = cls("UninitAcrossBranch", 52);
        int sb = cb.cls("java/lang/StringBuilder");
        c = code(4, 1).op(NEW).u2(sb).op(DUP, ILOAD_0).jump(IFEQ, "B").op(LDC, cb.string("a")).jump(GOTO, "J")
                .label("B").op(LDC, cb.string("b"))
                .label("J").op(INVOKESPECIAL).u2(cb.method("java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V"))
                .op(INVOKEVIRTUAL).u2(cb.method("java/lang/StringBuilder", "toString", "()Ljava/lang/String;")).op(ARETURN);
        c.stackMap(sm().full(c.at("B"), L(INT), ClassBuilder.uninit(0), ClassBuilder.uninit(0))
                .full(c.at("J"), L(INT), ClassBuilder.uninit(0), ClassBuilder.uninit(0), obj(cb, "java/lang/String")));
        cb.method(PS, "test", "(I)Ljava/lang/Object;", c);
        attempt(cb.name, cb, 0);

        cb = cls("OldUninitAcrossBranch", 49);
        c = code(4, 1).op(NEW).u2(cb.cls("java/lang/StringBuilder")).op(DUP, ILOAD_0).jump(IFEQ, "B").op(LDC, cb.string("a")).jump(GOTO, "J")
                .label("B").op(LDC, cb.string("b"))
                .label("J").op(INVOKESPECIAL).u2(cb.method("java/lang/StringBuilder", "<init>", "(Ljava/lang/String;)V"))
                .op(INVOKEVIRTUAL).u2(cb.method("java/lang/StringBuilder", "toString", "()Ljava/lang/String;")).op(ARETURN);
        cb.method(PS, "test", "(I)Ljava/lang/Object;", c);
        attempt(cb.name, cb, 1);

        // try/finally with jsr/ret, nested subroutines, as old javac compiled them
        cb = cls("OldJsrFinally", 49);
        c = code(2, 4)
                .op(ICONST_1, ISTORE_0)
                .label("s").op(IINC, 0, 10).jump(JSR, "fin").jump(GOTO, "done")
                .label("any").op(ASTORE_1).jump(JSR, "fin").op(ALOAD_1, ATHROW)
                .label("fin").op(ASTORE_2, IINC, 0, 100).jump(JSR, "inner").op(RET, 2)
                .label("inner").op(ASTORE_3, IINC, 0, 1000, RET, 3)
                .label("done").op(ILOAD_0, IRETURN);
        c.handler(c.at("s"), c.at("s") + 3, c.at("any"), 0);
        cb.method(PS, "test", "()I", c);
        attempt(cb.name, cb);

        // a subroutine that keeps a value in a register it does not touch
        cb = cls("OldJsrKeepsRegisters", 49);
        c = code(2, 3).op(LDC, cb.string("kept"), ASTORE_0).jump(JSR, "S").op(ALOAD_0, ARETURN)
                .label("S").op(ASTORE_1, ICONST_3, ISTORE_2, RET, 1);
        cb.method(PS, "test", "()Ljava/lang/Object;", c);
        attempt(cb.name, cb);

        // interfaces are treated as Object for assignability
        cb = cls("InterfaceAsObject", 52);
        cb.method(PS, "test", "()I", code(1, 0).op(LDC, cb.string("abc"))
                .op(INVOKESTATIC).u2(cb.method("InterfaceAsObject", "len", "(Ljava/lang/Runnable;)I")).op(IRETURN));
        cb.method(PS, "len", "(Ljava/lang/Runnable;)I", code(1, 1).op(ICONST_3, IRETURN));
        attempt(cb.name, cb);

        // arrays are assignable to Cloneable and Serializable, not to other interfaces
        cb = cls("ArrayToCloneable", 52);
        cb.method(PS, "test", "()Ljava/lang/Cloneable;", code(1, 0).op(ICONST_1, NEWARRAY, 10, ARETURN));
        attempt(cb.name, cb);
        cb = cls("ArrayToRunnable", 52);
        cb.method(PS, "test", "()Ljava/lang/Runnable;", code(1, 0).op(ICONST_1, NEWARRAY, 10, ARETURN));
        attempt(cb.name, cb);
        cb = cls("StringArrayToObjectArray", 52);
        cb.method(PS, "test", "()[Ljava/lang/Object;", code(1, 0).op(ICONST_1, ANEWARRAY).u2(cb.cls("java/lang/String")).op(ARETURN));
        attempt(cb.name, cb);
        cb = cls("IntArrayToObjectArray", 52);
        cb.method(PS, "test", "()[Ljava/lang/Object;", code(1, 0).op(ICONST_1, NEWARRAY, 10, ARETURN));
        attempt(cb.name, cb);

        // invokedynamic (string concatenation) in a version-52 class
        cb = cls("Indy", 52);
        int bsm = cb.methodHandle(6, cb.method("java/lang/invoke/StringConcatFactory", "makeConcatWithConstants",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;"));
        int b0 = cb.bootstrap(bsm, cb.string("<\u0001>"));
        cb.method(PS, "test", "()Ljava/lang/String;", code(1, 0).op(ICONST_5, INVOKEDYNAMIC).u2(cb.indy(b0, "c", "(I)Ljava/lang/String;")).op(0, 0, ARETURN));
        attempt(cb.name, cb);
        cb = cls("IndyBadOperandBytes", 52);
        bsm = cb.methodHandle(6, cb.method("java/lang/invoke/StringConcatFactory", "makeConcatWithConstants",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/invoke/CallSite;"));
        b0 = cb.bootstrap(bsm, cb.string("<\u0001>"));
        cb.method(PS, "test", "()Ljava/lang/String;", code(1, 0).op(ICONST_5, INVOKEDYNAMIC).u2(cb.indy(b0, "c", "(I)Ljava/lang/String;")).op(0, 1, ARETURN));
        attempt(cb.name, cb);

        // dynamic constants (version 55): ldc needs a one-word type, ldc2_w a two-word one
        for (String[] k : new String[][] { { "CondyObject", "Ljava/lang/Object;", "ldc" }, { "CondyLongByLdc", "J", "ldc" },
                                            { "CondyIntByLdc2w", "I", "ldc2_w" }, { "CondyLong", "J", "ldc2_w" } }) {
            cb = cls(k[0], 55);
            int nc = cb.methodHandle(6, cb.method("java/lang/invoke/ConstantBootstraps", "nullConstant",
                    "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;"));
            int sf = cb.methodHandle(6, cb.method("java/lang/invoke/ConstantBootstraps", "getStaticFinal",
                    "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;"));
            int bs = cb.bootstrap(k[1].startsWith("L") ? nc : sf);
            int cd = cb.condy(bs, k[1].startsWith("L") ? "_" : "MAX_VALUE", k[1]);
            boolean two = k[1].equals("J");
            c = k[2].equals("ldc") ? code(2, 0).op(LDC, cd) : code(2, 0).op(LDC2_W).u2(cd);
            if (two) c.op(L2I, IRETURN); else c.op(POP, ICONST_1, IRETURN);
            cb.method(PS, "test", "()I", c);
            attempt(cb.name, cb);
        }

        // ldc of MethodType and MethodHandle
        cb = cls("LdcMethodType", 51);
        cb.method(PS, "test", "()Ljava/lang/Object;", code(2, 0).op(LDC, cb.methodType("(I)V"), POP)
                .op(LDC, cb.methodHandle(6, cb.method("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;")), ARETURN));
        attempt(cb.name, cb);
    }

    // ---------------------------------------------------------------------------------
    // Random mutations of valid methods: each must be rejected or verify (and then run)
    // ---------------------------------------------------------------------------------
    static ClassBuilder mutationBase(int major, String name) {
        ClassBuilder cb = cls(name, major);
        int rte = cb.cls("java/lang/RuntimeException");
        ClassBuilder.Code c = code(4, 4)
                .op(ILOAD_0).tableswitch(0, 2, "D", "A", "B", "C")
                .label("A").op(ICONST_1, ISTORE_1).jump(GOTO, "T")
                .label("B").op(LDC2_W).u2(cb.lng(7)).op(L2I, ISTORE_1).jump(GOTO, "T")
                .label("C").op(LDC, cb.string("xyz")).op(INVOKEVIRTUAL).u2(cb.method("java/lang/String", "length", "()I")).op(ISTORE_1).jump(GOTO, "T")
                .label("D").op(ICONST_M1, ISTORE_1)
                .label("T").op(ILOAD_1, NEWARRAY, 10, ASTORE_2, ALOAD_2, ICONST_0, ILOAD_0, IASTORE, ALOAD_2, ARRAYLENGTH, ISTORE_3)
                .label("TE").jump(GOTO, "R")
                .label("H").op(ASTORE_2, BIPUSH, 99, ISTORE_3)
                .label("R").op(ILOAD_3, ILOAD_1, IADD, IRETURN);
        c.handler("T", "TE", "H", rte);
        if (major >= 50)
            c.stackMap(sm().same(c.at("A")).same(c.at("B")).same(c.at("C")).same(c.at("D"))
                    .append(c.at("T"), INT)
                    .full(c.at("H"), L(INT, INT), ClassBuilder.obj(rte))
                    .append(c.at("R"), TOP, INT));
        cb.method(PS, "test", "(I)I", c);
        return cb;
    }

    static int codeOffset(byte[] b) {
        // the only Code attribute: find "test" method's code by its known prefix iload_0 + tableswitch
        for (int i = 0; i + 1 < b.length; i++)
            if (b[i] == (byte) ILOAD_0 && b[i + 1] == (byte) TABLESWITCH && i >= 4 && b[i - 4] == 0 && b[i - 3] == 0) return i;
        throw new IllegalStateException();
    }

    /** True if running the code cannot loop: no backward branches and no handler inside its range. */
    static boolean straightLine(byte[] code) {
        for (int pc = 0; pc < code.length; ) {
            int op = code[pc] & 0xff, len;
            if ((op >= IFEQ && op <= JSR) || op == IFNULL || op == IFNONNULL) {
                if ((short) (((code[pc + 1] & 0xff) << 8) | (code[pc + 2] & 0xff)) <= 0) return false;
                len = 3;
            } else if (op == GOTO_W || op == JSR_W) {
                return false;
            } else if (op == TABLESWITCH || op == LOOKUPSWITCH) {
                int a = (pc + 4) & ~3;
                if (a + 12 > code.length) return false;
                int n = op == TABLESWITCH ? rd4(code, a + 8) - rd4(code, a + 4) + 1 : rd4(code, a + 4);
                if (n < 0 || n > 1000) return false;
                int step = op == TABLESWITCH ? 4 : 8, first = op == TABLESWITCH ? a + 12 : a + 12;
                if (rd4(code, a) <= 0) return false;
                for (int i = 0; i < n; i++) {
                    int p = first + i * step;
                    if (p + 4 > code.length || rd4(code, p) <= 0) return false;
                }
                len = (op == TABLESWITCH ? a + 12 + 4 * n : a + 8 + 8 * n) - pc;
            } else if (op == RET || op == WIDE || op == ATHROW) {
                return false;
            } else {
                len = length(op);
            }
            pc += len;
        }
        return true;
    }
    static int length(int op) {
        if (op == BIPUSH || op == LDC || (op >= ILOAD && op <= ALOAD) || (op >= ISTORE && op <= ASTORE) || op == NEWARRAY) return 2;
        if (op == SIPUSH || op == LDC_W || op == LDC2_W || op == IINC || (op >= GETSTATIC && op <= INVOKESTATIC)
                || op == NEW || op == ANEWARRAY || op == CHECKCAST || op == INSTANCEOF) return 3;
        if (op == MULTIANEWARRAY) return 4;
        if (op == INVOKEINTERFACE || op == INVOKEDYNAMIC) return 5;
        return 1;
    }
    static int rd4(byte[] b, int p) { return ((b[p] & 0xff) << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8) | (b[p + 3] & 0xff); }

    static final int[] ONE_BYTE_OPS = { NOP, ACONST_NULL, ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_5, LCONST_1,
            FCONST_1, DCONST_0, ILOAD_0, ILOAD_1, ILOAD_3, LLOAD_0, ALOAD_2, ISTORE_1, ISTORE_3, ASTORE_2, IALOAD, IASTORE,
            POP, POP2, DUP, DUP_X1, DUP2, SWAP, IADD, ISUB, IMUL, IDIV, IREM, INEG, ISHL, IAND, IXOR, I2L, L2I, I2F,
            LCMP, IRETURN, ARETURN, RETURN, ARRAYLENGTH, ATHROW, MONITOREXIT };

    static void mutations() {
        for (int major : new int[] { 52, 49 }) {
            ClassBuilder base = mutationBase(major, "Mut" + major);
            byte[] good = base.bytes();
            System.out.println("== mutation base " + major);
            System.out.println(outcome(base.name, good, false));
            int off = codeOffset(good);
            int len = ((good[off - 4] & 0xff) << 24) | ((good[off - 3] & 0xff) << 16) | ((good[off - 2] & 0xff) << 8) | (good[off - 1] & 0xff);
            // the instruction starts of the good code, for opcode substitutions
            java.util.List<Integer> starts = new java.util.ArrayList<>();
            byte[] goodCode = java.util.Arrays.copyOfRange(good, off, off + len);
            for (int pc = 0; pc < len; ) {
                starts.add(pc);
                int op = goodCode[pc] & 0xff;
                if (op == TABLESWITCH) { int a = (pc + 4) & ~3; pc = a + 12 + 4 * (rd4(goodCode, a + 8) - rd4(goodCode, a + 4) + 1); }
                else if (op >= IFEQ && op <= GOTO) pc += 3;
                else pc += length(op);
            }
            // the StackMapTable bytes follow the exception table and the attribute header
            int smtStart = off + len + 2 + 8 + 2 + 6, smtLen = good.length - smtStart - 2;
            Random rnd = new Random(1234 + major);
            int verified = 0, rejected = 0;
            int series = major >= 50 ? 3 : 2;
            for (int i = 0; i < 250 * series; i++) {
                byte[] b = good.clone();
                int kind = i % series;
                StringBuilder what = new StringBuilder(kind == 0 ? " bytes" : kind == 1 ? " opcode" : " stackmap");
                int n = 1 + rnd.nextInt(kind == 1 ? 2 : 3);
                for (int j = 0; j < n; j++) {
                    int p, v;
                    if (kind == 0) {
                        p = off + rnd.nextInt(len);
                        v = rnd.nextInt(4) == 0 ? rnd.nextInt(256) : (b[p] & 0xff) ^ (1 << rnd.nextInt(8));
                    } else if (kind == 1) {
                        int at = starts.get(rnd.nextInt(starts.size()));
                        if (length(goodCode[at] & 0xff) != 1 || (goodCode[at] & 0xff) == TABLESWITCH) { j--; continue; }
                        p = off + at;
                        v = ONE_BYTE_OPS[rnd.nextInt(ONE_BYTE_OPS.length)];
                    } else {
                        p = smtStart + rnd.nextInt(smtLen);
                        v = rnd.nextInt(3) == 0 ? rnd.nextInt(256) : (b[p] & 0xff) ^ (1 << rnd.nextInt(8));
                    }
                    b[p] = (byte) v;
                    what.append(" [").append(p - (kind == 2 ? smtStart : off)).append("]=").append(v);
                }
                byte[] code = java.util.Arrays.copyOfRange(b, off, off + len);
                String r = outcome(base.name, b, false);
                if (r.equals("verified")) {
                    verified++;
                    if (straightLine(code)) {
                        StringBuilder runs = new StringBuilder("verified; runs:");
                        for (int x = 0; x < 4; x++) runs.append(' ').append(outcome(base.name, b, true, x).replace("verified, ", ""));
                        r = runs.toString();
                    }
                } else {
                    rejected++;
                }
                System.out.println("-- mutant " + major + "/" + i + what + ": " + r);
            }
            System.out.println("== mutants " + major + ": " + verified + " verified, " + rejected + " rejected");
        }
    }
}
