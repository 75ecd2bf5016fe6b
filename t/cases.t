#!/bin/sh
# Runs each case of t/cases: NAME.args holds the arguments (shell words),
# the input is NAME.html (or BASE.html for a case named BASE.VARIANT),
# NAME.out the exact expected standard output. An HTML case is also run
# on its own output: filtering cex's output again must not change it
# (but for the methods whose output is a fragment of the page).
CEX=${CEX:-./cex}
cd "$(dirname "$0")/.." || exit 1
n=0
for args in t/cases/*.args; do
	name=${args%.args}
	input=$name.html
	[ -f "$input" ] || input=${name%.*}.html
	n=$((n + 1))
	eval "set -- $(cat "$args")"
	if "$CEX" "$@" "$input" > "$name.got" 2> "$name.err" &&
	    cmp -s "$name.out" "$name.got"; then
		echo "ok $n - $(basename "$name")"
	else
		echo "not ok $n - $(basename "$name")"
		cat "$name.err" | sed 's/^/# /'
		diff -u "$name.out" "$name.got" | sed 's/^/# /'
	fi
	# Methods that keep a part of the page give a fragment, which is
	# another page, and JSON and Markdown are not HTML: only the others
	# must give their output back.
	case " $* " in
	*" -t "*|*" --text "*|*" --format json "*|*" --format md "*|*" --format markdown "*|*" -m descend "*|*" -m bte "*|*" -m dsc "*|*" -m article "*) ;;
	*)
		n=$((n + 1))
		if "$CEX" "$@" < "$name.got" > "$name.again" 2>&1 &&
		    cmp -s "$name.got" "$name.again"; then
			echo "ok $n - $(basename "$name") again"
		else
			echo "not ok $n - $(basename "$name") again"
			diff -u "$name.got" "$name.again" | sed 's/^/# /'
		fi
		rm -f "$name.again";;
	esac
	rm -f "$name.got" "$name.err"
done
echo "1..$n"
