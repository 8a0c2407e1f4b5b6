// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The class functions inside ClassLoad and ClassPrepare events: in ClassLoad the class
// is not prepared yet (status 0, CLASS_NOT_PREPARED for its members); in ClassPrepare it
// is verified and prepared and every answer is complete.
public class ClassEventsQueries {
    static native void enable();
    static native void disable();

    public static void main(String[] args) throws Exception {
        System.load(System.getProperty("test.agent"));
        enable();
        new Target().run();
        disable();
    }
}

interface TargetApi { void run(); }

class Target implements TargetApi, java.io.Serializable {
    static int counter = 1;
    String name;
    long when;
    Target() {}
    public void run() { counter++; }
    static void helper() {}
}
