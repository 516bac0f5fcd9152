"""The MCS fleet search problem (``shipyard combat search``): the catalogue's designs (MCS sheets, priced by
their ``Cost: MCr``, or a catalogue file), the opponents (sheets with counts, an engagement's side, a pool), the
doctrine knobs of ``knobs.KNOBS``, and the world that fights a unit of MCS battles. The search itself (the
optimiser, racing, the journal, the executors) is ``shipyard.search``'s, the same for every game.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.stdin import folder_of
from shipyard.core.toml_input import ClosedTable, FileName, locate, read_toml_file
from shipyard.search.limits import MAX_DESIGNS, MAX_OPPONENTS
from shipyard.search.opponents import opponent_spec as spec_of
from shipyard.search.problem import CatalogueOnly, Knobs, Score, Unit, folded, opponent_seed
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.battle import (
    Engagement,
    ShipRef,
    Side,
    build_side,
    load_engagement,
    sheet_ships,
    ship_template,
    side_fleet,
    side_ships,
    told_apart,
)
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.combat.knobs import FOLDS, KNOBS, doctrine
from shipyard.systems.mcs.combat.limits import MAX_SIDE_SHIPS
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.state import EVERY_KIND, CombatShip
from shipyard.systems.mcs.combat.turns import Fleet, fight
from shipyard.systems.mcs.model import UsdShip

#: The codes of a design or opponent that cannot be used (a file not read, no ship, no cost): an error of one stops
#: the search before it starts.
UNUSABLE = ("SRC", "CMB", "IO")


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

    @property
    def name(self) -> str:
        return self.fleet.name

    @property
    def short(self) -> str:
        return self.side.name or self.fleet.name  # the label names the file


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
    """An opponent as the command line gives it (``shipyard.search.opponents.opponent_spec``), at most a side's
    ships a count."""
    return spec_of(value, MAX_SIDE_SHIPS)


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


# ---- the problem -----------------------------------------------------------------------------------------------

#: The name of the searched fleet's side in battles and the engagement written.
SEARCHED_SIDE = "Searched fleet"


@dataclass
class McsProblem(CatalogueOnly):
    """The MCS search problem: designs priced each at its own cost (MCS has no quantity rule), the budget the only
    constraint, the doctrine knobs of ``KNOBS``, battles fought by the MCS engine."""

    designs: list[Design]
    opponents: list[Opponent]
    budget: Fraction
    options: Options = field(default_factory=Options)
    start_range: str = "x"
    turns: int = 10
    knobs: dict[str, dict[str, dict[str, Any]]] = field(default_factory=lambda: KNOBS)
    loss: tuple[str, str] = ("MCr", "lost_mcr_mean")
    ties: str = "cost"  # of two fleets that win alike, the cheaper is the better buy

    def cost(self, counts: Sequence[int]) -> Fraction:
        return sum((d.cost * n for d, n in zip(self.designs, counts, strict=True)), Fraction(0))

    def most(self, design: int, within: Fraction | None = None) -> int:
        return int((self.budget if within is None else within) // self.designs[design].cost)

    def unfit(self, counts: Sequence[int]) -> list[Fraction] | None:
        if self.cost(counts) <= self.budget:
            return None
        return [d.cost * n for d, n in zip(self.designs, counts, strict=True)]

    def folded(self, counts: Sequence[int], knobs: Knobs) -> Knobs:
        """``FOLDS``: no spinal mount to aim, no missiles to hold."""
        bought = [d.template for d, n in zip(self.designs, counts, strict=True) if n]
        parts = {
            "spinal": any(ship.has_mounted("spinal", EVERY_KIND) for ship in bought),
            "missile": any(g.kind == "missile" for ship in bought for g in ship.groups),
        }
        return folded(knobs, FOLDS, parts)

    def assumed(self) -> list[str]:
        return []  # a catalogue's sheets give every figure an MCS battle reads (or are refused)

    def described(self) -> dict[str, Any]:
        return {
            "designs": [(str(d.sheet), d.ship, d.crew, str(d.cost), d.low, d.high) for d in self.designs],
            "opponents": [o.side.model_dump(mode="json") for o in self.opponents],
            "battle": [self.options.model_dump(mode="json"), self.start_range, self.turns],
        }

    def world(self, seed: int) -> World:
        return World(
            designs=[d.template for d in self.designs],
            opponents=[o.fleet for o in self.opponents],
            opponent_seeds=[opponent_seed(seed, j) for j in range(len(self.opponents))],
            options=self.options,
            start_range=self.start_range,
            turns=self.turns,
            name=SEARCHED_SIDE,
        )


def mcs_problem(inputs: Inputs, budget: Fraction, tl: int | None) -> tuple[McsProblem, list[Diagnostic]]:
    """The problem of a catalogue and its opponents: the designs above the tech level (``tl``, else the
    catalogue's) not bought, each said (SRC004, a warning)."""
    found: list[Diagnostic] = []
    tl = tl if tl is not None else inputs.tl
    designs = []
    for design in inputs.designs:
        if tl is not None and design.template.tl is not None and design.template.tl > tl:
            message = f"{design.name} is TL {design.template.tl}, above the TL {tl} allowed: not bought"
            found.append(Diagnostic(code="SRC004", severity=Severity.WARNING, span=design.span, message=message))
            continue
        designs.append(design)
    problem = McsProblem(designs, inputs.opponents, budget, inputs.options, inputs.start_range, inputs.turns)
    return problem, found


@dataclass
class World:
    """What every MCS battle of a search needs: the designs' ships, the opponents' fleets, how battles start and
    end."""

    designs: list[CombatShip]
    opponents: list[Fleet]
    opponent_seeds: list[int]
    options: Options
    start_range: str
    turns: int
    name: str  # the searched side's name

    def fleets(self, counts: Sequence[int], knobs: Knobs, opponent: int) -> list[Fleet]:
        """The candidate's fleet against one opponent, built as ``combat battle`` builds the engagement written for
        it (``side_ships``, ``side_fleet``): each design's ships in the catalogue's order, then the two sides' ships
        numbered apart."""
        refs = [
            (ShipRef(sheet=f"design {index + 1}", count=n), template)
            for index, (template, n) in enumerate(zip(self.designs, counts, strict=True))
            if n
        ]
        side = Side(name=self.name, ships=[ref for ref, _ in refs], doctrine=doctrine(knobs))
        enemy = self.opponents[opponent]
        fleets = [
            side_fleet(side, side_ships(refs)),
            Fleet(enemy.name, [s.clone() for s in enemy.ships], enemy.tactics, enemy.orders),
        ]
        told_apart(fleets)
        return fleets

    def fight(self, unit: Unit) -> Score:
        """A unit's battles, counted: the searched side's loss in MCr."""
        fleets = self.fleets(unit.candidate.counts, unit.candidate.knobs, unit.opponent)
        seed = self.opponent_seeds[unit.opponent]
        score = Score()
        readings = self.options.readings()
        for run in range(unit.first, unit.last):
            tally = fight(fleets, readings, self.start_range, self.turns, seed, run)[0]
            score.count(tally.winner, tally.lost_mcr[0], tally.lost_mcr[1])
        return score


def fleet_sides(counts: Sequence[int], knobs: Knobs, designs: Sequence[Design]) -> Side:
    """A candidate's side as an engagement writes it (sheets as the catalogue resolved them)."""
    ships = [
        ShipRef(sheet=str(d.sheet), name=d.ship, count=n, crew=d.crew)  # type: ignore[arg-type]
        for d, n in zip(designs, counts, strict=True)
        if n
    ]
    return Side(name=SEARCHED_SIDE, ships=ships, doctrine=doctrine(knobs))
