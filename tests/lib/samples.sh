# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/samples.sh — tests of the tools shipped in samples/ (sourced by tests/run;
# POSIX sh), e.g. the JVMPI profiler samples/jvmpi-prof.
#
# A test is a directory tests/samples/<Name>/ holding `run` (a sh script), the *.java
# sources of a program whose behaviour is known (calls a method exactly 1000 times,
# allocates 500 objects at one line, ...) and `expected`, the expected stdout, written
# by hand from what the program does: the tool's output depends on the tool, so there is
# no oracle VM (HotSpot 17 has no JVMPI). The sources are compiled by the JDK's javac
# (cached in build/tests/samples/<Name>/<key>/), then `run` is run by sh in a fresh
# scratch directory with
#   JAVA            GlassVM's java ($IMAGE/bin/java, GLASS_ENV applied)
#   SAMPLE_DIR      tests/samples/<Name>
#   SAMPLE_CLASSES  the compiled classes
# and passes when its stdout equals `expected`, its exit status is 0 and its stderr is
# empty. `run` prints only what the program fixes: it filters the tool's report down to
# the lines about the program's own methods and allocation sites, and masks timings.

SAMPLES_SRC=$ROOT/tests/samples

# samples_list: Name of every sample test, sorted.
samples_list() {
  for d in "$SAMPLES_SRC"/*/; do
    [ -f "$d/run" ] || continue
    d=${d%/}
    basename "$d"
  done | LC_ALL=C sort
}

# run_sample NAME: one sample test (see the header of this file).
run_sample() {
  name=$1
  label=samples/$name
  sp_src=$SAMPLES_SRC/$name
  sp_key=$( { echo "$JAVA_HOME"; for f in "$sp_src"/*.java; do [ -f "$f" ] && { echo "$f"; cat "$f"; }; done; } | cksum | tr ' ' '-')
  sp_base=$BUILD/samples/$name/$sp_key
  if [ ! -d "$sp_base" ]; then
    sp_tmp=$sp_base.tmp.$$
    rm -rf "$sp_tmp"; mkdir -p "$sp_tmp/classes"
    if ! "$JAVA_HOME/bin/javac" -d "$sp_tmp/classes" -XDstringConcat=inline "$sp_src"/*.java > "$sp_tmp/log" 2>&1 < /dev/null; then
      echo "FAIL $label"; echo "  javac failed:"; indent "$sp_tmp/log" 20; rm -rf "$sp_tmp"; return
    fi
    rm -f "$sp_tmp/log"
    install_dir "$sp_tmp" "$sp_base"
  fi
  work=$RUN_DIR/work/samples/$name
  rm -rf "$work"; mkdir -p "$work/cwd"
  # The VM under test, with GLASS_ENV, as a wrapper the script calls as $JAVA.
  printf '#!/bin/sh\nexec env %s "%s" "$@"\n' "$GLASS_ENV" "$IMAGE/bin/java" > "$work/java"
  chmod +x "$work/java"
  t0=$(now_ms)
  (cd "$work/cwd" || exit
   JAVA=$work/java SAMPLE_DIR=$sp_src SAMPLE_CLASSES=$sp_base/classes \
     timeout -k 5 "$TIMEOUT" sh "$sp_src/run" < /dev/null > "$work/out" 2> "$work/err"
   echo $? > "$work/rc") 2> /dev/null
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"
  rc=$(cat "$work/rc")
  if [ "$rc" = 0 ] && [ ! -s "$work/err" ] && cmp -s "$sp_src/expected" "$work/out"; then
    echo "PASS $label ($secs)"; return
  fi
  echo "FAIL $label ($secs)"
  [ "$rc" = 0 ] || echo "  exit status $rc"
  cmp -s "$sp_src/expected" "$work/out" || showdiff stdout "$sp_src/expected" "$work/out" | sed 's/- HotSpot/- expected/'
  if [ -s "$work/err" ]; then echo "  stderr:"; indent "$work/err" "$DIFF_LINES"; fi
  kept=$BUILD/failed/samples/$name
  rm -rf "$kept"; mkdir -p "$kept"
  cp -r "$work/out" "$work/err" "$work/cwd" "$kept/" 2>/dev/null
  echo "  outputs kept in build/tests/failed/samples/$name/"
}
