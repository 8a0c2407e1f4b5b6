# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/apps.sh — real programs for tests/run (sourced by it; POSIX sh).
#
# An app is a directory tests/apps/<Name>/ holding `run`, a sh script that runs one
# workload of a real third-party program or library (Debian's packages of it) on the VM
# it is given, and whatever the workload needs (*.java sources, scripts, data). Its
# leading `#` comment lines may hold directives:
#   # PACKAGES: groovy                  the Debian packages it needs (for the SKIP line;
#                                       .ci/run installs the cheap ones)
#   # CLASSPATH: /usr/share/java/x.jar:...   jars the *.java sources are compiled against
#                                       and run with; each must exist
#   # REQUIRES: /usr/share/maven/bin/mvn ...  other files that must exist
#   # STDERR: ignore                    compare only stdout and exit status
# When a CLASSPATH or REQUIRES file is missing, the app is reported as
#   SKIP apps/<Name> (not installed: PACKAGES)
# and counts neither as passed nor as failed. Otherwise the *.java files are compiled by
# the JDK's javac against CLASSPATH (cached in build/tests/apps/<Name>/<key>/), and `run`
# is run by sh in a fresh scratch directory with
#   JAVA_HOME      the VM under test's home (HotSpot: $JAVA_HOME; GlassVM: a scratch home
#                  whose bin/java runs $IMAGE/bin/java with GLASS_ENV)
#   JAVA           $JAVA_HOME/bin/java
#   APP_DIR        tests/apps/<Name>
#   APP_CLASSPATH  the compiled classes, then CLASSPATH
# and stdin from /dev/null, once with HotSpot (the expectation, cached in
# build/tests/expected/apps/<Name>/<key>/ under a checksum of the app, its compiled
# classes and the size and time of every CLASSPATH/REQUIRES file) and once with GlassVM;
# stdout, stderr and exit status must be identical. A workload prints only what does not
# depend on the VM or the run (mask times in `run` with sed if the program prints them)
# and keeps to a few seconds of HotSpot time.
#
# tests/apps/known-failing lists apps that fail on GlassVM today for a known reason being
# fixed elsewhere, one per line: "<Name> <issue and reason>". Such an app that fails is
# reported as "XFAIL apps/<Name>" with the reason and its diff (neither passed nor
# failed); one that passes is a PASS with a note to remove its entry.

APPS_SRC=$ROOT/tests/apps

# apps_list: Name of every app, sorted.
apps_list() {
  for d in "$APPS_SRC"/*/; do
    [ -f "$d/run" ] || continue
    d=${d%/}
    echo "${d#"$APPS_SRC"/}"
  done | LC_ALL=C sort
}

# app_opt KEY DIR: the values of "# KEY: value" in DIR/run's leading comment lines.
app_opt() {
  sed -n -e '/^#/!q' -e "s|^#[[:space:]]*$1:[[:space:]]*||p" "$2/run" | tr '\n' ' ' | sed 's/[[:space:]]*$//'
}

# app_files DIR: the CLASSPATH and REQUIRES files of the app, one per line.
app_files() {
  { app_opt CLASSPATH "$1" | tr ':' '\n'; echo; app_opt REQUIRES "$1" | tr ' ' '\n'; echo; } | sed '/^$/d'
}

# app_build NAME: compiles the app's Java sources if needed; sets ap_base (or prints the
# failure and returns 1).
app_build() {
  ap_src=$APPS_SRC/$1
  ap_cp=$(app_opt CLASSPATH "$ap_src")
  ap_key=$( { echo "$JAVA_HOME|$ap_cp"; for f in "$ap_src"/*.java; do [ -f "$f" ] && { echo "$f"; cat "$f"; }; done; } |
            cksum | tr ' ' '-')
  ap_base=$BUILD/apps/$1/$ap_key
  [ -d "$ap_base" ] && return 0
  ap_tmp=$ap_base.tmp.$$
  rm -rf "$ap_tmp"; mkdir -p "$ap_tmp/classes"
  set --
  for f in "$ap_src"/*.java; do [ -f "$f" ] && set -- "$@" "$f"; done
  if [ $# -gt 0 ] &&
     ! "$JAVA_HOME/bin/javac" -nowarn -d "$ap_tmp/classes" -cp "${ap_cp:-.}" "$@" > "$ap_tmp/log" 2>&1 < /dev/null; then
    echo "  javac failed:"; indent "$ap_tmp/log" 20; rm -rf "$ap_tmp"; return 1
  fi
  rm -f "$ap_tmp/log"
  install_dir "$ap_tmp" "$ap_base"
  # Drop compiled forms of older versions (unless another runner may still use one).
  find "${ap_base%/*}" -mindepth 1 -maxdepth 1 ! -name "$ap_key" -mmin +10 -exec rm -rf {} + 2>/dev/null
  return 0
}

# app_run HOME OUT: the app's run script with HOME's java; OUT/{out,err,rc}.
app_run() {
  rm -rf "$2"; mkdir -p "$2/cwd"
  (cd "$2/cwd" || exit
   timeout -k 5 "$TIMEOUT" env JAVA_HOME="$1" JAVA="$1/bin/java" APP_DIR="$ap_src" \
       APP_CLASSPATH="$ap_base/classes${ap_cp:+:$ap_cp}" sh "$ap_src/run" < /dev/null > "$2/out" 2> "$2/err"
   echo $? > "$2/rc") 2> /dev/null
  rm -rf "$2/cwd"
}

# run_app NAME: one app.
run_app() {
  label=apps/$1
  ap_src=$APPS_SRC/$1
  ap_missing=
  for f in $(app_files "$ap_src"); do [ -e "$f" ] || ap_missing="$ap_missing $f"; done
  if [ -n "$ap_missing" ]; then
    echo "SKIP $label (not installed: $(app_opt PACKAGES "$ap_src"); missing$ap_missing)"; return
  fi
  ap_known=$(sed -n "s/^$1[[:space:]][[:space:]]*//p" "$APPS_SRC/known-failing" 2>/dev/null | head -n 1)
  ap_out=$(app_build "$1") || { echo "FAIL $label"; echo "$ap_out"; return; }
  app_build "$1" > /dev/null # sets ap_base in this shell (cached now)
  work=$RUN_DIR/work/apps/$1
  mkdir -p "$work"

  # HotSpot's output, cached under a checksum of everything it depends on.
  hkey=$( { echo "$JAVA_HOME|$ap_base"
            find -L "$ap_src" -type f | LC_ALL=C sort | while read -r f; do echo "$f"; cat "$f"; done
            for f in $(app_files "$ap_src"); do ls -lLd "$f"; done; } | cksum | tr ' ' '-')
  hexp=$BUILD/expected/apps/$1/$hkey
  if [ -n "$NOCACHE" ] || [ ! -f "$hexp/rc" ]; then
    app_run "$JAVA_HOME" "$work/hotspot"
    if [ "$(cat "$work/hotspot/rc")" = 124 ]; then
      echo "FAIL $label"; echo "  HotSpot itself timed out after $TIMEOUT s"; return
    fi
    cp -r "$work/hotspot" "$work/hotspot.cache" && install_dir "$work/hotspot.cache" "$hexp"
  fi

  # GlassVM's home: a wrapper java that adds GLASS_ENV (scripts such as mvn take
  # $JAVA_HOME/bin/java).
  ghome=$work/home
  mkdir -p "$ghome/bin"
  printf '#!/bin/sh\nexec env %s "%s/bin/java" "$@"\n' "$GLASS_ENV" "$IMAGE" > "$ghome/bin/java"
  chmod +x "$ghome/bin/java"
  t0=$(now_ms)
  app_run "$ghome" "$work/glassvm"
  t1=$(now_ms); ms=$((t1 - t0)); secs="$((ms / 1000)).$((ms % 1000 / 100))s"

  erc=$(cat "$hexp/rc"); arc=$(cat "$work/glassvm/rc")
  ok=1
  cmp -s "$hexp/out" "$work/glassvm/out" || ok=0
  [ "$(app_opt STDERR "$ap_src")" = ignore ] || cmp -s "$hexp/err" "$work/glassvm/err" || ok=0
  [ "$erc" = "$arc" ] || ok=0
  if [ $ok = 1 ]; then
    if [ -n "$ap_known" ]; then
      echo "PASS $label ($secs; listed in tests/apps/known-failing: remove the entry)"
    else
      echo "PASS $label ($secs)"
    fi
    return
  fi
  if [ -n "$ap_known" ]; then
    echo "XFAIL $label ($secs): $ap_known"
  else
    echo "FAIL $label ($secs)"
  fi
  if [ "$arc" = 124 ] || [ "$arc" = 137 ]; then echo "  timed out after $TIMEOUT s"; fi
  [ "$erc" = "$arc" ] || echo "  exit status: HotSpot $erc, GlassVM $arc"
  cmp -s "$hexp/out" "$work/glassvm/out" || showdiff stdout "$hexp/out" "$work/glassvm/out"
  if [ "$(app_opt STDERR "$ap_src")" != ignore ] && ! cmp -s "$hexp/err" "$work/glassvm/err"; then
    showdiff stderr "$hexp/err" "$work/glassvm/err"
  fi
  kept=$BUILD/failed/apps/$1
  rm -rf "$kept"; mkdir -p "$kept"
  cp -r "$hexp" "$kept/hotspot"; cp -r "$work/glassvm" "$kept/glassvm"
  echo "  outputs kept in build/tests/failed/apps/$1/"
}
