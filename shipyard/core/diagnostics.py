"""The one finding type every stage returns: a severity, a code, a message and where it points.

Errors are values (beancount): the parser, the checks and the converters all return lists of
``Diagnostic``; exceptions are kept for bugs.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from copy import deepcopy
from enum import StrEnum
from functools import partial
from typing import Any, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler
from pydantic_core import CoreSchema, core_schema


class Severity(StrEnum):
    """How serious a finding is; the order of the members is the order of importance."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2}[self.value]


_set = object.__setattr__  # how a frozen model's state is written
_new_tuple = tuple.__new__  # a named tuple made without its generated __new__
_new = object.__new__  # a model's bare instance (pydantic's models define no __new__), without the class's lookup
Model = TypeVar("Model", bound=BaseModel)


def unchecked(cls: type[Model], state: dict[str, Any], fields_set: set[str]) -> Model:
    """A frozen model of ``cls`` with ``state`` (every field, in field order, each of its field's type) as its
    own, without validation: for the small records a reader makes by the dozen from values it made itself.
    ``fields_set`` may be shared (the model is frozen; ``model_copy`` copies the set before it adds to it)."""
    record = _new(cls)
    _set(record, "__dict__", state)
    _set(record, "__pydantic_fields_set__", fields_set)
    _set(record, "__pydantic_extra__", None)
    _set(record, "__pydantic_private__", None)
    return record


#: For each model class a constructor has been written out for (``maker``): that constructor.
MAKERS: dict[type, Callable[..., Any]] = {}
_MISSING = object()


def maker(cls: type[Model]) -> Callable[..., Model]:
    """The constructor ``trusted`` makes ``cls`` with: a function of its fields (keyword-only, in field order,
    the required ones without a default) that sets the model's state without validation, written out once per
    class from pydantic's fields and compiled (a loop over the fields at every call cost more than pydantic's
    validation of a record of a few fields). Python refuses a name that is no field and a missing required one,
    as validation does; a field not given takes its default (a factory's, made afresh) and is not among the
    fields set. Field names begin with a letter (pydantic's rule), so they never meet the names of the
    function's own, which begin with an underscore."""
    made = MAKERS.get(cls)
    if made is not None:
        return made
    fields = cls.__pydantic_fields__
    names: dict[str, Any] = {"_new_": _new, "_set_": _set, "_missing_": _MISSING, "_class_": cls}
    required = [name for name, info in fields.items() if info.is_required()]
    parameters = [name if name in required else f"{name}=_missing_" for name in fields]
    lines = [
        f"def {cls.__name__}(*, {', '.join(parameters)}):",
        f"    _given_ = {{{', '.join(map(repr, required))}}}" if required else "    _given_ = set()",
    ]
    for name, info in fields.items():
        if name in required:
            continue
        factory = info.default_factory
        if factory is None and not isinstance(info.default, Hashable):  # a list or dict default: a copy each
            factory = partial(deepcopy, info.default)
        if factory is not None:
            names[f"_factory_{name}"] = factory
            lines.append(f"    if {name} is _missing_: {name} = _factory_{name}()")
        else:
            names[f"_default_{name}"] = info.default
            lines.append(f"    if {name} is _missing_: {name} = _default_{name}")
        lines.append(f"    else: _given_.add({name!r})")
    state = ", ".join(f"{name!r}: {name}" for name in fields)
    lines += [
        "    _made_ = _new_(_class_)",
        f"    _set_(_made_, '__dict__', {{{state}}})",
        "    _set_(_made_, '__pydantic_fields_set__', _given_)",
        "    _set_(_made_, '__pydantic_extra__', None)",
        "    _set_(_made_, '__pydantic_private__', None)",
        "    return _made_",
    ]
    exec("\n".join(lines), names)  # made here, of the model's own field names
    made = MAKERS[cls] = names[cls.__name__]
    return made


def trusted(cls: type[Model], values: dict[str, Any]) -> Model:
    """A frozen model of ``cls`` with ``values``, made by shipyard itself and each already of its field's type:
    not validated (``maker``), so a model never validated never has its validator built (``defer_build``). Faster
    than pydantic's validation: a USD ship of 26 fields 5 us against 11, a note 1.1 against 1.4."""
    return maker(cls)(**values)


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
        return _new_tuple(cls, (path, line, col, line, end_col))

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
