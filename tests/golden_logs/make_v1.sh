#!/usr/bin/env bash
# Writes the golden logs raw-v1.db and house-v1.db and their expected-v1.json with the fracas of
# commit da4302b (Palladium pack version 3, before the rules pack became a record). Run it once,
# with that old fracas; the files it writes must never be rewritten (see README.md).
#
# Usage: bash tests/golden_logs/make_v1.sh OLD_VENV_BIN OUT_DIR
#   OLD_VENV_BIN  the bin folder of a venv where the da4302b checkout is installed, e.g.
#                   git worktree add /tmp/old da4302b && (cd /tmp/old && bash scripts/setup.sh)
#                   bash tests/golden_logs/make_v1.sh /tmp/old/.venv/bin /tmp/golden
#                 The checkout is the folder above the venv: its examples are played from it,
#                 and the logs are built in it (then moved to OUT_DIR).
#   OUT_DIR       where raw-v1.db, house-v1.db and expected-v1.json go; none may exist yet.
#
# Everything is deterministic: the dice come from each encounter's seed (by ply depth and salt),
# and the rolls that decide something are forced with --dice. Only the created_at times differ
# from one run to the next.
#
# raw-v1.db (rules as written):
#   bar-fight  examples/bar_fight.sh (branches main, what-if, other-luck), then round 2 with an
#              unseen shooter (--unseen), aimed and called shots at ranges, a psionic power, a
#              simultaneous strike, a long act, lost initiative (order changed), rulings with
#              M.D. and S.D.C. damage (ignored by M.D.C. armor), healing, gained and lost
#              attacks, a timed condition, a dodge on credit and a called shot abandoned at
#              the end of the round; round 3 with a forced tie on initiative, an aimed called
#              shot, a --reroll, a pending defence, a free action, branch side-trip, an undo
#              followed by another ply (branch main-undone-1); round 4 under RAW surprise
#              (ambush initiative, a sneak attack) and a long action broken by a ruling; then
#              `replay --seed --from --into reseeded`.
#   opts       RAW with --option holds=on range_bands=on called_location_total=12
#              apm_ledger=on psi_cost=escalating: a hold, interrupts won and lost (a queued
#              cut-in), a counter, a parried shot at point-blank range, a called shot over the
#              called-location total, escalating psionic costs, a gunshot shot wild past the
#              hand-to-hand cap of the ledger, and a hold released in round 2.
# house-v1.db (house rules):
#   ambush     examples/house_round.sh (a surprise pass, holds, a release, a ruling undone:
#              branch main-undone-1), then rounds 3-5: escalating psionics over passes, an
#              interrupt lost (queued) and won, a free action, a long action broken by a
#              ruling and another broken by an interrupt (--breaks --against), S.D.C. damage
#              ignored, healing, attacks gained into a pass, into the hand and into next round,
#              lost initiative now (order changed) and next round, timed conditions, a counter,
#              a simultaneous strike, a power punch, defence overdrafts.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: bash $0 OLD_VENV_BIN OUT_DIR" >&2
  exit 2
fi
BIN=$(cd "$1" && pwd)
OLD=$(cd "$BIN/../.." && pwd)
mkdir -p "$2"
OUT=$(cd "$2" && pwd)
for name in raw-v1.db house-v1.db expected-v1.json; do
  if [ -e "$OUT/$name" ]; then
    echo "$OUT/$name exists: golden files are never rewritten" >&2
    exit 1
  fi
done
if [ ! -x "$BIN/fracas" ] || [ ! -f "$OLD/examples/bar_fight.sh" ]; then
  echo "$BIN has no fracas, or $OLD has no examples/: give the old checkout's venv bin" >&2
  exit 2
fi
if commit=$(git -C "$OLD" rev-parse HEAD 2>/dev/null); then
  case "$commit" in
    da4302b*) ;;
    *) echo "$OLD is at commit $commit, not da4302b" >&2; exit 1 ;;
  esac
fi
export PATH="$BIN:$PATH"
unset FRACAS_DB
# Everything runs in the old checkout with relative paths, as its examples do, so that the
# command lines and sheet paths the logs record do not depend on where this ran.
cd "$OLD"
SHEETS=examples/sheets
RAW=raw-v1.db
HOUSE=house-v1.db
for name in "$RAW" "$HOUSE"; do
  if [ -e "$name" ]; then
    echo "$OLD/$name exists: move it away first" >&2
    exit 1
  fi
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; for n in "$RAW" "$HOUSE"; do rm -f "$OLD/$n" "$OLD/$n-wal" "$OLD/$n-shm"; done' EXIT

DB=""
f() { printf '\n$ fracas %s\n' "$*"; fracas --db "$DB" "$@"; }
field() {  # field NAME: a top-level field of `fracas --json status`
  fracas --db "$DB" --json status \
    | python3 -c "import json,sys; v=json.load(sys.stdin)['$1']; print('' if v is None else v)"
}
finish_round() {  # end every turn left in the round
  while [ -n "$(field acting)" ]; do f next; done
}

# --- raw-v1.db --------------------------------------------------------------------------

bash examples/bar_fight.sh "$RAW"
DB=$RAW

# round 2: an unseen shooter, shots, psionics, a simultaneous strike, rulings
f initiative --unseen vance
f shoot vance brodkil --aimed --range 200           # 2 attacks: lands on his next turn
f act marcus --psionic --note "Mind Block"           # RAW: 1 attack
f strike brodkil marcus                              # waits for Marcus's answer
f defend marcus simultaneous --weapon vibro-knife    # then the aimed shot lands: Brodkil
                                                     # loses initiative, cannot dodge it
f act marcus --cost 2 --note "reloads the laser pistol"
f ruling marcus --lose-initiative --rule PAL-COND-KNOCKDOWN --note "knocked down"
f power-punch brodkil vance --defend dodge
f shoot vance brodkil --called head --range 300 --defend dodge
f strike brodkil vance --defend dodge                # Vance dodges on credit (owed)
f ruling brodkil --damage 12 --mega --note "a wall collapses on him"
f ruling marcus --damage 8 --note "a chair across the back"    # S.D.C. vs M.D.C.: ignored
f ruling brodkil --heal 5 --note "regenerates"
f ruling marcus --gain-attacks 1 --note "adrenaline"
f ruling brodkil --lose-attacks 1 --note "stumbles over the bar"
f ruling brodkil --condition dazed --rounds 2 --rule PAL-COND-KNOCKDOWN
f shoot brodkil marcus --range 40 --defend dodge

# round 3: a forced tie, an aimed called shot, a reroll, a side trip, an undo
f initiative --dice 11,10,5,15,3                     # Marcus and Vance tie at 11, re-roll
f shoot marcus brodkil --weapon "laser pistol" --aimed --called head --range 30 --defend dodge
f strike vance brodkil --weapon vibro-sword --defend parry --reroll
f strike brodkil marcus
f defend marcus parry --weapon vibro-knife
f branch side-trip --switch
f ruling brodkil --end-condition dazed --note "shakes it off"
f strike vance brodkil --weapon vibro-sword --defend dodge
finish_round
f switch main
f pass vance
f strike brodkil vance --defend dodge --dice 14,9
f act brodkil --cost 0 --note "roars and smashes a table"      # a free action
f power-punch brodkil marcus --defend parry
f undo                                               # the power punch is taken back...
f strike brodkil marcus --defend parry               # ...and kept on main-undone-1
f next
f power-punch brodkil marcus --defend parry
finish_round

# round 4: RAW surprise (ambush initiative), a long action broken by a ruling
f surprise brodkil --aware vance
f strike brodkil marcus --defend parry               # a sneak attack: no defence
f shoot vance brodkil --aimed --range 120
f ruling vance --break-action --note "a bottle smashes his scope"
f strike marcus brodkil --weapon vibro-knife --defend parry

f replay --seed 77 --from 20 --into reseeded
f replay --verify --branch reseeded
f replay --verify

# opts: RAW with house options
f new opts --seed 3 --variant raw --option holds=on --option range_bands=on \
  --option called_location_total=12 --option apm_ledger=on --option psi_cost=escalating
f add "$SHEETS/marcus_kell.toml" --id marcus --side players
f add "$SHEETS/cs_grunt.yaml" --id vance --side players
f add "$SHEETS/brodkil.json" --id brodkil --side opponents
f initiative --dice 15,9,4
f hold marcus --until "the Brodkil moves"
f shoot vance brodkil --range 5 --defend parry --dice 12,15    # point-blank: may be parried
f interrupt marcus --dice 71,40                      # won: Marcus cuts in
f shoot marcus brodkil --weapon "laser pistol" --range 20 --defend dodge
f interrupt vance --allowed --dice 30,30             # lost (42 v 44): queued after Brodkil
f strike brodkil vance --defend dodge
f shoot vance brodkil --called head --range 100 --defend dodge
f act marcus --psionic --note "Telekinesis"          # escalating: the first costs 1
f counter marcus
f shoot marcus brodkil --weapon "laser pistol" --range 15 --defend dodge
f act brodkil --psionic --note "Empathy"
f shoot marcus brodkil --weapon "laser pistol" --range 15 --defend dodge   # shot wild
finish_round
f initiative --dice 6,14,9
f hold vance --until "Marcus fires"
f release vance
f strike vance brodkil --weapon vibro-sword --defend dodge
f act brodkil --psionic --note "Empathy again"       # round 2's first: 1 attack
f next
f next
f act brodkil --psionic --note "Bio-Manipulation"    # the second: 2, lands on his next turn
finish_round
f replay --verify

# --- house-v1.db ------------------------------------------------------------------------

bash examples/house_round.sh "$HOUSE"
DB=$HOUSE

# round 3
f initiative
f act brodkil --psionic --note "Empathy"             # escalating: 1...
f act brodkil --psionic --note "Hydrokinesis"        # ...then 2: paid in pass 2
f hold vance --until "Marcus is hit"
f interrupt vance --dice 40,40                       # lost (52 v 62): queued
f act marcus --cost 0 --note "shouts a warning"      # a free action, then Vance cuts in
f strike vance brodkil --weapon vibro-sword
f defend brodkil parry
f act marcus --cost 3 --note "casts Armor of Ithan"  # a long action over two passes
f ruling marcus --break-action --rule PAL-HR-LONG-ACTION --note "a blast breaks his concentration"
f ruling vance --damage 30 --note "a thrown chair"   # S.D.C. vs M.D.C.: ignored
f ruling brodkil --heal 6 --note "regenerates"
f ruling marcus --gain-attacks 1 --note "adrenaline"          # into his next pass
f ruling vance --gain-attacks 1 --note "a second wind"        # into the hand
f shoot vance brodkil --range 250 --defend dodge
f ruling vance --lose-initiative --rule PAL-HR-LOSE-INIT --note "slips in the blood"
f ruling marcus --condition dazed --rounds 3 --rule PAL-COND-KNOCKDOWN
f ruling brodkil --condition stunned --rounds 1
f ruling marcus --lose-attacks 1 --note "winded"
f pass vance
f next
f strike brodkil marcus --defend dodge               # Marcus dodges from a later pass
f strike vance brodkil --weapon vibro-sword --defend none
finish_round
f ruling brodkil --gain-attacks 1 --note "fury"      # into next round

# round 4
f initiative --dice 18                               # Marcus 18; Vance lost it: 0
f ruling brodkil --lose-initiative --rule PAL-HR-LOSE-INIT --note "trips over the bar"
f strike marcus brodkil --weapon vibro-knife --defend parry
f pass marcus
f counter marcus
f shoot marcus brodkil --weapon "laser pistol" --range 10 --defend dodge
f hold vance --until "the Brodkil charges"
f interrupt vance --dice 90,10                       # won
f strike vance brodkil --weapon vibro-sword --defend dodge
f strike brodkil vance
f defend vance simultaneous --weapon vibro-sword
f power-punch marcus brodkil --defend dodge
finish_round

# round 5
f initiative --dice 7,19,2                           # Vance and Brodkil tie at 11, re-roll
f pass vance                                         # what he holds stays in hand
f act brodkil --cost 4 --note "tears a lamp post from the floor"
f interrupt vance --allowed --breaks --against brodkil --dice 80,10
f strike vance brodkil --weapon vibro-sword --defend none
f replay --verify

# --- expected-v1.json -------------------------------------------------------------------

python3 - "$WORK" <<'EOF'
"""For every encounter and branch of each log: the status document and the verified count."""
import json
import subprocess
import sys
from pathlib import Path

work = Path(sys.argv[1])


def fracas(db: Path, *args: str) -> str:
    return subprocess.run(
        ["fracas", "--db", str(db), *args], check=True, capture_output=True, text=True
    ).stdout


def doc(db: Path, *args: str):
    return json.loads(fracas(db, "--json", *args))


expected = {}
for log in ("raw", "house"):
    db = Path(f"{log}-v1.db")
    encounters = sorted(e["name"] for e in doc(db, "encounters"))
    expected[log] = {}
    for encounter in encounters:
        fracas(db, "use", encounter)
        expected[log][encounter] = {}
        for branch in sorted(b["name"] for b in doc(db, "branches")):
            fracas(db, "switch", branch)
            verified = doc(db, "replay", "--verify")
            assert verified["difference"] is None, (log, encounter, branch, verified)
            expected[log][encounter][branch] = {
                "status": doc(db, "status"),
                "verified": verified["verified"],
            }
        fracas(db, "switch", "main")
    # leave the file on its first encounter's main branch (the tests add a ply there)
    fracas(db, "use", encounters[0])
(work / "expected-v1.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
EOF

for name in "$RAW" "$HOUSE"; do
  for suffix in -wal -shm; do
    if [ -e "$name$suffix" ]; then
      echo "$OLD/$name$suffix is left over: a fracas did not close the file" >&2
      exit 1
    fi
  done
done
mv "$RAW" "$HOUSE" "$WORK/expected-v1.json" "$OUT/"
printf '\nwrote %s/raw-v1.db, house-v1.db and expected-v1.json\n' "$OUT"
