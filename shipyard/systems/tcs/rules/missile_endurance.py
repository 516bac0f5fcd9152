"""Turns of missile fire before reloading (information).

What: for each missile battery, the turns it can fire: a turret launcher fires one missile a turn and
holds 30 (triple turret 10 turns, double 15, single 30); a bay fires its tonnage a turn and holds 30 a
ton (30 turns); magazines (30 missiles a ton) add to that.
Why: TCS 1982 rules modification 1; the judge keeps a running tally of turns in battle.
Bad:  the missile bay's turns of fire
Good: no missiles: nothing to say
Source: TCS82, Rules modifications 1 (TCS82 TCS114).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS114", "missile-endurance", Severity.INFO)


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    magazine = next(
        (c for c in subject.ship.components_in("ACCOMODATIONS") if c.label.lower() == "missile magazines"), None
    )
    stored = magazine.tons * hg.MISSILES_PER_BAY_TON if magazine is not None else 0
    for group in design.turrets:
        if group.weapon != "missile" or not group.per_turret:
            continue
        turns = hg.MISSILES_PER_TURRET_LAUNCHER // group.per_turret
        extra = f"; magazines hold {figure(stored)} more missiles" if stored else ""
        yield ctx.report(
            f"missile turrets of {group.per_turret}: {turns} turns of fire before reloading{extra}", group.component
        )
    for bay in design.bays:
        if bay.weapon == "missile":
            yield ctx.report(
                f"{bay.count} x {bay.size}-ton missile bays: {hg.MISSILES_PER_BAY_TON} turns of fire, "
                f"{bay.size} missiles a turn each",
                bay.component,
            )
