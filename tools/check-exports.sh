#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# check-exports.sh [LIBJVM [JAVA_HOME]] — checks that our libjvm.so exports every JVM_*
# and jio_* symbol the JDK's own libraries import, with the symbol version they ask for.
#
# The JDK libraries are linked with BIND_NOW: one missing name (or a name without the
# SUNWprivate_1.1 version they were linked against) and libjava.so fails to load. libjli
# also looks up JVM_FindClassFromBootLoader with dlsym, so it is required even though no
# library imports it. Prints each missing name and exits 1 if there is any.
set -eu
lib=${1:-build/release/libjvm.so}
jh=${2:-${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}}

if [ ! -f "$lib" ]; then
  echo "check-exports: $lib does not exist" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Imported names as name@version ("name@" when the reference is unversioned).
nm -D --undefined-only "$jh"/lib/*.so 2>/dev/null |
  awk '$1 == "U" { print $2 }' | grep -E '^(JVM_|jio_)' |
  sed -e 's/@@*/@/' -e '/@/!s/$/@/' | sort -u > "$tmp/imported"
echo "JVM_FindClassFromBootLoader@" >> "$tmp/imported"

# Our exports, name@version.
nm -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' |
  grep -E '^(JVM_|jio_)' | sed -e 's/@@*/@/' -e '/@/!s/$/@/' | sort -u > "$tmp/exported"
cut -d@ -f1 "$tmp/exported" | sort -u > "$tmp/exported_names"

missing=0
sort -u "$tmp/imported" | while IFS=@ read -r name ver; do
  if [ -z "$ver" ]; then
    grep -qx "$name" "$tmp/exported_names" || { echo "missing: $name"; echo "$name" >> "$tmp/bad"; }
  else
    grep -qx "$name@$ver" "$tmp/exported" ||
      { echo "missing: $name (version $ver)"; echo "$name" >> "$tmp/bad"; }
  fi
done
if [ -f "$tmp/bad" ]; then missing=$(sort -u "$tmp/bad" | wc -l); fi
total=$(cut -d@ -f1 "$tmp/imported" | sort -u | wc -l)
if [ "$missing" -ne 0 ]; then
  echo "check-exports: $missing of $total imported JVM_/jio_ symbols missing from $lib"
  exit 1
fi
echo "check-exports: all $total imported JVM_/jio_ symbols exported by $lib"
