# midiroll — build, test, demo and benchmark on a Debian machine.
# `make demo` and `make test` install what is missing first (`make deps`).

export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift
PREFIX ?= /usr/local
# libsmf (second reader), midicsv (test oracle), real MIDI files for tests, rsvg-convert (render
# tests), jsonschema (schema tests); FluidSynth and a General MIDI SoundFont (`render OUT.wav`, the
# `FluidSynth` trait; the `fluidsynth` program is the benchmark's reference).
APT_PACKAGES = libsmf-dev pkg-config midicsv openttd-openmsx planetblupi-music-midi librsvg2-bin \
  python3-jsonschema libfluidsynth-dev timgm6mb-soundfont fluidsynth
RELEASE_BIN = .build/release
# Python packages the tests read outputs with (clients nobody here wrote), in a virtual environment
# under .build so the machine's Python stays as it is. Tests find it through MIDIROLL_PYTHON.
VENV = .build/venv
PYTHON = $(VENV)/bin/python3
PIP_PACKAGES = numpy scipy pypianoroll mido selenium jsonschema
export MIDIROLL_PYTHON := $(abspath $(PYTHON))

.PHONY: deps apt-deps venv build test test-asan fuzz demo bench lint format install clean

deps: apt-deps venv

venv: $(VENV)/.installed

$(VENV)/.installed: Makefile
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	$(PYTHON) -m pip install -q --disable-pip-version-check $(PIP_PACKAGES)
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
	$(SWIFT) build -c release

test: deps
	$(SWIFT) test

# The whole test suite under AddressSanitizer, in its own build folder (the binaries the CLI
# tests run too). Optimized, as users run midiroll: on 2 cores the debug build under ASan
# takes 12 minutes with its build (10 of them testing), the release build 5. LeakSanitizer is off: it
# reports Swift runtime and Foundation allocations that are never freed by design (and its
# exit code would fail the CLI tests).
test-asan: deps
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
	  $(SWIFT) test -c release --scratch-path .build-asan --sanitize=address

# libFuzzer targets (Sources/Fuzz), FUZZ_SECONDS each; corpus and findings in .build-fuzz.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = fuzz-smf-reader fuzz-json-reader
fuzz: deps
	for target in $(FUZZ_TARGETS); do \
	  $(SWIFT) build -c release --scratch-path .build-fuzz --product $$target \
	    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING || exit 1; \
	done
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh Sources/Fuzz/fuzz.sh .build-fuzz/release $(FUZZ_TARGETS)

demo: build
	@sh Samples/demo.sh $(RELEASE_BIN)/midiroll Samples demo

# Speed, side by side with libsmf, symusic and mido (pip install symusic mido), as ratios; then
# batch over the real corpus copied 50 times with --jobs 1 and --jobs 2. Not part of `make test`.
bench: deps
	$(SWIFT) build -c release --product midiroll-bench
	$(SWIFT) build -c release --product midiroll
	$(RELEASE_BIN)/midiroll-bench
	sh Benchmarks/batch.sh $(RELEASE_BIN)/midiroll

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests

format:
	$(SWIFT) format format -i -r Package.swift Sources Tests

install: build
	install -d $(PREFIX)/bin
	install -m 755 $(RELEASE_BIN)/midiroll $(PREFIX)/bin/midiroll

clean:
	rm -rf .build demo
