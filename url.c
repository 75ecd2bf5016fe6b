/*
 * url.c: resolving a link against the page's address, so that the
 * removed link retainer lists addresses that work away from the page
 * and the ad remover knows the host of a relative link. The algorithm
 * is RFC 3986's (section 5.2), with what the WHATWG URL standard adds
 * for what pages really hold: spaces and controls around a link are
 * ignored, tabs and newlines inside it dropped, and in web addresses
 * (http, https, ftp, ws, wss, file) a backslash is a slash.
 */
#include <stdlib.h>
#include <string.h>

#include "cex.h"

/* The five parts of a reference; a part absent is NULL, not "". */
struct uri {
	const char	*scheme, *authority, *path, *query, *fragment;
	size_t		 scheme_len, authority_len, path_len, query_len,
			 fragment_len;
};

/*
 * The length of the scheme s starts with ("https" of "https:..."), or
 * 0 if it has none: it is then relative.
 */
size_t
url_scheme_length(const char *s)
{
	const char	*e = s;

	if (!ascii_is_alpha(*e))
		return 0;
	while (ascii_is_alpha(*e) || (*e >= '0' && *e <= '9') || *e == '+' ||
	    *e == '-' || *e == '.')
		e++;
	return *e == ':' ? (size_t)(e - s) : 0;
}

/* Cuts s into its parts (RFC 3986, appendix B). */
static void
uri_parse(const char *s, struct uri *u)
{
	const char	*p = s;

	memset(u, 0, sizeof(*u));
	if ((u->scheme_len = url_scheme_length(p)) > 0) {
		u->scheme = p;
		p += u->scheme_len + 1;
	}
	if (p[0] == '/' && p[1] == '/') {
		u->authority = p + 2;
		u->authority_len = strcspn(p + 2, "/?#");
		p = u->authority + u->authority_len;
	}
	u->path = p;
	u->path_len = strcspn(p, "?#");
	p += u->path_len;
	if (*p == '?') {
		u->query = p + 1;
		u->query_len = strcspn(p + 1, "#");
		p = u->query + u->query_len;
	}
	if (*p == '#') {
		u->fragment = p + 1;
		u->fragment_len = strlen(p + 1);
	}
}

/* Whether scheme (len bytes) is one of the web's, where \ is /. */
static bool
is_special(const char *scheme, size_t len)
{
	static const char *const special[] = { "http", "https", "ftp", "ws",
	    "wss", "file", NULL };
	const char *const *s;

	if (scheme == NULL)
		return false;
	for (s = special; *s != NULL; s++)
		if (strlen(*s) == len && strncasecmp(*s, scheme, len) == 0)
			return true;
	return false;
}

/*
 * A copy of s without the spaces and controls around it and the tabs
 * and newlines in it; NULL if memory runs out.
 */
static char *
clean_copy(const char *s)
{
	const char	*e;
	char		*out, *o;

	while (*s != '\0' && (unsigned char)*s <= ' ')
		s++;
	for (e = s + strlen(s); e > s && (unsigned char)e[-1] <= ' '; e--)
		continue;
	if ((o = out = malloc(e - s + 1)) == NULL)
		return NULL;
	for (; s < e; s++)
		if (*s != '\t' && *s != '\n' && *s != '\r')
			*o++ = *s;
	*o = '\0';
	return out;
}

/*
 * Writes path (len bytes) at o without its dot segments, by the steps
 * of RFC 3986, 5.2.4: "." goes, ".." takes the segment before it with
 * it, but never below floor. There is room for len bytes; returns the
 * new end.
 */
static char *
put_path(char *floor, char *o, const char *p, size_t len)
{
	const char	*end = p + len, *seg;

	while (p < end) {
		len = (size_t)(end - p);
		if (len >= 3 && memcmp(p, "../", 3) == 0)
			p += 3;
		else if (len >= 2 && memcmp(p, "./", 2) == 0)
			p += 2;
		else if (len >= 3 && memcmp(p, "/./", 3) == 0)
			p += 2;
		else if (len == 2 && memcmp(p, "/.", 2) == 0) {
			*o++ = '/';
			p = end;
		} else if ((len >= 4 && memcmp(p, "/../", 4) == 0) ||
		    (len == 3 && memcmp(p, "/..", 3) == 0)) {
			while (o > floor && o[-1] != '/')
				o--;
			if (o > floor)
				o--;
			if (len == 3) {
				*o++ = '/';
				p = end;
			} else
				p += 3;
		} else if ((len == 1 && *p == '.') ||
		    (len == 2 && memcmp(p, "..", 2) == 0))
			p = end;
		else {
			seg = p;
			if (*p == '/')
				p++;
			while (p < end && *p != '/')
				p++;
			memcpy(o, seg, (size_t)(p - seg));
			o += p - seg;
		}
	}
	return o;
}

/*
 * The address ref stands for on a page at base, as a new string, or a
 * copy of ref if base is NULL or not absolute (it has no scheme); NULL
 * if memory runs out.
 */
char *
url_resolve(const char *base, const char *ref)
{
	struct uri	 b, r;
	char		*clean, *out, *o, *root;
	const char	*dir;
	size_t		 size;
	bool		 special;

	memset(&b, 0, sizeof(b));
	if (base != NULL)
		uri_parse(base, &b);
	if (b.scheme == NULL)
		return strdup(ref);
	if ((clean = clean_copy(ref)) == NULL)
		return NULL;
	uri_parse(clean, &r);
	special = is_special(r.scheme != NULL ? r.scheme : b.scheme,
	    r.scheme != NULL ? r.scheme_len : b.scheme_len);
	/* In a web address, backslashes before the query are slashes. */
	if (special) {
		for (o = clean; *o != '\0' && *o != '?' && *o != '#'; o++)
			if (*o == '\\')
				*o = '/';
		uri_parse(clean, &r);
	}
	/* A reference with a scheme of the base's, in a web address, is
	 * relative to it: "http:page" on an http page (WHATWG). */
	if (r.scheme != NULL && special && r.authority == NULL &&
	    r.scheme_len == b.scheme_len &&
	    strncasecmp(r.scheme, b.scheme, b.scheme_len) == 0 &&
	    r.path[0] != '/')
		r.scheme = NULL;
	size = strlen(base) + strlen(clean) + 8;
	if ((o = out = malloc(size)) == NULL) {
		free(clean);
		return NULL;
	}
	memcpy(o, r.scheme != NULL ? r.scheme : b.scheme,
	    r.scheme != NULL ? r.scheme_len : b.scheme_len);
	o += r.scheme != NULL ? r.scheme_len : b.scheme_len;
	*o++ = ':';
	if (r.scheme == NULL && r.authority == NULL) {
		/* Host of the base; the path relative to the base's. */
		if (b.authority != NULL) {
			memcpy(o, "//", 2);
			memcpy(o + 2, b.authority, b.authority_len);
			o += 2 + b.authority_len;
		}
		root = o;
		if (r.path_len == 0) {
			memcpy(o, b.path, b.path_len);
			o += b.path_len;
			if (r.query == NULL && b.query != NULL) {
				*o++ = '?';
				memcpy(o, b.query, b.query_len);
				o += b.query_len;
			}
		} else if (r.path[0] == '/')
			o = put_path(root, o, r.path, r.path_len);
		else {
			/* The base's directory, then the reference. */
			if (b.authority != NULL && b.path_len == 0)
				*o++ = '/';
			else {
				for (dir = b.path + b.path_len; dir > b.path &&
				    dir[-1] != '/'; dir--)
					continue;
				memcpy(o, b.path, dir - b.path);
				o += dir - b.path;
			}
			memcpy(o, r.path, r.path_len);
			o += r.path_len;
			/* Dot segments go once the whole path is there. */
			size = (size_t)(o - root);
			if ((dir = strndup(root, size)) == NULL) {
				free(out);
				free(clean);
				return NULL;
			}
			o = put_path(root, root, dir, size);
			free((char *)dir);
		}
	} else {
		if (r.authority != NULL) {
			memcpy(o, "//", 2);
			memcpy(o + 2, r.authority, r.authority_len);
			o += 2 + r.authority_len;
		}
		o = put_path(o, o, r.path, r.path_len);
	}
	if (r.query != NULL) {
		*o++ = '?';
		memcpy(o, r.query, r.query_len);
		o += r.query_len;
	}
	if (r.fragment != NULL) {
		*o++ = '#';
		memcpy(o, r.fragment, r.fragment_len);
		o += r.fragment_len;
	}
	*o = '\0';
	free(clean);
	return out;
}

/*
 * Whether attribute a of node n holds an address a reader follows or
 * loads: the href of a link or an image map's area, the source of an
 * image, a media element, a frame or an embed (src, and a video's
 * poster), or a list of image sources (srcset, URL_SRCSET).
 */
enum url_kind
url_attr_kind(const struct cex_node *n, const GumboAttribute *a)
{
	if (n->type != GUMBO_NODE_ELEMENT ||
	    n->g->v.element.tag_namespace != GUMBO_NAMESPACE_HTML ||
	    a->attr_namespace != GUMBO_ATTR_NAMESPACE_NONE)
		return URL_NONE;
	switch (n->tag) {
	case GUMBO_TAG_A:
	case GUMBO_TAG_AREA:
		return strcmp(a->name, "href") == 0 ? URL_ONE : URL_NONE;
	case GUMBO_TAG_IMG:
	case GUMBO_TAG_SOURCE:
		if (strcmp(a->name, "srcset") == 0)
			return URL_SRCSET;
		return strcmp(a->name, "src") == 0 ? URL_ONE : URL_NONE;
	case GUMBO_TAG_VIDEO:
		if (strcmp(a->name, "poster") == 0)
			return URL_ONE;
		/* FALLTHROUGH */
	case GUMBO_TAG_AUDIO:
	case GUMBO_TAG_TRACK:
	case GUMBO_TAG_IFRAME:
	case GUMBO_TAG_EMBED:
	case GUMBO_TAG_INPUT:
		return strcmp(a->name, "src") == 0 ? URL_ONE : URL_NONE;
	default:
		return URL_NONE;
	}
}

/*
 * A srcset's candidates ("a.jpg 1x, b.jpg 2x"), each address resolved
 * against base, as a new string; NULL if memory runs out. An address is
 * a run of characters but spaces, the commas at its end not its own;
 * what follows it up to a comma describes it and is kept as written
 * (the HTML standard's parsing of srcset, short of the parentheses a
 * descriptor may hold).
 */
char *
url_resolve_srcset(const char *base, const char *srcset)
{
	char		*out = NULL, *url, *ref;
	size_t		 size = 0, len;
	const char	*p = srcset, *start;
	FILE		*f;

	if ((f = open_memstream(&out, &size)) == NULL)
		return NULL;
	for (;;) {
		start = p;
		while (ascii_is_space((unsigned char)*p) || *p == ',')
			p++;
		fwrite(start, 1, (size_t)(p - start), f);
		if (*p == '\0')
			break;
		for (len = 0; p[len] != '\0' && !ascii_is_space((unsigned char)p[len]);
		    len++)
			continue;
		while (len > 0 && p[len - 1] == ',')
			len--;
		if ((ref = strndup(p, len)) == NULL ||
		    (url = url_resolve(base, ref)) == NULL) {
			free(ref);
			fclose(f);
			free(out);
			return NULL;
		}
		fputs(url, f);
		free(url);
		free(ref);
		p += len;
		/* The descriptors, to the comma that ends the candidate. */
		start = p;
		while (*p != '\0' && *p != ',')
			p++;
		fwrite(start, 1, (size_t)(p - start), f);
	}
	if (fclose(f) == EOF) {
		free(out);
		return NULL;
	}
	return out;
}

/*
 * The value of attribute a of node n as cex writes it: an address
 * resolved against the page's (--url, or its base element) when one is
 * known, in *resolved as a new string; else *resolved is NULL and the
 * value is written as it is. Returns -1 if memory runs out.
 */
int
url_of_attr(const struct cex_doc *d, const struct cex_node *n,
    const GumboAttribute *a, char **resolved)
{
	*resolved = NULL;
	switch (d->base_url != NULL ? url_attr_kind(n, a) : URL_NONE) {
	case URL_ONE:
		*resolved = url_resolve(d->base_url, a->value);
		break;
	case URL_SRCSET:
		*resolved = url_resolve_srcset(d->base_url, a->value);
		break;
	default:
		return 0;
	}
	return *resolved == NULL ? -1 : 0;
}
