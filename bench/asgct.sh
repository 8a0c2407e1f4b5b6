#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# bench/asgct.sh — AsyncGetCallTrace on GlassVM and HotSpot in the same run:
#   1. speed: bench/asgct/Deep.java computes 21 Java frames deep for DURATION seconds (default 5)
#      while bench/asgct/agent.c sends its thread SIGPROF every millisecond and calls
#      AsyncGetCallTrace 100 times per signal, timed inside the handler; RUNS (default 7)
#      runs per VM, interleaved; medians of ns per call and calls per second, and the
#      share of signals whose trace had frames.
#   2. success on a busy multi-threaded program: the workload and agent of
#      tests/samples/AsgctStress (every thread signalled at 10 kHz; allocation,
#      exceptions, class loading, JNI, threads starting and ending) for STRESS_SECONDS
#      (default 10) on each VM: samples of Java threads with frames, and the codes of
#      those without.
# Environment: JAVA_HOME, IMAGE (default build/jdk), RUNS, DURATION, STRESS_SECONDS.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
IMAGE=${IMAGE:-build/jdk}
case $IMAGE in /*) ;; *) IMAGE=$ROOT/$IMAGE ;; esac
RUNS=${RUNS:-7}
DURATION=${DURATION:-5}
STRESS_SECONDS=${STRESS_SECONDS:-10}
OUT=$ROOT/build/bench/asgct
mkdir -p "$OUT/classes"
CFLAGS="-O2 -shared -fPIC -pthread -I$JAVA_HOME/include -I$JAVA_HOME/include/linux"
gcc $CFLAGS -o "$OUT/libasgctbench.so" "$ROOT/bench/asgct/agent.c" -ldl || exit 1
gcc $CFLAGS -o "$OUT/libstress.so" "$ROOT/tests/samples/AsgctStress/stress.c" -ldl || exit 1
"$JAVA_HOME/bin/javac" -nowarn -d "$OUT/classes" "$ROOT/bench/asgct/Deep.java" \
    "$ROOT"/tests/samples/AsgctStress/*.java || exit 1

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
field() { sed -n "s/.* $1 \([^ ]*\).*/\1/p" "$2"; }

: > "$OUT/glassvm.txt"; : > "$OUT/hotspot.txt"
i=0
while [ $i -lt "$RUNS" ]; do
  "$IMAGE/bin/java" -agentpath:"$OUT/libasgctbench.so" -cp "$OUT/classes" Deep "$DURATION" 2>&1 | grep '^signals' >> "$OUT/glassvm.txt"
  "$JAVA_HOME/bin/java" -agentpath:"$OUT/libasgctbench.so" -cp "$OUT/classes" Deep "$DURATION" 2>&1 | grep '^signals' >> "$OUT/hotspot.txt"
  i=$((i + 1))
done
echo "AsyncGetCallTrace on a 21-frame stack, from a SIGPROF handler (medians of $RUNS runs):"
printf '%-10s %12s %14s %12s %8s\n' VM "ns/call" "calls/s" "with frames" frames
for vm in glassvm hotspot; do
  f=$OUT/$vm.txt
  printf '%-10s %12s %14s %12s %8s\n' "$vm" "$(field ns_per_call "$f" | median)" "$(field calls_per_s "$f" | median)" \
    "$(field with_frames "$f" | tr -d % | median)%" "$(field frames "$f" | median)"
done

echo
echo "Busy multi-threaded program (tests/samples/AsgctStress workload, $STRESS_SECONDS s, every thread at 10 kHz):"
for vm in glassvm hotspot; do
  case $vm in glassvm) java=$IMAGE/bin/java ;; *) java=$JAVA_HOME/bin/java ;; esac
  (cd "$OUT" && "$java" -agentpath:"$OUT/libstress.so" -cp "$OUT/classes" StressWorkload "$STRESS_SECONDS" > "$OUT/stress-$vm.txt" 2>&1)
  echo "$vm: $(grep '^with frames' "$OUT/stress-$vm.txt"); $(grep '^num_frames' "$OUT/stress-$vm.txt" | tr '\n' ' ')"
done
