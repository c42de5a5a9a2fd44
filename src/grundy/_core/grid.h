/* Shared pieces of the compiled grid and strip games (dom.c, tf.c, clob.c, col.c,
 * konane.c, with the generic walk of walk.h and the memos of memo.c).
 *
 * A board w wide keeps cell (r, c) at bit r*(w+1) + c of a uint64 (one spare column, so
 * shifting by one never wraps into the next row): boards of h*(w+1) <= 64 bits, which
 * covers every board up to 7x7 (and 6x8, 5x9, 4x11, 3x15, ...). Bigger masks are refused
 * (OverflowError) and the caller runs the pure-Python code instead.
 *
 * The memos of the walks live in the module's state (grid_state, PEP 3121), one per kind
 * (GRID_KIND_*, also the kind of a memo's raw records in checkpoints), with a guard that
 * lets one thread at a time walk or change them (checked in C: grid_enter).
 */
#ifndef GRUNDY_GRID_H
#define GRUNDY_GRID_H

#include "core.h"

typedef uint64_t u64;

#define MAXROWS 64

/* The kinds of memo (and of raw records): each walk's tag carries its kind in bits 24-31. */
enum {
    GRID_KIND_DOM = 0,
    GRID_KIND_TF = 1,
    GRID_KIND_CLOB = 2,
    GRID_KIND_COL = 3,
    GRID_KIND_SNORT = 4,
    GRID_KIND_KONANE = 5,
    GRID_KIND_CRAM = 6,
    GRID_KIND_FISSION = 7,
    GRID_KIND_AMAZONS = 8,
    GRID_KINDS = 9
};

/* ---- bit tricks in portable C99 (no compiler builtins) ------------------------------ */

extern const int GRID_DEBRUIJN[64];

static inline int low_bit(u64 x) /* x != 0 */
{
    return GRID_DEBRUIJN[((x & (~x + 1)) * 0x022FDD63CC95386Dull) >> 58];
}

static inline int bit_length(u64 x)
{
    int n = 0;
    if (x >> 32) {
        x >>= 32;
        n += 32;
    }
    if (x >> 16) {
        x >>= 16;
        n += 16;
    }
    if (x >> 8) {
        x >>= 8;
        n += 8;
    }
    if (x >> 4) {
        x >>= 4;
        n += 4;
    }
    if (x >> 2) {
        x >>= 2;
        n += 2;
    }
    if (x >> 1) {
        x >>= 1;
        n += 1;
    }
    return n + (int)x;
}

static inline int popcount(u64 x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline u64 reverse_bits(u64 x, int w)
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
static inline int rows_cmp(const u64 *a, const u64 *b, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

static inline u64 shl(u64 x, int n)
{
    return n >= 64 ? 0 : x << n;
}

static inline u64 shr(u64 x, int n)
{
    return n >= 64 ? 0 : x >> n;
}

static inline u64 near_of(u64 m, int stride)
{
    return (m << 1) | (m >> 1) | shl(m, stride) | shr(m, stride);
}

static inline u64 board_full(int h, int w)
{
    u64 full = 0, row = (((u64)1) << w) - 1;
    int r;
    for (r = 0; r < h; r++)
        full |= row << (r * (w + 1));
    return full;
}

/* The bounding box (r0, c0, h, w) of the set bits of m (m != 0). */
static inline void mask_box(u64 m, int stride, int *r0, int *c0, int *h, int *w)
{
    u64 cols = 0, row = (((u64)1) << (stride - 1)) - 1;
    int lo = low_bit(m) / stride, hi = (bit_length(m) - 1) / stride, r;
    for (r = lo; r <= hi; r++)
        cols |= (m >> (r * stride)) & row;
    *r0 = lo;
    *c0 = low_bit(cols);
    *h = hi - lo + 1;
    *w = bit_length(cols) - *c0;
}

/* The h rows of w bits of m from (r0, c0). */
static inline void crop_rows(u64 m, int stride, int r0, int c0, int h, int w, u64 *rows)
{
    u64 row = (((u64)1) << w) - 1;
    int r;
    for (r = 0; r < h; r++)
        rows[r] = (m >> ((r0 + r) * stride + c0)) & row;
}

/* rows (h of w bits) as a board of stride w + 1 */
static inline u64 rows_mask(const u64 *rows, int h, int w)
{
    u64 m = 0;
    int r;
    for (r = 0; r < h; r++)
        m |= rows[r] << (r * (w + 1));
    return m;
}

/* rows (h of w bits) packed w bits a row (a memo key) */
static inline u64 pack_rows(const u64 *rows, int h, int w)
{
    u64 bits = 0;
    int r;
    for (r = 0; r < h; r++)
        bits |= rows[r] << (r * w);
    return bits;
}

/* the h rows of w bits of a packed key */
static inline void unpack_rows(u64 bits, int h, int w, u64 *rows)
{
    u64 full = (((u64)1) << w) - 1;
    int r;
    for (r = 0; r < h; r++)
        rows[r] = (bits >> (r * w)) & full;
}

/* The 4-connected component of mask (stride) holding its lowest cell (mask != 0). */
static inline u64 grid_first_component(u64 mask, int stride)
{
    u64 comp = mask & (~mask + 1);
    for (;;) {
        u64 grown = (comp | near_of(comp, stride)) & mask;
        if (grown == comp)
            return comp;
        comp = grown;
    }
}

/* The 4-connected components of mask (stride), by their lowest cell; those of one cell
 * too when `singles`, else left out. Returns how many. */
static inline int grid_components(u64 mask, int stride, u64 *comps, int singles)
{
    int n = 0;
    while (mask) {
        u64 comp = grid_first_component(mask, stride);
        mask ^= comp;
        if (singles || (comp & (comp - 1)))
            comps[n++] = comp;
    }
    return n;
}

/* ---- shared shapes and arguments (grid_common.c) -------------------------------------- */

/* The least of the four images of rows (h rows of w bits) that keep rows as rows. */
void least_plain(const u64 *rows, int h, int w, u64 *best);
/* The least image (kh rows of kw bits, planes ka and kb) of the planes a and b (h rows of
 * w bits) under the 8 symmetries of the square, or, when strictly less, the least with the
 * planes swapped (*swapped = 1: the colours swapped, the value negated). */
void pair_least(const u64 *a, const u64 *b, int h, int w, int *kh, int *kw, int *swapped,
                u64 *ka, u64 *kb);
/* The same over the 8 symmetries with `swaps` 1 (no swap) or 2 (as pair_least); *transposed
 * says the least image is a transposed one (of equal images, one not transposed wins). */
void images_least(const u64 *a, const u64 *b, int h, int w, int swaps, int *kh, int *kw,
                  int *swapped, int *transposed, u64 *ka, u64 *kb);
PyObject *rows_tuple(const u64 *rows, int n);

/* A keyed region of two planes: the key image (kh rows of kw bits). */
typedef struct {
    int kh, kw, swapped;
    u64 ka[MAXROWS], kb[MAXROWS];
} pair_shape;

/* A pair key's memo key (kind in the tag's top byte) and back. */
static inline void pair_pack(const pair_shape *k, int kind, u64 *a, u64 *b, uint32_t *tag)
{
    *a = pack_rows(k->ka, k->kh, k->kw);
    *b = pack_rows(k->kb, k->kh, k->kw);
    *tag = (uint32_t)kind << 24 | (uint32_t)popcount(*a | *b) << 16 | (uint32_t)k->kh << 8
           | (uint32_t)k->kw;
}

static inline void pair_unpack(u64 a, u64 b, uint32_t tag, pair_shape *k)
{
    k->kh = (int)((tag >> 8) & 0xFF);
    k->kw = (int)(tag & 0xFF);
    k->swapped = 0;
    unpack_rows(a, k->kh, k->kw, k->ka);
    unpack_rows(b, k->kh, k->kw, k->kb);
}

/* The key image of the planes a, b cropped to the box (r0, c0, h, w). */
void pair_shape_of(u64 a, u64 b, int stride, int r0, int c0, int h, int w, pair_shape *out);

/* A walk's part hook (walk.h) for a region comp of the planes a, b: its key image in the
 * region's bounding box, negated when the image swaps the planes. Returns 2. */
static inline int pair_part(u64 a, u64 b, u64 comp, int stride, pair_shape *key, int *negated)
{
    int r0, c0, h, w;
    mask_box(comp, stride, &r0, &c0, &h, &w);
    pair_shape_of(a & comp, b & comp, stride, r0, c0, h, w, key);
    *negated = key->swapped;
    return 2;
}
PyObject *pair_key_tuple(const pair_shape *sh);
/* The part (key, flag, region), key and region stolen; NULL when either is (an exception
 * set) or on failure. */
PyObject *part_of(PyObject *key, int flag, PyObject *region);
/* Append (key, swapped, region) to the list out; region is stolen. 0 or -1. */
int append_part(PyObject *out, const pair_shape *sh, PyObject *region);
/* Read a key (h, w, a rows, b rows), h * (w + 1) <= 64; disjoint: no bit in both. */
int pair_key_args(PyObject *key, int disjoint, pair_shape *sh);
/* Build (lefts list, rights list) from two lists (stolen); NULL when either is. */
PyObject *two_sides(PyObject *lefts, PyObject *rights);
/* The same, each list filled by collect(ctx, side, list) (0, or -1 with an exception set). */
PyObject *two_sides_of(int (*collect)(void *ctx, int side, PyObject *list), void *ctx);
/* The items of the list (stolen) as a tuple; NULL on failure. */
PyObject *tuple_of(PyObject *list);
/* Append item (stolen; NULL: an exception is already set) to the list out. 0 or -1. */
int append_stolen(PyObject *out, PyObject *item);
/* Read (h, w, masks...) of a board, h * (w + 1) <= 64, no bit off the board. */
int masks_args(PyObject *args, const char *fmt, int *h, int *w, u64 *masks, int n, int *flag);

/* ---- the memos (memo.c) ----------------------------------------------------------------
 *
 * A memo: key (a, b, tag) -> id; tag != 0, its bits 24-31 the kind, 16-23 the key's size
 * (cells or squares: of one age, the biggest are dropped first past the limit), 8-15 and
 * 0-7 what the kind says (h and w of a grid key). Each slot's stamp (the epoch of its last
 * store or hit) lies after the slots, in the same block, and the memo's epoch after the
 * stamps. */
typedef struct {
    u64 a, b;
    uint32_t tag;
    int32_t gid;
} grid_slot;

typedef struct {
    grid_slot *slots;
    int64_t cap;       /* a power of two, or 0 */
    int64_t count;
    int64_t evaluated; /* regions worked out since the last clear */
    int64_t evictions;
} grid_memo;

/* The module's state: the memos, and which thread walks them (depth > 0). */
typedef struct {
    grid_memo memos[GRID_KINDS];
    unsigned long owner;
    int depth;
} grid_state;

#define GRID_TAG_SIZE(tag) ((int)(((tag) >> 16) & 0xFF))
#define GRID_STAMPS(M) ((uint8_t *)((M)->slots + (M)->cap))
#define GRID_EPOCH(M) (GRID_STAMPS(M)[(M)->cap])
#define GRID_TICK_EVERY 4096

static inline u64 grid_hash(u64 a, u64 b, uint32_t tag)
{
    u64 z = a ^ (b * 0xD6E8FEB86659FD93ull) ^ ((u64)tag * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The slot holding the key, or the empty slot where it would go (M->cap > 0). */
static inline int64_t grid_find(const grid_memo *M, u64 a, u64 b, uint32_t tag)
{
    int64_t i = (int64_t)(grid_hash(a, b, tag) & (u64)(M->cap - 1));
    while (M->slots[i].tag != 0
           && (M->slots[i].tag != tag || M->slots[i].a != a || M->slots[i].b != b))
        i = (i + 1) & (M->cap - 1);
    return i;
}

static inline int grid_lookup(const grid_memo *M, u64 a, u64 b, uint32_t tag) /* id or -1 */
{
    int64_t i;
    if (M->cap == 0)
        return -1;
    i = grid_find(M, a, b, tag);
    if (M->slots[i].tag == 0)
        return -1;
    GRID_STAMPS(M)[i] = GRID_EPOCH(M);
    return M->slots[i].gid;
}

/* Store key -> gid; past `limit` entries about a quarter is dropped first (those untouched
 * for longest, of one age the biggest). 0, or -1 with MemoryError. */
int grid_store(grid_memo *M, u64 a, u64 b, uint32_t tag, int32_t gid, int64_t limit);
void grid_memo_free(grid_memo *M);
PyObject *grid_memo_stats(const grid_memo *M);

/* The walks' memos in the state of the module `self` (module.c). */
grid_state *grid_state_of(PyObject *self);
void grid_state_free(grid_state *st);
/* Take the memos for this thread (re-entrant in it): -1 with RuntimeError set when another
 * thread walks them (it called back into Python). grid_leave gives them back. */
int grid_enter(grid_state *st);
void grid_leave(grid_state *st);

/* One walk: its memo, the progress callback, the memo's limit. */
typedef struct {
    grid_memo *M;
    PyObject *tick;
    int64_t limit;
    int64_t before; /* the memo's count of regions worked out when the call began */
    canon_table *canon; /* the table of canonical games (the module's) */
} grid_walk;

/* Count one new region; every GRID_TICK_EVERY, call tick(regions since the call began).
 * -1 when it raised. */
static inline int grid_counted(grid_walk *wk)
{
    grid_memo *M = wk->M;
    M->evaluated++;
    if (M->evaluated % GRID_TICK_EVERY == 0 && wk->tick != Py_None) {
        PyObject *res = PyObject_CallFunction(wk->tick, "L", (long long)(M->evaluated - wk->before));
        if (res == NULL)
            return -1;
        Py_DECREF(res);
    }
    return 0;
}

/* The method table entries of the walk named p (walk.h makes the functions). */
#define GRID_WALK_METHODS(p)                                                                \
    {#p "_value", p##_value, METH_VARARGS,                                                  \
     #p "_value(key, tick, limit) -> (id, new regions): the value of a key image"},         \
        {#p "_memo", p##_memo, METH_NOARGS, #p "_memo() -> [(key, id), ...]: the memo"},    \
        {#p "_memo_add", p##_memo_add, METH_VARARGS,                                        \
         #p "_memo_add(key, id, limit): remember a key's value (a checkpoint)"},            \
        {#p "_memo_stats", p##_memo_stats, METH_NOARGS,                                     \
         #p "_memo_stats() -> (entries, evaluated, evictions, bytes)"}

/* The method table entries p_split and p_options of a board game (docs p_split_doc and
 * p_options_doc), both taking their arguments as flags says. */
#define GRID_BOARD_METHODS(p, flags)                                                        \
    {#p "_split", p##_split, flags, p##_split_doc},                                         \
        {#p "_options", p##_options, flags, p##_options_doc}

extern PyMethodDef GRUNDY_MEMO_METHODS[];
extern PyMethodDef GRUNDY_DOM_METHODS[];
extern PyMethodDef GRUNDY_TF_METHODS[];
extern PyMethodDef GRUNDY_CLOB_METHODS[];
extern PyMethodDef GRUNDY_COL_METHODS[];
extern PyMethodDef GRUNDY_KONANE_METHODS[];
extern PyMethodDef GRUNDY_FISSION_METHODS[];
extern PyMethodDef GRUNDY_AMAZONS_METHODS[];

#endif
