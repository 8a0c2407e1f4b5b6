// Version 2 of LinkLib, compiled after LinkageErrors.java (see tests/run: recompile/).
class LinkLib {
    static String stays() { return "stays"; }
    static int returnsInt() { return 42; }
    void becomesInstance() { }
    static void becomesStatic() { }
    int fieldBecomesInstance = 3;
    private String becomesPrivate() { return "now private"; }
    private int fieldBecomesPrivate = 4;
    static final int becomesFinal = 0;
    public String toString() { return "LinkLib v2"; }
}
