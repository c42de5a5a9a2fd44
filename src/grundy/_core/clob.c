/* Clobber (the split, the options and the walk of walk.h).
 *
 * Boards as Domineering's (stride w + 1), x (Left's stones) and o (Right's). The regions
 * are the 4-connected groups of stones holding both colours, cropped; the key is the least
 * (h, w, x rows, o rows) over the 8 symmetries of the square, or, when less, the least
 * with the colours swapped (h, w, o rows, x rows), which negates the value
 * (grundy.cgt.games.clobber.Clobber.signed_region_key, the reference).
 */

#include "grid.h"

typedef struct {
    int h, w;         /* the group cropped: h rows of w bits */
    u64 x, o;         /* cropped, stride w + 1 */
    int kh, kw;       /* the key image */
    int swapped;      /* the key has the colours swapped (negative value) */
    u64 kx[MAXROWS], ko[MAXROWS];
} clob_shape;

static void clob_shape_of(u64 xs, u64 os, int stride, int w, clob_shape *out)
{
    u64 xr[MAXROWS], orr[MAXROWS], full = (((u64)1) << w) - 1, comp = xs | os, union_cols = 0;
    int low_row = low_bit(comp) / stride, high_row = (bit_length(comp) - 1) / stride;
    int h = high_row - low_row + 1, c0, nw, r;
    for (r = 0; r < h; r++) {
        xr[r] = (xs >> ((low_row + r) * stride)) & full;
        orr[r] = (os >> ((low_row + r) * stride)) & full;
        union_cols |= xr[r] | orr[r];
    }
    c0 = low_bit(union_cols);
    nw = bit_length(union_cols) - c0;
    out->x = out->o = 0;
    for (r = 0; r < h; r++) {
        xr[r] >>= c0;
        orr[r] >>= c0;
        out->x |= xr[r] << (r * (nw + 1));
        out->o |= orr[r] << (r * (nw + 1));
    }
    out->h = h;
    out->w = nw;
    pair_least(xr, orr, h, nw, &out->kh, &out->kw, &out->swapped, out->kx, out->ko);
}
static int clob_components(u64 xs, u64 os, int stride, u64 *comps)
{
    u64 mask = xs | os;
    int n = 0;
    while (mask) {
        u64 comp = grid_first_component(mask, stride);
        mask ^= comp;
        if ((comp & xs) && (comp & os))
            comps[n++] = comp;
    }
    return n;
}
static PyObject *clob_parts(u64 xs, u64 os, int w)
{
    int stride = w + 1, n, i;
    u64 comps[64];
    PyObject *out;
    n = clob_components(xs, os, stride, comps);
    out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        clob_shape sh;
        PyObject *a, *b, *key, *part;
        clob_shape_of(xs & comps[i], os & comps[i], stride, w, &sh);
        a = rows_tuple(sh.kx, sh.kh);
        b = a == NULL ? NULL : rows_tuple(sh.ko, sh.kh);
        if (b == NULL) {
            Py_XDECREF(a);
            Py_DECREF(out);
            return NULL;
        }
        key = Py_BuildValue("(iiNN)", sh.kh, sh.kw, a, b);
        part = part_of(key, sh.swapped,
                       key == NULL ? NULL
                                   : Py_BuildValue("(iiKK)", sh.h, sh.w, (unsigned long long)sh.x,
                                                   (unsigned long long)sh.o));
        if (part == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, part);
    }
    return out;
}
/* Read (w, xs, os); 0 or -1 with an exception set. */
static int clob_args(PyObject *args, int *w, u64 *xs, u64 *os)
{
    PyObject *a, *b;
    unsigned long long v;
    int r;
    if (!PyArg_ParseTuple(args, "iO!O!", w, &PyLong_Type, &a, &PyLong_Type, &b))
        return -1;
    if (*w < 1 || *w > 63) {
        PyErr_SetString(PyExc_ValueError, "grid: the width must be 1 to 63");
        return -1;
    }
    v = PyLong_AsUnsignedLongLong(a);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *xs = (u64)v;
    v = PyLong_AsUnsignedLongLong(b);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *os = (u64)v;
    if (*xs & *os) {
        PyErr_SetString(PyExc_ValueError, "grid: a cell holds two stones");
        return -1;
    }
    for (r = 0; r * (*w + 1) + *w < 64; r++) {
        if (((*xs | *os) >> (r * (*w + 1) + *w)) & 1u) {
            PyErr_SetString(PyExc_ValueError, "grid: a cell in the spare column");
            return -1;
        }
    }
    return 0;
}
PyDoc_STRVAR(clob_split_doc, "clob_split(w, xs, os) -> parts of a Clobber board");

static PyObject *clob_split(PyObject *self, PyObject *args)
{
    int w;
    u64 xs, os;
    (void)self;
    if (clob_args(args, &w, &xs, &os) < 0)
        return NULL;
    return clob_parts(xs, os, w);
}

/* The k-th option of one side, in Clobber._moves' order; 0 when there are no more. */
typedef struct {
    int shift_i, forward, started;
    u64 src;
} clob_iter;

static int clob_move_next(u64 mine, u64 theirs, int stride, clob_iter *it, u64 *nm, u64 *nt)
{
    for (;;) {
        int shift = it->shift_i == 0 ? 1 : stride;
        if (!it->started) {
            it->src = it->forward ? mine & (theirs >> shift) : mine & (theirs << shift);
            it->started = 1;
        }
        if (it->src) {
            u64 low = it->src & (~it->src + 1), dst = it->forward ? low << shift : low >> shift;
            it->src ^= low;
            *nm = (mine ^ low) | dst;
            *nt = theirs ^ dst;
            return 1;
        }
        it->started = 0;
        if (it->forward) {
            it->forward = 0;
        } else {
            it->forward = 1;
            if (++it->shift_i == 2)
                return 0;
        }
    }
}
PyDoc_STRVAR(clob_options_doc,
             "clob_options(w, xs, os) -> (parts of each Left option, of each Right option)");

typedef struct {
    u64 xs, os;
    int w;
} clob_board;

static int clob_collect(void *ctx, int side, PyObject *list)
{
    const clob_board *b = (const clob_board *)ctx;
    clob_iter it = {0, 1, 0, 0};
    u64 nm, nt;
    while (clob_move_next(side == 0 ? b->xs : b->os, side == 0 ? b->os : b->xs, b->w + 1, &it,
                          &nm, &nt))
        if (append_stolen(list, side == 0 ? clob_parts(nm, nt, b->w) : clob_parts(nt, nm, b->w))
            < 0)
            return -1;
    return 0;
}

static PyObject *clob_options(PyObject *self, PyObject *args)
{
    clob_board b;
    (void)self;
    if (clob_args(args, &b.w, &b.xs, &b.os) < 0)
        return NULL;
    return two_sides_of(clob_collect, &b);
}

/* ---- the walk's hooks (walk.h) ---- */

typedef struct {
    u64 x, o;
    int stride;
} clob_pos;

typedef struct {
    clob_iter it;
    u64 mine, theirs;
    int stride, side;
} clob_walk_iter;

static inline void clob_begin(const pair_shape *k, int side, clob_walk_iter *w)
{
    u64 xs = rows_mask(k->ka, k->kh, k->kw), os = rows_mask(k->kb, k->kh, k->kw);
    w->it.shift_i = 0;
    w->it.forward = 1;
    w->it.started = 0;
    w->it.src = 0;
    w->mine = side == 0 ? xs : os;
    w->theirs = side == 0 ? os : xs;
    w->stride = k->kw + 1;
    w->side = side;
}

static inline int clob_next(clob_walk_iter *w, clob_pos *pos)
{
    u64 nm, nt;
    if (!clob_move_next(w->mine, w->theirs, w->stride, &w->it, &nm, &nt))
        return 0;
    pos->x = w->side == 0 ? nm : nt;
    pos->o = w->side == 0 ? nt : nm;
    pos->stride = w->stride;
    return 1;
}

static inline int clob_regions(const clob_pos *pos, u64 *comps)
{
    return clob_components(pos->x, pos->o, pos->stride, comps);
}

static inline int clob_part(const clob_pos *pos, u64 comp, pair_shape *key, long *number,
                            int *negated)
{
    (void)number;
    return pair_part(pos->x, pos->o, comp, pos->stride, key, negated);
}

#define WALK_PREFIX clob
#define WALK_KIND GRID_KIND_CLOB
#define WALK_PAIR_KEYS 1 /* no square holds both colours */
#define WALK_POS clob_pos
#define WALK_ITER clob_walk_iter
#define WALK_MAXOPT 256
#include "walk.h"

PyMethodDef GRUNDY_CLOB_METHODS[] = {
    GRID_BOARD_METHODS(clob, METH_VARARGS),
    GRID_WALK_METHODS(clob),
    {NULL, NULL, 0, NULL},
};
