"""High Guard sheets in the forms published squadrons print them (fixtures/highguard/forms, made by hand; each
column worked out under the USP digits in the test's docstring)."""

from __future__ import annotations

from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.highguard.parse import parse_highguard

FORMS = FIXTURES / "highguard" / "forms"
runner = CliRunner()


def read(name):
    ships, diagnostics = parse_highguard((FORMS / name).read_text(), name)
    return ships, diagnostics


def test_counts_under_adjacent_usp_digits():
    """USP CR-M2234F3-C41106-23405-0 from column 23: sandcaster digit '4' at column 23 + 12 = 35, repulsor '6' at
    39, laser/energy/PA '2 3 4' at 41-43, missile '5' at 45. Under them 'A   1 742 3': sandcaster A = 10,
    repulsor 1, laser 7, energy 4, particle accelerator 2, missile 3 (the three weapon counts run together as
    their digits do). The trailers are read too: Crew=170, TL=15."""
    (ship,), diagnostics = read("adjacent-counts.txt")
    assert diagnostics == []
    expected = {"sandcaster": 10, "repulsor": 1, "laser": 7, "energy": 4, "particle_accelerator": 2, "missile": 3}
    for counts in (ship.batteries, ship.bearing):
        assert counts is not None
        assert {name: counts.get(name) for name in expected} == expected
        assert counts.meson is None  # no count under the meson digit 0
    assert (ship.crew, ship.tl) == (170, 15)


def test_show_prints_every_battery_count_of_every_weapon():
    result = runner.invoke(app, ["show", str(FORMS / "adjacent-counts.txt")])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.stdout.replace("│", " ").split())  # the panel's text, unwrapped
    for words in (
        "sandcaster 4 (10 batteries, 10 bearing)",
        "repulsor 6 (1 battery, 1 bearing)",
        "laser factor 2 (7 batteries, 7 bearing)",
        "energy factor 3 (4 batteries, 4 bearing)",
        "particle accelerator factor 4 (2 batteries, 2 bearing)",
        "missile factor 5 (3 batteries, 3 bearing)",
    ):
        assert words in shown, words


def test_adjacent_counts_that_lost_their_columns_are_read_in_order():
    """The same counts shifted six columns left: no longer under the digits, six counts for the six non-zero
    weapon digits (sandcaster, repulsor, laser, energy, PA, missile): read in order, with a warning."""
    text = (FORMS / "adjacent-counts.txt").read_text().replace("            A   1 742 3", "      A   1 742 3")
    (ship,), diagnostics = parse_highguard(text, "shifted.txt")
    assert [d.code for d in diagnostics] == ["HG003", "HG003"]
    assert (
        "read in order as sandcaster 10, repulsor 1, laser 7, energy 4, particle accelerator 2, missile 3"
        in diagnostics[0].message
    )
    assert (ship.batteries.get("laser"), ship.crew, ship.tl) == (7, 170, 15)


def test_a_digit_legend_overrides_ehex_for_battery_counts_only():
    """USP BB-V5336J4-J90000-P0000-0 from column 23; the summary line defines W = 40 and Z = 100. Under the
    sandcaster digit (column 35) 'Z': 100 batteries, not eHex Z = 33; under the laser digit (column 41) 'W': 40,
    not eHex W = 30. The USP's own digits keep their eHex values (laser factor P = 23, hull V)."""
    (ship,), diagnostics = read("digit-legend.txt")
    assert diagnostics == []
    assert ship.battery_legend == {"W": 40, "Z": 100}
    assert (ship.batteries.sandcaster, ship.batteries.laser) == (100, 40)
    assert (ship.bearing.sandcaster, ship.bearing.laser) == (100, 40)
    assert (ship.usp.laser, ship.usp.hull_code) == (23, "V")
    assert "W" not in ship.summary and ship.summary["Agility"] == 3


def test_show_says_the_legend_and_the_sheet_reads_back():
    from shipyard.systems.highguard.render import render_highguard

    (ship,), _ = read("digit-legend.txt")
    result = runner.invoke(app, ["show", str(FORMS / "digit-legend.txt")])
    shown = " ".join(result.stdout.replace("│", " ").split())
    assert "the sheet's legend for battery counts (only): W = 40 (eHex 30), Z = 100 (eHex 33)" in shown
    assert "sandcaster 9 (100 batteries, 100 bearing)" in shown and "laser factor P (40 batteries" in shown
    (again,), diagnostics = parse_highguard(render_highguard(ship), "again.txt")
    assert again == ship and diagnostics == []


def test_without_the_legend_the_letters_are_ehex():
    text = (FORMS / "digit-legend.txt").read_text().replace(" W = 40. Z = 100.", "")
    (ship,), _ = parse_highguard(text, "no-legend.txt")
    assert (ship.batteries.sandcaster, ship.batteries.laser) == (33, 30)


def test_layouts_beside_the_hg80_one():
    """Two ships, each from its USP line. The first: 'bear'/'batt' labels, the tonnage (30000) on the bearing
    line, 'crew=170' and 'TL = 15' on the batteries line, a summary separated by ';' with lower-case keys,
    'Troops = 0.' and '200 Fighters.', and a laden USP quoted in its note with a space after the dash. The
    second: a lower-case type code ('Cr-', a warning), battery lines with no label (the bearing line first, as
    HG'80 prints them) and an unknown crew ('crew= ?': a warning, not read as a number)."""
    (first, second), diagnostics = read("layouts.txt")
    expected = {"sandcaster": 10, "repulsor": 1, "laser": 7, "energy": 4, "particle_accelerator": 2, "missile": 3}
    assert (first.hull_number, first.name, first.tonnage, first.crew, first.tl) == (
        "CR-9001",
        "Adjacent",
        30000,
        170,
        15,
    )
    assert first.summary == {
        "Passengers": 0,
        "Low": 0,
        "Cargo": 100,
        "Fuel": 7200,
        "EP": 1200,
        "Agility": 2,
        "Marines": 50,
        "Troops": 0,
        "Fighters": 200,
    }
    assert first.laden_usp is not None and first.laden_usp.text.startswith("CR-M2234F3")
    assert (second.hull_number, second.usp.ship_type, second.crew, second.tl) == ("CR-9002", "CR", None, 15)
    for ship in (first, second):
        for counts in (ship.batteries, ship.bearing):
            assert {name: counts.get(name) for name in expected} == expected
    assert [(d.code, d.span.line, d.span.col, d.message) for d in diagnostics] == [
        ("HG007", 6, 23, "the lower-case type code 'Cr' read as CR"),
        ("HG008", 7, 52, "Crew is '?' on the sheet (unknown): not read"),
    ]
