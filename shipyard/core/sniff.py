"""Telling a file's format from its content, before any parser is loaded. The formats and how each is
recognised are the systems' (the registry): a TOML table they claim, a test of the text, the extension of a
binary file, or the fallback for any other text."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from shipyard.core.parts import recogniser
from shipyard.core.registry import Format, formats

_TOML_TABLE = re.compile(r"^[ \t]*\[(\[?)[ \t]*([A-Za-z0-9_.-]+)[ \t]*\]\]?[ \t]*(?:#.*)?$", re.M)  # one line each


def toml_tables(text: str) -> set[str]:
    """The table headers of a TOML text, written plainly: ``[ship]``, ``[[ship]]``, ``[scenario.rulings]`` (an
    array of tables is told by its opening brackets, so a header missing a closing bracket still counts)."""
    return {f"[{array}{name}]{']' if array else ''}" for array, name in _TOML_TABLE.findall(text)}


def binary_format(path: Path) -> Format | None:
    """The format of a file read as binary by its extension (the FFS workbook template), else None."""
    return _binary_formats().get(path.suffix.lower())


@cache
def _binary_formats() -> dict[str, Format]:
    return {suffix: f for _, f in formats() for suffix in f.suffixes}


@cache
def _claims() -> tuple[tuple[tuple[str, Format], ...], tuple[tuple[Callable[[str], bool], Format], ...], Format]:
    """The registry's formats as the sniffer tries them: claimed TOML tables (an array of tables before a table),
    the formats' own tests in the registry's order, the fallback."""
    tables = sorted(
        ((f.toml_table, f) for _, f in formats() if f.toml_table), key=lambda pair: not pair[0].startswith("[[")
    )
    tests = tuple((recogniser(f), f) for _, f in formats() if f.recognise)
    return tuple(tables), tests, next(f for _, f in formats() if f.fallback)


#: Extensions of the line-based sheets: a file named so is read as TOML only if it is TOML, so a line such as
#: ``[scenario]`` in the notes of a USD sheet does not make it a scenario.
TEXT_SHEET_SUFFIXES = (".usd", ".txt", ".hg", ".sheet")


def sniff_format(text: str, suffix: str = "") -> Format:
    """The format of a text: a claimed TOML table first, then each format's own test, then the fallback. With
    the ``suffix`` of a line-based sheet, a TOML table claims the text only when the whole text is TOML."""
    claimed, tests, fallback = _claims()
    if "[" in text and (suffix.lower() not in TEXT_SHEET_SUFFIXES or _is_toml(text)):
        found = toml_tables(text)
        for table, candidate in claimed:
            if table in found:
                return candidate
    for recognise, candidate in tests:
        if recognise(text):
            return candidate
    return fallback


def recognised(text: str) -> Format | None:
    """The format whose own test recognises ``text`` (a USD or High Guard sheet ...), without a TOML table's
    claim or the fallback: None when none does."""
    for recognise, candidate in _claims()[1]:
        if recognise(text):
            return candidate
    return None


def _is_toml(text: str) -> bool:
    from shipyard.core.toml_input import parse_toml

    return parse_toml(text)[1] is None


def sniff(text: str) -> str:
    """The name of a text's format ("usd", "highguard", "ffs", "fleet", "scenario" ...)."""
    return sniff_format(text).name
