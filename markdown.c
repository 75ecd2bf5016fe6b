/*
 * markdown.c: the Markdown writer (--format markdown). CommonMark, with
 * GitHub's pipe tables, of what the filters left: headings, paragraphs,
 * lists, block quotes, code, emphasis, links and images, tables.
 *
 * Its promise is the text writer's text: rendered back to HTML by a
 * CommonMark parser, the output reads as the words -t writes, in the
 * same order. So every character of the page's text that Markdown would
 * take for syntax is escaped, and markup goes only where the parser
 * will read it as such: emphasis whose delimiters would not open or
 * close where they stand is left out (the text stays), as is the
 * emphasis nested in other emphasis. A block is rendered into a buffer
 * first, so that an opening delimiter can still be taken back when its
 * closing one turns out not to close.
 *
 * Markdown has no element for some of HTML's, which degrade: a
 * definition list's terms are strong paragraphs, its definitions
 * paragraphs; a table whose cells hold only phrases (no lists, tables,
 * headings or code blocks, none longer than MAX_CELL letters) is a pipe
 * table, with an empty header row if its first row is not one of
 * headers; any other table is its cells, one block after the other.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <utf8proc.h>

#include "cex.h"

/* The longest cell, in letters, of a table written as a pipe table. */
#define MAX_CELL	250

/* What an element is to Markdown. */
enum md_kind {
	MK_INLINE,	/* its text, in the block around it */
	MK_SKIP,	/* not written: head, scripts, templates */
	MK_BLOCK,	/* a paragraph, or a container of blocks */
	MK_HEADING,
	MK_PRE,		/* a fenced code block */
	MK_QUOTE,
	MK_LIST,
	MK_ITEM,
	MK_TERM,	/* dt: a strong paragraph */
	MK_TABLE,
	MK_ROW,
	MK_CELL,
	MK_HR,
	MK_BR,
	MK_EM,
	MK_STRONG,
	MK_CODE,	/* inline code */
	MK_LINK,
	MK_IMG
};

static enum md_kind
md_kind(const struct cex_node *n)
{
	if (n->type == GUMBO_NODE_TEMPLATE || node_is_svg_label(n))
		return MK_SKIP;
	switch (n->tag) {
	case GUMBO_TAG_HEAD:
	case GUMBO_TAG_SCRIPT:
	case GUMBO_TAG_STYLE:
		return MK_SKIP;
	default:
		break;
	}
	/* SVG and MathML: their text (as -t gives it). */
	if (n->g->v.element.tag_namespace != GUMBO_NAMESPACE_HTML)
		return MK_INLINE;
	switch (n->tag) {
	case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
	case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
		return MK_HEADING;
	case GUMBO_TAG_PRE: case GUMBO_TAG_LISTING: case GUMBO_TAG_PLAINTEXT:
	case GUMBO_TAG_XMP: case GUMBO_TAG_TEXTAREA:
		return MK_PRE;
	case GUMBO_TAG_BLOCKQUOTE:
		return MK_QUOTE;
	case GUMBO_TAG_UL: case GUMBO_TAG_OL: case GUMBO_TAG_MENU:
	case GUMBO_TAG_DIR:
		return MK_LIST;
	case GUMBO_TAG_LI:
		return MK_ITEM;
	case GUMBO_TAG_DT:
		return MK_TERM;
	case GUMBO_TAG_TABLE:
		return MK_TABLE;
	case GUMBO_TAG_TR:
		return MK_ROW;
	case GUMBO_TAG_TD: case GUMBO_TAG_TH:
		return MK_CELL;
	case GUMBO_TAG_HR:
		return MK_HR;
	case GUMBO_TAG_BR:
		return MK_BR;
	case GUMBO_TAG_EM: case GUMBO_TAG_I: case GUMBO_TAG_CITE:
	case GUMBO_TAG_DFN: case GUMBO_TAG_VAR:
		return MK_EM;
	case GUMBO_TAG_STRONG: case GUMBO_TAG_B:
		return MK_STRONG;
	case GUMBO_TAG_CODE: case GUMBO_TAG_KBD: case GUMBO_TAG_SAMP:
	case GUMBO_TAG_TT:
		return MK_CODE;
	case GUMBO_TAG_A:
		return MK_LINK;
	case GUMBO_TAG_IMG:
		return MK_IMG;
	case GUMBO_TAG_P: case GUMBO_TAG_DIV: case GUMBO_TAG_SECTION:
	case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE: case GUMBO_TAG_MAIN:
	case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_NAV:
	case GUMBO_TAG_ADDRESS: case GUMBO_TAG_BODY: case GUMBO_TAG_HTML:
	case GUMBO_TAG_CAPTION: case GUMBO_TAG_CENTER: case GUMBO_TAG_DD:
	case GUMBO_TAG_DL: case GUMBO_TAG_DETAILS: case GUMBO_TAG_SUMMARY:
	case GUMBO_TAG_FIELDSET: case GUMBO_TAG_LEGEND: case GUMBO_TAG_FIGURE:
	case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_FORM: case GUMBO_TAG_FRAMESET:
	case GUMBO_TAG_HGROUP: case GUMBO_TAG_OPTION: case GUMBO_TAG_TBODY:
	case GUMBO_TAG_THEAD: case GUMBO_TAG_TFOOT:
		return MK_BLOCK;
	default:
		return MK_INLINE;
	}
}

/* A growable string. */
struct buf {
	char	*s;
	size_t	 len, cap;
};

/* A container of blocks: what each of its lines begins with. */
enum ctx_kind { CTX_QUOTE, CTX_LIST, CTX_ITEM };

struct ctx {
	enum ctx_kind	 kind;
	bool		 ordered;	/* LIST */
	bool		 tight;		/* LIST, and its ITEMs: right after
					 * an item's first paragraph */
	unsigned long	 next;		/* LIST: the next item's number */
	unsigned	 items;		/* LIST: items begun */
	bool		 broken;	/* LIST: a block in it, not in an item */
	char		 marker[16];	/* ITEM: "- " or "12. " */
	size_t		 width;		/* ITEM: the marker's */
	bool		 marked;	/* ITEM: its first line written */
	bool		 first;		/* ITEM: the first of its list */
	unsigned	 blocks;	/* blocks written in it */
};

/* An open inline element that has markup: emphasis, a link, code. */
enum inl_state {
	INL_PENDING,	/* its opening markup waits for its first text */
	INL_OPEN,	/* written, at offset at of the block's buffer */
	INL_FLAT	/* only its text is written */
};

struct inl {
	enum md_kind	 kind;		/* MK_EM, MK_STRONG, MK_LINK, MK_CODE */
	enum inl_state	 state;
	size_t		 at;
	char		*url;		/* MK_LINK: the address */
	uint32_t	 node;
};

/* What a leaf block becomes once its inline content is written. */
enum leaf { LEAF_PARA, LEAF_HEADING, LEAF_CELL };

struct mdw {
	FILE			*f;
	const struct cex_doc	*d;
	bool			 nomem;
	bool			 started;	/* a block written */
	struct ctx		*ctx;
	size_t			 nctx, ctxcap;

	/* The leaf block being built. */
	enum leaf		 leaf;
	int			 level;		/* LEAF_HEADING's */
	struct buf		 out;
	int32_t			 last;		/* last character, 0 at start */
	bool			 last_delim;	/* ... a delimiter of emphasis */
	bool			 space;		/* a space owed */
	bool			 brk;		/* a line break owed */
	bool			 line_start;
	int			 lead_digits;	/* digits that begin the line */
	struct inl		*inl;
	size_t			 ninl, inlcap;
	bool			 closer;	/* an emphasis closer owed */
	enum md_kind		 closer_kind;	/* ... its emphasis */
	size_t			 closer_at;	/* ... where its opener is */
	struct buf		 code;		/* inline code being read */
	bool			 code_space;	/* a space owed in it */

	int			 pre;		/* open code blocks */
	struct buf		 pre_text;
	char			 lang[32];	/* the code block's language */

	/* The pipe table being read, if any. */
	uint32_t		 table;		/* its node, or 0 */
	struct buf		*cells;		/* every cell's line */
	bool			*cell_row;	/* true: a cell begins a row */
	bool			*cell_head;	/* a header cell */
	size_t			 ncells, cellcap;
	bool			 in_cell;
	bool			 row_new;	/* the next cell begins a row */

	/* Per node: a pipe table (bit 1); its subtree holds a block that
	 * a cell cannot (bit 2) or text outside cells (bit 4). */
	unsigned char		*tables;
};

static void
buf_put(struct mdw *w, struct buf *b, const char *s, size_t len)
{
	char	*ns;
	size_t	 cap;

	if (len == 0)
		return;
	if (b->len + len + 1 > b->cap) {
		cap = b->cap == 0 ? 256 : b->cap;
		while (cap < b->len + len + 1)
			cap *= 2;
		if ((ns = realloc(b->s, cap)) == NULL) {
			w->nomem = true;
			return;
		}
		b->s = ns;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, len);
	b->len += len;
	b->s[b->len] = '\0';
}

static void
buf_putc(struct mdw *w, struct buf *b, char c)
{
	buf_put(w, b, &c, 1);
}

/*
 * Punctuation as CommonMark's delimiter rules read it. Parsers differ
 * on symbols (categories S*), so a delimiter is written only where it
 * works both ways: broad counts them in, narrow leaves them out.
 */
static bool
is_punct(int32_t cp, bool broad)
{
	if (cp < 0x80)
		return (cp >= '!' && cp <= '/') || (cp >= ':' && cp <= '@') ||
		    (cp >= '[' && cp <= '`') || (cp >= '{' && cp <= '~');
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_PC: case UTF8PROC_CATEGORY_PD:
	case UTF8PROC_CATEGORY_PS: case UTF8PROC_CATEGORY_PE:
	case UTF8PROC_CATEGORY_PI: case UTF8PROC_CATEGORY_PF:
	case UTF8PROC_CATEGORY_PO:
		return true;
	case UTF8PROC_CATEGORY_SM: case UTF8PROC_CATEGORY_SC:
	case UTF8PROC_CATEGORY_SK: case UTF8PROC_CATEGORY_SO:
		return broad;
	default:
		return false;
	}
}

/* Whitespace to the delimiter rules; 0 stands for a line's ends. */
static bool
is_ws(int32_t cp)
{
	return cp == 0 || dom_is_space(cp);
}

static const char *const delims[] = { "*", "**" };

static const char *
delim_of(enum md_kind kind)
{
	return delims[kind == MK_STRONG];
}

/*
 * Writes bytes that are visible text (or markup that stands for some)
 * into the block: first what is owed before them, a line break or a
 * space, an emphasis closer and the openers waiting for text. first is
 * their first code point, last their last.
 */
static void put_markup_before(struct mdw *, int32_t);

static void
put_visible(struct mdw *w, const char *s, size_t len, int32_t first,
    int32_t last)
{
	put_markup_before(w, first);
	buf_put(w, &w->out, s, len);
	w->last = last;
	w->last_delim = false;
}

/*
 * Whether an emphasis delimiter closes where it stands: after prev,
 * before next (CommonMark's right-flanking, for both readings of
 * punctuation).
 */
static bool
closes(int32_t prev, int32_t next)
{
	return !is_ws(prev) && (!is_punct(prev, true) || is_ws(next) ||
	    is_punct(next, false));
}

/* Whether an emphasis delimiter opens: left-flanking, both readings. */
static bool
opens(int32_t prev, int32_t next)
{
	return !is_ws(next) && (!is_punct(next, true) || is_ws(prev) ||
	    is_punct(prev, false));
}

/*
 * Settles the emphasis closer owed, next being the character after it:
 * written if it closes, else its opener is taken back out of the
 * buffer (the text between stays plain).
 */
static void
settle_closer(struct mdw *w, int32_t next)
{
	const char	*delim = delim_of(w->closer_kind);
	size_t		 dl = strlen(delim);

	if (!w->closer)
		return;
	w->closer = false;
	if (closes(w->last, next)) {
		buf_put(w, &w->out, delim, dl);
		w->last = '*';
		w->last_delim = true;
	} else if (!w->nomem) {
		memmove(w->out.s + w->closer_at, w->out.s + w->closer_at + dl,
		    w->out.len - w->closer_at - dl + 1);
		w->out.len -= dl;
	}
}

/* Writes a link's opening bracket: a "!" before it would make an image. */
static void
open_link(struct mdw *w, struct inl *e)
{
	size_t	 n = w->out.len;

	if (n > 0 && w->out.s[n - 1] == '!' && !(n > 1 &&
	    w->out.s[n - 2] == '\\')) {
		w->out.s[n - 1] = '\\';
		buf_putc(w, &w->out, '!');
	}
	e->at = w->out.len;
	buf_putc(w, &w->out, '[');
	e->state = INL_OPEN;
	w->last = '[';
	w->last_delim = false;
}

static void
put_markup_before(struct mdw *w, int32_t first)
{
	struct inl	*e;
	size_t		 k, j;
	int32_t		 next;

	settle_closer(w, w->brk || w->space ? ' ' : first);
	if (w->brk) {
		if (w->leaf == LEAF_PARA && w->out.len > 0) {
			buf_put(w, &w->out, "\\\n", 2);
			w->line_start = true;
			w->lead_digits = 0;
			w->last = 0;
		} else if (w->out.len > 0) {
			buf_putc(w, &w->out, ' ');
			w->last = ' ';
		}
		w->last_delim = false;
		w->brk = w->space = false;
	} else if (w->space) {
		if (w->out.len > 0) {
			buf_putc(w, &w->out, ' ');
			w->last = ' ';
			w->last_delim = false;
		}
		w->space = false;
	}
	for (k = 0; k < w->ninl; k++) {
		e = &w->inl[k];
		if (e->state != INL_PENDING || e->kind == MK_CODE)
			continue;
		if (e->kind == MK_LINK) {
			open_link(w, e);
			continue;
		}
		/* The character the delimiter will stand before. */
		next = first;
		for (j = k + 1; j < w->ninl; j++)
			if (w->inl[j].state == INL_PENDING &&
			    w->inl[j].kind == MK_LINK) {
				next = '[';
				break;
			}
		if (w->last_delim || !opens(w->last, next)) {
			e->state = INL_FLAT;
			continue;
		}
		e->at = w->out.len;
		buf_put(w, &w->out, delim_of(e->kind), strlen(delim_of(e->kind)));
		e->state = INL_OPEN;
		w->last = '*';
		w->last_delim = true;
	}
}

/*
 * Whether character c, the next of the line, must be escaped so that
 * it is text: what begins a block at a line's start (headings, quotes,
 * list items, setext underlines, ordered markers after digits), what
 * makes inline markup anywhere, an entity's ampersand, a pipe (of
 * tables), and in a heading a number sign, which could close it.
 */
static bool
needs_escape(struct mdw *w, const char *s)
{
	const char	*p;

	switch (*s) {
	case '\\': case '`': case '*': case '_': case '[': case ']':
	case '<': case '|': case '~':
		return true;
	case '&':
		for (p = s + 1; ascii_is_alpha((unsigned char)*p) ||
		    (*p >= '0' && *p <= '9') || *p == '#'; p++)
			continue;
		return *p == ';' && p > s + 1;
	case '#':
		return w->line_start || w->leaf == LEAF_HEADING;
	case '>': case '-': case '+': case '=':
		return w->line_start;
	case '.': case ')':
		return w->lead_digits > 0 && w->lead_digits <= 9;
	default:
		return false;
	}
}

/*
 * Writes text into the block: runs of whitespace become one owed space,
 * soft hyphens go (as in -t), syntax characters are escaped.
 */
static void
put_text(struct mdw *w, const char *s)
{
	const utf8proc_uint8_t	*p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;
	char			 esc[8];

	while (*p != '\0') {
		if ((k = utf8proc_iterate(p, -1, &cp)) <= 0) {
			cp = 0xFFFD;
			k = 1;
		}
		if (dom_is_space(cp)) {
			if (w->out.len > 0 || w->ninl > 0)
				w->space = true;
		} else if (cp == 0xAD) {
			/* a soft hyphen: not written */
		} else if (cp < 0x80 && (put_markup_before(w, cp),
		    needs_escape(w, (const char *)p))) {
			/*
			 * What is owed is written first: a line break makes
			 * the character begin a line. A character escaped is
			 * punctuation, as its backslash is: the delimiters
			 * owed read it alike.
			 */
			esc[0] = '\\';
			esc[1] = (char)*p;
			put_visible(w, esc, 2, '\\', cp);
			w->line_start = false;
			w->lead_digits = -1;
		} else if (k <= 0 || cp == 0xFFFD) {
			put_visible(w, "\xEF\xBF\xBD", 3, 0xFFFD, 0xFFFD);
			w->line_start = false;
			w->lead_digits = -1;
		} else {
			put_visible(w, (const char *)p, (size_t)k, cp, cp);
			if (w->lead_digits >= 0 && cp >= '0' && cp <= '9')
				w->lead_digits++;
			else
				w->lead_digits = -1;
			w->line_start = false;
		}
		p += k;
	}
}

/* Text inside inline code: collapsed, kept as it is, no escapes. */
static void
put_code_text(struct mdw *w, const char *s)
{
	const utf8proc_uint8_t	*p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;

	while (*p != '\0') {
		if ((k = utf8proc_iterate(p, -1, &cp)) <= 0) {
			buf_put(w, &w->code, "\xEF\xBF\xBD", 3);
			p++;
			continue;
		}
		if (dom_is_space(cp)) {
			if (w->code.len > 0)
				w->code_space = true;
			else if (w->out.len > 0 || w->ninl > 0)
				w->space = true;	/* before the span */
		} else if (cp != 0xAD) {
			if (w->code_space)
				buf_putc(w, &w->code, ' ');
			w->code_space = false;
			/* In a pipe table, a pipe in code is escaped too. */
			if (cp == '|' && w->leaf == LEAF_CELL)
				buf_putc(w, &w->code, '\\');
			buf_put(w, &w->code, (const char *)p, (size_t)k);
		}
		p += k;
	}
}

/*
 * Writes the inline code read so far as a code span: backticks one more
 * than its longest run of them, a space inside each end where it
 * begins or ends with one. A space at its end goes after it.
 */
static void
end_code(struct mdw *w)
{
	size_t	 run = 0, longest = 0, k, n;
	char	 ticks[64];
	bool	 pad;

	if (w->code.len == 0) {
		w->code_space = false;
		return;
	}
	for (k = 0; k < w->code.len; k++) {
		run = w->code.s[k] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	n = longest + 1 < sizeof(ticks) ? longest + 1 : sizeof(ticks) - 1;
	/* At a line's start, three backticks would open a code block. */
	if (n >= 3 && (w->line_start || w->brk)) {
		w->code.s[w->code.len] = '\0';
		put_text(w, w->code.s);
		w->code.len = 0;
		return;
	}
	memset(ticks, '`', n);
	pad = w->code.s[0] == '`' || w->code.s[w->code.len - 1] == '`';
	put_visible(w, ticks, n, '`', '`');
	if (pad)
		buf_putc(w, &w->out, ' ');
	buf_put(w, &w->out, w->code.s, w->code.len);
	if (pad)
		buf_putc(w, &w->out, ' ');
	buf_put(w, &w->out, ticks, n);
	w->line_start = false;
	w->lead_digits = -1;
	w->code.len = 0;
	if (w->code_space)
		w->space = true;
	w->code_space = false;
}

/* Whether inline code is being read (text goes to w->code). */
static bool
in_code(const struct mdw *w)
{
	size_t	 k;

	for (k = 0; k < w->ninl; k++)
		if (w->inl[k].kind == MK_CODE && w->inl[k].state != INL_FLAT)
			return true;
	return false;
}

/* Escapes what a link's address cannot hold as it is. */
static void
put_destination(struct mdw *w, const char *url)
{
	const char	*p;
	bool		 angle = false;
	int		 depth = 0;

	for (p = url; *p != '\0'; p++) {
		if ((unsigned char)*p <= ' ' || *p == '<' || *p == '>')
			angle = true;
		depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
		if (depth < 0)
			angle = true;
	}
	angle = angle || depth != 0 || *url == '\0';
	buf_put(w, &w->out, angle ? "(<" : "(", angle ? 2 : 1);
	for (p = url; *p != '\0'; p++) {
		if (*p == '\n' || *p == '\r' || *p == '\t')
			continue;
		if (*p == '\\' || *p == '<' || *p == '>' ||
		    (*p == '&' && needs_escape(w, p)) ||
		    (*p == '|' && w->leaf == LEAF_CELL))
			buf_putc(w, &w->out, '\\');
		buf_putc(w, &w->out, *p);
	}
	buf_put(w, &w->out, angle ? ">)" : ")", angle ? 2 : 1);
}

/* Closes the link of entry e: its address after the text. */
static void
close_link(struct mdw *w, struct inl *e)
{
	settle_closer(w, ']');
	buf_put(w, &w->out, "]", 1);
	put_destination(w, e->url != NULL ? e->url : "");
	w->last = ')';
	w->last_delim = false;
}

/*
 * Closes inline entry k at the end of its element or of the block: a
 * link's address, an emphasis delimiter owed until the next character
 * tells whether it closes.
 */
static void
close_inl(struct mdw *w, size_t k)
{
	struct inl	*e = &w->inl[k];

	if (e->kind == MK_CODE && e->state != INL_FLAT)
		end_code(w);
	if (e->state != INL_OPEN)
		return;
	if (e->kind == MK_LINK) {
		close_link(w, e);
		return;
	}
	settle_closer(w, 0);
	w->closer = true;
	w->closer_kind = e->kind;
	w->closer_at = e->at;
	e->state = INL_FLAT;
}

/*
 * Writes the prefixes of the containers for a line: of the depth
 * outermost ones; for a blank line, nothing after the last quote mark.
 */
static void
put_prefix_to(struct mdw *w, size_t depth, bool blank)
{
	size_t	 k, n, spaces = 0;
	struct ctx *c;

	for (k = 0; k < depth; k++) {
		c = &w->ctx[k];
		if (c->kind == CTX_QUOTE) {
			for (n = 0; n < spaces; n++)
				putc(' ', w->f);
			spaces = 0;
			fputs(blank ? ">" : "> ", w->f);
		} else if (c->kind == CTX_ITEM) {
			if (!c->marked && !blank) {
				for (n = 0; n < spaces; n++)
					putc(' ', w->f);
				spaces = 0;
				fputs(c->marker, w->f);
				c->marked = true;
			} else
				spaces += c->width;
		}
	}
	if (!blank)
		for (n = 0; n < spaces; n++)
			putc(' ', w->f);
}

static void
put_prefix(struct mdw *w, bool blank)
{
	put_prefix_to(w, w->nctx, blank);
}

/* The innermost item, or NULL. */
static struct ctx *
item_of(struct mdw *w)
{
	size_t	 k;

	for (k = w->nctx; k-- > 0; )
		if (w->ctx[k].kind == CTX_ITEM)
			return &w->ctx[k];
	return NULL;
}

/*
 * Before a block's first line: a blank line, or only the end of the
 * line before where a list goes on (an item after another, a list
 * right after its item's first paragraph).
 */
static void
begin_block(struct mdw *w)
{
	struct ctx	*item = item_of(w);
	size_t		 k, depth;
	bool		 blank = true;

	/*
	 * An item's first line follows the item before it on the next
	 * line; but for a list whose items a block outside them broke.
	 */
	if (item != NULL && !item->marked)
		blank = item->first ? !item->tight : item > w->ctx &&
		    item[-1].kind == CTX_LIST && item[-1].broken;
	/* The blank line before a quote's first block is outside it. */
	for (depth = 0; depth < w->nctx && !(w->ctx[depth].kind ==
	    CTX_QUOTE && w->ctx[depth].blocks == 0); depth++)
		continue;
	if (w->started && blank) {
		put_prefix_to(w, depth, true);
		putc('\n', w->f);
	}
	w->started = true;
	for (k = 0; k < w->nctx; k++) {
		w->ctx[k].blocks++;
		if (w->ctx[k].kind == CTX_LIST)
			w->ctx[k].broken = k + 1 == w->nctx ||
			    w->ctx[k + 1].kind != CTX_ITEM;
	}
}

/* Writes lines of a block (separated by \n), each with its prefixes. */
static void
put_lines(struct mdw *w, const char *s, size_t len, const char *lead)
{
	const char	*end = s + len, *nl;

	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (nl == NULL)
			nl = end;
		put_prefix(w, nl == s);
		if (lead != NULL) {
			fputs(lead, w->f);
			lead = NULL;
		}
		fwrite(s, 1, (size_t)(nl - s), w->f);
		putc('\n', w->f);
		s = nl + 1;
	}
}

/* Starts a new leaf block of kind leaf. */
static void
reset_leaf(struct mdw *w, enum leaf leaf)
{
	w->leaf = leaf;
	w->out.len = 0;
	w->last = 0;
	w->last_delim = false;
	w->space = w->brk = false;
	w->line_start = true;
	w->lead_digits = 0;
}

/*
 * Ends the leaf block: the inline elements still open are closed in it
 * and opened again in the next; what it holds is written, as a heading,
 * a paragraph or (in a pipe table) a cell.
 */
static void
end_leaf(struct mdw *w)
{
	char	 lead[8];
	size_t	 k;
	bool	 reopen;

	for (k = w->ninl; k-- > 0; ) {
		reopen = w->inl[k].state == INL_OPEN ||
		    (w->inl[k].state == INL_PENDING);
		close_inl(w, k);
		settle_closer(w, 0);
		if (reopen)
			w->inl[k].state = INL_PENDING;
	}
	settle_closer(w, 0);
	if (w->leaf == LEAF_CELL) {
		/* The blocks of a cell, one after the other on its line. */
		if (w->ncells > 0 && !w->nomem && w->out.len > 0) {
			if (w->cells[w->ncells - 1].len > 0)
				buf_putc(w, &w->cells[w->ncells - 1], ' ');
			buf_put(w, &w->cells[w->ncells - 1], w->out.s,
			    w->out.len);
		}
	} else if (w->out.len > 0) {
		begin_block(w);
		if (w->leaf == LEAF_HEADING)
			snprintf(lead, sizeof(lead), "%.*s ", w->level,
			    "######");
		put_lines(w, w->out.s, w->out.len,
		    w->leaf == LEAF_HEADING ? lead : NULL);
	}
	reset_leaf(w, w->in_cell ? LEAF_CELL : LEAF_PARA);
}

static struct ctx *
push_ctx(struct mdw *w, enum ctx_kind kind)
{
	struct ctx	*nc;

	if (w->nctx == w->ctxcap) {
		w->ctxcap = w->ctxcap == 0 ? 16 : w->ctxcap * 2;
		if ((nc = reallocarray(w->ctx, w->ctxcap, sizeof(*nc))) ==
		    NULL) {
			w->nomem = true;
			return NULL;
		}
		w->ctx = nc;
	}
	nc = &w->ctx[w->nctx++];
	memset(nc, 0, sizeof(*nc));
	nc->kind = kind;
	return nc;
}

static struct inl *
push_inl(struct mdw *w, enum md_kind kind, uint32_t node)
{
	struct inl	*ni;
	size_t		 k;
	bool		 flat = false;

	for (k = 0; k < w->ninl; k++) {
		/* Only text inside code; emphasis in emphasis, a link in a
		 * link are their text. */
		if (w->inl[k].kind == MK_CODE ||
		    (kind == MK_LINK && w->inl[k].kind == MK_LINK) ||
		    ((kind == MK_EM || kind == MK_STRONG) &&
		    (w->inl[k].kind == MK_EM || w->inl[k].kind == MK_STRONG)))
			flat = true;
	}
	if (w->ninl == w->inlcap) {
		w->inlcap = w->inlcap == 0 ? 16 : w->inlcap * 2;
		if ((ni = reallocarray(w->inl, w->inlcap, sizeof(*ni))) ==
		    NULL) {
			w->nomem = true;
			return NULL;
		}
		w->inl = ni;
	}
	ni = &w->inl[w->ninl++];
	memset(ni, 0, sizeof(*ni));
	ni->kind = kind;
	ni->state = flat ? INL_FLAT : INL_PENDING;
	ni->node = node;
	return ni;
}

/* Takes the entry of node i off the inline stack (innermost first). */
static void
pop_inl(struct mdw *w, uint32_t i)
{
	size_t	 k;

	for (k = w->ninl; k-- > 0; )
		if (w->inl[k].node == i)
			break;
	if (k == SIZE_MAX)
		return;
	close_inl(w, k);
	free(w->inl[k].url);
	w->inl[k].url = NULL;
	w->ninl = k;
}

/* The language of a code block, from a language-X or lang-X class. */
static void
find_lang(struct mdw *w, const struct cex_node *n)
{
	const GumboAttribute	*a = dom_attr(n, "class");
	const char		*s, *v;
	size_t			 len, k;

	if (a == NULL || w->lang[0] != '\0')
		return;
	for (s = a->value; *s != '\0'; s += len) {
		s += strspn(s, " \t\n\f\r");
		len = strcspn(s, " \t\n\f\r");
		v = NULL;
		if (len > 9 && strncasecmp(s, "language-", 9) == 0)
			v = s + 9;
		else if (len > 5 && strncasecmp(s, "lang-", 5) == 0)
			v = s + 5;
		if (v == NULL)
			continue;
		for (k = 0; v + k < s + len && k + 1 < sizeof(w->lang); k++) {
			if (!ascii_is_alpha((unsigned char)v[k]) &&
			    !(v[k] >= '0' && v[k] <= '9') && v[k] != '-' &&
			    v[k] != '+' && v[k] != '_' && v[k] != '.' &&
			    v[k] != '#')
				break;
			w->lang[k] = v[k];
		}
		w->lang[k] = '\0';
		return;
	}
}

/* Writes the code block read: fenced by more backticks than it holds. */
static void
put_code_block(struct mdw *w)
{
	struct buf	*t = &w->pre_text;
	size_t		 run = 0, longest = 0, k, n;
	char		 fence[64];

	while (t->len > 0 && t->s[t->len - 1] == '\n')
		t->len--;
	if (t->len == 0)
		return;
	for (k = 0; k < t->len; k++) {
		run = t->s[k] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	n = longest >= 3 ? longest + 1 : 3;
	if (n >= sizeof(fence))
		n = sizeof(fence) - 1;
	memset(fence, '`', n);
	fence[n] = '\0';
	begin_block(w);
	put_prefix(w, false);
	fprintf(w->f, "%s%s\n", fence, w->lang);
	put_lines(w, t->s, t->len, NULL);
	put_prefix(w, false);
	fprintf(w->f, "%s\n", fence);
}

/* A pipe table's cell, escaped for a line of the table. */
static void
begin_cell(struct mdw *w, bool row_start, bool head)
{
	struct buf	*nb;
	bool		*nr, *nh;

	if (w->ncells == w->cellcap) {
		w->cellcap = w->cellcap == 0 ? 32 : w->cellcap * 2;
		nb = reallocarray(w->cells, w->cellcap, sizeof(*nb));
		if (nb != NULL)
			w->cells = nb;
		nr = reallocarray(w->cell_row, w->cellcap, sizeof(*nr));
		if (nr != NULL)
			w->cell_row = nr;
		nh = reallocarray(w->cell_head, w->cellcap, sizeof(*nh));
		if (nh != NULL)
			w->cell_head = nh;
		if (nb == NULL || nr == NULL || nh == NULL) {
			w->nomem = true;
			w->cellcap = w->ncells;
			return;
		}
	}
	memset(&w->cells[w->ncells], 0, sizeof(w->cells[0]));
	w->cell_row[w->ncells] = row_start;
	w->cell_head[w->ncells] = head;
	w->ncells++;
}

/*
 * Writes the pipe table read: as many columns as its longest row, the
 * first row its header if all its cells are headers, else an empty
 * header (a pipe table has one). Nothing if all its cells are empty.
 */
static void
put_table(struct mdw *w)
{
	size_t	 cols = 0, n = 0, k, c, row, first_end, filled = 0;
	bool	 head = true;

	for (k = 0; k < w->ncells; k++) {
		n = w->cell_row[k] ? 1 : n + 1;
		if (n > cols)
			cols = n;
		filled += w->cells[k].len > 0;
	}
	/* A table left with nothing in it is not written. */
	if (cols == 0 || filled == 0)
		return;
	for (first_end = 1; first_end < w->ncells && !w->cell_row[first_end];
	    first_end++)
		continue;
	for (k = 0; k < first_end; k++)
		head = head && w->cell_head[k];
	begin_block(w);
	k = 0;
	for (row = 0; k < w->ncells || row == 0; row++) {
		put_prefix(w, false);
		putc('|', w->f);
		for (c = 0; c < cols; c++) {
			if ((row > 0 || head) && k < w->ncells &&
			    (c == 0 || !w->cell_row[k])) {
				putc(' ', w->f);
				if (w->cells[k].len > 0)
					fwrite(w->cells[k].s, 1,
					    w->cells[k].len, w->f);
				k++;
			}
			fputs(" |", w->f);
		}
		putc('\n', w->f);
		if (row == 0) {
			put_prefix(w, false);
			putc('|', w->f);
			for (c = 0; c < cols; c++)
				fputs(" --- |", w->f);
			putc('\n', w->f);
		}
	}
}

/* Frees the cells of the pipe table written. */
static void
clear_cells(struct mdw *w)
{
	size_t	 k;

	for (k = 0; k < w->ncells; k++)
		free(w->cells[k].s);
	w->ncells = 0;
}

/*
 * Marks the tables to write as pipe tables, in one backward pass: a
 * table whose cells hold no block a cell cannot (lists, tables,
 * headings, code blocks, quotes, rules), no text outside its cells,
 * and no cell longer than MAX_CELL letters.
 */
static int
find_pipe_tables(struct mdw *w)
{
	const struct cex_doc	*d = w->d;
	const struct cex_node	*n, *p;
	unsigned char		*t;
	uint32_t		 i;
	enum md_kind		 k;

	if ((t = w->tables = calloc(d->nnodes, 1)) == NULL)
		return -1;
	for (i = d->nnodes; i-- > 1; ) {
		n = &d->nodes[i];
		if (n->flags & NODE_REMOVED)
			continue;
		p = &d->nodes[n->parent];
		if (node_is_element(n)) {
			k = md_kind(n);
			if (k == MK_TABLE) {
				t[i] |= (t[i] & 6) == 0 ? 1 : 0;
				t[n->parent] |= 2;
				continue;
			}
			if (k == MK_CELL && n->letters > MAX_CELL)
				t[i] |= 2;
			if (k == MK_LIST || k == MK_HEADING || k == MK_PRE ||
			    k == MK_QUOTE || k == MK_HR)
				t[i] |= 2;
			if (k == MK_CELL)
				t[i] &= 2;	/* text inside is a cell's */
		} else if (n->type == GUMBO_NODE_TEXT && node_is_element(p) &&
		    (md_kind(p) == MK_TABLE || md_kind(p) == MK_ROW ||
		    p->tag == GUMBO_TAG_TBODY || p->tag == GUMBO_TAG_THEAD ||
		    p->tag == GUMBO_TAG_TFOOT))
			t[i] |= 4;
		t[n->parent] |= t[i] & 6;
	}
	return 0;
}

static bool
md_enter(void *ctx, uint32_t i)
{
	struct mdw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	const GumboAttribute	*a;
	struct ctx		*c, *list;
	struct inl		*e;
	enum md_kind		 kind = md_kind(n);
	size_t			 k;
	long			 start;
	char			*url;

	if (kind == MK_SKIP)
		return false;
	if (w->pre > 0) {
		if (kind == MK_BR)
			buf_putc(w, &w->pre_text, '\n');
		if (kind == MK_CODE)
			find_lang(w, n);
		return true;
	}
	switch (kind) {
	case MK_INLINE:
		break;
	case MK_BR:
		if (in_code(w))
			w->code_space = w->code.len > 0;
		else if (w->leaf == LEAF_PARA && w->out.len > 0)
			w->brk = true;
		else if (w->out.len > 0)
			w->space = true;
		break;
	case MK_IMG:
		if (in_code(w) || (a = dom_attr(n, "src")) == NULL)
			break;
		if (url_of_attr(w->d, n, a, &url) == -1) {
			w->nomem = true;
			break;
		}
		put_visible(w, "![", 2, '!', '[');
		if ((a = dom_attr(n, "alt")) != NULL) {
			/* The description: its text, escaped as text is. */
			w->line_start = false;
			put_text(w, a->value);
			w->space = false;
		}
		buf_putc(w, &w->out, ']');
		put_destination(w, url != NULL ? url : dom_attr(n, "src")->value);
		free(url);
		w->last = ')';
		w->line_start = false;
		w->lead_digits = -1;
		break;
	case MK_EM:
	case MK_STRONG:
		push_inl(w, kind, i);
		break;
	case MK_CODE:
		if ((e = push_inl(w, kind, i)) != NULL && e->state != INL_FLAT) {
			w->code.len = 0;
			w->code_space = false;
		}
		break;
	case MK_LINK:
		if ((a = dom_attr(n, "href")) == NULL ||
		    (e = push_inl(w, kind, i)) == NULL)
			break;
		if (url_of_attr(w->d, n, a, &e->url) == -1)
			w->nomem = true;
		else if (e->url == NULL && (e->url = strdup(a->value)) == NULL)
			w->nomem = true;
		break;
	case MK_PRE:
		end_leaf(w);
		w->pre++;
		w->pre_text.len = 0;
		w->lang[0] = '\0';
		find_lang(w, n);
		break;
	case MK_CELL:
		end_leaf(w);
		if (w->table != 0 && !w->in_cell) {
			begin_cell(w, w->row_new, n->tag == GUMBO_TAG_TH);
			w->row_new = false;
			w->in_cell = true;
			reset_leaf(w, LEAF_CELL);
		}
		break;
	case MK_ROW:
		end_leaf(w);
		w->row_new = true;
		break;
	case MK_TABLE:
		end_leaf(w);
		if (w->table == 0 && (w->tables[i] & 1))
			w->table = i;
		break;
	case MK_HEADING:
		end_leaf(w);
		if (w->in_cell)
			break;
		w->leaf = LEAF_HEADING;
		w->level = n->tag - GUMBO_TAG_H1 + 1;
		break;
	case MK_TERM:
		end_leaf(w);
		push_inl(w, MK_STRONG, i);
		break;
	case MK_HR:
		end_leaf(w);
		if (w->in_cell)
			break;
		begin_block(w);
		put_lines(w, "* * *", 5, NULL);
		break;
	case MK_QUOTE:
		end_leaf(w);
		if (!w->in_cell)
			push_ctx(w, CTX_QUOTE);
		break;
	case MK_LIST:
		end_leaf(w);
		if (w->in_cell || (c = push_ctx(w, CTX_LIST)) == NULL)
			break;
		c->ordered = n->tag == GUMBO_TAG_OL;
		c->next = 1;
		if (c->ordered && (a = dom_attr(n, "start")) != NULL) {
			start = strtol(a->value, NULL, 10);
			c->next = start < 0 ? 0 : start > 999999999 ?
			    999999999 : (unsigned long)start;
		}
		/*
		 * A list right after its item's one paragraph: tight. But
		 * for one in order that does not start at 1, which cannot
		 * interrupt a paragraph: its markers would be its text.
		 */
		for (k = w->nctx - 1; k-- > 0; )
			if (w->ctx[k].kind == CTX_ITEM) {
				c->tight = w->ctx[k].blocks == 1 &&
				    (!c->ordered || c->next == 1);
				break;
			}
		break;
	case MK_ITEM:
		end_leaf(w);
		if (w->in_cell)
			break;
		/* The list by its place: push_ctx may move the contexts. */
		k = w->nctx > 0 && w->ctx[w->nctx - 1].kind == CTX_LIST ?
		    w->nctx - 1 : SIZE_MAX;
		if ((c = push_ctx(w, CTX_ITEM)) == NULL)
			break;
		list = k != SIZE_MAX ? &w->ctx[k] : NULL;
		if (list == NULL || !list->ordered)
			snprintf(c->marker, sizeof(c->marker), "- ");
		else
			snprintf(c->marker, sizeof(c->marker), "%lu. ",
			    list->next < 999999999 ? list->next++ : list->next);
		c->width = strlen(c->marker);
		c->first = list == NULL || list->items++ == 0;
		c->tight = list != NULL && list->tight;
		break;
	case MK_BLOCK:
	case MK_SKIP:
		end_leaf(w);
		break;
	}
	return true;
}

static void
md_leave(void *ctx, uint32_t i)
{
	struct mdw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	enum md_kind		 kind = md_kind(n);

	if (w->pre > 0 && kind != MK_PRE)
		return;
	switch (kind) {
	case MK_EM:
	case MK_STRONG:
	case MK_CODE:
	case MK_LINK:
		pop_inl(w, i);
		break;
	case MK_PRE:
		if (--w->pre == 0) {
			if (w->in_cell) {
				if (w->pre_text.len > 0)
					put_text(w, w->pre_text.s);
			} else
				put_code_block(w);
			w->pre_text.len = 0;
		}
		break;
	case MK_TERM:
		pop_inl(w, i);
		end_leaf(w);
		break;
	case MK_CELL:
		end_leaf(w);
		if (w->table != 0 && w->in_cell) {
			w->in_cell = false;
			reset_leaf(w, LEAF_PARA);
		}
		break;
	case MK_TABLE:
		end_leaf(w);
		if (w->table == i) {
			put_table(w);
			clear_cells(w);
			w->table = 0;
		}
		break;
	case MK_QUOTE:
	case MK_LIST:
	case MK_ITEM:
		end_leaf(w);
		if (!w->in_cell && w->nctx > 0)
			w->nctx--;
		break;
	case MK_HEADING:
	case MK_BLOCK:
	case MK_ROW:
	case MK_HR:
		end_leaf(w);
		break;
	default:
		break;
	}
}

static void
md_leaf(void *ctx, uint32_t i)
{
	struct mdw		*w = ctx;
	const struct cex_node	*n = &w->d->nodes[i];
	const char		*text;

	if (n->type != GUMBO_NODE_TEXT && n->type != GUMBO_NODE_WHITESPACE &&
	    n->type != GUMBO_NODE_CDATA)
		return;
	text = n->g->v.text.text;
	if (w->pre > 0) {
		buf_put(w, &w->pre_text, text, strlen(text));
		return;
	}
	if (in_code(w))
		put_code_text(w, text);
	else
		put_text(w, text);
}

/*
 * Writes the document as Markdown: the title the method gives first as
 * a heading, the content, then the retained links as a list after a
 * rule. Nothing at all for an empty result. Returns -1 on a write
 * error or if memory ran out.
 */
int
out_markdown(FILE *f, const struct cex_doc *d)
{
	static const struct dom_walker walker = { md_enter, md_leave,
	    md_leaf };
	struct mdw	 w;
	char		*text;
	size_t		 k;
	int		 rc = -1;

	memset(&w, 0, sizeof(w));
	w.f = f;
	w.d = d;
	reset_leaf(&w, LEAF_PARA);
	if (find_pipe_tables(&w) == -1)
		goto out;
	if (d->title != 0) {
		if ((text = out_collapsed(d, d->title)) == NULL)
			goto out;
		w.leaf = LEAF_HEADING;
		w.level = 1;
		put_text(&w, text);
		free(text);
		end_leaf(&w);
	}
	if (dom_walk(d, &walker, &w) == -1)
		goto out;
	end_leaf(&w);
	for (k = 0; k < d->nretained && !w.nomem; k++) {
		if (k == 0) {
			begin_block(&w);
			put_lines(&w, "* * *", 5, NULL);
		}
		if ((text = out_collapsed(d, d->retained[k].node)) == NULL)
			goto out;
		/* An item each: "- [text](address)". */
		reset_leaf(&w, LEAF_PARA);
		w.line_start = false;
		buf_putc(&w, &w.out, '[');
		w.last = '[';
		put_text(&w, text);
		free(text);
		w.space = false;
		buf_putc(&w, &w.out, ']');
		put_destination(&w, d->retained[k].url);
		fputs(k == 0 ? "\n- " : "- ", f);
		fwrite(w.out.s, 1, w.out.len, f);
		putc('\n', f);
	}
	rc = w.nomem || ferror(f) ? -1 : 0;
out:
	for (k = 0; k < w.ninl; k++)
		free(w.inl[k].url);
	clear_cells(&w);
	free(w.inl);
	free(w.ctx);
	free(w.out.s);
	free(w.code.s);
	free(w.pre_text.s);
	free(w.cells);
	free(w.cell_row);
	free(w.cell_head);
	free(w.tables);
	return rc;
}
