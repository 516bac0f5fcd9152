"""``shipyard check`` on one MCS sheet loads what that sheet needs and nothing else: systems load on first use
(the registry names their parts as strings), so the High Guard engine, the TCS rules, the workbook library, the
styling library and the package metadata stay unloaded."""

from __future__ import annotations

import json

from conftest import run_then


def _loaded(path: str) -> set[str]:
    return set(json.loads(run_then(["check", path], "json.dumps(sorted(sys.modules))")[1]))


def test_an_mcs_sheet_loads_no_other_system():
    loaded = _loaded("examples/kuvasz.usd")
    assert "shipyard.systems.mcs.rules.size" in loaded  # the sheet was checked
    others = {m for m in loaded if m.startswith(("shipyard.systems.highguard", "shipyard.systems.tcs"))}
    assert others == {"shipyard.systems.highguard", "shipyard.systems.highguard.sniff", "shipyard.systems.tcs",
                      "shipyard.systems.tcs.sniff"}  # told apart (a High Guard sheet, a turn log), no more
    assert not {"rich", "openpyxl"} & loaded
    assert not {m for m in loaded if m.startswith("shipyard.systems.mcs.combat.")} - {
        "shipyard.systems.mcs.combat.sniff"}  # a fire log is told apart without the combat engine


def test_a_high_guard_sheet_loads_its_engine_and_the_tcs_rules():
    loaded = _loaded("examples/fleet/vigilant.txt")
    assert {"shipyard.systems.highguard.design", "shipyard.systems.tcs.rules.budget"} <= loaded
    assert "shipyard.systems.mcs.rules" not in loaded
