#!/bin/sh
# Web archives in: the hand-made archives of t/warc/make-archives (every
# edge a reader meets, plain, a gzip member a record, one gzip stream,
# cut short, with a bad record), read from files and standard input,
# to standard output and to -o DIR, on one job and several; then an
# archive written by wget --warc-file from a web server on the loopback
# interface, whose charset only the HTTP header gives.
. "$(dirname "$0")/lib.sh"

if ! need python3 "the archives are made by t/warc/make-archives" ||
    ! need brotli "the br content coding of an archive's record" ||
    ! need jq "JSON members of the archive's pages"; then
	echo "1..$n"
	exit 0
fi
a=$tmp/a
mkdir "$a"
python3 t/warc/make-archives "$a"
ok $? "make-archives"

# The pages of edges.warc, in order: each says which edge it is.
cat > "$tmp/pages" <<'END'
Chunked transfer coding
Gzip content coding
Deflate content coding
Brotli content coding
A response block with no HTTP headers
A resource record
Стена гавани достроена
No Content-Type
END
# firsts OUT: the first words of each page, up to a comma or line end.
firsts() {
	awk -v RS='\f\n' '{ sub(/,.*/, ""); sub(/\n.*/, ""); print }' "$1"
}
for f in edges.warc edges.warc.gz stream.warc.gz; do
	(cd "$a" && "$CEX" -t "$f") > "$tmp/out" 2> "$tmp/err"
	ok $? "$f: exit 0"
	[ ! -s "$tmp/err" ]; ok $? "$f: quiet on success"
	firsts "$tmp/out" | cmp -s - "$tmp/pages"
	ok $? "$f: its 8 pages, in order, a form feed line between them"
	firsts "$tmp/out" | diff "$tmp/pages" - | sed 's/^/# /'
done

# JSON: the record's id, capture date, HTTP status and address.
(cd "$a" && "$CEX" --format json edges.warc.gz) > "$tmp/json"
jq -r '[.file, .warc_record_id, .warc_date, (.status // "-"), .url] |
    join(" ")' "$tmp/json" > "$tmp/got" 2>&1
cat > "$tmp/want" <<'END'
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000003> 2024-05-04T10:00:00Z 200 http://site.example/chunked
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000004> 2024-05-05T10:00:00Z 200 http://site.example/gzip
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000005> 2024-05-06T10:00:00Z 200 http://site.example/deflate
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000006> 2024-05-07T10:00:00Z 200 http://site.example/br
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000007> 2024-05-08T10:00:00Z - http://site.example/bare
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000008> 2024-05-09T10:00:00Z - http://site.example/resource
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000012> 2024-05-13T10:00:00Z 200 http://site.example/cyrillic
edges.warc.gz <urn:uuid:00000000-0000-4000-8000-000000000013> 2024-05-14T10:00:00Z 200 http://site.example/sniffed
END
diff -u "$tmp/want" "$tmp/got" > "$tmp/diff"
ok $? "--format json: file, warc_record_id, warc_date, status, url"
sed 's/^/# /' "$tmp/diff"

# libbrotlidec is loaded for the first br record: where it cannot be
# (an empty file in its place), that record is bad, the others read.
mkdir "$tmp/nolib"
: > "$tmp/nolib/libbrotlidec.so.1"
(cd "$a" && LD_LIBRARY_PATH="$tmp/nolib" "$CEX" -t -q edges.warc) \
    > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ]; ok $? "no libbrotlidec: exit 1"
printf '%s\n' "cex: edges.warc: the record at offset 2105: a br content coding, and libbrotlidec.so.1 cannot be loaded" |
    cmp -s - "$tmp/err"
ok $? "no libbrotlidec: the br record named"
grep -vx "Brotli content coding" "$tmp/pages" > "$tmp/pages.7"
firsts "$tmp/out" | cmp -s - "$tmp/pages.7"
ok $? "no libbrotlidec: the other 7 pages"

# Standard input: told by its bytes, or streamed with --warc.
"$CEX" -t < "$a/edges.warc.gz" > "$tmp/out1"
(cd "$a" && "$CEX" -t edges.warc.gz) > "$tmp/out2"
cmp -s "$tmp/out1" "$tmp/out2"
ok $? "an archive on standard input, told by its first bytes"
cat "$a/stream.warc.gz" | "$CEX" -t --warc > "$tmp/out1"
cmp -s "$tmp/out1" "$tmp/out2"
ok $? "--warc: standard input read as an archive, as a stream"

# Several jobs: the same output, in the archive's order.
for j in 2 3; do
	(cd "$a" && "$CEX" --format json -j $j edges.warc.gz) |
	    cmp -s - "$tmp/json"
	ok $? "-j $j: the same JSON Lines as one job"
done

# A last record cut short: named with its offset, exit 1, the pages
# before it written.
printf 'Gzip content coding\nDeflate content coding\n' > "$tmp/two"
(cd "$a" && "$CEX" -t cut.warc.gz) > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ]; ok $? "cut.warc.gz: exit 1"
firsts "$tmp/out" | cmp -s - "$tmp/two"
ok $? "cut.warc.gz: the two pages before the cut"
printf '%s\n' "cex: cut.warc.gz: the record at offset $(cat "$a/cut.offset"): cut short in its fields" \
    "cex: cut.warc.gz: 3 records: 2 pages, 0 other records, 0 not HTML, 0 not 2xx, 1 bad" |
    cmp -s - "$tmp/err"
ok $? "cut.warc.gz: the cut record named with its offset"
sed 's/^/# /' "$tmp/err"

# A record with no Content-Length between two good ones.
(cd "$a" && "$CEX" -t bad.warc) > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ]; ok $? "bad.warc: exit 1"
printf '%s\n' "cex: bad.warc: the record at offset 487: no Content-Length or WARC-Type field" \
    "cex: bad.warc: 3 records: 2 pages, 0 other records, 0 not HTML, 0 not 2xx, 1 bad" |
    cmp -s - "$tmp/err"
ok $? "bad.warc: the bad record and the counts on stderr"
firsts "$tmp/out" | cmp -s - "$tmp/two"
ok $? "bad.warc: the good records on each side of it"

# --max-bytes: a record larger is named, the others written.
(cd "$a" && "$CEX" -t --max-bytes 300 edges.warc) > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q ': larger than --max-bytes$' "$tmp/err"
ok $? "--max-bytes: a larger record is named, exit 1"

# -o DIR: NAME.jsonl for NAME.warc.gz, NAME.txt with -t.
(cd "$a" && "$CEX" --format json -o "$tmp/o" edges.warc.gz &&
    "$CEX" -t -o "$tmp/o" stream.warc.gz)
ok $? "-o: exit 0"
[ "$(cd "$tmp/o" && ls)" = "$(printf 'edges.jsonl\nstream.txt')" ] &&
    cmp -s "$tmp/o/edges.jsonl" "$tmp/json"
ok $? "-o: edges.jsonl and stream.txt, whole"

# The names from a list (--files-from), as Hadoop Streaming and Spark's
# pipe give them: newline- or NUL-separated, - for standard input.
printf '%s\n' "$a/edges.warc" "$a/stream.warc.gz" > "$tmp/list"
"$CEX" -t --files-from "$tmp/list" > "$tmp/out1"
"$CEX" -t "$a/edges.warc" "$a/stream.warc.gz" > "$tmp/out2"
cmp -s "$tmp/out1" "$tmp/out2"
ok $? "--files-from FILE: the archives it names"
printf '%s\0' "$a/edges.warc" "$a/stream.warc.gz" |
    "$CEX" -t --files-from - -0 | cmp -s - "$tmp/out2"
ok $? "--files-from - -0: names on standard input, NUL-separated"

# -m template compares the pages of a site; an archive's are alone.
"$CEX" -m template "$a/edges.warc" "$a/bad.warc" > "$tmp/out" 2> "$tmp/err"
[ $? = 1 ] && grep -q 'a web archive, which -m template does not take$' \
    "$tmp/err"
ok $? "-m template: an archive is refused, exit 1"

# An archive written by wget, from a web server on the loopback: the
# HTTP header gives a page's charset, which the page does not declare.
if need wget "wget --warc-file" && need python3 "the web server"; then
	mkdir "$tmp/site"
	cp t/cases/article.html "$tmp/site/"
	printf '<html><body><div class="story"><p>%s</p></div></body></html>\n' \
	    "Стена гавани достроена, и лодки вернулись в гавань после шторма." |
	    iconv -f UTF-8 -t WINDOWS-1251 > "$tmp/site/ru.html"
	port=$(free_port)
	(cd "$tmp/site" && exec python3 -c '
import http.server, sys
class H(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path):
        return "text/html; charset=" + ("windows-1251"
            if path.endswith("ru.html") else "utf-8")
    def log_message(self, *a):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
' "$port") &
	server=$!
	if listening "$port"; then
		(cd "$tmp" && wget -q --warc-file=crawl --no-warc-keep-log \
		    "http://127.0.0.1:$port/article.html" \
		    "http://127.0.0.1:$port/ru.html" -O /dev/null)
		[ -s "$tmp/crawl.warc.gz" ]; ok $? "wget wrote crawl.warc.gz"
		(cd "$tmp" && "$CEX" --format json crawl.warc.gz) |
		    jq -r '.url + " " + (.text | split("\n")[0])' > "$tmp/got"
		printf '%s\n' "http://127.0.0.1:$port/article.html $(head -1 t/cases/article.text.out)" \
		    "http://127.0.0.1:$port/ru.html Стена гавани достроена, и лодки вернулись в гавань после шторма." |
		    diff - "$tmp/got" > "$tmp/diff"
		ok $? "wget's archive: each page with its address, the charset of its header"
		sed 's/^/# /' "$tmp/diff"
	else
		ok 1 "the web server answers"
	fi
	kill "$server" 2> /dev/null
	wait "$server" 2> /dev/null
fi

echo "1..$n"
