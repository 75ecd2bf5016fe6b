/*
 * builder.c: a model of gumbo-parser 0.10.1's tree construction, for
 * the guard. It keeps what the parser keeps to decide where elements go
 * (the stack of open elements, the list of active formatting elements,
 * the insertion modes, the form and head elements, the quirks mode) and
 * no tree. Given the tokens of a page in turn, it does to its stack what
 * gumbo does to its own, rule for rule, including gumbo's departures
 * from the HTML standard: so it knows how deep the parser's stack goes,
 * how many elements the parser makes (implied ones, reconstructed
 * formatting elements and the adoption agency's clones too), how the
 * tokenizer goes on after a tag (raw text, CDATA), and how many entries
 * of the stack and the list the parser searches for each token.
 *
 * A token that would pass a limit is refused whole: everything it did
 * to the model is undone from a journal, as if it had not been in the
 * page, and the guard leaves it out of what gumbo is given. Text cannot
 * be left out; when the text would make the parser reconstruct more
 * formatting elements than the limits allow, the model names the end
 * tags to put before it that take the excess off the list.
 */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cex.h"

/* Namespaces, as gumbo's enum has them. */
enum { NS_HTML, NS_SVG, NS_MATH };

/* Insertion modes, as gumbo's enum orders them. */
enum mode {
	M_INITIAL,
	M_BEFORE_HTML,
	M_BEFORE_HEAD,
	M_IN_HEAD,
	M_IN_HEAD_NOSCRIPT,
	M_AFTER_HEAD,
	M_IN_BODY,
	M_TEXT,
	M_IN_TABLE,
	M_IN_TABLE_TEXT,
	M_IN_CAPTION,
	M_IN_COLUMN_GROUP,
	M_IN_TABLE_BODY,
	M_IN_ROW,
	M_IN_CELL,
	M_IN_SELECT,
	M_IN_SELECT_IN_TABLE,
	M_IN_TEMPLATE,
	M_AFTER_BODY,
	M_IN_FRAMESET,
	M_AFTER_FRAMESET,
	M_AFTER_AFTER_BODY,
	M_AFTER_AFTER_FRAMESET
};

/* An open element. */
struct belem {
	uint32_t	 serial;	/* its identity; 0 is none */
	uint32_t	 tdepth;	/* its depth in the tree; html's is 1 */
	uint16_t	 nattrs;	/* its attributes */
	uint16_t	 tag;
	uint8_t		 ns;
	bool		 html_ip;	/* annotation-xml with an HTML encoding */
	const char	*name;		/* as written, for foreign end tags */
	uint32_t	 name_len;
};

/* An entry of the list of active formatting elements; serial 0: marker. */
struct bfmt {
	uint32_t	 serial;
	uint32_t	 pos;		/* where on the stack it was last seen */
	uint16_t	 tag;
	uint16_t	 nattrs;
	bool		 unsure;	/* attributes the model cannot compare */
	size_t		 attrs;		/* its attribute set, in the arena */
	uint32_t	 attrs_len;
};

/* A write the journal can undo. */
struct undo {
	uint8_t		 what;		/* U_STACK, U_LIST, U_TEMPLATE */
	uint32_t	 index;
	union {
		struct belem	 elem;
		struct bfmt	 fmt;
		uint8_t		 mode;
	}		 old;
};

enum { U_STACK, U_LIST, U_TEMPLATE };

/* What a token may change besides the arrays: saved whole, restored. */
struct bscalars {
	uint32_t	 depth;		/* elements on the stack */
	uint32_t	 nlist;
	uint32_t	 ntemplate;
	uint32_t	 serial;	/* the last one given */
	uint32_t	 form;		/* the form element's serial, or 0 */
	uint32_t	 head;		/* the head element's serial, or 0 */
	uint32_t	 body_elements;	/* elements made before body */
	uint8_t		 mode, original_mode;
	uint8_t		 lex;		/* BLEX_* the tokenizer goes on in */
	bool		 quirks;
	bool		 frameset_ok;
	bool		 ignore_lf;	/* a newline after pre is dropped */
	uint64_t	 elements;	/* made so far */
	uint64_t	 weight;	/* ... 2 each, and 1 an attribute */
	uint64_t	 work;		/* stack and list entries searched */
	uint32_t	 max_depth;	/* the deepest the stack went */
	uint32_t	 max_tdepth;	/* ... and the tree, at most */
	uint32_t	 nformatting;	/* list entries that are not markers */
	uint32_t	 merged;	/* attributes added to html and body */
	uint32_t	 low;		/* the lowest entry the token changed */
};

struct builder {
	struct builder_limits lim;
	struct bscalars	 s;
	struct bscalars	 saved;		/* at the token's start */
	size_t		 saved_arena;
	struct belem	*stack;
	size_t		 stack_cap;
	struct bfmt	*list;
	size_t		 list_cap;
	uint8_t		*templates;	/* the template insertion modes */
	size_t		 templates_cap;
	struct undo	*journal;
	size_t		 njournal, journal_cap;
	char		*arena;		/* attribute sets of list entries */
	size_t		 arena_len, arena_cap;
	bool		 reprocess;
	bool		 bare;		/* the tag's attributes to be cut */
	bool		 fostered;	/* the token went before a table */
	bool		 foster;	/* insertions into tables go before */
	bool		 unlimited;	/* the token is one never refused */
	bool		 exempt;	/* html, head and body, made by need */
	jmp_buf		 abort;		/* a limit refused the token */
	bool		 nomem;
};

/* Gives the token up: the model goes back to where it began. */
static void
refuse(struct builder *b, int reason)
{
	longjmp(b->abort, reason);
}

/* Grows an array to hold n + 1 items; refuses the token if it cannot. */
static void *
room(struct builder *b, void *v, size_t *cap, size_t n, size_t size)
{
	void	*nv;
	size_t	 ncap;

	if (n < *cap)
		return v;
	ncap = *cap == 0 ? 64 : *cap * 2;
	if ((nv = realloc(v, ncap * size)) == NULL) {
		b->nomem = true;
		refuse(b, BUILDER_NOMEM);
	}
	*cap = ncap;
	return nv;
}

/* Records the old value of an entry the token overwrites. */
static void
remember(struct builder *b, uint8_t what, uint32_t index)
{
	struct undo	*u;
	uint32_t	 saved_len = what == U_STACK ? b->saved.depth :
			    what == U_LIST ? b->saved.nlist : b->saved.ntemplate;

	if (index >= saved_len)
		return;		/* not live when the token began */
	b->journal = room(b, b->journal, &b->journal_cap, b->njournal,
	    sizeof(*b->journal));
	u = &b->journal[b->njournal++];
	u->what = what;
	u->index = index;
	if (what == U_STACK)
		u->old.elem = b->stack[index];
	else if (what == U_LIST)
		u->old.fmt = b->list[index];
	else
		u->old.mode = b->templates[index];
}

/* Undoes the token: the journal backwards, then the scalars. */
static void
rollback(struct builder *b)
{
	struct undo	*u;

	while (b->njournal > 0) {
		u = &b->journal[--b->njournal];
		if (u->what == U_STACK)
			b->stack[u->index] = u->old.elem;
		else if (u->what == U_LIST)
			b->list[u->index] = u->old.fmt;
		else
			b->templates[u->index] = u->old.mode;
	}
	b->s = b->saved;
}

/* Notes that the token changed the stack from entry i up. */
static void
touch(struct builder *b, uint32_t i)
{
	if (i < b->s.low)
		b->s.low = i;
}

static void
stack_set(struct builder *b, uint32_t i, const struct belem *e)
{
	remember(b, U_STACK, i);
	if (i < b->saved.depth)
		touch(b, i);
	b->stack[i] = *e;
}

static void
list_set(struct builder *b, uint32_t i, const struct bfmt *f)
{
	remember(b, U_LIST, i);
	b->list[i] = *f;
}

/* --- Tag sets, as gumbo's parser.c names them --- */

static bool
is(const struct belem *e, uint16_t tag)
{
	return e->ns == NS_HTML && e->tag == tag;
}

/* gumbo's "special" category (it leaves out main and SVG's title). */
static bool
is_special(const struct belem *e)
{
	if (e->ns == NS_MATH)
		return e->tag == GUMBO_TAG_MI || e->tag == GUMBO_TAG_MO ||
		    e->tag == GUMBO_TAG_MN || e->tag == GUMBO_TAG_MS ||
		    e->tag == GUMBO_TAG_MTEXT ||
		    e->tag == GUMBO_TAG_ANNOTATION_XML;
	if (e->ns == NS_SVG)
		return e->tag == GUMBO_TAG_FOREIGNOBJECT ||
		    e->tag == GUMBO_TAG_DESC;
	switch (e->tag) {
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_APPLET: case GUMBO_TAG_AREA:
	case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE: case GUMBO_TAG_BASE:
	case GUMBO_TAG_BASEFONT: case GUMBO_TAG_BGSOUND:
	case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_BODY: case GUMBO_TAG_BR:
	case GUMBO_TAG_BUTTON: case GUMBO_TAG_CAPTION: case GUMBO_TAG_CENTER:
	case GUMBO_TAG_COL: case GUMBO_TAG_COLGROUP: case GUMBO_TAG_MENUITEM:
	case GUMBO_TAG_DD: case GUMBO_TAG_DETAILS: case GUMBO_TAG_DIR:
	case GUMBO_TAG_DIV: case GUMBO_TAG_DL: case GUMBO_TAG_DT:
	case GUMBO_TAG_EMBED: case GUMBO_TAG_FIELDSET:
	case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_FIGURE:
	case GUMBO_TAG_FOOTER: case GUMBO_TAG_FORM: case GUMBO_TAG_FRAME:
	case GUMBO_TAG_FRAMESET: case GUMBO_TAG_H1: case GUMBO_TAG_H2:
	case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
	case GUMBO_TAG_H6: case GUMBO_TAG_HEAD: case GUMBO_TAG_HEADER:
	case GUMBO_TAG_HGROUP: case GUMBO_TAG_HR: case GUMBO_TAG_HTML:
	case GUMBO_TAG_IFRAME: case GUMBO_TAG_IMG: case GUMBO_TAG_INPUT:
	case GUMBO_TAG_ISINDEX: case GUMBO_TAG_LI: case GUMBO_TAG_LINK:
	case GUMBO_TAG_LISTING: case GUMBO_TAG_MARQUEE: case GUMBO_TAG_MENU:
	case GUMBO_TAG_META: case GUMBO_TAG_NAV: case GUMBO_TAG_NOEMBED:
	case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_NOSCRIPT:
	case GUMBO_TAG_OBJECT: case GUMBO_TAG_OL: case GUMBO_TAG_P:
	case GUMBO_TAG_PARAM: case GUMBO_TAG_PLAINTEXT: case GUMBO_TAG_PRE:
	case GUMBO_TAG_SCRIPT: case GUMBO_TAG_SECTION: case GUMBO_TAG_SELECT:
	case GUMBO_TAG_STYLE: case GUMBO_TAG_SUMMARY: case GUMBO_TAG_TABLE:
	case GUMBO_TAG_TBODY: case GUMBO_TAG_TD: case GUMBO_TAG_TEMPLATE:
	case GUMBO_TAG_TEXTAREA: case GUMBO_TAG_TFOOT: case GUMBO_TAG_TH:
	case GUMBO_TAG_THEAD: case GUMBO_TAG_TITLE: case GUMBO_TAG_TR:
	case GUMBO_TAG_UL: case GUMBO_TAG_WBR: case GUMBO_TAG_XMP:
		return true;
	default:
		return false;
	}
}

/* The elements that bound "has an element in scope". */
static bool
is_scope_boundary(const struct belem *e)
{
	if (e->ns == NS_MATH)
		return e->tag == GUMBO_TAG_MI || e->tag == GUMBO_TAG_MO ||
		    e->tag == GUMBO_TAG_MN || e->tag == GUMBO_TAG_MS ||
		    e->tag == GUMBO_TAG_MTEXT ||
		    e->tag == GUMBO_TAG_ANNOTATION_XML;
	if (e->ns == NS_SVG)
		return e->tag == GUMBO_TAG_FOREIGNOBJECT ||
		    e->tag == GUMBO_TAG_DESC || e->tag == GUMBO_TAG_TITLE;
	switch (e->tag) {
	case GUMBO_TAG_APPLET: case GUMBO_TAG_CAPTION: case GUMBO_TAG_HTML:
	case GUMBO_TAG_TABLE: case GUMBO_TAG_TD: case GUMBO_TAG_TH:
	case GUMBO_TAG_MARQUEE: case GUMBO_TAG_OBJECT: case GUMBO_TAG_TEMPLATE:
		return true;
	default:
		return false;
	}
}

enum scope { SCOPE, SCOPE_LIST, SCOPE_BUTTON, SCOPE_TABLE, SCOPE_SELECT,
	SCOPE_ANY };

static bool
bounds(enum scope scope, const struct belem *e)
{
	switch (scope) {
	case SCOPE:
		return is_scope_boundary(e);
	case SCOPE_LIST:
		return is_scope_boundary(e) || is(e, GUMBO_TAG_OL) ||
		    is(e, GUMBO_TAG_UL);
	case SCOPE_BUTTON:
		return is_scope_boundary(e) || is(e, GUMBO_TAG_BUTTON);
	case SCOPE_TABLE:
		return is(e, GUMBO_TAG_HTML) || is(e, GUMBO_TAG_TABLE) ||
		    is(e, GUMBO_TAG_TEMPLATE);
	case SCOPE_SELECT:
		return !is(e, GUMBO_TAG_OPTGROUP) && !is(e, GUMBO_TAG_OPTION);
	default:
		return is(e, GUMBO_TAG_HTML);
	}
}

/*
 * The index of the innermost HTML element of tag a or b in scope, or -1:
 * the stack searched from the top, as gumbo does, each entry counted as
 * work.
 */
static int64_t
in_scope2(struct builder *b, uint16_t a, uint16_t c, enum scope scope)
{
	uint32_t	 i;

	for (i = b->s.depth; i-- > 0; ) {
		b->s.work++;
		if (is(&b->stack[i], a) || is(&b->stack[i], c))
			return i;
		if (bounds(scope, &b->stack[i]))
			return -1;
	}
	return -1;
}

static int64_t
in_scope(struct builder *b, uint16_t tag, enum scope scope)
{
	return in_scope2(b, tag, tag, scope);
}

static bool
has_open(struct builder *b, uint16_t tag)
{
	return in_scope(b, tag, SCOPE_ANY) != -1;
}

/* Whether some heading, h1 to h6, is in scope. */
static bool
heading_in_scope(struct builder *b)
{
	uint32_t	 i;

	for (i = b->s.depth; i-- > 0; ) {
		b->s.work++;
		if (b->stack[i].ns == NS_HTML && b->stack[i].tag >= GUMBO_TAG_H1 &&
		    b->stack[i].tag <= GUMBO_TAG_H6)
			return true;
		if (is_scope_boundary(&b->stack[i]))
			return false;
	}
	return false;
}

static bool
is_heading(const struct belem *e)
{
	return e->ns == NS_HTML && e->tag >= GUMBO_TAG_H1 &&
	    e->tag <= GUMBO_TAG_H6;
}

static struct belem *
current(struct builder *b)
{
	return b->s.depth > 0 ? &b->stack[b->s.depth - 1] : NULL;
}

/* Attribute names as gumbo compares them: ASCII letters in any case. */
static int
battr_name_cmp(const struct battr *a, const struct battr *c)
{
	size_t		 i, n = a->name_len < c->name_len ? a->name_len :
			    c->name_len;
	unsigned char	 x, y;

	for (i = 0; i < n; i++) {
		x = ascii_lower((unsigned char)a->name[i]);
		y = ascii_lower((unsigned char)c->name[i]);
		if (x != y)
			return x < y ? -1 : 1;
	}
	return (a->name_len > n) - (c->name_len > n);
}

/*
 * The code point gumbo 0.10.1 makes of a numeric reference's number
 * (its char_ref.c, after the HTML standard): 0 and the C1 controls of
 * windows-1252's table replaced, surrogates and numbers past Unicode
 * made U+FFFD; others as they are.
 */
static uint32_t
numeric_reference(uint32_t cp)
{
	static const uint16_t c1[32] = {
		0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020,
		0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
		0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D,
		0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
		0x0153, 0x009D, 0x017E, 0x0178 };

	if (cp == 0)
		return 0xFFFD;
	if (cp >= 0x80 && cp <= 0x9F)
		return c1[cp - 0x80];
	if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0xFFFD;
	return cp;
}

/* Writes code point cp (at most 0x10FFFF) at o as UTF-8; its length. */
static size_t
put_cp(char *o, uint32_t cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | cp >> 18);
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/*
 * Writes an attribute's value to out as gumbo would have it, for
 * comparing: the five references of XML's, &nbsp; and numeric
 * references decoded (what cex's HTML writer writes: a parse of its
 * output compares as the first). Any other named reference, or a NUL
 * byte, sets *unsure. Returns the bytes written (at most the value's:
 * no reference is shorter than what it stands for).
 */
static size_t
battr_decode(const struct battr *a, char *out, bool *unsure)
{
	static const struct {
		const char	*name;
		const char	*s;
	} named[] = { { "amp;", "&" }, { "lt;", "<" }, { "gt;", ">" },
	    { "quot;", "\"" }, { "apos;", "'" }, { "nbsp;", "\xC2\xA0" } };
	const char	*v = a->value, *e = a->value + a->value_len, *q;
	char		*o = out;
	uint32_t	 cp;
	size_t		 k;
	bool		 hex;

	while (v < e) {
		if (*v == '\0')
			*unsure = true;
		if (*v != '&' || v + 1 >= e) {
			*o++ = *v++;
			continue;
		}
		for (k = 0; k < sizeof(named) / sizeof(named[0]); k++)
			if ((size_t)(e - v - 1) >= strlen(named[k].name) &&
			    memcmp(v + 1, named[k].name,
			    strlen(named[k].name)) == 0)
				break;
		if (k < sizeof(named) / sizeof(named[0])) {
			memcpy(o, named[k].s, strlen(named[k].s));
			o += strlen(named[k].s);
			v += 1 + strlen(named[k].name);
			continue;
		}
		if (v[1] != '#') {
			if (ascii_is_alpha((unsigned char)v[1]) ||
			    (v[1] >= '0' && v[1] <= '9'))
				*unsure = true;
			*o++ = *v++;
			continue;
		}
		/*
		 * As gumbo reads it: the digits in an unsigned int (which
		 * wraps), the semicolon after them if there is one.
		 */
		hex = v + 2 < e && (v[2] == 'x' || v[2] == 'X');
		cp = 0;
		for (q = v + (hex ? 3 : 2); q < e; q++) {
			unsigned char c = ascii_lower((unsigned char)*q);

			if (c >= '0' && c <= '9')
				cp = cp * (hex ? 16 : 10) + (c - '0');
			else if (hex && c >= 'a' && c <= 'f')
				cp = cp * 16 + (c - 'a' + 10);
			else
				break;
		}
		if (q == v + (hex ? 3 : 2)) {
			*o++ = *v++;	/* no digits: as written */
			continue;
		}
		/* "&#1;" is 4 bytes, its character at most 3. */
		o += put_cp(o, numeric_reference(cp));
		v = q < e && *q == ';' ? q + 1 : q;
	}
	return (size_t)(o - out);
}

/* The first attribute of a name (in lower case), or NULL. */
static const struct battr *
find_attr(const struct btoken *t, const char *name)
{
	struct battr	 want;
	size_t		 i;

	want.name = name;
	want.name_len = (uint32_t)strlen(name);
	for (i = 0; i < t->nattrs; i++)
		if (battr_name_cmp(&t->attrs[i], &want) == 0)
			return &t->attrs[i];
	return NULL;
}

/* Whether an attribute has that value, ASCII letters in any case. */
static bool
attr_is(const struct btoken *t, const char *name, const char *value)
{
	const struct battr *a = find_attr(t, name);
	char		 buf[64];
	size_t		 n, i;
	bool		 unsure = false;

	if (a == NULL || a->value_len >= sizeof(buf))
		return false;
	if (t->decoded) {
		memcpy(buf, a->value, a->value_len);
		n = a->value_len;
	} else
		n = battr_decode(a, buf, &unsure);
	if (n != strlen(value))
		return false;
	for (i = 0; i < n; i++)
		if (ascii_lower((unsigned char)buf[i]) != (unsigned char)value[i])
			return false;
	return true;
}

/* --- The stack --- */

/* The depth an element pushed now would have, counted inside body. */
static uint32_t
push_depth(const struct builder *b)
{
	return b->s.depth < 2 ? 0 : b->s.depth - 1;
}

static bool
is_table_part(const struct belem *e)
{
	return is(e, GUMBO_TAG_TABLE) || is(e, GUMBO_TAG_TBODY) ||
	    is(e, GUMBO_TAG_TFOOT) || is(e, GUMBO_TAG_THEAD) ||
	    is(e, GUMBO_TAG_TR);
}

/*
 * The tree depth of an element inserted into the element at stack index
 * target (-1: the current node), as gumbo's appropriate insertion
 * location has it: a child of the target, but with foster parenting
 * into a table, a sibling before the last table (or a child of a later
 * template, or of html).
 */
static uint32_t
insertion_depth(struct builder *b, int64_t target)
{
	int64_t		 i, table = -1, template = -1;

	if (target < 0)
		target = (int64_t)b->s.depth - 1;
	if (target < 0)
		return 1;
	if (!b->foster || !is_table_part(&b->stack[target]))
		return b->stack[target].tdepth + 1;
	b->fostered = true;
	for (i = b->s.depth; i-- > 0 && (table == -1 || template == -1); ) {
		b->s.work++;
		if (table == -1 && is(&b->stack[i], GUMBO_TAG_TABLE))
			table = i;
		if (template == -1 && is(&b->stack[i], GUMBO_TAG_TEMPLATE))
			template = i;
	}
	if (template != -1 && (table == -1 || template > table))
		return b->stack[template].tdepth + 1;
	if (table == -1)
		return 2;
	return table > 0 && b->stack[table - 1].tdepth + 1 >
	    b->stack[table].tdepth ? b->stack[table - 1].tdepth + 1 :
	    b->stack[table].tdepth;
}

/* How deep an element of tree depth td is inside body. */
static uint32_t
nesting(uint32_t td)
{
	return td < 2 ? 0 : td - 2;
}

/* Notes how deep the tree went. */
static void
note_tdepth(struct builder *b, uint32_t td)
{
	if (td > b->s.max_tdepth)
		b->s.max_tdepth = td;
}

/*
 * Counts an element made with nattrs attributes: refused past the
 * bound of elements, where an attribute, which takes gumbo about half
 * the memory of an element, counts half.
 */
static void
count_element(struct builder *b, uint16_t nattrs)
{
	if (!b->exempt && !b->unlimited && b->lim.elements > 0 &&
	    b->s.weight + 2 + nattrs > 2 * b->lim.elements)
		refuse(b, BUILDER_ELEMENTS);
	b->s.weight += 2 + nattrs;
	b->s.elements++;
}

/*
 * Makes an element of nattrs attributes and pushes it, as gumbo's
 * insert_element: refused if it would pass the bound of elements, or
 * nest too deep on the stack or in the tree. Returns its index.
 */
static uint32_t
push_attrs(struct builder *b, uint16_t tag, uint8_t ns,
    const struct btoken *t, uint16_t nattrs)
{
	struct belem	 e;
	uint32_t	 td = insertion_depth(b, -1);

	count_element(b, nattrs);
	if (!b->exempt && !b->unlimited) {
		if (b->lim.depth > 0 && (push_depth(b) > b->lim.depth ||
		    nesting(td) > b->lim.depth))
			refuse(b, BUILDER_DEPTH);
	}
	b->stack = room(b, b->stack, &b->stack_cap, b->s.depth,
	    sizeof(*b->stack));
	memset(&e, 0, sizeof(e));
	e.serial = ++b->s.serial;
	e.tdepth = td;
	e.nattrs = nattrs;
	e.tag = tag;
	e.ns = ns;
	if (t != NULL) {
		e.name = t->name;
		e.name_len = t->name_len;
	}
	if (t != NULL && ns != NS_HTML) {
		e.html_ip = ns == NS_MATH && tag == GUMBO_TAG_ANNOTATION_XML &&
		    (attr_is(t, "encoding", "text/html") ||
		    attr_is(t, "encoding", "application/xhtml+xml"));
	}
	stack_set(b, b->s.depth, &e);
	b->s.depth++;
	if (b->s.depth > b->s.max_depth)
		b->s.max_depth = b->s.depth;
	note_tdepth(b, td);
	return b->s.depth - 1;
}

/* An element made from token t (or implied, if NULL), pushed. */
static uint32_t
push(struct builder *b, uint16_t tag, uint8_t ns, const struct btoken *t)
{
	return push_attrs(b, tag, ns, t, t == NULL ? 0 :
	    (uint16_t)(t->nattrs > UINT16_MAX ? UINT16_MAX : t->nattrs));
}

/* html, head and body: made once, never refused. */
static uint32_t
push_structure(struct builder *b, uint16_t tag, const struct btoken *t)
{
	uint32_t	 i;

	b->exempt = true;
	i = push(b, tag, NS_HTML, t);
	b->exempt = false;
	return i;
}

static void
pop(struct builder *b)
{
	if (b->s.depth > 0)
		touch(b, --b->s.depth);
}

/* Pops down to and including index i. */
static void
pop_to(struct builder *b, uint32_t i)
{
	b->s.work += b->s.depth - i;
	b->s.depth = i;
	touch(b, i);
}

/*
 * Pops until an HTML element of tag has been popped. Where none is open
 * gumbo pops past the root and fails an assertion, which aborts the
 * program: a page gets there when gumbo resets its insertion mode on a
 * foreign element of an HTML tag's name (<svg><select>, then a reset
 * in a table, then <table> pops to an HTML select). The token is left
 * out.
 */
static void
pop_until(struct builder *b, uint16_t tag)
{
	while (b->s.depth > 0) {
		b->s.work++;
		touch(b, --b->s.depth);
		if (is(&b->stack[b->s.depth], tag))
			return;
	}
	refuse(b, BUILDER_LEFT_OUT);
}

/* Removes the entry at index i, the ones above moving down. */
static void
stack_remove_at(struct builder *b, uint32_t i)
{
	uint32_t	 k;

	for (k = i; k + 1 < b->s.depth; k++)
		stack_set(b, k, &b->stack[k + 1]);
	b->s.depth--;
	touch(b, i);
	b->s.work += b->s.depth - i + 1;
}

static void
stack_insert_at(struct builder *b, uint32_t i, const struct belem *e)
{
	uint32_t	 k;

	b->stack = room(b, b->stack, &b->stack_cap, b->s.depth,
	    sizeof(*b->stack));
	for (k = b->s.depth; k > i; k--)
		stack_set(b, k, &b->stack[k - 1]);
	stack_set(b, i, e);
	touch(b, i);
	b->s.depth++;
	b->s.work += b->s.depth - i;
	if (b->s.depth > b->s.max_depth)
		b->s.max_depth = b->s.depth;
}

/* The index of the element of that serial on the stack, or -1. */
static int64_t
stack_find(struct builder *b, uint32_t serial)
{
	uint32_t	 i;

	for (i = b->s.depth; i-- > 0; ) {
		b->s.work++;
		if (b->stack[i].serial == serial)
			return i;
	}
	return -1;
}

/* --- The list of active formatting elements --- */

/*
 * Appends an entry or a marker to the list, within its limits: entries
 * (formatting elements) and all (with the markers of cells, captions,
 * objects and templates, which some misnested pages leave behind).
 */
static void
list_push(struct builder *b, const struct bfmt *f)
{
	if (!b->unlimited && ((b->lim.list > 0 &&
	    b->s.nlist >= b->lim.list) || (f->serial != 0 &&
	    b->lim.formatting > 0 && b->s.nformatting >= b->lim.formatting)))
		refuse(b, BUILDER_FORMATTING);
	b->list = room(b, b->list, &b->list_cap, b->s.nlist, sizeof(*b->list));
	list_set(b, b->s.nlist++, f);
	if (f->serial != 0)
		b->s.nformatting++;
}

static void
add_marker(struct builder *b)
{
	struct bfmt	 marker;

	memset(&marker, 0, sizeof(marker));
	list_push(b, &marker);
}

static void
list_remove_at(struct builder *b, uint32_t i)
{
	uint32_t	 k;

	if (b->list[i].serial != 0)
		b->s.nformatting--;
	for (k = i; k + 1 < b->s.nlist; k++)
		list_set(b, k, &b->list[k + 1]);
	b->s.nlist--;
	b->s.work += b->s.nlist - i + 1;
}

static void
list_insert_at(struct builder *b, uint32_t i, const struct bfmt *f)
{
	uint32_t	 k;

	b->list = room(b, b->list, &b->list_cap, b->s.nlist, sizeof(*b->list));
	for (k = b->s.nlist; k > i; k--)
		list_set(b, k, &b->list[k - 1]);
	list_set(b, i, f);
	b->s.nlist++;
	b->s.nformatting += f->serial != 0;
	b->s.work += b->s.nlist - i;
}

/* The index in the list of the element of that serial, or -1. */
static int64_t
list_find(struct builder *b, uint32_t serial)
{
	uint32_t	 i;

	for (i = 0; i < b->s.nlist; i++) {
		b->s.work++;
		if (b->list[i].serial == serial && serial != 0)
			return i;
	}
	return -1;
}

/*
 * Where a list entry's element is on the stack, or -1 if it is not
 * open: the position it was last seen at, else a search.
 */
static int64_t
open_at(struct builder *b, uint32_t k)
{
	struct bfmt	 f = b->list[k];
	int64_t		 i;

	if (f.pos < b->s.depth && b->stack[f.pos].serial == f.serial)
		return f.pos;
	if ((i = stack_find(b, f.serial)) != -1 && (uint32_t)i != f.pos) {
		f.pos = (uint32_t)i;
		list_set(b, k, &f);
	}
	return i;
}

/* Pops the list down to and including the last marker. */
static void
clear_to_marker(struct builder *b)
{
	while (b->s.nlist > 0) {
		b->s.work++;
		b->s.nlist--;
		if (b->list[b->s.nlist].serial == 0)
			return;
		b->s.nformatting--;
	}
}

/*
 * Puts the attribute set of a start tag in the arena, as gumbo compares
 * them: the first of each name (names in lower case), values with the
 * character references that matter decoded, sorted by name. Sets that
 * hold other references are unsure: the model could not tell them
 * equal or not as gumbo would. Returns the set's offset; *len its size.
 */
static size_t
attribute_set(struct builder *b, const struct btoken *t, uint32_t *len,
    bool *unsure)
{
	const struct battr *a, **order;
	size_t		 start = b->arena_len, i, k, need = 0;
	char		*o;

	*unsure = false;
	for (i = 0; i < t->nattrs; i++)
		need += t->attrs[i].name_len + t->attrs[i].value_len + 2;
	if (b->arena_len + need + 1 > b->arena_cap) {
		size_t	 cap = b->arena_cap == 0 ? 4096 : b->arena_cap;
		char	*na;

		while (cap < b->arena_len + need + 1)
			cap *= 2;
		if ((na = realloc(b->arena, cap)) == NULL) {
			b->nomem = true;
			refuse(b, BUILDER_NOMEM);
		}
		b->arena = na;
		b->arena_cap = cap;
	}
	if ((order = malloc((t->nattrs + 1) * sizeof(*order))) == NULL) {
		b->nomem = true;
		refuse(b, BUILDER_NOMEM);
	}
	/* Insertion sort by name, the first of equal names kept. */
	for (i = k = 0; i < t->nattrs; i++) {
		size_t	 j;
		int	 c = 1;

		a = &t->attrs[i];
		for (j = k; j > 0; j--) {
			c = battr_name_cmp(order[j - 1], a);
			if (c <= 0)
				break;
		}
		if (j > 0 && c == 0)
			continue;
		memmove(order + j + 1, order + j, (k - j) * sizeof(*order));
		order[j] = a;
		k++;
	}
	o = b->arena + start;
	for (i = 0; i < k; i++) {
		for (size_t j = 0; j < order[i]->name_len; j++)
			*o++ = (char)ascii_lower((unsigned char)order[i]->name[j]);
		*o++ = '\0';
		if (t->decoded) {
			memcpy(o, order[i]->value, order[i]->value_len);
			o += order[i]->value_len;
		} else
			o += battr_decode(order[i], o, unsure);
		*o++ = '\0';
	}
	free(order);
	*len = (uint32_t)(o - (b->arena + start));
	b->arena_len += *len;
	return start;
}

/*
 * Adds the element at index i, made from token t, to the list, with
 * the Noah's Ark clause: of three entries of the same tag and
 * attributes since the last marker, the earliest goes. An entry the
 * model cannot compare with the new one refuses the token.
 */
static void
add_formatting(struct builder *b, uint32_t i, const struct btoken *t)
{
	struct bfmt	 f;
	uint32_t	 k, same = 0, earliest = 0;

	memset(&f, 0, sizeof(f));
	f.serial = b->stack[i].serial;
	f.pos = i;
	f.tag = b->stack[i].tag;
	f.nattrs = b->stack[i].nattrs;
	f.attrs = attribute_set(b, t, &f.attrs_len, &f.unsure);
	for (k = b->s.nlist; k-- > 0; ) {
		b->s.work++;
		if (b->list[k].serial == 0)
			break;
		if (b->list[k].tag != f.tag)
			continue;
		/*
		 * With limits on, a tag the model cannot count as gumbo
		 * does is not risked; with none, the model follows as it
		 * can (as when the writer runs it over its own output).
		 */
		if ((f.unsure || b->list[k].unsure) && !b->unlimited &&
		    b->lim.formatting > 0)
			refuse(b, BUILDER_FORMATTING);
		if (b->list[k].attrs_len == f.attrs_len &&
		    memcmp(b->arena + b->list[k].attrs, b->arena + f.attrs,
		    f.attrs_len) == 0) {
			same++;
			earliest = k;
		}
	}
	if (same >= 3)
		list_remove_at(b, earliest);
	list_push(b, &f);
}

/*
 * The first entry reconstruction would make again (the entries from it
 * to the end of the list are not open), or nlist if none.
 */
static uint32_t
reconstruct_from(struct builder *b)
{
	uint32_t	 k = b->s.nlist;

	if (k == 0 || b->list[k - 1].serial == 0 || open_at(b, k - 1) != -1)
		return b->s.nlist;
	for (k--; k > 0; k--)
		if (b->list[k - 1].serial == 0 || open_at(b, k - 1) != -1)
			break;
	return k;
}

/*
 * Reconstructs the active formatting elements: each entry from the
 * first not open on makes a clone, pushed. A clone past the limits
 * refuses the token (text trims the list first, see builder_text).
 */
static void
reconstruct(struct builder *b)
{
	struct bfmt	 f;
	uint32_t	 k, i;

	for (k = reconstruct_from(b); k < b->s.nlist; k++) {
		if (!b->unlimited && b->lim.formatting_depth > 0 &&
		    push_depth(b) > b->lim.formatting_depth)
			refuse(b, BUILDER_FORMATTING);
		i = push_attrs(b, b->list[k].tag, NS_HTML, NULL,
		    b->list[k].nattrs);
		f = b->list[k];
		f.serial = b->stack[i].serial;
		f.pos = i;
		list_set(b, k, &f);
	}
}

/* --- Shared steps of the rules --- */

static void
generate_implied(struct builder *b, uint16_t except)
{
	struct belem	*e;

	while ((e = current(b)) != NULL && e->ns == NS_HTML &&
	    e->tag != except) {
		switch (e->tag) {
		case GUMBO_TAG_DD: case GUMBO_TAG_DT: case GUMBO_TAG_LI:
		case GUMBO_TAG_OPTION: case GUMBO_TAG_OPTGROUP: case GUMBO_TAG_P:
		case GUMBO_TAG_RP: case GUMBO_TAG_RB: case GUMBO_TAG_RT:
		case GUMBO_TAG_RTC:
			b->s.work++;
			pop(b);
			continue;
		default:
			return;
		}
	}
}

static void
generate_all_implied(struct builder *b)
{
	struct belem	*e;

	while ((e = current(b)) != NULL && e->ns == NS_HTML) {
		switch (e->tag) {
		case GUMBO_TAG_CAPTION: case GUMBO_TAG_COLGROUP:
		case GUMBO_TAG_DD: case GUMBO_TAG_DT: case GUMBO_TAG_LI:
		case GUMBO_TAG_OPTION: case GUMBO_TAG_OPTGROUP: case GUMBO_TAG_P:
		case GUMBO_TAG_RP: case GUMBO_TAG_RT: case GUMBO_TAG_RTC:
		case GUMBO_TAG_TBODY: case GUMBO_TAG_TD: case GUMBO_TAG_TFOOT:
		case GUMBO_TAG_TH: case GUMBO_TAG_HEAD: case GUMBO_TAG_TR:
			b->s.work++;
			pop(b);
			continue;
		default:
			return;
		}
	}
}

/* Implied end tags but tag's, then pops until tag is popped. */
static void
close_tags(struct builder *b, uint16_t tag)
{
	generate_implied(b, tag);
	pop_until(b, tag);
}

static void
close_p_in_button_scope(struct builder *b)
{
	if (in_scope(b, GUMBO_TAG_P, SCOPE_BUTTON) != -1)
		close_tags(b, GUMBO_TAG_P);
}

/* gumbo's maybe_implicitly_close_list_tag. */
static void
close_list_item(struct builder *b, bool li)
{
	const struct belem *e;
	uint32_t	 i;

	b->s.frameset_ok = false;
	for (i = b->s.depth; i-- > 0; ) {
		e = &b->stack[i];
		b->s.work++;
		if (li ? is(e, GUMBO_TAG_LI) :
		    is(e, GUMBO_TAG_DD) || is(e, GUMBO_TAG_DT)) {
			close_tags(b, e->tag);
			return;
		}
		if (is_special(e) && !is(e, GUMBO_TAG_ADDRESS) &&
		    !is(e, GUMBO_TAG_DIV) && !is(e, GUMBO_TAG_P))
			return;
	}
}

static uint8_t
template_mode(const struct builder *b)
{
	return b->s.ntemplate == 0 ? M_INITIAL :
	    b->templates[b->s.ntemplate - 1];
}

static void
template_push(struct builder *b, uint8_t mode)
{
	b->templates = room(b, b->templates, &b->templates_cap,
	    b->s.ntemplate, 1);
	remember(b, U_TEMPLATE, b->s.ntemplate);
	b->templates[b->s.ntemplate++] = mode;
}

static void
template_pop(struct builder *b)
{
	if (b->s.ntemplate > 0)
		b->s.ntemplate--;
}

/* gumbo's reset_insertion_mode_appropriately (tags of any namespace). */
static void
reset_mode(struct builder *b)
{
	uint32_t	 i, k;
	uint16_t	 tag;
	bool		 last;

	for (i = b->s.depth; i-- > 0; ) {
		b->s.work++;
		tag = b->stack[i].tag;
		last = i == 0;
		switch (tag) {
		case GUMBO_TAG_SELECT:
			b->s.mode = M_IN_SELECT;
			if (last)
				return;
			for (k = i; k > 0; k--) {
				b->s.work++;
				if (is(&b->stack[k], GUMBO_TAG_TEMPLATE))
					return;
				if (is(&b->stack[k], GUMBO_TAG_TABLE)) {
					b->s.mode = M_IN_SELECT_IN_TABLE;
					return;
				}
			}
			return;
		case GUMBO_TAG_TD:
		case GUMBO_TAG_TH:
			if (!last) {
				b->s.mode = M_IN_CELL;
				return;
			}
			break;
		case GUMBO_TAG_TR:
			b->s.mode = M_IN_ROW;
			return;
		case GUMBO_TAG_TBODY:
		case GUMBO_TAG_THEAD:
		case GUMBO_TAG_TFOOT:
			b->s.mode = M_IN_TABLE_BODY;
			return;
		case GUMBO_TAG_CAPTION:
			b->s.mode = M_IN_CAPTION;
			return;
		case GUMBO_TAG_COLGROUP:
			b->s.mode = M_IN_COLUMN_GROUP;
			return;
		case GUMBO_TAG_TABLE:
			b->s.mode = M_IN_TABLE;
			return;
		case GUMBO_TAG_TEMPLATE:
			/*
			 * With no template mode (a foreign template, its
			 * HTML one closed), gumbo's answer is "initial",
			 * which its loop takes for no answer: it goes on.
			 */
			if (template_mode(b) == M_INITIAL)
				break;
			b->s.mode = template_mode(b);
			return;
		case GUMBO_TAG_HEAD:
			if (!last) {
				b->s.mode = M_IN_HEAD;
				return;
			}
			break;
		case GUMBO_TAG_BODY:
			b->s.mode = M_IN_BODY;
			return;
		case GUMBO_TAG_FRAMESET:
			b->s.mode = M_IN_FRAMESET;
			return;
		case GUMBO_TAG_HTML:
			b->s.mode = b->s.head != 0 ? M_AFTER_HEAD : M_BEFORE_HEAD;
			return;
		default:
			break;
		}
		if (last) {
			b->s.mode = M_IN_BODY;
			return;
		}
	}
}

/* Pops to the innermost table in table scope; false if none. */
static bool
close_table(struct builder *b)
{
	if (in_scope(b, GUMBO_TAG_TABLE, SCOPE_TABLE) == -1)
		return false;
	pop_until(b, GUMBO_TAG_TABLE);
	reset_mode(b);
	return true;
}

static void
close_cell(struct builder *b, uint16_t cell)
{
	generate_implied(b, GUMBO_TAG_LAST);
	pop_until(b, cell);
	clear_to_marker(b);
	b->s.mode = M_IN_ROW;
}

static void
close_current_cell(struct builder *b)
{
	close_cell(b, in_scope(b, GUMBO_TAG_TD, SCOPE_TABLE) != -1 ?
	    GUMBO_TAG_TD : GUMBO_TAG_TH);
}

static void
close_select(struct builder *b)
{
	pop_until(b, GUMBO_TAG_SELECT);
	reset_mode(b);
}

static void
clear_to_context(struct builder *b, uint16_t a, uint16_t c, uint16_t d)
{
	struct belem	*e;

	while ((e = current(b)) != NULL && !is(e, GUMBO_TAG_HTML) &&
	    !is(e, GUMBO_TAG_TEMPLATE) && !is(e, a) && !is(e, c) && !is(e, d)) {
		b->s.work++;
		pop(b);
	}
}

/* A raw text element: pushed, the tokenizer reading its text on. */
static void
generic_raw(struct builder *b, const struct btoken *t, uint8_t lex)
{
	push(b, t->tag, NS_HTML, t);
	b->s.lex = lex;
	b->s.original_mode = b->s.mode;
	b->s.mode = M_TEXT;
}

/* A void element: made and popped at once. */
static void
push_void(struct builder *b, uint16_t tag, const struct btoken *t)
{
	push(b, tag, NS_HTML, t);
	pop(b);
}

/* --- The adoption agency --- */

/* Makes a clone of the element at stack index i, in its place. */
static struct belem
clone_elem(struct builder *b, uint32_t i)
{
	struct belem	 e = b->stack[i];

	count_element(b, e.nattrs);
	e.serial = ++b->s.serial;
	return e;
}

/*
 * gumbo's adoption_agency_algorithm for an end tag of subject. When
 * there is no such formatting element, gumbo ignores the end tag (where
 * the standard has it act as any other end tag).
 */
static void
adoption_agency(struct builder *b, uint16_t subject)
{
	struct belem	*cur = current(b), clone;
	struct bfmt	 f;
	int64_t		 fmt_pos, fb_pos, node_index, saved_index, fi, i;
	uint32_t	 outer, fk, j, fmt_serial, fb_serial, node_serial;
	uint32_t	 last_serial, k, clones[4], nclones;
	uint32_t	 ca_depth, old_fb_depth, new_fb_depth, shift;
	int64_t		 bookmark;

	if (cur != NULL && is(cur, subject) && list_find(b, cur->serial) == -1) {
		pop(b);
		return;
	}
	for (outer = 0; outer < 8; outer++) {
		for (fk = b->s.nlist; fk-- > 0; ) {
			b->s.work++;
			if (b->list[fk].serial == 0)
				return;
			if (b->list[fk].tag == subject)
				break;
		}
		if (fk == UINT32_MAX)
			return;
		fmt_serial = b->list[fk].serial;
		if ((fmt_pos = stack_find(b, fmt_serial)) == -1) {
			list_remove_at(b, fk);
			return;
		}
		if (in_scope(b, b->stack[fmt_pos].tag, SCOPE) == -1)
			return;
		for (fb_pos = fmt_pos; fb_pos < b->s.depth; fb_pos++) {
			b->s.work++;
			if (is_special(&b->stack[fb_pos]))
				break;
		}
		if (fb_pos == b->s.depth) {
			pop_to(b, (uint32_t)fmt_pos);
			list_remove_at(b, fk);
			return;
		}
		fb_serial = b->stack[fb_pos].serial;
		old_fb_depth = b->stack[fb_pos].tdepth;
		ca_depth = insertion_depth(b, fmt_pos - 1);
		bookmark = fk + 1;
		node_serial = last_serial = fb_serial;
		saved_index = fb_pos;
		nclones = 0;
		for (j = 1;; j++) {
			if ((node_index = stack_find(b, node_serial)) == -1)
				node_index = saved_index;
			saved_index = --node_index;
			if (node_index <= 0)
				break;	/* gumbo asserts this never happens */
			node_serial = b->stack[node_index].serial;
			if (node_serial == fmt_serial)
				break;
			fi = list_find(b, node_serial);
			if (j > 3 && fi != -1) {
				list_remove_at(b, (uint32_t)fi);
				if (fi < bookmark)
					bookmark--;
				continue;
			}
			if (fi == -1) {
				stack_remove_at(b, (uint32_t)node_index);
				continue;
			}
			clone = clone_elem(b, (uint32_t)node_index);
			f = b->list[fi];
			f.serial = clone.serial;
			f.pos = (uint32_t)node_index;
			list_set(b, (uint32_t)fi, &f);
			stack_set(b, (uint32_t)node_index, &clone);
			clones[nclones++] = clone.serial;
			node_serial = clone.serial;
			if (last_serial == fb_serial)
				bookmark = fi + 1;
			last_serial = clone.serial;
		}
		/*
		 * The tree: the last clone goes into the common ancestor, each
		 * clone before it into the next, the furthest block into the
		 * first; the new formatting element into the furthest block,
		 * with all the block had. What the stack holds above the block
		 * goes as deep again (an estimate that never falls short).
		 */
		for (k = nclones; k-- > 0; ) {
			i = stack_find(b, clones[k]);
			if (i != -1) {
				clone = b->stack[i];
				clone.tdepth = ca_depth + (nclones - 1 - k);
				stack_set(b, (uint32_t)i, &clone);
				note_tdepth(b, clone.tdepth);
			}
		}
		new_fb_depth = ca_depth + nclones;
		/* The new formatting element, and the old one's place. */
		fmt_pos = stack_find(b, fmt_serial);
		clone = clone_elem(b, (uint32_t)fmt_pos);
		clone.tdepth = new_fb_depth + 1;
		fi = list_find(b, fmt_serial);
		if (fi < bookmark)
			bookmark--;
		f = b->list[fi];
		list_remove_at(b, (uint32_t)fi);
		f.serial = clone.serial;
		list_insert_at(b, (uint32_t)bookmark, &f);
		stack_remove_at(b, (uint32_t)fmt_pos);
		fb_pos = stack_find(b, fb_serial);
		k = (uint32_t)fb_pos + 1;
		if (!b->unlimited && b->lim.formatting_depth > 0 &&
		    (k < 2 ? 0 : k - 1) > b->lim.formatting_depth)
			refuse(b, BUILDER_FORMATTING);
		shift = new_fb_depth + 1 > old_fb_depth ?
		    new_fb_depth + 1 - old_fb_depth : 0;
		{
			struct belem	 fb = b->stack[fb_pos];

			fb.tdepth = new_fb_depth;
			stack_set(b, (uint32_t)fb_pos, &fb);
		}
		for (i = k; i < b->s.depth && shift > 0; i++) {
			struct belem	 above = b->stack[i];

			above.tdepth += shift;
			stack_set(b, (uint32_t)i, &above);
			note_tdepth(b, above.tdepth);
			if (!b->unlimited && b->lim.depth > 0 &&
			    nesting(above.tdepth) > b->lim.depth)
				refuse(b, BUILDER_DEPTH);
		}
		stack_insert_at(b, k, &clone);
		note_tdepth(b, clone.tdepth);
		f.pos = k;
		list_set(b, (uint32_t)bookmark, &f);
	}
}

/* --- The insertion modes --- */

static void process(struct builder *, const struct btoken *);
static void in_body(struct builder *, const struct btoken *);

static bool
is_formatting_tag(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_B: case GUMBO_TAG_BIG: case GUMBO_TAG_CODE:
	case GUMBO_TAG_EM: case GUMBO_TAG_FONT: case GUMBO_TAG_I:
	case GUMBO_TAG_S: case GUMBO_TAG_SMALL: case GUMBO_TAG_STRIKE:
	case GUMBO_TAG_STRONG: case GUMBO_TAG_TT: case GUMBO_TAG_U:
		return true;
	default:
		return false;
	}
}

static bool
start(const struct btoken *t, uint16_t tag)
{
	return t->type == BT_START && t->tag == tag;
}

static bool
end(const struct btoken *t, uint16_t tag)
{
	return t->type == BT_END && t->tag == tag;
}

static bool
is_text(const struct btoken *t)
{
	return t->type == BT_CHARS || t->type == BT_SPACE;
}

/* The text insertion mode: only the raw element's end tag, or the end. */
static void
in_text(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_END || t->type == BT_EOF) {
		pop(b);
		b->s.mode = b->s.original_mode;
		b->s.lex = BLEX_DATA;
		b->reprocess = t->type == BT_EOF;
	}
}

static void
in_head(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE)
		return;
	if (start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (t->type == BT_START) {
		switch (t->tag) {
		case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT:
		case GUMBO_TAG_BGSOUND: case GUMBO_TAG_MENUITEM:
		case GUMBO_TAG_LINK: case GUMBO_TAG_META:
			push_void(b, t->tag, t);
			return;
		case GUMBO_TAG_TITLE:
			generic_raw(b, t, BLEX_RCDATA);
			return;
		case GUMBO_TAG_NOFRAMES:
		case GUMBO_TAG_STYLE:
			generic_raw(b, t, BLEX_RAWTEXT);
			return;
		case GUMBO_TAG_SCRIPT:
			generic_raw(b, t, BLEX_SCRIPT);
			return;
		case GUMBO_TAG_NOSCRIPT:
			push(b, t->tag, NS_HTML, t);
			b->s.mode = M_IN_HEAD_NOSCRIPT;
			return;
		case GUMBO_TAG_TEMPLATE:
			push(b, t->tag, NS_HTML, t);
			add_marker(b);
			b->s.frameset_ok = false;
			b->s.mode = M_IN_TEMPLATE;
			template_push(b, M_IN_TEMPLATE);
			return;
		case GUMBO_TAG_HEAD:
			return;
		default:
			break;
		}
	}
	if (end(t, GUMBO_TAG_HEAD)) {
		pop(b);
		b->s.mode = M_AFTER_HEAD;
		return;
	}
	if (end(t, GUMBO_TAG_TEMPLATE)) {
		if (!has_open(b, GUMBO_TAG_TEMPLATE))
			return;
		generate_all_implied(b);
		pop_until(b, GUMBO_TAG_TEMPLATE);
		clear_to_marker(b);
		template_pop(b);
		reset_mode(b);
		return;
	}
	if (t->type == BT_END && !end(t, GUMBO_TAG_BODY) &&
	    !end(t, GUMBO_TAG_HTML) && !end(t, GUMBO_TAG_BR))
		return;
	pop(b);
	b->s.mode = M_AFTER_HEAD;
	b->reprocess = true;
}

static void
in_head_noscript(struct builder *b, const struct btoken *t)
{
	if (start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (end(t, GUMBO_TAG_NOSCRIPT)) {
		pop(b);
		b->s.mode = M_IN_HEAD;
		return;
	}
	if (t->type == BT_SPACE || start(t, GUMBO_TAG_BASEFONT) ||
	    start(t, GUMBO_TAG_BGSOUND) || start(t, GUMBO_TAG_LINK) ||
	    start(t, GUMBO_TAG_META) || start(t, GUMBO_TAG_NOFRAMES) ||
	    start(t, GUMBO_TAG_STYLE)) {
		in_head(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_HEAD) || start(t, GUMBO_TAG_NOSCRIPT) ||
	    (t->type == BT_END && !end(t, GUMBO_TAG_BR)))
		return;
	pop(b);
	b->s.mode = M_IN_HEAD;
	b->reprocess = true;
}

static void
after_head(struct builder *b, const struct btoken *t)
{
	struct belem	 head;
	int64_t		 i;

	if (t->type == BT_SPACE)
		return;
	if (start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_BODY)) {
		b->s.body_elements = (uint32_t)b->s.elements;
		push_structure(b, t->tag, t);
		b->s.frameset_ok = false;
		b->s.mode = M_IN_BODY;
		return;
	}
	if (start(t, GUMBO_TAG_FRAMESET)) {
		push(b, t->tag, NS_HTML, t);
		b->s.mode = M_IN_FRAMESET;
		return;
	}
	if (t->type == BT_START) {
		switch (t->tag) {
		case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT:
		case GUMBO_TAG_BGSOUND: case GUMBO_TAG_LINK: case GUMBO_TAG_META:
		case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_SCRIPT:
		case GUMBO_TAG_STYLE: case GUMBO_TAG_TEMPLATE:
		case GUMBO_TAG_TITLE:
			/* The head again, for this element only. */
			memset(&head, 0, sizeof(head));
			head.serial = b->s.head;
			head.tag = GUMBO_TAG_HEAD;
			head.tdepth = 2;
			b->stack = room(b, b->stack, &b->stack_cap, b->s.depth,
			    sizeof(*b->stack));
			stack_set(b, b->s.depth++, &head);
			in_head(b, t);
			if ((i = stack_find(b, b->s.head)) != -1)
				stack_remove_at(b, (uint32_t)i);
			return;
		default:
			break;
		}
	}
	if (end(t, GUMBO_TAG_TEMPLATE)) {
		in_head(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_HEAD) || (t->type == BT_END &&
	    !end(t, GUMBO_TAG_BODY) && !end(t, GUMBO_TAG_HTML) &&
	    !end(t, GUMBO_TAG_BR)))
		return;
	b->s.body_elements = (uint32_t)b->s.elements;
	push_structure(b, GUMBO_TAG_BODY, NULL);
	b->s.mode = M_IN_BODY;
	b->reprocess = true;
}

/* The start tags of blocks that close an open p and are pushed. */
static bool
is_block_start(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_CENTER:
	case GUMBO_TAG_DETAILS: case GUMBO_TAG_DIR: case GUMBO_TAG_DIV:
	case GUMBO_TAG_DL: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_FIGCAPTION:
	case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER: case GUMBO_TAG_HEADER:
	case GUMBO_TAG_HGROUP: case GUMBO_TAG_MENU: case GUMBO_TAG_MAIN:
	case GUMBO_TAG_NAV: case GUMBO_TAG_OL: case GUMBO_TAG_P:
	case GUMBO_TAG_SECTION: case GUMBO_TAG_SUMMARY: case GUMBO_TAG_UL:
		return true;
	default:
		return false;
	}
}

/* The end tags of blocks, closed when in scope. */
static bool
is_block_end(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_BUTTON: case GUMBO_TAG_CENTER:
	case GUMBO_TAG_DETAILS: case GUMBO_TAG_DIR: case GUMBO_TAG_DIV:
	case GUMBO_TAG_DL: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_FIGCAPTION:
	case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER: case GUMBO_TAG_HEADER:
	case GUMBO_TAG_HGROUP: case GUMBO_TAG_LISTING: case GUMBO_TAG_MAIN:
	case GUMBO_TAG_MENU: case GUMBO_TAG_NAV: case GUMBO_TAG_OL:
	case GUMBO_TAG_PRE: case GUMBO_TAG_SECTION: case GUMBO_TAG_SUMMARY:
	case GUMBO_TAG_UL:
		return true;
	default:
		return false;
	}
}

/* A formatting element of the list, pushed, within the limits. */
static void
push_formatting(struct builder *b, const struct btoken *t)
{
	uint32_t	 i;

	if (!b->unlimited && b->lim.formatting_depth > 0 &&
	    push_depth(b) > b->lim.formatting_depth)
		refuse(b, BUILDER_FORMATTING);
	i = push(b, t->tag, NS_HTML, t);
	add_formatting(b, i, t);
}

/*
 * A second html or body tag: gumbo adds its attributes to the element's,
 * each compared with all there. Past the limit of attributes merged, a
 * tag's attributes are left out (the guard cuts them), so that a page
 * of such tags costs gumbo no more than one of other tags.
 */
static void
merge_attrs(struct builder *b, const struct btoken *t)
{
	b->s.work += t->nattrs;
	if (b->unlimited || b->lim.merged_attrs == 0 ||
	    b->s.merged + t->nattrs <= b->lim.merged_attrs)
		b->s.merged += (uint32_t)t->nattrs;
	else if (t->nattrs > 0)
		b->bare = true;
}

/* The last a of the list since its last marker, or -1. */
static int64_t
last_anchor(struct builder *b)
{
	uint32_t	 k;

	for (k = b->s.nlist; k-- > 0; ) {
		b->s.work++;
		if (b->list[k].serial == 0)
			return -1;
		if (b->list[k].tag == GUMBO_TAG_A)
			return k;
	}
	return -1;
}

/* Start tags in body. */
static void
in_body_start(struct builder *b, const struct btoken *t)
{
	int64_t		 i;

	switch (t->tag) {
	case GUMBO_TAG_HTML:
		if (!has_open(b, GUMBO_TAG_TEMPLATE))
			merge_attrs(b, t);
		return;
	case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT: case GUMBO_TAG_BGSOUND:
	case GUMBO_TAG_MENUITEM: case GUMBO_TAG_LINK: case GUMBO_TAG_META:
	case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE:
	case GUMBO_TAG_TEMPLATE: case GUMBO_TAG_TITLE:
		in_head(b, t);
		return;
	case GUMBO_TAG_BODY:
		if (b->s.depth < 2 || !is(&b->stack[1], GUMBO_TAG_BODY) ||
		    has_open(b, GUMBO_TAG_TEMPLATE))
			return;
		b->s.frameset_ok = false;
		merge_attrs(b, t);
		return;
	case GUMBO_TAG_FRAMESET:
		if (b->s.depth < 2 || !is(&b->stack[1], GUMBO_TAG_BODY) ||
		    !b->s.frameset_ok)
			return;
		/* body goes, with all in it. */
		pop_to(b, 1);
		b->s.nlist = 0;
		b->s.nformatting = 0;
		b->s.elements = b->s.body_elements;
		push(b, t->tag, NS_HTML, t);
		b->s.mode = M_IN_FRAMESET;
		return;
	case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
	case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
		close_p_in_button_scope(b);
		if (is_heading(current(b)))
			pop(b);
		push(b, t->tag, NS_HTML, t);
		return;
	case GUMBO_TAG_PRE:
	case GUMBO_TAG_LISTING:
		close_p_in_button_scope(b);
		push(b, t->tag, NS_HTML, t);
		b->s.ignore_lf = true;
		b->s.frameset_ok = false;
		return;
	case GUMBO_TAG_FORM:
		if (b->s.form != 0 && !has_open(b, GUMBO_TAG_TEMPLATE))
			return;
		close_p_in_button_scope(b);
		i = push(b, t->tag, NS_HTML, t);
		if (!has_open(b, GUMBO_TAG_TEMPLATE))
			b->s.form = b->stack[i].serial;
		return;
	case GUMBO_TAG_LI:
		close_list_item(b, true);
		close_p_in_button_scope(b);
		push(b, t->tag, NS_HTML, t);
		return;
	case GUMBO_TAG_DD:
	case GUMBO_TAG_DT:
		close_list_item(b, false);
		close_p_in_button_scope(b);
		push(b, t->tag, NS_HTML, t);
		return;
	case GUMBO_TAG_PLAINTEXT:
		close_p_in_button_scope(b);
		push(b, t->tag, NS_HTML, t);
		b->s.lex = BLEX_PLAINTEXT;
		return;
	case GUMBO_TAG_BUTTON:
		if (in_scope(b, GUMBO_TAG_BUTTON, SCOPE) != -1) {
			close_tags(b, GUMBO_TAG_BUTTON);
			b->reprocess = true;
			return;
		}
		reconstruct(b);
		push(b, t->tag, NS_HTML, t);
		b->s.frameset_ok = false;
		return;
	case GUMBO_TAG_A:
		if (last_anchor(b) != -1) {
			adoption_agency(b, GUMBO_TAG_A);
			/* What the agency left goes from list and stack. */
			if ((i = last_anchor(b)) != -1) {
				uint32_t serial = b->list[i].serial;

				list_remove_at(b, (uint32_t)i);
				if ((i = stack_find(b, serial)) != -1)
					stack_remove_at(b, (uint32_t)i);
			}
		}
		reconstruct(b);
		push_formatting(b, t);
		return;
	case GUMBO_TAG_NOBR:
		reconstruct(b);
		if (in_scope(b, GUMBO_TAG_NOBR, SCOPE) != -1) {
			adoption_agency(b, GUMBO_TAG_NOBR);
			reconstruct(b);
		}
		push_formatting(b, t);
		return;
	case GUMBO_TAG_APPLET: case GUMBO_TAG_MARQUEE: case GUMBO_TAG_OBJECT:
		reconstruct(b);
		push(b, t->tag, NS_HTML, t);
		add_marker(b);
		b->s.frameset_ok = false;
		return;
	case GUMBO_TAG_TABLE:
		if (!b->s.quirks)
			close_p_in_button_scope(b);
		push(b, t->tag, NS_HTML, t);
		b->s.frameset_ok = false;
		b->s.mode = M_IN_TABLE;
		return;
	case GUMBO_TAG_AREA: case GUMBO_TAG_BR: case GUMBO_TAG_EMBED:
	case GUMBO_TAG_IMG: case GUMBO_TAG_IMAGE: case GUMBO_TAG_KEYGEN:
	case GUMBO_TAG_WBR:
		reconstruct(b);
		push_void(b, t->tag == GUMBO_TAG_IMAGE ? GUMBO_TAG_IMG : t->tag,
		    t);
		b->s.frameset_ok = false;
		return;
	case GUMBO_TAG_INPUT:
		if (!attr_is(t, "type", "hidden"))
			b->s.frameset_ok = false;
		reconstruct(b);
		push_void(b, t->tag, t);
		return;
	case GUMBO_TAG_PARAM: case GUMBO_TAG_SOURCE: case GUMBO_TAG_TRACK:
		push_void(b, t->tag, t);
		return;
	case GUMBO_TAG_HR:
		close_p_in_button_scope(b);
		push_void(b, t->tag, t);
		b->s.frameset_ok = false;
		return;
	case GUMBO_TAG_ISINDEX:
		/* gumbo makes a form with a prompt of its own: left out. */
		refuse(b, BUILDER_LEFT_OUT);
		return;
	case GUMBO_TAG_TEXTAREA:
		generic_raw(b, t, BLEX_RCDATA);
		b->s.ignore_lf = true;
		b->s.frameset_ok = false;
		return;
	case GUMBO_TAG_XMP:
		close_p_in_button_scope(b);
		reconstruct(b);
		b->s.frameset_ok = false;
		generic_raw(b, t, BLEX_RAWTEXT);
		return;
	case GUMBO_TAG_IFRAME:
		b->s.frameset_ok = false;
		generic_raw(b, t, BLEX_RAWTEXT);
		return;
	case GUMBO_TAG_NOEMBED:
		generic_raw(b, t, BLEX_RAWTEXT);
		return;
	case GUMBO_TAG_SELECT:
		reconstruct(b);
		push(b, t->tag, NS_HTML, t);
		b->s.frameset_ok = false;
		switch (b->s.mode) {
		case M_IN_TABLE: case M_IN_CAPTION: case M_IN_TABLE_BODY:
		case M_IN_ROW: case M_IN_CELL:
			b->s.mode = M_IN_SELECT_IN_TABLE;
			break;
		default:
			b->s.mode = M_IN_SELECT;
			break;
		}
		return;
	case GUMBO_TAG_OPTION:
	case GUMBO_TAG_OPTGROUP:
		if (is(current(b), GUMBO_TAG_OPTION))
			pop(b);
		reconstruct(b);
		push(b, t->tag, NS_HTML, t);
		return;
	case GUMBO_TAG_RB: case GUMBO_TAG_RP: case GUMBO_TAG_RT:
	case GUMBO_TAG_RTC:
		if (in_scope(b, GUMBO_TAG_RUBY, SCOPE) != -1)
			generate_implied(b, t->tag == GUMBO_TAG_RT ||
			    t->tag == GUMBO_TAG_RP ? GUMBO_TAG_RTC :
			    GUMBO_TAG_LAST);
		push(b, t->tag, NS_HTML, t);
		return;
	case GUMBO_TAG_MATH:
	case GUMBO_TAG_SVG:
		reconstruct(b);
		push(b, t->tag, t->tag == GUMBO_TAG_MATH ? NS_MATH : NS_SVG, t);
		if (t->self_closing)
			pop(b);
		return;
	case GUMBO_TAG_CAPTION: case GUMBO_TAG_COL: case GUMBO_TAG_COLGROUP:
	case GUMBO_TAG_FRAME: case GUMBO_TAG_HEAD: case GUMBO_TAG_TBODY:
	case GUMBO_TAG_TD: case GUMBO_TAG_TFOOT: case GUMBO_TAG_TH:
	case GUMBO_TAG_THEAD: case GUMBO_TAG_TR:
		return;
	default:
		break;
	}
	if (is_block_start(t->tag)) {
		close_p_in_button_scope(b);
		push(b, t->tag, NS_HTML, t);
		return;
	}
	if (is_formatting_tag(t->tag)) {
		reconstruct(b);
		push_formatting(b, t);
		return;
	}
	reconstruct(b);
	push(b, t->tag, NS_HTML, t);
}

/* End tags in body. */
static void
in_body_end(struct builder *b, const struct btoken *t)
{
	const struct belem *e;
	int64_t		 i;
	uint32_t	 k;

	switch (t->tag) {
	case GUMBO_TAG_TEMPLATE:
		in_head(b, t);
		return;
	case GUMBO_TAG_BODY:
	case GUMBO_TAG_HTML:
		if (in_scope(b, GUMBO_TAG_BODY, SCOPE) == -1)
			return;
		b->s.work += b->s.depth;
		b->s.mode = M_AFTER_BODY;
		b->reprocess = t->tag == GUMBO_TAG_HTML;
		return;
	case GUMBO_TAG_FORM:
		if (has_open(b, GUMBO_TAG_TEMPLATE)) {
			if (in_scope(b, GUMBO_TAG_FORM, SCOPE) == -1)
				return;
			generate_implied(b, GUMBO_TAG_LAST);
			if (!is(current(b), GUMBO_TAG_FORM))
				return;
			pop_until(b, GUMBO_TAG_FORM);
			return;
		}
		k = b->s.form;
		b->s.form = 0;
		if (k == 0)
			return;
		/* The form element in scope, by identity. */
		for (i = b->s.depth; i-- > 0; ) {
			b->s.work++;
			if (b->stack[i].serial == k)
				break;
			if (is_scope_boundary(&b->stack[i]))
				return;
		}
		if (i < 0)
			return;
		generate_implied(b, GUMBO_TAG_LAST);
		if ((i = stack_find(b, k)) != -1)
			stack_remove_at(b, (uint32_t)i);
		return;
	case GUMBO_TAG_P:
		if (in_scope(b, GUMBO_TAG_P, SCOPE_BUTTON) == -1) {
			/* An empty p, closed at once. */
			push(b, GUMBO_TAG_P, NS_HTML, NULL);
			b->reprocess = true;
			return;
		}
		close_tags(b, GUMBO_TAG_P);
		return;
	case GUMBO_TAG_LI:
		if (in_scope(b, GUMBO_TAG_LI, SCOPE_LIST) != -1)
			close_tags(b, GUMBO_TAG_LI);
		return;
	case GUMBO_TAG_DD:
	case GUMBO_TAG_DT:
		if (in_scope(b, t->tag, SCOPE) != -1)
			close_tags(b, t->tag);
		return;
	case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
	case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
		if (!heading_in_scope(b))
			return;
		generate_implied(b, GUMBO_TAG_LAST);
		while (b->s.depth > 0) {
			b->s.work++;
			touch(b, --b->s.depth);
			if (is_heading(&b->stack[b->s.depth]))
				break;
		}
		return;
	case GUMBO_TAG_A: case GUMBO_TAG_B: case GUMBO_TAG_BIG:
	case GUMBO_TAG_CODE: case GUMBO_TAG_EM: case GUMBO_TAG_FONT:
	case GUMBO_TAG_I: case GUMBO_TAG_NOBR: case GUMBO_TAG_S:
	case GUMBO_TAG_SMALL: case GUMBO_TAG_STRIKE: case GUMBO_TAG_STRONG:
	case GUMBO_TAG_TT: case GUMBO_TAG_U:
		adoption_agency(b, t->tag);
		return;
	case GUMBO_TAG_APPLET: case GUMBO_TAG_MARQUEE: case GUMBO_TAG_OBJECT:
		if (in_scope(b, t->tag, SCOPE_TABLE) == -1)
			return;
		close_tags(b, t->tag);
		clear_to_marker(b);
		return;
	case GUMBO_TAG_BR:
		reconstruct(b);
		push_void(b, GUMBO_TAG_BR, NULL);
		return;
	default:
		break;
	}
	if (is_block_end(t->tag)) {
		if (in_scope(b, t->tag, SCOPE) != -1)
			close_tags(b, t->tag);
		return;
	}
	/* Any other end tag: the innermost of its tag, unless special. */
	for (i = b->s.depth; i-- > 0; ) {
		e = &b->stack[i];
		b->s.work++;
		if (is(e, t->tag)) {
			generate_implied(b, t->tag);
			if ((uint32_t)i < b->s.depth)
				pop_to(b, (uint32_t)i);
			return;
		}
		if (is_special(e))
			return;
	}
}

static void in_template(struct builder *, const struct btoken *);

static void
in_body(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_EOF) {
		if (template_mode(b) != M_INITIAL)
			in_template(b, t);
		return;
	}
	if (is_text(t)) {
		reconstruct(b);
		if (t->type == BT_CHARS)
			b->s.frameset_ok = false;
	} else if (t->type == BT_START)
		in_body_start(b, t);
	else if (t->type == BT_END)
		in_body_end(b, t);
}

static void
in_table(struct builder *b, const struct btoken *t)
{
	if (is_text(t)) {
		/*
		 * Pending table text: foster parented if not all spaces,
		 * where the current node is a part of a table (not, say,
		 * an SVG foreignObject the mode was left in by a select).
		 */
		if (t->type == BT_CHARS) {
			b->s.work += b->s.depth;
			b->foster = true;
			if (is_table_part(current(b)))
				b->fostered = true;
			reconstruct(b);
			b->foster = false;
		}
		return;
	}
	if (t->type == BT_START) {
		switch (t->tag) {
		case GUMBO_TAG_CAPTION:
			clear_to_context(b, GUMBO_TAG_TABLE, GUMBO_TAG_TABLE,
			    GUMBO_TAG_TABLE);
			add_marker(b);
			push(b, t->tag, NS_HTML, t);
			b->s.mode = M_IN_CAPTION;
			return;
		case GUMBO_TAG_COLGROUP:
			clear_to_context(b, GUMBO_TAG_TABLE, GUMBO_TAG_TABLE,
			    GUMBO_TAG_TABLE);
			push(b, t->tag, NS_HTML, t);
			b->s.mode = M_IN_COLUMN_GROUP;
			return;
		case GUMBO_TAG_COL:
			clear_to_context(b, GUMBO_TAG_TABLE, GUMBO_TAG_TABLE,
			    GUMBO_TAG_TABLE);
			push(b, GUMBO_TAG_COLGROUP, NS_HTML, NULL);
			b->s.mode = M_IN_COLUMN_GROUP;
			b->reprocess = true;
			return;
		case GUMBO_TAG_TBODY: case GUMBO_TAG_TFOOT: case GUMBO_TAG_THEAD:
		case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_TR:
			clear_to_context(b, GUMBO_TAG_TABLE, GUMBO_TAG_TABLE,
			    GUMBO_TAG_TABLE);
			b->s.mode = M_IN_TABLE_BODY;
			if (t->tag == GUMBO_TAG_TD || t->tag == GUMBO_TAG_TH ||
			    t->tag == GUMBO_TAG_TR) {
				push(b, GUMBO_TAG_TBODY, NS_HTML, NULL);
				b->reprocess = true;
			} else
				push(b, t->tag, NS_HTML, t);
			return;
		case GUMBO_TAG_TABLE:
			if (close_table(b))
				b->reprocess = true;
			return;
		case GUMBO_TAG_STYLE: case GUMBO_TAG_SCRIPT:
		case GUMBO_TAG_TEMPLATE:
			in_head(b, t);
			return;
		case GUMBO_TAG_INPUT:
			if (!attr_is(t, "type", "hidden"))
				break;
			push_void(b, t->tag, t);
			return;
		case GUMBO_TAG_FORM:
			if (b->s.form != 0 || has_open(b, GUMBO_TAG_TEMPLATE))
				return;
			b->s.form = b->stack[push(b, t->tag, NS_HTML, t)].serial;
			pop(b);
			return;
		default:
			break;
		}
	} else if (t->type == BT_END) {
		switch (t->tag) {
		case GUMBO_TAG_TABLE:
			close_table(b);
			return;
		case GUMBO_TAG_BODY: case GUMBO_TAG_CAPTION: case GUMBO_TAG_COL:
		case GUMBO_TAG_COLGROUP: case GUMBO_TAG_HTML:
		case GUMBO_TAG_TBODY: case GUMBO_TAG_TD: case GUMBO_TAG_TFOOT:
		case GUMBO_TAG_TH: case GUMBO_TAG_THEAD: case GUMBO_TAG_TR:
			return;
		case GUMBO_TAG_TEMPLATE:
			in_head(b, t);
			return;
		default:
			break;
		}
	}
	/* Anything else: as in body, foster parented. */
	b->s.work += b->s.depth;
	b->foster = true;
	in_body(b, t);
	b->foster = false;
}

static void
in_caption(struct builder *b, const struct btoken *t)
{
	if (end(t, GUMBO_TAG_CAPTION)) {
		if (in_scope(b, GUMBO_TAG_CAPTION, SCOPE_TABLE) == -1)
			return;
		generate_implied(b, GUMBO_TAG_LAST);
		pop_until(b, GUMBO_TAG_CAPTION);
		clear_to_marker(b);
		b->s.mode = M_IN_TABLE;
		return;
	}
	if (end(t, GUMBO_TAG_TABLE) || (t->type == BT_START &&
	    (t->tag == GUMBO_TAG_CAPTION || t->tag == GUMBO_TAG_COL ||
	    t->tag == GUMBO_TAG_COLGROUP || t->tag == GUMBO_TAG_TBODY ||
	    t->tag == GUMBO_TAG_TD || t->tag == GUMBO_TAG_TFOOT ||
	    t->tag == GUMBO_TAG_TH || t->tag == GUMBO_TAG_THEAD ||
	    t->tag == GUMBO_TAG_TR))) {
		if (in_scope(b, GUMBO_TAG_CAPTION, SCOPE_TABLE) == -1)
			return;
		pop_until(b, GUMBO_TAG_CAPTION);
		clear_to_marker(b);
		b->s.mode = M_IN_TABLE;
		b->reprocess = true;
		return;
	}
	if (t->type == BT_END && (t->tag == GUMBO_TAG_BODY ||
	    t->tag == GUMBO_TAG_COL || t->tag == GUMBO_TAG_COLGROUP ||
	    t->tag == GUMBO_TAG_HTML || t->tag == GUMBO_TAG_TBODY ||
	    t->tag == GUMBO_TAG_TD || t->tag == GUMBO_TAG_TFOOT ||
	    t->tag == GUMBO_TAG_TH || t->tag == GUMBO_TAG_THEAD ||
	    t->tag == GUMBO_TAG_TR))
		return;
	in_body(b, t);
}

static void
in_column_group(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE)
		return;
	if (start(t, GUMBO_TAG_HTML) || t->type == BT_EOF) {
		in_body(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_COL)) {
		push_void(b, t->tag, t);
		return;
	}
	if (end(t, GUMBO_TAG_COLGROUP)) {
		if (!is(current(b), GUMBO_TAG_COLGROUP))
			return;
		pop(b);
		b->s.mode = M_IN_TABLE;
		return;
	}
	if (end(t, GUMBO_TAG_COL))
		return;
	if (start(t, GUMBO_TAG_TEMPLATE) || end(t, GUMBO_TAG_TEMPLATE)) {
		in_head(b, t);
		return;
	}
	if (!is(current(b), GUMBO_TAG_COLGROUP))
		return;
	pop(b);
	b->s.mode = M_IN_TABLE;
	b->reprocess = true;
}

static void
in_table_body(struct builder *b, const struct btoken *t)
{
	if (start(t, GUMBO_TAG_TR)) {
		clear_to_context(b, GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT,
		    GUMBO_TAG_THEAD);
		push(b, t->tag, NS_HTML, t);
		b->s.mode = M_IN_ROW;
		return;
	}
	if (start(t, GUMBO_TAG_TD) || start(t, GUMBO_TAG_TH)) {
		clear_to_context(b, GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT,
		    GUMBO_TAG_THEAD);
		push(b, GUMBO_TAG_TR, NS_HTML, NULL);
		b->s.mode = M_IN_ROW;
		b->reprocess = true;
		return;
	}
	if (end(t, GUMBO_TAG_TBODY) || end(t, GUMBO_TAG_TFOOT) ||
	    end(t, GUMBO_TAG_THEAD)) {
		if (in_scope(b, t->tag, SCOPE_TABLE) == -1)
			return;
		clear_to_context(b, GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT,
		    GUMBO_TAG_THEAD);
		pop(b);
		b->s.mode = M_IN_TABLE;
		return;
	}
	if (end(t, GUMBO_TAG_TABLE) || (t->type == BT_START &&
	    (t->tag == GUMBO_TAG_CAPTION || t->tag == GUMBO_TAG_COL ||
	    t->tag == GUMBO_TAG_COLGROUP || t->tag == GUMBO_TAG_TBODY ||
	    t->tag == GUMBO_TAG_TFOOT || t->tag == GUMBO_TAG_THEAD))) {
		if (in_scope(b, GUMBO_TAG_TBODY, SCOPE_TABLE) == -1 &&
		    in_scope(b, GUMBO_TAG_THEAD, SCOPE_TABLE) == -1 &&
		    in_scope(b, GUMBO_TAG_TFOOT, SCOPE_TABLE) == -1)
			return;
		clear_to_context(b, GUMBO_TAG_TBODY, GUMBO_TAG_TFOOT,
		    GUMBO_TAG_THEAD);
		pop(b);
		b->s.mode = M_IN_TABLE;
		b->reprocess = true;
		return;
	}
	if (t->type == BT_END && (t->tag == GUMBO_TAG_BODY ||
	    t->tag == GUMBO_TAG_CAPTION || t->tag == GUMBO_TAG_COL ||
	    t->tag == GUMBO_TAG_TR || t->tag == GUMBO_TAG_COLGROUP ||
	    t->tag == GUMBO_TAG_HTML || t->tag == GUMBO_TAG_TD ||
	    t->tag == GUMBO_TAG_TH))
		return;
	in_table(b, t);
}

static void
in_row(struct builder *b, const struct btoken *t)
{
	if (start(t, GUMBO_TAG_TH) || start(t, GUMBO_TAG_TD)) {
		clear_to_context(b, GUMBO_TAG_TR, GUMBO_TAG_TR, GUMBO_TAG_TR);
		push(b, t->tag, NS_HTML, t);
		b->s.mode = M_IN_CELL;
		add_marker(b);
		return;
	}
	if (end(t, GUMBO_TAG_TR)) {
		if (in_scope(b, GUMBO_TAG_TR, SCOPE_TABLE) == -1)
			return;
		clear_to_context(b, GUMBO_TAG_TR, GUMBO_TAG_TR, GUMBO_TAG_TR);
		pop(b);
		b->s.mode = M_IN_TABLE_BODY;
		return;
	}
	if (end(t, GUMBO_TAG_TABLE) || (t->type == BT_START &&
	    (t->tag == GUMBO_TAG_CAPTION || t->tag == GUMBO_TAG_COL ||
	    t->tag == GUMBO_TAG_COLGROUP || t->tag == GUMBO_TAG_TBODY ||
	    t->tag == GUMBO_TAG_TFOOT || t->tag == GUMBO_TAG_THEAD ||
	    t->tag == GUMBO_TAG_TR))) {
		if (in_scope(b, GUMBO_TAG_TR, SCOPE_TABLE) == -1)
			return;
		clear_to_context(b, GUMBO_TAG_TR, GUMBO_TAG_TR, GUMBO_TAG_TR);
		pop(b);
		b->s.mode = M_IN_TABLE_BODY;
		b->reprocess = true;
		return;
	}
	if (end(t, GUMBO_TAG_TBODY) || end(t, GUMBO_TAG_TFOOT) ||
	    end(t, GUMBO_TAG_THEAD)) {
		if (in_scope(b, t->tag, SCOPE_TABLE) == -1 ||
		    in_scope(b, GUMBO_TAG_TR, SCOPE_TABLE) == -1)
			return;
		clear_to_context(b, GUMBO_TAG_TR, GUMBO_TAG_TR, GUMBO_TAG_TR);
		pop(b);
		b->s.mode = M_IN_TABLE_BODY;
		b->reprocess = true;
		return;
	}
	if (t->type == BT_END && (t->tag == GUMBO_TAG_BODY ||
	    t->tag == GUMBO_TAG_CAPTION || t->tag == GUMBO_TAG_COL ||
	    t->tag == GUMBO_TAG_COLGROUP || t->tag == GUMBO_TAG_HTML ||
	    t->tag == GUMBO_TAG_TD || t->tag == GUMBO_TAG_TH))
		return;
	in_table(b, t);
}

static void
in_cell(struct builder *b, const struct btoken *t)
{
	if (end(t, GUMBO_TAG_TD) || end(t, GUMBO_TAG_TH)) {
		if (in_scope(b, t->tag, SCOPE_TABLE) == -1)
			return;
		close_cell(b, t->tag);
		return;
	}
	if (t->type == BT_START && (t->tag == GUMBO_TAG_CAPTION ||
	    t->tag == GUMBO_TAG_COL || t->tag == GUMBO_TAG_COLGROUP ||
	    t->tag == GUMBO_TAG_TBODY || t->tag == GUMBO_TAG_TD ||
	    t->tag == GUMBO_TAG_TFOOT || t->tag == GUMBO_TAG_TH ||
	    t->tag == GUMBO_TAG_THEAD || t->tag == GUMBO_TAG_TR)) {
		if (in_scope(b, GUMBO_TAG_TH, SCOPE_TABLE) == -1 &&
		    in_scope(b, GUMBO_TAG_TD, SCOPE_TABLE) == -1)
			return;
		b->reprocess = true;
		close_current_cell(b);
		return;
	}
	if (t->type == BT_END && (t->tag == GUMBO_TAG_BODY ||
	    t->tag == GUMBO_TAG_CAPTION || t->tag == GUMBO_TAG_COL ||
	    t->tag == GUMBO_TAG_COLGROUP || t->tag == GUMBO_TAG_HTML))
		return;
	if (t->type == BT_END && (t->tag == GUMBO_TAG_TABLE ||
	    t->tag == GUMBO_TAG_TBODY || t->tag == GUMBO_TAG_TFOOT ||
	    t->tag == GUMBO_TAG_THEAD || t->tag == GUMBO_TAG_TR)) {
		if (in_scope(b, t->tag, SCOPE_TABLE) == -1)
			return;
		b->reprocess = true;
		close_current_cell(b);
		return;
	}
	in_body(b, t);
}

static void
in_select(struct builder *b, const struct btoken *t)
{
	struct belem	*e;

	if (is_text(t))
		return;
	if (start(t, GUMBO_TAG_HTML) || t->type == BT_EOF) {
		in_body(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_OPTION)) {
		if (is(current(b), GUMBO_TAG_OPTION))
			pop(b);
		push(b, t->tag, NS_HTML, t);
		return;
	}
	if (start(t, GUMBO_TAG_OPTGROUP)) {
		if (is(current(b), GUMBO_TAG_OPTION))
			pop(b);
		if (is(current(b), GUMBO_TAG_OPTGROUP))
			pop(b);
		push(b, t->tag, NS_HTML, t);
		return;
	}
	if (end(t, GUMBO_TAG_OPTGROUP)) {
		e = current(b);
		if (is(e, GUMBO_TAG_OPTION) && b->s.depth >= 2 &&
		    is(&b->stack[b->s.depth - 2], GUMBO_TAG_OPTGROUP))
			pop(b);
		if (is(current(b), GUMBO_TAG_OPTGROUP))
			pop(b);
		return;
	}
	if (end(t, GUMBO_TAG_OPTION)) {
		if (is(current(b), GUMBO_TAG_OPTION))
			pop(b);
		return;
	}
	if (end(t, GUMBO_TAG_SELECT)) {
		if (in_scope(b, GUMBO_TAG_SELECT, SCOPE_SELECT) != -1)
			close_select(b);
		return;
	}
	if (start(t, GUMBO_TAG_SELECT)) {
		if (in_scope(b, GUMBO_TAG_SELECT, SCOPE_SELECT) != -1)
			close_select(b);
		return;
	}
	if (start(t, GUMBO_TAG_INPUT) || start(t, GUMBO_TAG_KEYGEN) ||
	    start(t, GUMBO_TAG_TEXTAREA)) {
		if (in_scope(b, GUMBO_TAG_SELECT, SCOPE_SELECT) != -1) {
			close_select(b);
			b->reprocess = true;
		}
		return;
	}
	if (start(t, GUMBO_TAG_SCRIPT) || start(t, GUMBO_TAG_TEMPLATE) ||
	    end(t, GUMBO_TAG_TEMPLATE))
		in_head(b, t);
}

static void
in_select_in_table(struct builder *b, const struct btoken *t)
{
	bool	 table_tag = t->tag == GUMBO_TAG_CAPTION ||
		    t->tag == GUMBO_TAG_TABLE || t->tag == GUMBO_TAG_TBODY ||
		    t->tag == GUMBO_TAG_TFOOT || t->tag == GUMBO_TAG_THEAD ||
		    t->tag == GUMBO_TAG_TR || t->tag == GUMBO_TAG_TD ||
		    t->tag == GUMBO_TAG_TH;

	if (t->type == BT_START && table_tag) {
		close_select(b);
		b->reprocess = true;
		return;
	}
	if (t->type == BT_END && table_tag) {
		if (in_scope(b, t->tag, SCOPE_TABLE) == -1)
			return;
		close_select(b);
		b->reprocess = true;
		return;
	}
	in_select(b, t);
}

static void
in_template(struct builder *b, const struct btoken *t)
{
	uint8_t	 mode;

	if (is_text(t)) {
		in_body(b, t);
		return;
	}
	if (t->type == BT_START) {
		switch (t->tag) {
		case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT:
		case GUMBO_TAG_BGSOUND: case GUMBO_TAG_LINK: case GUMBO_TAG_META:
		case GUMBO_TAG_NOFRAMES: case GUMBO_TAG_SCRIPT:
		case GUMBO_TAG_STYLE: case GUMBO_TAG_TEMPLATE:
		case GUMBO_TAG_TITLE:
			in_head(b, t);
			return;
		case GUMBO_TAG_CAPTION: case GUMBO_TAG_COLGROUP:
		case GUMBO_TAG_TBODY: case GUMBO_TAG_TFOOT: case GUMBO_TAG_THEAD:
			mode = M_IN_TABLE;
			break;
		case GUMBO_TAG_COL:
			mode = M_IN_COLUMN_GROUP;
			break;
		case GUMBO_TAG_TR:
			mode = M_IN_TABLE_BODY;
			break;
		case GUMBO_TAG_TD:
		case GUMBO_TAG_TH:
			mode = M_IN_ROW;
			break;
		default:
			mode = M_IN_BODY;
			break;
		}
		template_pop(b);
		template_push(b, mode);
		b->s.mode = mode;
		b->reprocess = true;
		return;
	}
	if (end(t, GUMBO_TAG_TEMPLATE)) {
		in_head(b, t);
		return;
	}
	if (t->type == BT_EOF && has_open(b, GUMBO_TAG_TEMPLATE)) {
		pop_until(b, GUMBO_TAG_TEMPLATE);
		clear_to_marker(b);
		template_pop(b);
		reset_mode(b);
		b->reprocess = true;
	}
}

static void
after_body(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE || start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (end(t, GUMBO_TAG_HTML)) {
		b->s.mode = M_AFTER_AFTER_BODY;
		return;
	}
	if (t->type == BT_EOF)
		return;
	b->s.mode = M_IN_BODY;
	b->reprocess = true;
}

static void
in_frameset(struct builder *b, const struct btoken *t)
{
	if (start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_FRAMESET)) {
		push(b, t->tag, NS_HTML, t);
		return;
	}
	if (end(t, GUMBO_TAG_FRAMESET)) {
		if (is(current(b), GUMBO_TAG_HTML))
			return;
		pop(b);
		if (!is(current(b), GUMBO_TAG_FRAMESET))
			b->s.mode = M_AFTER_FRAMESET;
		return;
	}
	if (start(t, GUMBO_TAG_FRAME)) {
		push_void(b, t->tag, t);
		return;
	}
	if (start(t, GUMBO_TAG_NOFRAMES))
		in_head(b, t);
}

static void
after_frameset(struct builder *b, const struct btoken *t)
{
	if (start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (end(t, GUMBO_TAG_HTML)) {
		b->s.mode = M_AFTER_AFTER_FRAMESET;
		return;
	}
	if (start(t, GUMBO_TAG_NOFRAMES))
		in_head(b, t);
}

static void
after_after_body(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE || start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (t->type == BT_EOF)
		return;
	b->s.mode = M_IN_BODY;
	b->reprocess = true;
}

static void
after_after_frameset(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE || start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_NOFRAMES))
		in_head(b, t);
}

static void
initial(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE)
		return;
	b->s.quirks = true;
	b->s.mode = M_BEFORE_HTML;
	b->reprocess = true;
}

static void
before_html(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE)
		return;
	if (start(t, GUMBO_TAG_HTML)) {
		push_structure(b, t->tag, t);
		b->s.mode = M_BEFORE_HEAD;
		return;
	}
	if (t->type == BT_END && !end(t, GUMBO_TAG_HEAD) &&
	    !end(t, GUMBO_TAG_BODY) && !end(t, GUMBO_TAG_HTML) &&
	    !end(t, GUMBO_TAG_BR))
		return;
	push_structure(b, GUMBO_TAG_HTML, NULL);
	b->s.mode = M_BEFORE_HEAD;
	b->reprocess = true;
}

static void
before_head(struct builder *b, const struct btoken *t)
{
	if (t->type == BT_SPACE)
		return;
	if (start(t, GUMBO_TAG_HTML)) {
		in_body(b, t);
		return;
	}
	if (start(t, GUMBO_TAG_HEAD)) {
		b->s.head = b->stack[push_structure(b, t->tag, t)].serial;
		b->s.mode = M_IN_HEAD;
		return;
	}
	if (t->type == BT_END && !end(t, GUMBO_TAG_HEAD) &&
	    !end(t, GUMBO_TAG_BODY) && !end(t, GUMBO_TAG_HTML) &&
	    !end(t, GUMBO_TAG_BR))
		return;
	b->s.head = b->stack[push_structure(b, GUMBO_TAG_HEAD, NULL)].serial;
	b->s.mode = M_IN_HEAD;
	b->reprocess = true;
}

static void
html_content(struct builder *b, const struct btoken *t)
{
	switch (b->s.mode) {
	case M_INITIAL: initial(b, t); break;
	case M_BEFORE_HTML: before_html(b, t); break;
	case M_BEFORE_HEAD: before_head(b, t); break;
	case M_IN_HEAD: in_head(b, t); break;
	case M_IN_HEAD_NOSCRIPT: in_head_noscript(b, t); break;
	case M_AFTER_HEAD: after_head(b, t); break;
	case M_IN_BODY: in_body(b, t); break;
	case M_TEXT: in_text(b, t); break;
	case M_IN_TABLE: in_table(b, t); break;
	case M_IN_TABLE_TEXT: in_table(b, t); break;
	case M_IN_CAPTION: in_caption(b, t); break;
	case M_IN_COLUMN_GROUP: in_column_group(b, t); break;
	case M_IN_TABLE_BODY: in_table_body(b, t); break;
	case M_IN_ROW: in_row(b, t); break;
	case M_IN_CELL: in_cell(b, t); break;
	case M_IN_SELECT: in_select(b, t); break;
	case M_IN_SELECT_IN_TABLE: in_select_in_table(b, t); break;
	case M_IN_TEMPLATE: in_template(b, t); break;
	case M_AFTER_BODY: after_body(b, t); break;
	case M_IN_FRAMESET: in_frameset(b, t); break;
	case M_AFTER_FRAMESET: after_frameset(b, t); break;
	case M_AFTER_AFTER_BODY: after_after_body(b, t); break;
	case M_AFTER_AFTER_FRAMESET: after_after_frameset(b, t); break;
	default: break;
	}
}

/* --- Foreign content --- */

static bool
is_mathml_text_ip(const struct belem *e)
{
	return e->ns == NS_MATH && (e->tag == GUMBO_TAG_MI ||
	    e->tag == GUMBO_TAG_MO || e->tag == GUMBO_TAG_MN ||
	    e->tag == GUMBO_TAG_MS || e->tag == GUMBO_TAG_MTEXT);
}

static bool
is_html_ip(const struct belem *e)
{
	return (e->ns == NS_SVG && (e->tag == GUMBO_TAG_FOREIGNOBJECT ||
	    e->tag == GUMBO_TAG_DESC || e->tag == GUMBO_TAG_TITLE)) ||
	    e->html_ip;
}

/* The start tags that leave foreign content for HTML. */
static bool
breaks_out(const struct btoken *t)
{
	switch (t->tag) {
	case GUMBO_TAG_B: case GUMBO_TAG_BIG: case GUMBO_TAG_BLOCKQUOTE:
	case GUMBO_TAG_BODY: case GUMBO_TAG_BR: case GUMBO_TAG_CENTER:
	case GUMBO_TAG_CODE: case GUMBO_TAG_DD: case GUMBO_TAG_DIV:
	case GUMBO_TAG_DL: case GUMBO_TAG_DT: case GUMBO_TAG_EM:
	case GUMBO_TAG_EMBED: case GUMBO_TAG_H1: case GUMBO_TAG_H2:
	case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
	case GUMBO_TAG_H6: case GUMBO_TAG_HEAD: case GUMBO_TAG_HR:
	case GUMBO_TAG_I: case GUMBO_TAG_IMG: case GUMBO_TAG_LI:
	case GUMBO_TAG_LISTING: case GUMBO_TAG_MENU: case GUMBO_TAG_META:
	case GUMBO_TAG_NOBR: case GUMBO_TAG_OL: case GUMBO_TAG_P:
	case GUMBO_TAG_PRE: case GUMBO_TAG_RUBY: case GUMBO_TAG_S:
	case GUMBO_TAG_SMALL: case GUMBO_TAG_SPAN: case GUMBO_TAG_STRONG:
	case GUMBO_TAG_STRIKE: case GUMBO_TAG_SUB: case GUMBO_TAG_SUP:
	case GUMBO_TAG_TABLE: case GUMBO_TAG_TT: case GUMBO_TAG_U:
	case GUMBO_TAG_UL: case GUMBO_TAG_VAR:
		return true;
	case GUMBO_TAG_FONT:
		return find_attr(t, "color") != NULL ||
		    find_attr(t, "face") != NULL ||
		    find_attr(t, "size") != NULL;
	default:
		return false;
	}
}

/* Names as written, ASCII letters in any case. */
static bool
same_name(const char *a, size_t alen, const char *c, size_t clen)
{
	size_t	 i;

	if (alen != clen)
		return false;
	for (i = 0; i < alen; i++)
		if (ascii_lower((unsigned char)a[i]) !=
		    ascii_lower((unsigned char)c[i]))
			return false;
	return true;
}

static void
foreign_content(struct builder *b, const struct btoken *t)
{
	struct belem	*e;
	uint8_t		 ns;
	uint32_t	 i;

	if (is_text(t) || t->type == BT_NUL) {
		/* A NUL byte is text there, made U+FFFD. */
		if (t->type == BT_CHARS)
			b->s.frameset_ok = false;
		return;
	}
	if (t->type == BT_START) {
		if (breaks_out(t)) {
			do {
				b->s.work++;
				pop(b);
				e = current(b);
			} while (e != NULL && !is_mathml_text_ip(e) &&
			    !is_html_ip(e) && e->ns != NS_HTML);
			b->reprocess = true;
			return;
		}
		ns = current(b)->ns;
		push(b, t->tag, ns, t);
		if (t->self_closing)
			pop(b);
		return;
	}
	/* An end tag: the foreign element of its name, if any is open. */
	for (i = b->s.depth; i-- > 1; ) {
		e = &b->stack[i];
		b->s.work++;
		if (e->ns == NS_HTML)
			break;
		if (same_name(e->name, e->name_len, t->name, t->name_len)) {
			pop_to(b, i);
			return;
		}
	}
	html_content(b, t);
}

/* gumbo's handle_token: HTML rules, or those of foreign content. */
static void
dispatch(struct builder *b, const struct btoken *t)
{
	const struct belem *e = current(b);

	if (e == NULL || e->ns == NS_HTML || t->type == BT_EOF ||
	    (is_mathml_text_ip(e) && (is_text(t) || t->type == BT_NUL ||
	    (t->type == BT_START && t->tag != GUMBO_TAG_MGLYPH &&
	    t->tag != GUMBO_TAG_MALIGNMARK))) ||
	    (e->ns == NS_MATH && e->tag == GUMBO_TAG_ANNOTATION_XML &&
	    start(t, GUMBO_TAG_SVG)) ||
	    (is_html_ip(e) && (t->type == BT_START || is_text(t) ||
	    t->type == BT_NUL)))
		html_content(b, t);
	else
		foreign_content(b, t);
}

/*
 * A token, with the reprocessing the rules ask for: a few rounds, or
 * one for each element the end of the page closes.
 */
static void
process(struct builder *b, const struct btoken *t)
{
	uint64_t rounds = 2 * (uint64_t)b->s.depth + 64;

	do {
		b->reprocess = false;
		dispatch(b, t);
	} while (b->reprocess && rounds-- > 0);
}

/*
 * Runs a token as one transaction: returns BUILDER_KEPT with the model
 * moved on, or the reason it was refused with the model as it was.
 */
static int
transact(struct builder *b, const struct btoken *t)
{
	uint64_t volatile work;
	int	 reason;

	b->saved = b->s;
	b->saved_arena = b->arena_len;
	b->njournal = 0;
	b->exempt = false;
	if ((reason = setjmp(b->abort)) != 0) {
		/* The search done stays counted: it bounds the model too. */
		work = b->s.work;
		rollback(b);
		b->s.work = work;
		b->arena_len = b->saved_arena;
		b->exempt = false;
		/* Nothing changed: none of the last token's doing is left. */
		b->s.low = b->s.depth;
		b->fostered = false;
		return reason;
	}
	if (t->type == BT_START || t->type == BT_END)
		b->s.ignore_lf = false;
	b->foster = b->fostered = false;
	b->bare = false;
	b->s.low = b->s.depth;
	process(b, t);
	return b->bare ? BUILDER_BARE : BUILDER_KEPT;
}

/*
 * Public identifiers that put a page in quirks mode. gumbo compares
 * them whole, ASCII letters in any case (the standard takes them as
 * prefixes); the ones in the second list exactly.
 */
static const char *const quirks_public[] = {
	"+//Silmaril//dtd html Pro v0r11 19970101//",
	"-//AdvaSoft Ltd//DTD HTML 3.0 asWedit + extensions//",
	"-//AS//DTD HTML 3.0 asWedit + extensions//",
	"-//IETF//DTD HTML 2.0 Level 1//",
	"-//IETF//DTD HTML 2.0 Level 2//",
	"-//IETF//DTD HTML 2.0 Strict Level 1//",
	"-//IETF//DTD HTML 2.0 Strict Level 2//",
	"-//IETF//DTD HTML 2.0 Strict//",
	"-//IETF//DTD HTML 2.0//",
	"-//IETF//DTD HTML 2.1E//",
	"-//IETF//DTD HTML 3.0//",
	"-//IETF//DTD HTML 3.2 Final//",
	"-//IETF//DTD HTML 3.2//",
	"-//IETF//DTD HTML 3//",
	"-//IETF//DTD HTML Level 0//",
	"-//IETF//DTD HTML Level 1//",
	"-//IETF//DTD HTML Level 2//",
	"-//IETF//DTD HTML Level 3//",
	"-//IETF//DTD HTML Strict Level 0//",
	"-//IETF//DTD HTML Strict Level 1//",
	"-//IETF//DTD HTML Strict Level 2//",
	"-//IETF//DTD HTML Strict Level 3//",
	"-//IETF//DTD HTML Strict//",
	"-//IETF//DTD HTML//",
	"-//Metrius//DTD Metrius Presentational//",
	"-//Microsoft//DTD Internet Explorer 2.0 HTML Strict//",
	"-//Microsoft//DTD Internet Explorer 2.0 HTML//",
	"-//Microsoft//DTD Internet Explorer 2.0 Tables//",
	"-//Microsoft//DTD Internet Explorer 3.0 HTML Strict//",
	"-//Microsoft//DTD Internet Explorer 3.0 HTML//",
	"-//Microsoft//DTD Internet Explorer 3.0 Tables//",
	"-//Netscape Comm. Corp.//DTD HTML//",
	"-//Netscape Comm. Corp.//DTD Strict HTML//",
	"-//O'Reilly and Associates//DTD HTML 2.0//",
	"-//O'Reilly and Associates//DTD HTML Extended 1.0//",
	"-//O'Reilly and Associates//DTD HTML Extended Relaxed 1.0//",
	"-//SoftQuad Software//DTD HoTMetaL PRO 6.0::19990601::"
	    "extensions to HTML 4.0//",
	"-//SoftQuad//DTD HoTMetaL PRO 4.0::19971010::"
	    "extensions to HTML 4.0//",
	"-//Spyglass//DTD HTML 2.0 Extended//",
	"-//SQ//DTD HTML 2.0 HoTMetaL + extensions//",
	"-//Sun Microsystems Corp.//DTD HotJava HTML//",
	"-//Sun Microsystems Corp.//DTD HotJava Strict HTML//",
	"-//W3C//DTD HTML 3 1995-03-24//",
	"-//W3C//DTD HTML 3.2 Draft//",
	"-//W3C//DTD HTML 3.2 Final//",
	"-//W3C//DTD HTML 3.2//",
	"-//W3C//DTD HTML 3.2S Draft//",
	"-//W3C//DTD HTML 4.0 Frameset//",
	"-//W3C//DTD HTML 4.0 Transitional//",
	"-//W3C//DTD HTML Experimental 19960712//",
	"-//W3C//DTD HTML Experimental 970421//",
	"-//W3C//DTD W3 HTML//",
	"-//W3O//DTD W3 HTML 3.0//",
	"-//WebTechs//DTD Mozilla HTML 2.0//",
	"-//WebTechs//DTD Mozilla HTML//",
	NULL
};

static const char *const quirks_public_exact[] = {
	"-//W3O//DTD W3 HTML Strict 3.0//EN//",
	"-/W3C/DTD HTML 4.0 Transitional/EN",
	"HTML",
	NULL
};

/* ... and those that do when the doctype has no system identifier. */
static const char *const quirks_public_no_system[] = {
	"-//W3C//DTD HTML 4.01 Frameset//",
	"-//W3C//DTD HTML 4.01 Transitional//",
	NULL
};

static bool
listed(const char *id, size_t len, const char *const *list, bool any_case)
{
	for (; *list != NULL; list++)
		if (strlen(*list) == len && (any_case ?
		    strncasecmp(*list, id, len) : strncmp(*list, id, len)) == 0)
			return true;
	return false;
}

/*
 * Whether gumbo puts a page with this doctype (well formed) in quirks
 * mode: a name other than html, or one of the identifiers above.
 */
bool
builder_quirks(const char *name, size_t name_len, const char *pub,
    size_t pub_len, bool has_pub, const char *sys, size_t sys_len,
    bool has_sys)
{
	return name_len != 4 || strncasecmp(name, "html", 4) != 0 ||
	    (has_pub && (listed(pub, pub_len, quirks_public, true) ||
	    listed(pub, pub_len, quirks_public_exact, false) ||
	    (!has_sys && listed(pub, pub_len, quirks_public_no_system,
	    true)))) ||
	    (has_sys && sys_len == 58 && strncmp(sys,
	    "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd",
	    58) == 0);
}

/*
 * Whether p (n bytes) starts "script" and then a space, '/' or '>', any
 * case; or ends after "script", if more text may follow.
 */
static bool
script_name_at(const char *p, size_t n, bool more)
{
	if (n < 6 || strncasecmp(p, "script", 6) != 0)
		return false;
	if (n == 6)
		return more;
	return ascii_is_space((unsigned char)p[6]) || p[6] == '/' ||
	    p[6] == '>';
}

/*
 * One step of the tokenizer's script states over the text at p (n > 0
 * bytes left; more if text not known here may follow): moves *state
 * over the *k bytes it takes. Returns SCRIPT_ENDS if p starts the end
 * tag that ends the script (k is 1, the state moved as if the '<' were
 * text), SCRIPT_DOUBLES if a "<script" that starts a double-escaped
 * part (taken whole), else SCRIPT_TEXT.
 */
int
script_step(uint8_t *state, const char *p, size_t n, bool more, size_t *k)
{
	bool	 end_tag = n > 2 && p[0] == '<' && p[1] == '/' &&
		    script_name_at(p + 2, n - 2, more);

	*k = 1;
	if (*state == SCRIPT_DATA) {
		if (end_tag)
			return SCRIPT_ENDS;
		if (n >= 4 && memcmp(p, "<!--", 4) == 0) {
			*state = SCRIPT_DASH_DASH;
			*k = 4;
		}
		return SCRIPT_TEXT;
	}
	if (*state < SCRIPT_DOUBLE) {
		if (end_tag) {
			*state = SCRIPT_ESCAPED;
			return SCRIPT_ENDS;
		}
		if (p[0] == '<' && script_name_at(p + 1, n - 1, more)) {
			*state = SCRIPT_DOUBLE;
			*k = 7;
			return SCRIPT_DOUBLES;
		}
		if (p[0] == '-')
			*state = *state == SCRIPT_ESCAPED ? SCRIPT_DASH :
			    SCRIPT_DASH_DASH;
		else if (p[0] == '>' && *state == SCRIPT_DASH_DASH)
			*state = SCRIPT_DATA;
		else
			*state = SCRIPT_ESCAPED;
		return SCRIPT_TEXT;
	}
	if (end_tag) {
		*state = SCRIPT_ESCAPED;
		*k = 8;
	} else if (p[0] == '-')
		*state = *state == SCRIPT_DOUBLE ? SCRIPT_DOUBLE_DASH :
		    SCRIPT_DOUBLE_DASH_DASH;
	else if (p[0] == '>' && *state == SCRIPT_DOUBLE_DASH_DASH)
		*state = SCRIPT_DATA;
	else
		*state = SCRIPT_DOUBLE;
	return SCRIPT_TEXT;
}

/* --- The interface --- */

struct builder *
builder_new(const struct builder_limits *lim)
{
	struct builder	*b;

	if ((b = calloc(1, sizeof(*b))) == NULL)
		return NULL;
	b->lim = *lim;
	b->s.mode = M_INITIAL;
	b->s.frameset_ok = true;
	b->s.lex = BLEX_DATA;
	return b;
}

void
builder_free(struct builder *b)
{
	if (b == NULL)
		return;
	free(b->stack);
	free(b->list);
	free(b->templates);
	free(b->journal);
	free(b->arena);
	free(b);
}

/* The start tags after which the tokenizer may read raw text. */
static bool
may_be_raw(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_SCRIPT: case GUMBO_TAG_STYLE: case GUMBO_TAG_TITLE:
	case GUMBO_TAG_TEXTAREA: case GUMBO_TAG_XMP: case GUMBO_TAG_IFRAME:
	case GUMBO_TAG_NOEMBED: case GUMBO_TAG_NOFRAMES:
	case GUMBO_TAG_PLAINTEXT:
		return true;
	default:
		return false;
	}
}

/* A token never refused: what the parser does with it, whatever it is. */
static void
force(struct builder *b, const struct btoken *t)
{
	b->unlimited = true;
	transact(b, t);
	b->unlimited = false;
}

/*
 * Whether the bound of elements is spent: no element more, even one
 * without attributes, would be allowed. Nearly every start tag makes
 * one, and past the bound they are refused before the model runs them:
 * a page of millions of blocks, each reopening a hundred formatting
 * elements, would otherwise cost the model a few hundred steps a tag.
 */
static bool
elements_spent(const struct builder *b)
{
	return b->lim.elements > 0 && b->s.weight + 2 > 2 * b->lim.elements;
}

/*
 * A start or end tag. Returns BUILDER_KEPT; BUILDER_BARE if it is kept
 * without its attributes (past the limit of those added to html and
 * body); or why the tag must be left out: a limit (BUILDER_DEPTH...),
 * or BUILDER_LEFT_OUT for isindex, whatever the limits. Past the work
 * limit, every tag is refused; past the bound of elements, every start
 * tag.
 * The start tags of raw text elements and the end tag that closes one
 * are never refused, as leaving them out would turn code into markup.
 */
int
builder_tag(struct builder *b, const struct btoken *t)
{
	int	 r = BUILDER_WORK;

	if (b->s.mode == M_TEXT) {
		force(b, t);
		return b->nomem ? BUILDER_NOMEM : BUILDER_KEPT;
	}
	if (t->type == BT_START && elements_spent(b))
		r = BUILDER_ELEMENTS;
	else if ((b->lim.work == 0 || b->s.work <= b->lim.work) &&
	    ((r = transact(b, t)) == BUILDER_KEPT || r == BUILDER_BARE))
		return r;
	/* Refused, unless the tokenizer would read raw text after it. */
	if (r == BUILDER_NOMEM || t->type != BT_START || !may_be_raw(t->tag))
		return r;
	force(b, t);
	if (b->nomem)
		return BUILDER_NOMEM;
	if (b->s.lex != BLEX_DATA)
		return BUILDER_KEPT;
	builder_undo(b);
	return r;
}

/* Whether a character reference at p (past the '&') stands for a space. */
static size_t
space_reference(const char *p, size_t n)
{
	size_t	 i = 0;
	unsigned long v = 0;
	bool	 hex;

	if (n >= 4 && memcmp(p, "Tab;", 4) == 0)
		return 4;
	if (n >= 8 && memcmp(p, "NewLine;", 8) == 0)
		return 8;
	if (n == 0 || p[0] != '#')
		return 0;
	hex = n > 1 && (p[1] == 'x' || p[1] == 'X');
	for (i = hex ? 2 : 1; i < n && i < 12; i++) {
		unsigned char c = (unsigned char)p[i];

		if (c >= '0' && c <= '9')
			v = v * (hex ? 16 : 10) + (c - '0');
		else if (hex && ascii_lower(c) >= 'a' && ascii_lower(c) <= 'f')
			v = v * 16 + (ascii_lower(c) - 'a' + 10);
		else
			break;
	}
	if (i == (hex ? 2u : 1u))
		return 0;
	if (v == 9 || v == 10 || v == 12 || v == 13 || v == 32)
		return i + (i < n && p[i] == ';');
	return 0;
}

/*
 * What a run of text is to the parser: BT_CHARS if it holds a character
 * that is not a space (character references read as gumbo reads them),
 * BT_SPACE if only spaces, else BT_EOF (nothing). *nul_first says
 * whether a NUL byte comes before any other character but spaces:
 * before body, gumbo takes it as the other characters (it ends head,
 * makes body); in body, it is dropped.
 */
static int
text_kind(const char *p, size_t n, bool decoded, bool *nul_first)
{
	size_t	 i, k;
	bool	 space = false;

	*nul_first = false;
	for (i = 0; i < n; i++) {
		switch (p[i]) {
		case ' ': case '\t': case '\n': case '\f': case '\r':
			space = true;
			continue;
		case '\0':
			*nul_first = true;
			continue;
		case '&':
			if (!decoded &&
			    (k = space_reference(p + i + 1, n - i - 1)) > 0) {
				space = true;
				i += k;
				continue;
			}
			return BT_CHARS;
		default:
			return BT_CHARS;
		}
	}
	return space ? BT_SPACE : BT_EOF;
}

/*
 * A run of text. Formatting elements it would reconstruct past the
 * limits are taken off the list first, by end tags the guard puts
 * before the text (inject is called with each tag, in order): each
 * such end tag finds the last entry of the list not open and takes it
 * off, and the text is tried again. Text decoded is as the tree holds
 * it, where '&' is itself (and written as a reference), not as a page
 * has it. Returns the number of end tags put, or (size_t)-1 if memory
 * ran out.
 */
size_t
builder_text(struct builder *b, const char *p, size_t n, bool decoded,
    void (*inject)(void *, uint16_t), void *ctx)
{
	struct btoken	 t, close;
	size_t		 injected = 0;
	bool		 nul_first;

	memset(&t, 0, sizeof(t));
	if (b->s.ignore_lf && n > 0 && (p[0] == '\n' || p[0] == '\r')) {
		if (p[0] == '\r' && n > 1 && p[1] == '\n')
			p++, n--;
		p++, n--;
	}
	b->s.ignore_lf = false;
	t.type = text_kind(p, n, decoded, &nul_first);
	if (nul_first) {
		/* The NUL byte first, then what else the text holds. */
		memset(&close, 0, sizeof(close));
		close.type = BT_NUL;
		force(b, &close);
	}
	if (t.type == BT_EOF) {
		/* Nothing the parser sees: a transaction that did nothing. */
		b->saved = b->s;
		b->saved_arena = b->arena_len;
		b->njournal = 0;
		b->s.low = b->s.depth;
		b->fostered = false;
		return 0;
	}
	while (transact(b, &t) != BUILDER_KEPT) {
		if (b->nomem)
			return (size_t)-1;
		if (reconstruct_from(b) >= b->s.nlist) {
			/* Not the reconstruction: the parser does it all. */
			force(b, &t);
			break;
		}
		memset(&close, 0, sizeof(close));
		close.type = BT_END;
		close.tag = b->list[b->s.nlist - 1].tag;
		close.name = gumbo_normalized_tagname(close.tag);
		close.name_len = (uint32_t)strlen(close.name);
		force(b, &close);
		inject(ctx, close.tag);
		injected++;
	}
	return b->nomem ? (size_t)-1 : injected;
}

/* The end of the page: what the parser still makes (html, head, body). */
void
builder_eof(struct builder *b)
{
	struct btoken	 t;

	memset(&t, 0, sizeof(t));
	t.type = BT_EOF;
	force(b, &t);
}

/*
 * A CDATA section (in foreign content) of len bytes: text, as far as
 * the parser's state goes.
 */
void
builder_cdata(struct builder *b, size_t len)
{
	b->s.ignore_lf = false;
	if (len > 0)
		b->s.frameset_ok = false;
}

/* A comment: only the newline after pre is no longer dropped. */
void
builder_comment(struct builder *b)
{
	b->s.ignore_lf = false;
}

/* A doctype: in the initial mode it says whether the page is in quirks. */
void
builder_doctype(struct builder *b, bool quirks)
{
	b->s.ignore_lf = false;
	if (b->s.mode != M_INITIAL)
		return;
	b->s.quirks = quirks;
	b->s.mode = M_BEFORE_HTML;
}

/* How the tokenizer reads on after the last token. */
int
builder_lexer(const struct builder *b)
{
	return b->s.lex;
}

/* Whether the current node is foreign, where CDATA sections are read. */
bool
builder_foreign(const struct builder *b)
{
	return b->s.depth > 0 && b->stack[b->s.depth - 1].ns != NS_HTML;
}

/* The elements made, the deepest stack, the work done so far. */
void
builder_stats(const struct builder *b, struct builder_stats *st)
{
	st->elements = b->s.elements;
	st->max_depth = b->s.max_depth;
	st->max_tdepth = b->s.max_tdepth;
	st->work = b->s.work;
	st->depth = b->s.depth;
	st->serial = b->s.serial;
}

/*
 * For the HTML writer (output.c), which runs the model over what it
 * writes: undoing the last token, and what it did.
 */
void
builder_undo(struct builder *b)
{
	rollback(b);
	b->arena_len = b->saved_arena;
}

uint32_t
builder_depth(const struct builder *b)
{
	return b->s.depth;
}

/* The lowest entry of the stack the last token changed, or the depth. */
uint32_t
builder_low(const struct builder *b)
{
	return b->s.low;
}

/* Whether the last token put something before a table. */
bool
builder_fostered(const struct builder *b)
{
	return b->fostered;
}

/*
 * Whether the parser drops text now but spaces: in frameset documents,
 * and in a template whose content began with col (in column group mode
 * with no colgroup to end).
 */
bool
builder_drops_text(const struct builder *b)
{
	return b->s.mode == M_IN_FRAMESET || b->s.mode == M_AFTER_FRAMESET ||
	    b->s.mode == M_AFTER_AFTER_FRAMESET ||
	    (b->s.mode == M_IN_COLUMN_GROUP && b->s.depth > 0 &&
	    !is(&b->stack[b->s.depth - 1], GUMBO_TAG_COLGROUP));
}

/* Whether the parser drops spaces now: before html and head. */
bool
builder_drops_space(const struct builder *b)
{
	return b->s.mode == M_INITIAL || b->s.mode == M_BEFORE_HTML ||
	    b->s.mode == M_BEFORE_HEAD;
}

/* The form element of the parser (the serial), or 0. */
uint32_t
builder_form(const struct builder *b)
{
	return b->s.form;
}

/* Whether a newline that comes next is dropped (after pre...). */
bool
builder_drops_newline(const struct builder *b)
{
	return b->s.ignore_lf;
}

void
builder_entry(const struct builder *b, uint32_t i, struct bentry *e)
{
	const struct belem *s = &b->stack[i];

	e->serial = s->serial;
	e->tdepth = s->tdepth;
	e->tag = s->tag;
	e->foreign = s->ns != NS_HTML;
	e->svg = s->ns == NS_SVG;
	e->name = s->name;
	e->name_len = s->name_len;
}
