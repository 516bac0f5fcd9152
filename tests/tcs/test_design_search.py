"""The TCS search over designs of its own (``shipyard tcs search --design N``): genes made designs by the High Guard
design rules under the scenario, one design for one fitted genome, a slot's part of the budget bought, every design
it reports checked clean by ``check --scenario`` and written beside the fleet file. The guarantees every search keeps
(the same seed on every executor, the journal, re-measurement, the replay) are tests/search/test_every_problem.py's,
run on a design search too."""

from __future__ import annotations

import json
import shutil
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import CHROMIUM, FIXTURES, ROOT, chromium, replay_written
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.diagnostics import Span
from shipyard.core.pipeline import check_sheet, load_text
from shipyard.search.driver import Settings
from shipyard.search.inventing import SHARE_STEPS, made, share_name
from shipyard.search.limits import MAX_SLOTS
from shipyard.search.space import space
from shipyard.systems.tcs import api
from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS
from shipyard.systems.tcs.combat.search import TcsProblem, load_catalogue, load_opponents
from shipyard.systems.tcs.fleet import load_scenario
from shipyard.systems.tcs.scenario import Scenario

optuna = pytest.importorskip("optuna")

runner = CliRunner()
RED = FIXTURES / "tcs" / "battle" / "fleet-b.toml"
VIGILANT = FIXTURES / "tcs" / "battle" / "vigilant.txt"
SCENARIO_1981 = ROOT / "examples" / "tcs1981" / "scenario.toml"
#: A genome's genes as the search asks for them (no TL: the scenario's): the example's Vigilant.
VIGILANT_GENES = {
    "tons": 5000,
    "configuration": 3,
    "armour": 4,
    "jump": 3,
    "maneuver": 3,
    "extra_power": 0,
    "laser_batteries": 6,
    "laser_turrets_each": 5,
    "sand_batteries": 2,
    "sand_turrets_each": 5,
    "damper": 1,
    "meson_screen": 1,
    "missile_batteries": 0,
    "missile_turrets_each": 1,
    "missile_bays": 0,
    "spinal": "",
    "meson_spinal": "",
    "energy_batteries": 0,
    "energy_turrets_each": 1,
    "energy_gun": "plasma gun",
    "bays": 0,
    "bay_weapon": "particle accelerator",
    "computer_extra": 0,
    "drop_tanks": 0,
    "pulse_lasers": 0,
    "missile_bay_tons": 100,
    "bay_tons": 100,
    "pa_batteries": 0,
    "pa_turrets_each": 1,
}


def _problem(scenario: Scenario, slots: int = 1) -> TcsProblem:
    opponents, found = load_opponents([str(RED)], DEFAULT_READINGS)
    assert not found
    return TcsProblem([], opponents, scenario, DEFAULT_READINGS, slots=slots)


def _designs_only(settings: Settings) -> api.TcsSearch:
    """A search of two designs of its own and no catalogue, under the 1981 shape, against three Vigilants."""
    request = api.TcsSearchRequest(
        catalogue=[], against=[str(RED)], scenario=SCENARIO_1981, design=2, settings=settings, jobs=1
    )
    return api.tcs_search(request)


def _scenario_1981() -> Scenario:
    scenario, found = load_scenario(SCENARIO_1981)
    assert scenario is not None and not found
    return scenario


def test_the_genes_asked_are_the_tables_at_the_scenarios_tl(tmp_path):
    """At TL12 under the 1981 shape (jump-3, 1 G, tanks kept in battle): jump 3 only (TL12 builds jump-3 at most),
    maneuver 1 to 6, armour 0 to 12, drop tanks of 0 to 10 tenths of the hull; the TL is the scenario's, not a gene. A
    catalogue search asks for no gene. Where the scenario drops tanks before combat, no tanks without a tug in the
    catalogue to tow them (TCS202), 0-10 tenths with the example's hauler tug."""
    genes = _problem(_scenario_1981()).genes
    assert genes["jump"] == [3] and genes["maneuver"] == [1, 2, 3, 4, 5, 6] and genes["armour"] == list(range(13))
    assert "tl" not in genes and genes["drop_tanks"] == list(range(11))
    assert _problem(_scenario_1981(), slots=0).genes == {}
    dropped = _scenario_1981().model_copy(update={"drop_tanks_dropped": True})
    assert _problem(dropped).genes["drop_tanks"] == [0]
    shutil.copy(ROOT / "examples" / "fleet" / "hauler-tug.txt", tmp_path)
    tug = tmp_path / "catalogue.toml"
    tug.write_text('[[design]]\nsheet = "hauler-tug.txt"\nrole = "tug"\n', encoding="utf-8")
    catalogue, _, found = load_catalogue([tug], dropped, DEFAULT_READINGS)
    assert found == [] and _problem(dropped).tugs is False
    with_tug = TcsProblem(catalogue, _problem(dropped).opponents, dropped, DEFAULT_READINGS, slots=1)
    assert with_tug.tugs and with_tug.genes["drop_tanks"] == list(range(11))


def test_a_genome_fitted_alike_is_one_design():
    """Two genomes a designer fits to one ship (they differ only in the turrets each of a battery kind there is none
    of) make one design, at one index; another genome makes the next design."""
    problem = _problem(_scenario_1981())
    first = problem.invent(VIGILANT_GENES)
    assert first == 0 and problem.designs[0].name == "Invented 1" and problem.designs[0].shown == "invented-1.txt"
    assert problem.invent(VIGILANT_GENES | {"missile_turrets_each": 7}) == 0
    assert len(problem.designs) == 1
    assert problem.invent(VIGILANT_GENES | {"armour": 5}) == 1 and problem.designs[1].name == "Invented 2"
    made = problem.made(0)
    assert made is not None and made["usp"] == "BB-E333332-471100-60000-0" and made["genes"]["armour"] == 4


def test_a_design_made_is_priced_as_a_catalogue_sheet():
    """The made Vigilant is priced by the quantity rule at its sheet's cost, as ``audit`` prices a catalogue's: the
    first with the architect's 1%, each further one at 80%."""
    problem = _problem(_scenario_1981())
    index = problem.invent(VIGILANT_GENES)
    assert index is not None
    each = problem.designs[index].member.value
    assert each is not None
    assert problem.cost([1]) == Fraction(each * Decimal("1.01"))
    assert problem.cost([3]) == Fraction(each * Decimal("1.01") + 2 * each * Decimal("0.8"))


def test_a_slots_part_of_the_budget_buys_the_most_ships_within_it():
    """A slot asked for 3 tenths of MCr 1,000,000 buys the most of its design that cost MCr 300,000 or less; a slot
    asked for none buys nothing and makes no design."""
    problem = _problem(_scenario_1981())
    searched, found = space(problem, [], {}, 1000, Span("-", 1, 1))
    assert searched is not None and not found
    params = {share_name(1): 3} | {f"slot 1 {gene}": value for gene, value in VIGILANT_GENES.items()}
    counts = made(optuna.trial.FixedTrial(params), searched, [])
    budget = Fraction(300_000)
    assert problem.cost(counts) <= budget < problem.cost([counts[0] + 1])
    empty = _problem(_scenario_1981(), slots=2)
    searched, _ = space(empty, [], {}, 1000, Span("-", 1, 1))
    assert searched is not None
    params = {share_name(1): 10, share_name(2): 0} | {f"slot 1 {g}": v for g, v in VIGILANT_GENES.items()}
    assert len(made(optuna.trial.FixedTrial(params), searched, [])) == 1 and len(empty.designs) == 1


def test_the_first_slot_is_never_empty_without_a_catalogue():
    """With no catalogue design the first slot's part is asked from 1 tenth (a fleet of nothing fights no battle);
    beside a catalogue, from none."""
    for sheets, least in ([], 1), ([VIGILANT], 0):
        designs, _, _ = load_catalogue(sheets, _scenario_1981(), DEFAULT_READINGS)
        problem = TcsProblem(designs, _problem(_scenario_1981()).opponents, _scenario_1981(), DEFAULT_READINGS, slots=1)
        searched, _ = space(problem, [], {}, 1000, Span("-", 1, 1))
        assert searched is not None and searched.offered == len(sheets)
        trial = optuna.create_study().ask()
        made(trial, searched, [0] * searched.offered)
        share = trial.distributions[share_name(1)]
        assert (share.low, share.high) == (least, SHARE_STEPS)


def test_every_design_the_search_reports_passes_check_scenario(tmp_path):
    """A search of two designs of its own and no catalogue under the 1981 shape: every design its JSON reports
    (the best fleet's, the next best's, the front's) read back from its sheet and checked by every rule ``check
    --scenario`` runs: no error; the best fleet written with its designs' sheets beside it, and ``shipyard check
    --scenario`` of them all exits 0. Some carry drop tanks (the scenario keeps them in battle); the fleet file's
    replay command, run, gives the figures the search reported."""
    target = tmp_path / "best.toml"
    args = ["tcs", "search", "--design", "2", "-a", str(RED), "-s", str(SCENARIO_1981), "-n", "300"]
    args += ["--screen", "10", "--full", "20", "--generation", "4", "-q", "--format", "json", "--write-fleet"]
    found = runner.invoke(app, [*args, str(target)])
    assert found.exit_code == 0, found.output
    document = json.loads(found.stdout)
    made_designs = [d for d in document["designs"] if "made" in d]
    assert made_designs and all(d["min"] == 0 for d in made_designs)
    result = _designs_only(Settings(battles=300, screen=10, full=20, generation=4)).result
    assert result is not None
    by_sheet = {d.shown: d for d in result.problem.designs}
    for design in made_designs:
        text = by_sheet[design["sheet"]].made.text  # type: ignore[attr-defined]
        checked = check_sheet(load_text(text, design["sheet"]), scenario=_scenario_1981())
        assert [d for d in checked.diagnostics if d.severity.value == "error"] == [], design["name"]
        assert checked.ships[0].usp.text == design["made"]["usp"]  # type: ignore[attr-defined]
    sheets = sorted(tmp_path.glob("invented-*.txt"))
    best = {entry["sheet"] for entry in document["best"]["fleet"]}
    assert {p.name for p in sheets} == best
    command = runner.invoke(app, ["check", "--scenario", str(SCENARIO_1981), str(target), *map(str, sheets)])
    assert command.exit_code == 0, command.output
    assert any(d["made"]["genes"]["drop_tanks"] for d in made_designs)  # the 1981 shape keeps tanks in battle
    assert any("With Drop Tanks" in p.read_text(encoding="utf-8") for p in sheets)
    _, _, fought = replay_written(target)
    side, best = fought["sides"][0], document["best"]
    assert (side["win"], side["draw"], side["loss"], side["win_ci"]) == (
        best["win"],
        best["draw"],
        best["loss"],
        best["win_ci"],
    )


def test_the_text_says_the_best_fleets_designs():
    """The text names each design of the search's own in the best fleet with its sheet, USP and genes."""
    found = runner.invoke(
        app,
        ["tcs", "search", "--design", "1", "-a", str(RED), "-s", str(SCENARIO_1981), "-n", "100", "--screen", "10"]
        + ["--full", "10", "--generation", "4", "-q"],
    )
    assert found.exit_code == 0, found.output
    lines = found.stdout.splitlines()
    said = lines.index("Its designs of the search's own:")
    assert lines[said + 1].startswith("  Invented ") and "(invented-" in lines[said + 1] and ": BB-" in lines[said + 1]
    assert "of the search's own) within MCr 1,000,000.00" in lines[0]


def test_no_design_of_its_own_where_the_tl_builds_no_drive_asked_for(tmp_path):
    """TL 9 builds jump-1 at most: a scenario asking jump-3 leaves the search nothing to make (SRC004 with the rule's
    code, TCS109), and no search; without --design, a catalogue search of the same is not refused for it."""
    scenario = tmp_path / "tl9.toml"
    scenario.write_text('[scenario]\nname = "TL 9"\ntech_level = 9\nminimum_jump = 3\n', encoding="utf-8")
    refused = runner.invoke(app, ["tcs", "search", "--design", "1", "-a", str(RED), "-s", str(scenario), "-q"])
    assert refused.exit_code == 1
    assert "SRC004 no design of the search's own can be made under the scenario" in refused.output
    assert "TL 9 builds at most 1 (TCS109)" in refused.output


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "give the designs a fleet may buy, or --design N"),
        (["--design", "1", "--write-fleet", "-"], "each design of the search's own is written as a sheet beside"),
        (["--design", str(MAX_SLOTS + 1)], f"'--design': Input should be less than or equal to {MAX_SLOTS}"),
    ],
    ids=["nothing-to-buy", "fleet-to-stdout", "too-many-designs"],
)
def test_usage_errors_of_a_design_search(args: list[str], words: str):
    found = runner.invoke(app, ["tcs", "search", "-a", str(RED), *args])
    assert found.exit_code == 2 and words in found.output


def test_a_catalogue_searchs_fleets_keep_their_keys():
    """A fleet's key is its counts (the catalogue's; then the designs made, none past the last it buys) and
    doctrine; a fleet with designs of its own has a digest of their genes as well, so a task key names them."""
    problem = _problem(_scenario_1981())
    searched, _ = space(problem, [], {}, 1000, Span("-", 1, 1))
    assert searched is not None
    index = problem.invent(VIGILANT_GENES)
    assert index == 0
    problem.invent(VIGILANT_GENES | {"armour": 2})
    bought = searched.candidate([3, 0], (("range", "best"),))
    assert bought.counts == (3,) and bought.key.startswith("3 | range=best | ") and len(bought.carried) == 1
    other = searched.candidate([0, 3], (("range", "best"),))
    assert other.counts == (0, 3) and other.key.split(" | ")[2] != bought.key.split(" | ")[2]


def test_an_unchanged_catalogue_search_has_no_genes(tmp_path: Path):
    """Without --design the JSON's designs carry no ``made`` and the keys no digest: a catalogue search is as it was."""
    found = runner.invoke(
        app,
        ["tcs", "search", str(VIGILANT), "-a", str(RED), "-n", "40", "--screen", "10", "--full", "10", "-q"]
        + ["--format", "json"],
    )
    assert found.exit_code == 0, found.output
    document = json.loads(found.stdout)
    assert all("made" not in d for d in document["designs"]) and len(document["designs"]) == 1


def test_a_design_the_rules_refuse_is_never_bought_and_is_said(monkeypatch):
    """Where the rules refuse every design the genes make (the builder made to refuse here: the property test of
    tests/tcs/test_genes.py finds none refused), no fleet buys one: the catalogue's Vigilants fight alone, and the
    refusals are said once, counted (SRC004, a warning)."""
    from shipyard.systems.tcs.combat import invented

    def refuse(genome, repairs, number, scenario, readings):
        return invented.Made(genome, repairs, refused=("HG107", "the parts overfill the hull"))

    monkeypatch.setattr(invented, "make", refuse)
    found = api.tcs_search(
        api.TcsSearchRequest(
            catalogue=[VIGILANT],
            against=[str(RED)],
            scenario=FIXTURES / "tcs" / "search" / "small.toml",
            design=1,
            settings=Settings(battles=60, screen=10, full=10, generation=4),
            jobs=1,
        )
    )
    assert found.result is not None and found.outcome is not None
    assert all(t.candidate.counts[1:] == (0,) * (len(t.candidate.counts) - 1) for t in found.result.tried)
    assert len(found.result.problem.designs) == 1
    said = [d for d in found.diagnostics if d.code == "SRC004"]
    assert len(said) == 1 and said[0].severity.value == "warning"
    assert "genome(s) the search asked for made no legal design (HG107: the parts overfill the hull)" in said[0].message


def test_the_page_lists_the_designs_of_its_own(tmp_path):
    """``-o search.html``: a table of the designs of the search's own the reported fleets buy, each with its sheet,
    USP and genes (in Chromium where it is installed: the table is drawn)."""
    page = tmp_path / "search.html"
    args = ["tcs", "search", "--design", "1", "-a", str(RED), "-s", str(SCENARIO_1981), "-n", "60"]
    found = runner.invoke(app, [*args, "--screen", "10", "--full", "10", "--generation", "4", "-q", "-o", str(page)])
    assert found.exit_code == 0, found.output
    html = page.read_text(encoding="utf-8")
    assert "Designs of the search&#39;s own" in html or "Designs of the search's own" in html
    assert "invented-" in html and "BB-" in html
    if CHROMIUM is not None:
        dom = chromium("--dump-dom", page.as_uri()).stdout
        assert "invented-" in dom and "tons " in dom


def test_the_scorings_findings_of_designs_no_reported_fleet_buys_are_summed():
    """A design search makes many designs, each meeting holes of Appendix A's tables: the findings of those no
    reported fleet buys are one warning a code, counted; those of the reported fleets' designs are said one by one
    (none of an unreported design is)."""
    found = _designs_only(Settings(battles=400, screen=10, full=10, generation=8))
    assert found.result is not None
    from shipyard.search.report import reported_designs

    designs = found.result.space.designs
    reported = {designs[i].name for i in reported_designs(found.result)}
    unreported = {d.name for d in designs} - reported
    assert unreported  # the search made designs no reported fleet buys
    apx = [d for d in found.diagnostics if d.code == "APX001"]
    summed = [d for d in apx if "design(s) of the search's own that no fleet it reports buys" in d.message]
    assert len(summed) == 1
    assert not [d for d in apx if d.message.partition(":")[0] in unreported]


def test_the_first_generation_is_each_catalogue_design_alone():
    """Beside designs of its own the first generation is still the catalogue's designs alone, as many as the bounds
    allow, every slot's part of the budget none (a slot the optimiser filled would make them mixes: the baseline, the
    best of one design, would be lost)."""
    found = api.tcs_search(
        api.TcsSearchRequest(
            catalogue=[VIGILANT],
            against=[str(RED)],
            scenario=SCENARIO_1981,
            design=2,
            max_ships=50,
            settings=Settings(battles=40, screen=10, full=10, generation=4),
            jobs=1,
        )
    )
    assert found.result is not None
    first = found.result.tried[0]
    assert first.candidate.counts == (50,) + (0,) * (len(first.candidate.counts) - 1)
    baseline = found.result.baseline
    assert baseline is not None and baseline.candidate.counts[0] == 50
