#!/bin/sh
# The bit-parallel LCS of the evaluation against the plain table
# (t/measure-check.c, built by make check).
. "$(dirname "$0")/lib.sh"
check=${MEASURE_CHECK:-build/opt/measure-check}
if [ ! -x "$check" ]; then
	echo "1..0 # SKIP $check not built (make check builds it)"
	exit 0
fi
exec "$check"
