"""Every sample sheet of the MCS seed (MCS section 6 and the combat example) read faithfully.

The expected values are the seed's own figures, quoted from its text.
"""

from __future__ import annotations

from decimal import Decimal

from conftest import FIXTURES

from shipyard.core.diagnostics import Severity
from shipyard.core.pipeline import load_sheet

MCS = FIXTURES / "mcs"


def ship(name: str):
    sheet = load_sheet(MCS / name)
    assert sheet.readable, [d.format() for d in sheet.diagnostics]
    assert len(sheet.ships) == 1
    return sheet.ships[0]


def pd(pairs):
    return [None if p is None else (p.pen, p.dam) for p in pairs]


def test_every_mcs_fixture_parses_without_errors():
    files = sorted(MCS.glob("*.usd"))
    assert len(files) == 11
    for path in files:
        sheet = load_sheet(path)
        assert sheet.readable, (path, [d.format() for d in sheet.diagnostics])
        assert sheet.ships, path


def test_midu_agashaan():
    s = ship("midu-agashaan.usd")
    assert (s.class_name, s.tl, s.ship_type) == ("Midu Agashaan", 15, "DD")
    assert s.displacement == 3000 and s.mass == 33381 and s.cost_mcr == 3759
    assert (s.size, s.armour, s.toughness, s.maneuver, s.jump, s.power) == (5, 11, 10, 6, 4, [10])
    assert (s.g_tolerance, s.jump_fuel, s.cargo, s.crew, s.troops, s.passengers) == (8, 1200, 19, 52, 10, 3)
    assert [(c.count, c.model) for c in s.computers] == [(10, "Fib")]
    assert [(x.kind, x.count, x.sensitivity) for x in s.sensors] == [
        ("PEMS", 1, 14),
        ("AEMS", 1, 12),
        ("LIDAR", 4, 15.5),
        ("LIDAR", 1, 13.5),
        ("LIDAR", 1, 11.5),
    ]
    assert (s.signature.vis, s.signature.ir, s.signature.active, s.signature.lidar) == (-1, 0, 0, -0.5)
    assert s.fire_control == 6 and s.fire_control_note == "all batteries"
    lasers, paw = s.beam_batteries
    assert (lasers.count, lasers.name, lasers.rof, lasers.point_defence) == (4, "Laser Battery", 3, 5)
    assert pd(lasers.ranges) == [(15, 10)] * 5
    assert (lasers.mounting.count, lasers.mounting.kind) == (2, "turret")
    assert (paw.count, paw.name, paw.rof, pd(paw.ranges)) == (1, "Spinal PAW", 1, [(15, 15)] * 5)
    (barbettes,) = s.missile_batteries
    assert (barbettes.count, barbettes.salvo_rating, barbettes.pen, barbettes.dam) == (4, 2, 18, 12)
    assert (barbettes.size_evade, barbettes.salvos, barbettes.missiles_per_salvo, barbettes.salvos_in_cargo) == (
        -6,
        3,
        2,
        12,
    )
    (sand,) = s.sandcasters
    assert (sand.count, sand.screen, sand.armour, sand.canisters) == (3, -2, 12, 30)
    (damper,) = s.dampers
    assert (damper.count, damper.point_defence) == (2, 1)
    assert s.meson_screen == 14
    assert s.notes[-1].text == "2x50 ton cutters in minimal hangers."


def test_drachen_jaeger():
    s = ship("drachen-jaeger.usd")
    assert s.class_name == "MF357B Drachen Jaeger Class Heavy Fighter"
    assert (s.tl, s.ship_type, s.displacement, s.cost_mcr, s.mass) == (12, "FH", 37, 90, 931)
    assert (s.size, s.armour, s.armour_mark, s.toughness) == (2, 8, "*", 4)
    assert (s.maneuver, s.jump, s.power, s.g_tolerance) == (7, 0, [10], 6)
    assert (s.cargo, s.cargo_unit) == (32, "m3")
    assert s.fire_control == 4
    (laser,) = s.beam_batteries
    assert pd(laser.ranges) == [(16, 10), (16, 10), (16, 10), (15, 9), (13, 7)]
    assert (laser.point_defence, laser.mounting.count, laser.mounting.kind) == (2, 1, "weapon")
    (rack,) = s.missile_batteries
    assert (rack.name, rack.salvo_rating, rack.pen, rack.dam, rack.size_evade) == ("FIM rack", 1, 17, 11, -5)
    assert (rack.salvos, rack.missiles_per_salvo) == (3, 1)
    # The component-armour line repeats the Armour key: the hull value stays, the line is a note.
    assert any(n.text.startswith("Armour: 11 component armour") for n in s.notes)


def test_drachen_jaeger_second_armour_is_reported():
    sheet = load_sheet(MCS / "drachen-jaeger.usd")
    (twice,) = [d for d in sheet.diagnostics if d.code == "USD105"]
    assert (twice.span.line, twice.severity) == (15, Severity.WARNING)


def test_kuvasz():
    s = ship("kuvasz.usd")
    assert (s.class_name, s.tl, s.ship_type, s.displacement) == ("Kuvasz", 12, "FFE", 500)
    assert (s.size, s.armour, s.toughness, s.maneuver, s.jump) == (4, 14, 9, 3, 2)
    assert s.power == [3, 2]
    assert [(x.kind, x.count, x.sensitivity, x.suffix) for x in s.sensors][-2:] == [
        ("LIDAR", 1, 13.5, "t"),
        ("LIDAR", 1, 14.0, "s"),
    ]
    first, second = s.beam_batteries
    assert (first.count, first.rof, pd(first.ranges), first.point_defence) == (
        2,
        -1,
        [(14, 9), (14, 9), (14, 9), (12, 7), (10, 5)],
        1,
    )
    assert (second.rof, pd(second.ranges), second.point_defence) == (2, [(13, 9), (13, 9), (11, 7), (9, 5), None], 4)
    (bays,) = s.missile_batteries
    assert (bays.count, bays.pen, bays.dam, bays.size_evade, bays.salvos, bays.missiles_per_salvo) == (
        2,
        16,
        10,
        -8,
        6,
        2,
    )
    (sand,) = s.sandcasters
    assert (sand.screen, sand.armour, sand.canisters) == (-1, 12, 10)
    assert s.weapons[2].max_range == "very short"  # "only useable at Very Short range or less", under the bays
    assert s.notes[0].text.startswith("Escort/anti-fighter frigate. Two power plants - 1170 MW")


def test_scout_advanced():
    s = ship("scout-advanced.usd")
    assert (s.class_name, s.tl, s.ship_type, s.displacement) == ("Scout (Advanced)", 12, "S2", 100)
    assert (s.size, s.armour, s.toughness, s.maneuver, s.jump, s.power) == (2, 14, 4, 2, 2, [3])
    assert [(c.count, c.model) for c in s.computers] == [(3, "Std")]
    assert [(x.kind, x.count, x.sensitivity, x.suffix) for x in s.sensors] == [
        ("PEMS", 1, 13.5, "s"),
        ("AEMS", 1, 11.5, ""),
        ("LIDAR", 1, 14.5, ""),
        ("Grav", None, 7.5, ""),
        ("Neut", None, 8.0, ""),
    ]
    # "IR:-0.5Active: -0.5": no space between a value and the next key.
    assert (s.signature.vis, s.signature.ir, s.signature.active, s.signature.lidar) == (-1.5, -0.5, -0.5, -0.5)
    (laser,) = s.beam_batteries
    assert (laser.rof, pd(laser.ranges), laser.point_defence) == (-1, [(13, 8), (13, 8), (11, 7), (9, 5), None], 0)
    assert len(s.notes) == 3


def test_free_trader():
    s = ship("free-trader.usd")
    assert (s.class_name, s.tl, s.ship_type, s.displacement, s.cargo, s.passengers) == (
        "Free Trader",
        12,
        "A1",
        200,
        90,
        6,
    )
    assert (s.size, s.armour, s.toughness, s.maneuver, s.jump, s.power, s.g_tolerance) == (3, 9, 5, 1, 1, [2], 3)
    (laser,) = s.beam_batteries
    assert (laser.name, laser.rof, laser.point_defence) == ("Laser turret", 0, 1)
    assert pd(laser.ranges) == [(13, 7), (13, 7), (11, 5), (10, 4), (8, 2)]
    (sand,) = s.sandcasters
    assert (sand.screen, sand.armour, sand.canisters) == (-1, 8, 30)


def test_rampart_15():
    s = ship("rampart-15.usd")
    assert (s.class_name, s.tl, s.ship_type, s.displacement, s.cost_mcr, s.mass) == (
        "Rampart-15 Light Fighter",
        15,
        "FL",
        10,
        63,
        218,
    )
    assert (s.size, s.armour, s.toughness, s.maneuver, s.power, s.g_tolerance) == (0, 10, 2, 6, [25], 8)
    assert s.sensors[-1].suffix == "scan"
    assert [(j.kind, j.rating) for j in s.ecm] == [("PassDJam", 14), ("AEMSDJam", 11)]
    (laser,) = s.beam_batteries
    assert (laser.rof, laser.point_defence, laser.mounting.count, laser.mounting.kind) == (4, 6, 3, "weapon")
    assert pd(laser.ranges) == [(11, 8), (11, 8), (9, 6), (8, 3), (4, 1)]


def test_zhodani_patrol_corvette():
    s = ship("zhodani-patrol-corvette.usd")
    assert (s.class_name, s.tl, s.ship_type, s.displacement, s.cost_mcr, s.mass) == (
        "Zhodani Patrol Corvette",
        14,
        "PC",
        300,
        480,
        5064,
    )
    assert (s.size, s.armour, s.toughness, s.maneuver, s.jump, s.power) == (3, 10, 8, 5, 3, [10])
    assert s.cargo == Decimal("1.5")
    (laser,) = s.beam_batteries
    assert (laser.count, laser.rof, laser.point_defence) == (3, 2, 4)
    assert pd(laser.ranges) == [(14, 10), (14, 10), (14, 10), (12, 8), (10, 6)]


def test_zhodani_strike_cruiser():
    s = ship("zhodani-strike-cruiser.usd")
    assert (s.class_name, s.tl, s.displacement, s.cost_mcr, s.mass) == (
        "Zhodani Strike Cruiser",
        14,
        10000,
        13040,
        171182,
    )
    assert (s.size, s.armour, s.toughness, s.maneuver, s.jump, s.power) == (6, 16, 13, 4, 3, [11])
    assert [(c.count, c.model) for c in s.computers] == [(31, "Fib")]
    assert [(j.kind, j.rating) for j in s.ecm] == [("PEMSDJam", 15), ("AEMSDJam", 12), ("AEMSAreaJam", 12)]
    lasers, xlasers, tpaw, meson = s.beam_batteries
    assert (lasers.count, lasers.point_defence, lasers.mounting.count) == (8, 6, 10)
    assert (xlasers.name, xlasers.rof, pd(xlasers.ranges)) == ("XLaser Battery", 1, [(15, 15)] * 5)
    assert (tpaw.mounting.count, tpaw.mounting.kind) == (1, "bay")
    assert pd(meson.ranges) == [(14, 14), None, None, None, None]
    (bays,) = s.missile_batteries
    assert (
        bays.count,
        bays.salvo_rating,
        bays.pen,
        bays.dam,
        bays.size_evade,
        bays.salvos,
        bays.missiles_per_salvo,
    ) == (5, 7, 19, 13, -7, 4, 64)
    (sand,) = s.sandcasters
    assert (sand.count, sand.screen, sand.armour, sand.canisters, sand.mounting.count) == (4, -2, 15, 10, 7)
    (dampers,) = s.dampers
    assert (dampers.count, dampers.point_defence, dampers.mounting.count) == (3, 3, 4)
    assert s.meson_screen == 15


def test_coronation_combat_example():
    s = ship("coronation.usd")
    assert (s.class_name, s.description, s.tl) == ("Coronation", "Royal-class BB", 12)
    assert (s.displacement, s.crew, s.size, s.armour, s.toughness) == (90000, 2838, 8, 13, 17)
    assert (s.maneuver, s.jump, s.power, s.fire_control) == (1, 3, [5], 4)
    assert (s.crew_quality.quality, s.crew_quality.skill, s.crew_quality.skill_attribute) == ("Crack", 6, 14)
    assert s.range_header == ["VS", "S", "M", "L", "X"]
    spinal, _bays, pd_lasers, heavy, light = s.beam_batteries
    assert pd(spinal.ranges) == [(18, 18), (18, 18), (16, 16), (15, 15), (13, 13)]
    assert pd(pd_lasers.ranges) == [(14, 15), (14, 15), (8, 9), None, None]
    assert (pd_lasers.rof, pd_lasers.point_defence, pd_lasers.mounting.count) == (2, 5, 10)
    assert (heavy.point_defence, heavy.mounting.count, light.count, light.mounting.count) == (3, 5, 30, 9)
    (missiles,) = s.missile_batteries
    assert (missiles.count, missiles.salvo_rating, missiles.pen, missiles.dam, missiles.missiles_per_salvo) == (
        5,
        5,
        17,
        11,
        20,
    )
    (sand,) = s.sandcasters
    assert (sand.count, sand.screen, sand.armour, sand.canisters, sand.mounting.count) == (5, -1, 14, 50, 10)
    assert s.meson_screen == 15


def test_coronation_summary_sheet():
    s = ship("coronation-summary.usd")
    assert (s.class_name, s.tl, s.ship_type, s.displacement) == ("Coronation", 12, "BB", 90000)
    assert (s.g_tolerance, s.jump_fuel, s.cargo, s.crew, s.troops, s.passengers) == (4, 27000, 910, 2838, 450, 0)
    assert [(x.kind, x.count, x.sensitivity) for x in s.sensors] == [
        ("PEMS", 2, 14),
        ("AEMS", 2, 11),
        ("LIDAR", 3, 14.5),
    ]
    (missiles,) = s.missile_batteries
    assert (missiles.salvos, missiles.missiles_per_salvo) == (4, 16)
    assert len(s.beam_batteries) == 5 and s.meson_screen == 15


def test_hollyfields():
    s = ship("hollyfields.usd")
    assert (s.class_name, s.description, s.tl) == ("Hollyfields", "Lineman-class Light Cruiser", 11)
    assert (s.displacement, s.crew, s.size, s.armour, s.toughness) == (15000, 789, 6, 14, 15)
    assert (s.maneuver, s.jump, s.power) == (Decimal("1.3"), 2, [7])
    assert s.fire_control == 3  # written "Fire Cotnrol" on the sheet
    assert [(x.kind, x.count, x.sensitivity) for x in s.sensors] == [
        ("PEMS", 1, 13),
        ("AEMS", 1, 11),
        ("LIDAR", 1, 15),
        ("LIDAR", 2, 12.5),
    ]
    _paw, bays, light = s.beam_batteries
    assert (bays.count, bays.name, bays.rof, bays.point_defence, bays.mounting.kind) == (5, "Laser Bay", 3, 5, "bay")
    assert pd(light.ranges) == [(13, 12), (13, 12), None, None, None]
    (missiles,) = s.missile_batteries
    assert (missiles.salvo_rating, missiles.salvos, missiles.missiles_per_salvo) == (4, 3, 12)


def test_hollyfields_typo_is_a_did_you_mean_warning():
    sheet = load_sheet(MCS / "hollyfields.usd")
    (typo,) = [d for d in sheet.diagnostics if d.code == "USD103"]
    assert (typo.span.line, typo.span.col, typo.severity) == (7, 1, Severity.WARNING)
    assert "did you mean 'Fire Control'" in typo.message


def test_t4_coronation():
    sheet = load_sheet(FIXTURES / "mcs" / "t4" / "coronation-t4.usd")
    assert sheet.readable
    (s,) = sheet.ships
    assert s.edition == "t4"
    assert (s.displacement, s.mass, s.armour, s.missile_launchers, s.sandcaster_count, s.meson_screen) == (
        90000,
        1200000,
        50,
        20,
        50,
        15,
    )
    spinal, bays, pd_turrets, heavy, light = s.t4_weapons
    assert (spinal.count, spinal.name, spinal.fire_control, spinal.figure, spinal.values) == (
        1,
        "Spinal Meson",
        4,
        2,
        (14, 11, 9, 6),
    )
    assert bays.values == (8, 5, 3, 2)
    assert (pd_turrets.values, pd_turrets.per_battery) == ((10, 2, 0, 0), 10)
    assert (heavy.values, heavy.per_battery, light.values, light.per_battery) == ((12, 12, 12, 9), 5, (7, 7, 4, 2), 9)
