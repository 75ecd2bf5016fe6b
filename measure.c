/*
 * measure.c: how close an extracted text is to the gold text. Five
 * measures, each an intersection of the two texts' units set against
 * the size of each:
 *
 *   chars     the longest common subsequence of the code points;
 *   words     the longest common subsequence of the words;
 *   bag       per word, the smaller of its two counts;
 *   set       the words both texts have;
 *   shingles  4-word shingles, counted as multisets.
 *
 * The first four are Gottron's ("Evaluating content extraction on HTML
 * documents", 2007). They compare case-folded, NFC-normalised text with
 * runs of whitespace collapsed to one space; words are runs of letters,
 * digits and connector punctuation. The fifth is the article extraction
 * benchmark's, computed as it does it, so that figures agree with its
 * published ones: tokens are Python's \w+ runs (letters, digits, '_'),
 * case kept.
 *
 * Words become numbers by interning them in a string set, so every
 * measure works on arrays of integers. The LCS lengths are computed
 * bit-parallel, in O(n * m / 64) word operations and O(n) memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "cex.h"

/* A shingle: up to four word numbers; a shorter text has one, padded. */
#define SHINGLE		4
#define NO_WORD		UINT32_MAX

struct shingle {
	uint32_t	 w[SHINGLE];
};

struct mtext {
	uint32_t	*chars;		/* folded code points, spaces collapsed */
	size_t		 nchars;
	uint32_t	*words;		/* folded words, in text order */
	uint32_t	*bag;		/* the same, sorted */
	size_t		 nwords;
	struct shingle	*shingles;	/* sorted */
	size_t		 nshingles;
};

/* A growable array of uint32_t. */
struct u32v {
	uint32_t	*v;
	size_t		 n, cap;
};

static int
u32v_push(struct u32v *a, uint32_t x)
{
	uint32_t	*v;
	size_t		 cap;

	if (a->n == a->cap) {
		cap = a->cap == 0 ? 256 : a->cap * 2;
		if ((v = realloc(a->v, cap * sizeof(*v))) == NULL)
			return -1;
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n++] = x;
	return 0;
}

/* Gottron's words: letters, digits and connector punctuation. */
static bool
is_word_char(int32_t cp)
{
	return dom_is_letter(cp) ||
	    utf8proc_category(cp) == UTF8PROC_CATEGORY_PC;
}

/* The benchmark's tokens: Python's \w, letters, digits and '_'. */
static bool
is_token_char(int32_t cp)
{
	return cp == '_' || dom_is_letter(cp);
}

/*
 * Interns the runs of s whose code points pass is_in, in order, into
 * out. If chars is not NULL, also collects the code points of s with
 * whitespace runs collapsed to one space and none at either end.
 */
static int
split(struct strset *ids, const char *s, size_t len, bool (*is_in)(int32_t),
    struct u32v *out, struct u32v *chars)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;
	size_t			 i = 0, start = 0;
	bool			 in_word = false, space = false;
	int64_t			 id;

	while (i <= len) {
		if (i == len)
			cp = ' ', k = 1;
		else if ((k = utf8proc_iterate(p + i, len - i, &cp)) <= 0)
			cp = 0xFFFD, k = 1;
		if (is_in(cp)) {
			if (!in_word)
				start = i;
			in_word = true;
		} else if (in_word) {
			if ((id = strset_intern(ids, s + start, i - start)) ==
			    -1 || u32v_push(out, (uint32_t)id) == -1)
				return -1;
			in_word = false;
		}
		if (chars != NULL && i < len) {
			if (dom_is_space(cp))
				space = chars->n > 0;
			else {
				if (space && u32v_push(chars, ' ') == -1)
					return -1;
				space = false;
				if (u32v_push(chars, (uint32_t)cp) == -1)
					return -1;
			}
		}
		i += k;
	}
	return 0;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static int
cmp_shingle(const void *a, const void *b)
{
	const struct shingle *x = a, *y = b;
	int	 i;

	for (i = 0; i < SHINGLE; i++)
		if (x->w[i] != y->w[i])
			return x->w[i] < y->w[i] ? -1 : 1;
	return 0;
}

/*
 * The benchmark's shingles of a token sequence: every run of four
 * tokens; a text of one to three tokens has one shingle of them all.
 */
static int
make_shingles(struct mtext *t, const struct u32v *tokens)
{
	size_t	 n, i, j;

	if (tokens->n == 0)
		return 0;
	n = tokens->n >= SHINGLE ? tokens->n - SHINGLE + 1 : 1;
	if ((t->shingles = calloc(n, sizeof(*t->shingles))) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		for (j = 0; j < SHINGLE; j++)
			t->shingles[i].w[j] = i + j < tokens->n ?
			    tokens->v[i + j] : NO_WORD;
	t->nshingles = n;
	qsort(t->shingles, n, sizeof(*t->shingles), cmp_shingle);
	return 0;
}

void
mtext_free(struct mtext *t)
{
	if (t == NULL)
		return;
	free(t->chars);
	free(t->words);
	free(t->bag);
	free(t->shingles);
	free(t);
}

/*
 * The units of a UTF-8 text, its words numbered in ids (which both texts
 * of a comparison must share). Returns NULL on ENOMEM or invalid UTF-8.
 */
struct mtext *
mtext_new(struct strset *ids, const char *s, size_t len)
{
	struct mtext		*t;
	struct u32v		 chars = { 0 }, words = { 0 }, tokens = { 0 };
	utf8proc_uint8_t	*folded = NULL;
	utf8proc_ssize_t	 flen;

	if ((t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	flen = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)len,
	    &folded, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD);
	if (flen < 0) {
		errno = flen == UTF8PROC_ERROR_NOMEM ? ENOMEM : EILSEQ;
		goto fail;
	}
	if (split(ids, (const char *)folded, (size_t)flen, is_word_char,
	    &words, &chars) == -1 ||
	    split(ids, s, len, is_token_char, &tokens, NULL) == -1 ||
	    make_shingles(t, &tokens) == -1)
		goto fail;
	t->chars = chars.v;
	t->nchars = chars.n;
	t->words = words.v;
	t->nwords = words.n;
	if (words.n > 0) {
		if ((t->bag = malloc(words.n * sizeof(*t->bag))) == NULL)
			goto fail_words;
		memcpy(t->bag, words.v, words.n * sizeof(*t->bag));
		qsort(t->bag, words.n, sizeof(*t->bag), cmp_u32);
	}
	free(tokens.v);
	free(folded);
	return t;
fail:
	free(chars.v);
	free(words.v);
fail_words:
	free(tokens.v);
	free(folded);
	mtext_free(t);
	return NULL;
}

/* Sorts a position list by symbol, then by position. */
static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * The length of the longest common subsequence of a and b, or SIZE_MAX
 * on ENOMEM. Bit-parallel (Allison and Dix 1986, in the form of
 * Crochemore et al. 2001 and Hyyro 2004): bit i of the row vector V
 * stands for a[i], and each element of b updates V with
 *
 *	U = V & M;  V = (V + U) | (V & ~M)
 *
 * where M has the bits of the positions in a holding that element; the
 * LCS is the number of zero bits at the end. a is the shorter sequence,
 * so V has n bits. Memory is O(n): a symbol occurring at least n / 64
 * times in a (there are at most 64 such) keeps its vector M; a rarer one
 * is set into a scratch vector from its position list for its row and
 * cleared after, which costs no more than the row itself.
 */
size_t
lcs_length(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	const uint32_t	*swap_p;
	uint64_t	*pairs = NULL, *v = NULL, *scratch = NULL;
	uint64_t	*vectors = NULL, *mask, x, u, sum, carry, c1;
	uint32_t	*syms = NULL, *first = NULL, *vec_of = NULL;
	size_t		 words, nsyms = 0, nvec = 0, i, j, lo, hi, mid;
	size_t		 g, count, zeros = SIZE_MAX;

	if (n > m) {
		swap_p = a, a = b, b = swap_p;
		i = n, n = m, m = i;
	}
	if (n == 0)
		return 0;
	words = (n + 63) / 64;
	pairs = malloc(n * sizeof(*pairs));
	syms = malloc(n * sizeof(*syms));
	first = malloc((n + 1) * sizeof(*first));
	vec_of = malloc(n * sizeof(*vec_of));
	v = malloc(words * sizeof(*v));
	scratch = calloc(words, sizeof(*scratch));
	if (pairs == NULL || syms == NULL || first == NULL || vec_of == NULL ||
	    v == NULL || scratch == NULL)
		goto out;
	for (i = 0; i < n; i++)
		pairs[i] = (uint64_t)a[i] << 32 | i;
	qsort(pairs, n, sizeof(*pairs), cmp_u64);
	/* Symbols in order, each with its run of positions in pairs. */
	for (i = 0; i < n; i++)
		if (i == 0 || pairs[i] >> 32 != pairs[i - 1] >> 32) {
			syms[nsyms] = pairs[i] >> 32;
			first[nsyms++] = i;
		}
	first[nsyms] = n;
	for (g = 0; g < nsyms; g++) {
		count = first[g + 1] - first[g];
		vec_of[g] = count * 64 >= n ? nvec++ : UINT32_MAX;
	}
	if (nvec > 0 &&
	    (vectors = calloc(nvec * words, sizeof(*vectors))) == NULL)
		goto out;
	for (g = 0; g < nsyms; g++)
		if (vec_of[g] != UINT32_MAX)
			for (i = first[g]; i < first[g + 1]; i++) {
				x = pairs[i] & UINT32_MAX;
				vectors[vec_of[g] * words + x / 64] |=
				    (uint64_t)1 << (x % 64);
			}
	memset(v, 0xff, words * sizeof(*v));
	for (j = 0; j < m; j++) {
		lo = 0, hi = nsyms;
		while (lo < hi) {
			mid = lo + (hi - lo) / 2;
			if (syms[mid] < b[j])
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == nsyms || syms[lo] != b[j])
			continue;	/* no match: V stays as it is */
		g = lo;
		if (vec_of[g] != UINT32_MAX)
			mask = vectors + vec_of[g] * words;
		else {
			mask = scratch;
			for (i = first[g]; i < first[g + 1]; i++) {
				x = pairs[i] & UINT32_MAX;
				mask[x / 64] |= (uint64_t)1 << (x % 64);
			}
		}
		carry = 0;
		for (i = 0; i < words; i++) {
			u = v[i] & mask[i];
			sum = v[i] + u;
			c1 = sum < u;
			sum += carry;
			carry = c1 | (sum < carry);
			v[i] = sum | (v[i] & ~mask[i]);
		}
		if (mask == scratch)
			for (i = first[g]; i < first[g + 1]; i++)
				mask[(pairs[i] & UINT32_MAX) / 64] = 0;
	}
	zeros = 0;
	for (i = 0; i < words; i++) {
		x = ~v[i];
		if (i == words - 1 && n % 64 != 0)
			x &= ((uint64_t)1 << (n % 64)) - 1;
		zeros += (size_t)__builtin_popcountll(x);
	}
out:
	free(pairs);
	free(syms);
	free(first);
	free(vec_of);
	free(v);
	free(scratch);
	free(vectors);
	return zeros;
}

/* The size of the multiset intersection of two sorted arrays. */
static size_t
bag_common(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	size_t	 i = 0, j = 0, common = 0;

	while (i < n && j < m) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else
			common++, i++, j++;
	}
	return common;
}

/* The distinct values of a sorted array. */
static size_t
distinct(const uint32_t *a, size_t n)
{
	size_t	 i, count = 0;

	for (i = 0; i < n; i++)
		count += i == 0 || a[i] != a[i - 1];
	return count;
}

/* The values two sorted arrays share, each counted once. */
static size_t
set_common(const uint32_t *a, size_t n, const uint32_t *b, size_t m)
{
	size_t	 i = 0, j = 0, common = 0;

	while (i < n && j < m) {
		if (a[i] < b[j])
			i++;
		else if (a[i] > b[j])
			j++;
		else {
			common++;
			while (i + 1 < n && a[i + 1] == a[i])
				i++;
			while (j + 1 < m && b[j + 1] == b[j])
				j++;
			i++, j++;
		}
	}
	return common;
}

static size_t
shingles_common(const struct shingle *a, size_t n, const struct shingle *b,
    size_t m)
{
	size_t	 i = 0, j = 0, common = 0;
	int	 c;

	while (i < n && j < m) {
		if ((c = cmp_shingle(&a[i], &b[j])) < 0)
			i++;
		else if (c > 0)
			j++;
		else
			common++, i++, j++;
	}
	return common;
}

/*
 * Compares an extraction (got) with the gold text (want), both made
 * with the same ids. Returns -1 on ENOMEM.
 */
int
measure_compare(const struct mtext *got, const struct mtext *want,
    struct mscore score[MEASURE__MAX])
{
	size_t	 lcs;

	if ((lcs = lcs_length(got->chars, got->nchars, want->chars,
	    want->nchars)) == SIZE_MAX)
		return -1;
	score[MEASURE_CHARS] = (struct mscore){ lcs, got->nchars,
	    want->nchars };
	if ((lcs = lcs_length(got->words, got->nwords, want->words,
	    want->nwords)) == SIZE_MAX)
		return -1;
	score[MEASURE_WORDS] = (struct mscore){ lcs, got->nwords,
	    want->nwords };
	score[MEASURE_BAG] = (struct mscore){ bag_common(got->bag,
	    got->nwords, want->bag, want->nwords), got->nwords,
	    want->nwords };
	score[MEASURE_SET] = (struct mscore){ set_common(got->bag,
	    got->nwords, want->bag, want->nwords),
	    distinct(got->bag, got->nwords),
	    distinct(want->bag, want->nwords) };
	score[MEASURE_SHINGLES] = (struct mscore){ shingles_common(
	    got->shingles, got->nshingles, want->shingles, want->nshingles),
	    got->nshingles, want->nshingles };
	return 0;
}

/*
 * Precision and recall as the benchmark takes them: an empty extraction
 * of an empty gold text is perfect; otherwise an empty side scores 0.
 */
double
mscore_precision(const struct mscore *s)
{
	if (s->got == 0)
		return s->want == 0 ? 1.0 : 0.0;
	return (double)s->common / (double)s->got;
}

double
mscore_recall(const struct mscore *s)
{
	if (s->want == 0)
		return s->got == 0 ? 1.0 : 0.0;
	return (double)s->common / (double)s->want;
}

double
f1_of(double precision, double recall)
{
	return precision + recall > 0 ?
	    2 * precision * recall / (precision + recall) : 0.0;
}
