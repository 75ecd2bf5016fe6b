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
 * Whether the parser, reading the character of UTF-8 at s (of k bytes)
 * as it is, would read another: it takes control characters (but
 * tab, newline and form feed) and noncharacters for errors, and turns
 * carriage returns into newlines. A reference keeps them.
 */
static bool
needs_reference(const unsigned char *s, size_t *k, int32_t *cp)
{
	utf8proc_int32_t	 c;
	utf8proc_ssize_t	 n;

	*k = 1;
	if (s[0] < 0x80) {
		*cp = s[0];
		return (s[0] < 0x20 && s[0] != '\t' && s[0] != '\n' &&
		    s[0] != '\f') || s[0] == 0x7F;
	}
	if (s[0] != 0xC2 && s[0] != 0xEF && (s[0] < 0xF0 || s[0] > 0xF4))
		return false;
	if ((n = utf8proc_iterate(s, -1, &c)) <= 0)
		return false;
	*k = (size_t)n;
	*cp = c;
	return (c >= 0x80 && c <= 0x9F) || (c >= 0xFDD0 && c <= 0xFDEF) ||
	    (c & 0xFFFE) == 0xFFFE;
}

/*
 * Writes s, escaping what HTML text (attr false) or a double-quoted
 * attribute value (attr true) cannot hold. U+00A0 is written as &nbsp;
 * so that it stays visible to the reader of the source; characters the
 * parser would not read back as themselves, as numeric references.
 */
static void
escape(FILE *f, const char *s, bool attr)
{
	const char	*run = s;
	size_t		 k;
	int32_t		 cp;

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
		if (rep == NULL) {
			if ((unsigned char)*s >= 0x20 && *s != 0x7F &&
			    (unsigned char)*s < 0xC2)
				continue;
			if (!needs_reference((const unsigned char *)s, &k, &cp)) {
				s += k - 1;
				continue;
			}
			fwrite(run, 1, s - run, f);
			fprintf(f, "&#%d;", cp);
			s += k - 1;
			run = s + 1;
			continue;
		}
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

/*
 * The HTML writer runs a model of the parser (builder.c) over what it
 * writes, so that what it writes is what a parser reads back as the
 * same tree, and cex's output filtered again is the same. A tree from a
 * page can hold what no markup makes (a p in a p, where the parser moved
 * content out of a table) and filters that unwrap make more. Before
 * each start tag the writer asks the model what the parser would do
 * with it: if the parser would first close elements, their end tags are
 * written and the rest of their content follows them; if it would
 * ignore the tag, the element's content is written without it; if it
 * would first make elements of its own, or put the element or text
 * before a table, those elements are written (around content in a
 * table, a cell). What is left open when an element ends is closed.
 */
enum wstate { W_NONE, W_OPEN, W_SKIP, W_CLOSED };

/* What the parser does with a start tag, as try_start finds. */
enum { S_CLEAN, S_VOID, S_IGNORED, S_OTHER };

struct htmlw {
	FILE			*f;
	const struct cex_doc	*d;
	struct builder		*model;
	uint8_t			*state;		/* per node: enum wstate */
	uint32_t		*serial;	/* per node: its model element */
	uint32_t		*last_flush;	/* per form: see trailing_text */
	uint32_t		*open;		/* nodes W_OPEN, innermost last */
	size_t			 nopen, open_cap;
	struct battr		*attrs;		/* of the tag being written */
	size_t			 attrs_cap;
	bool			 links_done;	/* retained links written */
	bool			 body_ended;	/* </body> written */
	bool			 nomem;
};

/* The writer's own model has no limits: nothing is ever refused. */
static void
no_injection(void *ctx, uint16_t tag)
{
	(void)ctx;
	(void)tag;
}

/*
 * A token for the start or end tag of node i (an element), its
 * attributes those the filters left, into w->attrs.
 */
static bool
node_token(struct htmlw *w, uint32_t i, int type, struct btoken *t)
{
	const struct cex_node	*n = &w->d->nodes[i];
	const GumboVector	*attrs = &n->g->v.element.attributes;
	const GumboAttribute	*a;
	struct battr		*na;
	size_t			 len;
	uint32_t		 k;

	memset(t, 0, sizeof(*t));
	t->type = type;
	t->tag = n->tag;
	t->name = dom_tagname(n->g, &len, NULL);
	t->name_len = (uint32_t)len;
	t->decoded = true;
	if (type != BT_START)
		return true;
	if (attrs->length > w->attrs_cap) {
		if ((na = reallocarray(w->attrs, attrs->length,
		    sizeof(*na))) == NULL) {
			w->nomem = true;
			return false;
		}
		w->attrs = na;
		w->attrs_cap = attrs->length;
	}
	for (k = 0; k < attrs->length; k++) {
		if (w->d->attr_drop != NULL && w->d->attr_drop[n->attr_base + k])
			continue;
		a = attrs->data[k];
		w->attrs[t->nattrs].name = a->name;
		w->attrs[t->nattrs].name_len = (uint32_t)strlen(a->name);
		w->attrs[t->nattrs].value = a->value;
		w->attrs[t->nattrs].value_len = (uint32_t)strlen(a->value);
		t->nattrs++;
	}
	t->attrs = w->attrs;
	return true;
}

/* A token for a tag of an element the writer adds: no attributes. */
static void
tag_token(int type, uint16_t tag, struct btoken *t)
{
	memset(t, 0, sizeof(*t));
	t->type = type;
	t->tag = tag;
	t->name = gumbo_normalized_tagname(tag);
	t->name_len = (uint32_t)strlen(t->name);
	t->decoded = true;
}

/* Writes an attribute of a tree node, with its namespace's prefix. */
static void
put_node_attr(FILE *f, const GumboAttribute *a)
{
	switch (a->attr_namespace) {
	case GUMBO_ATTR_NAMESPACE_XLINK:
		fputs("xlink:", f);
		break;
	case GUMBO_ATTR_NAMESPACE_XML:
		fputs("xml:", f);
		break;
	case GUMBO_ATTR_NAMESPACE_XMLNS:
		if (strcmp(a->name, "xmlns") != 0)
			fputs("xmlns:", f);
		break;
	default:
		break;
	}
	fputs(a->name, f);
	fputs("=\"", f);
	escape_attr(f, a->value);
	putc('"', f);
}

/*
 * Writes a start tag: of node i, with the attributes the filters left,
 * or (i is UINT32_MAX) of token t.
 */
static void
put_start(struct htmlw *w, const struct btoken *t, uint32_t i)
{
	const struct cex_node	*n;
	const GumboVector	*attrs;
	size_t			 k;

	putc('<', w->f);
	if (i == UINT32_MAX) {
		fwrite(t->name, 1, t->name_len, w->f);
		for (k = 0; k < t->nattrs; k++) {
			fprintf(w->f, " %.*s=\"", (int)t->attrs[k].name_len,
			    t->attrs[k].name);
			escape_attr(w->f, t->attrs[k].value);
			putc('"', w->f);
		}
		putc('>', w->f);
		return;
	}
	n = &w->d->nodes[i];
	attrs = &n->g->v.element.attributes;
	put_tagname(w->f, n->g);
	for (k = 0; k < attrs->length; k++) {
		if (w->d->attr_drop != NULL && w->d->attr_drop[n->attr_base + k])
			continue;
		putc(' ', w->f);
		put_node_attr(w->f, attrs->data[k]);
	}
	putc('>', w->f);
}

/*
 * Gives the model a start tag and says what the parser did with it (and
 * in *made how many elements it made): S_CLEAN, the element made as a
 * child of the current node and open;
 * S_VOID, made there and closed at once; S_IGNORED, nothing; S_OTHER,
 * anything else (it closed elements first, made others, or went before
 * a table), for the caller to undo.
 */
static int
try_start(struct htmlw *w, const struct btoken *t, uint64_t *made)
{
	struct builder_stats	 before, after;
	struct bentry		 e, parent;
	uint32_t		 d0 = builder_depth(w->model);

	memset(&parent, 0, sizeof(parent));
	if (d0 > 0)
		builder_entry(w->model, d0 - 1, &parent);
	builder_stats(w->model, &before);
	builder_tag(w->model, t);
	builder_stats(w->model, &after);
	*made = after.elements - before.elements;
	if (builder_low(w->model) != d0 || builder_fostered(w->model))
		return S_OTHER;
	if (after.depth == d0 + 1 && after.elements == before.elements + 1) {
		builder_entry(w->model, d0, &e);
		if (e.tag == t->tag && e.tdepth == parent.tdepth + 1)
			return S_CLEAN;
	} else if (after.depth == d0) {
		if (after.elements == before.elements + 1)
			return S_VOID;
		if (after.elements == before.elements)
			return S_IGNORED;
	}
	return S_OTHER;
}

/*
 * Closes the current element of the model with its end tag, written if
 * the parser closes it with that tag (and then only): a node of the
 * tree closed early is marked so. Returns false if it does not.
 */
static bool
close_top(struct htmlw *w)
{
	struct btoken	 t;
	struct bentry	 e;
	uint32_t	 d0 = builder_depth(w->model), i;

	if (d0 == 0)
		return false;
	builder_entry(w->model, d0 - 1, &e);
	tag_token(BT_END, e.tag, &t);
	if (e.name != NULL) {
		t.name = e.name;
		t.name_len = e.name_len;
	}
	builder_tag(w->model, &t);
	if (builder_depth(w->model) != d0 - 1 ||
	    builder_low(w->model) != d0 - 1) {
		builder_undo(w->model);
		return false;
	}
	fputs("</", w->f);
	if (w->nopen > 0 && w->serial[w->open[w->nopen - 1]] == e.serial) {
		/* A node of the tree, named as its start tag: closed. */
		i = w->open[--w->nopen];
		put_tagname(w->f, w->d->nodes[i].g);
		w->state[i] = W_CLOSED;
	} else
		fwrite(t.name, 1, t.name_len, w->f);
	putc('>', w->f);
	return true;
}

/* Closes the model's elements down to stack index low. */
static bool
close_down_to(struct htmlw *w, uint32_t low)
{
	while (builder_depth(w->model) > low)
		if (!close_top(w))
			return false;
	return true;
}

static int open_element(struct htmlw *, uint32_t, const struct btoken *,
    int);

/* <meta charset="utf-8">, first in head: the output is in UTF-8. */
static void
put_charset(struct htmlw *w)
{
	struct btoken	 t;
	struct battr	 charset;

	tag_token(BT_START, GUMBO_TAG_META, &t);
	charset.name = "charset";
	charset.name_len = 7;
	charset.value = "utf-8";
	charset.value_len = 5;
	t.attrs = &charset;
	t.nattrs = 1;
	open_element(w, UINT32_MAX, &t, 0);
}

/* Writes an element the tree does not have but the parser would make. */
static bool
open_added(struct htmlw *w, uint16_t tag, int nesting)
{
	struct btoken	 t;

	tag_token(BT_START, tag, &t);
	return open_element(w, UINT32_MAX, &t, nesting + 1) != W_NONE;
}

/*
 * After a token was undone: what to write first so that the parser does
 * with it what the tree says. Returns false if nothing would help.
 */
static bool
prepare(struct htmlw *w, uint32_t d0, uint32_t low, bool fostered,
    uint16_t made, int nesting)
{
	if (nesting > 8)
		return false;
	if (low < d0)
		return close_down_to(w, low);
	if (fostered)
		return open_added(w, GUMBO_TAG_TD, nesting);
	if (made == GUMBO_TAG_HEAD) {
		/* A head, which says the page is in UTF-8, as all do. */
		if (!open_added(w, GUMBO_TAG_HEAD, nesting))
			return false;
		put_charset(w);
		return close_top(w);
	}
	if (made != GUMBO_TAG_LAST)
		return open_added(w, made, nesting);
	return false;
}

/*
 * Writes the start tag of node i (UINT32_MAX for an element the writer
 * adds) as token t, after what must come first. Returns its state:
 * W_OPEN, W_CLOSED (closed at once), W_SKIP (the parser would ignore the
 * tag: left out, the content written without it).
 */
static int
open_element(struct htmlw *w, uint32_t i, const struct btoken *t,
    int nesting)
{
	struct bentry	 e;
	uint64_t	 count;
	uint32_t	 d0, low, d1, round;
	uint16_t	 made;
	bool		 fostered;

	for (round = 0; round < 64; round++) {
		d0 = builder_depth(w->model);
		switch (try_start(w, t, &count)) {
		case S_CLEAN:
			put_start(w, t, i);
			builder_entry(w->model, d0, &e);
			if (i != UINT32_MAX)
				w->serial[i] = e.serial;
			return W_OPEN;
		case S_VOID:
			put_start(w, t, i);
			return W_CLOSED;
		case S_IGNORED:
			builder_undo(w->model);
			return W_SKIP;
		default:
			break;
		}
		low = builder_low(w->model);
		fostered = builder_fostered(w->model);
		d1 = builder_depth(w->model);
		made = GUMBO_TAG_LAST;
		if (low == d0 && d1 > d0 + 1) {
			builder_entry(w->model, d0, &e);
			made = e.tag;
		}
		/* Under html alone, the parser makes (and closes) a head. */
		if (low == d0 && d0 == 1 && count > d1 - d0)
			made = GUMBO_TAG_HEAD;
		builder_undo(w->model);
		if (!prepare(w, d0, low, fostered, made, nesting))
			break;
	}
	/* Nothing helped: as the tree has it. */
	d0 = builder_depth(w->model);
	builder_tag(w->model, t);
	put_start(w, t, i);
	if (builder_depth(w->model) <= d0)
		return W_CLOSED;
	builder_entry(w->model, builder_depth(w->model) - 1, &e);
	if (i != UINT32_MAX)
		w->serial[i] = e.serial;
	return W_OPEN;
}

/*
 * Writes a text, escaped unless the parser reads it as raw text, with
 * the elements the parser would make or close for it first. A newline
 * the parser would drop (the first in a pre) is doubled.
 */
static void
put_text(struct htmlw *w, const char *text)
{
	struct bentry	 e;
	uint32_t	 d0, low, d1, round;
	uint16_t	 made;
	bool		 fostered;
	size_t		 len = strlen(text);

	switch (builder_lexer(w->model)) {
	case BLEX_RAWTEXT:
	case BLEX_SCRIPT:
	case BLEX_PLAINTEXT:
		fputs(text, w->f);
		return;
	default:
		break;
	}
	if (builder_drops_newline(w->model) && text[0] == '\n')
		putc('\n', w->f);
	for (round = 0; round < 64; round++) {
		d0 = builder_depth(w->model);
		builder_text(w->model, text, len, no_injection, NULL);
		low = builder_low(w->model);
		d1 = builder_depth(w->model);
		fostered = builder_fostered(w->model);
		if (low == d0 && d1 == d0 && !fostered)
			break;
		made = GUMBO_TAG_LAST;
		if (low == d0 && d1 > d0) {
			builder_entry(w->model, d0, &e);
			made = e.tag;
		}
		builder_undo(w->model);
		if (!prepare(w, d0, low, fostered, made, 0)) {
			builder_text(w->model, text, len, no_injection, NULL);
			break;
		}
	}
	escape_text(w->f, text);
}

/* Keeps node i as written open. */
static void
push_open(struct htmlw *w, uint32_t i)
{
	uint32_t	*no;

	if (w->nopen == w->open_cap) {
		w->open_cap = w->open_cap == 0 ? 64 : w->open_cap * 2;
		if ((no = reallocarray(w->open, w->open_cap,
		    sizeof(*no))) == NULL) {
			w->nomem = true;
			w->open_cap = w->nopen;
			return;
		}
		w->open = no;
	}
	w->open[w->nopen++] = i;
}

/*
 * Closes what is open above html (stack index low on), a body the
 * writer added among it: the parser keeps body open, its end tag only
 * changes its mode.
 */
static void
close_added_body(struct htmlw *w, uint32_t low)
{
	struct btoken	 end;
	struct bentry	 e;

	while (builder_depth(w->model) > low) {
		builder_entry(w->model, builder_depth(w->model) - 1, &e);
		if (e.tag == GUMBO_TAG_BODY && !e.foreign) {
			if (w->body_ended)
				return;
			tag_token(BT_END, GUMBO_TAG_BODY, &end);
			builder_tag(w->model, &end);
			fputs("</body>", w->f);
			w->body_ended = true;
			return;
		}
		if (!close_top(w))
			return;
	}
}

/* Node i is no longer among those written open, closed or not. */
static void
forget_open(struct htmlw *w, uint32_t i)
{
	w->state[i] = W_CLOSED;
	if (w->nopen > 0 && w->open[w->nopen - 1] == i)
		w->nopen--;
}

/* The removed links retained, as a list. */
static void
html_retained(struct htmlw *w)
{
	struct btoken	 t;
	struct battr	 href;
	char		*text;
	uint32_t	 k;

	w->links_done = true;
	if (w->d->nretained == 0)
		return;
	open_added(w, GUMBO_TAG_UL, 0);
	for (k = 0; k < w->d->nretained; k++) {
		if ((text = out_collapsed(w->d, w->d->retained[k].node)) ==
		    NULL) {
			w->nomem = true;
			break;
		}
		open_added(w, GUMBO_TAG_LI, 0);
		tag_token(BT_START, GUMBO_TAG_A, &t);
		href.name = "href";
		href.name_len = 4;
		href.value = w->d->retained[k].url;
		href.value_len = (uint32_t)strlen(href.value);
		t.attrs = &href;
		t.nattrs = 1;
		open_element(w, UINT32_MAX, &t, 0);
		put_text(w, text);
		close_top(w);
		close_top(w);
		free(text);
	}
	close_top(w);
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

/*
 * The last child of node i (in the overlay) that is an element or a
 * comment, not removed; or i if none.
 */
static uint32_t
last_tag_child(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c, last = i;

	for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end)
		if (!(d->nodes[c].flags & NODE_REMOVED) &&
		    (node_is_element(&d->nodes[c]) ||
		    d->nodes[c].type == GUMBO_NODE_COMMENT))
			last = c;
	return last;
}

static bool
html_enter(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	struct btoken		 t;

	if (declares_charset(n) || builder_lexer(w->model) == BLEX_PLAINTEXT)
		return false;
	if (!node_token(w, i, BT_START, &t))
		return false;
	w->state[i] = (uint8_t)open_element(w, i, &t, 0);
	if (w->state[i] == W_OPEN)
		push_open(w, i);
	if (n->tag == GUMBO_TAG_FORM && w->state[i] == W_OPEN)
		w->last_flush[i] = last_tag_child(w->d, i);
	/* A whole document says what it is in, for browsers to read it. */
	if (n->tag == GUMBO_TAG_HEAD && w->state[i] == W_OPEN)
		put_charset(w);
	return true;
}

static void
html_leave(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	struct builder_stats	 before, after;
	struct btoken		 t, end;
	struct bentry		 e;
	uint32_t		 k;

	if (n->tag == GUMBO_TAG_BODY && !w->links_done)
		html_retained(w);
	if (w->state[i] != W_OPEN)
		return;
	if (builder_lexer(w->model) == BLEX_PLAINTEXT) {
		forget_open(w, i);
		return;	/* the rest is text: no end tag */
	}
	/* Where it is on the model's stack: what is above it closes. */
	for (k = builder_depth(w->model); k-- > 0; ) {
		builder_entry(w->model, k, &e);
		if (e.serial == w->serial[i])
			break;
	}
	if (k == UINT32_MAX) {
		forget_open(w, i);
		return;
	}
	if (n->tag == GUMBO_TAG_BODY || n->tag == GUMBO_TAG_HTML) {
		/*
		 * The parser keeps them open, their end tags change its
		 * mode: all else in body closes first.
		 */
		if (n->tag == GUMBO_TAG_BODY)
			close_down_to(w, k + 1);
		else
			close_added_body(w, k + 1);
		forget_open(w, i);
		node_token(w, i, BT_END, &t);
		builder_stats(w->model, &before);
		builder_tag(w->model, &t);
		builder_stats(w->model, &after);
		if (after.elements > before.elements) {
			/* A page with no body: the parser makes one. */
			builder_undo(w->model);
			open_added(w, GUMBO_TAG_BODY, 0);
			tag_token(BT_END, GUMBO_TAG_BODY, &end);
			builder_tag(w->model, &end);
			fputs("</body>", w->f);
			w->body_ended = true;
			builder_tag(w->model, &t);
		}
		fputs(n->tag == GUMBO_TAG_BODY ? "</body>" : "</html>", w->f);
		w->body_ended |= n->tag == GUMBO_TAG_BODY;
		return;
	}
	/* Not closed by its end tag: it is closed with its parent. */
	if (!close_down_to(w, k + 1) || !close_top(w))
		forget_open(w, i);
}

/*
 * Whether text node i ends the form it is in, with nothing after it that
 * makes gumbo place the text it holds: gumbo keeps text until it inserts
 * or closes an element or a comment, and its </form> takes the form off
 * its stack without doing either, so that such text goes after the form.
 */
static bool
trailing_text(const struct htmlw *w, uint32_t i)
{
	uint32_t	 form = w->d->nodes[i].parent;
	struct bentry	 e;
	uint32_t	 depth = builder_depth(w->model);

	if (w->d->nodes[form].tag != GUMBO_TAG_FORM || w->state[form] != W_OPEN ||
	    i < w->last_flush[form] || depth == 0)
		return false;
	builder_entry(w->model, depth - 1, &e);
	return e.serial == w->serial[form] && e.serial == builder_form(w->model);
}

static void
html_leaf(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	const char		*text = n->g->v.text.text;

	/* Where gumbo would put it: after the form. */
	if (n->type != GUMBO_NODE_COMMENT && trailing_text(w, i))
		close_top(w);

	switch (n->type) {
	case GUMBO_NODE_COMMENT:
		if (builder_lexer(w->model) == BLEX_PLAINTEXT)
			return;
		fprintf(w->f, "<!--%s-->", text);
		builder_comment(w->model);
		break;
	case GUMBO_NODE_CDATA:
		if (builder_foreign(w->model)) {
			fprintf(w->f, "<![CDATA[%s]]>", text);
			break;
		}
		put_text(w, text);
		break;
	default:
		put_text(w, text);
		break;
	}
}

/* Writes the doctype, and tells the model whether it means quirks. */
static void
html_doctype(struct htmlw *w, const GumboDocument *doc)
{
	size_t	 pub = strlen(doc->public_identifier);
	size_t	 sys = strlen(doc->system_identifier);

	fprintf(w->f, "<!DOCTYPE %s", doc->name);
	if (pub > 0) {
		fprintf(w->f, " PUBLIC \"%s\"", doc->public_identifier);
		if (sys > 0)
			fprintf(w->f, " \"%s\"", doc->system_identifier);
	} else if (sys > 0)
		fprintf(w->f, " SYSTEM \"%s\"", doc->system_identifier);
	fputs(">\n", w->f);
	builder_doctype(w->model, builder_quirks(doc->name, strlen(doc->name),
	    doc->public_identifier, pub, pub > 0, doc->system_identifier, sys,
	    sys > 0));
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
	static const struct builder_limits none;
	const GumboDocument	*doc = &d->gumbo->document->v.document;
	struct htmlw		 w;
	struct btoken		 t;
	char			*text;
	int			 rc = -1;

	memset(&w, 0, sizeof(w));
	w.f = f;
	w.d = d;
	if ((w.model = builder_new(&none)) == NULL ||
	    (w.state = calloc(d->nnodes + 1, 1)) == NULL ||
	    (w.serial = calloc(d->nnodes + 1, sizeof(*w.serial))) == NULL ||
	    (w.last_flush = calloc(d->nnodes + 1, sizeof(*w.last_flush))) ==
	    NULL)
		goto out;
	if (doc->has_doctype && !d->fragment)
		html_doctype(&w, doc);
	if (d->fragment) {
		/* Parts of a body, as the parser reads them: in one. */
		tag_token(BT_START, GUMBO_TAG_BODY, &t);
		builder_tag(w.model, &t);
	}
	/*
	 * A title the method chose to give first, as a heading; a whole
	 * document has its title element.
	 */
	if (d->title != 0 && d->fragment) {
		if ((text = out_collapsed(d, d->title)) == NULL)
			goto out;
		if (*text != '\0') {
			open_added(&w, GUMBO_TAG_H1, 0);
			put_text(&w, text);
			close_top(&w);
			put_text(&w, "\n");
		}
		free(text);
	}
	if (dom_walk(d, &walker, &w) == -1)
		goto out;
	if (!w.links_done)
		html_retained(&w);
	if (d->fragment)
		close_down_to(&w, 3);
	rc = w.nomem || ferror(f) ? -1 : 0;
out:
	builder_free(w.model);
	free(w.state);
	free(w.serial);
	free(w.last_flush);
	free(w.open);
	free(w.attrs);
	return rc;
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
