// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Instructions: one method with a known sequence of branches, executed once.
public class Main {
    static int sink;

    static void branches(int a, Object o) {
        if (a > 5)              // taken? 7 > 5: the if_icmple is NOT taken
            sink++;
        if (o == null)          // ifnonnull: taken (o is not null)
            sink--;
        switch (a) {            // tableswitch 5..8, key 7
        case 5: sink += 5; break;
        case 6: sink += 6; break;
        case 7: sink += 7; break;
        case 8: sink += 8; break;
        }
        switch (a * 1000) {     // lookupswitch on 7000: pairs 10, 7000, 90000: index 1 of 3
        case 10: sink = 1; break;
        case 7000: sink += 2; break;
        case 90000: sink = 3; break;
        }
        switch (a) {            // lookupswitch, no match: the default (index 2 of 2)
        case 1: sink = 1; break;
        case 1000: sink = 2; break;
        }
    }

    public static void main(String[] args) {
        branches(7, "x");
        System.out.println("sink " + sink);
    }
}
