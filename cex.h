/*
 * cex.h: what the files of cex share.
 *
 * Data flows one way: dom.c turns bytes into a document (UTF-8 text,
 * gumbo's tree and cex's flat overlay of it), filters.c marks nodes of
 * that overlay as removed or unwrapped, output.c renders what is left.
 * Every function gets the options as one const struct.
 */
#ifndef CEX_H
#define CEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <gumbo.h>

#define CEX_VERSION "0.1.0"

/* A growable list of strings, each owned by the list. */
struct strlist {
	char	**v;
	size_t	  n;
};

void	 strlist_add(struct strlist *, const char *, size_t);
void	 strlist_clear(struct strlist *);
bool	 strlist_has(const struct strlist *, const char *, size_t);

/* What the element filter does with an element. */
enum tag_action {
	ACT_KEEP = 0,	/* leave it alone */
	ACT_UNWRAP,	/* drop the tags, keep the content */
	ACT_REMOVE,	/* drop the element and everything in it */
	ACT__MAX
};

/*
 * A value per tag: known tags by gumbo's enum, other (custom) element
 * names in a list of their own. Used for element actions and as a set
 * (value 1) for the substantive tags.
 */
struct tagmap {
	unsigned char	 known[GUMBO_TAG_LAST + 1];
	struct strlist	 custom_names;	/* lower case */
	unsigned char	*custom_values;	/* one per custom name */
};

int	 tagmap_set(struct tagmap *, const char *name, size_t len,
	    unsigned char value);
unsigned char tagmap_get(const struct tagmap *, const GumboNode *);
void	 tagmap_clear(struct tagmap *);

/* Groups of elements switched together by --no-X and --keep-X. */
enum elem_group {
	GROUP_SCRIPTS,
	GROUP_STYLES,
	GROUP_IMAGES,
	GROUP_FORMS,
	GROUP_FRAMES,
	GROUP_OBJECTS,
	GROUP_META,
	GROUP_COMMENTS,
	GROUP__MAX
};

/* Where the link list remover looks. */
enum link_lists {
	LINKLISTS_OFF,
	LINKLISTS_CELLS,	/* td and th, as in Crunch */
	LINKLISTS_BLOCKS,	/* cells and block containers */
	LINKLISTS__MAX
};

/* What is written for an input. */
enum format {
	FORMAT_HTML,		/* the content as HTML */
	FORMAT_TEXT,		/* its text */
	FORMAT_JSON,		/* a JSON object a line: title, text... */
	FORMAT_MARKDOWN,	/* CommonMark with pipe tables */
	FORMAT__MAX
};

/* The extraction methods of -m. */
enum method {
	METHOD_CRUNCH,		/* Crunch's filters */
	METHOD_PLAIN,		/* nothing removed: the baseline */
	METHOD_DESCEND,		/* Urban's descent to the heaviest child */
	METHOD_LQF,		/* the Link Quota Filter */
	METHOD_BTE,		/* Body Text Extraction */
	METHOD_DSC,		/* the Document Slope Curve */
	METHOD_TEMPLATE,	/* what pages of one site share goes */
	METHOD_ARTICLE,		/* the main content, as readers see it */
	METHOD__MAX
};

struct strset;
struct gumbo_heap;
struct site;

/*
 * Every option of a run: defaults first, then the config file, then the
 * command line. Passed down as const.
 */
struct cex_opts {
	enum method	 method;	/* -m: what extracts */
	const char	*methods;	/* -m as given: method specs */
	bool		 eval;		/* --eval: operands are packages */
	bool		 summary;	/* --summary: only the eval summary */
	enum format	 format;	/* -t, --format: what is written */
	bool		 json_html;	/* --json-html: JSON holds the HTML */
	const char	*url;		/* --url: the page's address, or NULL */
	bool		 fallback;	/* --fallback: the input if no content */
	bool		 bom;		/* --bom: a byte order mark first */
	bool		 warc;		/* --warc: inputs are web archives */
	const char	*files_from;	/* --files-from: input names, or NULL */
	bool		 files_null;	/* -0: ... separated by NUL bytes */
	bool		 quiet;		/* --quiet: no progress, no notices */
	const char	*outdir;	/* -o: one output file per input */
	const char	*charset;	/* --charset: encoding name, or NULL */
	unsigned	 groups;	/* bit (1 << enum elem_group) removed */
	struct tagmap	 elements;	/* element filter: action per tag */
	struct strlist	 strip_attrs;	/* attribute filter: names */
	bool		 ads;		/* advertisement remover on */
	struct strlist	 ad_files;	/* --ad-hosts, besides the default */
	struct strset	*ad_hosts;	/* loaded lists, NULL if !ads */
	enum link_lists	 link_lists;	/* link list remover scope */
	double		 link_ratio;	/* links per non-linked word */
	double		 chars_per_word; /* letters making one word */
	bool		 remove_cell;	/* drop the cell, not its content */
	bool		 empty_tables;	/* empty table remover on */
	long		 min_chars;	/* letters that make a table full */
	struct tagmap	 substantive;	/* elements that make a table full */
	bool		 keep_links;	/* removed link retainer on */
	bool		 link_lists_given; /* asked for: runs after methods */
	bool		 empty_tables_given; /* the same */
	double		 spread;	/* descend: least spread to go down */
	double		 link_quota;	/* lqf: linked share removing a block */
	long		 window;	/* dsc: tokens a window */
	struct strlist	 templates;	/* template: --template pages */
	long		 template_min;	/* template: pages making boilerplate */
	long		 max_depth;	/* guard: deepest nesting; 0 no limit */
	long long	 max_bytes;	/* larger inputs refused; 0 no limit */
	unsigned	 jobs;		/* -j: inputs processed at once */
	bool		 title;		/* --title: the article's title first */
	bool		 lead;		/* --lead: and its standfirst */
	bool		 full;		/* --full: a whole document, not a part */
	bool		 metadata;	/* --metadata: with the output's */
};

/* Whether the output shows markup: HTML, or JSON holding the HTML. */
static inline bool
opts_writes_html(const struct cex_opts *o)
{
	return o->format == FORMAT_HTML ||
	    (o->format == FORMAT_JSON && o->json_html);
}

/* The most jobs -j takes. */
#define MAX_JOBS	64

/*
 * A method of -m with its settings: crunch:link-ratio=0.2 is crunch,
 * its options those given with link-ratio 0.2 on top.
 */
struct cex_method {
	char		*label;		/* the spec, as given */
	char		*settings;	/* a copy cut into names and values */
	struct cex_opts	 opts;
};

/* Flags of a node of the overlay. */
#define NODE_REMOVED	0x01	/* this node and its subtree are gone */
#define NODE_UNWRAP	0x02	/* tags gone, children stay */

/*
 * One node of the overlay: document order, so the subtree of node i is
 * the range [i, end). The aggregates count what is still live (not
 * removed) in the subtree and are refreshed by dom_measure().
 */
struct cex_node {
	GumboNode	*g;
	uint32_t	 parent;	/* index; the root is its own parent */
	uint32_t	 end;		/* one past the last descendant */
	uint32_t	 attr_base;	/* index of its first attribute */
	uint32_t	 own_letters;	/* letters of a text node itself */
	uint32_t	 letters;	/* letters in the live subtree */
	uint32_t	 linked;	/* ... of which inside links */
	uint32_t	 links;		/* live a[href] in the subtree */
	uint32_t	 substantive;	/* live substantive elements */
	uint16_t	 tag;		/* GumboTag; GUMBO_TAG_LAST if no element */
	uint8_t		 type;		/* GumboNodeType */
	uint8_t		 flags;		/* NODE_* */
};

/*
 * What the guard (guard.c) lets gumbo see. It leaves out the attributes
 * of a tag past GUARD_MAX_ATTRS (gumbo compares each with all before
 * it), and the tags that would pass the limits of struct
 * builder_limits, which builder.c checks on a model of gumbo's stack:
 * the depth (--max-depth); one element for GUARD_BYTES_PER_ELEMENT
 * bytes of the page, at least GUARD_MIN_ELEMENTS, an attribute counting
 * half (gumbo takes some 200 bytes an element and half as much an
 * attribute: memory stays a few times the page); the formatting
 * elements gumbo reopens in each block (GUARD_MAX_FORMATTING in its
 * list, GUARD_MAX_LIST with the markers, none deeper than
 * GUARD_FORMATTING_DEPTH, as gumbo searches the stack up to the last of
 * them for each character of text); and the entries of its stack and
 * list gumbo searches, GUARD_WORK_PER_BYTE for each byte of the page
 * (at least GUARD_MIN_WORK).
 */
#define GUARD_MAX_ATTRS		100
#define GUARD_MAX_FORMATTING	100
#define GUARD_MAX_LIST		1000
#define GUARD_FORMATTING_DEPTH	128
#define GUARD_BYTES_PER_ELEMENT	16
#define GUARD_MIN_ELEMENTS	100000
#define GUARD_WORK_PER_BYTE	4
#define GUARD_MIN_WORK		(1ULL << 20)

/* builder.c: the limits of the model; 0 is no limit. */
struct builder_limits {
	size_t		 depth;		/* nesting inside body */
	uint64_t	 elements;	/* elements made */
	size_t		 formatting;	/* entries of the formatting list */
	size_t		 list;		/* ... with the markers */
	size_t		 formatting_depth; /* deepest formatting element */
	uint64_t	 work;		/* entries searched */
	size_t		 merged_attrs;	/* attributes added to html, body */
};

/* Why the model refused a token. */
enum {
	BUILDER_KEPT,
	BUILDER_DEPTH,
	BUILDER_ELEMENTS,
	BUILDER_FORMATTING,
	BUILDER_WORK,
	BUILDER_LEFT_OUT,
	BUILDER_NOMEM,
	BUILDER_BARE		/* kept, its attributes cut */
};

/* How the tokenizer reads on after a tag. */
enum { BLEX_DATA, BLEX_RCDATA, BLEX_RAWTEXT, BLEX_SCRIPT, BLEX_PLAINTEXT };

/* An attribute of a start tag, as written (the value without quotes). */
struct battr {
	const char	*name;
	uint32_t	 name_len;
	const char	*value;
	uint32_t	 value_len;
	uint32_t	 span;		/* name to value's end, with quotes */
};

/* A token, as the model is given it. */
struct btoken {
	int		 type;		/* BT_* */
	uint16_t	 tag;		/* gumbo's enum of the name */
	const char	*name;		/* as written (an end tag's: to its '>') */
	uint32_t	 name_len;
	bool		 self_closing;
	const struct battr *attrs;	/* start tags: the attributes kept */
	size_t		 nattrs;
	bool		 decoded;	/* values decoded, not as written */
};

/* An entry of the model's stack of open elements. */
struct bentry {
	uint32_t	 serial;	/* the element's identity */
	uint32_t	 tdepth;	/* its depth in the tree */
	uint16_t	 tag;
	bool		 foreign;
	bool		 svg;		/* ... in SVG */
	const char	*name;		/* as written, or NULL if implied */
	uint32_t	 name_len;
};

enum { BT_START, BT_END, BT_CHARS, BT_SPACE, BT_NUL, BT_EOF };

struct builder_stats {
	uint64_t	 elements;	/* made */
	uint32_t	 max_depth;	/* the deepest the stack went */
	uint32_t	 max_tdepth;	/* ... and the tree, at most */
	uint32_t	 depth;		/* the stack now */
	uint32_t	 serial;	/* the identity of the last made */
	uint64_t	 work;
};

struct builder;
struct builder	*builder_new(const struct builder_limits *);
void		 builder_free(struct builder *);
int		 builder_tag(struct builder *, const struct btoken *);
size_t		 builder_text(struct builder *, const char *, size_t, bool,
		    void (*)(void *, uint16_t), void *);
void		 builder_comment(struct builder *);
void		 builder_cdata(struct builder *, size_t);
void		 builder_eof(struct builder *);
void		 builder_doctype(struct builder *, bool);
int		 builder_lexer(const struct builder *);
bool		 builder_foreign(const struct builder *);
void		 builder_stats(const struct builder *, struct builder_stats *);
void		 builder_undo(struct builder *);
uint32_t	 builder_depth(const struct builder *);
uint32_t	 builder_low(const struct builder *);
bool		 builder_fostered(const struct builder *);
bool		 builder_drops_newline(const struct builder *);
uint32_t	 builder_form(const struct builder *);
bool		 builder_drops_space(const struct builder *);
bool		 builder_drops_text(const struct builder *);
void		 builder_entry(const struct builder *, uint32_t, struct bentry *);
bool		 builder_quirks(const char *, size_t, const char *, size_t, bool,
		    const char *, size_t, bool);

/*
 * The tokenizer's states in a script's text: after "<!--" (escaped), a
 * "<script" starts a part (double-escaped) where "</script" does not
 * end the script, up to a "</script" that leaves it or a "-->" that
 * ends both. script_step's results: see builder.c.
 */
enum script_state {
	SCRIPT_DATA,
	SCRIPT_ESCAPED, SCRIPT_DASH, SCRIPT_DASH_DASH,
	SCRIPT_DOUBLE, SCRIPT_DOUBLE_DASH, SCRIPT_DOUBLE_DASH_DASH
};
enum { SCRIPT_TEXT, SCRIPT_ENDS, SCRIPT_DOUBLES };
int		 script_step(uint8_t *, const char *, size_t, bool, size_t *);

struct guard_limits {
	struct builder_limits model;
	size_t		 max_attrs;	/* SIZE_MAX: no limit */
	bool		 skip_scripts;	/* drop script bodies */
	bool		 skip_styles;	/* drop style bodies */
	bool		 markupless;	/* output without markup: drop the
					   attributes no filter reads */
};

/*
 * What the guard left out: tags for each limit, tags cut short; and
 * what the model expects of gumbo's parse of what is left.
 */
struct guard_report {
	size_t		 depth;
	size_t		 formatting;
	size_t		 elements;
	size_t		 work;
	size_t		 attributes;
	struct builder_stats model;
};

char	*guard_run(const char *, size_t, const struct guard_limits *,
	    struct guard_report *, size_t *);

/* ASCII as HTML and URLs read it, whatever the locale. */
static inline bool
ascii_is_alpha(unsigned char c)
{
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
}

static inline bool
ascii_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

static inline unsigned char
ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* Whether a tag is a heading, h1 to h6 (consecutive in GumboTag). */
static inline bool
tag_is_heading(uint16_t tag)
{
	return tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6;
}

/* Whether an overlay node is an element (or a template), or text. */
static inline bool
node_is_element(const struct cex_node *n)
{
	return n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_TEMPLATE;
}

/*
 * Whether an element is an SVG picture's title or description: a
 * tooltip and words for screen readers, as an image's alt text is, not
 * text the page shows ("Enter fullscreen mode" on an icon).
 */
static inline bool
node_is_svg_label(const struct cex_node *n)
{
	return n->type == GUMBO_NODE_ELEMENT &&
	    n->g->v.element.tag_namespace == GUMBO_NAMESPACE_SVG &&
	    (n->tag == GUMBO_TAG_TITLE || n->tag == GUMBO_TAG_DESC);
}

static inline bool
node_is_text(const struct cex_node *n)
{
	return n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_CDATA ||
	    n->type == GUMBO_NODE_WHITESPACE;
}

/*
 * The page's metadata, as meta.c finds it: each string owned, NULL (a
 * list empty) where the page does not say, and one line of text (white
 * space made single spaces, no controls, no byte order mark). Dates are
 * YYYY-MM-DD, with the time and its offset (YYYY-MM-DDTHH:MM:SS+HH:MM)
 * when the page gives them; addresses are absolute.
 */
struct cex_meta {
	char		*title;
	struct strlist	 authors;	/* in the page's order */
	char		*date;		/* of publication */
	char		*modified;	/* of the last change */
	char		*sitename;
	char		*description;
	char		*lang;		/* the language tag the page declares */
	char		*url;		/* the canonical address */
	char		*image;
	struct strlist	 categories;
	struct strlist	 tags;
};

/*
 * A parsed document. It owns the UTF-8 text, which gumbo's nodes point
 * into, gumbo's output, and the overlay.
 */
struct cex_doc {
	char		*html;		/* UTF-8 input of the parse */
	size_t		 len;
	GumboOutput	*gumbo;
	struct gumbo_heap *heap;	/* every block of gumbo's tree */
	struct cex_node	*nodes;		/* nodes[0] is the document */
	uint32_t	 nnodes;
	unsigned char	*attr_drop;	/* per attribute: 1 if stripped */
	uint32_t	 nattrs;
	struct retained_link {
		uint32_t node;		/* the a element */
		char	*url;		/* its href, resolved */
	}		*retained;	/* removed links to list at the end */
	uint32_t	 nretained;
	const char	*encoding;	/* name of the input's encoding */
	char		*base_url;	/* links are relative to it, or NULL */
	bool		 fragment;	/* a method kept parts: no doctype */
	uint32_t	 title;		/* a title element to write first, or 0 */
	uint32_t	 page_title;	/* dom_title's, before the method */
	struct cex_meta	*meta;		/* the page's metadata, or NULL */
	bool		 head_meta;	/* the HTML head says it (--metadata) */
	struct guard_report guard;	/* what the guard dropped */
};

/* An input as read: its bytes, or why it could not be. */
struct input {
	char		*bytes;		/* NUL-terminated, or NULL */
	size_t		 len;
	int		 fd;		/* the rest, past --max-bytes, or -1 */
	int		 error;		/* errno, or 0 */
};

/* dom.c */
void		 input_read(struct input *, const char *, size_t, bool);
void		 input_close(struct input *);
struct cex_doc	*dom_new(const char *bytes, size_t len, const struct cex_opts *);
void		 dom_free(struct cex_doc *);
int		 dom_open(const char *path);
int		 dom_read_fd(int fd, size_t max, char **bytes, size_t *len);
int		 dom_read(const char *path, size_t max, char **bytes, size_t *len);
typedef void	(*dom_decide_fn)(struct cex_doc *, uint32_t,
		    const struct cex_opts *);
void		 dom_measure(struct cex_doc *, const struct cex_opts *,
		    dom_decide_fn);
uint32_t	 dom_letters(const char *, size_t);
bool		 dom_is_letter(int32_t);
bool		 dom_is_space(int32_t);
const GumboAttribute *dom_attr(const struct cex_node *, const char *);
bool		 dom_has_token(const char *, const char *);
bool		 dom_attr_is(const struct cex_node *, const char *,
		    const char *);
uint32_t	 dom_next_element(const struct cex_doc *, uint32_t);
uint32_t	 dom_previous_element(const struct cex_doc *, uint32_t);
bool		 dom_is_button_box(const struct cex_doc *, uint32_t);
bool		 dom_is_closed(const struct cex_node *);
bool		 dom_style_hides(const char *);
bool		 dom_heads_next(const struct cex_doc *, uint32_t);
const char	*dom_tagname(const GumboNode *, size_t *, bool *);
uint32_t	 dom_title(const struct cex_doc *);
uint64_t	 dom_live_letters(const struct cex_doc *);
int		 dom_tree_stats(const struct cex_doc *, uint64_t *, uint32_t *);

/* What a walk does at each live node; enter returns false to skip. */
struct dom_walker {
	bool	(*enter)(void *, uint32_t);	/* an element */
	void	(*leave)(void *, uint32_t);	/* past its end */
	void	(*leaf)(void *, uint32_t);	/* text, comment, ... */
};
int		 dom_walk(const struct cex_doc *, const struct dom_walker *,
		    void *);
bool		 dom_is_void(const struct cex_node *);
bool		 dom_tag_is_void(uint16_t);

/* encoding.c */
int		 enc_lookup(const char *label, size_t len);
const char	*enc_name(int);
int		 enc_detect(const unsigned char *, size_t, const char *charset,
		    size_t *bom);
bool		 enc_is_utf8(const unsigned char *, size_t, int enc);
char		*enc_to_utf8(const unsigned char *, size_t, int enc,
		    size_t *outlen);

/*
 * The default ad list compiled in (tools/hosts-gen writes it): the
 * arrays of its host set, and the size and time of the file it was.
 */
extern const long long	 adlist_size, adlist_mtime;
extern const char	 adlist_arena[];
extern const size_t	 adlist_arena_len, adlist_nslots, adlist_count;
extern const uint32_t	 adlist_slots[], adlist_hashes[];

/* warc.c: web archives in */
struct warc;
struct warc_field {
	char		*name;		/* owned, the value after it */
	const char	*value;
};
struct warc_record {
	struct warc_field *fields;
	size_t		 nfields;
	const char	*type, *id, *uri, *date, *content_type; /* or NULL */
	uint64_t	 length;	/* Content-Length */
	unsigned char	*block;		/* response or resource; NUL-ended */
	size_t		 block_len;
	bool		 too_large;	/* over max_bytes: not read */
	uint64_t	 offset;	/* where it began, in the archive */
	uint64_t	 file_offset;	/* ... in the file, or UINT64_MAX */
	const char	*error;		/* a bad record: why */
	int		 errnum;	/* ... the errno, if one says it */
};
struct warc_page {
	int		 status;	/* HTTP's, or 0 for a resource */
	char		*body;		/* the page, decoded; NUL-ended */
	size_t		 len;
	char		 charset[64];	/* of its Content-Type, or "" */
	const char	*skip;		/* no page: why */
};
struct warc	*warc_open(int, const unsigned char *, size_t);
void		 warc_close(struct warc *);
int		 warc_next(struct warc *, struct warc_record *, uint64_t);
void		 warc_record_clear(struct warc_record *);
int		 warc_page(const struct warc_record *, struct warc_page *,
		    uint64_t);
void		 warc_page_clear(struct warc_page *);
bool		 warc_sniff(const unsigned char *, size_t);

/* lazylib.c */
int	 lazylib_open(const char *, const char *const *, void **, size_t);

/* hosts.c */
struct strset	*strset_new(void);
void		 strset_free(struct strset *);
struct strset	*strset_wrap(const char *, size_t, const uint32_t *,
		    const uint32_t *, size_t, size_t);
int		 strset_write_c(const struct strset *, FILE *);
int		 strset_add(struct strset *, const char *, size_t);
bool		 strset_has(const struct strset *, const char *, size_t);
int64_t		 strset_intern(struct strset *, const char *, size_t);
uint32_t	 str_hash(const char *, size_t);
/* The largest host list read (EFBIG past it): the largest lists in use
 * are a few tens of megabytes. */
#define HOSTS_MAX_BYTES	(64 << 20)
int		 hosts_load(struct strset *, const char *path);
bool		 hosts_match_url(const struct strset *, const char *url);

/* filters.c */
int	 filter_attributes(struct cex_doc *, const struct cex_opts *);
int	 filter_elements(struct cex_doc *, const struct cex_opts *);
int	 filter_ads(struct cex_doc *, const struct cex_opts *);
int	 filter_linklists(struct cex_doc *, const struct cex_opts *);
int	 filter_tables(struct cex_doc *, const struct cex_opts *);
int	 filter_retain_links(struct cex_doc *, const struct cex_opts *);
int	 method_lookup(const char *, size_t);
const char *method_name(int);
void	 method_list(char *, size_t);
int	 method_run(struct cex_doc *, const struct cex_opts *,
	    const struct site *, size_t);

/* methods.c */
int	 method_descend(struct cex_doc *, const struct cex_opts *);
int	 method_lqf(struct cex_doc *, const struct cex_opts *);
int	 method_bte(struct cex_doc *, const struct cex_opts *);
int	 method_dsc(struct cex_doc *, const struct cex_opts *);
bool	 whole_document(const struct cex_opts *);
int	 keep_parts(struct cex_doc *, const unsigned char *, bool);

/* article.c */
int	 method_article(struct cex_doc *, const struct cex_opts *);
bool	 article_names_with(const char *, size_t);

/* template.c */
struct site	*site_new(const struct cex_opts *, const char *const *, size_t,
		    struct input *);
void		 site_free(struct site *);
int		 method_template(struct cex_doc *, const struct cex_opts *,
		    const struct site *, size_t);

/*
 * A field of the metadata as the writers give it (meta_fields): its
 * name, its values, and how a page's head says it, as <meta ATTR=NAME
 * content=VALUE>, or <link rel=NAME href=VALUE> where ATTR is "rel".
 */
struct meta_field {
	const char		*key;	/* JSON member, YAML key, -t's key */
	bool			 list;	/* a list of values, not one */
	const char *const	*v;	/* its n values */
	size_t			 n;
	const char		*html_attr;
	const char		*html_name;
};

/* The most fields meta_fields gives. */
#define META_FIELDS	11

/* meta.c */
bool		 meta_wanted(const struct cex_opts *);
size_t		 meta_fields(const struct cex_meta *, bool,
		    struct meta_field *);
int		 meta_init(void);
int		 meta_ld_gated(const char *, char **);
int		 meta_ld_things(const char *, size_t *, char **);
struct cex_meta	*meta_new(const struct cex_doc *, const struct cex_opts *);
int		 meta_lead(struct cex_meta *, const struct cex_doc *);
void		 meta_free(struct cex_meta *);

/* url.c */
size_t	 url_scheme_length(const char *);
char	*url_resolve(const char *base, const char *ref);
enum url_kind {
	URL_NONE,		/* not an address */
	URL_ONE,		/* an address */
	URL_SRCSET		/* a srcset: addresses with descriptors */
};
enum url_kind url_attr_kind(const struct cex_node *, const GumboAttribute *);
char	*url_resolve_srcset(const char *base, const char *srcset);
int	 url_of_attr(const struct cex_doc *, const struct cex_node *,
	    const GumboAttribute *, char **);

/* output.c */
int	 out_html(FILE *, const struct cex_doc *);
int	 out_text(FILE *, const struct cex_doc *);
char	*out_collapsed(const struct cex_doc *, uint32_t);

/* markdown.c */
int	 out_markdown(FILE *, const struct cex_doc *);

/* front.c */
int	 front_write(FILE *, const struct cex_doc *, bool);

/* json.c */
struct record_info {
	const char	*id;		/* WARC-Record-ID, or NULL */
	const char	*uri;		/* WARC-Target-URI, or NULL */
	const char	*date;		/* WARC-Date: the capture's, or NULL */
	int		 status;	/* HTTP's, 0 if none */
};
int	 out_json(FILE *, const struct cex_doc *, const struct cex_opts *,
	    const char *input, const struct record_info *);

/* batch.c */
int	 batch_run(const char *const *, size_t, const struct cex_opts *,
	    const struct site *, struct input *);
int	 batch_check_names(const char *const *, size_t,
	    const struct cex_opts *);
struct batch;
void	 batch_say(struct batch *, int, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
struct cex_doc *batch_extract(struct batch *, const char *, const char *,
	    const char *, size_t, const struct cex_opts *);
int	 batch_render(FILE *, const struct cex_doc *, const struct cex_opts *,
	    const char *, const struct record_info *);

/* archive.c */
int	 archive_run(struct batch *, const struct cex_opts *, const char *,
	    int, const unsigned char *, size_t, FILE *, unsigned);

/* eval.c */
int	 eval_run(const char *const *dirs, const struct cex_method *, size_t,
	    bool summary);

/* measure.c */
enum measure {
	MEASURE_CHARS,		/* LCS of the code points */
	MEASURE_WORDS,		/* LCS of the words */
	MEASURE_BAG,		/* words as a multiset */
	MEASURE_SET,		/* words as a set */
	MEASURE_SHINGLES,	/* the benchmark's 4-word shingles */
	MEASURE__MAX
};

/* One measure on one page: the units both texts share, and each's. */
struct mscore {
	size_t		 common;
	size_t		 got;		/* units of the extraction */
	size_t		 want;		/* units of the gold text */
};

struct mtext;
struct mtext	*mtext_new(struct strset *, const char *, size_t);
void		 mtext_free(struct mtext *);
int		 measure_compare(const struct mtext *got,
		    const struct mtext *want, struct mscore[MEASURE__MAX]);
size_t		 lcs_length(const uint32_t *, size_t, const uint32_t *,
		    size_t);
double		 mscore_precision(const struct mscore *);
double		 mscore_recall(const struct mscore *);
double		 f1_of(double, double);

#endif
