/* Toads-and-Frogs strips (the split, the options and the walk of walk.h).
 *
 * A strip of n <= 62 squares: bit i of t (toads) and f (frogs) is square i, left to right.
 * The dead pieces (the largest set D of pieces each blocked for good by D or the end of
 * the strip: a toad whose square ahead is the end or holds a toad of D, or a frog of D
 * with the end or a piece of D beyond it; frogs likewise leftwards) are cut out, and the
 * strip splits there into blocks (grundy.cgt.games.toads_frogs._live_blocks, the
 * reference). A block where no toad has a frog ahead is a number (each toad walks over
 * the empty squares to its right, each frog over those to its left); any other is keyed
 * by the least, as text ('.' < 'f' < 't'), of itself and its mirror image with colours
 * swapped (which negates the value).
 */

#include "grid.h"

static u64 tf_dead(u64 t, u64 f, int n)
{
    u64 E = (u64)1 << n, D = t | f;
    for (;;) {
        u64 dt = D & t, df = D & f;
        u64 tok = dt & (((dt | E) >> 1) | ((df >> 1) & ((D | E) >> 2)));
        u64 fok = df & (((df << 1) | 1u) | ((dt << 1) & ((D << 2) | 2u)));
        u64 nd = tok | fok;
        if (nd == D)
            return D;
        D = nd;
    }
}
static int tf_rank(u64 t, u64 f, int i)
{
    return ((t >> i) & 1u) ? 2 : ((f >> i) & 1u) ? 1 : 0;
}

typedef struct {
    int is_number;
    long number;
    int n;
    u64 t, f;   /* the block */
    u64 kt, kf; /* its key */
    int mirrored;
} tf_block;

/* Work out the block of n squares (toads t, frogs f, at bit 0 up). */
static void tf_block_of(u64 t, u64 f, int n, tf_block *out)
{
    u64 full = ((u64)1 << n) - 1, empty = ~(t | f) & full, mt = 0, mf = 0;
    int i;
    out->n = n;
    out->t = t;
    out->f = f;
    if (t == 0 || f == 0 || (bit_length(f) - 1) < low_bit(t)) {
        long total = 0;
        for (i = 0; i < n; i++) {
            if ((t >> i) & 1u)
                total += popcount(empty >> i);
            else if ((f >> i) & 1u)
                total -= popcount(empty & ((((u64)1) << i) - 1));
        }
        out->is_number = 1;
        out->number = total;
        return;
    }
    out->is_number = 0;
    for (i = 0; i < n; i++) {
        if ((t >> i) & 1u)
            mf |= (u64)1 << (n - 1 - i);
        if ((f >> i) & 1u)
            mt |= (u64)1 << (n - 1 - i);
    }
    out->mirrored = 0;
    for (i = 0; i < n; i++) {
        int a = tf_rank(t, f, i), b = tf_rank(mt, mf, i);
        if (a != b) {
            out->mirrored = b < a;
            break;
        }
    }
    out->kt = out->mirrored ? mt : t;
    out->kf = out->mirrored ? mf : f;
}
/* The live blocks of a strip (runs of squares that are not dead, tf_dead) that hold a
 * piece, as masks of their squares, left to right. Returns how many (at most n). */
static inline int tf_live_blocks(u64 t, u64 f, int n, u64 *comps)
{
    u64 D = tf_dead(t, f, n), pieces = t | f;
    int i = 0, k = 0;
    while (i < n) {
        int lo;
        if ((D >> i) & 1u) {
            i++;
            continue;
        }
        lo = i;
        while (i < n && !((D >> i) & 1u))
            i++;
        {
            u64 m = (((u64)1 << (i - lo)) - 1) << lo;
            if (pieces & m)
                comps[k++] = m;
        }
    }
    return k;
}
/* The block of a strip on the squares of comp (a run of them). */
static inline void tf_block_at(u64 t, u64 f, u64 comp, tf_block *out)
{
    int lo = low_bit(comp), len = bit_length(comp) - lo;
    u64 m = ((u64)1 << len) - 1;
    tf_block_of((t >> lo) & m, (f >> lo) & m, len, out);
}
static PyObject *tf_text(u64 t, u64 f, int n)
{
    char buf[64];
    int i;
    for (i = 0; i < n; i++)
        buf[i] = ((t >> i) & 1u) ? 't' : ((f >> i) & 1u) ? 'f' : '.';
    return PyUnicode_FromStringAndSize(buf, n);
}
static PyObject *tf_parts(u64 t, u64 f, int n)
{
    tf_block blocks[64];
    u64 comps[64];
    int k = tf_live_blocks(t, f, n, comps), i;
    PyObject *out = PyTuple_New(k);
    if (out == NULL)
        return NULL;
    for (i = 0; i < k; i++)
        tf_block_at(t, f, comps[i], &blocks[i]);
    for (i = 0; i < k; i++) {
        PyObject *part;
        if (blocks[i].is_number) {
            part = Py_BuildValue("(OlO)", Py_None, blocks[i].number, Py_None);
        } else {
            PyObject *key = tf_text(blocks[i].kt, blocks[i].kf, blocks[i].n);
            part = part_of(key, blocks[i].mirrored,
                           key == NULL ? NULL : tf_text(blocks[i].t, blocks[i].f, blocks[i].n));
        }
        if (part == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, part);
    }
    return out;
}
/* Read a strip (text of t f .); 0, or -1 with ValueError. */
static int tf_arg(PyObject *text, u64 *t, u64 *f, int *n)
{
    Py_ssize_t len, i;
    const char *s;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "grid: a strip is a str");
        return -1;
    }
    s = PyUnicode_AsUTF8AndSize(text, &len);
    if (s == NULL)
        return -1;
    if (len > 62) {
        PyErr_SetString(PyExc_OverflowError, "grid: a strip of more than 62 squares");
        return -1;
    }
    *t = *f = 0;
    for (i = 0; i < len; i++) {
        if (s[i] == 't')
            *t |= (u64)1 << i;
        else if (s[i] == 'f')
            *f |= (u64)1 << i;
        else if (s[i] != '.') {
            PyErr_SetString(PyExc_ValueError, "grid: a strip holds t, f and . only");
            return -1;
        }
    }
    *n = (int)len;
    return 0;
}
/* The strip after the move of the piece at i (Left: a toad), or 0 when it cannot move. */
static int tf_move(u64 t, u64 f, int n, int i, int left, u64 *nt, u64 *nf)
{
    u64 empty = ~(t | f) & (((u64)1 << n) - 1), bit = (u64)1 << i;
    if (left) {
        if (i + 1 < n && (empty >> (i + 1)) & 1u) {
            *nt = t ^ bit ^ (bit << 1);
            *nf = f;
            return 1;
        }
        if (i + 2 < n && (f >> (i + 1)) & 1u && (empty >> (i + 2)) & 1u) {
            *nt = t ^ bit ^ (bit << 2);
            *nf = f;
            return 1;
        }
        return 0;
    }
    if (i >= 1 && (empty >> (i - 1)) & 1u) {
        *nf = f ^ bit ^ (bit >> 1);
        *nt = t;
        return 1;
    }
    if (i >= 2 && (t >> (i - 1)) & 1u && (empty >> (i - 2)) & 1u) {
        *nf = f ^ bit ^ (bit >> 2);
        *nt = t;
        return 1;
    }
    return 0;
}
/* ---- the walk's hooks (walk.h) ---- */

typedef struct {
    u64 t, f;
    int n;
} tf_key;

typedef struct {
    u64 t, f, mine;
    int n, i, left;
} tf_iter;

static inline void tf_pack(const tf_key *k, u64 *a, u64 *b, uint32_t *tag)
{
    *a = k->t;
    *b = k->f;
    *tag = (uint32_t)GRID_KIND_TF << 24 | (uint32_t)k->n << 16 | (uint32_t)k->n;
}

static inline void tf_unpack(u64 a, u64 b, uint32_t tag, tf_key *k)
{
    k->t = a;
    k->f = b;
    k->n = (int)(tag & 0xFF);
}

static inline void tf_begin(const tf_key *k, int side, tf_iter *it)
{
    it->t = k->t;
    it->f = k->f;
    it->n = k->n;
    it->i = 0;
    it->left = side == 0;
    it->mine = side == 0 ? k->t : k->f;
}

static inline int tf_next(tf_iter *it, tf_key *pos)
{
    while (it->i < it->n) {
        int i = it->i++;
        if (((it->mine >> i) & 1u) && tf_move(it->t, it->f, it->n, i, it->left, &pos->t, &pos->f)) {
            pos->n = it->n;
            return 1;
        }
    }
    return 0;
}

PyDoc_STRVAR(tf_split_doc, "tf_split(strip) -> parts of a Toads-and-Frogs strip");

static PyObject *tf_split(PyObject *self, PyObject *arg)
{
    u64 t, f;
    int n;
    (void)self;
    if (tf_arg(arg, &t, &f, &n) < 0)
        return NULL;
    return tf_parts(t, f, n);
}
PyDoc_STRVAR(tf_options_doc,
             "tf_options(strip) -> (parts of each Left option, parts of each Right option)");

static int tf_collect(void *ctx, int side, PyObject *list)
{
    tf_iter it;
    tf_key pos;
    tf_begin((const tf_key *)ctx, side, &it);
    while (tf_next(&it, &pos))
        if (append_stolen(list, tf_parts(pos.t, pos.f, pos.n)) < 0)
            return -1;
    return 0;
}

static PyObject *tf_options(PyObject *self, PyObject *arg)
{
    tf_key k;
    (void)self;
    if (tf_arg(arg, &k.t, &k.f, &k.n) < 0)
        return NULL;
    return two_sides_of(tf_collect, &k);
}

/* ---- the walk's other hooks (walk.h) ---- */

static inline int tf_regions(const tf_key *pos, u64 *comps)
{
    return tf_live_blocks(pos->t, pos->f, pos->n, comps);
}

static inline int tf_part(const tf_key *pos, u64 comp, tf_key *key, long *number, int *negated)
{
    tf_block bl;
    tf_block_at(pos->t, pos->f, comp, &bl);
    if (bl.is_number) {
        *number = bl.number;
        return 1;
    }
    key->t = bl.kt;
    key->f = bl.kf;
    key->n = bl.n;
    *negated = bl.mirrored;
    return 2;
}

static int tf_key_read(PyObject *key, tf_key *k, int walking)
{
    (void)walking;
    return tf_arg(key, &k->t, &k->f, &k->n);
}

static PyObject *tf_key_object(const tf_key *k)
{
    return tf_text(k->t, k->f, k->n);
}

#define WALK_PREFIX tf
#define WALK_KIND GRID_KIND_TF
#define WALK_KEY tf_key
#define WALK_POS tf_key
#define WALK_ITER tf_iter
#define WALK_MAXOPT 64
#include "walk.h"

PyMethodDef GRUNDY_TF_METHODS[] = {
    GRID_BOARD_METHODS(tf, METH_O),
    GRID_WALK_METHODS(tf),
    {NULL, NULL, 0, NULL},
};
