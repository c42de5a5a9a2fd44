/* Col and Snort (col.c), Konane (konane.c): the split, the options and the walks of walk.h.
 *
 * Boards as Domineering's (stride w + 1, h * (w + 1) <= 64). What the functions return is
 * exactly what grundy.kernels.boards' pure-Python twins give (see its docstring): a part is
 * (key, swapped, region), key = (h, w, a rows, b rows) the least image of the region's two
 * planes (pair_least). Col and Snort (snort 0 or 1): a is the cells Left may colour, b
 * those Right may; the regions are the 4-connected groups of a | b; the region handed
 * back is the board (h, w, blue, red, holes) cropped around the group and the coloured
 * cells next to it. Konane: the planes are x and o; the groups are the finest partition
 * of the stones in which no two stones of different groups could ever meet (each stone
 * moves at most twice the stones of the other colour in its group), each cropped to the
 * box its stones could reach, clipped to the board.
 */

#include "grid.h"

static void col_planes(int h, int w, u64 blue, u64 red, u64 holes, int snort, u64 *lefts,
                       u64 *rights)
{
    int stride = w + 1;
    u64 empty = board_full(h, w) & ~(blue | red | holes);
    u64 nb = near_of(blue, stride), nr = near_of(red, stride);
    *lefts = empty & ~(snort ? nr : nb);
    *rights = empty & ~(snort ? nb : nr);
}
/* The planes after `side` colours the cell v (Col: its neighbours closed to the mover,
 * Snort: to the other player). */
static void col_move(u64 *a, u64 *b, u64 v, int side, int snort, int stride)
{
    u64 nbr = near_of(v, stride);
    *a &= ~v;
    *b &= ~v;
    if ((side == 0) != (snort != 0))
        *a &= ~nbr;
    else
        *b &= ~nbr;
}
static PyObject *col_parts(int w, u64 lefts, u64 rights, u64 blue, u64 red)
{
    int stride = w + 1, n, i;
    u64 comps[64];
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    n = grid_components(lefts | rights, stride, comps, 1);
    for (i = 0; i < n; i++) {
        pair_shape sh;
        int r0, c0, h, cw, rh, rw;
        u64 coloured = (blue | red) & near_of(comps[i], stride), rows[MAXROWS], cells, nb, nr;
        mask_box(comps[i], stride, &r0, &c0, &h, &cw);
        pair_shape_of(lefts & comps[i], rights & comps[i], stride, r0, c0, h, cw, &sh);
        mask_box(comps[i] | coloured, stride, &r0, &c0, &rh, &rw);
        crop_rows(comps[i], stride, r0, c0, rh, rw, rows);
        cells = rows_mask(rows, rh, rw);
        crop_rows(blue & coloured, stride, r0, c0, rh, rw, rows);
        nb = rows_mask(rows, rh, rw);
        crop_rows(red & coloured, stride, r0, c0, rh, rw, rows);
        nr = rows_mask(rows, rh, rw);
        if (append_part(out, &sh,
                        Py_BuildValue("(iiKKK)", rh, rw, (unsigned long long)nb,
                                      (unsigned long long)nr,
                                      (unsigned long long)(board_full(rh, rw) & ~(cells | nb | nr))))
            < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return tuple_of(out);
}
PyDoc_STRVAR(col_split_doc,
             "col_split(h, w, blue, red, holes, snort) -> parts (see grundy.kernels.boards)");

static PyObject *col_split(PyObject *self, PyObject *args)
{
    int h, w, snort;
    u64 m[3], lefts, rights;
    (void)self;
    if (masks_args(args, "iiOOOp", &h, &w, m, 3, &snort) < 0)
        return NULL;
    col_planes(h, w, m[0], m[1], m[2], snort, &lefts, &rights);
    return col_parts(w, lefts, rights, m[0], m[1]);
}
PyDoc_STRVAR(col_options_doc,
             "col_options(h, w, blue, red, holes, snort) -> (parts of each Left option, of "
             "each Right option)");

typedef struct {
    int h, w, snort;
    u64 m[3], planes[2];
} col_board;

static int col_collect(void *ctx, int side, PyObject *list)
{
    const col_board *c = (const col_board *)ctx;
    u64 free = c->planes[side];
    while (free) {
        u64 v = free & (~free + 1), nb = c->m[0] | (side == 0 ? v : 0);
        u64 nr = c->m[1] | (side == 1 ? v : 0), a, b;
        free ^= v;
        col_planes(c->h, c->w, nb, nr, c->m[2], c->snort, &a, &b);
        if (append_stolen(list, col_parts(c->w, a, b, nb, nr)) < 0)
            return -1;
    }
    return 0;
}

static PyObject *col_options(PyObject *self, PyObject *args)
{
    col_board c;
    (void)self;
    if (masks_args(args, "iiOOOp", &c.h, &c.w, c.m, 3, &c.snort) < 0)
        return NULL;
    col_planes(c.h, c.w, c.m[0], c.m[1], c.m[2], c.snort, &c.planes[0], &c.planes[1]);
    return two_sides_of(col_collect, &c);
}

/* ---- the walks' hooks (walk.h): Col, and Snort as the same with snort = 1 ---- */

typedef struct {
    u64 a, b;
    int stride;
} col_pos;

typedef struct {
    u64 planes[2], free;
    int side, snort, stride;
} col_iter;

static inline void col_begin_as(const pair_shape *k, int side, col_iter *it, int snort)
{
    it->planes[0] = rows_mask(k->ka, k->kh, k->kw);
    it->planes[1] = rows_mask(k->kb, k->kh, k->kw);
    it->free = it->planes[side];
    it->side = side;
    it->snort = snort;
    it->stride = k->kw + 1;
}

static inline int col_next(col_iter *it, col_pos *pos)
{
    u64 v;
    if (!it->free)
        return 0;
    v = it->free & (~it->free + 1);
    it->free ^= v;
    pos->a = it->planes[0];
    pos->b = it->planes[1];
    pos->stride = it->stride;
    col_move(&pos->a, &pos->b, v, it->side, it->snort, it->stride);
    return 1;
}

static inline int col_regions(const col_pos *pos, u64 *comps)
{
    return grid_components(pos->a | pos->b, pos->stride, comps, 1);
}

static inline int col_part(const col_pos *pos, u64 comp, pair_shape *key, long *number,
                           int *negated)
{
    (void)number;
    return pair_part(pos->a, pos->b, comp, pos->stride, key, negated);
}

static inline void col_begin(const pair_shape *k, int side, col_iter *it)
{
    col_begin_as(k, side, it, 0);
}

static inline void snort_begin(const pair_shape *k, int side, col_iter *it)
{
    col_begin_as(k, side, it, 1);
}

#define snort_next col_next
#define snort_regions col_regions
#define snort_part col_part

/* The two walks: the same types and hooks but begin, each with its own memo. A key's
 * planes may share a square (one that neither player may colour). */
#define WALK_PREFIX col
#define WALK_KIND GRID_KIND_COL
#define WALK_PAIR_KEYS 0
#define WALK_POS col_pos
#define WALK_ITER col_iter
#define WALK_MAXOPT 64
#define WALK_AGAIN /* snort: the same types */
#include "walk.h"

#define WALK_PREFIX snort
#define WALK_KIND GRID_KIND_SNORT
#define WALK_MAXOPT 64
#include "walk.h"

PyMethodDef GRUNDY_COL_METHODS[] = {
    GRID_BOARD_METHODS(col, METH_VARARGS),
    GRID_WALK_METHODS(col),
    GRID_WALK_METHODS(snort),
    {NULL, NULL, 0, NULL},
};
