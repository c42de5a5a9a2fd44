/* Domineering and Cram on bitboards (grid.h): the options of a Domineering region, each
 * split into regions with their symmetry keys, and the whole walks of both games
 * (walk.h), memoised by key image.
 *
 * What dom_split and dom_options return is exactly what grundy.cgt.games.domineering
 * gives (the reference, see grundy/kernels/grid.py and tests/kernels/test_grid_kernels.py):
 *   a part is (key, transposed, (h, w, mask)) for a region both players can move in, key
 *   = (h, w, rows) the least of its images under the four symmetries that keep vertical
 *   vertical and the four transposed ones (a transposed image has the negative value;
 *   a tie goes to the one not transposed), or (None, n, None) for a region only one
 *   player can move in (n = Left's most vertical dominoes, or minus Right's horizontal
 *   ones); regions of one cell are dropped; parts come by their lowest cell.
 *
 * dom_value(key, tick, limit) and cram_value(key, tick, limit) give the id (in canon.c's
 * table) of a key image (h, w, rows): h rows of w bits, h * (w + 1) <= 64; a move fills
 * two cells, so the depth is at most 32. Cram (impartial Domineering: either player may
 * place a domino either way) differs from Domineering only in its move generator: its
 * regions are keyed by the same images (a transposed one has the same value).
 */
#include "grid.h"

/* A key image: h rows of w bits. */
typedef struct {
    int h, w;
    u64 rows[MAXROWS];
} dom_key;

/* One component, worked out: a number (only one player can move), or its key image. */
typedef struct {
    int is_number;
    long number;
    int h, w;       /* the component cropped: h rows of w bits */
    u64 mask;       /* the component cropped, stride w + 1 */
    int transposed; /* the key image is transposed (negative value in Domineering) */
} dom_shape;

static PyObject *dom_key_object(const dom_key *k)
{
    PyObject *t = rows_tuple(k->rows, k->h);
    return t == NULL ? NULL : Py_BuildValue("(iiN)", k->h, k->w, t);
}

static void dom_shape_of(u64 comp, int stride, int w, int impartial, int key_only,
                         dom_shape *out, dom_key *key)
{
    u64 rows[MAXROWS], cols[MAXROWS] = {0}, plain[MAXROWS], turned[MAXROWS];
    u64 full = (((u64)1) << w) - 1, union_cols = 0, hpairs = 0, vpairs = 0, mask = 0;
    int low_row = low_bit(comp) / stride, high_row = (bit_length(comp) - 1) / stride;
    int h = high_row - low_row + 1, c0, nw, r, c;
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
    out->h = h;
    out->w = nw;
    out->is_number = 1;
    if (impartial)
        hpairs = vpairs = 1; /* Cram: both players have every move */
    if (!hpairs) { /* only Left can move: the most vertical dominoes, greedy from the top */
        long count = 0;
        u64 unpaired = 0;
        for (r = 0; r < h; r++) {
            u64 pair = unpaired & rows[r];
            count += popcount(pair);
            unpaired = rows[r] & ~pair;
        }
        out->number = count;
        return;
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
        out->number = -count;
        return;
    }
    out->is_number = 0;
    least_plain(rows, h, nw, plain);
    for (c = 0; c < nw; c++) {
        cols[c] = 0;
        for (r = 0; r < h; r++)
            cols[c] |= ((rows[r] >> c) & 1u) << r;
    }
    least_plain(cols, nw, h, turned);
    /* (nw, h, turned) < (h, nw, plain) as tuples */
    out->transposed = nw < h || (nw == h && rows_cmp(turned, plain, h) < 0);
    if (out->transposed) {
        key->h = nw;
        key->w = h;
        memcpy(key->rows, turned, (size_t)nw * sizeof(u64));
    } else {
        key->h = h;
        key->w = nw;
        memcpy(key->rows, plain, (size_t)h * sizeof(u64));
    }
    if (!key_only) {
        for (r = 0; r < h; r++)
            mask |= rows[r] << (r * (nw + 1));
        out->mask = mask;
    }
}

/* The part of one component (comp, a board of stride `stride`, w columns). */
static PyObject *dom_part_of(u64 comp, int stride, int w)
{
    dom_shape sh;
    dom_key k;
    PyObject *key;
    dom_shape_of(comp, stride, w, 0, 0, &sh, &k);
    if (sh.is_number)
        return Py_BuildValue("(OlO)", Py_None, sh.number, Py_None);
    key = dom_key_object(&k);
    return part_of(key, sh.transposed,
                   key == NULL ? NULL
                               : Py_BuildValue("(iiK)", sh.h, sh.w, (unsigned long long)sh.mask));
}

/* The parts of a board (mask, stride w+1): one per component of two cells or more. */
static PyObject *dom_split_mask(u64 mask, int w)
{
    int stride = w + 1, n, i;
    u64 comps[64];
    PyObject *out;
    n = grid_components(mask, stride, comps, 0);
    out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    for (i = 0; i < n; i++) {
        PyObject *part = dom_part_of(comps[i], stride, w);
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

/* A board after a move (stride w + 1), and the move generator of a side (walk.h's hooks
 * begin and next, also the options of dom_options). */
typedef struct {
    u64 mask;
    int stride, w;
} dom_pos;

typedef struct {
    u64 mask, spots, spots2;
    int step, stride, w;
} dom_iter;

static inline void dom_begin_mask(u64 mask, int w, int side, dom_iter *it)
{
    it->w = w;
    it->stride = w + 1;
    it->mask = mask;
    it->step = side == 0 ? it->stride : 1; /* Left vertical, Right horizontal */
    it->spots = mask & shr(mask, it->step);
}

static inline int dom_next(dom_iter *it, dom_pos *pos)
{
    u64 low;
    if (!it->spots)
        return 0;
    low = it->spots & (~it->spots + 1);
    it->spots ^= low;
    pos->mask = it->mask ^ (low | shl(low, it->step));
    pos->stride = it->stride;
    pos->w = it->w;
    return 1;
}

PyDoc_STRVAR(dom_options_doc,
             "dom_options(w, mask) -> (parts of each Left option, parts of each Right option)");

static int dom_collect(void *ctx, int side, PyObject *list)
{
    dom_iter it;
    dom_pos pos;
    const dom_pos *board = (const dom_pos *)ctx;
    dom_begin_mask(board->mask, board->w, side, &it);
    while (dom_next(&it, &pos))
        if (append_stolen(list, dom_split_mask(pos.mask, pos.w)) < 0)
            return -1;
    return 0;
}

static PyObject *dom_options(PyObject *self, PyObject *args)
{
    dom_pos board;
    (void)self;
    if (board_args(args, &board.w, &board.mask) < 0)
        return NULL;
    board.stride = board.w + 1;
    return two_sides_of(dom_collect, &board);
}

/* Read a key (h, w, rows): h rows of w bits, h * w <= 64; 0 or -1 with ValueError. */
static int key_args(PyObject *key, int *h, int *w, u64 *rows)
{
    PyObject *t;
    Py_ssize_t i;
    if (!PyTuple_Check(key)) {
        PyErr_SetString(PyExc_TypeError, "grid: a key is a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(key, "iiO!", h, w, &PyTuple_Type, &t))
        return -1;
    if (*h < 1 || *w < 1 || *h > 64 || *w > 63 || (*h) * (*w) > 64
        || (*h) * (*w + 1) > 64 + *w || PyTuple_GET_SIZE(t) != *h) {
        PyErr_SetString(PyExc_ValueError, "grid: a key is (h, w, rows) with h * w <= 64");
        return -1;
    }
    for (i = 0; i < *h; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        if (*w < 64 && (v >> *w) != 0) {
            PyErr_SetString(PyExc_ValueError, "grid: a row wider than the key");
            return -1;
        }
        rows[i] = (u64)v;
    }
    return 0;
}


/* ---- the walks' hooks (walk.h) ---- */

static inline void dom_pack(const dom_key *k, u64 *a, u64 *b, uint32_t *tag)
{
    *a = pack_rows(k->rows, k->h, k->w);
    *b = 0;
    *tag = (uint32_t)GRID_KIND_DOM << 24 | (uint32_t)popcount(*a) << 16 | (uint32_t)k->h << 8
           | (uint32_t)k->w;
}

static inline void dom_unpack(u64 a, u64 b, uint32_t tag, dom_key *k)
{
    (void)b;
    k->h = (int)((tag >> 8) & 0xFF);
    k->w = (int)(tag & 0xFF);
    unpack_rows(a, k->h, k->w, k->rows);
}

static inline void dom_begin(const dom_key *k, int side, dom_iter *it)
{
    dom_begin_mask(rows_mask(k->rows, k->h, k->w), k->w, side, it);
}

static inline int dom_regions(const dom_pos *pos, u64 *comps)
{
    return grid_components(pos->mask, pos->stride, comps, 0);
}

static inline int dom_part(const dom_pos *pos, u64 comp, dom_key *key, long *number,
                           int *negated)
{
    dom_shape sh;
    dom_shape_of(comp, pos->stride, pos->w, 0, 1, &sh, key);
    if (sh.is_number) {
        *number = sh.number;
        return 1;
    }
    *negated = sh.transposed;
    return 2;
}

static int dom_key_read(PyObject *key, dom_key *k, int walking)
{
    if (key_args(key, &k->h, &k->w, k->rows) < 0)
        return -1;
    if (walking && k->h * (k->w + 1) > 64) {
        PyErr_SetString(PyExc_ValueError, "grid: the key's board is past 64 bits");
        return -1;
    }
    return 0;
}

#define WALK_PREFIX dom
#define WALK_KIND GRID_KIND_DOM
#define WALK_KEY dom_key
#define WALK_POS dom_pos
#define WALK_ITER dom_iter
#define WALK_MAXOPT 64
#define WALK_AGAIN /* cram: the same types */
#include "walk.h"

/* ---- Cram: only its move generator (a domino either way, for both players) ---- */

static inline void cram_pack(const dom_key *k, u64 *a, u64 *b, uint32_t *tag)
{
    dom_pack(k, a, b, tag);
    *tag = (*tag & 0xFFFFFFu) | (uint32_t)GRID_KIND_CRAM << 24;
}

#define cram_unpack dom_unpack
#define cram_regions dom_regions
#define cram_key_read dom_key_read
#define cram_key_object dom_key_object

static inline void cram_begin(const dom_key *k, int side, dom_iter *it)
{
    (void)side;
    dom_begin(k, 0, it);
    it->spots2 = it->mask & (it->mask >> 1); /* then the horizontal ones */
}

static inline int cram_next(dom_iter *it, dom_pos *pos)
{
    if (!it->spots) {
        if (it->step == 1 || !it->spots2)
            return 0;
        it->step = 1;
        it->spots = it->spots2;
    }
    return dom_next(it, pos);
}

static inline int cram_part(const dom_pos *pos, u64 comp, dom_key *key, long *number,
                            int *negated)
{
    dom_shape sh;
    (void)number;
    (void)negated; /* an impartial region is its own negative */
    dom_shape_of(comp, pos->stride, pos->w, 1, 1, &sh, key);
    return 2;
}

#define WALK_PREFIX cram
#define WALK_KIND GRID_KIND_CRAM
#define WALK_MAXOPT 128
#define WALK_IMPARTIAL 1
#include "walk.h"

PyMethodDef GRUNDY_DOM_METHODS[] = {
    GRID_BOARD_METHODS(dom, METH_VARARGS),
    GRID_WALK_METHODS(dom),
    GRID_WALK_METHODS(cram),
    {NULL, NULL, 0, NULL},
};
