"""A fleet made of a published squadron file: one ship of a multi-ship sheet by its name, counts from the sheet's
headings, and drop tanks read from a note priced as High Guard prices them (fixtures/tcs/squadron, made by hand)."""

from __future__ import annotations

from decimal import Decimal

from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.pipeline import load_sheet
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.highguard.read.lines import heading_count
from shipyard.systems.tcs.fleet import fleet_cost, fleet_from_file, tanks_price

SQUADRON = FIXTURES / "tcs" / "squadron"
runner = CliRunner()


def _fleet(name: str):
    fleet, _, diagnostics = fleet_from_file(SQUADRON / name, None, load_sheet)
    return fleet, diagnostics


def test_a_fleet_names_one_ship_of_a_two_ship_sheet():
    """tenders.toml: name = "BD-Cisor", count = 4, of a sheet that also holds the Eurisko. The count is the
    tender's alone: by the quantity rule 2,000 + 1% fee 20 = 2,020, three more at 80% = 1,600 each: MCr 6,820."""
    fleet, diagnostics = _fleet("tenders.toml")
    assert diagnostics == []
    assert [(m.ship.display_name, m.count) for m in fleet.members] == [("BD-Cisor", 4)]
    assert fleet_cost(fleet).total == Decimal(6820)


def test_a_name_that_is_none_of_the_sheets_ships_is_refused_at_its_line():
    fleet, diagnostics = _fleet("misnamed.toml")
    (finding,) = diagnostics
    assert (finding.code, finding.span.line) == ("SCN005", 6)
    assert (
        "no ship 'BD-Cisro' on that sheet (did you mean 'BD-Cisor'?): expected one of Eurisko, BD-Cisor"
        in finding.message
    )
    assert fleet.members == []


def test_a_name_matches_in_any_case_and_by_hull_number(tmp_path):
    (tmp_path / "squadron.txt").write_text((SQUADRON / "squadron.txt").read_text())
    (tmp_path / "fleet.toml").write_text('[[ship]]\nsheet = "squadron.txt"\nname = "br-0101"\ncount = 2\n')
    fleet, _, diagnostics = fleet_from_file(tmp_path / "fleet.toml", None, load_sheet)
    assert diagnostics == [] and [(m.ship.display_name, m.count) for m in fleet.members] == [("Eurisko", 2)]


def test_counts_in_headings_price_a_squadron_file_by_the_quantity_rule():
    """headings.toml lists squadron.txt with no count: "Seventy-five Eurisko class" gives 75, "Four BD-Cisor
    class" 4. Euriskos: 500 + 5 fee = 505, 74 x 400 = 29,600: 30,105. Tenders: 6,820. MCr 36,925, 79 ships."""
    fleet, diagnostics = _fleet("headings.toml")
    assert diagnostics == []
    assert [(m.ship.display_name, m.count) for m in fleet.members] == [("Eurisko", 75), ("BD-Cisor", 4)]
    cost = fleet_cost(fleet)
    assert (cost.total, cost.count) == (Decimal(36925), 79)


def test_a_count_given_in_the_fleet_file_wins_over_the_heading(tmp_path):
    (tmp_path / "squadron.txt").write_text((SQUADRON / "squadron.txt").read_text())
    (tmp_path / "fleet.toml").write_text('[[ship]]\nsheet = "squadron.txt"\ncount = 1\n')
    fleet, _, _ = fleet_from_file(tmp_path / "fleet.toml", None, load_sheet)
    assert [m.count for m in fleet.members] == [1, 1]


def test_heading_counts_in_figures_and_words():
    assert heading_count("Seventy-five Eurisko class Battle Riders") == 75
    assert heading_count("4 Lion class cruisers") == 4
    assert heading_count("One hundred and twelve Gnat Class fighters") == 112
    assert heading_count("Vigilant Class Armoured Cruiser") is None  # a component sheet's title: no count
    assert heading_count("Seventy-five Euriskos") is None  # no class named
    assert heading_count("Note: four class A starports") is None


def test_a_heading_belongs_to_the_ship_under_it():
    """The heading stands between the Eurisko's summary line and the tender's USP: it is the tender's."""
    ships, _ = parse_highguard((SQUADRON / "squadron.txt").read_text(), "squadron.txt")
    assert [(s.heading, s.heading_count, s.spans["heading"].line) for s in ships] == [
        ("Seventy-five Eurisko class Battle Riders", 75, 1),
        ("Four BD-Cisor class Tenders", 4, 7),
    ]
    assert all(ship.notes == [] for ship in ships)


def test_drop_tanks_read_from_a_note_are_priced_as_high_guard_prices_them():
    """High Guard's drop tanks: MCr 0.01 and 0.001 a ton, so 6,000 tons cost 0.01 + 6 = MCr 6.01, as published
    notes give it; 500 tons MCr 0.51. A sheet whose component sheet prices the fittings (High Guard Shipyard's
    L-Hyd Drop Tanks) pays for the tanks alone: 1,000 tons, MCr 1."""
    (ship,), _ = parse_highguard((FIXTURES / "highguard" / "forms" / "drop-tank-note.txt").read_text(), "n.txt")
    assert tanks_price(ship, Decimal(6000)) == Decimal("6.01")
    assert tanks_price(ship, Decimal(500)) == Decimal("0.51")
    assert tanks_price(ship, Decimal(0)) == 0
    (fitted,), _ = parse_highguard(
        (FIXTURES / "tcs/fleets/no-tugs/vigilant-drop-tanks.txt")
        .read_text()
        .replace("Drop Tanks Cost: MCr 1.000\n", ""),
        "v.txt",
    )
    assert fitted.drop_tank_cost is None and tanks_price(fitted, Decimal(1000)) == Decimal(1)


def test_the_noted_tanks_in_the_fleet_cost_audit_and_tug_rule(tmp_path):
    """Two drop-tank Kinunirs (500 tons each: MCr 0.51 each, 1.02) and no tug: TCS202 counts their 1,000 tons;
    the audit's fleet line shows the tanks at MCr 1.02 (ships 1,336.63 + 13.3663 fee + 0.8 x 1,336.63 = 2,419.3003:
    2,420.3203 in all)."""
    (tmp_path / "kinunir.txt").write_text((FIXTURES / "highguard/forms/drop-tank-note.txt").read_text())
    (tmp_path / "fleet.toml").write_text('[[ship]]\nsheet = "kinunir.txt"\ncount = 2\n')
    result = runner.invoke(app, ["check", str(tmp_path / "fleet.toml")])
    assert (
        "TCS202 1000 tons of drop tanks to drop before combat, but 0 tug(s) tow at most 0 tons at 1 G" in result.stdout
    )
    result = runner.invoke(app, ["audit", str(tmp_path)])
    assert "MCr 2,420.32 (ships MCr 2,419.3 by the quantity rule, drop tanks MCr 1.02)" in result.stdout  # to 0.01
