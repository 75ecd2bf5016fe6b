# Sourced by the tests: run from the top of the tree, $CEX the binary
# under test as an absolute path, $tmp a directory removed at exit, and
# ok STATUS DESCRIPTION to print one TAP line (status 0 passes).
CEX=${CEX:-./cex}
cd "$(dirname "$0")/.." || exit 1
case $CEX in /*) ;; *) CEX=$(pwd)/$CEX;; esac
tmp=$(mktemp -d) || exit 1
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
n=0

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

# need COMMAND WHY: whether COMMAND is installed. If not, says so as a
# skipped test; with CEX_NEED_ALL set (as CI sets it, having installed
# everything), as a failed one.
need() {
	command -v "$1" > /dev/null && return 0
	n=$((n + 1))
	if [ -n "${CEX_NEED_ALL:-}" ]; then
		echo "not ok $n - $1 is installed ($2)"
	else
		echo "ok $n # skip $1 is not installed ($2)"
	fi
	return 1
}

# free_port: a free port on the loopback interface (python3).
free_port() {
	python3 -c 'import socket
s = socket.socket()
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])'
}

# listening PORT: waits until a web server answers on PORT (5 s at most).
listening() {
	i=0
	while [ $i -lt 50 ]; do
		curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
