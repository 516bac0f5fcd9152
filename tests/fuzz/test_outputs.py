"""Outputs (-o): never over an input, never replacing a device or FIFO or a symlink with a regular file, all
files of one command new or all old, a full disk one IO009 finding, never a traceback."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import threading
from pathlib import Path

import pytest
from longlines import ROOT, run_shipyard

BATTLE = ROOT / "fixtures" / "tcs" / "battle"


def run(*args: str | Path, cwd: Path, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    return run_shipyard(*args, cwd=cwd, file_limit=limit)


@pytest.fixture()
def sheet(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "examples" / "kuvasz.usd", tmp_path)
    return tmp_path / "kuvasz.usd"


@pytest.mark.parametrize(
    "command",
    [["export", "kuvasz.usd", "-o", "kuvasz.usd", "--format", "json"], ["audit", "kuvasz.usd", "-o", "kuvasz.usd"]],
)
def test_an_output_that_is_an_input_is_refused(sheet: Path, command: list[str]) -> None:
    before = sheet.read_bytes()
    result = run(*command, cwd=sheet.parent)
    assert result.returncode == 2 and "IO009 the output is the input kuvasz.usd" in result.stderr + result.stdout
    assert sheet.read_bytes() == before


def test_the_score_workbook_never_overwrites_a_damage_record(tmp_path: Path) -> None:
    for name in ("fleet-a.toml", "damage-a.toml", "fleet-b.toml", "damage-b.toml", "vigilant.txt", "kinunir.txt"):
        shutil.copy(BATTLE / name, tmp_path)
    before = (tmp_path / "damage-b.toml").read_bytes()
    result = run(
        "score", "fleet-a.toml", "damage-a.toml", "fleet-b.toml", "damage-b.toml", "-o", "damage-b.toml", cwd=tmp_path
    )
    assert result.returncode == 2 and "IO009" in result.stderr
    assert (tmp_path / "damage-b.toml").read_bytes() == before


def test_the_batteries_file_beside_a_csv_is_checked_too(sheet: Path) -> None:
    shutil.copy(sheet, sheet.parent / "out-batteries.csv")
    result = run("export", "kuvasz.usd", "out-batteries.csv", "--format", "csv", "-o", "out.csv", cwd=sheet.parent)
    assert result.returncode == 2 and "the output is the input out-batteries.csv" in result.stderr
    assert not (sheet.parent / "out.csv").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_written_in_place_not_replaced(sheet: Path) -> None:
    fifo = sheet.parent / "out.json"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    result = run("export", "kuvasz.usd", "--format", "json", "-o", fifo, cwd=sheet.parent)
    reader.join(30)
    assert result.returncode == 0, result.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received and b'"ships"' in received[0]


def test_a_symlinked_output_keeps_its_link(sheet: Path) -> None:
    (sheet.parent / "real.json").write_text("old")
    (sheet.parent / "link.json").symlink_to("real.json")
    result = run("export", "kuvasz.usd", "--format", "json", "-o", "link.json", cwd=sheet.parent)
    assert result.returncode == 0, result.stderr
    assert (sheet.parent / "link.json").is_symlink() and '"ships"' in (sheet.parent / "real.json").read_text()


def test_a_replaced_output_keeps_its_mode_and_a_new_one_takes_the_umask(sheet: Path) -> None:
    old = sheet.parent / "old.json"
    old.write_text("old")
    old.chmod(0o640)
    assert run("export", "kuvasz.usd", "--format", "json", "-o", "old.json", cwd=sheet.parent).returncode == 0
    assert stat.S_IMODE(old.stat().st_mode) == 0o640
    mask = os.umask(0)
    os.umask(mask)
    assert run("export", "kuvasz.usd", "--format", "json", "-o", "new.json", cwd=sheet.parent).returncode == 0
    assert stat.S_IMODE((sheet.parent / "new.json").stat().st_mode) == 0o666 & ~mask


def test_a_full_disk_is_one_finding_and_both_csv_files_stay_as_they_were(sheet: Path) -> None:
    folder = sheet.parent
    for name in ("ships.csv", "ships-batteries.csv"):
        (folder / name).write_text("old\n")
    result = run("export", "kuvasz.usd", "--format", "csv", "-o", "ships.csv", cwd=folder, limit=300)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and "IO009 cannot write the output" in result.stderr
    assert [(folder / n).read_text() for n in ("ships.csv", "ships-batteries.csv")] == ["old\n", "old\n"]
    assert sorted(p.name for p in folder.iterdir()) == ["kuvasz.usd", "ships-batteries.csv", "ships.csv"]


def test_csv_never_carries_a_formula(tmp_path: Path) -> None:
    """A ship named =HYPERLINK(...) came out of the CSV export raw: a spreadsheet ran it (formula injection)."""
    import csv

    text = (ROOT / "examples" / "ffs2" / "seed-examples.toml").read_text(encoding="utf-8")
    (tmp_path / "d.toml").write_text(text.replace('name = "Seed Example"', 'name = "=HYPERLINK(1)"'), encoding="utf-8")
    result = run("export", "d.toml", "--format", "csv", "-o", "out.csv", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    with (tmp_path / "out.csv").open(newline="", encoding="utf-8") as stream:
        names = [row["ship"] for row in csv.DictReader(stream)]
    assert names == ["'=HYPERLINK(1)"]
    with (tmp_path / "out-batteries.csv").open(newline="", encoding="utf-8") as stream:
        ratings = {row["kind"]: row["rating"] for row in csv.DictReader(stream)}
    assert ratings["sandcaster"] == "-2:12"  # a rating that begins with a minus and a digit is written as it is


@pytest.fixture()
def referring(tmp_path: Path) -> Path:
    """Inputs that refer to other files: an engagement and a fire log naming the sheet ``k.txt``, a game naming
    its system ``sys.txt`` (each told by its content, so a name an output may have)."""
    shutil.copy(ROOT / "examples" / "kuvasz.usd", tmp_path / "k.txt")
    shutil.copy(ROOT / "examples" / "midu-agashaan.usd", tmp_path)
    shutil.copy(ROOT / "examples" / "darkstars" / "system.toml", tmp_path / "sys.txt")
    game = (ROOT / "examples" / "darkstars" / "game.toml").read_text(encoding="utf-8")
    (tmp_path / "game.toml").write_text(game.replace('"system.toml"', '"sys.txt"'), encoding="utf-8")
    (tmp_path / "eng.toml").write_text(
        '[[sides]]\nships = [{ sheet = "k.txt" }]\n[[sides]]\nships = [{ sheet = "midu-agashaan.usd" }]\n',
        encoding="utf-8",
    )
    (tmp_path / "fire.toml").write_text(
        '[ships.k]\nsheet = "k.txt"\n[ships.m]\nsheet = "midu-agashaan.usd"\n', encoding="utf-8"
    )
    return tmp_path


@pytest.mark.parametrize(
    "command",
    [
        ["combat", "battle", "eng.toml", "--runs", "5", "-o", "k.txt"],
        ["combat", "resolve", "fire.toml", "-o", "k.txt"],
        ["darkstars", "referee", "game.toml", "-o", "sys.txt"],
    ],
    ids=lambda c: " ".join(c[:2]),
)
def test_an_output_that_an_input_refers_to_is_refused(referring: Path, command: list[str]) -> None:
    """Before, ``combat battle eng.toml -o k.txt`` wrote its results over the sheet the engagement names."""
    target = referring / command[-1]
    before = target.read_bytes()
    result = run(*command, cwd=referring)
    assert result.returncode == 2
    assert f"{command[-1]}:1:1: error: IO009 the output {command[-1]} is a file this command read" in result.stderr
    assert target.read_bytes() == before


def test_an_output_beside_the_referred_files_is_written(referring: Path) -> None:
    result = run("combat", "battle", "eng.toml", "--runs", "5", "-o", "out.txt", cwd=referring)
    assert result.returncode == 0, result.stderr
    assert "5 battles, seed 1:" in (referring / "out.txt").read_text(encoding="utf-8")


def test_a_search_output_onto_its_journal_is_refused(referring: Path) -> None:
    (referring / "journal.txt").write_text("kept\n", encoding="utf-8")
    result = run(
        "combat", "search", "k.txt", "--against", "midu-agashaan.usd", "--budget", "100",
        "--journal", "journal.txt", "-o", "journal.txt", cwd=referring,
    )  # fmt: skip
    assert result.returncode == 2 and "IO009 the output is the input journal.txt" in result.stderr
    assert (referring / "journal.txt").read_text(encoding="utf-8") == "kept\n"


def test_a_picture_is_written_whole_or_not_at_all(referring: Path) -> None:
    """A full disk (writes past 100 bytes fail) keeps the old picture and says IO009; before, the SVG was cut."""
    (referring / "old.svg").write_text("<svg/>\n", encoding="utf-8")
    result = run("darkstars", "draw", "sys.txt", "-o", "old.svg", cwd=referring, limit=100)
    assert result.returncode == 2 and "IO009" in result.stderr and "Traceback" not in result.stderr
    assert (referring / "old.svg").read_text(encoding="utf-8") == "<svg/>\n"


@pytest.mark.parametrize(
    "command",
    [
        ["combat", "battle", "eng.toml", "--runs", "5", "-o", "out.xlsx"],
        ["audit", ".", "-o", "out.xlsx"],
        ["export", "k.txt", "-o", "out.xlsx"],
        ["sfc", "table", "roster.toml", "roster.toml", "-o", "out.xlsx"],
    ],
    ids=lambda c: " ".join(c[:2]),
)
def test_a_workbook_on_a_full_disk_is_one_finding(referring: Path, command: list[str]) -> None:
    """Before, the IO009 came with openpyxl's "Exception ignored ... Traceback" for each half-written part."""
    shutil.copy(ROOT / "examples" / "sfc" / "imperial-squadron.toml", referring / "roster.toml")
    result = run(*command, cwd=referring, limit=2000)
    assert result.returncode == 2
    assert "out.xlsx:1:1: error: IO009 cannot write the output: File too large" in result.stderr
    assert "Exception ignored" not in result.stderr and "Traceback" not in result.stderr
    assert not (referring / "out.xlsx").exists()
