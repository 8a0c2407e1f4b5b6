// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// Not redefined: its super calls and inherited methods must reach KBase's new code.
public class KSub extends KBase {
    @Override
    public String hello() {
        return "sub+" + super.hello();
    }
}
