"""The compiled battle engine (setup.py's ``COMPILED`` modules) reads only native records (CONTRIBUTING.md, "The
battle engine"): no pydantic model is defined in it, none is imported into it at run time (a model's attribute
read on every hit costs a dictionary look-up and a descriptor; a native record's is a field of a C struct), and no
``cached_property`` (mypyc compiles none). ``problems`` is the check; it is run on every compiled module and on
sources written to break each rule."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest
from pydantic import BaseModel

ROOT = Path(__file__).resolve().parents[2]


def compiled_modules() -> list[Path]:
    """setup.py's ``COMPILED`` list, read without running setup.py."""
    for node in ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILED" for t in node.targets):
            return [ROOT / path for path in ast.literal_eval(node.value)]
    raise AssertionError("setup.py has no COMPILED list")


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:`` (imports for annotations, never run)."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", None)) == "TYPE_CHECKING":
            for child in node.body:
                hidden.update(id(n) for n in ast.walk(child))
    return hidden


def _pydantic(thing: object) -> bool:
    return isinstance(thing, BaseModel) or (isinstance(thing, type) and issubclass(thing, BaseModel))


def problems(source: str) -> list[str]:
    """What breaks the compiled core's rules in a module's ``source``: a run-time import of pydantic, a pydantic
    model (or an instance of one) imported by name, a class defined on a model or a table of one, a
    ``cached_property``."""
    tree = ast.parse(source)
    hidden = _type_checking_only(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in hidden:
            continue
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: imports {a.name}" for a in node.names if a.name.split(".")[0] == "pydantic"]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            if any(alias.name == "cached_property" for alias in node.names):
                found.append(f"line {node.lineno}: cached_property")
            if node.module.split(".")[0] in ("pydantic", "pydantic_core"):
                found.append(f"line {node.lineno}: imports from {node.module}")
            elif node.module.startswith("shipyard"):
                module = importlib.import_module(node.module)
                found += [
                    f"line {node.lineno}: imports the pydantic model {alias.name} from {node.module}"
                    for alias in node.names
                    if _pydantic(getattr(module, alias.name, None))
                ]
        elif isinstance(node, ast.ClassDef):
            bases = {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}
            if bases & {"BaseModel", "ClosedTable", "Entry", "RootModel"}:
                found.append(f"line {node.lineno}: class {node.name} is a pydantic model")
        elif (isinstance(node, ast.Name) and node.id == "cached_property") or (
            isinstance(node, ast.Attribute) and node.attr == "cached_property"
        ):
            found.append(f"line {node.lineno}: cached_property")
    return found


@pytest.mark.parametrize("path", compiled_modules(), ids=lambda p: p.name)
def test_a_compiled_module_reads_no_pydantic_model(path):
    assert problems(path.read_text(encoding="utf-8")) == []


def test_the_compiled_list_holds_the_engine():
    names = {p.name for p in compiled_modules()}
    assert {"damage.py", "readings.py", "resolve.py", "state.py", "turns.py"} <= names


@pytest.mark.parametrize(
    "source, problem",
    [
        ("import pydantic\n", "line 1: imports pydantic"),
        ("from pydantic import BaseModel\n", "line 1: imports from pydantic"),
        (
            "from shipyard.systems.mcs.combat.options import DEFAULT_OPTIONS\n",
            "line 1: imports the pydantic model DEFAULT_OPTIONS from shipyard.systems.mcs.combat.options",
        ),
        (
            "from shipyard.systems.mcs.combat.doctrine import Doctrine\n",
            "line 1: imports the pydantic model Doctrine from shipyard.systems.mcs.combat.doctrine",
        ),
        ("class Knobs(ClosedTable):\n    pass\n", "line 1: class Knobs is a pydantic model"),
        ("from functools import cached_property\n", "line 1: cached_property"),
        ("import functools\nx = functools.cached_property\n", "line 2: cached_property"),
    ],
)
def test_each_rule_is_found(source, problem):
    assert problems(source) == [problem]


def test_what_the_rules_allow():
    """Pydantic for annotations only, the plain records, and a module of tables are allowed."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from shipyard.systems.mcs.combat.options import Options\n"
        "from shipyard.systems.mcs.combat.readings import DEFAULT_READINGS, Orders, Readings\n"
        "from shipyard.systems.mcs.combat import tables as t\n"
        "from functools import lru_cache\n"
    )
    assert problems(source) == []
