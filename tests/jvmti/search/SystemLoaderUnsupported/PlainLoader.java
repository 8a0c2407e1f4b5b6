// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The system class loader of the test (-Djava.system.class.loader): it has no
// appendToClassPathForInstrumentation method.
public class PlainLoader extends ClassLoader {
    public PlainLoader(ClassLoader parent) {
        super(parent);
    }
}
