/* Shared shapes and arguments of the compiled grid games (declared in grid.h). */
#include "grid.h"

/* The least of the four images of rows (h rows of w bits) that keep rows as rows. */
void least_plain(const u64 *rows, int h, int w, u64 *best)
{
    u64 img[MAXROWS];
    int k, i;
    memcpy(best, rows, (size_t)h * sizeof(u64));
    for (k = 1; k < 4; k++) {
        for (i = 0; i < h; i++) {
            u64 row = (k & 2) ? rows[h - 1 - i] : rows[i];
            img[i] = (k & 1) ? reverse_bits(row, w) : row;
        }
        if (rows_cmp(img, best, h) < 0)
            memcpy(best, img, (size_t)h * sizeof(u64));
    }
}
PyObject *rows_tuple(const u64 *rows, int n)
{
    PyObject *t = PyTuple_New(n);
    int i;
    if (t == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(rows[i]);
        if (x == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}
/* -1, 0, 1: (h, w, a rows, b rows) against the best so far. */
static int clob_cmp(int h, int w, const u64 *a, const u64 *b, int bh, int bw, const u64 *ba,
                    const u64 *bb)
{
    int c;
    if (h != bh)
        return h < bh ? -1 : 1;
    if (w != bw)
        return w < bw ? -1 : 1;
    c = rows_cmp(a, ba, h);
    return c ? c : rows_cmp(b, bb, h);
}
/* The least image (kh rows of kw bits, planes ka and kb) of the planes a and b (h rows of
 * w bits) under the 8 symmetries of the square (*transposed: the image is a transposed
 * one; of equal images, one not transposed), or, when `swaps` is 2 and strictly less, the
 * least with the planes swapped (*swapped = 1). */
void images_least(const u64 *a, const u64 *b, int h, int w, int swaps, int *kh, int *kw,
                  int *swapped, int *transposed, u64 *ka, u64 *kb)
{
    u64 ta[MAXROWS] = {0}, tb[MAXROWS] = {0}, ra[MAXROWS], rb[MAXROWS], rta[MAXROWS],
        rtb[MAXROWS];
    int r, c, k, sw, best_set = 0;
    for (c = 0; c < w; c++)
        for (r = 0; r < h; r++) {
            ta[c] |= ((a[r] >> c) & 1u) << r;
            tb[c] |= ((b[r] >> c) & 1u) << r;
        }
    for (r = 0; r < h; r++) {
        ra[r] = reverse_bits(a[r], w);
        rb[r] = reverse_bits(b[r], w);
    }
    for (c = 0; c < w; c++) {
        rta[c] = reverse_bits(ta[c], h);
        rtb[c] = reverse_bits(tb[c], h);
    }
    *swapped = *transposed = 0;
    *kh = *kw = 0;
    for (sw = 0; sw < swaps; sw++) {
        for (k = 0; k < 8; k++) {
            int tr = k >> 2, ih = tr ? w : h, iw = tr ? h : w, i;
            const u64 *ba = tr ? ((k & 1) ? rta : ta) : ((k & 1) ? ra : a);
            const u64 *bb = tr ? ((k & 1) ? rtb : tb) : ((k & 1) ? rb : b);
            u64 ia[MAXROWS], ib[MAXROWS];
            if (sw) {
                const u64 *tmp = ba;
                ba = bb;
                bb = tmp;
            }
            for (i = 0; i < ih; i++) {
                int src = (k & 2) ? ih - 1 - i : i;
                ia[i] = ba[src];
                ib[i] = bb[src];
            }
            if (!best_set || clob_cmp(ih, iw, ia, ib, *kh, *kw, ka, kb) < 0) {
                /* a swapped image wins only when strictly less than every plain one */
                best_set = 1;
                *kh = ih;
                *kw = iw;
                *swapped = sw;
                *transposed = tr;
                memcpy(ka, ia, (size_t)ih * sizeof(u64));
                memcpy(kb, ib, (size_t)ih * sizeof(u64));
            }
        }
    }
}
/* The least image under the 8 symmetries, or, when strictly less, the least with the
 * planes swapped (*swapped = 1: the colours swapped, the value negated). */
void pair_least(const u64 *a, const u64 *b, int h, int w, int *kh, int *kw, int *swapped,
                u64 *ka, u64 *kb)
{
    int transposed;
    images_least(a, b, h, w, 2, kh, kw, swapped, &transposed, ka, kb);
}
void pair_shape_of(u64 a, u64 b, int stride, int r0, int c0, int h, int w,
                          pair_shape *out)
{
    u64 ra[MAXROWS], rb[MAXROWS];
    crop_rows(a, stride, r0, c0, h, w, ra);
    crop_rows(b, stride, r0, c0, h, w, rb);
    pair_least(ra, rb, h, w, &out->kh, &out->kw, &out->swapped, out->ka, out->kb);
}
PyObject *pair_key_tuple(const pair_shape *sh)
{
    PyObject *a = rows_tuple(sh->ka, sh->kh), *b;
    if (a == NULL)
        return NULL;
    b = rows_tuple(sh->kb, sh->kh);
    if (b == NULL) {
        Py_DECREF(a);
        return NULL;
    }
    return Py_BuildValue("(iiNN)", sh->kh, sh->kw, a, b);
}
/* The part (key, flag, region), key and region stolen; NULL when either is (an exception
 * set) or on failure. */
PyObject *part_of(PyObject *key, int flag, PyObject *region)
{
    if (key == NULL || region == NULL) {
        Py_XDECREF(key);
        Py_XDECREF(region);
        return NULL;
    }
    return Py_BuildValue("(NON)", key, flag ? Py_True : Py_False, region);
}
/* Append (key, swapped, region) to the list out; region is stolen. 0 or -1. */
int append_part(PyObject *out, const pair_shape *sh, PyObject *region)
{
    PyObject *key = region == NULL ? NULL : pair_key_tuple(sh);
    return append_stolen(out, part_of(key, sh->swapped, region));
}
/* Read a key (h, w, a rows, b rows), h * (w + 1) <= 64; disjoint: no bit in both. */
int pair_key_args(PyObject *key, int disjoint, pair_shape *sh)
{
    PyObject *ta, *tb;
    Py_ssize_t i;
    if (!PyTuple_Check(key)) {
        PyErr_SetString(PyExc_TypeError, "grid: a key is a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(key, "iiO!O!", &sh->kh, &sh->kw, &PyTuple_Type, &ta, &PyTuple_Type, &tb))
        return -1;
    if (sh->kh < 1 || sh->kw < 1 || sh->kw > 63 || sh->kh * (sh->kw + 1) > 64
        || PyTuple_GET_SIZE(ta) != sh->kh || PyTuple_GET_SIZE(tb) != sh->kh) {
        PyErr_SetString(PyExc_ValueError, "grid: a key is (h, w, rows, rows) within 64 bits");
        return -1;
    }
    for (i = 0; i < sh->kh; i++) {
        unsigned long long a = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(ta, i)), b;
        if (a == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        b = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(tb, i));
        if (b == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        if ((a >> sh->kw) != 0 || (b >> sh->kw) != 0 || (disjoint && (a & b) != 0)) {
            PyErr_SetString(PyExc_ValueError, "grid: a row wider than the key, or two stones");
            return -1;
        }
        sh->ka[i] = (u64)a;
        sh->kb[i] = (u64)b;
    }
    sh->swapped = 0;
    return 0;
}
/* Build (lefts list, rights list) from two lists (stolen); NULL when either is. */
PyObject *two_sides(PyObject *lefts, PyObject *rights)
{
    PyObject *out = lefts == NULL || rights == NULL ? NULL : PyTuple_Pack(2, lefts, rights);
    Py_XDECREF(lefts);
    Py_XDECREF(rights);
    return out;
}
/* (Left's options, Right's options) as two lists, each filled by collect(ctx, side, list)
 * (0, or -1 with an exception set). */
PyObject *two_sides_of(int (*collect)(void *ctx, int side, PyObject *list), void *ctx)
{
    PyObject *sides[2] = {NULL, NULL};
    int side;
    for (side = 0; side < 2; side++) {
        sides[side] = PyList_New(0);
        if (sides[side] == NULL || collect(ctx, side, sides[side]) < 0) {
            Py_CLEAR(sides[side]);
            break;
        }
    }
    return two_sides(sides[0], sides[1]);
}
/* The items of the list (stolen) as a tuple; NULL on failure. */
PyObject *tuple_of(PyObject *list)
{
    PyObject *t = PyList_AsTuple(list);
    Py_DECREF(list);
    return t;
}
/* Append item (stolen; NULL: an exception is already set) to the list out. 0 or -1. */
int append_stolen(PyObject *out, PyObject *item)
{
    int res;
    if (item == NULL)
        return -1;
    res = PyList_Append(out, item);
    Py_DECREF(item);
    return res;
}
/* Read (h, w, masks...) of a board, h * (w + 1) <= 64, no bit off the board. */
int masks_args(PyObject *args, const char *fmt, int *h, int *w, u64 *masks, int n,
                      int *flag)
{
    PyObject *m[3] = {NULL, NULL, NULL};
    u64 full;
    int i;
    if (n == 3 ? !PyArg_ParseTuple(args, fmt, h, w, &m[0], &m[1], &m[2], flag)
               : !PyArg_ParseTuple(args, fmt, h, w, &m[0], &m[1]))
        return -1;
    if (*h < 1 || *w < 1 || *w > 63 || (*h) * (*w + 1) > 64) {
        PyErr_SetString(PyExc_OverflowError, "grid: a board of h * (w + 1) <= 64 bits expected");
        return -1;
    }
    full = board_full(*h, *w);
    for (i = 0; i < n; i++) {
        unsigned long long v;
        if (!PyLong_Check(m[i])) {
            PyErr_SetString(PyExc_TypeError, "grid: a mask is an int");
            return -1;
        }
        v = PyLong_AsUnsignedLongLong(m[i]);
        if (v == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        masks[i] = (u64)v;
        if (masks[i] & ~full) {
            PyErr_SetString(PyExc_ValueError, "grid: a cell off the board");
            return -1;
        }
    }
    for (i = 1; i < n; i++)
        if (masks[i] & masks[i - 1] || (i == 2 && masks[2] & masks[0])) {
            PyErr_SetString(PyExc_ValueError, "grid: a cell holds two things");
            return -1;
        }
    return 0;
}
