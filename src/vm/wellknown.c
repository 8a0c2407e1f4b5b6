// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * wellknown.c — loading the classes and resolving the field offsets of wellknown.h.
 * A missing class or field means the class library is not the one GlassVM was built for;
 * that is a panic, named precisely.
 */
#include "wellknown.h"

#include <string.h>

#include "exception.h"
#include "loader.h"
#include "sym.h"
#include "thread.h"

WkClasses wk;
WkOffsets wk_off;

void wk_load_classes(Thread *t)
{
#define X(id, name)                                                                         \
    wk.id = loader_load(t, NULL, sym_intern(name));                                         \
    if (wk.id == NULL) panic("cannot load well-known class %s", name);
    WK_CLASSES(X)
#undef X
}

static uint32_t field_offset(Class *c, const char *name, const char *desc)
{
    Field *f = class_find_declared_field(c, sym_intern(name), sym_intern(desc));
    if (f == NULL) panic("well-known field %s.%s %s not found", c->name, name, desc);
    return f->offset;
}

void wk_resolve_fields(Thread *t)
{
    (void)t;
#define X(id, cls, name, desc) wk_off.id = field_offset(wk.cls, name, desc);
    WK_FIELDS(X)
#undef X
}

Method *wk_method(Class *c, const char *name, const char *desc)
{
    Method *m = class_find_declared_method(c, sym_intern(name), sym_intern(desc));
    if (m == NULL) panic("well-known method %s.%s%s not found", c->name, name, desc);
    return m;
}
