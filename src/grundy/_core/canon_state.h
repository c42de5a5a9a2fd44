/* canon_state.h: the table of canonical games as it lives in the module's state (PEP 3121:
 * module.c's state holds one, canon_table_of(module) finds it; nothing of the table is a C
 * global), and the guard that lets one thread at a time run its code.
 *
 * The guard (canon_guard.c), checked in C whatever the Python side does:
 *   - `locked`, `owner`: the thread running table code holds the table, and lets it go
 *     only while it calls out to Python (the time check, making a TableFullError), where
 *     another thread may run and extend the table; a thread that finds it held by another
 *     hands that one the GIL until it is free, and the thread holding it cannot enter again
 *     (RuntimeError). Both are read and set with the GIL held (the module does not declare
 *     itself free-threaded, so the GIL is always on). So two threads never run table code
 *     at once. Readers (the columns LEFT, NUMBER, ...) take no lock: every change is made
 *     without calling out, so under the GIL a reader never sees one half done.
 *   - `busy`: computations in flight over all threads (ids held in C frames: canon_le & co.,
 *     and the grid walks of walk.h, which hold ids across their progress callbacks); and
 *     `holders`: per thread, the holds of grundy.cgt._table.shared() (Python computations
 *     holding ids between calls). A reset, a compaction or a new configuration is refused
 *     (RuntimeError) while anything is busy or another thread holds the table.
 */
#ifndef GRUNDY_CANON_STATE_H
#define GRUNDY_CANON_STATE_H

#include "core.h"

#include "pythread.h"

/* What comparisons read, in 64 bytes; the hashes are apart (cold). */
typedef struct {
    int64_t lstop, rstop;    /* fixed point */
    int64_t x;               /* number value, or the x of x + n.^ + *m */
    int64_t lo;              /* Left's options at pool[lo], then Right's */
    int32_t ln, rn;          /* how many of each */
    int32_t ups, star;       /* n and m of x + n.^ + *m */
    int32_t neg;             /* id of -g, or -1 when not known yet */
    int32_t birthday;
    uint8_t is_number, is_nus;
} node;
typedef char canon_node_is_64_bytes[(sizeof(node) == 64) ? 1 : -1];

typedef struct {
    uint64_t ihash;          /* hash of the option lists (interning) */
    int64_t shash;           /* structural hash (independent of ids) */
} cold;

typedef struct {
    uint64_t key;  /* (a << 32 | b) << 1 | answer; 0: empty */
} le_slot;

typedef struct {
    uint64_t key;  /* a << 32 | b, a < b; 0: empty */
    int32_t val;
} add_slot;

typedef struct {
    int64_t x;
    int32_t n, m, id;  /* id -1: empty */
} nus_slot;

/* one thread's holds of the table (grundy.cgt._table.shared) */
typedef struct {
    unsigned long thread;
    int64_t n;
} canon_holder;

struct canon_table {
    node *nodes;
    cold *cold;
    int64_t count, cap, cold_cap;
    int32_t *pool;
    int64_t pool_len, pool_cap;
    int32_t *index;      /* interning: ids, -1 empty */
    int64_t index_cap;
    nus_slot *nus;
    int64_t nus_cap, nus_count;
    le_slot *le;
    int64_t le_cap;
    add_slot *add;
    int64_t add_cap;
    PyObject *check;       /* the time check, or NULL */
    PyObject *unsupported; /* grundy.errors.UnsupportedError */
    PyObject *to_fraction; /* fixed point -> Fraction, or NULL */
    PyObject *fractions;   /* its answers: a dict, or NULL */
    int64_t ticks;
    int64_t le_hits, le_misses, add_hits, add_misses, makes;
    int64_t limit;         /* the most ids (0: no bound; past it append raises full_error) */
    PyObject *full_error;  /* grundy.errors.TableFullError, or NULL */
    int64_t compactions;
    /* the guard (canon_guard.c) */
    int locked;              /* 1 while a thread runs table code */
    unsigned long owner;     /* that thread, while `locked` */
    int64_t busy;            /* computations and walks in flight, all threads */
    canon_holder *holders;   /* threads holding the table from Python, n > 0 each */
    int64_t nholders, holders_cap;
};

/* The module's state (module.c) starts zeroed (canon_state_init zeroes it again), and
 * canon_state_free frees everything; canon_state_traverse/clear visit its Python objects. */
int canon_state_init(canon_table *t);
void canon_state_free(canon_table *t);
int canon_state_traverse(canon_table *t, visitproc visit, void *arg);
void canon_state_clear(canon_table *t);

#endif
