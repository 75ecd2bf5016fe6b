/*
 * methods.c: extraction methods of the literature besides Crunch's
 * filters, run on a page that the element filters and the ad remover
 * have cleaned:
 *
 *   descend  Urban's greedy descent to the heaviest child;
 *   lqf      the Link Quota Filter, as Gottron evaluated it;
 *   bte      Body Text Extraction (Finn, Kushmerick and Smyth);
 *   dsc      the Document Slope Curve (Pinto et al., after Gottron).
 *
 * Each marks nodes of the overlay like the filters do. Those that find
 * parts of the page (descend, bte, dsc) keep those parts alone and make
 * the document a fragment. Every method is a few linear passes over the
 * node array; token sequences are built by the iterative walker.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "cex.h"

/* Elements whose content is not text a reader sees. */
static bool
is_hidden(uint16_t tag)
{
	return tag == GUMBO_TAG_HEAD || tag == GUMBO_TAG_SCRIPT ||
	    tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_TEMPLATE;
}

/*
 * Whether each node is live: neither it nor an ancestor removed. One
 * forward pass, parents coming before their children. NULL on ENOMEM.
 */
static unsigned char *
live_nodes(const struct cex_doc *d)
{
	unsigned char	*live;
	uint32_t	 i;

	if ((live = malloc(d->nnodes)) == NULL)
		return NULL;
	live[0] = 1;
	for (i = 1; i < d->nnodes; i++)
		live[i] = live[d->nodes[i].parent] &&
		    !(d->nodes[i].flags & NODE_REMOVED);
	return live;
}

/*
 * Whether a method that keeps parts of a page writes them in a whole
 * document: with --full, and for HTML with --metadata, whose elements go
 * in its head.
 */
bool
whole_document(const struct cex_opts *opts)
{
	return opts->full || (opts->metadata && opts->format == FORMAT_HTML);
}

/*
 * Keeps the subtrees of the nodes marked in root and nothing else: the
 * rest is removed and the ancestors of what is kept are unwrapped, so
 * the writers give the kept parts alone, in document order. With full
 * (--full), the ancestors stay, and so does the page's title element:
 * the kept parts make a whole document.
 */
int
keep_parts(struct cex_doc *d, const unsigned char *root, bool full)
{
	enum { GONE, KEPT, ANCESTOR };
	unsigned char	*keep;
	uint32_t	 i, p;

	if ((keep = calloc(d->nnodes, 1)) == NULL)
		return -1;
	for (i = 1; i < d->nnodes; i++)
		if (root[i] || keep[d->nodes[i].parent] == KEPT ||
		    (full && d->nodes[i].tag == GUMBO_TAG_TITLE &&
		    d->nodes[d->nodes[i].parent].tag == GUMBO_TAG_HEAD))
			keep[i] = KEPT;
	/* Each ancestor is marked once: the climb stops at a marked one. */
	for (i = 1; i < d->nnodes; i++)
		if (keep[i] == KEPT && keep[d->nodes[i].parent] != KEPT)
			for (p = d->nodes[i].parent; p != 0 && keep[p] == GONE;
			    p = d->nodes[p].parent)
				keep[p] = ANCESTOR;
	for (i = 1; i < d->nnodes; i++) {
		if (keep[i] == GONE)
			d->nodes[i].flags |= NODE_REMOVED;
		else if (keep[i] == ANCESTOR && !full)
			d->nodes[i].flags |= NODE_UNWRAP;
	}
	d->fragment = !full;
	free(keep);
	return 0;
}

/* The first live element with this tag, or 0. */
static uint32_t
find_tag(const struct cex_doc *d, const unsigned char *live, uint16_t tag)
{
	uint32_t	 i;

	for (i = 1; i < d->nnodes; i++)
		if (live[i] && node_is_element(&d->nodes[i]) &&
		    d->nodes[i].tag == tag)
			return i;
	return 0;
}

/*
 * The length of a text as descend weighs it: code points, each run of
 * whitespace counted as one, none at either end.
 */
static uint64_t
collapsed_length(const char *s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;
	uint64_t		 len = 0;
	bool			 space = false;

	while (*p != '\0') {
		if ((k = utf8proc_iterate(p, -1, &cp)) <= 0)
			cp = 0xFFFD, k = 1;
		if (dom_is_space(cp))
			space = len > 0;
		else {
			len += 1 + space;
			space = false;
		}
		p += k;
	}
	return len;
}

/*
 * Weights for descend: a text node weighs its collapsed length, an
 * element the sum of its children; head, script, style and comments
 * weigh nothing. One backward pass over the live nodes.
 */
static uint64_t *
descend_weights(const struct cex_doc *d, const unsigned char *live)
{
	const struct cex_node	*n;
	uint64_t		*weight;
	uint32_t		 i;

	if ((weight = calloc(d->nnodes, sizeof(*weight))) == NULL)
		return NULL;
	for (i = d->nnodes; i-- > 1; ) {
		n = &d->nodes[i];
		if (!live[i] || (node_is_element(n) && is_hidden(n->tag)))
			continue;
		if (node_is_text(n))
			weight[i] = collapsed_length(n->g->v.text.text);
		weight[n->parent] += weight[i];
	}
	return weight;
}

/*
 * -m descend (Eric Urban, "Finding Content in HTML", 2016): from body,
 * go down to the heaviest child while one child clearly outweighs its
 * siblings. The children are the live elements (but head, script and
 * style) and the text nodes with something besides whitespace. With
 * relative weights w (weight / sum of the children's), descend when
 * max w - min w >= spread (skipped for a single child, whose w is 1)
 * and max w >= 0.001 + ln(1 + depth / 7), depth the descents so far.
 * Stop on a tie for the heaviest, or when the heaviest is text: the
 * node reached and its subtree are the content.
 */
int
method_descend(struct cex_doc *d, const struct cex_opts *opts)
{
	unsigned char	*live = NULL, *root = NULL;
	uint64_t	*weight = NULL, w, sum, max, min;
	uint32_t	 cur, c, heaviest, count, depth = 0;
	bool		 tie;
	int		 rc = -1;

	if ((live = live_nodes(d)) == NULL ||
	    (weight = descend_weights(d, live)) == NULL ||
	    (root = calloc(d->nnodes, 1)) == NULL)
		goto out;
	if ((cur = find_tag(d, live, GUMBO_TAG_BODY)) == 0 &&
	    (cur = find_tag(d, live, GUMBO_TAG_HTML)) == 0) {
		/* nothing to keep */
		rc = keep_parts(d, root, whole_document(opts));
		goto out;
	}
	for (;;) {
		sum = max = count = 0;
		min = UINT64_MAX;
		heaviest = 0;
		tie = false;
		for (c = cur + 1; c < d->nodes[cur].end; c = d->nodes[c].end) {
			if (!live[c] || (node_is_element(&d->nodes[c]) ?
			    is_hidden(d->nodes[c].tag) :
			    !node_is_text(&d->nodes[c]) || weight[c] == 0))
				continue;
			w = weight[c];
			count++;
			sum += w;
			if (w < min)
				min = w;
			if (heaviest == 0 || w > max) {
				max = w;
				heaviest = c;
				tie = false;
			} else if (w == max)
				tie = true;
		}
		if (count == 0 || sum == 0 || tie ||
		    !node_is_element(&d->nodes[heaviest]))
			break;
		if (count > 1 && (double)(max - min) / (double)sum < opts->spread)
			break;
		if ((double)max / (double)sum <
		    0.001 + log(1.0 + depth / 7.0))
			break;
		cur = heaviest;
		depth++;
	}
	root[cur] = 1;
	rc = keep_parts(d, root, whole_document(opts));
out:
	free(live);
	free(weight);
	free(root);
	return rc;
}

/*
 * Block-level elements for the Link Quota Filter: the text inside one
 * belongs to it, not to the blocks around it.
 */
static bool
is_block(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_ADDRESS:
	case GUMBO_TAG_ARTICLE:
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BLOCKQUOTE:
	case GUMBO_TAG_BODY:
	case GUMBO_TAG_CAPTION:
	case GUMBO_TAG_CENTER:
	case GUMBO_TAG_DD:
	case GUMBO_TAG_DETAILS:
	case GUMBO_TAG_DIR:
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_DL:
	case GUMBO_TAG_DT:
	case GUMBO_TAG_FIELDSET:
	case GUMBO_TAG_FIGCAPTION:
	case GUMBO_TAG_FIGURE:
	case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_FORM:
	case GUMBO_TAG_H1:
	case GUMBO_TAG_H2:
	case GUMBO_TAG_H3:
	case GUMBO_TAG_H4:
	case GUMBO_TAG_H5:
	case GUMBO_TAG_H6:
	case GUMBO_TAG_HEADER:
	case GUMBO_TAG_HGROUP:
	case GUMBO_TAG_LI:
	case GUMBO_TAG_MAIN:
	case GUMBO_TAG_MENU:
	case GUMBO_TAG_NAV:
	case GUMBO_TAG_OL:
	case GUMBO_TAG_P:
	case GUMBO_TAG_PRE:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_TABLE:
	case GUMBO_TAG_TD:
	case GUMBO_TAG_TH:
	case GUMBO_TAG_UL:
		return true;
	default:
		return false;
	}
}

/*
 * -m lqf, the Link Quota Filter (as Gottron evaluated it, "Evaluating
 * content extraction on HTML documents", 2007): each block is judged on
 * its own text, the letters not inside a nested block; if more than the
 * link quota of them are inside links, the block's own content goes:
 * its text and the inline elements holding no block. Its nested blocks
 * stay, to be judged on their own text.
 */
int
method_lqf(struct cex_doc *d, const struct cex_opts *opts)
{
	const struct cex_node	*n;
	unsigned char		*live = NULL, *in_link = NULL, *has_block = NULL;
	uint32_t		*owner = NULL, *total = NULL, *linked = NULL;
	uint32_t		 i, c;
	int			 rc = -1;

	live = live_nodes(d);
	in_link = calloc(d->nnodes, 1);
	has_block = calloc(d->nnodes, 1);
	owner = calloc(d->nnodes, sizeof(*owner));
	total = calloc(d->nnodes, sizeof(*total));
	linked = calloc(d->nnodes, sizeof(*linked));
	if (live == NULL || in_link == NULL || has_block == NULL ||
	    owner == NULL || total == NULL || linked == NULL)
		goto out;
	/* Forward: the block each node's text belongs to, and links. */
	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		owner[i] = node_is_element(n) && is_block(n->tag) ? i :
		    owner[n->parent];
		in_link[i] = in_link[n->parent] ||
		    (node_is_element(n) && n->tag == GUMBO_TAG_A &&
		    !(n->flags & NODE_UNWRAP));
		if (live[i] && node_is_text(n) && !is_hidden(d->nodes[n->parent].tag)) {
			total[owner[i]] += n->own_letters;
			if (in_link[i])
				linked[owner[i]] += n->own_letters;
		}
	}
	/* Backward: which inline elements hold a block. */
	for (i = d->nnodes; i-- > 1; ) {
		n = &d->nodes[i];
		if (has_block[i] || (node_is_element(n) && is_block(n->tag)))
			has_block[n->parent] = 1;
	}
	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		if (!live[i] || !node_is_element(n) || !is_block(n->tag) ||
		    total[i] == 0 ||
		    (double)linked[i] / (double)total[i] <= opts->link_quota)
			continue;
		for (c = i + 1; c < n->end; c = d->nodes[c].end)
			if (!(node_is_element(&d->nodes[c]) &&
			    (is_block(d->nodes[c].tag) || has_block[c])))
				d->nodes[c].flags |= NODE_REMOVED;
	}
	rc = 0;
out:
	free(live);
	free(in_link);
	free(has_block);
	free(owner);
	free(total);
	free(linked);
	return rc;
}

/*
 * The body as BTE and DSC see it: a sequence of tokens, each tag (start
 * or end) one token, each word (a run of non-whitespace) one token, in
 * document order. Each text node knows the span of its words.
 */
struct tokens {
	const struct cex_doc *d;
	unsigned char	*is_tag;	/* per token */
	size_t		 n, cap;
	uint32_t	*first, *last;	/* per text node: its words */
	uint32_t	 body;		/* the body element, or 0 */
	bool		 nomem;
};

static void
tokens_add(struct tokens *t, unsigned char is_tag)
{
	unsigned char	*v;
	size_t		 cap;

	if (t->n == t->cap) {
		cap = t->cap == 0 ? 4096 : t->cap * 2;
		if (cap > UINT32_MAX || (v = realloc(t->is_tag, cap)) == NULL) {
			t->nomem = true;
			return;
		}
		t->is_tag = v;
		t->cap = cap;
	}
	t->is_tag[t->n++] = is_tag;
}

/* Inside the body, not the body itself. */
static bool
in_body(const struct tokens *t, uint32_t i)
{
	return t->body != 0 && i > t->body && i < t->d->nodes[t->body].end;
}

static bool
tokens_enter(void *ctx, uint32_t i)
{
	struct tokens		*t = ctx;
	const struct cex_node	*n = &t->d->nodes[i];

	if (!in_body(t, i))
		return n->tag != GUMBO_TAG_HEAD;
	tokens_add(t, 1);
	return !dom_is_void(n);
}

static void
tokens_leave(void *ctx, uint32_t i)
{
	struct tokens		*t = ctx;

	if (!in_body(t, i) || dom_is_void(&t->d->nodes[i]))
		return;
	tokens_add(t, 1);
}

static void
tokens_leaf(void *ctx, uint32_t i)
{
	struct tokens		*t = ctx;
	const struct cex_node	*n = &t->d->nodes[i];
	const utf8proc_uint8_t	*p;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;
	size_t			 first = t->n;
	bool			 in_word = false;

	if (!in_body(t, i) || !node_is_text(n) ||
	    is_hidden(t->d->nodes[n->parent].tag))
		return;
	for (p = (const utf8proc_uint8_t *)n->g->v.text.text; *p != '\0';
	    p += k) {
		if ((k = utf8proc_iterate(p, -1, &cp)) <= 0)
			cp = 0xFFFD, k = 1;
		if (dom_is_space(cp))
			in_word = false;
		else if (!in_word) {
			in_word = true;
			tokens_add(t, 0);
		}
	}
	if (t->n > first) {
		t->first[i] = first;
		t->last[i] = t->n - 1;
	}
}

static void
tokens_free(struct tokens *t)
{
	free(t->is_tag);
	free(t->first);
	free(t->last);
}

/* Tokenises the live body; -1 on ENOMEM. */
static int
tokens_init(struct tokens *t, const struct cex_doc *d)
{
	static const struct dom_walker walker = { tokens_enter, tokens_leave,
	    tokens_leaf };
	unsigned char	*live;
	uint32_t	 i;

	memset(t, 0, sizeof(*t));
	t->d = d;
	t->first = malloc(d->nnodes * sizeof(*t->first));
	t->last = malloc(d->nnodes * sizeof(*t->last));
	if (t->first == NULL || t->last == NULL || (live = live_nodes(d)) ==
	    NULL)
		return -1;
	t->body = find_tag(d, live, GUMBO_TAG_BODY);
	free(live);
	for (i = 0; i < d->nnodes; i++) {
		t->first[i] = 1;
		t->last[i] = 0;
	}
	if (dom_walk(d, &walker, t) == -1 || t->nomem)
		return -1;
	return 0;
}

/* A stretch of tokens, [start, end). */
struct span {
	size_t		 start, end;
};

static int
add_span(struct span **v, size_t *n, size_t start, size_t end)
{
	struct span	*grown;

	if ((grown = reallocarray(*v, *n + 1, sizeof(**v))) == NULL)
		return -1;
	*v = grown;
	grown[*n].start = start;
	grown[(*n)++].end = end;
	return 0;
}

/*
 * Keeps the smallest set of whole nodes covering the words of the spans
 * (sorted, disjoint): a text node with a word in a span is covered,
 * whole; an element is covered when it holds words and all of its text
 * nodes with words are. The covered nodes whose parents are not (the
 * body, if all of it is) are kept. One backward pass.
 */
static int
keep_spans(struct cex_doc *d, const struct tokens *t, const struct span *s,
    size_t ns, bool full)
{
	enum { NO_WORDS, COVERED, UNCOVERED };
	unsigned char	*state, *root;
	size_t		 lo, hi, mid;
	uint32_t	 i, p;
	int		 rc;

	state = calloc(d->nnodes, 1);
	root = calloc(d->nnodes, 1);
	if (state == NULL || root == NULL) {
		free(state);
		free(root);
		return -1;
	}
	for (i = d->nnodes; i-- > 1; ) {
		if (node_is_text(&d->nodes[i]) && t->first[i] <= t->last[i]) {
			state[i] = UNCOVERED;
			/* The last span starting at or before the last word. */
			lo = 0, hi = ns;
			while (lo < hi) {
				mid = lo + (hi - lo) / 2;
				if (s[mid].start <= t->last[i])
					lo = mid + 1;
				else
					hi = mid;
			}
			if (lo > 0 && t->first[i] < s[lo - 1].end)
				state[i] = COVERED;
		}
		p = d->nodes[i].parent;
		if (state[i] == UNCOVERED)
			state[p] = UNCOVERED;
		else if (state[i] == COVERED && state[p] == NO_WORDS)
			state[p] = COVERED;
	}
	/* The words are the body's: what is above it is never kept. */
	for (i = 1; i < d->nnodes; i++)
		root[i] = state[i] == COVERED && (i == t->body ||
		    (in_body(t, i) && state[d->nodes[i].parent] != COVERED));
	rc = keep_parts(d, root, full);
	free(state);
	free(root);
	return rc;
}

/*
 * -m bte, Body Text Extraction (Aidan Finn, Nicholas Kushmerick and
 * Barry Smyth, "Fact or fiction: Content classification for digital
 * libraries", 2001): the stretch of tokens i..j maximising the tags
 * before i, plus the words in i..j, plus the tags after j. That is the
 * number of tags plus the sum over i..j of +1 a word and -1 a tag, so
 * the best stretch is a maximum-sum segment, found in one pass
 * (Kadane's algorithm) rather than over all pairs (i, j). Of equal
 * stretches, the first.
 */
int
method_bte(struct cex_doc *d, const struct cex_opts *opts)
{
	struct tokens	 t;
	struct span	 best = { 0, 0 };
	size_t		 k, start = 0;
	long long	 sum = 0, best_sum = 0;
	bool		 found = false;
	int		 rc = -1;

	(void)opts;
	if (tokens_init(&t, d) == -1)
		goto out;
	for (k = 0; k < t.n; k++) {
		if (sum <= 0 && !t.is_tag[k]) {
			sum = 0;
			start = k;
		}
		sum += t.is_tag[k] ? -1 : 1;
		if (!t.is_tag[k] && (!found || sum > best_sum)) {
			best_sum = sum;
			best.start = start;
			best.end = k + 1;
			found = true;
		}
	}
	rc = keep_spans(d, &t, &best, found ? 1 : 0,
	    whole_document(opts));
out:
	tokens_free(&t);
	return rc;
}

/*
 * -m dsc, the Document Slope Curve (David Pinto et al., "QuASM: a
 * system for question answering using semi-structured data", 2002, as
 * Gottron adapted it to content extraction): windows of `window' tokens,
 * each starting half a window after the one before, slope the share of
 * tags among its tokens. A window is low when its slope is below half
 * the body's; three low windows in a row open a content area, from the
 * first of them; three windows in a row that are not low close it,
 * after the last low one. Every area is content.
 */
int
method_dsc(struct cex_doc *d, const struct cex_opts *opts)
{
	struct tokens	 t;
	struct span	*areas = NULL;
	size_t		 window = (size_t)opts->window, step, start, end, k;
	size_t		 tags_total = 0, tags, nareas = 0, run = 0;
	size_t		 first_low = 0, area_start = 0, last_low_end = 0;
	double		 bound;
	bool		 open = false, low;
	int		 rc = -1;

	if (tokens_init(&t, d) == -1)
		goto out;
	for (k = 0; k < t.n; k++)
		tags_total += t.is_tag[k];
	bound = t.n > 0 ? (double)tags_total / (double)t.n / 2 : 0;
	step = window / 2 > 0 ? window / 2 : 1;
	for (start = 0; start < t.n; start += step) {
		end = start + window < t.n ? start + window : t.n;
		for (tags = 0, k = start; k < end; k++)
			tags += t.is_tag[k];
		low = (double)tags / (double)(end - start) < bound;
		if (low)
			last_low_end = end;
		if (!open) {
			run = low ? run + 1 : 0;
			if (run == 1)
				first_low = start;
			if (run == 3) {
				open = true;
				area_start = first_low;
				run = 0;
			}
		} else if ((run = low ? 0 : run + 1) == 3) {
			if (add_span(&areas, &nareas, area_start,
			    last_low_end) == -1)
				goto out;
			open = false;
			run = 0;
		}
		if (end == t.n)
			break;
	}
	if (open && add_span(&areas, &nareas, area_start, last_low_end) == -1)
		goto out;
	rc = keep_spans(d, &t, areas, nareas, whole_document(opts));
out:
	free(areas);
	tokens_free(&t);
	return rc;
}
