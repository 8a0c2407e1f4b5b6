#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""jvmti_error_coverage.py -- which spec-listed JVMTI errors do the tests provoke?

For every JVMTI function GlassVM implements, lists each error spec/jvmti.spec names for
it and whether some test of tests/jvmti provokes it. A tool for engineers, not part of
`make test`.

HOW TO RUN (from the repository root, after a run of the JVMTI tests):

    IMAGE=build/jdk sh tests/run 'jvmti/*'     # refreshes build/tests/expected/jvmti
    python3 tools/jvmti_error_coverage.py      # the gaps, the known exceptions, a summary
    python3 tools/jvmti_error_coverage.py -v   # also every covered error and its test

Exit status 0 when there is no gap, 1 when there are gaps, 2 when there are none but some
test had no current output (never run, or its sources changed since its last run: such
a test is listed and ignored; the outputs are the evidence, so run the tests first).

WHAT "IMPLEMENTED" MEANS. A function of spec/jvmti.spec is implemented unless it is a
stub in src/jvmti/unimplemented.c, or it `requires` capabilities none of which is in the
offered[] table of src/jvmti/env.c (the generated wrapper refuses it with
MUST_POSSESS_CAPABILITY before any other check, so its other errors cannot occur).

WHICH ERRORS. Every `error` line of the function in spec/jvmti.spec, plus WRONG_PHASE for
every function not callable in all phases (the universal error the entry checks give
each of them; tests/jvmti/entry/WrongPhase provokes it). The other universal errors
(UNATTACHED_THREAD, INVALID_ENVIRONMENT, OUT_OF_MEMORY, ...) are counted only where the
spec lists them for the function. NULL_POINTER is listed once per non-nullable pointer
parameter: it counts as provoked when at least that many distinct labels (from the
function's name on, e.g. "GetClassMethods(count NULL)") printed it, a cheap stand-in for
"once per parameter" (the output does not say which argument was NULL).

WHAT "PROVOKED" MEANS. Tests print each call's result as "label: ERROR" (the helper
check(label, err) of tests/jvmti/lib/jvmti_test.h prints "%s: %s" with the error's name
without its JVMTI_ERROR_ prefix). Each ": ERROR" in a printed line (ERROR an error name,
with or without the prefix) provokes ERROR of function F when F is the first word before
it that names a JVMTI function (words are runs of letters, digits and '_'; so
"GetFieldName(field NULL): INVALID_FIELDID" and "OnLoad: GetSystemProperty(x):
NOT_AVAILABLE" both count). A label must therefore name the function it calls. The lines
read are those of HotSpot's cached outputs,
build/tests/expected/jvmti/<category>/<Name>/<key>/{out,err} (for each test the newest
key only; older keys belong to older versions of the test). A passing test prints the
same lines on GlassVM, so run the suite and make it pass first. A call whose result the
test does not print does not count: such a test cannot fail on it.

KNOWN EXCEPTIONS. KNOWN below lists (function, error) pairs no test can provoke on
GlassVM (or on HotSpot, the oracle), each with the reason. They are reported, not
counted as gaps. Keep the list short and the reasons checkable.
"""

import argparse
import os
import re
import shlex
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (function, error) -> why no test provokes it. '*' as function: every function
# listing the error.
KNOWN = {
    ("*", "CLASS_NOT_PREPARED"):
        "GlassVM prepares a class when it defines it, before ClassLoad is sent, so an "
        "agent never sees a loaded class that is not prepared",
    ("*", "UNMODIFIABLE_MODULE"):
        "no module is unmodifiable in GlassVM (nor in HotSpot 17): IsModifiableModule "
        "answers JNI_TRUE for every module",
    ("*", "UNSUPPORTED_OPERATION"):
        "listed (GetCurrentThreadCpuTime, GetThreadCpuTime, RunAgentThread, ...) for "
        "virtual threads, which the OpenJDK 17 class library does not have",
    ("GetMethodLocation", "ABSENT_INFORMATION"):
        "method sizes are never missing: every Code attribute states its length "
        "(src/jvmti/method.c), and abstract and native methods have their own answers",
    ("StopThread", "THREAD_NOT_SUSPENDED"):
        "listed for virtual threads (not suspended, not current), which JDK 17 does not have",
    ("StopThread", "OPAQUE_FRAME"):
        "listed for suspended virtual threads, which JDK 17 does not have",
    ("StopThread", "INVALID_OBJECT"):
        "a NULL exception (or a cleared weak reference) is NULL_POINTER, as on HotSpot "
        "(entry/NullObjects); GlassVM also refuses a non-Throwable with INVALID_OBJECT, "
        "which HotSpot accepts, so no test can compare",
    ("SetLocalObject", "INVALID_OBJECT"):
        "needs a non-NULL handle to no object (a stale reference: undefined for an agent); "
        "NULL stores null, as in HotSpot",
    ("ForceEarlyReturnObject", "INVALID_OBJECT"):
        "needs a non-NULL handle to no object (a stale reference: undefined for an agent); "
        "NULL returns null, as the spec says",
    ("ResumeThread", "INVALID_TYPESTATE"):
        "the thread's state changed under the call in a way resumption cannot handle: "
        "GlassVM's resume only clears a flag under the thread's lock",
    ("GenerateEvents", "INVALID_EVENT_TYPE"):
        "a value that is not a jvmtiEvent is also neither of the two events GenerateEvents "
        "takes, so ILLEGAL_ARGUMENT (HotSpot's answer) obeys the spec as well; "
        "events/EventErrors checks that one of the two comes back ('refused')",
}


def parse_spec(path):
    """Functions of spec/jvmti.spec: name -> {phase, requires, errors, since}."""
    funcs = {}
    cur = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            words = shlex.split(line)
            if not line[0].isspace():
                cur = None
                if words[0] == "function":
                    attrs = dict(w.split("=", 1) for w in words[2:] if "=" in w)
                    cur = funcs[words[1]] = {"phase": attrs.get("phase"), "since": attrs.get("since"),
                                             "requires": [], "errors": [], "null_params": 0}
            elif cur is not None:
                if words[0] == "requires":
                    cur["requires"] = words[1:]
                elif words[0] == "error":
                    name = words[1].removeprefix("JVMTI_ERROR_")
                    if name == "NULL_POINTER" and words[2].startswith("from=param:"):
                        cur["null_params"] += 1
                    if name not in cur["errors"]:
                        cur["errors"].append(name)
    return funcs


def stubs(path):
    """Functions still stubbed in src/jvmti/unimplemented.c."""
    with open(path, encoding="utf-8") as f:
        return set(re.findall(r"^jvmtiError jvmti_(\w+)\(", f.read(), re.M))


def offered_caps(path):
    """Capability names (spec spelling) of the offered[] table of src/jvmti/env.c."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"\boffered\[\]\s*=\s*\{(.*?)\n\};", text, re.S)
    if not m:
        sys.exit("jvmti_error_coverage: no offered[] table in " + path)
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    return {c.lower() for c in re.findall(r"JVMTI_CAP_(\w+)", body)}


def newest_outputs(expected_root, tests_root):
    """For each test, the newest cached HotSpot output directory: {test: dir}, and the
    tests without a current one (never run, or changed since their last run)."""
    result, stale = {}, []
    lib = os.path.join(tests_root, "lib")  # jvmti_test.h: every agent includes it
    lib_time = max([os.path.getmtime(os.path.join(lib, f)) for f in os.listdir(lib)] + [0])
    for cat in sorted(os.listdir(tests_root)):
        cdir = os.path.join(tests_root, cat)
        if not os.path.isdir(cdir) or cat == "lib":
            continue
        for name in sorted(os.listdir(cdir)):
            tdir = os.path.join(cdir, name)
            if not os.path.isfile(os.path.join(tdir, "agent.c")):
                continue
            test = cat + "/" + name
            edir = os.path.join(expected_root, cat, name)
            keys = [os.path.join(edir, k) for k in os.listdir(edir)] if os.path.isdir(edir) else []
            keys = [k for k in keys if os.path.isfile(os.path.join(k, "rc"))]
            if not keys:
                stale.append(test + " (never run)")
                continue
            newest = max(keys, key=lambda k: os.path.getmtime(os.path.join(k, "rc")))
            src_time = max([os.path.getmtime(os.path.join(tdir, f)) for f in os.listdir(tdir)] + [lib_time])
            if os.path.getmtime(os.path.join(newest, "rc")) < src_time:
                stale.append(test + " (sources changed since its last run)")
                continue
            result[test] = newest
    return result, stale


RESULT = re.compile(r":\s+(?:JVMTI_ERROR_)?(?P<err>[A-Z][A-Z_]+)\b")
WORD = re.compile(r"\w+")


def provoked(outputs, funcs, errors):
    """{(function, error): [tests]} read from the printed "label: ERROR" lines, and
    {function: set of distinct labels that printed NULL_POINTER}."""
    found, null_labels = {}, {}
    for test, d in sorted(outputs.items()):
        for stream in ("out", "err"):
            p = os.path.join(d, stream)
            if not os.path.isfile(p):
                continue
            with open(p, encoding="utf-8", errors="replace") as f:
                for line in f:
                    for m in RESULT.finditer(line):
                        if m.group("err") not in errors:
                            continue
                        label = line[:m.start()]
                        fn = next((w for w in WORD.findall(label) if w in funcs), None)
                        if fn:
                            tests = found.setdefault((fn, m.group("err")), [])
                            if test not in tests:
                                tests.append(test)
                            if m.group("err") == "NULL_POINTER":
                                key = label[label.index(fn):].strip()
                                null_labels.setdefault(fn, set()).add(key)
    return found, null_labels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="list covered errors too")
    ap.add_argument("--expected", default=os.path.join(ROOT, "build/tests/expected/jvmti"),
                    help="HotSpot's cached outputs (default build/tests/expected/jvmti)")
    args = ap.parse_args()

    funcs = parse_spec(os.path.join(ROOT, "spec/jvmti.spec"))
    with open(os.path.join(ROOT, "spec/jvmti.spec"), encoding="utf-8") as f:
        all_errors = {m.removeprefix("JVMTI_ERROR_")
                      for m in re.findall(r"^error (\w+) ", f.read(), re.M)}
    stubbed = stubs(os.path.join(ROOT, "src/jvmti/unimplemented.c"))
    caps = offered_caps(os.path.join(ROOT, "src/jvmti/env.c"))
    impl = {n: f for n, f in funcs.items()
            if n not in stubbed and (not f["requires"] or any(c in caps for c in f["requires"]))}

    outputs, stale = newest_outputs(args.expected, os.path.join(ROOT, "tests/jvmti"))
    if stale:
        print("Ignored, no current output (run these tests, then this script again):")
        for t in stale:
            print("  " + t)
    found, null_labels = provoked(outputs, funcs, all_errors)

    gaps, known, covered = [], [], 0
    for name in sorted(impl):
        f = impl[name]
        errs = list(f["errors"])
        if f["phase"] != "any" and "WRONG_PHASE" not in errs:
            errs.append("WRONG_PHASE")
        for e in errs:
            if e == "NULL_POINTER" and (name, e) in found and \
                    len(null_labels.get(name, ())) < f["null_params"]:
                gaps.append((name, "NULL_POINTER (%d distinct calls for %d pointer parameters)"
                             % (len(null_labels.get(name, ())), f["null_params"])))
                continue
            if (name, e) in found:
                covered += 1
                if args.verbose:
                    print("ok    %-34s %-36s %s" % (name, e, ", ".join(found[(name, e)])))
                continue
            why = KNOWN.get((name, e)) or KNOWN.get(("*", e))
            if why:
                known.append((name, e, why))
            else:
                gaps.append((name, e))

    for name, e in gaps:
        print("GAP   %-34s %s" % (name, e))
    if known:
        print("Known exceptions (not provokable; see KNOWN in this script):")
        for name, e, why in known:
            print("  %s %s: %s" % (name, e, why))
    total = covered + len(gaps) + len(known)
    print("%d implemented functions (of %d), %d errors: %d provoked, %d known exceptions, %d gaps"
          % (len(impl), len(funcs), total, covered, len(known), len(gaps)))
    print("no gaps" if not gaps else "%d gaps" % len(gaps))
    return 1 if gaps else 2 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
