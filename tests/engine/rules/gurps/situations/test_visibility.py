"""Seeing and not seeing (seed 002 line 9; catalogue §2.1): GURPS-VIS-BLIND,
GURPS-VIS-INVISIBLE, GURPS-VIS-KNOWN-HEX, GURPS-VIS-LIGHT and GURPS-VIS-DEFEND-UNSEEN."""

from __future__ import annotations

from engine.rules.gurps.situations.visibility import (
    HEARING_TO_DEFEND,
    unseen_attack,
    unseen_defence,
)


def _attack(sight: str, **kw: bool) -> tuple[list[tuple[int, str]], int | None, bool]:
    a = unseen_attack(sight, **kw)  # type: ignore[arg-type]
    return [(m.value, m.rule) for m in a.modifiers], a.hearing, a.random_location


def test_seeing_clearly_changes_nothing() -> None:
    """GURPS-VIS-BLIND: nothing applies to an attacker who sees."""
    assert _attack("clear") == ([], None, False)


def test_blind_attacker_is_at_minus_10_with_hearing_minus_2_gurps_vis_blind() -> None:
    """GURPS-VIS-BLIND: -10 to hit, Hearing-2 to find the foe, random hit location."""
    assert _attack("blind") == ([(-10, "GURPS-VIS-BLIND")], -2, True)


def test_blind_and_used_to_it_is_at_minus_6_gurps_vis_blind() -> None:
    """GURPS-VIS-BLIND: -6 if accustomed to blindness."""
    assert _attack("blind", accustomed_to_blindness=True) == ([(-6, "GURPS-VIS-BLIND")], -2, True)


def test_only_the_foe_invisible_is_minus_6_gurps_vis_invisible() -> None:
    """GURPS-VIS-INVISIBLE: the blind rules at -6 (Hearing still needed)."""
    assert _attack("foe_invisible") == ([(-6, "GURPS-VIS-INVISIBLE")], -2, True)


def test_foe_in_a_known_hex_is_minus_4_with_no_hearing_roll_gurps_vis_known_hex() -> None:
    """GURPS-VIS-KNOWN-HEX: -4, no Hearing roll, location still random."""
    assert _attack("foe_known_hex") == ([(-4, "GURPS-VIS-KNOWN-HEX")], None, True)


def test_a_light_turns_darkness_minus_10_into_minus_3_gurps_vis_light() -> None:
    """GURPS-VIS-LIGHT: a torch in line of sight: -3 instead of -10."""
    assert _attack("blind", light_in_sight=True) == ([(-3, "GURPS-VIS-LIGHT")], None, False)


def test_unseen_attacker_aware_defender_dodges_at_minus_4_gurps_vis_defend_unseen() -> None:
    """GURPS-VIS-DEFEND-UNSEEN: dodge only, at -4, before the Hearing roll succeeds."""
    d = unseen_defence("unseen", aware=True, heard=False)
    assert d.allowed == {"dodge"}
    assert [(m.value, m.rule) for m in d.modifiers] == [(-4, "GURPS-VIS-DEFEND-UNSEEN")]


def test_hearing_lets_him_parry_and_block_still_at_minus_4_gurps_vis_defend_unseen() -> None:
    """GURPS-VIS-DEFEND-UNSEEN: a Hearing-2 success adds parry and block, still at -4."""
    assert HEARING_TO_DEFEND == -2
    d = unseen_defence("unseen", aware=True, heard=True)
    assert d.allowed == {"dodge", "parry", "block"}
    assert [m.value for m in d.modifiers] == [-4]


def test_unaware_defender_has_no_defence_gurps_vis_defend_unseen() -> None:
    """GURPS-VIS-DEFEND-UNSEEN: completely unaware of the attacker: no defence at all."""
    d = unseen_defence("unseen", aware=False, heard=True)
    assert (d.allowed, d.modifiers) == (frozenset(), ())


def test_attacker_in_smoke_is_defended_normally_gurps_vis_defend_unseen() -> None:
    """GURPS-VIS-DEFEND-UNSEEN: the weapon is seen coming out of the smoke."""
    d = unseen_defence("obscured", aware=True)
    assert d.allowed == {"dodge", "parry", "block"}
    assert d.modifiers == ()
