"""The exact odds of one battery's fire at one ship (``shipyard tcs shot``), worked from the same ``Attack`` the
engine draws: every chance a fraction of 2D's 36 outcomes, TCS82's re-rolls summed to the end.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.fire import Attack, Roll, TableRolls, interior_dm, reroll_bonus, rerolls_natural_2
from shipyard.systems.tcs.combat.readings import Readings

#: The chance of each total of 2D.
TWO_DICE = {total: Fraction(6 - abs(total - 7), 36) for total in range(2, 13)}
ONE = Fraction(1)


@cache
def success(number: int, dm: int, natural_12: str = "off", bonus: int = 0) -> Fraction:
    """The chance that 2D + ``dm`` (+ ``bonus`` from re-rolls) reaches ``number``; a natural 12 short of it is
    re-rolled at +6 more ("cumulative"), at +6 each time ("flat"), or not ("off") (TCS82, Rules modifications 3).

    Flat re-rolls repeat the same chance x after the first: x = q + x/36, so x = q / (1 - 1/36)."""
    plain = sum(
        (p for total, p in TWO_DICE.items() if total != t.REROLL_NATURAL and total + dm + bonus >= number), Fraction(0)
    )
    if t.REROLL_NATURAL + dm + bonus >= number:
        return plain + TWO_DICE[t.REROLL_NATURAL]
    if natural_12 == "off":
        return plain
    twelve = TWO_DICE[t.REROLL_NATURAL]
    following = reroll_bonus(bonus, natural_12)
    if following == bonus:  # flat, re-rolling at the same bonus: x = q + x/36
        return plain / (ONE - twelve)
    return plain + twelve * success(number, dm, natural_12, following)


def roll_chance(roll: Roll, readings: Readings) -> Fraction:
    return ONE if roll.automatic else success(roll.number, roll.dm, readings.natural_12 if readings.rerolls else "off")


def table_distribution(rolls: TableRolls, readings: Readings, armour: int | None = None) -> dict[str, Fraction]:
    """The results of one roll on a damage table, a natural 2 re-rolled as TCS82 lets the attacker (``fire.
    table_roll``): interior explosions are left as such (their own distribution is ``interior_distribution``)."""
    armour = rolls.armour if armour is None else armour
    found: dict[str, Fraction] = {}
    for natural, p in TWO_DICE.items():
        result = t.table_result(rolls.table, natural + armour + rolls.other, readings.below_two)
        if rerolls_natural_2(natural, result, rolls.table, armour, readings):
            for again, q in table_distribution(rolls, readings, max(0, armour - t.DAMAGE_REROLL_ARMOUR)).items():
                found[again] = found.get(again, Fraction(0)) + p * q
            continue
        found[result] = found.get(result, Fraction(0)) + p
    return found


def interior_distribution(rolls: TableRolls, readings: Readings) -> dict[str, Fraction]:
    """The interior explosion table's results for an interior explosion reached from ``rolls`` (a surface roll)."""
    return table_distribution(TableRolls("interior", 0, interior_dm(rolls, readings)), readings)


def critical_distribution(readings: Readings) -> dict[str, Fraction]:
    found: dict[str, Fraction] = {}
    for natural, p in TWO_DICE.items():
        result = t.CRITICALS[readings.critical_order][natural - 2]
        found[result] = found.get(result, Fraction(0)) + p
    return found


class ShotOdds:
    """The exact odds of one ``Attack``: the chance of each roll, to hit and penetrate, and each damage table's
    results for a hit that penetrates."""

    def __init__(self, shot: Attack) -> None:
        readings = shot.readings
        self.attack = shot
        self.p_to_hit = roll_chance(shot.to_hit, readings)
        self.p_penetration = [roll_chance(roll, readings) for roll in shot.penetration]
        self.p_penetrate = ONE
        for p in self.p_penetration:
            self.p_penetrate *= p
        self.p_through = self.p_to_hit * self.p_penetrate
        self.damage = [(rolls, table_distribution(rolls, readings)) for rolls in shot.tables]
        self.interior = next(
            (
                (rolls, interior_distribution(rolls, readings))
                for rolls, found in self.damage
                if found.get(t.INTERIOR_EXPLOSION)
            ),
            None,
        )
        self.criticals = critical_distribution(readings)
