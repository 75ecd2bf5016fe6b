#!/bin/sh
# cex --eval and -m. t/eval/pkg holds pages whose scores were worked out
# by hand (t/eval/README); t/eval/expected.tsv and expected.summary are
# the output on it, without the timings, which vary. Then the agreement
# with the benchmark's scorer, methods with settings, and the errors.
. "$(dirname "$0")/lib.sh"
TAB=$(printf "\t")

methods=plain,crunch:link-ratio=0.5
"$CEX" --eval -m "$methods" t/eval/pkg t/eval/other/ > "$tmp/tsv" \
    2> "$tmp/err"
ok $? "--eval on two packages exits 0"
[ ! -s "$tmp/err" ]
ok $? "--eval is quiet on success"
cut -f1-5,7- "$tmp/tsv" | diff -u t/eval/expected.tsv - > "$tmp/diff"
ok $? "--eval rows: one header, a row per page and method, summaries"
sed 's/^/# /' "$tmp/diff"
awk -F '\t' 'NR > 1 && !($6 > 0) { bad = 1 } END { exit bad }' "$tmp/tsv"
ok $? "--eval: seconds per kB on every row"

"$CEX" --eval --summary -m "$methods" t/eval/pkg t/eval/other/ |
    sed -E '/  chars  /s/  +[0-9.e+-]+$/  S/' > "$tmp/summary"
diff -u t/eval/expected.summary "$tmp/summary" > "$tmp/diff"
ok $? "--summary: the table of each package"
sed 's/^/# /' "$tmp/diff"

# Names, .meta files and a README that are not UTF-8: the output is.
mkdir "$tmp/notutf8"
bad=$(printf 'p\376')
printf 'A package \377 of bad bytes\n' > "$tmp/notutf8/README"
printf '<p>one two three</p>' > "$tmp/notutf8/$bad.html"
printf 'one two three\n' > "$tmp/notutf8/$bad.txt"
printf 'ke\375y: val\374ue\n' > "$tmp/notutf8/$bad.meta"
"$CEX" --eval -m 'plain,crunch:remove=\373' "$tmp/notutf8" > "$tmp/tsv" &&
    "$CEX" --eval --summary -m 'plain,crunch:remove=\373' "$tmp/notutf8" \
    > "$tmp/summary"
ok $? "--eval on names, meta and README that are not UTF-8: exit 0"
iconv -f UTF-8 -t UTF-8 "$tmp/tsv" > /dev/null 2>&1 &&
    iconv -f UTF-8 -t UTF-8 "$tmp/summary" > /dev/null 2>&1
ok $? "--eval: the TSV and the summary are valid UTF-8"
fffd=$(printf '\357\277\275')
grep -q "^$tmp/notutf8${TAB}p$fffd${TAB}plain${TAB}" "$tmp/tsv" &&
    grep -q "${TAB}val${fffd}ue\$" "$tmp/tsv" &&
    grep -q "A package $fffd of bad bytes" "$tmp/summary"
ok $? "--eval: each byte that is not UTF-8 is U+FFFD"

# By hand (t/eval/README): partial has characters 20 of 23 and 22.
grep -q "^t/eval/pkg${TAB}partial${TAB}plain${TAB}1${TAB}31${TAB}0.869565${TAB}0.909091${TAB}0.888889${TAB}" \
    t/eval/expected.tsv
ok $? "expected.tsv holds the hand-computed character scores"

"$CEX" --eval t/eval/other | cut -f3 | sed 1d | tr '\n' ' ' > "$tmp/m"
[ "$(cat "$tmp/m")" = "plain article plain article " ]
ok $? "--eval without -m: plain and article"

# The benchmark's own scorer, where it is (not on a fresh clone).
if command -v python3 > /dev/null && [ -x ../shared/bin/aeb-score ]; then
	CEX=$CEX tools/aeb-agree t/eval/pkg plain crunch > "$tmp/agree"
	ok $? "shingles agree with aeb-score to three decimals"
	sed 's/^/# /' "$tmp/agree"
else
	n=$((n + 1))
	echo "ok $n # SKIP no ../shared/bin/aeb-score to compare with"
fi

# make eval's table: cex's rows from --eval, a peer's from its stored
# output scored by aeb-score (here a stand-in that gives one line).
mkdir -p "$tmp/c/set" "$tmp/c/set-peers/tool_x"
cp -r t/eval/pkg "$tmp/c/set/p1"
cp -r t/eval/other "$tmp/c/set/p2"
echo '{}' > "$tmp/c/set-peers/tool_x/p1.json"
printf '#!/bin/sh\necho "x 0.480 0.400 0.600"\n' > "$tmp/score"
chmod +x "$tmp/score"
CEX=$CEX AEB_SCORE=$tmp/score tools/eval-table plain,article \
    "$tmp/c/set/p1" "$tmp/c/set/p2" > "$tmp/table"
cat > "$tmp/expected" <<'END'
Shingle F1 by package (mean precision and recall per page, as
aeb-score; all = every page of the packages together):
  1 p1  2 p2
                                      1      2    all
cex -m plain                      0.214  0.857  0.280
cex -m article                    0.214  1.000  0.293
tool-x                            0.480      -      -
END
diff -u "$tmp/expected" "$tmp/table" > "$tmp/diff"
ok $? "eval-table: methods and peers by package, and all pages"
sed 's/^/# /' "$tmp/diff"

# -m outside --eval: one method, with its settings.
"$CEX" -m crunch:link-lists=off:no-keep-links t/cases/linklists.html |
    cmp -s - t/cases/linklists.off.out
ok $? "-m crunch:SETTING:SETTING is crunch with those options"
"$CEX" --link-lists=cells -m crunch:link-lists=off \
    t/cases/linklists.html | cmp -s - t/cases/linklists.off.out
ok $? "-m settings win over the command line's"
printf 'method = plain\n' > "$tmp/conf"
"$CEX" -t --config "$tmp/conf" t/cases/basic.html |
    cmp -s - t/cases/basic.plain-text.out
ok $? "method in a config file"
"$CEX" -t --config "$tmp/conf" -m crunch t/cases/basic.html |
    cmp -s - t/cases/basic.text.out
ok $? "-m on the command line wins over the config file"

# usage ARGS...: a usage error, exit status 2, a message, no output.
usage() {
	"$CEX" "$@" > "$tmp/out" 2> "$tmp/err"
	[ $? = 2 ] && [ -s "$tmp/err" ] && [ ! -s "$tmp/out" ]
	ok $? "usage error: $*"
}
usage --eval
usage --eval -o "$tmp" t/eval/pkg
usage --summary t/eval/pkg/same.html
usage -m nope t/eval/pkg/same.html
usage -m plain,crunch t/eval/pkg/same.html
usage -m crunch:text t/eval/pkg/same.html
usage -m crunch:output-dir=x t/eval/pkg/same.html
usage -m crunch:link-ratio=x t/eval/pkg/same.html
usage -m crunch:no-such-option t/eval/pkg/same.html
usage -m crunch:link-ratio t/eval/pkg/same.html
usage -m "" t/eval/pkg/same.html
usage --eval -m crunch,bogus t/eval/pkg

# A package with a page without gold text and a page that is a
# directory: both named, the others scored, exit status 1.
mkdir -p "$tmp/bad/c.html" "$tmp/empty"
cp t/eval/pkg/same.html t/eval/pkg/same.txt "$tmp/bad/"
cp t/eval/pkg/same.html "$tmp/bad/b.html"
"$CEX" --eval -m plain "$tmp/bad" "$tmp/missing" "$tmp/empty" t/eval/other \
    > "$tmp/out" 2> "$tmp/err"
ok $(($? != 1)) "--eval with bad pages and packages exits 1"
grep -qx "cex: $tmp/bad/b.txt: No such file or directory" "$tmp/err"
ok $? "a missing gold text is named"
grep -qx "cex: $tmp/bad/c.html: Is a directory" "$tmp/err"
ok $? "an unreadable page is named"
grep -qx "cex: $tmp/missing: No such file or directory" "$tmp/err"
ok $? "a missing package is named"
grep -qx "cex: $tmp/empty: no pages (NAME.html) in this test package" \
    "$tmp/err"
ok $? "an empty package is named"
[ "$(wc -l < "$tmp/err")" = 4 ]
ok $? "four errors, four messages"
awk -F '\t' '$2 == "" { print $1 "|" $4 }' "$tmp/out" > "$tmp/counts"
printf '%s\n' "$tmp/bad|1" "t/eval/other|1" "|2" | cmp -s - "$tmp/counts"
ok $? "the good pages are scored, the other packages too, and all together"

"$CEX" --eval t/eval/other > /dev/full 2> "$tmp/err"
ok $(($? != 1)) "--eval > /dev/full exits 1"
grep -q '^cex: write error' "$tmp/err"
ok $? "--eval > /dev/full says so"

echo "1..$n"
