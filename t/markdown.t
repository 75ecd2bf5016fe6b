#!/bin/sh
# --format markdown keeps the text: rendered back to HTML by a CommonMark
# parser with GitHub's pipe tables (cmark-gfm), each page's Markdown
# reads as the text -t writes of it, whitespace collapsed. On the pages
# of t/cases with the default method and with -m plain, and on every
# page of the development corpus where it is ($CEX_CORPUS, a list of
# package directories; default ../shared/corpus/aeb-dev and
# ../shared/corpus/wceb-dev/*).
#
# What is compared is the text a reader sees: control characters and
# noncharacters, which a round trip through a parser may replace, are
# left out on both sides. The exact Markdown of each construct is in
# t/cases (markdown-*, article.md*).
. "$(dirname "$0")/lib.sh"

if ! need cmark-gfm "Markdown round trip"; then
	echo "1..$n"
	exit 0
fi

# same DIR: compares DIR/md/*.txt (the Markdown's text) with DIR/txt/
# (-t's), naming the pages that differ; exit 1 if any does.
same() {
	perl -CSD -e '
	use strict;
	my ($dir) = @ARGV;
	my $bad = 0;
	sub norm {
		my ($f) = @_;
		open(my $h, "<:utf8", $f) or return "";
		local $/;
		my $s = <$h> // "";
		$s =~ s/[\x{0}-\x{8}\x{b}\x{e}-\x{1f}\x{7f}-\x{84}\x{86}-\x{9f}\x{fffd}\x{fdd0}-\x{fdef}\x{fffe}\x{ffff}]//g;
		$s =~ s/[\s\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]+/ /g;
		$s =~ s/^ //;
		$s =~ s/ $//;
		return $s;
	}
	opendir(my $d, "$dir/txt") or die;
	for my $f (sort grep { /\.txt$/ } readdir($d)) {
		next if norm("$dir/txt/$f") eq norm("$dir/md/$f");
		print "# differs: $f\n";
		$bad = 1;
	}
	exit $bad;' "$1"
}

# roundtrip NAME DIR ARGS...: the check on the pages of DIR.
roundtrip() {
	name=$1
	pages=$2
	shift 2
	rm -rf "$tmp/rt"
	mkdir -p "$tmp/rt/txt" "$tmp/rt/markdown" "$tmp/rt/html" "$tmp/rt/md"
	"$CEX" -q "$@" -t -o "$tmp/rt/txt" "$pages"/*.html 2> "$tmp/err"
	"$CEX" -q "$@" --format md -o "$tmp/rt/markdown" "$pages"/*.html \
	    2>> "$tmp/err"
	for f in "$tmp/rt/markdown"/*.md; do
		[ -f "$f" ] || continue
		cmark-gfm -e table "$f" > "$tmp/rt/html/$(basename "$f" .md).html"
	done
	if ls "$tmp/rt/html"/*.html > /dev/null 2>&1; then
		"$CEX" -q -t -m plain -o "$tmp/rt/md" "$tmp/rt/html"/*.html
	fi
	# A page whose Markdown is empty has no text either.
	for f in "$tmp/rt/txt"/*.txt; do
		[ -f "$tmp/rt/md/$(basename "$f")" ] ||
		    : > "$tmp/rt/md/$(basename "$f")"
	done
	same "$tmp/rt"
	ok $? "$name: the Markdown's text is -t's"
}

# The cases: with the default method, and every element kept (plain).
mkdir -p "$tmp/cases"
cp t/cases/*.html "$tmp/cases/"
roundtrip "t/cases, article" "$tmp/cases"
roundtrip "t/cases, -m plain" "$tmp/cases" -m plain

corpus=${CEX_CORPUS:-"../shared/corpus/aeb-dev $(echo ../shared/corpus/wceb-dev/*)"}
for package in $corpus; do
	[ -d "$package" ] || continue
	roundtrip "$package" "$package"
done

echo "1..$n"
