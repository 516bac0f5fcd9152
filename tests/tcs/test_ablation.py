"""What a searched fleet leans on (``tcs search --ablate``): the changes made of the best fleet (each gene undone,
each class left out, each other reading of the rules), each fought on the best's own fresh battles, so that a change
that cannot matter changes no battle, and one that must, shows."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.diagnostics import Span
from shipyard.search.driver import Settings, Where, fresh
from shipyard.search.problem import Score
from shipyard.search.records import SearchResult, Tried
from shipyard.search.space import space
from shipyard.search.workers import InProcess
from shipyard.systems.highguard.build import Genome
from shipyard.systems.tcs.combat.ablation import ablate, design_changes, median, rule_changes
from shipyard.systems.tcs.combat.readings import CHOICES, DEFAULT_READINGS, Readings
from shipyard.systems.tcs.combat.search import TcsProblem, load_opponents
from shipyard.systems.tcs.genes import gene_ranges
from shipyard.systems.tcs.scenario import Scenario

pytest.importorskip("optuna")

runner = CliRunner()
RED = FIXTURES / "tcs" / "battle" / "fleet-b.toml"
#: The example Vigilant's genes (tests/tcs/test_genes.py), without the TL.
VIGILANT = Genome(5000, 3, 4, 3, 3, 0, 6, 5, 2, 5, 1, 1, 12)
SCENARIO = Scenario(budget_mcr=Decimal(20000), tech_level=12)


def test_the_design_changes_of_the_vigilant():
    """At TL12 (armour 0-12: the median 6; maneuver to 6; spare power to 3): armour 4 -> 6, no laser batteries (of
    6), no sandcasters (of 2), no screens, agility raised; no missile, bay or spinal change, for it has none."""
    genes = {k: v for k, v in gene_ranges(SCENARIO, 12).items() if k != "tl"}
    words = [w for w, _ in design_changes(VIGILANT, genes)]
    assert words == [
        "armour 4 -> 6 (the median of 0-12)",
        "no laser batteries (of 6)",
        "no sandcasters (of 2)",
        "no screens",
        "agility raised: maneuver 3 -> 6, spare power to 3",
    ]
    changed = dict(design_changes(VIGILANT, genes))
    assert changed["no screens"]["damper"] == 0 and changed["no screens"]["meson_screen"] == 0
    assert changed["no laser batteries (of 6)"]["laser_batteries"] == 0
    assert median([0, 1, 2, 3]) == 1 and median([0, 1, 2]) == 1
    meson = dict(design_changes(replace(VIGILANT, meson_spinal="K", bays=2, bay_weapon="repulsor"), genes))
    assert meson["no spinal mount (of meson K)"]["meson_spinal"] == "" and meson["no repulsor bays (of 2)"]["bays"] == 0
    pulse = dict(design_changes(replace(VIGILANT, pulse_lasers=1, pa_batteries=2), genes))
    assert pulse["beam lasers for the pulse lasers"]["pulse_lasers"] == 0
    assert pulse["no particle accelerator turrets (of 2)"]["pa_batteries"] == 0
    assert "beam lasers for the pulse lasers" not in dict(design_changes(replace(VIGILANT, pulse_lasers=0), genes))


def test_every_other_reading_is_a_rule_change():
    """One change for each value of each reading but the one read, and the re-rolls the other way; each differs
    from the readings in that one field."""
    changes = rule_changes(DEFAULT_READINGS)
    assert len(changes) == sum(len(choices) - 1 for choices in CHOICES.values()) + 1
    for words, readings in changes:
        differ = [f for f in (*CHOICES, "rerolls") if getattr(readings, f) != getattr(DEFAULT_READINGS, f)]
        assert len(differ) == 1 and (words.startswith(f"reading {differ[0]}=") or differ == ["rerolls"])
    assert changes[-1][0] == "TCS82 re-rolls on"


def _result(genome: Genome = VIGILANT, scenario: Scenario = SCENARIO) -> tuple[SearchResult, TcsProblem]:
    """Three made Vigilants against three of the example's, re-measured on 20 fresh battles: a search's best."""
    opponents, found = load_opponents([str(RED)], DEFAULT_READINGS)
    assert not found
    problem = TcsProblem([], opponents, scenario, DEFAULT_READINGS, slots=1)
    searched, _ = space(problem, [], {}, None, Span("-", 1, 1))
    assert searched is not None
    genes = {name: getattr(genome, name) for name in problem.genes}
    assert problem.invent(genes) == 0
    settings = Settings(seed=3, screen=10, full=20, block=10)
    candidate = searched.candidate([3], searched.knobs({}))
    tried = Tried(candidate, 0, problem.cost([3]), [Score()], full=True, ties=problem.ties)
    again = fresh([tried], settings, InProcess(problem.world(3)), problem.ties)[0]
    result = SearchResult(searched, problem, settings, [tried], [], 0, remeasured={candidate.key: again})
    return result, problem


def test_a_change_that_cannot_matter_changes_no_battle_and_one_that_must_shows():
    """Fought on the best's own fresh battles (runs 20 to 40): a meson reading changes nothing for fleets without a
    meson gun (the same wins, draws and losses: a difference of exactly 0), while the made Vigilants without their
    laser batteries have no gun but their sandcasters' nothing and win no battle; and without the only class there
    is no fleet change."""
    result, problem = _result()

    def rebuild(readings: Readings) -> TcsProblem:
        opponents, _ = load_opponents([str(RED)], readings)
        return TcsProblem([], opponents, SCENARIO, readings, slots=1)

    found = {a.change: a for a in ablate(result, Where(executor="local", jobs=1), rebuild)}
    best = result.again(result.best)
    assert best is not None and best.battles == 20
    meson = found["reading meson_cfg2_bays=rb"]
    assert meson.tried is not None and meson.tried.scores == best.scores and meson.difference(best)[0] == 0.0
    no_lasers = found["Invented 1: no laser batteries (of 6)"]
    assert no_lasers.tried is not None and no_lasers.tried.win == 0.0 and no_lasers.tried.battles == 20
    assert no_lasers.fleet == "3 Invented 1, Invented 1 changed" and meson.fleet == "3 Invented 1"
    assert no_lasers.tried.cost < best.cost and not [a for a in found.values() if a.kind == "fleet"]
    assert len(problem.designs) == 1  # the changed designs are not the search's


def test_the_search_says_its_ablations_in_text_json_and_page(tmp_path):
    """``--ablate``: the text's section, the document's ``ablations`` (the most harmful first, each fought on the
    best's fresh battles with its difference and interval), the page's table."""
    args = ["tcs", "search", "--design", "1", "-a", str(RED), "-s", str(FIXTURES / "tcs" / "search" / "small.toml")]
    args += ["-n", "80", "--screen", "10", "--full", "10", "--generation", "4", "-q", "--ablate"]
    document = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    ablations = document["ablations"]
    fought = [a for a in ablations if "why" not in a]
    assert fought and all(a["battles"] == document["best"]["remeasured"]["battles"] for a in fought)
    assert [a["difference"] for a in fought] == sorted(a["difference"] for a in fought)
    low, high = fought[0]["difference_ci"]
    assert low <= fought[0]["difference"] <= high
    text = runner.invoke(app, args).stdout
    assert "What the best fleet leans on: each change fought on the best's 10 fresh battles" in text
    page = tmp_path / "search.html"
    runner.invoke(app, [*args, "-o", str(page)])
    assert "What the best fleet leans on" in page.read_text(encoding="utf-8")


def test_no_ablation_without_the_option():
    args = ["tcs", "search", "--design", "1", "-a", str(RED), "-s", str(FIXTURES / "tcs" / "search" / "small.toml")]
    found = runner.invoke(app, [*args, "-n", "40", "--screen", "10", "--full", "10", "-q", "--format", "json"])
    assert "ablations" not in json.loads(found.stdout)


def test_drop_tanks_off_and_a_scenario_without_them():
    """Vigilants carrying 2,500 tons of drop tanks (5 tenths) where the scenario keeps them in battle: the design
    change "no drop tanks" and the rule change "no drop tanks in the scenario" each make the Vigilant again with its
    1,500 tons of jump fuel in its hull (room its cargo gives: no other repair), a design of the same USP. Under the
    default reading (agility as the sheet gives it, the tanks dropped) no figure the fire reads changes, so each
    changed fleet wins, draws and loses exactly the best's battles: a difference of exactly 0. Only the Appendix A
    loss differs: table 5 prices fuel hits on the internal tankage (1,650 tons without tanks, 150 with), and the
    tankless ship costs MCr 2.51 less (the fittings' 0.01 + 0.001 x 2,500), the value a ship lost whole counts."""
    scenario = SCENARIO.model_copy(update={"drop_tanks_dropped": False})
    tanked = replace(VIGILANT, drop_tanks=5)
    genes = {k: v for k, v in gene_ranges(scenario, 12).items() if k != "tl"}
    assert [w for w, _ in design_changes(tanked, genes)][-1] == "no drop tanks (of 2,500 tons)"
    result, problem = _result(tanked, scenario)
    assert problem.designs[0].member.design.drop_tanks == 2500

    def rebuild(readings: Readings) -> TcsProblem | None:
        return None  # the readings are another test's

    found = {a.change: a for a in ablate(result, Where(executor="local", jobs=1), rebuild)}
    best = result.again(result.best)
    assert best is not None
    for change in ("Invented 1: no drop tanks (of 2,500 tons)", "no drop tanks in the scenario"):
        ablated = found[change]
        assert ablated.tried is not None and ablated.tried.battles == 20, change
        outcomes = [(s.battles, s.wins, s.draws, s.losses) for s in ablated.tried.scores]
        assert outcomes == [(s.battles, s.wins, s.draws, s.losses) for s in best.scores]
        assert ablated.difference(best)[0] == 0.0 and ablated.tried.scores[0].lost != best.scores[0].lost
    assert found["no drop tanks in the scenario"].kind == "rule"
    assert found["no drop tanks in the scenario"].fleet == "3 Invented 1, without drop tanks"
    tankless = problem.invent({name: getattr(tanked, name) for name in problem.genes} | {"drop_tanks": 0})
    assert tankless == 1 and problem.designs[1].made is not None and problem.designs[1].made.repairs == []
    usps = [d.made.ship.usp.text for d in problem.designs if d.made and d.made.ship and d.made.ship.usp]
    assert usps[0] == usps[1] and problem.designs[1].member.design.fuel_carried == 1650


def test_a_fleet_without_drop_tanks_has_no_such_rule_change():
    result, _ = _result()
    found = [a.change for a in ablate(result, Where(executor="local", jobs=1), lambda readings: None)]
    assert not [change for change in found if "drop tanks" in change]


def test_a_catalogue_design_with_tanks_cannot_be_made_without_them():
    """A fleet of the example's Vigilants with drop tanks (a catalogue sheet, no genes): under a scenario without drop
    tanks there is no fleet left to fight, and the change says why instead of a figure."""
    from conftest import ROOT

    from shipyard.systems.tcs.combat.ablation import NO_TANKS, _without_tanks
    from shipyard.systems.tcs.combat.search import load_catalogue

    scenario = SCENARIO.model_copy(update={"drop_tanks_dropped": False})
    sheet = ROOT / "examples" / "fleet" / "vigilant-drop-tanks.txt"
    designs, _, found = load_catalogue([sheet], scenario, DEFAULT_READINGS)
    assert not [d for d in found if d.severity.value == "error"] and designs[0].member.design.drop_tanks == 1000
    opponents, _ = load_opponents([str(RED)], DEFAULT_READINGS)
    problem = TcsProblem(designs, opponents, scenario, DEFAULT_READINGS)
    ablated = _without_tanks(problem, [3], ["Vigilant"], None, "3 Vigilant")  # type: ignore[arg-type]  # no fleet
    assert ablated is not None and (ablated.change, ablated.tried) == (NO_TANKS, None)
    assert ablated.why == "every ship of the fleet is of a catalogue design with drop tanks"
