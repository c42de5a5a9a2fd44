/* Shared helpers of grundy's compiled core (the extension module grundy._core).
 *
 * Every subject file (heap.c, period.c, hackenbush.c, ...) includes this header,
 * defines its functions and exports one method table, GRUNDY_<SUBJECT>_METHODS,
 * which module.c joins into the module's table. Adding a file: see module.c.
 *
 * Portable C99 (GCC, Clang, MSVC): no variable-length arrays, no GCC extensions.
 */
#ifndef GRUNDY_CORE_H
#define GRUNDY_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An array argument: a C-contiguous buffer of fixed-width integers. */
typedef struct {
    Py_buffer view;
    int held;          /* 1 when view must be released */
    void *data;
    Py_ssize_t len;    /* number of items */
    char kind;         /* 'i' signed, 'u' unsigned, 'b' bool */
    Py_ssize_t itemsize;
} grundy_array;

/* Take a buffer from obj: kind 'i', 'u' or 'b' (or 0 for any integer kind), itemsize
 * (0 for any), writable or not. On failure sets a TypeError/ValueError naming `what`
 * and returns -1. */
int grundy_get_array(PyObject *obj, grundy_array *out, char kind, Py_ssize_t itemsize,
                     int writable, const char *what);
void grundy_release(grundy_array *arr);

/* 0 when no array of arrs[0:nwritable] (the ones written to) shares a byte with any other
 * array of arrs[0:count] (NULL entries skipped); else -1 with ValueError set. */
int grundy_disjoint(grundy_array *const *arrs, int nwritable, int count);

/* Read item i of an integer array of any supported width as int64_t. */
int64_t grundy_item(const grundy_array *arr, Py_ssize_t i);

/* malloc of count * size bytes, zeroed; NULL with MemoryError set (GIL held) when the
 * size overflows or memory runs out. */
void *grundy_calloc(Py_ssize_t count, Py_ssize_t size);

/* Long loops release the GIL and every GRUNDY_CHECK_EVERY steps of work take it back
 * to run Python's signal handlers (Ctrl-C): GRUNDY_CHECK(state) returns -1 when a
 * handler raised. */
#define GRUNDY_CHECK_EVERY ((int64_t)1 << 26)

typedef struct {
    PyThreadState *save;
    int64_t work;
} grundy_nogil;

#define GRUNDY_NOGIL_BEGIN(st) do { (st).work = 0; (st).save = PyEval_SaveThread(); } while (0)
#define GRUNDY_NOGIL_END(st) do { PyEval_RestoreThread((st).save); } while (0)
/* Count `steps` of work; every GRUNDY_CHECK_EVERY steps check signals (GIL retaken
 * briefly). Evaluates to -1 when a signal handler raised (the GIL is then held). */
int grundy_nogil_tick(grundy_nogil *st, int64_t steps);

extern PyMethodDef GRUNDY_HEAP_METHODS[];
extern PyMethodDef GRUNDY_PERIOD_METHODS[];
extern PyMethodDef GRUNDY_HACKENBUSH_METHODS[];
extern PyMethodDef GRUNDY_QUOTIENT_METHODS[];
extern PyMethodDef GRUNDY_GRID_METHODS[];

#endif
