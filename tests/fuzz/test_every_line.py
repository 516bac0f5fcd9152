"""Every line of a sheet is accounted for: it gives values to exactly one ship, or it carries a finding. And a line
damaged in one ship's block never changes another ship's figures without a word (High Guard and USD sheets:
every fixture and example, the damaged copies and the published layouts, and mutations of them).

A line "gives values to a ship" when some record of that ship (the ship, its USP, batteries, components, notes)
keeps a span on it. The few lines that only part a sheet (High Guard Shipyard's section headers, "USP", "With
Drop Tanks", "Detailed Description", "Book 5 Crew Breakdown") give no value, and are named here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shipyard.core.copies import cut_at_end_of_file
from shipyard.core.pipeline import load_sheet
from shipyard.core.records import Record
from shipyard.core.source import split_lines
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.highguard.read.lines import SECTIONS
from shipyard.systems.mcs.parse import parse_usd

#: Lines that part a High Guard sheet and hold no value (High Guard Shipyard's sheets).
STRUCTURE = {*SECTIONS, "USP", "WITH DROP TANKS", "DETAILED DESCRIPTION", "(HIGH GUARD DESIGN)"}

#: USD fields whose values may stand on the lines under their label (MCS section 1.0's one-field-a-line layout).
USD_HEADINGS = {"SENSORS:", "SIGNATURE:"}

HIGHGUARD = sorted(
    p
    for top in ("fixtures", "examples")
    for p in (ROOT / top).rglob("*.txt")
    if "highguard" in str(p) or "tcs" in str(p) or "fleet" in str(p)
)
USD = sorted(p for top in ("fixtures", "examples") for p in (ROOT / top).rglob("*.usd"))


def _structure(line: str) -> bool:
    """A line that parts a sheet and holds no value: a High Guard header, or a USD field's label standing over
    the lines that give its values ("Sensors:", "Signature:")."""
    words = line.strip().upper()
    return words in STRUCTURE or words.startswith("BOOK 5 CREW BREAKDOWN") or words in USD_HEADINGS


def _reader(path: Path):
    return parse_highguard if path.suffix == ".txt" else parse_usd


def span_lines(value: object) -> set[int]:
    """Every line a record (and each record inside it) keeps a span on."""
    found: set[int] = set()
    if isinstance(value, Record):
        found |= {span.line for span in value.spans.values() if span is not None}
        for name in type(value).model_fields:
            found |= span_lines(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            found |= span_lines(item)
    elif isinstance(value, dict):
        for item in value.values():
            found |= span_lines(item)
    return found


def unaccounted(text: str, ships: list, diagnostics: list) -> tuple[list[int], list[int]]:
    """The non-blank lines that give no ship a value and carry no finding, and those that give two ships one."""
    said = {d.span.line for d in diagnostics if d.span is not None}
    owners: dict[int, int] = {}
    shared = []
    for index, ship in enumerate(ships):
        for line in span_lines(ship):
            if owners.setdefault(line, index) != index:
                shared.append(line)
    lines = split_lines(text)
    silent = [
        number
        for number, line in enumerate(lines, start=1)
        if line.strip() and not _structure(line) and number not in owners and number not in said
    ]
    return silent, shared


@pytest.mark.parametrize("path", HIGHGUARD + USD, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_line_gives_one_ship_its_values_or_carries_a_finding(path):
    """Each file as ``check`` reads it: a file refused whole (binary, not a sheet) has its one finding."""
    sheet = load_sheet(path)
    if not sheet.opened:
        assert not sheet.ships
        return
    text, _ = cut_at_end_of_file(path.read_text(encoding="utf-8", errors="replace"))  # CP/M's Ctrl-Z padding
    silent, shared = unaccounted(text, sheet.ships, sheet.diagnostics)
    assert silent == [], f"lines read into no ship, without a finding: {silent}"
    assert shared == [], f"lines read into two ships: {shared}"


#: Two-ship sheets made of two fixtures end to end: the first ship's figures must not move when the second's
#: lines are damaged.
PAIRS = [
    ("fixtures/highguard/kinunir-hg80.txt", "fixtures/highguard/forms/adjacent-counts.txt"),
    ("fixtures/highguard/forms/digit-legend.txt", "fixtures/highguard/kinunir-hg80.txt"),
    ("fixtures/highguard/vigilant-legal.txt", "fixtures/highguard/kinunir-hgs.txt"),
    ("fixtures/mcs/kuvasz.usd", "fixtures/mcs/midu-agashaan.usd"),
    ("fixtures/mcs/zhodani-patrol-corvette.usd", "fixtures/mcs/coronation.usd"),
]
#: How a line is damaged: a character replaced, a run cut out, the line cut short, a character doubled; or the
#: whole line lost, or joined to the next (a copy's lost line end).
_DAMAGE = st.sampled_from(["replace", "cut", "truncate", "double", "drop", "join"])


def _damaged(line: str, how: str, at: int, char: str) -> str:
    if not line:
        return char
    at %= len(line)
    if how == "replace":
        return line[:at] + char + line[at + 1 :]
    if how == "cut":
        return line[:at] + line[at + 3 :]
    if how == "truncate":
        return line[:at]
    return line[:at] + line[at] + line[at:]


def _figures(ship):
    """A ship as its figures: records compare without their spans, and its notes (text) are left aside."""
    return ship.model_copy(update={"notes": []})


@pytest.mark.parametrize("first,second", PAIRS, ids=lambda p: Path(p).name)
@settings(max_examples=200, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    line=st.integers(min_value=0, max_value=10_000),
    how=_DAMAGE,
    at=st.integers(min_value=0, max_value=500),
    char=st.sampled_from(list("0X9 .:=-;ktZ(")),
)
def test_damage_to_one_ship_leaves_the_other_as_it_was(first, second, line, how, at, char):
    """The first ship read alone, then with the second's lines after it, one of them damaged: unless a finding
    stands on a line of the first ship, its figures are the same (its notes aside: a note is text)."""
    a, b = (split_lines((ROOT / name).read_text(encoding="utf-8")) for name in (first, second))
    reader = _reader(Path(first))
    (alone, *_), _ = reader("\n".join(a) + "\n", "a")
    damaged = list(b)
    index = line % len(damaged)
    if how == "drop":
        del damaged[index]
    elif how == "join" and index + 1 < len(damaged):
        damaged[index : index + 2] = [damaged[index] + " " + damaged[index + 1].lstrip()]
    else:
        damaged[index] = _damaged(damaged[index], how, at, char)
    text = "\n".join(a + [""] + damaged) + "\n"
    ships, diagnostics = reader(text, "ab")
    first_lines = set(range(1, len(a) + 1))
    if any(d.span is not None and d.span.line in first_lines for d in diagnostics):
        return  # the first ship's own block was said to be touched
    assert ships, "the first ship was lost"
    assert _figures(ships[0]) == _figures(alone)
    silent, shared = unaccounted(text, ships, diagnostics)
    assert silent == [] and shared == []
