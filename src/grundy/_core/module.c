/* grundy._core: the one compiled extension module of grundy.
 *
 * Files by subject, one method table each (declared in core.h):
 *   heap.c        Grundy tables of take-and-break games (plain mex, rare-value)
 *   period.c      period search over a Grundy table
 *   hackenbush.c  bridges, parts and values of Green Hackenbush pictures
 *   quotient.c    misère quotients: the colex walks (least N-failure, P-portion marking);
 *                 quotient_refine.c: the partition refinement
 *   memo.c        the memos of the compiled walks (module state, raw records, thread guard)
 *   dom.c         Domineering and Cram on bitboards: options split into keyed regions, walks
 *   tf.c, clob.c, col.c, konane.c, fission.c, amazons.c   Toads-and-Frogs, Clobber, Col
 *                 and Snort, Konane, Fission, Amazons
 *                 (each game's hooks for the one walk of walk.h; shared pieces in grid.h
 *                 and grid_common.c)
 * To add a subject (say canon.c): write canon.c with `PyMethodDef GRUNDY_CANON_METHODS[]`
 * ending in a {NULL} sentinel, declare it in core.h, add it to SUBJECTS below. setup.py
 * compiles every .c file of this folder. Each function needs a pure-Python twin in
 * grundy/kernels/ and a test comparing the two (docs/architecture.md).
 *
 * This file also holds the shared helpers of core.h, and the module's state (PEP 3121):
 * the walks' memos (grid.h) and the table of canonical games (canon_state.h). No C global
 * is written after the module is made but `core_module`, whose head CPython fills in.
 */
#include "core.h"
#include "canon_state.h"
#include "grid.h"

static PyMethodDef *const SUBJECTS[] = {
    GRUNDY_HEAP_METHODS,
    GRUNDY_PERIOD_METHODS,
    GRUNDY_HACKENBUSH_METHODS,
    GRUNDY_QUOTIENT_METHODS,
    GRUNDY_QUOTIENT_REFINE_METHODS,
    GRUNDY_MEMO_METHODS,
    GRUNDY_DOM_METHODS,
    GRUNDY_TF_METHODS,
    GRUNDY_CLOB_METHODS,
    GRUNDY_COL_METHODS,
    GRUNDY_KONANE_METHODS,
    GRUNDY_FISSION_METHODS,
    GRUNDY_AMAZONS_METHODS,
    GRUNDY_CANON_METHODS,
};

#define NSUBJECTS (sizeof(SUBJECTS) / sizeof(SUBJECTS[0]))

/* ---- helpers (core.h) -------------------------------------------------------------- */

static int kind_of(const char *format, char *kind)
{
    const char *f = format ? format : "B";
    while (*f == '<' || *f == '=' || *f == '@' || *f == '!' || *f == '>') {
        if (*f == '>' || *f == '!') {
#if PY_BIG_ENDIAN
            f++;
            continue;
#else
            return -1; /* byte-swapped data */
#endif
        }
        f++;
    }
    if (f[0] == '\0' || f[1] != '\0')
        return -1;
    if (strchr("bhilqn", f[0]))
        *kind = 'i';
    else if (strchr("BHILQN", f[0]))
        *kind = 'u';
    else if (f[0] == '?')
        *kind = 'b';
    else
        return -1;
    return 0;
}

int grundy_get_array(PyObject *obj, grundy_array *out, char kind, Py_ssize_t itemsize,
                     int writable, const char *what)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    char got;
    out->held = 0;
    if (PyObject_GetBuffer(obj, &out->view, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: expected a %scontiguous integer array", what,
                     writable ? "writable " : "");
        return -1;
    }
    out->held = 1;
    if (kind_of(out->view.format, &got) < 0 || (kind && got != kind && !(kind == 'u' && got == 'b'))
        || (itemsize && out->view.itemsize != itemsize)
        || (out->view.itemsize != 1 && out->view.itemsize != 2 && out->view.itemsize != 4
            && out->view.itemsize != 8)) {
        PyErr_Format(PyExc_TypeError, "%s: wrong item type (format %s, %zd bytes)", what,
                     out->view.format ? out->view.format : "B", out->view.itemsize);
        grundy_release(out);
        return -1;
    }
    out->data = out->view.buf;
    out->itemsize = out->view.itemsize;
    out->len = out->view.len / out->view.itemsize;
    out->kind = got;
    return 0;
}

void grundy_release(grundy_array *arr)
{
    if (arr->held) {
        PyBuffer_Release(&arr->view);
        arr->held = 0;
    }
}

int64_t grundy_item(const grundy_array *arr, Py_ssize_t i)
{
    const char *p = (const char *)arr->data;
    int s = arr->kind == 'i';
    switch (arr->itemsize) {
    case 1:
        return s ? (int64_t)((const int8_t *)p)[i] : (int64_t)((const uint8_t *)p)[i];
    case 2:
        return s ? (int64_t)((const int16_t *)p)[i] : (int64_t)((const uint16_t *)p)[i];
    case 4:
        return s ? (int64_t)((const int32_t *)p)[i] : (int64_t)((const uint32_t *)p)[i];
    default:
        return ((const int64_t *)p)[i]; /* uint64 above 2^63 reads negative: callers check */
    }
}

int grundy_disjoint(grundy_array *const *arrs, int nwritable, int count)
{
    int i, j;
    for (i = 0; i < nwritable; i++) {
        const char *a;
        if (arrs[i] == NULL || arrs[i]->view.len == 0)
            continue;
        a = (const char *)arrs[i]->view.buf;
        for (j = 0; j < count; j++) {
            const char *b;
            if (j == i || arrs[j] == NULL || arrs[j]->view.len == 0)
                continue;
            b = (const char *)arrs[j]->view.buf;
            if (a < b + arrs[j]->view.len && b < a + arrs[i]->view.len) {
                PyErr_SetString(PyExc_ValueError, "grundy: an array written to overlaps another argument");
                return -1;
            }
        }
    }
    return 0;
}

void *grundy_calloc(Py_ssize_t count, Py_ssize_t size)
{
    void *p;
    if (count < 0 || size <= 0 || (count > 0 && (size_t)count > ((size_t)PY_SSIZE_T_MAX) / (size_t)size)) {
        PyErr_SetString(PyExc_MemoryError, "grundy: array size out of range");
        return NULL;
    }
    p = calloc(count > 0 ? (size_t)count : 1, (size_t)size);
    if (p == NULL)
        PyErr_NoMemory();
    return p;
}

int grundy_call_tick(PyObject *tick, int64_t steps)
{
    PyObject *r = PyObject_CallFunction(tick, "L", (long long)steps);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

int grundy_nogil_tick(grundy_nogil *st, int64_t steps)
{
    st->work += steps;
    if (st->work < GRUNDY_CHECK_EVERY)
        return 0;
    st->work = 0;
    PyEval_RestoreThread(st->save);
    if (PyErr_CheckSignals() < 0)
        return -1;
    st->save = PyEval_SaveThread();
    return 0;
}

/* ---- the module -------------------------------------------------------------------- */

/* The module's state: the walks' memos (grid.h) and the table of canonical games. */
typedef struct {
    grid_state grid;
    canon_table canon;
} core_state;

static core_state *state_of(PyObject *mod)
{
    return (core_state *)PyModule_GetState(mod);
}

grid_state *grid_state_of(PyObject *self)
{
    return &state_of(self)->grid;
}

canon_table *canon_table_of(PyObject *self)
{
    return &state_of(self)->canon;
}

static int core_traverse(PyObject *mod, visitproc visit, void *arg)
{
    core_state *st = state_of(mod);
    return st == NULL ? 0 : canon_state_traverse(&st->canon, visit, arg);
}

static int core_clear(PyObject *mod)
{
    core_state *st = state_of(mod);
    if (st != NULL)
        canon_state_clear(&st->canon);
    return 0;
}

static void core_free(void *mod)
{
    core_state *st = state_of((PyObject *)mod);
    if (st == NULL)
        return;
    grid_state_free(&st->grid);
    canon_state_free(&st->canon);
}

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    "grundy._core",
    "grundy's compiled inner loops (C). Use them through grundy.kernels, which checks\n"
    "input and holds a pure-Python twin of every function.",
    sizeof(core_state),
    NULL, /* the subjects' functions are added by PyInit__core */
    NULL,
    core_traverse,
    core_clear,
    core_free,
};

PyMODINIT_FUNC PyInit__core(void)
{
    size_t i;
    PyObject *mod = PyModule_Create(&core_module);
    if (mod == NULL)
        return NULL;
    for (i = 0; i < NSUBJECTS; i++) {
        if (PyModule_AddFunctions(mod, SUBJECTS[i]) < 0) {
            Py_DECREF(mod);
            return NULL;
        }
    }
    if (canon_state_init(canon_table_of(mod)) < 0
        || PyModule_AddIntConstant(mod, "CHECK_EVERY", (long)GRUNDY_CHECK_EVERY) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
