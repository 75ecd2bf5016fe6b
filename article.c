/*
 * article.c: -m article, the main content of a page.
 *
 * 1. Score: every block of running text (a paragraph, or a container
 *    holding text of its own) gives points for its length and its
 *    sentence punctuation to its parent, and less to the ancestors
 *    above; a container's points shrink with its share of linked text
 *    and move with the words of its class and id, and with the page's
 *    own hints (article, main, itemprop=articleBody, role=main).
 * 2. Pick the best container, and take with it the siblings that score
 *    near it or are paragraphs of plain text: an article split by an ad
 *    or a figure is one article.
 * 3. Clean inside it: blocks whose class or id say they are clutter
 *    (share, related, comments, newsletter...), link lists, navigation,
 *    and what is left empty.
 *
 * Every rule is a general property of web pages, stated where it is
 * made. All aggregates come from backward passes over the overlay.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <utf8proc.h>

#include "cex.h"

/* Elements that hold running text as blocks of their own. */
static bool
is_paragraph(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_P:
	case GUMBO_TAG_PRE:
	case GUMBO_TAG_BLOCKQUOTE:
	case GUMBO_TAG_TD:
	case GUMBO_TAG_LI:
	case GUMBO_TAG_DD:
	case GUMBO_TAG_H2:
	case GUMBO_TAG_H3:
	case GUMBO_TAG_H4:
		return true;
	default:
		return false;
	}
}

/* Headings below the title. */
static bool
is_heading(uint16_t tag)
{
	return tag != GUMBO_TAG_H1 && tag_is_heading(tag);
}

/*
 * Elements that hold code, whose commas and stops are its syntax, not
 * a sentence's (a JSON sample's commas, a program's full stops). Not
 * pre: site builders and property portals set prose in it (Wix's
 * product descriptions), and code in a pre is in a code element too.
 */
static bool
is_code_tag(uint16_t tag)
{
	return tag == GUMBO_TAG_CODE || tag == GUMBO_TAG_SAMP ||
	    tag == GUMBO_TAG_KBD;
}

/* Elements that can hold an article. */
static bool
is_container(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_ARTICLE:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_MAIN:
	case GUMBO_TAG_TD:
	case GUMBO_TAG_BODY:
	case GUMBO_TAG_BLOCKQUOTE:
	case GUMBO_TAG_CENTER:
	case GUMBO_TAG_FONT:
	case GUMBO_TAG_SPAN:
	case GUMBO_TAG_FORM:
	/*
	 * Elements of a site's own vocabulary (<story>, <bodytext>) are
	 * its containers: they hold what the site's templates put there.
	 */
	case GUMBO_TAG_UNKNOWN:
		return true;
	default:
		return false;
	}
}

/*
 * Words of class and id names. Sites name their containers after what
 * they hold, in English mostly, whatever the language of the page: an
 * article's body is "article", "content", "post", "entry", "story"; the
 * clutter around it is "comment", "share", "related", "sidebar"... Some
 * sites of the larger languages of Europe name the article and its
 * comments and ads in their own ("artikel", "inhalt", "contenu",
 * "kommentare", "werbung", "publicidad"): those words too, where they
 * mean nothing else in English.
 */
static const char *const good_words[] = {
	"article", "body", "content", "entry", "main", "post", "story",
	"text", "blog", "news", "prose", "hentry", "page", "artikel", "inhalt",
	"beitrag", "contenu", "contenido", "articulo", "articolo", "contenuto",
	"texte", "texto", "testo", NULL
};
static const char *const bad_words[] = {
	"comment", "comments", "share", "sharing", "social", "related",
	"sidebar", "widget", "footer", "header", "masthead", "menu", "nav",
	"navigation", "breadcrumb", "breadcrumbs", "promo", "sponsor",
	"sponsored", "ad", "ads", "advert", "advertisement", "banner",
	"newsletter", "subscribe", "subscription", "signup", "cookie",
	"consent", "popup", "modal", "recommended",
	"recirc", "more", "trending", "popular", "tags", "tag", "byline",
	"author", "bio", "caption", "credit", "meta", "toolbar", "tools",
	"print", "skip", "hidden", "disclaimer", "copyright", "rail",
	"aside", "teaser", "follow", "login", "paywall", "pagination",
	"date", "dates", "timestamp", "dateline", "publish", "published",
	"posted", "updated", "werbung", "anzeige", "publicite", "publicidad",
	"pubblicita", "kommentare", "kommentar", "commentaires", "commentaire",
	"comentarios", "comentario", "affiliate", "sellers", "marketplace",
	"poll", "polls", "umfrage", "anketa", "sondage", "sondaggio",
	"encuesta", NULL
};

#define NBAD	(sizeof(bad_words) / sizeof(*bad_words) - 1)

/* The bad words that name the site's navigation. */
static const char *const menu_words[] = { "menu", "nav", "navigation",
	NULL };

/* The bad word of a class that hides its element (see name_words). */
static const char *const hidden_words[] = { "hidden", NULL };

static bool	is_panel(const struct cex_doc *, uint32_t);
static bool	is_fragment_link(const struct cex_node *);
static uint32_t	near_ancestor(const struct cex_doc *, uint32_t, uint16_t,
		    uint16_t);

/*
 * The bad words that name a bar of controls: print, e-mail, share, save
 * ("article-tools", "toolbar").
 */
static const char *const tools_words[] = { "toolbar", "tools", NULL };

/*
 * The words that name a credit (the first a bad word too, both aside
 * words): a picture's ("Photo: NAME"), or a film's or a book's list of
 * the people who made it.
 */
static const char *const credit_words[] = { "credit", "credits", NULL };

/*
 * The bad words that name the terms a post is filed under, a list of
 * links ("post-tags", "tag-cloud").
 */
static const char *const tag_words[] = { "tag", "tags", NULL };

/*
 * The bad words that name a box of other pages than this one: related
 * stories, a promotion, recommendations, recirculation.
 */
static const char *const elsewhere_words[] = { "related", "promo",
	"recommended", "recirc", NULL };

/*
 * The words that name a review's pros and cons ("tw-proscons__pros",
 * "ProsCons_cons", "conspros"): its verdict, its text.
 */
static const char *const pros_words[] = { "pros", "cons", "proscons",
	"conspros", "procon", "procons", "procontra", "vorteile", "nachteile",
	NULL };

/* The bad words that name a date: when it was published or updated. */
static const char *const date_words[] = { "date", "dates", "timestamp",
	"dateline", "publish", "published", "posted", "updated", NULL };

/*
 * An element's class and id words counted against the lists (see
 * name_words), read once for every element (read_names), 255 at most
 * each; recipe only where no word names clutter; button where a word
 * names one ("button", "btn"); lead_bad the bad words that name a
 * standfirst too ("teaser").
 */
struct word_counts {
	uint8_t	 good, bad, outside, thread, layout, aside, header, caption,
		 video, paywall, bio, meta, lead, lead_bad, recipe, button,
		 date, elsewhere, pros;
};

struct name_cache;

struct article {
	struct cex_doc	*d;
	unsigned char	*live;
	unsigned char	*outside;	/* in comments, sidebar, footer...: */
#define OUTSIDE		1	/* ... not the article */
#define THREAD		2	/* ... and in what readers write */
	unsigned char	*anchor;	/* holds the first h1 or the main */
	unsigned char	*in_contents;	/* its id a table of contents names */
	unsigned char	*main;		/* see mark_main: */
#define MAIN		1	/* ... the page's main content */
#define IN_PRODUCT	2	/* ... within a product's microdata */
	struct word_counts *names;	/* each element's, see read_names */
	unsigned char	*count_only;	/* text is numbers counting up */
	unsigned char	*in_code;	/* in code: code, samp, kbd */
	uint16_t	*field;		/* holds, see mark_fields: */
#define FIELD		1	/* ... a field to type a line in */
#define LINES		2	/* ... or lines (textarea) */
#define TABLE		4	/* ... a table */
#define CHOICE		8	/* ... a list to choose from, a number */
#define PRESS		16	/* ... a button */
#define AUTHOR		32	/* ... a link to an author's page */
#define AD_LINK		64	/* ... a paid link on a line of its own */
#define OWN_LINK	128	/* ... a link not paid for */
#define AD_LINKS	256	/* ... two or more AD_LINK */
#define PROSE		512	/* ... a paragraph of 150 letters or more */
#define HEADS		1024	/* ... a heading below the title */
#define MEDIA		2048	/* ... a picture, a video or a frame */
#define CODE		4096	/* ... a block of code (pre) */
	uint32_t	 title;		/* --title: the h1 kept, or 0 */
	uint32_t	 h1;		/* the first live h1 with text, or 0 */
	uint32_t	 headline;	/* see find_headline, or 0 */
	uint32_t	 thread;	/* the best's entry in a thread, or 0 */
	uint32_t	 ld_letters;	/* the article's length by JSON-LD */
	uint32_t	 author_links;	/* live links to writers' pages */
	const char	*thing_summary;	/* a product's description in a meta */
	uint32_t	 thing_text;	/* holds the product's, recipe's or
					   event's description */
	bool		 thing;		/* the data describe one product,
					   recipe or event */
	uint32_t	*own;		/* letters in text children, not blocks */
	uint32_t	*entry;		/* letters of the biggest entry inside */
	uint32_t	*main_of;	/* the nearest MAIN ancestor, or 0 */
	uint32_t	*punct;		/* punctuation in the subtree */
	uint32_t	*own_punct;	/* ... in the text own counts */
	uint32_t	*own_linked;	/* ... and of those letters, linked */
	uint32_t	*longest;	/* letters of the longest block inside */
	double		*mass;		/* blocks' values in the subtree */
	double		*score;
	unsigned char	 common[NBAD];	/* bad words that say nothing here */
	struct name_cache *cache;	/* see name_cache */
	char		*page_dir;	/* see page_directory, or NULL */
	bool		 people;	/* three biographies: see read_names */
	bool		 forum;		/* the data declare a forum's post */
};

/* The index of the word w of len bytes in list, or -1. */
static int
list_index(const char *const *list, const char *w, size_t len)
{
	int	 k;

	for (k = 0; list[k] != NULL; k++)
		if (list[k][0] == *w && strncmp(list[k], w, len) == 0 &&
		    list[k][len] == '\0')
			return k;
	return -1;
}

static bool
in_list(const char *const *list, const char *w, size_t len)
{
	return list_index(list, w, len) >= 0;
}

/*
 * Names of the parts of a page around the article that can hold much
 * text of their own: the text of the sidebar or the footer, of related
 * stories, of a popup or an overlay over the page or over a video (a
 * notice to consent before it plays) is never the article; nor is a
 * thread (thread_words), which is outside it too.
 */
static const char *const outside_words[] = {
	"sidebar", "footer", "related", "recommended", "recirc", "popular",
	"trending", "rail", "modal", "popup", "lightbox", "overlay", NULL
};

/*
 * Names of a box that asks the reader's consent to cookies, and of the
 * list of the site's notices over its pages (a forum's welcome to
 * visitors, its notice on cookies): outside the article too, but for
 * the id of a section a table of contents names (a privacy policy's
 * part on cookies, see read_names).
 */
static const char *const consent_words[] = {
	"cookie", "cookies", "consent", "notices", NULL
};

/*
 * Names of what readers write: a thread of comments, customers' reviews
 * of a product or testimonials (reviews in the plural that names a list
 * of them: a "review" is an article; a testimonial is one customer's
 * praise, never the page's text), the trackbacks and pingbacks of
 * other blogs that answer a post, a guest book ("guestbook", German
 * "gaestebuch": the condolences under an obituary, visitors' greetings
 * on a club's site), is other people's text, however long.
 */
static const char *const thread_words[] = {
	"comment", "comments", "disqus", "respond", "reply", "replies",
	"discussion", "reviews", "testimonials", "testimonial", "trackback",
	"trackbacks", "pingback", "pingbacks", "kommentare", "kommentar",
	"commentaires", "commentaire", "comentarios", "comentario",
	"guestbook", "gaestebuch", NULL
};

/*
 * Names of what sits inside an article's container without being its text,
 * whatever other names the element has: a caption, a credit, a byline, share
 * buttons, an ad, a newsletter or cookie box, an author's biography (named in
 * English, or "autor", "auteur", "autore"), the box of the expert who reviewed
 * a health article and its list of sources ("reviewer", "sources"), a
 * disclaimer ("haftungsausschluss", "rechtshinweis" in German), the post's
 * metadata ("entry-meta": its date, author, categories and tags), a gallery or
 * slideshow of pictures (their captions; "diaporama", "galerie", "galeria",
 * "galleria", "bildergalerie", "fotogalerie" in other languages), a call to
 * action or to donate, tags, breadcrumbs, pages, tools to print or follow, a
 * login, a request for the reader's feedback ("Was this answer helpful?"), a
 * rating's stars (readers' votes on a recipe or a product, "4.8 from 23
 * ratings", or a call to vote), readers' votes ("vote-count", "Love it!"), a
 * poll (a question to the readers, its answers and their votes: "umfrage",
 * "anketa", "sondaggio", "encuesta"), a strip of logos (of the customers or
 * partners a company names, and its label: "Trusted by teams across the
 * region"; pictures, no text to read), a shop's terms of shipping, delivery
 * and returns (the same under every product, "slot--delivery"), a
 * picture's copyright line ("Foto: NAME / AGENCY", see names_of), a
 * list of references (the works a text cites: MediaWiki's "reflist"
 * and "references", a paper's "references"), a forum's box of a post's
 * poster beside the post (their name, rank and count of posts: phpBB's
 * "postprofile", vBulletin's "userinfo", SMF's "poster"). And
 * "hidden" (see name_words).
 */
static const char *const aside_words[] = {
	"caption", "credit", "credits", "byline", "author", "autor", "auteur",
	"autore", "bio", "reviewer", "sources", "share",
	"sharing", "social", "ad", "ads", "advert", "advertisement",
	"newsletter", "subscribe", "subscription", "signup", "cookie",
	"consent", "promo", "sponsor", "sponsored", "related", "comments",
	"disclosure", "disclaimer", "haftungsausschluss", "rechtshinweis",
	"meta", "slideshow", "carousel", "gallery",
	"slider", "diaporama", "galerie", "galeria", "galleria",
	"bildergalerie", "fotogalerie", "cta", "donate", "donation",
	"donations", "tags", "tag", "breadcrumb", "breadcrumbs", "pagination",
	"toolbar", "tools", "follow", "login", "print", "feedback", "rating",
	"ratings", "stars", "vote", "votes", "voting", "poll",
	"polls", "umfrage", "anketa", "sondage", "sondaggio", "encuesta",
	"logo", "logos", "shipping", "delivery", "returns", "copyright",
	"references", "reflist", "userinfo", "postprofile", "poster",
	NULL
};

/*
 * Names of a standfirst: the paragraph between a headline and the text
 * that sums the article up ("lead", "intro", "dek", "chapo", and
 * "desc", French sites' "article__desc", and the words for it in the
 * languages of Europe: "entradilla", "sottotitolo", "catenaccio",
 * "vorspann", "anriss", Danish "manchet", the Nordic "ingress",
 * Czech "perex"). Not "description": that names
 * the site's under its name, an author's, and the text of news sites
 * whose template calls the story a description (Dragnet's pages lose).
 */
static const char *const lead_words[] = {
	"lead", "leadin", "intro", "standfirst", "summary", "excerpt", "deck",
	"dek", "subtitle", "subhead", "subheadline", "abstract", "teaser",
	"chapo", "desc", "entradilla", "subtitulo", "subtitular", "sottotitolo",
	"catenaccio", "vorspann", "anriss", "manchet", "ingress", "ingressi",
	"perex", NULL
};

/*
 * Names of a recipe, in the languages whose sites name their parts in
 * their own words ("mrtn-recette_ingredients", "rezept-zutaten"): a
 * recipe's card (is_recipe_card). So are the names of its ingredients,
 * the part a portal sets apart from the steps ("rcp-ingredients").
 */
static const char *const recipe_words[] = {
	"recipe", "recipes", "rezept", "rezepte", "recette", "recettes",
	"ricetta", "ricette", "receta", "recetas", "receita", "receitas",
	"recept", "recepten", "recepty", "ingredients", "ingredient",
	"zutaten", "ingredienti", "ingredientes", "ingredienten",
	"skladniki", NULL
};

/*
 * The outside words that name a place in the page's layout rather than
 * a kind of text: a sidebar or a rail is narrow, and short; a footer is
 * at the bottom, and a region of the layout that holds the body and the
 * footer ("region-body-and-footer") holds the article too.
 */
static const char *const layout_words[] = { "sidebar", "rail", "footer",
	NULL };

/*
 * Sites write the names of a comment thread's parts as one word
 * ("commentlist", "commentsblock", "commentbody"): readers' comments
 * are the part around an article that most often outweighs it, and a
 * word that begins with "comment" and goes on names them; not so
 * "commentary" or "commentator", which name an opinion piece, an
 * article.
 */
static bool
is_comment_compound(const char *w, size_t len)
{
	return len >= 10 && strncmp(w, "comment", 7) == 0 &&
	    strncmp(w + 7, "ar", 2) != 0 && strncmp(w + 7, "at", 2) != 0;
}

/*
 * Whether the word w of len letters names a list or an entry of one:
 * after "review", which alone names an article (a product's test), it
 * names customers' reviews ("review-list", "review-item").
 */
static bool
is_list_word(const char *w, size_t len)
{
	return (len == 4 && (memcmp(w, "list", 4) == 0 ||
	    memcmp(w, "item", 4) == 0)) ||
	    (len == 5 && memcmp(w, "items", 5) == 0);
}

/*
 * Sites run a word of clutter into the next one as well ("sharethis",
 * "sharedaddy", "footermenu", "relatedlinks", "advertising"): a class
 * word that begins with one of these stems and goes on for three
 * letters or more is clutter too, and, as its stem, sits in an article
 * (aside) or around it (outside). ("related..." only in it: a page of
 * an author's columns keeps them in a "relatedlist".)
 */
static const struct compound_stem {
	const char	*stem;
	bool		 aside, outside, elsewhere;
} compound_stems[] = {
	{ "related", true, false, true }, { "sidebar", false, true, false },
	{ "footer", false, true, false }, { "share", true, false, false },
	{ "social", true, false, false }, { "sponsor", true, false, false },
	{ "advert", true, false, false }, { "newsletter", true, false, false },
	{ "subscri", true, false, false }, { "cookie", true, false, false },
	{ "promo", true, false, true }, { "breadcrumb", false, false, false },
	{ NULL, false, false, false }
};

/*
 * Whether the word w of len letters is "subscriber(s)": not a call to
 * subscribe but the reader who did. The parts of a story for
 * subscribers ("subscriber-preview", the text shown to everyone;
 * "subscriber-only", the rest) are the story.
 */
static bool
is_subscriber(const char *w, size_t len)
{
	return (len == 10 || (len == 11 && w[10] == 's')) &&
	    memcmp(w, "subscriber", 10) == 0;
}

/*
 * The stem that the word w of len letters is a compound of, or NULL
 * (never for is_subscriber's word).
 */
static const struct compound_stem *
clutter_compound(const char *w, size_t len)
{
	const struct compound_stem	*c;
	size_t				 n;

	for (c = compound_stems; c->stem != NULL; c++) {
		if (c->stem[0] != w[0])
			continue;
		n = strlen(c->stem);
		if (len >= n + 3 && strncmp(w, c->stem, n) == 0)
			return is_subscriber(w, len) ? NULL : c;
	}
	return NULL;
}

/*
 * The lists name_words looks each word up in, as one table: a page's
 * class and id values hold many words, most of them in no list, and
 * one probe of a hash table answers for all the lists at once. Built
 * for each page (a few hundred words), read only after.
 */
#define WORD_SLOTS	512

enum word_list {
	IN_GOOD = 1 << 0, IN_BAD = 1 << 1, IN_THREAD = 1 << 2,
	IN_OUTSIDE = 1 << 3, IN_LAYOUT = 1 << 4, IN_LEAD = 1 << 5,
	IN_RECIPE = 1 << 6, IN_ASIDE = 1 << 7, IN_MENU = 1 << 8,
	IN_TOOLS = 1 << 9, IN_DATE = 1 << 10, IN_CONSENT = 1 << 11,
	IN_TAGS = 1 << 12, IN_ELSEWHERE = 1 << 13, IN_PROS = 1 << 14,
	IN_CREDIT = 1 << 15
};

struct word_set {
	const char	*word[WORD_SLOTS];
	uint16_t	 lists[WORD_SLOTS];	/* enum word_list's bits */
	uint8_t		 bad[WORD_SLOTS];	/* the index in bad_words */
};

_Static_assert(NBAD < 256, "bad_words' indexes fit word_set's bad");

/* The slot of the word w of len bytes in set: its, or the free one. */
static uint32_t
word_slot(const struct word_set *set, const char *w, size_t len)
{
	uint32_t	 h;

	for (h = str_hash(w, len) % WORD_SLOTS; set->word[h] != NULL;
	    h = (h + 1) % WORD_SLOTS)
		if (strncmp(set->word[h], w, len) == 0 &&
		    set->word[h][len] == '\0')
			break;
	return h;
}

/* Fills the zeroed set with the lists. */
static void
word_set_fill(struct word_set *set)
{
	static const struct {
		const char *const	*list;
		uint16_t		 bit;
	} lists[] = {
		{ good_words, IN_GOOD }, { bad_words, IN_BAD },
		{ thread_words, IN_THREAD }, { outside_words, IN_OUTSIDE },
		{ layout_words, IN_LAYOUT }, { lead_words, IN_LEAD },
		{ recipe_words, IN_RECIPE }, { aside_words, IN_ASIDE },
		{ menu_words, IN_MENU }, { tools_words, IN_TOOLS },
		{ date_words, IN_DATE }, { consent_words, IN_CONSENT },
		{ tag_words, IN_TAGS }, { elsewhere_words, IN_ELSEWHERE },
		{ pros_words, IN_PROS }, { credit_words, IN_CREDIT }
	};
	size_t		 j;
	uint32_t	 h;
	int		 k;

	for (j = 0; j < sizeof(lists) / sizeof(*lists); j++)
		for (k = 0; lists[j].list[k] != NULL; k++) {
			h = word_slot(set, lists[j].list[k],
			    strlen(lists[j].list[k]));
			set->word[h] = lists[j].list[k];
			set->lists[h] |= lists[j].bit;
			if (lists[j].bit == IN_BAD)
				set->bad[h] = (uint8_t)k;
		}
}

/*
 * The lists the word w of len bytes is in (enum word_list), and its
 * index in bad_words in *bad, or -1.
 */
static unsigned int
word_lists(const struct word_set *set, const char *w, size_t len, int *bad)
{
	uint32_t	 h = word_slot(set, w, len);

	*bad = (set->lists[h] & IN_BAD) ? set->bad[h] : -1;
	return set->word[h] != NULL ? set->lists[h] : 0;
}

/*
 * Words of a class or id value, counted against the lists; and which
 * bad words were among them (bit k of bad_seen for bad_words[k]).
 */
struct names {
	int		 good, bad, outside, thread, layout, aside, header, lead;
	int		 recipe, caption, video, paywall, bio, meta, menu, tools;
	int		 hidden;
	int		 button, date, consent, tags, lead_bad, elsewhere, pros;
	int		 credit, credit_bad, copyright;
	uint64_t	 bad_seen[(NBAD + 63) / 64];
};

/*
 * Content management systems write the terms a post is filed under as
 * classes of its element and of the body ("tag-sidebar",
 * "category-ads", "status-publish"): such a class names a term, not
 * what the element is. Whether the class at s begins with one of these
 * prefixes. Within a class ("entry-category-book_reviews"), after a
 * hyphen (within), only the category and tag prefixes name a term: the
 * words after "type" or "format" there say what the entry is
 * ("entry-type-post").
 */
static bool
is_taxonomy(const char *s, bool within)
{
	static const char *const terms[] = { "tag", "category", "term",
	    "taxonomy", NULL };
	static const char *const kinds[] = { "status", "format", "type",
	    NULL };
	const char *const *lists[] = { terms, within ? NULL : kinds };
	const char *const *p;
	size_t	 k, len;

	for (k = 0; k < 2 && lists[k] != NULL; k++)
		for (p = lists[k]; *p != NULL; p++) {
			len = strlen(*p);
			if (strncasecmp(s, *p, len) == 0 &&
			    (s[len] == '-' || s[len] == '_'))
				return true;
		}
	return false;
}

/*
 * Whether the class at s (to the next space) shows its element to
 * screen readers only ("sr-only", WordPress's "screen-reader-text"):
 * words for those who cannot see the page ("Continue reading", a
 * table's caption that the page shows as a heading), not its text.
 */
static bool
is_screen_reader_only(const char *s)
{
	static const char *const classes[] = { "sr-only",
	    "screen-reader-text", "screen-reader-only", "visuallyhidden",
	    "element-invisible", NULL };
	const char *const *p;
	size_t	 len = strcspn(s, " \t\n\f\r");

	for (p = classes; *p != NULL; p++)
		if (strlen(*p) == len && strncasecmp(s, *p, len) == 0)
			return true;
	return false;
}

/*
 * Whether the class at s is a hook for the page's scripts ("js-" and a
 * name): it says what a script does with the element, not what the
 * element is ("js-replyNewMessageContainer", where a forum's script
 * puts a new reply, is the list of posts).
 */
static bool
is_script_hook(const char *s)
{
	return (s[0] == 'j' || s[0] == 'J') && (s[1] == 's' || s[1] == 'S') &&
	    (s[2] == '-' || s[2] == '_');
}

/* Whether the len letters of w are all hexadecimal digits, a to f. */
static bool
is_hex_letters(const char *w, size_t len)
{
	size_t	 k;

	for (k = 0; k < len; k++)
		if (w[k] < 'a' || w[k] > 'f')
			return false;
	return true;
}

/*
 * Whether the word at s begins a hexadecimal code, a hash ("ad421ad7
 * 08d4f61a", Google Sites' ids): a run of eight hexadecimal digits or
 * more to the next mark, with a letter after a digit in it. A word and
 * a number after it ("ad300", "ad1234567") are no code. Looks at 64
 * bytes at most.
 */
static bool
begins_hex_code(const char *s)
{
	size_t	 k;
	bool	 digit = false, mixed = false;

	for (k = 0; k < 64; k++) {
		unsigned char c = (unsigned char)s[k];

		if (c >= '0' && c <= '9')
			digit = true;
		else if ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
			mixed |= digit;
		else if (ascii_is_alpha(c))
			return false;
		else
			break;
	}
	return k >= 8 && mixed;
}

/*
 * Whether the len bytes at s hold a code a program made: a run of five
 * letters and digits or more, both in it ("sc-10f35970-2",
 * "css-1x2y3z"). "col-md-6" does not.
 */
static bool
holds_code(const char *s, size_t len)
{
	size_t	 k, run = 0;
	bool	 digit = false, letter = false;

	for (k = 0; k <= len; k++) {
		if (k < len && ascii_is_alpha((unsigned char)s[k]))
			letter = true;
		else if (k < len && s[k] >= '0' && s[k] <= '9')
			digit = true;
		else {
			if (run >= 5 && digit && letter)
				return true;
			run = 0;
			digit = letter = false;
			continue;
		}
		run++;
	}
	return false;
}

/*
 * Whether the class at s is a name a program made of random letters, as
 * CSS-in-JS libraries write one beside their code ("sc-10f35970-2
 * HIAdNh"), and site builders one of letters and digits ("s8ZNvAD"):
 * five to eight of them, two capitals or more and a small letter,
 * never three small letters in a row, which a word written in
 * camelCase has ("adBanner").
 */
static bool
is_generated(const char *s)
{
	size_t	 k, upper = 0, lower = 0, run = 0;

	for (k = 0; ascii_is_alpha((unsigned char)s[k]) ||
	    (s[k] >= '0' && s[k] <= '9'); k++) {
		if (s[k] >= '0' && s[k] <= '9')
			run = 0;
		else if (s[k] >= 'A' && s[k] <= 'Z') {
			upper++;
			run = 0;
		} else if (++run == 3)
			return false;
		else
			lower++;
	}
	return k >= 5 && k <= 8 && upper >= 2 && lower >= 1 &&
	    (s[k] == '\0' || ascii_is_space((unsigned char)s[k]));
}

/*
 * Whether the word "hidden" at [at, end) in the class that begins at
 * tok hides the element. It does alone ("hidden"), right after a word
 * that names the element's state ("is-hidden", "js-hidden",
 * "visually-hidden", "element-hidden", a framework's prefix "u-",
 * "uk-") or as a modifier ("teaser--hidden"). It does not after a word
 * that names a part or a view of the element ("field-label-hidden",
 * "quick-add-hidden", "overflow-hidden"), nor before a screen's size
 * or a medium ("hidden-xs", "hidden-print"): it is shown there
 * elsewhere.
 */
static bool
hides_element(const char *tok, const char *at, const char *end)
{
	static const char *const states[] = { "is", "js", "u", "uk",
	    "visually", "element", NULL };
	static const char *const media[] = { "xs", "sm", "md", "lg", "xl",
	    "xxl", "mobile", "phone", "tablet", "desktop", "print", NULL };
	const char	*w;
	size_t		 len;

	for (w = end; *w != '\0' && !ascii_is_space((unsigned char)*w) &&
	    !ascii_is_alpha((unsigned char)*w); w++)
		continue;
	for (len = 0; ascii_is_alpha((unsigned char)w[len]); len++)
		continue;
	if (len > 0 && in_list(media, w, len))
		return false;
	if (at - tok >= 2 && at[-1] == '-' && at[-2] == '-')
		return true;
	/* The word before it only: a page's class may be megabytes. */
	for (w = at; w > tok && !ascii_is_alpha((unsigned char)w[-1]); w--)
		continue;
	for (len = 0; w > tok && ascii_is_alpha((unsigned char)w[-1]);
	    w--, len++)
		continue;
	return len == 0 || in_list(states, w, len);
}

/*
 * Where the words about the element itself begin in the class at tok.
 * Utility frameworks (Tailwind) write the condition a class applies
 * under before a colon, "print:break-inside-avoid", "hover:underline",
 * "md:flex", and what comes before the class's last colon names a
 * medium, a state or a screen, not the element: *plain is after it, or
 * tok. The BEM convention names a part of a block after the block and
 * "__" ("layout-md-rail__primary"): *part is after the last "__", or
 * tok; the words before it name the block.
 */
static void
class_parts(const char *tok, const char **plain, const char **part)
{
	const char	*s;

	*plain = *part = tok;
	for (s = tok; *s != '\0' && !ascii_is_space((unsigned char)*s); s++)
		if (*s == ':')
			*plain = s + 1;
		else if (s[0] == '_' && s[1] == '_' && s[2] != '_' &&
		    s[2] != '\0' && !ascii_is_space((unsigned char)s[2]))
			*part = s + 2;
}

/*
 * Whether the word that ends at s is followed, in the same class, by
 * "position": the class gives the place of the part the word names
 * ("gallery-position-right" on a text beside its pictures), not what
 * the element is.
 */
static bool
places_part(const char *s)
{
	return (*s == '-' || *s == '_') &&
	    strncasecmp(s + 1, "position", 8) == 0 &&
	    !((s[9] >= 'a' && s[9] <= 'z') || (s[9] >= 'A' && s[9] <= 'Z'));
}

/*
 * Whether the word w of len letters names a writer ("author", "autor",
 * "auteur", "autore") and the word after it, at s in the same class,
 * names a text ("tip", "tipp", "note", "hint"): the writer's own words
 * ("RecipePreparation_authorTip", "author-note"), the text's, as the
 * last word of a name says what the element is and the first whose
 * it is.
 */
static bool
names_writers_text(const char *w, size_t len, const char *s)
{
	static const char *const writers[] = { "author", "autor", "auteur",
	    "autore", NULL };
	static const char *const texts[] = { "tip", "tipp", "tips", "note",
	    "notes", "hint", "hints", NULL };
	char	 next[8];
	size_t	 n = 0;

	if (!in_list(writers, w, len))
		return false;
	if (*s == '-' || *s == '_')
		s += s[1] == *s ? 2 : 1;
	for (; n < sizeof(next) && ((*s >= 'a' && *s <= 'z') ||
	    (*s >= 'A' && *s <= 'Z' && n == 0)); s++)
		next[n++] = (char)(*s | 0x20);
	if (n == sizeof(next) || (*s >= 'a' && *s <= 'z'))
		return false;
	return in_list(texts, next, n);
}

/*
 * Counts the words of a class or id value: runs of letters, lower-
 * cased, cut at any other character and where camelCase turns upper
 * (a lower-case letter, then an upper-case one: "mainContent", but
 * "SIDEBAR" and "REVIEWS_DEFAULT" are whole words).
 * A layout container names what it sits beside with "with", "has" or
 * "no" ("grid--with-right-rail", "has-sidebar"), and a box the parts
 * of itself it does not show with "hide" ("hide-toolbar" on a block of
 * code, "hide-border-bottom"): the words after those, to the end of
 * that class, are not about the element itself; nor is a word that
 * names a part whose place the class gives (places_part), nor are
 * the words of a taxonomy class (is_taxonomy), of a script's hook
 * (is_script_hook) or of a class's variants (class_parts), nor a word
 * of the layout (layout_words) in the block's name before a BEM part's
 * (class_parts: the rail of "layout-md-rail__primary" is the
 * block's). A bad word that is common on the page (common[k] set, see
 * read_names) is not counted. Each word is looked up in all the lists
 * at once (word_lists).
 */
static void
name_words(const char *s, struct names *c, const unsigned char *common,
    const struct word_set *set)
{
	char	 w[32];
	size_t	 n = 0;
	const struct compound_stem *stem;
	int	 k;
	unsigned int in;
	bool	 upper, thread, hides;
	/*
	 * Beside a program's code, a class of random letters is the same
	 * program's (is_generated), and the words it seems to spell are
	 * chance: "HIAdNh" has no advertisement in it.
	 */
	bool	 hashed = holds_code(s, strlen(s));
	bool	 skip = is_taxonomy(s, false) || (hashed && is_generated(s)) ||
	    is_script_hook(s);
	/*
	 * The class that hides an element ("hidden": Bootstrap's,
	 * Tailwind's) says it is not shown: a copy of the text for
	 * another layout, a box that opens on a click; clutter, whatever
	 * word of content the element also has. But with a variant
	 * ("hidden md:block") it is shown on larger screens, and says
	 * nothing.
	 */
	bool	 variants = strchr(s, ':') != NULL;

	/*
	 * Letters a to f right after a digit are a part of a hexadecimal
	 * code (a generated id, "2ad6"), not a word: "ad" there is no
	 * advertisement. (After a digit, other letters are words:
	 * "img640caption".) So are those that begin a hash
	 * (begins_hex_code: "h.ad421ad708d4f61a").
	 */
	const char *begin = s, *tok = s, *plain, *part;

	/* The word before, in the same class, was "review". */
	bool	 after_review = false;
	/*
	 * "tag" right after "heading", "title" or "headline" in one class
	 * names the element a heading is written with
	 * ("av-special-heading-tag", "title-tag"), not a list of tags.
	 */
	bool	 after_heading = false;

	class_parts(s, &plain, &part);
	c->aside += is_screen_reader_only(s);
	for (;; s++) {
		unsigned char ch = (unsigned char)*s;
		bool letter = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');

		upper = ch >= 'A' && ch <= 'Z';
		if (!letter || (upper && n > 0 && s[-1] >= 'a' &&
		    s[-1] <= 'z')) {
			if (n > 0 && n < sizeof(w) && !skip && s >= plain &&
			    !places_part(s) && !names_writers_text(w, n, s) &&
			    !(after_heading && n == 3 &&
			    memcmp(w, "tag", 3) == 0) &&
			    !(s - n > begin && s[-(ptrdiff_t)n - 1] >= '0' &&
			    s[-(ptrdiff_t)n - 1] <= '9' && is_hex_letters(w, n)) &&
			    !(*s >= '0' && *s <= '9' && is_hex_letters(w, n) &&
			    begins_hex_code(s - n)) &&
			    ((in = word_lists(set, w, n, &k)),
			    !(s < part && (in & IN_LAYOUT))) &&
			    (k < 0 || !common[k])) {
				c->good += (in & IN_GOOD) != 0;
				hides = k >= 0 && n == 6 &&
				    memcmp(w, "hidden", 6) == 0;
				if (hides && (variants ||
				    !hides_element(tok, s - n, s))) {
					k = -1;
					hides = false;
				}
				c->hidden += hides;
				if (k < 0 &&
				    (stem = clutter_compound(w, n)) != NULL) {
					c->bad++;
					c->aside += stem->aside;
					c->outside += stem->outside;
					c->elsewhere += stem->elsewhere;
				}
				if (k >= 0) {
					c->bad++;
					c->bad_seen[k / 64] |=
					    (uint64_t)1 << (k % 64);
				}
				thread = (in & IN_THREAD) ||
				    is_comment_compound(w, n) ||
				    (after_review && is_list_word(w, n));
				after_review = n == 6 &&
				    memcmp(w, "review", 6) == 0;
				after_heading = (n == 7 &&
				    memcmp(w, "heading", 7) == 0) || (n == 5 &&
				    memcmp(w, "title", 5) == 0) || (n == 8 &&
				    memcmp(w, "headline", 8) == 0);
				c->thread += thread;
				c->consent += (in & IN_CONSENT) != 0;
				c->outside += thread ||
				    (in & (IN_OUTSIDE | IN_CONSENT)) != 0;
				c->layout += (in & IN_LAYOUT) != 0;
				c->lead += (in & IN_LEAD) != 0;
				c->lead_bad += k >= 0 && (in & IN_LEAD);
				c->caption += n == 7 &&
				    memcmp(w, "caption", 7) == 0;
				c->bio += n == 3 && memcmp(w, "bio", 3) == 0;
				c->copyright += n == 9 &&
				    memcmp(w, "copyright", 9) == 0;
				c->meta += n == 4 && memcmp(w, "meta", 4) == 0;
				c->video += (n == 5 &&
				    memcmp(w, "video", 5) == 0) || (n == 6 &&
				    memcmp(w, "videos", 6) == 0);
				c->paywall += n == 7 &&
				    memcmp(w, "paywall", 7) == 0;
				c->recipe += (in & IN_RECIPE) != 0;
				c->aside += (in & IN_ASIDE) || hides;
				c->header += n == 6 && memcmp(w, "header", 6) == 0;
				c->menu += k >= 0 && (in & IN_MENU);
				c->tools += k >= 0 && (in & IN_TOOLS);
				c->credit += (in & IN_CREDIT) != 0;
				c->credit_bad += k >= 0 && (in & IN_CREDIT);
				c->tags += k >= 0 && (in & IN_TAGS);
				c->elsewhere += k >= 0 && (in & IN_ELSEWHERE);
				c->pros += (in & IN_PROS) != 0;
				c->date += k >= 0 && (in & IN_DATE);
				c->button += (n == 6 &&
				    memcmp(w, "button", 6) == 0) || (n == 3 &&
				    memcmp(w, "btn", 3) == 0);
				skip = (n == 4 && memcmp(w, "with", 4) == 0) ||
				    (n == 3 && memcmp(w, "has", 3) == 0) ||
				    (n == 2 && memcmp(w, "no", 2) == 0) ||
				    (n == 4 && memcmp(w, "hide", 4) == 0);
			}
			n = 0;
		}
		if (ch == '\0')
			break;
		if (ch == ' ' || ch == '\t' || ch == '\n') {
			tok = s + 1;
			after_review = after_heading = false;
			class_parts(tok, &plain, &part);
			c->aside += is_screen_reader_only(tok);
			skip = is_taxonomy(s + 1, false) ||
			    (hashed && is_generated(s + 1)) ||
			    is_script_hook(s + 1);
		}
		else if ((ch == '-' || ch == '_') && is_taxonomy(s + 1, true))
			skip = true;
		if (letter && n < sizeof(w))
			w[n++] = (char)(upper ? ch + ('a' - 'A') : ch);
	}
}

/*
 * Attributes that name what an element is, beside class and id: the
 * hooks of a page's tests and the names of its components, which sites
 * whose classes a program generates ("css-1e1gqmr") still write
 * ("data-testid=\"byline\"", "data-component=\"related-content\"");
 * and the names of the sections a shop's or a listing's theme builds a
 * page of ("data-section-type=\"testimonials\"",
 * "data-section-id=\"REVIEWS_DEFAULT\""), and the names a site
 * builder's designer gives the layers of a page whose classes it
 * generates (Framer's "data-framer-name=\"Logos\"", "Newsletter").
 */
static const char *const name_attributes[] = { "class", "id",
	"data-testid", "data-test", "data-qa", "data-component",
	"data-module", "data-section-id", "data-section-type",
	"data-framer-name", NULL };

/*
 * Whether the article method reads an attribute of this name (as the
 * tokenizer gives it, in lower case) as a name of the element: the
 * guard keeps these of the data attributes it leaves out otherwise.
 */
bool
article_names_with(const char *name, size_t len)
{
	return in_list(name_attributes, name, len);
}

/*
 * The child of element i that holds all its text, an element; 0 when
 * none does (text of its own, or in two children or more).
 */
static uint32_t
sole_text_child(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c, only = 0;

	for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end) {
		if (d->nodes[c].letters == 0)
			continue;
		if (only != 0 || !node_is_element(&d->nodes[c]))
			return 0;
		only = c;
	}
	return only;
}

/*
 * Whether element i holds a quotation and nothing else: down a chain of
 * children that each hold all the text (sole_text_child), four levels
 * at most, a blockquote.
 */
static bool
is_quotation_box(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 k;

	if (d->nodes[i].letters == 0)
		return false;
	for (k = 0; k < 5 && i != 0; k++, i = sole_text_child(d, i))
		if (d->nodes[i].tag == GUMBO_TAG_BLOCKQUOTE)
			return true;
	return false;
}

/* Takes the words of list (bad words all) off c's bad words. */
static void
forget_words(struct names *c, const char *const *list, int count)
{
	int	 k;

	c->bad -= count;
	for (; *list != NULL; list++)
		if ((k = list_index(bad_words, *list, strlen(*list))) >= 0)
			c->bad_seen[k / 64] &= ~((uint64_t)1 << (k % 64));
}

/*
 * The counts of the words of class and id values already read. A page
 * writes the same value on many elements (each item of a menu, each
 * entry of a list), and name_words reads a value letter by letter. A
 * value's counts are found by a hash of
 * it in a table of NAME_CACHE slots, each holding the last value read
 * there: a value that misses costs a hash more, and the table's size
 * is the same for any page.
 */
#define NAME_CACHE	1024

struct name_cache {
	struct word_set	 words;		/* the lists of words */
	const char	*value[NAME_CACHE];
	struct names	 counts[NAME_CACHE];
};

static struct name_cache *
name_cache_new(void)
{
	struct name_cache *cache;

	/* A slot's counts are cleared when a value is read into it. */
	if ((cache = malloc(sizeof(*cache))) != NULL) {
		memset(&cache->words, 0, sizeof(cache->words));
		memset(cache->value, 0, sizeof(cache->value));
		word_set_fill(&cache->words);
	}
	return cache;
}

/* Adds the counts of v to c. */
static void
add_names(struct names *c, const struct names *v)
{
	size_t	 k;

	c->good += v->good;
	c->bad += v->bad;
	c->outside += v->outside;
	c->thread += v->thread;
	c->layout += v->layout;
	c->aside += v->aside;
	c->header += v->header;
	c->lead += v->lead;
	c->lead_bad += v->lead_bad;
	c->recipe += v->recipe;
	c->caption += v->caption;
	c->video += v->video;
	c->paywall += v->paywall;
	c->bio += v->bio;
	c->meta += v->meta;
	c->menu += v->menu;
	c->tools += v->tools;
	c->credit += v->credit;
	c->credit_bad += v->credit_bad;
	c->copyright += v->copyright;
	c->hidden += v->hidden;
	c->button += v->button;
	c->date += v->date;
	c->consent += v->consent;
	c->elsewhere += v->elsewhere;
	c->pros += v->pros;
	c->tags += v->tags;
	for (k = 0; k < sizeof(c->bad_seen) / sizeof(*c->bad_seen); k++)
		c->bad_seen[k] |= v->bad_seen[k];
}

/* name_words through the cache: adds the words of s to c. */
static void
cached_words(struct name_cache *cache, const char *s, struct names *c,
    const unsigned char *common)
{
	uint32_t	 h = str_hash(s, strlen(s)) % NAME_CACHE;

	if (cache->value[h] == NULL || strcmp(cache->value[h], s) != 0) {
		memset(&cache->counts[h], 0, sizeof(cache->counts[h]));
		name_words(s, &cache->counts[h], common, &cache->words);
		cache->value[h] = s;
	}
	add_names(c, &cache->counts[h]);
}

/*
 * Whether an element is a definition list or a table, or a row or cell
 * of one (a row of a definition list is a dt and its dd, or a div
 * around them).
 */
static bool
is_data_list(const struct cex_doc *d, const struct cex_node *n)
{
	switch (n->tag) {
	case GUMBO_TAG_DL:
	case GUMBO_TAG_DT:
	case GUMBO_TAG_DD:
	case GUMBO_TAG_TABLE:
	case GUMBO_TAG_TR:
	case GUMBO_TAG_TD:
	case GUMBO_TAG_TH:
		return true;
	default:
		return d->nodes[n->parent].tag == GUMBO_TAG_DL;
	}
}

/* The bad word that names a post's metadata. */
static const char *const meta_words[] = { "meta", NULL };

/* How many terms (dt) definition list n has among its children. */
static size_t
count_terms(const struct cex_doc *d, const struct cex_node *n)
{
	uint32_t	 c, i = (uint32_t)(n - d->nodes);
	size_t		 terms = 0;

	for (c = i + 1; c < n->end; c = d->nodes[c].end)
		terms += node_is_element(&d->nodes[c]) &&
		    d->nodes[c].tag == GUMBO_TAG_DT;
	return terms;
}

/*
 * Whether element n is a box about a text's writer by the page's
 * microdata: a block (div, section, aside) that is an item and the
 * value of an author property (itemprop=author), as a forum marks the
 * box of a post's poster, with their rank and their count of posts. It
 * is named as one ("author"). A name in a line of the text is a span.
 */
static bool
is_author_box(const struct cex_node *n)
{
	return (n->tag == GUMBO_TAG_DIV || n->tag == GUMBO_TAG_SECTION ||
	    n->tag == GUMBO_TAG_ASIDE) && dom_attr(n, "itemscope") != NULL &&
	    dom_attr_is(n, "itemprop", "author");
}

/*
 * The words of an element's names (name_attributes). A menu whose text is less
 * than a tenth links (the titles of its tabs) is not the site's navigation but
 * a list of the page's own text (a restaurant's dishes, a course's plan): its
 * words of navigation (menu_words) do not count against it. Nor do the words of
 * a bar of controls (tools_words) on a block of 100 letters or more, less than
 * a tenth links: controls are links and buttons of a word or two, and such a
 * block is a list of the text's own ("tools-materials", the tools a how-to
 * needs). Nor do the words of a credit (credit_words) on a definition list, a
 * table, their rows and cells, or a heading: a picture's credit is a line, a
 * film's or a book's credits are a list of who did what, under a heading of
 * their own ("Cast & Credits"). Nor does "copyright" on a block of 80
 * letters or more: a picture's copyright is a name or two, a longer block so
 * named is the terms a story is shared under, which some golds keep as its
 * text (a news agency's notice). Nor does "meta" on a definition list of
 * three terms or more: a post's metadata is a line, such a list is the
 * facts of an event (its date, time and place) or of a lesson. Nor do
 * the words of tags (tag_words) on a
 * block of 100 letters or more, less than half links: a post's tags are links,
 * and such a block is a tagged list of the text's own (a manual's options,
 * mandoc's "Bl-tag"). Nor do
 * the words of an id that the page's table of contents names (mark_contents),
 * but those of a part around the text (outside_words: "footer"), of a menu or
 * of readers' comments, which lists of links to skip to them name too (a box
 * asking consent to cookies is around the text, but a section on cookies is a
 * topic). Nor does "hidden" on a panel of tabs (is_panel): a closed panel,
 * which a reader opens (the same code in another language), not a copy of the
 * text. A box whose text is all one quotation (is_quotation_box) is a post the
 * article quotes, embedded ("social-media-embed" around a tweet): no word of
 * clutter on it counts, but those of a part around the text or of readers'
 * comments.
 */
static struct names
names_of(struct article *art, const struct cex_node *n)
{
	const GumboVector	*attrs;
	const GumboAttribute	*a;
	struct names		 c, before;
	unsigned int		 j;

	memset(&c, 0, sizeof(c));
	if (n->type != GUMBO_NODE_ELEMENT && n->type != GUMBO_NODE_TEMPLATE)
		return c;
	/* One pass over the attributes, not a search for each name. */
	attrs = &n->g->v.element.attributes;
	for (j = 0; j < attrs->length; j++) {
		a = attrs->data[j];
		if (!in_list(name_attributes, a->name, strlen(a->name)))
			continue;
		if (!art->in_contents[n - art->d->nodes] ||
		    strcmp(a->name, "id") != 0) {
			cached_words(art->cache, a->value, &c, art->common);
			continue;
		}
		before = c;
		cached_words(art->cache, a->value, &c, art->common);
		if (c.outside - c.consent == before.outside - before.consent &&
		    c.thread == before.thread && c.menu == before.menu)
			c = before;
	}
	if (is_author_box(n))
		cached_words(art->cache, "author", &c, art->common);
	if (c.menu > 0 && 10 * n->linked < n->letters)
		forget_words(&c, menu_words, c.menu);
	if (c.tools > 0 && 10 * n->linked < n->letters &&
	    n->letters >= 100) {
		c.aside -= c.tools;
		forget_words(&c, tools_words, c.tools);
	}
	if (c.credit > 0 && (is_data_list(art->d, n) || is_heading(n->tag))) {
		c.aside -= c.credit;
		forget_words(&c, credit_words, c.credit_bad);
	}
	if (c.copyright > 0 && n->letters >= 80)
		c.aside -= c.copyright;
	if (c.meta > 0 && n->tag == GUMBO_TAG_DL &&
	    count_terms(art->d, n) >= 3) {
		c.aside -= c.meta;
		forget_words(&c, meta_words, c.meta);
		c.meta = 0;
	}
	if (c.tags > 0 && 2 * n->linked < n->letters && n->letters >= 100) {
		c.aside -= c.tags;
		forget_words(&c, tag_words, c.tags);
	}
	if (c.hidden > 0 && is_panel(art->d, (uint32_t)(n - art->d->nodes))) {
		c.aside -= c.hidden;
		forget_words(&c, hidden_words, c.hidden);
	}
	/* Last: it forgets all the words the others would take off. */
	if ((c.bad > 0 || c.aside > 0) && c.outside == 0 && c.thread == 0 &&
	    is_quotation_box(art->d, (uint32_t)(n - art->d->nodes))) {
		c.bad = c.aside = 0;
		memset(c.bad_seen, 0, sizeof(c.bad_seen));
	}
	return c;
}

/* The class and id words of an element: good ones less bad ones. */
static int
name_weight(const struct article *a, uint32_t i)
{
	return a->names[i].good - a->names[i].bad;
}

/*
 * Whether an element is a dialog over the page (a popup, a login or
 * newsletter box): a dialog element, or one whose role says so or that
 * is modal.
 */
static bool
is_dialog(const struct cex_node *n)
{
	const GumboAttribute	*a;
	const char		*name;
	size_t			 len;
	bool			 source;

	if (n->tag == GUMBO_TAG_UNKNOWN) {
		name = dom_tagname(n->g, &len, &source);
		if (len == 6 && strncasecmp(name, "dialog", 6) == 0)
			return true;
	}
	if ((a = dom_attr(n, "role")) != NULL &&
	    (strcasecmp(a->value, "dialog") == 0 ||
	    strcasecmp(a->value, "alertdialog") == 0))
		return true;
	return (a = dom_attr(n, "aria-modal")) != NULL &&
	    strcasecmp(a->value, "true") == 0;
}

/*
 * Whether element n is navigation: a nav element, but for one of 100
 * letters or more that holds no link, a script's panel of text that a
 * site builder makes of a nav element (Webflow's dropdown,
 * "w-dropdown-list", the answers of an FAQ): navigation is links.
 */
static bool
is_navigation(const struct cex_node *n)
{
	return n->tag == GUMBO_TAG_NAV && (n->linked > 0 || n->letters < 100);
}

/*
 * Whether element i is around the article: an aside, nav or footer
 * element, one named so (outside_words, thread_words), or a dialog. But
 * an aside named for a recipe and for no clutter is the recipe's
 * ingredients set beside its steps, not a sidebar; and a footer element
 * in a blockquote, up to three levels, is the quotation's source, who
 * said it (as HTML writes a citation), not a page's footer.
 */
static bool
is_outside(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];

	return (n->tag == GUMBO_TAG_ASIDE && !a->names[i].recipe) ||
	    is_navigation(n) ||
	    (n->tag == GUMBO_TAG_FOOTER && near_ancestor(a->d, i,
	    GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_BLOCKQUOTE) == 0) ||
	    a->names[i].outside > 0 || is_dialog(n);
}

/*
 * The first word of element n's class value, its length in *len; NULL
 * without a class attribute (an empty value gives a length of 0).
 */
static const char *
first_class(const struct cex_node *n, size_t *len)
{
	const GumboAttribute	*at = dom_attr(n, "class");
	const char		*w;

	if (at == NULL)
		return NULL;
	w = at->value + strspn(at->value, " \t\n\f\r");
	*len = strcspn(w, " \t\n\f\r");
	return w;
}

/*
 * Whether element i names, by its first class, a block whose parts its
 * children name after it, as the BEM convention writes them: "X" holds
 * "X__primary" and "X__secondary". Reads i's children once.
 */
static bool
holds_named_parts(const struct cex_doc *d, uint32_t i)
{
	const GumboAttribute	*cat;
	const char		*block, *v;
	size_t			 len;
	uint32_t		 c;

	if ((block = first_class(&d->nodes[i], &len)) == NULL || len == 0)
		return false;
	for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end) {
		if (!node_is_element(&d->nodes[c]) ||
		    (cat = dom_attr(&d->nodes[c], "class")) == NULL)
			continue;
		for (v = cat->value; *v != '\0';
		    v += strcspn(v, " \t\n\f\r")) {
			v += strspn(v, " \t\n\f\r");
			if (strncmp(v, block, len) == 0 &&
			    strncmp(v + len, "__", 2) == 0)
				return true;
		}
	}
	return false;
}

/*
 * Whether an element that is_outside names only by its place in the
 * layout is the wrapper of the layout a sidebar sits in, article
 * included ("l-sidebar-fixed l-article-body"): its names say what it
 * holds is the article too, or its children are its parts
 * (holds_named_parts: "layout-md-rail" holds "layout-md-rail__primary"
 * and "layout-md-rail__secondary", the layout with a rail, not the
 * rail), and it holds more than half the letters of the page
 * (page_letters). So is one that holds an entry (marks_entry: the
 * post) with more than half of its letters (a->entry): a sidebar lists
 * posts, but holds none that is most of it ("two_columns
 * background_color_sidebar" around the post's column and the aside);
 * and, whatever it holds of the page, one that holds more than half of
 * the page's main element around it (a->main_of).
 * A sidebar of its own name only, or holding less, is the sidebar,
 * even where a short article has less text.
 */
static bool
is_layout_wrapper(const struct article *a, uint32_t i, uint32_t page_letters)
{
	const struct cex_node	 *n = &a->d->nodes[i];
	const struct word_counts *c = &a->names[i];
	uint32_t		  m = a->main_of[i];

	if (n->tag == GUMBO_TAG_ASIDE || n->tag == GUMBO_TAG_NAV ||
	    n->tag == GUMBO_TAG_FOOTER || c->outside != c->layout)
		return false;
	/*
	 * Inside the page's main element, a part so named that holds more
	 * than half of it is where the main content lies (Flatsome's
	 * "product-footer", around a product's tabs): the page's own
	 * footer and sidebars lie outside main.
	 */
	if (m != 0 && 2 * (uint64_t)n->letters > a->d->nodes[m].letters)
		return true;
	return n->letters > page_letters / 2 &&
	    (c->good > 0 || holds_named_parts(a->d, i) ||
	    2 * (uint64_t)a->entry[i] > n->letters);
}

/* Whether n is the page's main landmark: a main element, or role=main. */
static bool
is_landmark(const struct cex_node *n)
{
	const GumboAttribute	*a;

	return n->tag == GUMBO_TAG_MAIN || ((a = dom_attr(n, "role")) != NULL &&
	    strcasecmp(a->value, "main") == 0);
}

/*
 * The page's hints that an element is its main content, the strong
 * ones: a page has one main element, one body of an article. (And a
 * product's description, see mark_main.)
 */
static bool
is_main_element(const struct cex_node *n)
{
	const GumboAttribute	*a;

	return is_landmark(n) || ((a = dom_attr(n, "itemprop")) != NULL &&
	    strcasecmp(a->value, "articleBody") == 0);
}

/* Whether element i is one of the page's main content (mark_main). */
static bool
is_main(const struct article *a, uint32_t i)
{
	return (a->main[i] & MAIN) != 0;
}

/* The page's own hints that an element holds its main content. */
static bool
is_hinted(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];
	const GumboAttribute	*r;

	if (n->tag == GUMBO_TAG_ARTICLE || is_main(a, i))
		return true;
	return (r = dom_attr(n, "role")) != NULL &&
	    strcasecmp(r->value, "article") == 0;
}

/* Whether an element says it is the article: a hint, or its names. */
static bool
names_article(const struct article *a, uint32_t i)
{
	if (is_hinted(a, i))
		return true;
	return a->names[i].good > 0 && a->names[i].bad == 0;
}

/*
 * The letters of element i's text, lower case, without spaces,
 * punctuation or digits, into w (size bytes): all of them (whole: false
 * if they do not fit, or the text holds a date, more than six digits,
 * or more than 256 bytes) or as many as fit.
 */
static bool
label_letters(const struct cex_doc *d, uint32_t i, char *w, size_t size,
    bool whole)
{
	size_t		 n = 0, digits = 0, bytes = 0;
	uint32_t	 k;
	const char	*t;

	for (k = i + 1; k < d->nodes[i].end; k++) {
		if (!node_is_text(&d->nodes[k]))
			continue;
		for (t = d->nodes[k].g->v.text.text; *t != '\0'; t++) {
			unsigned char c = (unsigned char)*t;

			if (++bytes > 256 || (c >= '0' && c <= '9' &&
			    ++digits > 6)) {
				if (whole)
					return false;
				goto done;
			}
			if (c < 0x80 && !ascii_is_alpha(c))
				continue;
			if (n + 1 >= size) {
				if (whole)
					return false;
				goto done;
			}
			w[n++] = (char)ascii_lower(c);
		}
	}
done:
	w[n] = '\0';
	return n > 0;
}

/*
 * The word an element's text is, if it is a label: its letters, lower
 * case, without spaces, punctuation or a count ("12 Comments" is
 * "comments"), into w (size bytes). A label is a few nodes of a few
 * words (24 letters, 16 nodes, 256 bytes at most): the look stays short.
 * False if the element is not one, or holds a date (more than six
 * digits).
 */
static bool
label_word(const struct cex_doc *d, uint32_t i, char *w, size_t size)
{
	if (d->nodes[i].letters == 0 || d->nodes[i].letters > 24 ||
	    d->nodes[i].end - i > 16)
		return false;
	return label_letters(d, i, w, size, true);
}

/*
 * Whether element i is a heading that labels readers' comments: its
 * text (label_word: "12 Comments", "COMMENTS:") is a word sites of many
 * languages put over them, or the words news sites put over what their
 * readers say ("Your say", "Have your say", "Ihre Meinung"). So is the
 * empty link target that pages put where their comments begin, for
 * links to jump to (<a name="comments"></a>): its name or id is such a
 * word.
 */
static bool
labels_comments(const struct cex_doc *d, uint32_t i)
{
	static const char *const labels[] = { "comments", "comment",
	    "responses", "replies", "reactions", "kommentare", "kommentar",
	    "commentaires", "comentarios", "comentários", "commenti",
	    "reacties", "komentarze", "hozzászólások", "комментарии",
	    "kommentarer", "kommentit", "yoursay", "haveyoursay",
	    "ihremeinung", "votreavis", NULL };
	const char *const *l;
	const GumboAttribute *name;
	char		 w[64];

	if (d->nodes[i].tag == GUMBO_TAG_A && d->nodes[i].letters == 0 &&
	    dom_attr(&d->nodes[i], "href") == NULL &&
	    ((name = dom_attr(&d->nodes[i], "name")) != NULL ||
	    (name = dom_attr(&d->nodes[i], "id")) != NULL)) {
		for (l = labels; *l != NULL; l++)
			if (strcasecmp(*l, name->value) == 0)
				return true;
		return false;
	}
	return is_heading(d->nodes[i].tag) &&
	    label_word(d, i, w, sizeof(w)) && in_list(labels, w, strlen(w));
}

/*
 * Whether element i is a heading over customers' praise: its letters
 * (40 at most) are "Testimonials", "Kundenstimmen" and their like, or
 * begin (and end) as the words that sites of many languages put over
 * the quotes of what their customers, guests or patients say ("What our
 * clients say", "Das sagen unsere Kunden", "Was unsere Gäste sagen",
 * "Ce que disent nos clients"). The quotes under it are testimonials,
 * as a box so named is (thread_words): others' words, not the page's.
 */
static bool
heads_praise(const struct cex_doc *d, uint32_t i)
{
	static const char *const whole[] = { "testimonials", "testimonial",
	    "kundenstimmen", "kundenmeinungen", "témoignages", "temoignages",
	    "testimonios", "testimonianze", "getuigenissen", NULL };
	static const struct { const char *begin, *end; } said[] = {
	    { "whatour", "say" }, { "whatour", "saying" },
	    { "whatpeople", "say" }, { "dassagenunsere", "" },
	    { "wasunsere", "sagen" }, { "cequedisentnos", "" },
	    { "loquedicennuestros", "" }, { "cosadiconoinostri", "" },
	    { "watonze", "zeggen" }, { NULL, NULL } };
	char		 w[64];
	size_t		 n, b, e;
	int		 k;

	if (!tag_is_heading(d->nodes[i].tag) || d->nodes[i].letters > 40 ||
	    d->nodes[i].end - i > 16 ||
	    !label_letters(d, i, w, sizeof(w), true))
		return false;
	n = strlen(w);
	if (in_list(whole, w, n))
		return true;
	for (k = 0; said[k].begin != NULL; k++) {
		b = strlen(said[k].begin);
		e = strlen(said[k].end);
		if (n > b + e && strncmp(w, said[k].begin, b) == 0 &&
		    strcmp(w + n - e, said[k].end) == 0)
			return true;
	}
	return false;
}

/* The first child of element i that is an element, or 0. */
static uint32_t
first_element(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c;

	for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end)
		if (node_is_element(&d->nodes[c]))
			return c;
	return 0;
}

/*
 * Whether element i is a disclosure whose summary says it tells how the
 * shop ships and takes back what it sells ("Versand & Rückgabe",
 * "Shipping and returns", "Return & refund policy": label_word holds
 * one of these words): the shop's terms, the same under every product,
 * not the product's text. A disclosure is a
 * details element with its summary, or a box whose first child is the
 * button that opens the rest (themes' collapsibles).
 */
static bool
labels_shop_terms(const struct cex_doc *d, uint32_t i)
{
	static const char *const words[] = { "shipping", "delivery",
	    "return", "refund", "versand", "lieferung", "rückgabe",
	    "rücksendung", "verzending", "retour", "levering", "livraison",
	    "envío", "envio", "devolucion", "spedizione", "consegna",
	    "wysyłka", "zwrot", "doprava", NULL };
	const char *const *w;
	char		 label[64];
	uint32_t	 c;

	if ((c = first_element(d, i)) == 0 ||
	    !(d->nodes[c].tag == GUMBO_TAG_SUMMARY ?
	    d->nodes[i].tag == GUMBO_TAG_DETAILS :
	    d->nodes[c].tag == GUMBO_TAG_BUTTON) ||
	    !label_word(d, c, label, sizeof(label)))
		return false;
	for (w = words; *w != NULL; w++)
		if (strstr(label, *w) != NULL)
			return true;
	return false;
}

/*
 * Whether element i, of min to max letters, is a label (label_word)
 * among labels: the bound keeps most elements from being read.
 */
static bool
labelled_as(const struct cex_doc *d, uint32_t i, uint32_t min, uint32_t max,
    const char *const *labels)
{
	char	 w[64];

	return d->nodes[i].letters >= min && d->nodes[i].letters <= max &&
	    label_word(d, i, w, sizeof(w)) && in_list(labels, w, strlen(w));
}

/*
 * Whether element i is the label of an advertisement's slot: its text
 * (label_word) is the word pages of many languages put over one, or the
 * words over a sponsor's box ("Presented by", "präsentiert von").
 */
static bool
labels_ad(const struct cex_doc *d, uint32_t i)
{
	static const char *const labels[] = { "advert", "advertisement",
	    "advertisements", "advertising", "ad", "ads", "sponsored",
	    "anzeige", "werbung", "publicité", "publicite", "publicidad",
	    "pubblicità", "pubblicita", "advertentie", "reklame", "reklama",
	    "annons", "annonce", "mainos", "reklám", "реклама", "presentedby",
	    "sponsoredby", "präsentiertvon", "gesponsertvon", NULL };

	/* The labels have 2 to 14 letters: most elements are not asked. */
	return labelled_as(d, i, 2, 14, labels);
}

/*
 * Whether link i says only that there is more elsewhere: "Read more",
 * "Weiterlesen", "Lire la suite", in the languages of Europe. It leads
 * to another page's text, and says nothing of its own.
 */
static bool
labels_more(const struct cex_doc *d, uint32_t i)
{
	static const char *const labels[] = { "readmore", "continuereading",
	    "learnmore", "weiterlesen", "mehrlesen", "mehrerfahren",
	    "lirelasuite", "ensavoirplus", "leggidipiù", "leggidipiu",
	    "leggitutto", "leermás", "leermas", "saibamais", "leiamais",
	    "leesmeer", "meerlezen", "läsmer", "lasmer", "czytajwięcej",
	    "czytajwiecej", NULL };

	return d->nodes[i].tag == GUMBO_TAG_A &&
	    labelled_as(d, i, 6, 16, labels);
}

/*
 * Whether element i is a heading whose text begins with the words that
 * put an author's box under an article ("About the author", "Über die
 * Autorin: NAME", "À propos de l'auteur"), or is the words that put a
 * blogger's box beside a post ("About me", "Über mich", "Chi sono";
 * whole, as "About Meredith" is no such box): the writer's biography,
 * not the text. Its first 16 nodes are read.
 */
static bool
heads_author_box(const struct cex_doc *d, uint32_t i)
{
	static const char *const labels[] = { "abouttheauthor",
	    "aboutthewriter", "überdenautor", "Überdenautor",
	    "überdieautorin", "Überdieautorin", "überdieautoren",
	    "Überdieautoren", "zumautor", "zurautorin", "àproposdelauteur",
	    "aproposdelauteur", "sobreelautor", "sobrelaautora",
	    "overdeauteur", "oautorze", "sullautore", "writtenby",
	    "geschriebenvon", "écritpar", "ecritpar", "escritopor",
	    "scrittoda", "geschrevendoor", NULL };
	static const char *const whole[] = { "aboutme", "übermich",
	    "Übermich", "àproposdemoi", "aproposdemoi", "sobremí", "sobremi",
	    "chisono", "overmij", "omnie", NULL };
	const char *const *l;
	char		 w[32];

	if (!tag_is_heading(d->nodes[i].tag) || d->nodes[i].end - i > 16 ||
	    !label_letters(d, i, w, sizeof(w), false))
		return false;
	if (in_list(whole, w, strlen(w)))
		return true;
	for (l = labels; *l != NULL; l++)
		if (strncmp(w, *l, strlen(*l)) == 0)
			return true;
	return false;
}

/*
 * The heading that is the first text of element i, four levels down at
 * most, or 0.
 */
static uint32_t
first_heading(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c, k;

	for (k = 0; k < 4; k++) {
		for (c = i + 1; c < d->nodes[i].end &&
		    d->nodes[c].letters == 0; c = d->nodes[c].end)
			continue;
		if (c >= d->nodes[i].end || !node_is_element(&d->nodes[c]))
			return 0;
		if (tag_is_heading(d->nodes[c].tag))
			return c;
		i = c;
	}
	return 0;
}

/*
 * Whether element i is a box that asks consent to cookies by its text,
 * whatever its names (a forum's bar for guests, "cGuestTerms"): its
 * first heading, four boxes down at most, begins with the word
 * "cookie" ("Cookies und Datenschutz", "Cookie settings", "Cookies
 * et confidentialité"), it holds 1,000 letters or fewer and a link or
 * a button (to accept, to choose, to read the policy), and it lies in
 * no article or main element, nor one of role main: a site's page on
 * cookies holds its sections there. Reads 256 nodes of i and 64 of its
 * ancestors at most, and only when the heading says so.
 */
static bool
asks_cookies(const struct cex_doc *d, uint32_t i)
{
	const GumboAttribute	*role;
	char			 w[64];
	uint32_t		 h, k, p;
	bool			 button = d->nodes[i].linked > 0;

	if (d->nodes[i].letters == 0 || d->nodes[i].letters > 1000 ||
	    (h = first_heading(d, i)) == 0 ||
	    !label_letters(d, h, w, sizeof(w), false) ||
	    strncmp(w, "cookie", 6) != 0)
		return false;
	for (k = i + 1; !button && k < d->nodes[i].end && k < i + 256; k++)
		button = node_is_element(&d->nodes[k]) &&
		    d->nodes[k].tag == GUMBO_TAG_BUTTON;
	if (!button)
		return false;
	for (p = d->nodes[i].parent, k = 0; p != 0 && k < 64;
	    p = d->nodes[p].parent, k++)
		if (d->nodes[p].tag == GUMBO_TAG_MAIN ||
		    d->nodes[p].tag == GUMBO_TAG_ARTICLE ||
		    ((role = dom_attr(&d->nodes[p], "role")) != NULL &&
		    strcasecmp(role->value, "main") == 0))
			return false;
	return true;
}

/*
 * Whether element i is a heading whose text is the words shops put over
 * an item's features, a list of them beside its pictures ("About this
 * item", "Über diesen Artikel", "À propos de cet article"): the
 * product's own description.
 */
static bool
heads_item_features(const struct cex_doc *d, uint32_t i)
{
	static const char *const labels[] = { "aboutthisitem",
	    "überdiesenartikel", "Überdiesenartikel", "àproposdecetarticle",
	    "aproposdecetarticle", "informazionisuquestoarticolo",
	    "acercadeesteartículo", "acercadeestearticulo", "overditartikel",
	    "omdennaartikel", "otymprodukcie", NULL };
	char		 w[48];

	return d->nodes[i].letters <= 40 && d->nodes[i].end - i <= 16 &&
	    label_letters(d, i, w, sizeof(w), true) &&
	    in_list(labels, w, strlen(w));
}

/* Whether the first child of element i with text labels an ad. */
static bool
first_labels_ad(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c;

	for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end)
		if (d->nodes[c].letters > 0)
			return node_is_element(&d->nodes[c]) &&
			    labels_ad(d, c);
	return false;
}

/*
 * Sentence punctuation in a text: commas and full stops of any script.
 * An ASCII comma or semicolon ends a clause only before a space, a
 * quote or bracket that closes, a character beyond ASCII (a curly
 * quote, a no-break space) or the end of the text: one between letters
 * is in a list of names run together ("single,single-post,postid-1").
 */
static uint32_t
punctuation(const char *s)
{
	const utf8proc_uint8_t *p = (const utf8proc_uint8_t *)s;
	utf8proc_int32_t	 cp;
	utf8proc_ssize_t	 k;
	uint32_t		 count = 0;

	for (; *p != '\0'; p += k) {
		if (*p < 0x80) {
			count += *p == '.' || *p == '!' || *p == '?' ||
			    ((*p == ',' || *p == ';') && (p[1] == '\0' ||
			    p[1] >= 0x80 || strchr(" \t\n\r\f\"')]", p[1]) !=
			    NULL));
			k = 1;
			continue;
		}
		if ((k = utf8proc_iterate(p, -1, &cp)) <= 0) {
			k = 1;
			continue;
		}
		/* Ideographic and Arabic commas and stops, and the like. */
		count += cp == 0x3001 || cp == 0x3002 || cp == 0xFF0C ||
		    cp == 0xFF0E || cp == 0x060C || cp == 0x06D4 ||
		    cp == 0x0964 || cp == 0xFF01 || cp == 0xFF1F;
	}
	return count;
}

/* Appends the UTF-8 of code point cp to out. */
static size_t
put_utf8(char *out, int32_t cp)
{
	return (size_t)utf8proc_encode_char(cp, (utf8proc_uint8_t *)out);
}

/*
 * The letters of the first "articleBody" string of a JSON-LD text, its
 * escapes decoded; 0 if there is none. A JSON string's escapes are \",
 * \\, \/, \b, \f, \n, \r, \t and \uXXXX (with surrogate pairs).
 */
static uint32_t
json_article_letters(const char *json)
{
	const char	*p = strstr(json, "\"articleBody\""), *q;
	char		*text, *o;
	uint32_t	 letters;
	long		 cp, lo;

	if (p == NULL)
		return 0;
	p += 13;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (*p++ != ':')
		return 0;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	if (*p++ != '"')
		return 0;
	if ((text = o = malloc(strlen(p) + 1)) == NULL)
		return 0;
	for (q = p; *q != '\0' && *q != '"'; q++) {
		if (*q != '\\') {
			*o++ = *q;
			continue;
		}
		switch (*++q) {
		case '\0':
			q--;
			break;
		case 'u':
			cp = 0;
			if (sscanf(q + 1, "%4lx", &cp) != 1)
				break;
			q += 4;
			if (cp >= 0xD800 && cp < 0xDC00 && q[1] == '\\' &&
			    q[2] == 'u' && sscanf(q + 3, "%4lx", &lo) == 1 &&
			    lo >= 0xDC00 && lo < 0xE000) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				q += 6;
			}
			if (utf8proc_codepoint_valid((int32_t)cp))
				o += put_utf8(o, (int32_t)cp);
			break;
		default:
			*o++ = ' ';	/* \n, \t...: a space; \" and \\: not letters */
			break;
		}
	}
	letters = dom_letters(text, (size_t)(o - text));
	free(text);
	return letters;
}

/* The letters and digits of a key that find_key looks for. */
#define KEY_CHARS	40

/*
 * Where the first KEY_CHARS letters and digits of a text run on in the
 * live text of the page (their case and all else ignored: data leaves
 * out the page's typography, its curly quotes and dashes): the text
 * node the run begins in, and in *lead the letters of that node before
 * it; 0 if nowhere. The page is read once, matched as Knuth, Morris
 * and Pratt do.
 */
static uint32_t
find_key(const struct article *a, const char *text, uint32_t *lead)
{
	const struct cex_doc	*d = a->d;
	const utf8proc_uint8_t	*p, *end;
	int32_t			 key[KEY_CHARS], cp;
	uint32_t		 at[KEY_CHARS], before[KEY_CHARS];
	uint32_t		 fail[KEY_CHARS], i, in_node;
	utf8proc_ssize_t	 len;
	size_t			 n = 0, k, matched;
	uint64_t		 seen = 0;

	for (p = (const utf8proc_uint8_t *)text; *p != '\0' && n < KEY_CHARS;
	    p += len) {
		if ((len = utf8proc_iterate(p, -1, &cp)) <= 0)
			return 0;
		if (dom_is_letter(cp))
			key[n++] = utf8proc_tolower(cp);
	}
	if (n < KEY_CHARS)
		return 0;
	fail[0] = 0;
	for (k = 1, matched = 0; k < KEY_CHARS; k++) {
		while (matched > 0 && key[k] != key[matched])
			matched = fail[matched - 1];
		if (key[k] == key[matched])
			matched++;
		fail[k] = (uint32_t)matched;
	}
	matched = 0;
	for (i = 1; i < d->nnodes; i++) {
		if (!a->live[i] || !node_is_text(&d->nodes[i]) ||
		    d->nodes[i].own_letters == 0)
			continue;
		p = (const utf8proc_uint8_t *)d->nodes[i].g->v.text.text;
		end = p + strlen((const char *)p);
		for (in_node = 0; p < end; p += len) {
			if ((len = utf8proc_iterate(p, end - p, &cp)) <= 0) {
				len = 1;
				continue;
			}
			if (!dom_is_letter(cp))
				continue;
			cp = utf8proc_tolower(cp);
			while (matched > 0 && cp != key[matched])
				matched = fail[matched - 1];
			if (cp == key[matched])
				matched++;
			at[seen % KEY_CHARS] = i;
			before[seen++ % KEY_CHARS] = in_node++;
			if (matched < KEY_CHARS)
				continue;
			/* The key's first character, KEY_CHARS - 1 back. */
			*lead = before[seen % KEY_CHARS];
			return at[seen % KEY_CHARS];
		}
	}
	return 0;
}

/*
 * Whether the live text of element e up to node t has no letter before
 * t's, from node from (e + 1, or where an earlier look stopped) on.
 */
static bool
no_text_before(const struct article *a, uint32_t from, uint32_t t)
{
	const struct cex_doc	*d = a->d;

	for (; from < t; from++)
		if (a->live[from] && node_is_text(&d->nodes[from]) &&
		    d->nodes[from].own_letters > 0)
			return false;
	return true;
}

/*
 * The element whose text is a text the page's data gives (a product's
 * description in its JSON-LD): around where it runs in the page's text
 * (find_key), the nearest element that holds 0.8 of its letters, if it
 * holds no more than 1.5 times them, and its ancestors whose text
 * begins with it, within twice its letters (a short description's
 * paragraph and the list of features after it, in their box); or,
 * where the data gives the
 * first sentences only of a longer description (an excerpt cut short),
 * the element whose text begins with it, and the ancestors whose text
 * begins with it too, within 4 times its letters. 0 if there is none.
 */
static uint32_t
find_text(const struct article *a, const char *text)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 letters = dom_letters(text, strlen(text));
	uint32_t		 t, e, p, lead;
	uint64_t		 most = 4 * (uint64_t)letters;

	if ((t = find_key(a, text, &lead)) == 0)
		return 0;
	e = d->nodes[t].parent;
	while (e != 0 && 5 * (uint64_t)d->nodes[e].letters <
	    4 * (uint64_t)letters)
		e = d->nodes[e].parent;
	if (e == 0)
		return 0;
	if (2 * (uint64_t)d->nodes[e].letters <= 3 * (uint64_t)letters)
		most = 2 * (uint64_t)d->nodes[e].letters;
	else if (lead != 0 || d->nodes[e].letters > most ||
	    !no_text_before(a, e + 1, t))
		return 0;
	while ((p = d->nodes[e].parent) != 0 && d->nodes[p].letters <= most &&
	    no_text_before(a, p + 1, e))
		e = p;
	return e;
}

/*
 * The text of node i if it is a JSON-LD script (type ld+json, its text
 * its first child), else NULL. Scripts are removed by then, but their
 * text is still in the tree.
 */
static const char *
ld_script_text(const struct cex_doc *d, uint32_t i)
{
	const GumboAttribute	*type;

	if (!node_is_element(&d->nodes[i]) ||
	    d->nodes[i].tag != GUMBO_TAG_SCRIPT || i + 1 >= d->nnodes ||
	    (type = dom_attr(&d->nodes[i], "type")) == NULL ||
	    strcasestr(type->value, "ld+json") == NULL ||
	    d->nodes[i + 1].parent != i || !node_is_text(&d->nodes[i + 1]))
		return NULL;
	return d->nodes[i + 1].g->v.text.text;
}

/*
 * The elements that the page's JSON-LD data names as its article's
 * text for subscribers (meta_ld_gated: a class such as "paywall"): their
 * names count as neither content nor clutter, but as a word of content,
 * since the page says what they hold. Read before the names decide what
 * is outside the article. Returns -1 if memory runs out.
 */
static int
mark_gated(struct article *a)
{
	const struct cex_doc	*d = a->d;
	const GumboAttribute	*at;
	const char		*p, *e, *text;
	char			*classes = NULL, name[64];
	uint32_t		 i;

	for (i = 1; i < d->nnodes; i++)
		if ((text = ld_script_text(d, i)) != NULL &&
		    meta_ld_gated(text, &classes) == -1) {
			free(classes);
			return -1;
		}
	if (classes == NULL)
		return 0;
	for (i = 1; i < d->nnodes; i++) {
		if (!a->live[i] || !node_is_element(&d->nodes[i]) ||
		    (at = dom_attr(&d->nodes[i], "class")) == NULL)
			continue;
		for (p = classes; *p != '\0'; p = *e == ' ' ? e + 1 : e) {
			e = p + strcspn(p, " ");
			if ((size_t)(e - p) >= sizeof(name))
				continue;
			memcpy(name, p, (size_t)(e - p));
			name[e - p] = '\0';
			if (dom_has_token(at->value, name)) {
				memset(&a->names[i], 0, sizeof(a->names[i]));
				a->names[i].good = 1;
				break;
			}
		}
	}
	free(classes);
	return 0;
}

/*
 * What the page's JSON-LD data says of its content: the length of its
 * article in letters (the first articleBody), and the element that
 * holds the description of the product, recipe or event, when the data
 * describes one such thing (a page of several lists them)
 * and the page's text has it. Scripts are removed by then, but their
 * text is still in the tree. Returns -1 if memory runs out.
 */
static int
read_ld(struct article *a)
{
	const struct cex_doc	*d = a->d;
	const char		*text;
	char			*description = NULL;
	size_t			 things = 0;
	uint32_t		 i;

	for (i = 1; i < d->nnodes; i++) {
		if ((text = ld_script_text(d, i)) == NULL)
			continue;
		if (a->ld_letters == 0)
			a->ld_letters = json_article_letters(text);
		a->forum |= strstr(text, "\"DiscussionForumPosting\"") != NULL;
		if (meta_ld_things(text, &things, &description) == -1) {
			free(description);
			return -1;
		}
	}
	a->thing |= things == 1;
	if (things == 1 && description != NULL &&
	    (i = find_text(a, description)) != 0)
		a->thing_text = i;
	else if (a->thing_text == 0 && a->thing_summary != NULL)
		a->thing_text = find_text(a, a->thing_summary);
	free(description);
	return 0;
}

/*
 * What a block of text (an element's own text, see aggregate) adds to
 * the article around it: its letters, less three times its linked ones
 * (a link's text is another page's), less 60 for being a block at all
 * (menus, bylines and buttons are many short blocks, an article few long
 * ones); in comments, a sidebar or a footer, all its letters count
 * against it. A span is a block as old layouts hold their text in
 * spans; but one whose parent is a paragraph, a list's item, a
 * definition or a heading is a part of that block's text (a reference's
 * author and title, a phrase set apart), and costs no block of its own.
 */
#define BLOCK_COST	60

static double
block_value(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];
	uint16_t		 parent = a->d->nodes[n->parent].tag;

	if (a->outside[i])
		return -(double)a->own[i];
	if (n->tag == GUMBO_TAG_SPAN && (parent == GUMBO_TAG_P ||
	    parent == GUMBO_TAG_LI || parent == GUMBO_TAG_DD ||
	    is_heading(parent)))
		return (double)a->own[i] - 3.0 * a->own_linked[i];
	return (double)a->own[i] - 3.0 * a->own_linked[i] - BLOCK_COST;
}

/*
 * Whether table i holds data (a size chart, a timetable, a grid of
 * figures): short cells and nothing else, no block worth its cost (of
 * BLOCK_COST letters or more), no link (not even a picture's), no field
 * of a form. Its cells are short by nature: the table costs the text
 * around it nothing, where a menu of as many short lines costs much.
 */
static bool
is_data_grid(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];

	return n->tag == GUMBO_TAG_TABLE && a->outside[i] == 0 &&
	    a->longest[i] < BLOCK_COST && n->letters > 0 && n->linked == 0 &&
	    (a->field[i] & (FIELD | CHOICE | PRESS | OWN_LINK | AD_LINK)) == 0;
}

/*
 * The text of a block: letters of its own text nodes and of inline
 * children, without nested paragraphs; its punctuation, none of code's
 * (is_code_tag). Computed backward with the
 * other aggregates; the letters and linked letters are dom_measure's.
 * The value of the blocks in each subtree (mass), a table of data's at
 * least none, and the longest block in it.
 */
static void
aggregate(struct article *a)
{
	struct cex_doc		*d = a->d;
	const struct cex_node	*n;
	uint32_t		 i, p;

	for (i = d->nnodes; i-- > 1; ) {
		n = &d->nodes[i];
		if (!a->live[i])
			continue;
		p = n->parent;
		if (node_is_text(n)) {
			a->own[i] = n->own_letters;
			a->punct[i] = a->own_punct[i] = a->in_code[i] ? 0 :
			    punctuation(n->g->v.text.text);
		}
		a->punct[p] += a->punct[i];
		/*
		 * A heading's link to a place in the page (its own anchor,
		 * as documentation tools write every heading) leads to no
		 * other page: its letters are the heading's.
		 */
		if (node_is_element(n) && n->tag == GUMBO_TAG_A &&
		    !(tag_is_heading(d->nodes[p].tag) && is_fragment_link(n)))
			a->own_linked[i] = a->own[i];
		if (!(node_is_element(n) && (is_paragraph(n->tag) ||
		    is_container(n->tag)))) {
			a->own[p] += a->own[i];
			a->own_punct[p] += a->own_punct[i];
			a->own_linked[p] += a->own_linked[i];
		} else if (a->own[i] > 0) {
			a->mass[i] += block_value(a, i);
			if (a->own[i] > a->longest[i])
				a->longest[i] = a->own[i];
		}
		if (a->mass[i] < 0 && node_is_element(n) && is_data_grid(a, i))
			a->mass[i] = 0;
		a->mass[p] += a->mass[i];
		if (a->longest[i] > a->longest[p])
			a->longest[p] = a->longest[i];
	}
}

/*
 * Scores: each block of text, a paragraph of 25 letters or more or a
 * container with as much text of its own, earns 1 + its punctuation
 * (capped) + a point a 100 letters (up to 3), given whole to its parent
 * and halved to each ancestor above, three levels up: text lives in the
 * containers close above it. A block outside the article (readers'
 * comments, a sidebar, a dialog) earns nothing for the wrapper that
 * holds it and the article.
 */
static void
score_blocks(struct article *a)
{
	struct cex_doc		*d = a->d;
	const struct cex_node	*n;
	uint32_t		 i, p, letters, punct, level, k;
	double			 points;

	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		if (!a->live[i] || !node_is_element(n) || a->outside[i])
			continue;
		if (is_container(n->tag)) {
			letters = a->own[i];
			punct = a->own_punct[i];
		} else if (is_paragraph(n->tag)) {
			letters = n->letters;
			punct = a->punct[i];
		} else
			continue;
		if (letters < 25)
			continue;
		k = letters / 400 + 1;
		points = k + (punct < 10 * k ? punct : 10 * k) +
		    (letters / 100 < 3 * k ? letters / 100 : 3 * k);
		if (is_container(n->tag))
			a->score[i] += points;
		for (p = n->parent, level = 0; p != 0 && level < 3;
		    p = d->nodes[p].parent, level++)
			a->score[p] += points / (level == 0 ? 1 : 2 * level);
	}
}

/*
 * Whether element i holds the headline that find_headline found, or
 * comes right after the headline's header: the headline and what
 * wraps it with little more text (a date, a byline; three levels up at
 * most). The story's text follows its headline.
 */
static bool
under_headline(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 h = a->headline, head, k;

	if (h == 0)
		return false;
	if (i < h)
		return d->nodes[i].end > h;
	for (head = h, k = 0; k < 3 && d->nodes[head].parent != 0 &&
	    d->nodes[d->nodes[head].parent].letters <=
	    d->nodes[h].letters + 100; k++)
		head = d->nodes[head].parent;
	return d->nodes[i].parent == d->nodes[head].parent && i > head;
}

/* A container's score with its links, names and hints counted. */
static double
final_score(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];
	double			 s = a->score[i], density, match;
	int			 w;

	if (s <= 0 || a->outside[i])
		return 0;
	density = n->letters > 0 ? (double)n->linked / n->letters : 1;
	s *= 1 - density;
	w = name_weight(a, i);
	s += w * (s < 10 ? s : 10);
	if (is_hinted(a, i))
		s *= 1.5;
	if (under_headline(a, i))
		s *= 1.5;
	/*
	 * The page's JSON-LD data, when it gives the article's text, is
	 * evidence of its length: a container holding about as much text
	 * (within a factor of 0.7) is likelier to be the article.
	 */
	if (a->ld_letters > 0 && n->letters > 0) {
		match = n->letters < a->ld_letters ?
		    (double)n->letters / a->ld_letters :
		    (double)a->ld_letters / n->letters;
		if (match >= 0.7)
			s *= 1 + match;
	}
	return s;
}

/*
 * Whether element s holds a data sheet: a table of three rows or more,
 * four in five of them a header cell and a data cell with text (a
 * product's weight, size, material), its text less than a quarter
 * links. A row of two data cells, the first of 40 letters or fewer, is
 * a label and its value as well: many shops style a cell as the label
 * rather than make it a header. So is a table of records: a row of
 * header cells over three rows or more, four in five of the rows under
 * it two data cells or more and no header (a course's dates, times and
 * rooms). So is a list of terms and their values: three terms (dt) of
 * 40 letters or fewer and three values (dd) or more, a shop's
 * specifications as a definition list. Its text is less than a quarter
 * links; less than half when s
 * is the table itself, whose values may link to the index of each (a
 * thesis's author, keywords and subjects in a repository's record):
 * around a table, links are buttons and menus. So may the values (dd)
 * of a list of terms, wherever it lies in s: a cast's names link to the
 * actors' pages; the quarter counts the links outside them, the half
 * all. Reads s once.
 */
static bool
holds_data_sheet(const struct article *a, uint32_t s)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i, c, rows = 0, pairs = 0, cells, first;
	uint32_t		 heads = 0, records = 0, tds, terms = 0, values = 0;
	uint32_t		 linked_values = 0, value_end = 0;
	bool			 th, td;

	if (d->nodes[s].letters == 0 ||
	    2 * (uint64_t)d->nodes[s].linked >= d->nodes[s].letters)
		return false;
	for (i = s + 1; i < d->nodes[s].end; i++) {
		if (!a->live[i] || !node_is_element(&d->nodes[i]))
			continue;
		terms += d->nodes[i].tag == GUMBO_TAG_DT &&
		    d->nodes[i].letters > 0 && d->nodes[i].letters <= 40;
		if (d->nodes[i].tag == GUMBO_TAG_DD &&
		    d->nodes[i].letters > 0) {
			values++;
			if (i >= value_end) {
				linked_values += d->nodes[i].linked;
				value_end = d->nodes[i].end;
			}
		}
		if (d->nodes[i].tag != GUMBO_TAG_TR)
			continue;
		rows++;
		th = td = false;
		cells = first = tds = 0;
		for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end)
			if (node_is_element(&d->nodes[c]) &&
			    d->nodes[c].letters > 0) {
				th |= d->nodes[c].tag == GUMBO_TAG_TH;
				td |= d->nodes[c].tag == GUMBO_TAG_TD;
				tds += d->nodes[c].tag == GUMBO_TAG_TD;
				if (cells++ == 0)
					first = c;
			}
		heads += cells >= 2 && tds == 0;
		records += tds >= 2 && tds == cells;
		th |= cells == 2 && d->nodes[first].tag == GUMBO_TAG_TD &&
		    d->nodes[first].letters <= 40;
		pairs += th && td;
	}
	if (d->nodes[s].tag != GUMBO_TAG_TABLE && 4 * (uint64_t)
	    (d->nodes[s].linked - linked_values) >= d->nodes[s].letters)
		return false;
	return (rows >= 3 && 5 * pairs >= 4 * rows) ||
	    (heads >= 1 && records >= 3 && 5 * records >= 4 * (rows - heads)) ||
	    (terms >= 3 && values >= 3);
}

/*
 * Whether a sibling of the best container belongs to the article too:
 * it scores near it, it holds a data sheet (holds_data_sheet: a
 * product's beside its description, its cells too short to score), it
 * holds plain text only, or it is a paragraph of plain sentences.
 */
static bool
joins(const struct article *a, uint32_t s, double best)
{
	const struct cex_node	*n = &a->d->nodes[s];
	double			 density;

	if (!node_is_element(n) || !a->live[s])
		return false;
	if (final_score(a, s) >= (best * 0.2 > 10 ? best * 0.2 : 10))
		return true;
	if (a->outside[s] == 0 && a->names[s].bad == 0 &&
	    holds_data_sheet(a, s))
		return true;
	/*
	 * A block that holds text and nothing else (a block of text or
	 * more, sentences, no link, no name of clutter) is more of it: a
	 * standfirst in a box of its own, a product's summary, the
	 * sections of an accordion. Not the header that holds the
	 * headline (its standfirst is --lead's), nor a cell of a table
	 * beside the best: a layout's cells side by side are its columns,
	 * a sidebar among them. A word that names another page's teaser
	 * and a standfirst alike ("poi-detail__teaser", German sites'
	 * word for the lead) does not count against such a box: another
	 * page's teaser links to it.
	 */
	if (n->tag != GUMBO_TAG_P && n->tag != GUMBO_TAG_TD &&
	    !a->anchor[s] && a->score[s] > 0 && n->letters >= 25 &&
	    n->linked == 0 && a->punct[s] > 0 && a->outside[s] == 0 &&
	    a->names[s].bad == a->names[s].lead_bad && a->names[s].aside == 0)
		return true;
	if (n->tag != GUMBO_TAG_P || n->letters == 0)
		return false;
	/*
	 * A paragraph named for what sits beside the text (a byline, a
	 * caption: aside_words) is not its text.
	 */
	if (a->names[s].aside > 0)
		return false;
	density = (double)n->linked / n->letters;
	return (n->letters >= 80 && density < 0.25) ||
	    (n->letters > 0 && density == 0 && a->punct[s] > 0);
}

/* Elements that hold lines, not sentences, as parents of a date. */
static bool
is_block_parent(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_ARTICLE:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_MAIN:
	case GUMBO_TAG_HEADER:
	case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_BODY:
		return true;
	default:
		return false;
	}
}

/* Elements that hold a form and the words around it. */
static bool
is_form_box(uint16_t tag)
{
	return tag == GUMBO_TAG_DIV || tag == GUMBO_TAG_SECTION ||
	    tag == GUMBO_TAG_ASIDE || tag == GUMBO_TAG_FORM;
}

/* Whether a block is mostly links: a list of other pages. */
static bool
is_link_list(const struct cex_node *n)
{
	/*
	 * A paragraph of a hundred letters or more that is one link is a
	 * sentence with a link in it, not a list of links.
	 */
	if (n->tag == GUMBO_TAG_P && n->links == 1 && n->letters >= 100)
		return false;
	/*
	 * Nor is a list whose items carry text of their own besides their
	 * links, 30 letters or more a link (deals, each a product's link
	 * and its price and shop; a reading list with notes): related
	 * stories are their titles, a date at most.
	 */
	if ((n->tag == GUMBO_TAG_UL || n->tag == GUMBO_TAG_OL) &&
	    n->letters - n->linked >= 30 * (uint64_t)n->links)
		return false;
	switch (n->tag) {
	case GUMBO_TAG_UL:
	case GUMBO_TAG_OL:
	case GUMBO_TAG_DIV:
	case GUMBO_TAG_SECTION:
	case GUMBO_TAG_ASIDE:
	case GUMBO_TAG_FOOTER:
	case GUMBO_TAG_HEADER:
	case GUMBO_TAG_TABLE:
	case GUMBO_TAG_P:
		return n->links > 0 && n->letters > 0 &&
		    (double)n->linked / n->letters > 0.5;
	default:
		return false;
	}
}

/*
 * Whether paragraph i is a sentence written around its links: its
 * text outside them holds punctuation and ends a sentence, and it is
 * either 40 letters or more of its own ("If you like it, you will
 * like A, B and C.") or a single link of 60 letters or more that a
 * full stop ends (the sentence is the link), with no line break or
 * picture (a list, a card). A list of links in a paragraph is the links
 * and separators between them. Only a paragraph of 64 nodes at most is
 * read.
 */
static bool
is_linked_sentence(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	const char		*t, *last = NULL;
	uint32_t		 j, end, link_end = 0, punct = 0, k;
	size_t			 len;

	if (n->tag != GUMBO_TAG_P || n->end - i > 64)
		return false;
	for (j = i + 1, end = n->end; j < end; j++) {
		if (node_is_element(&d->nodes[j]) &&
		    (d->nodes[j].tag == GUMBO_TAG_BR ||
		    d->nodes[j].tag == GUMBO_TAG_IMG))
			return false;
		if (node_is_element(&d->nodes[j]) &&
		    d->nodes[j].tag == GUMBO_TAG_A && j >= link_end)
			link_end = d->nodes[j].end;
		if (!node_is_text(&d->nodes[j]) || j < link_end)
			continue;
		t = d->nodes[j].g->v.text.text;
		punct += (k = punctuation(t));
		if (d->nodes[j].own_letters > 0 || k > 0)
			last = t;
	}
	if (punct == 0 || last == NULL)
		return false;
	len = strlen(last);
	while (len > 0 && ascii_is_space((unsigned char)last[len - 1]))
		len--;
	if (len == 0 || strchr(".!?", last[len - 1]) == NULL)
		return false;
	return n->letters - n->linked >= 40 ||
	    (n->links == 1 && n->linked >= 60);
}

/*
 * Whether list i is one whose items (two or more) each begin with ten
 * letters or more of their own before their first link: a schedule's
 * dates, each with the event it links to ("November 17th to 18th:
 * Launch and Main Event"), written by the text's author. Related
 * stories are their links, a date after them at most. Reads lists of
 * 512 nodes at most.
 */
static bool
items_lead_links(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 c, j, items = 0, before;

	if ((n->tag != GUMBO_TAG_UL && n->tag != GUMBO_TAG_OL) ||
	    n->end - i > 512)
		return false;
	for (c = i + 1; c < n->end; c = d->nodes[c].end) {
		if (!node_is_element(&d->nodes[c]))
			continue;
		if (d->nodes[c].tag != GUMBO_TAG_LI || d->nodes[c].links == 0)
			return false;
		before = 0;
		for (j = c + 1; j < d->nodes[c].end &&
		    !(node_is_element(&d->nodes[j]) &&
		    d->nodes[j].tag == GUMBO_TAG_A); j++)
			if (node_is_text(&d->nodes[j]))
				before += d->nodes[j].own_letters;
		if (before < 10)
			return false;
		items++;
	}
	return items >= 2;
}

/*
 * Whether element i holds, among its first 256 nodes, a list of a
 * review's pros and cons (named so: pros_words): the review's verdict,
 * its text, in whatever box the site puts it with the scores and the
 * shops' buttons.
 */
static bool
holds_pros_cons(const struct article *a, uint32_t i)
{
	uint32_t	 j;

	for (j = i; j < a->d->nodes[i].end && j < i + 256; j++)
		if (a->names[j].pros)
			return true;
	return false;
}

/* What is_clutter finds an element inside the article to be. */
enum clutter {
	NOT_CLUTTER,
	CLUTTER,
	NAMED_CLUTTER		/* by its class or id words alone */
};

/* Elements of phrasing content: words inside a sentence. */
static bool
is_phrasing(uint16_t tag)
{
	switch (tag) {
	case GUMBO_TAG_A: case GUMBO_TAG_SPAN: case GUMBO_TAG_EM:
	case GUMBO_TAG_STRONG: case GUMBO_TAG_B: case GUMBO_TAG_I:
	case GUMBO_TAG_U: case GUMBO_TAG_ABBR: case GUMBO_TAG_CITE:
	case GUMBO_TAG_FONT: case GUMBO_TAG_MARK: case GUMBO_TAG_Q:
	case GUMBO_TAG_SMALL: case GUMBO_TAG_SUB: case GUMBO_TAG_SUP:
	case GUMBO_TAG_DFN: case GUMBO_TAG_CODE:
		return true;
	default:
		return false;
	}
}

/*
 * Whether node i, or the inline elements around it that hold only its
 * text ("<strong><a>...</a></strong>"), has text with letters right
 * before or after it: it is a word of a sentence, not a line of its
 * own.
 */
static bool
beside_text(const struct cex_doc *d, uint32_t i)
{
	uint32_t	p = d->nodes[i].parent, j;

	while (p != 0 && node_is_element(&d->nodes[p]) &&
	    is_phrasing(d->nodes[p].tag) &&
	    d->nodes[p].letters == d->nodes[i].letters) {
		i = p;
		p = d->nodes[i].parent;
	}
	j = d->nodes[i].end;
	return (d->nodes[i - 1].parent == p && node_is_text(&d->nodes[i - 1]) &&
	    d->nodes[i - 1].own_letters > 0) || (j < d->nnodes &&
	    d->nodes[j].parent == p && node_is_text(&d->nodes[j]) &&
	    d->nodes[j].own_letters > 0);
}

/* Whether a link's address is a fragment of the page it is in. */
static bool
is_fragment_link(const struct cex_node *n)
{
	const GumboAttribute	*href;

	return (href = dom_attr(n, "href")) != NULL &&
	    href->value[strspn(href->value, " \t\n\f\r")] == '#';
}

/*
 * Whether element i is a heading below the title, lies in one (four
 * levels up at most) or is its box (three levels of boxes that hold
 * all of its text at most: sole_text_child), and the heading's text is
 * all links that lead to places in the page itself (is_fragment_link):
 * the title of a section that a reader opens there (Bootstrap's and
 * WPBakery's accordions make their titles such links), not another
 * page's headline, nor a list of links. The heading's first 64 nodes
 * are read.
 */
static bool
in_page_heading(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 h, j, k;

	for (h = i, k = 0; h != 0 && k < 3 && !is_heading(d->nodes[h].tag);
	    h = sole_text_child(d, h), k++)
		continue;
	if (h == 0 || !is_heading(d->nodes[h].tag))
		for (h = i, k = 0; h != 0 && k < 5 &&
		    !is_heading(d->nodes[h].tag);
		    h = d->nodes[h].parent, k++)
			continue;
	if (h == 0 || !is_heading(d->nodes[h].tag) ||
	    d->nodes[h].letters == 0 ||
	    d->nodes[h].linked < d->nodes[h].letters ||
	    d->nodes[h].end - h > 64)
		return false;
	for (j = h + 1; j < d->nodes[h].end; j++)
		if (node_is_element(&d->nodes[j]) &&
		    d->nodes[j].tag == GUMBO_TAG_A &&
		    dom_attr(&d->nodes[j], "href") != NULL &&
		    !is_fragment_link(&d->nodes[j]))
			return false;
	return true;
}

/*
 * Whether element i is words inside a sentence: phrasing content whose
 * paragraph holds twice as many letters of its own besides, and
 * sentence punctuation. Its class names what it names (a place a link leads to,
 * "meta-loc"), not a part of the page: no name makes it clutter.
 */
static bool
in_sentence(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p = d->nodes[i].parent;

	if (!is_phrasing(d->nodes[i].tag))
		return false;
	while (p != 0 && node_is_element(&d->nodes[p]) &&
	    is_phrasing(d->nodes[p].tag))
		p = d->nodes[p].parent;
	return p != 0 && is_paragraph(d->nodes[p].tag) &&
	    a->own_punct[p] > 0 && a->own[p] >= 3 * d->nodes[i].letters;
}

/* Whether text s begins with the copyright sign, or "(c)". */
static bool
begins_copyright_sign(const char *s)
{
	return strncmp(s, "\xc2\xa9", 2) == 0 || strncasecmp(s, "(c)", 3) == 0;
}

/* Whether the first 256 bytes of text s hold the copyright sign. */
static bool
has_copyright_sign(const char *s)
{
	size_t	 len = strnlen(s, 256);

	return len >= 2 && memmem(s, len, "\xc2\xa9", 2) != NULL;
}

/*
 * Past the whitespace at the start of s; NULL after 256 bytes of it
 * (a notice does not begin further on).
 */
static const char *
skip_space(const char *s)
{
	size_t	 k;

	for (k = 0; ascii_is_space((unsigned char)s[k]); k++)
		if (k == 256)
			return NULL;
	return s + k;
}

/*
 * Whether element i's text begins with a figure's or table's number
 * ("Figure 2.", "Abb. 1:", "Tabelle 3:"): the caption of a document's
 * figure, which its text refers to by that number, a part of the text
 * as a photograph's caption in a story is not. Reads the first text
 * among the first 16 nodes.
 */
static bool
numbers_figure(const struct cex_doc *d, uint32_t i)
{
	static const char *const labels[] = { "figure", "fig.", "fig",
	    "abbildung", "abb.", "table", "tabelle", "tab.", "figura",
	    "tabla", "tabella", "tableau", "tabela", "figuur", "rysunek",
	    "rys.", NULL };
	const char *const *l;
	const char	*t = NULL;
	uint32_t	 j, end = d->nodes[i].end;
	size_t		 len, digits;

	for (j = i + 1; j < end && j < i + 16 && t == NULL; j++)
		if (node_is_text(&d->nodes[j]) && d->nodes[j].own_letters > 0)
			t = skip_space(d->nodes[j].g->v.text.text);
	if (t == NULL)
		return false;
	for (l = labels; *l != NULL; l++) {
		len = strlen(*l);
		if (strncasecmp(t, *l, len) != 0 ||
		    ascii_is_alpha((unsigned char)t[len]))
			continue;
		t += len;
		while (*t == ' ')
			t++;
		for (digits = 0; t[digits] >= '0' && t[digits] <= '9'; digits++)
			continue;
		return digits > 0 && digits <= 3 &&
		    (t[digits] == '.' || t[digits] == ':') &&
		    !(t[digits + 1] >= '0' && t[digits + 1] <= '9');
	}
	return false;
}

/*
 * Whether element i is a copyright notice: its text begins with the
 * copyright sign ("© 2008 The Associated Press"), or with the word and
 * then a year or the sign, or the word and the sign later ("Copyright
 * and Trade Mark Notice ... © owned by"). A sentence about copyright
 * ("Copyright law has changed") has no sign. Looks at the first 64
 * nodes, and 256 bytes of each text: it is asked of every element.
 */
static bool
is_copyright(const struct cex_doc *d, uint32_t i)
{
	const char	*t;
	uint32_t	 k;
	bool		 word = false;

	for (k = i + 1; k < d->nodes[i].end && k < i + 64; k++) {
		if (!node_is_text(&d->nodes[k]))
			continue;
		t = d->nodes[k].g->v.text.text;
		if (word) {
			if (has_copyright_sign(t))
				return true;
			continue;
		}
		if ((t = skip_space(t)) == NULL)
			return false;
		if (*t == '\0')
			continue;
		if (begins_copyright_sign(t))
			return true;
		if (strncasecmp(t, "copyright", 9) != 0)
			return false;
		if ((t = skip_space(t + 9)) == NULL)
			return false;
		if (begins_copyright_sign(t) || (*t >= '0' && *t <= '9') ||
		    has_copyright_sign(t))
			return true;
		word = true;
	}
	return false;
}

/*
 * Whether the text of element i names a newsletter ("newsletter",
 * "newsletters", "Newsletter-Anmeldung": the loanword of most languages
 * of Europe). Looks at the first 64 nodes and 512 bytes of their text.
 */
static bool
names_newsletter(const struct cex_doc *d, uint32_t i)
{
	char		 lower[512];
	uint32_t	 k;
	size_t		 bytes = 0, len, j;
	const char	*t;

	for (k = i + 1; k < d->nodes[i].end && k < i + 64 &&
	    bytes < sizeof(lower); k++) {
		if (!node_is_text(&d->nodes[k]))
			continue;
		t = d->nodes[k].g->v.text.text;
		len = strnlen(t, sizeof(lower) - bytes);
		for (j = 0; j < len; j++)
			lower[bytes + j] = (char)ascii_lower((unsigned char)t[j]);
		bytes += len;
	}
	return memmem(lower, bytes, "newsletter", 10) != NULL;
}

/*
 * The element right after element k that k is the title of, or 0: that
 * element's aria-labelledby names k's id (the button, heading or
 * header box of a panel of an accordion, as WAI-ARIA's pattern has it).
 */
static uint32_t
labelled_next(const struct cex_doc *d, uint32_t k)
{
	const GumboAttribute	*id, *by;
	uint32_t		 p;

	return node_is_element(&d->nodes[k]) &&
	    (p = dom_next_element(d, k)) != 0 &&
	    (id = dom_attr(&d->nodes[k], "id")) != NULL &&
	    id->value[0] != '\0' &&
	    (by = dom_attr(&d->nodes[p], "aria-labelledby")) != NULL &&
	    dom_has_token(by->value, id->value) ? p : 0;
}

/*
 * Whether element i is a heading's box with the heading's controls
 * beside it: a div, section or header whose children are a heading (h2
 * to h6) not mostly a link and, in phrasing elements beside it (a span;
 * not a link alone, a paragraph or a list), links of 20 letters or
 * fewer each, three at most, and no other letters ("Geschichte
 * [Bearbeiten | Quelltext bearbeiten]", the links a wiki gives to edit
 * a section). By its share of links, it would seem a list of links. A
 * heading over a link, a paragraph or a list of links labels them.
 * Reads five children at most.
 */
static bool
heads_with_controls(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 c, heading = 0, k = 0;

	if ((n->tag != GUMBO_TAG_DIV && n->tag != GUMBO_TAG_SECTION &&
	    n->tag != GUMBO_TAG_HEADER) || n->links == 0 || n->links > 3 ||
	    n->linked > 20 * n->links)
		return false;
	for (c = i + 1; c < n->end; c = d->nodes[c].end) {
		if (++k > 5)
			return false;
		if (d->nodes[c].letters == 0)
			continue;
		if (is_heading(d->nodes[c].tag) &&
		    d->nodes[c].tag != GUMBO_TAG_H1 && heading == 0 &&
		    2 * d->nodes[c].linked < d->nodes[c].letters)
			heading = c;
		else if (!node_is_element(&d->nodes[c]) ||
		    !is_phrasing(d->nodes[c].tag) ||
		    d->nodes[c].tag == GUMBO_TAG_A ||
		    d->nodes[c].linked < d->nodes[c].letters)
			return false;
	}
	return heading != 0;
}

/*
 * The nearest of element i's three ancestors above it that is a tag
 * or b, or 0.
 */
static uint32_t
near_ancestor(const struct cex_doc *d, uint32_t i, uint16_t a, uint16_t b)
{
	uint32_t	 p, k;

	for (p = d->nodes[i].parent, k = 0; p != 0 && k < 3;
	    p = d->nodes[p].parent, k++)
		if (d->nodes[p].tag == a || d->nodes[p].tag == b)
			return p;
	return 0;
}

/*
 * Whether element i holds, among its children with letters, a heading
 * below the first level (or a box that holds it alone, two boxes down
 * at most) and one or two lines more of 100 letters at most each, with
 * no link: a section's heading and its subheading (TYPO3's
 * "element-header" and "element-subheader": "28 m² · bis 2 Personen"),
 * a tagline over it and a line of introduction under it (Webflow's
 * "team_header": "Team", "Meet our team", "The people behind ...").
 * Not one right before a form, whose heading and line ("Apply for this
 * job", "* indicates a required field") are the form's.
 */
static bool
heads_with_subheading(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 c, h, k, headings = 0, lines = 0;

	if (d->nodes[i].linked > 0 || ((c = dom_next_element(d, i)) != 0 &&
	    d->nodes[c].tag == GUMBO_TAG_FORM))
		return false;
	for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end) {
		if (d->nodes[c].letters == 0)
			continue;
		if (!node_is_element(&d->nodes[c]))
			return false;
		for (h = c, k = 0; k < 2 && h != 0 &&
		    !is_heading(d->nodes[h].tag); k++)
			h = sole_text_child(d, h);
		if (h != 0 && is_heading(d->nodes[h].tag))
			headings++;
		else if (d->nodes[c].letters <= 100)
			lines++;
		else
			return false;
	}
	return headings == 1 && (lines == 1 || lines == 2);
}

/*
 * Whether element i is the box of a heading of the article's sections
 * (TYPO3's "frame-header", a page builder's "section-header"): a child
 * heading below the first level holds four fifths of its letters or
 * more, and it is not mostly links (but links to places in the page
 * itself: in_page_heading); or the child of a box between them
 * that holds all the text, two boxes down at most (Notion's
 * "notion-header-block" around a box around its h2). Its children are
 * read, and theirs, once for each element named as a header. So is the
 * element that opens a panel of an accordion (aria-expanded,
 * "toggle-header"), or that titles the panel after it (labelled_next,
 * "accordion-header"): its text is the panel's title, an FAQ's
 * question.
 */
static bool
heads_section(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 c, k;

	if (n->letters == 0 ||
	    (2 * n->linked >= n->letters && !in_page_heading(d, i)))
		return false;
	if (dom_attr(n, "aria-expanded") != NULL || labelled_next(d, i) != 0 ||
	    dom_heads_next(d, i))
		return true;
	if (heads_with_subheading(d, i))
		return true;
	for (k = 0; k < 3 && i != 0; k++, i = sole_text_child(d, i))
		for (c = i + 1; c < d->nodes[i].end; c = d->nodes[c].end)
			if (node_is_element(&d->nodes[c]) &&
			    is_heading(d->nodes[c].tag) &&
			    d->nodes[c].tag != GUMBO_TAG_H1 &&
			    5 * d->nodes[c].letters >= 4 * n->letters)
				return true;
	return false;
}

/*
 * Whether element i is an accordion: two panels (is_panel) or more
 * hold half of its letters or more. Reads its first 512 nodes.
 */
static bool
holds_panels(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 k, panels = 0, end = d->nodes[i].end;
	uint64_t	 letters = 0;

	for (k = i + 1; k < end && k < i + 512; k++)
		if (node_is_element(&d->nodes[k]) && is_panel(d, k)) {
			panels++;
			letters += d->nodes[k].letters;
			k = d->nodes[k].end - 1;
		}
	return panels >= 2 && 2 * letters >= d->nodes[i].letters;
}

/*
 * Whether element i is a line that gives a date: a paragraph or a box
 * of 60 letters or fewer whose time elements hold all its letters but
 * 20 or fewer, a label ("Publicerad: <time>", "Updated <time>"). Its
 * children are read.
 */
static bool
is_date_line(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 c, dated = 0;

	if ((n->tag != GUMBO_TAG_P && n->tag != GUMBO_TAG_DIV) ||
	    n->letters > 60)
		return false;
	for (c = i + 1; c < n->end; c = d->nodes[c].end)
		if (node_is_element(&d->nodes[c]) &&
		    d->nodes[c].tag == GUMBO_TAG_TIME &&
		    !(d->nodes[c].flags & NODE_REMOVED))
			dated += d->nodes[c].letters;
	return dated > 0 && dated <= n->letters && n->letters - dated <= 20;
}

/*
 * The link that makes heading h the title of another page: the link
 * around it, or, if the heading is mostly a link, the first in its
 * first 16 nodes; with an address that is not a place in the page
 * itself (a tab's or an accordion's heading links to its panel). 0 if
 * none does.
 */
static uint32_t
title_link(const struct cex_doc *d, uint32_t h)
{
	uint32_t	 k = d->nodes[h].parent;

	if (!(node_is_element(&d->nodes[k]) &&
	    d->nodes[k].tag == GUMBO_TAG_A)) {
		if (2 * d->nodes[h].linked < d->nodes[h].letters)
			return 0;
		for (k = h + 1; k < d->nodes[h].end && k < h + 16 &&
		    !(node_is_element(&d->nodes[k]) &&
		    d->nodes[k].tag == GUMBO_TAG_A); k++)
			continue;
		if (k == d->nodes[h].end || k == h + 16)
			return 0;
	}
	return dom_attr(&d->nodes[k], "href") != NULL &&
	    !is_fragment_link(&d->nodes[k]) ? k : 0;
}

/*
 * The page's own address as the directory of its subpages, to tell them
 * from other pages: its canonical link, else its og:url, else the
 * address its links are relative to (--url, a base element); with a
 * path below the site's root, and a '/' after it ("/services/" of
 * "/services"; a page's siblings, "/news/2" beside "/news/1", are not
 * below it). A new string, or NULL if none is known or memory runs out
 * (the rule that asks then does without it). Reads the page's elements
 * once.
 */
static char *
page_directory(const struct cex_doc *d)
{
	const GumboAttribute	*v, *canonical = NULL, *og = NULL;
	const struct cex_node	*n;
	const char		*url, *path;
	char			*dir, *grown;
	size_t			 len;
	uint32_t		 i;

	for (i = 1; i < d->nnodes && canonical == NULL; i++) {
		n = &d->nodes[i];
		if (!node_is_element(n))
			continue;
		if (n->tag == GUMBO_TAG_LINK &&
		    (v = dom_attr(n, "rel")) != NULL &&
		    dom_has_token(v->value, "canonical"))
			canonical = dom_attr(n, "href");
		else if (n->tag == GUMBO_TAG_META && og == NULL &&
		    dom_attr_is(n, "property", "og:url"))
			og = dom_attr(n, "content");
	}
	url = canonical != NULL ? canonical->value : og != NULL ?
	    og->value : d->base_url;
	if (url == NULL || (dir = url_resolve(d->base_url, url)) == NULL)
		return NULL;
	len = strcspn(dir, "?#");
	dir[len] = '\0';
	/* The path: past "scheme://host", more than "/". */
	if ((path = strstr(dir, "://")) == NULL ||
	    (path = strchr(path + 3, '/')) == NULL || path[1] == '\0') {
		free(dir);
		return NULL;
	}
	if (dir[len - 1] == '/')
		return dir;
	if ((grown = realloc(dir, len + 2)) == NULL) {
		free(dir);
		return NULL;
	}
	grown[len] = '/';
	grown[len + 1] = '\0';
	return grown;
}

/*
 * Whether link l leads below the page's directory (a->page_dir): its
 * address, resolved, begins with it and goes on.
 */
static bool
leads_below_page(const struct article *a, uint32_t l)
{
	const GumboAttribute	*href;
	char			*url;
	size_t			 len;
	bool			 below;

	if (a->page_dir == NULL ||
	    (href = dom_attr(&a->d->nodes[l], "href")) == NULL ||
	    (url = url_resolve(a->page_dir, href->value)) == NULL)
		return false;
	len = strlen(a->page_dir);
	below = strncmp(url, a->page_dir, len) == 0 &&
	    url[len] != '\0' && url[len] != '?' && url[len] != '#';
	free(url);
	return below;
}

/*
 * Whether element i is a list of teasers: three children with text or
 * more, each of 400 letters at most and each with a heading (the first
 * in its first 48 nodes) that is the title of another page
 * (title_link). Such a list presents other pages, a title and a
 * line about each ("Goes well with", "More recipes"), however little
 * of it is linked. But a list whose titles all lead below the page
 * (leads_below_page: "/services/" to "/services/doors/") presents the
 * page's own parts, a firm's services or a section's topics, each with
 * a page of its own: that is the page's text. Looks at each child's
 * first nodes only: linear.
 */
static bool
is_teaser_list(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 c, j, l, count = 0, below = 0;

	if (n->tag != GUMBO_TAG_DIV && n->tag != GUMBO_TAG_SECTION &&
	    n->tag != GUMBO_TAG_UL && n->tag != GUMBO_TAG_OL)
		return false;
	for (c = i + 1; c < n->end; c = d->nodes[c].end) {
		if (!a->live[c] || d->nodes[c].letters == 0)
			continue;
		if (!node_is_element(&d->nodes[c]) ||
		    d->nodes[c].letters > 400)
			return false;
		for (j = c + 1; j < d->nodes[c].end && j < c + 48; j++)
			if (a->live[j] && node_is_element(&d->nodes[j]) &&
			    is_heading(d->nodes[j].tag) &&
			    d->nodes[j].letters > 0)
				break;
		if (j == d->nodes[c].end || j == c + 48 ||
		    (l = title_link(d, j)) == 0)
			return false;
		count++;
		below += leads_below_page(a, l);
	}
	return count >= 3 && below < count;
}

/*
 * Whether element i is a button: a button element, or a link that says
 * it is one (role=button, or a class "button" or "btn": styled as one).
 */
static bool
is_button(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];
	const GumboAttribute	*role;

	if (!node_is_element(n))
		return false;
	if (n->tag == GUMBO_TAG_BUTTON)
		return true;
	return n->tag == GUMBO_TAG_A && (a->names[i].button > 0 ||
	    ((role = dom_attr(n, "role")) != NULL &&
	    strcasecmp(role->value, "button") == 0));
}

/*
 * Whether element i holds a button of 40 letters at most after other
 * text of its own (before, the roots' letters before each node): the
 * last button with text in its last 64 nodes, up to 8 levels between
 * the text and i. A paid link on a line of its own (AD_LINK) is a
 * shop's button however it looks: an affiliate's card, a title, a line
 * and "See prices"; but not under a paragraph of 150 letters or more
 * (PROSE), a review's verdict on the product it sells. A button first
 * in its box is a panel's toggle; one
 * in a quotation (a forum's "Click to expand..." under a quoted post)
 * is the quotation's, not a call to act.
 */
static bool
holds_button(const struct article *a, uint32_t i, const uint32_t *before)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 j, k, up, button, end = d->nodes[i].end;

	for (j = end; j-- > i + 1 && j + 64 > end; ) {
		if (!a->live[j] || node_is_element(&d->nodes[j]) ||
		    d->nodes[j].own_letters == 0)
			continue;
		for (k = d->nodes[j].parent, up = 0, button = 0; k != i &&
		    up < 8; k = d->nodes[k].parent, up++)
			if (d->nodes[k].tag == GUMBO_TAG_BLOCKQUOTE) {
				button = 0;
				break;
			} else if (button == 0 && (is_button(a, k) ||
			    ((a->field[k] & AD_LINK) &&
			    !(a->field[i] & PROSE))))
				button = k;
		if (button != 0)
			return d->nodes[button].letters <= 40 &&
			    before[button] > before[i];
	}
	return false;
}

/* Whether element n has a class with a word in it. */
static bool
has_class(const struct cex_node *n)
{
	const GumboAttribute	*c = dom_attr(n, "class");

	return c != NULL && c->value[strspn(c->value, " \t\n\f\r")] != '\0';
}

/*
 * Whether the class token at tok (up to a space) is a hash that a
 * CSS-in-JS library made for a rule, not a name: emotion's "css-" and
 * letters and digits ("css-1v4s5j6", "css-0"), styled-jsx's "jsx-" and
 * digits.
 */
static bool
is_hash_class(const char *tok)
{
	size_t	 n = strcspn(tok, " \t\n\f\r"), k;
	bool	 digit = false, letters;

	if (n <= 4 || (strncmp(tok, "css-", 4) != 0 &&
	    strncmp(tok, "jsx-", 4) != 0))
		return false;
	letters = tok[0] == 'c';	/* emotion's hashes have letters too */
	for (k = 4; k < n; k++)
		if (tok[k] >= '0' && tok[k] <= '9')
			digit = true;
		else if (!letters || !(tok[k] >= 'a' && tok[k] <= 'z'))
			return false;
	return digit;
}

/*
 * Whether the class value s is made of atomic CSS's generated names,
 * two words or more, each of one or two letters ("ab cb", "ci bh hb
 * hc"): each word a rule of style, the whole a look that any box of
 * the page may share, not a kind of block. Reads 32 words at most.
 */
static bool
is_atomic_class(const char *s)
{
	size_t	 len, words = 0;

	for (; *(s += strspn(s, " \t\n\f\r")) != '\0' && words < 32;
	    s += len, words++)
		if ((len = strcspn(s, " \t\n\f\r")) > 2)
			return false;
	return words >= 2;
}

/*
 * Whether element n has a class that names it: one that is not a hash
 * of a CSS-in-JS library (is_hash_class, or is_generated beside code).
 */
static bool
has_named_class(const struct cex_node *n)
{
	const GumboAttribute	*c = dom_attr(n, "class");
	const char		*t;
	bool			 hashed;

	if (c == NULL)
		return false;
	hashed = holds_code(c->value, strlen(c->value));
	for (t = c->value; *(t += strspn(t, " \t\n\f\r")) != '\0';
	    t += strcspn(t, " \t\n\f\r"))
		if (!is_hash_class(t) && !(hashed && is_generated(t)))
			return true;
	return false;
}

/*
 * Whether element i has two siblings or more of its tag and class
 * among the first 128 children of its parent (a bound: each box that
 * would be a call to act is asked).
 */
static bool
has_row_twins(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	const GumboAttribute	*ci, *cj;
	uint32_t		 p = n->parent, c, k = 0, twins = 0;

	if (!has_class(n))
		return false;
	ci = dom_attr(n, "class");
	for (c = p + 1; c < d->nodes[p].end && k < 128 && twins < 2;
	    c = d->nodes[c].end, k++)
		if (c != i && node_is_element(&d->nodes[c]) &&
		    d->nodes[c].tag == n->tag &&
		    (cj = dom_attr(&d->nodes[c], "class")) != NULL &&
		    strcmp(cj->value, ci->value) == 0)
			twins++;
	return twins >= 2;
}


/*
 * Whether box i is one of a row of cards: it, or a wrapper around it
 * that holds the same text, two levels up at most, has two siblings or
 * more of its tag and class (has_row_twins). A grid of a company's
 * services, each card with a button to its own page, is the page's
 * text, not a call to act.
 */
static bool
in_row_of_cards(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p = i, k;

	for (k = 0; k < 3 && p != 0 &&
	    d->nodes[p].letters == d->nodes[i].letters;
	    k++, p = d->nodes[p].parent)
		if (has_row_twins(d, p))
			return true;
	return false;
}

static bool	is_reply(const struct article *, uint32_t);

/*
 * Whether element i is a paragraph of 80 letters or more, or a box
 * whose text is all one, three boxes down at most (sole_text_child).
 */
static bool
is_fading_paragraph(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 k;

	for (k = 0; i != 0 && k < 3 && d->nodes[i].tag != GUMBO_TAG_P; k++)
		i = sole_text_child(d, i);
	return i != 0 && d->nodes[i].tag == GUMBO_TAG_P &&
	    d->nodes[i].letters >= 80;
}

/*
 * Whether element i is the text of a small box that ends in a button:
 * the box around it, past the wrappers that hold its text alone (three
 * levels up at most), holds 300 letters or fewer, as a call to act
 * does (is_clutter), and a button after it. A page builder gives the
 * text of a call to act ("Ask for a first consultation", then a
 * button) the class of all its texts, the article's too: that text is
 * the box's, not a part of the article. A reply of a thread (is_reply)
 * is not one.
 */
static bool
in_call_box(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 box, k, j;

	for (box = d->nodes[i].parent, k = 0; box != 0 && k < 3 &&
	    d->nodes[box].letters == d->nodes[i].letters;
	    box = d->nodes[box].parent, k++)
		continue;
	if (box == 0 || d->nodes[box].letters > 300)
		return false;
	for (j = d->nodes[i].end; j < d->nodes[box].end &&
	    j < d->nodes[i].end + 256; j++)
		if (is_button(a, j) && d->nodes[j].letters > 0)
			return !is_reply(a, i);
	return false;
}

/*
 * Whether element i sits within a text: after a paragraph of 100
 * letters or more among its first 64 siblings, and before more text
 * that is not outside the article (a thread, a sidebar). A heading
 * there is a section's, not the text's title, which comes before the
 * text (some publishing platforms make every heading of a post an
 * h1), nor a thread's, over the comments after the text.
 */
static bool
within_text(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 c, p = d->nodes[i].parent, k;

	for (c = d->nodes[i].end; c < d->nodes[p].end &&
	    (d->nodes[c].letters == 0 || a->outside[c] != 0);
	    c = d->nodes[c].end)
		continue;
	if (c == d->nodes[p].end)
		return false;
	for (c = p + 1, k = 0; c < i && k < 64; c = d->nodes[c].end, k++)
		if (node_is_element(&d->nodes[c]) &&
		    d->nodes[c].tag == GUMBO_TAG_P &&
		    !(d->nodes[c].flags & NODE_REMOVED) &&
		    d->nodes[c].letters >= 100)
			return true;
	return false;
}

/*
 * Whether box i holds a heading below the first level and a paragraph
 * of 80 letters or more, less than a quarter linked, and no h1, in its
 * first 256 nodes: a section or an entry with its text (a timeline's
 * "timeline-header-block": a year, a heading, what happened), not a
 * page's or a story's header, which holds its h1, a byline, a line.
 */
static bool
heads_own_text(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	uint32_t		 k;
	bool			 heading = false, text = false;

	for (k = i + 1; k < d->nodes[i].end && k < i + 256; k++) {
		n = &d->nodes[k];
		if (!a->live[k] || !node_is_element(n))
			continue;
		if (n->tag == GUMBO_TAG_H1)
			return false;
		heading |= is_heading(n->tag) && n->letters > 0;
		text |= n->tag == GUMBO_TAG_P && n->letters >= 80 &&
		    4 * n->linked < n->letters;
	}
	return heading && text;
}

/*
 * Whether an element inside the article is clutter: its names say so
 * and it is not where most of the text is, or it is a list of links,
 * or navigation.
 */
static enum clutter
is_clutter(const struct article *a, uint32_t i, uint32_t total,
    const uint32_t *before)
{
	const struct cex_node	 *n = &a->d->nodes[i];
	const struct word_counts *c = &a->names[i];
	int			  bad, aside;
	uint32_t		  k;

	if (is_navigation(n))
		return CLUTTER;
	/*
	 * A link to a place in the page itself with no letter or digit in
	 * it is the permalink mark documentation tools put after each
	 * heading ("¶", "#", "§", an icon): not a word of the text.
	 */
	if (n->tag == GUMBO_TAG_A && n->letters == 0 && is_fragment_link(n))
		return CLUTTER;
	/*
	 * A link to nowhere that says it is a button (role=button, no
	 * address) is a script's control: "Click to expand...", "Show
	 * more". It leads to no text, and is none.
	 */
	if (n->tag == GUMBO_TAG_A && dom_attr(n, "href") == NULL &&
	    is_button(a, i))
		return CLUTTER;
	if (in_sentence(a, i))
		return NOT_CLUTTER;
	/*
	 * The caption of a table (a figcaption whose figure holds a table,
	 * or the table's own caption element) is the table's title, the
	 * data's, whatever its class says: not a picture's caption or
	 * credit. (A caption element for screen readers only is words for
	 * those who cannot see the table: a class that says so counts.)
	 */
	if ((n->tag == GUMBO_TAG_FIGCAPTION && (a->field[n->parent] & TABLE)) ||
	    (n->tag == GUMBO_TAG_CAPTION &&
	    a->names[i].aside == a->names[i].caption))
		return NOT_CLUTTER;
	/*
	 * So is a caption that numbers its figure or table (numbers_figure):
	 * a document's, which its text refers to.
	 */
	if ((n->tag == GUMBO_TAG_FIGCAPTION || n->tag == GUMBO_TAG_CAPTION ||
	    (a->names[i].caption > 0 &&
	    a->names[i].caption == a->names[i].aside)) &&
	    numbers_figure(a->d, i))
		return NOT_CLUTTER;
	/*
	 * A link the page marks as paid for (rel=sponsored), with no text
	 * right before or after it (not a word of a sentence), is an
	 * advertisement: "Order the ingredients".
	 */
	if (n->tag == GUMBO_TAG_A && (a->field[i] & AD_LINK))
		return CLUTTER;
	/*
	 * So is a box of a few lines (500 letters at most, less than a
	 * quarter of the text) whose links are all paid for, two of them
	 * or more on lines of their own: an affiliate's box of a product,
	 * its picture and title linked, its features and a button to buy
	 * it in a shop (one such link is a call under a part of the text:
	 * "Order the ingredients" under them). A box that holds a paragraph
	 * of 150 letters or more is a review's part, its verdict on the
	 * product written out, with the shops' buttons under it.
	 */
	if ((a->field[i] & (AD_LINKS | OWN_LINK | PROSE)) == AD_LINKS &&
	    is_form_box(n->tag) && n->letters <= 500 &&
	    4 * n->letters < total && !holds_pros_cons(a, i))
		return CLUTTER;
	/* Line numbers beside code, numbers of pages (mark_counts). */
	if (a->count_only[i])
		return CLUTTER;
	/*
	 * A box of a line or two (150 letters at most, less than a quarter
	 * of the text) that holds a picture or a video and a button, and
	 * no paragraph of prose nor table, is a player (the still of a
	 * video, its button to play, its title: "Video: the site seen from
	 * above") or a card, not the article's text.
	 */
	if ((a->field[i] & (MEDIA | PRESS | PROSE | TABLE | FIELD)) ==
	    (MEDIA | PRESS) && is_form_box(n->tag) && n->letters <= 150 &&
	    4 * n->letters < total)
		return CLUTTER;
	/*
	 * A box with a field to type in (an email address, a name and
	 * password, words to search) and a few sentences is a call to sign
	 * up, log in or search, not the article's text, whatever it is
	 * named (is_form_box).
	 */
	if ((a->field[i] & FIELD) && is_form_box(n->tag) &&
	    n->letters <= 300 && 4 * n->letters < total)
		return CLUTTER;
	/*
	 * A box of a few lines (400 letters at most, less than a quarter
	 * of the text) with a choice and a button, and no table, is the
	 * machinery to buy (how many, which size, and the button that puts
	 * it in the cart, with the price and the time to deliver around
	 * them), a calculator's form, a quiz's question and its answers to
	 * pick, a rating's stars to click: controls, not text. Not one that
	 * holds code: a documentation's examples in tabs (radio buttons)
	 * with a button to copy them.
	 */
	if ((a->field[i] & (CHOICE | PRESS)) == (CHOICE | PRESS) &&
	    !(a->field[i] & (TABLE | CODE)) && is_form_box(n->tag) &&
	    n->letters <= 400 && 4 * n->letters < total)
		return CLUTTER;
	/*
	 * A box named for a video (a class or id word "video" or "videos")
	 * that holds a line or two (150 letters at most, less than a
	 * quarter of the text) and no paragraph of prose is an embedded
	 * video's title and player ("Video: what changes for patients"),
	 * not a line of the text.
	 */
	if (c->video > 0 && is_form_box(n->tag) && n->letters <= 150 &&
	    4 * n->letters < total && !(a->field[i] & PROSE))
		return CLUTTER;
	/*
	 * A form with a field of several lines (a textarea) is where a
	 * reader writes a comment, an answer, a message: what it says is
	 * how to write there, whatever its length, unless it holds half
	 * of the text or more (a page inside one form).
	 */
	if ((a->field[i] & LINES) && n->tag == GUMBO_TAG_FORM &&
	    2 * n->letters < total)
		return CLUTTER;
	/*
	 * A box of a few sentences (300 letters at most, less than a
	 * quarter of the text) with a button after its first words, after
	 * at least as much of the article's text as it holds, is a call to
	 * act on what came before it: to book, to buy, to subscribe. Not
	 * one that holds a table: data with a button under it (a recipe's
	 * ingredients and "Add to the shopping list"), nor one named for a
	 * recipe and for no clutter (its ingredients in lists, and the same
	 * button); nor a card of a row of cards (in_row_of_cards); nor a
	 * reply in the thread the article is (is_reply).
	 */
	if (is_form_box(n->tag) && n->letters > 0 && n->letters <= 300 &&
	    !(a->field[i] & TABLE) &&
	    !(a->names[i].recipe > 0 && a->names[i].bad == 0) &&
	    4 * n->letters < total && before[i] >= n->letters &&
	    holds_button(a, i, before) && !in_row_of_cards(a, i) &&
	    !is_reply(a, i))
		return CLUTTER;
	/*
	 * A box of a few sentences (400 letters at most, less than a
	 * quarter of the text, a hundred or more besides its links) that
	 * links to the page of a writer (is_author_link), after at least
	 * as much of the article's text as it holds, and before no more or
	 * on a page that links to writers' pages twice at most (the
	 * byline and the box; what follows may be the site's), is the box
	 * about the author at the end of a post: a biography and the
	 * writer's links, not the post. A photo's line of credit ("Photos
	 * by NAME") is too short to be one; a page of posts has more after
	 * each, and links to the author of each.
	 */
	if ((a->field[i] & AUTHOR) && is_form_box(n->tag) &&
	    n->letters <= 400 && n->letters >= 100 + n->linked &&
	    4 * n->letters < total && before[i] >= n->letters &&
	    (total - before[i] <= 2 * (uint64_t)n->letters ||
	    a->author_links <= 2))
		return CLUTTER;
	/*
	 * Readers' comments and reviews are other people's text, not the
	 * article's, however much of its container they hold, whatever
	 * word of content their names also have: "commentText" and
	 * "comment-body" are a comment's text, "post-comments" a post's
	 * comments.
	 */
	if (a->outside[i] == THREAD && a->outside[n->parent] == 0)
		return NAMED_CLUTTER;
	/*
	 * So are a footer and what is named as a sidebar, related stories
	 * and the like, unless they hold half of the text (the words a
	 * bad name shares with content, see read_names, no longer remove
	 * them by name); but an aside element within the article is as
	 * often a quotation set apart from its text as a box beside it. A
	 * footer element is its section's footer (the post's date,
	 * author and categories) whatever word of content its class has
	 * ("entry-footer").
	 */
	if (a->outside[i] == OUTSIDE && a->outside[n->parent] == 0 &&
	    n->tag != GUMBO_TAG_ASIDE && (c->good == 0 ||
	    n->tag == GUMBO_TAG_FOOTER) && n->letters * 2 < total)
		return NAMED_CLUTTER;
	bad = c->bad;
	aside = c->aside;
	/*
	 * A paragraph (80 letters or more) named for the paywall, or a box
	 * whose text is all one (is_fading_paragraph), no link in a tenth
	 * of it, is the article's text that the wall cuts off
	 * ("paywall-fade": its last lines fade out over the offer), a
	 * teaser of the rest ("paywall-teaser", lead_bad); the offer is
	 * short lines, links and buttons.
	 */
	if (c->paywall > 0 && is_fading_paragraph(a->d, i) &&
	    10 * n->linked < n->letters)
		bad -= c->paywall + c->lead_bad;
	/*
	 * A heading of the article's sections is its section's header, and
	 * sites name it so ("recipe-header", "section-header"): on a
	 * heading, or on the box of one (heads_section), that word says
	 * what it is, not that it is the page's.
	 * (A heading that is a link is the headline of another page.) On a
	 * table it says that the table has a header row ("table-header"), or
	 * that it is a story's header (its headline and date); on a table's
	 * header cell, or in one, that it heads its row or column
	 * ("row-header-label"). Within a list's item (three levels) it
	 * names the item's first line, a dish and its price on a menu
	 * ("price-list-header"): a page's header is never in a list. On an
	 * accordion (holds_panels) it names how the panels' headers look
	 * ("kt-pane-header-alignment-left"). On a box that holds a heading
	 * below the first level and its paragraph (heads_own_text) it
	 * names an entry of a list, a timeline's ("timeline-header-block":
	 * a year, a heading, what happened), whose header is all of it.
	 */
	if ((is_heading(n->tag) && 2 * n->linked < n->letters) ||
	    n->tag == GUMBO_TAG_TABLE || n->tag == GUMBO_TAG_TH ||
	    a->d->nodes[n->parent].tag == GUMBO_TAG_TH || (c->header > 0 &&
	    (heads_section(a->d, i) || holds_panels(a->d, i) ||
	    near_ancestor(a->d, i, GUMBO_TAG_LI, GUMBO_TAG_LI) != 0 ||
	    heads_own_text(a, i))))
		bad -= c->header;
	/*
	 * A table named for dates ("dates-table") is a table of them, a
	 * programme's or a call's deadlines: data, not a post's date.
	 */
	if (n->tag == GUMBO_TAG_TABLE)
		bad -= c->date;
	/*
	 * A block named as a caption alone that holds 600 letters or more
	 * is not the line under a picture (a news agency's run to 400) but
	 * the text of a post told in pictures; nor is one that holds a
	 * heading and a paragraph of 150 letters or more (HEADS, PROSE),
	 * a card of text beside a picture: a newsletter's "caption block",
	 * a book's cover and its title and review.
	 */
	if (c->caption > 0 && c->caption == bad && c->caption == aside &&
	    (n->letters >= 600 ||
	    (a->field[i] & (HEADS | PROSE)) == (HEADS | PROSE)))
		bad = aside = 0;
	/*
	 * A block named as metadata alone ("entry-meta": a post's date,
	 * author and tags) that holds a paragraph of 150 letters or more
	 * (PROSE) is no such line: a shop theme's box of a product's name,
	 * price and description ("ProductMeta", its part
	 * "ProductMeta__Description").
	 */
	if (c->meta > 0 && c->meta == bad && c->meta == aside &&
	    (a->field[i] & PROSE))
		bad = aside = 0;
	/* On a page of people (a->people), a biography is the text. */
	if (a->people && c->bio > 0 && c->bio == bad && c->bio == aside)
		bad = aside = 0;
	if (bad > 0 && c->good - bad < 0 && n->letters * 2 < total)
		return NAMED_CLUTTER;
	/*
	 * What sits inside the text without being it, named for what it
	 * is; an article element is the text itself, whatever modifiers
	 * its classes carry (author-NAME, status-publish).
	 */
	if (aside > 0 && n->tag != GUMBO_TAG_ARTICLE &&
	    n->letters * 2 < total && !holds_pros_cons(a, i))
		return NAMED_CLUTTER;
	/*
	 * A box named for other pages than this one (related stories, a
	 * promotion: elsewhere_words), and for no content, is theirs even
	 * where it holds more than half of the text (a slideshow of
	 * related stories under a short report), as long as the text
	 * beside it is an article's (1,000 letters or more).
	 */
	if (aside > 0 && c->elsewhere > 0 && c->good == 0 &&
	    n->tag != GUMBO_TAG_ARTICLE && total - n->letters >= 1000)
		return NAMED_CLUTTER;
	/*
	 * The first-level heading of an article is its title, which is
	 * the page's, not part of its body (--title gives it). But an h1
	 * after the page's first that is a child of a section element is
	 * that section's heading, as HTML5's outline gives each section
	 * an h1 of its own (a book's chapters on the web).
	 */
	if (n->tag == GUMBO_TAG_H1 && i != a->title && !(a->h1 != 0 &&
	    i > a->h1 && (a->d->nodes[n->parent].tag == GUMBO_TAG_SECTION ||
	    within_text(a, i))))
		return CLUTTER;
	/*
	 * A label or a fieldset's legend names a control of a form (a
	 * product's colour, a quantity, an address to type): the page's
	 * machinery, not its text. But for a label the element filters
	 * unwrapped, the text of an item of a checklist.
	 */
	if ((n->tag == GUMBO_TAG_LABEL && !(n->flags & NODE_UNWRAP)) ||
	    n->tag == GUMBO_TAG_LEGEND)
		return CLUTTER;
	/*
	 * A copyright notice, a line or two (300 letters at most), is the
	 * publisher's, not the article's text.
	 */
	if (n->letters <= 300 && is_copyright(a->d, i))
		return CLUTTER;
	/*
	 * A line that links to a newsletter (200 letters at most: "Sign up
	 * to our daily newsletter here") is a call to sign up, the
	 * publisher's, not the article's text.
	 */
	if (n->letters <= 200 && n->linked > 0 && 2 * n->letters < total &&
	    names_newsletter(a->d, i))
		return CLUTTER;
	/*
	 * A list of teasers of other pages (is_teaser_list) is the site's,
	 * unless it holds half of the text (a page that lists posts).
	 */
	if (2 * n->letters < total && is_teaser_list(a, i))
		return CLUTTER;
	/*
	 * An advertisement's label is the ad's, whatever holds it; so is a
	 * box (1,000 letters at most, less than half of the text) whose
	 * first child with text is that label: the ad it announces.
	 */
	if (labels_ad(a->d, i) || (n->letters <= 1000 &&
	    2 * n->letters < total && first_labels_ad(a->d, i)))
		return CLUTTER;
	/*
	 * A box of 1,500 letters at most, less than half of the text, that
	 * a heading puts under the article as its author's (About the
	 * author) is the writer's biography.
	 */
	if (is_form_box(n->tag) && n->letters <= 1500 &&
	    2 * n->letters < total && (k = first_heading(a->d, i)) != 0 &&
	    heads_author_box(a->d, k))
		return CLUTTER;
	/* A link that only says there is more (labels_more) leads away. */
	if (labels_more(a->d, i))
		return CLUTTER;
	/* A shop's terms of delivery under its product (labels_shop_terms). */
	if (2 * n->letters < total && labels_shop_terms(a->d, i))
		return CLUTTER;
	/* A picture's caption and credit are about the picture. */
	if (n->tag == GUMBO_TAG_FIGCAPTION)
		return CLUTTER;
	/* A date on a line of its own, not in a sentence, is metadata. */
	if ((n->tag == GUMBO_TAG_TIME &&
	    is_block_parent(a->d->nodes[n->parent].tag)) ||
	    is_date_line(a->d, i))
		return CLUTTER;
	/*
	 * A heading's controls (heads_with_controls) are the site's tools,
	 * and the heading is the text's.
	 */
	if (heads_with_controls(a->d, i))
		return NOT_CLUTTER;
	if (n->links > 0 && n->linked == n->letters &&
	    heads_with_controls(a->d, n->parent))
		return CLUTTER;
	/*
	 * On a page whose data describe one recipe (or product, or event),
	 * a box named for a recipe and for no clutter ("gz-ingredients")
	 * of 50 letters or more whose three links or more are its
	 * ingredients, each to a page of its own, is the recipe's, not a
	 * list of other pages (a button of the recipe's card, "Jump to
	 * recipe", "Pin", is one link), when a tenth of its letters or more
	 * are not linked (the ingredients' amounts): a grid of other
	 * recipes' cards ("recipe-card") is links only.
	 */
	if (a->thing && a->names[i].recipe > 0 && a->names[i].bad == 0 &&
	    n->links >= 3 && n->letters >= 50 &&
	    10 * (uint64_t)n->linked < 9 * (uint64_t)n->letters)
		return NOT_CLUTTER;
	return is_link_list(n) && !in_page_heading(a->d, i) &&
	    !is_linked_sentence(a->d, i) && !items_lead_links(a->d, i) ?
	    CLUTTER : NOT_CLUTTER;
}

/*
 * Whether the len bytes at s are a code: letters and digits, at least
 * one digit ("6b4d0f1", "0").
 */
static bool
is_code(const char *s, size_t len)
{
	size_t	 k, digits = 0;

	for (k = 0; k < len; k++) {
		if (s[k] >= '0' && s[k] <= '9')
			digits++;
		else if (!ascii_is_alpha((unsigned char)s[k]))
			return false;
	}
	return digits > 0;
}

/*
 * Whether the class word w (len bytes) of the class value list is a
 * modifier of another of its words, BEM's way: that word, then "--" and
 * the modifier ("panel panel--reviews"). (A single "_" joins the words
 * of one name as often: "wrapper wrapper_type_text" is another kind of
 * wrapper.) So is that word, then "-" or "_" and a code, the id page
 * builders give each element of a kind ("elementor-element
 * elementor-element-6b4d0f1", "et_pb_text et_pb_text_0"): it names the
 * element, not its kind. So is that word, then a grid's fraction, the
 * width of a column among columns of one kind ("et_pb_column
 * et_pb_column_3_5" beside "et_pb_column et_pb_column_1_3"). So is a
 * word that holds a code beside a word that does not: Enfold's
 * "av_textblock_section av-lq2x9d0s-4e2a1b", the id of one section
 * among others of one kind. So is that word
 * with a number right after it: the index of one of a series, as
 * pdf2htmlEX numbers the pages of a document ("pc pc1", "pc pc2").
 * Looks at the first 32 words of list.
 */
static bool
is_modifier(const char *list, const char *w, size_t len)
{
	static const char space[] = " \t\n\f\r";
	const char *v;
	size_t	 lv, k, code = 0;
	bool	 bem;

	if (len < 3)
		return false;
	if (holds_code(w, len))
		for (k = 0, v = list; k < 32 &&
		    *(v += strspn(v, space)) != '\0'; k++, v += lv) {
			lv = strcspn(v, space);
			if (!holds_code(v, lv))
				return true;
		}
	bem = memmem(w, len, "--", 2) != NULL;
	for (k = len; k-- > 1; )
		if (w[k] == '-' || w[k] == '_') {
			if (is_code(w + k + 1, len - k - 1))
				code = k;
			break;
		}
	/* A fraction, numbers a separator apart: "_3_5". */
	for (k = code; k > 1 && w[k - 1] >= '0' && w[k - 1] <= '9'; ) {
		while (k > 1 && w[k - 1] >= '0' && w[k - 1] <= '9')
			k--;
		if (w[k - 1] != '-' && w[k - 1] != '_')
			break;
		code = --k;
	}
	if (!bem && code == 0) {
		for (k = len; k > 0 && w[k - 1] >= '0' && w[k - 1] <= '9'; k--)
			continue;
		if (k >= 2 && k < len)
			code = k;
		else
			return false;
	}
	for (k = 0; k < 32 && *(list += strspn(list, space)) != '\0';
	    k++, list += lv) {
		lv = strcspn(list, space);
		if (lv >= len || memcmp(list, w, lv) != 0)
			continue;
		if (bem && lv + 2 < len && w[lv] == '-' && w[lv + 1] == '-')
			return true;
		if (code != 0 && lv == code)
			return true;
	}
	return false;
}

/*
 * Whether the class words of the value x begin the class words of y,
 * modifiers (is_modifier) left out: y is x with modifiers after it, or
 * both are one block with modifiers of their own. It is asked of every
 * element: after 128 words of the two, false.
 */
static bool
class_words_begin(const char *x, const char *y)
{
	static const char space[] = " \t\n\f\r";
	const char	*xs = x, *ys = y;
	size_t		 lx, ly, words = 0;

	for (;;) {
		for (;; x += lx) {
			x += strspn(x, space);
			lx = strcspn(x, space);
			if (++words > 128)
				return false;
			if (lx == 0 || !is_modifier(xs, x, lx))
				break;
		}
		for (;; y += ly) {
			y += strspn(y, space);
			ly = strcspn(y, space);
			if (++words > 128)
				return false;
			if (ly == 0 || !is_modifier(ys, y, ly))
				break;
		}
		if (*x == '\0')
			return true;
		if (lx != ly || memcmp(x, y, lx) != 0)
			return false;
		x += lx;
		y += ly;
	}
}

/* Whether the class words of x begin y's, or y's begin x's. */
static bool
class_words_alike(const char *x, const char *y)
{
	return class_words_begin(x, y) || class_words_begin(y, x);
}

/*
 * Whether the word w of len bytes is one of the words of the class
 * value list that are not modifiers (is_modifier), among its first 32.
 */
static bool
has_class_word(const char *list, const char *w, size_t len)
{
	static const char space[] = " \t\n\f\r";
	const char	*s = list;
	size_t		 ls, k;

	for (k = 0; k < 32 && *(s += strspn(s, space)) != '\0'; k++, s += ls) {
		ls = strcspn(s, space);
		if (ls == len && memcmp(s, w, len) == 0)
			return !is_modifier(list, s, ls);
	}
	return false;
}

/*
 * How many of the class words of the value x, among its first 32 and
 * not modifiers (is_modifier), are words of y too; *all, how many
 * there are, and one more, never shared, if x has more than 32 words.
 */
static size_t
class_words_shared(const char *x, const char *y, size_t *all)
{
	static const char space[] = " \t\n\f\r";
	const char	*s = x;
	size_t		 ls, k, shared = 0;

	*all = 0;
	for (k = 0; k < 32 && *(s += strspn(s, space)) != '\0'; k++, s += ls) {
		ls = strcspn(s, space);
		if (is_modifier(x, s, ls))
			continue;
		(*all)++;
		shared += has_class_word(y, s, ls);
	}
	*all += *s != '\0';
	return shared;
}

/*
 * Whether the class words of the value x, two or more once modifiers
 * are left out, are all among those of y, in any order: page builders
 * put flags among a box's words ("et_pb_section et_pb_with_background
 * et_section_regular" beside "et_pb_section et_section_regular"). One
 * word is too common a name ("post", "mod") to say as much. Reads the
 * first 32 words of x.
 */
static bool
class_words_within(const char *x, const char *y)
{
	size_t	 all;

	return class_words_shared(x, y, &all) == all && all >= 2;
}

/*
 * Whether the (first) schema.org type of an element's microdata is one
 * whose name ends with type ("NewsArticle" and "Article" with
 * "Article").
 */
static bool
has_itemtype(const struct cex_node *n, const char *type)
{
	const GumboAttribute	*a;
	size_t			 len, tlen = strlen(type);

	if ((a = dom_attr(n, "itemtype")) == NULL)
		return false;
	len = strcspn(a->value, " \t\n\f\r");
	return len >= tlen && strncmp(a->value + len - tlen, type, tlen) == 0;
}

/*
 * Whether the page's microdata marks an element as a reader's comment:
 * an item of schema.org's Comment type, or an item that is the value of
 * a comment property ("itemprop=comment"), as forums mark the replies
 * to their first post.
 */
static bool
is_comment_item(const struct cex_node *n)
{
	if (!node_is_element(n) || dom_attr(n, "itemscope") == NULL)
		return false;
	return has_itemtype(n, "Comment") ||
	    dom_attr_is(n, "itemprop", "comment") ||
	    dom_attr_is(n, "itemprop", "comments");
}

/*
 * Whether an element marks one entry of a page, a post or an article
 * (an article element or role, hAtom's hentry, schema.org's Article
 * and Posting types): a page of several lists each entry in one. With
 * named only, the names and types alone: sites use the article element
 * for any box of their layout as well.
 */
static bool
marks_entry(const struct cex_node *n, bool named)
{
	const GumboAttribute	*a;
	const char		*s;
	size_t			 len;

	if (!named && n->tag == GUMBO_TAG_ARTICLE)
		return true;
	if (!named && (a = dom_attr(n, "role")) != NULL &&
	    strcasecmp(a->value, "article") == 0)
		return true;
	if ((a = dom_attr(n, "class")) != NULL)
		for (s = a->value; *(s += strspn(s, " \t\n\f\r")) != '\0';
		    s += len) {
			len = strcspn(s, " \t\n\f\r");
			if ((len == 6 && strncmp(s, "hentry", 6) == 0) ||
			    (len == 7 && strncmp(s, "h-entry", 7) == 0))
				return true;
		}
	return has_itemtype(n, "Article") || has_itemtype(n, "Posting");
}

/*
 * Whether element i, named as outside the article, holds a panel of tabs
 * (is_panel) of prose: 300 letters or more, less than a quarter links.
 * Shops put the tabs of a product's description and details in a box
 * named for its related products (OXID's "detailsRelated"); a tab of
 * other products is a list of links. Reads the first 2048 nodes of i;
 * an element inside one found outside is not asked.
 */
static bool
holds_prose_panel(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 k;

	if (a->names[i].thread > 0 || d->nodes[i].letters < 300)
		return false;
	for (k = i + 1; k < d->nodes[i].end && k < i + 2048; k++)
		if (node_is_element(&d->nodes[k]) && is_panel(d, k)) {
			if (d->nodes[k].letters >= 300 &&
			    4 * (uint64_t)d->nodes[k].linked <
			    d->nodes[k].letters)
				return true;
			k = d->nodes[k].end - 1;
		}
	return false;
}

/*
 * The letters of the biggest entry (marks_entry) below each element, in
 * a backward pass: a->entry. Only an entry of more than a quarter of
 * the page's letters (page_letters) can be more than half of a wrapper
 * of more than half of them (is_layout_wrapper): smaller elements are
 * not asked.
 */
static void
measure_entries(struct article *a, uint32_t page_letters)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i, p, letters;

	for (i = d->nnodes; i-- > 1; ) {
		if (!a->live[i] || !node_is_element(&d->nodes[i]))
			continue;
		p = d->nodes[i].parent;
		letters = d->nodes[i].letters > page_letters / 4 &&
		    marks_entry(&d->nodes[i], false) ?
		    d->nodes[i].letters : a->entry[i];
		if (letters > a->entry[p])
			a->entry[p] = letters;
	}
}

/* Whether elements p and e are of one tag and class (class_words_alike). */
static bool
same_tag_class(const struct cex_doc *d, uint32_t p, uint32_t e)
{
	const GumboAttribute	*cp, *ce;

	return d->nodes[p].tag == d->nodes[e].tag &&
	    (cp = dom_attr(&d->nodes[p], "class")) != NULL &&
	    (ce = dom_attr(&d->nodes[e], "class")) != NULL &&
	    class_words_alike(cp->value, ce->value);
}

/*
 * Whether elements p and e are of one tag and of one class
 * (class_words_alike), or all the class words of one are among the
 * other's (class_words_within): the first post of a thread marked as
 * such beside its replies ("cPost ipsComment ipsComment_parent" beside
 * "cPost ipsComment").
 */
static bool
same_tag_kin(const struct cex_doc *d, uint32_t p, uint32_t e)
{
	const GumboAttribute	*cp, *ce;

	return d->nodes[p].tag == d->nodes[e].tag &&
	    (cp = dom_attr(&d->nodes[p], "class")) != NULL &&
	    (ce = dom_attr(&d->nodes[e], "class")) != NULL &&
	    (class_words_alike(cp->value, ce->value) ||
	    class_words_within(cp->value, ce->value) ||
	    class_words_within(ce->value, cp->value));
}

/* Whether elements p and e are of one tag and first class word. */
static bool
same_tag_first_class(const struct cex_doc *d, uint32_t p, uint32_t e)
{
	const char	*x, *y;
	size_t		 lx, ly;

	return d->nodes[p].tag == d->nodes[e].tag &&
	    (x = first_class(&d->nodes[p], &lx)) != NULL &&
	    (y = first_class(&d->nodes[e], &ly)) != NULL &&
	    lx > 0 && lx == ly && memcmp(x, y, lx) == 0;
}

/*
 * Whether entry p is of the same kind as entry e, beside it: a sibling
 * of its tag and class, or one in a wrapper that is a sibling of e's
 * of one tag and first class word (a forum's posts, each in a box of
 * its own that says whose it is: Discourse's "topic-post clearfix
 * topic-owner" and "topic-post clearfix staff moderator" around each
 * post's article).
 */
static bool
same_entry_kind(const struct cex_doc *d, uint32_t p, uint32_t e)
{
	uint32_t	 wp = d->nodes[p].parent, we = d->nodes[e].parent;

	if (!same_tag_kin(d, p, e))
		return false;
	return wp == we || (wp != 0 && we != 0 &&
	    d->nodes[wp].parent == d->nodes[we].parent &&
	    same_tag_first_class(d, wp, we));
}

/*
 * Whether element i lies in an entry (marks_entry) that does not hold
 * the best container, or is one that its names or type mark: another
 * post, or a part of one, as the excerpts of featured posts above a
 * post are. But for the entries of a thread (a->thread), which are one
 * text, and whatever entries they hold. Looks 16 levels up at most.
 */
static bool
in_other_entry(const struct article *a, uint32_t i, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p, k;
	bool			 other = false;

	for (p = i, k = 0; p != 0 && k < 16 &&
	    !(p <= best && d->nodes[p].end > best); p = d->nodes[p].parent, k++)
		if (marks_entry(&d->nodes[p], p == i)) {
			if (a->thread != 0 && same_entry_kind(d, p, a->thread))
				return false;
			other = true;
		}
	return other;
}

/*
 * The entry of the best's thread (a->thread) that element i lies in:
 * the thread's own or one of its kind beside it, another post; or 0.
 * Looks 16 levels up at most.
 */
static uint32_t
thread_post(const struct article *a, uint32_t i)
{
	uint32_t	 p, k;

	if (a->thread == 0)
		return 0;
	for (p = a->d->nodes[i].parent, k = 0; p != 0 && k < 16;
	    p = a->d->nodes[p].parent, k++)
		if (same_entry_kind(a->d, p, a->thread))
			return p;
	return 0;
}

/*
 * Whether element i lies in a reply of the thread the article is: a post
 * of its kind (thread_post) beside the best's. A short reply ends with
 * its buttons to like it and to answer it: no call to act.
 */
static bool
is_reply(const struct article *a, uint32_t i)
{
	uint32_t	 p = thread_post(a, i);

	return p != 0 && p != a->thread;
}

/*
 * The outermost entry (marks_entry) above the best container that the
 * page's headline (h1) stands before, outside it: the title of a
 * thread whose entries are its posts (a forum's, the answers to a
 * question), not of one post among others. A post may hold an entry
 * of its own around its text (XenForo's "message-body" article in its
 * "message" article): the thread's entries are the outer ones. Else 0.
 */
static uint32_t
thread_entry(const struct article *a, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 e, outer = 0;

	if (a->h1 == 0)
		return 0;
	for (e = d->nodes[best].parent; e != 0 && d->nodes[a->h1].end <= e;
	    e = d->nodes[e].parent)
		if (marks_entry(&d->nodes[e], false))
			outer = e;
	return outer;
}

/*
 * Whether element s is or holds a paragraph (p) of 80 letters or more,
 * or a list of as many with no link (the steps of care instructions, a
 * product's features), a part of a text rather than a line of a box;
 * not one named for what sits beside a text (aside_words: a picture's
 * caption). With lists_only, a list alone: what follows a text in
 * paragraphs is its notes, its writer's biography, a box of contacts.
 */
static bool
holds_paragraph(const struct article *a, uint32_t s, bool lists_only)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	uint32_t		 i;

	for (i = s; i < d->nodes[s].end; i++) {
		n = &d->nodes[i];
		if (a->live[i] && node_is_element(n) && n->letters >= 80 &&
		    a->names[i].aside == 0 &&
		    ((n->tag == GUMBO_TAG_P && !lists_only) ||
		    ((n->tag == GUMBO_TAG_UL || n->tag == GUMBO_TAG_OL) &&
		    n->linked == 0)))
			return true;
	}
	return false;
}

/*
 * Whether element i lies in another cell of a table's row than element
 * j: their nearest common ancestor is a row (tr), 64 levels up at most.
 * A layout table's row holds the page's columns, a sidebar beside the
 * text.
 */
static bool
in_other_column(const struct cex_doc *d, uint32_t i, uint32_t j)
{
	uint32_t	 p, k;

	for (p = d->nodes[i].parent, k = 0; p != 0 && k < 64;
	    p = d->nodes[p].parent, k++)
		if (p <= j && d->nodes[p].end > j)
			return d->nodes[p].tag == GUMBO_TAG_TR;
	return false;
}

/*
 * Whether twin t holds a block of text of the tag and class of block,
 * the best container's best-scoring part, of 150 letters or more and
 * less than a twentieth linked: the posts of a forum's thread repeat
 * one frame (a post's box, its text, its author's card and buttons),
 * and each reply's text is a block of the kind the first post's is,
 * whatever links the frame around it holds. Teasers and widgets that
 * share the site's name for a box hold no such block of prose.
 */
static bool
repeats_block(const struct article *a, uint32_t t, uint32_t block)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 k;

	if (block == 0)
		return false;
	for (k = t + 1; k < d->nodes[t].end; k++)
		if (a->live[k] && node_is_element(&d->nodes[k]) &&
		    d->nodes[k].letters >= 150 &&
		    20 * (uint64_t)d->nodes[k].linked <
		    d->nodes[k].letters && same_tag_class(d, k, block))
			return true;
	return false;
}

/*
 * Whether elements x and y have ids of one stem and a number each
 * ("post_content91204", "post_content91302"): a template numbers each
 * record it repeats, a forum each post of a thread, where it gives the
 * post's text no class.
 */
static bool
numbered_ids(const struct cex_node *x, const struct cex_node *y)
{
	const GumboAttribute	*ix, *iy;
	size_t			 sx, sy, lx, ly;

	if ((ix = dom_attr(x, "id")) == NULL ||
	    (iy = dom_attr(y, "id")) == NULL)
		return false;
	lx = strlen(ix->value);
	ly = strlen(iy->value);
	for (sx = lx; sx > 0 && ix->value[sx - 1] >= '0' &&
	    ix->value[sx - 1] <= '9'; sx--)
		continue;
	for (sy = ly; sy > 0 && iy->value[sy - 1] >= '0' &&
	    iy->value[sy - 1] <= '9'; sy--)
		continue;
	return sx > 0 && sx == sy && sx < lx && sy < ly &&
	    memcmp(ix->value, iy->value, sx) == 0 &&
	    strcmp(ix->value, iy->value) != 0;
}

/*
 * An article split into chunks (by ads, figures, or a layout grid) is
 * several containers of the same tag and class, each holding a part of
 * the text, the first or last of them often with a modifier after its
 * class ("block-text block-text_first", "body v2"), as the panels of
 * tabs are of one block with modifiers of their own ("panel
 * panel--details", see class_words_begin): the containers
 * beside it or elsewhere in the page that are the best one's twins
 * (the class words of one begin the other's, or are all among them:
 * class_words_within), with text, not mostly
 * links, and outside comments and sidebars, are parts of the article
 * too. (Sites give one class, "module" or "item", to every box of their
 * pages, lists of links included: a part of an article is text.) A
 * container whose modifiers name more of what sits in an article
 * without being its text (aside_words) than the best's do is that, not
 * a part: Drupal's "field field--name-field-sources" beside the body's
 * "field field--name-body". A cell of another table than the best's is
 * a part only where its class is the best's, word for word (an email's
 * modules, each a table of its own): the class of a forum's rows
 * ("alt1") begins the news item's cell's ("alt1 newsbody") as well. A
 * best classed by atomic CSS (is_atomic_class) has no twins. A best
 * with no class has for twins the containers of its tag with none whose
 * ids are of one stem with its own, each numbered (numbered_ids).
 */
static bool
is_twin(const struct article *a, uint32_t i, uint32_t best)
{
	const struct cex_node	*n = &a->d->nodes[i], *b = &a->d->nodes[best];
	const GumboAttribute	*ci, *cb;

	if (!a->live[i] || !node_is_element(n) || n->tag != b->tag ||
	    a->outside[i] || n->letters == 0 || 2 * n->linked >= n->letters)
		return false;
	if (a->names[i].aside > a->names[best].aside)
		return false;
	if (!has_class(n) && !has_class(b))
		return numbered_ids(n, b) && !in_other_entry(a, i, best);
	if (!has_class(n) || !has_class(b))
		return false;
	ci = dom_attr(n, "class");
	cb = dom_attr(b, "class");
	if (is_atomic_class(cb->value))
		return false;
	if ((n->tag == GUMBO_TAG_TD || n->tag == GUMBO_TAG_TH) &&
	    near_ancestor(a->d, i, GUMBO_TAG_TABLE, GUMBO_TAG_TABLE) !=
	    near_ancestor(a->d, best, GUMBO_TAG_TABLE, GUMBO_TAG_TABLE))
		return strcmp(ci->value, cb->value) == 0 &&
		    !in_other_column(a->d, i, best) &&
		    !in_other_entry(a, i, best);
	return (class_words_alike(ci->value, cb->value) ||
	    class_words_within(ci->value, cb->value) ||
	    class_words_within(cb->value, ci->value)) &&
	    !in_other_entry(a, i, best);
}

/*
 * Whether sibling s of the best container is a grid of the article's
 * parts: two or more of the best's twins (is_twin) in it hold three
 * quarters of its letters or more (a site builder's row of two columns
 * of text among the text modules of a page). Its nodes are read once.
 */
static bool
is_grid_of_twins(const struct article *a, uint32_t s, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	uint64_t		 letters = 0;
	uint32_t		 i, twins = 0;

	if (!node_is_element(&d->nodes[s]) || !a->live[s] ||
	    a->outside[s] != 0 || a->names[s].bad != 0 ||
	    d->nodes[s].letters == 0)
		return false;
	for (i = s + 1; i < d->nodes[s].end; i++)
		if (is_twin(a, i, best)) {
			letters += d->nodes[i].letters;
			twins++;
			i = d->nodes[i].end - 1;
		}
	return twins >= 2 && 4 * letters >= 3 * (uint64_t)d->nodes[s].letters;
}

static uint8_t
upto255(int count)
{
	return count > 255 ? 255 : (uint8_t)count;
}

/* Keeps the counts of c, 255 at most each, in w. */
static void
keep_counts(struct word_counts *w, const struct names *c)
{
	w->good = upto255(c->good);
	w->bad = upto255(c->bad);
	w->outside = upto255(c->outside);
	w->thread = upto255(c->thread);
	w->layout = upto255(c->layout);
	w->aside = upto255(c->aside);
	w->header = upto255(c->header);
	w->date = upto255(c->date);
	w->elsewhere = upto255(c->elsewhere);
	w->pros = c->pros > 0;
	w->caption = upto255(c->caption);
	w->bio = upto255(c->bio);
	w->meta = upto255(c->meta);
	w->video = upto255(c->video);
	w->paywall = upto255(c->paywall);
	w->lead = upto255(c->lead);
	w->lead_bad = upto255(c->lead_bad);
	w->recipe = c->recipe > 0 && c->bad == 0;
	w->button = c->button > 0;
}

/*
 * The list (ul, ol, three levels up at most) that holds element i when
 * i is a live link to a place in the page itself ("#sharing"), or 0.
 */
static uint32_t
contents_list(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	const GumboAttribute	*at;
	const char		*v;

	if (!a->live[i] || !node_is_element(&d->nodes[i]) ||
	    d->nodes[i].tag != GUMBO_TAG_A ||
	    (at = dom_attr(&d->nodes[i], "href")) == NULL)
		return 0;
	v = at->value + strspn(at->value, " \t\n\f\r");
	if (v[0] != '#' || v[1] == '\0')
		return 0;
	return near_ancestor(d, i, GUMBO_TAG_UL, GUMBO_TAG_OL);
}

static int
cmp_strings(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/*
 * A page's table of contents is a list of three links or more to
 * places in the page itself, and the id each names is a section of the
 * page's own text, named for what it is about ("sharing": how a
 * privacy policy shares data; "disclosure", "cookies"), not a widget:
 * its words do not count against it (names_of). Marks in_contents;
 * -1 if out of memory. Each link looks three levels up for its list.
 */
static int
mark_contents(struct article *a)
{
	const struct cex_doc	*d = a->d;
	const GumboAttribute	*at;
	const char		**targets, *key;
	uint32_t		*links, i, p;
	size_t			 n = 0, all = 0;

	if ((links = calloc(d->nnodes, sizeof(*links))) == NULL)
		return -1;
	for (i = 1; i < d->nnodes; i++)
		if ((p = contents_list(a, i)) != 0) {
			links[p]++;
			all++;
		}
	if (all < 3) {
		free(links);
		return 0;
	}
	if ((targets = calloc(all, sizeof(*targets))) == NULL) {
		free(links);
		return -1;
	}
	for (i = 1; i < d->nnodes; i++)
		if ((p = contents_list(a, i)) != 0 && links[p] >= 3) {
			at = dom_attr(&d->nodes[i], "href");
			targets[n++] = at->value +
			    strspn(at->value, " \t\n\f\r") + 1;
		}
	if (n > 0) {
		qsort(targets, n, sizeof(*targets), cmp_strings);
		for (i = 1; i < d->nnodes; i++)
			if (node_is_element(&d->nodes[i]) &&
			    (at = dom_attr(&d->nodes[i], "id")) != NULL &&
			    *at->value != '\0') {
				key = at->value;
				a->in_contents[i] = bsearch(&key, targets, n,
				    sizeof(*targets), cmp_strings) != NULL;
			}
	}
	free(targets);
	free(links);
	return 0;
}

/*
 * Reads the class and id words of every element once, into a->names,
 * and finds which words that name clutter are common on the page
 * (a->common), to read again the elements they are on: a word
 * on three or more elements, none inside another, that together hold
 * more than half of the body's letters (body_letters) is the name the
 * site's templates give every box of the page, text included (a page
 * builder's "widget"), and says nothing here. Not so the words of
 * comments, sidebars and related stories (thread_words, outside_words):
 * a long thread is still a thread. One pass in document order, each
 * word's outermost element (and the end of it) remembered; and a second
 * one, over the elements with words of clutter, if some are common.
 * A page that names three biographies ("bio") or more, none inside
 * another, is a page of people (a team, a faculty, speakers), whose
 * biographies are its text (a->people); an article has its author's,
 * two at most.
 */
static void
read_names(struct article *a, uint32_t body_letters)
{
	const struct cex_doc	*d = a->d;
	struct names		 c;
	uint32_t		 end[NBAD], count[NBAD], i, bio_end = 0, bios = 0;
	uint32_t		 code_end = 0;
	uint64_t		 letters[NBAD];
	size_t			 k;
	bool			 some = false;

	memset(end, 0, sizeof(end));
	memset(count, 0, sizeof(count));
	memset(letters, 0, sizeof(letters));
	for (i = 1; i < d->nnodes; i++) {
		if (!a->live[i] || !node_is_element(&d->nodes[i]) ||
		    i < code_end)
			continue;
		/*
		 * Inside a block of code the classes are a highlighter's:
		 * they name the kinds of the code's words ("token comment",
		 * "hljs-comment", "token tag"), not parts of the page.
		 */
		if (d->nodes[i].tag == GUMBO_TAG_PRE ||
		    d->nodes[i].tag == GUMBO_TAG_CODE)
			code_end = d->nodes[i].end;
		c = names_of(a, &d->nodes[i]);
		keep_counts(&a->names[i], &c);
		if (c.bio > 0 && i >= bio_end) {
			bio_end = d->nodes[i].end;
			bios++;
		}
		if (c.bad == 0)
			continue;
		for (k = 0; k < NBAD; k++)
			if ((c.bad_seen[k / 64] >> (k % 64) & 1) &&
			    i >= end[k] && d->nodes[i].tag != GUMBO_TAG_BODY &&
			    d->nodes[i].tag != GUMBO_TAG_HTML) {
				end[k] = d->nodes[i].end;
				count[k]++;
				letters[k] += d->nodes[i].letters;
			}
	}
	for (k = 0; k < NBAD; k++) {
		a->common[k] = count[k] >= 3 && body_letters > 0 &&
		    2 * letters[k] > body_letters &&
		    !in_list(outside_words, bad_words[k],
		    strlen(bad_words[k])) &&
		    !in_list(thread_words, bad_words[k],
		    strlen(bad_words[k]));
		some |= a->common[k];
	}
	a->people = bios >= 3;
	/* The words common on the page count no more: read them anew. */
	if (some)
		memset(a->cache->value, 0, sizeof(a->cache->value));
	for (i = 1; some && i < d->nnodes; i++)
		if (a->names[i].bad > 0) {
			c = names_of(a, &d->nodes[i]);
			keep_counts(&a->names[i], &c);
		}
}

/*
 * Whether element i is a standfirst: a paragraph, a heading or a block
 * of 25 letters or more, not mostly links, named as one (lead_words,
 * and no word of clutter but one that names a standfirst too, German
 * sites' "teaser": not "author-summary") or marked as the page's
 * description by microdata.
 */
static bool
is_lead(const struct article *a, uint32_t i)
{
	const struct cex_node	 *n = &a->d->nodes[i];
	const struct word_counts *c = &a->names[i];
	const GumboAttribute	 *at;

	if (!a->live[i] || !node_is_element(n) || a->outside[i] ||
	    n->letters < 25 || 2 * n->linked >= n->letters ||
	    !(n->tag == GUMBO_TAG_P || n->tag == GUMBO_TAG_DIV ||
	    n->tag == GUMBO_TAG_SPAN || is_heading(n->tag)))
		return false;
	if ((at = dom_attr(n, "itemprop")) != NULL &&
	    (strcasecmp(at->value, "description") == 0 ||
	    strcasecmp(at->value, "abstract") == 0))
		return true;
	return c->lead > 0 && c->bad == c->lead_bad && c->aside == 0;
}

/*
 * Whether element i is a paper's abstract: its first element is a
 * heading that says so ("Abstract"), and it holds 100 letters or more
 * besides, less than a quarter links.
 */
static bool
is_abstract(const struct article *a, uint32_t i)
{
	static const char *const labels[] = { "abstract", "abstrakt", NULL };
	const struct cex_doc	*d = a->d;
	uint32_t		 c;

	if (!a->live[i] || !node_is_element(&d->nodes[i]) || a->outside[i] ||
	    4 * (uint64_t)d->nodes[i].linked >= d->nodes[i].letters)
		return false;
	return (c = first_element(d, i)) != 0 && is_heading(d->nodes[c].tag) &&
	    d->nodes[i].letters >= d->nodes[c].letters + 100 &&
	    labelled_as(d, c, 5, 9, labels);
}

/*
 * Keeps (in root) the elements after the page's first h1 and before
 * the best container that are what wanted asks (a standfirst, an
 * abstract), each element looked at once, none inside one kept.
 */
static void
keep_before_best(const struct article *a, unsigned char *root,
    uint32_t best, bool (*wanted)(const struct article *, uint32_t))
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i;

	for (i = d->nodes[a->h1].end; i < best; i++)
		if (d->nodes[i].end <= best && (root[i] || wanted(a, i))) {
			root[i] = 1;
			i = d->nodes[i].end - 1;
		}
}

/*
 * Whether element i is an introduction: a block of two paragraphs or
 * more among its children, each of 80 letters or more, less than a
 * tenth links, no name of clutter or of what sits beside a text. A
 * standfirst is one paragraph, set apart for a reader who skims; two
 * are the text's beginning, set in a box of their own by a template
 * that holds the headline and the byline too (a how-to's introduction
 * before its steps).
 */
static bool
is_intro(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 c, paragraphs = 0;

	if (!a->live[i] || !node_is_element(&d->nodes[i]) || a->outside[i] ||
	    a->names[i].bad > 0 || a->names[i].aside > 0 ||
	    10 * (uint64_t)d->nodes[i].linked >= d->nodes[i].letters)
		return false;
	for (c = i + 1; c < d->nodes[i].end && paragraphs < 2;
	    c = d->nodes[c].end)
		paragraphs += a->live[c] && node_is_element(&d->nodes[c]) &&
		    d->nodes[c].tag == GUMBO_TAG_P &&
		    d->nodes[c].letters >= 80 && a->names[c].bad == 0 &&
		    a->names[c].aside == 0;
	return paragraphs == 2;
}

/*
 * A paper's abstract sits apart from its body, in a section between the
 * title and the body that a heading names (is_abstract): unlike a
 * news story's standfirst, which a reader may skip, it is the paper's
 * own text under any taste, and joins it. So does an introduction
 * there (is_intro), a how-to's before its steps.
 */
static void
keep_abstract(const struct article *a, unsigned char *root, uint32_t best)
{
	if (a->h1 != 0 && a->h1 < best) {
		keep_before_best(a, root, best, is_abstract);
		keep_before_best(a, root, best, is_intro);
	}
}

/*
 * --lead: an article's standfirst sits between its headline and its
 * text, set apart from the text's container. Keeps (in root) the
 * standfirsts after the first h1 and before the best container, within
 * their closest common ancestor when the page names that as an article
 * or an entry: not a site's header around its name.
 */
static void
keep_lead(const struct article *a, unsigned char *root, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 top;

	if (a->h1 == 0 || a->h1 > best)
		return;
	for (top = d->nodes[best].parent; top != 0 && !(top < a->h1 &&
	    d->nodes[top].end > a->h1); top = d->nodes[top].parent)
		continue;
	if (top != 0 && (names_article(a, top) ||
	    marks_entry(&d->nodes[top], false)))
		keep_before_best(a, root, best, is_lead);
}

/* How many twins element i has (is_twin), none inside another. */
static uint32_t
count_twins(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 j, count = 0;

	/* A twin has its class: without one, none. */
	if (!has_class(&d->nodes[i]))
		return 0;
	for (j = 1; j < d->nnodes; j++)
		if (j < i && d->nodes[j].end > i)
			continue;	/* an ancestor */
		else if (j == i)
			j = d->nodes[j].end - 1;
		else if (is_twin(a, j, i)) {
			count++;
			j = d->nodes[j].end - 1;
		}
	return count;
}

/*
 * Whether element up, an ancestor of low, has as many twins (want) as
 * low has, each holding one of low's: low and its twins are the same
 * part of a unit the page repeats, and up is that unit.
 */
static bool
twins_nest(const struct article *a, uint32_t low, uint32_t up, uint32_t want)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i, j, count = 0;

	for (i = 1; i < d->nnodes; i++) {
		if (i < up && d->nodes[i].end > up)
			continue;	/* an ancestor */
		if (i == up || !is_twin(a, i, up)) {
			if (i == up)
				i = d->nodes[i].end - 1;
			continue;
		}
		for (j = i + 1; j < d->nodes[i].end && !is_twin(a, j, low); j++)
			continue;
		if (j == d->nodes[i].end || ++count > want)
			return false;
		i = d->nodes[i].end - 1;
	}
	return count == want;
}

/*
 * Whether element p holds nothing but its child c and headings: each
 * other child with letters, not removed, is a heading (a section's, over
 * its text), or a box whose text is all a heading's, three boxes down at
 * most (a section's header box: "op-head", Redoc's generated classes).
 */
static bool
only_headings_beside(const struct cex_doc *d, uint32_t p, uint32_t c)
{
	uint32_t	 q, h, k;

	for (q = p + 1; q < d->nodes[p].end; q = d->nodes[q].end) {
		if (q == c || d->nodes[q].letters == 0 ||
		    (d->nodes[q].flags & NODE_REMOVED))
			continue;
		if (!node_is_element(&d->nodes[q]))
			return false;
		for (h = q, k = 0; h != 0 && k < 3 &&
		    !tag_is_heading(d->nodes[h].tag); k++)
			h = sole_text_child(d, h);
		if (h == 0 || !tag_is_heading(d->nodes[h].tag))
			return false;
	}
	return true;
}

/*
 * How many twins (is_twin) element up, an ancestor of low, has, if
 * each twin of low lies in up or in one of them; else 0.
 */
static uint32_t
twins_cover(const struct article *a, uint32_t low, uint32_t up)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i, count = 0, inside = 0;

	for (i = 1; i < d->nnodes; i++) {
		if (i < up && d->nodes[i].end > up)
			continue;	/* an ancestor */
		if (i == up)
			i = d->nodes[i].end - 1;
		else if (i >= inside && is_twin(a, i, up)) {
			count++;
			inside = d->nodes[i].end;
		} else if (i >= inside && is_twin(a, i, low))
			return 0;
	}
	return count;
}

/*
 * The wrappers around the best, four levels up at most, that hold its
 * text and nothing else but headings (a section's, over the text) and
 * have a class: the nearest (inner) and the outermost (outer), or 0. A
 * page's template names the parts of its text on such wrappers
 * ("article_body" around a bare article), and a shop the panels of its
 * tabs ("data item content" around a product's description) or the
 * sections of its page (the description's, under its heading), whose
 * twins beside them are the other parts, the other tabs, the section
 * of technical data. Each wrapper's children are read once.
 */
static void
find_wrappers(const struct article *a, uint32_t best, uint32_t body,
    uint32_t *inner, uint32_t *outer)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p, c, k;

	*inner = *outer = 0;
	for (p = d->nodes[best].parent, c = best, k = 0;
	    p != 0 && p != body && k < 4 && only_headings_beside(d, p, c);
	    c = p, p = d->nodes[p].parent, k++)
		if (has_class(&d->nodes[p])) {
			if (*inner == 0)
				*inner = p;
			*outer = p;
		}
}

/*
 * Whether element i is the site's header: a header element, or one
 * named "header", that ends before the page's h1 (or, on a page
 * without one, before the best container). A page builder gives the
 * boxes of its header the class of every other box (Plentymarkets'
 * "widget-inner"), the best's too: its bar of promises ("Free shipping
 * from 60 EUR") is not the article's twin.
 */
static bool
is_masthead(const struct article *a, uint32_t i, uint32_t best)
{
	const struct cex_node	*n = &a->d->nodes[i];

	return node_is_element(n) && n->end <= (a->h1 != 0 ? a->h1 : best) &&
	    (n->tag == GUMBO_TAG_HEADER || a->names[i].header > 0);
}

/*
 * The page's main landmark around the best container: its nearest
 * ancestor that is a main element or has role main, or 0. A site puts
 * its alerts and banners before the landmark, in boxes of the same
 * class as the text's (Drupal's "field field--name-body" on every
 * block of text): none of those is a part of the article. (What
 * follows the landmark may be: Enfold wraps the first section of a
 * page in main, and the others beside it.)
 */
static uint32_t
main_landmark(const struct cex_doc *d, uint32_t best)
{
	uint32_t	 p;

	for (p = d->nodes[best].parent; p != 0 && !is_landmark(&d->nodes[p]);
	    p = d->nodes[p].parent)
		continue;
	return p;
}

/*
 * A recipe's card, its ingredients and steps in short lines that score
 * as little as a menu, is the content of a recipe page even where it
 * sits apart from the post about the dish: an element the page marks
 * as a schema.org Recipe or HowTo, or whose class or id names a recipe
 * and no clutter, with text not mostly links, outside comments and
 * sidebars and other entries, joins the best container. A card has a
 * block of text, 25 letters, at least; a shorter element named for a
 * recipe is a detail of one, its time or its difficulty, as in the
 * teasers of other recipes.
 */
static bool
is_recipe_card(const struct article *a, uint32_t i, uint32_t best)
{
	const struct cex_node	*n = &a->d->nodes[i];

	if (!a->live[i] || !node_is_element(n) || a->outside[i] ||
	    n->letters < 25 || 2 * n->linked >= n->letters)
		return false;
	return (has_itemtype(n, "Recipe") || has_itemtype(n, "HowTo") ||
	    a->names[i].recipe > 0) && !in_other_entry(a, i, best);
}

/*
 * Whether element i is a box of an item's features in a shop: its first
 * text a heading that says so (heads_item_features), then a list of
 * three items or more of 40 letters or more each; not mostly links,
 * outside comments and sidebars. Marketplaces put it beside the
 * pictures, away from the description; it joins the best container,
 * wherever it is. (A blog's box "About this article" holds its date and
 * author, not such a list.)
 */
static bool
is_item_features(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n = &d->nodes[i];
	uint32_t		 h, k, c, items;

	if (!a->live[i] || !node_is_element(n) || !is_form_box(n->tag) ||
	    a->outside[i] || 2 * n->linked >= n->letters ||
	    (h = first_heading(d, i)) == 0 || !heads_item_features(d, h))
		return false;
	for (k = d->nodes[h].end; k < n->end; k++) {
		if (!node_is_element(&d->nodes[k]) ||
		    (d->nodes[k].tag != GUMBO_TAG_UL &&
		    d->nodes[k].tag != GUMBO_TAG_OL))
			continue;
		items = 0;
		for (c = k + 1; c < d->nodes[k].end; c = d->nodes[c].end)
			if (node_is_element(&d->nodes[c]) &&
			    d->nodes[c].tag == GUMBO_TAG_LI &&
			    d->nodes[c].letters >= 40)
				items++;
		return items >= 3;
	}
	return false;
}

/*
 * A product's or a recipe's description as the page's data gives it
 * (read_ld, mark_main), a shop's short one beside the pictures, away
 * from the long one in a tab, a recipe's summary under its name, away
 * from the steps, is as much the page's text: it joins the best
 * container, outside comments and sidebars, and not mostly links.
 */
static bool
is_described(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];

	return i == a->thing_text && !a->outside[i] &&
	    2 * n->linked < n->letters;
}

/*
 * Whether element p is a heading: h2 to h6, or a container of 200
 * letters at most that holds a heading and no other text (a page
 * builder's box around it, whose heading is found in its first 64
 * nodes); live, outside comments and sidebars, not mostly a link.
 */
static bool
is_heading_block(const struct article *a, uint32_t p)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n = &d->nodes[p];
	uint32_t		 j;

	if (!a->live[p] || !node_is_element(n) || a->outside[p] ||
	    n->letters == 0 || 2 * n->linked >= n->letters)
		return false;
	if (is_heading(n->tag))
		return true;
	if (n->letters > 200 || !is_container(n->tag))
		return false;
	for (j = p + 1; j < n->end && j < p + 64; j++)
		if (a->live[j] && node_is_element(&d->nodes[j]) &&
		    is_heading(d->nodes[j].tag))
			return d->nodes[j].letters == n->letters;
	return false;
}

/*
 * A heading is the title of what follows it: a heading (is_heading_
 * block) right before a part of the article (in root), with nothing but
 * spaces or elements without text between them (a picture, a divider, an
 * empty ad slot), goes with it; so do the headings before that
 * heading. The headings of the sections of a page built of boxes, each
 * heading in a box of its own, are not in the box of their text.
 * Backward, each heading's next sibling with text found over what lies
 * between: a heading has text, so the runs looked over are each looked
 * over once.
 */
static void
keep_headings(const struct article *a, unsigned char *root)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p, q, c, end;
	int			 k;

	for (p = d->nnodes; p-- > 1; ) {
		if (!node_is_element(&d->nodes[p]) || root[p] ||
		    !is_heading_block(a, p))
			continue;
		end = d->nodes[d->nodes[p].parent].end;
		for (q = d->nodes[p].end; q < end &&
		    d->nodes[q].letters == 0; q = d->nodes[q].end)
			continue;
		for (k = 0; q < end && !root[q] && k < 4; k++, q = c) {
			for (c = q + 1; c < d->nodes[q].end &&
			    d->nodes[c].letters == 0; c = d->nodes[c].end)
				continue;
			if (c == d->nodes[q].end ||
			    d->nodes[c].letters != d->nodes[q].letters)
				break;
		}
		if (q < end && root[q])
			root[p] = 1;
	}
}

/*
 * Whether a link leads to the page of one of the site's writers: its
 * rel says "author", or its address has a folder of authors in it, as
 * blogs and papers file them ("/author/NAME/", "/autor/", "/auteur/").
 */
static bool
is_author_link(const struct cex_node *n)
{
	static const char *const folders[] = { "author", "authors",
	    "autor", "autoren", "auteur", "auteurs", "autore", "autori",
	    NULL };
	const GumboAttribute	*at;
	const char		*p;
	size_t			 k, len;

	if (dom_attr_is(n, "rel", "author"))
		return true;
	if ((at = dom_attr(n, "href")) == NULL)
		return false;
	for (p = at->value; (p = strchr(p, '/')) != NULL; p++) {
		if (strncasecmp(p + 1, "aut", 3) != 0)
			continue;
		len = strcspn(p + 1, "/?#");
		if (p[1 + len] != '/')
			continue;
		for (k = 0; folders[k] != NULL; k++)
			if (strlen(folders[k]) == len &&
			    strncasecmp(p + 1, folders[k], len) == 0)
				return true;
	}
	return false;
}

/*
 * Marks the fields to type text in (not a hidden field, a choice or a
 * button: shops and listings put those in every item), and what holds
 * them, in a->field (LINES for a textarea), and what holds a table
 * (TABLE), a choice (CHOICE: a select, a field for a number, a radio
 * button, an element whose role is radiogroup: a rating's stars) or a
 * button (PRESS), a link to an author's page (AUTHOR), a link marked
 * as paid for (rel=sponsored) on a line of its own (AD_LINK) or any
 * other link (OWN_LINK), two or more of the paid ones (AD_LINKS), and
 * a paragraph of 150 letters or more, not mostly links (PROSE), a
 * heading below the title with text (HEADS), a picture, a video or a
 * frame (MEDIA), and a block of code (CODE);
 * backward, each node's marks given to its parent.
 * The forms group has removed them from the output, not from the tree.
 */
static void
mark_fields(struct article *a)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	const GumboAttribute	*at;
	const char		*type;
	uint32_t		 i;

	for (i = d->nnodes; i-- > 1; ) {
		n = &d->nodes[i];
		if (!node_is_element(n))
			continue;
		switch (n->tag) {
		case GUMBO_TAG_TEXTAREA:
			a->field[i] = FIELD | LINES;
			break;
		case GUMBO_TAG_INPUT:
			type = (at = dom_attr(n, "type")) != NULL ?
			    at->value : "text";
			if (strcasecmp(type, "text") == 0 ||
			    strcasecmp(type, "email") == 0 ||
			    strcasecmp(type, "search") == 0 ||
			    strcasecmp(type, "password") == 0)
				a->field[i] = FIELD;
			else if (strcasecmp(type, "number") == 0 ||
			    strcasecmp(type, "radio") == 0)
				a->field[i] |= CHOICE;
			else if (strcasecmp(type, "submit") == 0)
				a->field[i] |= PRESS;
			break;
		case GUMBO_TAG_TABLE:
			a->field[i] |= TABLE;
			break;
		case GUMBO_TAG_PRE:
			a->field[i] |= CODE;
			break;
		case GUMBO_TAG_IMG:
		case GUMBO_TAG_VIDEO:
		case GUMBO_TAG_IFRAME:
			a->field[i] |= MEDIA;
			break;
		case GUMBO_TAG_SELECT:
			a->field[i] |= CHOICE;
			break;
		case GUMBO_TAG_BUTTON:
			a->field[i] |= PRESS;
			break;
		case GUMBO_TAG_P:
			if (n->letters >= 150 && 2 * n->linked < n->letters)
				a->field[i] |= PROSE;
			break;
		case GUMBO_TAG_A:
			if (a->live[i] && is_author_link(n)) {
				a->field[i] |= AUTHOR;
				a->author_links++;
			}
			if (dom_attr(n, "href") == NULL)
				break;
			if (!dom_attr_is(n, "rel", "sponsored"))
				a->field[i] |= OWN_LINK;
			else if (!beside_text(d, i))
				a->field[i] |= AD_LINK;
			break;
		default:
			if (is_heading(n->tag) && n->letters > 0)
				a->field[i] |= HEADS;
			break;
		}
		if (dom_attr_is(n, "role", "radiogroup"))
			a->field[i] |= CHOICE;
		if (a->field[n->parent] & a->field[i] & AD_LINK)
			a->field[n->parent] |= AD_LINKS;
		a->field[n->parent] |= a->field[i];
	}
}

/*
 * The run of whole numbers that counts up by one in a text node (its
 * first, last and how many), or false where the text is anything else.
 * An empty text holds a run of none.
 */
static bool
read_count(const char *s, uint32_t *first, uint32_t *last, uint32_t *count)
{
	uint32_t	 v;
	size_t		 k;

	*first = *last = *count = 0;
	for (;;) {
		s += strspn(s, " \t\n\f\r");
		if (*s == '\0')
			return true;
		for (v = 0, k = 0; s[k] >= '0' && s[k] <= '9'; k++)
			if (k == 9)
				return false;
			else
				v = 10 * v + (uint32_t)(s[k] - '0');
		if (k == 0 || (s[k] != '\0' && !ascii_is_space(
		    (unsigned char)s[k])))
			return false;
		if (*count > 0 && v != *last + 1)
			return false;
		if ((*count)++ == 0)
			*first = v;
		*last = v;
		s += k;
	}
}

/* A table, its row or a group of its rows. */
static bool
is_table_part(uint16_t tag)
{
	return tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_THEAD ||
	    tag == GUMBO_TAG_TBODY || tag == GUMBO_TAG_TFOOT ||
	    tag == GUMBO_TAG_TR;
}

/*
 * Marks in a->count_only the elements whose text is three or more
 * whole numbers counting up by one and nothing else: the line numbers
 * of a block of code, in a column of their own beside it (Pygments',
 * Chroma's, a plugin's "gutter"), or the numbers of a list of pages.
 * They count lines, not words of the text. Not a table's row, whose
 * cells are each a number of their own (a size chart's head: 36 37
 * 38). Backward, each node's run joined to its parent's; reads each
 * text once.
 */
static int
mark_counts(struct article *a)
{
	struct run {
		uint32_t	 first, last, count;
		bool		 bad;
	}			*run;
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	struct run		*r, *p;
	uint32_t		 i;

	if ((run = calloc(d->nnodes, sizeof(*run))) == NULL)
		return -1;
	for (i = d->nnodes; i-- > 1; ) {
		n = &d->nodes[i];
		r = &run[i];
		if (!a->live[i])
			continue;
		if (node_is_text(n))
			r->bad = !read_count(n->g->v.text.text, &r->first,
			    &r->last, &r->count);
		else if (!node_is_element(n))
			continue;
		else
			a->count_only[i] = !r->bad && r->count >= 3 &&
			    !is_table_part(n->tag);
		p = &run[n->parent];
		if (r->bad)
			p->bad = true;
		else if (r->count == 0)
			continue;
		else if (p->count == 0) {
			p->first = r->first;
			p->last = r->last;
			p->count = r->count;
		} else if (r->last + 1 == p->first) {
			p->first = r->first;
			p->count += r->count;
		} else
			p->bad = true;
	}
	free(run);
	return 0;
}

/* The nearest element around node i, or i, that is an item, or 0. */
static uint32_t
item_of(const struct cex_doc *d, uint32_t i)
{
	for (; i != 0; i = d->nodes[i].parent)
		if (node_is_element(&d->nodes[i]) &&
		    dom_attr(&d->nodes[i], "itemscope") != NULL)
			return i;
	return 0;
}

/*
 * On a page of several Product items (the product and the boxes of
 * others a shop suggests), the product the page is about is the item
 * that holds its first h1 with text: its first description with text,
 * its own and not a nested item's, or 0.
 */
static uint32_t
headline_description(const struct article *a)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i, item;

	for (i = 1; i < d->nnodes; i++)
		if (node_is_element(&d->nodes[i]) &&
		    d->nodes[i].tag == GUMBO_TAG_H1 && d->nodes[i].letters > 0)
			break;
	if (i == d->nnodes || (item = item_of(d, i)) == 0 ||
	    !has_itemtype(&d->nodes[item], "Product"))
		return 0;
	for (i = item + 1; i < d->nodes[item].end; i++) {
		if (!node_is_element(&d->nodes[i]))
			continue;
		if (dom_attr(&d->nodes[i], "itemscope") != NULL) {
			i = d->nodes[i].end - 1;	/* another item's */
			continue;
		}
		if (d->nodes[i].letters > 0 &&
		    dom_attr_is(&d->nodes[i], "itemprop", "description"))
			return i;
	}
	return 0;
}

/*
 * Whether element i is a block of prose: 150 letters or more, less
 * than a tenth of them linked.
 */
static bool
is_prose_block(const struct article *a, uint32_t i)
{
	const struct cex_node	*n = &a->d->nodes[i];

	return n->letters >= 150 && 10 * (uint64_t)n->linked < n->letters;
}

/*
 * A heading that ends the text kept, with no text after it, is the
 * title of a part that went (a list of references, related stories,
 * testimonials): it goes too, and so do the headings right before it,
 * if text is left before them (not the title --full keeps in the
 * head). Not one of more than 80 letters: a
 * paragraph set in a heading's tag (a disclaimer, a wire's credits). A
 * heading's text lies within 16 levels of it; eight headings at most.
 * Reads the nodes once forward, to know which are shown, and once
 * backward. Returns -1 if memory runs out.
 */
static int
drop_trailing_headings(struct cex_doc *d)
{
	unsigned char	*shown;
	uint32_t	 i, h, k, heads[8];
	size_t		 nheads = 0, j;

	if ((shown = malloc(d->nnodes)) == NULL)
		return -1;
	shown[0] = 1;
	for (i = 1; i < d->nnodes; i++)
		shown[i] = !(d->nodes[i].flags & NODE_REMOVED) &&
		    shown[d->nodes[i].parent];
	for (i = d->nnodes; i-- > 1; ) {
		if (!shown[i] || !node_is_text(&d->nodes[i]) ||
		    d->nodes[i].own_letters == 0 ||
		    d->nodes[d->nodes[i].parent].tag == GUMBO_TAG_TITLE)
			continue;
		for (h = d->nodes[i].parent, k = 0; h != 0 && k < 16 &&
		    !(node_is_element(&d->nodes[h]) &&
		    tag_is_heading(d->nodes[h].tag)); h = d->nodes[h].parent, k++)
			continue;
		if (h == 0 || k == 16 || !tag_is_heading(d->nodes[h].tag) ||
		    !node_is_element(&d->nodes[h]) ||
		    d->nodes[h].letters > 80) {
			for (j = 0; j < nheads; j++)
				d->nodes[heads[j]].flags |= NODE_REMOVED;
			break;
		}
		if (nheads == sizeof(heads) / sizeof(*heads))
			break;
		heads[nheads++] = h;
		i = h;
	}
	free(shown);
	return 0;
}

/*
 * Marks the elements the page names as its main content: main,
 * role=main, itemprop=articleBody; and the description of a product
 * (itemprop=description with text, in an item of schema.org's Product
 * type), which shops put in tabs beside customers' reviews and boxes of
 * other products: it is what the page is about. On a page of one such
 * product, the first is the product's description (a->thing_text,
 * is_described), unless its JSON-LD data names another (read_ld); on
 * a page of several, that of the item holding the h1
 * (headline_description); a description the item gives as a meta
 * element's content, with no text of its own, is looked for in the
 * page's text (a->thing_summary).
 */
static void
mark_main(struct article *a)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	const GumboAttribute	*prop, *content;
	const char		*summary = NULL;
	uint32_t		 i, products = 0, described = 0;
	unsigned char		 scope;

	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		if (!node_is_element(n))
			continue;
		scope = a->main[n->parent] & IN_PRODUCT;
		if (scope != 0 && (prop = dom_attr(n, "itemprop")) != NULL &&
		    strcasecmp(prop->value, "description") == 0) {
			if (n->letters > 0) {
				a->main[i] = MAIN;
				if (described == 0)
					described = i;
			} else if (n->tag == GUMBO_TAG_META && summary == NULL &&
			    (content = dom_attr(n, "content")) != NULL)
				summary = content->value;
		} else if (is_main_element(n))
			a->main[i] = MAIN;
		if (dom_attr(n, "itemscope") != NULL) {
			scope = has_itemtype(n, "Product") ? IN_PRODUCT : 0;
			products += scope != 0;
		}
		a->main[i] |= scope;
		a->main_of[i] = is_main(a, n->parent) ? n->parent :
		    a->main_of[n->parent];
	}
	a->thing |= products == 1;
	if (products == 1) {
		a->thing_text = described;
		a->thing_summary = summary;
	} else if (products > 1)
		a->thing_text = headline_description(a);
}

/* The most letters of a title or headline that find_headline compares. */
#define HEADLINE_BYTES	512

/*
 * The letters of the live text of element i, lower case, into buf
 * (size bytes, NUL-terminated); false when they do not fit.
 */
static bool
lower_letters(const struct article *a, uint32_t i, char *buf, size_t size)
{
	const struct cex_doc	*d = a->d;
	const utf8proc_uint8_t	*p;
	utf8proc_ssize_t	 len;
	int32_t			 cp;
	size_t			 o = 0;
	uint32_t		 k;

	for (k = i + 1; k < d->nodes[i].end; k++) {
		if (!a->live[k]) {
			k = d->nodes[k].end - 1;
			continue;
		}
		if (!node_is_text(&d->nodes[k]))
			continue;
		for (p = (const utf8proc_uint8_t *)d->nodes[k].g->v.text.text;
		    *p != '\0'; p += len) {
			if ((len = utf8proc_iterate(p, -1, &cp)) <= 0) {
				len = 1;
				continue;
			}
			if (!dom_is_letter(cp))
				continue;
			if (o + 4 >= size)
				return false;
			o += (size_t)utf8proc_encode_char(utf8proc_tolower(cp),
			    (utf8proc_uint8_t *)buf + o);
		}
	}
	buf[o] = '\0';
	return true;
}

/*
 * The article's headline on a page without an h1: a heading below it
 * (h2 to h6) of 15 letters or more whose letters run in the title
 * element's, not outside the article. Old templates and blogs make
 * their story's headline an h2 or an h3. A title is the headline and
 * the site's name ("Site: Headline", "Headline | Site"): when both are
 * headings, the site's comes first, in the masthead; the last heading
 * that matches is the headline. 0 if there is none.
 */
static uint32_t
find_headline(const struct article *a)
{
	const struct cex_doc	*d = a->d;
	char			 title[HEADLINE_BYTES], text[HEADLINE_BYTES];
	uint32_t		 i, last = 0;

	if (a->h1 != 0 || d->page_title == 0 ||
	    d->nodes[d->page_title].tag != GUMBO_TAG_TITLE ||
	    !lower_letters(a, d->page_title, title, sizeof(title)))
		return 0;
	for (i = 1; i < d->nnodes; i++) {
		if (!a->live[i] || !node_is_element(&d->nodes[i]) ||
		    !is_heading(d->nodes[i].tag) || a->outside[i] ||
		    d->nodes[i].letters < 15)
			continue;
		if (lower_letters(a, i, text, sizeof(text)) &&
		    strstr(title, text) != NULL)
			last = i;
		i = d->nodes[i].end - 1;
	}
	return last;
}

/*
 * Marks the elements that hold the first live h1 of the page or an
 * element is_main names, and their ancestors: the article is in them.
 * A main or article body named as clutter does not count.
 */
static void
mark_anchors(struct article *a)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	uint32_t		 i, h1 = 0;

	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		if (!a->live[i] || !node_is_element(n))
			continue;
		if ((n->tag == GUMBO_TAG_H1 && h1 == 0 && n->letters > 0) ||
		    (is_main(a, i) && !is_outside(a, i))) {
			if (n->tag == GUMBO_TAG_H1)
				a->h1 = h1 = i;
			a->anchor[i] = 1;
		}
	}
	for (i = d->nnodes; i-- > 1; )
		if (a->anchor[i])
			a->anchor[d->nodes[i].parent] = 1;
}

/*
 * The site's header: the first header element, or element of role
 * banner, before the page's first h1 (a->h1), in no article nor main
 * element (within 64 levels), and not around the h1 or the main
 * element (a->anchor); or 0. Read after mark_anchors.
 */
static uint32_t
site_header(const struct article *a)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	uint32_t		 i, p, k;

	for (i = 1; i < a->h1; i++) {
		n = &d->nodes[i];
		if (!node_is_element(n) || !(n->tag == GUMBO_TAG_HEADER ||
		    dom_attr_is(n, "role", "banner")))
			continue;
		if (a->anchor[i])
			return 0;
		for (p = n->parent, k = 0; p != 0 && k < 64 &&
		    d->nodes[p].tag != GUMBO_TAG_ARTICLE &&
		    d->nodes[p].tag != GUMBO_TAG_MAIN; p = d->nodes[p].parent)
			k++;
		if (p == 0)
			return i;
		i = n->end - 1;
	}
	return 0;
}

/*
 * Whether box, a tab's title (40 letters at most, its first 32 nodes
 * read), holds a link to element i's id ("#description"): Magento's
 * "data item title" over its "data item content", Bootstrap's tabs
 * written with their titles before each panel. The title names the
 * panel it opens.
 */
static bool
links_to_panel(const struct cex_doc *d, uint32_t box, uint32_t i)
{
	const GumboAttribute	*id = dom_attr(&d->nodes[i], "id");
	const GumboAttribute	*href;
	uint32_t		 j;

	if (id == NULL || id->value[0] == '\0' || d->nodes[box].letters > 40)
		return false;
	for (j = box; j < d->nodes[box].end && j < box + 32; j++)
		if (node_is_element(&d->nodes[j]) &&
		    d->nodes[j].tag == GUMBO_TAG_A &&
		    (href = dom_attr(&d->nodes[j], "href")) != NULL &&
		    href->value[0] == '#' &&
		    strcmp(href->value + 1, id->value) == 0)
			return true;
	return false;
}

/*
 * Whether a hidden element is a closed panel of tabs or of an
 * accordion, as WAI-ARIA's patterns mark them (role=tabpanel; role=region
 * labelled by its button), or as Bootstrap's tabs name theirs without a
 * role (class "tab-pane"), or closed right after a box whose only text
 * is a button (dom_heads_next: Kadence's "kt-accordion-panel-hidden"
 * under its question), or right after a title that links to it
 * (links_to_panel) or that its aria-labelledby names (labelled_next:
 * Bootstrap's accordion, open or closed): a click opens it, and it is
 * the page's text, the answers of an FAQ, a product's details.
 */
static bool
is_panel(const struct cex_doc *d, uint32_t i)
{
	const struct cex_node	*n = &d->nodes[i];
	const GumboAttribute	*role = dom_attr(n, "role");
	const GumboAttribute	*class = dom_attr(n, "class");
	uint32_t		 before;

	if (class != NULL && has_class_word(class->value, "tab-pane", 8))
		return true;
	if ((before = dom_previous_element(d, i)) != 0 &&
	    (dom_heads_next(d, before) || links_to_panel(d, before, i) ||
	    labelled_next(d, before) == i))
		return true;
	if (role == NULL)
		return false;
	return strcasecmp(role->value, "tabpanel") == 0 ||
	    (strcasecmp(role->value, "region") == 0 &&
	    dom_attr(n, "aria-labelledby") != NULL);
}

/*
 * Whether a box is a form to fill in with the words that ask to: a
 * field to type in, and 300 letters at most (a shop's alarm for a
 * lower price, a question to ask about the product, a sign-up).
 */
static bool
is_small_form(const struct article *a, uint32_t i)
{
	return (a->field[i] & FIELD) && a->d->nodes[i].letters <= 300;
}

/*
 * Whether panel c (is_panel) joins the content: not named as outside
 * it (customers' reviews), not mostly links, not a small form
 * (is_small_form).
 */
static bool
joins_as_panel(const struct article *a, uint32_t c)
{
	const struct cex_node	*n = &a->d->nodes[c];

	return a->live[c] && node_is_element(n) && is_panel(a->d, c) &&
	    a->outside[c] == 0 && 2 * n->linked < n->letters &&
	    !is_small_form(a, c);
}

/*
 * Whether element k is the title of the panel right after it that
 * joins the content (labelled_next).
 */
static bool
titles_panel(const struct article *a, uint32_t k)
{
	uint32_t	 p;

	return (p = labelled_next(a->d, k)) != 0 && joins_as_panel(a, p);
}

/*
 * A product's details sit beside its description, in a column or box
 * of their own whose class, utility classes or none, makes it no twin
 * of the description's, and so do a play's cast and a concert's dates
 * beside its synopsis: on a page whose data describe one product,
 * recipe or event (a->thing), a sibling of
 * the best or of its parent that holds a data sheet (holds_data_sheet),
 * outside comments and sidebars, joins it with what it holds besides
 * (its heading, notes on care). Each sibling's nodes are read once.
 */
static void
join_sheets(const struct article *a, unsigned char *root, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 c, p, k, s;

	if (!a->thing)
		return;
	for (k = 0, c = best; k < 2 && (p = d->nodes[c].parent) != 0;
	    k++, c = p)
		for (s = p + 1; s < d->nodes[p].end;
		    s = d->nodes[s].end)
			if (s != c && !root[s] &&
			    node_is_element(&d->nodes[s]) && a->live[s] &&
			    !a->outside[s] && holds_data_sheet(a, s))
				root[s] = 1;
}

/*
 * The best in a panel of tabs (is_panel), or within five levels of
 * one (a page builder's rows and columns inside the tab), or in an
 * item of an accordion that holds the panel and its heading alone
 * (Bootstrap's "accordion-item"): the other panels of the same tabs,
 * beside it or in the items beside it, hold the rest of the content
 * (a product's details and data sheet beside its description, a
 * recipe's steps beside its ingredients). So do the panels of tabs or
 * an accordion beside the best, or beside the section it heads (its
 * parent, with nothing else in it but headings): a town's service
 * described, then its requirements, documents, time limits and fees
 * in an accordion. Each panel that joins (joins_as_panel) comes with
 * its title. Each sibling's nodes are read once.
 */
static void
join_panels(const struct article *a, unsigned char *root, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p = best, parent, c, k;
	int			 level;

	for (level = 0; level < 6 && p != 0; level++, p = d->nodes[p].parent)
		if (node_is_element(&d->nodes[p]) && is_panel(d, p))
			break;
	if (level == 6 || p == 0)
		p = only_headings_beside(d, d->nodes[best].parent, best) ?
		    d->nodes[best].parent : best;
	else if (d->nodes[p].parent != 0 &&
	    only_headings_beside(d, d->nodes[p].parent, p))
		p = d->nodes[p].parent;	/* an item: its heading, its panel */
	parent = d->nodes[p].parent;
	for (c = parent + 1; c < d->nodes[parent].end; c = d->nodes[c].end) {
		if (c == p)
			continue;
		for (k = c; k < d->nodes[c].end; k++)
			if (joins_as_panel(a, k)) {
				root[k] = 1;
				k = d->nodes[k].end - 1;
			} else if (titles_panel(a, k))
				root[k] = 1;
	}
}

/*
 * Text inside a link is linked, whatever element holds it there: a
 * teaser is often one link around its picture, title and description
 * (<a href><div>title</div><p>...</p></a>), whose blocks dom_measure
 * counts as unlinked, as they hold no link. Gives each node inside
 * a link as many linked letters as it has letters; forward, a parent
 * before its children. A link without an address is an anchor (<a
 * name>), and one that holds more than 500 letters, more than a title
 * and a line or two, is a tag left open around the rest of the page:
 * neither is a teaser.
 */
static void
link_insides(struct cex_doc *d)
{
	const struct cex_node	*p;
	uint32_t		 i;

	for (i = 1; i < d->nnodes; i++) {
		p = &d->nodes[d->nodes[i].parent];
		if (p->letters == 0 || p->linked != p->letters)
			continue;
		if (node_is_element(p) && p->tag == GUMBO_TAG_A &&
		    ((p->flags & NODE_UNWRAP) || p->letters > 500 ||
		    dom_attr(p, "href") == NULL))
			continue;
		d->nodes[i].linked = d->nodes[i].letters;
	}
}

/*
 * Whether link i leads to a place in the page itself, says it controls
 * it (role=tab, aria-controls or aria-expanded) and holds a paragraph or
 * a heading: the label of a tab or of an accordion's section with its
 * text (Webflow's tabs make each a link to its pane, its heading and
 * description inside), a control over the page's own text, not another
 * page's title; unlike a list of contents, whose links lead to the
 * page's parts and control nothing. A label is a few nodes: a link of
 * more than 64 is not looked into, so that links nested in links
 * (through SVG) stay linear.
 */
static bool
labels_own_text(const struct cex_doc *d, uint32_t i)
{
	const GumboAttribute	*href;
	uint32_t		 k;

	if (d->nodes[i].tag != GUMBO_TAG_A || d->nodes[i].end - i > 64 ||
	    (href = dom_attr(&d->nodes[i], "href")) == NULL ||
	    href->value[strspn(href->value, " \t\n\f\r")] != '#' ||
	    href->value[strspn(href->value, " \t\n\f\r") + 1] == '\0' ||
	    !(dom_attr_is(&d->nodes[i], "role", "tab") ||
	    dom_attr(&d->nodes[i], "aria-controls") != NULL ||
	    dom_attr(&d->nodes[i], "aria-expanded") != NULL))
		return false;
	for (k = i + 1; k < d->nodes[i].end; k++)
		if (node_is_element(&d->nodes[k]) && d->nodes[k].letters > 0 &&
		    (d->nodes[k].tag == GUMBO_TAG_P ||
		    tag_is_heading(d->nodes[k].tag)))
			return true;
	return false;
}

/* Whether a node inside element c is a root already. */
static bool
holds_root(const struct cex_doc *d, const unsigned char *root, uint32_t c)
{
	uint32_t	 k;

	for (k = c + 1; k < d->nodes[c].end; k++)
		if (root[k])
			return true;
	return false;
}

/* Whether element c is or holds an entry (marks_entry). */
static bool
holds_entry(const struct cex_doc *d, uint32_t c)
{
	uint32_t	 k;

	for (k = c; k < d->nodes[c].end; k++)
		if (node_is_element(&d->nodes[k]) &&
		    marks_entry(&d->nodes[k], false))
			return true;
	return false;
}

/*
 * An article element's sections (HTML5's sectioning) are its parts:
 * when the best lies in a section element whose parent is an article
 * element (three levels up at most), the section's sibling sections
 * that hold text (200 letters or more, less than a tenth links, not
 * outside the article), no table (a patent's citations) and no part
 * already joined (a recipe's card, without its buttons) join it: a
 * patent's claims beside its description, a paper's results beside its
 * methods. A page without an article element that site builders make of
 * sections of one kind ("bde-section bde-section-214-112", a review
 * platform's "IDaDx" for its about, hours and things to know) has its
 * text in them: when the best lies in a section with a class (seven
 * levels up at most), the sibling sections of its tag and class
 * (same_tag_class) that hold such text and a paragraph of their own
 * (holds_paragraph) join it, unless their names say more of what sits
 * beside a text (aside_words: "slot slot--delivery" beside "slot
 * slot--description") than its own do; a section of the layout or of
 * comments is named so, and outside. Each sibling is read once.
 */
static void
join_sections(const struct article *a, unsigned char *root, uint32_t best)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	uint32_t		 s = best, p, c, k;
	bool			 alike = false;

	for (k = 0; k < 4 && s != 0; k++, s = d->nodes[s].parent)
		if (node_is_element(&d->nodes[s]) &&
		    d->nodes[s].tag == GUMBO_TAG_SECTION &&
		    node_is_element(&d->nodes[d->nodes[s].parent]) &&
		    d->nodes[d->nodes[s].parent].tag == GUMBO_TAG_ARTICLE)
			break;
	if (k == 4 || s == 0) {
		for (k = 0, s = best; k < 8 && s != 0;
		    k++, s = d->nodes[s].parent)
			if (node_is_element(&d->nodes[s]) &&
			    d->nodes[s].tag == GUMBO_TAG_SECTION &&
			    has_class(&d->nodes[s]))
				break;
		if (k == 8 || s == 0)
			return;
		alike = true;
	}
	p = d->nodes[s].parent;
	for (c = p + 1; c < d->nodes[p].end; c = d->nodes[c].end) {
		n = &d->nodes[c];
		if (c != s && node_is_element(n) && a->live[c] &&
		    n->tag == GUMBO_TAG_SECTION && a->outside[c] == 0 &&
		    n->letters >= 200 && 10 * (uint64_t)n->linked < n->letters &&
		    (a->field[c] & TABLE) == 0 && !holds_root(d, root, c) &&
		    (!alike || (same_tag_class(d, c, s) &&
		    a->names[c].aside <= a->names[s].aside &&
		    holds_paragraph(a, c, false))))
			root[c] = 1;
	}
}

/*
 * Whether elements p and e are content elements of one kind: of one
 * tag and first class word, and sharing three words of their classes
 * or more, half of each's at least, the others saying what each holds
 * ("frame frame-default frame-type-text frame-layout-default" beside
 * "frame frame-default frame-type-bullets frame-layout-default").
 */
static bool
same_element_kind(const struct cex_doc *d, uint32_t p, uint32_t e)
{
	const GumboAttribute	*cp, *ce;
	size_t			 shared, np, ne;

	if (!same_tag_first_class(d, p, e) ||
	    (cp = dom_attr(&d->nodes[p], "class")) == NULL ||
	    (ce = dom_attr(&d->nodes[e], "class")) == NULL)
		return false;
	shared = class_words_shared(cp->value, ce->value, &np);
	if (shared < 3 || 2 * shared < np)
		return false;
	shared = class_words_shared(ce->value, cp->value, &ne);
	return shared >= 3 && 2 * shared >= ne;
}

/*
 * A content management system that builds a page of content elements
 * (a text, a list, a text beside a picture, a table in tabs) wraps
 * each in a box of one kind (same_element_kind) whose class names its
 * type: when the best lies in such a box, eight levels up at most,
 * with two of its kind or more beside it, those of them that hold a
 * paragraph or a list with no link (holds_paragraph), less than a
 * tenth links, no name of clutter or of what sits beside a text, not
 * outside the article and no entry (a post of a thread or of a
 * listing, judged as such), are the page's other elements and join
 * it. Each sibling is read once for each of the eight levels, and
 * once more when it joins.
 */
static void
join_elements(const struct article *a, unsigned char *root, uint32_t best,
    uint32_t body)
{
	const struct cex_doc	*d = a->d;
	const struct cex_node	*n;
	uint32_t		 f, p = 0, c, k, kin;

	for (k = 0, f = best; k < 8 && f != 0 && f != body;
	    k++, f = d->nodes[f].parent) {
		if ((p = d->nodes[f].parent) == 0 || !has_class(&d->nodes[f]))
			continue;
		kin = 0;
		for (c = p + 1; c < d->nodes[p].end && kin < 2;
		    c = d->nodes[c].end)
			kin += c != f && node_is_element(&d->nodes[c]) &&
			    same_element_kind(d, c, f);
		if (kin >= 2)
			break;
	}
	if (k == 8 || f == 0 || f == body)
		return;
	for (c = p + 1; c < d->nodes[p].end; c = d->nodes[c].end) {
		n = &d->nodes[c];
		if (c != f && node_is_element(n) && a->live[c] &&
		    a->outside[c] == 0 && !root[c] &&
		    10 * (uint64_t)n->linked < n->letters &&
		    a->names[c].bad == 0 && a->names[c].aside == 0 &&
		    same_element_kind(d, c, f) && holds_paragraph(a, c, false) &&
		    !holds_entry(d, c))
			root[c] = 1;
	}
}

/*
 * Whether the class value s holds a number of three digits or more: a
 * post's ("post-entry post-entry-type-page post-entry-412"), not a
 * utility class's size or step ("mb-xs-1", "alt1", "col-6").
 */
static bool
class_has_number(const char *s)
{
	size_t	 run = 0;

	for (; *s != '\0'; s++)
		if (*s >= '0' && *s <= '9') {
			if (++run >= 3)
				return true;
		} else
			run = 0;
	return false;
}

/*
 * A page builder that cuts a post into sections of the page (Enfold's
 * "avia-section" rows) repeats the post's own box in each of them, its
 * class word for word with the post's number ("post-entry
 * post-entry-type-page post-entry-412"): the nearest ancestor of the
 * best, eight levels up at most, whose names say content (good_words,
 * in its class or id) and whose class holds a number is such a box,
 * and the boxes of that tag and class elsewhere in the page, outside
 * it, with text less than a tenth links and not outside the article,
 * are the post's other parts. A page of several posts numbers each box
 * for its own post. One pass.
 */
static void
join_post_parts(const struct article *a, unsigned char *root, uint32_t best,
    uint32_t body)
{
	const struct cex_doc	*d = a->d;
	const GumboAttribute	*cls = NULL, *ci;
	uint32_t		 e, i, k;

	for (e = d->nodes[best].parent, k = 0; e != 0 && e != body && k < 8;
	    e = d->nodes[e].parent, k++)
		if (a->names[e].good > 0 &&
		    (cls = dom_attr(&d->nodes[e], "class")) != NULL &&
		    class_has_number(cls->value))
			break;
	if (e == 0 || e == body || k == 8)
		return;
	for (i = 1; i < d->nnodes; i++) {
		if (i == e || root[i]) {
			i = d->nodes[i].end - 1;
			continue;
		}
		if (!node_is_element(&d->nodes[i]) ||
		    d->nodes[i].tag != d->nodes[e].tag ||
		    (i < e && d->nodes[i].end > e))
			continue;
		if ((ci = dom_attr(&d->nodes[i], "class")) != NULL &&
		    strcmp(ci->value, cls->value) == 0 && a->live[i] &&
		    a->outside[i] == 0 && d->nodes[i].letters > 0 &&
		    10 * (uint64_t)d->nodes[i].linked < d->nodes[i].letters &&
		    !holds_root(d, root, i)) {
			root[i] = 1;
			i = d->nodes[i].end - 1;
		}
	}
}

/*
 * The letters of the links that label the page's own text
 * (labels_own_text) count as not linked: in them, around them.
 * Forward, a link's nodes made unlinked; backward, each link's letters
 * taken from its ancestors'. Returns -1 if memory runs out.
 */
static int
unlink_own_labels(struct cex_doc *d)
{
	uint32_t	*taken, i, end = 0;

	/* Most pages have none: nothing is allocated for them. */
	for (i = 1; i < d->nnodes; i++)
		if (node_is_element(&d->nodes[i]) &&
		    d->nodes[i].linked > 0 && labels_own_text(d, i))
			break;
	if (i == d->nnodes)
		return 0;
	if ((taken = calloc(d->nnodes, sizeof(*taken))) == NULL)
		return -1;
	for (; i < d->nnodes; i++) {
		if (i < end) {
			d->nodes[i].linked = 0;
			continue;
		}
		if (node_is_element(&d->nodes[i]) &&
		    d->nodes[i].linked > 0 && labels_own_text(d, i)) {
			taken[i] = d->nodes[i].linked;
			end = d->nodes[i].end;
		}
	}
	for (i = d->nnodes; i-- > 1; ) {
		d->nodes[i].linked -= taken[i] < d->nodes[i].linked ?
		    taken[i] : d->nodes[i].linked;
		taken[d->nodes[i].parent] += taken[i];
	}
	free(taken);
	return 0;
}

/* Whether element n's class has a word for screen readers only. */
static bool
for_screen_readers(const struct cex_node *n)
{
	const GumboAttribute	*class = dom_attr(n, "class");
	const char		*s;

	if (class == NULL)
		return false;
	for (s = class->value; *s != '\0'; s += strcspn(s, " \t\n\f\r")) {
		s += strspn(s, " \t\n\f\r");
		if (*s != '\0' && is_screen_reader_only(s))
			return true;
	}
	return false;
}

/*
 * Whether link i, to a place in the page itself, has words for screen
 * readers only and no other: the permalink mark after a heading, an
 * icon whose words are there for those who cannot see it ("Section
 * titled ..."), which would make the heading's box look like a link.
 * Such a mark is a few nodes: a link of more than 32 is not looked
 * into, so that links nested in links (through an object) stay linear.
 */
static bool
is_spoken_permalink(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 j;
	bool		 spoken = false;

	if (d->nodes[i].tag != GUMBO_TAG_A || d->nodes[i].end - i > 32 ||
	    !is_fragment_link(&d->nodes[i]))
		return false;
	for (j = i + 1; j < d->nodes[i].end; )
		if (node_is_element(&d->nodes[j]) &&
		    for_screen_readers(&d->nodes[j])) {
			spoken = true;
			j = d->nodes[j].end;
		} else if (node_is_text(&d->nodes[j]) &&
		    d->nodes[j].own_letters > 0)
			return false;
		else
			j++;
	return spoken;
}

/*
 * Removes what the page hides from its readers: elements with the
 * hidden attribute, aria-hidden="true", or a style that hides them.
 * Pages keep there copies of their text for other layouts, templates
 * and the text of widgets; what a reader sees is the page. But for
 * closed panels (is_panel), which a reader opens. So are tooltips
 * (role=tooltip): a hint shown while the pointer rests on a control,
 * the control's label ("This answer is useful"). And permalinks whose
 * only words are for screen readers (is_spoken_permalink). Runs before
 * anything is measured; the style attributes are still there, as the
 * attribute filter only marks them to be left out of the output.
 */
static void
remove_hidden(struct cex_doc *d)
{
	struct cex_node		*n;
	const GumboAttribute	*at;
	uint32_t		 i;

	for (i = 1; i < d->nnodes; ) {
		n = &d->nodes[i];
		if (node_is_element(n) && !(n->flags & NODE_REMOVED) &&
		    n->tag != GUMBO_TAG_HTML && n->tag != GUMBO_TAG_BODY &&
		    (dom_attr(n, "hidden") != NULL ||
		    ((at = dom_attr(n, "aria-hidden")) != NULL &&
		    strcasecmp(at->value, "true") == 0) ||
		    ((at = dom_attr(n, "style")) != NULL &&
		    dom_style_hides(at->value)) ||
		    ((at = dom_attr(n, "role")) != NULL &&
		    strcasecmp(at->value, "tooltip") == 0) ||
		    is_spoken_permalink(d, i)) && !is_panel(d, i)) {
			n->flags |= NODE_REMOVED;
			i = n->end;
		} else
			i++;
	}
}

/* The best candidates, best first. */
#define NTOP	5
struct candidate {
	uint32_t	 node;
	double		 score;
};

/* Puts node i, scoring s, among the best candidates if it is one. */
static void
rank(struct candidate *top, uint32_t i, double s)
{
	size_t	 k, j;

	for (k = 0; k < NTOP && top[k].node != 0 && top[k].score >= s; k++)
		continue;
	if (k == NTOP)
		return;
	for (j = NTOP - 1; j > k; j--)
		top[j] = top[j - 1];
	top[k].node = i;
	top[k].score = s;
}

/*
 * Scores the blocks of the page (aggregate, score_blocks) from nothing
 * and ranks its containers in top.
 */
static void
score_page(struct article *a, struct candidate *top)
{
	const struct cex_doc	*d = a->d;
	size_t			 n = d->nnodes;
	uint32_t		 i;
	double			 s;

	memset(a->own, 0, n * sizeof(*a->own));
	memset(a->punct, 0, n * sizeof(*a->punct));
	memset(a->own_punct, 0, n * sizeof(*a->own_punct));
	memset(a->own_linked, 0, n * sizeof(*a->own_linked));
	memset(a->longest, 0, n * sizeof(*a->longest));
	memset(a->mass, 0, n * sizeof(*a->mass));
	memset(a->score, 0, n * sizeof(*a->score));
	memset(top, 0, NTOP * sizeof(*top));
	aggregate(a);
	score_blocks(a);
	for (i = 1; i < n; i++)
		if (a->live[i] && node_is_element(&d->nodes[i]) &&
		    is_container(d->nodes[i].tag) &&
		    (s = final_score(a, i)) > 0)
			rank(top, i, s);
}

/*
 * The letters of the threads (THREAD) in the subtree of node i, each
 * read once.
 */
static uint64_t
thread_letters(const struct article *a, uint32_t i)
{
	const struct cex_doc	*d = a->d;
	uint64_t		 letters = 0;
	uint32_t		 k;

	for (k = i + 1; k < d->nodes[i].end; k++)
		if (a->live[k] && a->outside[k] == THREAD) {
			letters += d->nodes[k].letters;
			k = d->nodes[k].end - 1;
		}
	return letters;
}

/* The table whose cell td is, not through a cell of another; 0 if none. */
static uint32_t
table_of_cell(const struct cex_doc *d, uint32_t td)
{
	uint32_t	 p;

	for (p = d->nodes[td].parent; p != 0; p = d->nodes[p].parent)
		if (d->nodes[p].tag == GUMBO_TAG_TABLE)
			return p;
		else if (d->nodes[p].tag == GUMBO_TAG_TD)
			break;
	return 0;
}

/*
 * A layout of tables puts the items of a page (the news of a club's
 * season, the entries of a listing) each in a cell of its own, a row
 * apart, with no class to tell they are alike: when the best candidate
 * is such a cell and two others of the best, scoring 0.3 of it or
 * more, are cells of the same table, the table holds the article.
 * Returns it, or 0.
 */
static uint32_t
listing_table(const struct cex_doc *d, const struct candidate *top)
{
	uint32_t	 table;
	size_t		 k, cells = 0;

	if (d->nodes[top[0].node].tag != GUMBO_TAG_TD ||
	    (table = table_of_cell(d, top[0].node)) == 0)
		return 0;
	for (k = 1; k < NTOP && top[k].node != 0; k++) {
		if (top[k].score < 0.3 * top[0].score)
			break;
		if (d->nodes[top[k].node].tag == GUMBO_TAG_TD &&
		    table_of_cell(d, top[k].node) == table)
			cells++;
	}
	return cells >= 2 ? table : 0;
}

/* Whether one of elements x and y lies inside the other. */
static bool
nested(const struct cex_doc *d, uint32_t x, uint32_t y)
{
	return (x > y && x < d->nodes[y].end) ||
	    (y > x && y < d->nodes[x].end);
}

/* The entry that element i is or lies in, 16 levels up at most, or 0. */
static uint32_t
entry_of(const struct cex_doc *d, uint32_t i)
{
	uint32_t	 k;

	for (k = 0; i != 0 && k < 16; i = d->nodes[i].parent, k++)
		if (node_is_element(&d->nodes[i]) &&
		    marks_entry(&d->nodes[i], false))
			return i;
	return 0;
}

/*
 * Readers' posts under a text that no name marks as comments (a guest
 * book, condolences under a death notice) are entries (marks_entry),
 * two of one kind or more, after the page's headline: when the best
 * lies in such an entry (16 levels up at most) and a candidate in no
 * entry stands between the headline and that entry, holds more text
 * than it and scores three quarters of the best's or more, that one
 * is the article, and the entries are what its readers wrote. A
 * forum's posts are its text: nothing but posts stands between its
 * headline and its first. The index in top of that candidate, or 0.
 */
static uint32_t
text_before_entries(const struct article *a, const struct candidate *top,
    uint32_t best, double best_score)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 e, p, c, k;

	if (a->h1 == 0 || best <= a->h1 || (e = entry_of(d, best)) == 0 ||
	    e < d->nodes[a->h1].end)
		return 0;
	p = d->nodes[e].parent;
	for (c = p + 1; c < d->nodes[p].end; c = d->nodes[c].end)
		if (c != e && same_entry_kind(d, c, e))
			break;
	if (c >= d->nodes[p].end)
		return 0;
	for (k = 1; k < NTOP && (c = top[k].node) != 0; k++)
		if (c >= d->nodes[a->h1].end && d->nodes[c].end <= e &&
		    d->nodes[c].letters > d->nodes[e].letters &&
		    top[k].score >= 0.75 * best_score &&
		    entry_of(d, c) == 0)
			return k;
	return 0;
}

/*
 * A text cut into blocks of one class, a paragraph or two each (a news
 * site's "RichText" boxes), has each block score less than a standfirst
 * or a box of one long paragraph beside it. The index in top of the
 * first of three or more candidates that are twins (is_twin), none
 * inside another, each a block of prose (is_prose_block: teasers are
 * linked, a product's lines short), none a twin of the best (then the
 * best gathers them), whose scores add up to more than the best's; or
 * 0. The twins join it as the best's do.
 */
static uint32_t
twins_outweigh(const struct article *a, const struct candidate *top,
    uint32_t best)
{
	const struct cex_doc	*d = a->d;
	double			 sum;
	uint32_t		 c, j, k, alike;

	for (k = 1; k < NTOP && (c = top[k].node) != 0; k++) {
		if (!is_prose_block(a, c) || is_twin(a, best, c) ||
		    nested(d, c, best))
			continue;
		sum = top[k].score;
		alike = 1;
		for (j = k + 1; j < NTOP && top[j].node != 0; j++)
			if (is_twin(a, top[j].node, c) &&
			    is_prose_block(a, top[j].node) &&
			    !nested(d, top[j].node, c)) {
				sum += top[j].score;
				alike++;
			}
		if (alike >= 3 && sum > top[0].score)
			return k;
	}
	return 0;
}

/*
 * An article whose parts are cut into blocks of their own (the steps of
 * a how-to, sections under headings) gives several candidates of about
 * the same score, as do the entries of a listing (houses for sale, a
 * catalogue), each a cell or block of its own: when three of the others
 * score 0.7 of the best or more, or two of them 0.85 or more (a
 * product's description beside its details in two boxes that open on a
 * click), and lie in one ancestor of the best (below the body), that
 * ancestor holds the article. Returns it, or 0.
 */
static uint32_t
shared_ancestor(const struct article *a, const struct candidate *top,
    uint32_t body)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 p, q;
	size_t			 k, count, close;

	if ((p = listing_table(d, top)) != 0)
		return p;
	for (p = d->nodes[top[0].node].parent; p != 0 && p != body;
	    p = d->nodes[p].parent) {
		count = close = 0;
		for (k = 1; k < NTOP && top[k].node != 0; k++) {
			if (top[k].score < 0.7 * top[0].score)
				break;
			q = top[k].node;
			/* Not a part of the best, nor one holding it. */
			if ((q > top[0].node && q < d->nodes[top[0].node].end) ||
			    (q < top[0].node && d->nodes[q].end > top[0].node) ||
			    q <= p || q >= d->nodes[p].end)
				continue;
			count++;
			close += top[k].score >= 0.85 * top[0].score;
		}
		if (count >= 3 || close >= 2)
			return p;
	}
	return 0;
}

/*
 * An element named as clutter, with the first word of its class: the
 * kind of block it is, in the page's templates.
 */
struct named {
	uint32_t	 node;
	uint16_t	 tag;
	size_t		 len;
	const char	*kind;
};

static int
cmp_named(const void *x, const void *y)
{
	const struct named *p = x, *q = y;
	size_t	 len = p->len < q->len ? p->len : q->len;
	int	 c;

	if (p->tag != q->tag)
		return p->tag < q->tag ? -1 : 1;
	if ((c = memcmp(p->kind, q->kind, len)) != 0)
		return c;
	return p->len < q->len ? -1 : p->len > q->len;
}

/* The state of clutter removal inside the roots. */
struct cleaner {
	struct article		*a;
	const unsigned char	*root;
	uint32_t		 total;		/* letters in the roots */
	uint32_t		 best;		/* the best root, or 0 */
	unsigned char		*spared;	/* kinds that are content */
	unsigned char		*kind;		/* is_clutter's, + 1; 0 unknown */
	uint32_t		*before;	/* roots' letters before a node */
	bool			 relaxed;	/* no rule by names or links */
	struct named		*named;		/* named clutter, with a class */
	size_t			 count, cap;
};

/*
 * The letters of the roots' text before each node, in document order:
 * how much of the article a box inside it comes after.
 */
static void
letters_before(const struct article *a, const unsigned char *root,
    uint32_t *before)
{
	const struct cex_doc	*d = a->d;
	uint32_t		 i, in_root = 0, sum = 0;

	for (i = 1; i < d->nnodes; i++) {
		if (i >= in_root && root[i])
			in_root = d->nodes[i].end;
		before[i] = sum;
		if (i < in_root && a->live[i] &&
		    !node_is_element(&d->nodes[i]))
			sum += d->nodes[i].own_letters;
	}
}

/*
 * is_clutter of element i, asked once: the walks of remove_clutter
 * ask it of the same elements again.
 */
static enum clutter
clutter_of(struct cleaner *cl, uint32_t i)
{
	if (cl->kind[i] == 0)
		cl->kind[i] = (unsigned char)(is_clutter(cl->a, i,
		    cl->total, cl->before) + 1);
	return (enum clutter)(cl->kind[i] - 1);
}

/* What clutter_walk does with each outermost piece of clutter. */
enum clutter_step { COLLECT, COUNT, MEASURE, MEASURE_OUTSIDE, MARK };

/*
 * Walks the clutter inside the roots, outermost first: collects the
 * named clutter that has a class and is not outside (COLLECT), adds up
 * the letters of all of it (COUNT), of all of it in the best root
 * (MEASURE) or of what
 * is_outside names there (MEASURE_OUTSIDE), or marks it removed (MARK).
 * Relaxed, only the rules that read neither names nor links apply, and
 * what is_outside names. Returns the letters, or UINT64_MAX if memory
 * runs out.
 */
static uint64_t
clutter_walk(struct cleaner *cl, enum clutter_step step)
{
	struct cex_doc		*d = cl->a->d;
	const GumboAttribute	*cls;
	struct named		*grown, *nm;
	uint64_t		 letters = 0;
	uint32_t		 c, i;
	enum clutter		 kind;

	for (c = 1; c < d->nnodes; c = cl->root[c] ? d->nodes[c].end : c + 1) {
		if (!cl->root[c])
			continue;
		for (i = c + 1; i < d->nodes[c].end; ) {
			if (!cl->a->live[i] || !node_is_element(&d->nodes[i]) ||
			    cl->spared[i] ||
			    (kind = clutter_of(cl, i)) == NOT_CLUTTER ||
			    (cl->relaxed && !is_outside(cl->a, i) &&
			    (kind == NAMED_CLUTTER ||
			    is_link_list(&d->nodes[i])))) {
				i++;
				continue;
			}
			if ((step != MEASURE && step != MEASURE_OUTSIDE) ||
			    (c == cl->best && (step == MEASURE ||
			    is_outside(cl->a, i))))
				letters += d->nodes[i].letters;
			if (step == MARK)
				d->nodes[i].flags |= NODE_REMOVED;
			else if (step == COLLECT && kind == NAMED_CLUTTER &&
			    cl->a->names[i].outside == 0 &&
			    (cls = dom_attr(&d->nodes[i], "class")) != NULL &&
			    *cls->value != '\0') {
				if (cl->count == cl->cap) {
					cl->cap = cl->cap ? 2 * cl->cap : 16;
					if ((grown = reallocarray(cl->named,
					    cl->cap, sizeof(*grown))) == NULL)
						return UINT64_MAX;
					cl->named = grown;
				}
				nm = &cl->named[cl->count++];
				nm->node = i;
				nm->tag = d->nodes[i].tag;
				nm->kind = first_class(&d->nodes[i],
				    &nm->len);
			}
			i = d->nodes[i].end;
		}
	}
	return letters;
}

/*
 * Clutter is the lesser part of an article: when the blocks of one tag
 * and first class word that their names alone would remove ("caption-
 * image" of a photo story, "entry_author_NAME" of a blog's posts) add
 * up to half its letters or more, they are its content, and are
 * spared, the largest kind first, until less than half would go. Not
 * so readers' comments, related stories and the like (thread_words,
 * outside_words), which often outweigh a short article (clutter_walk
 * does not collect them).
 */
static void
spare_kinds(struct cleaner *cl)
{
	const struct cex_doc	*d = cl->a->d;
	struct named		*nm = cl->named;
	size_t			 k, j, best_k = 0;
	uint64_t		 sum = 0, group, best_sum;

	if (cl->count == 0)
		return;
	for (k = 0; k < cl->count; k++)
		sum += d->nodes[nm[k].node].letters;
	qsort(nm, cl->count, sizeof(*nm), cmp_named);
	while (2 * sum >= cl->total) {
		best_sum = 0;
		for (k = 0; k < cl->count; k = j) {
			group = 0;
			for (j = k; j < cl->count &&
			    cmp_named(&nm[k], &nm[j]) == 0; j++)
				group += cl->spared[nm[j].node] ? 0 :
				    d->nodes[nm[j].node].letters;
			if (j - k >= 2 && group > best_sum) {
				best_sum = group;
				best_k = k;
			}
		}
		if (best_sum == 0)
			break;
		for (k = best_k; k < cl->count &&
		    cmp_named(&nm[best_k], &nm[k]) == 0; k++)
			cl->spared[nm[k].node] = 1;
		sum -= best_sum;
	}
}

/*
 * A heading labels what follows it: when all that follows it in its
 * parent, up to the next heading, was removed as links to elsewhere
 * ("More on this" over a list of links, "Goes well with" over teasers)
 * or as a part of the page
 * around the article (readers' comments, related stories), the heading
 * labels nothing that is left, and goes too. What it labels must have
 * held text, mostly linked or outside, and gone whole: a heading over a
 * section with anything left stays, and so does one over a removed
 * byline or date, often the article's own title. What was gone before
 * these rules ran (hidden, not live) labels nothing either way.
 */
static void
remove_bare_headings(struct article *a, const unsigned char *root)
{
	struct cex_doc	*d = a->d;
	uint32_t	 c, i, s;
	bool		 removed;

	for (c = 1; c < d->nnodes; c = root[c] ? d->nodes[c].end : c + 1) {
		if (!root[c])
			continue;
		for (i = c + 1; i < d->nodes[c].end; i++) {
			if (d->nodes[i].flags & NODE_REMOVED) {
				i = d->nodes[i].end - 1;
				continue;
			}
			if (!node_is_element(&d->nodes[i]) ||
			    !is_heading(d->nodes[i].tag) || !a->live[i] ||
			    heads_with_controls(d, d->nodes[i].parent))
				continue;
			removed = false;
			for (s = d->nodes[i].end; s < d->nodes[
			    d->nodes[i].parent].end; s = d->nodes[s].end) {
				if (node_is_element(&d->nodes[s]) &&
				    tag_is_heading(d->nodes[s].tag))
					break;
				if (d->nodes[s].letters == 0 || !a->live[s])
					continue;
				if (!(d->nodes[s].flags & NODE_REMOVED) ||
				    (2 * d->nodes[s].linked < d->nodes[s].letters &&
				    a->outside[s] == 0 && !is_teaser_list(a, s)))
					break;
				removed = true;
			}
			if (removed && (s == d->nodes[d->nodes[i].parent].end ||
			    (node_is_element(&d->nodes[s]) &&
			    tag_is_heading(d->nodes[s].tag)))) {
				d->nodes[i].flags |= NODE_REMOVED;
				i = d->nodes[i].end - 1;
			}
		}
	}
}

/*
 * Removes the clutter inside the roots (is_clutter), but for the kinds
 * of block spare_kinds finds to be content. When that would leave less
 * than a quarter of the letters of the best container (best) that are
 * not outside the article (readers' comments may well outweigh it), the
 * rules have gone wrong on this page (a post that is a list of links, a
 * body all of whose blocks carry a clutter word), and only the rules
 * that read neither names nor links apply, as Readability retries with
 * its rules off; but for what is_outside names, readers' comments
 * above all, which are never the article, whatever went wrong in it.
 * Not so with no best container (the whole body), where the rules are
 * all there is to go by, nor with one of less than 500 letters, too
 * short to tell.
 * Nor do they leave less than a block of text (25 letters) of a best
 * container that the page names as its article (is_hinted, or a good
 * word and no bad one in its names) and whose text is mostly not links:
 * a post of a picture or a video is only its heading and byline, which
 * the rules take for clutter, and they are all the text it has. A
 * container chosen without such a name, all of whose text is clutter,
 * was likely the wrong one, and nothing is the better answer.
 * Each block spared is looked into as any other is. Returns -1 if
 * memory runs out.
 */
static int
remove_clutter(struct article *a, const unsigned char *root, uint32_t total,
    uint32_t best)
{
	struct cleaner	 cl;
	uint64_t	 removed;
	int		 rc = -1;

	memset(&cl, 0, sizeof(cl));
	cl.a = a;
	cl.root = root;
	cl.total = total;
	cl.best = best;
	if ((cl.spared = calloc(a->d->nnodes, 1)) == NULL ||
	    (cl.kind = calloc(a->d->nnodes, 1)) == NULL ||
	    (cl.before = calloc(a->d->nnodes, sizeof(*cl.before))) == NULL)
		goto out;
	letters_before(a, root, cl.before);
	if (clutter_walk(&cl, COLLECT) == UINT64_MAX)
		goto out;
	spare_kinds(&cl);
	if (best != 0 && a->d->nodes[best].letters >= 500) {
		removed = clutter_walk(&cl, MEASURE);
		cl.relaxed = 4 * (a->d->nodes[best].letters - removed) <
		    a->d->nodes[best].letters -
		    clutter_walk(&cl, MEASURE_OUTSIDE);
	}
	if (best == 0 || !names_article(a, best) ||
	    2 * a->d->nodes[best].linked >= a->d->nodes[best].letters ||
	    clutter_walk(&cl, COUNT) + 25 <= total) {
		clutter_walk(&cl, MARK);
		remove_bare_headings(a, root);
	}
	rc = 0;
out:
	free(cl.named);
	free(cl.spared);
	free(cl.kind);
	free(cl.before);
	return rc;
}

/* A root's mark, while the best container's twins are counted. */
#define TWIN	2

int
method_article(struct cex_doc *d, const struct cex_opts *opts)
{
	struct candidate top[NTOP];
	const struct cex_node *n;
	struct article	 a;
	unsigned char	*root = NULL, *live, *comments_from = NULL;
	uint32_t	 i, best = 0, c, parent, body, total, want, k, twins;
	uint32_t	 block, up, first, last;
	uint32_t	 inner, outer, landmark, header, h;
	double		 best_score = 0;
	uint64_t	 threads;
	bool		 discussion = false;
	int		 rc = -1;

	memset(&a, 0, sizeof(a));
	a.d = d;
	a.page_dir = page_directory(d);
	remove_hidden(d);
	dom_measure(d, opts, NULL);
	link_insides(d);
	if (unlink_own_labels(d) == -1)
		goto out;
	if ((a.live = malloc(d->nnodes)) == NULL ||
	    (a.own = calloc(d->nnodes, sizeof(*a.own))) == NULL ||
	    (a.entry = calloc(d->nnodes, sizeof(*a.entry))) == NULL ||
	    (a.main_of = calloc(d->nnodes, sizeof(*a.main_of))) == NULL ||
	    (a.punct = calloc(d->nnodes, sizeof(*a.punct))) == NULL ||
	    (a.own_punct = calloc(d->nnodes, sizeof(*a.own_punct))) == NULL ||
	    (a.own_linked = calloc(d->nnodes, sizeof(*a.own_linked))) == NULL ||
	    (a.longest = calloc(d->nnodes, sizeof(*a.longest))) == NULL ||
	    (a.mass = calloc(d->nnodes, sizeof(*a.mass))) == NULL ||
	    (a.score = calloc(d->nnodes, sizeof(*a.score))) == NULL ||
	    (a.outside = calloc(d->nnodes, 1)) == NULL ||
	    (a.anchor = calloc(d->nnodes, 1)) == NULL ||
	    (a.in_contents = calloc(d->nnodes, 1)) == NULL ||
	    (a.main = calloc(d->nnodes, 1)) == NULL ||
	    (a.names = calloc(d->nnodes, sizeof(*a.names))) == NULL ||
	    (a.cache = name_cache_new()) == NULL ||
	    (a.field = calloc(d->nnodes, sizeof(*a.field))) == NULL ||
	    (a.count_only = calloc(d->nnodes, 1)) == NULL ||
	    (a.in_code = calloc(d->nnodes, 1)) == NULL ||
	    (root = calloc(d->nnodes, 1)) == NULL ||
	    (comments_from = calloc(d->nnodes, 1)) == NULL)
		goto out;
	live = a.live;
	live[0] = 1;
	body = 0;
	for (i = 1; i < d->nnodes; i++) {
		live[i] = live[d->nodes[i].parent] &&
		    !(d->nodes[i].flags & NODE_REMOVED);
		a.in_code[i] = a.in_code[d->nodes[i].parent] ||
		    (node_is_element(&d->nodes[i]) &&
		    is_code_tag(d->nodes[i].tag));
		if (body == 0 && live[i] && node_is_element(&d->nodes[i]) &&
		    d->nodes[i].tag == GUMBO_TAG_BODY)
			body = i;
	}
	if (mark_contents(&a) == -1)
		goto out;
	read_names(&a, body != 0 ? d->nodes[body].letters : 0);
	if (mark_gated(&a) == -1)
		goto out;
	mark_fields(&a);
	if (mark_counts(&a) == -1)
		goto out;
	mark_main(&a);
	mark_anchors(&a);
	measure_entries(&a, body != 0 ? d->nodes[body].letters : 0);
	/*
	 * What is named as the parts around the article (comments, a
	 * sidebar) is outside it, but for the body and the layout wrappers
	 * that hold the article's heading or main element: a page names
	 * its layout on them ("right-sidebar", "content-sidebar-wrap").
	 * So is a thread of comments that only its heading labels
	 * (labels_comments): the heading and what follows it in its
	 * parent (comments_from 1); and customers' praise under a heading
	 * that says so (heads_praise): the heading and what follows it in
	 * its parent up to the next heading of its rank or higher, the
	 * next section (comments_from 2 to 7, the heading's rank + 1).
	 * So is a comment the page's microdata marks as one
	 * (is_comment_item). Threads, named, labelled or marked, are told
	 * apart (THREAD). So is what lies wholly before the site's header
	 * (site_header), above the headline: a banner asking consent to
	 * cookies, a notice, a link to skip to the content.
	 */
	header = site_header(&a);
	for (i = 1; i < d->nnodes; i++) {
		n = &d->nodes[i];
		a.forum |= node_is_element(n) &&
		    has_itemtype(n, "DiscussionForumPosting");
		if (a.outside[n->parent] != 0)
			a.outside[i] = a.outside[n->parent];
		else if (n->end <= header && node_is_element(n) &&
		    !a.anchor[i])
			a.outside[i] = OUTSIDE;
		else if (comments_from[n->parent] > 1 &&
		    (h = tag_is_heading(n->tag) ? i : first_heading(d, i)) !=
		    0 && d->nodes[h].tag - GUMBO_TAG_H1 + 2 <=
		    comments_from[n->parent])
			comments_from[n->parent] = 0;	/* the next section */
		else if ((comments_from[n->parent] != 0 ||
		    is_comment_item(n)) && !a.anchor[i])
			a.outside[i] = THREAD;
		else if (node_is_element(n) && !a.anchor[i] &&
		    n->tag != GUMBO_TAG_BODY && n->tag != GUMBO_TAG_HTML &&
		    is_outside(&a, i) && !is_layout_wrapper(&a, i, body != 0 ?
		    d->nodes[body].letters : 0) && !holds_prose_panel(&a, i))
			a.outside[i] = a.names[i].thread > 0 ? THREAD :
			    OUTSIDE;
		else if (node_is_element(n) && !a.anchor[i] &&
		    asks_cookies(d, i))
			a.outside[i] = OUTSIDE;
		if (live[i] && node_is_element(n) &&
		    comments_from[n->parent] == 0 && labels_comments(d, i)) {
			comments_from[n->parent] = 1;
			a.outside[i] = THREAD;
		} else if (live[i] && node_is_element(n) && !a.anchor[i] &&
		    comments_from[n->parent] == 0 && heads_praise(d, i)) {
			comments_from[n->parent] = (unsigned char)
			    (n->tag - GUMBO_TAG_H1 + 2);
			a.outside[i] = THREAD;
		}
	}
	if (read_ld(&a) == -1)
		goto out;
	a.headline = find_headline(&a);
	/*
	 * --title: the first heading of the body with text, kept where it
	 * is; or, when the body has none, the headline (find_headline),
	 * else the title element, given first (the headline then goes
	 * from where it is, below).
	 */
	if (opts->title && (i = d->page_title) != 0) {
		if (d->nodes[i].tag == GUMBO_TAG_H1) {
			a.title = i;
			root[i] = 1;
		} else
			d->title = a.headline != 0 ? a.headline : i;
	}
	score_page(&a, top);
	/*
	 * A page that is a discussion (an issue in a tracker, whose text
	 * is its first comment; a forum whose posts are named comments)
	 * has no block of text outside its threads: when the best scores
	 * less than a paragraph of a sentence would (3), and the threads
	 * hold 500 letters or more and ten times as many as the best holds,
	 * what readers wrote is the content, and the page is scored again
	 * with the threads as text. (A post of a picture and a line has a
	 * best that holds its readers' comments too, more than a tenth of
	 * them: it stays a post.) So is a page whose data declare a post
	 * of a forum (schema.org's DiscussionForumPosting, in microdata or
	 * JSON-LD), whatever its best scores: the comments under a forum's
	 * post, items of schema.org's Comment or boxes named as replies,
	 * are the thread's posts. The best of a discussion stays in its
	 * post, which its kin join as posts of its thread: the ancestors
	 * that the posts share (a forum's form around them) hold them in
	 * boxes named as comments, which go as clutter.
	 */
	if ((a.forum && thread_letters(&a, 0) > 0) ||
	    (top[0].score < 3 && (threads = thread_letters(&a, 0)) >= 500 &&
	    threads >= 10 * (uint64_t)(top[0].node != 0 ?
	    d->nodes[top[0].node].letters : 0))) {
		for (i = 1; i < d->nnodes; i++)
			if (a.outside[i] == THREAD)
				a.outside[i] = 0;
		score_page(&a, top);
		discussion = true;
	}
	best = top[0].node;
	best_score = top[0].score;
	if ((k = twins_outweigh(&a, top, best)) != 0) {
		best = top[k].node;
		best_score = top[k].score;
	}
	if ((k = text_before_entries(&a, top, best, best_score)) != 0) {
		best = top[k].node;
		best_score = top[k].score;
	}
	/*
	 * The page's main element (is_main: main, role=main...) around
	 * the best that scores half as much as it or more, and is not
	 * mostly links, holds the article whole: the best is one of its
	 * parts, a section of a company's page or a feature of a product's,
	 * each a block of its own.
	 */
	for (k = 1; k < NTOP && (c = top[k].node) != 0; k++)
		if (c < best && d->nodes[c].end > best &&
		    is_main(&a, c) && top[k].score >= 0.5 * best_score &&
		    2 * d->nodes[c].linked < d->nodes[c].letters) {
			best = c;
			best_score = top[k].score;
			break;
		}
	/*
	 * Content spread over many small blocks (a restaurant's menu, a
	 * company's page of sections, a product's summary and details)
	 * has its best block hold less than half of the page's main
	 * element around it: a main element whose text is less than a
	 * tenth links lists no other pages, and holds the content whole.
	 */
	for (c = best != 0 ? d->nodes[best].parent : 0; c != 0 && c != body;
	    c = d->nodes[c].parent)
		if (is_main(&a, c)) {
			if (a.outside[c] == 0 &&
			    10 * d->nodes[c].linked < d->nodes[c].letters &&
			    2 * d->nodes[best].letters < d->nodes[c].letters) {
				best = c;
				best_score = final_score(&a, c);
			}
			break;
		}
	/*
	 * The ancestor that the best candidates share holds the article;
	 * inside the main element chosen above, only if it holds half of
	 * its letters or more: a smaller one is a part of the content
	 * spread over many blocks (the questions of an accordion on a
	 * page of sections).
	 */
	if (best != 0 && !discussion &&
	    (c = shared_ancestor(&a, top, body)) != 0 &&
	    ((c <= best && d->nodes[c].end >= d->nodes[best].end) ||
	    2 * (uint64_t)d->nodes[c].letters >= d->nodes[best].letters)) {
		best = c;
		best_score = final_score(&a, c);
	}
	/*
	 * An article cut into parts that each score less than the best (a
	 * lead apart, sections, the cells of an old layout) is whole in the
	 * ancestor of the best, up to the body, whose blocks of text add up
	 * to the most (block_value): up to it, what is added is more text
	 * than clutter. The body itself is such an ancestor on a page that
	 * is one document, in cells or blocks that are each a child of it.
	 */
	if (best != 0 && !discussion) {
		c = best;
		for (i = d->nodes[best].parent; i != 0;
		    i = d->nodes[i].parent) {
			if (a.mass[i] > a.mass[c])
				c = i;
			if (i == body)
				break;
		}
		if (c != best) {
			best = c;
			best_score = final_score(&a, c);
		}
	}
	/*
	 * A page of repeated units, each a heading or a label and a short
	 * text (the questions of an FAQ, the steps of a how-to), has its
	 * best container and the best's twins each in a unit of its own:
	 * the best rises to its unit, four levels up at most, while the
	 * unit has as many twins, each holding one of the best's, and
	 * holds no more than twice its letters. With the units come their
	 * headings.
	 */
	if (best != 0 && (want = count_twins(&a, best)) > 0) {
		for (k = 0; k < 4; k++) {
			c = d->nodes[best].parent;
			if (c == 0 || c == body ||
			    d->nodes[c].letters > 2 * d->nodes[best].letters ||
			    !twins_nest(&a, best, c, want))
				break;
			best = c;
		}
		/*
		 * A page of sections, as page builders make them, has the
		 * best's kind of block (a text block) in three sections or
		 * more, each section wrapped alike, and more sections than
		 * such blocks: the others hold the page's other parts (a
		 * company's values in boxes of icons, its people in
		 * cards), and the wrappers whole are its content. The best
		 * rises to its wrapper, within the same four levels and
		 * twice its letters, when the wrapper's twins hold all of
		 * the best's and outnumber them.
		 */
		for (; want >= 2 && k < 4; k++) {
			c = d->nodes[best].parent;
			if (c == 0 || c == body ||
			    d->nodes[c].letters > 2 * d->nodes[best].letters ||
			    twins_cover(&a, best, c) <= want)
				break;
			best = c;
		}
		best_score = final_score(&a, best);
	}
	/* No block of text: the whole body, if it has any text at all. */
	if (best == 0 && body != 0 && d->nodes[body].letters > 0)
		best = body;
	if (best == 0) {
		rc = keep_parts(d, root, whole_document(opts));
		goto out;
	}
	a.thread = thread_entry(&a, best);
	/*
	 * The best container, its twins, the siblings that join it, and a
	 * recipe's card, wherever it is but inside them: its ingredients
	 * beside the headline, inside a sibling of the steps that scores
	 * little, are as much the recipe as its steps. Twins inside a
	 * sibling that does not join are its parts, not the article's,
	 * unless they are most of it (is_grid_of_twins). A small form
	 * (is_small_form) is not text, whatever it is beside.
	 */
	parent = d->nodes[best].parent;
	for (c = parent + 1; c < d->nodes[parent].end; c = d->nodes[c].end)
		if (c == best || (!is_small_form(&a, c) &&
		    (joins(&a, c, best_score) || is_twin(&a, c, best) ||
		    is_grid_of_twins(&a, c, best))))
			root[c] = 1;
	/*
	 * When the best's parent holds nothing but it and a heading (a
	 * section's box: its heading over its text), the siblings of that
	 * box that join are parts too: before it, one that is or holds a
	 * paragraph (a property's key features and summary before its
	 * full description, a standfirst); after it, only one that is or
	 * holds a list with no link (a jacket's features after its
	 * description): the paragraphs that follow a text are its notes,
	 * its writer's biography, a box of contacts.
	 */
	/*
	 * A sibling between two parts of the text that joined is a part
	 * too when it holds text of its own, a paragraph, a list with no
	 * link or a data sheet, less than half links, and no name of
	 * clutter or of what sits beside a text: a review's box of its
	 * score, pros and cons between two parts of its body, a course's
	 * section of questions between two of its text.
	 */
	first = last = 0;
	for (c = parent + 1; c < d->nodes[parent].end; c = d->nodes[c].end)
		if (root[c]) {
			if (first == 0)
				first = c;
			last = c;
		}
	for (c = first; c != 0 && c < last; c = d->nodes[c].end)
		if (!root[c] && node_is_element(&d->nodes[c]) && a.live[c] &&
		    d->nodes[c].letters > 0 && a.outside[c] == 0 &&
		    a.names[c].bad == 0 && a.names[c].aside == 0 &&
		    2 * d->nodes[c].linked < d->nodes[c].letters &&
		    !is_small_form(&a, c) && (holds_paragraph(&a, c, false) ||
		    holds_data_sheet(&a, c)))
			root[c] = 1;
	if (parent != body && d->nodes[parent].parent != 0 &&
	    d->nodes[parent].letters > d->nodes[best].letters &&
	    only_headings_beside(d, parent, best)) {
		up = d->nodes[parent].parent;
		for (c = up + 1; c < d->nodes[up].end; c = d->nodes[c].end)
			if (c != parent && !is_small_form(&a, c) &&
			    holds_paragraph(&a, c, c > parent) &&
			    joins(&a, c, best_score))
				root[c] = 1;
	}
	join_panels(&a, root, best);
	join_sheets(&a, root, best);
	/*
	 * When the best has no class (a bare article), the twins of the
	 * nearest wrapper around it (find_wrappers), beside that wrapper,
	 * are parts of the text only when they hold a paragraph of their
	 * own: the rows of a layout share their wrapper's class too ("row
	 * storyItem"), the row of the date with the row of the text. The
	 * twins beside the outermost wrapper that hold a data sheet
	 * (holds_data_sheet) are a product's tab of details beside the tab
	 * of its description. None is in the site's header (is_masthead),
	 * nor in a box that calls to act (in_call_box), nor before the
	 * page's main landmark (main_landmark).
	 * Each sibling is read once.
	 */
	find_wrappers(&a, best, body, &inner, &outer);
	landmark = main_landmark(d, best);
	if (has_named_class(&d->nodes[best]))
		inner = 0;
	twins = 0;
	for (i = 1; i < d->nnodes; i++)
		if (i < best && d->nodes[i].end > best)
			continue;	/* an ancestor */
		else if (root[i])
			i = d->nodes[i].end - 1;	/* joined */
		else if (d->nodes[i].parent == parent)
			continue;	/* judged by joins, not its parts */
		else if (is_masthead(&a, i, best))
			i = d->nodes[i].end - 1;	/* the site's */
		else if ((i < parent || i >= d->nodes[parent].end) &&
		    (landmark == 0 || i > landmark) &&
		    ((is_twin(&a, i, best) && !in_call_box(&a, i)) ||
		    (inner != 0 &&
		    d->nodes[i].parent == d->nodes[inner].parent &&
		    is_twin(&a, i, inner) && holds_paragraph(&a, i, false)) ||
		    (outer != 0 &&
		    d->nodes[i].parent == d->nodes[outer].parent &&
		    is_twin(&a, i, outer) && holds_data_sheet(&a, i)))) {
			root[i] = TWIN;
			twins++;
			i = d->nodes[i].end - 1;
		} else if (is_recipe_card(&a, i, best) ||
		    is_described(&a, i) || is_item_features(&a, i)) {
			root[i] = 1;
			i = d->nodes[i].end - 1;
		}
	/*
	 * A class that more than three blocks elsewhere in the page share
	 * with the best is the site's name for any box ("module", YUI's
	 * "bd"), its widgets' and teasers' too: of so many, a part of the
	 * article is one whose text is not linked (less than 5%), one
	 * that holds half as much text as the best, one in a post of the
	 * best's thread (thread_post), a reply that quotes another, or one
	 * that holds a block of text of the kind the best's best part is
	 * (repeats_block): a forum's reply in its frame of links.
	 */
	block = top[0].node > best && top[0].node < d->nodes[best].end ?
	    top[0].node : 0;
	for (i = 1; i < d->nnodes; i++)
		if (root[i] == TWIN)
			root[i] = twins <= 3 || thread_post(&a, i) != 0 ||
			    20 * (uint64_t)d->nodes[i].linked <
			    d->nodes[i].letters ||
			    2 * (uint64_t)d->nodes[i].letters >=
			    d->nodes[best].letters ||
			    repeats_block(&a, i, block);
	join_sections(&a, root, best);
	join_post_parts(&a, root, best, body);
	join_elements(&a, root, best, body);
	keep_abstract(&a, root, best);
	if (opts->lead)
		keep_lead(&a, root, best);
	keep_headings(&a, root);
	/* Clutter inside, judged on the measures before any removal. */
	total = 0;
	for (i = 1; i < d->nnodes; i++)
		if (root[i]) {
			total += d->nodes[i].letters;
			i = d->nodes[i].end - 1;
		}
	if (remove_clutter(&a, root, total, best != body ? best : 0) == -1)
		goto out;
	if (d->title != 0 && d->title == a.headline)
		d->nodes[a.headline].flags |= NODE_REMOVED;
	if ((rc = keep_parts(d, root, whole_document(opts))) == 0)
		rc = drop_trailing_headings(d);
out:
	free(a.live);
	free(a.own);
	free(a.entry);
	free(a.main_of);
	free(a.punct);
	free(a.own_punct);
	free(a.own_linked);
	free(a.longest);
	free(a.mass);
	free(a.score);
	free(a.outside);
	free(a.anchor);
	free(a.in_contents);
	free(a.main);
	free(a.names);
	free(a.cache);
	free(a.page_dir);
	free(a.field);
	free(a.count_only);
	free(a.in_code);
	free(root);
	free(comments_from);
	return rc;
}
