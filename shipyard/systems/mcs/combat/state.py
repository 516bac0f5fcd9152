"""A ship's combat state, built from the figures its MCS sheet declares (MCS 1.0) and changed by the effects of
MCS 5.0 Damage. Combat uses the declared figures as a referee at the table would; a checker's finding against a
figure is reported beside a result, never substituted here.

Each line of batteries ("10xHeavy Laser Btty") is a group of that many batteries, each with its own figures,
since a hit damages one battery of a group. A group is named by its name on the sheet, or by its position
("#3") when two share a name; two lines that share a name are two groups everywhere, each labelled by its line
on the sheet ("Laser Battery (line 11)") in narration, state, JSON and charts.

The records only: ``build.py`` makes them from a sheet, once a ship, uncompiled (it reads the pydantic sheet).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, Literal, TypeVar

from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.core.numbers import fraction_text
from shipyard.systems.mcs.combat.tables import (
    EVASION_TOLERANCE_LOSS,
    OPTIONAL_FACILITIES,
    RANGE_BANDS,
)

Mount = Literal["spinal", "bay", "turret"]
Kind = Literal["beam", "missile", "sandcaster", "damper"]
#: The kinds of battery line a ship's lines are asked for (``CombatShip.lines``).
WEAPONS: tuple[Kind, ...] = ("beam", "missile")  # what fights, what a battery hit can damage
BEAMS: tuple[Kind, ...] = ("beam",)
MISSILES: tuple[Kind, ...] = ("missile",)
SANDCASTERS: tuple[Kind, ...] = ("sandcaster",)
EVERY_KIND: tuple[Kind, ...] = ("beam", "missile", "sandcaster", "damper")
_T = TypeVar("_T")
#: MCS 4.5: power plant damage "disables one weapon battery per two points".
POWER_POINTS_A_BATTERY = 2
#: How near a misspelt battery name must be to a sheet's (difflib's ratio) to be named as the one meant.
NEAR_NAME = 0.8
#: A figure in G (MCS 2.1): whole, an ``int``; a part of one, a ``Fraction`` (half of 3 G to aiming is 3/2). The
#: sheets' G are whole as a rule, so a turn's G arithmetic runs in integers; a Fraction's is interpreted Python.
G = int | Fraction
_NO_G = 0


def whole(value: Fraction) -> G:
    """``value`` as an ``int`` when it is a whole number."""
    return value.numerator if value.denominator == 1 else value


def half(value: G) -> G:
    """Half of a figure in G, exact."""
    if isinstance(value, int) and value % 2 == 0:
        return value // 2
    return whole(Fraction(value) / 2)


def _shallow(thing: _T) -> _T:
    """A shallow copy of a plain dataclass instance: what ``copy.copy`` does, without its protocol (pickling's
    ``__reduce_ex__``, ten times the cost). As Python, the instance's ``__dict__`` copied; compiled (setup.py), an
    instance keeps none, and its fields are copied one by one (which the class is, found once)."""
    cls = type(thing)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = (
            () if hasattr(thing, "__dict__") else tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
        )
    copied = cls.__new__(cls)
    if not names:
        copied.__dict__.update(thing.__dict__)
        return copied
    for name in names:
        setattr(copied, name, getattr(thing, name))
    return copied


#: ``CombatShip._sand_armour`` before it is found (no armour is negative).
_NOT_YET = -1


def _not_yet() -> int:
    """``_NOT_YET`` as a default factory: compiled (setup.py), a plain default of a field outside ``__init__`` is
    left unset."""
    return _NOT_YET


def no_value() -> None:
    """None as a default factory: compiled (setup.py), a plain default of a field outside ``__init__`` is left
    unset."""
    return None


#: Each dataclass's field names, for ``_shallow`` (none: the class keeps a ``__dict__``).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def weapon_of(name: str) -> Literal["laser", "paw", "meson"]:
    """Which weapon a beam battery's name says: mesons and particle accelerators by name, lasers otherwise."""
    lowered = name.lower()
    if "meson" in lowered:
        return "meson"
    if re.search(r"\bt?paw\b|particle|accelerator", lowered):
        return "paw"
    return "laser"


def who(ship_name: str, battery: Battery) -> str:
    """Who acts, as a narration names it: the ship and the battery, "Hollyfields, Heavy Laser Btty #2"."""
    return f"{ship_name}, {battery.group} #{battery.number}"


class Battery:
    """One battery: its Pen:Dam by range (None where the sheet has a dash), ROF or salvo rating. A plain class
    with its constructor written out: compiled, a dataclass's generated one runs as Python (a battle copies
    every battery)."""

    def __init__(
        self,
        group: str,
        number: int,
        pen: list[int | None],
        dam: list[int | None],
        rof: int,
        point_defence: int | None = None,
        salvos: int | None = None,
        full_salvos: int | None = None,
        screen: int | None = None,
        armour: int | None = None,
        destroyed: bool = False,
        position: int = 0,
        label: str = "",
    ) -> None:
        self.group = group
        self.number = number
        self.pen = pen
        self.dam = dam
        self.rof = rof
        self.point_defence = point_defence
        self.salvos = salvos
        self.full_salvos = full_salvos
        self.screen = screen
        self.armour = armour
        self.destroyed = destroyed
        self.position = position  # the position of the battery's line on the sheet (its group's), 0 when not known
        #: "Heavy Laser Btty 3": the line's name and the battery's number in it
        self.label = label or f"{group} {number}"

    def __repr__(self) -> str:
        return f"Battery({self.label}: {self.usd()})"

    def arguments(self) -> tuple[Any, ...]:
        """The constructor's arguments that make this battery again, its figures lists of their own."""
        return (
            self.group,
            self.number,
            list(self.pen),
            list(self.dam),
            self.rof,
            self.point_defence,
            self.salvos,
            self.full_salvos,
            self.screen,
            self.armour,
            self.destroyed,
            self.position,
            self.label,
        )

    def copy(self) -> Battery:
        """A copy to fight with, its figures its own."""
        return Battery(*self.arguments())

    def __reduce__(self) -> tuple[type[Battery], tuple[Any, ...]]:
        """Pickled as its constructor's arguments (a battle's fleets go to worker processes; compiled, a class
        with a written constructor is not pickled otherwise)."""
        return Battery, self.arguments()

    def usd(self) -> str:
        if self.destroyed:
            return "destroyed"
        if self.screen is not None:
            return f"{self.screen}:{self.armour}"
        if self.salvos is not None:
            return f"({self.rof:+d}) {self.pen[0]}:{self.dam[0]}, {self.salvos} salvo(s)"
        if not self.pen:
            return f"PointDef {self.point_defence or 0:+d}"
        cells = ["-" if p is None or d is None else f"{p}:{d}" for p, d in zip(self.pen, self.dam, strict=True)]
        return f"({self.rof:+d}) " + " ".join(cells)


@dataclass(eq=False)
class Group:
    """A line of batteries on the sheet."""

    name: str
    position: int
    kind: Kind
    mount: Mount
    weapon: Literal["laser", "paw", "meson", "missile", "sand", "damper"]
    batteries: list[Battery]
    size_evade: int | None = None
    missiles_per_salvo: int | None = None
    #: The farthest band the sheet lets it fire at (a key of RANGE_BANDS: "only useable at Medium range or
    #: less" is "m"), and the sheet's line that says so; None: no limit.
    max_band: str | None = None
    limit_line: int | None = None
    #: A turret particle accelerator by name (MCS 4.5.2: any hit disables one).
    tpaw: bool = field(init=False)
    #: What the line is called where it is shown: its name, or with its sheet line when another shares it.
    label: str = field(init=False)

    def __post_init__(self) -> None:
        self.tpaw = "tpaw" in self.name.lower().replace(" ", "")
        self.label = self.name

    def relabel(self, label: str) -> None:
        """The line, and each of its batteries, shown as ``label`` (two lines of one name told apart)."""
        self.label = label
        for battery in self.batteries:
            battery.group, battery.label = label, f"{label} {battery.number}"

    def beyond(self, band: str) -> str | None:
        """Why the line may not fire at ``band`` (a key of RANGE_BANDS), past the sheet's limit; None when it may."""
        if self.max_band is None:
            return None
        order = list(RANGE_BANDS)
        if order.index(band) <= order.index(self.max_band):
            return None
        where = f", line {self.limit_line}" if self.limit_line is not None else ""
        return (
            f"{self.label} is only useable at {RANGE_BANDS[self.max_band].name} range or less (the sheet's "
            f"limit{where}): not at {RANGE_BANDS[band].name}"
        )

    @property
    def intact(self) -> list[Battery]:
        return [b for b in self.batteries if not b.destroyed]

    @property
    def first_intact(self) -> Battery | None:
        for battery in self.batteries:
            if not battery.destroyed:
                return battery
        return None


@dataclass(eq=False)
class SensorState:
    kind: str
    sensitivity: Fraction | int
    destroyed: bool = False

    def text(self) -> str:
        return f"{self.kind} {'destroyed' if self.destroyed else float(self.sensitivity)}"


class TurnEffect:
    """A loss that lasts to the end of a given turn (MCS 4.5: "for one turn")."""

    def __init__(self, what: str, amount: int, until_turn: int) -> None:
        self.what = what
        self.amount = amount
        self.until_turn = until_turn

    def __reduce__(self) -> tuple[type[TurnEffect], tuple[str, int, int]]:
        """Pickled as its constructor's arguments (as ``Battery``)."""
        return TurnEffect, (self.what, self.amount, self.until_turn)


@dataclass(eq=False)
class CombatShip:
    """What combat reads and damage changes. Figures the sheet does not give are None."""

    name: str
    displacement: Fraction
    size: int
    armour: int
    toughness: int
    meson_screen: int | None
    maneuver: G
    jump: int | None
    power: int | None
    g_tolerance: int | None
    fire_control: int
    computers: int
    fibre_computers: bool
    crew: int | None
    passengers: int
    skill: int
    skill_attribute: int
    fuel: Fraction | None
    cargo: Fraction | None
    signature_ir: Fraction
    signatures: dict[str, Fraction]
    groups: list[Group]
    sensors: list[SensorState]
    vacc_suits: bool = True
    #: The drives the sheet gives (G and jump as built): a drive damaged to 0 is still a drive (MCS 4.5 re-rolls
    #: only "hits on non-existent facilities"); None: as the current figures at the start.
    built_maneuver: G | None = None
    built_jump: int | None = None
    built_power: int | None = None
    #: MCS 4.5: "each point of power plant damage reduces maneuver by one or disables one weapon battery per two
    #: points": which, for this ship (Options.power_loss).
    power_loss: Literal["maneuver", "batteries"] = "maneuver"
    #: Of MCS 5.3's locations a sheet has no line for (tables.OPTIONAL_FACILITIES), those this ship has.
    facilities: frozenset[str] = frozenset()
    #: MCS 4.5.1: armoured compartments by interior location ("electronics", "crew quarters" ...).
    component_armour: dict[str, int] = field(default_factory=dict)
    fire_control_destroyed: bool = False
    mfds_lost: int = 0
    computers_damaged: int = 0
    computers_lost: bool = False  # destroyed, not only damaged
    crew_disabled: int = 0
    crew_injured: int = 0
    quarters_lost: int = 0  # percent of the crew quarters (MCS 4.5)
    ir_halves_added: int = 0  # IR signature added by radiator hits (MCS 5.3), in half points
    extra_task_dice: int = 0
    #: This turn's G (MCS 2.1): maneuver, evasion and aiming.
    allocation: tuple[G, G, G] = (0, 0, 0)
    misjump_dm: int = 0
    destroyed: bool = False
    withdrawn: bool = False
    squadron: str | None = None  # in battle (MCS 2.1.1)
    reserve: bool = False
    cost_mcr: Fraction | None = None
    tl: int | None = None  # the sheet's tech level, where it gives one
    spinal_disabled: bool = False
    launch_disabled: bool = False
    systems_destroyed: list[str] = field(default_factory=list)
    turn_effects: list[TurnEffect] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    _lines: dict[tuple[Mount | None, tuple[Kind, ...]], list[Group]] = field(
        default_factory=dict, init=False, repr=False
    )
    _sand_armour: int | None = field(default_factory=_not_yet, init=False, repr=False)  # ``sand_armour``, once found
    #: The displacement in whole tons, rounded down and up: what the rules by tonnage compare and divide on every
    #: hit ("ships under 5,000 tons", "per 1000 tons"), as integers (``__post_init__``).
    tons_down: int = field(default_factory=int, init=False, repr=False)
    tons_up: int = field(default_factory=int, init=False, repr=False)
    #: ``task_dice``'s dice for G past the tolerance, and the allocation and tolerance they were found for.
    _g_dice: int = field(default_factory=int, init=False, repr=False)
    _g_for: tuple[G, G, G] | None = field(default_factory=no_value, init=False, repr=False)
    _g_tolerance_for: int | None = field(default_factory=no_value, init=False, repr=False)

    def __post_init__(self) -> None:
        self.tons_down = math.floor(self.displacement)
        self.tons_up = math.ceil(self.displacement)

    def clone(self) -> CombatShip:
        """A fresh copy to fight with: every battery, sensor and list its own (faster than deepcopy)."""
        copied = _shallow(self)
        copied.groups = [_shallow(g) for g in self.groups]
        for group in copied.groups:
            group.batteries = [b.copy() for b in group.batteries]
        copied.sensors = [_shallow(s) for s in self.sensors]
        copied.signatures = dict(self.signatures)
        copied.component_armour = dict(self.component_armour)
        copied.systems_destroyed = list(self.systems_destroyed)
        copied.turn_effects = list(self.turn_effects)
        copied.notes = list(self.notes)
        copied._lines = {}
        return copied

    # ---- finding ----------------------------------------------------------------------------------
    def group(self, name: str) -> Group:
        """The group named ``name`` (case and spacing ignored) or at position ``#N`` (or ``N``, when no
        group is so named); KeyError says which names there are, and the one meant when a name is misspelt."""
        position = name[1:] if name.startswith("#") else name
        if name.startswith("#") and position.isdigit() and 1 <= int(position) <= len(self.groups):
            return self.groups[int(position) - 1]
        found = [g for g in self.groups if spelt(g.name) == spelt(name)]
        if len(found) != 1:
            found = [g for g in self.groups if spelt(g.label) == spelt(name)] or found  # "Laser Battery (line 11)"
        if len(found) == 1:
            return found[0]
        if not found and position.isdigit() and 1 <= int(position) <= len(self.groups):
            return self.groups[int(position) - 1]
        names = ", ".join(f"#{g.position} {quoted(g.label)}" for g in self.groups)
        if found:
            raise KeyError(
                f"{len(found)} batteries of {self.name} are named {quoted(name)}: name one by its "
                f"position or its label ({names})"
            )
        raise KeyError(
            f"{self.name} has no battery {quoted(name)}"
            f"{meant_hint(name, [g.name for g in self.groups], NEAR_NAME)}: it has {names}"
        )

    def lines(self, mount: Mount | None, kinds: tuple[Kind, ...]) -> list[Group]:
        """The ship's battery lines of a mount (None: any) and kinds; a line's mount and kind never change, so
        each such list is made once for the ship."""
        key = (mount, kinds)
        found = self._lines.get(key)
        if found is None:
            found = self._lines[key] = [
                g for g in self.groups if (mount is None or g.mount == mount) and g.kind in kinds
            ]
        return found

    @property
    def sand_armour(self) -> int | None:
        """The thickest sand of the sheet's sandcasters (None without): a DV past it by the full-penetration
        margin cannot be lowered by any of them. Sand armour never changes: found once, and a copy keeps it."""
        if self._sand_armour == _NOT_YET:
            self._sand_armour = max(
                (b.armour for g in self.lines(None, SANDCASTERS) for b in g.batteries if b.armour is not None),
                default=None,
            )
        return self._sand_armour

    def mounted(self, mount: Mount, kinds: tuple[Kind, ...] = WEAPONS) -> list[Battery]:
        return [b for g in self.lines(mount, kinds) for b in g.batteries if not b.destroyed]

    def has_mounted(self, mount: Mount, kinds: tuple[Kind, ...] = WEAPONS) -> bool:
        """Whether ``mounted`` would list a battery (without listing them)."""
        return any(g.first_intact is not None for g in self.lines(mount, kinds))

    def group_of(self, battery: Battery) -> Group:
        groups = self.groups
        index = battery.position - 1  # the line's position on the sheet: its index unless a line was left out
        if 0 <= index < len(groups) and groups[index].position == battery.position:
            return groups[index]
        return next(g for g in groups if battery in g.batteries)

    # ---- current figures --------------------------------------------------------------------------
    def _turn_loss(self, what: str) -> int:
        return sum(e.amount for e in self.turn_effects if e.what == what)

    def lacks(self, location: str) -> bool:
        """Whether a surface location is a facility the ship does not have (a hit on it is No Effect, MCS 5.3):
        drop tanks or launch ports its sheet does not name."""
        return location in OPTIONAL_FACILITIES and location not in self.facilities

    def power_damage(self) -> int:
        """Points of power plant rating lost (this turn's one-turn losses included); 0 where the sheet gives none."""
        power = self.current_power()
        return 0 if power is None or self.built_power is None else max(0, self.built_power - power)

    def grounded(self) -> str | None:
        """Why the ship may neither maneuver nor fire this turn (MCS 4.5: "Bridge destroyed. Ship may not maneuver
        or fire for one turn"; "All computers destroyed" the same; a computer hit with no backup left "may not
        maneuver or fire unless a backup is available"), or None."""
        if self.turn_effects and self._turn_loss("no maneuver or fire"):
            return f"{self.name} may not maneuver or fire this turn (bridge or computers destroyed)"
        if self.computers and self.computers_damaged >= self.computers and self.computers_lost:
            return f"{self.name} has no computer left: it may not maneuver or fire"
        return None

    def current_maneuver(self) -> G:
        """The G the ship may allocate this turn: its maneuver rating less drive and (by default) power plant
        losses; none while it may not maneuver (``grounded``)."""
        if self.grounded() is not None:
            return _NO_G
        loss = self._turn_loss("maneuver") if self.turn_effects else 0
        if self.power_loss == "maneuver" and self.power is not None:
            loss += self.power_damage()  # MCS 4.5: each point of power plant damage reduces maneuver by one
        if not loss:
            return self.maneuver  # never below 0
        return self.maneuver - loss if self.maneuver > loss else _NO_G

    def unpowered(self) -> set[int]:
        """The weapon batteries power plant damage disables (``power_loss`` "batteries": one per two points, MCS
        4.5), by identity: the last intact ones in the sheet's order, the owner keeping the first lines firing."""
        if self.power_loss != "batteries" or self.power is None:
            return set()
        count = self.power_damage() // POWER_POINTS_A_BATTERY
        if not count:
            return set()
        intact = [b for g in self.groups if g.kind in WEAPONS for b in g.batteries if not b.destroyed]
        return {id(b) for b in intact[-count:]}

    def current_power(self) -> int | None:
        return None if self.power is None else max(0, self.power - self._turn_loss("power"))

    def allocate(self, maneuver: G, evasion: G, aiming: G) -> str | None:
        """MCS 2.1: this turn's G; what is wrong with it, if anything (more G than the ship has now), in which case
        none of it is allocated: the ship neither maneuvers, evades nor aims this turn."""
        total = maneuver + evasion + aiming
        if total > self.current_maneuver():
            self.allocation = (0, 0, 0)
            return (
                f"{self.name} allocates {float(total):g} G but has {float(self.current_maneuver()):g} G this turn; "
                "none of it is allocated"
            )
        self.allocation = (maneuver, evasion, aiming)
        return None

    def task_dice(self) -> int:
        """Dice added to every task: bridge and computer damage, and each G of this turn's acceleration above
        the G-tolerance (1 lower with a G or more on evasion), MCS 2.1 and 4.5."""
        dice = self.extra_task_dice + (self._turn_loss("task dice") if self.turn_effects else 0)
        if self.g_tolerance is not None:
            if self._g_for is not self.allocation or self._g_tolerance_for != self.g_tolerance:
                maneuver, evasion, aiming = self.allocation
                tolerance = self.g_tolerance - (EVASION_TOLERANCE_LOSS if evasion >= 1 else 0)
                self._g_dice = max(0, math.ceil(maneuver + evasion + aiming - tolerance))
                self._g_for, self._g_tolerance_for = self.allocation, self.g_tolerance
            dice += self._g_dice
        return dice

    def why_not_fire(self, group: Group) -> str | None:
        """Why the ship cannot fire ``group`` this turn (MCS 4.5: bridge or computers destroyed, structural
        damage to the spinal mount), or None."""
        if self.destroyed:
            return f"{self.name} is destroyed"
        if (grounded := self.grounded()) is not None:
            return grounded
        if group.mount == "spinal" and self.spinal_disabled:
            return f"{self.name}'s spinal mount may not be fired (structural damage)"
        return None

    def end_turn(self, turn: int) -> list[str]:
        """Effects that last to the end of ``turn`` end; what ended, in words."""
        ended = [e for e in self.turn_effects if e.until_turn <= turn]
        self.turn_effects = [e for e in self.turn_effects if e.until_turn > turn]
        return [f"{self.name}: the {e.what} loss of {e.amount} ends" for e in ended]

    def summary(self) -> dict[str, object]:
        """The state as data (for JSON and the end-of-turn print)."""
        return {
            "name": self.name,
            "destroyed": self.destroyed,
            "armour": self.armour,
            "toughness": self.toughness,
            "meson_screen": self.meson_screen,
            "maneuver": fraction_text(self.current_maneuver()),
            "power": self.current_power(),
            "jump": self.jump,
            "g_tolerance": self.g_tolerance,
            "fire_control": self.fire_control,
            "computers": self.computers - self.computers_damaged,
            "crew_disabled": self.crew_disabled,
            "crew_injured": self.crew_injured,
            "fuel": None if self.fuel is None else fraction_text(self.fuel),
            "cargo": None if self.cargo is None else fraction_text(self.cargo),
            "ir_signature": fraction_text(self.signature_ir + Fraction(self.ir_halves_added, 2)),
            "extra_task_dice": self.extra_task_dice,
            "sensors": [s.text() for s in self.sensors],
            "batteries": {g.label: [b.usd() for b in g.batteries] for g in self.groups},
            "systems_destroyed": list(self.systems_destroyed),
            "notes": list(self.notes),
        }


def per_tons(ship: CombatShip, tons: int, minimum: int = 1) -> int:
    """One per ``tons`` of the ship's displacement, rounded up, at least ``minimum`` (MCS 4.5 "per 1000 tons
    (minimum 1)"): the displacement's whole tons rounded up, divided and rounded up again, is the same."""
    return max(minimum, -(-ship.tons_up // tons))  # integer ceiling
