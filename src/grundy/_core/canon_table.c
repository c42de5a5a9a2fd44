/* canon_table.c: the hash-consed table of canonical short games (the compiled twin of
 * grundy/cgt/_pytable.py; the functions are declared in core.h).
 *
 * Game `i` is {L(i) | R(i)}, both sorted lists of smaller ids kept in one pool of ints,
 * so the table is in topological order and equal ids are equal values. Option lists are
 * interned (open addressing over the ids, keyed by the lists). Each id carries tags worked
 * out once when it is made: its number value (fixed point, x * 2^CANON_FRAC_BITS), its
 * x + n.^ + *m form, birthday, stops and a structural hash. Numbers and x + n.^ + *m forms
 * are compared and added arithmetically; <= and sums are memoised in bounded caches keyed
 * by id pairs (lossy: a slot is overwritten, answers are worked out again), negatives in
 * a column of the table.
 *
 * The table lives in the module's state (canon_state.h), passed to every function as `t`.
 *
 * Threads: everything runs with the GIL held, and under the table's lock (canon_guard.c).
 * The only calls out to Python are the time check (grundy.core.limits.check_time, every
 * 1024 comparisons and every make) and making a TableFullError; the lock is let go around
 * them, and another thread may then run and extend the table: so the code never keeps a
 * pointer into the table across a call that may append or check the time, only ids and
 * offsets. A reset or a compaction (grundy.clear_cache) while a computation runs, or while
 * another thread holds the table, is refused in C (canon_refuse_change).
 */
#include "canon_impl.h"

/* ---- small helpers ------------------------------------------------------------------ */

uint64_t lists_hash(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr)
{
    uint64_t h = 0x12345678ULL + (uint64_t)nl * 31u;
    int64_t k;
    for (k = 0; k < nl; k++)
        h = mix64(h ^ (uint64_t)(uint32_t)L[k]);
    h = mix64(h ^ 0xABCDEFULL);
    for (k = 0; k < nr; k++)
        h = mix64(h ^ (uint64_t)(uint32_t)R[k]);
    return h;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* sort and drop repeats in place; returns the new length */
int64_t sort_unique(int32_t *v, int64_t n)
{
    int64_t i, k = 0;
    if (n < 2)
        return n;
    qsort(v, (size_t)n, sizeof(int32_t), cmp_i32);
    for (i = 0; i < n; i++)
        if (k == 0 || v[i] != v[k - 1])
            v[k++] = v[i];
    return k;
}

static int64_t floor_div(int64_t a, int64_t b) /* b > 0 */
{
    int64_t q = a / b;
    if (a % b != 0 && a < 0)
        q--;
    return q;
}

/* the time check: a call out to Python, with the lock let go (another thread may run table
 * code meanwhile; the caller keeps ids and offsets, never pointers into the table) */
int check_time(canon_table *t)
{
    PyObject *check = t->check, *r;
    if (check == NULL)
        return 0;
    Py_INCREF(check);
    canon_let_go(t);
    r = PyObject_CallNoArgs(check);
    Py_DECREF(check);
    if (canon_take_back(t) < 0) {
        Py_XDECREF(r);
        return -1;
    }
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

/* "p/q" (reduced) or "p" of a fixed-point number, for error messages */
static void fixed_text(int64_t x, char *buf, size_t size)
{
    int64_t den = ONE;
    while (den > 1 && x % 2 == 0) {
        x /= 2;
        den /= 2;
    }
    if (den == 1)
        PyOS_snprintf(buf, size, "%lld", (long long)x);
    else
        PyOS_snprintf(buf, size, "%lld/%lld", (long long)x, (long long)den);
}

int too_large_number(canon_table *t, int64_t x)
{
    char text[64];
    fixed_text(x, text, sizeof text);
    PyErr_Format(t->unsupported ? t->unsupported : PyExc_ValueError,
                 "the number %s is too large for the canonical-value engine (numbers up to "
                 "100,000 in size, denominators up to 2^%d)",
                 text, FRAC);
    return -1;
}

int grow(void **p, int64_t *cap, int64_t need, size_t item)
{
    int64_t n = *cap ? *cap : 64;
    void *q;
    if (need <= *cap)
        return 0;
    while (n < need)
        n *= 2;
    if ((uint64_t)n > (uint64_t)PY_SSIZE_T_MAX / item) {
        PyErr_NoMemory();
        return -1;
    }
    q = realloc(*p, (size_t)n * item);
    if (q == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    *p = q;
    *cap = n;
    return 0;
}

/* ---- the caches ---------------------------------------------------------------------- */

#define LE_MAX ((int64_t)1 << 26)  /* 512 MiB */
#define ADD_MAX ((int64_t)1 << 25) /* 512 MiB */

/* cache sizes follow the table: about 8 slots per id, up to the caps */
int resize_caches(canon_table *t)
{
    int64_t want = 1 << 12;
    while (want < t->count * 8 && want < LE_MAX)
        want *= 2;
    if (want > t->le_cap) {
        le_slot *n = (le_slot *)calloc((size_t)want, sizeof(le_slot));
        int64_t i;
        if (n == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < t->le_cap; i++) {
            uint64_t k = t->le[i].key;
            if (k)
                n[mix64(k >> 1) & (uint64_t)(want - 1)].key = k;
        }
        free(t->le);
        t->le = n;
        t->le_cap = want;
    }
    if (want > ADD_MAX)
        want = ADD_MAX;
    if (want > t->add_cap) {
        add_slot *n = (add_slot *)calloc((size_t)want, sizeof(add_slot));
        int64_t i;
        if (n == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < t->add_cap; i++) {
            uint64_t k = t->add[i].key;
            if (k)
                n[mix64(k) & (uint64_t)(want - 1)] = t->add[i];
        }
        free(t->add);
        t->add = n;
        t->add_cap = want;
    }
    return 0;
}

/* ---- the index of x + n.^ + *m forms ------------------------------------------------- */

static uint64_t nus_hash(int64_t x, int32_t n, int32_t m)
{
    return mix64((uint64_t)x ^ mix64(((uint64_t)(uint32_t)n << 32) | (uint32_t)m));
}

int32_t nus_find(canon_table *t, int64_t x, int32_t n, int32_t m)
{
    uint64_t mask, h;
    if (t->nus_cap == 0)
        return -1;
    mask = (uint64_t)t->nus_cap - 1;
    for (h = nus_hash(x, n, m) & mask;; h = (h + 1) & mask) {
        nus_slot *s = &t->nus[h];
        if (s->id < 0)
            return -1;
        if (s->x == x && s->n == n && s->m == m)
            return s->id;
    }
}

static void nus_put_slot(nus_slot *tab, int64_t cap, nus_slot v)
{
    uint64_t mask = (uint64_t)cap - 1, h;
    for (h = nus_hash(v.x, v.n, v.m) & mask; tab[h].id >= 0; h = (h + 1) & mask)
        ;
    tab[h] = v;
}

int nus_add(canon_table *t, int64_t x, int32_t n, int32_t m, int32_t id) /* when not there yet */
{
    nus_slot v;
    if ((t->nus_count + 1) * 2 > t->nus_cap) {
        int64_t cap = t->nus_cap ? t->nus_cap * 2 : 1024, i;
        nus_slot *tab = (nus_slot *)malloc((size_t)cap * sizeof(nus_slot));
        if (tab == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < cap; i++)
            tab[i].id = -1;
        for (i = 0; i < t->nus_cap; i++)
            if (t->nus[i].id >= 0)
                nus_put_slot(tab, cap, t->nus[i]);
        free(t->nus);
        t->nus = tab;
        t->nus_cap = cap;
    }
    v.x = x;
    v.n = n;
    v.m = m;
    v.id = id;
    nus_put_slot(t->nus, t->nus_cap, v);
    t->nus_count++;
    return 0;
}

/* ---- interning -------------------------------------------------------------------------- */

static int32_t index_find(canon_table *t, const int32_t *L, int64_t nl, const int32_t *R, int64_t nr, uint64_t h)
{
    uint64_t mask, s;
    if (t->index_cap == 0)
        return -1;
    mask = (uint64_t)t->index_cap - 1;
    for (s = h & mask;; s = (s + 1) & mask) {
        int32_t id = t->index[s];
        const node *g;
        if (id < 0)
            return -1;
        g = &t->nodes[id];
        if (t->cold[id].ihash == h && g->ln == nl && g->rn == nr
            && (nl == 0 || memcmp(t->pool + g->lo, L, (size_t)nl * sizeof(int32_t)) == 0)
            && (nr == 0 || memcmp(t->pool + g->lo + nl, R, (size_t)nr * sizeof(int32_t)) == 0))
            return id;
    }
}

int index_build(canon_table *t, int64_t cap) /* the index anew, cap a power of two > 2 * count */
{
    int64_t i;
    int32_t *tab;
    if ((uint64_t)cap > (uint64_t)PY_SSIZE_T_MAX / sizeof(int32_t)) {
        PyErr_NoMemory();
        return -1;
    }
    tab = (int32_t *)malloc((size_t)cap * sizeof(int32_t));
    if (tab == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < cap; i++)
        tab[i] = -1;
    for (i = 0; i < t->count; i++) {
        uint64_t s = t->cold[i].ihash & (uint64_t)(cap - 1);
        while (tab[s] >= 0)
            s = (s + 1) & (uint64_t)(cap - 1);
        tab[s] = (int32_t)i;
    }
    free(t->index);
    t->index = tab;
    t->index_cap = cap;
    return 0;
}

static int index_grow(canon_table *t)
{
    return index_build(t, t->index_cap ? t->index_cap * 2 : 1024);
}

/* the simplest number strictly between lo and hi (has_lo/has_hi 0: unbounded) */
int64_t simplest_between(int has_lo, int64_t lo, int has_hi, int64_t hi)
{
    int64_t n, step;
    if (!has_lo && !has_hi)
        return 0;
    if (!has_lo) { /* min(0, ceil(hi) - 1) */
        n = -floor_div(-hi, ONE) - 1;
        return n < 0 ? n * ONE : 0;
    }
    if (!has_hi) { /* max(0, floor(lo) + 1) */
        n = floor_div(lo, ONE) + 1;
        return n > 0 ? n * ONE : 0;
    }
    if (lo < 0 && 0 < hi)
        return 0;
    if (hi <= 0)
        return -simplest_between(1, -hi, 1, -lo);
    n = (floor_div(lo, ONE) + 1) * ONE;
    if (n < hi)
        return n;
    for (step = ONE / 2; step > 1; step /= 2) {
        n = (floor_div(lo, step) + 1) * step;
        if (n < hi)
            return n;
    }
    return lo + 1; /* lo < hi are multiples of 2^-FRAC */
}

typedef struct {
    int32_t n, m;
} pair;

static int cmp_pair(const void *a, const void *b)
{
    const pair *p = (const pair *)a, *q = (const pair *)b;
    if (p->n != q->n)
        return (p->n > q->n) - (p->n < q->n);
    return (p->m > q->m) - (p->m < q->m);
}

/* the number and x + n.^ + *m tags of a canonical {L | R} (into g) */
static int recognise(canon_table *t, node *g, const int32_t *L, int64_t nl, const int32_t *R, int64_t nr)
{
    int64_t k, lmax = 0, rmin = 0, x;
    int all = 1, same;
    pair *tl, *tr;
    g->is_number = g->is_nus = 0;
    g->ups = g->star = 0;
    g->x = 0;
    for (k = 0; k < nl && all; k++)
        all = NODE(L[k]).is_number;
    for (k = 0; k < nr && all; k++)
        all = NODE(R[k]).is_number;
    if (all) {
        for (k = 0; k < nl; k++)
            if (k == 0 || NODE(L[k]).x > lmax)
                lmax = NODE(L[k]).x;
        for (k = 0; k < nr; k++)
            if (k == 0 || NODE(R[k]).x < rmin)
                rmin = NODE(R[k]).x;
        if (nl == 0 || nr == 0 || lmax < rmin) {
            g->x = simplest_between(nl > 0, lmax, nr > 0, rmin);
            g->is_number = g->is_nus = 1;
            return 0;
        }
    }
    if (nl == 0 || nr == 0)
        return 0;
    for (k = 0; k < nl; k++)
        if (!NODE(L[k]).is_nus)
            return 0;
    for (k = 0; k < nr; k++)
        if (!NODE(R[k]).is_nus)
            return 0;
    x = NODE(L[0]).x;
    for (k = 0; k < nl; k++)
        if (NODE(L[k]).x != x)
            return 0;
    for (k = 0; k < nr; k++)
        if (NODE(R[k]).x != x)
            return 0;
    tl = (pair *)malloc((size_t)(nl + nr) * sizeof(pair));
    if (tl == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    tr = tl + nl;
    for (k = 0; k < nl; k++) {
        tl[k].n = NODE(L[k]).ups;
        tl[k].m = NODE(L[k]).star;
    }
    for (k = 0; k < nr; k++) {
        tr[k].n = NODE(R[k]).ups;
        tr[k].m = NODE(R[k]).star;
    }
    qsort(tl, (size_t)nl, sizeof(pair), cmp_pair);
    qsort(tr, (size_t)nr, sizeof(pair), cmp_pair);
    g->x = x;
    /* x + *m = {x, x*, ..., x*(m-1) | the same} */
    same = nl == nr;
    for (k = 0; k < nl && same; k++)
        same = tl[k].n == 0 && tl[k].m == k && tr[k].n == 0 && tr[k].m == k;
    if (same) {
        g->is_nus = 1;
        g->star = (int32_t)nl;
    } else if (nl == 2 && nr == 1 && tl[0].n == 0 && tl[0].m == 0 && tl[1].n == 0 && tl[1].m == 1
               && tr[0].n == 0 && tr[0].m == 0) { /* x + ^* = {x, x* | x} */
        g->is_nus = 1;
        g->ups = 1;
        g->star = 1;
    } else if (nl == 1 && nr == 2 && tl[0].n == 0 && tl[0].m == 0 && tr[0].n == 0 && tr[0].m == 0
               && tr[1].n == 0 && tr[1].m == 1) { /* x + v* = {x | x, x*} */
        g->is_nus = 1;
        g->ups = -1;
        g->star = 1;
    } else if (nl == 1 && nr == 1) {
        /* x + n.^ + *m = {x | x + (n-1).^ + *(m^1)} for n >= 1, and the negatives */
        int32_t a = tl[0].n, b = tl[0].m, c = tr[0].n, d = tr[0].m;
        if (a == 0 && b == 0 && c >= 0 && !(c == 0 && (d ^ 1) == 1)) {
            g->is_nus = 1;
            g->ups = c + 1;
            g->star = d ^ 1;
        } else if (c == 0 && d == 0 && a <= 0 && !(a == 0 && (b ^ 1) == 1)) {
            g->is_nus = 1;
            g->ups = a - 1;
            g->star = b ^ 1;
        }
    }
    free(tl);
    return 0;
}

/* 0 when the table may take game id, else -1 with an error set: too many options, 2^31
 * ids, or the table's limit (its TableFullError is made by a call out to Python, the lock
 * let go). */
static int check_room(canon_table *t, int64_t id, int64_t nl, int64_t nr)
{
    PyObject *cls, *e = NULL;
    if (nl > INT32_MAX / 2 || nr > INT32_MAX / 2) {
        PyErr_SetString(PyExc_MemoryError, "a canonical game with too many options");
        return -1;
    }
    if (id >= INT32_MAX - 1) {
        PyErr_SetString(PyExc_MemoryError, "the table of canonical games is full (2^31 ids)");
        return -1;
    }
    if (!(t->limit > 0 && id >= t->limit && id > 0)) /* zero is always made */
        return 0;
    cls = t->full_error;
    if (cls != NULL) { /* a call out to Python: the lock let go */
        Py_INCREF(cls);
        canon_let_go(t);
        e = PyObject_CallFunction(cls, "L", (long long)t->limit);
        if (canon_take_back(t) < 0)
            Py_CLEAR(e);
    }
    if (e != NULL) {
        PyErr_SetObject(cls, e);
        Py_DECREF(e);
    } else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_MemoryError, "the table of canonical games is full");
    }
    Py_XDECREF(cls);
    return -1;
}

/* the birthday and stops of g = {L | R}, its number tags set (-1 when it is not canonical) */
static int birthday_and_stops(canon_table *t, node *g, const int32_t *L, int64_t nl,
                              const int32_t *R, int64_t nr)
{
    int64_t k;
    int32_t bday = -1;
    for (k = 0; k < nl; k++)
        if (NODE(L[k]).birthday > bday)
            bday = NODE(L[k]).birthday;
    for (k = 0; k < nr; k++)
        if (NODE(R[k]).birthday > bday)
            bday = NODE(R[k]).birthday;
    g->birthday = bday + 1;
    if (!g->is_number && (nl == 0 || nr == 0)) {
        PyErr_SetString(PyExc_ValueError, "intern: {L | R} is not in canonical form");
        return -1;
    }
    if (g->is_number) {
        g->lstop = g->rstop = g->x;
        return 0;
    }
    g->lstop = NODE(L[0]).rstop;
    for (k = 1; k < nl; k++)
        if (NODE(L[k]).rstop > g->lstop)
            g->lstop = NODE(L[k]).rstop;
    g->rstop = NODE(R[0]).lstop;
    for (k = 1; k < nr; k++)
        if (NODE(R[k]).lstop < g->rstop)
            g->rstop = NODE(R[k]).lstop;
    return 0;
}

/* the structural hash of {L | R}, of the sorted hashes of each side, into c->shash (-1
 * when out of memory) */
static int structural_hash(canon_table *t, cold *c, const int32_t *L, int64_t nl,
                           const int32_t *R, int64_t nr)
{
    int64_t k, *hs = (int64_t *)malloc((size_t)(nl + nr + 1) * sizeof(int64_t));
    uint64_t sh;
    if (hs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (k = 0; k < nl; k++)
        hs[k] = t->cold[L[k]].shash;
    for (k = 0; k < nr; k++)
        hs[nl + k] = t->cold[R[k]].shash;
    qsort(hs, (size_t)nl, sizeof(int64_t), cmp_i64);
    qsort(hs + nl, (size_t)nr, sizeof(int64_t), cmp_i64);
    sh = 0x51ED270B27ULL;
    for (k = 0; k < nl; k++)
        sh = mix64(sh ^ (uint64_t)hs[k]);
    sh = mix64(sh ^ 0x7C0FFEEULL);
    for (k = 0; k < nr; k++)
        sh = mix64(sh ^ (uint64_t)hs[nl + k]);
    free(hs);
    c->shash = (int64_t)(sh >> 2); /* a Python hash that is never -1 */
    return 0;
}

/* stores g and c as game id (the table's new last game), its options in the pool and its
 * id in the index under h, after making room in the arrays */
static int store(canon_table *t, int64_t id, node *g, const cold *c, const int32_t *L,
                 int64_t nl, const int32_t *R, int64_t nr, uint64_t h)
{
    uint64_t mask, s;
    if (grow((void **)&t->nodes, &t->cap, id + 1, sizeof(node)) < 0
        || grow((void **)&t->cold, &t->cold_cap, id + 1, sizeof(cold)) < 0
        || grow((void **)&t->pool, &t->pool_cap, t->pool_len + nl + nr, sizeof(int32_t)) < 0)
        return -1;
    if ((id + 1) * 2 > t->index_cap && index_grow(t) < 0)
        return -1;
    g->lo = t->pool_len;
    g->ln = (int32_t)nl;
    if (nl)
        memcpy(t->pool + t->pool_len, L, (size_t)nl * sizeof(int32_t));
    t->pool_len += nl;
    g->rn = (int32_t)nr;
    if (nr)
        memcpy(t->pool + t->pool_len, R, (size_t)nr * sizeof(int32_t));
    t->pool_len += nr;
    t->nodes[id] = *g;
    t->cold[id] = *c;
    t->count = id + 1;
    mask = (uint64_t)t->index_cap - 1;
    for (s = h & mask; t->index[s] >= 0; s = (s + 1) & mask)
        ;
    t->index[s] = (int32_t)id;
    return 0;
}

/* append {L | R} (canonical, not in the table) and return its id */
static int32_t append(canon_table *t, const int32_t *L, int64_t nl, const int32_t *R, int64_t nr, uint64_t h)
{
    node g;
    cold c;
    int64_t id = t->count;
    if (check_room(t, id, nl, nr) < 0)
        return -1;
    memset(&g, 0, sizeof g);
    memset(&c, 0, sizeof c);
    if (recognise(t, &g, L, nl, R, nr) < 0)
        return -1;
    if (g.is_number && (g.x > MAX_FIXED || g.x < -MAX_FIXED))
        return too_large_number(t, g.x);
    if (birthday_and_stops(t, &g, L, nl, R, nr) < 0 || structural_hash(t, &c, L, nl, R, nr) < 0)
        return -1;
    c.ihash = h;
    g.neg = -1;
    if (store(t, id, &g, &c, L, nl, R, nr, h) < 0)
        return -1;
    if (g.is_nus && nus_find(t, g.x, g.ups, g.star) < 0
        && nus_add(t, g.x, g.ups, g.star, (int32_t)id) < 0)
        return -1;
    if (resize_caches(t) < 0)
        return -1;
    return (int32_t)id;
}

/* the id of {L | R} (canonical, sorted); L and R must not point into the pool */
int32_t intern(canon_table *t, const int32_t *L, int64_t nl, const int32_t *R, int64_t nr)
{
    uint64_t h = lists_hash(L, nl, R, nr);
    int32_t found = index_find(t, L, nl, R, nr, h);
    if (found >= 0)
        return found;
    return append(t, L, nl, R, nr, h);
}

/* frees the table's arrays (its games, their options, the index and the caches), leaving
 * NULL in their place; their counts and capacities are the caller's to clear */
void free_arrays(canon_table *t)
{
    free(t->nodes);
    free(t->cold);
    free(t->pool);
    free(t->index);
    free(t->nus);
    free(t->le);
    free(t->add);
    t->nodes = NULL;
    t->cold = NULL;
    t->pool = NULL;
    t->index = NULL;
    t->nus = NULL;
    t->le = NULL;
    t->add = NULL;
}

int reset_table(canon_table *t)
{
    free_arrays(t);
    t->count = t->cap = t->cold_cap = t->pool_len = t->pool_cap = t->index_cap = 0;
    t->nus_cap = t->nus_count = t->le_cap = t->add_cap = 0;
    t->le_hits = t->le_misses = t->add_hits = t->add_misses = t->makes = 0;
    if (intern(t, NULL, 0, NULL, 0) != 0)
        return -1;
    return 0;
}

/* ---- numbers and x + n.^ + *m --------------------------------------------------------- */

int32_t number_id(canon_table *t, int64_t x)
{
    int32_t found = nus_find(t, x, 0, 0), gid, o1, o2;
    int64_t k, step, half;
    if (found >= 0)
        return found;
    if (x > MAX_FIXED || x < -MAX_FIXED)
        return too_large_number(t, x);
    if (x % ONE == 0) {
        int64_t n = x / ONE;
        step = n > 0 ? 1 : -1;
        gid = 0;
        for (k = 0; k != n;) { /* iterative: integers may be large */
            k += step;
            found = nus_find(t, k * ONE, 0, 0);
            if (found < 0)
                found = step > 0 ? intern(t, &gid, 1, NULL, 0) : intern(t, NULL, 0, &gid, 1);
            if (found < 0)
                return -1;
            gid = found;
        }
        return gid;
    }
    half = 1;
    while (x % (half * 2) == 0)
        half *= 2;
    o1 = number_id(t, x - half);
    if (o1 < 0)
        return -1;
    o2 = number_id(t, x + half);
    if (o2 < 0)
        return -1;
    return intern(t, &o1, 1, &o2, 1);
}

int32_t nus_id(canon_table *t, int64_t x, int32_t n, int32_t m)
{
    int32_t found = nus_find(t, x, n, m), base, star, gid, k, sign, an;
    if (found >= 0)
        return found;
    if (n == 0 && m == 0)
        return number_id(t, x);
    if (m > CANON_MAX_NIMBER) {
        PyErr_Format(t->unsupported ? t->unsupported : PyExc_ValueError,
                     "the nimber *%d is too large for the canonical-value engine (at most "
                     "*%d: *n is stored with its n options)",
                     (int)m, CANON_MAX_NIMBER);
        return -1;
    }
    if (n > CANON_MAX_UPS || n < -CANON_MAX_UPS) {
        PyErr_Format(t->unsupported ? t->unsupported : PyExc_ValueError,
                     "%d ups or downs are too many for the canonical-value engine (at most %d)",
                     n < 0 ? -n : n, CANON_MAX_UPS);
        return -1;
    }
    base = number_id(t, x);
    if (base < 0)
        return -1;
    if (n == 0) {
        int32_t opts[CANON_MAX_NIMBER + 1];
        int64_t cnt;
        for (k = 0; k < m; k++) {
            opts[k] = nus_id(t, x, 0, k);
            if (opts[k] < 0)
                return -1;
        }
        cnt = sort_unique(opts, m);
        return intern(t, opts, cnt, opts, cnt);
    }
    star = nus_id(t, x, 0, 1);
    if (star < 0)
        return -1;
    sign = n > 0 ? 1 : -1;
    an = n > 0 ? n : -n;
    gid = base;
    for (k = 1; k <= an; k++) {
        int32_t j = m ^ ((an - k) & 1);
        found = nus_find(t, x, sign * k, j);
        if (found < 0) {
            if (k == 1 && j == 1) {
                int32_t both[2];
                both[0] = base < star ? base : star;
                both[1] = base < star ? star : base;
                found = sign > 0 ? intern(t, both, 2, &base, 1) : intern(t, &base, 1, both, 2);
            } else {
                int32_t below = k > 1 ? gid : nus_id(t, x, 0, j ^ 1);
                if (below < 0)
                    return -1;
                found = sign > 0 ? intern(t, &base, 1, &below, 1) : intern(t, &below, 1, &base, 1);
            }
            if (found < 0)
                return -1;
        }
        gid = found;
    }
    return gid;
}

