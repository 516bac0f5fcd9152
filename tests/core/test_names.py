"""The name a user meant, as every did-you-mean tells it."""

from __future__ import annotations

import pytest

from shipyard.core.names import meant, meant_hint

NAMES = ["Laser Battery", "Missile Bays", "Sandcaster battery", "Midu Agashaan", "Kuvasz"]


@pytest.mark.parametrize("wanted, found", [
    ("sandcaster", "Sandcaster battery"),  # the only name it begins, any case
    ("midu", "Midu Agashaan"),
    ("Kuvsaz", "Kuvasz"),  # two letters swapped: difflib ranks it 0.83, the letters say it at once
    ("Lasr  Battery", "Laser Battery"),  # spacing and a letter dropped
    ("Tractor Beam", None),
    ("", None),
])
def test_the_name_meant(wanted, found):
    assert meant(wanted, NAMES, 0.8) == found


def test_a_word_that_begins_two_names_is_told_by_likeness():
    """"mi" begins both Missile Bays and Midu Agashaan: neither is taken for it, and it is like neither."""
    assert meant("mi", NAMES, 0.8) is None
    assert meant_hint("Missile Bay", NAMES, 0.8) == " (did you mean 'Missile Bays'?)"
    assert meant_hint("Tractor", NAMES, 0.8) == ""
