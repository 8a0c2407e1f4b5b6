#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# bench/toolevents.sh — the cost of the JVMTI events of executing code, in ns per event
# over the program's own run (bench/toolevents/ToolEvents.java with the counting agent
# bench/agents/events.c), on GlassVM, HotSpot -Xint and HotSpot default in the same run.
# Part of `make bench` (bench/run calls it last); never a CI gate.
#
# Each case runs the workload without and with the agent, RUNS processes each (default
# 5), interleaved across configurations so that load changes hit all of them alike. A
# process prints its median round (thread CPU time of the main thread, events counted);
# the figure is (median with agent - median without) / events per round. Two cases are
# ratios instead (time with / without the agent):
#   unwatched  field and array work while a field nobody touches is watched (goal 1.00x)
#   step1      a thread's loop while another thread is single-stepped (goal <= 1.05x)
#
# Environment: JAVA_HOME, IMAGE (default build/jdk), RUNS (5), ROUNDS (rounds per
# process, 7), CASES (default: all of them, in the order below), BASE_IMAGE (another
# GlassVM image, e.g. main's, measured in the same runs as a last column, for A/B), VMS
# (the columns, of G = GlassVM, I = HS -Xint, D = HS default, B = BASE_IMAGE; e.g.
# "G B" for a quick A/B: HotSpot -Xint single-steps at ~1 µs per step).
set -u
unset JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS CLASSPATH
LC_ALL=C.UTF-8; export LC_ALL

ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
IMAGE=${IMAGE:-build/jdk}
case $IMAGE in /*) ;; *) IMAGE=$ROOT/$IMAGE ;; esac
RUNS=${RUNS:-5}
ROUNDS=${ROUNDS:-7}
CASES=${CASES:-entryexit step bp access modify unwatched step1}
BASE_IMAGE=${BASE_IMAGE:-}
DEFAULT_VMS="G I D"
[ -n "$BASE_IMAGE" ] && DEFAULT_VMS="G I D B"
VMS=${VMS:-$DEFAULT_VMS}
OUT=$ROOT/build/bench/toolevents
mkdir -p "$OUT/runs"
gcc -O2 -shared -fPIC -Wall -Wextra -Werror -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
    -o "$OUT/libevents.so" "$ROOT/bench/agents/events.c" || exit 1
"$JAVA_HOME/bin/javac" -d "$OUT" "$ROOT/bench/toolevents/ToolEvents.java" || exit 1

workload() {
  case $1 in
    entryexit) echo calls ;; step) echo loop ;; bp) echo bp ;; access) echo access ;;
    modify) echo modify ;; unwatched) echo fields ;; step1) echo twothreads ;;
  esac
}

vm() {
  case $1 in
    G) echo "$IMAGE/bin/java" ;;
    I) echo "$JAVA_HOME/bin/java -Xint" ;;
    D) echo "$JAVA_HOME/bin/java" ;;
    B) echo "$BASE_IMAGE/bin/java" ;;
  esac
}

# median FILE COLUMN (the lower middle for even counts)
median() {
  awk -v c="$2" '{ print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'
}

echo "JVMTI events of executing code: $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "ns per event over the program's own run (thread CPU time, medians of $RUNS processes x $ROUNDS rounds); ratios: with / without"
printf '%-30s' case
for v in $VMS; do
  case $v in G) h=GlassVM ;; I) h="HS -Xint" ;; D) h="HS default" ;; B) h="GlassVM base" ;; esac
  printf ' %12s' "$h"
done
echo
for c in $CASES; do
  w=$(workload "$c")
  [ -n "$w" ] || { echo "no such case: $c" >&2; continue; }
  for v in $VMS; do : > "$OUT/runs/$c.$v.base"; : > "$OUT/runs/$c.$v.agent"; done
  r=1
  while [ "$r" -le "$RUNS" ]; do
    for v in $VMS; do
      # shellcheck disable=SC2046
      $(vm $v) -cp "$OUT" ToolEvents "$w" "$ROUNDS" >> "$OUT/runs/$c.$v.base" 2> "$OUT/runs/$c.$v.err" ||
        echo "FAILED 0" >> "$OUT/runs/$c.$v.base"
      # shellcheck disable=SC2046
      $(vm $v) -agentpath:"$OUT/libevents.so=$c" -cp "$OUT" ToolEvents "$w" "$ROUNDS" \
          >> "$OUT/runs/$c.$v.agent" 2>> "$OUT/runs/$c.$v.err" || echo "FAILED 0" >> "$OUT/runs/$c.$v.agent"
    done
    r=$((r + 1))
  done
  cells=
  for v in $VMS; do
    if grep -q FAILED "$OUT/runs/$c.$v.base" "$OUT/runs/$c.$v.agent"; then cells="$cells FAILED"; continue; fi
    b=$(median "$OUT/runs/$c.$v.base" 1); a=$(median "$OUT/runs/$c.$v.agent" 1); n=$(median "$OUT/runs/$c.$v.agent" 2)
    case $c in
      unwatched|step1) cells="$cells $(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2fx", a / b }')" ;;
      *) cells="$cells $(awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { if (n + 0 == 0) print "no-events"; else printf "%.1f", (a - b) / n }')" ;;
    esac
  done
  case $c in
    entryexit) label="MethodEntry+MethodExit" ;; step) label="SingleStep" ;; bp) label="Breakpoint hit" ;;
    access) label="FieldAccess" ;; modify) label="FieldModification" ;;
    unwatched) label="unwatched fields (ratio)" ;; step1) label="other thread stepped (ratio)" ;;
  esac
  # shellcheck disable=SC2086
  printf '%-30s' "$label"; printf ' %12s' $cells; echo
done
