"""A component label a copy or a typist misspelt is read as the label of its section it is nearest (HG009, with
a fix); one near no label is kept and said (HG010). Before, "Laser Turets" gave a ship no lasers and an HG101
whose unsafe fix set the USP's laser digit to 0, and "M-Drvie" no maneuver drive, in silence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.fixes import apply_fixes
from shipyard.systems.highguard.labels import COMPONENT_LABELS, read_label
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.highguard.read.lines import SECTIONS

SHEETS = sorted(
    path
    for path in (FIXTURES / "highguard").glob("*.txt")
    if any(c.components for c in parse_highguard(path.read_text(), path.name)[0])
)
_COMPONENT = re.compile(r"^(?:[0-9.,]+ x )?([^:]+):")


def _misspelt(word: str) -> str:
    """The word with its third and fourth letters swapped: "Missile" as "Misisle", "Drive" as "Drvie"."""
    return word[:2] + word[3] + word[2] + word[4:]


def _typos(text: str) -> list[tuple[int, str]]:
    """For each component line (in a section the labels are looked at in) whose label has a word of five letters
    or more besides "Model": the line number and the line with that word misspelt. A shorter word's typo is too
    far from it to be read as it ("Hlul" is 0.75 of "Hull")."""
    typos, section = [], None
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() in SECTIONS:
            section = line.strip()
        found = _COMPONENT.match(line) if section in COMPONENT_LABELS else None
        words = (
            [w for w in re.findall(r"[A-Za-z]+", found.group(1)) if len(w) >= 5 and w != "Model" and _misspelt(w) != w]
            if found
            else []
        )
        if words:
            start = found.start(1) + found.group(1).index(words[0])
            typos.append((number, line[:start] + _misspelt(words[0]) + line[start + len(words[0]) :]))
    return typos


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.name)
def test_every_label_misspelt_reads_as_the_sheet(path: Path) -> None:
    """Every component line's label misspelt, one at a time, in every component sheet: the same ship, the same
    findings and one HG009 at the line, whose fix writes the sheet back."""
    text = path.read_text()
    ships, diagnostics = parse_highguard(text, path.name)
    lines = text.splitlines(keepends=True)
    typos = _typos(text)
    assert len(typos) >= 8, path  # the drives, tanks, bridge, computer, turrets, screens and berths
    for number, typo in typos:
        damaged = "".join(
            typo + line[len(line.rstrip("\r\n")) :] if n == number else line for n, line in enumerate(lines, start=1)
        )
        again, said = parse_highguard(damaged, path.name)
        assert again == ships, typo  # records compare without their spans
        (warning,) = [d for d in said if d.code == "HG009"]
        assert warning.severity == "warning" and warning.span.line == number, typo
        assert sorted(d.code for d in said if d.code != "HG009") == sorted(d.code for d in diagnostics), typo
        assert apply_fixes(damaged, [warning])[0] == text


@pytest.mark.parametrize(
    ("section", "label", "meant"),
    [
        ("ENGINEERING", "M-Drvie Factor-3", "M-Drive Factor-3"),  # the factor kept as written
        ("ENGINEERING", "M-Drive Fatcor-3", "M-Drive Factor-3"),  # "Factor" itself misspelt
        ("WEAPONRY", "Spinal Meson Gun Fatcor-H", "Spinal Meson Gun Factor-H"),
        ("WEAPONRY", "100T Missle Bays", "100T Missile Bays"),  # the bay's size too
        ("AVIONICS", "Computr Model/6fib", "Computer Model/6fib"),  # and the computer's model
        ("WEAPONRY", "Energy Turret", "Energy Turrets"),
        ("ACCOMMODATIONS", "Low Berth", "Low Berths"),  # the header as a typist spells it
        ("FUEL", "Fuel Processor", None),  # near no label of FUEL
        ("FUEL", "Laser Turrets", None),  # a label of another section is no label of this one
    ],
)
def test_a_label_its_section_does_not_hold_is_read_as_the_nearest(section: str, label: str, meant: str | None):
    reading = read_label(section, label)
    assert reading is not None and reading.meant == meant


@pytest.mark.parametrize(
    ("section", "label"),
    [
        ("HULL", "armour factor-4"),
        ("ENGINEERING", "Backup J-Drive Factor-3"),
        ("WEAPONRY", "Spinal Meson Gun Factor-T"),
        ("CRAFT", "Modular Cuter"),
        ("USER DEFINED", "Brig"),
        ("(none)", "Anything"),  # free text, not looked at
    ],
)
def test_a_label_its_section_holds_or_free_text_is_read_as_written(section: str, label: str) -> None:
    assert read_label(section, label) is None


def test_a_label_as_near_two_is_not_guessed() -> None:
    """M-Drive and J-Drive differ by a letter: "X-Drive" is as near each, and is read as neither."""
    assert read_label("ENGINEERING", "X-Drive Factor-3") == (None,)
    assert read_label("ENGINEERING", "M-Drvie Factor-3") == ("M-Drive Factor-3",)  # nearer one than the other


def test_check_fix_writes_the_label_and_a_far_label_is_said_as_info(tmp_path: Path) -> None:
    sheet = tmp_path / "vigilant.txt"
    clean = (FIXTURES / "highguard" / "vigilant-legal.txt").read_text()
    sheet.write_text(clean.replace("Laser Turrets", "Laser Turets").replace("Purification", "Fuel Processor"))
    runner = CliRunner()
    first = runner.invoke(app, ["check", str(sheet)])
    assert "HG101" not in first.output  # the lasers are read: no USP digit disputed
    assert (
        f"{sheet}:38:6: warning: HG009 unknown component 'Laser Turets' in WEAPONRY: did you mean 'Laser "
        "Turrets'? Read as that" in first.output
    )
    assert (
        f"{sheet}:29:1: info: HG010 component 'Fuel Processor' is no label High Guard Shipyard writes in "
        "FUEL: counted in the tonnage and cost, not rated" in first.output
    )
    runner.invoke(app, ["check", "--fix", str(sheet)])
    assert sheet.read_text() == clean.replace("Purification", "Fuel Processor")


def _misspelt_key_is_read(typo: str, key: str, words: str) -> None:
    """The Vigilant with the key of one of its lines misspelt as ``typo`` (the first place it is written: the
    summary's Cargo comes before the component sheet's): the same ship, and one HG011 that says ``words`` and
    whose fix writes the sheet back."""
    text = (FIXTURES / "highguard" / "vigilant-legal.txt").read_text()
    written = typo.split(":")[0]
    damaged = text.replace(typo.replace(written, key), typo, 1)
    assert damaged != text
    (ship,), said = parse_highguard(damaged, "v.txt")
    assert ship == parse_highguard(text, "v.txt")[0][0]
    (warning,) = [d for d in said if d.code == "HG011"]
    assert warning.message == f"unknown {words}'{written}': did you mean '{key}'? Read as that key"
    assert apply_fixes(damaged, [warning])[0] == text


@pytest.mark.parametrize(
    "typo, key", [("Agilty: 1", "Agility"), ("Marnies: 0", "Marines"), ("Cagro: 912", "Cargo"), ("Feul: 1,700", "Fuel")]
)
def test_a_misspelt_summary_key_is_read_as_the_key(typo: str, key: str) -> None:
    """A misspelt Agility, Cargo, EP or Fuel was silent, and its rule had nothing to check."""
    _misspelt_key_is_read(typo, key, "summary key ")


def test_a_summary_key_near_none_is_kept_as_written() -> None:
    text = (FIXTURES / "highguard" / "vigilant-legal.txt").read_text().replace("Marines: 0", "Marines: 0 Boats: 2")
    (ship,), said = parse_highguard(text, "v.txt")
    assert ship.summary["Boats"] == 2 and "HG011" not in {d.code for d in said}


@pytest.mark.parametrize(
    "typo, key",
    [
        ("Tech Levle: 12", "Tech Level"),
        ("Tpye: Armoured Cruiser", "Type"),
        ("Architcet: shipyard test fixtures", "Architect"),
    ],
)
def test_a_misspelt_text_field_is_read_as_the_field(typo: str, key: str) -> None:
    """'Tech Levle: 12' was a summary figure named "Tech Levle", and the ship had no TL from its header."""
    _misspelt_key_is_read(typo, key, "key ")


def test_a_line_only_near_a_text_field_is_not_read_as_one() -> None:
    """'Crate' is 0.8 of 'Craft' (a summary key's cut), but a text field takes any text: it must be nearer."""
    text = (
        (FIXTURES / "highguard" / "vigilant-legal.txt")
        .read_text()
        .replace("Tech Level: 12", "Tech Level: 12\nCrate: spare parts")
    )
    (ship,), said = parse_highguard(text, "v.txt")
    assert "HG011" not in {d.code for d in said} and ship.craft is None
