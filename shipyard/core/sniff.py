"""Telling a sheet's format from its content, before any parser is loaded: a TOML table names an FFS design,
a fleet or a scenario; a USP or a component line makes a High Guard sheet; anything else is a USD sheet.

The High Guard shapes live here once; shipyard/parse/highguard.py classifies its lines with them too.
"""

from __future__ import annotations

import re

#: A USP: type code, three digit blocks and the fighter code ("BC-A2447G2-000510-50202-0"; highguard.md 1.1).
USP_SHAPE = re.compile(r"(?<![A-Za-z0-9])([A-Z0-9]{1,2})-([0-9A-Z]{7})-([0-9A-Z]{6})-([0-9A-Z]{5})-([0-9A-Z]{1,2})")
#: A component sheet line: "... 200.000Td; MCr 40.000 ..." (hgs-sheet-format.md 3).
COMPONENT_SHAPE = re.compile(r"Td\s*;\s*MCr", re.I)
_TOML_TABLE = re.compile(r"^\s*\[(\[?)\s*(ship|scenario)\s*\]\]?\s*(?:#.*)?$", re.M)


def looks_like_highguard(text: str) -> bool:
    """True when a text holds a USP or a component line."""
    return bool(USP_SHAPE.search(text) or COMPONENT_SHAPE.search(text))


def sniff(text: str) -> str:
    """The format of a sheet's text: "ffs" (an FFS design: a [ship] table), "fleet" ([[ship]] tables),
    "scenario" ([scenario] alone), "highguard" (a USP or component line) or "usd"."""
    tables = {(m.group(1), m.group(2)) for m in _TOML_TABLE.finditer(text)}
    if ("[", "ship") in tables:
        return "fleet"
    if ("", "ship") in tables:
        return "ffs"
    if ("", "scenario") in tables:
        return "scenario"
    if looks_like_highguard(text):
        return "highguard"
    return "usd"
