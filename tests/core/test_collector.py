"""The collector's settings: a check's files and a battle's runs raise its young threshold and put it back."""

from __future__ import annotations

import gc

from conftest import ROOT

from shipyard.core.batch import iter_checked
from shipyard.core.collector import YOUNG_THRESHOLD, fewer_collections

EXAMPLES = ROOT / "examples"


def test_fewer_collections_raises_the_young_threshold_for_the_block_and_restores_it():
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before


def test_fewer_collections_never_lowers_a_higher_threshold():
    before = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD * 2, *before[1:])
    try:
        with fewer_collections():
            assert gc.get_threshold()[0] == YOUNG_THRESHOLD * 2
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD * 2
    finally:
        gc.set_threshold(*before)


def test_fewer_collections_restores_the_threshold_when_the_block_raises():
    before = gc.get_threshold()
    try:
        with fewer_collections():
            raise ValueError
    except ValueError:
        pass
    assert gc.get_threshold() == before


def test_checking_files_leaves_the_threshold_as_it_found_it_and_is_not_left_raised_between_files():
    """The threshold is raised within each file's check, never across the generator's ``yield``: the caller's
    own work between two files runs at its own threshold."""
    before = gc.get_threshold()
    between = [gc.get_threshold() for _ in iter_checked([EXAMPLES / "kuvasz.usd", EXAMPLES / "fleet"], jobs=1)]
    assert len(between) > 2 and set(between) == {before}
    assert gc.get_threshold() == before


def test_checking_sheets_makes_no_reference_cycles():
    """What lets the threshold be raised: a checked sheet's objects are freed by reference counting alone. The
    USD reader once kept its line converter, which held the reader, and so left every record of every file to
    the collector (177 objects a sheet)."""
    sheets = [*sorted(EXAMPLES.glob("*.usd")), *sorted((ROOT / "fixtures" / "mcs").glob("*.usd")),
              *sorted((ROOT / "fixtures" / "highguard").glob("*.txt"))]
    list(iter_checked(sheets, jobs=1))  # the lazy imports and caches made before counting
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        checked = list(iter_checked(sheets, jobs=1, keep_ships=False))
        del checked
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()
    assert len(sheets) > 20
