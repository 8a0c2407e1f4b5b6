// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * zip.c — a small ZIP reader (PKWARE APPNOTE: end of central directory, central directory
 * headers, local headers; methods 0 "stored" and 8 "deflated" through zlib). Only what the
 * boot loader needs: look an entry up by name and inflate it. Every offset read from the
 * file is bounds-checked, so a corrupt archive yields NULL, never a crash.
 */
#include "zip.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../os/os.h"
#include "vm.h"

typedef struct ZipEntry {
    const char *name; /* points into the file image, not NUL-terminated */
    uint16_t name_len;
    uint16_t method;
    uint32_t csize, usize;
    uint32_t local_offset;
} ZipEntry;

struct ZipFile {
    uint8_t *data;
    size_t size;
    ZipEntry *entries;
    uint32_t count;
};

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

ZipFile *zip_open(const char *path)
{
    size_t size;
    uint8_t *data = os_read_file(path, &size);
    if (data == NULL) return NULL;
    if (size < 22) goto fail;
    /* The end-of-central-directory record is in the last 64 KiB + 22 bytes. */
    size_t min = size > 65557 ? size - 65557 : 0;
    size_t eocd = (size_t)-1;
    for (size_t i = size - 22 + 1; i-- > min;) {
        if (rd32(data + i) == 0x06054b50) {
            eocd = i;
            break;
        }
    }
    if (eocd == (size_t)-1) goto fail;
    uint16_t count = rd16(data + eocd + 10);
    uint32_t cd_size = rd32(data + eocd + 12), cd_off = rd32(data + eocd + 16);
    if ((size_t)cd_off + cd_size > size) goto fail;
    ZipFile *z = vm_calloc(1, sizeof(ZipFile));
    z->data = data;
    z->size = size;
    z->entries = vm_calloc(count ? count : 1, sizeof(ZipEntry));
    size_t p = cd_off;
    for (uint16_t i = 0; i < count; i++) {
        if (p + 46 > size || rd32(data + p) != 0x02014b50) break;
        ZipEntry *e = &z->entries[z->count];
        e->method = rd16(data + p + 10);
        e->csize = rd32(data + p + 20);
        e->usize = rd32(data + p + 24);
        e->name_len = rd16(data + p + 28);
        uint16_t extra = rd16(data + p + 30), comment = rd16(data + p + 32);
        e->local_offset = rd32(data + p + 42);
        if (p + 46 + e->name_len > size) break;
        e->name = (const char *)data + p + 46;
        z->count++;
        p += 46 + (size_t)e->name_len + extra + comment;
    }
    return z;
fail:
    free(data);
    return NULL;
}

uint8_t *zip_read(ZipFile *z, const char *name, size_t *len)
{
    size_t n = strlen(name);
    for (uint32_t i = 0; i < z->count; i++) {
        ZipEntry *e = &z->entries[i];
        if (e->name_len != n || memcmp(e->name, name, n) != 0) continue;
        size_t lo = e->local_offset;
        if (lo + 30 > z->size || rd32(z->data + lo) != 0x04034b50) return NULL;
        size_t start = lo + 30 + rd16(z->data + lo + 26) + rd16(z->data + lo + 28);
        if (start + e->csize > z->size) return NULL;
        uint8_t *out = vm_malloc(e->usize ? e->usize : 1);
        if (e->method == 0) {
            if (e->csize != e->usize) goto bad;
            memcpy(out, z->data + start, e->usize);
        } else if (e->method == 8) {
            z_stream zs;
            memset(&zs, 0, sizeof zs);
            if (inflateInit2(&zs, -MAX_WBITS) != Z_OK) goto bad;
            zs.next_in = z->data + start;
            zs.avail_in = e->csize;
            zs.next_out = out;
            zs.avail_out = e->usize;
            int r = inflate(&zs, Z_FINISH);
            inflateEnd(&zs);
            if (r != Z_STREAM_END || zs.total_out != e->usize) goto bad;
        } else {
            goto bad;
        }
        *len = e->usize;
        return out;
    bad:
        free(out);
        return NULL;
    }
    return NULL;
}

void zip_close(ZipFile *z)
{
    if (z == NULL) return;
    free(z->entries);
    free(z->data);
    free(z);
}
