#!/usr/bin/env bash
# A Basic Roleplaying fight (--system brp, hit locations on): Ilsa Varg's broadsword and Mara
# Quist's revolver against a bandit with spear and shield. Two rounds of DEX ranks: a parry,
# an aimed shot at a called location, a special success that gets through a parry, then
# undo/redo, a what-if branch, and replay. The dice that make the story are entered by hand
# with --dice, as a table's physical dice would be; every other die comes from the seed.
# Usage: bash examples/brp_duel.sh [DB]  (needs `fracas` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-brp_duel.db}
source examples/lib/transcript.sh  # say, f (each command printed as it runs), summary
begin
field() {  # field NAME: a top-level field of `fracas --json status`
  fracas --db "$DB" --json status | python3 -c "import json,sys; v=json.load(sys.stdin)['$1']; print('' if v is None else v)"
}

say "A new encounter under Basic Roleplaying, hit locations on, seed 77"
f new brp-duel --seed 77 --system brp --option hit_locations=on
f add examples/sheets/brp/ilsa_varg.toml --id ilsa --side heroes
f add examples/sheets/brp/gunman.json --id mara --side heroes
f add examples/sheets/brp/bandit.yaml --id bandit --side bandits
f actions --system brp

say "Round 1: the statement of intent, the powers phase, then the DEX ranks counted down"
f initiative
f next
f next
f status

say "DEX 15: Ilsa's broadsword (rolled 40 of 55); the bandit parries with his shield (30 of 45)"
f attack ilsa bandit --dice 40
f defend bandit parry --weapon "round shield" --dice 30

say "DEX 14: Mara aims her revolver at the bandit's right arm: 5 ranks of aim offset the called location"
f attack mara bandit --weapon revolver --aim 5 --location right_arm --range 10

say "DEX 11: the bandit's spear at Ilsa (45 of 50), who dodges (22 of 40); at DEX 9 Mara's shot goes off (17 of 60)"
f attack bandit ilsa --defend dodge --dice 45,22,17
f defend bandit none   # he has attacked and parried this round: two of three, so no defence left
f status

say "Round 2: Ilsa's blow is a special success (09 of 55): it gets through a plain parry"
f initiative
f next
f next
f attack ilsa bandit --dice 9
f defend bandit parry --weapon "round shield" --dice 30
f status

say "The log, and Ilsa's special explained roll by roll"
f log
f explain "main~0"

say "Undo the last ply, look, and redo it: the same dice come back"
f undo
f status
f redo

say "A what-if: in round 2 the bandit dodges instead, and rolls a critical (01): it stops even a special"
before=$(( $(field head) - 1 ))
f branch what-if --at "$before" --switch
f defend bandit dodge --dice 1
f status
f branches
f switch main

say "Replay: verify every ply from the seed"
f replay --verify
f replay --verify --branch what-if

summary "Basic Roleplaying with hit locations: a parry, an aimed shot at a called location, a special success through a parry; undo and redo; a what-if where a critical dodge stops it."
printf '\nThe fight is in %s: try `%s`.\n' "$DB" "$(quoted fracas --db "$DB" status)"
