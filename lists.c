/*
 * lists.c: the small containers options are made of: a list of strings
 * and a map from tag names to a value (an element action, or membership
 * in a set of tags). Allocation failure here ends the program: it only
 * happens while options are read, before any input is touched.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cex.h"

static void *
xrealloc(void *p, size_t n, size_t size)
{
	if (size != 0 && n > SIZE_MAX / size)
		errx(1, "out of memory");
	if ((p = realloc(p, n * size)) == NULL)
		err(1, NULL);
	return p;
}

void
strlist_add(struct strlist *l, const char *s, size_t len)
{
	char	*copy;

	if ((copy = strndup(s, len)) == NULL)
		err(1, NULL);
	l->v = xrealloc(l->v, l->n + 1, sizeof(l->v[0]));
	l->v[l->n++] = copy;
}

void
strlist_clear(struct strlist *l)
{
	size_t	 i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* Whether the list holds s (len bytes), ignoring ASCII case. */
bool
strlist_has(const struct strlist *l, const char *s, size_t len)
{
	size_t	 i;

	for (i = 0; i < l->n; i++) {
		/* The first letters first: most names differ there. */
		if (len > 0 && ascii_lower((unsigned char)l->v[i][0]) !=
		    ascii_lower((unsigned char)s[0]))
			continue;
		if (strncasecmp(l->v[i], s, len) == 0 && l->v[i][len] == '\0')
			return true;
	}
	return false;
}

/*
 * Sets the value of one tag name. Names gumbo knows go to the table,
 * others to the custom list. Returns -1 for an empty name.
 */
int
tagmap_set(struct tagmap *m, const char *name, size_t len,
    unsigned char value)
{
	char		 lower[64], *copy;
	GumboTag	 tag;
	size_t		 i;

	if (len == 0)
		return -1;
	if (len < sizeof(lower)) {
		for (i = 0; i < len; i++)
			lower[i] = name[i] >= 'A' && name[i] <= 'Z' ?
			    name[i] + ('a' - 'A') : name[i];
		tag = gumbo_tagn_enum(lower, len);
		if (tag != GUMBO_TAG_UNKNOWN) {
			m->known[tag] = value;
			return 0;
		}
	}
	for (i = 0; i < m->custom_names.n; i++)
		if (strncasecmp(m->custom_names.v[i], name, len) == 0 &&
		    m->custom_names.v[i][len] == '\0') {
			m->custom_values[i] = value;
			return 0;
		}
	strlist_add(&m->custom_names, name, len);
	copy = m->custom_names.v[m->custom_names.n - 1];
	for (i = 0; i < len; i++)
		if (copy[i] >= 'A' && copy[i] <= 'Z')
			copy[i] += 'a' - 'A';
	m->custom_values = xrealloc(m->custom_values, m->custom_names.n, 1);
	m->custom_values[m->custom_names.n - 1] = value;
	return 0;
}

/* The value for an element node (0 for anything not set). */
unsigned char
tagmap_get(const struct tagmap *m, const GumboNode *g)
{
	const char	*name;
	size_t		 len, i;

	if (g->v.element.tag != GUMBO_TAG_UNKNOWN || m->custom_names.n == 0)
		return m->known[g->v.element.tag];
	name = dom_tagname(g, &len, NULL);
	for (i = 0; i < m->custom_names.n; i++)
		if (strncasecmp(m->custom_names.v[i], name, len) == 0 &&
		    m->custom_names.v[i][len] == '\0')
			return m->custom_values[i];
	return 0;
}

void
tagmap_clear(struct tagmap *m)
{
	strlist_clear(&m->custom_names);
	free(m->custom_values);
	memset(m, 0, sizeof(*m));
}
