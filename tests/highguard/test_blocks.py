"""Each line of a High Guard sheet belongs to the block it stands in: a refused USP line keeps its lines to itself,
a summary line reads piece by piece, a note wrapped over lines is one note (fixtures/highguard/forms, made by
hand; the figures worked out in each docstring)."""

from __future__ import annotations

from decimal import Decimal

from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.highguard.read.lines import own_drop_tanks

FORMS = FIXTURES / "highguard" / "forms"
runner = CliRunner()


def read(name: str):
    return parse_highguard((FORMS / name).read_text(), name)


def test_a_refused_usp_line_keeps_its_battery_lines_to_itself():
    """refused-usp.txt: two Kinunirs; the second's tonnage reads '1250 kTuns' (no unit), so its USP line (5) is
    refused. Its battery lines (1 1 1 at lines 6, 7) and summary line (8) belong to it: each is said (HG012), and
    the first ship keeps its own counts (2 2 2 under laser, particle accelerator, missile; Crew=45) with no HG102
    blaming it for the second ship's numbers."""
    ships, diagnostics = read("refused-usp.txt")
    assert [ship.display_name for ship in ships] == ["Kinunir"]
    (kinunir,) = ships
    for counts in (kinunir.batteries, kinunir.bearing):
        assert (counts.laser, counts.particle_accelerator, counts.missile) == (2, 2, 2)
    assert kinunir.notes == []  # the refused line is no note of the ship above
    assert [(d.code, d.span.line) for d in diagnostics] == [("HG001", 5), ("HG012", 6), ("HG012", 7), ("HG012", 8)]
    assert "the ship whose USP line (line 5) could not be read" in diagnostics[1].message


def test_the_same_two_ships_both_read_when_the_unit_reads():
    """The control: with '1250 tons' the second USP reads, and both ships keep their own counts (2 and 1)."""
    text = (FORMS / "refused-usp.txt").read_text().replace("kTuns", "tons")
    ships, diagnostics = parse_highguard(text, "two.txt")
    assert diagnostics == []
    assert [ship.batteries.laser for ship in ships] == [2, 1]


def test_a_refused_block_is_checked_as_nothing_and_the_ship_above_is_clean():
    result = runner.invoke(app, ["check", str(FORMS / "refused-usp.txt")])
    assert result.exit_code == 1
    assert "HG102" not in result.stdout and result.stdout.count("HG012") == 3


def test_tonnage_units_in_any_case():
    """'50 kTons', '50 KTONS', '50 ktons' are 50 x 1,000 = 50,000 tons; '50000 Tons.' and '50000 tons' the same."""
    ships, diagnostics = read("tonnage-units.txt")
    assert diagnostics == []
    assert [ship.tonnage for ship in ships] == [Decimal(50_000)] * 5


def test_a_summary_line_reads_counts_of_nouns_of_several_words():
    """summary-pieces.txt: 'Troops = 100. 200 Fighters. 7 Battle Riders. 2 Ship's Boats. 12 Drop Tanks.' are five
    figures; 'Y = 60. Z = 200.' the sheet's legend, so Z under the sandcaster digit (column 35) is 200 batteries,
    not eHex Z = 33, and Y under the laser digit (column 41) is 60, not eHex Y = 32."""
    (ship,), diagnostics = read("summary-pieces.txt")
    assert diagnostics == []
    assert {
        key: ship.summary[key] for key in ("Troops", "Fighters", "Battle Riders", "Ship's Boats", "Drop Tanks")
    } == {"Troops": 100, "Fighters": 200, "Battle Riders": 7, "Ship's Boats": 2, "Drop Tanks": 12}
    assert ship.battery_legend == {"Y": 60, "Z": 200}
    assert (ship.batteries.sandcaster, ship.batteries.laser) == (200, 60)
    assert ship.batteries.uncertain == ()


def test_a_piece_that_cannot_be_read_is_refused_alone_and_the_legend_still_reads():
    """'7 Battle Riders.' spoilt to '7 Battle R1ders.' (a scanner's 1 for i): that piece alone is refused (HG001 at
    its column, 96), kept as a note; 'Y = 60. Z = 200.' after it still read, so the counts are 200 and 60 and none
    is uncertain."""
    text = (FORMS / "summary-pieces.txt").read_text().replace("7 Battle Riders.", "7 Battle R1ders.")
    (ship,), diagnostics = parse_highguard(text, "pieces.txt")
    assert [(d.code, d.span.line, d.span.col) for d in diagnostics] == [("HG001", 4, 96)]
    assert "'7 Battle R1ders.'" in diagnostics[0].message
    assert ship.battery_legend == {"Y": 60, "Z": 200} and ship.summary["Fighters"] == 200
    assert "Battle Riders" not in ship.summary
    assert [note.text for note in ship.notes] == ["7 Battle R1ders."]
    assert (ship.batteries.sandcaster, ship.batteries.laser) == (200, 60)


def test_a_legend_letter_lost_with_its_piece_makes_its_counts_uncertain():
    """'Y = 60.' spoilt to 'Y = sixty.': that piece is refused (HG001 at 'sixty.', column 148), so Y has no legend.
    The Y under the laser digit is read as eHex Y = 32 and marked uncertain on both battery lines (HG013 at column
    41 of lines 2 and 3); Z (200, from the legend) is certain."""
    text = (FORMS / "summary-pieces.txt").read_text().replace("Y = 60.", "Y = sixty.")
    (ship,), diagnostics = parse_highguard(text, "lost.txt")
    assert [(d.code, d.span.line, d.span.col) for d in diagnostics] == [
        ("HG001", 4, 148),
        ("HG013", 2, 41),
        ("HG013", 3, 41),
    ]
    assert "laser count 'Y' read as eHex 32" in diagnostics[1].message
    assert (ship.batteries.laser, ship.batteries.uncertain) == (32, ("laser",))
    assert (ship.batteries.sandcaster, ship.bearing.uncertain) == (200, ("laser",))


def test_show_marks_an_uncertain_count(tmp_path):
    sheet = tmp_path / "lost.txt"
    sheet.write_text((FORMS / "summary-pieces.txt").read_text().replace("Y = 60.", "Y = sixty."))
    result = runner.invoke(app, ["show", str(sheet)])
    shown = " ".join(result.stdout.replace("│", " ").split())
    assert "laser factor P (32? (uncertain) batteries, 32? (uncertain) bearing)" in shown
    assert "sandcaster 9 (200 batteries, 200 bearing)" in shown


def test_a_wrapped_note_is_one_note_and_its_drop_tanks_are_read():
    """drop-tank-note.txt: the note runs over lines 5-7. Joined, 'its drop tanks add 500 tons of fuel' gives 500
    tons of tanks: laden 1,250 + 500 = 1,750 tons, and the laden USP prefix (BC-A2225G2) on line 6 is read with
    the rest of the USP. 'tow up to 2,000 tons of drop tanks' is a capacity, not the ship's tanks."""
    (ship,), diagnostics = read("drop-tank-note.txt")
    assert diagnostics == []
    (note,) = ship.notes
    assert note.text.startswith("Note: for long patrols its drop tanks add 500 tons") and "consort." in note.text
    assert {span.line for span in note.spans.values()} == {5, 6, 7}
    assert ship.laden_tonnage == Decimal(1750)
    assert ship.laden_usp.text == "BC-A2225G2-000510-50202-0"
    assert ship.laden_usp.spans["self"].line == 6


def test_drop_tanks_from_a_note_count_in_the_fuel_rule():
    """HG104 with drop tanks holds the fuel against the laden ship (High Guard, p. 23: jump fuel 0.1 x M x J, plant
    fuel 0.01 x M x Pn): laden (BC-A2225G2) on 1,750 tons, 0.1 x 1,750 x 2 + 0.01 x 1,750 x 5 = 350 + 87.5 =
    437.5, met by Fuel=287.5 and the 500 tons of tanks (787.5). Before, the unladen jump-4 on the laden tonnage
    (700) was asked for. With a note printing laden jump-4 and power 5 (BC-A2445G2), the laden ship needs 700 +
    87.5 = 787.5, and Fuel=200 with the tanks (700) is short."""
    result = runner.invoke(app, ["check", str(FORMS / "drop-tank-note.txt")])
    assert result.exit_code == 0, result.stdout
    met = (FORMS / "drop-tank-note.txt").read_text().replace("Fuel=287.5", "Fuel=0")
    assert runner.invoke(app, ["check", "-", "--stdin-filename", "met.txt"], input=met).exit_code == 0
    short = met.replace("Fuel=0", "Fuel=200").replace("(BC-A2225G2)", "(BC-A2445G2)")
    result = runner.invoke(app, ["check", "-", "--stdin-filename", "short.txt"], input=short)
    assert result.exit_code == 1
    assert (
        "HG104 Fuel 200 and 500 tons of drop tanks make 700, short of what the laden ship (1750 tons) needs: jump "
        "fuel 700 (jump-4 laden) + power plant fuel 87.5 (Pn 5 laden) = 787.5" in result.stdout.replace("\n", " ")
    )
    assert "HG101 laden USP jump digit 4, but with 500 tons of drop tanks the sheet gives 2 to 3" in result.stdout


def test_without_its_second_line_the_note_gives_no_tanks():
    """The same sheet with the note cut after line 5 ('its drop tanks add'): no tonnage, so no tanks, and Fuel
    287.5 is short of 0.1 x 1,250 x 4 + 87.5 = 587.5 (HG104)."""
    lines = (FORMS / "drop-tank-note.txt").read_text().splitlines()
    result = runner.invoke(app, ["check", "-", "--stdin-filename", "cut.txt"], input="\n".join(lines[:5]) + "\n")
    assert "HG104 Fuel 287.5, but jump fuel 500 + power plant fuel 87.5 make 587.5" in result.stdout


def test_a_towing_capacity_is_never_the_ships_own_tanks():
    assert own_drop_tanks("carrying up to 72,000 tons of drop tanks for the squadron") is None
    assert own_drop_tanks("it tows 8,000 tons of drop tanks") is None
    assert own_drop_tanks("laden with 6,000 tons of drop tanks") == Decimal(6000)
    assert own_drop_tanks("tows a barge. 6,000 tons of drop tanks") == Decimal(6000)  # another clause
    assert own_drop_tanks("drop tanks of 1,000 tons") == Decimal(1000)
    assert own_drop_tanks("no tanks at all") is None


def test_a_line_with_a_usp_lines_shape_is_refused_as_one():
    """The second Kinunir's USP with its first dash lost to a blank ("B -A2447G2-000510-50202-0"): no USP reads,
    but three of its pieces do, so the line is refused as a USP line (HG001) and its battery and summary lines go
    with it (HG012); the first ship keeps its own counts."""
    text = (
        (FORMS / "refused-usp.txt")
        .read_text()
        .replace("kTuns", "tons")
        .replace(
            "BC-A2447G2-000510-50202-0  MCr 1336.63     1250 tons\n     batteries bearing                  1",
            "B -A2447G2-000510-50202-0  MCr 1336.63     1250 tons\n     batteries bearing                  1",
        )
    )
    ships, diagnostics = parse_highguard(text, "near.txt")
    assert [(d.code, d.span.line) for d in diagnostics] == [("HG001", 5), ("HG012", 6), ("HG012", 7), ("HG012", 8)]
    assert [ship.batteries.laser for ship in ships] == [2]


def test_free_text_with_one_piece_of_a_usp_is_free_text():
    from shipyard.systems.highguard.read.lines import near_usp

    assert near_usp("BC-9515 Sister  B -A2447G2-000510-50202-0  MCr 1336.63")
    assert near_usp("BC-A2447G20000510-50202-0")
    assert not near_usp("Refitted at the yards of 11050-2, Regina")
    assert not near_usp("Notes: a sister of BC-9514, built 1105")
