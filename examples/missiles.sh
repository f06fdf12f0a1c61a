#!/usr/bin/env bash
# Missiles under the house rules: a Skull Walker fires a volley of four at a power-armor pilot
# with a grunt caught in the blast; the pilot's counter-volley thins it, the grunt takes a shot
# at what is left, the pilot rolls with the rest; then a burst, and a reload. The key rolls
# are entered with --dice; the rest come from the seed. Plays the same every time.
# Usage: bash examples/missiles.sh [DB]  (needs `fracas` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-missiles.db}
source examples/lib/transcript.sh  # say, f (each command printed as it runs), summary
begin

say "House rules on seed 23: Sgt. Dorn (SAMAS) and Vance against a Skull Walker"
f new volley --seed 23 --variant house
f add examples/sheets/samas_pilot.toml --id dorn --side players
f add examples/sheets/cs_grunt.yaml --id vance --side players
f add examples/sheets/skull_walker.toml --id walker --side opponents

say "Initiative: NPCs at 10 + bonuses, Dorn rolls (3): Vance, the walker, then Dorn"
f initiative --dice 3
f shoot vance walker --weapon "energy rifle" --range 1000 --defend none
f next

say "A volley of four medium-range missiles at Dorn (9 + 4 a missile = 13 against 8); Vance is in the blast"
f launch walker dorn --missiles 4 --caught vance --range 3000 --dice 9
f status

say "Dorn's counter-volley: two mini-missiles (+2) against 9; one goes up, d100 30 + 10 = 40 takes 1D4 = 2 more"
f defend dorn counter-volley --missiles 2 --dice 15,5,30,2
f status

say "Vance shoots at the last missile (9 + 12 for its 1200 mph), then Dorn rolls with it"
f defend vance shoot-down --weapon "energy rifle"
f defend dorn roll
f status

say "The walker's laser turret fires a short burst; Dorn answers with the rail gun's burst, and reloads"
f shoot walker dorn --weapon "laser turret" --burst short --range 3000 --defend dodge
f shoot dorn walker --weapon "rail gun" --burst short --range 3000 --defend none

say "Pass 2: Vance and the walker hold their fire; Dorn reloads the rail gun (one attack)"
f next
f next
f reload dorn --weapon "rail gun"
f status
f log

say "Replay: every ply re-resolved from the seed gives the same log"
f replay --verify

summary "Rifts house rules: a Skull Walker's volley of four thinned by a counter-volley, shot at and rolled with, a grunt in its blast; a burst and a reload."
printf '\nThe fight is in %s: try `%s`.\n' "$DB" "$(quoted fracas --db "$DB" status)"
