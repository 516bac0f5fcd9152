"""Round trips, layouts, encodings and broken input: every problem is a located diagnostic."""

from __future__ import annotations

import re

import pytest
from conftest import FIXTURES

from shipyard.core.diagnostics import Severity
from shipyard.core.pipeline import load_sheet
from shipyard.systems.mcs.parse import parse_usd
from shipyard.systems.mcs.render import render_usd

SHEETS = sorted((FIXTURES / "mcs").glob("*.usd")) + sorted((FIXTURES / "mcs" / "t4").glob("*.usd"))


@pytest.mark.parametrize("path", SHEETS, ids=lambda p: p.name)
def test_render_and_parse_again_gives_equal_ships(path):
    ships = load_sheet(path).ships
    text = "".join(render_usd(s) for s in ships)
    again, diagnostics = parse_usd(text, "rendered")
    assert again == ships
    assert not [d for d in diagnostics if d.severity is Severity.ERROR]


def test_equality_ignores_spans_but_not_values():
    (a,), _ = parse_usd("Class: A TL:12\nSize: 3\n", "one")
    (b,), _ = parse_usd("\n\nClass: A   TL:12 Size: 3\n", "two")
    (c,), _ = parse_usd("Class: A TL:12 Size: 4\n", "three")
    assert a == b and a.spans["size"].line == 2 and b.spans["size"].line == 3
    assert a != c


@pytest.mark.parametrize("name", ["midu-one-field-per-line.usd", "midu-few-lines.usd", "midu-crlf.usd"])
def test_other_layouts_give_the_same_values(name):
    base = load_sheet(FIXTURES / "mcs" / "midu-agashaan.usd").ships
    assert load_sheet(FIXTURES / "mcs" / "layouts" / name).ships == base


def test_crlf_file_really_has_crlf():
    assert b"\r\n" in (FIXTURES / "mcs" / "layouts" / "midu-crlf.usd").read_bytes()


# (file, code, line, col, severity): one located diagnostic each, no traceback.
INVALID = [
    ("empty.usd", "IO004", 1, 1, Severity.ERROR),
    ("whitespace-only.usd", "IO004", 1, 1, Severity.ERROR),
    ("truncated-weapon.usd", "USD101", 3, 39, Severity.ERROR),
    ("malformed-ranges.usd", "USD101", 3, 28, Severity.ERROR),
    ("binary-junk.usd", "IO003", 1, 1, Severity.ERROR),
    ("latin1.usd", "IO005", 1, 1, Severity.INFO),
    ("oversize.usd", "IO002", 1, 1, Severity.ERROR),
    ("no-keys.usd", "USD107", 1, 1, Severity.ERROR),
    ("bad-values.usd", "USD102", 1, 26, Severity.ERROR),
    ("unknown-keys.usd", "USD104", 2, 1, Severity.WARNING),
]


@pytest.mark.parametrize("name,code,line,col,severity", INVALID, ids=[row[0] for row in INVALID])
def test_invalid_input_gives_a_located_diagnostic(name, code, line, col, severity):
    sheet = load_sheet(FIXTURES / "core" / "invalid" / name)
    found = [d for d in sheet.diagnostics if d.code == code]
    assert found, [d.format() for d in sheet.diagnostics]
    assert (found[0].span.line, found[0].span.col, found[0].severity) == (line, col, severity)
    assert found[0].format().startswith(f"{sheet.path}:{line}:{col}: {severity.value}: {code} ")


def test_every_invalid_fixture_is_covered():
    assert sorted(p.name for p in (FIXTURES / "core" / "invalid").iterdir()) == sorted(row[0] for row in INVALID)


def test_truncated_line_names_what_was_expected_and_keeps_the_text():
    sheet = load_sheet(FIXTURES / "core" / "invalid" / "truncated-weapon.usd")
    (error,) = [d for d in sheet.diagnostics if d.severity is Severity.ERROR]
    assert "expected a Pen:Dam pair such as 15:10" in error.message
    assert "found the end of the line" in error.message
    assert sheet.ships[0].notes[-1].text == "4xLaser Battery (+3) (15:10 15:10 15:1"


def test_malformed_range_quotes_the_culprit():
    sheet = load_sheet(FIXTURES / "core" / "invalid" / "malformed-ranges.usd")
    (error,) = [d for d in sheet.diagnostics if d.severity is Severity.ERROR]
    assert "found '14;9'" in error.message


def test_latin1_text_is_read():
    (s,) = load_sheet(FIXTURES / "core" / "invalid" / "latin1.usd").ships
    assert s.class_name == "Wei\u00dfer Falke" and s.notes[0].text == "Entwurf f\u00fcr die Flotten\u00fcbung"


def test_bad_values_report_each_field_and_keep_the_rest():
    sheet = load_sheet(FIXTURES / "core" / "invalid" / "bad-values.usd")
    errors = [(d.span.line, d.span.col) for d in sheet.diagnostics if d.code == "USD102"]
    assert errors == [(1, 26), (2, 30)]
    (s,) = sheet.ships
    assert (s.class_name, s.ship_type, s.displacement, s.armour, s.size) == ("Broken Frigate", "FF", 400, 9, None)


def test_keys_match_case_insensitively():
    (s,), diagnostics = parse_usd("CLASS: X tl:12 displacement: 100 TONS armor: 9\n")
    assert (s.class_name, s.tl, s.displacement, s.armour) == ("X", 12, 100, 9)
    assert not [d for d in diagnostics if d.severity is not Severity.INFO]


def test_several_ships_in_one_file():
    text = (FIXTURES / "mcs" / "coronation.usd").read_text() + (FIXTURES / "mcs" / "hollyfields.usd").read_text()
    ships, _ = parse_usd(text)
    assert [s.class_name for s in ships] == ["Coronation", "Hollyfields"]


# --- a scanner's letters for digits -------------------------------------------------------------------------------

SCANNED = (
    "Class: Kuvasz TL:12\nDisplacement: 5O0 tons Size: 4\nArmour: 1O Toughness: 9\nCrew: Io\n"
    "2xLaser Battery (+l) (14:9 l4:9 14:9 -:l)\n"
)


def test_a_scanners_letters_in_a_figure_are_read_as_digits_and_said():
    (ship,), diagnostics = parse_usd(SCANNED, "scan.usd")
    assert (ship.displacement, ship.armour, ship.crew) == (500, 10, 10)
    battery = ship.weapons[0]
    assert battery.rof == 1 and [(r.pen, r.dam) if r else None for r in battery.ranges] == [
        (14, 9),
        (14, 9),
        (14, 9),
        (None, 1),
    ]
    said = [(d.code, d.span.line, d.span.col, d.message) for d in diagnostics if d.code == "USD109"]
    words = "a scanner's letters for digits (O for 0, l and I for 1)"
    assert said == [
        ("USD109", 2, 15, f"'5O0' read as 500: {words}"),
        ("USD109", 3, 9, f"'1O' read as 10: {words}"),
        ("USD109", 4, 7, f"'Io' read as 10: {words}"),
        ("USD109", 5, 18, f"'+l' read as +1: {words}"),
        ("USD109", 5, 28, f"'l4:9' read as 14:9: {words}"),
        ("USD109", 5, 38, f"'-:l' read as -:1: {words}"),
    ]
    assert all(d.severity is Severity.WARNING for d in diagnostics)


def test_letters_are_digits_only_where_a_figure_is_wanted():
    text = "Class: Io TL:12\nDisplacement: 500tons Size: 4\nNotes: lol 1O\n1xIon Cannon (+1) (1O-l 9:9)\n"
    (ship,), diagnostics = parse_usd(text, "plain.usd")
    assert ship.class_name == "Io" and ship.displacement == 500 and ship.notes[0].text == "lol 1O"
    assert "USD109" not in {d.code for d in diagnostics}
    assert "USD101" in {d.code for d in diagnostics}  # '1O-l' is no pair, read or not: the line is a note


def test_a_field_kept_as_a_note_says_no_figure_was_read():
    _, diagnostics = parse_usd("Class: K TL:12\nToughness: l.5\n", "x.usd")
    assert [(d.code, d.message) for d in diagnostics] == [("USD102", "Toughness: expected a whole number, found 'l.5'")]


# --- a rating broken in two by a copy's wrapping --------------------------------------------------------------


def _wrapped(text: str) -> tuple[str, int]:
    """The sheet with each battery line whose ranges are in brackets broken at the blank before its last range
    (where an e-mail's wrapping breaks a long line), the second half indented; and how many were broken."""
    lines, broken = [], 0
    for line in text.splitlines():
        opening, closing = line.find(") ("), line.rfind(")")
        cut = line.rfind(" ", opening + 3, closing) if 0 < opening < closing else -1
        if cut > opening + 3 and ":" in line[cut:closing]:
            lines += [line[:cut], "   " + line[cut + 1 :]]
            broken += 1
        else:
            lines.append(line)
    return "\n".join(lines) + "\n", broken


@pytest.mark.parametrize("path", sorted((FIXTURES / "mcs").glob("*.usd")), ids=lambda p: p.name)
def test_a_battery_line_broken_by_wrapping_reads_as_the_whole_line(path):
    text = path.read_text()
    wrapped, broken = _wrapped(text)
    ships, diagnostics = parse_usd(text, "whole.usd")
    again, said = parse_usd(wrapped, "wrapped.usd")
    assert again == ships  # records compare without their spans
    joined = [d for d in said if d.code == "USD111"]
    assert len(joined) == broken and all(d.severity is Severity.WARNING for d in joined)
    assert sorted(d.code for d in said if d.code != "USD111") == sorted(d.code for d in diagnostics)


def test_a_wrapped_lines_spans_are_on_the_line_each_figure_is_on():
    text = "Class: Kuvasz TL:12\nSize: 4\n2xLaser Battery (+2) (14:9 14:9\n   14:- 12:7) 2 turrets each\nCrew: 4\n"
    (ship,), diagnostics = parse_usd(text, "w.usd")
    battery = ship.weapons[0]
    assert [(r.spans["self"].line, r.spans["self"].col, r.spans["self"].end_col) for r in battery.ranges] == [
        (3, 23, 27),
        (3, 28, 32),
        (4, 4, 8),
        (4, 9, 13),
    ]
    whole = battery.spans["self"]
    assert (whole.line, whole.col, whole.end_line, whole.end_col) == (3, 1, 4, 29)
    assert battery.details[0].spans["self"].line == 4 and ship.crew == 4
    assert [(d.code, d.span.line, d.span.col, d.message, d.source_line) for d in diagnostics] == [
        (
            "USD111",
            3,
            32,
            "a line broken in two by a copy's wrapping: read joined with line 4",
            "2xLaser Battery (+2) (14:9 14:9",
        )
    ]


def test_a_field_after_a_wrapped_battery_is_placed_on_its_own_line():
    (ship,), _ = parse_usd("Class: K TL:12\n2xLaser Battery (+2) (14:9 14:9\n   14:9 12:7) Crew: 4\n", "w.usd")
    crew = ship.spans["crew"]
    assert ship.crew == 4 and (crew.line, crew.col, crew.end_line, crew.end_col) == (3, 15, 3, 22)


def _sensors_wrapped(text: str) -> str | None:
    """The sheet with its sensor line broken before its last rating, as a wrapping breaks it, or None when the
    line does not end in a counted rating."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        cut = line.rstrip().rfind(" ")
        if line.startswith("Sensors:") and re.fullmatch(r"\d+x\S+", line[cut + 1 :].strip()):
            return "\n".join([*lines[:index], line[:cut] + " ", line[cut + 1 :], *lines[index + 1 :]]) + "\n"
    return None


SENSOR_SHEETS = [p for p in sorted((FIXTURES / "mcs").glob("*.usd")) if _sensors_wrapped(p.read_text())]


@pytest.mark.parametrize("path", SENSOR_SHEETS, ids=lambda p: p.name)
def test_a_sensor_list_broken_by_wrapping_keeps_its_sensors(path):
    """Read alone, the line broken off (``1x14.0s``) was a note, and the sensor was lost."""
    text = path.read_text()
    ships, diagnostics = parse_usd(text, "whole.usd")
    again, said = parse_usd(_sensors_wrapped(text) or "", "wrapped.usd")
    assert again == ships
    assert [d.code for d in said if d.code not in {x.code for x in diagnostics}] == ["USD111"]


def test_a_broken_off_sensor_is_on_its_own_line():
    text = "Class: Kuvasz TL:12\nSensors: PEMS:1x13.5 LIDAR: 2x15.5 \n  1x14.0s\nCrew: 4\n"
    (ship,), diagnostics = parse_usd(text, "w.usd")
    last = ship.sensors[-1]
    assert (last.kind, last.count, last.sensitivity, last.suffix) == ("LIDAR", 1, 14.0, "s")
    assert (last.spans["self"].line, last.spans["self"].col) == (3, 3) and ship.crew == 4
    assert [(d.code, d.span.line) for d in diagnostics] == [("USD111", 2)]


@pytest.mark.parametrize("after", ["12\n", "14.5\n", "page 2\n", "Crew: 4\n"])
def test_a_line_after_a_sensor_list_that_is_no_rating_stands_alone(after):
    """A bare number could be a page number: only counted ratings (1x14) are taken for a sensor list's end."""
    (ship,), diagnostics = parse_usd(f"Class: K TL:12\nSensors: LIDAR: 2x15.5\n{after}", "x.usd")
    assert len(ship.sensors) == 1 and "USD111" not in [d.code for d in diagnostics]


def test_a_refused_rating_before_a_line_of_its_own_is_not_joined_to_it():
    for after in ("Armour: 12\n", "\nArmour: 12\n", "Notes: none\n"):
        (ship,), diagnostics = parse_usd(f"Class: K TL:12\n2xLaser Battery (+2) (14:9 14:9\n{after}", "x.usd")
        assert [d.code for d in diagnostics] == ["USD101"], after  # USD111 not among them: nothing joined
        assert ship.weapons == [] and (ship.armour == 12) == ("Armour" in after)


# --- lines broken by an e-mail's quoted-printable soft line breaks ----------------------------------------------


@pytest.mark.parametrize("path", sorted((FIXTURES / "mcs").glob("*.usd")), ids=lambda p: p.name)
def test_a_quoted_printable_copy_reads_as_the_sheet(path):
    """Each sheet as the standard library's quoted-printable encoder writes it: every line over 76 characters
    broken with '=' at the end of each piece. The same ships and findings, and one USD112 naming the lines."""
    import quopri

    text = path.read_text()
    encoded = quopri.encodestring(text.encode()).decode()
    broken = [number for number, line in enumerate(encoded.splitlines(), start=1) if line.endswith("=")]
    ships, diagnostics = parse_usd(text, "whole.usd")
    again, said = parse_usd(encoded, "encoded.usd")
    assert again == ships and broken  # every fixture has a line over 76 characters
    assert sorted(d.code for d in said if d.code != "USD112") == sorted(d.code for d in diagnostics)
    (joined,) = [d for d in said if d.code == "USD112"]
    starts = [n for n in broken if n - 1 not in broken]  # a line broken twice is one line joined
    assert joined.severity is Severity.WARNING and joined.span.line == starts[0] and joined.span.col == 76
    if len(starts) == 1:
        last = max(broken) + 1  # the line the last break joins
        assert joined.message.endswith(f"line {last}" if last == starts[0] + 1 else f"lines {starts[0] + 1} to {last}")
    else:
        assert joined.message.startswith(f"{len(starts)} lines broken")
        assert joined.message.endswith(", ".join(map(str, starts[:10])) + (", ..." if len(starts) > 10 else ""))


def test_a_soft_broken_lines_spans_are_on_the_line_each_figure_is_on():
    """'Displacement: 500 tons Size: 4 Armour: 1=' then '4 Toughness: 9': the armour's value starts on the first
    line (column 40) and ends on the second; Toughness is at column 3 of the second, its value at 14."""
    text = "Class: Kuvasz TL:12\nDisplacement: 500 tons Size: 4 Armour: 1=\n4 Toughness: 9\nCrew: 4\n"
    (ship,), diagnostics = parse_usd(text, "qp.usd")
    assert (ship.armour, ship.toughness, ship.crew) == (14, 9, 4)
    armour, toughness = ship.spans["armour"], ship.spans["toughness"]
    assert (armour.line, armour.col, armour.end_line, armour.end_col) == (2, 32, 3, 2)
    assert (toughness.line, toughness.col, toughness.end_line) == (3, 3, 3)
    assert [(d.code, d.span.line, d.span.col, d.message, d.source_line) for d in diagnostics] == [
        (
            "USD112",
            2,
            41,
            "a line broken by an e-mail's quoted-printable encoding (a soft line break: '=' at its "
            "end): read joined with line 3",
            "Displacement: 500 tons Size: 4 Armour: 1=",
        )
    ]


def test_a_line_broken_twice_is_joined_to_both_lines():
    text = "Class: K TL:12\n2xLaser Battery (+2) (14:9 1=\n4:9 14:9 1=\n2:7) 2 turrets each\nCrew: 4\n"
    (ship,), diagnostics = parse_usd(text, "qp.usd")
    ranges = ship.weapons[0].ranges
    assert [(r.pen, r.dam) for r in ranges] == [(14, 9), (14, 9), (14, 9), (12, 7)] and ship.crew == 4
    assert [(r.spans["self"].line, r.spans["self"].col) for r in ranges] == [(2, 23), (2, 28), (3, 5), (3, 10)]
    assert [d.message for d in diagnostics if d.code == "USD112"] == [
        "a line broken by an e-mail's quoted-printable encoding (a soft line break: '=' at its end): read joined "
        "with lines 3 to 4"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Class: K TL:12\nNotes: a long note that ends with an equals sign and is longer than a QP line =\nCrew: 4\n",
        "Class: K TL:12\nCrew: 4\nNotes: x =\n",  # the last line: nothing to join
        "Class: K TL:12\nNotes: x = \nCrew: 4\n",  # a blank after the '=': no soft break
    ],
)
def test_an_equals_sign_that_is_no_soft_break_joins_nothing(text):
    (ship,), diagnostics = parse_usd(text, "plain.usd")
    assert "USD112" not in {d.code for d in diagnostics} and ship.crew == 4


def test_a_soft_broken_copy_is_said_once_naming_ten_lines():
    from shipyard.systems.mcs.read.lines import SOFT_BREAKS_NAMED

    notes = "".join(f"Notes: note {n} of the twelve=\n, broken\n" for n in range(12))
    (ship,), diagnostics = parse_usd(f"Class: K TL:12\n{notes}", "qp.usd")
    assert [note.text for note in ship.notes][:2] == ["note 0 of the twelve, broken", "note 1 of the twelve, broken"]
    (said,) = [d for d in diagnostics if d.code == "USD112"]
    named = ", ".join(str(2 + 2 * n) for n in range(SOFT_BREAKS_NAMED))
    assert said.message.endswith(f"each read joined to the next line: lines {named}, ...") and said.span.line == 2
    assert said.message.startswith("12 lines broken")


@pytest.mark.parametrize("rule", ["======", "Notes: 1 == 2 =", "Notes: x = y ="])
def test_a_line_no_encoder_writes_is_not_joined(rule):
    """A heading's underline, or an '=' that no '3D' follows: quoted-printable writes '=' as '=3D', so a line
    holding one is no encoding's line, even if it ends in '='."""
    (ship,), diagnostics = parse_usd(f"Kuvasz\nClass: Kuvasz TL:12\n{rule}\nCrew: 4\n", "plain.usd")
    assert ship.class_name == "Kuvasz" and ship.crew == 4 and "USD112" not in {d.code for d in diagnostics}


def test_an_encoded_equals_sign_does_not_stop_the_join():
    (ship,), diagnostics = parse_usd("Class: K TL:12\nNotes: 1=3D1 and=\n so on\nCrew: 4\n", "qp.usd")
    assert ship.notes[0].text == "1=3D1 and so on" and ship.crew == 4
    assert [d.code for d in diagnostics].count("USD112") == 1


@pytest.mark.parametrize(
    "typo, key, field, value",
    [
        ("Crwe: 42", "Crew", "crew", 42),  # two letters swapped: 0.75 of "Crew", below difflib's cut
        ("Armuor: 12", "Armour", "armour", 12),  # as the sheet spells it, not "Armor", which difflib ranks first
        ("Cagro: 22 tons", "Cargo", "cargo", 22),
        ("Manuever: 3", "Manuever", None, None),  # a spelling the reader knows: no finding
    ],
)
def test_a_key_with_two_letters_swapped_is_read_as_the_key(typo, key, field, value):
    (ship,), diagnostics = parse_usd(f"Class: K TL:12\n{typo}\n", "typo.usd")
    said = [d for d in diagnostics if d.code in ("USD103", "USD104")]
    if field is None:
        assert said == []
        return
    assert getattr(ship, field) == value
    assert [(d.code, d.message, d.fix.edits[0].new) for d in said] == [
        ("USD103", f"unknown key '{typo.split(':')[0]}': did you mean '{key}'? Read as that key", key)
    ]


def test_a_sensor_key_misspelt_is_written_back_as_sensors_are():
    _, diagnostics = parse_usd("Class: K TL:12\nSensors: PEMS:1x13.5 AMES: 1x12\n", "typo.usd")
    (said,) = [d for d in diagnostics if d.code == "USD103"]
    assert said.message == "unknown key 'AMES': did you mean 'AEMS'? Read as that key"
    assert said.fix.edits[0].new == "AEMS"
