"""The line-level pieces of the High Guard reader: the patterns a line's kind is told by, the grammar's parsers
(grammars/highguard.lark, one start rule per line kind), and the readings of a line's parts that need no ship
(a USP decoded, a number, a tonnage, a component line's pieces, a heading's count, a note's drop tanks)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from lark import Lark, Token, Tree

from shipyard.core.codes import nearest
from shipyard.core.diagnostics import Span
from shipyard.core.grammar import parser, quick_parser
from shipyard.core.names import quoted
from shipyard.core.numbers import beyond_reason, count_in_words
from shipyard.core.quickparse import QuickParser
from shipyard.systems.highguard.charts import ehex_value
from shipyard.systems.highguard.model import UspProfile
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
BATTERY_SHAPE = re.compile(r"^\s*(?:batteries\s+bearing|bat\s+bear|bearing|batteries|batt|bat|bear)(?![A-Za-z])", re.I)
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
TEXT_FIELD = re.compile(r"^\s*(" + "|".join(TEXT_FIELD_KEYS) + r")\s*:\s*(.*)$", re.I)
# Text fields kept as written: key (lower case) -> HighGuardShip field.
PLAIN_TEXT_FIELDS = {
    "class": "ship_class",
    "type": "ship_type_name",
    "architect": "architect",
    "craft": "craft",
    "fuel treatment": "fuel_treatment",
    "backups": "backups",
}
LADEN_PREFIX = re.compile(r"\(([A-Z0-9]{1,2})-[ \t]*([0-9A-Z]{7})\)")
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
PAIR_SHAPE = re.compile(r"(?<![A-Za-z \-])[ \-]*+[A-Za-z][A-Za-z \-]*+\s*+[=:]\s*+-?[0-9]")
TITLE_SHAPE = re.compile(r"^\s*\S.*\bClass\b.*$")
# A digit legend's letter on a summary line ("W = 40."): one eHex letter as a key.
LEGEND_LETTER = re.compile(r"[A-HJ-NP-Z]")
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
TEXT_FIELD_SPELLINGS = {key.lower(): key for key in TEXT_FIELD_KEYS}
LOOSE_FIELD = re.compile(r"^[ \t]*+([A-Za-z][A-Za-z ]{2,30}?)[ \t]*:[ \t]*(.*)$")
#: A summary figure's "of N" after its value ("Cargo=12 of 40"): not part of the figure.
OF_TOTAL = re.compile(r"(?<!\s)\s++of\s++\d++$")  # linear: tried at a run's first blank
#: A USP line's prefix that begins with a hull number ("BB-1234 Tigress"): the number and the name.
HULL_NUMBER = re.compile(r"([A-Z0-9]{1,3}-\d+)\s+(.*)")
#: A money figure and its unit, a tonnage and its unit, and a battery line's Crew= or TL= trailer, in groups
#: (``match_groups``: the grammar has made sure of each shape).
_COST = re.compile(r"(MCr|GCr|TCr)\s*(.*)")
_TONNAGE = re.compile(r"(?<![0-9,.])([0-9][0-9,.]*?)\s*((?i:tons|ktons|mtons|dtons|td))\.?$")  # linear: as OF_TOTAL
TRAILER = re.compile(r"(?i)(Crew|TL)\s*[=:]\s*(\?|[0-9,]+(?:/[0-9]+)?)")
#: How near a misspelt text field's key must be (difflib's ratio): nearer than a summary key must be, since a
#: text field takes any text ("Crate: ..." is 0.8 of "Craft" and is no Craft).
NEAR_TEXT_FIELD = 0.85
#: The shortest summary key a near miss is looked for (a shorter one, "Lw" or "EQ", is too near too many).
NEAR_KEY_LENGTH = 4
SUMMARY_KEYS = {
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


def quick(rule: str) -> QuickParser:
    """The parser of one start rule, quick for repeated shapes of line (the same trees and errors)."""
    return quick_parser("highguard.lark", START_RULES, rule)


def token_col(token: Token) -> int:
    """A token's 1-based column (lark gives every token of a parse its position)."""
    return token.column or 1


def first_col(line: str) -> int:
    """The 1-based column of a line's first character that is not a blank (the line holds one)."""
    return len(line) - len(line.lstrip()) + 1


def token_end(token: Token) -> int:
    return token.end_column or token_col(token) + len(token)


def match_groups(pattern: re.Pattern[str], text: str) -> tuple[str, ...]:
    """The groups of a pattern the grammar has already made sure the text fits."""
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"cannot read {quoted(text)}")
    return found.groups()


@dataclass(frozen=True)
class Pair:
    key: Token
    value: Token


@dataclass(frozen=True)
class _Tail:
    """What follows a component's cost: its EP, its crew, or the cost of its craft."""

    kind: str
    value: Token


def pairs_parts(tree: Tree[Token]) -> list[Token | Pair]:
    """A summary line's flags (tokens) and ``Key=value`` pairs, in order."""
    parts: list[Token | Pair] = []
    for child in tree.children:
        if isinstance(child, Token):
            parts.append(child)
        else:
            key, value = (t for t in child.children if isinstance(t, Token))
            parts.append(Pair(key, value))
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


def near_key(key: str, keys: dict[str, str], cutoff: float) -> str | None:
    """The one of ``keys`` a misspelt ``key`` (lower case) means: the same letters in another order, else the
    likest at ``cutoff`` or more; None when none is near."""
    return nearest(key, keys, cutoff)


def component_pieces(line: str) -> list[tuple[str, str]]:
    """A component line as the grammar reads it: (what, text) for its count (if any), label, tons and MCr, then
    each tail ("ep", "crew", "craft_cost") in order."""
    parts = _component_parts(quick("component_line").parse(line))
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
BATTERY_WORDS = {"batteries": "batteries", "bearing": "bearing"}
LABEL_WORDS = re.compile(r"\A[ \t]*+([A-Za-z]++)(?:[ \t]++([A-Za-z]++))?")


def line_rule(line: str) -> str | None:
    """The start rule of grammars/highguard.lark for a line, by its shape (summary lines are told apart
    from free text later, once the text fields are out of the way)."""
    if COMPONENT_SHAPE.search(line):
        return "component_line"
    if USP_SHAPE.search(line):
        return "usp_line"
    if BATTERY_SHAPE.match(line):
        return "battery_line"
    return "pairs_line" if PAIR_SHAPE.search(line) and not TEXT_FIELD.match(line) else None


#: Where a summary line parts into pieces: after a figure's full stop ("Cargo=63. Fuel=587.5."), or at a semicolon.
_PIECE_END = re.compile(r"(?<=\.)[ \t]++|;[ \t]*+")


def summary_pieces(line: str) -> list[tuple[int, str]]:
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


def unlabelled_battery_line(line: str) -> bool:
    """Whether a line under a USP is a battery line without its label (some published squadrons print none):
    battery counts, perhaps with a tonnage and Crew= / TL= trailers, as the grammar's battery line reads them."""
    tree = quick("battery_line").parse_or_none(line)  # a refusal needs no words here
    return tree is not None and any(
        True for _ in tree.scan_values(lambda v: isinstance(v, Token) and v.type == "CELLS")
    )


def battery_cells(tokens: list[Token]) -> list[Token]:
    """Each battery count of a battery line's CELLS tokens as a token of its own, at its own column (the
    grammar takes a run of counts as one token, so that lexing a long run is linear)."""
    return [
        Token(
            "CELL",
            char,
            start_pos=(run.start_pos or 0) + i,
            line=run.line,
            column=token_col(run) + i,
            end_line=run.line,
            end_column=token_col(run) + i + 1,
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
    unit, value = match_groups(_COST, text)
    return number(value) * {"MCr": 1, "GCr": 1000, "TCr": 1_000_000}[unit]


def tonnage_tons(text: str) -> Decimal:
    value, unit = match_groups(_TONNAGE, text.strip())
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
