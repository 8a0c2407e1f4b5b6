// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Backfill: the program only prints; the agent looks at the defining events of what the
// VM made before it could hear of it.
public class Main {
    public static void main(String[] args) {
        System.out.println("main ran");
    }
}
