"""The High Guard (Book 5, 1980) design tables as data, with the TCS 1981/1982 corrections.

Source: High Guard (a checked collection: HG'80 page numbers via TTG, High Guard Shipyard's
tables, the Ruby TCS model), and TCS82 (TCS 1982 rules clarifications) where it speaks. Each table is
here once with its section. Where High Guard marks a value UNSURE, the reading taken is said beside it.
"""

from __future__ import annotations

import re
from decimal import ROUND_FLOOR, Decimal
from typing import NamedTuple

D = Decimal

# High Guard (eHex): eHex digits (no I, no O).
EHEX = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def ehex(value: int) -> str:
    return EHEX[value] if 0 <= value < len(EHEX) else str(value)


def ehex_value(digit: str) -> int | None:
    index = EHEX.find(digit.upper())
    return index if index >= 0 else None


# High Guard (p. 23, hull size): hull size code by tonnage (lower bound, code). 0-9 in hundreds, A-J in thousands.
# Y: TTG/RB read 1,000,000+; HGS splits Y (1-2 Mt) and Z (2 Mt+). UNSURE: HGS's split is taken (it does
# not change any hull under 2 Mt).
HULL_CODES = (
    (0, "0"),
    (100, "1"),
    (200, "2"),
    (300, "3"),
    (400, "4"),
    (500, "5"),
    (600, "6"),
    (700, "7"),
    (800, "8"),
    (900, "9"),
    (1_000, "A"),
    (2_000, "B"),
    (3_000, "C"),
    (4_000, "D"),
    (5_000, "E"),
    (6_000, "F"),
    (7_000, "G"),
    (8_000, "H"),
    (9_000, "J"),
    (10_000, "K"),
    (20_000, "L"),
    (30_000, "M"),
    (40_000, "N"),
    (50_000, "P"),
    (75_000, "Q"),
    (100_000, "R"),
    (200_000, "S"),
    (300_000, "T"),
    (400_000, "U"),
    (500_000, "V"),
    (700_000, "W"),
    (900_000, "X"),
    (1_000_000, "Y"),
    (2_000_000, "Z"),
)


def hull_code(tons: Decimal) -> str:
    return [code for lower, code in HULL_CODES if tons >= lower][-1]


def hull_band(code: str) -> tuple[int, int | None]:
    """Tonnage from (inclusive) and to (exclusive; None for the top code) of a hull code."""
    for index, (lower, each) in enumerate(HULL_CODES):
        if each == code:
            upper = HULL_CODES[index + 1][0] if index + 1 < len(HULL_CODES) else None
            return lower, upper
    raise KeyError(code)


class Configuration(NamedTuple):
    name: str
    streamlined: bool  # may carry fuel scoops (configurations 7-9 may not)
    price_per_ton: Decimal  # MCr per hull ton
    unusable: Decimal  # share of the hull that is not usable (planetoids)
    built_in_armour: int


# High Guard (p. 23, configuration; p. 22, hull cost): configuration code. Planetoid prices per hull ton: Cr 900 and Cr
# 750 (HGS, RB).
CONFIGURATIONS = {
    1: Configuration("needle/wedge", True, D("0.12"), D(0), 0),
    2: Configuration("cone", True, D("0.11"), D(0), 0),
    3: Configuration("cylinder", True, D("0.10"), D(0), 0),
    4: Configuration("close structure", True, D("0.06"), D(0), 0),
    5: Configuration("sphere", True, D("0.07"), D(0), 0),
    6: Configuration("flattened sphere", True, D("0.08"), D(0), 0),
    7: Configuration("dispersed structure", False, D("0.05"), D(0), 0),
    8: Configuration("planetoid", False, D("0.009"), D("0.20"), 3),
    9: Configuration("buffered planetoid", False, D("0.0075"), D("0.35"), 6),
}


class Computer(NamedTuple):
    code: str  # USP digit
    model: str
    tl: int
    tons: Decimal
    mcr: Decimal
    ep: int
    max_jump: int


# High Guard (p. 26, computers): the computer table. Model/1fib TL: TTG 5, HGS 6-7 (UNSURE): TTG's 5 is taken, as the
# fib is the same model hardened. Model/1bis TL 6 (TTG and HGS's data file).
COMPUTERS = tuple(
    Computer(*row)
    for row in (
        ("0", "None", 0, D(0), D(0), 0, 0),
        ("1", "Model/1", 5, D(1), D(2), 0, 1),
        ("A", "Model/1fib", 5, D(2), D(3), 0, 1),
        ("R", "Model/1bis", 6, D(1), D(4), 0, 2),
        ("2", "Model/2", 7, D(2), D(9), 0, 2),
        ("B", "Model/2fib", 7, D(4), D(14), 0, 2),
        ("S", "Model/2bis", 8, D(2), D(18), 0, 3),
        ("3", "Model/3", 9, D(3), D(18), 1, 3),
        ("C", "Model/3fib", 9, D(6), D(27), 1, 3),
        ("4", "Model/4", 10, D(4), D(30), 2, 4),
        ("D", "Model/4fib", 10, D(8), D(45), 2, 4),
        ("5", "Model/5", 11, D(5), D(45), 3, 5),
        ("E", "Model/5fib", 11, D(10), D(68), 3, 5),
        ("6", "Model/6", 12, D(7), D(55), 5, 6),
        ("F", "Model/6fib", 12, D(14), D(83), 5, 6),
        ("7", "Model/7", 13, D(9), D(80), 7, 6),
        ("G", "Model/7fib", 13, D(18), D(100), 7, 6),
        ("8", "Model/8", 14, D(11), D(110), 9, 6),
        ("H", "Model/8fib", 14, D(22), D(140), 9, 6),
        ("9", "Model/9", 15, D(13), D(140), 12, 6),
        ("J", "Model/9fib", 15, D(26), D(200), 12, 6),
    )
)
COMPUTER_BY_CODE = {c.code: c for c in COMPUTERS}
COMPUTER_BY_MODEL = {c.model.lower(): c for c in COMPUTERS}


def computer_size(computer: Computer) -> int:
    """The model number (Model/7fib -> 7), for the minimum-computer rule."""
    return int(computer.model.split("/")[1].rstrip("fibs")) if "/" in computer.model else 0


# High Guard (p. 26, computers), the "ship" column read as: a hull of at least this tonnage needs at least this model.
MINIMUM_COMPUTER_BY_HULL = ((1_000_000, 7), (100_000, 6), (50_000, 5), (10_000, 4), (4_000, 3), (1_000, 2), (600, 1))

# High Guard (crew code): High Guard Shipyard's default crew digit counts crew sections, one per 1000 tons (a
# variant the checks accept).
CREW_SECTION_TONS = 1000


# High Guard (crew) as the Ruby TCS simulator (RB) simplifies it for ships over 1,000 tons at TL12: a command section
# of 6, one engineer per 100 tons of drives and plant, a gunner a battery, 4 a screen, a spinal mount's tons / 100 - 1,
# 3 section heads. The designs shipyard builds (``build.py``) are crewed by it.
CREW_COMMAND = 6
CREW_ENGINEER_TONS = 100
CREW_PER_BATTERY = 1
CREW_PER_SCREEN = 4
CREW_SECTION_HEADS = 3
CREW_SPINAL_TONS = 100  # and one gunner per 100 tons of spinal mount, less one
# High Guard (crew): the most people a stateroom holds (ratings share, two to a room; officers do not).
PEOPLE_PER_STATEROOM = 2


# High Guard (crew code): crew code, order of magnitude of the total crew (troops excluded): HG'80/TCS sheets.
def crew_code(crew: int) -> int:
    return 0 if crew <= 0 else len(str(int(crew)))


# High Guard (p. 23, maneuver drive): maneuver drive, % of hull = 3G - 1; MCr per ton by G; minimum TL by G.
MANEUVER_PERCENT_PER_G, MANEUVER_PERCENT_LESS = 3, 1
MANEUVER_PERCENT = {g: MANEUVER_PERCENT_PER_G * g - MANEUVER_PERCENT_LESS for g in range(1, 7)}
MANEUVER_MCR_PER_TON = {1: D("1.5"), 2: D("0.7"), 3: D("0.5"), 4: D("0.5"), 5: D("0.5"), 6: D("0.5")}
MANEUVER_MIN_TL = {1: 7, 2: 7, 3: 8, 4: 8, 5: 8, 6: 9}
# TCS82 clarification 7: "No maneuver drive may exceed 6G's acceleration."
MAX_MANEUVER = 6
# High Guard (p. 23, jump drive): jump drive, % of hull = J + 1; MCr 4 per ton; minimum TL by J.
JUMP_PERCENT_MORE = 1
JUMP_PERCENT = {j: j + JUMP_PERCENT_MORE for j in range(1, 7)}
JUMP_MCR_PER_TON = D(4)
JUMP_MIN_TL = {1: 9, 2: 11, 3: 12, 4: 13, 5: 14, 6: 15}
# High Guard (p. 23, power plant): power plant tons per EP by TL (lowest TL of the band, tons); MCr 3 per ton.
POWER_TONS_PER_EP = ((15, 1), (13, 2), (9, 3), (7, 4))
POWER_MCR_PER_TON = D(3)
EP_PER_PN_PER_TON = D("0.01")  # EP = 0.01 x hull x Pn


def power_rate(tl: int) -> int:
    """Tons of power plant per EP at a TL."""
    for lowest, rate in POWER_TONS_PER_EP:
        if tl >= lowest:
            return rate
    return POWER_TONS_PER_EP[-1][1]


def drive_percent(kind: str, rating: int, tl: int | None) -> Decimal | None:
    """The drive tables read forwards: the % of the hull a drive of ``rating`` takes (0 for none; a plant needs
    the TL: None without it)."""
    if rating <= 0:
        return D(0)
    if kind == "maneuver":
        return D(MANEUVER_PERCENT_PER_G * rating - MANEUVER_PERCENT_LESS)
    if kind == "jump":
        return D(rating + JUMP_PERCENT_MORE)
    return D(rating * power_rate(tl)) if tl is not None else None


def drive_potential(kind: str, percent: Decimal, tl: int | None) -> Decimal | None:
    """The exact rating a drive of ``percent`` of the hull gives, the drive tables read backwards: G for a
    maneuver drive, J for a jump drive, Pn for a plant (which needs the TL; None without it). Never rounded: a
    drive between two ratings keeps its fraction."""
    if kind == "maneuver":
        return (percent + MANEUVER_PERCENT_LESS) / MANEUVER_PERCENT_PER_G
    if kind == "jump":
        return percent - JUMP_PERCENT_MORE
    return percent / power_rate(tl) if tl is not None else None


def laden_rating(kind: str, tons: Decimal, laden: Decimal, tl: int | None, below: bool = False) -> int | None:
    """The whole rating a drive of ``tons`` gives a ship of ``laden`` tons (hull + drop tanks; High Guard, p. 23, the
    drive tables read backwards), never below 0; ``below``: of a drive a hair short of ``tons``, so a drive of exactly
    the next rating is not counted. None for a plant without the TL."""
    potential = drive_potential(kind, 100 * tons / laden, tl)
    if potential is None:
        return None
    whole = potential.to_integral_value(rounding=ROUND_FLOOR)
    return max(0, int(whole) - (1 if below and whole == potential else 0))


# High Guard (p. 23, fuel): fuel. Jump fuel 0.1 x hull x J; plant fuel 0.01 x hull x Pn for 28 days.
JUMP_FUEL_PER_PARSEC = D("0.1")
PLANT_FUEL_PER_PN = D("0.01")
PLANT_FUEL_DAYS = 28
# High Guard (p. 23, fuel), fuel purification (tons per 1,000 t of fuel; minimum tons; Cr per ton) by TL. The HG'80
# row is the one TCS82 clarification 11 calls correct ("The tables in HG are correct"); the TCS book's
# row is 10x too small (TCS113 reports a plant sized by it).
PURIFICATION = {
    8: (50, 10, 4000),
    9: (45, 9, 4222),
    10: (40, 8, 4500),
    11: (35, 7, 4857),
    12: (30, 6, 5333),
    13: (25, 5, 6000),
    14: (20, 4, 7000),
    15: (15, 3, 10000),
}
PURIFICATION_TCS_BOOK_FACTOR = 10
PURIFICATION_MIN_TL = 8
SCOOPS_MCR_PER_HULL_TON = D("0.001")
# High Guard (cost and tonnage): the architect's fee, 1% of the ship's price without its carried craft, paid once per
# design; ships built in quantity after the first cost 80% of the price (High Guard Shipyard's "Cost in
# Quantity": 80% of the ship price, plus the craft).
ARCHITECT_FEE_SHARE = D("0.01")
QUANTITY_PRICE_SHARE = D("0.8")
# High Guard (p. 23, fuel): drop-tank fittings MCr 0.01 + 0.001 per tank ton; the tanks MCr 0.001 per ton.
DROP_TANK_FITTINGS = (D("0.01"), D("0.001"))
DROP_TANK_MCR_PER_TON = D("0.001")
# High Guard (p. 27, bridge): bridge 2% of hull, minimum 20 t, MCr 0.005 per hull ton (ships of 100 t and more).
BRIDGE_SHARE, BRIDGE_MIN_TONS, BRIDGE_MCR_PER_HULL_TON = D("0.02"), D(20), D("0.005")
# High Guard (p. 23, armour): armour % of hull per factor a, by TL (lowest TL, base, per factor); MCr (0.3 + 0.1a) per
# ton.
ARMOUR_PERCENT = ((14, 1, 1), (12, 2, 2), (10, 3, 3), (7, 4, 4))
ARMOUR_MCR = (D("0.3"), D("0.1"))

# High Guard (accommodation and fittings): hardpoints 1 per 100 t of hull (minimum 1); TCS82 clarification 1: a bay (50
# or 100 tons) uses 10 hardpoints.
HULL_TONS_PER_HARDPOINT = 100
HARDPOINTS_PER_BAY = 10
# High Guard (accommodation and fittings): accommodation (tons, MCr).
STATEROOM = (D(4), D("0.5"))
SMALL_STATEROOM = (D(2), D("0.05"))
LOW_BERTH = (D("0.5"), D("0.05"))
EMERGENCY_LOW_BERTH = (D(1), D("0.1"))
COUCH = (D("0.5"), D("0.025"))

# High Guard (batteries and factors): battery factor by weapons in one battery (lower bound, factor), base values, and
# the TL bonuses (+1 each at or above these TLs; applied when the factor is above 0).
TURRET_FACTORS = {
    "beam laser": ((1, 1), (2, 2), (3, 3), (6, 4), (10, 5), (15, 6), (21, 7), (30, 8)),
    "pulse laser": ((1, 1), (3, 2), (6, 3), (10, 4), (21, 5), (30, 6)),
    "missile": ((1, 1), (3, 2), (6, 3), (12, 4), (18, 5), (30, 6)),
    "sandcaster": ((1, 1), (3, 2), (6, 3), (8, 4), (10, 5), (20, 6), (30, 7)),
    "plasma gun": ((1, 1), (4, 2), (10, 3), (16, 4), (20, 5)),
    "fusion gun": ((1, 4), (4, 5), (10, 6), (16, 7), (20, 8)),
    "particle accelerator": ((1, 1), (2, 2), (4, 3), (6, 4), (8, 5), (10, 6)),
}
TURRET_FACTOR_TL_BONUS = {
    "beam laser": (13,),
    "pulse laser": (13,),
    "missile": (13,),
    "sandcaster": (8, 10),
    "plasma gun": (11, 12),
    "fusion gun": (14,),
    "particle accelerator": (15,),
}
# High Guard (turret weapons): turret weapons (min TL, MCr each, EP each). UNSURE TLs (missile, pulse laser, sand):
# 7, the lowest High Guard TL. PA: TL14 barbette MCr 4, TL15 turret MCr 3.
TURRET_WEAPONS = {
    "missile": (7, D("0.75"), 0),
    "beam laser": (9, D(1), 1),
    "pulse laser": (7, D("0.5"), 1),
    "sandcaster": (7, D("0.25"), 0),
    "plasma gun": (10, D("1.5"), 1),
    "fusion gun": (12, D(2), 2),
    "particle accelerator": (14, D(3), 5),
}
# USP column of each turret weapon (High Guard, the USP).
WEAPON_COLUMN = {
    "beam laser": "laser",
    "pulse laser": "laser",
    "missile": "missile",
    "sandcaster": "sandcaster",
    "plasma gun": "energy",
    "fusion gun": "energy",
    "particle accelerator": "particle_accelerator",
}
# High Guard (p. 25, turrets): turret tons; PA turret 3 t at TL15, 5 t (a barbette) at TL14; energy turrets 2 t.
TURRET_TONS = {"default": D(1), "energy": D(2), "particle accelerator": {15: D(3), 14: D(5)}}
# High Guard (p. 25, turrets) and the Traveller design tables (TTG): a particle accelerator's MCr in its mounting, by
# the lowest TL of the mounting: a turret at TL15 MCr 3, a barbette at TL14 MCr 4 (TURRET_WEAPONS gives the turret's).
PA_MOUNT_MCR = {15: D(3), 14: D(4)}


def turret_factor(weapon: str, weapons: int, tl: int) -> int:
    if weapons <= 0:
        return 0
    factor = max(f for lower, f in TURRET_FACTORS[weapon] if weapons >= lower)
    return factor + sum(1 for bonus_tl in TURRET_FACTOR_TL_BONUS[weapon] if tl >= bonus_tl)


class Bay(NamedTuple):
    mcr: Decimal
    ep: int
    min_tl: int
    factors: tuple  # (lowest TL, factor)


# High Guard (p. 24, bays): bay weapons by size (tons) and weapon. Meson 100 t factors single-source (UNSURE).
BAYS = {
    (100, "missile"): Bay(D(20), 0, 7, ((12, 9), (10, 8), (7, 7))),
    (100, "particle accelerator"): Bay(D(35), 60, 8, ((14, 9), (12, 8), (10, 7), (8, 6))),
    (100, "meson gun"): Bay(D(70), 200, 13, ((15, 9), (14, 5), (13, 3))),
    (100, "repulsor"): Bay(D(10), 10, 10, ((15, 9), (14, 8), (13, 7), (12, 6), (11, 4), (10, 2))),
    (50, "missile"): Bay(D(12), 0, 10, ((14, 9), (12, 8), (10, 7))),
    (50, "particle accelerator"): Bay(D(20), 30, 10, ((14, 5), (12, 4), (10, 3))),
    (50, "meson gun"): Bay(D(50), 100, 15, ((15, 4),)),
    (50, "repulsor"): Bay(D(6), 5, 14, ((15, 5), (14, 3))),
    (50, "plasma gun"): Bay(D(5), 10, 10, ((12, 6), (11, 5), (10, 4))),
    (50, "fusion gun"): Bay(D(8), 20, 12, ((14, 9), (13, 8), (12, 7))),
}
BAY_MIN_HULL = 1_000  # High Guard Shipyard's design checks: bays need a hull of 1000 tons or more
BAY_COLUMN = {
    "missile": "missile",
    "particle accelerator": "particle_accelerator",
    "meson gun": "meson",
    "repulsor": "repulsor",
    "plasma gun": "energy",
    "fusion gun": "energy",
}


def bay_factor(size: int, weapon: str, tl: int) -> int | None:
    bay = BAYS.get((size, weapon))
    if bay is None or tl < bay.min_tl:
        return None
    return next(factor for lowest, factor in bay.factors if tl >= lowest)


class Screen(NamedTuple):
    tl: int
    tons: Decimal
    mcr: Decimal | None


# High Guard (p. 25, screens): screens by factor 1-9. Damper EP 10 x factor; meson screen EP 0.2 x factor x hull/100;
# black globes draw no EP (their capacitors hold energy). Black globe 5-9 have no price.
DAMPERS = {
    f: Screen(tl, D(t), D(m))
    for f, tl, t, m in (
        (1, 12, 50, 50),
        (2, 13, 15, 40),
        (3, 13, 20, 45),
        (4, 14, 8, 30),
        (5, 14, 10, 35),
        (6, 14, 12, 38),
        (7, 15, 10, 30),
        (8, 15, 15, 40),
        (9, 15, 20, 50),
    )
}
MESON_SCREENS = {
    f: Screen(tl, D(t), D(m))
    for f, tl, t, m in (
        (1, 12, 90, 80),
        (2, 13, 30, 50),
        (3, 13, 45, 55),
        (4, 14, 16, 40),
        (5, 14, 20, 45),
        (6, 14, 24, 50),
        (7, 15, 20, 40),
        (8, 15, 30, 50),
        (9, 15, 40, 60),
    )
}
BLACK_GLOBES = {
    f: Screen(tl, D(t), D(m) if m is not None else None)
    for f, tl, t, m in (
        (1, 15, 10, 400),
        (2, 15, 15, 600),
        (3, 15, 20, 800),
        (4, 15, 25, 1000),
        (5, 16, 20, None),
        (6, 16, 30, None),
        (7, 16, 35, None),
        (8, 17, 20, None),
        (9, 18, 20, None),
    )
}
DAMPER_EP_PER_FACTOR = 10
MESON_SCREEN_EP_PER_FACTOR_PER_100_TONS = D("0.2")


class Spinal(NamedTuple):
    tons: int
    tl: int
    mcr: int
    ep: int


# High Guard (p. 24, spinal mounts): spinal mounts by letter (tons, TL, MCr, EP).
SPINAL_MESON = {
    code: Spinal(*row)
    for code, row in zip(
        "ABCDEFGHJKLMNPQRST",
        (
            (5000, 11, 10000, 500),
            (8000, 11, 12000, 600),
            (2000, 12, 3000, 600),
            (5000, 12, 5000, 700),
            (1000, 13, 800, 700),
            (2000, 13, 1000, 800),
            (1000, 14, 400, 800),
            (2000, 14, 600, 900),
            (1000, 15, 400, 900),
            (8000, 12, 10000, 1000),
            (5000, 13, 3000, 1000),
            (4000, 14, 800, 1000),
            (2000, 15, 600, 1000),
            (8000, 13, 5000, 1100),
            (7000, 14, 1000, 1100),
            (5000, 15, 800, 1100),
            (8000, 14, 2000, 1200),
            (7000, 15, 1000, 1200),
        ),
        strict=True,
    )
}
SPINAL_PA = {
    code: Spinal(*row)
    for code, row in zip(
        "ABCDEFGHJKLMNPQRST",
        (
            (5500, 8, 3500, 500),
            (5000, 9, 3000, 500),
            (4500, 10, 2400, 500),
            (4000, 11, 1500, 600),
            (3500, 12, 1200, 600),
            (3000, 13, 1200, 600),
            (2500, 14, 800, 700),
            (2500, 15, 500, 700),
            (5000, 10, 3000, 800),
            (4500, 11, 2000, 800),
            (4000, 12, 1600, 800),
            (3500, 13, 1200, 900),
            (3000, 14, 1000, 900),
            (2500, 15, 800, 900),
            (4500, 12, 2000, 1000),
            (4000, 13, 1500, 1000),
            (3500, 14, 1200, 1000),
            (3000, 15, 1000, 1000),
        ),
        strict=True,
    )
}

# TCS82 rules modification 1, missile endurance: a turret launcher fires one missile a turn and holds 30;
# a bay fires its tonnage a turn and holds 30 a ton.
MISSILES_PER_TURRET_LAUNCHER = 30
MISSILES_PER_BAY_TON = 30
# TCS82 clarification 5: at TL13-14 a whole percentage of plant gives Pn in steps of 0.5.
# High Guard (p. 25, turrets): turret hardware MCr by weapons per turret (single, double, triple), and the hardpoint
# MCr that High Guard Shipyard charges when its "charge for turrets and hardpoints" option is on. A sheet
# does not say which, so the engine accepts either and reads the weapons per turret from the cost.
TURRET_MCR = {1: D("0.2"), 2: D("0.5"), 3: D("1.0")}
HARDPOINT_MCR = D("0.1")
MAX_WEAPONS_PER_TURRET = {"default": 3, "energy": 2, "particle accelerator": 1}

# High Guard (carried craft): craft of 100 tons or more are big craft, smaller ones small craft. A carried craft's
# hangar (the CRAFT line's tonnage, High Guard Shipyard's sheets) is the craft's tons on a ship of 1,000 tons or
# less, else 1.3 times them for a small craft and 1.1 times for a big one.
BIG_CRAFT_TONS = D(100)
SMALL_HANGAR_SHIP_TONS = D(1000)
SMALL_CRAFT_HANGAR = D("1.3")
_CRAFT_SIZE = re.compile(r"(?<![0-9.])([0-9]+(?:\.[0-9]+)?)[ \t]*(?:T\b|tons?\b|-ton\b)", re.I)


def big_craft(label: str, hangar_tons: Decimal, ship_tons: Decimal | None) -> bool:
    """Whether one carried craft is a big craft: by the size its label gives ("200T Battle Rider"), else by its
    hangar: on a ship of 1,000 tons or less the hangar is the craft; on a larger one a hangar of 130 tons or more
    (100 x 1.3, past any small craft's) holds a big craft, and one under it is taken for a small craft."""
    size = _CRAFT_SIZE.search(label)
    if size is not None:
        return D(size.group(1)) >= BIG_CRAFT_TONS
    if ship_tons is not None and ship_tons <= SMALL_HANGAR_SHIP_TONS:
        return hangar_tons >= BIG_CRAFT_TONS
    return hangar_tons >= BIG_CRAFT_TONS * SMALL_CRAFT_HANGAR
