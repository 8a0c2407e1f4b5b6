// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
// EnhancedFields: version 2 of EfConsts adds constants (ConstantValue attributes: they
// start at their values, as at preparation), a static final without one (computed by
// <clinit>, which does not run again: null) and a plain static.
class EfConsts__v2 {
    static int x = 1;
    static final int LIMIT = 42;
    static final String NAME = "const" + "ant";
    static final long BIG = 1L << 33;
    static final double HALF = 0.5;
    static final char CH = 'q';
    static final boolean ON = true;
    static final String COMPUTED = String.valueOf(x);
    static int plain = 7;
}
