# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/jvmpi.sh — JVMPI agent tests for tests/run (sourced by it; POSIX sh).
#
# HotSpot 17 has no JVMPI, so these tests have no oracle VM: the expectation is written
# by hand from what the program does (it calls a method exactly 1000 times, allocates
# 500 instances of a class, starts 3 named threads, ...), or the agent checks itself and
# prints PASS lines. It is never produced by running GlassVM.
#
# A test is a directory tests/jvmpi/<Name>/ holding
#   agent.c        the agent (one C file, compiled against GlassVM's include/jvmpi.h; it
#                  may include "jvmpi_test.h" from tests/jvmpi/lib), loaded with
#                  -Xrunjvmpitest[:AGENTOPTIONS] (its JVM_OnLoad)
#   <Name>.java    the program (or Main.java); other *.java files there are compiled too
#   expected       the expected stdout, exactly
#   options        optional, lines "KEY: value":
#                    VMOPTIONS: ...      extra VM options (@AGENTDIR@ = the directory of
#                                        the agent library)
#                    AGENTOPTIONS: ...   the agent's option string
#                    ARGS: ...           program arguments
#                    EXIT: n             the expected exit status (default 0)
#                    STDERR: ignore      do not require an empty stderr
#                    JAVACFLAGS: ...     extra javac flags
# The run passes when stdout equals `expected`, the exit status is EXIT and (unless
# ignored) nothing was written to stderr. Compiled forms are cached in
# build/tests/jvmpi/<Name>/<key>/. Uses tests/run's runvm, install_dir, showdiff, indent,
# now_ms and tests/lib/jvmti.sh's jvmti_opt.

JVMPI_SRC=$ROOT/tests/jvmpi

# jvmpi_list: Name of every JVMPI test, sorted.
jvmpi_list() {
  for d in "$JVMPI_SRC"/*/; do
    [ -f "$d/agent.c" ] || continue
    d=${d%/}
    basename "$d"
  done | LC_ALL=C sort
}

# jvmpi_srckey DIR: checksum of everything that determines the compiled test.
jvmpi_srckey() {
  { echo "$JAVA_HOME"
    for f in "$1"/* "$JVMPI_SRC"/lib/* "$ROOT/include/jvmpi.h"; do
      [ -f "$f" ] && { echo "$f"; cat "$f"; }
    done; } | cksum | tr ' ' '-'
}

# jvmpi_build NAME: compiles the test if needed; sets jp_base (or prints the failure and
# returns 1).
jvmpi_build() {
  jp_src=$JVMPI_SRC/$1
  jp_base=$BUILD/jvmpi/$1/$(jvmpi_srckey "$jp_src")
  [ -d "$jp_base" ] && return 0
  jp_tmp=$jp_base.tmp.$$
  rm -rf "$jp_tmp"; mkdir -p "$jp_tmp/classes" "$jp_tmp/lib"
  jp_log=$jp_tmp/log
  # shellcheck disable=SC2046,SC2086
  if ! "$JAVA_HOME/bin/javac" -d "$jp_tmp/classes" -XDstringConcat=inline \
       $(jvmti_opt JAVACFLAGS "$jp_src") "$jp_src"/*.java > "$jp_log" 2>&1 < /dev/null; then
    echo "  javac failed:"; indent "$jp_log" 20; rm -rf "$jp_tmp"; return 1
  fi
  if ! gcc -shared -fPIC -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter -pthread \
       -I"$JVMPI_SRC/lib" -I"$ROOT/include" -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
       -o "$jp_tmp/lib/libjvmpitest.so" "$jp_src/agent.c" > "$jp_log" 2>&1 < /dev/null; then
    echo "  gcc failed:"; indent "$jp_log" 20; rm -rf "$jp_tmp"; return 1
  fi
  rm -f "$jp_log"
  install_dir "$jp_tmp" "$jp_base"
  find "$BUILD/jvmpi/$1" -mindepth 1 -maxdepth 1 ! -name "$(basename "$jp_base")" -mmin +10 \
    -exec rm -rf {} + 2>/dev/null
  return 0
}

# run_jvmpi NAME: one JVMPI test (see the header of this file).
run_jvmpi() {
  name=$1
  label=jvmpi/$name
  jp_out=$(jvmpi_build "$name") || { echo "FAIL $label"; echo "$jp_out"; return; }
  jvmpi_build "$name" > /dev/null # sets jp_base in this shell (cached now)
  jp_main=Main
  [ -f "$jp_src/$name.java" ] && jp_main=$name
  work=$RUN_DIR/work/jvmpi/$name
  mkdir -p "$work"
  jp_subst="s|@AGENTDIR@|$jp_base/lib|g;s|@TESTSRC@|$jp_src|g"
  jp_aopts=$(jvmti_opt AGENTOPTIONS "$jp_src")
  jp_vmopts="-Djava.library.path=$jp_base/lib -Xrunjvmpitest${jp_aopts:+:$jp_aopts} $(jvmti_opt VMOPTIONS "$jp_src" | sed "$jp_subst")"
  t0=$(now_ms)
  runvm "$IMAGE/bin/java" "$work/glassvm" "$jp_base/classes" "$jp_main" "$jp_vmopts" \
    "$(jvmti_opt ARGS "$jp_src" | sed "$jp_subst")" "$GLASS_ENV"
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"
  jp_exit=$(jvmti_opt EXIT "$jp_src"); jp_exit=${jp_exit:-0}
  jp_rc=$(cat "$work/glassvm/rc")
  ok=1
  cmp -s "$jp_src/expected" "$work/glassvm/out" || ok=0
  [ "$jp_rc" = "$jp_exit" ] || ok=0
  if [ "$(jvmti_opt STDERR "$jp_src")" != ignore ] && [ -s "$work/glassvm/err" ]; then ok=0; fi
  if [ $ok = 1 ]; then echo "PASS $label ($secs)"; return; fi
  echo "FAIL $label ($secs)"
  if [ "$jp_rc" = 124 ] || [ "$jp_rc" = 137 ]; then echo "  timed out after $TIMEOUT s"
  elif [ "$jp_rc" -gt 128 ]; then echo "  GlassVM died from signal $((jp_rc - 128))"; fi
  [ "$jp_rc" = "$jp_exit" ] || echo "  exit status: expected $jp_exit, got $jp_rc"
  cmp -s "$jp_src/expected" "$work/glassvm/out" || showdiff stdout "$jp_src/expected" "$work/glassvm/out" | sed 's/- HotSpot/- expected/'
  if [ "$(jvmti_opt STDERR "$jp_src")" != ignore ] && [ -s "$work/glassvm/err" ]; then
    echo "  stderr:"; indent "$work/glassvm/err" "$DIFF_LINES"
  fi
  kept=$BUILD/failed/jvmpi/$name
  rm -rf "$kept"; mkdir -p "$kept"
  cp -r "$work/glassvm" "$kept/"
  echo "  outputs kept in build/tests/failed/jvmpi/$name/"
}
