"""Exact distributions of dice, as fractions, by enumeration (no sampling)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


@cache
def dice_totals(count: int, sides: int) -> dict[int, Fraction]:
    """The exact distribution of the total of ``count`` dice of ``sides`` sides."""
    totals: dict[int, Fraction] = {0: Fraction(1)}
    one = Fraction(1, sides)
    for _ in range(count):
        following: dict[int, Fraction] = {}
        for total, chance in totals.items():
            for face in range(1, sides + 1):
                following[total + face] = following.get(total + face, Fraction(0)) + chance * one
        totals = following
    return totals


def at_most(count: int, sides: int, target: int, offset: int = 0) -> Fraction:
    """The chance that ``count``d``sides`` + ``offset`` rolls ``target`` or less."""
    return sum((p for total, p in dice_totals(count, sides).items() if total + offset <= target), Fraction(0))


def mapped(distribution: dict[int, Fraction], outcome: Callable[[int], K]) -> dict[K, Fraction]:
    """The distribution of ``outcome(roll)``."""
    found: dict[K, Fraction] = {}
    for roll, chance in distribution.items():
        key = outcome(roll)
        found[key] = found.get(key, Fraction(0)) + chance
    return found


def mixed(parts: list[tuple[Fraction, dict[K, Fraction]]]) -> dict[K, Fraction]:
    """The weighted sum of distributions: sum of weight x distribution."""
    found: dict[K, Fraction] = {}
    for weight, distribution in parts:
        for key, chance in distribution.items():
            found[key] = found.get(key, Fraction(0)) + weight * chance
    return found
