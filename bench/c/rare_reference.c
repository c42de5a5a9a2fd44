/* Reference for bench/compiled_core.py: Grundy's game (split a heap into two unequal heaps)
 * by the rare-value ("sparse space") method, single-threaded C as a researcher would write
 * it (after Flammenkamp's and Achim's descriptions), without grundy's refinements.
 *
 *   cc -O2 -o rare_reference rare_reference.c && ./rare_reference 4194304
 *
 * Values are common or rare by the parity of (value & mask); the XOR of two common values
 * is rare, so a common option value needs a rare heap in its pair: mark every pair holding
 * a rare heap, take the least common unmarked value c, then scan all pairs from a = 1 until
 * every rare value below c has been seen. The mask is re-chosen (fewest rare heaps, every
 * mask tried) at each power of two. Prints like naive_mex.c.
 *
 * With a second argument "officers" it computes Officers (octal 0.6: take one counter and
 * leave one heap or two, equal ones too) the same way: the pairs sum to n - 1, and the one
 * heap n - 1 is an option too.
 *
 *   ./rare_reference 4194304 officers
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SPACE 1024

static int parity(int v) { int p = 0; while (v) { p ^= v & 1; v >>= 1; } return p; }

int main(int argc, char **argv)
{
    long last, n, a, nrare = 0, j;
    uint16_t *g;
    long *rare;
    int mark[SPACE], want[SPACE], common[SPACE], mask = 1, v, top = 0;
    long hist[SPACE];
    long next_mask = 64;
    uint64_t check = 0;
    int officers = argc == 3 && argv[2][0] == 'o';
    if (argc < 2 || argc > 3 || (argc == 3 && !officers)) {
        fprintf(stderr, "usage: rare_reference N [officers]\n");
        return 2;
    }
    last = atol(argv[1]);
    g = calloc((size_t)last + 1, sizeof(uint16_t));
    rare = malloc(((size_t)last + 1) * sizeof(long));
    if (!g || !rare)
        return 1;
    for (v = 0; v < SPACE; v++) {
        mark[v] = -1;
        want[v] = 0;
        hist[v] = 0;
        common[v] = parity(v & mask);
    }
    hist[0] = 1;
    for (n = 1; n <= last; n++) {
        /* pairs (a, r - a): a < r - a with r = n (Grundy's game), a <= r - a with r = n - 1
         * (Officers) */
        long need = 0, r = officers ? n - 1 : n, h = (n - 1) / 2;
        int c = 0;
        if (n == next_mask) { /* re-choose the mask, rebuild the rare list */
            int best = 1, m;
            long fewest = -1;
            for (m = 1; m < SPACE; m++) {
                long cnt = 0;
                for (v = 0; v < SPACE; v++)
                    if (!parity(v & m))
                        cnt += hist[v];
                if (fewest < 0 || cnt < fewest) {
                    fewest = cnt;
                    best = m;
                }
            }
            mask = best;
            for (v = 0; v < SPACE; v++)
                common[v] = parity(v & mask);
            nrare = 0;
            for (a = 1; a < n; a++)
                if (!common[g[a]])
                    rare[nrare++] = a;
            next_mask *= 2;
        }
        for (j = 0; j < nrare; j++) {
            long x = rare[j], y = r - x;
            if (y < 1)
                break;
            if (officers || x != y)
                mark[g[x] ^ g[y]] = (int)n;
        }
        if (officers && n >= 2)
            mark[g[n - 1]] = (int)n; /* the one heap left */
        while (!common[c] || mark[c] == n)
            c++;
        for (v = 0; v < c; v++)
            if (mark[v] != n) {
                want[v] = 1;
                need++;
            }
        for (a = 1; need && a <= h; a++) {
            int x = g[a] ^ g[r - a];
            if (want[x]) {
                want[x] = 0;
                mark[x] = (int)n;
                need--;
            }
        }
        for (v = 0; v < c; v++)
            want[v] = 0;
        v = 0;
        while (v < c && mark[v] == n)
            v++;
        g[n] = (uint16_t)v;
        hist[v]++;
        if (!common[v])
            rare[nrare++] = n;
        if (v > top)
            top = v;
        if (2 * top >= SPACE) {
            fprintf(stderr, "rare_reference: values too large\n");
            return 1;
        }
    }
    for (n = 0; n <= last; n++)
        check += (uint64_t)n * (uint64_t)g[n];
    printf("%ld %llu %d\n", last + 1, (unsigned long long)check, top);
    return 0;
}
