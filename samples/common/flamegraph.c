// SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
/*
 * flamegraph.c — the profile tree and its outputs (flamegraph.h). The HTML page is
 * samples/common/flamegraph.html, assembled into the agent (.incbin) so that the agent is
 * one file; the writer replaces its /\*TITLE*\/ and /\*DATA*\/ markers.
 */
#include "flamegraph.h"

#include <stdlib.h>
#include <string.h>

#ifndef FG_TEMPLATE_PATH
#error "FG_TEMPLATE_PATH: the absolute path of flamegraph.html (the Makefile defines it)"
#endif
__asm__(".section .rodata\n"
        ".hidden fg_template\n"
        ".type fg_template, @object\n"
        "fg_template:\n"
        ".incbin \"" FG_TEMPLATE_PATH "\"\n"
        ".byte 0\n"
        ".size fg_template, . - fg_template\n"
        ".previous\n");
extern const char fg_template[];

typedef struct Name {
    char *s;
    FgKind kind;
    uint64_t self, total;
    uint64_t mark; /* last trace that counted it in `total` */
} Name;

typedef struct Node {
    int name; /* -1 for the root */
    int first_child, next_sibling;
    uint64_t total;
} Node;

/* Open-addressing map from a 64-bit key to an index (+1; 0 = empty). */
typedef struct Map {
    uint64_t *keys;
    int *vals;
    size_t cap, used;
} Map;

struct Profile {
    Name *names;
    int nnames, names_cap;
    Node *nodes;
    int nnodes, nodes_cap;
    Map name_map;  /* string hash -> name (chained through equal hashes by probing) */
    Map child_map; /* (parent, name) -> node */
    uint64_t gen;
};

static _Noreturn void out_of_memory(void)
{
    fprintf(stderr, "flamegraph: out of memory\n");
    abort();
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (q == NULL) out_of_memory();
    return q;
}

static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    return h;
}

static void map_grow(Map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 1024;
    uint64_t *keys = calloc(cap, sizeof *keys);
    int *vals = calloc(cap, sizeof *vals);
    if (keys == NULL || vals == NULL) out_of_memory();
    for (size_t i = 0; i < m->cap; i++) {
        if (m->vals[i] == 0) continue;
        size_t j = mix(m->keys[i]) & (cap - 1);
        while (vals[j] != 0) j = (j + 1) & (cap - 1);
        keys[j] = m->keys[i];
        vals[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
}

Profile *fg_new(void)
{
    Profile *p = calloc(1, sizeof *p);
    if (p == NULL) return NULL;
    p->nodes_cap = 1024;
    p->nodes = xrealloc(NULL, (size_t)p->nodes_cap * sizeof *p->nodes);
    p->nodes[0] = (Node){-1, -1, -1, 0};
    p->nnodes = 1;
    return p;
}

static uint64_t hash_string(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

int fg_name(Profile *p, const char *name, FgKind kind)
{
    uint64_t key = hash_string(name) * 4 + (uint64_t)kind;
    if ((p->name_map.used + 1) * 2 > p->name_map.cap) map_grow(&p->name_map);
    size_t i = mix(key) & (p->name_map.cap - 1);
    for (; p->name_map.vals[i] != 0; i = (i + 1) & (p->name_map.cap - 1)) {
        Name *n = &p->names[p->name_map.vals[i] - 1];
        if (p->name_map.keys[i] == key && n->kind == kind && strcmp(n->s, name) == 0) return p->name_map.vals[i] - 1;
    }
    if (p->nnames == p->names_cap) {
        p->names_cap = p->names_cap ? p->names_cap * 2 : 1024;
        p->names = xrealloc(p->names, (size_t)p->names_cap * sizeof *p->names);
    }
    char *copy = strdup(name);
    if (copy == NULL) out_of_memory();
    p->names[p->nnames] = (Name){copy, kind, 0, 0, 0};
    p->name_map.keys[i] = key;
    p->name_map.vals[i] = ++p->nnames;
    p->name_map.used++;
    return p->nnames - 1;
}

static int child(Profile *p, int parent, int name)
{
    uint64_t key = ((uint64_t)(uint32_t)parent << 32) | (uint32_t)name;
    if ((p->child_map.used + 1) * 2 > p->child_map.cap) map_grow(&p->child_map);
    size_t i = mix(key) & (p->child_map.cap - 1);
    for (; p->child_map.vals[i] != 0; i = (i + 1) & (p->child_map.cap - 1))
        if (p->child_map.keys[i] == key) return p->child_map.vals[i] - 1;
    if (p->nnodes == p->nodes_cap) {
        p->nodes_cap *= 2;
        p->nodes = xrealloc(p->nodes, (size_t)p->nodes_cap * sizeof *p->nodes);
    }
    int n = p->nnodes++;
    p->nodes[n] = (Node){name, -1, p->nodes[parent].first_child, 0};
    p->nodes[parent].first_child = n;
    p->child_map.keys[i] = key;
    p->child_map.vals[i] = n + 1;
    p->child_map.used++;
    return n;
}

void fg_add(Profile *p, const int *names, int n, uint64_t weight)
{
    if (n <= 0 || weight == 0) return;
    p->gen++;
    int node = 0;
    p->nodes[0].total += weight;
    for (int i = 0; i < n; i++) {
        node = child(p, node, names[i]);
        p->nodes[node].total += weight;
        Name *nm = &p->names[names[i]];
        if (nm->mark != p->gen) { /* a recursive frame counts once per stack */
            nm->mark = p->gen;
            nm->total += weight;
        }
    }
    p->names[names[n - 1]].self += weight;
}

uint64_t fg_total(const Profile *p) { return p->nodes[0].total; }

/* ---- collapsed stacks ---- */

static void collapsed(const Profile *p, FILE *out, int node, int *path, int depth)
{
    const Node *nd = &p->nodes[node];
    if (node != 0) path[depth++] = nd->name;
    uint64_t self = nd->total;
    for (int c = nd->first_child; c >= 0; c = p->nodes[c].next_sibling) self -= p->nodes[c].total;
    if (self > 0 && depth > 0) {
        for (int i = 0; i < depth; i++) {
            if (i) fputc(';', out);
            for (const char *s = p->names[path[i]].s; *s; s++) fputc(*s == ';' ? ':' : *s, out);
        }
        fprintf(out, " %llu\n", (unsigned long long)self);
    }
    for (int c = nd->first_child; c >= 0; c = p->nodes[c].next_sibling) collapsed(p, out, c, path, depth);
}

static int max_depth(const Profile *p, int node)
{
    int d = 0;
    for (int c = p->nodes[node].first_child; c >= 0; c = p->nodes[c].next_sibling) {
        int x = max_depth(p, c);
        if (x > d) d = x;
    }
    return d + 1;
}

bool fg_write_collapsed(const Profile *p, FILE *out)
{
    int *path = malloc((size_t)max_depth(p, 0) * sizeof *path);
    if (path == NULL) return false;
    collapsed(p, out, 0, path, 0);
    free(path);
    return !ferror(out);
}

/* ---- HTML ---- */

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else if (c == '<') fputs("\\u003c", out); /* never "</script>" inside the page */
        else fputc(c, out);
    }
    fputc('"', out);
}

static void html_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        default: fputc(*s, out);
        }
    }
}

static void json_tree(const Profile *p, FILE *out, int node, int root_name)
{
    const Node *nd = &p->nodes[node];
    fprintf(out, "[%d,%llu,[", node == 0 ? root_name : nd->name, (unsigned long long)nd->total);
    for (int c = nd->first_child; c >= 0; c = p->nodes[c].next_sibling) {
        json_tree(p, out, c, root_name);
        if (p->nodes[c].next_sibling >= 0) fputc(',', out);
    }
    fputs("]]", out);
}

static const char *const kind_names[] = {"java", "native", "thread", "class"};

bool fg_write_html(const Profile *p, FILE *out, const char *title, const char *unit)
{
    const char *t = fg_template;
    const char *title_mark = strstr(t, "/*TITLE*/");
    const char *data_mark = strstr(t, "/*DATA*/");
    if (title_mark == NULL || data_mark == NULL || data_mark < title_mark) return false;
    fwrite(t, 1, (size_t)(title_mark - t), out);
    html_text(out, title);
    t = title_mark + strlen("/*TITLE*/");
    fwrite(t, 1, (size_t)(data_mark - t), out);
    fputs("{\"title\":", out);
    json_string(out, title);
    fputs(",\"unit\":", out);
    json_string(out, unit);
    fputs(",\"names\":[", out);
    for (int i = 0; i < p->nnames; i++) {
        fputc('[', out);
        json_string(out, p->names[i].s);
        fprintf(out, ",\"%s\"],", kind_names[p->names[i].kind]);
    }
    fputs("[\"all\",\"root\"]],\n\"tree\":", out);
    json_tree(p, out, 0, p->nnames);
    fputc('}', out);
    fputs(data_mark + strlen("/*DATA*/"), out);
    return !ferror(out);
}

/* ---- top N ---- */

static const Profile *sort_profile;
static int by_self(const void *a, const void *b)
{
    const Name *x = &sort_profile->names[*(const int *)a], *y = &sort_profile->names[*(const int *)b];
    if (x->self != y->self) return x->self < y->self ? 1 : -1;
    if (x->total != y->total) return x->total < y->total ? 1 : -1;
    return strcmp(x->s, y->s);
}

void fg_write_top(const Profile *p, FILE *out, int n, const char *unit)
{
    uint64_t all = fg_total(p);
    int *idx = malloc((size_t)(p->nnames ? p->nnames : 1) * sizeof *idx);
    if (idx == NULL) return;
    int m = 0;
    for (int i = 0; i < p->nnames; i++)
        if (p->names[i].kind != FG_THREAD) idx[m++] = i;
    sort_profile = p;
    qsort(idx, (size_t)m, sizeof *idx, by_self);
    fprintf(out, "%12s %7s %12s %7s  %s\n", unit, "self%", "total", "total%", "frame");
    for (int i = 0; i < m && i < n; i++) {
        const Name *nm = &p->names[idx[i]];
        if (nm->self == 0) break;
        fprintf(out, "%12llu %6.2f%% %12llu %6.2f%%  %s\n", (unsigned long long)nm->self,
                all ? 100.0 * (double)nm->self / (double)all : 0.0, (unsigned long long)nm->total,
                all ? 100.0 * (double)nm->total / (double)all : 0.0, nm->s);
    }
    free(idx);
}
