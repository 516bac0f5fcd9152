"""Batches and exit codes: one rule for every command (0 clean, 1 an error finding, 2 an input not read), no
folder skipped silently, no worker left behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from longlines import ROOT, run_shipyard
from workbooks import bomb

from shipyard.core.batch import find_files
from shipyard.core.processes import PARENT_POLL_SECONDS

SHIPYARD = [sys.executable, "-m", "shipyard"]
KUVASZ = ROOT / "examples" / "kuvasz.usd"


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_shipyard(*args, cwd=cwd)


def test_a_folder_that_cannot_be_listed_is_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    shutil.copy(KUVASZ, tmp_path)
    real = os.scandir

    def scandir(path: object = ".") -> object:  # as a folder without read permission answers (root reads all)
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    found, problems = find_files([tmp_path])
    assert [f.path.name for f in found] == ["kuvasz.usd"]
    assert [(d.code, d.span.path, d.message) for d in problems] == [
        ("IO001", str(locked), "cannot read folder: Permission denied")
    ]


def test_a_listable_folder_is_no_finding(tmp_path: Path) -> None:
    (tmp_path / "inner").mkdir()
    shutil.copy(KUVASZ, tmp_path / "inner")
    found, problems = find_files([tmp_path])
    assert [f.path.name for f in found] == ["kuvasz.usd"] and problems == []


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def _killed_leaves_no_worker(command: list[str], cwd: Path) -> None:
    """Run ``command``, kill it outright (SIGKILL: it cannot shut its pool down) once two workers run, and assert
    none of them outlives it by more than a few of their looks at their parent."""
    run = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2 and run.poll() is None:
        workers = _children(run.pid)
        time.sleep(0.05)
    if run.poll() is not None:
        pytest.skip("the command ended before its workers could be seen")
    run.send_signal(signal.SIGKILL)
    run.wait()
    deadline = time.monotonic() + 10 * PARENT_POLL_SECONDS + 5
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.1)
    alive = [
        w for w in workers if Path(f"/proc/{w}").exists() and Path(f"/proc/{w}/stat").read_text().split()[2] != "Z"
    ]
    assert alive == []


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_workers_do_not_outlive_a_killed_batch(tmp_path: Path) -> None:
    for n in range(400):
        shutil.copy(KUVASZ, tmp_path / f"k{n}.usd")
    _killed_leaves_no_worker([*SHIPYARD, "check", "-j", "2", str(tmp_path)], tmp_path)


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("game", ["combat", "tcs"])
def test_workers_do_not_outlive_a_killed_search(tmp_path: Path, game: str) -> None:
    """A fleet search on two local workers (MCS or TCS), killed outright while it fights: no worker fights on."""
    pytest.importorskip("optuna")
    if game == "combat":
        sheets = [ROOT / "fixtures" / "mcs" / name for name in ("zhodani-patrol-corvette.usd", "drachen-jaeger.usd")]
        opponent, extra = ROOT / "examples" / "midu-agashaan.usd", ["-b", "3000"]
    else:
        sheets = [ROOT / "fixtures" / "tcs" / "battle" / name for name in ("vigilant.txt", "kinunir.txt")]
        opponent, extra = ROOT / "fixtures" / "tcs" / "battle" / "vigilant.txt", ["-s", "small.toml"]
        shutil.copy(ROOT / "fixtures" / "tcs" / "search" / "small.toml", tmp_path)
    for sheet in [*sheets, opponent]:
        shutil.copy(sheet, tmp_path)
    command = [*SHIPYARD, game, "search", *(sheet.name for sheet in sheets), "--against", opponent.name]
    _killed_leaves_no_worker([*command, *extra, "-j", "2", "-q"], tmp_path)


def _battle_until_interrupted(tmp_path: Path, group: bool) -> tuple[subprocess.Popen[str], set[int]]:
    """``combat battle -j 2`` of 200,000 battles (a minute's work), interrupted once its two workers run: Ctrl-C
    to the whole process group (as a terminal sends it), or SIGINT to shipyard alone."""
    shutil.copy(KUVASZ, tmp_path)
    shutil.copy(ROOT / "examples" / "midu-agashaan.usd", tmp_path)
    battle = subprocess.Popen(
        [*SHIPYARD, "combat", "battle", "kuvasz.usd", "midu-agashaan.usd", "--runs", "200000", "-j", "2", "-q"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2 and battle.poll() is None:
        workers = _children(battle.pid)
        time.sleep(0.05)
    time.sleep(0.5)  # the workers at their battles
    if group:
        os.killpg(battle.pid, signal.SIGINT)
    else:
        battle.send_signal(signal.SIGINT)
    return battle, workers


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
@pytest.mark.parametrize("group", [True, False], ids=["process group", "shipyard alone"])
def test_ctrl_c_stops_a_battle_of_many_workers_at_once(tmp_path: Path, group: bool) -> None:
    """Before, the queued battles ran on after Ctrl-C (52 s for these), and the exit 130 said nothing. Now the queue
    is dropped and the workers ended (a hang guard of 30 s, not a speed test), and the command says it stopped."""
    battle, workers = _battle_until_interrupted(tmp_path, group)
    _, err = battle.communicate(timeout=30)
    assert battle.returncode == 130
    assert "shipyard: interrupted (Ctrl-C)" in err and "Traceback" not in err
    assert len(workers) == 2
    alive = [
        w for w in workers if Path(f"/proc/{w}").exists() and Path(f"/proc/{w}/stat").read_text().split()[2] != "Z"
    ]
    assert alive == []


@pytest.mark.parametrize("line", ["[scenario]", "[ship]", "[[ship]]"])
def test_a_usd_sheet_with_a_toml_like_line_is_read_as_a_sheet(tmp_path: Path, line: str) -> None:
    text = KUVASZ.read_text(encoding="utf-8").replace("JFuel:", f"{line}\nJFuel:", 1)
    (tmp_path / "k.usd").write_text(text, encoding="utf-8")
    result = run("check", ".", "--format", "json", cwd=tmp_path)
    assert '"USD100"' in result.stdout and '"line": 4' in result.stdout  # the line kept as a note, where it is
    assert "1 ship(s)" in result.stderr and result.returncode == 0


def test_a_toml_file_named_usd_is_still_read_as_toml(tmp_path: Path) -> None:
    shutil.copy(ROOT / "examples" / "ffs2" / "seed-examples.toml", tmp_path / "design.usd")
    result = run("show", "design.usd", "--format", "json", cwd=tmp_path)
    assert '"format": "ffs"' in result.stdout


def test_audit_with_an_unreadable_damage_record_exits_2(tmp_path: Path) -> None:
    battle = ROOT / "fixtures" / "tcs" / "battle"
    for name in ("fleet-a.toml", "vigilant.txt", "kinunir.txt"):
        shutil.copy(battle / name, tmp_path)
    (tmp_path / "damage.toml").write_text("[[damage]\nsheet = ", encoding="utf-8")
    result = run("audit", "fleet-a.toml", "--damage", "damage.toml", cwd=tmp_path)
    assert result.returncode == 2 and "DMG001" in result.stderr
    shutil.copy(battle / "damage-a.toml", tmp_path / "damage.toml")
    assert run("audit", "fleet-a.toml", "--damage", "damage.toml", cwd=tmp_path).returncode == 0


def test_export_exits_1_on_an_error_and_2_on_an_unreadable_file(tmp_path: Path) -> None:
    shutil.copy(KUVASZ, tmp_path)
    assert run("export", "kuvasz.usd", "--format", "json", cwd=tmp_path).returncode == 0
    shutil.copy(ROOT / "fixtures" / "core" / "invalid" / "bad-values.usd", tmp_path)
    assert run("export", "kuvasz.usd", "bad-values.usd", "--format", "json", cwd=tmp_path).returncode == 1
    (tmp_path / "empty.usd").write_text("", encoding="utf-8")
    assert run("export", "kuvasz.usd", "empty.usd", "--format", "json", cwd=tmp_path).returncode == 2


def test_check_exits_2_on_a_workbook_that_does_not_open(tmp_path: Path) -> None:
    (tmp_path / "bomb.xlsx").write_bytes(bomb(9 * 1024 * 1024))
    (tmp_path / "text.xlsx").write_text("not a zip", encoding="utf-8")
    shutil.copy(KUVASZ, tmp_path)
    for name in ("bomb.xlsx", "text.xlsx"):
        result = run("check", name, "kuvasz.usd", cwd=tmp_path)
        assert result.returncode == 2 and "FFS003" in result.stdout and "kuvasz.usd:2:43" in result.stdout


def test_a_pool_starts_no_more_workers_than_cores_or_tasks() -> None:
    """``-j 64`` on this machine starts as many workers as it has cores, and never more than the tasks."""
    from shipyard.core.processes import worker_count

    cores = os.cpu_count() or 1
    assert worker_count(64, 1000) == min(64, cores)
    assert worker_count(64, 1) == 1 and worker_count(1, 1000) == 1
    assert worker_count(3, 2) == min(2, cores)
    assert worker_count(8, 0) == 1  # no task: no pool (one worker is the process itself)
