"""A referee's fire log (TOML, docs/combat.md): the ships, then turn by turn the range, each ship's evasion and
aiming G, and who fires which battery at whom with the dice the table rolled. ``resolve_log`` resolves it step
by step over the procedures of shipyard/systems/mcs/combat/resolve.py; damage takes effect at the end of each
turn (MCS 2.4) and the ships' states are kept after each."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.names import meant_hint, none_named, quoted, spelt
from shipyard.core.references import OUTSIDE_CODE, referenced, unread
from shipyard.core.stdin import folder_of
from shipyard.core.toml_input import ClosedTable, FileName, Positions, located, read_toml_file
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.build import combat_ship, pick_ship
from shipyard.systems.mcs.combat.dice import DiceError, RandomDice, ScriptedDice
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.resolve import (
    CannotFire,
    Context,
    Firing,
    apply_changes,
    countermissile,
    fire_beam,
    initiative,
    launch,
    missile_attack,
    point_defence,
    sensors_allow,
    unpowered_words,
)
from shipyard.systems.mcs.combat.state import NEAR_NAME, Battery, CombatShip, Mount, who
from shipyard.systems.mcs.model import UsdShip

#: A range band by its key, or by its name as the command line takes it ("Long", "very short").
Band = Annotated[Literal["impact", "pb", "vs", "s", "m", "l", "x"], BeforeValidator(t.band_word)]
#: How alike a misspelt ship's key must be to one of [ships] to be named as the one meant (difflib's ratio).
NEAR_SHIP = 0.6
Quality = t.Quality
#: MCS 4.5: the interior locations a component can be armoured at.
Location = Literal[
    "electronics",
    "spinal",
    "magazine",
    "turret",
    "bay",
    "cargo/fittings",
    "fuel",
    "crew quarters",
    "power plant",
    "maneuver drive",
    "jump drive",
    "hangar",
    "screens",
    "special",
]


class ShipEntry(ClosedTable):
    """A ship of the log: its sheet (relative to the log), which ship of it, its crew and readings."""

    sheet: FileName
    name: str | None = None
    crew: Quality | None = None
    mounts: dict[str, Mount] = Field(default_factory=dict)
    vacc_suits: bool = True
    component_armour: dict[Location, int] = Field(default_factory=dict)
    #: Facilities the ship has that its sheet does not name (MCS 5.3's drop tanks and launch ports).
    facilities: list[Literal["drop tanks", "launch port"]] = Field(default_factory=list)


class DefenceEntry(ClosedTable):
    """Point defence against one salvo (MCS 4.1): a battery (or ``squadron`` of them firing as one), ``shots``
    times."""

    battery: str
    shots: int = Field(1, ge=1)
    squadron: int = Field(1, ge=1)


class FireEntry(ClosedTable):
    ship: str
    battery: str
    target: str
    count: int | Literal["all"] = 1
    range: Band | None = None
    sand: Literal["none", "blocking", "cloud"] = "none"
    skill: int | None = None
    mode: Literal["controlled", "semi", "full", "frag-semi", "frag-full"] = "full"
    salvo: int | None = None  # the salvo strength when launched, if damage has lowered the battery's since
    launched: int | None = Field(None, ge=1)  # the turn a salvo was launched (MCS 4.0: Long and Extreme strike next)
    squadron: int = Field(1, ge=1)  # batteries firing together as one (squadron fire, MCS 3.0)
    spread: int = Field(0, ge=0)  # ROF gained by spread fire (Optional 5.4)
    missile_fc: int = 0  # the missiles' own fire control (the long missile rule; 0 without an MFD)
    defence: list[DefenceEntry] = Field(default_factory=list)
    dice: list[int] | None = None


class InitiativeEntry(ClosedTable):
    """A ship's (or its fleet's) initiative roll (MCS 2.2): the 2d rolled and the admiral's Fleet Tactics."""

    roll: int | None = Field(None, ge=2, le=12)
    tactics: int = 0


#: MCS 2.1: a ship's G given to maneuver, evasion or aiming; none can be negative.
G = Annotated[Decimal, Field(ge=0)]
#: The tables of a turn that give each ship's G, in the order MCS 2.1 allocates it.
G_TABLES = ("maneuver", "evasion", "aiming")


class TurnEntry(ClosedTable):
    range: Band
    maneuver: dict[str, G] = Field(default_factory=dict)
    initiative: dict[str, InitiativeEntry] = Field(default_factory=dict)
    evasion: dict[str, G] = Field(default_factory=dict)
    aiming: dict[str, G] = Field(default_factory=dict)
    fire: list[FireEntry] = Field(default_factory=list)


class FireLog(ClosedTable):
    ships: dict[str, ShipEntry]
    start_range: Band | None = None
    turn: list[TurnEntry] = Field(default_factory=list)
    options: Options = Field(default_factory=Options)


@dataclass
class TurnReport:
    number: int
    steps: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    states: list[dict[str, object]] = field(default_factory=list)


@dataclass
class Resolution:
    turns: list[TurnReport] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    seed: int | None = None


def _fraction(value: Decimal | None) -> Fraction:
    return Fraction(str(value)) if value is not None else Fraction(0)


class _Run:
    def __init__(self, path: Path, shown: str, log: FireLog, positions: Positions, seed: int | None) -> None:
        self.path, self.shown, self.log, self.positions = path, shown, log, positions
        self.random = RandomDice(seed) if seed is not None else None
        self.result = Resolution(seed=seed)
        self.ships: dict[str, CombatShip] = {}
        #: Batteries that fired or gave point defence this turn (MCS 4.1: one or the other, once).
        self.used: dict[int, str] = {}
        #: Each salvo launched to strike next turn: (battery, turn launched) -> its strength then. A salvo keeps the
        #: strength it was launched with, whatever damage does to its battery before it strikes (as in battle).
        self.in_flight: dict[tuple[int, int], int] = {}

    def error(self, where: tuple[str | int, ...], code: str, message: str) -> None:
        self.result.diagnostics.append(
            Diagnostic(
                code=code, severity=Severity.ERROR, span=located(self.positions, self.shown, where), message=message
            )
        )

    def load_ships(self) -> None:
        from shipyard.core.pipeline import check_sheet, load_sheet

        for key, entry in self.log.ships.items():
            where = ("ships", key, "sheet")
            sheet_path, refused = referenced(folder_of(self.path), entry.sheet)
            if refused is not None:
                self.error(where, OUTSIDE_CODE, f"ship {quoted(key)}: {refused}")
                continue
            sheet = check_sheet(load_sheet(sheet_path, str(sheet_path)))
            found = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
            read = [s for s in sheet.ships if isinstance(s, UsdShip)]
            chosen, why = pick_ship(read, entry.name, entry.sheet)
            if not read:  # not a sheet of MCS ships: its findings are its own, not quoted here
                self.error(where, "CMB003", f"ship {quoted(key)}: {why}{unread(sheet_path, found)}")
                continue
            self.result.diagnostics.extend(found)
            if chosen is None:
                self.error(where, "CMB003", f"ship {quoted(key)}: {why}")
                continue
            if why is not None:
                self.result.diagnostics.append(
                    Diagnostic(
                        code="CMB008",
                        severity=Severity.INFO,
                        message=why,
                        span=located(self.positions, self.shown, where),
                    )
                )
            batteries = [weapon.name for weapon in chosen.weapons]
            spellings = {spelt(battery) for battery in batteries}
            for name in entry.mounts:  # a mount for a battery the ship lacks would mount nothing, in silence
                if spelt(name) not in spellings:
                    self.error(
                        ("ships", key, "mounts", name),
                        "CMB004",
                        f"ship {quoted(key)}: mounts names {quoted(name)}, a "
                        f"battery {chosen.name} does not have{meant_hint(name, batteries, NEAR_NAME)}: it has "
                        + ", ".join(repr(battery) for battery in dict.fromkeys(batteries)),
                    )
            try:
                self.ships[key] = combat_ship(
                    chosen,
                    entry.crew,
                    entry.mounts,
                    entry.vacc_suits,
                    {str(k): v for k, v in entry.component_armour.items()},
                )
                self.ships[key].power_loss = self.log.options.power_loss
                self.ships[key].facilities |= frozenset(entry.facilities)
            except ValueError as error:
                self.error(where, "CMB003", f"ship {quoted(key)}: {error}")

    def ship(self, name: str, where: tuple[str | int, ...]) -> CombatShip | None:
        if name in self.ships:
            return self.ships[name]
        if name not in self.log.ships:
            self.error(where, "CMB004", none_named("ship", name, list(self.log.ships), NEAR_SHIP, " in [ships]"))
        return None

    def run(self) -> Resolution:
        self.load_ships()
        options = self.log.options.readings()
        previous = self.log.start_range
        for number, turn in enumerate(self.log.turn, start=1):
            report = TurnReport(number)
            ctx = Context(dice=ScriptedDice([]), options=options, turn=number)
            self.used = {}
            self.sequence(ctx, turn, number, previous)
            previous = turn.range
            sand_fired: set[int] = set()
            for index, entry in enumerate(turn.fire):
                where: tuple[str | int, ...] = ("turn", number - 1, "fire", index)
                self.fire(ctx, turn, entry, where, sand_fired)
            report.steps = list(ctx.log)
            report.effects = apply_changes(ctx)
            for ship in self.ships.values():
                report.effects.extend(ship.end_turn(number))
            report.states = [ship.summary() for ship in self.ships.values()]
            self.result.turns.append(report)
        return self.result

    def sequence(self, ctx: Context, turn: TurnEntry, number: int, previous: str | None) -> None:
        """MCS 2.1-2.3: the allocation of G, initiative, and the range step."""
        where: tuple[str | int, ...] = ("turn", number - 1)
        tables = {name: getattr(turn, name) for name in G_TABLES}
        for name, table in tables.items():
            for key in table:
                self.ship(key, where + (name, key))  # a misspelt ship's G is said, never dropped
        for key, ship in self.ships.items():
            wrong = ship.allocate(*(_fraction(table.get(key)) for table in tables.values()))
            if wrong is not None:
                given = next((name for name, table in tables.items() if key in table), G_TABLES[0])
                self.error(where + (given, key), "CMB007", f"{wrong} (MCS 2.1)")
        totals: dict[str, Fraction | int] = {}
        for key, entry in turn.initiative.items():
            rolling = self.ship(key, where + ("initiative",))
            if rolling is None:
                continue
            roll = entry.roll
            if roll is None:
                if self.random is None:
                    self.error(where + ("initiative",), "CMB006", f"no initiative roll for {quoted(key)} and no --seed")
                    continue
                roll = self.random.roll(t.INITIATIVE_DICE, 6, f"{rolling.name} initiative")
            totals[key] = initiative(roll, entry.tactics, rolling.allocation[0])
            ctx.say(
                f"initiative: {rolling.name} {roll} (2d6) + {entry.tactics} fleet tactics + "
                f"{t.INITIATIVE_MANEUVER_FACTOR} x {float(rolling.allocation[0]):g} G maneuver = "
                f"{float(totals[key]):g}"
            )
        if totals:
            best = max(totals.values())
            winners = [self.ships[k].name for k, v in totals.items() if v == best]
            ctx.say(f"initiative: {' and '.join(winners)} {'tie' if len(winners) > 1 else 'wins'}")
        if previous is not None:
            bands = t.RANGE_STEPS
            if previous in bands and turn.range in bands and abs(bands.index(previous) - bands.index(turn.range)) > 1:
                self.error(
                    where + ("range",),
                    "CMB007",
                    f"the range goes from {t.RANGE_BANDS[previous].name} to "
                    f"{t.RANGE_BANDS[turn.range].name}: the initiative winner may change it by one band "
                    "(MCS 2.3)",
                )
            ctx.say(f"range: {t.RANGE_BANDS[previous].name} to {t.RANGE_BANDS[turn.range].name}")

    def fire(
        self, ctx: Context, turn: TurnEntry, entry: FireEntry, where: tuple[str | int, ...], sand_fired: set[int]
    ) -> None:
        attacker = self.ship(entry.ship, where + ("ship",))
        target = self.ship(entry.target, where + ("target",))
        if attacker is None or target is None:
            return
        try:
            group = attacker.group(entry.battery)
        except KeyError as error:
            self.error(where + ("battery",), "CMB004", str(error.args[0]))
            return
        scripted = ScriptedDice(entry.dice or [], then=self.random)
        ctx.dice = scripted
        band = t.RANGE_BANDS[entry.range or turn.range]
        evasion = target.allocation[1]  # as allocated: none of a refused allocation (CMB007) is used
        aiming = attacker.allocation[2] if entry.ship in turn.aiming else None
        striking = group.kind == "missile" and entry.launched is not None  # fired in an earlier turn
        ready = group.intact if striking else [b for b in group.intact if id(b) not in self.used]
        batteries = ready if entry.count == "all" else ready[: entry.count]
        if entry.count != "all" and len(batteries) < entry.count:
            self.error(
                where + ("count",),
                "CMB005",
                f"{group.label}: {entry.count} asked to fire, {len(batteries)} "
                "intact and not yet fired this turn (MCS 4.1)",
            )
            return
        if group.kind == "beam" and not sensors_allow(ctx, attacker, target, band):
            return
        if not striking:
            self.used.update({id(b): "fire" for b in batteries})
        fire = Firing(ctx, attacker, group, target, band, evasion)
        try:
            if group.kind == "beam":
                self.beams(fire, batteries, entry, aiming, sand_fired)
            elif group.kind == "missile":
                self.missiles(fire, batteries, entry, where)
            else:
                raise CannotFire(f"{group.label} is a {group.kind} battery: it does not fire at ships")
        except CannotFire as error:
            self.error(where + ("battery",), "CMB005", str(error))
        except DiceError as error:
            hint = (
                ""
                if entry.dice is not None
                else (
                    "; no dice given for this fire: give 'dice = [...]' (the "
                    "totals the table rolled) or run with --seed N"
                )
            )
            self.error(where + ("dice",), "CMB006", f"{error}{hint}")
        if scripted.left:
            self.error(
                where + ("dice",),
                "CMB006",
                f"{scripted.left} scripted roll(s) left over: the fire used {scripted.used} of {len(scripted.rolls)}",
            )

    def beams(
        self,
        fire: Firing,
        batteries: list[Battery],
        entry: FireEntry,
        aiming: Fraction | int | None,
        sand_fired: set[int],
    ) -> None:
        """A beam fire's batteries: with squadron fire, each ``squadron`` of them make one roll (MCS 3.0)."""
        for start in range(0, len(batteries), entry.squadron):
            volley = batteries[start : start + entry.squadron]
            fire_beam(
                fire,
                volley[0],
                entry.skill,
                aiming,
                entry.sand,
                sand_fired,
                squadron=len(volley),
                spread=entry.spread,
            )

    def missiles(self, fire: Firing, batteries: list[Battery], entry: FireEntry, where: tuple[str | int, ...]) -> None:
        """A missile fire's batteries: each launches a salvo (one launched at Long or Extreme strikes next turn, as
        the log gives it), or strikes with the salvo an earlier turn launched."""
        ctx, attacker, group, target, band, _ = fire
        if entry.launched is None and (why := attacker.why_not_fire(group)) is not None:
            raise CannotFire(why)  # MCS 4.5: a ship that "may not ... fire" launches no salvo
        for battery in batteries:
            if entry.launched is None and id(battery) in attacker.unpowered():
                raise CannotFire(unpowered_words(battery, attacker))
            if entry.launched is None and not launch(ctx, group, battery, band, attacker.name, target.name):
                self.in_flight[(id(battery), ctx.turn)] = battery.rof
                continue  # launched at Long or Extreme: the log gives its strike next turn
            self.salvo(fire, battery, entry, where)

    def salvo(self, fire: Firing, battery: Battery, entry: FireEntry, where: tuple[str | int, ...]) -> None:
        ctx, attacker, group, target, _, _ = fire
        launched_with = self.in_flight.get((id(battery), entry.launched or 0), battery.rof)
        strength = launched_with if entry.salvo is None else entry.salvo
        size_evade = group.size_evade or 0
        if entry.launched is not None:
            launched = self.log.turn[entry.launched - 1].range if entry.launched <= len(self.log.turn) else None
            due = entry.launched + (0 if launched in t.MISSILE_SAME_TURN else 1)
            if launched is None or due != ctx.turn:
                self.error(
                    where + ("launched",),
                    "CMB007",
                    f"a salvo launched in turn {entry.launched}"
                    + (f" at {t.RANGE_BANDS[launched].name} range strikes in turn {due}" if launched else "")
                    + f", not turn {ctx.turn} (MCS 4.0)",
                )
                return
        strike = t.MISSILE_MODES[entry.mode].band
        for index, defence in enumerate(entry.defence):
            try:
                defender_group = target.group(defence.battery)
            except KeyError as error:
                self.error(where + ("defence", index), "CMB004", str(error.args[0]))
                return
            for _ in range(defence.shots):
                firing = [b for b in defender_group.intact if id(b) not in self.used][: defence.squadron]
                if len(firing) < defence.squadron:
                    self.error(
                        where + ("defence", index),
                        "CMB005",
                        f"{defender_group.label}: no "
                        f"{'battery' if defence.squadron == 1 else f'{defence.squadron} batteries'} left "
                        "that has not fired this turn (MCS 4.1: point defence uses batteries not yet fired, "
                        "which may not fire later)",
                    )
                    break
                self.used.update({id(b): "point defence" for b in firing})
                if defender_group.kind == "missile":  # countermissiles, Optional 5.7
                    if countermissile(ctx, defender_group, strength, size_evade):
                        return
                elif point_defence(
                    ctx,
                    target,
                    defender_group,
                    strength,
                    size_evade,
                    strike,
                    defence.squadron,
                    f"{who(attacker.name, battery)} salvo",
                ):
                    return
        missile_attack(
            fire,
            battery,
            entry.mode,
            entry.skill,
            entry.sand,
            strength=strength,
            missile_fc=entry.missile_fc,
        )


def resolve_log(path: Path, shown: str | None = None, seed: int | None = None) -> Resolution:
    """Resolve the fire log at ``path``; every problem is a located diagnostic, never an exception."""
    shown = shown or str(path)
    log, found, positions = read_toml_file(path, shown, FireLog, "CMB001", "CMB002", "fire log")
    if log is None:
        return Resolution(diagnostics=found, seed=seed)
    result = _Run(path, shown, log, positions, seed).run()
    result.diagnostics[:0] = found  # how the file was read (IO005), before what it says
    return result


def log_findings(path: Path, shown: str, text: str | None) -> list[Diagnostic]:
    """The registry's referee: a fire log resolved as ``shipyard combat resolve`` resolves it without ``--seed``
    (the log is the record of the rolls the table made: a fire without its dice is CMB006); the check keeps the
    log's own findings (the sheets it names are checked as sheets)."""
    return resolve_log(path, shown).diagnostics
