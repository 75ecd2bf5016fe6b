#!/bin/sh
# --metadata says in each format what --format json says: on the pages
# of t/cases that hold metadata and on every page of the metadata
# corpus where it is ($CEX_META_CORPUS, default ../shared/corpus/meta-dev),
# - the HTML it writes, read again by cex, gives the same metadata;
# - the YAML front matter of Markdown, read by a YAML parser (PyYAML),
#   and the key: value lines of -t are JSON's members, values and lists.
# The exact output of each format is in t/cases (meta-og.*, meta-escape.*).
. "$(dirname "$0")/lib.sh"

if ! need jq "JSON members" || ! need python3 "the YAML parser"; then
	echo "1..$n"
	exit 0
fi

mkdir -p "$tmp/pages"
cp t/cases/meta-*.html "$tmp/pages/"
sets="$tmp/pages"
meta=${CEX_META_CORPUS:-../shared/corpus/meta-dev}
[ -d "$meta" ] && sets="$sets $meta"

# The metadata of JSON lines on stdin, without what is not metadata, in
# the order of the input names.
fields() {
	jq -c 'del(.file, .method, .text)'
}

for pages in $sets; do
	case $pages in
	"$tmp"/*) label="t/cases/meta-*";;
	*) label=$pages;;
	esac
	rm -rf "$tmp/out"
	mkdir -p "$tmp/out/html" "$tmp/out/md" "$tmp/out/txt"
	"$CEX" -q --format json "$pages"/*.html | fields > "$tmp/json"
	"$CEX" -q --metadata -o "$tmp/out/html" "$pages"/*.html
	"$CEX" -q --format json "$tmp/out/html"/*.html | fields > "$tmp/again"
	cmp -s "$tmp/json" "$tmp/again"
	ok $? "$label: --metadata's HTML read again gives the same metadata"
	diff "$tmp/json" "$tmp/again" | head -4 | sed 's/^/# /'

	"$CEX" -q --metadata --format md -o "$tmp/out/md" "$pages"/*.html
	"$CEX" -q --metadata -t -o "$tmp/out/txt" "$pages"/*.html
	ls "$pages"/*.html | sed 's,.*/,,; s,\.html$,,' > "$tmp/names"
	python3 - "$tmp/json" "$tmp/names" "$tmp/out" > "$tmp/diff" <<'EOF'
import json, sys
try:
    import yaml
except ImportError:
    yaml = None
jsonl, names, out = sys.argv[1:]
names = open(names, encoding="utf-8").read().split("\n")[:-1]
lists = ("author", "categories", "tags")
bad = {"md": 0, "txt": 0}
for name, line in zip(names, open(jsonl, encoding="utf-8")):
    want = {k: v for k, v in json.loads(line).items() if v is not None}
    md = open(f"{out}/md/{name}.md", encoding="utf-8").read()
    if yaml is not None and want:
        head, _, body = md[4:].partition("\n---\n")
        try:
            got = yaml.safe_load(head) if md.startswith("---\n") else None
        except yaml.YAMLError:
            got = None
        if got != want:
            print(f"# front matter differs: {name}")
            bad["md"] += 1
    got = {}
    txt = open(f"{out}/txt/{name}.txt", encoding="utf-8").read()
    for kv in txt.split("\n\n")[0].split("\n") if want else []:
        k, _, v = kv.partition(": ")
        if k in lists:
            got.setdefault(k, []).append(v)
        else:
            got[k] = v
    if got != want:
        print(f"# key: value lines differ: {name}")
        bad["txt"] += 1
print("yaml" if yaml is not None else "no-yaml", bad["md"], bad["txt"])
EOF
	set -- $(tail -n 1 "$tmp/diff")
	grep '^#' "$tmp/diff" | head -4
	if [ "$1" = yaml ]; then
		[ "$2" = 0 ]
		ok $? "$label: the front matter is JSON's metadata"
	elif [ -n "${CEX_NEED_ALL:-}" ]; then
		ok 1 "python3-yaml is installed (the YAML parser)"
	else
		n=$((n + 1))
		echo "ok $n # skip python3-yaml is not installed (the YAML parser)"
	fi
	[ "$3" = 0 ]
	ok $? "$label: -t's key: value lines are JSON's metadata"
done

echo "1..$n"
