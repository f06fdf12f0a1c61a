#!/usr/bin/env bash
# A fight under the house rules: a surprise pass, then a round of three passes with the
# attacks split over them, a long aimed and called shot, a hold released when its trigger
# comes, a GM ruling, and an undo that puts the clock back. Plays on its seed.
# Usage: bash examples/house_round.sh [DB]  (needs `fracas` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-house_round.db}
source examples/lib/transcript.sh  # say, f (each command printed as it runs), summary
begin
field() {  # field NAME: a top-level field of `fracas --json status`
  fracas --db "$DB" --json status | python3 -c "import json,sys; v=json.load(sys.stdin)['$1']; print('' if v is None else v)"
}

say "House rules on seed 41: three passes a round, NPCs at initiative 10 + bonuses"
f new ambush --seed 41 --variant house
f add examples/sheets/cs_grunt.yaml --id vance --side players
f add examples/sheets/marcus_kell.toml --id marcus --side players
f add examples/sheets/brodkil.json --id brodkil --side opponents

say "The Brodkil springs an ambush: a free single pass; Vance saw it coming and may defend"
f surprise brodkil --aware vance
f strike brodkil marcus --defend none
while [ -n "$(field acting)" ]; do f strike brodkil vance --defend dodge; done
f status

say "Round 2: attacks split over three passes (4 -> 2/1/1, 6 -> 2/2/2)"
f initiative
f status
while [ -n "$(field acting)" ]; do
  who=$(field acting)
  pass=$(field pass)
  case "$who/$pass" in
    vance/1)   f shoot vance brodkil --aimed --called head --range 300 --defend dodge ;;  # 3 attacks, 2 in hand
    marcus/1)  f hold marcus --until "the Brodkil closes in" ;;
    brodkil/1) f strike brodkil vance --defend dodge
               if [ "$(field acting)" = brodkil ]; then
                 f release marcus                                # the trigger: Marcus acts now
                 f strike marcus brodkil --weapon vibro-knife --defend parry
                 f ruling vance --lose-attacks 1 --rule PAL-COND-KNOCKDOWN --note "knocked off his feet"
                 f status
                 f undo                                          # the GM takes the ruling back
                 f status
                 f next
               fi ;;
    *)         f next ;;
  esac
done
f status
f log

say "Replay: every ply re-resolved from the seed gives the same log"
f replay --verify

summary "Rifts house rules: an ambush's surprise pass, a round of three passes, a long aimed and called shot, a held action released, a ruling undone."
printf '\nThe fight is in %s: try `%s`.\n' "$DB" "$(quoted fracas --db "$DB" status)"
