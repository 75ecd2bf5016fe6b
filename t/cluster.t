#!/bin/sh
# The README's recipe for many machines, GNU parallel over ssh, run as
# the README prints it: an OpenSSH server of the test's own on the
# loopback interface (a host key and a user key made here, a port of its
# own) stands for the machines, reached by two logins; each archive is
# sent, read there by cex, and its JSON Lines come back. Every page of
# every archive must come back once, as cex gives it here.
. "$(dirname "$0")/lib.sh"

sshd=/usr/sbin/sshd
[ -x "$sshd" ] || sshd=sshd
for c in "$sshd" ssh ssh-keygen parallel rsync python3 brotli jq; do
	if ! need "$c" "the recipe over ssh"; then
		echo "1..$n"
		exit 0
	fi
done

# The README's command, its continued lines joined.
recipe() {
	awk -v start="$1" '
	    !on && index($0, "    " start) == 1 { on = 1 }
	    on { line = line substr($0, 5); if (sub(/ \\$/, " ", line)) next
		print line; exit }' README
}

ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key" &&
    ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key" &&
    cp "$tmp/user_key.pub" "$tmp/authorized_keys"
ok $? "a host key and a user key"
mkdir -p "$tmp/bin"
ln -s "$CEX" "$tmp/bin/cex"
port=$(free_port)
cat > "$tmp/sshd_config" <<END
Port $port
ListenAddress 127.0.0.1
HostKey $tmp/host_key
AuthorizedKeysFile $tmp/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $tmp/sshd.pid
SetEnv PATH=$tmp/bin:/usr/local/bin:/usr/bin:/bin
END
cat > "$tmp/ssh_config" <<END
Host node1 node2
	HostName 127.0.0.1
	Port $port
	User $(id -un)
	IdentityFile $tmp/user_key
	IdentitiesOnly yes
	BatchMode yes
	StrictHostKeyChecking no
	UserKnownHostsFile /dev/null
	LogLevel ERROR
END
# sshd run by root wants its privilege separation directory.
[ "$(id -u)" != 0 ] || mkdir -p /run/sshd
"$sshd" -D -e -f "$tmp/sshd_config" 2> "$tmp/sshd.log" &
server=$!
i=0
while [ $i -lt 50 ] && ! ssh -F "$tmp/ssh_config" node1 true 2> /dev/null; do
	sleep 0.1
	i=$((i + 1))
done
ssh -F "$tmp/ssh_config" node2 cex --version > "$tmp/v"
ok $? "sshd on 127.0.0.1:$port answers, and runs cex"
sed 's/^/# /' "$tmp/sshd.log" | head -5

# Four archives, and the two logins as the machines to spread them on.
mkdir "$tmp/w" "$tmp/a"
python3 t/warc/make-archives "$tmp/a"
cp "$tmp/a/edges.warc.gz" "$tmp/w/crawl-1.warc.gz"
cp "$tmp/a/stream.warc.gz" "$tmp/w/crawl-2.warc.gz"
cp "$tmp/a/edges.warc.gz" "$tmp/w/crawl-3.warc.gz"
cp "$tmp/a/stream.warc.gz" "$tmp/w/crawl-4.warc.gz"
printf 'node1\nnode2\n' > "$tmp/w/nodes"
command=$(recipe "parallel --plus --sshloginfile")
[ -n "$command" ]; ok $? "README: the recipe for GNU parallel over ssh"
(cd "$tmp/w" && PATH=$tmp/bin:$PATH \
    PARALLEL_SSH="ssh -F $tmp/ssh_config" sh -c "$command") \
    > "$tmp/out" 2> "$tmp/err"
ok $? "the recipe runs"
sed 's/^/# /' "$tmp/err" | head -10
for k in 1 2 3 4; do
	(cd "$tmp/w" && "$CEX" --format json -q "crawl-$k.warc.gz") \
	    > "$tmp/here-$k.jsonl"
	cmp -s "$tmp/w/crawl-$k.jsonl" "$tmp/here-$k.jsonl"
	ok $? "crawl-$k.jsonl came back, as cex gives it here"
done
cat "$tmp/w"/crawl-*.jsonl | jq -r '.file + " " + .warc_record_id' |
    sort | uniq -d > "$tmp/twice"
[ ! -s "$tmp/twice" ] && [ "$(cat "$tmp/w"/crawl-*.jsonl | wc -l)" = 32 ]
ok $? "every page once: 4 archives of 8 pages"
[ -z "$(ls -d "$HOME"/.parallel/tmp/* 2> /dev/null | grep -v '\.lock$' |
    xargs -r find 2> /dev/null | grep 'crawl-')" ]
ok $? "--cleanup left no archive on the machines"

kill "$server" 2> /dev/null
wait "$server" 2> /dev/null
echo "1..$n"
