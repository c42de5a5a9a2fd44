/* canon_py.c: the Python interface of the table of canonical games
 * (grundy/cgt/_ctable.py; the table is canon_table.c's, see its notes). */
#include "canon_impl.h"

/* ---- the Python interface (grundy/cgt/_ctable.py) ------------------------------------------ */

static int id_arg(canon_table *t, PyObject *o, int32_t *out)
{
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (!valid(t, v))
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* the ids of an iterable into an ilist */
static int ids_of(canon_table *t, PyObject *seq, ilist *out)
{
    PyObject *it = PyObject_GetIter(seq), *item;
    if (it == NULL)
        return -1;
    while ((item = PyIter_Next(it)) != NULL) {
        int32_t v;
        int bad = id_arg(t, item, &v) < 0 || ilist_push(out, v) < 0;
        Py_DECREF(item);
        if (bad) {
            Py_DECREF(it);
            return -1;
        }
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *id_result(int64_t r)
{
    return r < 0 ? NULL : PyLong_FromLongLong(r);
}

static PyObject *py_canon_configure(PyObject *self, PyObject *args)
{
    canon_table *t = canon_table_of(self);
    PyObject *check, *unsupported, *to_fraction;
    if (!PyArg_ParseTuple(args, "OOO", &check, &unsupported, &to_fraction)
        || canon_refuse_change(t, "new configuration") < 0)
        return NULL;
    Py_CLEAR(t->check);
    Py_CLEAR(t->unsupported);
    Py_CLEAR(t->to_fraction);
    Py_CLEAR(t->fractions);
    if (check != Py_None) {
        Py_INCREF(check);
        t->check = check;
    }
    Py_INCREF(unsupported);
    t->unsupported = unsupported;
    Py_INCREF(to_fraction);
    t->to_fraction = to_fraction;
    t->fractions = PyDict_New();
    if (t->fractions == NULL)
        return NULL;
    return Py_BuildValue("iiiii", FRAC, CANON_MAX_INTEGER, CANON_MAX_NIMBER, CANON_MAX_UPS,
                         MAX_DEPTH);
}

/* the Fraction of a fixed-point number (remembered: few distinct numbers) */
static PyObject *fraction_of(canon_table *t, int64_t x)
{
    PyObject *key, *found;
    if (t->to_fraction == NULL || t->fractions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "canon_configure was not called");
        return NULL;
    }
    key = PyLong_FromLongLong(x);
    if (key == NULL)
        return NULL;
    found = PyDict_GetItemWithError(t->fractions, key);
    if (found != NULL) {
        Py_DECREF(key);
        Py_INCREF(found);
        return found;
    }
    if (PyErr_Occurred() || PyDict_Size(t->fractions) > 100000) {
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return NULL;
        }
        PyDict_Clear(t->fractions);
    }
    {
        PyObject *convert = t->to_fraction; /* a call out: the configuration may change */
        Py_INCREF(convert);
        found = PyObject_CallOneArg(convert, key);
        Py_DECREF(convert);
    }
    if (found != NULL && t->fractions != NULL && PyDict_SetItem(t->fractions, key, found) < 0)
        Py_CLEAR(found);
    Py_DECREF(key);
    return found;
}

static PyObject *py_canon_reset(PyObject *self, PyObject *noargs)
{
    canon_table *t = canon_table_of(self);
    int bad;
    (void)noargs;
    if (canon_refuse_change(t, "reset") < 0 || canon_enter(t) < 0)
        return NULL;
    bad = reset_table(t);
    canon_leave(t);
    if (bad < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_canon_clear_memos(PyObject *self, PyObject *noargs)
{
    canon_table *t = canon_table_of(self);
    int64_t i;
    (void)noargs;
    if (canon_enter(t) < 0)
        return NULL;
    if (t->le)
        memset(t->le, 0, (size_t)t->le_cap * sizeof(le_slot));
    if (t->add)
        memset(t->add, 0, (size_t)t->add_cap * sizeof(add_slot));
    for (i = 0; i < t->count; i++)
        t->nodes[i].neg = -1;
    canon_leave(t);
    Py_RETURN_NONE;
}

/* Keep only the games reachable from `roots` (and zero), renumbered in their order (so the
 * table stays topological and option lists stay sorted); the memos are emptied and the
 * arrays shrunk. map[old id] is the new id, or -1 for a game dropped. */
static int compact_table(canon_table *t, const int32_t *roots, int64_t nroots, int32_t *map)
{
    int64_t n = t->count, i, k, m = 0, at = 0, cap;
    uint8_t *mark = (uint8_t *)calloc((size_t)(n ? n : 1), 1);
    if (mark == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    mark[0] = 1;
    for (k = 0; k < nroots; k++) {
        if (!valid(t, roots[k])) {
            free(mark);
            return -1;
        }
        mark[roots[k]] = 1;
    }
    for (i = n - 1; i > 0; i--) /* options have smaller ids */
        if (mark[i])
            for (k = 0; k < NODE(i).ln + NODE(i).rn; k++)
                mark[t->pool[NODE(i).lo + k]] = 1;
    for (i = 0; i < n; i++)
        map[i] = mark[i] ? (int32_t)m++ : -1;
    free(mark);
    for (i = 0; i < n; i++) { /* in place: new places and offsets are never above old ones */
        node g;
        int64_t j = map[i], nopt;
        if (j < 0)
            continue;
        g = t->nodes[i];
        nopt = (int64_t)g.ln + g.rn;
        for (k = 0; k < nopt; k++)
            t->pool[at + k] = map[t->pool[g.lo + k]];
        g.lo = at;
        g.neg = g.neg >= 0 ? map[g.neg] : -1;
        t->nodes[j] = g;
        t->cold[j].shash = t->cold[i].shash;
        t->cold[j].ihash = lists_hash(t->pool + at, g.ln, t->pool + at + g.ln, g.rn);
        at += nopt;
    }
    t->count = m;
    t->pool_len = at;
    /* shrink (a failed realloc keeps the bigger block) */
    for (cap = 64; cap < m; cap *= 2)
        ;
    if (cap < t->cap) {
        node *p = (node *)realloc(t->nodes, (size_t)cap * sizeof(node));
        if (p != NULL) {
            t->nodes = p;
            t->cap = cap;
        }
    }
    if (cap < t->cold_cap) {
        cold *p = (cold *)realloc(t->cold, (size_t)cap * sizeof(cold));
        if (p != NULL) {
            t->cold = p;
            t->cold_cap = cap;
        }
    }
    for (cap = 64; cap < at; cap *= 2)
        ;
    if (cap < t->pool_cap) {
        int32_t *p = (int32_t *)realloc(t->pool, (size_t)cap * sizeof(int32_t));
        if (p != NULL) {
            t->pool = p;
            t->pool_cap = cap;
        }
    }
    for (cap = 1024; cap < (m + 1) * 2; cap *= 2)
        ;
    if (index_build(t, cap) < 0)
        return -1;
    free(t->nus);
    t->nus = NULL;
    t->nus_cap = t->nus_count = 0;
    for (i = 0; i < m; i++)
        if (NODE(i).is_nus && nus_find(t, NODE(i).x, NODE(i).ups, NODE(i).star) < 0
            && nus_add(t, NODE(i).x, NODE(i).ups, NODE(i).star, (int32_t)i) < 0)
            return -1;
    free(t->le);
    free(t->add);
    t->le = NULL;
    t->add = NULL;
    t->le_cap = t->add_cap = 0;
    t->compactions++;
    return resize_caches(t);
}

static PyObject *py_canon_compact(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    Py_buffer buf;
    PyObject *out;
    int bad;
    if (ready(t) < 0)
        return NULL;
    if (PyObject_GetBuffer(arg, &buf, PyBUF_SIMPLE) < 0)
        return NULL;
    if (buf.len % (Py_ssize_t)sizeof(int32_t) != 0) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "canon_compact: int32 ids expected");
        return NULL;
    }
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(t->count * (int64_t)sizeof(int32_t)));
    if (out == NULL) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    /* checked last: nothing from here on calls out to Python */
    if (PyBytes_GET_SIZE(out) != (Py_ssize_t)(t->count * (int64_t)sizeof(int32_t))) {
        PyErr_SetString(PyExc_RuntimeError, "canon_compact: the table changed meanwhile");
        bad = -1;
    } else if (canon_refuse_change(t, "compaction") < 0 || canon_enter(t) < 0) {
        bad = -1;
    } else {
        bad = compact_table(t, (const int32_t *)buf.buf,
                            (int64_t)(buf.len / (Py_ssize_t)sizeof(int32_t)),
                            (int32_t *)PyBytes_AS_STRING(out));
        canon_leave(t);
    }
    PyBuffer_Release(&buf);
    if (bad < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *py_canon_hold(PyObject *self, PyObject *noargs)
{
    (void)noargs;
    if (canon_hold(canon_table_of(self)) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_canon_release(PyObject *self, PyObject *noargs)
{
    (void)noargs;
    if (canon_release(canon_table_of(self)) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_canon_guard(PyObject *self, PyObject *noargs)
{
    canon_table *t = canon_table_of(self);
    int64_t i, held = 0, mine = 0;
    unsigned long me = PyThread_get_thread_ident();
    (void)noargs;
    for (i = 0; i < t->nholders; i++) {
        held += t->holders[i].n;
        if (t->holders[i].thread == me)
            mine = t->holders[i].n;
    }
    return Py_BuildValue("{sLsLsLsi}", "busy", (long long)t->busy, "held", (long long)held,
                         "held_here", (long long)mine, "locked", t->locked);
}

static PyObject *py_canon_set_limit(PyObject *self, PyObject *args)
{
    canon_table *t = canon_table_of(self);
    long long limit;
    PyObject *error;
    if (!PyArg_ParseTuple(args, "LO", &limit, &error))
        return NULL;
    Py_XDECREF(t->full_error);
    t->full_error = NULL;
    if (error != Py_None) {
        Py_INCREF(error);
        t->full_error = error;
    }
    t->limit = limit > 0 ? limit : 0;
    Py_RETURN_NONE;
}

static PyObject *py_canon_size(PyObject *self, PyObject *noargs)
{
    canon_table *t = canon_table_of(self);
    (void)noargs;
    return id_result(canon_size(t));
}

static PyObject *py_canon_stats(PyObject *self, PyObject *noargs)
{
    canon_table *t = canon_table_of(self);
    (void)noargs;
    if (ready(t) < 0)
        return NULL;
    return Py_BuildValue(
        "{sLsLsLsLsLsLsLsLsLsL}", "ids", (long long)t->count, "limit", (long long)t->limit,
        "compactions", (long long)t->compactions, "option_ints", (long long)t->pool_len,
        "bytes",
        (long long)(t->cap * (int64_t)sizeof(node) + t->cold_cap * (int64_t)sizeof(cold) + t->pool_cap * 4 + t->index_cap * 4
                    + t->nus_cap * (int64_t)sizeof(nus_slot) + t->le_cap * (int64_t)sizeof(le_slot)
                    + t->add_cap * (int64_t)sizeof(add_slot)),
        "le_hits", (long long)t->le_hits, "le_misses", (long long)t->le_misses, "add_hits",
        (long long)t->add_hits, "add_misses", (long long)t->add_misses, "makes",
        (long long)t->makes);
}

static PyObject *py_canon_intern(PyObject *self, PyObject *args)
{
    canon_table *t = canon_table_of(self);
    PyObject *lo, *ro;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t r = -1, k;
    if (!PyArg_ParseTuple(args, "OO", &lo, &ro) || ready(t) < 0)
        return NULL;
    if (ids_of(t, lo, &L) < 0 || ids_of(t, ro, &R) < 0)
        goto done;
    for (k = 1; k < L.n + R.n; k++) {
        if (k == L.n)
            continue;
        if (k < L.n ? L.v[k - 1] >= L.v[k] : R.v[k - L.n - 1] >= R.v[k - L.n]) {
            PyErr_SetString(PyExc_ValueError, "intern: options must be sorted ids, each once");
            goto done;
        }
    }
    if (canon_enter(t) < 0)
        goto done;
    for (k = 0; k < L.n + R.n; k++) /* again: reading the lists ran Python code */
        if (!valid(t, k < L.n ? L.v[k] : R.v[k - L.n]))
            break;
    if (k == L.n + R.n)
        r = intern(t, L.v, L.n, R.v, R.n);
    canon_leave(t);
done:
    free(L.v);
    free(R.v);
    return id_result(r);
}

/* int and int32_t are the same type here (canon_make takes int arrays) */
typedef char canon_int_is_32_bits[(sizeof(int) == sizeof(int32_t)) ? 1 : -1];

static PyObject *py_canon_make(PyObject *self, PyObject *args)
{
    canon_table *t = canon_table_of(self);
    PyObject *lo, *ro;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t r = -1;
    if (!PyArg_ParseTuple(args, "OO", &lo, &ro) || ready(t) < 0)
        return NULL;
    if (ids_of(t, lo, &L) < 0 || ids_of(t, ro, &R) < 0)
        goto done;
    if (L.n > INT_MAX || R.n > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "make: too many options");
        goto done;
    }
    r = canon_make(t, (const int *)L.v, (int)L.n, (const int *)R.v, (int)R.n);
done:
    free(L.v);
    free(R.v);
    return id_result(r);
}

static PyObject *py_canon_integer(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    long long n = PyLong_AsLongLong(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    return id_result(canon_integer(t, n));
}

/* two ids of a fast call */
static int two_ids(PyObject *const *args, Py_ssize_t nargs, const char *name, int *a, int *b)
{
    long x, y;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s takes two ids (%zd given)", name, nargs);
        return -1;
    }
    x = PyLong_AsLong(args[0]);
    if (x == -1 && PyErr_Occurred())
        return -1;
    y = PyLong_AsLong(args[1]);
    if (y == -1 && PyErr_Occurred())
        return -1;
    if (x < INT_MIN || x > INT_MAX || y < INT_MIN || y > INT_MAX) {
        PyErr_Format(PyExc_IndexError, "%s: an id is out of range", name);
        return -1;
    }
    *a = (int)x;
    *b = (int)y;
    return 0;
}

static PyObject *py_canon_le(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    canon_table *t = canon_table_of(self);
    int a, b, r;
    if (two_ids(args, nargs, "canon_le", &a, &b) < 0)
        return NULL;
    r = canon_le(t, a, b);
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

static PyObject *py_canon_add(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    canon_table *t = canon_table_of(self);
    int a, b;
    if (two_ids(args, nargs, "canon_add", &a, &b) < 0)
        return NULL;
    return id_result(canon_add(t, a, b));
}

static PyObject *py_canon_neg(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return id_result(canon_neg(t, a));
}

static PyObject *py_canon_dyadic(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    long long x = PyLong_AsLongLong(arg);
    if (x == -1 && PyErr_Occurred())
        return NULL;
    return id_result(canon_dyadic(t, x));
}

static PyObject *py_canon_nus(PyObject *self, PyObject *args)
{
    canon_table *t = canon_table_of(self);
    long long x;
    int n, m;
    int64_t r;
    if (!PyArg_ParseTuple(args, "Lii", &x, &n, &m) || ready(t) < 0)
        return NULL;
    if (m < 0) {
        PyErr_SetString(PyExc_ValueError, "nus: a nimber *m needs m >= 0");
        return NULL;
    }
    if (canon_enter(t) < 0)
        return NULL;
    r = nus_id(t, x, n, m);
    canon_leave(t);
    return id_result(r);
}

static PyObject *side_tuple(canon_table *t, int32_t a, int right)
{
    int64_t k, n = right ? NODE(a).rn : NODE(a).ln;
    PyObject *tup = PyTuple_New((Py_ssize_t)n);
    if (tup == NULL)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *v;
        /* an allocation may run Python code (the collector), and another thread with it:
         * the table is read again each time, and a reset meanwhile is caught */
        if (!valid(t, a) || (right ? NODE(a).rn : NODE(a).ln) != n) {
            Py_DECREF(tup);
            return NULL;
        }
        v = PyLong_FromLong(right ? ROPT(a, k) : LOPT(a, k));
        if (v == NULL) {
            Py_DECREF(tup);
            return NULL;
        }
        PyTuple_SET_ITEM(tup, (Py_ssize_t)k, v);
    }
    return tup;
}

static PyObject *py_canon_left(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return side_tuple(t, a, 0);
}

static PyObject *py_canon_right(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return side_tuple(t, a, 1);
}

/* (number or None, (x, n, m) or None, birthday, lstop, rstop, shash); numbers fixed point */
static PyObject *py_canon_tags(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    node copy; /* a copy: allocations below may run other threads, which may grow the table */
    const node *g = &copy;
    int64_t shash;
    PyObject *num, *nus, *r;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    copy = t->nodes[a];
    shash = t->cold[a].shash;
    if (g->is_number) {
        num = PyLong_FromLongLong(g->x);
    } else {
        num = Py_None;
        Py_INCREF(num);
    }
    if (num == NULL)
        return NULL;
    if (g->is_nus) {
        nus = Py_BuildValue("(Lii)", (long long)g->x, (int)g->ups, (int)g->star);
    } else {
        nus = Py_None;
        Py_INCREF(nus);
    }
    if (nus == NULL) {
        Py_DECREF(num);
        return NULL;
    }
    r = Py_BuildValue("(NNiLLL)", num, nus, (int)g->birthday, (long long)g->lstop,
                      (long long)g->rstop, (long long)shash);
    return r;
}

static PyObject *py_canon_birthday(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return PyLong_FromLong(t->nodes[a].birthday);
}

static PyObject *py_canon_shash(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return PyLong_FromLongLong(t->cold[a].shash);
}

static PyObject *py_canon_number_of(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    if (!t->nodes[a].is_number)
        Py_RETURN_NONE;
    return fraction_of(t, t->nodes[a].x);
}

static PyObject *py_canon_nus_of(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    if (!t->nodes[a].is_nus)
        Py_RETURN_NONE;
    {
        int ups = t->nodes[a].ups, star = t->nodes[a].star; /* read before the call out */
        return Py_BuildValue("(Nii)", fraction_of(t, t->nodes[a].x), ups, star);
    }
}

static PyObject *py_canon_lstop(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return fraction_of(t, t->nodes[a].lstop);
}

static PyObject *py_canon_rstop(PyObject *self, PyObject *arg)
{
    canon_table *t = canon_table_of(self);
    int32_t a;
    if (ready(t) < 0 || id_arg(t, arg, &a) < 0)
        return NULL;
    return fraction_of(t, t->nodes[a].rstop);
}

PyMethodDef GRUNDY_CANON_METHODS[] = {
    {"canon_configure", py_canon_configure, METH_VARARGS,
     "canon_configure(check, unsupported_error, to_fraction) -> (frac_bits, max_integer, max_nimber, "
     "max_ups, max_depth)"},
    {"canon_reset", py_canon_reset, METH_NOARGS, "Empty the table (only 0 is made again)."},
    {"canon_clear_memos", py_canon_clear_memos, METH_NOARGS, "Forget memoised answers."},
    {"canon_size", py_canon_size, METH_NOARGS, "How many ids the table holds."},
    {"canon_compact", py_canon_compact, METH_O,
     "canon_compact(int32 roots) -> int32 bytes: keep the games reachable from roots, renumbered; "
     "the new id of each old one (-1: dropped)."},
    {"canon_hold", py_canon_hold, METH_NOARGS,
     "canon_hold(): this thread holds ids (no reset nor compaction from another thread)."},
    {"canon_release", py_canon_release, METH_NOARGS, "canon_release(): undo one canon_hold()."},
    {"canon_guard", py_canon_guard, METH_NOARGS,
     "canon_guard() -> {busy, held, held_here, locked}: the guard's counts."},
    {"canon_set_limit", py_canon_set_limit, METH_VARARGS,
     "canon_set_limit(most_ids, error_class): past most_ids (0: none) making a game raises "
     "error_class(most_ids)."},
    {"canon_stats", py_canon_stats, METH_NOARGS, "Sizes and cache counters of the table."},
    {"canon_intern", py_canon_intern, METH_VARARGS, "canon_intern(lefts, rights): id of a canonical {L|R}."},
    {"canon_make", py_canon_make, METH_VARARGS, "canon_make(t, lefts, rights): id of the canonical form."},
    {"canon_le", (PyCFunction)(void (*)(void))py_canon_le, METH_FASTCALL, "canon_le(t, a, b): a <= b."},
    {"canon_add", (PyCFunction)(void (*)(void))py_canon_add, METH_FASTCALL, "canon_add(t, a, b): id of a + b."},
    {"canon_neg", py_canon_neg, METH_O, "canon_neg(t, a): id of -a."},
    {"canon_dyadic", py_canon_dyadic, METH_O, "canon_dyadic(t, fixed): id of fixed / 2^44."},
    {"canon_integer", py_canon_integer, METH_O, "canon_integer(t, n): id of the integer n."},
    {"canon_nus_id", py_canon_nus, METH_VARARGS, "canon_nus_id(fixed_x, n, m): id of x + n.^ + *m."},
    {"canon_left", py_canon_left, METH_O, "canon_left(a): Left's options of a (tuple of ids)."},
    {"canon_right", py_canon_right, METH_O, "canon_right(a): Right's options of a."},
    {"canon_tags", py_canon_tags, METH_O,
     "canon_tags(a): (number, nus, birthday, lstop, rstop, shash), numbers fixed point."},
    {"canon_birthday", py_canon_birthday, METH_O, "canon_birthday(a): its birthday."},
    {"canon_shash", py_canon_shash, METH_O, "canon_shash(a): its structural hash."},
    {"canon_number_of", py_canon_number_of, METH_O, "canon_number_of(a): a Fraction, or None."},
    {"canon_nus_of", py_canon_nus_of, METH_O, "canon_nus_of(a): (x, n, m) of x + n.^ + *m, or None."},
    {"canon_lstop", py_canon_lstop, METH_O, "canon_lstop(a): Left's stop (a Fraction)."},
    {"canon_rstop", py_canon_rstop, METH_O, "canon_rstop(a): Right's stop (a Fraction)."},
    {NULL, NULL, 0, NULL},
};
