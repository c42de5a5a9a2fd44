/* canon_guard.c: the table of canonical games in the module's state, and its guard (see
 * canon_state.h): one thread at a time runs table code, and the table is never reset,
 * compacted or reconfigured under a computation in flight or a hold of another thread. */
#include "canon_impl.h"

/* ---- the module's state ------------------------------------------------------------------ */

int canon_state_init(canon_table *t)
{
    t->lock = PyThread_allocate_lock();
    if (t->lock == NULL) {
        PyErr_NoMemory();
        return -1;
    }
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
    free(t->nodes);
    free(t->cold);
    free(t->pool);
    free(t->index);
    free(t->nus);
    free(t->le);
    free(t->add);
    free(t->holders);
    if (t->lock != NULL)
        PyThread_free_lock(t->lock);
    memset(t, 0, sizeof *t);
}

/* ---- the lock ------------------------------------------------------------------------------ */

static int take(canon_table *t, unsigned long me)
{
    if (t->lock == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the table of canonical games has no lock");
        return -1;
    }
    if (t->locked && t->owner == me) {
        PyErr_SetString(PyExc_RuntimeError,
                        "the table of canonical games was entered again by the thread "
                        "running it");
        return -1;
    }
    if (!PyThread_acquire_lock(t->lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(t->lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
    t->locked = 1;
    t->owner = me;
    return 0;
}

int canon_enter(canon_table *t)
{
    t->busy++; /* first: while it waits for the lock, no reset may slip in */
    if (take(t, PyThread_get_thread_ident()) < 0) {
        t->busy--;
        return -1;
    }
    return 0;
}

void canon_leave(canon_table *t)
{
    t->busy--;
    canon_let_go(t);
}

void canon_let_go(canon_table *t)
{
    t->locked = 0;
    PyThread_release_lock(t->lock);
}

int canon_take_back(canon_table *t)
{
    return take(t, PyThread_get_thread_ident()); /* on failure this thread holds it already */
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
