#!/usr/bin/env bash
# A brawl under the rules as written, hand to hand: a Horror Factor save, an arm hold and a
# failed escape, a blow at the held man, a body flip rolled with, an entanglement, a disarm
# and a knockout. The key rolls are entered with --dice (as a GM enters the table's dice);
# the rest come from the seed. Plays the same every time.
# Usage: bash examples/brawl.sh [DB]  (needs `fracas` on PATH)
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:-brawl.db}
source examples/lib/transcript.sh  # say, f (each command printed as it runs), summary
begin

say "Rules as written on seed 77: Jade Tiger and Vance against Rook and a Grave Ghoul"
f new brawl --seed 77
f add examples/sheets/jade_tiger.toml --id jade --side players
f add examples/sheets/cs_grunt.yaml --id vance --side players
f add examples/sheets/rook.toml --id rook --side toughs
f add examples/sheets/grave_ghoul.toml --id ghoul --side toughs

say "Initiative: first each player saves against the ghoul's Horror Factor 12 (Vance fails: no initiative, an attack lost)"
f initiative --dice 15,6,17,12,9

say "Jade grabs Rook in an arm hold; he cannot break it"
f grapple jade rook --hold arm --defend dodge --dice 15,4
f escape rook --dice 6,12

say "The ghoul's first claw finds Vance frozen; Vance strikes the held Rook, who cannot defend"
f strike ghoul vance --dice 13,4
f strike vance rook --dice 11,3
f status

say "Jade lets go and throws Rook; he rolls with the fall: half damage, still knocked down"
f release-hold jade
f body-flip jade rook --defend roll --dice 16,19,5

say "The ghoul goes for Vance's sword and knocks it away; Vance picks it up"
f disarm ghoul vance --weapon vibro-sword --defend none --dice 14
f pick-up vance

say "Rook, last now, swings at Jade, who entangles his arm instead of parrying"
f strike rook jade --dice 12
f defend jade entangle --dice 16

say "A karate kick on a natural 19: a critical and a knockout (Rook is dazed)"
f strike jade rook --move karate-kick --defend none --dice 19,4,3,2
f status
f log

say "Replay: every ply re-resolved from the seed gives the same log"
f replay --verify

summary "Rifts hand to hand as written: a Horror Factor save failed, an arm hold and a failed escape, a body flip rolled with, a disarm, an entanglement, a knockout."
printf '\nThe fight is in %s: try `%s`.\n' "$DB" "$(quoted fracas --db "$DB" status)"
