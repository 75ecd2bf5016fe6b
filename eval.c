/*
 * eval.c: cex --eval, the evaluation framework of Thomas Gottron
 * ("Evaluating content extraction on HTML documents", 2007) inside cex,
 * so that anyone can measure which method extracts best from their own
 * pages, and every figure cex claims can be reproduced with cex.
 *
 * A test package is a directory: pages NAME.html, each with its gold
 * text NAME.txt (what a person judged to be the content, UTF-8) and
 * optionally NAME.meta ("key: value" lines); a README, if there, says
 * what the package is. Every method runs on every page; its text output
 * is compared with the gold text by the five measures of measure.c. Out
 * come tab-separated rows, one per page and method, then a summary row
 * per package and method; with --summary, only the summary, as a table
 * to read.
 */
#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <utf8proc.h>

#include "cex.h"

/* Column name stems of the measures, in enum measure order. */
static const char *const measure_names[MEASURE__MAX] = {
	[MEASURE_CHARS] = "chars",
	[MEASURE_WORDS] = "words",
	[MEASURE_BAG] = "bag",
	[MEASURE_SET] = "set",
	[MEASURE_SHINGLES] = "shingles",
};

struct page {
	char		*name;
	struct strlist	 meta;		/* key, value, key, value, ... */
};

struct package {
	char		*dir;		/* as named, without a trailing '/' */
	char		*about;		/* README's first line, or NULL */
	struct page	*pages;
	size_t		 npages;
};

/*
 * One method's sums over the pages of a package. Precision is averaged
 * over the pages it extracted something from, recall over the pages
 * with a gold text, as the benchmark does; F1 comes from those means.
 */
struct tally {
	size_t		 pages;
	size_t		 bytes;
	double		 seconds_per_kb;
	double		 precision[MEASURE__MAX];
	size_t		 nprecision[MEASURE__MAX];
	double		 recall[MEASURE__MAX];
	size_t		 nrecall[MEASURE__MAX];
	double		 f1[MEASURE__MAX];
	double		 f1_squares[MEASURE__MAX];
};

struct eval {
	const struct cex_method *methods;
	size_t		 nmethods;
	bool		 summary;	/* --summary: the table alone */
	struct strlist	 keys;		/* meta keys of all packages */
	struct tally	*tallies;	/* one per method, for a package */
	struct tally	*all;		/* one per method, for all packages */
	struct site	**sites;	/* per method: -m template's pages */
	int		 status;	/* 1 once anything failed */
};

static int
cmp_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *
join(const char *dir, const char *name, const char *ext)
{
	char	*path;

	if (asprintf(&path, "%s/%s%s", dir, name, ext) == -1)
		err(1, NULL);
	return path;
}

/* Cuts the next line off *text; NULL at the end. */
static char *
next_line(char **text)
{
	char	*line = *text, *nl;

	if (line == NULL || *line == '\0')
		return NULL;
	if ((nl = strchr(line, '\n')) != NULL) {
		*nl = '\0';
		*text = nl + 1;
	} else
		*text = NULL;
	return line;
}

/* s without the blanks at either end (cut in place). */
static char *
trim(char *s)
{
	char	*e;

	while (*s == ' ' || *s == '\t' || *s == '\r')
		s++;
	for (e = s + strlen(s); e > s && (e[-1] == ' ' || e[-1] == '\t' ||
	    e[-1] == '\r'); e--)
		continue;
	*e = '\0';
	return s;
}

/*
 * Reads NAME.meta: "key: value" lines (others are ignored), each key
 * added to the package-wide list. A missing file is no error.
 */
static void
read_meta(struct eval *ev, const char *dir, struct page *page)
{
	char	*path = join(dir, page->name, ".meta"), *text, *rest, *line;
	char	*colon, *key;
	size_t	 len;

	if (dom_read(path, 0, &text, &len) == -1) {
		if (errno != ENOENT) {
			warn("%s", path);
			ev->status = 1;
		}
		free(path);
		return;
	}
	rest = text;
	while ((line = next_line(&rest)) != NULL) {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		*colon = '\0';
		key = trim(line);
		if (*key == '\0')
			continue;
		strlist_add(&page->meta, key, strlen(key));
		line = trim(colon + 1);
		strlist_add(&page->meta, line, strlen(line));
		if (!strlist_has(&ev->keys, key, strlen(key)))
			strlist_add(&ev->keys, key, strlen(key));
	}
	free(text);
	free(path);
}

/* The first line of the package's README, if it has one. */
static char *
read_about(const char *dir)
{
	char	*path = join(dir, "README", ""), *text, *rest, *line;
	char	*about = NULL;
	size_t	 len;

	if (dom_read(path, 0, &text, &len) == 0) {
		rest = text;
		while ((line = next_line(&rest)) != NULL)
			if (*(line = trim(line)) != '\0') {
				if ((about = strdup(line)) == NULL)
					err(1, NULL);
				break;
			}
		free(text);
	}
	free(path);
	return about;
}

/* Lists a package's pages in name order; -1 after a message. */
static int
package_load(struct eval *ev, struct package *pkg, const char *dir)
{
	struct strlist	 names = { NULL, 0 };
	struct dirent	*e;
	DIR		*d;
	size_t		 len = strlen(dir), i;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if ((pkg->dir = strndup(dir, len)) == NULL)
		err(1, NULL);
	if ((d = opendir(dir)) == NULL) {
		warn("%s", dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".html") == 0)
			strlist_add(&names, e->d_name, len - 5);
	}
	closedir(d);
	if (names.n == 0) {
		warnx("%s: no pages (NAME.html) in this test package", dir);
		return -1;
	}
	qsort(names.v, names.n, sizeof(*names.v), cmp_string);
	if ((pkg->pages = calloc(names.n, sizeof(*pkg->pages))) == NULL)
		err(1, NULL);
	for (i = 0; i < names.n; i++) {
		pkg->pages[i].name = names.v[i];
		read_meta(ev, pkg->dir, &pkg->pages[i]);
	}
	pkg->npages = names.n;
	free(names.v);
	pkg->about = read_about(pkg->dir);
	return 0;
}

static void
package_free(struct package *pkg)
{
	size_t	 i;

	for (i = 0; i < pkg->npages; i++) {
		free(pkg->pages[i].name);
		strlist_clear(&pkg->pages[i].meta);
	}
	free(pkg->pages);
	free(pkg->dir);
	free(pkg->about);
}

/*
 * Writes s on one line of valid UTF-8, whatever it came from (a file
 * name, a .meta file, a README): tabs and line breaks become spaces, a
 * byte that is not UTF-8 is U+FFFD.
 */
static void
put_text(const char *s)
{
	const utf8proc_uint8_t	*p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 n;

	while (*p != '\0') {
		if ((n = utf8proc_iterate(p, -1, &cp)) < 0) {
			fputs("\xEF\xBF\xBD", stdout);
			p++;
			continue;
		}
		if (cp == '\t' || cp == '\n' || cp == '\r')
			putchar(' ');
		else
			fwrite(p, 1, (size_t)n, stdout);
		p += n;
	}
}

/* A TSV field. */
static void
put_field(const char *s)
{
	putchar('\t');
	put_text(s);
}

static void
print_header(const struct eval *ev)
{
	size_t	 i;

	fputs("package\tpage\tmethod\tpages\tbytes\ts_per_kb", stdout);
	for (i = 0; i < MEASURE__MAX; i++)
		printf("\t%s_p\t%s_r\t%s_f1\t%s_f1_sd", measure_names[i],
		    measure_names[i], measure_names[i], measure_names[i]);
	for (i = 0; i < ev->keys.n; i++)
		put_field(ev->keys.v[i]);
	putchar('\n');
}

/* The three first fields of a row; page is NULL on a summary row. */
static void
print_row_start(const char *package, const char *page, const char *method)
{
	put_text(package);
	put_field(page == NULL ? "" : page);
	put_field(method);
}

static void
print_page_row(const struct eval *ev, const struct package *pkg,
    const struct page *page, const char *method, size_t bytes,
    double seconds_per_kb, const struct mscore *score)
{
	const char	*value;
	double		 p, r;
	size_t		 i, j;

	print_row_start(pkg->dir, page->name, method);
	printf("\t1\t%zu\t%.4g", bytes, seconds_per_kb);
	for (i = 0; i < MEASURE__MAX; i++) {
		p = mscore_precision(&score[i]);
		r = mscore_recall(&score[i]);
		printf("\t%.6f\t%.6f\t%.6f\t", p, r, f1_of(p, r));
	}
	for (i = 0; i < ev->keys.n; i++) {
		value = "";
		for (j = 0; j + 1 < page->meta.n; j += 2)
			if (strcmp(page->meta.v[j], ev->keys.v[i]) == 0)
				value = page->meta.v[j + 1];
		put_field(value);
	}
	putchar('\n');
}

static void
tally_add(struct tally *t, size_t bytes, double seconds_per_kb,
    const struct mscore *score)
{
	double	 p, r, f;
	size_t	 i;

	t->pages++;
	t->bytes += bytes;
	t->seconds_per_kb += seconds_per_kb;
	for (i = 0; i < MEASURE__MAX; i++) {
		p = mscore_precision(&score[i]);
		r = mscore_recall(&score[i]);
		f = f1_of(p, r);
		if (score[i].got > 0) {
			t->precision[i] += p;
			t->nprecision[i]++;
		}
		if (score[i].want > 0) {
			t->recall[i] += r;
			t->nrecall[i]++;
		}
		t->f1[i] += f;
		t->f1_squares[i] += f * f;
	}
}

/* A tally's means for measure i: precision, recall, F1, sd of F1. */
static void
tally_means(const struct tally *t, size_t i, double out[4])
{
	double	 mean, var;

	out[0] = t->nprecision[i] > 0 ?
	    t->precision[i] / (double)t->nprecision[i] : 0.0;
	out[1] = t->nrecall[i] > 0 ? t->recall[i] / (double)t->nrecall[i] :
	    0.0;
	out[2] = f1_of(out[0], out[1]);
	out[3] = 0.0;
	if (t->pages > 0) {
		mean = t->f1[i] / (double)t->pages;
		var = t->f1_squares[i] / (double)t->pages - mean * mean;
		out[3] = var > 0 ? sqrt(var) : 0.0;
	}
}

static double
tally_seconds(const struct tally *t)
{
	return t->pages > 0 ? t->seconds_per_kb / (double)t->pages : 0.0;
}

/*
 * The summary rows of a package's tallies, or with dir "" of all
 * packages'.
 */
static void
print_summary_rows(const struct eval *ev, const struct tally *tallies,
    const char *dir)
{
	const struct tally *t;
	double		 v[4];
	size_t		 m, i;

	for (m = 0; m < ev->nmethods; m++) {
		t = &tallies[m];
		print_row_start(dir, NULL, ev->methods[m].label);
		printf("\t%zu\t%zu\t%.4g", t->pages, t->bytes, tally_seconds(t));
		for (i = 0; i < MEASURE__MAX; i++) {
			tally_means(t, i, v);
			printf("\t%.6f\t%.6f\t%.6f\t%.6f", v[0], v[1], v[2],
			    v[3]);
		}
		for (i = 0; i < ev->keys.n; i++)
			putchar('\t');
		putchar('\n');
	}
}

/*
 * --summary: a table of tallies, one line per method and measure, under
 * a line that says whose.
 */
static void
print_summary_table(const struct eval *ev, const struct tally *tallies)
{
	const struct tally *t;
	const char	*label;
	double		 v[4];
	size_t		 m, i;
	int		 width = (int)strlen("method"), len;

	for (m = 0; m < ev->nmethods; m++)
		if ((len = (int)strlen(ev->methods[m].label)) > width)
			width = len;
	printf("%-*s  %-8s  %9s  %6s  %6s  %6s  %9s\n", width, "method",
	    "measure", "precision", "recall", "F1", "F1 sd", "s/kB");
	for (m = 0; m < ev->nmethods; m++) {
		t = &tallies[m];
		for (i = 0; i < MEASURE__MAX; i++) {
			tally_means(t, i, v);
			label = i == 0 ? ev->methods[m].label : "";
			put_text(label);
			printf("%*s  %-8s  %9.3f  %6.3f  %6.3f  %6.3f",
			    width - (int)strlen(label), "", measure_names[i],
			    v[0], v[1], v[2], v[3]);
			if (i == 0)
				printf("  %9.3g", tally_seconds(t));
			putchar('\n');
		}
	}
}

/*
 * Runs a method on a page's bytes and writes its text to a new buffer,
 * timing all of it but the reading: decoding, parsing, extraction,
 * writing, freeing. Returns -1 with errno set.
 */
static int
extract(const struct cex_opts *opts, const struct site *site, size_t index,
    const char *bytes, size_t len, char **text, size_t *text_len,
    double *seconds)
{
	struct timespec	 t0, t1;
	struct cex_doc	*doc;
	FILE		*f;
	int		 rc = -1, saved;

	*text = NULL;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((doc = dom_new(bytes, len, opts)) == NULL)
		return -1;
	if ((f = open_memstream(text, text_len)) != NULL) {
		rc = method_run(doc, opts, site, index) == -1 ||
		    out_text(f, doc) == -1 ?
		    -1 : 0;
		saved = errno;
		if (fclose(f) == EOF)
			rc = -1;
		else
			errno = saved;
	}
	dom_free(doc);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*seconds = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (rc == -1) {
		saved = errno;
		free(*text);
		*text = NULL;
		errno = saved;
	}
	return rc;
}

/* The gold text of a page, as UTF-8 units; NULL after a message. */
static struct mtext *
read_gold(struct eval *ev, struct strset *ids, const char *path)
{
	struct mtext	*gold = NULL;
	char		*bytes, *utf8;
	size_t		 len, utf8_len;

	if (dom_read(path, 0, &bytes, &len) == -1) {
		warn("%s", path);
		ev->status = 1;
		return NULL;
	}
	utf8 = enc_to_utf8((const unsigned char *)bytes, len,
	    enc_lookup("utf-8", 5), &utf8_len);
	if (utf8 == NULL || (gold = mtext_new(ids, utf8, utf8_len)) == NULL) {
		warn("%s", path);
		ev->status = 1;
	}
	free(utf8);
	free(bytes);
	return gold;
}

/* Every method on page number index, against its gold text. */
static void
run_page(struct eval *ev, const struct package *pkg, size_t index)
{
	const struct page *page = &pkg->pages[index];
	struct mscore	 score[MEASURE__MAX];
	struct strset	*ids;
	struct mtext	*gold = NULL, *got;
	char		*html_path = join(pkg->dir, page->name, ".html");
	char		*gold_path = join(pkg->dir, page->name, ".txt");
	char		*bytes = NULL, *text;
	size_t		 len, text_len, m;
	double		 seconds, per_kb;

	if ((ids = strset_new()) == NULL)
		err(1, NULL);
	if (dom_read(html_path, (size_t)ev->methods[0].opts.max_bytes, &bytes,
	    &len) == -1) {
		warn("%s", html_path);
		ev->status = 1;
		goto out;
	}
	if ((gold = read_gold(ev, ids, gold_path)) == NULL)
		goto out;
	for (m = 0; m < ev->nmethods; m++) {
		got = NULL;
		if (extract(&ev->methods[m].opts, ev->sites[m], index, bytes,
		    len, &text, &text_len, &seconds) == -1 ||
		    (got = mtext_new(ids, text, text_len)) == NULL ||
		    measure_compare(got, gold, score) == -1) {
			warn("%s: -m %s", html_path, ev->methods[m].label);
			ev->status = 1;
		} else {
			per_kb = len > 0 ? seconds / ((double)len / 1000) : 0;
			tally_add(&ev->tallies[m], len, per_kb, score);
			tally_add(&ev->all[m], len, per_kb, score);
			if (!ev->summary)
				print_page_row(ev, pkg, page,
				    ev->methods[m].label, len, per_kb, score);
		}
		mtext_free(got);
		free(text);
	}
out:
	mtext_free(gold);
	strset_free(ids);
	free(bytes);
	free(gold_path);
	free(html_path);
}

/*
 * The site each -m template method compares a package's pages in: its
 * pages, each with the next. Returns -1 after a message.
 */
static int
open_sites(struct eval *ev, const struct package *pkg)
{
	char	**paths;
	size_t	 i, m;
	int	 rc = 0;

	if ((paths = calloc(pkg->npages + 1, sizeof(*paths))) == NULL)
		err(1, NULL);
	for (i = 0; i < pkg->npages; i++)
		paths[i] = join(pkg->dir, pkg->pages[i].name, ".html");
	for (m = 0; m < ev->nmethods; m++)
		if (ev->methods[m].opts.method == METHOD_TEMPLATE &&
		    (ev->sites[m] = site_new(&ev->methods[m].opts,
		    (const char *const *)paths, pkg->npages, NULL)) == NULL)
			rc = -1;
	for (i = 0; i < pkg->npages; i++)
		free(paths[i]);
	free(paths);
	return rc;
}

static void
close_sites(struct eval *ev)
{
	size_t	 m;

	for (m = 0; m < ev->nmethods; m++) {
		site_free(ev->sites[m]);
		ev->sites[m] = NULL;
	}
}

/* Whether standard output still takes what is written; warns if not. */
static bool
output_ok(void)
{
	if (ferror(stdout) || fflush(stdout) == EOF) {
		warn("write error");
		return false;
	}
	return true;
}

/*
 * cex --eval: the methods on the packages in dirs. Returns the exit
 * status: 0, or 1 if a package, page, gold text or output failed.
 */
int
eval_run(const char *const *dirs, const struct cex_method *methods,
    size_t nmethods, bool summary)
{
	struct eval	 ev = { .methods = methods, .nmethods = nmethods,
	    .summary = summary };
	struct package	*pkgs;
	size_t		 n, i, j, scored = 0;

	for (n = 0; dirs[n] != NULL; n++)
		continue;
	if ((pkgs = calloc(n, sizeof(*pkgs))) == NULL ||
	    (ev.tallies = calloc(nmethods, sizeof(*ev.tallies))) == NULL ||
	    (ev.all = calloc(nmethods, sizeof(*ev.all))) == NULL ||
	    (ev.sites = calloc(nmethods, sizeof(*ev.sites))) == NULL)
		err(1, NULL);
	/* All meta keys first: they are columns of the header. */
	for (i = 0; i < n; i++)
		if (package_load(&ev, &pkgs[i], dirs[i]) == -1)
			ev.status = 1;
	qsort(ev.keys.v, ev.keys.n, sizeof(*ev.keys.v), cmp_string);
	if (!summary)
		print_header(&ev);
	for (i = 0; i < n; i++) {
		if (pkgs[i].npages == 0)
			continue;
		memset(ev.tallies, 0, nmethods * sizeof(*ev.tallies));
		if (open_sites(&ev, &pkgs[i]) == -1) {
			ev.status = 1;
			close_sites(&ev);
			continue;
		}
		for (j = 0; j < pkgs[i].npages; j++) {
			run_page(&ev, &pkgs[i], j);
			if (!output_ok()) {
				close_sites(&ev);
				goto stop;
			}
		}
		close_sites(&ev);
		if (summary) {
			if (scored > 0)
				putchar('\n');
			put_text(pkgs[i].dir);
			printf(": %zu page%s%s", pkgs[i].npages,
			    pkgs[i].npages == 1 ? "" : "s",
			    pkgs[i].about != NULL ? ", " : "");
			if (pkgs[i].about != NULL)
				put_text(pkgs[i].about);
			putchar('\n');
			print_summary_table(&ev, ev.tallies);
		} else
			print_summary_rows(&ev, ev.tallies, pkgs[i].dir);
		scored++;
		if (!output_ok())
			goto stop;
	}
	/* Several packages: all their pages together, each weighing one. */
	if (scored > 1) {
		if (summary) {
			printf("\nall %zu packages: %zu pages\n", scored,
			    ev.all[0].pages);
			print_summary_table(&ev, ev.all);
		} else
			print_summary_rows(&ev, ev.all, "");
	}
	if (fclose(stdout) == EOF) {
		warn("write error");
		ev.status = 1;
	}
	goto out;
stop:
	ev.status = 1;
out:
	for (i = 0; i < n; i++)
		package_free(&pkgs[i]);
	free(pkgs);
	free(ev.tallies);
	free(ev.all);
	free(ev.sites);
	strlist_clear(&ev.keys);
	return ev.status;
}
