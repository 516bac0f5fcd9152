"""Simple Fleet Combat's public functions (re-exported by ``shipyard.api``): the exact odds of an attack, one
roster against another, and a game log refereed. None raises on bad input: a name that is no element, a file
that is no roster, a log that does not read are findings."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from shipyard.core.diagnostics import Diagnostic, Severity, Span

if TYPE_CHECKING:  # each loaded by the function that needs it: importing this module stays cheap
    from shipyard.systems.sfc.odds import Attack
    from shipyard.systems.sfc.referee import Refereed

__all__ = ["SfcOdds", "SfcTable", "sfc_elements", "sfc_odds", "sfc_referee", "sfc_table"]
#: The records this module's functions take or give back, by ``"module:attribute"``: docs/api.md documents each
#: beside the functions (a test holds every record a public signature names to it).
RECORDS = (
    "shipyard.systems.sfc.odds:Attack",
    "shipyard.systems.sfc.referee:Refereed",
)

#: How near a misspelt element type must be to the one meant to be named (difflib's ratio).
_ELEMENT_CUTOFF = 0.6


class SfcOdds(NamedTuple):
    """One attack's odds, the successive-fire chain against like targets, and each element type's survival;
    ``attack`` None with the findings when a type named is none of the seed's."""

    attack: Attack | None
    chain: list[Fraction]
    survival: dict[str, list[Fraction]]
    diagnostics: list[Diagnostic]


def _unknown(types: dict[str, str]) -> list[Diagnostic]:
    """SFC002 for each argument (by its name) that names no element type."""
    from shipyard.core.names import none_named
    from shipyard.systems.sfc import charts

    known = list(charts.ELEMENTS)
    return [
        Diagnostic(
            code="SFC002",
            severity=Severity.ERROR,
            span=Span(path=f"<{argument}>", line=1, col=1),
            message=none_named("element type", value, known, _ELEMENT_CUTOFF),
        )
        for argument, value in types.items()
        if value not in charts.ELEMENTS
    ]


def sfc_odds(
    attacker: str,
    defender: str,
    *,
    supports: tuple[str, ...] = (),
    attacker_tl: int = 10,
    defender_tl: int = 10,
    damaged_attacker: bool = False,
    damaged_defender: bool = False,
    successive: int = 0,
    near_world: bool = False,
    on_world: bool = False,
    chain_targets: int = 3,
    attacks: int = 3,
) -> SfcOdds:
    """The exact odds of a Simple Fleet Combat attack (element types as the seed names them, lower case).

    >>> sfc_odds("cruiser", "escort").attack.destroyed
    Fraction(5, 12)
    """
    named = {"attacker": attacker, "defender": defender} | {f"support {n}": s for n, s in enumerate(supports, 1)}
    wrong = _unknown(named)
    if wrong:
        return SfcOdds(None, [], {}, wrong)
    from shipyard.systems.sfc import charts
    from shipyard.systems.sfc.odds import Side, attack, chain, survival

    one = Side(attacker, attacker_tl, damaged_attacker, supports)
    other = Side(defender, defender_tl, damaged_defender)
    return SfcOdds(
        attack(one, other, successive, near_world, on_world),
        chain(one, other, chain_targets, near_world),
        {key: survival(one, Side(key, defender_tl), attacks) for key in charts.ELEMENTS},
        [],
    )


def sfc_elements() -> list[str]:
    """Every element type, as the seed names them (lower case, dashed)."""
    from shipyard.systems.sfc import charts

    return list(charts.ELEMENTS)


class SfcTable(NamedTuple):
    """Every element of roster A attacking every element of roster B (by type and TL): one attack's odds each."""

    names: tuple[str, str]
    attackers: list[tuple[str, int]]
    defenders: list[tuple[str, int]]
    odds: dict[tuple[int, int], Attack]
    diagnostics: list[Diagnostic]


def sfc_table(first: str | Path, second: str | Path, progress: Callable[[int, int], None] | None = None) -> SfcTable:
    """The fleet-against-fleet odds of two rosters; their read and rule findings beside (an unreadable roster
    gives no table). ``progress(done, total)`` is told after each attacker's row."""
    from shipyard.core.pipeline import check_sheet, load_sheet
    from shipyard.systems.sfc import charts
    from shipyard.systems.sfc.odds import Side, attack
    from shipyard.systems.sfc.roster import Roster

    found: list[Diagnostic] = []
    sides: list[list[tuple[str, int]]] = []
    names: list[str] = []
    for path in (Path(first), Path(second)):
        sheet = check_sheet(load_sheet(path))
        found += [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
        rosters = [s for s in sheet.ships if isinstance(s, Roster)]
        if not rosters:
            if not any(d.severity is Severity.ERROR for d in sheet.diagnostics):
                found.append(
                    Diagnostic(
                        code="SFC002",
                        severity=Severity.ERROR,
                        span=Span(path=str(path), line=1, col=1),
                        message="not a Simple Fleet Combat roster: expected a [roster] table",
                    )
                )
            return SfcTable(("", ""), [], [], {}, found)
        roster = rosters[0]
        names.append(roster.display_name)
        kinds = [(line.type, line.tl) for element in roster.elements for line in element.lines()]
        sides.append(list(dict.fromkeys(kinds)))
    attackers = [kind for kind in sides[0] if charts.ELEMENTS[kind[0]].initiates]  # tenders and transports cannot
    odds: dict[tuple[int, int], Attack] = {}
    for i, (a, tl_a) in enumerate(attackers):
        for j, (d, tl_d) in enumerate(sides[1]):
            odds[i, j] = attack(Side(a, tl_a), Side(d, tl_d))
        if progress is not None:
            progress(i + 1, len(attackers))
    return SfcTable((names[0], names[1]), attackers, sides[1], odds, found)


def sfc_referee(path: str | Path) -> Refereed:
    """A Simple Fleet Combat game log refereed (``Refereed``: each turn's lines and forces, and the findings)."""
    from shipyard.systems.sfc.referee import referee

    return referee(Path(path))
