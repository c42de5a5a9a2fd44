/* walk.h: the one memo-and-walk of the compiled grid and strip games, as a template.
 *
 * The value of a region (a canonical game id of canon.c's table) is worked out from its
 * options, each the sum of the regions it splits into, memoised by key in the memo of
 * the walk's kind (memo.c: eviction past the limit, raw records for checkpoints). Every
 * GRID_TICK_EVERY new regions tick(count) is called (progress, the time limit,
 * checkpoints): an exception there stops the walk. A frame never reads the memo after its
 * options are known, so entries may be dropped (and recomputed) at any time.
 *
 * A game file defines its configuration and hooks, then includes this file (once per
 * walk; it may be included again for another walk after redefining them):
 *
 *   WALK_PREFIX     the walk's name (dom): the functions made are dom_value, dom_memo,
 *                   dom_memo_add and dom_memo_stats (GRID_WALK_METHODS(dom) lists them)
 *   WALK_KIND       its memo (GRID_KIND_DOM)
 *   WALK_KEY        the type of a key image, WALK_POS of a position after a move,
 *                   WALK_ITER of the move generator's state
 *   WALK_MAXOPT     the options of one side a frame holds on the stack (past it they
 *                   move to the heap, growing as needed: no limit)
 *   WALK_IMPARTIAL  1 when both players have the same moves (only Left's are generated);
 *                   0 when left undefined
 *   WALK_PAIR_KEYS  defined for keys of two planes (pair_shape, grid.h): then this file
 *                   defines WALK_KEY and the hooks pack, unpack, key_read and key_object;
 *                   its value is key_read's `disjoint` (pair_key_args: no cell in both)
 *   WALK_AGAIN      defined when the next walk of the file has the same types (key,
 *                   position, iterator): it then defines only WALK_PREFIX, WALK_KIND,
 *                   WALK_MAXOPT (and WALK_IMPARTIAL) and its hooks
 *
 * and, as static (inline) functions named after WALK_PREFIX (so the compiler inlines
 * them into the walk: no call through a pointer in the hot loop):
 *
 *   void P_pack(const WALK_KEY *, u64 *a, u64 *b, uint32_t *tag)   the memo key
 *   void P_unpack(u64 a, u64 b, uint32_t tag, WALK_KEY *)          and back
 *   void P_begin(const WALK_KEY *, int side, WALK_ITER *)           the move generator:
 *   int  P_next(WALK_ITER *, WALK_POS *)                             1 per option, then 0
 *   int  P_regions(const WALK_POS *, u64 *comps)                     the splitter: masks
 *   int  P_part(const WALK_POS *, u64 comp, WALK_KEY *, long *number, int *negated)
 *        one region: 0 (nothing), 1 (the integer *number) or 2 (the key image, whose
 *        value is negated when *negated: the symmetry key)
 *   int  P_key_read(PyObject *, WALK_KEY *, int walking)             0, or -1 (set)
 *   PyObject *P_key_object(const WALK_KEY *)                         the key as Python's
 */

#define WALK_CAT2(a, b) a##_##b
#define WALK_CAT(a, b) WALK_CAT2(a, b)
#define WALK_FN(x) WALK_CAT(WALK_PREFIX, x)
#ifndef WALK_IMPARTIAL
#define WALK_IMPARTIAL 0
#endif

#ifdef WALK_PAIR_KEYS
#define WALK_KEY pair_shape

static inline void WALK_FN(pack)(const pair_shape *k, u64 *a, u64 *b, uint32_t *tag)
{
    pair_pack(k, WALK_KIND, a, b, tag);
}

static inline void WALK_FN(unpack)(u64 a, u64 b, uint32_t tag, pair_shape *k)
{
    pair_unpack(a, b, tag, k);
}

static int WALK_FN(key_read)(PyObject *key, pair_shape *k, int walking)
{
    (void)walking;
    return pair_key_args(key, WALK_PAIR_KEYS, k);
}

static PyObject *WALK_FN(key_object)(const pair_shape *k)
{
    return pair_key_tuple(k);
}
#endif

static int WALK_FN(walk)(const WALK_KEY *key, grid_walk *wk);

/* The id of the sum of the regions of one option; -1 with an exception set. */
static inline int WALK_FN(option)(const WALK_POS *pos, grid_walk *wk)
{
    u64 comps[64];
    int n = WALK_FN(regions)(pos, comps), k, total = 0;
    long number = 0;
    for (k = 0; k < n; k++) {
        WALK_KEY sub;
        long x = 0;
        int negated = 0, id;
        switch (WALK_FN(part)(pos, comps[k], &sub, &x, &negated)) {
        case 0:
            continue;
        case 1:
            number += x;
            continue;
        default:
            break;
        }
        id = WALK_FN(walk)(&sub, wk);
        if (id < 0 || (negated && (id = canon_neg(wk->canon, id)) < 0))
            return -1;
        if ((total = canon_add(wk->canon, total, id)) < 0)
            return -1;
    }
    if (number) {
        int x = canon_integer(wk->canon, number);
        if (x < 0 || (total = canon_add(wk->canon, total, x)) < 0)
            return -1;
    }
    return total;
}

/* Room for one more option id of a side (ids[side], held: cap[side]): past the frame's
 * stack array the ids move to the heap, doubling. 0, or -1 with MemoryError. */
static int WALK_FN(room)(int **ids, int *cap, const int *on_stack)
{
    int *grown = NULL;
    if (*cap <= (1 << 28)) {
        size_t bytes = (size_t)(*cap) * 2 * sizeof(int);
        grown = (int *)(*ids == on_stack ? malloc(bytes) : realloc(*ids, bytes));
    }
    if (grown == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (*ids == on_stack)
        memcpy(grown, on_stack, (size_t)(*cap) * sizeof(int));
    *ids = grown;
    *cap *= 2;
    return 0;
}

/* The id of the key image's value, memoised; -1 with an exception set. */
static int WALK_FN(walk)(const WALK_KEY *key, grid_walk *wk)
{
    int held[2][WALK_MAXOPT], *ids[2] = {held[0], held[1]}, cap[2] = {WALK_MAXOPT, WALK_MAXOPT};
    int n[2] = {0, 0}, side, gid;
    u64 a, b;
    uint32_t tag;
    WALK_FN(pack)(key, &a, &b, &tag);
    gid = grid_lookup(wk->M, a, b, tag);
    if (gid >= 0)
        return gid;
    for (side = 0; side < (WALK_IMPARTIAL ? 1 : 2); side++) {
        WALK_ITER it;
        WALK_POS pos;
        WALK_FN(begin)(key, side, &it);
        while (WALK_FN(next)(&it, &pos)) {
            int v;
            if (n[side] == cap[side] && WALK_FN(room)(&ids[side], &cap[side], held[side]) < 0)
                goto done;
            if ((v = WALK_FN(option)(&pos, wk)) < 0)
                goto done;
            ids[side][n[side]++] = v;
        }
    }
    if (WALK_IMPARTIAL)
        gid = canon_make(wk->canon, ids[0], n[0], ids[0], n[0]);
    else
        gid = canon_make(wk->canon, ids[0], n[0], ids[1], n[1]);
    if (gid >= 0 && (grid_store(wk->M, a, b, tag, gid, wk->limit) < 0 || grid_counted(wk) < 0))
        gid = -1;
done:
    for (side = 0; side < 2; side++)
        if (ids[side] != held[side])
            free(ids[side]);
    return gid;
}

/* ---- the entry points ---- */

static PyObject *WALK_FN(value)(PyObject *self, PyObject *args)
{
    PyObject *key, *tick;
    long long limit;
    WALK_KEY k;
    grid_walk wk;
    grid_state *st = grid_state_of(self);
    int gid;
    if (!PyArg_ParseTuple(args, "OOL", &key, &tick, &limit) || WALK_FN(key_read)(key, &k, 1) < 0)
        return NULL;
    if (grid_enter(st) < 0)
        return NULL;
    wk.M = &st->memos[WALK_KIND];
    wk.tick = tick;
    wk.limit = limit < 1 ? 1 : (int64_t)limit;
    wk.before = wk.M->evaluated;
    wk.canon = canon_table_of(self);
    canon_busy_begin(wk.canon); /* ids held across tick: no reset nor compaction meanwhile */
    gid = WALK_FN(walk)(&k, &wk);
    canon_busy_end(wk.canon);
    grid_leave(st);
    if (gid < 0)
        return NULL;
    return Py_BuildValue("iL", gid, (long long)(wk.M->evaluated - wk.before));
}

static PyObject *WALK_FN(memo)(PyObject *self, PyObject *noargs)
{
    grid_memo *M = &grid_state_of(self)->memos[WALK_KIND];
    PyObject *out = PyList_New(0);
    int64_t i;
    (void)noargs;
    if (out == NULL)
        return NULL;
    for (i = 0; i < M->cap; i++) {
        WALK_KEY k;
        PyObject *key, *item;
        if (M->slots[i].tag == 0)
            continue;
        WALK_FN(unpack)(M->slots[i].a, M->slots[i].b, M->slots[i].tag, &k);
        key = WALK_FN(key_object)(&k);
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

static PyObject *WALK_FN(memo_add)(PyObject *self, PyObject *args)
{
    PyObject *key;
    int gid, res;
    long long limit;
    WALK_KEY k;
    u64 a, b;
    uint32_t tag;
    grid_state *st = grid_state_of(self);
    if (!PyArg_ParseTuple(args, "OiL", &key, &gid, &limit) || WALK_FN(key_read)(key, &k, 0) < 0)
        return NULL;
    if (gid < 0 || gid >= canon_size(canon_table_of(self))) {
        PyErr_SetString(PyExc_ValueError, "grid: not an id of the table");
        return NULL;
    }
    if (grid_enter(st) < 0)
        return NULL;
    WALK_FN(pack)(&k, &a, &b, &tag);
    res = grid_store(&st->memos[WALK_KIND], a, b, tag, gid, limit < 1 ? 1 : (int64_t)limit);
    grid_leave(st);
    if (res < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *WALK_FN(memo_stats)(PyObject *self, PyObject *noargs)
{
    (void)noargs;
    return grid_memo_stats(&grid_state_of(self)->memos[WALK_KIND]);
}

#undef WALK_FN
#undef WALK_CAT
#undef WALK_CAT2
#undef WALK_PREFIX
#undef WALK_KIND
#undef WALK_MAXOPT
#undef WALK_IMPARTIAL
#ifdef WALK_AGAIN
#undef WALK_AGAIN
#else
#undef WALK_KEY
#undef WALK_POS
#undef WALK_ITER
#undef WALK_PAIR_KEYS
#endif
