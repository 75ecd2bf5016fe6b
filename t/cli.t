#!/bin/sh
# The command line: help and version, usage errors (exit 2), bad inputs
# (named on stderr, the batch goes on, exit 1), -o output files, write
# errors, the config file and the ad list.
. "$(dirname "$0")/lib.sh"

# run EXPECTED_STATUS DESCRIPTION ARGS...: stdout to $tmp/out, stderr
# to $tmp/err.
run() {
	want=$1 desc=$2
	shift 2
	"$CEX" "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	[ "$got" = "$want" ]
	ok $? "$desc (exit $got, want $want)"
	[ "$got" = "$want" ] || sed 's/^/# /' "$tmp/err"
}

# same FILE TEXT: the file holds exactly TEXT and a newline.
same() {
	printf '%s\n' "$2" > "$tmp/want"
	cmp -s "$tmp/want" "$1"
	ok $? "$3"
	cmp -s "$tmp/want" "$1" || diff -u "$tmp/want" "$1" | sed 's/^/# /'
}

page=t/cases/text.html
"$CEX" -t "$page" > "$tmp/page.txt"

run 0 "--help" --help
grep -q '^usage: cex' "$tmp/out"; ok $? "--help prints the usage on stdout"
[ ! -s "$tmp/err" ]; ok $? "--help is quiet on stderr"
[ "$(awk 'length > 79' "$tmp/out" | wc -l)" = 0 ]
ok $? "--help fits 80 columns"
run 0 "--version" --version
grep -q '^cex [0-9.]* (gumbo [0-9.]*, utf8proc [0-9.]*)$' "$tmp/out"
ok $? "--version names cex, gumbo and utf8proc"

run 2 "unknown option" --frobnicate "$page"
grep -q "^cex: unrecognized option '--frobnicate'" "$tmp/err"
ok $? "unknown option is named"
grep -q '^usage: cex' "$tmp/err"; ok $? "usage on stderr after a usage error"
[ ! -s "$tmp/out" ]; ok $? "nothing on stdout after a usage error"
run 2 "bad number" --link-ratio=abc "$page"
same "$tmp/err" "cex: --link-ratio: invalid number 'abc'" "bad number message"
run 2 "negative number" --chars-per-word=-1 "$page"
run 2 "zero chars per word" --chars-per-word=0 "$page"
run 2 "fractional min-chars" --min-chars=1.5 "$page"
same "$tmp/err" "cex: --min-chars: not a whole number '1.5'" \
    "fractional min-chars message"
run 2 "bad link mode" --links=hide "$page"
same "$tmp/err" "cex: --links: invalid value 'hide' (one of: keep, unwrap, remove)" \
    "bad link mode message: the valid values"
run 2 "bad link list mode" --link-lists=rows "$page"
same "$tmp/err" "cex: --link-lists: invalid value 'rows' (one of: off, cells, blocks)" \
    "bad link list mode message: the valid values"
run 2 "unknown encoding" --charset=klingon "$page"
same "$tmp/err" "cex: --charset: unknown encoding 'klingon'" \
    "unknown encoding message"
run 2 "unknown preset" --preset=lynx "$page"
same "$tmp/err" "cex: --preset: unknown preset 'lynx' (one of: crunch)" \
    "unknown preset: the valid one"
run 2 "unknown method" -m lynx "$page"
same "$tmp/err" "cex: -m lynx: unknown method 'lynx' (one of: crunch, plain, descend, lqf, bte, dsc, template, article)" \
    "unknown method: the valid ones"
run 2 "missing option argument" "$page" --links
run 2 "-o not a directory" -o "$page" "$page"
same "$tmp/err" "cex: $page: Not a directory" "-o not a directory message"
run 0 "-o a directory that is not there: made" -t -o "$tmp/made" "$page"
[ -d "$tmp/made" ] && [ -s "$tmp/made/$(basename "$page" .html).txt" ]
ok $? "-o made the directory, and wrote in it"
run 1 "-o whose parent is not there" -t -o "$tmp/nowhere/deeper" "$page"
same "$tmp/err" "cex: $tmp/nowhere/deeper: No such file or directory" \
    "-o whose parent is not there: message"
[ ! -d "$tmp/nowhere" ]; ok $? "-o makes no parent directories"
mkdir -p "$tmp/a" "$tmp/b"
cp "$page" "$tmp/a/x.html"
cp "$page" "$tmp/b/x.htm"
run 2 "-o: two inputs of one output name" -t -o "$tmp/two" \
    "$tmp/a/x.html" "$page" "$tmp/b/x.htm"
same "$tmp/err" "cex: $tmp/a/x.html and $tmp/b/x.htm would both be written to $tmp/two/x.txt" \
    "-o: two inputs of one output name: both named"
[ ! -d "$tmp/two" ]; ok $? "-o: nothing written when two names collide"
run 0 "one output name without -o: no collision" -t "$tmp/a/x.html" \
    "$tmp/b/x.htm"
run 2 "-o made only once nothing refuses the command" -o "$tmp/later" \
    --json-html "$page"
[ ! -d "$tmp/later" ]; ok $? "-o: no directory made for a usage error"
run 2 "bad format" --format=xml "$page"
same "$tmp/err" "cex: --format: invalid value 'xml' (one of: html, text, json, markdown)" \
    "bad format message: the valid values"
run 2 "--json-html without JSON" --json-html "$page"
same "$tmp/err" "cex: --json-html: only with --format json" \
    "--json-html without JSON: message"
run 2 "--fallback with JSON" --fallback --format json "$page"
run 2 "--url not absolute" --url=example.org/page "$page"
same "$tmp/err" "cex: --url: not an absolute URL 'example.org/page'" \
    "--url not absolute: message"
run 2 "unreadable --ad-hosts" --ad-hosts="$tmp/none" "$page"
same "$tmp/err" "cex: $tmp/none: No such file or directory" \
    "unreadable --ad-hosts message"

# Inputs: stdin, -, several files, bad files in a batch.
run 0 "one file" -t "$page"
cmp -s "$tmp/out" "$tmp/page.txt"; ok $? "one file: output"
[ ! -s "$tmp/err" ]; ok $? "quiet on success"
"$CEX" -t < "$page" > "$tmp/out"; ok $? "standard input"
cmp -s "$tmp/out" "$tmp/page.txt"; ok $? "standard input: same output"
"$CEX" -t - < "$page" > "$tmp/out"; ok $? "- is standard input"
cmp -s "$tmp/out" "$tmp/page.txt"; ok $? "-: same output"
cat "$tmp/page.txt" "$tmp/page.txt" > "$tmp/twice"
run 0 "two files" -t "$page" "$page"
cmp -s "$tmp/out" "$tmp/twice"; ok $? "two files: outputs follow each other"
run 1 "batch with bad inputs" -t "$tmp/missing.html" "$page" t "$page"
cmp -s "$tmp/out" "$tmp/twice"; ok $? "good inputs of the batch processed"
printf '%s\n' "cex: $tmp/missing.html: No such file or directory" \
    "cex: t: Is a directory" > "$tmp/want"
cmp -s "$tmp/want" "$tmp/err"; ok $? "bad inputs named on stderr"
run 0 "empty input, text" -t /dev/null
[ ! -s "$tmp/out" ]; ok $? "empty result prints nothing"
run 0 "empty input, HTML" /dev/null
[ ! -s "$tmp/out" ]; ok $? "empty input: the article is nothing"
run 0 "empty input, HTML, -m crunch" -m crunch /dev/null
printf '<html><head><meta charset="utf-8"></head><body></body></html>' > "$tmp/want"
cmp -s "$tmp/want" "$tmp/out"; ok $? "empty input, -m crunch: an empty document"

# -o: whole files, named after the input, with the usual mode.
mkdir "$tmp/o"
cp "$page" "$tmp/a.b.html"
cp "$page" "$tmp/noext"
(umask 022; "$CEX" -t -o "$tmp/o" "$tmp/a.b.html" "$tmp/noext" - \
    < "$page" 2> "$tmp/err")
ok $? "-o batch"
[ "$(cd "$tmp/o" && ls -A | tr '\n' ' ')" = "a.b.txt noext.txt stdin.txt " ]
ok $? "-o names: base name without extension, stdin for -"
cmp -s "$tmp/o/a.b.txt" "$tmp/page.txt"; ok $? "-o file content"
[ "$(stat -c %a "$tmp/o/a.b.txt")" = 644 ]; ok $? "-o file mode follows umask"
"$CEX" -o "$tmp/o" "$tmp/a.b.html"
"$CEX" "$page" > "$tmp/want"
cmp -s "$tmp/want" "$tmp/o/a.b.html"; ok $? "-o HTML gets .html"
echo old > "$tmp/o/noext.txt"
"$CEX" -t -o "$tmp/o" "$tmp/noext"
cmp -s "$tmp/o/noext.txt" "$tmp/page.txt"; ok $? "-o replaces an old output"
if [ "$(id -u)" != 0 ]; then
	mkdir "$tmp/ro"
	chmod a-w "$tmp/ro"
	run 1 "-o unwritable directory" -t -o "$tmp/ro" "$page"
	[ -z "$(ls -A "$tmp/ro")" ]; ok $? "-o unwritable: nothing left"
else
	# root writes anywhere it has a mode for; /proc takes no new files.
	run 1 "-o unwritable directory" -t -o /proc "$page"
fi
grep -q "^cex: /.*/text.txt: " "$tmp/err"; ok $? "-o unwritable: output named"

# Write errors are never silent.
if [ -w /dev/full ]; then
	"$CEX" -t "$page" > /dev/full 2> "$tmp/err"
	[ $? = 1 ]; ok $? "write error on /dev/full: exit 1"
	same "$tmp/err" "cex: write error: No space left on device" \
	    "write error on /dev/full: message"
	"$CEX" -t "$page" "$tmp/missing" "$page" > /dev/full 2> "$tmp/err"
	[ "$(wc -l < "$tmp/err")" = 1 ]; ok $? "a write error stops the batch"
	for o in --version --help; do
		"$CEX" $o > /dev/full 2> "$tmp/err"
		[ $? = 1 ]; ok $? "$o > /dev/full: exit 1"
		same "$tmp/err" "cex: write error: No space left on device" \
		    "$o > /dev/full: message"
	done
fi
awk 'BEGIN { printf "<p>"; for (i = 0; i < 100000; i++) printf "word%d ", i; print "</p>" }' \
    > "$tmp/big.html"
{ "$CEX" -t "$tmp/big.html" 2> "$tmp/err"; echo $? > "$tmp/status"; } |
    head -c 1 > /dev/null
[ "$(cat "$tmp/status")" = 1 ]; ok $? "closed pipe: exit 1"
same "$tmp/err" "cex: write error: Broken pipe" "closed pipe: message"

# The config file.
printf '# comment\n\n  text  \nlink-lists = cells\n' > "$tmp/good.conf"
"$CEX" --config "$tmp/good.conf" "$page" > "$tmp/out"
cmp -s "$tmp/out" "$tmp/page.txt"; ok $? "config: no-value and value lines"
printf 'text\nfrobnicate = 1\n' > "$tmp/bad.conf"
run 2 "config: unknown option" --config "$tmp/bad.conf" "$page"
same "$tmp/err" "cex: $tmp/bad.conf:2: unknown option 'frobnicate'" \
    "config: unknown option message"
printf 'link-ratio\n' > "$tmp/bad.conf"
run 2 "config: missing value" --config "$tmp/bad.conf" "$page"
same "$tmp/err" "cex: $tmp/bad.conf:1: option 'link-ratio' needs a value" \
    "config: missing value message"
printf 'text = yes\n' > "$tmp/bad.conf"
run 2 "config: value for a switch" --config "$tmp/bad.conf" "$page"
printf 'config = other\n' > "$tmp/bad.conf"
run 2 "config: no config in config" --config "$tmp/bad.conf" "$page"
printf 'link-ratio = x\n' > "$tmp/bad.conf"
run 2 "config: bad value" --config "$tmp/bad.conf" "$page"
same "$tmp/err" "cex: $tmp/bad.conf:1: invalid number 'x'" \
    "config: bad value message"
run 2 "config: missing file" --config "$tmp/none.conf" "$page"
printf '\357\273\277text\n' > "$tmp/bom.conf"
run 0 "config: a byte order mark first" --config "$tmp/bom.conf" "$page"
cmp -s "$tmp/out" "$tmp/page.txt"; ok $? "config: a byte order mark is not a name"
printf 'text\nlink-ratio = 0.2\0x\nfrobnicate\n' > "$tmp/bad.conf"
run 2 "config: a NUL byte" --config "$tmp/bad.conf" "$page"
same "$tmp/err" "cex: $tmp/bad.conf:2: a NUL byte: not a config file" \
    "config: a NUL byte: message"
perl -e 'print "x" x 500000, " = 1\n"' > "$tmp/bad.conf"
run 2 "config: a long bad line" --config "$tmp/bad.conf" "$page"
same "$tmp/err" "cex: $tmp/bad.conf:1: unknown option '$(printf %060d 0 | tr 0 x)...'" \
    "config: a long bad line: the message quotes 60 bytes"
head -c 2000000 /dev/zero | tr '\0' '#' > "$tmp/bad.conf"
run 2 "config: over 1 MB" --config "$tmp/bad.conf" "$page"
same "$tmp/err" "cex: $tmp/bad.conf: larger than 1048576 bytes: not a config file" \
    "config: over 1 MB: message"
printf 'links = remove\n' > "$tmp/a.conf"
printf 'text\n' > "$tmp/b.conf"
run 0 "two config files" --config "$tmp/a.conf" --config "$tmp/b.conf" \
    t/cases/basic.html
"$CEX" -t --links remove t/cases/basic.html > "$tmp/want"
cmp -s "$tmp/want" "$tmp/out"; ok $? "two config files: both read, in order"
printf 'link-ratio = 0.5\n' > "$tmp/a.conf"
printf 'link-ratio = 1.5e9\n' > "$tmp/b.conf"
run 2 "two config files: the second read after the first" \
    --config "$tmp/a.conf" --config "$tmp/b.conf" "$page"
same "$tmp/err" "cex: $tmp/b.conf:1: invalid number '1.5e9'" \
    "two config files: the second's error"

# Options a method cannot take: only the filters', the methods' and
# --charset.
for o in max-bytes=1 jobs=2 max-depth=3 title url=http://a/ text quiet; do
	run 2 "-m article:$o refused" -m "article:$o" "$page"
	same "$tmp/err" "cex: -m article:$o: '${o%%=*}' is not an option of a method (only the filters', the methods' and --charset)" \
	    "-m article:$o: message"
done
run 0 "-m crunch with filter and charset options" \
    -m crunch:link-ratio=0.2:charset=utf-8:no-images "$page"
run 0 "-m descend with its own option" -m descend:spread=0.5 "$page"

# A method's own options act with it alone: with another, refused.
run 2 "-m article:spread refused" -m article:spread=0.9 "$page"
same "$tmp/err" "cex: -m article:spread=0.9: only with -m descend" \
    "-m article:spread: message"
for o in "--spread 0.5:descend" "--link-quota 0.4:lqf" "--window 20:dsc" \
    "--template-min 2:template" "--title:article" "--lead:article"; do
	opt=${o%%:*}
	run 2 "$opt with the default method refused" -m crunch $opt "$page"
	same "$tmp/err" "cex: ${opt%% *}: only with -m ${o##*:}" \
	    "$opt with another method: message"
done
run 2 "--full with crunch refused" -m crunch --full "$page"
same "$tmp/err" "cex: --full: only with -m descend, -m bte, -m dsc, -m article" \
    "--full with crunch: message"
run 0 "--eval: a method's option for one of the methods" --eval \
    -m descend,article --spread 0.5 t/eval/pkg
printf 'spread = 0.5\n' > "$tmp/spread.conf"
run 2 "a method's option from a config file, another method" \
    --config "$tmp/spread.conf" "$page"
same "$tmp/err" "cex: $tmp/spread.conf:1: only with -m descend" \
    "a method's option from a config file: message names the line"

# Standard input can be read once.
run 2 "- twice" - - < "$page"
same "$tmp/err" "cex: -: standard input can be read only once" "- twice: message"
run 2 "- as a template and an input" -m template --template - < "$page"

# Bounded lists: a host list past 64 MB is refused, not read to its end.
run 2 "--ad-hosts /dev/zero" --ad-hosts /dev/zero "$page"
same "$tmp/err" "cex: /dev/zero: larger than 67108864 bytes: not a host list" \
    "--ad-hosts /dev/zero: message"

# The default ad list.
CEX_DATADIR=$tmp/nodata "$CEX" -t "$page" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ]; ok $? "missing default ad list: exit 1"
grep -q "^cex: $tmp/nodata/adaway-hosts.txt (the default ad list" "$tmp/err"
ok $? "missing default ad list: named"
CEX_DATADIR=$tmp/nodata "$CEX" --no-ads -t "$page" > "$tmp/out"
ok $? "--no-ads needs no list"
mkdir "$tmp/data"
echo "0.0.0.0 ads.example.com" > "$tmp/data/adaway-hosts.txt"
printf '<p><a href="http://ads.example.com/">ad</a> text</p>\n' |
    CEX_DATADIR=$tmp/data "$CEX" -t --link-lists=off > "$tmp/out"
same "$tmp/out" "text" "CEX_DATADIR names the default list's directory"

# An empty input: output empty, exit 0, a notice (none with -q).
printf '' | "$CEX" -t > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/out" ]
ok $? "empty input: exit 0, nothing written"
same "$tmp/err" "cex: -: empty input" "empty input: a notice"
printf '' | "$CEX" -t -q > "$tmp/out" 2> "$tmp/err"
[ $? = 0 ] && [ ! -s "$tmp/err" ]
ok $? "empty input with -q: no notice"

# An option that cannot act on the chosen format: said once, not refused.
"$CEX" -t --keep-images --links keep --keep-images "$page" > "$tmp/out" \
    2> "$tmp/err"
ok $? "-t with --keep-images and --links keep: exit 0"
printf '%s\n' "cex: --keep-images: no effect on text output" \
    "cex: --links: no effect on text output" > "$tmp/want"
cmp -s "$tmp/want" "$tmp/err"
ok $? "-t with --keep-images and --links keep: a warning each, once"
"$CEX" -t --links remove "$page" > /dev/null 2> "$tmp/err"
[ ! -s "$tmp/err" ]; ok $? "-t --links remove acts: no warning"
"$CEX" --format md --keep-meta "$page" > /dev/null 2> "$tmp/err"
same "$tmp/err" "cex: --keep-meta: no effect on markdown output" \
    "--format md --keep-meta: a warning"
"$CEX" --format json --bom "$page" > /dev/null 2> "$tmp/err"
same "$tmp/err" "cex: --bom: no effect on json output" \
    "--format json --bom: a warning"
# libjansson is loaded when metadata is wanted: where it cannot be (an
# empty file in its place), the page's JSON-LD is not read, with a word.
mkdir "$tmp/nolib"
: > "$tmp/nolib/libjansson.so.4"
LD_LIBRARY_PATH="$tmp/nolib" "$CEX" --format json \
    t/cases/meta-ld-escaped.html 2> "$tmp/err" |
    grep -o '"title":"[^"]*"' > "$tmp/out"
same "$tmp/out" '"title":"Ferry timetable"' \
    "no libjansson: the title element's title, not JSON-LD's"
same "$tmp/err" "cex: libjansson.so.4 cannot be loaded: the pages' JSON-LD data is not read" \
    "no libjansson: said once"
"$CEX" --format json --metadata "$page" > /dev/null 2> "$tmp/err"
same "$tmp/err" "cex: --metadata: no effect on json output" \
    "--format json --metadata: a warning (JSON has it always)"
"$CEX" --format json --json-html --keep-images "$page" > /dev/null \
    2> "$tmp/err"
[ ! -s "$tmp/err" ]; ok $? "--json-html: images act, no warning"
"$CEX" -t -q --keep-images "$page" > /dev/null 2> "$tmp/err"
[ ! -s "$tmp/err" ]; ok $? "-q: no warning"

echo "1..$n"
