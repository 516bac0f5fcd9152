"""The High Guard reader's classifier on its own: what each line of a sheet is, from the line and the reader's
state alone (``read/classify.py``: it reports nothing and changes nothing). The lines are the published copies'
and High Guard Shipyard's own."""

from __future__ import annotations

import pytest

from shipyard.systems.highguard.read.classify import LineKind, classify
from shipyard.systems.highguard.read.state import State

K = LineKind
FRESH = State()
AFTER_USP = State(after_usp=True)
NOTE_OPEN = State(note_open=True)
CREW_NEXT = State(crew_breakdown_next=True)
LADEN = State(in_drop_tanks=True)

#: (line, state, whether the ship has a note, kind).
CASES = [
    ("HULL", FRESH, False, K.SECTION),
    ("Accommodations", FRESH, False, K.SECTION),
    ("WITH DROP TANKS", FRESH, False, K.DROP_TANKS),
    ("Book 5 Crew Breakdown:", FRESH, False, K.CREW_HEAD),
    ("Bridge 5; Engineering 12; Gunnery 20", CREW_NEXT, False, K.CREW_BREAKDOWN),
    ("USP", FRESH, False, K.BLOCK_HEAD),
    ("Detailed Description", FRESH, False, K.BLOCK_HEAD),
    ("BC-9514 Kinunir       BC-A2447G2-000510-50202-0  MCr 1336.63     1250 tons", FRESH, False, K.USP),
    ("     batteries bearing                  2 2 2                     Crew=45.", FRESH, False, K.BATTERY),
    ("             batteries                  2 2 2                       TL=15.", AFTER_USP, False, K.BATTERY),
    # No label under a USP (published squadrons print none): counts alone are a battery line there, and only there.
    ("                                        1 1 1", AFTER_USP, False, K.BATTERY),
    ("Bridge: 25.000 Td; MCr 6.250", FRESH, False, K.COMPONENT),
    ("  30 x Laser Turrets: 30.000 Td; MCr 45.000; -30.000 EP", FRESH, False, K.COMPONENT),
    ("Ship: Kinunir", FRESH, False, K.TEXT_FIELD),
    ("Tech Level: 15", FRESH, False, K.TEXT_FIELD),
    ("Passengers=0. Low=0. Cargo=63. Fuel=587.5. EP=87.5. Agility=1. Marines=35.", FRESH, False, K.PAIRS),
    ("Seventy-five Eurisko class Battle Riders", FRESH, False, K.HEADING),
    ("Kinunir Class Battle Cruiser", FRESH, False, K.TITLE),
    ("and carries a pinnace.", NOTE_OPEN, True, K.NOTE_GOES_ON),
    ("and carries a pinnace.", NOTE_OPEN, False, K.FREE_TEXT),  # an open note the ship does not have
    ("and carries a pinnace.", FRESH, True, K.FREE_TEXT),
    ("B -A2447G2-000510-50202-0 MCr 1336.63", FRESH, False, K.BROKEN_USP),
    ("B -A2447G2-000510-50202-0 MCr 1336.63", LADEN, False, K.FREE_TEXT),  # the laden block's own copy
    ("Designed for the Imperial Navy.", FRESH, False, K.FREE_TEXT),
]


@pytest.mark.parametrize(("line", "state", "has_note", "kind"), CASES, ids=[c[0][:40] for c in CASES])
def test_each_line_is_told_by_its_shape_and_the_state(line: str, state: State, has_note: bool, kind: LineKind):
    assert classify(line, line.strip(), state, has_note).kind is kind


def test_the_same_line_is_two_kinds_in_two_states():
    """Counts alone are a battery line under a USP and free text anywhere else; a crew breakdown's line is one only
    right under its header."""
    counts = "                                        1 1 1"
    assert classify(counts, counts.strip(), AFTER_USP, False).kind is K.BATTERY
    assert classify(counts, counts.strip(), FRESH, False).kind is not K.BATTERY
    breakdown = "Bridge 5; Engineering 12"
    assert classify(breakdown, breakdown, CREW_NEXT, False).kind is K.CREW_BREAKDOWN
    assert classify(breakdown, breakdown, FRESH, False).kind is not K.CREW_BREAKDOWN


def test_a_misspelt_label_or_key_is_read_as_meant_and_the_respelling_carried():
    """A 1999 copy's "BBearing" under a USP is respelt in place (the line keeps its length, its counts under their
    digits); "Tech Levle" is read as Tech Level. The classifier says nothing: it hands the respelling on."""
    line = "     BBearing                           2 2 2"
    read = classify(line, line.strip(), AFTER_USP, False)
    assert read.kind is K.BATTERY and len(read.line) == len(line) and "Bearing " in read.line
    assert read.respelt == ((6, "BBearing", "Bearing"),)
    field = classify("Tech Levle: 12", "Tech Levle: 12", FRESH, False)
    assert field.kind is K.TEXT_FIELD and field.field == ("tech level", "12")
    assert field.respelt == ((1, "Tech Levle", "Tech Level"),)


def test_a_heading_carries_its_count_and_a_summary_its_repairs():
    heading = classify("Four Garter class:", "Four Garter class:", FRESH, False)
    assert heading.kind is K.HEADING and heading.heads == 4
    summary = classify("Cargo=6O.", "Cargo=6O.", FRESH, False)  # a letter O for a zero, repaired
    assert summary.kind is K.PAIRS and summary.line == "Cargo=60." and len(summary.repairs) == 1
