// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// An -agentpath to a missing file stops the VM.
public class MissingPath {
    public static void main(String[] args) {
        System.out.println("main runs");
    }
}
