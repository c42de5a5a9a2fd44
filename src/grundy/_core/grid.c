/* Grid games on bitboards: the options of a Domineering region, each split into regions
 * with their symmetry keys (the inner loop of grundy.cgt.value_of for Domineering).
 *
 * A board w wide keeps cell (r, c) at bit r*(w+1) + c of a uint64 (one spare column, so
 * shifting by one never wraps into the next row): boards of h*(w+1) <= 64 bits, which
 * covers every board up to 7x7 (and 6x8, 5x9, 4x11, 3x15, ...). Bigger masks are refused
 * (OverflowError) and the caller runs the pure-Python code instead.
 *
 * What the functions return is exactly what grundy.cgt.games.domineering gives (the
 * reference, see grundy/kernels/grid.py and tests/kernels/test_grid_kernels.py):
 *   a part is (key, transposed, (h, w, mask)) for a region both players can move in, key
 *   = (h, w, rows) the least of its images under the four symmetries that keep vertical
 *   vertical and the four transposed ones (a transposed image has the negative value;
 *   a tie goes to the one not transposed), or (None, n, None) for a region only one
 *   player can move in (n = Left's most vertical dominoes, or minus Right's horizontal
 *   ones); regions of one cell are dropped; parts come by their lowest cell.
 */
#include "core.h"

typedef uint64_t u64;

#define MAXROWS 64

static int low_bit(u64 x) /* x != 0 */
{
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
}

static int bit_length(u64 x)
{
    int n = 0;
    while (x) {
        x >>= 1;
        n++;
    }
    return n;
}

static int popcount(u64 x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static u64 reverse_bits(u64 x, int w)
{
    u64 r = 0;
    int i;
    for (i = 0; i < w; i++) {
        r = (r << 1) | (x & 1u);
        x >>= 1;
    }
    return r;
}

/* -1, 0 or 1 as the rows a compare with the rows b (n each), lexicographically. */
static int rows_cmp(const u64 *a, const u64 *b, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

/* The least of the four images of rows (h rows of w bits) that keep rows as rows. */
static void least_plain(const u64 *rows, int h, int w, u64 *best)
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

static PyObject *rows_tuple(const u64 *rows, int n)
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

/* The part of one component (comp, a board of stride `stride`, w columns). */
static PyObject *dom_part(u64 comp, int stride, int w)
{
    u64 rows[MAXROWS], cols[MAXROWS], plain[MAXROWS], turned[MAXROWS];
    u64 full = (((u64)1) << w) - 1, union_cols = 0, hpairs = 0, vpairs = 0, mask = 0;
    int low_row = low_bit(comp) / stride, high_row = (bit_length(comp) - 1) / stride;
    int h = high_row - low_row + 1, c0, nw, r, c, transposed;
    PyObject *key, *region;
    for (r = 0; r < h; r++) {
        rows[r] = (comp >> ((low_row + r) * stride)) & full;
        union_cols |= rows[r];
    }
    c0 = low_bit(union_cols);
    nw = bit_length(union_cols) - c0;
    for (r = 0; r < h; r++) {
        rows[r] >>= c0;
        hpairs |= rows[r] & (rows[r] >> 1);
        if (r)
            vpairs |= rows[r] & rows[r - 1];
    }
    if (!hpairs) { /* only Left can move: the most vertical dominoes, greedy from the top */
        long count = 0;
        u64 unpaired = 0;
        for (r = 0; r < h; r++) {
            u64 pair = unpaired & rows[r];
            count += popcount(pair);
            unpaired = rows[r] & ~pair;
        }
        return Py_BuildValue("(OlO)", Py_None, count, Py_None);
    }
    if (!vpairs) { /* only Right can move: the most horizontal dominoes of each row */
        long count = 0;
        for (r = 0; r < h; r++) {
            u64 row = rows[r];
            while (row) {
                u64 low = row & (~row + 1);
                if (row & (low << 1)) {
                    count++;
                    row &= ~(low | (low << 1));
                } else {
                    row &= ~low;
                }
            }
        }
        return Py_BuildValue("(OlO)", Py_None, -count, Py_None);
    }
    least_plain(rows, h, nw, plain);
    for (c = 0; c < nw; c++) {
        cols[c] = 0;
        for (r = 0; r < h; r++)
            cols[c] |= ((rows[r] >> c) & 1u) << r;
    }
    least_plain(cols, nw, h, turned);
    /* (nw, h, turned) < (h, nw, plain) as tuples */
    transposed = nw < h || (nw == h && rows_cmp(turned, plain, h) < 0);
    if (transposed) {
        PyObject *t = rows_tuple(turned, nw);
        key = t == NULL ? NULL : Py_BuildValue("(iiN)", nw, h, t);
    } else {
        PyObject *t = rows_tuple(plain, h);
        key = t == NULL ? NULL : Py_BuildValue("(iiN)", h, nw, t);
    }
    if (key == NULL)
        return NULL;
    for (r = 0; r < h; r++)
        mask |= rows[r] << (r * (nw + 1));
    region = Py_BuildValue("(iiK)", h, nw, (unsigned long long)mask);
    if (region == NULL) {
        Py_DECREF(key);
        return NULL;
    }
    return Py_BuildValue("(NON)", key, transposed ? Py_True : Py_False, region);
}

/* The parts of a board (mask, stride w+1): one per component of two cells or more. */
static PyObject *dom_split_mask(u64 mask, int w)
{
    int stride = w + 1, n = 0, i;
    u64 comps[64];
    PyObject *out;
    while (mask) {
        u64 comp = mask & (~mask + 1);
        for (;;) {
            u64 grown = (comp | (comp << 1) | (comp >> 1) | (comp << stride) | (comp >> stride))
                        & mask;
            if (grown == comp)
                break;
            comp = grown;
        }
        mask ^= comp;
        if (comp & (comp - 1))
            comps[n++] = comp;
    }
    out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *part = dom_part(comps[i], stride, w);
        if (part == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, part);
    }
    return out;
}

/* Read (w, mask); 0 or -1 with an exception set (OverflowError for a mask past 64 bits). */
static int board_args(PyObject *args, int *w, u64 *mask)
{
    PyObject *m;
    unsigned long long v;
    if (!PyArg_ParseTuple(args, "iO!", w, &PyLong_Type, &m))
        return -1;
    if (*w < 1 || *w > 63) {
        PyErr_SetString(PyExc_ValueError, "grid: the width must be 1 to 63");
        return -1;
    }
    v = PyLong_AsUnsignedLongLong(m);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *mask = (u64)v;
    {
        /* no cell in the spare column: every row's bit w clear */
        int stride = *w + 1, r;
        for (r = 0; r * stride + *w < 64; r++) {
            if ((*mask >> (r * stride + *w)) & 1u) {
                PyErr_SetString(PyExc_ValueError, "grid: a cell in the spare column");
                return -1;
            }
        }
    }
    return 0;
}

PyDoc_STRVAR(dom_split_doc,
             "dom_split(w, mask) -> parts of a Domineering board (see grundy.kernels.grid)");

static PyObject *dom_split(PyObject *self, PyObject *args)
{
    int w;
    u64 mask;
    (void)self;
    if (board_args(args, &w, &mask) < 0)
        return NULL;
    return dom_split_mask(mask, w);
}

PyDoc_STRVAR(dom_options_doc,
             "dom_options(w, mask) -> (parts of each Left option, parts of each Right option)");

static PyObject *dom_options(PyObject *self, PyObject *args)
{
    int w, side;
    u64 mask;
    PyObject *sides[2] = {NULL, NULL}, *out;
    (void)self;
    if (board_args(args, &w, &mask) < 0)
        return NULL;
    for (side = 0; side < 2; side++) {
        int step = side == 0 ? w + 1 : 1;
        u64 spots = step < 64 ? mask & (mask >> step) : 0;
        sides[side] = PyList_New(0);
        if (sides[side] == NULL)
            goto fail;
        while (spots) {
            u64 low = spots & (~spots + 1);
            PyObject *parts = dom_split_mask(mask ^ (low | (low << step)), w);
            if (parts == NULL)
                goto fail;
            if (PyList_Append(sides[side], parts) < 0) {
                Py_DECREF(parts);
                goto fail;
            }
            Py_DECREF(parts);
            spots ^= low;
        }
    }
    out = PyTuple_Pack(2, sides[0], sides[1]);
    Py_DECREF(sides[0]);
    Py_DECREF(sides[1]);
    return out;
fail:
    Py_XDECREF(sides[0]);
    Py_XDECREF(sides[1]);
    return NULL;
}

PyMethodDef GRUNDY_GRID_METHODS[] = {
    {"dom_split", dom_split, METH_VARARGS, dom_split_doc},
    {"dom_options", dom_options, METH_VARARGS, dom_options_doc},
    {NULL, NULL, 0, NULL},
};
