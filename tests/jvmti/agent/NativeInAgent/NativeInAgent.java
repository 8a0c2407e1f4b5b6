// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Native methods implemented in the agent library, which the program never loads
// itself (see agent.c).
public class NativeInAgent {
    static native int answer(int x);
    native String hello(String who);
    static native void missing();

    public static void main(String[] args) {
        System.out.println("answer: " + answer(41));
        System.out.println("hello: " + new NativeInAgent().hello("agent"));
        try {
            missing();
        } catch (UnsatisfiedLinkError e) {
            System.out.println("missing: " + e.getMessage());
        }
    }
}
