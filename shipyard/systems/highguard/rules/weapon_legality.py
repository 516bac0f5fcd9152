"""Weapons, bays, spinal mounts and screens the ship may not carry.

What: a bay on a hull under 1000 tons; a bay, turret weapon, spinal mount or screen factor above the
ship's TL (100-ton bays: meson TL13, PA TL8, repulsor TL10, missile TL7; 50-ton bays from TL10, meson
TL15, repulsor TL14, fusion TL12; beam laser TL9, plasma TL10, fusion TL12, PA turret TL14; each spinal
letter and screen factor its own TL); more than one spinal mount; and the exclusive combinations (spinal
meson with meson bays, spinal PA with PA bays or turrets, 100- and 50-ton bays of one weapon, PA bays with
PA turrets, missile bays with missile turrets, 50-ton energy bays with energy turrets).
Why: High Guard's weapon conditions.
Bad:  missile bays with missile turrets
Good: a missile bay, laser and sand turrets at TL12
Source: High Guard (p. 24-25, weapons and screens); High Guard Shipyard's design checks (Weapons, Screens).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.design import Design
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG115", "weapon-legality")
_SPINAL = re.compile(r"spinal", re.I)

_EXCLUSIVE = (
    (
        "a spinal meson gun",
        lambda d: d.spinal and d.spinal[0] == "meson",
        "meson bays",
        lambda d: any(b.weapon == "meson gun" for b in d.bays),
    ),
    (
        "a spinal particle accelerator",
        lambda d: d.spinal and d.spinal[0] == "particle_accelerator",
        "particle accelerator bays or turrets",
        lambda d: (
            any(b.weapon == "particle accelerator" for b in d.bays)
            or any(t.weapon == "particle accelerator" for t in d.turrets)
        ),
    ),
    (
        "particle accelerator bays",
        lambda d: any(b.weapon == "particle accelerator" for b in d.bays),
        "particle accelerator turrets",
        lambda d: any(t.weapon == "particle accelerator" for t in d.turrets),
    ),
    (
        "missile bays",
        lambda d: any(b.weapon == "missile" for b in d.bays),
        "missile turrets",
        lambda d: any(t.weapon == "missile" for t in d.turrets),
    ),
    (
        "50-ton energy bays",
        lambda d: any(b.size == 50 and b.weapon in ("plasma gun", "fusion gun") for b in d.bays),
        "energy turrets",
        lambda d: any(t.column == "energy" for t in d.turrets),
    ),
)


def _bays(design: Design, ctx: RuleContext) -> Iterator[Diagnostic]:
    """Bays on a hull too small for them, below their TL, or of one weapon in two sizes."""
    tl = design.tl
    for bay in design.bays:
        if bay.weapon == "empty":
            continue
        if design.hull is not None and design.hull < hg.BAY_MIN_HULL:
            yield ctx.report(
                f"bays need a hull of {hg.BAY_MIN_HULL} tons or more; this one is {design.hull}", bay.component
            )
        spec = hg.BAYS.get((bay.size, bay.weapon))
        if spec is not None and tl is not None and spec.min_tl > tl:
            yield ctx.report(
                f"{bay.size}-ton {bay.weapon} bays need TL{spec.min_tl}; this ship is TL{tl}", bay.component
            )
    sizes: dict[str, set[int]] = {}
    for bay in design.bays:
        sizes.setdefault(bay.weapon, set()).add(bay.size)
    for weapon, found in sizes.items():
        if len(found) > 1 and weapon != "empty":
            line = next(b.component for b in design.bays if b.weapon == weapon)
            yield ctx.report(f"100-ton and 50-ton {weapon} bays on one ship", line)


def _above_tl(design: Design, ship: HighGuardShip, tl: int, ctx: RuleContext) -> Iterator[Diagnostic]:
    """Turrets, a spinal mount and screens above the ship's TL."""
    for group in design.turrets:
        needed = hg.TURRET_WEAPONS[group.weapon][0]
        if needed > tl:
            yield ctx.report(f"{group.weapon} turrets need TL{needed}; this ship is TL{tl}", group.component)
    if design.spinal is not None:
        mounts = hg.SPINAL_MESON if design.spinal[0] == "meson" else hg.SPINAL_PA
        mount = mounts.get(design.spinal[1])
        mount_line = next((c for c in ship.components_in("WEAPONRY") if c.label.lower().startswith("spinal")), None)
        if mount is not None and mount.tl > tl:
            yield ctx.report(f"spinal mount {design.spinal[1]} needs TL{mount.tl}; this ship is TL{tl}", mount_line)
    for key, screens, words in (
        ("damper", hg.DAMPERS, "nuclear damper"),
        ("meson_screen", hg.MESON_SCREENS, "meson screen"),
        ("black_globe", hg.BLACK_GLOBES, "black globe"),
    ):
        factor = design.screens.get(key)
        if factor and factor in screens and screens[factor].tl > tl:
            screen_line = next((c for c in ship.components_in("SCREENS") if c.label.lower().startswith(words)), None)
            yield ctx.report(f"{words} factor {factor} needs TL{screens[factor].tl}; this ship is TL{tl}", screen_line)


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, ship = subject.design, subject.ship
    yield from _bays(design, ctx)
    if design.tl is not None:
        yield from _above_tl(design, ship, design.tl, ctx)
    spinals = [c for c in ship.components_in("WEAPONRY") if _SPINAL.match(c.label)]
    if len(spinals) > 1:
        yield ctx.report("more than one spinal mount: a ship carries one", spinals[1])
    for first, has_first, second, has_second in _EXCLUSIVE:
        if has_first(design) and has_second(design):
            first_weapon = next((c for c in ship.components_in("WEAPONRY")), None)
            yield ctx.report(f"{first} and {second} on one ship: High Guard allows one or the other", first_weapon)
