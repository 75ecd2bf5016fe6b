/*
 * batch.c: the inputs of a run, one after another or on --jobs threads.
 * Each input is read, parsed, extracted and written: on standard output
 * in input order (with several jobs, outputs wait in memory for their
 * turn), or to its own file in -o DIR, written to a temporary file and
 * renamed, so that it appears whole or not at all. A bad input (one
 * that cannot be read, or that memory does not suffice for) is named on
 * stderr and the batch goes on; a failing standard output stops it.
 * With -o, a thread of its own waits for the fatal signals, which every
 * other thread blocks, and removes the temporary files being written
 * before cex dies of the signal. With stderr on a terminal, a line
 * there shows how far the batch has come.
 */
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cex.h"

/* The signals that end a batch, and cex with them. */
static const int fatal_signals[] = { SIGHUP, SIGINT, SIGTERM };

/* What became of an input. */
enum { DONE, FAILED, STOP };

struct batch {
	const char *const *inputs;
	size_t		 n;
	const struct cex_opts *opts;
	const struct site *site;
	struct input	*read;		/* the inputs as read before, or NULL */
	mode_t		 mode;		/* of the output files */
	/* With several jobs: */
	pthread_mutex_t	 lock;
	size_t		 next;		/* the next input to take */
	size_t		 printed;	/* the inputs written out so far */
	struct result {
		char	*text;		/* the output, waiting its turn */
		size_t	 len;
		int	 state;		/* -1 while not done, else DONE... */
	}		*results;
	bool		 stop;		/* standard output failed */
	int		 status;
	unsigned	 record_jobs;	/* threads an archive's records get */
	/*
	 * With -o, the temporary files being written, one slot per job,
	 * and the thread that removes them on a fatal signal. A job makes
	 * and renames its file under temp_lock, and makes none once dying.
	 */
	pthread_mutex_t	 temp_lock;
	char		*temp_files[MAX_JOBS];
	bool		 dying;
	sigset_t	 caught;	/* the fatal signals not ignored */
	sigset_t	 old_mask;
	pthread_t	 signal_thread;
	bool		 signal_thread_on;
	/* Standard error, shared by the jobs: messages and progress. */
	pthread_mutex_t	 say_lock;
	bool		 progress;	/* the progress line is on */
	bool		 shown;		/* ... and on the screen now */
	size_t		 done, failed;	/* inputs finished, of them failed */
	struct timespec	 start, drawn;
};

/* Seconds from a to b. */
static double
seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/*
 * Draws the progress line: files done of all, pages a second, errors;
 * at most ten times a second unless forced. Under say_lock.
 */
static void
progress_draw(struct batch *b, bool force)
{
	struct timespec	 now;
	double		 elapsed;

	if (!b->progress)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!force && b->shown && seconds(&b->drawn, &now) < 0.1)
		return;
	elapsed = seconds(&b->start, &now);
	fprintf(stderr, "\r%s: %zu/%zu files, %.1f pages/s, %zu error%s\033[K",
	    program_invocation_short_name, b->done, b->n,
	    elapsed > 0 ? (double)b->done / elapsed : 0.0, b->failed,
	    b->failed == 1 ? "" : "s");
	fflush(stderr);
	b->drawn = now;
	b->shown = true;
}

/* Takes the progress line off the screen. Under say_lock. */
static void
progress_erase(struct batch *b)
{
	if (!b->shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	b->shown = false;
}

/* Counts an input as finished and shows it (the last one at once). */
static void
progress_count(struct batch *b, bool failed)
{
	pthread_mutex_lock(&b->say_lock);
	b->done++;
	b->failed += failed;
	progress_draw(b, b->done == b->n);
	pthread_mutex_unlock(&b->say_lock);
}

/*
 * A message on stderr as "cex: what", then ": " and the reason for
 * errnum if it is not 0; the progress line, if any, is taken off and
 * drawn again below it.
 */
static void
say(struct batch *b, int errnum, const char *fmt, ...)
{
	va_list	 ap;

	pthread_mutex_lock(&b->say_lock);
	progress_erase(b);
	fprintf(stderr, "%s: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (errnum != 0)
		fprintf(stderr, ": %s", strerror(errnum));
	putc('\n', stderr);
	progress_draw(b, true);
	pthread_mutex_unlock(&b->say_lock);
}

/* say(), for archive.c. */
void
batch_say(struct batch *b, int errnum, const char *fmt, ...)
{
	char	 buf[1024];
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	say(b, errnum, "%s", buf);
}

/*
 * What is written for an input: the document with the writer of the
 * format, or with --fallback the input as it came, from head (the bytes
 * read) and then the rest of fd (-1 if none).
 */
struct emit {
	struct cex_doc	*doc;		/* NULL: the input unchanged */
	const char	*head;
	size_t		 head_len;
	int		 fd;
	bool		 bom;		/* a byte order mark first */
};

/*
 * Copies the rest of fd to out. Returns -1 with errno set if reading
 * failed (*read_error is then set) or writing did.
 */
static int
copy_rest(int fd, FILE *out, bool *read_error)
{
	char	 buf[65536];
	ssize_t	 got;

	for (;;) {
		if ((got = read(fd, buf, sizeof(buf))) == -1) {
			if (errno == EINTR)
				continue;
			*read_error = true;
			return -1;
		}
		if (got == 0)
			return 0;
		if (fwrite(buf, 1, (size_t)got, out) != (size_t)got)
			return -1;
	}
}

/*
 * Writes a document to out with the writer of the format: of an input,
 * or of a page of an archive (record, else NULL). Returns -1 with errno
 * set on a write error or if memory ran out.
 */
int
batch_render(FILE *out, const struct cex_doc *doc, const struct cex_opts *opts,
    const char *input, const struct record_info *record)
{
	switch (opts->format) {
	case FORMAT_TEXT:
		if (opts->metadata && front_write(out, doc, false) == -1)
			return -1;
		return out_text(out, doc);
	case FORMAT_JSON:
		return out_json(out, doc, opts, input, record);
	case FORMAT_MARKDOWN:
		if (opts->metadata && front_write(out, doc, true) == -1)
			return -1;
		return out_markdown(out, doc);
	default:
		return out_html(out, doc);
	}
}

/*
 * Writes an input's output to out. Returns 0, or -1 with errno set on a
 * write error (or a read error of the input, *read_error then set).
 */
static int
emit(const struct emit *e, const struct cex_opts *opts, const char *input,
    FILE *out, bool *read_error)
{
	*read_error = false;
	if (e->doc == NULL)
		return (e->head_len > 0 &&
		    fwrite(e->head, 1, e->head_len, out) != e->head_len) ||
		    (e->fd != -1 && copy_rest(e->fd, out, read_error) == -1) ?
		    -1 : 0;
	if (e->bom)
		fputs("\xEF\xBB\xBF", out);
	return batch_render(out, e->doc, opts, input, NULL);
}

/*
 * The name of an input's output in -o mode: the file's base name
 * without its extension ("stdin" for -); *len its length.
 */
static const char *
output_name(const char *input, size_t *len)
{
	static const char *const archive_ext[] = { ".warc.gz", ".warc" };
	const char	*base = strrchr(input, '/'), *dot;
	size_t		 k, n;

	base = base == NULL ? input : base + 1;
	if (strcmp(input, "-") == 0)
		base = "stdin";
	/* An archive's name less its extension: NAME of NAME.warc.gz. */
	n = strlen(base);
	for (k = 0; k < sizeof(archive_ext) / sizeof(archive_ext[0]); k++)
		if (n > strlen(archive_ext[k]) &&
		    strcasecmp(base + n - strlen(archive_ext[k]),
		    archive_ext[k]) == 0) {
			*len = n - strlen(archive_ext[k]);
			return base;
		}
	dot = strrchr(base, '.');
	*len = dot == NULL || dot == base ? n : (size_t)(dot - base);
	return base;
}

/*
 * Output path for an input in -o mode: DIR/NAME.html, .txt, .md or
 * .json (output_name), .jsonl for the JSON Lines of an archive. NULL
 * if memory runs out.
 */
static char *
output_path(const struct cex_opts *opts, const char *input, bool archive)
{
	static const char *const ext[FORMAT__MAX] = {
		[FORMAT_HTML] = "html",
		[FORMAT_TEXT] = "txt",
		[FORMAT_JSON] = "json",
		[FORMAT_MARKDOWN] = "md",
	};
	const char	*name;
	char		*path;
	size_t		 len;

	name = output_name(input, &len);
	if (asprintf(&path, "%s/%.*s.%s", opts->outdir, (int)len, name,
	    archive && opts->format == FORMAT_JSON ? "jsonl" :
	    ext[opts->format]) == -1)
		return NULL;
	return path;
}

static int
cmp_output_name(const void *x, const void *y)
{
	const char *const *a = x, *const *b = y;
	const char	*na, *nb;
	size_t		 la, lb;
	int		 c;

	na = output_name(*a, &la);
	nb = output_name(*b, &lb);
	if ((c = memcmp(na, nb, la < lb ? la : lb)) != 0)
		return c;
	return la < lb ? -1 : la > lb;
}

/*
 * Whether two inputs of a batch would write one output file in -o mode
 * (a/x.html and b/x.html both DIR/x.txt, of which only one would be
 * left): 0, or -1 after a message naming both. Checked before any is
 * read. Only -o writes files.
 */
int
batch_check_names(const char *const *inputs, size_t n,
    const struct cex_opts *opts)
{
	const char	**sorted;
	char		 *path;
	size_t		  i;
	int		  rc = 0;

	if (opts->outdir == NULL || n < 2)
		return 0;
	if ((sorted = reallocarray(NULL, n, sizeof(*sorted))) == NULL)
		err(1, NULL);
	memcpy(sorted, inputs, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_output_name);
	for (i = 1; i < n && rc == 0; i++)
		if (cmp_output_name(&sorted[i - 1], &sorted[i]) == 0) {
			if ((path = output_path(opts, sorted[i], false)) == NULL)
				err(1, NULL);
			warnx("%s and %s would both be written to %s",
			    sorted[i - 1], sorted[i], path);
			free(path);
			rc = -1;
		}
	free(sorted);
	return rc;
}

/*
 * Makes the temporary file tmp (a mkstemp template) in the job's slot,
 * under temp_lock, so that the signal thread removes every one that
 * exists. Returns its descriptor, or -1 with errno set.
 */
static int
temp_create(struct batch *b, size_t slot, char *tmp)
{
	int	 fd;

	pthread_mutex_lock(&b->temp_lock);
	if ((fd = mkstemp(tmp)) != -1)
		b->temp_files[slot] = tmp;
	pthread_mutex_unlock(&b->temp_lock);
	return fd;
}

/*
 * Ends the job's temporary file: renamed to path, or removed if path is
 * NULL or the rename fails. Returns 0, or -1 with errno set.
 */
static int
temp_end(struct batch *b, size_t slot, const char *path)
{
	int	 rc = 0, saved;

	pthread_mutex_lock(&b->temp_lock);
	if (path == NULL || (rc = rename(b->temp_files[slot], path)) == -1) {
		saved = errno;
		unlink(b->temp_files[slot]);
		errno = saved;
	}
	b->temp_files[slot] = NULL;
	pthread_mutex_unlock(&b->temp_lock);
	return rc;
}

/*
 * Opens the temporary file of an input's output file in -o mode, in
 * the job's slot: *path the output's, *tmp the temporary one's. NULL
 * after a message.
 */
static FILE *
open_output(struct batch *b, const char *input, size_t slot, bool archive,
    char **path, char **tmp)
{
	FILE	*f;
	int	 fd, saved;

	*tmp = NULL;
	if ((*path = output_path(b->opts, input, archive)) == NULL ||
	    asprintf(tmp, "%s.XXXXXX", *path) == -1) {
		*tmp = NULL;
		say(b, ENOMEM, "%s", input);
		return NULL;
	}
	if ((fd = temp_create(b, slot, *tmp)) == -1) {
		say(b, errno, "%s", *path);
		return NULL;
	}
	if (fchmod(fd, b->mode) == -1 || (f = fdopen(fd, "w")) == NULL) {
		saved = errno;
		close(fd);
		temp_end(b, slot, NULL);
		say(b, saved, "%s", *path);
		return NULL;
	}
	return f;
}

/*
 * Ends an output file: closed and renamed to path if keep, else (or if
 * that fails, said) removed. Returns 0 if renamed.
 */
static int
close_output(struct batch *b, FILE *f, size_t slot, const char *path,
    bool keep)
{
	int	 saved;

	if (fclose(f) == EOF && keep) {
		saved = errno;
		temp_end(b, slot, NULL);
		say(b, saved, "%s", path);
		return -1;
	}
	if (temp_end(b, slot, keep ? path : NULL) == -1) {
		say(b, errno, "%s", path);
		return -1;
	}
	return keep ? 0 : -1;
}

/*
 * Writes an input's output to its file in -o mode, whole or not at
 * all. Returns 0, or 1 after a message.
 */
static int
write_file(struct batch *b, const struct emit *e, const char *input,
    size_t slot)
{
	char	*path, *tmp;
	FILE	*f;
	int	 rc = 1, saved;
	bool	 read_error;

	if ((f = open_output(b, input, slot, false, &path, &tmp)) == NULL)
		goto out;
	errno = 0;
	if (emit(e, b->opts, input, f, &read_error) == -1 ||
	    fflush(f) == EOF || ferror(f)) {
		saved = errno;
		close_output(b, f, slot, path, false);
		/* Memory that ran out was the page's, not the file's. */
		say(b, saved, "%s", read_error || saved == ENOMEM ? input :
		    path);
		goto out;
	}
	if (close_output(b, f, slot, path, true) == 0)
		rc = 0;
out:
	free(tmp);
	free(path);
	return rc;
}

/*
 * Says what the guard left out of a page to keep the parse bounded: the
 * output is still written, from what was left.
 */
static void
guard_warn(struct batch *b, const char *input, const struct guard_report *r)
{
	if (r->depth > 0)
		say(b, 0, "%s: %zu tags nested deeper than %ld left out "
		    "(--max-depth)", input, r->depth, b->opts->max_depth);
	if (r->formatting > 0)
		say(b, 0, "%s: %zu formatting tags left out, over %d in the "
		    "parser's list or deeper than %d (--max-depth 0 keeps "
		    "them)", input, r->formatting, GUARD_MAX_FORMATTING,
		    GUARD_FORMATTING_DEPTH);
	if (r->elements > 0)
		say(b, 0, "%s: %zu tags left out, over one element (or two "
		    "attributes) for %d bytes (--max-depth 0 keeps them)",
		    input, r->elements, GUARD_BYTES_PER_ELEMENT);
	if (r->work > 0)
		say(b, 0, "%s: %zu tags left out, past the parser's work "
		    "bound of %d steps a byte (--max-depth 0 keeps them)",
		    input, r->work, GUARD_WORK_PER_BYTE);
	if (r->attributes > 0)
		say(b, 0, "%s: %zu tags cut short of their attributes, past "
		    "%d on a tag or added to html and body (--max-depth 0 "
		    "keeps them)", input, r->attributes, GUARD_MAX_ATTRS);
}

/*
 * Parses and extracts a page with opts (site and index for -m
 * template): its metadata first when it is wanted, as the filters
 * remove where pages write it. NULL with errno set if that failed.
 */
static struct cex_doc *
extract_page(const char *bytes, size_t len, const struct cex_opts *opts,
    const struct site *site, size_t index)
{
	struct cex_doc	*doc;
	int		 saved;

	if ((doc = dom_new(bytes, len, opts)) == NULL)
		return NULL;
	if ((meta_wanted(opts) && (doc->meta = meta_new(doc, opts)) == NULL) ||
	    method_run(doc, opts, site, index) == -1 ||
	    meta_lead(doc->meta, doc) == -1) {
		saved = errno;
		dom_free(doc);
		errno = saved;
		return NULL;
	}
	return doc;
}

/*
 * Parses and extracts an input of len bytes. Returns the document, or
 * NULL after a message if that failed.
 */
static struct cex_doc *
extract(struct batch *b, size_t index, const char *bytes, size_t len)
{
	struct cex_doc	*doc;

	if ((doc = extract_page(bytes, len, b->opts, b->site, index)) == NULL) {
		say(b, errno, "%s", b->inputs[index]);
		return NULL;
	}
	if (!b->opts->quiet)
		guard_warn(b, b->inputs[index], &doc->guard);
	return doc;
}

/*
 * Parses and extracts a page of an archive (archive.c), named name in
 * messages, with opts (the run's, with the record's address and
 * charset). Returns the document, or NULL after a message.
 */
struct cex_doc *
batch_extract(struct batch *b, const char *input, const char *name,
    const char *bytes, size_t len, const struct cex_opts *opts)
{
	struct cex_doc	*doc;
	char		*where;

	if (asprintf(&where, "%s: %s", input, name) == -1)
		err(1, NULL);
	if ((doc = extract_page(bytes, len, opts, NULL, 0)) == NULL)
		say(b, errno, "%s", where);
	else if (!opts->quiet)
		guard_warn(b, where, &doc->guard);
	free(where);
	return doc;
}

/*
 * Whether an input is a web archive: named so with --warc, or its first
 * bytes say so. Its first bytes are read into head (of size bytes,
 * *len of them) from fd, left open on the rest; fd is -1 if the input
 * cannot be opened (the HTML reading that follows says why), and for
 * standard input without --warc, which is read whole as a page is and
 * told afterwards.
 */
static bool
is_archive(const struct cex_opts *opts, const char *input, int *fd,
    unsigned char *head, size_t size, size_t *len)
{
	ssize_t	 got;

	*len = 0;
	*fd = -1;
	if (strcmp(input, "-") == 0) {
		if (opts->warc)
			*fd = STDIN_FILENO;
		return opts->warc;
	}
	if ((*fd = dom_open(input)) == -1)
		return false;
	while (*len < size) {
		got = read(*fd, head + *len, size - *len);
		if (got == -1 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*len += (size_t)got;
	}
	if (opts->warc || warc_sniff(head, *len))
		return true;
	close(*fd);
	*fd = -1;
	return false;
}

/*
 * An archive input, its pages written to out or to its output file in
 * -o mode; its records on jobs threads. Returns DONE, FAILED or STOP,
 * as process() does.
 */
static int
process_archive(struct batch *b, const char *input, size_t slot, FILE *out,
    int fd, const unsigned char *head, size_t len, unsigned jobs)
{
	char	*path = NULL, *tmp = NULL;
	FILE	*f = out;
	int	 rc;

	/* A page of an archive has no other pages of its site beside it. */
	if (b->opts->method == METHOD_TEMPLATE) {
		say(b, 0, "%s: a web archive, which -m template does not "
		    "take", input);
		return FAILED;
	}
	if (b->opts->outdir != NULL &&
	    (f = open_output(b, input, slot, true, &path, &tmp)) == NULL) {
		rc = FAILED;
		goto out;
	}
	errno = 0;
	rc = archive_run(b, b->opts, input, fd, head, len, f, jobs);
	if (b->opts->outdir != NULL) {
		if (rc == 1 || fflush(f) == EOF)
			say(b, errno, "%s", path);
		if (close_output(b, f, slot, path, rc != 1 && !ferror(f)) != 0)
			rc = 1;
		rc = rc == 0 ? DONE : FAILED;
	} else if (rc == 1 || fflush(out) == EOF) {
		say(b, errno, "write error");
		rc = STOP;
	} else
		rc = rc == 0 ? DONE : FAILED;
out:
	free(path);
	free(tmp);
	return rc;
}

/*
 * One input: read (or taken as read before, for -m template), parsed,
 * extracted, written to out (standard output or a buffer) or to its
 * file. With --fallback, an input whose extraction failed or left no
 * text is written unchanged. Returns DONE, FAILED (this input failed,
 * go on) or STOP (out failed: nothing more can be written).
 */
static int
process(struct batch *b, size_t index, size_t slot, FILE *out)
{
	const struct cex_opts *opts = b->opts;
	const char	*input = b->inputs[index];
	struct input	 in;
	struct emit	 e;
	unsigned char	 head[512];
	size_t		 hlen;
	int		 rc = DONE, saved, afd;
	bool		 read_error;

	memset(&e, 0, sizeof(e));
	e.fd = -1;
	if (b->read == NULL && is_archive(opts, input, &afd, head,
	    sizeof(head), &hlen)) {
		rc = process_archive(b, input, slot, out, afd,
		    hlen > 0 ? head : NULL, hlen, b->record_jobs);
		if (afd != STDIN_FILENO)
			close(afd);
		return rc;
	}
	if (b->read != NULL) {
		in = b->read[index];
		b->read[index].bytes = NULL;
		b->read[index].fd = -1;
	} else
		input_read(&in, input, (size_t)opts->max_bytes, opts->fallback);
	if (in.error == EFBIG) {
		say(b, 0, "%s: larger than %lld bytes (--max-bytes)%s", input,
		    opts->max_bytes, opts->fallback ? ", written unchanged" : "");
		rc = FAILED;
		if (!opts->fallback)
			goto out;
		e.fd = in.fd;
	} else if (in.error != 0) {
		say(b, in.error, "%s", input);
		rc = FAILED;
		goto out;
	} else if (warc_sniff((const unsigned char *)in.bytes, in.len)) {
		/* Standard input, read whole, is an archive. */
		rc = process_archive(b, input, slot, out, -1,
		    (const unsigned char *)in.bytes, in.len, b->record_jobs);
		goto out;
	} else if ((e.doc = extract(b, index, in.bytes, in.len)) == NULL)
		rc = FAILED;
	/*
	 * An empty input (a failed download before cex in a pipeline) is
	 * no error of the page's, but worth a word: its output is empty.
	 */
	if (in.error == 0 && in.len == 0 && !opts->quiet)
		say(b, 0, "%s: empty input", input);
	if (e.doc != NULL && opts->fallback && dom_live_letters(e.doc) == 0) {
		dom_free(e.doc);
		e.doc = NULL;
	}
	if (e.doc == NULL && !opts->fallback)
		goto out;
	e.head = in.bytes;
	e.head_len = in.len;
	e.bom = e.doc != NULL && opts->bom && opts->format != FORMAT_JSON &&
	    (opts->outdir != NULL || index == 0);
	if (opts->outdir != NULL) {
		if (write_file(b, &e, input, slot) != 0)
			rc = FAILED;
	} else {
		errno = 0;
		if (emit(&e, opts, input, out, &read_error) == -1 ||
		    fflush(out) == EOF) {
			saved = errno;
			/* Memory that ran out was the page's. */
			if (read_error || saved == ENOMEM) {
				say(b, saved, "%s", input);
				rc = FAILED;
			} else {
				say(b, saved, "write error");
				rc = STOP;
			}
		}
	}
out:
	dom_free(e.doc);
	input_close(&in);
	return rc;
}

/* Writes out, in input order, the outputs that are ready; under lock. */
static void
print_ready(struct batch *b)
{
	struct result	*r;

	while (b->printed < b->n && (r = &b->results[b->printed])->state != -1) {
		if (r->state != DONE)
			b->status = 1;
		if (!b->stop && r->len > 0 &&
		    (fwrite(r->text, 1, r->len, stdout) != r->len ||
		    fflush(stdout) == EOF)) {
			say(b, errno, "write error");
			b->stop = true;
			b->status = 1;
		}
		free(r->text);
		r->text = NULL;
		b->printed++;
	}
}

/* A job: takes the next input until there is none, or output failed. */
static void *
job(void *arg)
{
	struct batch	*b = ((void **)arg)[0];
	size_t		 slot = (uintptr_t)((void **)arg)[1], i;
	struct result	 r;
	FILE		*out = NULL;

	for (;;) {
		pthread_mutex_lock(&b->lock);
		i = b->next < b->n && !b->stop ? b->next++ : b->n;
		pthread_mutex_unlock(&b->lock);
		if (i == b->n)
			return NULL;
		r.text = NULL;
		r.len = 0;
		if (b->opts->outdir != NULL)
			r.state = process(b, i, slot, NULL);
		else if ((out = open_memstream(&r.text, &r.len)) == NULL) {
			say(b, errno, "%s", b->inputs[i]);
			r.state = FAILED;
		} else {
			r.state = process(b, i, slot, out);
			if (fclose(out) == EOF) {
				say(b, errno, "%s", b->inputs[i]);
				free(r.text);
				r.text = NULL;
				r.len = 0;
				r.state = FAILED;
			}
		}
		progress_count(b, r.state != DONE);
		pthread_mutex_lock(&b->lock);
		b->results[i] = r;
		print_ready(b);
		pthread_mutex_unlock(&b->lock);
	}
}

/*
 * The inputs on jobs threads, this one among them (fewer if threads
 * cannot be made); the exit status.
 */
static int
run_jobs(struct batch *b, unsigned jobs)
{
	pthread_t	 threads[MAX_JOBS];
	void		*args[MAX_JOBS][2];
	size_t		 i, made;

	if ((b->results = calloc(b->n, sizeof(*b->results))) == NULL)
		err(1, NULL);
	for (i = 0; i < b->n; i++)
		b->results[i].state = -1;
	pthread_mutex_init(&b->lock, NULL);
	for (i = 0; i < jobs; i++) {
		args[i][0] = b;
		args[i][1] = (void *)(uintptr_t)i;
	}
	for (made = 1; made < jobs; made++)
		if (pthread_create(&threads[made], NULL, job, args[made]) != 0)
			break;
	job(args[0]);
	for (i = 1; i < made; i++)
		pthread_join(threads[i], NULL);
	pthread_mutex_destroy(&b->lock);
	/* Inputs never taken, after output failed, still count. */
	if (b->printed < b->n)
		b->status = 1;
	free(b->results);
	return b->status;
}

/*
 * The signal thread of a batch with -o: waits for a fatal signal,
 * removes the temporary files being written, holding temp_lock to the
 * end so that no job makes or renames one after, and ends cex by the
 * signal, as it would have ended without the thread.
 */
static void *
signal_waiter(void *arg)
{
	struct batch	*b = arg;
	sigset_t	 one;
	size_t		 i;
	int		 sig;

	if (sigwait(&b->caught, &sig) != 0)
		return NULL;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, NULL);
	pthread_mutex_lock(&b->temp_lock);
	for (i = 0; i < MAX_JOBS; i++)
		if (b->temp_files[i] != NULL)
			unlink(b->temp_files[i]);
	signal(sig, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	pthread_sigmask(SIG_UNBLOCK, &one, NULL);
	raise(sig);
	_exit(128 + sig);
}

/*
 * Write errors are reported where they happen, not by a signal. With
 * -o, the fatal signals that cex was not started ignoring (as a
 * background job is) are blocked in every thread and go to the signal
 * thread. Returns -1 if that thread cannot be made: the signals then
 * stay as they were.
 */
static int
catch_signals(struct batch *b)
{
	struct sigaction old;
	size_t		 i;

	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	if (b->opts->outdir == NULL)
		return 0;
	sigemptyset(&b->caught);
	for (i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaddset(&b->caught, fatal_signals[i]);
	pthread_sigmask(SIG_BLOCK, &b->caught, &b->old_mask);
	if ((errno = pthread_create(&b->signal_thread, NULL, signal_waiter,
	    b)) != 0) {
		pthread_sigmask(SIG_SETMASK, &b->old_mask, NULL);
		return -1;
	}
	b->signal_thread_on = true;
	return 0;
}

/*
 * Ends the signal thread once the batch is over; a signal that came
 * meanwhile then acts as it would have.
 */
static void
release_signals(struct batch *b)
{
	if (!b->signal_thread_on)
		return;
	pthread_cancel(b->signal_thread);
	pthread_join(b->signal_thread, NULL);
	pthread_sigmask(SIG_SETMASK, &b->old_mask, NULL);
}

/*
 * Whether to show progress: for a batch, with stderr on a terminal that
 * the outputs do not go to, unless --quiet.
 */
static bool
wants_progress(const struct cex_opts *opts, size_t n)
{
	struct stat	 out, err;

	if (opts->quiet || n < 2 || !isatty(STDERR_FILENO))
		return false;
	if (opts->outdir != NULL || !isatty(STDOUT_FILENO))
		return true;
	return fstat(STDOUT_FILENO, &out) == 0 &&
	    fstat(STDERR_FILENO, &err) == 0 &&
	    (out.st_rdev != err.st_rdev || out.st_dev != err.st_dev);
}

/* Whether one of the inputs is a web archive (see is_archive). */
static bool
any_archive(const struct cex_opts *opts, const char *const *inputs,
    size_t n)
{
	unsigned char	 head[512];
	size_t		 i, len;
	int		 fd;
	bool		 yes = false;

	for (i = 0; i < n && !yes; i++) {
		yes = is_archive(opts, inputs[i], &fd, head, sizeof(head),
		    &len);
		if (fd != -1 && fd != STDIN_FILENO)
			close(fd);
	}
	return yes;
}

/*
 * Runs the n inputs with opts, on opts->jobs threads when there are
 * several inputs. The inputs are read in turn, or were read before
 * into read (NULL if not), which is freed. Returns the exit status: 0,
 * or 1 if an input or an output failed.
 */
int
batch_run(const char *const *inputs, size_t n, const struct cex_opts *opts,
    const struct site *site, struct input *read)
{
	struct batch	 b;
	size_t		 i;
	int		 rc;

	memset(&b, 0, sizeof(b));
	b.inputs = inputs;
	b.n = n;
	b.opts = opts;
	b.site = site;
	b.read = read;
	b.mode = umask(0);
	umask(b.mode);
	b.mode = 0666 & ~b.mode;
	pthread_mutex_init(&b.say_lock, NULL);
	pthread_mutex_init(&b.temp_lock, NULL);
	if (meta_wanted(opts) && meta_init() == -1)
		warnx("libjansson.so.4 cannot be loaded: the pages' JSON-LD "
		    "data is not read");
	b.progress = wants_progress(opts, n);
	clock_gettime(CLOCK_MONOTONIC, &b.start);
	pthread_mutex_lock(&b.say_lock);
	progress_draw(&b, true);
	pthread_mutex_unlock(&b.say_lock);
	if (catch_signals(&b) == -1)
		err(1, "pthread_create");
	/*
	 * Web archives take the jobs for their records, one input after
	 * another: an output waiting its turn is then a page, never a
	 * whole archive's.
	 */
	b.record_jobs = opts->jobs;
	if (opts->jobs > 1 && n > 1 && !any_archive(opts, inputs, n)) {
		b.record_jobs = 1;
		b.status = run_jobs(&b, opts->jobs < n ? opts->jobs :
		    (unsigned)n);
	}
	else
		for (i = 0; i < n; i++) {
			rc = process(&b, i, 0, stdout);
			progress_count(&b, rc != DONE);
			if (rc != DONE)
				b.status = 1;
			if (rc == STOP)
				break;
		}
	if (fclose(stdout) == EOF && b.status == 0) {
		say(&b, errno, "write error");
		b.status = 1;
	}
	pthread_mutex_lock(&b.say_lock);
	progress_erase(&b);
	pthread_mutex_unlock(&b.say_lock);
	release_signals(&b);
	pthread_mutex_destroy(&b.say_lock);
	pthread_mutex_destroy(&b.temp_lock);
	for (i = 0; read != NULL && i < n; i++)
		input_close(&read[i]);
	return b.status;
}
