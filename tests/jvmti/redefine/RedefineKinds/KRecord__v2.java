// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
public record KRecord__v2(int x, String s) {
    public String describe() {
        return "record v2 " + (x * 10) + " " + s;
    }
}
