"""The engine's draw of one battery's fire against the exact odds ``tcs shot`` prints: many seeded draws of each
shot, every frequency within three standard errors of its chance, so the two never drift apart."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hg_helpers import battery, ship

from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.fire import attack, draw
from shipyard.systems.tcs.combat.odds import ShotOdds
from shipyard.systems.tcs.combat.readings import Readings, with_readings

DRAWS = 12_000
PLAIN = Readings()
TCS82 = replace(PLAIN, rerolls=True)


def _near(seen: int, of: int, chance: Fraction) -> bool:
    p = float(chance)
    return abs(seen / of - p) <= 3 * math.sqrt(p * (1 - p) / of) + 1e-12


SHOTS = {
    "missile through damper and sand, armour 5": (
        ship(computer=4, batteries=[battery("missile", 6)]),
        ship(computer=2, agility=2, size=12, damper=1, sand=3, armour=5),
        "long",
        {"sand": 1},
    ),
    "laser at a sanded destroyer": (
        ship(computer=6, batteries=[battery("laser", 5)]),
        ship(size=11, computer=4, agility=1, sand=4, armour=2),
        "short",
        {"sand": 1},
    ),
    "meson spinal at a screened cylinder": (
        ship(computer=5, batteries=[battery("meson", "F")]),
        ship(size=14, computer=5, configuration=3, meson_screen=2),
        "short",
        {},
    ),
    "PA spinal at a small ship, several pairs and criticals": (
        ship(computer=6, batteries=[battery("particle_accelerator", "M")]),
        ship(size=6, computer=2, agility=3, armour=4),
        "long",
        {},
    ),
    "a hard missile shot that needs re-rolled 12s": (
        ship(computer=1, batteries=[battery("missile", 2)]),
        ship(size=0, computer=4, agility=5),
        "short",
        {},
    ),
    "concentrated nuclear missiles at armour 1, below two no effect": (
        ship(computer=3, batteries=[battery("missile", 9)]),
        ship(size=9, computer=3, armour=1),
        "short",
        {},
        True,
        ["below_two=none"],
    ),
}


@pytest.mark.parametrize("readings", [PLAIN, TCS82], ids=["high-guard", "tcs82-rerolls"])
@pytest.mark.parametrize("name", list(SHOTS))
def test_draws_match_the_exact_odds(name, readings):
    firer, target, band, defence, *more = SHOTS[name]
    concentrated, chosen = more or (False, [])
    readings = with_readings(chosen, readings)
    shot = attack(firer, firer.batteries[0], target, band, defence, readings, concentrated)
    odds = ShotOdds(shot)
    rng = random.Random(f"{name}/{readings.rerolls}")
    drawn = [draw(shot, rng) for _ in range(DRAWS)]
    through = [d for d in drawn if d is not None]
    assert _near(len(through), DRAWS, odds.p_through), (len(through), float(odds.p_through))
    if not through:
        assert odds.p_through < Fraction(1, 1000)
        return
    first_table, first = odds.damage[0]
    seen = Counter(d[0][1] for d in through)
    assert set(seen) <= set(first)
    for result, chance in first.items():
        assert _near(seen[result], len(through), chance), (result, seen[result], float(chance))
    if odds.interior is not None:
        inside = Counter(
            d[i + 1][1]
            for d in through
            for i, (table, result) in enumerate(d[:-1])
            if table == first_table.table and result == t.INTERIOR_EXPLOSION
        )
        for result, chance in odds.interior[1].items():
            assert _near(inside[result], sum(inside.values()), chance), result
    rolls = [
        len([r for r in d if r[0] not in ("critical", "interior explosion", "automatic critical")]) for d in through
    ]
    assert set(rolls) == {shot.sets * len(shot.tables)}
    automatic = Counter(r[1] for d in through for r in d if r[0] == "automatic critical")
    assert sum(automatic.values()) == shot.criticals * len(through)
    for result, chance in odds.criticals.items():
        if automatic:
            assert _near(automatic[result], sum(automatic.values()), chance), result


class Scripted:
    """A generator that gives the dice a test names, in order (two a roll of 2D)."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


@pytest.mark.parametrize("natural_12, hits", [("cumulative", True), ("flat", False)])
def test_a_second_natural_12_in_the_draw(natural_12, hits):
    """2D - 13 against 6: a 12 (6, 6) misses and is re-rolled at +6; another 12 misses (12 + 6 - 13 = 5) and is
    re-rolled again; a 7 (3, 4) then hits at +12 (7 + 12 - 13 = 6) but not at +6 each time (7 + 6 - 13 = 0)."""
    from shipyard.systems.tcs.combat.fire import Roll, succeeds

    chosen = with_readings([f"natural_12={natural_12}"], TCS82)
    assert succeeds(Roll("to hit", 6, [("all", -13)]), chosen, Scripted(6, 6, 6, 6, 3, 4)) is hits
    assert succeeds(Roll("to hit", 6, [("all", -13)]), PLAIN, Scripted(6, 6)) is False
