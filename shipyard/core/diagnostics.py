"""The one finding type every stage returns: a severity, a code, a message and where it points.

Errors are values (beancount): the parser, the checks and the converters all return lists of
``Diagnostic``; exceptions are kept for bugs.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema

from shipyard.core.fast import new_tuple


class Severity(StrEnum):
    """How serious a finding is; the order of the members is the order of importance."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


class Span(NamedTuple):
    """Where something stands in a file: 1-based line and column, the end exclusive.

    A light record, made by the tens for every sheet read: a named tuple, made in about 0.28 us and 89 bytes
    where a frozen pydantic model took 1.0 us and 264. In a pydantic model (a finding's ``span``, a record's
    ``spans``) it is validated from, and written as, an object of its five fields, as a model of them was."""

    path: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}"

    @classmethod
    def on_line(cls, path: str, line: int, col: int, end_col: int | None = None) -> Span:
        """A span on one line (its end, when given, on the same line)."""
        return new_tuple(cls, (path, line, col, line, end_col))

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """Validated from an object of its fields (JSON) or taken as it is; written as that object."""
        number, maybe = core_schema.int_schema(), core_schema.nullable_schema(core_schema.int_schema())
        fields = core_schema.typed_dict_schema(
            {
                "path": core_schema.typed_dict_field(core_schema.str_schema()),
                "line": core_schema.typed_dict_field(number),
                "col": core_schema.typed_dict_field(number),
                "end_line": core_schema.typed_dict_field(maybe, required=False),
                "end_col": core_schema.typed_dict_field(maybe, required=False),
            }
        )
        from_fields = core_schema.no_info_after_validator_function(lambda given: cls(**given), fields)
        return core_schema.json_or_python_schema(
            json_schema=from_fields,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_fields]),
            serialization=core_schema.plain_serializer_function_ser_schema(cls._asdict),
        )


class Edit(BaseModel):
    """One edit of a sheet's text on one line: from column ``col`` to ``end_col`` (exclusive; None: the end of
    the line), the last occurrence of ``old`` in that range is replaced by ``new`` (``old`` None: the whole
    range), so an edit names the text it expects and never changes anything else."""

    model_config = ConfigDict(frozen=True)

    line: int
    col: int
    end_col: int | None = None
    old: str | None = None
    new: str


class Fix(BaseModel):
    """How to fix a finding that has exactly one right answer: its edits, what they do, and whether the fix is
    safe (it keeps every figure the sheet declares; ``check --fix``) or not (it changes a declared figure to the
    one the charts give; only with ``--unsafe-fixes``)."""

    model_config = ConfigDict(frozen=True)

    message: str
    edits: tuple[Edit, ...]
    safe: bool = True


class Diagnostic(BaseModel):
    """One finding. ``source_line`` is the text of the line it points at, for the caret display; ``fix`` how to
    fix it, when it has one right answer."""

    model_config = ConfigDict(frozen=True)

    code: str
    severity: Severity
    message: str
    span: Span
    source_line: str | None = None
    fix: Fix | None = None

    @property
    def sort_key(self) -> tuple:
        return (self.span.path, self.span.line, self.span.col, self.severity.rank, self.code)

    def format(self) -> str:
        """``path:line:col: severity: CODE message`` (the gcc/mypy shape editors understand)."""
        return f"{self.span}: {self.severity.value}: {self.code} {self.message}"


def has_errors(diagnostics) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def internal_error(path: str, doing: str, error: Exception) -> Diagnostic:
    """SY001: a bug met while ``doing`` ("reading", "checking") one file; reported on it, never raised."""
    return Diagnostic(
        code="SY001",
        severity=Severity.ERROR,
        span=Span(path=path, line=1, col=1),
        message=f"internal error while {doing} this file ({type(error).__name__}: {error}); please report it",
    )
