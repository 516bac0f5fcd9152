"""Read High Guard sheets: USP blocks (HG'80 / TCS and High Guard Shipyard layouts) and component sheets.

One physical line at a time (grammars/highguard.lark, one start rule per line kind): the kind is told from the
line's shape, so a line the grammar cannot read costs that line only and is kept as a note. Battery lines are
read by column under the USP's own digits (High Guard Shipyard's sheets, battery lines); a copy whose
alignment was lost is read by assigning its counts to the non-zero weapon digits when that is unambiguous (a
warning), else it is an error naming the ambiguity.

Its codes (HG001-HG010) are catalogued in shipyard/systems/highguard/codes.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from shipyard.core.codes import nearest
from shipyard.core.copies import cut_at_end_of_file
from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span
from shipyard.core.grammar import parser, quick_parser
from shipyard.core.names import quoted
from shipyard.core.numbers import beyond_reason, count_in_words
from shipyard.core.parse_errors import describe
from shipyard.core.quickparse import QuickParser
from shipyard.core.records import Note
from shipyard.core.source import split_lines
from shipyard.systems.highguard.charts import ehex_value
from shipyard.systems.highguard.labels import NEAR_ENOUGH, read_label
from shipyard.systems.highguard.model import BATTERY_COLUMNS, BatteryCounts, Component, HighGuardShip, UspProfile
from shipyard.systems.highguard.repairs import Repair, repair_figures, repair_line
from shipyard.systems.highguard.sniff import COMPONENT_SHAPE, USP_SHAPE

SECTIONS = (
    "HULL",
    "ENGINEERING",
    "FUEL",
    "AVIONICS",
    "WEAPONRY",
    "SCREENS",
    "CRAFT",
    "ACCOMODATIONS",
    "ACCOMMODATIONS",
    "USER DEFINED",
)
_BATTERY_SHAPE = re.compile(r"^\s*(?:batteries\s+bearing|bat\s+bear|bearing|batteries|batt|bat|bear)(?![A-Za-z])", re.I)
#: The keys of the text fields (a ship's name, class, type, architect, TL, notes ...), as sheets write them.
TEXT_FIELD_KEYS = (
    "Ship",
    "Class",
    "Type",
    "Architect",
    "Refit Tech Level",
    "Tech Level",
    "Craft",
    "Fuel Treatment",
    "Backups",
    "Substitutions",
    "Note",
    "Notes",
    "Architects Fee",
    "Drop Tanks Cost",
)
_TEXT_FIELD = re.compile(r"^\s*(" + "|".join(TEXT_FIELD_KEYS) + r")\s*:\s*(.*)$", re.I)
# Text fields kept as written: key (lower case) -> HighGuardShip field.
_PLAIN_TEXT_FIELDS = {
    "class": "ship_class",
    "type": "ship_type_name",
    "architect": "architect",
    "craft": "craft",
    "fuel treatment": "fuel_treatment",
    "backups": "backups",
}
_LADEN_PREFIX = re.compile(r"\(([A-Z0-9]{1,2})-[ \t]*([0-9A-Z]{7})\)")
# The patterns that search a line start only where a run of what they look for starts, and take the run
# possessively: a search that retried every position of a long run would be quadratic in the line's length.
_DROP_TANK_TONS = re.compile(
    r"(?<![0-9,]),*+([0-9][0-9,]*+)\s*+tons? of drop tanks"
    r"|drop tanks?\s++(?:of|adds?|adding|holds?|holding|carry|carrying|with)\s++"
    r"([0-9][0-9,]*+)\s*+tons?",
    re.I,
)
#: Words before a tonnage of drop tanks that make it a capacity (what a tug tows, "carrying up to 72,000 tons of
#: drop tanks"), never the ship's own tanks: looked for in the tonnage's clause, before it.
_CAPACITY_WORDS = re.compile(r"\b(?:tows?|towing|towed|up to|capacity|able to|can carry|at most)\b", re.I)
#: Where a note's clause begins: after a full stop, semicolon or comma.
_CLAUSE_START = re.compile(r"[.;,](?=\s)")
_PAIR_SHAPE = re.compile(r"(?<![A-Za-z \-])[ \-]*+[A-Za-z][A-Za-z \-]*+\s*+[=:]\s*+-?[0-9]")
_TITLE_SHAPE = re.compile(r"^\s*\S.*\bClass\b.*$")
# A digit legend's letter on a summary line ("W = 40."): one eHex letter as a key.
_LEGEND_LETTER = re.compile(r"[A-HJ-NP-Z]")
# The offset of each battery column inside the USP text, from the end of the type code (k): block 2 starts
# at k + 9 (armour), block 3 at k + 16 (laser); High Guard Shipyard's sheets (battery lines).
_COLUMN_OFFSET = {
    "sandcaster": 10,
    "repulsor": 14,
    "laser": 16,
    "energy": 17,
    "particle_accelerator": 18,
    "meson": 19,
    "missile": 20,
}
#: The battery lines under one USP (High Guard Shipyard's sheets, HG'80): the bearing line and the batteries line.
BATTERY_LINES_A_BLOCK = 2
#: The largest count one decimal digit writes: a battery count past it is a letter, which a legend may give.
MAX_DIGIT = 9
#: A tonnage's unit (in lower case) to tons: "KTons" is a thousand (High Guard Shipyard's sheets), any other one.
TONNAGE_UNITS = {"ktons": 1000, "mtons": 1_000_000}
#: The text fields' keys in lower case, to a misspelt one's reading; and a line that may hold one misspelt ("Tech
#: Levle: 12"): a key of letters and blanks, its colon and its value.
_TEXT_FIELD_KEYS = {key.lower(): key for key in TEXT_FIELD_KEYS}
_LOOSE_FIELD = re.compile(r"^[ \t]*+([A-Za-z][A-Za-z ]{2,30}?)[ \t]*:[ \t]*(.*)$")
#: A summary figure's "of N" after its value ("Cargo=12 of 40"): not part of the figure.
_OF_TOTAL = re.compile(r"(?<!\s)\s++of\s++\d++$")  # linear: tried at a run's first blank
#: A USP line's prefix that begins with a hull number ("BB-1234 Tigress"): the number and the name.
_HULL_NUMBER = re.compile(r"([A-Z0-9]{1,3}-\d+)\s+(.*)")
#: A money figure and its unit, a tonnage and its unit, and a battery line's Crew= or TL= trailer, in groups
#: (``_groups``: the grammar has made sure of each shape).
_COST = re.compile(r"(MCr|GCr|TCr)\s*(.*)")
_TONNAGE = re.compile(r"(?<![0-9,.])([0-9][0-9,.]*?)\s*((?i:tons|ktons|mtons|dtons|td))\.?$")  # linear: as _OF_TOTAL
_TRAILER = re.compile(r"(?i)(Crew|TL)\s*[=:]\s*(\?|[0-9,]+(?:/[0-9]+)?)")
#: How near a misspelt text field's key must be (difflib's ratio): nearer than a summary key must be, since a
#: text field takes any text ("Crate: ..." is 0.8 of "Craft" and is no Craft).
NEAR_TEXT_FIELD = 0.85
#: The shortest summary key a near miss is looked for (a shorter one, "Lw" or "EQ", is too near too many).
_NEAR_KEY_LENGTH = 4
_SUMMARY_KEYS = {
    "passengers": "Passengers",
    "low": "Low",
    "cargo": "Cargo",
    "fuel": "Fuel",
    "ep": "EP",
    "agility": "Agility",
    "marines": "Marines",
    "troops": "Troops",
    "emergency low": "Emergency Low",
    "shipboard security detail": "Shipboard Security Detail",
    "crew sections": "Crew Sections",
    "drop capsules": "Drop Capsules",
    "crew": "Crew",
}


#: What each terminal of grammars/highguard.lark is, in plain words; the order is the order of mention.
TERMINAL_WORDS: dict[str, str] = {
    "USP": "a USP such as BC-A2447G2-000510-50202-0",
    "MONEY": "a cost such as MCr 1336.63",
    "TONNAGE": "a tonnage such as 1250 tons",
    "PREFIX": "a hull number and name",
    "BATTERY_LABEL": "'batteries' or 'batteries bearing'",
    "CELLS": "battery counts (eHex digits)",
    "TRAILER": "'Crew=45.' or 'TL=15.'",
    "PAIR_KEY": "a key such as 'Cargo='",
    "PAIR_VALUE": "a number",
    "COUNTED": "a count and its word such as '200 Fighters.'",
    "FLAG": "a remark",
    "LABEL": "a component name",
    "TIMES": "'x'",
    "COLON": "':'",
    "AMOUNT": "a number such as 1,336.630",
    "SIGNED_AMOUNT": "a signed number such as -8",
    "TD": "'Td'",
    "SEMI": "';'",
    "MCR": "'MCr'",
    "EP_WORD": "'EP'",
    "CREW_WORD": "'Crew'",
    "CRAFT_COST": "'Cost of craft:'",
}

#: The line kinds of grammars/highguard.lark, each a start rule (``line_rule`` picks one).
START_RULES = ("usp_line", "battery_line", "pairs_line", "component_line")


def highguard_parser() -> Lark:
    """The High Guard line parser: one start rule per line kind."""
    return parser("highguard.lark", START_RULES)


def _quick(rule: str) -> QuickParser:
    """The parser of one start rule, quick for repeated shapes of line (the same trees and errors)."""
    return quick_parser("highguard.lark", START_RULES, rule)


def _col(token: Token) -> int:
    """A token's 1-based column (lark gives every token of a parse its position)."""
    return token.column or 1


def _first_col(line: str) -> int:
    """The 1-based column of a line's first character that is not a blank (the line holds one)."""
    return len(line) - len(line.lstrip()) + 1


def _end(token: Token) -> int:
    return token.end_column or _col(token) + len(token)


def _groups(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    """The groups of a pattern the grammar has already made sure the text fits."""
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"cannot read {quoted(text)}")
    return found.groups()


@dataclass(frozen=True)
class _Pair:
    key: Token
    value: Token


@dataclass(frozen=True)
class _Tail:
    """What follows a component's cost: its EP, its crew, or the cost of its craft."""

    kind: str
    value: Token


def _pairs_parts(tree: Tree[Token]) -> list[Token | _Pair]:
    """A summary line's flags (tokens) and ``Key=value`` pairs, in order."""
    parts: list[Token | _Pair] = []
    for child in tree.children:
        if isinstance(child, Token):
            parts.append(child)
        else:
            key, value = (t for t in child.children if isinstance(t, Token))
            parts.append(_Pair(key, value))
    return parts


#: Where the value stands in each tail of a component line ("+200.000 EP", "Crew 4", "Cost of craft: MCr 6").
_TAIL_VALUE = {"ep": 0, "crew": 1, "craft_cost": 2}


def _component_parts(tree: Tree[Token]) -> list[Token | _Tail]:
    """A component line's tokens and its tails, in order."""
    parts: list[Token | _Tail] = []
    for child in tree.children:
        if isinstance(child, Token):
            parts.append(child)
        else:
            tokens = [t for t in child.children if isinstance(t, Token)]
            parts.append(_Tail(str(child.data), tokens[_TAIL_VALUE[str(child.data)]]))
    return parts


def _nearest(key: str, keys: dict[str, str], cutoff: float) -> str | None:
    """The one of ``keys`` a misspelt ``key`` (lower case) means: the same letters in another order, else the
    likest at ``cutoff`` or more; None when none is near."""
    return nearest(key, keys, cutoff)


def component_pieces(line: str) -> list[tuple[str, str]]:
    """A component line as the grammar reads it: (what, text) for its count (if any), label, tons and MCr, then
    each tail ("ep", "crew", "craft_cost") in order."""
    parts = _component_parts(_quick("component_line").parse(line))
    tokens = [part for part in parts if isinstance(part, Token)]
    amounts = [str(t) for t in tokens if t.type == "AMOUNT"]
    pieces = [("count", amounts.pop(0))] if any(t.type == "TIMES" for t in tokens) else []
    pieces.append(("label", str(next(t for t in tokens if t.type == "LABEL"))))
    pieces += [("tons", amounts[0]), ("mcr", amounts[1])]
    pieces += [(tail.kind, str(tail.value)) for tail in parts if isinstance(tail, _Tail)]
    return pieces


@cache
def _quick_component() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """``component_line`` of grammars/highguard.lark as one pattern of the grammar's own terminals, each taken
    whole as its lexer takes a token (an atomic group gives back no character), and its tails as another."""
    terms = {t.name: f"(?>{t.pattern.to_regexp()})" for t in highguard_parser().terminals}
    blank = "(?:" + "|".join(terms[name] for name in highguard_parser().lexer_conf.ignore) + ")*"
    tail = (
        f"(?P<ep>{terms['SIGNED_AMOUNT']}){blank}{terms['EP_WORD']}|"
        f"{terms['CREW_WORD']}{blank}(?P<crew>{terms['AMOUNT']})|"
        f"{terms['CRAFT_COST']}{blank}{terms['MCR']}{blank}(?P<craft_cost>{terms['AMOUNT']})"
    )
    # At the line's first character the lexer tries AMOUNT before LABEL (its priority is higher), so a line
    # that begins with a digit has a count, and a label may begin with blanks (LABEL before the ignored blanks).
    line = (
        f"(?:(?P<count>{terms['AMOUNT']}){blank}{terms['TIMES']}|(?![0-9]))(?P<label>{terms['LABEL']})"
        f"{terms['COLON']}{blank}(?P<tons>{terms['AMOUNT']}){blank}{terms['TD']}{blank}{terms['SEMI']}{blank}"
        f"{terms['MCR']}{blank}(?P<mcr>{terms['AMOUNT']})(?P<tails>(?:{blank}{terms['SEMI']}{blank}(?:{tail}))*)"
        f"{blank}"
    )
    return re.compile(line), re.compile(f"{blank}{terms['SEMI']}{blank}(?:{tail})")


def quick_component_pieces(line: str) -> list[tuple[str, str]] | None:
    """``component_pieces`` without the parser, for a line of the common shape (most of a component sheet);
    None for any other line, which the parser reads (a test holds the two readings equal)."""
    whole, tails = _quick_component()
    found = whole.fullmatch(line)
    if found is None:
        return None
    pieces = [("count", found["count"])] if found["count"] is not None else []
    pieces += [("label", found["label"]), ("tons", found["tons"]), ("mcr", found["mcr"])]
    for tail in tails.finditer(found["tails"]):
        kind = next(name for name in ("ep", "crew", "craft_cost") if tail[name] is not None)
        pieces.append((kind, tail[kind]))
    return pieces


#: The words of a battery line's label ("batteries bearing"), and a line's first two words, one of which may be
#: one of them misspelt.
_BATTERY_WORDS = {"batteries": "batteries", "bearing": "bearing"}
_LABEL_WORDS = re.compile(r"\A[ \t]*+([A-Za-z]++)(?:[ \t]++([A-Za-z]++))?")


def line_rule(line: str) -> str | None:
    """The start rule of grammars/highguard.lark for a line, by its shape (summary lines are told apart
    from free text later, once the text fields are out of the way)."""
    if COMPONENT_SHAPE.search(line):
        return "component_line"
    if USP_SHAPE.search(line):
        return "usp_line"
    if _BATTERY_SHAPE.match(line):
        return "battery_line"
    return "pairs_line" if _PAIR_SHAPE.search(line) and not _TEXT_FIELD.match(line) else None


#: Where a summary line parts into pieces: after a figure's full stop ("Cargo=63. Fuel=587.5."), or at a semicolon.
_PIECE_END = re.compile(r"(?<=\.)[ \t]++|;[ \t]*+")


def _summary_pieces(line: str) -> list[tuple[int, str]]:
    """A summary line's pieces, each with its offset in the line: "Troops = 100." / "7 Battle Riders." ..."""
    pieces, start = [], 0
    for end in _PIECE_END.finditer(line):
        if line[start : end.start()].strip():
            pieces.append((start, line[start : end.start()]))
        start = end.end()
    if line[start:].strip():
        pieces.append((start, line[start:]))
    return pieces


#: A line with the shape of a USP line whose USP does not read (a copy's damage: "B -A2447G2-000510-50202-0",
#: "BC-A2447G20000510-50202-0", "BC-A2447G2-000510-5m202-0"): at least two of the four pieces of a USP joined by
#: their dash (``near_usp``), so that free text with one such piece ("part 11050-2") is never taken for one.
_USP_PIECES = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        r"(?<![0-9a-z])[a-z0-9]{1,2}[ \t]*-[ \t]*[0-9a-z]{7}(?![0-9a-z])",  # the type code and block 1
        r"(?<![0-9a-z])[0-9a-z]{7}[ \t]*-[ \t]*[0-9a-z]{6}(?![0-9a-z])",  # blocks 1 and 2
        r"[0-9a-z]{6}[ \t]*-[ \t]*[0-9a-z]{5}(?![0-9a-z])",  # blocks 2 and 3
        r"(?<![0-9a-z])[0-9a-z]{5}[ \t]*-[ \t]*[0-9a-z]{1,2}(?![0-9a-z-])",
    )
)  # block 3 and the fighters
_NEAR_USP_PIECES = 2


def near_usp(line: str) -> bool:
    """Whether a line that holds no USP has a USP line's shape (two pieces of a USP or more)."""
    return sum(piece.search(line) is not None for piece in _USP_PIECES) >= _NEAR_USP_PIECES


#: A squadron heading's word for what it heads: "Seventy-five Eurisko class Battle Riders".
_HEADING_CLASS = re.compile(r"\bclass\b", re.I)


def heading_count(line: str) -> int | None:
    """The count a squadron's heading begins with ("Seventy-five Eurisko class Battle Riders": 75; "4 Lion class
    cruisers": 4; "  Four Garter class:", as the 1981 squadron's file heads its Garters: 4), the longest run of
    words that is a count; None for a line that is no such heading (no count first, nothing after it, no
    "class", a colon other than one closing the line, or an equals sign in it)."""
    line = line.strip()
    line = line[:-1] if line.endswith(":") else line
    if ":" in line or "=" in line or not _HEADING_CLASS.search(line):
        return None
    words = line.split()
    for end in range(len(words) - 1, 0, -1):
        count = count_in_words(" ".join(words[:end]))
        if count is not None and count > 0 and _HEADING_CLASS.search(" ".join(words[end:])):
            return count
    return None


def own_drop_tanks(note: str) -> Decimal | None:
    """The tons of drop tanks a note gives the ship ("6,000 tons of drop tanks", "the drop tanks add 6000 tons");
    None when it gives none. A tonnage its clause calls a capacity ("tows up to 72,000 tons of drop tanks") is
    what the ship can tow, never its own tanks."""
    for found in _DROP_TANK_TONS.finditer(note):
        clause = note[: found.start()]
        starts = [m.end() for m in _CLAUSE_START.finditer(clause)]
        if _CAPACITY_WORDS.search(clause[starts[-1] if starts else 0 :]):
            continue
        return number(found.group(1) or found.group(2))
    return None


def _unlabelled_battery_line(line: str) -> bool:
    """Whether a line under a USP is a battery line without its label (some published squadrons print none):
    battery counts, perhaps with a tonnage and Crew= / TL= trailers, as the grammar's battery line reads them."""
    tree = _quick("battery_line").parse_or_none(line)  # a refusal needs no words here
    return tree is not None and any(
        True for _ in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "CELLS")
    )


def _cells(tokens: list[Token]) -> list[Token]:
    """Each battery count of a battery line's CELLS tokens as a token of its own, at its own column (the
    grammar takes a run of counts as one token, so that lexing a long run is linear)."""
    return [
        Token(
            "CELL",
            char,
            start_pos=(run.start_pos or 0) + i,
            line=run.line,
            column=_col(run) + i,
            end_line=run.line,
            end_column=_col(run) + i + 1,
            end_pos=(run.start_pos or 0) + i + 1,
        )
        for run in tokens
        if run.type == "CELLS"
        for i, char in enumerate(str(run))
    ]


def column_offsets(usp: UspProfile) -> dict[str, int]:
    """The offset of each battery column from the USP's first character."""
    return {name: len(usp.ship_type) + offset for name, offset in _COLUMN_OFFSET.items()}


def number(text: str) -> Decimal:
    """A sheet number: "1,336.630", "587.5.", "0,000" (HGS's literal on the P-Fuel line)."""
    cleaned = text.strip().rstrip(".").replace(",", "")
    value = Decimal(cleaned)
    beyond = beyond_reason(value)  # "3OOOOOOOOOOOOOO5" passes the line check, and is repaired into digits
    if beyond is not None:
        raise ValueError(f"the figure {cleaned[:20]}{'...' if len(cleaned) > 20 else ''} {beyond}")
    return value


def money_mcr(text: str) -> Decimal:
    unit, value = _groups(_COST, text)
    return number(value) * {"MCr": 1, "GCr": 1000, "TCr": 1_000_000}[unit]


def tonnage_tons(text: str) -> Decimal:
    value, unit = _groups(_TONNAGE, text.strip())
    return number(value) * TONNAGE_UNITS.get(unit.lower(), 1)


def decode_usp(text: str, span: Span | None = None) -> UspProfile:
    """Every position of a USP to a typed field (High Guard, the USP)."""
    found = USP_SHAPE.fullmatch(text)
    if not found:
        raise ValueError(f"not a USP: {quoted(text)}")
    ship_type, block1, block2, block3, fighters = found.groups()
    k = len(ship_type)
    spans: dict[str, Span] = {}

    def place(name: str, offset: int) -> None:
        if span is not None:
            spans[name] = Span.on_line(span.path, span.line, span.col + offset, span.col + offset + 1)

    def value(char: str, name: str, offset: int) -> int:
        place(name, offset)
        result = ehex_value(char)
        if result is None:
            raise ValueError(f"'{char}' is not an eHex digit (position {name})")
        return result

    fields: dict = {"text": text, "ship_type": ship_type}
    names1 = ("hull_code", "configuration", "jump", "maneuver", "power", "computer", "crew")
    for index, (name, char) in enumerate(zip(names1, block1, strict=True)):
        if name == "computer":  # a model letter (fib A-J, bis R/S), kept as written
            place(name, k + 1 + index)
            fields[name] = char
        else:
            number = value(char, name, k + 1 + index)
            fields[name] = char if name == "hull_code" else number
    names2 = ("armour", "sandcaster", "meson_screen", "damper", "black_globe", "repulsor")
    for index, (name, char) in enumerate(zip(names2, block2, strict=True)):
        fields[name] = value(char, name, k + 9 + index)
    names3 = ("laser", "energy", "particle_accelerator", "meson", "missile")
    for index, (name, char) in enumerate(zip(names3, block3, strict=True)):
        if name in ("particle_accelerator", "meson") and char.isalpha():  # a spinal mount's letter
            place(name, k + 16 + index)
            fields[f"{name}_spinal"] = char
            fields[name] = 0
        else:
            fields[name] = value(char, name, k + 16 + index)
    # Fighter squadrons: one eHex digit, or a two-digit number some sheets print.
    two_digits = len(fighters) == 2 and fighters.isdigit()
    fields["fighters"] = int(fighters) if two_digits else value(fighters[0], "fighters", k + 22)
    if span is not None:
        spans["self"] = span
    return UspProfile.trusted(**fields, spans=spans)


@dataclass
class _BatteryLine:
    """A battery line as read, its counts placed once the ship's USP is known."""

    bearing: bool
    cells: list[Token]
    line_number: int
    text: str
    laden: bool


#: The fields of the record a draft becomes, as the model declares them (``format`` is the model's own constant),
#: each with its default: a factory to call (a fresh list or dict) or a value.
_DRAFTED = {
    name: (info.default_factory, info.default)
    for name, info in HighGuardShip.model_fields.items()
    if name != "format"
}


class _ShipDraft:
    """One High Guard ship while its lines are read: the values of the record it becomes (``build``), by the
    model's own fields (``HighGuardShip.model_fields``: none declared twice), each at the model's default until a
    line sets it, and what the reading keeps for itself."""

    #: The line of this ship's USP when it could not be read: the block keeps its lines to itself (each one
    #: said, none applied to a neighbour) and builds no ship.
    refused: int | None
    #: Why the block was refused, for its lines' findings.
    refused_why: str
    #: A summary line (or a piece of one) of this ship could not be read: the legend it held may be lost.
    summary_refused: bool
    #: Every line read into this ship: (number, text), for a refused block's findings.
    lines: list[tuple[int, str]]
    battery_lines: list[_BatteryLine]

    def __init__(self) -> None:
        self.refused, self.refused_why, self.summary_refused = None, "", False
        self.lines, self.battery_lines = [], []

    def __getattr__(self, name: str) -> Any:
        """A field no line has set yet: the model's default, kept (a list or a dict is then filled in place)."""
        if name not in _DRAFTED:
            raise AttributeError(f"a High Guard ship has no field {name!r}")
        factory, default = _DRAFTED[name]
        value = factory() if factory is not None else default  # type: ignore[call-arg]  # no data-taking factory
        object.__setattr__(self, name, value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _DRAFT_NAMES:
            raise AttributeError(f"a High Guard ship has no field {name!r}")
        object.__setattr__(self, name, value)

    def build(self) -> HighGuardShip:
        return HighGuardShip.trusted(**{name: getattr(self, name) for name in _DRAFTED})


#: Every name a draft takes: the record's fields and the reading's own.
_DRAFT_NAMES = frozenset(_DRAFTED) | frozenset(_ShipDraft.__annotations__)


class _Reader:
    def __init__(self, path: str):
        self.path = path
        self.ships: list[_ShipDraft] = []
        self.diagnostics: list[Diagnostic] = []
        self.section: str | None = None
        self.in_drop_tanks = False
        self.usp_column: int | None = None
        self.usp_type_length = 0
        self.line_number = 0
        self.text = ""
        self.crew_breakdown_next = False
        self.after_usp = False  # the line before was a USP or battery line: an unlabelled battery line may follow
        self.note_open = False  # the line before was a note's: free text under it goes on with that note
        #: A squadron's heading with a count ("Seventy-five Eurisko class ..."): the next ship's.
        self.pending_heading: tuple[str, int, Span] | None = None

    # ---- the ship being built ----------------------------------------------------------------------
    def new_ship(self) -> _ShipDraft:
        ship = _ShipDraft()
        self.ships.append(ship)
        self.section, self.in_drop_tanks, self.usp_column = None, False, None
        return ship

    @property
    def ship(self) -> _ShipDraft:
        return self.ships[-1] if self.ships else self.new_ship()

    def span(self, col: int = 1, end_col: int | None = None) -> Span:
        return Span.on_line(self.path, self.line_number, col, end_col)

    def report(self, code: str, severity: Severity, message: str, col: int = 1, fix: Fix | None = None) -> None:
        self.diagnostics.append(
            Diagnostic(
                code=code, severity=severity, message=message, span=self.span(col), source_line=self.text, fix=fix
            )
        )

    def keep_as_note(self, text: str) -> None:
        self.ship.notes.append(Note.trusted(text=text.strip(), spans={"self": self.span()}))

    # ---- lines ------------------------------------------------------------------------------------
    def read(self, text: str) -> None:
        text, after_end = cut_at_end_of_file(text)
        for self.line_number, self.text in enumerate(split_lines(text), start=1):
            if not self.text or self.text.isspace():
                self.note_open = False
                continue
            line, repairs = repair_line(self.text)
            self.said(repairs)
            stripped = line.strip()
            if not stripped:
                continue
            try:
                self.read_line(line, stripped)
            except (LarkError, ValueError, InvalidOperation) as error:
                self.unreadable(line, error)
            if self.pending_heading is None or self.pending_heading[2].line != self.line_number:
                self.ship.lines.append((self.line_number, self.text))  # a heading is the next ship's
        if after_end.strip():
            self.text = after_end.strip().splitlines()[0]
            self.report("HG002", Severity.INFO, "text after the CP/M end-of-file mark (Ctrl-Z): not read")

    def said(self, repairs: list[Repair]) -> None:
        """Each repair made to the line, as a warning at its column."""
        for repair in repairs:
            self.report("HG007", Severity.WARNING, repair.words, repair.col)

    def read_line(self, line: str, stripped: str) -> None:
        note_open, self.note_open = self.note_open, False  # a note goes on only on the line right under it
        upper = stripped.upper()
        if upper in SECTIONS:
            if self.ships and self.ship.components and upper == "HULL" and self.section not in (None,):
                self.new_ship()
            self.section = "ACCOMODATIONS" if upper == "ACCOMMODATIONS" else upper
            return
        if upper == "WITH DROP TANKS":
            self.in_drop_tanks = True
            return
        if upper.startswith("BOOK 5 CREW BREAKDOWN"):
            self.crew_breakdown_next = True
            return
        # High Guard Shipyard's component sheet: the one ';'-separated line after the header.
        if self.crew_breakdown_next:
            self.crew_breakdown_next = False
            self.ship.crew_breakdown = stripped
            self.ship.spans["crew_breakdown"] = self.span(_first_col(line))
            return
        if upper in ("USP", "DETAILED DESCRIPTION"):
            return
        rule = line_rule(line)
        if rule in (None, "pairs_line") and self.after_usp:
            respelt = self.misspelt_battery_label(line)
            if respelt is not None:
                line, rule = respelt, "battery_line"
            elif _unlabelled_battery_line(line):
                rule = "battery_line"
        self.after_usp = rule in ("usp_line", "battery_line")
        if rule == "usp_line":
            self.usp_line(line)
            return
        if rule == "battery_line":
            line, repairs = repair_figures(line)  # the Crew= / TL= trailer
            self.said(repairs)
            self.battery_line(line)
            return
        if rule == "component_line":
            self.component_line(line)
            return
        field = _TEXT_FIELD.match(line)
        if field:
            self.text_field(field.group(1).lower(), field.group(2).strip(), line)
            return
        misspelt = self.misspelt_text_field(line)
        if misspelt is not None:
            self.text_field(*misspelt, line)
            return
        figures, repairs = repair_figures(line)
        if _PAIR_SHAPE.search(figures):
            self.said(repairs)
            self.pairs_line(figures)
            return
        counted = heading_count(stripped)
        if counted is not None:
            self.pending_heading = (stripped, counted, self.span(_first_col(line)))
            return
        if _TITLE_SHAPE.match(line) and ":" not in line:
            if self.ships and (self.ship.components or self.ship.title):
                self.new_ship()
            self.ship.title = stripped
            self.ship.spans["title"] = self.span(_first_col(line))
            return
        if note_open and self.ship.notes:
            self.continue_note(line)
            return
        if near_usp(line) and not self.in_drop_tanks:
            self.report(
                "HG001",
                Severity.ERROR,
                "cannot read this line: it has the shape of a USP line, but "
                f"expected {TERMINAL_WORDS['USP']}; the lines under it are its ship's, read into none",
            )
            self.refuse_ship()
            return
        self.report("HG002", Severity.INFO, "free text, kept as a note")
        self.keep_as_note(line)

    def unreadable(self, line: str, error: Exception) -> None:
        if line_rule(line) == "usp_line" and not self.in_drop_tanks:
            self.refuse_ship()
        if isinstance(error, UnexpectedInput):
            col, expected = describe(error, line, TERMINAL_WORDS)
            message = f"cannot read this line: {expected}; the line is kept as a note"
        else:
            col = 1
            message = f"cannot read this line ({error}); the line is kept as a note"
        self.report("HG001", Severity.ERROR, message, col)
        self.keep_as_note(line)

    def claim_heading(self, ship: _ShipDraft) -> None:
        """The heading read above a ship, given to it (the ship it heads, never the one above it)."""
        if self.pending_heading is not None and ship.heading is None:
            ship.heading, ship.heading_count, ship.spans["heading"] = self.pending_heading
            ship.lines.append((ship.spans["heading"].line, ship.heading))
        self.pending_heading = None

    def refuse_ship(self, why: str | None = None) -> None:
        """A ship's USP line could not be read: the lines of its block (those before it that named it, those
        after it up to the next ship) are its own, never given to the ship above."""
        ship = self.ship
        if ship.usp is not None or ship.components or ship.refused is not None:
            ship = self.new_ship()
        ship.refused = self.line_number
        ship.refused_why = why or f"the ship whose USP line (line {self.line_number}) could not be read"
        self.claim_heading(ship)
        self.after_usp = True  # its battery lines are read as battery lines (and refused with it)

    def usp_line(self, line: str) -> None:
        tree = _quick("usp_line").parse(line)
        parts = {t.type: t for t in tree.scan_values(lambda v: isinstance(v, Token))}
        usp_token = parts["USP"]
        if self.in_drop_tanks:
            ship = self.ship
            ship.laden_usp = decode_usp(str(usp_token), self.span(_col(usp_token), _end(usp_token)))
            if "TONNAGE" in parts:
                ship.laden_tonnage = tonnage_tons(str(parts["TONNAGE"]))
            self.usp_column, self.usp_type_length = _col(usp_token) - 1, len(str(usp_token).split("-")[0])
            return
        ship = self.ship
        if ship.usp is not None or ship.refused is not None or (ship.components and self.section is not None):
            ship = self.new_ship()
        self.usp_column, self.usp_type_length = _col(usp_token) - 1, len(str(usp_token).split("-")[0])
        self.claim_heading(ship)
        ship.usp = decode_usp(str(usp_token), self.span(_col(usp_token), _end(usp_token)))
        ship.spans["usp"] = self.span(_col(usp_token))
        if "PREFIX" in parts:
            prefix = str(parts["PREFIX"]).strip()
            number_part = _HULL_NUMBER.match(prefix)
            if number_part:
                ship.hull_number = number_part.group(1)
                ship.name = ship.name or number_part.group(2)
            else:
                ship.name = ship.name or prefix
        if "MONEY" in parts:
            ship.cost_mcr = money_mcr(str(parts["MONEY"]))
            ship.spans["cost_mcr"] = self.span(_col(parts["MONEY"]))
        if "TONNAGE" in parts:
            ship.tonnage = tonnage_tons(str(parts["TONNAGE"]))
            ship.spans["tonnage"] = self.span(_col(parts["TONNAGE"]))

    def battery_line(self, line: str) -> None:
        tree = _quick("battery_line").parse(line)
        tokens = list(tree.scan_values(lambda v: isinstance(v, Token)))
        label = next((t for t in tokens if t.type == "BATTERY_LABEL"), None)
        cells = _cells(tokens)
        ship = self.ship
        if (
            not self.in_drop_tanks
            and ship.refused is None
            and sum(not each.laden for each in ship.battery_lines) >= BATTERY_LINES_A_BLOCK
        ):
            # A third battery line: the block of another ship whose USP line was not found above it.
            self.refuse_ship(
                f"a ship whose USP line was not found (battery lines again under the ship of line "
                f"{(ship.spans.get('usp') or self.span()).line})"
            )
            ship = self.ship
        # An unlabelled line under the USP: HG'80's order, the bearing line first, then the batteries line.
        bearing = (
            "bear" in str(label).lower()
            if label is not None
            else not any(each.laden == self.in_drop_tanks for each in ship.battery_lines)
        )
        ship.battery_lines.append(_BatteryLine(bearing, cells, self.line_number, self.text, self.in_drop_tanks))
        tonnage = next((t for t in tokens if t.type == "TONNAGE"), None)
        if not cells and tonnage is None and not any(t.type == "TRAILER" for t in tokens):
            self.report(
                "HG014",
                Severity.WARNING,
                "a battery line with no counts (nor Crew= or TL=): nothing read from it; its ship has no such counts",
            )
        if tonnage is not None and not self.in_drop_tanks and ship.tonnage is None:
            ship.tonnage = tonnage_tons(str(tonnage))
            ship.spans["tonnage"] = self.span(_col(tonnage))
        for trailer in (t for t in tokens if t.type == "TRAILER"):
            self.trailer(ship, trailer)

    def unknown(self, key: str, value: str, col: int) -> bool:
        """Whether a value is the sheet's "?" (unknown): said, and not read as a number."""
        if value.rstrip(".").strip() != "?":
            return False
        self.report("HG008", Severity.WARNING, f"{key} is '?' on the sheet (unknown): not read", col)
        return True

    def trailer(self, ship: _ShipDraft, trailer: Token) -> None:
        """A battery line's Crew= or TL= trailer."""
        key, value = _groups(_TRAILER, str(trailer))
        key = "TL" if key.upper() == "TL" else "Crew"
        if self.unknown(key, value, _col(trailer)) or self.in_drop_tanks:
            return
        if key == "Crew":
            ship.crew = int(value.replace(",", ""))
            ship.spans["crew"] = self.span(_col(trailer))
            return
        tl, _, refit = value.partition("/")
        ship.tl = int(tl)
        ship.spans["tl"] = self.span(_col(trailer))
        if refit:
            ship.refit_tl = int(refit)

    def pairs_line(self, line: str) -> None:
        try:
            tree = _quick("pairs_line").parse(line)
        except UnexpectedInput:
            pieces = _summary_pieces(line)
            if len(pieces) < 2:
                raise  # one piece: the line is refused whole, at lark's column
            for start, piece in pieces:
                self.summary_piece(line, start, piece)
            return
        self.pairs(_pairs_parts(tree))

    def summary_piece(self, line: str, start: int, piece: str) -> None:
        """One piece of a summary line that does not read whole: read alone at its own columns (the line's
        other characters blanked), or refused alone (HG001), kept as a note, and the ship's legend marked as
        perhaps incomplete."""
        try:
            tree = _quick("pairs_line").parse(" " * start + piece)
        except UnexpectedInput as error:
            col, expected = describe(error, line, TERMINAL_WORDS)
            self.report(
                "HG001",
                Severity.ERROR,
                f"cannot read this piece of the summary line ('{piece.strip()}'): "
                f"{expected}; kept as a note, the rest of the line is read",
                col,
            )
            self.ship.notes.append(Note.trusted(text=piece.strip(), spans={"self": self.span(start + 1)}))
            self.ship.summary_refused = True
            return
        self.pairs(_pairs_parts(tree))

    def pairs(self, parts: list[Token | _Pair]) -> None:
        ship = self.ship
        for part in parts:
            if isinstance(part, Token) and part.type == "SEMI":
                continue
            if isinstance(part, Token) and part.type == "COUNTED":  # "200 Fighters.", "7 Battle Riders."
                count, word = str(part).rstrip(".").split(None, 1)
                word = " ".join(word.split())
                canonical = _SUMMARY_KEYS.get(word.lower(), word)
                ship.summary[canonical] = number(count)
                ship.spans[f"summary.{canonical}"] = self.span(_col(part))
                continue
            if isinstance(part, Token):  # a FLAG
                ship.flags.append(str(part))
                continue
            key = str(part.key)[:-1].strip()  # the grammar's PAIR_KEY ends with its '=' or ':'
            if self.unknown(key, str(part.value), _col(part.value)):
                continue
            if _LEGEND_LETTER.fullmatch(key) and not self.in_drop_tanks:
                ship.battery_legend[key] = int(number(str(part.value)))
                ship.spans[f"legend.{key}"] = self.span(_col(part.key))
                continue
            written = str(part.key)
            canonical = self.summary_key(key, _col(part.key) + len(written) - len(written.lstrip()))
            raw = _OF_TOTAL.sub("", str(part.value))
            if self.in_drop_tanks:
                canonical = f"Laden {canonical}"
            ship.summary[canonical] = number(raw)
            ship.spans[f"summary.{canonical}"] = self.span(_col(part.key))

    def misspelt_text_field(self, line: str) -> tuple[str, str] | None:
        """A line whose key is a text field's misspelt (``Tech Levle: 12``, ``Architcet: ...``): its key (lower
        case) and value, said with the fix (HG011); None for any other line. Text fields take any text, so a line
        is read as one only when nearer than a summary key must be (NEAR_TEXT_FIELD), or its letters swapped."""
        found = _LOOSE_FIELD.match(line)
        if found is None or found.group(1).lower() in _SUMMARY_KEYS or len(found.group(1)) < _NEAR_KEY_LENGTH:
            return None
        key = found.group(1)
        near = _nearest(key.lower(), _TEXT_FIELD_KEYS, NEAR_TEXT_FIELD)
        if near is None:
            return None
        meant = _TEXT_FIELD_KEYS[near]
        self.respelled(
            "HG011",
            f"unknown key '{key}': did you mean '{meant}'? Read as that key",
            found.start(1) + 1,
            key,
            meant,
            f"spell the key '{meant}'",
        )
        return near, found.group(2).strip()

    def misspelt_battery_label(self, line: str) -> str | None:
        """A battery line under a USP whose label is misspelt ("BBearing", "Batterues", as a 1999 copy of a
        destroyer escort types them): the line with each misspelt word of its label respelt in place (the line
        keeps its length, so its counts stay under their digits), said with the fix (HG011); None for any other
        line. Before, such a line was free text, and its ship lost its batteries, its crew and its TL."""
        found = _LABEL_WORDS.match(line)
        if found is None:
            return None
        respelt, fixes = line, []
        for group in (1, 2):
            word = found.group(group)
            if word is None or word.lower() in _BATTERY_WORDS:
                continue
            near = _nearest(word.lower(), _BATTERY_WORDS, NEAR_ENOUGH) if len(word) >= _NEAR_KEY_LENGTH else None
            if near is None:
                break
            meant = near.capitalize() if word[0].isupper() else near
            start, end = found.start(group), found.end(group)
            blanks = len(line) - end - len(line[end:].lstrip(" \t"))
            if len(meant) - len(word) >= blanks:  # no room to respell it in place, a blank kept after it
                return None
            respelt = respelt[:start] + meant.ljust(len(word)) + respelt[start + max(len(word), len(meant)) :]
            fixes.append((start + 1, word, meant))
        if not fixes or not _BATTERY_SHAPE.match(respelt) or _quick("battery_line").parse_or_none(respelt) is None:
            return None
        for col, word, meant in fixes:
            self.respelled(
                "HG011",
                f"battery label '{word}': did you mean '{meant}'? Read as that label",
                col,
                word,
                meant,
                f"spell the label '{meant}'",
            )
        return respelt

    def summary_key(self, key: str, col: int) -> str:
        """A summary line's key as it is read: a known one by its own spelling, a near miss of one (a letter
        dropped or two swapped: "Agilty", "Marnies") as that key, said with the fix (HG011), any other as
        written. A misspelt Agility, Cargo, EP or Fuel was silent, and left its rule nothing to check."""
        known = _SUMMARY_KEYS.get(key.lower())
        if known is not None or len(key) < _NEAR_KEY_LENGTH:
            return known or key
        near = _nearest(key.lower(), _SUMMARY_KEYS, NEAR_ENOUGH)
        if near is None:
            return key
        meant = _SUMMARY_KEYS[near]
        self.respelled(
            "HG011",
            f"unknown summary key '{key}': did you mean '{meant}'? Read as that key",
            col,
            key,
            meant,
            f"spell the key '{meant}'",
        )
        return meant

    def respelled(self, code: str, message: str, col: int, written: str, meant: str, fix_words: str) -> None:
        """A warning at ``col`` whose fix writes ``meant`` where the line has ``written`` (a misspelt key or
        label, already read as ``meant``)."""
        fix = Fix(
            message=fix_words,
            edits=(Edit(line=self.line_number, col=col, end_col=col + len(written), old=written, new=meant),),
        )
        self.report(code, Severity.WARNING, message, col, fix)

    def component_line(self, line: str) -> None:
        # Read without its indent (a sheet pasted indented, or quoted in a reply): the grammar's LABEL may begin
        # with blanks, so an indented "  30 x Laser Turrets:" would be a label of "30 x Laser Turrets", uncounted.
        unindented = line.lstrip(" \t")
        pieces = quick_component_pieces(unindented)
        if pieces is None:
            try:
                pieces = component_pieces(unindented)
            except UnexpectedInput:
                pieces = component_pieces(line)  # the line as it is: lark's error at the line's own columns
        values: dict[str, Any] = {"section": self.section or "(none)"}
        for kind, text in pieces:
            if kind == "label":
                values["label"] = self.label(" ".join(text.split()), text.strip(), line)
            elif kind == "crew":
                values["crew"] = int(number(text))
            else:
                values[kind] = number(text.lstrip("+"))
        first = _first_col(line)
        spans = {"self": self.span(first, len(line.rstrip()) + 1)}
        self.ship.components.append(Component.trusted(**values, spans=spans))
        if self.section is None:
            self.report("HG002", Severity.INFO, "a component line before any section header (HULL, ...)", first)

    def label(self, label: str, written: str, line: str) -> str:
        """A component's label as it is read: one its section does not hold is read as the label it is nearest
        (HG009, a warning with the fix), or kept and said (HG010, info) when none is."""
        reading = read_label(self.section or "", label)
        if reading is None:
            return label
        col = line.find(written) + 1
        section = (self.section or "").upper()
        if reading.meant is None:
            self.report(
                "HG010",
                Severity.INFO,
                f"component '{label}' is no label High Guard Shipyard writes in "
                f"{section}: counted in the tonnage and cost, not rated",
                col,
            )
            return label
        self.respelled(
            "HG009",
            f"unknown component '{label}' in {section}: did you mean '{reading.meant}'? Read as that",
            col,
            written,
            reading.meant,
            f"write '{reading.meant}'",
        )
        return reading.meant

    def text_field(self, key: str, value: str, line: str) -> None:
        ship = self.ship
        col = _first_col(line)
        if key in ("note", "notes"):
            self.note_open = True
        if key == "ship":
            if ship.usp is not None or ship.components or ship.name or ship.refused is not None:
                ship = self.new_ship()
            ship.name = value
            ship.spans["name"] = self.span(col)
            self.claim_heading(ship)
        elif key in _PLAIN_TEXT_FIELDS:
            if getattr(ship, _PLAIN_TEXT_FIELDS[key]) is not None and (ship.usp is not None or ship.components):
                ship = self.new_ship()  # the field again: another ship's block, whose "Ship:" line was not read
            setattr(ship, _PLAIN_TEXT_FIELDS[key], value)
            ship.spans[_PLAIN_TEXT_FIELDS[key]] = self.span(col)
        elif key in ("tech level", "refit tech level"):
            if key == "tech level":
                ship.tl = int(number(value))
                ship.spans["tl"] = self.span(col)
                ship.spans["tech_level"] = self.span(col)  # kept where a TL= trailer gives the TL again
            else:
                ship.refit_tl = int(number(value))
                ship.spans.setdefault("tl", self.span(col))
                ship.spans["refit_tl"] = self.span(col)
        elif key == "substitutions":
            for letter, count in re.findall(r"([A-Z])\s*=\s*(\d+)", value):
                ship.substitutions[letter] = int(count)
            ship.spans["substitutions"] = self.span(col)
        elif key == "drop tanks cost":
            ship.drop_tank_cost = money_mcr(value)
            ship.spans["drop_tank_cost"] = self.span(col)
        else:  # Note, Architects Fee: kept as written
            if key in ("note", "notes"):
                self.drop_tank_note(ship, value)
            self.keep_as_note(line)

    def drop_tank_note(self, ship: _ShipDraft, value: str) -> None:
        """HG'80 notes give the laden USP prefix in brackets ("(BB-K1344F3)") and the tanks' tonnage."""
        laden = _LADEN_PREFIX.search(value)
        usp = ship.usp
        if laden and usp is not None and ship.laden_usp is None and laden.group(0) in self.text:
            blocks = usp.text.split("-")
            text = "-".join([laden.group(1), laden.group(2)] + blocks[2:])
            col = self.text.index(laden.group(0)) + 2
            ship.laden_usp = decode_usp(text, self.span(col))
        tanks = own_drop_tanks(value)
        if tanks is not None and ship.tonnage is not None and ship.laden_tonnage is None:
            ship.laden_tonnage = ship.tonnage + tanks

    def continue_note(self, line: str) -> None:
        """A line of free text right under a note (a note wrapped over lines, as published): the same note, read
        again whole for its drop tanks."""
        ship = self.ship
        last = ship.notes[-1]
        spans = {**last.spans, f"line {self.line_number}": self.span(_first_col(line))}
        ship.notes[-1] = Note.trusted(text=f"{last.text} {line.strip()}", spans=spans)
        self.drop_tank_note(ship, ship.notes[-1].text)
        self.note_open = True

    # ---- battery columns ---------------------------------------------------------------------------
    def settle_batteries(self, ship: _ShipDraft) -> None:
        for line in ship.battery_lines:
            bearing, cells = line.bearing, line.cells
            if line.laden:  # the laden block repeats the counts; the main block's are the ones checked
                ship.spans[f"laden_{'bearing' if line.bearing else 'batteries'}"] = Span.on_line(
                    self.path, line.line_number, 1
                )
                continue
            self.line_number, self.text = line.line_number, line.text
            counts = self.battery_counts(ship, cells) if cells else None  # a line of trailers only holds no counts
            if counts is not None:
                if bearing:
                    ship.bearing = counts
                else:
                    ship.batteries = counts

    def battery_counts(self, ship: _ShipDraft, cells: list[Token]) -> BatteryCounts | None:
        usp = ship.usp
        if usp is None:
            self.report(
                "HG004", Severity.ERROR, "a battery line with no USP line before it: its columns cannot be read"
            )
            return None
        start = usp.spans["self"].col - 1 if "self" in usp.spans else 0
        columns = {start + offset: name for name, offset in column_offsets(usp).items()}
        values: dict = {}
        spans: dict = {}
        aligned = all((_col(cell) - 1) in columns for cell in cells)
        letters = {**ship.battery_legend, **ship.substitutions}

        uncertain: list[str] = []

        def count_of(cell: Token, column: str) -> int:
            char = str(cell)
            count = letters.get(char, ehex_value(char))
            if count is None:  # the grammar's CELL is an eHex digit
                raise ValueError(f"battery count {quoted(char)} is not an eHex digit")
            if ship.summary_refused and char not in letters and count > MAX_DIGIT:
                uncertain.append(column)
                self.report(
                    "HG013",
                    Severity.WARNING,
                    f"{column.replace('_', ' ')} count '{char}' read as eHex "
                    f"{count}, but a summary line of this ship could not be read in full and may hold its "
                    "legend: the value is uncertain",
                    _col(cell),
                )
            return count

        if aligned:
            for cell in cells:
                name = columns[_col(cell) - 1]
                values[name] = count_of(cell, name)
                spans[name] = self.span(_col(cell))
            return BatteryCounts.trusted(**values, uncertain=tuple(uncertain), spans=spans)
        weapon_digits = [name for name in BATTERY_COLUMNS if usp.column_digit(name)]
        if len(cells) == len(weapon_digits):
            for cell, name in zip(cells, weapon_digits, strict=True):
                values[name] = count_of(cell, name)
                spans[name] = self.span(_col(cell))
            read_as = ", ".join(f"{name.replace('_', ' ')} {values[name]}" for name in weapon_digits)
            self.report(
                "HG003",
                Severity.WARNING,
                "battery counts are not under their USP digits (alignment lost in the copy): read in order "
                f"as {read_as}, the USP's non-zero weapon digits",
                _col(cells[0]) if cells else 1,
            )
            return BatteryCounts.trusted(**values, uncertain=tuple(uncertain), spans=spans)
        self.report(
            "HG004",
            Severity.ERROR,
            f"battery columns ambiguous: {len(cells)} counts are not under the USP's digits and the USP has "
            f"{len(weapon_digits)} non-zero weapon digits ({', '.join(weapon_digits) or 'none'}); not guessed",
            _col(cells[0]) if cells else 1,
        )
        return None

    def refused_lines(self, ship: _ShipDraft) -> None:
        """Each line of a refused ship's block that has no finding of its own, said: not applied to any ship."""
        said = {d.span.line for d in self.diagnostics if d.span is not None}
        for self.line_number, self.text in ship.lines:
            if self.line_number not in said:
                self.report("HG012", Severity.WARNING, f"not read: this line belongs to {ship.refused_why}")

    def finish(self) -> tuple[list[HighGuardShip], list[Diagnostic]]:
        ships: list[HighGuardShip] = []
        for ship in self.ships:
            if ship.refused is not None:
                self.refused_lines(ship)
                continue
            self.settle_batteries(ship)
            if not (ship.usp is not None or ship.components):
                if ship.notes and ships:
                    ships[-1] = ships[-1].model_copy(update={"notes": ships[-1].notes + ship.notes})
                if ships or len(self.ships) > 1:  # a sheet of one such block is said once (HG006), below
                    ship.refused_why = "a ship block with neither a USP line nor a component sheet"
                    self.refused_lines(ship)
                continue
            ships.append(ship.build())
        if self.pending_heading is not None:  # a heading with no ship under it
            text, _, span = self.pending_heading
            self.line_number, self.text = span.line, text
            self.report("HG002", Severity.INFO, "a heading with no ship under it, kept as a note", span.col)
            if ships:
                ships[-1] = ships[-1].model_copy(
                    update={"notes": [*ships[-1].notes, Note.trusted(text=text, spans={"self": span})]}
                )
        if not ships:
            self.line_number, self.text = 1, ""
            self.report(
                "HG006",
                Severity.ERROR,
                "no High Guard ship found: expected a USP line such as "
                "'BC-A2447G2-000510-50202-0 MCr 1336.63 1250 tons' or component "
                "lines such as 'Bridge: 25.000 Td; MCr 6.250'",
            )
        return ships, self.diagnostics


def parse_highguard(text: str, path: str = "<sheet>") -> tuple[list[HighGuardShip], list[Diagnostic]]:
    """The High Guard ships of a sheet and the diagnostics of reading it. Never raises for bad input."""
    reader = _Reader(path)
    reader.read(text)
    return reader.finish()


def read_highguard(text: str | None, path: Path, shown: str) -> tuple[list[HighGuardShip], list[Diagnostic]]:
    """The registry's reader for High Guard sheets."""
    return parse_highguard(text or "", shown)
