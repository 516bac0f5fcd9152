"""``shipyard check`` on one MCS sheet loads what that sheet needs and nothing else: systems load on first use
(the registry names their parts as strings), so the High Guard engine, the TCS rules, the workbook library, the
styling library, the audit's tables and the package metadata stay unloaded."""

from __future__ import annotations

import json

from conftest import ROOT, run_then


def _loaded(path: str) -> set[str]:
    return set(json.loads(run_then(["check", path], "json.dumps(sorted(sys.modules))")[1]))


def test_an_mcs_sheet_loads_no_other_system():
    loaded = _loaded("examples/kuvasz.usd")
    assert "shipyard.systems.mcs.rules.size" in loaded  # the sheet was checked
    others = {m for m in loaded if m.startswith(("shipyard.systems.highguard", "shipyard.systems.tcs"))}
    assert others == {
        "shipyard.systems.highguard",
        "shipyard.systems.highguard.sniff",
        "shipyard.systems.tcs",
        "shipyard.systems.tcs.sniff",
    }  # told apart (a High Guard sheet, a turn log), no more
    assert not {"rich", "openpyxl", "shipyard.report.tables"} & loaded  # the audit's tables too
    assert not {m for m in loaded if m.startswith("shipyard.systems.mcs.combat.")} - {
        "shipyard.systems.mcs.combat.sniff"
    }  # a fire log is told apart without the combat engine


def test_a_high_guard_sheet_loads_its_engine_and_the_tcs_rules():
    loaded = _loaded("examples/fleet/vigilant.txt")
    assert {"shipyard.systems.highguard.design", "shipyard.systems.tcs.rules.budget"} <= loaded
    assert "shipyard.systems.mcs.rules" not in loaded
    assert "shipyard.systems.tcs.fleet" not in loaded  # a fleet's pricing (the budget rule's): loaded with a fleet


def test_a_check_builds_no_validator_for_a_record_it_never_validates():
    """The readers make their records, and the pipeline each file read, without validation, and the models of
    settings files, suppressions, scenario and fleet files are validated only when such a file or comment is
    read (without them, the defaults are made without validation): a check of a USD and a High Guard sheet builds
    none of their validators (each is built on first use, ``defer_build``), and builds the findings' that it does
    validate."""
    probe = (
        "json.dumps({c.__name__: c.__pydantic_complete__ for m in list(sys.modules.values()) "
        "if getattr(m, '__name__', '').startswith('shipyard') for c in vars(m).values() if isinstance(c, type) "
        "and issubclass(c, sys.modules['pydantic'].BaseModel) and c.__module__ == m.__name__})"
    )
    built = json.loads(run_then(["check", "examples/kuvasz.usd", "examples/fleet/vigilant.txt"], probe)[1])
    never = {
        "UsdShip",
        "HighGuardShip",
        "UspProfile",
        "Component",
        "BatteryCounts",
        "BeamBattery",
        "Detail",
        "Note",
        "SheetFile",
        "Suppression",
        "Settings",
        "Scenario",
        "ScenarioFile",
        "FleetFile",
        "_PyProject",
    }
    assert never <= set(built) and not any(built[name] for name in never)
    assert built["Diagnostic"]  # validated by the check, so built


def test_a_check_without_a_settings_file_loads_no_toml_reader(tmp_path):
    """The TOML reader is loaded with the first TOML text (a settings file found, a scenario, a design): a folder
    of sheets with none above it is checked without it."""
    sheet = tmp_path / "kuvasz.usd"
    sheet.write_text((ROOT / "examples" / "kuvasz.usd").read_text())
    assert "tomllib" not in _loaded(str(sheet))
    (tmp_path / "shipyard.toml").write_text('ignore = ["MCS"]\n')
    assert "tomllib" in _loaded(str(sheet))
