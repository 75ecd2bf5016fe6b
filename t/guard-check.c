/*
 * guard-check: the guard's model of gumbo's tree construction against
 * gumbo itself. For each page named (or generated, with --nest), it
 * parses the page as cex does and compares the elements and the depth
 * the model expected with those of the tree gumbo built: the counts
 * must be equal (the model makes what gumbo makes), the tree no deeper
 * than the model's stack went. With --limits N, the guard's limits are
 * on with --max-depth N and the check is that gumbo's tree keeps within
 * them. With --text, the page is parsed as for text output, the
 * attributes no filter reads left out. Names the pages that fail and
 * exits 1 if any did (t/guard.t runs it); with --stats, prints a line of
 * figures a page instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cex.h"

static void
options(struct cex_opts *o, long max_depth, bool text)
{
	memset(o, 0, sizeof(*o));
	o->method = text ? METHOD_ARTICLE : METHOD_PLAIN;
	o->format = text ? FORMAT_TEXT : FORMAT_HTML;
	o->max_depth = max_depth;
}

/*
 * One page: with the limits off, the model's counts must be gumbo's;
 * with them on, gumbo's tree must keep within them.
 */
static int
check(const char *name, const char *bytes, size_t len, long limits,
    bool text, bool stats)
{
	struct cex_opts	 o;
	struct cex_doc	*d;
	struct {
		uint64_t elements;
		uint32_t depth;
	}		 t;
	uint64_t	 most;
	int		 pass;

	options(&o, limits, text);
	if ((d = dom_new(bytes, len, &o)) == NULL ||
	    dom_tree_stats(d, &t.elements, &t.depth) == -1) {
		fprintf(stderr, "guard-check: %s: out of memory\n", name);
		exit(1);
	}
	if (stats) {
		printf("%s\t%zu\t%llu\t%llu\t%u\t%u\t%llu\n", name, len,
		    (unsigned long long)d->guard.model.elements,
		    (unsigned long long)t.elements, d->guard.model.max_tdepth,
		    t.depth, (unsigned long long)d->guard.model.work);
		dom_free(d);
		return 1;
	}
	if (limits > 0) {
		/*
		 * html and body, then limits levels, and a raw text element
		 * (never left out) in the deepest; elements within the
		 * bound, and raw text elements, which take 11 bytes or more.
		 */
		most = len / GUARD_BYTES_PER_ELEMENT;
		if (most < GUARD_MIN_ELEMENTS)
			most = GUARD_MIN_ELEMENTS;
		pass = t.depth <= (uint32_t)limits + 3 &&
		    t.elements <= most + len / 11 + 3;
		if (!pass)
			printf("%s: depth %u, %llu elements: past the limits\n",
			    name, t.depth, (unsigned long long)t.elements);
	} else {
		pass = d->guard.model.elements == t.elements &&
		    t.depth <= d->guard.model.max_tdepth;
		if (!pass)
			printf("%s: the model made %llu elements and a tree "
			    "%u deep at most, gumbo %llu and %u\n", name,
			    (unsigned long long)d->guard.model.elements,
			    d->guard.model.max_tdepth,
			    (unsigned long long)t.elements, t.depth);
	}
	dom_free(d);
	return pass;
}

/* The nesting patterns of --nest: each repeated until about size bytes. */
static const char *const patterns[] = {
	"<div>", "<ul><li>", "<ol><li>", "<dl><dd>", "<dl><dt>",
	"<li><section>", "<li><nav>", "<li><div>", "<li><p>", "<dd><div>",
	"<table><td>", "<table><tr><td>", "<table><caption>",
	"<table><th><p>", "<select><option>", "<p><table>", "<b>",
	"<b><p>", "<a><div>", "<b><div></b>", "<i><p></i>x",
	"<span>", "<font><center>", "<button><div>", "<object>",
	"<svg><g>", "<math><mi>", "<svg><foreignObject><div>",
	"<template><div>", "<h1><h2>", "<form><div>", "<nobr><div>",
	"<em><ul><li>", "<p><b id=1><p><b id=2>", "<ruby><rt>",
	"<dir><li>", "<menu><li>", "<details><summary>", "<pre><li>",
	NULL
};

int
main(int argc, char *argv[])
{
	char	*bytes, *page, name[128];
	size_t	 len, plen, k, reps;
	long	 limits = 0;
	bool	 stats = false, text = false;
	int	 i, pages = 0, failed = 0;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
		if (strcmp(argv[i], "--limits") == 0 && i + 1 < argc)
			limits = strtol(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--stats") == 0)
			stats = true;
		else if (strcmp(argv[i], "--text") == 0)
			text = true;
		else if (strcmp(argv[i], "--nest") == 0) {
			for (k = 0; patterns[k] != NULL; k++) {
				plen = strlen(patterns[k]);
				reps = 20000 / plen + 1;
				if ((page = malloc(reps * plen + 2)) == NULL)
					abort();
				for (len = 0; reps-- > 0; len += plen)
					memcpy(page + len, patterns[k], plen);
				page[len++] = 'x';
				page[len] = '\0';
				snprintf(name, sizeof(name), "%s x %zu",
				    patterns[k], len / plen);
				failed += !check(name, page, len, limits,
				    text, stats);
				pages++;
				free(page);
			}
		} else {
			fprintf(stderr, "usage: guard-check [--stats] "
			    "[--limits N] [--text] [--nest] [FILE]...\n");
			return 2;
		}
	}
	for (; i < argc; i++) {
		if (dom_read(argv[i], 0, &bytes, &len) == -1) {
			perror(argv[i]);
			return 1;
		}
		failed += !check(argv[i], bytes, len, limits, text,
		    stats);
		pages++;
		free(bytes);
	}
	if (!stats)
		printf("%d of %d pages failed\n", failed, pages);
	return failed > 0;
}
