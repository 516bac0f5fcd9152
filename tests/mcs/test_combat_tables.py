"""Every cell of the MCS combat tables against a transcription typed separately from the seed's text (MCS
sections 2.0-5.7), roll by roll, so a slip in either shows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from shipyard.systems.mcs.combat import tables as t

# MCS 3.0: "VShort 1d (Easy) 0.5 x ... 1 x; Short 2d (Average) 1 x ... 2 x; Medium 3d (Formid.) 2 x ... 4 x;
# Long 4d (Stagger.) 4 x ... 8 x; Extreme 5d (Imposs.) 8 x ... 16x; Impact 1d3-1 0 x 0 x; Point Blank 1d3
# 0.25 x 0.5 x".
RANGES_TEXT = """
vs 1d6 0.5 1 Easy
s 2d6 1 2 Average
m 3d6 2 4 Formidable
l 4d6 4 8 Staggering
x 5d6 8 16 Impossible
impact 1d3-1 0 0 special
pb 1d3 0.25 0.5 special
"""

# MCS 5.3, typed roll by roll.
SURFACE = {
    3: "spinal",
    4: "bay",
    5: "launch port",
    6: "turret",
    7: "turret",
    8: "turret",
    9: "sensor",
    10: "sensor",
    11: "no effect",
    12: "no effect",
    13: "drop tanks",
    14: "drop tanks",
    15: "radiator",
    16: "radiator",
    17: "radiator",
    18: "weak spot",
}
SENSOR = {
    2: "communicator",
    3: "LIDAR",
    4: "LIDAR",
    5: "AEMS",
    6: "AEMS",
    7: "PEMS",
    8: "PEMS",
    9: "PEMS",
    10: "ECM",
    11: "ECM",
    12: "decoy",
}
# MCS 4.5: (C) marks crew casualties.
INTERIOR = {
    3: ("electronics", True),
    4: ("electronics", True),
    5: ("spinal", False),
    6: ("magazine", True),
    7: ("turret", False),
    8: ("bay", False),
    9: ("cargo/fittings", True),
    10: ("fuel", False),
    11: ("crew quarters", False),
    12: ("power plant", True),
    13: ("maneuver drive", True),
    14: ("jump drive", True),
    15: ("hangar", True),
    16: ("screens", True),
    17: ("special", True),
    18: ("special", True),
}
ELECTRONICS = {1: "bridge", 2: "fire control", 3: "fire control", 4: "computer", 5: "sensors", 6: "sensors"}
CARGO = {1: "cargo", 2: "cargo", 3: "fittings", 4: "fittings", 5: "fittings", 6: "fittings"}
SPECIAL = {
    1: "secondary explosion",
    2: "secondary explosion",
    3: "power spike",
    4: "life support",
    5: "structural",
    6: "structural",
}
# MCS 5.2: "0 or less No effect +1 to +3 Light damage +4 to +6 Heavy damage +7 to +8 Critical damage +9 2x
# Critical damage +10 3x Critical damage +11 4x Critical damage etc."
SEVERITY = {
    -5: ("none", 0),
    0: ("none", 0),
    1: ("light", 1),
    3: ("light", 1),
    4: ("heavy", 1),
    6: ("heavy", 1),
    7: ("critical", 1),
    8: ("critical", 1),
    9: ("critical", 2),
    10: ("critical", 3),
    11: ("critical", 4),
    14: ("critical", 7),
}
# MCS 4.4, the armour table: Pen - armour -> DV change, None no penetration.
ARMOUR = {-3: None, -1: None, 0: -3, 1: -2, 2: -1, 3: 0, 9: 0}
# MCS 3.0, squadron fire.
SQUADRON = {
    1: 0,
    2: 1,
    3: 1,
    4: 2,
    7: 2,
    8: 3,
    16: 3,
    17: 4,
    31: 4,
    32: 5,
    63: 5,
    64: 6,
    127: 6,
    128: 7,
    256: 7,
    512: 7,
}
# MCS Optional 5.5: "0-1 1 2 2 3 3 4 4 5 6 6 8 7 11 8 16 9 23 10 30 11 42 12 60 13 85 14 120 15 170 16 240".
SWARM_TEXT = "0-1 1 2 2 3 3 4 4 5 6 6 8 7 11 8 16 9 23 10 30 11 42 12 60 13 85 14 120 15 170 16 240"
# MCS Optional 5.1: "Impact 10.0 9.5 Point-Blank 11.5 11.0 Very Short 12.0 11.5 Short 12.5 12.0 Medium 13.0 12.5
# Long 13.5 13.0 Extreme 14.0 13.5".
LOCK = {
    "impact": ("10.0", "9.5"),
    "pb": ("11.5", "11.0"),
    "vs": ("12.0", "11.5"),
    "s": ("12.5", "12.0"),
    "m": ("13.0", "12.5"),
    "l": ("13.5", "13.0"),
    "x": ("14.0", "13.5"),
}
# MCS 2.0: "Green 1 7 Trained 2 9 Line 4 12 Crack 6 14 Elite 8 17".
CREW = {"green": (1, 7), "trained": (2, 9), "line": (4, 12), "crack": (6, 14), "elite": (8, 17)}
# MCS 4.5, crew casualties: light 1 per 5000 tons, heavy 1 per 2000, critical 2 per 1000.
CASUALTIES = {"light": (1, 5000), "heavy": (1, 2000), "critical": (2, 1000)}


def _band_rows():
    for line in RANGES_TEXT.strip().splitlines():
        key, dice, beam, meson, difficulty = line.split()
        yield key, dice, Fraction(beam), Fraction(meson), difficulty


@pytest.mark.parametrize("key, dice, beam, meson, difficulty", list(_band_rows()))
def test_range_bands(key, dice, beam, meson, difficulty):
    band = t.RANGE_BANDS[key]
    assert (band.dice_text, band.evasion_beam, band.evasion_meson, band.difficulty) == (dice, beam, meson, difficulty)


def test_beam_columns_follow_the_sheet_order():
    assert [t.RANGE_BANDS[k].column for k in ("vs", "s", "m", "l", "x", "pb", "impact")] == [0, 1, 2, 3, 4, 0, 0]
    assert t.RANGE_DISTANCE_HEXES["l"] == (21, 40) and t.RANGE_DISTANCE_HEXES["x"] == (41, 80)


@pytest.mark.parametrize("roll", range(3, 19))
def test_surface_locations(roll):
    assert t.lookup(t.SURFACE_LOCATIONS, roll) == SURFACE[roll]
    assert t.interior_location(roll) == INTERIOR[roll]


@pytest.mark.parametrize("roll", range(2, 13))
def test_sensor_systems(roll):
    assert t.lookup(t.SENSOR_SYSTEMS, roll) == SENSOR[roll]


@pytest.mark.parametrize("roll", range(1, 7))
def test_one_die_tables(roll):
    assert t.lookup(t.ELECTRONICS, roll) == ELECTRONICS[roll]
    assert t.lookup(t.CARGO_FITTINGS, roll) == CARGO[roll]
    assert t.lookup(t.SPECIAL_CRITICAL, roll) == SPECIAL[roll]


def test_freighters_roll_cargo_more_often():
    assert t.lookup(t.CARGO_FITTINGS, 4 + t.FREIGHTER_CARGO_DM) == "cargo"


@pytest.mark.parametrize("total", sorted(SEVERITY))
def test_severity(total):
    assert t.severity(total) == SEVERITY[total]


@pytest.mark.parametrize("margin", sorted(ARMOUR))
def test_armour_table(margin):
    assert t.penetration(14 + margin, 14) == ARMOUR[margin]


@pytest.mark.parametrize("ships", sorted(SQUADRON))
def test_squadron_rof(ships):
    assert t.squadron_rof(ships) == SQUADRON[ships]


def test_swarm_table():
    words = SWARM_TEXT.split()
    pairs = list(zip(words[::2], words[1::2], strict=True))
    for points, ships in pairs:
        low, _, high = points.partition("-")
        for made in range(int(low), int(high or low) + 1):
            assert t.swarm_hits(made) == int(ships)
    assert t.swarm_hits(30) == 240
    assert t.SWARM_MISSILE_PENALTY == -2


@pytest.mark.parametrize("band", sorted(LOCK))
def test_sensor_lock(band):
    passive, active = LOCK[band]
    assert t.SENSOR_LOCK[band] == (Fraction(passive), Fraction(active))


def test_sensor_lock_modifiers():
    modifiers = (t.SENSOR_TASK_BONUS, t.SINGLE_SENSOR_PENALTY, t.HIDING_SIGNATURE)
    assert modifiers == (Fraction(1, 2), Fraction(-1, 2), Fraction(-1, 2))
    assert (t.FORMIDABLE_DICE, t.STAGGERING_DICE, t.AVERAGE_DICE) == (3, 4, 2)


def test_crew_quality_and_casualties():
    assert t.CREW_QUALITY == CREW
    assert t.CREW_CASUALTIES == CASUALTIES
    assert (t.RADIATION_CASUALTIES, t.NO_VACC_SUIT_CASUALTIES, t.CREW_KILLED_ON) == (2, 2, 2)


def test_sequence_constants():
    """MCS 2.1-2.2 and 4.0: initiative 2d + tactics + 2 x maneuver G; evasion lowers G-tolerance by 1; missiles
    at VS, S and M strike in the same turn."""
    assert (t.INITIATIVE_DICE, t.INITIATIVE_MANEUVER_FACTOR, t.EVASION_TOLERANCE_LOSS) == (2, 2, 1)
    assert {"vs", "s", "m"} <= t.MISSILE_SAME_TURN and not t.MISSILE_SAME_TURN & {"l", "x"}
    assert (t.AIMING_SHORT_PENALTY, t.AIMING_NONE_PENALTY) == (-1, -2)


def test_missile_chart():
    rows = {k: (m.band, m.dice_text, m.skill_share, m.fire_control, m.evasion) for k, m in t.MISSILE_MODES.items()}
    assert rows == {
        "controlled": ("pb", "1d3", 1, "ship", None),
        "semi": ("pb", "1d3", Fraction(1, 2), "missile", Fraction(1, 4)),
        "full": ("pb", "1d3", 0, "missile", Fraction(1, 4)),
        "frag-semi": ("impact", "2d6", Fraction(1, 2), "missile", 2),
        "frag-full": ("impact", "2d6", 0, "missile", 2),
    }
    assert t.POINT_DEFENCE_SIDES == {"pb": 6, "impact": 3} and t.COUNTERMISSILE_SIDES == 6


def test_damage_effect_figures():
    """MCS 5.3 and 4.5, the figures of the effects, as the seed words them."""
    assert t.SURFACE_BATTERY_LOSS == {"light": 1, "heavy": 3, "critical": None}
    assert t.SPINAL_APERTURE_LOSS == {"light": 0, "heavy": 2, "critical": 3}
    assert {"light": Fraction(-1, 2), "heavy": -1, "critical": None} == t.SENSOR_SENSITIVITY_LOSS
    assert {"light": Fraction(-1, 2), "heavy": -1, "critical": -2} == t.ALL_SENSORS_LOSS
    assert {"light": (Fraction(1, 2), 0), "heavy": (1, -1), "critical": (1, -2)} == t.RADIATOR
    assert t.RADIATOR_IR_LIMIT == 2 and t.WEAK_SPOT_ARMOUR == -6
    assert t.LAUNCH_TONS_PER_LOSS == {"light": 10000, "heavy": 2000} and t.LAUNCH_SMALL_SHIP_TONS == 5000
    assert t.MFD_TONS_PER_LOSS == {"light": 10000, "heavy": 1000} and t.FIRE_CONTROL_HEAVY == -1
    assert t.MAGAZINE_LOSS_PERCENT == {"light": 10, "heavy": 25, "critical": 100}
    assert {"light": Fraction(1, 100), "heavy": Fraction(1, 10), "critical": 1} == t.CARGO_LOSS
    assert t.FITTINGS_TONS_PER_LOSS == {"light": 10000, "heavy": 5000}
    assert {"light": Fraction(1, 1000), "heavy": Fraction(1, 100), "critical": Fraction(1, 10)} == t.FUEL_LOSS
    assert Fraction(1, 100) == t.FUEL_POWER_ONLY_CRITICAL
    assert {"light": Fraction(1, 100), "heavy": Fraction(1, 10), "critical": 1} == t.HANGAR_LOSS
    assert t.QUARTERS_LOSS_PERCENT == {"light": 1, "heavy": 10, "critical": 100}
    assert t.SCREEN_LOSS == {"light": 1, "heavy": 3, "critical": None}
    assert t.DRIVE_LOSS == {"light": (1, True), "heavy": (1, False), "critical": (None, False)}
    assert t.JUMP_LOSS == {"light": 0, "heavy": 1, "critical": None}
    assert (t.LIFE_SUPPORT_HEAVY, t.LIFE_SUPPORT_CRITICAL_TOLERANCE) == (-1, 2)
    assert (t.STRUCTURAL_ACCEL, t.STRUCTURAL_ARMOUR, t.STRUCTURAL_TOUGHNESS) == (-1, -1, -1)
    assert t.ARRAY_TONS_PER_LOSS == {"light": None, "heavy": 5000, "critical": 1000}
    assert t.ARRAY_SMALL_SHIP_TONS == 1000 and t.ARRAY_DAMAGED_SENSITIVITY == -3
    assert (t.SECONDARY_HITS, t.SECONDARY_HITS_CRITICAL) == (2, 3)
    assert (t.SCREEN_FAILURE, t.SCREEN_SPECTACULAR) == (-3, 3)
    assert t.SPREAD_DAMAGE_PER_ROF == 2 and t.PC_SURVIVABILITY_DIE == 3
    assert set(t.SURFACE_EFFECTS) == set(SURFACE.values())


def test_one_crew_quality_table():
    """MCS 1.0's table is kept once (``charts.CREW_QUALITY``); combat's, the reader's names, the fire log's and
    the engagement's choices and the command line's are that table's names."""
    from typing import get_args

    from shipyard.systems.mcs import charts
    from shipyard.systems.mcs.cli import Quality
    from shipyard.systems.mcs.combat.battle import ShipRef
    from shipyard.systems.mcs.combat.log import Quality as LogQuality
    from shipyard.systems.mcs.keys import CREW_QUALITIES

    names = tuple(name.lower() for name in charts.CREW_QUALITY)
    assert {name.lower(): figures for name, figures in charts.CREW_QUALITY.items()} == t.CREW_QUALITY
    assert CREW_QUALITIES == names == get_args(LogQuality) == tuple(q.value for q in Quality)
    assert get_args(t.Quality) == names and LogQuality is t.Quality
    assert get_args(ShipRef.model_fields["crew"].annotation) == (t.Quality, type(None))
