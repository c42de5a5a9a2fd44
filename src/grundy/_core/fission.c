/* Fission (CGSuite's game.grid.Fission): the hooks of the one walk of walk.h.
 *
 * Boards as Domineering's (stride w + 1) in two planes: s the stones, e the empty squares
 * (a square in neither is no square, #). Left removes a stone whose squares just north
 * and south are both empty and puts a stone on each; Right does the same east and west
 * (grundy.cgt.games.fission.Fission, the reference).
 *
 * The split. A move at p changes only p and p +- step (4-neighbours of p), and turns
 * empty squares into stones and a stone into an empty square: the set s | e of squares
 * never changes, so no move ever joins two 4-connected groups of s | e, and every move
 * lies inside one group. The groups are therefore independent games, and the position is
 * their sum. A group in which neither player can move now is 0 (only moves change it),
 * and so is a single square; they are dropped. Before the split, the stones that can
 * never move are taken for no squares (fission_live).
 *
 * The key. The value is kept by the four symmetries that keep north-south north-south
 * (identity, the two mirrors, the half turn), and a transposed board swaps the players'
 * moves, so it has the negative value: the key is the least (h, w, stone rows, empty rows)
 * of the 8 images, of equal images the one not transposed, negated when transposed
 * (Fission.signed_region_key, the same images and order).
 *
 * fission_value(key, tick, limit): the id of the key image (h, w, stone rows, empty
 * rows), h * (w + 1) <= 64; a move adds a stone, so the depth is at most 64 moves.
 */

#include "grid.h"

typedef struct {
    u64 s, e;
    int stride;
} fission_pos;

typedef struct {
    u64 s, e, free;
    int step;
    int stride;
} fission_iter;

/* The stones that can split step apart (both squares at +- step empty). */
static inline u64 fission_free(u64 s, u64 e, int step)
{
    return s & shl(e, step) & shr(e, step);
}

static inline void fission_begin(const pair_shape *k, int side, fission_iter *it)
{
    it->s = rows_mask(k->ka, k->kh, k->kw);
    it->e = rows_mask(k->kb, k->kh, k->kw);
    it->stride = k->kw + 1;
    it->step = side == 0 ? it->stride : 1; /* Left north-south, Right east-west */
    it->free = fission_free(it->s, it->e, it->step);
}

static inline int fission_next(fission_iter *it, fission_pos *pos)
{
    u64 low, pair;
    if (!it->free)
        return 0;
    low = it->free & (~it->free + 1);
    it->free ^= low;
    pair = shl(low, it->step) | shr(low, it->step);
    pos->s = (it->s ^ low) | pair;
    pos->e = (it->e & ~pair) | low;
    pos->stride = it->stride;
    return 1;
}

/* The squares that are not frozen stones: a stone is frozen when neither of its pairs of
 * opposite neighbours (north-south, east-west) are both live squares, live squares being
 * those of s | e not frozen, worked out to a fixed point. No frozen stone ever moves: at
 * the first move of one, the two squares it splits into are empty, so squares, and not
 * frozen stones (none has moved yet), so live, which its being frozen denies. A frozen
 * stone thus stays a stone and is never an empty square a move needs: it is a square in
 * no move, the same as no square (#), which may split its group further. */
static inline u64 fission_live(u64 s, u64 e, int stride)
{
    u64 live = s | e;
    for (;;) {
        u64 frozen = s & ~(shl(live, stride) & shr(live, stride)) & ~((live << 1) & (live >> 1));
        if (!(live & frozen))
            return live;
        live &= ~frozen;
    }
}

static inline int fission_regions(const fission_pos *pos, u64 *comps)
{
    return grid_components(fission_live(pos->s, pos->e, pos->stride), pos->stride, comps, 0);
}

static inline int fission_part(const fission_pos *pos, u64 comp, pair_shape *key, long *number,
                               int *negated)
{
    u64 s = pos->s & comp, e = pos->e & comp, sr[MAXROWS], er[MAXROWS];
    int r0, c0, h, w;
    (void)number;
    if (!fission_free(s, e, pos->stride) && !fission_free(s, e, 1))
        return 0; /* no move now, none ever: 0 */
    mask_box(comp, pos->stride, &r0, &c0, &h, &w);
    crop_rows(s, pos->stride, r0, c0, h, w, sr);
    crop_rows(e, pos->stride, r0, c0, h, w, er);
    images_least(sr, er, h, w, 1, &key->kh, &key->kw, &key->swapped, negated, key->ka,
                 key->kb);
    return 2;
}

#define WALK_PREFIX fission
#define WALK_KIND GRID_KIND_FISSION
#define WALK_PAIR_KEYS 1 /* h * (w + 1) <= 64; no square both stone and empty */
#define WALK_POS fission_pos
#define WALK_ITER fission_iter
#define WALK_MAXOPT 64
#define WALK_IMPARTIAL 0
#include "walk.h"

PyMethodDef GRUNDY_FISSION_METHODS[] = {
    GRID_WALK_METHODS(fission),
    {NULL, NULL, 0, NULL},
};
