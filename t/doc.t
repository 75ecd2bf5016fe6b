#!/bin/sh
# The documentation says what cex does: the manual page lints clean and
# documents every option of --help (and names no other); the README's
# commands and recipes run as written; .ci/run installs and tests as the
# README says.
. "$(dirname "$0")/lib.sh"

# options FILE: the long options a text names, one a line (not the
# "--" inside a word: an IDNA name's xn--).
options() {
	grep -oP -- '(?<![A-Za-z0-9])--[a-z][a-z-]*[a-z]' "$1" | sort -u
}

# only_known FILE WHAT: every option FILE names is one of --help's.
only_known() {
	unknown=$(options "$1" | grep -vxF -f "$tmp/help.opts" | tr '\n' ' ')
	[ -z "$unknown" ]
	ok $? "$2 names only options cex has"
	[ -z "$unknown" ] || echo "# unknown: $unknown"
}

"$CEX" --help > "$tmp/help"
options "$tmp/help" > "$tmp/help.opts"

# The manual page.
if command -v mandoc > /dev/null; then
	lint=$(mandoc -Tlint -Wwarning man/cex.1 2>&1)
	[ -z "$lint" ]
	ok $? "man page lints clean"
	[ -z "$lint" ] || printf '%s\n' "$lint" | sed 's/^/# /'
	mandoc -Tascii -Owidth=120 man/cex.1 | sed 's/.\x08//g' > "$tmp/man"
else
	ok 1 "mandoc is installed (the README's set-up installs it)"
	: > "$tmp/man"
fi
missing=$(options "$tmp/man" | grep -vxF -f - "$tmp/help.opts" | tr '\n' ' ')
[ -z "$missing" ]
ok $? "man page documents every option of --help"
[ -z "$missing" ] || echo "# missing: $missing"
only_known "$tmp/man" "man page"
# The README's recipes give other programs options of their own.
grep -v -e '--plus' -e '--sshloginfile' -e '--return' -e '--warc-file' \
    README > "$tmp/readme"
only_known "$tmp/readme" "README (but other programs' options)"

# The README's set-up and test commands are what .ci/run runs.
setup=$(grep -o 'apt-get install -y .* mandoc perl' README | sed 's/-y /-y -qq /')
grep -qF "$setup" .ci/run
ok $? "README and .ci/run install the same packages"
setup=$(grep -o 'apt-get install -y privoxy .*' README | sed 's/-y /-y -qq /')
[ -n "$setup" ] && grep -qxF "\$sudo $setup" .ci/run
ok $? "README and .ci/run install the same programs for the tests"
grep -qx '    make check && make check SANITIZE=1' README &&
    grep -qx 'make check && make check SANITIZE=1' .ci/run
ok $? "README and .ci/run run the same test command"

# The README's first run.
"$CEX" -t examples/page.html > "$tmp/first"
ok $? "first run on examples/page.html"
grep -q "^For more than a century, the lights along the north coast" "$tmp/first" &&
    ! grep -q -e Archive -e Privacy -e Search "$tmp/first"
ok $? "first run: the article without the menu, footer and form"

# example WHAT COMMAND VERB: the README's example of WHAT, the command
# beginning with COMMAND, writes what the README shows: the indented
# lines after "VERB (t/doc.t checks it):" up to the next paragraph.
mkdir -p "$tmp/bin"
ln -sf "$CEX" "$tmp/bin/cex"
example() {
	command=$(grep "^    $2 " README | head -1 | sed 's/^    //')
	awk -v verb="$3" '$0 == verb " (t/doc.t checks it):" { on = 1; next }
	    on && /^[^ ]/ { exit }
	    on { sub(/^    /, ""); print }' README | sed '1d;$d' \
	    > "$tmp/example.want"
	[ -n "$command" ] && [ -s "$tmp/example.want" ] &&
	    (PATH="$tmp/bin:$PATH"; eval "$command") > "$tmp/example.got" &&
	    cmp -s "$tmp/example.want" "$tmp/example.got"
	ok $? "README: the $1 example writes what the README shows"
	diff -u "$tmp/example.want" "$tmp/example.got" | sed 's/^/# /'
}
example Markdown "cex --format md" writes
if need jq "the README's JSON example"; then
	example JSON "cex --format json --url" prints
fi

# The README's batch conversion, run where the README's paths exist.
mkdir -p "$tmp/batch/saved"
cp examples/page.html "$tmp/batch/saved/one.html"
cp t/cases/text.html "$tmp/batch/saved/two.html"
(cd "$tmp/batch" && mkdir out && "$CEX" -t -o out saved/*.html)
ok $? "README batch command"
"$CEX" -t t/cases/text.html | cmp -s - "$tmp/batch/out/two.txt"
ok $? "README batch command: out/NAME.txt"

# The README's Makefile, as printed (indented four spaces there).
mkdir -p "$tmp/mk/html"
sed -n '/^    # Convert html\/NAME.html/,/^$/p' README | sed 's/^    //' \
    > "$tmp/mk/Makefile"
cp examples/page.html "$tmp/mk/html/a.html"
cp t/cases/text.html "$tmp/mk/html/b.html"
make -s -C "$tmp/mk" -j2 CEX="$CEX" > /dev/null 2>&1
ok $? "README Makefile runs with make -j2"
"$CEX" -t t/cases/text.html | cmp -s - "$tmp/mk/txt/b.txt"
ok $? "README Makefile: txt/NAME.txt"
touch -d '2 minutes ago' "$tmp/mk/html/a.html" "$tmp/mk/html/b.html"
touch -d '1 minute ago' "$tmp/mk/txt/a.txt" "$tmp/mk/txt/b.txt"
touch "$tmp/mk/html/a.html"
make -C "$tmp/mk" CEX="$CEX" > "$tmp/mk.log" 2>&1
grep -q 'a\.html' "$tmp/mk.log" && ! grep -q 'b\.html' "$tmp/mk.log"
ok $? "README Makefile rebuilds only the page that changed"

# The manual's examples, run in a directory holding what they name, with
# cex on the PATH; all but the one that fetches a page from the network.
mkdir -p "$tmp/ex/bin" "$tmp/ex/saved" "$tmp/ex/out" "$tmp/ex/html"
ln -s "$CEX" "$tmp/ex/bin/cex"
cp examples/page.html "$tmp/ex/page.html"
cp examples/page.html "$tmp/ex/saved/page.html"
cp examples/page.html "$tmp/ex/html/page.html"
cp -R t/eval/pkg "$tmp/ex/gold"
cp -R t/site "$tmp/ex/site"
sed -n '/^EXAMPLES/,/^SEE ALSO/p' "$tmp/man" | sed 's/^ *//' > "$tmp/examples"
sed -n '/^\$ cat crunch.conf$/,/^\$ cex/p' "$tmp/examples" | sed '1d;$d' \
    > "$tmp/ex/crunch.conf"
grep -q '^link-lists = cells$' "$tmp/ex/crunch.conf"
ok $? "man page example: the configuration file"
grep '^\$ ' "$tmp/examples" | grep -v -e '^\$ cat ' -e '://' |
    sed 's/^\$ //' > "$tmp/commands"
[ "$(wc -l < "$tmp/commands")" -ge 3 ]
ok $? "man page examples: found the commands"
while IFS= read -r command; do
	# A command of a pipeline that is not installed: skipped.
	installed=yes
	for program in $(printf '%s\n' "$command" | tr '|' '\n' |
	    awk '{ print $1 }'); do
		[ "$program" = cex ] ||
		    need "$program" "man page example" || installed=no
	done
	[ $installed = yes ] || continue
	# It writes something: to standard output, to the file it
	# redirects to, or to out/.
	rm -rf "$tmp/ex/out"
	target=$(printf '%s\n' "$command" | sed -n 's/.*> *\([^ ]*\)$/\1/p')
	(cd "$tmp/ex" && PATH="$tmp/ex/bin:$PATH" sh -c "$command" \
	    > "$tmp/ex.stdout" 2> "$tmp/ex.stderr") &&
	    [ ! -s "$tmp/ex.stderr" ] &&
	    { [ -s "$tmp/ex.stdout" ] ||
	    { [ -n "$target" ] && [ -s "$tmp/ex/$target" ]; } ||
	    [ -n "$(find "$tmp/ex/out" -type f -size +0 2> /dev/null)" ]; }
	ok $? "man page example runs: $command"
done < "$tmp/commands"
line=$(grep '^/usr/local/bin/cex ' contrib/privoxy/cex.filter)
[ -n "$line" ] && grep -qxF "$line" "$tmp/examples"
ok $? "man page example: the Privoxy filter, as contrib/privoxy has it"
{
	printf 'all: txt/page.txt\n'
	sed -n '/^txt\/%.txt: html\/%.html$/,/^$/p' "$tmp/examples" |
	    sed '1!s/^/\t/'
} > "$tmp/ex/Makefile"
PATH="$tmp/ex/bin:$PATH" make -s -C "$tmp/ex" > /dev/null 2>&1 &&
    "$CEX" -t examples/page.html | cmp -s - "$tmp/ex/txt/page.txt"
ok $? "man page example: the make rule"

echo "1..$n"
