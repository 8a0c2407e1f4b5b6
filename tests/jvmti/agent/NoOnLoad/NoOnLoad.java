// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Libraries without the entry point an option needs stop the VM.
public class NoOnLoad {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
