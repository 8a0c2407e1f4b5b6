#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# mkimage.sh JAVA_HOME IMAGE LIBJVM — builds a JDK image that runs GlassVM:
# bin/java copied (the launcher resolves /proc/self/exe, so it cannot be a symlink),
# the other bin/ tools copied too (javac, jdb, jcmd use the same launcher), every lib/
# entry but server/ linked, conf/ and release linked, our libjvm.so in lib/server.
set -eu
jh=$1; img=$2; lib=$3
mkdir -p "$img/bin" "$img/lib/server"
for f in "$jh"/bin/*; do
  b=$(basename "$f")
  [ -e "$img/bin/$b" ] || cp -p "$f" "$img/bin/$b"
done
for f in "$jh"/lib/*; do
  b=$(basename "$f")
  [ "$b" = server ] && continue
  [ -e "$img/lib/$b" ] || [ -L "$img/lib/$b" ] || ln -s "$f" "$img/lib/$b"
done
for f in conf release include jmods legal; do
  [ -e "$img/$f" ] || [ -L "$img/$f" ] || ln -s "$jh/$f" "$img/$f"
done
ln -sf "$lib" "$img/lib/server/libjvm.so"
