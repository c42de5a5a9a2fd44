/* Period search over a Grundy table. Python side: grundy/kernels/period.py (input
 * checks; period_kernel_py and period_candidates_py are the pure-Python twins).
 *
 * For a period p the saltus s is read off the last pair (g[last] - g[last - p]) and the
 * preperiod e is the start of the longest tail with g[n + p] - g[n] == s.
 */
#include "core.h"

/* The preperiod for period p (last - p >= 0), or -1 when the saltus is negative. The scan
 * starts at n = from (<= last - p): the caller knows g[n + p] - g[n] == s above it (see
 * struct base). */
#define PERIOD_TAIL(T)                                                                     \
    static Py_ssize_t tail_##T(const T *g, Py_ssize_t last, Py_ssize_t p, Py_ssize_t from, \
                               int64_t *s_out)                                             \
    {                                                                                      \
        int64_t s = (int64_t)g[last] - (int64_t)g[last - p];                               \
        Py_ssize_t n = from;                                                               \
        if (s < 0)                                                                         \
            return -1;                                                                     \
        while (n >= 0 && (int64_t)g[n + p] - (int64_t)g[n] == s)                           \
            n--;                                                                           \
        *s_out = s;                                                                        \
        return n + 1;                                                                      \
    }

PERIOD_TAIL(uint8_t)
PERIOD_TAIL(uint16_t)
PERIOD_TAIL(uint32_t)
PERIOD_TAIL(int64_t)

/* A period already scanned, whose relation g[n + p] - g[n] == s holds for every
 * e <= n <= last - p: for a multiple k*p the relation with saltus k*s then holds there too
 * (a sum of k steps), so its scan starts just below e instead of at the end of the table
 * (without it, a table ending in a long periodic tail that proves nothing yet -- 0.376 at
 * 2^22 heaps, preperiod 2,268,248 -- costs a scan of the whole tail per multiple). */
typedef struct {
    Py_ssize_t p, e;
} base;

static Py_ssize_t tail_of(const grundy_array *g, Py_ssize_t last, Py_ssize_t p, base *b,
                          int64_t *s, Py_ssize_t *work)
{
    Py_ssize_t from = last - p, start;
    int multiple = b->p && p % b->p == 0;
    if (multiple && b->e - 1 < from)
        from = b->e - 1;
    switch (g->itemsize) {
    case 1:
        start = tail_uint8_t((const uint8_t *)g->data, last, p, from, s);
        break;
    case 2:
        start = tail_uint16_t((const uint16_t *)g->data, last, p, from, s);
        break;
    case 4:
        start = tail_uint32_t((const uint32_t *)g->data, last, p, from, s);
        break;
    default:
        start = tail_int64_t((const int64_t *)g->data, last, p, from, s);
        break;
    }
    *work = start < 0 ? 1 : from - start + 2;
    /* the longest tail so far becomes the base (a multiple of the base too: its relation
     * holds from its own preperiod) */
    if (start >= 0 && (!b->p || start < b->e)) {
        b->p = p;
        b->e = start;
    }
    return start;
}

static int get_values(PyObject *obj, grundy_array *g)
{
    if (grundy_get_array(obj, g, 0, 0, 0, "g") < 0)
        return -1;
    if ((g->kind == 'u' && g->itemsize <= 4) || (g->kind == 'i' && g->itemsize == 8))
        return 0;
    PyErr_SetString(PyExc_TypeError, "g: expected a uint8, uint16, uint32 or int64 array");
    grundy_release(g);
    return -1;
}

PyDoc_STRVAR(period_doc,
             "period_kernel(g, first, max_period, min_repeats, min_tail) -> (e, p, s)\n"
             "See grundy.kernels.period.period_kernel.");

static PyObject *period_kernel(PyObject *self, PyObject *args)
{
    PyObject *go;
    Py_ssize_t first, max_period, min_repeats, min_tail, p, last, e = 0, found = 0;
    base b = {0, 0};
    int64_t s = 0;
    grundy_array g;
    grundy_nogil st;
    (void)self;
    if (!PyArg_ParseTuple(args, "Onnnn:period_kernel", &go, &first, &max_period, &min_repeats,
                          &min_tail))
        return NULL;
    if (first < 1 || min_repeats < 0 || min_tail < 0) {
        PyErr_SetString(PyExc_ValueError, "need first >= 1, min_repeats >= 0, min_tail >= 0");
        return NULL;
    }
    if (get_values(go, &g) < 0)
        return NULL;
    last = g.len - 1;
    GRUNDY_NOGIL_BEGIN(st);
    for (p = first; p <= max_period && last - p >= 0; p++) {
        Py_ssize_t work;
        Py_ssize_t start = tail_of(&g, last, p, &b, &s, &work);
        if (start < 0)
            continue;
        if (grundy_nogil_tick(&st, work) < 0) {
            grundy_release(&g);
            return NULL;
        }
        /* tail >= min_repeats * p, without overflow: floor(tail / min_repeats) >= p */
        if (last + 1 - start >= min_tail
            && (min_repeats == 0 || (last + 1 - start) / min_repeats >= p)) {
            e = start;
            found = p;
            break;
        }
    }
    GRUNDY_NOGIL_END(st);
    grundy_release(&g);
    if (!found)
        return Py_BuildValue("nnn", (Py_ssize_t)0, (Py_ssize_t)0, (Py_ssize_t)0);
    return Py_BuildValue("nnL", e, found, (long long)s);
}

PyDoc_STRVAR(candidates_doc,
             "period_candidates(g, first, max_period, bound_e, bound_p, bound_c, slack, out) "
             "-> (count, next)\nSee grundy.kernels.period.period_candidates.");

/* Periods p = first.. with a non-negative saltus whose preperiod e passes the linear test
 * bound_e * e + bound_p * p + bound_c <= slack (all zero: every p passes), written as rows
 * (e, p, s) of out until out is full. Returns how many and the next p to try. */
static PyObject *period_candidates(PyObject *self, PyObject *args)
{
    PyObject *go, *oo;
    Py_ssize_t first, max_period, p, last, count = 0, rows, work;
    base b = {0, 0};
    long long be, bp, bc, slack;
    int64_t s = 0;
    int64_t *out;
    grundy_array g, o;
    grundy_nogil st;
    (void)self;
    if (!PyArg_ParseTuple(args, "OnnLLLLO:period_candidates", &go, &first, &max_period, &be, &bp,
                          &bc, &slack, &oo))
        return NULL;
    if (first < 1 || be < 0 || bp < 0 || be > (1 << 20) || bp > (1 << 20)) {
        PyErr_SetString(PyExc_ValueError, "need first >= 1 and 0 <= bound_e, bound_p <= 2**20");
        return NULL;
    }
    if (get_values(go, &g) < 0)
        return NULL;
    if (grundy_get_array(oo, &o, 'i', 8, 1, "out") < 0) {
        grundy_release(&g);
        return NULL;
    }
    {
        grundy_array *arrs[2] = {&o, &g};
        if (grundy_disjoint(arrs, 1, 2) < 0) {
            grundy_release(&g);
            grundy_release(&o);
            return NULL;
        }
    }
    out = (int64_t *)o.data;
    rows = o.len / 3;
    last = g.len - 1;
    p = first;
    GRUNDY_NOGIL_BEGIN(st);
    for (; count < rows && p <= max_period && last - p >= 0; p++) {
        Py_ssize_t start;
        /* the linear test can only pass if be * 0 + bp * p + bc <= slack */
        if ((long double)bp * p + bc > slack) {
            p = max_period + 1;
            break;
        }
        start = tail_of(&g, last, p, &b, &s, &work);
        if (grundy_nogil_tick(&st, work) < 0) {
            grundy_release(&g);
            grundy_release(&o);
            return NULL;
        }
        if (start < 0 || (long double)be * start + (long double)bp * p + bc > slack)
            continue;
        out[3 * count] = start;
        out[3 * count + 1] = p;
        out[3 * count + 2] = s;
        count++;
    }
    GRUNDY_NOGIL_END(st);
    grundy_release(&g);
    grundy_release(&o);
    return Py_BuildValue("nn", count, p);
}

PyMethodDef GRUNDY_PERIOD_METHODS[] = {
    {"period_kernel", period_kernel, METH_VARARGS, period_doc},
    {"period_candidates", period_candidates, METH_VARARGS, candidates_doc},
    {NULL, NULL, 0, NULL},
};
