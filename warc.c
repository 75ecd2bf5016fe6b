/*
 * warc.c: web archives in. A WARC file (ISO 28500, versions 1.0 and
 * 1.1) as crawlers write it: records one after another, each a version
 * line, named fields, a blank line and a block of Content-Length bytes;
 * plain, or gzip-compressed, a gzip member a record as is the custom,
 * or one stream. It is read as a stream, so that memory follows the
 * largest record, never the archive.
 *
 * For each response record, the stored HTTP response is taken apart:
 * its status and headers, and its body with the transfer coding
 * (chunked) and the content codings (gzip, deflate, br) undone. A
 * resource record's block is the page itself. What the record holds
 * is HTML if its Content-Type says so, or, with none, if its first
 * bytes do, as browsers sniff them.
 *
 * A record that is cut short or whose fields make no sense is reported
 * with its offset, and the reader goes on at the next record: the next
 * gzip member, or the next line that begins "WARC/".
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <brotli/decode.h>
#include <zlib.h>

#include "cex.h"

/* What went wrong in the gzip data, besides a read error's errno. */
#define BAD_GZIP	(-1)		/* corrupt */
#define CUT_GZIP	(-2)		/* the file ends inside a member */

/* The longest line of a record's fields, or of an HTTP header. */
#define LINE_MAX_BYTES	65536
/* Fields a record or a response has, at most. */
#define MAX_FIELDS	256

struct warc {
	int		 fd;
	const unsigned char *prefix;	/* read before (sniffing), first */
	size_t		 prefix_len, prefix_pos;
	unsigned char	 raw[65536];	/* bytes from the file */
	size_t		 raw_len, raw_pos;
	uint64_t	 raw_off;	/* file offset of raw[0] */
	bool		 raw_eof;
	bool		 gzip;		/* the file is gzip */
	z_stream	 z;
	bool		 z_on;		/* z is initialised */
	bool		 z_member_end;	/* a member ended, another may come */
	uint64_t	 member_off;	/* file offset of the member begun */
	uint64_t	 member_at;	/* ... its offset in the archive */
	unsigned char	 out[65536];	/* bytes of the archive, decompressed */
	size_t		 out_len, out_pos;
	uint64_t	 off;		/* offset in the archive of out[0] */
	int		 error;		/* errno of a read error, BAD_GZIP,
					 * CUT_GZIP, or 0 */
	bool		 eof;
	bool		 done;		/* nothing more to read */
};

struct warc *
warc_open(int fd, const unsigned char *prefix, size_t prefix_len)
{
	struct warc	*w;

	if ((w = calloc(1, sizeof(*w))) == NULL)
		return NULL;
	w->fd = fd;
	w->prefix = prefix;
	w->prefix_len = prefix_len;
	return w;
}

/*
 * zlib's functions, looked up the first time a gzip archive or a
 * compressed body needs them (lazylib.c): most runs read plain pages,
 * and every library linked is loaded at each start. All NULL if the
 * library could not be loaded.
 */
static struct {
	int	(*init2)(z_streamp, int, const char *, int);
	int	(*inflate)(z_streamp, int);
	int	(*end)(z_streamp);
	int	(*reset)(z_streamp);
} zlib;
static pthread_once_t zlib_once = PTHREAD_ONCE_INIT;

static void
zlib_load(void)
{
	static const char *const names[] = { "inflateInit2_", "inflate",
	    "inflateEnd", "inflateReset" };
	void	*syms[4];

	if (lazylib_open("libz.so.1", names, syms, 4) == -1)
		return;
	*(void **)&zlib.init2 = syms[0];
	*(void **)&zlib.inflate = syms[1];
	*(void **)&zlib.end = syms[2];
	*(void **)&zlib.reset = syms[3];
}

/*
 * inflateInit2, zlib loaded first: Z_VERSION_ERROR if it cannot be. The
 * other functions are there once a stream is set up.
 */
static int
z_init(z_stream *z, int window_bits)
{
	pthread_once(&zlib_once, zlib_load);
	if (zlib.init2 == NULL)
		return Z_VERSION_ERROR;
	return zlib.init2(z, window_bits, ZLIB_VERSION, (int)sizeof(*z));
}

void
warc_close(struct warc *w)
{
	if (w == NULL)
		return;
	if (w->z_on)
		zlib.end(&w->z);
	free(w);
}

/* Reads more raw bytes into w->raw, keeping those not used. */
static void
raw_fill(struct warc *w)
{
	ssize_t	 got;
	size_t	 n;

	if (w->raw_pos > 0) {
		memmove(w->raw, w->raw + w->raw_pos, w->raw_len - w->raw_pos);
		w->raw_off += w->raw_pos;
		w->raw_len -= w->raw_pos;
		w->raw_pos = 0;
	}
	if (w->prefix_pos < w->prefix_len) {
		n = w->prefix_len - w->prefix_pos;
		if (n > sizeof(w->raw) - w->raw_len)
			n = sizeof(w->raw) - w->raw_len;
		memcpy(w->raw + w->raw_len, w->prefix + w->prefix_pos, n);
		w->prefix_pos += n;
		w->raw_len += n;
		return;
	}
	while (w->raw_len < sizeof(w->raw)) {
		got = read(w->fd, w->raw + w->raw_len,
		    sizeof(w->raw) - w->raw_len);
		if (got == -1 && errno == EINTR)
			continue;
		if (got == -1) {
			w->error = errno;
			w->raw_eof = true;
		} else if (got == 0)
			w->raw_eof = true;
		else
			w->raw_len += (size_t)got;
		return;
	}
}

/* Whether raw bytes at p (n of them) begin a gzip member. */
static bool
is_gzip(const unsigned char *p, size_t n)
{
	return n >= 3 && p[0] == 0x1F && p[1] == 0x8B && p[2] == 8;
}

/*
 * Fills w->out with more bytes of the archive: copied, or inflated
 * member after member. Returns false at the end (or on an error, set
 * in w->error).
 */
static bool
out_fill(struct warc *w)
{
	size_t	 n;
	int	 zr;

	if (w->out_pos < w->out_len)
		return true;
	w->off += w->out_len;
	w->out_len = w->out_pos = 0;
	if (w->eof || w->error != 0)
		return false;
	for (;;) {
		if (w->raw_pos == w->raw_len)
			raw_fill(w);
		if (w->raw_pos == w->raw_len) {
			w->eof = true;
			/* A member cut short is a bad end. */
			if (w->gzip && w->z_on && !w->z_member_end &&
			    w->error == 0)
				w->error = CUT_GZIP;
			return false;
		}
		if (w->off == 0 && !w->z_on && !w->gzip)
			w->gzip = is_gzip(w->raw + w->raw_pos,
			    w->raw_len - w->raw_pos) ||
			    (w->raw_len - w->raw_pos < 3 && !w->raw_eof &&
			    (raw_fill(w), is_gzip(w->raw + w->raw_pos,
			    w->raw_len - w->raw_pos)));
		if (!w->gzip) {
			n = w->raw_len - w->raw_pos;
			if (n > sizeof(w->out))
				n = sizeof(w->out);
			memcpy(w->out, w->raw + w->raw_pos, n);
			w->raw_pos += n;
			w->out_len = n;
			return true;
		}
		if (!w->z_on || w->z_member_end) {
			/* Between members: the next, or the end. */
			if (w->z_member_end && !is_gzip(w->raw + w->raw_pos,
			    w->raw_len - w->raw_pos)) {
				if (w->raw_len - w->raw_pos < 3 && !w->raw_eof) {
					raw_fill(w);
					continue;
				}
				/* Bytes after the last member: not gzip. */
				w->error = BAD_GZIP;
				return false;
			}
			if (!w->z_on) {
				memset(&w->z, 0, sizeof(w->z));
				if ((zr = z_init(&w->z, 15 + 16)) != Z_OK) {
					w->error = zr == Z_VERSION_ERROR ?
					    ELIBACC : ENOMEM;
					return false;
				}
				w->z_on = true;
			} else
				zlib.reset(&w->z);
			w->z_member_end = false;
			w->member_off = w->raw_off + w->raw_pos;
			w->member_at = w->off;
		}
		w->z.next_in = w->raw + w->raw_pos;
		w->z.avail_in = (uInt)(w->raw_len - w->raw_pos);
		w->z.next_out = w->out;
		w->z.avail_out = sizeof(w->out);
		zr = zlib.inflate(&w->z, Z_NO_FLUSH);
		w->raw_pos = w->raw_len - w->z.avail_in;
		w->out_len = sizeof(w->out) - w->z.avail_out;
		if (zr == Z_STREAM_END)
			w->z_member_end = true;
		else if (zr != Z_OK && zr != Z_BUF_ERROR) {
			w->error = zr == Z_MEM_ERROR ? ENOMEM : BAD_GZIP;
			return w->out_len > 0;
		}
		if (w->out_len > 0)
			return true;
	}
}

/* The next byte of the archive, or -1 at its end. */
static int
next_byte(struct warc *w)
{
	if (w->out_pos == w->out_len && !out_fill(w))
		return -1;
	return w->out[w->out_pos++];
}

/* The offset in the archive of the next byte. */
static uint64_t
where(const struct warc *w)
{
	return w->off + w->out_pos;
}

/*
 * Reads a line into buf (size bytes), without its CR LF. Returns its
 * length, -1 at the end of the archive with nothing read, or -2 if it
 * is longer than buf (the rest of it is skipped).
 */
static ssize_t
read_line(struct warc *w, char *buf, size_t size)
{
	size_t	 n = 0;
	int	 c;
	bool	 long_line = false;

	while ((c = next_byte(w)) != -1 && c != '\n') {
		if (n + 1 < size)
			buf[n++] = (char)c;
		else
			long_line = true;
	}
	if (c == -1 && n == 0)
		return -1;
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	return long_line ? -2 : (ssize_t)n;
}

/*
 * Goes on to what may be the next record, after a bad one: in a gzip
 * archive, the next member (its start found in the compressed bytes);
 * in a plain one, the next line that begins "WARC/1.".
 */
static void
resync(struct warc *w)
{
	char	 line[16];
	size_t	 i;

	if (w->gzip) {
		w->out_pos = w->out_len;
		if (w->error == BAD_GZIP)
			w->error = 0;
		w->eof = false;
		for (;;) {
			if (w->raw_len - w->raw_pos < 3)
				raw_fill(w);
			if (w->raw_len - w->raw_pos < 3) {
				w->raw_pos = w->raw_len;
				w->eof = true;
				return;
			}
			/* At a member's end the next begins here: kept. */
			for (i = w->raw_pos + !w->z_member_end;
			    i + 3 <= w->raw_len; i++)
				if (is_gzip(w->raw + i, w->raw_len - i))
					break;
			if (i + 3 <= w->raw_len) {
				w->raw_pos = i;
				w->z_member_end = true;
				return;
			}
			w->raw_pos = w->raw_len - 2;
		}
	}
	for (;;) {
		/* Peek at each line's start; a version line is kept. */
		if (w->out_pos == w->out_len && !out_fill(w))
			return;
		if (w->out_len - w->out_pos >= 7 &&
		    memcmp(w->out + w->out_pos, "WARC/1.", 7) == 0)
			return;
		if (read_line(w, line, sizeof(line)) == -1)
			return;
	}
}

/* A record's named field, or NULL. */
static const char *
field(const struct warc_record *r, const char *name)
{
	size_t	 i;

	for (i = 0; i < r->nfields; i++)
		if (strcasecmp(r->fields[i].name, name) == 0)
			return r->fields[i].value;
	return NULL;
}

void
warc_record_clear(struct warc_record *r)
{
	size_t	 i;

	for (i = 0; i < r->nfields; i++)
		free(r->fields[i].name);
	free(r->fields);
	free(r->block);
	memset(r, 0, sizeof(*r));
}

/*
 * Splits "Name: value" into a field of r. Returns -1 if memory runs out,
 * 1 if the line is no field.
 */
static int
add_field(struct warc_record *r, const char *line)
{
	const char	*colon = strchr(line, ':'), *v;
	struct warc_field *nf;
	char		*name;
	size_t		 len;

	if (colon == NULL || colon == line)
		return 1;
	if (r->nfields == MAX_FIELDS)
		return 1;
	if ((nf = reallocarray(r->fields, r->nfields + 1, sizeof(*nf))) == NULL)
		return -1;
	r->fields = nf;
	len = strlen(line);
	if ((name = malloc(len + 1)) == NULL)
		return -1;
	memcpy(name, line, len + 1);
	name[colon - line] = '\0';
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		continue;
	nf[r->nfields].name = name;
	nf[r->nfields].value = name + (v - line);
	r->nfields++;
	return 0;
}

/* Skips n bytes of the archive; false if it ends first. */
static bool
skip(struct warc *w, uint64_t n)
{
	size_t	 k;

	while (n > 0) {
		if (w->out_pos == w->out_len && !out_fill(w))
			return false;
		k = w->out_len - w->out_pos;
		if (k > n)
			k = (size_t)n;
		w->out_pos += k;
		n -= k;
	}
	return true;
}

/* Whether more of the archive is there (filling the buffer). */
static bool
peek(struct warc *w)
{
	return w->out_pos < w->out_len || out_fill(w);
}

/* A bad record: why, and whether the reader can go on after it. */
static int
bad(struct warc *w, struct warc_record *r, const char *why, bool go_on)
{
	r->error = why;
	if (go_on)
		resync(w);
	else
		w->done = true;
	return -1;
}

/*
 * A record the archive ends in: its data corrupt (the reader goes on at
 * the next gzip member), cut short, or unreadable.
 */
static int
ended(struct warc *w, struct warc_record *r, const char *cut_short)
{
	if (w->error > 0) {
		r->errnum = w->error;
		return bad(w, r, "cannot be read", false);
	}
	if (w->error == BAD_GZIP)
		return bad(w, r, "gzip data is corrupt", true);
	return bad(w, r, cut_short, false);
}

/*
 * Reads the next record into r (cleared first). Its block is read for
 * response and resource records of at most max_bytes (0: no limit),
 * else skipped (too_large says so of those). Returns 1 for a record, 0
 * at the end of the archive, -1 for a bad one: r->error says why (and
 * r->errnum, for a read error or memory that ran out), r->offset and
 * r->file_offset where it began; the reader goes on to what may be the
 * next record, if there is anything left to read.
 */
int
warc_next(struct warc *w, struct warc_record *r, uint64_t max_bytes)
{
	char		 line[LINE_MAX_BYTES];
	const char	*len_field, *type;
	char		*end, *uri;
	ssize_t		 n;
	size_t		 got;
	bool		 wanted;

	warc_record_clear(r);
	if (w->done)
		return 0;
	/* Line breaks between records are no record. */
	while (peek(w) && (w->out[w->out_pos] == '\r' ||
	    w->out[w->out_pos] == '\n'))
		w->out_pos++;
	r->offset = where(w);
	r->file_offset = !w->gzip ? r->offset : r->offset == w->member_at ?
	    w->member_off : UINT64_MAX;
	if (!peek(w)) {
		/* What follows the last gzip member is not gzip. */
		if (w->gzip && w->z_member_end)
			r->file_offset = w->raw_off + w->raw_pos;
		return w->error == 0 ? 0 :
		    ended(w, r, "cut short: the archive ends in it");
	}
	if ((n = read_line(w, line, sizeof(line))) < 0 ||
	    strncmp(line, "WARC/1.", 7) != 0)
		return bad(w, r, "no WARC version line where a record begins",
		    true);
	while ((n = read_line(w, line, sizeof(line))) > 0 || n == -2)
		if (n > 0 && add_field(r, line) == -1) {
			r->errnum = ENOMEM;
			return bad(w, r, "out of memory", false);
		}
	if (n == -1)
		return ended(w, r, "cut short in its fields");
	len_field = field(r, "Content-Length");
	type = field(r, "WARC-Type");
	errno = 0;
	r->length = len_field == NULL ? 0 : strtoull(len_field, &end, 10);
	if (len_field == NULL || type == NULL)
		return bad(w, r, "no Content-Length or WARC-Type field", true);
	if (end == len_field || *end != '\0' || errno != 0)
		return bad(w, r, "a Content-Length that is no number", true);
	r->type = type;
	r->id = field(r, "WARC-Record-ID");
	/* WARC 1.0 allowed the address in angle brackets (wget writes
	 * them); 1.1 writes it bare. */
	if ((uri = (char *)field(r, "WARC-Target-URI")) != NULL &&
	    *uri == '<' && uri[1] != '\0' && uri[strlen(uri) - 1] == '>') {
		uri[strlen(uri) - 1] = '\0';
		uri++;
	}
	r->uri = uri;
	r->date = field(r, "WARC-Date");
	r->content_type = field(r, "Content-Type");
	wanted = strcasecmp(type, "response") == 0 ||
	    strcasecmp(type, "resource") == 0;
	r->too_large = wanted && max_bytes != 0 && r->length > max_bytes;
	if (!wanted || r->too_large) {
		if (!skip(w, r->length))
			return ended(w, r,
			    "cut short: the archive ends in its block");
		return 1;
	}
	if (r->length > SIZE_MAX - 1 ||
	    (r->block = malloc(r->length + 1)) == NULL) {
		r->errnum = ENOMEM;
		return bad(w, r, "out of memory", true);
	}
	for (got = 0; got < r->length && peek(w); ) {
		n = (ssize_t)(w->out_len - w->out_pos);
		if ((uint64_t)n > r->length - got)
			n = (ssize_t)(r->length - got);
		memcpy(r->block + got, w->out + w->out_pos, (size_t)n);
		w->out_pos += (size_t)n;
		got += (size_t)n;
	}
	r->block[got] = '\0';
	r->block_len = got;
	if (got < r->length)
		return ended(w, r, "cut short: the archive ends in its block");
	return 1;
}

/*
 * Whether the first bytes of a file are a WARC archive's: "WARC/1.", or
 * gzip whose first bytes inflated are.
 */
bool
warc_sniff(const unsigned char *buf, size_t len)
{
	unsigned char	 out[16];
	z_stream	 z;
	bool		 yes;

	if (len >= 7 && memcmp(buf, "WARC/1.", 7) == 0)
		return true;
	if (!is_gzip(buf, len))
		return false;
	memset(&z, 0, sizeof(z));
	if (z_init(&z, 15 + 16) != Z_OK)
		return false;
	z.next_in = (unsigned char *)buf;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = sizeof(out);
	zlib.inflate(&z, Z_SYNC_FLUSH);
	yes = sizeof(out) - z.avail_out >= 7 && memcmp(out, "WARC/1.", 7) == 0;
	zlib.end(&z);
	return yes;
}

/* The value of an HTTP header in the block's header part, or NULL. */
static const char *
header(struct warc_field *h, size_t n, const char *name)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (strcasecmp(h[i].name, name) == 0)
			return h[i].value;
	return NULL;
}

/*
 * Whether a token list (a header's value, "gzip, chunked") holds word,
 * in any case.
 */
static bool
has_coding(const char *value, const char *word)
{
	size_t	 n = strlen(word), k;

	while (*value != '\0') {
		value += strspn(value, " \t,");
		k = strcspn(value, " \t,;");
		if (k == n && strncasecmp(value, word, n) == 0)
			return true;
		value += k;
		value += strcspn(value, ",");
	}
	return false;
}

/*
 * Undoes chunked transfer coding in place: each chunk a hexadecimal
 * size line, its bytes and CR LF, to a chunk of size 0. Returns the
 * length of what is left, or -1 if the chunks make no sense.
 */
static ssize_t
dechunk(char *body, size_t len)
{
	size_t	 in = 0, out = 0, size;
	char	*end;

	for (;;) {
		if (in >= len)
			return -1;
		errno = 0;
		size = strtoul(body + in, &end, 16);
		if (end == body + in || errno != 0)
			return -1;
		/* Chunk extensions, then the line's end. */
		while ((size_t)(end - body) < len && *end != '\n')
			end++;
		if ((size_t)(end - body) >= len)
			return -1;
		in = (size_t)(end - body) + 1;
		if (size == 0)
			return (ssize_t)out;
		if (size > len - in)
			return -1;
		memmove(body + out, body + in, size);
		out += size;
		in += size;
		if (in < len && body[in] == '\r')
			in++;
		if (in < len && body[in] == '\n')
			in++;
	}
}

/*
 * Inflates a gzip or zlib (deflate) body, or a raw deflate one as some
 * servers send for "deflate", at most max bytes (0: no limit) into a
 * new buffer. Returns it (NUL-terminated; *out_len its length), or
 * NULL with *why set.
 */
static char *
inflate_body(const char *body, size_t len, bool gzip, uint64_t max,
    size_t *out_len, const char **why)
{
	z_stream	 z;
	char		*out = NULL, *grown;
	size_t		 cap = len * 4 + 4096, n = 0;
	int		 zr = Z_OK, attempt;

	for (attempt = 0; attempt < 2; attempt++) {
		memset(&z, 0, sizeof(z));
		/* gzip; zlib (what the standard means by deflate); raw. */
		if ((zr = z_init(&z, gzip ? 15 + 16 : attempt == 0 ? 15 :
		    -15)) != Z_OK) {
			*why = zr == Z_VERSION_ERROR ? "a compressed body, and "
			    "libz.so.1 cannot be loaded" : "out of memory";
			free(out);
			return NULL;
		}
		z.next_in = (unsigned char *)body;
		z.avail_in = (uInt)len;
		n = 0;
		do {
			if (cap - n < 4096 || out == NULL) {
				cap = out == NULL ? cap : cap * 2;
				if ((grown = realloc(out, cap + 1)) == NULL) {
					zlib.end(&z);
					free(out);
					*why = "out of memory";
					return NULL;
				}
				out = grown;
			}
			z.next_out = (unsigned char *)out + n;
			z.avail_out = (uInt)(cap - n);
			zr = zlib.inflate(&z, Z_NO_FLUSH);
			n = cap - z.avail_out;
			if (max != 0 && n > max) {
				zlib.end(&z);
				free(out);
				*why = "larger than --max-bytes once decoded";
				return NULL;
			}
		} while (zr == Z_OK && (z.avail_in > 0 || z.avail_out == 0));
		zlib.end(&z);
		if (zr == Z_STREAM_END || (zr == Z_BUF_ERROR && n > 0) ||
		    gzip)
			break;
	}
	if (zr != Z_STREAM_END && !(zr == Z_BUF_ERROR && n > 0)) {
		free(out);
		*why = gzip ? "its gzip content coding is corrupt" :
		    "its deflate content coding is corrupt";
		return NULL;
	}
	out[n] = '\0';
	*out_len = n;
	return out;
}

/*
 * libbrotlidec's functions, looked up the first time a record needs
 * them (lazylib.c): few archives hold br bodies. All NULL if the library
 * could not be loaded.
 */
static struct {
	BrotliDecoderState *(*create)(brotli_alloc_func, brotli_free_func,
	    void *);
	BrotliDecoderResult (*decompress)(BrotliDecoderState *, size_t *,
	    const uint8_t **, size_t *, uint8_t **, size_t *);
	void		 (*destroy)(BrotliDecoderState *);
} brotli;
static pthread_once_t brotli_once = PTHREAD_ONCE_INIT;

static void
brotli_load(void)
{
	static const char *const names[] = { "BrotliDecoderCreateInstance",
	    "BrotliDecoderDecompressStream", "BrotliDecoderDestroyInstance" };
	void	*syms[3];

	if (lazylib_open("libbrotlidec.so.1", names, syms, 3) == -1)
		return;
	*(void **)&brotli.create = syms[0];
	*(void **)&brotli.decompress = syms[1];
	*(void **)&brotli.destroy = syms[2];
}

/* Decodes a br (Brotli) body, as inflate_body does. */
static char *
unbrotli_body(const char *body, size_t len, uint64_t max, size_t *out_len,
    const char **why)
{
	BrotliDecoderState *st;
	BrotliDecoderResult br;
	const uint8_t	*in = (const uint8_t *)body;
	uint8_t		*next;
	char		*out = NULL, *grown;
	size_t		 avail_in = len, avail_out, cap = len * 4 + 4096, n = 0;

	pthread_once(&brotli_once, brotli_load);
	if (brotli.create == NULL) {
		*why = "a br content coding, and libbrotlidec.so.1 cannot be "
		    "loaded";
		return NULL;
	}
	if ((st = brotli.create(NULL, NULL, NULL)) == NULL) {
		*why = "out of memory";
		return NULL;
	}
	do {
		if (out == NULL || cap - n < 4096) {
			cap = out == NULL ? cap : cap * 2;
			if ((grown = realloc(out, cap + 1)) == NULL) {
				*why = "out of memory";
				goto fail;
			}
			out = grown;
		}
		next = (uint8_t *)out + n;
		avail_out = cap - n;
		br = brotli.decompress(st, &avail_in, &in,
		    &avail_out, &next, NULL);
		n = cap - avail_out;
		if (max != 0 && n > max) {
			*why = "larger than --max-bytes once decoded";
			goto fail;
		}
	} while (br == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT);
	if (br != BROTLI_DECODER_RESULT_SUCCESS) {
		*why = "its br content coding is corrupt";
		goto fail;
	}
	brotli.destroy(st);
	out[n] = '\0';
	*out_len = n;
	return out;
fail:
	brotli.destroy(st);
	free(out);
	return NULL;
}

/*
 * The charset parameter of a Content-Type value, into buf (size
 * bytes), or "" if it has none.
 */
static void
charset_of(const char *ctype, char *buf, size_t size)
{
	const char	*p;
	size_t		 n;

	buf[0] = '\0';
	for (p = ctype; p != NULL && (p = strchr(p, ';')) != NULL; ) {
		p++;
		p += strspn(p, " \t");
		if (strncasecmp(p, "charset", 7) != 0)
			continue;
		p += 7;
		p += strspn(p, " \t");
		if (*p++ != '=')
			continue;
		p += strspn(p, " \t\"'");
		n = strcspn(p, " \t\"';");
		if (n >= size)
			return;
		memcpy(buf, p, n);
		buf[n] = '\0';
		return;
	}
}

/*
 * Whether a Content-Type is HTML's (text/html, application/xhtml+xml);
 * -1 if there is none (the bytes then tell, see sniff_html).
 */
static int
is_html_type(const char *ctype)
{
	size_t	 n;

	if (ctype == NULL)
		return -1;
	ctype += strspn(ctype, " \t");
	n = strcspn(ctype, " \t;");
	if (n == 0)
		return -1;
	return (n == 9 && strncasecmp(ctype, "text/html", 9) == 0) ||
	    (n == 21 && strncasecmp(ctype, "application/xhtml+xml", 21) == 0);
}

/*
 * Whether bytes with no Content-Type are HTML, as the MIME Sniffing
 * standard tells: after whitespace, one of its tags (any case) followed
 * by a space or '>', or a comment.
 */
static bool
sniff_html(const char *p, size_t len)
{
	static const char *const tags[] = { "!DOCTYPE HTML", "HTML", "HEAD",
	    "SCRIPT", "IFRAME", "H1", "DIV", "FONT", "TABLE", "A", "STYLE",
	    "TITLE", "B", "BODY", "BR", "P", "!--" };
	const char	*end = p + len;
	size_t		 k, n;

	while (p < end && ascii_is_space((unsigned char)*p))
		p++;
	if (p == end || *p++ != '<')
		return false;
	for (k = 0; k < sizeof(tags) / sizeof(tags[0]); k++) {
		n = strlen(tags[k]);
		/* A tag ends with a space or '>'; "<!--" need not. */
		if ((size_t)(end - p) > n && strncasecmp(p, tags[k], n) == 0 &&
		    (p[n] == ' ' || p[n] == '>' || tags[k][1] == '-'))
			return true;
	}
	return false;
}

/*
 * The page a record holds, into pg (its body a new buffer): a response
 * record's HTTP response taken apart (status, headers, codings undone),
 * a resource record's block as it is. Returns 1 for an HTML page (with
 * a 2xx status), 0 for a record that holds none (pg->skip says which
 * kind: other record types, other media, other statuses), -1 for a
 * response that cannot be decoded (pg->skip says why).
 */
int
warc_page(const struct warc_record *r, struct warc_page *pg,
    uint64_t max_bytes)
{
	struct warc_field h[MAX_FIELDS];
	const char	*ctype, *te, *ce, *why = NULL;
	char		*p, *end, *line, *body, *decoded;
	size_t		 nh = 0, len;
	ssize_t		 dl;
	int		 html;

	memset(pg, 0, sizeof(*pg));
	if (r->too_large) {
		pg->skip = "larger than --max-bytes";
		return -1;
	}
	if (strcasecmp(r->type, "response") != 0 &&
	    strcasecmp(r->type, "resource") != 0) {
		pg->skip = r->type;
		return 0;
	}
	body = (char *)r->block;
	len = r->block_len;
	ctype = r->content_type;
	/* A response record holds HTTP, but for one whose block is the
	 * payload alone (some tools write them). */
	if (strcasecmp(r->type, "response") == 0 && len >= 5 &&
	    memcmp(body, "HTTP/", 5) == 0) {
		end = body + len;
		if ((p = memchr(body, '\n', len)) == NULL) {
			pg->skip = "an HTTP response with no headers";
			return -1;
		}
		pg->status = (int)strtol(body + strcspn(body, " "), NULL, 10);
		for (line = p + 1; line < end; line = p + 1) {
			if ((p = memchr(line, '\n', (size_t)(end - line))) ==
			    NULL) {
				pg->skip = "cut short in its HTTP headers";
				return -1;
			}
			*p = '\0';
			if (p > line && p[-1] == '\r')
				p[-1] = '\0';
			if (*line == '\0')
				break;
			if (nh < MAX_FIELDS && strchr(line, ':') != NULL) {
				h[nh].name = line;
				*strchr(line, ':') = '\0';
				h[nh].value = line + strlen(line) + 1;
				h[nh].value += strspn(h[nh].value, " \t");
				nh++;
			}
		}
		if (line >= end) {
			pg->skip = "cut short in its HTTP headers";
			return -1;
		}
		len -= (size_t)(p + 1 - body);
		body = p + 1;
		ctype = header(h, nh, "Content-Type");
		if (pg->status < 200 || pg->status > 299) {
			pg->skip = "a status other than 2xx";
			return 0;
		}
	}
	html = is_html_type(ctype);
	if (ctype != NULL)
		charset_of(ctype, pg->charset, sizeof(pg->charset));
	if ((pg->body = malloc(len + 1)) == NULL) {
		pg->skip = "out of memory";
		return -1;
	}
	memcpy(pg->body, body, len);
	pg->body[len] = '\0';
	pg->len = len;
	if ((te = header(h, nh, "Transfer-Encoding")) != NULL &&
	    has_coding(te, "chunked")) {
		if ((dl = dechunk(pg->body, pg->len)) == -1) {
			pg->skip = "its chunked transfer coding is corrupt";
			return -1;
		}
		pg->len = (size_t)dl;
		pg->body[pg->len] = '\0';
	}
	if ((ce = header(h, nh, "Content-Encoding")) != NULL) {
		decoded = NULL;
		if (has_coding(ce, "gzip") || has_coding(ce, "x-gzip"))
			decoded = inflate_body(pg->body, pg->len, true,
			    max_bytes, &len, &why);
		else if (has_coding(ce, "deflate"))
			decoded = inflate_body(pg->body, pg->len, false,
			    max_bytes, &len, &why);
		else if (has_coding(ce, "br"))
			decoded = unbrotli_body(pg->body, pg->len, max_bytes,
			    &len, &why);
		else if (!has_coding(ce, "identity"))
			why = "a content coding cex does not know";
		if (decoded == NULL && why != NULL) {
			pg->skip = why;
			return -1;
		}
		if (decoded != NULL) {
			free(pg->body);
			pg->body = decoded;
			pg->len = len;
		}
	}
	if (html == -1)
		html = sniff_html(pg->body, pg->len);
	if (!html) {
		pg->skip = "not HTML";
		return 0;
	}
	return 1;
}

void
warc_page_clear(struct warc_page *pg)
{
	free(pg->body);
	memset(pg, 0, sizeof(*pg));
}
