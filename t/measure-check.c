/*
 * measure-check: the bit-parallel LCS of measure.c against the plain
 * dynamic-programming table, on random sequences of many lengths and
 * alphabets (t/measure.t runs it and reads its TAP). With --bench, times
 * the LCS of two 100 kB texts instead (make bench).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../cex.h"

/* The textbook table, one row at a time. */
static size_t
lcs_dp(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	size_t	*prev = calloc(m + 1, sizeof(size_t));
	size_t	*row = calloc(m + 1, sizeof(size_t)), *t, i, j, len;

	if (prev == NULL || row == NULL)
		abort();
	for (i = 1; i <= n; i++) {
		for (j = 1; j <= m; j++)
			if (a[i - 1] == b[j - 1])
				row[j] = prev[j - 1] + 1;
			else
				row[j] = prev[j] > row[j - 1] ? prev[j] : row[j - 1];
		t = prev, prev = row, row = t;
	}
	len = prev[m];
	free(prev);
	free(row);
	return len;
}

/* A random sequence over an alphabet of k symbols, spread out. */
static void
fill(uint32_t *s, size_t n, uint32_t k)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		s[i] = (uint32_t)(rand() % k) * 7919u + 3;
}

static int
check(void)
{
	static const size_t lengths[] = { 0, 1, 2, 63, 64, 65, 127, 128, 129,
	    200, 333 };
	static const uint32_t alphabets[] = { 1, 2, 4, 26, 1000 };
	uint32_t	 a[400], b[400];
	size_t		 i, j, k, got, want, bad = 0, cases = 0;
	int		 n = 0;

	srand(20261123);
	for (k = 0; k < sizeof(alphabets) / sizeof(*alphabets); k++) {
		for (i = 0; i < sizeof(lengths) / sizeof(*lengths); i++)
			for (j = 0; j < sizeof(lengths) / sizeof(*lengths); j++) {
				fill(a, lengths[i], alphabets[k]);
				fill(b, lengths[j], alphabets[k]);
				got = lcs_length(a, lengths[i], b, lengths[j]);
				want = lcs_dp(a, lengths[i], b, lengths[j]);
				cases++;
				if (got != want) {
					bad++;
					printf("# alphabet %u, lengths %zu and %zu:"
					    " %zu, table says %zu\n",
					    alphabets[k], lengths[i], lengths[j],
					    got, want);
				}
			}
		printf("%s %d - LCS over %u symbols matches the table "
		    "(%zu pairs)\n", bad == 0 ? "ok" : "not ok", ++n,
		    alphabets[k], cases);
		bad = cases = 0;
	}
	/* Random lengths too, where the frequent and rare symbols mix. */
	for (i = 0; i < 300; i++) {
		size_t la = (size_t)rand() % 400, lb = (size_t)rand() % 400;
		uint32_t alpha = 1 + (uint32_t)rand() % 300;

		fill(a, la, alpha);
		fill(b, lb, alpha);
		if (lcs_length(a, la, b, lb) != lcs_dp(a, la, b, lb))
			bad++;
	}
	printf("%s %d - LCS of 300 random pairs matches the table\n",
	    bad == 0 ? "ok" : "not ok", ++n);
	printf("1..%d\n", n);
	return 0;
}

/* Times the LCS of two 100 kB texts over 40 symbols, as a text has. */
static int
bench(void)
{
	enum { LEN = 100000 };
	uint32_t	*a = malloc(LEN * sizeof(*a)), *b = malloc(LEN * sizeof(*b));
	struct timespec	 t0, t1;
	size_t		 len;

	if (a == NULL || b == NULL)
		return 1;
	srand(1);
	fill(a, LEN, 40);
	fill(b, LEN, 40);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	len = lcs_length(a, LEN, b, LEN);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("LCS of two 100 kB texts (40 symbols): %.3f s (length %zu)\n",
	    (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, len);
	free(a);
	free(b);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc > 1 && strcmp(argv[1], "--bench") == 0)
		return bench();
	return check();
}
