"""Generic sheet loading: formats, strict types, every problem at once (DESIGN §7)."""

from pathlib import Path
from typing import Annotated, Any, Literal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import parse_spec
from engine.sheetload import load_document, make_converter, structure
from engine.sheets import Range, Satisfies, SheetError


@attrs.frozen(kw_only=True)
class Gear:
    name: str
    damage: Annotated[str, Satisfies(parse_spec, "a die expression")]


@attrs.frozen(kw_only=True)
class Stats:
    pp: Annotated[int, Range(1, 30)] = 10
    strike: int = 0
    brave: bool = False
    weight: float = 1.0


@attrs.frozen(kw_only=True)
class Toy:
    name: str
    side: Literal["red", "blue"] = "red"
    stats: Stats = Stats()
    gear: tuple[Gear, ...] = ()
    hp: Annotated[int, Range(1)] | None = None


CONVERTER = make_converter()


def problems_of(data: Any) -> tuple[str, ...]:
    with pytest.raises(SheetError) as info:
        structure(data, Toy, "toy.toml", CONVERTER)
    return info.value.problems


def test_valid_data_structures_into_frozen_classes() -> None:
    toy = structure(
        {
            "name": "t",
            "side": "blue",
            "stats": {"pp": 12},
            "gear": [{"name": "g", "damage": "2D6"}],
        },
        Toy,
        "toy.toml",
        CONVERTER,
    )
    assert toy == Toy(
        name="t", side="blue", stats=Stats(pp=12), gear=(Gear(name="g", damage="2D6"),)
    )


def test_every_problem_is_reported_at_once_with_dotted_paths() -> None:
    found = problems_of(
        {
            "name": "t",
            "stats": {"pp": "high", "strik": 1},
            "gear": [{"name": "ok", "damage": "1D6"}, {"name": "bad", "damage": "2X6"}],
        }
    )
    assert found == (
        'stats.pp: expected an integer 1..30, got "high"',
        "stats.strik: unknown key",
        'gear[1].damage: expected a die expression, got "2X6"',
    )


def test_str_is_one_line_with_the_file_before_every_problem() -> None:
    with pytest.raises(SheetError) as info:
        structure({"name": "t", "stats": {"pp": 0, "brave": 1}}, Toy, "bad.toml", CONVERTER)
    text = str(info.value)
    assert "\n" not in text
    assert text == (
        "bad.toml: stats.pp: expected an integer 1..30, got 0; "
        "bad.toml: stats.brave: expected true or false, got 1"
    )
    assert info.value.file == "bad.toml"


@pytest.mark.parametrize(
    ("stats", "message"),
    [
        (
            {"strike": "5"},
            'stats.strike: expected an integer, got "5" (text in quotes: write 5 without them)',
        ),
        ({"strike": True}, "stats.strike: expected an integer, got true"),
        ({"strike": 2.0}, "stats.strike: expected an integer, got 2.0"),
        ({"brave": "yes"}, 'stats.brave: expected true or false, got "yes"'),
        (
            {"weight": "1.5"},
            'stats.weight: expected a number, got "1.5" (text in quotes: write 1.5 without them)',
        ),
        ({"weight": False}, "stats.weight: expected a number, got false"),
        ({"pp": [1]}, "stats.pp: expected an integer 1..30, got a list"),
    ],
)
def test_no_silent_coercion(stats: dict[str, Any], message: str) -> None:
    assert problems_of({"name": "t", "stats": stats}) == (message,)


def test_int_is_not_a_string_and_literals_match_exactly() -> None:
    assert problems_of({"name": 5, "side": "green"}) == (
        "name: expected a string, got 5",
        'side: expected one of "red", "blue", got "green"',
    )


def test_an_int_is_accepted_where_a_float_is_expected() -> None:
    toy = structure({"name": "t", "stats": {"weight": 2}}, Toy, "toy.toml", CONVERTER)
    assert toy.stats.weight == 2.0
    assert isinstance(toy.stats.weight, float)


def test_missing_keys_and_wrong_shapes_are_named() -> None:
    assert problems_of({"stats": "strong", "gear": "sword", "hp": 0}) == (
        "name: required key is missing",
        'stats: expected a table of keys (pp, strike, brave, weight), got "strong"',
        'gear: expected a list of tables, e.g. [[gear]]; got "sword"',
        "hp: expected an integer >= 1, got 0",
    )
    assert problems_of({"name": "t", "gear": [{"name": "g"}, 3]}) == (
        "gear[0].damage: required key is missing",
        "gear[1]: expected a table of keys (name, damage), got 3",
    )


def test_optional_values_accept_null() -> None:
    assert structure({"name": "t", "hp": None}, Toy, "toy.json", CONVERTER).hp is None


def test_unknown_top_level_keys_are_reported_by_name() -> None:
    assert problems_of({"name": "t", "class": "x", "age": 3}) == (
        "age: unknown key",
        "class: unknown key",
    )


def test_unstructure_gives_plain_lists() -> None:
    toy = Toy(name="t", gear=(Gear(name="g", damage="1D4"),))
    assert CONVERTER.unstructure(toy)["gear"] == [{"name": "g", "damage": "1D4"}]


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        max_leaves=20,
    )
)
def test_any_data_gives_a_value_or_a_sheet_error(data: Any) -> None:
    """Fuzz: malformed input is always a SheetError, never another exception."""
    try:
        structure(data, Toy, "fuzz.json", CONVERTER)
    except SheetError as err:
        assert err.problems
        assert all(isinstance(p, str) and p for p in err.problems)


# --- load_document -----------------------------------------------------------------------


def test_the_three_formats_load_to_the_same_data(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('name = "t"\n[stats]\npp = 12\n')
    (tmp_path / "a.json").write_text('{"name": "t", "stats": {"pp": 12}}')
    (tmp_path / "a.yaml").write_text("name: t\nstats:\n  pp: 12\n")
    (tmp_path / "a.yml").write_text("name: t\nstats: {pp: 12}\n")
    loaded = [load_document(tmp_path / f"a.{ext}") for ext in ("toml", "json", "yaml", "yml")]
    assert all(doc == {"name": "t", "stats": {"pp": 12}} for doc in loaded)


def test_yaml_uses_the_safe_loader(tmp_path: Path) -> None:
    marker = tmp_path / "executed"
    path = tmp_path / "evil.yaml"
    # With yaml.unsafe_load this line would create the marker directory.
    path.write_text(f"name: !!python/object/apply:os.mkdir ['{marker}']\n")
    with pytest.raises(SheetError) as info:
        load_document(path)
    assert not marker.exists()
    assert info.value.problems[0].startswith("not valid YAML:")
    (tmp_path / "obj.yaml").write_text("x: !!python/object:builtins.object {}\n")
    with pytest.raises(SheetError, match="not valid YAML"):
        load_document(tmp_path / "obj.yaml")


@pytest.mark.parametrize(
    ("filename", "text"),
    [
        ("dup.yaml", "name: a\nname: b\n"),
        ("dup.json", '{"name": "a", "name": "b"}'),
        ("dup.toml", 'name = "a"\nname = "b"\n'),
    ],
)
def test_a_key_given_twice_is_refused(tmp_path: Path, filename: str, text: str) -> None:
    (tmp_path / filename).write_text(text)
    with pytest.raises(SheetError, match="not valid"):
        load_document(tmp_path / filename)


@pytest.mark.parametrize(
    ("filename", "content", "message"),
    [
        ("bad.toml", b"name = \n", "not valid TOML: "),
        ("bad.json", b"{name: 1}", "not valid JSON: "),
        ("bad.yaml", b"a: [1, 2\n", "not valid YAML: "),
        ("latin.toml", b'name = "Jos\xe9"\n', "not UTF-8 text"),
        ("list.json", b"[1, 2]", "expected a table of keys at the top level, got a list"),
        ("empty.yaml", b"", "expected a table of keys at the top level, got null"),
        ("sheet.txt", b"name = 1", "unknown sheet format '.txt'"),
    ],
)
def test_unreadable_documents_name_the_file(
    tmp_path: Path, filename: str, content: bytes, message: str
) -> None:
    path = tmp_path / filename
    path.write_bytes(content)
    with pytest.raises(SheetError) as info:
        load_document(path)
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith(message)
    assert str(info.value).startswith(f"{path}: ")
    assert "\n" not in str(info.value)


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(SheetError) as info:
        load_document(tmp_path / "nope.toml")
    assert str(info.value) == f"{tmp_path / 'nope.toml'}: file not found"
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(SheetError, match="not a regular file: a directory"):
        load_document(tmp_path / "dir.toml")
