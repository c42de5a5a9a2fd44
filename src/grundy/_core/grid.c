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

PyDoc_STRVAR(dom_memo_clear_doc, "dom_memo_clear(): forget every value (the table was reset)");

static PyObject *dom_memo_clear(PyObject *self, PyObject *noargs)
{
    (void)self;
    (void)noargs;
    dm_clear(&DM);
    dm_clear(&TFM);
    dm_clear(&CLM);
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

static void clob_shape_of(u64 xs, u64 os, int stride, int w, clob_shape *out)
{
    u64 xr[MAXROWS], orr[MAXROWS], full = (((u64)1) << w) - 1, comp = xs | os, union_cols = 0;
    u64 tx[MAXROWS] = {0}, to[MAXROWS] = {0};
    int low_row = low_bit(comp) / stride, high_row = (bit_length(comp) - 1) / stride;
    int h = high_row - low_row + 1, c0, nw, r, c, k, best_set = 0, sw;
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
    for (c = 0; c < nw; c++)
        for (r = 0; r < h; r++) {
            tx[c] |= ((xr[r] >> c) & 1u) << r;
            to[c] |= ((orr[r] >> c) & 1u) << r;
        }
    out->swapped = 0;
    out->kh = out->kw = 0;
    for (sw = 0; sw < 2; sw++) {
        for (k = 0; k < 8; k++) {
            int tr = k >> 2, ih = tr ? nw : h, iw = tr ? h : nw, i;
            const u64 *ba = tr ? tx : xr, *bb = tr ? to : orr;
            u64 ia[MAXROWS], ib[MAXROWS];
            if (sw) {
                const u64 *tmp = ba;
                ba = bb;
                bb = tmp;
            }
            for (i = 0; i < ih; i++) {
                int src = (k & 2) ? ih - 1 - i : i;
                ia[i] = (k & 1) ? reverse_bits(ba[src], iw) : ba[src];
                ib[i] = (k & 1) ? reverse_bits(bb[src], iw) : bb[src];
            }
            if (!best_set
                || clob_cmp(ih, iw, ia, ib, out->kh, out->kw, out->kx, out->ko) < 0) {
                /* a swapped image wins only when strictly less than every plain one */
                best_set = 1;
                out->kh = ih;
                out->kw = iw;
                out->swapped = sw;
                memcpy(out->kx, ia, (size_t)ih * sizeof(u64));
                memcpy(out->ko, ib, (size_t)ih * sizeof(u64));
            }
        }
    }
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

/* ---- the memos as raw records (checkpoints) ---------------------------------------------
 * memo_raw(which) -> bytes: every entry of memo `which` (0 Domineering, 1 Toads-and-Frogs,
 * 2 Clobber) as 24-byte records (a, b: uint64; tag: uint32; id: int32; native order);
 * memo_raw_add(which, bytes, limit) stores such records back (ids checked). */

static dm_memo *memo_of(int which)
{
    if (which == 0)
        return &DM;
    if (which == 1)
        return &TFM;
    if (which == 2)
        return &CLM;
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
    {NULL, NULL, 0, NULL},
};
