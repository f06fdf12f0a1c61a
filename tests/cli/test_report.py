"""`fracas report` through the real command line (issue 11): the dispute report as Markdown and
as one self-contained HTML file (no script, nothing fetched), with the encounter, seed, options,
the verification stamp, every ply with its rolls and rule ids and the state after it, the
branches, a plot of the pools and a glossary of the rule ids cited; the HTML rendered in
headless Chromium where one is installed."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.glossary import cited, summaries
from tests.conftest import SHEETS, CliResult, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]


def fight(gm: GmCli) -> None:
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("initiative", "--dice", "15,3")
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none", "--dice", "14,3")
    gm("next")
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "dodge")
    gm("branch", "what-if", "--at", "4")


class Dom(HTMLParser):
    """Tags, ids and attributes of a page, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.ids: set[str] = set()
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []
        self.classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += attrs
        for k, v in attrs:
            if k == "id" and v:
                self.ids.add(v)
            if k == "class" and v:
                self.classes.append(v)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_report_markdown_holds_what_settles_a_dispute(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    fight(gm)
    md = gm("report", "--format", "md")
    assert md.startswith("# Fight report: duel")
    assert "- Seed: 7; branch 'main' at ply #6" in md and "rules version" in md
    assert "log intact, head hash" in md and "verified 7 plies" in md
    assert "### Round 1" in md
    for n in range(7):
        assert f"**#{n}**" in md
    assert "1D20 [14]" in md  # the strike as rolled, with its modifiers and rule ids
    assert "- CS Grunt Vance (vance): hp 22, sdc 20" in md
    assert "`what-if`: head #4, forks after #4" in md
    ids = cited(md.split("## Rule glossary", 1)[0])
    for rule in ids:
        assert f"- `{rule}`: {summaries()[rule]}" in md
    part = gm("report", "--from", "4", "--to", "5")
    assert "**#4**" in part and "**#3**" not in part and "**#6**" not in part


def test_report_html_is_self_contained(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    fight(gm)
    out = tmp_path / "r.html"
    assert "wrote" in gm("report", "--format", "html", "-o", str(out))
    dom = Dom()
    dom.feed(out.read_text(encoding="utf-8"))
    assert "script" not in dom.tags and "link" not in dom.tags and "img" not in dom.tags
    assert not [v for k, v in dom.attrs if k in ("src", "href") and v and "://" in v]
    assert {"header", "verified", "timeline", "glossary", "plot"} <= dom.ids
    assert {f"ply-{n}" for n in range(7)} <= dom.ids
    assert dom.tags.count("polyline") >= 4  # each combatant's pools
    assert "style" in dom.tags and "@media print" in out.read_text(encoding="utf-8")
    assert_one_line_error(fracas_inprocess("report", "--format", "pdf", db=gm.db), 2, "md or html")


CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (Debian: apt-get install chromium)")
def test_report_renders_in_headless_chromium(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    fight(gm)
    out, shot = tmp_path / "r.html", tmp_path / "r.png"
    gm("report", "--format", "html", "-o", str(out))
    base = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
    dom = subprocess.run(
        [*base, "--dump-dom", out.as_uri()], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    assert "Fight report: duel" in dom and 'id="verified"' in dom and "<polyline" in dom
    subprocess.run(
        [*base, f"--screenshot={shot}", "--window-size=1000,1400", out.as_uri()],
        capture_output=True, timeout=120, check=True,
    )  # fmt: skip
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_report_refuses_a_range_outside_the_branch(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    fight(gm)
    for args in (("--from", "5", "--to", "3"), ("--from", "99"), ("--to", "99")):
        assert_one_line_error(fracas_inprocess("report", *args, db=gm.db), 2, "plies 0 to #6")
