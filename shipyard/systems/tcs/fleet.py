"""Fleets: a folder of High Guard sheets (one of each ship), or a fleet file listing sheets and how many
of each are built, checked with a scenario (TCS82; TCS82 TCS201-TCS203).

Scenario file (TOML)::

    [scenario]
    name = "Origins 1981"
    budget_mcr = 1000000        # default: a trillion credits
    tech_level = 12             # unset: no limit checked
    minimum_jump = 3            # unset: not checked
    minimum_maneuver = 2        # unset: not checked
    drop_tanks_dropped = true   # default (clarification 7): tugs must tow every tank

Fleet file (TOML): ``[[ship]]`` tables with ``sheet`` (a path relative to the file), ``count`` (default 1),
``role`` ("warship", "tug", "tender", "other"), ``extra_drop_tanks`` (tons a tug carries beyond its ships');
an optional inline ``[scenario]``, and an optional ``[doctrine]`` (how the fleet fights in ``tcs battle``:
docs/tcs-combat.md, "Doctrine"). Codes: SCN001 not TOML, SCN002 a value does not validate, SCN003 a
sheet of the fleet cannot be read or holds no High Guard ship.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import none_named, spelt
from shipyard.core.numbers import money
from shipyard.core.pipeline import check_fleet
from shipyard.core.references import OUTSIDE_CODE, referenced
from shipyard.core.selection import Selection
from shipyard.core.sheet import SheetFile
from shipyard.core.source import read_limited_text, read_sheet_text
from shipyard.core.stdin import folder_of
from shipyard.core.toml_input import load_toml_model, parse_toml
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.tcs.scenario import FleetFile, Scenario, ScenarioFile
from shipyard.systems.tcs.subject import FleetMember, FleetSubject

if TYPE_CHECKING:
    from shipyard.report.tables import AuditExtras
    from shipyard.systems.tcs.scoring import FleetScore

#: How near a misspelt ship name must be to be offered (difflib's ratio), as a fire log's ship names are.
NEAR_NAME = 0.6
#: The sheet formats a fleet is made of (a scenario makes a folder of them a fleet).
SHEET_FORMATS = ("highguard",)


def load_scenario(path: Path) -> tuple[Scenario | None, list[Diagnostic]]:
    text, diagnostics = read_sheet_text(path, str(path))
    if text is None:
        return None, diagnostics
    loaded, found, _ = load_toml_model(text, str(path), ScenarioFile, "SCN001", "SCN002", "TOML scenario")
    return (loaded.scenario if loaded else None), diagnostics + found


def is_fleet_file(path: Path) -> bool:
    """A ``.toml`` (or standard input) whose ``ship`` is a list of tables (a design has one ``[ship]`` table)."""
    return _fleet_toml(path) is True


def _fleet_toml(path: Path) -> bool | None:
    """True for a fleet file (``is_fleet_file``), None for a ``.toml`` file whose text is not TOML (the fleet file it
    was meant to be, to be told so), False for any other file: the file read and parsed once."""
    from shipyard.core.stdin import shown

    toml = path.suffix.lower() == ".toml"
    if (not toml and shown(str(path)) == str(path)) or not path.is_file():
        return False
    text = read_limited_text(path)
    if text is None:
        return False
    data, _ = parse_toml(text)
    if data is None:
        return None if toml else False
    return isinstance(data.get("ship"), list)


def sheet_members(
    sheet: SheetFile,
    count: int | None = None,
    role: str = "warship",
    extra: Decimal = Decimal(0),
    ships: list[HighGuardShip] | None = None,
) -> list[FleetMember]:
    """The fleet's members of a sheet: each of its High Guard ships (or of ``ships``), ``count`` of each, else as
    many as its heading gives, else one."""
    chosen = ships if ships is not None else [ship for ship in sheet.ships if isinstance(ship, HighGuardShip)]
    return [
        FleetMember(ship, recompute(ship), count or ship.heading_count or 1, role, extra, sheet.path) for ship in chosen
    ]


def ship_names(ship: HighGuardShip) -> list[str]:
    """What a fleet file may call a ship: its name, its hull number, both ("BC-9514 Kinunir"), its class."""
    names = [ship.display_name, ship.hull_number, ship.ship_class]
    if ship.hull_number and ship.name:
        names.append(f"{ship.hull_number} {ship.name}")
    return [name for name in names if name]


def named_ships(sheet: SheetFile, name: str) -> list[HighGuardShip]:
    """The High Guard ships of a sheet a fleet file's ``name`` names (any case and spacing)."""
    return [
        ship
        for ship in sheet.ships
        if isinstance(ship, HighGuardShip) and any(spelt(each) == spelt(name) for each in ship_names(ship))
    ]


def fleet_from_folder(folder: Path, sheets: list[SheetFile], scenario: Scenario) -> FleetSubject:
    members = [member for sheet in sheets for member in sheet_members(sheet)]
    return FleetSubject(
        name=folder.name,
        path=str(folder),
        members=members,
        scenario=scenario,
        span=Span(path=str(folder), line=1, col=1),
    )


def fleet_from_file(
    path: Path, scenario: Scenario | None, load: Callable[[Path], SheetFile]
) -> tuple[FleetSubject | None, list[SheetFile], list[Diagnostic]]:
    """A fleet file: its fleet (with the ``scenario`` given, else its own, else the default), the sheets it
    names as read by ``load``, and the diagnostics of reading the fleet file."""
    text, diagnostics = read_sheet_text(path, str(path))
    if text is None:
        return None, [], diagnostics
    fleet_file, found, positions = load_toml_model(text, str(path), FleetFile, "SCN001", "SCN002", "TOML fleet file")
    diagnostics += found
    if fleet_file is None:
        return None, [], diagnostics
    members: list[FleetMember] = []
    sheets: list[SheetFile] = []
    #: Each sheet and ship named (by where the sheet resolves to, and the ship's name: None for the whole sheet):
    #: the line of its first listing.
    listed: dict[tuple[Path, str | None], int] = {}
    for index, entry in enumerate(fleet_file.ship):
        line, col = positions.get(("ship", index, "sheet"), positions.get(("ship", index), (1, 1)))
        named, refused = referenced(folder_of(path), entry.sheet)
        if refused is not None:
            diagnostics.append(
                Diagnostic(
                    code=OUTSIDE_CODE,
                    severity=Severity.ERROR,
                    span=Span(path=str(path), line=line, col=col),
                    message=refused,
                )
            )
            continue
        where = (named.resolve(), spelt(entry.name) if entry.name is not None else None)
        if where in listed:
            what = f"{entry.sheet}" + (f" ({entry.name})" if entry.name is not None else "")
            diagnostics.append(
                Diagnostic(
                    code="SCN004",
                    severity=Severity.INFO,
                    span=Span(path=str(path), line=line, col=col),
                    message=f"{what} is listed again (first on line {listed[where]}): each of its ships is "
                    "priced with its like from the first listing by the quantity rule (one architect's fee a "
                    "design, every further ship at 80%)",
                )
            )
        listed.setdefault(where, line)
        sheet = load(named)
        sheets.append(sheet)
        picked = named_ships(sheet, entry.name) if entry.name is not None else None
        if picked == [] and sheet.ships:
            name_line, name_col = positions.get(("ship", index, "name"), (line, col))
            names = [ship.display_name for ship in sheet.ships if isinstance(ship, HighGuardShip)]
            diagnostics.append(
                Diagnostic(
                    code="SCN005",
                    severity=Severity.ERROR,
                    span=Span(path=str(path), line=name_line, col=name_col),
                    message=f"{entry.sheet}: "
                    + none_named("ship", entry.name or "", names, NEAR_NAME, " on that sheet"),
                )
            )
            continue
        found_members = sheet_members(sheet, entry.count, entry.role, entry.extra_drop_tanks, picked)
        if not found_members:
            diagnostics.append(
                Diagnostic(
                    code="SCN003",
                    severity=Severity.ERROR,
                    span=Span(path=str(path), line=line, col=col),
                    message=f"{entry.sheet}: {_why_no_ship(sheet)}",
                )
            )
        members += found_members
    chosen = scenario or fleet_file.scenario or Scenario()
    return (
        FleetSubject(
            name=fleet_file.name or path.stem,
            path=str(path),
            members=members,
            scenario=chosen,
            span=Span(path=str(path), line=1, col=1),
            doctrine=fleet_file.doctrine,
        ),
        sheets,
        diagnostics,
    )


def _why_no_ship(sheet: SheetFile) -> str:
    """Why a sheet a fleet file names gives the fleet no ship: it was not read (its finding's words), it holds
    ships of another system, or none."""
    if sheet.format == "unreadable":
        first = sheet.diagnostics[0] if sheet.diagnostics else None
        return f"{first.message} ({first.code})" if first is not None else "cannot read it"
    if sheet.ships:
        from shipyard.core.registry import format_named

        named = format_named(sheet.format)
        return f"holds no High Guard ship (it is {named[1].description if named else sheet.format})"
    return "no High Guard ship read from it"


def check_fleet_file(
    path: Path, scenario: Scenario | None, load: Callable[[Path], SheetFile], selection: Selection
) -> list[Diagnostic]:
    """The batch's check of a fleet file: reading it, its sheets (through ``load``), then the fleet rules."""
    fleet, _, diagnostics = fleet_from_file(path, scenario, load)
    if fleet is not None:
        diagnostics += check_fleet(fleet, "tcs", selection)
    return diagnostics


def check_folder(
    folder: Path, sheets: list[SheetFile], scenario: Scenario, selection: Selection
) -> list[Diagnostic] | None:
    """The batch's check of a folder as a fleet under a scenario (one of each ship); None when it holds none."""
    fleet = fleet_from_folder(folder, sheets, scenario)
    return check_fleet(fleet, "tcs", selection) if fleet.members else None


def load_fleet(path: Path, scenario: Scenario | None, problems: list[Diagnostic]) -> FleetSubject | None:
    """A fleet file, or a folder: the fleet file inside it if there is one, else one of each High Guard ship; or
    a sheet file: each of its ships as many times as its squadron heading says (else once).
    A fleet is under ``scenario`` when one is given, else a fleet file's own, else the default. Problems of
    reading go to ``problems`` (the errors of the folder's sheets among them)."""
    from shipyard.core.batch import find_files
    from shipyard.core.pipeline import load_sheet

    if path.is_dir():
        found, missing = find_files([path])
        fleet_files = [f.path for f in found if f.path.suffix == ".toml" and is_fleet_file(f.path)]
        if fleet_files:
            return load_fleet(fleet_files[0], scenario, problems)
        sheets = [load_sheet(f.path) for f in found]
        problems += missing + [d for s in sheets for d in s.diagnostics if d.severity is Severity.ERROR]
        return fleet_from_folder(path, [s for s in sheets if s.format in SHEET_FORMATS], scenario or Scenario())
    # A published squadron's sheet file: its ships, as many as their headings say. A .toml file that is not TOML is
    # read as the fleet file it was meant to be, so that its finding is SCN001 at its line.
    if _fleet_toml(path) is False:
        sheet = load_sheet(path)
        problems += [d for d in sheet.diagnostics if d.severity is Severity.ERROR]
        return fleet_from_folder(path, [sheet] if sheet.format in SHEET_FORMATS else [], scenario or Scenario())
    fleet, _, found_problems = fleet_from_file(path, scenario, load_sheet)
    problems += found_problems
    return fleet


@dataclass(frozen=True)
class DesignCost:
    """What the ships of one design cost a fleet by High Guard's quantity rule, and their drop tanks."""

    name: str
    count: int
    price: Decimal  # one ship, as its sheet prices it (carried craft included)
    craft: Decimal  # of that, the carried craft
    #: The drop tanks one ship carries (and a tug's extra tanks), and how many ships carry them: one pair for
    #: each time the fleet file lists the design (a tug's listing may carry more tanks than a warship's).
    tank_sets: tuple[tuple[Decimal, int], ...]
    scenario: Scenario

    @property
    def first(self) -> Decimal:
        """The first ship: its price and the architect's fee (1% of the price without craft)."""
        return self.price + hg.ARCHITECT_FEE_SHARE * (self.price - self.craft)

    @property
    def further(self) -> Decimal:
        """Each further ship: 80% of the price without craft, and the craft at full price."""
        return hg.QUANTITY_PRICE_SHARE * (self.price - self.craft) + self.craft

    @property
    def ships(self) -> Decimal:
        return self.first + (self.count - 1) * self.further

    @property
    def tanks(self) -> Decimal:
        every = sum((each * count for each, count in self.tank_sets), Decimal(0))
        if self.scenario.drop_tanks_in_quantity and self.count > 1:
            first = self.tank_sets[0][0]  # the first ship's at full price, every further ship's at 80%
            return first + hg.QUANTITY_PRICE_SHARE * (every - first)
        return every

    @property
    def total(self) -> Decimal:
        return self.ships + self.tanks


@dataclass(frozen=True)
class FleetCost:
    """A fleet's cost, design by design; the ships whose sheets give no cost are left out and named."""

    designs: list[DesignCost]
    unknown: list[str]

    @property
    def ships(self) -> Decimal:
        return sum((d.ships for d in self.designs), Decimal(0))

    @property
    def tanks(self) -> Decimal:
        return sum((d.tanks for d in self.designs), Decimal(0))

    @property
    def total(self) -> Decimal:
        return self.ships + self.tanks

    @property
    def count(self) -> int:
        return sum(d.count for d in self.designs)


def tanks_price(ship: HighGuardShip, tons: Decimal) -> Decimal:
    """What ``tons`` of a ship's drop tanks cost beyond its own price: the sheet's Drop Tanks Cost; else, where its
    component sheet prices their fittings (High Guard Shipyard's "L-Hyd Drop Tanks"), the tanks alone at MCr
    0.001 a ton; else High Guard's whole price, MCr 0.01 and 0.001 a ton, as published notes give it (6,000
    tons of tanks, MCr 6.01). No tanks cost nothing."""
    if ship.drop_tank_cost is not None:
        return ship.drop_tank_cost
    if not tons:
        return Decimal(0)
    if ship.find_component("FUEL", r"drop tanks"):
        return tons * hg.DROP_TANK_MCR_PER_TON
    fixed, per_ton = hg.DROP_TANK_FITTINGS
    return fixed + per_ton * tons


def tanks_each(member: FleetMember) -> Decimal:
    """The price of the drop tanks one ship of a design carries (``tanks_price``), and a tug's extra tanks."""
    return tanks_price(member.ship, member.design.drop_tanks) + member.extra_drop_tanks * hg.DROP_TANK_MCR_PER_TON


def fleet_cost(fleet: FleetSubject) -> FleetCost:
    """The fleet priced as TCS prices it: each design by High Guard's quantity rule, and its drop tanks. A
    design the fleet file lists more than once (the same ship of the same sheet) is one design: its first ship
    pays the architect's fee, every further one, of any listing, 80%."""
    designs: dict[tuple[str, str], DesignCost] = {}
    unknown = []
    for member in fleet.members:
        if member.ship.cost_mcr is None and member.design.component_cost is None:
            unknown.append(member.ship.display_name)
            continue
        key = (str(Path(member.path).resolve()), member.ship.display_name)  # "a/v.txt" and "a/../a/v.txt" are one
        tanks = (tanks_each(member), member.count)
        listed = designs.get(key)
        if listed is None:
            designs[key] = DesignCost(
                member.ship.display_name,
                member.count,
                member.value or Decimal(0),
                member.design.craft_cost,
                (tanks,),
                fleet.scenario,
            )
        else:
            designs[key] = replace(listed, count=listed.count + member.count, tank_sets=(*listed.tank_sets, tanks))
    return FleetCost(list(designs.values()), unknown)


@dataclass(frozen=True)
class FleetTotal:
    """A fleet as the judge's audit shows it: its cost, the budget, and whether its fleet checks pass."""

    name: str
    cost: FleetCost
    budget: Decimal
    passes: bool
    #: (sheet path, ship name, copies) of each member: the audit's count column.
    counts: tuple[tuple[str, str, int], ...] = ()
    #: The fleet checks' findings, for a fleet the batch did not check (a published squadron's sheet file).
    findings: tuple[Diagnostic, ...] = ()

    @property
    def margin(self) -> Decimal:
        """The budget less the cost: negative when the fleet is over."""
        return self.budget - self.cost.total

    @property
    def words(self) -> str:
        over = "under" if self.margin >= 0 else "over"
        return (
            f"fleet {self.name}: {self.cost.count} ship(s) of {len(self.cost.designs)} design(s), MCr "
            f"{money(self.cost.total)} (ships MCr {money(self.cost.ships)} by the quantity rule, drop tanks MCr "
            f"{money(self.cost.tanks)}); budget MCr {money(self.budget)}, MCr {money(abs(self.margin))} {over}: "
            f"{'pass' if self.passes else 'fail'}"
        )


def fleet_totals(
    scenario: Scenario | None, fleet_paths: list[str], fleet_findings: list[Diagnostic], unchecked: bool = False
) -> list[FleetTotal]:
    """Each fleet the check found (a fleet file, or with a scenario a folder of sheets), priced by the one fleet
    computation the budget rule uses, with the verdict of its fleet findings and the count of each member.
    ``unchecked``: fleets the batch did not check as fleets (published squadrons' sheet files), whose fleet
    checks run here, their findings in each total's ``findings``."""
    totals = []
    for fleet_path in fleet_paths:
        fleet = load_fleet(Path(fleet_path), scenario, [])
        if fleet is not None and fleet.members:
            own = tuple(check_fleet(fleet, "tcs")) if unchecked else ()
            found = [*fleet_findings, *own]
            passes = not any(d.severity is Severity.ERROR and d.span.path == fleet_path for d in found)
            counts = tuple((m.path, m.ship.display_name, m.count) for m in fleet.members)
            totals.append(FleetTotal(fleet.name, fleet_cost(fleet), fleet.scenario.budget_mcr, passes, counts, own))
    return totals


def fleet_losses(
    fleet_path: Path, damage: Path, scenario: Scenario | None
) -> tuple[list[FleetScore], list[Diagnostic]]:
    """The audit's Losses: the fleet at ``fleet_path`` scored by Appendix A with its damage record."""
    from shipyard.systems.tcs.damage import load_record
    from shipyard.systems.tcs.scoring import score_fleet, unasked_rulings

    problems: list[Diagnostic] = []
    fleet = load_fleet(fleet_path, scenario, problems)
    record, positions = load_record(damage, problems)
    if fleet is None or record is None:
        return [], problems
    result, found = score_fleet(fleet, record, str(damage), positions)
    if scenario is None and Path(fleet.path).is_file():  # the fleet file's own rulings, this fleet's alone
        found += unasked_rulings(Path(fleet.path), fleet.scenario.rulings, result.asked)
    return [result], problems + found


def audit_extras(
    scenario: Scenario | None, fleets: Iterable[FleetTotal], losses: list[FleetScore] | None
) -> AuditExtras:
    """What the judge's audit shows of the scenario, the fleets priced and a fleet's losses (its Summary rows,
    cost chart and Losses sheet, shipyard/systems/tcs/report.py)."""
    from shipyard.systems.tcs.report import audit_extras as extras

    return extras(scenario, fleets, losses)
