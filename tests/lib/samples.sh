# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
#
# tests/lib/samples.sh — tests of the tools shipped in samples/ (the JVMTI sample agents
# built into build/samples/, the JVMPI profiler samples/jvmpi-prof) and of
# AsyncGetCallTrace, for tests/run (sourced by it; POSIX sh).
#
# A sample test is a directory tests/samples/<Name>/ holding `run`, a sh script that
# runs the VM it is given with a tool on a workload. Two kinds:
#   * without `expected`: `run` *checks* the result itself (a profile, a flame graph, a
#     trace, a histogram: sampled output differs from run to run and from VM to VM, so
#     no output is compared); it exits 0 when every check holds and otherwise prints
#     what failed; its stdout and stderr are shown when it fails.
#   * with `expected`, the expected stdout written by hand from what the program does
#     (calls a method exactly 1000 times, allocates 500 objects at one line, ...; there
#     is no oracle VM, e.g. HotSpot 17 has no JVMPI): `run` prints only what the program
#     fixes (it filters the tool's report, masks timings) and passes when its stdout
#     equals `expected`, its exit status is 0 and its stderr is empty. Runs on GlassVM
#     only unless VMS says otherwise.
# Its leading `#` comment lines may hold:
#   # VMS: glassvm hotspot          the VMs it runs on (default both without `expected`:
#                                   the agents use only JVMTI and AsyncGetCallTrace, so
#                                   each check must hold on HotSpot too; name only
#                                   glassvm for what HotSpot does not do, e.g. frames
#                                   for 95% of the samples)
#   # TIMEOUT: 300                  seconds per run (default: tests/run's TIMEOUT)
#   # PACKAGES: chromium            Debian packages it needs, for the SKIP line
#   # REQUIRES: /usr/bin/chromium   files that must exist, else
#                                   "SKIP samples/<Name> (not installed: PACKAGES)"
# The *.java files of the directory are compiled by the JDK's javac (cached in
# build/tests/samples/<Name>/<key>/classes); *.c files (test agents) by gcc into
# lib<file>.so beside them, with the JDK's and our include/ directories. `run` runs
# with sh in a fresh scratch directory, stdin from /dev/null, and
#   JAVA        the VM under test's java (GlassVM: a wrapper adding GLASS_ENV)
#   VM          glassvm or hotspot
#   HOTSPOT     HotSpot's java (some tests compare against it in the same run)
#   SAMPLES     build/samples (the agents, lib<name>.so)
#   CLASSES     the compiled classes (also SAMPLE_CLASSES); NATIVE the compiled agents
#   TEST_DIR    tests/samples/<Name> (also SAMPLE_DIR)
#   ARTIFACTS   build/tests/artifacts/<Name>/<VM>/, kept after the run (e.g. a flame
#               graph and its screenshot, for a developer to look at)
# Reported: "PASS samples/<Name> (glassvm 1.2s, hotspot 0.8s)", or FAIL with the
# failing VM's output.

SAMPLES_SRC=$ROOT/tests/samples

# samples_list: Name of every sample test, sorted.
samples_list() {
  for d in "$SAMPLES_SRC"/*/; do
    [ -f "$d/run" ] || continue
    d=${d%/}
    echo "${d#"$SAMPLES_SRC"/}"
  done | LC_ALL=C sort
}

# sample_opt KEY DIR: the values of "# KEY: value" in DIR/run's leading comment lines.
sample_opt() {
  sed -n -e '/^#/!q' -e "s|^#[[:space:]]*$1:[[:space:]]*||p" "$2/run" | tr '\n' ' ' | sed 's/[[:space:]]*$//'
}

# sample_build NAME: compiles the test's Java sources and agents if needed; sets sb_base
# (or prints the failure and returns 1).
sample_build() {
  sb_src=$SAMPLES_SRC/$1
  sb_key=$( { echo "$JAVA_HOME"; for f in "$sb_src"/*.java "$sb_src"/*.c "$ROOT"/include/asgct.h; do
                [ -f "$f" ] && { echo "$f"; cat "$f"; }; done; } | cksum | tr ' ' '-')
  sb_base=$BUILD/samples/$1/$sb_key
  [ -d "$sb_base" ] && return 0
  sb_tmp=$sb_base.tmp.$$
  rm -rf "$sb_tmp"; mkdir -p "$sb_tmp/classes" "$sb_tmp/native"
  set --
  for f in "$sb_src"/*.java; do [ -f "$f" ] && set -- "$@" "$f"; done
  if [ $# -gt 0 ] &&
     ! "$JAVA_HOME/bin/javac" -nowarn -XDstringConcat=inline -d "$sb_tmp/classes" "$@" > "$sb_tmp/log" 2>&1 < /dev/null; then
    echo "  javac failed:"; indent "$sb_tmp/log" 20; rm -rf "$sb_tmp"; return 1
  fi
  for f in "$sb_src"/*.c; do
    [ -f "$f" ] || continue
    if ! gcc -shared -fPIC -O1 -g -Wall -Werror -pthread -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
         -I"$ROOT/include" -o "$sb_tmp/native/lib$(basename "$f" .c).so" "$f" -ldl -lrt > "$sb_tmp/log" 2>&1 < /dev/null; then
      echo "  gcc failed:"; indent "$sb_tmp/log" 20; rm -rf "$sb_tmp"; return 1
    fi
  done
  rm -f "$sb_tmp/log"
  install_dir "$sb_tmp" "$sb_base"
  find "${sb_base%/*}" -mindepth 1 -maxdepth 1 ! -name "$sb_key" -mmin +10 -exec rm -rf {} + 2>/dev/null
  return 0
}

# sample_run VM JAVA OUT: the test's run script with that java; OUT/{out,err,rc}.
sample_run() {
  rm -rf "$3"; mkdir -p "$3/cwd"
  sr_art=$BUILD/artifacts/$name/$1
  rm -rf "$sr_art"; mkdir -p "$sr_art"
  (cd "$3/cwd" || exit
   timeout -k 5 "$sr_timeout" env JAVA="$2" VM="$1" HOTSPOT="$JAVA_HOME/bin/java" SAMPLES="$ROOT/build/samples" \
       CLASSES="$sb_base/classes" NATIVE="$sb_base/native" TEST_DIR="$sb_src" ARTIFACTS="$sr_art" \
       SAMPLE_CLASSES="$sb_base/classes" SAMPLE_DIR="$sb_src" \
       sh "$sb_src/run" < /dev/null > "$3/out" 2> "$3/err"
   echo $? > "$3/rc") 2> /dev/null
  rm -rf "$3/cwd"
}

# run_sample NAME: one sample test, on each of its VMs.
run_sample() {
  name=$1; label=samples/$1
  sb_src=$SAMPLES_SRC/$1
  missing=
  for f in $(sample_opt REQUIRES "$sb_src"); do [ -e "$f" ] || missing="$missing $f"; done
  if [ -n "$missing" ]; then
    echo "SKIP $label (not installed: $(sample_opt PACKAGES "$sb_src"); missing$missing)"; return
  fi
  out=$(sample_build "$1") || { echo "FAIL $label"; echo "$out"; return; }
  sample_build "$1" > /dev/null # sets sb_base in this shell (cached now)
  expected=; [ -f "$sb_src/expected" ] && expected=$sb_src/expected
  vms=$(sample_opt VMS "$sb_src")
  [ -n "$vms" ] || { if [ -n "$expected" ]; then vms=glassvm; else vms="glassvm hotspot"; fi; }
  sr_timeout=$(sample_opt TIMEOUT "$sb_src"); [ -n "$sr_timeout" ] || sr_timeout=$TIMEOUT
  work=$RUN_DIR/work/samples/$1
  mkdir -p "$work"
  ghome=$work/home
  mkdir -p "$ghome/bin"
  printf '#!/bin/sh\nexec env %s "%s/bin/java" "$@"\n' "$GLASS_ENV" "$IMAGE" > "$ghome/bin/java"
  chmod +x "$ghome/bin/java"
  summary=; failed_vm=
  for vm in $vms; do
    case $vm in glassvm) java=$ghome/bin/java ;; *) java=$JAVA_HOME/bin/java ;; esac
    t0=$(now_ms)
    sample_run "$vm" "$java" "$work/$vm"
    t1=$(now_ms); ms=$((t1 - t0))
    summary="$summary${summary:+, }$vm $((ms / 1000)).$((ms % 1000 / 100))s"
    if [ "$(cat "$work/$vm/rc")" != 0 ] ||
       { [ -n "$expected" ] && { [ -s "$work/$vm/err" ] || ! cmp -s "$expected" "$work/$vm/out"; }; }; then
      failed_vm="$failed_vm $vm"
    fi
  done
  if [ -z "$failed_vm" ]; then echo "PASS $label ($summary)"; return; fi
  echo "FAIL $label ($summary)"
  for vm in $failed_vm; do
    rc=$(cat "$work/$vm/rc")
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then echo "  $vm: timed out after $sr_timeout s"
    elif [ "$rc" != 0 ]; then echo "  $vm: exit status $rc"; fi
    if [ -n "$expected" ]; then
      cmp -s "$expected" "$work/$vm/out" || showdiff stdout "$expected" "$work/$vm/out" | sed 's/- HotSpot/- expected/'
      if [ -s "$work/$vm/err" ]; then echo "  stderr:"; indent "$work/$vm/err" "$DIFF_LINES"; fi
    else
      cat "$work/$vm/out" "$work/$vm/err" > "$work/$vm/all"
      indent "$work/$vm/all" "$DIFF_LINES"
    fi
  done
  kept=$BUILD/failed/samples/$1
  rm -rf "$kept"; mkdir -p "$kept"
  for vm in $failed_vm; do cp -r "$work/$vm" "$kept/$vm"; done
  echo "  outputs kept in build/tests/failed/samples/$1/"
}
