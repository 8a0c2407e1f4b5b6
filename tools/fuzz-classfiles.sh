#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tools/fuzz-classfiles.sh — runs the class-file fuzzer of tests/java/ClassFileFuzz at
# scale on a GlassVM image and on HotSpot, and compares their outcomes mutant by mutant.
#
#   tools/fuzz-classfiles.sh [-i IMAGE] [-c test|big] [-s SEED] [-n COUNT] [-e 'VAR=v ...'] OUTDIR
#
#   -i IMAGE   GlassVM image (default build/jdk; build/jdk-check for the ASan build, with
#              -e set to the Makefile's SAN_ENV so that the ASan runtime is preloaded)
#   -c CORPUS  test: the corpus of the ClassFileFuzz test (its subject classes and 30 JDK
#              classes); big: every 9th class of eight JDK modules that defines and links
#              unmutated on HotSpot (about 1250 classes)
#   -s SEED    first mutant seed (default 1); -n COUNT mutants (default 10000)
#
# OUTDIR gets glassvm.txt and hotspot.txt (one line per mutant: number, mutation, class,
# outcome), diff.txt (their differences), and for each GlassVM process that died
# (crash, fatal error report, ASan report, timeout) its stderr as glassvm.err.<first>;
# the run then resumes after the mutant that killed it, whose line reads "CRASH ...".
# Reproduce one mutant with: java -cp OUTDIR/classes Fuzz [-corpus ...] -seed S -from K -n 1 -msg
# or write its bytes with -dump K DIR.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
JAVA_HOME=${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}
IMAGE=$ROOT/build/jdk CORPUS=test SEED=1 COUNT=10000 ENVS=
while getopts i:c:s:n:e: o; do
  case $o in
    i) IMAGE=$OPTARG ;; c) CORPUS=$OPTARG ;; s) SEED=$OPTARG ;; n) COUNT=$OPTARG ;; e) ENVS=$OPTARG ;;
    *) sed -n '4,22p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '4,22p' "$0"; exit 2; }
OUT=$1
mkdir -p "$OUT/classes"
"$JAVA_HOME/bin/javac" -XDstringConcat=inline -d "$OUT/classes" "$ROOT"/tests/java/ClassFileFuzz/*.java || exit 1
if [ "$CORPUS" = big ]; then
  [ -s "$OUT/big.list" ] ||
    "$JAVA_HOME/bin/java" -cp "$OUT/classes" Fuzz -corpus big -listok > "$OUT/big.list" || exit 1
  CORPUS=list:$OUT/big.list
fi

# glassvm.txt, resuming after a mutant that kills the VM
: > "$OUT/glassvm.txt"
from=0
while [ "$from" -lt "$COUNT" ]; do
  env $ENVS timeout 1800 "$IMAGE/bin/java" -cp "$OUT/classes" Fuzz -corpus "$CORPUS" -seed "$SEED" \
      -from "$from" -n $((COUNT - from)) -timeout 20000 > "$OUT/part" 2> "$OUT/glassvm.err.$from"
  rc=$?
  grep -v '^corpus ' "$OUT/part" >> "$OUT/glassvm.txt"
  grep '^corpus ' "$OUT/part" | sed "s/^/[from $from] /" >> "$OUT/corpus.txt"
  last=$(grep -v '^ ' "$OUT/part" | grep -v '^corpus ' | tail -1 | cut -d' ' -f1)
  rm -f "$OUT/part"
  if [ $rc -eq 0 ]; then rm -f "$OUT/glassvm.err.$from"; break; fi
  case $last in ''|*[!0-9]*) last=$((from - 1)) ;; esac
  echo "$((last + 1)) CRASH exit status $rc (stderr in glassvm.err.$from)" >> "$OUT/glassvm.txt"
  from=$((last + 2))
done
"$JAVA_HOME/bin/java" -cp "$OUT/classes" Fuzz -corpus "$CORPUS" -seed "$SEED" -n "$COUNT" -timeout 20000 \
    2>/dev/null | grep -v '^corpus ' > "$OUT/hotspot.txt"
diff "$OUT/hotspot.txt" "$OUT/glassvm.txt" > "$OUT/diff.txt"
echo "$COUNT mutants: $(grep -c CRASH "$OUT/glassvm.txt") crashes, $(grep -c TIMEOUT "$OUT/glassvm.txt") timeouts on GlassVM," \
     "$(grep -c '^<' "$OUT/diff.txt") lines differ from HotSpot (diff.txt)"
