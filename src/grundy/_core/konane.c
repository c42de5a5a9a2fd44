/* Konane: the split, the options and the walk of walk.h (see col.c's notes). */
#include "grid.h"

/* The groups of stones as (x, o) masks, by their lowest stone; returns how many. */
static int konane_groups(int w, u64 xs, u64 os, u64 *gx, u64 *go)
{
    int stride = w + 1, n = 0, i, j, changed = 1, parent[64], count[64][2], row[64], col[64],
        isx[64], root[64], ng = 0, groups;
    u64 rest = xs | os, bit[64];
    while (rest) {
        u64 low = rest & (~rest + 1);
        int b = low_bit(low);
        rest ^= low;
        bit[n] = low;
        row[n] = b / stride;
        col[n] = b % stride;
        isx[n] = (xs & low) != 0;
        parent[n] = n;
        count[n][0] = !isx[n]; /* o stones */
        count[n][1] = isx[n];  /* x stones */
        n++;
    }
    groups = n;
    while (changed && groups > 1) {
        changed = 0;
        for (i = 0; i < n && groups > 1; i++)
            for (j = i + 1; j < n && groups > 1; j++) {
                int gi = i, gj = j, reach, d;
                while (parent[gi] != gi)
                    gi = parent[gi];
                while (parent[gj] != gj)
                    gj = parent[gj];
                if (gi == gj)
                    continue;
                reach = 2 * count[gi][1 - isx[i]] + 2 * count[gj][1 - isx[j]] + (isx[i] != isx[j]);
                d = abs(row[i] - row[j]) + abs(col[i] - col[j]);
                if (d <= reach) {
                    int lo = gi < gj ? gi : gj, hi = gi < gj ? gj : gi;
                    parent[hi] = lo;
                    count[lo][0] += count[hi][0];
                    count[lo][1] += count[hi][1];
                    changed = 1;
                    groups--;
                }
            }
    }
    for (i = 0; i < n; i++) {
        int g = i, k;
        while (parent[g] != g)
            g = parent[g];
        for (k = 0; k < ng && root[k] != g; k++)
            ;
        if (k == ng) {
            root[ng] = g;
            gx[ng] = go[ng] = 0;
            ng++;
        }
        if (isx[i])
            gx[k] |= bit[i];
        else
            go[k] |= bit[i];
    }
    return ng;
}
/* The box (r0, c0, bh, bw) the stones of a group could reach, clipped to the board. */
static void konane_box(int h, int w, u64 gx, u64 go, int *r0, int *c0, int *bh, int *bw)
{
    int stride = w + 1, top = h, left = w, bottom = -1, right = -1, k;
    for (k = 0; k < 2; k++) {
        u64 m = k == 0 ? gx : go;
        int reach = 2 * popcount(k == 0 ? go : gx);
        while (m) {
            u64 low = m & (~m + 1);
            int b = low_bit(low), r = b / stride, c = b % stride;
            m ^= low;
            if (r - reach < top)
                top = r - reach;
            if (r + reach > bottom)
                bottom = r + reach;
            if (c - reach < left)
                left = c - reach;
            if (c + reach > right)
                right = c + reach;
        }
    }
    *r0 = top < 0 ? 0 : top;
    *c0 = left < 0 ? 0 : left;
    *bh = (bottom > h - 1 ? h - 1 : bottom) - *r0 + 1;
    *bw = (right > w - 1 ? w - 1 : right) - *c0 + 1;
}

/* Call visit(x, o, ctx) for each option of `side` (0 Left) in Konane.left_moves' order;
 * stops at the first nonzero return and gives it. */
typedef int (*konane_visit)(u64 nx, u64 no, void *ctx);

static int konane_moves(int h, int w, u64 xs, u64 os, int side, konane_visit visit, void *ctx)
{
    int stride = w + 1, d;
    u64 full = board_full(h, w), mine = side == 0 ? xs : os, theirs = side == 0 ? os : xs;
    int steps[4];
    steps[0] = 1;
    steps[1] = -1;
    steps[2] = stride;
    steps[3] = -stride;
    for (d = 0; d < 4; d++) {
        int step = steps[d];
        u64 stones = mine;
        while (stones) {
            u64 low = stones & (~stones + 1), at = low, m = mine, t = theirs;
            stones ^= low;
            for (;;) {
                u64 over = step > 0 ? shl(at, step) : shr(at, -step);
                u64 land = step > 0 ? shl(over, step) : shr(over, -step);
                int res;
                if (!(over & t) || !(land & full & ~(m | t)))
                    break;
                m = (m ^ at) | land;
                t ^= over;
                at = land;
                res = side == 0 ? visit(m, t, ctx) : visit(t, m, ctx);
                if (res)
                    return res;
            }
        }
    }
    return 0;
}

typedef struct {
    int h, w;
    u64 m[2];
    PyObject *list;
} konane_board;

static PyObject *konane_parts(int h, int w, u64 xs, u64 os)
{
    u64 gx[64], go[64];
    int n = konane_groups(w, xs, os, gx, go), i, stride = w + 1;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        pair_shape sh;
        int r0, c0, bh, bw;
        u64 rows[MAXROWS], x, o;
        if (!gx[i] || !go[i])
            continue;
        konane_box(h, w, gx[i], go[i], &r0, &c0, &bh, &bw);
        pair_shape_of(gx[i], go[i], stride, r0, c0, bh, bw, &sh);
        crop_rows(gx[i], stride, r0, c0, bh, bw, rows);
        x = rows_mask(rows, bh, bw);
        crop_rows(go[i], stride, r0, c0, bh, bw, rows);
        o = rows_mask(rows, bh, bw);
        if (append_part(out, &sh,
                        Py_BuildValue("(iiKK)", bh, bw, (unsigned long long)x,
                                      (unsigned long long)o))
            < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return tuple_of(out);
}
static int konane_collect_one(u64 nx, u64 no, void *ctx)
{
    konane_board *c = (konane_board *)ctx;
    return append_stolen(c->list, konane_parts(c->h, c->w, nx, no));
}
static int konane_collect(void *ctx, int side, PyObject *list)
{
    konane_board *c = (konane_board *)ctx;
    c->list = list;
    return konane_moves(c->h, c->w, c->m[0], c->m[1], side, konane_collect_one, c) != 0 ? -1 : 0;
}
PyDoc_STRVAR(konane_split_doc, "konane_split(h, w, xs, os) -> parts (see grundy.kernels.boards)");

static PyObject *konane_split(PyObject *self, PyObject *args)
{
    int h, w;
    u64 m[2];
    (void)self;
    if (masks_args(args, "iiOO", &h, &w, m, 2, NULL) < 0)
        return NULL;
    return konane_parts(h, w, m[0], m[1]);
}
PyDoc_STRVAR(konane_options_doc,
             "konane_options(h, w, xs, os) -> (parts of each Left option, of each Right option)");

static PyObject *konane_options(PyObject *self, PyObject *args)
{
    konane_board c;
    (void)self;
    if (masks_args(args, "iiOO", &c.h, &c.w, c.m, 2, NULL) < 0)
        return NULL;
    return two_sides_of(konane_collect, &c);
}

/* ---- the walk's hooks (walk.h) ---- */

typedef struct {
    u64 x, o;
    int h, w;
} konane_pos;

/* Konane.left_moves' order: each direction, each stone (lowest first), each jump of its
 * chain. */
typedef struct {
    u64 full, mine, theirs, stones, at, m, t;
    int h, w, side, d, active;
} konane_iter;

static inline void konane_begin(const pair_shape *k, int side, konane_iter *it)
{
    u64 xs = rows_mask(k->ka, k->kh, k->kw), os = rows_mask(k->kb, k->kh, k->kw);
    it->h = k->kh;
    it->w = k->kw;
    it->full = board_full(k->kh, k->kw);
    it->mine = side == 0 ? xs : os;
    it->theirs = side == 0 ? os : xs;
    it->side = side;
    it->d = 0;
    it->stones = it->mine;
    it->active = 0;
}

static inline int konane_next(konane_iter *it, konane_pos *pos)
{
    int stride = it->w + 1;
    for (;;) {
        if (it->active) {
            int step = it->d == 0 ? 1 : it->d == 1 ? -1 : it->d == 2 ? stride : -stride;
            u64 over = step > 0 ? shl(it->at, step) : shr(it->at, -step);
            u64 land = step > 0 ? shl(over, step) : shr(over, -step);
            if ((over & it->t) && (land & it->full & ~(it->m | it->t))) {
                it->m = (it->m ^ it->at) | land;
                it->t ^= over;
                it->at = land;
                pos->x = it->side == 0 ? it->m : it->t;
                pos->o = it->side == 0 ? it->t : it->m;
                pos->h = it->h;
                pos->w = it->w;
                return 1;
            }
            it->active = 0;
        }
        if (it->stones) {
            u64 low = it->stones & (~it->stones + 1);
            it->stones ^= low;
            it->at = low;
            it->m = it->mine;
            it->t = it->theirs;
            it->active = 1;
            continue;
        }
        if (++it->d == 4)
            return 0;
        it->stones = it->mine;
    }
}

/* The groups holding stones of both colours, as masks. */
static inline int konane_regions(const konane_pos *pos, u64 *comps)
{
    u64 gx[64], go[64];
    int n = konane_groups(pos->w, pos->x, pos->o, gx, go), i, k = 0;
    for (i = 0; i < n; i++)
        if (gx[i] && go[i])
            comps[k++] = gx[i] | go[i];
    return k;
}

static inline int konane_part(const konane_pos *pos, u64 comp, pair_shape *key, long *number,
                              int *negated)
{
    int r0, c0, bh, bw;
    u64 gx = pos->x & comp, go = pos->o & comp;
    (void)number;
    konane_box(pos->h, pos->w, gx, go, &r0, &c0, &bh, &bw);
    pair_shape_of(gx, go, pos->w + 1, r0, c0, bh, bw, key);
    *negated = key->swapped;
    return 2;
}

#define WALK_PREFIX konane
#define WALK_KIND GRID_KIND_KONANE
#define WALK_PAIR_KEYS 1 /* no square holds both colours */
#define WALK_POS konane_pos
#define WALK_ITER konane_iter
#define WALK_MAXOPT 256
#include "walk.h"

PyMethodDef GRUNDY_KONANE_METHODS[] = {
    GRID_BOARD_METHODS(konane, METH_VARARGS),
    GRID_WALK_METHODS(konane),
    {NULL, NULL, 0, NULL},
};
