// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * natives_math.c — java.lang.Math intrinsics.
 *
 * In JDK 17 Math.sin, cos, tan, log, log10, exp and pow are Java methods that delegate to
 * StrictMath (fdlibm), but HotSpot never runs those bodies: even its interpreter has
 * intrinsic entries that compute them with its own libm-quality routines, which round
 * differently from fdlibm in the last bit for some inputs (Math.pow(10, -5) is 1.0E-5 on
 * HotSpot, 9.999999999999999E-6 through StrictMath). Programs print these values, so
 * GlassVM intrinsifies the same methods, about as fast as HotSpot's (10-30 ns a call).
 * HotSpot's routines are nearly correctly rounded (against 200-bit references on 20,000
 * random arguments each: log and log10 always but for 0.06% of arguments within 1/128
 * of 1, sin, cos, tan, exp and pow in 99.79-99.94%). log and log10 are computed
 * correctly rounded here (cr_log), so they agree wherever HotSpot's are (every case of
 * a million random arguments each); sin,
 * cos, tan, exp and pow are the C library's double routines, correctly rounded about as
 * often as HotSpot's but not on the same arguments: they agree with HotSpot in 99.6%
 * (tan) to 99.9% (pow) of cases, against 90-98% for fdlibm. The rest are last-bit errors
 * of one side or the other that only a port of HotSpot's libm algorithms would
 * reproduce. (Correct rounding of these through long double would agree 0.05-0.2% more
 * often but costs 55-530 ns a call: a loop of sin, log and exp ran 4x slower than on
 * HotSpot -Xint.) The class loader replaces
 * the Java bodies of methods registered here with a native (class.c, METHOD_F_INTRINSIC).
 *
 * Leaves (class.h VMLeaf): the interpreter calls these instead of the method, without a
 * frame, while no tool looks (outside tool mode, no breakpoint in the method). For the
 * methods HotSpot's interpreter computes itself they give what the natives above give
 * (the transcendental ones) or HotSpot's results bit for bit (sqrt, abs(double), fma):
 * sqrt and fma are correctly rounded in both, abs(double) clears the sign bit as HotSpot's does (also of
 * a NaN, where Java's body would keep it). For the others (abs of int, long and float,
 * min and max) they do exactly what the Java body does, NaN payloads and signed zeros
 * included, which is what HotSpot -Xint runs. Math.sqrt, abs, min, max and fma keep their
 * Java bodies, which run while tools look; StrictMath.sqrt, the native they reach, is
 * computed here too (with the hardware's correctly rounded square root: no JNI call of
 * the class library's bit-by-bit fdlibm routine).
 */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <quadmath.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

#include "../os/os.h"
#include "../vm/native.h"
#include "natives.h"

/* log and log10, correctly rounded, Ziv's way: a fast evaluation with a proven error
 * bound, and a slower one for the few arguments where that bound does not settle the
 * rounding.
 *
 * Slow path. The C library's logl and log10l are accurate to about one unit of their
 * 64-bit significand, so rounding their result r to double is correct unless r lies
 * within a few of those units of a midpoint between two doubles (the true value may be
 * on the other side): the 11 bits below double precision are then near 0x400. Those
 * (about 0.4%) are recomputed in binary128 (gcc's libquadmath, accurate to about
 * 2^-112), whose rounding would be wrong only for an argument closer to a midpoint than
 * that, of which none was seen in millions of random ones. 50-90 ns a call (x87). */
#define MIDPOINT_SLACK 4
static bool near_midpoint(long double r)
{
    if (!(fabsl(r) >= DBL_MIN) || fabsl(r) > DBL_MAX) return isfinite(r) && r != 0;
    union { long double ld; uint64_t significand; } u = { .ld = r };
    uint64_t low = u.significand & 0x7ff;
    return low > 0x400 - MIDPOINT_SLACK && low < 0x400 + MIDPOINT_SLACK;
}

static double log_slow(double x, bool ten)
{
    long double v = ten ? log10l(x) : logl(x);
    if (!near_midpoint(v)) return (double)v;
    return (double)(ten ? log10q(x) : logq(x));
}

/* Fast path, in double-double arithmetic. With x = 2^k m, m in [1, 2), and c the middle
 * of m's 1/256th of [1, 2): log x = k ln2 - log(inv) + log1p(r), where inv is 1/c
 * rounded to 24 bits and r = m inv - 1 (|r| < 2^-9 + 2^-23). m inv = p + perr exactly,
 * p its double rounding and perr = fma(m, inv, -p) (|perr| <= 2^-53: p is within 2^-8
 * of 1); rhi = p - 1 is exact (Sterbenz), so r = rhi + perr. log1p(rhi + perr) =
 * log1p(rhi) + perr (1 - rhi) + e1 with |e1| < perr (rhi^2 + perr) < 2^-70 (the
 * derivative 1/(1 + rhi) = 1 - rhi + rhi^2 - ...); perr (1 - rhi) is one fma (rounding
 * error below 2^-106). log1p(rhi) = rhi + P(rhi), P the series from -rhi^2/2 to
 * rhi^7/7 (truncation error below 2^-75), evaluated in double (P < 2^-19, rounding
 * errors below 2^-70). -log(inv), ln 2 and 1/ln 10 are double-doubles computed in
 * binary128 from libquadmath's logq (errors below 2^-105 relative; the table is
 * log_table.inc, which tests/unit/test_math_log.c recomputes and compares); ln 2's high
 * part and -log(inv)'s are multiples of 2^-42 (42 bits and fewer; the low parts below
 * 2^-43), and so is rhi's high part r1 (rhi rounded to that grid by adding and
 * subtracting 1.5 * 2^10): k ln2_hi + neg_log_hi + r1, below 2^10 in magnitude, is then
 * exact (52 bits) with no error terms to compute, and the rest (rhi - r1, below 2^-43,
 * the low parts, perr's term and P) is a double below 2^-18 whose rounding errors are
 * below 2^-69. log10's product by 1/ln 10 is a double-double one with exact error
 * terms. So the result, hi + lo, has an absolute error below 2^-66; ERR_BOUND, 2^-62,
 * leaves a margin of 16. If hi + (lo + ERR_BOUND) and hi + (lo - ERR_BOUND) round to the
 * same double (rounding is monotonic, so every value between rounds the same, the true
 * value included), that is the correctly rounded value; otherwise (0.1-0.2% of random
 * arguments, more near 1 where the result is tiny) the slow path decides, as it does
 * for subnormal, zero, negative, infinite and NaN arguments (one integer test of the
 * bits). The table is a constant (computing it at the first call took 2 M instructions
 * of logq, and its readiness a test on every call). 40 million random arguments (the
 * whole range, near 1, and (0, 200]) gave the slow path's results. */
#define LOG_TABLE_BITS 8
#define LOG_TABLE_SIZE (1 << LOG_TABLE_BITS)
#define ERR_BOUND 0x1p-62
typedef struct LogEntry {
    double inv, neg_log_hi, neg_log_lo;
} LogEntry;
#include "log_table.inc"

/* Inlined into cr_ln and cr_log10 below, which are compiled for FMA and without. */
static inline __attribute__((always_inline)) double cr_log(double x, bool ten)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    /* positive normal and finite: the biased exponent in [1, 0x7fe], the sign clear */
    if (unlikely(bits - (UINT64_C(1) << 52) >= (UINT64_C(0x7fe) << 52))) return log_slow(x, ten);
    int k = (int)(bits >> 52) - 1023;
    uint64_t mbits = (bits & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1023) << 52);
    double m;
    memcpy(&m, &mbits, sizeof m);
    const LogEntry *e = &log_table[(mbits >> (52 - LOG_TABLE_BITS)) & (LOG_TABLE_SIZE - 1)];
    double p = m * e->inv, perr = fma(m, e->inv, -p);
    double rhi = p - 1.0;           /* exact: p is within 2^-8 of 1 */
    double rerr = fma(-rhi, perr, perr); /* perr (1 - rhi): log1p's first-order term of perr */
    double r2 = rhi * rhi, r4 = r2 * r2; /* Estrin's scheme: shorter dependency chains */
    double c0 = -0.5 + rhi * (1.0 / 3), c1 = -0.25 + rhi * 0.2, c2 = -1.0 / 6 + rhi * (1.0 / 7);
    double poly = r2 * ((c0 + r2 * c1) + r4 * c2);
    double r1 = (rhi + 0x1.8p10) - 0x1.8p10; /* |rhi| < 2^-8: a multiple of 2^-42 */
    double hi = k * LN2_HI + e->neg_log_hi + r1; /* exact */
    double lo = (rhi - r1) + (k * LN2_LO + e->neg_log_lo + rerr + poly);
    if (ten) {
        double phi = hi * INV_LN10_HI;
        lo = fma(hi, INV_LN10_HI, -phi) + (hi * INV_LN10_LO + lo * INV_LN10_HI);
        hi = phi;
    }
    double up = hi + (lo + ERR_BOUND), down = hi + (lo - ERR_BOUND);
    if (likely(up == down)) return up;
    return log_slow(x, ten);
}

/* Compiled twice, with and without the FMA instructions (the baseline x86-64 has none:
 * there fma() is a library call); the loader picks one for the machine. */
__attribute__((target_clones("fma", "default"))) static double cr_ln(double x) { return cr_log(x, false); }
__attribute__((target_clones("fma", "default"))) static double cr_log10(double x) { return cr_log(x, true); }

/* exp and pow: the C library's routines without their errno wrappers where the platform
 * has them (os_libm_core: 16 and 20 instructions a call fewer, about a tenth of each),
 * the standard functions otherwise. The results are the same bit for bit (the same
 * cores; compared on 5 million random arguments each and the special ones); only errno,
 * which Java never reads, is left alone. Set once at boot, before any class is loaded. */
static double (*exp_core)(double) = exp;
static double (*pow_core)(double, double) = pow;

void jvm_math_init(void)
{
    void *e = os_libm_core("exp"), *p = os_libm_core("pow");
    if (e != NULL) exp_core = (double (*)(double))e;
    if (p != NULL) pow_core = (double (*)(double, double))p;
}

static double d_exp(double x) { return exp_core(x); }

static void math_sin(Thread *t, Slot *a, Slot *r) { (void)t; r->d = sin(a[0].d); }
static void math_cos(Thread *t, Slot *a, Slot *r) { (void)t; r->d = cos(a[0].d); }
static void math_tan(Thread *t, Slot *a, Slot *r) { (void)t; r->d = tan(a[0].d); }
static void math_log(Thread *t, Slot *a, Slot *r) { (void)t; r->d = cr_ln(a[0].d); }
static void math_log10(Thread *t, Slot *a, Slot *r) { (void)t; r->d = cr_log10(a[0].d); }
static void math_exp(Thread *t, Slot *a, Slot *r) { (void)t; r->d = exp_core(a[0].d); }
/* x^y for an integral y when the power is exact in long double (64-bit significand): the
 * exact value, rounded once to double, is the correctly rounded result. C libraries'
 * pow is accurate to within an ulp but can misround exact halfway cases (glibc gives
 * 1.0000000000000001E23 for 10^23); HotSpot's intrinsic rounds them correctly, and
 * integral powers like Math.pow(10, n) are what programs print most. */
static bool exact_integral_pow(double x, double y, double *out)
{
    /* |y| <= 2048 first (false for a NaN), so that the cast is defined: no floor() call */
    if (!(fabs(y) <= 2048) || y != (double)(long)y || !isfinite(x) || x == 0) return false;
    long n = (long)fabs(y);
    long double result = 1.0L, base = x;
    feclearexcept(FE_ALL_EXCEPT);
    while (n) {
        if (n & 1) result *= base;
        n >>= 1;
        if (n) base *= base;
    }
    if (fetestexcept(FE_INEXACT | FE_OVERFLOW | FE_UNDERFLOW)) return false;
    if (y >= 0) {
        *out = (double)result;
        return true;
    }
    /* 1/x^n is one correctly rounded division when x^n is exact as a double. */
    double d = (double)result;
    if ((long double)d != result) return false;
    *out = 1.0 / d;
    return true;
}

/* Java's pow differs from C99's in two corners: a NaN exponent always gives NaN (C:
 * pow(1, NaN) = 1), and |x| == 1 with an infinite exponent gives NaN (C: 1). A finite,
 * non-integral exponent (Math.pow(x, 0.75)) is in neither corner and has no exact
 * integral power: one test (false for a NaN or an infinity; the cast is defined below
 * 2^52) sends it to the C library's pow. */
static double java_pow(double x, double y)
{
    double r;
    if (likely(fabs(y) < 0x1p52 && y != (double)(int64_t)y)) return pow_core(x, y);
    if (isnan(y) || (isinf(y) && fabs(x) == 1.0)) return NAN;
    if (exact_integral_pow(x, y, &r)) return r;
    return pow_core(x, y);
}

static void math_pow(Thread *t, Slot *a, Slot *r) { (void)t; r->d = java_pow(a[0].d, a[2].d); }

/* Leaves of the intrinsics above: the same computation, no frame. */
#define LEAF1(name)                                                                                \
    static bool leaf_##name(Thread *t, Slot *a, Slot *r)                                          \
    {                                                                                              \
        math_##name(t, a, r);                                                                      \
        return true;                                                                               \
    }
LEAF1(sin)
LEAF1(cos)
LEAF1(tan)
LEAF1(log)
LEAF1(log10)
LEAF1(exp)
LEAF1(pow)

/* Typed leaves (class.h VMLeafD/VMLeafDD) for the entries below that have one: the C
 * library's functions themselves where the leaf is one, so that invokestatic_q calls
 * them with no wrapper in between. */
static double d_sqrt(double x) { return __builtin_sqrt(x); }
static double d_abs(double x) { return __builtin_fabs(x); }

static void strict_sqrt(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->d = __builtin_sqrt(a[0].d);
}

static bool leaf_sqrt(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->d = __builtin_sqrt(a[0].d);
    return true;
}

/* JDK 17's Math.abs(double) body, (a <= 0.0D) ? 0.0D - a : a, keeps a NaN's sign; HotSpot's
 * intrinsic (what its interpreter runs) clears it, as fabs does. */
static bool leaf_abs_d(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->d = __builtin_fabs(a[0].d);
    return true;
}

/* The rest run as Java bodies on HotSpot -Xint: these are the bodies. */
static bool leaf_abs_f(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    float x = a[0].f;
    SLOT_SET_F(*r, x <= 0.0f ? 0.0f - x : x);
    return true;
}

static bool leaf_abs_i(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    int32_t x = a[0].i;
    SLOT_SET_I(*r, x < 0 ? (int32_t)(0u - (uint32_t)x) : x);
    return true;
}

static bool leaf_abs_j(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    int64_t x = a[0].j;
    r->j = x < 0 ? (int64_t)(0ull - (uint64_t)x) : x;
    return true;
}

static bool leaf_max_i(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    SLOT_SET_I(*r, a[0].i >= a[1].i ? a[0].i : a[1].i);
    return true;
}

static bool leaf_min_i(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    SLOT_SET_I(*r, a[0].i <= a[1].i ? a[0].i : a[1].i);
    return true;
}

static bool leaf_max_j(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->j = a[0].j >= a[2].j ? a[0].j : a[2].j;
    return true;
}

static bool leaf_min_j(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->j = a[0].j <= a[2].j ? a[0].j : a[2].j;
    return true;
}

static bool is_neg_zero_f(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b == 0x80000000u;
}

static bool is_neg_zero_d(double x)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b == 0x8000000000000000ull;
}

/* Math.max/min(float/double) as JDK 17 writes them: a NaN a is returned as is; two zeros
 * by their raw sign bits; else a comparison, which hands back b when b is a NaN. */
static bool leaf_max_f(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    float x = a[0].f, y = a[1].f, v;
    if (x != x) v = x;
    else if (x == 0.0f && y == 0.0f && is_neg_zero_f(x)) v = y;
    else v = x >= y ? x : y;
    SLOT_SET_F(*r, v);
    return true;
}

static bool leaf_min_f(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    float x = a[0].f, y = a[1].f, v;
    if (x != x) v = x;
    else if (x == 0.0f && y == 0.0f && is_neg_zero_f(y)) v = y;
    else v = x <= y ? x : y;
    SLOT_SET_F(*r, v);
    return true;
}

static double d_max(double x, double y)
{
    if (x != x) return x;
    if (x == 0.0 && y == 0.0 && is_neg_zero_d(x)) return y;
    return x >= y ? x : y;
}

static double d_min(double x, double y)
{
    if (x != x) return x;
    if (x == 0.0 && y == 0.0 && is_neg_zero_d(y)) return y;
    return x <= y ? x : y;
}

static bool leaf_max_d(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->d = d_max(a[0].d, a[2].d);
    return true;
}

static bool leaf_min_d(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->d = d_min(a[0].d, a[2].d);
    return true;
}

/* fma is correctly rounded wherever it is computed (HotSpot uses the FMA instruction). */
static bool leaf_fma_d(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    r->d = __builtin_fma(a[0].d, a[2].d, a[4].d);
    return true;
}

static bool leaf_fma_f(Thread *t, Slot *a, Slot *r)
{
    (void)t;
    SLOT_SET_F(*r, __builtin_fmaf(a[0].f, a[1].f, a[2].f));
    return true;
}

const VMNativeEntry jvm_math_natives[] = {
    {"java/lang/Math", "sin", "(D)D", math_sin, leaf_sin, (void (*)(void))sin},
    {"java/lang/Math", "cos", "(D)D", math_cos, leaf_cos, (void (*)(void))cos},
    {"java/lang/Math", "tan", "(D)D", math_tan, leaf_tan, (void (*)(void))tan},
    {"java/lang/Math", "log", "(D)D", math_log, leaf_log, (void (*)(void))cr_ln},
    {"java/lang/Math", "log10", "(D)D", math_log10, leaf_log10, (void (*)(void))cr_log10},
    {"java/lang/Math", "exp", "(D)D", math_exp, leaf_exp, (void (*)(void))d_exp},
    {"java/lang/Math", "pow", "(DD)D", math_pow, leaf_pow, (void (*)(void))java_pow},
    {"java/lang/StrictMath", "sqrt", "(D)D", strict_sqrt, leaf_sqrt, (void (*)(void))d_sqrt},
    {"java/lang/Math", "sqrt", "(D)D", NULL, leaf_sqrt, (void (*)(void))d_sqrt},
    {"java/lang/Math", "abs", "(D)D", NULL, leaf_abs_d, (void (*)(void))d_abs},
    {"java/lang/Math", "abs", "(F)F", NULL, leaf_abs_f},
    {"java/lang/Math", "abs", "(I)I", NULL, leaf_abs_i},
    {"java/lang/Math", "abs", "(J)J", NULL, leaf_abs_j},
    {"java/lang/Math", "max", "(II)I", NULL, leaf_max_i},
    {"java/lang/Math", "min", "(II)I", NULL, leaf_min_i},
    {"java/lang/Math", "max", "(JJ)J", NULL, leaf_max_j},
    {"java/lang/Math", "min", "(JJ)J", NULL, leaf_min_j},
    {"java/lang/Math", "max", "(FF)F", NULL, leaf_max_f},
    {"java/lang/Math", "min", "(FF)F", NULL, leaf_min_f},
    {"java/lang/Math", "max", "(DD)D", NULL, leaf_max_d, (void (*)(void))d_max},
    {"java/lang/Math", "min", "(DD)D", NULL, leaf_min_d, (void (*)(void))d_min},
    {"java/lang/Math", "fma", "(DDD)D", NULL, leaf_fma_d},
    {"java/lang/Math", "fma", "(FFF)F", NULL, leaf_fma_f},
    {NULL, NULL, NULL, NULL, NULL},
};
