"""make bench: readability-lxml (Debian python3-readability) over the
pages named on the command line, in one process; prints nothing."""
import sys

from readability import Document

for path in sys.argv[1:]:
    with open(path, "rb") as f:
        Document(f.read()).summary()
