// JEP 358 helpful NullPointerException messages for classes compiled without -g: no
// LocalVariableTable, so HotSpot says "this", "<parameterN>" while a slot still holds its
// argument, and "<localN>" otherwise. The cases are the ones HelpfulNullPointerDetails
// runs (HelpfulNullPointerNoDebug/NpeCases.java links to its copy).
public class HelpfulNullPointerNoDebug {
    public static void main(String[] args) {
        NpeCases.runAll();
    }
}
