"""A USP digit that no High Guard table holds.

What: a jump digit past the jump drive table (1-6), a maneuver digit past the maneuver drive table (1-6), a
configuration outside the nine hull configurations, or a meson screen, nuclear damper or black globe digit past
its table (1-9). The error names the digit and its table; the other rules read such a digit as written.
Why: a digit beyond every drive or screen is a typing or copying error (Y for a 4), not a design; judging the
rest of the ship against it would only pile up findings.
Bad:  USP A9Y0YF2: a jump digit Y (32) past the jump drive table
Good: the Kinunir: J4 M4, configuration 2, damper 5, black globe 1
Source: High Guard (the USP; p. 23, drives; p. 25, screens).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG118", "usp-digit-range")

# Each digit's table: USP field -> (its name, the values the table holds, the table in words).
_TABLES = {
    "configuration": ("configuration", set(hg.CONFIGURATIONS), "the hull configurations 1-9"),
    "jump": ("jump", {0, *hg.JUMP_PERCENT}, "the jump drive table (0-6)"),
    "maneuver": ("maneuver", {0, *hg.MANEUVER_PERCENT}, "the maneuver drive table (0-6)"),
    "meson_screen": ("meson screen", {0, *hg.MESON_SCREENS}, "the meson screen table (0-9)"),
    "damper": ("nuclear damper", {0, *hg.DAMPERS}, "the nuclear damper table (0-9)"),
    "black_globe": ("black globe", {0, *hg.BLACK_GLOBES}, "the black globe table (0-9)"),
}


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    for usp in (subject.ship.usp, subject.ship.laden_usp):
        if usp is None:
            continue
        for field, (name, values, table) in _TABLES.items():
            digit = getattr(usp, field, None)
            if isinstance(digit, int) and digit not in values:
                shown = hg.ehex(digit) if hg.ehex(digit).isdigit() else f"{hg.ehex(digit)} ({digit})"
                yield ctx.report(f"USP {name} digit {shown} is past {table}: a copying error?", usp, field)
