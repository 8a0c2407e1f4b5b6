# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/jvmti.sh — JVMTI agent tests for tests/run (sourced by it; POSIX sh).
#
# A test is a directory tests/jvmti/<category>/<Name>/ holding
#   agent.c        the agent (one C file; it may include "jvmti_test.h" from tests/jvmti/lib)
#   <Name>.java    the program (or Main.java); other *.java files there are compiled with it
#   options        optional, lines "KEY: value":
#                    VMOPTIONS: ...      extra VM options (@AGENT@ = the agent library's
#                                        path, @TESTSRC@ = the test directory)
#                    AGENTOPTIONS: ...   the agent's option string (-agentpath:LIB=...)
#                    AGENT: none         do not pass -agentpath (the VM options load it)
#                    ARGS: ...           program arguments
#                    ENV: VAR=value ...  environment of both VMs' runs (@AGENT@,
#                                        @AGENTDIR@ = the directory of the agent library;
#                                        an LD_PRELOAD here is appended to GlassVM's own)
#                    STDERR: ignore      compare only stdout and exit status
#                    JAVACFLAGS: ...     extra javac flags for the program's sources
#                                        (e.g. -g for LocalVariableTables)
#                    JAVACPLAIN: F.java ...  sources compiled first, on their own and
#                                        without JAVACFLAGS (e.g. a class that must lack
#                                        a LocalVariableTable); the others see them
#                    JAVALIB: F.java ... shared sources from tests/jvmti/lib compiled
#                                        with the program (e.g. Redef.java, the class-file
#                                        helper of the redefinition tests)
#                    ORACLE: self        GlassVM only, for behaviour HotSpot lacks (e.g.
#                                        -XX:+AllowEnhancedClassRedefinition): the program
#                                        checks itself; the test passes when both agents'
#                                        runs exit with status 0, print the same stdout,
#                                        some line starting "PASS" and none "FAIL"
#
# agent.c is compiled twice by gcc: against the JDK's include/jvmti.h and against
# GlassVM's include/jvmti.h. The expectation is HotSpot running the JDK-header agent;
# HotSpot running the GlassVM-header agent, and GlassVM running each of the two, must
# produce exactly the same stdout, stderr and exit status. Agents compiled against our
# header must therefore ask GetEnv for a version HotSpot 17 knows (JVMTI_VERSION_11 or
# older), never JVMTI_VERSION.
#
# Compiled forms are cached in build/tests/jvmti/<category>/<Name>/<key>/, HotSpot's
# outputs in build/tests/expected/jvmti/<category>/<Name>/<key>/, keyed by checksums of
# everything they depend on. Uses tests/run's runvm, install_dir, showdiff, indent, now_ms.

JVMTI_SRC=$ROOT/tests/jvmti

# jvmti_list: category/Name of every JVMTI test, sorted.
jvmti_list() {
  for d in "$JVMTI_SRC"/*/*/; do
    [ -f "$d/agent.c" ] || continue
    d=${d%/}
    echo "${d#"$JVMTI_SRC"/}"
  done | LC_ALL=C sort
}

# jvmti_opt KEY DIR: the value of "KEY: value" lines of DIR/options, joined by spaces.
jvmti_opt() {
  [ -f "$2/options" ] || return 0
  sed -n "s|^$1:[[:space:]]*||p" "$2/options" | tr '\n' ' ' | sed 's/[[:space:]]*$//'
}

# jvmti_srckey DIR: checksum of everything that determines the compiled test.
jvmti_srckey() {
  { echo "$JAVA_HOME"
    for f in "$1"/* "$JVMTI_SRC"/lib/* "$ROOT/include/jvmti.h"; do
      [ -f "$f" ] && { echo "$f"; cat "$f"; }
    done; } | cksum | tr ' ' '-'
}

# jvmti_build NAME: compiles the test if needed; sets jv_base (or prints the failure and
# returns 1).
jvmti_build() {
  jv_src=$JVMTI_SRC/$1
  jv_base=$BUILD/jvmti/$1/$(jvmti_srckey "$jv_src")
  [ -d "$jv_base" ] && return 0
  jv_tmp=$jv_base.tmp.$$
  rm -rf "$jv_tmp"; mkdir -p "$jv_tmp/classes" "$jv_tmp/jdk" "$jv_tmp/glass"
  jv_log=$jv_tmp/log
  jv_plain=$(jvmti_opt JAVACPLAIN "$jv_src")
  jv_srcs=
  for f in "$jv_src"/*.java; do
    case " $jv_plain " in *" $(basename "$f") "*) ;; *) jv_srcs="$jv_srcs $f" ;; esac
  done
  for f in $(jvmti_opt JAVALIB "$jv_src"); do jv_srcs="$jv_srcs $JVMTI_SRC/lib/$f"; done
  if [ -n "$jv_plain" ] &&
     ! (cd "$jv_src" && "$JAVA_HOME/bin/javac" -d "$jv_tmp/classes" -XDstringConcat=inline $jv_plain) > "$jv_log" 2>&1 < /dev/null; then
    echo "  javac (JAVACPLAIN) failed:"; indent "$jv_log" 20; rm -rf "$jv_tmp"; return 1
  fi
  # shellcheck disable=SC2046,SC2086
  if ! "$JAVA_HOME/bin/javac" -d "$jv_tmp/classes" -cp "$jv_tmp/classes" -XDstringConcat=inline \
       $(jvmti_opt JAVACFLAGS "$jv_src") $jv_srcs > "$jv_log" 2>&1 < /dev/null; then
    echo "  javac failed:"; indent "$jv_log" 20; rm -rf "$jv_tmp"; return 1
  fi
  jv_cflags="-shared -fPIC -O1 -g -Wall -Wextra -Werror -Wno-unused-parameter -pthread -I$JVMTI_SRC/lib"
  # shellcheck disable=SC2086
  if ! gcc $jv_cflags -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
       -o "$jv_tmp/jdk/libagent.so" "$jv_src/agent.c" > "$jv_log" 2>&1 < /dev/null; then
    echo "  gcc (JDK jvmti.h) failed:"; indent "$jv_log" 20; rm -rf "$jv_tmp"; return 1
  fi
  # shellcheck disable=SC2086
  if ! gcc $jv_cflags -I"$ROOT/include" -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
       -o "$jv_tmp/glass/libagent.so" "$jv_src/agent.c" > "$jv_log" 2>&1 < /dev/null; then
    echo "  gcc (GlassVM jvmti.h) failed:"; indent "$jv_log" 20; rm -rf "$jv_tmp"; return 1
  fi
  rm -f "$jv_log"
  install_dir "$jv_tmp" "$jv_base"
  # Drop compiled forms of older versions of this test.
  find "$BUILD/jvmti/$1" -mindepth 1 -maxdepth 1 ! -name "$(basename "$jv_base")" -mmin +10 \
    -exec rm -rf {} + 2>/dev/null
  return 0
}

# jvmti_run VM VARIANT OUT [ENV]: runs the test on VM (a java executable) with the agent
# compiled against VARIANT's header (jdk or glass), leaving OUT/{out,err,rc}.
jvmti_run() {
  jv_lib=$jv_base/$2/libagent.so
  jv_subst="s|@AGENT@|$jv_lib|g;s|@AGENTDIR@|$jv_base/$2|g;s|@TESTSRC@|$jv_src|g"
  jv_env="${4:-} $(jvmti_opt ENV "$jv_src" | sed "$jv_subst")"
  # Two LD_PRELOADs (the sanitizer runtime's and the test's): keep both, runtime first.
  jv_p1=$(echo " ${4:-} " | sed -n 's/.* LD_PRELOAD=\([^ ]*\) .*/\1/p')
  jv_p2=$(echo " $(jvmti_opt ENV "$jv_src") " | sed -n 's/.* LD_PRELOAD=\([^ ]*\) .*/\1/p' | sed "$jv_subst")
  if [ -n "$jv_p1" ] && [ -n "$jv_p2" ]; then
    jv_env="$(echo "$jv_env" | tr ' ' '\n' | grep -v '^LD_PRELOAD=' | tr '\n' ' ') LD_PRELOAD=$jv_p1:$jv_p2"
  fi
  jv_vmopts=$(jvmti_opt VMOPTIONS "$jv_src" | sed "$jv_subst")
  if [ "$(jvmti_opt AGENT "$jv_src")" != none ]; then
    jv_aopts=$(jvmti_opt AGENTOPTIONS "$jv_src")
    jv_vmopts="-agentpath:$jv_lib${jv_aopts:+=$jv_aopts} $jv_vmopts"
  fi
  runvm "$1" "$3" "$jv_base/classes" "$jv_main" "$jv_vmopts" "$(jvmti_opt ARGS "$jv_src" | sed "$jv_subst")" "$jv_env"
}

# jvmti_same EXP ACT: do two runs agree (stdout, exit status, and stderr unless ignored)?
jvmti_same() {
  cmp -s "$1/out" "$2/out" && cmp -s "$1/rc" "$2/rc" &&
    { [ "$jv_stderr" = ignore ] || cmp -s "$1/err" "$2/err"; }
}

# jvmti_report WHAT EXP ACT: explains how a run differs from the expectation.
jvmti_report() {
  echo "  $1:"
  erc=$(cat "$2/rc"); arc=$(cat "$3/rc")
  [ "$erc" = "$arc" ] || echo "  exit status: expected $erc, got $arc"
  cmp -s "$2/out" "$3/out" || showdiff stdout "$2/out" "$3/out"
  if [ "$jv_stderr" != ignore ] && ! cmp -s "$2/err" "$3/err"; then showdiff stderr "$2/err" "$3/err"; fi
}

# run_jvmti_self: a test with "ORACLE: self" (run_jvmti's variables): GlassVM alone.
run_jvmti_self() {
  t0=$(now_ms)
  jvmti_run "$IMAGE/bin/java" jdk "$work/glassvm-jdk" "$GLASS_ENV"
  jvmti_run "$IMAGE/bin/java" glass "$work/glassvm-glass" "$GLASS_ENV"
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"
  ok=1
  for v in jdk glass; do
    r=$work/glassvm-$v
    [ "$(cat "$r/rc")" = 0 ] && grep -q '^PASS' "$r/out" && ! grep -q '^FAIL' "$r/out" || ok=0
  done
  cmp -s "$work/glassvm-jdk/out" "$work/glassvm-glass/out" || ok=0
  if [ $ok = 1 ]; then echo "PASS $label ($secs, self-checked)"; return; fi
  echo "FAIL $label ($secs, self-checked)"
  for v in jdk glass; do
    r=$work/glassvm-$v
    echo "  GlassVM with the agent built against the $v jvmti.h: exit status $(cat "$r/rc")"
    grep -v '^PASS' "$r/out" > "$r/notpass"; indent "$r/notpass" 20
    indent "$r/err" 20
  done
  kept=$BUILD/failed/jvmti/$name
  rm -rf "$kept"; mkdir -p "$kept"
  cp -r "$work/glassvm-jdk" "$work/glassvm-glass" "$kept/"
  echo "  outputs kept in build/tests/failed/jvmti/$name/"
}

# run_jvmti NAME: one JVMTI test (see the header of this file).
run_jvmti() {
  name=$1
  label=jvmti/$name
  jv_out=$(jvmti_build "$name") || { echo "FAIL $label"; echo "$jv_out"; return; }
  jvmti_build "$name" > /dev/null # sets jv_base in this shell (cached now)
  jv_main=Main
  [ -f "$jv_src/$(basename "$name").java" ] && jv_main=$(basename "$name")
  jv_stderr=$(jvmti_opt STDERR "$jv_src")
  work=$RUN_DIR/work/jvmti/$name
  mkdir -p "$work"
  if [ "$(jvmti_opt ORACLE "$jv_src")" = self ]; then run_jvmti_self; return; fi

  # HotSpot with each agent (cached): the JDK-header run is the expectation.
  for v in jdk glass; do
    hkey=$( { echo "$JAVA_HOME|$HOTSPOT_OPTS|$v"; cat "$jv_src/options" 2>/dev/null
              find "$jv_base" -type f | LC_ALL=C sort | while read -r f; do echo "$f"; cat "$f"; done; } |
            cksum | tr ' ' '-')
    hexp=$BUILD/expected/jvmti/$name/$hkey
    if [ -n "$NOCACHE" ] || [ ! -f "$hexp/rc" ]; then
      jvmti_run "$JAVA_HOME/bin/java" "$v" "$work/hotspot-$v"
      if [ "$(cat "$work/hotspot-$v/rc")" = 124 ]; then
        echo "FAIL $label"; echo "  HotSpot itself timed out after $TIMEOUT s ($v agent)"; return
      fi
      cp -r "$work/hotspot-$v" "$work/hotspot-$v.cache" && install_dir "$work/hotspot-$v.cache" "$hexp"
    fi
    eval "hs_$v=\$hexp"
  done

  t0=$(now_ms)
  jvmti_run "$IMAGE/bin/java" jdk "$work/glassvm-jdk" "$GLASS_ENV"
  jvmti_run "$IMAGE/bin/java" glass "$work/glassvm-glass" "$GLASS_ENV"
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"

  # shellcheck disable=SC2154
  ok=1
  jvmti_same "$hs_jdk" "$hs_glass" || ok=0
  jvmti_same "$hs_jdk" "$work/glassvm-jdk" || ok=0
  jvmti_same "$hs_jdk" "$work/glassvm-glass" || ok=0
  if [ $ok = 1 ]; then echo "PASS $label ($secs)"; return; fi
  echo "FAIL $label ($secs)"
  rm -rf "$work/hotspot-glass"; cp -r "$hs_glass" "$work/hotspot-glass" # (diffs are written beside it)
  jvmti_same "$hs_jdk" "$hs_glass" ||
    jvmti_report "HotSpot with the agent built against GlassVM's jvmti.h" "$hs_jdk" "$work/hotspot-glass"
  jvmti_same "$hs_jdk" "$work/glassvm-jdk" ||
    jvmti_report "GlassVM with the agent built against the JDK's jvmti.h" "$hs_jdk" "$work/glassvm-jdk"
  jvmti_same "$hs_jdk" "$work/glassvm-glass" ||
    jvmti_report "GlassVM with the agent built against GlassVM's jvmti.h" "$hs_jdk" "$work/glassvm-glass"
  kept=$BUILD/failed/jvmti/$name
  rm -rf "$kept"; mkdir -p "$kept"
  cp -r "$hs_jdk" "$kept/hotspot"
  cp -r "$work/hotspot-glass" "$work/glassvm-jdk" "$work/glassvm-glass" "$kept/"
  echo "  outputs kept in build/tests/failed/jvmti/$name/"
}
