"""USD sheets (MCS and T4) to ``UsdShip`` records and diagnostics.

Each physical line is parsed with ``grammars/usd.lark``. A line that parses gives fields and
batteries; this module types the field values by key (keys match case-insensitively; a near miss
such as ``Fire Cotnrol`` is read as the key it resembles, with a warning). A line that does not
parse is kept as a note: plain prose is reported as information, a line that looks like a rating
(it holds a Pen:Dam pair, a T4 value group or a rate of fire) as an error naming what was expected.
A ``Class:`` key, or a name standing before ``TL``, starts a new ship, so one file may hold several.

Diagnostic codes (family USD):
  USD100 info     a line of free text, kept as a note
  USD101 error    a line that looks like a rating but does not parse (kept as a note)
  USD102 error    a field value of the wrong kind ("Size: five")
  USD103 warning  a key close to a known one, read as that key
  USD104 warning  an unknown key; the field is kept as a note
  USD105 warning  a key given twice for one ship; the second is kept as a note
  USD106 info     text after a field's value, kept as a note
  USD107 error    no ship in the file: no line has a USD key or a battery
  USD108 warning  a battery detail that names nothing shipyard knows, kept verbatim
"""

from __future__ import annotations

import bisect
import difflib
import functools
import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, cast

from lark import Lark, Token, Tree

from shipyard.core.copies import (
    FIGURE_CHAR,
    QP_LINE_LIMIT,
    QP_SOFT_BROKEN,
    SCANNER_DIGITS,
    SCANNER_LETTERS,
    cut_at_end_of_file,
)
from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span
from shipyard.core.fast import new_tuple
from shipyard.core.grammar import parser, quick_parser
from shipyard.core.names import quoted
from shipyard.core.parse_errors import describe
from shipyard.core.quickparse import QuickParser
from shipyard.core.source import MAX_LINE_CHARS, split_lines
from shipyard.systems.mcs.keys import (
    _ANAGRAMS,
    _CANONICAL,
    _FUZZY_CUTOFF,
    SENSOR_KINDS,
    SIGNATURE_KINDS,
)
from shipyard.systems.mcs.model import (
    BeamBattery,
    CrewQuality,
    DamperBattery,
    Detail,
    Jammer,
    MissileBattery,
    Note,
    PenDam,
    SandcasterBattery,
    Sensor,
    Signature,
    T4Weapon,
    UsdShip,
    Weapon,
)
from shipyard.systems.mcs.values import _FIELD_READERS, FieldValueError, _ValueReader

_BOUNDARY = operator.itemgetter(0)  # of a piece of ``wrap``
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


class _FieldLexer(NamedTuple):
    """The grammar's own terminals for a line of fields, as one pattern (``union``) in the order lark's lexer
    tries them (priority, then width, then length, then name), each after the blanks the grammar ignores; the
    field terminal each of its groups is by the group's number (None for the other terminals, and for a group
    inside a terminal); the heading, and the blanks alone."""

    union: re.Pattern[str]
    kinds: tuple[str | None, ...]
    heading: re.Pattern[str]
    blanks: re.Pattern[str]


@cache
def _field_lexer() -> _FieldLexer:
    terminals = {t.name: t for t in usd_parser().terminals}
    chosen = sorted(
        (terminals[name] for name in FIELD_TERMINALS + OTHER_TERMINALS),
        key=lambda t: (-t.priority, -t.pattern.max_width, -len(t.pattern.value), t.name),
    )
    union = re.compile("[ \t]*+(?:" + "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in chosen) + ")")
    named = {index: name for name, index in union.groupindex.items() if name in FIELD_TERMINALS}
    kinds = tuple(named.get(index) for index in range(union.groups + 1))
    return _FieldLexer(union, kinds, re.compile(terminals["HEADING"].pattern.to_regexp()), re.compile(r"[ \t]*+"))


class _Lexeme(NamedTuple):
    """A token of a field, its key or a value: the terminal, its text and the columns the readers take from a
    lark Token. A line of fields read without the parser is made of them; the parser's tokens of a field are
    made into them. A named tuple, made by ``tuple.__new__``: 0.16 us, where a ``str`` subclass given these as
    attributes took 0.9 and a lark Token more (some sixty a sheet)."""

    type: str
    text: str
    column: int
    end_column: int


def _lexeme(kind: str, text: str, column: int, end_column: int) -> _Lexeme:
    return new_tuple(_Lexeme, (kind, text, column, end_column))


def field_items(line: str) -> list[_FieldItem] | None:
    """A line that is only fields (``Displacement: 15000 Crew: 789``, most of a sheet), read without the
    parser: its tokens are the grammar's terminals, matched as its lexer matches them, and its items are what
    the parser's tree gives. None for any other line (a heading, notes, a battery), which the parser reads."""
    union, kinds, heading, blanks = _field_lexer()
    start = blanks.match(line).end()  # type: ignore[union-attr]  # blanks match everywhere, if only ""
    if not line[start : start + 1].isalpha() or heading.match(line, start):
        return None  # every key begins with a letter: a battery's count, a dash or a bracket is another line
    items: list[_FieldItem] = []
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
        token = new_tuple(_Lexeme, (kind, found.group(group), first + 1, position + 1))  # _lexeme, inlined
        if kind == "KEY":
            values: list[_Lexeme] = []
            items.append(new_tuple(_FieldItem, (token, values, first + 1)))  # as _lexeme
        elif not items:
            return None  # a value before any key: not a line of fields
        else:
            values.append(token)
    return items or None


def _words(text: str) -> str:
    """Text with its runs of blanks as single spaces, and none at its ends (a name, or a value kept as a note)."""
    return " ".join(text.split())


@functools.lru_cache(maxsize=1024)  # a sheet's keys are a few dozen words, repeated on every sheet
def _key_text(key: str) -> str:
    """A key as a message names it: without its colon or dash ("Displacement:" is "Displacement")."""
    return key.rstrip(":- \t").strip()


@functools.lru_cache(maxsize=1024)  # as _key_text
def _normal(key: str) -> str:
    return re.sub(r"[\s\-_:]", "", key).lower()


# Linear (runs taken once); the look ahead lets a search skip to a digit or bracket, a third of the time on prose.
_LOOKS_RATED = re.compile(r"(?=[0-9(])(?:\d\s*+:\s*+\d|(?<!\d)\d++\s*+/\s*+\d++-\d|\(\s*+[+-]\d++\s*+\))")


@dataclass
class _ShipBuilder:
    """Collects one ship's values and spans while its lines are read."""

    values: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, Span] = field(default_factory=dict)
    weapons: list = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    sensors: list[Sensor] = field(default_factory=list)
    jammers: list[Jammer] = field(default_factory=list)
    signature: dict[str, Any] = field(default_factory=dict)
    signature_spans: dict[str, Span] = field(default_factory=dict)
    crew_quality: dict[str, Any] = field(default_factory=dict)
    crew_quality_spans: dict[str, Span] = field(default_factory=dict)
    has_content: bool = False

    def build(self) -> UsdShip:
        values = dict(self.values)
        if self.signature:
            values["signature"] = Signature.trusted(**self.signature, spans=self.signature_spans)
        if self.crew_quality:
            values["crew_quality"] = CrewQuality.trusted(**self.crew_quality, spans=self.crew_quality_spans)
        return UsdShip.trusted(
            **values, weapons=self.weapons, notes=self.notes, sensors=self.sensors, ecm=self.jammers, spans=self.spans
        )


class _Heading(NamedTuple):
    token: Token
    column: int


class _NotesItem(NamedTuple):
    token: Token
    column: int


class _FieldItem(NamedTuple):
    key: _Lexeme
    values: list[_Lexeme]
    column: int


class _Body(NamedTuple):
    """A battery's figures after its name: the body rule, its tokens by type, ranges, PD and details."""

    kind: str
    tokens: dict[str, list[Token]]
    ranges: list[PenDam | None]
    point_defence: int | None
    details: list[Detail]


class _BatteryItem(NamedTuple):
    batteries: int
    name: str
    body: _Body
    column: int
    end_column: int | None


_Item = _Heading | _NotesItem | _FieldItem | _BatteryItem


def _first_token(node: Tree[Token]) -> Token | None:
    for child in node.children:
        found = child if isinstance(child, Token) else _first_token(child)
        if found is not None:
            return found
    return None


def _last_token(node: Tree[Token]) -> Token | None:
    for child in reversed(node.children):
        found = child if isinstance(child, Token) else _last_token(child)
        if found is not None:
            return found
    return None


def _start(node: Tree[Token]) -> int:
    """A rule's first column, from its first token (the grammars keep no positions on rules: lark's
    propagate_positions cost a seventh of the parse, for the few rules whose place a span needs)."""
    first = _first_token(node)
    return first.column if first is not None and first.column is not None else 1


def _tokens(node: Tree[Token]) -> list[Token]:
    """The tokens of a rule whose children are all tokens (the grammar's leaf rules)."""
    return [child for child in node.children if isinstance(child, Token)]


def _end(node: Tree[Token]) -> int | None:
    """A rule's end column (exclusive), from its last token."""
    last = _last_token(node)
    return last.end_column if last is not None else None


class _LineItems:
    """One line's tree (grammars/usd.lark) as typed items, in order; ``span`` places a value on the line.

    The tree is three levels deep (line, item, battery body), so one function per level converts it: lark's
    generic ``Transformer`` dispatch cost a sixth of a check's time on these small trees."""

    def __init__(self, span: Callable[[int, int | None], Span]) -> None:
        self.span = span

    def transform(self, tree: Tree[Token]) -> list[_Item]:
        items: list[_Item] = []
        for node in tree.children:
            if not isinstance(node, Tree):
                continue
            if node.data == "battery":
                items.append(self.battery(node))
                continue
            tokens = _tokens(node)
            if node.data == "heading":
                items.append(_Heading(tokens[0], _start(node)))
            elif node.data == "notes":
                items.append(_NotesItem(tokens[0], _start(node)))
            else:
                key, *values = (_lexeme(t.type, str(t), t.column or 1, t.end_column or 1) for t in tokens)
                items.append(_FieldItem(key, values, _start(node)))
        return items

    def battery(self, node: Tree[Token]) -> _BatteryItem:
        head, body = node.children  # battery: battery_head body (grammars/usd.lark)
        if not isinstance(head, Tree) or not isinstance(body, Tree):
            raise ValueError("a battery without its head and body")  # the grammar makes none
        count, name = 1, ""
        for token in _tokens(head):
            if token.type == "COUNT":
                count = int(_leading_number(str(token)))
            elif token.type == "WEAPON_NAME":
                name = _words(str(token))
        return _BatteryItem(count, name, self.body(body), _start(head), _end(body))

    def body(self, node: Tree[Token]) -> _Body:
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
                point_defence = _signed(cast(Token, child.children[1]))
            elif data == "detail":
                details.append(self.detail(child))
        return _Body(str(node.data), tokens, ranges, point_defence, details)

    def range_cell(self, token: Token) -> PenDam | None:
        if token.type in ("PEN_DAM", "HALF_PEN_DAM"):
            pen, dam = _pen_dam(token)
            return PenDam.read_at(pen, dam, self.span(token.column or 1, token.end_column))
        return None  # a dash: a range the battery cannot reach

    def detail(self, node: Tree[Token]) -> Detail:
        children = _tokens(node)  # detail: INT DETAIL_TEXT, or the same in brackets: tokens only
        words = [t for t in children if t.type in ("INT", "DETAIL_TEXT")]
        first, last = children[0], children[-1]
        return Detail.trusted(
            number=int(words[0]),
            text=str(words[1]).strip(),
            parenthesised=first.type == "LPAR",
            spans={"self": self.span(first.column or 1, last.end_column)},
        )


class _SheetReader:
    """Reads the lines of one file into ships; one instance per file."""

    def __init__(self, path: str):
        self.path = path
        self.ships: list[UsdShip] = []
        self.diagnostics: list[Diagnostic] = []
        self.ship = _ShipBuilder()
        self.group: str | None = None
        self.battery_line = 0  # the line of the last battery read (a range limit may stand under it)
        self.key_read = ""  # the last key as read (canonical_key)
        #: The figures of the field being read that were read through a scanner's letters: (column, as written,
        #: as read), said once the field is read (USD109).
        self.scanned: list[tuple[int, str, str]] = []
        self.line_no = 0
        self.line_text = ""
        #: While a line broken by a copy (its wrapping, or quoted-printable's soft line breaks) is read joined with
        #: the lines after it: for each of them, the column past which the joined text is that line's, and what to
        #: take from a column there to give its column on that line.
        self.wrap: tuple[tuple[int, int], ...] | None = None
        #: The lines read joined at soft line breaks: (line, the first break's column, the line, the last joined).
        self.soft_broken: list[tuple[int, int, str, int]] = []

    # ---- helpers -------------------------------------------------------------------------
    def span(self, column: int, end_column: int | None = None) -> Span:
        if self.wrap is None:  # Span.on_line, written out: some sixty spans a sheet
            return new_tuple(Span, (self.path, self.line_no, column, self.line_no, end_column))
        line, col = self.placed(column)
        end_line, end = self.placed(end_column) if end_column is not None else (line, None)
        return Span(path=self.path, line=line, col=col, end_line=end_line, end_col=end)

    def placed(self, column: int) -> tuple[int, int]:
        """The line and column in the file of a column of a joined line (``wrap``)."""
        wrap = self.wrap or ()
        step = bisect.bisect_left(wrap, column, key=_BOUNDARY)  # the breaks before the column
        return (self.line_no + step, column - wrap[step - 1][1]) if step else (self.line_no, column)

    def report(self, code: str, severity: Severity, message: str, column: int = 1, fix: Fix | None = None) -> None:
        source = self.line_text if self.wrap is None else None  # a joined line's own lines are quoted from the file
        self.diagnostics.append(
            Diagnostic(
                code=code, severity=severity, message=message, span=self.span(column), source_line=source, fix=fix
            )
        )

    def keep_note(self, text: str, column: int) -> None:
        self.ship.notes.append(Note.trusted(text=text.strip(), spans={"self": self.span(column)}))

    def start_ship_if_named(self) -> None:
        if "class_name" in self.ship.values:
            self.finish_ship()

    def finish_ship(self) -> None:
        if self.ship.has_content:
            self.ships.append(self.ship.build())
        elif self.ship.notes and self.ships:
            # Notes after the last ship's lines belong to it.
            last = self.ships.pop()
            self.ships.append(last.model_copy(update={"notes": [*last.notes, *self.ship.notes]}))
        self.ship = _ShipBuilder()
        self.group = None

    # ---- lines ---------------------------------------------------------------------------
    def read(self, text: str) -> None:
        parser = quick_parser("usd.lark", "line")
        # A local, not the reader's: kept on the reader, it would hold the reader (reader -> items -> span ->
        # reader), a cycle that leaves the file's every record to the cyclic collector, not to reference counting.
        items = _LineItems(self.span)
        text, after_end = cut_at_end_of_file(text)
        lines = split_lines(text)
        joined_to = 0  # the last line read joined to one before it, not read again
        for self.line_no, self.line_text in enumerate(lines, start=1):
            if not self.line_text.strip() or self.line_no <= joined_to:
                continue
            if self.wrap is not None:
                self.wrap = None  # the line before was read joined with this one's lines; this one is read alone
            if self.line_text[-1] == "=" and self.line_no < len(lines):
                joined_to = self.soft_breaks(lines)
            fields = field_items(self.line_text)
            if fields is not None:
                following = self.line_no + len(self.wrap or ())  # the next line not yet read, from 0
                if following < len(lines) and self.wrapped_sensors(fields, lines[following]):
                    joined_to = following + 1
                    fields = field_items(self.line_text) or fields
                self.read_fields(fields)
                continue
            tree = parser.parse_or_none(self.line_text)
            if tree is None:
                rated = _LOOKS_RATED.search(self.line_text) is not None
                tree = self.scanned_battery_line(parser) if rated else None
                following = self.line_no + len(self.wrap or ())  # the next line not yet read, from 0
                if tree is None and rated and following < len(lines):
                    tree = self.wrapped_line(parser, lines[following])
                    joined_to = following + 1 if tree is not None else joined_to
                if tree is None:
                    if not rated and self.range_limit():
                        continue
                    self.unreadable_line(parser, rated)
                    continue
            self.read_line(items.transform(tree))
        self.wrap = None  # what follows is said at the file's own lines
        self.finish_ship()
        self.said_soft_breaks()
        if after_end.strip():  # a CP/M copy's padding after the mark is nothing; anything more is said
            self.line_text = after_end.strip().splitlines()[0]
            self.report("USD110", Severity.INFO, "text after the CP/M end-of-file mark (Ctrl-Z): not read")
        if not self.ships:
            self.line_no, self.line_text = 1, split_lines(text)[0]
            self.report(
                "USD107",
                Severity.ERROR,
                "no ship found: expected USD lines such as 'Class: Kuvasz TL:12', "
                "'Displacement: 500 tons' or '2xLaser Battery (+2) (14:9 14:9 14:9 12:7)'",
            )

    def wrapped_line(self, parser: QuickParser, following: str) -> Tree | None:
        """A refused line that looks like a rating and reads once joined with the line after it (an e-mail's
        wrapping broke a long battery line in two): the joined line's tree, said, with ``wrap`` set so that every
        span past the first line's end is on the next line, at its own column there; else None."""
        if not following.strip() or field_items(following) is not None:
            return None  # a line of fields stands alone
        joined, rest = self.line_text.rstrip(" \t"), following.lstrip(" \t")
        tree = parser.parse_or_none(f"{joined} {rest}")
        if tree is None:
            return None
        self.join_following(following)
        return tree

    def wrapped_sensors(self, fields: list[_FieldItem], following: str) -> bool:
        """Whether a line of fields ending in a sensor list goes on in the line after it: a line of sensor
        ratings alone (``1x14.0s``), which an e-mail's wrapping broke off (read alone, it is a note and the
        sensors are lost). When it does, the two are read as one line, said, as ``wrapped_line`` joins them."""
        if _CANONICAL.get(_normal(_key_text(fields[-1].key.text))) not in ("sensor", "sensors"):
            return False
        words = following.split()
        if not words or not all(_WRAPPED_SENSOR.fullmatch(word) for word in words):
            return False
        self.join_following(following)
        return True

    def join_following(self, following: str) -> None:
        """This line read joined with the line after it, said (USD111), with ``wrap`` set so that every span
        past this line's end is on the next line, at its own column there."""
        indent = len(following) - len(following.lstrip(" \t"))
        joined = self.line_text.rstrip(" \t")
        boundary = len(joined) + 1  # the blank put between the two
        self.report(
            "USD111",
            Severity.WARNING,
            f"a line broken in two by a copy's wrapping: read joined with line "
            f"{self.line_no + len(self.wrap or ()) + 1}",
            boundary,
        )
        self.wrap = (*(self.wrap or ()), (boundary, boundary - indent))
        self.line_text = f"{joined} {following[indent:]}"

    def soft_breaks(self, lines: list[str]) -> int:
        """A line ending in quoted-printable's soft line break (``QP_SOFT_BROKEN``: the encoding broke a longer
        line there), read joined with the line after it, and on while the line joined ends in one, up to
        MAX_LINE_CHARS; with ``wrap`` set so that every span past a break is on its own line, and the break kept
        to be said. The last line joined (from 1), or 0 when this line ends in no soft break."""
        parts, last, pieces = [self.line_text], self.line_no, []
        length = len(self.line_text)  # of the parts joined so far
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
        self.soft_broken.append((self.line_no, pieces[0][0] + 1, self.line_text, last))
        self.wrap, self.line_text = tuple(pieces), "".join(parts)
        return last

    def said_soft_breaks(self) -> None:
        """The lines joined at soft line breaks, said once for the file (an encoding that broke one long line
        broke them all), at the first break (USD112)."""
        if not self.soft_broken:
            return
        (self.line_no, column, self.line_text, last), more = self.soft_broken[0], self.soft_broken[1:]
        if not more:
            joined = f"line {last}" if last == self.line_no + 1 else f"lines {self.line_no + 1} to {last}"
            message = (
                f"a line broken by an e-mail's quoted-printable encoding (a soft line break: '=' at its end): "
                f"read joined with {joined}"
            )
        else:
            named = ", ".join(str(each[0]) for each in self.soft_broken[:SOFT_BREAKS_NAMED])
            message = (
                f"{len(self.soft_broken)} lines broken by an e-mail's quoted-printable encoding (soft line "
                f"breaks: '=' at their ends), each read joined to the next line: lines {named}"
                f"{', ...' if len(self.soft_broken) > SOFT_BREAKS_NAMED else ''}"
            )
        self.report("USD112", Severity.WARNING, message, column)

    def scanned_battery_line(self, parser: QuickParser) -> Tree | None:
        """A refused line that looks like a rating and reads once its Pen:Dam pairs and rates of fire are read
        through a scanner's letters (``l4:9`` as 14:9): its tree, each figure said (the line keeps its length,
        and so its columns); else None."""
        found = [
            each
            for each in _SCANNED_BATTERY_FIGURE.finditer(self.line_text)
            if set(each.group()) & set(SCANNER_LETTERS)
        ]
        if not found:
            return None
        line = _SCANNED_BATTERY_FIGURE.sub(lambda each: each.group().translate(SCANNER_DIGITS), self.line_text)
        tree = parser.parse_or_none(line)
        if tree is not None:
            for each in found:
                self.said_scanned(each.group(), each.group().translate(SCANNER_DIGITS), each.start() + 1)
        return tree

    def unreadable_line(self, parser: QuickParser, rated: bool) -> None:
        """A line the grammar refuses: kept as a note; an error naming what was expected when it looks like a
        rating (the parser's error is asked for only then), else free text."""
        stripped = self.line_text.strip()
        first_col = len(self.line_text) - len(self.line_text.lstrip()) + 1
        self.keep_note(stripped, first_col)
        if rated:
            column, message = describe(parser.error(self.line_text), self.line_text, TERMINAL_WORDS)
            self.report(
                "USD101", Severity.ERROR, f"cannot read this rating: {message}; the line is kept as a note", column
            )
        else:
            self.report("USD100", Severity.INFO, "free text, kept as a note", first_col)

    def read_fields(self, items: list[_FieldItem]) -> None:
        """``read_line`` for a line of fields only: each up to the next one's key."""
        for index in range(len(items) - 1):
            self.read_field(items[index], next_start=items[index + 1].column)
        self.read_field(items[-1], next_start=len(self.line_text) + 1)

    def read_line(self, items: Sequence[_Item]) -> None:
        starts = [item.column for item in items] + [len(self.line_text) + 1]
        for index, item in enumerate(items):
            if isinstance(item, _Heading):
                self.read_heading(item.token)
            elif isinstance(item, _NotesItem):
                text = _NOTES_KEY.sub("", str(item.token)).strip()
                if text:
                    self.keep_note(text, item.token.column or 1)
                    self.ship.has_content = True
            elif isinstance(item, _FieldItem):
                self.read_field(item, next_start=starts[index + 1])
            else:
                self.group = None
                self.read_battery(item)

    # ---- heading -------------------------------------------------------------------------
    def read_heading(self, token: Token) -> None:
        self.start_ship_if_named()
        text = _words(str(token))
        match = _HEADING_DESCRIPTION.match(text)
        name, description = (match.group(1).rstrip(), match.group(2)) if match else (text, None)
        where = self.span(token.column or 1, token.end_column)
        self.set_value("class_name", name, where)
        if description:
            self.set_value("description", description, where)

    # ---- fields --------------------------------------------------------------------------
    def read_field(self, item: _FieldItem, next_start: int) -> None:
        key = item.key
        key_text = _key_text(key.text)
        key_column, key_end = key.column, key.end_column
        value_text = self.line_text[key_end - 1 : next_start - 1]  # the value as written, up to the next key
        name = self.canonical_key(key_text, key_column)
        if name is None:
            self.report(
                "USD104", Severity.WARNING, f"unknown key '{key_text}'; the field is kept as a note", key_column
            )
            self.keep_note(f"{key_text}: {_words(value_text)}", key_column)
            self.ship.has_content = True
            return
        try:
            self.apply_field(name, key_text, item.values, value_text, key_column, key_end)
        except FieldValueError as error:
            column = error.token.column if error.token else key_column
            self.report("USD102", Severity.ERROR, f"{key_text}: {error.message}", column)
            self.keep_note(f"{key_text}: {_words(value_text)}", key_column)
            self.scanned.clear()  # the field is a note: no figure of it was read
        self.ship.has_content = True
        if self.scanned:
            for column, written, read in self.scanned:
                self.said_scanned(written, read, column)
            self.scanned.clear()

    def said_scanned(self, written: str, read: str, column: int) -> None:
        self.report(
            "USD109",
            Severity.WARNING,
            f"{quoted(written)} read as {read}: a scanner's letters for digits (O for 0, l and I for 1)",
            column,
        )

    def canonical_key(self, key_text: str, column: int) -> str | None:
        """The field a key names; ``self.key_read`` is the key as read (the near miss's match)."""
        normal = self.key_read = _normal(key_text)
        if self.group == "signature" and normal in SIGNATURE_KINDS:
            return "signature_part"
        if normal.endswith("jam") and (self.group == "ecm" or len(normal) > 3):
            return "jammer"
        if normal in _CANONICAL:
            return _CANONICAL[normal]
        if len(normal) >= 4:
            swapped = _ANAGRAMS.get("".join(sorted(normal)))
            close = (
                [swapped] if swapped else difflib.get_close_matches(normal, list(_CANONICAL), n=1, cutoff=_FUZZY_CUTOFF)
            )
            if close:
                known = _display_key(close[0])
                respelled = Fix(
                    message=f"spell the key '{known}'",
                    edits=(Edit(line=self.line_no, col=column, old=key_text, new=known),),
                )  # read as that key already
                self.report(
                    "USD103",
                    Severity.WARNING,
                    f"unknown key '{key_text}': did you mean '{known}'? Read as that key",
                    column,
                    respelled,
                )
                self.key_read = close[0]
                return _CANONICAL[close[0]]
        return None

    def set_value(self, name: str, value: Any, span: Span) -> bool:
        if name in self.ship.values:
            first = self.ship.spans.get(name)
            where = f" from line {first.line}" if first else ""
            self.report(
                "USD105",
                Severity.WARNING,
                f"{_display_name(name)} given twice: the value{where} is kept, this one is kept as a note",
                span.col,
            )
            return False
        self.ship.values[name] = value
        self.ship.spans[name] = span
        self.ship.has_content = True
        return True

    def apply_field(
        self, name: str, key_text: str, tokens: list[_Lexeme], value_text: str, key_column: int, key_end: int
    ) -> None:
        reader = _ValueReader(tokens, self.scanned)
        span = self.span(key_column, tokens[-1].end_column if tokens else key_end)
        self.group = None
        handler = _FIELD_READERS.get(name)  # most fields: a figure, read by its reader (none of the names below)
        if handler is not None:
            model_name, value, extra = handler(reader)
            if not self.set_value(model_name, value, span):
                self.keep_note(f"{key_text}: {_words(value_text)}", key_column)
                return
            for extra_name, extra_value in extra.items():
                self.ship.values[extra_name] = extra_value
                self.ship.spans[extra_name] = span
            return self.leftover(key_text, reader)
        if name == "class":
            self.start_ship_if_named()
            raw = _words(value_text)
            if not raw:
                raise FieldValueError("expected the class name after the key")
            self.set_value("class_name", raw, span)
            return
        if name in ("sensors", "signature", "ecm"):
            self.group = name
            return self.read_group_values(name, key_text, reader, span)
        if name == "defences":
            return self.leftover(key_text, reader)
        if name == "weapons":
            self.set_value("range_header", [t.text for t in tokens], span)
            return
        if name == "sensor":
            self.group = "sensors"
            return self.read_sensors(key_text, reader, span)
        if name == "signature_part":
            self.group = "signature"
            part = self.key_read  # "vis", "ir", "active" or "lidar", or the one a near miss was read as
            self.ship.signature[part] = reader.number(float)
            self.ship.signature_spans[part] = span
            return self.leftover(key_text, reader)
        if name == "jammer":
            self.group = "ecm"
            self.ship.jammers.append(Jammer.trusted(kind=key_text, rating=reader.number(float), spans={"self": span}))
            return self.leftover(key_text, reader)
        if name == "crew_quality":
            self.group = "crew_quality"
            self.ship.crew_quality["quality"] = key_text.split()[0].capitalize()
            self.ship.crew_quality_spans["quality"] = span
            return self.leftover(key_text, reader)
        if name in ("skill", "skill_attribute"):
            self.group = "crew_quality"
            self.ship.crew_quality[name] = reader.number(int)
            self.ship.crew_quality_spans[name] = span
            return self.leftover(key_text, reader)
        raise AssertionError(f"key {name} has no reader")  # pragma: no cover

    def read_group_values(self, name: str, key_text: str, reader: _ValueReader, span: Span) -> None:
        """``Sensors: 1x14`` with no kind: kept; a group key normally stands alone."""
        if name == "sensors" and reader.peek("SENSOR"):
            return self.read_sensors("Sensor", reader, span)
        self.leftover(key_text, reader)

    def read_sensors(self, key_text: str, reader: _ValueReader, span: Span) -> None:
        kind = SENSOR_KINDS.get(_normal(key_text), key_text)
        found = False
        while reader.peek("SENSOR") or reader.peek("NUMBER"):
            token = reader.take()
            found = True
            match = _SENSOR_RATING.fullmatch(token.text.lstrip("+"))
            if match is None:
                raise FieldValueError(f"expected a sensor rating such as 1x14.5, found {quoted(token.text)}", token)
            count, sensitivity, suffix = match.groups()
            self.ship.sensors.append(
                Sensor.trusted(
                    kind=kind,
                    count=int(count) if count else None,
                    sensitivity=float(sensitivity),
                    suffix=suffix,
                    spans={"self": self.span(token.column, token.end_column)},
                )
            )
        if not found:
            raise FieldValueError("expected a sensor rating such as 1x14.5", reader.current())
        self.leftover(key_text, reader)

    def leftover(self, key_text: str, reader: _ValueReader) -> None:
        if reader.index >= len(reader.tokens):
            return  # every value read: the common case
        rest = reader.rest()
        if rest:
            first = rest[0]
            text = self.line_text[first.column - 1 : rest[-1].end_column - 1]
            self.report(
                "USD106",
                Severity.INFO,
                f"text after {key_text} is not a rating, kept as a note: {quoted(text)}",
                first.column,
            )
            self.keep_note(text, first.column)

    # ---- batteries -----------------------------------------------------------------------
    def read_battery(self, item: _BatteryItem) -> None:
        count, name, body = item.batteries, item.name, item.body
        spans = {"self": self.span(item.column, item.end_column)}
        details, tokens = body.details, body.tokens
        weapon: Weapon
        if body.kind == "beam_body":
            weapon = BeamBattery.trusted(
                rof=_signed(tokens["ROF"][0]),
                ranges=body.ranges,
                point_defence=body.point_defence,
                count=count,
                name=name,
                details=details,
                spans=spans,
            )
        elif body.kind == "missile_body":
            pen, dam = (int(part) for part in str(tokens["PEN_DAM"][0]).split(":"))  # PEN_DAM: digits both sides
            weapon = MissileBattery.trusted(
                salvo_rating=_signed(tokens["ROF"][0]),
                pen=pen,
                dam=dam,
                size_evade=_signed(tokens["SIZE_EVADE"][0]),
                count=count,
                name=name,
                details=details,
                spans=spans,
            )
        elif body.kind == "sand_body":
            screen, armour = (int(v) for v in _SIGNED_FIGURE.findall(_DASH_BLANKS.sub("-", str(tokens["SAND"][0]))))
            weapon = SandcasterBattery.trusted(
                screen=screen, armour=armour, count=count, name=name, details=details, spans=spans
            )
        elif body.kind == "damper_body":
            weapon = DamperBattery.trusted(
                point_defence=_given(body.point_defence, "a damper's PD"),
                count=count,
                name=name,
                details=details,
                spans=spans,
            )
        else:
            figure, *values = (int(v) for v in re.findall(r"\d+", str(tokens["T4_VALUES"][0])))
            weapon = T4Weapon.trusted(
                fire_control=_signed(tokens["ROF"][0]),
                figure=figure,
                values=(values[0], values[1], values[2], values[3]),
                count=count,
                name=name,
                details=details,
                spans=spans,
            )
        limited = [
            (index, found)
            for index, detail in enumerate(details)
            if (found := _RANGE_LIMIT.search(detail.text)) is not None
        ]
        for index, found in limited:  # "1 missile/salvo only useable at Medium range or less": a detail, a limit
            detail = details[index]
            details = [
                *details[:index],
                detail.model_copy(update={"text": detail.text[: found.start()].rstrip()}),
                *details[index + 1 :],
            ]
            weapon = _limited(weapon.model_copy(update={"details": details}), found, detail.span() or spans["self"])
        for detail in details:
            if not _known_detail(detail):
                where = detail.span()
                self.report(
                    "USD108",
                    Severity.WARNING,
                    f"'{detail.render()}' after {name} names nothing shipyard knows; kept as written",
                    where.col if where else 1,
                )
        self.ship.weapons.append(weapon)
        self.ship.has_content = True
        self.battery_line = self.line_no + len(self.wrap or ())  # its last line, where a copy broke it in two

    def range_limit(self) -> bool:
        """A line of its own under a battery that limits its range ("only useable at Very Short range or less",
        the MCS sample sheets): the battery's, read into it; False for any other line."""
        found = _RANGE_LIMIT.fullmatch(self.line_text.strip())
        if found is None or not self.ship.weapons or self.battery_line != self.line_no - 1:
            return False
        first = len(self.line_text) - len(self.line_text.lstrip()) + 1
        self.ship.weapons[-1] = _limited(
            self.ship.weapons[-1], found, self.span(first, len(self.line_text.rstrip()) + 1)
        )
        return True


#: A sheet's range limit on a battery: "only useable at Very Short range or less" (MCS sample sheets).
_RANGE_LIMIT = re.compile(
    r"only\s+use?able\s+at\s+(?P<band>very\s+short|short|medium|long|extreme)\s+range"
    r"(?:\s+or\s+less)?\.?",
    re.I,
)


def _limited(weapon: Weapon, found: re.Match[str], where: Span) -> Weapon:
    """A battery with the range limit ``found`` (a match of _RANGE_LIMIT) read into it, at ``where``."""
    return weapon.model_copy(
        update={"max_range": " ".join(found["band"].lower().split()), "spans": {**weapon.spans, "max_range": where}}
    )


_KNOWN_DETAIL = re.compile(
    r"turret|bay|laser|gun|weapon|per battery|salvo|mis+i?le|can+is+ter|caster|damper|reload|"
    r"launcher|rack"
)


def _known_detail(detail: Detail) -> bool:
    words = detail.words()
    return bool(_KNOWN_DETAIL.search(words))


def _pen_dam(token: Token) -> tuple[int | None, int | None]:
    """Pen and Dam of "14:9"; a dash on either side ("14:-", "-:9") is None."""
    pen, _, dam = str(token).partition(":")
    return (None if pen.lstrip()[:1] == "-" else int(pen)), (None if dam.lstrip()[:1] == "-" else int(dam))


_SIGNED = re.compile(r"[+-]?\d+")
#: A sandcaster's "screen: armour" pair: its figures, once a dash's blanks are gone ("- 1: 12" is -1 and 12).
_SIGNED_FIGURE = re.compile(r"-?\d+")
_DASH_BLANKS = re.compile(r"-\s+")
#: The key of a notes line.
_NOTES_KEY = re.compile(r"^notes?\s*:", re.IGNORECASE)
#: A cargo figure's unit.
#: Computers as a sheet counts them ("3xFib"): the count and the model.
#: A heading's class name and its bracketed description ("Kuvasz (escort frigate)"): the name is the text before
#: the first bracket, less its blanks. Linear: once from the start, no run read again.
_HEADING_DESCRIPTION = re.compile(r"\A([^(\n]*+)\((.*)\)\Z")
#: A figure as a scanner may have read it (core/copies.py SCANNER_LETTERS), thousands commas and a fraction too.
#: The Pen:Dam pairs and rates of fire of a battery line as a scanner may have read them (``l4:9``, ``(+l)``),
#: not inside a word; tried only on a line the grammar refuses.
_SCANNED_BATTERY_FIGURE = re.compile(
    f"(?<![A-Za-z0-9])(?:{FIGURE_CHAR}{{1,3}}:(?:{FIGURE_CHAR}{{1,3}}|-)|-:"
    f"{FIGURE_CHAR}{{1,3}})(?![A-Za-z0-9:])|(?<=\\()[+-]{FIGURE_CHAR}{{1,2}}(?=\\))"
)
#: A sensor rating: "2x14", "14.5", "1x13.5s" (count, sensitivity, suffix).
_SENSOR_RATING = re.compile(r"(?:(\d+)[xX])?(\d+(?:\.\d+)?)([A-Za-z]*)")
#: A sensor rating with its count (``1x14.0s``), as a line broken off a sensor list holds: a bare number could be
#: anything (a page number), so it is not taken for one.
_WRAPPED_SENSOR = re.compile(r"(?<![\d.])\d++[xX]\d++(?:\.\d++)?[A-Za-z]*+")  # linear: one start a run of digits


def _given(value: int | None, what: str) -> int:
    """A value the grammar requires (a damper's PD); its absence is a bug, reported as SY001."""
    if value is None:
        raise ValueError(f"{what} is missing from a line the grammar read")
    return value


def _leading_number(text: str) -> str:
    """The first (signed) whole number of a token's text; the grammar guarantees there is one."""
    found = _SIGNED.search(text)
    if found is None:
        raise ValueError(f"no number in {quoted(text)}")
    return found.group()


def _signed(token: Token) -> int:
    return int(_leading_number(str(token)))


def _display_key(spelling: str) -> str:
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


def _display_name(name: str) -> str:
    return name.replace("_", " ").capitalize()


def parse_usd(text: str, path: str = "<string>") -> tuple[list[UsdShip], list[Diagnostic]]:
    """Read USD sheet text: the ships it holds and every diagnostic, in file order."""
    reader = _SheetReader(path)
    reader.read(text)
    return reader.ships, reader.diagnostics


def read_usd(text: str | None, path: Path, shown: str) -> tuple[list[UsdShip], list[Diagnostic]]:
    """The registry's reader for USD sheets."""
    return parse_usd(text or "", shown)
