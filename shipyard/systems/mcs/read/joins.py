"""What the USD reader does with a line a copy broke: joined with the line after it where an e-mail's wrapping
broke it in two (USD111) or quoted-printable's soft line breaks did (USD112), its spans placed back on the lines
it came from; a battery line's figures read through a scanner's letters (USD109)."""

from __future__ import annotations

from lark import Tree

from shipyard.core.copies import QP_LINE_LIMIT, QP_SOFT_BROKEN, SCANNER_DIGITS, SCANNER_LETTERS
from shipyard.core.diagnostics import Severity
from shipyard.core.quickparse import QuickParser
from shipyard.core.source import MAX_LINE_CHARS
from shipyard.systems.mcs.keys import _CANONICAL
from shipyard.systems.mcs.read.lines import (
    SCANNED_BATTERY_FIGURE,
    SOFT_BREAKS_NAMED,
    WRAPPED_SENSOR,
    FieldItem,
    field_items,
    key_words,
    normal_key,
)
from shipyard.systems.mcs.read.sheet import Reading


def wrapped_line(r: Reading, parser: QuickParser, following: str) -> Tree | None:
    """A refused line that looks like a rating and reads once joined with the line after it (an e-mail's
    wrapping broke a long battery line in two): the joined line's tree, said, with ``wrap`` set so that every
    span past the first line's end is on the next line, at its own column there; else None."""
    if not following.strip() or field_items(following) is not None:
        return None  # a line of fields stands alone
    joined, rest = r.line_text.rstrip(" \t"), following.lstrip(" \t")
    tree = parser.parse_or_none(f"{joined} {rest}")
    if tree is None:
        return None
    join_following(r, following)
    return tree


def wrapped_sensors(r: Reading, fields: list[FieldItem], following: str) -> bool:
    """Whether a line of fields ending in a sensor list goes on in the line after it: a line of sensor
    ratings alone (``1x14.0s``), which an e-mail's wrapping broke off (read alone, it is a note and the
    sensors are lost). When it does, the two are read as one line, said, as ``wrapped_line`` joins them."""
    if _CANONICAL.get(normal_key(key_words(fields[-1].key.text))) not in ("sensor", "sensors"):
        return False
    words = following.split()
    if not words or not all(WRAPPED_SENSOR.fullmatch(word) for word in words):
        return False
    join_following(r, following)
    return True


def join_following(r: Reading, following: str) -> None:
    """This line read joined with the line after it, said (USD111), with ``wrap`` set so that every span
    past this line's end is on the next line, at its own column there."""
    indent = len(following) - len(following.lstrip(" \t"))
    joined = r.line_text.rstrip(" \t")
    boundary = len(joined) + 1  # the blank put between the two
    r.report(
        "USD111",
        Severity.WARNING,
        f"a line broken in two by a copy's wrapping: read joined with line {r.line_no + len(r.wrap or ()) + 1}",
        boundary,
    )
    r.wrap = (*(r.wrap or ()), (boundary, boundary - indent))
    r.line_text = f"{joined} {following[indent:]}"


def soft_breaks(r: Reading, lines: list[str]) -> int:
    """A line ending in quoted-printable's soft line break (``QP_SOFT_BROKEN``: the encoding broke a longer
    line there), read joined with the line after it, and on while the line joined ends in one, up to
    MAX_LINE_CHARS; with ``wrap`` set so that every span past a break is on its own line, and the break kept
    to be said. The last line joined (from 1), or 0 when this line ends in no soft break."""
    parts, last, pieces = [r.line_text], r.line_no, []
    length = len(r.line_text)  # of the parts joined so far
    while (
        last < len(lines)
        and len(lines[last - 1]) <= QP_LINE_LIMIT
        and QP_SOFT_BROKEN.match(lines[last - 1]) is not None
        and lines[last].strip()  # an encoder breaks no line before a blank one
        and length - 1 + len(lines[last]) <= MAX_LINE_CHARS
    ):
        parts[-1], length = parts[-1][:-1], length - 1  # the soft break itself is nothing
        pieces.append((length, length))  # the joined text's next column is the next line's first
        parts.append(lines[last])
        length, last = length + len(lines[last]), last + 1
    if not pieces:
        return 0
    r.soft_broken.append((r.line_no, pieces[0][0] + 1, r.line_text, last))
    r.wrap, r.line_text = tuple(pieces), "".join(parts)
    return last


def said_soft_breaks(r: Reading) -> None:
    """The lines joined at soft line breaks, said once for the file (an encoding that broke one long line
    broke them all), at the first break (USD112)."""
    if not r.soft_broken:
        return
    (r.line_no, column, r.line_text, last), more = r.soft_broken[0], r.soft_broken[1:]
    if not more:
        joined = f"line {last}" if last == r.line_no + 1 else f"lines {r.line_no + 1} to {last}"
        message = (
            f"a line broken by an e-mail's quoted-printable encoding (a soft line break: '=' at its end): "
            f"read joined with {joined}"
        )
    else:
        named = ", ".join(str(each[0]) for each in r.soft_broken[:SOFT_BREAKS_NAMED])
        message = (
            f"{len(r.soft_broken)} lines broken by an e-mail's quoted-printable encoding (soft line "
            f"breaks: '=' at their ends), each read joined to the next line: lines {named}"
            f"{', ...' if len(r.soft_broken) > SOFT_BREAKS_NAMED else ''}"
        )
    r.report("USD112", Severity.WARNING, message, column)


def scanned_battery_line(r: Reading, parser: QuickParser) -> Tree | None:
    """A refused line that looks like a rating and reads once its Pen:Dam pairs and rates of fire are read
    through a scanner's letters (``l4:9`` as 14:9): its tree, each figure said (the line keeps its length,
    and so its columns); else None."""
    found = [each for each in SCANNED_BATTERY_FIGURE.finditer(r.line_text) if set(each.group()) & set(SCANNER_LETTERS)]
    if not found:
        return None
    line = SCANNED_BATTERY_FIGURE.sub(lambda each: each.group().translate(SCANNER_DIGITS), r.line_text)
    tree = parser.parse_or_none(line)
    if tree is not None:
        for each in found:
            r.said_scanned(each.group(), each.group().translate(SCANNER_DIGITS), each.start() + 1)
    return tree
