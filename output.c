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

/*
 * The length of the name the tokenizer read in an unknown element's
 * start tag, of which gumbo's name [name, name + len) is the start:
 * gumbo cuts it at C's spaces, '\v' among them, where the tokenizer
 * went on to an HTML space, '/' or '>'. Written whole, the start tag
 * makes the same element; an end tag matching a foreign element must
 * have gumbo's name.
 */
static size_t
whole_name_len(const GumboNode *g, const char *name, size_t len)
{
	const GumboStringPiece	*o = &g->v.element.original_tag;
	const char		*end = o->data + o->length;

	while (name + len < end && !ascii_is_space((unsigned char)name[len]) &&
	    name[len] != '/' && name[len] != '>')
		len++;
	return len;
}

/*
 * Writes a name from the source lower-cased, a NUL byte as the U+FFFD
 * the tokenizer makes of it.
 */
static void
put_source_name(FILE *f, const char *name, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if (name[i] == '\0')
			fputs("\xEF\xBF\xBD", f);
		else
			putc((char)ascii_lower((unsigned char)name[i]), f);
}

/*
 * Writes an element's name (whole: see whole_name_len), lower-casing it
 * if it came from the source.
 */
static void
put_tagname(FILE *f, const GumboNode *g, bool whole)
{
	bool		 from_source;
	size_t		 len;
	const char	*name = dom_tagname(g, &len, &from_source);

	if (!from_source) {
		fwrite(name, 1, len, f);
		return;
	}
	put_source_name(f, name, whole ? whole_name_len(g, name, len) : len);
}

/*
 * The text of a subtree with runs of whitespace collapsed to one space
 * and none at either end, and no soft hyphens, as a new string (NULL if
 * memory runs out). Removed or not: it gives the text of removed links
 * and titles.
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

	/*
	 * Whitespace nodes count too: gumbo makes some of replaced NUL
	 * bytes, which are written as the text they are.
	 */
	for (j = i; j < n->end; j++)
		if (d->nodes[j].type == GUMBO_NODE_TEXT ||
		    d->nodes[j].type == GUMBO_NODE_WHITESPACE)
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
			if (s[0] == '\xC2' && s[1] == '\xAD') {
				s++;
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

/*
 * How a node's names are written: as in the tree, or as the parser will
 * name the element where it goes, when that is in another namespace (an
 * SVG element unwrapped out of svg is an HTML one there, its names in
 * lower case; an HTML one in SVG is named as SVG names it).
 */
enum { NAME_TREE, NAME_HTML, NAME_SVG, NAME_MATHML };

/* What the parser does with a start tag, as try_start finds. */
enum { S_CLEAN, S_VOID, S_IGNORED, S_OTHER };

struct htmlw {
	FILE			*f;
	const struct cex_doc	*d;
	struct builder		*model;
	uint8_t			*state;		/* per node: enum wstate */
	uint32_t		*serial;	/* per node: its model element */
	uint8_t			*naming;	/* per node: NAME_* */
	uint32_t		 flush_form;	/* see trailing_text */
	uint32_t		 flush_at;
	uint32_t		*open;		/* nodes W_OPEN, innermost last */
	size_t			 nopen, open_cap;
	struct battr		*attrs;		/* of the tag being written */
	size_t			 attrs_cap;
	bool			 links_done;	/* retained links written */
	bool			 body_ended;	/* </body> written */
	bool			 body_left;	/* body's content all written */
	uint32_t		 open_head;	/* a head left open, or 0 */
	bool			 html_ended;	/* </html> written */
	uint8_t			 script;	/* enum script_state */
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

/* Writes a name with its ASCII letters in lower case. */
static void
put_lower(FILE *f, const char *s)
{
	for (; *s != '\0'; s++)
		putc((char)ascii_lower((unsigned char)*s), f);
}

/*
 * The attributes whose names the parser gives in mixed case on SVG
 * elements, in order of their names in lower case: the HTML standard's
 * table as gumbo 0.10.1 has it, without four names since dropped.
 */
static const char *const svg_attr_names[] = {
	"attributeName", "attributeType", "baseFrequency", "baseProfile",
	"calcMode", "clipPathUnits", "diffuseConstant", "edgeMode",
	"filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
	"kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines",
	"keyTimes", "lengthAdjust", "limitingConeAngle", "markerHeight",
	"markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
	"numOctaves", "pathLength", "patternContentUnits", "patternTransform",
	"patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha",
	"preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount",
	"repeatDur", "requiredExtensions", "requiredFeatures",
	"specularConstant", "specularExponent", "spreadMethod", "startOffset",
	"stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage",
	"tableValues", "targetX", "targetY", "textLength", "viewBox",
	"viewTarget", "xChannelSelector", "yChannelSelector", "zoomAndPan"
};

static int
cmp_attr_name(const void *key, const void *entry)
{
	return strcasecmp(key, *(const char *const *)entry);
}

/*
 * Writes an attribute of a node, its name as the parser will give it
 * to an element named as naming says (NAME_*): in lower case, and then
 * for SVG and MathML as they change some; its value is value.
 */
static void
put_node_attr(FILE *f, const GumboAttribute *a, const char *value,
    uint8_t naming)
{
	const char *const *svg;

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
	if (naming == NAME_TREE)
		fputs(a->name, f);
	else if (naming == NAME_SVG && (svg = bsearch(a->name, svg_attr_names,
	    sizeof(svg_attr_names) / sizeof(svg_attr_names[0]),
	    sizeof(svg_attr_names[0]), cmp_attr_name)) != NULL)
		fputs(*svg, f);
	else if (naming == NAME_MATHML &&
	    strcasecmp(a->name, "definitionurl") == 0)
		fputs("definitionURL", f);
	else
		put_lower(f, a->name);
	fputs("=\"", f);
	escape_attr(f, value);
	putc('"', f);
}

/*
 * Writes the name of node i, as w->naming says, in its start tag or
 * (end) its end tag.
 */
static void
put_node_name(struct htmlw *w, uint32_t i, bool end)
{
	const GumboNode	*g = w->d->nodes[i].g;
	GumboStringPiece piece;
	const char	*name, *svg;
	char		 buf[64];
	size_t		 len, k;
	bool		 from_source, whole;

	/* Where the parser makes it an HTML element. */
	whole = !end || w->naming[i] == NAME_HTML ||
	    (w->naming[i] == NAME_TREE &&
	    g->v.element.tag_namespace == GUMBO_NAMESPACE_HTML);
	if (w->naming[i] == NAME_TREE) {
		put_tagname(w->f, g, whole);
		return;
	}
	name = dom_tagname(g, &len, &from_source);
	if (w->naming[i] == NAME_SVG && len < sizeof(buf)) {
		for (k = 0; k < len; k++)
			buf[k] = (char)ascii_lower((unsigned char)name[k]);
		piece.data = buf;
		piece.length = len;
		if ((svg = gumbo_normalize_svg_tagname(&piece)) != NULL) {
			fputs(svg, w->f);
			return;
		}
	}
	if (w->naming[i] == NAME_HTML && len == 5 &&
	    strncasecmp(name, "image", 5) == 0) {
		fputs("img", w->f);	/* the parser's name for it */
		return;
	}
	if (from_source && whole)
		len = whole_name_len(g, name, len);
	put_source_name(w->f, name, len);
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
	const GumboAttribute	*a;
	char			*url;
	size_t			 k;

	w->script = SCRIPT_DATA;
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
	put_node_name(w, i, false);
	for (k = 0; k < attrs->length; k++) {
		if (w->d->attr_drop != NULL && w->d->attr_drop[n->attr_base + k])
			continue;
		/*
		 * gumbo gives an attribute that begins with a NUL byte an
		 * empty name, which no markup writes: left out.
		 */
		if (((const GumboAttribute *)attrs->data[k])->name[0] == '\0')
			continue;
		a = attrs->data[k];
		if (url_of_attr(w->d, n, a, &url) == -1) {
			w->nomem = true;
			continue;
		}
		putc(' ', w->f);
		put_node_attr(w->f, a, url != NULL ? url : a->value,
		    w->naming[i]);
		free(url);
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
		put_node_name(w, i, true);
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

/*
 * Before a tag or a comment: in raw text (of an element that is raw
 * once unwrapped), markup would be text, so the raw element ends first.
 * Returns false where it cannot: plaintext never ends.
 */
static bool
leave_raw_text(struct htmlw *w)
{
	switch (builder_lexer(w->model)) {
	case BLEX_PLAINTEXT:
		return false;
	case BLEX_RAWTEXT:
	case BLEX_RCDATA:
	case BLEX_SCRIPT:
		return close_top(w);
	default:
		return true;
	}
}

/* How node i is named where the model made its element e. */
static uint8_t
naming(const struct htmlw *w, uint32_t i, const struct bentry *e)
{
	int	 ns = w->d->nodes[i].g->v.element.tag_namespace;

	if (!e->foreign)
		return ns == GUMBO_NAMESPACE_HTML ? NAME_TREE : NAME_HTML;
	if (e->svg)
		return ns == GUMBO_NAMESPACE_SVG ? NAME_TREE : NAME_SVG;
	return ns == GUMBO_NAMESPACE_MATHML ? NAME_TREE : NAME_MATHML;
}

/*
 * The page's metadata in the head, after the charset (--metadata): a
 * <meta> element a value, named as meta_fields says, and the address as
 * a canonical link.
 */
static void
put_metadata(struct htmlw *w)
{
	struct meta_field fields[META_FIELDS];
	struct btoken	 t;
	struct battr	 a[2];
	size_t		 n, k, i;
	bool		 link;

	n = meta_fields(w->d->meta, true, fields);
	for (k = 0; k < n; k++) {
		link = strcmp(fields[k].html_attr, "rel") == 0;
		tag_token(BT_START, link ? GUMBO_TAG_LINK : GUMBO_TAG_META,
		    &t);
		a[0].name = fields[k].html_attr;
		a[0].name_len = (uint32_t)strlen(a[0].name);
		a[0].value = fields[k].html_name;
		a[0].value_len = (uint32_t)strlen(a[0].value);
		a[1].name = link ? "href" : "content";
		a[1].name_len = (uint32_t)strlen(a[1].name);
		t.attrs = a;
		t.nattrs = 2;
		for (i = 0; i < fields[k].n; i++) {
			a[1].value = fields[k].v[i];
			a[1].value_len = (uint32_t)strlen(a[1].value);
			open_element(w, UINT32_MAX, &t, 0);
		}
	}
}

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
	if (w->d->head_meta)
		put_metadata(w);
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
		/*
		 * A head, which says the page is in UTF-8, as all do; it
		 * ends where the parser would end it.
		 */
		if (!open_added(w, GUMBO_TAG_HEAD, nesting))
			return false;
		put_charset(w);
		return true;
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
	struct builder_stats before;
	struct bentry	 e;
	uint64_t	 count;
	uint32_t	 d0, low, d1, round;
	uint16_t	 made;
	bool		 fostered;

	if (!leave_raw_text(w))
		return W_SKIP;
	for (round = 0; round < 64; round++) {
		d0 = builder_depth(w->model);
		switch (try_start(w, t, &count)) {
		case S_CLEAN:
			builder_entry(w->model, d0, &e);
			if (i != UINT32_MAX)
				w->naming[i] = naming(w, i, &e);
			put_start(w, t, i);
			if (i != UINT32_MAX)
				w->serial[i] = e.serial;
			return W_OPEN;
		case S_VOID:
			/* Made in HTML, where an image is an img. */
			if (i != UINT32_MAX && w->d->nodes[i].g->v.element.
			    tag_namespace != GUMBO_NAMESPACE_HTML)
				w->naming[i] = NAME_HTML;
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
		if (low == d0 && d1 > d0) {
			/*
			 * An element the parser makes first, still open; or
			 * one it made and closed: under html alone, a head.
			 */
			builder_entry(w->model, d0, &e);
			if (e.tag != t->tag || d1 > d0 + 1)
				made = e.tag;
			else if (d0 == 1 && count > d1 - d0)
				made = GUMBO_TAG_HEAD;
		}
		builder_undo(w->model);
		if (!prepare(w, d0, low, fostered, made, nesting))
			break;
	}
	/*
	 * Nothing helped: as the tree has it. The element is open if it is
	 * the model's current node, wherever the parser put it (after
	 * popping elements, it may be no deeper than before).
	 */
	builder_stats(w->model, &before);
	builder_tag(w->model, t);
	put_start(w, t, i);
	if ((d1 = builder_depth(w->model)) == 0)
		return W_CLOSED;
	builder_entry(w->model, d1 - 1, &e);
	if (e.serial <= before.serial || e.tag != t->tag)
		return W_CLOSED;
	if (i != UINT32_MAX)
		w->serial[i] = e.serial;
	return W_OPEN;
}

/*
 * Whether s starts with the tag name name (of len bytes, lower case),
 * then something that ends a tag name, or the end of the text (what
 * follows it is not known here).
 */
static bool
name_at(const unsigned char *s, const char *name, size_t len)
{
	return strncasecmp((const char *)s, name, len) == 0 &&
	    (s[len] == '\0' || ascii_is_space(s[len]) || s[len] == '/' ||
	    s[len] == '>');
}

/*
 * Writes the text of a raw text element, which the parser reads as it
 * is: as it is, but for what it would read otherwise. A character that
 * would need a reference (which raw text does not know) is U+FFFD, as
 * the parser makes it, a carriage return a newline; an end tag of the
 * element in the text (text of a foreign element, raw once unwrapped)
 * has its '<' as U+FFFD. In a script, that is so only where the end
 * tag would end it; and if the text would end in a double-escaped part
 * ("<!--<script>" with no "-->" after it), after which the script's end
 * tag would not end the script, no "<script" in it starts one.
 */
static void
put_raw(struct htmlw *w, const char *text)
{
	const unsigned char	*s = (const unsigned char *)text;
	struct bentry		 e;
	const char		*name = NULL, *p, *end;
	size_t			 k, len = 0;
	int32_t			 cp;
	uint8_t			 state;
	int			 r;
	bool			 script, bare = false;

	end = text + strlen(text);
	script = builder_lexer(w->model) == BLEX_SCRIPT;
	if (builder_lexer(w->model) != BLEX_PLAINTEXT &&
	    builder_depth(w->model) > 0) {
		builder_entry(w->model, builder_depth(w->model) - 1, &e);
		name = gumbo_normalized_tagname(e.tag);
		len = strlen(name);
	}
	if (script) {
		state = w->script;
		for (p = text; p < end; p += k)
			script_step(&state, p, (size_t)(end - p), true, &k);
		bare = state >= SCRIPT_DOUBLE;
	}
	for (; *s != '\0'; s += k) {
		k = 1;
		if (script) {
			r = script_step(&w->script, (const char *)s,
			    (size_t)(end - (const char *)s), true, &k);
			if (r == SCRIPT_ENDS || (bare && r == SCRIPT_DOUBLES)) {
				/* U+FFFD is text: the states go on as after any. */
				if (w->script != SCRIPT_DATA)
					w->script = SCRIPT_ESCAPED;
				fputs("\xEF\xBF\xBD", w->f);
				k = 1;
				continue;
			}
			if (k > 1) {
				fwrite(s, 1, k, w->f);
				continue;
			}
		} else if (*s == '<' && name != NULL && s[1] == '/' &&
		    name_at(s + 2, name, len)) {
			fputs("\xEF\xBF\xBD", w->f);
			continue;
		}
		if (needs_reference(s, &k, &cp))
			fputs(cp == '\r' ? "\n" : "\xEF\xBF\xBD", w->f);
		else
			fwrite(s, 1, k, w->f);
	}
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
		put_raw(w, text);
		return;
	default:
		break;
	}
	/* Spaces before html and head: the parser drops them. */
	if (builder_drops_space(w->model) && text[strspn(text, " \t\n\f\r")] ==
	    '\0')
		return;
	/* Where the parser keeps only the spaces (frameset, template). */
	if (builder_drops_text(w->model)) {
		for (; *text != '\0'; text++)
			if (strchr(" \t\n\f\r", *text) != NULL)
				putc(*text, w->f);
		return;
	}
	if (builder_drops_newline(w->model) && text[0] == '\n')
		putc('\n', w->f);
	for (round = 0; round < 64; round++) {
		d0 = builder_depth(w->model);
		builder_text(w->model, text, len, true, no_injection, NULL);
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
			builder_text(w->model, text, len, true, no_injection, NULL);
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
 * Writes the end tag of body or html, which the parser keeps open (the
 * tag changes its mode). Where there is no body, the parser makes one
 * at such a tag: it is written first.
 */
static void
end_root(struct htmlw *w, uint16_t tag)
{
	struct builder_stats	 before, after;
	struct btoken		 t;

	tag_token(BT_END, tag, &t);
	builder_stats(w->model, &before);
	builder_tag(w->model, &t);
	builder_stats(w->model, &after);
	if (after.elements > before.elements) {
		builder_undo(w->model);
		open_added(w, GUMBO_TAG_BODY, 0);
		end_root(w, GUMBO_TAG_BODY);
		if (tag == GUMBO_TAG_BODY)
			return;
		builder_tag(w->model, &t);
	}
	fputs(tag == GUMBO_TAG_BODY ? "</body>" : "</html>", w->f);
	if (tag == GUMBO_TAG_BODY)
		w->body_ended = true;
	else
		w->html_ended = true;
}

/*
 * Closes what is open above html (stack index low on), a body the
 * writer added among it: the parser keeps body open, its end tag only
 * changes its mode.
 */
static void
close_added_body(struct htmlw *w, uint32_t low)
{
	struct bentry	 e;

	while (builder_depth(w->model) > low) {
		builder_entry(w->model, builder_depth(w->model) - 1, &e);
		if (e.tag == GUMBO_TAG_BODY && !e.foreign) {
			if (!w->body_ended)
				end_root(w, GUMBO_TAG_BODY);
			return;
		}
		if (!close_top(w))
			return;
	}
}

/*
 * At the end of a whole document, the elements the writer added that
 * are still open: html and what is in it, as the parser would have
 * them from the end tags a tree of them gives.
 */
static void
close_added(struct htmlw *w)
{
	struct bentry	 e;

	/* After plaintext, all is text: nothing more is written. */
	if (builder_lexer(w->model) == BLEX_PLAINTEXT)
		return;
	/* Nothing written but a doctype: the parser makes html still. */
	if (builder_depth(w->model) == 0)
		open_added(w, GUMBO_TAG_HTML, 0);
	close_added_body(w, 1);
	if (builder_depth(w->model) == 2) {
		builder_entry(w->model, 1, &e);
		if (e.tag == GUMBO_TAG_HEAD && !e.foreign)
			close_top(w);
	}
	if (w->html_ended || builder_depth(w->model) == 0)
		return;
	builder_entry(w->model, 0, &e);
	if (e.tag == GUMBO_TAG_HTML && !e.foreign)
		end_root(w, GUMBO_TAG_HTML);
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

/* Whether node i is the html element, the document's. */
static bool
is_root(const struct cex_doc *d, uint32_t i)
{
	const GumboNode	*g = d->nodes[i].g;

	return g->type == GUMBO_NODE_ELEMENT && g->parent != NULL &&
	    g->parent->type == GUMBO_NODE_DOCUMENT;
}

/* The element node i is written in: its parent, past those unwrapped. */
static uint32_t
written_parent(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 p = d->nodes[i].parent;

	while (p != 0 && (d->nodes[p].flags & NODE_UNWRAP))
		p = d->nodes[p].parent;
	return p;
}

/*
 * The elements the parser puts in head when they come after it, before
 * body. Asked of elements written in html, where one of SVG or MathML
 * (unwrapped out of svg or math) is written as an HTML one.
 */
static bool
goes_in_head(const struct cex_node *n)
{
	if (!node_is_element(n))
		return false;
	switch (n->tag) {
	case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT: case GUMBO_TAG_BGSOUND:
	case GUMBO_TAG_LINK: case GUMBO_TAG_META: case GUMBO_TAG_NOFRAMES:
	case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE: case GUMBO_TAG_TEMPLATE:
	case GUMBO_TAG_TITLE:
		return true;
	default:
		return false;
	}
}

/*
 * Whether the next element written after node i in its parent (past
 * space and comments, and inside the elements unwrapped) is one the
 * parser would put in head: the head is then left open for it (a method
 * may keep such an element after the head, where no markup can put it).
 */
static bool
head_follows(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*c;
	uint32_t		 j, end = d->nodes[d->nodes[i].parent].end;

	for (j = d->nodes[i].end; j < end; ) {
		c = &d->nodes[j];
		if ((c->flags & NODE_REMOVED) || c->type == GUMBO_NODE_COMMENT ||
		    c->type == GUMBO_NODE_WHITESPACE) {
			j = c->end;
			continue;
		}
		if (c->flags & NODE_UNWRAP) {
			j++;	/* its first child, or what follows it */
			continue;
		}
		return goes_in_head(c);
	}
	return false;
}

/*
 * Before node i is written: a head left open (see head_follows) ends,
 * unless i goes in it too.
 */
static void
end_open_head(struct htmlw *w, uint32_t i)
{
	const struct cex_node	*n = &w->d->nodes[i];

	if (w->open_head == 0 || written_parent(w->d, i) !=
	    w->d->nodes[w->open_head].parent)
		return;
	if (goes_in_head(n) || n->type == GUMBO_NODE_COMMENT ||
	    n->type == GUMBO_NODE_WHITESPACE)
		return;
	close_top(w);
	w->open_head = 0;
}

static bool
html_enter(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	struct btoken		 t;

	if (declares_charset(n) || builder_lexer(w->model) == BLEX_PLAINTEXT)
		return false;
	end_open_head(w, i);
	if (!node_token(w, i, BT_START, &t))
		return false;
	w->state[i] = (uint8_t)open_element(w, i, &t, 0);
	if (w->state[i] == W_OPEN)
		push_open(w, i);
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
	struct bentry		 e;
	uint32_t		 k;

	if (n->tag == GUMBO_TAG_BODY && !w->links_done)
		html_retained(w);
	if (n->tag == GUMBO_TAG_HTML && w->open_head != 0) {
		close_top(w);
		w->open_head = 0;
	}
	if (w->state[i] != W_OPEN)
		return;
	if (n->tag == GUMBO_TAG_HEAD && n->g->v.element.tag_namespace ==
	    GUMBO_NAMESPACE_HTML && head_follows(w->d, i)) {
		forget_open(w, i);
		w->open_head = i;
		return;
	}
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
		forget_open(w, i);
		if (n->tag == GUMBO_TAG_HTML) {
			close_added_body(w, k + 1);
			end_root(w, n->tag);
			return;
		}
		/*
		 * </body> waits for a comment in html or the end: the parser
		 * puts text and elements after it in body all the same, so
		 * whether they come after it is not for the writer to choose.
		 */
		close_down_to(w, k + 1);
		w->body_left = true;
		return;
	}
	/* Not closed by its end tag: it is closed with its parent. */
	if (!close_down_to(w, k + 1) || !close_top(w))
		forget_open(w, i);
}

/* What the start tag of an element does to the form that is open. */
enum { START_PLACES, START_IGNORED, START_CLOSES };

/*
 * What the start tag of node j (an element) would do if it came now,
 * with a form the model's current node: the parser ignores it (the
 * writer then leaves it out, its content kept), or it would close the
 * form (which the writer does with the form's end tag first), or it
 * places the text before it.
 */
static int
start_effect(struct htmlw *w, uint32_t j)
{
	struct btoken	 t;
	uint64_t	 made;
	uint32_t	 d0 = builder_depth(w->model);
	int		 result;
	bool		 closes;

	if (!node_token(w, j, BT_START, &t))
		return START_PLACES;
	result = try_start(w, &t, &made);
	closes = builder_low(w->model) < d0;
	builder_undo(w->model);
	if (result == S_IGNORED)
		return START_IGNORED;
	return closes ? START_CLOSES : START_PLACES;
}

/*
 * The first node after text node i, inside form node form, that makes
 * the parser place the text it holds (an element it makes or closes
 * one for, or a comment); the form's end if none, or if that element
 * would close the form. Elements unwrapped and start tags it would
 * ignore are passed through, their content looked at: they are not
 * written.
 */
static uint32_t
next_flush(struct htmlw *w, uint32_t i, uint32_t form, const char *text)
{
	const struct cex_node	*c;
	uint32_t		 j;

	for (j = i + 1; j < w->d->nodes[form].end; ) {
		c = &w->d->nodes[j];
		if ((c->flags & NODE_REMOVED) || declares_charset(c)) {
			j = c->end;
			continue;
		}
		if (c->type == GUMBO_NODE_COMMENT)
			return j;
		/*
		 * Text that is not space makes the parser ignore a frameset,
		 * which the model, not yet given the text, would not.
		 */
		if (node_is_element(c) && !(c->flags & NODE_UNWRAP) &&
		    !(c->tag == GUMBO_TAG_FRAMESET &&
		    text[strspn(text, " \t\n\f\r")] != '\0')) {
			switch (start_effect(w, j)) {
			case START_IGNORED:
				break;
			case START_CLOSES:
				return w->d->nodes[form].end;
			default:
				return j;
			}
		}
		j++;
	}
	return j;
}

/*
 * Whether text node i, written now, would be the last thing in the form
 * the parser has open before that form's end tag: gumbo keeps text
 * until it inserts or closes an element or a comment, and its </form>
 * takes the form off its stack without doing either, so that such text
 * goes after the form. The answer holds for every text up to the node
 * found, so the search is done once for them all.
 */
static bool
trailing_text(struct htmlw *w, uint32_t i)
{
	struct bentry	 e;
	uint32_t	 depth = builder_depth(w->model), form;

	if (depth == 0 || w->nopen == 0)
		return false;
	builder_entry(w->model, depth - 1, &e);
	form = w->open[w->nopen - 1];
	if (w->d->nodes[form].tag != GUMBO_TAG_FORM ||
	    i >= w->d->nodes[form].end || e.serial != w->serial[form] ||
	    e.serial != builder_form(w->model))
		return false;
	if (w->flush_form != form || i >= w->flush_at) {
		w->flush_form = form;
		w->flush_at = next_flush(w, i, form, w->d->nodes[i].g->v.text.text);
	}
	return w->flush_at == w->d->nodes[form].end;
}

static void
html_leaf(void *ctx, uint32_t i)
{
	struct htmlw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	const char		*text = n->g->v.text.text;

	end_open_head(w, i);
	/* Where gumbo would put it: after the form. */
	if (n->type != GUMBO_NODE_COMMENT && trailing_text(w, i))
		close_top(w);

	switch (n->type) {
	case GUMBO_NODE_COMMENT:
		if (!leave_raw_text(w))
			return;
		/* A comment after body, in html. */
		if (w->body_left && !w->body_ended &&
		    is_root(w->d, written_parent(w->d, i)))
			close_added_body(w, 1);
		fprintf(w->f, "<!--%s-->", text);
		builder_comment(w->model);
		break;
	case GUMBO_NODE_CDATA:
		/*
		 * As text: the parser would run CDATA and the text next to
		 * it into one node.
		 */
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
	uint32_t		 k;
	int			 rc = -1;

	memset(&w, 0, sizeof(w));
	w.f = f;
	w.d = d;
	if ((w.model = builder_new(&none)) == NULL ||
	    (w.state = calloc(d->nnodes + 1, 1)) == NULL ||
	    (w.serial = calloc(d->nnodes + 1, sizeof(*w.serial))) == NULL ||
	    (w.naming = calloc(d->nnodes + 1, 1)) == NULL)
		goto out;
	/* A document with nothing left in it is written as nothing. */
	for (k = 1; k < d->nnodes && (d->nodes[k].flags & NODE_REMOVED);
	    k = d->nodes[k].end)
		continue;
	if (k >= d->nnodes) {
		rc = ferror(f) ? -1 : 0;
		goto out;
	}
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
	else
		close_added(&w);
	rc = w.nomem || ferror(f) ? -1 : 0;
out:
	builder_free(w.model);
	free(w.state);
	free(w.serial);
	free(w.naming);
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
	TK_SKIP,	/* not shown: head, template, code, tooltips */
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

	if (n->type == GUMBO_NODE_TEMPLATE || node_is_svg_label(n))
		return TK_SKIP;
	/* An SVG or MathML element is no HTML block, whatever its name. */
	if (n->g->v.element.tag_namespace != GUMBO_NAMESPACE_HTML &&
	    n->tag != GUMBO_TAG_SCRIPT && n->tag != GUMBO_TAG_STYLE)
		return TK_INLINE;
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
 * a line's end dropped. Soft hyphens (U+00AD) are left out: they mark
 * where a word may break, and are no part of the word in plain text.
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
			if (k <= 0 || (!dom_is_space(cp) && cp != 0xAD)) {
				p += k <= 0 ? 1 : k;
				continue;
			}
		}
		if (p > run) {
			flush(w);
			fwrite(run, 1, p - run, w->f);
		}
		if (*p == 0xC2 && p[1] == 0xAD) {
			p += 2;
			run = p;
			continue;
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
		/* A cell kept without its row is a line of its own. */
		if (w->nrows == 0)
			want_newlines(w, 1);
		else if (w->cells[w->nrows - 1]++ > 0)
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
	case TK_CELL:
		if (w->nrows == 0)
			want_newlines(w, 1);
		break;
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
