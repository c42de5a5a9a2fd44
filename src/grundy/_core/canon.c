/* canon.c: the hash-consed table of canonical short games (the compiled twin of
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
 * Threads: everything runs with the GIL held. The only call out to Python is the time
 * check (grundy.core.limits.check_time, every 1024 comparisons and every make), where
 * another thread may run and extend the table: so the code never keeps a pointer into the
 * table across a call that may append or check the time, only ids and offsets. A reset
 * (grundy.clear_cache) while a computation runs is refused.
 */
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

static struct {
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
} T;

#define NODE(i) (T.nodes[(i)])
#define LOPT(i, k) (T.pool[T.nodes[(i)].lo + (k)])
#define ROPT(i, k) (T.pool[T.nodes[(i)].lo + T.nodes[(i)].ln + (k)])

/* ---- small helpers ------------------------------------------------------------------ */

static uint64_t mix64(uint64_t z)
{
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t lists_hash(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr)
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

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* sort and drop repeats in place; returns the new length */
static int64_t sort_unique(int32_t *v, int64_t n)
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

static int check_time(void)
{
    PyObject *r;
    if (T.check == NULL)
        return 0;
    r = PyObject_CallNoArgs(T.check);
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

static int too_large_number(int64_t x)
{
    char text[64];
    fixed_text(x, text, sizeof text);
    PyErr_Format(T.unsupported ? T.unsupported : PyExc_ValueError,
                 "the number %s is too large for the canonical-value engine (numbers up to "
                 "100,000 in size, denominators up to 2^%d)",
                 text, FRAC);
    return -1;
}

static int grow(void **p, int64_t *cap, int64_t need, size_t item)
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
static int resize_caches(void)
{
    int64_t want = 1 << 12;
    while (want < T.count * 8 && want < LE_MAX)
        want *= 2;
    if (want > T.le_cap) {
        le_slot *n = (le_slot *)calloc((size_t)want, sizeof(le_slot));
        int64_t i;
        if (n == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < T.le_cap; i++) {
            uint64_t k = T.le[i].key;
            if (k)
                n[mix64(k >> 1) & (uint64_t)(want - 1)].key = k;
        }
        free(T.le);
        T.le = n;
        T.le_cap = want;
    }
    if (want > ADD_MAX)
        want = ADD_MAX;
    if (want > T.add_cap) {
        add_slot *n = (add_slot *)calloc((size_t)want, sizeof(add_slot));
        int64_t i;
        if (n == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < T.add_cap; i++) {
            uint64_t k = T.add[i].key;
            if (k)
                n[mix64(k) & (uint64_t)(want - 1)] = T.add[i];
        }
        free(T.add);
        T.add = n;
        T.add_cap = want;
    }
    return 0;
}

/* ---- the index of x + n.^ + *m forms ------------------------------------------------- */

static uint64_t nus_hash(int64_t x, int32_t n, int32_t m)
{
    return mix64((uint64_t)x ^ mix64(((uint64_t)(uint32_t)n << 32) | (uint32_t)m));
}

static int32_t nus_find(int64_t x, int32_t n, int32_t m)
{
    uint64_t mask, h;
    if (T.nus_cap == 0)
        return -1;
    mask = (uint64_t)T.nus_cap - 1;
    for (h = nus_hash(x, n, m) & mask;; h = (h + 1) & mask) {
        nus_slot *s = &T.nus[h];
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

static int nus_add(int64_t x, int32_t n, int32_t m, int32_t id) /* when not there yet */
{
    nus_slot v;
    if ((T.nus_count + 1) * 2 > T.nus_cap) {
        int64_t cap = T.nus_cap ? T.nus_cap * 2 : 1024, i;
        nus_slot *tab = (nus_slot *)malloc((size_t)cap * sizeof(nus_slot));
        if (tab == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < cap; i++)
            tab[i].id = -1;
        for (i = 0; i < T.nus_cap; i++)
            if (T.nus[i].id >= 0)
                nus_put_slot(tab, cap, T.nus[i]);
        free(T.nus);
        T.nus = tab;
        T.nus_cap = cap;
    }
    v.x = x;
    v.n = n;
    v.m = m;
    v.id = id;
    nus_put_slot(T.nus, T.nus_cap, v);
    T.nus_count++;
    return 0;
}

/* ---- interning -------------------------------------------------------------------------- */

static int32_t index_find(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr, uint64_t h)
{
    uint64_t mask, s;
    if (T.index_cap == 0)
        return -1;
    mask = (uint64_t)T.index_cap - 1;
    for (s = h & mask;; s = (s + 1) & mask) {
        int32_t id = T.index[s];
        const node *g;
        if (id < 0)
            return -1;
        g = &T.nodes[id];
        if (T.cold[id].ihash == h && g->ln == nl && g->rn == nr
            && (nl == 0 || memcmp(T.pool + g->lo, L, (size_t)nl * sizeof(int32_t)) == 0)
            && (nr == 0 || memcmp(T.pool + g->lo + nl, R, (size_t)nr * sizeof(int32_t)) == 0))
            return id;
    }
}

static int index_build(int64_t cap) /* the index anew, cap a power of two > 2 * count */
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
    for (i = 0; i < T.count; i++) {
        uint64_t s = T.cold[i].ihash & (uint64_t)(cap - 1);
        while (tab[s] >= 0)
            s = (s + 1) & (uint64_t)(cap - 1);
        tab[s] = (int32_t)i;
    }
    free(T.index);
    T.index = tab;
    T.index_cap = cap;
    return 0;
}

static int index_grow(void)
{
    return index_build(T.index_cap ? T.index_cap * 2 : 1024);
}

/* the simplest number strictly between lo and hi (has_lo/has_hi 0: unbounded) */
static int64_t simplest_between(int has_lo, int64_t lo, int has_hi, int64_t hi)
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
static int recognise(node *g, const int32_t *L, int64_t nl, const int32_t *R, int64_t nr)
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

/* append {L | R} (canonical, not in the table) and return its id */
static int32_t append(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr, uint64_t h)
{
    node g;
    cold c;
    int64_t k, id = T.count;
    int32_t bday = -1;
    uint64_t sh;
    int64_t *hs;
    if (nl > INT32_MAX / 2 || nr > INT32_MAX / 2) {
        PyErr_SetString(PyExc_MemoryError, "a canonical game with too many options");
        return -1;
    }
    if (id >= INT32_MAX - 1) {
        PyErr_SetString(PyExc_MemoryError, "the table of canonical games is full (2^31 ids)");
        return -1;
    }
    if (T.limit > 0 && id >= T.limit && id > 0) { /* zero is always made */
        PyObject *e = T.full_error ? PyObject_CallFunction(T.full_error, "L", (long long)T.limit)
                                   : NULL;
        if (e != NULL) {
            PyErr_SetObject(T.full_error, e);
            Py_DECREF(e);
        } else if (!PyErr_Occurred()) {
            PyErr_SetString(PyExc_MemoryError, "the table of canonical games is full");
        }
        return -1;
    }
    memset(&g, 0, sizeof g);
    memset(&c, 0, sizeof c);
    if (recognise(&g, L, nl, R, nr) < 0)
        return -1;
    if (g.is_number && (g.x > MAX_FIXED || g.x < -MAX_FIXED))
        return too_large_number(g.x);
    for (k = 0; k < nl; k++)
        if (NODE(L[k]).birthday > bday)
            bday = NODE(L[k]).birthday;
    for (k = 0; k < nr; k++)
        if (NODE(R[k]).birthday > bday)
            bday = NODE(R[k]).birthday;
    g.birthday = bday + 1;
    if (!g.is_number && (nl == 0 || nr == 0)) {
        PyErr_SetString(PyExc_ValueError, "intern: {L | R} is not in canonical form");
        return -1;
    }
    if (g.is_number) {
        g.lstop = g.rstop = g.x;
    } else {
        g.lstop = NODE(L[0]).rstop;
        for (k = 1; k < nl; k++)
            if (NODE(L[k]).rstop > g.lstop)
                g.lstop = NODE(L[k]).rstop;
        g.rstop = NODE(R[0]).lstop;
        for (k = 1; k < nr; k++)
            if (NODE(R[k]).lstop < g.rstop)
                g.rstop = NODE(R[k]).lstop;
    }
    /* structural hash: of the sorted hashes of each side */
    hs = (int64_t *)malloc((size_t)(nl + nr + 1) * sizeof(int64_t));
    if (hs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (k = 0; k < nl; k++)
        hs[k] = T.cold[L[k]].shash;
    for (k = 0; k < nr; k++)
        hs[nl + k] = T.cold[R[k]].shash;
    qsort(hs, (size_t)nl, sizeof(int64_t), cmp_i64);
    qsort(hs + nl, (size_t)nr, sizeof(int64_t), cmp_i64);
    sh = 0x51ED270B27ULL;
    for (k = 0; k < nl; k++)
        sh = mix64(sh ^ (uint64_t)hs[k]);
    sh = mix64(sh ^ 0x7C0FFEEULL);
    for (k = 0; k < nr; k++)
        sh = mix64(sh ^ (uint64_t)hs[nl + k]);
    free(hs);
    c.shash = (int64_t)(sh >> 2); /* a Python hash that is never -1 */
    c.ihash = h;
    g.neg = -1;
    /* room: nodes, pool, index, caches */
    if (grow((void **)&T.nodes, &T.cap, id + 1, sizeof(node)) < 0
        || grow((void **)&T.cold, &T.cold_cap, id + 1, sizeof(cold)) < 0
        || grow((void **)&T.pool, &T.pool_cap, T.pool_len + nl + nr, sizeof(int32_t)) < 0)
        return -1;
    if ((id + 1) * 2 > T.index_cap && index_grow() < 0)
        return -1;
    g.lo = T.pool_len;
    g.ln = (int32_t)nl;
    if (nl)
        memcpy(T.pool + T.pool_len, L, (size_t)nl * sizeof(int32_t));
    T.pool_len += nl;
    g.rn = (int32_t)nr;
    if (nr)
        memcpy(T.pool + T.pool_len, R, (size_t)nr * sizeof(int32_t));
    T.pool_len += nr;
    T.nodes[id] = g;
    T.cold[id] = c;
    T.count = id + 1;
    {
        uint64_t mask = (uint64_t)T.index_cap - 1, s;
        for (s = h & mask; T.index[s] >= 0; s = (s + 1) & mask)
            ;
        T.index[s] = (int32_t)id;
    }
    if (g.is_nus && nus_find(g.x, g.ups, g.star) < 0
        && nus_add(g.x, g.ups, g.star, (int32_t)id) < 0)
        return -1;
    if (resize_caches() < 0)
        return -1;
    return (int32_t)id;
}

/* the id of {L | R} (canonical, sorted); L and R must not point into the pool */
static int32_t intern(const int32_t *L, int64_t nl, const int32_t *R, int64_t nr)
{
    uint64_t h = lists_hash(L, nl, R, nr);
    int32_t found = index_find(L, nl, R, nr, h);
    if (found >= 0)
        return found;
    return append(L, nl, R, nr, h);
}

static int reset_table(void)
{
    free(T.nodes);
    free(T.cold);
    free(T.pool);
    free(T.index);
    free(T.nus);
    free(T.le);
    free(T.add);
    T.nodes = NULL;
    T.cold = NULL;
    T.pool = NULL;
    T.index = NULL;
    T.nus = NULL;
    T.le = NULL;
    T.add = NULL;
    T.count = T.cap = T.cold_cap = T.pool_len = T.pool_cap = T.index_cap = 0;
    T.nus_cap = T.nus_count = T.le_cap = T.add_cap = 0;
    T.le_hits = T.le_misses = T.add_hits = T.add_misses = T.makes = 0;
    if (intern(NULL, 0, NULL, 0) != 0)
        return -1;
    return 0;
}

static int ready(void)
{
    if (T.count == 0)
        return reset_table();
    return 0;
}

/* ---- numbers and x + n.^ + *m --------------------------------------------------------- */

static int32_t number_id(int64_t x)
{
    int32_t found = nus_find(x, 0, 0), gid, o1, o2;
    int64_t k, step, half;
    if (found >= 0)
        return found;
    if (x > MAX_FIXED || x < -MAX_FIXED)
        return too_large_number(x);
    if (x % ONE == 0) {
        int64_t n = x / ONE;
        step = n > 0 ? 1 : -1;
        gid = 0;
        for (k = 0; k != n;) { /* iterative: integers may be large */
            k += step;
            found = nus_find(k * ONE, 0, 0);
            if (found < 0)
                found = step > 0 ? intern(&gid, 1, NULL, 0) : intern(NULL, 0, &gid, 1);
            if (found < 0)
                return -1;
            gid = found;
        }
        return gid;
    }
    half = 1;
    while (x % (half * 2) == 0)
        half *= 2;
    o1 = number_id(x - half);
    if (o1 < 0)
        return -1;
    o2 = number_id(x + half);
    if (o2 < 0)
        return -1;
    return intern(&o1, 1, &o2, 1);
}

static int32_t nus_id(int64_t x, int32_t n, int32_t m)
{
    int32_t found = nus_find(x, n, m), base, star, gid, k, sign, an;
    if (found >= 0)
        return found;
    if (n == 0 && m == 0)
        return number_id(x);
    if (m > CANON_MAX_NIMBER) {
        PyErr_Format(T.unsupported ? T.unsupported : PyExc_ValueError,
                     "the nimber *%d is too large for the canonical-value engine (at most "
                     "*%d: *n is stored with its n options)",
                     (int)m, CANON_MAX_NIMBER);
        return -1;
    }
    if (n > CANON_MAX_UPS || n < -CANON_MAX_UPS) {
        PyErr_Format(T.unsupported ? T.unsupported : PyExc_ValueError,
                     "%d ups or downs are too many for the canonical-value engine (at most %d)",
                     n < 0 ? -n : n, CANON_MAX_UPS);
        return -1;
    }
    base = number_id(x);
    if (base < 0)
        return -1;
    if (n == 0) {
        int32_t opts[CANON_MAX_NIMBER + 1];
        int64_t cnt;
        for (k = 0; k < m; k++) {
            opts[k] = nus_id(x, 0, k);
            if (opts[k] < 0)
                return -1;
        }
        cnt = sort_unique(opts, m);
        return intern(opts, cnt, opts, cnt);
    }
    star = nus_id(x, 0, 1);
    if (star < 0)
        return -1;
    sign = n > 0 ? 1 : -1;
    an = n > 0 ? n : -n;
    gid = base;
    for (k = 1; k <= an; k++) {
        int32_t j = m ^ ((an - k) & 1);
        found = nus_find(x, sign * k, j);
        if (found < 0) {
            if (k == 1 && j == 1) {
                int32_t both[2];
                both[0] = base < star ? base : star;
                both[1] = base < star ? star : base;
                found = sign > 0 ? intern(both, 2, &base, 1) : intern(&base, 1, both, 2);
            } else {
                int32_t below = k > 1 ? gid : nus_id(x, 0, j ^ 1);
                if (below < 0)
                    return -1;
                found = sign > 0 ? intern(&base, 1, &below, 1) : intern(&below, 1, &base, 1);
            }
            if (found < 0)
                return -1;
        }
        gid = found;
    }
    return gid;
}

static int nus_nonnegative(int64_t x, int32_t n, int32_t m)
{
    if (x != 0)
        return x > 0;
    if (n == 0)
        return m == 0;
    return n >= 2 || (n == 1 && m != 1);
}

/* ---- comparison ------------------------------------------------------------------------ */

static int le_rec(int32_t a, int32_t b, int depth);

static int le_rec(int32_t a, int32_t b, int depth)
{
    uint64_t key, slot;
    int result;
    int64_t k;
    if (a == b)
        return 1;
    /* the answers without recursion first (stops are monotone; numbers and x + n.^ + *m
     * compare arithmetically): they need no cache slot */
    if (NODE(a).lstop > NODE(b).lstop || NODE(a).rstop > NODE(b).rstop)
        return 0;
    if (NODE(a).is_number && NODE(b).is_number)
        return NODE(a).x <= NODE(b).x;
    if (NODE(a).is_nus && NODE(b).is_nus)
        return nus_nonnegative(NODE(b).x - NODE(a).x, NODE(b).ups - NODE(a).ups,
                               NODE(a).star ^ NODE(b).star);
    key = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
    slot = mix64(key) & (uint64_t)(T.le_cap - 1);
    if ((T.le[slot].key >> 1) == key) {
        T.le_hits++;
        return (int)(T.le[slot].key & 1);
    }
    T.le_misses++;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to compare");
        return -1;
    }
    if (!(++T.ticks & 1023) && check_time() < 0)
        return -1;
    {
        /* a <= b unless some a^L >= b or some b^R <= a (only b's moves matter when a is a
         * number, only a's when b is: number avoidance); stops rule most out */
        result = 1;
        if (!NODE(a).is_number) {
            for (k = 0; k < NODE(a).ln; k++) {
                int32_t left = LOPT(a, k);
                if (NODE(b).lstop <= NODE(left).lstop && NODE(b).rstop <= NODE(left).rstop) {
                    int r = le_rec(b, left, depth + 1);
                    if (r < 0)
                        return -1;
                    if (r) {
                        result = 0;
                        break;
                    }
                }
            }
        }
        if (result && !NODE(b).is_number) {
            for (k = 0; k < NODE(b).rn; k++) {
                int32_t r = ROPT(b, k);
                if (NODE(r).lstop <= NODE(a).lstop && NODE(r).rstop <= NODE(a).rstop) {
                    int q = le_rec(r, a, depth + 1);
                    if (q < 0)
                        return -1;
                    if (q) {
                        result = 0;
                        break;
                    }
                }
            }
        }
    }
    slot = mix64(key) & (uint64_t)(T.le_cap - 1); /* the cache may have grown meanwhile */
    T.le[slot].key = (key << 1) | (uint64_t)result;
    return result;
}

/* ---- making canonical forms ------------------------------------------------------------ */

/* a growable list of ids */
typedef struct {
    int32_t *v;
    int64_t n, cap;
} ilist;

static int ilist_push(ilist *l, int32_t x)
{
    if (l->n == l->cap && grow((void **)&l->v, &l->cap, l->n + 1, sizeof(int32_t)) < 0)
        return -1;
    l->v[l->n++] = x;
    return 0;
}

/* The answers x <= G (key 2x) and G <= x (key 2x+1) for the G being made */
typedef struct {
    int64_t *keys; /* -1: empty */
    uint8_t *vals;
    int64_t cap, count;
    ilist *gl, *gr;
} gmemo;

static int gmemo_get(gmemo *m, int64_t key)
{
    uint64_t mask = (uint64_t)m->cap - 1, s;
    for (s = mix64((uint64_t)key) & mask; m->keys[s] >= 0; s = (s + 1) & mask)
        if (m->keys[s] == key)
            return m->vals[s];
    return -1;
}

static int gmemo_put(gmemo *m, int64_t key, int val)
{
    uint64_t mask, s;
    if ((m->count + 1) * 2 > m->cap) {
        int64_t cap = m->cap * 2, i;
        int64_t *keys = (int64_t *)malloc((size_t)cap * sizeof(int64_t));
        uint8_t *vals = (uint8_t *)malloc((size_t)cap);
        if (keys == NULL || vals == NULL) {
            free(keys);
            free(vals);
            PyErr_NoMemory();
            return -1;
        }
        for (i = 0; i < cap; i++)
            keys[i] = -1;
        for (i = 0; i < m->cap; i++)
            if (m->keys[i] >= 0) {
                uint64_t t = mix64((uint64_t)m->keys[i]) & (uint64_t)(cap - 1);
                while (keys[t] >= 0)
                    t = (t + 1) & (uint64_t)(cap - 1);
                keys[t] = m->keys[i];
                vals[t] = m->vals[i];
            }
        free(m->keys);
        free(m->vals);
        m->keys = keys;
        m->vals = vals;
        m->cap = cap;
    }
    mask = (uint64_t)m->cap - 1;
    for (s = mix64((uint64_t)key) & mask; m->keys[s] >= 0; s = (s + 1) & mask)
        ;
    m->keys[s] = key;
    m->vals[s] = (uint8_t)val;
    m->count++;
    return 0;
}

static int le_gx(gmemo *m, int32_t x, int depth);

/* x <= G where G is {gl | gr} (options canonical, G itself maybe not) */
static int le_xg(gmemo *m, int32_t x, int depth)
{
    int found = gmemo_get(m, 2 * (int64_t)x), r;
    int64_t k;
    if (found >= 0)
        return found;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to compare");
        return -1;
    }
    found = 1;
    for (k = 0; k < m->gr->n && found; k++) {
        int32_t g = m->gr->v[k];
        if (NODE(g).lstop <= NODE(x).lstop && NODE(g).rstop <= NODE(x).rstop) {
            if ((r = le_rec(g, x, depth + 1)) < 0)
                return -1;
            if (r)
                found = 0;
        }
    }
    for (k = 0; k < NODE(x).ln && found; k++) {
        if ((r = le_gx(m, LOPT(x, k), depth + 1)) < 0)
            return -1;
        if (r)
            found = 0;
    }
    if (gmemo_put(m, 2 * (int64_t)x, found) < 0)
        return -1;
    return found;
}

/* G <= x */
static int le_gx(gmemo *m, int32_t x, int depth)
{
    int found = gmemo_get(m, 2 * (int64_t)x + 1), r;
    int64_t k;
    if (found >= 0)
        return found;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to compare");
        return -1;
    }
    found = 1;
    for (k = 0; k < m->gl->n && found; k++) {
        int32_t g = m->gl->v[k];
        if (NODE(x).lstop <= NODE(g).lstop && NODE(x).rstop <= NODE(g).rstop) {
            if ((r = le_rec(x, g, depth + 1)) < 0)
                return -1;
            if (r)
                found = 0;
        }
    }
    for (k = 0; k < NODE(x).rn && found; k++) {
        if ((r = le_xg(m, ROPT(x, k), depth + 1)) < 0)
            return -1;
        if (r)
            found = 0;
    }
    if (gmemo_put(m, 2 * (int64_t)x + 1, found) < 0)
        return -1;
    return found;
}

/* keep the options no other one dominates: not a <= b (Left's), not b <= a (Right's) */
static int maximal(ilist *opts, int right, int depth)
{
    int64_t i, j, keep = 0, n = opts->n;
    uint8_t *gone;
    if (n < 2)
        return 0;
    gone = (uint8_t *)calloc((size_t)n, 1);
    if (gone == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (i = 0; i < n; i++) {
        int32_t a = opts->v[i];
        if (n > 32 && check_time() < 0)
            goto fail;
        for (j = 0; j < n; j++) {
            int32_t b = opts->v[j];
            int r;
            if (b == a || gone[j])
                continue; /* a dominated option is dominated by a kept one too */
            if (right) {
                if (!(NODE(b).lstop <= NODE(a).lstop && NODE(b).rstop <= NODE(a).rstop))
                    continue;
                r = le_rec(b, a, depth + 1);
            } else {
                if (!(NODE(a).lstop <= NODE(b).lstop && NODE(a).rstop <= NODE(b).rstop))
                    continue;
                r = le_rec(a, b, depth + 1);
            }
            if (r < 0)
                goto fail;
            if (r) {
                gone[i] = 1;
                break;
            }
        }
    }
    for (i = 0; i < n; i++)
        if (!gone[i])
            opts->v[keep++] = opts->v[i];
    opts->n = keep;
    free(gone);
    return 0;
fail:
    free(gone);
    return -1;
}

/* remove opts[i], add the options `side` of `back`, sort and unique */
static int bypass(ilist *opts, int64_t i, int32_t back, int left_side)
{
    int64_t k, cnt = left_side ? NODE(back).ln : NODE(back).rn;
    opts->v[i] = opts->v[opts->n - 1];
    opts->n--;
    for (k = 0; k < cnt; k++)
        if (ilist_push(opts, left_side ? LOPT(back, k) : ROPT(back, k)) < 0)
            return -1;
    opts->n = sort_unique(opts->v, opts->n);
    return 0;
}

static int32_t make_rec(ilist *gl, ilist *gr, int depth)
{
    gmemo m;
    int64_t i, k;
    int bypassed = 0, all = 1;
    int32_t result = -1;
    T.makes++;
    if (check_time() < 0)
        return -1;
    gl->n = sort_unique(gl->v, gl->n);
    gr->n = sort_unique(gr->v, gr->n);
    for (i = 0; i < gl->n && all; i++)
        all = NODE(gl->v[i]).is_number;
    for (i = 0; i < gr->n && all; i++)
        all = NODE(gr->v[i]).is_number;
    if (all) {
        int64_t lmax = 0, rmin = 0;
        for (i = 0; i < gl->n; i++)
            if (i == 0 || NODE(gl->v[i]).x > lmax)
                lmax = NODE(gl->v[i]).x;
        for (i = 0; i < gr->n; i++)
            if (i == 0 || NODE(gr->v[i]).x < rmin)
                rmin = NODE(gr->v[i]).x;
        if (gl->n == 0 || gr->n == 0 || lmax < rmin)
            return number_id(simplest_between(gl->n > 0, lmax, gr->n > 0, rmin));
    }
    /* Removing dominated options and bypassing reversible ones keep the value of G, so
     * the answers memoised in m stay true throughout. */
    if (maximal(gl, 0, depth) < 0 || maximal(gr, 1, depth) < 0)
        return -1;
    m.cap = 64;
    m.count = 0;
    m.keys = (int64_t *)malloc((size_t)m.cap * sizeof(int64_t));
    m.vals = (uint8_t *)malloc((size_t)m.cap);
    m.gl = gl;
    m.gr = gr;
    if (m.keys == NULL || m.vals == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < m.cap; i++)
        m.keys[i] = -1;
    i = 0;
    while (i < gl->n) {
        int32_t opt = gl->v[i], back = -1;
        for (k = 0; k < NODE(opt).rn; k++) {
            int32_t r = ROPT(opt, k);
            int q = le_xg(&m, r, depth + 1);
            if (q < 0)
                goto done;
            if (q) {
                back = r;
                break;
            }
        }
        if (back < 0) {
            i++;
        } else {
            bypassed = 1;
            if (bypass(gl, i, back, 1) < 0)
                goto done;
            i = 0;
        }
    }
    i = 0;
    while (i < gr->n) {
        int32_t opt = gr->v[i], back = -1;
        for (k = 0; k < NODE(opt).ln; k++) {
            int32_t left = LOPT(opt, k);
            int q = le_gx(&m, left, depth + 1);
            if (q < 0)
                goto done;
            if (q) {
                back = left;
                break;
            }
        }
        if (back < 0) {
            i++;
        } else {
            bypassed = 1;
            if (bypass(gr, i, back, 0) < 0)
                goto done;
            i = 0;
        }
    }
    if (bypassed && (maximal(gl, 0, depth) < 0 || maximal(gr, 1, depth) < 0))
        goto done;
    result = intern(gl->v, gl->n, gr->v, gr->n);
done:
    free(m.keys);
    free(m.vals);
    return result;
}

/* ---- negatives and sums ------------------------------------------------------------------ */

static int32_t neg_rec(int32_t a, int depth)
{
    int32_t result;
    int64_t k, nl, nr;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    if (NODE(a).neg >= 0)
        return NODE(a).neg;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to negate");
        return -1;
    }
    if (NODE(a).is_number) {
        result = number_id(-NODE(a).x);
    } else {
        result = -1;
        nl = NODE(a).rn;
        nr = NODE(a).ln;
        for (k = 0; k < nl; k++) {
            int32_t o = neg_rec(ROPT(a, k), depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto fail;
        }
        for (k = 0; k < nr; k++) {
            int32_t o = neg_rec(LOPT(a, k), depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto fail;
        }
        qsort(L.v, (size_t)L.n, sizeof(int32_t), cmp_i32);
        qsort(R.v, (size_t)R.n, sizeof(int32_t), cmp_i32);
        result = intern(L.v, L.n, R.v, R.n);
    fail:
        free(L.v);
        free(R.v);
    }
    if (result < 0)
        return -1;
    NODE(a).neg = result;
    NODE(result).neg = a;
    return result;
}

static int32_t add_rec(int32_t a, int32_t b, int depth)
{
    uint64_t key, slot;
    int32_t result = -1;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t k;
    if (a == 0)
        return b;
    if (b == 0)
        return a;
    if (a > b) {
        int32_t t = a;
        a = b;
        b = t;
    }
    key = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
    slot = mix64(key) & (uint64_t)(T.add_cap - 1);
    if (T.add[slot].key == key) {
        T.add_hits++;
        return T.add[slot].val;
    }
    T.add_misses++;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to add");
        return -1;
    }
    if (NODE(a).is_nus && NODE(b).is_nus) {
        int64_t x = NODE(a).x + NODE(b).x;
        if (x > MAX_FIXED || x < -MAX_FIXED)
            return too_large_number(x);
        result = nus_id(x, NODE(a).ups + NODE(b).ups, NODE(a).star ^ NODE(b).star);
    } else if (NODE(a).is_number || NODE(b).is_number) {
        /* number translation: {G^L + x | G^R + x} is canonical when G is not a number */
        int32_t x = NODE(a).is_number ? a : b, g = NODE(a).is_number ? b : a;
        for (k = 0; k < NODE(g).ln; k++) {
            int32_t o = add_rec(LOPT(g, k), x, depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(g).rn; k++) {
            int32_t o = add_rec(ROPT(g, k), x, depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto done;
        }
        L.n = sort_unique(L.v, L.n);
        R.n = sort_unique(R.v, R.n);
        result = intern(L.v, L.n, R.v, R.n);
    } else {
        for (k = 0; k < NODE(a).ln; k++) {
            int32_t o = add_rec(LOPT(a, k), b, depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(b).ln; k++) {
            int32_t o = add_rec(a, LOPT(b, k), depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(a).rn; k++) {
            int32_t o = add_rec(ROPT(a, k), b, depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(b).rn; k++) {
            int32_t o = add_rec(a, ROPT(b, k), depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto done;
        }
        result = make_rec(&L, &R, depth + 1);
    }
done:
    free(L.v);
    free(R.v);
    if (result >= 0) {
        slot = mix64(key) & (uint64_t)(T.add_cap - 1);
        T.add[slot].key = key;
        T.add[slot].val = result;
    }
    return result;
}

/* ---- the C interface (core.h) ------------------------------------------------------------ */

static int valid(int64_t a)
{
    if (a < 0 || a >= T.count) {
        PyErr_Format(PyExc_IndexError, "%lld is not the id of a canonical game", (long long)a);
        return 0;
    }
    return 1;
}

int canon_size(void)
{
    if (ready() < 0)
        return -1;
    return (int)T.count;
}

int canon_le(int a, int b)
{
    int r;
    if (ready() < 0 || !valid(a) || !valid(b))
        return -1;
    T.depth++;
    r = le_rec(a, b, 0);
    T.depth--;
    return r;
}

int canon_add(int a, int b)
{
    int r;
    if (ready() < 0 || !valid(a) || !valid(b))
        return -1;
    T.depth++;
    r = add_rec(a, b, 0);
    T.depth--;
    return r;
}

int canon_neg(int a)
{
    int r;
    if (ready() < 0 || !valid(a))
        return -1;
    T.depth++;
    r = neg_rec(a, 0);
    T.depth--;
    return r;
}

int canon_dyadic(int64_t fixed)
{
    int r;
    if (ready() < 0)
        return -1;
    T.depth++;
    r = number_id(fixed);
    T.depth--;
    return r;
}

int canon_integer(int64_t n)
{
    if (n > CANON_MAX_INTEGER || n < -CANON_MAX_INTEGER) {
        if (ready() < 0)
            return -1;
        PyErr_Format(T.unsupported ? T.unsupported : PyExc_ValueError,
                     "the number %lld is too large for the canonical-value engine (numbers up "
                     "to 100,000 in size, denominators up to 2^%d)",
                     (long long)n, FRAC);
        return -1;
    }
    return canon_dyadic(n * ONE);
}

int canon_make(const int *L, int nl, const int *R, int nr)
{
    ilist gl = {NULL, 0, 0}, gr = {NULL, 0, 0};
    int64_t k;
    int32_t r = -1;
    if (ready() < 0)
        return -1;
    for (k = 0; k < nl; k++)
        if (!valid(L[k]) || ilist_push(&gl, L[k]) < 0)
            goto done;
    for (k = 0; k < nr; k++)
        if (!valid(R[k]) || ilist_push(&gr, R[k]) < 0)
            goto done;
    T.depth++;
    r = make_rec(&gl, &gr, 0);
    T.depth--;
done:
    free(gl.v);
    free(gr.v);
    return r;
}

/* ---- the Python interface (grundy/cgt/_ctable.py) ------------------------------------------ */

static int id_arg(PyObject *o, int32_t *out)
{
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (!valid(v))
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* the ids of an iterable into an ilist */
static int ids_of(PyObject *seq, ilist *out)
{
    PyObject *it = PyObject_GetIter(seq), *item;
    if (it == NULL)
        return -1;
    while ((item = PyIter_Next(it)) != NULL) {
        int32_t v;
        int bad = id_arg(item, &v) < 0 || ilist_push(out, v) < 0;
        Py_DECREF(item);
        if (bad) {
            Py_DECREF(it);
            return -1;
        }
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *id_result(int64_t r)
{
    return r < 0 ? NULL : PyLong_FromLongLong(r);
}

static PyObject *py_canon_configure(PyObject *self, PyObject *args)
{
    PyObject *check, *unsupported, *to_fraction;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &check, &unsupported, &to_fraction))
        return NULL;
    Py_CLEAR(T.check);
    Py_CLEAR(T.unsupported);
    Py_CLEAR(T.to_fraction);
    Py_CLEAR(T.fractions);
    if (check != Py_None) {
        Py_INCREF(check);
        T.check = check;
    }
    Py_INCREF(unsupported);
    T.unsupported = unsupported;
    Py_INCREF(to_fraction);
    T.to_fraction = to_fraction;
    T.fractions = PyDict_New();
    if (T.fractions == NULL)
        return NULL;
    return Py_BuildValue("iiiii", FRAC, CANON_MAX_INTEGER, CANON_MAX_NIMBER, CANON_MAX_UPS,
                         MAX_DEPTH);
}

/* the Fraction of a fixed-point number (remembered: few distinct numbers) */
static PyObject *fraction_of(int64_t x)
{
    PyObject *key, *found;
    if (T.to_fraction == NULL || T.fractions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "canon_configure was not called");
        return NULL;
    }
    key = PyLong_FromLongLong(x);
    if (key == NULL)
        return NULL;
    found = PyDict_GetItemWithError(T.fractions, key);
    if (found != NULL) {
        Py_DECREF(key);
        Py_INCREF(found);
        return found;
    }
    if (PyErr_Occurred() || PyDict_Size(T.fractions) > 100000) {
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return NULL;
        }
        PyDict_Clear(T.fractions);
    }
    found = PyObject_CallOneArg(T.to_fraction, key);
    if (found != NULL && PyDict_SetItem(T.fractions, key, found) < 0)
        Py_CLEAR(found);
    Py_DECREF(key);
    return found;
}

static PyObject *py_canon_reset(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    if (T.depth > 0) {
        PyErr_SetString(PyExc_RuntimeError, "the table of canonical games is in use");
        return NULL;
    }
    if (reset_table() < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_canon_clear_memos(PyObject *self, PyObject *noargs)
{
    int64_t i;
    (void)self;
    (void)noargs;
    if (T.le)
        memset(T.le, 0, (size_t)T.le_cap * sizeof(le_slot));
    if (T.add)
        memset(T.add, 0, (size_t)T.add_cap * sizeof(add_slot));
    for (i = 0; i < T.count; i++)
        T.nodes[i].neg = -1;
    Py_RETURN_NONE;
}

/* Keep only the games reachable from `roots` (and zero), renumbered in their order (so the
 * table stays topological and option lists stay sorted); the memos are emptied and the
 * arrays shrunk. map[old id] is the new id, or -1 for a game dropped. */
static int compact_table(const int32_t *roots, int64_t nroots, int32_t *map)
{
    int64_t n = T.count, i, k, m = 0, at = 0, cap;
    uint8_t *mark = (uint8_t *)calloc((size_t)(n ? n : 1), 1);
    if (mark == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    mark[0] = 1;
    for (k = 0; k < nroots; k++) {
        if (!valid(roots[k])) {
            free(mark);
            return -1;
        }
        mark[roots[k]] = 1;
    }
    for (i = n - 1; i > 0; i--) /* options have smaller ids */
        if (mark[i])
            for (k = 0; k < NODE(i).ln + NODE(i).rn; k++)
                mark[T.pool[NODE(i).lo + k]] = 1;
    for (i = 0; i < n; i++)
        map[i] = mark[i] ? (int32_t)m++ : -1;
    free(mark);
    for (i = 0; i < n; i++) { /* in place: new places and offsets are never above old ones */
        node g;
        int64_t j = map[i], nopt;
        if (j < 0)
            continue;
        g = T.nodes[i];
        nopt = (int64_t)g.ln + g.rn;
        for (k = 0; k < nopt; k++)
            T.pool[at + k] = map[T.pool[g.lo + k]];
        g.lo = at;
        g.neg = g.neg >= 0 ? map[g.neg] : -1;
        T.nodes[j] = g;
        T.cold[j].shash = T.cold[i].shash;
        T.cold[j].ihash = lists_hash(T.pool + at, g.ln, T.pool + at + g.ln, g.rn);
        at += nopt;
    }
    T.count = m;
    T.pool_len = at;
    /* shrink (a failed realloc keeps the bigger block) */
    for (cap = 64; cap < m; cap *= 2)
        ;
    if (cap < T.cap) {
        node *p = (node *)realloc(T.nodes, (size_t)cap * sizeof(node));
        if (p != NULL) {
            T.nodes = p;
            T.cap = cap;
        }
    }
    if (cap < T.cold_cap) {
        cold *p = (cold *)realloc(T.cold, (size_t)cap * sizeof(cold));
        if (p != NULL) {
            T.cold = p;
            T.cold_cap = cap;
        }
    }
    for (cap = 64; cap < at; cap *= 2)
        ;
    if (cap < T.pool_cap) {
        int32_t *p = (int32_t *)realloc(T.pool, (size_t)cap * sizeof(int32_t));
        if (p != NULL) {
            T.pool = p;
            T.pool_cap = cap;
        }
    }
    for (cap = 1024; cap < (m + 1) * 2; cap *= 2)
        ;
    if (index_build(cap) < 0)
        return -1;
    free(T.nus);
    T.nus = NULL;
    T.nus_cap = T.nus_count = 0;
    for (i = 0; i < m; i++)
        if (NODE(i).is_nus && nus_find(NODE(i).x, NODE(i).ups, NODE(i).star) < 0
            && nus_add(NODE(i).x, NODE(i).ups, NODE(i).star, (int32_t)i) < 0)
            return -1;
    free(T.le);
    free(T.add);
    T.le = NULL;
    T.add = NULL;
    T.le_cap = T.add_cap = 0;
    T.compactions++;
    return resize_caches();
}

static PyObject *py_canon_compact(PyObject *self, PyObject *arg)
{
    Py_buffer buf;
    PyObject *out;
    int bad;
    (void)self;
    if (ready() < 0)
        return NULL;
    if (T.depth > 0) {
        PyErr_SetString(PyExc_RuntimeError, "the table of canonical games is in use");
        return NULL;
    }
    if (PyObject_GetBuffer(arg, &buf, PyBUF_SIMPLE) < 0)
        return NULL;
    if (buf.len % (Py_ssize_t)sizeof(int32_t) != 0) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "canon_compact: int32 ids expected");
        return NULL;
    }
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(T.count * (int64_t)sizeof(int32_t)));
    if (out == NULL) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    bad = compact_table((const int32_t *)buf.buf, (int64_t)(buf.len / (Py_ssize_t)sizeof(int32_t)),
                        (int32_t *)PyBytes_AS_STRING(out));
    PyBuffer_Release(&buf);
    if (bad < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *py_canon_set_limit(PyObject *self, PyObject *args)
{
    long long limit;
    PyObject *error;
    (void)self;
    if (!PyArg_ParseTuple(args, "LO", &limit, &error))
        return NULL;
    Py_XDECREF(T.full_error);
    T.full_error = NULL;
    if (error != Py_None) {
        Py_INCREF(error);
        T.full_error = error;
    }
    T.limit = limit > 0 ? limit : 0;
    Py_RETURN_NONE;
}

static PyObject *py_canon_size(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return id_result(canon_size());
}

static PyObject *py_canon_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    if (ready() < 0)
        return NULL;
    return Py_BuildValue(
        "{sLsLsLsLsLsLsLsLsLsL}", "ids", (long long)T.count, "limit", (long long)T.limit,
        "compactions", (long long)T.compactions, "option_ints", (long long)T.pool_len,
        "bytes",
        (long long)(T.cap * (int64_t)sizeof(node) + T.cold_cap * (int64_t)sizeof(cold) + T.pool_cap * 4 + T.index_cap * 4
                    + T.nus_cap * (int64_t)sizeof(nus_slot) + T.le_cap * (int64_t)sizeof(le_slot)
                    + T.add_cap * (int64_t)sizeof(add_slot)),
        "le_hits", (long long)T.le_hits, "le_misses", (long long)T.le_misses, "add_hits",
        (long long)T.add_hits, "add_misses", (long long)T.add_misses, "makes",
        (long long)T.makes);
}

static PyObject *py_canon_intern(PyObject *self, PyObject *args)
{
    PyObject *lo, *ro;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t r = -1, k;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &lo, &ro) || ready() < 0)
        return NULL;
    if (ids_of(lo, &L) < 0 || ids_of(ro, &R) < 0)
        goto done;
    for (k = 1; k < L.n + R.n; k++) {
        if (k == L.n)
            continue;
        if (k < L.n ? L.v[k - 1] >= L.v[k] : R.v[k - L.n - 1] >= R.v[k - L.n]) {
            PyErr_SetString(PyExc_ValueError, "intern: options must be sorted ids, each once");
            goto done;
        }
    }
    T.depth++;
    r = intern(L.v, L.n, R.v, R.n);
    T.depth--;
done:
    free(L.v);
    free(R.v);
    return id_result(r);
}

/* int and int32_t are the same type here (canon_make takes int arrays) */
typedef char canon_int_is_32_bits[(sizeof(int) == sizeof(int32_t)) ? 1 : -1];

static PyObject *py_canon_make(PyObject *self, PyObject *args)
{
    PyObject *lo, *ro;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t r = -1;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &lo, &ro) || ready() < 0)
        return NULL;
    if (ids_of(lo, &L) < 0 || ids_of(ro, &R) < 0)
        goto done;
    if (L.n > INT_MAX || R.n > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "make: too many options");
        goto done;
    }
    r = canon_make((const int *)L.v, (int)L.n, (const int *)R.v, (int)R.n);
done:
    free(L.v);
    free(R.v);
    return id_result(r);
}

static PyObject *py_canon_integer(PyObject *self, PyObject *arg)
{
    long long n = PyLong_AsLongLong(arg);
    (void)self;
    if (n == -1 && PyErr_Occurred())
        return NULL;
    return id_result(canon_integer(n));
}

/* two ids of a fast call */
static int two_ids(PyObject *const *args, Py_ssize_t nargs, const char *name, int *a, int *b)
{
    long x, y;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s takes two ids (%zd given)", name, nargs);
        return -1;
    }
    x = PyLong_AsLong(args[0]);
    if (x == -1 && PyErr_Occurred())
        return -1;
    y = PyLong_AsLong(args[1]);
    if (y == -1 && PyErr_Occurred())
        return -1;
    if (x < INT_MIN || x > INT_MAX || y < INT_MIN || y > INT_MAX) {
        PyErr_Format(PyExc_IndexError, "%s: an id is out of range", name);
        return -1;
    }
    *a = (int)x;
    *b = (int)y;
    return 0;
}

static PyObject *py_canon_le(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int a, b, r;
    (void)self;
    if (two_ids(args, nargs, "canon_le", &a, &b) < 0)
        return NULL;
    r = canon_le(a, b);
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

static PyObject *py_canon_add(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int a, b;
    (void)self;
    if (two_ids(args, nargs, "canon_add", &a, &b) < 0)
        return NULL;
    return id_result(canon_add(a, b));
}

static PyObject *py_canon_neg(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return id_result(canon_neg(a));
}

static PyObject *py_canon_dyadic(PyObject *self, PyObject *arg)
{
    long long x = PyLong_AsLongLong(arg);
    (void)self;
    if (x == -1 && PyErr_Occurred())
        return NULL;
    return id_result(canon_dyadic(x));
}

static PyObject *py_canon_nus(PyObject *self, PyObject *args)
{
    long long x;
    int n, m;
    int64_t r;
    (void)self;
    if (!PyArg_ParseTuple(args, "Lii", &x, &n, &m) || ready() < 0)
        return NULL;
    if (m < 0) {
        PyErr_SetString(PyExc_ValueError, "nus: a nimber *m needs m >= 0");
        return NULL;
    }
    T.depth++;
    r = nus_id(x, n, m);
    T.depth--;
    return id_result(r);
}

static PyObject *side_tuple(int32_t a, int right)
{
    int64_t k, n = right ? NODE(a).rn : NODE(a).ln;
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    if (t == NULL)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(right ? ROPT(a, k) : LOPT(a, k));
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)k, v);
    }
    return t;
}

static PyObject *py_canon_left(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return side_tuple(a, 0);
}

static PyObject *py_canon_right(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return side_tuple(a, 1);
}

/* (number or None, (x, n, m) or None, birthday, lstop, rstop, shash); numbers fixed point */
static PyObject *py_canon_tags(PyObject *self, PyObject *arg)
{
    int32_t a;
    const node *g;
    PyObject *num, *nus, *r;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    g = &T.nodes[a];
    if (g->is_number) {
        num = PyLong_FromLongLong(g->x);
    } else {
        num = Py_None;
        Py_INCREF(num);
    }
    if (num == NULL)
        return NULL;
    if (g->is_nus) {
        nus = Py_BuildValue("(Lii)", (long long)g->x, (int)g->ups, (int)g->star);
    } else {
        nus = Py_None;
        Py_INCREF(nus);
    }
    if (nus == NULL) {
        Py_DECREF(num);
        return NULL;
    }
    r = Py_BuildValue("(NNiLLL)", num, nus, (int)g->birthday, (long long)g->lstop,
                      (long long)g->rstop, (long long)T.cold[a].shash);
    return r;
}

static PyObject *py_canon_birthday(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return PyLong_FromLong(T.nodes[a].birthday);
}

static PyObject *py_canon_shash(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return PyLong_FromLongLong(T.cold[a].shash);
}

static PyObject *py_canon_number_of(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    if (!T.nodes[a].is_number)
        Py_RETURN_NONE;
    return fraction_of(T.nodes[a].x);
}

static PyObject *py_canon_nus_of(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    if (!T.nodes[a].is_nus)
        Py_RETURN_NONE;
    return Py_BuildValue("(Nii)", fraction_of(T.nodes[a].x), (int)T.nodes[a].ups,
                         (int)T.nodes[a].star);
}

static PyObject *py_canon_lstop(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return fraction_of(T.nodes[a].lstop);
}

static PyObject *py_canon_rstop(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return fraction_of(T.nodes[a].rstop);
}

PyMethodDef GRUNDY_CANON_METHODS[] = {
    {"canon_configure", py_canon_configure, METH_VARARGS,
     "canon_configure(check, unsupported_error, to_fraction) -> (frac_bits, max_integer, max_nimber, "
     "max_ups, max_depth)"},
    {"canon_reset", py_canon_reset, METH_NOARGS, "Empty the table (only 0 is made again)."},
    {"canon_clear_memos", py_canon_clear_memos, METH_NOARGS, "Forget memoised answers."},
    {"canon_size", py_canon_size, METH_NOARGS, "How many ids the table holds."},
    {"canon_compact", py_canon_compact, METH_O,
     "canon_compact(int32 roots) -> int32 bytes: keep the games reachable from roots, renumbered; "
     "the new id of each old one (-1: dropped)."},
    {"canon_set_limit", py_canon_set_limit, METH_VARARGS,
     "canon_set_limit(most_ids, error_class): past most_ids (0: none) making a game raises "
     "error_class(most_ids)."},
    {"canon_stats", py_canon_stats, METH_NOARGS, "Sizes and cache counters of the table."},
    {"canon_intern", py_canon_intern, METH_VARARGS, "canon_intern(lefts, rights): id of a canonical {L|R}."},
    {"canon_make", py_canon_make, METH_VARARGS, "canon_make(lefts, rights): id of the canonical form."},
    {"canon_le", (PyCFunction)(void (*)(void))py_canon_le, METH_FASTCALL, "canon_le(a, b): a <= b."},
    {"canon_add", (PyCFunction)(void (*)(void))py_canon_add, METH_FASTCALL, "canon_add(a, b): id of a + b."},
    {"canon_neg", py_canon_neg, METH_O, "canon_neg(a): id of -a."},
    {"canon_dyadic", py_canon_dyadic, METH_O, "canon_dyadic(fixed): id of fixed / 2^44."},
    {"canon_integer", py_canon_integer, METH_O, "canon_integer(n): id of the integer n."},
    {"canon_nus_id", py_canon_nus, METH_VARARGS, "canon_nus_id(fixed_x, n, m): id of x + n.^ + *m."},
    {"canon_left", py_canon_left, METH_O, "canon_left(a): Left's options of a (tuple of ids)."},
    {"canon_right", py_canon_right, METH_O, "canon_right(a): Right's options of a."},
    {"canon_tags", py_canon_tags, METH_O,
     "canon_tags(a): (number, nus, birthday, lstop, rstop, shash), numbers fixed point."},
    {"canon_birthday", py_canon_birthday, METH_O, "canon_birthday(a): its birthday."},
    {"canon_shash", py_canon_shash, METH_O, "canon_shash(a): its structural hash."},
    {"canon_number_of", py_canon_number_of, METH_O, "canon_number_of(a): a Fraction, or None."},
    {"canon_nus_of", py_canon_nus_of, METH_O, "canon_nus_of(a): (x, n, m) of x + n.^ + *m, or None."},
    {"canon_lstop", py_canon_lstop, METH_O, "canon_lstop(a): Left's stop (a Fraction)."},
    {"canon_rstop", py_canon_rstop, METH_O, "canon_rstop(a): Right's stop (a Fraction)."},
    {NULL, NULL, 0, NULL},
};
