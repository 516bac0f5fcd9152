"""The TCS fleet search (``shipyard tcs search``): its designs priced as ``audit`` prices a fleet and checked under
the scenario, fleets repaired to the budget and the tugs, its doctrine knobs folded where a fleet cannot use the
difference, every fleet it reports legal by ``check --scenario``, and its inputs' findings. The guarantees it
shares with the MCS search (seeds, executors, journal, re-measurement, replay) are tests/search's."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.diagnostics import Span
from shipyard.search.driver import Settings
from shipyard.search.space import space
from shipyard.systems.tcs import api
from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS
from shipyard.systems.tcs.combat.search import TcsProblem, load_catalogue, load_opponents
from shipyard.systems.tcs.combat.search_fleet import fleet_text
from shipyard.systems.tcs.fleet import fleet_cost, load_fleet
from shipyard.systems.tcs.scenario import Scenario

pytest.importorskip("optuna")

runner = CliRunner()
BATTLE = FIXTURES / "tcs" / "battle"
VIGILANT, KINUNIR = BATTLE / "vigilant.txt", BATTLE / "kinunir.txt"
KETCH = FIXTURES / "highguard" / "copies" / "hgs-1x-ketch.txt"
EXAMPLES = ROOT / "examples" / "fleet"
SMALL_SCENARIO = FIXTURES / "tcs" / "search" / "small.toml"
TCS1981 = FIXTURES / "highguard" / "copies" / "tcs1981"


def _problem(sheets: list[Path], scenario: Scenario, against: list[str] | None = None) -> TcsProblem:
    designs, _, found = load_catalogue(sheets, scenario, DEFAULT_READINGS)
    assert not [d for d in found if d.severity.value == "error"], found
    opponents, found = load_opponents(against or [str(BATTLE / "fleet-b.toml")], DEFAULT_READINGS)
    assert not found
    return TcsProblem(designs, opponents, scenario, DEFAULT_READINGS)


def test_a_design_is_priced_by_the_quantity_rule():
    """The Vigilant's sheet prices it MCr 4,014.772: the first costs that and the architect's 1% (4,054.91972),
    each further one 80% (3,211.8176): three cost 4,054.91972 + 2 x 3,211.8176 = MCr 10,478.55492, as audit."""
    problem = _problem([VIGILANT], Scenario(budget_mcr=Decimal(12000)))
    assert problem.cost([1]) == Fraction("4054.91972")
    assert problem.cost([3]) == Fraction("10478.55492")
    assert problem.most(0) == 3  # a fourth: 13,690.37 > 12,000


def test_drop_tanks_are_priced_with_the_ship_and_need_tugs_when_dropped():
    """The Vigilant with drop tanks (MCr 4,015.782 on its sheet) carries 1,000 tons of tanks (MCr 1.000 on its sheet):
    the first costs 4,015.782 x 1.01 + 1 = MCr 4,056.93982. The Hauler, a 5,000-ton
    3 G tug, tows 5,000 x (3 - 1) = 10,000 tons at 1 G. Twenty tanked Vigilants and one Hauler drop 20,000 tons:
    the fleet gives up tanked Vigilants (the design with the tanks) down to ten; with tanks kept (not dropped)
    no tug is needed."""
    sheets = [EXAMPLES / "vigilant-drop-tanks.txt", EXAMPLES / "hauler-tug.txt"]
    dropped = _problem(sheets, Scenario())
    assert dropped.cost([1, 0]) == Fraction("4015.782") * Fraction("1.01") + 1 == Fraction("4056.93982")
    searched, _ = space(dropped, [], {}, 1000, Span("-", 1, 1))
    assert searched is not None
    assert dropped.unfit([20, 1]) == [20000, 0]
    assert searched.repair((20, 1)) == (10, 1)
    assert searched.repair((10, 1)) == (10, 1)
    kept = _problem(sheets, Scenario(drop_tanks_dropped=False))
    assert kept.unfit([20, 0]) is None


def test_a_fleet_over_the_budget_gives_up_the_design_that_takes_the_most():
    """MCr 12,000: three Vigilants (10,478.55) and two Kinunirs (1,349.9963 + 1,069.304 = 2,419.30) are over:
    the Vigilants take the most, one goes (7,266.74 + 2,419.30 = 9,686.04)."""
    problem = _problem([VIGILANT, KINUNIR], Scenario(budget_mcr=Decimal(12000)))
    searched, _ = space(problem, [], {}, 1000, Span("-", 1, 1))
    assert searched is not None
    assert problem.cost([0, 2]) == Fraction("1349.9963") + Fraction("1069.304")
    assert searched.repair((3, 2)) == (2, 2)


def test_a_design_that_breaks_the_scenario_is_not_bought():
    """Under TL12 the Kinunir (TL15) breaks TCS115: a warning at its sheet, and the catalogue is the Vigilant."""
    designs, _, found = load_catalogue([VIGILANT, KINUNIR], Scenario(tech_level=12), DEFAULT_READINGS)
    assert [d.name for d in designs] == ["Vigilant"]
    assert [(d.code, d.severity.value, d.span.path) for d in found] == [("SRC004", "warning", str(KINUNIR))]
    assert "TCS115" in found[0].message
    designs, _, found = load_catalogue([VIGILANT, KINUNIR], Scenario(), DEFAULT_READINGS)
    assert [d.name for d in designs] == ["Vigilant", "Kinunir"] and found == []


def test_knobs_that_fight_the_same_battles_are_folded():
    """A fleet of one class has none to keep in reserve; a fleet without lasers or energy weapons has no beam to
    defend with. The Vigilant has lasers (its sheet's beam batteries); the ketch has none."""
    problem = _problem([VIGILANT, KINUNIR], Scenario())
    knobs = (("range", "best"), ("fire", "spread"), ("reserve", "smallest"), ("beam-defence", "yes"))
    assert dict(problem.folded([2, 0], knobs))["reserve"] == "none"
    assert dict(problem.folded([2, 1], knobs))["reserve"] == "smallest"
    beams = [b.weapon for b in problem.designs[0].template.batteries]
    assert ("laser" in beams or "energy" in beams) == (dict(problem.folded([2, 0], knobs))["beam-defence"] == "yes")


def test_every_fleet_reported_passes_check_and_audit_prices_it_as_the_search(tmp_path):
    """The best fleets, the front and the best of one design, each written as a fleet file beside the sheets:
    ``check --scenario`` finds no error in it or its sheets, and the fleet costs what the search said, by audit's
    own pricing."""
    for sheet in (VIGILANT, KINUNIR, KETCH):
        shutil.copy(sheet, tmp_path)
    scenario_path = tmp_path / "scenario.toml"
    scenario_path.write_text("[scenario]\nbudget_mcr = 12000\ntech_level = 15\n", encoding="utf-8")
    request = api.TcsSearchRequest(
        catalogue=[tmp_path / sheet.name for sheet in (VIGILANT, KINUNIR, KETCH)],
        against=[str(BATTLE / "fleet-b.toml")],
        scenario=scenario_path,
        settings=Settings(screen=10, full=20, generation=4, battles=300),
        jobs=1,
    )
    found = api.tcs_search(request)
    result = found.result
    assert result is not None and found.outcome is not None
    reported = {t.candidate.key: t for t in [*result.ranked[:5], *result.front, result.baseline] if t is not None}
    assert len(reported) >= 3
    sheets = runner.invoke(app, ["check", "--scenario", str(scenario_path), *(str(p) for p in tmp_path.glob("*.txt"))])
    assert sheets.exit_code == 0, sheets.output
    for number, tried in enumerate(reported.values()):
        path = tmp_path / f"fleet{number}.toml"
        path.write_text(fleet_text(result, path, tried=tried), encoding="utf-8")
        checked = runner.invoke(app, ["check", "--scenario", str(scenario_path), str(path), "-q"])
        assert checked.exit_code == 0, (tried.candidate.key, checked.output)
        fleet = load_fleet(path, None, [])
        assert fleet is not None
        assert Fraction(fleet_cost(fleet).total) == tried.cost == result.problem.cost(tried.candidate.counts)
        assert sum(m.count for m in fleet.members) == sum(tried.candidate.counts)


def test_the_json_document_is_combat_searchs_with_the_loss_by_appendix_a():
    result = runner.invoke(
        app,
        ["tcs", "search", str(VIGILANT), str(KINUNIR), "--against", str(BATTLE / "fleet-b.toml"), "-s",
         str(SMALL_SCENARIO), "--screen", "10", "--full", "20", "-n", "200", "-q", "--format", "json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert {"best", "top", "baseline", "front", "payoff", "stopped", "opponents", "designs"} <= set(document)
    best = document["best"]
    assert "lost_percent_mean" in best and "lost_mcr_mean" not in best
    assert 0 <= best["lost_percent_mean"] <= 100
    assert document["budget_mcr"] == 12000 and best["cost_mcr"] <= 12000
    assert [d["name"] for d in document["designs"]] == ["Vigilant", "Kinunir"]
    # what the sheets do not say is said, as tcs battle says it
    assert (
        "Searched fleet's Kinunir, Vigilant: missiles nuclear (the sheets do not say; reading missiles)"
        in (document["assumptions"])
    )


def test_bad_inputs_are_findings_or_usage_errors(tmp_path):
    base = ["tcs", "search", str(VIGILANT), "--against", str(BATTLE / "fleet-b.toml"), "-n", "20", "-q"]
    knob = runner.invoke(app, [*base, "--knobs", "rnage"])
    assert knob.exit_code == 2 and "did you mean 'range'" in knob.output.replace("\n", " ")
    choice = runner.invoke(app, [*base, "--doctrine", "range=far"])
    assert choice.exit_code == 2 and "range is one of best, long, short" in choice.output.replace("\n", " ")
    missing = runner.invoke(app, [*base, "--scenario", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2 and "none.toml" in missing.output
    broke = tmp_path / "broken.toml"
    broke.write_text("[[design]]\nsheet = 3\n", encoding="utf-8")
    catalogue = runner.invoke(app, ["tcs", "search", str(broke), "--against", str(BATTLE / "fleet-b.toml"), "-q"])
    assert catalogue.exit_code == 1 and f"{broke}:2:" in catalogue.output and "SRC002" in catalogue.output
    poor = tmp_path / "poor.toml"
    poor.write_text("[scenario]\nbudget_mcr = 100\n", encoding="utf-8")
    none_fits = runner.invoke(app, [*base, "--scenario", str(poor)])
    assert none_fits.exit_code == 1 and "SRC004 no fleet fits the budget MCr 100" in none_fits.output


def test_a_catalogue_file_names_sheets_bounds_and_roles(tmp_path):
    for sheet in (EXAMPLES / "vigilant-drop-tanks.txt", EXAMPLES / "hauler-tug.txt"):
        shutil.copy(sheet, tmp_path)
    catalogue = tmp_path / "catalogue.toml"
    catalogue.write_text(
        '[[design]]\nsheet = "vigilant-drop-tanks.txt"\nmax = 6\n'
        '[[design]]\nsheet = "hauler-tug.txt"\nmin = 1\nrole = "tug"\n',
        encoding="utf-8",
    )
    designs, most, found = load_catalogue([catalogue], Scenario(), DEFAULT_READINGS)
    assert found == [] and most is None
    assert [(d.name, d.low, d.high, d.member.role) for d in designs] == [
        ("Vigilant (drop tanks)", 0, 6, "warship"),
        ("Hauler", 1, None, "tug"),
    ]


def test_of_two_fleets_that_win_alike_the_one_that_loses_less_ranks_first():
    """The tournament is won by the smaller loss by Appendix A, and a trillion credits not spent wins nothing: of two
    fleets that win all 40 battles, the dearer one that loses 1% a battle ranks above the cheaper that loses 3%
    (MCS ranks the cheaper first: tests/mcs)."""
    from shipyard.search.driver import Tried
    from shipyard.search.problem import Candidate, Score

    cheap = Tried(Candidate((2, 0), ()), 0, Fraction(900_000), [Score(40, 40, 0, 0, Fraction(120))], True, "loss")
    dear = Tried(Candidate((0, 3), ()), 1, Fraction(990_000), [Score(40, 40, 0, 0, Fraction(40))], True, "loss")
    assert dear.standing("mean") > cheap.standing("mean")
    assert _problem([VIGILANT], Scenario()).ties == "loss"


def test_a_catalogue_reads_its_sheets_from_its_own_folder_only(tmp_path):
    """A catalogue naming a sheet outside its folder is IO012 at that name, and no search starts (exit 1);
    ``--allow-outside`` reads it."""
    folder = tmp_path / "catalogue"
    folder.mkdir()
    shutil.copy(VIGILANT, tmp_path)
    catalogue = folder / "catalogue.toml"
    catalogue.write_text('[[design]]\nsheet = "../vigilant.txt"\n', encoding="utf-8")
    args = ["tcs", "search", str(catalogue), "--against", str(BATTLE / "fleet-b.toml"), "-n", "20", "--full", "10"]
    refused = runner.invoke(app, [*args, "-q"])
    assert refused.exit_code == 1 and f"{catalogue}:2:1: error: IO012 '../vigilant.txt' is outside" in refused.output
    allowed = runner.invoke(app, [*args, "--screen", "10", "-j", "1", "-q", "--allow-outside"])
    assert allowed.exit_code == 0, allowed.output


def test_check_reads_a_tcs_catalogue_as_the_search_does(tmp_path):
    """``shipyard check`` tells a TCS catalogue (``[[design]]``) from an MCS one (``[[designs]]``) and checks it as the
    search reads it: clean, an information line naming the command to give it to; a max below its min at its line."""
    shutil.copy(VIGILANT, tmp_path)
    good = tmp_path / "good.toml"
    good.write_text('[[design]]\nsheet = "vigilant.txt"\n', encoding="utf-8")
    clean = runner.invoke(app, ["check", str(good)])
    assert clean.exit_code == 0 and "give it to 'shipyard tcs search'" in clean.output
    bad = tmp_path / "bad.toml"
    bad.write_text('[[design]]\nsheet = "vigilant.txt"\nmin = 3\nmax = 2\n', encoding="utf-8")
    found = runner.invoke(app, ["check", str(bad)])
    assert found.exit_code == 1 and f"{bad}:1:1: error: SRC002 max 2 is below min 3" in found.output


def test_a_design_whose_sheet_has_an_error_is_not_bought():
    """A sheet with a line shipyard cannot read (the second ship's USP line, HG001) is faulted by ``check``, so no
    fleet of it would pass: its Kinunir is not bought, said with the line, and the sheet's error is reported; the
    Vigilant of a clean sheet is bought."""
    refused = FIXTURES / "highguard" / "forms" / "refused-usp.txt"
    designs, _, found = load_catalogue([refused, VIGILANT], Scenario(), DEFAULT_READINGS)
    assert [d.name for d in designs] == ["Vigilant"]
    assert [(d.code, d.severity.value, d.span.line) for d in found] == [("HG001", "error", 5), ("SRC004", "warning", 1)]
    assert found[1].message == "Kinunir: its sheet has errors (HG001 at line 5): not bought"


def test_a_scenario_or_opponent_that_does_not_read_is_exit_2(tmp_path):
    """A scenario or an opponent's file that is not TOML is an input not read (at its line): exit 2, as
    ``tcs battle`` and a catalogue that does not read; a scenario that reads but asks what nothing meets is a finding,
    exit 1 (tests/tcs/test_design_search.py)."""
    broken = tmp_path / "broken.toml"
    broken.write_text("[scenario\nname =\n", encoding="utf-8")
    red = str(BATTLE / "fleet-b.toml")
    scenario = runner.invoke(app, ["tcs", "search", str(VIGILANT), "-a", red, "-s", str(broken), "-n", "20", "-q"])
    assert scenario.exit_code == 2, scenario.output
    assert f"{broken}:1:10: error: SCN001 not valid TOML scenario" in scenario.output
    opponent = runner.invoke(app, ["tcs", "search", str(VIGILANT), "-a", str(broken), "-n", "20", "-q"])
    assert opponent.exit_code == 2 and f"{broken}:1:" in opponent.output
