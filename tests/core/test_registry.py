"""The registry of systems: every part it names exists, no prefix is claimed twice, codes are owned, and the
catalogue covers every code the package reports."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from shipyard.core import registry
from shipyard.core.codes import CODES, catalogue
from shipyard.core.registry import CORE_PREFIXES, Format, System, all_rules, check_registry, owner, systems


def test_the_registry_is_sound():
    assert check_registry() == []


def test_two_systems_claiming_one_prefix_are_refused(monkeypatch):
    clash = System(name="clash", title="a test system", prefixes=("MC",))
    monkeypatch.setattr(registry, "systems", lambda: (*systems(), clash))
    assert any("claims prefix MC, which mcs owns" in p for p in check_registry())


def test_a_part_that_does_not_exist_is_refused(monkeypatch):
    broken = systems()[0]._replace(name="broken", prefixes=("ZZZ",), panel="shipyard.systems.mcs.panel:no_panel")
    monkeypatch.setattr(registry, "systems", lambda: (*systems(), broken))
    assert any(p.startswith("broken panel shipyard.systems.mcs.panel:no_panel") for p in check_registry())


def test_a_part_that_does_not_take_what_the_core_passes_is_refused(monkeypatch):
    """A reader that lost its ``shown`` parameter (``read_usd(text, path)``) type-checks, the registry naming it by
    a string; the contract check refuses it, saying what the core passes. A renderer that wants a second
    parameter the core never gives is refused too; a panel with an extra parameter of its own, defaulted, is not."""

    def read_two(text, path):
        return [], []

    def render_two(ship, style):
        return ""

    def panel_three(ship, path, width=80):
        return None

    monkeypatch.setattr("shipyard.systems.mcs.parse.read_two", read_two, raising=False)
    monkeypatch.setattr("shipyard.systems.mcs.render.render_two", render_two, raising=False)
    monkeypatch.setattr("shipyard.systems.mcs.panel.panel_three", panel_three, raising=False)
    registry.load.cache_clear()
    mcs = systems()[0]
    broken = mcs._replace(
        name="narrow",
        prefixes=("NRW",),
        formats=(Format("narrow", "sheet", "a test format", reader="shipyard.systems.mcs.parse:read_two"),),
        render="shipyard.systems.mcs.render:render_two",
        panel="shipyard.systems.mcs.panel:panel_three",
        commands=(),
        api=None,
        family=None,
    )
    monkeypatch.setattr(registry, "systems", lambda: (*systems(), broken))
    found = [p for p in check_registry() if p.startswith("narrow")]
    registry.load.cache_clear()
    assert len(found) == 2, found
    assert found[0].startswith(
        "narrow format narrow reader shipyard.systems.mcs.parse:read_two takes (text, path); the core calls it "
        "(text, path, shown)"
    )
    assert found[1].startswith("narrow render shipyard.systems.mcs.render:render_two takes (ship, style)")


def test_a_base_that_is_not_a_system_is_refused(monkeypatch):
    orphan = System(name="orphan", title="a test system", prefixes=("ORP",), builds_on="nothing")
    monkeypatch.setattr(registry, "systems", lambda: (*systems(), orphan))
    assert "orphan builds on nothing, which is not a system" in check_registry()


def test_exactly_one_fallback_format():
    assert [f.name for s in systems() for f in s.formats if f.fallback] == ["usd"]
    assert all(isinstance(f, Format) for s in systems() for f in s.formats)


@pytest.mark.parametrize("code", sorted(catalogue()))
def test_every_catalogued_code_is_owned_by_who_lists_it(code):
    system = owner(code)
    if any(entry.code == code for entry in CODES):
        assert system is None and code.startswith(CORE_PREFIXES)
    else:
        assert system is not None and system.codes is not None
        assert code in {entry.code for entry in registry.load(system.codes)}


@pytest.mark.parametrize("code", sorted(all_rules()))
def test_rules_are_owned_by_their_family_system(code):
    system = owner(code)
    assert system is not None and system.family == all_rules()[code].meta.family


_CODE = re.compile(r"[\"']((?:IO|SY|CFG|USD|HG|FFS|CNV|SCN|DMG|APX|FRM|MCS|TCS)\d{3})[\"']")
REPORTED = sorted(
    {
        code
        for path in (ROOT / "shipyard").rglob("*.py")
        for code in _CODE.findall(path.read_text())
        if path.name != "codes.py"
    }
)


def test_codes_are_found_in_the_source():
    assert len(REPORTED) > 60


@pytest.mark.parametrize("code", REPORTED)
def test_every_reported_code_is_catalogued_or_a_rule(code):
    assert code in catalogue() or code in all_rules(), f"{code} is reported but neither catalogued nor a rule"
