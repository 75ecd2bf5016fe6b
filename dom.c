/*
 * dom.c: from bytes to the tree the filters work on.
 *
 * The input is read whole, converted to UTF-8 (encoding.c), parsed by
 * gumbo, and laid out as cex's overlay: every node in document order in
 * one array, with its parent and the end of its subtree, so that a
 * subtree is a range of the array, removing a node is a flag, and the
 * aggregates every filter needs come from one backward pass. Nothing
 * here recurses on the document's nesting depth.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <utf8proc.h>

#include "cex.h"

/*
 * Opens an input for dom_read_fd: "-" is standard input, a directory is
 * refused with EISDIR. Returns the descriptor, or -1 with errno set.
 */
int
dom_open(const char *path)
{
	struct stat	 st;
	int		 fd, saved;

	if (strcmp(path, "-") == 0)
		return STDIN_FILENO;
	if ((fd = open(path, O_RDONLY)) == -1)
		return -1;
	if (fstat(fd, &st) == -1)
		saved = errno;
	else if (S_ISDIR(st.st_mode))
		saved = EISDIR;
	else
		return fd;
	close(fd);
	errno = saved;
	return -1;
}

/*
 * Reads fd to its end into a new buffer with a NUL after its last byte.
 * Past max bytes (0: no limit) it stops with EFBIG: a regular file is
 * refused before anything is read, other inputs once more than max
 * bytes came. On EFBIG, *bytes and *len hold what was read (NULL and 0
 * if nothing), for the caller to pass on and free; the rest is still
 * in fd. Returns -1 with errno set on failure.
 */
int
dom_read_fd(int fd, size_t max, char **bytes, size_t *len)
{
	struct stat	 st;
	char		*buf = NULL, *nbuf;
	size_t		 n = 0, cap;
	ssize_t		 got;
	int		 saved;

	*bytes = NULL;
	*len = 0;
	if (fstat(fd, &st) == -1)
		return -1;
	if (max > 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max) {
		errno = EFBIG;
		return -1;
	}
	cap = S_ISREG(st.st_mode) && st.st_size > 0 ?
	    (size_t)st.st_size + 1 : 65536;
	for (;;) {
		if (buf == NULL || n + 1 >= cap) {
			if (buf != NULL)
				cap *= 2;
			if ((nbuf = realloc(buf, cap)) == NULL)
				goto fail;
			buf = nbuf;
		}
		got = read(fd, buf + n, cap - n - 1);
		if (got == -1) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (got == 0)
			break;
		n += got;
		if (max > 0 && n > max) {
			*bytes = buf;
			*len = n;
			errno = EFBIG;
			return -1;
		}
	}
	buf[n] = '\0';
	*bytes = buf;
	*len = n;
	return 0;
fail:
	saved = errno;
	free(buf);
	errno = saved;
	return -1;
}

/*
 * Reads a whole file ("-" is standard input) as dom_read_fd does, but
 * keeps nothing on failure.
 */
int
dom_read(const char *path, size_t max, char **bytes, size_t *len)
{
	int	 fd, rc, saved;

	if ((fd = dom_open(path)) == -1)
		return -1;
	rc = dom_read_fd(fd, max, bytes, len);
	saved = errno;
	if (fd != STDIN_FILENO)
		close(fd);
	if (rc == -1) {
		free(*bytes);
		*bytes = NULL;
	}
	errno = saved;
	return rc;
}

/*
 * Reads an input ("-" is standard input) as dom_read_fd does, into in:
 * in->error is 0, or the errno of the failure. On EFBIG, in->bytes holds
 * what was read and, if keep_rest, in->fd stays open on the rest;
 * otherwise in->fd is -1 once the input is read.
 */
void
input_read(struct input *in, const char *path, size_t max, bool keep_rest)
{
	memset(in, 0, sizeof(*in));
	in->fd = -1;
	if ((in->fd = dom_open(path)) == -1) {
		in->error = errno;
		return;
	}
	if (dom_read_fd(in->fd, max, &in->bytes, &in->len) == -1) {
		in->error = errno;
		if (in->error == EFBIG && keep_rest)
			return;
		free(in->bytes);
		in->bytes = NULL;
		in->len = 0;
	}
	if (in->fd != STDIN_FILENO)
		close(in->fd);
	in->fd = -1;
}

/* Frees what input_read kept. */
void
input_close(struct input *in)
{
	free(in->bytes);
	in->bytes = NULL;
	if (in->fd != -1 && in->fd != STDIN_FILENO)
		close(in->fd);
	in->fd = -1;
}

/* Unicode whitespace: ASCII's, NEL, and the Z categories (NBSP too). */
bool
dom_is_space(int32_t cp)
{
	if (cp < 0x80)
		return cp == ' ' || (cp >= '\t' && cp <= '\r');
	if (cp == 0x85)
		return true;
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_ZS:
	case UTF8PROC_CATEGORY_ZL:
	case UTF8PROC_CATEGORY_ZP:
		return true;
	default:
		return false;
	}
}

/* A letter as the filters count them: categories L and N. */
bool
dom_is_letter(int32_t cp)
{
	switch (utf8proc_category(cp)) {
	case UTF8PROC_CATEGORY_LU:
	case UTF8PROC_CATEGORY_LL:
	case UTF8PROC_CATEGORY_LT:
	case UTF8PROC_CATEGORY_LM:
	case UTF8PROC_CATEGORY_LO:
	case UTF8PROC_CATEGORY_ND:
	case UTF8PROC_CATEGORY_NL:
	case UTF8PROC_CATEGORY_NO:
		return true;
	default:
		return false;
	}
}

/* The letters of a UTF-8 text; ASCII, most of any page, goes fast. */
uint32_t
dom_letters(const char *s, size_t n)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;
	uint32_t		 count = 0;
	size_t			 i = 0;

	while (i < n) {
		if (p[i] < 0x80) {
			count += (p[i] >= 'a' && p[i] <= 'z') ||
			    (p[i] >= 'A' && p[i] <= 'Z') ||
			    (p[i] >= '0' && p[i] <= '9');
			i++;
			continue;
		}
		k = utf8proc_iterate(p + i, n - i, &cp);
		if (k <= 0) {
			i++;
			continue;
		}
		count += dom_is_letter(cp);
		i += k;
	}
	return count;
}

static const GumboVector *
children_of(const GumboNode *g)
{
	switch (g->type) {
	case GUMBO_NODE_DOCUMENT:
		return &g->v.document.children;
	case GUMBO_NODE_ELEMENT:
	case GUMBO_NODE_TEMPLATE:
		return &g->v.element.children;
	default:
		return NULL;
	}
}

static bool
is_element(const GumboNode *g)
{
	return g->type == GUMBO_NODE_ELEMENT || g->type == GUMBO_NODE_TEMPLATE;
}

/* Appends g to the overlay; returns its index, or -1 on ENOMEM. */
static int64_t
add_node(struct cex_doc *d, size_t *cap, GumboNode *g, uint32_t parent)
{
	struct cex_node	*n, *nn;
	size_t		 ncap;

	if (d->nnodes == *cap) {
		ncap = *cap * 2;
		if (ncap > UINT32_MAX ||
		    (nn = realloc(d->nodes, ncap * sizeof(*nn))) == NULL) {
			errno = ENOMEM;
			return -1;
		}
		d->nodes = nn;
		*cap = ncap;
	}
	n = &d->nodes[d->nnodes];
	memset(n, 0, sizeof(*n));
	n->g = g;
	n->parent = parent;
	n->type = g->type;
	n->end = d->nnodes + 1;
	n->tag = GUMBO_TAG_LAST;	/* no tag: never equal to a real one */
	if (is_element(g)) {
		n->tag = g->v.element.tag;
		n->attr_base = d->nattrs;
		if (g->v.element.attributes.length > UINT32_MAX - d->nattrs) {
			errno = ENOMEM;
			return -1;
		}
		d->nattrs += g->v.element.attributes.length;
	} else if ((g->type == GUMBO_NODE_TEXT || g->type == GUMBO_NODE_CDATA) &&
	    d->nodes[parent].tag != GUMBO_TAG_SCRIPT &&
	    d->nodes[parent].tag != GUMBO_TAG_STYLE &&
	    !node_is_svg_label(&d->nodes[parent])) {
		/*
		 * Code in a script or style is not text a reader sees, nor
		 * is a picture's tooltip.
		 */
		n->own_letters = dom_letters(g->v.text.text,
		    strlen(g->v.text.text));
	}
	return d->nnodes++;
}

/*
 * Lays gumbo's tree out in document order. The walk keeps an explicit
 * stack of open nodes and the next child to visit in each, so its depth
 * is bounded by memory, not by the C stack.
 */
static int
build_overlay(struct cex_doc *d)
{
	struct frame {
		uint32_t	 node;
		uint32_t	 next;
	}			*stack = NULL, *ns;
	size_t			 cap, depth = 0, stack_cap = 64;
	const GumboVector	*kids;
	GumboNode		*child;
	int64_t			 idx;

	cap = d->len / 32 + 64;
	if ((d->nodes = malloc(cap * sizeof(*d->nodes))) == NULL ||
	    (stack = malloc(stack_cap * sizeof(*stack))) == NULL)
		goto nomem;
	if (add_node(d, &cap, d->gumbo->document, 0) == -1)
		goto nomem;
	stack[depth++] = (struct frame){ 0, 0 };
	while (depth > 0) {
		struct frame *top = &stack[depth - 1];

		kids = children_of(d->nodes[top->node].g);
		if (kids == NULL || top->next >= kids->length) {
			d->nodes[top->node].end = d->nnodes;
			depth--;
			continue;
		}
		child = kids->data[top->next++];
		if ((idx = add_node(d, &cap, child, top->node)) == -1)
			goto nomem;
		if (children_of(child) == NULL)
			continue;
		if (depth == stack_cap) {
			stack_cap *= 2;
			if ((ns = realloc(stack, stack_cap * sizeof(*ns))) == NULL)
				goto nomem;
			stack = ns;
		}
		stack[depth++] = (struct frame){ (uint32_t)idx, 0 };
	}
	free(stack);
	return 0;
nomem:
	free(stack);
	errno = ENOMEM;
	return -1;
}

/*
 * gumbo's memory. gumbo 0.10.1 frees its tree recursively, which
 * overflows the stack on deeply nested pages, so cex never calls
 * gumbo_destroy_output: the document owns gumbo's heap and frees it
 * whole. Small blocks, nearly all of gumbo's, are cut from large chunks
 * with an 8-byte header saying their size class, and a freed one waits
 * in a list of its class for the next allocation of that class, as
 * gumbo frees much of what it allocates while it parses. Large blocks
 * are malloc'd and linked in a list. Freeing the heap is a walk of the
 * chunks and of that list, not of the tree.
 *
 * gumbo does not check what its allocator returns. When memory runs
 * out, the allocator jumps back to where the parse began (parse_page),
 * leaving gumbo's state behind: all of it is in the heap, freed whole,
 * and gumbo keeps none elsewhere. The page fails; the program goes on.
 */
#define HEAP_CHUNK	(256 * 1024)
#define HEAP_CLASS	16		/* bytes between size classes */
#define HEAP_SMALL	1024		/* the largest small block */

struct chunk {
	struct chunk	*next;
};

struct big {
	struct big	*prev, *next;
	size_t		 class;		/* 0: big, where a small one's is */
};

struct gumbo_heap {
	jmp_buf		 nomem;		/* where the parse began */
	char		*cur, *end;	/* what is left of the chunk */
	struct chunk	*chunks;
	void		*free_class[HEAP_SMALL / HEAP_CLASS + 1];
	struct big	 bigs;		/* sentinel of a circular list */
};

static void *
heap_alloc(void *userdata, size_t size)
{
	struct gumbo_heap	*h = userdata;
	struct chunk		*c;
	struct big		*b;
	size_t			 class, need;
	void			*p;

	if (size <= HEAP_SMALL) {
		class = size == 0 ? 1 : (size + HEAP_CLASS - 1) / HEAP_CLASS;
		if ((p = h->free_class[class]) != NULL) {
			h->free_class[class] = *(void **)p;
			return p;
		}
		need = sizeof(size_t) + class * HEAP_CLASS;
		if (h->cur == NULL || (size_t)(h->end - h->cur) < need) {
			if ((c = malloc(HEAP_CHUNK)) == NULL)
				longjmp(h->nomem, 1);
			c->next = h->chunks;
			h->chunks = c;
			h->cur = (char *)c + sizeof(size_t);
			h->end = (char *)c + HEAP_CHUNK;
		}
		*(size_t *)h->cur = class;
		p = h->cur + sizeof(size_t);
		h->cur += need;
		return p;
	}
	if (size > SIZE_MAX - sizeof(*b) ||
	    (b = malloc(sizeof(*b) + size)) == NULL)
		longjmp(h->nomem, 1);
	b->class = 0;
	b->next = h->bigs.next;
	b->prev = &h->bigs;
	h->bigs.next->prev = b;
	h->bigs.next = b;
	return b + 1;
}

static void
heap_free(void *userdata, void *p)
{
	struct gumbo_heap	*h = userdata;
	struct big		*b;
	size_t			 class;

	if (p == NULL)
		return;
	if ((class = ((size_t *)p)[-1]) != 0) {
		*(void **)p = h->free_class[class];
		h->free_class[class] = p;
		return;
	}
	b = (struct big *)p - 1;
	b->prev->next = b->next;
	b->next->prev = b->prev;
	free(b);
}

static struct gumbo_heap *
heap_new(void)
{
	struct gumbo_heap *h = calloc(1, sizeof(*h));

	if (h == NULL)
		return NULL;
	h->bigs.next = h->bigs.prev = &h->bigs;
	return h;
}

static void
heap_free_all(struct gumbo_heap *h)
{
	struct chunk	*c, *next_chunk;
	struct big	*b, *next;

	if (h == NULL)
		return;
	for (c = h->chunks; c != NULL; c = next_chunk) {
		next_chunk = c->next;
		free(c);
	}
	for (b = h->bigs.next; b != &h->bigs; b = next) {
		next = b->next;
		free(b);
	}
	free(h);
}

/*
 * gumbo's parse of len bytes of html into the heap; NULL if memory ran
 * out on the way.
 */
static GumboOutput *
parse_page(struct gumbo_heap *heap, const char *html, size_t len)
{
	GumboOptions	 options = kGumboDefaultOptions;

	options.allocator = heap_alloc;
	options.deallocator = heap_free;
	options.userdata = heap;
	/* Parse errors are not used: not recording them saves time. */
	options.max_errors = 0;
	if (setjmp(heap->nomem) != 0)
		return NULL;
	return gumbo_parse_with_options(&options, html, len);
}

/*
 * The address the page's links are relative to: its first base element
 * with an href, resolved against the page's own address (--url), else
 * that address; NULL if neither is known. Returns -1 if memory runs out.
 */
static int
find_base_url(struct cex_doc *d, const char *url)
{
	const GumboAttribute	*href = NULL;
	uint32_t		 i;

	for (i = 1; i < d->nnodes && href == NULL; i++)
		if (node_is_element(&d->nodes[i]) &&
		    d->nodes[i].tag == GUMBO_TAG_BASE)
			href = dom_attr(&d->nodes[i], "href");
	/*
	 * An absolute address resolved against itself is in its normal
	 * form ("/./" gone), as a browser parses its base: links that are
	 * empty, taking the base's path, are written as an absolute link
	 * to the same place is.
	 */
	if (href != NULL)
		d->base_url = url_resolve(url != NULL ? url : href->value,
		    href->value);
	else if (url != NULL)
		d->base_url = url_resolve(url, url);
	return (href != NULL || url != NULL) && d->base_url == NULL ? -1 : 0;
}

/*
 * The guard's limits for a page of len bytes, all off with --max-depth
 * 0. Script and style bodies go before the parse when the element
 * filters would remove them (plain removes nothing), and so do the
 * attributes no filter reads when the output has no markup (text,
 * Markdown, JSON without the HTML).
 */
static void
guard_limits(struct guard_limits *lim, const struct cex_opts *opts,
    size_t len)
{
	struct builder_limits *m = &lim->model;
	bool		 on = opts->max_depth > 0;

	memset(lim, 0, sizeof(*lim));
	lim->max_attrs = on ? GUARD_MAX_ATTRS : SIZE_MAX;
	if (on) {
		m->depth = (size_t)opts->max_depth;
		m->elements = len / GUARD_BYTES_PER_ELEMENT;
		if (m->elements < GUARD_MIN_ELEMENTS)
			m->elements = GUARD_MIN_ELEMENTS;
		m->formatting = GUARD_MAX_FORMATTING;
		m->list = GUARD_MAX_LIST;
		m->formatting_depth = GUARD_FORMATTING_DEPTH;
		m->work = (uint64_t)len * GUARD_WORK_PER_BYTE;
		if (m->work < GUARD_MIN_WORK)
			m->work = GUARD_MIN_WORK;
		m->merged_attrs = GUARD_MAX_ATTRS;
	}
	lim->skip_scripts = opts->method != METHOD_PLAIN &&
	    opts->elements.known[GUMBO_TAG_SCRIPT] == ACT_REMOVE;
	lim->skip_styles = opts->method != METHOD_PLAIN &&
	    opts->elements.known[GUMBO_TAG_STYLE] == ACT_REMOVE;
	lim->markupless = opts->method != METHOD_PLAIN &&
	    !opts_writes_html(opts);
}

/*
 * Decodes len bytes (charset: a label checked by the caller, or NULL to
 * detect), parses them and builds the overlay. The bytes are not kept.
 * Returns NULL with errno set if memory runs out.
 */
struct cex_doc *
dom_new(const char *bytes, size_t len, const struct cex_opts *opts)
{
	struct cex_doc		*d;
	struct guard_limits	 lim;
	const char		*src;
	char			*guarded;
	size_t			 bom, guarded_len;
	int			 enc;

	if ((d = calloc(1, sizeof(*d))) == NULL)
		return NULL;
	enc = enc_detect((const unsigned char *)bytes, len, opts->charset, &bom);
	d->encoding = enc_name(enc);
	/*
	 * Valid UTF-8 is read where it is, not copied: the guard makes
	 * the copy gumbo is given, and a page it leaves as it is is copied
	 * below, for the tree points into what gumbo parsed.
	 */
	src = bytes + bom;
	d->len = len - bom;
	if (!enc_is_utf8((const unsigned char *)src, d->len, enc)) {
		d->html = enc_to_utf8((const unsigned char *)src, d->len, enc,
		    &d->len);
		if ((src = d->html) == NULL)
			goto fail;
	}
	guard_limits(&lim, opts, d->len);
	guarded = guard_run(src, d->len, &lim, &d->guard, &guarded_len);
	if (guarded != NULL) {
		free(d->html);
		d->html = guarded;
		d->len = guarded_len;
	} else if (guarded_len == (size_t)-1)
		goto fail;
	else if (d->html == NULL) {
		if ((d->html = malloc(d->len + 1)) == NULL)
			goto fail;
		memcpy(d->html, src, d->len);
		d->html[d->len] = '\0';
	}
	if ((d->heap = heap_new()) == NULL ||
	    (d->gumbo = parse_page(d->heap, d->html, d->len)) == NULL ||
	    build_overlay(d) == -1 ||
	    find_base_url(d, opts->url) == -1)
		goto fail;
	d->head_meta = opts->metadata && opts->format == FORMAT_HTML;
	return d;
fail:
	dom_free(d);
	errno = ENOMEM;
	return NULL;
}

void
dom_free(struct cex_doc *d)
{
	uint32_t	 i;

	if (d == NULL)
		return;
	heap_free_all(d->heap);
	free(d->html);
	free(d->nodes);
	free(d->attr_drop);
	for (i = 0; i < d->nretained; i++)
		free(d->retained[i].url);
	free(d->retained);
	free(d->base_url);
	meta_free(d->meta);
	free(d);
}

/*
 * The attribute of an element named name (in lower case), any case as
 * gumbo_get_attribute finds it; the first letter weeds out most of the
 * others before a whole comparison, as the filters ask for attributes
 * of each node many times.
 */
const GumboAttribute *
dom_attr(const struct cex_node *n, const char *name)
{
	const GumboVector	*attrs;
	const GumboAttribute	*a;
	unsigned int		 k;

	if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE)
		return NULL;
	attrs = &n->g->v.element.attributes;
	for (k = 0; k < attrs->length; k++) {
		a = attrs->data[k];
		if (ascii_lower((unsigned char)a->name[0]) ==
		    (unsigned char)name[0] && strcasecmp(a->name, name) == 0)
			return a;
	}
	return NULL;
}

/* Whether the space-separated list s holds word (ASCII case ignored). */
bool
dom_has_token(const char *s, const char *word)
{
	size_t	 n = strlen(word), k;

	while (*s != '\0') {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' ||
		    *s == '\f')
			s++;
		for (k = 0; s[k] != '\0' && s[k] != ' ' && s[k] != '\t' &&
		    s[k] != '\n' && s[k] != '\r' && s[k] != '\f'; k++)
			continue;
		if (k == n && strncasecmp(s, word, n) == 0)
			return true;
		s += k;
	}
	return false;
}

/*
 * Whether element n's attribute name holds the token value, in any case
 * (rel=stylesheet, type=button, role=button, itemprop=description).
 */
bool
dom_attr_is(const struct cex_node *n, const char *name, const char *value)
{
	const GumboAttribute	*a = dom_attr(n, name);

	return a != NULL && dom_has_token(a->value, value);
}

/*
 * The element right after node i among its siblings, over text and
 * comments between them, or 0 if none.
 */
uint32_t
dom_next_element(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 j, end = d->nodes[d->nodes[i].parent].end;

	for (j = d->nodes[i].end; j < end && !node_is_element(&d->nodes[j]);
	    j = d->nodes[j].end)
		continue;
	return j < end ? j : 0;
}

/*
 * Whether a style attribute's declarations hide the element: "display"
 * set to "none" or "visibility" to "hidden", in any case and spacing.
 */
bool
dom_style_hides(const char *style)
{
	static const char *const hiding[][2] = {
		{ "display", "none" }, { "visibility", "hidden" } };
	const char	*p, *v;
	size_t		 k, len;

	for (k = 0; k < 2; k++)
		for (p = style; (p = strcasestr(p, hiding[k][0])) != NULL;
		    p += strlen(hiding[k][0])) {
			/* A property's name begins a declaration. */
			if (p != style && !(p[-1] == ';' || p[-1] == '{' ||
			    ascii_is_space((unsigned char)p[-1])))
				continue;
			v = p + strlen(hiding[k][0]);
			while (ascii_is_space((unsigned char)*v))
				v++;
			if (*v++ != ':')
				continue;
			while (ascii_is_space((unsigned char)*v))
				v++;
			len = strlen(hiding[k][1]);
			if (strncasecmp(v, hiding[k][1], len) == 0 &&
			    !ascii_is_alpha((unsigned char)v[len]) &&
			    v[len] != '-')
				return true;
		}
	return false;
}

/*
 * Whether element n is closed, as a disclosure's panel is until a click
 * opens it: the hidden attribute, a style that hides it
 * (dom_style_hides), or a class that says so ("collapse", "closed",
 * "hidden", or a word ending in "-hidden", "_hidden", "-collapsed",
 * "-closed": Kadence's "kt-accordion-panel-hidden").
 */
bool
dom_is_closed(const struct cex_node *n)
{
	static const char *const words[] = { "hidden", "collapse",
	    "collapsed", "closed", NULL };
	const GumboAttribute	*at;
	const char		*s, *w;
	size_t			 len, k, wl;

	if (dom_attr(n, "hidden") != NULL ||
	    ((at = dom_attr(n, "style")) != NULL && dom_style_hides(at->value)))
		return true;
	if ((at = dom_attr(n, "class")) == NULL)
		return false;
	for (s = at->value; *(s += strspn(s, " \t\n\f\r")) != '\0'; s += len) {
		len = strcspn(s, " \t\n\f\r");
		for (k = 0; (w = words[k]) != NULL; k++) {
			wl = strlen(w);
			if (len >= wl && strncasecmp(s + len - wl, w, wl) == 0 &&
			    (len == wl || s[len - wl - 1] == '-' ||
			    s[len - wl - 1] == '_'))
				return true;
		}
	}
	return false;
}

/*
 * Whether element box is a disclosure's header: one button (a button element of
 * type "button", not one that sends a form, or one that names what it opens
 * with aria-controls or aria-expanded, or an element whose role is button)
 * and no text but the button's, within 32 nodes. A click on it opens the
 * element after the box: WAI-ARIA's pattern without the attributes that scripts
 * add once the page runs (an FAQ's question over its answer, saved so by site
 * builders).
 */
bool
dom_is_button_box(const struct cex_doc *d, uint32_t box)
{
	const struct cex_node	*n;
	uint32_t		 j, button = 0, inside = 0;

	if (!node_is_element(&d->nodes[box]) || d->nodes[box].end - box > 32)
		return false;
	for (j = box; j < d->nodes[box].end; j++) {
		n = &d->nodes[j];
		if (node_is_element(n) && ((n->tag == GUMBO_TAG_BUTTON &&
		    (dom_attr_is(n, "type", "button") ||
		    dom_attr(n, "aria-controls") != NULL ||
		    dom_attr(n, "aria-expanded") != NULL)) ||
		    dom_attr_is(n, "role", "button"))) {
			if (button != 0 && j >= d->nodes[button].end)
				return false;	/* a second button */
			if (button == 0)
				button = j;
		} else if (n->own_letters > 0) {
			if (button == 0 || j >= d->nodes[button].end)
				return false;	/* text beside the button */
			inside += n->own_letters;
		}
	}
	return inside > 0;
}

/*
 * Whether box (a button's, 32 nodes at most: dom_is_button_box) holds
 * the control of element next, hidden from screen readers until it is
 * opened: an attribute aria-controls that names next's id, which has
 * aria-hidden="true" (WAI-ARIA's accordion). Elsewhere aria-hidden
 * hides a visible label's copy from screen readers, not a panel.
 */
static bool
controls_hidden(const struct cex_doc *d, uint32_t box, uint32_t next)
{
	const GumboAttribute	*id = dom_attr(&d->nodes[next], "id");
	const GumboAttribute	*c;
	uint32_t		 j;

	if (id == NULL || !dom_attr_is(&d->nodes[next], "aria-hidden", "true"))
		return false;
	for (j = box; j < d->nodes[box].end; j++)
		if (node_is_element(&d->nodes[j]) &&
		    (c = dom_attr(&d->nodes[j], "aria-controls")) != NULL &&
		    strcmp(c->value, id->value) == 0)
			return true;
	return false;
}

/*
 * Whether element i heads the element after it as a disclosure's
 * header does, without saying so (pages saved before their scripts
 * ran): it is, or its parent or grandparent is, a box whose only text
 * is a button's (dom_is_button_box), and a closed element follows that
 * box (dom_is_closed), not another button's box ("Show less" after
 * "Show more"): the panel the button opens.
 */
bool
dom_heads_next(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 box, up, next;

	for (box = i, up = 0; up < 3 && box != 0 &&
	    dom_is_button_box(d, box); box = d->nodes[box].parent, up++)
		if ((next = dom_next_element(d, box)) != 0)
			return (dom_is_closed(&d->nodes[next]) ||
			    controls_hidden(d, box, next)) &&
			    !dom_is_button_box(d, next);
	return false;
}

/*
 * The element before node i among its siblings, over text and comments
 * between them, among the first 64 children of its parent; or 0.
 */
uint32_t
dom_previous_element(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c, k, before = 0;

	for (c = d->nodes[i].parent + 1, k = 0; c < i && k < 64;
	    c = d->nodes[c].end, k++)
		if (node_is_element(&d->nodes[c]))
			before = c;
	return c == i ? before : 0;
}

/*
 * The name of an element, not NUL-terminated: gumbo's for known tags
 * (SVG's in their mixed case), else as written in the source, in which
 * case *from_source is set: the caller lower-cases it.
 */
const char *
dom_tagname(const GumboNode *g, size_t *len, bool *from_source)
{
	GumboStringPiece piece = g->v.element.original_tag;
	const char	*name;

	if (from_source != NULL)
		*from_source = false;
	if (piece.length > 0 && g->v.element.tag_namespace == GUMBO_NAMESPACE_SVG) {
		gumbo_tag_from_original_text(&piece);
		if ((name = gumbo_normalize_svg_tagname(&piece)) != NULL) {
			*len = strlen(name);
			return name;
		}
		piece = g->v.element.original_tag;
	}
	if (g->v.element.tag != GUMBO_TAG_UNKNOWN || piece.length == 0) {
		name = gumbo_normalized_tagname(g->v.element.tag);
		*len = strlen(name);
		return name;
	}
	gumbo_tag_from_original_text(&piece);
	if (from_source != NULL)
		*from_source = true;
	*len = piece.length;
	return piece.data;
}

/*
 * Refreshes the aggregates of every node in one backward pass: a node's
 * children come after it, so they are complete when it is reached. The
 * decide callback, if given, sees each element with its subtree counted
 * and may remove it (it is then not counted in its parent) or empty it.
 */
void
dom_measure(struct cex_doc *d, const struct cex_opts *opts,
    dom_decide_fn decide)
{
	struct cex_node	*n, *p;
	uint32_t	 i;

	for (i = 0; i < d->nnodes; i++) {
		n = &d->nodes[i];
		n->letters = n->own_letters;
		n->linked = n->links = n->substantive = 0;
	}
	for (i = d->nnodes; i-- > 0; ) {
		n = &d->nodes[i];
		if (is_element(n->g)) {
			if (decide != NULL && !(n->flags & NODE_REMOVED))
				decide(d, i, opts);
			if (n->tag == GUMBO_TAG_A && !(n->flags & NODE_UNWRAP)) {
				n->linked = n->letters;
				if (dom_attr(n, "href") != NULL)
					n->links++;
			}
			if (tagmap_get(&opts->substantive, n->g))
				n->substantive++;
		}
		if (i == 0 || (n->flags & NODE_REMOVED))
			continue;
		p = &d->nodes[n->parent];
		p->letters += n->letters;
		p->linked += n->linked;
		p->links += n->links;
		p->substantive += n->substantive;
	}
}

/*
 * Visits the live nodes under the document in document order, passing
 * through unwrapped elements. The stack holds the open elements; one is
 * left when the walk passes its end. Returns -1 if memory runs out.
 */
int
dom_walk(const struct cex_doc *d, const struct dom_walker *w, void *ctx)
{
	const struct cex_node	*n;
	uint32_t		*stack = NULL, *ns, i;
	size_t			 depth = 0, cap = 0;

	for (i = 1; i <= d->nnodes; ) {
		while (depth > 0 && d->nodes[stack[depth - 1]].end <= i)
			w->leave(ctx, stack[--depth]);
		if (i == d->nnodes)
			break;
		n = &d->nodes[i];
		if (n->flags & NODE_REMOVED) {
			i = n->end;
			continue;
		}
		if (n->type != GUMBO_NODE_ELEMENT &&
		    n->type != GUMBO_NODE_TEMPLATE) {
			w->leaf(ctx, i++);
			continue;
		}
		if (n->flags & NODE_UNWRAP) {
			i++;
			continue;
		}
		if (!w->enter(ctx, i)) {
			i = n->end;
			continue;
		}
		if (depth == cap) {
			cap = cap == 0 ? 64 : cap * 2;
			if ((ns = realloc(stack, cap * sizeof(*ns))) == NULL) {
				free(stack);
				return -1;
			}
			stack = ns;
		}
		stack[depth++] = i++;
	}
	free(stack);
	return 0;
}

/*
 * Elements that have no end tag in HTML (image is what the parser
 * makes img of).
 */
bool
dom_tag_is_void(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_AREA:
	case GUMBO_TAG_BASE:
	case GUMBO_TAG_BASEFONT:
	case GUMBO_TAG_BGSOUND:
	case GUMBO_TAG_BR:
	case GUMBO_TAG_COL:
	case GUMBO_TAG_EMBED:
	case GUMBO_TAG_FRAME:
	case GUMBO_TAG_HR:
	case GUMBO_TAG_IMAGE:
	case GUMBO_TAG_IMG:
	case GUMBO_TAG_INPUT:
	case GUMBO_TAG_KEYGEN:
	case GUMBO_TAG_LINK:
	case GUMBO_TAG_META:
	case GUMBO_TAG_PARAM:
	case GUMBO_TAG_SOURCE:
	case GUMBO_TAG_TRACK:
	case GUMBO_TAG_WBR:
		return true;
	default:
		return false;
	}
}

/* A void element of the HTML namespace. */
bool
dom_is_void(const struct cex_node *n)
{
	return n->g->v.element.tag_namespace == GUMBO_NAMESPACE_HTML &&
	    dom_tag_is_void(n->tag);
}

/*
 * The page's title, for --title and JSON: its first h1 in the body with
 * text, where articles put their headline, else its title element; 0 if
 * it has neither. What the filters removed does not count.
 */
uint32_t
dom_title(const struct cex_doc *d)
{
	uint32_t	 i, title = 0, h1 = 0, h1_end = 0;
	bool		 in_body = false;

	for (i = 1; i < d->nnodes; i++) {
		if (d->nodes[i].flags & NODE_REMOVED) {
			i = d->nodes[i].end - 1;
			continue;
		}
		if (i < h1_end && d->nodes[i].own_letters > 0)
			return h1;
		if (!node_is_element(&d->nodes[i]))
			continue;
		if (d->nodes[i].tag == GUMBO_TAG_BODY)
			in_body = true;
		else if (d->nodes[i].tag == GUMBO_TAG_TITLE && title == 0 &&
		    d->nodes[i].g->v.element.tag_namespace ==
		    GUMBO_NAMESPACE_HTML)
			title = i;
		else if (d->nodes[i].tag == GUMBO_TAG_H1 && in_body &&
		    i >= h1_end) {
			h1 = i;
			h1_end = d->nodes[i].end;
		}
	}
	return title;
}

/*
 * The elements of the tree gumbo built and the depth of the deepest
 * (html's is 1), as the guard's model expects them (t/guard-check.c
 * and the fuzz harness compare the two). -1 if memory runs out.
 */
int
dom_tree_stats(const struct cex_doc *d, uint64_t *elements, uint32_t *depth)
{
	uint32_t	*level, i;

	*elements = 0;
	*depth = 0;
	if ((level = calloc(d->nnodes + 1, sizeof(*level))) == NULL)
		return -1;
	for (i = 1; i < d->nnodes; i++) {
		level[i] = level[d->nodes[i].parent] + 1;
		if (!node_is_element(&d->nodes[i]))
			continue;
		(*elements)++;
		if (level[i] > *depth)
			*depth = level[i];
	}
	free(level);
	return 0;
}

/* What dom_live_letters counts, as dom_walk goes. */
struct letter_count {
	const struct cex_doc	*d;
	uint64_t		 letters;
};

/* The head and templates are not written as text. */
static bool
count_enter(void *ctx, uint32_t i)
{
	const struct cex_node	*n = &((struct letter_count *)ctx)->d->nodes[i];

	return n->tag != GUMBO_TAG_HEAD && n->type != GUMBO_NODE_TEMPLATE;
}

static void
count_leave(void *ctx, uint32_t i)
{
	(void)ctx;
	(void)i;
}

static void
count_leaf(void *ctx, uint32_t i)
{
	struct letter_count	*c = ctx;

	c->letters += c->d->nodes[i].own_letters;
}

/*
 * The letters and digits of the text a writer would write: in the text
 * nodes of what the filters left. Whether a page had content; UINT64_MAX
 * if memory ran out, which counts as content.
 */
uint64_t
dom_live_letters(const struct cex_doc *d)
{
	static const struct dom_walker walker = { count_enter, count_leave,
	    count_leaf };
	struct letter_count	 c = { d, 0 };

	return dom_walk(d, &walker, &c) == -1 ? UINT64_MAX : c.letters;
}
