"""The fleet search: what to buy with a budget to beat an opponent (or a pool of them), under the MCS battle
engine's rules, scored by battles fought with honest intervals.

Candidates (how many of each catalogue design, and the doctrine knobs of ``knobs.KNOBS``) come from an optimiser
(optuna: TPE for the chance to win, NSGA-II for the front of win chance, worst case and cost, or random search), a
generation at a time. Every candidate meets the same battles (common random numbers: run k against opponent j is
always the same dice), first a cheap screen, then more in doubling stages up to a full evaluation; racing drops a
candidate as soon as the top of its 95% interval is below the bottom of the incumbent's. Same seed, same result,
on any executor and any number of workers (``workers``); a journal resumes an interrupted search where it stopped.

Over 600 lines: the driver, its space, its inputs and its statistics are one module while MCS is the only system
that searches; they part into a package of their own when a second system's search is built on them.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.intervals import wilson
from shipyard.core.names import quoted
from shipyard.core.stdin import folder_of
from shipyard.core.toml_input import ClosedTable, FileName, locate, read_toml_file
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.battle import (
    Engagement,
    ShipRef,
    Side,
    build_side,
    load_engagement,
    sheet_ships,
    ship_template,
)
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.combat.knobs import DEFAULTS, FOLDS, KNOBS
from shipyard.systems.mcs.combat.limits import MAX_DESIGNS, MAX_OPPONENTS, MAX_SIDE_SHIPS, SCHEDULER_TIMEOUT
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.state import EVERY_KIND, CombatShip
from shipyard.systems.mcs.combat.studies import reopened
from shipyard.systems.mcs.combat.turns import Fleet, run_seed
from shipyard.systems.mcs.combat.workers import Candidate, Executor, Score, Unit, World
from shipyard.systems.mcs.model import UsdShip

#: How to install what the search needs, said when it is missing.
INSTALL_HINT = "pip install 'shipyard[search]'"
#: The codes of a design or opponent that cannot be used (a file not read, no ship, no cost): an error of one stops
#: the search before it starts.
UNUSABLE = ("SRC", "CMB", "IO")
#: The optimiser's seeds are numpy's, below this.
SAMPLER_SEEDS = 2**32
#: A space of at most this many fleets (counts and doctrines), when its battles can screen each, is tried whole:
#: every fleet in it is queued for the optimiser after the fleets of one design.
WHOLE_SPACE = 2_000


class CatalogueDesign(ClosedTable):
    """One design a fleet may buy: a sheet's ship, its cost (else the sheet's ``Cost: MCr``) and how many."""

    sheet: FileName
    name: str | None = None  # which ship of the sheet (default: the first)
    cost_mcr: Fraction | None = Field(None, gt=0)
    min: int = Field(0, ge=0, le=MAX_SIDE_SHIPS)
    max: int | None = Field(None, ge=0, le=MAX_SIDE_SHIPS)
    crew: t.Quality | None = None


class CatalogueFile(ClosedTable):
    designs: list[CatalogueDesign] = Field(min_length=1, max_length=MAX_DESIGNS)
    max_ships: int | None = Field(None, ge=1, le=MAX_SIDE_SHIPS)
    tl: int | None = Field(None, ge=0)  # the highest tech level a design may have


class PoolFile(ClosedTable):
    """Several opponents, each an engagement side; the search is scored against all of them."""

    opponents: list[Side] = Field(min_length=1, max_length=MAX_OPPONENTS)


@dataclass
class Design:
    """A catalogue design, read and priced."""

    name: str
    sheet: Path  # where its sheet is
    shown: str  # the sheet as the catalogue names it
    ship: str | None  # the ship of the sheet named, if one was
    crew: str | None
    cost: Fraction
    low: int
    high: int | None
    template: CombatShip
    span: Span


@dataclass
class Opponent:
    """One fleet to beat: its label (as given), the side as an engagement writes it, the fleet ready to fight."""

    label: str
    side: Side
    fleet: Fleet


@dataclass
class Inputs:
    designs: list[Design]
    opponents: list[Opponent]
    max_ships: int | None = None
    tl: int | None = None
    options: Options = field(default_factory=Options)
    start_range: str = "x"
    turns: int = 10


def _error(code: str, span: Span, message: str) -> Diagnostic:
    return Diagnostic(code=code, severity=Severity.ERROR, span=span, message=message)


def _sheet_designs(path: Path, shown: str) -> tuple[list[Design], list[Diagnostic]]:
    """Every MCS ship of a sheet as a design, priced by its ``Cost: MCr`` (SRC003 without one)."""
    ships, found = sheet_ships(path, shown)
    designs: list[Design] = []
    mcs = [s for s in ships if isinstance(s, UsdShip)]
    if not mcs and not any(d.severity is Severity.ERROR for d in found):
        found.append(_error("CMB003", Span(path=shown, line=1, col=1), f"{shown} holds no MCS USD ship"))
    for ship in mcs:
        title = ship.spans.get("title") or ship.spans.get("class_name")
        span = Span(path=shown, line=title.line if title else 1, col=1)
        try:
            template = combat_ship(ship)
        except ValueError as error:
            found.append(_error("CMB003", span, str(error)))
            continue
        if template.cost_mcr is None:
            found.append(
                _error(
                    "SRC003",
                    span,
                    f"{ship.name} has no cost: give the sheet a 'Cost: MCr' figure, or name it in a catalogue "
                    "file with cost_mcr (docs/search.md)",
                )
            )
            continue
        named = ship.name if len(mcs) > 1 else None  # which ship of the sheet, for the engagement written
        designs.append(Design(ship.name, path, shown, named, None, template.cost_mcr, 0, None, template, span))
    return designs, found


def _catalogue_designs(path: Path, shown: str) -> tuple[CatalogueFile | None, list[Design], list[Diagnostic]]:
    catalogue, found, positions = read_toml_file(path, shown, CatalogueFile, "SRC001", "SRC002", "search catalogue")
    if catalogue is None:
        return None, [], found
    base = folder_of(path)
    designs: list[Design] = []
    for index, entry in enumerate(catalogue.designs):
        ref = ShipRef(sheet=entry.sheet, name=entry.name, crew=entry.crew)
        template, problems = ship_template(ref, base, positions, ("designs", index, "sheet"), shown)
        found += problems
        line, col = locate(positions, ("designs", index))
        span = Span(path=shown, line=line, col=col)
        if template is None:
            continue
        if entry.max is not None and entry.max < entry.min:
            found.append(_error("SRC002", span, f"{template.name}: max {entry.max} is below min {entry.min}"))
            continue
        cost = entry.cost_mcr if entry.cost_mcr is not None else template.cost_mcr
        if cost is None:
            found.append(
                _error(
                    "SRC003",
                    span,
                    f"{template.name} has no cost: its sheet gives no 'Cost: MCr' and the catalogue no cost_mcr",
                )
            )
            continue
        sheet = Path(os.path.normpath(base / entry.sheet))
        designs.append(
            Design(template.name, sheet, str(sheet), entry.name, entry.crew, cost, entry.min, entry.max, template, span)
        )
    return catalogue, designs, found


def catalogue_findings(path: Path, shown: str) -> list[Diagnostic]:
    """A catalogue file's findings, read as the search reads it (``shipyard check`` of the file)."""
    return _catalogue_designs(path, shown)[2]


def pool_findings(path: Path, shown: str) -> list[Diagnostic]:
    """An opponent pool's findings, each opponent's side built as the search builds it (``shipyard check``)."""
    return _toml_opponents(path, 0)[2]


def load_catalogue(sources: Sequence[Path]) -> tuple[Inputs, list[Diagnostic]]:
    """The designs of the catalogue's files: sheets (each MCS ship a design, priced by its sheet) and catalogue
    files (TOML: ``[[designs]]`` with a sheet, cost and bounds, and the fleet's ``max_ships`` and ``tl``)."""
    inputs = Inputs([], [])
    found: list[Diagnostic] = []
    for path in sources:
        if "designs" in _tables_of(path):  # told by what it holds: standard input has no name
            catalogue, designs, problems = _catalogue_designs(path, str(path))
            if catalogue is not None:
                inputs.max_ships = catalogue.max_ships if inputs.max_ships is None else inputs.max_ships
                inputs.tl = catalogue.tl if inputs.tl is None else inputs.tl
        else:
            designs, problems = _sheet_designs(path, str(path))
        inputs.designs += designs
        found += problems
    return inputs, found


def opponent_spec(value: str) -> list[tuple[str, int]]:
    """An opponent as the command line gives it: files joined by '+', a sheet with '=N' for N ships (an
    engagement file with '=N' for its side N). A name that is a file as it stands is taken whole. ValueError
    says what is wrong."""
    try:
        if Path(value).exists():
            return [(value, 0)]
    except (OSError, ValueError):  # a name no file can have (too long, a NUL): read as FILE=COUNT below
        pass
    parts: list[tuple[str, int]] = []
    for part in value.split("+"):
        name, equals, count = part.rpartition("=")
        if not equals:
            name, count = part, ""
        if not name:
            raise ValueError(f"{quoted(value)}: expected FILE, FILE=COUNT or FILE=COUNT+FILE..., got an empty name")
        digits = count.lstrip("0")  # read by its length first: int() of 5,000 digits is refused
        if count and not (count.isascii() and count.isdigit() and digits):
            raise ValueError(f"{quoted(part)}: the count after '=' must be a whole number of 1 or more")
        if len(digits) > len(str(MAX_SIDE_SHIPS)) or (digits and int(digits) > MAX_SIDE_SHIPS):
            raise ValueError(f"{quoted(part)}: at most {MAX_SIDE_SHIPS:,} ships, counts included (a side's most)")
        parts.append((name, int(digits) if digits else 0))
    return parts


def _tables_of(path: Path) -> set[str]:
    """The top-level keys and tables of a TOML file (those a broken one names as arrays of tables), or none for a
    file that is no TOML: what tells a catalogue ([[designs]]), an engagement ([[sides]]) or a pool
    ([[opponents]]) from a sheet (a USD sheet, an FFS design's TOML). Keys, not only headers, so that an inline
    ``opponents = []`` is a pool (an empty one: SRC002), which ``check``'s header sniffing would take for a sheet."""
    from shipyard.core.source import read_limited_text
    from shipyard.core.toml_input import parse_toml

    text = read_limited_text(path)  # as every file is read: a regular file of at most 1 MiB
    if text is None:
        return set()
    data, _ = parse_toml(text)
    if data is None:
        return {name for name in ("designs", "sides", "opponents") if f"[[{name}]]" in text}
    return set(data)


def _toml_opponents(path: Path, side_number: int) -> tuple[list[Opponent], Engagement | None, list[Diagnostic]]:
    """An engagement file's side (the second unless asked), or every opponent of a pool file."""
    shown = str(path)
    base = folder_of(path)
    if "opponents" in _tables_of(path):
        pool, found, positions = read_toml_file(path, shown, PoolFile, "SRC001", "SRC002", "opponent pool")
        if pool is None:
            return [], None, found
        if side_number:
            found.append(_error("SRC005", Span(path=shown, line=1, col=1), f"a pool file takes no '={side_number}'"))
            return [], None, found
        opponents = []
        for index, side in enumerate(pool.opponents):
            fleet, problems = build_side(side, index, base, positions, shown, "opponents")
            found += problems
            if fleet is not None:
                label = f"{shown} #{index + 1}" + (f" ({side.name})" if side.name else "")
                opponents.append(Opponent(label, _absolute(side, base), fleet))
        return opponents, None, found
    engagement, found, positions = load_engagement(path, shown)
    if engagement is None:
        return [], None, found
    if side_number not in (0, 1, 2):
        line, col = locate(positions, ("sides",))
        found.append(
            _error(
                "SRC005", Span(path=shown, line=line, col=col), f"an engagement has sides 1 and 2, not {side_number}"
            )
        )
        return [], None, found
    index = (side_number or 2) - 1
    side = engagement.sides[index]
    fleet, problems = build_side(side, index, base, positions, shown)
    found += problems
    if fleet is None:
        return [], None, found
    return [Opponent(f"{shown}={index + 1}", _absolute(side, base), fleet)], engagement, found


def _absolute(side: Side, base: Path) -> Side:
    ships = [ref.model_copy(update={"sheet": os.path.normpath(base / ref.sheet)}) for ref in side.ships]
    return side.model_copy(update={"ships": ships})


def load_opponents(specs: Sequence[str], inputs: Inputs) -> list[Diagnostic]:
    """The opponents of ``--against`` values into ``inputs``: each value one opponent (sheets with counts joined
    by '+', or an engagement file's side), or a pool file's several. The first engagement file given also sets
    the battles' options, starting range and turn limit."""
    found: list[Diagnostic] = []
    engaged = False
    for spec in specs:
        parts = opponent_spec(spec)
        if len(parts) == 1 and _tables_of(Path(parts[0][0])) & {"sides", "opponents"}:
            path = Path(parts[0][0])
            opponents, engagement, problems = _toml_opponents(path, parts[0][1])
            found += problems
            inputs.opponents += opponents
            if engagement is not None and not engaged:
                engaged = True
                inputs.options, inputs.start_range, inputs.turns = (
                    engagement.options,
                    engagement.start_range,
                    engagement.turns,
                )
            continue
        side = Side(ships=[ShipRef(sheet=os.path.normpath(name), count=count or 1) for name, count in parts])
        fleet, problems = build_side(side, 0, None, {}, "")
        found += problems
        if fleet is not None:
            inputs.opponents.append(Opponent(spec, side, fleet))
    return found


# ---- the space searched ----------------------------------------------------------------------------------------


@dataclass
class Space:
    """What may be bought and how a candidate may fight: each design's bounds (after the budget, the fleet's most
    ships and the tech level), the knobs searched and the knobs fixed."""

    designs: list[Design]
    budget: Fraction
    max_ships: int | None
    bounds: list[tuple[int, int]]
    searched: list[str]
    fixed: dict[str, str]

    def knobs(self, chosen: dict[str, str]) -> tuple[tuple[str, str], ...]:
        return tuple((name, chosen.get(name, self.fixed.get(name, DEFAULTS[name]))) for name in KNOBS)

    def folded(self, counts: Sequence[int], knobs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
        """``knobs`` with each choice that fights the same battles as another for this fleet made that other
        (``FOLDS``: no spinal mount to aim, no missiles to hold), so one fleet is fought once."""
        bought = [d.template for d, n in zip(self.designs, counts, strict=True) if n]
        parts = {
            "spinal": any(ship.has_mounted("spinal", EVERY_KIND) for ship in bought),
            "missile": any(g.kind == "missile" for ship in bought for g in ship.groups),
        }
        folded = []
        for name, choice in knobs:
            fold = FOLDS.get((name, choice))
            folded.append((name, fold[0]) if fold is not None and not parts[fold[1]] else (name, choice))
        return tuple(folded)

    def cost(self, counts: Sequence[int]) -> Fraction:
        return sum((d.cost * n for d, n in zip(self.designs, counts, strict=True)), Fraction(0))

    def repair(self, counts: Sequence[int]) -> tuple[int, ...]:
        """A fleet within the budget and the most ships: while over, one ship fewer of the design that takes the
        most of the budget (at the catalogue's first on a tie) that is above its least; an empty fleet gets one of
        the cheapest design that may be bought."""
        fixed = list(counts)
        while self.cost(fixed) > self.budget or (self.max_ships is not None and sum(fixed) > self.max_ships):
            over = [
                (d.cost * n, -i)
                for i, (d, n) in enumerate(zip(self.designs, fixed, strict=True))
                if n > self.bounds[i][0]
            ]
            if not over:
                break  # the least of each is over: ``space`` refuses such a catalogue
            fixed[-max(over)[1]] -= 1
        if sum(fixed) == 0:
            cheapest = min((d.cost, i) for i, d in enumerate(self.designs) if self.bounds[i][1] > 0)[1]
            fixed[cheapest] = 1
        return tuple(fixed)


def space(
    inputs: Inputs,
    budget: Fraction,
    searched: Sequence[str] | None,
    fixed: dict[str, str],
    max_ships: int | None,
    tl: int | None,
    where: Span,
) -> tuple[Space | None, list[Diagnostic]]:
    """The space of fleets the budget admits, or None and why none fits (SRC004)."""
    found: list[Diagnostic] = []
    max_ships = max_ships if max_ships is not None else inputs.max_ships
    max_ships = MAX_SIDE_SHIPS if max_ships is None else min(max_ships, MAX_SIDE_SHIPS)  # a fleet is a side
    tl = tl if tl is not None else inputs.tl
    designs = []
    for design in inputs.designs:
        if tl is not None and design.template.tl is not None and design.template.tl > tl:
            found.append(
                Diagnostic(
                    code="SRC004",
                    severity=Severity.WARNING,
                    span=design.span,
                    message=f"{design.name} is TL {design.template.tl}, above the TL {tl} allowed: not bought",
                )
            )
            continue
        designs.append(design)
    if not designs:
        return None, [*found, _error("SRC004", where, "no design of the catalogue may be bought")]
    bounds = []
    for design in designs:
        most = int(budget // design.cost)
        for limit in (design.high, max_ships):
            if limit is not None:
                most = min(most, limit)
        bounds.append((design.low, max(design.low, most)))
    least = sum((d.cost * d.low for d in designs), Fraction(0))
    cheapest = min(designs, key=lambda d: d.cost)
    if least > budget:
        return None, [
            *found,
            _error(
                "SRC004",
                where,
                f"the least the catalogue asks for costs MCr {_mcr(least)}, over the budget MCr {_mcr(budget)}",
            ),
        ]
    if cheapest.cost > budget and least == 0:
        return None, [
            *found,
            _error(
                "SRC004",
                cheapest.span,
                f"no fleet fits the budget MCr {_mcr(budget)}: the cheapest design, {cheapest.name}, costs MCr "
                f"{_mcr(cheapest.cost)}",
            ),
        ]
    if max_ships is not None and sum(d.low for d in designs) > max_ships:
        return None, [*found, _error("SRC004", where, f"the least the catalogue asks for is over {max_ships} ships")]
    knobs = [k for k in (searched if searched is not None else KNOBS) if k not in fixed]
    return Space(designs, budget, max_ships, bounds, knobs, dict(fixed)), found


def _mcr(value: Fraction) -> str:
    return f"{float(value):,.2f}".removesuffix(".00")


# ---- trying candidates -----------------------------------------------------------------------------------------


@dataclass
class Tried:
    """A candidate and what its battles came to, against each opponent."""

    candidate: Candidate
    order: int  # the trial it was first tried in
    cost: Fraction
    scores: list[Score]
    full: bool = False

    @property
    def battles(self) -> int:
        return sum(s.battles for s in self.scores)

    def share(self, what: str) -> float:
        total = self.battles
        return sum(getattr(s, what) for s in self.scores) / total if total else 0.0

    @property
    def win(self) -> float:
        return self.share("wins")

    @property
    def worst_index(self) -> int:
        rates = [s.wins / s.battles if s.battles else 0.0 for s in self.scores]
        return rates.index(min(rates))

    @property
    def worst(self) -> float:
        score = self.scores[self.worst_index]
        return score.wins / score.battles if score.battles else 0.0

    def interval(self, objective: str = "mean") -> tuple[float, float]:
        """The 95% Wilson interval of the objective: the win chance over every battle, or against the worst
        opponent."""
        if objective == "worst":
            score = self.scores[self.worst_index]
            return wilson(score.wins, score.battles)
        return wilson(sum(s.wins for s in self.scores), self.battles)

    def value(self, objective: str) -> float:
        return self.worst if objective == "worst" else self.win

    def rank(self, objective: str) -> tuple[float, float, float, float]:
        """Better first: the objective, then draws (a draw is better than a loss), then the cheaper fleet (of two
        that both win every battle, the one that costs less is the better buy), then the MCr lost a battle."""
        return (self.value(objective), self.share("draws"), -float(self.cost), -self.lost_mcr)

    def standing(self, objective: str) -> tuple[tuple[float, float, float, float], int]:
        """Where it stands among fleets: by ``rank``, the one tried first ahead on a tie."""
        return (self.rank(objective), -self.order)

    @property
    def lost_mcr(self) -> float:
        total = self.battles
        return float(sum((s.lost_mcr for s in self.scores), Fraction(0)) / total) if total else 0.0

    def record(self) -> dict[str, Any]:
        """What a journal keeps of it, to resume without fighting its battles again."""
        return {
            "key": self.candidate.key,
            "full": self.full,
            "scores": [
                [s.battles, s.wins, s.draws, s.losses, str(s.lost_mcr), str(s.enemy_lost_mcr)] for s in self.scores
            ],
        }

    def restore(self, record: dict[str, Any]) -> None:
        self.full = bool(record["full"])
        self.scores = [
            Score(b, w, d, lo, Fraction(mine), Fraction(theirs)) for b, w, d, lo, mine, theirs in record["scores"]
        ]


@dataclass
class Settings:
    """How the search runs (docs/search.md)."""

    seed: int = 1
    battles: int = 20_000  # the battles it may fight in all (it stops after the generation that passes them)
    screen: int = 50  # each candidate's first battles against each opponent
    full: int = 400  # a full evaluation: battles against each opponent
    generation: int = 8  # candidates asked of the optimiser at a time
    block: int = 50  # battles in one unit of work
    objective: Literal["mean", "worst"] = "mean"
    sampler: Literal["tpe", "nsga2", "random"] = "tpe"
    stale: int = 5  # generations in a row with no new candidate end the search
    journal: Path | None = None

    def stages(self) -> list[int]:
        """The battles against each opponent after each stage: the screen, doubling up to the full evaluation."""
        stages = [min(self.screen, self.full)]
        while stages[-1] < self.full:
            stages.append(min(stages[-1] * 2, self.full))
        return stages


@dataclass
class Progress:
    """The search as it went, a generation at a time: battles fought, candidates tried, the incumbent's objective
    and its interval."""

    battles: int
    candidates: int
    best: float
    low: float
    high: float


@dataclass
class SearchResult:
    space: Space
    inputs: Inputs
    settings: Settings
    tried: list[Tried]
    history: list[Progress]
    battles: int  # fought in all (a journal's included)
    resumed: int = 0  # trials read back from the journal
    #: Why the search stopped, in words: its battles spent, or generations that brought no new fleet.
    stopped: str = ""
    #: The best fleet and the best of one design fought again on battles no candidate was chosen by (each
    #: opponent's runs ``full`` to ``2 x full``), by candidate key: the figures reported for them.
    remeasured: dict[str, Tried] = field(default_factory=dict)

    @property
    def ranked(self) -> list[Tried]:
        full = [t for t in self.tried if t.full]
        return sorted(full, key=lambda t: t.standing(self.settings.objective), reverse=True)

    @property
    def best(self) -> Tried | None:
        ranked = self.ranked
        return ranked[0] if ranked else None

    @property
    def baseline(self) -> Tried | None:
        """The best fleet of one design (any doctrine), fully evaluated: what the search must at least match."""
        single = [t for t in self.ranked if sum(1 for n in t.candidate.counts if n) == 1]
        return single[0] if single else None

    def again(self, tried: Tried | None) -> Tried | None:
        """``tried`` as re-measured on fresh battles, when it was (the best fleet, the best of one design)."""
        return None if tried is None else self.remeasured.get(tried.candidate.key)

    @property
    def only_single(self) -> bool:
        """Whether the battles bought no search: every fleet tried is of one design alone (the first generation)."""
        return all(sum(1 for n in t.candidate.counts if n) <= 1 for t in self.tried)

    @property
    def front(self) -> list[Tried]:
        """The fully evaluated fleets no other beats on every count (win chance, worst case, cost), cheapest
        first."""
        full = [t for t in self.tried if t.full]

        def dominated(one: Tried) -> bool:
            return any(
                o.win >= one.win
                and o.worst >= one.worst
                and o.cost <= one.cost
                and (o.win > one.win or o.worst > one.worst or o.cost < one.cost)
                for o in full
            )

        front = [t for t in full if not dominated(t)]
        return sorted(front, key=lambda t: (t.cost, -t.win, t.order))


def opponent_seed(seed: int, opponent: int) -> int:
    """The seed of the battles against opponent j: the search's seed plus j, so that ``combat battle --seed``
    replays a candidate's battles against it."""
    return seed + opponent


def world(inputs: Inputs, space: Space, seed: int) -> World:
    return World(
        designs=[d.template for d in space.designs],
        opponents=[o.fleet for o in inputs.opponents],
        opponent_seeds=[opponent_seed(seed, j) for j in range(len(inputs.opponents))],
        options=inputs.options,
        start_range=inputs.start_range,
        turns=inputs.turns,
        name=SEARCHED_SIDE,
    )


#: The name of the searched fleet's side in battles and the engagement written.
SEARCHED_SIDE = "Searched fleet"


def _study_name(space: Space, inputs: Inputs, settings: Settings) -> str:
    """The journal's name for a search: the same inputs and settings (but the battles it may fight), the same
    study, so that a longer search resumes a shorter one."""
    described = {
        "designs": [(str(d.sheet), d.ship, d.crew, str(d.cost), d.low, d.high) for d in space.designs],
        "bounds": space.bounds,
        "budget": str(space.budget),
        "max_ships": space.max_ships,
        "searched": space.searched,
        "fixed": space.fixed,
        "opponents": [o.side.model_dump(mode="json") for o in inputs.opponents],
        "battle": [inputs.options.model_dump(mode="json"), inputs.start_range, inputs.turns],
        "settings": [settings.seed, settings.screen, settings.full, settings.generation, settings.block],
        "how": [settings.objective, settings.sampler],
    }
    digest = hashlib.sha256(json.dumps(described, sort_keys=True, default=str).encode()).hexdigest()
    return f"shipyard-search-{digest[:16]}"


class Search:
    """One search: ask the optimiser for a generation of candidates, fight their battles in racing stages, tell
    it what they came to; until the battles are spent."""

    def __init__(
        self,
        inputs: Inputs,
        space: Space,
        settings: Settings,
        executor: Executor,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.inputs, self.space, self.settings, self.executor = inputs, space, settings, executor
        self.progress = progress
        self.tried: dict[str, Tried] = {}
        self.history: list[Progress] = []
        self.fought = 0
        self.resumed = 0

    # -- the optimiser
    def _sampler(self, optuna: Any, trials: int) -> Any:
        """The sampler of the generation that starts at trial ``trials``, seeded by the search's seed and that
        number only: a resumed search asks what an unbroken one would."""
        seed = run_seed(self.settings.seed, trials) % SAMPLER_SEEDS
        if self.settings.sampler == "random":
            return optuna.samplers.RandomSampler(seed=seed)
        if self.settings.sampler == "nsga2":
            return optuna.samplers.NSGAIISampler(seed=seed, population_size=max(2, self.settings.generation))
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=2 * self.settings.generation, constant_liar=True)

    def _names(self) -> list[str]:
        names: list[str] = []
        for design in self.space.designs:
            name = f"count {design.name}"
            while name in names:
                name += "'"
            names.append(name)
        return names

    def _candidate(self, trial: Any) -> Candidate:
        counts = []
        for name, (low, high) in zip(self._names(), self.space.bounds, strict=True):
            counts.append(trial.suggest_int(name, low, high) if high > low else low)
        chosen = {name: trial.suggest_categorical(f"knob {name}", list(KNOBS[name])) for name in self.space.searched}
        fleet = self.space.repair(counts)
        return Candidate(fleet, self.space.folded(fleet, self.space.knobs(chosen)))

    def _baseline(self) -> list[dict[str, Any]]:
        """The first trials: each design alone, as many as the budget buys, with the default (or fixed) doctrine."""
        enqueued = []
        names = self._names()
        for index, (_low, high) in enumerate(self.space.bounds):
            if high == 0:
                continue
            params: dict[str, Any] = {
                name: (high if i == index else bound[0])
                for i, (name, bound) in enumerate(zip(names, self.space.bounds, strict=True))
                if bound[1] > bound[0]
            }
            params |= {f"knob {k}": DEFAULTS[k] for k in self.space.searched}
            enqueued.append(params)
        return enqueued

    def _whole(self) -> list[dict[str, Any]]:
        """Every fleet of a small space (``WHOLE_SPACE``, and battles enough to screen each against every
        opponent) as the optimiser's params: each count vector within the bounds, the budget and the most ships,
        with each doctrine the searched knobs make (folded: one of each set of choices that fight alike). Empty
        for a larger space, which the optimiser samples."""
        ranges = [range(low, high + 1) for low, high in self.space.bounds]
        knob_choices = [list(KNOBS[name]) for name in self.space.searched]
        size = math.prod(len(r) for r in ranges) * math.prod(len(c) for c in knob_choices)
        per_fleet = self.settings.screen * max(1, len(self.inputs.opponents))
        if size > WHOLE_SPACE or size * per_fleet > self.settings.battles:
            return []
        names = self._names()
        wanted: list[dict[str, Any]] = []
        seen: set[str] = set()
        for counts in itertools.product(*ranges):
            if not any(counts) or self.space.repair(counts) != counts:
                continue  # over the budget or the most ships (repair would make it another fleet), or empty
            for choice in itertools.product(*knob_choices):
                chosen = dict(zip(self.space.searched, choice, strict=True))
                key = Candidate(counts, self.space.folded(counts, self.space.knobs(chosen))).key
                if key in seen:
                    continue
                seen.add(key)
                params: dict[str, Any] = {
                    name: n for name, n, (low, high) in zip(names, counts, self.space.bounds, strict=True) if high > low
                }
                wanted.append(params | {f"knob {name}": chosen[name] for name in self.space.searched})
        return wanted

    def _told(self, tried: Tried) -> float | list[float]:
        if self.settings.sampler == "nsga2":
            return [tried.win, tried.worst, float(tried.cost)]
        return tried.rank(self.settings.objective)[0] + tried.share("draws") / 1000

    def run(self) -> SearchResult:
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        directions: list[Any] = (
            ["maximize", "maximize", "minimize"] if self.settings.sampler == "nsga2" else ["maximize"]
        )
        try:  # a journal's records replayed: one optuna cannot replay is SRC006, not a traceback
            storage: Any = None
            if self.settings.journal is not None:
                from optuna.storages import JournalStorage
                from optuna.storages.journal import JournalFileBackend

                storage = JournalStorage(JournalFileBackend(str(self.settings.journal)))
            study = optuna.create_study(
                study_name=_study_name(self.space, self.inputs, self.settings),
                storage=storage,
                directions=directions,
                sampler=self._sampler(optuna, 0),
                load_if_exists=True,
            )
            pending, told = self._resume(study)
        except Exception as error:
            if self.settings.journal is None:
                raise
            from shipyard.systems.mcs.combat.journal import Unresumable

            raise Unresumable(self.settings.journal, error) from None
        if not study.trials:
            for params in [*self._baseline(), *self._whole()]:
                study.enqueue_trial(params, skip_if_exists=True)
        stale = 0
        while pending or (self.fought < self.settings.battles and stale < self.settings.stale):
            if pending:
                study.sampler = self._sampler(optuna, pending[0].number)
                while len(pending) < self._size(pending[0].number):  # stopped while asking: the rest asked now
                    pending.append(study.ask())
            else:
                # the trials asked so far (those enqueued and not yet asked are the next ones asked)
                start = sum(1 for t in study.trials if t.state != optuna.trial.TrialState.WAITING)
                study.sampler = self._sampler(optuna, start)
                pending = [study.ask() for _ in range(self._size(start))]
            new = self._generation(pending, study, told)
            pending, told = [], set()
            stale = 0 if new else stale + 1
        result = SearchResult(
            self.space,
            self.inputs,
            self.settings,
            sorted(self.tried.values(), key=lambda t: t.order),
            self.history,
            self.fought,
            self.resumed,
        )
        result.stopped = (
            f"{stale} generations in a row brought no fleet not tried before (the optimiser proposes none new: "
            f"the space searched is exhausted, or nearly)"
            if stale >= self.settings.stale
            else f"its battles were spent ({self.fought:,} fought, --battles {self.settings.battles:,})"
        )
        result.remeasured = self._remeasure([t for t in (result.best, result.baseline) if t is not None])
        result.battles = self.fought
        return result

    def _remeasure(self, chosen: list[Tried]) -> dict[str, Tried]:
        """The fleets ``chosen`` as the best of many, fought again on fresh battles: each opponent's runs ``full``
        to ``2 x full``, which no candidate's figure was drawn from (the maximum of many noisy estimates is biased
        upward; these are not). Both on the same runs (common random numbers), so they compare fairly."""
        full = self.settings.full
        again: dict[str, Tried] = {}
        for tried in chosen:
            if tried.candidate.key not in again:
                scores = [Score() for _ in tried.scores]
                again[tried.candidate.key] = Tried(tried.candidate, tried.order, tried.cost, scores, full=True)
        units = [
            Unit(fresh.candidate, opponent, first, min(first + self.settings.block, 2 * full))
            for fresh in again.values()
            for opponent in range(len(fresh.scores))
            for first in range(full, 2 * full, self.settings.block)
        ]
        for unit, score in zip(units, self.executor.map(units), strict=True):
            again[unit.candidate.key].scores[unit.opponent].add(score)
            self.fought += score.battles
        return again

    def _size(self, first: int) -> int:
        """The trials of the generation that starts at trial ``first``: the first is the fleets of one design alone
        (the obvious, fought in full before any racing), every other ``generation``."""
        return (len(self._baseline()) or self.settings.generation) if first == 0 else self.settings.generation

    def _resume(self, study: Any) -> tuple[list[Any], set[int]]:
        """The trials a journal holds, a generation at a time: a generation wholly told is read back (its battles
        not fought again, its step of the search's course noted); a generation the search stopped inside is tried
        again whole, as it was first (the trials it had told are not told twice). That generation's trials, and the
        numbers of those already told."""
        import optuna

        trials = [t for t in study.trials if t.state != optuna.trial.TrialState.WAITING]  # enqueued, not yet asked
        first = 0
        while first < len(trials):
            size = self._size(first)
            generation = trials[first : first + size]
            first += size
            told = [t.state == optuna.trial.TrialState.COMPLETE and "result" in t.user_attrs for t in generation]
            if len(generation) == size and all(told):
                for frozen in generation:
                    self._restore(frozen)
                self._note()
                continue
            again = [
                optuna.trial.FixedTrial(frozen.params, frozen.number) if done else reopened(study, frozen)
                for frozen, done in zip(generation, told, strict=True)
            ]
            return again, {frozen.number for frozen, done in zip(generation, told, strict=True) if done}
        return [], set()

    def _restore(self, frozen: Any) -> None:
        import optuna

        candidate = self._candidate(optuna.trial.FixedTrial(frozen.params, frozen.number))
        if candidate.key not in self.tried:
            tried = Tried(candidate, frozen.number, self.space.cost(candidate.counts), [])
            tried.restore(frozen.user_attrs["result"])
            self.tried[candidate.key] = tried
            self.fought += tried.battles
        self.resumed += 1

    def _generation(self, trials: list[Any], study: Any, told: set[int] | frozenset[int] = frozenset()) -> int:
        """Try a generation: its new candidates fight (racing against the incumbent of the generation before), then
        every trial is told, in order (but those numbered in ``told``, told before the search stopped). The number
        of new candidates."""
        candidates = [self._candidate(trial) for trial in trials]
        fresh: list[Tried] = []
        for trial, candidate in zip(trials, candidates, strict=True):
            if candidate.key not in self.tried:
                tried = Tried(
                    candidate,
                    trial.number,
                    self.space.cost(candidate.counts),
                    [Score() for _ in self.inputs.opponents],
                )
                self.tried[candidate.key] = tried
                fresh.append(tried)
        self._race(fresh)
        for trial, candidate in zip(trials, candidates, strict=True):
            if trial.number in told:
                continue
            tried = self.tried[candidate.key]
            trial.set_user_attr("result", tried.record())
            study.tell(trial, self._told(tried))
        self._note()
        return len(fresh)

    def _race(self, fresh: list[Tried]) -> None:
        incumbent = self._incumbent()
        floor = incumbent.interval(self.settings.objective)[0] if incumbent is not None else None
        live = list(fresh)
        stages = self.settings.stages()
        for number, stage in enumerate(stages):
            units = [
                Unit(tried.candidate, opponent, first, min(first + self.settings.block, stage))
                for tried in live
                for opponent, score in enumerate(tried.scores)
                for first in range(score.battles, stage, self.settings.block)
            ]
            for unit, result in zip(units, self.executor.map(units), strict=True):
                self.tried[unit.candidate.key].scores[unit.opponent].add(result)
                self.fought += result.battles
            if self.progress is not None:
                self.progress(self.fought, max(self.settings.battles, self.fought))
            if number == len(stages) - 1:
                for tried in live:
                    tried.full = True
            elif floor is not None:
                live = [t for t in live if t.interval(self.settings.objective)[1] >= floor]
            if not live:
                break

    def _incumbent(self) -> Tried | None:
        full = [t for t in self.tried.values() if t.full]
        objective = self.settings.objective
        return max(full, key=lambda t: t.standing(objective)) if full else None

    def _note(self) -> None:
        incumbent = self._incumbent()
        if incumbent is None:
            return
        low, high = incumbent.interval(self.settings.objective)
        value = incumbent.value(self.settings.objective)
        self.history.append(Progress(self.fought, len(self.tried), value, low, high))


def make_executor(
    kind: str, world: World, jobs: int, scheduler: str | None, timeout: float = SCHEDULER_TIMEOUT
) -> Executor:
    """The executor asked for: ``local`` (this process for one job, else worker processes) or ``dask`` (an existing
    ``scheduler``, waited for ``timeout`` seconds: ``workers.Unreachable`` past it)."""
    from shipyard.systems.mcs.combat import workers

    if kind == "dask":
        return workers.DaskCluster(world, scheduler, jobs, timeout)
    if jobs <= 1:
        return workers.InProcess(world)
    return workers.LocalProcesses(world, jobs)


def design_labels(designs: Sequence[Design]) -> list[str]:
    """Each design's name as every output shows it, told apart where two share one: by its crew where the
    catalogue gives crews ('Kuvasz (elite crew)'), else by its place in the catalogue ('Kuvasz (design 2)')."""
    names = [d.name for d in designs]
    labels = []
    for index, design in enumerate(designs):
        label = design.name
        if names.count(design.name) > 1:
            crewed = [d.crew for d in designs if d.name == design.name]
            unique = design.crew is not None and crewed.count(design.crew) == 1
            label += f" ({design.crew} crew)" if unique else f" (design {index + 1})"
        labels.append(label)
    return labels


def describe(tried: Tried, space: Space, short: bool = False) -> str:
    """A fleet in words: '2 Midu Agashaan + 6 Zhodani Patrol Corvette'; ``short``, for a chart's label: each design
    by the first word of its name, or its whole name where two would share one ('4 Zhodani + 12 MF357B')."""
    names = design_labels(space.designs)
    if short:
        first = [name.split()[0] if name.split() else name for name in names]
        names = [word if first.count(word) == 1 else name for word, name in zip(first, names, strict=True)]
    return " + ".join(f"{n} {name}" for name, n in zip(names, tried.candidate.counts, strict=True) if n)


def fleet_sides(tried: Tried, space: Space) -> Side:
    """The candidate's side as an engagement writes it (sheets as the catalogue resolved them)."""
    from shipyard.systems.mcs.combat.knobs import doctrine

    ships = [
        ShipRef(sheet=str(d.sheet), name=d.ship, count=n, crew=d.crew)  # type: ignore[arg-type]
        for d, n in zip(space.designs, tried.candidate.counts, strict=True)
        if n
    ]
    return Side(name=SEARCHED_SIDE, ships=ships, doctrine=doctrine(tried.candidate.knobs))
