/* canon_impl.h: the internals shared by canon_table.c (the table: interning, numbers and
 * x + n.^ + *m forms), canon_ops.c (comparison, canonical forms, negatives and sums: the C
 * interface of core.h) and canon_py.c (the Python interface, grundy/cgt/_ctable.py).
 */
#ifndef GRUNDY_CANON_IMPL_H
#define GRUNDY_CANON_IMPL_H

#include "core.h"

#define FRAC CANON_FRAC_BITS
#define ONE ((int64_t)1 << FRAC)
#define MAX_FIXED ((int64_t)CANON_MAX_INTEGER << FRAC)
#define MAX_DEPTH 50000

/* What comparisons read, in 64 bytes; the hashes are apart (cold). */
typedef struct {
    int64_t lstop, rstop;    /* fixed point */
    int64_t x;               /* number value, or the x of x + n.^ + *m */
    int64_t lo;              /* Left's options at pool[lo], then Right's */
    int32_t ln, rn;          /* how many of each */
    int32_t ups, star;       /* n and m of x + n.^ + *m */
    int32_t neg;             /* id of -g, or -1 when not known yet */
    int32_t birthday;
    uint8_t is_number, is_nus;
} node;
typedef char canon_node_is_64_bytes[(sizeof(node) == 64) ? 1 : -1];

typedef struct {
    uint64_t ihash;          /* hash of the option lists (interning) */
    int64_t shash;           /* structural hash (independent of ids) */
} cold;

typedef struct {
    uint64_t key;  /* (a << 32 | b) << 1 | answer; 0: empty */
} le_slot;

typedef struct {
    uint64_t key;  /* a << 32 | b, a < b; 0: empty */
    int32_t val;
} add_slot;

typedef struct {
    int64_t x;
    int32_t n, m, id;  /* id -1: empty */
} nus_slot;

typedef struct {
    node *nodes;
    cold *cold;
    int64_t count, cap, cold_cap;
    int32_t *pool;
    int64_t pool_len, pool_cap;
    int32_t *index;      /* interning: ids, -1 empty */
    int64_t index_cap;
    nus_slot *nus;
    int64_t nus_cap, nus_count;
    le_slot *le;
    int64_t le_cap;
    add_slot *add;
    int64_t add_cap;
    PyObject *check;       /* the time check, or NULL */
    PyObject *unsupported; /* grundy.errors.UnsupportedError */
    PyObject *to_fraction; /* fixed point -> Fraction, or NULL */
    PyObject *fractions;   /* its answers: a dict, or NULL */
    int64_t ticks;
    int depth;             /* nesting of running calls (a reset waits for 0) */
    int64_t le_hits, le_misses, add_hits, add_misses, makes;
    int64_t limit;         /* the most ids (0: no bound; past it append raises full_error) */
    PyObject *full_error;  /* grundy.errors.TableFullError, or NULL */
    int64_t compactions;
} canon_table;

extern canon_table canon_T;
#define T canon_T

#define NODE(i) (T.nodes[(i)])
#define LOPT(i, k) (T.pool[T.nodes[(i)].lo + (k)])
#define ROPT(i, k) (T.pool[T.nodes[(i)].lo + T.nodes[(i)].ln + (k)])


/* a growable list of ids */
typedef struct {
    int32_t *v;
    int64_t n, cap;
} ilist;

/* the functions of one file used by another (external names prefixed canon_) */
#define check_time canon_check_time_
#define grow canon_grow_
#define index_build canon_index_build_
#define intern canon_intern_
#define lists_hash canon_lists_hash_
#define number_id canon_number_id_
#define nus_add canon_nus_add_
#define nus_find canon_nus_find_
#define nus_id canon_nus_id_
#define reset_table canon_reset_table_
#define resize_caches canon_resize_caches_
#define simplest_between canon_simplest_between_
#define sort_unique canon_sort_unique_
#define too_large_number canon_too_large_number_

int check_time(void);
int grow(void **p, int64_t *cap, int64_t need, size_t item);
int index_build(int64_t cap);
int32_t intern(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr);
uint64_t lists_hash(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr);
int32_t number_id(int64_t x);
int nus_add(int64_t x, int32_t n, int32_t m, int32_t id);
int32_t nus_find(int64_t x, int32_t n, int32_t m);
int32_t nus_id(int64_t x, int32_t n, int32_t m);
int reset_table(void);
int resize_caches(void);
int64_t simplest_between(int has_lo, int64_t lo, int has_hi, int64_t hi);
int64_t sort_unique(int32_t *v, int64_t n);
int too_large_number(int64_t x);

static inline uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}


static inline int nus_nonnegative(int64_t x, int32_t n, int32_t m)
{
    if (x != 0)
        return x > 0;
    if (n == 0)
        return m == 0;
    return n >= 2 || (n == 1 && m != 1);
}


static inline int ready(void)
{
    if (T.count == 0)
        return reset_table();
    return 0;
}


static inline int valid(int64_t a)
{
    if (a < 0 || a >= T.count) {
        PyErr_Format(PyExc_IndexError, "%lld is not the id of a canonical game", (long long)a);
        return 0;
    }
    return 1;
}


static inline int ilist_push(ilist *l, int32_t x)
{
    if (l->n == l->cap && grow((void **)&l->v, &l->cap, l->n + 1, sizeof(int32_t)) < 0)
        return -1;
    l->v[l->n++] = x;
    return 0;
}

static inline int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

#endif
