"""The maneuvers as a table (GURPS-MANEUVERS): what each allows this turn and what it does to
the fighter's defences until his next turn.

One row per maneuver; All-Out Attack's and All-Out Defense's options are rows of their own
(``all-out-attack/determined``). Deciders read the rows; nothing compares a maneuver's name
to decide behaviour.
"""

from __future__ import annotations

import attrs

from engine.rules.gurps.situations.volleys import SUPPRESS_MIN_ROF


@attrs.frozen
class Row:
    """A maneuver (or one option of it).

    ``attacks``: attacks it allows this turn (0: none); ``melee``/``ranged``: the modifier to
    those attacks; ``melee_cap``: the most effective melee skill (Move and Attack's 9);
    ``aim_acc``: whether a ranged attack adds Acc (and an aim's bonus); ``damage_per_die``: a
    Strong attack's extra damage; ``defends``: whether he may defend until his next turn;
    ``defence``: which defence gets ``bonus`` (All-Out Defense); ``parry_used``: no parry with
    the weapon he attacked with (Move and Attack, option ``move_attack_parry``);
    ``retreat``: whether he may retreat; ``ranged_only`` / ``melee_only``; ``rof_at_least``:
    Suppression Fire's RoF 5+."""

    rule: str
    summary: str
    attacks: int = 0
    melee: int = 0
    ranged: int = 0
    melee_cap: int | None = None
    aim_acc: bool = True
    bulk: bool = False
    damage_per_die: int = 0
    defends: bool = True
    defence: str = ""
    bonus: int = 0
    parry_used: bool = False
    melee_only: bool = False
    ranged_only: bool = False
    rof_at_least: int = 0
    needs_mode: bool = False

    @property
    def title(self) -> str:
        """The maneuver's name as the rules write it ("Move and Attack")."""
        return self.summary.split(":")[0]


_AOA = "GURPS-ALL-OUT-ATTACK"
_AOD = "GURPS-ALL-OUT-DEFENSE"
_M = "GURPS-MANEUVERS"

MANEUVERS: dict[str, Row] = {
    "do-nothing": Row(_M, "Do Nothing: defends as usual"),
    "move": Row(_M, "Move: up to his Move; defends as usual"),
    "move-and-attack": Row(
        "GURPS-MOVE-AND-ATTACK",
        "Move and Attack: melee -4, at most skill 9; ranged -2 or Bulk, no Acc; no parry "
        "with that weapon until his next turn",
        attacks=1,
        melee=-4,
        ranged=-2,
        melee_cap=9,
        aim_acc=False,
        bulk=True,
        parry_used=True,
    ),
    "change-posture": Row(_M, "Change Posture: defends as usual"),
    "ready": Row(_M, "Ready: a weapon or item; defends as usual"),
    "aim": Row("GURPS-AIM", "Aim: Acc on the next ranged attack, +1 or +2 for more seconds"),
    "attack": Row(_M, "Attack: defends as usual", attacks=1),
    "all-out-attack": Row(_AOA, "All-Out Attack: choose --mode", attacks=1, needs_mode=True),
    "all-out-attack/determined": Row(
        _AOA,
        "All-Out Attack (Determined): +4 melee, +1 ranged; no defence until his next turn",
        attacks=1,
        melee=4,
        ranged=1,
        aim_acc=True,
        defends=False,
    ),
    "all-out-attack/double": Row(
        _AOA,
        "All-Out Attack (Double): two melee attacks; no defence until his next turn",
        attacks=2,
        defends=False,
        melee_only=True,
    ),
    "all-out-attack/strong": Row(
        _AOA,
        "All-Out Attack (Strong): +2 damage or +1 a die, whichever is more; no defence",
        attacks=1,
        damage_per_die=1,
        defends=False,
        melee_only=True,
    ),
    "all-out-attack/feint": Row(
        _AOA,
        "All-Out Attack (Feint): a feint, then an attack; no defence until his next turn",
        attacks=1,
        defends=False,
        melee_only=True,
    ),
    "all-out-attack/suppression": Row(
        "GURPS-SUPPRESS",
        "All-Out Attack (Suppression Fire): RoF 5+ into a zone; no defence",
        attacks=1,
        defends=False,
        ranged_only=True,
        rof_at_least=SUPPRESS_MIN_ROF,
    ),
    "all-out-defense": Row(
        _AOD, "All-Out Defense: choose --mode dodge, parry or block", needs_mode=True
    ),
    "all-out-defense/dodge": Row(_AOD, "All-Out Defense: +2 to Dodge", defence="dodge", bonus=2),
    "all-out-defense/parry": Row(_AOD, "All-Out Defense: +2 to Parry", defence="parry", bonus=2),
    "all-out-defense/block": Row(_AOD, "All-Out Defense: +2 to Block", defence="block", bonus=2),
    "concentrate": Row(_M, "Concentrate: defences may break it"),
    "wait": Row("GURPS-WAIT", "Wait: for a trigger (`fracas hold`); defends as usual"),
    "evaluate": Row("GURPS-EVALUATE", "Evaluate: +1 to his next attack on that foe (at most +3)"),
    "feint": Row("GURPS-FEINT", "Feint: `fracas feint`; defends as usual"),
}

#: The modes each maneuver takes.
MODES: dict[str, tuple[str, ...]] = {
    "all-out-attack": ("determined", "double", "strong", "feint", "suppression"),
    "all-out-defense": ("dodge", "parry", "block"),
}


def row(maneuver: str | None, mode: str | None = None) -> Row:
    """The row of a maneuver and its option (None: no maneuver chosen, defends as usual)."""
    if maneuver is None:
        return MANEUVERS["do-nothing"]
    if mode is not None and f"{maneuver}/{mode}" in MANEUVERS:
        return MANEUVERS[f"{maneuver}/{mode}"]
    return MANEUVERS[maneuver]
