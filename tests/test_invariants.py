"""Kernel invariants, checked by a hypothesis state machine on a real SQLite file.

The machine plays a fight the way a GM does — declare (legal, refused, with ``--reroll`` or
entered dice), undo, redo, branch, switch, explain, replay, visit another encounter of the file,
reopen the file in a new process — and after every step checks what DESIGN §1, §4, §5 and §8
promise. It plays both Palladium variants (RAW's cycling rounds and the house rounds of three
passes, now and then with options of the other), and draws every declaration a GM makes:
strikes, power punches, shots, free-form and psionic actions of 0-6 attacks, passes, holds,
releases, interrupts, counters, GM rulings with effects, surprise and automatic initiative.

* the state a command returns, the state folded ply by ply, and a full rebuild from the log
  are the same value;
* undo N then redo N restores the same state and the same ``status`` document;
* a branch never changes its parent;
* ``replay --verify`` passes on the current branch (every few steps, and on every branch at the
  end);
* the log only grows: no ply or event row ever changes or disappears, and a refused command
  writes nothing at all;
* a new process reading the file sees the ``status`` this process sees;
* attacks per melee stay within what the round allows (``check_apm``, ``fold_tallied``): none
  appear or vanish unaccounted, no pass, hand or overdraft goes negative, the passes never
  hold more than the attacks per melee plus what was gained, and under the APM ledger no
  restricted source (Boxing, machine) pays more than the sheet gives it;
* whoever acts is in the round's order or cuts in, and the pass stays within the round;
* the fight can always go on: ``next`` while someone acts, ``defend none`` while a strike
  waits for its answer (known engine bugs are listed in ``KNOWN_BUGS``, each with its test).

Beside it, dice properties (DESIGN §5): the same declaration at the same point gets the same
dice on two branches, after undo and after redo; ``--reroll`` takes a new salt; re-resolving
from the seed reproduces the log.

The default run is kept short; ``pytest -m slow`` runs the long battery.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager, suppress
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from cli.render import log_doc
from engine.dice import Dice, DiceError
from engine.replay import Kernel, kernel_for
from engine.rules import IllegalAction, UnknownName, get_pack
from engine.rules.palladium import apm, combat, conditions
from engine.rules.palladium.moves import MOVES
from engine.rules.palladium.options import opts
from engine.table import PlyResult, Table, UsageError
from events.codec import to_builtins
from events.core import (
    CounterDeclared,
    Declaration,
    Event,
    HoldDeclared,
    InterruptDeclared,
    JoinDeclared,
    PassDeclared,
    ReleaseDeclared,
    RemoveDeclared,
    RenameDeclared,
    RulingDeclared,
)
from events.palladium import (
    ActDeclared,
    ActivateDeclared,
    ApmSpent,
    AttacksGained,
    AttacksRefreshed,
    BodyBlockDeclared,
    CoverDeclared,
    CrossDeclared,
    DefendDeclared,
    DisarmDeclared,
    DrawDeclared,
    EscapeDeclared,
    FighterReadied,
    FreeDeclared,
    GrappleDeclared,
    LaunchDeclared,
    MeleeRoundDeclared,
    PalladiumRulingDeclared,
    PickUpDeclared,
    PowerPunchDeclared,
    RecoverDeclared,
    ReleaseHoldDeclared,
    ReloadDeclared,
    ShootDeclared,
    StrikeDeclared,
    SurpriseDeclared,
    ThrowDeclared,
    TurnBegan,
)
from projections.palladium import Fighter, fighter
from projections.palladium_status import status_fields
from projections.state import CombatantState, FightState

SHEETS = Path(__file__).resolve().parent.parent / "examples" / "sheets"
SHEET_FILES = (
    "marcus_kell.toml",
    "cs_grunt.yaml",
    "brodkil.json",
    "jade_tiger.toml",
    "rook.toml",
    "grave_ghoul.toml",
    "samas_pilot.toml",
)
KERNEL = Kernel(get_pack("palladium"))
A_SHEET = KERNEL.pack.load_sheet(SHEETS / "brodkil.json")
#: Sheets written next to each fight's file: restricted attacks for the ledger
#: (PAL-HR-APM-LEDGER): Boxing for punches only, machine attacks for the machine's weapons
#: only, and one general attack.
EXTRA_SHEETS = {
    "mech_pilot.toml": """
name = "Mech Pilot"
kind = "pc"

[attributes]
spd = 15

[pools]
hp = 25
sdc = 15

[hand_to_hand]
style = "basic"
level = 2

[bonuses]
apm = 1

[apm_sources]
boxing = 1
machine = 2

[weapon_proficiencies]
heavy_mega_damage = 2

[[weapons]]
name = "arm cannon"
kind = "ranged"
damage = "2D6"
mega_damage = true
wp = "heavy_mega_damage"
range = 1000
machine = true
payload = 3

[[weapons]]
name = "mini-missile pod"
kind = "launcher"
missiles = "mini-missile"
rate = 3
machine = true

[[missiles]]
name = "mini-missile"
type = "mini"
damage = "2D6"
blast_radius = 15
speed = 500
mdc = 2
count = 5

[[weapons]]
name = "power fist"
kind = "melee"
damage = "1D6"
mega_damage = true
machine = true

[armor]
name = "power armor"
mdc = 40
""",
}
FIGHTERS = (*SHEET_FILES, *EXTRA_SHEETS)
#: What the rules (or the dice) may refuse; every refusal must leave the file untouched.
REFUSALS = (IllegalAction, UnknownName, UsageError, DiceError)
#: Shots are declared only once the rules can roll them.
SHOTS = callable(getattr(combat, "shot", None))
#: Options a fight may override on top of its variant (rarely: most fights play a variant).
OVERRIDES = {
    "round_structure": st.sampled_from(("cycle", "passes")),
    "holds": st.booleans(),
    "apm_ledger": st.booleans(),
    "psi_cost": st.sampled_from(("flat", "escalating")),
    "psi_cost_window": st.sampled_from(("turn", "pass", "round")),
    "surprise": st.sampled_from(("ambush_initiative", "free_pass")),
    "surprised_may_defend": st.booleans(),
    "lose_initiative": st.sampled_from(("last_this_round", "only_if_acted", "house")),
    "range_bands": st.booleans(),
    "roll_with_impact": st.sampled_from(("action", "free_if_trained")),
    "defensive_disarm": st.sampled_from(("natural_19", "beat_strike")),
    "back_flip": st.sampled_from(("rules", "narrated")),
    "body_block": st.sampled_from(("balance", "strength")),
    "entangle_ties": st.sampled_from(("defender", "striker")),
    "hold_escape_ties": st.sampled_from(("holder", "victim")),
    "blood_loss": st.booleans(),
    "missile_strike": st.sampled_from(("five", "volley_bonus")),
    "volley_damage": st.sampled_from(("each_rolled", "multiple")),
    "missile_dodge": st.sampled_from(("as_written", "house")),
    "missile_radius_escape": st.sampled_from(("caught", "two_actions")),
    "shoot_down": st.sampled_from(("as_written", "house")),
    "thrown_bonus": st.sampled_from(("strike", "pp")),
    "grenade_delay": st.booleans(),
    "grenade_scatter": st.sampled_from(("none", "always", "on_miss")),
    "covering_fire_misses": st.booleans(),
    "counter_volley_table": st.sampled_from(("on_destroy", "on_hit")),
    "multi_warhead": st.sampled_from(("releases", "own_damage")),
    "smart_passes": st.sampled_from((1, 2, 3)),
    "size_classes": st.booleans(),
    "missile_block": st.sampled_from(("undodgeable", "any")),
    "volley_radius": st.sampled_from(("warhead", "doubling", "doubling_smooth")),
}
#: Engine bugs this machine found, each pinned by a strict xfail test at the end of this
#: file: the machine notes them in its statistics instead of failing (and shrinking for
#: minutes) on them. Drop an entry with its xfail once the engine is fixed.
KNOWN_BUGS: dict[str, str] = {}
#: Re-verify the current branch from its seed every this many steps.
VERIFY_EVERY = 4
#: A new process costs a quarter of a second: at most this many per fight.
REOPENS_PER_FIGHT = 2
#: Snapshots every few plies in the machine (16 in use), so that every fight crosses several.
SNAPSHOT_EVERY = 3


@pytest.fixture(autouse=True)
def _slow_only_when_asked(request: pytest.FixtureRequest) -> None:
    """The long battery runs only under ``-m slow`` (the default run stays fast)."""
    if request.node.get_closest_marker("slow") is None:
        return
    markexpr = str(request.config.getoption("markexpr") or "")
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("long battery: run with `pytest -m slow`")


# --- reading the file behind the engine's back ------------------------------------------------


def _read_only(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True)


def _digest(row: Sequence[object]) -> str:
    return hashlib.sha256(repr(tuple(row)).encode()).hexdigest()


@attrs.frozen
class FileImage:
    """Everything in a fracas file, read with plain sqlite3 (read-only)."""

    plies: dict[int, str]
    events: dict[tuple[int, int], str]
    branches: tuple[tuple[object, ...], ...]
    cursor: tuple[tuple[object, ...], ...]
    encounters: tuple[tuple[object, ...], ...]


def read_file(db: Path) -> FileImage:
    """A read-only image of the file: row digests of plies and events, and the pointers."""
    with closing(_read_only(db)) as conn:
        plies = {int(r[0]): _digest(r) for r in conn.execute("SELECT * FROM plies")}
        events = {
            (int(r[0]), int(r[1])): _digest(r)
            for r in conn.execute("SELECT ply, idx, tag, version, body FROM events")
        }
        branches = tuple(conn.execute("SELECT * FROM branches ORDER BY encounter, name"))
        cursor = tuple(conn.execute("SELECT * FROM cursor ORDER BY key"))
        encounters = tuple(conn.execute("SELECT * FROM encounters ORDER BY id"))
    return FileImage(plies, events, branches, cursor, encounters)


def fracas_command() -> list[str]:
    """The ``fracas`` console script of this interpreter's environment."""
    script = Path(sys.executable).with_name("fracas")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from cli.main import run; sys.exit(run())"]


def status_in_new_process(db: Path) -> dict[str, Any]:
    """``fracas --db PATH --json status`` run in a fresh interpreter."""
    done = subprocess.run(
        [*fracas_command(), "--db", str(db), "--json", "status"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert isinstance(doc, dict)
    return doc


def as_json(doc: Any) -> Any:
    """What ``doc`` looks like after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(doc))


def builtins(events: Sequence[Event]) -> list[dict[str, Any]]:
    """Events as plain data, the way ``log --json`` prints them."""
    return [to_builtins(e) for e in events]


def log_content(table: Table, branch: str) -> list[Any]:
    """The full ``log --json`` of a branch, with each ply's row id and parent."""
    views = table.log(branch)
    return [
        (v.row.id, v.row.parent, doc, v.before)
        for v, doc in zip(views, log_doc(views), strict=True)
    ]


# --- choosing declarations ------------------------------------------------------------------


def living_targets(state: FightState, actor: str) -> list[str]:
    """Everyone alive but ``actor``."""
    return [cid for cid, c in state.combatants.items() if cid != actor and c.alive]


def passes_mode(state: FightState) -> bool:
    """Rounds of three passes (house) rather than one cycling pool (RAW)."""
    return opts(state).round_structure == "passes"


#: What a combatant does on his turn, weighted: mostly fighting, sometimes the rest.
ON_TURN = (
    *("strike",) * 5,
    "power",
    *("shoot",) * 2,
    *("launch",) * 2,
    "throw",
    "cover",
    "cross",
    *("act",) * 2,
    *("pass",) * 2,
    "hold",
    *("cut_in",) * 2,
    "ruling",
    "grapple",
    "body_block",
    "disarm",
    *("grip",) * 2,
)
#: Without holds (RAW) a hold or a cut-in is refused: drawn now and then, not as often.
ON_TURN_NO_HOLDS = (*(k for k in ON_TURN if k not in ("hold", "cut_in")), "hold", "cut_in")
RULING_EFFECTS = (
    "lose_initiative",
    "lose_attacks",
    "gain_attacks",
    "damage",
    "heal",
    "condition",
    "end_condition",
    "break_action",
)
#: Conditions a ruling gives; a coma stops turns, and now and then a ruling kills.
CONDITIONS = (
    "stunned",
    "knocked down",
    "dazed",
    "unconscious",
    "blind",
    "coma",
    "stunned",
    "dead",
)


def draw_ruling(data: st.DataObject, state: FightState) -> RulingDeclared:
    """A GM ruling on a random combatant (the dead too) with one or two random effects."""
    cid = data.draw(st.sampled_from(list(state.combatants)), label="ruled")
    c = state.combatants[cid]
    keys = data.draw(
        st.lists(st.sampled_from(RULING_EFFECTS), max_size=2, unique=True), label="effects"
    )
    effects: dict[str, Any] = {}
    for key in keys:
        if key in ("lose_attacks", "gain_attacks"):
            effects[key] = data.draw(st.integers(1, 3), label=key)
        elif key in ("damage", "heal"):
            effects[key] = data.draw(st.integers(1, 20), label=key)
            if key == "damage" and data.draw(st.booleans(), label="mega"):
                effects["mega"] = True
        elif key == "condition":
            effects[key] = data.draw(st.sampled_from(CONDITIONS), label=key)
            effects["rounds"] = data.draw(st.integers(0, 3), label="rounds")
        elif key == "end_condition":
            effects[key] = data.draw(st.sampled_from(sorted(c.conditions) or ["stunned"]))
        else:
            effects[key] = True
    return PalladiumRulingDeclared(text="GM says so", combatant=cid, **effects)


def draw_surprise(data: st.DataObject, state: FightState) -> SurpriseDeclared:
    """Complete surprise: one or two attackers, and maybe an aware target."""
    ids = [cid for cid, c in state.combatants.items() if c.alive]
    if not ids:
        return SurpriseDeclared(attackers=tuple(state.combatants)[:1])
    attackers = data.draw(
        st.lists(st.sampled_from(ids), min_size=1, max_size=2, unique=True), label="attackers"
    )
    rest = [cid for cid in ids if cid not in attackers]
    aware = data.draw(st.lists(st.sampled_from(rest), max_size=1), label="aware") if rest else []
    return SurpriseDeclared(attackers=tuple(attackers), aware=tuple(aware))


#: Names a rename draws: plain, and ones a rename must refuse.
NAMES = ("Vance the Second", "X", " ", "bad\x1bname")


def draw_between_rounds(data: st.DataObject, state: FightState) -> Declaration:
    """Nobody acts: mostly a new round, sometimes with automatic initiative, a surprise, a
    ruling, or a combatant removed or renamed."""
    k = data.draw(st.integers(0, 11), label="between rounds")
    alive = [cid for cid, c in state.combatants.items() if c.alive]
    if k == 0 and state.clock.round == 0:
        return draw_surprise(data, state)
    if k == 1 and state.combatants:
        return draw_ruling(data, state)
    if k == 2 and alive:
        return MeleeRoundDeclared(unseen=(data.draw(st.sampled_from(alive), label="unseen"),))
    if k == 3 and alive:
        return MeleeRoundDeclared(ambush=(data.draw(st.sampled_from(alive), label="ambush"),))
    if k == 4 and state.combatants:  # the roster changed between rounds (refused if in use)
        cid = data.draw(st.sampled_from(list(state.combatants)), label="roster")
        if data.draw(st.booleans(), label="remove?"):
            return RemoveDeclared(combatant=cid)
        return RenameDeclared(combatant=cid, name=data.draw(st.sampled_from(NAMES), label="name"))
    return MeleeRoundDeclared()


def draw_shot(data: st.DataObject, state: FightState, acting: str, target: str) -> Declaration:
    """A shot with a ranged weapon (or, now and then, none or a melee one: refused)."""
    weapons = fighter(state.combatants[acting]).profile.weapons
    ranged = [w for w in weapons if w.kind == "ranged"]
    weapon = data.draw(st.sampled_from([*ranged, None, *ranged]), label="gun")
    reach = weapon.range if weapon is not None and weapon.range else 100
    distance = data.draw(
        st.sampled_from((None, 3, reach // 4, reach // 2 + 1, reach, reach * 13 // 10, reach * 2)),
        label="range",
    )
    return ShootDeclared(
        actor=acting,
        target=target,
        weapon=None if weapon is None else weapon.name,
        aimed=data.draw(st.booleans(), label="aimed"),
        called=data.draw(st.sampled_from((None, None, "head")), label="called"),
        range=distance,
        defend=data.draw(st.sampled_from((None, "parry", "dodge", "none")), label="defend"),
        wild=data.draw(st.integers(0, 5), label="wild?") == 0,
        moving=data.draw(st.integers(0, 5), label="moving?") == 0,
        blind=data.draw(st.integers(0, 7), label="blind?") == 0,
        target_moving=data.draw(st.sampled_from((None, None, None, 10, 90)), label="mph"),
        burst=data.draw(
            st.sampled_from((None, None, None, "short", "long", "pulse")), label="burst"
        ),
        spray=data.draw(st.integers(0, 7), label="spray?") == 0,
        stray=data.draw(st.sampled_from((None, None, None, *state.combatants)), label="stray"),
    )


def draw_act(data: st.DataObject, acting: str) -> ActDeclared:
    """An unmodelled action of 0-6 attacks (long under the passes), or a psionic power."""
    if data.draw(st.integers(0, 3), label="psionic?") == 0:
        cost = data.draw(st.sampled_from((None, None, None, 1, 2)), label="psi cost")
        return ActDeclared(actor=acting, note="mind bolt", cost=cost, psionic=True)
    return ActDeclared(actor=acting, note="reload", cost=data.draw(st.integers(0, 6), label="cost"))


def draw_cut_in(data: st.DataObject, state: FightState, acting: str) -> Declaration:
    """Someone else acts now: a held action released, an interrupt, a counter."""
    holders = [cid for cid, c in state.combatants.items() if cid != acting and c.held is not None]
    others = [cid for cid in state.combatants if cid != acting] or [acting]
    how = data.draw(st.sampled_from(("release", "interrupt", "counter")), label="cut in")
    if how == "release" and holders:
        return ReleaseDeclared(actor=data.draw(st.sampled_from(holders), label="holder"))
    who = data.draw(st.sampled_from(holders + others), label="cutter")
    if how == "counter":
        return CounterDeclared(actor=who)
    long = fighter(state.combatants[acting]).in_progress is not None
    return InterruptDeclared(
        actor=who,
        allowed=who not in holders and data.draw(st.sampled_from((True, True, False))),
        breaks=long and data.draw(st.booleans(), label="breaks"),
    )


def draw_legal(data: st.DataObject, state: FightState) -> Declaration:
    """A declaration the clock allows now (the rules may still refuse it, e.g. a parry
    against gunfire, a power punch with one attack left, an aimed shot without the W.P.)."""
    pending = state.pending
    if pending is not None:
        if state.combatants and data.draw(st.integers(0, 9), label="ruling?") == 0:
            return draw_ruling(data, state)
        if pending.kind == "activate":
            blow = data.draw(st.sampled_from(("knockout", "death-blow", "no")), label="blow")
            return ActivateDeclared(actor=pending.reactor, choice=blow)
        if getattr(pending.detail, "volley", None) is not None:
            return draw_volley_answer(data, state)
        choice = data.draw(
            st.sampled_from(
                ("parry", "dodge", "none", "parry", "dodge", "simultaneous", *OTHER_ANSWERS)
            ),
            label="defence",
        )
        return DefendDeclared(defender=pending.reactor, choice=choice)
    acting = state.clock.acting
    if acting is None:
        return draw_between_rounds(data, state)
    targets = living_targets(state, acting)
    kinds = ON_TURN if opts(state).holds else ON_TURN_NO_HOLDS
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "pass" or not targets:  # with nobody left to hit, the turn can only end
        return PassDeclared(actor=data.draw(st.sampled_from((None, acting)), label="who passes"))
    if kind == "hold":
        return HoldDeclared(actor=acting, trigger="the door opens")
    if kind == "cut_in":
        return draw_cut_in(data, state, acting)
    if kind == "ruling":
        comatose = [cid for cid, c in state.combatants.items() if "coma" in c.conditions]
        if comatose and data.draw(st.booleans(), label="recover?"):
            care = data.draw(st.sampled_from(("untrained", "hospital")), label="care")
            return RecoverDeclared(combatant=data.draw(st.sampled_from(comatose)), care=care)
        return draw_ruling(data, state)
    if kind == "act":
        return draw_act(data, acting)
    if kind == "grip":
        return draw_grip(state, acting)
    target = data.draw(st.sampled_from(targets), label="target")
    if kind in ("grapple", "body_block", "disarm"):
        return draw_grapple(data, kind, acting, target)
    if kind == "shoot" and SHOTS:
        return draw_shot(data, state, acting, target)
    if kind == "launch":
        return draw_launch(data, state, acting, target)
    if kind == "cover":
        return CoverDeclared(actor=acting, attacks=data.draw(st.integers(1, 3), label="cover"))
    if kind == "cross":  # through covering fire if someone lays it down (else refused)
        covering = [c for c, x in state.combatants.items() if fighter(x).covering is not None]
        through = data.draw(st.sampled_from(covering or [acting]), label="through")
        return CrossDeclared(actor=target, through=through, dodge=data.draw(st.booleans()))
    if kind == "throw":  # a weapon he may throw, else one he may not: refused
        weapons = fighter(state.combatants[acting]).profile.weapons
        throwing = [w.name for w in weapons if w.thrown is not None or w.kind == "grenade"]
        throwing = throwing or [w.name for w in weapons]
        if throwing:
            weapon = data.draw(st.sampled_from(throwing), label="thrown")
            answer = data.draw(st.sampled_from((None, None, "roll", "dodge")), label="answer")
            return ThrowDeclared(actor=acting, target=target, weapon=weapon, defend=answer)
    defend = data.draw(st.sampled_from((None, "parry", "dodge", "none")), label="defend")
    if kind == "power":
        kick = data.draw(st.booleans(), label="kick")
        return PowerPunchDeclared(actor=acting, target=target, kick=kick, defend=defend)
    weapons = [w.name for w in fighter(state.combatants[acting]).profile.weapons]
    weapon = data.draw(st.sampled_from([None, *weapons]), label="weapon")
    move = None if weapon is not None else data.draw(st.sampled_from([None, *MOVES]), label="move")
    return StrikeDeclared(
        actor=acting,
        target=target,
        weapon=weapon,
        defend=defend,
        move=move,
        from_behind=data.draw(st.integers(0, 5), label="behind?") == 0,
        unseen=data.draw(st.integers(0, 9), label="unseen?") == 0,
        pull=data.draw(st.sampled_from([None, None, None, 0, 2]), label="pull"),
    )


def draw_launch(data: st.DataObject, state: FightState, acting: str, target: str) -> Declaration:
    """A volley of 1-4 missiles (more than a launcher's rate or than are left: refused),
    others caught in the blast now and then, answered now or left to wait."""
    others = [c for c in state.combatants if c not in (acting, target)]
    caught = (
        data.draw(st.lists(st.sampled_from(others), max_size=2, unique=True), label="caught")
        if others
        else []
    )
    weapons = fighter(state.combatants[acting]).profile.weapons
    launchers = [w.name for w in weapons if w.kind == "launcher"]
    return LaunchDeclared(
        actor=acting,
        target=target,
        missiles=data.draw(st.integers(1, 4), label="missiles"),
        launcher=data.draw(st.sampled_from([None, *launchers]), label="launcher"),
        caught=tuple(caught),
        defend=data.draw(st.sampled_from((None, None, "dodge", "roll", "none")), label="answer"),
    )


def draw_volley_answer(data: st.DataObject, state: FightState) -> Declaration:
    """An answer to the volley waiting: a counter-volley or a shot, by its target or another
    (as written refused), or the target's dodge, roll, block or none (now and then a parry:
    refused)."""
    pending = state.pending
    assert pending is not None
    choice = data.draw(
        st.sampled_from(("counter-volley", "shoot-down", "dodge", "roll", "block", "none",
                         "none", "parry")), label="volley answer"
    )  # fmt: skip
    who = pending.reactor
    if choice in ("counter-volley", "shoot-down") and data.draw(st.booleans(), label="helper?"):
        who = data.draw(st.sampled_from(list(state.combatants)), label="helper")
    missiles = data.draw(st.integers(1, 3), label="own") if choice == "counter-volley" else None
    return DefendDeclared(defender=who, choice=choice, missiles=missiles)  # type: ignore[arg-type]


#: The answers beside parry, dodge, none and simultaneous (the rules refuse some of them).
OTHER_ANSWERS = ("roll", "entangle", "disarm", "back-flip", "paired")


def draw_grip(state: FightState, acting: str) -> Declaration:
    """What a fighter in a hold, an entanglement or without his weapon does on his turn: break
    free, let go, pick it up (or, with none of them, an escape the rules refuse)."""
    f = fighter(state.combatants[acting])
    if f.held_by is not None:
        return EscapeDeclared(actor=acting)
    if f.entangled_by is not None:
        return FreeDeclared(actor=acting)
    if f.holding is not None or f.entangling is not None:
        return ReleaseHoldDeclared(actor=acting)
    if f.dropped:
        return PickUpDeclared(actor=acting)
    if any(f.shots.get(w.name, 0) < w.payload for w in f.profile.weapons if w.payload):
        return ReloadDeclared(actor=acting)  # a gun not full (PAL-RNG-PAYLOAD)
    if f.stowed:
        return DrawDeclared(actor=acting, weapon=next(iter(f.stowed)))  # PAL-HR-MISC-COSTS
    return EscapeDeclared(actor=acting)


def draw_grapple(data: st.DataObject, kind: str, acting: str, target: str) -> Declaration:
    """A hold, a body block or a disarm, answered now or left pending."""
    defend = data.draw(st.sampled_from((None, "parry", "dodge", "none", "roll")), label="defend")
    if kind == "grapple":
        hold = data.draw(st.sampled_from(("arm", "leg", "body", "neck")), label="hold")
        return GrappleDeclared(actor=acting, target=target, hold=hold, defend=defend)
    if kind == "body_block":
        return BodyBlockDeclared(actor=acting, target=target, defend=defend)
    return DisarmDeclared(actor=acting, target=target, defend=defend)


def illegal_declarations(state: FightState) -> list[Declaration]:
    """Declarations the rules must refuse in ``state``."""
    ids = list(state.combatants)
    pending, acting = state.pending, state.clock.acting
    out: list[Declaration] = [
        StrikeDeclared(actor="nobody-here", target=ids[0] if ids else "nobody-there"),
        DefendDeclared(defender="nobody-here", choice="dodge"),
        SurpriseDeclared(attackers=()),
    ]
    if pending is not None or acting is not None or not ids:
        out.append(MeleeRoundDeclared())
    if pending is not None or acting is None:
        out.append(PassDeclared())
    for cid in ids:
        if pending is None or cid != pending.reactor:
            out.append(DefendDeclared(defender=cid, choice="dodge"))
        if pending is not None or cid != acting:
            other = next((o for o in ids if o != cid), cid)
            out.append(StrikeDeclared(actor=cid, target=other))
            out.append(PowerPunchDeclared(actor=cid, target=other))
            out.append(PassDeclared(actor=cid))
            out.append(HoldDeclared(actor=cid, trigger="never"))
        if state.combatants[cid].held is None:
            out.append(ReleaseDeclared(actor=cid))
        if cid == acting or acting is None:
            out.append(InterruptDeclared(actor=cid, allowed=True))
        if cid == acting:
            out.append(CounterDeclared(actor=cid))
        out.append(ShootDeclared(actor=cid, target=cid))
        out.append(ActDeclared(actor=cid, note="   ", cost=1))
        out.append(ActDeclared(actor=cid, note="reload", cost=-1))
        out.append(RulingDeclared(text="?", combatant=cid, rounds=2))
        out.append(PalladiumRulingDeclared(text="?", combatant=cid, damage=-3))
    if ids:  # joining again under a taken id would replace that combatant with a fresh one
        out.append(JoinDeclared(combatant=ids[-1], side="players", sheet=A_SHEET))
    out.append(JoinDeclared(combatant="not a name", side="players", sheet=A_SHEET))
    if acting is not None and pending is None:
        out.append(StrikeDeclared(actor=acting, target=acting))
        targets = living_targets(state, acting)
        if targets:
            out.append(StrikeDeclared(actor=acting, target=targets[0], weapon="no-such-weapon"))
    return out


# --- attacks per melee: what a round allows, and what was spent -------------------------------


def tolerated(bug: str) -> bool:
    """Whether ``bug`` is a known engine bug (``KNOWN_BUGS``); noted when it is."""
    if bug in KNOWN_BUGS:
        event(f"known engine bug: {bug}")
        return True
    return False


@attrs.frozen
class Tally:
    """One combatant's attacks since they were last set (his join, or a new round's refresh).

    ``base`` is what was then in hand and in the passes to come (under passes, the hand
    still held from the last turn counts: it may pay for defences until his next turn),
    ``credit`` the part of it gained last round; since then ``gained`` came into hand or a
    pass, ``paid`` was spent from hand and passes (what was owed to later rounds is not
    paid), and ``vanished`` was left in hand when a turn began (PAL-HR-APM-RESET).
    """

    base: int
    credit: int = 0
    gained: int = 0
    paid: int = 0
    vanished: int = 0

    def conserved(self, f: Fighter) -> bool:
        """Nothing appears or disappears: in hand + in later passes + paid + vanished ==
        what the round set + what was gained."""
        return f.apm_left + sum(f.passes) + self.paid + self.vanished == self.base + self.gained


Tallies = dict[str, Tally]


def _ledger_total(ledger: dict[str, int]) -> int:
    return sum(v for k, v in ledger.items() if k != "ranged_h2h")


def fold_tallied(
    state: FightState, tallies: Tallies, events: Sequence[Event]
) -> tuple[FightState, Tallies]:
    """Fold ``events`` one at a time, checking each attack-moving event against the state
    before it, and carry each combatant's tally."""
    out = dict(tallies)
    ledger_on = opts(state).apm_ledger
    for e in events:
        before = state
        state = KERNEL.apply(state, [e])
        if isinstance(e, FighterReadied):
            f = fighter(state.combatants[e.combatant])
            assert sum(e.profile.apm_sources.values()) == f.apm_total, (
                "the ledger's sources do not add up to the attacks per melee"
            )
            out[e.combatant] = Tally(base=f.apm_left + sum(f.passes))
        elif isinstance(e, AttacksRefreshed):
            old, f = fighter(before.combatants[e.combatant]), fighter(state.combatants[e.combatant])
            assert e.repaid >= 0 and e.owed >= 0 and e.repaid + e.owed == old.owed, e
            assert e.credit == old.credit, e
            cap = conditions.apm_cap(before.combatants[e.combatant])  # dazed: one attack
            total = f.apm_total if cap is None else min(f.apm_total, cap)
            if e.passes:
                shares = apm.split(total)[: len(e.passes)]
                assert sum(e.passes) == e.apm and min(e.passes) >= 0, e
                assert e.apm + e.repaid == sum(shares) + e.credit, e
            else:
                assert e.apm + e.repaid == total, e
            out[e.combatant] = Tally(base=f.apm_left + sum(f.passes), credit=e.credit)
        elif isinstance(e, AttacksGained):
            assert e.amount > 0, e
            if e.into == "pass":  # else it is lost when the next round sets the passes anew
                assert before.clock.acting is not None, (
                    f"attacks gained after the round into its pass {e.pass_number}: {e}"
                )
            if e.into != "next_round":
                out[e.combatant] = attrs.evolve(
                    out[e.combatant], gained=out[e.combatant].gained + e.amount
                )
        elif isinstance(e, ApmSpent):
            assert e.amount > 0 and 0 <= e.owed <= e.amount, e
            assert min(e.later, default=0) >= 0 and sum(e.later) + e.owed <= e.amount, e
            assert all(v >= 0 for v in e.ledger.values()), e
            assert ledger_on or not e.ledger, f"a ledger without the apm_ledger option: {e}"
            assert _ledger_total(e.ledger) <= e.amount - e.owed, (
                f"the ledger charges more than was paid: {e}"
            )
            t = out[e.combatant]
            out[e.combatant] = attrs.evolve(t, paid=t.paid + e.amount - e.owed)
        elif isinstance(e, TurnBegan):
            old = fighter(before.combatants[e.combatant])
            p = e.pass_number
            hand = old.passes[p - 1] if 0 < p <= len(old.passes) else 0
            assert e.apm == hand, f"a turn took {e.apm} into hand, its pass held {hand}"
            assert (e.round, e.pass_number) == (before.clock.round, before.clock.pass_), e
            assert old.pool_pass != p, f"{e.combatant} had a second turn in pass {p}"
            assert e.vanished == max(0, old.apm_left), e
            t = out[e.combatant]
            out[e.combatant] = attrs.evolve(t, vanished=t.vanished + e.vanished)
    for cid, c in state.combatants.items():
        f, t = fighter(c), out[cid]
        assert t.conserved(f), (
            f"{cid}: attacks appeared or vanished: hand {f.apm_left} + passes {f.passes} + "
            f"paid {t.paid} + vanished {t.vanished} != set {t.base} + gained {t.gained}"
        )
    return state, out


def check_apm(c: CombatantState, t: Tally, state: FightState) -> None:
    """What a round allows one combatant, read from his ``status`` entry and his record.

    * Everyone: nothing in hand, in a pass or owed is negative; what was paid since the
      round set his attacks is at most what it set plus what he gained
      (``Tally.conserved`` makes this exact).
    * Passes (house): the passes' attacks (``apm_by_pass``) add up to at most his attacks per
      melee plus what he gained this round (last round's gains, paid into pass 1, count).
      The hand still held from last round's last turn is not in ``apm_by_pass``: it may pay
      for defences until his first turn, so ``paid`` is bounded by ``Tally.base``, which
      counts it, rather than by the attacks per melee alone.
    * Cycle (RAW): the attacks left never exceed his attacks per melee plus what he gained.
    * Ledger: no source pays more than the sheet gives it this round (Boxing, machine,
      hand to hand; general plus what was gained, which pays for anything); the hand-to-hand
      attacks on gunshots are hand-to-hand attacks; the ledger never charges more than was
      paid. Without the ledger nothing is charged to a source.
    """
    f = fighter(c)
    doc = status_fields(c)
    gains = t.gained + t.credit
    allowed = f.apm_total + gains
    assert doc["apm_left"] >= 0, (c.id, doc)
    assert doc["overdraft"] >= 0 and doc["apm_owed"] == doc["overdraft"], (c.id, doc)
    assert min(doc["apm_by_pass"]) >= 0, (c.id, doc)
    assert min(f.passes, default=0) >= 0, (c.id, f.passes)
    assert t.paid <= t.base + t.gained, (c.id, t)
    ip = f.in_progress
    assert ip is None or 0 <= ip.paid < ip.cost, (c.id, ip)
    if passes_mode(state):
        assert sum(doc["apm_by_pass"]) <= allowed, (c.id, doc["apm_by_pass"], allowed)
    else:
        assert doc["apm_left"] <= allowed, (c.id, doc["apm_left"], allowed)
    spent = dict(f.spent)
    assert set(spent) <= {"boxing", "machine", "hand_to_hand", "general", "ranged_h2h"}, spent
    assert spent.get("general", 0) >= -gains, (c.id, spent, gains)
    if not opts(state).apm_ledger:
        assert all(v <= 0 for v in spent.values()), (c.id, spent)
        return
    sources = dict(f.profile.apm_sources)
    for source in ("boxing", "machine", "hand_to_hand", "general"):
        assert spent.get(source, 0) <= sources.get(source, 0), (c.id, source, spent, sources)
        if source != "general":
            assert spent.get(source, 0) >= 0, (c.id, source, spent)
    assert 0 <= spent.get("ranged_h2h", 0) <= spent.get("hand_to_hand", 0), (c.id, spent)
    assert _ledger_total(spent) + gains <= t.paid, (c.id, spent, gains, t)
    assert doc["apm_spent_by_source"] == {k: v for k, v in spent.items() if v > 0}, doc


def describe(state: FightState) -> None:
    """Hypothesis statistics: how far fights get, and which situations they reach."""
    clock = state.clock
    mode = "passes" if passes_mode(state) else "cycle"
    event(f"{mode}: reached round {min(clock.round, 4)}{'+' if clock.round >= 4 else ''}")
    if clock.passes:
        event(f"{mode}: reached pass {clock.pass_} of {clock.passes}")
    if clock.resume:
        event("a cut-in is running")
    if clock.label:
        event(f"a {clock.label} round")
    if any(not c.alive for c in state.combatants.values()):
        event("someone is dead")
    if state.pending is not None:
        event("a strike waits for its defence")
    for c in state.combatants.values():
        f = fighter(c)
        if f.in_progress is not None:
            event(f"{mode}: an action under way ({f.in_progress.action})")
        if c.held is not None:
            event("someone holds his action")
        if f.owed:
            event(f"{mode}: someone is in overdraft")
        if any(f.spent.get(k, 0) > 0 for k in ("boxing", "machine")):
            event("a restricted source paid")


# --- the model --------------------------------------------------------------------------------


@attrs.frozen
class PlyModel:
    """What the machine expects of one ply: its events, the state after it, its dice key."""

    events: list[dict[str, Any]]
    state: FightState
    declaration: Event
    seed: int
    salt: int = 0
    physical: tuple[int, ...] = ()
    #: Each combatant's attacks this round (see ``Tally``).
    tallies: Tallies = attrs.field(factory=dict)


@attrs.define
class BranchModel:
    """What the machine expects of one branch: the plies to its tip, and where its head is."""

    plies: list[PlyModel]
    head: int
    fork: int | None

    @property
    def tip(self) -> int:
        return len(self.plies) - 1

    @property
    def state(self) -> FightState:
        return self.plies[self.head].state

    def clean_after(self, depth: int, seed: int) -> bool:
        """The plies after ``depth`` up to the head were all resolved with ``seed``'s own
        dice: no reroll, no physical dice, no other seed."""
        return all(
            (p.seed, p.salt, p.physical) == (seed, 0, ())
            for p in self.plies[depth + 1 : self.head + 1]
        )


class FightMachine(RuleBasedStateMachine):
    """A GM at the table, and a model of what the log must then hold."""

    #: The variants a fight is drawn from (a subclass may fix one).
    VARIANTS: tuple[str, ...] = ("raw", "house")

    def __init__(self) -> None:
        super().__init__()
        self.dir = Path(tempfile.mkdtemp(prefix="fracas-invariants-"))
        for name, text in EXTRA_SHEETS.items():
            (self.dir / name).write_text(text)
        self.db = self.dir / "fight.db"
        self.table = Table(self.db)
        self.branches: dict[str, BranchModel] = {}
        self.current = "main"
        self.seed = 0
        self.steps = 0
        self.names = 0
        self.image: FileImage | None = None
        self.reopened = 0
        self.visits = 0
        #: parent branch -> its log content when a child was made (dropped when it moves)
        self.parents: dict[str, list[Any]] = {}
        # Snapshots every 3 plies instead of 16, so that every fight crosses many of them:
        # each invariant below then holds for state folded from a snapshot and a tail.
        self.snapshots = kernel_for(get_pack("palladium")).snapshots
        self.every, self.snapshots.every = self.snapshots.every, SNAPSHOT_EVERY

    # --- helpers -----------------------------------------------------------------------------

    @property
    def model(self) -> BranchModel:
        return self.branches[self.current]

    def sheet(self, name: str) -> Path:
        return self.dir / name if name in EXTRA_SHEETS else SHEETS / name

    def fresh_name(self, stem: str) -> str:
        self.names += 1
        return f"{stem}{self.names}"

    def moved(self, branch: str) -> None:
        """``branch`` moved on purpose: its log may now differ from the snapshot."""
        self.parents.pop(branch, None)

    def remember_parent(self, branch: str) -> None:
        self.parents[branch] = log_content(self.table, branch)

    def refused(self, before: FileImage) -> None:
        """A refused command wrote nothing: not a row, not a pointer, not a cursor."""
        assert read_file(self.db) == before

    def declare(
        self, declaration: Declaration, *, physical: tuple[int, ...] = (), reroll: bool = False
    ) -> PlyResult | None:
        """Declare on the current branch and update the model; None if refused."""
        before = read_file(self.db)
        kind = type(declaration).__name__
        try:
            result = self.table.declare(declaration, physical=physical, reroll=reroll)
        except REFUSALS as err:
            event(f"{kind}: refused ({type(err).__name__})")
            self.refused(before)
            return None
        event(f"{kind}: accepted")
        self.accept(result, physical)
        assert result.events[0] == declaration
        return result

    def accept(self, result: PlyResult, physical: tuple[int, ...] = ()) -> None:
        m = self.model
        assert result.branch == self.current
        assert result.number == m.head + 1
        folded, tallies = fold_tallied(m.state, m.plies[m.head].tallies, result.events)
        assert result.state == folded, "the state a command returns is not its events folded"
        stored = self.table.log()[-1]
        assert stored.number == result.number
        assert stored.events == result.events, "declare returned other events than it stored"
        assert stored.row.dice == physical
        if m.head < m.tip:  # the undone plies stay reachable under NAME-undone-K
            k = 1
            while f"{self.current}-undone-{k}" in self.branches:
                k += 1
            self.branches[f"{self.current}-undone-{k}"] = BranchModel(list(m.plies), m.tip, m.head)
            del m.plies[m.head + 1 :]
        m.plies.append(
            PlyModel(
                builtins(result.events),
                folded,
                result.events[0],
                stored.row.seed,
                stored.row.salt,
                physical,
                tallies,
            )
        )
        m.head += 1
        self.moved(self.current)

    # --- setup -------------------------------------------------------------------------------

    @initialize(
        data=st.data(),
        seed=st.integers(0, 2**63 - 1),
        sheets=st.permutations(FIGHTERS).flatmap(lambda p: st.integers(2, 3).map(lambda n: p[:n])),
    )
    def start(self, data: st.DataObject, seed: int, sheets: tuple[str, ...]) -> None:
        """A new encounter under a variant (now and then with options of the other), the
        fighters, and sometimes complete surprise before the first round."""
        self.seed = seed
        variant = data.draw(st.sampled_from(self.VARIANTS), label="variant")
        overrides: dict[str, Any] = {}
        if data.draw(st.integers(0, 3), label="options?") == 0:
            overrides = data.draw(st.fixed_dictionaries({}, optional=OVERRIDES), label="options")
        state = self.table.new("brawl", seed, variant=variant, options=overrides)
        event(f"variant {variant}" + (" with options" if overrides else ""))
        root = self.table.log()[0]
        self.branches["main"] = BranchModel(
            [PlyModel(builtins(root.events), state, root.events[0], seed)], 0, None
        )
        for sheet in sheets:
            self.accept(self.table.add(self.sheet(sheet)))
        if data.draw(st.integers(0, 3), label="surprise?") == 0:
            self.declare(draw_surprise(data, self.model.state))

    # --- the GM's commands -------------------------------------------------------------------

    @rule(data=st.data(), n=st.integers(1, 4))
    def declare_legal(self, data: st.DataObject, n: int) -> None:
        """A few declarations, some with fresh dice (--reroll) or with dice entered by hand."""
        for _ in range(n):
            declaration = draw_legal(data, self.model.state)
            reroll = data.draw(st.integers(0, 7), label="reroll?") == 0
            physical: tuple[int, ...] = ()
            if data.draw(st.integers(0, 9), label="dice?") == 0:
                physical = (data.draw(st.integers(1, 4), label="face"),)  # fits every die
            self.declare(declaration, physical=physical, reroll=reroll)

    @rule(data=st.data(), n=st.integers(1, 8))
    def fight_on(self, data: st.DataObject, n: int) -> None:
        """The fight moves on more than anything else happens: a run of declarations."""
        for _ in range(n):
            self.declare(draw_legal(data, self.model.state))

    @rule(data=st.data())
    def declare_illegal(self, data: st.DataObject) -> None:
        declaration = data.draw(st.sampled_from(illegal_declarations(self.model.state)))
        before = read_file(self.db)
        with pytest.raises((IllegalAction, UnknownName, UsageError)):
            self.table.declare(declaration)
        self.refused(before)

    @precondition(lambda self: len(self.branches) and len(self.model.state.combatants) < 5)
    @rule(sheet=st.sampled_from(FIGHTERS))
    def add_late(self, sheet: str) -> None:
        """A combatant joins mid-fight (acts from the next round)."""
        self.accept(self.table.add(self.sheet(sheet), cid=self.fresh_name("late-")))

    @rule(n=st.integers(1, 4))
    def undo(self, n: int) -> None:
        m = self.model
        before = read_file(self.db)
        if n > m.head:
            with pytest.raises(IllegalAction):
                self.table.undo(n)
            self.refused(before)
            return
        result = self.table.undo(n)
        m.head -= n
        self.moved(self.current)
        assert (result.number, result.branch, result.events) == (m.head, self.current, [])
        assert result.state == m.state

    @rule(n=st.integers(1, 4))
    def redo(self, n: int) -> None:
        m = self.model
        before = read_file(self.db)
        if m.head + n > m.tip:
            with pytest.raises(IllegalAction):
                self.table.redo(n)
            self.refused(before)
            return
        result = self.table.redo(n)
        m.head += n
        self.moved(self.current)
        assert (result.number, result.branch, result.events) == (m.head, self.current, [])
        assert result.state == m.state

    @precondition(lambda self: len(self.branches) and self.model.head >= 1)
    @rule(data=st.data())
    def undo_then_redo(self, data: st.DataObject) -> None:
        """Undo N then redo N: the same state, the same status, the same log."""
        n = data.draw(st.integers(1, self.model.head), label="n")
        status, state = self.table.status(), self.table.state()
        log = log_content(self.table, self.current)
        self.table.undo(n)
        assert self.table.state() == self.model.plies[self.model.head - n].state
        self.table.redo(n)
        assert self.table.status() == status
        assert self.table.state() == state
        assert log_content(self.table, self.current) == log

    @rule(data=st.data(), switch=st.booleans())
    def branch(self, data: st.DataObject, switch: bool) -> None:
        name = self.fresh_name("what-if-")
        m = self.model
        how = data.draw(st.sampled_from(("head", "number", "ref")), label="at")
        if how == "head":
            at, source, depth = None, self.current, m.head
        elif how == "number":
            depth = data.draw(st.integers(0, m.head), label="N")
            at, source = str(depth), self.current
        else:
            source = data.draw(st.sampled_from(sorted(self.branches)), label="branch")
            k = data.draw(st.integers(0, self.branches[source].head), label="K")
            depth = self.branches[source].head - k
            at = f"{source}~{k}" if k or data.draw(st.booleans()) else source
        self.remember_parent(source)
        view = self.table.branch(name, at, switch=switch)
        assert (view.name, view.head, view.current) == (name, depth, switch)
        self.branches[name] = BranchModel(
            list(self.branches[source].plies[: depth + 1]), depth, depth
        )
        if switch:
            self.current = name

    @precondition(lambda self: len(self.branches) > 1)
    @rule(data=st.data())
    def switch(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(self.branches)))
        view = self.table.switch(name)
        assert (view.name, view.head, view.current) == (name, self.branches[name].head, True)
        self.current = name

    @precondition(lambda self: self.reopened < REOPENS_PER_FIGHT)
    @rule()
    def reopen_in_new_process(self) -> None:
        """Another process opening the file sees exactly what this one sees."""
        self.reopened += 1
        assert status_in_new_process(self.db) == as_json(self.table.status())

    @rule()
    def snapshots_agree_with_a_full_fold(self) -> None:
        """Snapshot plus tail equals the fold from the start, on every branch, across undo,
        redo and branches; and replay --verify proves every snapshot on the path."""
        kept = 0
        for name, m in self.branches.items():
            with self.table.scene(name) as sc:
                cached = sc.kernel.rebuild(sc.store, sc.branch.head)
                full = sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False)
                kept += len(sc.store.snapshots_on_path(sc.branch.head, sc.kernel.snapshots.key))
            assert cached == full == m.state, name
            assert list(cached.combatants) == list(full.combatants), name
        event(f"snapshots on the paths: {min(kept, 10)}{'+' if kept >= 10 else ''}")

    @rule()
    def verify_every_branch(self) -> None:
        for name, m in self.branches.items():
            assert self.table.verify(name).outcome == (m.head + 1, None), name

    @rule(data=st.data())
    def explain_a_ply(self, data: st.DataObject) -> None:
        """``explain N`` and ``explain BRANCH~K`` show the ply the model holds there."""
        m = self.model
        depth = data.draw(st.integers(0, m.head), label="N")
        ref = data.draw(st.sampled_from((str(depth), f"{self.current}~{m.head - depth}")))
        view = self.table.explain(ref)
        assert view.number == depth
        assert builtins(view.events) == m.plies[depth].events
        assert view.before == (m.plies[depth - 1].state if depth else FightState())

    @precondition(lambda self: self.visits < 3)
    @rule(data=st.data(), seed=st.integers(0, 2**63 - 1))
    def visit_another_encounter(self, data: st.DataObject, seed: int) -> None:
        """Another encounter in the same file: its plies interleave with ours, its selection
        and branches are its own, and coming back finds this fight as it was."""
        self.visits += 1
        if "elsewhere" in [e.name for e in self.table.encounters()[0]]:
            self.table.use("elsewhere")
        else:
            self.table.new("elsewhere", seed)
            for sheet in SHEET_FILES[:2]:
                self.table.add(SHEETS / sheet)
        assert self.table.status()["encounter"] == "elsewhere"
        play(self.table, data, data.draw(st.integers(0, 4), label="plies elsewhere"))
        if data.draw(st.booleans(), label="branch elsewhere"):
            self.table.branch(self.fresh_name("elsewhere-"), switch=True)
        if self.table.status()["head"] > 0 and data.draw(st.booleans(), label="undo elsewhere"):
            self.table.undo()
        assert self.table.verify().outcome == (self.table.status()["head"] + 1, None)
        self.table.use("brawl")

    # --- dice properties inside the fight ----------------------------------------------------

    @rule(data=st.data())
    def what_if_same_declaration(self, data: st.DataObject) -> None:
        """Branch at the head and declare the same thing on both: the same dice (§5)."""
        declaration = draw_legal(data, self.model.state)
        name = self.fresh_name("twin-")
        m = self.model
        self.table.branch(name)
        self.branches[name] = BranchModel(list(m.plies[: m.head + 1]), m.head, m.head)
        first = self.declare(declaration)
        self.remember_parent(self.current)  # what the twin does must not touch it
        self.table.switch(name)
        self.current = name
        second = self.declare(declaration)
        assert (first is None) == (second is None)
        if first is not None and second is not None:
            assert builtins(first.events) == builtins(second.events)
            assert first.state == second.state

    @precondition(lambda self: len(self.branches) and self.model.head >= 1)
    @rule()
    def undo_and_declare_again(self) -> None:
        """Undo, then declare the same thing: the same dice as the first time (§5)."""
        m = self.model
        last = m.plies[m.head]
        declaration = last.declaration
        assert isinstance(declaration, Declaration)
        self.table.undo()
        m.head -= 1
        self.moved(self.current)
        again = self.declare(declaration, physical=last.physical)
        if (last.seed, last.salt) == (self.seed, 0):  # not a reroll, not another seed's luck
            assert again is not None, "what was legal once is legal again at the same point"
            assert builtins(again.events) == last.events
            assert again.state == last.state

    @precondition(lambda self: len(self.branches) and self.model.head >= 1)
    @rule(data=st.data())
    def replay_with_own_seed(self, data: st.DataObject) -> None:
        """Re-resolving from the seed reproduces the log (§8)."""
        m = self.model
        start = data.draw(st.integers(0, m.head - 1), label="from")
        if not m.clean_after(start, self.seed):
            return
        name = self.fresh_name("replayed-")
        self.remember_parent(self.current)
        report = self.table.replay_into(self.seed, str(start), name)
        assert (report.branch, report.head, report.skipped) == (name, m.head, [])
        assert report.replayed == m.head - start
        self.branches[name] = BranchModel(list(m.plies[: m.head + 1]), m.head, start)
        assert [d["events"] for d in log_doc(self.table.log(name))] == [
            p.events for p in m.plies[: m.head + 1]
        ]

    @precondition(lambda self: len(self.branches) and self.model.head >= 1)
    @rule(data=st.data(), seed=st.integers(0, 2**63 - 1))
    def replay_with_other_seed(self, data: st.DataObject, seed: int) -> None:
        """The same choices, other luck: what is replayed is legal, what is not is skipped."""
        m = self.model
        start = data.draw(st.integers(0, m.head - 1), label="from")
        name = self.fresh_name("luck-")
        self.remember_parent(self.current)
        report = self.table.replay_into(seed, str(start), name)
        assert report.replayed + len(report.skipped) == m.head - start
        assert report.head == start + report.replayed
        assert all(start < n <= m.head for n, _ in report.skipped)
        views = self.table.log(name)
        assert len(views) == report.head + 1
        plies = list(m.plies[: start + 1])
        for v in views[start + 1 :]:
            assert v.before == plies[-1].state
            assert v.row.seed == seed and v.row.salt == 0 and v.row.dice == ()
            after, tallies = fold_tallied(v.before, plies[-1].tallies, v.events)
            plies.append(PlyModel(builtins(v.events), after, v.events[0], seed, tallies=tallies))
        self.branches[name] = BranchModel(plies, report.head, start)
        assert self.table.verify(name).outcome == (report.head + 1, None)

    # --- what must hold after every step ------------------------------------------------------

    @invariant()
    def apm_stays_within_what_the_round_allows(self) -> None:
        """No one spends more attacks in a round than his passes, gains and ledger allow."""
        if not self.branches:
            return
        m = self.model
        tallies = m.plies[m.head].tallies
        for cid, c in m.state.combatants.items():
            check_apm(c, tallies[cid], m.state)

    @invariant()
    def clock_is_consistent(self) -> None:
        """Whoever acts is in the round's order, or cuts in; passes stay within the round."""
        if not self.branches:
            return
        clock = self.model.state.clock
        if clock.acting is not None and not clock.resume:
            assert clock.acting in clock.order, f"{clock.acting} acts outside the order {clock}"
        if clock.passes:
            assert 1 <= clock.pass_ <= clock.passes, clock
        else:
            assert clock.pass_ == 0, clock

    @invariant()
    def the_turn_can_always_end(self) -> None:
        """``fracas next`` is never refused while someone acts, nor ``defend none`` while a
        strike waits for its answer, nor ``activate A no`` while a knockout or death-blow chance
        does: otherwise the fight stops. A dry run through the kernel
        with the dice the command would get; nothing is written."""
        if not self.branches:
            return
        m = self.model
        pending = m.state.pending
        if pending is not None and pending.kind == "activate":  # a knockout chance: "no"
            end: Declaration = ActivateDeclared(actor=pending.reactor, choice="no")
        elif pending is not None:
            end = DefendDeclared(defender=pending.reactor, choice="none")
        elif m.state.clock.acting is not None:
            end = PassDeclared()
        else:
            return
        try:
            KERNEL.resolve(m.state, end, Dice(self.seed, m.head + 1, 0))
        except REFUSALS as err:
            if "cannot parry a shot" in str(err) and tolerated("parry_at_landing"):
                return
            raise AssertionError(f"the fight is stuck: {end} is refused: {err}") from err

    @invariant()
    def state_is_a_rebuild(self) -> None:
        if not self.branches:
            return
        self.steps += 1
        m = self.model
        describe(m.state)
        assert self.table.state() == m.state, "the rebuilt state differs from the folded one"
        status = self.table.status()
        assert (status["branch"], status["head"]) == (self.current, m.head)

    @invariant()
    def branches_are_where_the_model_says(self) -> None:
        if not self.branches:
            return
        seen = {b.name: (b.head, b.fork, b.redo, b.current) for b in self.table.branches()}
        assert seen == {
            name: (m.head, m.fork, m.tip - m.head, name == self.current)
            for name, m in self.branches.items()
        }

    @invariant()
    def parents_never_change(self) -> None:
        for name, content in self.parents.items():
            assert log_content(self.table, name) == content, f"branch {name!r} changed"

    @invariant()
    def log_only_grows(self) -> None:
        if not self.branches:
            return
        now = read_file(self.db)
        if self.image is not None:
            old = self.image
            assert len(now.plies) >= len(old.plies) and len(now.events) >= len(old.events)
            assert {k: now.plies.get(k) for k in old.plies} == old.plies
            assert {k: now.events.get(k) for k in old.events} == old.events
            assert now.encounters[: len(old.encounters)] == old.encounters
        self.image = now

    @invariant()
    def verifies_from_the_seed(self) -> None:
        if self.branches and self.steps % VERIFY_EVERY == 0:
            assert self.table.verify().outcome == (self.model.head + 1, None)

    def teardown(self) -> None:
        try:
            if self.branches:
                self.verify_every_branch()
                for name, m in self.branches.items():
                    assert [d["events"] for d in log_doc(self.table.log(name))] == [
                        p.events for p in m.plies[: m.head + 1]
                    ], name
        finally:
            self.snapshots.every = self.every
            shutil.rmtree(self.dir, ignore_errors=True)


# --- dice properties (DESIGN §5), one fight each -----------------------------------------------

PROPERTY_SETTINGS = settings(max_examples=15, deadline=None, derandomize=True)


@contextmanager
def fight(seed: int, variant: str = "raw", sheets: Sequence[str] = SHEET_FILES) -> Iterator[Table]:
    """A fresh file with one encounter and the given sheets joined."""
    with tempfile.TemporaryDirectory(prefix="fracas-dice-") as folder:
        table = Table(Path(folder) / "fight.db")
        table.new("brawl", seed, variant=variant)
        for sheet in sheets:
            table.add(SHEETS / sheet)
        yield table


def play(table: Table, data: st.DataObject, steps: int) -> None:
    """Declare ``steps`` legal-looking things with the seed's own dice (refusals are skipped)."""
    for _ in range(steps):
        with suppress(REFUSALS):
            table.declare(draw_legal(data, table.state()))


def declare_or_refuse(table: Table, declaration: Declaration) -> list[dict[str, Any]] | str:
    """The events of ``declaration`` as plain data, or the refusal's message."""
    try:
        return builtins(table.declare(declaration).events)
    except REFUSALS as err:
        return f"{type(err).__name__}: {err}"


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 12), data=st.data())
def test_the_same_declaration_at_the_same_point_rolls_the_same_dice_on_two_branches(
    seed: int, steps: int, data: st.DataObject
) -> None:
    with fight(seed) as table:
        play(table, data, steps)
        declaration = draw_legal(data, table.state())
        table.branch("what-if")
        on_main = declare_or_refuse(table, declaration)
        table.switch("what-if")
        assert declare_or_refuse(table, declaration) == on_main


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 12), data=st.data())
def test_undo_redo_and_declaring_again_roll_the_same_dice(
    seed: int, steps: int, data: st.DataObject
) -> None:
    with fight(seed) as table:
        play(table, data, steps)
        declaration = draw_legal(data, table.state())
        first = declare_or_refuse(table, declaration)
        if isinstance(first, str):
            return
        table.undo()
        table.redo()
        assert builtins(table.log()[-1].events) == first
        table.undo()
        assert declare_or_refuse(table, declaration) == first
        assert builtins(table.log("main-undone-1")[-1].events) == first


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(0, 12), data=st.data())
def test_reroll_takes_a_salt_no_ply_at_that_depth_has_used(
    seed: int, steps: int, data: st.DataObject
) -> None:
    with fight(seed) as table:
        play(table, data, steps)
        declaration = draw_legal(data, table.state())
        if isinstance(declare_or_refuse(table, declaration), str):
            return
        depth = table.status()["head"]
        for _ in range(3):
            table.undo()
            try:
                result = table.declare(declaration, reroll=True)
            except REFUSALS:  # other dice may make it illegal (a parry against a hit by gunfire)
                table.redo()
                continue
            assert result.number == depth
        with closing(_read_only(table.db)) as conn:
            salts = [r[0] for r in conn.execute("SELECT salt FROM plies WHERE depth = ?", (depth,))]
        assert salts[0] == 0
        assert len(salts) == len(set(salts)), "a reroll reused a salt"
        for branch in table.branches():
            assert table.verify(branch.name).outcome == (branch.head + 1, None)


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(1, 16), data=st.data())
def test_re_resolving_from_the_seed_reproduces_the_log(
    seed: int, steps: int, data: st.DataObject
) -> None:
    with fight(seed, variant=data.draw(st.sampled_from(("raw", "house")))) as table:
        play(table, data, steps)
        head = table.status()["head"]
        start = data.draw(st.integers(0, head), label="from")
        report = table.replay_into(seed, str(start), "again")
        assert (report.head, report.replayed, report.skipped) == (head, head - start, [])
        assert log_doc(table.log("again")) != [] and [
            d["events"] for d in log_doc(table.log("again"))
        ] == [d["events"] for d in log_doc(table.log())]
        assert table.state("again") == table.state()


def machine_for(variants: tuple[str, ...]) -> type[FightMachine]:
    """The fight machine drawing its variant from ``variants``."""
    if variants == FightMachine.VARIANTS:
        return FightMachine
    name = "".join(v.title() for v in variants) + "FightMachine"
    return type(name, (FightMachine,), {"VARIANTS": variants})


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_fight_keeps_its_invariants(variant: str) -> None:
    run_state_machine_as_test(
        machine_for((variant,)),
        settings=settings(
            max_examples=15,
            stateful_step_count=40,
            deadline=None,
            # CI must not be flaky: the default run replays the same examples every time; the
            # slow battery (-m slow) explores at random.
            derandomize=True,
            # each example is a real SQLite file and a few subprocesses: slow by design
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["raw", "house"])
def test_fight_keeps_its_invariants_long(variant: str) -> None:
    run_state_machine_as_test(
        machine_for((variant,)),
        settings=settings(
            max_examples=200,
            stateful_step_count=80,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


# --- engine bugs the machine found (see KNOWN_BUGS) --------------------------------------------


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_a_long_shot_with_a_parry_declared_does_not_stop_the_clock(variant: str) -> None:
    """Found by the machine: a multi-attack shot declared with ``--defend parry`` used to be
    accepted, and when it landed the parry was refused, and with it whatever command moved
    the turn there. Now the parry of a shot is refused up front (PAL-DEF-PARRY), and any
    answer the rules refuse when a blow lands makes the defender answer instead."""
    house = variant == "house"
    with fight(1, variant, ("marcus_kell.toml", "cs_grunt.yaml")) as table:
        table.declare(MeleeRoundDeclared(), physical=(20,) if house else (20, 1))  # Marcus first
        shot = ShootDeclared(
            actor="marcus-kell",
            target="cs-grunt-vance",
            weapon="laser pistol",
            aimed=True,
            called="head" if house else None,  # 3 attacks: more than his pass-1 hand of 2
            range=100 if house else None,
            defend="parry",
        )
        head = table.status()["head"]
        with pytest.raises(IllegalAction, match="cannot be parried"):
            table.declare(shot)  # refused up front, nothing written
        assert table.status()["head"] == head
