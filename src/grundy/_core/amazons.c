/* Amazons (CGSuite's game.grid.Amazons): the hooks of the one walk of walk.h.
 *
 * Boards as Domineering's (stride w + 1) in three planes: x Left's amazons, o Right's, e the
 * empty squares (a square in none is an arrow or no square, #). A move slides one of the
 * mover's amazons like a chess queen over empty squares, then shoots an arrow from where it
 * stopped, again like a queen, onto an empty square (the square just left counts as empty);
 * the arrow's square is burnt (grundy.cgt.games.amazons.Amazons, the reference).
 *
 * The split. Nothing ever crosses a burnt square, and a move never makes a square: the
 * squares that are not burnt (x | o | e) only shrink, and a move (the queen's path and the
 * arrow's) runs along squares joined in the 8 directions. The groups of x | o | e joined by
 * king steps are therefore independent games and the position is their sum. A group with
 * no amazon, or with no empty square, has no move now and none ever: it is 0 and dropped.
 *
 * The key. The value is kept by the 8 symmetries of the square (a queen's moves are), and
 * swapping the colours negates it: the key is the least (h, w, x rows, o rows, e rows) of
 * the 8 images, or the least with x and o swapped when that is strictly less (negated):
 * Amazons.signed_region_key (grundy.cgt.games._stones.swap_key), the same images and order.
 * In the memo a key is packed as two planes, x | o and x | e (one-to-one on the h * w
 * cells), its size the empty squares.
 *
 * amazons_value(key, tick, limit): the id of the key image (h, w, x rows, o rows, e rows),
 * h * (w + 1) <= 64; a move burns a square, so the depth is at most 63 moves. The options of
 * a side are not bounded (walk.h moves them to the heap past WALK_MAXOPT).
 */

#include "grid.h"

/* A key image: kh rows of kw bits in each plane. */
typedef struct {
    int kh, kw;
    u64 kx[MAXROWS], ko[MAXROWS], ke[MAXROWS];
} amazons_key;

/* A board after a move (stride `stride`). */
typedef struct {
    u64 x, o, e;
    int stride;
} amazons_pos;

/* The move generator: the mover's amazons still to move (todo), the one moving (src), its
 * squares still to stop on (dsts), where it stopped (dst) and the arrow's squares still to
 * shoot (hits) over `free`. */
typedef struct {
    u64 x, o, e, mine, todo, src, dsts, dst, hits, free;
    int stride, left;
} amazons_iter;

/* The squares of `free` a queen at the square `from` reaches (stride: rows apart). The
 * spare column and the bits past the board are never free, so no step wraps. */
static inline u64 amazons_reach(u64 from, u64 free, int stride)
{
    const int steps[4] = {1, stride, stride + 1, stride - 1};
    u64 out = 0, p;
    int k;
    for (k = 0; k < 4; k++) {
        for (p = shl(from, steps[k]) & free; p; p = shl(p, steps[k]) & free)
            out |= p;
        for (p = shr(from, steps[k]) & free; p; p = shr(p, steps[k]) & free)
            out |= p;
    }
    return out;
}

static inline void amazons_begin(const amazons_key *k, int side, amazons_iter *it)
{
    it->x = rows_mask(k->kx, k->kh, k->kw);
    it->o = rows_mask(k->ko, k->kh, k->kw);
    it->e = rows_mask(k->ke, k->kh, k->kw);
    it->stride = k->kw + 1;
    it->left = side == 0;
    it->mine = it->todo = it->left ? it->x : it->o;
    it->src = it->dsts = it->dst = it->hits = it->free = 0;
}

static inline int amazons_next(amazons_iter *it, amazons_pos *pos)
{
    u64 hit, moved;
    while (!it->hits) {
        while (!it->dsts) {
            if (!it->todo)
                return 0;
            it->src = it->todo & (~it->todo + 1);
            it->todo ^= it->src;
            it->dsts = amazons_reach(it->src, it->e, it->stride);
        }
        it->dst = it->dsts & (~it->dsts + 1);
        it->dsts ^= it->dst;
        it->free = (it->e | it->src) & ~it->dst;
        it->hits = amazons_reach(it->dst, it->free, it->stride);
    }
    hit = it->hits & (~it->hits + 1);
    it->hits ^= hit;
    moved = (it->mine ^ it->src) | it->dst;
    pos->x = it->left ? moved : it->x;
    pos->o = it->left ? it->o : moved;
    pos->e = it->free & ~hit;
    pos->stride = it->stride;
    return 1;
}

/* The king-step neighbours of the squares m (stride): the spare column stops wrapping. */
static inline u64 amazons_around(u64 m, int stride)
{
    return (m << 1) | (m >> 1) | shl(m, stride) | shr(m, stride) | shl(m, stride + 1)
           | shr(m, stride + 1) | shl(m, stride - 1) | shr(m, stride - 1);
}

/* The groups of x | o | e joined by king steps that hold an amazon and an empty square
 * (the others are 0), by their lowest square. */
static inline int amazons_regions(const amazons_pos *pos, u64 *comps)
{
    u64 amazons = pos->x | pos->o, mask = amazons | pos->e;
    int n = 0;
    while (mask) {
        u64 comp = mask & (~mask + 1);
        for (;;) {
            u64 grown = (comp | amazons_around(comp, pos->stride)) & mask;
            if (grown == comp)
                break;
            comp = grown;
        }
        mask ^= comp;
        if ((comp & amazons) && (comp & pos->e))
            comps[n++] = comp;
    }
    return n;
}

/* One image of the planes: its rows of plane p are rows[p][flip ? n - 1 - i : i]. */
typedef struct {
    const u64 *rows[3];
    int flip;
} amazons_image;

/* -1, 0, 1: image a against image b (n rows each, plane by plane). */
static inline int amazons_cmp(const amazons_image *a, const amazons_image *b, int n)
{
    int p, i;
    for (p = 0; p < 3; p++)
        for (i = 0; i < n; i++) {
            u64 x = a->rows[p][a->flip ? n - 1 - i : i], y = b->rows[p][b->flip ? n - 1 - i : i];
            if (x != y)
                return x < y ? -1 : 1;
        }
    return 0;
}

/* The least image of the planes x, o, e (h rows of w bits) under the 8 symmetries of the
 * square, or the least with x and o swapped when strictly less (*swapped = 1): swap_key.
 * Images are compared as (h, w, x rows, o rows, e rows): when h < w no transposed image
 * (w rows) can be least, when h > w only they can. */
static void amazons_least(u64 const *const src[3], int h, int w, amazons_key *key,
                          int *swapped)
{
    u64 t[3][MAXROWS], r[3][MAXROWS], rt[3][MAXROWS];
    u64 *out[3] = {key->kx, key->ko, key->ke};
    amazons_image best = {{NULL, NULL, NULL}, 0}, img;
    int p, i, c, k, sw, from = h > w ? 4 : 0, to = h < w ? 4 : 8, n = h > w ? w : h;
    for (p = 0; p < 3; p++) {
        if (from == 0)
            for (i = 0; i < h; i++)
                r[p][i] = reverse_bits(src[p][i], w);
        if (to == 8) {
            memset(t[p], 0, (size_t)w * sizeof(u64));
            for (i = 0; i < h; i++)
                for (c = 0; c < w; c++)
                    t[p][c] |= ((src[p][i] >> c) & 1u) << i;
            for (c = 0; c < w; c++)
                rt[p][c] = reverse_bits(t[p][c], h);
        }
    }
    *swapped = 0;
    for (sw = 0; sw < 2; sw++) {
        for (k = from; k < to; k++) {
            for (p = 0; p < 3; p++) {
                int q = sw && p < 2 ? 1 - p : p; /* swapped: x and o trade places */
                img.rows[p] = k >> 2 ? ((k & 1) ? rt[q] : t[q]) : ((k & 1) ? r[q] : src[q]);
            }
            img.flip = (k & 2) != 0;
            /* a swapped image wins only when strictly less than every plain one */
            if (k == from && sw == 0) {
                best = img;
            } else if (amazons_cmp(&img, &best, n) < 0) {
                best = img;
                *swapped = sw;
            }
        }
    }
    key->kh = n;
    key->kw = h + w - n;
    for (p = 0; p < 3; p++)
        for (i = 0; i < n; i++)
            out[p][i] = best.rows[p][best.flip ? n - 1 - i : i];
}

static inline int amazons_part(const amazons_pos *pos, u64 comp, amazons_key *key,
                               long *number, int *negated)
{
    u64 rows[3][MAXROWS];
    const u64 *planes[3] = {rows[0], rows[1], rows[2]};
    int r0, c0, h, w;
    (void)number;
    mask_box(comp, pos->stride, &r0, &c0, &h, &w);
    crop_rows(pos->x & comp, pos->stride, r0, c0, h, w, rows[0]);
    crop_rows(pos->o & comp, pos->stride, r0, c0, h, w, rows[1]);
    crop_rows(pos->e & comp, pos->stride, r0, c0, h, w, rows[2]);
    amazons_least(planes, h, w, key, negated);
    return 2;
}

static inline void amazons_pack(const amazons_key *k, u64 *a, u64 *b, uint32_t *tag)
{
    u64 x = pack_rows(k->kx, k->kh, k->kw), e = pack_rows(k->ke, k->kh, k->kw);
    *a = x | pack_rows(k->ko, k->kh, k->kw);
    *b = x | e;
    *tag = (uint32_t)GRID_KIND_AMAZONS << 24 | (uint32_t)popcount(e) << 16
           | (uint32_t)k->kh << 8 | (uint32_t)k->kw;
}

static inline void amazons_unpack(u64 a, u64 b, uint32_t tag, amazons_key *k)
{
    k->kh = (int)((tag >> 8) & 0xFF);
    k->kw = (int)(tag & 0xFF);
    unpack_rows(a & b, k->kh, k->kw, k->kx);
    unpack_rows(a & ~b, k->kh, k->kw, k->ko);
    unpack_rows(b & ~a, k->kh, k->kw, k->ke);
}

/* Read a key (h, w, x rows, o rows, e rows), h * (w + 1) <= 64, no square in two planes. */
static int amazons_key_read(PyObject *key, amazons_key *k, int walking)
{
    PyObject *t[3];
    u64 *planes[3] = {k->kx, k->ko, k->ke};
    Py_ssize_t i;
    int p;
    (void)walking;
    if (!PyTuple_Check(key)) {
        PyErr_SetString(PyExc_TypeError, "grid: a key is a tuple");
        return -1;
    }
    if (!PyArg_ParseTuple(key, "iiO!O!O!", &k->kh, &k->kw, &PyTuple_Type, &t[0], &PyTuple_Type,
                          &t[1], &PyTuple_Type, &t[2]))
        return -1;
    if (k->kh < 1 || k->kw < 1 || k->kw > 63 || k->kh * (k->kw + 1) > 64
        || PyTuple_GET_SIZE(t[0]) != k->kh || PyTuple_GET_SIZE(t[1]) != k->kh
        || PyTuple_GET_SIZE(t[2]) != k->kh) {
        PyErr_SetString(PyExc_ValueError,
                        "grid: a key is (h, w, x rows, o rows, e rows) within 64 bits");
        return -1;
    }
    for (i = 0; i < k->kh; i++) {
        for (p = 0; p < 3; p++) {
            unsigned long long v = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t[p], i));
            if (v == (unsigned long long)-1 && PyErr_Occurred())
                return -1;
            if ((v >> k->kw) != 0) {
                PyErr_SetString(PyExc_ValueError, "grid: a row wider than the key");
                return -1;
            }
            planes[p][i] = (u64)v;
        }
        if ((k->kx[i] & k->ko[i]) || (k->kx[i] & k->ke[i]) || (k->ko[i] & k->ke[i])) {
            PyErr_SetString(PyExc_ValueError, "grid: a square in two planes of the key");
            return -1;
        }
    }
    return 0;
}

static PyObject *amazons_key_object(const amazons_key *k)
{
    PyObject *x = rows_tuple(k->kx, k->kh), *o = NULL, *e = NULL;
    if (x == NULL || (o = rows_tuple(k->ko, k->kh)) == NULL
        || (e = rows_tuple(k->ke, k->kh)) == NULL) {
        Py_XDECREF(x);
        Py_XDECREF(o);
        return NULL;
    }
    return Py_BuildValue("(iiNNN)", k->kh, k->kw, x, o, e);
}

#define WALK_PREFIX amazons
#define WALK_KIND GRID_KIND_AMAZONS
#define WALK_KEY amazons_key
#define WALK_POS amazons_pos
#define WALK_ITER amazons_iter
#define WALK_MAXOPT 64 /* on the stack; more go to the heap (walk.h) */
#define WALK_IMPARTIAL 0
#include "walk.h"

PyMethodDef GRUNDY_AMAZONS_METHODS[] = {
    GRID_WALK_METHODS(amazons),
    {NULL, NULL, 0, NULL},
};
