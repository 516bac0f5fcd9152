"""Lines of fields are read without the parser (they are most of a sheet): what the quick reader gives must be
what the parser's tree gives, token for token and column for column, and every other kind of line goes to the
parser."""

from __future__ import annotations

import pytest
from conftest import FIXTURES, ROOT
from lark.exceptions import UnexpectedInput

from shipyard.core.source import split_lines
from shipyard.systems.mcs.read.lines import LineItems, field_items, usd_parser


def _shape(items) -> list:
    return [
        (
            str(i.key),
            i.key.type,
            i.key.column,
            i.key.end_column,
            i.column,
            [(t.type, str(t), t.column, t.end_column) for t in i.values],
        )
        for i in items
    ]


def _parsed(line: str):
    return LineItems(lambda start, end: None).transform(usd_parser().parse(line))


def _corpus() -> list[str]:
    lines = []
    for path in sorted([*FIXTURES.rglob("*.usd"), *FIXTURES.rglob("*.txt"), *(ROOT / "examples").rglob("*.usd")]):
        lines += [line for line in split_lines(path.read_text(errors="replace")) if line.strip()]
    return lines


def test_every_line_of_fields_in_the_fixtures_reads_as_the_parser_reads_it() -> None:
    quick = 0
    for line in _corpus():
        items = field_items(line)
        if items is None:
            continue
        quick += 1
        try:
            parsed = _parsed(line)
        except UnexpectedInput:
            pytest.fail(f"read quickly, refused by the parser: {line!r}")
        assert _shape(items) == _shape(parsed), line
    assert quick > 100  # most field lines take the quick way


@pytest.mark.parametrize(
    "line",
    [
        "Displacement: 500 tons Size: 4 Armour: 14 Toughness: 9",  # a unit, then a key: "tons Size:" is no key
        "Sensors: PEMS: 1x13 AEMS: 1x11 LIDAR:1x15 2x12.5",  # sensor ratings
        "Computers: 10xFib Crew: 52",  # a count and a model
        "Fire Control: 3 (all batteries)",  # a remark in brackets
        "  TL-12 Size: 3",  # the TL- key, after blanks
        "Power: 3 + 2",
    ],
)
def test_lines_of_fields_read_quickly_as_the_parser_reads_them(line) -> None:
    items = field_items(line)
    assert items is not None and _shape(items) == _shape(_parsed(line))


@pytest.mark.parametrize(
    "line",
    [
        "Coronation (Royal-class BB) TL-12",  # a heading
        "Notes: fast and heavily armed",  # notes take the rest of the line
        "Crew: 42 Notes: see below",  # notes after a field
        "5xLaser Battery (+2) (13:9 13:9 11:7 9:5 ---- ) PointDef: 4",  # a battery
        "Crew: 5 2x Laser Turret (+1) 10:5",  # a battery after a field
        "free text with no key",
    ],
)
def test_any_other_line_goes_to_the_parser(line) -> None:
    assert field_items(line) is None
