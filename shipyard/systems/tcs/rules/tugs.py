"""Tugs for every drop tank dropped before combat.

What: when the scenario drops tanks before combat (the seed's assumption), the fleet's tugs must tow them
all at 1 G or more: a tug of T tons and G gees tows up to T x (G - 1) tons. Tugs are the fleet file's
``role = "tug"`` ships, or ships named or typed "tug".
Why: TCS 1982 rules clarification 7: "a 500 ton 6G tug may move 500 tons of drop tanks at 3G's, or 2500
tons at 1G".
Bad:  two ships with 8000 tons of drop tanks each, one 5000-ton 3 G tug (tows 10 000 tons)
Good: the same with two tugs (20 000 tons)
Source: TCS82, Rules clarifications 7 (TCS82 TCS202).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.rules import RuleContext
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import FleetMember, FleetSubject

META = meta("TCS202", "tugs", target="fleet")


def tanks_dropped(member: FleetMember) -> Decimal:
    """The tons of drop tanks a fleet member's ships drop before combat: their own and a tug's extra tanks."""
    return (member.design.drop_tanks + member.extra_drop_tanks) * member.count


def towing(member: FleetMember) -> Decimal:
    """The tons of tanks a fleet member's ships tow at 1 G: a tug of T tons and G gees tows T x (G - 1); not a tug,
    none."""
    if not member.is_tug or member.design.hull is None:
        return Decimal(0)
    return member.design.hull * max(0, member.design.installed.get("maneuver", 0) - 1) * member.count


def check(fleet: FleetSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    if not fleet.scenario.drop_tanks_dropped:
        return
    tanks = sum((tanks_dropped(m) for m in fleet.members), Decimal(0))
    if not tanks:
        return
    capacity = sum((towing(m) for m in fleet.members), Decimal(0))
    if capacity < tanks:
        tugs = sum(m.count for m in fleet.members if m.is_tug)
        yield ctx.report_at(
            f"{figure(tanks)} tons of drop tanks to drop before combat, but {tugs} tug(s) tow at most "
            f"{figure(capacity)} tons at 1 G",
            fleet.span,
        )
