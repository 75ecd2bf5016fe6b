#!/bin/sh
# What a crawler brings home: pages built to be slow or large, binary
# files, broken encodings, unterminated markup. Each is generated here
# (none is committed) and must give exit status 0 (or 1 and a message
# when refused), valid UTF-8, within 2 s and 512 MB up to 10 MB of input
# and in proportion above. The time is what the development machine
# needs, doubled: the slowest of these pages takes it 1.4 to 1.8 s, and
# a busier machine took over 2 s; unguarded, the same pages take from
# 3 s to hours. Under the sanitizers (CEX_SANITIZED=1) the time is
# multiplied by 10 more and memory is not limited: the sanitizers
# reserve address space of their own. Faults that are not the page's
# size or shape live beside what they break: running out of memory and
# signals in t/batch.t, the options and files read in t/cli.t, options
# after a method in t/methods.t, --eval's output in t/eval.t.
. "$(dirname "$0")/lib.sh"
sanitized=${CEX_SANITIZED:-0}
scale=2
[ "$sanitized" = 1 ] && scale=20

# gen FILE PERL: writes what the perl expression prints.
gen() {
	perl -e "binmode STDOUT; $2" > "$tmp/$1"
}

# bounded NAME SECONDS MEGABYTES WANT-STATUS ARGS...: runs cex on
# $tmp/NAME with a time and a memory limit; checks the exit status, that
# stderr says something only when the guard or a limit acted, and that
# the output is valid UTF-8.
bounded() {
	name=$1 secs=$(($2 * scale)) mb=$3 want=$4
	shift 4
	(
		[ "$sanitized" = 1 ] || ulimit -v $((mb * 1024))
		exec timeout "$secs" "$CEX" "$@" "$tmp/$name"
	) > "$tmp/out" 2> "$tmp/err"
	got=$?
	[ "$got" = "$want" ]
	ok $? "$name: exit $want within ${secs}s and ${mb} MB (got $got)"
	sed 's/^/# /' "$tmp/err" | head -5
	iconv -f UTF-8 -t UTF-8 < "$tmp/out" > /dev/null 2>&1
	ok $? "$name: valid UTF-8"
}

gen div200k 'print "<div>" x 200000, "deep"'
bounded div200k 2 512 0 -t
grep -q "^cex: .*div200k: [0-9]* tags nested deeper than 512 left out (--max-depth)$" "$tmp/err"
ok $? "div200k: the guard says what it left out"
[ "$(cat "$tmp/out")" = deep ]
ok $? "div200k: the text is kept"
bounded div200k 2 512 0 --max-depth 64
[ "$(grep -o '<div>' "$tmp/out" | wc -l)" = 64 ]
ok $? "div200k: --max-depth 64 keeps 64 div"
gen b20k 'print "<b>" x 20000, "bold"'
bounded b20k 2 512 0 -t
gen b50k 'print "<b>" x 50000, "bold"'
bounded b50k 2 512 0 -t
gen bid20k 'print map({ "<b id=$_>" } 1 .. 20000), "<p>x" x 100'
bounded bid20k 2 512 0 -t
gen attrs100k 'print "<p ", join(" ", map { "a$_=1" } 1 .. 100000), ">text"'
bounded attrs100k 2 512 0 -t
grep -q "tags cut short of their attributes, past 100 on a tag" "$tmp/err"
ok $? "attrs100k: the guard says so"
gen br10m 'print "<br>" x 2500000'
bounded br10m 2 512 0 -t
gen ii10m 'print "<i></i>" x 1400000'
bounded ii10m 2 512 0
grep -q "ii10m: .* tags left out, over one element (or two attributes) for 16 bytes" "$tmp/err"
ok $? "ii10m: the guard says what it left out"
gen tables5k 'print "<table><tr><td><a href=/x>x</a> <a href=/y>y</a>" x 5000, "<p>inner text"'
bounded tables5k 2 512 0 -t --link-lists=cells
gen nul 'print map({ "<p>a\0b</p>\0" } 1 .. 100000)'
bounded nul 2 512 0 -t
gen binary 'srand(1); print map({ chr(int(rand(256))) } 1 .. 1000000)'
bounded binary 2 512 0 -t
gen utf8cut 'print "<p>caf\xc3" x 100000, "\xe2\x82"'
bounded utf8cut 2 512 0 -t
gen utf16cut 'print "\xff\xfe", "<\0p\0>\0a\0" x 100000, "b"'
bounded utf16cut 2 512 0 -t
gen comment 'print "<p>before</p><!--", "<div>" x 200000'
bounded comment 2 512 0 -t
[ "$(cat "$tmp/out")" = before ]
ok $? "comment: an unterminated comment runs to the end"
gen script 'print "<p>before</p><script>", "<div>" x 200000'
bounded script 2 512 0 -t
gen attr 'print "<p>before</p><a href=\"", "<div>" x 200000'
bounded attr 2 512 0 -t
gen text50m 'print "<p>", "word " x 10000000, "</p>"'
bounded text50m 20 1536 0 -t

# The formatting elements a parser opens again in each block, counted
# as the elements they are (40 kB, 400 kB and 10 MB of them).
gen reopen40k 'print "<p>", (map { "<b id=$_>" } 1 .. 100), "<p>x" x 10000'
bounded reopen40k 2 512 0 -t
grep -q "reopen40k: .* tags left out, over one element (or two attributes) for 16 bytes" "$tmp/err"
ok $? "reopen40k: the guard says what it left out"
[ "$(wc -c < "$tmp/out")" -lt 100000 ]
ok $? "reopen40k: the output in proportion to the page"
gen reopen400k 'print "<p>", (map { "<b id=$_>" } 1 .. 100), "<p>x" x 100000'
bounded reopen400k 2 512 0 -t
gen reopen10m 'print "<p>", (map { "<b id=$_>" } 1 .. 100), "<p>x" x 2500000'
bounded reopen10m 2 512 0 -t
grep -q "reopen10m: .* tags left out, over one element (or two attributes) for 16 bytes" "$tmp/err"
ok $? "reopen10m: the guard says what it left out"
# Past the bound of elements a start tag is refused before the model
# reopens the hundred formatting elements for it, so the model's
# searches never reach their bound.
! grep -q "work bound" "$tmp/err"
ok $? "reopen10m: no search for the start tags past the bound of elements"
gen reopen_text 'print "<div>" x 505, "<b>", "x" x 10000000'
bounded reopen_text 2 512 0 -t
grep -q "reopen_text: 1 formatting tags left out, over 100 in the parser's list or deeper than 128" "$tmp/err"
ok $? "reopen_text: the guard says what it left out"

# Lists and their items close an earlier item only within the same
# list: nested lists of every kind, 400 kB and 10 MB.
for p in '<ul><li>' '<ol><li>' '<dl><dd>' '<dl><dt>' '<li><section>' \
    '<li><nav>' '<table><td>' '<select><option>' '<svg><g>'; do
	name=nest-$(printf '%s' "$p" | tr -c 'a-z' '-')
	gen "$name" "print '$p' x (400000 / length '$p'), 'x'"
	bounded "$name" 2 512 0 -t
	gen "$name-10m" "print '$p' x (10000000 / length '$p'), 'x'"
	bounded "$name-10m" 2 512 0 -t
done

# depth FILE: the deepest nesting of the elements of cex's HTML output.
depth() {
	perl -ne 'while (/<(\/?)([a-z][a-z0-9]*)[^>]*>/g) {
	    next if !$1 && $2 =~ /^(meta|br|hr|img|input|link|wbr)$/;
	    $d += $1 ? -1 : 1; $m = $d if $d > $m } END { print $m + 0 }' "$1"
}
gen lists1000 'print "<ul><li>" x 1000, "x"'
bounded lists1000 2 512 0 -m plain --max-depth 64
[ "$(depth "$tmp/out")" -le 66 ]
ok $? "lists1000: --max-depth 64 keeps 64 levels in body ($(depth "$tmp/out") with html and body)"

# The tokenizer's corners, where a scan that reads otherwise would let
# the nesting through: "--!>" ends a comment, "</script>" inside a
# script's "<!--<script>" does not end the script, CDATA in SVG.
gen comment_bang 'print "<!-- --!>", "<div>" x 200000, "-->x"'
bounded comment_bang 2 512 0 -t
gen script_escape 'print "<script><!--<script></script>", "</div>" x 100000, "--></script>", "<div>" x 200000'
bounded script_escape 2 512 0 -t
gen cdata 'print "<svg><![CDATA[", "</g>" x 100000, "]]>", "<g>" x 200000'
bounded cdata 2 512 0 -t

# End tags the parser searches its whole stack for, each to no effect
# or to make one element, under 505 open elements.
gen endtags 'print "<span>" x 505, "</x>" x 2500000'
bounded endtags 2 512 0 -t
grep -q "endtags: .* tags left out, past the parser's work bound" "$tmp/err"
ok $? "endtags: the guard says what it left out"
gen endp 'print "<span>" x 505, "</p>" x 2500000'
bounded endp 2 512 0 -t
gen attrs1024 'my $t = "<p " . join(" ", map { "a$_" } 1 .. 1024) . ">x"; print $t x int(10000000 / length $t)'
bounded attrs1024 2 512 0 -t
gen rootattrs 'print "<p>x", map { "<html a$_=1><body b$_=1>" } 1 .. 500000'
bounded rootattrs 2 512 0 -t

# A depth bound of a billion reserves nothing: memory is taken as the
# page nests, and the output is the default's.
gen nest1000 'print "<div>" x 1000, "deep"'
bounded nest1000 2 256 0 -m plain --max-depth 1e9
"$CEX" -m plain --max-depth 0 "$tmp/nest1000" | cmp -s - "$tmp/out"
ok $? "nest1000: --max-depth 1e9 keeps all, as --max-depth 0"

# isindex: gumbo makes a form with a prompt of its own, which is not in
# the page: the tag is left out.
printf '<isindex>' > "$tmp/isindex"
"$CEX" -t --keep-forms "$tmp/isindex" > "$tmp/out"
[ ! -s "$tmp/out" ]
ok $? "isindex: no text that is not in the page"
printf '<p>a<isindex prompt="Find">b' > "$tmp/isindex"
"$CEX" -m plain --keep-forms --max-depth 0 "$tmp/isindex" > "$tmp/out"
printf '<html><head><meta charset="utf-8"></head><body><p>ab</p></body></html>' |
    cmp -s - "$tmp/out"
ok $? "isindex: left out, with the limits off too"

# Headings nested in headings around 20 MB of spaces: article reads a
# heading's text to see whether it labels comments, a few nodes and
# bytes of it, not the whole subtree for each heading.
gen headings 'print "<h2><div>" x 250, " " x 20000000, "x"'
bounded headings 4 512 0 -t

# A paragraph and 200,000 empty siblings: article looks over elements
# without text for the heading before a part of the article, from each
# heading only, not from each element.
gen empties 'print "<div><p>", "word " x 50, "</p>", "<div>        </div>" x 200000, "<p>", "text " x 40, "</p></div>"'
bounded empties 2 512 0 -t

# A class of 7 MB: the words before each "hidden" and the classes
# beside a program's code are read once, not again for each word.
gen classes 'print "<div><p>", "word " x 50, "</p><p class=\"", "is-" x 500000, "hidden-" x 500000, " sc-1a2b3c4d ", "HIAdNh " x 300000, "\">", "text " x 40, "</p></div>"'
bounded classes 2 512 0 -t

# 20,000 short boxes, each a text and a button, 50 comments apart:
# article asks of each whether it is a card of a row of cards, from a
# bounded number of its siblings, not from all of them.
gen cards 'print "<div><p>", "word " x 200, "</p>", map({ "<!---->" x 50 . "<div class=c$_><p>short text of a card</p><button class=btn>Go</button></div>" } 1 .. 20000), "</div>"'
bounded cards 2 512 0 -t

# A text and 50,000 panels of an accordion beside it, each after the
# button that titles it: the panels and their titles are each read once.
gen panels 'print "<div><section><h2>T</h2><div class=text><p>", "word " x 200, ".</p></div></section><div class=group>", map({ "<button id=h$_ aria-controls=p$_ aria-expanded=true>Title $_</button>\n<div id=p$_ role=tabpanel aria-labelledby=h$_><p>answer $_ of the panel.</p></div>" } 1 .. 50000), "</div></div>"'
bounded panels 2 512 0 -t

# A headline and 50,000 comments, the page's only text, in rows of
# three: the page is scored twice, the second time with the comments as
# text, and each row beside the best is read once for its twins.
gen discussion 'print "<div class=top><h1>T</h1><p>by someone.</p></div><div class=comments>", map({ "<div class=\"comment item\"><p>comment $_ with some words in it.</p></div><div class=row><div class=\"comment item\"><p>one more.</p></div><div class=\"comment item\"><p>and one.</p></div></div>" } 1 .. 50000), "</div>"'
bounded discussion 2 512 0 -t

# A table tag that would make gumbo pop its whole stack, looking for an
# HTML select where only a foreign one is open, fails an assertion in
# gumbo and aborts the program: the tag is left out, the text kept (in
# an SVG title, which the text output leaves out: the HTML is checked).
head='<html><head><meta charset="utf-8"></head><body><svg><select>'
printf '<table><svg><select><title><template></template><table>x</table>y' \
    > "$tmp/popall"
"$CEX" -m plain --max-depth 0 "$tmp/popall" > "$tmp/out"
printf '%s<title><template></template>xy</title></select></svg></body></html>' \
    "$head" | cmp -s - "$tmp/out"
ok $? "popall: a foreign select reset to, then a table: left out, no abort"
printf '<table><svg><select><template><title><template></template><tbody>x' \
    > "$tmp/popall"
"$CEX" -m plain --max-depth 0 "$tmp/popall" > "$tmp/out"
printf '%s<template><title><template></template>x</title></template></select></svg></body></html>' \
    "$head" | cmp -s - "$tmp/out"
ok $? "popall: past a foreign template, to a foreign select: no abort"

# Over --max-bytes (64 MB by default) a page is refused, unread.
gen page100m 'my $u = "<div><ul>" . join("", map({ "<li><a href=/$_>link $_</a></li>" } 1 .. 20)) . "</ul>" . "<p>" . ("river stone " x 75) . "</p>" x 5 . "</div>\n"; print "<html><body>", $u x (100 * 1048576 / length($u) + 1)'
bounded page100m 2 512 1 -t
grep -q "page100m: larger than 67108864 bytes (--max-bytes)$" "$tmp/err"
ok $? "page100m: refused with a message"
if [ "$sanitized" != 1 ]; then
	bounded page100m 40 4096 0 -t --max-bytes 0
else
	n=$((n + 2))
	echo "ok $((n - 1)) # SKIP 100 MB under the sanitizers"
	echo "ok $n # SKIP 100 MB under the sanitizers"
fi
echo "1..$n"
