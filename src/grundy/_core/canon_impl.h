/* canon_impl.h: the internals shared by canon_table.c (the table: interning, numbers and
 * x + n.^ + *m forms), canon_ops.c (comparison, canonical forms, negatives and sums: the C
 * interface of core.h), canon_guard.c (the module state's table and its guard) and
 * canon_py.c (the Python interface, grundy/cgt/_ctable.py).
 *
 * Every function takes the table as `t` (canon_state.h); NODE, LOPT and ROPT read it.
 */
#ifndef GRUNDY_CANON_IMPL_H
#define GRUNDY_CANON_IMPL_H

#include "canon_state.h"

#define FRAC CANON_FRAC_BITS
#define ONE ((int64_t)1 << FRAC)
#define MAX_FIXED ((int64_t)CANON_MAX_INTEGER << FRAC)
#define MAX_DEPTH 50000

#define NODE(i) (t->nodes[(i)])
#define LOPT(i, k) (t->pool[t->nodes[(i)].lo + (k)])
#define ROPT(i, k) (t->pool[t->nodes[(i)].lo + t->nodes[(i)].ln + (k)])


/* a growable list of ids */
typedef struct {
    int32_t *v;
    int64_t n, cap;
} ilist;

/* the functions of one file used by another (external names prefixed canon_) */
#define check_time canon_check_time_
#define free_arrays canon_free_arrays_
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

int check_time(canon_table *t);
void free_arrays(canon_table *t);
int grow(void **p, int64_t *cap, int64_t need, size_t item);
int index_build(canon_table *t, int64_t cap);
int32_t intern(canon_table *t, const int32_t *L, int64_t nl, const int32_t *R, int64_t nr);
uint64_t lists_hash(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr);
int32_t number_id(canon_table *t, int64_t x);
int nus_add(canon_table *t, int64_t x, int32_t n, int32_t m, int32_t id);
int32_t nus_find(canon_table *t, int64_t x, int32_t n, int32_t m);
int32_t nus_id(canon_table *t, int64_t x, int32_t n, int32_t m);
int reset_table(canon_table *t);
int resize_caches(canon_table *t);
int64_t simplest_between(int has_lo, int64_t lo, int has_hi, int64_t hi);
int64_t sort_unique(int32_t *v, int64_t n);
int too_large_number(canon_table *t, int64_t x);

/* The guard (see canon_state.h). canon_enter takes the table (handing the GIL to another
 * thread that runs table code until it lets go) and counts a computation in flight: 0, or
 * -1 with RuntimeError when this very thread runs table code already (a call out that did
 * not let go); canon_leave undoes it. Around a call out to Python, canon_let_go lets the
 * table go and canon_take_back takes it again (-1 only as canon_enter). canon_refuse_change
 * (canon_guard.c) is 0 when a reset, compaction or configuration may run now, else -1 with
 * RuntimeError. The slow path of taking, canon_wait_, is canon_guard.c's too. */
int canon_wait_(canon_table *t, unsigned long me);
int canon_refuse_change(canon_table *t, const char *what);

static inline int canon_take_back(canon_table *t)
{
    unsigned long me = PyThread_get_thread_ident();
    if (t->locked)
        return canon_wait_(t, me);
    t->locked = 1;
    t->owner = me;
    return 0;
}

static inline void canon_let_go(canon_table *t)
{
    t->locked = 0;
}

static inline int canon_enter(canon_table *t)
{
    t->busy++; /* first: while it waits for the table, no reset may slip in */
    if (canon_take_back(t) < 0) {
        t->busy--;
        return -1;
    }
    return 0;
}

static inline void canon_leave(canon_table *t)
{
    t->busy--;
    t->locked = 0;
}

int canon_hold(canon_table *t);
int canon_release(canon_table *t);

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


/* the table made (zero in it) on first use; 0, or -1 with an exception set */
static inline int ready(canon_table *t)
{
    if (t->count == 0) {
        int r;
        if (canon_enter(t) < 0)
            return -1;
        r = t->count == 0 ? reset_table(t) : 0;
        canon_leave(t);
        return r;
    }
    return 0;
}


static inline int valid(const canon_table *t, int64_t a)
{
    if (a < 0 || a >= t->count) {
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
