"""The quick parse of a line is lark's: the same tree, the same tokens (type, text, positions), the same error,
for every line of the fixtures under each grammar and for lines made of the pieces sheets are made of; and a
shape met before is parsed without lark."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import FIXTURES, ROOT
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token

from shipyard.core.grammar import parser
from shipyard.core.quickparse import QuickParser
from shipyard.core.source import split_lines
from shipyard.systems.highguard.read.lines import START_RULES, line_rule
from shipyard.systems.highguard.repairs import repair_line


def _outcome(parse: Any, line: str) -> tuple:
    """A parse's result in full: the tree and each token's type, text and positions, or the error's kind and
    words."""
    try:
        tree = parse(line)
    except Exception as error:  # what lark raises, compared with what the quick parse raises
        return ("error", type(error).__name__, str(error))
    tokens = [
        (t.type, str(t), t.start_pos, t.end_pos, t.line, t.column, t.end_line, t.end_column)
        for t in tree.scan_values(lambda v: isinstance(v, Token))
    ]
    return ("tree", tree, tokens)


def _lines(*patterns: str) -> list[str]:
    """Every distinct line of the fixtures and examples of these names, in the order first met (one fixture
    repeats a few lines fifty thousand times: parsing each again tells nothing new)."""
    found: dict[str, None] = {}
    for pattern in patterns:
        for path in sorted([*FIXTURES.rglob(pattern), *(ROOT / "examples").rglob(pattern)]):
            found.update(dict.fromkeys(line for line in split_lines(path.read_text(errors="replace")) if line.strip()))
    return list(found)


USD = parser("usd.lark", "line")
HIGH_GUARD = parser("highguard.lark", START_RULES)


def _same(lark: Lark, quick: QuickParser, line: str, start: str | None = None) -> None:
    expected = _outcome(lambda text: lark.parse(text, start), line)
    assert _outcome(quick.parse, line) == expected, line
    assert (quick.parse_or_none(line) is None) == (expected[0] == "error"), line


def test_every_usd_line_of_the_fixtures_parses_as_lark_parses_it():
    quick = QuickParser(USD)
    lines = _lines("*.usd", "*.txt", "*.sheet")
    for line in lines + lines:  # the second time round, every shape is known
        _same(USD, quick, line)
    assert 50 < quick.nodes < len(lines)


def test_every_high_guard_line_of_the_fixtures_parses_as_lark_parses_it():
    quick = {rule: QuickParser(HIGH_GUARD, rule) for rule in START_RULES}
    lines = [repair_line(line)[0] for line in _lines("*.txt", "*.hg")]
    ruled = [(line, rule) for line in lines if (rule := line_rule(line)) is not None]
    for line, rule in ruled + ruled:
        _same(HIGH_GUARD, quick[rule], line, rule)
    assert len({rule for _, rule in ruled}) == len(START_RULES) and len(ruled) > 100


class _Counting:
    """A lark parser that counts the lines it parses."""

    def __init__(self, lark: Lark) -> None:
        self.lark, self.parses = lark, 0
        self.parser = lark.parser

    def parse(self, text: str, start: str | None = None) -> Any:
        self.parses += 1
        return self.lark.parse(text, start)

    def parse_interactive(self, start: str | None = None) -> Any:
        return self.lark.parse_interactive(start=start)


def test_a_shape_met_before_is_parsed_without_lark():
    counting = _Counting(USD)
    quick = QuickParser(counting)  # type: ignore[arg-type]
    first = quick.parse("2xLaser Battery (+1) 14:9 14:9 12:7")
    assert counting.parses == 1  # learnt from lark's own tree
    second = quick.parse("10xMeson Bay  (-2) 1:1\t16:16 9:8 ")
    assert counting.parses == 1 and str(second.children[0].children[0].children[1]) == "Meson Bay"
    same_shape = "1xA (+0) 1:2 3:4 5:6"
    assert second != first and _outcome(quick.parse, same_shape) == _outcome(USD.parse, same_shape)
    assert counting.parses == 1
    # Refused at a terminal the parser does not take there (one parse, for lark's error), and at the end of a
    # line (one parse to learn that lark refuses lines of that shape, one for the error).
    for refused in ("2xLaser Battery (+1) 14:9 14:9 12:7 )", "2xLaser Battery (+1) 14:9 ("):
        expected = _outcome(USD.parse, refused)
        assert _outcome(quick.parse, refused) == expected and expected[0] == "error"
    assert counting.parses == 4
    for refused in ("1xB (-1) 1:1 2:2 3:3 )", "3xC (+2) 9:9 ("):  # the same shapes: refused without lark
        assert quick.parse_or_none(refused) is None and "Unexpected" in str(quick.error(refused))
    assert counting.parses == 6 and quick.parse_or_none(same_shape) == USD.parse(same_shape)
    with pytest.raises(ValueError, match="lark reads this line"):
        quick.error(same_shape)


def test_past_its_limit_a_quick_parser_learns_no_more_shapes_and_lark_parses_them():
    lines = ["2xLaser Battery (+1) 14:9 14:9 12:7", "Crew: 4 Troops: 2", "1xA (+0) (1:2 - 3:-) PDR: 2 (3 turrets each)"]
    # Only the root: lark parses every line, each time (twice: ``parse`` and ``parse_or_none``); room: each
    # shape once.
    for limit, parses in ((1, 18), (100, 3)):
        counting = _Counting(USD)
        quick = QuickParser(counting, limit=limit)  # type: ignore[arg-type]
        for line in lines * 3:
            _same(USD, quick, line)
        # nodes: the root, 6 terminals, 4, and 14 of which the first 3 are the first line's
        assert counting.parses == parses and quick.nodes == (1 if limit == 1 else 1 + 6 + 4 + 11)


PIECES = [
    "2x",
    "10 x ",
    "Laser Battery",
    "Meson Bay",
    ":",
    "(+1)",
    "(-2)",
    "(",
    ")",
    "14:9",
    "14:-",
    "-:9",
    "-",
    "----",
    "PDR:",
    "PointDef:",
    "+1",
    "3",
    "turrets each",
    "-6 size&evade",
    "(-6 size&evade)",
    "salvos",
    "Crew:",
    "TL:",
    "12",
    "Notes: x",
    "Class:",
    "Kuvasz",
    "TL-12",
    "-2: 12",
    "2/14-11-9-6",
    "10xFib",
    "2x14.5",
    ",",
    "Td;",
    "MCr",
    "A2447G2",
    "x",
    "size",
    "PD",
    "tons",
    "Fire Control:",
    "4",
]
BLANKS = st.sampled_from(["", " ", "  ", "\t", " \t "])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(BLANKS, st.sampled_from(PIECES)), min_size=1, max_size=12), BLANKS)
def test_a_line_of_sheet_pieces_parses_as_lark_parses_it(pieces: list[tuple[str, str]], tail: str):
    line = "".join(blank + piece for blank, piece in pieces) + tail
    _same(USD, _USD_QUICK, line)
    for rule in START_RULES:
        _same(HIGH_GUARD, _HG_QUICK[rule], line, rule)


_USD_QUICK = QuickParser(USD)  # shared by the examples, so that later ones meet shapes learnt before
_HG_QUICK = {rule: QuickParser(HIGH_GUARD, rule) for rule in START_RULES}


@pytest.mark.parametrize("line", ["", "   ", "\t"])
def test_a_blank_line_parses_as_lark_parses_it(line: str):
    _same(USD, QuickParser(USD), line)


def test_a_token_lark_retypes_is_typed_as_lark_types_it():
    """lark retypes a word that is also a keyword of the same priority ("if" matched as WORD becomes IF): the
    quick parse leaves such states to lark."""
    grammar = 'start: (WORD | IF)+\nIF: "if"\nWORD: /[a-z]+/\n%ignore " "\n'
    lark = Lark(grammar, parser="lalr", lexer="contextual")
    quick = QuickParser(lark)
    for line in ("if x if", "x y", "if", "x  if  y "):
        _same(lark, quick, line)
    assert [t.type for t in quick.parse("x if").children] == ["WORD", "IF"]
