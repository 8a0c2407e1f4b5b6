// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Agent libraries that cannot be found stop the VM.
public class MissingLibrary {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
