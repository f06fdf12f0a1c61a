"""A whole install (issue 23): what a GM gets from `pip install .` (or `pipx install .`) runs
every command without the checkout.

The wheel is built from a copy of the source (with this environment's setuptools, as `pip
install .` builds it) and installed into a fresh virtual environment that has nothing else:
its dependencies come from wheels of the ones installed here (no network; pip is told to read
no configuration and no index). Then, from an empty folder with a clean environment (no
PYTHONPATH, the checkout not importable), the installed `fracas` reads the rule glossary
(`rule`, `explain --rules`, both reports), lists the shipped example sheets and adds them by
the paths it printed, and gives help. Neither the build nor the install prints a warning.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
#: What a source copy leaves out: the environment, caches, builds and fights of the checkout.
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis",
    "*.db", "*.db-wal", "*.db-shm", "errors",
)  # fmt: skip
#: Files of an installed distribution that the installer wrote, not the wheel.
INSTALLER_FILES = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}


def _clean_env(home: Path, path: str) -> dict[str, str]:
    """An environment with nothing of this one's Python or pip settings: no PYTHONPATH, no
    FRACAS_DB, no pip configuration file (this machine's may name indexes), no index."""
    return {
        "PATH": path,
        "HOME": str(home),
        "TMPDIR": str(home),
        "LANG": "C.UTF-8",
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_NO_INDEX": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INPUT": "1",
    }


def _run(args: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        args, env=env, cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, (args, done.stdout[-3000:], done.stderr[-3000:])
    return done


def _closure(name: str) -> list[metadata.Distribution]:
    """The installed distributions ``name`` needs, its dependencies' dependencies too
    (markers read for this interpreter, extras followed)."""
    found: dict[str, metadata.Distribution] = {}
    todo = [Requirement(r) for r in metadata.requires(name) or ()]
    while todo:
        req = todo.pop()
        if req.marker is not None and not req.marker.evaluate({"extra": ""}):
            continue
        key = canonicalize_name(req.name)
        if key in found:
            continue
        dist = found[key] = metadata.distribution(req.name)
        for text in dist.requires or ():
            sub = Requirement(text)
            if sub.marker is None or any(
                sub.marker.evaluate({"extra": extra}) for extra in ("", *req.extras)
            ):
                sub.marker = None  # needed: by itself, or by an extra asked for
                todo.append(sub)
    return list(found.values())


def _record_line(arcname: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def _wheel_of(dist: metadata.Distribution, out: Path) -> Path:
    """A wheel of an installed distribution: the files its RECORD lists under site-packages
    (scripts pip makes again from its entry points; no bytecode), a new RECORD, and the file
    name its WHEEL file's tags give."""
    files = [f for f in dist.files or () if f.parts[0] != ".." and "__pycache__" not in f.parts]
    info = next(f.parts[0] for f in files if f.name == "METADATA")
    wheel_tags = (dist.read_text("WHEEL") or "").splitlines()
    tags = [line.split(":", 1)[1].strip().split("-") for line in wheel_tags if ":" in line]
    tags = [t for t in tags if len(t) == 3]
    tag = "-".join(".".join(sorted({t[i] for t in tags})) for i in range(3))
    name = canonicalize_name(dist.metadata["Name"]).replace("-", "_")
    path = out / f"{name}-{dist.version}-{tag}.whl"
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for f in files:
            if f.parts[0] == info and f.name in INSTALLER_FILES:
                continue
            data = Path(str(dist.locate_file(f))).read_bytes()
            whl.writestr(f.as_posix(), data)
            record.append(_record_line(f.as_posix(), data))
        record.append(f"{info}/RECORD,,")
        whl.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return path


def _no_warning(output: str) -> None:
    lowered = output.lower()
    assert "warning" not in lowered and "deprecat" not in lowered, output


class Installed:
    """The fresh environment with fracas installed, and where the GM sits (an empty folder)."""

    def __init__(
        self, venv: Path, table: Path, wheel: Path, build_out: str, install_out: str
    ) -> None:
        self.venv, self.table, self.wheel = venv, table, wheel
        self.build_out, self.install_out = build_out, install_out
        self.env = _clean_env(table, f"{venv / 'bin'}{os.pathsep}/usr/bin{os.pathsep}/bin")

    def fracas(self, *args: str) -> str:
        """``fracas ARGS`` as the GM runs it there: it must succeed and print no error."""
        done = _run([str(self.venv / "bin" / "fracas"), *args], self.env, self.table)
        assert done.stderr == "", (args, done.stderr)
        return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    if Version(metadata.version("setuptools")) < Version("77"):
        pytest.fail("setuptools>=77 builds the wheel: run `bash scripts/setup.sh` again")
    tmp = tmp_path_factory.mktemp("install")
    home = tmp / "home"
    home.mkdir()
    env = _clean_env(home, os.environ.get("PATH", "/usr/bin:/bin"))
    src, dist, deps = tmp / "src", tmp / "dist", tmp / "deps"
    shutil.copytree(ROOT, src, symlinks=True, ignore=NOT_SOURCE)
    build = _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(dist), str(src)],
        env, tmp,
    )  # fmt: skip
    (wheel,) = dist.glob("fracas-*.whl")
    deps.mkdir()
    for needed in _closure("fracas"):
        _wheel_of(needed, deps)
    venv = tmp / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], env, tmp)
    install = _run(
        [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
         "--find-links", str(deps), str(wheel)],
        env, tmp,
    )  # fmt: skip
    shutil.rmtree(src)  # nothing of the source is left to find
    table = tmp / "table"
    table.mkdir()
    yield Installed(
        venv, table, wheel, build.stdout + build.stderr, install.stdout + install.stderr
    )


def test_the_build_and_the_install_print_no_warning(installed: Installed) -> None:
    _no_warning(installed.build_out)
    _no_warning(installed.install_out)
    assert "Successfully installed" in installed.install_out


def test_the_wheel_carries_what_commands_read_and_no_test_data(installed: Installed) -> None:
    names = zipfile.ZipFile(installed.wheel).namelist()
    assert "engine/shipped/RULE-IDS.md" in names
    assert "engine/shipped/missiles.toml" in names
    assert "engine/shipped/sheets/marcus_kell.toml" in names
    assert "engine/shipped/sheets/gurps/sir_aldric.toml" in names
    assert not [n for n in names if "invalid" in n]
    assert not [n for n in names if n.startswith(("tests/", "bench/", "examples/", "docs/"))]
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(installed.wheel).read(meta).decode()
    assert "License-Expression: MIT" in text


def test_the_checkout_is_not_importable_there(installed: Installed) -> None:
    probe = (
        "import importlib.util, json, engine, cli; "
        "print(json.dumps([engine.__file__, cli.__file__, "
        "importlib.util.find_spec('tests') is None]))"
    )
    python = str(installed.venv / "bin" / "python")
    done = _run([python, "-c", probe], installed.env, installed.table)
    engine_file, cli_file, no_tests = json.loads(done.stdout)
    site = installed.venv.resolve()
    assert Path(engine_file).resolve().is_relative_to(site)
    assert Path(cli_file).resolve().is_relative_to(site)
    assert no_tests


def test_an_installed_fracas_runs_a_fight_and_its_dispute_report(installed: Installed) -> None:
    fracas = installed.fracas
    assert fracas("--version").strip() == "fracas 0.1.0"
    assert fracas("rule", "PAL-STRIKE-NAT20").startswith("PAL-STRIKE-NAT20 — ")

    # `fracas sheets` prints paths inside the installed package; `fracas add` takes them
    text = fracas("sheets")
    assert "invalid" not in text
    paths = {
        Path(shlex.split(line)[-1]).name: shlex.split(line)[-1]
        for line in text.splitlines()
        if line.startswith("  ") and line.rstrip().endswith((".toml", ".json", ".yaml"))
    }
    for path in paths.values():
        assert Path(path).resolve().is_relative_to(installed.venv.resolve()), path
        assert Path(path).is_file()
    doc = json.loads(fracas("sheets", "--json"))
    assert {Path(s["path"]).name for s in doc["sheets"]} <= set(paths)
    assert Path(doc["catalogues"][0]["path"]).is_file()

    fracas("new", "duel", "--seed", "7")
    fracas("add", paths["marcus_kell.toml"], "--id", "marcus", "--side", "players")
    fracas("add", paths["brodkil.json"], "--id", "brodkil", "--side", "opponents")
    fracas("initiative")
    acting = json.loads(fracas("--json", "status"))["acting"]
    target = "brodkil" if acting == "marcus" else "marcus"
    fracas("strike", acting, target, "--defend", "none")
    explained = fracas("explain", "4", "--rules")
    assert "rules cited:" in explained and "PAL-" in explained
    assert "(no summary)" not in explained

    html = installed.table / "fight.html"
    md = installed.table / "fight.md"
    assert "wrote" in fracas("report", "--format", "html", "-o", str(html))
    assert "wrote" in fracas("report", "--format", "md", "-o", str(md))
    summary = fracas("rule", "PAL-STRIKE-ROLL").split(" — ", 1)[1].strip()
    for report in (html.read_text(encoding="utf-8"), md.read_text(encoding="utf-8")):
        assert "verified" in report
        assert "(no summary)" not in report
    # the glossary of the rules the fight cites, a strike's among them
    assert f"- `PAL-STRIKE-ROLL`: {summary}" in md.read_text(encoding="utf-8")
    assert "PAL-STRIKE-ROLL" in html.read_text(encoding="utf-8")


def test_an_installed_fracas_adds_each_systems_sheets_and_gives_help(
    installed: Installed,
) -> None:
    doc = json.loads(installed.fracas("sheets", "--json"))
    for system in sorted({s["system"] for s in doc["sheets"]}):
        db = str(installed.table / f"{system}.db")
        installed.fracas("--db", db, "new", system, "--seed", "1", "--system", system)
        for i, sheet in enumerate(s for s in doc["sheets"] if s["system"] == system):
            installed.fracas("--db", db, "add", sheet["path"], "--id", f"c{i}")
        # help does not depend on the fight: another system's verb in this encounter
        other = next(s["system"] for s in doc["sheets"] if s["system"] != system)
        verb = "attack" if other != "palladium" else "strike"
        shown = installed.fracas("--db", db, verb, "--help", "--system", other)
        assert "Example" in shown
