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

/* Walks that keep the GIL report their work to a Python callable tick(steps) every
 * GRUNDY_TICK steps or so, and once at the end; tick may raise to stop the walk (bounds,
 * deadlines). grundy_call_tick returns -1 when it raised. */
#define GRUNDY_TICK ((int64_t)1 << 14)
int grundy_call_tick(PyObject *tick, int64_t steps);

extern PyMethodDef GRUNDY_HEAP_METHODS[];
extern PyMethodDef GRUNDY_PERIOD_METHODS[];
extern PyMethodDef GRUNDY_HACKENBUSH_METHODS[];
extern PyMethodDef GRUNDY_QUOTIENT_METHODS[];
extern PyMethodDef GRUNDY_QUOTIENT_REFINE_METHODS[];

/* ---- canon_*.c: the hash-consed table of canonical short games ----------------------
 *
 * A canonical game is an int id (0 is the game 0); equal ids are equal values. The table
 * lives in the module's state (canon_state.h): canon_table_of(module) finds it, and every
 * function takes it. Every function needs the GIL held and returns -1 with a Python
 * exception set on failure (a time limit, a value past the bounds, no memory). Numbers
 * are fixed-point int64 values: x * 2^CANON_FRAC_BITS, |x| <= CANON_MAX_INTEGER.
 * Options passed to canon_make need not be sorted nor distinct; they must be ids of the
 * table (0 <= id < canon_size()). A caller that holds ids across a call out to Python
 * (a walk's progress callback) marks itself busy (canon_busy_begin/end, which nest): the
 * table is then never reset nor compacted under it. */
#define CANON_FRAC_BITS 44
#define CANON_MAX_INTEGER 100000
#define CANON_MAX_NIMBER 256
#define CANON_MAX_UPS 256
typedef struct canon_table canon_table;
canon_table *canon_table_of(PyObject *module); /* the table of the module (module.c) */
int canon_make(canon_table *t, const int *L, int nl, const int *R, int nr); /* {L | R} */
int canon_le(canon_table *t, int a, int b);      /* 1 when a <= b, 0 when not */
int canon_add(canon_table *t, int a, int b);     /* a + b */
int canon_neg(canon_table *t, int a);            /* -a */
int canon_integer(canon_table *t, int64_t n);    /* the integer n */
int canon_dyadic(canon_table *t, int64_t fixed); /* the number fixed / 2^CANON_FRAC_BITS */
int canon_size(canon_table *t);                  /* how many ids the table holds */
void canon_busy_begin(canon_table *t);
void canon_busy_end(canon_table *t);

extern PyMethodDef GRUNDY_CANON_METHODS[];

#endif
