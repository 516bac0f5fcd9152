"""The typed values of a USD sheet's fields: a field's tokens read as a whole number, a figure with its unit, a
cost, an armour, a power, cargo, a type code, a fire control or computers, each refused with what was expected
(``FieldValueError``, located at its token)."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from shipyard.core.copies import FIGURE_CHAR, SCANNER_DIGITS, SCANNER_LETTERS
from shipyard.core.names import quoted
from shipyard.core.numbers import beyond_reason
from shipyard.systems.mcs.model import Computer

if TYPE_CHECKING:
    from shipyard.systems.mcs.read.lines import Lexeme as _Lexeme

_CARGO_UNIT = re.compile(r"(d?tons?|m3|tonnes?|kl)")
_COUNTED_COMPUTERS = re.compile(r"(?<!\d)(\d++)\s*+[xX]\s*(.+)")  # linear: tried at a run's first digit
_SCANNED_FIGURE = re.compile(f"{FIGURE_CHAR}(?:{FIGURE_CHAR}|,)*+(?:\\.{FIGURE_CHAR}++)?")


class FieldValueError(Exception):
    """A field value of the wrong kind: carries the message and the offending token."""

    def __init__(self, message: str, token: _Lexeme | None = None):
        super().__init__(message)
        self.message = message
        self.token = token


# ---- typed values ---------------------------------------------------------------------------


class _ValueReader:
    """Walks the value tokens of one field; ``scanned`` collects each figure read through a scanner's letters
    (its column, as written, as read)."""

    __slots__ = ("index", "scanned", "tokens")

    def __init__(self, tokens: list[_Lexeme], scanned: list[tuple[int, str, str]] | None = None):
        self.tokens = tokens
        self.index = 0
        self.scanned = scanned

    def current(self) -> _Lexeme | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def peek(self, type_: str, text: str | None = None) -> bool:
        token = self.current()
        return token is not None and token.type == type_ and (text is None or token.text.lower() == text)

    def take(self) -> _Lexeme:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def word(self, *choices: str) -> str | None:
        token = self.current()
        if token is not None and token.type == "WORD" and token.text.lower().rstrip(".") in choices:
            self.index += 1
            return token.text
        return None

    def number(self, kind: Callable = Decimal, what: str = "a number"):
        token = self.current()
        scanned = None
        if token is not None and (token.type != "NUMBER" or self.run_goes_on(self.index)):
            scanned = self.scanned_figure()  # a NUMBER alone is a figure as it is
        if scanned is None:
            if token is None or token.type != "NUMBER":
                found = f", found {quoted(token.text)}" if token else ""
                raise FieldValueError(f"expected {what}{found}", token)
            self.index += 1
            written = read = token.text
        else:
            written, read = scanned
        text = read.replace(",", "")
        if kind is int:
            if "." in text:  # a NUMBER is a sign, digits and perhaps a fraction: a whole number has none
                raise FieldValueError(f"expected a whole number, found {quoted(written)}", token)
            value = int(text)
        else:
            try:
                value = kind(text)
            except (InvalidOperation, ValueError):  # pragma: no cover - NUMBER is always numeric
                raise FieldValueError(f"expected {what}, found {quoted(written)}", token) from None
        beyond = beyond_reason(value)
        if beyond is not None:  # the line check refuses long figures; a fraction of 0.0000000000000001 passes it
            raise FieldValueError(f"expected {what}: the figure {written[:20]} {beyond}", token)
        return value

    def run_goes_on(self, index: int) -> bool:
        """Whether the token after ``index`` is a WORD or NUMBER that touches it (``1`` and ``O`` of ``1O``)."""
        if index + 1 >= len(self.tokens):
            return False
        after = self.tokens[index + 1]
        return after.column == self.tokens[index].end_column and after.type in ("WORD", "NUMBER")

    def scanned_figure(self) -> tuple[str, str] | None:
        """The figure of the touching WORD and NUMBER tokens from here, when they are a figure with a scanner's
        letters in it (``l2``, ``1O``, ``l.5``), as written and read as digits, and taken; else None, and nothing
        taken."""
        end = self.index
        while self.tokens[end].type in ("WORD", "NUMBER") and self.run_goes_on(end):
            end += 1
        run = self.tokens[self.index : end + 1]
        written = "".join(token.text for token in run)
        if not _SCANNED_FIGURE.fullmatch(written):
            return None
        if len(run) == 1 and run[0].type == "NUMBER":
            return None  # a figure as it is
        if not set(written) & set(SCANNER_LETTERS):
            return None
        read = written.translate(SCANNER_DIGITS)
        if self.scanned is not None:
            self.scanned.append((run[0].column, written, read))
        self.index = end + 1
        return written, read

    def rest(self) -> list[_Lexeme]:
        rest = self.tokens[self.index :]
        self.index = len(self.tokens)
        return rest


_TONS = ("tons", "ton", "dtons", "dton", "dt", "td")
_TONNES = ("tonnes", "tonne", "t", "tons")


def _whole(model_name: str, what: str = "a whole number"):
    def read(reader: _ValueReader):
        return model_name, reader.number(int, what), {}

    return read


def _figure(model_name: str, units: tuple[str, ...]):
    def read(reader: _ValueReader):
        value = reader.number(Decimal)
        reader.word(*units)
        return model_name, value, {}

    return read


def _read_cost(reader: _ValueReader):
    prefix = reader.word("mcr")
    value = reader.number(Decimal, "a cost in MCr such as 'MCr 90'")
    if not prefix:
        reader.word("mcr")
    return "cost_mcr", value, {}


def _read_armour(reader: _ValueReader):
    value = reader.number(int, "a whole armour rating")
    mark = reader.word("*", "\u2020", "\u2021", "**")
    return "armour", value, ({"armour_mark": mark} if mark else {})


def _read_power(reader: _ValueReader):
    plants = [reader.number(int, "a whole power rating")]
    while True:
        if reader.word("+"):
            plants.append(reader.number(int, "a power rating after '+'"))
        elif (token := reader.current()) is not None and token.type == "NUMBER" and token.text.startswith("+"):
            plants.append(reader.number(int))
        else:
            return "power", plants, {}


def _read_cargo(reader: _ValueReader):
    value = reader.number(Decimal)
    unit = None
    token = reader.current()
    if token is not None and token.type == "WORD" and _CARGO_UNIT.fullmatch(token.text.lower()):
        unit = reader.take().text
    return "cargo", value, ({"cargo_unit": unit} if unit else {})


def _read_type(reader: _ValueReader):
    token = reader.current()
    if token is None or token.type not in ("WORD", "NUMBER"):
        raise FieldValueError("expected a ship type code such as DD", token)
    return "ship_type", reader.take().text, {}


def _read_fire_control(reader: _ValueReader):
    value = reader.number(int, "a fire control rating such as +4")
    extra = {}
    if reader.peek("PAREN_TEXT"):
        extra["fire_control_note"] = reader.take().text.strip("() ")
    return "fire_control", value, extra


#: A computer model as a sheet names one, the shape grammars/usd.lark's COUNTED takes after its "3x".
_COMPUTER_MODEL = re.compile(r"[A-Za-z][A-Za-z0-9/]*")


def _read_computers(reader: _ValueReader):
    computers = []
    while reader.peek("COUNTED") or reader.peek("WORD"):
        token = reader.current()
        match = _COUNTED_COMPUTERS.fullmatch(token.text) if token is not None else None
        count, model = (int(match.group(1)), match.group(2)) if match else (1, token.text if token else "")
        if not _COMPUTER_MODEL.fullmatch(model):  # "Fib", "Model/3"; ";" or "A{" is no model
            raise FieldValueError(
                f"expected computers such as 10xFib, found {quoted(token.text)}"
                if token
                else "expected computers such as 10xFib",
                token,
            )
        reader.take()
        computers.append(Computer.trusted(count=count, model=model))
    if not computers:
        raise FieldValueError("expected computers such as 10xFib", reader.current())
    return "computers", computers, {}


_FIELD_READERS: dict[str, Callable] = {
    "tl": _whole("tl", "a tech level such as 15"),
    "type": _read_type,
    "displacement": _figure("displacement", _TONS),
    "cost": _read_cost,
    "mass": _figure("mass", _TONNES),
    "size": _whole("size", "a whole size code"),
    "armour": _read_armour,
    "toughness": _whole("toughness", "a whole toughness code"),
    "maneuver": _figure("maneuver", ("g",)),
    "jump": _whole("jump", "a whole jump number"),
    "power": _read_power,
    "g_tolerance": _whole("g_tolerance", "a whole G-tolerance"),
    "jump_fuel": _figure("jump_fuel", _TONS),
    "cargo": _read_cargo,
    "crew": _whole("crew", "a whole number of crew"),
    "troops": _whole("troops", "a whole number of troops"),
    "passengers": _whole("passengers", "a whole number of passengers"),
    "computers": _read_computers,
    "fire_control": _read_fire_control,
    "meson_screen": _whole("meson_screen", "a whole protection value"),
    "missile_launchers": _whole("missile_launchers", "a whole number of launchers"),
    "sandcaster_count": _whole("sandcaster_count", "a whole number of sandcasters"),
}
