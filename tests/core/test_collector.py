"""The collector's settings: a check's files and a battle's runs raise its young threshold and put it back; the
command line's start-up is made with the collector held off and then frozen out of its passes."""

from __future__ import annotations

import gc
import subprocess
import sys

from conftest import ROOT, run_then

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


def test_the_command_line_freezes_its_start_up_and_leaves_the_collector_on():
    """In a process of its own: a frozen object is never collected, which a test process should not have."""
    out, last = run_then(
        ["check", str(EXAMPLES / "kuvasz.usd")], "gc.get_freeze_count(), gc.isenabled(), gc.get_threshold()[0]"
    )
    frozen, enabled, young = last.split()
    assert int(frozen) > 20_000  # the imports' classes, functions and schemas (some 46,000 in all)
    assert enabled == "True" and int(young) == gc.get_threshold()[0]
    assert "kuvasz.usd:14:1: warning: MCS007" in out  # and the sheet was checked


def test_started_returns_what_it_loaded_and_keeps_a_disabled_collector_disabled():
    code = (
        "import gc\nfrom shipyard.core.collector import started\n"
        "print(started(lambda: 42), gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "gc.disable()\nprint(started(lambda: 'x'), gc.isenabled())\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split("\n")[:2] == ["42 True True", "x False"]


def test_checking_sheets_makes_no_reference_cycles():
    """What lets the threshold be raised: a checked sheet's objects are freed by reference counting alone. The
    USD reader once kept its line converter, which held the reader, and so left every record of every file to
    the collector (177 objects a sheet)."""
    sheets = [
        *sorted(EXAMPLES.glob("*.usd")),
        *sorted((ROOT / "fixtures" / "mcs").glob("*.usd")),
        *sorted((ROOT / "fixtures" / "highguard").glob("*.txt")),
    ]
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
