# Two entry points a new user needs: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run play test browser lint bench i18n clean

run: $(STAMP)  ## set up, then serve the web app at http://127.0.0.1:8000
	$(BIN)/whistdrive serve

play: $(STAMP)  ## a terminal game of German Whist against the computer
	$(BIN)/whistdrive play german

test: $(STAMP) browser  ## set up, then run the whole test suite
	$(BIN)/python -m pytest -n 2 --dist loadgroup

browser:  ## Debian's Chromium for the browser tests (test tools cannot download browsers here)
	@bash scripts/install-chromium.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

POT := build/messages.pot

i18n: $(STAMP)  ## refresh the translation catalogue from the code (babel.cfg), then translate the new entries
	mkdir -p build
	PYTHONPATH=src $(BIN)/pybabel extract -F babel.cfg --no-location --sort-output -o $(POT) .
	$(BIN)/pybabel update -i $(POT) -d src/whistdrive/locale -D messages --ignore-obsolete \
		--no-fuzzy-matching -w 120

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b; done

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache build src/*.egg-info
