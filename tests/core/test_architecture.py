"""The layout holds: the core names no system, each system imports only the core and the systems it builds on, the
command line goes through shipyard.api, and no two packages import each other in a cycle. Every import counts,
the lazy ones inside functions too; the registry's ``"module:attribute"`` strings are not imports."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from conftest import ROOT

from shipyard.core.registry import systems

PACKAGE = ROOT / "shipyard"


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> str:
    """The package a module belongs to, at the depth the layout speaks of: shipyard.core, shipyard.systems.mcs,
    shipyard.report, shipyard.cli, shipyard.api, shipyard (the top module)."""
    parts = module.split(".")
    if parts[1:2] == ["systems"]:
        return ".".join(parts[:3]) if len(parts) > 2 else "shipyard.systems"
    return ".".join(parts[:2])


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "shipyard" or name.startswith("shipyard.")}


def _known(name: str) -> str | None:
    """The module an imported name is (a module, or an attribute of one)."""
    while name:
        path = ROOT / Path(*name.split("."))
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
            return name
        name = name.rpartition(".")[0]
    return None


GRAPH: dict[str, set[str]] = {}
for source in PACKAGE.rglob("*.py"):
    layer = _layer(_module(source))
    targets = {_layer(m) for m in filter(None, map(_known, _imports(source)))}
    GRAPH.setdefault(layer, set()).update(t for t in targets if t != layer)

SYSTEMS = {f"shipyard.systems.{s.name}": s for s in systems()}


def test_the_graph_has_every_layer():
    assert {"shipyard.core", "shipyard.report", "shipyard.cli", "shipyard.api"} <= set(GRAPH)
    assert set(SYSTEMS) <= set(GRAPH)


def test_the_core_imports_no_system_and_nothing_above_it():
    assert GRAPH["shipyard.core"] <= {"shipyard"}, GRAPH["shipyard.core"]


@pytest.mark.parametrize("layer", sorted(SYSTEMS))
def test_a_system_imports_the_core_the_reports_and_what_it_builds_on(layer):
    """A system's play code (its commands, renderers and public functions) lives in its folder and writes
    through the report layer's generic writers (tables, workbooks, pages, the console)."""
    system = SYSTEMS[layer]
    allowed = {"shipyard", "shipyard.core", "shipyard.systems", "shipyard.report", "shipyard.search"}
    if system.builds_on:
        allowed.add(f"shipyard.systems.{system.builds_on}")
    assert GRAPH[layer] <= allowed, GRAPH[layer] - allowed


def test_the_search_knows_no_game():
    """The fleet search's driver, executors and report are every system's: they import the core and the report
    layer's writers, and a game comes to them as a problem (``shipyard.search.problem.Problem``)."""
    assert GRAPH["shipyard.search"] <= {"shipyard", "shipyard.core", "shipyard.report"}, GRAPH["shipyard.search"]


def test_reports_ask_the_registry_not_the_systems():
    assert GRAPH["shipyard.report"] <= {"shipyard", "shipyard.core"}, GRAPH["shipyard.report"]


def test_the_command_line_goes_through_the_api_and_names_no_system():
    """The systems' groups of commands join the command line through the registry (``System.commands``)."""
    assert GRAPH["shipyard.cli"] <= {"shipyard", "shipyard.api", "shipyard.report", "shipyard.core"}, GRAPH[
        "shipyard.cli"
    ]


def _system_imports(path: Path) -> set[str]:
    return {m for m in filter(None, map(_known, _imports(path))) if m.startswith("shipyard.systems.")}


def test_the_api_imports_each_system_through_its_public_module_only():
    """``shipyard.api`` re-exports each system's public functions from the module its ``System`` line names
    (``api``), all of them, and names no other module of a system."""
    from shipyard import api
    from shipyard.core.registry import load

    public = {s.api for s in systems() if s.api}
    assert _system_imports(PACKAGE / "api.py") <= public, _system_imports(PACKAGE / "api.py") - public
    for module in public:
        exported = load(module).__all__
        assert set(exported) <= set(api.__all__), (module, set(exported) - set(api.__all__))
        assert all(getattr(api, name) is getattr(load(module), name) for name in exported)


def test_every_public_function_of_the_api_is_in_its_all():
    from shipyard import api

    defined = {
        name
        for name, value in vars(api).items()
        if not name.startswith("_") and callable(value) and getattr(value, "__module__", "").startswith("shipyard")
    }
    assert defined - {"Progress"} <= set(api.__all__), defined - set(api.__all__)


def test_no_cycle_between_packages():
    def visit(node: str, trail: tuple[str, ...]) -> None:
        for target in GRAPH.get(node, ()):
            assert target not in trail, " -> ".join((*trail, node, target))
            visit(target, (*trail, node))

    for start in GRAPH:
        visit(start, ())
