#!/bin/sh
# cex in pipelines and proxies: JSON Lines that jq reads, the page's
# address from --url or Privoxy's PRIVOXY_URL, --fallback and --bom for
# a proxy, the progress line of a batch on a terminal and --quiet.
. "$(dirname "$0")/lib.sh"

article=t/cases/article.html
text=t/cases/text.html

# JSON Lines: an object a line, one per good input, in input order.
printf '<title>Tab\there, "quotes", \\ and more</title><p>Line one<br>line two</p>\n' \
    > "$tmp/odd.html"
name=$(printf '%s/bad\377\001name.html' "$tmp")
cp "$text" "$name"
"$CEX" --format json "$article" "$tmp/missing" "$tmp/odd.html" "$name" \
    > "$tmp/out" 2> "$tmp/err"
ok $(($? != 1)) "JSON batch with a bad input: exit 1"
[ "$(wc -l < "$tmp/out")" = 3 ]; ok $? "JSON: a line for each good input"
grep -q "^cex: $tmp/missing: No such file or directory$" "$tmp/err"
ok $? "JSON: the bad input named on stderr"
"$CEX" --format json -j 2 "$article" "$tmp/missing" "$tmp/odd.html" \
    "$name" 2> /dev/null | cmp -s - "$tmp/out"
ok $? "JSON: -j 2 gives the same lines"
if need jq "JSON Lines read by jq"; then
	jq -r .title "$tmp/out" > "$tmp/titles"
	printf '%s\n' "Bridges of the valley" \
	    'Tab here, "quotes", \ and more' "Not in the text" > "$tmp/want"
	cmp -s "$tmp/want" "$tmp/titles"
	ok $? "jq -r .title: the titles, quotes and backslashes unescaped"
	[ "$(sed -n 2p "$tmp/out" | jq -r .text)" = "$(printf 'Line one\nline two')" ]
	ok $? "jq -r .text: line breaks kept"
	[ "$(jq -r '.file | test("bad\ufffd\u0001name")' "$tmp/out" | tail -1)" = true ]
	ok $? "JSON: a file name that is not UTF-8 written with U+FFFD, a control escaped"
	grep -qF "$(printf 'bad\357\277\275\\u0001name')" "$tmp/out"
	ok $? "JSON: the control as \\u0001"
	[ "$(jq -r '[.url, .method, has("html")] | @tsv' "$tmp/out" | head -1)" = \
	    "$(printf '\tarticle\tfalse')" ]
	ok $? "JSON: url null without --url, the method, no html"
	"$CEX" --format json --json-html --url=https://example.org/a "$text" |
	    jq -r '.url, .html' > "$tmp/got"
	{ echo https://example.org/a; "$CEX" "$text"; echo; } > "$tmp/want"
	cmp -s "$tmp/want" "$tmp/got"
	ok $? "--json-html: the HTML output as html; --url as url"
fi
mkdir "$tmp/oj"
"$CEX" --format json -o "$tmp/oj" "$article" "$text"
[ "$(cd "$tmp/oj" && ls | tr '\n' ' ')" = "article.json text.json " ]
ok $? "JSON with -o: NAME.json"
"$CEX" --format json "$article" | cmp -s - "$tmp/oj/article.json"
ok $? "JSON with -o: the same object"

# The page's address: --url, else PRIVOXY_URL (if it is an address).
page='<p>Some text of the page, long enough.</p><p><a href="../b.html">b</a></p>'
for env in "" "PRIVOXY_URL=http://example.org/x/y/a.html" "PRIVOXY_URL=x"; do
	for opt in "" "--url=https://example.net/p/q"; do
		printf '%s\n' "$page" | env $env "$CEX" -t -m crunch \
		    --links=remove --keep-links $opt | tail -1
	done
done > "$tmp/got"
printf '%s\n' "b <../b.html>" "b <https://example.net/b.html>" \
    "b <http://example.org/x/b.html>" "b <https://example.net/b.html>" \
    "b <../b.html>" "b <https://example.net/b.html>" > "$tmp/want"
cmp -s "$tmp/want" "$tmp/got"
ok $? "links resolved against --url, else PRIVOXY_URL"
diff "$tmp/want" "$tmp/got" | sed 's/^/# /'

# --fallback: the input unchanged when there is no content.
none=t/cases/article-none.html
"$CEX" --fallback "$none" | cmp -s - "$none"
ok $? "--fallback: a page without content written unchanged"
"$CEX" --fallback "$article" | cmp -s - t/cases/article.fallback.out
ok $? "--fallback: a page with content extracted"
"$CEX" -t "$none" | cmp -s - /dev/null
ok $? "without --fallback: no text for a page without content"
head -c 5000 /dev/urandom > "$tmp/binary"
"$CEX" --fallback --max-bytes=1k "$tmp/binary" > "$tmp/out" 2> "$tmp/err"
ok $(($? != 1)) "--fallback over --max-bytes: exit 1"
cmp -s "$tmp/binary" "$tmp/out"
ok $? "--fallback over --max-bytes: the file written unchanged"
same="cex: $tmp/binary: larger than 1024 bytes (--max-bytes), written unchanged"
[ "$(cat "$tmp/err")" = "$same" ]; ok $? "--fallback over --max-bytes: says so"
"$CEX" --fallback --max-bytes=1k < "$tmp/binary" 2> /dev/null |
    cmp -s - "$tmp/binary"
ok $? "--fallback over --max-bytes: standard input written unchanged"
mkdir "$tmp/of"
"$CEX" --fallback --max-bytes=1k -o "$tmp/of" "$tmp/binary" "$none" \
    2> /dev/null
cmp -s "$tmp/binary" "$tmp/of/binary.html" &&
    cmp -s "$none" "$tmp/of/article-none.html"
ok $? "--fallback with -o: the inputs in their files"

# --bom: a byte order mark before the output (of each file with -o).
bom=$(printf '\357\273\277')
[ "$("$CEX" --bom -t "$text" "$text" | grep -c "^$bom")" = 1 ]
ok $? "--bom: one mark on standard output"
"$CEX" -t "$text" > "$tmp/plain"
"$CEX" --bom -t "$text" | tail -c +4 | cmp -s - "$tmp/plain"
ok $? "--bom: the mark, then the same bytes"
mkdir "$tmp/ob"
"$CEX" --bom -o "$tmp/ob" "$text" "$article"
[ "$(head -c 3 "$tmp/ob/text.html")$(head -c 3 "$tmp/ob/article.html")" = "$bom$bom" ]
ok $? "--bom with -o: a mark in each file"
"$CEX" --bom --fallback "$none" | cmp -s - "$none"
ok $? "--bom --fallback: the input unchanged, without a mark"

# The progress line: on a terminal only, erased at the end, never with
# --quiet. script(1) gives cex a terminal.
if need script "a terminal for the progress line"; then
	mkdir "$tmp/op"
	progress() {
		script -qc "$CEX $* -o '$tmp/op' '$text' '$article' '$tmp/missing'" \
		    /dev/null > "$tmp/tty" 2>&1
	}
	progress -t
	grep -q '3/3 files, [0-9.]* pages/s, 1 error' "$tmp/tty"
	ok $? "progress: files done of all, pages a second, errors"
	grep -q "cex: $tmp/missing: No such file or directory" "$tmp/tty"
	ok $? "progress: the messages still come"
	[ "$(tail -c 4 "$tmp/tty" | od -An -c | tr -d ' ')" = '\r033[K' ]
	ok $? "progress: the line erased at the end"
	progress -t -q
	! grep -q 'files,' "$tmp/tty"; ok $? "progress: none with --quiet"
	"$CEX" -t -o "$tmp/op" "$text" "$article" 2> "$tmp/err"
	[ ! -s "$tmp/err" ]; ok $? "progress: none when stderr is not a terminal"
fi

# --quiet: the guard's notices go too; errors stay.
"$CEX" -q -t --max-depth=3 t/cases/guard.html "$tmp/missing" > /dev/null \
    2> "$tmp/err"
[ "$(cat "$tmp/err")" = "cex: $tmp/missing: No such file or directory" ]
ok $? "--quiet: no notice of the guard, errors still said"

echo "1..$n"
