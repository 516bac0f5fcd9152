"""The designs of a search's own, as the optimiser asks for them: each slot (a design a fleet may have besides the
catalogue's) a part of the budget and, where it has one, the genes of its design. The problem makes the design of
the genes (``Problem.invent``: fitted and checked by the game's rules, the same genes the same design); the fleet
buys as many as its part buys, and the repair fits the whole fleet to the budget and the game's constraints."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from shipyard.search.space import Space

#: A slot's part of the budget is asked in these steps (tenths): a part, not a count, so that what the genes make
#: a design cost does not change what the part means.
SHARE_STEPS = 10


def share_name(slot: int) -> str:
    return f"slot {slot} share"


def gene_name(slot: int, gene: str) -> str:
    return f"slot {slot} {gene}"


def _asked(trial: Any, name: str, values: Sequence[Any]) -> Any:
    """A gene's value: an integer range (with its step) asked as one, so that the optimiser knows its order; any
    other set of values as a choice."""
    if len(values) > 1 and all(isinstance(v, int) for v in values):
        step = values[1] - values[0]
        if step > 0 and list(values) == list(range(values[0], values[-1] + 1, step)):
            return trial.suggest_int(name, values[0], values[-1], step=step)
    return trial.suggest_categorical(name, list(values))


def made(trial: Any, space: Space, counts: list[int]) -> list[int]:
    """``counts`` (the catalogue's) with each slot's design bought: its part of the budget (none: the slot is
    empty), its genes made a design by the problem (refused: the slot is empty), as many ships as the part buys, one
    at least where the whole budget buys one. The first slot is never empty where the catalogue offers nothing the
    budget buys (a design the budget buys none of leaves the fleet empty: it fights, and loses, as it is)."""
    problem = space.problem
    nothing_else = not any(high for _, high in space.bounds[: space.offered])
    for slot in range(1, problem.slots + 1):
        share = trial.suggest_int(share_name(slot), 1 if slot == 1 and nothing_else else 0, SHARE_STEPS)
        if not share:
            continue
        genes = {gene: _asked(trial, gene_name(slot, gene), values) for gene, values in problem.genes.items()}
        index = problem.invent(genes)
        if index is None:
            continue
        high = space.bound(index)[1]  # what the whole budget buys of it, within the most ships
        part = problem.most(index, problem.budget * Fraction(share, SHARE_STEPS))
        counts += [0] * (index + 1 - len(counts))
        counts[index] += min(max(part, 1), high)  # one at least, where the budget buys one
    return counts
