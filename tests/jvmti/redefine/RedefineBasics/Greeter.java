// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// The interface RedefineBasics calls Target through (itable dispatch).
public interface Greeter {
    String greet();
}
