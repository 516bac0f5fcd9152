"""Loading the lark grammars of ``grammars/``, one parser per grammar per process.

The grammars are package data of ``shipyard.grammars`` in a wheel (pyproject maps the top-level
``grammars/`` folder there) and in an editable install; in a bare source checkout, where nothing
is installed, the same files are read from ``grammars/`` beside the package.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from lark import Lark


def grammar_text(name: str) -> str:
    """The text of ``grammars/<name>``, from the installed package or the source checkout."""
    try:
        return resources.files("shipyard.grammars").joinpath(name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return (Path(__file__).resolve().parents[2] / "grammars" / name).read_text(encoding="utf-8")


def _lalr(name: str, start) -> Lark:
    """LALR, contextual lexer, positions kept, lark's grammar cache on: every shipyard grammar."""
    return Lark(grammar_text(name), parser="lalr", lexer="contextual", start=start, propagate_positions=True,
                maybe_placeholders=False, cache=True)


@cache
def usd_parser() -> Lark:
    """The USD sheet parser (one start rule: a line)."""
    return _lalr("usd.lark", "line")


#: The line kinds of grammars/highguard.lark, each a start rule (shipyard/parse/highguard.py picks one).
HIGHGUARD_START_RULES = ["usp_line", "battery_line", "pairs_line", "component_line"]


@cache
def highguard_parser() -> Lark:
    """The High Guard line parser: one start rule per line kind."""
    return _lalr("highguard.lark", HIGHGUARD_START_RULES)
