/*
 * fuzz.c: the libFuzzer harness (make fuzz). The whole path of a page:
 * decoding, the guard, the parse, every method of -m, links resolved
 * against an address, the page's metadata (JSON-LD included), the
 * HTML, text, Markdown and JSON writers and the test of --fallback,
 * then the evaluation's measures of the text against the input. The
 * first three bytes choose the method and the settings, the
 * rest is the page; for -m template, the page is compared with itself
 * cut in two.
 *
 * Besides the sanitizers' findings, an input is a finding (abort) when
 * the HTML output of a whole document, parsed again, is not written the
 * same, or when the parse is out of proportion to its length: with the guard's limits
 * on, a tree deeper or larger than they allow, more work than they
 * allow, or a parse slower than a bound in proportion to the length;
 * with them off, a model of gumbo (builder.c) that does not make the
 * elements gumbo makes, or expects a shallower tree.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "../cex.h"

static void
remove_tags(struct tagmap *m, const char *const *names, unsigned char act)
{
	for (; *names != NULL; names++)
		tagmap_set(m, *names, strlen(*names), act);
}

/* Settings from three control bytes: each choice a few bits. */
static void
settings(struct cex_opts *o, unsigned char a, unsigned char b,
    unsigned char c)
{
	static const char *const code[] = { "script", "style", "noscript",
	    NULL };
	static const char *const forms[] = { "input", "select", "textarea",
	    NULL };
	static const char *const substantive[] = { "img", "pre", NULL };
	static const long depths[] = { 512, 0, 3, 64 };

	memset(o, 0, sizeof(*o));
	o->method = (enum method)((a ^ (c & 0xf0)) % METHOD__MAX);
	o->title = c & 1;
	o->full = (c >> 1) & 1;
	o->format = (a >> 3) & 1 ? FORMAT_TEXT : FORMAT_HTML;
	if ((c >> 3) & 1) {
		o->format = FORMAT_JSON;
		o->json_html = true;
	} else if ((c >> 4) & 1)
		o->format = FORMAT_MARKDOWN;
	o->url = (c >> 2) & 1 ? "http://a/b/c/d;p?q" : NULL;
	o->metadata = (c >> 5) & 1;
	o->link_lists = (enum link_lists)(((a >> 4) & 3) % LINKLISTS__MAX);
	o->link_lists_given = (a >> 6) & 1;
	o->empty_tables = o->empty_tables_given = (a >> 7) & 1;
	o->remove_cell = b & 1;
	o->keep_links = (b >> 1) & 1;
	o->max_depth = depths[(b >> 2) & 3];
	o->link_ratio = 0.3;
	o->chars_per_word = 5;
	o->min_chars = 1;
	o->spread = (b >> 4) & 1 ? 0.3 : 0.9;
	o->link_quota = 0.5;
	o->window = (b >> 5) & 1 ? 40 : 4;
	o->template_min = (b >> 6) & 1 ? 2 : 0;
	if ((b >> 7) & 1) {
		remove_tags(&o->elements, code, ACT_REMOVE);
		remove_tags(&o->elements, forms, ACT_REMOVE);
		tagmap_set(&o->elements, "form", 4, ACT_UNWRAP);
		tagmap_set(&o->elements, "a", 1, ACT_UNWRAP);
		o->groups = 1u << GROUP_SCRIPTS | 1u << GROUP_COMMENTS;
	}
	remove_tags(&o->substantive, substantive, 1);
	strlist_add(&o->strip_attrs, "width", 5);
}

/* A file holding bytes, by path, for the template's other page. */
static int
memfile(const unsigned char *p, size_t n, char *path, size_t size)
{
	int	 fd = memfd_create("page", 0);

	if (fd == -1 || write(fd, p, n) != (ssize_t)n)
		abort();
	snprintf(path, size, "/proc/self/fd/%d", fd);
	return fd;
}

static double
now(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * The parse of size bytes, in proportion: see the top. The time bound
 * is loose (the sanitizers slow the parse, another process may share
 * the processor): 0.2 s and 20 microseconds a byte, where the guard's
 * limits keep a parse to a few milliseconds.
 */
static void
check_proportion(const struct cex_doc *d, const struct cex_opts *o,
    size_t size, double seconds)
{
	uint64_t	 elements, most, work;
	uint32_t	 depth;

	if (dom_tree_stats(d, &elements, &depth) == -1)
		abort();
	if (o->max_depth == 0) {
		if (elements != d->guard.model.elements ||
		    depth > d->guard.model.max_tdepth)
			abort();
		return;
	}
	most = size / GUARD_BYTES_PER_ELEMENT;
	if (most < GUARD_MIN_ELEMENTS)
		most = GUARD_MIN_ELEMENTS;
	work = (uint64_t)size * GUARD_WORK_PER_BYTE;
	if (work < GUARD_MIN_WORK)
		work = GUARD_MIN_WORK;
	/* A token may pass the work bound by what one token can take. */
	if (depth > (uint32_t)o->max_depth + 3 ||
	    elements > most + size / 11 + 3 ||
	    d->guard.model.work > work + (8ULL << 20) ||
	    seconds > 0.2 + 20e-6 * (double)size)
		abort();
}

/*
 * Whether HTML output, parsed again (with no limits: the output is of a
 * tree already bounded) and written, gives the same bytes.
 */
static void
check_idempotent(const char *html, size_t len)
{
	struct cex_opts	 o;
	struct cex_doc	*d;
	char		*again = NULL;
	size_t		 again_len = 0;
	FILE		*f;

	memset(&o, 0, sizeof(o));
	o.method = METHOD_PLAIN;
	o.charset = "utf-8";
	if ((d = dom_new(html, len, &o)) == NULL ||
	    (f = open_memstream(&again, &again_len)) == NULL ||
	    out_html(f, d) == -1 || fclose(f) == EOF)
		abort();
	if (again_len != len || memcmp(again, html, len) != 0)
		abort();
	free(again);
	dom_free(d);
}

/* What cex does before its threads: libjansson loaded, for JSON-LD. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (meta_init() == -1)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct cex_opts	 o;
	struct cex_doc	*d;
	struct site	*site = NULL;
	struct strset	*ids;
	struct mtext	*got, *want;
	struct mscore	 score[MEASURE__MAX];
	const char	*pages[2];
	char		*out = NULL, *gold, path[2][64];
	size_t		 out_len = 0, gold_len, n;
	FILE		*f;
	double		 start;
	int		 fd[2] = { -1, -1 };

	if (size < 3)
		return 0;
	settings(&o, data[0], data[1], data[2]);
	data += 3;
	size -= 3;
	if (o.method == METHOD_TEMPLATE) {
		n = size / 2;
		fd[0] = memfile(data, n, path[0], sizeof(path[0]));
		fd[1] = memfile(data + n, size - n, path[1], sizeof(path[1]));
		pages[0] = path[0];
		pages[1] = path[1];
		if ((site = site_new(&o, pages, 2, NULL)) == NULL)
			abort();
	}
	start = now();
	if ((d = dom_new((const char *)data, size, &o)) == NULL)
		abort();
	check_proportion(d, &o, size, now() - start);
	if ((meta_wanted(&o) && (d->meta = meta_new(d, &o)) == NULL) ||
	    method_run(d, &o, site, 0) == -1 || meta_lead(d->meta, d) == -1)
		abort();
	if ((f = open_memstream(&out, &out_len)) == NULL)
		abort();
	if (batch_render(f, d, &o, "-", NULL) == -1)
		abort();
	/* What --fallback asks of a page. */
	if (dom_live_letters(d) > d->len)
		abort();
	fclose(f);
	/* An empty output is no document: nothing to read again. */
	if (o.format == FORMAT_HTML && !d->fragment && out_len > 0)
		check_idempotent(out, out_len);
	/* The measures, the input read as UTF-8 standing for a gold text. */
	gold = enc_to_utf8(data, size, enc_lookup("utf-8", 5), &gold_len);
	ids = strset_new();
	if (gold == NULL || ids == NULL)
		abort();
	got = mtext_new(ids, out, out_len);
	want = mtext_new(ids, gold, gold_len);
	if (got == NULL || want == NULL ||
	    measure_compare(got, want, score) == -1)
		abort();
	mtext_free(got);
	mtext_free(want);
	strset_free(ids);
	free(gold);
	free(out);
	dom_free(d);
	site_free(site);
	for (n = 0; n < 2; n++)
		if (fd[n] != -1)
			close(fd[n]);
	tagmap_clear(&o.elements);
	tagmap_clear(&o.substantive);
	strlist_clear(&o.strip_attrs);
	return 0;
}
