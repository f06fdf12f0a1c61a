#!/usr/bin/env bash
# The first command of the README: set up, then play the example fight end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
PATH="$PWD/.venv/bin:$PATH" bash examples/bar_fight.sh "${1:-bar_fight.db}"
