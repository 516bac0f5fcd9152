"""FFS design -> MCS: the worked examples of MCS section 6.1 (on the FFS1/TNE scale, as the
reference finds), a design worked by hand on the FFS2 scale, the TOML and workbook inputs and their errors."""

from __future__ import annotations

from decimal import Decimal

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.mcs.convert.ffs import convert_ffs
from shipyard.systems.mcs.ffs.model import FfsDesign
from shipyard.systems.mcs.ffs.read import load_ffs_design, parse_ffs_toml
from shipyard.systems.mcs.ffs.template import write_design_workbook
from shipyard.systems.mcs.parse import parse_usd
from shipyard.systems.mcs.render import render_usd

SEED = ROOT / "examples" / "ffs2" / "seed-examples.toml"
SEED_WORKBOOK = ROOT / "examples" / "ffs2" / "seed-examples.xlsx"
runner = CliRunner()


def cells(battery):
    return " ".join(r.render() if r else "-" for r in battery.ranges)


def seed(edition="ffs1"):
    design, diagnostics, positions = load_ffs_design(SEED)
    assert diagnostics == []
    return convert_ffs(design, edition, str(SEED), positions)


def test_seed_hull_example():
    # "a 3000 d-ton ship has an armour of 100. It will have a toughness rating of 11, a size of 5, and a
    # armour value of 12": 100 x 1.43 = 143 -> 12.
    ship, diagnostics = seed()
    assert (ship.toughness, ship.size, ship.armour) == (11, 5, 12)
    assert any(d.code == "CNV201" and "30000 tonnes" in d.message for d in diagnostics)  # mass estimated


def test_seed_laser_example_at_rof_50_and_10():
    ship, _ = seed()
    full, low, _pd = ship.beam_batteries
    assert (full.rof, cells(full)) == (0, "14:11 14:11 14:11 14:11 14:11")
    assert (low.rof, cells(low)) == (-2, "14:9 14:9 14:9 14:9 14:9")


def test_seed_pd_example():
    """4 PD lasers at a peak of 3200 pulses: count part 2 + ROF part 6 = 8. Each laser's own damage 5 (FFS1) is
    5 x 1.43 = 7.15, USD 4 at VS: the full PD (the battery's 4 x 7.15 = 28.6 is USD 7)."""
    ship, _ = seed()
    battery = ship.beam_batteries[2]
    assert (battery.ranges[0].dam, battery.point_defence) == (7, 8)


def test_pd_reduced_below_damage_4():
    """ "If the lasers had a DV of only 2, their PD rating would be reduced to 6": the DV is one laser's (section
    6.1, "a laser weapon must have a USD damage value ... of at least 4"). 4 lasers of damage 3 (FFS2): one is
    USD 2 (3-4), 2 short of 4, so 8 - 2 = 6, though the battery's 4 x 3 = 12 is USD 5."""
    design = FfsDesign.model_validate(
        {
            "ship": {"name": "PD", "tl": 15, "displacement": 100},
            "beam": [
                {
                    "name": "PD",
                    "type": "laser",
                    "count": 4,
                    "damage": [Decimal(3)],
                    "pulses": 50,
                    "peak_pulses": 3200,
                    "beam_pointer_km": 30000,
                }
            ],
        }
    )
    ship, _ = convert_ffs(design, "ffs2")
    assert (ship.beam_batteries[0].ranges[0].dam, ship.beam_batteries[0].point_defence) == (5, 6)


def test_pd_of_a_laser_whose_own_damage_is_a_dash():
    """One laser of damage 0.75 (FFS2) is below 1 on the chart, a dash: it falls short of 4 by all 4, so 4 such
    lasers at 3200 pulses rate 2 + 6 - 4 = 4. The battery's cell is a dash too, though together (4 x 0.75 = 3)
    they would do USD 2: the dash is on one weapon's damage (section 6.1)."""
    design = FfsDesign.model_validate(
        {
            "ship": {"name": "PD", "tl": 15, "displacement": 100},
            "beam": [
                {
                    "name": "PD",
                    "type": "laser",
                    "count": 4,
                    "damage": [Decimal("0.75")],
                    "pulses": 50,
                    "peak_pulses": 3200,
                    "beam_pointer_km": 30000,
                }
            ],
        }
    )
    ship, _ = convert_ffs(design, "ffs2")
    assert (ship.beam_batteries[0].ranges[0], ship.beam_batteries[0].point_defence) == (None, 4)


def _three_lasers(damage: str):
    design = FfsDesign.model_validate(
        {
            "ship": {"name": "L", "tl": 15, "displacement": 1000},
            "beam": [
                {
                    "name": "Laser",
                    "type": "laser",
                    "count": 3,
                    "damage": [Decimal(damage)] * 4,
                    "pulses": 50,
                    "beam_pointer_km": 150000,
                }
            ],
        }
    )  # rated at four ranges
    ship, _ = convert_ffs(design, "ffs2")
    return ship.beam_batteries[0]


def test_a_dash_where_one_weapons_damage_is_below_1():
    """ "If the weapon's damage is less than 1 at a given range, indicate this with a dash ("-"); the weapon may not
    fire at targets at that range" (section 6.1). Three lasers of damage 0.5 (FFS2): each below 1, a dash at every
    range, though their sum 1.5 is USD 0 (summed, the cell would be 3:0: penetration 0.5 x 10 = 5 is USD 3)."""
    assert cells(_three_lasers("0.5")) == "- - - - -"


def test_no_dash_where_one_weapons_damage_reaches_1():
    """Three lasers of damage 1: each is USD 0 (1 is the chart's first row), so the battery fires: damage 3 is USD 2,
    penetration 1 x 10 = 10 is USD 5: 5:2 at the four ranges a 150,000 km pointer rates."""
    assert cells(_three_lasers("1")) == "5:2 5:2 5:2 5:2 -"


def test_ffs2_scale_gives_other_values():
    ship, _diagnostics = seed("ffs2")
    assert ship.armour == 11  # 100 -> 11 on the FFS2 scale: the seed's 12 is an FFS1 figure
    assert cells(ship.beam_batteries[0]) == "13:10 13:10 13:10 13:10 13:10"


def test_design_worked_by_hand():
    """An unseen FFS2 design, worked from the charts:
    - 800 dTons: size 4; mass 9000 t: toughness 8; 450 MW / (9000 x 0.025) = 2; G-comp 3 + 2 = 5.
    - 2 PAWs, DV 40 40 30 20 per weapon, pointer 150 000 km (normal: four ranges), 100 pulses (+1):
      battery damage 80 80 60 40 -> 10 10 9 8; penetration = one weapon's DV 40 40 30 20 -> 8 8 7 6.
    - TL13 barbettes, 3 launchers, 4 per launcher at TL13 -> 12 missiles: salvo +4; 18:12; 10 G without
      fuel: -3 - (2.5 rounds down to 2) = -5.
    - 5 TL13 sandcasters: size 4 read one row up (3): 5 >= 3 casters -> screen -3; 5 x 50 = 250 -> 13.
    - 4 dampers: +3.
    """
    design = FfsDesign.model_validate(
        {
            "edition": "ffs2",
            "ship": {
                "name": "Hand",
                "tl": 13,
                "displacement": 800,
                "mass": 9000,
                "power_plant_mw": 450,
                "g_compensation": 3,
            },
            "beam": [
                {
                    "name": "PAW Battery",
                    "type": "paw",
                    "count": 2,
                    "damage": [40, 40, 30, 20],
                    "pulses": 100,
                    "beam_pointer_km": 150000,
                }
            ],
            "missiles": [{"name": "Missile Barbettes", "launchers": 3, "missile_g": 10, "salvos": 2}],
            "sandcasters": [{"count": 5}],
            "dampers": [{"count": 4}],
        }
    )
    ship, diagnostics = convert_ffs(design, "ffs2")
    assert (ship.size, ship.toughness, ship.power, ship.g_tolerance) == (4, 8, [2], 5)
    paw = ship.beam_batteries[0]
    assert (paw.rof, cells(paw), paw.point_defence) == (1, "8:10 8:10 7:9 6:8 -", None)
    (missiles,) = ship.missile_batteries
    assert (missiles.salvo_rating, missiles.pen, missiles.dam, missiles.size_evade) == (4, 18, 12, -5)
    assert missiles.missiles_per_salvo == 12 and missiles.salvos == 2
    assert any(d.code == "CNV220" and "12 missiles per salvo" in d.message for d in diagnostics)
    (sand,) = ship.sandcasters
    assert (sand.screen, sand.armour) == (-3, 13)
    assert ship.dampers[0].point_defence == 3


def test_launchers_without_an_autoloader_fire_one_missile_each():
    """Section 6.1: "Launchers without an autoloader fire only one missile per salvo", each launcher: a battery
    of 3 barbettes without autoloaders fires 3 a salvo, salvo rating +2 (with them, at TL13, 3 x 4 = 12, +4)."""

    def battery(autoloader):
        design = FfsDesign.model_validate(
            {
                "edition": "ffs2",
                "ship": {"name": "Hand", "tl": 13, "displacement": 800},
                "missiles": [{"name": "Missile Barbettes", "launchers": 3, "autoloader": autoloader}],
            }
        )
        ship, diagnostics = convert_ffs(design, "ffs2")
        (missiles,) = ship.missile_batteries
        said = next(d.message for d in diagnostics if d.code == "CNV220")
        return missiles.missiles_per_salvo, missiles.salvo_rating, said

    assert battery(False) == (
        3,
        2,
        "Missile Barbettes: 3 missiles per salvo (a launcher without an autoloader fires one, section 6.1)",
    )
    assert battery(True)[:2] == (12, 4)


def test_converted_sheet_parses_back_and_checks_clean():
    ship, _ = seed()
    (back,), diagnostics = parse_usd(render_usd(ship), "back.usd")
    assert back == ship
    assert not [d for d in diagnostics if d.severity.value != "info"]
    result = runner.invoke(app, ["check", str(SEED), "--level", "warning"])
    assert result.exit_code == 0, result.stdout


def test_cli_convert_design():
    result = runner.invoke(app, ["convert", str(SEED), "--to", "mcs"])
    assert result.exit_code == 0, result.output
    assert "1xLaser Battery (+0) (14:11 14:11 14:11 14:11 14:11) PointDef: 1 3 lasers each" in result.stdout
    assert "Notes: Assumed: no mass given" in result.stdout
    assert f"{SEED}:36:1: info: CNV213 PD Laser Battery: penetration not given" in result.stderr
    overridden = runner.invoke(app, ["convert", str(SEED), "--edition", "ffs2"])
    assert "Armour: 11" in overridden.stdout and "CNV204" in overridden.stderr


def test_edition_is_never_guessed(tmp_path):
    path = tmp_path / "no-edition.toml"
    path.write_text(SEED.read_text().replace('edition = "ffs1"', ""))
    result = runner.invoke(app, ["convert", str(path)])
    assert result.exit_code == 2 and "CNV200" in result.stderr and result.stdout == ""
    assert runner.invoke(app, ["convert", str(path), "--edition", "ffs1"]).exit_code == 0


@pytest.mark.parametrize(
    "text, line, col, words",
    [
        ('[ship\nname = "x"\n', 1, 6, "not valid TOML: Expected ']'"),
        (
            'edition = "ffs2"\n[ship]\nname = "x"\ntl = 12\ndisplacment = 100\n',
            2,
            1,
            "ship.displacement: required value missing",
        ),
        ('edition = "ffs2"\n[ship]\nname = "x"\ntl = 12\ndisplacment = 100\n', 5, 1, "did you mean 'displacement'?"),
        (
            'edition = "ffs3"\n[ship]\nname = "x"\ntl = 12\ndisplacement = 100\n',
            1,
            1,
            "edition: Input should be 'ffs1' or 'ffs2'",
        ),
        (
            'edition = "ffs2"\n[ship]\nname = "x"\ntl = 12\ndisplacement = 100\n[[beam]]\nname = "L"\ntype = "laser"\n'
            'count = 1\ndamage = [1]\npulses = 50\nbeam_pointer_km = 30000\n[[beam]]\nname = "M"\ntype = "lazer"\n',
            15,
            1,
            "beam[1].type: Input should be 'laser', 'paw' or 'meson', found 'lazer'",
        ),
    ],
)
def test_toml_errors_are_located(text, line, col, words):
    design, diagnostics, _ = parse_ffs_toml(text, "d.toml")
    assert design is None
    assert any(d.span.line == line and d.span.col == col and words in d.message for d in diagnostics), [
        d.format() for d in diagnostics
    ]


def test_workbook_template_reads_as_its_toml_twin(tmp_path):
    toml_design, _, _ = load_ffs_design(SEED)
    shipped, diagnostics, _ = load_ffs_design(SEED_WORKBOOK)
    assert diagnostics == [] and shipped == toml_design
    written = tmp_path / "again.xlsx"
    write_design_workbook(toml_design, written)
    assert load_ffs_design(written)[0] == toml_design
    result = runner.invoke(app, ["convert", str(SEED_WORKBOOK)])
    assert result.exit_code == 0 and result.stdout == runner.invoke(app, ["convert", str(SEED)]).stdout


def test_workbook_errors_name_their_cell(tmp_path):
    from openpyxl import load_workbook

    book = load_workbook(SEED_WORKBOOK)
    book["Beams"]["B3"] = "lazer"
    book["Beams"]["O1"] = "colour"
    path = tmp_path / "bad.xlsx"
    book.save(path)
    _, diagnostics, _ = load_ffs_design(path)
    assert [(d.span.line, d.span.col) for d in diagnostics] == [(1, 15)]
    assert "Beams!O1 unknown column 'colour'" in diagnostics[0].message
    book["Beams"]["O1"] = None
    book.save(path)
    _, diagnostics, _ = load_ffs_design(path)
    assert [(d.span.line, d.span.col) for d in diagnostics] == [(3, 2)]
    assert diagnostics[0].message.startswith("Beams!B3 beam[1].type: Input should be")


def test_not_a_workbook(tmp_path):
    path = tmp_path / "fake.xlsx"
    path.write_text("not a zip")
    result = runner.invoke(app, ["convert", str(path)])
    assert result.exit_code == 2 and "FFS003 cannot read the workbook" in result.stderr
    assert "Traceback" not in result.output


def test_size_past_the_chart_is_said_and_toughness_ends_at_its_top_row():
    """A 10 000 000 dTon hull lies past the printed size chart (it ends at 1 000 000 dTons, size 10): the code is
    extrapolated and the converter says so (CNV202, as CNV102 in the T4 converter). Its estimated mass of
    10 x 10 000 000 = 100 000 000 tonnes is on the toughness chart's open top row ("+", 21): no extrapolation,
    nothing said."""
    from shipyard.systems.mcs.convert.ffs import convert_ffs
    from shipyard.systems.mcs.ffs.read import parse_ffs_toml

    design, problems, positions = parse_ffs_toml(
        'edition = "ffs2"\n[ship]\nname = "Huge"\ntl = 15\ndisplacement = 10000000\n', "huge.toml"
    )
    assert design is not None and not problems
    sheet, diagnostics = convert_ffs(design, "ffs2", "huge.toml", positions)
    said = [d.message for d in diagnostics if d.code == "CNV202"]
    assert any(m.startswith("size lies beyond the printed chart") for m in said), said
    assert not any(m.startswith("toughness") for m in said), said
    assert sheet is not None and sheet.toughness == 21
