#!/bin/sh
# -m template over the pages of one site (t/site: three pages sharing a
# header, a menu and a footer; a "trending" box on two of them), and the
# checks on the methods' parameters. The single-page cases of every
# method are in t/cases.
. "$(dirname "$0")/lib.sh"
site="t/site/river.html t/site/bakery.html t/site/bridge.html"

# story NAME [TRENDING]: the text cex should keep of a page.
story() {
	case $1 in
	river) printf '%s\n\n%s\n\n%s\n' "The river story" \
	    "The river changed its course overnight." \
	    "Farmers woke to find their fields on the other bank.";;
	bakery) printf '%s\n\n%s\n\n%s\n' "The bakery story" \
	    "A bakery on the square sells bread by the metre." \
	    "Customers bring their own tape measures.";;
	bridge) printf '%s\n\n%s\n\n%s\n' "The bridge story" \
	    "The old bridge will reopen in spring." \
	    "Engineers replaced every rivet by hand.";;
	esac
	[ -z "$2" ] || printf '\nTrending: the lost kite of the harbour\n'
}

mkdir "$tmp/out"
# shellcheck disable=SC2086
"$CEX" -t -m template -o "$tmp/out" $site
ok $? "-m template -o DIR PAGE...: exit 0"
story river | cmp -s - "$tmp/out/river.txt"
ok $? "page 1 against page 2: header, menu, footer and trending box gone"
story bakery trending | cmp -s - "$tmp/out/bakery.txt"
ok $? "page 2 against page 3, which has no trending box: the box stays"
story bridge | cmp -s - "$tmp/out/bridge.txt"
ok $? "the last page against the first"

# shellcheck disable=SC2086
"$CEX" -t -m template --template-min 2 $site > "$tmp/min2"
{ story river; story bakery; story bridge; } | cmp -s - "$tmp/min2"
ok $? "--template-min 2: what recurs on two pages goes from both"
# shellcheck disable=SC2086
"$CEX" -t -m template --template-min 3 $site > "$tmp/min3"
{ story river trending; story bakery trending; story bridge; } |
    cmp -s - "$tmp/min3"
ok $? "--template-min 3: what is on two pages of three stays"

"$CEX" -t -m template --template t/site/bridge.html t/site/river.html \
    t/site/bakery.html > "$tmp/against"
{ story river trending; story bakery trending; } | cmp -s - "$tmp/against"
ok $? "--template FILE: every page against that one"

"$CEX" -t -m template t/site/river.html "$tmp/missing.html" \
    t/site/bridge.html > "$tmp/out.txt" 2> "$tmp/err"
ok $(($? != 1)) "a page that cannot be read: exit 1"
grep -qx "cex: $tmp/missing.html: No such file or directory" "$tmp/err"
ok $? "a page that cannot be read is named"
{ story river trending; story bridge; } | cmp -s - "$tmp/out.txt"
ok $? "the others are compared with the next page that could be read"

# Pages from pipes, which can be read once: standard input and named
# pipes give what the files give.
# shellcheck disable=SC2086
"$CEX" -t -m template $site > "$tmp/files"
mkfifo "$tmp/fifo1" "$tmp/fifo2"
cat t/site/bakery.html > "$tmp/fifo1" &
writer1=$!
cat t/site/bridge.html > "$tmp/fifo2" &
writer2=$!
timeout 20 "$CEX" -t -m template - "$tmp/fifo1" "$tmp/fifo2" \
    < t/site/river.html > "$tmp/pipes"
ok $? "pages from pipes: exit 0"
# A writer still waiting means a pipe was not opened: end it.
kill $writer1 $writer2 2> /dev/null
wait
cmp -s "$tmp/files" "$tmp/pipes"
ok $? "pages from pipes: each read once, the output of the files"

# usage ARGS...: exit status 2, a message, no output.
usage() {
	"$CEX" "$@" > "$tmp/out.txt" 2> "$tmp/err"
	[ $? = 2 ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out.txt" ]
	ok $? "usage error: $*"
}
usage -m template t/site/river.html
usage -m template --template "$tmp/missing.html" t/site/river.html
usage -m descend --spread 1.5 t/site/river.html
usage -m descend --spread -0.1 t/site/river.html
usage -m lqf --link-quota 2 t/site/river.html
usage -m dsc --window 1 t/site/river.html
usage -m dsc --window 2.5 t/site/river.html
usage -m template --template-min x $site
echo "1..$n"
