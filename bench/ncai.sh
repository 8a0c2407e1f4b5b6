#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# bench/ncai.sh — NCAI's costs on GlassVM (HotSpot has no NCAI; never a CI gate).
#   1. Start-up and a call-heavy program with NCAI enabled and nothing else
#      (bench/agents/ncaicost.c "idle": the NCAI environment obtained) against the
#      JVMTI-only agent bench/agents/noop.c and against no agent: median wall time of RUNS
#      runs each (default 5), interleaved.
#   2. Microseconds per Thread.start + join (bench/ncai/ThreadStarts.java), the same three
#      ways, median of RUNS.
#   3. NcaiCost (bench/ncai/NcaiCost.java): per-operation costs measured inside one run
#      (each a median of 11 rounds; see bench/agents/ncaicost.c), in ns.
# Environment: JAVA_HOME, IMAGE (default build/jdk), RUNS, N (calls per round, 2000).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
IMAGE=${IMAGE:-build/jdk}
case $IMAGE in /*) ;; *) IMAGE=$ROOT/$IMAGE ;; esac
RUNS=${RUNS:-5}
N=${N:-2000}
OUT=$ROOT/build/bench/ncai
mkdir -p "$OUT"
gcc -O2 -Wall -Wextra -Werror -o "$OUT/measure" "$ROOT/bench/measure.c" || exit 1
for a in noop ncaicost; do
  gcc -O2 -shared -fPIC -Wall -Wextra -Werror -Wno-unused-parameter -I"$ROOT/include" \
      -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" -o "$OUT/lib$a.so" "$ROOT/bench/agents/$a.c" || exit 1
done
"$JAVA_HOME/bin/javac" -d "$OUT" "$ROOT/bench/java/Hello.java" "$ROOT/bench/java/Calls.java" \
  "$ROOT/bench/ncai/NcaiCost.java" "$ROOT/bench/ncai/ThreadStarts.java" || exit 1

# wall PROGRAM AGENT...: median wall seconds of RUNS runs per agent ("none" = no agent),
# the configurations interleaved.
wall() {
  prog=$1; shift
  r=0
  while [ $r -lt "$RUNS" ]; do
    for a in "$@"; do
      case $a in none) opt= ;; idle) opt=-agentpath:$OUT/libncaicost.so=idle ;; *) opt=-agentpath:$OUT/lib$a.so ;; esac
      # shellcheck disable=SC2086
      "$OUT/measure" 300 "$IMAGE/bin/java" $opt -cp "$OUT" "$prog" 3>>"$OUT/$prog.$a" >/dev/null 2>&1
    done
    r=$((r + 1))
  done
  for a in "$@"; do
    printf '%-8s %-6s %s s\n' "$prog" "$a" "$(cut -d' ' -f1 "$OUT/$prog.$a" | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p")"
    rm -f "$OUT/$prog.$a"
  done
}
echo "median wall time (NCAI enabled = idle)"
wall Hello none noop idle
wall Calls none noop idle
echo "µs per thread start+join (median)"
for a in none noop idle; do
  case $a in none) opt= ;; idle) opt=-agentpath:$OUT/libncaicost.so=idle ;; *) opt=-agentpath:$OUT/lib$a.so ;; esac
  r=0
  while [ $r -lt "$RUNS" ]; do
    # shellcheck disable=SC2086
    "$IMAGE/bin/java" $opt -cp "$OUT" ThreadStarts
    r=$((r + 1))
  done | sort -n | sed -n "$(( (RUNS + 1) / 2 ))p" | sed "s/^/ThreadStarts $a /"
done
echo "NcaiCost, ns (medians)"
"$IMAGE/bin/java" -agentpath:"$OUT/libncaicost.so" -Dncai.agent="$OUT/libncaicost.so" -cp "$OUT" NcaiCost "$N"
