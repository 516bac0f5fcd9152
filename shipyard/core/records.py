"""The records every system's ships are made of: frozen pydantic models that keep, for each field read from
a sheet, where it stood (``spans``).

Spans are provenance, not value: two records are equal when their values are, wherever they were read from,
so a sheet rendered back to text and read again gives an equal ship. A record refuses a field it does not
know (a misspelled key is an error, never dropped); the computed fields a record writes to JSON are dropped
before it is validated again, so ``show --format json`` reads back.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, model_validator

from shipyard.core.diagnostics import Span
from shipyard.core.numbers import json_number

#: A figure kept exactly (tons, tonnes, MCr, G); written to JSON as a plain number.
Figure = Annotated[Decimal, PlainSerializer(json_number, return_type=int | float, when_used="json")]


def _without_spans(value: Any) -> Any:
    if isinstance(value, Record):
        return tuple((name, _without_spans(getattr(value, name)))
                     for name in type(value).model_fields if name != "spans")
    if isinstance(value, (list, tuple)):
        return tuple(_without_spans(v) for v in value)
    return value


class Record(BaseModel):
    """Base of every sheet record: frozen, with the spans its values were read from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _drop_computed(cls, data: Any) -> Any:
        """A record written to JSON carries its computed fields; they are derived, so they are dropped."""
        if isinstance(data, dict) and cls.model_computed_fields:
            data = {key: value for key, value in data.items() if key not in cls.model_computed_fields}
        return data

    spans: dict[str, Span] = Field(default_factory=dict, repr=False)

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return _without_spans(self) == _without_spans(other)

    def __hash__(self) -> int:
        return hash(_without_spans(self))

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
