/* Reference for bench/compiled_core.py: the Grundy values of an octal game by the naive mex,
 * as one would write it in C without any cleverness: for every heap, mark the value of every
 * option, then take the least unmarked value.
 *
 *   cc -O2 -o naive_mex naive_mex.c && ./naive_mex 0.07 262144
 *
 * Prints the number of heaps, a checksum (sum of i * G(i) mod 2^64) and the largest value.
 * Digits only (no repeating part, no hexadecimal); every digit d at removal k: d & 1 takes
 * a whole heap of k, d & 2 leaves one heap, d & 4 leaves two heaps.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *code;
    int digit[64], nd = 0, k;
    long n, last, a;
    int *g, *seen, space = 1 << 16, top = 0;
    uint64_t check = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: naive_mex CODE N\n");
        return 2;
    }
    code = argv[1];
    last = atol(argv[2]);
    if (strncmp(code, "0.", 2) != 0) {
        fprintf(stderr, "naive_mex: code must look like 0.137\n");
        return 2;
    }
    for (k = 2; code[k] && nd < 63; k++)
        digit[++nd] = code[k] - '0';
    g = calloc((size_t)last + 1, sizeof(int));
    seen = malloc((size_t)space * sizeof(int));
    if (!g || !seen)
        return 1;
    for (a = 0; a < space; a++)
        seen[a] = -1;
    for (n = 1; n <= last; n++) {
        int v = 0;
        for (k = 1; k <= nd && k <= n; k++) {
            int d = digit[k];
            if ((d & 1) && n == k)
                seen[0] = (int)n;
            if ((d & 2) && n > k)
                seen[g[n - k]] = (int)n;
            if ((d & 4) && n - k >= 2) {
                long r = n - k;
                for (a = 1; a <= r / 2; a++)
                    seen[g[a] ^ g[r - a]] = (int)n;
            }
        }
        while (seen[v] == n)
            v++;
        g[n] = v;
        if (v > top)
            top = v;
        if (2 * top >= space) {
            fprintf(stderr, "naive_mex: values too large\n");
            return 1;
        }
    }
    for (n = 0; n <= last; n++)
        check += (uint64_t)n * (uint64_t)g[n];
    printf("%ld %llu %d\n", last + 1, (unsigned long long)check, top);
    return 0;
}
