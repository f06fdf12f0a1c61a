"""The rule glossary on the command line (engine/glossary.py, docs/RULE-IDS.md): `fracas rule
ID` says what a cited id means in one line, in the project's words; `explain --rules` and `log
--rules` add the summaries of the ids a ply cites; an unknown id is a usage error naming the
nearest ones."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from engine.glossary import cited, summaries
from tests.conftest import SHEETS, CliResult, assert_one_line_error

Invoke = Callable[..., CliResult]


def test_rule_prints_the_summary_of_each_id_asked(fracas_inprocess: Invoke) -> None:
    done = fracas_inprocess("rule", "PAL-MSL-VOLLEY", "brp-autofire", db=None)
    assert done.code == 0, done
    lines = done.stdout.splitlines()
    assert lines == [
        f"PAL-MSL-VOLLEY — {summaries()['PAL-MSL-VOLLEY']}",
        f"BRP-AUTOFIRE — {summaries()['BRP-AUTOFIRE']}",
    ]


def test_rule_json_and_the_whole_list(fracas_inprocess: Invoke) -> None:
    doc = json.loads(fracas_inprocess("--json", "rule", "PAL-MSL-SMART", db=None).stdout)
    assert doc == [{"id": "PAL-MSL-SMART", "summary": summaries()["PAL-MSL-SMART"]}]
    every = fracas_inprocess("rule", db=None).stdout.splitlines()
    assert len(every) == len(summaries()) and every[0].startswith(next(iter(summaries())))


def test_rule_unknown_id_is_a_usage_error_with_the_nearest(fracas_inprocess: Invoke) -> None:
    done = fracas_inprocess("rule", "PAL-MSL-VOLEY", db=None)
    assert_one_line_error(done, 2, "unknown rule id 'PAL-MSL-VOLEY'", "PAL-MSL-VOLLEY")


def test_explain_and_log_rules_add_what_each_cited_id_means(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "f.db"
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "marcus_kell.toml")),
        ("add", str(SHEETS / "brodkil.json")),
        ("initiative", "--dice", "15,3"),
    ):
        assert fracas_inprocess(*args, db=db).code == 0
    plain = fracas_inprocess("explain", "3", db=db).stdout
    assert "rules cited:" not in plain
    ids = cited(plain)
    assert ids, plain
    text = fracas_inprocess("explain", "3", "--rules", db=db).stdout
    section = text.split("rules cited:\n", 1)[1].splitlines()
    assert section == [f"  {i} — {summaries()[i]}" for i in ids]
    logged = fracas_inprocess("log", "--rules", db=db).stdout
    assert "rules cited:" in logged and f"  {ids[0]} — " in logged


def test_cited_reads_ids_once_in_order_and_no_family_wildcards() -> None:
    text = "PAL-MSL-DODGE / PAL-HR-MSL-DODGE, then PAL-MSL-DODGE again; PAL-DEF-* is a family"
    assert cited(text) == ["PAL-MSL-DODGE", "PAL-HR-MSL-DODGE"]
