"""T4 -> MCS: the Coronation of MCS section 6 (converting from T4) and a sheet worked by hand."""

from __future__ import annotations

import pytest
from conftest import FIXTURES, ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.mcs.convert.t4 import T4Options, convert_t4
from shipyard.systems.mcs.parse import parse_usd

CORONATION_T4 = FIXTURES / "mcs" / "t4" / "coronation-t4.usd"
runner = CliRunner()


def cells(battery):
    return " ".join(r.render() if r else "-" for r in battery.ranges)


def coronation(**options):
    (t4,), _ = parse_usd(CORONATION_T4.read_text(), str(CORONATION_T4))
    return convert_t4(t4, T4Options(**options))


def test_coronation_hull():
    ship, _ = coronation()
    assert (ship.armour, ship.size, ship.toughness, ship.meson_screen) == (13, 8, 17, 19)


def test_coronation_weapons_match_the_reference_table():
    ship, diagnostics = coronation()
    spinal, bays, pd, heavy, light = ship.beam_batteries
    assert (spinal.rof, cells(spinal)) == (1, "18:18 18:18 16:16 15:15 13:13")
    assert (bays.rof, cells(bays)) == (1, "14:14 14:14 12:12 10:10 8:8")
    assert (heavy.rof, cells(heavy), heavy.point_defence) == (1, "15:17 15:17 15:17 15:17 13:15", 3)
    # The seed prints PDR 3 for the light lasers; the tables give 4 (9 lasers: +3, ROF +1).
    assert (light.rof, cells(light), light.point_defence) == (1, "13:14 13:14 13:14 10:11 7:8", 4)
    # VS and S as the seed; its "8:9" at M cannot come from the chart (T4 2 - ROF 2 = 0 -> 0).
    assert (pd.rof, cells(pd)[:11], pd.point_defence) == (2, "14:15 14:15", 5)
    assert any(d.code == "CNV112" and "at M" in d.message for d in diagnostics)
    (missiles,) = ship.missile_batteries
    assert (missiles.count, missiles.salvo_rating, missiles.pen, missiles.dam, missiles.size_evade) == (
        5,
        5,
        17,
        11,
        -6,
    )
    (sand,) = ship.sandcasters
    assert (sand.count, sand.screen, sand.armour) == (5, -1, 14)


def test_coronation_ungrouped_launchers():
    ship, _ = coronation(launchers_per_battery=1)
    (missiles,) = ship.missile_batteries
    assert (missiles.count, missiles.salvo_rating, missiles.pen, missiles.dam) == (20, 3, 17, 11)


def test_civilian_launchers_fire_one_missile_each():
    """Section 6: "Civilian missile turrets will normally fire one missile per salvo". The Coronation's 20
    launchers as a civilian design, grouped 4 to a battery: 4 x 1 = 4 missiles per salvo, salvo rating +3 (the
    military reading at TL12 is 4 x 4 = 16, +5)."""
    ship, diagnostics = coronation(design="civilian")
    (missiles,) = ship.missile_batteries
    assert (missiles.count, missiles.salvo_rating, missiles.missiles_per_salvo) == (5, 3, 4)
    assert any(
        d.code == "CNV132" and "civilian launchers fire one missile each: 4 missiles per salvo" in d.message
        for d in diagnostics
    )
    military, _ = coronation()
    assert (military.missile_batteries[0].salvo_rating, military.missile_batteries[0].missiles_per_salvo) == (5, 16)


def test_every_assumption_is_said():
    ship, diagnostics = coronation()
    said = [d.message for d in diagnostics if d.severity.value == "info"]
    notes = [n.text for n in ship.notes if n.text.startswith("Assumed: ")]
    assert [f"Assumed: {m}" for m in said] == notes
    assert sum("ROF" in m for m in said) == 5 and any("grouped 4 to a battery" in m for m in said)


def test_convert_command_output_parses_back():
    result = runner.invoke(app, ["convert", str(CORONATION_T4), "--to", "mcs", "--design", "military"])
    assert result.exit_code == 0, result.output
    assert "1xSpinal Meson (+1) (18:18 18:18 16:16 15:15 13:13)" in result.stdout
    assert "5 x Missile Batteries: (+5)17:11 (-6 size&evade)" in result.stdout
    assert "Meson Screen: 19" in result.stdout
    ships, diagnostics = parse_usd(result.stdout, "converted")
    assert ships == [coronation()[0]]
    assert not [d for d in diagnostics if d.severity.value != "info"]


UNSEEN = """Class: Beowulf Trader TL:10 Type: A
Displacement: 200 tons
Armour: 20
1xLaser (+2) 1/5-3-1-0
Sandcasters: 3
"""


def test_unseen_sheet_worked_by_hand():
    """Civilian: ROF +0. Size 200 -> 3. No mass: 2000 t -> toughness 6. Armour 20/10 = 2 -> 10.
    Laser 5-3-1-0 -> 13, 11, 8, 0 mapped VS<-VS S<-VS M<-S L<-M X<-L: 13 13 11 8 0; pen 14 at VS, gap +1.
    PD: one laser (assumed) +0, ROF +0 -> 0. Three TL-10 casters on size 3 -> screen -3; 3 x 39 = 117 -> 11."""
    (t4,), _ = parse_usd(UNSEEN)
    ship, diagnostics = convert_t4(t4, T4Options(design="civilian"))
    assert (ship.size, ship.toughness, ship.armour) == (3, 6, 10)
    (laser,) = ship.beam_batteries
    assert (laser.rof, cells(laser), laser.point_defence) == (0, "14:13 14:13 12:11 9:8 1:0", 0)
    (sand,) = ship.sandcasters
    assert (sand.count, sand.screen, sand.armour) == (1, -3, 11)
    codes = {d.code for d in diagnostics}
    assert {"CNV101", "CNV110", "CNV111", "CNV113", "CNV141"} <= codes


def test_rof_override_per_battery():
    (t4,), _ = parse_usd(UNSEEN)
    ship, diagnostics = convert_t4(t4, T4Options(design="civilian", rof_overrides={"  laser": 1}))
    assert cells(ship.beam_batteries[0]) == "14:12 14:12 12:10 2:0 -"  # any case and spacing names it
    assert [d.message for d in diagnostics if d.code == "CNV110"] == ["Laser: ROF +1, as --rof gives"]


@pytest.mark.parametrize(
    "given, words",
    [
        (
            "Heavy Lazer=2",
            "--rof names 'Heavy Lazer', a battery of no ship of the sheet (did you mean 'Heavy Laser'?): "
            "it has 'Spinal Meson', 'Meson Bay', 'PD Laser Turret', 'Heavy Laser', 'Light Laser'",
        ),
        ("Tractor=1", "--rof names 'Tractor', a battery of no ship of the sheet: it has 'Spinal Meson'"),
    ],
)
def test_a_rof_for_no_battery_is_an_error(given, words):
    """A --rof that names no battery rated nothing, and the battery meant got the default: exit 2, no sheet
    taken for the one asked for."""
    result = runner.invoke(app, ["convert", str(CORONATION_T4), "--rof", given])
    assert result.exit_code == 2 and f"error: CNV114 {words}" in " ".join(result.stderr.split())
    assert runner.invoke(app, ["convert", str(CORONATION_T4), "--rof", "heavy laser=+3"]).exit_code == 0


def test_a_rof_for_an_ffs_design_is_said_unused():
    result = runner.invoke(
        app, ["convert", str(ROOT / "examples" / "ffs2" / "seed-examples.toml"), "--rof", "Laser Battery=3"]
    )
    assert result.exit_code == 0 and "warning: CNV205 --rof is not used" in result.stderr


def test_convert_refuses_an_mcs_sheet():
    result = runner.invoke(app, ["convert", str(FIXTURES / "mcs" / "kuvasz.usd"), "--to", "mcs"])
    assert result.exit_code == 2 and "CNV100" in result.stderr


def test_bad_rof_option_is_a_usage_error():
    result = runner.invoke(app, ["convert", str(CORONATION_T4), "--rof", "Laser"])
    assert result.exit_code == 2
