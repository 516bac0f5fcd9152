"""A referee's fire log (TOML, docs/combat.md): the ships, then turn by turn the range, each ship's evasion and
aiming G, and who fires which battery at whom with the dice the table rolled. ``resolve_log`` resolves it step
by step over the procedures of shipyard/systems/mcs/combat/resolve.py; damage takes effect at the end of each
turn (MCS 2.4) and the ships' states are kept after each."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.toml_input import Positions, load_toml_model
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.dice import DiceError, RandomDice, ScriptedDice
from shipyard.systems.mcs.combat.resolve import (
    CannotFire,
    Context,
    Options,
    apply_changes,
    fire_beam,
    missile_attack,
    point_defence,
)
from shipyard.systems.mcs.combat.state import Battery, CombatShip, Group, Mount, combat_ship
from shipyard.systems.mcs.model import UsdShip

Band = Literal["impact", "pb", "vs", "s", "m", "l", "x"]
Quality = Literal["green", "trained", "line", "crack", "elite"]


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ShipEntry(_Entry):
    """A ship of the log: its sheet (relative to the log), which ship of it, its crew and readings."""

    sheet: str
    name: str | None = None
    crew: Quality | None = None
    mounts: dict[str, Mount] = Field(default_factory=dict)
    vacc_suits: bool = True


class DefenceEntry(_Entry):
    """Point defence against one salvo (MCS 4.1): a battery (or ``squadron`` of them firing as one), ``shots``
    times."""

    battery: str
    shots: int = Field(1, ge=1)
    squadron: int = Field(1, ge=1)


class FireEntry(_Entry):
    ship: str
    battery: str
    target: str
    count: int | Literal["all"] = 1
    range: Band | None = None
    sand: Literal["none", "blocking", "cloud"] = "none"
    skill: int | None = None
    mode: Literal["controlled", "semi", "full", "frag-semi", "frag-full"] = "full"
    salvo: int | None = None  # the salvo strength when launched, if damage has lowered the battery's since
    defence: list[DefenceEntry] = Field(default_factory=list)
    dice: list[int] | None = None


class TurnEntry(_Entry):
    range: Band
    evasion: dict[str, Decimal] = Field(default_factory=dict)
    aiming: dict[str, Decimal] = Field(default_factory=dict)
    fire: list[FireEntry] = Field(default_factory=list)


class FireLog(_Entry):
    ships: dict[str, ShipEntry]
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

    def error(self, where: tuple[str | int, ...], code: str, message: str) -> None:
        line, col = 1, 1
        for end in range(len(where), 0, -1):
            if where[:end] in self.positions:
                line, col = self.positions[where[:end]]
                break
        self.result.diagnostics.append(Diagnostic(code=code, severity=Severity.ERROR,
                                                  span=Span(path=self.shown, line=line, col=col), message=message))

    def load_ships(self) -> None:
        from shipyard.core.pipeline import check_sheet, load_sheet

        for key, entry in self.log.ships.items():
            where = ("ships", key, "sheet")
            sheet_path = (self.path.parent / entry.sheet)
            sheet = check_sheet(load_sheet(sheet_path, str(sheet_path)))
            self.result.diagnostics.extend(d for d in sheet.diagnostics if d.severity is not Severity.INFO)
            ships = [s for s in sheet.ships if isinstance(s, UsdShip)]
            if entry.name is not None:
                ships = [s for s in ships if " ".join(s.name.lower().split()) == " ".join(entry.name.lower().split())]
            if not ships:
                self.error(where, "CMB003", f"ship {key!r}: {entry.sheet} holds no MCS USD ship"
                           + (f" named {entry.name!r}" if entry.name else ""))
                continue
            try:
                self.ships[key] = combat_ship(ships[0], entry.crew, entry.mounts, entry.vacc_suits)
            except ValueError as error:
                self.error(where, "CMB003", f"ship {key!r}: {error}")

    def ship(self, name: str, where: tuple[str | int, ...]) -> CombatShip | None:
        if name in self.ships:
            return self.ships[name]
        if name not in self.log.ships:
            self.error(where, "CMB004", f"no ship {name!r} in [ships]: expected one of {', '.join(self.log.ships)}")
        return None

    def run(self) -> Resolution:
        self.load_ships()
        options = self.log.options
        for number, turn in enumerate(self.log.turn, start=1):
            report = TurnReport(number)
            ctx = Context(dice=ScriptedDice([]), options=options, turn=number)
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

    def fire(self, ctx: Context, turn: TurnEntry, entry: FireEntry, where: tuple[str | int, ...],
             sand_fired: set[int]) -> None:
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
        if entry.dice is None and self.random is None:
            self.error(where, "CMB006", "no dice given for this fire and no --seed to roll them: give "
                                        "'dice = [...]' (the totals the table rolled) or run with --seed N")
            return
        ctx.dice = scripted
        band = t.RANGE_BANDS[entry.range or turn.range]
        evasion = _fraction(turn.evasion.get(entry.target))
        aiming = turn.aiming.get(entry.ship)
        batteries = group.intact if entry.count == "all" else group.intact[:entry.count]
        if entry.count != "all" and len(batteries) < entry.count:
            self.error(where + ("count",), "CMB005", f"{group.name}: {entry.count} asked to fire, "
                                                      f"{len(batteries)} intact")
            return
        try:
            for battery in batteries:
                if group.kind == "beam":
                    fire_beam(ctx, attacker, group, battery, target, band, evasion, entry.skill,
                              None if aiming is None else _fraction(aiming), entry.sand, sand_fired)
                elif group.kind == "missile":
                    self.salvo(ctx, attacker, group, battery, target, band, evasion, entry, where)
                else:
                    raise CannotFire(f"{group.name} is a {group.kind} battery: it does not fire at ships")
        except CannotFire as error:
            self.error(where + ("battery",), "CMB005", str(error))
        except DiceError as error:
            self.error(where + ("dice",), "CMB006", str(error))
        if scripted.left:
            self.error(where + ("dice",), "CMB006", f"{scripted.left} scripted roll(s) left over: the fire used "
                                                    f"{scripted.used} of {len(scripted.rolls)}")

    def salvo(self, ctx: Context, attacker: CombatShip, group: Group, battery: Battery, target: CombatShip,
              band: t.RangeBand, evasion: Fraction, entry: FireEntry, where: tuple[str | int, ...]) -> None:
        strength = battery.rof if entry.salvo is None else entry.salvo
        size_evade = group.size_evade or 0
        strike = t.MISSILE_MODES[entry.mode].band
        for index, defence in enumerate(entry.defence):
            try:
                defender_group = target.group(defence.battery)
            except KeyError as error:
                self.error(where + ("defence", index), "CMB004", str(error.args[0]))
                return
            for _ in range(defence.shots):
                if point_defence(ctx, target, defender_group, strength, size_evade, strike, defence.squadron):
                    return
        missile_attack(ctx, attacker, group, battery, target, band, evasion, entry.mode, entry.skill, entry.sand,
                       strength=strength)


def resolve_log(path: Path, shown: str | None = None, seed: int | None = None) -> Resolution:
    """Resolve the fire log at ``path``; every problem is a located diagnostic, never an exception."""
    shown = shown or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return Resolution(diagnostics=[Diagnostic(code="IO001", severity=Severity.ERROR,
                                                  span=Span(path=shown, line=1, col=1),
                                                  message=f"cannot read the fire log: {error}")])
    log, found, positions = load_toml_model(text, shown, FireLog, "CMB001", "CMB002", "fire log")
    if log is None:
        return Resolution(diagnostics=found, seed=seed)
    return _Run(path, shown, log, positions, seed).run()


def looks_like_fire_log(text: str) -> bool:
    """A fire log's tables: ``[ships.NAME]`` and ``[[turn]]`` (a TCS formation log has turns but no ships)."""
    from shipyard.core.sniff import toml_tables

    if "[ships." not in text:
        return False
    tables = toml_tables(text)
    return "[[turn]]" in tables and any(table.startswith("[ships.") for table in tables)
