"""A ship cloned to fight shares nothing it can change with the ship it was cloned from: every battle starts
from the sheet's ship, whatever the battles before it did to their copies."""

from __future__ import annotations

from decimal import Decimal
from enum import Enum
from fractions import Fraction

import pytest
from conftest import FIXTURES
from pydantic import BaseModel

from shipyard.api import load
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.state import CombatShip
from shipyard.systems.mcs.combat.turns import fight

_IMMUTABLE = (str, int, float, bool, Fraction, Decimal, type(None), Enum, frozenset)


def _shared(one: object, other: object, path: str, seen: set[int]) -> list[str]:
    """The paths at which ``one`` and ``other`` hold the very same object that can be changed."""
    if isinstance(one, _IMMUTABLE) or (callable(one) and not hasattr(one, "__dict__")):
        return []
    if isinstance(one, BaseModel) and one.model_config.get("frozen"):
        return []  # a sheet's record: frozen
    if id(one) in seen:
        return []
    seen.add(id(one))
    if isinstance(one, tuple):
        return [p for i, (a, b) in enumerate(zip(one, other, strict=True)) for p in _shared(a, b, f"{path}[{i}]", seen)]
    if one is other:
        return [path]
    if isinstance(one, list) and isinstance(other, list):
        return [
            p for i, (a, b) in enumerate(zip(one, other, strict=False)) for p in _shared(a, b, f"{path}[{i}]", seen)
        ]
    if isinstance(one, dict) and isinstance(other, dict):
        return [p for key in one.keys() & other.keys() for p in _shared(one[key], other[key], f"{path}[{key!r}]", seen)]
    if hasattr(one, "__dict__") and hasattr(other, "__dict__"):
        return [
            p
            for name in vars(one).keys() & vars(other).keys()
            for p in _shared(vars(one)[name], vars(other)[name], f"{path}.{name}", seen)
        ]
    return []


def _ship(name: str) -> CombatShip:
    return combat_ship(load(FIXTURES / "mcs" / f"{name}.usd").ships[0])


@pytest.mark.parametrize("name", ["coronation", "hollyfields", "kuvasz", "zhodani-strike-cruiser"])
def test_a_clone_shares_nothing_changeable(name):
    original = _ship(name)
    assert _shared(original, original.clone(), "ship", set()) == []


def test_battles_fought_with_clones_leave_the_original_as_it_was():
    """Twenty seeded battles to the end, each with clones of the same two ships: the originals' states are the
    fresh ships' afterwards, and a battle fought again with the first seed gives the first result."""
    from shipyard.systems.mcs.combat.doctrine import Doctrine
    from shipyard.systems.mcs.combat.turns import Fleet

    coronation, hollyfields = _ship("coronation"), _ship("hollyfields")
    fleets = [Fleet(s.name, [s], s.skill, Doctrine().orders()) for s in (coronation, hollyfields)]
    first = fight(fleets, Options().readings(), "x", 20, 1, 0)
    for run in range(1, 20):
        fight(fleets, Options().readings(), "x", 20, 1, run)
    fresh = (_ship("coronation").summary(), _ship("hollyfields").summary())
    assert (coronation.summary(), hollyfields.summary()) == fresh
    assert fight(fleets, Options().readings(), "x", 20, 1, 0)[0] == first[0]


@pytest.mark.parametrize("name", ["coronation", "kuvasz"])
def test_a_ship_damaged_in_battle_pickles_as_it_is(name):
    """Fleets go to worker processes pickled (``-j``, Dask): a ship comes back with every battery's figures, its
    label and its damage, compiled or not (a class with a written constructor pickles by ``__reduce__``)."""
    import pickle

    ship = _ship(name)
    battery = ship.groups[0].batteries[-1]
    battery.destroyed, battery.dam[0] = True, 99
    back = pickle.loads(pickle.dumps(ship))
    assert back.summary() == ship.summary()
    assert [(b.label, b.pen, b.dam, b.destroyed) for g in back.groups for b in g.batteries] == [
        (b.label, b.pen, b.dam, b.destroyed) for g in ship.groups for b in g.batteries
    ]
