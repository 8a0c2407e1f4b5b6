#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# bench/mgmt.sh — cost of java.lang.management thread queries (bench/mgmt/MgmtCost.java)
# on GlassVM, HotSpot -Xint and HotSpot default, one after the other, in ns per call
# (each figure: median of 5 rounds inside one run). Environment: JAVA_HOME, IMAGE
# (default build/jdk), N (calls per round, default 100000).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
IMAGE=${IMAGE:-build/jdk}
case $IMAGE in /*) ;; *) IMAGE=$ROOT/$IMAGE ;; esac
N=${N:-100000}
OUT=$ROOT/build/bench/mgmt
mkdir -p "$OUT"
"$JAVA_HOME/bin/javac" -d "$OUT" "$ROOT/bench/mgmt/MgmtCost.java" || exit 1
"$IMAGE/bin/java" -cp "$OUT" MgmtCost "$N" > "$OUT/glassvm.txt" || exit 1
"$JAVA_HOME/bin/java" -Xint -cp "$OUT" MgmtCost "$N" > "$OUT/xint.txt" || exit 1
"$JAVA_HOME/bin/java" -cp "$OUT" MgmtCost "$N" > "$OUT/default.txt" || exit 1
printf '%-40s %10s %10s %10s\n' "ns per call" GlassVM "HS -Xint" "HS default"
paste "$OUT/glassvm.txt" "$OUT/xint.txt" "$OUT/default.txt" |
  awk '{ n = NF / 3; name = $1; for (i = 2; i < n; i++) name = name " " $i;
         printf "%-40s %10s %10s %10s\n", name, $n, $(2 * n), $(3 * n) }'
