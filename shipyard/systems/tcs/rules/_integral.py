"""Shared by TCS105, TCS107 and TCS108: a drive whose tonnage does not give a whole rating."""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.subject import TcsSubject

_WORDS = {"maneuver": ("maneuver drive", "G", "3G - 1"), "jump": ("jump drive", "jump", "J + 1")}


def integral_findings(subject: TcsSubject, ctx: RuleContext, kind: str) -> Iterator[Diagnostic]:
    """The drive of ``kind`` and each spare of it (held to the same rule: TCS82 clarification 8)."""
    hull = subject.design.hull
    if hull is None:  # the engine rates drives on a known hull only
        return
    for drive in subject.design.every(kind):
        name, unit, formula = _WORDS[kind]
        if drive.is_backup:
            name = f"backup {name}"
        if not drive.whole:
            low = drive.rating
            yield ctx.report(
                f"{name} of {figure(drive.tons)} tons is {figure(round(drive.percent, 3))}% of the base "
                f"{figure(hull)} tons: {unit} {figure(round(drive.potential, 3))}, between "
                f"{low} and {low + 1} (drive % = {formula}); not rounded down",
                drive.component,
            )
        elif drive.declared is not None and drive.declared != drive.rating:
            yield ctx.report(
                f"{name} labelled Factor-{drive.declared}, but {figure(drive.tons)} tons on "
                f"{figure(hull)} tons give {drive.rating}",
                drive.component,
            )
