/*
 * template.c: -m template, template removal by comparing pages of one
 * site (Nang Kham Line Moong, "Constructing and Implementing a New
 * DOM-based Content Extraction Algorithm"). What a page shares with
 * another page of its site, at the same place, is the site's template;
 * what it has alone is its content.
 *
 * Each page is reduced to a profile: its elements in pre-order, each
 * with its level and a hash of its tag and own text (the text nodes
 * folded into their parent, which is the leaf compared). A page is
 * classified against the profile of another by the paper's walk, with
 * the other page's elements indexed by hash, so nothing is scanned.
 *
 * Going past the paper, which fails on pages with many links or
 * figures: with --template-min N, an element is template when its tag
 * path and text recur on at least N of the site's pages (the site
 * style idea of Yi, Liu and Li, KDD 2003).
 */
#include <err.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "cex.h"

struct keypos;

/* A page reduced to what the comparison needs. */
struct profile {
	uint32_t	 n;		/* elements, in pre-order */
	uint32_t	*node;		/* their overlay index */
	uint32_t	*level;
	uint64_t	*key;		/* level, tag and own text */
	uint64_t	*path_key;	/* tag path and own text */
	struct keypos	*index;		/* by key, then position */
};

struct keypos {
	uint64_t	 key;
	uint32_t	 pos;
};

/* Another page's profile, or nothing if it could not be read. */
struct site_page {
	struct profile	*profile;
};

struct site {
	struct site_page *pages;	/* the inputs, in order */
	size_t		 npages;
	struct profile	**templates;	/* --template pages */
	size_t		 ntemplates;
	uint64_t	*recur_keys;	/* --template-min: path keys... */
	uint32_t	*recur_count;	/* ... and on how many pages */
	size_t		 nrecur;
};

#define FNV_OFFSET	14695981039346656037ull
#define FNV_PRIME	1099511628211ull

static uint64_t
fnv(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;

	while (len-- > 0)
		h = (h ^ *s++) * FNV_PRIME;
	return h;
}

/* Adds a text to h with runs of whitespace as one space, none at ends. */
static uint64_t
fnv_collapsed(uint64_t h, const char *s, bool *pending, bool *any)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;

	for (; *p != '\0'; p += k) {
		if ((k = utf8proc_iterate(p, -1, &cp)) <= 0)
			cp = 0xFFFD, k = 1;
		if (dom_is_space(cp)) {
			*pending = *any;
			continue;
		}
		if (*pending)
			h = fnv(h, " ", 1);
		*pending = false;
		*any = true;
		h = fnv(h, p, (size_t)k);
	}
	return h;
}

static void
profile_free(struct profile *p)
{
	if (p == NULL)
		return;
	free(p->node);
	free(p->level);
	free(p->key);
	free(p->path_key);
	free(p->index);
	free(p);
}

static int
cmp_keypos(const void *a, const void *b)
{
	const struct keypos *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return (x->pos > y->pos) - (x->pos < y->pos);
}

/*
 * The profile of a cleaned page: its live elements outside head, each
 * with its level (html is 1), the hash of level, tag name and own
 * text, and the hash of its tag path and own text. NULL on ENOMEM.
 */
static struct profile *
profile_new(const struct cex_doc *d)
{
	struct profile	*p;
	unsigned char	*skip;
	uint32_t	*level, i, c, k;
	uint64_t	*path, h, text;
	const char	*name;
	size_t		 len;
	bool		 custom, pending, any;

	if ((p = calloc(1, sizeof(*p))) == NULL)
		return NULL;
	skip = calloc(d->nnodes, 1);
	level = calloc(d->nnodes, sizeof(*level));
	path = calloc(d->nnodes, sizeof(*path));
	p->node = malloc(d->nnodes * sizeof(*p->node));
	p->level = malloc(d->nnodes * sizeof(*p->level));
	p->key = malloc(d->nnodes * sizeof(*p->key));
	p->path_key = malloc(d->nnodes * sizeof(*p->path_key));
	if (skip == NULL || level == NULL || path == NULL || p->node == NULL ||
	    p->level == NULL || p->key == NULL || p->path_key == NULL)
		goto fail;
	path[0] = FNV_OFFSET;
	skip[0] = 0;
	for (i = 1; i < d->nnodes; i++) {
		const struct cex_node *n = &d->nodes[i];

		skip[i] = skip[n->parent] || (n->flags & NODE_REMOVED) ||
		    (node_is_element(n) && n->tag == GUMBO_TAG_HEAD);
		if (skip[i] || !node_is_element(n))
			continue;
		level[i] = level[n->parent] + 1;
		name = dom_tagname(n->g, &len, &custom);
		path[i] = fnv(fnv(path[n->parent], "/", 1), name, len);
		/* The own text: the text children, folded in. */
		text = FNV_OFFSET;
		pending = any = false;
		for (c = i + 1; c < n->end; c = d->nodes[c].end)
			if (!(d->nodes[c].flags & NODE_REMOVED) &&
			    (d->nodes[c].type == GUMBO_NODE_TEXT ||
			    d->nodes[c].type == GUMBO_NODE_CDATA))
				text = fnv_collapsed(text,
				    d->nodes[c].g->v.text.text, &pending, &any);
		h = fnv(FNV_OFFSET, &level[i], sizeof(level[i]));
		h = fnv(fnv(h, name, len), &text, sizeof(text));
		k = p->n++;
		p->node[k] = i;
		p->level[k] = level[i];
		p->key[k] = h;
		p->path_key[k] = fnv(path[i], &text, sizeof(text));
	}
	/* The index: keys with their positions, sorted, to find by key. */
	if ((p->index = malloc((p->n + 1) * sizeof(*p->index))) == NULL)
		goto fail;
	for (k = 0; k < p->n; k++) {
		p->index[k].key = p->key[k];
		p->index[k].pos = k;
	}
	qsort(p->index, p->n, sizeof(*p->index), cmp_keypos);
	free(skip);
	free(level);
	free(path);
	return p;
fail:
	free(skip);
	free(level);
	free(path);
	profile_free(p);
	return NULL;
}

/*
 * The first position at or after pos where other has key, or, if none
 * is there, any position with key (ahead reports which), or -1.
 */
static int64_t
profile_find(const struct profile *other, uint64_t key, uint32_t pos,
    bool *ahead)
{
	size_t	 lo = 0, hi = other->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (other->index[mid].key < key ||
		    (other->index[mid].key == key &&
		    other->index[mid].pos < pos))
			lo = mid + 1;
		else
			hi = mid;
	}
	*ahead = lo < other->n && other->index[lo].key == key;
	if (*ahead)
		return other->index[lo].pos;
	if (lo > 0 && other->index[lo - 1].key == key)
		return other->index[lo - 1].pos;
	return -1;
}

/*
 * The paper's walk: the page's elements in order, a pointer into the
 * other page's. Where the other page is deeper, its pointer moves on.
 * At the same level, an element equal to the other's current one is
 * template; an unequal one is template if the other page has it at
 * that level anywhere (the pointer then moves past its next
 * occurrence), else content. Where the page is deeper, or the other
 * page is done, what the other page does not have is content. Sets
 * noise[k] for the template elements of page.
 */
static void
classify(const struct profile *page, const struct profile *other,
    unsigned char *noise)
{
	uint32_t	 k, p = 0, lvl;
	int64_t		 at;
	bool		 ahead;

	for (k = 0; k < page->n; k++) {
		lvl = page->level[k];
		while (p < other->n && other->level[p] > lvl)
			p++;
		if (p < other->n && other->level[p] == lvl &&
		    other->key[p] == page->key[k]) {
			noise[k] = 1;
			p++;
			continue;
		}
		if (p < other->n && other->level[p] < lvl)
			continue;	/* deeper than the other: content */
		at = profile_find(other, page->key[k], p, &ahead);
		if (at == -1)
			continue;
		noise[k] = 1;
		if (ahead)
			p = (uint32_t)at + 1;
	}
}

/* On how many of the site's pages a path key is, by binary search. */
static uint32_t
recurrences(const struct site *site, uint64_t key)
{
	size_t	 lo = 0, hi = site->nrecur, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (site->recur_keys[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < site->nrecur && site->recur_keys[lo] == key ?
	    site->recur_count[lo] : 0;
}

/*
 * Parses and cleans a page of len bytes as every method sees it; its
 * profile, or NULL with errno set.
 */
static struct profile *
profile_of(const char *bytes, size_t len, const struct cex_opts *opts)
{
	struct profile	*p = NULL;
	struct cex_doc	*d;
	int		 saved;

	d = dom_new(bytes, len, opts);
	if (d != NULL && filter_attributes(d, opts) == 0 &&
	    filter_elements(d, opts) == 0 && filter_ads(d, opts) == 0)
		p = profile_new(d);
	saved = errno;
	dom_free(d);
	errno = saved;
	return p;
}

/* The profile of the page in a file, or NULL with errno set. */
static struct profile *
profile_of_file(const char *path, const struct cex_opts *opts)
{
	struct profile	*p;
	struct input	 in;

	input_read(&in, path, (size_t)opts->max_bytes, false);
	if (in.error != 0) {
		errno = in.error;
		return NULL;
	}
	p = profile_of(in.bytes, in.len, opts);
	input_close(&in);
	return p;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * Counts on how many pages each tag path and text recurs: each page's
 * keys once, all sorted together, runs counted. -1 on ENOMEM.
 */
static int
count_recurrences(struct site *site)
{
	struct profile	*p;
	uint64_t	*all = NULL, *keys;
	size_t		 n = 0, total = 0, i, k, m;

	for (i = 0; i < site->npages + site->ntemplates; i++) {
		p = i < site->npages ? site->pages[i].profile :
		    site->templates[i - site->npages];
		if (p != NULL)
			total += p->n;
	}
	if ((all = malloc((total + 1) * sizeof(*all))) == NULL ||
	    (site->recur_keys = malloc((total + 1) * sizeof(uint64_t))) ==
	    NULL || (site->recur_count = malloc((total + 1) *
	    sizeof(uint32_t))) == NULL) {
		free(all);
		return -1;
	}
	for (i = 0; i < site->npages + site->ntemplates; i++) {
		p = i < site->npages ? site->pages[i].profile :
		    site->templates[i - site->npages];
		if (p == NULL)
			continue;
		keys = all + n;
		memcpy(keys, p->path_key, p->n * sizeof(*keys));
		qsort(keys, p->n, sizeof(*keys), cmp_u64);
		for (k = m = 0; k < p->n; k++)
			if (k == 0 || keys[k] != keys[k - 1])
				keys[m++] = keys[k];
		n += m;
	}
	qsort(all, n, sizeof(*all), cmp_u64);
	for (i = 0; i < n; i++) {
		if (i == 0 || all[i] != all[i - 1]) {
			site->recur_keys[site->nrecur] = all[i];
			site->recur_count[site->nrecur++] = 0;
		}
		site->recur_count[site->nrecur - 1]++;
	}
	free(all);
	return 0;
}

void
site_free(struct site *site)
{
	size_t	 i;

	if (site == NULL)
		return;
	for (i = 0; i < site->npages; i++)
		profile_free(site->pages[i].profile);
	for (i = 0; i < site->ntemplates; i++)
		profile_free(site->templates[i]);
	free(site->pages);
	free(site->templates);
	free(site->recur_keys);
	free(site->recur_count);
	free(site);
}

/*
 * The site of a -m template run: the profiles of the --template pages
 * (a page that cannot be read ends the run: NULL after a message) and
 * of the pages to extract, compared with one another when there is no
 * --template (one that cannot be read is passed over: it fails in its
 * turn). With --template-min, the recurrences over all of them. When
 * read is not NULL, the pages are read into it, each once, for the
 * caller to extract from (standard input and pipes can be read once).
 */
struct site *
site_new(const struct cex_opts *opts, const char *const *pages, size_t n,
    struct input *read)
{
	struct site	*site;
	struct input	 in;
	size_t		 i;

	if ((site = calloc(1, sizeof(*site))) == NULL ||
	    (site->pages = calloc(n + 1, sizeof(*site->pages))) == NULL ||
	    (site->templates = calloc(opts->templates.n + 1,
	    sizeof(*site->templates))) == NULL)
		err(1, NULL);
	site->npages = n;
	for (i = 0; i < opts->templates.n; i++) {
		if ((site->templates[i] = profile_of_file(opts->templates.v[i],
		    opts)) == NULL) {
			warn("%s", opts->templates.v[i]);
			site->ntemplates = i;
			site_free(site);
			return NULL;
		}
		site->ntemplates = i + 1;
	}
	for (i = 0; i < n; i++) {
		if (read == NULL &&
		    opts->templates.n > 0 && opts->template_min == 0)
			break;
		input_read(&in, pages[i], (size_t)opts->max_bytes,
		    opts->fallback);
		if (in.error == 0 &&
		    (opts->templates.n == 0 || opts->template_min > 0))
			site->pages[i].profile = profile_of(in.bytes, in.len,
			    opts);
		if (read != NULL)
			read[i] = in;
		else
			input_close(&in);
	}
	if (opts->template_min > 0 && count_recurrences(site) == -1)
		err(1, NULL);
	return site;
}

/*
 * -m template on page number index of the site: marks what the page
 * shares with the site as removed. An element that is template loses
 * its own text, and goes whole when nothing in it is content; the
 * elements around content stay, so the page keeps its shape.
 */
int
method_template(struct cex_doc *d, const struct cex_opts *opts,
    const struct site *site, size_t index)
{
	struct profile	*page, *other;
	unsigned char	*noise = NULL, *keep = NULL;
	uint32_t	 k, i, c;
	size_t		 j;
	int		 rc = -1;

	if ((page = profile_new(d)) == NULL)
		return -1;
	if ((noise = calloc(page->n + 1, 1)) == NULL ||
	    (keep = calloc(d->nnodes, 1)) == NULL)
		goto out;
	if (opts->template_min > 0) {
		for (k = 0; k < page->n; k++)
			noise[k] = recurrences(site, page->path_key[k]) >=
			    (uint32_t)opts->template_min;
	} else if (site->ntemplates > 0) {
		for (j = 0; j < site->ntemplates; j++)
			classify(page, site->templates[j], noise);
	} else {
		/* The next page of the site that could be read, round. */
		other = NULL;
		for (j = 1; j < site->npages && other == NULL; j++)
			other = site->pages[(index + j) % site->npages].profile;
		if (other != NULL)
			classify(page, other, noise);
	}
	/* Backward: an element stays if it or something in it is content. */
	for (k = page->n; k-- > 0; ) {
		i = page->node[k];
		if (!noise[k])
			keep[i] = 1;
		if (keep[i])
			keep[d->nodes[i].parent] = 1;
	}
	for (k = 0; k < page->n; k++) {
		i = page->node[k];
		if (!keep[i]) {
			d->nodes[i].flags |= NODE_REMOVED;
			continue;
		}
		if (!noise[k])
			continue;
		for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end)
			if (!node_is_element(&d->nodes[c]))
				d->nodes[c].flags |= NODE_REMOVED;
	}
	rc = 0;
out:
	free(noise);
	free(keep);
	profile_free(page);
	return rc;
}
