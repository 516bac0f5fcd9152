"""Telling a file's format from its content, before any parser is loaded. The formats and how each is
recognised are the systems' (the registry): a TOML table they claim, a test of the text, the extension of a
binary file, or the fallback for any other text."""

from __future__ import annotations

import re
from pathlib import Path

from shipyard.core.registry import Format, formats, load

_TOML_TABLE = re.compile(r"^\s*\[(\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?\s*(?:#.*)?$", re.M)


def toml_tables(text: str) -> set[str]:
    """The table headers of a TOML text, written plainly: ``[ship]``, ``[[ship]]``, ``[scenario.rulings]`` (an
    array of tables is told by its opening brackets, so a header missing a closing bracket still counts)."""
    return {f"[{array}{name}]{']' if array else ''}" for array, name in _TOML_TABLE.findall(text)}


def binary_format(path: Path) -> Format | None:
    """The format of a file read as binary by its extension (the FFS workbook template), else None."""
    suffix = path.suffix.lower()
    return next((f for _, f in formats() if suffix in f.suffixes), None)


def sniff_format(text: str) -> Format:
    """The format of a text: a claimed TOML table first (an array of tables before a table), then each
    format's own test in the registry's order, then the fallback."""
    tables = toml_tables(text)
    claimed = [(f.toml_table, f) for _, f in formats() if f.toml_table]
    for table, candidate in sorted(claimed, key=lambda pair: not pair[0].startswith("[[")):
        if table in tables:
            return candidate
    for _, candidate in formats():
        if candidate.recognise and load(candidate.recognise)(text):
            return candidate
    return next(f for _, f in formats() if f.fallback)


def sniff(text: str) -> str:
    """The name of a text's format ("usd", "highguard", "ffs", "fleet", "scenario" ...)."""
    return sniff_format(text).name
