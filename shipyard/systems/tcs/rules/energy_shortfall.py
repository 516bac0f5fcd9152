"""Weapons and screens that need more EP than the power plant gives.

What: the EP drawn by the computer, weapons and screens exceeds the plant's EP. Without a black globe it
is an error; with one it is information (the excess may run from the globe's capacitor).
Why: TCS 1982 rules clarification 7 (black globes): "Excess weapons may be installed on a ship which are
in excess of those powerable by the power plant, in the expectation that they can be powered off of the
energy in the capacitor".
Bad:  a second meson screen's worth of EP: 215 drawn, 200 produced, no black globe
Good: 115 drawn, 200 produced
Source: TCS82, Rules clarifications 7 (TCS82 TCS111).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS111", "energy-shortfall")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, usp = subject.design, subject.ship.usp
    if design.ep_output is None or not subject.ship.components or design.ep_used <= design.ep_output:
        return
    globe = design.screens.get("black_globe") or (usp.black_globe if usp is not None else 0)
    plant = design.drives.get("power")
    where = plant.component if plant is not None else None
    short = design.ep_used - design.ep_output
    if globe:
        yield ctx.report(
            f"{figure(design.ep_used)} EP drawn, {figure(design.ep_output)} produced: {figure(short)} EP "
            "to run from the black globe's capacitor",
            where,
            severity=Severity.INFO,
        )
    else:
        yield ctx.report(
            f"{figure(design.ep_used)} EP drawn, {figure(design.ep_output)} produced: {figure(short)} EP "
            "short, and no black globe to run the excess from",
            where,
        )
