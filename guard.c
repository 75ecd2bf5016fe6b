/*
 * guard.c: bounds what gumbo-parser 0.10.1 is given, before it sees it.
 *
 * gumbo searches its stack of open elements for most tags and its list
 * of formatting elements for many, compares each attribute of a tag
 * with all before it, reopens the formatting elements still listed in
 * each new block and searches the stack up to the last of them for
 * each character of text, and makes elements that cost some 200 bytes
 * each: a page made for it takes minutes and gigabytes. Browsers bound
 * the depth (Chromium at 512); gumbo bounds nothing.
 *
 * The guard is one linear scan of the decoded page that tokenizes it as
 * gumbo's tokenizer does (tags and their attributes, comments, doctype,
 * CDATA in foreign content, the raw text of script, style, textarea and
 * the like, script's escapes) and hands each token to a model of
 * gumbo's tree construction (builder.c), which knows what the parser
 * will do with it. A tag the model refuses, as it would pass a limit,
 * is left out of the copy of the page gumbo is given, and so is the end
 * tag of a start tag left out; attributes past the limit of a tag are
 * cut; end tags are put before text that would reopen more formatting
 * elements than allowed, taking them off gumbo's list. Text is never
 * left out. The scan also leaves out the bodies of the script and style
 * elements that the filters would remove anyway: most of the bytes of
 * today's pages, which gumbo's tokenizer would otherwise walk one by
 * one.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cex.h"

struct scan {
	const char	*in;
	size_t		 len;
	const struct guard_limits *lim;
	struct guard_report *report;
	struct builder	*model;
	char		*out;		/* NULL while nothing is changed */
	size_t		 out_len, out_cap;
	size_t		 copied;	/* input copied to out up to here */
	size_t		 text_at;	/* where end tags go before text */
	size_t		 dropped[GUMBO_TAG_LAST + 1];	/* end tags to drop */
	struct battr	*attrs;		/* of the tag being read */
	size_t		 attrs_cap;
	struct battr	*shown;		/* ... those gumbo is given */
	size_t		 shown_cap;
	uint16_t	 raw_tag;	/* the raw text element open */
	bool		 skip_raw;	/* its text is left out */
	int		 frameless;	/* -1 unknown, else frameless_page */
	bool		 nomem;
};

/* Makes room in out for more bytes and a NUL. */
static bool
reserve(struct scan *s, size_t more)
{
	size_t	 cap;
	char	*n;

	if (s->out != NULL && s->out_len + more < s->out_cap)
		return true;
	cap = s->out_cap == 0 ? s->len + 64 : s->out_cap;
	while (cap <= s->out_len + more)
		cap *= 2;
	if ((n = realloc(s->out, cap)) == NULL) {
		s->nomem = true;
		return false;
	}
	s->out = n;
	s->out_cap = cap;
	return true;
}

/* Copies the input up to to into out. */
static bool
copy_to(struct scan *s, size_t to)
{
	if (!reserve(s, to - s->copied))
		return false;
	memcpy(s->out + s->out_len, s->in + s->copied, to - s->copied);
	s->out_len += to - s->copied;
	s->copied = to;
	return true;
}

/* Puts n bytes of str into the output where the input is at at. */
static void
put(struct scan *s, size_t at, const char *str, size_t n)
{
	if (!copy_to(s, at) || !reserve(s, n))
		return;
	memcpy(s->out + s->out_len, str, n);
	s->out_len += n;
}

/*
 * Leaves out in[from, to) of the output. What comes before and after
 * must not make markup or a character reference the page did not have:
 * a '<' (of the text) left before a letter, '/', '!' or '?', or an '&'
 * before a letter, digit or '#', is written as a reference.
 */
static void
drop(struct scan *s, size_t from, size_t to)
{
	unsigned char	 next;
	char		 last;

	if (from >= to || !copy_to(s, from))
		return;
	s->copied = to;
	if (s->out_len == 0 || to >= s->len)
		return;
	last = s->out[s->out_len - 1];
	next = (unsigned char)s->in[to];
	if (last == '<' && (ascii_is_alpha(next) || next == '/' ||
	    next == '!' || next == '?')) {
		s->out_len--;
		put(s, to, "&lt;", 4);
	} else if (last == '&' && (ascii_is_alpha(next) || next == '#' ||
	    (next >= '0' && next <= '9'))) {
		s->out_len--;
		put(s, to, "&amp;", 5);
	}
}

/* The tag of a name (len bytes), any case; GUMBO_TAG_UNKNOWN if none. */
static uint16_t
tag_of(const char *name, size_t len)
{
	char	 buf[16];
	size_t	 i;

	if (len >= sizeof(buf))
		return GUMBO_TAG_UNKNOWN;
	for (i = 0; i < len; i++)
		buf[i] = (char)ascii_lower((unsigned char)name[i]);
	return (uint16_t)gumbo_tagn_enum(buf, (unsigned)len);
}

/* The end of a tag's name from i: a space, '/' or '>'. */
static size_t
name_end(const struct scan *s, size_t i)
{
	while (i < s->len && !ascii_is_space((unsigned char)s->in[i]) &&
	    s->in[i] != '/' && s->in[i] != '>')
		i++;
	return i;
}

/* Keeps an attribute of the tag being read. */
static void
keep_attr(struct scan *s, size_t n, size_t name, size_t name_len)
{
	struct battr	*na;
	size_t		 cap;

	if (n == s->attrs_cap) {
		cap = s->attrs_cap == 0 ? 16 : s->attrs_cap * 2;
		if ((na = realloc(s->attrs, cap * sizeof(*na))) == NULL) {
			s->nomem = true;
			return;
		}
		s->attrs = na;
		s->attrs_cap = cap;
	}
	s->attrs[n].name = s->in + name;
	s->attrs[n].name_len = (uint32_t)name_len;
	s->attrs[n].value = s->in + name + name_len;
	s->attrs[n].value_len = 0;
	s->attrs[n].span = (uint32_t)name_len;
}

/*
 * Reads the attributes of a tag from i (just past its name) as the
 * tokenizer does, up to the '>' that ends the tag: returns its index,
 * or len if the page ends first (the parser then drops the tag). The
 * first max attributes are kept in s->attrs (*nattrs of them), *cut is
 * where the first attribute past them begins (0 if none), and
 * *self_closing says whether "/>" ends the tag.
 */
static size_t
tag_attrs(struct scan *s, size_t i, size_t max, size_t *nattrs, size_t *cut,
    bool *self_closing)
{
	enum { BEFORE_NAME, NAME, AFTER_NAME, BEFORE_VALUE, VALUE_UNQUOTED,
	    AFTER_QUOTED, SOLIDUS } st = BEFORE_NAME;
	const char	*in = s->in, *q;
	struct battr	*a;
	size_t		 count = 0, name = 0;
	unsigned char	 c;

	*nattrs = 0;
	*cut = 0;
	*self_closing = false;
	for (; i < s->len; i++) {
		c = (unsigned char)in[i];
		switch (st) {
		case AFTER_QUOTED:
		case SOLIDUS:
			if (c == '>') {
				*self_closing = st == SOLIDUS;
				return i;
			}
			if (st == AFTER_QUOTED && c == '/') {
				st = SOLIDUS;
				break;
			}
			st = BEFORE_NAME;
			/* FALLTHROUGH */
		case BEFORE_NAME:
		case AFTER_NAME:
			if (ascii_is_space(c))
				break;
			if (c == '/') {
				st = SOLIDUS;
				break;
			}
			if (c == '>')
				return i;
			if (st == AFTER_NAME && c == '=') {
				st = BEFORE_VALUE;
				break;
			}
			/* A new attribute. */
			if (count++ == max)
				*cut = i;
			name = i;
			st = NAME;
			break;
		case NAME:
			if (ascii_is_space(c) || c == '/' || c == '>' ||
			    c == '=') {
				if (count <= max && !s->nomem)
					keep_attr(s, (*nattrs)++, name, i - name);
				st = c == '=' ? BEFORE_VALUE : AFTER_NAME;
				if (c == '/')
					st = SOLIDUS;
				if (c == '>')
					return i;
			}
			break;
		case BEFORE_VALUE:
			if (ascii_is_space(c))
				break;
			if (c == '>')
				return i;
			if (c == '"' || c == '\'') {
				q = memchr(in + i + 1, c, s->len - i - 1);
				if (q == NULL)
					return s->len;
				if (count <= max && *nattrs > 0) {
					a = &s->attrs[*nattrs - 1];
					a->value = in + i + 1;
					a->value_len =
					    (uint32_t)(q - in - i - 1);
					a->span = (uint32_t)(q + 1 - a->name);
				}
				i = (size_t)(q - in);
				st = AFTER_QUOTED;
				break;
			}
			if (count <= max && *nattrs > 0)
				s->attrs[*nattrs - 1].value = in + i;
			st = VALUE_UNQUOTED;
			/* FALLTHROUGH */
		case VALUE_UNQUOTED:
			if (ascii_is_space(c) || c == '>') {
				st = BEFORE_NAME;
				if (c == '>')
					return i;
				break;
			}
			if (count <= max && *nattrs > 0) {
				a = &s->attrs[*nattrs - 1];
				a->value_len++;
				a->span = (uint32_t)(in + i + 1 - a->name);
			}
			break;
		}
	}
	return s->len;
}

/* Whether in[i..] is "</name" and a space, '/' or '>', any case. */
static bool
end_tag_at(const struct scan *s, size_t i, const char *name, size_t len)
{
	size_t	 k;

	if (i + 2 + len >= s->len || s->in[i] != '<' || s->in[i + 1] != '/')
		return false;
	for (k = 0; k < len; k++)
		if (ascii_lower((unsigned char)s->in[i + 2 + k]) !=
		    (unsigned char)name[k])
			return false;
	return ascii_is_space((unsigned char)s->in[i + 2 + len]) ||
	    s->in[i + 2 + len] == '/' || s->in[i + 2 + len] == '>';
}

/*
 * The start of the end tag closing the raw text (RCDATA or RAWTEXT) of
 * an element named name, from i; len if the page ends first.
 */
static size_t
raw_end(const struct scan *s, size_t i, const char *name)
{
	const char	*p;
	size_t		 len = strlen(name);

	while (i < s->len &&
	    (p = memchr(s->in + i, '<', s->len - i)) != NULL) {
		i = (size_t)(p - s->in);
		if (end_tag_at(s, i, name, len))
			return i;
		i++;
	}
	return s->len;
}

/*
 * The start of the "</script" that ends a script's text from i, as the
 * tokenizer's script states read it (script_step); len if the page ends
 * first.
 */
static size_t
script_end(const struct scan *s, size_t i)
{
	uint8_t		 state = SCRIPT_DATA;
	const char	*p;
	size_t		 k;

	while (i < s->len) {
		/* Only a '<' matters to the plain script state. */
		if (state == SCRIPT_DATA) {
			if ((p = memchr(s->in + i, '<', s->len - i)) == NULL)
				return s->len;
			i = (size_t)(p - s->in);
		}
		if (script_step(&state, s->in + i, s->len - i, false, &k) ==
		    SCRIPT_ENDS)
			return i;
		i += k;
	}
	return s->len;
}

/*
 * Where a comment ends from i (just past "<!--"), as the tokenizer's
 * comment states read it: at "-->", "--!>", or at once for "<!-->" and
 * "<!--->"; len if the page ends first.
 */
static size_t
comment_end(const struct scan *s, size_t i)
{
	enum { START, START_DASH, COMMENT, END_DASH, END, BANG } st = START;
	const char	*p;
	char		 c;

	while (i < s->len) {
		c = s->in[i];
		switch (st) {
		case START:
		case START_DASH:
			if (c == '>')
				return i + 1;
			st = c != '-' ? COMMENT : st == START ? START_DASH : END;
			break;
		case COMMENT:
			if ((p = memchr(s->in + i, '-', s->len - i)) == NULL)
				return s->len;
			i = (size_t)(p - s->in);
			st = END_DASH;
			break;
		case END_DASH:
			st = c == '-' ? END : COMMENT;
			break;
		case END:
			if (c == '>')
				return i + 1;
			st = c == '!' ? BANG : c == '-' ? END : COMMENT;
			break;
		case BANG:
			if (c == '>')
				return i + 1;
			st = c == '-' ? END_DASH : COMMENT;
			break;
		}
		i++;
	}
	return s->len;
}

/* Where a bogus comment from i ends: past the next '>', or len. */
static size_t
bogus_end(const struct scan *s, size_t i)
{
	const char	*p = memchr(s->in + i, '>', s->len - i);

	return p == NULL ? s->len : (size_t)(p - s->in) + 1;
}

/*
 * Reads a quoted identifier of a doctype at i; returns where it ends
 * (past the closing quote), or with *abrupt set where a '>' cut it.
 */
static size_t
doctype_id(const struct scan *s, size_t i, size_t *start, size_t *len,
    bool *abrupt)
{
	char	 quote = s->in[i];
	size_t	 k;

	*start = ++i;
	for (k = i; k < s->len && s->in[k] != quote && s->in[k] != '>'; k++)
		continue;
	*len = k - i;
	*abrupt = k >= s->len || s->in[k] == '>';
	return *abrupt ? k : k + 1;
}

static size_t
skip_spaces(const struct scan *s, size_t i)
{
	while (i < s->len && ascii_is_space((unsigned char)s->in[i]))
		i++;
	return i;
}

static bool
keyword_at(const struct scan *s, size_t i, const char *word)
{
	size_t	 n = strlen(word);

	return i + n <= s->len && strncasecmp(s->in + i, word, n) == 0;
}

/*
 * A doctype from i (just past "<!DOCTYPE"): returns where it ends (past
 * its first '>', or len), and in *quirks whether gumbo puts the page in
 * quirks mode: a malformed doctype, or one builder_quirks says is.
 */
static size_t
doctype(const struct scan *s, size_t i, bool *quirks)
{
	size_t	 name, name_len, pub = 0, pub_len = 0, sys = 0, sys_len = 0;
	bool	 has_pub = false, has_sys = false, force = false, abrupt;

	i = skip_spaces(s, i);
	name = i;
	while (i < s->len && !ascii_is_space((unsigned char)s->in[i]) &&
	    s->in[i] != '>')
		i++;
	name_len = i - name;
	if (name_len == 0)
		force = true;
	i = skip_spaces(s, i);
	if (i < s->len && s->in[i] != '>') {
		if (keyword_at(s, i, "public") || keyword_at(s, i, "system")) {
			bool	 public = keyword_at(s, i, "public");

			i = skip_spaces(s, i + 6);
			if (i < s->len && (s->in[i] == '"' || s->in[i] == '\'')) {
				if (public) {
					has_pub = true;
					i = doctype_id(s, i, &pub, &pub_len,
					    &abrupt);
				} else {
					has_sys = true;
					i = doctype_id(s, i, &sys, &sys_len,
					    &abrupt);
				}
				force = abrupt;
				i = skip_spaces(s, i);
				if (!abrupt && public && i < s->len &&
				    (s->in[i] == '"' || s->in[i] == '\'')) {
					has_sys = true;
					i = doctype_id(s, i, &sys, &sys_len,
					    &abrupt);
					force = abrupt;
					i = skip_spaces(s, i);
				}
				if (!abrupt && i < s->len && s->in[i] != '>' &&
				    public && !has_sys)
					force = true;
			} else
				force = true;
		} else
			force = true;
	}
	if (i >= s->len)
		force = true;
	*quirks = force || builder_quirks(s->in + name, name_len, s->in + pub,
	    pub_len, has_pub, s->in + sys, sys_len, has_sys);
	return bogus_end(s, i);
}

/* End tags put before a run of text, taking formatting elements off. */
static void
inject_end_tag(void *ctx, uint16_t tag)
{
	struct scan	*s = ctx;
	const char	*name = gumbo_normalized_tagname(tag);

	put(s, s->text_at, "</", 2);
	put(s, s->text_at, name, strlen(name));
	put(s, s->text_at, ">", 1);
}

/* Hands the text in[from, to) to the model. */
static void
text_run(struct scan *s, size_t from, size_t to)
{
	if (from >= to)
		return;
	s->text_at = from;
	if (builder_text(s->model, s->in + from, to - from, false,
	    inject_end_tag, s) == (size_t)-1)
		s->nomem = true;
}

/*
 * Whether a page of frames, whose first frameset start tag ends at
 * from, has a noframes element after it: the page a reader without
 * frames is given (a text browser shows it; a browser with frames
 * shows the frames, which are other documents, and nothing of this
 * one). cex is such a reader. The parser would take the frameset for
 * the page and the noframes for raw text, and find no text; instead
 * the frameset, frame and noframes tags are left out of what it is
 * given, so that what the noframes holds is read as the body.
 */
static bool
frameless_page(const struct scan *s, size_t from)
{
	const char	*p;
	size_t		 i = from;

	while (i < s->len && (p = memchr(s->in + i, '<', s->len - i)) != NULL) {
		i = (size_t)(p - s->in) + 1;
		if (s->len - i >= 8 && strncasecmp(s->in + i, "noframes", 8) == 0)
			return true;
	}
	return false;
}

/* Whether tag is one of the tags a reader without frames leaves out. */
static bool
is_frame_tag(uint16_t tag)
{
	return tag == GUMBO_TAG_FRAMESET || tag == GUMBO_TAG_FRAME ||
	    tag == GUMBO_TAG_NOFRAMES;
}

/* Counts a tag the model refused in the report. */
static void
report_refusal(struct scan *s, int reason)
{
	switch (reason) {
	case BUILDER_DEPTH:
		s->report->depth++;
		break;
	case BUILDER_ELEMENTS:
		s->report->elements++;
		break;
	case BUILDER_FORMATTING:
		s->report->formatting++;
		break;
	case BUILDER_WORK:
		s->report->work++;
		break;
	case BUILDER_NOMEM:
		s->nomem = true;
		break;
	default:
		break;
	}
}

/*
 * Whether an attribute is one no filter reads, left out when the output
 * has no markup: a handler of events (on...), the sources and sizes of
 * a responsive image (srcset, sizes: the HTML writer reads them), the
 * outline of an SVG shape (d, points), and a data attribute but those
 * the article method reads as names. They make nearly a fifth of what
 * gumbo is given of today's pages once their scripts are left out, and
 * its tokenizer reads them one byte at a time. One written right after
 * a '/' stays: without it the '/' would close the tag.
 */
static bool
is_unread_attr(const struct battr *a)
{
	char	 c = a->name[-1], low[32];
	size_t	 k, n = a->name_len;

	/* Most names begin with none of the letters of those left out. */
	switch (ascii_lower((unsigned char)a->name[0])) {
	case 'd': case 'o': case 'p': case 's':
		break;
	default:
		return false;
	}
	if ((!ascii_is_space((unsigned char)c) && c != '"' && c != '\'') ||
	    n >= sizeof(low))
		return false;
	for (k = 0; k < n; k++)
		low[k] = (char)ascii_lower((unsigned char)a->name[k]);
	low[n] = '\0';
	if (n > 2 && low[0] == 'o' && low[1] == 'n')
		return true;
	if (strcmp(low, "srcset") == 0 || strcmp(low, "sizes") == 0 ||
	    strcmp(low, "d") == 0 || strcmp(low, "points") == 0)
		return true;
	return n > 5 && memcmp(low, "data-", 5) == 0 &&
	    !article_names_with(low, n);
}

/*
 * The attributes of the tag being read that gumbo is given, when some
 * are left out (is_unread_attr): copied into s->shown, their count in
 * *n. Returns the attributes the model is to be given.
 */
static const struct battr *
shown_attrs(struct scan *s, size_t *n)
{
	struct battr	*na;
	size_t		 k, kept = 0;

	if (!s->lim->markupless || *n == 0)
		return s->attrs;
	if (*n > s->shown_cap) {
		if ((na = reallocarray(s->shown, *n, sizeof(*na))) == NULL) {
			s->nomem = true;
			return s->attrs;
		}
		s->shown = na;
		s->shown_cap = *n;
	}
	for (k = 0; k < *n; k++)
		if (!is_unread_attr(&s->attrs[k]))
			s->shown[kept++] = s->attrs[k];
	if (kept == *n)
		return s->attrs;
	*n = kept;
	return s->shown;
}

/*
 * Leaves out of the copy the attributes of the n read that shown_attrs
 * did not show (shown of them it did, in order).
 */
static void
drop_unread_attrs(struct scan *s, size_t n, size_t shown)
{
	const struct battr *a;
	size_t		 k, j = 0;

	for (k = 0; k < n; k++) {
		a = &s->attrs[k];
		if (j < shown && s->shown[j].name == a->name)
			j++;
		else
			drop(s, (size_t)(a->name - s->in),
			    (size_t)(a->name - s->in) + a->span);
	}
}

/*
 * A start tag at i, its name [name, name + len). Returns where the scan
 * goes on.
 */
static size_t
start_tag(struct scan *s, size_t i, size_t name, size_t len)
{
	struct btoken	 t;
	const char	*vt;
	size_t		 gt, cut, nattrs;
	bool		 self_closing, foreign = builder_foreign(s->model);
	int		 r;

	gt = tag_attrs(s, name + len, s->lim->max_attrs, &nattrs, &cut,
	    &self_closing);
	if (gt == s->len || s->nomem)
		return s->len;	/* cut off by the end: the parser drops it */
	memset(&t, 0, sizeof(t));
	t.type = BT_START;
	t.tag = tag_of(s->in + name, len);
	/*
	 * The name gumbo matches end tags of foreign elements against: up
	 * to a space as C's isspace has it, so up to a '\v' too (which is
	 * part of the tag's name to the tokenizer).
	 */
	t.name = s->in + name;
	vt = memchr(t.name, '\v', len);
	t.name_len = (uint32_t)(vt != NULL ? (size_t)(vt - t.name) : len);
	t.self_closing = self_closing;
	t.nattrs = nattrs;
	t.attrs = shown_attrs(s, &t.nattrs);
	if (!foreign && is_frame_tag(t.tag)) {
		if (s->frameless == -1 && t.tag == GUMBO_TAG_FRAMESET)
			s->frameless = frameless_page(s, gt + 1);
		if (s->frameless == 1) {
			drop(s, i, gt + 1);
			return gt + 1;
		}
	}
	if ((r = builder_tag(s->model, &t)) == BUILDER_BARE) {
		r = BUILDER_KEPT;
		cut = name + len;
	}
	if (r != BUILDER_KEPT) {
		report_refusal(s, r);
		if ((r == BUILDER_DEPTH || r == BUILDER_ELEMENTS ||
		    r == BUILDER_FORMATTING) && !dom_tag_is_void(t.tag) &&
		    !(foreign && self_closing))
			s->dropped[t.tag]++;
		drop(s, i, gt + 1);
		return gt + 1;
	}
	if (t.attrs == s->shown && cut != name + len)
		drop_unread_attrs(s, nattrs, t.nattrs);
	if (cut != 0) {
		s->report->attributes++;
		drop(s, cut, self_closing ? gt - 1 : gt);
	}
	if (builder_lexer(s->model) != BLEX_DATA) {
		s->raw_tag = t.tag;
		/* JSON-LD data stays: it says what the page's article is. */
		s->skip_raw = (t.tag == GUMBO_TAG_SCRIPT &&
		    s->lim->skip_scripts &&
		    memmem(s->in + i, gt - i, "ld+json", 7) == NULL) ||
		    (t.tag == GUMBO_TAG_STYLE && s->lim->skip_styles);
	}
	return gt + 1;
}

/*
 * An end tag at i, its name [name, name + len); raw if it closes a raw
 * text element, as the end tag of a start tag left out never does.
 */
static size_t
end_tag(struct scan *s, size_t i, size_t name, size_t len, bool raw)
{
	struct btoken	 t;
	size_t		 gt, cut, nattrs;
	bool		 self_closing;
	int		 r;

	gt = tag_attrs(s, name + len, s->lim->max_attrs, &nattrs, &cut,
	    &self_closing);
	if (gt == s->len || s->nomem)
		return s->len;
	memset(&t, 0, sizeof(t));
	t.type = BT_END;
	t.tag = tag_of(s->in + name, len);
	/*
	 * gumbo matches an end tag to a foreign element by all it holds up
	 * to its '>': "</F/>" or "</F x>" closes no F.
	 */
	t.name = s->in + name;
	t.name_len = (uint32_t)(gt - name);
	if (!raw && s->frameless == 1 && !builder_foreign(s->model) &&
	    is_frame_tag(t.tag)) {
		drop(s, i, gt + 1);
		return gt + 1;
	}
	if (!raw && s->dropped[t.tag] > 0) {
		s->dropped[t.tag]--;
		drop(s, i, gt + 1);
		return gt + 1;
	}
	if ((r = builder_tag(s->model, &t)) != BUILDER_KEPT) {
		report_refusal(s, r);
		drop(s, i, gt + 1);
		return gt + 1;
	}
	if (cut != 0) {
		s->report->attributes++;
		drop(s, cut, self_closing ? gt - 1 : gt);
	}
	return gt + 1;
}

static bool starts_markup(const struct scan *, size_t);

/*
 * A title whose end tag is missing or misspelled takes the rest of the
 * page for its text, and the page has no body. As lenient parsers do,
 * the title ends where the first tag after it begins: an end tag is put
 * there, and handed to the model. Returns where the scan goes on, or
 * len if the title holds no tag.
 */
static size_t
end_title(struct scan *s, size_t i)
{
	struct btoken	 t;
	const char	*p;

	while (i < s->len && (p = memchr(s->in + i, '<', s->len - i)) != NULL) {
		i = (size_t)(p - s->in);
		if (starts_markup(s, i)) {
			put(s, i, "</title>", 8);
			memset(&t, 0, sizeof(t));
			t.type = BT_END;
			t.tag = GUMBO_TAG_TITLE;
			t.name = "title";
			t.name_len = 5;
			builder_tag(s->model, &t);
			return i;
		}
		i++;
	}
	return s->len;
}

/*
 * The text of a raw text element from i, to the end tag that closes it,
 * which is handed to the model. Returns where the scan goes on.
 */
static size_t
raw_text(struct scan *s, size_t i)
{
	const char	*name = gumbo_normalized_tagname(s->raw_tag);
	size_t		 end;

	end = builder_lexer(s->model) == BLEX_SCRIPT ? script_end(s, i) :
	    raw_end(s, i, name);
	if (end == s->len && s->raw_tag == GUMBO_TAG_TITLE &&
	    builder_lexer(s->model) == BLEX_RCDATA)
		return end_title(s, i);
	if (s->skip_raw)
		drop(s, i, end);
	if (end == s->len)
		return s->len;
	return end_tag(s, end, end + 2, strlen(name), true);
}

/* Whether the '<' at i starts markup, or is text. */
static bool
starts_markup(const struct scan *s, size_t i)
{
	char	 c;

	if (i + 1 >= s->len)
		return false;
	c = s->in[i + 1];
	if (c == '/')
		return i + 2 < s->len;
	return ascii_is_alpha((unsigned char)c) || c == '!' || c == '?';
}

/* Markup at i, which starts_markup: returns where the scan goes on. */
static size_t
markup(struct scan *s, size_t i)
{
	const char	*in = s->in;
	size_t		 end;
	bool		 quirks;

	if (ascii_is_alpha((unsigned char)in[i + 1]))
		return start_tag(s, i, i + 1, name_end(s, i + 1) - i - 1);
	if (in[i + 1] == '/') {
		if (ascii_is_alpha((unsigned char)in[i + 2]))
			return end_tag(s, i, i + 2, name_end(s, i + 2) - i - 2,
			    false);
		if (in[i + 2] == '>') {
			/*
			 * Nothing to the parser, but gumbo's tokenizer then
			 * takes it for the start of the next tag's text, and
			 * of the name of the element it makes: left out.
			 */
			drop(s, i, i + 3);
			return i + 3;
		}
		builder_comment(s->model);
		return bogus_end(s, i + 2);
	}
	if (in[i + 1] == '?') {
		builder_comment(s->model);
		return bogus_end(s, i + 1);
	}
	if (in[i + 1] != '!')
		return i;
	if (i + 3 < s->len && in[i + 2] == '-' && in[i + 3] == '-') {
		builder_comment(s->model);
		return comment_end(s, i + 4);
	}
	if (keyword_at(s, i + 2, "doctype")) {
		end = doctype(s, i + 9, &quirks);
		builder_doctype(s->model, quirks);
		return end;
	}
	if (builder_foreign(s->model) && i + 9 <= s->len &&
	    memcmp(in + i + 2, "[CDATA[", 7) == 0) {
		const char *p = memmem(in + i + 9, s->len - i - 9, "]]>", 3);

		end = p == NULL ? s->len : (size_t)(p - in);
		builder_cdata(s->model, end - i - 9);
		return p == NULL ? s->len : end + 3;
	}
	builder_comment(s->model);
	return bogus_end(s, i + 2);
}

/*
 * Scans a decoded page. Returns a new buffer with what was changed (its
 * length in *out_len), or NULL with *out_len 0 when nothing was: the
 * page is then parsed as it is. Sets errno and returns NULL with
 * *out_len (size_t)-1 if memory runs out.
 */
char *
guard_run(const char *html, size_t len, const struct guard_limits *lim,
    struct guard_report *report, size_t *out_len)
{
	struct scan	*s;
	const char	*p;
	size_t		 i = 0, text = 0;
	char		*out;

	memset(report, 0, sizeof(*report));
	*out_len = 0;
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->model = builder_new(&lim->model)) == NULL) {
		free(s);
		*out_len = (size_t)-1;
		return NULL;
	}
	s->in = html;
	s->len = len;
	s->lim = lim;
	s->frameless = -1;
	s->report = report;
	while (i < len && !s->nomem) {
		switch (builder_lexer(s->model)) {
		case BLEX_DATA:
			break;
		case BLEX_PLAINTEXT:
			i = len;	/* the rest is text */
			continue;
		default:
			i = text = raw_text(s, i);
			continue;
		}
		if ((p = memchr(html + i, '<', len - i)) == NULL)
			break;
		i = (size_t)(p - html);
		if (!starts_markup(s, i)) {
			i++;	/* a '<' of the text */
			continue;
		}
		text_run(s, text, i);
		i = text = markup(s, i);
	}
	text_run(s, text, len);
	builder_eof(s->model);
	if (s->out != NULL && !s->nomem)
		copy_to(s, len);
	out = s->out;
	if (s->nomem) {
		free(out);
		out = NULL;
		*out_len = (size_t)-1;
	} else if (out != NULL) {
		out[s->out_len] = '\0';
		*out_len = s->out_len;
	}
	builder_stats(s->model, &report->model);
	builder_free(s->model);
	free(s->attrs);
	free(s->shown);
	free(s);
	return out;
}
