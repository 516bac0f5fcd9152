"""Run the rules over parsed sheets and fleets: which rules apply, and which findings are kept.

``Selection`` follows ruff: ``select`` and ``ignore`` are code prefixes ("MCS", "MCS00", "MCS008");
the longest matching prefix wins, so ``--select MCS --ignore MCS008`` keeps every MCS rule but one.
Parse and read diagnostics (IO, USD, HG0xx ...) go through the same filter.
MCS rules run on MCS-rated USD ships; HG and TCS ship rules on High Guard ships, with the design the
engine recomputes and the scenario; TCS fleet rules on a fleet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.registry import Rule, RuleContext, all_rules, family_rules
from shipyard.core.suppress import apply_suppressions

if TYPE_CHECKING:  # High Guard's models and engine load only when a High Guard ship is checked
    from shipyard.systems.highguard.model import HighGuardShip
    from shipyard.systems.tcs.scenario import Scenario
    from shipyard.core.sheet import SheetFile
    from shipyard.systems.mcs.model import UsdShip
    from shipyard.systems.tcs.subjects import FleetSubject


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: everything
    ignore: tuple[str, ...] = ()

    def wants(self, code: str) -> bool:
        """True when the longest selecting prefix is longer than the longest ignoring one (ties: ignored)."""
        chosen = max((len(p) for p in self.select if code.startswith(p)), default=None if self.select else 0)
        if chosen is None:
            return False
        dropped = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        return chosen > dropped


def rules_for(ship: UsdShip | HighGuardShip, selection: Selection) -> list[Rule]:
    """The ship rules for a ship. The MCS family checks MCS ratings only: a T4 sheet's figures are on
    another scale (convert it first)."""
    if ship.format == "highguard":
        families = ("hg", "tcs")
    elif ship.edition == "mcs":
        families = ("mcs",)
    else:
        return []
    return [rule for family in families for rule in family_rules(family).values()
            if rule.meta.target == "ship" and selection.wants(rule.code)]


def _run(rules: Iterable[Rule], subject, path: str, fallback: Span) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for rule in rules:
        try:
            found.extend(rule.check(subject, RuleContext(rule.meta, path, fallback)))
        except Exception as error:  # a bug in a rule: one finding, the run goes on
            found.append(Diagnostic(code="SY002", severity=Severity.ERROR, span=fallback,
                                    message=f"internal error in rule {rule.code} ({type(error).__name__}: {error}); "
                                            "please report it"))
    return found


def check_ship(ship: UsdShip | HighGuardShip, path: str, selection: Selection = Selection(),
               scenario: Scenario | None = None) -> list[Diagnostic]:
    """Every finding of the selected rules on one ship. A rule that fails is reported, never raised. The
    scenario (the default one when None) matters to the TCS rules only."""
    fallback = ship.span("usp") or ship.span("title") or ship.span("class_name") or ship.span() \
        or Span(path=path, line=1, col=1)
    if ship.format == "highguard":
        from shipyard.systems.tcs.scenario import Scenario
        from shipyard.systems.highguard.design import recompute  # the design engine only for High Guard ships
        from shipyard.systems.tcs.subjects import HighGuardSubject
        subject = HighGuardSubject(ship, recompute(ship), scenario or Scenario())
    else:
        subject = ship
    return _run(rules_for(ship, selection), subject, path, fallback)


def check_sheet(sheet: SheetFile, selection: Selection = Selection(), scenario: Scenario | None = None) -> SheetFile:
    """The sheet with its read diagnostics and every rule finding, suppressions applied, filtered and sorted."""
    found = list(sheet.diagnostics)
    for ship in sheet.ships:
        found.extend(check_ship(ship, sheet.path, selection, scenario))
    found = apply_suppressions(found, sheet.suppressions, sheet.path)
    found = [d for d in found if selection.wants(d.code)]
    return sheet.model_copy(update={"diagnostics": sorted(found, key=lambda d: d.sort_key)})


def check_fleet(fleet: FleetSubject, selection: Selection = Selection()) -> list[Diagnostic]:
    """The fleet rules (TCS2xx) on one fleet."""
    rules = [r for r in all_rules().values() if r.meta.target == "fleet" and selection.wants(r.code)]
    return _run(rules, fleet, fleet.path, fleet.span)


