"""A fuel purification plant smaller than the High Guard table gives.

What: the purification plant is smaller than max(TL minimum, fuel tons / 1000 x the HG'80 tons per 1000
tons of fuel at the TL). A plant of the TCS book's size (a tenth) is named as such.
Why: TCS 1982 rules clarification 11: "The tables in TCS for purification plant tonnages are off by a
factor of 10 from those in High Guard. The tables in HG are correct". High Guard Shipyard sizes plants by
the TCS book, so its sheets need correcting.
Bad:  a purification plant sized by the TCS book (6 tons at TL12)
Good: 51 tons: 30 per 1000 of 1700 tons of fuel
Source: TCS82, Rules clarifications 11 (TCS82 TCS113); High Guard (p. 23, fuel).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import agrees, figure, nearest_key, shown
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.tcs.rules._common import meta
from shipyard.systems.tcs.subject import TcsSubject

META = meta("TCS113", "purification")


def check(subject: TcsSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design = subject.design
    plant = next((c for c in subject.ship.components_in("FUEL") if c.label.lower() == "purification"), None)
    if plant is None or plant.tons == 0 or design.tl is None or design.fuel_carried is None:
        return
    table_tl = nearest_key(hg.PURIFICATION, design.tl)
    rate, minimum, _ = hg.PURIFICATION[table_tl]
    needed = max(Decimal(minimum), design.fuel_carried * rate / 1000)
    if plant.tons >= needed or agrees(plant.tons, needed):
        return
    book = max(Decimal(minimum), design.fuel_carried * rate / 1000 / hg.PURIFICATION_TCS_BOOK_FACTOR)
    which = " (the TCS book's size, 10 times too small)" if abs(plant.tons - book) < 1 else ""
    yield ctx.report(
        f"purification plant {figure(plant.tons)} tons{which}; the High Guard table gives "
        f"{shown(needed)} tons for {figure(design.fuel_carried)} tons of fuel at TL{table_tl} "
        f"({rate} per 1000)",
        plant,
    )
