# Two entry points a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The runtime lock alone for `make run`; the test tools on top for `make test`.
TEST_STAMP := $(VENV)/.installed-test
# `make lock` pins from pyproject.toml with pip-tools; the index options stay out of the files.
LOCK_FLAGS := --quiet --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links --no-emit-trusted-host

.PHONY: run play test test-fast browser postgresql lint bench lock i18n examples clean

run: $(STAMP)  ## set up, then serve the web app at http://127.0.0.1:8000
	$(BIN)/whistdrive serve

play: $(STAMP)  ## a terminal game of German Whist against the computer
	$(BIN)/whistdrive play german

test: $(TEST_STAMP) browser postgresql  ## set up, then run the whole test suite (doctests, ruff and mypy included)
	$(BIN)/python -m pytest -n 2 --dist loadgroup

test-fast: $(TEST_STAMP) postgresql  ## the inner loop: the suite without the browser and the slow tests (under 2 minutes)
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not browser and not slow"

browser:  ## Debian's Chromium for the browser tests (test tools cannot download browsers here)
	@bash scripts/install-chromium.sh

postgresql:  ## Debian's PostgreSQL server for the storage tests (they start and stop their own)
	@bash scripts/install-postgresql.sh

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

POT := build/messages.pot

i18n: $(TEST_STAMP)  ## refresh the translation catalogue from the code (babel.cfg), then translate the new entries
	mkdir -p build
	PYTHONPATH=src $(BIN)/pybabel extract -F babel.cfg --no-location --sort-output -o $(POT) .
	$(BIN)/pybabel update -i $(POT) -d src/whistdrive/locale -D messages --ignore-obsolete \
		--no-fuzzy-matching -w 120

examples: $(STAMP)  ## rebuild the worked examples' records (src/whistdrive/examples/*.json) with scripts/build_examples.py
	$(BIN)/python scripts/build_examples.py

bench: $(TEST_STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b; done

lock: $(STAMP)  ## re-pin requirements.lock (runtime) and requirements-test.lock (runtime + test tools)
	$(BIN)/pip install --quiet pip-tools
	$(BIN)/pip-compile $(LOCK_FLAGS) --output-file requirements.lock pyproject.toml
	$(BIN)/pip-compile $(LOCK_FLAGS) --extra test --constraint requirements.lock \
		--output-file requirements-test.lock pyproject.toml

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP) requirements-test.lock
	$(BIN)/pip install --quiet -r requirements.lock -r requirements-test.lock
	touch $(TEST_STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build src/*.egg-info
