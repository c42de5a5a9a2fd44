/* canon_ops.c: comparison, canonical forms, negatives and sums of canonical games (the
 * table is canon_table.c's; see its notes), and the C interface of core.h. */
#include "canon_impl.h"

/* ---- comparison ------------------------------------------------------------------------ */

static int le_rec(canon_table *t, int32_t a, int32_t b, int depth);

static int le_rec(canon_table *t, int32_t a, int32_t b, int depth)
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
    slot = mix64(key) & (uint64_t)(t->le_cap - 1);
    if ((t->le[slot].key >> 1) == key) {
        t->le_hits++;
        return (int)(t->le[slot].key & 1);
    }
    t->le_misses++;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to compare");
        return -1;
    }
    if (!(++t->ticks & 1023) && check_time(t) < 0)
        return -1;
    {
        /* a <= b unless some a^L >= b or some b^R <= a (only b's moves matter when a is a
         * number, only a's when b is: number avoidance); stops rule most out */
        result = 1;
        if (!NODE(a).is_number) {
            for (k = 0; k < NODE(a).ln; k++) {
                int32_t left = LOPT(a, k);
                if (NODE(b).lstop <= NODE(left).lstop && NODE(b).rstop <= NODE(left).rstop) {
                    int r = le_rec(t, b, left, depth + 1);
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
                    int q = le_rec(t, r, a, depth + 1);
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
    slot = mix64(key) & (uint64_t)(t->le_cap - 1); /* the cache may have grown meanwhile */
    t->le[slot].key = (key << 1) | (uint64_t)result;
    return result;
}

/* ---- making canonical forms ------------------------------------------------------------ */

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
                uint64_t u = mix64((uint64_t)m->keys[i]) & (uint64_t)(cap - 1);
                while (keys[u] >= 0)
                    u = (u + 1) & (uint64_t)(cap - 1);
                keys[u] = m->keys[i];
                vals[u] = m->vals[i];
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

/* One comparison of a game x with the G being made ({gl | gr}: options canonical, G itself
 * maybe not), by side: side 0 answers x <= G (memo key 2x), false when some G^R <= x or
 * some x^L >= G; side 1 answers G <= x (key 2x + 1), false when some G^L >= x or some
 * x^R <= G. Each asks the other side of x's options. */
static int le_side(canon_table *t, gmemo *m, int32_t x, int side, int depth)
{
    int found = gmemo_get(m, 2 * (int64_t)x + side), r;
    int64_t k, n;
    const ilist *g = side ? m->gl : m->gr;
    if (found >= 0)
        return found;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to compare");
        return -1;
    }
    found = 1;
    for (k = 0; k < g->n && found; k++) {
        /* side 0: G^R <= x; side 1: x <= G^L (stops rule most out) */
        int32_t lo = side ? x : g->v[k], hi = side ? g->v[k] : x;
        if (NODE(lo).lstop <= NODE(hi).lstop && NODE(lo).rstop <= NODE(hi).rstop) {
            if ((r = le_rec(t, lo, hi, depth + 1)) < 0)
                return -1;
            if (r)
                found = 0;
        }
    }
    n = side ? NODE(x).rn : NODE(x).ln;
    for (k = 0; k < n && found; k++) {
        if ((r = le_side(t, m, side ? ROPT(x, k) : LOPT(x, k), !side, depth + 1)) < 0)
            return -1;
        if (r)
            found = 0;
    }
    if (gmemo_put(m, 2 * (int64_t)x + side, found) < 0)
        return -1;
    return found;
}

/* keep the options no other one dominates: not a <= b (Left's), not b <= a (Right's) */
static int maximal(canon_table *t, ilist *opts, int right, int depth)
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
        if (n > 32 && check_time(t) < 0)
            goto fail;
        for (j = 0; j < n; j++) {
            int32_t b = opts->v[j];
            int r;
            if (b == a || gone[j])
                continue; /* a dominated option is dominated by a kept one too */
            {
                int32_t lo = right ? b : a, hi = right ? a : b; /* is a dominated by b? */
                if (!(NODE(lo).lstop <= NODE(hi).lstop && NODE(lo).rstop <= NODE(hi).rstop))
                    continue;
                r = le_rec(t, lo, hi, depth + 1);
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
static int bypass(canon_table *t, ilist *opts, int64_t i, int32_t back, int left_side)
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

static int32_t make_rec(canon_table *t, ilist *gl, ilist *gr, int depth)
{
    gmemo m;
    int64_t i, k;
    int bypassed = 0, all = 1, side;
    int32_t result = -1;
    t->makes++;
    if (check_time(t) < 0)
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
            return number_id(t, simplest_between(gl->n > 0, lmax, gr->n > 0, rmin));
    }
    /* Removing dominated options and bypassing reversible ones keep the value of G, so
     * the answers memoised in m stay true throughout. */
    if (maximal(t, gl, 0, depth) < 0 || maximal(t, gr, 1, depth) < 0)
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
    /* reversible options: a Left option G^L with some G^LR <= G is replaced by the Left
     * options of that G^LR, and a Right option G^R with some G^RL >= G by its G^RL's Right
     * options (side 1) */
    for (side = 0; side < 2; side++) {
        ilist *opts = side ? gr : gl;
        i = 0;
        while (i < opts->n) {
            int32_t opt = opts->v[i], back = -1;
            int64_t cnt = side ? NODE(opt).ln : NODE(opt).rn;
            for (k = 0; k < cnt; k++) {
                int32_t o = side ? LOPT(opt, k) : ROPT(opt, k);
                int q = le_side(t, &m, o, side, depth + 1);
                if (q < 0)
                    goto done;
                if (q) {
                    back = o;
                    break;
                }
            }
            if (back < 0) {
                i++;
            } else {
                bypassed = 1;
                if (bypass(t, opts, i, back, !side) < 0)
                    goto done;
                i = 0;
            }
        }
    }
    if (bypassed && (maximal(t, gl, 0, depth) < 0 || maximal(t, gr, 1, depth) < 0))
        goto done;
    result = intern(t, gl->v, gl->n, gr->v, gr->n);
done:
    free(m.keys);
    free(m.vals);
    return result;
}

/* ---- negatives and sums ------------------------------------------------------------------ */

static int32_t neg_rec(canon_table *t, int32_t a, int depth)
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
        result = number_id(t, -NODE(a).x);
    } else {
        result = -1;
        nl = NODE(a).rn;
        nr = NODE(a).ln;
        for (k = 0; k < nl; k++) {
            int32_t o = neg_rec(t, ROPT(a, k), depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto fail;
        }
        for (k = 0; k < nr; k++) {
            int32_t o = neg_rec(t, LOPT(a, k), depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto fail;
        }
        qsort(L.v, (size_t)L.n, sizeof(int32_t), cmp_i32);
        qsort(R.v, (size_t)R.n, sizeof(int32_t), cmp_i32);
        result = intern(t, L.v, L.n, R.v, R.n);
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

static int32_t add_rec(canon_table *t, int32_t a, int32_t b, int depth)
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
        int32_t swap = a;
        a = b;
        b = swap;
    }
    key = ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
    slot = mix64(key) & (uint64_t)(t->add_cap - 1);
    if (t->add[slot].key == key) {
        t->add_hits++;
        return t->add[slot].val;
    }
    t->add_misses++;
    if (depth > MAX_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "canonical games nested too deeply to add");
        return -1;
    }
    if (NODE(a).is_nus && NODE(b).is_nus) {
        int64_t x = NODE(a).x + NODE(b).x;
        if (x > MAX_FIXED || x < -MAX_FIXED)
            return too_large_number(t, x);
        result = nus_id(t, x, NODE(a).ups + NODE(b).ups, NODE(a).star ^ NODE(b).star);
    } else if (NODE(a).is_number || NODE(b).is_number) {
        /* number translation: {G^L + x | G^R + x} is canonical when G is not a number */
        int32_t x = NODE(a).is_number ? a : b, g = NODE(a).is_number ? b : a;
        for (k = 0; k < NODE(g).ln; k++) {
            int32_t o = add_rec(t, LOPT(g, k), x, depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(g).rn; k++) {
            int32_t o = add_rec(t, ROPT(g, k), x, depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto done;
        }
        L.n = sort_unique(L.v, L.n);
        R.n = sort_unique(R.v, R.n);
        result = intern(t, L.v, L.n, R.v, R.n);
    } else {
        for (k = 0; k < NODE(a).ln; k++) {
            int32_t o = add_rec(t, LOPT(a, k), b, depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(b).ln; k++) {
            int32_t o = add_rec(t, a, LOPT(b, k), depth + 1);
            if (o < 0 || ilist_push(&L, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(a).rn; k++) {
            int32_t o = add_rec(t, ROPT(a, k), b, depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto done;
        }
        for (k = 0; k < NODE(b).rn; k++) {
            int32_t o = add_rec(t, a, ROPT(b, k), depth + 1);
            if (o < 0 || ilist_push(&R, o) < 0)
                goto done;
        }
        result = make_rec(t, &L, &R, depth + 1);
    }
done:
    free(L.v);
    free(R.v);
    if (result >= 0) {
        slot = mix64(key) & (uint64_t)(t->add_cap - 1);
        t->add[slot].key = key;
        t->add[slot].val = result;
    }
    return result;
}

/* ---- the C interface (core.h) ------------------------------------------------------------ */

int canon_size(canon_table *t)
{
    if (ready(t) < 0)
        return -1;
    return (int)t->count;
}

int canon_le(canon_table *t, int a, int b)
{
    int r;
    if (ready(t) < 0 || !valid(t, a) || !valid(t, b) || canon_enter(t) < 0)
        return -1;
    r = le_rec(t, a, b, 0);
    canon_leave(t);
    return r;
}

int canon_add(canon_table *t, int a, int b)
{
    int r;
    if (ready(t) < 0 || !valid(t, a) || !valid(t, b) || canon_enter(t) < 0)
        return -1;
    r = add_rec(t, a, b, 0);
    canon_leave(t);
    return r;
}

int canon_neg(canon_table *t, int a)
{
    int r;
    if (ready(t) < 0 || !valid(t, a) || canon_enter(t) < 0)
        return -1;
    r = neg_rec(t, a, 0);
    canon_leave(t);
    return r;
}

int canon_dyadic(canon_table *t, int64_t fixed)
{
    int r;
    if (ready(t) < 0 || canon_enter(t) < 0)
        return -1;
    r = number_id(t, fixed);
    canon_leave(t);
    return r;
}

int canon_integer(canon_table *t, int64_t n)
{
    if (n > CANON_MAX_INTEGER || n < -CANON_MAX_INTEGER) {
        if (ready(t) < 0)
            return -1;
        PyErr_Format(t->unsupported ? t->unsupported : PyExc_ValueError,
                     "the number %lld is too large for the canonical-value engine (numbers up "
                     "to 100,000 in size, denominators up to 2^%d)",
                     (long long)n, FRAC);
        return -1;
    }
    return canon_dyadic(t, n * ONE);
}

int canon_make(canon_table *t, const int *L, int nl, const int *R, int nr)
{
    ilist gl = {NULL, 0, 0}, gr = {NULL, 0, 0};
    int64_t k;
    int32_t r = -1;
    if (ready(t) < 0)
        return -1;
    for (k = 0; k < nl; k++)
        if (!valid(t, L[k]) || ilist_push(&gl, L[k]) < 0)
            goto done;
    for (k = 0; k < nr; k++)
        if (!valid(t, R[k]) || ilist_push(&gr, R[k]) < 0)
            goto done;
    if (canon_enter(t) < 0)
        goto done;
    r = make_rec(t, &gl, &gr, 0);
    canon_leave(t);
done:
    free(gl.v);
    free(gr.v);
    return r;
}

