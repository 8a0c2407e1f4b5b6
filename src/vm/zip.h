// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * zip.h — reading entries of JAR/ZIP files for the boot loader's append path
 * (-Xbootclasspath/a, and later JVMTI AddToBootstrapClassLoaderSearch). Application class
 * loaders read JARs in Java through the JDK's own java.util.zip.
 *
 * A ZipFile keeps the file's bytes mapped in memory and its central directory indexed by
 * name. zip_read() returns a malloc'd copy of an entry (stored or deflated), or NULL if the
 * entry is absent or corrupt. Thread-safe after zip_open().
 */
#ifndef GLASS_ZIP_H
#define GLASS_ZIP_H

#include <stddef.h>
#include <stdint.h>

typedef struct ZipFile ZipFile;

ZipFile *zip_open(const char *path); /* NULL if unreadable or not a zip file */
uint8_t *zip_read(ZipFile *z, const char *name, size_t *len);
void zip_close(ZipFile *z);

#endif
