// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Defined by GetClassLoaderClasses' own loader; links Helper through it.
public class Child implements Runnable {
    public void run() {
        if (new Helper().hashCode() == 42) System.out.println("unlikely");
    }
}
