#!/bin/sh
# Every page of a test package (default ../shared/corpus/aeb-dev, or
# $CEX_CORPUS) in both output modes: exit 0, nothing on stderr, valid
# UTF-8, and crunch's HTML output, which filtering again leaves
# unchanged (the article is a part of the page, another page); then
# every method of -m on all of them, through --eval.
. "$(dirname "$0")/lib.sh"
corpus=${CEX_CORPUS:-../shared/corpus/aeb-dev}
if [ ! -d "$corpus" ]; then
	echo "1..0 # SKIP no corpus at $corpus"
	exit 0
fi
for page in "$corpus"/*.html; do
	name=$(basename "$page" .html)
	"$CEX" -t "$page" > "$tmp/out" 2> "$tmp/err" && [ ! -s "$tmp/err" ]
	ok $? "$name text: exit 0, quiet"
	sed 's/^/# /' "$tmp/err"
	iconv -f UTF-8 -t UTF-8 < "$tmp/out" > /dev/null 2>&1
	ok $? "$name text: valid UTF-8"
	"$CEX" "$page" > "$tmp/out" 2> "$tmp/err" && [ ! -s "$tmp/err" ]
	ok $? "$name HTML: exit 0, quiet"
	sed 's/^/# /' "$tmp/err"
	iconv -f UTF-8 -t UTF-8 < "$tmp/out" > /dev/null 2>&1
	ok $? "$name HTML: valid UTF-8"
	"$CEX" -m crunch "$page" > "$tmp/out" 2> /dev/null &&
	    "$CEX" -m crunch < "$tmp/out" > "$tmp/again" &&
	    cmp -s "$tmp/out" "$tmp/again"
	ok $? "$name HTML, -m crunch: filtering again changes nothing"
done
methods=plain,crunch,descend,lqf,bte,dsc,template,template:template-min=2,article
"$CEX" --eval -m "$methods" "$corpus" > "$tmp/out" 2> "$tmp/err" &&
    [ ! -s "$tmp/err" ]
ok $? "every method on every page (--eval): exit 0, quiet"
sed 's/^/# /' "$tmp/err"
[ "$(awk -F '\t' '$2 == "" && $4 == '"$(ls "$corpus"/*.html | wc -l)"'' \
    "$tmp/out" | wc -l)" = 9 ]
ok $? "every method scored every page"
echo "1..$n"
