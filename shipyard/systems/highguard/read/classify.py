"""What a line of a High Guard sheet is, told from the line and the reader's state alone: ``classify`` is pure
(it reports nothing and changes nothing), so the order of its tests, which *is* the grammar of a sheet, can be
read, and tested with a table of lines, in one place."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from shipyard.systems.highguard.labels import NEAR_ENOUGH
from shipyard.systems.highguard.read.lines import (
    BATTERY_SHAPE,
    BATTERY_WORDS,
    LABEL_WORDS,
    LOOSE_FIELD,
    NEAR_KEY_LENGTH,
    NEAR_TEXT_FIELD,
    PAIR_SHAPE,
    SECTIONS,
    SUMMARY_KEYS,
    TEXT_FIELD,
    TEXT_FIELD_SPELLINGS,
    TITLE_SHAPE,
    heading_count,
    line_rule,
    near_key,
    near_usp,
    quick,
    unlabelled_battery_line,
)
from shipyard.systems.highguard.read.state import State
from shipyard.systems.highguard.repairs import Repair, repair_figures


class LineKind(Enum):
    SECTION = "a component sheet's section header (HULL, ENGINEERING ...)"
    DROP_TANKS = "'WITH DROP TANKS': the laden block follows"
    CREW_HEAD = "'Book 5 Crew Breakdown': the breakdown follows"
    CREW_BREAKDOWN = "the crew breakdown line"
    BLOCK_HEAD = "a heading with nothing to read ('USP', 'Detailed Description')"
    USP = "a USP line"
    BATTERY = "a battery line (batteries or bearing)"
    COMPONENT = "a component line ('Bridge: 25.000 Td; MCr 6.250')"
    TEXT_FIELD = "a text field ('Ship: ...', 'Tech Level: 12')"
    PAIRS = "a summary line of Key=value pairs"
    HEADING = "a squadron's heading with a count"
    TITLE = "a component sheet's title ('... Class ...')"
    NOTE_GOES_ON = "free text right under a note: the same note"
    BROKEN_USP = "a line with a USP line's shape whose USP does not read"
    FREE_TEXT = "free text, kept as a note"


#: A misspelt word respelt: its column, as written, as meant.
Respelling = tuple[int, str, str]


class Line(NamedTuple):
    """A line classified: its kind, the line to read (a battery label respelt in place, a summary line's figures
    repaired), and what was done to it on the way (to be said where it is read)."""

    kind: LineKind
    line: str
    respelt: tuple[Respelling, ...] = ()
    repairs: tuple[Repair, ...] = ()
    #: A text field's key (lower case) and value; the count a heading gives.
    field: tuple[str, str] | None = None
    heads: int | None = None


def respelt_battery_label(line: str) -> tuple[str, tuple[Respelling, ...]] | None:
    """A battery line under a USP whose label is misspelt ("BBearing", "Batterues", as a 1999 copy of a
    destroyer escort types them): the line with each misspelt word of its label respelt in place (the line
    keeps its length, so its counts stay under their digits), and the respellings; None for any other line."""
    found = LABEL_WORDS.match(line)
    if found is None:
        return None
    respelt, fixes = line, []
    for group in (1, 2):
        word = found.group(group)
        if word is None or word.lower() in BATTERY_WORDS:
            continue
        near = near_key(word.lower(), BATTERY_WORDS, NEAR_ENOUGH) if len(word) >= NEAR_KEY_LENGTH else None
        if near is None:
            break
        meant = near.capitalize() if word[0].isupper() else near
        start, end = found.start(group), found.end(group)
        blanks = len(line) - end - len(line[end:].lstrip(" \t"))
        if len(meant) - len(word) >= blanks:  # no room to respell it in place, a blank kept after it
            return None
        respelt = respelt[:start] + meant.ljust(len(word)) + respelt[start + max(len(word), len(meant)) :]
        fixes.append((start + 1, word, meant))
    if not fixes or not BATTERY_SHAPE.match(respelt) or quick("battery_line").parse_or_none(respelt) is None:
        return None
    return respelt, tuple(fixes)


def misspelt_text_field(line: str) -> tuple[str, str, Respelling] | None:
    """A line whose key is a text field's misspelt (``Tech Levle: 12``, ``Architcet: ...``): its key (lower
    case), its value and the respelling; None for any other line. Text fields take any text, so a line is read as
    one only when nearer than a summary key must be (NEAR_TEXT_FIELD), or its letters swapped."""
    found = LOOSE_FIELD.match(line)
    if found is None or found.group(1).lower() in SUMMARY_KEYS or len(found.group(1)) < NEAR_KEY_LENGTH:
        return None
    key = found.group(1)
    near = near_key(key.lower(), TEXT_FIELD_SPELLINGS, NEAR_TEXT_FIELD)
    if near is None:
        return None
    return near, found.group(2).strip(), (found.start(1) + 1, key, TEXT_FIELD_SPELLINGS[near])


def classify(line: str, stripped: str, state: State, has_note: bool) -> Line:
    """What ``line`` (``stripped``, without its blanks) is, in the reader's ``state``; ``has_note``: the ship
    being read has a note (which free text under an open note goes on with). The order of the tests is the
    order a sheet is read in."""
    upper = stripped.upper()
    if upper in SECTIONS:
        return Line(LineKind.SECTION, line)
    if upper == "WITH DROP TANKS":
        return Line(LineKind.DROP_TANKS, line)
    if upper.startswith("BOOK 5 CREW BREAKDOWN"):
        return Line(LineKind.CREW_HEAD, line)
    if state.crew_breakdown_next:  # High Guard Shipyard's one ';'-separated line after the header
        return Line(LineKind.CREW_BREAKDOWN, line)
    if upper in ("USP", "DETAILED DESCRIPTION"):
        return Line(LineKind.BLOCK_HEAD, line)
    rule = line_rule(line)
    respelt: tuple[Respelling, ...] = ()
    if rule in (None, "pairs_line") and state.after_usp:
        label = respelt_battery_label(line)
        if label is not None:
            (line, respelt), rule = label, "battery_line"
        elif unlabelled_battery_line(line):
            rule = "battery_line"
    if rule == "usp_line":
        return Line(LineKind.USP, line)
    if rule == "battery_line":
        return Line(LineKind.BATTERY, line, respelt)
    if rule == "component_line":
        return Line(LineKind.COMPONENT, line)
    field = TEXT_FIELD.match(line)
    if field:
        return Line(LineKind.TEXT_FIELD, line, field=(field.group(1).lower(), field.group(2).strip()))
    misspelt = misspelt_text_field(line)
    if misspelt is not None:
        key, value, respelling = misspelt
        return Line(LineKind.TEXT_FIELD, line, (respelling,), field=(key, value))
    figures, repairs = repair_figures(line)
    if PAIR_SHAPE.search(figures):
        return Line(LineKind.PAIRS, figures, repairs=tuple(repairs))
    counted = heading_count(stripped)
    if counted is not None:
        return Line(LineKind.HEADING, line, heads=counted)
    if TITLE_SHAPE.match(line) and ":" not in line:
        return Line(LineKind.TITLE, line)
    if state.note_open and has_note:
        return Line(LineKind.NOTE_GOES_ON, line)
    if near_usp(line) and not state.in_drop_tanks:
        return Line(LineKind.BROKEN_USP, line)
    return Line(LineKind.FREE_TEXT, line)
