// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// A script for tests/apps/JShell (see run).
int x = 6 * 7;
x + 1
String greet(String n) { return "hi " + n; }
greet("vm")
record P(int a, int b) { int sum() { return a + b; } }
new P(3, 4).sum()
IntStream.rangeClosed(1, 5).boxed().collect(Collectors.toList())
undefinedThing
/vars
/methods
/exit
