"""Engagements: whole MCS battles fought to the finish by the combat sequence of MCS 2.0 (``turns.fight``, over
the procedures of resolve.py), one narrated or many counted: the engagement file read, its sides' fleets built
from their sheets, many runs fought over processes and counted with their intervals.

Each side fights by its doctrine (``doctrine.Doctrine``: how G is split, the range it seeks, whom it targets,
missiles, sand, point defence, when a ship withdraws); the defaults let two sheets fight with nothing else said.
One run is one battle over a ``RandomDice`` seeded from the engagement's seed and the run's number, so a run's
result does not depend on which process ran it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TypedDict

from pydantic import Field, model_validator

from shipyard.core.collector import fewer_collections
from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.intervals import wilson
from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.core.processes import running_pool, worker_count
from shipyard.core.references import OUTSIDE_CODE, referenced, unread
from shipyard.core.toml_input import FileName, Positions, locate, read_toml_file
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.build import combat_ship, pick_ship
from shipyard.systems.mcs.combat.doctrine import Band, Doctrine, Entry
from shipyard.systems.mcs.combat.limits import MAX_SIDE_SHIPS, MAX_TURNS
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.readings import Readings
from shipyard.systems.mcs.combat.state import NEAR_NAME, CombatShip
from shipyard.systems.mcs.combat.turns import Fleet, Tally, fight, weapon_batteries
from shipyard.systems.mcs.model import UsdShip


class ShipRef(Entry):
    sheet: FileName
    name: str | None = None  # which ship of the sheet (default: the first)
    count: int = Field(1, ge=1, le=MAX_SIDE_SHIPS)
    crew: t.Quality | None = None
    #: MCS 2.1.1 (optional): ships of one squadron evade alike and give each other point defence; the reserve
    #: stands two bands farther off and may not fire spinal mounts.
    squadron: str | None = None
    reserve: bool = False


class Side(Entry):
    name: str | None = None  # default: the first ship's name
    ships: list[ShipRef] = Field(min_length=1)
    fleet_tactics: int | None = None  # default: the first ship's crew skill
    doctrine: Doctrine = Field(default_factory=Doctrine)

    @model_validator(mode="after")
    def _bounded(self) -> Side:
        ships = sum(ref.count for ref in self.ships)
        if ships > MAX_SIDE_SHIPS:
            raise ValueError(f"a side of at most {MAX_SIDE_SHIPS:,} ships, counts included: this one has {ships:,}")
        return self


class Engagement(Entry):
    sides: list[Side] = Field(min_length=2, max_length=2)
    start_range: Band = "x"
    turns: int = Field(10, ge=1, le=MAX_TURNS)
    options: Options = Field(default_factory=Options)


class ShipSummary(TypedDict):
    """One ship over the battles counted: the share it was still fighting at the end, its weapon batteries, and
    the mean lost."""

    name: str
    fighting_at_end: float
    weapon_batteries: int
    batteries_lost_mean: float


class BatteriesLost(TypedDict):
    """A side's weapon batteries lost in a battle: of how many, the mean, and battles by number lost."""

    of: int
    mean: float
    distribution: dict[str, int]


class SideSummary(TypedDict):
    """One side over the battles counted: its chances with the win's 95% interval, its ships and losses."""

    name: str
    win: float
    draw: float
    loss: float
    win_ci: list[float]
    ships: list[ShipSummary]
    lost_mcr_mean: float | None
    batteries_lost: BatteriesLost


@dataclass
class Counted:
    """Many battles counted."""

    runs: int
    seed: int
    names: list[str]
    wins: list[int]
    draws: int
    turns: dict[int, int]
    survival: list[list[int]]  # by side, by ship: runs it was still fighting at the end
    ship_names: list[list[str]]
    hits: dict[str, int]
    lost_mcr: list[Fraction]
    reasons: dict[str, int]
    #: By side: weapon batteries lost in a battle -> battles, beside the side's weapon batteries at the start.
    damage: list[dict[int, int]] = field(default_factory=lambda: [{}, {}])
    weapons: list[int] = field(default_factory=lambda: [0, 0])
    #: By side: whether every ship's sheet gives its cost (without, the MCr lost is not known, not 0).
    costed: list[bool] = field(default_factory=lambda: [True, True])
    #: By side, by ship: weapon batteries at the start, and lost over all the battles counted.
    ship_weapons: list[list[int]] = field(default_factory=lambda: [[], []])
    ship_lost: list[list[int]] = field(default_factory=lambda: [[], []])

    def side(self, index: int) -> SideSummary:
        win, loss = self.wins[index], self.wins[1 - index]
        low, high = wilson(win, self.runs)
        return {
            "name": self.names[index],
            "win": win / self.runs,
            "draw": self.draws / self.runs,
            "loss": loss / self.runs,
            "win_ci": [low, high],
            "ships": [
                {
                    "name": name,
                    "fighting_at_end": kept / self.runs,
                    "weapon_batteries": weapons,
                    "batteries_lost_mean": lost / self.runs if self.runs else 0.0,
                }
                for name, kept, weapons, lost in zip(
                    self.ship_names[index],
                    self.survival[index],
                    self.ship_weapons[index],
                    self.ship_lost[index],
                    strict=True,
                )
            ],
            "lost_mcr_mean": float(self.lost_mcr[index] / self.runs) if self.costed[index] else None,
            "batteries_lost": {
                "of": self.weapons[index],
                "mean": sum(k * n for k, n in self.damage[index].items()) / self.runs if self.runs else 0.0,
                "distribution": {str(k): n for k, n in sorted(self.damage[index].items())},
            },
        }


def count(tallies: Iterable[Tally], runs: int, seed: int, fleets: list[Fleet]) -> Counted:
    counted = Counted(
        runs,
        seed,
        [f.name for f in fleets],
        [0, 0],
        0,
        {},
        [[0] * len(f.ships) for f in fleets],
        [[s.name for s in f.ships] for f in fleets],
        {},
        [Fraction(0), Fraction(0)],
        {},
        weapons=[sum(len(weapon_batteries(s)) for s in f.ships) for f in fleets],
        costed=[all(s.cost_mcr is not None for s in f.ships) for f in fleets],
        ship_weapons=[[len(weapon_batteries(s)) for s in f.ships] for f in fleets],
        ship_lost=[[0] * len(f.ships) for f in fleets],
    )
    for tally in tallies:
        add(counted, tally)
    return counted


def add(counted: Counted, tally: Tally) -> None:
    if tally.winner is None:
        counted.draws += 1
    else:
        counted.wins[tally.winner] += 1
    counted.turns[tally.turns] = counted.turns.get(tally.turns, 0) + 1
    for side, kept in enumerate(tally.survivors):
        for index, fighting in enumerate(kept):
            counted.survival[side][index] += fighting
    for key, hits in tally.hits.items():
        counted.hits[key] = counted.hits.get(key, 0) + hits
    for side, lost in enumerate(tally.lost_mcr):
        counted.lost_mcr[side] += lost
    for side, batteries in enumerate(tally.batteries_lost):
        counted.damage[side][batteries] = counted.damage[side].get(batteries, 0) + 1
    for side, ships in enumerate(tally.ship_losses):
        for index, batteries in enumerate(ships):
            counted.ship_lost[side][index] += batteries
    counted.reasons[tally.reason] = counted.reasons.get(tally.reason, 0) + 1


# ---- engagements from files --------------------------------------------------------------------------------


def sheet_ships(path: Path, shown: str) -> tuple[list[UsdShip], list[Diagnostic]]:
    """The MCS ships of a sheet, T4 sheets converted on the way (an FFS design is rated as it is read), with
    the sheet's findings (never used to change a figure)."""
    from shipyard.core.pipeline import check_sheet, load_sheet
    from shipyard.systems.mcs.convert import convert_sheet

    sheet = check_sheet(load_sheet(path, shown))
    found = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
    ships = [s for s in sheet.ships if isinstance(s, UsdShip)]
    if any(s.edition == "t4" for s in ships):
        converted = convert_sheet(path)
        found += [d for d in converted.diagnostics if d.severity is not Severity.INFO]
        ships = [s for s in converted.ships if isinstance(s, UsdShip)]
    return ships, found


def build_fleets(
    engagement: Engagement, base: Path | None, positions: Positions | None = None, shown: str = ""
) -> tuple[list[Fleet] | None, list[Diagnostic]]:
    """The fleets of an engagement (sheets relative to ``base``; None: named on the command line), or None and
    why not."""
    found: list[Diagnostic] = []
    fleets: list[Fleet] = []
    for side_index, side in enumerate(engagement.sides):  # every side built, so each side's findings are said
        fleet, problems = build_side(side, side_index, base, positions or {}, shown)
        found += problems
        if fleet is not None:
            fleets.append(fleet)
    if len(fleets) < len(engagement.sides):
        return None, found
    told_apart(fleets)
    return fleets, found


def ship_template(
    ref: ShipRef, base: Path | None, positions: Positions, where: tuple[str | int, ...], shown: str = ""
) -> tuple[CombatShip | None, list[Diagnostic]]:
    """The ship a reference names, ready to copy into a fleet (sheets relative to ``base``, the naming file's
    folder, and inside it; None: named on the command line; findings at the reference's ``where`` in a file of
    ``positions``), or None and why not."""
    path, refused = referenced(base, ref.sheet)
    line, col = locate(positions, where)
    here = Span(path=shown or str(path), line=line, col=col)
    if refused is not None:
        return None, [Diagnostic(code=OUTSIDE_CODE, severity=Severity.ERROR, span=here, message=refused)]
    read, found = sheet_ships(path, str(path))
    chosen, why = pick_ship(read, ref.name, ref.sheet)
    if chosen is None:
        if not read and base is not None:  # a file named by a file, and no sheet: its findings not quoted here
            return None, [
                Diagnostic(code="CMB003", severity=Severity.ERROR, span=here, message=f"{why}{unread(path, found)}")
            ]
        if read or not any(d.severity is Severity.ERROR and d.span.path == str(path) for d in found):
            found.append(Diagnostic(code="CMB003", severity=Severity.ERROR, span=here, message=str(why)))
        return None, found
    if why is not None:
        found.append(Diagnostic(code="CMB008", severity=Severity.INFO, span=here, message=why))
    try:
        return combat_ship(chosen, ref.crew), found
    except ValueError as error:
        return None, [*found, Diagnostic(code="CMB003", severity=Severity.ERROR, span=here, message=str(error))]


def side_ships(refs: Iterable[tuple[ShipRef, CombatShip]]) -> list[CombatShip]:
    """A side's ships: each reference's template copied ``count`` times, in its squadron or reserve."""
    ships: list[CombatShip] = []
    for ref, template in refs:
        for _ in range(ref.count):
            ship = template.clone()  # numbered once every side is built (``told_apart``)
            ship.squadron = ref.squadron
            ship.reserve = ref.reserve
            ships.append(ship)
    return ships


def side_fleet(side: Side, ships: list[CombatShip]) -> Fleet:
    """A side of ships as it fights: its name (else its first ship's), fleet tactics (else its first ship's crew
    skill) and doctrine."""
    tactics = side.fleet_tactics if side.fleet_tactics is not None else ships[0].skill
    return Fleet(side.name or ships[0].name, ships, tactics, side.doctrine.orders())


def build_side(
    side: Side, side_index: int, base: Path | None, positions: Positions, shown: str = "", table: str = "sides"
) -> tuple[Fleet | None, list[Diagnostic]]:
    """One side of an engagement (its ships not yet numbered apart from the other side's), or None and why not."""
    found: list[Diagnostic] = []
    refs: list[tuple[ShipRef, CombatShip]] = []
    for ship_index, ref in enumerate(side.ships):
        template, problems = ship_template(
            ref, base, positions, (table, side_index, "ships", ship_index, "sheet"), shown
        )
        found += problems
        if template is not None:
            refs.append((ref, template))
    ships = side_ships(refs)
    if not ships:
        return None, found
    reserve = sum(s.reserve for s in ships)
    if reserve and reserve >= len(ships) - reserve:
        line, col = locate(positions, (table, side_index, "ships"))
        found.append(
            Diagnostic(
                code="CMB007",
                severity=Severity.ERROR,
                span=Span(path=shown or "-", line=line, col=col),
                message=f"{reserve} ship(s) in the reserve and {len(ships) - reserve} in the main "
                "body: there must always be more in the main body (MCS 2.1.1)",
            )
        )
        return None, found
    unknown = _unknown_point_defence(side, (table, side_index), ships, positions, shown)
    if unknown:
        return None, found + unknown
    return side_fleet(side, ships), found


def told_apart(fleets: list[Fleet]) -> None:
    """Every ship and side named once, so that a narration, a table or a chart never shows two as one: a name
    ships share (the copies of a design, one design on both sides) is numbered in order over the engagement
    ("Kuvasz 1" to "Kuvasz 8"), and two sides of one name are "(side 1)" and "(side 2)"."""
    from collections import Counter

    ships = [ship for fleet in fleets for ship in fleet.ships]
    shared = {name for name, n in Counter(ship.name for ship in ships).items() if n > 1}
    seen: Counter[str] = Counter()
    for ship in ships:
        if ship.name in shared:
            seen[ship.name] += 1
            ship.name = f"{ship.name} {seen[ship.name]}"
    if len(fleets) == 2 and fleets[0].name == fleets[1].name:
        for number, fleet in enumerate(fleets, start=1):
            fleet.name = f"{fleet.name} (side {number})"


def _unknown_point_defence(
    side: Side, where: tuple[str, int], ships: list[CombatShip], positions: Positions, shown: str
) -> list[Diagnostic]:
    """CMB004 at a side's point-defence doctrine for each battery it names that none of the side's ships has
    (it would never fire point defence, and nothing would say why), with the battery meant when one is near."""
    if isinstance(side.doctrine.point_defence, str):
        return []
    names = {spelt(g.name): g.name for ship in ships for g in ship.groups}
    line, col = locate(positions, (*where, "doctrine", "point_defence"))
    return [
        Diagnostic(
            code="CMB004",
            severity=Severity.ERROR,
            span=Span(path=shown or "-", line=line, col=col),
            message=f"point defence names {quoted(name)}, a battery no ship of the side has"
            f"{meant_hint(name, names.values(), NEAR_NAME)}: it has "
            f"{', '.join(repr(n) for n in names.values())}",
        )
        for name in side.doctrine.point_defence
        if spelt(name) not in names
    ]


def load_engagement(path: Path, shown: str | None = None) -> tuple[Engagement | None, list[Diagnostic], Positions]:
    """An engagement file read and validated: located errors (CMB001 TOML, CMB002 values)."""
    return read_toml_file(path, shown or str(path), Engagement, "CMB001", "CMB002", "engagement file")


def two_sheets(first: Path, second: Path) -> Engagement:
    """The engagement of two sheets with every default: one ship a side, from Extreme range, 10 turns."""
    return Engagement(sides=[Side(ships=[ShipRef(sheet=str(first))]), Side(ships=[ShipRef(sheet=str(second))])])


# ---- many battles ---------------------------------------------------------------------------------------------


#: The fewest battles worth a pool of worker processes: below this, starting them and sending them the fleets
#: costs more than the battles they would share.
PARALLEL_FROM = 200
#: The fewest battles one worker's task holds: ``-j`` starts no more workers than there are tasks of this many.
MIN_TASK_RUNS = 50


def _chunk(job: tuple[list[Fleet], Readings, str, int, int, int, int]) -> list[Tally]:
    fleets, options, start, limit, seed, first, last = job
    with fewer_collections():
        return [fight(fleets, options, start, limit, seed, run)[0] for run in range(first, last)]


def _width(successes: int, runs: int) -> float:
    low, high = wilson(successes, runs)
    return high - low


def run_many(
    fleets: list[Fleet],
    engagement: Engagement,
    runs: int,
    seed: int,
    jobs: int = 1,
    until_ci: float | None = None,
    block: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> Counted:
    """``runs`` battles (or fewer: with ``until_ci``, stop once both sides' 95% win intervals are narrower),
    counted. Run k always uses the seed of (seed, k): the result does not depend on ``jobs``, nor on the
    blocks of ``block`` runs fought between two calls of ``progress(done, runs)`` (or two looks at the
    intervals)."""
    counted = count([], 0, seed, fleets)
    done = 0
    jobs = worker_count(jobs, runs // MIN_TASK_RUNS)
    parallel = jobs > 1 and runs >= PARALLEL_FROM
    with running_pool(jobs) if parallel else nullcontext() as pool:  # Ctrl-C: stopped at once, no battle left
        while done < runs:
            size = min(runs - done, block if until_ci is not None or progress is not None else runs - done)
            pieces = max(1, min(jobs * 4, size // MIN_TASK_RUNS or 1)) if pool else 1
            bounds = [done + size * i // pieces for i in range(pieces + 1)]
            tasks = [
                (fleets, engagement.options.readings(), engagement.start_range, engagement.turns, seed, lo, hi)
                for lo, hi in itertools.pairwise(bounds)
                if hi > lo
            ]
            results = pool.map(_chunk, tasks) if pool else map(_chunk, tasks)
            for tallies in results:
                for tally in tallies:
                    add(counted, tally)
            done += size
            counted.runs = done
            if progress is not None:
                progress(done, runs)
            if until_ci is not None and max(_width(counted.wins[i], done) for i in (0, 1)) < until_ci:
                break
    return counted
