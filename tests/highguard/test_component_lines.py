"""Component lines are read without the parser (they are most of a component sheet): what the quick reader gives
must be what the parser's tree gives, piece for piece, and every line it does not take goes to the parser."""

from __future__ import annotations

import pytest
from conftest import FIXTURES, ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from lark.exceptions import LarkError

from shipyard.core.source import split_lines
from shipyard.systems.highguard.read.lines import component_pieces, line_rule, quick_component_pieces
from shipyard.systems.highguard.repairs import repair_line


def _parsed(line: str):
    try:
        return component_pieces(line)
    except LarkError:
        return None


def _component_lines() -> list[str]:
    lines = []
    for path in sorted([*FIXTURES.rglob("*.txt"), *(ROOT / "examples").rglob("*.txt")]):
        for text in split_lines(path.read_text(errors="replace")):
            line, _ = repair_line(text)
            if line.strip() and line_rule(line) == "component_line":
                lines.append(line)
    return lines


def test_every_component_line_of_the_fixtures_reads_as_the_parser_reads_it():
    lines = _component_lines()
    quick = [line for line in lines if quick_component_pieces(line) is not None]
    for line in quick:
        assert quick_component_pieces(line) == _parsed(line), line
    assert len(quick) > 0.9 * len(lines) > 100  # nearly all take the quick way


@pytest.mark.parametrize(
    "line",
    [
        "4 x Laser Turrets: 4.000 Td; MCr 6.000; -8 EP",
        "4x Laser Turrets:4.000Td;MCr 6.000;-8 EP",  # no blanks where the grammar needs none
        "  12 x Fighters: 120.000 Td; MCr 240.000",  # after blanks LABEL comes first: the count is in the label
        "P-Plant Factor-4: 600.000 Td; MCr 1,800.000; +200.000 EP; Crew 4",
        "Hangar: 130.000 Td; MCr 26.000; Cost of craft: MCr 6.000; Crew 2",
        "P-Fuel: 200.000 Td; MCr 0,000",
        "Bridge/Computer: 20.000 Td; MCr 10.000   ",
    ],
)
def test_common_component_lines_read_quickly_as_the_parser_reads_them(line):
    pieces = quick_component_pieces(line)
    assert pieces is not None and pieces == _parsed(line)


@pytest.mark.parametrize(
    "line",
    [
        "12 Fighters: 120.000 Td; MCr 240.000",  # a count without its x: the parser refuses it
        "Turrets: 4.000 Td; MCr 6.000; 8 EP",  # EP without a sign
        "Turrets: 4.000 Td; MCr 6.000;",  # a semicolon with nothing after it
        "Turrets: 4.000 Td; MCr",  # no cost
        "  : 4.000 Td; MCr 6.000",  # no label
    ],
)
def test_other_lines_go_to_the_parser(line):
    assert quick_component_pieces(line) is None and _parsed(line) is None


_BLANK = st.sampled_from(["", " ", " ", "  ", "\t"])
_AMOUNT = st.sampled_from(["4", "0", "1,336.630", "0,000", "41.5", "12", "200.000", "3.", ".5"])
_LABEL = st.text(alphabet="AbcdefxX0123 /-", min_size=1, max_size=12) | st.text(alphabet="AbX :;", max_size=6)
_TAIL = st.sampled_from(
    [
        "+200.000 EP",
        "-8 EP",
        "-8EP",
        "Crew 4",
        "Crew4",
        "Cost of craft: MCr 6.000",
        "8 EP",
        "Crew",
        "Cost of craft: 6",
        "EP -8",
        "",
    ]
)


@st.composite
def _component_like(draw) -> str:
    """Lines near the component shape: blanks, counts, labels with digits and stray colons, odd amounts and
    tails, most of them readable and each piece perhaps malformed."""
    count = draw(st.sampled_from(["", "", "4 x ", "4x ", "12 x  ", "4 x", "12 X ", "x "]))
    parts = [
        draw(_BLANK),
        count,
        draw(_LABEL),
        draw(st.sampled_from([":", ":", ":", "", "::"])),
        draw(_BLANK),
        draw(_AMOUNT),
        draw(_BLANK),
        draw(st.sampled_from(["Td", "Td", "Td", "td"])),
        draw(_BLANK),
        ";",
        draw(_BLANK),
        draw(st.sampled_from(["MCr", "MCr", "MCr ", "Mcr"])),
        draw(_BLANK),
        draw(_AMOUNT),
    ]
    for _ in range(draw(st.integers(0, 3))):
        parts += [draw(_BLANK), draw(st.sampled_from([";", ";", "; ", ""])), draw(_BLANK), draw(_TAIL)]
    parts.append(draw(_BLANK))
    return "".join(parts)


@settings(max_examples=2000, deadline=None, derandomize=True)
@given(_component_like())
def test_the_quick_reading_never_differs_from_the_parser(line):
    """Whenever the quick reader takes a line, the parser takes it too and reads the same pieces."""
    pieces = quick_component_pieces(line)
    if pieces is not None:
        assert pieces == _parsed(line), line
