# Hearts in the browser: setup, build, play, test, bench, dist.
# Every target is idempotent; stamp files make repeated runs skip work.
SHELL := /bin/bash
.DEFAULT_GOAL := help
PORT ?= 8000
PY := .venv/bin/python
# Extra options: `make bench ARGS=--quick`, `make bench-ai ARGS="--hands 1"`,
# `make test PYTEST_ARGS="-k storage"` (tests/test_readme_commands.py runs
# every command the README names in such a short form).
ARGS ?=
PYTEST_ARGS ?=
# `make test` runs pytest in one process (TEST_PROCESSES=0). `make test
# TEST_PROCESSES=2` runs it in two (pytest-xdist; tests that must share one
# process carry an xdist_group mark): 27.8 min against 28.1 in one, not the default:
# in the first whole run in two processes, 9 of e2e/test_play_page.py's phone
# tests timed out beside the README's benchmarks (docs/testing.md).
TEST_PROCESSES ?= 0
CHROMIUM := /usr/lib/chromium/chromium
# Debian's browsers for the tests, and a file each installs: apt runs only
# when one is missing. firefox-esr and webkit2gtk-driver (WebKitWebDriver,
# and MiniBrowser through libwebkit2gtk-4.1-0) run the Firefox and WebKit
# smoke (e2e/test_browsers.py), under xvfb's Xvfb.
DEBIAN_PACKAGES := chromium firefox-esr webkit2gtk-driver xvfb
BROWSER_FILES := $(CHROMIUM) /usr/bin/firefox-esr /usr/bin/WebKitWebDriver /usr/bin/Xvfb
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Everything the build reads (directories too, so added/removed files count).
BUILD_INPUTS := $(shell find hearts i18n assets -not -path '*/__pycache__*' 2>/dev/null) \
	index.html manifest.webmanifest sw.js tools/build.py tools/cardart.py tools/page_only.py tools/pyc_compile.py \
	tools/stdlib_compile.py tools/in_pyodide.mjs

.PHONY: help setup build play test bench bench-ai bench-review dist clean

help:
	@echo "make play   - install what is needed, build, serve on http://127.0.0.1:$(PORT)/"
	@echo "make test   - install what is needed, build, run all tests (unit + browser)"
	@echo "make bench  - boot benchmark: our page vs bare Pyodide, Chromium, Firefox, WebKit, a slow first visit"
	@echo "make bench-ai - opponents' thinking time and long tasks in the browser"
	@echo "make bench-review - a hand's review in the browser: its time, long tasks, ratio to CPython"
	@echo "make dist   - copy the publishable static site to dist/"
	@echo "make setup | build | clean"

setup: .venv/.stamp node_modules/.stamp $(BROWSER_FILES)

.venv/.stamp: requirements-dev.txt
	test -x $(PY) || python3 -m venv .venv
	$(PY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@

# PUPPETEER_SKIP_DOWNLOAD: puppeteer-core drives Debian's Firefox; no
# package may fetch a browser of its own.
node_modules/.stamp: package-lock.json package.json
	PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund
	touch $@

# One apt run installs whatever is missing (a grouped target: once, not per file).
$(BROWSER_FILES) &:
	$(SUDO) apt-get update
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(DEBIAN_PACKAGES)

build: setup build/.stamp

build/.stamp: $(BUILD_INPUTS) .venv/.stamp node_modules/.stamp
	$(PY) tools/build.py
	touch $@

play: build
	@echo "Hearts: http://127.0.0.1:$(PORT)/  (Ctrl+C stops)"
	$(PY) -m http.server --bind 127.0.0.1 $(PORT)

# mypy first (its settings and files in pyproject.toml): a type error fails
# the run in seconds, before the browsers start.
test: build
	$(PY) -m mypy
	$(PY) -m pytest -n $(TEST_PROCESSES) --dist loadgroup $(PYTEST_ARGS)

bench: build
	$(PY) bench/boot_bench.py $(ARGS)

bench-ai: build
	$(PY) bench/ai_browser.py $(ARGS)

bench-review: build
	$(PY) bench/review_browser.py $(ARGS)

dist: build
	$(PY) tools/build.py --dist dist
	@echo "dist/ is ready: copy it to any static host, any sub-path."

clean:
	rm -rf build dist
