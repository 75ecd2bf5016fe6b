/*
 * archive.c: a web archive as input (warc.c reads it): each of its
 * pages extracted and written, in the archive's order, to the run's
 * output (a form feed line between pages but in JSON, a line each), on
 * --jobs threads: this one reads the records, the others extract, and
 * the outputs are written as their turn comes. At most two pages a job
 * wait in memory, so that memory follows the largest record, not the
 * archive.
 *
 * A record's address (WARC-Target-URI) is its page's, as --url; the
 * charset of its HTTP Content-Type is read as --charset is, after a
 * byte order mark and before the page's <meta>. A bad record is named
 * with its offset, and the archive is read on; records that hold no
 * page are counted, and said once at the end.
 */
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cex.h"

/* A page of the archive, on its way to the output. */
struct item {
	size_t			 seq;
	struct warc_page	 page;
	struct record_info	 info;
	char			*id, *uri, *date;	/* info's, owned */
	char			*out;		/* its output, once done */
	size_t			 out_len;
	int			 state;		/* ITEM_* */
};

enum { ITEM_WAITING, ITEM_TAKEN, ITEM_DONE, ITEM_FAILED };

/* What became of an archive's records, for the notice at its end. */
struct counts {
	size_t	 records, pages, other_types, not_html, not_2xx, bad;
};

struct run {
	struct batch		*b;
	const struct cex_opts	*opts;
	const char		*input;
	FILE			*out;
	size_t			 printed;	/* pages written so far */
	bool			 write_failed;
	/* The pages in flight: a ring of cap, from head, count of them. */
	struct item		*ring;
	size_t			 cap, head, count;
	bool			 no_more;	/* the reader is done */
	pthread_mutex_t		 lock;
	pthread_cond_t		 changed;
	struct counts		 n;
};

static void
item_clear(struct item *it)
{
	warc_page_clear(&it->page);
	free(it->id);
	free(it->uri);
	free(it->date);
	free(it->out);
	memset(it, 0, sizeof(*it));
}

/*
 * Extracts an item's page into it->out: with the record's address and
 * the charset of its HTTP header, as the run's options would for a
 * file given with --url and --charset. Returns ITEM_DONE, or
 * ITEM_FAILED after a message: the caller sets it, under the lock.
 */
static int
extract_item(struct run *r, struct item *it)
{
	struct cex_opts	 o = *r->opts;
	struct cex_doc	*doc;
	FILE		*f;
	char		 name[64];
	int		 rc;

	if (it->uri != NULL && url_scheme_length(it->uri) > 0)
		o.url = it->uri;
	o.charset = it->page.charset[0] != '\0' &&
	    enc_lookup(it->page.charset, strlen(it->page.charset)) != -1 ?
	    it->page.charset : NULL;
	snprintf(name, sizeof(name), "record %zu", it->seq + 1);
	if ((doc = batch_extract(r->b, r->input, it->info.uri != NULL ?
	    it->info.uri : name, it->page.body, it->page.len, &o)) == NULL)
		return ITEM_FAILED;
	if ((f = open_memstream(&it->out, &it->out_len)) == NULL) {
		batch_say(r->b, errno, "%s", r->input);
		dom_free(doc);
		return ITEM_FAILED;
	}
	rc = ITEM_DONE;
	if (batch_render(f, doc, &o, r->input, &it->info) == -1 ||
	    fclose(f) == EOF) {
		batch_say(r->b, errno, "%s: %s", r->input, it->info.uri != NULL ?
		    it->info.uri : name);
		free(it->out);
		it->out = NULL;
		it->out_len = 0;
		rc = ITEM_FAILED;
	}
	dom_free(doc);
	return rc;
}

/*
 * Writes the finished pages at the head of the ring, in order. Under
 * the lock, which it lets go while writing.
 */
static void
write_ready(struct run *r)
{
	struct item	*it;

	while (r->count > 0 && ((it = &r->ring[r->head])->state ==
	    ITEM_DONE || it->state == ITEM_FAILED)) {
		pthread_mutex_unlock(&r->lock);
		if (it->state == ITEM_DONE && !r->write_failed) {
			/* Pages apart but in JSON Lines: a form feed line. */
			if (r->printed > 0 && r->opts->format != FORMAT_JSON)
				fputs("\f\n", r->out);
			if (fwrite(it->out, 1, it->out_len, r->out) !=
			    it->out_len)
				r->write_failed = true;
			r->printed++;
		}
		pthread_mutex_lock(&r->lock);
		if (it->state == ITEM_FAILED)
			r->n.bad++;
		item_clear(it);
		r->head = (r->head + 1) % r->cap;
		r->count--;
		pthread_cond_broadcast(&r->changed);
	}
}

/* A worker: takes waiting pages until the reader is done. */
static void *
worker(void *arg)
{
	struct run	*r = arg;
	struct item	*it;
	size_t		 k;
	int		 state;

	pthread_mutex_lock(&r->lock);
	for (;;) {
		it = NULL;
		for (k = 0; k < r->count; k++)
			if (r->ring[(r->head + k) % r->cap].state ==
			    ITEM_WAITING) {
				it = &r->ring[(r->head + k) % r->cap];
				break;
			}
		if (it == NULL) {
			if (r->no_more)
				break;
			pthread_cond_wait(&r->changed, &r->lock);
			continue;
		}
		it->state = ITEM_TAKEN;
		pthread_mutex_unlock(&r->lock);
		state = extract_item(r, it);
		pthread_mutex_lock(&r->lock);
		it->state = state;
		pthread_cond_broadcast(&r->changed);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

/* A copy of s, or NULL for NULL; err(1) if memory runs out. */
static char *
copy(const char *s)
{
	char	*c;

	if (s == NULL)
		return NULL;
	if ((c = strdup(s)) == NULL)
		err(1, NULL);
	return c;
}

/*
 * Hands a page to the workers (or, with none, extracts it here),
 * waiting for room; writes what is ready.
 */
static void
add_page(struct run *r, struct warc_page *pg, const struct warc_record *rec,
    bool threaded)
{
	struct item	*it;
	int		 state;

	pthread_mutex_lock(&r->lock);
	while (r->count == r->cap) {
		write_ready(r);
		if (r->count == r->cap)
			pthread_cond_wait(&r->changed, &r->lock);
	}
	it = &r->ring[(r->head + r->count) % r->cap];
	memset(it, 0, sizeof(*it));
	it->seq = r->n.pages++;
	it->page = *pg;
	memset(pg, 0, sizeof(*pg));
	it->id = copy(rec->id);
	it->uri = copy(rec->uri);
	it->date = copy(rec->date);
	it->info.id = it->id;
	it->info.uri = it->uri;
	it->info.date = it->date;
	it->info.status = it->page.status;
	it->state = threaded ? ITEM_WAITING : ITEM_TAKEN;
	r->count++;
	pthread_cond_broadcast(&r->changed);
	pthread_mutex_unlock(&r->lock);
	state = threaded ? ITEM_WAITING : extract_item(r, it);
	pthread_mutex_lock(&r->lock);
	if (!threaded)
		it->state = state;
	write_ready(r);
	pthread_mutex_unlock(&r->lock);
}

/* Names a bad record: where it began, and why. */
static void
say_bad(struct run *r, const struct warc_record *rec, const char *why,
    int errnum)
{
	if (rec->file_offset != UINT64_MAX)
		batch_say(r->b, errnum, "%s: the record at offset %llu: %s",
		    r->input, (unsigned long long)rec->file_offset, why);
	else
		batch_say(r->b, errnum, "%s: the record at offset %llu of the "
		    "uncompressed archive: %s", r->input,
		    (unsigned long long)rec->offset, why);
}

/*
 * Reads the archive input (from fd, after the bytes prefix that were
 * read to tell what it is; fd -1 if prefix is all of it) and writes its
 * pages to out, on jobs threads. Returns 0, or -1 if a record was bad
 * or a page failed (named on stderr), or 1 if writing to out failed.
 */
int
archive_run(struct batch *b, const struct cex_opts *opts, const char *input,
    int fd, const unsigned char *prefix, size_t prefix_len, FILE *out,
    unsigned jobs)
{
	pthread_t		 threads[MAX_JOBS];
	struct run		 r;
	struct warc		*w;
	struct warc_record	 rec;
	struct warc_page	 pg;
	unsigned		 made = 0, k;
	int			 got, rc;

	memset(&r, 0, sizeof(r));
	memset(&rec, 0, sizeof(rec));
	r.b = b;
	r.opts = opts;
	r.input = input;
	r.out = out;
	r.cap = 2 * (size_t)jobs;
	if ((r.ring = calloc(r.cap, sizeof(*r.ring))) == NULL ||
	    (w = warc_open(fd, prefix, prefix_len)) == NULL)
		err(1, NULL);
	pthread_mutex_init(&r.lock, NULL);
	pthread_cond_init(&r.changed, NULL);
	/*
	 * This thread reads and writes; jobs others extract, one job too,
	 * so that the next record is read (inflated, for the most part)
	 * while a page is extracted. Here, if no thread could be made.
	 */
	for (k = 0; k < jobs && k < MAX_JOBS; k++)
		if (pthread_create(&threads[made], NULL, worker, &r) == 0)
			made++;
	while ((got = warc_next(w, &rec, (uint64_t)opts->max_bytes)) != 0) {
		r.n.records++;
		if (got == -1) {
			say_bad(&r, &rec, rec.error, rec.errnum);
			r.n.bad++;
			continue;
		}
		switch (warc_page(&rec, &pg, (uint64_t)opts->max_bytes)) {
		case 1:
			add_page(&r, &pg, &rec, made > 0);
			break;
		case 0:
			if (strcasecmp(rec.type, "response") != 0 &&
			    strcasecmp(rec.type, "resource") != 0)
				r.n.other_types++;
			else if (pg.status != 0 && (pg.status < 200 ||
			    pg.status > 299))
				r.n.not_2xx++;
			else
				r.n.not_html++;
			break;
		default:
			say_bad(&r, &rec, pg.skip, 0);
			r.n.bad++;
			break;
		}
		warc_page_clear(&pg);
	}
	warc_record_clear(&rec);
	pthread_mutex_lock(&r.lock);
	r.no_more = true;
	pthread_cond_broadcast(&r.changed);
	while (r.count > 0) {
		write_ready(&r);
		if (r.count > 0)
			pthread_cond_wait(&r.changed, &r.lock);
	}
	pthread_mutex_unlock(&r.lock);
	for (k = 0; k < made; k++)
		pthread_join(threads[k], NULL);
	warc_close(w);
	pthread_mutex_destroy(&r.lock);
	pthread_cond_destroy(&r.changed);
	free(r.ring);
	/* Quiet on success: the counts, after a bad record or for a
	 * terminal's reader. */
	if (!opts->quiet && (r.n.bad > 0 || isatty(STDERR_FILENO)))
		batch_say(b, 0, "%s: %zu records: %zu pages, %zu other "
		    "records, %zu not HTML, %zu not 2xx, %zu bad", input,
		    r.n.records, r.n.pages, r.n.other_types, r.n.not_html,
		    r.n.not_2xx, r.n.bad);
	if (r.write_failed || ferror(out))
		rc = 1;
	else
		rc = r.n.bad > 0 ? -1 : 0;
	return rc;
}
