// VMOPTIONS: -Djava.security.manager=allow
// Stack-inspecting security services: SecurityManager.getClassContext (JVM_GetClassContext,
// direct and through reflection), ObjectInputStream's latest user-defined loader
// (JVM_LatestUserDefinedLoader, deserializing an application class), and access-control
// contexts built from the protection domains on the stack
// (JVM_GetStackAccessControlContext, doPrivileged with and without a limiting context,
// the context inherited by a new thread), then the same checks with a security manager
// installed: application code without the permission is denied, also inside doPrivileged,
// while JDK code on the same stack is not what decides.
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.security.AccessControlContext;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.security.ProtectionDomain;

@SuppressWarnings("removal")
public class AccessControl {
    static class Manager extends SecurityManager {
        Class<?>[] context() { return getClassContext(); }
    }

    static class Data implements Serializable {
        int x = 42;
    }

    static String tryRead(String key) {
        try {
            return key + "=" + (System.getProperty(key) != null ? "readable" : "null");
        } catch (SecurityException e) {
            return key + " denied: " + e.getMessage();
        }
    }

    public static void main(String[] args) throws Exception {
        for (Class<?> c : new Manager().context()) System.out.println("context " + c.getName());
        Method m = Manager.class.getDeclaredMethod("context");
        for (Class<?> c : (Class<?>[]) m.invoke(new Manager())) System.out.println("reflective context " + c.getName());

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new Data());
        }
        Object o = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())).readObject();
        System.out.println("deserialized " + ((Data) o).x + " by " + o.getClass().getClassLoader().getName());

        System.out.println("context exists: " + (AccessController.getContext() != null));
        System.out.println(AccessController.doPrivileged(
            (PrivilegedAction<String>) () -> "privileged context exists: " + (AccessController.getContext() != null)));
        ProtectionDomain pd = AccessControl.class.getProtectionDomain();
        System.out.println("own domain: " + pd.getCodeSource().getLocation().getProtocol());
        AccessControlContext limited = new AccessControlContext(new ProtectionDomain[] { pd });
        System.out.println(AccessController.doPrivileged((PrivilegedAction<String>) () -> "limited runs", limited));

        System.setSecurityManager(new SecurityManager());
        System.out.println("with a security manager:");
        System.out.println("  " + tryRead("java.version"));
        System.out.println("  " + tryRead("user.home"));
        System.out.println("  privileged: " + AccessController.doPrivileged((PrivilegedAction<String>) () -> tryRead("user.home")));
        System.out.println("  limited: " + AccessController.doPrivileged((PrivilegedAction<String>) () -> tryRead("java.version"), limited));
        String[] fromThread = new String[1];
        Thread t = new Thread(() -> fromThread[0] = tryRead("user.home"));
        t.start();
        t.join();
        System.out.println("  new thread: " + fromThread[0]);
        try {
            java.nio.file.Paths.get("").toAbsolutePath();
            System.out.println("  toAbsolutePath allowed");
        } catch (SecurityException e) {
            System.out.println("  toAbsolutePath: " + e.getMessage());
        }
    }
}
