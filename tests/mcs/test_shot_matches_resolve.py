"""`combat shot`'s exact odds are the frequencies of the shots `combat resolve` fires: for each of ten kinds of shot
(ranges, blocking sand and sand clouds, a meson against a screen, a spinal PAW, squadron fire, partial armour
penetration with its weak spot, a missile salvo against point defence), 20,000 seeded shots fired by the
resolving engine land within 3 standard errors of the exact chance to hit and of every severity the odds give.

The engine's own narration says each shot's outcome ("surface severity: ... = 5: heavy", "... blocked"); the
odds come from ``shot_odds``/``salvo_odds``, the computation `combat shot` prints.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest
from conftest import ROOT

from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.combat.dice import RandomDice
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.resolve import Context, Firing, fire_beam, missile_attack, point_defence
from shipyard.systems.mcs.combat.shot import BLOCKED, salvo_odds, shot_odds
from shipyard.systems.mcs.parse import parse_usd

SHOTS = 20_000
#: How far a frequency may lie from its exact chance, in standard errors.
SPREAD = 3


def _ship(name: str):
    path = ROOT / "fixtures" / "mcs" / f"{name}.usd"
    (ship, *_), _ = parse_usd(path.read_text(), path.name)
    return combat_ship(ship)


def _level(log: list[str], where: str) -> str | None:
    """The severity a narrated shot gives at ``where`` ("surface", "interior"): the level after its last ': ', the
    sand's block, or None when the narration has no such line."""
    if any(line.strip().endswith("blocked") for line in log):
        return BLOCKED
    for line in log:
        if line.strip().startswith(f"{where} severity:"):
            return line.rsplit(": ", 1)[1]
    return None


def _within(seen: Counter, total: int, exact: dict[str, Fraction], what: str) -> None:
    for key, chance in exact.items():
        p = float(chance)
        error = math.sqrt(p * (1 - p) / total) if total else 0
        frequency = seen.get(key, 0) / total
        assert abs(frequency - p) <= SPREAD * error + 1e-12, (what, key, frequency, p)
    assert set(seen) <= set(exact), (what, set(seen) - set(exact))


#: (attacker, battery, target, band, sand, squadron, the severity compared): beams.
BEAMS = [
    ("zhodani-patrol-corvette", "Laser Battery", "kuvasz", "m", "none", 1, "surface"),
    ("zhodani-patrol-corvette", "Laser Battery", "kuvasz", "m", "blocking", 1, "surface"),
    ("zhodani-patrol-corvette", "Laser Battery", "kuvasz", "s", "cloud", 1, "surface"),
    ("midu-agashaan", "Laser Battery", "coronation", "l", "none", 1, "surface"),
    ("midu-agashaan", "Spinal PAW", "hollyfields", "s", "none", 1, "surface"),
    ("zhodani-strike-cruiser", "Meson Battery", "midu-agashaan", "vs", "none", 1, "interior"),
    ("zhodani-patrol-corvette", "Laser Battery", "kuvasz", "l", "none", 3, "surface"),  # squadron fire
    ("midu-agashaan", "Laser Battery", "kuvasz", "s", "none", 1, "interior"),  # 15 against armour 14, weak spot
    ("kuvasz", "#2", "zhodani-patrol-corvette", "s", "blocking", 1, "interior"),
]


@pytest.mark.parametrize(
    "attacker,battery,target,band,sand,squadron,where",
    BEAMS,
    ids=[f"{b[1]}-{b[3]}-{b[4]}-x{b[5]}-{b[6]}" for b in BEAMS],
)
def test_resolved_beam_shots_land_on_the_exact_odds(attacker, battery, target, band, sand, squadron, where):
    shooter, aimed = _ship(attacker), _ship(target)
    group = shooter.group(battery)
    aiming = Fraction(3) if group.mount == "spinal" else None
    odds = shot_odds(shooter, group, aimed, band, Fraction(0), Options(), None, aiming, sand, squadron)
    exact = odds.surface_with_bonus if where == "surface" else odds.interior_with_bonus
    dice = RandomDice(BEAMS.index((attacker, battery, target, band, sand, squadron, where)) + 1)  # one seed a kind
    hits, seen = 0, Counter()
    for _ in range(SHOTS):
        ctx = Context(dice=dice, options=Options().readings(), narrate=True)
        fired = fire_beam(
            Firing(ctx, shooter, group, aimed, t.RANGE_BANDS[band], Fraction(0)),
            group.batteries[0],
            None,
            aiming,
            sand,
            set(),
            squadron=squadron,
        )
        if fired.bonus is None:
            continue
        hits += 1
        seen[_level(ctx.log, where) or "none"] += 1
    _within(Counter({"hit": hits}), SHOTS, {"hit": odds.p_hit}, "to-hit")
    _within(seen, hits, exact, f"{where} severity")


def test_resolved_salvos_against_point_defence_land_on_the_exact_odds():
    """The Hollyfields' +4 salvos at the Coronation, two shots of its PD Laser Btty at each: 3 skill/2 + 4 FC + 5
    PDR - 6 missile evasion - 4 salvo = 2 on 1d6, so a salvo strikes (4/6)^2 = 4/9 of the time; then the severity
    of its strike (quick rule)."""
    shooter, aimed = _ship("hollyfields"), _ship("coronation")
    group, pd = shooter.group("Missile Batteries"), aimed.group("PD Laser Btty")
    odds = salvo_odds(shooter, group, aimed, [(pd, 2, 1)], Options())
    assert odds.p_strike == Fraction(4, 9)
    dice = RandomDice(41)
    struck, seen = 0, Counter()
    for _ in range(SHOTS):
        ctx = Context(dice=dice, options=Options().readings(), narrate=True)
        stopped = any(point_defence(ctx, aimed, pd, group.batteries[0].rof, group.size_evade or 0) for _ in range(2))
        if stopped:
            continue
        struck += 1
        missile_attack(Firing(ctx, shooter, group, aimed, t.RANGE_BANDS["vs"], Fraction(0)), group.batteries[0])
        seen[_level(ctx.log, "surface") or "none"] += 1
    _within(Counter({"strikes": struck}), SHOTS, {"strikes": odds.p_strike}, "strikes")
    _within(seen, struck, odds.surface_severity, "salvo surface severity")
