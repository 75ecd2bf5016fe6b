/*
 * meta.c: the page's metadata for the JSON output: its title, authors,
 * dates of publication and change, site name, description, language,
 * canonical address, image, categories and tags.
 *
 * Pages say these things many ways, some meant for machines, some for
 * readers. One pass over the whole tree (whatever the filters did, as
 * they remove the scripts, meta elements and bylines read here) collects
 * what each source says: JSON-LD data (parsed by libjansson), OpenGraph
 * and article:* properties, Dublin Core, the classic meta names,
 * microdata, time elements, author links, a visible byline, the title
 * and first h1, the html element's lang; then dates written out in the
 * visible text near the headline or byline, and a date in the address.
 * Each field then takes the value of the most trusted source that has
 * one (the tables of order below), cleaned: dates made ISO 8601 and
 * refused in the future or before the web had news sites, authors
 * split and rid of "By" and of words that are not names, a title rid
 * of the site's name after it. Nothing here recurses on the page's
 * nesting or on the JSON's, and no node is read more than a bounded
 * number of times. It also gives the article method the description of
 * the product, recipe or event a page's JSON-LD describes
 * (meta_ld_things).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <jansson.h>
#include <utf8proc.h>

#include "cex.h"

/*
 * libjansson's functions, looked up when metadata or a page's JSON-LD
 * is first wanted (meta_init, lazylib.c): most runs write no JSON and
 * most pages have no product's data, and need not load it. Set once;
 * all NULL if the library could not be loaded, and then no JSON-LD is
 * read.
 */
static struct {
	json_t		*(*loadb)(const char *, size_t, size_t, json_error_t *);
	json_t		*(*object_get)(const json_t *, const char *);
	size_t		 (*object_size)(const json_t *);
	size_t		 (*array_size)(const json_t *);
	json_t		*(*array_get)(const json_t *, size_t);
	const char	*(*string_value)(const json_t *);
	size_t		 (*string_length)(const json_t *);
	void		 (*delete)(json_t *);
	void		 (*object_seed)(size_t);
} jansson;

/* The fields, as the sources are collected. */
enum field {
	F_TITLE,
	F_AUTHOR,
	F_DATE,
	F_MODIFIED,
	F_SITENAME,
	F_DESCRIPTION,
	F_LANG,
	F_URL,
	F_IMAGE,
	F_CATEGORY,
	F_TAG,
	F__MAX
};

/* Where a value came from. */
enum source {
	S_LD,		/* JSON-LD: the article's object */
	S_LDNAME,	/* JSON-LD: the article's name, besides its headline */
	S_LDPAGE,	/* JSON-LD: the web page's or the web site's */
	S_OG,		/* OpenGraph and article:* properties */
	S_DC,		/* Dublin Core */
	S_META,		/* meta name=author, description, date... */
	S_ITEM,		/* microdata (itemprop), microformats */
	S_TWITTER,	/* Twitter cards */
	S_PUBTIME,	/* a time element said to be the publication's */
	S_TIME,		/* the first other time element */
	S_LINK,		/* link elements, rel=tag and category links */
	S_BYLINE,	/* a visible byline, a rel=author link */
	S_TITLE,	/* the title element */
	S_H1,		/* the first h1 */
	S_HTML,		/* html lang, http-equiv content-language */
	S_URL,		/* a date in the page's address */
	S_TEXT,		/* a date in the visible text */
	S_IMAGE,	/* a date in the address of the page's image */
	S__MAX
};

/*
 * The sources of each field, most trusted first (-1 ends a list). Data
 * meant for machines comes before what is written for readers; among
 * the first, what publishers fill for search engines (JSON-LD) before
 * what they fill for social networks (OpenGraph, then Twitter's cards,
 * which copy it).
 */
static const signed char field_order[F__MAX][S__MAX + 1] = {
	[F_TITLE] = { S_LD, S_DC, S_OG, S_META, S_ITEM, S_TWITTER, S_LDPAGE,
	    S_TITLE, S_H1, -1 },
	[F_AUTHOR] = { S_LD, S_DC, S_OG, S_META, S_ITEM, S_LDPAGE, S_BYLINE,
	    -1 },
	[F_DATE] = { S_LD, S_LDPAGE, S_OG, S_DC, S_META, S_ITEM, S_PUBTIME,
	    S_URL, S_TIME, S_TEXT, S_IMAGE, -1 },
	[F_MODIFIED] = { S_LD, S_LDPAGE, S_OG, S_DC, S_META, S_ITEM,
	    S_PUBTIME, -1 },
	[F_SITENAME] = { S_LD, S_OG, S_META, S_DC, S_LDPAGE, S_ITEM, -1 },
	[F_DESCRIPTION] = { S_LD, S_DC, S_OG, S_META, S_TWITTER, S_ITEM,
	    S_LDPAGE, -1 },
	[F_LANG] = { S_HTML, S_META, S_DC, S_OG, S_LD, S_LDPAGE, S_ITEM, -1 },
	[F_URL] = { S_HTML, S_OG, S_LD, S_LDPAGE, -1 },
	[F_IMAGE] = { S_LD, S_OG, S_TWITTER, S_ITEM, S_LDPAGE, S_LINK, -1 },
	[F_CATEGORY] = { S_LD, S_OG, S_META, S_ITEM, S_LDPAGE, S_LINK, -1 },
	[F_TAG] = { S_LD, S_OG, S_META, S_DC, S_ITEM, S_LDPAGE, S_LINK, -1 },
};

/* Fields that hold a list. */
#define IS_LIST(f)	((f) == F_AUTHOR || (f) == F_CATEGORY || (f) == F_TAG)

/*
 * Bounds that keep the work linear and the output sane: values kept a
 * source (a page with thousands of article:tag), the bytes of a value
 * read, the bytes of class and id names read, the node texts read (each
 * at most TEXT_NODES nodes and TEXT_BYTES bytes), the JSON values
 * visited in a script.
 */
#define MAX_VALUES	32
#define MAX_VALUE_BYTES	4096
#define NAMES_BYTES	1024
#define MAX_TEXTS	256
#define TEXT_NODES	512
#define TEXT_BYTES	1024
#define LD_MAX_VALUES	256
#define LD_MAX_DEPTH	6
/*
 * The headline is one of the page's first h1 (or, without, of its first
 * h2 and h3), its byline one of the first elements that could be: the
 * elements tried are read a bounded number of times.
 */
#define MAX_TRIES	8

/* Where a node is, inherited from its ancestors. */
#define Z_HIDDEN	0x01	/* head, script, style, template */
#define Z_COMMENT	0x02	/* readers' comments */
#define Z_ASIDE		0x04	/* nav, aside, footer */
#define Z_DATE		0x08	/* a short element named for a date or byline */
#define Z_AUTHOR	0x10	/* microdata: in an author's item */
#define Z_PUBLISHER	0x20	/* microdata: in a publisher's item */
#define Z_ARTICLE	0x40	/* in an article or main element */

/*
 * An element named for a date or a byline holds a few words: a larger
 * one is a wrapper whose name says what it holds somewhere.
 */
#define DATE_ZONE_LETTERS	300
/*
 * A byline is a line: a longer text is an author's biography; it names
 * a few authors, more links are a menu.
 */
#define BYLINE_LETTERS		100
#define BYLINE_LINKS		4
#define AUTHOR_BYTES		320
/* The visible text after the headline and the byline where a date is. */
#define HEADLINE_WINDOW		1500
#define BYLINE_WINDOW		300
/* A date this close before the headline is its own. */
#define NEAR_LETTERS		200
/* A dateline: a date with a few words ("Published", a place). */
#define DATELINE_LETTERS	30

/* A title shorter than this (in characters) is a name, not a headline. */
#define SHORT_TITLE	15

/* The first year of news on the web: earlier dates are not a page's. */
#define FIRST_YEAR	1995

/* A date, as a page writes it. */
struct date {
	int	 y, mo, d;
	int	 h, mi, s;	/* h -1: no time given */
	int	 off;		/* minutes east of UTC */
	bool	 zone;		/* ... given */
};

/* What the pass over the page collects. */
struct scan {
	const struct cex_doc	*d;
	struct strlist		 slot[F__MAX][S__MAX];
	bool			 by_name[F__MAX][S__MAX]; /* meta name= */
	struct strlist		 profiles;	/* author fields that were URLs */
	unsigned char		*zone;		/* Z_* of each node */
	uint32_t		*letters;	/* letters in each subtree */
	uint32_t		 h1;		/* the headline element, or 0 */
	bool			 h1_seen;	/* ... an h1 */
	uint32_t		 h1s;		/* h1 elements */
	uint32_t		 headings;	/* h2 and h3 tried as the headline */
	uint32_t		 bylines;	/* elements tried as the byline */
	uint32_t		 texts;		/* node texts read */
	int			 today;		/* y * 10000 + m * 100 + d */
	bool			 month_first;	/* en-US: 05/31/2019 */
	bool			 short_year;	/* 8.5.12 is a date here */
	uint32_t		 byline;	/* the byline's element, or 0 */
	bool			 in_body;
	bool			 nomem;
};

/*
 * Strings
 */

/* Whether cp is white space to a reader (the Unicode spaces too). */
static bool
is_space_cp(int32_t cp)
{
	return cp == ' ' || (cp >= '\t' && cp <= '\r') || cp == 0x85 ||
	    cp == 0x2028 || cp == 0x2029 ||
	    utf8proc_category(cp) == UTF8PROC_CATEGORY_ZS;
}

/* Whether cp is a letter or a combining mark. */
static bool
is_letter_cp(int32_t cp)
{
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_LU:
	case UTF8PROC_CATEGORY_LL:
	case UTF8PROC_CATEGORY_LT:
	case UTF8PROC_CATEGORY_LM:
	case UTF8PROC_CATEGORY_LO:
	case UTF8PROC_CATEGORY_MN:
	case UTF8PROC_CATEGORY_MC:
		return true;
	default:
		return false;
	}
}

/*
 * The character reference at s (len bytes, s[0] is '&'): its code point
 * in *cp and its length, or 0 if there is none. Only the numeric ones
 * and the few named ones metadata holds escaped twice: an invalid
 * number is U+FFFD, as browsers read it.
 */
static size_t
entity(const char *s, size_t len, int32_t *cp)
{
	static const struct {
		const char	*name;
		int32_t		 cp;
	} named[] = {
		{ "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' },
		{ "quot;", '"' }, { "apos;", '\'' }, { "nbsp;", 0xA0 },
		{ "#39;", '\'' },
		{ "hellip;", 0x2026 }, { "ndash;", 0x2013 },
		{ "mdash;", 0x2014 }, { "lsquo;", 0x2018 },
		{ "rsquo;", 0x2019 }, { "ldquo;", 0x201C },
		{ "rdquo;", 0x201D },
	};
	size_t		 i, k, n;
	long long	 v = 0;
	bool		 hex;

	for (k = 0; k < sizeof(named) / sizeof(named[0]); k++) {
		n = strlen(named[k].name);
		if (len > n && strncmp(s + 1, named[k].name, n) == 0) {
			*cp = named[k].cp;
			return n + 1;
		}
	}
	if (len < 4 || s[1] != '#')
		return 0;
	hex = s[2] == 'x' || s[2] == 'X';
	for (i = hex ? 3 : 2; i < len && i < 16; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			v = v * (hex ? 16 : 10) + (s[i] - '0');
		else if (hex && ascii_lower((unsigned char)s[i]) >= 'a' &&
		    ascii_lower((unsigned char)s[i]) <= 'f')
			v = v * 16 + (ascii_lower((unsigned char)s[i]) - 'a' + 10);
		else
			break;
		if (v > 0x10FFFF)
			v = 0x110000;
	}
	if (i == (hex ? 3u : 2u) || i >= len || s[i] != ';')
		return 0;
	*cp = v == 0 || !utf8proc_codepoint_valid((int32_t)v) ? 0xFFFD :
	    (int32_t)v;
	return i + 1;
}

/*
 * A copy of len bytes of s fit to be a value: character references
 * decoded if unescape (pages escape their metadata twice, and JSON-LD
 * strings hold HTML), white space of any kind made single spaces and
 * trimmed, controls and soft hyphens left out, at most MAX_VALUE_BYTES
 * of input read. NULL if memory runs out.
 */
static char *
clean(const char *s, size_t len, bool unescape)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	char		*out, *o;
	utf8proc_int32_t cp;
	utf8proc_ssize_t n;
	size_t		 i = 0;
	bool		 space = false;

	if (len > MAX_VALUE_BYTES) {
		len = MAX_VALUE_BYTES;
		/* Not in the middle of a character. */
		while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
			len--;
	}
	/* An invalid byte becomes U+FFFD: three bytes for one. */
	if ((o = out = malloc(len * 3 + 1)) == NULL)
		return NULL;
	while (i < len) {
		if (unescape && s[i] == '&' &&
		    (n = (utf8proc_ssize_t)entity(s + i, len - i, &cp)) > 0) {
			i += (size_t)n;
			/*
			 * Escaped twice ("&amp;quot;"): the ampersand
			 * begins a reference too. entity() reads the
			 * name after its first byte, here the ';'.
			 */
			if (cp == '&' && (n = (utf8proc_ssize_t)entity(s + i - 1,
			    len - i + 1, &cp)) > 0)
				i += (size_t)n - 1;
		} else if ((n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i),
		    &cp)) < 0) {
			cp = 0xFFFD;
			i++;
		} else
			i += (size_t)n;
		if (is_space_cp(cp) || cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) {
			space = o > out;
			continue;
		}
		if (cp == 0xAD || cp == 0x200B || cp == 0xFEFF)
			continue;
		if (space)
			*o++ = ' ';
		space = false;
		o += utf8proc_encode_char(cp, (utf8proc_uint8_t *)o);
	}
	*o = '\0';
	return out;
}

/*
 * Whether two values say the same, their letters and digits compared
 * without case: "The Site" and "the-site" do, as site names written in
 * a title and in the metadata differ in little else.
 */
static bool
same_words(const char *a, size_t alen, const char *b, size_t blen)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)a;
	const utf8proc_uint8_t *q = (const utf8proc_uint8_t *)b;
	utf8proc_int32_t ca, cb;
	utf8proc_ssize_t n;
	size_t		 i = 0, j = 0;
	bool		 any = false;

	for (;;) {
		ca = cb = -1;
		while (i < alen) {
			if ((n = utf8proc_iterate(p + i,
			    (utf8proc_ssize_t)(alen - i), &ca)) < 0)
				n = 1, ca = -1;
			i += (size_t)n;
			if (ca >= 0 && (is_letter_cp(ca) ||
			    utf8proc_category(ca) == UTF8PROC_CATEGORY_ND))
				break;
			ca = -1;
		}
		while (j < blen) {
			if ((n = utf8proc_iterate(q + j,
			    (utf8proc_ssize_t)(blen - j), &cb)) < 0)
				n = 1, cb = -1;
			j += (size_t)n;
			if (cb >= 0 && (is_letter_cp(cb) ||
			    utf8proc_category(cb) == UTF8PROC_CATEGORY_ND))
				break;
			cb = -1;
		}
		if (ca == -1 || cb == -1)
			return ca == cb && any;
		if (utf8proc_tolower(ca) != utf8proc_tolower(cb))
			return false;
		any = true;
	}
}

/* The characters of UTF-8 string s. */
static size_t
chars_of(const char *s)
{
	size_t	 n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* Whether value s is an address (a profile link, not a name). */
static bool
is_url(const char *s)
{
	return strncasecmp(s, "http://", 7) == 0 ||
	    strncasecmp(s, "https://", 8) == 0 ||
	    strncmp(s, "//", 2) == 0 || strncasecmp(s, "www.", 4) == 0 ||
	    (strchr(s, ' ') == NULL && strchr(s, '/') != NULL &&
	    strchr(s, '.') != NULL);
}

/*
 * Appends owned string v to l. Returns -1 (v freed) if memory runs out,
 * as it did if v is NULL (a copy that failed).
 */
static int
list_push(struct strlist *l, char *v)
{
	char	**nv;

	if (v == NULL)
		return -1;
	if ((nv = reallocarray(l->v, l->n + 1, sizeof(*nv))) == NULL) {
		free(v);
		return -1;
	}
	l->v = nv;
	l->v[l->n++] = v;
	return 0;
}

/* Whether l holds s, ignoring case. */
static bool
list_has(const struct strlist *l, const char *s)
{
	size_t	 i;

	for (i = 0; i < l->n; i++)
		if (strcasecmp(l->v[i], s) == 0)
			return true;
	return false;
}

/* What separates a title from the site's name: "Title | Site". */
static const char *const title_seps[] = { " | ", " - ", " \xE2\x80\x93 ",
    " \xE2\x80\x94 ", " :: ", " \xC2\xB7 ", " \xE2\x80\xA2 ",
    " \xC2\xBB ", " \xC2\xAB ", " / ", " ~ ", NULL };

/*
 * Whether title a agrees with the page's own title or headline b: the
 * same words, or b is a with the site's name around it.
 */
static bool
agrees(const char *a, const char *b)
{
	const char *const *sep;
	size_t		 alen = strlen(a), n;

	if (same_words(a, alen, b, strlen(b)))
		return true;
	if (strncasecmp(a, b, alen) == 0)
		for (sep = title_seps; *sep != NULL; sep++) {
			n = strlen(*sep);
			if (strncmp(b + alen, *sep, n) == 0)
				return true;
		}
	return false;
}

/*
 * Dates
 */

static int
days_in_month(int y, int m)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return days[m - 1];
}

/*
 * Whether t is a date a page can have been published on: a real day,
 * not before FIRST_YEAR, not after today (a day of slack for the time
 * zones).
 */
static bool
date_ok(const struct scan *s, const struct date *t)
{
	return t->y >= FIRST_YEAR && t->mo >= 1 && t->mo <= 12 && t->d >= 1 &&
	    t->d <= days_in_month(t->y, t->mo) &&
	    t->y * 10000 + t->mo * 100 + t->d <= s->today;
}

/* n digits at p (before end) as a number, or -1. */
static int
digits(const char *p, const char *end, int n)
{
	int	 v = 0;

	if (end - p < n)
		return -1;
	while (n-- > 0) {
		if (*p < '0' || *p > '9')
			return -1;
		v = v * 10 + (*p++ - '0');
	}
	return v;
}

/* One or two digits at *pp, as a number (*pp moved past), or -1. */
static int
small_number(const char **pp, const char *end)
{
	const char	*p = *pp;
	int		 v;

	if (p >= end || *p < '0' || *p > '9')
		return -1;
	v = *p++ - '0';
	if (p < end && *p >= '0' && *p <= '9')
		v = v * 10 + (*p++ - '0');
	if (p < end && *p >= '0' && *p <= '9')
		return -1;
	*pp = p;
	return v;
}

/*
 * A time after a date, as machines write it: [T or space]HH:MM[:SS[.f]]
 * then Z, +HH:MM, +HHMM, +HH, or UTC or GMT. Fills t, returns the end
 * (p if there is none).
 */
static const char *
time_of(const char *p, const char *end, struct date *t)
{
	const char	*q = p;
	int		 h, mi, sec = 0, oh, om = 0, sign;

	while (q < end && (*q == ' ' || *q == ','))
		q++;
	if (q < end && (*q == 'T' || *q == 't'))
		q++;
	if ((h = digits(q, end, 2)) < 0 || q + 2 >= end || q[2] != ':' ||
	    (mi = digits(q + 3, end, 2)) < 0)
		return p;
	q += 5;
	if (q < end && *q == ':' && (sec = digits(q + 1, end, 2)) >= 0) {
		q += 3;
		if (q < end && (*q == '.' || *q == ','))
			for (q++; q < end && *q >= '0' && *q <= '9'; q++)
				continue;
	} else
		sec = 0;
	if (h > 23 || mi > 59 || sec > 60)
		return p;
	t->h = h;
	t->mi = mi;
	t->s = sec > 59 ? 59 : sec;
	while (q < end && *q == ' ')
		q++;
	if (q < end && (*q == 'Z' || *q == 'z')) {
		t->zone = true;
		t->off = 0;
		return q + 1;
	}
	if (end - q >= 3 && (strncmp(q, "UTC", 3) == 0 ||
	    strncmp(q, "GMT", 3) == 0)) {
		t->zone = true;
		t->off = 0;
		q += 3;
	}
	/* The sign may be a minus, U+2212. */
	if (q < end && (*q == '+' || *q == '-' || (end - q >= 3 &&
	    memcmp(q, "\xE2\x88\x92", 3) == 0))) {
		sign = *q == '+' ? 1 : -1;
		q += *q == '+' || *q == '-' ? 1 : 3;
		if ((oh = digits(q, end, 2)) < 0)
			return q;
		q += 2;
		if (q < end && *q == ':')
			q++;
		if ((om = digits(q, end, 2)) >= 0)
			q += 2;
		else
			om = 0;
		if (oh > 14 || om > 59)
			return q;
		t->zone = true;
		t->off = sign * (oh * 60 + om);
	}
	return q;
}

/*
 * A date as machines write it, at the start of p: YYYY-MM-DD (or with /
 * or .), YYYYMMDD, then perhaps a time. Whether there is one.
 */
static bool
date_iso(const char *p, const char *end, struct date *t)
{
	const char	*q;
	char		 sep;

	memset(t, 0, sizeof(*t));
	t->h = -1;
	if ((t->y = digits(p, end, 4)) < 0)
		return false;
	q = p + 4;
	if (q < end && (*q == '-' || *q == '/' || *q == '.')) {
		sep = *q++;
		if ((t->mo = small_number(&q, end)) < 0 || q >= end ||
		    *q++ != sep || (t->d = small_number(&q, end)) < 0)
			return false;
	} else if ((t->mo = digits(q, end, 2)) >= 0 &&
	    (t->d = digits(q + 2, end, 2)) >= 0 &&
	    (q + 4 == end || q[4] < '0' || q[4] > '9'))
		q += 4;
	else
		return false;
	time_of(q, end, t);
	return true;
}

/* The months' names, lower case, in the languages of Europe's pages. */
static const struct month_name {
	const char	*name;
	int		 month;
} month_names[] = {
	/* English */
	{ "january", 1 }, { "february", 2 }, { "march", 3 }, { "april", 4 },
	{ "may", 5 }, { "june", 6 }, { "july", 7 }, { "august", 8 },
	{ "september", 9 }, { "october", 10 }, { "november", 11 },
	{ "december", 12 }, { "jan", 1 }, { "feb", 2 }, { "mar", 3 },
	{ "apr", 4 }, { "jun", 6 }, { "jul", 7 }, { "aug", 8 }, { "sep", 9 },
	{ "sept", 9 }, { "oct", 10 }, { "nov", 11 }, { "dec", 12 },
	/* German */
	{ "januar", 1 }, { "jänner", 1 }, { "februar", 2 }, { "märz", 3 },
	{ "mai", 5 }, { "juni", 6 }, { "juli", 7 }, { "oktober", 10 },
	{ "dezember", 12 }, { "mär", 3 }, { "okt", 10 }, { "dez", 12 },
	/* French */
	{ "janvier", 1 }, { "février", 2 }, { "fevrier", 2 }, { "mars", 3 },
	{ "avril", 4 }, { "juin", 6 }, { "juillet", 7 }, { "août", 8 },
	{ "aout", 8 }, { "septembre", 9 }, { "octobre", 10 },
	{ "novembre", 11 }, { "décembre", 12 }, { "decembre", 12 },
	{ "janv", 1 }, { "févr", 2 }, { "fév", 2 }, { "avr", 4 },
	{ "juil", 7 }, { "déc", 12 },
	/* Spanish */
	{ "enero", 1 }, { "febrero", 2 }, { "marzo", 3 }, { "abril", 4 },
	{ "mayo", 5 }, { "junio", 6 }, { "julio", 7 }, { "agosto", 8 },
	{ "septiembre", 9 }, { "setiembre", 9 }, { "octubre", 10 },
	{ "noviembre", 11 }, { "diciembre", 12 }, { "ene", 1 }, { "abr", 4 },
	{ "ago", 8 }, { "dic", 12 },
	/* Italian */
	{ "gennaio", 1 }, { "febbraio", 2 }, { "aprile", 4 }, { "maggio", 5 },
	{ "giugno", 6 }, { "luglio", 7 }, { "settembre", 9 },
	{ "ottobre", 10 }, { "dicembre", 12 }, { "gen", 1 }, { "mag", 5 },
	{ "giu", 6 }, { "lug", 7 }, { "set", 9 }, { "ott", 10 },
	/* Portuguese */
	{ "janeiro", 1 }, { "fevereiro", 2 }, { "março", 3 }, { "maio", 5 },
	{ "junho", 6 }, { "julho", 7 }, { "setembro", 9 },
	{ "outubro", 10 }, { "novembro", 11 }, { "dezembro", 12 },
	{ "fev", 2 }, { "out", 10 },
	/* Dutch */
	{ "januari", 1 }, { "februari", 2 }, { "maart", 3 }, { "mei", 5 },
	{ "augustus", 8 }, { "mrt", 3 },
	/* Danish, Norwegian, Swedish */
	{ "marts", 3 }, { "maj", 5 }, { "augusti", 8 }, { "desember", 12 },
	{ "des", 12 },
	/* Polish (genitive, as dates write them) */
	{ "stycznia", 1 }, { "lutego", 2 }, { "marca", 3 },
	{ "kwietnia", 4 }, { "maja", 5 }, { "czerwca", 6 }, { "lipca", 7 },
	{ "sierpnia", 8 }, { "września", 9 }, { "października", 10 },
	{ "listopada", 11 }, { "grudnia", 12 },
	/* Russian (genitive) */
	{ "января", 1 }, { "февраля", 2 }, { "марта", 3 }, { "апреля", 4 },
	{ "мая", 5 }, { "июня", 6 }, { "июля", 7 }, { "августа", 8 },
	{ "сентября", 9 }, { "октября", 10 }, { "ноября", 11 },
	{ "декабря", 12 },
	/* Turkish */
	{ "ocak", 1 }, { "şubat", 2 }, { "mart", 3 }, { "nisan", 4 },
	{ "mayıs", 5 }, { "haziran", 6 }, { "temmuz", 7 }, { "ağustos", 8 },
	{ "eylül", 9 }, { "ekim", 10 }, { "kasım", 11 }, { "aralık", 12 },
};

/* Words between a day, a month and a year: "5 de mayo de 2021". */
static const char *const date_fillers[] = { "de", "del", "of", NULL };

/* A token of text, as dates are read from it. */
enum { T_END, T_NUM, T_WORD, T_PUNCT };
struct tok {
	int		 kind;
	const char	*start, *end;
	long		 num;		/* T_NUM: its value */
	int		 ndigits;
	int		 month;		/* T_WORD: 1 to 12 if a month */
	bool		 filler;	/* T_WORD: de, of... */
	int32_t		 punct;		/* T_PUNCT: the character */
	bool		 space;		/* white space before it */
};

/* The token at p (before end), with the white space before it. */
static const char *
next_tok(const char *p, const char *end, struct tok *t)
{
	const utf8proc_uint8_t *u;
	utf8proc_int32_t cp, lc;
	utf8proc_ssize_t n;
	char		 word[32];
	size_t		 wl = 0, k;
	const char	*q;
	bool		 fits = true;

	memset(t, 0, sizeof(*t));
	for (;;) {
		if (p >= end) {
			t->kind = T_END;
			t->start = t->end = end;
			return end;
		}
		u = (const utf8proc_uint8_t *)p;
		if ((n = utf8proc_iterate(u, end - p, &cp)) < 0) {
			n = 1;
			cp = 0xFFFD;
		}
		if (!is_space_cp(cp))
			break;
		t->space = true;
		p += n;
	}
	t->start = p;
	if (*p >= '0' && *p <= '9') {
		t->kind = T_NUM;
		for (; p < end && *p >= '0' && *p <= '9'; p++) {
			if (t->ndigits < 9)
				t->num = t->num * 10 + (*p - '0');
			t->ndigits++;
		}
		/* An ordinal's ending: 5th, 1er, 1º, 2nd. */
		for (q = p; q < end && ascii_is_alpha((unsigned char)*q) &&
		    q - p < 3; q++)
			continue;
		if ((q - p == 2 && (strncasecmp(p, "st", 2) == 0 ||
		    strncasecmp(p, "nd", 2) == 0 || strncasecmp(p, "rd", 2) == 0 ||
		    strncasecmp(p, "th", 2) == 0 || strncasecmp(p, "er", 2) == 0)) ||
		    (q - p == 1 && (*p == 'e' || *p == 'o' || *p == 'a')))
			p = q;
		else if (end - p >= 2 && (strncmp(p, "\xC2\xBA", 2) == 0 ||
		    strncmp(p, "\xC2\xAA", 2) == 0))
			p += 2;
		t->end = p;
		return p;
	}
	if (is_letter_cp(cp)) {
		t->kind = T_WORD;
		while (p < end) {
			u = (const utf8proc_uint8_t *)p;
			if ((n = utf8proc_iterate(u, end - p, &cp)) < 0 ||
			    !is_letter_cp(cp))
				break;
			lc = utf8proc_tolower(cp);
			if (wl + 4 < sizeof(word))
				wl += (size_t)utf8proc_encode_char(lc,
				    (utf8proc_uint8_t *)word + wl);
			else
				fits = false;
			p += n;
		}
		word[wl] = '\0';
		t->end = p;
		if (!fits)
			return p;
		for (k = 0; k < sizeof(month_names) / sizeof(month_names[0]);
		    k++)
			if (strcmp(word, month_names[k].name) == 0) {
				t->month = month_names[k].month;
				/* An abbreviation's full stop is part of it. */
				if (p < end && *p == '.')
					t->end = ++p;
				return p;
			}
		for (k = 0; date_fillers[k] != NULL; k++)
			if (strcmp(word, date_fillers[k]) == 0)
				t->filler = true;
		return p;
	}
	t->kind = T_PUNCT;
	t->punct = cp;
	t->end = p + n;
	return t->end;
}

/* The tokens a date pattern looks at, from the one it starts at. */
#define DATE_TOKENS	9

/*
 * Whether the tokens w (from w[0]) start a date written for readers:
 * 31. Mai 2019, 5 de mayo de 2021, May 5th, 2021, 31/05/2019,
 * 2019-05-31, 2019年5月31日. In 05/06/2019 the day comes first but on
 * a page in American English (s->month_first). Where a date is
 * expected (s->short_year), 8.5.12 is one. Fills t; *used is the tokens
 * it took.
 */
static bool
date_at(const struct scan *s, const struct tok *w, struct date *t, int *used)
{
	int	 k = 0, a, b;

	memset(t, 0, sizeof(*t));
	t->h = -1;
	if (w[0].kind == T_NUM && w[0].ndigits <= 2) {
		/* Day, month's name, year. */
		k = 1;
		if (w[k].kind == T_PUNCT && w[k].punct == '.')
			k++;
		if (w[k].kind == T_WORD && w[k].filler)
			k++;
		if (w[k].kind == T_WORD && w[k].month > 0) {
			t->d = (int)w[0].num;
			t->mo = w[k++].month;
			if (w[k].kind == T_PUNCT && w[k].punct == ',')
				k++;
			if (w[k].kind == T_WORD && w[k].filler)
				k++;
			if (w[k].kind == T_NUM && w[k].ndigits == 4) {
				t->y = (int)w[k].num;
				*used = k + 1;
				return true;
			}
			return false;
		}
		/* 31.05.2019, 05/31/2019: no space in it. */
		if (w[1].kind == T_PUNCT && !w[1].space && !w[2].space &&
		    (w[1].punct == '.' || w[1].punct == '/' ||
		    w[1].punct == '-') && w[2].kind == T_NUM &&
		    w[2].ndigits <= 2 && w[3].kind == T_PUNCT &&
		    w[3].punct == w[1].punct && !w[3].space && !w[4].space &&
		    w[4].kind == T_NUM && (w[4].ndigits == 4 ||
		    (s->short_year && w[4].ndigits == 2 &&
		    w[1].punct != '-')) &&
		    !(w[5].kind == T_PUNCT && w[5].punct == w[1].punct &&
		    !w[5].space && w[6].kind == T_NUM && !w[6].space) &&
		    !(w[5].kind == T_NUM && !w[5].space)) {
			a = (int)w[0].num;
			b = (int)w[2].num;
			if (a > 12 || (b <= 12 && (!s->month_first ||
			    w[1].punct == '.'))) {
				t->d = a;
				t->mo = b;
			} else {
				t->mo = a;
				t->d = b;
			}
			t->y = (int)w[4].num;
			/* 8.5.12: this century's, unless that is to come. */
			if (w[4].ndigits == 2)
				t->y += t->y <= s->today / 10000 % 100 ? 2000 :
				    1900;
			*used = 5;
			return true;
		}
		return false;
	}
	if (w[0].kind == T_WORD && w[0].month > 0) {
		/* Month's name, day, year. */
		k = 1;
		if (w[k].kind == T_NUM && w[k].ndigits <= 2) {
			t->mo = w[0].month;
			t->d = (int)w[k++].num;
			if (w[k].kind == T_PUNCT && (w[k].punct == ',' ||
			    w[k].punct == '.'))
				k++;
			if (w[k].kind == T_NUM && w[k].ndigits == 4) {
				t->y = (int)w[k].num;
				*used = k + 1;
				return true;
			}
		}
		return false;
	}
	if (w[0].kind == T_NUM && w[0].ndigits == 4) {
		t->y = (int)w[0].num;
		/* 2019-05-31 */
		if (w[1].kind == T_PUNCT && !w[1].space && !w[2].space &&
		    (w[1].punct == '-' || w[1].punct == '/' ||
		    w[1].punct == '.') && w[2].kind == T_NUM &&
		    w[2].ndigits <= 2 && w[3].kind == T_PUNCT &&
		    w[3].punct == w[1].punct && !w[3].space && !w[4].space &&
		    w[4].kind == T_NUM && w[4].ndigits <= 2) {
			t->mo = (int)w[2].num;
			t->d = (int)w[4].num;
			*used = 5;
			return true;
		}
		/* 2019年5月31日, 2019년 5월 31일 */
		if (w[1].kind == T_PUNCT && (w[1].punct == 0x5E74 ||
		    w[1].punct == 0xB144) && w[2].kind == T_NUM &&
		    w[3].kind == T_PUNCT && (w[3].punct == 0x6708 ||
		    w[3].punct == 0xC6D4) && w[4].kind == T_NUM &&
		    w[5].kind == T_PUNCT && (w[5].punct == 0x65E5 ||
		    w[5].punct == 0xC77C)) {
			t->mo = (int)w[2].num;
			t->d = (int)w[4].num;
			*used = 6;
			return true;
		}
	}
	return false;
}

/*
 * The first date written for readers in len bytes of p that date_ok
 * takes; *at and *after, if not NULL, are where it starts and ends.
 * Whether there is one.
 */
static bool
date_find(const struct scan *s, const char *p, size_t len, struct date *t,
    size_t *at, size_t *after)
{
	struct tok	 w[DATE_TOKENS];
	const char	*q = p, *end = p + len;
	int		 i, used;

	for (i = 0; i < DATE_TOKENS; i++)
		q = next_tok(q, end, &w[i]);
	while (w[0].kind != T_END) {
		if (date_at(s, w, t, &used) && date_ok(s, t)) {
			if (at != NULL)
				*at = (size_t)(w[0].start - p);
			if (after != NULL)
				*after = (size_t)(w[used - 1].end - p);
			return true;
		}
		memmove(w, w + 1, (DATE_TOKENS - 1) * sizeof(w[0]));
		q = next_tok(q, end, &w[DATE_TOKENS - 1]);
	}
	return false;
}

/*
 * A date in a value meant for machines: ISO 8601 and its kin, else one
 * written out (RFC 2822's "Fri, 31 May 2019 10:20:30 +0200" included,
 * its time kept), else a Unix time in seconds. Whether there is one
 * date_ok takes.
 */
static bool
date_value(const struct scan *s, const char *v, struct date *t)
{
	size_t		 len = strlen(v), after;
	long long	 secs;
	char		*e;
	time_t		 tt;
	struct tm	 tm;

	if (date_iso(v, v + len, t))
		return date_ok(s, t);
	if (date_find(s, v, len, t, NULL, &after)) {
		time_of(v + after, v + len, t);
		return true;
	}
	/* Seconds (or milliseconds) since 1970, digits alone. */
	if (len == 10 || len == 13) {
		secs = strtoll(v, &e, 10);
		if (*e != '\0' || secs <= 0)
			return false;
		tt = (time_t)(len == 13 ? secs / 1000 : secs);
		if (gmtime_r(&tt, &tm) == NULL)
			return false;
		memset(t, 0, sizeof(*t));
		t->y = tm.tm_year + 1900;
		t->mo = tm.tm_mon + 1;
		t->d = tm.tm_mday;
		t->h = -1;
		return date_ok(s, t);
	}
	return false;
}

/* t as ISO 8601: YYYY-MM-DD, then THH:MM:SS and the offset if known. */
static char *
date_string(const struct date *t)
{
	char	 buf[64];
	int	 off = t->off < 0 ? -t->off : t->off;

	if (t->h < 0)
		snprintf(buf, sizeof(buf), "%04d-%02d-%02d", t->y, t->mo, t->d);
	else if (!t->zone)
		snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d",
		    t->y, t->mo, t->d, t->h, t->mi, t->s);
	else
		snprintf(buf, sizeof(buf),
		    "%04d-%02d-%02dT%02d:%02d:%02d%c%02d:%02d", t->y, t->mo,
		    t->d, t->h, t->mi, t->s, t->off < 0 ? '-' : '+', off / 60,
		    off % 60);
	return strdup(buf);
}

/*
 * Collecting
 */

/* Adds an owned value to a field's list from a source. */
static void
put(struct scan *s, int f, int src, char *v)
{
	struct strlist	*l = &s->slot[f][src];

	if (v == NULL) {
		s->nomem = true;
		return;
	}
	if (*v == '\0' || l->n >= MAX_VALUES || (!IS_LIST(f) && l->n > 0) ||
	    list_has(l, v)) {
		free(v);
		return;
	}
	if (list_push(l, v) == -1)
		s->nomem = true;
}

/*
 * Adds len bytes of v, what a source says of a field, cleaned: a date
 * made ISO 8601 (and left out if it is none), a language's _ made -.
 * Tags and categories are lists separated by commas. A field that is
 * not a list keeps the first value of each source.
 */
static void
add(struct scan *s, int f, int src, const char *v, size_t len,
    bool unescape)
{
	struct date	 t;
	char		*c, *p, *q;

	if (s->nomem || s->slot[f][src].n >= MAX_VALUES ||
	    (!IS_LIST(f) && s->slot[f][src].n > 0))
		return;
	if ((c = clean(v, len, unescape)) == NULL) {
		s->nomem = true;
		return;
	}
	switch (f) {
	case F_DATE:
	case F_MODIFIED:
		if (!date_value(s, c, &t)) {
			free(c);
			return;
		}
		free(c);
		c = date_string(&t);
		break;
	case F_LANG:
		for (p = c; *p != '\0'; p++)
			if (*p == '_')
				*p = '-';
			else if (!ascii_is_alpha((unsigned char)*p) &&
			    *p != '-' && (*p < '0' || *p > '9'))
				break;
		/* A language tag, as BCP 47 writes it: en, pt-BR. */
		if (*p != '\0' || p - c < 2 || p - c > 35 ||
		    !ascii_is_alpha((unsigned char)c[0])) {
			free(c);
			return;
		}
		break;
	case F_CATEGORY:
	case F_TAG:
		for (p = c; p != NULL; p = q) {
			if ((q = strchr(p, ',')) != NULL)
				*q++ = '\0';
			put(s, f, src, clean(p, strlen(p), false));
		}
		free(c);
		return;
	}
	put(s, f, src, c);
}

/* Adds a NUL-terminated value. */
static void
add_str(struct scan *s, int f, int src, const char *v, bool unescape)
{
	add(s, f, src, v, strlen(v), unescape);
}

/* The attribute's value, or NULL. */
static const char *
attr(const struct cex_node *n, const char *name)
{
	const GumboAttribute	*a = dom_attr(n, name);

	return a != NULL ? a->value : NULL;
}

/* Whether the space-separated list v holds word, ignoring case. */
static bool
has_token(const char *v, const char *word)
{
	size_t	 len = strlen(word), n;

	if (v == NULL)
		return false;
	for (;;) {
		while (ascii_is_space((unsigned char)*v))
			v++;
		if (*v == '\0')
			return false;
		for (n = 0; v[n] != '\0' && !ascii_is_space((unsigned char)v[n]);
		    n++)
			continue;
		if (n == len && strncasecmp(v, word, len) == 0)
			return true;
		v += n;
	}
}

/* Whether the element's class or id holds one of words. */
static bool
named(const struct cex_node *n, const char *const *words)
{
	const char	*cls = attr(n, "class"), *id = attr(n, "id");

	for (; *words != NULL; words++)
		if ((cls != NULL && strcasestr(cls, *words) != NULL) ||
		    (id != NULL && strcasestr(id, *words) != NULL))
			return true;
	return false;
}

/* Elements inside a line of text: no space where they begin. */
static bool
is_inline(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_A:
	case GUMBO_TAG_ABBR:
	case GUMBO_TAG_B:
	case GUMBO_TAG_BDI:
	case GUMBO_TAG_BDO:
	case GUMBO_TAG_BIG:
	case GUMBO_TAG_CITE:
	case GUMBO_TAG_CODE:
	case GUMBO_TAG_DATA:
	case GUMBO_TAG_DFN:
	case GUMBO_TAG_EM:
	case GUMBO_TAG_FONT:
	case GUMBO_TAG_I:
	case GUMBO_TAG_KBD:
	case GUMBO_TAG_MARK:
	case GUMBO_TAG_Q:
	case GUMBO_TAG_S:
	case GUMBO_TAG_SAMP:
	case GUMBO_TAG_SMALL:
	case GUMBO_TAG_SPAN:
	case GUMBO_TAG_STRIKE:
	case GUMBO_TAG_STRONG:
	case GUMBO_TAG_SUB:
	case GUMBO_TAG_SUP:
	case GUMBO_TAG_TIME:
	case GUMBO_TAG_TT:
	case GUMBO_TAG_U:
	case GUMBO_TAG_VAR:
	case GUMBO_TAG_WBR:
		return true;
	default:
		return false;
	}
}

/*
 * The text of node i's subtree of d as a reader sees it, cleaned: a
 * space where a block begins, scripts and styles left out, and with
 * live what the filters removed. At most TEXT_NODES nodes and max bytes
 * are read. NULL if memory runs out.
 */
static char *
subtree_text(const struct cex_doc *d, uint32_t i, size_t max, bool live)
{
	const struct cex_node	*n;
	const char		*t;
	char			*buf, *c;
	size_t			 len = 0, tl, k;
	uint32_t		 j, end = d->nodes[i].end, seen = 0;
	unsigned char		 c0;
	bool			 space = false;

	if ((buf = malloc(max + 1)) == NULL)
		return NULL;
	for (j = i; j < end && seen < TEXT_NODES && len < max; j++, seen++) {
		n = &d->nodes[j];
		if (live && (n->flags & NODE_REMOVED)) {
			j = n->end - 1;
			continue;
		}
		if (node_is_element(n)) {
			if (n->tag == GUMBO_TAG_SCRIPT ||
			    n->tag == GUMBO_TAG_STYLE ||
			    n->tag == GUMBO_TAG_NOSCRIPT ||
			    n->type == GUMBO_NODE_TEMPLATE)
				j = n->end - 1;
			else if (!is_inline(n->tag))
				space = true;
			continue;
		}
		if (!node_is_text(n))
			continue;
		t = n->g->v.text.text;
		if (space && len > 0)
			buf[len++] = ' ';
		space = false;
		tl = strlen(t);
		if (tl > max - len)
			tl = max - len;
		memcpy(buf + len, t, tl);
		len += tl;
	}
	/* A character cut at the end is not one. */
	for (k = 1; k <= 4 && k <= len; k++) {
		c0 = (unsigned char)buf[len - k];
		if ((c0 & 0xC0) == 0x80)
			continue;
		if (c0 >= 0xC0 && k < (c0 >= 0xF0 ? 4u : c0 >= 0xE0 ? 3u : 2u))
			len -= k;
		break;
	}
	c = clean(buf, len, false);
	free(buf);
	return c;
}

/*
 * The text of node i's subtree, of TEXT_BYTES at most, and MAX_TEXTS
 * texts a page, so that elements nested in one another are not read
 * again and again. NULL if the page's texts are used up or memory runs
 * out (s->nomem).
 */
static char *
node_text(struct scan *s, uint32_t i)
{
	char	*c;

	if (s->texts >= MAX_TEXTS)
		return NULL;
	s->texts++;
	if ((c = subtree_text(s->d, i, TEXT_BYTES, false)) == NULL)
		s->nomem = true;
	return c;
}

/* Adds the text of node i as what src says of f. */
static void
add_text(struct scan *s, int f, int src, uint32_t i)
{
	char	*t;

	if (s->slot[f][src].n > 0 && !IS_LIST(f))
		return;
	if ((t = node_text(s, i)) != NULL) {
		add(s, f, src, t, strlen(t), false);
		free(t);
	}
}

/*
 * Meta elements
 */

/*
 * The names and properties of meta elements, and what they say. Names
 * are compared in lower case, with '.' read as ':' (DC.title is
 * dc:title).
 */
static const struct meta_key {
	const char	*key;
	unsigned char	 field;
	unsigned char	 src;
} meta_keys[] = {
	{ "og:title", F_TITLE, S_OG },
	{ "og:site_name", F_SITENAME, S_OG },
	{ "og:description", F_DESCRIPTION, S_OG },
	{ "og:image", F_IMAGE, S_OG },
	{ "og:image:url", F_IMAGE, S_OG },
	{ "og:image:secure_url", F_IMAGE, S_OG },
	{ "og:url", F_URL, S_OG },
	{ "og:locale", F_LANG, S_OG },
	{ "article:published_time", F_DATE, S_OG },
	{ "article:published", F_DATE, S_OG },
	{ "og:published_time", F_DATE, S_OG },
	{ "article:modified_time", F_MODIFIED, S_OG },
	{ "article:modified", F_MODIFIED, S_OG },
	{ "og:updated_time", F_MODIFIED, S_OG },
	{ "article:author", F_AUTHOR, S_OG },
	{ "article:section", F_CATEGORY, S_OG },
	{ "article:tag", F_TAG, S_OG },
	{ "og:article:published_time", F_DATE, S_OG },
	{ "og:article:modified_time", F_MODIFIED, S_OG },
	{ "og:article:author", F_AUTHOR, S_OG },
	{ "og:article:section", F_CATEGORY, S_OG },
	{ "og:article:tag", F_TAG, S_OG },
	{ "twitter:title", F_TITLE, S_TWITTER },
	{ "twitter:description", F_DESCRIPTION, S_TWITTER },
	{ "twitter:image", F_IMAGE, S_TWITTER },
	{ "twitter:image:src", F_IMAGE, S_TWITTER },
	{ "dc:title", F_TITLE, S_DC },
	{ "dcterms:title", F_TITLE, S_DC },
	{ "dc:creator", F_AUTHOR, S_DC },
	{ "dcterms:creator", F_AUTHOR, S_DC },
	{ "dc:date", F_DATE, S_DC },
	{ "dcterms:date", F_DATE, S_DC },
	{ "dc:date:issued", F_DATE, S_DC },
	{ "dcterms:issued", F_DATE, S_DC },
	{ "dc:date:created", F_DATE, S_DC },
	{ "dcterms:created", F_DATE, S_DC },
	{ "dc:date:modified", F_MODIFIED, S_DC },
	{ "dcterms:modified", F_MODIFIED, S_DC },
	{ "dc:description", F_DESCRIPTION, S_DC },
	{ "dcterms:description", F_DESCRIPTION, S_DC },
	{ "dcterms:abstract", F_DESCRIPTION, S_DC },
	{ "dc:language", F_LANG, S_DC },
	{ "dcterms:language", F_LANG, S_DC },
	{ "dc:publisher", F_SITENAME, S_DC },
	{ "dcterms:publisher", F_SITENAME, S_DC },
	{ "dc:subject", F_TAG, S_DC },
	{ "dcterms:subject", F_TAG, S_DC },
	{ "title", F_TITLE, S_META },
	{ "author", F_AUTHOR, S_META },
	{ "description", F_DESCRIPTION, S_META },
	{ "application-name", F_SITENAME, S_META },
	{ "language", F_LANG, S_META },
	{ "content-language", F_LANG, S_META },
	{ "keywords", F_TAG, S_META },
	{ "news_keywords", F_TAG, S_META },
	{ "category", F_CATEGORY, S_META },
	{ "date", F_DATE, S_META },
	{ "pubdate", F_DATE, S_META },
	{ "publishdate", F_DATE, S_META },
	{ "publish-date", F_DATE, S_META },
	{ "publish_date", F_DATE, S_META },
	{ "published-date", F_DATE, S_META },
	{ "published_date", F_DATE, S_META },
	{ "publication_date", F_DATE, S_META },
	{ "publication-date", F_DATE, S_META },
	{ "date_published", F_DATE, S_META },
	{ "datepublished", F_DATE, S_META },
	{ "original-publish-date", F_DATE, S_META },
	{ "article_date_original", F_DATE, S_META },
	{ "release_date", F_DATE, S_META },
	{ "created", F_DATE, S_META },
	{ "last-modified", F_MODIFIED, S_META },
	{ "lastmod", F_MODIFIED, S_META },
	{ "datemodified", F_MODIFIED, S_META },
	{ "modified", F_MODIFIED, S_META },
	/* Parse.ly's and Sailthru's tags, which many publishers fill. */
	{ "parsely-title", F_TITLE, S_META },
	{ "parsely-author", F_AUTHOR, S_META },
	{ "parsely-pub-date", F_DATE, S_META },
	{ "parsely-section", F_CATEGORY, S_META },
	{ "parsely-tags", F_TAG, S_META },
	{ "sailthru:author", F_AUTHOR, S_META },
	{ "sailthru:date", F_DATE, S_META },
	{ "sailthru:tags", F_TAG, S_META },
};

/* What a meta name or property (len bytes of k) says, or NULL. */
static const struct meta_key *
meta_key(const char *k, size_t len)
{
	char	 key[48];
	size_t	 i;

	if (len >= sizeof(key))
		return NULL;
	for (i = 0; i < len; i++)
		key[i] = k[i] == '.' ? ':' : (char)ascii_lower((unsigned char)k[i]);
	key[len] = '\0';
	for (i = 0; i < sizeof(meta_keys) / sizeof(meta_keys[0]); i++)
		if (strcmp(key, meta_keys[i].key) == 0)
			return &meta_keys[i];
	return NULL;
}

/*
 * Adds what the space-separated names of v say the content is. A value
 * of a property (RDFa's attribute, which OpenGraph and Dublin Core are
 * written in) takes the place of one a name gave.
 */
static void
meta_names(struct scan *s, const char *v, const char *content,
    bool property)
{
	struct strlist		*l;
	const struct meta_key	*k;
	size_t			 n;

	while (*v != '\0') {
		while (ascii_is_space((unsigned char)*v))
			v++;
		for (n = 0; v[n] != '\0' && !ascii_is_space((unsigned char)v[n]);
		    n++)
			continue;
		if (n > 0 && (k = meta_key(v, n)) != NULL) {
			l = &s->slot[k->field][k->src];
			if (property && s->by_name[k->field][k->src])
				strlist_clear(l);
			s->by_name[k->field][k->src] = !property &&
			    (l->n == 0 || s->by_name[k->field][k->src]);
			add_str(s, k->field, k->src, content, true);
		}
		v += n;
	}
}

/*
 * Microdata: itemprop names and what they say. The item's own name
 * is its author's inside an author, the site's inside a publisher.
 */
static void
itemprop(struct scan *s, uint32_t i, const char *props)
{
	const struct cex_node	*n = &s->d->nodes[i];
	const char		*v;
	int			 f = -1;

	if (s->zone[i] & Z_COMMENT)
		return;
	if (has_token(props, "headline"))
		f = F_TITLE;
	else if (has_token(props, "datePublished"))
		f = F_DATE;
	else if (has_token(props, "dateModified"))
		f = F_MODIFIED;
	else if (has_token(props, "description"))
		f = F_DESCRIPTION;
	else if (has_token(props, "inLanguage"))
		f = F_LANG;
	else if (has_token(props, "keywords"))
		f = F_TAG;
	else if (has_token(props, "articleSection"))
		f = F_CATEGORY;
	else if (has_token(props, "image"))
		f = F_IMAGE;
	else if (has_token(props, "author") || has_token(props, "creator"))
		f = attr(n, "itemscope") != NULL ? -1 : F_AUTHOR;
	else if (has_token(props, "publisher"))
		f = attr(n, "itemscope") != NULL ? -1 : F_SITENAME;
	else if (has_token(props, "name"))
		f = s->zone[n->parent] & Z_AUTHOR ? F_AUTHOR :
		    s->zone[n->parent] & Z_PUBLISHER ? F_SITENAME : -1;
	if (f == -1)
		return;
	if (f == F_IMAGE) {
		if ((v = attr(n, "content")) != NULL ||
		    (v = attr(n, "src")) != NULL ||
		    (v = attr(n, "href")) != NULL)
			add_str(s, f, S_ITEM, v, false);
		return;
	}
	if ((v = attr(n, "content")) != NULL ||
	    ((f == F_DATE || f == F_MODIFIED) &&
	    (v = attr(n, "datetime")) != NULL))
		add_str(s, f, S_ITEM, v, true);
	else if (n->tag != GUMBO_TAG_META && n->tag != GUMBO_TAG_LINK)
		add_text(s, f, S_ITEM, i);
}

/* Class names of the parts of a page that are not its article. */
static const char *const comment_names[] = { "comment", "disqus", "reply",
    "respond", NULL };
/* ... and of the elements that say when and by whom. */
static const char *const date_names[] = { "date", "time", "publish",
    "posted", "byline", "author", "dateline", "meta", "datum", "fecha",
    "update", "changed", "modified", NULL };
/*
 * ... and of bylines (Readability's, hAtom's and h-card's, and the
 * author in the languages whose word is not the English one).
 */
static const char *const byline_names[] = { "byline", "author",
    "writtenby", "written-by", "p-author", "autor", "auteur", NULL };
/* hAtom's and h-entry's published and updated, microformats of blogs. */
static const char *const published_names[] = { "published",
    "dt-published", "entry-date", "post-date", NULL };
static const char *const updated_names[] = { "updated", "dt-updated",
    NULL };

/* What an element's class and id say it is. */
#define N_COMMENT	0x01
#define N_DATE		0x02
#define N_BYLINE	0x04
#define N_PUBLISHED	0x08
#define N_UPDATED	0x10

/* Whether s holds one of words. */
static bool
has_word(const char *s, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strstr(s, *words) != NULL)
			return true;
	return false;
}

/*
 * The N_* an element's class and id say, read once for all the lists:
 * their first NAMES_BYTES bytes, in lower case.
 */
static unsigned
name_bits(const struct cex_node *n)
{
	char		 buf[NAMES_BYTES + 1];
	const char	*v[2] = { attr(n, "class"), attr(n, "id") }, *p;
	size_t		 len = 0, k;
	unsigned	 bits = 0;

	for (k = 0; k < 2; k++) {
		if (v[k] == NULL)
			continue;
		for (p = v[k]; *p != '\0' && len < NAMES_BYTES; p++)
			buf[len++] = (char)ascii_lower((unsigned char)*p);
		/* No word runs from the class into the id. */
		if (len < NAMES_BYTES)
			buf[len++] = ' ';
	}
	if (len == 0)
		return 0;
	buf[len] = '\0';
	bits |= has_word(buf, comment_names) ? N_COMMENT : 0;
	bits |= has_word(buf, date_names) ? N_DATE : 0;
	bits |= has_word(buf, byline_names) ? N_BYLINE : 0;
	bits |= has_word(buf, published_names) ? N_PUBLISHED : 0;
	bits |= has_word(buf, updated_names) ? N_UPDATED : 0;
	return bits;
}

/*
 * Where node i is (Z_*), from its parent and what it is itself. A name
 * on html or body says nothing of a part of the page; a date's name
 * counts on a short element only.
 */
static unsigned char
zone_of(struct scan *s, uint32_t i, unsigned names)
{
	const struct cex_node	*n = &s->d->nodes[i];
	const char		*props;
	unsigned char		 z = i == 0 ? 0 : s->zone[n->parent];

	if (!node_is_element(n))
		return z;
	switch (n->tag) {
	case GUMBO_TAG_HEAD:
	case GUMBO_TAG_SCRIPT:
	case GUMBO_TAG_STYLE:
	case GUMBO_TAG_NOSCRIPT:
		return z | Z_HIDDEN;
	case GUMBO_TAG_ARTICLE:
	case GUMBO_TAG_MAIN:
		z |= Z_ARTICLE;
		break;
	case GUMBO_TAG_NAV:
		z |= Z_ASIDE;
		break;
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_FOOTER:
		/* An article's own aside or footer holds its date, its author. */
		if (!(z & Z_ARTICLE))
			z |= Z_ASIDE;
		break;
	case GUMBO_TAG_HTML:
	case GUMBO_TAG_BODY:
		return z;
	default:
		break;
	}
	if (n->type == GUMBO_NODE_TEMPLATE)
		return z | Z_HIDDEN;
	if (names & N_COMMENT)
		z |= Z_COMMENT;
	if (s->letters[i] <= DATE_ZONE_LETTERS && (names & N_DATE))
		z |= Z_DATE;
	if ((props = attr(n, "itemprop")) != NULL &&
	    attr(n, "itemscope") != NULL) {
		if (has_token(props, "author") || has_token(props, "creator"))
			z |= Z_AUTHOR;
		else if (has_token(props, "publisher"))
			z |= Z_PUBLISHER;
		else
			z &= ~(Z_AUTHOR | Z_PUBLISHER);
	} else if (attr(n, "itemscope") != NULL)
		z &= ~(Z_AUTHOR | Z_PUBLISHER);
	return z;
}

/* The rel values of links and what they give. */
static void
link_rel(struct scan *s, uint32_t i)
{
	const struct cex_node	*n = &s->d->nodes[i];
	const char		*rel = attr(n, "rel"), *href = attr(n, "href");

	if (rel == NULL || href == NULL)
		return;
	if (n->tag == GUMBO_TAG_LINK) {
		if (has_token(rel, "canonical"))
			add_str(s, F_URL, S_HTML, href, false);
		else if (has_token(rel, "image_src"))
			add_str(s, F_IMAGE, S_LINK, href, false);
		else if (has_token(rel, "author") && !s->nomem &&
		    s->profiles.n < MAX_VALUES &&
		    list_push(&s->profiles, strdup(href)) == -1)
			s->nomem = true;
		return;
	}
	if (s->zone[i] & (Z_COMMENT | Z_HIDDEN))
		return;
	if (has_token(rel, "category"))
		add_text(s, F_CATEGORY, S_LINK, i);
	else if (has_token(rel, "tag"))
		add_text(s, F_TAG, S_LINK, i);
}

/* A meta element. */
static void
meta_element(struct scan *s, uint32_t i)
{
	const struct cex_node	*n = &s->d->nodes[i];
	const char		*content = attr(n, "content"), *v;

	if (content == NULL)
		return;
	if ((v = attr(n, "property")) != NULL)
		meta_names(s, v, content, true);
	if ((v = attr(n, "name")) != NULL)
		meta_names(s, v, content, false);
	if ((v = attr(n, "http-equiv")) != NULL &&
	    strcasecmp(v, "content-language") == 0)
		add_str(s, F_LANG, S_META, content, false);
	if ((v = attr(n, "itemprop")) != NULL)
		itemprop(s, i, v);
}

/*
 * A time element, hAtom's published and updated, or a short element
 * named for a date: the publication's date (or the change's) when its
 * pubdate attribute or its class says so, else the first other such
 * element outside comments and asides; its date for machines (datetime,
 * content, title), else for a time element or the publication's, the
 * one its text writes.
 */
static void
time_element(struct scan *s, uint32_t i, unsigned names)
{
	const struct cex_node	*n = &s->d->nodes[i];
	const char		*v;
	int			 src = -1, f = F_DATE;

	if (s->zone[i] & (Z_COMMENT | Z_HIDDEN))
		return;
	if ((names & N_UPDATED) && !(names & N_PUBLISHED))
		f = F_MODIFIED, src = S_PUBTIME;
	else if (attr(n, "pubdate") != NULL || (names & N_PUBLISHED))
		src = S_PUBTIME;
	else if (!(s->zone[i] & Z_ASIDE))
		src = S_TIME;
	if (src == -1 || s->slot[f][src].n > 0)
		return;
	if ((v = attr(n, "datetime")) != NULL ||
	    (v = attr(n, "content")) != NULL ||
	    (v = attr(n, "title")) != NULL)
		add_str(s, f, src, v, false);
	if (s->slot[f][src].n == 0 && n->tag != GUMBO_TAG_META &&
	    (n->tag == GUMBO_TAG_TIME || src == S_PUBTIME))
		add_text(s, f, src, i);
}

/*
 * JSON-LD
 */

/* What a JSON-LD object is, by its @type. */
enum { LD_OTHER, LD_ARTICLE, LD_PAGE, LD_SITE, LD_THING };

/*
 * Whether a schema.org type is a product's: Product and the types under
 * it (ProductGroup, ProductModel, IndividualProduct, SomeProducts, and
 * Vehicle with Car, Motorcycle, BusOrCoach, MotorizedBicycle), which
 * shops and listings of cars write for the thing a page sells.
 */
static bool
is_product_type(const char *type)
{
	static const char *const types[] = { "Product", "ProductGroup",
	    "ProductModel", "IndividualProduct", "SomeProducts", "Vehicle",
	    "Car", "Motorcycle", "BusOrCoach", "MotorizedBicycle", NULL };
	size_t	 i;

	for (i = 0; types[i] != NULL; i++)
		if (strcmp(type, types[i]) == 0)
			return true;
	return false;
}

/*
 * Whether a JSON-LD script's text may name a type of LD_THING: a cheap
 * look before it is parsed (and libjansson loaded), as most pages'
 * data describe articles and pages only.
 */
static bool
may_name_thing(const char *text)
{
	static const char *const parts[] = { "Product", "Recipe", "Car",
	    "Vehicle", "Motor", "BusOrCoach", "Event", "Festival", NULL };
	size_t	 i;

	for (i = 0; parts[i] != NULL; i++)
		if (strstr(text, parts[i]) != NULL)
			return true;
	return false;
}

/*
 * The kind of a schema.org type name (the last part of an address):
 * articles and postings of every kind (NewsArticle, BlogPosting,
 * ReportageNewsArticle...), reports, web pages of every kind (WebPage,
 * ItemPage...), web sites, the things a page may be about: products
 * (is_product_type), recipes, events (TheaterEvent, MusicEvent, every
 * type whose name ends in Event, and Festival).
 */
static int
ld_type_kind(const char *type)
{
	const char	*p = strrchr(type, '/');
	size_t		 len;

	if (p != NULL)
		type = p + 1;
	if ((p = strrchr(type, ':')) != NULL)
		type = p + 1;
	len = strlen(type);
	if ((len >= 7 && strcmp(type + len - 7, "Article") == 0) ||
	    (len >= 7 && strcmp(type + len - 7, "Posting") == 0) ||
	    strcmp(type, "Report") == 0 || strcmp(type, "APIReference") == 0)
		return LD_ARTICLE;
	if (len >= 4 && strcmp(type + len - 4, "Page") == 0)
		return LD_PAGE;
	if (strcmp(type, "WebSite") == 0)
		return LD_SITE;
	if (is_product_type(type) || strcmp(type, "Recipe") == 0 ||
	    (len >= 5 && strcmp(type + len - 5, "Event") == 0) ||
	    strcmp(type, "Festival") == 0)
		return LD_THING;
	return LD_OTHER;
}

/* The kind of object o, by the first of its types that says one. */
static int
ld_kind(json_t *o)
{
	json_t	*type = jansson.object_get(o, "@type"), *v;
	size_t	 i;
	int	 k;

	if (json_is_string(type))
		return ld_type_kind(jansson.string_value(type));
	for (i = 0; i < jansson.array_size(type) &&
	    (v = jansson.array_get(type, i)) != NULL; i++)
		if (json_is_string(v) &&
		    (k = ld_type_kind(jansson.string_value(v))) != LD_OTHER)
			return k;
	return LD_OTHER;
}

/* The objects of a script's data, in their order, and their ids. */
struct ld {
	json_t		*root;		/* the parsed data */
	json_t		*objects[LD_MAX_VALUES];
	size_t		 n;
};

/*
 * The object o stands for: o, or if it is only a reference ({"@id":
 * ...}, as @graph data links its nodes) the object with that @id.
 */
static json_t *
ld_deref(const struct ld *ld, json_t *o)
{
	const char	*id;
	size_t		 i;

	if (!json_is_object(o) || jansson.object_size(o) != 1 ||
	    (id = jansson.string_value(jansson.object_get(o, "@id"))) == NULL)
		return o;
	for (i = 0; i < ld->n; i++)
		if (ld->objects[i] != o && jansson.string_value(jansson.object_get(
		    ld->objects[i], "@id")) != NULL && strcmp(id,
		    jansson.string_value(jansson.object_get(ld->objects[i], "@id")))
		    == 0)
			return ld->objects[i];
	return o;
}

/* Adds a JSON string. */
static void
ld_add(struct scan *s, int f, int src, json_t *v)
{
	if (json_is_string(v))
		add(s, f, src, jansson.string_value(v), jansson.string_length(v),
		    true);
}

/*
 * Adds names: a string, an object's "name" (an author that is a Person
 * or an Organization), or a list of them (one level: authors are not
 * nested in lists of lists).
 */
static void
ld_names(struct scan *s, const struct ld *ld, int f, int src, json_t *v)
{
	json_t	*e, *name;
	size_t	 i, n = json_is_array(v) ? jansson.array_size(v) : 1;

	for (i = 0; i < n && i < MAX_VALUES; i++) {
		e = ld_deref(ld, json_is_array(v) ? jansson.array_get(v, i) : v);
		if (json_is_string(e))
			ld_add(s, f, src, e);
		else if (json_is_object(e)) {
			name = jansson.object_get(e, "name");
			if (json_is_array(name))
				name = jansson.array_get(name, 0);
			ld_add(s, f, src, name);
		}
	}
}

/*
 * Adds an address: a string, an object's url (an ImageObject) or @id
 * (a WebPage), or the first of a list of them.
 */
static void
ld_url(struct scan *s, const struct ld *ld, int f, int src, json_t *v)
{
	if (json_is_array(v))
		v = jansson.array_get(v, 0);
	v = ld_deref(ld, v);
	if (json_is_object(v)) {
		if (json_is_string(jansson.object_get(v, "url")))
			v = jansson.object_get(v, "url");
		else if (json_is_string(jansson.object_get(v, "contentUrl")))
			v = jansson.object_get(v, "contentUrl");
		else
			v = jansson.object_get(v, "@id");
	}
	ld_add(s, f, src, v);
}

/* Adds every string of v, a string or a list of strings. */
static void
ld_strings(struct scan *s, int f, int src, json_t *v)
{
	json_t	*e;
	size_t	 i;

	if (json_is_string(v))
		ld_add(s, f, src, v);
	for (i = 0; i < jansson.array_size(v) &&
	    (e = jansson.array_get(v, i)) != NULL; i++)
		ld_add(s, f, src, e);
}

/*
 * What an object (an article's, src S_LD, or a page's or site's,
 * S_LDPAGE) says. The first object that gives a field gives it: the
 * lists of authors of two objects are not mixed.
 */
static void
ld_object(struct scan *s, const struct ld *ld, json_t *o, int src)
{
	json_t	*v, *pub, *title;

	title = jansson.object_get(o, "headline");
	if (!json_is_string(title) || jansson.string_length(title) == 0)
		title = jansson.object_get(o, "name");
	ld_add(s, F_TITLE, src, title);
	if (src == S_LD && title != jansson.object_get(o, "name"))
		ld_add(s, F_TITLE, S_LDNAME, jansson.object_get(o, "name"));
	if (s->slot[F_AUTHOR][src].n == 0) {
		if ((v = jansson.object_get(o, "author")) == NULL)
			v = jansson.object_get(o, "creator");
		ld_names(s, ld, F_AUTHOR, src, v);
	}
	ld_add(s, F_DATE, src, jansson.object_get(o, "datePublished"));
	ld_add(s, F_DATE, src, jansson.object_get(o, "dateCreated"));
	ld_add(s, F_MODIFIED, src, jansson.object_get(o, "dateModified"));
	pub = jansson.object_get(o, "publisher");
	if (json_is_array(pub))
		pub = jansson.array_get(pub, 0);
	pub = ld_deref(ld, pub);
	ld_add(s, F_SITENAME, src, json_is_object(pub) ?
	    jansson.object_get(pub, "name") : pub);
	ld_add(s, F_DESCRIPTION, src, jansson.object_get(o, "description"));
	ld_url(s, ld, F_IMAGE, src, jansson.object_get(o, "image"));
	if (json_is_string(v = jansson.object_get(o, "inLanguage")))
		ld_add(s, F_LANG, src, v);
	if (s->slot[F_TAG][src].n == 0)
		ld_strings(s, F_TAG, src, jansson.object_get(o, "keywords"));
	if (s->slot[F_CATEGORY][src].n == 0)
		ld_strings(s, F_CATEGORY, src,
		    jansson.object_get(o, "articleSection"));
	if ((v = jansson.object_get(o, "url")) != NULL)
		ld_url(s, ld, F_URL, src, v);
	else
		ld_url(s, ld, F_URL, src, jansson.object_get(o,
		    "mainEntityOfPage"));
}

/*
 * The text of a JSON-LD script made JSON: what pages put around it (an
 * HTML comment, CDATA markers, a semicolon after it) left out, and the
 * controls inside its strings (raw line breaks, which JSON forbids and
 * pages write) made spaces. NULL if memory runs out; *len its length.
 */
static char *
ld_text(const char *t, size_t *len)
{
	static const char *const around[] = { "<!--", "-->", "<![CDATA[",
	    "]]>", "//<![CDATA[", "//]]>", NULL };
	const char	*end = t + strlen(t);
	const char *const *a;
	char		*out;
	size_t		 i, n;
	bool		 in_string = false, cut = true;

	while (cut) {
		cut = false;
		while (t < end && (ascii_is_space((unsigned char)*t) ||
		    *t == ';'))
			t++;
		while (end > t && (ascii_is_space((unsigned char)end[-1]) ||
		    end[-1] == ';'))
			end--;
		for (a = around; *a != NULL; a++) {
			n = strlen(*a);
			if ((size_t)(end - t) >= n && strncmp(t, *a, n) == 0) {
				t += n;
				cut = true;
			}
			if ((size_t)(end - t) >= n &&
			    strncmp(end - n, *a, n) == 0) {
				end -= n;
				cut = true;
			}
		}
	}
	*len = (size_t)(end - t);
	if ((out = malloc(*len + 1)) == NULL)
		return NULL;
	for (i = 0; i < *len; i++) {
		out[i] = t[i];
		if (in_string && t[i] == '\\' && i + 1 < *len) {
			out[i + 1] = (unsigned char)t[i + 1] < 0x20 ? ' ' :
			    t[i + 1];
			i++;
		} else if (t[i] == '"')
			in_string = !in_string;
		else if (in_string && (unsigned char)t[i] < 0x20)
			out[i] = ' ';
	}
	out[*len] = '\0';
	return out;
}

/*
 * Frees parsed JSON-LD data: json_decref, which calls json_delete in
 * jansson.h and so cannot be used without linking it.
 */
static void
ld_release(json_t *root)
{
	if (root->refcount != (size_t)-1 && --root->refcount == 0)
		jansson.delete(root);
}

/*
 * Parses a JSON-LD script's text: its objects found breadth first (in
 * lists, in @graph, in an object's mainEntity) with a queue of bounded
 * length and depth. Returns them, to free with ld_free; NULL if the
 * data is invalid (skipped) or libjansson is not loaded, or, with *oom
 * set, if memory runs out.
 */
static struct ld *
ld_parse(const char *text, bool *oom)
{
	struct {
		json_t	*v;
		int	 depth;
	}		 queue[LD_MAX_VALUES];
	json_error_t	 error;
	struct ld	*ld;
	json_t		*root, *v, *e;
	char		*t;
	size_t		 len, head = 0, tail = 0, k;
	int		 depth;
	static const char *const inner[] = { "@graph", "mainEntity",
	    "mainEntityOfPage", NULL };

	*oom = false;
	if (jansson.loadb == NULL)
		return NULL;
	if ((t = ld_text(text, &len)) == NULL) {
		*oom = true;
		return NULL;
	}
	root = jansson.loadb(t, len, JSON_DISABLE_EOF_CHECK, &error);
	free(t);
	if (root == NULL) {
		*oom = json_error_code(&error) == json_error_out_of_memory;
		return NULL;
	}
	if ((ld = calloc(1, sizeof(*ld))) == NULL) {
		ld_release(root);
		*oom = true;
		return NULL;
	}
	ld->root = root;
	queue[tail].v = root;
	queue[tail++].depth = 0;
	while (head < tail) {
		v = queue[head].v;
		depth = queue[head++].depth;
		if (json_is_object(v) && ld->n < LD_MAX_VALUES)
			ld->objects[ld->n++] = v;
		for (k = 0; depth < LD_MAX_DEPTH && tail < LD_MAX_VALUES &&
		    (json_is_array(v) ? k < jansson.array_size(v) :
		    inner[k] != NULL); k++) {
			e = json_is_array(v) ? jansson.array_get(v, k) :
			    jansson.object_get(v, inner[k]);
			if (json_is_object(e) || json_is_array(e)) {
				queue[tail].v = e;
				queue[tail++].depth = depth + 1;
			}
		}
	}
	return ld;
}

/* Frees what ld_parse gives. */
static void
ld_free(struct ld *ld)
{
	ld_release(ld->root);
	free(ld);
}

/*
 * A JSON-LD script (ld_parse): what the first article and the pages
 * and sites say. Returns -1 if memory runs out.
 */
static int
ld_script(struct scan *s, const char *text)
{
	struct ld	*ld;
	json_t		*v;
	size_t		 i;
	bool		 article = false, oom;
	int		 kind;

	if ((ld = ld_parse(text, &oom)) == NULL)
		return oom ? -1 : 0;
	for (i = 0; i < ld->n; i++) {
		kind = ld_kind(ld->objects[i]);
		if (kind == LD_ARTICLE && !article) {
			ld_object(s, ld, ld->objects[i], S_LD);
			article = true;
		} else if (kind == LD_PAGE)
			ld_object(s, ld, ld->objects[i], S_LDPAGE);
		else if (kind == LD_SITE) {
			ld_add(s, F_SITENAME, S_LDPAGE,
			    jansson.object_get(ld->objects[i], "name"));
			if (json_is_string(v = jansson.object_get(
			    ld->objects[i], "inLanguage")))
				ld_add(s, F_LANG, S_LDPAGE, v);
		}
	}
	ld_free(ld);
	return 0;
}

/*
 * The schema.org things a JSON-LD script's text describes, products,
 * recipes and events: their number is added to *things, and the description
 * of the first, when *description is still NULL, set to a copy of it.
 * The article method reads it (a shop's short description of the
 * product, away from the long one; a recipe's summary under its name).
 * Nothing is read if libjansson cannot be loaded. Returns -1 if memory
 * runs out.
 */
int
meta_ld_things(const char *text, size_t *things, char **description)
{
	struct ld	*ld;
	json_t		*v;
	size_t		 i;
	bool		 oom;

	if (!may_name_thing(text) || meta_init() == -1)
		return 0;
	if ((ld = ld_parse(text, &oom)) == NULL)
		return oom ? -1 : 0;
	for (i = 0; i < ld->n; i++) {
		if (ld_kind(ld->objects[i]) != LD_THING)
			continue;
		++*things;
		if (*description == NULL && json_is_string(v =
		    jansson.object_get(ld->objects[i], "description")) &&
		    (*description = strdup(jansson.string_value(v))) == NULL)
			oom = true;
	}
	ld_free(ld);
	return oom ? -1 : 0;
}

/*
 * Whether the value of isAccessibleForFree says no: false, or the
 * string "false" in any case (as many pages write it).
 */
static bool
ld_not_free(const json_t *v)
{
	return json_is_false(v) || (json_is_string(v) &&
	    strcasecmp(jansson.string_value(v), "false") == 0);
}

/* The most bytes of class names that meta_ld_gated gives. */
#define GATED_BYTES	1024

/*
 * Adds to *classes, separated by spaces, the class names of a CSS
 * selector list whose selectors are each one class (".paywall,
 * .premium"), GATED_BYTES of them at most (a page names one or two);
 * other selectors say nothing here. -1 if memory runs out.
 */
static int
add_selector_classes(char **classes, const char *sel)
{
	static const char	 name_chars[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
	const char		*p, *b, *e, *end;
	char			*grown;
	size_t			 have, len;

	for (p = sel; *p != '\0'; p = *end == ',' ? end + 1 : end) {
		end = p + strcspn(p, ",");
		for (b = p; b < end && ascii_is_space((unsigned char)*b); b++)
			continue;
		for (e = end; e > b && ascii_is_space((unsigned char)e[-1]); e--)
			continue;
		len = (size_t)(e - b);
		if (len < 2 || *b != '.' ||
		    strspn(b + 1, name_chars) < len - 1)
			continue;
		have = *classes != NULL ? strlen(*classes) : 0;
		if (have + len + 1 > GATED_BYTES)
			return 0;
		if ((grown = realloc(*classes, have + len + 1)) == NULL)
			return -1;
		if (have > 0)
			grown[have++] = ' ';
		memcpy(grown + have, b + 1, len - 1);
		grown[have + len - 1] = '\0';
		*classes = grown;
	}
	return 0;
}

/*
 * The classes that a JSON-LD script's text names as the parts of its
 * article that are not free: a part (hasPart) whose isAccessibleForFree
 * is false and whose cssSelector is a class (".paywall"), the markup
 * that search engines ask of pages whose text is for subscribers. The
 * element of that class holds the article's text, whatever its name
 * says. Added to *classes, separated by spaces; nothing is read if
 * libjansson cannot be loaded. Returns -1 if memory runs out.
 */
int
meta_ld_gated(const char *text, char **classes)
{
	struct ld	*ld;
	json_t		*parts, *part, *sel;
	size_t		 i, k, n, j;
	bool		 oom;
	int		 rc = 0;

	if (strstr(text, "cssSelector") == NULL || meta_init() == -1)
		return 0;
	if ((ld = ld_parse(text, &oom)) == NULL)
		return oom ? -1 : 0;
	for (i = 0; i < ld->n && rc == 0; i++) {
		parts = jansson.object_get(ld->objects[i], "hasPart");
		n = json_is_array(parts) ? jansson.array_size(parts) : 1;
		for (k = 0; k < n && rc == 0; k++) {
			part = json_is_array(parts) ?
			    jansson.array_get(parts, k) : parts;
			if (!json_is_object(part) || !ld_not_free(
			    jansson.object_get(part, "isAccessibleForFree")))
				continue;
			sel = jansson.object_get(part, "cssSelector");
			if (json_is_string(sel))
				rc = add_selector_classes(classes,
				    jansson.string_value(sel));
			else if (json_is_array(sel))
				for (j = 0; j < jansson.array_size(sel) &&
				    rc == 0; j++)
					if (json_is_string(jansson.array_get(sel,
					    j)))
						rc = add_selector_classes(classes,
						    jansson.string_value(
						    jansson.array_get(sel, j)));
		}
	}
	ld_free(ld);
	return rc;
}

/*
 * The pass over the page
 */

/* The letters of each subtree, text a reader sees, in a backward pass. */
static void
count_letters(struct scan *s)
{
	const struct cex_node	*n;
	uint32_t		 i, p;

	for (i = s->d->nnodes; i-- > 0; ) {
		n = &s->d->nodes[i];
		if (node_is_text(n))
			s->letters[i] = n->own_letters;
		if (i == 0)
			break;
		p = n->parent;
		s->letters[p] = s->letters[p] > UINT32_MAX - s->letters[i] ?
		    UINT32_MAX : s->letters[p] + s->letters[i];
	}
}

/* Whether tag is American English, where 05/06/2019 is May 6. */
static bool
is_en_us(const char *tag)
{
	return tag != NULL && strncasecmp(tag, "en-us", 5) == 0 &&
	    (tag[5] == '\0' || tag[5] == '-');
}

/*
 * A byline: a short element, outside comments and asides, whose class
 * or id says byline or author (Readability's test, hAtom's and h-card's
 * names), or a link with rel=author. The first is the article's (the
 * others are in lists of other articles). In it, the links are the
 * authors' names (a byline links each name to the author's page; the
 * rest is a role, a date); without links, its text is.
 */
static void
byline(struct scan *s, uint32_t i, unsigned names)
{
	const struct cex_node	*n = &s->d->nodes[i];
	uint32_t		 j;

	if (s->byline != 0 ||
	    (s->zone[i] & (Z_HIDDEN | Z_COMMENT | Z_ASIDE)) ||
	    s->letters[i] == 0 || s->letters[i] > BYLINE_LETTERS ||
	    n->tag == GUMBO_TAG_META || n->tag == GUMBO_TAG_LINK ||
	    (!(names & N_BYLINE) && !(n->tag == GUMBO_TAG_A &&
	    has_token(attr(n, "rel"), "author"))) ||
	    s->bylines++ >= MAX_TRIES)
		return;
	for (j = i; j < n->end && j < i + TEXT_NODES; j++)
		if (s->d->nodes[j].tag == GUMBO_TAG_A &&
		    node_is_element(&s->d->nodes[j]) &&
		    attr(&s->d->nodes[j], "href") != NULL &&
		    s->letters[j] > 0) {
			/* More links than a byline has names: a menu. */
			if (s->slot[F_AUTHOR][S_BYLINE].n == BYLINE_LINKS) {
				strlist_clear(&s->slot[F_AUTHOR][S_BYLINE]);
				return;
			}
			add_text(s, F_AUTHOR, S_BYLINE, j);
			j = s->d->nodes[j].end - 1;
		}
	if (s->slot[F_AUTHOR][S_BYLINE].n == 0)
		add_text(s, F_AUTHOR, S_BYLINE, i);
	s->byline = i;
}

/*
 * Whether href points at a site's home page: /, ./, index.html, or an
 * absolute address with no path.
 */
static bool
is_home(const char *href)
{
	const char	*p = href;

	while (ascii_is_space((unsigned char)*p))
		p++;
	if (*p == '#')
		return false;
	if (url_scheme_length(p) > 0 || strncmp(p, "//", 2) == 0) {
		if ((p = strstr(p, "//")) == NULL)
			return false;
		p += 2;
		p += strcspn(p, "/?#");
	} else if (strncmp(p, "./", 2) == 0)
		p++;
	else if (*p == '.' && p[1] == '\0')
		p++;
	if (*p == '/')
		p++;
	if (strncasecmp(p, "index.", 6) == 0 && strchr(p, '/') == NULL)
		return true;
	return *p == '\0' || *p == '?' || *p == '#';
}

/* Class names of a site's name at the top of its pages. */
static const char *const logo_names[] = { "logo", "brand", "site-title",
    "site-name", "sitename", "masthead", NULL };

/*
 * Whether h1 element i is the site's name, not the page's headline: its
 * name says logo, or all its text is a link to the home page, as sites
 * write their name at the top of every page.
 */
static bool
is_logo(const struct scan *s, uint32_t i)
{
	const struct cex_node	*n;
	const char		*href;
	uint32_t		 j, end = s->d->nodes[i].end;

	if (named(&s->d->nodes[i], logo_names))
		return true;
	for (j = i + 1; j < end && j < i + TEXT_NODES; j++) {
		n = &s->d->nodes[j];
		if (n->tag == GUMBO_TAG_A && node_is_element(n))
			return s->letters[j] == s->letters[i] &&
			    (href = attr(n, "href")) != NULL && is_home(href);
	}
	return false;
}

/*
 * A page without an h1 (yet): a heading h2 or h3 i is its headline if
 * it says what the title element or og:title says, but for the site's
 * name around it.
 */
static void
headline(struct scan *s, uint32_t i)
{
	static const signed char titles[] = { S_OG, S_TITLE, -1 };
	const signed char *o;
	char		*text;

	if ((text = node_text(s, i)) == NULL)
		return;
	for (o = titles; *o != -1; o++)
		if (s->slot[F_TITLE][*o].n > 0 && *text != '\0' &&
		    agrees(text, s->slot[F_TITLE][*o].v[0])) {
			s->h1 = i;
			break;
		}
	free(text);
}

/*
 * Every node in document order, whatever the filters made of it: the
 * elements that say something of the page.
 */
static void
scan_page(struct scan *s)
{
	const struct cex_doc	*d = s->d;
	const struct cex_node	*n;
	const char		*v;
	uint32_t		 i;
	unsigned		 names;

	for (i = 0; i < d->nnodes && !s->nomem; i++) {
		n = &d->nodes[i];
		names = node_is_element(n) ? name_bits(n) : 0;
		s->zone[i] = zone_of(s, i, names);
		if (!node_is_element(n))
			continue;
		switch (n->tag) {
		case GUMBO_TAG_HTML:
			if ((v = attr(n, "lang")) != NULL ||
			    (v = attr(n, "xml:lang")) != NULL) {
				add_str(s, F_LANG, S_HTML, v, false);
				s->month_first = is_en_us(v);
			}
			break;
		case GUMBO_TAG_BODY:
			s->in_body = true;
			break;
		case GUMBO_TAG_META:
			meta_element(s, i);
			break;
		case GUMBO_TAG_LINK:
		case GUMBO_TAG_A:
			link_rel(s, i);
			break;
		case GUMBO_TAG_SCRIPT:
			if ((v = attr(n, "type")) != NULL &&
			    strcasestr(v, "ld+json") != NULL &&
			    i + 1 < n->end && node_is_text(&d->nodes[i + 1]) &&
			    ld_script(s, d->nodes[i + 1].g->v.text.text) == -1)
				s->nomem = true;
			break;
		case GUMBO_TAG_TITLE:
			if (n->g->v.element.tag_namespace ==
			    GUMBO_NAMESPACE_HTML)
				add_text(s, F_TITLE, S_TITLE, i);
			break;
		case GUMBO_TAG_H1:
			s->h1s++;
			/* The headline: the first h1 of the body's text. */
			if (s->in_body && !s->h1_seen && s->letters[i] > 0 &&
			    s->h1s <= MAX_TRIES &&
			    !(s->zone[i] & (Z_HIDDEN | Z_ASIDE | Z_COMMENT)) &&
			    !is_logo(s, i)) {
				s->h1 = i;
				s->h1_seen = true;
				add_text(s, F_TITLE, S_H1, i);
			}
			break;
		case GUMBO_TAG_H2:
		case GUMBO_TAG_H3:
			if (s->in_body && s->h1 == 0 && s->letters[i] > 0 &&
			    s->headings++ < MAX_TRIES &&
			    !(s->zone[i] & (Z_HIDDEN | Z_ASIDE | Z_COMMENT)))
				headline(s, i);
			break;
		default:
			break;
		}
		if (n->tag == GUMBO_TAG_TIME ||
		    (names & (N_PUBLISHED | N_UPDATED)) ||
		    ((names & N_DATE) && s->letters[i] <= DATE_ZONE_LETTERS))
			time_element(s, i, names);
		if (n->tag != GUMBO_TAG_META &&
		    (v = attr(n, "itemprop")) != NULL)
			itemprop(s, i, v);
		byline(s, i, names);
	}
}

/* Whether node i's zone is one where the page's own date is not. */
static bool
off_article(const struct scan *s, uint32_t i)
{
	return (s->zone[i] & (Z_HIDDEN | Z_COMMENT | Z_ASIDE)) != 0;
}

/*
 * A date written out in a short element named for a date or a byline,
 * from node from to node to (the outermost such elements, read whole,
 * as a date may be cut into spans): the first, or with last the last.
 * Returns the element, or 0 if there is none.
 */
static uint32_t
zone_date(struct scan *s, uint32_t from, uint32_t to, bool last,
    struct date *t)
{
	const struct cex_doc	*d = s->d;
	struct date		 u;
	uint32_t		 i, at = 0;
	char			*text;
	bool			 found;

	for (i = from; i < to && !s->nomem; i++) {
		if (!node_is_element(&d->nodes[i]) ||
		    !(s->zone[i] & Z_DATE) || off_article(s, i))
			continue;
		if (i > 0 && (s->zone[d->nodes[i].parent] & Z_DATE))
			continue;
		if ((text = node_text(s, i)) == NULL)
			return at;
		found = date_find(s, text, strlen(text), &u, NULL, NULL);
		free(text);
		if (found) {
			*t = u;
			at = i;
			if (!last)
				return at;
		}
		i = d->nodes[i].end - 1;
	}
	return at;
}

/* The letters of the text between nodes from and to. */
static uint32_t
letters_between(const struct scan *s, uint32_t from, uint32_t to)
{
	uint32_t	 i, n = 0;

	for (i = from; i < to; i++)
		n += s->d->nodes[i].own_letters;
	return n;
}

/*
 * The first date written out in the text nodes from node from on (with
 * back, from node from back), no further than window letters: first one
 * that stands alone in its text (a dateline; dates inside sentences are
 * of what the text tells), then, but with alone, any. Whether there was
 * one.
 */
static bool
window_date(struct scan *s, uint32_t from, uint32_t window, bool alone,
    bool back, struct date *t)
{
	const struct cex_node	*n;
	const char		*text;
	uint32_t		 i, letters;
	size_t			 at, after, len;
	int			 pass;

	for (pass = 0; pass < (alone ? 1 : 2); pass++)
		for (i = from, letters = 0; i < s->d->nnodes && i > 0 &&
		    letters < window; back ? i-- : i++) {
			n = &s->d->nodes[i];
			if (!node_is_text(n) || off_article(s, i))
				continue;
			letters += n->own_letters;
			text = n->g->v.text.text;
			len = strnlen(text, TEXT_BYTES);
			if (date_find(s, text, len, t, &at, &after) &&
			    (pass == 1 || n->own_letters <=
			    dom_letters(text + at, after - at) + DATELINE_LETTERS))
				return true;
		}
	return false;
}

/*
 * A date written out for readers near the headline (the first h1) or
 * the byline: a dateline right under the h1 or above it (a year of two
 * digits too: these places hold dates); in an element named for a
 * date or byline, the nearest to
 * the h1 of the first after it (any, without an h1) and the last before
 * it, if close; else right after the byline (a date with a year of two
 * digits too: these places hold dates), else in the text that follows
 * the h1, else in such an element before it, however far. Comments,
 * asides and what is hidden do not count: a date there is another
 * text's.
 */
static void
text_date(struct scan *s)
{
	const struct cex_doc	*d = s->d;
	struct date		 t, before;
	uint32_t		 after_at, before_at = 0, h1 = s->h1;
	bool			 found;

	/* A dateline right under the headline, or right above it. */
	s->short_year = true;
	if (h1 != 0 && (window_date(s, d->nodes[h1].end, NEAR_LETTERS, true,
	    false, &t) || window_date(s, h1 - 1, NEAR_LETTERS, true, true,
	    &t))) {
		s->short_year = false;
		put(s, F_DATE, S_TEXT, date_string(&t));
		return;
	}
	after_at = zone_date(s, h1, d->nnodes, false, &t);
	if (h1 != 0)
		before_at = zone_date(s, 0, h1, true, &before);
	if (before_at != 0 && letters_between(s, d->nodes[before_at].end,
	    h1) <= NEAR_LETTERS && (after_at == 0 ||
	    letters_between(s, d->nodes[before_at].end, h1) <
	    letters_between(s, d->nodes[h1].end, after_at))) {
		t = before;
		after_at = before_at;
	}
	found = after_at != 0;
	if (!found && s->byline != 0)
		found = window_date(s, d->nodes[s->byline].parent,
		    BYLINE_WINDOW, false, false, &t);
	s->short_year = false;
	if (!found && h1 != 0)
		found = window_date(s, h1, HEADLINE_WINDOW, false, false, &t);
	if (!found && before_at != 0) {
		t = before;
		found = true;
	}
	if (found)
		put(s, F_DATE, S_TEXT, date_string(&t));
}

/*
 * A date in an address's path: /2019/05/31/, /2019-05-31/, -20190531-
 * as content management systems write them.
 */
static void
url_date(struct scan *s, const char *url, int src)
{
	const char	*p, *q, *end;
	struct date	 t;
	char		 sep;

	if (url == NULL)
		return;
	if ((p = strstr(url, "//")) != NULL)
		url = p + 2;
	if ((p = strchr(url, '/')) == NULL)
		return;
	end = p + strcspn(p, "?#");
	for (; p < end; p++) {
		if (*p != '/' && *p != '-' && *p != '_')
			continue;
		q = p + 1;
		memset(&t, 0, sizeof(t));
		t.h = -1;
		if ((t.y = digits(q, end, 4)) < 0)
			continue;
		q += 4;
		sep = q < end ? *q : '\0';
		if (sep == '/' || sep == '-' || sep == '_') {
			if ((t.mo = digits(q + 1, end, 2)) < 0 ||
			    q + 3 >= end || q[3] != sep ||
			    (t.d = digits(q + 4, end, 2)) < 0)
				continue;
			q += 6;
		} else if ((t.mo = digits(q, end, 2)) >= 0 &&
		    (t.d = digits(q + 2, end, 2)) >= 0)
			q += 4;
		else
			continue;
		if (q < end && *q >= '0' && *q <= '9')
			continue;
		if (date_ok(s, &t)) {
			put(s, F_DATE, src, date_string(&t));
			return;
		}
	}
}

/*
 * The fields
 */

/* The value of a field that is not a list: the most trusted source's. */
static const char *
best(const struct scan *s, int f)
{
	const signed char	*o;

	for (o = field_order[f]; *o != -1; o++)
		if (s->slot[f][*o].n > 0)
			return s->slot[f][*o].v[0];
	return NULL;
}

/* Days from 1970-01-01 to y-m-d (Howard Hinnant's days_from_civil). */
static long
days_of(int y, int m, int d)
{
	long	 era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/*
 * Reads back a date as date_string wrote it: its day (days_of), its
 * hour (-1 if none), and whether its time is universal (an offset of
 * 0; a time without one is the page's own).
 */
static long
day_of(const char *v, int *hour, bool *utc)
{
	struct date	 t;

	memset(&t, 0, sizeof(t));
	t.h = -1;
	time_of(v + 10, v + strlen(v), &t);
	*hour = t.h;
	*utc = t.h >= 0 && t.zone && t.off == 0;
	return days_of(atoi(v), atoi(v + 5), atoi(v + 8));
}

/*
 * The date of publication: the most trusted source's, but for a time in
 * UTC, which machines write, whose day the page's readers may not see:
 * the first date in the page's own time zone (the address, which the
 * publisher's system writes when it publishes, a time with its offset,
 * the text) says which day it is, the same day or one before (the time
 * early in the day) or after (late in it).
 */
static const char *
date_of(const struct scan *s)
{
	static const signed char local[] = { S_URL, S_TIME, S_PUBTIME,
	    S_ITEM, S_META, S_DC, S_OG, S_LDPAGE, S_LD, S_TEXT, -1 };
	const signed char *o;
	const char	*v = best(s, F_DATE), *w;
	long		 day, wday;
	int		 hour, whour;
	bool		 utc, wutc;

	if (v == NULL)
		return NULL;
	day = day_of(v, &hour, &utc);
	if (!utc)
		return v;
	for (o = local; *o != -1; o++) {
		if (s->slot[F_DATE][*o].n == 0)
			continue;
		w = s->slot[F_DATE][*o].v[0];
		wday = day_of(w, &whour, &wutc);
		if (wutc)
			continue;
		if (wday == day)
			return v;
		/* Time zones from UTC-10 (America) to UTC+14. */
		if ((wday == day - 1 && hour < 10) ||
		    (wday == day + 1 && hour >= 10))
			return w;
	}
	return v;
}

/* The words of len bytes of s, as spaces separate them. */
static size_t
words(const char *s, size_t len)
{
	size_t	 i, n = 0;
	bool	 in = false;

	for (i = 0; i < len; i++) {
		if (s[i] == ' ')
			in = false;
		else if (!in) {
			in = true;
			n++;
		}
	}
	return n;
}

/*
 * The title t without the site's name a separator puts before or after
 * it, when the site's name is known to be that, or when the rest is the
 * page's headline (h1) and the longer part; with guess (a title element
 * and no h1), without a short part after the last separator. NULL if
 * memory runs out.
 */
static char *
strip_site(const char *t, const char *site, const char *h1, bool guess)
{
	const char *const *sep;
	const char	*p, *first = NULL, *last = NULL, *suffix;
	size_t		 first_len = 0, last_len = 0;

	for (sep = title_seps; *sep != NULL; sep++)
		for (p = strstr(t, *sep); p != NULL; p = strstr(p + 1, *sep)) {
			if (first == NULL || p < first) {
				first = p;
				first_len = strlen(*sep);
			}
			if (last == NULL || p > last) {
				last = p;
				last_len = strlen(*sep);
			}
		}
	if (last == NULL)
		return strdup(t);
	suffix = last + last_len;
	if ((site != NULL && same_words(suffix, strlen(suffix), site,
	    strlen(site))) || (h1 != NULL && same_words(t, (size_t)(last - t),
	    h1, strlen(h1)) && (size_t)(last - t) > strlen(suffix)))
		return strndup(t, (size_t)(last - t));
	suffix = first + first_len;
	if ((site != NULL && same_words(t, (size_t)(first - t), site,
	    strlen(site))) || (h1 != NULL && same_words(suffix,
	    strlen(suffix), h1, strlen(h1)) &&
	    strlen(suffix) > (size_t)(first - t)))
		return strdup(suffix);
	/*
	 * A title element with neither: a part of a few words after the
	 * last separator, behind a longer one, is the site's name, as most
	 * pages write their title.
	 */
	if (guess && h1 == NULL && words(suffix, strlen(suffix)) <= 3 &&
	    words(t, (size_t)(last - t)) >= 4)
		return strndup(t, (size_t)(last - t));
	return strdup(t);
}

/*
 * The title: the most trusted source's, without the site's name around
 * it (the h1 is the headline alone).
 */
static char *
title_of(const struct scan *s, const char *site)
{
	const char	*t = best(s, F_TITLE), *h1 = NULL, *name, *page;

	if (t == NULL)
		return NULL;
	if (s->slot[F_TITLE][S_H1].n > 0)
		h1 = s->slot[F_TITLE][S_H1].v[0];
	/*
	 * An article's JSON-LD with a headline and a name that differ: the
	 * one the page shows as its title (h1, else title element) is it,
	 * the other a summary or the site's name.
	 */
	page = h1 != NULL ? h1 : s->slot[F_TITLE][S_TITLE].n > 0 ?
	    s->slot[F_TITLE][S_TITLE].v[0] : NULL;
	if (page != NULL && s->slot[F_TITLE][S_LD].n > 0 &&
	    t == s->slot[F_TITLE][S_LD].v[0] &&
	    s->slot[F_TITLE][S_LDNAME].n > 0) {
		name = s->slot[F_TITLE][S_LDNAME].v[0];
		if (!agrees(t, page) && agrees(name, page))
			t = name;
	}
	if (h1 != NULL && t == h1)
		return strdup(t);
	/*
	 * A short title element that says less than the page's one h1
	 * names the site or its section: the h1 is the headline.
	 */
	if (h1 != NULL && s->h1s == 1 && s->slot[F_TITLE][S_TITLE].n > 0 &&
	    t == s->slot[F_TITLE][S_TITLE].v[0] &&
	    chars_of(t) < SHORT_TITLE &&
	    words(h1, strlen(h1)) > words(t, strlen(t)))
		return strdup(h1);
	return strip_site(t, site, h1, s->slot[F_TITLE][S_TITLE].n > 0 &&
	    t == s->slot[F_TITLE][S_TITLE].v[0]);
}

/* Words before a name that say it is the author's: "By", "Von"... */
static const char *const by_words[] = { "written by", "posted by",
    "published by", "words by", "text by", "story by", "reported by",
    "by", "von", "par", "por", "door", "di", "av", "af", "autor",
    "autore", "auteur", "author", "authors", "text", "texte", "texto",
    "tekst", NULL };

/*
 * Words that stand for no person: a page's staff, its editors, its
 * agencies, its administrator.
 */
static const char *const not_names[] = { "staff", "editor", "editors",
    "the editors", "editorial", "editorial staff", "editorial team",
    "editorial board", "staff writer", "staff reporter", "staff report",
    "redaktion", "die redaktion", "redaction", "r\xC3\xA9" "daction",
    "la r\xC3\xA9" "daction", "redacci\xC3\xB3n", "redazione",
    "la redazione", "redactie", "de redactie", "reda\xC3\xA7\xC3\xA3o",
    "admin", "administrator", "team", "newsroom", "news desk", "web desk",
    "desk", "agencies", "agency", "guest", "guest author", "anonymous",
    "unknown", "author", NULL };

/* Words that join the names of several authors. */
static const char *const and_words[] = { " and ", " und ", " et ", " y ",
    " e ", " en ", " og ", " och ", " & ", ", ", "; ", ",", ";", " | ",
    NULL };

/* Words after a name, before the date a byline gives: "on", "am". */
static const char *const before_date[] = { "on", "am", "le", "el", "il",
    "op", "em", "at", "um", "published", "posted", "updated", "|", "-",
    NULL };

/* Whether s starts with word w, then a space, a colon or its end. */
static size_t
starts_with_word(const char *s, const char *w)
{
	size_t	 n = strlen(w);

	if (strncasecmp(s, w, n) != 0)
		return 0;
	if (s[n] == '\0' || s[n] == ' ' || s[n] == ':')
		return n;
	return 0;
}

/* Whether s (len bytes) is one of words, ignoring case. */
static bool
is_one_of(const char *s, size_t len, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strlen(*words) == len && strncasecmp(s, *words, len) == 0)
			return true;
	return false;
}

/*
 * Cuts what a byline holds after the name (a date, what separates it)
 * and the words before it that say "by". The name is then [*start,
 * returned end) of v.
 */
static size_t
byline_name(const struct scan *s, const char *v, size_t *start)
{
	const char *const *w;
	const char	*p = v, *q;
	struct date	 t;
	size_t		 len, at, n;
	bool		 again = true;

	while (again) {
		again = false;
		while (*p == ' ' || *p == ':' || *p == '-' || *p == ',')
			p++;
		for (w = by_words; *w != NULL; w++)
			if ((n = starts_with_word(p, *w)) > 0) {
				p += n;
				again = true;
				break;
			}
	}
	len = strlen(p);
	/* A date, and whatever follows it. */
	if (date_find(s, p, len, &t, &at, NULL))
		len = at;
	/* A number (a time, "2 hours ago") ends the name, as do these. */
	for (q = p; q < p + len; q++)
		if ((*q >= '0' && *q <= '9' && (q == p || q[-1] == ' ')) ||
		    *q == '[' ||
		    *q == '\n' || strncmp(q, " - ", 3) == 0 ||
		    strncmp(q, " \xE2\x80\x94 ", 5) == 0 ||
		    strncmp(q, " \xE2\x80\x93 ", 5) == 0 ||
		    strncmp(q, "\xE2\x80\xA2", 3) == 0 ||
		    strncmp(q, "\xC2\xB7", 2) == 0) {
			len = (size_t)(q - p);
			break;
		}
	/* Trailing separators and the words that lead to the date. */
	for (again = true; again; ) {
		again = false;
		while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == ',' ||
		    p[len - 1] == ':' || p[len - 1] == '|' ||
		    p[len - 1] == '-' || p[len - 1] == ';'))
			len--, again = true;
		for (q = p + len; q > p && q[-1] != ' '; q--)
			continue;
		if (q > p && is_one_of(q, (size_t)(p + len - q),
		    before_date)) {
			len = (size_t)(q - p);
			again = true;
		}
	}
	*start = (size_t)(p - v);
	return len;
}

/*
 * Whether len bytes of v can be a person's (or an organisation's) name:
 * a few words with a letter and no digit, not an address, not a word
 * for the staff.
 */
static bool
is_name(const char *v, size_t len)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)v;
	utf8proc_int32_t cp;
	utf8proc_ssize_t n;
	size_t		 i, words = 1;
	bool		 letter = false;
	const char	*w = v;

	if (len == 0 || len > 80)
		return false;
	for (i = 0; i < len; i += (size_t)n) {
		if ((n = utf8proc_iterate(p + i, (utf8proc_ssize_t)(len - i),
		    &cp)) < 0)
			return false;
		if (is_letter_cp(cp))
			letter = true;
		else if (cp == ' ')
			words++;
		/* A user's handle (@jane, jane2019), an address. */
		else if (cp == '@' || (cp >= '0' && cp <= '9'))
			return false;
	}
	if (!letter || words > 6)
		return false;
	if (strncasecmp(w, "the ", 4) == 0 &&
	    is_one_of(w + 4, len - 4, not_names))
		return false;
	return !is_one_of(w, len, not_names);
}

/*
 * Adds the names of one author field to list: the byline's name part,
 * split where it joins several ("A and B", "A, B", "A & B"). An address
 * goes to the profiles instead. Returns -1 if memory runs out.
 */
static int
author_names(struct scan *s, const char *v, struct strlist *list)
{
	const char *const *w;
	const char	*p, *sep, *best_sep;
	char		*name;
	size_t		 start, len, n, best_len;

	if (is_url(v))
		return s->profiles.n < MAX_VALUES ?
		    list_push(&s->profiles, strdup(v)) : 0;
	len = byline_name(s, v, &start);
	p = v + start;
	/* A byline is short: a longer value is read no further. */
	if (len > AUTHOR_BYTES)
		len = AUTHOR_BYTES;
	while (len > 0) {
		best_sep = NULL;
		best_len = 0;
		for (w = and_words; *w != NULL; w++) {
			n = strlen(*w);
			for (sep = p; sep + n <= p + len; sep++)
				if (strncasecmp(sep, *w, n) == 0)
					break;
			if (sep + n <= p + len && (best_sep == NULL ||
			    sep < best_sep)) {
				best_sep = sep;
				best_len = n;
			}
		}
		n = best_sep != NULL ? (size_t)(best_sep - p) : len;
		while (n > 0 && p[n - 1] == ' ')
			n--;
		while (n > 0 && *p == ' ')
			p++, n--, len--;
		/* "and by B": the by again. */
		for (w = by_words; *w != NULL; w++)
			if (n > strlen(*w) && starts_with_word(p, *w) > 0 &&
			    p[strlen(*w)] == ' ') {
				p += strlen(*w) + 1;
				len -= strlen(*w) + 1;
				n -= strlen(*w) + 1;
				break;
			}
		if (is_name(p, n)) {
			if ((name = strndup(p, n)) == NULL)
				return -1;
			if (list_has(list, name) || list->n >= MAX_VALUES)
				free(name);
			else if (list_push(list, name) == -1)
				return -1;
		}
		if (best_sep == NULL)
			break;
		len -= (size_t)(best_sep - p) + best_len;
		p = best_sep + best_len;
	}
	return 0;
}

/*
 * A name from a profile's address, the last part of its path
 * ("/author/jane-doe/" is Jane Doe), for when no source gives a name.
 * NULL if it has none or memory runs out.
 */
static char *
profile_name(const char *url)
{
	const char	*p, *end, *seg;
	char		*name, *o;
	bool		 word = true;

	if ((p = strstr(url, "//")) != NULL)
		url = p + 2;
	if ((p = strchr(url, '/')) == NULL)
		return NULL;
	end = p + strcspn(p, "?#");
	while (end > p && end[-1] == '/')
		end--;
	for (seg = end; seg > p && seg[-1] != '/'; seg--)
		continue;
	if (seg == end || strspn(seg, "0123456789") >= (size_t)(end - seg))
		return NULL;
	if ((o = name = strndup(seg, (size_t)(end - seg))) == NULL)
		return NULL;
	for (p = name; *p != '\0'; p++) {
		if (*p == '-' || *p == '_' || *p == '.' || *p == '+') {
			*o++ = ' ';
			word = true;
			continue;
		}
		*o++ = word ? (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p) :
		    *p;
		word = false;
	}
	*o = '\0';
	return name;
}

/*
 * The authors: the names the most trusted source gives that are names,
 * in its order, without repeats. The site's name is dropped from a
 * list of several (a credit to the publisher beside its writers), but
 * kept alone: the publisher is then the author. A name from a profile's
 * address comes last. Returns -1 if memory runs out.
 */
static int
authors_of(struct scan *s, const char *site, struct strlist *out)
{
	const signed char	*o;
	const struct strlist	*l;
	size_t			 i, k;
	char			*name;

	for (o = field_order[F_AUTHOR]; *o != -1 && out->n == 0; o++) {
		l = &s->slot[F_AUTHOR][*o];
		for (i = 0; i < l->n; i++)
			if (author_names(s, l->v[i], out) == -1)
				return -1;
	}
	if (out->n > 1 && site != NULL) {
		for (i = k = 0; i < out->n; i++)
			if (same_words(out->v[i], strlen(out->v[i]), site,
			    strlen(site)))
				free(out->v[i]);
			else
				out->v[k++] = out->v[i];
		out->n = k;
	}
	for (i = 0; i < s->profiles.n && out->n == 0; i++) {
		if ((name = profile_name(s->profiles.v[i])) == NULL)
			continue;
		if (is_name(name, strlen(name))) {
			if (list_push(out, name) == -1)
				return -1;
		} else
			free(name);
	}
	return 0;
}

/* A list field: the most trusted source's values. -1 if memory runs out. */
static int
list_of(const struct scan *s, int f, struct strlist *out)
{
	const signed char	*o;
	const struct strlist	*l;
	size_t			 i;
	char			*v;

	for (o = field_order[f]; *o != -1; o++) {
		l = &s->slot[f][*o];
		if (l->n == 0)
			continue;
		for (i = 0; i < l->n; i++)
			if ((v = strdup(l->v[i])) == NULL ||
			    list_push(out, v) == -1)
				return -1;
		return 0;
	}
	return 0;
}

/*
 * An address as the page gives it, made absolute against the page's
 * (NULL if it is none a reader can follow: javascript:, data:, or a
 * relative one on a page whose address is unknown).
 */
static char *
absolute(const struct cex_doc *d, const char *url, bool *nomem)
{
	char	*u;
	size_t	 n;

	if (url == NULL)
		return NULL;
	n = url_scheme_length(url);
	if (n > 0 && !(n == 4 && strncasecmp(url, "http", 4) == 0) &&
	    !(n == 5 && strncasecmp(url, "https", 5) == 0))
		return NULL;
	if ((u = url_resolve(d->base_url, url)) == NULL)
		*nomem = true;
	else if (url_scheme_length(u) == 0) {
		/* Relative, and the page's own address unknown. */
		free(u);
		u = NULL;
	}
	return u;
}

/* An address field: the most trusted source's that is one. */
static char *
best_absolute(const struct scan *s, int f, bool *nomem)
{
	const signed char	*o;
	char			*u;

	for (o = field_order[f]; *o != -1 && !*nomem; o++)
		if (s->slot[f][*o].n > 0 &&
		    (u = absolute(s->d, s->slot[f][*o].v[0], nomem)) != NULL)
			return u;
	return NULL;
}

/*
 * The host of an address without its www., for a site's name; NULL if
 * it has none (or memory runs out: *nomem is then set).
 */
static char *
host_of(const char *url, bool *nomem)
{
	const char	*p;
	char		*host;
	size_t		 n;

	if (url == NULL || (p = strstr(url, "://")) == NULL)
		return NULL;
	p += 3;
	/* Past a user name. */
	p += strcspn(p, "@/?#") < strcspn(p, "/?#") ? strcspn(p, "@") + 1 : 0;
	if (strncasecmp(p, "www.", 4) == 0)
		p += 4;
	if ((n = strcspn(p, ":/?#")) == 0)
		return NULL;
	if ((host = strndup(p, n)) == NULL)
		*nomem = true;
	return host;
}

/* Copies a value, NULL staying NULL; sets *nomem if memory runs out. */
static char *
copy(const char *v, bool *nomem)
{
	char	*c;

	if (v == NULL)
		return NULL;
	if ((c = strdup(v)) == NULL)
		*nomem = true;
	return c;
}

/* Today, and the day of slack, as y * 10000 + m * 100 + d. */
static int
today(void)
{
	time_t		 now = time(NULL) + 24 * 60 * 60;
	struct tm	 tm;

	if (gmtime_r(&now, &tm) == NULL)
		return 99991231;
	return (tm.tm_year + 1900) * 10000 + (tm.tm_mon + 1) * 100 +
	    tm.tm_mday;
}

/* The fields from what the sources said. NULL if memory runs out. */
static struct cex_meta *
resolve(struct scan *s)
{
	struct cex_meta	*m;
	bool		 nomem = false;

	if ((m = calloc(1, sizeof(*m))) == NULL)
		return NULL;
	m->sitename = copy(best(s, F_SITENAME), &nomem);
	m->url = best_absolute(s, F_URL, &nomem);
	if (m->sitename == NULL && !nomem)
		m->sitename = host_of(m->url != NULL ? m->url :
		    s->d->base_url, &nomem);
	m->title = title_of(s, m->sitename);
	m->date = copy(date_of(s), &nomem);
	m->modified = copy(best(s, F_MODIFIED), &nomem);
	m->description = copy(best(s, F_DESCRIPTION), &nomem);
	m->lang = copy(best(s, F_LANG), &nomem);
	m->image = best_absolute(s, F_IMAGE, &nomem);
	if (nomem || (best(s, F_TITLE) != NULL && m->title == NULL) ||
	    authors_of(s, m->sitename, &m->authors) == -1 ||
	    list_of(s, F_CATEGORY, &m->categories) == -1 ||
	    list_of(s, F_TAG, &m->tags) == -1) {
		meta_free(m);
		return NULL;
	}
	return m;
}

/* Whether the output needs the page's metadata. */
bool
meta_wanted(const struct cex_opts *opts)
{
	return opts->format == FORMAT_JSON || opts->metadata;
}

/* A field of one value, v, for meta_fields. */
static void
field_one(struct meta_field *f, const char *key, char *const *v,
    const char *html_attr, const char *html_name)
{
	f->key = key;
	f->list = false;
	f->v = (const char *const *)v;
	f->n = *v != NULL;
	f->html_attr = html_attr;
	f->html_name = html_name;
}

/* A field of a list of values, l, for meta_fields. */
static void
field_list(struct meta_field *f, const char *key, const struct strlist *l,
    const char *html_attr, const char *html_name)
{
	f->key = key;
	f->list = true;
	f->v = (const char *const *)l->v;
	f->n = l->n;
	f->html_attr = html_attr;
	f->html_name = html_name;
}

/*
 * The fields of m that have values, into out (META_FIELDS at most), in
 * the order the writers give them; the title and the address first if
 * with_title (JSON writes those two where it always did). A head says
 * them with the names of HTML, OpenGraph and its article properties,
 * which readers of pages (cex too) know best. Returns how many.
 */
size_t
meta_fields(const struct cex_meta *m, bool with_title, struct meta_field *out)
{
	struct meta_field	 all[META_FIELDS];
	size_t			 i, n = 0, k = 0;

	if (with_title) {
		field_one(&all[k++], "title", &m->title, "property",
		    "og:title");
		field_one(&all[k++], "url", &m->url, "rel", "canonical");
	}
	field_list(&all[k++], "author", &m->authors, "name", "author");
	field_one(&all[k++], "date", &m->date, "property",
	    "article:published_time");
	field_one(&all[k++], "modified", &m->modified, "property",
	    "article:modified_time");
	field_one(&all[k++], "sitename", &m->sitename, "property",
	    "og:site_name");
	field_one(&all[k++], "description", &m->description, "name",
	    "description");
	field_one(&all[k++], "lang", &m->lang, "http-equiv",
	    "content-language");
	field_one(&all[k++], "image", &m->image, "property", "og:image");
	field_list(&all[k++], "categories", &m->categories, "property",
	    "article:section");
	field_list(&all[k++], "tags", &m->tags, "property", "article:tag");
	for (i = 0; i < k; i++)
		if (all[i].n > 0)
			out[n++] = all[i];
	return n;
}

/* Loads libjansson for meta_init, once. */
static void
load_jansson(void)
{
	static const char *const names[] = { "json_loadb", "json_object_get",
	    "json_object_size", "json_array_size", "json_array_get",
	    "json_string_value", "json_string_length", "json_delete",
	    "json_object_seed" };
	void	*syms[9];

	if (lazylib_open("libjansson.so.4", names, syms, 9) == -1)
		return;
	*(void **)&jansson.loadb = syms[0];
	*(void **)&jansson.object_get = syms[1];
	*(void **)&jansson.object_size = syms[2];
	*(void **)&jansson.array_size = syms[3];
	*(void **)&jansson.array_get = syms[4];
	*(void **)&jansson.string_value = syms[5];
	*(void **)&jansson.string_length = syms[6];
	*(void **)&jansson.delete = syms[7];
	*(void **)&jansson.object_seed = syms[8];
	/*
	 * Seeded here, before any object is made: jansson seeds its hash
	 * function on first use, which is only safe to race on where it
	 * was built with atomics.
	 */
	jansson.object_seed(0);
}

/*
 * Loads libjansson, once in the process (threads that call it together
 * wait for the first). Returns -1 if it cannot be loaded: the pages'
 * JSON-LD is then not read.
 */
int
meta_init(void)
{
	static pthread_once_t	 once = PTHREAD_ONCE_INIT;

	pthread_once(&once, load_jansson);
	return jansson.loadb != NULL ? 0 : -1;
}

/*
 * What names the page where its metadata does not: --url wins over the
 * canonical address (it is where the page was fetched); a page whose
 * metadata gives no title is titled by its first h1 or its title
 * element. Both cleaned as every value is. Returns -1 if memory runs
 * out.
 */
static int
named_page(struct cex_meta *m, const struct cex_doc *d,
    const struct cex_opts *opts)
{
	if (opts->url != NULL) {
		free(m->url);
		if ((m->url = clean(opts->url, strlen(opts->url), false)) ==
		    NULL)
			return -1;
	}
	if ((m->title == NULL || *m->title == '\0') && d->page_title != 0) {
		free(m->title);
		if ((m->title = subtree_text(d, d->page_title, MAX_VALUE_BYTES,
		    false)) == NULL)
			return -1;
		if (*m->title == '\0') {
			free(m->title);
			m->title = NULL;
		}
	}
	return 0;
}

/*
 * The metadata of a parsed page, read from its whole tree (before the
 * filters, or whatever they did). NULL with errno ENOMEM if memory runs
 * out.
 */
struct cex_meta *
meta_new(const struct cex_doc *d, const struct cex_opts *opts)
{
	struct scan	 s;
	struct cex_meta	*m = NULL;
	int		 f, src;

	memset(&s, 0, sizeof(s));
	s.d = d;
	s.today = today();
	if ((s.zone = calloc(d->nnodes + 1, 1)) == NULL ||
	    (s.letters = calloc(d->nnodes + 1, sizeof(*s.letters))) == NULL)
		goto out;
	count_letters(&s);
	scan_page(&s);
	s.month_first = is_en_us(best(&s, F_LANG));
	if (!s.nomem)
		text_date(&s);
	if (!s.nomem)
		url_date(&s, opts->url != NULL ? opts->url :
		    best(&s, F_URL), S_URL);
	/*
	 * Systems file what is uploaded for a page under the day's
	 * folder: the last resort.
	 */
	if (!s.nomem)
		url_date(&s, best(&s, F_IMAGE), S_IMAGE);
	if (!s.nomem)
		m = resolve(&s);
	if (m != NULL && named_page(m, d, opts) == -1) {
		meta_free(m);
		m = NULL;
	}
out:
	for (f = 0; f < F__MAX; f++)
		for (src = 0; src < S__MAX; src++)
			strlist_clear(&s.slot[f][src]);
	strlist_clear(&s.profiles);
	free(s.zone);
	free(s.letters);
	if (m == NULL)
		errno = ENOMEM;
	return m;
}

/*
 * Whether element i of d is a line of metadata, not prose: named for a
 * date or a byline, or holding a time element, an author's or a date's
 * microdata or an author's link (its first TEXT_NODES nodes are read).
 */
static bool
is_byline(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	const char		*v;
	uint32_t		 j, end = n->end;

	if (named(n, date_names) || named(n, byline_names))
		return true;
	for (j = i + 1; j < end && j < i + TEXT_NODES; j++) {
		n = &d->nodes[j];
		if (!node_is_element(n))
			continue;
		if (n->tag == GUMBO_TAG_TIME ||
		    has_token(attr(n, "rel"), "author"))
			return true;
		if ((v = attr(n, "itemprop")) != NULL &&
		    (has_token(v, "author") || has_token(v, "datePublished")))
			return true;
	}
	return false;
}

/*
 * Whether live element i of d is a paragraph: a p, or a block whose own
 * text holds letters and whose children are text and inline elements
 * only (pages write paragraphs as divs too); not a byline.
 */
static bool
is_paragraph(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 j;
	bool			 text = false;

	if (n->tag == GUMBO_TAG_P)
		return !is_byline(d, i);
	if (n->tag != GUMBO_TAG_DIV && n->tag != GUMBO_TAG_SECTION &&
	    n->tag != GUMBO_TAG_ARTICLE && n->tag != GUMBO_TAG_MAIN &&
	    n->tag != GUMBO_TAG_TD && n->tag != GUMBO_TAG_BLOCKQUOTE)
		return false;
	for (j = i + 1; j < n->end; j = d->nodes[j].end) {
		if (d->nodes[j].flags & NODE_REMOVED)
			continue;
		if (node_is_text(&d->nodes[j]))
			text |= d->nodes[j].own_letters > 0;
		else if (node_is_element(&d->nodes[j]) &&
		    !is_inline(d->nodes[j].tag) &&
		    d->nodes[j].tag != GUMBO_TAG_BR)
			return false;
	}
	return text && !is_byline(d, i);
}

/*
 * The description of a page that gives none: the first paragraph of
 * what the method kept, its lead, as readers' views and search engines
 * show a page. Returns -1 if memory runs out.
 */
int
meta_lead(struct cex_meta *m, const struct cex_doc *d)
{
	const struct cex_node	*n;
	uint32_t		 i;

	if (m == NULL || m->description != NULL)
		return 0;
	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		if (n->flags & NODE_REMOVED) {
			i = n->end - 1;
			continue;
		}
		if (!node_is_element(n) || !is_paragraph(d, i))
			continue;
		if ((m->description = subtree_text(d, i, MAX_VALUE_BYTES,
		    true)) == NULL)
			return -1;
		if (*m->description != '\0')
			break;
		free(m->description);
		m->description = NULL;
	}
	return 0;
}

void
meta_free(struct cex_meta *m)
{
	if (m == NULL)
		return;
	free(m->title);
	strlist_clear(&m->authors);
	free(m->date);
	free(m->modified);
	free(m->sitename);
	free(m->description);
	free(m->lang);
	free(m->url);
	free(m->image);
	strlist_clear(&m->categories);
	strlist_clear(&m->tags);
	free(m);
}
