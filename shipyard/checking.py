"""Run the rules over parsed sheets: which rules apply, and which findings are kept.

``Selection`` follows ruff: ``select`` and ``ignore`` are code prefixes ("MCS", "MCS00", "MCS008");
the longest matching prefix wins, so ``--select MCS --ignore MCS008`` keeps every MCS rule but one.
Parse and read diagnostics (IO, USD, ...) go through the same filter.
"""

from __future__ import annotations

from dataclasses import dataclass

from shipyard.diagnostics import Diagnostic, Severity, Span
from shipyard.model.sheet import SheetFile
from shipyard.model.usd import UsdShip
from shipyard.rules import RULES, Rule, RuleContext


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


def rules_for(ship: UsdShip, selection: Selection) -> list[Rule]:
    """The MCS family checks MCS ratings: a T4 sheet's figures are on another scale (convert it first)."""
    if ship.edition != "mcs":
        return []
    return [rule for rule in RULES.values() if rule.meta.family == "mcs" and selection.wants(rule.code)]


def check_ship(ship: UsdShip, path: str, selection: Selection = Selection()) -> list[Diagnostic]:
    """Every finding of the selected rules on one ship. A rule that fails is reported, never raised."""
    fallback = ship.span("class_name") or ship.span() or Span(path=path, line=1, col=1)
    found: list[Diagnostic] = []
    for rule in rules_for(ship, selection):
        try:
            found.extend(rule.check(ship, RuleContext(rule.meta, path, fallback)))
        except Exception as error:  # a bug in a rule: one finding on this ship, the run goes on
            found.append(Diagnostic(code="SY002", severity=Severity.ERROR, span=fallback,
                                    message=f"internal error in rule {rule.code} ({type(error).__name__}: {error}); "
                                            "please report it"))
    return found


def check_sheet(sheet: SheetFile, selection: Selection = Selection()) -> SheetFile:
    """The sheet with its read diagnostics and every rule finding, filtered and sorted."""
    found = [d for d in sheet.diagnostics if selection.wants(d.code)]
    for ship in sheet.ships:
        found.extend(check_ship(ship, sheet.path, selection))
    return sheet.model_copy(update={"diagnostics": sorted(found, key=lambda d: d.sort_key)})
