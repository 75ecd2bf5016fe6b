/*
 * front.c: the page's metadata before its content (--metadata), as
 * Markdown tools and readers of plain text expect it: YAML front matter
 * (a block between two "---" lines, as static site generators and note
 * takers read it) before Markdown, "key: value" lines and a blank line
 * (as mail and HTTP headers) before plain text. A list gives a line a
 * value. The keys are JSON's members; HTML's head says the same in its
 * own way (output.c). Values are one line of text (struct cex_meta).
 */
#include <string.h>

#include "cex.h"

/*
 * Writes s as a YAML double-quoted scalar: YAML reads any text there
 * as it is but a quotation mark and a backslash, escaped.
 */
static void
yaml_string(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', f);
		putc(*s, f);
	}
	putc('"', f);
}

/*
 * Writes the metadata of d, if it has any: as YAML front matter if
 * yaml, else as "key: value" lines, and a blank line. Returns -1 on a
 * write error.
 */
int
front_write(FILE *f, const struct cex_doc *d, bool yaml)
{
	struct meta_field fields[META_FIELDS];
	size_t		 n, k, i;

	if (d->meta == NULL || (n = meta_fields(d->meta, true, fields)) == 0)
		return 0;
	if (yaml)
		fputs("---\n", f);
	for (k = 0; k < n; k++) {
		if (!yaml) {
			for (i = 0; i < fields[k].n; i++)
				fprintf(f, "%s: %s\n", fields[k].key,
				    fields[k].v[i]);
			continue;
		}
		fprintf(f, "%s:", fields[k].key);
		if (!fields[k].list) {
			putc(' ', f);
			yaml_string(f, fields[k].v[0]);
			putc('\n', f);
			continue;
		}
		putc('\n', f);
		for (i = 0; i < fields[k].n; i++) {
			fputs("  - ", f);
			yaml_string(f, fields[k].v[i]);
			putc('\n', f);
		}
	}
	fputs(yaml ? "---\n\n" : "\n", f);
	return ferror(f) ? -1 : 0;
}
