"""The speed tricks, in one place, with the library behaviour each one leans on.

A check reads thousands of sheets; a few steps run for every field of every line, and these make them cheap by
stepping around a library's public constructor or reading one of its private attributes:

- ``new_tuple``: a named tuple made by ``tuple.__new__``, without its generated ``__new__``;
- ``unchecked`` and ``maker``/``trusted``: a frozen pydantic model made without validation by writing the state
  pydantic keeps (``__dict__``, ``__pydantic_fields_set__``, ``__pydantic_extra__``, ``__pydantic_private__``),
  ``maker`` writing out one constructor per class with ``exec``;
- ``single_pattern``: the one compiled pattern of a lark lexer state (its scanner's private ``_mres``), which the
  quick parse matches lines with.

``tests/core/test_fast.py`` holds each to what the library itself gives (a model made so equals, dumps, copies,
hashes and pickles as the validated one; lark's lexer tokenises as the pattern does), so that a new version of
pydantic or lark that changes one fails there, loudly, and not in a reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from copy import deepcopy
from functools import partial
from typing import Any, TypeVar

from pydantic import BaseModel

_set = object.__setattr__  # how a frozen model's state is written
#: A named tuple made without its generated ``__new__``'s Python frame: ``new_tuple(Span, (path, line, ...))``, the
#: values in field order, all of them (no defaults are filled in). Some ten times a sheet's fields, in the readers.
new_tuple = tuple.__new__
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


def single_pattern(lexer: Any) -> re.Pattern[str] | None:
    """The compiled pattern of all the terminals of a lark ``BasicLexer`` state, each a named group, when lark
    keeps them in one (its scanner's ``_mres``, a list of compiled patterns whose named groups are the terminals,
    built on first use); None when it splits them over several (a grammar of very many terminals), which the quick
    parse leaves to lark."""
    patterns = lexer.scanner._mres
    return patterns[0] if len(patterns) == 1 else None
