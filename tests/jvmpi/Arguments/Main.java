// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Arguments: the agent does its checks at JVM_INIT_DONE.
public class Main {
    public static void main(String[] args) {
        System.out.println("main ran");
    }
}
