// Version 2 of the other classes of LinkageErrors.java.
interface LinkBecomesInterface { static String name() { return "interface"; } }
class LinkBecomesClass { String m() { return "now a class"; } }
abstract class LinkBecomesAbstract { }
interface LinkIface { String old(); String added(); }
class LinkNoLongerImpl { public String mark() { return "marked (v2)"; } }
final class LinkFinalBase { }
abstract class LinkAbstractBase { abstract String m(); }
