#!/bin/sh
# Batches: -j N gives the same bytes as one job, on standard output (in
# input order) and in -o files; bad inputs are named and the rest done;
# a fatal signal, a file size limit or memory running out leaves no
# temporary file behind; memory running out fails only the page it ran
# out on.
. "$(dirname "$0")/lib.sh"
corpus=${CEX_CORPUS:-../shared/corpus/aeb-dev}
set -- t/cases/*.html t/site/*.html
[ -d "$corpus" ] && set -- "$@" "$corpus"/*.html

"$CEX" -t "$@" > "$tmp/one" 2> /dev/null
"$CEX" -t -j 2 "$@" > "$tmp/two" 2> /dev/null
cmp -s "$tmp/one" "$tmp/two"
ok $? "-j 2: standard output the same as one job, in input order"
"$CEX" "$@" > "$tmp/one" 2> /dev/null
"$CEX" -j 3 "$@" > "$tmp/two" 2> /dev/null
cmp -s "$tmp/one" "$tmp/two"
ok $? "-j 3, HTML: the same"
mkdir "$tmp/o1" "$tmp/o2"
"$CEX" -t -o "$tmp/o1" "$@" 2> /dev/null
"$CEX" -t -j 2 -o "$tmp/o2" "$@" 2> /dev/null
diff -r "$tmp/o1" "$tmp/o2" > /dev/null
ok $? "-j 2 -o: the same files"

"$CEX" -t -j 2 t/cases/basic.html "$tmp/missing" t/cases/text.html \
    "$tmp" > "$tmp/out" 2> "$tmp/err"
ok $(($? != 1)) "-j 2 with bad inputs: exit 1"
grep -q "^cex: $tmp/missing: No such file or directory$" "$tmp/err" &&
    grep -q "^cex: $tmp: Is a directory$" "$tmp/err"
ok $? "-j 2: bad inputs named"
"$CEX" -t t/cases/basic.html t/cases/text.html | cmp -s - "$tmp/out"
ok $? "-j 2: the good inputs written, in order"
"$CEX" -t -j 2 "$@" > /dev/full 2> "$tmp/err"
ok $(($? != 1)) "-j 2 > /dev/full: exit 1"
grep -q "^cex: write error" "$tmp/err"
ok $? "-j 2 > /dev/full: says so"

for j in 0 65 x; do
	"$CEX" -j $j t/cases/text.html > /dev/null 2>&1
	ok $(($? != 2)) "-j $j: usage error"
done

# A page of 2 MB, slow enough to be caught while being written.
perl -e 'print "<p>", "word " x 400000, "</p>\n"' > "$tmp/big.html"
mkdir "$tmp/fsize"
(ulimit -f 100; "$CEX" -t -o "$tmp/fsize" "$tmp/big.html") 2> "$tmp/err"
ok $(($? != 1)) "over the file size limit: exit 1"
grep -q "^cex: $tmp/fsize/big.txt: File too large$" "$tmp/err"
ok $? "over the file size limit: named"
[ -z "$(ls -A "$tmp/fsize")" ]
ok $? "over the file size limit: no file left"

# killed SIGNAL: cex -o on many copies of the big page, signalled while
# it works, five times at different moments; it must die of the signal
# and leave only whole outputs.
killed() {
	bad=0 left=0 broken=0
	for delay in 0.1 0.2 0.3 0.4 0.5; do
		rm -rf "$tmp/sig"
		mkdir -p "$tmp/sig/out"
		i=0
		while [ $i -lt 40 ]; do
			ln -s "$tmp/big.html" "$tmp/sig/page$i.html"
			i=$((i + 1))
		done
		# perl restores the signal's default, which a shell's
		# background job would otherwise ignore.
		perl -e '$SIG{INT} = $SIG{TERM} = "DEFAULT"; exec @ARGV' \
		    "$CEX" -t -j 2 -o "$tmp/sig/out" "$tmp"/sig/page*.html &
		pid=$!
		sleep $delay
		kill -s "$1" $pid
		wait $pid 2> /dev/null
		[ $? -gt 128 ] || bad=$((bad + 1))
		ls "$tmp/sig/out" | grep -qv '^page[0-9]*\.txt$' &&
		    left=$((left + 1))
		for f in "$tmp"/sig/out/*.txt; do
			[ -e "$f" ] || continue
			cmp -s "$f" "$tmp/big.txt" || broken=$((broken + 1))
		done
	done
	[ $bad = 0 ]
	ok $? "SIG$1 during -o: cex stops ($bad of 5 did not)"
	[ $left = 0 ]
	ok $? "SIG$1 during -o: no temporary file left ($left of 5 left some)"
	[ $broken = 0 ]
	ok $? "SIG$1 during -o: the outputs there are whole"
}
"$CEX" -t "$tmp/big.html" > "$tmp/big.txt"
killed TERM
killed INT

# A batch of 5,000 small pages with -j 2, killed a hundred times at
# random moments (SIGHUP, SIGINT and SIGTERM in turn): no temporary file
# may be left, and cex must die of the signal.
mkdir "$tmp/many"
perl -e 'for (1 .. 5000) { open my $f, ">", "$ARGV[0]/p$_.html" or die;
    print $f "<p>page $_ of a batch</p>\n" }' "$tmp/many"
left=0 survived=0 k=0
while [ $k -lt 100 ]; do
	case $((k % 3)) in 0) sig=HUP;; 1) sig=INT;; 2) sig=TERM;; esac
	rm -rf "$tmp/many-out"
	mkdir "$tmp/many-out"
	perl -e '$SIG{HUP} = $SIG{INT} = $SIG{TERM} = "DEFAULT"; exec @ARGV' \
	    "$CEX" -t -j 2 -o "$tmp/many-out" "$tmp"/many/*.html &
	pid=$!
	perl -e "srand($k); select undef, undef, undef, rand(0.3)"
	kill -s $sig $pid 2> /dev/null
	wait $pid 2> /dev/null
	[ $? -gt 128 ] || survived=$((survived + 1))
	ls "$tmp/many-out" | grep -qv '^p[0-9]*\.txt$' && left=$((left + 1))
	k=$((k + 1))
done
[ $left = 0 ]
ok $? "5,000 pages, killed 100 times: no temporary file left ($left runs left some)"
[ $survived -lt 10 ]
ok $? "5,000 pages, killed 100 times: killed while working ($survived runs ended first)"

# Memory that runs out in the parse of one page (32 MB of paragraphs,
# which takes some 900 MB) fails that page alone: named, exit status 1,
# the other pages written, no temporary file; --fallback passes the
# page through. Not under the sanitizers, which reserve address space.
if [ "${CEX_SANITIZED:-0}" != 1 ]; then
	perl -e 'print "<p>x</p>" x 4000000' > "$tmp/huge.html"
	mkdir "$tmp/oom"
	(ulimit -v 300000; exec "$CEX" -t -q -j 2 -o "$tmp/oom" \
	    "$tmp/huge.html" t/cases/*.html) 2> "$tmp/err"
	ok $(($? != 1)) "out of memory on one page: exit 1"
	same_err=$(printf 'cex: %s: Cannot allocate memory' "$tmp/huge.html")
	[ "$(cat "$tmp/err")" = "$same_err" ]
	ok $? "out of memory on one page: the page named, once"
	[ "$(ls "$tmp/oom" | wc -l)" = "$(ls t/cases/*.html | wc -l)" ] &&
	    ! ls "$tmp/oom" | grep -q -e '^huge' -e '\.txt\.'
	ok $? "out of memory on one page: the others written, no temporary file"
	(ulimit -v 300000; exec "$CEX" -t -q --fallback "$tmp/huge.html") \
	    2> /dev/null | cmp -s - "$tmp/huge.html"
	ok $? "out of memory on one page: --fallback writes it unchanged"
fi
echo "1..$n"
