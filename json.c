/*
 * json.c: the JSON writer (--format json). One object a line for each
 * input, so that a batch is JSON Lines for jq and the like: the input,
 * its address, the page's title, its metadata (meta.c: authors, dates,
 * site name, description, language, image, categories, tags), the
 * method, the text as -t writes it and, with --json-html, the HTML.
 * What the page does not say is left out, but for the address and the
 * title, which are null. Strings are valid UTF-8 whatever they came
 * from (a file name may not be): a byte that is not is written as
 * U+FFFD.
 */
#include <stdlib.h>
#include <string.h>

#include <utf8proc.h>

#include "cex.h"

/* Writes len bytes of s as a JSON string, quotes included. */
static void
json_string(FILE *f, const char *s, size_t len)
{
	const utf8proc_uint8_t	*p = (const utf8proc_uint8_t *)s;
	const utf8proc_uint8_t	*end = p + len;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 n;

	putc('"', f);
	while (p < end) {
		n = utf8proc_iterate(p, end - p, &cp);
		if (n < 0) {
			fputs("\xEF\xBF\xBD", f);
			p++;
			continue;
		}
		switch (cp) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case 0x2028:	/* line breaks to JavaScript */
		case 0x2029:
			fprintf(f, "\\u%04x", (unsigned)cp);
			break;
		default:
			if (cp < 0x20 || cp == 0x7f)
				fprintf(f, "\\u%04x", (unsigned)cp);
			else
				fwrite(p, 1, (size_t)n, f);
			break;
		}
		p += n;
	}
	putc('"', f);
}

/* Writes "name": and the string s, or null if s is NULL. */
static void
json_member(FILE *f, const char *name, const char *s, size_t len)
{
	fprintf(f, ",\"%s\":", name);
	if (s == NULL)
		fputs("null", f);
	else
		json_string(f, s, len);
}

/* Writes a field of the metadata: a string, or an array of them. */
static void
json_field(FILE *f, const struct meta_field *field)
{
	size_t	 i;

	if (!field->list) {
		json_member(f, field->key, field->v[0], strlen(field->v[0]));
		return;
	}
	fprintf(f, ",\"%s\":[", field->key);
	for (i = 0; i < field->n; i++) {
		if (i > 0)
			putc(',', f);
		json_string(f, field->v[i], strlen(field->v[i]));
	}
	putc(']', f);
}

/*
 * Renders the document with writer into a new string; *len its length.
 * NULL if memory runs out or the writer fails.
 */
static char *
rendered(const struct cex_doc *d, int (*writer)(FILE *, const struct cex_doc *),
    size_t *len)
{
	char	*buf = NULL;
	FILE	*f;
	int	 rc;

	if ((f = open_memstream(&buf, len)) == NULL)
		return NULL;
	rc = writer(f, d);
	if (fclose(f) == EOF || rc == -1) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * Writes the JSON object of one input, a line: input is its name as
 * given; for a page of an archive, record says which (its id, capture
 * date and HTTP status follow the file's name), else NULL. The text
 * and title have no trailing newline. Returns -1 on a write error or if
 * memory ran out.
 */
int
out_json(FILE *f, const struct cex_doc *d, const struct cex_opts *opts,
    const char *input, const struct record_info *record)
{
	const struct cex_meta *m = d->meta;
	struct meta_field fields[META_FIELDS];
	const char	*url = opts->url, *title = NULL;
	char		*text, *html = NULL;
	size_t		 text_len, html_len = 0, nfields = 0, k;
	int		 rc = -1;

	if ((text = rendered(d, out_text, &text_len)) == NULL ||
	    (opts->json_html &&
	    (html = rendered(d, out_html, &html_len)) == NULL))
		goto out;
	/* The metadata names the page (meta_new: --url, else canonical). */
	if (m != NULL) {
		url = m->url;
		title = m->title;
		nfields = meta_fields(m, false, fields);
	}
	if (text_len > 0 && text[text_len - 1] == '\n')
		text_len--;
	fputs("{\"file\":", f);
	json_string(f, input, strlen(input));
	if (record != NULL) {
		if (record->id != NULL)
			json_member(f, "warc_record_id", record->id,
			    strlen(record->id));
		if (record->date != NULL)
			json_member(f, "warc_date", record->date,
			    strlen(record->date));
		if (record->status != 0)
			fprintf(f, ",\"status\":%d", record->status);
	}
	json_member(f, "url", url, url != NULL ? strlen(url) : 0);
	json_member(f, "title", title, title != NULL ? strlen(title) : 0);
	for (k = 0; k < nfields; k++)
		json_field(f, &fields[k]);
	json_member(f, "method", method_name(opts->method),
	    strlen(method_name(opts->method)));
	json_member(f, "text", text, text_len);
	if (opts->json_html)
		json_member(f, "html", html, html_len);
	fputs("}\n", f);
	rc = ferror(f) ? -1 : 0;
out:
	free(text);
	free(html);
	return rc;
}
