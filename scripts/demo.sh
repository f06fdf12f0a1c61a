#!/usr/bin/env bash
# The first command of the README: set up, then play the example fights end to end
# (Palladium rules as written, the house rules, Basic Roleplaying, a Palladium brawl, then
# missiles under the house rules, then a GURPS skirmish).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
PATH="$PWD/.venv/bin:$PATH" bash examples/bar_fight.sh "${1:-bar_fight.db}"
PATH="$PWD/.venv/bin:$PATH" bash examples/house_round.sh "${2:-house_round.db}"
PATH="$PWD/.venv/bin:$PATH" bash examples/brp_duel.sh "${3:-brp_duel.db}"
PATH="$PWD/.venv/bin:$PATH" bash examples/brawl.sh "${4:-brawl.db}"
PATH="$PWD/.venv/bin:$PATH" bash examples/missiles.sh "${5:-missiles.db}"
PATH="$PWD/.venv/bin:$PATH" bash examples/gurps_skirmish.sh "${6:-gurps_skirmish.db}"
