// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;

// The system class loader of the test (-Djava.system.class.loader): its
// appendToClassPathForInstrumentation is private, which the spec allows.
public class AppendingLoader extends URLClassLoader {
    static { ClassLoader.registerAsParallelCapable(); }

    public AppendingLoader(ClassLoader parent) {
        super(new URL[0], parent);
    }

    private void appendToClassPathForInstrumentation(String path) throws MalformedURLException {
        System.out.println("AppendingLoader.appendToClassPathForInstrumentation(" + new File(path).getName() + ")");
        addURL(new File(path).toURI().toURL());
    }
}
