#!/bin/sh
# cex's HTML is what a parser reads back as the same tree: on every
# page of every package of the corpus, -m plain's output run through
# -m plain again gives the same bytes (the cases of t/cases check the
# same on hand-made pages, with filters that unwrap).
. "$(dirname "$0")/lib.sh"
corpus=../shared/corpus
if [ ! -d "$corpus" ]; then
	echo "1..0 # SKIP no corpus at $corpus"
	exit 0
fi
for pkg in $(find "$corpus" -name '*.html' -exec dirname {} \; | sort -u); do
	name=$(basename "$pkg")
	mkdir -p "$tmp/1/$name" "$tmp/2/$name"
	"$CEX" -q -j 2 -m plain -o "$tmp/1/$name" "$pkg"/*.html
	"$CEX" -q -j 2 -m plain -o "$tmp/2/$name" "$tmp/1/$name"/*.html
	diff -r "$tmp/1/$name" "$tmp/2/$name" > "$tmp/diff"
	ok $? "$name: -m plain's HTML read again gives the same bytes"
	head -20 "$tmp/diff" | sed 's/^/# /'
done
echo "1..$n"
