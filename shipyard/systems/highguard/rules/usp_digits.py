"""Each USP digit against the digit recomputed from the sheet.

What: a digit of the USP that the components (or, for the hull and crew codes, the tonnage and the crew count)
give differently (the crew digit is the order of magnitude of the crew, as on HG'80 and TCS sheets; High Guard
Shipyard's default, the number of crew sections, is accepted too): hull size, jump, maneuver, power plant,
computer, crew, armour, screens, and the factor of each weapon column (from the weapons per battery and the
TL, or the bay or spinal mount); and, with drop tanks, the laden USP's hull, jump, maneuver and power digits
against the drives on hull + tanks (a USP-only sheet's drives taken from its unladen digits: a laden digit is
wrong only when no drive of that unladen rating gives it). Both values are in the message. A drive between two
ratings gives the lower rating here (TCS105-TCS108 report the drive itself).
Why: a judge re-derives every digit; a digit that its components do not give is a false claim.
Bad:  maneuver digit 4 where a 400-ton drive on 5000 tons gives 3
Good: CA-E333463-471100-60009-0: every digit recomputes
Source: High Guard (the USP; p. 24-25, weapons); High Guard Shipyard's design checks (declared versus recomputed).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import figure
from shipyard.core.records import Record
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG101", "usp-digits")

_NAMES = {
    "hull_code": "hull size",
    "jump": "jump",
    "maneuver": "maneuver",
    "power": "power plant",
    "computer": "computer",
    "crew": "crew",
    "armour": "armour",
    "sandcaster": "sandcaster",
    "meson_screen": "meson screen",
    "damper": "nuclear damper",
    "black_globe": "black globe",
    "repulsor": "repulsor",
    "laser": "laser",
    "energy": "energy weapon",
    "particle_accelerator": "particle accelerator",
    "meson": "meson gun",
    "missile": "missile",
    "particle_accelerator_spinal": "particle accelerator spinal",
    "meson_spinal": "meson spinal",
}


def _crew_sections(subject: HighGuardSubject) -> int | None:
    """The crew digit in High Guard Shipyard's default convention: crew sections, ceil(hull / 1000), with
    the sheet's substitution letters (Z = 74) applied."""
    hull = subject.design.hull
    if hull is None:
        return None
    sections = int(-(-hull // hg.CREW_SECTION_TONS))
    letter = hg.ehex(sections) if sections < len(hg.EHEX) else None
    substituted = {v: k for k, v in subject.ship.substitutions.items()}
    return (
        hg.ehex_value(substituted[sections]) if sections in substituted else (sections if letter is not None else None)
    )


def _shown(value) -> str:
    return hg.ehex(value) if isinstance(value, int) else str(value)


def _digit_finding(
    ctx: RuleContext, message: str, record: Record, name: str, declared: object, recomputed: object
) -> Diagnostic:
    """The finding at a digit of ``record`` (a USP), with its fix where the digit has one right answer (both digits
    single characters): the recomputed digit written over the declared one, an unsafe fix (it changes a declared
    figure)."""
    found = ctx.report(message, record, name)
    old, new = _shown(declared), _shown(recomputed)
    if len(old) != 1 or len(new) != 1 or found.span.end_col != found.span.col + 1:
        return found
    return ctx.with_fix(found, f"write the {new} the sheet gives", old, new, safe=False)


def _why(name: str, subject: HighGuardSubject) -> str:
    design = subject.design
    if name == "hull_code":
        return f"{design.hull} tons"
    if name == "crew":
        sections = _crew_sections(subject)
        also = f"; or {hg.ehex(sections)}, High Guard Shipyard's count of crew sections" if sections is not None else ""
        return f"crew {subject.ship.crew}, order of magnitude{also}"
    if name in design.drives:
        drive = design.drives[name]
        return f"{drive.tons} tons = {drive.percent.normalize():f}% of {design.hull} tons"
    return "from the components"


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    usp = subject.ship.usp
    if usp is None:
        return
    for name, recomputed in subject.design.usp.items():
        declared = getattr(usp, name, None)
        if name.endswith("_spinal") or recomputed == declared:
            continue
        if name == "crew" and declared == _crew_sections(subject):
            continue  # High Guard Shipyard's default crew digit: the number of crew sections (a variant)
        message = (
            f"USP {_NAMES[name]} digit {_shown(declared)}, but the sheet gives {_shown(recomputed)} "
            f"({_why(name, subject)})"
        )
        yield _digit_finding(ctx, message, usp, name, declared, recomputed)
    laden = subject.ship.laden_usp
    if laden is not None:
        design = subject.design
        for name, recomputed in design.laden_usp.items():
            declared = getattr(laden, name)
            highest = design.laden_high.get(name)
            if declared == recomputed or (
                isinstance(declared, int) and isinstance(recomputed, int) and recomputed <= declared <= (highest or 0)
            ):
                continue
            given = (
                f"{_shown(recomputed)}"
                if highest is None or highest == recomputed
                else f"{_shown(recomputed)} to {_shown(highest)} (from the unladen digits)"
            )
            message = (
                f"laden USP {_NAMES[name]} digit {_shown(declared)}, but with "
                f"{figure(design.drop_tanks)} tons of drop tanks the sheet gives {given}"
            )
            yield _digit_finding(ctx, message, laden, name, declared, recomputed)
    for column in ("particle_accelerator", "meson"):
        declared, recomputed = getattr(usp, f"{column}_spinal"), subject.design.usp.get(f"{column}_spinal")
        if subject.ship.components and declared != recomputed and (declared or recomputed):
            yield ctx.report(
                f"USP {_NAMES[column]} spinal mount {declared or 'none'}, but the components give "
                f"{recomputed or 'none'}",
                usp,
                column,
            )
