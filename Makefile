# Two commands on a fresh machine with only Python: `make run` and `make test`.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest clean bench screenshots

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

# Every screen of both games at each phase (phone 412x915, dashboard 1440x900, big screen 1920x1080), each
# checked by axe-core: open tests/e2e/screenshots/tour/<game>/index.html to page through them.
screenshots: $(STAMP)
	bash scripts/ensure-test-services
	$(VENV)/bin/pytest -p no:xdist tests/e2e/test_screens.py
	@echo "Screenshots: tests/e2e/screenshots/tour/deuxrois/index.html, tests/e2e/screenshots/tour/debarquement/index.html"

bench: $(STAMP)
	$(PY) -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
