"""A Simple Fleet Combat game's log refereed (docs/sfc.md): the set-up (the world and each side's elements with
their positions in inches and facings in degrees), then each turn's command points, commands, moves and fires.
Every illegal entry is a located finding; the damage the stated rolls make is applied, and each turn ends with
each side's force and points.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Literal, TypedDict

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.names import none_named, quoted
from shipyard.core.toml_input import ClosedTable, Positions, located, read_toml_file
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.odds import Side as OddsSide
from shipyard.systems.sfc.odds import attack
from shipyard.systems.sfc.roster import ElementType

#: How near two positions or directions must be to count as the same (inches; the sine of the angle).
TOLERANCE = 0.01
#: How alike a misspelt element id must be to one of the log's (difflib's ratio) to be named as the one meant.
NEAR_ID = 0.6


class World(ClosedTable):
    name: str = "the world"
    diameter: int = Field(..., ge=1)  # miles
    position: tuple[float, float] = (0.0, 0.0)


class ElementEntry(ClosedTable):
    id: str
    type: ElementType
    tl: int = 10
    position: tuple[float, float]
    facing: float = 0.0  # degrees: 0 along +x, 90 along +y
    status: Literal["cruising", "stationary"] = "cruising"
    flagship: bool = False
    group: str | None = None
    inside: str | None = None  # the carrier or tender it is stacked in


class SideEntry(ClosedTable):
    name: str
    element: list[ElementEntry] = Field(min_length=1)


class Command(ClosedTable):
    kind: Literal["facing", "status", "flag", "jump"]
    elements: list[str] = Field(min_length=1)
    facing: float | None = None
    status: Literal["cruising", "stationary"] | None = None


class Move(ClosedTable):
    element: str
    to: tuple[float, float]


class Fire(ClosedTable):
    element: str
    target: str
    support: list[str] = Field(default_factory=list)
    successive: int = Field(0, ge=0)
    attack_roll: int = Field(..., ge=1, le=6)
    defence_roll: int = Field(..., ge=1, le=6)
    near_world: bool = False


class Turn(ClosedTable):
    side: str
    command_roll: int = Field(..., ge=1, le=6)
    command: list[Command] = Field(default_factory=list)
    move: list[Move] = Field(default_factory=list)
    fire: list[Fire] = Field(default_factory=list)


class GameLog(ClosedTable):
    world: World
    side: list[SideEntry] = Field(min_length=2, max_length=2)
    turn: list[Turn] = Field(default_factory=list)


@dataclass
class Piece:
    """An element on the table."""

    id: str
    side: int
    type: str
    tl: int
    x: float
    y: float
    facing: float
    status: str
    group: str | None
    inside: str | None
    markers: int = 0
    destroyed: bool = False
    jumped: bool = False

    @property
    def element(self) -> c.Element:
        return c.ELEMENTS[self.type]

    @property
    def on_table(self) -> bool:
        return not (self.destroyed or self.jumped)


class Force(TypedDict):
    """A side's force at a turn's end: its elements on the table, those damaged, its points, those lost."""

    side: str
    elements: int
    damaged: list[str]
    points: float
    lost: list[str]


@dataclass
class TurnSummary:
    number: int
    side: str
    lines: list[str] = field(default_factory=list)
    forces: list[Force] = field(default_factory=list)


@dataclass
class Refereed:
    turns: list[TurnSummary] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _distance(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(ax - bx, ay - by)


class _Referee:
    def __init__(self, log: GameLog, positions: Positions, shown: str) -> None:
        self.log, self.positions, self.shown = log, positions, shown
        self.result = Refereed()
        self.pieces: dict[str, Piece] = {}
        self.flagships: list[str | None] = [None, None]
        self.moved: dict[str, tuple[str | int, ...]] = {}  # this turn's move of each element, for locating
        for index, side in enumerate(log.side):
            for number, entry in enumerate(side.element):
                where = ("side", index, "element", number)
                if entry.id in self.pieces:
                    self.finding(
                        "SFC211",
                        (*where, "id"),
                        f"element id {quoted(entry.id)} is given twice: the second "
                        "is not played (give each element an id of its own)",
                    )
                    continue
                if entry.tl not in c.TL_MULTIPLIERS:
                    known = ", ".join(f"TL{tl}" for tl in c.TL_MULTIPLIERS)
                    self.finding(
                        "SFC212",
                        (*where, "tl"),
                        f"{entry.id} at TL{entry.tl}: the seed gives points for "
                        f"{known} only; its points count nothing in the force totals",
                        Severity.WARNING,
                    )
                self.pieces[entry.id] = Piece(
                    entry.id,
                    index,
                    entry.type,
                    entry.tl,
                    entry.position[0],
                    entry.position[1],
                    entry.facing,
                    entry.status,
                    entry.group,
                    entry.inside,
                )
                if entry.flagship:
                    self.flagships[index] = entry.id
        for index, side in enumerate(log.side):
            for number, entry in enumerate(side.element):
                if entry.inside is not None and self.pieces.get(entry.id) is not None:
                    self._carrier(entry, index, ("side", index, "element", number, "inside"))

    def finding(
        self, code: str, where: tuple[str | int, ...], message: str, severity: Severity = Severity.ERROR
    ) -> None:
        self.result.diagnostics.append(
            Diagnostic(code=code, severity=severity, span=located(self.positions, self.shown, where), message=message)
        )

    def _unknown(self, name: str, where: tuple[str | int, ...], names: list[str]) -> None:
        self.finding("SFC210", where, none_named("element", name, names, NEAR_ID))

    def _carrier(self, entry: ElementEntry, side: int, where: tuple[str | int, ...]) -> None:
        """An element stacked inside another names one of its own side."""
        assert entry.inside is not None
        carrier = self.pieces.get(entry.inside)
        if carrier is None:
            own = [p.id for p in self.pieces.values() if p.side == side and p.id != entry.id]
            self._unknown(entry.inside, where, own)
        elif carrier.side != side:
            self.finding(
                "SFC210",
                where,
                f"{entry.id} is stacked inside {quoted(entry.inside)}, "
                f"an element of {self.log.side[carrier.side].name}",
            )

    def piece(self, name: str, where: tuple[str | int, ...], side: int | None = None) -> Piece | None:
        found = self.pieces.get(name)
        if found is None:
            self._unknown(name, where, list(self.pieces))
            return None
        if side is not None and found.side != side:
            self.finding("SFC210", where, f"{quoted(name)} is not an element of {self.log.side[side].name}")
            return None
        if not found.on_table:
            self.finding("SFC210", where, f"{quoted(name)} is {'destroyed' if found.destroyed else 'gone by jump'}")
            return None
        return found

    def jump_limit(self) -> float:
        return c.JUMP_LIMIT_PER_THOUSAND_MILES * self.log.world.diameter / 1000

    def average_tl(self, side: int) -> float:
        tls = [p.tl for p in self.pieces.values() if p.side == side and p.on_table]
        return sum(tls) / len(tls) if tls else 0

    def run(self) -> Refereed:
        for number, turn in enumerate(self.log.turn, start=1):
            where: tuple[str | int, ...] = ("turn", number - 1)
            side = next((i for i, s in enumerate(self.log.side) if s.name == turn.side), None)
            if side is None:
                self.finding(
                    "SFC210",
                    (*where, "side"),
                    f"no side {quoted(turn.side)}: expected {' or '.join(s.name for s in self.log.side)}",
                )
                continue
            summary = TurnSummary(number, turn.side)
            self.command(turn, side, where, summary)
            self.movement(turn, side, where)
            self.firing(turn, side, where, summary)
            summary.forces = [self.force(i) for i in (0, 1)]
            self.result.turns.append(summary)
        return self.result

    # ---- command -----------------------------------------------------------------------------------------
    def command(self, turn: Turn, side: int, where: tuple[str | int, ...], summary: TurnSummary) -> None:
        """SFC "Turn Sequence" 1 and "Command": 1d6, +1 (+2) for a higher average TL, halved with the flagship
        destroyed; each command 1 point, doubled beyond 12" of the flagship or with it destroyed."""
        points = turn.command_roll
        ahead = self.average_tl(side) - self.average_tl(1 - side)
        if ahead >= 2:
            points += c.HIGHER_TL_BONUS[1]
        elif ahead > 0:
            points += c.HIGHER_TL_BONUS[0]
        flag = self.pieces.get(self.flagships[side] or "")
        lost = flag is None or flag.destroyed
        if lost:
            points //= 2
        spent = 0
        over: tuple[str | int, ...] | None = None  # the first command past the points
        for index, order in enumerate(turn.command):
            here = (*where, "command", index)
            pieces = [p for name in order.elements if (p := self.piece(name, (*here, "elements"), side))]
            far = lost or any(
                _distance(p.x, p.y, flag.x, flag.y) > c.FLAGSHIP_REACH_INCHES for p in pieces if flag is not None
            )
            spent += c.COMMAND_COST * (c.FAR_OR_LOST_FLAGSHIP if far else 1)
            if spent > points and over is None:
                over = here
            self.order(order, pieces, side, here)
        summary.lines.append(f"command points: {points} (rolled {turn.command_roll}), spent {spent}")
        if over is not None:
            self.finding(
                "SFC201",
                over,
                f"{spent} command points spent of {points} "
                f"(rolled {turn.command_roll}"
                + (", halved: the flagship is destroyed" if lost else "")
                + '; a command beyond 12" of the flagship, or with it destroyed, costs 2)',
            )

    def order(self, order: Command, pieces: list[Piece], side: int, where: tuple[str | int, ...]) -> None:
        for piece in pieces:
            if order.kind == "facing" and order.facing is not None:
                piece.facing = order.facing
            elif order.kind == "status" and order.status is not None:
                piece.status = order.status
            elif order.kind == "flag":
                self.flagships[side] = piece.id
            elif order.kind == "jump":
                self.jump(piece, where)

    def jump(self, piece: Piece, where: tuple[str | int, ...]) -> None:
        """SFC "Command" (d) and "Jump Limit": jump-capable (or carried), outside twice the world's diameter."""
        world = self.log.world
        distance = _distance(piece.x, piece.y, *world.position)
        if not piece.element.jumps and piece.inside is None:
            self.finding("SFC209", (*where, "elements"), f"{piece.id} ({piece.element.name}) cannot jump")
        elif distance <= self.jump_limit():
            self.finding(
                "SFC209",
                (*where, "elements"),
                f'{piece.id} jumps {distance:.1f}" from {world.name}, '
                f'inside its jump limit of {self.jump_limit():g}" (twice {world.diameter:,} miles)',
            )
        else:
            piece.jumped = True

    # ---- movement ----------------------------------------------------------------------------------------
    def movement(self, turn: Turn, side: int, where: tuple[str | int, ...]) -> None:
        """SFC "Movement": cruising elements move 1-3" straight ahead; stationary ones do not move; no stacking
        but riders in tenders and fighters in carriers (same place and facing), and anything on the world."""
        self.moved = {}
        for index, move in enumerate(turn.move):
            here = (*where, "move", index)
            piece = self.piece(move.element, (*here, "element"), side)
            if piece is None:
                continue
            dx, dy = move.to[0] - piece.x, move.to[1] - piece.y
            length = math.hypot(dx, dy)
            stays = f"; the move is not made: {piece.id} stays at ({piece.x:g}, {piece.y:g})"
            if piece.status == "stationary" or piece.type == "deep-meson-gun":
                self.finding("SFC203", (*here, "to"), f"{piece.id} is stationary and may not move{stays}")
                continue
            if not c.CRUISE_INCHES[0] - TOLERANCE <= length <= c.CRUISE_INCHES[1] + TOLERANCE:
                self.finding(
                    "SFC202",
                    (*here, "to"),
                    f'{piece.id} moves {length:.2f}": a cruising element moves '
                    f'{c.CRUISE_INCHES[0]}-{c.CRUISE_INCHES[1]}"{stays}',
                )
                continue
            heading = math.radians(piece.facing)
            across = (dx * math.sin(heading) - dy * math.cos(heading)) / length
            ahead = dx * math.cos(heading) + dy * math.sin(heading)
            if abs(across) > TOLERANCE or ahead <= 0:
                self.finding(
                    "SFC202",
                    (*here, "to"),
                    f"{piece.id} moves off its facing ({piece.facing:g} "
                    f"degrees): cruising elements move straight ahead{stays}",
                )
                continue
            piece.x, piece.y = move.to
            self.moved[piece.id] = (*here, "to")
            for other in self.pieces.values():  # what is stacked inside moves with it
                if other.inside == piece.id and other.on_table:
                    other.x, other.y, other.facing = piece.x, piece.y, piece.facing
        self.stacking(where)

    def stacking(self, where: tuple[str | int, ...]) -> None:
        world = self.log.world
        seen: list[Piece] = []
        for piece in [p for p in self.pieces.values() if p.on_table]:
            if _distance(piece.x, piece.y, *world.position) <= TOLERANCE:
                continue  # "Vessels can stack on worlds up to any limit desired"
            for other in seen:
                if _distance(piece.x, piece.y, other.x, other.y) > TOLERANCE:
                    continue
                inside = piece.inside == other.id or other.inside == piece.id
                if not inside:
                    at = self.moved.get(piece.id) or self.moved.get(other.id) or where
                    self.finding(
                        "SFC204",
                        at,
                        f"{piece.id} and {other.id} stack at "
                        f"({piece.x:g}, {piece.y:g}): only riders in tenders and fighters in carriers "
                        "may stack, off the world",
                    )
            seen.append(piece)

    # ---- firing ------------------------------------------------------------------------------------------
    def firing(self, turn: Turn, side: int, where: tuple[str | int, ...], summary: TurnSummary) -> None:
        """SFC "Firing": range, one fire or support a turn (successive fire apart), tenders and transports do
        not initiate combat, successive fire after a kill within 2" of the last target; the outcome applied."""
        used: set[str] = set()
        last: dict[str, Piece] = {}  # element -> the target it last destroyed
        for index, fire in enumerate(turn.fire):
            here = (*where, "fire", index)
            before = len(self.result.diagnostics)
            shooter = self.piece(fire.element, (*here, "element"), side)
            target = self.piece(fire.target, (*here, "target"), 1 - side)
            supports = [p for name in fire.support if (p := self.piece(name, (*here, "support"), side))]
            if shooter is None or target is None:
                continue
            if not shooter.element.initiates:
                self.finding(
                    "SFC207", (*here, "element"), f"{shooter.id} ({shooter.element.name}) cannot initiate combat"
                )
                summary.lines.append(_not_applied(shooter, target, ["SFC207"]))
                continue
            if fire.successive:
                previous = last.get(shooter.id)
                if previous is None:
                    self.finding(
                        "SFC208",
                        (*here, "successive"),
                        f"{shooter.id}: a successive attack follows an attack that destroyed its target",
                    )
                elif _distance(previous.x, previous.y, target.x, target.y) > c.SUCCESSIVE_REACH_INCHES + TOLERANCE:
                    self.finding(
                        "SFC208",
                        (*here, "target"),
                        f"{target.id} is "
                        f'{_distance(previous.x, previous.y, target.x, target.y):.1f}" from the last '
                        f'target, {previous.id}: successive fire reaches 2"',
                    )
            else:
                for piece in (shooter, *supports):
                    if piece.id in used:
                        self.finding(
                            "SFC206",
                            (*here, "element" if piece is shooter else "support"),
                            f"{piece.id} has fired or supported already this turn",
                        )
                    used.add(piece.id)
            for piece in (shooter, *supports):
                reach = piece.element.range_inches
                distance = _distance(piece.x, piece.y, target.x, target.y)
                if distance > reach + TOLERANCE:
                    self.finding(
                        "SFC205",
                        (*here, "target" if piece is shooter else "support"),
                        f'{target.id} is {distance:.1f}" from {piece.id}, beyond its range of {reach}"',
                    )
            ruled = [d.code for d in self.result.diagnostics[before:] if d.severity is Severity.ERROR]
            if ruled:  # a fire the rules forbid is not made: its rolls change nothing (and cause no follow-on finding)
                summary.lines.append(_not_applied(shooter, target, ruled))
                continue
            summary.lines.append(self.outcome(shooter, target, supports, fire, last))

    def outcome(self, shooter: Piece, target: Piece, supports: list[Piece], fire: Fire, last: dict[str, Piece]) -> str:
        """The stated rolls applied (SFC "Combat Outcomes", "Damage Effects", "TL Effects")."""
        odds = attack(
            OddsSide(shooter.type, shooter.tl, shooter.markers > 0, tuple(p.type for p in supports)),
            OddsSide(target.type, target.tl, target.markers > 0),
            fire.successive,
            fire.near_world,
        )
        a_roll = 1 if fire.attack_roll in odds.attacker_faces else fire.attack_roll
        d_roll = 1 if fire.defence_roll in odds.defender_faces else fire.defence_roll
        over = (a_roll + odds.attack) - (d_roll + odds.defence)
        scores = f"{a_roll} + {odds.attack} against {d_roll} + {odds.defence}"
        if over >= c.DESTROYS_OVER:
            target.destroyed = True
            result = "destroyed"
        elif over >= c.DAMAGES_OVER:
            target.markers += 1
            if target.markers >= target.element.capacity:
                target.destroyed = True
                result = f"damaged: marker {target.markers} of {target.element.capacity}, a kill"
            else:
                result = f"damaged: marker {target.markers} of {target.element.capacity}"
        else:
            result = "no effect"
        if target.destroyed:
            last[shooter.id] = target
            for other in self.pieces.values():  # what is stacked inside shares its fate
                if other.inside == target.id:
                    other.destroyed = True
        return f"{shooter.id} at {target.id}: {scores}: {result}"

    def force(self, side: int) -> Force:
        alive = [p for p in self.pieces.values() if p.side == side and p.on_table]
        points = sum((c.ELEMENTS[p.type].points * c.TL_MULTIPLIERS.get(p.tl, Fraction(0)) for p in alive), Fraction(0))
        return {
            "side": self.log.side[side].name,
            "elements": len(alive),
            "damaged": sorted(p.id for p in alive if p.markers),
            "points": float(points),
            "lost": sorted(p.id for p in self.pieces.values() if p.side == side and p.destroyed),
        }


def _not_applied(shooter: Piece, target: Piece, codes: list[str]) -> str:
    """A fire's line in a turn's summary when the rules forbid it: "dn at c2: illegal (SFC205), not applied"."""
    return f"{shooter.id} at {target.id}: illegal ({', '.join(dict.fromkeys(codes))}), not applied"


def referee(path: Path, shown: str | None = None) -> Refereed:
    """Referee the game log at ``path``: every problem a located finding, never an exception."""
    shown = shown or str(path)
    log, found, positions = read_toml_file(path, shown, GameLog, "SFC003", "SFC004", "SFC game log")
    if log is None:
        return Refereed(diagnostics=found)
    result = _Referee(log, positions, shown).run()
    result.diagnostics[:0] = found  # how the file was read (IO005), before what it says
    return result


def log_findings(path: Path, shown: str, text: str | None) -> list[Diagnostic]:
    """The registry's referee: a game log's findings, as ``shipyard sfc referee`` gives them (the check keeps the
    log's own)."""
    return referee(path, shown).diagnostics
