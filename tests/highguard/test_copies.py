"""Damaged copies of a High Guard sheet: each reads to the ship the clean sheet gives, with a warning naming each
repair at its column (fixtures/highguard/copies: the Kinunir of fixtures/highguard/kinunir-hg80.txt, damaged
by hand as e-mail, a scanner and a CP/M disk damage text)."""

from __future__ import annotations

import pytest
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.sniff import sniff
from shipyard.core.source import split_lines
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.highguard.repairs import every_repair, repair_figures, repair_line
from shipyard.systems.highguard.sniff import BROKEN_USP_SHAPE, COMPONENT_SHAPE, looks_like_highguard

HG = FIXTURES / "highguard"
COPIES = HG / "copies"
runner = CliRunner()


def read(path):
    ships, diagnostics = parse_highguard(path.read_text(), path.name)
    return ships, [(d.code, d.severity.value, d.span.line, d.span.col, d.message) for d in diagnostics]


CLEAN = read(HG / "kinunir-hg80.txt")[0]
QP = "quoted-printable '=3D' read as '=' (damage from copying)"


def test_quoted_printable_copy():
    """Every '=' of the e-mailed copy came through as '=3D': 2 trailers and 7 summary pairs, 9 warnings, each at
    its '=3D' (line 4: Passengers=3D0 puts it at column 11). The Fuel reads 587.5, not 3."""
    ships, said = read(COPIES / "kinunir-quoted-printable.txt")
    assert ships == CLEAN
    assert ships[0].summary["Fuel"] == CLEAN[0].summary["Fuel"] == 587.5
    assert [(line, col) for _, _, line, col, _ in said] == [
        (2, 71),
        (3, 71),
        (4, 11),
        (4, 20),
        (4, 31),
        (4, 42),
        (4, 54),
        (4, 70),
        (4, 83),
    ]
    assert {(code, severity, message) for code, severity, _, _, message in said} == {("HG007", "warning", QP)}


def test_usp_broken_by_spaces_after_its_dashes():
    """'BC- A2447G2- 000510- 50202- 0' at column 23 is read as the USP; the battery counts stay under its digits
    (the spaces are moved after the USP, so every column keeps its place)."""
    ships, said = read(COPIES / "kinunir-broken-usp.txt")
    assert ships == CLEAN
    assert said == [
        (
            "HG007",
            "warning",
            1,
            23,
            "a USP broken by spaces after its dashes read as BC-A2447G2-000510-50202-0 (damage from copying)",
        )
    ]


def test_scanner_errors_in_figures():
    """'TL=l5.' is TL 15, 'Passengers=O.' and 'Low=O.' are 0, 'Agility=l.' is 1."""
    ships, said = read(COPIES / "kinunir-scanned.txt")
    assert ships == CLEAN
    assert [(line, col, message) for _, _, line, col, message in said] == [
        (3, 72, "scanner error: 'l5' read as 15 (damage from copying)"),
        (4, 12, "scanner error: 'O' read as 0 (damage from copying)"),
        (4, 19, "scanner error: 'O' read as 0 (damage from copying)"),
        (4, 61, "scanner error: 'l' read as 1 (damage from copying)"),
    ]


@pytest.mark.parametrize(
    "scanned",
    [
        "BC-A2447G2-OOO5lO-5O2O2-O",
        "BC-A2447G2-000510-50202-O",
        "BC-A2447G2-OOO5IO-50202-0",
        "BC- A2447G2- OOO5lO- 50202- 0",
    ],
)
def test_a_scanners_letters_in_the_usp_are_its_digits(scanned):
    """The Kinunir's USP as a scanner reads it: O and o for 0, l and I for 1. Capital I and O are letters no eHex
    digit is, and the lower case is none, so they can only be the digits. Before, a lower-case l made the USP
    line free text (HG002, info), and a capital O an error; the battery lines then had no USP (HG004)."""
    text = (HG / "kinunir-hg80.txt").read_text()
    ships, said = parse_highguard(text.replace("BC-A2447G2-000510-50202-0", scanned), "scanned.txt")
    assert ships == CLEAN
    assert [d.code for d in said] == ["HG007"] * (2 if "- " in scanned else 1)
    assert said[-1].message.startswith("a scanner's letters in the USP read as digits: ")
    assert said[-1].message.endswith("as A2447G2-000510-50202-0 (damage from copying)")


def test_a_usp_of_other_letters_is_not_read_as_a_scanners():
    """A lower-case letter that is no scanner's (an m) leaves the line as it is: no USP is made up. The line has
    a USP line's shape, so it is refused as one (HG001) and its battery and summary lines with it (HG012)."""
    text = (HG / "kinunir-hg80.txt").read_text().replace("BC-A2447G2-000510-50202-0", "BC-A2447G2-000510-5m202-0")
    ships, said = parse_highguard(text, "x.txt")
    assert "HG007" not in {d.code for d in said} and ships == []
    assert [(d.code, d.span.line) for d in said] == [
        ("HG001", 1),
        ("HG012", 2),
        ("HG012", 3),
        ("HG012", 4),
        ("HG006", 1),
    ]


def test_cpm_end_of_file_mark_is_the_end():
    """A CP/M copy: CR LF line ends and the last record padded with Ctrl-Z (0x1A): read clean, nothing said."""
    assert b"\x1a" in (COPIES / "kinunir-cpm.txt").read_bytes()
    assert read(COPIES / "kinunir-cpm.txt") == (CLEAN, [])


def test_text_after_the_end_of_file_mark_is_said():
    text = (HG / "kinunir-hg80.txt").read_text() + "\x1aleft over from the disk\n"
    ships, diagnostics = parse_highguard(text, "x.txt")
    assert ships == CLEAN
    assert [(d.code, d.message, d.source_line) for d in diagnostics] == [
        ("HG002", "text after the CP/M end-of-file mark (Ctrl-Z): not read", "left over from the disk")
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Class: Io",  # a name, not a figure (never a Key=value line)
        "Passengers=0. Low=0. Cargo=63.",  # clean figures
        "BC-A2447G2-000510-50202-0",  # a whole USP
    ],
)
def test_clean_lines_are_not_repaired(line):
    assert repair_line(line) == (line, [])
    if "=" in line:
        assert repair_figures(line) == (line, [])


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "=3D",
                "=",
                "3D",
                "Cr",
                "cr",
                "BC",
                "-",
                "- ",
                "A2447G2",
                "a2447g2",
                "000510",
                "50202",
                "0",
                " ",
                "\t",
                "MCr",
                "Td;",
                "x",
            ]
        ),
        max_size=14,
    )
)
def test_a_line_with_nothing_to_repair_is_told_without_trying_each_repair(pieces):
    line = "".join(pieces)
    assert repair_line(line) == every_repair(line)


def test_every_fixture_line_is_repaired_as_each_repair_tried_repairs_it():
    lines = [line for path in sorted(HG.rglob("*.txt")) for line in split_lines(path.read_text(errors="replace"))]
    assert len(lines) > 300 and all(repair_line(line) == every_repair(line) for line in lines)
    assert sum(every_repair(line)[1] != [] for line in lines) > 3  # the copies hold repairs to make


def test_a_high_guard_text_is_told_as_its_whole_shapes_tell_it():
    """The quick look (the dashes of a USP's first block, a ';') answers as the whole shapes do, on every
    fixture text and on lines made of a USP's pieces."""
    texts = [
        path.read_text(errors="replace")
        for path in sorted(FIXTURES.rglob("*"))
        if path.is_file() and path.suffix in (".txt", ".usd", ".hg", ".sheet", ".toml")
    ]
    texts += [
        "BC- A2447G2- 000510- 50202- 0",
        "x-A2447G2-",
        "Hull 200.000Td ; mcr 4",
        "a-B2447G2-000510-50202-0",
        "200TD;MCR 4",
        "9 tD;\n  McR 1",
        "Cost: MCr 40; 20 Td",
        "Notes: 2 td; mc r",
    ]
    for text in texts:
        assert looks_like_highguard(text) == bool(BROKEN_USP_SHAPE.search(text) or COMPONENT_SHAPE.search(text))
    assert sum(map(looks_like_highguard, texts)) > 10 and not all(map(looks_like_highguard, texts))


def test_repairs_keep_the_line_length():
    for line in ("Fuel=3D587.5. EP=3D87.5.", "BC- A2447G2- 000510- 50202- 0  MCr 1"):
        assert len(repair_line(line)[0]) == len(line)


def test_a_broken_usp_is_a_high_guard_sheet_not_an_empty_usd_one():
    """The sniffer takes the broken copy for High Guard, so `check` reads its ship (exit 0, one warning), where
    a USD reading would find no ship."""
    text = (COPIES / "kinunir-broken-usp.txt").read_text()
    assert sniff(text) == "highguard"
    result = runner.invoke(app, ["check", str(COPIES / "kinunir-broken-usp.txt")])
    assert result.exit_code == 0, result.output
    assert "HG007" in result.stdout and "1 ship(s)" in result.output


def test_an_indented_counted_component_keeps_its_count() -> None:
    text = (FIXTURES / "highguard" / "vigilant-legal.txt").read_text()
    [ship], _ = parse_highguard(text, "x.txt")
    [indented], _ = parse_highguard("".join("    " + line for line in text.splitlines(keepends=True)), "x.txt")
    counted = {c.label: c.count for c in indented.components if c.count is not None}
    assert counted == {c.label: c.count for c in ship.components if c.count is not None}
    assert counted["Laser Turrets"] == 30 and "30 x Laser Turrets" not in {c.label for c in indented.components}


def test_misspelt_battery_labels_are_read_as_the_labels_meant(tmp_path):
    """A copy typing "BBearing" and "Batterues" (as a 1999 copy of a destroyer escort does): read as the bearing
    and batteries lines, each said with its fix (HG011), the ship the same as the clean copy's; before, both
    were free text and the ship lost its batteries, its crew and its TL. ``check --fix`` respells them."""
    clean = (HG / "kinunir-hg80.txt").read_text(encoding="utf-8")
    typed = clean.replace("batteries bearing", "BBearing         ").replace("        batteries", "        Batterues")
    path = tmp_path / "kinunir.txt"
    path.write_text(typed, encoding="utf-8")
    ships, said = read(path)
    assert ships == read(HG / "kinunir-hg80.txt")[0]
    assert [d for d in said if d[0] == "HG011"] == [
        ("HG011", "warning", 2, 6, "battery label 'BBearing': did you mean 'Bearing'? Read as that label"),
        ("HG011", "warning", 3, 14, "battery label 'Batterues': did you mean 'Batteries'? Read as that label"),
    ]
    assert runner.invoke(app, ["check", "--fix", str(path)]).exit_code == 0
    fixed = path.read_text(encoding="utf-8")
    assert "     Bearing           " in fixed and "             Batteries " in fixed
    assert read(path)[0] == ships


def test_a_word_near_no_battery_label_stays_free_text(tmp_path):
    """A line under the USP that begins "Battle" or "Bearings:" is not taken for a battery line."""
    clean = (HG / "kinunir-hg80.txt").read_text(encoding="utf-8").splitlines()
    text = "\n".join([*clean[:1], "Battle  riders  carried  2", *clean[1:]]) + "\n"
    path = tmp_path / "kinunir.txt"
    path.write_text(text, encoding="utf-8")
    _, said = read(path)
    assert "HG011" not in [d[0] for d in said]


def test_a_sheet_without_a_tonnage_is_checked_on_the_sum_of_its_lines(tmp_path):
    """High Guard Shipyard 1.x writes "Hull: 0.000 Td" and no tonnage; a 100-ton ship's bridge is at its 20-ton
    least, so the bridge does not give it either. The lines add up to the hull: 5 + 3 + 6 (drives and plant) + 2 +
    20 (fuel) + 20 + 2 (bridge, computer) + 16 + 26 (staterooms, cargo) = 100 tons, said (HG119), and every rule
    runs: a 1-ton jump drive on it (1%, jump-0, labelled Factor-2) is TCS108, where before it passed."""
    ketch = COPIES / "hgs-1x-ketch.txt"
    result = runner.invoke(app, ["check", str(ketch)])
    assert result.exit_code == 0
    assert "HG119 the sheet gives no tonnage" in result.stdout and "cargo included, 100 tons" in result.stdout
    tiny = tmp_path / "ketch.txt"
    text = ketch.read_text(encoding="utf-8")
    tiny.write_text(
        text.replace("J-Drive Factor-2: 3.000", "J-Drive Factor-2: 1.000").replace("Cargo: 26", "Cargo: 28")
    )
    found = runner.invoke(app, ["check", str(tiny)])
    assert found.exit_code == 1
    assert f"{tiny}:9:1: error: TCS108 jump drive labelled Factor-2, but 1 tons on 100 tons give 0" in found.stdout
