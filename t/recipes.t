#!/bin/sh
# The README's recipes for pipelines, each run as the README prints it,
# with cex on the PATH: curl from a local web server, find with xargs,
# GNU parallel, jq on JSON Lines. (t/doc.t runs the others.)
. "$(dirname "$0")/lib.sh"

# recipe START: the README's command line that begins with START.
recipe() {
	grep "^    $1" README | head -1 | sed 's/^    //'
}

# run COMMAND: runs it in $tmp/r with cex on the PATH; stdout to
# $tmp/out, stderr to $tmp/err.
run() {
	(cd "$tmp/r" && PATH="$tmp/bin:$PATH" sh -c "$1") > "$tmp/out" \
	    2> "$tmp/err"
}

mkdir -p "$tmp/bin" "$tmp/r/saved/more" "$tmp/r/out"
ln -s "$CEX" "$tmp/bin/cex"
cp examples/page.html "$tmp/r/saved/page.html"
cp t/cases/text.html "$tmp/r/saved/text.html"
cp t/cases/article.html "$tmp/r/saved/more/article.html"
for f in page text article; do
	"$CEX" -t "$(find "$tmp/r/saved" -name "$f.html")" > "$tmp/$f.txt"
done

# same_outputs NAMES: out/NAME.txt is cex -t of each page, and out holds
# nothing else.
same_outputs() {
	for f in "$@"; do
		cmp -s "$tmp/$f.txt" "$tmp/r/out/$f.txt" || return 1
	done
	[ "$(ls "$tmp/r/out" | wc -l)" = $# ]
}

command=$(recipe "find saved ")
[ -n "$command" ]; ok $? "README: the find and xargs recipe"
run "$command" && [ ! -s "$tmp/err" ] && same_outputs page text article
ok $? "find | xargs -P 2: every page of the tree, in out/"
rm -f "$tmp/r/out"/*

if need parallel "GNU parallel"; then
	command=$(recipe "parallel ")
	[ -n "$command" ]; ok $? "README: the GNU parallel recipe"
	run "$command" && [ ! -s "$tmp/err" ] && same_outputs page text
	ok $? "parallel -X: every page of the folder, in out/"
fi

if need jq "JSON read by jq"; then
	command=$(recipe "cex --format json saved")
	[ -n "$command" ]; ok $? "README: the jq recipe"
	run "$command" &&
	    printf '%s\n' "Lighthouse keepers of the north coast" \
	    "Not in the text" |
	    cmp -s - "$tmp/out"
	ok $? "cex --format json | jq -r .title: a title a page"
fi

# curl from a web server on the loopback interface.
if need python3 "the web server" && need curl "curl"; then
	port=$(free_port)
	(cd "$tmp/r/saved" && exec python3 -m http.server "$port" \
	    --bind 127.0.0.1) > /dev/null 2>&1 &
	server=$!
	trap 'kill $server 2> /dev/null; rm -rf "$tmp"' EXIT
	listening "$port"
	command=$(recipe "curl -s ")
	[ -n "$command" ]; ok $? "README: the curl recipe"
	run "$(printf '%s\n' "$command" |
	    sed "s|https://example.org/|http://127.0.0.1:$port/page.html|")" &&
	    cmp -s "$tmp/page.txt" "$tmp/out"
	ok $? "curl -s URL | cex -t: the page's text"
	kill $server
fi
echo "1..$n"
