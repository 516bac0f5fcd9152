"""Loading the lark grammars of ``grammars/`` (one file per system's text formats), one parser per grammar
and start rules per process.

The grammars are package data of ``shipyard.grammars`` in a wheel (pyproject maps the top-level ``grammars/``
folder there) and in an editable install; in a bare source checkout, where nothing is installed, the same files
are read from ``grammars/`` beside the package.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from lark import Lark

from shipyard.core.quickparse import QuickParser


def grammar_text(name: str) -> str:
    """The text of ``grammars/<name>``, from the installed package or the source checkout."""
    try:
        return resources.files("shipyard.grammars").joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return (Path(__file__).resolve().parents[2] / "grammars" / name).read_text(encoding="utf-8")


@cache
def parser(name: str, start: str | tuple[str, ...]) -> Lark:
    """The parser of ``grammars/<name>`` with these start rules: LALR, contextual lexer, lark's grammar cache on,
    as every shipyard grammar is built. Positions are the tokens' (line, column, end column): rules carry none,
    as a reader takes a rule's place from its first and last tokens."""
    return Lark(
        grammar_text(name),
        parser="lalr",
        lexer="contextual",
        start=list(start) if isinstance(start, tuple) else start,
        propagate_positions=False,
        maybe_placeholders=False,
        cache=True,
    )


@cache
def quick_parser(name: str, start: str | tuple[str, ...], rule: str | None = None) -> QuickParser:
    """The parse of ``parser(name, start)`` from one start rule (``rule``; None when there is only one), quick for
    the shapes of line a file repeats (shipyard/core/quickparse.py): the same trees, the same errors."""
    return QuickParser(parser(name, start), rule)
