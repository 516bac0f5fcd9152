"""Sources of dice for combat (MCS 2.0-5.7): every procedure takes one, so the same code replays the dice a
table rolled (``ScriptedDice``), plays with a seeded generator (``RandomDice``), or both in turn
(``ScriptedDice(..., then=RandomDice(seed))``: the script first, then the generator)."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol


class DiceError(ValueError):
    """A scripted roll that the dice cannot give, or a script that ran out."""


class Dice(Protocol):
    def roll(self, count: int, sides: int, why: str, of: str = "") -> int:
        """The total of ``count`` dice of ``sides`` sides, rolled for ``why`` (of ``of``, if given: "to-hit" of
        "Heavy Laser 3", kept apart so that a roll nobody keeps costs no formatting)."""

    def pick(self, choices: int, why: str) -> int:
        """One of ``choices`` things chosen at random, numbered from 1."""


@dataclass
class Rolled:
    """One roll as made: what for, the dice and the total."""

    why: str
    dice: str
    total: int


def _reason(why: str, of: str) -> str:
    return f"{of} {why}" if of else why


#: The most combinations of several dice drawn as one choice (6**4); more dice are rolled one by one.
TABLE_LIMIT = 1296


@functools.cache
def totals(count: int, sides: int) -> tuple[int, ...]:
    """The total of every combination of ``count`` dice of ``sides`` sides, each once: one uniform choice among
    them is a roll of those dice (one draw of the generator instead of ``count``)."""
    if sides**count > TABLE_LIMIT:
        return ()
    return tuple(sum(faces) + count for faces in itertools.product(range(sides), repeat=count))


@dataclass
class RandomDice:
    """Dice from a seeded generator: the same seed gives the same rolls."""

    seed: int
    #: Keep each roll in ``log`` (off when many battles are counted and only their results matter).
    keep: bool = True
    log: list[Rolled] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed).random

    def roll(self, count: int, sides: int, why: str, of: str = "") -> int:
        if count == 1:
            total = int(self._random() * sides) + 1
        else:
            table = totals(count, sides)
            if table:
                total = table[int(self._random() * len(table))]
            else:
                total = count + sum(int(self._random() * sides) for _ in range(count))
        if self.keep:
            self.log.append(Rolled(_reason(why, of), f"{count}d{sides}", total))
        return total

    def quick(self) -> Callable[[], float] | None:
        """The generator's draw, for a caller that rolls as ``roll`` does (one draw a die, or one of ``totals``)
        without keeping the rolls: None when they are kept. Counted battles roll through it a million times."""
        return None if self.keep else self._random

    def pick(self, choices: int, why: str) -> int:
        chosen = int(self._random() * choices) + 1
        if self.keep:
            self.log.append(Rolled(why, f"1 of {choices}", chosen))
        return chosen


@dataclass
class ScriptedDice:
    """The totals a table rolled, used in order; each is checked against the dice it stands for. When the
    script runs out, ``then`` rolls (or, without it, a DiceError names the roll that was wanted)."""

    rolls: Sequence[int]
    then: Dice | None = None
    log: list[Rolled] = field(default_factory=list)
    used: int = 0

    def _next(self, low: int, high: int, dice: str, why: str) -> int | None:
        if self.used >= len(self.rolls):
            if self.then is None:
                raise DiceError(f"the dice ran out: {why} wants {dice} after {self.used} scripted roll(s)")
            return None
        value = self.rolls[self.used]
        if not low <= value <= high:
            raise DiceError(f"scripted roll {self.used + 1} is {value}, but {why} rolls {dice} ({low}-{high})")
        self.used += 1
        self.log.append(Rolled(why, dice, value))
        return value

    def roll(self, count: int, sides: int, why: str, of: str = "") -> int:
        value = self._next(count, count * sides, f"{count}d{sides}", _reason(why, of))
        if value is None:
            assert self.then is not None
            return self.then.roll(count, sides, why, of)
        return value

    def pick(self, choices: int, why: str) -> int:
        value = self._next(1, choices, f"1 of {choices}", why)
        if value is None:
            assert self.then is not None
            return self.then.pick(choices, why)
        return value

    @property
    def left(self) -> int:
        return len(self.rolls) - self.used
