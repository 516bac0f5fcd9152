"""The doctrine knobs a fleet search turns: each a name, its choices (the first is ``Doctrine``'s default) and the
fields of ``Doctrine`` each choice sets (docs/search.md)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from shipyard.systems.mcs.combat.doctrine import Doctrine
from shipyard.systems.mcs.combat.turns import RANGE_STEPS

#: Knob -> choice -> the Doctrine fields it sets. MCS 2.3 (the band sought), 2.1 (G to evasion and to aiming a
#: spinal mount), 2.4 (whom the side fires at), 4.0 (missiles fired or held), and when a ship withdraws (the share
#: of its weapon batteries lost).
KNOBS: dict[str, dict[str, dict[str, Any]]] = {
    "seek": {"best": {"seek": "best"}, "hold": {"seek": "hold"}} | {band: {"seek": band} for band in RANGE_STEPS},
    "evasion": {
        "evade-and-aim": {"evade": True, "aim": True},
        "evade": {"evade": True, "aim": False},
        "aim": {"evade": False, "aim": True},
        "neither": {"evade": False, "aim": False},
    },
    "target": {name: {"target": name} for name in ("largest", "smallest", "nearest-to-death")},
    "missiles": {"fire": {"missiles": True}, "hold": {"missiles": False}},
    "withdraw": {
        "never": {"withdraw": None},
        "1/4": {"withdraw": Fraction(1, 4)},
        "1/2": {"withdraw": Fraction(1, 2)},
        "3/4": {"withdraw": Fraction(3, 4)},
    },
}

#: Knob choices that fight the same battles as another when no ship of the fleet can use the difference, and the
#: ship part that makes them differ: aiming is for spinal mounts only (MCS 2.1), holding missiles matters only to a
#: fleet that has them (MCS 4.0). A fleet without that part is given the other choice: its battles are the same.
FOLDS: dict[tuple[str, str], tuple[str, str]] = {
    ("evasion", "aim"): ("neither", "spinal"),
    ("evasion", "evade-and-aim"): ("evade", "spinal"),
    ("missiles", "hold"): ("fire", "missile"),
}

#: Each knob's first choice: what the side does when the knob is neither searched nor fixed.
DEFAULTS: dict[str, str] = {name: next(iter(choices)) for name, choices in KNOBS.items()}


def doctrine(knobs: Iterable[tuple[str, str]]) -> Doctrine:
    """The doctrine of a knob setting (knobs not named keep their defaults)."""
    fields: dict[str, Any] = {}
    for name, choice in knobs:
        fields.update(KNOBS[name][choice])
    return Doctrine.model_validate(fields)


def doctrine_fields(knobs: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The doctrine of a knob setting as an engagement file writes it (the fields that are not defaults)."""
    return doctrine(knobs).model_dump(mode="json", exclude_defaults=True)
