"""The line-level pieces of the USD reader: grammars/usd.lark's parser and its terminals in plain words, the
lexer that reads a line of fields without the parser, a parsed line's tree as typed items, and the readings of a
value that need no ship (a Pen:Dam pair, a signed figure, a range limit, a key as a message names it)."""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable
from functools import cache
from typing import NamedTuple, cast

from lark import Lark, Token, Tree

from shipyard.core.copies import (
    FIGURE_CHAR,
)
from shipyard.core.diagnostics import Span
from shipyard.core.fast import new_tuple
from shipyard.core.grammar import parser
from shipyard.core.names import quoted
from shipyard.systems.mcs.keys import (
    SENSOR_KINDS,
)
from shipyard.systems.mcs.model import (
    Detail,
    PenDam,
    Weapon,
)

BOUNDARY = operator.itemgetter(0)  # of a piece of ``wrap``
#: How many lines joined at soft line breaks USD112 names before "..." (a long sheet may have hundreds).
SOFT_BREAKS_NAMED = 10

#: What each terminal of grammars/usd.lark is, in plain words; the order is the order of mention.
TERMINAL_WORDS: dict[str, str] = {
    "PEN_DAM": "a Pen:Dam pair such as 15:10",
    "HALF_PEN_DAM": "a half pair such as 14:-",
    "NO_RANGE": "a dash for a range the battery cannot reach",
    "RPAR": "')'",
    "LPAR": "'('",
    "ROF": "a rate of fire in brackets such as (+3)",
    "T4_VALUES": "T4 values such as 2/14-11-9-6",
    "SIZE_EVADE": "a size & evade such as (-6 size&evade)",
    "SAND": "a sandcaster screen:armour such as -2:12",
    "POINTDEF": "'PointDef:'",
    "SIGNED_INT": "a whole number such as +1",
    "INT": "a whole number",
    "DETAIL_TEXT": "words such as 'turrets each'",
    "NAME_COLON": "':'",
    "COMMA": "','",
    "WEAPON_NAME": "a weapon name",
    "COUNT": "a battery count such as 4x",
    "KEY": "a key such as 'Displacement:'",
    "HEADING": "a ship name",
    "NUMBER": "a number",
    "SENSOR": "a sensor rating such as 1x14.5",
    "COUNTED": "a count and model such as 10xFib",
    "PAREN_TEXT": "a remark in brackets",
    "WORD": "a word",
}


def usd_parser() -> Lark:
    """The USD sheet parser (one start rule: a line)."""
    return parser("usd.lark", "line")


#: The terminals a line of fields is made of (``field: KEY (NUMBER | WORD | SENSOR | COUNTED | PAREN_TEXT)*``),
#: and those that, where the lexer would take them, make it another kind of line (a note, a battery).
FIELD_TERMINALS = ("KEY", "NUMBER", "WORD", "SENSOR", "COUNTED", "PAREN_TEXT")
OTHER_TERMINALS = ("NOTES", "COUNT", "WEAPON_NAME")


class FieldLexer(NamedTuple):
    """The grammar's own terminals for a line of fields, as one pattern (``union``) in the order lark's lexer
    tries them (priority, then width, then length, then name), each after the blanks the grammar ignores; the
    field terminal each of its groups is by the group's number (None for the other terminals, and for a group
    inside a terminal); the heading, and the blanks alone."""

    union: re.Pattern[str]
    kinds: tuple[str | None, ...]
    heading: re.Pattern[str]
    blanks: re.Pattern[str]


@cache
def field_lexer() -> FieldLexer:
    terminals = {t.name: t for t in usd_parser().terminals}
    chosen = sorted(
        (terminals[name] for name in FIELD_TERMINALS + OTHER_TERMINALS),
        key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
    )
    union = re.compile("[ \t]*+(?:" + "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in chosen) + ")")
    named = {index: name for name, index in union.groupindex.items() if name in FIELD_TERMINALS}
    kinds = tuple(named.get(index) for index in range(union.groups + 1))
    return FieldLexer(union, kinds, re.compile(terminals["HEADING"].pattern.to_regexp()), re.compile(r"[ \t]*+"))


class Lexeme(NamedTuple):
    """A token of a field, its key or a value: the terminal, its text and the columns the readers take from a
    lark Token. A line of fields read without the parser is made of them; the parser's tokens of a field are
    made into them. A named tuple, made by ``tuple.__new__``: 0.16 us, where a ``str`` subclass given these as
    attributes took 0.9 and a lark Token more (some sixty a sheet)."""

    type: str
    text: str
    column: int
    end_column: int


def lexeme(kind: str, text: str, column: int, end_column: int) -> Lexeme:
    return new_tuple(Lexeme, (kind, text, column, end_column))


def field_items(line: str) -> list[FieldItem] | None:
    """A line that is only fields (``Displacement: 15000 Crew: 789``, most of a sheet), read without the
    parser: its tokens are the grammar's terminals, matched as its lexer matches them, and its items are what
    the parser's tree gives. None for any other line (a heading, notes, a battery), which the parser reads."""
    union, kinds, heading, blanks = field_lexer()
    start = blanks.match(line).end()  # type: ignore[union-attr]  # blanks match everywhere, if only ""
    if not line[start : start + 1].isalpha() or heading.match(line, start):
        return None  # every key begins with a letter: a battery's count, a dash or a bracket is another line
    items: list[FieldItem] = []
    position, end = start, len(line)
    while position < end:
        found = union.match(line, position)
        if found is None:
            if blanks.match(line, position).end() == end:  # type: ignore[union-attr]
                break  # blanks after the last value
            return None
        # The terminal told by its group's number, not its name: a look-up in a tuple where a name took
        # ``lastgroup`` and a search of FIELD_TERMINALS (some six tokens a line, ten lines a sheet).
        group = found.lastindex or 0  # 0, the whole match, is no terminal's
        kind = kinds[group]
        if kind is None:
            return None  # a terminal no field has
        first, position = found.span(group)
        if position == first:
            return None
        token = new_tuple(Lexeme, (kind, found.group(group), first + 1, position + 1))  # lexeme, inlined
        if kind == "KEY":
            values: list[Lexeme] = []
            items.append(new_tuple(FieldItem, (token, values, first + 1)))  # as lexeme
        elif not items:
            return None  # a value before any key: not a line of fields
        else:
            values.append(token)
    return items or None


def words(text: str) -> str:
    """Text with its runs of blanks as single spaces, and none at its ends (a name, or a value kept as a note)."""
    return " ".join(text.split())


@functools.lru_cache(maxsize=1024)  # a sheet's keys are a few dozen words, repeated on every sheet
def key_words(key: str) -> str:
    """A key as a message names it: without its colon or dash ("Displacement:" is "Displacement")."""
    return key.rstrip(":- \t").strip()


@functools.lru_cache(maxsize=1024)  # as key_words
def normal_key(key: str) -> str:
    return re.sub(r"[\s\-_:]", "", key).lower()


# Linear (runs taken once); the look ahead lets a search skip to a digit or bracket, a third of the time on prose.
LOOKS_RATED = re.compile(r"(?=[0-9(])(?:\d\s*+:\s*+\d|(?<!\d)\d++\s*+/\s*+\d++-\d|\(\s*+[+-]\d++\s*+\))")


class HeadingItem(NamedTuple):
    token: Token
    column: int


class NotesItem(NamedTuple):
    token: Token
    column: int


class FieldItem(NamedTuple):
    key: Lexeme
    values: list[Lexeme]
    column: int


class Body(NamedTuple):
    """A battery's figures after its name: the body rule, its tokens by type, ranges, PD and details."""

    kind: str
    tokens: dict[str, list[Token]]
    ranges: list[PenDam | None]
    point_defence: int | None
    details: list[Detail]


class BatteryItem(NamedTuple):
    batteries: int
    name: str
    body: Body
    column: int
    end_column: int | None


Item = HeadingItem | NotesItem | FieldItem | BatteryItem


def first_token(node: Tree[Token]) -> Token | None:
    for child in node.children:
        found = child if isinstance(child, Token) else first_token(child)
        if found is not None:
            return found
    return None


def last_token(node: Tree[Token]) -> Token | None:
    for child in reversed(node.children):
        found = child if isinstance(child, Token) else last_token(child)
        if found is not None:
            return found
    return None


def node_start(node: Tree[Token]) -> int:
    """A rule's first column, from its first token (the grammars keep no positions on rules: lark's
    propagate_positions cost a seventh of the parse, for the few rules whose place a span needs)."""
    first = first_token(node)
    return first.column if first is not None and first.column is not None else 1


def node_tokens(node: Tree[Token]) -> list[Token]:
    """The tokens of a rule whose children are all tokens (the grammar's leaf rules)."""
    return [child for child in node.children if isinstance(child, Token)]


def node_end(node: Tree[Token]) -> int | None:
    """A rule's end column (exclusive), from its last token."""
    last = last_token(node)
    return last.end_column if last is not None else None


class LineItems:
    """One line's tree (grammars/usd.lark) as typed items, in order; ``span`` places a value on the line.

    The tree is three levels deep (line, item, battery body), so one function per level converts it: lark's
    generic ``Transformer`` dispatch cost a sixth of a check's time on these small trees."""

    def __init__(self, span: Callable[[int, int | None], Span]) -> None:
        self.span = span

    def transform(self, tree: Tree[Token]) -> list[Item]:
        items: list[Item] = []
        for node in tree.children:
            if not isinstance(node, Tree):
                continue
            if node.data == "battery":
                items.append(self.battery(node))
                continue
            tokens = node_tokens(node)
            if node.data == "heading":
                items.append(HeadingItem(tokens[0], node_start(node)))
            elif node.data == "notes":
                items.append(NotesItem(tokens[0], node_start(node)))
            else:
                key, *values = (lexeme(t.type, str(t), t.column or 1, t.end_column or 1) for t in tokens)
                items.append(FieldItem(key, values, node_start(node)))
        return items

    def battery(self, node: Tree[Token]) -> BatteryItem:
        head, body = node.children  # battery: battery_head body (grammars/usd.lark)
        if not isinstance(head, Tree) or not isinstance(body, Tree):
            raise ValueError("a battery without its head and body")  # the grammar makes none
        count, name = 1, ""
        for token in node_tokens(head):
            if token.type == "COUNT":
                count = int(leading_number(str(token)))
            elif token.type == "WEAPON_NAME":
                name = words(str(token))
        return BatteryItem(count, name, self.body(body), node_start(head), node_end(body))

    def body(self, node: Tree[Token]) -> Body:
        tokens: dict[str, list[Token]] = {}
        ranges: list[PenDam | None] = []
        point_defence: int | None = None
        details: list[Detail] = []
        for child in node.children:
            if isinstance(child, Token):
                tokens.setdefault(child.type, []).append(child)
                continue
            data = child.data
            if data == "range_value":  # range_value: one token
                ranges.append(self.range_cell(cast(Token, child.children[0])))
            elif data == "point_defence":  # point_defence: POINTDEF SIGNED_INT
                point_defence = signed(cast(Token, child.children[1]))
            elif data == "detail":
                details.append(self.detail(child))
        return Body(str(node.data), tokens, ranges, point_defence, details)

    def range_cell(self, token: Token) -> PenDam | None:
        if token.type in ("PEN_DAM", "HALF_PEN_DAM"):
            pen, dam = pen_dam(token)
            return PenDam.read_at(pen, dam, self.span(token.column or 1, token.end_column))
        return None  # a dash: a range the battery cannot reach

    def detail(self, node: Tree[Token]) -> Detail:
        children = node_tokens(node)  # detail: INT DETAIL_TEXT, or the same in brackets: tokens only
        words = [t for t in children if t.type in ("INT", "DETAIL_TEXT")]
        first, last = children[0], children[-1]
        return Detail.trusted(
            number=int(words[0]),
            text=str(words[1]).strip(),
            parenthesised=first.type == "LPAR",
            spans={"self": self.span(first.column or 1, last.end_column)},
        )


#: A sheet's range limit on a battery: "only useable at Very Short range or less" (MCS sample sheets).
RANGE_LIMIT = re.compile(
    r"only\s+use?able\s+at\s+(?P<band>very\s+short|short|medium|long|extreme)\s+range"
    r"(?:\s+or\s+less)?\.?",
    re.I,
)


def with_range_limit(weapon: Weapon, found: re.Match[str], where: Span) -> Weapon:
    """A battery with the range limit ``found`` (a match of RANGE_LIMIT) read into it, at ``where``."""
    return weapon.model_copy(
        update={"max_range": " ".join(found["band"].lower().split()), "spans": {**weapon.spans, "max_range": where}}
    )


KNOWN_DETAIL = re.compile(
    r"turret|bay|laser|gun|weapon|per battery|salvo|mis+i?le|can+is+ter|caster|damper|reload|"
    r"launcher|rack"
)


def known_detail(detail: Detail) -> bool:
    words = detail.words()
    return bool(KNOWN_DETAIL.search(words))


def pen_dam(token: Token) -> tuple[int | None, int | None]:
    """Pen and Dam of "14:9"; a dash on either side ("14:-", "-:9") is None."""
    pen, _, dam = str(token).partition(":")
    return (None if pen.lstrip()[:1] == "-" else int(pen)), (None if dam.lstrip()[:1] == "-" else int(dam))


SIGNED = re.compile(r"[+-]?\d+")
#: A sandcaster's "screen: armour" pair: its figures, once a dash's blanks are gone ("- 1: 12" is -1 and 12).
SIGNED_FIGURE = re.compile(r"-?\d+")
DASH_BLANKS = re.compile(r"-\s+")
#: The key of a notes line.
NOTES_KEY = re.compile(r"^notes?\s*:", re.IGNORECASE)
#: A cargo figure's unit.
#: Computers as a sheet counts them ("3xFib"): the count and the model.
#: A heading's class name and its bracketed description ("Kuvasz (escort frigate)"): the name is the text before
#: the first bracket, less its blanks. Linear: once from the start, no run read again.
HEADING_DESCRIPTION = re.compile(r"\A([^(\n]*+)\((.*)\)\Z")
#: A figure as a scanner may have read it (core/copies.py SCANNER_LETTERS), thousands commas and a fraction too.
#: The Pen:Dam pairs and rates of fire of a battery line as a scanner may have read them (``l4:9``, ``(+l)``),
#: not inside a word; tried only on a line the grammar refuses.
SCANNED_BATTERY_FIGURE = re.compile(
    f"(?<![A-Za-z0-9])(?:{FIGURE_CHAR}{{1,3}}:(?:{FIGURE_CHAR}{{1,3}}|-)|-:"
    f"{FIGURE_CHAR}{{1,3}})(?![A-Za-z0-9:])|(?<=\\()[+-]{FIGURE_CHAR}{{1,2}}(?=\\))"
)
#: A sensor rating: "2x14", "14.5", "1x13.5s" (count, sensitivity, suffix).
SENSOR_RATING = re.compile(r"(?:(\d+)[xX])?(\d+(?:\.\d+)?)([A-Za-z]*)")
#: A sensor rating with its count (``1x14.0s``), as a line broken off a sensor list holds: a bare number could be
#: anything (a page number), so it is not taken for one.
WRAPPED_SENSOR = re.compile(r"(?<![\d.])\d++[xX]\d++(?:\.\d++)?[A-Za-z]*+")  # linear: one start a run of digits


def given(value: int | None, what: str) -> int:
    """A value the grammar requires (a damper's PD); its absence is a bug, reported as SY001."""
    if value is None:
        raise ValueError(f"{what} is missing from a line the grammar read")
    return value


def leading_number(text: str) -> str:
    """The first (signed) whole number of a token's text; the grammar guarantees there is one."""
    found = SIGNED.search(text)
    if found is None:
        raise ValueError(f"no number in {quoted(text)}")
    return found.group()


def signed(token: Token) -> int:
    return int(leading_number(str(token)))


def display_key(spelling: str) -> str:
    """A key as a sheet writes it (a near miss's fix writes it so): ``AEMS``, ``Fire Control``, ``Cargo``."""
    return {
        "firecontrol": "Fire Control",
        "mesonscreen": "Meson Screen",
        "gtolerance": "GTolerance",
        "jfuel": "JFuel",
        "tl": "TL",
        "skill+attribute": "Skill+Attribute",
        "ecm": "ECM",
        "emm": "EMM",
        "ir": "IR",
        **SENSOR_KINDS,
    }.get(spelling, spelling.capitalize())


def display_name(name: str) -> str:
    return name.replace("_", " ").capitalize()
