"""A full disk and a read-only file system, for real: a small tmpfs mounted in a mount
namespace of the test's own (``unshare``: a user namespace needs no privilege), filled to the
last block, or remounted read-only. Reads go on; writes are exit 7 "the disk is full (PATH)"
(or "read-only"), nothing half-written, no -wal or -shm left, the file's bytes and the
folder's listing as they were.

Where no namespace can be made (no ``unshare``, user namespaces switched off), the tests are
skipped, saying so: a full disk cannot be had otherwise without privileges.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests import faults
from tests.conftest import REPO, SHEETS

#: Runs inside the namespace: mounts the tmpfs, lays the fight in it, and runs each scenario's
#: commands as real ``fracas`` processes; prints what it saw as JSON.
DRIVER = textwrap.dedent(
    """
    import hashlib, json, os, subprocess, sys
    from pathlib import Path

    python, mount, fight, sheet, outside = sys.argv[1:6]
    mount = Path(mount)
    BOOT = "import sys; sys.argv[0] = 'fracas'; from cli.main import run; run()"

    def sh(*args):
        subprocess.run(args, check=True)

    def listing(folder):
        out = []
        for name in sorted(os.listdir(folder)):
            p = folder / name
            out.append([name, hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else None])
        return out

    def fracas(db, *args):
        before = listing(db.parent)
        done = subprocess.run([python, "-c", BOOT, "--db", str(db), *args],
                              capture_output=True, text=True, timeout=120)
        return {"args": list(args), "code": done.returncode, "out": done.stdout,
                "err": done.stderr, "same": listing(db.parent) == before,
                "after": listing(db.parent)}

    def fill(folder, leave=0):
        # fill the file system, then give back `leave` bytes
        fd = os.open(folder / "fill", os.O_WRONLY | os.O_CREAT)
        try:
            while os.write(fd, bytes(4096)):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        if leave:
            size = (folder / "fill").stat().st_size
            os.truncate(folder / "fill", max(0, size - leave))

    sh("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount))
    seen = {}
    db = mount / "fight.db"
    db.write_bytes(Path(fight).read_bytes())
    fill(mount)
    reads = [("status",), ("log",), ("replay", "--verify"), ("branches",),
             ("report", "--format", "md", "-o", outside)]
    writes = [("next",), ("undo",), ("add", sheet, "--id", "rook"), ("new", "x", "--seed", "1")]
    seen["full"] = [fracas(db, *a) for a in reads + writes]
    seen["full new file"] = [fracas(mount / "other.db", "new", "y", "--seed", "1")]
    seen["full export"] = [fracas(db, "export", str(mount / "tables.db"))]
    seen["full bytes"] = db.read_bytes() == Path(fight).read_bytes()
    os.unlink(mount / "fill")

    # room to open the file and begin a write, not to finish many: one of them runs out
    fill(mount, leave=160 * 1024)
    adds = []
    for n in range(12):
        adds.append(fracas(db, "add", sheet, "--id", f"rook-{n}"))
        if adds[-1]["code"]:
            break
    seen["filling"] = adds
    seen["filling after"] = [fracas(db, "status"), fracas(db, "replay", "--verify")]
    os.unlink(mount / "fill")
    seen["room again"] = [fracas(db, "next")]

    sh("mount", "-o", "remount,ro", str(mount))
    seen["read-only"] = [fracas(db, *a) for a in reads[:4] + writes]
    print(json.dumps(seen))
    """
)


def _unshare(probe: Path) -> list[str] | None:
    """The command that runs a program in a new user and mount namespace, if this machine
    lets a test make one and mount a tmpfs in it (tried at ``probe``, a folder)."""
    tool = shutil.which("unshare")
    if tool is None:
        return None
    try:
        done = subprocess.run(
            [tool, "-rm", "sh", "-c", 'mount -t tmpfs -o size=64k tmpfs "$1"', "sh", str(probe)],
            capture_output=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return [tool, "-rm"] if done.returncode == 0 else None


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    work = tmp_path_factory.mktemp("full")
    unshare = _unshare(work)
    if unshare is None:
        pytest.skip(
            "no mount namespace here (unshare missing, or user namespaces switched off): "
            "a full disk cannot be made without privileges"
        )
    assets = faults.build_assets(work / "assets")
    fight = work / "fight.bytes"
    fight.write_bytes(assets.fight)
    mount = work / "mnt"
    mount.mkdir()
    driver = work / "driver.py"
    driver.write_text(DRIVER)
    outside = work / "report.md"
    done = subprocess.run(
        [*unshare, sys.executable, str(driver), sys.executable, str(mount), str(fight),
         str(SHEETS / "rook.toml"), str(outside)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
        check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    result["report written"] = outside.exists()
    return result


def _clean(run: dict[str, Any]) -> None:
    assert "Traceback" not in run["err"], run
    assert run["code"] in (0, 1, 2, 7), run


def test_reads_go_on_when_the_disk_is_full(seen: dict[str, Any]) -> None:
    for run in seen["full"][:5]:
        _clean(run)
        assert run["code"] == 0, run
        assert run["same"], run  # not even an empty -wal or -shm beside the file
    assert seen["report written"]


def test_writes_on_a_full_disk_are_exit_7_naming_the_file_and_write_nothing(
    seen: dict[str, Any],
) -> None:
    for run in seen["full"][5:]:
        _clean(run)
        assert run["code"] == 7, run
        assert run["err"].startswith("fracas: error: the disk is full ("), run
        assert "fight.db)" in run["err"] and "nothing was written" in run["err"], run
        assert run["same"], run
    assert seen["full bytes"]
    (new,) = seen["full new file"]
    assert new["code"] == 7 and "the disk is full (" in new["err"] and "other.db" in new["err"]
    assert new["same"], new  # no half-made file, no private name left
    (export,) = seen["full export"]
    assert export["code"] == 7 and "tables.db" in export["err"], export
    assert export["same"], export


def test_a_write_that_runs_out_of_room_halfway_leaves_nothing(seen: dict[str, Any]) -> None:
    """Room enough to open the file and begin, not to finish: the ply that does not fit is
    exit 7, every one before it is whole, and nothing is left beside the file."""
    adds = seen["filling"]
    assert adds[0]["code"] == 0, adds[0]
    last = adds[-1]
    _clean(last)
    assert last["code"] == 7 and "the disk is full (" in last["err"], last
    assert last["same"], last
    # a ply that fitted in the -wal, whose pages the full file could not take yet, stays there
    # (SQLite's checkpoint waits for room); nothing else is left
    assert {n for n, _ in last["after"]} <= {"fight.db", "fight.db-wal", "fill"}, last
    status, verify = seen["filling after"]
    assert status["code"] == 0 and verify["code"] == 0, (status, verify)
    assert f"at ply #{5 + len(adds) - 1}\n" in status["out"]  # not the one that did not fit
    (again,) = seen["room again"]
    assert again["code"] == 0, again
    assert [n for n, _ in again["after"]] == ["fight.db"]  # with room, the -wal is applied


def test_a_read_only_file_system_is_read_and_refuses_writes(seen: dict[str, Any]) -> None:
    runs = seen["read-only"]
    for run in runs[:4]:
        _clean(run)
        assert run["code"] == 0 and run["same"], run
    for run in runs[4:]:
        _clean(run)
        assert run["code"] == 7 and "read-only" in run["err"] and "fight.db" in run["err"], run
        assert run["same"], run
