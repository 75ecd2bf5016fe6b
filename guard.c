/*
 * guard.c: bounds what gumbo-parser 0.10.1 is given, before it sees it.
 *
 * gumbo's time grows with the square of the tree's depth (each tag
 * searches the stack of open elements), of the attributes of one tag
 * (each is checked against the others) and of the open formatting
 * elements (each new block reopens them all); its memory grows with the
 * number of elements. Browsers bound the depth (Chromium at 512). The
 * guard is one linear scan over the decoded page that follows the HTML
 * tokenizer where it matters (tags, quoted attribute values, comments,
 * raw text elements) and keeps an estimate of the stack of open
 * elements, with the end tags a parser implies. It drops the start tags
 * that would nest deeper than the limit, open more formatting elements
 * or make more elements than allowed, with their end tags, and the
 * attributes past the limit. Text is never dropped.
 *
 * The scan also drops the bodies of script and style elements that the
 * filters would remove anyway: most of the bytes of today's pages, which
 * gumbo's tokenizer would otherwise walk one by one.
 */
#include <stdlib.h>
#include <string.h>

#include "cex.h"

/* One element of the estimated stack of open elements. */
struct open {
	uint16_t	 tag;
	bool		 foreign;	/* in svg or math */
};

struct scan {
	const char	*in;
	size_t		 len;
	const struct guard_limits *lim;
	struct guard_report *report;
	char		*out;		/* NULL while nothing is dropped */
	size_t		 out_len;
	size_t		 copied;	/* input copied to out up to here */
	struct open	*stack;
	size_t		 depth;
	size_t		 active_formatting;
	size_t		 active[GUMBO_TAG_LAST + 1];	/* per formatting tag */
	size_t		 dropped[GUMBO_TAG_LAST + 1];	/* end tags to drop */
	size_t		 elements;
	bool		 nomem;
};

/* Leaves out in[from, to) of the output. */
static void
drop(struct scan *s, size_t from, size_t to)
{
	if (from >= to)
		return;
	if (s->out == NULL) {
		if ((s->out = malloc(s->len + 1)) == NULL) {
			s->nomem = true;
			return;
		}
	}
	memcpy(s->out + s->out_len, s->in + s->copied, from - s->copied);
	s->out_len += from - s->copied;
	s->copied = to;
}

/* The formatting elements a parser reopens in each new block. */
static bool
is_formatting(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_A:
	case GUMBO_TAG_B:
	case GUMBO_TAG_BIG:
	case GUMBO_TAG_CODE:
	case GUMBO_TAG_EM:
	case GUMBO_TAG_FONT:
	case GUMBO_TAG_I:
	case GUMBO_TAG_NOBR:
	case GUMBO_TAG_S:
	case GUMBO_TAG_SMALL:
	case GUMBO_TAG_STRIKE:
	case GUMBO_TAG_STRONG:
	case GUMBO_TAG_TT:
	case GUMBO_TAG_U:
		return true;
	default:
		return false;
	}
}

/* Elements whose content the tokenizer reads as text up to their end. */
static bool
is_raw(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_SCRIPT:
	case GUMBO_TAG_STYLE:
	case GUMBO_TAG_XMP:
	case GUMBO_TAG_IFRAME:
	case GUMBO_TAG_NOEMBED:
	case GUMBO_TAG_NOFRAMES:
	case GUMBO_TAG_TEXTAREA:
	case GUMBO_TAG_TITLE:
		return true;
	default:
		return false;
	}
}

/* Start tags that close an open p, as the parser does. */
static bool
closes_p(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_ADDRESS:
	case GUMBO_TAG_ARTICLE:
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BLOCKQUOTE:
	case GUMBO_TAG_CENTER:
	case GUMBO_TAG_DETAILS:
	case GUMBO_TAG_DIR:
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_DL:
	case GUMBO_TAG_DD:
	case GUMBO_TAG_DT:
	case GUMBO_TAG_FIELDSET:
	case GUMBO_TAG_FIGCAPTION:
	case GUMBO_TAG_FIGURE:
	case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_FORM:
	case GUMBO_TAG_H1:
	case GUMBO_TAG_H2:
	case GUMBO_TAG_H3:
	case GUMBO_TAG_H4:
	case GUMBO_TAG_H5:
	case GUMBO_TAG_H6:
	case GUMBO_TAG_HEADER:
	case GUMBO_TAG_HGROUP:
	case GUMBO_TAG_HR:
	case GUMBO_TAG_LI:
	case GUMBO_TAG_LISTING:
	case GUMBO_TAG_MAIN:
	case GUMBO_TAG_MENU:
	case GUMBO_TAG_NAV:
	case GUMBO_TAG_OL:
	case GUMBO_TAG_P:
	case GUMBO_TAG_PRE:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_SUMMARY:
	case GUMBO_TAG_TABLE:
	case GUMBO_TAG_UL:
		return true;
	default:
		return false;
	}
}

/* Elements that bound the search for an element to close. */
static bool
is_boundary(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_APPLET:
	case GUMBO_TAG_BUTTON:
	case GUMBO_TAG_CAPTION:
	case GUMBO_TAG_HTML:
	case GUMBO_TAG_MARQUEE:
	case GUMBO_TAG_OBJECT:
	case GUMBO_TAG_TABLE:
	case GUMBO_TAG_TD:
	case GUMBO_TAG_TEMPLATE:
	case GUMBO_TAG_TH:
		return true;
	default:
		return false;
	}
}

/* Pops the stack down to below index k. */
static void
pop_to(struct scan *s, size_t k)
{
	s->depth = k;
}

/*
 * Closes the innermost open element with tag a or b, if one is open
 * above the boundary stop (or any boundary when stop is 0).
 */
static void
close_open(struct scan *s, uint16_t a, uint16_t b, uint16_t stop)
{
	size_t	 k;
	uint16_t t;

	for (k = s->depth; k-- > 0; ) {
		t = s->stack[k].tag;
		if (s->stack[k].foreign)
			return;
		if (t == a || t == b) {
			pop_to(s, k);
			return;
		}
		if (t == stop || (stop == 0 && is_boundary(t)))
			return;
	}
}

/* The end tags a start tag implies, as far as the depth goes. */
static void
imply_ends(struct scan *s, uint16_t tag)
{
	if (closes_p(tag))
		close_open(s, GUMBO_TAG_P, GUMBO_TAG_P, 0);
	switch (tag) {
	case GUMBO_TAG_LI:
		close_open(s, GUMBO_TAG_LI, GUMBO_TAG_LI, 0);
		break;
	case GUMBO_TAG_DD:
	case GUMBO_TAG_DT:
		close_open(s, GUMBO_TAG_DD, GUMBO_TAG_DT, 0);
		break;
	case GUMBO_TAG_TR:
		close_open(s, GUMBO_TAG_TR, GUMBO_TAG_TR, GUMBO_TAG_TABLE);
		break;
	case GUMBO_TAG_TD:
	case GUMBO_TAG_TH:
		close_open(s, GUMBO_TAG_TD, GUMBO_TAG_TH, GUMBO_TAG_TABLE);
		break;
	case GUMBO_TAG_OPTION:
	case GUMBO_TAG_OPTGROUP:
		close_open(s, GUMBO_TAG_OPTION, GUMBO_TAG_OPTION,
		    GUMBO_TAG_SELECT);
		break;
	case GUMBO_TAG_H1:
	case GUMBO_TAG_H2:
	case GUMBO_TAG_H3:
	case GUMBO_TAG_H4:
	case GUMBO_TAG_H5:
	case GUMBO_TAG_H6:
		if (s->depth > 0 && s->stack[s->depth - 1].tag >= GUMBO_TAG_H1 &&
		    s->stack[s->depth - 1].tag <= GUMBO_TAG_H6)
			s->depth--;
		break;
	case GUMBO_TAG_A:
	case GUMBO_TAG_NOBR:
		/* A new one closes the one still open. */
		close_open(s, tag, tag, 0);
		if (s->active[tag] > 0) {
			s->active[tag]--;
			s->active_formatting--;
		}
		break;
	default:
		break;
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

/*
 * Reads the rest of a tag from i (just past its name): attributes, with
 * quoted values, up to '>'. Returns the index of the '>' or len if the
 * tag is cut off by the end; *cut is where the attribute past the limit
 * starts (or 0), *self_closing whether "/>" ends it.
 */
static size_t
tag_end(const struct scan *s, size_t i, size_t max_attrs, size_t *cut,
    bool *self_closing)
{
	const char	*q;
	size_t		 attrs = 0;
	char		 quote;

	*cut = 0;
	*self_closing = false;
	while (i < s->len) {
		while (i < s->len && (ascii_is_space((unsigned char)s->in[i]) ||
		    s->in[i] == '/'))
			i++;
		if (i >= s->len)
			break;
		if (s->in[i] == '>') {
			*self_closing = s->in[i - 1] == '/';
			return i;
		}
		/* An attribute: its name, then perhaps = and a value. */
		if (++attrs > max_attrs && *cut == 0)
			*cut = i;
		i++;
		while (i < s->len && !ascii_is_space((unsigned char)s->in[i]) &&
		    s->in[i] != '/' && s->in[i] != '>' && s->in[i] != '=')
			i++;
		while (i < s->len && ascii_is_space((unsigned char)s->in[i]))
			i++;
		if (i >= s->len || s->in[i] != '=')
			continue;
		i++;
		while (i < s->len && ascii_is_space((unsigned char)s->in[i]))
			i++;
		if (i < s->len && (s->in[i] == '"' || s->in[i] == '\'')) {
			quote = s->in[i];
			q = memchr(s->in + i + 1, quote, s->len - i - 1);
			i = q == NULL ? s->len : (size_t)(q - s->in) + 1;
		} else
			while (i < s->len && !ascii_is_space((unsigned char)s->in[i]) &&
			    s->in[i] != '>')
				i++;
	}
	return s->len;
}

/*
 * The start of the end tag closing a raw text element (tag, name of
 * len bytes) from i: "</name" in any case, then a space, '/' or '>'.
 * len if there is none.
 */
static size_t
raw_end(const struct scan *s, size_t i, const char *name, size_t len)
{
	const char	*p;
	size_t		 k;

	while (i < s->len &&
	    (p = memchr(s->in + i, '<', s->len - i)) != NULL) {
		i = (size_t)(p - s->in);
		if (i + 2 + len < s->len && s->in[i + 1] == '/') {
			for (k = 0; k < len; k++)
				if (ascii_lower((unsigned char)s->in[i + 2 + k]) !=
				    (unsigned char)name[k])
					break;
			if (k == len && (ascii_is_space((unsigned char)s->in[i + 2 +
			    len]) || s->in[i + 2 + len] == '/' ||
			    s->in[i + 2 + len] == '>'))
				return i;
		}
		i++;
	}
	return s->len;
}

/*
 * A start tag at i, its name [name, name + len). Returns where the scan
 * goes on.
 */
static size_t
start_tag(struct scan *s, size_t i, size_t name, size_t len)
{
	uint16_t	 tag = tag_of(s->in + name, len);
	size_t		 gt, cut, end;
	bool		 self_closing, foreign, pushed = false, keep = true;
	const char	*tagname;

	gt = tag_end(s, name + len, s->lim->max_attrs, &cut, &self_closing);
	if (gt == s->len)
		return s->len;	/* cut off by the end: the parser drops it */
	/*
	 * The parser has one html, head and body, whatever the page says:
	 * the depth counts from inside them.
	 */
	if (tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_HEAD ||
	    tag == GUMBO_TAG_BODY) {
		if (cut != 0) {
			s->report->attributes++;
			drop(s, cut, self_closing ? gt - 1 : gt);
		}
		return gt + 1;
	}
	foreign = s->depth > 0 && s->stack[s->depth - 1].foreign;
	if (!foreign)
		imply_ends(s, tag);
	if (!is_raw(tag) || foreign) {
		if (s->lim->max_elements > 0 &&
		    s->elements >= s->lim->max_elements) {
			keep = false;
			s->report->elements++;
		} else if (!dom_tag_is_void(tag) && !(foreign && self_closing) &&
		    s->lim->max_depth > 0 && s->depth >= s->lim->max_depth) {
			keep = false;
			s->report->depth++;
		} else if (!foreign && is_formatting(tag) &&
		    s->active_formatting >= s->lim->max_formatting) {
			keep = false;
			s->report->formatting++;
		}
	}
	if (!keep) {
		if (!dom_tag_is_void(tag) && !(foreign && self_closing))
			s->dropped[tag]++;
		drop(s, i, gt + 1);
		return gt + 1;
	}
	s->elements++;
	if (cut != 0) {
		s->report->attributes++;
		drop(s, cut, self_closing ? gt - 1 : gt);
	}
	if (!dom_tag_is_void(tag) && !(foreign && self_closing)) {
		s->stack[s->depth].tag = tag;
		s->stack[s->depth++].foreign = foreign ||
		    tag == GUMBO_TAG_SVG || tag == GUMBO_TAG_MATH;
		pushed = true;
	}
	if (!foreign && is_formatting(tag)) {
		s->active[tag]++;
		s->active_formatting++;
	}
	if (tag == GUMBO_TAG_PLAINTEXT && !foreign)
		return s->len;	/* the rest is text */
	if (!is_raw(tag) || foreign || !pushed)
		return gt + 1;
	tagname = gumbo_normalized_tagname(tag);
	end = raw_end(s, gt + 1, tagname, strlen(tagname));
	/* JSON-LD data stays: it says what the page's article is. */
	if ((tag == GUMBO_TAG_SCRIPT && s->lim->skip_scripts &&
	    memmem(s->in + i, gt - i, "ld+json", 7) == NULL) ||
	    (tag == GUMBO_TAG_STYLE && s->lim->skip_styles))
		drop(s, gt + 1, end);
	return end;
}

/* An end tag at i, its name [name, name + len). */
static size_t
end_tag(struct scan *s, size_t i, size_t name, size_t len)
{
	uint16_t	 tag = tag_of(s->in + name, len);
	size_t		 gt, cut, k;
	bool		 self_closing;

	gt = tag_end(s, name + len, SIZE_MAX, &cut, &self_closing);
	if (gt == s->len)
		return s->len;
	if (s->dropped[tag] > 0) {
		s->dropped[tag]--;
		drop(s, i, gt + 1);
		return gt + 1;
	}
	if (is_formatting(tag) && s->active[tag] > 0) {
		s->active[tag]--;
		s->active_formatting--;
	}
	for (k = s->depth; k-- > 0; )
		if (s->stack[k].tag == tag) {
			pop_to(s, k);
			break;
		}
	return gt + 1;
}

/* Where a comment or other markup declaration from i ends. */
static size_t
skip_declaration(const struct scan *s, size_t i)
{
	const char	*p;

	if (i + 3 < s->len && memcmp(s->in + i, "<!--", 4) == 0) {
		i += 4;
		if (i < s->len && s->in[i] == '>')
			return i + 1;
		if (i + 1 < s->len && s->in[i] == '-' && s->in[i + 1] == '>')
			return i + 2;
		p = memmem(s->in + i, s->len - i, "-->", 3);
		return p == NULL ? s->len : (size_t)(p - s->in) + 3;
	}
	p = memchr(s->in + i, '>', s->len - i);
	return p == NULL ? s->len : (size_t)(p - s->in) + 1;
}

/*
 * Scans a decoded page. Returns a new buffer without what was dropped
 * (its length in *out_len), or NULL with *out_len 0 when nothing was:
 * the page is then parsed as it is. Sets errno and returns NULL with
 * *out_len (size_t)-1 if memory runs out.
 */
char *
guard_run(const char *html, size_t len, const struct guard_limits *lim,
    struct guard_report *report, size_t *out_len)
{
	struct scan	*s;
	const char	*p;
	size_t		 i = 0, name, n;
	char		*out;

	memset(report, 0, sizeof(*report));
	*out_len = 0;
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->stack = malloc((lim->max_depth > 0 ? lim->max_depth + 2 :
	    len / 2 + 2) * sizeof(*s->stack))) == NULL) {
		free(s);
		*out_len = (size_t)-1;
		return NULL;
	}
	s->in = html;
	s->len = len;
	s->lim = lim;
	s->report = report;
	while (i < len && !s->nomem &&
	    (p = memchr(html + i, '<', len - i)) != NULL) {
		i = (size_t)(p - html);
		if (i + 1 >= len)
			break;
		if (ascii_is_alpha((unsigned char)html[i + 1])) {
			for (name = i + 1, n = 0; name + n < len &&
			    !ascii_is_space((unsigned char)html[name + n]) &&
			    html[name + n] != '/' && html[name + n] != '>'; n++)
				continue;
			i = start_tag(s, i, name, n);
		} else if (html[i + 1] == '/' && i + 2 < len &&
		    ascii_is_alpha((unsigned char)html[i + 2])) {
			for (name = i + 2, n = 0; name + n < len &&
			    !ascii_is_space((unsigned char)html[name + n]) &&
			    html[name + n] != '/' && html[name + n] != '>'; n++)
				continue;
			i = end_tag(s, i, name, n);
		} else if (html[i + 1] == '!' || html[i + 1] == '?' ||
		    html[i + 1] == '/')
			i = skip_declaration(s, i);
		else
			i++;
	}
	if (s->out != NULL && !s->nomem) {
		memcpy(s->out + s->out_len, html + s->copied, len - s->copied);
		s->out_len += len - s->copied;
	}
	out = s->out;
	if (s->nomem) {
		free(out);
		out = NULL;
		*out_len = (size_t)-1;
	} else if (out != NULL) {
		out[s->out_len] = '\0';
		*out_len = s->out_len;
	}
	free(s->stack);
	free(s);
	return out;
}
