/*
 * output.c: the writers. Both walk what the filters left of the overlay
 * with one iterative walker (enter, leaf, leave), skipping removed
 * subtrees and passing through unwrapped elements.
 *
 * The HTML writer serialises as HTML5 does, so that parsing its output
 * gives the same tree again. The text writer records whitespace as
 * pending and writes one space, tab or newline only when visible text
 * follows: no blank lines at either end, no spaces at line ends.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <utf8proc.h>

#include "cex.h"

/*
 * Writes s, escaping what HTML text (attr false) or a double-quoted
 * attribute value (attr true) cannot hold. U+00A0 is written as &nbsp;
 * so that it stays visible to the reader of the source.
 */
static void
escape(FILE *f, const char *s, bool attr)
{
	const char	*run = s;

	for (; *s != '\0'; s++) {
		const char *rep = NULL;

		switch (*s) {
		case '&':
			rep = "&amp;";
			break;
		case '<':
			rep = attr ? NULL : "&lt;";
			break;
		case '>':
			rep = attr ? NULL : "&gt;";
			break;
		case '"':
			rep = attr ? "&quot;" : NULL;
			break;
		case '\xC2':
			if (s[1] == '\xA0')
				rep = "&nbsp;";
			break;
		default:
			break;
		}
		if (rep == NULL)
			continue;
		fwrite(run, 1, s - run, f);
		fputs(rep, f);
		if (*s == '\xC2')
			s++;
		run = s + 1;
	}
	fwrite(run, 1, s - run, f);
}

static void
escape_text(FILE *f, const char *s)
{
	escape(f, s, false);
}

static void
escape_attr(FILE *f, const char *s)
{
	escape(f, s, true);
}

/* Writes an element's name, lower-casing it if it came from the source. */
static void
put_tagname(FILE *f, const GumboNode *g)
{
	bool		 from_source;
	size_t		 len, i;
	const char	*name = dom_tagname(g, &len, &from_source);

	if (!from_source) {
		fwrite(name, 1, len, f);
		return;
	}
	for (i = 0; i < len; i++)
		putc(name[i] >= 'A' && name[i] <= 'Z' ?
		    name[i] + ('a' - 'A') : name[i], f);
}

/* Elements whose text the parser takes verbatim, without entities. */
static bool
is_raw_text(const struct cex_node *n)
{
	if (n->type != GUMBO_NODE_ELEMENT || (n->flags & NODE_UNWRAP) ||
	    n->g->v.element.tag_namespace != GUMBO_NAMESPACE_HTML)
		return false;
	switch (n->tag) {
	case GUMBO_TAG_IFRAME:
	case GUMBO_TAG_NOEMBED:
	case GUMBO_TAG_NOFRAMES:
	case GUMBO_TAG_PLAINTEXT:
	case GUMBO_TAG_SCRIPT:
	case GUMBO_TAG_STYLE:
	case GUMBO_TAG_XMP:
		return true;
	default:
		return false;
	}
}

/*
 * The text of a subtree with runs of whitespace collapsed to one space
 * and none at either end, as a new string (NULL if memory runs out).
 * Removed or not: it gives the text of removed links and titles.
 */
char *
out_collapsed(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	const char		*s;
	char			*out, *o;
	size_t			 total = 0;
	uint32_t		 j;
	bool			 space = false;

	for (j = i; j < n->end; j++)
		if (d->nodes[j].type == GUMBO_NODE_TEXT)
			total += strlen(d->nodes[j].g->v.text.text) + 1;
	if ((o = out = malloc(total + 1)) == NULL)
		return NULL;
	for (j = i; j < n->end; j++) {
		if (d->nodes[j].type != GUMBO_NODE_TEXT &&
		    d->nodes[j].type != GUMBO_NODE_WHITESPACE)
			continue;
		for (s = d->nodes[j].g->v.text.text; *s != '\0'; s++) {
			if (*s == ' ' || (*s >= '\t' && *s <= '\r') ||
			    (s[0] == '\xC2' && s[1] == '\xA0')) {
				space = o > out;
				s += *s == '\xC2';
				continue;
			}
			if (space)
				*o++ = ' ';
			space = false;
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

struct htmlw {
	FILE			*f;
	const struct cex_doc	*d;
	bool			 links_done;	/* retained links written */
	bool			 nomem;
};

static void
html_retained(struct htmlw *w)
{
	char			*text;
	uint32_t		 k;

	w->links_done = true;
	if (w->d->nretained == 0)
		return;
	fputs("<ul>", w->f);
	for (k = 0; k < w->d->nretained; k++) {
		if ((text = out_collapsed(w->d, w->d->retained[k].node)) ==
		    NULL) {
			w->nomem = true;
			break;
		}
		fputs("<li><a href=\"", w->f);
		escape_attr(w->f, w->d->retained[k].url);
		fputs("\">", w->f);
		escape_text(w->f, text);
		fputs("</a></li>", w->f);
		free(text);
	}
	fputs("</ul>", w->f);
}

/*
 * Whether a meta element declares the page's encoding, which was the
 * input's and is no longer: the output is UTF-8.
 */
static bool
declares_charset(const struct cex_node *n)
{
	const GumboAttribute	*a;

	if (n->tag != GUMBO_TAG_META)
		return false;
	return dom_attr(n, "charset") != NULL ||
	    ((a = dom_attr(n, "http-equiv")) != NULL &&
	    strcasecmp(a->value, "content-type") == 0);
}

static bool
html_enter(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	const GumboVector	*attrs = &n->g->v.element.attributes;
	const GumboAttribute	*a;
	uint32_t		 k;

	if (declares_charset(n))
		return false;
	putc('<', w->f);
	put_tagname(w->f, n->g);
	for (k = 0; k < attrs->length; k++) {
		if (w->d->attr_drop != NULL && w->d->attr_drop[n->attr_base + k])
			continue;
		a = attrs->data[k];
		putc(' ', w->f);
		switch (a->attr_namespace) {
		case GUMBO_ATTR_NAMESPACE_XLINK:
			fputs("xlink:", w->f);
			break;
		case GUMBO_ATTR_NAMESPACE_XML:
			fputs("xml:", w->f);
			break;
		case GUMBO_ATTR_NAMESPACE_XMLNS:
			if (strcmp(a->name, "xmlns") != 0)
				fputs("xmlns:", w->f);
			break;
		default:
			break;
		}
		fputs(a->name, w->f);
		fputs("=\"", w->f);
		escape_attr(w->f, a->value);
		putc('"', w->f);
	}
	putc('>', w->f);
	/* A whole document says what it is in, for browsers to read it. */
	if (n->tag == GUMBO_TAG_HEAD)
		fputs("<meta charset=\"utf-8\">", w->f);
	return true;
}

static void
html_leave(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];

	if (dom_is_void(n))
		return;
	if (n->tag == GUMBO_TAG_BODY && !w->links_done)
		html_retained(w);
	fputs("</", w->f);
	put_tagname(w->f, n->g);
	putc('>', w->f);
}

static void
html_leaf(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	const struct cex_node	*parent = &w->d->nodes[n->parent];
	const char		*text = n->g->v.text.text;

	switch (n->type) {
	case GUMBO_NODE_COMMENT:
		fprintf(w->f, "<!--%s-->", text);
		break;
	case GUMBO_NODE_CDATA:
		fprintf(w->f, "<![CDATA[%s]]>", text);
		break;
	default:
		if (is_raw_text(parent))
			fputs(text, w->f);
		else {
			/* The parser drops a newline that opens a pre. */
			if ((parent->tag == GUMBO_TAG_PRE ||
			    parent->tag == GUMBO_TAG_TEXTAREA ||
			    parent->tag == GUMBO_TAG_LISTING) &&
			    n->parent + 1 == i && text[0] == '\n')
				putc('\n', w->f);
			escape_text(w->f, text);
		}
		break;
	}
}

/*
 * Writes the document as HTML: doctype, then the tree. Removed links that
 * are retained are listed at the end of <body>. Returns -1 on a write
 * error or if memory ran out.
 */
int
out_html(FILE *f, const struct cex_doc *d)
{
	static const struct dom_walker walker = { html_enter, html_leave,
	    html_leaf };
	const GumboDocument	*doc = &d->gumbo->document->v.document;
	struct htmlw		 w = { f, d, false, false };

	if (doc->has_doctype && !d->fragment) {
		fprintf(f, "<!DOCTYPE %s", doc->name);
		if (*doc->public_identifier != '\0') {
			fprintf(f, " PUBLIC \"%s\"", doc->public_identifier);
			if (*doc->system_identifier != '\0')
				fprintf(f, " \"%s\"", doc->system_identifier);
		} else if (*doc->system_identifier != '\0')
			fprintf(f, " SYSTEM \"%s\"", doc->system_identifier);
		fputs(">\n", f);
	}
	/*
	 * A title the method chose to give first, as a heading; a whole
	 * document has its title element.
	 */
	if (d->title != 0 && d->fragment) {
		char	*text = out_collapsed(d, d->title);

		if (text == NULL)
			return -1;
		if (*text != '\0') {
			fputs("<h1>", f);
			escape_text(f, text);
			fputs("</h1>\n", f);
		}
		free(text);
	}
	if (dom_walk(d, &walker, &w) == -1)
		return -1;
	if (!w.links_done)
		html_retained(&w);
	return w.nomem || ferror(f) ? -1 : 0;
}

/* How an element breaks plain text. */
enum text_kind {
	TK_INLINE,	/* nothing */
	TK_BLOCK,	/* a line of its own */
	TK_PARA,	/* a paragraph: blank lines around */
	TK_PRE,		/* a paragraph that keeps its whitespace */
	TK_BR,		/* a line break */
	TK_ROW,		/* a table row: a line of its own */
	TK_CELL,	/* a table cell: a tab before all but the first */
	TK_SKIP,	/* not shown: head, template, code */
};

/*
 * How element i breaks the text. A list is a paragraph of its own, but
 * a list nested in an item only starts a line.
 */
static enum text_kind
text_kind(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node *n = &d->nodes[i];
	uint16_t parent_tag = d->nodes[n->parent].tag;

	if (n->type == GUMBO_NODE_TEMPLATE)
		return TK_SKIP;
	switch (n->tag) {
	case GUMBO_TAG_UL:
	case GUMBO_TAG_OL:
	case GUMBO_TAG_DL:
	case GUMBO_TAG_MENU:
	case GUMBO_TAG_DIR:
		return parent_tag == GUMBO_TAG_LI || parent_tag == GUMBO_TAG_DD ?
		    TK_BLOCK : TK_PARA;
	case GUMBO_TAG_HEAD:
	case GUMBO_TAG_SCRIPT:
	case GUMBO_TAG_STYLE:
		/* Scripts and style sheets are code, never text. */
		return TK_SKIP;
	case GUMBO_TAG_BR:
		return TK_BR;
	case GUMBO_TAG_TR:
		return TK_ROW;
	case GUMBO_TAG_TD:
	case GUMBO_TAG_TH:
		return TK_CELL;
	case GUMBO_TAG_PRE:
	case GUMBO_TAG_LISTING:
	case GUMBO_TAG_PLAINTEXT:
	case GUMBO_TAG_XMP:
	case GUMBO_TAG_TEXTAREA:
		return TK_PRE;
	case GUMBO_TAG_P:
	case GUMBO_TAG_H1:
	case GUMBO_TAG_H2:
	case GUMBO_TAG_H3:
	case GUMBO_TAG_H4:
	case GUMBO_TAG_H5:
	case GUMBO_TAG_H6:
	case GUMBO_TAG_BLOCKQUOTE:
	case GUMBO_TAG_FIGURE:
	case GUMBO_TAG_HR:
	case GUMBO_TAG_TABLE:
		return TK_PARA;
	case GUMBO_TAG_ADDRESS:
	case GUMBO_TAG_ARTICLE:
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BODY:
	case GUMBO_TAG_CAPTION:
	case GUMBO_TAG_CENTER:
	case GUMBO_TAG_DD:
	case GUMBO_TAG_DETAILS:
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_DT:
	case GUMBO_TAG_FIELDSET:
	case GUMBO_TAG_FIGCAPTION:
	case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_FORM:
	case GUMBO_TAG_FRAMESET:
	case GUMBO_TAG_HEADER:
	case GUMBO_TAG_HGROUP:
	case GUMBO_TAG_HTML:
	case GUMBO_TAG_LEGEND:
	case GUMBO_TAG_LI:
	case GUMBO_TAG_MAIN:
	case GUMBO_TAG_NAV:
	case GUMBO_TAG_OPTION:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_SUMMARY:
	case GUMBO_TAG_TBODY:
	case GUMBO_TAG_TFOOT:
	case GUMBO_TAG_THEAD:
		return TK_BLOCK;
	default:
		return TK_INLINE;
	}
}

struct textw {
	FILE			*f;
	const struct cex_doc	*d;
	int			 newlines;	/* owed before the next text */
	int			 tabs;		/* owed cell separators */
	bool			 space;		/* a space owed */
	bool			 started;	/* some text written */
	int			 pre;		/* open pre elements */
	char			*hold;		/* blanks of a pre line, held */
	size_t			 nhold, holdcap;
	uint32_t		*cells;		/* cells seen per open row */
	size_t			 nrows, rowcap;
	bool			 nomem;
};

static void
want_newlines(struct textw *w, int n)
{
	if (w->newlines < n)
		w->newlines = n;
	w->tabs = 0;
}

/* Writes what whitespace is owed; called just before visible text. */
static void
flush(struct textw *w)
{
	int	 k;

	if (w->started) {
		for (k = 0; k < w->newlines; k++)
			putc('\n', w->f);
		for (k = 0; k < w->tabs; k++)
			putc('\t', w->f);
		if (w->newlines == 0 && w->tabs == 0 && w->space)
			putc(' ', w->f);
	}
	if (w->nhold > 0)
		fwrite(w->hold, 1, w->nhold, w->f);
	w->newlines = w->tabs = 0;
	w->nhold = 0;
	w->space = false;
	w->started = true;
}

static void
hold_blank(struct textw *w, char c)
{
	char	*nh;

	if (w->nhold == w->holdcap) {
		w->holdcap = w->holdcap == 0 ? 64 : w->holdcap * 2;
		if ((nh = realloc(w->hold, w->holdcap)) == NULL) {
			w->nomem = true;
			w->holdcap = w->nhold;
			return;
		}
		w->hold = nh;
	}
	w->hold[w->nhold++] = c;
}

/*
 * Writes the text of a node: outside pre, each run of Unicode whitespace
 * becomes one pending space; inside, line breaks are kept and blanks at
 * a line's end dropped.
 */
static void
text_out(struct textw *w, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s, *run;
	const unsigned char	*end = p + strlen(s);
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;

	run = p;
	while (*p != '\0') {
		if (*p < 0x80) {
			if (!(*p == ' ' || (*p >= '\t' && *p <= '\r'))) {
				p++;
				continue;
			}
			k = 1;
		} else {
			k = utf8proc_iterate(p, end - p, &cp);
			if (k <= 0 || !dom_is_space(cp)) {
				p += k <= 0 ? 1 : k;
				continue;
			}
		}
		if (p > run) {
			flush(w);
			fwrite(run, 1, p - run, w->f);
		}
		if (w->pre == 0) {
			if (w->newlines == 0 && w->tabs == 0)
				w->space = true;
		} else if (*p == '\n') {
			w->nhold = 0;
			w->newlines++;
		} else if (*p != '\r')
			hold_blank(w, *p == '\t' ? '\t' : ' ');
		p += k;
		run = p;
	}
	if (p > run) {
		flush(w);
		fwrite(run, 1, p - run, w->f);
	}
}

/* A URL as browsers read an href: without tabs and line breaks. */
static void
put_url(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		if (*s != '\t' && *s != '\n' && *s != '\r')
			putc(*s, f);
}

static bool
text_enter(void *ctx, uint32_t i)
{
	struct textw		*w = ctx;
	uint32_t		*nc;

	switch (text_kind(w->d, i)) {
	case TK_SKIP:
		return false;
	case TK_BR:
		if (w->newlines < 2)
			w->newlines++;
		w->tabs = 0;
		break;
	case TK_BLOCK:
		want_newlines(w, 1);
		break;
	case TK_PARA:
		want_newlines(w, 2);
		break;
	case TK_PRE:
		want_newlines(w, 2);
		w->pre++;
		break;
	case TK_ROW:
		want_newlines(w, 1);
		if (w->nrows == w->rowcap) {
			w->rowcap = w->rowcap == 0 ? 16 : w->rowcap * 2;
			nc = realloc(w->cells, w->rowcap * sizeof(*nc));
			if (nc == NULL) {
				w->nomem = true;
				return false;
			}
			w->cells = nc;
		}
		w->cells[w->nrows++] = 0;
		break;
	case TK_CELL:
		if (w->nrows > 0 && w->cells[w->nrows - 1]++ > 0)
			w->tabs++;
		break;
	case TK_INLINE:
		break;
	}
	return true;
}

static void
text_leave(void *ctx, uint32_t i)
{
	struct textw		*w = ctx;
	enum text_kind		 kind = text_kind(w->d, i);

	switch (kind) {
	case TK_BLOCK:
	case TK_ROW:
		want_newlines(w, 1);
		if (kind == TK_ROW && w->nrows > 0)
			w->nrows--;
		break;
	case TK_PRE:
		w->pre--;
		w->nhold = 0;
		want_newlines(w, 2);
		break;
	case TK_PARA:
		want_newlines(w, 2);
		break;
	default:
		break;
	}
}

static void
text_leaf(void *ctx, uint32_t i)
{
	struct textw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];

	if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE ||
	    n->type == GUMBO_NODE_CDATA)
		text_out(w, n->g->v.text.text);
}

/*
 * Writes the document as plain text, then the retained links, one
 * "text <URL>" line each after a "----" line. Nothing at all for an
 * empty result. Returns -1 on a write error or if memory ran out.
 */
int
out_text(FILE *f, const struct cex_doc *d)
{
	static const struct dom_walker walker = { text_enter, text_leave,
	    text_leaf };
	struct textw		 w;
	char			*text;
	uint32_t		 k;
	int			 rc = 0;

	memset(&w, 0, sizeof(w));
	w.f = f;
	w.d = d;
	/* A title the method chose to give first, as a paragraph. */
	if (d->title != 0) {
		if ((text = out_collapsed(d, d->title)) == NULL)
			return -1;
		if (*text != '\0') {
			fputs(text, f);
			w.started = true;
			w.newlines = 2;
		}
		free(text);
	}
	if (dom_walk(d, &walker, &w) == -1)
		w.nomem = true;
	w.nhold = 0;
	for (k = 0; k < d->nretained && !w.nomem; k++) {
		if ((text = out_collapsed(d, d->retained[k].node)) == NULL) {
			w.nomem = true;
			break;
		}
		want_newlines(&w, k == 0 ? 2 : 1);
		if (k == 0) {
			text_out(&w, "----");
			want_newlines(&w, 1);
		}
		text_out(&w, text);
		w.space = true;
		text_out(&w, "<");
		put_url(f, d->retained[k].url);
		putc('>', f);
		free(text);
	}
	if (w.started)
		putc('\n', f);
	if (w.nomem || ferror(f))
		rc = -1;
	free(w.hold);
	free(w.cells);
	return rc;
}
