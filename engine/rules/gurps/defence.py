"""Active defences (GURPS-ACTIVE-DEFENSE): Dodge, Parry and Block, retreat, Dodge and Drop,
the multiple-parry penalty (GURPS-MULTIPLE-PARRY, halved for fencing weapons), and what
follows an attack that gets through.

Dodge is Basic Speed (dropping fractions) + 3, halved (rounded up) below 1/3 HP
(GURPS-LOW-HP); Parry 3 + half the weapon's skill + its parry; Block 3 + half the shield's
skill. Combat Reflexes +1, a ready shield's DB, a retreat (+3 Dodge and Block, +1 Parry, +3
with a fencing weapon), All-Out Defense +2, stunned -4, the posture's, a feint's margin.
An All-Out Attacker has no defence until his next turn; an attacker's critical allows none.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from msgspec.structs import replace

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps import barehanded
from engine.rules.gurps.barehanded import BareParry
from engine.rules.gurps.common import current, fighter, find_weapon, has, out_of_it, ready
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.limbs import crippled_hands
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.gurps.situations.weapons import defend_weapon
from engine.rules.gurps.strength import parry_modifiers
from engine.rules.gurps.tables import POSTURES
from events.core import Event, Modifier, ModifierOp, ReactionRequested
from events.gurps import (
    AttackDetail,
    DefenseDeclined,
    DefenseRolled,
    GurpsWeapon,
    PostureChanged,
)
from events.gurps.records import BareSkillName
from projections.state import FightState

_AD = "GURPS-ACTIVE-DEFENSE"
#: What lands once a hit gets through: (state, dice, actor, target, detail, hits) -> events.
Landing = Callable[[FightState, Dice, str, str, AttackDetail, int], list[Event]]


def no_defence(state: FightState, target: str) -> str | None:
    """Why ``target`` cannot defend at all now (None: he may)."""
    why = out_of_it(state, target)
    if why is not None:
        return f"is {why}"
    if not current(state, target).defends:
        return (
            f"made an All-Out Attack: no defence until {pronoun(state, target).their} next turn "
            "(GURPS-ALL-OUT-ATTACK)"
        )
    return None


def _shield(state: FightState, cid: str) -> GurpsWeapon | None:
    f = fighter(state, cid)
    return next((w for w in f.profile.weapons if w.shield and w.name not in f.weapon_states), None)


def _parrier(state: FightState, cid: str, name: str | None) -> GurpsWeapon | None:
    if name is not None:
        return ready(state, cid, find_weapon(state, cid, name))
    f = fighter(state, cid)
    melee = [
        w
        for w in f.profile.weapons
        if w.parry is not None and not w.shield and not w.ranged and w.name not in f.weapon_states
    ]
    return melee[0] if melee else None


def allowed(state: FightState, target: str, attack_weapon: GurpsWeapon) -> tuple[str, ...]:
    """The defences ``target`` may answer this attack with (GURPS-ACTIVE-DEFENSE): a dodge
    always; a parry with a weapon that parries (against a ranged attack only a thrown one,
    option ``ranged_parry``), or barehanded against a melee attack with a sound hand
    (GURPS-PARRY-UNARMED); a block with a shield, once a turn, but never against bullets or
    beams (Basic Set). Reading: a ranged weapon fires bullets or beams when its Recoil is 2 or
    more or its sheet ``design`` is a firearm's or a beam's; thrown weapons and muscle-powered
    missiles (Recoil 1: bows, slings) can be blocked."""
    f = fighter(state, target)
    out = ["dodge"]
    parry_ok = not attack_weapon.ranged or (
        opts(state).ranged_parry == "thrown_only" and attack_weapon.shots == 0
    )
    armed = any(w.parry is not None and not w.ranged for w in f.profile.weapons)
    bare = not attack_weapon.ranged and len(crippled_hands(state, target)) < 2
    if parry_ok and (armed or bare):
        out.append("parry")
    if _shield(state, target) is not None and not f.blocked and not _bullets(attack_weapon):
        out.append("block")
    return tuple(out)


def _bullets(weapon: GurpsWeapon) -> bool:
    """Whether a shield cannot block this weapon's attack: bullets or beams (see allowed)."""
    return weapon.ranged and (weapon.recoil >= 2 or weapon.design in UNBLOCKABLE_DESIGNS)


def allowed_against_disarm(state: FightState, target: str, struck: GurpsWeapon) -> tuple[str, ...]:
    """Against a disarm (GURPS-STRIKE-WEAPON): a dodge, or a parry with the weapon struck at
    if it parries; never a block."""
    allowed = defend_weapon(struck.parry is not None and not struck.ranged).allowed
    return tuple(d for d in ("dodge", "parry", "block") if d in allowed)


def _retreat_bonus(kind: str, weapon: GurpsWeapon | None, bare: BareParry | None) -> int:
    if bare is not None:
        return bare.row.retreat  # +3 for Judo, Karate and Boxing (GURPS-PARRY-UNARMED)
    if kind == "parry":
        return 3 if weapon is not None and weapon.fencing else 1
    return 3


def defence_level(
    state: FightState,
    target: str,
    attacker: str,
    kind: str,
    weapon: GurpsWeapon | None,
    detail: AttackDetail,
    retreat: bool,
    drop: bool,
    bare: BareParry | None = None,
) -> tuple[int, list[Modifier]]:
    """The base of a defence and its modifiers, in order (every one with its source); a
    barehanded parry's base and own modifiers are ``bare``'s (GURPS-PARRY-UNARMED)."""
    f = fighter(state, target)
    p = f.profile
    mods: list[Modifier] = []
    if bare is not None:
        base = bare.base
        mods += bare.mods
    elif kind == "dodge":
        base = p.speed_quarters // 4 + 3
        if p.encumbrance:
            mods.append(mod("encumbrance", -p.encumbrance, "sheet", _AD))
        if f.hp * 3 < p.hp:
            halve: ModifierOp = "div_up"
            mods.append(
                Modifier(
                    name="below 1/3 HP: halved",
                    value=2,
                    source="injury",
                    rule="GURPS-LOW-HP",
                    op=halve,
                )
            )
        if f.fp * 3 < p.fp:
            mods.append(
                Modifier(
                    name="below 1/3 FP: halved",
                    value=2,
                    source="injury",
                    rule="GURPS-FATIGUE",
                    op="div_up",
                )
            )
    elif kind == "parry":
        assert weapon is not None
        base = 3 + weapon.level // 2
        if weapon.parry:
            mods.append(mod(f"{weapon.name}'s parry", weapon.parry, "sheet", _AD))
        mods += parry_modifiers(state, target, weapon)
        used = f.parries.get(weapon.name, 0)
        if used:
            each = 2 if weapon.fencing else 4
            mods.append(
                mod(
                    f"{used} parr{'y' if used == 1 else 'ies'} already",
                    -each * used,
                    "situation",
                    "GURPS-MULTIPLE-PARRY",
                )
            )
    else:
        assert weapon is not None
        base = 3 + weapon.level // 2
    if has(state, target, "combat_reflexes"):
        mods.append(mod("Combat Reflexes", 1, "sheet", _AD))
    shield = _shield(state, target)
    if detail.disarm is not None and not defend_weapon(True).shield_bonus:
        shield = None  # defending a weapon struck at: no DB (GURPS-STRIKE-WEAPON)
    if shield is not None and shield.db:
        mods.append(mod(f"{shield.name}'s DB", shield.db, "sheet", _AD))
    row = current(state, target)
    if row.defence == kind and row.bonus:
        mods.append(mod("All-Out Defense", row.bonus, "maneuver", row.rule))
    if retreat:
        mods.append(mod("retreat", _retreat_bonus(kind, weapon, bare), "situation", _AD))
    if drop:
        mods.append(mod("Dodge and Drop", 3, "situation", _AD))
    if f.stun != "none":
        mods.append(mod("stunned", -4, "injury", "GURPS-STUN"))
    posture = POSTURES[f.posture].defence
    if posture:
        mods.append(mod(f"{f.posture}", posture, "posture", "GURPS-POSTURE"))
    feint = f.feints.get(attacker, 0)
    if feint:
        mods.append(mod("feinted", -feint, "situation", "GURPS-FEINT"))
    if detail.defence_mod:
        mods.append(mod(detail.note or "the attack", detail.defence_mod, "situation", ""))
    mods += detail.defence_mods
    return base, mods


def answer(
    state: FightState,
    dice: Dice,
    attacker: str,
    target: str,
    choice: str,
    detail: AttackDetail,
    *,
    retreat: bool = False,
    drop: bool = False,
    weapon_name: str | None = None,
    skill: BareSkillName | None = None,
) -> list[Event]:
    """The defender's answer to a landed attack, then the hits that get through (a disarm:
    its contest). A parry with no weapon in hand, or with ``weapon_name`` "hands", is
    barehanded (``skill``: the one it is made with; None: his best), GURPS-PARRY-UNARMED."""
    from engine.rules.gurps.attack import land
    from engine.rules.gurps.disarm import contest

    if detail.disarm is not None:
        land = contest
    if detail.grapple is not None:
        from engine.rules.gurps.grappling import seize as land

    name = state.combatants[target].name
    if choice == "none":
        if retreat or drop:
            raise IllegalAction("--retreat and --drop go with a defence, not with none")
        events: list[Event] = [
            DefenseDeclined(defender=target, attacker=attacker, reason="takes the hit")
        ]
        return events + land(fold_gurps(state, events), dice, attacker, target, detail, detail.hits)
    if choice not in detail.allowed:
        raise IllegalAction(
            f"{name} cannot {choice} this attack (GURPS-ACTIVE-DEFENSE); answer "
            + " or ".join([*detail.allowed, "none"])
        )
    f = fighter(state, target)
    if retreat and f.retreated:
        raise IllegalAction(f"{name} has retreated already this turn: one retreat a turn ({_AD})")
    if drop and choice != "dodge":
        raise IllegalAction("Dodge and Drop is a dodge: `defend B dodge --drop`")
    if drop and not detail.ranged:
        raise IllegalAction(
            f"Dodge and Drop is against ranged attacks, not a melee blow ({_AD}); "
            "dodge without --drop"
        )
    if skill is not None and choice != "parry":
        raise UsageError("--skill goes with a barehanded parry: `defend B parry --skill judo`")
    weapon: GurpsWeapon | None = None
    bare: BareParry | None = None
    if choice == "parry":
        weapon, bare = _parry_with(state, target, attacker, detail, weapon_name, skill, retreat)
        used = bare.via if bare is not None and bare.via != barehanded.HANDS else None
        if (
            current(state, target).parry_used
            and f.attacked_with is not None
            and f.attacked_with == (weapon.name if weapon is not None else used)
            and opts(state).move_attack_parry == "not_that_weapon"
        ):
            raise IllegalAction(
                f"{name} attacked with the {f.attacked_with} in a Move and Attack: no parry "
                f"with it until {pronoun(state, target).their} next turn (GURPS-MOVE-AND-ATTACK)"
            )
    elif choice == "block":
        weapon = _shield(state, target)
    if weapon is not None:
        from engine.rules.gurps.limbs import check_hand

        check_hand(state, target, weapon, choice)
    base, mods = defence_level(
        state, target, attacker, choice, weapon, detail, retreat, drop, bare=bare
    )
    purpose = choice if bare is None else f"parry ({barehanded.words(bare)})"
    rule = _AD if bare is None else barehanded.RULE
    r = success_roll(dice, purpose, base, mods, rule=rule)
    ok = succeeded(r)
    stopped = 0
    if ok:
        stopped = 1 + max(0, r.margin or 0) if choice == "dodge" and detail.hits > 1 else 1
        stopped = min(stopped, detail.hits)
    kind: Literal["dodge", "parry", "block"] = (
        "dodge" if choice == "dodge" else "parry" if choice == "parry" else "block"
    )
    reason = (
        f"stops {stopped} of {detail.hits}" if detail.hits > 1 else ("stops it" if ok else "fails")
    )
    arm = None
    lock = False
    if bare is not None:
        arm = (
            None if ok else barehanded.arm_hit(state, target, attacker, detail, bare, r.margin or 0)
        )
        lock = ok and barehanded.opens_lock(bare, detail)
        if arm is not None:
            their = pronoun(state, target).their
            reason += f": the blow lands on {their} {arm.replace('_', ' ')} (option bare_parry_arm)"
        if lock:
            foe, own = pronoun(state, attacker).them, pronoun(state, target).their
            reason += f"; {name} may arm-lock {foe} on {own} next turn (GURPS-ARM-LOCK)"
    events = [
        DefenseRolled(
            defender=target,
            attacker=attacker,
            kind=kind,
            roll=r,
            stopped=stopped,
            retreat=retreat,
            drop=drop,
            weapon=barehanded.HANDS if bare is not None else weapon.name if weapon else None,
            reason=reason,
            skill=bare.skill if bare is not None else "",
            arm=arm,
            arm_lock=lock,
        )
    ]
    if drop:
        events.append(PostureChanged(combatant=target, posture="prone", rule=_AD))
    left = detail.hits - stopped
    if left <= 0:
        return events
    if arm is not None:
        detail = replace(detail, location=arm, chink=False)
    return events + land(fold_gurps(state, events), dice, attacker, target, detail, left)


def _parry_with(
    state: FightState,
    target: str,
    attacker: str,
    detail: AttackDetail,
    weapon_name: str | None,
    skill: BareSkillName | None,
    retreat: bool,
) -> tuple[GurpsWeapon | None, BareParry | None]:
    """What a parry is made with: a weapon, or bare hands (GURPS-PARRY-UNARMED)."""
    name = state.combatants[target].name
    if detail.disarm is not None:  # only the weapon struck at parries (GURPS-STRIKE-WEAPON)
        if skill is not None:
            raise IllegalAction(f"only the {detail.disarm} parries a disarm, not bare hands")
        weapon = _parrier(state, target, detail.disarm)
        if weapon is None or weapon.parry is None:
            raise IllegalAction(f"{name}'s {detail.disarm} does not parry")
        return weapon, None
    in_hand = None if weapon_name is not None else _parrier(state, target, None)
    if skill is not None or barehanded.wanted(state, target, weapon_name, in_hand):
        via = weapon_name
        if via is None and skill is None and in_hand is not None:
            via = in_hand.name  # an unarmed sheet weapon, his first that parries
        bare = barehanded.parry(
            state, target, attacker, detail, skill=skill, weapon=via, retreat=retreat
        )
        return None, bare
    weapon = in_hand if weapon_name is None else _parrier(state, target, weapon_name)
    if weapon is None or weapon.parry is None:
        raise IllegalAction(f"{name}'s {weapon_name or 'weapon'} does not parry")
    return weapon, None


def follow(
    state: FightState,
    dice: Dice,
    actor: str,
    target: str,
    detail: AttackDetail,
    landing: Landing,
    *,
    defend: str | None,
    retreat: bool = False,
    why_not: str | None = None,
) -> list[Event]:
    """What follows a hit (``state`` has its roll folded in): no defence (a critical hit,
    ``why_not``, or he cannot defend) and it lands; the defender's answer given now; or the
    attack waits for ``defend``."""
    why = "a critical hit: no defence (GURPS-CRITICAL)" if detail.tier == "critical" else None
    why = why or why_not or no_defence(state, target)
    if why is not None:
        declined = DefenseDeclined(defender=target, attacker=actor, reason=why)
        now = fold_gurps(state, [declined])
        return [declined, *landing(now, dice, actor, target, detail, detail.hits)]
    if defend is not None:
        return answer(state, dice, actor, target, defend, detail, retreat=retreat)
    return [ReactionRequested(actor=actor, reactor=target, kind="defense", detail=detail)]


#: Sheet ``design``s whose shots are bullets or beams: a shield cannot block them.
UNBLOCKABLE_DESIGNS = frozenset({"firearm", "revolver", "breechloader", "repeater", "beam"})
