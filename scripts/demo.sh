#!/usr/bin/env bash
# The first command of the README: set up, then play the example fights end to end
# (Palladium rules as written, the house rules, Basic Roleplaying, a Palladium brawl, then
# missiles under the house rules, then a GURPS skirmish), each command printed exactly as it
# runs, and at the end a summary of the fights and what each showed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$PWD/.venv/bin:$PATH"
FRACAS_DEMO_SUMMARY=$(mktemp)  # each fight adds its summary here (examples/lib/transcript.sh)
export FRACAS_DEMO_SUMMARY
trap 'rm -f "$FRACAS_DEMO_SUMMARY"' EXIT
bash examples/bar_fight.sh "${1:-bar_fight.db}"
bash examples/house_round.sh "${2:-house_round.db}"
bash examples/brp_duel.sh "${3:-brp_duel.db}"
bash examples/brawl.sh "${4:-brawl.db}"
bash examples/missiles.sh "${5:-missiles.db}"
bash examples/gurps_skirmish.sh "${6:-gurps_skirmish.db}"
printf '\n======== The demo played %s fights, each in its own file (in %s):\n\n' \
  "$(grep -c '^[^ ]' "$FRACAS_DEMO_SUMMARY")" "$PWD"
cat "$FRACAS_DEMO_SUMMARY"
