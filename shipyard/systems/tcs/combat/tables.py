"""The High Guard (1980) combat tables, as data (docs/sources.md: High Guard combat tables; TCS 1982).

Every table is written as the two transcriptions print it (PL, RB; docs/tcs-combat.md, "Sources"); where they
disagree, the default reading's cells are here and the other reading's cells beside them under the option's name
(docs/tcs-combat.md, "Readings"). Factors are eHex numbers (A = 10 ... T = 27, no I or O); a row tuple's first
entry is factor 1 (turrets and bays) or A (spinal mounts). Every roll is 2D + DMs, succeeding at the number or
above.
"""

from __future__ import annotations

from types import MappingProxyType

#: The factors of spinal mounts (eHex A-T as numbers); turrets and bays are 1 to MOST_BAY_FACTOR.
SPINAL_FACTORS = range(10, 28)
#: The highest factor of a missile, beam, sandcaster, damper or repulsor battery (the tables stop there).
MOST_BAY_FACTOR = 9

# HG'80 combat, to-hit tables by factor (reference §3.1; PL and RB agree in every cell): turrets and bays 1-9.
TO_HIT_BAY = MappingProxyType(
    {
        "missile": (6, 6, 5, 5, 4, 4, 3, 3, 2),
        "beam": (8, 7, 7, 6, 6, 5, 5, 4, 4),  # beam and pulse lasers, energy weapons (plasma, fusion guns)
        "meson": (9, 9, 8, 7, 7, 7, 6, 6, 6),
        "particle_accelerator": (9, 8, 7, 7, 6, 6, 5, 5, 4),
    }
)
# HG'80 combat, to-hit tables of spinal mounts A-T (reference §3.1; PL and RB agree in every cell).
TO_HIT_SPINAL = MappingProxyType(
    {
        "meson": (5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4),
        "particle_accelerator": (3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0),
    }
)

# HG'80 combat, target size DM by hull size code (reference §3.4): (lowest code, DM), by reading. "rb": L +1,
# Q and larger +2; "pl": L 0, M-Q +1, R and larger +2. Codes 0, 1-A, B-K and P agree.
SIZE_DM = MappingProxyType(
    {
        "rb": ((0, -2), (1, -1), (11, 0), (20, 1), (24, 2)),
        "pl": ((0, -2), (1, -1), (11, 0), (21, 1), (25, 2)),
    }
)

# HG'80 combat, range DMs to hit (reference §3.3): (long, short); None: the weapon cannot fire at that range.
# Beam lasers: -1 at long by default, at short by the reading laser_range_dm = short (RB); pulse lasers as beams.
RANGE_DM = MappingProxyType(
    {
        "missile": (0, -1),
        "laser": (-1, 0),
        "pulse_laser": (-1, 0),
        "energy": (None, 0),
        "meson": (0, 2),
        "particle_accelerator": (0, 0),
    }
)
#: The laser range DMs of the reading laser_range_dm = short (RB): (long, short).
LASER_RANGE_DM_SHORT = (0, -1)

# HG'80 combat, penetration by formula (reference §4.1-4.4): number = base + defending factor - attacking factor.
# Missile vs sandcaster and vs beam point defence (PL misa = mibe, RB to_penetrate_sob): 5.
MISSILE_VS_SAND_OR_BEAM = 5
# Missile vs repulsor (PL mire, RB to_penetrate_repulsor): 15.
MISSILE_VS_REPULSOR = 15
# Missile vs nuclear damper (PL mind; RB its factor-1 row): 10. Nuclear missiles only.
MISSILE_VS_DAMPER = 10
# Beam weapon vs sandcaster: 6 (PL besa), or 8 by the reading beam_sand_base = 8 (RB BeamWeapon#to_penetrate).
BEAM_VS_SAND = MappingProxyType({6: 6, 8: 8})

# HG'80 combat, DMs to penetrate (reference §4.8, §6 row 14): +2 for an energy weapon's roll against sandcasters
# (RB), or for a missile's roll against an energy weapon's point defence (COTI-Q's reading).
ENERGY_PENETRATION_DM = 2

# HG'80 combat, meson gun vs meson screen (reference §4.5, PL mesc; its row 1 equals RB in all 27 cells): rows are
# screen factors 1-9, columns the bay factors 1-9 ...
MESON_SCREEN_BAY = (
    (16, 15, 15, 14, 14, 13, 13, 12, 12),
    (16, 15, 15, 14, 14, 13, 13, 12, 12),
    (17, 16, 16, 15, 15, 14, 14, 13, 13),
    (17, 16, 16, 15, 15, 14, 14, 13, 13),
    (18, 17, 17, 16, 16, 15, 15, 14, 14),
    (18, 17, 17, 16, 16, 15, 15, 14, 14),
    (19, 18, 18, 17, 17, 16, 16, 15, 15),
    (19, 18, 18, 17, 17, 16, 16, 15, 15),
    (20, 19, 19, 18, 18, 17, 17, 16, 16),
)
# ... and the spinal factors A-T.
MESON_SCREEN_SPINAL = (
    (9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1),
    (10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1),
    (10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2),
    (11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2),
    (11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 3),
    (12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3),
    (12, 12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4),
    (13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5, 4),
    (13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8, 7, 7, 6, 6, 5, 5),
)

# HG'80 combat, meson gun vs hull configuration (reference §4.6, PL meco; cells where PL and RB differ hold the
# default reading, the other below): rows are configurations 1-9, columns the bay factors 1-9 ...
MESON_CONFIGURATION_BAY = (
    (12, 12, 12, 11, 11, 11, 10, 10, 10),  # 1 needle/wedge
    (11, 11, 10, 10, 10, 9, 9, 9, 8),  # 2 cone (PL)
    (10, 9, 9, 9, 8, 8, 8, 7, 7),  # 3 cylinder
    (7, 7, 6, 6, 6, 5, 5, 5, 4),  # 4 close structure
    (6, 5, 5, 5, 4, 4, 4, 3, 3),  # 5 sphere
    (8, 8, 8, 7, 7, 7, 6, 6, 6),  # 6 flattened sphere (PL)
    (15, 15, 14, 14, 14, 13, 13, 13, 12),  # 7 dispersed structure
    (4, 4, 4, 3, 3, 3, 2, 2, 2),  # 8 planetoid
    (14, 13, 13, 13, 12, 12, 12, 11, 11),  # 9 buffered planetoid
)
# ... and the spinal factors A-T.
MESON_CONFIGURATION_SPINAL = (
    (8, 8, 8, 7, 7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3),
    (7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1),
    (6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0),
    (3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0),  # 6 flattened sphere (RB)
    (11, 11, 10, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7, 7, 6, 6, 6, 5),
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (10, 9, 9, 9, 8, 8, 8, 7, 7, 7, 6, 6, 6, 5, 5, 5, 4, 4),
)
# The other readings' rows (reference §6 rows 8-10): RB's bay rows of configurations 2 and 6, PL's spinal row of 6.
MESON_CONFIGURATION_OTHER = MappingProxyType(
    {
        ("meson_cfg2_bays", "rb"): (2, "bay", (10, 10, 10, 9, 9, 9, 8, 8, 8)),
        ("meson_cfg6_bays", "rb"): (6, "bay", (8, 7, 7, 7, 6, 6, 6, 5, 5)),
        ("meson_cfg6_spinals", "pl"): (6, "spinal", (5, 5, 5, 4, 4, 4, 3, 3, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0)),
    }
)
# RB's spinal formulas where the printed cell is 0 and RB's goes below (reference §6 row 13): configuration ->
# (c, k), number = c - floor((factor - k) / 3).
MESON_CONFIGURATION_SPINAL_UNFLOORED = MappingProxyType({4: (3, 9), 5: (2, 8)})

# HG'80 combat, damage tables by modified roll 2-21 (reference §5.3-5.5, RB's rows; 22 and more: no effect; below
# 2 by the reading below_two). Surface explosion (rows 2-12 PL = RB; 13-21 RB, with COTI, TML and MT witnesses):
SURFACE = (
    "Critical hit",
    "Interior explosion",
    "Interior explosion",
    "Interior explosion",
    "Maneuver-2",
    "Fuel-3",
    "Weapon-3",
    "Maneuver-1",
    "Fuel-2",
    "Weapon-2",
    "Maneuver-1",
    "Fuel-1",
    "Weapon-1",
    "Weapon-1",
    "Fuel-1",
    "Weapon-1",
    "Weapon-1",
    "Fuel-1",
    "Weapon-1",
    "Weapon-1",
)
# Radiation damage (rows 2-14 PL = RB; 15-21 RB).
RADIATION = (
    "Critical hit",
    "Crew-1",
    "Computer-4",
    "Crew-1",
    "Computer-3",
    "Crew-1",
    "Computer-2",
    "Computer-2",
    "Weapon-4",
    "Computer-2",
    "Weapon-3",
    "Computer-1",
    "Weapon-2",
    "Computer-1",
    "Weapon-2",
    "Weapon-1",
    "Weapon-1",
    "Weapon-1",
    "Weapon-1",
    "Weapon-1",
)
# Interior explosion (RB; PL's list read one roll earlier is the same in every row).
INTERIOR = (
    "Critical hit",
    "Critical hit",
    "Critical hit",
    "Fuel tanks shattered",
    "Computer-2",
    "Screens-3",
    "Jump-2",
    "Power plant-2",
    "Crew-1",
    "Computer-1",
    "Screens-2",
    "Jump-1",
    "Power plant-1",
    "Computer-1",
    "Screens-1",
    "Jump-1",
    "Power plant-1",
    "Screens-1",
    "Jump-1",
    "Power plant-1",
)
DAMAGE_TABLES = MappingProxyType({"surface": SURFACE, "radiation": RADIATION, "interior": INTERIOR})
#: The lowest and highest modified rolls a damage table lists (higher: no effect).
TABLE_LOWEST = 2
TABLE_HIGHEST = 21
NO_EFFECT = "No effect"
CRITICAL = "Critical hit"
INTERIOR_EXPLOSION = "Interior explosion"

# HG'80 combat, the critical hit table, 2D with no DM, rolls 2-12 (reference §5.6): RB's order (the default), and
# COTI's revised order (the reading critical_order = coti, with Crew-1 at 12 as the one change of results).
CRITICALS = MappingProxyType(
    {
        "rb": (
            "Ship vaporized",
            "Bridge destroyed",
            "Computer destroyed",
            "Maneuver drive disabled",
            "One screen disabled",
            "Jump drive disabled",
            "Hangars / boat deck destroyed",
            "Power plant disabled",
            "Crew-1",
            "Spinal mount / fire control out",
            "Frozen watch / ship's troops dead",
        ),
        "coti": (
            "Ship vaporized",
            "Jump drive disabled",
            "Maneuver drive disabled",
            "One screen disabled",
            "Frozen watch / ship's troops dead",
            "Bridge destroyed",
            "Hangars / boat deck destroyed",
            "Computer destroyed",
            "Power plant disabled",
            "Spinal mount / fire control out",
            "Crew-1",
        ),
    }
)

# HG'80 combat, what a penetrating hit rolls (reference §5.1, RB's roll_damage with the witnesses named there):
# weapon -> (tables rolled as one set, whether armour counts, the DM added besides armour).
DAMAGE_ROLLS = MappingProxyType(
    {
        "missile_nuclear": (("surface", "radiation"), True, 0),
        "missile_he": (("surface",), True, 6),
        "laser": (("surface",), True, 6),
        "pulse_laser": (("surface",), True, 4),
        "energy": (("surface",), True, 6),
        "particle_accelerator": (("surface", "radiation"), True, 6),
        "particle_accelerator_spinal": (("surface", "radiation"), True, 0),
        "meson": (("radiation", "interior"), False, 6),
        "meson_spinal": (("radiation", "interior"), False, 0),
    }
)
#: A particle accelerator spinal mount's sets of rolls: 1 + max(0, factor - PA_SPINAL_SETS_LESS - armour) (TML97:
#: K against armour 6 rolls 5 pairs, against armour 9 rolls 2).
PA_SPINAL_SETS_LESS = 9
#: A meson spinal mount's sets of rolls: factor - MESON_SPINAL_SETS_LESS (A 2 ... T 19; COTI-M, TML94).
MESON_SPINAL_SETS_LESS = 8
#: Automatic critical hits: factor - size code - floor(armour / ARMOUR_PER_CRITICAL) (mesons: armour ignored;
#: reference §5.2, "reduced by one for each two armour factors").
ARMOUR_PER_CRITICAL = 2

# TCS 1982, Rules modifications 1 (missiles): a turret launcher fires one missile a turn and a turret holds 30 (a
# triple turret fires 10 turns, a double 15, a single 30); a bay holds 30 turns. Where a sheet does not say how
# many launchers a turret holds, three (the fewest turns) are assumed.
MISSILES_A_TURRET = 30
MISSILE_BAY_TURNS = 30
MISSILES_ASSUMED_A_TURRET = 3

# TCS 1982, Rules modifications 3: a natural 12 to hit or to penetrate is re-rolled with +6; a natural 2 on the
# surface or radiation table is re-rolled with the armour DM 6 less (never below 0).
REROLL_NATURAL = 12
REROLL_BONUS = 6
DAMAGE_REROLL_NATURAL = 2
DAMAGE_REROLL_ARMOUR = 6
DAMAGE_REROLL_TABLES = ("surface", "radiation")
# TCS 1982, Tactical details 3 (concentrated fire): +1 to hit, to-hit modifiers one further from zero, -1 on every
# damage roll, short range always.
CONCENTRATED_TO_HIT = 1
CONCENTRATED_DAMAGE = -1
# TCS 1982, Rules modifications 10: a ship using emergency agility has -2 on its offensive (missile) fire.
EMERGENCY_AGILITY_MISSILE_DM = -2

# HG'80 combat, "spinal mount / fire control out" (reference §5.7, RB): the spinal mount is out with this chance,
# else every other battery.
FIRE_CONTROL_SPINAL_SHARE = 0.5

# HG'80 combat, initiative (reference §2 step 2, RB, UNSURE): 2D each, +1 to the side whose least agile ship is
# more agile, +1 to the side with more ships; ties rolled again. TCS82 Tactical details 4: fleet agility counts the
# ships of the battle and reserve lines.
INITIATIVE_MORE_AGILE = 1
INITIATIVE_MORE_SHIPS = 1

# TCS 1982, Tournament procedure 1: "The tournament battles will be limited to 40 turns."
MOST_TURNS = 40

# HG'80 combat, battery bearing where a sheet prints no bearing line (RB only; reference §2 step 5, §6 row 23):
# every battery bears up to size K; from L, BEARING_STEP_PERCENT less a code, down to BEARING_LEAST_PERCENT.
BEARING_FULL_TO_CODE = 19
BEARING_STEP_PERCENT = 5
BEARING_LEAST_PERCENT = 50


def size_dm(code: int, reading: str = "rb") -> int:
    """The to-hit DM of a target of hull size ``code`` (0-9, A = 10, ...)."""
    return [dm for lowest, dm in SIZE_DM[reading] if code >= lowest][-1]


def bearing_share(code: int) -> int:
    """The percentage of a ship's batteries that bear, by its size code, where the sheet prints no bearing line."""
    return max(BEARING_LEAST_PERCENT, 100 - BEARING_STEP_PERCENT * max(0, code - BEARING_FULL_TO_CODE))


def table_result(table: str, roll: int, below_two: str = "critical") -> str:
    """The result of a modified ``roll`` on a damage table; below 2: a critical hit, or none by the reading."""
    if roll < TABLE_LOWEST:
        return DAMAGE_TABLES[table][0] if below_two == "critical" else NO_EFFECT
    if roll > TABLE_HIGHEST:
        return NO_EFFECT
    return DAMAGE_TABLES[table][roll - TABLE_LOWEST]
