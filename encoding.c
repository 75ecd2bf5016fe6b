/*
 * encoding.c: decide a page's character encoding as browsers do and
 * convert it to UTF-8 for gumbo.
 *
 * Labels follow the WHATWG Encoding Standard (so "latin1" and "ascii"
 * mean windows-1252), the order of evidence the HTML standard's: a label
 * given by the user, a byte order mark, a <meta> declaration found by the
 * prescan of the first 1024 bytes; then, as cex's own fallback, UTF-8 if
 * the bytes are valid UTF-8 and windows-1252 otherwise. UTF-8, UTF-16,
 * windows-1252 and x-user-defined are decoded here; the rest by iconv.
 * Bytes that are invalid in the encoding become U+FFFD, so the result is
 * always valid UTF-8.
 */
#include <errno.h>
#include <iconv.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <uchardet/uchardet.h>

#include "cex.h"

enum enc {
	ENC_UTF8, ENC_IBM866, ENC_ISO8859_2, ENC_ISO8859_3, ENC_ISO8859_4,
	ENC_ISO8859_5, ENC_ISO8859_6, ENC_ISO8859_7, ENC_ISO8859_8,
	ENC_ISO8859_8I, ENC_ISO8859_10, ENC_ISO8859_13, ENC_ISO8859_14,
	ENC_ISO8859_15, ENC_ISO8859_16, ENC_KOI8R, ENC_KOI8U, ENC_MACINTOSH,
	ENC_WIN874, ENC_WIN1250, ENC_WIN1251, ENC_WIN1252, ENC_WIN1253,
	ENC_WIN1254, ENC_WIN1255, ENC_WIN1256, ENC_WIN1257, ENC_WIN1258,
	ENC_MACCYRILLIC, ENC_GBK, ENC_GB18030, ENC_BIG5, ENC_EUCJP,
	ENC_ISO2022JP, ENC_SHIFTJIS, ENC_EUCKR, ENC_REPLACEMENT,
	ENC_UTF16BE, ENC_UTF16LE, ENC_USERDEFINED,
	ENC__MAX
};

/* The standard's name of each encoding and the name glibc's iconv knows. */
static const struct {
	const char	*name;
	const char	*iconv;
} encodings[ENC__MAX] = {
	[ENC_UTF8] = { "UTF-8", NULL },
	[ENC_IBM866] = { "IBM866", "IBM866" },
	[ENC_ISO8859_2] = { "ISO-8859-2", "ISO-8859-2" },
	[ENC_ISO8859_3] = { "ISO-8859-3", "ISO-8859-3" },
	[ENC_ISO8859_4] = { "ISO-8859-4", "ISO-8859-4" },
	[ENC_ISO8859_5] = { "ISO-8859-5", "ISO-8859-5" },
	[ENC_ISO8859_6] = { "ISO-8859-6", "ISO-8859-6" },
	[ENC_ISO8859_7] = { "ISO-8859-7", "ISO-8859-7" },
	[ENC_ISO8859_8] = { "ISO-8859-8", "ISO-8859-8" },
	[ENC_ISO8859_8I] = { "ISO-8859-8-I", "ISO-8859-8" },
	[ENC_ISO8859_10] = { "ISO-8859-10", "ISO-8859-10" },
	[ENC_ISO8859_13] = { "ISO-8859-13", "ISO-8859-13" },
	[ENC_ISO8859_14] = { "ISO-8859-14", "ISO-8859-14" },
	[ENC_ISO8859_15] = { "ISO-8859-15", "ISO-8859-15" },
	[ENC_ISO8859_16] = { "ISO-8859-16", "ISO-8859-16" },
	[ENC_KOI8R] = { "KOI8-R", "KOI8-R" },
	[ENC_KOI8U] = { "KOI8-U", "KOI8-U" },
	[ENC_MACINTOSH] = { "macintosh", "MACINTOSH" },
	[ENC_WIN874] = { "windows-874", "CP874" },
	[ENC_WIN1250] = { "windows-1250", "CP1250" },
	[ENC_WIN1251] = { "windows-1251", "CP1251" },
	[ENC_WIN1252] = { "windows-1252", NULL },
	[ENC_WIN1253] = { "windows-1253", "CP1253" },
	[ENC_WIN1254] = { "windows-1254", "CP1254" },
	[ENC_WIN1255] = { "windows-1255", "CP1255" },
	[ENC_WIN1256] = { "windows-1256", "CP1256" },
	[ENC_WIN1257] = { "windows-1257", "CP1257" },
	[ENC_WIN1258] = { "windows-1258", "CP1258" },
	[ENC_MACCYRILLIC] = { "x-mac-cyrillic", "MAC-CYRILLIC" },
	/* The standard decodes GBK with the gb18030 decoder. */
	[ENC_GBK] = { "GBK", "GB18030" },
	[ENC_GB18030] = { "gb18030", "GB18030" },
	[ENC_BIG5] = { "Big5", "BIG5-HKSCS" },
	[ENC_EUCJP] = { "EUC-JP", "EUC-JP" },
	[ENC_ISO2022JP] = { "ISO-2022-JP", "ISO-2022-JP" },
	/* The standard's Shift_JIS and EUC-KR are Microsoft's supersets. */
	[ENC_SHIFTJIS] = { "Shift_JIS", "CP932" },
	[ENC_EUCKR] = { "EUC-KR", "CP949" },
	[ENC_REPLACEMENT] = { "replacement", NULL },
	[ENC_UTF16BE] = { "UTF-16BE", NULL },
	[ENC_UTF16LE] = { "UTF-16LE", NULL },
	[ENC_USERDEFINED] = { "x-user-defined", NULL },
};

/* Labels of the Encoding Standard, sorted by strcmp for bsearch. */
static const struct label {
	const char	*label;
	int		 enc;
} labels[] = {
	{ "866", ENC_IBM866 },
	{ "ansi_x3.4-1968", ENC_WIN1252 },
	{ "arabic", ENC_ISO8859_6 },
	{ "ascii", ENC_WIN1252 },
	{ "asmo-708", ENC_ISO8859_6 },
	{ "big5", ENC_BIG5 },
	{ "big5-hkscs", ENC_BIG5 },
	{ "chinese", ENC_GBK },
	{ "cn-big5", ENC_BIG5 },
	{ "cp1250", ENC_WIN1250 },
	{ "cp1251", ENC_WIN1251 },
	{ "cp1252", ENC_WIN1252 },
	{ "cp1253", ENC_WIN1253 },
	{ "cp1254", ENC_WIN1254 },
	{ "cp1255", ENC_WIN1255 },
	{ "cp1256", ENC_WIN1256 },
	{ "cp1257", ENC_WIN1257 },
	{ "cp1258", ENC_WIN1258 },
	{ "cp819", ENC_WIN1252 },
	{ "cp866", ENC_IBM866 },
	{ "csbig5", ENC_BIG5 },
	{ "cseuckr", ENC_EUCKR },
	{ "cseucpkdfmtjapanese", ENC_EUCJP },
	{ "csgb2312", ENC_GBK },
	{ "csibm866", ENC_IBM866 },
	{ "csiso2022jp", ENC_ISO2022JP },
	{ "csiso2022kr", ENC_REPLACEMENT },
	{ "csiso58gb231280", ENC_GBK },
	{ "csiso88596e", ENC_ISO8859_6 },
	{ "csiso88596i", ENC_ISO8859_6 },
	{ "csiso88598e", ENC_ISO8859_8 },
	{ "csiso88598i", ENC_ISO8859_8I },
	{ "csisolatin1", ENC_WIN1252 },
	{ "csisolatin2", ENC_ISO8859_2 },
	{ "csisolatin3", ENC_ISO8859_3 },
	{ "csisolatin4", ENC_ISO8859_4 },
	{ "csisolatin5", ENC_WIN1254 },
	{ "csisolatin6", ENC_ISO8859_10 },
	{ "csisolatin9", ENC_ISO8859_15 },
	{ "csisolatinarabic", ENC_ISO8859_6 },
	{ "csisolatincyrillic", ENC_ISO8859_5 },
	{ "csisolatingreek", ENC_ISO8859_7 },
	{ "csisolatinhebrew", ENC_ISO8859_8 },
	{ "cskoi8r", ENC_KOI8R },
	{ "csksc56011987", ENC_EUCKR },
	{ "csmacintosh", ENC_MACINTOSH },
	{ "csshiftjis", ENC_SHIFTJIS },
	{ "csunicode", ENC_UTF16LE },
	{ "cyrillic", ENC_ISO8859_5 },
	{ "dos-874", ENC_WIN874 },
	{ "ecma-114", ENC_ISO8859_6 },
	{ "ecma-118", ENC_ISO8859_7 },
	{ "elot_928", ENC_ISO8859_7 },
	{ "euc-jp", ENC_EUCJP },
	{ "euc-kr", ENC_EUCKR },
	{ "gb18030", ENC_GB18030 },
	{ "gb2312", ENC_GBK },
	{ "gb_2312", ENC_GBK },
	{ "gb_2312-80", ENC_GBK },
	{ "gbk", ENC_GBK },
	{ "greek", ENC_ISO8859_7 },
	{ "greek8", ENC_ISO8859_7 },
	{ "hebrew", ENC_ISO8859_8 },
	{ "hz-gb-2312", ENC_REPLACEMENT },
	{ "ibm819", ENC_WIN1252 },
	{ "ibm866", ENC_IBM866 },
	{ "iso-10646-ucs-2", ENC_UTF16LE },
	{ "iso-2022-cn", ENC_REPLACEMENT },
	{ "iso-2022-cn-ext", ENC_REPLACEMENT },
	{ "iso-2022-jp", ENC_ISO2022JP },
	{ "iso-2022-kr", ENC_REPLACEMENT },
	{ "iso-8859-1", ENC_WIN1252 },
	{ "iso-8859-10", ENC_ISO8859_10 },
	{ "iso-8859-11", ENC_WIN874 },
	{ "iso-8859-13", ENC_ISO8859_13 },
	{ "iso-8859-14", ENC_ISO8859_14 },
	{ "iso-8859-15", ENC_ISO8859_15 },
	{ "iso-8859-16", ENC_ISO8859_16 },
	{ "iso-8859-2", ENC_ISO8859_2 },
	{ "iso-8859-3", ENC_ISO8859_3 },
	{ "iso-8859-4", ENC_ISO8859_4 },
	{ "iso-8859-5", ENC_ISO8859_5 },
	{ "iso-8859-6", ENC_ISO8859_6 },
	{ "iso-8859-6-e", ENC_ISO8859_6 },
	{ "iso-8859-6-i", ENC_ISO8859_6 },
	{ "iso-8859-7", ENC_ISO8859_7 },
	{ "iso-8859-8", ENC_ISO8859_8 },
	{ "iso-8859-8-e", ENC_ISO8859_8 },
	{ "iso-8859-8-i", ENC_ISO8859_8I },
	{ "iso-8859-9", ENC_WIN1254 },
	{ "iso-ir-100", ENC_WIN1252 },
	{ "iso-ir-101", ENC_ISO8859_2 },
	{ "iso-ir-109", ENC_ISO8859_3 },
	{ "iso-ir-110", ENC_ISO8859_4 },
	{ "iso-ir-126", ENC_ISO8859_7 },
	{ "iso-ir-127", ENC_ISO8859_6 },
	{ "iso-ir-138", ENC_ISO8859_8 },
	{ "iso-ir-144", ENC_ISO8859_5 },
	{ "iso-ir-148", ENC_WIN1254 },
	{ "iso-ir-149", ENC_EUCKR },
	{ "iso-ir-157", ENC_ISO8859_10 },
	{ "iso-ir-58", ENC_GBK },
	{ "iso8859-1", ENC_WIN1252 },
	{ "iso8859-10", ENC_ISO8859_10 },
	{ "iso8859-11", ENC_WIN874 },
	{ "iso8859-13", ENC_ISO8859_13 },
	{ "iso8859-14", ENC_ISO8859_14 },
	{ "iso8859-15", ENC_ISO8859_15 },
	{ "iso8859-2", ENC_ISO8859_2 },
	{ "iso8859-3", ENC_ISO8859_3 },
	{ "iso8859-4", ENC_ISO8859_4 },
	{ "iso8859-5", ENC_ISO8859_5 },
	{ "iso8859-6", ENC_ISO8859_6 },
	{ "iso8859-7", ENC_ISO8859_7 },
	{ "iso8859-8", ENC_ISO8859_8 },
	{ "iso8859-9", ENC_WIN1254 },
	{ "iso88591", ENC_WIN1252 },
	{ "iso885910", ENC_ISO8859_10 },
	{ "iso885911", ENC_WIN874 },
	{ "iso885913", ENC_ISO8859_13 },
	{ "iso885914", ENC_ISO8859_14 },
	{ "iso885915", ENC_ISO8859_15 },
	{ "iso88592", ENC_ISO8859_2 },
	{ "iso88593", ENC_ISO8859_3 },
	{ "iso88594", ENC_ISO8859_4 },
	{ "iso88595", ENC_ISO8859_5 },
	{ "iso88596", ENC_ISO8859_6 },
	{ "iso88597", ENC_ISO8859_7 },
	{ "iso88598", ENC_ISO8859_8 },
	{ "iso88599", ENC_WIN1254 },
	{ "iso_8859-1", ENC_WIN1252 },
	{ "iso_8859-15", ENC_ISO8859_15 },
	{ "iso_8859-1:1987", ENC_WIN1252 },
	{ "iso_8859-2", ENC_ISO8859_2 },
	{ "iso_8859-2:1987", ENC_ISO8859_2 },
	{ "iso_8859-3", ENC_ISO8859_3 },
	{ "iso_8859-3:1988", ENC_ISO8859_3 },
	{ "iso_8859-4", ENC_ISO8859_4 },
	{ "iso_8859-4:1988", ENC_ISO8859_4 },
	{ "iso_8859-5", ENC_ISO8859_5 },
	{ "iso_8859-5:1988", ENC_ISO8859_5 },
	{ "iso_8859-6", ENC_ISO8859_6 },
	{ "iso_8859-6:1987", ENC_ISO8859_6 },
	{ "iso_8859-7", ENC_ISO8859_7 },
	{ "iso_8859-7:1987", ENC_ISO8859_7 },
	{ "iso_8859-8", ENC_ISO8859_8 },
	{ "iso_8859-8:1988", ENC_ISO8859_8 },
	{ "iso_8859-9", ENC_WIN1254 },
	{ "iso_8859-9:1989", ENC_WIN1254 },
	{ "koi", ENC_KOI8R },
	{ "koi8", ENC_KOI8R },
	{ "koi8-r", ENC_KOI8R },
	{ "koi8-ru", ENC_KOI8U },
	{ "koi8-u", ENC_KOI8U },
	{ "koi8_r", ENC_KOI8R },
	{ "korean", ENC_EUCKR },
	{ "ks_c_5601-1987", ENC_EUCKR },
	{ "ks_c_5601-1989", ENC_EUCKR },
	{ "ksc5601", ENC_EUCKR },
	{ "ksc_5601", ENC_EUCKR },
	{ "l1", ENC_WIN1252 },
	{ "l2", ENC_ISO8859_2 },
	{ "l3", ENC_ISO8859_3 },
	{ "l4", ENC_ISO8859_4 },
	{ "l5", ENC_WIN1254 },
	{ "l6", ENC_ISO8859_10 },
	{ "l9", ENC_ISO8859_15 },
	{ "latin1", ENC_WIN1252 },
	{ "latin2", ENC_ISO8859_2 },
	{ "latin3", ENC_ISO8859_3 },
	{ "latin4", ENC_ISO8859_4 },
	{ "latin5", ENC_WIN1254 },
	{ "latin6", ENC_ISO8859_10 },
	{ "logical", ENC_ISO8859_8I },
	{ "mac", ENC_MACINTOSH },
	{ "macintosh", ENC_MACINTOSH },
	{ "ms932", ENC_SHIFTJIS },
	{ "ms_kanji", ENC_SHIFTJIS },
	{ "replacement", ENC_REPLACEMENT },
	{ "shift-jis", ENC_SHIFTJIS },
	{ "shift_jis", ENC_SHIFTJIS },
	{ "sjis", ENC_SHIFTJIS },
	{ "sun_eu_greek", ENC_ISO8859_7 },
	{ "tis-620", ENC_WIN874 },
	{ "ucs-2", ENC_UTF16LE },
	{ "unicode", ENC_UTF16LE },
	{ "unicode-1-1-utf-8", ENC_UTF8 },
	{ "unicode11utf8", ENC_UTF8 },
	{ "unicode20utf8", ENC_UTF8 },
	{ "unicodefeff", ENC_UTF16LE },
	{ "unicodefffe", ENC_UTF16BE },
	{ "us-ascii", ENC_WIN1252 },
	{ "utf-16", ENC_UTF16LE },
	{ "utf-16be", ENC_UTF16BE },
	{ "utf-16le", ENC_UTF16LE },
	{ "utf-8", ENC_UTF8 },
	{ "utf8", ENC_UTF8 },
	{ "visual", ENC_ISO8859_8 },
	{ "windows-1250", ENC_WIN1250 },
	{ "windows-1251", ENC_WIN1251 },
	{ "windows-1252", ENC_WIN1252 },
	{ "windows-1253", ENC_WIN1253 },
	{ "windows-1254", ENC_WIN1254 },
	{ "windows-1255", ENC_WIN1255 },
	{ "windows-1256", ENC_WIN1256 },
	{ "windows-1257", ENC_WIN1257 },
	{ "windows-1258", ENC_WIN1258 },
	{ "windows-31j", ENC_SHIFTJIS },
	{ "windows-874", ENC_WIN874 },
	{ "windows-949", ENC_EUCKR },
	{ "x-cp1250", ENC_WIN1250 },
	{ "x-cp1251", ENC_WIN1251 },
	{ "x-cp1252", ENC_WIN1252 },
	{ "x-cp1253", ENC_WIN1253 },
	{ "x-cp1254", ENC_WIN1254 },
	{ "x-cp1255", ENC_WIN1255 },
	{ "x-cp1256", ENC_WIN1256 },
	{ "x-cp1257", ENC_WIN1257 },
	{ "x-cp1258", ENC_WIN1258 },
	{ "x-euc-jp", ENC_EUCJP },
	{ "x-gbk", ENC_GBK },
	{ "x-mac-cyrillic", ENC_MACCYRILLIC },
	{ "x-mac-roman", ENC_MACINTOSH },
	{ "x-mac-ukrainian", ENC_MACCYRILLIC },
	{ "x-sjis", ENC_SHIFTJIS },
	{ "x-unicode20utf8", ENC_UTF8 },
	{ "x-user-defined", ENC_USERDEFINED },
	{ "x-x-big5", ENC_BIG5 },
};

/* windows-1252 bytes 0x80 to 0x9F; the rest are Latin-1. */
static const uint16_t cp1252_high[32] = {
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

static int
label_cmp(const void *key, const void *elem)
{
	return strcmp(key, ((const struct label *)elem)->label);
}

/*
 * Look a label up as the standard says: ASCII whitespace around it is
 * ignored, case is not significant. Returns the encoding, or -1.
 */
int
enc_lookup(const char *label, size_t len)
{
	char			 key[32];
	const struct label	*found;
	size_t			 i;

	while (len > 0 && ascii_is_space(label[0])) {
		label++;
		len--;
	}
	while (len > 0 && ascii_is_space(label[len - 1]))
		len--;
	if (len == 0 || len >= sizeof(key))
		return -1;
	for (i = 0; i < len; i++)
		key[i] = ascii_lower(label[i]);
	key[len] = '\0';
	found = bsearch(key, labels, sizeof(labels) / sizeof(labels[0]),
	    sizeof(labels[0]), label_cmp);
	return found == NULL ? -1 : found->enc;
}

const char *
enc_name(int enc)
{
	return enc >= 0 && enc < ENC__MAX ? encodings[enc].name : "?";
}

/* The prescan's cursor over the first bytes of the input. */
struct scan {
	const unsigned char	*p;
	const unsigned char	*end;
};

static bool
starts_ci(const struct scan *s, const char *word)
{
	size_t	 n = strlen(word), i;

	if ((size_t)(s->end - s->p) < n)
		return false;
	for (i = 0; i < n; i++)
		if (ascii_lower(s->p[i]) != (unsigned char)word[i])
			return false;
	return true;
}

/*
 * The prescan's "get an attribute": reads one attribute of a tag into
 * name and value (lower-cased, truncated to their buffers). Returns
 * false at the end of the tag or of the input.
 */
static bool
get_attribute(struct scan *s, char *name, size_t namesz, char *value,
    size_t valuesz)
{
	size_t		 nn = 0, vn = 0;
	unsigned char	 quote;

	name[0] = value[0] = '\0';
	while (s->p < s->end && (ascii_is_space(*s->p) || *s->p == '/'))
		s->p++;
	if (s->p >= s->end || *s->p == '>')
		return false;
	for (;;) {
		if (s->p >= s->end)
			return false;
		if (*s->p == '=' && nn > 0) {
			s->p++;
			break;
		}
		if (ascii_is_space(*s->p)) {
			while (s->p < s->end && ascii_is_space(*s->p))
				s->p++;
			if (s->p >= s->end)
				return false;
			if (*s->p != '=')
				goto done;
			s->p++;
			break;
		}
		if (*s->p == '/' || *s->p == '>')
			goto done;
		if (nn + 1 < namesz)
			name[nn++] = ascii_lower(*s->p);
		s->p++;
	}
	while (s->p < s->end && ascii_is_space(*s->p))
		s->p++;
	if (s->p >= s->end)
		return false;
	if (*s->p == '"' || *s->p == '\'') {
		quote = *s->p++;
		for (;;) {
			if (s->p >= s->end)
				return false;
			if (*s->p == quote) {
				s->p++;
				goto done;
			}
			if (vn + 1 < valuesz)
				value[vn++] = ascii_lower(*s->p);
			s->p++;
		}
	}
	if (*s->p == '>')
		goto done;
	while (s->p < s->end && !ascii_is_space(*s->p) && *s->p != '>') {
		if (vn + 1 < valuesz)
			value[vn++] = ascii_lower(*s->p);
		s->p++;
	}
	if (s->p >= s->end)
		return false;
done:
	name[nn] = '\0';
	value[vn] = '\0';
	return true;
}

/*
 * The standard's "extract a character encoding from a meta element":
 * the label after "charset=" in a content attribute, or -1.
 */
static int
charset_from_content(const char *s)
{
	const char	*p = s, *q;

	for (;;) {
		p = strstr(p, "charset");
		if (p == NULL)
			return -1;
		p += strlen("charset");
		while (ascii_is_space((unsigned char)*p))
			p++;
		if (*p == '=')
			break;
	}
	p++;
	while (ascii_is_space((unsigned char)*p))
		p++;
	if (*p == '"' || *p == '\'') {
		q = strchr(p + 1, *p);
		return q == NULL ? -1 : enc_lookup(p + 1, q - p - 1);
	}
	if (*p == '\0')
		return -1;
	for (q = p; *q != '\0' && !ascii_is_space((unsigned char)*q) &&
	    *q != ';'; q++)
		continue;
	return enc_lookup(p, q - p);
}

/* Moves the cursor past the next '>' (or to the end). */
static void
skip_past(struct scan *s, unsigned char c)
{
	const unsigned char *q = memchr(s->p, c, s->end - s->p);

	s->p = q == NULL ? s->end : q + 1;
}

/*
 * Reads the attributes of a <meta> tag and returns the encoding it
 * declares, or -1.
 */
static int
prescan_meta(struct scan *s)
{
	char	 name[16], value[128], seen[4][16];
	size_t	 nseen = 0, i;
	int	 charset = -1, need_pragma = -1;
	bool	 got_pragma = false, dup;

	while (get_attribute(s, name, sizeof(name), value, sizeof(value))) {
		for (dup = false, i = 0; i < nseen; i++)
			if (strcmp(seen[i], name) == 0)
				dup = true;
		if (dup)
			continue;
		if (nseen < 4)
			memcpy(seen[nseen++], name, sizeof(name));
		if (strcmp(name, "http-equiv") == 0) {
			if (strcmp(value, "content-type") == 0)
				got_pragma = true;
		} else if (strcmp(name, "content") == 0) {
			if (charset == -1) {
				charset = charset_from_content(value);
				if (charset != -1)
					need_pragma = 1;
			}
		} else if (strcmp(name, "charset") == 0 && charset == -1) {
			charset = enc_lookup(value, strlen(value));
			need_pragma = 0;
		}
	}
	if (need_pragma == -1 || (need_pragma == 1 && !got_pragma) ||
	    charset == -1)
		return -1;
	/* A page cannot declare itself UTF-16 in bytes read as ASCII. */
	if (charset == ENC_UTF16BE || charset == ENC_UTF16LE)
		return ENC_UTF8;
	if (charset == ENC_USERDEFINED)
		return ENC_WIN1252;
	return charset;
}

/* The HTML standard's prescan of the first 1024 bytes; -1 if nothing. */
static int
prescan(const unsigned char *buf, size_t len)
{
	struct scan	 s = { buf, buf + (len < 1024 ? len : 1024) };
	char		 name[16], value[16];
	int		 enc;

	while (s.p < s.end) {
		if (starts_ci(&s, "<!--")) {
			/* "<!-->" closes at once: the dashes may overlap. */
			s.p += 2;
			while (s.p < s.end && !(s.p + 2 < s.end &&
			    s.p[0] == '-' && s.p[1] == '-' && s.p[2] == '>'))
				s.p++;
			s.p = s.p + 3 < s.end ? s.p + 3 : s.end;
		} else if (starts_ci(&s, "<meta") && s.p + 5 < s.end &&
		    (ascii_is_space(s.p[5]) || s.p[5] == '/')) {
			s.p += 6;
			if ((enc = prescan_meta(&s)) != -1)
				return enc;
		} else if (s.end - s.p >= 2 && s.p[0] == '<' &&
		    (ascii_is_alpha(s.p[1]) || (s.p[1] == '/' &&
		    s.p + 2 < s.end && ascii_is_alpha(s.p[2])))) {
			while (s.p < s.end && !ascii_is_space(*s.p) &&
			    *s.p != '>')
				s.p++;
			while (get_attribute(&s, name, sizeof(name), value,
			    sizeof(value)))
				continue;
		} else if (starts_ci(&s, "<!") || starts_ci(&s, "</") ||
		    starts_ci(&s, "<?")) {
			skip_past(&s, '>');
		} else
			s.p++;
	}
	return -1;
}

/*
 * Length of the valid UTF-8 sequence at p (at most n bytes available),
 * or 0 if the bytes there are not one. Rejects overlong forms,
 * surrogates and code points past U+10FFFF.
 */
static size_t
utf8_seq(const unsigned char *p, size_t n)
{
	unsigned char	 c = p[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		return n >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
	if (c >= 0xE0 && c <= 0xEF) {
		if (n < 3 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80)
			return 0;
		if ((c == 0xE0 && p[1] < 0xA0) || (c == 0xED && p[1] > 0x9F))
			return 0;
		return 3;
	}
	if (c >= 0xF0 && c <= 0xF4) {
		if (n < 4 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 ||
		    (p[3] & 0xC0) != 0x80)
			return 0;
		if ((c == 0xF0 && p[1] < 0x90) || (c == 0xF4 && p[1] > 0x8F))
			return 0;
		return 4;
	}
	return 0;
}

/*
 * Bytes of the maximal prefix of an ill-formed sequence, the unit the
 * standard's decoder replaces by one U+FFFD (always at least 1).
 */
static size_t
utf8_bad_len(const unsigned char *p, size_t n)
{
	unsigned char	 c = p[0], lo = 0x80, hi = 0xBF;
	size_t		 need, i;

	if (c >= 0xC2 && c <= 0xDF)
		need = 1;
	else if (c >= 0xE0 && c <= 0xEF) {
		need = 2;
		if (c == 0xE0)
			lo = 0xA0;
		if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		need = 3;
		if (c == 0xF0)
			lo = 0x90;
		if (c == 0xF4)
			hi = 0x8F;
	} else
		return 1;
	for (i = 1; i <= need && i < n; i++) {
		if (p[i] < lo || p[i] > hi)
			return i;
		lo = 0x80;
		hi = 0xBF;
	}
	return i;
}

/* Length of the longest valid UTF-8 prefix of p. */
static size_t
utf8_valid_prefix(const unsigned char *p, size_t n)
{
	size_t	 i = 0, k;
	uint64_t w;

	while (i < n) {
		/* Skip ASCII eight bytes at a time. */
		if (n - i >= 8) {
			memcpy(&w, p + i, 8);
			if ((w & 0x8080808080808080ULL) == 0) {
				i += 8;
				continue;
			}
		}
		if ((k = utf8_seq(p + i, n - i)) == 0)
			break;
		i += k;
	}
	return i;
}

/*
 * The share of the letters of the text outside tags that are not ASCII
 * (bytes from 0x80), in hundredths. Text in a script of its own
 * (Cyrillic, Greek, Japanese...) is most of it; Latin text with a few
 * accented letters a few hundredths.
 */
static unsigned
high_share(const unsigned char *buf, size_t len)
{
	size_t	 i, high = 0, ascii = 0;
	bool	 tag = false;

	for (i = 0; i < len; i++) {
		if (buf[i] == '<')
			tag = true;
		else if (buf[i] == '>')
			tag = false;
		else if (!tag) {
			high += buf[i] >= 0x80;
			ascii += ascii_is_alpha(buf[i]);
		}
	}
	return high + ascii == 0 ? 0 : (unsigned)(100 * high / (high + ascii));
}

/*
 * libuchardet, loaded when a page first needs a guess (lazylib.c): it
 * is C++, and linked in, libstdc++'s start-up would more than double
 * cex's for every page (0.6 to 1.4 ms), when few pages need it. The
 * functions are looked up once for the process (pthread_once: -j's
 * threads share them); all NULL if the library cannot be loaded.
 */
static struct {
	uchardet_t	 (*new)(void);
	void		 (*delete)(uchardet_t);
	int		 (*handle_data)(uchardet_t, const char *, size_t);
	void		 (*data_end)(uchardet_t);
	const char	*(*get_charset)(uchardet_t);
}			 chardet;
static pthread_once_t	 chardet_once = PTHREAD_ONCE_INIT;

static void
chardet_load(void)
{
	static const char *const names[] = { "uchardet_new",
	    "uchardet_delete", "uchardet_handle_data", "uchardet_data_end",
	    "uchardet_get_charset" };
	void	*syms[5];

	if (lazylib_open("libuchardet.so.0", names, syms, 5) == -1)
		return;
	*(void **)&chardet.new = syms[0];
	*(void **)&chardet.delete = syms[1];
	*(void **)&chardet.handle_data = syms[2];
	*(void **)&chardet.data_end = syms[3];
	*(void **)&chardet.get_charset = syms[4];
}

/*
 * The encoding of a page that declares none and is not UTF-8, guessed
 * from its bytes as browsers do: by libuchardet, whose statistics of
 * each encoding's byte sequences tell Shift_JIS from GB18030 or KOI8-R
 * from windows-1251. A page whose letters are mostly ASCII (a Latin
 * alphabet) gives it too little to go by, and it takes a few accented
 * letters for Greek or Central European ones: its guess is taken only
 * when a third or more of the letters are not ASCII (high_share), or
 * when it is UTF-8 (a page of UTF-8 with a stray byte, which is then a
 * U+FFFD). Else, or when it names an encoding the Encoding standard
 * does not know, windows-1252, the web's default for Latin text.
 */
static int
guess(const unsigned char *buf, size_t len)
{
	/* uchardet's names that are no labels of the Encoding standard. */
	static const char *const aliases[][2] = {
		{ "UHC", "euc-kr" },	/* windows-949, which euc-kr is */
		{ "MAC-CYRILLIC", "x-mac-cyrillic" },
	};
	uchardet_t	 ud;
	const char	*name;
	size_t		 k;
	int		 enc = -1;

	pthread_once(&chardet_once, chardet_load);
	if (chardet.new == NULL || (ud = chardet.new()) == NULL)
		return ENC_WIN1252;
	if (chardet.handle_data(ud, (const char *)buf, len) == 0) {
		chardet.data_end(ud);
		name = chardet.get_charset(ud);
		for (k = 0; name != NULL && k < sizeof(aliases) /
		    sizeof(aliases[0]); k++)
			if (strcasecmp(name, aliases[k][0]) == 0)
				name = aliases[k][1];
		if (name != NULL && *name != '\0' &&
		    strcasecmp(name, "ASCII") != 0)
			enc = enc_lookup(name, strlen(name));
	}
	chardet.delete(ud);
	if (enc == -1 || enc == ENC_REPLACEMENT ||
	    (enc != ENC_UTF8 && high_share(buf, len) < 33))
		return ENC_WIN1252;
	return enc;
}

/* Whether buf holds a byte beyond ASCII. */
static bool
has_high_byte(const unsigned char *buf, size_t len)
{
	size_t	 k;

	for (k = 0; k < len; k++)
		if (buf[k] >= 0x80)
			return true;
	return false;
}

/*
 * Decides the encoding of buf as browsers do, in this order: a BOM,
 * charset (a label the caller has checked) if not NULL, a <meta>
 * declaration, valid UTF-8, then a guess from the bytes (guess). *bom
 * gets the length of a BOM to skip. But a page that declares another
 * encoding and whose bytes are all valid UTF-8, beyond ASCII, is UTF-8:
 * crawlers and archives convert the pages they save to UTF-8 and leave
 * the declaration as it was, and text in a legacy encoding is valid
 * UTF-8 by chance only when it is ASCII. (All-ASCII bytes keep the
 * declared encoding: ISO-2022-JP is written in them.)
 */
int
enc_detect(const unsigned char *buf, size_t len, const char *charset,
    size_t *bom)
{
	int	 enc;

	*bom = 0;
	if (len >= 3 && buf[0] == 0xEF && buf[1] == 0xBB && buf[2] == 0xBF) {
		*bom = 3;
		return ENC_UTF8;
	}
	if (len >= 2 && buf[0] == 0xFE && buf[1] == 0xFF) {
		*bom = 2;
		return ENC_UTF16BE;
	}
	if (len >= 2 && buf[0] == 0xFF && buf[1] == 0xFE) {
		*bom = 2;
		return ENC_UTF16LE;
	}
	if (charset != NULL)
		return enc_lookup(charset, strlen(charset));
	if ((enc = prescan(buf, len)) != -1)
		return enc != ENC_UTF8 && enc != ENC_REPLACEMENT &&
		    has_high_byte(buf, len) &&
		    utf8_valid_prefix(buf, len) == len ? ENC_UTF8 : enc;
	return utf8_valid_prefix(buf, len) == len ? ENC_UTF8 : guess(buf, len);
}

/* An output buffer that grows as needed. */
struct obuf {
	char	*p;
	size_t	 len;
	size_t	 cap;
};

static int
obuf_reserve(struct obuf *o, size_t more)
{
	char	*np;
	size_t	 cap;

	if (o->cap - o->len >= more)
		return 0;
	cap = o->cap == 0 ? 4096 : o->cap;
	while (cap - o->len < more)
		cap *= 2;
	if ((np = realloc(o->p, cap)) == NULL)
		return -1;
	o->p = np;
	o->cap = cap;
	return 0;
}

/* Appends code point cp as UTF-8; the room must be reserved. */
static void
put_cp(struct obuf *o, uint32_t cp)
{
	char	*q = o->p + o->len;

	if (cp < 0x80)
		*q++ = cp;
	else if (cp < 0x800) {
		*q++ = 0xC0 | cp >> 6;
		*q++ = 0x80 | (cp & 0x3F);
	} else if (cp < 0x10000) {
		*q++ = 0xE0 | cp >> 12;
		*q++ = 0x80 | (cp >> 6 & 0x3F);
		*q++ = 0x80 | (cp & 0x3F);
	} else {
		*q++ = 0xF0 | cp >> 18;
		*q++ = 0x80 | (cp >> 12 & 0x3F);
		*q++ = 0x80 | (cp >> 6 & 0x3F);
		*q++ = 0x80 | (cp & 0x3F);
	}
	o->len = q - o->p;
}

/* UTF-8 in, valid UTF-8 out: each ill-formed sequence becomes U+FFFD. */
static int
from_utf8(struct obuf *o, const unsigned char *p, size_t n)
{
	size_t	 i = 0, k;

	while (i < n) {
		k = utf8_valid_prefix(p + i, n - i);
		if (obuf_reserve(o, k + 3) == -1)
			return -1;
		memcpy(o->p + o->len, p + i, k);
		o->len += k;
		if ((i += k) < n) {
			put_cp(o, 0xFFFD);
			i += utf8_bad_len(p + i, n - i);
		}
	}
	return 0;
}

static int
from_single_byte(struct obuf *o, const unsigned char *p, size_t n, int enc)
{
	size_t	 i;

	if (obuf_reserve(o, n * 3 + 4) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if (p[i] < 0x80)
			o->p[o->len++] = p[i];
		else if (enc == ENC_USERDEFINED)
			put_cp(o, 0xF780 + p[i] - 0x80);
		else if (p[i] < 0xA0)
			put_cp(o, cp1252_high[p[i] - 0x80]);
		else
			put_cp(o, p[i]);
	}
	return 0;
}

/* UTF-16 with lone surrogates and an odd last byte made U+FFFD. */
static int
from_utf16(struct obuf *o, const unsigned char *p, size_t n, bool be)
{
	size_t	 i;
	uint32_t u, u2;

	if (obuf_reserve(o, n / 2 * 3 + 8) == -1)
		return -1;
	for (i = 0; i + 1 < n; i += 2) {
		u = be ? (uint32_t)p[i] << 8 | p[i + 1] :
		    (uint32_t)p[i + 1] << 8 | p[i];
		if (u >= 0xD800 && u <= 0xDBFF && i + 3 < n) {
			u2 = be ? (uint32_t)p[i + 2] << 8 | p[i + 3] :
			    (uint32_t)p[i + 3] << 8 | p[i + 2];
			if (u2 >= 0xDC00 && u2 <= 0xDFFF) {
				put_cp(o, 0x10000 + ((u - 0xD800) << 10) +
				    (u2 - 0xDC00));
				i += 2;
				continue;
			}
		}
		put_cp(o, u >= 0xD800 && u <= 0xDFFF ? 0xFFFD : u);
	}
	if (i < n)
		put_cp(o, 0xFFFD);
	return 0;
}

/*
 * Everything else through iconv: an invalid byte becomes U+FFFD and is
 * skipped, an incomplete sequence at the end becomes one U+FFFD.
 */
static int
from_iconv(struct obuf *o, const unsigned char *p, size_t n, int enc)
{
	iconv_t	 cd;
	char	*in = (char *)p, *out;
	size_t	 inleft = n, outleft;
	int	 rc = 0;

	if ((cd = iconv_open("UTF-8", encodings[enc].iconv)) == (iconv_t)-1)
		return -1;
	while (inleft > 0) {
		if (obuf_reserve(o, inleft * 2 + 16) == -1) {
			rc = -1;
			break;
		}
		out = o->p + o->len;
		outleft = o->cap - o->len;
		if (iconv(cd, &in, &inleft, &out, &outleft) != (size_t)-1) {
			o->len = out - o->p;
			continue;
		}
		o->len = out - o->p;
		if (errno == E2BIG)
			continue;
		if (obuf_reserve(o, 4) == -1) {
			rc = -1;
			break;
		}
		put_cp(o, 0xFFFD);
		if (errno == EINVAL)
			break;
		in++;
		inleft--;
		/* Forget any shift state the bad byte left half-built. */
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	iconv_close(cd);
	return rc;
}

/*
 * Whether n bytes in encoding enc are UTF-8 already, valid throughout:
 * enc_to_utf8 would copy them unchanged, and the caller may read them
 * as they are.
 */
bool
enc_is_utf8(const unsigned char *p, size_t n, int enc)
{
	return enc == ENC_UTF8 && utf8_valid_prefix(p, n) == n;
}

/*
 * Converts n bytes in encoding enc to a new NUL-terminated UTF-8
 * buffer, its length in *outlen. Returns NULL if memory runs out or iconv
 * does not know the encoding (errno says which).
 */
char *
enc_to_utf8(const unsigned char *p, size_t n, int enc, size_t *outlen)
{
	struct obuf	 o = { NULL, 0, 0 };
	int		 rc;

	switch (enc) {
	case ENC_UTF8:
		rc = from_utf8(&o, p, n);
		break;
	case ENC_WIN1252:
	case ENC_USERDEFINED:
		rc = from_single_byte(&o, p, n, enc);
		break;
	case ENC_UTF16BE:
	case ENC_UTF16LE:
		rc = from_utf16(&o, p, n, enc == ENC_UTF16BE);
		break;
	case ENC_REPLACEMENT:
		/* The standard's decoder: one U+FFFD for any input at all. */
		rc = obuf_reserve(&o, 4);
		if (rc == 0 && n > 0)
			put_cp(&o, 0xFFFD);
		break;
	default:
		rc = from_iconv(&o, p, n, enc);
		break;
	}
	if (rc == 0)
		rc = obuf_reserve(&o, 1);
	if (rc == -1) {
		free(o.p);
		return NULL;
	}
	o.p[o.len] = '\0';
	*outlen = o.len;
	return o.p;
}
