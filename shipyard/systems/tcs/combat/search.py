"""The TCS fleet search problem (``shipyard tcs search``): the designs of a catalogue (High Guard sheets, or a
catalogue file naming them), priced as ``audit`` prices a fleet (High Guard's quantity rule: the first of a design at
its price and the architect's fee, every further one at 80%; drop tanks by the scenario's ruling), bought under a
scenario (its budget; each design checked alone by the rules ``check --scenario`` runs, the fleet's tugs against
its drop tanks), fought in TCS battles under High Guard (1980) combat against the opponents, each battle won by
Appendix A. The search itself is ``shipyard.search``'s, the same as MCS's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.references import OUTSIDE_CODE, referenced
from shipyard.core.stdin import folder_of
from shipyard.core.toml_input import ClosedTable, FileName, locate, read_toml_file
from shipyard.search.limits import MAX_DESIGNS, MAX_FLEET_SHIPS
from shipyard.search.opponents import opponent_spec
from shipyard.search.problem import Carried, Knobs, Score, Unit, folded, opponent_seed
from shipyard.systems.highguard.build import Genome
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.tcs.combat import invented
from shipyard.systems.tcs.combat.battle import FleetSide, Squadron, fight_once, fleet_side, score
from shipyard.systems.tcs.combat.engine import Orders
from shipyard.systems.tcs.combat.invented import Made
from shipyard.systems.tcs.combat.knobs import FOLDS, KNOBS
from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS, Readings
from shipyard.systems.tcs.combat.ship import Combatant, combatant
from shipyard.systems.tcs.fleet import DesignCost, named_ships, sheet_members, tanks_each
from shipyard.systems.tcs.rules.tugs import tanks_dropped, towing
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.tcs.subject import FleetMember, FleetSubject

#: The name of the searched fleet in battles and the fleet file written.
SEARCHED_FLEET = "Searched fleet"
#: The codes of a design or opponent that cannot be used (a file not read, no ship, no cost, not a fleet): an error
#: of one stops the search before it starts.
UNUSABLE = ("SRC", "TCB", "SCN", "IO")


class CatalogueDesign(ClosedTable):
    """One design a fleet may buy: a High Guard sheet's ship (the sheet's only or first ship, else the one
    ``name`` names), how many at least and at most, and its role (a tug tows drop tanks)."""

    sheet: FileName
    name: str | None = None
    min: int = Field(0, ge=0, le=MAX_FLEET_SHIPS)
    max: int | None = Field(None, ge=0, le=MAX_FLEET_SHIPS)
    role: Literal["warship", "tug", "tender", "other"] = "warship"


class CatalogueFile(ClosedTable):
    """A TCS search's catalogue: ``[[design]]`` tables (singular, as a fleet file's ``[[ship]]``; an MCS search's
    catalogue is ``[[designs]]``) and the fleet's most ships."""

    design: list[CatalogueDesign] = Field(min_length=1, max_length=MAX_DESIGNS)
    max_ships: int | None = Field(None, ge=1, le=MAX_FLEET_SHIPS)


@dataclass
class Design:
    """A catalogue design, read, checked under the scenario and priced."""

    name: str
    sheet: Path
    shown: str
    ship: str | None  # the ship of the sheet the fleet file names, where the sheet holds more than one
    member: FleetMember  # one ship of it, as a fleet file makes it (priced, checked, scored)
    template: Combatant
    low: int
    high: int | None
    span: Span
    crew: str | None = None
    scenario: Scenario = field(default_factory=Scenario)
    #: A design the search made of its own: what it was made of (its sheet's text is written beside the fleet file).
    made: Made | None = None

    def priced(self, count: int) -> Fraction:
        """``count`` of it by the quantity rule, with their drop tanks (``fleet.DesignCost``, as ``audit``)."""
        if count == 0:
            return Fraction(0)
        price = self.member.value or Decimal(0)
        each = DesignCost(
            self.name, count, price, self.member.design.craft_cost, ((tanks_each(self.member), count),), self.scenario
        )
        return Fraction(each.total)

    @property
    def cost(self) -> Fraction:
        return self.priced(1)


@dataclass
class Opponent:
    """A fleet to beat, as ``--against`` named it, ready to fight."""

    label: str
    side: FleetSide
    path: str | None  # its one file, which ``tcs battle`` replays it from; None for sheets joined with counts

    @property
    def name(self) -> str:
        return self.side.name

    @property
    def short(self) -> str:
        return self.side.name


def _error(code: str, span: Span, message: str, severity: Severity = Severity.ERROR) -> Diagnostic:
    return Diagnostic(code=code, severity=severity, span=span, message=message)


def _at(finding: Diagnostic) -> str:
    return f"{finding.code} at line {finding.span.line}"


def _designs_of(
    path: Path, shown: str, entry: CatalogueDesign, span: Span, scenario: Scenario, readings: Readings
) -> tuple[list[Design], list[Diagnostic]]:
    """The designs of one sheet (each High Guard ship, or the one ``entry.name`` names), checked alone under the
    scenario: a design with an error (a rule broken, or a line of its sheet not read) is not bought (SRC004, a
    warning naming the codes; the sheet's own errors reported beside it)."""
    from shipyard.core.pipeline import check_ship, load_sheet

    sheet = load_sheet(path, shown)
    sheet_errors = [d for d in sheet.diagnostics if d.severity is Severity.ERROR]
    found = list(sheet_errors)
    ships = [ship for ship in sheet.ships if isinstance(ship, HighGuardShip)]
    if entry.name is not None:
        ships = named_ships(sheet, entry.name)
        if not ships:
            found.append(_error("SRC002", span, f"{shown} has no High Guard ship named {entry.name!r}"))
            return [], found
    if not ships:
        if not found:
            found.append(_error("TCB001", span, f"{shown} holds no High Guard ship"))
        return [], found
    designs = []
    for ship in ships:
        where = ship.anchor() or span
        member = sheet_members(sheet, 1, entry.role, Decimal(0), [ship])[0]
        template = combatant(ship, readings)
        if template is None:
            found.append(
                _error("TCB001", where, f"{ship.display_name}: no USP printed or recomputable: it cannot fight")
            )
            continue
        if member.value is None:
            found.append(_error("SRC003", where, f"{ship.display_name} has no cost: its sheet gives none"))
            continue
        broken = sorted({d.code for d in check_ship(ship, shown, scenario=scenario) if d.severity is Severity.ERROR})
        if broken or sheet_errors:  # check --scenario would fault the fleet's sheets
            why = []
            if broken:
                why.append(f"breaks {', '.join(broken)} under the scenario (shipyard check --scenario says where)")
            if sheet_errors:
                why.append(f"its sheet has errors ({', '.join(_at(d) for d in sheet_errors)})")
            message = f"{ship.display_name}: {'; '.join(why)}: not bought"
            found.append(_error("SRC004", where, message, Severity.WARNING))
            continue
        named = ship.display_name if len([s for s in sheet.ships if isinstance(s, HighGuardShip)]) > 1 else None
        designs.append(
            Design(ship.display_name, path, shown, named, member, template, entry.min, entry.max, where, None, scenario)
        )
    return designs, found


def load_catalogue(
    sources: Sequence[Path], scenario: Scenario, readings: Readings, shown: str | None = None
) -> tuple[list[Design], int | None, list[Diagnostic]]:
    """The designs of the catalogue's files (High Guard sheets, each ship a design; or catalogue files, TOML
    ``[[design]]`` tables naming sheets, bounds and roles), the catalogue's most ships, and the findings. A design
    listed twice is refused at its second listing (the quantity rule prices a design once)."""
    designs: list[Design] = []
    most: int | None = None
    found: list[Diagnostic] = []
    for path in sources:
        named = shown if shown is not None else str(path)  # ``shown``: one source, named as check names it
        if _is_catalogue(path):
            catalogue, problems, positions = read_toml_file(
                path, named, CatalogueFile, "SRC001", "SRC002", "TCS search catalogue"
            )
            found += problems
            if catalogue is None:
                continue
            most = catalogue.max_ships if most is None else most
            base = folder_of(path)
            for index, entry in enumerate(catalogue.design):
                line, col = locate(positions, ("design", index))
                span = Span(path=named, line=line, col=col)
                if entry.max is not None and entry.max < entry.min:
                    found.append(_error("SRC002", span, f"max {entry.max} is below min {entry.min}"))
                    continue
                sheet, refused = referenced(base, entry.sheet)
                if refused is not None:
                    at_line, at_col = locate(positions, ("design", index, "sheet"))
                    found.append(_error(OUTSIDE_CODE, Span(path=named, line=at_line, col=at_col), refused))
                    continue
                more, problems = _designs_of(sheet, str(sheet), entry, span, scenario, readings)
                designs += more
                found += problems
        else:
            more, problems = _designs_of(
                path, named, CatalogueDesign(sheet=named), Span(named, 1, 1), scenario, readings
            )
            designs += more
            found += problems
    unique: list[Design] = []
    seen: set[tuple[str, str]] = set()
    for design in designs:
        key = (str(design.sheet.resolve()), design.name)
        if key in seen:
            found.append(_error("SRC002", design.span, f"{design.name} of {design.shown} is listed twice"))
            continue
        seen.add(key)
        unique.append(design)
    return unique, most, found


def _is_catalogue(path: Path) -> bool:
    from shipyard.core.source import read_limited_text
    from shipyard.core.toml_input import parse_toml

    text = read_limited_text(path)
    if text is None:
        return False
    data, _ = parse_toml(text)
    return "[[design]]" in text if data is None else "design" in data


def catalogue_findings(path: Path, shown: str) -> list[Diagnostic]:
    """A TCS catalogue's findings, read as the search reads it under the default scenario (``shipyard check`` of the
    file): its values, its sheets, and each design's errors as a warning that it would not be bought."""
    return load_catalogue([path], Scenario(), DEFAULT_READINGS, shown)[2]


def load_opponents(specs: Sequence[str], readings: Readings) -> tuple[list[Opponent], list[Diagnostic]]:
    """The opponents of ``--against`` values: each a fleet file, a folder or a sheet (its ships as many as their
    headings say), or sheets with counts joined by '+' (``cisor.txt=4+garter.txt=4``). ValueError for a value
    that is none of them."""
    opponents: list[Opponent] = []
    found: list[Diagnostic] = []
    for spec in specs:
        parts = opponent_spec(spec, MAX_FLEET_SHIPS)
        sides = []
        for name, count in parts:
            side = fleet_side(Path(name), readings, None, found)
            if side is None:
                break
            if count:
                side = _counted(side, count)
            sides.append(side)
        else:
            whole = parts[0][1] == 0 and len(parts) == 1
            opponents.append(
                Opponent(spec, sides[0] if whole else _joined(sides, spec), parts[0][0] if whole else None)
            )
    return opponents, found


def _counted(side: FleetSide, count: int) -> FleetSide:
    """A sheet's side with each of its ships ``count`` times."""
    squadrons = [replace(s, count=count) for s in side.squadrons]
    fleet = replace(side.fleet, members=[replace(m, count=count) for m in side.fleet.members])
    return replace(side, squadrons=squadrons, fleet=fleet)


def _joined(sides: list[FleetSide], label: str) -> FleetSide:
    """Sheets with counts as one fleet, named as the command line gave it."""
    fleet = replace(sides[0].fleet, name=label, members=[m for s in sides for m in s.fleet.members])
    return FleetSide(label, [q for s in sides for q in s.squadrons], sides[0].orders, fleet)


# ---- the problem -----------------------------------------------------------------------------------------------


@dataclass
class TcsProblem:
    """The TCS search problem: the designs and opponents read, under a scenario, fought with ``readings``."""

    designs: list[Design]
    opponents: list[Opponent]
    scenario: Scenario
    readings: Readings
    knobs: dict[str, dict[str, dict[str, Any]]] = field(default_factory=lambda: KNOBS)
    loss: tuple[str, str] = ("% by Appendix A", "lost_percent_mean")
    #: Of two fleets that win alike, the one that loses less by Appendix A (the tournament's measure; a trillion
    #: credits not spent wins nothing), then the cheaper.
    ties: str = "loss"
    #: Where the searched fleet's scoring findings point: the catalogue (the fleet has no file of its own).
    where: str = "-"

    @property
    def budget(self) -> Fraction:
        return Fraction(self.scenario.budget_mcr)

    #: How many designs of its own a fleet may have (``--design``), the genomes made so far (as fitted: the index
    #: of the design each made, None where refused) and the refusals, each with how often.
    slots: int = 0
    genomes: dict[Genome, int | None] = field(default_factory=dict)
    refusals: dict[tuple[str, str], int] = field(default_factory=dict)

    offered: int = field(init=False)  # the catalogue's designs; those the search makes follow

    def __post_init__(self) -> None:
        self.offered = len(self.designs)

    def _bought(self, counts: Sequence[int]) -> list[tuple[Design, int]]:
        """Each design with its count (none past the last a fleet buys: 0)."""
        return list(zip(self.designs, [*counts, *[0] * (len(self.designs) - len(counts))], strict=True))

    def cost(self, counts: Sequence[int]) -> Fraction:
        return sum((d.priced(n) for d, n in self._bought(counts)), Fraction(0))

    def most(self, design: int, within: Fraction | None = None) -> int:
        """The most the budget (or ``within``) buys: doubled while within it, then halved back to the last that
        is."""
        priced, limit = self.designs[design].priced, self.budget if within is None else within
        if priced(1) > limit:
            return 0
        low, high = 1, 2
        while priced(high) <= limit and high <= MAX_FLEET_SHIPS:
            low, high = high, high * 2
        while high - low > 1:
            middle = (low + high) // 2
            low, high = (middle, high) if priced(middle) <= limit else (low, middle)
        return low

    @property
    def tugs(self) -> bool:
        """Whether the catalogue offers a tug (its designs may then carry drop tanks dropped before combat)."""
        return any(d.member.role == "tug" for d in self.designs[: self.offered])

    @property
    def genes(self) -> dict[str, list[Any]]:
        return invented.genes(self.scenario, self.tugs) if self.slots else {}

    def invent(self, genes: Mapping[str, Any]) -> int | None:
        """The design of ``genes`` (``invented``): fitted to the scenario, made, checked alone; a genome fitted
        as one made before is that design. Its index, or None (the refusal counted)."""
        genome, repairs, refused = invented.fit(dict(genes), self.scenario, self.tugs)
        if genome is not None and genome in self.genomes:
            return self.genomes[genome]
        if genome is not None:
            made = invented.make(genome, repairs, len(self.designs) - self.offered + 1, self.scenario, self.readings)
            refused = made.refused
            self.genomes[genome] = None if refused else len(self.designs)
            if refused is None:
                template, member = invented.parts(made, self.readings)
                assert made.sheet is not None and made.ship is not None
                where = invented.span(made)
                name = made.ship.display_name
                design = Design(name, Path(made.sheet), made.sheet, None, member, template, 0, None, where)
                self.designs.append(replace(design, scenario=self.scenario, made=made))
        if refused is not None:
            self.refusals[refused] = self.refusals.get(refused, 0) + 1
        return None if genome is None else self.genomes[genome]

    def made(self, design: int) -> dict[str, Any] | None:
        made = self.designs[design].made
        if made is None or made.genome is None or made.ship is None or made.ship.usp is None:
            return None
        genes = {name: value for name, value in vars(made.genome).items() if name in self.genes}
        return {"genes": genes, "repairs": tuple(made.repairs), "usp": made.ship.usp.text}

    def carried(self, counts: Sequence[int]) -> tuple[Carried, str]:
        """The designs of the search's own that ``counts`` buys: each one's template and member, and a digest of
        their genomes."""
        bought = [(i, d) for i, (d, n) in enumerate(self._bought(counts)) if n and i >= self.offered]
        genomes = [(i, d.made.genome) for i, d in bought if d.made is not None and d.made.genome is not None]
        return tuple((i, (d.template, d.member)) for i, d in bought), invented.digest(genomes) if bought else ""

    def unfit(self, counts: Sequence[int]) -> list[Fraction] | None:
        """Over the budget (TCS201): each design's share of the cost; else short of tugs for the drop tanks dropped
        before combat (TCS202): each design's tons of tanks (a tug's own tanks too; a tug gives up no ship for
        them unless it carries some)."""
        shares = [d.priced(n) for d, n in self._bought(counts)]
        if sum(shares, Fraction(0)) > self.budget:
            return shares
        if not self.scenario.drop_tanks_dropped:
            return None
        members = [replace(d.member, count=n) for d, n in self._bought(counts)]
        tanks = [tanks_dropped(m) for m in members]
        if sum(tanks, Decimal(0)) <= sum((towing(m) for m in members), Decimal(0)):
            return None
        return [Fraction(t) for t in tanks]

    def folded(self, counts: Sequence[int], knobs: Knobs) -> Knobs:
        """``FOLDS``: no laser or energy weapon to defend with; fewer than two classes to hold one back."""
        bought = [d.template for d, n in self._bought(counts) if n]
        parts = {
            "beam": any(b.weapon in ("laser", "energy") and not b.spinal for t in bought for b in t.batteries),
            "classes": len({t.name for t in bought}) > 1,
        }
        return folded(knobs, FOLDS, parts)

    def assumed(self) -> list[str]:
        """What was assumed of each design and each opponent's classes where the sheets do not say, as ``tcs
        battle`` says it (``FleetSide.assumed``)."""
        every = self.world(0).side([1] * self.offered, ())
        found = every.assumed() + [each for o in self.opponents for each in o.side.assumed()]
        made = [d.template for d in self.designs[self.offered :]]
        missiles = sum(1 for m in made if any(b.weapon == "missile" for b in m.batteries))
        if missiles:  # the sheets the search writes say no more than a catalogue's: one line for them all
            reading = f"missiles {made[0].missiles} (the sheets do not say; reading missiles)"
            found.append(f"{SEARCHED_FLEET}'s designs of its own with missiles ({missiles} of {len(made)}): {reading}")
        return list(dict.fromkeys(found))

    def described(self) -> dict[str, Any]:
        catalogue = self.designs[: self.offered]
        described = {
            "designs": [(str(d.sheet), d.ship, d.member.role, str(d.cost), d.low, d.high) for d in catalogue],
            "opponents": [o.label for o in self.opponents],
            "battle": [self.scenario.model_dump(mode="json"), repr(self.readings)],
        }
        return described | ({"slots": self.slots, "genes": self.genes} if self.slots else {})

    def world(self, seed: int) -> World:
        return World(
            designs=[(d.template, d.member) for d in self.designs[: self.offered]],
            opponents=[o.side for o in self.opponents],
            opponent_seeds=[opponent_seed(seed, j) for j in range(len(self.opponents))],
            readings=self.readings,
            scenario=self.scenario,
            path=self.where,
        )


def orders(knobs: Knobs, templates: Sequence[Combatant]) -> Orders:
    """The doctrine of a knob setting for a fleet of these classes: a reserve of "smallest" or "largest" named."""
    fields: dict[str, Any] = {}
    for name, choice in knobs:
        fields.update(KNOBS[name][choice])
    reserve = dict(knobs).get("reserve", "none")
    if reserve != "none" and templates:
        pick = min if reserve == "smallest" else max
        fields["reserve"] = (pick(templates, key=lambda t: t.tons).name,)
    return Orders(**fields)


@dataclass
class World:
    """What every TCS battle of a search needs: each design's combat template and fleet member, the opponents'
    sides, their seeds, the readings and the scenario the searched fleet is scored under."""

    designs: list[tuple[Combatant, FleetMember]]
    opponents: list[FleetSide]
    opponent_seeds: list[int]
    readings: Readings
    scenario: Scenario
    path: str = "-"  # where the searched fleet's scoring findings point
    name: str = SEARCHED_FLEET

    def side(self, counts: Sequence[int], knobs: Knobs, carried: Carried = ()) -> FleetSide:
        """The candidate's fleet as ``tcs battle`` builds the fleet file written for it: each design's ships in the
        catalogue's order (then the designs of the search's own it buys, ``carried``), each squadron named as
        ``fleet_side`` names its sheet."""
        designs = dict(enumerate(self.designs)) | dict(carried)
        bought = [(*designs[i], n) for i, n in enumerate(counts) if n]
        shared = Counter(member.path for _, member, _ in bought)
        squadrons = [
            Squadron(t, n, m.ship.display_name if shared[m.path] > 1 else Path(m.path).name) for t, m, n in bought
        ]
        members = [replace(m, count=n) for _, m, n in bought]
        fleet = FleetSubject(self.name, self.path, members, self.scenario, Span(self.path, 1, 1))
        return FleetSide(self.name, squadrons, orders(knobs, [t for t, _, _ in bought]), fleet)

    def fight(self, unit: Unit) -> Score:
        """A unit's battles, each won by Appendix A (automatic victory, else the lower percentage lost): the
        searched fleet's loss is its Appendix A percentage."""
        candidate = unit.candidate
        sides = [self.side(candidate.counts, candidate.knobs, candidate.carried), self.opponents[unit.opponent]]
        seed = self.opponent_seeds[unit.opponent]
        found = Score()
        for run in range(unit.first, unit.last):
            scored = score(fight_once(sides, self.readings, seed, run), sides)
            mine, theirs = scored.percentages
            found.count(scored.winner, Fraction(repr(mine)), Fraction(repr(theirs)))
            for finding in scored.findings:
                found.findings[finding] = found.findings.get(finding, 0) + 1
        return found
