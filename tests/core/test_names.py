"""The name a user meant, as every did-you-mean tells it."""

from __future__ import annotations

import pytest

from shipyard.core.names import meant, meant_hint

NAMES = ["Laser Battery", "Missile Bays", "Sandcaster battery", "Midu Agashaan", "Kuvasz"]


@pytest.mark.parametrize(
    "wanted, found",
    [
        ("sandcaster", "Sandcaster battery"),  # the only name it begins, any case
        ("midu", "Midu Agashaan"),
        ("Kuvsaz", "Kuvasz"),  # two letters swapped: difflib ranks it 0.83, the letters say it at once
        ("Lasr  Battery", "Laser Battery"),  # spacing and a letter dropped
        ("Tractor Beam", None),
        ("", None),
    ],
)
def test_the_name_meant(wanted, found):
    assert meant(wanted, NAMES, 0.8) == found


def test_a_word_that_begins_two_names_is_told_by_likeness():
    """ "mi" begins both Missile Bays and Midu Agashaan: neither is taken for it, and it is like neither."""
    assert meant("mi", NAMES, 0.8) is None
    assert meant_hint("Missile Bay", NAMES, 0.8) == " (did you mean 'Missile Bays'?)"
    assert meant_hint("Tractor", NAMES, 0.8) == ""


def test_a_name_that_names_nothing_says_the_one_meant_and_every_one():
    from shipyard.core.names import none_named

    assert none_named("ship", "Swrd", ["Sword", "Lance"], 0.6) == (
        "no ship 'Swrd' (did you mean 'Sword'?): expected one of Sword, Lance"
    )
    assert none_named("ship", "c", ["a", "b"], 0.6, " in [ships]") == "no ship 'c' in [ships]: expected one of a, b"


def test_one_did_you_mean():
    """``nearest`` is every did-you-mean's: the same letters in another order first ("MSC" for "MCS", which
    likeness ranks at 0.67), else the likest at the cutoff or more, else none. The USD key reader alone keeps its
    own letters table, which declines to guess between two fields whose keys share their letters."""
    from conftest import ROOT

    from shipyard.core.codes import nearest

    assert nearest("MSC", ["MCS", "HG", "TCS"], 0.8) == "MCS"
    assert nearest("cruisr", ["cruiser", "carrier"], 0.6) == "cruiser"
    assert nearest("zzz", ["cruiser", "carrier"], 0.6) is None
    callers = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "shipyard").rglob("*.py")
        if "get_close_matches" in path.read_text(encoding="utf-8")
    )
    assert callers == ["shipyard/core/codes.py", "shipyard/systems/mcs/read/fields.py"]
