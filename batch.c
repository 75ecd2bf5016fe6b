/*
 * batch.c: the inputs of a run, one after another or on --jobs threads.
 * Each input is read, parsed, extracted and written: on standard output
 * in input order (with several jobs, outputs wait in memory for their
 * turn), or to its own file in -o DIR, written to a temporary file and
 * renamed, so that it appears whole or not at all. A bad input is named
 * on stderr and the batch goes on; a failing standard output stops it.
 * A fatal signal removes the temporary files being written.
 */
#include <err.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cex.h"

/*
 * The temporary files being written, one slot per job, for the signal
 * handler to remove: the one piece of global state in cex, as a signal
 * handler can reach nothing else.
 */
static char *volatile temp_files[MAX_JOBS];

static void
on_fatal_signal(int sig)
{
	size_t	 i;

	for (i = 0; i < MAX_JOBS; i++)
		if (temp_files[i] != NULL)
			unlink(temp_files[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
catch_signals(void)
{
	static const int fatal[] = { SIGHUP, SIGINT, SIGTERM };
	struct sigaction sa, old;
	size_t		 i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	/* A signal ignored when cex started (a background job) stays so. */
	for (i = 0; i < sizeof(fatal) / sizeof(fatal[0]); i++)
		if (sigaction(fatal[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(fatal[i], &sa, NULL);
	/* Write errors are reported where they happen, not by a signal. */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
}

/* Writes one parsed document; -1 on a write error. */
static int
render(struct cex_doc *doc, const struct cex_opts *opts, FILE *out)
{
	return opts->text ? out_text(out, doc) : out_html(out, doc);
}

/*
 * Output path for an input in -o mode: DIR/NAME.html or .txt, NAME the
 * file's base name without its extension ("stdin" for -).
 */
static char *
output_path(const struct cex_opts *opts, const char *input)
{
	const char	*base = strrchr(input, '/'), *dot;
	char		*path;
	int		 len;

	base = base == NULL ? input : base + 1;
	if (strcmp(input, "-") == 0)
		base = "stdin";
	dot = strrchr(base, '.');
	len = dot == NULL || dot == base ? (int)strlen(base) : (int)(dot - base);
	if (asprintf(&path, "%s/%.*s.%s", opts->outdir, len, base,
	    opts->text ? "txt" : "html") == -1)
		err(1, NULL);
	return path;
}

/*
 * Writes to a temporary file beside the output, then renames it, so
 * the output appears whole or not at all; the temporary file is in the
 * job's slot while it exists. Returns 0, or 1 after a message.
 */
static int
write_file(struct cex_doc *doc, const struct cex_opts *opts,
    const char *input, mode_t mode, size_t slot)
{
	char	*path = output_path(opts, input), *tmp;
	FILE	*f = NULL;
	int	 fd, rc = 1, saved;

	if (asprintf(&tmp, "%s.XXXXXX", path) == -1)
		err(1, NULL);
	temp_files[slot] = tmp;
	if ((fd = mkstemp(tmp)) == -1) {
		warn("%s", path);
		goto out;
	}
	if (fchmod(fd, mode) == -1 || (f = fdopen(fd, "w")) == NULL) {
		warn("%s", path);
		close(fd);
		unlink(tmp);
		goto out;
	}
	errno = 0;
	if (render(doc, opts, f) == -1 || fflush(f) == EOF || ferror(f)) {
		saved = errno;
		fclose(f);
		unlink(tmp);
		errno = saved;
		warn("%s", path);
		goto out;
	}
	if (fclose(f) == EOF || rename(tmp, path) == -1) {
		warn("%s", path);
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	temp_files[slot] = NULL;
	free(tmp);
	free(path);
	return rc;
}

/*
 * Says what the guard left out of a page to keep the parse bounded: the
 * output is still written, from what was left.
 */
static void
guard_warn(const char *input, const struct guard_report *r,
    const struct cex_opts *opts)
{
	if (r->depth > 0)
		warnx("%s: %zu tags nested deeper than %ld left out "
		    "(--max-depth)", input, r->depth, opts->max_depth);
	if (r->formatting > 0)
		warnx("%s: %zu formatting tags left out, over %d open at once "
		    "(--max-depth 0 keeps them)", input, r->formatting,
		    GUARD_MAX_FORMATTING);
	if (r->elements > 0)
		warnx("%s: %zu tags left out, over one element for %d bytes "
		    "(--max-depth 0 keeps them)", input, r->elements,
		    GUARD_BYTES_PER_ELEMENT);
	if (r->attributes > 0)
		warnx("%s: %zu tags cut to their first %d attributes "
		    "(--max-depth 0 keeps them)", input, r->attributes,
		    GUARD_MAX_ATTRS);
}

/* What became of an input. */
enum { DONE, FAILED, STOP };

struct batch {
	const char *const *inputs;
	size_t		 n;
	const struct cex_opts *opts;
	const struct site *site;
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
};

/*
 * One input: read, parse, extract, write to out (standard output or a
 * buffer) or to its file. Returns DONE, FAILED (this input failed, go
 * on) or STOP (out failed: nothing more can be written).
 */
static int
process(struct batch *b, size_t index, size_t slot, FILE *out)
{
	const struct cex_opts *opts = b->opts;
	const char	*input = b->inputs[index];
	struct cex_doc	*doc;
	char		*bytes;
	size_t		 len;
	int		 rc;

	if (dom_read(input, (size_t)opts->max_bytes, &bytes, &len) == -1) {
		if (errno == EFBIG)
			warnx("%s: larger than %lld bytes (--max-bytes)", input,
			    opts->max_bytes);
		else
			warn("%s", input);
		return FAILED;
	}
	doc = dom_new(bytes, len, opts);
	free(bytes);
	if (doc == NULL || method_run(doc, opts, b->site, index) == -1) {
		warn("%s", input);
		dom_free(doc);
		return FAILED;
	}
	guard_warn(input, &doc->guard, opts);
	if (opts->outdir != NULL)
		rc = write_file(doc, opts, input, b->mode, slot) == 0 ?
		    DONE : FAILED;
	else {
		errno = 0;
		rc = render(doc, opts, out) == -1 || fflush(out) == EOF ?
		    STOP : DONE;
		if (rc == STOP)
			warn("write error");
	}
	dom_free(doc);
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
			warn("write error");
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
	FILE		*out;

	for (;;) {
		pthread_mutex_lock(&b->lock);
		i = b->next < b->n && !b->stop ? b->next++ : b->n;
		pthread_mutex_unlock(&b->lock);
		if (i == b->n)
			return NULL;
		r.text = NULL;
		r.len = 0;
		out = b->opts->outdir == NULL ?
		    open_memstream(&r.text, &r.len) : NULL;
		if (b->opts->outdir == NULL && out == NULL)
			err(1, NULL);
		r.state = process(b, i, slot, out);
		if (out != NULL && fclose(out) == EOF)
			err(1, NULL);
		pthread_mutex_lock(&b->lock);
		b->results[i] = r;
		print_ready(b);
		pthread_mutex_unlock(&b->lock);
	}
}

/* The inputs on jobs threads; the exit status. */
static int
run_jobs(struct batch *b, unsigned jobs)
{
	pthread_t	 threads[MAX_JOBS];
	void		*args[MAX_JOBS][2];
	size_t		 i;

	if ((b->results = calloc(b->n, sizeof(*b->results))) == NULL)
		err(1, NULL);
	for (i = 0; i < b->n; i++)
		b->results[i].state = -1;
	pthread_mutex_init(&b->lock, NULL);
	for (i = 0; i < jobs; i++) {
		args[i][0] = b;
		args[i][1] = (void *)(uintptr_t)i;
		if ((errno = pthread_create(&threads[i], NULL, job, args[i])) !=
		    0)
			err(1, "pthread_create");
	}
	for (i = 0; i < jobs; i++)
		pthread_join(threads[i], NULL);
	pthread_mutex_destroy(&b->lock);
	/* Inputs never taken, after output failed, still count. */
	if (b->printed < b->n)
		b->status = 1;
	free(b->results);
	return b->status;
}

/*
 * Runs the n inputs with opts, on opts->jobs threads when there are
 * several inputs. Returns the exit status: 0, or 1 if an input or an
 * output failed.
 */
int
batch_run(const char *const *inputs, size_t n, const struct cex_opts *opts,
    const struct site *site)
{
	struct batch	 b;
	size_t		 i;
	int		 rc;

	memset(&b, 0, sizeof(b));
	b.inputs = inputs;
	b.n = n;
	b.opts = opts;
	b.site = site;
	b.mode = umask(0);
	umask(b.mode);
	b.mode = 0666 & ~b.mode;
	catch_signals();
	if (opts->jobs > 1 && n > 1)
		b.status = run_jobs(&b, opts->jobs < n ? opts->jobs :
		    (unsigned)n);
	else
		for (i = 0; i < n; i++) {
			rc = process(&b, i, 0, stdout);
			if (rc != DONE)
				b.status = 1;
			if (rc == STOP)
				break;
		}
	if (fclose(stdout) == EOF && b.status == 0) {
		warn("write error");
		b.status = 1;
	}
	return b.status;
}
