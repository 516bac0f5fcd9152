"""What every registered system holds, as functions of its ``System`` line: the suite's per-system checks.

``tests/core/test_systems.py`` runs each of them for every system the registry lists, and for a toy system made
in a temporary folder with one registry line, one rule, one format and one command: a new system is held to
exactly these, with nothing in the suite to edit. Each function returns the problems it finds, as sentences.
"""

from __future__ import annotations

import ast
import pkgutil
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import typer.main

from shipyard.core.diagnostics import Severity
from shipyard.core.parts import contract_problems
from shipyard.core.registry import System, family_rules, load, system
from shipyard.core.rules import Rule
from shipyard.core.selection import Selection

#: The parts of a rule's documentation (``shipyard explain`` prints it).
DOC_PARTS = ("What:", "Why:", "Bad:", "Good:", "Source:")


def rules_of(owner: System) -> dict[str, Rule]:
    return family_rules(owner.family) if owner.family else {}


def rule_module_problems(owner: System) -> list[str]:
    """Every module of the rules package is listed once in its ``MODULES``, each a code of the system's own."""
    if owner.rules is None:
        return []
    package = load(owner.rules)
    folder = Path(package.__file__).parent
    found = {m.name for m in pkgutil.iter_modules([str(folder)]) if not m.name.startswith("_")}
    listed = [m.__name__.rsplit(".", 1)[1] for m in package.MODULES]
    problems = [f"{name} is not in MODULES" for name in sorted(found - set(listed))]
    problems += [f"{name} is listed twice" for name in sorted({n for n in listed if listed.count(n) > 1})]
    problems += [
        f"{code} is not a code of {owner.prefixes}" for code in rules_of(owner) if not code.startswith(owner.prefixes)
    ]
    return problems


def rule_doc_problems(owner: System) -> list[str]:
    return [
        f"{code} lacks {part}" for code, rule in rules_of(owner).items() for part in DOC_PARTS if part not in rule.doc
    ]


def case_files(owner: System, fixtures: Path) -> dict[Path, dict[str, Any]]:
    """The rule cases of the system's family: ``fixtures/rules/<system>/<CODE>.toml``."""
    folder = fixtures / "rules" / owner.name
    return {path: tomllib.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.toml"))}


def _example(doc: str, label: str) -> str:
    for line in doc.splitlines():
        if line.startswith(f"{label}:"):
            return line.split(":", 1)[1].strip()
    return ""


def rule_case_problems(owner: System, fixtures: Path) -> list[str]:
    """Each rule has a case that triggers it and one that does not; its docstring's Bad: and Good: lines name its
    two example cases; each case file holds its rule's cases alone."""
    problems = []
    files = case_files(owner, fixtures)
    cases = [case for data in files.values() for case in data.get("case", []) + data.get("fleet_case", [])]
    for path, data in files.items():
        codes = {c["rule"] for c in data.get("case", []) + data.get("fleet_case", [])}
        if codes != {path.stem} or path.stem not in rules_of(owner):
            problems.append(f"{path.name} holds cases of {sorted(codes)}, not of its own rule")
    for code, rule in rules_of(owner).items():
        mine = [c for c in cases if c["rule"] == code]
        if not (any(c["expect"] for c in mine) and any(not c["expect"] for c in mine)):
            problems.append(f"{code} needs a case that triggers it and one that does not")
        bad = [c for c in mine if c.get("example") == "bad"]
        good = [c for c in mine if c.get("example") == "good"]
        if len(bad) != 1 or len(good) != 1 or not bad[0]["expect"] or good[0]["expect"]:
            problems.append(f"{code}: one bad example case that triggers it and one good that does not")
        elif (_example(rule.doc, "Bad"), _example(rule.doc, "Good")) != (bad[0]["name"], good[0]["name"]):
            problems.append(f"{code}: the docstring's Bad: and Good: are not its example cases' names")
    return problems


def sheet_cases(owner: System, fixtures: Path) -> Iterator[dict[str, Any]]:
    for data in case_files(owner, fixtures).values():
        yield from data.get("case", [])


def _case_text(case: dict[str, Any], fixtures: Path) -> str:
    for key in ("sheet", "roster", "text"):
        if key in case:
            return str(case[key])
    text = (fixtures / case["base"]).read_text(encoding="utf-8")
    for old, new in case.get("replace", []):
        if text.count(old) != 1:
            raise ValueError(f"replacement {old!r} must match once")
        text = text.replace(old, new)
    return text


def _reader(owner: System) -> Any:
    """The reader of the system's sheets: its own first sheet format's, else its base's (TCS reads High Guard)."""
    for candidate in (owner, system(owner.builds_on) if owner.builds_on else None):
        for kind in candidate.formats if candidate else ():
            if kind.role == "sheet" and kind.reader:
                return load(kind.reader)
    raise LookupError(f"{owner.name} reads no sheet")


def run_case(owner: System, case: dict[str, Any], fixtures: Path) -> list[str]:
    """One case read by its system's reader and checked by its rule alone: the problems (none when the rule's
    findings are the case's ``expect``)."""
    from shipyard.core.pipeline import check_sheet
    from shipyard.core.sheet import SheetFile

    ships, diagnostics = _reader(owner)(_case_text(case, fixtures), Path("case"), "case")
    unread = [d.format() for d in diagnostics if d.severity is Severity.ERROR]
    if unread:
        return [f"{case['rule']} {case['name']!r} does not read: {unread}"]
    scenario = None
    if "scenario" in case:
        fleets = next(s for s in _systems() if s.fleets)
        scenario = load(fleets.fleets or "").Scenario(**case["scenario"])
    sheet = check_sheet(SheetFile(path="case", ships=ships), Selection(select=(case["rule"],)), scenario)
    found = [[d.span.line, d.span.col, d.severity.value] for d in sheet.diagnostics]
    if found != case["expect"]:
        return [f"{case['rule']} {case['name']!r}: {found}, expected {case['expect']}"]
    return []


def _systems() -> tuple[System, ...]:
    from shipyard.core.registry import systems

    return systems()


def code_problems(owner: System) -> list[str]:
    """The system's catalogued codes are of its prefixes, and ``explain`` documents each of them and each rule."""
    from shipyard import api

    codes = [entry.code for entry in load(owner.codes)] if owner.codes else []
    problems = [f"{code} is not of {owner.prefixes}" for code in codes if not code.startswith(owner.prefixes)]
    problems += [f"explain {code} says nothing" for code in [*codes, *rules_of(owner)] if not api.explain(code)]
    return problems


def commands(command: Any, path: str = "shipyard") -> Iterator[tuple[str, Any]]:
    """Every command under ``command`` (its groups' too), with its path, and the command itself."""
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from commands(sub, f"{path} {name}")


def command_problems(owner: System) -> list[str]:
    """The system's commands are on the command line, each with its help and every option described."""
    from shipyard.cli import for_command, whole_app

    problems = []
    whole = dict(commands(typer.main.get_command(whole_app())))
    for group in owner.commands:
        path = f"shipyard {group.name}"
        if path not in whole:
            problems.append(f"{path} is not on the command line")
            continue
        if group.name not in {c.name for c in for_command([group.name]).registered_commands} | {
            g.name for g in for_command([group.name]).registered_groups
        }:
            problems.append(f"a run of {path} does not build it")
        for name, command in commands(whole[path], path):
            if not command.help:
                problems.append(f"{name} has no help")
            problems += [
                f"{name} {param.name} is not described"
                for param in command.params
                if isinstance(param, typer.core.TyperOption) and not param.help
            ]
    return problems


def api_problems(owner: System) -> list[str]:
    """Each name of the system's public module is ``shipyard.api``'s, documented."""
    from shipyard import api

    if owner.api is None:
        return []
    module = load(owner.api)
    problems = []
    for name in module.__all__:
        value = getattr(api, name, None)
        if value is not getattr(module, name):
            problems.append(f"shipyard.api.{name} is not {owner.api}.{name}")
        elif not (getattr(value, "__doc__", None) or "").strip():
            problems.append(f"{owner.api}.{name} has no docstring")
    return problems


def import_problems(owner: System, folder: Path) -> list[str]:
    """The system's modules import the core, the report layer, the fleet search, the systems' table and what it
    builds on: never the command line, ``shipyard.api``, or another system."""
    package = load(owner.api or owner.rules or owner.codes or "").__name__.split(".")
    own = ".".join(package[: package.index(owner.name) + 1]) if owner.name in package else package[0]
    allowed = ["shipyard.core", "shipyard.report", "shipyard.search", own]
    if owner.builds_on:
        allowed.append(f"shipyard.systems.{owner.builds_on}")
    problems = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
                else []
            )
            for name in names:
                inside = name == "shipyard" or name.startswith(("shipyard.", own + ".")) or name == own
                if inside and name != "shipyard" and not any(name == a or name.startswith(a + ".") for a in allowed):
                    problems.append(f"{path.name} imports {name}")
    return problems


def sheet_case_problems(owner: System, fixtures: Path) -> list[str]:
    return [p for case in sheet_cases(owner, fixtures) for p in run_case(owner, case, fixtures)]


#: Each per-system check by name, with what it is given: the system, its rule cases' root, its package folder.
CHECK_FUNCTIONS: dict[str, Callable[[System, Path, Path], list[str]]] = {
    "rule_modules": lambda owner, fixtures, folder: rule_module_problems(owner),
    "rule_docs": lambda owner, fixtures, folder: rule_doc_problems(owner),
    "rule_cases": lambda owner, fixtures, folder: rule_case_problems(owner, fixtures),
    "sheet_cases": lambda owner, fixtures, folder: sheet_case_problems(owner, fixtures),
    "codes": lambda owner, fixtures, folder: code_problems(owner),
    "commands": lambda owner, fixtures, folder: command_problems(owner),
    "api": lambda owner, fixtures, folder: api_problems(owner),
    "imports": lambda owner, fixtures, folder: import_problems(owner, folder),
    "parts": lambda owner, fixtures, folder: contract_problems(owner),
}
CHECKS = tuple(CHECK_FUNCTIONS)


def problems(check: str, owner: System, fixtures: Path, folder: Path) -> list[str]:
    """The problems one per-system check finds (``CHECKS`` names them)."""
    return CHECK_FUNCTIONS[check](owner, fixtures, folder)
