"""Declared toughness against the toughness chart for the ship's mass.

What: the sheet's Toughness is not the chart's code for its Mass. A toughness that is 1, 2 or 3 below
the chart is what the optional -1 modifiers allow (more than 70% cargo plus fuel, high automation, open
frame): that is reported as information naming the modifier that would explain it. Without a Mass the
rules estimate it as displacement x 10, so a difference is at most a warning.
Why: toughness sets the damage needed for every hit level; the sample sheets show slips both ways.
Bad:  mass given, one below the chart, high automation in the notes: info naming it
Good: a toughness matching the chart is quiet (mass 5 064 t -> 8)
Source: MCS section 6.1, the toughness table and its modifiers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip

META = RuleMeta(code="MCS002", name="toughness-by-mass", severity=Severity.ERROR, family="mcs")

# Words in a sheet's notes that name a modifier (the Midu: "Highly automated").
_MODIFIER_WORDS = {"high_automation": re.compile(r"automat"), "open_frame": re.compile(r"open[ -]frame")}


def _named_modifiers(ship: UsdShip) -> list[str]:
    notes = " ".join(note.text for note in ship.notes).lower()
    named = [key for key, pattern in _MODIFIER_WORDS.items() if pattern.search(notes)]
    if ship.displacement and ship.cargo is not None and ship.cargo_unit in (None, "tons"):
        share = (ship.cargo + (ship.jump_fuel or 0)) / ship.displacement
        if share > chart.TOUGHNESS_CARGO_FUEL_SHARE:
            named.append("cargo_and_fuel_over_70_percent")
    return named


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    if ship.toughness is None:
        return
    if ship.mass is not None:
        mass, estimated = ship.mass, False
    elif ship.displacement is not None:
        mass, estimated = ship.displacement * chart.MASS_PER_DTON_ESTIMATE, True
    else:
        return
    base = chart.toughness_code(mass).code
    gap = base - ship.toughness
    if gap == 0:
        return
    basis = (
        f"no Mass given: estimated as {ship.displacement} dTons x {chart.MASS_PER_DTON_ESTIMATE} = {mass} t"
        if estimated
        else f"Mass {mass} t"
    )
    if 0 < gap <= len(chart.TOUGHNESS_MODIFIERS):
        named = _named_modifiers(ship)
        if len(named) >= gap:
            why = " and ".join(chart.TOUGHNESS_MODIFIERS[key] for key in named[:gap])
            plural, verb = ("s", "") if gap > 1 else ("", "s")
            explained = f"the -1 modifier{plural} for {why} (named on the sheet) explain{verb} it"
        else:
            choices = ", ".join(chart.TOUGHNESS_MODIFIERS.values())
            explained = f"{gap} of the -1 modifiers ({choices}) would explain it; the sheet does not say which"
        yield ctx.report(
            f"Toughness {ship.toughness} is {gap} below the chart's {base} ({basis}): {explained}",
            ship,
            "toughness",
            Severity.INFO,
        )
        return
    direction = "above" if gap < 0 else "below"
    most = len(chart.TOUGHNESS_MODIFIERS)
    more = "; modifiers only lower toughness" if gap < 0 else f"; the modifiers allow at most -{most}"
    severity = Severity.WARNING if estimated else Severity.ERROR
    yield ctx.report(
        f"Toughness {ship.toughness} is {abs(gap)} {direction} the chart's {base} ({basis}){more}",
        ship,
        "toughness",
        severity,
    )
