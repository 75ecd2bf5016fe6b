/*
 * hosts.c: a set of strings, and the advertisement remover's use of it:
 * host names read from hosts-format block lists, and the test whether a
 * URL points at a listed host or at a subdomain of one.
 *
 * The set is open addressing over one arena of NUL-terminated strings,
 * so loading a list of thousands of hosts is a few allocations and a
 * lookup is a hash and usually one compare.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <idn2.h>

#include "cex.h"

/* The longest host name compared: DNS's are 253 bytes at most. */
#define HOST_MAX	256

struct strset {
	char		*arena;		/* the strings, NUL-terminated */
	size_t		 arena_len;
	size_t		 arena_cap;
	uint32_t	*slots;		/* arena offset + 1; 0 is empty */
	uint32_t	*hashes;	/* hash of the string in each slot */
	size_t		 nslots;	/* a power of two */
	size_t		 count;
	bool		 borrowed;	/* the arrays are static: copied
					 * before a change (strset_wrap) */
};

struct strset *
strset_new(void)
{
	return calloc(1, sizeof(struct strset));
}

void
strset_free(struct strset *s)
{
	if (s == NULL)
		return;
	if (!s->borrowed) {
		free(s->arena);
		free(s->slots);
		free(s->hashes);
	}
	free(s);
}

/*
 * A set over arrays that another set had (strset_write_c wrote them
 * into the program): nothing is read or copied until a key is added.
 * NULL if memory runs out.
 */
struct strset *
strset_wrap(const char *arena, size_t arena_len, const uint32_t *slots,
    const uint32_t *hashes, size_t nslots, size_t count)
{
	struct strset	*s;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	s->arena = (char *)arena;
	s->arena_len = s->arena_cap = arena_len;
	s->slots = (uint32_t *)slots;
	s->hashes = (uint32_t *)hashes;
	s->nslots = nslots;
	s->count = count;
	s->borrowed = true;
	return s;
}

/* Makes the arrays of a wrapped set its own, to change them. */
static int
own(struct strset *s)
{
	char		*arena;
	uint32_t	*slots, *hashes;

	arena = malloc(s->arena_len > 0 ? s->arena_len : 1);
	slots = reallocarray(NULL, s->nslots, sizeof(*slots));
	hashes = reallocarray(NULL, s->nslots, sizeof(*hashes));
	if (arena == NULL || slots == NULL || hashes == NULL) {
		free(arena);
		free(slots);
		free(hashes);
		errno = ENOMEM;
		return -1;
	}
	memcpy(arena, s->arena, s->arena_len);
	memcpy(slots, s->slots, s->nslots * sizeof(*slots));
	memcpy(hashes, s->hashes, s->nslots * sizeof(*hashes));
	s->arena = arena;
	s->slots = slots;
	s->hashes = hashes;
	s->borrowed = false;
	return 0;
}

/*
 * Writes the set's arrays as C (const data named adlist_*, no pointers
 * to relocate), for strset_wrap: the default ad list is compiled into
 * cex this way (tools/hosts-gen.c), so that a run costs nothing to
 * load it. Returns -1 on a write error.
 */
int
strset_write_c(const struct strset *s, FILE *f)
{
	size_t	 i, keys = 0;

	fputs("const char adlist_arena[] =\n\t\"", f);
	for (i = 0; i < s->arena_len; i++) {
		/* "\000": an octal escape no digit after it extends. */
		if (s->arena[i] == '\0')
			fputs(++keys % 4 == 0 && i + 1 < s->arena_len ?
			    "\\000\"\n\t\"" : "\\000", f);
		else if (s->arena[i] == '"' || s->arena[i] == '\\' ||
		    (unsigned char)s->arena[i] < ' ' ||
		    (unsigned char)s->arena[i] >= 0x7F)
			fprintf(f, "\\%03o", (unsigned char)s->arena[i]);
		else
			putc(s->arena[i], f);
	}
	fprintf(f, "\";\nconst size_t adlist_arena_len = %zu;\n", s->arena_len);
	fprintf(f, "const size_t adlist_nslots = %zu;\n", s->nslots);
	fprintf(f, "const size_t adlist_count = %zu;\n", s->count);
	fputs("const uint32_t adlist_slots[] = {", f);
	for (i = 0; i < s->nslots; i++)
		fprintf(f, "%s%u,", i % 8 == 0 ? "\n\t" : " ", s->slots[i]);
	fputs("\n};\nconst uint32_t adlist_hashes[] = {", f);
	for (i = 0; i < s->nslots; i++)
		fprintf(f, "%s%u,", i % 6 == 0 ? "\n\t" : " ", s->hashes[i]);
	fputs("\n};\n", f);
	return ferror(f) ? -1 : 0;
}

/* FNV-1a: short keys (host names, words), no need for more. */
uint32_t
str_hash(const char *p, size_t len)
{
	uint32_t h = 2166136261u;

	while (len-- > 0)
		h = (h ^ (unsigned char)*p++) * 16777619u;
	return h;
}

/* Slot of key, or of the empty slot where it would go. */
static size_t
find(const struct strset *s, const char *key, size_t len, uint32_t h)
{
	size_t	 i = h & (s->nslots - 1);
	const char *stored;

	while (s->slots[i] != 0) {
		stored = s->arena + s->slots[i] - 1;
		if (s->hashes[i] == h && strncmp(stored, key, len) == 0 &&
		    stored[len] == '\0')
			break;
		i = (i + 1) & (s->nslots - 1);
	}
	return i;
}

static int
grow(struct strset *s)
{
	uint32_t	*slots, *hashes, *old_slots = s->slots;
	uint32_t	*old_hashes = s->hashes;
	size_t		 n = s->nslots == 0 ? 1024 : s->nslots * 2, i, j, old_n;

	slots = calloc(n, sizeof(*slots));
	hashes = calloc(n, sizeof(*hashes));
	if (slots == NULL || hashes == NULL) {
		free(slots);
		free(hashes);
		return -1;
	}
	old_n = s->nslots;
	s->slots = slots;
	s->hashes = hashes;
	s->nslots = n;
	for (i = 0; i < old_n; i++) {
		if (old_slots[i] == 0)
			continue;
		j = old_hashes[i] & (n - 1);
		while (slots[j] != 0)
			j = (j + 1) & (n - 1);
		slots[j] = old_slots[i];
		hashes[j] = old_hashes[i];
	}
	free(old_slots);
	free(old_hashes);
	return 0;
}

/*
 * Finds or adds key; *id is where its copy starts in the arena, the same
 * for every call with the same key. Returns 1 if it was new, 0 if
 * already there, -1 on ENOMEM.
 */
static int
insert(struct strset *s, const char *key, size_t len, uint32_t *id)
{
	uint32_t h = str_hash(key, len);
	size_t	 i, cap;
	char	*arena;

	if (s->borrowed && own(s) == -1)
		return -1;
	if ((s->count + 1) * 2 > s->nslots && grow(s) == -1)
		return -1;
	i = find(s, key, len, h);
	if (s->slots[i] != 0) {
		*id = s->slots[i] - 1;
		return 0;
	}
	if (s->arena_len + len + 1 > s->arena_cap) {
		cap = s->arena_cap == 0 ? 65536 : s->arena_cap;
		while (s->arena_len + len + 1 > cap)
			cap *= 2;
		if (cap > UINT32_MAX || (arena = realloc(s->arena, cap)) == NULL) {
			errno = ENOMEM;
			return -1;
		}
		s->arena = arena;
		s->arena_cap = cap;
	}
	memcpy(s->arena + s->arena_len, key, len);
	s->arena[s->arena_len + len] = '\0';
	s->slots[i] = s->arena_len + 1;
	s->hashes[i] = h;
	*id = s->arena_len;
	s->arena_len += len + 1;
	s->count++;
	return 1;
}

/* Adds key; returns 1 if it was new, 0 if already there, -1 on ENOMEM. */
int
strset_add(struct strset *s, const char *key, size_t len)
{
	uint32_t id;

	return insert(s, key, len, &id);
}

/*
 * The number standing for key in this set (adding it if new): equal
 * keys get equal numbers, so texts can be compared as arrays of them.
 * Returns -1 on ENOMEM.
 */
int64_t
strset_intern(struct strset *s, const char *key, size_t len)
{
	uint32_t id;

	return insert(s, key, len, &id) == -1 ? -1 : (int64_t)id;
}

bool
strset_has(const struct strset *s, const char *key, size_t len)
{
	if (s == NULL || s->count == 0)
		return false;
	return s->slots[find(s, key, len, str_hash(key, len))] != 0;
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* An address field of a hosts file: IPv4 digits and dots, or IPv6. */
static bool
is_address(const char *p, size_t len)
{
	size_t	 i;

	for (i = 0; i < len; i++)
		if (!(p[i] == '.' || p[i] == ':' || (p[i] >= '0' &&
		    p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f') ||
		    (p[i] >= 'A' && p[i] <= 'F')))
			return false;
	return memchr(p, ':', len) != NULL || memchr(p, '.', len) != NULL;
}

/*
 * Names every hosts file maps to the machine itself; a list that
 * blocks them would make links to the local machine look like ads.
 */
static bool
is_local_name(const char *p, size_t len)
{
	static const char *const names[] = { "localhost",
	    "localhost.localdomain", "local", "broadcasthost",
	    "ip6-localhost", "ip6-loopback", "ip6-localnet",
	    "ip6-mcastprefix", "ip6-allnodes", "ip6-allrouters",
	    "ip6-allhosts", "0.0.0.0" };
	size_t	 i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == len && strncmp(names[i], p, len) == 0)
			return true;
	return false;
}

/*
 * libidn2, loaded when a host name first holds more than ASCII
 * (lazylib.c): with the libunistring it brings, it would add half a
 * millisecond to every run of cex, for the few pages that link to a
 * host in another script. Looked up once for the process.
 */
static struct {
	int	 (*to_ascii_8z)(const char *, char **, int);
	void	 (*free)(void *);
}			 idn2;
static pthread_once_t	 idn2_once = PTHREAD_ONCE_INIT;

static void
idn2_load(void)
{
	static const char *const names[] = { "idn2_to_ascii_8z", "idn2_free" };
	void	*syms[2];

	if (lazylib_open("libidn2.so.0", names, syms, 2) == -1)
		return;
	*(void **)&idn2.to_ascii_8z = syms[0];
	*(void **)&idn2.free = syms[1];
}

static int
hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = (char)ascii_lower((unsigned char)c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * Writes the host name p (len bytes) to out (HOST_MAX bytes) as a
 * browser compares it: percent escapes decoded, a name in another
 * script as IDNA's ASCII ("xn--..."), by UTS #46 as the URL standard
 * asks (libidn2), ASCII in lower case, the trailing dots gone. Returns
 * its length, or 0 for a name that is none (too long, refused by IDNA,
 * or libidn2 missing for a name that needs it).
 */
static size_t
normal_host(const char *p, size_t len, char *out)
{
	char	 raw[HOST_MAX + 1], *ascii;
	size_t	 n = 0, i;
	int	 hi, lo;
	bool	 wide = false;

	for (i = 0; i < len; i++) {
		if (n == HOST_MAX)
			return 0;
		if (p[i] == '%' && i + 2 < len &&
		    (hi = hex_digit(p[i + 1])) != -1 &&
		    (lo = hex_digit(p[i + 2])) != -1) {
			raw[n++] = (char)(hi << 4 | lo);
			i += 2;
		} else
			raw[n++] = p[i];
		wide = wide || (unsigned char)raw[n - 1] >= 0x80;
	}
	raw[n] = '\0';
	if (wide) {
		pthread_once(&idn2_once, idn2_load);
		if (idn2.to_ascii_8z == NULL || memchr(raw, '\0', n) != NULL ||
		    idn2.to_ascii_8z(raw, &ascii, IDN2_NONTRANSITIONAL |
		    IDN2_NFC_INPUT) != IDN2_OK)
			return 0;
		n = strlen(ascii);
		if (n < sizeof(raw))
			memcpy(raw, ascii, n + 1);
		idn2.free(ascii);
		if (n >= sizeof(raw))
			return 0;
	}
	while (n > 0 && raw[n - 1] == '.')
		n--;
	for (i = 0; i < n; i++)
		out[i] = (char)ascii_lower((unsigned char)raw[i]);
	return n;
}

/* Adds one host name, as normal_host has it. */
static int
add_host(struct strset *s, const char *p, size_t len)
{
	char	 name[HOST_MAX];

	if (is_local_name(p, len) || (len = normal_host(p, len, name)) == 0)
		return 0;
	return strset_add(s, name, len) == -1 ? -1 : 0;
}

/*
 * Reads a hosts-format list into s: "ADDRESS HOST..." lines, or bare
 * host names, with '#' starting a comment. Returns -1 with errno set
 * if the file cannot be read, EFBIG if it is larger than HOSTS_MAX_BYTES.
 */
int
hosts_load(struct strset *s, const char *path)
{
	char		*buf, *line, *eol, *end, *p, *q;
	size_t		 len;
	bool		 first;

	if (dom_read(path, HOSTS_MAX_BYTES, &buf, &len) == -1)
		return -1;
	end = buf + len;
	for (line = buf; line < end; line = eol + 1) {
		if ((eol = memchr(line, '\n', end - line)) == NULL)
			eol = end;
		if ((q = memchr(line, '#', eol - line)) == NULL)
			q = eol;
		first = true;
		for (p = line; p < q; first = false) {
			while (p < q && is_blank(*p))
				p++;
			if (p == q)
				break;
			for (len = 0; p + len < q && !is_blank(p[len]); len++)
				continue;
			if (!(first && is_address(p, len)) &&
			    add_host(s, p, len) == -1) {
				free(buf);
				return -1;
			}
			p += len;
		}
	}
	free(buf);
	return 0;
}

/*
 * Whether url names a host in s, or a subdomain of one. Only absolute
 * URLs ("scheme://host/..." and "//host/...") name a host; a relative
 * URL stays on the page's own site.
 */
bool
hosts_match_url(const struct strset *s, const char *url)
{
	char		 host[HOST_MAX];
	const char	*p = url, *h, *e, *at;
	size_t		 len, i;

	while (ascii_is_space(*p))
		p++;
	if ((len = url_scheme_length(p)) > 0)
		p += len + 1;
	if ((p[0] != '/' && p[0] != '\\') || (p[1] != '/' && p[1] != '\\'))
		return false;
	h = p + 2;
	for (e = h; *e != '\0' && *e != '/' && *e != '\\' && *e != '?' &&
	    *e != '#'; e++)
		continue;
	for (at = h; at < e; at++)
		if (*at == '@')
			h = at + 1;
	if (*h == '[')
		return false;
	for (at = h; at < e && *at != ':'; at++)
		continue;
	if ((len = normal_host(h, (size_t)(at - h), host)) == 0)
		return false;
	/* The host itself, then each parent domain in turn. */
	for (i = 0; i < len; i++) {
		if ((i == 0 || host[i - 1] == '.') &&
		    strset_has(s, host + i, len - i))
			return true;
	}
	return false;
}
