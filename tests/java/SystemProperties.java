// VMOPTIONS: -Dglass.test.prop=hello -Dglass.test.empty= -Dglass.test.spaces=a=b=c
// System properties that are identical on every conforming Java 17 VM on this
// platform (specification versions, separators, class version, os.name, -D options),
// Runtime.version(), property updates, and System.getenv of variables the runner sets.
// Never prints VM-specific values (java.vm.name, java.vm.version, vendor URLs...).
import java.util.Properties;

public class SystemProperties {
    static java.net.URI codeSource() {
        try { return SystemProperties.class.getProtectionDomain().getCodeSource().getLocation().toURI(); }
        catch (java.net.URISyntaxException e) { return null; }
    }

    public static void main(String[] args) {
        String[] stable = { "java.specification.version", "java.specification.name", "java.specification.vendor",
            "java.vm.specification.version", "java.vm.specification.name", "java.vm.specification.vendor",
            "java.class.version", "line.separator", "file.separator", "path.separator", "os.name", "os.arch",
            "file.encoding", "sun.jnu.encoding", "native.encoding", "java.io.tmpdir", "java.version", "java.runtime.version",
            "java.version.date", "java.runtime.name", "java.home.exists", "sun.arch.data.model", "sun.io.unicode.encoding",
            "java.library.path.set", "user.language", "glass.test.prop", "glass.test.empty", "glass.test.spaces", "glass.test.missing" };
        for (String k : stable) {
            String v = System.getProperty(k);
            if (k.equals("java.home.exists")) v = String.valueOf(new java.io.File(System.getProperty("java.home")).isDirectory());
            if (k.equals("java.library.path.set")) v = String.valueOf(System.getProperty("java.library.path") != null);
            System.out.println(k + " = [" + (v == null ? "null" : v.replace("\n", "\\n").replace("\r", "\\r")) + "]");
        }
        System.out.println("default " + System.getProperty("glass.test.missing", "fallback"));
        System.out.println("user.dir is absolute " + new java.io.File(System.getProperty("user.dir")).isAbsolute()
            + " user.home set " + (System.getProperty("user.home") != null) + " java.class.path is this class's directory " + new java.io.File(System.getProperty("java.class.path")).toURI().equals(codeSource()));
        System.out.println("lineSeparator " + System.lineSeparator().equals("\n") + " File.separator " + java.io.File.separator + " pathSeparator " + java.io.File.pathSeparator);
        Runtime.Version v = Runtime.version();
        System.out.println("Runtime.version feature " + v.feature() + " interim " + v.interim());
        System.setProperty("glass.test.prop", "changed");
        System.out.println("after set " + System.getProperty("glass.test.prop") + " clear " + System.clearProperty("glass.test.prop") + " now " + System.getProperty("glass.test.prop"));
        Properties p = System.getProperties();
        System.out.println("getProperties contains java.specification.version " + p.containsKey("java.specification.version") + " size > 20 " + (p.size() > 20));
        try { System.getProperty(""); } catch (IllegalArgumentException e) { System.out.println("empty key: " + e.getMessage()); }
        try { System.getProperty(null); } catch (NullPointerException e) { System.out.println("null key: " + e.getMessage()); }
        System.out.println("Boolean.getBoolean " + Boolean.getBoolean("glass.test.prop") + " Integer.getInteger " + Integer.getInteger("java.specification.version"));
        System.out.println("env LC_ALL " + System.getenv("LC_ALL") + " TZ " + System.getenv("TZ") + " missing " + System.getenv("GLASS_NO_SUCH_VARIABLE"));
        System.out.println("availableProcessors >= 1 " + (Runtime.getRuntime().availableProcessors() >= 1) + " maxMemory > 0 " + (Runtime.getRuntime().maxMemory() > 0)
            + " totalMemory <= maxMemory " + (Runtime.getRuntime().totalMemory() <= Runtime.getRuntime().maxMemory()) + " freeMemory >= 0 " + (Runtime.getRuntime().freeMemory() >= 0));
        System.out.println("default locale " + java.util.Locale.getDefault() + " timezone " + java.util.TimeZone.getDefault().getID() + " charset " + java.nio.charset.Charset.defaultCharset());
    }
}
