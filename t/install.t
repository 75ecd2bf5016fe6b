#!/bin/sh
# make install and make uninstall, from a copy of the sources built
# afresh: PREFIX and DESTDIR are honoured, the installed cex finds the
# ad list where PREFIX put it (or in CEX_DATADIR), and man reads the
# installed page.
. "$(dirname "$0")/lib.sh"

# make in the copy, without the flags and variables of a make check
# above this test (make SANITIZE=1 check passes SANITIZE down).
mk() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u SANITIZE \
	    make -s -C "$tmp/src" "$@" \
	    > "$tmp/make.log" 2>&1
}

mkdir "$tmp/src"
cp -R ./*.c ./*.h Makefile man data tools "$tmp/src/"
root=$tmp/root
mk -j2 install DESTDIR="$root" PREFIX=/usr
ok $? "make install DESTDIR=... PREFIX=/usr"
for f in usr/bin/cex usr/share/man/man1/cex.1 usr/share/cex/adaway-hosts.txt; do
	[ -f "$root/$f" ]; ok $? "installed $f"
done
[ -x "$root/usr/bin/cex" ]; ok $? "the program is executable"
[ -z "$(find "$root" -type f | grep -v -e /usr/bin/cex -e /cex.1 -e /adaway-hosts.txt)" ]
ok $? "nothing else installed"

# The installed program: its data directory is PREFIX's (which is not
# there yet, without DESTDIR), or CEX_DATADIR.
"$root/usr/bin/cex" -t examples/page.html > /dev/null 2> "$tmp/err"
grep -q "^cex: /usr/share/cex/adaway-hosts.txt (the default ad list" \
    "$tmp/err"
ok $? "the installed cex looks for its ad list under PREFIX"
CEX_DATADIR=$root/usr/share/cex "$root/usr/bin/cex" -t examples/page.html \
    > "$tmp/out"
ok $? "the installed cex runs with CEX_DATADIR"
"$CEX" -t examples/page.html | cmp -s - "$tmp/out"
ok $? "the installed cex gives what the tested one gives"

# The list compiled in stands for the installed one while that has its
# size and time (make install keeps the time): a file of other bytes
# but the same size and time is not read; an updated list is.
list=$root/usr/share/cex/adaway-hosts.txt
ad='<p>Text <a href="http://ad.doubleclick.net/x">an ad</a> <a href="http://new-ads.example/y">a new ad</a></p>'
cp -p "$list" "$tmp/list.orig"
tr 'a-z' 'b-za' < "$tmp/list.orig" > "$list"
touch -r "$tmp/list.orig" "$list"
printf '%s\n' "$ad" | CEX_DATADIR=$root/usr/share/cex \
    "$root/usr/bin/cex" -t -m crunch --link-lists=off > "$tmp/out"
same_text() { printf '%s\n' "$1" | cmp -s - "$tmp/out"; }
same_text "Text a new ad"
ok $? "the compiled-in list, for a list file of the same size and time"
cp -p "$tmp/list.orig" "$list"
printf '0.0.0.0 new-ads.example\n' >> "$list"
printf '%s\n' "$ad" | CEX_DATADIR=$root/usr/share/cex \
    "$root/usr/bin/cex" -t -m crunch --link-lists=off > "$tmp/out"
same_text "Text"
ok $? "a list updated since the build is read"
cp -p "$tmp/list.orig" "$list"
if need man "man -l on the installed page"; then
	MANWIDTH=80 man -l "$root/usr/share/man/man1/cex.1" 2> "$tmp/err" |
	    sed 's/.\x08//g' > "$tmp/man"
	grep -q 'cex . extract the content of HTML pages' "$tmp/man" &&
	    [ ! -s "$tmp/err" ]
	ok $? "man -l reads the installed page"
fi

mk uninstall DESTDIR="$root" PREFIX=/usr
ok $? "make uninstall"
[ -z "$(find "$root" -type f)" ]; ok $? "make uninstall removes every file"

# The default PREFIX.
mk install DESTDIR="$root"
[ -x "$root/usr/local/bin/cex" ] &&
    [ -f "$root/usr/local/share/cex/adaway-hosts.txt" ]
ok $? "make install DESTDIR=...: PREFIX is /usr/local"
"$root/usr/local/bin/cex" -t examples/page.html > /dev/null 2> "$tmp/err"
grep -q "^cex: /usr/local/share/cex/adaway-hosts.txt" "$tmp/err"
ok $? "... and cex looks there"
echo "1..$n"
