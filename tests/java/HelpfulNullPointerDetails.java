// JAVACOPTIONS: -g
// JEP 358 helpful NullPointerException messages for classes compiled with -g: locals are
// named from the LocalVariableTable. The cases are in HelpfulNullPointerDetails/NpeCases.java,
// shared with HelpfulNullPointerNoDebug (the same sites compiled without -g).
public class HelpfulNullPointerDetails {
    public static void main(String[] args) {
        NpeCases.runAll();
    }
}
