# cex: content extraction for HTML. GNU make.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share/cex
MANDIR ?= $(PREFIX)/share/man
DESTDIR ?=

PKG_CONFIG ?= pkg-config
CC ?= cc
CFLAGS ?= -O2 -g
THREADS = -pthread
WARNINGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra
# libuchardet, libidn2, zlib, libbrotlidec and libjansson are loaded
# when a page needs them (lazylib.c): their headers only, here.
DEPS_CFLAGS := $(shell $(PKG_CONFIG) --cflags gumbo libutf8proc uchardet libidn2 \
	zlib libbrotlidec jansson)
DEPS_LIBS := $(shell $(PKG_CONFIG) --libs gumbo libutf8proc) -lm -ldl
GUMBO_VERSION := $(shell $(PKG_CONFIG) --modversion gumbo)
DEFS = -DGUMBO_VERSION='"$(GUMBO_VERSION)"'

SRCS = cex.c dom.c encoding.c eval.c filters.c hosts.c lists.c measure.c \
	url.c json.c meta.c lazylib.c warc.c archive.c \
	guard.c builder.c methods.c template.c batch.c article.c \
	output.c markdown.c front.c
HDRS = cex.h

# SANITIZE=1 builds cex-san with AddressSanitizer and UBSan; check uses it.
ifeq ($(SANITIZE),1)
BUILD = build/san
PROG = cex-san
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
else
BUILD = build/opt
PROG = cex
SANFLAGS =
endif
OBJS = $(SRCS:%.c=$(BUILD)/%.o)
LIBOBJS = $(filter-out $(BUILD)/cex.o,$(OBJS))
CHECKER = $(BUILD)/measure-check
GUARD_CHECKER = $(BUILD)/guard-check

all: $(PROG)

$(PROG): $(OBJS) $(BUILD)/adlist.o
	$(CC) $(CFLAGS) $(THREADS) $(SANFLAGS) $(LDFLAGS) -o $@ $(OBJS) \
		$(BUILD)/adlist.o $(DEPS_LIBS)

# The default ad list, compiled in: its host set as C arrays, written by
# a program that reads it as cex reads a list.
$(BUILD)/hosts-gen: tools/hosts-gen.c $(LIBOBJS) $(HDRS)
	$(CC) $(CFLAGS) $(THREADS) $(SANFLAGS) $(WARNINGS) $(DEPS_CFLAGS) -o $@ \
		tools/hosts-gen.c $(LIBOBJS) $(DEPS_LIBS)
$(BUILD)/adlist.c: data/adaway-hosts.txt $(BUILD)/hosts-gen
	$(BUILD)/hosts-gen data/adaway-hosts.txt > $@.new && mv $@.new $@
$(BUILD)/adlist.o: $(BUILD)/adlist.c
	$(CC) $(CFLAGS) $(SANFLAGS) -c -o $@ $(BUILD)/adlist.c

# The LCS against a plain table, run by t/measure.t.
$(CHECKER): t/measure-check.c $(LIBOBJS) $(HDRS)
	$(CC) $(CFLAGS) $(THREADS) $(SANFLAGS) $(WARNINGS) $(DEPS_CFLAGS) -o $@ \
		t/measure-check.c $(LIBOBJS) $(DEPS_LIBS)

$(BUILD)/%.o: %.c $(HDRS) Makefile
	@mkdir -p $(BUILD)
	$(CC) $(CFLAGS) $(THREADS) $(SANFLAGS) $(WARNINGS) $(DEPS_CFLAGS) $(DEFS) \
		-I$(BUILD) $(CPPFLAGS) -c -o $@ $<

# The data directory is compiled in: paths.h changes, and cex.o is built
# again, only when DATADIR (or PREFIX) does.
$(BUILD)/paths.h: FORCE
	@mkdir -p $(BUILD)
	@echo '#define CEX_DATADIR "$(DATADIR)"' > $@.new
	@if cmp -s $@.new $@; then rm $@.new; else mv $@.new $@; fi
$(BUILD)/cex.o: $(BUILD)/paths.h

# The floor cex is measured against: a plain gumbo parse of each file.
bench/gparse: bench/gparse.c
	$(CC) $(CFLAGS) $(WARNINGS) $(DEPS_CFLAGS) -o $@ $< $(DEPS_LIBS)

# The test package of eval-check and make fuzz's seeds, the packages of
# make eval (all of the development corpus), and the methods scored:
# every method cex has, with the settings their papers tried.
CORPUS ?= ../shared/corpus/aeb-dev
EVAL_PACKAGES ?= ../shared/corpus/aeb-dev \
	$(sort $(wildcard ../shared/corpus/wceb-dev/*))
EVAL_METHODS = plain,crunch,crunch:preset=crunch,crunch:link-lists=off
EVAL_METHODS := $(EVAL_METHODS),descend,lqf:link-quota=0.25,lqf
EVAL_METHODS := $(EVAL_METHODS),lqf:link-quota=0.75,bte,dsc,template
EVAL_METHODS := $(EVAL_METHODS),template:template-min=2,article

# The guard's model of gumbo against gumbo, run by t/guard.t.
$(GUARD_CHECKER): t/guard-check.c $(LIBOBJS) $(HDRS)
	$(CC) $(CFLAGS) $(THREADS) $(SANFLAGS) $(WARNINGS) $(DEPS_CFLAGS) -o $@ \
		t/guard-check.c $(LIBOBJS) $(DEPS_LIBS)

check: $(PROG) $(CHECKER) $(GUARD_CHECKER)
	CEX=./$(PROG) MEASURE_CHECK=./$(CHECKER) GUARD_CHECK=./$(GUARD_CHECKER) \
		CEX_SANITIZED=$(SANITIZE) prove t/

bench/maxrss: bench/maxrss.c
	$(CC) $(CFLAGS) $(WARNINGS) -o $@ $<

bench: cex bench/gparse bench/maxrss build/opt/measure-check
	sh bench/run
	build/opt/measure-check --bench

# make fuzz: the libFuzzer harness over the whole path, FUZZ_TIME seconds
# (default 600) on FUZZ_JOBS processes, with a dictionary of HTML, its
# corpus in build/fuzz-corpus, seeded from the tests' pages and the
# development corpus; what it finds (crashes, and parses out of
# proportion to their input, see fuzz/fuzz.c) goes to build/fuzz-findings,
# and the run goes on after a finding until its time is up.
FUZZ_TIME ?= 600
FUZZ_JOBS ?= 1
FUZZ_SRCS = $(filter-out cex.c,$(SRCS))
build/fuzz/cex-fuzz: fuzz/fuzz.c $(FUZZ_SRCS) $(HDRS)
	@mkdir -p build/fuzz
	clang -O1 -g -pthread -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined $(WARNINGS) $(DEPS_CFLAGS) \
		$(DEFS) -o $@ fuzz/fuzz.c $(FUZZ_SRCS) $(DEPS_LIBS)

fuzz: build/fuzz/cex-fuzz
	@mkdir -p build/fuzz-corpus build/fuzz-findings
	cp t/cases/*.html t/site/*.html t/eval/pkg/*.html build/fuzz-corpus/
	-cp $(CORPUS)/*.html build/fuzz-corpus/ 2>/dev/null
	cd build && fuzz/cex-fuzz -max_total_time=$(FUZZ_TIME) \
		-max_len=16384 -fork=$(FUZZ_JOBS) -ignore_crashes=1 \
		-ignore_timeouts=1 -ignore_ooms=1 \
		-dict=../fuzz/html.dict -timeout=10 \
		-artifact_prefix=fuzz-findings/ fuzz-corpus

# Shingle F1 of every method on every package and on all their pages,
# beside the other extractors' outputs stored with the packages.
eval: cex
	CEX=./cex tools/eval-table '$(EVAL_METHODS)' $(EVAL_PACKAGES)

# cex --eval's shingles against the benchmark's scorer, on every page.
eval-check: cex
	CEX=./cex tools/aeb-agree $(CORPUS) $(subst $(comma), ,$(EVAL_METHODS))

lint:
	mandoc -Tlint -Wwarning man/cex.1

install: cex
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR) \
		$(DESTDIR)$(MANDIR)/man1
	install -m 755 cex $(DESTDIR)$(BINDIR)/cex
	install -p -m 644 data/adaway-hosts.txt $(DESTDIR)$(DATADIR)/
	install -m 644 man/cex.1 $(DESTDIR)$(MANDIR)/man1/cex.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cex $(DESTDIR)$(MANDIR)/man1/cex.1 \
		$(DESTDIR)$(DATADIR)/adaway-hosts.txt
	-rmdir $(DESTDIR)$(DATADIR)

clean:
	rm -rf build cex cex-san bench/gparse bench/maxrss

comma = ,

FORCE:

.PHONY: all check bench eval eval-check fuzz lint install uninstall clean
