"""The records every system's ships are made of: frozen pydantic models that keep, for each field read from
a sheet, where it stood (``spans``).

Spans are provenance, not value: two records are equal when their values are, wherever they were read from,
so a sheet rendered back to text and read again gives an equal ship. A record refuses a field it does not
know (a misspelled key is an error, never dropped). The computed fields a record writes to JSON are derived:
``Record.from_data`` drops them, at every depth, before validating data read back (``show --format json``
validates back into ``SheetFile``). Records built by the readers never carry them, and pay for no such step.

A record's validator is built when something first validates or writes one (``defer_build``). The readers build
their records with ``Record.trusted``: from values they made, each already of its field's type, without
validation; so a ``check``, which writes no record, never builds their validators (some 30 ms of its first files).
A test holds every record of the sample sheets equal, field by field and type by type, to the one validation
makes of the same values.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Annotated, Any, ClassVar, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer

from shipyard.core.diagnostics import Span
from shipyard.core.fast import MAKERS, maker
from shipyard.core.numbers import json_number

#: A figure kept exactly (tons, tonnes, MCr, G); written to JSON as a plain number.
Figure = Annotated[Decimal, PlainSerializer(json_number, return_type=int | float, when_used="json")]


def _without_spans(value: Any) -> Any:
    if isinstance(value, Record):
        return tuple(
            (name, _without_spans(getattr(value, name))) for name in type(value).model_fields if name != "spans"
        )
    if isinstance(value, (list, tuple)):
        return tuple(_without_spans(v) for v in value)
    return value


RecordType = TypeVar("RecordType", bound="Record")


class _Trusted:
    """``Record.trusted``: the written-out constructor of the class it is read from, called as it is (a class
    method would pack its keywords into a dict to pass them on, which cost a small record a quarter of its time)."""

    def __get__(self, instance: object, owner: type[RecordType]) -> Callable[..., RecordType]:
        return MAKERS.get(owner) or maker(owner)


class Record(BaseModel):
    """Base of every sheet record: frozen, with the spans its values were read from."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    spans: dict[str, Span] = Field(default_factory=dict, repr=False)

    #: ``Cls.trusted(**values)``: the record of values a reader made itself, each already of its field's type:
    #: not validated, the fields not given at their defaults, a name the record does not know refused as
    #: validation refuses it (``fast.maker``).
    trusted: ClassVar[_Trusted] = _Trusted()

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return _without_spans(self) == _without_spans(other)

    def __hash__(self) -> int:
        return hash(_without_spans(self))

    @classmethod
    def from_data(cls, data: Any) -> Record:
        """A record from data it wrote (JSON), its computed fields dropped first, at every depth."""
        return cls.model_validate(without_computed(cls, data))

    def span(self, name: str | None = None) -> Span | None:
        """The span of one field, or of the whole record (its first field) when no name is given."""
        if name is not None:
            return self.spans.get(name)
        return self.spans.get("self") or next(iter(self.spans.values()), None)


class Note(Record):
    """Text the sheet carries that is not a rating: free text, or a line the grammar did not read."""

    text: str


class Ship(Record):
    """Base of every system's ship record. ``format`` names the system's ship kind ("usd", "highguard") and
    tells a ship's system in JSON; ``ANCHORS`` are the fields whose span stands for the whole ship (where a
    finding about the ship points, and where its part of a sheet begins)."""

    format: str
    ANCHORS: ClassVar[tuple[str, ...]] = ()

    @property
    def display_name(self) -> str:
        """The ship's name as a table or message shows it."""
        return str(getattr(self, "name", None) or "(unnamed ship)")

    def anchor(self) -> Span | None:
        """The span of the first anchor field the sheet gave, else of the ship's first field."""
        return next((span for name in self.ANCHORS if (span := self.span(name)) is not None), None) or self.span()


def _records_in(annotation: Any) -> list[type[Record]]:
    found: list[type[Record]] = []
    if isinstance(annotation, type) and issubclass(annotation, Record):
        found.append(annotation)
    for arg in get_args(annotation):
        found.extend(_records_in(arg))
    return found


def _chosen(candidates: list[type[Record]], data: dict[str, Any]) -> list[type[Record]]:
    """The record classes a value of a union can be: those whose literal tag (``kind``, ``format``) it carries."""
    tagged = [
        cls
        for cls in candidates
        if any(
            get_origin(info.annotation) is Literal and data.get(name) in get_args(info.annotation)
            for name, info in cls.model_fields.items()
        )
    ]
    return tagged or candidates


def without_computed(cls: type[Record], data: Any) -> Any:
    """``data`` for ``cls`` less the computed fields it or the records inside it wrote."""
    if not isinstance(data, dict):
        return data
    kept: dict[str, Any] = {}
    for key, value in data.items():
        if key in cls.model_computed_fields:
            continue
        info = cls.model_fields.get(key)
        inner = _records_in(info.annotation) if info is not None else []
        if inner and isinstance(value, list):
            value = [_inner(inner, item) for item in value]
        elif inner:
            value = _inner(inner, value)
        kept[key] = value
    return kept


def _inner(candidates: list[type[Record]], value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    chosen = _chosen(candidates, value)
    return without_computed(chosen[0], value) if len(chosen) == 1 else value
