/*
 * cex.c: the command line. Options are read into one struct cex_opts
 * (defaults, then --config FILE, then the command line, so the command
 * line wins), then each input is read, filtered and written in turn.
 * A bad input is named on stderr and the batch goes on; the exit status
 * says whether anything failed: 0 all well, 1 some input or output
 * failed, 2 a usage error.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <utf8proc.h>

#include "cex.h"
#include "paths.h"	/* CEX_DATADIR, from make */

#ifndef GUMBO_VERSION
#define GUMBO_VERSION "unknown"
#endif

#define AD_LIST		"adaway-hosts.txt"

/* The defaults, as --help and the man page state them. */
#define DEFAULT_STRIP_ATTRS "align,valign,bgcolor,background,border," \
	"cellpadding,cellspacing,width,height,hspace,vspace,nowrap,color," \
	"face,frameborder,marginwidth,marginheight,leftmargin,topmargin"
#define DEFAULT_SUBSTANTIVE "img,picture,video,audio,iframe,object," \
	"embed,form,input,textarea,select,pre"
#define DEFAULT_LINK_RATIO	0.3
#define DEFAULT_CHARS_PER_WORD	5.0
#define DEFAULT_MIN_CHARS	1
#define DEFAULT_SPREAD		0.3
#define DEFAULT_LINK_QUOTA	0.5
#define DEFAULT_WINDOW		40
#define DEFAULT_MAX_DEPTH	512
#define DEFAULT_MAX_BYTES	(64LL << 20)

/* The largest config file read: larger is not one. */
#define CONFIG_MAX_BYTES	(1 << 20)

/* The most bytes of a value or name a message quotes. */
#define QUOTE_MAX		60

enum opt_id {
	OPT_TEXT = 't',
	OPT_OUTDIR = 'o',
	OPT_HELP = 'h',
	OPT_VERSION = 'V',
	OPT_METHOD = 'm',
	OPT_JOBS = 'j',
	OPT_QUIET = 'q',
	OPT_CHARSET = 256,
	OPT_EVAL,
	OPT_SUMMARY,
	OPT_CONFIG,
	OPT_PRESET,
	OPT_STRIP_ATTRS,
	OPT_NO_GROUP,		/* + enum elem_group */
	OPT_KEEP_GROUP = OPT_NO_GROUP + GROUP__MAX,
	OPT_LINKS = OPT_KEEP_GROUP + GROUP__MAX,
	OPT_REMOVE,
	OPT_UNWRAP,
	OPT_KEEP,
	OPT_ADS,
	OPT_NO_ADS,
	OPT_AD_HOSTS,
	OPT_LINK_LISTS,
	OPT_LINK_RATIO,
	OPT_CHARS_PER_WORD,
	OPT_REMOVE_CELL,
	OPT_NO_REMOVE_CELL,
	OPT_EMPTY_TABLES,
	OPT_NO_EMPTY_TABLES,
	OPT_MIN_CHARS,
	OPT_SUBSTANTIVE,
	OPT_KEEP_LINKS,
	OPT_NO_KEEP_LINKS,
	OPT_SPREAD,
	OPT_LINK_QUOTA,
	OPT_WINDOW,
	OPT_TEMPLATE,
	OPT_TEMPLATE_MIN,
	OPT_MAX_DEPTH,
	OPT_MAX_BYTES,
	OPT_TITLE,
	OPT_LEAD,
	OPT_FULL,
	OPT_METADATA,
	OPT_FORMAT,
	OPT_JSON_HTML,
	OPT_URL,
	OPT_FALLBACK,
	OPT_BOM,
	OPT_WARC,
	OPT_FILES_FROM,
	OPT_NULL = '0',
	OPT__MAX = OPT_FILES_FROM + 1
};

static const struct option longopts[] = {
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "json-html", no_argument, NULL, OPT_JSON_HTML },
	{ "url", required_argument, NULL, OPT_URL },
	{ "fallback", no_argument, NULL, OPT_FALLBACK },
	{ "bom", no_argument, NULL, OPT_BOM },
	{ "warc", no_argument, NULL, OPT_WARC },
	{ "files-from", required_argument, NULL, OPT_FILES_FROM },
	{ "null", no_argument, NULL, OPT_NULL },
	{ "quiet", no_argument, NULL, OPT_QUIET },
	{ "output-dir", required_argument, NULL, OPT_OUTDIR },
	{ "method", required_argument, NULL, OPT_METHOD },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "eval", no_argument, NULL, OPT_EVAL },
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	{ "charset", required_argument, NULL, OPT_CHARSET },
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "preset", required_argument, NULL, OPT_PRESET },
	{ "strip-attrs", required_argument, NULL, OPT_STRIP_ATTRS },
	{ "no-scripts", no_argument, NULL, OPT_NO_GROUP + GROUP_SCRIPTS },
	{ "no-styles", no_argument, NULL, OPT_NO_GROUP + GROUP_STYLES },
	{ "no-images", no_argument, NULL, OPT_NO_GROUP + GROUP_IMAGES },
	{ "no-forms", no_argument, NULL, OPT_NO_GROUP + GROUP_FORMS },
	{ "no-frames", no_argument, NULL, OPT_NO_GROUP + GROUP_FRAMES },
	{ "no-objects", no_argument, NULL, OPT_NO_GROUP + GROUP_OBJECTS },
	{ "no-meta", no_argument, NULL, OPT_NO_GROUP + GROUP_META },
	{ "no-html-comments", no_argument, NULL,
	    OPT_NO_GROUP + GROUP_COMMENTS },
	/* The old name: readers of other tools take comments for readers'. */
	{ "no-comments", no_argument, NULL, OPT_NO_GROUP + GROUP_COMMENTS },
	{ "keep-scripts", no_argument, NULL, OPT_KEEP_GROUP + GROUP_SCRIPTS },
	{ "keep-styles", no_argument, NULL, OPT_KEEP_GROUP + GROUP_STYLES },
	{ "keep-images", no_argument, NULL, OPT_KEEP_GROUP + GROUP_IMAGES },
	{ "keep-forms", no_argument, NULL, OPT_KEEP_GROUP + GROUP_FORMS },
	{ "keep-frames", no_argument, NULL, OPT_KEEP_GROUP + GROUP_FRAMES },
	{ "keep-objects", no_argument, NULL, OPT_KEEP_GROUP + GROUP_OBJECTS },
	{ "keep-meta", no_argument, NULL, OPT_KEEP_GROUP + GROUP_META },
	{ "keep-html-comments", no_argument, NULL,
	    OPT_KEEP_GROUP + GROUP_COMMENTS },
	{ "keep-comments", no_argument, NULL,
	    OPT_KEEP_GROUP + GROUP_COMMENTS },
	{ "links", required_argument, NULL, OPT_LINKS },
	{ "remove", required_argument, NULL, OPT_REMOVE },
	{ "unwrap", required_argument, NULL, OPT_UNWRAP },
	{ "keep", required_argument, NULL, OPT_KEEP },
	{ "ads", no_argument, NULL, OPT_ADS },
	{ "no-ads", no_argument, NULL, OPT_NO_ADS },
	{ "ad-hosts", required_argument, NULL, OPT_AD_HOSTS },
	{ "link-lists", required_argument, NULL, OPT_LINK_LISTS },
	{ "link-ratio", required_argument, NULL, OPT_LINK_RATIO },
	{ "chars-per-word", required_argument, NULL, OPT_CHARS_PER_WORD },
	{ "remove-cell", no_argument, NULL, OPT_REMOVE_CELL },
	{ "no-remove-cell", no_argument, NULL, OPT_NO_REMOVE_CELL },
	{ "empty-tables", no_argument, NULL, OPT_EMPTY_TABLES },
	{ "no-empty-tables", no_argument, NULL, OPT_NO_EMPTY_TABLES },
	{ "min-chars", required_argument, NULL, OPT_MIN_CHARS },
	{ "substantive", required_argument, NULL, OPT_SUBSTANTIVE },
	{ "keep-links", no_argument, NULL, OPT_KEEP_LINKS },
	{ "no-keep-links", no_argument, NULL, OPT_NO_KEEP_LINKS },
	{ "spread", required_argument, NULL, OPT_SPREAD },
	{ "link-quota", required_argument, NULL, OPT_LINK_QUOTA },
	{ "window", required_argument, NULL, OPT_WINDOW },
	{ "template", required_argument, NULL, OPT_TEMPLATE },
	{ "template-min", required_argument, NULL, OPT_TEMPLATE_MIN },
	{ "max-depth", required_argument, NULL, OPT_MAX_DEPTH },
	{ "max-bytes", required_argument, NULL, OPT_MAX_BYTES },
	{ "title", no_argument, NULL, OPT_TITLE },
	{ "lead", no_argument, NULL, OPT_LEAD },
	{ "full", no_argument, NULL, OPT_FULL },
	{ "metadata", no_argument, NULL, OPT_METADATA },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

/* The tags each element group switches; forms unwrap <form> apart. */
static const char *const group_tags[GROUP__MAX] = {
	[GROUP_SCRIPTS] = "script,noscript",
	[GROUP_STYLES] = "style",
	[GROUP_IMAGES] = "img,picture,svg",
	[GROUP_FORMS] = "input,button,select,option,optgroup,textarea,"
	    "label,datalist,output",
	[GROUP_FRAMES] = "frame,iframe",
	[GROUP_OBJECTS] = "object,embed,applet,param",
	[GROUP_META] = "meta",
	[GROUP_COMMENTS] = "",
};

static const char *const format_names[FORMAT__MAX] = {
	[FORMAT_HTML] = "html",
	[FORMAT_TEXT] = "text",
	[FORMAT_JSON] = "json",
	[FORMAT_MARKDOWN] = "markdown",
};

static const char *const link_list_modes[LINKLISTS__MAX] = {
	[LINKLISTS_OFF] = "off",
	[LINKLISTS_CELLS] = "cells",
	[LINKLISTS_BLOCKS] = "blocks",
};

/*
 * The length to quote of a value or name in a message, as '%.*s%s' with
 * QUOTED(s): at most QUOTE_MAX bytes, cut where a character starts, so
 * that a bad line of megabytes makes a line of message.
 */
static int
quote_len(const char *s)
{
	size_t	 n = strnlen(s, QUOTE_MAX + 1);

	if (n <= QUOTE_MAX)
		return (int)n;
	for (n = QUOTE_MAX; n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80; n--)
		continue;
	return (int)n;
}

#define QUOTED(s) quote_len(s), (s), (s)[quote_len(s)] != '\0' ? "..." : ""

/* The long name of an option, for messages. */
static const char *
opt_name(int id)
{
	const struct option	*o;

	for (o = longopts; o->name != NULL; o++)
		if (o->val == id)
			return o->name;
	return "?";
}

static void
usage(FILE *f)
{
	fprintf(f, "usage: cex [-t] [-o DIR] [-m METHOD] [OPTION]... [FILE]...\n"
	    "       cex --eval [--summary] [-m METHOD,...] [OPTION]... DIR...\n");
}

static void
help(void)
{
	usage(stdout);
	fputs(
"Extract the content of HTML pages, by default the article, and write it as\n"
"HTML, as plain text with -t, as Markdown or as JSON. With no FILE, or when\n"
"FILE is -, read standard input.\n"
"\n"
"  -t, --text               write plain text instead of HTML (--format text)\n"
"      --format FORMAT      html (default), text, markdown (or md:\n"
"                           CommonMark with pipe tables), or json: an\n"
"                           object a line for each input: file, url, title,\n"
"                           the page's metadata, method, text\n"
"      --json-html          with --format json, the HTML too, as \"html\"\n"
"      --title              article: the title first (the page's first h1,\n"
"                           else the heading its <title> holds, else the\n"
"                           <title>)\n"
"      --lead               article: the standfirst between the headline and\n"
"                           the text too (a block named lead, intro, dek...)\n"
"      --full               a whole HTML document around the part of the\n"
"                           page a method keeps, not the part alone\n""      --metadata           the page's metadata first: title, url, author,\n"
"                           date, modified, sitename, description, lang,\n"
"                           image, categories, tags (those it gives), as\n"
"                           YAML front matter (markdown), key: value lines\n"
"                           (text), or <meta> in a whole document (html)\n"
"  -o, --output-dir DIR     write each FILE to DIR/NAME.html (.txt, .md,\n"
"                           .json), making DIR if it is not there; two\n"
"                           FILEs of one NAME are refused\n"
"  -j, --jobs N             process N files at once (default: 1); output\n"
"                           as with one\n"
"  -q, --quiet              no progress line on a terminal, no notices of\n"
"                           what the guard left out or of empty inputs\n"
"      --url URL            the page's address: its links are resolved\n"
"                           against it and written absolute (default:\n"
"                           $PRIVOXY_URL if set, else none)\n"
"      --warc               read each input as a web archive (WARC 1.0 or 1.1,\n"
"                           plain or gzip) and extract its pages; an\n"
"                           archive is also told by its first bytes\n"
"      --files-from FILE    read the input names from FILE (- for standard\n"
"                           input), one a line, instead of the command line\n"
"  -0, --null               with --files-from, the names end with NUL bytes\n"
"      --fallback           write the input unchanged when extraction fails\n"
"                           or leaves no text (for a proxy)\n"
"      --bom                begin with a UTF-8 byte order mark, which\n"
"                           browsers obey over the HTTP header's charset\n"
"      --charset NAME       input encoding, as an HTTP header gives it\n"
"                           (default: <meta>, then UTF-8 if valid, then a\n"
"                           guess, else windows-1252); a byte order mark\n"
"                           wins over it\n"
"      --config FILE        read options from FILE, one 'name = value' a line\n"
"                           (may be given several times)\n"
"      --max-bytes N        refuse inputs larger than N bytes; k, M, G\n"
"                           suffixes; 0: no limit (default: 64M)\n"
"      --max-depth N        leave out tags nested deeper than N, and bound\n"
"                           the parser's elements, attributes, formatting\n"
"                           elements and work; 0: no limits (default: 512)\n"
"      --preset crunch      -m crunch with the settings of the Crunch paper\n"
"  -m, --method METHOD      how to extract (default: article):\n"
"                           crunch    the filters below\n"
"                           plain     nothing removed: all the text\n"
"                           descend   down to the heaviest child (Urban)\n"
"                           lqf       the Link Quota Filter\n"
"                           bte       Body Text Extraction (Finn et al.)\n"
"                           dsc       the Document Slope Curve (Pinto et al.)\n"
"                           template  remove what pages of a site share\n"
"                           article   the main content, scored and cleaned\n"
"                           METHOD:NAME=VALUE:NAME adds options for it alone\n"
"Evaluation:\n"
"      --eval               score methods on test packages DIR (NAME.html\n"
"                           with gold text NAME.txt): -m lists them, comma-\n"
"                           separated (default: plain,article); tab-separated\n"
"                           scores by page, per package and of all the\n"
"                           packages on stdout\n"
"      --summary            with --eval, only the summary, as a table\n"
"Attribute filter:\n"
"      --strip-attrs LIST   attributes to remove; default: align, valign,\n"
"                           bgcolor, background, border, cellpadding,\n"
"                           cellspacing, width, height, hspace, vspace, nowrap,\n"
"                           color, face, frameborder, marginwidth,\n"
"                           marginheight, leftmargin, topmargin\n"
"Element filters (groups; all but images are removed by default):\n"
"      --no-scripts, --keep-scripts    script, noscript (unwrapped where\n"
"                                      the page shows its text only there)\n"
"      --no-styles, --keep-styles      style, style sheet links, style=\n"
"      --no-images, --keep-images      img, picture, svg, image buttons\n"
"      --no-forms, --keep-forms        form controls; <form> is unwrapped\n"
"      --no-frames, --keep-frames      frame, iframe\n"
"      --no-objects, --keep-objects    object, embed, applet, param\n"
"      --no-meta, --keep-meta          meta\n"
"      --no-html-comments, --keep-html-comments\n"
"                                      HTML comments, <!-- -->, not readers'\n"
"                                      (also --no-comments, --keep-comments)\n"
"      --links MODE         keep, unwrap or remove links (default: keep)\n"
"      --remove TAGS        remove these elements with their content\n"
"      --unwrap TAGS        remove these tags but keep their content\n"
"      --keep TAGS          keep these elements\n"
"Advertisement remover:\n"
"      --ads, --no-ads      turn it on or off (default: on)\n"
"      --ad-hosts FILE      also remove links to the hosts listed in FILE\n"
"Link list remover (with -m crunch; after another method when one of its\n"
"options is given):\n"
"      --link-lists MODE    off, cells or blocks (default: blocks)\n"
"      --link-ratio R       links per non-linked word above which a cell is\n"
"                           a link list (default: 0.3)\n"
"      --chars-per-word N   letters that make a word (default: 5)\n"
"      --remove-cell, --no-remove-cell  remove the cell itself, not only its\n"
"                           content (default: off)\n"
"Empty table remover (with -m crunch; after another method when one of its\n"
"options is given):\n"
"      --empty-tables, --no-empty-tables  turn it on or off (default: on)\n"
"      --min-chars N        letters that keep a table (default: 1)\n"
"      --substantive TAGS   elements that keep a table; default: img, picture,\n"
"                           video, audio, iframe, object, embed, form, input,\n"
"                           textarea, select, pre\n"
"Removed link retainer:\n"
"      --keep-links, --no-keep-links  list removed links at the end (off)\n"
"Methods (after the attribute, element and ad filters; a method's own\n"
"options, and --title, --lead and --full, are refused with the others):\n"
"      --spread S           descend: least spread of the children's shares\n"
"                           to go down (default: 0.3)\n"
"      --link-quota Q       lqf: share of linked letters above which a\n"
"                           block loses its text (default: 0.5)\n"
"      --window L           dsc: tokens a window (default: 40)\n"
"      --template FILE      template: compare each page with FILE; without\n"
"                           it, each page with the next FILE given\n"
"      --template-min N     template: what recurs on N of the pages given\n"
"                           is the template (default: 0, compare pairs)\n"
"\n"
"  -h, --help               show this help and exit\n"
"  -V, --version            show the version and exit\n"
"\n"
"TAGS and LIST are comma-separated names. Exit status: 0 if all went well,\n"
"1 if an input could not be read or an output not written, 2 on a usage\n"
"error. See cex(1).\n", stdout);
}

/* Applies fn to each comma- or space-separated item of list. */
static int
each_item(const char *list, int (*fn)(void *, const char *, size_t),
    void *arg)
{
	size_t	 len;

	for (;;) {
		while (*list == ',' || *list == ' ' || *list == '\t')
			list++;
		if (*list == '\0')
			return 0;
		len = strcspn(list, ", \t");
		if (fn(arg, list, len) == -1)
			return -1;
		list += len;
	}
}

struct tag_update {
	struct tagmap	*map;
	unsigned char	 value;
};

static int
set_tag(void *arg, const char *name, size_t len)
{
	struct tag_update *u = arg;

	return tagmap_set(u->map, name, len, u->value);
}

static int
add_attr(void *arg, const char *name, size_t len)
{
	strlist_add(arg, name, len);
	return 0;
}

static void
set_tags(struct tagmap *map, const char *list, unsigned char value)
{
	struct tag_update u = { map, value };

	each_item(list, set_tag, &u);
}

/* Turns an element group on (remove) or off (keep). */
static void
set_group(struct cex_opts *opts, enum elem_group g, bool remove)
{
	set_tags(&opts->elements, group_tags[g], remove ? ACT_REMOVE : ACT_KEEP);
	if (g == GROUP_FORMS)
		opts->elements.known[GUMBO_TAG_FORM] =
		    remove ? ACT_UNWRAP : ACT_KEEP;
	if (remove)
		opts->groups |= 1u << g;
	else
		opts->groups &= ~(1u << g);
}

static void
opts_init(struct cex_opts *opts)
{
	const char	*url;
	int		 g;

	memset(opts, 0, sizeof(*opts));
	for (g = 0; g < GROUP__MAX; g++)
		set_group(opts, g, g != GROUP_IMAGES);
	each_item(DEFAULT_STRIP_ATTRS, add_attr, &opts->strip_attrs);
	opts->ads = true;
	opts->link_lists = LINKLISTS_BLOCKS;
	opts->link_ratio = DEFAULT_LINK_RATIO;
	opts->chars_per_word = DEFAULT_CHARS_PER_WORD;
	opts->empty_tables = true;
	opts->min_chars = DEFAULT_MIN_CHARS;
	set_tags(&opts->substantive, DEFAULT_SUBSTANTIVE, 1);
	opts->spread = DEFAULT_SPREAD;
	opts->link_quota = DEFAULT_LINK_QUOTA;
	opts->window = DEFAULT_WINDOW;
	opts->max_depth = DEFAULT_MAX_DEPTH;
	opts->max_bytes = DEFAULT_MAX_BYTES;
	opts->method = METHOD_ARTICLE;
	opts->jobs = 1;
	/* Privoxy says so to its external filters. */
	if ((url = getenv("PRIVOXY_URL")) != NULL && url_scheme_length(url) > 0)
		opts->url = url;
}

static void
opts_free(struct cex_opts *opts)
{
	tagmap_clear(&opts->elements);
	tagmap_clear(&opts->substantive);
	strlist_clear(&opts->strip_attrs);
	strlist_clear(&opts->ad_files);
	strlist_clear(&opts->templates);
	strset_free(opts->ad_hosts);
}

/*
 * The Crunch paper's settings as cex reads them: the crunch method
 * (unless -m names another); every ignore filter on, images too; links
 * kept; ads, link lists in table cells, empty tables; removed links
 * retained at the end of the page.
 */
static void
preset_crunch(struct cex_opts *opts)
{
	int	 g;

	for (g = 0; g < GROUP__MAX; g++)
		set_group(opts, g, true);
	opts->method = METHOD_CRUNCH;
	opts->elements.known[GUMBO_TAG_A] = ACT_KEEP;
	opts->ads = true;
	opts->link_lists = LINKLISTS_CELLS;
	opts->link_ratio = DEFAULT_LINK_RATIO;
	opts->chars_per_word = DEFAULT_CHARS_PER_WORD;
	opts->remove_cell = false;
	opts->empty_tables = true;
	opts->min_chars = DEFAULT_MIN_CHARS;
	opts->keep_links = true;
	opts->link_lists_given = opts->empty_tables_given = true;
}

static int
parse_number(const char *where, const char *arg, double min, bool above,
    double *out)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno != 0 || v != v ||
	    v < min || (above && v == min) || v > 1e9) {
		warnx("%s: invalid number '%.*s%s'", where, QUOTED(arg));
		return -1;
	}
	*out = v;
	return 0;
}

/* A whole number of at least min. */
static int
parse_whole(const char *where, const char *arg, double min, long *out)
{
	double	 v;

	if (parse_number(where, arg, min, false, &v) == -1)
		return -1;
	if (v != (long)v) {
		warnx("%s: not a whole number '%.*s%s'", where, QUOTED(arg));
		return -1;
	}
	*out = (long)v;
	return 0;
}

/* A size in bytes, perhaps with a suffix k, M or G (powers of 1024). */
static int
parse_size(const char *where, const char *arg, long long *out)
{
	char	*end;
	double	 v;
	int	 shift = 0;

	errno = 0;
	v = strtod(arg, &end);
	if (end != arg && errno == 0 && end[0] != '\0' && end[1] == '\0') {
		switch (end[0]) {
		case 'k':
		case 'K':
			shift = 10;
			break;
		case 'm':
		case 'M':
			shift = 20;
			break;
		case 'g':
		case 'G':
			shift = 30;
			break;
		default:
			shift = -1;
			break;
		}
		end++;
	}
	if (end == arg || *end != '\0' || errno != 0 || shift < 0 || v != v ||
	    v < 0 || v * (double)(1LL << shift) > 1e15 ||
	    v * (double)(1LL << shift) != (double)(long long)(v *
	    (double)(1LL << shift))) {
		warnx("%s: invalid size '%.*s%s'", where, QUOTED(arg));
		return -1;
	}
	*out = (long long)(v * (double)(1LL << shift));
	return 0;
}

/* A number from 0 to 1. */
static int
parse_share(const char *where, const char *arg, double *out)
{
	double	 v;

	if (parse_number(where, arg, 0, false, &v) == -1)
		return -1;
	if (v > 1) {
		warnx("%s: not between 0 and 1 '%.*s%s'", where, QUOTED(arg));
		return -1;
	}
	*out = v;
	return 0;
}

static int
parse_choice(const char *where, const char *arg, const char *const *names,
    int n)
{
	int	 i;

	char	 valid[256];
	size_t	 len = 0;

	for (i = 0; i < n; i++)
		if (strcmp(arg, names[i]) == 0)
			return i;
	/* The values there are, to choose from. */
	valid[0] = '\0';
	for (i = 0; i < n && len < sizeof(valid); i++)
		len += (size_t)snprintf(valid + len, sizeof(valid) - len,
		    "%s%s", i > 0 ? ", " : "", names[i]);
	warnx("%s: invalid value '%.*s%s' (one of: %s)", where, QUOTED(arg),
	    valid);
	return -1;
}

/*
 * Applies one option with its argument (NULL if it takes none); where
 * names the option or the config file line for messages. Returns -1
 * after a message on a bad value.
 */
static int
apply_option(struct cex_opts *opts, int id, const char *arg,
    const char *where)
{
	static const char *const link_modes[] = { "keep", "unwrap", "remove" };
	static const unsigned char link_actions[] = { ACT_KEEP, ACT_UNWRAP,
	    ACT_REMOVE };
	long	 v;
	int	 k;

	if (id >= OPT_NO_GROUP && id < OPT_KEEP_GROUP) {
		set_group(opts, id - OPT_NO_GROUP, true);
		return 0;
	}
	if (id >= OPT_KEEP_GROUP && id < OPT_LINKS) {
		set_group(opts, id - OPT_KEEP_GROUP, false);
		return 0;
	}
	switch (id) {
	case OPT_METHOD:
		opts->methods = arg;
		break;
	case OPT_EVAL:
		opts->eval = true;
		break;
	case OPT_SUMMARY:
		opts->summary = true;
		break;
	case OPT_TEXT:
		opts->format = FORMAT_TEXT;
		break;
	case OPT_FORMAT:
		/* md is markdown's short name. */
		if (strcmp(arg, "md") == 0)
			k = FORMAT_MARKDOWN;
		else if ((k = parse_choice(where, arg, format_names,
		    FORMAT__MAX)) == -1)
			return -1;
		opts->format = k;
		break;
	case OPT_JSON_HTML:
		opts->json_html = true;
		break;
	case OPT_URL:
		if (url_scheme_length(arg) == 0) {
			warnx("%s: not an absolute URL '%.*s%s'", where, QUOTED(arg));
			return -1;
		}
		opts->url = arg;
		break;
	case OPT_FALLBACK:
		opts->fallback = true;
		break;
	case OPT_BOM:
		opts->bom = true;
		break;
	case OPT_WARC:
		opts->warc = true;
		break;
	case OPT_FILES_FROM:
		opts->files_from = arg;
		break;
	case OPT_NULL:
		opts->files_null = true;
		break;
	case OPT_QUIET:
		opts->quiet = true;
		break;
	case OPT_TITLE:
		opts->title = true;
		break;
	case OPT_LEAD:
		opts->lead = true;
		break;
	case OPT_FULL:
		opts->full = true;
		break;
	case OPT_METADATA:
		opts->metadata = true;
		break;
	case OPT_OUTDIR:
		opts->outdir = arg;
		break;
	case OPT_CHARSET:
		if (enc_lookup(arg, strlen(arg)) == -1) {
			warnx("%s: unknown encoding '%.*s%s'", where, QUOTED(arg));
			return -1;
		}
		opts->charset = arg;
		break;
	case OPT_PRESET:
		if (strcmp(arg, "crunch") != 0) {
			warnx("%s: unknown preset '%.*s%s' (one of: crunch)",
			    where, QUOTED(arg));
			return -1;
		}
		preset_crunch(opts);
		break;
	case OPT_STRIP_ATTRS:
		strlist_clear(&opts->strip_attrs);
		each_item(arg, add_attr, &opts->strip_attrs);
		break;
	case OPT_LINKS:
		if ((k = parse_choice(where, arg, link_modes, 3)) == -1)
			return -1;
		opts->elements.known[GUMBO_TAG_A] = link_actions[k];
		break;
	case OPT_REMOVE:
		set_tags(&opts->elements, arg, ACT_REMOVE);
		break;
	case OPT_UNWRAP:
		set_tags(&opts->elements, arg, ACT_UNWRAP);
		break;
	case OPT_KEEP:
		set_tags(&opts->elements, arg, ACT_KEEP);
		break;
	case OPT_ADS:
	case OPT_NO_ADS:
		opts->ads = id == OPT_ADS;
		break;
	case OPT_AD_HOSTS:
		strlist_add(&opts->ad_files, arg, strlen(arg));
		break;
	case OPT_LINK_LISTS:
		if ((k = parse_choice(where, arg, link_list_modes,
		    LINKLISTS__MAX)) == -1)
			return -1;
		opts->link_lists = k;
		opts->link_lists_given = true;
		break;
	/*
	 * A Crunch filter's own settings, given, turn that filter on after
	 * any method, as its switch does: asked for, it acts.
	 */
	case OPT_LINK_RATIO:
		opts->link_lists_given = true;
		return parse_number(where, arg, 0, false, &opts->link_ratio);
	case OPT_CHARS_PER_WORD:
		opts->link_lists_given = true;
		return parse_number(where, arg, 0, true,
		    &opts->chars_per_word);
	case OPT_REMOVE_CELL:
	case OPT_NO_REMOVE_CELL:
		opts->link_lists_given = true;
		opts->remove_cell = id == OPT_REMOVE_CELL;
		break;
	case OPT_EMPTY_TABLES:
	case OPT_NO_EMPTY_TABLES:
		opts->empty_tables = id == OPT_EMPTY_TABLES;
		opts->empty_tables_given = true;
		break;
	case OPT_MIN_CHARS:
		opts->empty_tables_given = true;
		return parse_whole(where, arg, 0, &opts->min_chars);
	case OPT_SPREAD:
		return parse_share(where, arg, &opts->spread);
	case OPT_LINK_QUOTA:
		return parse_share(where, arg, &opts->link_quota);
	case OPT_WINDOW:
		return parse_whole(where, arg, 2, &opts->window);
	case OPT_TEMPLATE:
		strlist_add(&opts->templates, arg, strlen(arg));
		break;
	case OPT_TEMPLATE_MIN:
		return parse_whole(where, arg, 0, &opts->template_min);
	case OPT_JOBS:
		if (parse_whole(where, arg, 1, &v) == -1)
			return -1;
		if (v > MAX_JOBS) {
			warnx("%s: at most %d jobs", where, MAX_JOBS);
			return -1;
		}
		opts->jobs = (unsigned)v;
		break;
	case OPT_MAX_DEPTH:
		return parse_whole(where, arg, 0, &opts->max_depth);
	case OPT_MAX_BYTES:
		return parse_size(where, arg, &opts->max_bytes);
	case OPT_SUBSTANTIVE:
		opts->empty_tables_given = true;
		tagmap_clear(&opts->substantive);
		set_tags(&opts->substantive, arg, 1);
		break;
	case OPT_KEEP_LINKS:
	case OPT_NO_KEEP_LINKS:
		opts->keep_links = id == OPT_KEEP_LINKS;
		break;
	default:
		return -1;
	}
	return 0;
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/*
 * The options given, in order (the config file's, then the command
 * line's), kept to build each method's options anew from them.
 */
struct setting {
	int		 id;
	const char	*arg;
	char		*where;
};

struct settings {
	struct setting	*v;
	size_t		 n;
	char		**texts;	/* of the config files, which */
	size_t		 ntexts;	/* ... the settings point into */
};

static void
settings_free(struct settings *set)
{
	size_t	 i;

	for (i = 0; i < set->n; i++)
		free(set->v[i].where);
	free(set->v);
	for (i = 0; i < set->ntexts; i++)
		free(set->texts[i]);
	free(set->texts);
}

/* Applies an option to opts and records it; -1 after a message. */
static int
take_option(struct cex_opts *opts, struct settings *set, int id,
    const char *arg, const char *where)
{
	struct setting	*v;

	if (apply_option(opts, id, arg, where) == -1)
		return -1;
	if ((v = reallocarray(set->v, set->n + 1, sizeof(*v))) == NULL)
		err(1, NULL);
	set->v = v;
	v[set->n].id = id;
	v[set->n].arg = arg;
	if ((v[set->n].where = strdup(where)) == NULL)
		err(1, NULL);
	set->n++;
	return 0;
}

/* Where an option is named by its long name without the dashes. */
enum scope {
	IN_CONFIG,	/* a line of --config FILE */
	IN_METHOD	/* a setting of a -m method */
};

/*
 * Whether an option is about extraction, the only kind a method's
 * settings may hold: the input's encoding, the filters and the methods'
 * parameters (the enum keeps them together). What cex does with the
 * inputs and outputs, and the bounds of the parse, are the run's.
 */
static bool
is_extraction_option(int id)
{
	return id == OPT_CHARSET || (id >= OPT_PRESET && id <= OPT_TEMPLATE_MIN);
}

/*
 * Whether an option given (id, with its argument) can change output of
 * the format of opts: plain text, and JSON's text without --json-html,
 * have no markup (links kept or unwrapped look the same), no images,
 * style sheets, meta elements, HTML comments or attributes; Markdown
 * has no style sheets, meta elements, comments or attributes either; a
 * whole document (--full) is the same text; JSON has no byte order
 * mark, and has the metadata always.
 */
static bool
acts_on_format(const struct cex_opts *opts, int id, const char *arg)
{
	bool	 text = opts->format == FORMAT_TEXT ||
		    (opts->format == FORMAT_JSON && !opts->json_html);
	bool	 markup_less = !opts_writes_html(opts);

	switch (id) {
	case OPT_LINKS:
		return !text || strcmp(arg, "remove") == 0;
	case OPT_KEEP_GROUP + GROUP_IMAGES:
		return !text;
	case OPT_KEEP_GROUP + GROUP_STYLES:
	case OPT_KEEP_GROUP + GROUP_META:
	case OPT_KEEP_GROUP + GROUP_COMMENTS:
	case OPT_STRIP_ATTRS:
	case OPT_FULL:
		return !markup_less;
	case OPT_BOM:
	case OPT_METADATA:
		return opts->format != FORMAT_JSON;
	default:
		return true;
	}
}

/*
 * Says once for each option given that cannot act on the chosen format
 * (acts_on_format), unless -q: it is not refused, as a configuration
 * file may hold it for other formats.
 */
static void
warn_inert(const struct cex_opts *opts, const struct settings *set)
{
	bool	 said[OPT__MAX];
	size_t	 i;
	int	 id;

	memset(said, 0, sizeof(said));
	if (opts->quiet || opts->eval)
		return;
	for (i = 0; i < set->n; i++) {
		id = set->v[i].id;
		if (id < 0 || id >= OPT__MAX || said[id] ||
		    acts_on_format(opts, id, set->v[i].arg))
			continue;
		said[id] = true;
		warnx("%s: no effect on %s output", set->v[i].where,
		    format_names[opts->format]);
	}
}

/*
 * The methods an option acts with, as bits (1 << enum method); 0 for
 * the options that act with every method. A method's own setting given
 * with none of them would do nothing, so it is refused.
 */
static unsigned
option_methods(int id)
{
	switch (id) {
	case OPT_SPREAD:
		return 1u << METHOD_DESCEND;
	case OPT_LINK_QUOTA:
		return 1u << METHOD_LQF;
	case OPT_WINDOW:
		return 1u << METHOD_DSC;
	case OPT_TEMPLATE:
	case OPT_TEMPLATE_MIN:
		return 1u << METHOD_TEMPLATE;
	case OPT_TITLE:
	case OPT_LEAD:
		return 1u << METHOD_ARTICLE;
	case OPT_FULL:
		return 1u << METHOD_DESCEND | 1u << METHOD_BTE |
		    1u << METHOD_DSC | 1u << METHOD_ARTICLE;
	default:
		return 0;
	}
}

/*
 * Says in a message that an option acts only with the methods of mask
 * (option_methods): "WHERE: only with -m descend, -m dsc".
 */
static void
warn_methods(const char *where, unsigned mask)
{
	char	 names[160];
	size_t	 len = 0;
	int	 m;

	names[0] = '\0';
	for (m = 0; m < METHOD__MAX && len < sizeof(names); m++)
		if (mask & (1u << m))
			len += (size_t)snprintf(names + len, sizeof(names) - len,
			    "%s-m %s", len > 0 ? ", " : "", method_name(m));
	warnx("%s: only with %s", where, names);
}

/*
 * The option that name stands for in scope, checked against its value
 * (NULL for none); NULL after a message. A config file cannot read
 * another or ask for help.
 */
static const struct option *
named_option(const char *name, const char *value, const char *where,
    enum scope scope)
{
	const struct option	*o;

	for (o = longopts; o->name != NULL; o++)
		if (strcmp(o->name, name) == 0)
			break;
	if (o->name == NULL) {
		warnx("%s: unknown option '%.*s%s'", where, QUOTED(name));
		return NULL;
	}
	if (scope == IN_METHOD && !is_extraction_option(o->val)) {
		warnx("%s: '%s' is not an option of a method (only the "
		    "filters', the methods' and --charset)", where, name);
		return NULL;
	}
	if (o->val == OPT_CONFIG || o->val == OPT_HELP ||
	    o->val == OPT_VERSION) {
		warnx("%s: '%s' cannot be given in a config file", where, name);
		return NULL;
	}
	if (o->has_arg == required_argument && value == NULL) {
		warnx("%s: option '%s' needs a value", where, name);
		return NULL;
	}
	if (o->has_arg == no_argument && value != NULL) {
		warnx("%s: option '%s' takes no value", where, name);
		return NULL;
	}
	return o;
}

/*
 * Reads options from a file: "name = value" or "name" lines, names as
 * the long options, '#' starting a comment line, a UTF-8 byte order
 * mark ignored. The file's text stays allocated, in set: options point
 * into it. Returns -1 after a message.
 */
static int
read_config(struct cex_opts *opts, struct settings *set, const char *path)
{
	const struct option	*o;
	char			*buf, *line, *next, *eq, *name, *value, *e;
	char			**texts, where[PATH_MAX + 32];
	size_t			 len;
	unsigned		 lineno = 0;

	if (dom_read(path, CONFIG_MAX_BYTES, &buf, &len) == -1) {
		if (errno == EFBIG)
			warnx("%s: larger than %d bytes: not a config file",
			    path, CONFIG_MAX_BYTES);
		else
			warn("%s", path);
		return -1;
	}
	if ((texts = reallocarray(set->texts, set->ntexts + 1,
	    sizeof(*texts))) == NULL)
		err(1, NULL);
	set->texts = texts;
	texts[set->ntexts++] = buf;
	if ((line = memchr(buf, '\0', len)) != NULL) {
		for (lineno = 1; line-- > buf; )
			lineno += *line == '\n';
		warnx("%s:%u: a NUL byte: not a config file", path, lineno);
		return -1;
	}
	line = buf;
	if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
		line += 3;
	for (; line != NULL; line = next) {
		lineno++;
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		while (is_blank(*line))
			line++;
		if (*line == '\0' || *line == '#')
			continue;
		snprintf(where, sizeof(where), "%s:%u", path, lineno);
		value = NULL;
		if ((eq = strchr(line, '=')) != NULL) {
			*eq = '\0';
			for (value = eq + 1; is_blank(*value); value++)
				continue;
			for (e = value + strlen(value); e > value &&
			    is_blank(e[-1]); e--)
				continue;
			*e = '\0';
		}
		name = line;
		for (e = name + strlen(name); e > name && is_blank(e[-1]); e--)
			continue;
		*e = '\0';
		if ((o = named_option(name, value, where, IN_CONFIG)) == NULL ||
		    take_option(opts, set, o->val, value, where) == -1)
			return -1;
	}
	return 0;
}

/*
 * The default ad list: in $CEX_DATADIR if set, else in the data
 * directory compiled in, else in data/ beside the executable (cex run
 * from its build tree). If it is in neither, the one compiled in is
 * named.
 */
static char *
default_ad_list(void)
{
	char		 exe[PATH_MAX], *path, *built, *slash;
	const char	*dir = getenv("CEX_DATADIR");
	ssize_t		 n;

	if (dir != NULL && *dir != '\0') {
		if (asprintf(&path, "%s/%s", dir, AD_LIST) == -1)
			err(1, NULL);
		return path;
	}
	if (asprintf(&path, "%s/%s", CEX_DATADIR, AD_LIST) == -1)
		err(1, NULL);
	if (access(path, F_OK) == 0)
		return path;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return path;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return path;
	*slash = '\0';
	if (asprintf(&built, "%s/data/%s", exe, AD_LIST) == -1)
		err(1, NULL);
	if (access(built, F_OK) != 0) {
		free(built);
		return path;
	}
	free(path);
	return built;
}

/* Says why a host list could not be read, what adding to the message. */
static void
warn_hosts(const char *path, const char *what)
{
	if (errno == EFBIG)
		warnx("%s%s: larger than %d bytes: not a host list", path, what,
		    HOSTS_MAX_BYTES);
	else
		warn("%s%s", path, what);
}

/* Loads the ad lists; returns the exit status to stop with, or 0. */
static int
load_ad_hosts(struct cex_opts *opts)
{
	char		*path;
	size_t		 i;
	struct stat	 st;

	if (!opts->ads)
		return 0;
	path = default_ad_list();
	/*
	 * The list compiled in, if the file is the one it was made of (the
	 * same size and time: make install keeps the time), costs nothing
	 * to load; a list updated since is read.
	 */
	if (stat(path, &st) == 0 && st.st_size == adlist_size &&
	    (long long)st.st_mtime == adlist_mtime) {
		if ((opts->ad_hosts = strset_wrap(adlist_arena,
		    adlist_arena_len, adlist_slots, adlist_hashes,
		    adlist_nslots, adlist_count)) == NULL)
			err(1, NULL);
	} else if ((opts->ad_hosts = strset_new()) == NULL)
		err(1, NULL);
	else if (hosts_load(opts->ad_hosts, path) == -1) {
		warn_hosts(path, " (the default ad list; --no-ads goes without)");
		free(path);
		return 1;
	}
	free(path);
	for (i = 0; i < opts->ad_files.n; i++)
		if (hosts_load(opts->ad_hosts, opts->ad_files.v[i]) == -1) {
			warn_hosts(opts->ad_files.v[i], "");
			return 2;
		}
	return 0;
}

/*
 * The input names of --files-from FILE ("-": standard input), one a
 * line or, with -0, ended by NUL bytes as find -print0 writes them;
 * empty names are skipped. Returns a NULL-terminated array (its text
 * kept in *text) and *n, or NULL after a message. The list is read
 * whole: it names the inputs, and is small beside them.
 */
static const char **
read_file_list(const char *path, bool nul, char **text, size_t *n)
{
	const char	**names = NULL, **grown;
	char		*p, *end, *next;
	size_t		 len, count = 0;
	int		 fd;

	if ((fd = dom_open(path)) == -1 ||
	    dom_read_fd(fd, (size_t)1 << 30, text, &len) == -1) {
		warn("%s", path);
		if (fd != -1 && fd != STDIN_FILENO)
			close(fd);
		return NULL;
	}
	if (fd != STDIN_FILENO)
		close(fd);
	end = *text + len;
	for (p = *text; p < end; p = next) {
		if ((next = memchr(p, nul ? '\0' : '\n', end - p)) == NULL)
			next = end;
		*next++ = '\0';
		if (*p == '\0')
			continue;
		if ((grown = reallocarray(names, count + 2,
		    sizeof(*names))) == NULL)
			err(1, NULL);
		names = grown;
		names[count++] = p;
	}
	if (count == 0) {
		warnx("%s: names no input", path);
		free(names);
		return NULL;
	}
	names[count] = NULL;
	*n = count;
	return names;
}

/*
 * Whether -o names a directory, made (but not its parents) if there is
 * none, as a batch converter's first run on a fresh tree needs: 0, or
 * after a message the exit status, 2 if it names something else, 1 if
 * it cannot be made or looked at. Another cex making it at the same
 * time (xargs -P) is no error.
 */
static int
check_outdir(const char *dir)
{
	struct stat	 st;

	if (stat(dir, &st) == -1 && (errno != ENOENT ||
	    (mkdir(dir, 0777) == -1 && errno != EEXIST) ||
	    stat(dir, &st) == -1)) {
		warn("%s", dir);
		return 1;
	}
	if (!S_ISDIR(st.st_mode)) {
		warnx("%s: %s", dir, strerror(ENOTDIR));
		return 2;
	}
	return 0;
}

/*
 * Ends what was written to standard output (help, version): the exit
 * status to end with, 1 after a message if it could not be written.
 */
static int
stdout_done(void)
{
	if (fflush(stdout) == EOF || ferror(stdout)) {
		warn("write error");
		return 1;
	}
	return 0;
}

/* Prints the version line; the exit status to end with. */
static int
version(void)
{
	printf("cex %s (gumbo %s, utf8proc %s)\n", CEX_VERSION, GUMBO_VERSION,
	    utf8proc_version());
	return stdout_done();
}

/*
 * Reads the options: the --config FILEs first, in their order, wherever
 * they stand, so that the command line wins over them. Each is applied
 * to opts, which checks it, and recorded in set. Returns -1 to go on
 * with the inputs, or the exit status to end with at once (help,
 * version, usage error).
 */
static int
read_options(struct cex_opts *opts, struct settings *set, int argc,
    char *argv[])
{
	char	 where[64];
	int	 c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "to:m:j:qhV0", longopts, NULL)) != -1)
		if (c == OPT_CONFIG && read_config(opts, set, optarg) == -1)
			return 2;
	opterr = 1;
	optind = 0;
	while ((c = getopt_long(argc, argv, "to:m:j:qhV0", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case OPT_HELP:
			help();
			return stdout_done();
		case OPT_VERSION:
			return version();
		case OPT_CONFIG:
			break;
		case '?':
			usage(stderr);
			return 2;
		default:
			snprintf(where, sizeof(where), "--%s", opt_name(c));
			if (take_option(opts, set, c, optarg, where) == -1)
				return 2;
			break;
		}
	}
	if (opts->eval && (opts->outdir != NULL || optind == argc)) {
		warnx("--eval: %s", opts->outdir != NULL ?
		    "scores go to standard output, not to -o" :
		    "no test package named");
		usage(stderr);
		return 2;
	}
	if (opts->summary && !opts->eval) {
		warnx("--summary: only with --eval");
		return 2;
	}
	if (opts->json_html && opts->format != FORMAT_JSON) {
		warnx("--json-html: only with --format json");
		return 2;
	}
	if (opts->fallback && opts->format == FORMAT_JSON) {
		warnx("--fallback: not with --format json, which has no room "
		    "for the input");
		return 2;
	}
	return -1;
}

/*
 * Builds a method's options from its spec, NAME[:OPTION[=VALUE]]...:
 * the defaults, then the options given (replayed from set), then the
 * spec's own settings. Returns the exit status to end with, or 0.
 */
static int
method_init(struct cex_method *m, const struct settings *set,
    const char *spec, size_t len)
{
	const struct option	*o;
	char			*item, *next, *value, where[256], names[128];
	size_t			 i;
	int			 method;

	if ((m->label = strndup(spec, len)) == NULL ||
	    (m->settings = strndup(spec, len)) == NULL)
		err(1, NULL);
	opts_init(&m->opts);
	for (i = 0; i < set->n; i++)
		if (apply_option(&m->opts, set->v[i].id, set->v[i].arg,
		    set->v[i].where) == -1)
			return 2;
	snprintf(where, sizeof(where), "-m %s", m->label);
	if ((next = strchr(m->settings, ':')) != NULL)
		*next++ = '\0';
	if ((method = method_lookup(m->settings, strlen(m->settings))) == -1) {
		method_list(names, sizeof(names));
		warnx("%s: unknown method '%.*s%s' (one of: %s)", where,
		    QUOTED(m->settings), names);
		return 2;
	}
	m->opts.method = method;
	while ((item = next) != NULL) {
		if ((next = strchr(item, ':')) != NULL)
			*next++ = '\0';
		if ((value = strchr(item, '=')) != NULL)
			*value++ = '\0';
		if ((o = named_option(item, value, where, IN_METHOD)) == NULL)
			return 2;
		if (option_methods(o->val) != 0 &&
		    !(option_methods(o->val) & (1u << method))) {
			warn_methods(where, option_methods(o->val));
			return 2;
		}
		if (apply_option(&m->opts, o->val, value, where) == -1)
			return 2;
	}
	return load_ad_hosts(&m->opts);
}

static void
method_free(struct cex_method *m)
{
	opts_free(&m->opts);
	free(m->label);
	free(m->settings);
}

/* Collects the methods' specs, as each_item finds them in -m. */
struct method_list {
	struct cex_method	*v;
	size_t			 n;
	const struct settings	*set;
	int			 status;
};

static int
add_method(void *arg, const char *spec, size_t len)
{
	struct method_list	*list = arg;
	struct cex_method	*v;

	if ((v = reallocarray(list->v, list->n + 1, sizeof(*v))) == NULL)
		err(1, NULL);
	list->v = v;
	memset(&v[list->n], 0, sizeof(*v));
	list->status = method_init(&v[list->n++], list->set, spec, len);
	return list->status == 0 ? 0 : -1;
}

/*
 * The methods to run: -m's list, or by default article (crunch after
 * --preset crunch), and for --eval the baseline beside it. Only --eval
 * compares several. Returns the exit status to end with, or 0.
 */
static int
read_methods(const struct cex_opts *opts, const struct settings *set,
    struct method_list *list)
{
	const char	*specs = opts->methods;
	char		 fallback[64];

	/* Without -m, the default method, or the preset's. */
	if (specs == NULL) {
		snprintf(fallback, sizeof(fallback), "%s%s",
		    opts->eval ? "plain," : "", method_name(opts->method));
		specs = fallback;
	}
	unsigned	 used = 0, mask;
	size_t		 i;

	list->set = set;
	if (each_item(specs, add_method, list) == -1)
		return list->status;
	if (list->n == 0 || (list->n > 1 && !opts->eval)) {
		warnx("-m: %s", list->n == 0 ? "no method named" :
		    "several methods only with --eval");
		return 2;
	}
	/* A method's setting on the command line, for a method in use. */
	for (i = 0; i < list->n; i++)
		used |= 1u << list->v[i].opts.method;
	for (i = 0; i < set->n; i++)
		if ((mask = option_methods(set->v[i].id)) != 0 &&
		    !(mask & used)) {
			warn_methods(set->v[i].where, mask);
			return 2;
		}
	return 0;
}

/* How many times standard input is named, as an input or a template. */
static size_t
stdin_named(const char *const *inputs, size_t n, const struct strlist *more)
{
	size_t	 i, count = 0;

	for (i = 0; i < n; i++)
		count += strcmp(inputs[i], "-") == 0;
	for (i = 0; i < more->n; i++)
		count += strcmp(more->v[i], "-") == 0;
	return count;
}

int
main(int argc, char *argv[])
{
	static const char *const stdin_only[] = { "-", NULL };
	struct cex_opts		 opts;
	struct settings		 set = { NULL, 0, NULL, 0 };
	struct method_list	 methods = { NULL, 0, NULL, 0 };
	const struct cex_opts	*mopts;
	struct site		*site = NULL;
	struct input		*read = NULL;
	const char *const	*inputs;
	const char		**listed = NULL;
	char			*list_text = NULL;
	size_t			 m, n;
	int			 status;

	/* Messages say "cex:" whatever the binary is called (cex-san). */
	program_invocation_short_name = "cex";
	argv[0] = program_invocation_short_name;
	opts_init(&opts);
	if ((status = read_options(&opts, &set, argc, argv)) !=
	    -1 || (status = read_methods(&opts, &set, &methods)) != 0)
		goto out;
	warn_inert(&opts, &set);
	/* Write errors are reported where they happen, not by a signal. */
	signal(SIGPIPE, SIG_IGN);
	if (opts.eval) {
		status = eval_run((const char *const *)argv + optind,
		    methods.v, methods.n, opts.summary);
		goto out;
	}
	mopts = &methods.v[0].opts;
	inputs = optind < argc ? (const char *const *)argv + optind : stdin_only;
	if (opts.files_null && opts.files_from == NULL) {
		warnx("-0: only with --files-from");
		status = 2;
		goto out;
	}
	if (opts.files_from != NULL) {
		if (optind < argc) {
			warnx("--files-from: the inputs are named there, not "
			    "on the command line");
			status = 2;
			goto out;
		}
		if ((listed = read_file_list(opts.files_from, opts.files_null,
		    &list_text, &n)) == NULL) {
			status = 2;
			goto out;
		}
		inputs = listed;
	}
	for (n = 0; inputs[n] != NULL; n++)
		continue;
	if (opts.files_from != NULL && strcmp(opts.files_from, "-") == 0 &&
	    stdin_named(inputs, n, &mopts->templates) > 0) {
		warnx("-: standard input can be read only once");
		status = 2;
		goto out;
	}
	if (stdin_named(inputs, n, &mopts->templates) > 1) {
		warnx("-: standard input can be read only once");
		status = 2;
		goto out;
	}
	if (batch_check_names(inputs, n, mopts) == -1) {
		status = 2;
		goto out;
	}
	if (mopts->method == METHOD_TEMPLATE) {
		if (mopts->templates.n == 0 && n < 2) {
			warnx("-m template: compare with --template FILE, or "
			    "give two pages or more");
			status = 2;
			goto out;
		}
		if ((read = calloc(n, sizeof(*read))) == NULL)
			err(1, NULL);
		if ((site = site_new(mopts, inputs, n, read)) == NULL) {
			status = 2;
			goto out;
		}
	}
	/* Made last, once nothing else can refuse the command. */
	if (mopts->outdir != NULL && (status = check_outdir(mopts->outdir)) != 0)
		goto out;
	status = batch_run(inputs, n, mopts, site, read);
out:
	free(read);
	free(listed);
	free(list_text);
	site_free(site);
	for (m = 0; m < methods.n; m++)
		method_free(&methods.v[m]);
	free(methods.v);
	settings_free(&set);
	opts_free(&opts);
	return status;
}
