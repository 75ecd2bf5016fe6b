#!/bin/sh
# Every page of a test package (default ../shared/corpus/aeb-dev, or
# $CEX_CORPUS) in both output modes: exit 0, nothing on stderr, valid
# UTF-8, and HTML output that filtering again leaves unchanged.
CEX=${CEX:-./cex}
cd "$(dirname "$0")/.." || exit 1
corpus=${CEX_CORPUS:-../shared/corpus/aeb-dev}
if [ ! -d "$corpus" ]; then
	echo "1..0 # SKIP no corpus at $corpus"
	exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
n=0
for page in "$corpus"/*.html; do
	name=$(basename "$page" .html)
	for mode in html text; do
		n=$((n + 1))
		flag=; [ $mode = text ] && flag=-t
		if ! "$CEX" $flag "$page" > "$tmp/out" 2> "$tmp/err" ||
		    [ -s "$tmp/err" ]; then
			echo "not ok $n - $name $mode: exit or stderr"
			sed 's/^/# /' "$tmp/err"
		elif ! iconv -f UTF-8 -t UTF-8 < "$tmp/out" > /dev/null 2>&1; then
			echo "not ok $n - $name $mode: invalid UTF-8"
		elif [ $mode = html ] && ! "$CEX" < "$tmp/out" > "$tmp/again" ||
		    { [ $mode = html ] && ! cmp -s "$tmp/out" "$tmp/again"; }; then
			echo "not ok $n - $name $mode: not idempotent"
		else
			echo "ok $n - $name $mode"
		fi
	done
done
echo "1..$n"
