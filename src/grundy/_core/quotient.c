/* Inner loops of the misère quotient builder. Python side: grundy/kernels/quotient.py
 * (input conversion; n_failure and mark_colex there are the pure-Python twins, and the
 * docstrings there describe the walks).
 *
 * Both walks visit sums of heaps (words over generators) in colex order with an odometer,
 * and skip a word, with every word extending it, when its state was met before.
 *   n_failure   state = (element, set of option elements); a state is met before when an
 *               earlier word reached the element with a subset of the options (per
 *               element: the minimal sets met). Sets are stored as lists of elements (an
 *               option set has tens of elements in a monoid of thousands); the set being
 *               built is also a bitset over the monoid, so membership is one bit test and
 *               a step costs the sizes of the sets involved, not the order of the monoid.
 *               The monoid is given by n × k columns (x times the k elements needed:
 *               generators and option elements), not by its n × n table.
 *   mark_colex  state = element; option sets as small sorted arrays.
 * Work is reported to a Python callable tick(steps) every GRUNDY_TICK steps (the GIL is
 * held: tick may raise to stop the walk, for bounds and deadlines). The partition
 * refinement (the coarsest congruence respecting P) is in quotient_refine.c.
 */
#include "core.h"

typedef uint64_t word_t;

/* Sets of elements, stored one after another: set i is items[start[i] .. start[i] + len[i]). */
typedef struct {
    int32_t *items;
    Py_ssize_t *start, *len;
    Py_ssize_t count, cap, used, icap;
} sets_t;

static Py_ssize_t sets_add(sets_t *a, const int32_t *items, Py_ssize_t len)
{
    if (a->count == a->cap) {
        Py_ssize_t cap = a->cap ? 2 * a->cap : 1024;
        Py_ssize_t *start = (Py_ssize_t *)realloc(a->start, (size_t)cap * sizeof(Py_ssize_t));
        Py_ssize_t *lens;
        if (start == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        a->start = start;
        lens = (Py_ssize_t *)realloc(a->len, (size_t)cap * sizeof(Py_ssize_t));
        if (lens == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        a->len = lens;
        a->cap = cap;
    }
    if (a->used + len > a->icap) {
        Py_ssize_t icap = a->icap ? a->icap : 4096;
        int32_t *data;
        while (icap < a->used + len)
            icap *= 2;
        data = (int32_t *)realloc(a->items, (size_t)icap * sizeof(int32_t));
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        a->items = data;
        a->icap = icap;
    }
    if (len)
        memcpy(a->items + a->used, items, (size_t)len * sizeof(int32_t));
    a->start[a->count] = a->used;
    a->len[a->count] = len;
    a->used += len;
    return a->count++;
}

#define ITEMS(a, i) ((a)->items + (a)->start[i])

/* Per element, the indices of the minimal option sets met. */
typedef struct {
    Py_ssize_t *idx;
    Py_ssize_t count, cap;
} known_t;

static int known_push(known_t *k, Py_ssize_t i)
{
    if (k->count == k->cap) {
        Py_ssize_t cap = k->cap ? 2 * k->cap : 4;
        Py_ssize_t *idx = (Py_ssize_t *)realloc(k->idx, (size_t)cap * sizeof(Py_ssize_t));
        if (idx == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        k->idx = idx;
        k->cap = cap;
    }
    k->idx[k->count++] = i;
    return 0;
}

static PyObject *items_frozenset(const int32_t *items, Py_ssize_t len)
{
    PyObject *list = PyList_New(len), *out;
    Py_ssize_t i;
    if (list == NULL)
        return NULL;
    for (i = 0; i < len; i++) {
        PyObject *x = PyLong_FromLong((long)items[i]);
        if (x == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, x);
    }
    out = PyFrozenSet_New(list);
    Py_DECREF(list);
    return out;
}

#define HAS(bits, z) (((bits)[(z) / 64] >> ((z) % 64)) & 1)

/* ---- n_failure ------------------------------------------------------------------------ */

/* The checked inputs: the monoid as n × kc columns (x times the k-th element needed),
 * the P-portion, and per generator d its column gens[d] and its option columns
 * items[offs[d] .. offs[d + 1]); bound is NULL or the exponents to stop at. */
typedef struct {
    const int32_t *table;
    const uint8_t *is_p;
    const int64_t *gens, *offs, *items, *bound;
    Py_ssize_t n, m, kc;
} nf_input;

/* The walk's state: the option sets met, per element the minimal ones (known), the sets
 * y·T(g_d) per (d, y) (nearidx, -1 until built), the odometer (exponents, and per digit
 * the element and option set it starts from), and the set being built as a list and a
 * bitset over the monoid. */
typedef struct {
    sets_t sets;
    known_t *known;
    Py_ssize_t *nearidx, *cur, *tr;
    int64_t *exps;
    word_t *scratch;
    int32_t *slist;
} nf_walk;

static int nf_check(const nf_input *in, Py_ssize_t nitems)
{
    Py_ssize_t i, j;
    for (i = 0; i < in->n * in->kc; i++)
        if (in->table[i] < 0 || in->table[i] >= in->n) {
            PyErr_SetString(PyExc_ValueError, "quotient_n_failure: table entry out of range");
            return -1;
        }
    for (j = 0; j < in->m; j++)
        if (in->gens[j] < 0 || in->gens[j] >= in->kc || in->offs[j] < 0
            || in->offs[j] > in->offs[j + 1] || in->offs[j + 1] > nitems) {
            PyErr_SetString(PyExc_ValueError, "quotient_n_failure: bad generators");
            return -1;
        }
    for (i = 0; i < nitems; i++)
        if (in->items[i] < 0 || in->items[i] >= in->kc) {
            PyErr_SetString(PyExc_ValueError, "quotient_n_failure: option out of range");
            return -1;
        }
    return 0;
}

static int nf_alloc(nf_walk *w, Py_ssize_t n, Py_ssize_t m)
{
    Py_ssize_t i;
    w->known = (known_t *)grundy_calloc(n, sizeof(known_t));
    w->nearidx = (Py_ssize_t *)grundy_calloc(n * (m ? m : 1), sizeof(Py_ssize_t));
    w->cur = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    w->tr = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    w->exps = (int64_t *)grundy_calloc(m + 1, sizeof(int64_t));
    w->scratch = (word_t *)grundy_calloc((n + 63) / 64, sizeof(word_t));
    w->slist = (int32_t *)grundy_calloc(n, sizeof(int32_t));
    if (!w->known || !w->nearidx || !w->cur || !w->tr || !w->exps || !w->scratch || !w->slist)
        return -1;
    for (i = 0; i < n * m; i++)
        w->nearidx[i] = -1;
    for (i = 0; i <= m; i++)
        w->tr[i] = -1; /* the empty set */
    return 0;
}

static void nf_free(nf_walk *w, Py_ssize_t n)
{
    Py_ssize_t i;
    if (w->known != NULL)
        for (i = 0; i < n; i++)
            free(w->known[i].idx);
    free(w->known);
    free(w->nearidx);
    free(w->cur);
    free(w->tr);
    free(w->exps);
    free(w->scratch);
    free(w->slist);
    free(w->sets.items);
    free(w->sets.start);
    free(w->sets.len);
}

/* Adds z to the set being built (list and bitset) unless it is there. */
static inline void nf_add(word_t *bits, int32_t *list, Py_ssize_t *len, int32_t z)
{
    if (!HAS(bits, z)) {
        bits[z / 64] |= (word_t)1 << (z % 64);
        list[(*len)++] = z;
    }
}

/* Starts the options of the new word with y·T(g_d): built once per (d, y) and kept as a
 * set, copied after. The set built before is cleared from the bitset first. */
static inline int nf_near_options(const nf_input *in, sets_t *sets, Py_ssize_t *nearidx,
                                  Py_ssize_t d, Py_ssize_t y, word_t *bits, int32_t *list,
                                  Py_ssize_t *len, int64_t *steps)
{
    Py_ssize_t k, ny = nearidx[d * in->n + y];
    for (k = 0; k < *len; k++)
        bits[list[k] / 64] = 0;
    *len = 0;
    if (ny < 0) {
        for (k = in->offs[d]; k < in->offs[d + 1]; k++)
            nf_add(bits, list, len, in->table[y * in->kc + in->items[k]]);
        ny = sets_add(sets, list, *len);
        if (ny < 0)
            return -1;
        nearidx[d * in->n + y] = ny;
        *steps += in->offs[d + 1] - in->offs[d];
    } else {
        const int32_t *s = ITEMS(sets, ny);
        Py_ssize_t n = sets->len[ny];
        for (k = 0; k < n; k++) {
            bits[s[k] / 64] |= (word_t)1 << (s[k] % 64);
            list[k] = s[k];
        }
        *len = n;
    }
    return 0;
}

/* Adds the old word's options (set old, -1 for none) times g_d. */
static inline void nf_old_options(const nf_input *in, const sets_t *sets, Py_ssize_t old,
                                  Py_ssize_t d, word_t *bits, int32_t *list, Py_ssize_t *len,
                                  int64_t *steps)
{
    const int32_t *s;
    Py_ssize_t k, n;
    if (old < 0)
        return;
    s = ITEMS(sets, old);
    n = sets->len[old];
    for (k = 0; k < n; k++)
        nf_add(bits, list, len, in->table[(Py_ssize_t)s[k] * in->kc + in->gens[d]]);
    *steps += n;
}

/* Whether an earlier word reached the element with a subset of the options in bits
 * (len of them): one of its known sets lies in bits. */
static inline int nf_dominated(const sets_t *sets, const known_t *kx, const word_t *bits,
                               Py_ssize_t len, int64_t *steps)
{
    Py_ssize_t i, k;
    int dominated = 0;
    for (i = 0; i < kx->count && !dominated; i++) {
        const int32_t *s = ITEMS(sets, kx->idx[i]);
        Py_ssize_t n = sets->len[kx->idx[i]];
        dominated = n <= len;
        for (k = 0; k < n && dominated; k++)
            dominated = (int)HAS(bits, s[k]);
        *steps += n;
    }
    return dominated;
}

/* Whether the word exps is at or past bound in colex order (the last exponent counts most). */
static inline int nf_past_bound(const int64_t *exps, const int64_t *bound, Py_ssize_t m)
{
    Py_ssize_t k;
    for (k = m - 1; k >= 0; k--)
        if (exps[k] != bound[k])
            return exps[k] > bound[k];
    return 1;
}

/* Drops the element's known sets that contain the new one (in bits and list), then keeps
 * the new one; returns its index, or -1 on an error. */
static inline Py_ssize_t nf_keep_minimal(sets_t *sets, known_t *kx, const word_t *bits,
                                         const int32_t *list, Py_ssize_t len, int64_t *steps)
{
    Py_ssize_t i, k, keep = 0, ni;
    for (i = 0; i < kx->count; i++) {
        const int32_t *s = ITEMS(sets, kx->idx[i]);
        Py_ssize_t n = sets->len[kx->idx[i]], hits = 0;
        if (n >= len)
            for (k = 0; k < n; k++)
                hits += (Py_ssize_t)HAS(bits, s[k]);
        *steps += n;
        if (hits != len)
            kx->idx[keep++] = kx->idx[i];
    }
    kx->count = keep;
    ni = sets_add(sets, list, len);
    if (ni < 0 || known_push(kx, ni) < 0)
        return -1;
    return ni;
}

/* Whether a word reaching x with these options fails: x is an N-position (not in the
 * P-portion) with no option in the P-portion. */
static inline int nf_fails(const uint8_t *is_p, Py_ssize_t x, const int32_t *list,
                           Py_ssize_t len)
{
    Py_ssize_t k;
    if (is_p[x])
        return 0;
    for (k = 0; k < len; k++)
        if (is_p[list[k]])
            return 0;
    return 1;
}

/* The walk: 1 when it stops at a failing word (left in w->exps), 0 when it ends or passes
 * the bound, -1 on an error (tick raised, or no memory). */
static int nf_run(const nf_input *input, nf_walk *w, PyObject *tick)
{
    const nf_input in = *input;
    sets_t *sets = &w->sets;
    known_t *known = w->known;
    Py_ssize_t *nearidx = w->nearidx, *cur = w->cur, *tr = w->tr, d = 0, k, slen = 0;
    int64_t *exps = w->exps, steps = 0;
    word_t *scratch = w->scratch;
    int32_t *slist = w->slist;
    int found = 0;
    while (d < in.m) {
        Py_ssize_t y = cur[d], x = (Py_ssize_t)in.table[y * in.kc + in.gens[d]], ni;
        known_t *kx = &known[x];
        if (nf_near_options(&in, sets, nearidx, d, y, scratch, slist, &slen, &steps) < 0)
            return -1;
        nf_old_options(&in, sets, tr[d], d, scratch, slist, &slen, &steps);
        steps += 1 + kx->count;
        if (steps >= GRUNDY_TICK) {
            if (grundy_call_tick(tick, steps) < 0)
                return -1;
            steps = 0;
        }
        if (nf_dominated(sets, kx, scratch, slen, &steps)) {
            exps[d] = 0;
            cur[d] = cur[d + 1];
            tr[d] = tr[d + 1];
            d++;
            continue;
        }
        exps[d]++;
        if (in.bound != NULL && nf_past_bound(exps, in.bound, in.m))
            break;
        ni = nf_keep_minimal(sets, kx, scratch, slist, slen, &steps);
        if (ni < 0)
            return -1;
        if (nf_fails(in.is_p, x, slist, slen)) {
            found = 1;
            break;
        }
        for (k = 0; k <= d; k++) {
            cur[k] = x;
            tr[k] = ni;
        }
        d = 0;
    }
    if (grundy_call_tick(tick, steps) < 0)
        return -1;
    return found;
}

/* Appends each element's minimal option sets, as frozensets, to minimal[element]. */
static int nf_report_minimal(const nf_walk *w, Py_ssize_t n, PyObject *minimal)
{
    Py_ssize_t i, j;
    for (i = 0; i < n; i++) {
        PyObject *list = PyList_GetItem(minimal, i);
        if (list == NULL)
            return -1;
        for (j = 0; j < w->known[i].count; j++) {
            Py_ssize_t s = w->known[i].idx[j];
            PyObject *fs = items_frozenset(ITEMS(&w->sets, s), w->sets.len[s]);
            if (fs == NULL || PyList_Append(list, fs) < 0) {
                Py_XDECREF(fs);
                return -1;
            }
            Py_DECREF(fs);
        }
    }
    return 0;
}

static PyObject *int64_tuple(const int64_t *values, Py_ssize_t count)
{
    PyObject *result = PyTuple_New(count);
    Py_ssize_t j;
    if (result == NULL)
        return NULL;
    for (j = 0; j < count; j++) {
        PyObject *e = PyLong_FromLongLong((long long)values[j]);
        if (e == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, j, e);
    }
    return result;
}

PyDoc_STRVAR(n_failure_doc,
             "quotient_n_failure(table, is_p, gens, toff, titems, bound, tick, minimal) -> "
             "word or None\nSee grundy.kernels.quotient.n_failure.");

static PyObject *quotient_n_failure(PyObject *self, PyObject *args)
{
    PyObject *to, *po, *go, *oo, *io, *bo, *tick, *minimal, *result = NULL;
    grundy_array tab = {0}, isp = {0}, gens = {0}, toff = {0}, titems = {0}, bnd = {0};
    nf_input in = {NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
    nf_walk w = {{NULL, NULL, NULL, 0, 0, 0, 0}, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    int found;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOOO:quotient_n_failure", &to, &po, &go, &oo, &io, &bo,
                          &tick, &minimal))
        return NULL;
    if (grundy_get_array(to, &tab, 'i', 4, 0, "table") < 0
        || grundy_get_array(po, &isp, 'u', 1, 0, "is_p") < 0
        || grundy_get_array(go, &gens, 'i', 8, 0, "gens") < 0
        || grundy_get_array(oo, &toff, 'i', 8, 0, "toff") < 0
        || grundy_get_array(io, &titems, 'i', 8, 0, "titems") < 0
        || (bo != Py_None && grundy_get_array(bo, &bnd, 'i', 8, 0, "bound") < 0))
        goto done;
    in.n = isp.len;
    in.m = gens.len;
    in.kc = in.n >= 1 ? tab.len / in.n : 0;
    if (in.n < 1 || in.n > INT32_MAX || in.kc < 1 || tab.len != in.n * in.kc
        || toff.len != in.m + 1 || (bo != Py_None && bnd.len != in.m)) {
        PyErr_SetString(PyExc_ValueError, "quotient_n_failure: inconsistent sizes");
        goto done;
    }
    in.table = (const int32_t *)tab.data;
    in.is_p = (const uint8_t *)isp.data;
    in.gens = (const int64_t *)gens.data;
    in.offs = (const int64_t *)toff.data;
    in.items = (const int64_t *)titems.data;
    if (bo != Py_None)
        in.bound = (const int64_t *)bnd.data;
    if (nf_check(&in, titems.len) < 0 || nf_alloc(&w, in.n, in.m) < 0)
        goto done;
    found = nf_run(&in, &w, tick);
    if (found < 0 || (minimal != Py_None && nf_report_minimal(&w, in.n, minimal) < 0))
        goto done;
    if (found) {
        result = int64_tuple(w.exps, in.m);
    } else {
        result = Py_None;
        Py_INCREF(result);
    }
done:
    nf_free(&w, in.n);
    grundy_release(&tab);
    grundy_release(&isp);
    grundy_release(&gens);
    grundy_release(&toff);
    grundy_release(&titems);
    grundy_release(&bnd);
    return result;
}

/* ---- mark_colex ----------------------------------------------------------------------- */

typedef struct {
    int64_t *data;
    Py_ssize_t count, cap;
} ints_t;

static int ints_reserve(ints_t *a, Py_ssize_t more)
{
    if (a->count + more > a->cap) {
        Py_ssize_t cap = a->cap ? a->cap : 4096;
        int64_t *data;
        while (cap < a->count + more)
            cap *= 2;
        data = (int64_t *)realloc(a->data, (size_t)cap * sizeof(int64_t));
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        a->data = data;
        a->cap = cap;
    }
    return 0;
}

static int cmp_int64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The checked inputs: acts[j * size + x] is x times generator j; generator d's options are
 * oof[d] .. oof[d + 1], option o the product of generators itv[iof[o] .. iof[o + 1]). */
typedef struct {
    const int64_t *act, *oof, *iof, *itv;
    Py_ssize_t size, m;
} mc_input;

/* The walk's state: elements met, the odometer (per digit the element and the option set,
 * sets.data[tstart .. tstart + tlen), it starts from) and the option sets built. */
typedef struct {
    uint8_t *seen;
    Py_ssize_t *cur, *tstart, *tlen;
    ints_t sets;
} mc_walk;

static int mc_check(const mc_input *in, Py_ssize_t nioff, Py_ssize_t nitems)
{
    Py_ssize_t i;
    for (i = 0; i < in->m * in->size; i++)
        if (in->act[i] < 0 || in->act[i] >= in->size) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: action out of range");
            return -1;
        }
    for (i = 0; i < in->m; i++)
        if (in->oof[i] > in->oof[i + 1]) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: bad option offsets");
            return -1;
        }
    for (i = 0; i + 1 < nioff; i++)
        if (in->iof[i] < 0 || in->iof[i] > in->iof[i + 1] || in->iof[i + 1] > nitems) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: bad item offsets");
            return -1;
        }
    for (i = 0; i < nitems; i++)
        if (in->itv[i] < 0 || in->itv[i] >= in->m) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: option generator out of range");
            return -1;
        }
    return 0;
}

static int mc_alloc(mc_walk *w, Py_ssize_t size, Py_ssize_t m)
{
    w->seen = (uint8_t *)grundy_calloc(size, 1);
    w->cur = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    w->tstart = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    w->tlen = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    return !w->seen || !w->cur || !w->tstart || !w->tlen ? -1 : 0;
}

static void mc_free(mc_walk *w)
{
    free(w->seen);
    free(w->cur);
    free(w->tstart);
    free(w->tlen);
    free(w->sets.data);
}

/* Appends the options of the word y·g_d to sets, sorted and without repeats, and returns
 * how many (-1 when out of memory): the old word's options (old, len) times g_d, and y
 * times each option of g_d. */
static inline Py_ssize_t mc_options(const mc_input *in, ints_t *sets, Py_ssize_t d, Py_ssize_t y,
                                    Py_ssize_t old, Py_ssize_t len)
{
    const int64_t *act = in->act, *itv = in->itv;
    Py_ssize_t size = in->size, start, k, o, out;
    int64_t *data;
    if (ints_reserve(sets, len + (in->oof[d + 1] - in->oof[d])) < 0)
        return -1;
    start = sets->count;
    data = sets->data + start;
    for (k = 0; k < len; k++)
        data[k] = act[d * size + sets->data[old + k]];
    for (o = in->oof[d]; o < in->oof[d + 1]; o++) {
        int64_t z = y;
        for (k = in->iof[o]; k < in->iof[o + 1]; k++)
            z = act[itv[k] * size + z];
        data[len++] = z;
    }
    qsort(data, (size_t)len, sizeof(int64_t), cmp_int64);
    out = 0;
    for (k = 0; k < len; k++)
        if (out == 0 || data[k] != data[out - 1])
            data[out++] = data[k];
    sets->count = start + out;
    return out;
}

/* Whether none of the options is marked (the word's element is then a loss). */
static inline int mc_lost(const uint8_t *st, const int64_t *set, Py_ssize_t len)
{
    Py_ssize_t k;
    for (k = 0; k < len; k++)
        if (st[set[k]])
            return 0;
    return 1;
}

/* The walk: marks each element from its least word in status and lists it in order;
 * returns how many elements, or -1 on an error (tick raised, or no memory). */
static Py_ssize_t mc_run(const mc_input *input, mc_walk *w, int64_t *ord, uint8_t *st,
                         PyObject *tick)
{
    const mc_input in = *input;
    uint8_t *seen = w->seen;
    Py_ssize_t *cur = w->cur, *tstart = w->tstart, *tlen = w->tlen, d = 0, k, count = 1;
    int64_t steps = 0;
    memset(st, 0, (size_t)in.size);
    seen[0] = 1;
    ord[0] = 0;
    while (d < in.m) {
        Py_ssize_t y = cur[d], x = (Py_ssize_t)in.act[d * in.size + y], start, out;
        steps++;
        if (seen[x]) {
            cur[d] = cur[d + 1];
            tstart[d] = tstart[d + 1];
            tlen[d] = tlen[d + 1];
            d++;
            continue;
        }
        start = w->sets.count;
        out = mc_options(&in, &w->sets, d, y, tstart[d], tlen[d]);
        if (out < 0)
            return -1;
        steps += out;
        if (steps >= GRUNDY_TICK) {
            if (grundy_call_tick(tick, steps) < 0)
                return -1;
            steps = 0;
        }
        seen[x] = 1;
        st[x] = (uint8_t)mc_lost(st, w->sets.data + start, out);
        ord[count++] = x;
        for (k = 0; k <= d; k++) {
            cur[k] = x;
            tstart[k] = start;
            tlen[k] = out;
        }
        d = 0;
    }
    if (grundy_call_tick(tick, steps) < 0)
        return -1;
    return count;
}

PyDoc_STRVAR(mark_colex_doc,
             "quotient_mark_colex(acts, ooff, ioff, items, order, status, tick) -> count\n"
             "See grundy.kernels.quotient.mark_colex.");

static PyObject *quotient_mark_colex(PyObject *self, PyObject *args)
{
    PyObject *ao, *oo, *io, *it, *ro, *so, *tick, *result = NULL;
    grundy_array acts = {0}, ooff = {0}, ioff = {0}, items = {0}, order = {0}, status = {0};
    mc_input in;
    mc_walk w = {NULL, NULL, NULL, NULL, {NULL, 0, 0}};
    Py_ssize_t count;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOOOO:quotient_mark_colex", &ao, &oo, &io, &it, &ro, &so,
                          &tick))
        return NULL;
    if (grundy_get_array(ao, &acts, 'i', 8, 0, "acts") < 0
        || grundy_get_array(oo, &ooff, 'i', 8, 0, "ooff") < 0
        || grundy_get_array(io, &ioff, 'i', 8, 0, "ioff") < 0
        || grundy_get_array(it, &items, 'i', 8, 0, "items") < 0
        || grundy_get_array(ro, &order, 'i', 8, 1, "order") < 0
        || grundy_get_array(so, &status, 'u', 1, 1, "status") < 0)
        goto done;
    {
        grundy_array *all[] = {&order, &status, &acts, &ooff, &ioff, &items};
        if (grundy_disjoint(all, 2, 6) < 0)
            goto done;
    }
    in.size = status.len;
    in.m = ooff.len - 1;
    in.act = (const int64_t *)acts.data;
    in.oof = (const int64_t *)ooff.data;
    in.iof = (const int64_t *)ioff.data;
    in.itv = (const int64_t *)items.data;
    if (in.size < 1 || in.m < 0 || acts.len != in.m * in.size || order.len != in.size
        || ioff.len < 1 || (in.m > 0 && (in.oof[0] != 0 || in.oof[in.m] != ioff.len - 1))) {
        PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: inconsistent sizes");
        goto done;
    }
    if (mc_check(&in, ioff.len, items.len) < 0 || mc_alloc(&w, in.size, in.m) < 0)
        goto done;
    count = mc_run(&in, &w, (int64_t *)order.data, (uint8_t *)status.data, tick);
    if (count >= 0)
        result = PyLong_FromSsize_t(count);
done:
    mc_free(&w);
    grundy_release(&acts);
    grundy_release(&ooff);
    grundy_release(&ioff);
    grundy_release(&items);
    grundy_release(&order);
    grundy_release(&status);
    return result;
}

PyMethodDef GRUNDY_QUOTIENT_METHODS[] = {
    {"quotient_n_failure", quotient_n_failure, METH_VARARGS, n_failure_doc},
    {"quotient_mark_colex", quotient_mark_colex, METH_VARARGS, mark_colex_doc},
    {NULL, NULL, 0, NULL},
};
