/* Inner loops of the misère quotient builder. Python side: grundy/kernels/quotient.py
 * (input conversion; n_failure, mark_colex and refine there are the pure-Python twins, and
 * the docstrings there describe the walks).
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
 * Work is reported to a Python callable tick(steps) every TICK steps (the GIL is held:
 * tick may raise to stop the walk, for bounds and deadlines).
 */
#include "core.h"

#define TICK ((int64_t)1 << 14)

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

static int call_tick(PyObject *tick, int64_t steps)
{
    PyObject *r = PyObject_CallFunction(tick, "L", (long long)steps);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
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

PyDoc_STRVAR(n_failure_doc,
             "quotient_n_failure(table, is_p, gens, toff, titems, bound, tick, minimal) -> "
             "word or None\nSee grundy.kernels.quotient.n_failure.");

static PyObject *quotient_n_failure(PyObject *self, PyObject *args)
{
    PyObject *to, *po, *go, *oo, *io, *bo, *tick, *minimal, *result = NULL;
    grundy_array tab = {0}, isp = {0}, gens = {0}, toff = {0}, titems = {0}, bnd = {0};
    const int32_t *table;
    const int64_t *gv, *offs, *items, *bound = NULL;
    const uint8_t *pv;
    Py_ssize_t n, m, w, i, d, j, kc, slen = 0;
    sets_t sets = {NULL, NULL, NULL, 0, 0, 0, 0};
    known_t *known = NULL;
    Py_ssize_t *nearidx = NULL, *cur = NULL, *tr = NULL;
    int64_t *exps = NULL, steps = 0;
    word_t *scratch = NULL;
    int32_t *slist = NULL;
    int found = 0;
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
    n = isp.len;
    m = gens.len;
    kc = n >= 1 ? tab.len / n : 0;
    if (n < 1 || n > INT32_MAX || kc < 1 || tab.len != n * kc || toff.len != m + 1
        || (bo != Py_None && bnd.len != m)) {
        PyErr_SetString(PyExc_ValueError, "quotient_n_failure: inconsistent sizes");
        goto done;
    }
    table = (const int32_t *)tab.data;
    pv = (const uint8_t *)isp.data;
    gv = (const int64_t *)gens.data;
    offs = (const int64_t *)toff.data;
    items = (const int64_t *)titems.data;
    if (bo != Py_None)
        bound = (const int64_t *)bnd.data;
    for (i = 0; i < n * kc; i++)
        if (table[i] < 0 || table[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "quotient_n_failure: table entry out of range");
            goto done;
        }
    for (j = 0; j < m; j++)
        if (gv[j] < 0 || gv[j] >= kc || offs[j] < 0 || offs[j] > offs[j + 1]
            || offs[j + 1] > titems.len) {
            PyErr_SetString(PyExc_ValueError, "quotient_n_failure: bad generators");
            goto done;
        }
    for (i = 0; i < titems.len; i++)
        if (items[i] < 0 || items[i] >= kc) {
            PyErr_SetString(PyExc_ValueError, "quotient_n_failure: option out of range");
            goto done;
        }
    w = (n + 63) / 64;
    known = (known_t *)grundy_calloc(n, sizeof(known_t));
    nearidx = (Py_ssize_t *)grundy_calloc(n * (m ? m : 1), sizeof(Py_ssize_t));
    cur = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    tr = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    exps = (int64_t *)grundy_calloc(m + 1, sizeof(int64_t));
    scratch = (word_t *)grundy_calloc(w, sizeof(word_t));
    slist = (int32_t *)grundy_calloc(n, sizeof(int32_t));
    if (!known || !nearidx || !cur || !tr || !exps || !scratch || !slist)
        goto done;
    for (i = 0; i < n * m; i++)
        nearidx[i] = -1;
    for (i = 0; i <= m; i++)
        tr[i] = -1; /* the empty set */
    d = 0;
    while (d < m) {
        Py_ssize_t y = cur[d], x = (Py_ssize_t)table[y * kc + gv[d]], ny, k, keep;
        known_t *kx = &known[x];
        int dominated = 0;
        ny = nearidx[d * n + y];
        /* The options of the new word: y·T(g_d) (kept per (d, y)) and the old options
         * times g_d, as a list of distinct elements and a bitset (cleared after). */
        for (k = 0; k < slen; k++)
            scratch[slist[k] / 64] = 0;
        slen = 0;
        if (ny < 0) {
            for (k = offs[d]; k < offs[d + 1]; k++) {
                int32_t z = table[y * kc + items[k]];
                if (!HAS(scratch, z)) {
                    scratch[z / 64] |= (word_t)1 << (z % 64);
                    slist[slen++] = z;
                }
            }
            ny = sets_add(&sets, slist, slen);
            if (ny < 0)
                goto done;
            nearidx[d * n + y] = ny;
            steps += offs[d + 1] - offs[d];
        } else {
            const int32_t *s = ITEMS(&sets, ny);
            Py_ssize_t len = sets.len[ny];
            for (k = 0; k < len; k++) {
                scratch[s[k] / 64] |= (word_t)1 << (s[k] % 64);
                slist[k] = s[k];
            }
            slen = len;
        }
        if (tr[d] >= 0) {
            const int32_t *old = ITEMS(&sets, tr[d]);
            Py_ssize_t len = sets.len[tr[d]];
            for (k = 0; k < len; k++) {
                int32_t z = table[(Py_ssize_t)old[k] * kc + gv[d]];
                if (!HAS(scratch, z)) {
                    scratch[z / 64] |= (word_t)1 << (z % 64);
                    slist[slen++] = z;
                }
            }
            steps += len;
        }
        steps += 1 + kx->count;
        if (steps >= TICK) {
            if (call_tick(tick, steps) < 0)
                goto done;
            steps = 0;
        }
        /* Dominated: an earlier word reached x with a subset of these options. */
        for (i = 0; i < kx->count && !dominated; i++) {
            const int32_t *s = ITEMS(&sets, kx->idx[i]);
            Py_ssize_t len = sets.len[kx->idx[i]];
            dominated = len <= slen;
            for (k = 0; k < len && dominated; k++)
                dominated = (int)HAS(scratch, s[k]);
            steps += len;
        }
        if (dominated) {
            exps[d] = 0;
            cur[d] = cur[d + 1];
            tr[d] = tr[d + 1];
            d++;
            continue;
        }
        exps[d]++;
        if (bound != NULL) {
            int ge = 1;
            for (k = m - 1; k >= 0; k--)
                if (exps[k] != bound[k]) {
                    ge = exps[k] > bound[k];
                    break;
                }
            if (ge)
                break;
        }
        /* Drop the known sets that contain the new one, then keep the new one. */
        keep = 0;
        for (i = 0; i < kx->count; i++) {
            const int32_t *s = ITEMS(&sets, kx->idx[i]);
            Py_ssize_t len = sets.len[kx->idx[i]], hits = 0;
            if (len >= slen)
                for (k = 0; k < len; k++)
                    hits += (Py_ssize_t)HAS(scratch, s[k]);
            steps += len;
            if (hits != slen)
                kx->idx[keep++] = kx->idx[i];
        }
        kx->count = keep;
        {
            Py_ssize_t ni = sets_add(&sets, slist, slen);
            if (ni < 0 || known_push(kx, ni) < 0)
                goto done;
            if (!pv[x]) {
                int hits = 0;
                for (k = 0; k < slen; k++)
                    if (pv[slist[k]]) {
                        hits = 1;
                        break;
                    }
                if (!hits) {
                    found = 1;
                    break;
                }
            }
            for (k = 0; k <= d; k++) {
                cur[k] = x;
                tr[k] = ni;
            }
        }
        d = 0;
    }
    if (call_tick(tick, steps) < 0)
        goto done;
    if (minimal != Py_None) {
        for (i = 0; i < n; i++) {
            PyObject *list = PyList_GetItem(minimal, i);
            if (list == NULL)
                goto done;
            for (j = 0; j < known[i].count; j++) {
                Py_ssize_t s = known[i].idx[j];
                PyObject *fs = items_frozenset(ITEMS(&sets, s), sets.len[s]);
                if (fs == NULL || PyList_Append(list, fs) < 0) {
                    Py_XDECREF(fs);
                    goto done;
                }
                Py_DECREF(fs);
            }
        }
    }
    if (found) {
        result = PyTuple_New(m);
        if (result == NULL)
            goto done;
        for (j = 0; j < m; j++) {
            PyObject *e = PyLong_FromLongLong((long long)exps[j]);
            if (e == NULL) {
                Py_CLEAR(result);
                goto done;
            }
            PyTuple_SET_ITEM(result, j, e);
        }
    } else {
        result = Py_None;
        Py_INCREF(result);
    }
done:
    if (known != NULL)
        for (i = 0; i < n; i++)
            free(known[i].idx);
    free(known);
    free(nearidx);
    free(cur);
    free(tr);
    free(exps);
    free(scratch);
    free(slist);
    free(sets.items);
    free(sets.start);
    free(sets.len);
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

PyDoc_STRVAR(mark_colex_doc,
             "quotient_mark_colex(acts, ooff, ioff, items, order, status, tick) -> count\n"
             "See grundy.kernels.quotient.mark_colex.");

static PyObject *quotient_mark_colex(PyObject *self, PyObject *args)
{
    PyObject *ao, *oo, *io, *it, *ro, *so, *tick, *result = NULL;
    grundy_array acts = {0}, ooff = {0}, ioff = {0}, items = {0}, order = {0}, status = {0};
    const int64_t *act, *oof, *iof, *itv;
    int64_t *ord;
    uint8_t *st, *seen = NULL;
    Py_ssize_t size, m, i, d, count = 1;
    Py_ssize_t *cur = NULL, *tstart = NULL, *tlen = NULL;
    ints_t sets = {NULL, 0, 0};
    int64_t steps = 0;
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
    size = status.len;
    m = ooff.len - 1;
    act = (const int64_t *)acts.data;
    oof = (const int64_t *)ooff.data;
    iof = (const int64_t *)ioff.data;
    itv = (const int64_t *)items.data;
    ord = (int64_t *)order.data;
    st = (uint8_t *)status.data;
    if (size < 1 || m < 0 || acts.len != m * size || order.len != size || ioff.len < 1
        || (m > 0 && (oof[0] != 0 || oof[m] != ioff.len - 1))) {
        PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: inconsistent sizes");
        goto done;
    }
    for (i = 0; i < m * size; i++)
        if (act[i] < 0 || act[i] >= size) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: action out of range");
            goto done;
        }
    for (i = 0; i < m; i++)
        if (oof[i] > oof[i + 1]) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: bad option offsets");
            goto done;
        }
    for (i = 0; i + 1 < ioff.len; i++)
        if (iof[i] < 0 || iof[i] > iof[i + 1] || iof[i + 1] > items.len) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: bad item offsets");
            goto done;
        }
    for (i = 0; i < items.len; i++)
        if (itv[i] < 0 || itv[i] >= m) {
            PyErr_SetString(PyExc_ValueError, "quotient_mark_colex: option generator out of range");
            goto done;
        }
    seen = (uint8_t *)grundy_calloc(size, 1);
    cur = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    tstart = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    tlen = (Py_ssize_t *)grundy_calloc(m + 1, sizeof(Py_ssize_t));
    if (!seen || !cur || !tstart || !tlen)
        goto done;
    memset(st, 0, (size_t)size);
    seen[0] = 1;
    ord[0] = 0;
    d = 0;
    while (d < m) {
        Py_ssize_t y = cur[d], x = (Py_ssize_t)act[d * size + y], start, len, k, o, out;
        int lost = 1;
        steps++;
        if (seen[x]) {
            cur[d] = cur[d + 1];
            tstart[d] = tstart[d + 1];
            tlen[d] = tlen[d + 1];
            d++;
            continue;
        }
        if (ints_reserve(&sets, tlen[d] + (oof[d + 1] - oof[d])) < 0)
            goto done;
        start = sets.count;
        for (k = 0; k < tlen[d]; k++)
            sets.data[start + k] = act[d * size + sets.data[tstart[d] + k]];
        len = tlen[d];
        for (o = oof[d]; o < oof[d + 1]; o++) {
            int64_t z = y;
            for (k = iof[o]; k < iof[o + 1]; k++)
                z = act[itv[k] * size + z];
            sets.data[start + len++] = z;
        }
        qsort(sets.data + start, (size_t)len, sizeof(int64_t), cmp_int64);
        out = 0;
        for (k = 0; k < len; k++)
            if (out == 0 || sets.data[start + k] != sets.data[start + out - 1])
                sets.data[start + out++] = sets.data[start + k];
        sets.count = start + out;
        steps += out;
        if (steps >= TICK) {
            if (call_tick(tick, steps) < 0)
                goto done;
            steps = 0;
        }
        for (k = 0; k < out; k++)
            if (st[sets.data[start + k]]) {
                lost = 0;
                break;
            }
        seen[x] = 1;
        st[x] = (uint8_t)lost;
        ord[count++] = x;
        for (k = 0; k <= d; k++) {
            cur[k] = x;
            tstart[k] = start;
            tlen[k] = out;
        }
        d = 0;
    }
    if (call_tick(tick, steps) < 0)
        goto done;
    result = PyLong_FromSsize_t(count);
done:
    free(seen);
    free(cur);
    free(tstart);
    free(tlen);
    free(sets.data);
    grundy_release(&acts);
    grundy_release(&ooff);
    grundy_release(&ioff);
    grundy_release(&items);
    grundy_release(&order);
    grundy_release(&status);
    return result;
}

/* ---- refine ---------------------------------------------------------------------------- */

/* Moore's partition refinement: each round gives every element the signature (its class,
 * the classes of its images under the m maps) and numbers the distinct signatures in order
 * of first appearance (an open-addressing hash table of representatives); it stops when a
 * round makes no new class. The classes are then numbered by first appearance. */

static uint64_t sig_hash(const int64_t *cls, const int64_t *act, Py_ssize_t m, Py_ssize_t size,
                         Py_ssize_t x)
{
    uint64_t h = (uint64_t)cls[x] * 0x9E3779B97F4A7C15ULL;
    Py_ssize_t j;
    for (j = 0; j < m; j++) {
        h ^= (uint64_t)cls[act[j * size + x]] + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ULL;
    }
    return h ^ (h >> 31);
}

static int sig_equal(const int64_t *cls, const int64_t *act, Py_ssize_t m, Py_ssize_t size,
                     Py_ssize_t x, Py_ssize_t y)
{
    Py_ssize_t j;
    if (cls[x] != cls[y])
        return 0;
    for (j = 0; j < m; j++)
        if (cls[act[j * size + x]] != cls[act[j * size + y]])
            return 0;
    return 1;
}

PyDoc_STRVAR(refine_doc, "quotient_refine(start, acts, out, tick) -> count\n"
                         "See grundy.kernels.quotient.refine.");

static PyObject *quotient_refine(PyObject *self, PyObject *args)
{
    PyObject *so, *ao, *oo, *tick, *result = NULL;
    grundy_array start = {0}, acts = {0}, outa = {0};
    const int64_t *st, *act;
    int64_t *out, *cls = NULL, *nxt = NULL, *slots = NULL, steps = 0;
    Py_ssize_t size, m, i, cap, count = 0, newcount;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOO:quotient_refine", &so, &ao, &oo, &tick))
        return NULL;
    if (grundy_get_array(so, &start, 'i', 8, 0, "start") < 0
        || grundy_get_array(ao, &acts, 'i', 8, 0, "acts") < 0
        || grundy_get_array(oo, &outa, 'i', 8, 1, "out") < 0)
        goto done;
    {
        grundy_array *all[] = {&outa, &start, &acts};
        if (grundy_disjoint(all, 1, 3) < 0)
            goto done;
    }
    size = start.len;
    if (outa.len != size || (size > 0 && acts.len % size != 0) || (size == 0 && acts.len != 0)) {
        PyErr_SetString(PyExc_ValueError, "quotient_refine: inconsistent sizes");
        goto done;
    }
    m = size ? acts.len / size : 0;
    st = (const int64_t *)start.data;
    act = (const int64_t *)acts.data;
    out = (int64_t *)outa.data;
    for (i = 0; i < acts.len; i++)
        if (act[i] < 0 || act[i] >= size) {
            PyErr_SetString(PyExc_ValueError, "quotient_refine: action out of range");
            goto done;
        }
    for (i = 0; i < size; i++)
        if (st[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "quotient_refine: negative class");
            goto done;
        }
    if (size == 0) {
        result = PyLong_FromSsize_t(0);
        goto done;
    }
    for (cap = 16; cap < 2 * size; cap *= 2)
        ;
    cls = (int64_t *)grundy_calloc(size, sizeof(int64_t));
    nxt = (int64_t *)grundy_calloc(size, sizeof(int64_t));
    slots = (int64_t *)grundy_calloc(cap, sizeof(int64_t));
    if (!cls || !nxt || !slots)
        goto done;
    /* Round 0: the start classes, renumbered by first appearance (a signature of no maps). */
    for (;;) {
        const int64_t *key = count ? cls : st;
        Py_ssize_t mm = count ? m : 0;
        for (i = 0; i < cap; i++)
            slots[i] = -1;
        newcount = 0;
        for (i = 0; i < size; i++) {
            uint64_t hsh = sig_hash(key, act, mm, size, i);
            Py_ssize_t at = (Py_ssize_t)(hsh & (uint64_t)(cap - 1));
            while (slots[at] >= 0 && !sig_equal(key, act, mm, size, slots[at], i))
                at = (at + 1) & (cap - 1);
            if (slots[at] < 0) {
                slots[at] = i;
                nxt[i] = newcount++;
            } else {
                nxt[i] = nxt[slots[at]];
            }
        }
        steps += size * (1 + mm);
        if (steps >= TICK) {
            if (call_tick(tick, steps) < 0)
                goto done;
            steps = 0;
        }
        memcpy(cls, nxt, (size_t)size * sizeof(int64_t));
        if (count && newcount == count)
            break;
        count = newcount;
    }
    if (call_tick(tick, steps) < 0)
        goto done;
    memcpy(out, cls, (size_t)size * sizeof(int64_t));
    result = PyLong_FromSsize_t(count);
done:
    free(cls);
    free(nxt);
    free(slots);
    grundy_release(&start);
    grundy_release(&acts);
    grundy_release(&outa);
    return result;
}

PyMethodDef GRUNDY_QUOTIENT_METHODS[] = {
    {"quotient_n_failure", quotient_n_failure, METH_VARARGS, n_failure_doc},
    {"quotient_mark_colex", quotient_mark_colex, METH_VARARGS, mark_colex_doc},
    {"quotient_refine", quotient_refine, METH_VARARGS, refine_doc},
    {NULL, NULL, 0, NULL},
};
