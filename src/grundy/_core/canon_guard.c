/* canon_guard.c: the table of canonical games in the module's state, and its guard (see
 * canon_state.h): one thread at a time runs table code, and the table is never reset,
 * compacted or reconfigured under a computation in flight or a hold of another thread. */
#include "canon_impl.h"

/* ---- the module's state ------------------------------------------------------------------ */

int canon_state_init(canon_table *t)
{
    memset(t, 0, sizeof *t);
    return 0;
}

int canon_state_traverse(canon_table *t, visitproc visit, void *arg)
{
    Py_VISIT(t->check);
    Py_VISIT(t->unsupported);
    Py_VISIT(t->to_fraction);
    Py_VISIT(t->fractions);
    Py_VISIT(t->full_error);
    return 0;
}

void canon_state_clear(canon_table *t)
{
    Py_CLEAR(t->check);
    Py_CLEAR(t->unsupported);
    Py_CLEAR(t->to_fraction);
    Py_CLEAR(t->fractions);
    Py_CLEAR(t->full_error);
}

void canon_state_free(canon_table *t)
{
    canon_state_clear(t);
    free_arrays(t);
    free(t->holders);
    memset(t, 0, sizeof *t);
}

/* ---- the lock (the fast path: canon_impl.h) ------------------------------------------------ */

/* The lock is a flag and its owner, read and written with the GIL held (so each test and set
 * is atomic: the module does not declare itself free-threaded, so the GIL is always on);
 * an OS lock cost as much again as a comparison answered at once (32 -> 65 ns a call). */
int canon_wait_(canon_table *t, unsigned long me)
{
    if (t->owner == me) {
        PyErr_SetString(PyExc_RuntimeError,
                        "the table of canonical games was entered again by the thread "
                        "running it");
        return -1;
    }
    /* Another thread runs table code and ran Python code without letting go (only the
     * collector can, from an allocation on an error path): it gets the GIL until it is
     * done. */
    while (t->locked) {
        Py_BEGIN_ALLOW_THREADS
        Py_END_ALLOW_THREADS
    }
    t->locked = 1;
    t->owner = me;
    return 0;
}

void canon_busy_begin(canon_table *t)
{
    t->busy++;
}

void canon_busy_end(canon_table *t)
{
    t->busy--;
}

/* ---- holds (grundy.cgt._table.shared) and changes ------------------------------------- */

int canon_hold(canon_table *t)
{
    unsigned long me = PyThread_get_thread_ident();
    int64_t i;
    for (i = 0; i < t->nholders; i++) {
        if (t->holders[i].thread == me) {
            t->holders[i].n++;
            return 0;
        }
    }
    if (grow((void **)&t->holders, &t->holders_cap, t->nholders + 1, sizeof(canon_holder)) < 0)
        return -1;
    t->holders[t->nholders].thread = me;
    t->holders[t->nholders].n = 1;
    t->nholders++;
    return 0;
}

int canon_release(canon_table *t)
{
    unsigned long me = PyThread_get_thread_ident();
    int64_t i;
    for (i = 0; i < t->nholders; i++) {
        if (t->holders[i].thread == me) {
            if (--t->holders[i].n == 0)
                t->holders[i] = t->holders[--t->nholders];
            return 0;
        }
    }
    PyErr_SetString(PyExc_RuntimeError, "canon_release: this thread holds no table");
    return -1;
}

int canon_refuse_change(canon_table *t, const char *what)
{
    unsigned long me = PyThread_get_thread_ident();
    int64_t i;
    if (t->busy > 0 || t->locked) {
        PyErr_Format(PyExc_RuntimeError,
                     "the table of canonical games is in use by a computation: no %s now", what);
        return -1;
    }
    for (i = 0; i < t->nholders; i++) {
        if (t->holders[i].thread != me) {
            PyErr_Format(PyExc_RuntimeError,
                         "the table of canonical games is held by another thread: no %s now",
                         what);
            return -1;
        }
    }
    return 0;
}
