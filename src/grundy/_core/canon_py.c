/* canon_py.c: the Python interface of the table of canonical games
 * (grundy/cgt/_ctable.py; the table is canon_table.c's, see its notes). */
#include "canon_impl.h"

/* ---- the Python interface (grundy/cgt/_ctable.py) ------------------------------------------ */

static int id_arg(PyObject *o, int32_t *out)
{
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (!valid(v))
        return -1;
    *out = (int32_t)v;
    return 0;
}

/* the ids of an iterable into an ilist */
static int ids_of(PyObject *seq, ilist *out)
{
    PyObject *it = PyObject_GetIter(seq), *item;
    if (it == NULL)
        return -1;
    while ((item = PyIter_Next(it)) != NULL) {
        int32_t v;
        int bad = id_arg(item, &v) < 0 || ilist_push(out, v) < 0;
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
    PyObject *check, *unsupported, *to_fraction;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOO", &check, &unsupported, &to_fraction))
        return NULL;
    Py_CLEAR(T.check);
    Py_CLEAR(T.unsupported);
    Py_CLEAR(T.to_fraction);
    Py_CLEAR(T.fractions);
    if (check != Py_None) {
        Py_INCREF(check);
        T.check = check;
    }
    Py_INCREF(unsupported);
    T.unsupported = unsupported;
    Py_INCREF(to_fraction);
    T.to_fraction = to_fraction;
    T.fractions = PyDict_New();
    if (T.fractions == NULL)
        return NULL;
    return Py_BuildValue("iiiii", FRAC, CANON_MAX_INTEGER, CANON_MAX_NIMBER, CANON_MAX_UPS,
                         MAX_DEPTH);
}

/* the Fraction of a fixed-point number (remembered: few distinct numbers) */
static PyObject *fraction_of(int64_t x)
{
    PyObject *key, *found;
    if (T.to_fraction == NULL || T.fractions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "canon_configure was not called");
        return NULL;
    }
    key = PyLong_FromLongLong(x);
    if (key == NULL)
        return NULL;
    found = PyDict_GetItemWithError(T.fractions, key);
    if (found != NULL) {
        Py_DECREF(key);
        Py_INCREF(found);
        return found;
    }
    if (PyErr_Occurred() || PyDict_Size(T.fractions) > 100000) {
        if (PyErr_Occurred()) {
            Py_DECREF(key);
            return NULL;
        }
        PyDict_Clear(T.fractions);
    }
    found = PyObject_CallOneArg(T.to_fraction, key);
    if (found != NULL && PyDict_SetItem(T.fractions, key, found) < 0)
        Py_CLEAR(found);
    Py_DECREF(key);
    return found;
}

static PyObject *py_canon_reset(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    if (T.depth > 0) {
        PyErr_SetString(PyExc_RuntimeError, "the table of canonical games is in use");
        return NULL;
    }
    if (reset_table() < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *py_canon_clear_memos(PyObject *self, PyObject *noargs)
{
    int64_t i;
    (void)self;
    (void)noargs;
    if (T.le)
        memset(T.le, 0, (size_t)T.le_cap * sizeof(le_slot));
    if (T.add)
        memset(T.add, 0, (size_t)T.add_cap * sizeof(add_slot));
    for (i = 0; i < T.count; i++)
        T.nodes[i].neg = -1;
    Py_RETURN_NONE;
}

/* Keep only the games reachable from `roots` (and zero), renumbered in their order (so the
 * table stays topological and option lists stay sorted); the memos are emptied and the
 * arrays shrunk. map[old id] is the new id, or -1 for a game dropped. */
static int compact_table(const int32_t *roots, int64_t nroots, int32_t *map)
{
    int64_t n = T.count, i, k, m = 0, at = 0, cap;
    uint8_t *mark = (uint8_t *)calloc((size_t)(n ? n : 1), 1);
    if (mark == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    mark[0] = 1;
    for (k = 0; k < nroots; k++) {
        if (!valid(roots[k])) {
            free(mark);
            return -1;
        }
        mark[roots[k]] = 1;
    }
    for (i = n - 1; i > 0; i--) /* options have smaller ids */
        if (mark[i])
            for (k = 0; k < NODE(i).ln + NODE(i).rn; k++)
                mark[T.pool[NODE(i).lo + k]] = 1;
    for (i = 0; i < n; i++)
        map[i] = mark[i] ? (int32_t)m++ : -1;
    free(mark);
    for (i = 0; i < n; i++) { /* in place: new places and offsets are never above old ones */
        node g;
        int64_t j = map[i], nopt;
        if (j < 0)
            continue;
        g = T.nodes[i];
        nopt = (int64_t)g.ln + g.rn;
        for (k = 0; k < nopt; k++)
            T.pool[at + k] = map[T.pool[g.lo + k]];
        g.lo = at;
        g.neg = g.neg >= 0 ? map[g.neg] : -1;
        T.nodes[j] = g;
        T.cold[j].shash = T.cold[i].shash;
        T.cold[j].ihash = lists_hash(T.pool + at, g.ln, T.pool + at + g.ln, g.rn);
        at += nopt;
    }
    T.count = m;
    T.pool_len = at;
    /* shrink (a failed realloc keeps the bigger block) */
    for (cap = 64; cap < m; cap *= 2)
        ;
    if (cap < T.cap) {
        node *p = (node *)realloc(T.nodes, (size_t)cap * sizeof(node));
        if (p != NULL) {
            T.nodes = p;
            T.cap = cap;
        }
    }
    if (cap < T.cold_cap) {
        cold *p = (cold *)realloc(T.cold, (size_t)cap * sizeof(cold));
        if (p != NULL) {
            T.cold = p;
            T.cold_cap = cap;
        }
    }
    for (cap = 64; cap < at; cap *= 2)
        ;
    if (cap < T.pool_cap) {
        int32_t *p = (int32_t *)realloc(T.pool, (size_t)cap * sizeof(int32_t));
        if (p != NULL) {
            T.pool = p;
            T.pool_cap = cap;
        }
    }
    for (cap = 1024; cap < (m + 1) * 2; cap *= 2)
        ;
    if (index_build(cap) < 0)
        return -1;
    free(T.nus);
    T.nus = NULL;
    T.nus_cap = T.nus_count = 0;
    for (i = 0; i < m; i++)
        if (NODE(i).is_nus && nus_find(NODE(i).x, NODE(i).ups, NODE(i).star) < 0
            && nus_add(NODE(i).x, NODE(i).ups, NODE(i).star, (int32_t)i) < 0)
            return -1;
    free(T.le);
    free(T.add);
    T.le = NULL;
    T.add = NULL;
    T.le_cap = T.add_cap = 0;
    T.compactions++;
    return resize_caches();
}

static PyObject *py_canon_compact(PyObject *self, PyObject *arg)
{
    Py_buffer buf;
    PyObject *out;
    int bad;
    (void)self;
    if (ready() < 0)
        return NULL;
    if (T.depth > 0) {
        PyErr_SetString(PyExc_RuntimeError, "the table of canonical games is in use");
        return NULL;
    }
    if (PyObject_GetBuffer(arg, &buf, PyBUF_SIMPLE) < 0)
        return NULL;
    if (buf.len % (Py_ssize_t)sizeof(int32_t) != 0) {
        PyBuffer_Release(&buf);
        PyErr_SetString(PyExc_ValueError, "canon_compact: int32 ids expected");
        return NULL;
    }
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(T.count * (int64_t)sizeof(int32_t)));
    if (out == NULL) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    bad = compact_table((const int32_t *)buf.buf, (int64_t)(buf.len / (Py_ssize_t)sizeof(int32_t)),
                        (int32_t *)PyBytes_AS_STRING(out));
    PyBuffer_Release(&buf);
    if (bad < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *py_canon_set_limit(PyObject *self, PyObject *args)
{
    long long limit;
    PyObject *error;
    (void)self;
    if (!PyArg_ParseTuple(args, "LO", &limit, &error))
        return NULL;
    Py_XDECREF(T.full_error);
    T.full_error = NULL;
    if (error != Py_None) {
        Py_INCREF(error);
        T.full_error = error;
    }
    T.limit = limit > 0 ? limit : 0;
    Py_RETURN_NONE;
}

static PyObject *py_canon_size(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return id_result(canon_size());
}

static PyObject *py_canon_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    if (ready() < 0)
        return NULL;
    return Py_BuildValue(
        "{sLsLsLsLsLsLsLsLsLsL}", "ids", (long long)T.count, "limit", (long long)T.limit,
        "compactions", (long long)T.compactions, "option_ints", (long long)T.pool_len,
        "bytes",
        (long long)(T.cap * (int64_t)sizeof(node) + T.cold_cap * (int64_t)sizeof(cold) + T.pool_cap * 4 + T.index_cap * 4
                    + T.nus_cap * (int64_t)sizeof(nus_slot) + T.le_cap * (int64_t)sizeof(le_slot)
                    + T.add_cap * (int64_t)sizeof(add_slot)),
        "le_hits", (long long)T.le_hits, "le_misses", (long long)T.le_misses, "add_hits",
        (long long)T.add_hits, "add_misses", (long long)T.add_misses, "makes",
        (long long)T.makes);
}

static PyObject *py_canon_intern(PyObject *self, PyObject *args)
{
    PyObject *lo, *ro;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t r = -1, k;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &lo, &ro) || ready() < 0)
        return NULL;
    if (ids_of(lo, &L) < 0 || ids_of(ro, &R) < 0)
        goto done;
    for (k = 1; k < L.n + R.n; k++) {
        if (k == L.n)
            continue;
        if (k < L.n ? L.v[k - 1] >= L.v[k] : R.v[k - L.n - 1] >= R.v[k - L.n]) {
            PyErr_SetString(PyExc_ValueError, "intern: options must be sorted ids, each once");
            goto done;
        }
    }
    T.depth++;
    r = intern(L.v, L.n, R.v, R.n);
    T.depth--;
done:
    free(L.v);
    free(R.v);
    return id_result(r);
}

/* int and int32_t are the same type here (canon_make takes int arrays) */
typedef char canon_int_is_32_bits[(sizeof(int) == sizeof(int32_t)) ? 1 : -1];

static PyObject *py_canon_make(PyObject *self, PyObject *args)
{
    PyObject *lo, *ro;
    ilist L = {NULL, 0, 0}, R = {NULL, 0, 0};
    int64_t r = -1;
    (void)self;
    if (!PyArg_ParseTuple(args, "OO", &lo, &ro) || ready() < 0)
        return NULL;
    if (ids_of(lo, &L) < 0 || ids_of(ro, &R) < 0)
        goto done;
    if (L.n > INT_MAX || R.n > INT_MAX) {
        PyErr_SetString(PyExc_OverflowError, "make: too many options");
        goto done;
    }
    r = canon_make((const int *)L.v, (int)L.n, (const int *)R.v, (int)R.n);
done:
    free(L.v);
    free(R.v);
    return id_result(r);
}

static PyObject *py_canon_integer(PyObject *self, PyObject *arg)
{
    long long n = PyLong_AsLongLong(arg);
    (void)self;
    if (n == -1 && PyErr_Occurred())
        return NULL;
    return id_result(canon_integer(n));
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
    int a, b, r;
    (void)self;
    if (two_ids(args, nargs, "canon_le", &a, &b) < 0)
        return NULL;
    r = canon_le(a, b);
    if (r < 0)
        return NULL;
    return PyBool_FromLong(r);
}

static PyObject *py_canon_add(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    int a, b;
    (void)self;
    if (two_ids(args, nargs, "canon_add", &a, &b) < 0)
        return NULL;
    return id_result(canon_add(a, b));
}

static PyObject *py_canon_neg(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return id_result(canon_neg(a));
}

static PyObject *py_canon_dyadic(PyObject *self, PyObject *arg)
{
    long long x = PyLong_AsLongLong(arg);
    (void)self;
    if (x == -1 && PyErr_Occurred())
        return NULL;
    return id_result(canon_dyadic(x));
}

static PyObject *py_canon_nus(PyObject *self, PyObject *args)
{
    long long x;
    int n, m;
    int64_t r;
    (void)self;
    if (!PyArg_ParseTuple(args, "Lii", &x, &n, &m) || ready() < 0)
        return NULL;
    if (m < 0) {
        PyErr_SetString(PyExc_ValueError, "nus: a nimber *m needs m >= 0");
        return NULL;
    }
    T.depth++;
    r = nus_id(x, n, m);
    T.depth--;
    return id_result(r);
}

static PyObject *side_tuple(int32_t a, int right)
{
    int64_t k, n = right ? NODE(a).rn : NODE(a).ln;
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    if (t == NULL)
        return NULL;
    for (k = 0; k < n; k++) {
        PyObject *v = PyLong_FromLong(right ? ROPT(a, k) : LOPT(a, k));
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)k, v);
    }
    return t;
}

static PyObject *py_canon_left(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return side_tuple(a, 0);
}

static PyObject *py_canon_right(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return side_tuple(a, 1);
}

/* (number or None, (x, n, m) or None, birthday, lstop, rstop, shash); numbers fixed point */
static PyObject *py_canon_tags(PyObject *self, PyObject *arg)
{
    int32_t a;
    const node *g;
    PyObject *num, *nus, *r;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    g = &T.nodes[a];
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
                      (long long)g->rstop, (long long)T.cold[a].shash);
    return r;
}

static PyObject *py_canon_birthday(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return PyLong_FromLong(T.nodes[a].birthday);
}

static PyObject *py_canon_shash(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return PyLong_FromLongLong(T.cold[a].shash);
}

static PyObject *py_canon_number_of(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    if (!T.nodes[a].is_number)
        Py_RETURN_NONE;
    return fraction_of(T.nodes[a].x);
}

static PyObject *py_canon_nus_of(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    if (!T.nodes[a].is_nus)
        Py_RETURN_NONE;
    return Py_BuildValue("(Nii)", fraction_of(T.nodes[a].x), (int)T.nodes[a].ups,
                         (int)T.nodes[a].star);
}

static PyObject *py_canon_lstop(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return fraction_of(T.nodes[a].lstop);
}

static PyObject *py_canon_rstop(PyObject *self, PyObject *arg)
{
    int32_t a;
    (void)self;
    if (ready() < 0 || id_arg(arg, &a) < 0)
        return NULL;
    return fraction_of(T.nodes[a].rstop);
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
    {"canon_set_limit", py_canon_set_limit, METH_VARARGS,
     "canon_set_limit(most_ids, error_class): past most_ids (0: none) making a game raises "
     "error_class(most_ids)."},
    {"canon_stats", py_canon_stats, METH_NOARGS, "Sizes and cache counters of the table."},
    {"canon_intern", py_canon_intern, METH_VARARGS, "canon_intern(lefts, rights): id of a canonical {L|R}."},
    {"canon_make", py_canon_make, METH_VARARGS, "canon_make(lefts, rights): id of the canonical form."},
    {"canon_le", (PyCFunction)(void (*)(void))py_canon_le, METH_FASTCALL, "canon_le(a, b): a <= b."},
    {"canon_add", (PyCFunction)(void (*)(void))py_canon_add, METH_FASTCALL, "canon_add(a, b): id of a + b."},
    {"canon_neg", py_canon_neg, METH_O, "canon_neg(a): id of -a."},
    {"canon_dyadic", py_canon_dyadic, METH_O, "canon_dyadic(fixed): id of fixed / 2^44."},
    {"canon_integer", py_canon_integer, METH_O, "canon_integer(n): id of the integer n."},
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
