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
def test_a_system_imports_the_core_and_what_it_builds_on(layer):
    system = SYSTEMS[layer]
    allowed = {"shipyard", "shipyard.core", "shipyard.systems"}
    if system.builds_on:
        allowed.add(f"shipyard.systems.{system.builds_on}")
    assert GRAPH[layer] <= allowed, GRAPH[layer] - allowed


def test_reports_ask_the_registry_not_the_systems():
    assert GRAPH["shipyard.report"] <= {"shipyard", "shipyard.core"}, GRAPH["shipyard.report"]


def test_the_command_line_goes_through_the_api():
    assert GRAPH["shipyard.cli"] <= {"shipyard", "shipyard.api", "shipyard.report"}, GRAPH["shipyard.cli"]


def test_no_cycle_between_packages():
    def visit(node: str, trail: tuple[str, ...]) -> None:
        for target in GRAPH.get(node, ()):
            assert target not in trail, " -> ".join((*trail, node, target))
            visit(target, (*trail, node))

    for start in GRAPH:
        visit(start, ())
