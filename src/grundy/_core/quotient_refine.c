/* Partition refinement for the misère quotient builder: the coarsest congruence respecting
 * P (quotient.c holds the builder's colex walks). Python side: grundy/kernels/quotient.py
 * (input conversion; refine there is the pure-Python twin). Work is reported to tick(steps)
 * every GRUNDY_TICK steps (the GIL is held: tick may raise to stop it).
 */
#include "core.h"

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

static int refine_check(const int64_t *st, const int64_t *act, Py_ssize_t size,
                        Py_ssize_t nacts)
{
    Py_ssize_t i;
    for (i = 0; i < nacts; i++)
        if (act[i] < 0 || act[i] >= size) {
            PyErr_SetString(PyExc_ValueError, "quotient_refine: action out of range");
            return -1;
        }
    for (i = 0; i < size; i++)
        if (st[i] < 0) {
            PyErr_SetString(PyExc_ValueError, "quotient_refine: negative class");
            return -1;
        }
    return 0;
}

/* One round: nxt[x] numbers the signature of x (key[x], then key of its images under the
 * mm maps) by first appearance, through the hash table slots (cap, a power of two above
 * 2 * size); returns how many signatures. */
static inline Py_ssize_t refine_round(const int64_t *key, const int64_t *act, Py_ssize_t mm,
                                      Py_ssize_t size, int64_t *slots, Py_ssize_t cap,
                                      int64_t *nxt)
{
    Py_ssize_t i, newcount = 0;
    for (i = 0; i < cap; i++)
        slots[i] = -1;
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
    return newcount;
}

PyDoc_STRVAR(refine_doc, "quotient_refine(start, acts, out, tick) -> count\n"
                         "See grundy.kernels.quotient.refine.");

static PyObject *quotient_refine(PyObject *self, PyObject *args)
{
    PyObject *so, *ao, *oo, *tick, *result = NULL;
    grundy_array start = {0}, acts = {0}, outa = {0};
    const int64_t *st, *act;
    int64_t *out, *cls = NULL, *nxt = NULL, *slots = NULL, steps = 0;
    Py_ssize_t size, m, cap, count = 0, newcount;
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
    if (refine_check(st, act, size, acts.len) < 0)
        goto done;
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
        newcount = refine_round(key, act, mm, size, slots, cap, nxt);
        steps += size * (1 + mm);
        if (steps >= GRUNDY_TICK) {
            if (grundy_call_tick(tick, steps) < 0)
                goto done;
            steps = 0;
        }
        memcpy(cls, nxt, (size_t)size * sizeof(int64_t));
        if (count && newcount == count)
            break;
        count = newcount;
    }
    if (grundy_call_tick(tick, steps) < 0)
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

PyMethodDef GRUNDY_QUOTIENT_REFINE_METHODS[] = {
    {"quotient_refine", quotient_refine, METH_VARARGS, refine_doc},
    {NULL, NULL, 0, NULL},
};
