/* The heap kernels for one element type of the table g: included by heap.c once per
 * type with G_T (the C type) and G_NAME(x) (a name suffix) defined. The Python twins
 * are grundy/kernels/heap.py: plain_kernel_py and rare_kernel_py (same steps).
 *
 * The caller (heap.c) has checked every size and index range, so that every heap index
 * stays inside g, and that len(mark) = 2 * half is a power of two. For the plain kernel it
 * has also checked that every value of g[:start] is below half (a heap costs it a look at
 * every option, far more than that scan). The rare kernel's heaps cost far less than a scan
 * of g[:start] (which, on every call, made a table of N heaps cost time quadratic in N), so
 * it checks as it reads: every index into mark and want is masked with len(mark) - 1, so
 * no value reaches past them, and the OR of the option values a heap met is compared with
 * half before its mex is taken, so a value of g outside [0, half) that shows in an option
 * is reported (-3) instead of giving a wrong mex. The GIL is released around these
 * functions. They return the heap they stopped at, -1 when a signal handler raised (the
 * GIL is then held), or -3 for such a value.
 */

/* Mark (with n) the values of the options of heap n that leave at most one heap; returns
 * the OR of those values (as unsigned: a negative int64 value sets the top bit). */
static inline uint64_t G_NAME(mark_one)(const G_T *g, Py_ssize_t n, const uint8_t *whole,
                                        Py_ssize_t nwhole, const int64_t *single,
                                        Py_ssize_t nsingle, int64_t *mark, uint64_t mask)
{
    Py_ssize_t i;
    uint64_t seen = 0;
    if (n < nwhole && whole[n])
        mark[0] = n;
    for (i = 0; i < nsingle; i++) {
        int64_t k = single[i];
        uint64_t x;
        if (k >= n)
            break;
        x = (uint64_t)g[n - k];
        seen |= x;
        mark[x & mask] = n;
    }
    return seen;
}

static Py_ssize_t G_NAME(plain)(G_T *g, Py_ssize_t start, Py_ssize_t stop, const uint8_t *whole,
                                Py_ssize_t nwhole, const int64_t *single, Py_ssize_t nsingle,
                                const int64_t *split, Py_ssize_t nsplit, const int64_t *triple,
                                Py_ssize_t ntriple, int unequal, int64_t *mark, Py_ssize_t half,
                                grundy_nogil *st)
{
    Py_ssize_t n, i, a, b;
    for (n = start; n < stop; n++) {
        int64_t work = 1;
        int64_t v;
        /* every value of g[:start] was checked (heap.c): no mask, no check here */
        G_NAME(mark_one)(g, n, whole, nwhole, single, nsingle, mark, ~(uint64_t)0);
        for (i = 0; i < nsplit; i++) {
            Py_ssize_t r = n - (Py_ssize_t)split[i];
            Py_ssize_t h;
            const G_T *hi;
            if (r < 2)
                break;
            h = r / 2;
            if (unequal && r % 2 == 0)
                h -= 1;
            hi = g + r;
            /* mark[g[a] ^ g[r - a]] for a = 1..h, four at a time */
            a = 1;
            for (; a + 3 <= h; a += 4) {
                int64_t x0 = (int64_t)(g[a] ^ hi[-a]);
                int64_t x1 = (int64_t)(g[a + 1] ^ hi[-a - 1]);
                int64_t x2 = (int64_t)(g[a + 2] ^ hi[-a - 2]);
                int64_t x3 = (int64_t)(g[a + 3] ^ hi[-a - 3]);
                mark[x0] = n;
                mark[x1] = n;
                mark[x2] = n;
                mark[x3] = n;
            }
            for (; a <= h; a++)
                mark[g[a] ^ hi[-a]] = n;
            work += h;
        }
        for (i = 0; i < ntriple; i++) {
            Py_ssize_t r = n - (Py_ssize_t)triple[i];
            if (r < 3)
                break;
            for (a = 1; a <= r / 3; a++) {
                G_T ga = g[a];
                Py_ssize_t top = (r - a) / 2;
                for (b = a; b <= top; b++)
                    mark[ga ^ g[b] ^ g[r - a - b]] = n;
                work += top - a + 1;
            }
        }
        v = 0;
        while (mark[v] == n)
            v++;
        g[n] = (G_T)v;
        if (v >= half)
            return n + 1;
        if (grundy_nogil_tick(st, work) < 0)
            return -1;
    }
    return stop;
}

/* One pair scan step of the rare kernel: x = g[a] ^ g[r - a] is wanted? */
#define RARE_TAKE(x)                                                                       \
    seen |= (x);                                                                           \
    if (want[(x) & mask]) {                                                                \
        want[(x) & mask] = 0;                                                              \
        mark[(x) & mask] = n;                                                              \
        need -= 1;                                                                         \
        if (need == 0)                                                                     \
            break;                                                                         \
    }

static Py_ssize_t G_NAME(rare)(G_T *g, Py_ssize_t start, Py_ssize_t stop, const uint8_t *whole,
                               Py_ssize_t nwhole, const int64_t *single, Py_ssize_t nsingle,
                               const int64_t *split, Py_ssize_t nsplit, int unequal,
                               const uint8_t *common, int64_t *rare, Py_ssize_t *nrare_io,
                               Py_ssize_t nrare_cap, int64_t *mark, Py_ssize_t nmark,
                               uint8_t *want, Py_ssize_t half, grundy_nogil *st)
{
    Py_ssize_t n, i, j, nrare = *nrare_io;
    const uint64_t mask = (uint64_t)(2 * half - 1);
    for (n = start; n < stop; n++) {
        int64_t work = 1;
        Py_ssize_t c, v, need;
        uint64_t seen;
        if (nrare == nrare_cap) {
            *nrare_io = nrare;
            return n;
        }
        seen = G_NAME(mark_one)(g, n, whole, nwhole, single, nsingle, mark, mask);
        for (i = 0; i < nsplit; i++) {
            Py_ssize_t r = n - (Py_ssize_t)split[i];
            if (r < 2)
                break;
            for (j = 0; j < nrare; j++) {
                Py_ssize_t a = (Py_ssize_t)rare[j];
                Py_ssize_t b = r - a;
                uint64_t x;
                if (b < 1)
                    break;
                if (unequal && a == b)
                    continue;
                x = (uint64_t)(g[a] ^ g[b]);
                seen |= x;
                mark[x & mask] = n;
            }
            work += j;
        }
        if (seen >= (uint64_t)half) {
            *nrare_io = nrare;
            return -3;
        }
        c = 0;
        while (c < nmark && (common[c] == 0 || mark[c] == n))
            c++;
        if (c == nmark) { /* cannot happen with a mask below the value space */
            *nrare_io = nrare;
            return -2;
        }
        need = 0;
        for (v = 0; v < c; v++) {
            if (mark[v] != n) {
                want[v] = 1;
                need += 1;
            }
        }
        if (need) {
            Py_ssize_t hmax = 0, step = 1;
            for (i = 0; i < nsplit; i++) {
                Py_ssize_t r = n - (Py_ssize_t)split[i];
                Py_ssize_t h = r / 2;
                if (unequal && r % 2 == 0)
                    h -= 1;
                if (h > hmax)
                    hmax = h;
            }
            if (nsplit == 1) {
                Py_ssize_t r = n - (Py_ssize_t)split[0];
                Py_ssize_t lo = 1, hi = hmax;
                while (lo <= hi) {
                    uint64_t x = (uint64_t)(g[lo] ^ g[r - lo]);
                    RARE_TAKE(x)
                    if (hi > lo) {
                        x = (uint64_t)(g[hi] ^ g[r - hi]);
                        RARE_TAKE(x)
                    }
                    lo += 1;
                    hi -= 1;
                }
                work += lo;
                step = hmax + 1;
            }
            while (need && step <= hmax) {
                for (i = 0; i < nsplit; i++) {
                    Py_ssize_t r = n - (Py_ssize_t)split[i];
                    Py_ssize_t h = r / 2, a;
                    uint64_t x;
                    if (unequal && r % 2 == 0)
                        h -= 1;
                    if (step > h)
                        continue;
                    a = step;
                    x = (uint64_t)(g[a] ^ g[r - a]);
                    RARE_TAKE(x)
                    a = h + 1 - step;
                    if (a > step) {
                        x = (uint64_t)(g[a] ^ g[r - a]);
                        RARE_TAKE(x)
                    }
                }
                work += nsplit;
                step += 1;
            }
            if (need)
                for (v = 0; v < c; v++)
                    want[v] = 0;
            if (seen >= (uint64_t)half) {
                *nrare_io = nrare;
                return -3;
            }
        }
        v = 0;
        while (v < c && mark[v] == n)
            v++;
        g[n] = (G_T)v;
        if (common[v] == 0) {
            rare[nrare] = n;
            nrare += 1;
        }
        if (v >= half) {
            *nrare_io = nrare;
            return n + 1;
        }
        if (grundy_nogil_tick(st, work) < 0) {
            *nrare_io = nrare;
            return -1;
        }
    }
    *nrare_io = nrare;
    return stop;
}

#undef RARE_TAKE
