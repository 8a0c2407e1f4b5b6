# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/jdb.sh — debugger tests for tests/run (sourced by it; POSIX sh).
#
# A test is a directory tests/jdb/<Name>/ holding <Name>.java (the debuggee, compiled
# with javac -g; other *.java files there are compiled with it) and `session`, a script
# of jdb-like commands that tests/lib/JdbDriver.java plays through JDI and the JDK's JDWP
# agent, waiting for each event so that the transcript does not depend on timing. The
# driver always runs on HotSpot; the debuggee runs on HotSpot (the expectation, cached
# in build/tests/expected/jdb/<Name>/<key>/) and on GlassVM, and the transcripts, the
# debuggee's output and the exit statuses must be identical. GLASS_ENV applies to the
# GlassVM debuggee only (through a wrapper `java` in a scratch JDK home).
#
# A test for behaviour HotSpot lacks (e.g. -XX:+AllowEnhancedClassRedefinition) has an
# `options` file with the lines "VMOPTIONS: ..." (the debuggee's VM options) and
# "ORACLE: self": it runs on GlassVM alone, and its transcript must equal the file
# `expected` in its directory, written from the behaviour the test checks.

JDB_SRC=$ROOT/tests/jdb

# jdb_list: Name of every debugger test, sorted.
jdb_list() {
  for d in "$JDB_SRC"/*/; do
    [ -f "$d/session" ] || continue
    d=${d%/}
    echo "${d#"$JDB_SRC"/}"
  done | LC_ALL=C sort
}

# jdb_build NAME: compiles the driver and the debuggee if needed; sets jd_base.
jdb_build() {
  jd_src=$JDB_SRC/$1
  jd_key=$( { echo "$JAVA_HOME"; for f in "$jd_src"/*.java "$ROOT/tests/lib/JdbDriver.java"; do
              echo "$f"; cat "$f"; done; } | cksum | tr ' ' '-')
  jd_base=$BUILD/jdb/$1/$jd_key
  [ -d "$jd_base" ] && return 0
  jd_tmp=$jd_base.tmp.$$
  rm -rf "$jd_tmp"; mkdir -p "$jd_tmp/classes" "$jd_tmp/driver"
  if ! "$JAVA_HOME/bin/javac" -g -d "$jd_tmp/classes" -XDstringConcat=inline "$jd_src"/*.java \
       > "$jd_tmp/log" 2>&1 < /dev/null ||
     ! "$JAVA_HOME/bin/javac" -d "$jd_tmp/driver" "$ROOT/tests/lib/JdbDriver.java" >> "$jd_tmp/log" 2>&1 < /dev/null; then
    echo "  javac failed:"; indent "$jd_tmp/log" 20; rm -rf "$jd_tmp"; return 1
  fi
  rm -f "$jd_tmp/log"
  install_dir "$jd_tmp" "$jd_base"
  return 0
}

# jdb_opt KEY: the value of "KEY: value" lines of the test's options file, if any.
jdb_opt() {
  [ -f "$jd_src/options" ] || return 0
  sed -n "s|^$1:[[:space:]]*||p" "$jd_src/options" | tr '\n' ' ' | sed 's/[[:space:]]*$//'
}

# jdb_run HOME OUT: the session with the debuggee on HOME/bin/java; OUT/{out,err,rc}.
jdb_run() {
  rm -rf "$2"; mkdir -p "$2/cwd"
  (cd "$2/cwd" || exit
   timeout -k 5 "$TIMEOUT" "$JAVA_HOME/bin/java" -cp "$jd_base/driver" JdbDriver "$1" "$jd_base/classes" \
       "$jd_name" "$jd_src/session" "$(jdb_opt VMOPTIONS)" < /dev/null > "$2/out" 2> "$2/err"
   echo $? > "$2/rc") 2> /dev/null
  rm -rf "$2/cwd"
}

# run_jdb NAME: one debugger test.
run_jdb() {
  jd_name=$1
  label=jdb/$1
  jd_out=$(jdb_build "$1") || { echo "FAIL $label"; echo "$jd_out"; return; }
  jdb_build "$1" > /dev/null # sets jd_base in this shell (cached now)
  work=$RUN_DIR/work/jdb/$1
  mkdir -p "$work"
  hkey=$( { echo "$JAVA_HOME|$jd_base"; cat "$jd_src/session"; } | cksum | tr ' ' '-')
  hexp=$BUILD/expected/jdb/$1/$hkey
  if [ "$(jdb_opt ORACLE)" = self ]; then
    # GlassVM alone: the expectation is the test's own `expected` transcript.
    hexp=$work/self
    mkdir -p "$hexp"; cp "$jd_src/expected" "$hexp/out"; echo 0 > "$hexp/rc"
  elif [ -n "$NOCACHE" ] || [ ! -f "$hexp/rc" ]; then
    jdb_run "$JAVA_HOME" "$work/hotspot"
    if [ "$(cat "$work/hotspot/rc")" != 0 ]; then
      echo "FAIL $label"; echo "  the session failed with HotSpot as the debuggee:"; indent "$work/hotspot/err" 20; return
    fi
    cp -r "$work/hotspot" "$work/hotspot.cache" && install_dir "$work/hotspot.cache" "$hexp"
  fi
  # GlassVM's home: a wrapper java that adds GLASS_ENV, the image for everything else.
  ghome=$work/home
  mkdir -p "$ghome/bin"
  printf '#!/bin/sh\nexec env %s "%s/bin/java" "$@"\n' "$GLASS_ENV" "$IMAGE" > "$ghome/bin/java"
  chmod +x "$ghome/bin/java"
  t0=$(now_ms)
  jdb_run "$ghome" "$work/glassvm"
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"
  if cmp -s "$hexp/out" "$work/glassvm/out" && cmp -s "$hexp/rc" "$work/glassvm/rc"; then
    echo "PASS $label ($secs)"; return
  fi
  echo "FAIL $label"
  [ "$(cat "$hexp/rc")" = "$(cat "$work/glassvm/rc")" ] || echo "  driver exit status: expected $(cat "$hexp/rc"), got $(cat "$work/glassvm/rc")"
  cmp -s "$hexp/out" "$work/glassvm/out" || showdiff transcript "$hexp/out" "$work/glassvm/out"
  [ -s "$work/glassvm/err" ] && { echo "  driver stderr:"; indent "$work/glassvm/err" 10; }
  mkdir -p "$BUILD/failed/jdb/$1" && rm -rf "$BUILD/failed/jdb/$1/glassvm" && cp -r "$work/glassvm" "$BUILD/failed/jdb/$1/"
}
