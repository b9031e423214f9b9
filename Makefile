# Two commands on a fresh machine with only Python: `make run` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest clean bench

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/deuxrois serve --host 0.0.0.0 --port $(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check app tests bench
	$(VENV)/bin/lint-imports --no-cache

typecheck: $(STAMP)
	$(VENV)/bin/mypy --strict app

pytest: $(STAMP)
	bash scripts/ensure-test-services
	$(VENV)/bin/pytest -n 2

test: lint typecheck pytest

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
