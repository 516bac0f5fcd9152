"""A maneuver or jump drive beyond what the tech level allows.

What: maneuver above 2 G at TL7, above 5 G at TL8 (6 G from TL9); jump below TL9, jump-1 at TL9-10,
jump-2 at TL11, 3 at TL12, 4 at TL13, 5 at TL14, 6 at TL15 (backup drives likewise).
Spare drives ("Backup M-Drive ..." lines) are held to the same rule: they come on line when the primary is
hit (TCS82 clarification 8). A drop-tank ship's drives are judged at the laden rating they were built for (the
printed laden USP's, else derived from the drives on hull + tanks): the higher potential they show with the
tanks gone is not an error (the 1981 TCS judges passed Euriskos of jump-5 unladen, jump-3 laden, at TL12).
Why: High Guard's drive tables have a minimum TL per rating.
Bad:  TL12 with a jump-4 drive (5%)
Good: TL12 with jump-3
Source: High Guard (p. 23, drives); High Guard Shipyard's design checks (Power and drives).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG111", "drive-tl")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    tl, design, usp = subject.design.tl, subject.design, subject.ship.usp
    if tl is None:
        return
    for kind, table in (("maneuver", hg.MANEUVER_MIN_TL), ("jump", hg.JUMP_MIN_TL)):
        drive = design.drives.get(kind)
        laden = design.laden_ratings.get(kind)  # a drive built for hull + drop tanks is judged at that rating
        rating = laden if laden is not None else design.installed.get(kind, 0)
        if rating and rating in table and table[rating] > tl:
            where = drive.component if drive is not None else usp
            yield ctx.report(
                f"{kind} {rating}{' (laden)' if laden is not None else ''} needs TL{table[rating]}; this ship is "
                f"TL{tl}",
                where,
                None if drive is not None else kind,
            )
        for spare in (d for d in design.backup_drives if d.kind == kind):  # held to the same limits
            if spare.rating in table and table[spare.rating] > tl:
                yield ctx.report(
                    f"backup {kind} drive {spare.rating} needs TL{table[spare.rating]}; this ship is TL{tl}",
                    spare.component,
                )
