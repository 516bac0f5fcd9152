"""The TCS battle formation display as rules: positions, legal moves, the fire matrix, fleet agility,
missile endurance, and the check of a turn log (TCS82, Tactical details; TCS82).

Positions per player: SA (safe area), A1-A3 (approach), RL (reserve line), BL (main battle line), FS
(friendly strafe line), ES (enemy strafe line). Every ship may move SA <> A1 <> A2 <> A3 <> RL <> BL, one
step a turn; RL <> FS <> ES only for strafing: a ship needs an agility advantage of 2 over the enemy fleet
to go RL -> FS or FS -> ES, and short range to go FS -> ES (at long range it spends another turn on FS); a
strafing ship that loses the advantage must move back towards its own lines. Fire follows
the matrix (attacker's position, defender's position) and its key.

A turn log (TOML) for ``shipyard formation LOG.toml``::

    [[turn]]
    number = 1
    range = "long"                         # short | long
    [[turn.move]]
    player = 1
    ship = "Vigilant #1"
    from = "RL"
    to = "FS"
    agility_advantage = 2                  # the ship's fleet agility over the enemy's, this turn
    [[turn.fire]]
    player = 1
    ship = "Vigilant #1"
    from = "BL"
    target = "A3"                          # the defender's position (in its own player's display)
    weapon = "particle accelerator"        # missile | laser | particle accelerator | meson | ...
    [[turn.disabled]]                      # no longer capable of offensive fire from this turn's end
    player = 2
    ship = "Kinunir"

With a set-up (``[[setup]]`` entries: ``player``, ``ship``, ``at``) before the turns, the automatic victory and
breakthrough conditions are judged too. Positions, ranges and weapons are read in any case (``rl``, ``Long``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import spelt
from shipyard.core.toml_input import ClosedTable, Positions
from shipyard.systems.tcs import charts as tcs

Position = Literal["SA", "A1", "A2", "A3", "RL", "BL", "FS", "ES"]
#: A weapon a fire declares, compared with the fire matrix's in any case and spacing (``Laser`` is ``laser``).
Weapon = Annotated[str, BeforeValidator(lambda value: spelt(value) if isinstance(value, str) else value)]


@dataclass(frozen=True)
class Ruling:
    allowed: bool
    reason: str


def legal_move(origin: str, target: str, agility_advantage: int = 0, range_band: str = "long") -> Ruling:
    """Whether a ship may move from ``origin`` to ``target`` this turn."""
    strafing_now = origin in tcs.STRAFE_CHAIN[1:]
    if strafing_now and agility_advantage < tcs.STRAFE_AGILITY_ADVANTAGE:
        inward = target in tcs.STRAFE_CHAIN and tcs.STRAFE_CHAIN.index(target) == tcs.STRAFE_CHAIN.index(origin) - 1
        if not inward:
            return Ruling(
                False,
                f"a strafing ship that has lost its agility advantage of "
                f"{tcs.STRAFE_AGILITY_ADVANTAGE} ({agility_advantage} now) must return towards its "
                "own lines (ES -> FS -> RL)",
            )
    if origin == target:
        return Ruling(True, "stays")
    for chain, strafing in ((tcs.MOVE_CHAIN, False), (tcs.STRAFE_CHAIN, True)):
        if origin in chain and target in chain and abs(chain.index(origin) - chain.index(target)) == 1:
            if not strafing:
                return Ruling(True, "a step along SA-A1-A2-A3-RL-BL")
            outward = chain.index(target) > chain.index(origin)
            if outward and agility_advantage < tcs.STRAFE_AGILITY_ADVANTAGE:
                return Ruling(
                    False,
                    f"strafing needs an agility advantage of {tcs.STRAFE_AGILITY_ADVANTAGE} over the "
                    f"enemy fleet; this ship has {agility_advantage}",
                )
            if outward and origin == "FS" and range_band != "short":
                return Ruling(False, "FS -> ES only at short range; at long range the ship spends another turn on FS")
            return Ruling(True, "a strafing step")
    return Ruling(
        False, f"no move {origin} -> {target}: moves are one step along SA-A1-A2-A3-RL-BL, or RL-FS-ES for strafing"
    )


@dataclass(frozen=True)
class FireRuling:
    allowed: bool
    key: str
    text: str
    dm: int
    short_range: bool
    concentrated: bool


def fire_ruling(attacker: str, defender: str, weapon: str | None = None) -> FireRuling:
    """The fire matrix cell for an attacker's and a defender's positions, and what it allows."""
    key = tcs.FIRE_MATRIX[attacker][tcs.POSITIONS.index(defender)]
    allowed = key != "-"
    weapons = tcs.FIRE_WEAPONS.get(key)
    if allowed and weapon is not None and weapons is not None and weapon not in weapons:
        allowed = False
    return FireRuling(allowed, key, tcs.FIRE_KEY[key], tcs.FIRE_DM.get(key, 0), key in ("3", "S"), key == "3")


def fleet_agility(ships: list[tuple[str, int, bool]]) -> int | None:
    """Fleet agility over the ships the rules count: those in RL, BL, FS, ES, and those leaving for the safe
    area (``(position, agility, leaving)``). The seed names the ships, not the combination: High Guard's
    fleet agility, the least agile counted ship's, is taken. None when no ship counts."""
    counted = [agility for position, agility, leaving in ships if position in tcs.AGILITY_POSITIONS or leaving]
    return min(counted) if counted else None


def missile_turns(weapons_per_turret: int | None = None, bay_tons: int | None = None) -> int:
    """Turns of missile fire before reloading (rules modification 1): a turret launcher fires one missile a
    turn and holds 30; a bay fires its tonnage a turn and holds 30 a ton."""
    from shipyard.systems.highguard import charts as hg

    if bay_tons:
        return hg.MISSILES_PER_BAY_TON
    return hg.MISSILES_PER_TURRET_LAUNCHER // (weapons_per_turret or 1)


class _Entry(ClosedTable):
    """What every turn-log entry says: whose ship, and where it stands ("from")."""

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    player: int = Field(ge=1, le=2)
    ship: str
    origin: Position = Field(alias="from")


class Move(_Entry):
    to: Position
    # The ship's agility over the enemy fleet's this turn; unset, it is computed from the set-up's agilities
    # (0 without them).
    agility_advantage: int | None = None


class Fire(_Entry):
    target: Position
    weapon: Weapon | None = None


class ShipRef(ClosedTable):
    """A ship by its player and name."""

    model_config = ConfigDict(frozen=True)

    player: int = Field(ge=1, le=2)
    ship: str


class SetUp(ShipRef):
    """A ship of the set-up, where it starts, and its agility (for the fleet agility of the strafing rule)."""

    at: Position
    agility: int | None = Field(default=None, ge=0)


class Turn(ClosedTable):
    model_config = ConfigDict(frozen=True)

    number: int = Field(ge=1)
    range: Literal["short", "long"] = "long"
    move: list[Move] = Field(default_factory=list)
    fire: list[Fire] = Field(default_factory=list)
    # Ships no longer capable of offensive fire from this turn's end (destroyed, abandoned, disarmed).
    disabled: list[ShipRef] = Field(default_factory=list)


class TurnLog(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # Every ship of both fleets where it starts; with it the victory and breakthrough conditions are judged.
    setup: list[SetUp] = Field(default_factory=list)
    turn: list[Turn] = Field(default_factory=list)


class _Track:
    """Where each ship of a turn log stands, turn by turn. A ship stands, before its first entry, where that entry
    says it is, and has stood there since before the log began (the formation set up before turn 1)."""

    def __init__(self) -> None:
        self.position: dict[tuple[int, str], str] = {}
        self.since: dict[tuple[int, str], int | None] = {}  # the first turn it began there; None: before the log

    def at(self, key: tuple[int, str], origin: str) -> str:
        """Where the ship stands; a ship not seen before stands at ``origin``."""
        if key not in self.position:
            self.position[key], self.since[key] = origin, None
        return self.position[key]

    def began_turn_there(self, key: tuple[int, str], turn: int) -> bool:
        """Whether the ship already stood where it is when ``turn`` began."""
        since = self.since.get(key)
        return since is None or since <= turn

    def move(self, key: tuple[int, str], to: str, turn: int) -> None:
        self.position[key], self.since[key] = to, turn + 1


def check_log(log: TurnLog, path: str, positions: Positions) -> list[Diagnostic]:
    """Each illegal move (FRM001) or fire declaration (FRM002), a second move of a ship in a turn (FRM003), a move
    or fire from where the ship is not (FRM004: moves come before fire in a turn), and a strafing run (RL -> FS)
    by a ship that did not begin the turn before in the reserve line (FRM005), at its entry's line. A move found
    illegal is not made: the ship's later entries are held to where it stayed."""
    found = []
    track = _Track()
    for ship in log.setup:
        track.at((ship.player, ship.ship), ship.at)
    agility = {(ship.player, ship.ship): ship.agility for ship in log.setup if ship.agility is not None}
    leaving: set[tuple[int, str]] = set()  # ships whose last move was towards the safe area
    disabled: set[tuple[int, str]] = set()
    broken: set[int] = set()  # players whose breakthrough has been reported and still holds

    def report(code: str, span: Span, turn: Turn, entry: _Entry, text: str) -> None:
        found.append(
            Diagnostic(
                code=code,
                severity=Severity.ERROR,
                span=span,
                message=f"turn {turn.number}: {entry.ship} (player {entry.player}) {text}",
            )
        )

    for t, turn in enumerate(log.turn):

        def where(kind: str, i: int, t: int = t) -> Span:
            line, col = positions.get(("turn", t, kind, i), positions.get(("turn", t), (1, 1)))
            return Span(path=path, line=line, col=col)

        turn_span = Span(path=path, line=positions.get(("turn", t), (1, 1))[0], col=1)
        if log.setup:
            out = _without_fire(track, disabled, tcs.VICTORY_POSITIONS)
            if out:
                player = out[0]
                found.append(
                    Diagnostic(
                        code="FRM006",
                        severity=Severity.INFO,
                        span=turn_span,
                        message=f"turn {turn.number}: automatic victory for player "
                        f"{_opponent(player)}: player {player} begins the turn with no ship "
                        "capable of "
                        "offensive fire in the reserve or battle line or strafing; the "
                        "battle ends, later turns are not judged",
                    )
                )
                break
        moved: set[tuple[int, str]] = set()
        for i, move in enumerate(turn.move):
            key = (move.player, move.ship)
            if log.setup and key not in track.position:
                report("FRM004", where("move", i), turn, move, "is not in the set-up ([[setup]])")
            standing = track.at(key, move.origin)
            if key in moved:
                report(
                    "FRM003",
                    where("move", i),
                    turn,
                    move,
                    f"{move.origin} -> {move.to}: a second move this turn; a ship moves one step a turn",
                )
                continue
            moved.add(key)
            before = len(found)
            if standing != move.origin:
                report("FRM004", where("move", i), turn, move, f"moves from {move.origin}, but it is on {standing}")
            advantage = move.agility_advantage
            if advantage is None:
                advantage = _advantage(key, agility, track, leaving)
            ruling = legal_move(move.origin, move.to, advantage, turn.range)
            if not ruling.allowed:
                report("FRM001", where("move", i), turn, move, f"{move.origin} -> {move.to}: {ruling.reason}")
            elif (move.origin, move.to) == tcs.STRAFE_CHAIN[:2] and not track.began_turn_there(key, turn.number - 1):
                report(
                    "FRM005",
                    where("move", i),
                    turn,
                    move,
                    f"{move.origin} -> {move.to}: a ship must be in the "
                    "reserve line the turn before it strafes; it came there last turn",
                )
            if len(found) == before:  # a move found illegal is not made: the ship stays where it is
                track.move(key, move.to, turn.number)
                chain = tcs.MOVE_CHAIN
                if (
                    move.origin in chain
                    and move.to in chain
                    and chain.index(move.to) < chain.index(move.origin)
                    and chain.index(move.to) < chain.index(tcs.STRAFE_CHAIN[0])
                ):  # out past the reserve line
                    leaving.add(key)
                else:
                    leaving.discard(key)
        for i, shot in enumerate(turn.fire):
            if log.setup and (shot.player, shot.ship) not in track.position:
                report("FRM004", where("fire", i), turn, shot, "is not in the set-up ([[setup]])")
            standing = track.at((shot.player, shot.ship), shot.origin)
            if standing != shot.origin:
                report("FRM004", where("fire", i), turn, shot, f"fires from {shot.origin}, but it is on {standing}")
            fire = fire_ruling(shot.origin, shot.target, shot.weapon)
            if not fire.allowed:
                why = fire.text if fire.key == "-" else f"{fire.text}, not {shot.weapon}"
                report("FRM002", where("fire", i), turn, shot, f"from {shot.origin} at {shot.target}: {why}")
        disabled |= {(ref.player, ref.ship) for ref in turn.disabled}
        if log.setup:
            out = _without_fire(track, disabled, tcs.BREAKTHROUGH_POSITIONS)
            for player in sorted(set(out) - broken):
                found.append(
                    Diagnostic(
                        code="FRM007",
                        severity=Severity.INFO,
                        span=turn_span,
                        message=f"turn {turn.number}: breakthrough: player {player} ends the turn with "
                        "no ship capable of offensive fire in the battle or friendly strafe "
                        f"line; player {_opponent(player)} gets one free fire with its battle "
                        f"and friendly strafe lines at player {player}'s reserve",
                    )
                )
            broken = set(out)
    return found


def _opponent(player: int) -> int:
    return next(other for other in tcs.PLAYERS if other != player)


def _advantage(
    key: tuple[int, str], agility: dict[tuple[int, str], int], track: _Track, leaving: set[tuple[int, str]]
) -> int:
    """A ship's agility over the enemy fleet's (tactical details 3 and 4), from the set-up's agilities: the enemy
    fleet agility over the ships the rules count (``fleet_agility``); 0 when either is unknown."""
    player, _ = key
    enemy = [
        (where, agility[ship], ship in leaving)
        for ship, where in track.position.items()
        if ship[0] != player and ship in agility
    ]
    fleet = fleet_agility(enemy)
    return agility[key] - fleet if key in agility and fleet is not None else 0


def _without_fire(track: _Track, disabled: set[tuple[int, str]], lines: tuple[str, ...]) -> list[int]:
    """The players none of whose ships capable of offensive fire stands in ``lines``."""
    players = sorted({player for player, _ in track.position})
    return [
        player
        for player in players
        if not any(
            p == player and where in lines and (p, name) not in disabled for (p, name), where in track.position.items()
        )
    ]


def log_findings(path: Path, shown: str, text: str | None) -> list[Diagnostic]:
    """The registry's referee: a turn log's findings, as ``shipyard formation LOG`` gives them."""
    from shipyard.core.toml_input import load_toml_model

    parsed, found, positions = load_toml_model(text or "", shown, TurnLog, "FRM010", "FRM011", "TOML turn log")
    return found if parsed is None else found + check_log(parsed, shown, positions)
