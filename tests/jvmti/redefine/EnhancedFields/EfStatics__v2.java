// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfStatics: `removed` deleted, three statics added (their
// initializers never run: they start at their default values).
class EfStatics__v2 {
    static int kept = 3;
    static long big = 99;
    static String label = "never";
    static byte small = 1;
    static String describe() { return "v2 kept=" + kept + " big=" + big + " label=" + label + " small=" + small; }
    static void set() { big = 1L << 40; label = "lab" + kept; small = -2; }
}
