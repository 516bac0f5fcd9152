"""The MCS combat tables (MCS sections 2.0-5.7), each once, as data.

The seed numbers its damage sections twice: "5.0 Damage" holds 5.1 Sand and Screens, 5.2 Severity, 5.3 Surface
Hits, then 4.4 Armour penetration and 4.5 Interior Hits (the numbers of an earlier draft); "5.0 Optional Rules"
then numbers 5.1-5.7 again. Citations here say "MCS 5.0 Damage, 4.4" and "MCS Optional 5.5" to tell them apart.
The procedures that read these tables are in shipyard/systems/mcs/combat/resolve.py and damage.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from shipyard.core.names import spelt
from shipyard.systems.mcs import charts

Weapon = Literal["laser", "paw", "meson", "missile"]


@dataclass(frozen=True)
class RangeBand:
    """One range band of the hit procedure (MCS 3.0): the to-hit dice (count of ``sides``-sided dice, plus
    ``offset``), the evasion factor for lasers and PAWs and for mesons, the T4.1 difficulty named for reference,
    and the USD column a beam battery fires from (VS S M L X; the two missile bands use the VS column)."""

    key: str
    name: str
    dice: int
    sides: int
    offset: int
    evasion_beam: Fraction
    evasion_meson: Fraction
    difficulty: str
    column: int

    @property
    def dice_text(self) -> str:
        base = f"{self.dice}d{self.sides}"
        return base if self.offset == 0 else f"{base}{self.offset:+d}"


#: MCS 3.0, the range table, and its two special bands for missiles and very close fire ("Impact 1d3-1 0 x
#: Evasion G's 0 x Evasion G's; Point Blank 1d3 0.25 x Evasion G's 0.5 x Evasion G's"). The column a beam
#: battery reads at Impact and Point Blank is not given: shipyard reads its Very Short figures.
RANGE_BANDS: dict[str, RangeBand] = {
    band.key: band
    for band in (
        RangeBand("impact", "Impact", 1, 3, -1, Fraction(0), Fraction(0), "special", 0),
        RangeBand("pb", "Point Blank", 1, 3, 0, Fraction(1, 4), Fraction(1, 2), "special", 0),
        RangeBand("vs", "Very Short", 1, 6, 0, Fraction(1, 2), Fraction(1), "Easy", 0),
        RangeBand("s", "Short", 2, 6, 0, Fraction(1), Fraction(2), "Average", 1),
        RangeBand("m", "Medium", 3, 6, 0, Fraction(2), Fraction(4), "Formidable", 2),
        RangeBand("l", "Long", 4, 6, 0, Fraction(4), Fraction(8), "Staggering", 3),
        RangeBand("x", "Extreme", 5, 6, 0, Fraction(8), Fraction(16), "Impossible", 4),
    )
}

#: MCS 2.3: the bands the range steps through, one a turn, nearest first (Impact and Point Blank are the
#: missiles' own).
RANGE_STEPS: tuple[str, ...] = ("vs", "s", "m", "l", "x")


def band_key(word: str) -> str | None:
    """The range band a word names, by its key (``l``) or its name (``Long``, ``very-short``), any case and
    spacing: its key, or None when it names none."""
    wanted = spelt(word.replace("-", " ").replace("_", " "))
    return next((key for key, band in RANGE_BANDS.items() if wanted in (key, band.name.lower())), None)


def band_word(value: object) -> object:
    """A file's range band read as ``band_key`` reads it (``"Long"`` is ``"l"``); anything else as written, for
    its validation to refuse."""
    return (band_key(value) or value) if isinstance(value, str) else value


#: MCS 3.0: hexboard distances of the bands, in tenth-light-second "Brilliant Lances" hexes (low, high).
RANGE_DISTANCE_HEXES: dict[str, tuple[Fraction, Fraction]] = {
    "impact": (Fraction(1, 100), Fraction(1, 100)),
    "pb": (Fraction(1, 2), Fraction(1, 2)),
    "vs": (Fraction(1), Fraction(5)),
    "s": (Fraction(6), Fraction(10)),
    "m": (Fraction(11), Fraction(20)),
    "l": (Fraction(21), Fraction(40)),
    "x": (Fraction(41), Fraction(80)),
}

#: MCS 3.0: "For every 2 points by which the to-hit roll is made, increase the damage (but not penetration!) of
#: the weapon by 1 point, up to a maximum increase equal to the weapon's ROF bonus".
POINTS_PER_EXTRA_DAMAGE = 2

#: MCS 3.0, squadron fire: ships firing together -> ROF bonus, (lowest, highest, bonus). The seed's table skips
#: 128-255 ("64-127 6 256-512 7"); shipyard reads 128-512 as 7 and larger squadrons as 7 too.
SQUADRON_ROF: tuple[tuple[int, int, int], ...] = (
    (1, 1, 0),
    (2, 3, 1),
    (4, 7, 2),
    (8, 16, 3),
    (17, 31, 4),
    (32, 63, 5),
    (64, 127, 6),
    (128, 512, 7),
)

#: MCS 2.0 (the "Crew Quality Skill Skill+Attribute" table before the combat sequence): the sheets' table
#: (``charts.CREW_QUALITY``, section 1.0), by the names a log or the command line gives, in lower case.
CREW_QUALITY: dict[str, tuple[int, int]] = {name.lower(): figures for name, figures in charts.CREW_QUALITY.items()}
#: Those names as a type, for the records that take one (a test holds it to the table).
Quality = Literal["green", "trained", "line", "crack", "elite"]

#: MCS 2.1, aiming G (optional): a ship with a spinal mount must give at least half its current acceleration
#: (round down) to aiming or take -1 on the spinal mount's ROF; no G to aiming, -2.
AIMING_SHORT_PENALTY = -1
AIMING_NONE_PENALTY = -2
#: MCS 2.1: one G or more on evasion lowers the G-tolerance by 1; each G above it makes every task a die harder.
EVASION_TOLERANCE_LOSS = 1

#: The engine's bounds on what a sheet gives combat: far past any ship of the rules (MCS ships make a few G, mount
#: tens of batteries and carry a handful of sensors), and short of the billions a damaged or hostile sheet can hold
#: (``Maneuver: 2147483648`` would have every task rolled on as many dice; ``2147483648xLaser Battery`` would build
#: as many batteries). A ship past one is refused with the figure named (CMB003), never played.
MAX_SHIP_G = 100
MAX_SHIP_BATTERIES = 10_000
MAX_SHIP_SENSORS = 1_000

#: MCS 2.2: initiative is 2d + fleet tactics + this many times the G allocated to maneuver.
INITIATIVE_DICE = 2
INITIATIVE_MANEUVER_FACTOR = 2

#: T4.1 task difficulties the seed names (MCS 5.1 screens and sand; Optional 5.1 sensor lock): dice rolled.
AVERAGE_DICE = 2
FORMIDABLE_DICE = 3
STAGGERING_DICE = 4

#: MCS 5.0 Damage, 5.1: a failed meson-screen task lowers the screen by 3; a spectacular success raises it by 3.
SCREEN_FAILURE = -3
SCREEN_SPECTACULAR = 3

#: MCS 4.0: missiles fired at these ranges strike in the same turn; at Long and Extreme, in the next.
MISSILE_SAME_TURN = frozenset({"impact", "pb", "vs", "s", "m"})


@dataclass(frozen=True)
class MissileMode:
    """One line of the missile chart of MCS 4.3 (the long missile rule): where the salvo attacks from (the band
    point defence fires in), the to-hit dice, how much of the gunner's skill counts, whose fire control, and the
    evasion factor (None: the band of the range from the controlling ship to the target)."""

    key: str
    band: str
    dice: int
    sides: int
    offset: int
    skill_share: Fraction
    fire_control: Literal["ship", "missile"]
    evasion: Fraction | None

    @property
    def dice_text(self) -> str:
        return f"{self.dice}d{self.sides}" + (f"{self.offset:+d}" if self.offset else "")


#: MCS 4.3, the chart ("Missile Type, Range, To-hit dice, To-hit target, Evasion Mod"): laser controlled, PB,
#: 0.5, gunner skill + ship FC, evasion of the firing ship's range; laser SIM, PB, 0.5, 0.5 x gunner + missile
#: FC, 0.25 x evasion G; laser FIM, PB, 0.5, missile FC, 0.25 x; fragmentation SIM, Impact, 2, 0.5 x gunner +
#: missile FC, 2 x; fragmentation FIM, Impact, 2, missile FC, 2 x; every target adds target size and salvo
#: strength. The dice column counts six-sided dice: 0.5 is the 1d3 of Point Blank, 2 is 2d6 ("rolling 2 dice";
#: the text also says fragmentation uses "the Medium range line", whose dice are 3: shipyard follows the chart).
MISSILE_MODES: dict[str, MissileMode] = {
    m.key: m
    for m in (
        MissileMode("controlled", "pb", 1, 3, 0, Fraction(1), "ship", None),
        MissileMode("semi", "pb", 1, 3, 0, Fraction(1, 2), "missile", Fraction(1, 4)),
        MissileMode("full", "pb", 1, 3, 0, Fraction(0), "missile", Fraction(1, 4)),
        MissileMode("frag-semi", "impact", 2, 6, 0, Fraction(1, 2), "missile", Fraction(2)),
        MissileMode("frag-full", "impact", 2, 6, 0, Fraction(0), "missile", Fraction(2)),
    )
}

#: MCS 4.1: point defence rolls 1d6 against missiles at Point Blank, 1d3 at Impact.
POINT_DEFENCE_SIDES: dict[str, int] = {"pb": 6, "impact": 3}
#: MCS 4.1: "(gunnery skill/2)", fractions rounded down.
POINT_DEFENCE_SKILL_DIVISOR = 2
#: MCS Optional 5.7: countermissiles roll 1d6.
COUNTERMISSILE_SIDES = 6

#: MCS 5.0 Damage, 5.2 (and 4.5 for the interior): d6 + DV - toughness -> effect, (highest total, level). A
#: total of 9 or more is (total - 7)x critical: 9 "2x Critical", 10 "3x", 11 "4x", "etc.".
SEVERITY_LEVELS: tuple[tuple[int, str], ...] = ((0, "none"), (3, "light"), (6, "heavy"), (8, "critical"))
MULTIPLE_CRITICAL_BASE = 7
SEVERITY_DIE = 6
#: MCS Optional 5.3 (PC survivability): laser hits roll 1d3 for severity.
PC_SURVIVABILITY_DIE = 3
#: The order of the levels, for "one level more severe" and "reduced by one level" (MCS 4.5, 4.5.1).
LEVEL_ORDER = ("none", "light", "heavy", "critical")

#: MCS 5.0 Damage, 4.4, the armour table: Pen - armour -> DV change; None is no penetration (no interior hit),
#: 0 is full penetration (Pen > armour + 2).
ARMOUR_TABLE: dict[int, int] = {0: -3, 1: -2, 2: -1}
FULL_PENETRATION_MARGIN = 3

#: MCS 5.0 Damage, 5.3: surface hit locations on 3d6, (lowest, highest, location).
SURFACE_LOCATIONS: tuple[tuple[int, int, str], ...] = (
    (3, 3, "spinal"),
    (4, 4, "bay"),
    (5, 5, "launch port"),
    (6, 8, "turret"),
    (9, 10, "sensor"),
    (11, 12, "no effect"),
    (13, 14, "drop tanks"),
    (15, 17, "radiator"),
    (18, 18, "weak spot"),
)
#: MCS 5.3: a weak-spot hit goes to the interior with the target's armour this much lower, for that hit.
WEAK_SPOT_ARMOUR = -6

#: MCS 5.3, Antenna/Sensor: the system hit on 2d6.
SENSOR_SYSTEMS: tuple[tuple[int, int, str], ...] = (
    (2, 2, "communicator"),
    (3, 4, "LIDAR"),
    (5, 6, "AEMS"),
    (7, 9, "PEMS"),
    (10, 11, "ECM"),
    (12, 12, "decoy"),
)

#: MCS 5.0 Damage, 4.5: interior hit locations on 3d6, (lowest, highest, location, causes crew casualties).
INTERIOR_LOCATIONS: tuple[tuple[int, int, str, bool], ...] = (
    (3, 4, "electronics", True),
    (5, 5, "spinal", False),
    (6, 6, "magazine", True),
    (7, 7, "turret", False),
    (8, 8, "bay", False),
    (9, 9, "cargo/fittings", True),
    (10, 10, "fuel", False),
    (11, 11, "crew quarters", False),
    (12, 12, "power plant", True),
    (13, 13, "maneuver drive", True),
    (14, 14, "jump drive", True),
    (15, 15, "hangar", True),
    (16, 16, "screens", True),
    (17, 18, "special", True),
)
#: MCS 4.5, Electronics/Bridge on 1d6.
ELECTRONICS: tuple[tuple[int, int, str], ...] = (
    (1, 1, "bridge"),
    (2, 3, "fire control"),
    (4, 4, "computer"),
    (5, 6, "sensors"),
)
#: MCS 4.5, Cargo/Fittings on 1d6 ("-2 for freighters").
CARGO_FITTINGS: tuple[tuple[int, int, str], ...] = ((-1, 2, "cargo"), (3, 6, "fittings"))
FREIGHTER_CARGO_DM = -2
#: MCS 4.5, Special Critical Hit on 1d6.
SPECIAL_CRITICAL: tuple[tuple[int, int, str], ...] = (
    (1, 2, "secondary explosion"),
    (3, 3, "power spike"),
    (4, 4, "life support"),
    (5, 6, "structural"),
)
#: MCS 4.5: a secondary explosion rerolls two interior hits a level more severe, three if it was critical.
SECONDARY_HITS = 2
SECONDARY_HITS_CRITICAL = 3

#: MCS 5.3 (surface) and 4.5 (interior): what each location does at each level, in the seed's words. The
#: procedures apply the effects to the ship's state; this is the text a narration quotes.
SURFACE_EFFECTS: dict[str, dict[str, str]] = {
    "spinal": {
        "light": "no effect",
        "heavy": "spinal mount USD reduced by 2",
        "critical": "spinal mount USD reduced by 3",
    },
    "bay": {
        "light": "one bay battery USD reduced by 1",
        "heavy": "one bay battery USD reduced by 3",
        "critical": "one bay battery destroyed",
    },
    "launch port": {
        "light": "one launch facility per 10,000 tons lost (under 5,000 tons: none launched or recovered for one turn)",
        "heavy": "one launch facility per 2,000 tons lost",
        "critical": "no craft may be launched or recovered",
    },
    "turret": {
        "light": "one turret battery USD reduced by 1",
        "heavy": "one turret battery USD reduced by 3",
        "critical": "one turret battery destroyed",
    },
    "sensor": {"light": "see the sensor hit", "heavy": "see the sensor hit", "critical": "see the sensor hit"},
    "no effect": {"light": "bare hull", "heavy": "bare hull", "critical": "bare hull"},
    "drop tanks": {
        "light": "a tenth of J-1 of drop-tank fuel lost",
        "heavy": "J-1 of drop-tank fuel lost",
        "critical": "all drop-tank fuel lost",
    },
    "radiator": {
        "light": "IR signature +0.5",
        "heavy": "power plant -1, IR signature +1",
        "critical": "power plant -2, IR signature +1",
    },
    "weak spot": {
        "light": "armour -6 for this hit's interior",
        "heavy": "armour -6 for this hit's interior",
        "critical": "armour -6 for this hit's interior",
    },
}

#: MCS 5.3, the USD reduction of a battery hit, by level (the spinal aperture's own row: light none, heavy 2,
#: critical 3). None: the battery is destroyed. The worked example reduces the damage value ("(14:13 ...) to
#: (14:10 ...)"): a USD reduction lowers each range's damage value, not its penetration.
SURFACE_BATTERY_LOSS: dict[str, int | None] = {"light": 1, "heavy": 3, "critical": None}
SPINAL_APERTURE_LOSS: dict[str, int] = {"light": 0, "heavy": 2, "critical": 3}
#: MCS 4.5: spinal, bay and turret interior hits (and MCS 4.5 screens): the same 1, 3, destroyed.
INTERIOR_BATTERY_LOSS = SURFACE_BATTERY_LOSS

#: MCS 5.3, communicators and LIDARs: systems destroyed per this many tons (minimum 1), by level; a light hit
#: destroys one system ("One system per is destroyed": the number is missing), or under 1,000 tons damages one
#: (sensitivity -3).
ARRAY_TONS_PER_LOSS: dict[str, int | None] = {"light": None, "heavy": 5000, "critical": 1000}
ARRAY_SMALL_SHIP_TONS = 1000
ARRAY_DAMAGED_SENSITIVITY = -3
#: MCS 5.3, AEMS, PEMS, jammers: sensitivity lost by level; None is destroyed. (Figures in this and the next
#: tables are ``int`` where whole and ``Fraction`` where not: a ship's state stays in integers until a half comes.)
SENSOR_SENSITIVITY_LOSS: dict[str, Fraction | int | None] = {
    "light": Fraction(-1, 2),
    "heavy": -1,
    "critical": None,
}
#: MCS 4.5, Electronics 5-6 (Sensor): every sensor's sensitivity lost by level.
ALL_SENSORS_LOSS: dict[str, Fraction | int] = {"light": Fraction(-1, 2), "heavy": -1, "critical": -2}
#: MCS 5.3, radiator: IR signature and power plant by level; at most +2 IR from every radiator hit together.
RADIATOR: dict[str, tuple[Fraction | int, int]] = {
    "light": (Fraction(1, 2), 0),
    "heavy": (1, -1),
    "critical": (1, -2),
}
RADIATOR_IR_LIMIT = 2
#: MCS 5.3, launch port: facilities lost per this many tons (light, heavy); critical: none may launch.
LAUNCH_TONS_PER_LOSS: dict[str, int] = {"light": 10000, "heavy": 2000}
LAUNCH_SMALL_SHIP_TONS = 5000

#: MCS 4.5, Fire Control: MFDs destroyed per this many tons (light, heavy); heavy also FC -1; critical all MFDs
#: and FC 0.
MFD_TONS_PER_LOSS: dict[str, int] = {"light": 10000, "heavy": 1000}
FIRE_CONTROL_HEAVY = -1
#: MCS 4.5, Computer: heavy destroys one per 1,000 tons (minimum 1); light damages one (destroys it under 1,000).
COMPUTER_TONS_PER_LOSS = 1000
#: MCS 4.5, Missile Magazine: the share of the full missile load destroyed, by level, in percent.
MAGAZINE_LOSS_PERCENT: dict[str, int] = {"light": 10, "heavy": 25, "critical": 100}
#: MCS 4.5, Cargo: share of cargo destroyed; Fittings: one per this many tons (critical: all of one type).
CARGO_LOSS: dict[str, Fraction] = {"light": Fraction(1, 100), "heavy": Fraction(1, 10), "critical": Fraction(1)}
FITTINGS_TONS_PER_LOSS: dict[str, int] = {"light": 10000, "heavy": 5000}
#: MCS 4.5, Fuel: the share of the displacement lost, by level (only power-plant fuel: light and heavy ignored,
#: critical 1%).
FUEL_LOSS: dict[str, Fraction] = {"light": Fraction(1, 1000), "heavy": Fraction(1, 100), "critical": Fraction(1, 10)}
FUEL_POWER_ONLY_CRITICAL = Fraction(1, 100)
#: MCS 4.5, Crew Quarters: the share destroyed, by level, in percent (the seed's "1%", "10%", "100%").
QUARTERS_LOSS_PERCENT: dict[str, int] = {"light": 1, "heavy": 10, "critical": 100}
#: MCS 4.5, Hangar: light, 1% of craft (minimum 1) take a critical hit; heavy, 10% destroyed and one launch
#: facility; critical, all craft and facilities.
HANGAR_LOSS: dict[str, Fraction] = {"light": Fraction(1, 100), "heavy": Fraction(1, 10), "critical": Fraction(1)}
#: MCS 4.5, Screens, Power Plant, Maneuver and Jump drives: rating lost by level ("turn" marks a loss for one
#: turn only); None is destroyed.
SCREEN_LOSS: dict[str, int | None] = {"light": 1, "heavy": 3, "critical": None}
DRIVE_LOSS: dict[str, tuple[int | None, bool]] = {"light": (1, True), "heavy": (1, False), "critical": (None, False)}
JUMP_LOSS: dict[str, int | None] = {"light": 0, "heavy": 1, "critical": None}
#: MCS 4.5, Life support: G-tolerance by level (heavy -1; critical, set to 2).
LIFE_SUPPORT_HEAVY = -1
LIFE_SUPPORT_CRITICAL_TOLERANCE = 2
#: MCS 4.5, Structural: acceleration lost (light, heavy), armour and toughness lost (heavy); critical destroys.
STRUCTURAL_ACCEL = -1
STRUCTURAL_ARMOUR = -1
STRUCTURAL_TOUGHNESS = -1

#: MCS 4.5, crew casualties of a (C) hit by level: (crew, per tons), rounded up. A light hit on a ship under
#: 5,000 tons injures one crew member without disabling him.
CREW_CASUALTIES: dict[str, tuple[int, int]] = {"light": (1, 5000), "heavy": (1, 2000), "critical": (2, 1000)}
CREW_SMALL_SHIP_TONS = 5000
#: MCS 4.5: mesons and PAWs double the casualties; crews without vacc suits double them again.
RADIATION_CASUALTIES = 2
NO_VACC_SUIT_CASUALTIES = 2
#: MCS 4.5: disabled crew are killed on 1-2 of 1d6, heavily injured otherwise.
CREW_KILLED_ON = 2

#: MCS Optional 5.1, sensor lock: range -> signal needed (passive or LIDAR, active).
SENSOR_LOCK: dict[str, tuple[Fraction, Fraction]] = {
    "impact": (Fraction(10), Fraction(19, 2)),
    "pb": (Fraction(23, 2), Fraction(11)),
    "vs": (Fraction(12), Fraction(23, 2)),
    "s": (Fraction(25, 2), Fraction(12)),
    "m": (Fraction(13), Fraction(25, 2)),
    "l": (Fraction(27, 2), Fraction(13)),
    "x": (Fraction(14), Fraction(27, 2)),
}
#: MCS Optional 5.1: a Formidable sensor task adds 0.5; one working sensor alone loses 0.5; a hiding target 0.5.
SENSOR_TASK_BONUS = Fraction(1, 2)
SINGLE_SENSOR_PENALTY = Fraction(-1, 2)
HIDING_SIGNATURE = Fraction(-1, 2)

#: MCS Optional 5.4, spread fire: damage lost per point of ROF gained (at most up to the PD rating).
SPREAD_DAMAGE_PER_ROF = 2

#: MCS Optional 5.5, swarms: points the to-hit roll is made by -> ships hit, (lowest, highest, ships).
SWARM_HITS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 1),
    (2, 2, 2),
    (3, 3, 3),
    (4, 4, 4),
    (5, 5, 6),
    (6, 6, 8),
    (7, 7, 11),
    (8, 8, 16),
    (9, 9, 23),
    (10, 10, 30),
    (11, 11, 42),
    (12, 12, 60),
    (13, 13, 85),
    (14, 14, 120),
    (15, 15, 170),
    (16, 16, 240),
)
#: MCS Optional 5.5: firing at missile salvos as a swarm, the roll is made by two points less.
SWARM_MISSILE_PENALTY = -2


#: Each table's entries by roll, keyed by the table's identity (hashing a whole table at every roll costs more
#: than the lookup); the table is kept beside its rows so that its identity stays its own.
_ROWS: dict[int, tuple[tuple[tuple[int, int, str], ...], dict[int, str]]] = {}


def lookup(table: tuple[tuple[int, int, str], ...], roll: int) -> str:
    """The entry of a (lowest, highest, entry) table for a roll; rolls beyond the ends take the end rows."""
    known = _ROWS.get(id(table))
    if known is None:
        known = _ROWS[id(table)] = (table, {r: entry for low, high, entry in table for r in range(low, high + 1)})
    found = known[1].get(roll)
    if found is not None:
        return found
    for low, high, entry in table:
        if low <= roll <= high:
            return entry
    return table[0][2] if roll < table[0][0] else table[-1][2]


def squadron_rof(ships: int) -> int:
    """MCS 3.0: the ROF bonus of ``ships`` firing together."""
    for low, high, bonus in SQUADRON_ROF:
        if low <= ships <= high:
            return bonus
    return SQUADRON_ROF[-1][2]


def swarm_hits(made_by: int) -> int:
    """MCS Optional 5.5: ships of a squadron hit when the roll is made by ``made_by`` (beyond 16: 240)."""
    for low, high, ships in SWARM_HITS:
        if low <= made_by <= high:
            return ships
    return SWARM_HITS[-1][2]


@cache
def severity(total: int) -> tuple[str, int]:
    """MCS 5.2: the level of a severity total and how many hits of it: ("critical", 2) for 2x critical."""
    for highest, level in SEVERITY_LEVELS:
        if total <= highest:
            return level, 0 if level == "none" else 1
    return "critical", total - MULTIPLE_CRITICAL_BASE


@cache
def severity_levels(total: int) -> tuple[str, ...]:
    """MCS 5.2: the level of each hit a severity total makes: () for none, ("critical", "critical") for 2x."""
    level, count = severity(total)
    return (level,) * count


def quick_hits(dv: int, against: int, heavy_on_zero: bool) -> tuple[str, ...]:
    """MCS Optional 5.6 (quick combat): DV less toughness critical hits, no roll; none at 0 or below, or one
    Heavy hit at 0 with ``quick_heavy_on_zero``."""
    count = dv - against
    if count > 0:
        return ("critical",) * count
    return ("heavy",) if count == 0 and heavy_on_zero else ()


def level_name(level: str, count: int) -> str:
    return f"{count}x critical" if level == "critical" and count > 1 else level


def penetration(pen: int, armour: int) -> int | None:
    """MCS 5.0 Damage, 4.4: the DV change of Pen against armour; None when it does not penetrate."""
    margin = pen - armour
    if margin < 0:
        return None
    if margin >= FULL_PENETRATION_MARGIN:
        return 0
    return ARMOUR_TABLE[margin]


@cache
def interior_location(roll: int) -> tuple[str, bool]:
    for low, high, location, crew in INTERIOR_LOCATIONS:
        if low <= roll <= high:
            return location, crew
    raise ValueError(f"3d6 cannot roll {roll}")


#: MCS 5.3's surface locations an MCS sheet has no line for: "All hits on non-existent facilities ... are treated as
#: 'No Effect'". A ship has one when its notes name it (shipyard's reading; a fire log's ``facilities`` may say so
#: too): drop tanks or grappled craft ("1x10-ton skiff in external grapple", "Docking ring for 20-ton gig"), and
#: launch ports for its craft ("2x50 ton cutters in minimal hangers").
OPTIONAL_FACILITIES: dict[str, re.Pattern[str]] = {
    "drop tanks": re.compile(r"\bdrop[ -]tanks?\b|\bgrappl|\bdocking (?:ring|clamp)", re.I),
    "launch port": re.compile(
        r"\bhang[ae]rs?\b|\blaunch (?:tubes?|bays?|ports?|facilit)|\bshuttles?\b|"
        r"\bcutters?\b|\bflight decks?\b",
        re.I,
    ),
}


#: The surface location and the interior location (with its crew mark) of each total of 3d6, by index: the tables
#: above read once, for battles counted by the thousand.
SURFACE_BY_ROLL: tuple[str, ...] = tuple(lookup(SURFACE_LOCATIONS, roll) if roll >= 3 else "" for roll in range(19))
INTERIOR_BY_ROLL: tuple[tuple[str, bool], ...] = tuple(
    interior_location(roll) if roll >= 3 else ("", False) for roll in range(19)
)
