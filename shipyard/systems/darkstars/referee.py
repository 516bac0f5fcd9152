"""Dark Stars plots refereed (docs/darkstars.md): the system, the ships (race, class, drive in use, fuel cells,
last speed, last orbit direction, hex) and each turn's plots. Planets move one hex clockwise before ships move;
every rule of the seed's movement is checked and each illegal plot is a located finding.

Readings (named in docs/darkstars.md): a speed may not fall below 0; the star's hex cannot be entered;
adjacency is to a planet where it stands after this turn's planet movement; a drive switch "upon plotting a
NC" takes effect the next turn, as the Gzrel's does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Literal

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import none_named, quoted, spelt
from shipyard.core.references import OUTSIDE_CODE, referenced, unread
from shipyard.core.stdin import folder_of
from shipyard.core.toml_input import ClosedTable, FileName, Positions, load_toml_model, located, read_toml_file
from shipyard.systems.darkstars import charts as c
from shipyard.systems.darkstars import geometry as g
from shipyard.systems.darkstars.system import StarSystem

Race = Literal["riin", "gzrel", "tassar", "terran"]
Drive = Literal["polarizer", "photon", "sail", "ramjet", "pulse", "ram-rocket", "x-ray-laser", "wormhole"]
Speed = Literal["HA", "LA", "HD", "LD", "NC"]
#: Each race's drive on entering the system (all ships arrive under interstellar drive; the Riin and Terrans
#: name the drive they plot).
ENTRY_DRIVE: dict[str, str] = {"gzrel": "ramjet", "tassar": "ram-rocket"}
#: How alike a misspelt vessel name must be to one of the log's (difflib's ratio) to be named as the one meant.
NEAR_NAME = 0.6
#: The races whose ships carry fuel cells ("For the Tassar and Terran").
FUEL_RACES = frozenset({"tassar", "terran"})
#: The drive a race switches to after an NC on its interstellar drive, for good.
SWITCHES_TO: dict[str, str] = {"gzrel": "sail", "tassar": "pulse"}


class ShipEntry(ClosedTable):
    name: str
    race: Race
    ship_class: Literal["explorer", "light-warship", "heavy-warship", "colony"] = Field(..., alias="class")
    drive: Drive
    hex: tuple[int, int]
    speed: int = Field(0, ge=0)
    fuel: int | None = Field(None, ge=0)
    orbit_direction: Literal["clockwise", "counterclockwise"] | None = None


class Plot(ClosedTable):
    ship: str
    drive: Drive | None = None
    move: Literal["up", "orbit", "down"]
    speed: Speed
    hexes: list[tuple[int, int]] = Field(default_factory=list)
    assist: int = 0
    assist_body: tuple[int, int] | None = None


class TurnEntry(ClosedTable):
    plot: list[Plot] = Field(default_factory=list)


class GameInfo(ClosedTable):
    system: FileName  # the system file, relative to the game log


class GameLog(ClosedTable):
    game: GameInfo
    vessel: list[ShipEntry] = Field(min_length=1)
    turn: list[TurnEntry] = Field(default_factory=list)


@dataclass
class ShipState:
    name: str
    race: str
    drive: str
    hex: g.Hex
    speed: int
    fuel: int | None
    direction: str | None
    switch_next: bool = False
    switched: bool = False


@dataclass
class Refereed:
    turns: list[list[str]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    paths: list[tuple[str, list[g.Hex], bool]] = field(default_factory=list)
    system: StarSystem | None = None


def _direction(a: g.Hex, b: g.Hex) -> str | None:
    """Clockwise or counterclockwise, for a step between two hexes of one orbital."""
    if g.orbital(a) != g.orbital(b) or g.orbital(a) == 0:
        return None
    if g.clockwise(a) == b:
        return "clockwise"
    if g.clockwise(b) == a:
        return "counterclockwise"
    return None


class _Referee:
    def __init__(self, log: GameLog, positions: Positions, shown: str, system: StarSystem) -> None:
        self.log, self.positions, self.shown, self.system = log, positions, shown, system
        self.result = Refereed(system=system)
        self.planets = {p.hex: p.type for p in system.planets}
        self.ships: dict[str, ShipState] = {}
        for index, entry in enumerate(log.vessel):
            where = ("vessel", index)
            if entry.name in self.ships:
                self.finding(
                    "DS210",
                    (*where, "name"),
                    f"a second vessel is named {quoted(entry.name)}: it is not played "
                    "(give each vessel a name of its own)",
                )
                continue
            if not _on_display(entry.hex):
                self.finding(
                    "DS209",
                    (*where, "hex"),
                    f"{entry.name} starts at {entry.hex}, "
                    + (
                        "the star's hex"
                        if entry.hex == g.STAR
                        else f"off the display (orbital {g.orbital(entry.hex)}; the display has {c.ORBITALS})"
                    ),
                )
            fuel = entry.fuel
            if fuel is None and entry.race in FUEL_RACES:
                fuel = c.FUEL_CELLS[entry.ship_class]
            self.ships[entry.name] = ShipState(
                entry.name,
                entry.race,
                entry.drive,
                entry.hex,
                entry.speed,
                fuel,
                entry.orbit_direction,
                switched=SWITCHES_TO.get(entry.race) == entry.drive,
            )

    def finding(self, code: str, where: tuple[str | int, ...], message: str) -> None:
        self.result.diagnostics.append(
            Diagnostic(
                code=code, severity=Severity.ERROR, span=located(self.positions, self.shown, where), message=message
            )
        )

    def run(self) -> Refereed:
        for number, turn in enumerate(self.log.turn, start=1):
            self.planets = {g.clockwise(h): kind for h, kind in self.planets.items()}  # planet movement phase
            lines = [f"turn {number}: planets move one hex clockwise"]
            for index, plot in enumerate(turn.plot):
                lines.append(self.plot(plot, ("turn", number - 1, "plot", index)))
            self.result.turns.append(lines)
        return self.result

    def plot(self, plot: Plot, where: tuple[str | int, ...]) -> str:
        ship = self.ships.get(plot.ship)
        if ship is None:
            self.finding("DS209", (*where, "ship"), none_named("ship", plot.ship, list(self.ships), NEAR_NAME))
            return f"{plot.ship}: not a ship of this game"
        before = len(self.result.diagnostics)
        drive = self.drive(ship, plot, where)
        start = ship.hex
        orbital = g.orbital(start)
        table = c.change(plot.move, plot.speed, orbital) if 1 <= orbital <= c.ORBITALS else 0
        self.assist(plot, where)
        speed = ship.speed + table + plot.assist
        if speed < 0:
            self.finding(
                "DS201",
                (*where, "speed"),
                f"{ship.name}: speed {ship.speed} {table:+d} "
                f"{'' if not plot.assist else f'{plot.assist:+d} assist '}is {speed}: a speed cannot fall "
                "below 0",
            )
        elif speed != len(plot.hexes):
            self.finding(
                "DS201",
                (*where, "hexes"),
                f"{ship.name}: speed {ship.speed} {table:+d} ({plot.move}, "
                f"{plot.speed}, from orbital {orbital})"
                + (f" {plot.assist:+d} assist" if plot.assist else "")
                + f" = {speed}, but the plot enters {len(plot.hexes)} hex(es)",
            )
        path = [start, *plot.hexes]
        self.steps(ship, plot, path, where)
        self.fuel(ship, plot, drive, where)
        ship.hex = path[-1]
        ship.speed = max(0, speed)
        if plot.move == "orbit" and len(path) > 1:
            ship.direction = _direction(path[0], path[1]) or ship.direction
        illegal = len(self.result.diagnostics) > before
        self.result.paths.append((ship.name, path, illegal))
        return (
            f"{ship.name}: {plot.move} {plot.speed} on {drive}, speed {ship.speed}, to {ship.hex} (orbital "
            f"{g.orbital(ship.hex)})"
            + (f", fuel {ship.fuel}" if ship.fuel is not None else "")
            + (": illegal" if illegal else "")
        )

    def drive(self, ship: ShipState, plot: Plot, where: tuple[str | int, ...]) -> str:
        """The drive in use, and the races' switching rules."""
        if ship.switch_next:
            ship.drive, ship.switch_next, ship.switched = SWITCHES_TO[ship.race], False, True
        drive = plot.drive or ship.drive
        if drive == "wormhole":
            self.finding("DS206", (*where, "drive"), f"{ship.name}: the wormhole jump cannot be used in a system")
            return drive
        rule = c.DRIVES.get((ship.race, drive))
        if rule is None:
            drives = [d for (race, d) in c.DRIVES if race == ship.race]
            self.finding(
                "DS206",
                (*where, "drive"),
                f"{ship.name}: a {ship.race} ship has no {drive} (its drives: {', '.join(drives)})",
            )
            return drive
        if ship.race in SWITCHES_TO and drive != ship.drive:
            why = (
                ("it has switched to its " + ship.drive + " for good")
                if ship.switched
                else (f"it switches to its {SWITCHES_TO[ship.race]} only the turn after an NC on its {ship.drive}")
            )
            self.finding("DS206", (*where, "drive"), f"{ship.name} plots its {drive}: {why}")
        speeds, moves, _, interstellar = rule
        if plot.speed not in speeds:
            self.finding(
                "DS206",
                (*where, "speed"),
                f"{ship.name}: the {drive} cannot plot {plot.speed} (it plots "
                f"{', '.join(s for s in c.SPEEDS if s in speeds)})",
            )
        if plot.move not in moves:
            self.finding(
                "DS206",
                (*where, "move"),
                f"{ship.name}: the {drive} cannot move {plot.move} (it moves {' or '.join(sorted(moves))})",
            )
        if ship.race != "riin":
            ship.drive = drive
        if interstellar and plot.speed == "NC" and ship.race in SWITCHES_TO:
            ship.switch_next = True
        return drive

    def steps(self, ship: ShipState, plot: Plot, path: list[g.Hex], where: tuple[str | int, ...]) -> None:
        for index, (a, b) in enumerate(pairwise(path)):
            here = (*where, "hexes")
            if not g.adjacent(a, b):
                self.finding("DS202", here, f"{ship.name}: hex {index + 1} of the plot, {b}, is not next to {a}")
            if b == g.STAR:
                self.finding("DS202", here, f"{ship.name}: the star's hex cannot be entered")
            if g.orbital(b) > c.ORBITALS:
                self.finding("DS209", here, f"{ship.name}: {b} is off the display (orbital {g.orbital(b)})")
        orbitals = [g.orbital(h) for h in path]
        if plot.move == "up":
            if any(b < a for a, b in pairwise(orbitals)) or orbitals[-1] < orbitals[0] + 1:
                self.finding(
                    "DS203",
                    (*where, "hexes"),
                    f"{ship.name}: Up Well never lowers its orbital and ends at "
                    f"least one higher (orbitals {' '.join(map(str, orbitals))})",
                )
        elif plot.move == "down":
            if any(b > a for a, b in pairwise(orbitals)) or orbitals[-1] > orbitals[0] - 1:
                self.finding(
                    "DS204",
                    (*where, "hexes"),
                    f"{ship.name}: Down Well never raises its orbital and ends "
                    f"at least one lower (orbitals {' '.join(map(str, orbitals))})",
                )
        elif len(path) > 1:
            turns = {_direction(a, b) for a, b in pairwise(path)}
            if any(o != orbitals[0] for o in orbitals) or None in turns:
                self.finding("DS205", (*where, "hexes"), f"{ship.name}: an Orbit move stays in orbital {orbitals[0]}")
            elif len(turns) > 1:
                self.finding("DS205", (*where, "hexes"), f"{ship.name}: an Orbit move keeps one direction")
            elif ship.direction is not None and turns != {ship.direction}:
                self.finding(
                    "DS205",
                    (*where, "hexes"),
                    f"{ship.name}: Orbit moves on consecutive turns keep their direction ({ship.direction} last turn)",
                )

    def fuel(self, ship: ShipState, plot: Plot, drive: str, where: tuple[str | int, ...]) -> None:
        rule = c.DRIVES.get((ship.race, drive))
        if rule is None or not rule[2] or ship.fuel is None:
            return
        cost = c.FUEL_COST[plot.speed]
        if cost > ship.fuel:
            self.finding(
                "DS207", (*where, "speed"), f"{ship.name}: {plot.speed} costs {cost} fuel cells, {ship.fuel} left"
            )
        ship.fuel = max(0, ship.fuel - cost)

    def assist(self, plot: Plot, where: tuple[str | int, ...]) -> None:
        """Gravity assist: more acceleration after two or more consecutive hexes beside the body, more
        deceleration after one; at most the body's allowance (t1-t4 1, t5 g1 g2 2, g3-g5 and the star 3)."""
        if not plot.assist:
            return
        here = (*where, "assist")
        body = plot.assist_body
        kind = "star" if body == g.STAR else self.planets.get(body) if body is not None else None
        if body is None or kind is None:
            self.finding(
                "DS208",
                here,
                f"{plot.ship}: gravity assist claims no body (assist_body is the hex of a "
                "planet after this turn's planet movement, or [0, 0] for the star)",
            )
            return
        allowed = c.GRAVITY_ASSIST[kind]
        if abs(plot.assist) > allowed:
            self.finding(
                "DS208", here, f"{plot.ship}: an assist of {plot.assist:+d} from a {kind}, which allows {allowed}"
            )
        beside = [g.adjacent(h, body) for h in plot.hexes]
        run = longest = 0
        for flag in beside:
            run = run + 1 if flag else 0
            longest = max(longest, run)
        if plot.assist > 0 and longest < c.ASSIST_ACCELERATE_HEXES:
            self.finding(
                "DS208",
                here,
                f"{plot.ship}: an assist to accelerate needs {c.ASSIST_ACCELERATE_HEXES} "
                f"consecutive hexes beside the {kind}; the plot has {longest}",
            )
        elif plot.assist < 0 and (alongside := sum(beside)) != c.ASSIST_DECELERATE_HEXES:
            # "If it is moved so that it is adjacent for only one hex of movement, it may deacelerate more"
            self.finding(
                "DS208",
                here,
                f"{plot.ship}: an assist to decelerate needs exactly "
                f'{c.ASSIST_DECELERATE_HEXES} hex beside the {kind} ("adjacent for only one hex of '
                f'movement"); the plot has {alongside}',
            )


def referee(path: Path, shown: str | None = None, text: str | None = None) -> Refereed:
    """Referee the game log at ``path`` (its system file is read relative to it), or its ``text`` when read
    already."""
    from shipyard.core.pipeline import load_sheet

    shown = shown or str(path)
    if text is None:
        log, found, positions = read_toml_file(path, shown, GameLog, "DS003", "DS004", "Dark Stars game log")
    else:
        log, found, positions = load_toml_model(text, shown, GameLog, "DS003", "DS004", "Dark Stars game log")
    if log is None:
        return Refereed(diagnostics=found)
    system_path, refused = referenced(folder_of(path), log.game.system)
    line, col = positions.get(("game", "system"), (1, 1))

    def unplayable(code: str, message: str) -> Refereed:
        """The log's findings and why its system file gives no game, at its ``system`` key."""
        at = Span(path=shown, line=line, col=col)
        return Refereed(diagnostics=[*found, Diagnostic(code=code, severity=Severity.ERROR, span=at, message=message)])

    if refused is not None:
        return unplayable(OUTSIDE_CODE, refused)
    sheet = load_sheet(system_path)
    systems = [s for s in sheet.ships if isinstance(s, StarSystem)]
    if not systems:  # not a system file: its findings are its own, not quoted here
        return unplayable(
            "DS209", f"{log.game.system}: no Dark Stars system to play in" + unread(system_path, sheet.diagnostics)
        )
    result = _Referee(log, positions, shown, systems[0]).run()
    result.diagnostics = found + [d for d in sheet.diagnostics if d.severity is Severity.ERROR] + result.diagnostics
    return result


def log_findings(path: Path, shown: str, text: str | None) -> list[Diagnostic]:
    """The registry's referee: a game log refereed from the text the check read (the check keeps its own
    findings)."""
    return referee(path, shown, text).diagnostics


@dataclass
class Option:
    """One legal plot for a ship's next turn: the drive, move and speed choice, the new speed, the hexes it can
    end in, and the fuel left."""

    drive: str
    move: str
    speed: str
    new_speed: int
    ends: list[g.Hex]
    fuel: int | None


def well_step(frontier: set[g.Hex], move: str) -> set[g.Hex]:
    """The hexes an Up or Down Well move can be in one hex on from ``frontier``: a neighbour not lower (Up) or
    not higher (Down) in orbital, never the star's hex or off the display."""
    return {
        n
        for h in frontier
        for n in g.neighbours(h)
        if n != g.STAR
        and g.orbital(n) <= c.ORBITALS
        and (g.orbital(n) >= g.orbital(h) if move == "up" else g.orbital(n) <= g.orbital(h))
    }


def _ends(start: g.Hex, steps: int, move: str, direction: str | None) -> list[g.Hex]:
    """The hexes a move of ``steps`` hexes can end in (no gravity assist): Up Well never lowering its orbital
    and ending at least one higher, Down Well the reverse, Orbit along the ring (either way unless last turn's
    direction binds it); never into the star's hex or off the display."""
    if steps == 0:
        return []
    if move == "orbit":
        ways = [way for way in ("clockwise", "counterclockwise") if direction is None or way == direction]
        return sorted({g.clockwise(start, steps if way == "clockwise" else -steps) for way in ways})  # laps wrap
    frontier = {start}
    seen: dict[frozenset[g.Hex], int] = {}  # each frontier met, by its step: the frontiers come round in a cycle
    step = 0
    while step < steps:
        key = frozenset(frontier)
        if key in seen:  # a cycle of step - seen[key] steps: skip its whole laps (any speed, in a few steps)
            step += (steps - step) // (step - seen[key]) * (step - seen[key])
            seen.clear()
            if step >= steps:
                break
        seen[key] = step
        step += 1
        frontier = well_step(frontier, move)
    low = g.orbital(start)
    return sorted(h for h in frontier if (g.orbital(h) >= low + 1 if move == "up" else g.orbital(h) <= low - 1))


def _on_display(h: g.Hex) -> bool:
    """Whether a ship can stand at ``h``: in an orbital of the display, not on the star."""
    return 1 <= g.orbital(h) <= c.ORBITALS


def options(path: Path, ship_name: str) -> tuple[list[Option], list[Diagnostic]]:
    """Every legal plot for ``ship_name``'s next turn, after the log's turns (and the next planet movement)."""
    result = referee(path)
    log, _, _ = read_toml_file(path, str(path), GameLog, "DS003", "DS004", "Dark Stars game log")
    if log is None or result.system is None:
        return [], result.diagnostics
    run = _Referee(log, {}, str(path), result.system)
    run.run()
    named = {spelt(name): name for name in run.ships}  # a ship's name in any case and spacing
    ship = run.ships.get(named.get(spelt(ship_name), ship_name))
    if ship is None:
        return [], [
            *result.diagnostics,
            Diagnostic(
                code="DS209",
                severity=Severity.ERROR,
                span=Span(path=str(path), line=1, col=1),
                message=none_named("ship", ship_name, list(run.ships), NEAR_NAME),
            ),
        ]
    if not _on_display(ship.hex):  # no plot starts there; the referee said so (DS209)
        return [], result.diagnostics
    drive = SWITCHES_TO[ship.race] if ship.switch_next else ship.drive
    drives = [d for (race, d) in c.DRIVES if race == ship.race] if ship.race == "riin" else [drive]
    found: list[Option] = []
    orbital = g.orbital(ship.hex)
    for name in drives:
        speeds, moves, fuelled, _ = c.DRIVES[ship.race, name]
        for move in ("up", "orbit", "down"):
            if move not in moves:
                continue
            for speed in c.SPEEDS:
                if speed not in speeds:
                    continue
                cost = c.FUEL_COST[speed] if fuelled and ship.fuel is not None else 0
                if ship.fuel is not None and fuelled and cost > ship.fuel:
                    continue
                new = ship.speed + c.change(move, speed, orbital)
                if new < 0 or (new == 0 and move != "orbit"):  # Up and Down Well must change orbital
                    continue
                ends = _ends(ship.hex, new, move, ship.direction if move == "orbit" else None)
                if new and not ends:
                    continue
                found.append(Option(name, move, speed, new, ends, None if ship.fuel is None else ship.fuel - cost))
    return found, result.diagnostics
