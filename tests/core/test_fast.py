"""The speed tricks of shipyard/core/fast.py against what the libraries themselves give: a failure here means a
new version of pydantic or lark changed what a trick leans on (fix the trick, or drop it for the public way)."""

from __future__ import annotations

import pickle
from decimal import Decimal
from typing import NamedTuple

import pytest
from lark import Lark
from lark.lexer import BasicLexer
from pydantic import BaseModel, ConfigDict, Field

from shipyard.core.diagnostics import Span
from shipyard.core.fast import maker, new_tuple, single_pattern, trusted, unchecked


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    tons: Decimal = Decimal(0)
    tags: list[str] = Field(default_factory=list)
    notes: dict[str, int] = {}  # a mutable default: pydantic copies it, and so must maker


def test_the_state_pydantic_keeps_is_what_the_tricks_write():
    """``unchecked`` and ``maker`` write these four attributes and nothing else: pydantic's own slots."""
    assert {"__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"} <= set(
        BaseModel.__slots__
    )


@pytest.mark.parametrize(
    "values",
    [{"name": "hull"}, {"name": "hull", "tons": Decimal("1.5")}, {"name": "x", "tags": ["a"], "notes": {"n": 1}}],
)
def test_a_model_made_without_validation_is_the_validated_one(values):
    made, validated = trusted(_Part, dict(values)), _Part(**values)
    assert made == validated and hash(made.name) == hash(validated.name)
    assert made.model_dump() == validated.model_dump() and made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set == set(values)
    assert made.model_copy(update={"name": "y"}) == validated.model_copy(update={"name": "y"})
    assert pickle.loads(pickle.dumps(made)) == validated
    with pytest.raises(Exception, match="frozen"):
        made.name = "z"  # type: ignore[misc]


def test_defaults_are_fresh_and_names_are_checked_as_validation_checks_them():
    first, second = maker(_Part)(name="a"), maker(_Part)(name="b")
    assert first.tags is not second.tags and first.notes is not second.notes
    with pytest.raises(TypeError):
        maker(_Part)(nam="a")  # a name that is no field
    with pytest.raises(TypeError):
        maker(_Part)(tons=Decimal(1))  # the required field left out


def test_unchecked_takes_the_state_as_it_is():
    made = unchecked(_Part, {"name": "a", "tons": Decimal(2), "tags": [], "notes": {}}, {"name", "tons"})
    assert made == _Part(name="a", tons=Decimal(2)) and made.model_fields_set == {"name", "tons"}


def test_a_named_tuple_made_by_new_tuple_is_the_constructed_one():
    class Pair(NamedTuple):
        left: int
        right: str = "r"

    assert new_tuple(Pair, (1, "x")) == Pair(1, "x") and new_tuple(Pair, (1, "x")).right == "x"
    assert Span.on_line("f", 2, 3, 9) == Span("f", 2, 3, 2, 9)


def test_a_lexer_state_pattern_tokenises_as_lark_does():
    grammar = 'start: (WORD | NUMBER)+\nWORD: /[a-z]+/\nNUMBER: /[0-9]+/\n%ignore " "\n'
    lark = Lark(grammar, parser="lalr", lexer="basic")
    lexer = lark.parser.lexer
    assert isinstance(lexer, BasicLexer)
    pattern = single_pattern(lexer)
    assert pattern is not None, "lark keeps a lexer's terminals in its scanner's _mres no more"
    text = "abc 12 de"
    quick = []
    position = 0
    while position < len(text):
        found = pattern.match(text, position)
        assert found is not None
        if found.lastgroup != "__IGNORE_0":
            quick.append((found.lastgroup, found.group()))
        position = found.end()
    assert quick == [(token.type, str(token)) for token in lark.lex(text)]
