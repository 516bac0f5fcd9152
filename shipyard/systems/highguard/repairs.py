"""Repairs of the damage copying does to a High Guard sheet, made to a line before it is read, each said.

Published squadrons come through e-mail, scanners and retyping: quoted-printable ``=3D`` for ``=``, a USP
broken by spaces after its dashes (``CR- M2234F3- C41106- 23405- 0``), a scanner's ``O`` for 0 and ``l`` for 1
in a figure (``Low=O.``); and a type code some squadrons type in lower case (``Cr-``). Each repair keeps the
line's length, so every column after it (the battery counts under the USP digits, the positions in messages)
stays where the copy has it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from shipyard.core.copies import FIGURE_CHAR, SCANNER_DIGITS, SCANNER_LETTERS
from shipyard.systems.highguard.sniff import BROKEN_USP_SHAPE, USP_CORE

# Quoted-printable (RFC 2045) writes "=" as "=3D"; mailing-list archives kept it ("Fuel=3D720").
_QUOTED_EQUALS = re.compile(r"=3D")
_DASH_BLANKS = re.compile(r"-[ \t]+")  # a USP broken by spaces after its dashes
# A USP's type code written in lower case ("Cr-M2234F3-..."), as some squadrons type it.
_LOWER_CASE_TYPE = re.compile(
    r"(?<![A-Za-z0-9])(?=[A-Za-z]{0,2}[a-z])[A-Za-z]{1,2}"
    r"(?=-[ \t]*[0-9A-Z]{7}-[ \t]*[0-9A-Z]{6}-)"
)
#: What every damage repair_line repairs holds (the "=3D", or a USP's first two dashes about its first block):
#: a line without it is read as it is, without a pass of each repair.
_MAYBE_DAMAGED = re.compile(f"=3D|{USP_CORE.pattern}")
_DAMAGE = "(damage from copying)"
# A figure after "Key=" or "Key:" made of digits and the letters a scanner takes for them (SCANNER_LETTERS).
_SCANNED_FIGURE = re.compile(
    rf"(?<=[=:])(\s*)({FIGURE_CHAR}(?:{FIGURE_CHAR}|,)*(?:\.{FIGURE_CHAR}+)?)"
    r"(?=\.?(?:\s|;|$))"
)


class Repair(NamedTuple):
    """One repair: the 1-based column where it was made and what was read, in words."""

    col: int
    words: str


def repair_line(line: str) -> tuple[str, list[Repair]]:
    """The line as its writer meant it and the repairs made (quoted-printable, a broken USP); the same length as
    ``line``."""
    return every_repair(line) if _MAYBE_DAMAGED.search(line) else (line, [])


def every_repair(line: str) -> tuple[str, list[Repair]]:
    """``repair_line`` with each repair tried, whatever the line holds."""
    repairs: list[Repair] = []

    def quoted(found: re.Match[str]) -> str:
        repairs.append(Repair(found.start() + 1, f"quoted-printable '=3D' read as '=' {_DAMAGE}"))
        return "=" + " " * (len(found.group()) - 1)

    def usp(found: re.Match[str]) -> str:
        joined = _DASH_BLANKS.sub("-", found.group())
        if joined != found.group():
            repairs.append(
                Repair(found.start() + 1, f"a USP broken by spaces after its dashes read as {joined} {_DAMAGE}")
            )
        code, digits = joined.split("-", 1)
        read = digits.translate(SCANNER_DIGITS)  # I and O are no eHex digits, l and o no capitals: a scanner's
        if read != digits:
            repairs.append(
                Repair(
                    found.start() + len(code) + 2,
                    f"a scanner's letters in the USP read as digits: {digits} as {read} {_DAMAGE}",
                )
            )
        return f"{code}-{read}" + " " * (len(found.group()) - len(joined))

    def type_code(found: re.Match[str]) -> str:
        repairs.append(
            Repair(found.start() + 1, f"the lower-case type code {found.group()!r} read as {found.group().upper()}")
        )
        return found.group().upper()

    line = _QUOTED_EQUALS.sub(quoted, line)
    line = _LOWER_CASE_TYPE.sub(type_code, line)
    line = BROKEN_USP_SHAPE.sub(usp, line)
    return line, sorted(repairs)


def repair_figures(line: str) -> tuple[str, list[Repair]]:
    """A summary line with a scanner's letters in its figures read as digits (``Low=O.`` as 0, ``Agility=l.`` as
    1), and the repairs made; for ``Key=value`` lines only, never for text such as a class name."""
    repairs: list[Repair] = []

    def scanned(found: re.Match[str]) -> str:
        figure = found.group(2)
        if not set(figure) & set(SCANNER_LETTERS):
            return found.group()
        fixed = figure.translate(SCANNER_DIGITS)
        repairs.append(Repair(found.start(2) + 1, f"scanner error: {figure!r} read as {fixed} {_DAMAGE}"))
        return found.group(1) + fixed

    return _SCANNED_FIGURE.sub(scanned, line), repairs
