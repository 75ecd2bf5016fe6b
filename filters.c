/*
 * filters.c: the filters of Crunch (Gupta, Kaiser, Neistadt and Grimm,
 * "DOM-based Content Extraction of HTML Documents", WWW 2003).
 *
 * Each filter marks nodes of the overlay, never gumbo's tree. They run
 * in the paper's phases: the filters that only edit nodes (attributes,
 * unwrapped elements), then those that delete nodes (element filters,
 * advertisements, link lists), then the empty table remover, bottom-up
 * over what the others left. The removed link retainer looks last at
 * what is gone. Every filter is one or two linear passes over the array.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cex.h"

static bool
group_on(const struct cex_opts *opts, enum elem_group g)
{
	return (opts->groups & (1u << g)) != 0;
}

/*
 * Attribute filter: marks for removal the attributes named by
 * --strip-attrs and, while styles are removed, every style attribute.
 */
int
filter_attributes(struct cex_doc *d, const struct cex_opts *opts)
{
	const GumboVector	*attrs;
	const GumboAttribute	*a;
	bool			 styles = group_on(opts, GROUP_STYLES);
	uint32_t		 i, k;

	if ((opts->strip_attrs.n == 0 && !styles) || d->nattrs == 0)
		return 0;
	if ((d->attr_drop = calloc(d->nattrs, 1)) == NULL)
		return -1;
	for (i = 0; i < d->nnodes; i++) {
		if (!node_is_element(&d->nodes[i]))
			continue;
		attrs = &d->nodes[i].g->v.element.attributes;
		for (k = 0; k < attrs->length; k++) {
			a = attrs->data[k];
			if ((styles && strcmp(a->name, "style") == 0) ||
			    strlist_has(&opts->strip_attrs, a->name,
			    strlen(a->name)))
				d->attr_drop[d->nodes[i].attr_base + k] = 1;
		}
	}
	return 0;
}

/* Whether a text node inside a noscript is markup saved as text. */
static bool
is_saved_markup(const struct cex_node *n)
{
	const char	*s;

	if (!node_is_text(n))
		return false;
	s = n->g->v.text.text;
	return s[strspn(s, " \t\n\f\r")] == '<';
}

/*
 * Whether the page shows its text only to readers without scripts: it
 * has more letters inside noscript elements than outside them, as a
 * page does whose scripts write its content and which gives the same
 * content in noscript for the others. cex is such a reader. A browser
 * that ran the scripts saves what a noscript holds as text: such text
 * that begins with a tag is markup, not letters a reader sees.
 */
static bool
shown_without_scripts(const struct cex_doc *d)
{
	uint64_t	 inside = 0, outside = 0;
	uint32_t	 i, end = 0;

	for (i = 1; i < d->nnodes; i++) {
		if (i >= end && d->nodes[i].tag == GUMBO_TAG_NOSCRIPT)
			end = d->nodes[i].end;
		if (i >= end)
			outside += d->nodes[i].own_letters;
		else if (!is_saved_markup(&d->nodes[i]))
			inside += d->nodes[i].own_letters;
	}
	return inside > outside;
}

/*
 * Whether element i is an item of a checklist: a list item with a
 * checkbox among its first 16 nodes (a recipe's ingredients to tick
 * off as one goes, a list of things to do). Its label is its text.
 */
static bool
is_checklist_item(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 j;

	if (!node_is_element(&d->nodes[i]) || d->nodes[i].tag != GUMBO_TAG_LI)
		return false;
	for (j = i + 1; j < d->nodes[i].end && j < i + 16; j++)
		if (node_is_element(&d->nodes[j]) &&
		    d->nodes[j].tag == GUMBO_TAG_INPUT &&
		    dom_attr_is(&d->nodes[j], "type", "checkbox"))
			return true;
	return false;
}

/*
 * Whether button i opens the element right after it (aria-controls
 * names its id): a disclosure's header, the question over its answer in
 * an FAQ, as WAI-ARIA's pattern has it. Its words label what follows.
 * Frameworks put the button, last, in a header box of its own, or two
 * ("accordion-header"), which the panel follows: the element after the
 * button is then the one after that box. Without the attributes,
 * which scripts add when the page runs, a button of type "button" that
 * heads the element after it (dom_heads_next) does the same.
 */
static bool
opens_next(const struct cex_doc *d, uint32_t i)
{
	const GumboAttribute	*controls, *id;
	uint32_t		 j, box, up;

	if ((controls = dom_attr(&d->nodes[i], "aria-controls")) == NULL ||
	    dom_attr(&d->nodes[i], "aria-expanded") == NULL)
		return dom_heads_next(d, i);
	for (box = i, up = 0; (j = dom_next_element(d, box)) == 0 && up < 2;
	    up++)
		if ((box = d->nodes[box].parent) == 0)
			return false;
	return j != 0 && (id = dom_attr(&d->nodes[j], "id")) != NULL &&
	    id->value[0] != '\0' && dom_has_token(controls->value, id->value);
}

/*
 * Element filters: each element gets the action the options give its
 * tag (remove, unwrap or keep), comments go with GROUP_COMMENTS, and
 * four cases are not a tag of their own: style sheets linked with
 * <link>, image buttons (<input type=image>), and the noscript elements
 * of a page that shows its text only in them (shown_without_scripts),
 * which are unwrapped rather than removed, but for the markup they hold
 * as text; a button in a heading, the heading's text where a page
 * opens and closes its sections by their headings (an accordion, as
 * WAI-ARIA's pattern has it), unwrapped too, as is a button that opens
 * the element after it (opens_next); and so is a label in an
 * item of a checklist (is_checklist_item), the item's text.
 */
int
filter_elements(struct cex_doc *d, const struct cex_opts *opts)
{
	struct cex_node	*n;
	unsigned char	 act;
	uint32_t	 i;
	int		 noscript = -1;	/* shown_without_scripts, once known */
	uint32_t	 unwrapped = 0;	/* the end of an unwrapped noscript */

	for (i = 1; i < d->nnodes; ) {
		n = &d->nodes[i];
		act = ACT_KEEP;
		if (n->type == GUMBO_NODE_COMMENT &&
		    group_on(opts, GROUP_COMMENTS))
			act = ACT_REMOVE;
		else if (i < unwrapped && is_saved_markup(n))
			act = ACT_REMOVE;
		else if (node_is_element(n)) {
			act = tagmap_get(&opts->elements, n->g);
			if (act == ACT_KEEP && n->tag == GUMBO_TAG_LINK &&
			    group_on(opts, GROUP_STYLES) &&
			    dom_attr_is(n, "rel", "stylesheet"))
				act = ACT_REMOVE;
			if (act == ACT_KEEP && n->tag == GUMBO_TAG_INPUT &&
			    group_on(opts, GROUP_IMAGES) &&
			    dom_attr_is(n, "type", "image"))
				act = ACT_REMOVE;
			if (act == ACT_REMOVE && n->tag == GUMBO_TAG_BUTTON &&
			    (tag_is_heading(d->nodes[n->parent].tag) ||
			    opens_next(d, i)))
				act = ACT_UNWRAP;
			if (act == ACT_REMOVE && n->tag == GUMBO_TAG_LABEL &&
			    is_checklist_item(d, n->parent))
				act = ACT_UNWRAP;
			if (act == ACT_REMOVE && n->tag == GUMBO_TAG_NOSCRIPT) {
				if (noscript == -1)
					noscript = shown_without_scripts(d);
				if (noscript) {
					act = ACT_UNWRAP;
					if (n->end > unwrapped)
						unwrapped = n->end;
				}
			}
		}
		if (act == ACT_REMOVE) {
			n->flags |= NODE_REMOVED;
			i = n->end;
			continue;
		}
		if (act == ACT_UNWRAP)
			n->flags |= NODE_UNWRAP;
		i++;
	}
	return 0;
}

/*
 * Whether a link points at a host of the ad lists: resolved against the
 * page's address when it is known, so that a relative link on a page of
 * an ad host is one too. -1 if memory runs out.
 */
static int
is_ad_link(const struct cex_doc *d, const struct strset *hosts,
    const GumboAttribute *link)
{
	char	*url;
	bool	 ad;

	if (link == NULL)
		return 0;
	if (d->base_url == NULL)
		return hosts_match_url(hosts, link->value);
	if ((url = url_resolve(d->base_url, link->value)) == NULL)
		return -1;
	ad = hosts_match_url(hosts, url);
	free(url);
	return ad;
}

/*
 * Advertisement remover: an element whose src or href points at a host
 * of the ad lists, or at a subdomain of one, is removed with its
 * content (the link, image, frame or script itself).
 */
int
filter_ads(struct cex_doc *d, const struct cex_opts *opts)
{
	struct cex_node		*n;
	uint32_t		 i;
	int			 src, href;

	if (!opts->ads || opts->ad_hosts == NULL)
		return 0;
	for (i = 1; i < d->nnodes; ) {
		n = &d->nodes[i];
		if (n->flags & NODE_REMOVED) {
			i = n->end;
			continue;
		}
		if (node_is_element(n)) {
			src = is_ad_link(d, opts->ad_hosts, dom_attr(n, "src"));
			href = is_ad_link(d, opts->ad_hosts,
			    dom_attr(n, "href"));
			if (src == -1 || href == -1) {
				errno = ENOMEM;
				return -1;
			}
			if (src || href) {
				n->flags |= NODE_REMOVED;
				i = n->end;
				continue;
			}
		}
		i++;
	}
	return 0;
}

/* Removes every child of node i and forgets what they counted. */
static void
empty_node(struct cex_doc *d, uint32_t i)
{
	struct cex_node	*n = &d->nodes[i];
	uint32_t	 c;

	for (c = i + 1; c < n->end; c = d->nodes[c].end)
		d->nodes[c].flags |= NODE_REMOVED;
	n->letters = n->linked = n->links = n->substantive = 0;
}

/*
 * Block containers that --link-lists=blocks also tests: the elements
 * that hold menus and lists of links on pages laid out without tables.
 * List items are not among them: one item is too small to judge.
 */
static bool
is_linklist_block(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_P:
	case GUMBO_TAG_UL:
	case GUMBO_TAG_OL:
	case GUMBO_TAG_DL:
	case GUMBO_TAG_MENU:
	case GUMBO_TAG_NAV:
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_HEADER:
	case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_CENTER:
		return true;
	default:
		return false;
	}
}

/*
 * The link list test on one container, its subtree already counted:
 * L links against W = (letters not in links) / chars-per-word words;
 * L / W above the ratio (or links and no other words) is a link list.
 * A cell loses its content but stays, so the table keeps its columns,
 * unless --remove-cell; a block container goes whole, as an emptied
 * one would be a shell with nothing to show.
 */
static void
decide_linklist(struct cex_doc *d, uint32_t i, const struct cex_opts *opts)
{
	struct cex_node	*n = &d->nodes[i];
	uint32_t	 plain;

	if (n->tag != GUMBO_TAG_TD && n->tag != GUMBO_TAG_TH &&
	    !(opts->link_lists == LINKLISTS_BLOCKS && is_linklist_block(n->tag)))
		return;
	if (n->links == 0)
		return;
	plain = n->letters - n->linked;
	if (plain > 0 &&
	    n->links * opts->chars_per_word / plain <= opts->link_ratio)
		return;
	if (opts->remove_cell ||
	    (n->tag != GUMBO_TAG_TD && n->tag != GUMBO_TAG_TH))
		n->flags |= NODE_REMOVED;
	else
		empty_node(d, i);
}

/*
 * Link list remover, bottom-up: the innermost lists go first, and a
 * container is judged on what its inner lists left.
 */
int
filter_linklists(struct cex_doc *d, const struct cex_opts *opts)
{
	if (opts->link_lists != LINKLISTS_OFF)
		dom_measure(d, opts, decide_linklist);
	return 0;
}

static void
decide_table(struct cex_doc *d, uint32_t i, const struct cex_opts *opts)
{
	struct cex_node	*n = &d->nodes[i];

	if (n->tag == GUMBO_TAG_TABLE && n->letters < opts->min_chars &&
	    n->substantive == 0)
		n->flags |= NODE_REMOVED;
}

/*
 * Empty table remover, after the others and bottom-up, so that a table
 * holding only tables that were removed is removed too.
 */
int
filter_tables(struct cex_doc *d, const struct cex_opts *opts)
{
	if (opts->empty_tables)
		dom_measure(d, opts, decide_table);
	return 0;
}

/*
 * Removed link retainer: collects, in document order and once per
 * address, every removed a[href] that has text, for the writers to list
 * at the end; its address resolved when the page's is known.
 */
int
filter_retain_links(struct cex_doc *d, const struct cex_opts *opts)
{
	const GumboAttribute	*href;
	struct strset		*seen;
	struct cex_node		*n;
	unsigned char		*dead;
	uint32_t		*letters, i;
	char			*url = NULL;
	int			 added, rc = -1;

	if (!opts->keep_links)
		return 0;
	dead = calloc(d->nnodes, 1);
	letters = calloc(d->nnodes, sizeof(*letters));
	seen = strset_new();
	if (dead == NULL || letters == NULL || seen == NULL)
		goto out;
	/* Letters of every subtree, removed or not: a link's whole text. */
	for (i = d->nnodes; i-- > 1; ) {
		letters[i] += d->nodes[i].own_letters;
		letters[d->nodes[i].parent] += letters[i];
	}
	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		dead[i] = (n->flags & NODE_REMOVED) || dead[n->parent];
		if (!dead[i] || n->tag != GUMBO_TAG_A || !node_is_element(n) ||
		    letters[i] == 0 || (href = dom_attr(n, "href")) == NULL ||
		    *href->value == '\0')
			continue;
		if ((url = url_resolve(d->base_url, href->value)) == NULL ||
		    (added = strset_add(seen, url, strlen(url))) == -1)
			goto out;
		if (added == 0) {
			free(url);
			url = NULL;
			continue;
		}
		if ((d->nretained & (d->nretained - 1)) == 0) {
			struct retained_link *r = realloc(d->retained,
			    (d->nretained == 0 ? 1 : d->nretained * 2) *
			    sizeof(*r));
			if (r == NULL)
				goto out;
			d->retained = r;
		}
		d->retained[d->nretained].node = i;
		d->retained[d->nretained++].url = url;
		url = NULL;
	}
	rc = 0;
out:
	free(url);
	free(dead);
	free(letters);
	strset_free(seen);
	if (rc == -1)
		errno = ENOMEM;
	return rc;
}

/*
 * The filters that follow the attribute and element filters, in the
 * paper's order. Returns -1 with errno on ENOMEM.
 */
static int
filter_run(struct cex_doc *d, const struct cex_opts *opts)
{
	if (filter_ads(d, opts) == -1 ||
	    filter_linklists(d, opts) == -1 ||
	    filter_tables(d, opts) == -1 ||
	    filter_retain_links(d, opts) == -1)
		return -1;
	return 0;
}

/* The names -m takes, by enum method. */
static const char *const method_names[METHOD__MAX] = {
	[METHOD_CRUNCH] = "crunch",
	[METHOD_PLAIN] = "plain",
	[METHOD_DESCEND] = "descend",
	[METHOD_LQF] = "lqf",
	[METHOD_BTE] = "bte",
	[METHOD_DSC] = "dsc",
	[METHOD_TEMPLATE] = "template",
	[METHOD_ARTICLE] = "article",
};

/* The methods' names, for messages: "crunch, plain, ..." in buf. */
void
method_list(char *buf, size_t size)
{
	size_t	 len = 0;
	int	 m;

	buf[0] = '\0';
	for (m = 0; m < METHOD__MAX && len < size; m++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    m > 0 ? ", " : "", method_names[m]);
}

/* The method called name (len bytes), or -1. */
int
method_lookup(const char *name, size_t len)
{
	int	 m;

	for (m = 0; m < METHOD__MAX; m++)
		if (strlen(method_names[m]) == len &&
		    strncmp(method_names[m], name, len) == 0)
			return m;
	return -1;
}


const char *
method_name(int m)
{
	return m >= 0 && m < METHOD__MAX ? method_names[m] : "?";
}

/*
 * Runs the method of opts over a parsed page. plain marks nothing: the
 * writers then give all of the page, the baseline of an evaluation.
 * The methods of the literature run on a page the attribute, element
 * and ad filters have cleaned; the link list and empty table removers
 * follow them only when asked for, as they would change what the
 * methods are known for. template compares the page, number index of
 * the site, with other pages of the site.
 */
int
method_run(struct cex_doc *d, const struct cex_opts *opts,
    const struct site *site, size_t index)
{
	int	 (*method)(struct cex_doc *, const struct cex_opts *) = NULL;

	/* Attributes are written in markup only. */
	if (opts->method != METHOD_PLAIN &&
	    ((opts_writes_html(opts) && filter_attributes(d, opts) == -1) ||
	    filter_elements(d, opts) == -1))
		return -1;
	/* The page's title, before a method takes headings away. */
	d->page_title = dom_title(d);
	switch (opts->method) {
	case METHOD_CRUNCH:
		return filter_run(d, opts);
	case METHOD_PLAIN:
		return 0;
	case METHOD_DESCEND:
		method = method_descend;
		break;
	case METHOD_LQF:
		method = method_lqf;
		break;
	case METHOD_BTE:
		method = method_bte;
		break;
	case METHOD_DSC:
		method = method_dsc;
		break;
	case METHOD_ARTICLE:
		method = method_article;
		break;
	case METHOD_TEMPLATE:
	case METHOD__MAX:
		break;
	}
	if (filter_ads(d, opts) == -1 ||
	    (method != NULL ? method(d, opts) :
	    method_template(d, opts, site, index)) == -1 ||
	    (opts->link_lists_given && filter_linklists(d, opts) == -1) ||
	    (opts->empty_tables_given && filter_tables(d, opts) == -1) ||
	    filter_retain_links(d, opts) == -1)
		return -1;
	return 0;
}
