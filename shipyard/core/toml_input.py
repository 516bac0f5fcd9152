"""TOML inputs (FFS designs, scenarios, fleet files) read into pydantic models, with located errors.

A syntax error keeps tomllib's line and column; a value that fails validation is reported at the line of
its key (``toml_positions`` scans the ``[table]`` / ``[[table]]`` headers and ``key =`` lines), or at its
table's header when the key is missing. Unknown keys get a did-you-mean from the model's field names.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError, model_validator
from pydantic_core import ErrorDetails

from shipyard.core.codes import nearest
from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.numbers import beyond_reason
from shipyard.core.source import read_sheet_text

#: Where a value stands in a document: ("beam", 0, "damage").
Location = tuple[str | int, ...]
#: Each table's and key's position: 1-based line and column.
Positions = dict[Location, tuple[int, int]]
Model = TypeVar("Model", bound=BaseModel)


def toml_string(value: str) -> str:
    """``value`` as a TOML basic string that reads back to it: quotes, backslashes, line breaks and every control
    character escaped (JSON's escapes are TOML's; DEL and the C1 controls, which JSON leaves, as ``\\u``). A byte
    of a command-line argument that was not UTF-8 (a lone surrogate, which no file can hold) is U+FFFD, as a
    decoder writes it."""
    import json

    text = value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return "".join(f"\\u{ord(c):04x}" if 0x7F <= ord(c) <= 0x9F else c for c in json.dumps(text, ensure_ascii=False))


def toml_value(value: Any) -> str:
    """A value as a TOML file written by shipyard holds it (whole: an engagement or fleet file read back to the
    same values): booleans, numbers, lists of them, strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | Decimal):
        return str(value) if isinstance(value, Decimal) else repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return toml_string(str(value))


def _file_name(value: str) -> str:
    if not value.strip():
        raise ValueError("a file name, not an empty string")
    if "\x00" in value:
        raise ValueError("a file name without a NUL character (no file can be named with one)")
    return value


#: A file an input refers to (a fleet's sheet, a fire log's ship, a game's system), relative to the input: a
#: name that can name no file (empty, or holding a NUL) is the format's value error at its key, never a traceback
#: when it is opened.
FileName = Annotated[str, AfterValidator(_file_name)]


class AnyCase(BaseModel):
    """An input table whose words from a fixed list (a ``Literal`` field: ``sand = "blocking"``, ``speed = "HA"``)
    are read in any case and spacing, as the list spells them: a typist's ``"Blocking"`` or ``"ha"`` is no
    error. A list spelt in mixed case, and a word that is none of the list's in any case, are left as written
    (the error quotes what the file says). Each builds its validator when its first table is read."""

    model_config = ConfigDict(defer_build=True)

    @model_validator(mode="before")
    @classmethod
    def _words_in_any_case(cls, data: Any) -> Any:
        lists = _literal_lists(cls)
        if not lists or not isinstance(data, dict):
            return data
        return {key: _recased(value, *lists[key]) if key in lists else value for key, value in data.items()}


class ClosedTable(AnyCase):
    """An input table that refuses a key it does not know (a misspelt ``sand`` is an error at its line, never
    read as a default), its words from a fixed list read in any case: the base of every table of a game's file."""

    model_config = ConfigDict(extra="forbid")


def _recased(value: Any, case: str, words: frozenset[str]) -> Any:
    if not isinstance(value, str):
        return value
    recased = getattr(" ".join(value.split()), case)()
    return recased if recased in words else value


@functools.cache
def _literal_lists(model: type[BaseModel]) -> dict[str, tuple[str, frozenset[str]]]:
    """Each field of ``model`` (by the key a file writes) whose words come from a fixed list of one case: the
    case ("lower" or "upper") and the list."""
    lists = {}
    for name, info in model.model_fields.items():
        words = frozenset(word for word in _literal_words(info.annotation) if isinstance(word, str))
        if words and all(word == word.lower() for word in words):
            lists[info.alias or name] = ("lower", words)
        elif words and all(word == word.upper() for word in words):
            lists[info.alias or name] = ("upper", words)
    return lists


def _literal_words(annotation: Any) -> list[Any]:
    """The words of the ``Literal`` types an annotation is made of (through unions and ``Annotated``)."""
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    if get_origin(annotation) in (Union, UnionType, Annotated):
        return [word for arg in get_args(annotation) for word in _literal_words(arg)]
    return []


_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*\]\]?")
# A bare key, or a quoted one ("legacy/*" = [...] in per-file-ignores): where its line begins.
_KEY = re.compile(r"""^(\s*)(?:"([^"\\\n]*)"|'([^'\n]*)'|([A-Za-z0-9_-]+))\s*=""")


def toml_positions(text: str) -> dict[Location, tuple[int, int]]:
    """Where each table and key of a (flat, documented-layout) TOML file stands: 1-based line, col."""
    positions: dict[Location, tuple[int, int]] = {}
    table: Location = ()
    counts: dict[Location, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header:
            name = header.group(2)
            parts = name.split(".")
            # A nested table ([[turn.move]], [scenario.rulings]) hangs under its parent's latest entry.
            parent: Location = ()
            for part in parts[:-1]:
                parent = parent + ((part, counts[parent + (part,)]) if parent + (part,) in counts else (part,))
            if header.group(1) == "[[":
                key = parent + (parts[-1],)
                counts[key] = counts.get(key, -1) + 1
                table = key + (counts[key],)
            else:
                table = parent + (parts[-1],)
            positions.setdefault(table, (number, line.index("[") + 1))
            continue
        found_key = _KEY.match(line)
        if found_key:
            name = next(part for part in found_key.group(2, 3, 4) if part is not None)
            positions.setdefault(table + (name,), (number, len(found_key.group(1)) + 1))
    return positions


def model_keys(model: type[BaseModel]) -> set[str]:
    """Every field name of a model and of the models inside it (for the did-you-mean)."""
    names: set[str] = set()
    todo, seen = [model], set()
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        for name, info in current.model_fields.items():
            names.add(name)
            for arg in _nested_models(info.annotation):
                todo.append(arg)
    return names


def _nested_models(annotation) -> list[type[BaseModel]]:
    found = []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        found.append(annotation)
    for arg in getattr(annotation, "__args__", ()) or ():
        found.extend(_nested_models(arg))
    return found


def _model_at(model: type[BaseModel], loc: Location) -> type[BaseModel] | None:
    """The model that holds the value at ``loc`` (list indexes skipped), or None where no model does."""
    current: type[BaseModel] | None = model
    for part in loc:
        if isinstance(part, int) or current is None:
            continue
        info = current.model_fields.get(part) or next(
            (f for f in current.model_fields.values() if f.alias == part), None
        )
        nested = _nested_models(info.annotation) if info is not None else []
        current = nested[0] if nested else None
    return current


def _keys(model: type[BaseModel]) -> list[str]:
    """The keys a table of ``model`` takes, as the file writes them (aliases)."""
    return sorted(info.alias or name for name, info in model.model_fields.items())


def _allowed(model: type[BaseModel] | None) -> str:
    return "expected one of " + ", ".join(_keys(model)) if model is not None else "see the format's documentation"


def _describe(error: ErrorDetails, keys: set[str], model: type[BaseModel]) -> str:
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error["loc"]).lstrip(".")
    where = where or "the file"
    message = error["msg"].removeprefix("Value error, ")  # pydantic's prefix to a validator's own words
    if error["type"] == "extra_forbidden":
        key = str(error["loc"][-1])
        here = _model_at(model, tuple(error["loc"][:-1]))
        keys = set(_keys(here)) if here is not None else keys  # the table's own keys, where its model is known
        near = [k for k in sorted(keys) if k.startswith(key + "_")]  # "budget" -> "budget_mcr"
        meant = near[0] if near else nearest(key, sorted(keys), 0.8)
        hint = f"did you mean '{meant}'?" if meant else _allowed(here)
        message = f"unknown key ({hint})"
    elif error["type"] == "missing":
        message = "required value missing"
    shown = error.get("input")
    value = "" if error["type"] in ("missing",) or isinstance(shown, dict) else f", found {_as_toml(shown)}"
    return f"{where}: {message}{value}"


def _as_toml(value: object) -> str:
    """A value as the TOML file writes it (``1.5``, ``true``, ``'tug'``), not as Python shows it
    (``Decimal('1.5')``, ``True``), bounded as every quoted value is (``quoted``: a 5,000-character string by its
    beginning and its length; a long list by its first items and its count)."""
    from shipyard.core.names import QUOTED_MOST, quoted

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | Decimal):
        text = str(value)
        return text if len(text) <= QUOTED_MOST else f"{text[: QUOTED_MOST - 1]}… ({len(text):,} digits)"
    if isinstance(value, list):
        shown, length = [], 1
        for item in value:
            shown.append(_as_toml(item))
            length += len(shown[-1]) + 2
            if length > QUOTED_MOST:
                break
        more = f", … ({len(value):,} items)" if len(shown) < len(value) else ""
        return "[" + ", ".join(shown) + more + "]"
    if isinstance(value, dict):  # an inline table, as TOML writes one (never a Python dict)
        pairs = ", ".join(f"{key} = {_as_toml(item)}" for key, item in list(value.items())[:QUOTED_MOST])
        text = "{ " + pairs + " }"
        return text if len(text) <= QUOTED_MOST else text[: QUOTED_MOST - 1] + f"… }} ({len(value):,} keys)"
    return quoted(value)


def validation_diagnostics(
    error: ValidationError,
    path: str,
    locate: Callable[[Location], tuple[int, int, str]],
    model: type[BaseModel],
    code: str,
) -> list[Diagnostic]:
    """One ``code`` diagnostic per failing value, at the position ``locate(loc)`` returns."""
    keys = model_keys(model)
    found = []
    for item in error.errors():
        line, col, label = locate(tuple(item["loc"]))
        found.append(
            Diagnostic(
                code=code,
                severity=Severity.ERROR,
                span=Span(path=path, line=line, col=col),
                message=f"{label}{_describe(item, keys, model)}",
            )
        )
    return found


# Where a TOML text too deep or too long for the reader most likely goes wrong: a run of openers, a long integer.
_DEEP_NESTING = re.compile(r"[\[{](?:[ \t]*[\[{]){31,}")
_LONG_INTEGER = re.compile(f"(?<![0-9_])[0-9_]{{{max(sys.get_int_max_str_digits(), 1)},}}")


def _at(found: re.Match[str] | None, text: str) -> tuple[int, int]:
    """The line and column where ``found`` starts, 1:1 without a match."""
    if found is None:
        return 1, 1
    line = text.count("\n", 0, found.start()) + 1
    return line, found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1


def parse_toml(text: str) -> tuple[dict | None, tuple[int, int, str] | None]:
    """A TOML text as data (floats as ``Decimal``), or None and where and why it cannot be read: a syntax error,
    nesting deeper than the reader follows, or an integer longer than Python converts (4,300 digits)."""
    import tomllib  # loaded with the first TOML text: a check of sheets without settings reads none

    try:
        return tomllib.loads(text, parse_float=Decimal), None
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        line, col = (int(found.group(1)), int(found.group(2))) if found else (1, 1)
        return None, (line, col, re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error)))
    except RecursionError:
        return None, (*_at(_DEEP_NESTING.search(text), text), "arrays or tables nested too deep to read")
    except ValueError:  # int() past sys.get_int_max_str_digits()
        found = _LONG_INTEGER.search(text)
        digits = f"of {len(found.group().replace('_', ''))} digits " if found else ""
        return None, (
            *_at(found, text),
            f"a number {digits}is too long to read (at most {sys.get_int_max_str_digits():,} digits)",
        )


def load_toml_model(
    text: str, path: str, model: type[Model], syntax_code: str, value_code: str, what: str = "TOML"
) -> tuple[Model | None, list[Diagnostic], Positions]:
    """Parse and validate: (the model or None, diagnostics, positions of tables and keys)."""
    data, problem = parse_toml(text)
    if data is None or problem is not None:
        line, col, message = problem or (1, 1, "unreadable")
        from shipyard.core.sniff import TEXT_SHEET_SUFFIXES, recognised, sniff_format

        sheet = recognised(text)
        suffix = Path(path).suffix.lower()
        if sheet is None and suffix in TEXT_SHEET_SUFFIXES:  # a sheet's name: the format that reads the rest
            sheet = sniff_format(text, suffix)
        if sheet is not None and sheet.role == "sheet" and sheet.toml_table is None:  # a sheet given instead
            line, col = 1, 1
            message = f"the file is {sheet.description}, not TOML ('shipyard check' and 'shipyard show' read it)"
        return (
            None,
            [
                Diagnostic(
                    code=syntax_code,
                    severity=Severity.ERROR,
                    span=Span(path=path, line=line, col=col),
                    message=f"not valid {what}: {message}",
                )
            ],
            {},
        )
    positions = toml_positions(text)

    def locate(loc: Location) -> tuple[int, int, str]:
        for end in range(len(loc), 0, -1):  # the key, else its table, else the file's top
            if loc[:end] in positions:
                return (*positions[loc[:end]], "")
        return 1, 1, ""

    beyond = beyond_diagnostics(data, path, locate, value_code)
    if beyond:
        return None, beyond, positions
    try:
        return model.model_validate(data), [], positions
    except ValidationError as error:
        return None, validation_diagnostics(error, path, locate, model, value_code), positions


def beyond_diagnostics(
    data: object, path: str, locate: Callable[[Location], tuple[int, int, str]], code: str
) -> list[Diagnostic]:
    """An error at each number of ``data`` beyond what a rule can mean (``locate`` gives its line, column and
    the name of its cell, if any)."""
    found = []
    for loc, reason in beyond_numbers(data):
        line, col, label = locate(loc)
        found.append(
            Diagnostic(
                code=code,
                severity=Severity.ERROR,
                span=Span(path=path, line=line, col=col),
                message=f"{label}{'.'.join(str(part) for part in loc)}: the number {reason}: not read",
            )
        )
    return found


def beyond_numbers(data: object, where: Location = ()) -> list[tuple[Location, str]]:
    """Every number of a TOML document beyond what a rule can mean (core/numbers.py), with where it stands."""
    if isinstance(data, dict):
        return [found for key, value in data.items() for found in beyond_numbers(value, (*where, key))]
    if isinstance(data, list):
        return [found for index, value in enumerate(data) for found in beyond_numbers(value, (*where, index))]
    reason = beyond_reason(data)
    return [] if reason is None else [(where, reason)]


def locate(positions: Positions, where: Location) -> tuple[int, int]:
    """The line and column of a key (``("turn", 0, "fire", 2, "dice")``), else of the nearest table holding it,
    else of the file's top."""
    for end in range(len(where), 0, -1):
        if where[:end] in positions:
            return positions[where[:end]]
    return 1, 1


def located(positions: Positions, path: str, where: Location) -> Span:
    """``locate`` as a span of ``path``."""
    line, col = locate(positions, where)
    return Span(path=path, line=line, col=col)


def read_toml_file(
    path: Path, shown: str, model: type[Model], syntax_code: str, value_code: str, what: str
) -> tuple[Model | None, list[Diagnostic], Positions]:
    """A TOML input file read as a sheet is (a byte order mark, UTF-16 or Windows-1252 read as the editor wrote
    it, and said) and validated (``load_toml_model``); IO001 to IO004 when it cannot be read at all."""
    text, read = read_sheet_text(path, shown, what)
    if text is None:
        return None, read, {}
    model_read, found, positions = load_toml_model(text, shown, model, syntax_code, value_code, what)
    return model_read, read + found, positions
