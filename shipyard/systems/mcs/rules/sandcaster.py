"""Sandcaster screen and armour against the casters in the battery, the ship's size and TL.

What: a sandcaster battery's "screen: armour" pair is not what its casters give. When the battery says
how many turrets it has, a turret holds one to three casters; when it does not, the casters are
inferred from the armour (casters x armour per canister of the TL) and the screen is checked against
them. A warning: the sample sheets predate the tables in places.
Why: the screen needs a number of casters that depends on the ship's size code (TL13-14 casters read
one row up, TL15+ two); the armour is the USD chart of casters x armour per canister.
Bad:  Kuvasz: -1:12 on a size-4 TL-12 ship (armour 12 takes 4-5 casters: screen -2 or -3)
Good: seed example: size 5, five TL-12 casters -> -2:12; Coronation size 8, 10 turrets -> -1:14
Source: MCS section 6.2.
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.rules import RuleContext, RuleMeta
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import SandcasterBattery, UsdShip

META = RuleMeta(code="MCS007", name="sandcaster-screen-armour", severity=Severity.WARNING, family="mcs")

# A turret holds one to three weapons (MCS section 6 speaks of single and triple turrets).
TURRET_WEAPONS = (1, 3)
# Inferred counts are searched up to this many casters (armour code 24 needs 572 TL8 casters).
MOST_CASTERS = 1000


def _rating(casters: int, size: int, tl: int) -> tuple[int, int | None]:
    screen = chart.sandcaster_screen(casters, size, tl) or 0
    armour = chart.usd_code(casters * chart.by_tl(chart.SANDCASTER_ARMOUR_BY_TL, tl)[1])
    return screen, armour.code if armour else None


def _span(counts: list[int]) -> str:
    return f"{counts[0]}" if counts[0] == counts[-1] else f"{counts[0]}-{counts[-1]}"


def check(ship: UsdShip, ctx: RuleContext) -> Iterator[Diagnostic]:
    size = (
        ship.size
        if ship.size is not None
        else (chart.size_code(ship.displacement).code if ship.displacement is not None else None)
    )
    if size is None or ship.tl is None:
        return
    for battery in ship.sandcasters:
        yield from _check_battery(battery, size, ship.tl, ctx)


def _check_battery(battery: SandcasterBattery, size: int, tl: int, ctx: RuleContext) -> Iterator[Diagnostic]:
    declared = (battery.screen, battery.armour)
    each = chart.by_tl(chart.SANDCASTER_ARMOUR_BY_TL, tl)[1]
    mounting = battery.mounting
    if mounting is not None and mounting.kind == "turret":
        counts = list(range(mounting.count * TURRET_WEAPONS[0], mounting.count * TURRET_WEAPONS[1] + 1))
        basis = f"{mounting.count} turrets hold {_span(counts)} casters"
    elif mounting is not None and mounting.kind == "weapon":
        counts = [mounting.count]
        basis = f"{mounting.count} casters"
    else:
        if battery.armour < 0:
            return
        low, high = chart.usd_band(battery.armour)  # casters x armour each must land in this band
        counts = list(range(max(1, -(-low // each)), min(MOST_CASTERS, -(-high // each) - 1) + 1))
        if not counts:
            return
        basis = f"armour {battery.armour} takes {_span(counts)} TL-{tl} casters ({each} armour each)"
    if any(_rating(n, size, tl) == declared for n in counts):
        return
    ratings = sorted({_rating(n, size, tl) for n in counts})
    shown = ", ".join(f"{s}:{a}" for s, a in ratings[:6]) + (" ..." if len(ratings) > 6 else "")
    yield ctx.report(
        f"{battery.name}: {battery.screen}:{battery.armour} fits no count of TL-{tl} casters on a "
        f"size-{size} ship: {basis}, which rate {shown}",
        battery,
    )
