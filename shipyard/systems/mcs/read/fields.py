"""Lines of fields (``Displacement: 15000  Crew: 789``) and headings: each key read as the field it names (a
near miss as the key it resembles, USD103), its value typed by the field's reader, the text left after it kept as a
note; ``Class:`` or a heading starts a new ship."""

from __future__ import annotations

import difflib

from lark import Token

from shipyard.core.diagnostics import Edit, Fix, Severity, Span
from shipyard.core.names import quoted
from shipyard.systems.mcs.keys import _ANAGRAMS, _CANONICAL, _FUZZY_CUTOFF, SENSOR_KINDS, SIGNATURE_KINDS
from shipyard.systems.mcs.model import (
    Jammer,
    Sensor,
)
from shipyard.systems.mcs.read.lines import (
    HEADING_DESCRIPTION,
    SENSOR_RATING,
    FieldItem,
    Lexeme,
    display_key,
    key_words,
    normal_key,
    words,
)
from shipyard.systems.mcs.read.sheet import Reading
from shipyard.systems.mcs.values import _FIELD_READERS, FieldValueError, _ValueReader


def read_fields(r: Reading, items: list[FieldItem]) -> None:
    """``read_line`` for a line of fields only: each up to the next one's key."""
    for index in range(len(items) - 1):
        read_field(r, items[index], next_start=items[index + 1].column)
    read_field(r, items[-1], next_start=len(r.line_text) + 1)


def read_field(r: Reading, item: FieldItem, next_start: int) -> None:
    key = item.key
    key_text = key_words(key.text)
    key_column, key_end = key.column, key.end_column
    value_text = r.line_text[key_end - 1 : next_start - 1]  # the value as written, up to the next key
    name = canonical_key(r, key_text, key_column)
    if name is None:
        r.report("USD104", Severity.WARNING, f"unknown key '{key_text}'; the field is kept as a note", key_column)
        r.keep_note(f"{key_text}: {words(value_text)}", key_column)
        r.ship.has_content = True
        return
    try:
        apply_field(r, name, key_text, item.values, value_text, key_column, key_end)
    except FieldValueError as error:
        column = error.token.column if error.token else key_column
        r.report("USD102", Severity.ERROR, f"{key_text}: {error.message}", column)
        r.keep_note(f"{key_text}: {words(value_text)}", key_column)
        r.scanned.clear()  # the field is a note: no figure of it was read
    r.ship.has_content = True
    if r.scanned:
        for column, written, read in r.scanned:
            r.said_scanned(written, read, column)
        r.scanned.clear()


def canonical_key(r: Reading, key_text: str, column: int) -> str | None:
    """The field a key names; ``r.key_read`` is the key as read (the near miss's match)."""
    normal = r.key_read = normal_key(key_text)
    if r.state.group == "signature" and normal in SIGNATURE_KINDS:
        return "signature_part"
    if normal.endswith("jam") and (r.state.group == "ecm" or len(normal) > 3):
        return "jammer"
    if normal in _CANONICAL:
        return _CANONICAL[normal]
    if len(normal) >= 4:
        swapped = _ANAGRAMS.get("".join(sorted(normal)))
        close = [swapped] if swapped else difflib.get_close_matches(normal, list(_CANONICAL), n=1, cutoff=_FUZZY_CUTOFF)
        if close:
            known = display_key(close[0])
            respelled = Fix(
                message=f"spell the key '{known}'",
                edits=(Edit(line=r.line_no, col=column, old=key_text, new=known),),
            )  # read as that key already
            r.report(
                "USD103",
                Severity.WARNING,
                f"unknown key '{key_text}': did you mean '{known}'? Read as that key",
                column,
                respelled,
            )
            r.key_read = close[0]
            return _CANONICAL[close[0]]
    return None


def apply_field(
    r: Reading, name: str, key_text: str, tokens: list[Lexeme], value_text: str, key_column: int, key_end: int
) -> None:
    reader = _ValueReader(tokens, r.scanned)
    span = r.span(key_column, tokens[-1].end_column if tokens else key_end)
    r.grouped(None)
    handler = _FIELD_READERS.get(name)  # most fields: a figure, read by its reader (none of the names below)
    if handler is not None:
        model_name, value, extra = handler(reader)
        if not r.set_value(model_name, value, span):
            r.keep_note(f"{key_text}: {words(value_text)}", key_column)
            return
        for extra_name, extra_value in extra.items():
            r.ship.values[extra_name] = extra_value
            r.ship.spans[extra_name] = span
        return leftover(r, key_text, reader)
    if name == "class":
        r.start_ship_if_named()
        raw = words(value_text)
        if not raw:
            raise FieldValueError("expected the class name after the key")
        r.set_value("class_name", raw, span)
        return
    if name in ("sensors", "signature", "ecm"):
        r.grouped(name)
        return read_group_values(r, name, key_text, reader, span)
    if name == "defences":
        return leftover(r, key_text, reader)
    if name == "weapons":
        r.set_value("range_header", [t.text for t in tokens], span)
        return
    if name == "sensor":
        r.grouped("sensors")
        return read_sensors(r, key_text, reader, span)
    if name == "signature_part":
        r.grouped("signature")
        part = r.key_read  # "vis", "ir", "active" or "lidar", or the one a near miss was read as
        r.ship.signature[part] = reader.number(float)
        r.ship.signature_spans[part] = span
        return leftover(r, key_text, reader)
    if name == "jammer":
        r.grouped("ecm")
        r.ship.jammers.append(Jammer.trusted(kind=key_text, rating=reader.number(float), spans={"self": span}))
        return leftover(r, key_text, reader)
    if name == "crew_quality":
        r.grouped("crew_quality")
        r.ship.crew_quality["quality"] = key_text.split()[0].capitalize()
        r.ship.crew_quality_spans["quality"] = span
        return leftover(r, key_text, reader)
    if name in ("skill", "skill_attribute"):
        r.grouped("crew_quality")
        r.ship.crew_quality[name] = reader.number(int)
        r.ship.crew_quality_spans[name] = span
        return leftover(r, key_text, reader)
    raise AssertionError(f"key {name} has no reader")  # pragma: no cover


def read_group_values(r: Reading, name: str, key_text: str, reader: _ValueReader, span: Span) -> None:
    """``Sensors: 1x14`` with no kind: kept; a group key normally stands alone."""
    if name == "sensors" and reader.peek("SENSOR"):
        return read_sensors(r, "Sensor", reader, span)
    leftover(r, key_text, reader)


def read_sensors(r: Reading, key_text: str, reader: _ValueReader, span: Span) -> None:
    kind = SENSOR_KINDS.get(normal_key(key_text), key_text)
    found = False
    while reader.peek("SENSOR") or reader.peek("NUMBER"):
        token = reader.take()
        found = True
        match = SENSOR_RATING.fullmatch(token.text.lstrip("+"))
        if match is None:
            raise FieldValueError(f"expected a sensor rating such as 1x14.5, found {quoted(token.text)}", token)
        count, sensitivity, suffix = match.groups()
        r.ship.sensors.append(
            Sensor.trusted(
                kind=kind,
                count=int(count) if count else None,
                sensitivity=float(sensitivity),
                suffix=suffix,
                spans={"self": r.span(token.column, token.end_column)},
            )
        )
    if not found:
        raise FieldValueError("expected a sensor rating such as 1x14.5", reader.current())
    leftover(r, key_text, reader)


def leftover(r: Reading, key_text: str, reader: _ValueReader) -> None:
    if reader.index >= len(reader.tokens):
        return  # every value read: the common case
    rest = reader.rest()
    if rest:
        first = rest[0]
        text = r.line_text[first.column - 1 : rest[-1].end_column - 1]
        r.report(
            "USD106",
            Severity.INFO,
            f"text after {key_text} is not a rating, kept as a note: {quoted(text)}",
            first.column,
        )
        r.keep_note(text, first.column)


def read_heading(r: Reading, token: Token) -> None:
    r.start_ship_if_named()
    text = words(str(token))
    match = HEADING_DESCRIPTION.match(text)
    name, description = (match.group(1).rstrip(), match.group(2)) if match else (text, None)
    where = r.span(token.column or 1, token.end_column)
    r.set_value("class_name", name, where)
    if description:
        r.set_value("description", description, where)
