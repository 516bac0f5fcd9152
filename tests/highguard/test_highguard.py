"""High Guard sheets: the USP block in both layouts, the component sheet, the design engine, the rules on
the fixture folder, and fleets with a scenario (High Guard, High Guard Shipyard's sheets, TCS82)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from conftest import FIXTURES, ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.pipeline import check_sheet, load_sheet
from shipyard.core.sheet import SheetFile
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.highguard.read.lines import decode_usp
from shipyard.systems.highguard.render import render_highguard

HG = FIXTURES / "highguard"
runner = CliRunner()


def kinunir(name="kinunir-hg80.txt"):
    (ship,), diagnostics = parse_highguard((HG / name).read_text(), name)
    assert diagnostics == []
    return ship


def test_usp_decodes_every_position():
    usp = decode_usp("BC-A2447G2-000510-50202-0")
    assert (
        usp.ship_type,
        usp.hull_code,
        usp.configuration,
        usp.jump,
        usp.maneuver,
        usp.power,
        usp.computer,
        usp.crew,
    ) == ("BC", "A", 2, 4, 4, 7, "G", 2)
    assert (usp.armour, usp.sandcaster, usp.meson_screen, usp.damper, usp.black_globe, usp.repulsor) == (
        0,
        0,
        0,
        5,
        1,
        0,
    )
    assert (usp.laser, usp.energy, usp.particle_accelerator, usp.meson, usp.missile, usp.fighters) == (5, 0, 2, 0, 2, 0)


def test_spinal_letters_and_high_digits():
    usp = decode_usp("B3-P1358HZ-E96608-999H9-0")
    assert (usp.hull_code, usp.power, usp.computer, usp.armour) == ("P", 8, "H", 14)
    assert (usp.meson, usp.meson_spinal, usp.particle_accelerator) == (0, "H", 9)


@pytest.mark.parametrize("name", ["kinunir-hg80.txt", "kinunir-hgs.txt"])
def test_kinunir_recomputes_ep_and_fuel(name):
    ship = kinunir(name)
    assert (ship.tonnage, ship.tl, ship.crew, ship.cost_mcr) == (Decimal(1250), 15, 45, Decimal("1336.63"))
    assert ship.batteries.laser == ship.batteries.particle_accelerator == ship.batteries.missile == 2
    assert ship.bearing.laser == 2 and ship.batteries.sandcaster is None
    design = recompute(ship)
    assert design.ep_output == Decimal("87.5")  # High Guard (the Kinunir): EP = 0.01 x 1250 x 7
    assert design.fuel_jump_needed + design.fuel_plant_needed == Decimal("587.5")  # 500 + 87.5
    assert design.usp == {"hull_code": "A", "crew": 2}


def test_hg80_prefix_gives_hull_number_and_name():
    ship = kinunir()
    assert (ship.hull_number, ship.name) == ("BC-9514", "Kinunir")
    assert ship.summary["Marines"] == 35 and ship.summary["Agility"] == 1


def test_component_sheet_lines():
    (ship,), _ = parse_highguard((HG / "vigilant-legal.txt").read_text())
    by_label = {c.label: c for c in ship.components}
    plant = by_label["P-Plant Factor-4"]
    assert (plant.section, plant.tons, plant.mcr, plant.ep, plant.factor) == (
        "ENGINEERING",
        Decimal(600),
        Decimal(1800),
        Decimal(200),
        "4",
    )
    assert by_label["P-Fuel"].mcr == 0  # HGS's literal "MCr 0,000"
    assert by_label["Staterooms"].count == Decimal(60)
    assert by_label["100T Missile Bays"].bay_size == 100
    assert by_label["Hull"].crew == 0


def test_hgs_component_shapes():
    text = (
        "Ketch Class Ketch\n\nCRAFT\n1 x Modular Cutter: 65.000Td; MCr 0.130; Cost of craft: MCr 28.000\n"
        "2 x 10.000 Td Launch Facilities: 500.000 Td; MCr 1.000\n"
    )
    (ship,), diagnostics = parse_highguard(text)
    cutter, tubes = ship.components
    assert (cutter.count, cutter.label, cutter.tons, cutter.craft_cost) == (
        1,
        "Modular Cutter",
        Decimal(65),
        Decimal(28),
    )
    assert (tubes.label, tubes.tons) == ("10.000 Td Launch Facilities", Decimal(500))
    assert ship.title == "Ketch Class Ketch" and diagnostics == []


def test_vigilant_design_engine():
    (ship,), _ = parse_highguard((HG / "vigilant-legal.txt").read_text())
    design = recompute(ship)
    assert (design.ep_output, design.ep_used, design.agility) == (Decimal(200), Decimal(115), 1)
    assert (design.cargo_computed, design.component_cost, design.hardpoints, design.hardpoints_used) == (
        Decimal(912),
        Decimal("4014.772"),
        50,
        50,
    )
    lasers, sand = design.turrets
    assert (lasers.weapon, lasers.per_turret, lasers.batteries, lasers.factor(12)) == ("beam laser", 3, 6, 6)
    assert (sand.weapon, sand.per_turret, sand.batteries, sand.factor(12)) == ("sandcaster", 3, 2, 7)
    declared = ship.usp.model_dump()
    assert all(declared[k] == v for k, v in design.usp.items())


def test_collapsed_battery_lines_are_realigned_with_a_warning():
    text = (
        (HG / "kinunir-hg80.txt").read_text().replace("     batteries bearing                  2 2 2", "Bearing 2 2 2")
    )
    (ship,), diagnostics = parse_highguard(text, "k.txt")
    assert [d.code for d in diagnostics] == ["HG003"]
    assert (ship.bearing.laser, ship.bearing.particle_accelerator, ship.bearing.missile) == (2, 2, 2)


def test_ambiguous_battery_columns_are_an_error():
    text = (HG / "kinunir-hg80.txt").read_text().replace("     batteries bearing                  2 2 2", "Bearing 2 2")
    (ship,), diagnostics = parse_highguard(text, "k.txt")
    assert [(d.code, d.span.line) for d in diagnostics] == [("HG004", 2)]
    assert "ambiguous" in diagnostics[0].message and ship.bearing is None


def test_unreadable_lines_are_kept_as_notes():
    text = (
        (HG / "vigilant-legal.txt").read_text().replace("Bridge: 100.000 Td; MCr 25.000", "Bridge: lots Td; MCr 25.000")
    )
    (ship,), diagnostics = parse_highguard(text, "v.txt")
    (error,) = [d for d in diagnostics if d.severity.value == "error"]
    assert (error.code, error.span.line, error.span.col) == ("HG001", 33, 9)
    assert "expected a number" in error.message
    assert any("Bridge: lots" in note.text for note in ship.notes)


def test_no_ship_is_an_error():
    ships, diagnostics = parse_highguard("just words\n", "x.txt")
    assert ships == [] and [d.code for d in diagnostics] == ["HG002", "HG006"]


@pytest.mark.parametrize(
    "path", sorted(HG.glob("*.txt")) + sorted((ROOT / "examples" / "fleet").glob("*.txt")), ids=lambda p: p.name
)
def test_round_trip(path):
    sheet = load_sheet(path)
    for ship in sheet.ships:
        back, diagnostics = parse_highguard(render_highguard(ship), "back.txt")
        assert back == [ship]
        assert not [d for d in diagnostics if d.severity.value != "info"]


def test_show_json_validates_back():
    result = runner.invoke(app, ["show", "--format", "json", str(HG / "kinunir-hg80.txt")])
    assert result.exit_code == 0
    (sheet,) = [SheetFile.model_validate(item) for item in json.loads(result.stdout)]
    assert sheet.format == "highguard" and sheet.ships[0].usp.damper == 5


def test_show_prints_the_profile_in_words():
    result = runner.invoke(app, ["show", str(HG / "kinunir-hg80.txt")])
    assert "configuration 2 (cone)" in result.stdout and "Model/7fib" in result.stdout


EXPECTED = {
    ("seeded-drive-between-ratings.txt", 21, "TCS105"),
    ("seeded-split-turret.txt", 38, "TCS101"),
    ("seeded-tcs-purification.txt", 29, "TCS113"),
    # The damaged copies (copies/, read in tests/highguard/test_copies.py): a warning for each repair.
    ("kinunir-quoted-printable.txt", 2, "HG007"),
    ("kinunir-quoted-printable.txt", 3, "HG007"),
    ("kinunir-quoted-printable.txt", 4, "HG007"),
    ("kinunir-broken-usp.txt", 1, "HG007"),
    ("kinunir-scanned.txt", 3, "HG007"),
    ("kinunir-scanned.txt", 4, "HG007"),
    # The layouts of forms/ (tests/highguard/test_forms.py): a lower-case type code, an unknown crew.
    ("layouts.txt", 6, "HG007"),
    ("layouts.txt", 7, "HG008"),
    # A refused USP line and its block's lines (tests/highguard/test_blocks.py).
    ("refused-usp.txt", 5, "HG001"),
    ("refused-usp.txt", 6, "HG012"),
    ("refused-usp.txt", 7, "HG012"),
    ("refused-usp.txt", 8, "HG012"),
}


def test_check_fixture_folder_reports_each_seeded_violation_and_nothing_else():
    result = runner.invoke(app, ["check", str(HG), "--format", "json"])
    found = json.loads(result.stdout)
    serious = {
        (d["span"]["path"].rsplit("/", 1)[1], d["span"]["line"], d["code"]) for d in found if d["severity"] != "info"
    }
    assert serious == EXPECTED
    assert {d["code"] for d in found if d["severity"] == "info"} == {"TCS114", "HG119"}  # HG119: copies/hgs-1x
    assert result.exit_code == 1


@pytest.mark.parametrize("name", ["vigilant-legal.txt", "kinunir-hg80.txt", "kinunir-hgs.txt"])
def test_legal_sheets_exit_0(name):
    result = runner.invoke(app, ["check", str(HG / name), "--level", "warning"])
    assert result.exit_code == 0 and result.stdout == ""


def test_fleet_folder_with_scenario_reports_budget_and_tugs():
    """Two designs, one ship each: MCr 4,015.782 and the architect's fee of 1% (no craft) = 4,055.93982 each, and
    each ship's drop tanks at MCr 1.000 (their sheets' Drop Tanks Cost): 8,111.87964 + 2 = 8,113.880 against a
    budget of 5,000: 3,113.880 over."""
    fleets = FIXTURES / "tcs" / "fleets"
    result = runner.invoke(
        app, ["check", "--scenario", str(fleets / "small-budget.toml"), str(fleets / "no-tugs"), "--level", "warning"]
    )
    assert result.exit_code == 1
    lines = result.stdout.strip().splitlines()
    assert lines == [
        f"{fleets / 'no-tugs'}:1:1: error: TCS201 the fleet costs MCr 8,113.88 (1 x Vigilant II (drop tanks): MCr "
        "4,055.94; 1 x Vigilant (drop tanks): MCr 4,055.94, drop tanks MCr 2); the budget is MCr 5,000 "
        "(MCr 3,113.88 over)",
        f"{fleets / 'no-tugs'}:1:1: error: TCS202 2000 tons of drop tanks to drop before combat, but 0 tug(s) "
        "tow at most 0 tons at 1 G",
    ]


def test_without_a_scenario_a_folder_is_not_a_fleet():
    result = runner.invoke(app, ["check", str(FIXTURES / "tcs" / "fleets" / "no-tugs"), "--level", "warning"])
    assert result.exit_code == 0 and "TCS20" not in result.stdout


def test_fleet_file_errors_are_located():
    result = runner.invoke(app, ["check", str(FIXTURES / "tcs" / "fleets" / "bad-fleet.toml")])
    wanted = f"{FIXTURES / 'tcs' / 'fleets' / 'bad-fleet.toml'}:4:1: error: SCN002 ship[0].cuont: unknown key"
    assert wanted in result.stdout
    assert result.exit_code == 2  # the fleet file is not read: an input not read


def test_example_fleet_file_counts_ships():
    fleet = ROOT / "examples" / "fleet"
    result = runner.invoke(
        app,
        [
            "check",
            "--scenario",
            str(fleet / "scenario.toml"),
            str(fleet / "fleet.toml"),
            "--format",
            "json",
            "--select",
            "TCS2",
        ],
    )
    assert result.exit_code == 0 and json.loads(result.stdout) == []


def test_bad_scenario_is_a_usage_error(tmp_path):
    bad = tmp_path / "s.toml"
    bad.write_text("[scenario]\nbudget = 5\n")
    result = runner.invoke(app, ["check", "--scenario", str(bad), str(HG)])
    assert result.exit_code == 2 and "SCN002 scenario.budget: unknown key (did you mean 'budget_mcr'?)" in result.stderr


def test_checked_sheet_keeps_ships_as_highguard():
    sheet = check_sheet(load_sheet(HG / "vigilant-legal.txt"))
    assert sheet.format == "highguard" and sheet.ships[0].format == "highguard"


def test_hg80_drop_tank_note_gives_the_laden_usp():
    text = (HG / "kinunir-hg80.txt").read_text() + "Note: with 1,250 tons of drop tanks (BC-B2223G2).\n"
    (ship,), _diagnostics = parse_highguard(text, "k.txt")
    assert ship.laden_usp.text == "BC-B2223G2-000510-50202-0" and ship.laden_tonnage == 2500
    assert (ship.laden_usp.jump, ship.laden_usp.maneuver, ship.laden_usp.power) == (2, 2, 3)
    assert any("drop tanks" in note.text for note in ship.notes)


def test_hgs_crew_breakdown_and_t20_lines():
    text = (
        "Kuniko Class Ketch\n\nBook 5 Crew Breakdown\nCommand section: 7 officers and 4 ratings; Medical "
        "Section: 1 officers\nHULL\nHull: 0.000 Td; MCr 8.000; Crew 0\nControls: 2.000 Td; MCr 0.000\n\n"
        "ENGINEERING\nP-Plant: 12.000 Td; MCr 36.000\n1 x Backup P-Plant: 60.000 Td; MCr 180.000; +20.000 EP\n"
    )
    (ship,), diagnostics = parse_highguard(text, "k.txt")
    assert diagnostics == [] and ship.crew_breakdown.startswith("Command section: 7 officers")
    assert [c.label for c in ship.components] == ["Hull", "Controls", "P-Plant", "Backup P-Plant"]
    assert ship.components[-1].backup and ship.components[-1].count == 1
    back, _ = parse_highguard(render_highguard(ship), "back.txt")
    assert back == [ship]


def test_a_squadron_heading_renders_and_reads_back(tmp_path) -> None:
    """A squadron heading ("Seventy-five Eurisko class Battle Riders") gives the next ship its count (75); the
    rendered ship left the heading out, so it read back without it (the fuzz suite's long profile found it)."""
    from shipyard import api

    sheet = api.load(FIXTURES / "highguard" / "forms" / "squadron.txt")
    headed = [ship for ship in sheet.ships if ship.heading is not None]
    assert headed and headed[0].heading_count == 75
    for ship in headed:
        again = tmp_path / "again.txt"
        again.write_text(api.render(ship), encoding="utf-8")
        assert api.load(again).ships == [ship]


def test_a_summary_figure_named_with_an_apostrophe_renders_count_first(tmp_path) -> None:
    """The summary piece "2 Ship's Boats." is the figure "Ship's Boats" = 2; rendered as "Ship's Boats: 2" it read
    back as a flag "Ship's" and a figure "Boats" (the fuzz suite's long profile found it). Count first reads back."""
    from shipyard import api

    sheet = tmp_path / "mothership.txt"
    sheet.write_text(
        "BB-0002 Mothership    BB-V5336J4-J90000-P0000-0  MCr 150000.00  500000 tons\n"
        "Passengers=0. Fuel=180000. EP=30000. Troops = 100. 200 Fighters. 2 Ship's Boats. 12 Drop Tanks.\n",
        encoding="utf-8",
    )
    [ship] = api.load(sheet).ships
    assert ship.summary["Ship's Boats"] == 2 and ship.summary["Fighters"] == 200
    rendered = api.render(ship)
    assert "Fighters: 200 2 Ship's Boats. Drop Tanks: 12" in rendered
    again = tmp_path / "again.txt"
    again.write_text(rendered, encoding="utf-8")
    assert api.load(again).ships == [ship]


def test_a_ship_being_read_has_exactly_the_fields_of_the_record_it_becomes():
    """The reader's draft of a ship is derived from ``HighGuardShip``'s own fields (none declared twice): a field
    it never set is the model's default (a fresh list for each draft), a name the record does not have is
    refused where it is written, and the record built equals the model built from the same values."""
    from shipyard.systems.highguard.model import HighGuardShip
    from shipyard.systems.highguard.read.sheet import ShipDraft

    one, other = ShipDraft(), ShipDraft()
    one.components.append("kept")  # type: ignore[arg-type]
    assert other.components == [] and one.tl is None and one.refused is None
    with pytest.raises(AttributeError, match="no field 'tech_level'"):
        one.tech_level = 12
    with pytest.raises(AttributeError, match="no field 'format'"):
        one.format = "mcs"
    draft = ShipDraft()
    draft.name, draft.tl = "Vigilant", 12
    assert draft.build() == HighGuardShip(name="Vigilant", tl=12)


def test_a_component_sheet_whose_usp_has_no_configuration_is_a_finding_not_an_internal_error(tmp_path):
    """The Vigilant's component sheet with its USP's configuration digit copied as 0 (no hull configuration is 0):
    the design engine read the armour's built-in share from the configuration table and stopped with a KeyError
    (SY001, the file unchecked). Now the digit is HG118 at its place and the rest of the sheet is checked."""
    text = (ROOT / "examples" / "fleet" / "vigilant.txt").read_text(encoding="utf-8")
    path = tmp_path / "vigilant.txt"
    path.write_text(text.replace("CA-E333463-471100", "CA-E033463-471100"), encoding="utf-8")
    checked = check_sheet(load_sheet(path))
    assert [(d.code, d.span.line) for d in checked.diagnostics if d.severity.value == "error"] == [("HG118", 8)]
    assert recompute(checked.ships[0]).configuration is None
