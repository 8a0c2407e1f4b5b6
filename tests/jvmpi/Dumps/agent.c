/* SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0 */
/*
 * Dumps: HEAP_DUMP at levels 0, 1 and 2 and OBJECT_DUMP, each parsed back record by
 * record with the layouts the CLASS_LOAD events gave (field signatures in order,
 * interface counts), and checked against the objects the program made: three linked
 * Nodes, an int[3], a Node[3], Node's statics, the roots that hold them.
 */
#include <stdint.h>

#include "jvmpi_test.h"

/* ---- what CLASS_LOAD said about each class ---- */
typedef struct Cls {
    jobjectID id;
    char *name;
    int nif, nstat, ninst;
    char **stat_sig, **inst_sig;
} Cls;
#define HSIZE 16384
static Cls *classes[HSIZE];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned hash(jobjectID id) { return (unsigned)(((uintptr_t)id >> 3) * 2654435761u) & (HSIZE - 1); }

static Cls *find(jobjectID id)
{
    for (unsigned h = hash(id);; h = (h + 1) & (HSIZE - 1)) {
        if (classes[h] == NULL) return NULL;
        if (classes[h]->id == id) return classes[h];
    }
}

static char **sigs(JVMPI_Field *f, int n)
{
    char **v = calloc(n + 1, sizeof *v);
    for (int i = 0; i < n; i++) v[i] = strdup(f[i].field_signature);
    return v;
}

static void notify_class(JVMPI_Event *e)
{
    Cls *c = calloc(1, sizeof *c);
    c->id = e->u.class_load.class_id;
    c->name = strdup(e->u.class_load.class_name);
    c->nif = e->u.class_load.num_interfaces;
    c->nstat = e->u.class_load.num_static_fields;
    c->ninst = e->u.class_load.num_instance_fields;
    c->stat_sig = sigs(e->u.class_load.statics, c->nstat);
    c->inst_sig = sigs(e->u.class_load.instances, c->ninst);
    pthread_mutex_lock(&lock);
    unsigned h = hash(c->id);
    while (classes[h] != NULL && classes[h]->id != c->id) h = (h + 1) & (HSIZE - 1);
    classes[h] = c;
    pthread_mutex_unlock(&lock);
}

/* ---- reading a dump ---- */
typedef struct R {
    const unsigned char *p, *end;
    int bad;
} R;

static unsigned u1(R *r) { return r->p < r->end ? *r->p++ : (r->bad = 1, 0); }
static unsigned u2(R *r)
{
    unsigned v = u1(r) << 8;
    return v | u1(r);
}
static unsigned u4(R *r)
{
    unsigned v = u2(r) << 16;
    return v | u2(r);
}
static unsigned long long u8(R *r)
{
    unsigned long long v = (unsigned long long)u4(r) << 32;
    return v | u4(r);
}
static void *ptr(R *r)
{
    void *v = NULL;
    if (r->p + 8 > r->end) r->bad = 1;
    else memcpy(&v, r->p, 8);
    r->p += 8;
    return v;
}

/* The value of a field of signature sig; primitives are absent at level 1. */
static unsigned long long value(R *r, const char *sig, int level, int *present)
{
    *present = 1;
    if (sig[0] == 'L' || sig[0] == '[') return (unsigned long long)(uintptr_t)ptr(r);
    if (level < 2) {
        *present = 0;
        return 0;
    }
    switch (sig[0]) {
    case 'Z':
    case 'B': return u1(r);
    case 'C':
    case 'S': return u2(r);
    case 'I':
    case 'F': return u4(r);
    default: return u8(r);
    }
}

static int prim_size(int ty)
{
    switch (ty) {
    case JVMPI_BOOLEAN:
    case JVMPI_BYTE: return 1;
    case JVMPI_CHAR:
    case JVMPI_SHORT: return 2;
    case JVMPI_INT:
    case JVMPI_FLOAT: return 4;
    default: return 8;
    }
}

static jobjectID n1, n2, n3, arr, nodes, node_class, object_class, string_class;
static jobject global_arr;
static JNIEnv *main_env;


/* While a heap dump is parsed, what record() finds is kept per kind of record and printed
 * after the walk in a fixed order: the dump's order is the heap's, which any change to
 * what the VM allocates at start-up moves. Otherwise (OBJECT_DUMP) it is printed at once. */
static int capturing;
static char slots[5][1024];

__attribute__((format(printf, 2, 3))) static void out(int slot, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (capturing) {
        size_t n = strlen(slots[slot]);
        snprintf(slots[slot] + n, sizeof slots[slot] - n, "%s", buf);
    } else {
        jt_printf("%s", buf);
    }
}

/* One object record; prints what it finds about the program's objects. */
static void record(R *r, int tag, int level)
{
    int slot = tag == JVMPI_GC_PRIM_ARRAY_DUMP ? 0 : tag == JVMPI_GC_INSTANCE_DUMP ? 1
             : tag == JVMPI_GC_OBJ_ARRAY_DUMP ? 2 : tag == JVMPI_GC_CLASS_DUMP ? 3 : 4;
    switch (tag) {
    case JVMPI_GC_CLASS_DUMP: {
        jobjectID id = ptr(r), super = ptr(r);
        ptr(r), ptr(r), ptr(r), ptr(r), ptr(r); /* loader, signers, domain, name, reserved */
        unsigned size = u4(r);
        Cls *c = find(id);
        if (c == NULL) {
            out(slot, "  CLASS_DUMP of a class without CLASS_LOAD\n");
            r->bad = 1;
            return;
        }
        jobjectID ifs[8] = {0};
        for (int i = 0; i < c->nif; i++) {
            jobjectID x = ptr(r);
            if (i < 8) ifs[i] = x;
        }
        unsigned ncp = u2(r);
        for (unsigned i = 0; i < ncp; i++) {
            u2(r);
            int ty = (int)u1(r);
            if (ty == JVMPI_CLASS || ty == JVMPI_NORMAL_OBJECT) ptr(r);
            else r->p += prim_size(ty);
        }
        unsigned long long st[8] = {0};
        int present[8] = {0};
        for (int i = 0; i < c->nstat; i++) {
            int pr;
            unsigned long long v = value(r, c->stat_sig[i], level, &pr);
            if (i < 8) st[i] = v, present[i] = pr;
        }
        if (id == node_class) {
            Cls *i0 = find(ifs[0]), *i1 = find(ifs[1]);
            out(slot, "  CLASS_DUMP Node: super Object %s, size %u, interfaces %s %s, head %s", super == object_class ? "yes" : "no",
                      size, i0 ? i0->name : "?", i1 ? i1->name : "?", (jobjectID)(uintptr_t)st[0] == n1 ? "n1" : "?");
            if (present[1]) out(slot, ", count %llu\n", st[1]);
            else out(slot, ", count absent\n");
        }
        break;
    }
    case JVMPI_GC_INSTANCE_DUMP: {
        jobjectID id = ptr(r), cls = ptr(r);
        unsigned len = u4(r);
        const unsigned char *end = r->p + len;
        if (id == n1) {
            Cls *c = find(cls);
            out(slot, "  INSTANCE_DUMP n1: class %s, %u bytes:", c ? c->name : "?", len);
            for (Cls *k = c; k != NULL && k->id == node_class; k = NULL)
                for (int i = 0; i < k->ninst; i++) {
                    int pr;
                    unsigned long long v = value(r, k->inst_sig[i], level, &pr);
                    if (!pr) out(slot, " -");
                    else if (k->inst_sig[i][0] == 'L') out(slot, " %s", (jobjectID)(uintptr_t)v == n2 ? "n2" : v == 0 ? "null" : "obj");
                    else out(slot, " %llu", v);
                }
            out(slot, "\n");
        }
        r->p = end;
        break;
    }
    case JVMPI_GC_OBJ_ARRAY_DUMP: {
        jobjectID id = ptr(r);
        unsigned n = u4(r);
        jobjectID elem = ptr(r);
        jobjectID e[3] = {0};
        for (unsigned i = 0; i < n; i++) {
            jobjectID x = ptr(r);
            if (i < 3) e[i] = x;
        }
        if (id == nodes)
            out(slot, "  OBJ_ARRAY_DUMP nodes: %u elements of Node %s: %s %s %s\n", n, elem == node_class ? "yes" : "no",
                      e[0] == n1 ? "n1" : "?", e[1] == n2 ? "n2" : "?", e[2] == n3 ? "n3" : "?");
        break;
    }
    case JVMPI_GC_PRIM_ARRAY_DUMP: {
        jobjectID id = ptr(r);
        unsigned n = u4(r);
        int ty = (int)u1(r);
        if (id == arr) out(slot, "  PRIM_ARRAY_DUMP arr: %u elements of type %d:", n, ty);
        if (level == 2)
            for (unsigned i = 0; i < n; i++) {
                unsigned long long v = prim_size(ty) == 4 ? u4(r) : prim_size(ty) == 8 ? u8(r) : prim_size(ty) == 2 ? u2(r) : u1(r);
                if (id == arr) out(slot, " %llu", v);
            }
        if (id == arr) out(slot, "%s\n", level == 2 ? "" : " (values left out)");
        break;
    }
    default:
        out(slot, "  unknown tag 0x%x\n", (unsigned)tag);
        r->bad = 1;
    }
}

static void heap_dump(JVMPI_Event *e)
{
    int level = e->u.heap_dump.dump_level;
    R r = {(unsigned char *)e->u.heap_dump.begin, (unsigned char *)e->u.heap_dump.end, 0};
    jt_printf("HEAP_DUMP level %d:\n", level);
    int main_trace = -1;
    for (int i = 0; i < e->u.heap_dump.num_traces; i++)
        if (e->u.heap_dump.traces[i].env_id == main_env) main_trace = i;
    if (main_trace < 0) jt_printf("  no trace for main\n");
    else {
        JVMPI_CallTrace *t = &e->u.heap_dump.traces[main_trace];
        jt_printf("  main's trace: top line %d, %d frames\n", (int)t->frames[0].lineno, (int)t->num_frames);
    }
    if (level == 0) {
        int found = 0, objects = 0;
        while (r.p < r.end && !r.bad) {
            int ty = (int)u1(&r);
            jobjectID id = ptr(&r);
            objects++;
            if ((id == n1 && ty == JVMPI_NORMAL_OBJECT) || (id == arr && ty == JVMPI_INT) || (id == nodes && ty == JVMPI_CLASS) ||
                (id == node_class && ty == JVMPI_NORMAL_OBJECT))
                found++;
        }
        jt_printf("  n1, arr, nodes and Node's class with their types: %d of 4; many objects: %s; parsed to the end: %s\n",
                  found, objects > 1000 ? "yes" : "no", r.bad ? "no" : "yes");
        return;
    }
    int roots[9] = {0}, n1_frame_root = 0, global_root = 0, string_sticky = 0, main_block = 0, other = 0;
    capturing = 1;
    while (r.p < r.end && !r.bad) {
        int tag = (int)u1(&r);
        if (tag >= JVMPI_GC_CLASS_DUMP && tag != JVMPI_GC_ROOT_UNKNOWN) {
            record(&r, tag, level);
            continue;
        }
        jobjectID id = ptr(&r);
        switch (tag) {
        case JVMPI_GC_ROOT_UNKNOWN: break;
        case JVMPI_GC_ROOT_JNI_GLOBAL:
            if (ptr(&r) == global_arr && id == arr) global_root++;
            break;
        case JVMPI_GC_ROOT_JNI_LOCAL: ptr(&r), u4(&r); break;
        case JVMPI_GC_ROOT_JAVA_FRAME: {
            JNIEnv *env = ptr(&r);
            unsigned frame = u4(&r);
            /* main's frame is number 1 of its trace (0 is the native dump()) */
            if (id == n1 && env == main_env && frame == 1) n1_frame_root++;
            break;
        }
        case JVMPI_GC_ROOT_NATIVE_STACK: ptr(&r); break;
        case JVMPI_GC_ROOT_STICKY_CLASS:
            if (id == string_class) string_sticky++;
            break;
        case JVMPI_GC_ROOT_THREAD_BLOCK:
            if (ptr(&r) == main_env) main_block++;
            break;
        case JVMPI_GC_ROOT_MONITOR_USED: break;
        default: other++; r.bad = 1; break;
        }
        if (tag < 9) roots[tag]++;
        if (tag == JVMPI_GC_ROOT_UNKNOWN) roots[0]++;
    }
    capturing = 0;
    for (int i = 0; i < 5; i++) {
        if (slots[i][0]) jt_printf("%s", slots[i]);
        slots[i][0] = 0;
    }
    jt_printf("  roots: n1 in main's frame 1 %s, arr's global reference %d, String sticky %d, main's thread block %d, "
              "bad %d\n",
              n1_frame_root > 0 ? "yes" : "no", global_root, string_sticky, main_block, other);
    jt_printf("  the VM's own roots (ROOT_UNKNOWN): %s\n", roots[0] > 0 ? "some" : "none");
    jt_printf("  parsed to the end: %s\n", r.bad ? "no" : "yes");
}

static void notify(JVMPI_Event *e)
{
    switch (e->event_type) {
    case JVMPI_EVENT_CLASS_LOAD:
    case JVMPI_EVENT_CLASS_LOAD | JVMPI_REQUESTED_EVENT: notify_class(e); break;
    case JVMPI_EVENT_HEAP_DUMP | JVMPI_REQUESTED_EVENT: heap_dump(e); break;
    case JVMPI_EVENT_OBJECT_DUMP | JVMPI_REQUESTED_EVENT: {
        R r = {(unsigned char *)e->u.object_dump.data, (unsigned char *)e->u.object_dump.data + e->u.object_dump.data_len, 0};
        int tag = (int)u1(&r);
        jt_printf("OBJECT_DUMP: tag 0x%x, %d bytes\n", (unsigned)tag, (int)e->u.object_dump.data_len);
        record(&r, tag, 2);
        jt_printf("  all %d bytes read: %s\n", (int)e->u.object_dump.data_len, r.p == r.end && !r.bad ? "yes" : "no");
        break;
    }
    }
}

JNIEXPORT void JNICALL Java_Main_dump(JNIEnv *env, jclass main, jobject jn1, jobject jarr, jobject jnodes)
{
    main_env = env;
    jclass sc = (*env)->FindClass(env, "java/lang/String");
    jclass oc = (*env)->FindClass(env, "java/lang/Object");
    jclass nc = (*env)->GetObjectClass(env, jn1);
    global_arr = (*env)->NewGlobalRef(env, jarr);
    jvmpi->DisableGC();
    n1 = jvmpi->jobject2jobjectID(jn1);
    jfieldID nf = (*env)->GetFieldID(env, nc, "next", "LNode;");
    jobject jn2 = (*env)->GetObjectField(env, jn1, nf);
    n2 = jvmpi->jobject2jobjectID(jn2);
    n3 = jvmpi->jobject2jobjectID((*env)->GetObjectField(env, jn2, nf));
    arr = jvmpi->jobject2jobjectID(jarr);
    nodes = jvmpi->jobject2jobjectID(jnodes);
    node_class = jvmpi->jobject2jobjectID(nc);
    object_class = jvmpi->jobject2jobjectID(oc);
    string_class = jvmpi->jobject2jobjectID(sc);
    for (jint level = 0; level <= 2; level++) {
        JVMPI_HeapDumpArg a = {level};
        jvmpi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, &a);
    }
    jt_printf("RequestEvent(HEAP_DUMP, NULL) (level 2): %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_HEAP_DUMP, NULL));
    jt_printf("RequestEvent(OBJECT_DUMP, n1): %d\n", (int)jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, n1));
    jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, arr);
    jvmpi->RequestEvent(JVMPI_EVENT_OBJECT_DUMP, node_class);
    jvmpi->EnableGC();
    (*env)->DeleteGlobalRef(env, global_arr);
}

JNIEXPORT jint JNICALL JVM_OnLoad(JavaVM *vm, char *options, void *reserved)
{
    if (jt_init(vm) != JNI_OK) return JNI_ERR;
    jvmpi->NotifyEvent = notify;
    jvmpi->EnableEvent(JVMPI_EVENT_CLASS_LOAD, NULL);
    return JNI_OK;
}
