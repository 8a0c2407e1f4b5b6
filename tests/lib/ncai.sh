# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/ncai.sh — NCAI agent tests for tests/run (sourced by it; POSIX sh).
#
# HotSpot has no NCAI, so there is no oracle VM: each test's expectation is written by
# hand from what the program knows about its own native code (the addresses of its
# functions, its call depths, the values it writes, the signal it provokes), never
# produced by running GlassVM. A test is a directory tests/ncai/<Name>/ holding
#   agent.c        the agent (one C file; it may include "ncai_test.h" from tests/ncai/lib),
#                  compiled against GlassVM's include/ncai.h and include/jvmti.h
#   Main.java      the program (other *.java files there, and tests/ncai/lib/*.java: class
#                  Native, the shared JNI library, are compiled with it)
#   *.c            besides agent.c: JNI libraries of the test, each compiled into
#                  lib<file>.so in the library directory (-Djava.library.path); the
#                  shared one tests/ncai/lib/ncainative.c (known functions to break in,
#                  step through, watch, unwind through, fault in) is always there too,
#                  as libncainative.so, with libncaiplugin.so (tests/ncai/lib/ncaiplugin.c)
#                  for dlopen from native code
#   expected       the expected stdout, exactly (hand-written)
#   options        optional, lines "KEY: value":
#                    VMOPTIONS: ...      extra VM options
#                    AGENTOPTIONS: ...   the agent's option string
#                    ARGS: ...           program arguments
#                    RC: n               expected exit status (default 0)
#                    STDERR: ignore      do not require an empty stderr
#                    PRELOAD: name       LD_PRELOAD the test's lib<name>.so into GlassVM
#                                        (after a preload GLASS_ENV has: ASan's runtime)
# The program runs with -Djava.library.path=<the libraries> and -Dtest.agent=<the agent
# library> (System.load it to call the agent's Java_Main_* natives) and -Dtest.jdk=<the JDK
# whose tools (jcmd) a test may run against GlassVM>.
# The run passes when stdout equals `expected`, the exit status is RC, and stderr is
# empty (unless ignored). Compiled forms are cached in build/tests/ncai/<Name>/<key>/.
# Uses tests/run's runvm, install_dir, showdiff, indent, now_ms.

NCAI_SRC=$ROOT/tests/ncai

# ncai_list: Name of every NCAI test, sorted.
ncai_list() {
  for d in "$NCAI_SRC"/*/; do
    [ -f "$d/agent.c" ] || continue
    d=${d%/}
    basename "$d"
  done | LC_ALL=C sort
}

# ncai_opt KEY DIR: the value of "KEY: value" lines of DIR/options, joined by spaces.
ncai_opt() {
  [ -f "$2/options" ] || return 0
  sed -n "s|^$1:[[:space:]]*||p" "$2/options" | tr '\n' ' ' | sed 's/[[:space:]]*$//'
}

# ncai_srckey DIR: checksum of everything that determines the compiled test.
ncai_srckey() {
  { echo "$JAVA_HOME"
    for f in "$1"/* "$NCAI_SRC"/lib/* "$ROOT/include/jvmti.h" "$ROOT/include/ncai.h"; do
      [ -f "$f" ] && { echo "$f"; cat "$f"; }
    done; } | cksum | tr ' ' '-'
}

# ncai_build NAME: compiles the test if needed; sets nc_base (or prints the failure and
# returns 1).
ncai_build() {
  nc_src=$NCAI_SRC/$1
  nc_base=$BUILD/ncai/$1/$(ncai_srckey "$nc_src")
  [ -d "$nc_base" ] && return 0
  nc_tmp=$nc_base.tmp.$$
  rm -rf "$nc_tmp"; mkdir -p "$nc_tmp/classes" "$nc_tmp/lib"
  nc_log=$nc_tmp/log
  # shellcheck disable=SC2086
  if ! "$JAVA_HOME/bin/javac" -d "$nc_tmp/classes" -XDstringConcat=inline "$nc_src"/*.java "$NCAI_SRC"/lib/*.java > "$nc_log" 2>&1 < /dev/null; then
    echo "  javac failed:"; indent "$nc_log" 20; rm -rf "$nc_tmp"; return 1
  fi
  nc_cflags="-shared -fPIC -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter -pthread -I$NCAI_SRC/lib -I$ROOT/include -I$JAVA_HOME/include -I$JAVA_HOME/include/linux"
  for f in "$nc_src"/*.c "$NCAI_SRC"/lib/*.c; do
    [ -f "$f" ] || continue
    b=$(basename "$f" .c)
    out=$nc_tmp/lib/lib$b.so
    [ "$b" = agent ] && out=$nc_tmp/libagent.so
    # shellcheck disable=SC2086
    if ! gcc $nc_cflags -o "$out" "$f" -ldl > "$nc_log" 2>&1 < /dev/null; then
      echo "  gcc $(basename "$f") failed:"; indent "$nc_log" 20; rm -rf "$nc_tmp"; return 1
    fi
  done
  rm -f "$nc_log"
  install_dir "$nc_tmp" "$nc_base"
  find "$BUILD/ncai/$1" -mindepth 1 -maxdepth 1 ! -name "$(basename "$nc_base")" -mmin +10 \
    -exec rm -rf {} + 2>/dev/null
  return 0
}

# run_ncai NAME: one NCAI test (see the header of this file).
run_ncai() {
  name=$1
  label=ncai/$name
  nc_out=$(ncai_build "$name") || { echo "FAIL $label"; echo "$nc_out"; return; }
  ncai_build "$name" > /dev/null # sets nc_base in this shell (cached now)
  work=$RUN_DIR/work/ncai/$name
  mkdir -p "$work"
  nc_aopts=$(ncai_opt AGENTOPTIONS "$nc_src")
  nc_vmopts="-agentpath:$nc_base/libagent.so${nc_aopts:+=$nc_aopts} -Djava.library.path=$nc_base/lib -Dtest.agent=$nc_base/libagent.so -Dtest.jdk=$JAVA_HOME $(ncai_opt VMOPTIONS "$nc_src")"
  nc_rc=$(ncai_opt RC "$nc_src"); nc_rc=${nc_rc:-0}
  t0=$(now_ms)
  nc_env=$GLASS_ENV
  nc_pre=$(ncai_opt PRELOAD "$nc_src")
  if [ -n "$nc_pre" ]; then
    nc_lib=$nc_base/lib/lib$nc_pre.so
    case " $nc_env" in
      *" LD_PRELOAD="*) nc_env=$(printf '%s\n' "$nc_env" | sed "s|LD_PRELOAD=\([^ ]*\)|LD_PRELOAD=\1:$nc_lib|") ;;
      *) nc_env="$nc_env LD_PRELOAD=$nc_lib" ;;
    esac
  fi
  runvm "$IMAGE/bin/java" "$work/glassvm" "$nc_base/classes" Main "$nc_vmopts" "$(ncai_opt ARGS "$nc_src")" "$nc_env"
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"
  act=$work/glassvm
  ok=1
  cmp -s "$nc_src/expected" "$act/out" || ok=0
  [ "$(cat "$act/rc")" = "$nc_rc" ] || ok=0
  if [ "$(ncai_opt STDERR "$nc_src")" != ignore ] && [ -s "$act/err" ]; then ok=0; fi
  if [ $ok = 1 ]; then echo "PASS $label ($secs)"; return; fi
  echo "FAIL $label ($secs)"
  arc=$(cat "$act/rc")
  if [ "$arc" = 124 ] || [ "$arc" = 137 ]; then echo "  timed out after $TIMEOUT s"
  elif [ "$arc" != "$nc_rc" ]; then echo "  exit status: expected $nc_rc, got $arc"; fi
  if ! cmp -s "$nc_src/expected" "$act/out"; then
    echo "  stdout differs (- expected, + GlassVM):"
    diff -u "$nc_src/expected" "$act/out" | tail -n +3 > "$act/out.diff"
    indent "$act/out.diff" "$DIFF_LINES"
  fi
  if [ "$(ncai_opt STDERR "$nc_src")" != ignore ] && [ -s "$act/err" ]; then
    echo "  stderr is not empty:"; indent "$act/err" "$DIFF_LINES"
  fi
  kept=$BUILD/failed/ncai/$name
  rm -rf "$kept"; mkdir -p "$kept"
  cp -r "$act" "$kept/glassvm"
  echo "  outputs kept in build/tests/failed/ncai/$name/"
}
