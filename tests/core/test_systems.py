"""Every registered system holds the suite's per-system checks (tests/contract.py), and so does a toy system
made of one folder and one registry line (tests/data/toy/): its rule, format, command and public function reach
``check``, the command line and ``shipyard.api`` with nothing else edited."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import contract
import pytest
from conftest import FIXTURES, ROOT
from typer.testing import CliRunner

import shipyard.systems
from shipyard.core.registry import System, systems

TOY = ROOT / "tests" / "data" / "toy"


def _folder(owner: System) -> Path:
    return ROOT / "shipyard" / "systems" / owner.name


@pytest.mark.parametrize("check", contract.CHECKS)
@pytest.mark.parametrize("owner", systems(), ids=lambda s: s.name)
def test_a_registered_system_holds(owner: System, check: str) -> None:
    assert contract.problems(check, owner, FIXTURES, _folder(owner)) == []


def _clear_caches() -> None:
    """Forget what the registry, the code catalogue, the format sniffer and the command line worked out from the
    systems' table (each is cached for a run)."""
    for name, module in list(sys.modules.items()):
        if name == "shipyard" or name.startswith(("shipyard.core", "shipyard.cli", "shipyard.api")):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", "") == name:
                    value.cache_clear()
    from shipyard.core import registry

    registry._loaded.clear()
    api = sys.modules.get("shipyard.api")
    for name in [n for n in vars(api) if n.startswith("toy")] if api else []:
        delattr(api, name)


@pytest.fixture()
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[System]:
    """The toy system on the path and its line in the systems' table, for the test; gone after it."""
    monkeypatch.syspath_prepend(str(TOY))
    line = importlib.import_module("registry_line").LINE
    monkeypatch.setattr(shipyard.systems, "SYSTEMS", (*shipyard.systems.SYSTEMS, line))
    _clear_caches()
    yield line
    monkeypatch.undo()
    _clear_caches()
    for name in [n for n in sys.modules if n == "registry_line" or n.split(".")[0] == "toyfleet"]:
        del sys.modules[name]


@pytest.mark.parametrize("check", contract.CHECKS)
def test_a_toy_system_holds(toy: System, check: str) -> None:
    assert contract.problems(check, toy, TOY / "fixtures", TOY / "toyfleet") == []


def test_a_toy_system_is_checked_run_and_called(toy: System, tmp_path: Path) -> None:
    """One registry line puts its rule in ``check``, its format in the sniffer, its command on the command line
    and its function in ``shipyard.api``."""
    from shipyard import api
    from shipyard.cli import whole_app

    sheet = tmp_path / "dinghies.txt"
    sheet.write_text("Dinghy: Gull, 10 oars\nDinghy: Tern, 6 oars\nDinghy Petrel\n", encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(whole_app(), ["check", str(sheet)])
    assert checked.exit_code == 1
    assert f"{sheet}:1:15: error: TOY101 10 oars, more than a dinghy's 8" in checked.output
    assert f"{sheet}:3:1: error: TOY001 expected 'Dinghy: NAME, N oars', got 'Dinghy Petrel'" in checked.output
    rowed = runner.invoke(whole_app(), ["toyfleet", "row", str(sheet), "--pairs"])
    assert (rowed.exit_code, rowed.output) == (0, "Gull: 5\nTern: 3\n")
    assert api.toy_oars(sheet) == [("Gull", 10), ("Tern", 6)]  # type: ignore[attr-defined]
    assert "TOY101" in runner.invoke(whole_app(), ["rules"]).output


def test_the_toy_is_one_folder_and_one_registry_line() -> None:
    """What a new system adds: its package (with its rule's cases beside it here), and one ``System(...)`` line."""
    line = (TOY / "registry_line.py").read_text(encoding="utf-8").splitlines()
    assert sum(text.startswith("LINE = System(") for text in line) == 1
    assert {p.name for p in TOY.iterdir()} == {"README.md", "registry_line.py", "toyfleet", "fixtures"}
    assert "toyfleet" not in {s.name for s in systems()}  # the table itself is not edited


def test_a_system_added_changes_no_recorded_finding_of_another_systems_files(toy: System, monkeypatch) -> None:
    """The behaviour record (tests/behaviour.py) holds each shipped file's ``check``; with the toy system added,
    every one of them says what it said (a message that listed every kind of file, as IO008's did, would change
    hundreds of entries with each system added)."""
    import json

    from behaviour import RECORD, run

    monkeypatch.chdir(ROOT)
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    lines = [line for line in recorded if line.startswith("check --format text ")]
    assert len(lines) > 120
    changed = [line for line in lines if run(line.split()) != recorded[line]]
    assert changed == []
