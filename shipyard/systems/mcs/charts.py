"""The MCS rating charts as data (MCS section 6).

Each table is here once, with the section it comes from. Look-ups return a ``ChartValue``: the code
and whether it lies beyond the printed chart (extrapolated by the chart's own progression, never
clamped), so callers can say so.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

#: Look-ups remembered by each chart function (their results are frozen values): a run's sheets ask for a few dozen.
CHART_CACHE_SIZE = 1024


@dataclass(frozen=True)
class ChartValue:
    code: int
    extrapolated: bool = False


# Section 6.1, "Damage / MCS USD Value" (also armour, penetration, protection). Lower bounds of
# codes 0..24. The seed prints 14309 for code 24: read 14300 (the bounds grow by 10**(1/6) a step;
# reference section 1). 20989 is the last printed value; above it, bound(n) = 10 x bound(n - 6).
USD_CHART_LOWER_BOUNDS = (
    1,
    2,
    3,
    5,
    7,
    10,
    14,
    21,
    31,
    45,
    66,
    97,
    143,
    210,
    308,
    452,
    664,
    974,
    1430,
    2099,
    3081,
    4522,
    6637,
    9742,
    14300,
)
USD_CHART_PRINTED_TOP = 20989

# Codes 10 and up are written as letters, I and O skipped (section 6.1).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


@lru_cache(maxsize=CHART_CACHE_SIZE)  # a pure look-up, of the same few values on every sheet
def usd_code(value: float | Decimal) -> ChartValue | None:
    """The USD chart code of a damage/armour/penetration value; None below 1 (written "-")."""
    if value < 1:
        return None
    bounds = list(USD_CHART_LOWER_BOUNDS)
    while value >= bounds[len(bounds) - 6] * 10:  # the next code's lower bound, by the progression
        bounds.append(bounds[len(bounds) - 6] * 10)
    return ChartValue(bisect_right(bounds, value) - 1, extrapolated=value > USD_CHART_PRINTED_TOP)


@lru_cache(maxsize=CHART_CACHE_SIZE)  # a pure look-up, of the same few values on every sheet
def usd_band(code: int) -> tuple[int, int]:
    """The values (from inclusive, to exclusive) that the USD chart reads as ``code``."""
    bounds = list(USD_CHART_LOWER_BOUNDS)
    while len(bounds) < code + 2:
        bounds.append(bounds[len(bounds) - 6] * 10)
    return bounds[code], bounds[code + 1]


def code_letter(code: int) -> str:
    return str(code) if code < 10 else CODE_LETTERS[code - 10]


# Section 6.1, toughness from mass in tonnes. Small masses: the seed's bands 0-2.1, 2.1-3, 3.1-5 with
# their upper bounds included; from 5 up, (lower bound, code) with 9-10 (which the seed leaves out)
# read as -4. Seed typos (reference section 2): "309-499" is 300-499, "300000-399999" is
# 300 000-499 999, "1000000+ -> 21" is 10 000 000+.
TOUGHNESS_SMALL_MASS = ((Decimal("2.1"), -7), (3, -6), (5, -5))
TOUGHNESS_BY_MASS = (
    (5, -4),
    (10, -3),
    (20, -2),
    (30, -1),
    (50, 0),
    (100, 1),
    (200, 2),
    (300, 3),
    (500, 4),
    (1_000, 5),
    (2_000, 6),
    (3_000, 7),
    (5_000, 8),
    (10_000, 9),
    (20_000, 10),
    (30_000, 11),
    (50_000, 12),
    (100_000, 13),
    (200_000, 14),
    (300_000, 15),
    (500_000, 16),
    (1_000_000, 17),
    (2_000_000, 18),
    (3_000_000, 19),
    (5_000_000, 20),
    (10_000_000, 21),
)
# Section 6.1: "If only a ship's displacement is known, not mass, then use (displacement*10)".
MASS_PER_DTON_ESTIMATE = 10


@lru_cache(maxsize=CHART_CACHE_SIZE)  # a pure look-up, of the same few values on every sheet
def toughness_code(mass: Decimal | float) -> ChartValue:
    """Base toughness (before the -1 modifiers) from mass. The chart's top row is open ("+"): every mass from
    10 000 000 t is 21, nothing above it extrapolated."""
    for upper, code in TOUGHNESS_SMALL_MASS:
        if mass <= upper:
            return ChartValue(code)
    return ChartValue(max(code for lower, code in TOUGHNESS_BY_MASS if mass >= lower))


# Section 6.1, toughness modifiers, each -1.
TOUGHNESS_MODIFIERS = {
    "cargo_and_fuel_over_70_percent": "more than 70% of the volume is cargo plus fuel",
    "high_automation": "high automation",
    "open_frame": "open frame",
}
# Section 6.1: the cargo-and-fuel modifier applies above this share of the volume.
TOUGHNESS_CARGO_FUEL_SHARE = Decimal("0.7")

# Section 6.1, size from displacement in dTons: (upper bound inclusive, code).
SIZE_BY_DISPLACEMENT = (
    (Decimal("0.15"), -4),
    (Decimal("0.5"), -3),
    (1, -2),
    (3, -1),
    (10, 0),
    (30, 1),
    (100, 2),
    (300, 3),
    (1_000, 4),
    (3_000, 5),
    (10_000, 6),
    (30_000, 7),
    (100_000, 8),
    (300_000, 9),
    (1_000_000, 10),
)


@lru_cache(maxsize=CHART_CACHE_SIZE)  # a pure look-up, of the same few values on every sheet
def size_code(displacement: Decimal | float) -> ChartValue:
    """Size code from displacement; past 1 000 000 dTons by the chart's 1-3-10 pattern."""
    for upper, code in SIZE_BY_DISPLACEMENT:
        if displacement <= upper:
            return ChartValue(code)
    code, bound, step = SIZE_BY_DISPLACEMENT[-1][1], Decimal(SIZE_BY_DISPLACEMENT[-1][0]), 0
    while displacement > bound:
        bound = (bound * (Decimal(3), Decimal(10) / 3)[step % 2]).quantize(Decimal(1))  # 1 -> 3 -> 10
        code += 1
        step += 1
    return ChartValue(code, extrapolated=True)


def size_band(code: int) -> tuple[Decimal, Decimal]:
    """The displacements (exclusive low, inclusive high) that give a size code; past the printed
    chart by its 1-3-10 pattern, as in ``size_code``."""
    bounds = [Decimal(0)] + [Decimal(upper) for upper, _ in SIZE_BY_DISPLACEMENT]
    first, step = SIZE_BY_DISPLACEMENT[0][1], 0
    while code - first + 1 >= len(bounds):
        bounds.append((bounds[-1] * (Decimal(3), Decimal(10) / 3)[step % 2]).quantize(Decimal(1)))
        step += 1
    return bounds[code - first], bounds[code - first + 1]


# Section 6, "T4 conversion chart": T4 USD value -> new USD value.
T4_CONVERSION = (
    0,
    8,
    10,
    11,
    12,
    13,
    14,
    14,
    15,
    15,
    16,
    17,
    18,
    18,
    19,
    19,
    20,
    20,
    21,
    21,
    21,
    22,
    22,
    22,
    23,
    23,
    23,
    24,
)
T4_CONVERSION_RUN = 3  # from T4 18 up, three T4 values to each new code (18-20, 21-23, 24-26, 27-)


def t4_to_mcs(value: int) -> ChartValue | None:
    """New USD value of a T4 value; None below 0 ("-"). Past 27 the chart's run of three values to a code goes
    on: 27-29 are 24 (the chart prints only 27), 30-32 are 25."""
    if value < 0:
        return None
    if value < len(T4_CONVERSION):
        return ChartValue(T4_CONVERSION[value])
    last = len(T4_CONVERSION) - 1
    return ChartValue(T4_CONVERSION[last] + (value - last) // T4_CONVERSION_RUN, extrapolated=True)


@dataclass(frozen=True)
class RangeBand:
    """One range band of section 3.0: to-hit dice, evasion factor (x evasion G) and its reach in
    Brilliant Lances hexes (a tenth of a light-second)."""

    name: str
    code: str  # the column label of a USD sheet ("VS"), "" for the missile-only bands
    dice: str
    evasion_beam: Decimal  # lasers and PAWs
    evasion_meson: Decimal
    hexes_to: Decimal


# Section 3.0, the range bands (with their hex distances); weapons are rated at VS S M L X.
RANGE_BANDS = (
    RangeBand("Impact", "", "1d3-1", Decimal(0), Decimal(0), Decimal("0.01")),
    RangeBand("Point Blank", "", "1d3", Decimal("0.25"), Decimal("0.5"), Decimal("0.5")),
    RangeBand("Very Short", "VS", "1d", Decimal("0.5"), Decimal(1), Decimal(5)),
    RangeBand("Short", "S", "2d", Decimal(1), Decimal(2), Decimal(10)),
    RangeBand("Medium", "M", "3d", Decimal(2), Decimal(4), Decimal(20)),
    RangeBand("Long", "L", "4d", Decimal(4), Decimal(8), Decimal(40)),
    RangeBand("Extreme", "X", "5d", Decimal(8), Decimal(16), Decimal(80)),
)
RATED_RANGES = tuple(band.code for band in RANGE_BANDS if band.code)  # VS S M L X


# Section 6, T4 armour: divide by 10, then the T4 conversion chart.
T4_ARMOUR_DIVISOR = 10

# Section 6.1, weapon ROF bonus from pulses per 30-minute turn.
ROF_BY_PULSES = {10: -2, 20: -1, 50: 0, 100: 1, 200: 2, 400: 3, 800: 4}
# Section 6, converting from T4: ROF when the source does not say.
T4_DEFAULT_ROF = {"civilian": 0, "military": 1, "point_defence": 2}
# Section 6, converting from T4: laser penetration at VS; +1 heavy, -1 light.
T4_LASER_PENETRATION = 14
T4_LASER_PENETRATION_SHIFT = {"heavy": 1, "light": -1}
# Section 6, converting from T4: new range <- T4 range (index into VS, S, M, L).
T4_RANGE_SOURCE = (0, 0, 1, 2, 3)  # VS<-VS, S<-VS, M<-S, L<-M, X<-L


def rof_bonus(pulses: int | float | Decimal) -> ChartValue:
    """ROF bonus (and PD ROF part: the same figures) for pulses per 30-minute turn, by the largest row
    reached. Past the printed rows, +1 for each doubling (the chart's own progression from 100 up);
    below 10 pulses, -1 for each halving."""
    if pulses <= 0:
        raise ValueError("pulses per turn must be positive")
    rows = sorted(PD_ROF_PART.items())
    low, high = rows[0], rows[-1]
    if pulses < low[0]:
        code, bound = low[1], Decimal(low[0])
        while pulses < bound:
            bound /= 2
            code -= 1
        return ChartValue(code, extrapolated=True)
    if pulses >= high[0] * 2:
        return banded(((high[0], high[1]),), int(pulses))
    return ChartValue(max(code for lower, code in rows if pulses >= lower))


# Section 6.1, point defence: count part by lasers in the battery (lower bounds), and ROF part.
PD_COUNT_PART = ((1, 0), (2, 1), (4, 2), (8, 3), (16, 4), (32, 5), (64, 6), (128, 7))
PD_ROF_PART = {10: -2, 20: -1, 50: 0, 100: 1, 200: 2, 400: 3, 800: 4, 1600: 5, 3200: 6, 6400: 7}
# Section 6.1: a laser needs USD damage 4 at 30 000 km for its full PD; -1 per point below.
PD_FULL_DAMAGE = 4


def pd_shortfall(very_short_damage: int | None) -> int:
    """How far a laser's VS damage falls below the PD_FULL_DAMAGE its full PD needs (section 6.1); a dash (damage
    below 1, None) falls short by the whole of it."""
    return max(0, PD_FULL_DAMAGE - (very_short_damage or 0))


def laser_point_defence(lasers: int, rof: int, very_short_damage: int | None) -> int:
    """A laser battery's PD rating (section 6.1): the count part for its lasers plus the ROF part (the battery's
    ROF bonus: the same figure for the same pulses), less its damage shortfall at VS."""
    return banded(PD_COUNT_PART, lasers).code + rof - pd_shortfall(very_short_damage)


# Section 6.2, nuclear damper batteries: PD from count only.
DAMPER_PD = ((1, 1), (2, 2), (4, 3), (8, 4), (16, 5), (32, 6), (64, 7), (128, 8))

# Section 6.1, missiles per salvo per launcher (barbettes, bays, military launchers) by TL.
MISSILES_PER_SALVO_BY_TL = {8: 1, 9: 2, 10: 3, 11: 3, 12: 4, 13: 4, 14: 5, 15: 6}
# Section 6.1: "Launchers without an autoloader fire only one missile per salvo" (each launcher).
MISSILES_PER_SALVO_WITHOUT_AUTOLOADER = 1
# Section 6: "Civilian missile turrets will normally fire one missile per salvo" (each launcher).
MISSILES_PER_SALVO_CIVILIAN = 1
# Section 6.1, salvo rating by missiles per salvo (lower bounds).
SALVO_RATING = ((1, 1), (2, 2), (4, 3), (8, 4), (16, 5), (32, 6), (64, 7), (128, 8))
# Section 6.1, one standard 0.5-dTon nuclear det-laser missile: (lowest TL, pen, dam, size&evade).
NUCLEAR_MISSILE_BY_TL = ((15, 19, 13, -6), (13, 18, 12, -6), (10, 17, 11, -6))
NUCLEAR_MISSILE_TOP_TL = 16  # the seed's top row is "TL15-16"

# Section 6.2, sandcasters needed for screen -1, -2, -3 by size code (None: no count lands on it).
SANDCASTER_SCREEN = {
    1: (None, None, 1),
    2: (1, None, 2),
    3: (1, 2, 3),
    4: (2, 3, 5),
    5: (3, 5, 7),
    6: (5, 7, 10),
    7: (7, 10, 15),
    8: (10, 15, 20),
    9: (15, 20, 30),
    10: (20, 30, 50),
}
SANDCASTER_SMALLEST_ROW = 1  # the seed's row "-3 to 1"
# Section 6.2: "TL-13-14 sandcasters move up one line on the chart. TL-15 sandcasters move up two".
SANDCASTER_ROW_SHIFT_BY_TL = ((15, 2), (13, 1), (0, 0))
# Section 6.2, FFS2 armour per cannister by TL (lowest TL of the band, armour).
SANDCASTER_ARMOUR_BY_TL = ((15, 79), (13, 50), (10, 39), (8, 25))

# Section 1.0, crew quality: (skill, skill + attribute).
CREW_QUALITY = {"Green": (1, 7), "Trained": (2, 9), "Line": (4, 12), "Crack": (6, 14), "Elite": (8, 17)}
# Section 3.0, squadron fire: ROF bonus by ships firing (lower bounds; the seed skips 128-255, read as 6) and
# the last row's top, "256-512 7"; past it +1 for each doubling.
SQUADRON_FIRE_ROF = ((1, 0), (2, 1), (4, 2), (8, 3), (17, 4), (32, 5), (64, 6), (256, 7))
SQUADRON_FIRE_TOP = 512


def squadron_fire_rof(ships: int) -> ChartValue:
    """The ROF bonus of a squadron firing together (section 3.0)."""
    return banded(SQUADRON_FIRE_ROF, ships, top=SQUADRON_FIRE_TOP)


@lru_cache(maxsize=CHART_CACHE_SIZE)  # a pure look-up, of the same few values on every sheet
def banded(table: tuple[tuple[int, int], ...], count: int, top: int | None = None) -> ChartValue:
    """Look a count up in a (lower bound, value) table. Past its last band, +1 for each doubling: of the last
    lower bound (128-255, 256-511, ...) or, when the table prints the band's ``top``, of that (256-512, 513-1024,
    1025-2048, ...)."""
    value = None
    for lower, result in table:
        if count >= lower:
            value = result
    limit = top if top is not None else table[-1][0] * 2 - 1  # the last count the printed table holds
    if count > limit:
        extra = 0
        while count > limit:
            extra += 1
            limit = limit * 2 + (0 if top is not None else 1)
        return ChartValue(table[-1][1] + extra, extrapolated=True)
    return ChartValue(value if value is not None else table[0][1])


def by_tl(table: tuple[tuple, ...], tl: int) -> tuple:
    """The row of a (lowest TL, ...) table that applies at ``tl``; the lowest row below its range."""
    for row in table:
        if tl >= row[0]:
            return row
    return table[-1]


@lru_cache(maxsize=CHART_CACHE_SIZE)  # a pure look-up, of the same few values on every sheet
def sandcaster_screen(casters: int, size: int, tl: int) -> int | None:
    """Screen rating (negative) of a battery of ``casters`` on a ship of ``size``; None if too few."""
    shift = by_tl(SANDCASTER_ROW_SHIFT_BY_TL, tl)[1]
    row = max(SANDCASTER_SMALLEST_ROW, min(max(SANDCASTER_SCREEN), size - shift))
    screen = None
    for rating, needed in enumerate(SANDCASTER_SCREEN[row], start=1):
        if needed is not None and casters >= needed:
            screen = -rating
    return screen


# ---- Rating an FFS design (section 6.1) ----------------------------------------------------------
# Under the damage chart: "this chart is for FFS2 damage and armour values. Multiply FFS1/TNE values
# by 1.43 before converting." Applied to damage, penetration, armour and meson screen values. (Section
# 6.1 also says "Divide FFS2 armour values by 1.4"; its own example, 3000 dTons with armour 100 ->
# armour 12, only works as an FFS1 value x 1.43: MCS section 6, armour.)
EDITION_SCALE = {"ffs1": Decimal("1.43"), "ffs2": Decimal(1)}
# Section 6.1, range classes by beam pointer range (km): the ranges rated.
BEAM_RANGE_CLASSES = ((300_000, "extended", 5), (150_000, "normal", 4), (30_000, "short-range", 1))
# Section 6.1: "penetration = damage for PAWs and MGs, penetration = damage times 10 for most lasers".
PENETRATION_PER_DAMAGE = {"laser": 10, "paw": 1, "meson": 1}
# Section 6.1, power rating: MW needed for 1 G, per tonne of mass or (without a mass) per dTon.
POWER_MW_PER_TONNE = Decimal("0.025")
POWER_MW_PER_DTON = Decimal("0.35")
# Section 6.1: G-tolerance = G-compensation + 2; +1 with G-tanks for all workstation crew.
G_TOLERANCE_BASE = 2
G_TANKS_BONUS = 1
# Section 6.1, single-missile performance of the other standard warheads: (pen, dam, size&evade).
MISSILE_WARHEADS = {"chemical": (12, 10, -5), "kkm": (12, 15, -3)}
# Section 6.1: nuclear det-laser from FFS2: pen = 20 x warhead damage, dam = 2 x warhead damage.
NUCLEAR_WARHEAD_PEN_FACTOR = 20
NUCLEAR_WARHEAD_DAM_FACTOR = 2
# Section 6.1: missile size -3; evasion 0.25 x G (fuel burnt off); KKMs attack at Impact, no evasion.
MISSILE_SIZE = -3
MISSILE_EVASION_PER_G = Decimal("0.25")
