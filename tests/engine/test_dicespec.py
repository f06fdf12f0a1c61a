"""The die grammar (engine/dicespec.py, docs/DICE.md): examples from every system, refusals,
and properties over generated expressions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import Dice
from engine.dicespec import MAX_TERMS, Constant, DiceError, DiceSpec, DiceTerm, parse_spec


def d(count: int, sides: int, multiplier: int = 1, negative: bool = False) -> DiceTerm:
    return DiceTerm(count, sides, multiplier, negative)


@pytest.mark.parametrize(
    ("text", "terms", "canonical"),
    [
        ("1D20", (d(1, 20),), "1D20"),
        ("2d6", (d(2, 6),), "2D6"),
        ("1D4x10", (d(1, 4, 10),), "1D4x10"),  # Palladium
        ("1d6X10", (d(1, 6, 10),), "1D6x10"),
        ("2D6*10", (d(2, 6, 10),), "2D6x10"),
        ("1D4+2", (d(1, 4), Constant(2)), "1D4+2"),
        ("3D6-1", (d(3, 6), Constant(-1)), "3D6-1"),
        ("1D6x10-1", (d(1, 6, 10), Constant(-1)), "1D6x10-1"),
        (" 2 D 6 x 10 + 3 ", (d(2, 6, 10), Constant(3)), "2D6x10+3"),
        ("100D1000x1000+99", (d(100, 1000, 1000), Constant(99)), "100D1000x1000+99"),
        ("1D8+1D4", (d(1, 8), d(1, 4)), "1D8+1D4"),  # BRP: weapon + damage modifier
        ("1D8+1D4+2", (d(1, 8), d(1, 4), Constant(2)), "1D8+1D4+2"),
        ("1D8+1-1D4", (d(1, 8), Constant(1), d(1, 4, negative=True)), "1D8+1-1D4"),
        ("-1D4", (d(1, 4, negative=True),), "-1D4"),  # BRP: a negative damage modifier
        ("2d-1", (d(2, 6), Constant(-1)), "2D6-1"),  # GURPS: "2d" is two six-sided dice
        ("1d", (d(1, 6),), "1D6"),
        ("D100", (d(1, 100),), "1D100"),
        ("d%", (d(1, 100),), "1D100"),
        ("2D%", (d(2, 100),), "2D100"),
        ("3", (Constant(3),), "3"),  # a fixed armor value
        ("+2D6", (d(2, 6),), "2D6"),
    ],
)
def test_parse_spec(text: str, terms: tuple[DiceTerm | Constant, ...], canonical: str) -> None:
    spec = parse_spec(text)
    assert spec == DiceSpec(terms)
    assert str(spec) == canonical
    assert parse_spec(canonical) == spec


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("D", "count or sides"),
        ("2X6", "expected \\+ or -"),
        ("1D20+", "missing at the end"),
        ("1D6+-2", "not a die expression"),
        ("1.5D6", "unexpected '\\.'"),
        ("1D6x", "multiplier needs a number"),
        ("1D6 2", "expected \\+ or -"),
        ("1D6²", "unexpected"),  # a superscript digit is not a digit here
        ("١٤D6", "unexpected"),  # nor an Arabic-Indic one
        ("1D6x1D6", "not a die expression"),
        ("1234567D6", "too long"),
        ("0D6", "count"),
        ("101D6", "count"),
        ("1D1", "sides"),
        ("1D0", "sides"),
        ("1D1001", "sides"),
        ("1D6x0", "multiplier"),
        ("1D6x1001", "multiplier"),
        ("+".join(["1"] * (MAX_TERMS + 1)), "terms"),
    ],
)
def test_parse_spec_refuses(text: str, why: str) -> None:
    with pytest.raises(DiceError, match=why):
        parse_spec(text)


def test_values_minimum_and_maximum() -> None:
    spec = parse_spec("1D8+1D4+2")
    assert spec.sides_per_face() == (8, 4)
    assert spec.value((5, 3)) == 10
    assert (spec.minimum, spec.maximum) == (4, 14)
    assert parse_spec("1D6-1D4").value((2, 4)) == -2
    assert (parse_spec("1D6-1D4").minimum, parse_spec("1D6-1D4").maximum) == (-3, 5)
    assert parse_spec("1D4x10").value((3,)) == 30
    assert str(DiceSpec.simple(1, 6, 10, -1)) == "1D6x10-1"
    assert parse_spec("3").die_count == 0


# --- properties -----------------------------------------------------------------------------

_dice_terms = st.builds(
    DiceTerm,
    count=st.integers(1, 100),
    sides=st.integers(2, 1000),
    multiplier=st.integers(1, 1000),
    negative=st.booleans(),
)
_constants = st.integers(-999_999, 999_999).filter(bool).map(Constant)
_specs = st.lists(st.one_of(_dice_terms, _constants), min_size=1, max_size=MAX_TERMS).map(
    lambda terms: DiceSpec(tuple(terms))
)


@given(_specs)
def test_a_spec_reads_back_from_its_own_text(spec: DiceSpec) -> None:
    assert parse_spec(str(spec)) == spec


@st.composite
def _written(draw: st.DrawFn) -> str:
    """A die expression written the many ways people write them."""
    parts = []
    for i in range(draw(st.integers(1, 4))):
        sign = draw(st.sampled_from(["+", "-"] if i else ["", "+", "-"]))
        if draw(st.booleans()):
            count = draw(st.sampled_from(["", *map(str, range(1, 12))]))
            sides = draw(st.sampled_from(["", "%", "4", "6", "8", "10", "20", "100"]))
            if not count and not sides:
                sides = "6"
            times = draw(st.sampled_from(["", "x10", "X2", "*3"]))
            body = f"{count}{draw(st.sampled_from('dD'))}{sides}{times}"
        else:
            body = str(draw(st.integers(0, 99)))
        space = draw(st.sampled_from(["", " "]))
        parts.append(f"{sign}{space}{body}")
    return " ".join(parts) if draw(st.booleans()) else "".join(parts)


@given(_written())
def test_the_canonical_text_means_the_same(text: str) -> None:
    spec = parse_spec(text)
    again = parse_spec(str(spec))
    assert str(again) == str(spec)
    faces = [1] * spec.die_count
    assert again.value(faces) == spec.value(faces)
    assert again.minimum == spec.minimum and again.maximum == spec.maximum


@given(_specs, st.data())
def test_every_roll_lies_between_minimum_and_maximum(spec: DiceSpec, data: st.DataObject) -> None:
    faces = [data.draw(st.integers(1, sides)) for sides in spec.sides_per_face()]
    assert spec.minimum <= spec.value(faces) <= spec.maximum


@given(_specs, st.integers(0, 2**32), st.integers(0, 500))
def test_seeded_faces_fit_their_dice(spec: DiceSpec, seed: int, depth: int) -> None:
    faces, source = Dice(seed, depth, 0).faces(spec)
    assert source == "seed"
    assert len(faces) == spec.die_count
    assert all(1 <= f <= s for f, s in zip(faces, spec.sides_per_face(), strict=True))


@given(st.text(max_size=30))
def test_any_text_parses_or_is_refused_with_a_dice_error(text: str) -> None:
    try:
        spec = parse_spec(text)
    except DiceError as err:
        assert "\n" not in str(err)
    else:
        assert parse_spec(str(spec)).value([1] * spec.die_count) == spec.value([1] * spec.die_count)
