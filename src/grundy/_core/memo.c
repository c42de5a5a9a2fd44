/* The memos of the compiled walks (walk.h), one per kind, in the module's state: keyed
 * regions -> ids of canon.c's table, with eviction past a limit, raw records for
 * checkpoints (grundy/cgt/_memo_file.py) and the guard that lets one thread at a time
 * walk or change them.
 *
 * memo_raw(which) -> bytes: every entry of memo `which` (GRID_KIND_*: 0 Domineering,
 * 1 Toads-and-Frogs, 2 Clobber, 3 Col, 4 Snort, 5 Konane, 6 Cram, 7 Fission) as 24-byte
 * records
 * (a, b: uint64; tag: uint32; id: int32; native order); memo_raw_add(which, bytes, limit)
 * stores such records back (keys and ids checked). The memos hold ids of canon.c's table:
 * grundy.clear_cache() empties both (dom_memo_clear empties every memo).
 */
#include "grid.h"

#include "pythread.h"

const int GRID_DEBRUIJN[64] = {
    0,  1,  2,  53, 3,  7,  54, 27, 4,  38, 41, 8,  34, 55, 48, 28, 62, 5,  39, 46, 44, 42,
    22, 9,  24, 35, 59, 56, 49, 18, 29, 11, 63, 52, 6,  26, 37, 40, 33, 47, 61, 45, 43, 21,
    23, 58, 17, 10, 51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12};

#define AGES 4

/* ---- the module's state and the thread guard ---- */

void grid_state_free(grid_state *st)
{
    int k;
    if (st == NULL)
        return;
    for (k = 0; k < GRID_KINDS; k++)
        grid_memo_free(&st->memos[k]);
}

/* A walk calls back into Python (tick), where another thread may run: the Python side
 * holds one lock around every walk (grundy.cgt.games._compiled), and this checks it. */
int grid_enter(grid_state *st)
{
    unsigned long me = PyThread_get_thread_ident();
    if (st->depth > 0 && st->owner != me) {
        PyErr_SetString(PyExc_RuntimeError,
                        "grid: the compiled memos are in use by a walk in another thread");
        return -1;
    }
    st->owner = me;
    st->depth++;
    return 0;
}

void grid_leave(grid_state *st)
{
    st->depth--;
}

/* ---- one memo ---- */

static int age_of(const grid_memo *M, int64_t i)
{
    int age = (uint8_t)(GRID_EPOCH(M) - GRID_STAMPS(M)[i]);
    return age < AGES ? age : AGES - 1;
}

/* The memo in a block of `cap` slots, keeping the entries older than `max_age` (0 to
 * AGES - 1), or of that age and of sizes <= max_size (max_age AGES: all). */
static int rehash(grid_memo *M, int64_t cap, int max_age, int max_size)
{
    grid_slot *old = M->slots;
    uint8_t *old_stamps = old != NULL ? GRID_STAMPS(M) : NULL;
    uint8_t epoch = old != NULL ? GRID_EPOCH(M) : 0;
    int64_t oldcap = M->cap, i;
    grid_slot *fresh;
    if ((uint64_t)cap > (uint64_t)PY_SSIZE_T_MAX / (sizeof(grid_slot) + 1) - 1) {
        PyErr_NoMemory();
        return -1;
    }
    fresh = (grid_slot *)calloc((size_t)cap * (sizeof(grid_slot) + 1) + 1, 1);
    if (fresh == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    M->slots = fresh;
    M->cap = cap;
    M->count = 0;
    GRID_EPOCH(M) = epoch;
    for (i = 0; i < oldcap; i++) {
        if (old[i].tag != 0) {
            int age = (uint8_t)(epoch - old_stamps[i]);
            if (age > AGES - 1)
                age = AGES - 1;
            if (max_age >= AGES || age < max_age
                || (age == max_age && GRID_TAG_SIZE(old[i].tag) <= max_size)) {
                int64_t j = grid_find(M, old[i].a, old[i].b, old[i].tag);
                M->slots[j] = old[i];
                GRID_STAMPS(M)[j] = old_stamps[i];
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
static int evict(grid_memo *M)
{
    int64_t hist[AGES][256], i, kept = 0;
    int age = 0, t = 0, found = 0;
    memset(hist, 0, sizeof hist);
    for (i = 0; i < M->cap; i++)
        if (M->slots[i].tag != 0)
            hist[age_of(M, i)][GRID_TAG_SIZE(M->slots[i].tag)]++;
    for (age = 0; age < AGES && !found; age++) {
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
    if (rehash(M, M->cap, age, t) < 0)
        return -1;
    GRID_EPOCH(M)++;
    return 0;
}

int grid_store(grid_memo *M, u64 a, u64 b, uint32_t tag, int32_t gid, int64_t limit)
{
    int64_t i;
    if (M->count >= limit && M->count > 0 && evict(M) < 0)
        return -1;
    if (M->cap == 0 || (M->count + 1) * 2 > M->cap) {
        if (rehash(M, M->cap ? M->cap * 2 : 1024, AGES, 255) < 0)
            return -1;
    }
    i = grid_find(M, a, b, tag);
    if (M->slots[i].tag == 0)
        M->count++;
    M->slots[i].a = a;
    M->slots[i].b = b;
    M->slots[i].tag = tag;
    M->slots[i].gid = gid;
    GRID_STAMPS(M)[i] = GRID_EPOCH(M);
    return 0;
}

void grid_memo_free(grid_memo *M)
{
    free(M->slots);
    M->slots = NULL;
    M->cap = M->count = M->evaluated = M->evictions = 0;
}

PyObject *grid_memo_stats(const grid_memo *M)
{
    return Py_BuildValue("LLLL", (long long)M->count, (long long)M->evaluated,
                         (long long)M->evictions,
                         (long long)(M->cap * (int64_t)(sizeof(grid_slot) + 1)));
}

/* ---- the Python interface ---- */

PyDoc_STRVAR(memo_clear_doc, "dom_memo_clear(): forget every value of every compiled walk "
                             "(the table was reset)");

static PyObject *memo_clear(PyObject *self, PyObject *noargs)
{
    grid_state *st = grid_state_of(self);
    (void)noargs;
    if (grid_enter(st) < 0)
        return NULL;
    grid_state_free(st);
    grid_leave(st);
    Py_RETURN_NONE;
}

static grid_memo *memo_of(PyObject *self, int which)
{
    if (which < 0 || which >= GRID_KINDS) {
        PyErr_SetString(PyExc_ValueError, "grid: no such memo");
        return NULL;
    }
    return &grid_state_of(self)->memos[which];
}

/* 1 when tag is a key of memo `which` that the walks can read back. */
static int tag_valid(int which, uint32_t tag)
{
    int kind = (int)(tag >> 24), h = (int)((tag >> 8) & 0xFF), w = (int)(tag & 0xFF);
    int rows_only = which == GRID_KIND_DOM || which == GRID_KIND_CRAM;
    if (kind != which)
        return 0;
    if (which == GRID_KIND_TF)
        return h == 0 && w >= 1 && w <= 62;
    return h >= 1 && w >= 1 && w <= 63 && h * w <= 64 && h * (w + 1) <= 64 + (rows_only ? w : 0);
}

PyDoc_STRVAR(memo_raw_doc, "memo_raw(which) -> bytes of 24-byte records (a, b, tag, id)");

static PyObject *memo_raw(PyObject *self, PyObject *args)
{
    int which;
    grid_memo *M;
    PyObject *out;
    char *p;
    int64_t i;
    if (!PyArg_ParseTuple(args, "i", &which) || (M = memo_of(self, which)) == NULL)
        return NULL;
    out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(M->count * (int64_t)sizeof(grid_slot)));
    if (out == NULL)
        return NULL;
    p = PyBytes_AS_STRING(out);
    for (i = 0; i < M->cap; i++) {
        if (M->slots[i].tag != 0) {
            memcpy(p, &M->slots[i], sizeof(grid_slot));
            p += sizeof(grid_slot);
        }
    }
    return out;
}

PyDoc_STRVAR(memo_raw_add_doc, "memo_raw_add(which, records, limit): store raw records back");

static PyObject *memo_raw_add(PyObject *self, PyObject *args)
{
    int which, size, ok = 0;
    Py_buffer buf;
    long long limit;
    grid_memo *M;
    grid_state *st = grid_state_of(self);
    Py_ssize_t i, n;
    if (!PyArg_ParseTuple(args, "iy*L", &which, &buf, &limit))
        return NULL;
    if ((M = memo_of(self, which)) == NULL || buf.len % (Py_ssize_t)sizeof(grid_slot) != 0) {
        if (M != NULL)
            PyErr_SetString(PyExc_ValueError, "grid: records of 24 bytes expected");
        PyBuffer_Release(&buf);
        return NULL;
    }
    if (grid_enter(st) < 0) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    n = buf.len / (Py_ssize_t)sizeof(grid_slot);
    size = canon_size(canon_table_of(self));
    for (i = 0; i < n; i++) {
        grid_slot r;
        memcpy(&r, (const char *)buf.buf + i * (Py_ssize_t)sizeof(grid_slot), sizeof(grid_slot));
        if (!tag_valid(which, r.tag) || r.gid < 0 || r.gid >= size) {
            PyErr_SetString(PyExc_ValueError, "grid: a record with no key or a foreign id");
            break;
        }
        if (grid_store(M, r.a, r.b, r.tag, r.gid, limit < 1 ? 1 : (int64_t)limit) < 0)
            break;
    }
    ok = i == n;
    grid_leave(st);
    PyBuffer_Release(&buf);
    if (!ok)
        return NULL;
    Py_RETURN_NONE;
}

PyMethodDef GRUNDY_MEMO_METHODS[] = {
    {"dom_memo_clear", memo_clear, METH_NOARGS, memo_clear_doc},
    {"memo_raw", memo_raw, METH_VARARGS, memo_raw_doc},
    {"memo_raw_add", memo_raw_add, METH_VARARGS, memo_raw_add_doc},
    {NULL, NULL, 0, NULL},
};
