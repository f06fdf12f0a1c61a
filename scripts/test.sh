#!/usr/bin/env bash
# The test command of the README: set up, then lint, format check, type check, and the tests.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh -m slow` for the long batteries).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== ruff check";         .venv/bin/ruff check .
echo "== ruff format --check"; .venv/bin/ruff format --check .
echo "== mypy";               .venv/bin/mypy
echo "== pytest"
set +e
.venv/bin/python -m pytest -q -m "not slow" "$@"
code=$?
set -e
if [ "$code" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure here" >&2
  exit 1
fi
exit "$code"
