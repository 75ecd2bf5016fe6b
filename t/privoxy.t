#!/bin/sh
# cex as Crunch was used, as a filtering web proxy: a real Privoxy with
# contrib/privoxy's filter and action files in a configuration of its
# own on a loopback port, in front of a local web server; curl fetches
# pages through it. Runs where privoxy, python3 and curl are installed.
. "$(dirname "$0")/lib.sh"

need privoxy "the proxy" && need python3 "the web server" &&
    need curl "the browser" || { echo "1..$n"; exit 0; }

px=$tmp/privoxy
mkdir -p "$px/tmp" "$px/www/news"
pids=
trap 'kill $pids 2> /dev/null; chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT

# The site: a cluttered article in windows-1252, a portal of links, a
# style sheet.
printf '%s\n' '<!DOCTYPE html>' \
    '<html><head><meta charset="windows-1252"><title>Harbour news</title>' \
    '<link rel="stylesheet" href="../style.css"></head><body>' \
    '<nav><a href="/">Home</a> <a href="/news/">News</a> <a href="/sport/">Sport</a></nav>' \
    '<article><h1>The harbour wall</h1>' \
    '<div class="share"><a href="/s/1">Share this story</a></div>' \
    "<p>The harbour wall was rebuilt this spring, stone by stone, after the winter storms had opened a breach wide enough for a rowing boat.</p>" \
    "<p>The masons worked at low tide and the caf$(printf '\351') on the quay stayed open for them until late every evening.</p>" \
    '</article>' \
    '<section class="comments"><h2>Comments</h2><p>First!</p></section>' \
    '<footer><a href="/privacy">Privacy</a></footer></body></html>' \
    > "$px/www/news/wall.html"
printf '%s\n' '<html><head><title>Portal</title></head><body>' \
    '<ul><li><a href="/a">Mail</a></li><li><a href="/b">Maps</a></li></ul>' \
    '</body></html>' > "$px/www/portal.html"
printf 'body { color: black }\n' > "$px/www/style.css"

# The web server and the proxy, with the files of contrib/privoxy, cex
# named by its path here.
hport=$(free_port)
(cd "$px/www" && exec python3 -m http.server "$hport" --bind 127.0.0.1) \
    > "$px/http.log" 2>&1 &
pids="$pids $!"
pport=$(free_port)
sed "s|^/usr/local/bin/cex |$CEX |" contrib/privoxy/cex.filter \
    > "$px/cex.filter"
cp contrib/privoxy/cex.action "$px/cex.action"
cat > "$px/config" <<CONF
confdir $px
logdir $px
logfile privoxy.log
temporary-directory $px/tmp
listen-address 127.0.0.1:$pport
actionsfile cex.action
filterfile cex.filter
debug 1
debug 4096
CONF
privoxy --no-daemon "$px/config" > "$px/privoxy.out" 2>&1 &
pids="$pids $!"
listening "$hport" && listening "$pport"
ok $? "the web server and Privoxy listen"

# get PATH: the page at PATH through the proxy, to $tmp/got.
get() {
	curl -s -x "http://127.0.0.1:$pport" \
	    "http://127.0.0.1:$hport$1" > "$tmp/got"
}

get /news/wall.html
grep -q "^$(printf '\357\273\277')<!DOCTYPE html>" "$tmp/got"
ok $? "article: a whole document after a byte order mark"
grep -q '<meta charset="utf-8"><title>Harbour news</title>' "$tmp/got"
ok $? "article: its title, in a document that says it is UTF-8"
grep -q '<h1>The harbour wall</h1>' "$tmp/got"
ok $? "article: its heading"
grep -q 'stone by stone' "$tmp/got" &&
    grep -q "the caf$(printf '\303\251') on the quay" "$tmp/got"
ok $? "article: its text came through, windows-1252 read and written as UTF-8"
! grep -q -e 'Share this' -e 'First!' -e Privacy -e Sport "$tmp/got"
ok $? "article: without menu, share link, comments and footer"
get /portal.html
cmp -s "$px/www/portal.html" "$tmp/got"
ok $? "a page without content comes through unchanged"
get /style.css
cmp -s "$px/www/style.css" "$tmp/got"
ok $? "a style sheet is not given to cex"

# Privoxy tells cex the page's address; cex reports it in JSON. Privoxy
# reads a filter file again when it changes.
sed "s|--full --title --fallback --bom --quiet\$|--format json|" "$px/cex.filter" \
    > "$px/cex.filter.new"
touch -d '1 minute' "$px/cex.filter.new"
mv "$px/cex.filter.new" "$px/cex.filter"
get /news/wall.html
grep -q "\"url\":\"http://127.0.0.1:$hport/news/wall.html\"" "$tmp/got"
ok $? "cex reads the page's address from PRIVOXY_URL"
grep -q '"title":"The harbour wall"' "$tmp/got"
ok $? "... and the JSON comes through the proxy"

kill $pids 2> /dev/null
wait 2> /dev/null
pids=
echo "1..$n"
