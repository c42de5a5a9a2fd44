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

/* Bit tricks in portable C99 (no compiler builtins): a de Bruijn sequence for the lowest
 * set bit, halving for the length, SWAR for the count. */
static const int DEBRUIJN_INDEX[64] = {
    0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
    22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
    23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};

static int low_bit(u64 x) /* x != 0 */
{
    return DEBRUIJN_INDEX[((x & (~x + 1)) * 0x022FDD63CC95386Dull) >> 58];
}

static int bit_length(u64 x)
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

static int popcount(u64 x)
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
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

/* One component, worked out: a number (only one player can move), or its key image. */
typedef struct {
    int is_number;
    long number;
    int h, w;          /* the component cropped: h rows of w bits */
    u64 mask;          /* the component cropped, stride w + 1 */
    int kh, kw;        /* the key image: kh rows of kw bits */
    int transposed;    /* the key image is transposed (negative value) */
    u64 key[MAXROWS];
} dom_shape;

static void dom_shape_of(u64 comp, int stride, int w, dom_shape *out)
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
        out->kh = nw;
        out->kw = h;
        memcpy(out->key, turned, (size_t)nw * sizeof(u64));
    } else {
        out->kh = h;
        out->kw = nw;
        memcpy(out->key, plain, (size_t)h * sizeof(u64));
    }
    for (r = 0; r < h; r++)
        mask |= rows[r] << (r * (nw + 1));
    out->mask = mask;
}

/* The part of one component (comp, a board of stride `stride`, w columns). */
static PyObject *dom_part(u64 comp, int stride, int w)
{
    dom_shape sh;
    PyObject *key, *region, *t;
    dom_shape_of(comp, stride, w, &sh);
    if (sh.is_number)
        return Py_BuildValue("(OlO)", Py_None, sh.number, Py_None);
    t = rows_tuple(sh.key, sh.kh);
    key = t == NULL ? NULL : Py_BuildValue("(iiN)", sh.kh, sh.kw, t);
    if (key == NULL)
        return NULL;
    region = Py_BuildValue("(iiK)", sh.h, sh.w, (unsigned long long)sh.mask);
    if (region == NULL) {
        Py_DECREF(key);
        return NULL;
    }
    return Py_BuildValue("(NON)", key, sh.transposed ? Py_True : Py_False, region);
}

/* The components of two cells or more of mask (stride w + 1), by their lowest cell. */
static int dom_components(u64 mask, int stride, u64 *comps)
{
    int n = 0;
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
    return n;
}

/* The parts of a board (mask, stride w+1): one per component of two cells or more. */
static PyObject *dom_split_mask(u64 mask, int w)
{
    int stride = w + 1, n, i;
    u64 comps[64];
    PyObject *out;
    n = dom_components(mask, stride, comps);
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

/* ---- the whole walk: the value of a region, memoised by key image ---------------------
 *
 * dom_value(h, w, rows, tick, limit) gives the id (in canon.c's table) of the key image
 * (h rows of w bits), evaluating every missing region below it by recursion (a move fills
 * two cells, so the depth is at most 32). The memo maps a key image, packed as its rows'
 * bits with (h, w), to its id; past `limit` entries a quarter is dropped, those untouched
 * (stored or found) for longest first, of one age those with the most cells first (a dropped
 * region is recomputed when needed again: a frame never reads the memo after its options
 * are known). Every TICK_EVERY new regions `tick(count)` is
 * called (progress, the time limit, checkpoints): an exception there stops the walk.
 * The memo holds ids of canon.c's table: grundy.clear_cache() empties both.
 */

/* A memo: key (a, b, tag) -> id; tag != 0, its bits 16-23 the key's size (cells or
 * squares), by which, of one age, the biggest are dropped first past the limit. */
typedef struct {
    u64 a, b;
    uint32_t tag;
    int32_t gid;
} dm_slot;

typedef struct {
    dm_slot *slots;
    int64_t cap;       /* a power of two, or 0 */
    int64_t count;
    int64_t evaluated; /* regions worked out since the last clear */
    int64_t evictions;
} dm_memo;

static dm_memo DM = {NULL, 0, 0, 0, 0};  /* Domineering: a = rows' bits, tag = size, h, w */
static dm_memo TFM = {NULL, 0, 0, 0, 0}; /* Toads-and-Frogs: a = toads, b = frogs, tag = n */
static dm_memo CLM = {NULL, 0, 0, 0, 0}; /* Clobber: a = x rows' bits, b = o rows' bits */

#define TICK_EVERY 4096
#define TAG_SIZE(tag) ((int)(((tag) >> 16) & 0xFF))

static u64 dm_hash(u64 a, u64 b, uint32_t tag)
{
    u64 z = a ^ (b * 0xD6E8FEB86659FD93ull) ^ ((u64)tag * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The slot holding the key, or the empty slot where it would go (M->cap > 0). */
static int64_t dm_find(const dm_memo *M, u64 a, u64 b, uint32_t tag)
{
    int64_t i = (int64_t)(dm_hash(a, b, tag) & (u64)(M->cap - 1));
    while (M->slots[i].tag != 0
           && (M->slots[i].tag != tag || M->slots[i].a != a || M->slots[i].b != b))
        i = (i + 1) & (M->cap - 1);
    return i;
}

/* Each slot's stamp (the epoch of its last store or hit) lies after the slots, in the same
 * block, and the memo's epoch after the stamps; an eviction drops the entries untouched for
 * longest first (the biggest regions first among those of one age) and starts a new epoch. */
#define DM_STAMPS(M) ((uint8_t *)((M)->slots + (M)->cap))
#define DM_EPOCH(M) (DM_STAMPS(M)[(M)->cap])
#define DM_AGES 4

static int dm_lookup(const dm_memo *M, u64 a, u64 b, uint32_t tag) /* the id or -1 */
{
    int64_t i;
    if (M->cap == 0)
        return -1;
    i = dm_find(M, a, b, tag);
    if (M->slots[i].tag == 0)
        return -1;
    DM_STAMPS(M)[i] = DM_EPOCH(M);
    return M->slots[i].gid;
}

static int dm_age(const dm_memo *M, int64_t i)
{
    int age = (uint8_t)(DM_EPOCH(M) - DM_STAMPS(M)[i]);
    return age < DM_AGES ? age : DM_AGES - 1;
}

/* The memo in a block of `cap` slots, keeping the entries older than `max_age` (0 to
 * DM_AGES - 1), or of that age and of sizes <= max_size (max_age DM_AGES: all). */
static int dm_rehash(dm_memo *M, int64_t cap, int max_age, int max_size)
{
    dm_slot *old = M->slots;
    uint8_t *old_stamps = old != NULL ? DM_STAMPS(M) : NULL, epoch = old != NULL ? DM_EPOCH(M) : 0;
    int64_t oldcap = M->cap, i;
    dm_slot *fresh;
    if ((uint64_t)cap > (uint64_t)PY_SSIZE_T_MAX / (sizeof(dm_slot) + 1) - 1) {
        PyErr_NoMemory();
        return -1;
    }
    fresh = (dm_slot *)calloc((size_t)cap * (sizeof(dm_slot) + 1) + 1, 1);
    if (fresh == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    M->slots = fresh;
    M->cap = cap;
    M->count = 0;
    DM_EPOCH(M) = epoch;
    for (i = 0; i < oldcap; i++) {
        if (old[i].tag != 0) {
            int age = (uint8_t)(epoch - old_stamps[i]);
            if (age > DM_AGES - 1)
                age = DM_AGES - 1;
            if (max_age >= DM_AGES || age < max_age
                || (age == max_age && TAG_SIZE(old[i].tag) <= max_size)) {
                int64_t j = dm_find(M, old[i].a, old[i].b, old[i].tag);
                M->slots[j] = old[i];
                DM_STAMPS(M)[j] = old_stamps[i];
                M->count++;
            }
        }
    }
    free(old);
    return 0;
}

/* Drop about a quarter of the entries: those untouched for longest first (a walk needs
 * again what it used lately), of one age the biggest first (small regions are below many
 * others), then start a new epoch. (Dropping half, or the biggest half whatever its age,
 * recomputes far more: Toads-and-Frogs ttttt...fffff at a limit of 10,000 of its 11,392
 * regions evaluates 31,491 regions so, 40,071 dropping the oldest half, and the biggest
 * half did not finish in minutes.) */
static int dm_evict(dm_memo *M)
{
    int64_t hist[DM_AGES][256], i, kept = 0;
    int age = 0, t = 0, found = 0;
    memset(hist, 0, sizeof hist);
    for (i = 0; i < M->cap; i++)
        if (M->slots[i].tag != 0)
            hist[dm_age(M, i)][TAG_SIZE(M->slots[i].tag)]++;
    for (age = 0; age < DM_AGES && !found; age++) {
        for (t = 0; t < 256; t++) {
            kept += hist[age][t];
            if (kept * 4 >= M->count * 3) {
                found = 1;
                break;
            }
        }
    }
    age--; /* the loop stepped past it */
    if (kept > M->count - M->count / 8) { /* keeping that size would keep too much */
        if (t > 0)
            t--;
        else if (age > 0) {
            age--;
            t = 255;
        }
    }
    M->evictions++;
    if (dm_rehash(M, M->cap, age, t) < 0)
        return -1;
    DM_EPOCH(M)++;
    return 0;
}

static int dm_store(dm_memo *M, u64 a, u64 b, uint32_t tag, int32_t gid, int64_t limit)
{
    int64_t i;
    if (M->count >= limit && M->count > 0 && dm_evict(M) < 0)
        return -1;
    if (M->cap == 0 || (M->count + 1) * 2 > M->cap) {
        if (dm_rehash(M, M->cap ? M->cap * 2 : 1024, DM_AGES, 255) < 0)
            return -1;
    }
    i = dm_find(M, a, b, tag);
    if (M->slots[i].tag == 0)
        M->count++;
    M->slots[i].a = a;
    M->slots[i].b = b;
    M->slots[i].tag = tag;
    M->slots[i].gid = gid;
    DM_STAMPS(M)[i] = DM_EPOCH(M);
    return 0;
}

static void dm_clear(dm_memo *M)
{
    free(M->slots);
    M->slots = NULL;
    M->cap = M->count = M->evaluated = M->evictions = 0;
}

static PyObject *dm_stats(const dm_memo *M)
{
    return Py_BuildValue("LLLL", (long long)M->count, (long long)M->evaluated,
                         (long long)M->evictions,
                         (long long)(M->cap * (int64_t)(sizeof(dm_slot) + 1)));
}

/* Count one new region; every TICK_EVERY, call tick(regions since the call began).
 * -1 when it raised. */
static int dm_counted(dm_memo *M, PyObject *tick, int64_t before)
{
    M->evaluated++;
    if (M->evaluated % TICK_EVERY == 0 && tick != Py_None) {
        PyObject *res = PyObject_CallFunction(tick, "L", (long long)(M->evaluated - before));
        if (res == NULL)
            return -1;
        Py_DECREF(res);
    }
    return 0;
}

static uint32_t dom_tag(int h, int w, u64 bits)
{
    return (uint32_t)popcount(bits) << 16 | (uint32_t)h << 8 | (uint32_t)w;
}

static u64 pack_rows(const u64 *rows, int h, int w)
{
    u64 bits = 0;
    int r;
    for (r = 0; r < h; r++)
        bits |= rows[r] << (r * w);
    return bits;
}

typedef struct {
    PyObject *tick;
    int64_t limit;
    int64_t before; /* the memo's count of regions worked out when the call began */
} dm_walk;

/* The id of the key image (h rows of w bits); -1 with an exception set. */
static int dm_value(const u64 *rows, int h, int w, dm_walk *wk)
{
    int L[64], R[64], nl = 0, nr = 0, side, stride = w + 1, r, gid;
    u64 bits = pack_rows(rows, h, w), mask = 0;
    uint32_t tag = dom_tag(h, w, bits);
    gid = dm_lookup(&DM, bits, 0, tag);
    if (gid >= 0)
        return gid;
    for (r = 0; r < h; r++)
        mask |= rows[r] << (r * stride);
    for (side = 0; side < 2; side++) {
        int step = side == 0 ? stride : 1;
        u64 spots = mask & (mask >> step);
        while (spots) {
            u64 low = spots & (~spots + 1), comps[64];
            int n = dom_components(mask ^ (low | (low << step)), stride, comps), k;
            int total = 0;
            long number = 0;
            for (k = 0; k < n; k++) {
                dom_shape sh;
                int sub;
                dom_shape_of(comps[k], stride, w, &sh);
                if (sh.is_number) {
                    number += sh.number;
                    continue;
                }
                sub = dm_value(sh.key, sh.kh, sh.kw, wk);
                if (sub < 0)
                    return -1;
                if (sh.transposed && (sub = canon_neg(sub)) < 0)
                    return -1;
                if ((total = canon_add(total, sub)) < 0)
                    return -1;
            }
            if (number) {
                int x = canon_integer(number);
                if (x < 0 || (total = canon_add(total, x)) < 0)
                    return -1;
            }
            if (side == 0)
                L[nl++] = total;
            else
                R[nr++] = total;
            spots ^= low;
        }
    }
    gid = canon_make(L, nl, R, nr);
    if (gid < 0)
        return -1;
    if (dm_store(&DM, bits, 0, tag, gid, wk->limit) < 0 || dm_counted(&DM, wk->tick, wk->before) < 0)
        return -1;
    return gid;
}

/* Read a key (h, w, rows): h rows of w bits, h * w <= 64; 0 or -1 with ValueError. */
static int key_args(PyObject *key, int *h, int *w, u64 *rows)
{
    PyObject *t;
    Py_ssize_t i;
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

PyDoc_STRVAR(dom_value_doc,
             "dom_value(key, tick, limit) -> (id, new regions): the value of a key image");

static PyObject *dom_value(PyObject *self, PyObject *args)
{
    PyObject *key, *tick;
    long long limit;
    int h, w, gid;
    u64 rows[MAXROWS];
    int64_t before = DM.evaluated;
    dm_walk wk;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!OL", &PyTuple_Type, &key, &tick, &limit))
        return NULL;
    if (key_args(key, &h, &w, rows) < 0)
        return NULL;
    if ((h) * (w + 1) > 64) {
        PyErr_SetString(PyExc_ValueError, "grid: the key's board is past 64 bits");
        return NULL;
    }
    wk.tick = tick;
    wk.limit = limit < 1 ? 1 : (int64_t)limit;
    wk.before = before;
    gid = dm_value(rows, h, w, &wk);
    if (gid < 0)
        return NULL;
    return Py_BuildValue("iL", gid, (long long)(DM.evaluated - before));
}

PyDoc_STRVAR(dom_memo_doc, "dom_memo() -> [((h, w, rows), id), ...]: the memo of dom_value");

static PyObject *dom_memo(PyObject *self, PyObject *noargs)
{
    PyObject *out = PyList_New(0);
    int64_t i;
    (void)self;
    (void)noargs;
    if (out == NULL)
        return NULL;
    for (i = 0; i < DM.cap; i++) {
        u64 rows[MAXROWS];
        int h, w, r;
        PyObject *t, *item;
        if (DM.slots[i].tag == 0)
            continue;
        h = (int)((DM.slots[i].tag >> 8) & 0xFF);
        w = (int)(DM.slots[i].tag & 0xFF);
        for (r = 0; r < h; r++)
            rows[r] = (DM.slots[i].a >> (r * w)) & ((((u64)1) << w) - 1);
        t = rows_tuple(rows, h);
        item = t == NULL ? NULL : Py_BuildValue("((iiN)i)", h, w, t, (int)DM.slots[i].gid);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

PyDoc_STRVAR(dom_memo_add_doc,
             "dom_memo_add(key, id, limit): remember the value of a key image (a checkpoint)");

static PyObject *dom_memo_add(PyObject *self, PyObject *args)
{
    PyObject *key;
    int h, w, gid;
    long long limit;
    u64 rows[MAXROWS];
    (void)self;
    if (!PyArg_ParseTuple(args, "O!iL", &PyTuple_Type, &key, &gid, &limit))
        return NULL;
    if (key_args(key, &h, &w, rows) < 0)
        return NULL;
    if (gid < 0 || gid >= canon_size()) {
        PyErr_SetString(PyExc_ValueError, "grid: not an id of the table");
        return NULL;
    }
    if (dm_store(&DM, pack_rows(rows, h, w), 0, dom_tag(h, w, pack_rows(rows, h, w)), gid,
                 limit < 1 ? 1 : (int64_t)limit) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static void pair_memos_clear(void); /* Col, Snort and Konane's memos (below) */

PyDoc_STRVAR(dom_memo_clear_doc, "dom_memo_clear(): forget every value (the table was reset)");

static PyObject *dom_memo_clear(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    dm_clear(&DM);
    dm_clear(&TFM);
    dm_clear(&CLM);
    pair_memos_clear();
    Py_RETURN_NONE;
}

PyDoc_STRVAR(dom_memo_stats_doc, "dom_memo_stats() -> (entries, evaluated, evictions, bytes)");

static PyObject *dom_memo_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return dm_stats(&DM);
}

/* ---- Toads-and-Frogs strips ------------------------------------------------------------
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

/* The blocks of a strip: calls back per block with at least one piece. Returns the count
 * written to blocks (at most n). */
static int tf_blocks(u64 t, u64 f, int n, tf_block *blocks)
{
    u64 D = tf_dead(t, f, n);
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
            int len = i - lo;
            u64 m = ((u64)1 << len) - 1, bt = (t >> lo) & m, bf = (f >> lo) & m;
            if (bt | bf)
                tf_block_of(bt, bf, len, &blocks[k++]);
        }
    }
    return k;
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
    int k = tf_blocks(t, f, n, blocks), i;
    PyObject *out = PyTuple_New(k);
    if (out == NULL)
        return NULL;
    for (i = 0; i < k; i++) {
        PyObject *part;
        if (blocks[i].is_number) {
            part = Py_BuildValue("(OlO)", Py_None, blocks[i].number, Py_None);
        } else {
            PyObject *key = tf_text(blocks[i].kt, blocks[i].kf, blocks[i].n);
            PyObject *reg = key == NULL ? NULL : tf_text(blocks[i].t, blocks[i].f, blocks[i].n);
            part = reg == NULL ? NULL
                               : Py_BuildValue("(NON)", key, blocks[i].mirrored ? Py_True : Py_False,
                                               reg);
            if (reg == NULL)
                Py_XDECREF(key);
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

static PyObject *tf_options(PyObject *self, PyObject *arg)
{
    u64 t, f;
    int n, side, i;
    PyObject *sides[2] = {NULL, NULL}, *out;
    (void)self;
    if (tf_arg(arg, &t, &f, &n) < 0)
        return NULL;
    for (side = 0; side < 2; side++) {
        u64 mine = side == 0 ? t : f;
        sides[side] = PyList_New(0);
        if (sides[side] == NULL)
            goto fail;
        for (i = 0; i < n; i++) {
            u64 nt, nf;
            PyObject *parts;
            if (!((mine >> i) & 1u) || !tf_move(t, f, n, i, side == 0, &nt, &nf))
                continue;
            parts = tf_parts(nt, nf, n);
            if (parts == NULL)
                goto fail;
            if (PyList_Append(sides[side], parts) < 0) {
                Py_DECREF(parts);
                goto fail;
            }
            Py_DECREF(parts);
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

static uint32_t tf_tag(int n)
{
    return (uint32_t)1 << 24 | (uint32_t)n << 16 | (uint32_t)n;
}

static int tf_value_of(u64 t, u64 f, int n, dm_walk *wk);

/* The id of the sum of the blocks of a strip; -1 with an exception set. */
static int tf_sum(u64 t, u64 f, int n, dm_walk *wk)
{
    tf_block blocks[64];
    int k = tf_blocks(t, f, n, blocks), i, total = 0;
    long number = 0;
    for (i = 0; i < k; i++) {
        int sub;
        if (blocks[i].is_number) {
            number += blocks[i].number;
            continue;
        }
        sub = tf_value_of(blocks[i].kt, blocks[i].kf, blocks[i].n, wk);
        if (sub < 0 || (blocks[i].mirrored && (sub = canon_neg(sub)) < 0))
            return -1;
        if ((total = canon_add(total, sub)) < 0)
            return -1;
    }
    if (number) {
        int x = canon_integer(number);
        if (x < 0 || (total = canon_add(total, x)) < 0)
            return -1;
    }
    return total;
}

static int tf_value_of(u64 t, u64 f, int n, dm_walk *wk)
{
    int L[64], R[64], nl = 0, nr = 0, side, i, gid;
    uint32_t tag = tf_tag(n);
    gid = dm_lookup(&TFM, t, f, tag);
    if (gid >= 0)
        return gid;
    for (side = 0; side < 2; side++) {
        u64 mine = side == 0 ? t : f;
        for (i = 0; i < n; i++) {
            u64 nt, nf;
            int v;
            if (!((mine >> i) & 1u) || !tf_move(t, f, n, i, side == 0, &nt, &nf))
                continue;
            v = tf_sum(nt, nf, n, wk);
            if (v < 0)
                return -1;
            if (side == 0)
                L[nl++] = v;
            else
                R[nr++] = v;
        }
    }
    gid = canon_make(L, nl, R, nr);
    if (gid < 0)
        return -1;
    if (dm_store(&TFM, t, f, tag, gid, wk->limit) < 0 || dm_counted(&TFM, wk->tick, wk->before) < 0)
        return -1;
    return gid;
}

PyDoc_STRVAR(tf_value_doc,
             "tf_value(key, tick, limit) -> (id, new regions): the value of a keyed strip");

static PyObject *tf_value(PyObject *self, PyObject *args)
{
    PyObject *key, *tick;
    long long limit;
    u64 t, f;
    int n, gid;
    int64_t before = TFM.evaluated;
    dm_walk wk;
    (void)self;
    if (!PyArg_ParseTuple(args, "OOL", &key, &tick, &limit))
        return NULL;
    if (tf_arg(key, &t, &f, &n) < 0)
        return NULL;
    wk.tick = tick;
    wk.limit = limit < 1 ? 1 : (int64_t)limit;
    wk.before = before;
    gid = tf_value_of(t, f, n, &wk);
    if (gid < 0)
        return NULL;
    return Py_BuildValue("iL", gid, (long long)(TFM.evaluated - before));
}

PyDoc_STRVAR(tf_memo_doc, "tf_memo() -> [(strip, id), ...]: the memo of tf_value");

static PyObject *tf_memo(PyObject *self, PyObject *noargs)
{
    PyObject *out = PyList_New(0);
    int64_t i;
    (void)self;
    (void)noargs;
    if (out == NULL)
        return NULL;
    for (i = 0; i < TFM.cap; i++) {
        PyObject *text, *item;
        if (TFM.slots[i].tag == 0)
            continue;
        text = tf_text(TFM.slots[i].a, TFM.slots[i].b, (int)(TFM.slots[i].tag & 0xFF));
        item = text == NULL ? NULL : Py_BuildValue("(Ni)", text, (int)TFM.slots[i].gid);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

PyDoc_STRVAR(tf_memo_add_doc, "tf_memo_add(strip, id, limit): remember a strip's value");

static PyObject *tf_memo_add(PyObject *self, PyObject *args)
{
    PyObject *key;
    int gid, n;
    long long limit;
    u64 t, f;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiL", &key, &gid, &limit))
        return NULL;
    if (tf_arg(key, &t, &f, &n) < 0)
        return NULL;
    if (gid < 0 || gid >= canon_size()) {
        PyErr_SetString(PyExc_ValueError, "grid: not an id of the table");
        return NULL;
    }
    if (dm_store(&TFM, t, f, tf_tag(n), gid, limit < 1 ? 1 : (int64_t)limit) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(tf_memo_stats_doc, "tf_memo_stats() -> (entries, evaluated, evictions, bytes)");

static PyObject *tf_memo_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return dm_stats(&TFM);
}

/* ---- Clobber ----------------------------------------------------------------------------
 *
 * Boards as Domineering's (stride w + 1), x (Left's stones) and o (Right's). The regions
 * are the 4-connected groups of stones holding both colours, cropped; the key is the least
 * (h, w, x rows, o rows) over the 8 symmetries of the square, or, when less, the least
 * with the colours swapped (h, w, o rows, x rows), which negates the value
 * (grundy.cgt.games.clobber.Clobber.signed_region_key, the reference).
 */

typedef struct {
    int h, w;         /* the group cropped: h rows of w bits */
    u64 x, o;         /* cropped, stride w + 1 */
    int kh, kw;       /* the key image */
    int swapped;      /* the key has the colours swapped (negative value) */
    u64 kx[MAXROWS], ko[MAXROWS];
} clob_shape;

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
 * w bits) under the 8 symmetries of the square, or, when strictly less, the least with the
 * planes swapped (*swapped = 1: the colours swapped, the value negated). */
static void pair_least(const u64 *a, const u64 *b, int h, int w, int *kh, int *kw,
                       int *swapped, u64 *ka, u64 *kb)
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
    *swapped = 0;
    *kh = *kw = 0;
    for (sw = 0; sw < 2; sw++) {
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
                memcpy(ka, ia, (size_t)ih * sizeof(u64));
                memcpy(kb, ib, (size_t)ih * sizeof(u64));
            }
        }
    }
}

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
        u64 comp = mask & (~mask + 1);
        for (;;) {
            u64 grown = (comp | (comp << 1) | (comp >> 1) | (comp << stride) | (comp >> stride))
                        & mask;
            if (grown == comp)
                break;
            comp = grown;
        }
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
        PyObject *a, *b, *key, *region, *part;
        clob_shape_of(xs & comps[i], os & comps[i], stride, w, &sh);
        a = rows_tuple(sh.kx, sh.kh);
        b = a == NULL ? NULL : rows_tuple(sh.ko, sh.kh);
        if (b == NULL) {
            Py_XDECREF(a);
            Py_DECREF(out);
            return NULL;
        }
        key = Py_BuildValue("(iiNN)", sh.kh, sh.kw, a, b);
        region = key == NULL ? NULL
                             : Py_BuildValue("(iiKK)", sh.h, sh.w, (unsigned long long)sh.x,
                                             (unsigned long long)sh.o);
        part = region == NULL ? NULL
                              : Py_BuildValue("(NON)", key, sh.swapped ? Py_True : Py_False,
                                              region);
        if (region == NULL)
            Py_XDECREF(key);
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

static int clob_next(u64 mine, u64 theirs, int stride, clob_iter *it, u64 *nm, u64 *nt)
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

static PyObject *clob_options(PyObject *self, PyObject *args)
{
    int w, side;
    u64 xs, os;
    PyObject *sides[2] = {NULL, NULL}, *out;
    (void)self;
    if (clob_args(args, &w, &xs, &os) < 0)
        return NULL;
    for (side = 0; side < 2; side++) {
        clob_iter it = {0, 1, 0, 0};
        u64 nm, nt;
        sides[side] = PyList_New(0);
        if (sides[side] == NULL)
            goto fail;
        while (clob_next(side == 0 ? xs : os, side == 0 ? os : xs, w + 1, &it, &nm, &nt)) {
            PyObject *parts = side == 0 ? clob_parts(nm, nt, w) : clob_parts(nt, nm, w);
            if (parts == NULL)
                goto fail;
            if (PyList_Append(sides[side], parts) < 0) {
                Py_DECREF(parts);
                goto fail;
            }
            Py_DECREF(parts);
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

static uint32_t clob_tag(int h, int w, u64 a, u64 b)
{
    return (uint32_t)2 << 24 | (uint32_t)popcount(a | b) << 16 | (uint32_t)h << 8 | (uint32_t)w;
}

/* The id of the key image (h rows of w bits, x rows kx, o rows ko). */
static int clob_value_of(const u64 *kx, const u64 *ko, int h, int w, dm_walk *wk)
{
    int L[256], R[256], nl = 0, nr = 0, side, stride = w + 1, r, gid;
    u64 a = pack_rows(kx, h, w), b = pack_rows(ko, h, w), xs = 0, os = 0;
    uint32_t tag = clob_tag(h, w, a, b);
    gid = dm_lookup(&CLM, a, b, tag);
    if (gid >= 0)
        return gid;
    for (r = 0; r < h; r++) {
        xs |= kx[r] << (r * stride);
        os |= ko[r] << (r * stride);
    }
    for (side = 0; side < 2; side++) {
        clob_iter it = {0, 1, 0, 0};
        u64 nm, nt;
        while (clob_next(side == 0 ? xs : os, side == 0 ? os : xs, stride, &it, &nm, &nt)) {
            u64 nx = side == 0 ? nm : nt, no = side == 0 ? nt : nm, comps[64];
            int n = clob_components(nx, no, stride, comps), k, total = 0;
            for (k = 0; k < n; k++) {
                clob_shape sh;
                int sub;
                clob_shape_of(nx & comps[k], no & comps[k], stride, w, &sh);
                sub = clob_value_of(sh.kx, sh.ko, sh.kh, sh.kw, wk);
                if (sub < 0 || (sh.swapped && (sub = canon_neg(sub)) < 0))
                    return -1;
                if ((total = canon_add(total, sub)) < 0)
                    return -1;
            }
            if (side == 0)
                L[nl++] = total;
            else
                R[nr++] = total;
        }
    }
    gid = canon_make(L, nl, R, nr);
    if (gid < 0)
        return -1;
    if (dm_store(&CLM, a, b, tag, gid, wk->limit) < 0 || dm_counted(&CLM, wk->tick, wk->before) < 0)
        return -1;
    return gid;
}

/* Read a key (h, w, x rows, o rows), h * w <= 64 and h * (w + 1) <= 64. */
static int clob_key_args(PyObject *key, int *h, int *w, u64 *kx, u64 *ko)
{
    PyObject *tx, *to;
    Py_ssize_t i;
    if (!PyArg_ParseTuple(key, "iiO!O!", h, w, &PyTuple_Type, &tx, &PyTuple_Type, &to))
        return -1;
    if (*h < 1 || *w < 1 || *w > 63 || (*h) * (*w + 1) > 64 || PyTuple_GET_SIZE(tx) != *h
        || PyTuple_GET_SIZE(to) != *h) {
        PyErr_SetString(PyExc_ValueError, "grid: a key is (h, w, x rows, o rows) within 64 bits");
        return -1;
    }
    for (i = 0; i < *h; i++) {
        unsigned long long a = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(tx, i));
        unsigned long long b;
        if (a == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        b = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(to, i));
        if (b == (unsigned long long)-1 && PyErr_Occurred())
            return -1;
        if ((a >> *w) != 0 || (b >> *w) != 0 || (a & b) != 0) {
            PyErr_SetString(PyExc_ValueError, "grid: a row wider than the key, or two stones");
            return -1;
        }
        kx[i] = (u64)a;
        ko[i] = (u64)b;
    }
    return 0;
}

PyDoc_STRVAR(clob_value_doc,
             "clob_value(key, tick, limit) -> (id, new regions): the value of a key image");

static PyObject *clob_value(PyObject *self, PyObject *args)
{
    PyObject *key, *tick;
    long long limit;
    int h, w, gid;
    u64 kx[MAXROWS], ko[MAXROWS];
    int64_t before = CLM.evaluated;
    dm_walk wk;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!OL", &PyTuple_Type, &key, &tick, &limit))
        return NULL;
    if (clob_key_args(key, &h, &w, kx, ko) < 0)
        return NULL;
    wk.tick = tick;
    wk.limit = limit < 1 ? 1 : (int64_t)limit;
    wk.before = before;
    gid = clob_value_of(kx, ko, h, w, &wk);
    if (gid < 0)
        return NULL;
    return Py_BuildValue("iL", gid, (long long)(CLM.evaluated - before));
}

PyDoc_STRVAR(clob_memo_doc, "clob_memo() -> [(key, id), ...]: the memo of clob_value");

static PyObject *clob_memo(PyObject *self, PyObject *noargs)
{
    PyObject *out = PyList_New(0);
    int64_t i;
    (void)self;
    (void)noargs;
    if (out == NULL)
        return NULL;
    for (i = 0; i < CLM.cap; i++) {
        u64 kx[MAXROWS], ko[MAXROWS], full;
        int h, w, r;
        PyObject *a, *b, *item;
        if (CLM.slots[i].tag == 0)
            continue;
        h = (int)((CLM.slots[i].tag >> 8) & 0xFF);
        w = (int)(CLM.slots[i].tag & 0xFF);
        full = (((u64)1) << w) - 1;
        for (r = 0; r < h; r++) {
            kx[r] = (CLM.slots[i].a >> (r * w)) & full;
            ko[r] = (CLM.slots[i].b >> (r * w)) & full;
        }
        a = rows_tuple(kx, h);
        b = a == NULL ? NULL : rows_tuple(ko, h);
        item = b == NULL ? NULL : Py_BuildValue("((iiNN)i)", h, w, a, b, (int)CLM.slots[i].gid);
        if (b == NULL)
            Py_XDECREF(a);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

PyDoc_STRVAR(clob_memo_add_doc, "clob_memo_add(key, id, limit): remember a key's value");

static PyObject *clob_memo_add(PyObject *self, PyObject *args)
{
    PyObject *key;
    int h, w, gid;
    long long limit;
    u64 kx[MAXROWS], ko[MAXROWS], a, b;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!iL", &PyTuple_Type, &key, &gid, &limit))
        return NULL;
    if (clob_key_args(key, &h, &w, kx, ko) < 0)
        return NULL;
    if (gid < 0 || gid >= canon_size()) {
        PyErr_SetString(PyExc_ValueError, "grid: not an id of the table");
        return NULL;
    }
    a = pack_rows(kx, h, w);
    b = pack_rows(ko, h, w);
    if (dm_store(&CLM, a, b, clob_tag(h, w, a, b), gid, limit < 1 ? 1 : (int64_t)limit) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(clob_memo_stats_doc, "clob_memo_stats() -> (entries, evaluated, evictions, bytes)");

static PyObject *clob_memo_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return dm_stats(&CLM);
}

/* ---- Col, Snort and Konane ---------------------------------------------------------------
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

static dm_memo COLM = {NULL, 0, 0, 0, 0}; /* Col: a = Left's cells, b = Right's (key rows) */
static dm_memo SNM = {NULL, 0, 0, 0, 0};  /* Snort: the same */
static dm_memo KOM = {NULL, 0, 0, 0, 0};  /* Konane: a = x rows' bits, b = o rows' bits */

#define KIND_COL 3
#define KIND_SNORT 4
#define KIND_KONANE 5

static u64 shl(u64 x, int n)
{
    return n >= 64 ? 0 : x << n;
}

static u64 shr(u64 x, int n)
{
    return n >= 64 ? 0 : x >> n;
}

static u64 near_of(u64 m, int stride)
{
    return (m << 1) | (m >> 1) | shl(m, stride) | shr(m, stride);
}

static u64 board_full(int h, int w)
{
    u64 full = 0, row = (((u64)1) << w) - 1;
    int r;
    for (r = 0; r < h; r++)
        full |= row << (r * (w + 1));
    return full;
}

/* The bounding box (r0, c0, h, w) of the set bits of m (m != 0). */
static void mask_box(u64 m, int stride, int *r0, int *c0, int *h, int *w)
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
static void crop_rows(u64 m, int stride, int r0, int c0, int h, int w, u64 *rows)
{
    u64 row = (((u64)1) << w) - 1;
    int r;
    for (r = 0; r < h; r++)
        rows[r] = (m >> ((r0 + r) * stride + c0)) & row;
}

static u64 rows_mask(const u64 *rows, int h, int w)
{
    u64 m = 0;
    int r;
    for (r = 0; r < h; r++)
        m |= rows[r] << (r * (w + 1));
    return m;
}

/* The 4-connected components of mask, by their lowest cell; returns how many. */
static int plane_components(u64 mask, int stride, u64 *comps)
{
    int n = 0;
    while (mask) {
        u64 comp = mask & (~mask + 1);
        for (;;) {
            u64 grown = (comp | near_of(comp, stride)) & mask;
            if (grown == comp)
                break;
            comp = grown;
        }
        mask ^= comp;
        comps[n++] = comp;
    }
    return n;
}

/* A keyed region: the key image of the planes a, b cropped to the box (r0, c0, h, w). */
typedef struct {
    int kh, kw, swapped;
    u64 ka[MAXROWS], kb[MAXROWS];
} pair_shape;

static void pair_shape_of(u64 a, u64 b, int stride, int r0, int c0, int h, int w,
                          pair_shape *out)
{
    u64 ra[MAXROWS], rb[MAXROWS];
    crop_rows(a, stride, r0, c0, h, w, ra);
    crop_rows(b, stride, r0, c0, h, w, rb);
    pair_least(ra, rb, h, w, &out->kh, &out->kw, &out->swapped, out->ka, out->kb);
}

static PyObject *pair_key_tuple(const pair_shape *sh)
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

/* Append (key, swapped, region) to the list out; region is stolen. 0 or -1. */
static int append_part(PyObject *out, const pair_shape *sh, PyObject *region)
{
    PyObject *key, *part;
    if (region == NULL)
        return -1;
    key = pair_key_tuple(sh);
    if (key == NULL) {
        Py_DECREF(region);
        return -1;
    }
    part = Py_BuildValue("(NON)", key, sh->swapped ? Py_True : Py_False, region);
    if (part == NULL)
        return -1;
    if (PyList_Append(out, part) < 0) {
        Py_DECREF(part);
        return -1;
    }
    Py_DECREF(part);
    return 0;
}

static int key_of_memo(dm_memo *M, const pair_shape *sh, int kind, u64 *a, u64 *b,
                       uint32_t *tag)
{
    *a = pack_rows(sh->ka, sh->kh, sh->kw);
    *b = pack_rows(sh->kb, sh->kh, sh->kw);
    *tag = (uint32_t)kind << 24 | (uint32_t)popcount(*a | *b) << 16 | (uint32_t)sh->kh << 8
           | (uint32_t)sh->kw;
    return dm_lookup(M, *a, *b, *tag);
}

/* Store the id of a walked key and count it. */
static int walked(dm_memo *M, u64 a, u64 b, uint32_t tag, const int *L, int nl, const int *R,
                  int nr, dm_walk *wk)
{
    int gid = canon_make(L, nl, R, nr);
    if (gid < 0)
        return -1;
    if (dm_store(M, a, b, tag, gid, wk->limit) < 0 || dm_counted(M, wk->tick, wk->before) < 0)
        return -1;
    return gid;
}

/* total + (the key's value, negated when swapped); -1 with an exception set. */
typedef int (*pair_walker)(const pair_shape *sh, dm_walk *wk, int flag);

static int add_shape(int total, const pair_shape *sh, pair_walker walk, dm_walk *wk, int flag)
{
    int sub = walk(sh, wk, flag);
    if (sub < 0 || (sh->swapped && (sub = canon_neg(sub)) < 0))
        return -1;
    return canon_add(total, sub);
}

/* ---- Col and Snort ---- */

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
    PyObject *out = PyList_New(0), *t;
    if (out == NULL)
        return NULL;
    n = plane_components(lefts | rights, stride, comps);
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
    t = PyList_AsTuple(out);
    Py_DECREF(out);
    return t;
}

/* Read (h, w, masks...) of a board, h * (w + 1) <= 64, no bit off the board. */
static int masks_args(PyObject *args, const char *fmt, int *h, int *w, u64 *masks, int n,
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

/* Build (lefts list, rights list) from two lists (stolen); NULL when either is. */
static PyObject *two_sides(PyObject *lefts, PyObject *rights)
{
    PyObject *out = lefts == NULL || rights == NULL ? NULL : PyTuple_Pack(2, lefts, rights);
    Py_XDECREF(lefts);
    Py_XDECREF(rights);
    return out;
}

PyDoc_STRVAR(col_options_doc,
             "col_options(h, w, blue, red, holes, snort) -> (parts of each Left option, of "
             "each Right option)");

static PyObject *col_options(PyObject *self, PyObject *args)
{
    int h, w, snort, side;
    u64 m[3], planes[2];
    PyObject *sides[2] = {NULL, NULL};
    (void)self;
    if (masks_args(args, "iiOOOp", &h, &w, m, 3, &snort) < 0)
        return NULL;
    col_planes(h, w, m[0], m[1], m[2], snort, &planes[0], &planes[1]);
    for (side = 0; side < 2; side++) {
        u64 free = planes[side];
        sides[side] = PyList_New(0);
        if (sides[side] == NULL)
            break;
        while (free) {
            u64 v = free & (~free + 1), nb = m[0] | (side == 0 ? v : 0);
            u64 nr = m[1] | (side == 1 ? v : 0), a, b;
            PyObject *parts;
            free ^= v;
            col_planes(h, w, nb, nr, m[2], snort, &a, &b);
            parts = col_parts(w, a, b, nb, nr);
            if (parts == NULL || PyList_Append(sides[side], parts) < 0) {
                Py_XDECREF(parts);
                Py_CLEAR(sides[side]);
                break;
            }
            Py_DECREF(parts);
        }
        if (sides[side] == NULL)
            break;
    }
    return two_sides(sides[0], sides[1]);
}

static int col_walk(const pair_shape *sh, dm_walk *wk, int snort)
{
    int L[64], R[64], nl = 0, nr = 0, side, stride = sh->kw + 1, gid;
    u64 a, b, planes[2];
    uint32_t tag;
    dm_memo *M = snort ? &SNM : &COLM;
    gid = key_of_memo(M, sh, snort ? KIND_SNORT : KIND_COL, &a, &b, &tag);
    if (gid >= 0)
        return gid;
    planes[0] = rows_mask(sh->ka, sh->kh, sh->kw);
    planes[1] = rows_mask(sh->kb, sh->kh, sh->kw);
    for (side = 0; side < 2; side++) {
        u64 free = planes[side];
        while (free) {
            u64 v = free & (~free + 1), na = planes[0], nb = planes[1], comps[64];
            int n, k, total = 0;
            free ^= v;
            col_move(&na, &nb, v, side, snort, stride);
            n = plane_components(na | nb, stride, comps);
            for (k = 0; k < n; k++) {
                pair_shape sub;
                int r0, c0, h, w;
                mask_box(comps[k], stride, &r0, &c0, &h, &w);
                pair_shape_of(na & comps[k], nb & comps[k], stride, r0, c0, h, w, &sub);
                if ((total = add_shape(total, &sub, col_walk, wk, snort)) < 0)
                    return -1;
            }
            if (side == 0)
                L[nl++] = total;
            else
                R[nr++] = total;
        }
    }
    return walked(M, a, b, tag, L, nl, R, nr, wk);
}

/* ---- Konane ---- */

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
    PyObject *list;
} konane_collect;

static PyObject *konane_parts(int h, int w, u64 xs, u64 os)
{
    u64 gx[64], go[64];
    int n = konane_groups(w, xs, os, gx, go), i, stride = w + 1;
    PyObject *out = PyList_New(0), *t;
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
    t = PyList_AsTuple(out);
    Py_DECREF(out);
    return t;
}

static int konane_collect_one(u64 nx, u64 no, void *ctx)
{
    konane_collect *c = (konane_collect *)ctx;
    PyObject *parts = konane_parts(c->h, c->w, nx, no);
    if (parts == NULL || PyList_Append(c->list, parts) < 0) {
        Py_XDECREF(parts);
        return -1;
    }
    Py_DECREF(parts);
    return 0;
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
    int h, w, side;
    u64 m[2];
    PyObject *sides[2] = {NULL, NULL};
    (void)self;
    if (masks_args(args, "iiOO", &h, &w, m, 2, NULL) < 0)
        return NULL;
    for (side = 0; side < 2; side++) {
        konane_collect c;
        c.h = h;
        c.w = w;
        c.list = sides[side] = PyList_New(0);
        if (sides[side] == NULL)
            break;
        if (konane_moves(h, w, m[0], m[1], side, konane_collect_one, &c) != 0) {
            Py_CLEAR(sides[side]);
            break;
        }
    }
    return two_sides(sides[0], sides[1]);
}

typedef struct {
    int h, w, *ids, n;
    dm_walk *wk;
} konane_sum;

static int konane_walk(const pair_shape *sh, dm_walk *wk, int flag);

/* The value of one option (the sum of its regions) appended to ids; -1 on error. */
static int konane_add_option(u64 nx, u64 no, void *ctx)
{
    konane_sum *s = (konane_sum *)ctx;
    u64 gx[64], go[64];
    int n = konane_groups(s->w, nx, no, gx, go), i, total = 0, stride = s->w + 1;
    for (i = 0; i < n; i++) {
        pair_shape sub;
        int r0, c0, bh, bw;
        if (!gx[i] || !go[i])
            continue;
        konane_box(s->h, s->w, gx[i], go[i], &r0, &c0, &bh, &bw);
        pair_shape_of(gx[i], go[i], stride, r0, c0, bh, bw, &sub);
        if ((total = add_shape(total, &sub, konane_walk, s->wk, 0)) < 0)
            return -1;
    }
    if (s->n >= 256) { /* cannot happen: one move per landing cell and direction */
        PyErr_SetString(PyExc_RuntimeError, "grid: more than 256 Konane moves");
        return -1;
    }
    s->ids[s->n++] = total;
    return 0;
}

static int konane_walk(const pair_shape *sh, dm_walk *wk, int flag)
{
    int L[256], R[256], gid;
    u64 a, b, xs, os;
    uint32_t tag;
    konane_sum s;
    (void)flag;
    gid = key_of_memo(&KOM, sh, KIND_KONANE, &a, &b, &tag);
    if (gid >= 0)
        return gid;
    xs = rows_mask(sh->ka, sh->kh, sh->kw);
    os = rows_mask(sh->kb, sh->kh, sh->kw);
    s.h = sh->kh;
    s.w = sh->kw;
    s.wk = wk;
    s.ids = L;
    s.n = 0;
    if (konane_moves(sh->kh, sh->kw, xs, os, 0, konane_add_option, &s) != 0)
        return -1;
    {
        int nl = s.n;
        s.ids = R;
        s.n = 0;
        if (konane_moves(sh->kh, sh->kw, xs, os, 1, konane_add_option, &s) != 0)
            return -1;
        return walked(&KOM, a, b, tag, L, nl, R, s.n, wk);
    }
}

/* ---- the walks' entry points and memos (prefixes col, snort, konane) ---- */

static void pair_memos_clear(void)
{
    dm_clear(&COLM);
    dm_clear(&SNM);
    dm_clear(&KOM);
}

/* Read a key (h, w, a rows, b rows), h * (w + 1) <= 64; disjoint: no bit in both. */
static int pair_key_args(PyObject *key, int disjoint, pair_shape *sh)
{
    PyObject *ta, *tb;
    Py_ssize_t i;
    if (!PyTuple_Check(key)
        || !PyArg_ParseTuple(key, "iiO!O!", &sh->kh, &sh->kw, &PyTuple_Type, &ta, &PyTuple_Type,
                             &tb))
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

static PyObject *pair_value(PyObject *args, dm_memo *M, pair_walker walk, int flag,
                            int disjoint)
{
    PyObject *key, *tick;
    long long limit;
    pair_shape sh;
    int gid;
    int64_t before = M->evaluated;
    dm_walk wk;
    if (!PyArg_ParseTuple(args, "OOL", &key, &tick, &limit) || pair_key_args(key, disjoint, &sh) < 0)
        return NULL;
    wk.tick = tick;
    wk.limit = limit < 1 ? 1 : (int64_t)limit;
    wk.before = before;
    gid = walk(&sh, &wk, flag);
    if (gid < 0)
        return NULL;
    return Py_BuildValue("iL", gid, (long long)(M->evaluated - before));
}

static PyObject *pair_memo(const dm_memo *M)
{
    PyObject *out = PyList_New(0);
    int64_t i;
    if (out == NULL)
        return NULL;
    for (i = 0; i < M->cap; i++) {
        pair_shape sh;
        u64 row;
        int r;
        PyObject *key, *item;
        if (M->slots[i].tag == 0)
            continue;
        sh.kh = (int)((M->slots[i].tag >> 8) & 0xFF);
        sh.kw = (int)(M->slots[i].tag & 0xFF);
        row = (((u64)1) << sh.kw) - 1;
        for (r = 0; r < sh.kh; r++) {
            sh.ka[r] = (M->slots[i].a >> (r * sh.kw)) & row;
            sh.kb[r] = (M->slots[i].b >> (r * sh.kw)) & row;
        }
        key = pair_key_tuple(&sh);
        item = key == NULL ? NULL : Py_BuildValue("(Ni)", key, (int)M->slots[i].gid);
        if (item == NULL || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
    }
    return out;
}

static PyObject *pair_memo_add(PyObject *args, dm_memo *M, int kind, int disjoint)
{
    PyObject *key;
    int gid;
    long long limit;
    pair_shape sh;
    u64 a, b;
    uint32_t tag;
    if (!PyArg_ParseTuple(args, "OiL", &key, &gid, &limit) || pair_key_args(key, disjoint, &sh) < 0)
        return NULL;
    if (gid < 0 || gid >= canon_size()) {
        PyErr_SetString(PyExc_ValueError, "grid: not an id of the table");
        return NULL;
    }
    key_of_memo(M, &sh, kind, &a, &b, &tag);
    if (dm_store(M, a, b, tag, gid, limit < 1 ? 1 : (int64_t)limit) < 0)
        return NULL;
    Py_RETURN_NONE;
}

PyDoc_STRVAR(col_value_doc, "col_value(key, tick, limit) -> (id, new regions): a Col key's value");
PyDoc_STRVAR(snort_value_doc,
             "snort_value(key, tick, limit) -> (id, new regions): a Snort key's value");
PyDoc_STRVAR(konane_value_doc,
             "konane_value(key, tick, limit) -> (id, new regions): a Konane key's value");
PyDoc_STRVAR(pair_memo_doc, "the memo of the walk: [(key, id), ...]");
PyDoc_STRVAR(pair_memo_add_doc, "(key, id, limit): remember a key's value (a checkpoint)");
PyDoc_STRVAR(pair_memo_stats_doc, "() -> (entries, evaluated, evictions, bytes)");

static PyObject *col_value(PyObject *self, PyObject *args)
{
    (void)self;
    return pair_value(args, &COLM, col_walk, 0, 0);
}

static PyObject *snort_value(PyObject *self, PyObject *args)
{
    (void)self;
    return pair_value(args, &SNM, col_walk, 1, 0);
}

static PyObject *konane_value(PyObject *self, PyObject *args)
{
    (void)self;
    return pair_value(args, &KOM, konane_walk, 0, 1);
}

static PyObject *col_memo(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return pair_memo(&COLM);
}

static PyObject *snort_memo(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return pair_memo(&SNM);
}

static PyObject *konane_memo(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return pair_memo(&KOM);
}

static PyObject *col_memo_add(PyObject *self, PyObject *args)
{
    (void)self;
    return pair_memo_add(args, &COLM, KIND_COL, 0);
}

static PyObject *snort_memo_add(PyObject *self, PyObject *args)
{
    (void)self;
    return pair_memo_add(args, &SNM, KIND_SNORT, 0);
}

static PyObject *konane_memo_add(PyObject *self, PyObject *args)
{
    (void)self;
    return pair_memo_add(args, &KOM, KIND_KONANE, 1);
}

static PyObject *col_memo_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return dm_stats(&COLM);
}

static PyObject *snort_memo_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return dm_stats(&SNM);
}

static PyObject *konane_memo_stats(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    return dm_stats(&KOM);
}

/* ---- the memos as raw records (checkpoints) ---------------------------------------------
 * memo_raw(which) -> bytes: every entry of memo `which` (0 Domineering, 1 Toads-and-Frogs,
 * 2 Clobber, 3 Col, 4 Snort, 5 Konane) as 24-byte records (a, b: uint64; tag: uint32; id: int32; native order);
 * memo_raw_add(which, bytes, limit) stores such records back (ids checked). */

static dm_memo *memo_of(int which)
{
    if (which == 0)
        return &DM;
    if (which == 1)
        return &TFM;
    if (which == 2)
        return &CLM;
    if (which == KIND_COL)
        return &COLM;
    if (which == KIND_SNORT)
        return &SNM;
    if (which == KIND_KONANE)
        return &KOM;
    PyErr_SetString(PyExc_ValueError, "grid: no such memo");
    return NULL;
}

/* 1 when tag is a key of memo `which` that the functions above can read back. */
static int tag_valid(int which, uint32_t tag)
{
    int kind = (int)(tag >> 24), h = (int)((tag >> 8) & 0xFF), w = (int)(tag & 0xFF);
    if (kind != which)
        return 0;
    if (which == 1)
        return h == 0 && w >= 1 && w <= 62;
    return h >= 1 && w >= 1 && w <= 63 && h * w <= 64 && h * (w + 1) <= 64 + (which == 0 ? w : 0);
}

PyDoc_STRVAR(memo_raw_doc, "memo_raw(which) -> bytes of 24-byte records (a, b, tag, id)");

static PyObject *memo_raw(PyObject *self, PyObject *args)
{
    int which;
    dm_memo *M;
    PyObject *out;
    char *p;
    int64_t i;
    (void)self;
    if (!PyArg_ParseTuple(args, "i", &which) || (M = memo_of(which)) == NULL)
        return NULL;
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(M->count * (int64_t)sizeof(dm_slot)));
    if (out == NULL)
        return NULL;
    p = PyBytes_AS_STRING(out);
    for (i = 0; i < M->cap; i++) {
        if (M->slots[i].tag != 0) {
            memcpy(p, &M->slots[i], sizeof(dm_slot));
            p += sizeof(dm_slot);
        }
    }
    return out;
}

PyDoc_STRVAR(memo_raw_add_doc, "memo_raw_add(which, records, limit): store raw records back");

static PyObject *memo_raw_add(PyObject *self, PyObject *args)
{
    int which, size;
    Py_buffer buf;
    long long limit;
    dm_memo *M;
    Py_ssize_t i, n;
    (void)self;
    if (!PyArg_ParseTuple(args, "iy*L", &which, &buf, &limit))
        return NULL;
    if ((M = memo_of(which)) == NULL || buf.len % (Py_ssize_t)sizeof(dm_slot) != 0) {
        if (M != NULL)
            PyErr_SetString(PyExc_ValueError, "grid: records of 24 bytes expected");
        PyBuffer_Release(&buf);
        return NULL;
    }
    n = buf.len / (Py_ssize_t)sizeof(dm_slot);
    size = canon_size();
    for (i = 0; i < n; i++) {
        dm_slot r;
        memcpy(&r, (const char *)buf.buf + i * (Py_ssize_t)sizeof(dm_slot), sizeof(dm_slot));
        if (!tag_valid(which, r.tag) || r.gid < 0 || r.gid >= size) {
            PyErr_SetString(PyExc_ValueError, "grid: a record with no key or a foreign id");
            PyBuffer_Release(&buf);
            return NULL;
        }
        if (dm_store(M, r.a, r.b, r.tag, r.gid, limit < 1 ? 1 : (int64_t)limit) < 0) {
            PyBuffer_Release(&buf);
            return NULL;
        }
    }
    PyBuffer_Release(&buf);
    Py_RETURN_NONE;
}

PyMethodDef GRUNDY_GRID_METHODS[] = {
    {"dom_split", dom_split, METH_VARARGS, dom_split_doc},
    {"dom_options", dom_options, METH_VARARGS, dom_options_doc},
    {"dom_value", dom_value, METH_VARARGS, dom_value_doc},
    {"dom_memo", dom_memo, METH_NOARGS, dom_memo_doc},
    {"dom_memo_add", dom_memo_add, METH_VARARGS, dom_memo_add_doc},
    {"dom_memo_clear", dom_memo_clear, METH_NOARGS, dom_memo_clear_doc},
    {"dom_memo_stats", dom_memo_stats, METH_NOARGS, dom_memo_stats_doc},
    {"tf_split", tf_split, METH_O, tf_split_doc},
    {"memo_raw", memo_raw, METH_VARARGS, memo_raw_doc},
    {"memo_raw_add", memo_raw_add, METH_VARARGS, memo_raw_add_doc},
    {"clob_split", clob_split, METH_VARARGS, clob_split_doc},
    {"clob_options", clob_options, METH_VARARGS, clob_options_doc},
    {"clob_value", clob_value, METH_VARARGS, clob_value_doc},
    {"clob_memo", clob_memo, METH_NOARGS, clob_memo_doc},
    {"clob_memo_add", clob_memo_add, METH_VARARGS, clob_memo_add_doc},
    {"clob_memo_stats", clob_memo_stats, METH_NOARGS, clob_memo_stats_doc},
    {"tf_options", tf_options, METH_O, tf_options_doc},
    {"tf_value", tf_value, METH_VARARGS, tf_value_doc},
    {"tf_memo", tf_memo, METH_NOARGS, tf_memo_doc},
    {"tf_memo_add", tf_memo_add, METH_VARARGS, tf_memo_add_doc},
    {"tf_memo_stats", tf_memo_stats, METH_NOARGS, tf_memo_stats_doc},
    {"col_split", col_split, METH_VARARGS, col_split_doc},
    {"col_options", col_options, METH_VARARGS, col_options_doc},
    {"col_value", col_value, METH_VARARGS, col_value_doc},
    {"col_memo", col_memo, METH_NOARGS, pair_memo_doc},
    {"col_memo_add", col_memo_add, METH_VARARGS, pair_memo_add_doc},
    {"col_memo_stats", col_memo_stats, METH_NOARGS, pair_memo_stats_doc},
    {"snort_value", snort_value, METH_VARARGS, snort_value_doc},
    {"snort_memo", snort_memo, METH_NOARGS, pair_memo_doc},
    {"snort_memo_add", snort_memo_add, METH_VARARGS, pair_memo_add_doc},
    {"snort_memo_stats", snort_memo_stats, METH_NOARGS, pair_memo_stats_doc},
    {"konane_split", konane_split, METH_VARARGS, konane_split_doc},
    {"konane_options", konane_options, METH_VARARGS, konane_options_doc},
    {"konane_value", konane_value, METH_VARARGS, konane_value_doc},
    {"konane_memo", konane_memo, METH_NOARGS, pair_memo_doc},
    {"konane_memo_add", konane_memo_add, METH_VARARGS, pair_memo_add_doc},
    {"konane_memo_stats", konane_memo_stats, METH_NOARGS, pair_memo_stats_doc},
    {NULL, NULL, 0, NULL},
};
