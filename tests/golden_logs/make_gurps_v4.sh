#!/usr/bin/env bash
# Writes the golden log gurps-v4.db and its expected-gurps-v4.json with the fracas of commit
# 9e76275 (GURPS pack version 4: before barehanded parries, the target's Size Modifier on every
# attack roll and the two-handed weapon's +2 against a disarm). Run it once, with that old
# fracas; the files it writes must never be rewritten (see README.md).
#
# Usage: bash tests/golden_logs/make_gurps_v4.sh OLD_PYTHON OLD_CHECKOUT OUT_DIR
#   OLD_PYTHON    a Python with fracas's dependencies (the project's .venv/bin/python)
#   OLD_CHECKOUT  the 9e76275 tree, e.g. mkdir /tmp/old && git archive 9e76275 | tar -x -C /tmp/old;
#                 it is put first on PYTHONPATH, so its code runs, not the installed one
#   OUT_DIR       where gurps-v4.db and expected-gurps-v4.json go; neither may exist yet.
#
# Every roll is forced with --dice, so the run is deterministic but for the created_at times.
#
# gurps-v4.db, encounter `dojo`: Sir Aldric (knights) against Bruno (thugs) and a troll of
# SM +2 (monsters). Bruno parries Aldric's broadsword with his `fist` (version 4: 3 + 13/2 = 9,
# no barehanded -3; version 5 decides 6 and the blow on his arm), Bruno's club and Aldric's
# broadsword hit the troll (version 4: no +2 for its SM), the troll's punch is dodged, and a
# second second. Today's fracas re-resolves these plies otherwise, keeps what they recorded
# and counts them as `older_rules` in `replay --verify`.
set -euo pipefail

PY=$1
OLD=$(cd "$2" && pwd)
OUT=$3
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
for f in gurps-v4.db expected-gurps-v4.json; do
  if [ -e "$OUT/$f" ]; then echo "refusing: $OUT/$f exists (golden logs are never rewritten)" >&2; exit 2; fi
done
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DB="$WORK/gurps-v4.db"
SHEETS="$OLD/examples/sheets/gurps"
cat > "$WORK/troll.json" <<'JSON'
{"name": "Troll", "kind": "npc",
 "attributes": {"st": 16, "dx": 10, "iq": 8, "ht": 10, "sm": 2},
 "skills": {"brawling": 11}}
JSON

f() { (cd "$WORK" && PYTHONPATH="$OLD" "$PY" -c 'from cli.main import run; run()' --db "$DB" "$@"); }

f new dojo --seed 11 --system gurps
f add "$SHEETS/sir_aldric.toml" --id aldric --side knights
f add "$SHEETS/bruno.yaml" --id bruno --side thugs
f add "$WORK/troll.json" --id troll --side monsters
f initiative --dice 3,4,5
# second 1: Aldric (6.25), Bruno (5.75), the troll (5)
f attack aldric bruno --weapon broadsword --dice 3,4,4
f defend bruno parry --weapon fist --dice 3,3,3
f attack bruno troll --weapon club --defend none --dice 4,4,4,3,3
f attack troll aldric --weapon punch --dice 2,2,2
f defend aldric dodge --dice 3,3,3
# second 2
f attack aldric troll --weapon broadsword --defend none --dice 3,3,3,4,3,3,3
f maneuver bruno do-nothing --dice 3,3,3
f maneuver troll do-nothing

{
  echo '{"gurps": {"dojo": {"main": {'
  echo '"status":'
  f --json status
  echo ', "verified":'
  f --json replay --verify | "$PY" -c 'import json, sys; print(json.load(sys.stdin)["verified"])'
  echo '}}}}'
} | "$PY" -c 'import json, sys; print(json.dumps(json.load(sys.stdin), indent=1, sort_keys=True))' \
  > "$WORK/expected-gurps-v4.json"

mv "$DB" "$OUT/gurps-v4.db"
mv "$WORK/expected-gurps-v4.json" "$OUT/expected-gurps-v4.json"
echo "wrote $OUT/gurps-v4.db and $OUT/expected-gurps-v4.json"
