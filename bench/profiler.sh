#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# bench/profiler.sh — the cost of the sampling profiler (samples/profiler, build/samples/
# libprofiler.so) at a 1 ms interval on the bench/java programs: each program RUNS
# times (default 7) without and with the profiler (writing its flame graph at exit), on
# GlassVM and on HotSpot default, all four interleaved; median wall and CPU (user +
# system) times and the ratios with/without. The goal is at most 1.05x on GlassVM. CPU
# time is the steadier figure on a shared machine; it includes the profiler's own work
# (signal handling, the flame graph written at exit).
# Environment: JAVA_HOME, IMAGE (default build/jdk), RUNS, INTERVAL (default 1ms).
# Arguments: programs (default: all of bench/java but Hello).
set -u
unset JAVA_TOOL_OPTIONS _JAVA_OPTIONS JDK_JAVA_OPTIONS CLASSPATH
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
IMAGE=${IMAGE:-build/jdk}
case $IMAGE in /*) ;; *) IMAGE=$ROOT/$IMAGE ;; esac
RUNS=${RUNS:-7}
INTERVAL=${INTERVAL:-1ms}
OUT=$ROOT/build/bench/profiler
CLS=$OUT/classes
PROF=$ROOT/build/samples/libprofiler.so
[ -f "$PROF" ] || { echo "build the samples first (make)" >&2; exit 1; }
mkdir -p "$CLS" "$OUT/runs"
gcc -O2 -Wall -Wextra -Werror -o "$OUT/measure" "$ROOT/bench/measure.c" || exit 1
"$JAVA_HOME/bin/javac" -d "$CLS" -XDstringConcat=inline "$ROOT"/bench/java/*.java || exit 1

progs="$*"
if [ -z "$progs" ]; then
  for f in "$ROOT"/bench/java/*.java; do
    p=$(basename "$f" .java); [ "$p" = Hello ] || progs="$progs $p"
  done
fi

directive() {
  sed -n -e '/^[[:space:]]*\/\//!q' -e "s|^[[:space:]]*//[[:space:]]*$1:[[:space:]]*||p" "$2" | tr '\n' ' '
}
vmcmd() {
  case $1 in
    G) echo "$IMAGE/bin/java" ;;
    Gp) echo "$IMAGE/bin/java -agentpath:$PROF=interval=$INTERVAL,file=$OUT/runs/profile.html,top=0" ;;
    D) echo "$JAVA_HOME/bin/java" ;;
    Dp) echo "$JAVA_HOME/bin/java -agentpath:$PROF=interval=$INTERVAL,file=$OUT/runs/profile.html,top=0" ;;
  esac
}
median() {  # median FILE COLUMN (1: wall seconds, 4: CPU seconds) of the successful runs
  awk -v c="$2" '$3 == 0 { print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else print v[int((NR + 1) / 2)] }'
}
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.3fx\n", a / b }'
}

echo "profiler cost: $(date -u '+%Y-%m-%d %H:%M UTC'), $(getconf _NPROCESSORS_ONLN) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "interval $INTERVAL, medians of $RUNS runs: wall seconds, CPU seconds"
printf '%-13s %15s %15s %15s | %15s %15s %15s\n' program GlassVM "+profiler" ratio "HS" "+profiler" ratio
for p in $progs; do
  src=$ROOT/bench/java/$p.java
  opts=$(directive VMOPTIONS "$src")
  for c in G Gp D Dp; do : > "$OUT/runs/$p.$c"; done
  r=1
  while [ "$r" -le "$RUNS" ]; do
    for c in G Gp D Dp; do
      # shellcheck disable=SC2046,SC2086
      "$OUT/measure" 600 $(vmcmd "$c") $opts -cp "$CLS" "$p" > /dev/null 2> "$OUT/runs/$p.$c.err" 3>> "$OUT/runs/$p.$c"
    done
    r=$((r + 1))
  done
  line="$p"
  for pair in "G Gp" "D Dp"; do
    set -- $pair
    w0=$(median "$OUT/runs/$p.$1" 1); w1=$(median "$OUT/runs/$p.$2" 1)
    c0=$(median "$OUT/runs/$p.$1" 4); c1=$(median "$OUT/runs/$p.$2" 4)
    line="$line|$w0 $c0|$w1 $c1|$(ratio "$w1" "$w0") $(ratio "$c1" "$c0")"
  done
  echo "$line" | awk -F'|' '{ printf "%-13s %15s %15s %15s | %15s %15s %15s\n", $1, $2, $3, $4, $5, $6, $7 }'
done
