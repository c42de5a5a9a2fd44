/* Grundy tables of take-and-break heap games: the plain (every option, then the mex) and
 * the rare-value kernels. Python side: grundy/kernels/heap.py (input checks, the
 * pure-Python twins, the meaning of every argument). The table g may be uint16, uint32
 * or int64; the kernels for each type come from heap_impl.h.
 */
#include "core.h"

#define G_T uint16_t
#define G_NAME(x) x##_u16
#include "heap_impl.h"
#undef G_T
#undef G_NAME

#define G_T uint32_t
#define G_NAME(x) x##_u32
#include "heap_impl.h"
#undef G_T
#undef G_NAME

#define G_T int64_t
#define G_NAME(x) x##_i64
#include "heap_impl.h"
#undef G_T
#undef G_NAME

/* Every value of g[0:start] lies in [0, half) (the plain kernel's check, made once a call). */
static int values_below(const grundy_array *g, Py_ssize_t start, int64_t half)
{
    Py_ssize_t i;
    int64_t top = 0;
    switch (g->itemsize) {
    case 2: {
        const uint16_t *p = (const uint16_t *)g->data;
        uint16_t m = 0;
        for (i = 0; i < start; i++)
            m = p[i] > m ? p[i] : m;
        top = m;
        break;
    }
    case 4: {
        const uint32_t *p = (const uint32_t *)g->data;
        uint32_t m = 0;
        for (i = 0; i < start; i++)
            m = p[i] > m ? p[i] : m;
        top = m;
        break;
    }
    default: {
        const int64_t *p = (const int64_t *)g->data;
        for (i = 0; i < start; i++) {
            if (p[i] < 0)
                return 0;
            top = p[i] > top ? p[i] : top;
        }
    }
    }
    return top < half;
}

/* The error of a kernel that met a value of g outside the value space (-3). */
#define BAD_VALUE "g: a value of g[:start] in an option is negative or >= len(mark) // 2"

/* Every entry of a in [lo, hi]. */
static int entries_within(const grundy_array *a, Py_ssize_t count, int64_t lo, int64_t hi)
{
    const int64_t *p = (const int64_t *)a->data;
    Py_ssize_t i;
    for (i = 0; i < count; i++)
        if (p[i] < lo || p[i] > hi)
            return 0;
    return 1;
}

/* The table argument: uint16, uint32 or int64 (signed for int64 only). */
static int get_table(PyObject *obj, grundy_array *g)
{
    if (grundy_get_array(obj, g, 0, 0, 1, "g") < 0)
        return -1;
    if ((g->itemsize == 2 && g->kind == 'u') || (g->itemsize == 4 && g->kind == 'u')
        || (g->itemsize == 8 && g->kind == 'i'))
        return 0;
    PyErr_SetString(PyExc_TypeError, "g: expected a uint16, uint32 or int64 array");
    grundy_release(g);
    return -1;
}

/* The largest mark length whose mex still fits the table's element type. */
static Py_ssize_t mark_limit(const grundy_array *g)
{
    if (g->itemsize == 2)
        return (Py_ssize_t)1 << 16;
    if (g->itemsize == 4 && sizeof(Py_ssize_t) > 4)
        return (Py_ssize_t)((int64_t)1 << 32);
    return PY_SSIZE_T_MAX;
}

static int check_common(const grundy_array *g, Py_ssize_t start, Py_ssize_t stop,
                        const grundy_array *mark, const grundy_array *single,
                        const grundy_array *split, const grundy_array *triple, int scan)
{
    if (start < 0 || start > stop || stop > g->len) {
        PyErr_Format(PyExc_ValueError, "need 0 <= start <= stop <= len(g), got %zd, %zd, %zd",
                     start, stop, g->len);
        return -1;
    }
    if (mark->len < 2 || mark->len > mark_limit(g)) {
        PyErr_SetString(PyExc_ValueError, "mark: length out of range for the table's type");
        return -1;
    }
    if ((mark->len & (mark->len - 1)) != 0) {
        /* the rare kernel masks every value index with len(mark) - 1 (heap_impl.h) */
        PyErr_SetString(PyExc_ValueError, "mark: the length must be a power of two");
        return -1;
    }
    /* The plain kernel's values, once a call: its heaps cost far more than this scan. The
     * rare kernel checks what it reads instead (heap_impl.h): a scan of g[:start] on each
     * call made a table of N heaps cost time quadratic in N. */
    if (scan && !values_below(g, start, mark->len / 2)) {
        PyErr_SetString(PyExc_ValueError, "g: a value of g[:start] is negative or >= len(mark) // 2");
        return -1;
    }
    if (!entries_within(single, single->len, 1, INT64_MAX)
        || !entries_within(split, split->len, 0, INT64_MAX)
        || (triple && !entries_within(triple, triple->len, 0, INT64_MAX))) {
        PyErr_SetString(PyExc_ValueError, "single amounts must be >= 1, split and triple >= 0");
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(plain_doc,
             "plain_kernel(g, start, stop, whole, single, split, triple, unequal, mark) -> int\n"
             "See grundy.kernels.heap.plain_kernel.");

static PyObject *plain_kernel(PyObject *self, PyObject *args)
{
    PyObject *go, *wo, *so, *po, *to, *mo;
    Py_ssize_t start, stop, done = -1;
    int unequal;
    grundy_array g, whole, single, split, triple, mark;
    grundy_nogil st;
    PyObject *result = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "OnnOOOOpO:plain_kernel", &go, &start, &stop, &wo, &so, &po,
                          &to, &unequal, &mo))
        return NULL;
    g.held = whole.held = single.held = split.held = triple.held = mark.held = 0;
    if (get_table(go, &g) < 0 || grundy_get_array(wo, &whole, 'u', 1, 0, "whole") < 0
        || grundy_get_array(so, &single, 'i', 8, 0, "single") < 0
        || grundy_get_array(po, &split, 'i', 8, 0, "split") < 0
        || grundy_get_array(to, &triple, 'i', 8, 0, "triple") < 0
        || grundy_get_array(mo, &mark, 'i', 8, 1, "mark") < 0
        || check_common(&g, start, stop, &mark, &single, &split, &triple, 1) < 0)
        goto out;
    {
        grundy_array *arrs[6] = {&g, &mark, &whole, &single, &split, &triple};
        if (grundy_disjoint(arrs, 2, 6) < 0)
            goto out;
    }
    GRUNDY_NOGIL_BEGIN(st);
#define PLAIN_ARGS(T)                                                                      \
    (T *)g.data, start, stop, (const uint8_t *)whole.data, whole.len,                      \
        (const int64_t *)single.data, single.len, (const int64_t *)split.data, split.len, \
        (const int64_t *)triple.data, triple.len, unequal, (int64_t *)mark.data,          \
        mark.len / 2, &st
    if (g.itemsize == 2)
        done = plain_u16(PLAIN_ARGS(uint16_t));
    else if (g.itemsize == 4)
        done = plain_u32(PLAIN_ARGS(uint32_t));
    else
        done = plain_i64(PLAIN_ARGS(int64_t));
#undef PLAIN_ARGS
    if (done == -1)
        goto out; /* a signal handler raised; the GIL is held */
    GRUNDY_NOGIL_END(st);
    result = PyLong_FromSsize_t(done);
out:
    grundy_release(&g);
    grundy_release(&whole);
    grundy_release(&single);
    grundy_release(&split);
    grundy_release(&triple);
    grundy_release(&mark);
    return result;
}

PyDoc_STRVAR(rare_doc,
             "rare_kernel(g, start, stop, whole, single, split, unequal, common, rare, nrare, "
             "mark, want) -> (int, int)\nSee grundy.kernels.heap.rare_kernel.");

static PyObject *rare_kernel(PyObject *self, PyObject *args)
{
    PyObject *go, *wo, *so, *po, *co, *ro, *mo, *nwo;
    Py_ssize_t start, stop, nrare, done = -1;
    int unequal;
    grundy_array g, whole, single, split, common, rare, mark, want;
    grundy_nogil st;
    PyObject *result = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "OnnOOOpOOnOO:rare_kernel", &go, &start, &stop, &wo, &so, &po,
                          &unequal, &co, &ro, &nrare, &mo, &nwo))
        return NULL;
    g.held = whole.held = single.held = split.held = common.held = rare.held = mark.held = 0;
    want.held = 0;
    if (get_table(go, &g) < 0 || grundy_get_array(wo, &whole, 'u', 1, 0, "whole") < 0
        || grundy_get_array(so, &single, 'i', 8, 0, "single") < 0
        || grundy_get_array(po, &split, 'i', 8, 0, "split") < 0
        || grundy_get_array(co, &common, 'u', 1, 0, "common") < 0
        || grundy_get_array(ro, &rare, 'i', 8, 1, "rare") < 0
        || grundy_get_array(mo, &mark, 'i', 8, 1, "mark") < 0
        || grundy_get_array(nwo, &want, 'u', 1, 1, "want") < 0
        || check_common(&g, start, stop, &mark, &single, &split, NULL, 0) < 0)
        goto out;
    {
        grundy_array *arrs[8] = {&g, &mark, &rare, &want, &whole, &single, &split, &common};
        if (grundy_disjoint(arrs, 4, 8) < 0)
            goto out;
    }
    if (common.len != mark.len || want.len != mark.len) {
        PyErr_SetString(PyExc_ValueError, "common, want and mark must have the same length");
        goto out;
    }
    if (nrare < 0 || nrare > rare.len || !entries_within(&rare, nrare, 1, INT64_MAX)) {
        PyErr_SetString(PyExc_ValueError, "need 0 <= nrare <= len(rare) and rare[:nrare] >= 1");
        goto out;
    }
    GRUNDY_NOGIL_BEGIN(st);
#define RARE_ARGS(T)                                                                       \
    (T *)g.data, start, stop, (const uint8_t *)whole.data, whole.len,                      \
        (const int64_t *)single.data, single.len, (const int64_t *)split.data, split.len, \
        unequal, (const uint8_t *)common.data, (int64_t *)rare.data, &nrare, rare.len,    \
        (int64_t *)mark.data, mark.len, (uint8_t *)want.data, mark.len / 2, &st
    if (g.itemsize == 2)
        done = rare_u16(RARE_ARGS(uint16_t));
    else if (g.itemsize == 4)
        done = rare_u32(RARE_ARGS(uint32_t));
    else
        done = rare_i64(RARE_ARGS(int64_t));
#undef RARE_ARGS
    if (done == -1)
        goto out;
    GRUNDY_NOGIL_END(st);
    if (done == -2) {
        PyErr_SetString(PyExc_ValueError, "common: no common value left in the value space");
        goto out;
    }
    if (done == -3) {
        PyErr_SetString(PyExc_ValueError, BAD_VALUE);
        goto out;
    }
    result = Py_BuildValue("nn", done, nrare);
out:
    grundy_release(&g);
    grundy_release(&whole);
    grundy_release(&single);
    grundy_release(&split);
    grundy_release(&common);
    grundy_release(&rare);
    grundy_release(&mark);
    grundy_release(&want);
    return result;
}

PyMethodDef GRUNDY_HEAP_METHODS[] = {
    {"plain_kernel", plain_kernel, METH_VARARGS, plain_doc},
    {"rare_kernel", rare_kernel, METH_VARARGS, rare_doc},
    {NULL, NULL, 0, NULL},
};
