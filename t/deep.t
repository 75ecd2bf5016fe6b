#!/bin/sh
# Pages nested thousands deep, run with a 256 KB stack: cex must not
# recurse on the nesting depth anywhere (parse, overlay, filters,
# writers, freeing). The depths stay where gumbo 0.10.1 itself is fast,
# and the guard is off (--max-depth 0) so that gumbo builds them. Crunch
# unless a check names another method.
. "$(dirname "$0")/lib.sh"

# nest FILE OPEN CLOSE COUNT MIDDLE: OPEN COUNT times, MIDDLE, CLOSE COUNT times.
nest() {
	awk -v o="$2" -v c="$3" -v k="$4" -v m="$5" 'BEGIN {
		for (i = 0; i < k; i++) printf "%s", o
		printf "%s", m
		for (i = 0; i < k; i++) printf "%s", c
		print ""
	}' > "$1"
}

# check DESCRIPTION EXPECTED-TEXT ARGS...
check() {
	desc=$1 want=$2
	shift 2
	got=$( (ulimit -s 256; "$CEX" --max-depth 0 -m crunch "$@") 2> "$tmp/err")
	[ $? = 0 ] && [ "$got" = "$want" ]
	ok $? "$desc"
	if [ "$got" != "$want" ]; then
		printf '%s\n' "$got" | head -c 300 | sed 's/^/# /'
		sed 's/^/# /' "$tmp/err"
	fi
}

nest "$tmp/divs.html" "<div>" "</div>" 20000 "deep text"
check "20,000 nested div, text" "deep text" -t "$tmp/divs.html"
(ulimit -s 256; "$CEX" --max-depth 0 -m crunch --keep-links "$tmp/divs.html" > "$tmp/out") &&
    [ "$(grep -o '<div>' "$tmp/out" | wc -l)" = 20000 ]
ok $? "20,000 nested div, HTML"
nest "$tmp/lists.html" "<ul><li>item" "</li></ul>" 10000 "last"
check "10,000 nested lists, text" "$(awk 'BEGIN { for (i = 1; i < 10000; i++) print "item"; printf "itemlast" }')" \
    -t "$tmp/lists.html"
nest "$tmp/tables.html" '<table><tr><td><a href="/x">x</a> <a href="/y">y</a>' \
    "</td></tr></table>" 5000 "<p>inner text</p>"
check "5,000 nested tables, link lists and tables removed" "" \
    -t --link-lists=cells "$tmp/tables.html"
check "5,000 nested tables, removed links retained" "----
x </x>
y </y>" -t --link-lists=cells --keep-links "$tmp/tables.html"
check "5,000 nested tables, no filters" "$(awk 'BEGIN { for (i = 0; i < 5000; i++) printf "x y\n\n"; printf "inner text" }')" \
    -t --link-lists=off --no-empty-tables "$tmp/tables.html"
nest "$tmp/svg.html" '<a href="/s">' "</a>" 10000 "svg link"
sed -i 's/^/<svg>/' "$tmp/svg.html"
check "10,000 nested svg links, retained" "----
svg link </s>" -t --links=remove --keep-links "$tmp/svg.html"
# Every method on the deepest page, with a 256 KB stack.
for m in descend lqf bte article; do
	check "20,000 nested div, -m $m" "deep text" -t -m $m "$tmp/divs.html"
done
# The slope curve needs more words than tags in a window to see text.
words=$(awk 'BEGIN { for (i = 1; i < 300; i++) printf "w%d ", i; printf "w300" }')
nest "$tmp/words.html" "<div>" "</div>" 20000 "$words"
check "20,000 nested div, -m dsc" "$words" -t -m dsc "$tmp/words.html"
check "20,000 nested div, -m template" "deep text" -t -m template \
    --template t/cases/template.other "$tmp/divs.html"
check "10,000 nested lists, -m template --template-min 2" "" -t \
    -m template --template-min 2 "$tmp/lists.html" "$tmp/lists.html"
echo "1..$n"
