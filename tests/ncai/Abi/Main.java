// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public class Main {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
