#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# check-layers.sh [OBJDIR] — checks, on the built objects, that the layers depend only
# downward (docs/design.md, DEVELOPERS.md): os <- vm <- jvm <- jvmti <- {jvmpi, ncai}.
#
# A layer's objects may use symbols defined by its own layer or a lower one. The one way
# up is the JVMTI event seam: a symbol defined in src/jvmti may be used by vm or jvm only
# if src/jvmti/jvmti_vm.h declares it. jvmpi and ncai sit side by side on top and use
# neither each other nor anything of theirs from below. Working on the objects (nm)
# rather than on #include lines also catches a function declared by hand with `extern`.
# Prints each offending (user layer, symbol, defining layer) and exits 1 if there is any.
set -eu
obj=${1:-build/release/obj}
seam=src/jvmti/jvmti_vm.h

if [ ! -d "$obj/vm" ]; then
  echo "check-layers: no objects under $obj" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

layers="os vm jvm jvmti jvmpi ncai"
rank() {
  case $1 in os) echo 0 ;; vm) echo 1 ;; jvm) echo 2 ;; jvmti) echo 3 ;; *) echo 4 ;; esac
}

for l in $layers; do
  : > "$tmp/$l.def"; : > "$tmp/$l.und"
  [ -d "$obj/$l" ] || continue
  find "$obj/$l" -name '*.o' > "$tmp/$l.objs"
  [ -s "$tmp/$l.objs" ] || continue
  xargs nm --defined-only < "$tmp/$l.objs" | awk '$2 ~ /^[TDBRCVW]$/ { print $3 }' |
    sort -u > "$tmp/$l.def"
  xargs nm --undefined-only < "$tmp/$l.objs" | awk '{ print $NF }' | sort -u > "$tmp/$l.und"
done

bad=0
for user in $layers; do
  for def in $layers; do
    [ "$user" = "$def" ] && continue
    ru=$(rank "$user"); rd=$(rank "$def")
    # Downward is always fine; jvmpi and ncai (same rank) must not use each other.
    [ "$rd" -lt "$ru" ] && continue
    comm -12 "$tmp/$user.und" "$tmp/$def.def" > "$tmp/up"
    while read -r sym; do
      if [ "$def" = jvmti ] && [ "$ru" -lt 3 ] && grep -qw -- "$sym" "$seam"; then
        continue
      fi
      echo "check-layers: $user uses $sym, defined in $def"
      bad=$((bad + 1))
    done < "$tmp/up"
  done
done
if [ "$bad" -ne 0 ]; then
  echo "check-layers: $bad upward dependencies in $obj"
  exit 1
fi
echo "check-layers: every layer of $obj depends only downward"
