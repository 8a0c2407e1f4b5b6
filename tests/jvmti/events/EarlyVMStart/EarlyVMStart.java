// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// VMStart with and without can_generate_early_vmstart.
public class EarlyVMStart {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
