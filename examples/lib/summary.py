"""How an example fight ended, in one line, from `fracas --json status`, `--json branches`
and `--json replay --verify` (in $STATUS, $BRANCHES, $VERIFY): for examples/lib/transcript.sh."""

import json
import os

DOWN = ("dead", "coma", "unconscious")


def state(combatant: dict) -> str:
    """In the fight, or the worst of dead, in a coma, unconscious; then his other conditions."""
    names = [c if isinstance(c, str) else c["name"] for c in combatant.get("conditions", [])]
    worst = [name for name in DOWN if name in names]
    said = worst[0] if worst else ("in the fight" if combatant.get("alive", True) else "dead")
    rest = [name for name in names if name not in DOWN]
    if combatant.get("stun") not in (None, "none"):  # GURPS keeps these beside its conditions
        rest.append(f"{combatant['stun']}ly stunned")
    if combatant.get("posture") not in (None, "standing"):
        rest.append(str(combatant["posture"]))
    return f"{said} ({', '.join(rest)})" if rest else said


status = json.loads(os.environ["STATUS"])
others = [b["name"] for b in json.loads(os.environ["BRANCHES"]) if b["name"] != "main"]
verify = json.loads(os.environ["VERIFY"])
line = f"main: {verify['verified']} plies, "
line += "replay --verify intact" if verify["difference"] is None else "replay --verify FAILED"
if others:
    line += f"; other branches: {', '.join(others)}"
line += "; at the end: " + ", ".join(f"{c['name']} {state(c)}" for c in status["combatants"])
print(line)
