#!/usr/bin/env bash
# A GURPS skirmish (--system gurps): Sir Aldric, broadsword and shield, against Bruno's club
# and Vic Moran's SMG. One-second turns in Basic Speed order: a parry with a retreat, a
# rapid-fire burst met by a dodge, an All-Out Attack, a blow to the neck that is a major wound
# with its knockdown roll; then undo/redo, a what-if branch, and replay. The dice that make
# the story are entered by hand with --dice (a 3d6 roll is three faces); every other die
# comes from the seed.
# Usage: bash examples/gurps_skirmish.sh [DB]  (needs `fracas` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-gurps_skirmish.db}
source examples/lib/transcript.sh  # say, f (each command printed as it runs), summary
begin
field() {  # field NAME: a top-level field of `fracas --json status`
  fracas --db "$DB" --json status | python3 -c "import json,sys; v=json.load(sys.stdin)['$1']; print('' if v is None else v)"
}

say "A new encounter under GURPS, seed 77"
f new gurps-skirmish --seed 77 --system gurps
f add examples/sheets/gurps/sir_aldric.toml --id aldric --side knights
f add examples/sheets/gurps/vic_moran.json --id vic --side thugs
f add examples/sheets/gurps/bruno.yaml --id bruno --side thugs
f actions --system gurps

say "The turn sequence, once: Basic Speed, then DX, then 1d (Aldric 6.25, Vic 5.75/DX 12, Bruno 5.75/DX 11)"
f initiative --dice 3,4,5
f status

say "Second 1. Aldric's broadsword (11 of 15); Bruno parries with his club, retreating (8 of 10)"
f attack aldric bruno --dice 3,4,4
f defend bruno parry --retreat --dice 2,3,3

say "Vic fires 5 rounds from the SMG at 5 yards (+1 RoF, -2 range): 8 of 13, 3 hits; Aldric dodges one (a shield cannot block bullets)"
f attack vic aldric --weapon smg --rof 5 --range 5 --dice 2,3,3
f defend aldric dodge --dice 3,4,4,3,4,2,5

say "Bruno goes All-Out (Determined, +4): his club at Aldric, who fails his parry"
f maneuver bruno all-out-attack --mode determined
f attack bruno aldric --weapon club --defend parry --dice 4,4,4,5,5,5,2,3
f status

say "Second 2 began by itself. Aldric, in shock, cuts at Bruno's neck (-5): Bruno has no defence after his All-Out Attack"
f attack aldric bruno --location neck --dice 1,2,2,4,5,5,4
f status

say "The log, and the blow explained roll by roll"
f log
f explain "main~0"

say "Undo the last ply, look, and redo it: the same dice come back"
f undo
f status
f redo

say "A what-if: Aldric strikes at the skull (-7) instead, and fumbles"
before=$(( $(field head) - 1 ))
f branch what-if --at "$before" --switch
f attack aldric bruno --location skull --dice 5,5,5
f status
f branches
f switch main

say "Replay: verify every ply from the seed"
f replay --verify
f replay --verify --branch what-if

summary "GURPS in one-second turns: a retreating parry, a rapid-fire burst, an All-Out Attack, a blow to the neck that is a major wound with its knockdown roll; undo and redo; a what-if that fumbles."
printf '\nThe fight is in %s: try `%s`.\n' "$DB" "$(quoted fracas --db "$DB" status)"
