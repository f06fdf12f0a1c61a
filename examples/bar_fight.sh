#!/usr/bin/env bash
# The example fight: two humans in M.D.C. armor against a Brodkil, a supernatural
# Mega-Damage brute. Plays one melee round on its seed, then shows undo/redo, a what-if
# branch, and replay. Usage: bash examples/bar_fight.sh [DB]  (needs `fracas` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-bar_fight.db}
source examples/lib/transcript.sh  # say, f (each command printed as it runs), summary
begin
field() {  # field NAME: a top-level field of `fracas --json status`
  fracas --db "$DB" --json status | python3 -c "import json,sys; v=json.load(sys.stdin)['$1']; print('' if v is None else v)"
}
attacks_left() {
  fracas --db "$DB" --json status | python3 -c "import json,sys; print(next(c['apm_left'] for c in json.load(sys.stdin)['combatants'] if c['id']=='$1'))"
}

say "A new encounter, rules as written, on seed 2187"
f new bar-fight --seed 2187 --variant raw
f add examples/sheets/marcus_kell.toml --id marcus --side players
f add examples/sheets/cs_grunt.yaml --id vance --side players
f add examples/sheets/brodkil.json --id brodkil --side opponents

say "Round 1: initiative, then each fighter spends one attack per turn until all are spent"
f initiative
punched=no
while [ -n "$(field acting)" ]; do
  who=$(field acting)
  case "$who" in
    brodkil)
      if [ "$punched" = no ] && [ "$(attacks_left brodkil)" -ge 2 ]; then
        punched=yes
        f power-punch brodkil marcus --defend dodge   # two attacks; lands on the second
      else
        f strike brodkil vance                        # waits for Vance's answer...
        f status
        f defend vance dodge                          # ...which the GM gives here
      fi ;;
    marcus) f strike marcus brodkil --weapon vibro-knife --defend parry ;;
    vance)  f strike vance brodkil --weapon "energy rifle" --defend dodge ;;
  esac
done
f status

say "The log, and one ply explained roll by roll"
f log
f explain 6

say "Undo a ruling, look, and redo it: the same dice come back"
f undo
f status
f redo

say "A what-if: after ply 5, Marcus strikes with his plain survival knife instead"
f branch what-if --at 5 --switch
f strike marcus brodkil --weapon "survival knife" --defend parry
f status
f branches
f switch main

say "Replay: verify every ply from the seed, then the same choices with other dice"
f replay --verify
f replay --seed 99 --from 4 --into other-luck
f replay --verify --branch other-luck

summary "Rifts as written: a melee round of Marcus and Vance against a Brodkil (a power punch, parries, dodges); undo and redo; a what-if with another knife; a replay with other dice."
printf '\nThe fight is in %s: try `%s`.\n' "$DB" "$(quoted fracas --db "$DB" status)"
