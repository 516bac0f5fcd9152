"""The fleet search (``shipyard combat search``): its space (the budget, the bounds, the repair of a fleet over
them), its statistics (stages, racing, the front), its inputs' findings, and the promises of the command: the
same seed gives the same result on every executor and number of workers, a journal resumes, the written
engagement replays to the same figures, the best is at least as good as the best fleet of one design, and the
page draws in Chromium."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, beside
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.diagnostics import Span
from shipyard.search.driver import Search, Settings, Tried
from shipyard.search.problem import Candidate, Score, Unit, World
from shipyard.search.space import Space
from shipyard.search.space import space as space_of
from shipyard.search.workers import InProcess, fight_unit
from shipyard.systems.mcs import api
from shipyard.systems.mcs.combat.knobs import DEFAULTS, KNOBS, doctrine
from shipyard.systems.mcs.combat.search import (
    Design,
    Inputs,
    load_catalogue,
    load_opponents,
    mcs_problem,
    opponent_spec,
)

pytest.importorskip("optuna")

runner = CliRunner()
MCS = FIXTURES / "mcs"
#: A catalogue whose sheets give their costs (MCr 480, 90 and 63), against a Midu Agashaan (MCr 3,759).
SHEETS = [str(MCS / "zhodani-patrol-corvette.usd"), str(MCS / "drachen-jaeger.usd"), str(MCS / "rampart-15.usd")]
AGAINST = str(ROOT / "examples" / "midu-agashaan.usd")
#: A small search: a screen of 10 battles, a full evaluation of 40, 4 fleets at a time, 400 battles.
SMALL = [
    "--screen",
    "10",
    "--full",
    "40",
    "--generation",
    "4",
    "-n",
    "400",
    "--max-ships",
    "12",
    "-q",
    "--format",
    "json",
]


def _search(
    *extra: str, sheets: list[str] = SHEETS, budget: str = "4000", against: str = AGAINST, stdin: str | None = None
) -> dict:
    """A small search's JSON document (it must succeed)."""
    args = ["combat", "search", *sheets, "--against", against, "-b", budget, *SMALL, *extra]
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _request(settings: Settings) -> api.SearchRequest:
    """The library's search of the small catalogue against the Midu Agashaan: MCr 4,000, 12 ships, one process."""
    return api.SearchRequest(catalogue=SHEETS, against=[AGAINST], budget=4000, settings=settings, max_ships=12, jobs=1)


def _design(name: str, cost: int, low: int = 0, high: int | None = None) -> Design:
    return Design(name, Path(name), name, None, None, Fraction(cost), low, high, None, Span(name, 1, 1))  # type: ignore[arg-type]


def space(
    inputs: Inputs,
    budget: Fraction,
    searched: list[str] | None,
    fixed: dict[str, str],
    max_ships: int | None,
    tl: int | None,
    where: Span,
) -> tuple[Space | None, list]:
    """The MCS problem of ``inputs`` and its space, as ``combat search`` makes them."""
    problem, found = mcs_problem(inputs, budget, tl)
    made, more = space_of(problem, searched, fixed, max_ships, where)
    return made, found + more


def world(inputs: Inputs, searched: Space, seed: int) -> World:
    return searched.problem.world(seed)


def _space(costs: list[int], budget: int, max_ships: int | None = None) -> Space:
    inputs = Inputs([_design(f"d{i}", c) for i, c in enumerate(costs)], [])
    for design in inputs.designs:
        design.template = type("T", (), {"tl": None})()  # type: ignore[assignment]
    found, problems = space(inputs, Fraction(budget), None, {}, max_ships, None, Span("c", 1, 1))
    assert found is not None, problems
    return found


# ---- the space --------------------------------------------------------------------------------------------------


def test_bounds_are_what_the_budget_and_the_most_ships_allow():
    """Budget MCr 1,000: 1000 // 480 = 2 corvettes, 1000 // 90 = 11 fighters, 1000 // 63 = 15; at most 12 ships."""
    assert _space([480, 90, 63], 1000).bounds == [(0, 2), (0, 11), (0, 15)]
    assert _space([480, 90, 63], 1000, max_ships=12).bounds == [(0, 2), (0, 11), (0, 12)]


def test_a_fleet_over_the_budget_loses_a_ship_of_the_design_that_takes_the_most():
    """(2, 3, 0) costs 960 + 270 = 1,230 > 1,000: the corvettes take the most (960), one goes: 480 + 270 = 750."""
    within = _space([480, 90, 63], 1000)
    assert within.repair((2, 3, 0)) == (1, 3, 0)
    assert within.repair((1, 3, 0)) == (1, 3, 0)  # within: unchanged


def test_a_fleet_over_the_most_ships_loses_ships_the_same_way_and_an_empty_one_gets_the_cheapest():
    """(0, 5, 5) is 10 ships of at most 8: 450 against 315, a fighter goes; (0, 4, 5): 360 against 315, again."""
    most = _space([480, 90, 63], 10_000, max_ships=8)
    assert most.repair((0, 5, 5)) == (0, 3, 5)
    assert most.repair((0, 0, 0)) == (0, 0, 1)


def test_stages_double_from_the_screen_to_the_full_evaluation():
    assert Settings(screen=50, full=400).stages() == [50, 100, 200, 400]
    assert Settings(screen=30, full=100).stages() == [30, 60, 100]
    assert Settings(screen=500, full=400).stages() == [400]


def test_knobs_set_the_doctrine_and_their_defaults_are_the_doctrines():
    chosen = doctrine([("evasion", "aim"), ("withdraw", "1/2")])
    assert (chosen.evade, chosen.aim, chosen.withdraw) == (False, True, Fraction(1, 2))
    assert doctrine((name, DEFAULTS[name]) for name in KNOBS).model_dump(exclude_defaults=True) == {}


def test_opponent_specs():
    assert opponent_spec("a.usd=2+b.usd") == [("a.usd", 2), ("b.usd", 0)]
    assert opponent_spec("battle.toml=1") == [("battle.toml", 1)]
    for bad in ("a.usd=0", "a.usd=two", "=2", "a.usd+"):
        with pytest.raises(ValueError):
            opponent_spec(bad)


def _tried(win: int, worst_wins: int, cost: int, order: int = 0) -> Tried:
    """A fleet of 100 battles against each of two opponents: ``win`` and ``worst_wins`` won."""
    scores = [Score(100, win, 100 - win, 0), Score(100, worst_wins, 100 - worst_wins, 0)]
    return Tried(Candidate((order,), ()), order, Fraction(cost), scores, full=True)


def test_the_front_keeps_what_nothing_beats_on_every_count():
    """(win, worst, cost): a (0.6, 0.5, 100) is beaten by b (0.7, 0.6, 100); c (0.8, 0.2, 200) and d (0.3, 0.3, 50)
    are beaten by nothing: the front is d, b, c, cheapest first."""
    from shipyard.search.driver import SearchResult

    a, b, c, d = _tried(70, 50, 100, 0), _tried(80, 60, 100, 1), _tried(140, 20, 200, 2), _tried(30, 30, 50, 3)
    assert (a.win, a.worst) == (0.6, 0.5)
    result = SearchResult(None, None, Settings(), [a, b, c, d], [], 800)  # type: ignore[arg-type]
    assert result.front == [d, b, c]
    assert result.best is c  # the best win chance over every battle: 140 of 200


def test_the_worst_objective_ranks_by_the_hardest_opponent():
    from shipyard.search.driver import SearchResult

    a, b = _tried(140, 20, 200, 0), _tried(80, 60, 100, 1)
    assert SearchResult(None, None, Settings(objective="worst"), [a, b], [], 400).best is b  # type: ignore[arg-type]


def _inputs() -> tuple[Inputs, Space]:
    inputs, found = load_catalogue([Path(s) for s in SHEETS])
    found += load_opponents([AGAINST], inputs)
    assert not [d for d in found if d.severity.value == "error"]
    searched, problems = space(inputs, Fraction(4000), None, {}, 12, None, Span("c", 1, 1))
    assert searched is not None, problems
    return inputs, searched


def test_a_units_battles_are_the_same_however_the_runs_are_split():
    """Common random numbers: run k against an opponent is one battle whoever fights it and with whatever else."""
    inputs, searched = _inputs()
    w = world(inputs, searched, 5)
    candidate = Candidate((6, 2, 0), searched.knobs({}))
    whole = fight_unit(w, Unit(candidate, 0, 0, 30))
    parts = [fight_unit(w, Unit(candidate, 0, lo, lo + 10)) for lo in (0, 10, 20)]
    total = Score()
    for part in parts:
        total.add(part)
    assert total == whole and whole.battles == 30


def test_racing_drops_a_fleet_whose_interval_tops_out_below_the_incumbents_floor():
    """An incumbent of 400 wins in 400 battles (its 95% interval from 99.05%); a fleet of one light fighter wins
    none of its first 10 battles (interval 0% to 27.8%): it is dropped after the screen."""
    inputs, searched = _inputs()
    settings = Settings(screen=10, full=40)
    search = Search(searched, settings, InProcess(world(inputs, searched, 1)))
    strong = Candidate((8, 0, 0), searched.knobs({}))
    search.tried[strong.key] = Tried(strong, 0, Fraction(3840), [Score(400, 400, 0, 0)], full=True)
    weak = Candidate((0, 0, 1), searched.knobs({}))
    tried = Tried(weak, 1, Fraction(63), [Score()])
    search.tried[weak.key] = tried
    search._race([tried])
    assert tried.battles == 10 and tried.win == 0 and not tried.full
    assert round(tried.interval()[1], 3) == 0.278 and round(search.tried[strong.key].interval()[0], 4) == 0.9905


# ---- findings ---------------------------------------------------------------------------------------------------


def _run(*args: str):
    return runner.invoke(app, ["combat", "search", *args])


def test_a_design_without_a_cost_is_a_located_finding():
    result = _run(str(MCS / "kuvasz.usd"), "--against", AGAINST, "-b", "1000")
    assert result.exit_code == 1
    assert f"{MCS / 'kuvasz.usd'}:1:1: error: SRC003 Kuvasz has no cost" in result.output
    assert "Traceback" not in result.output


def test_a_catalogue_gives_a_cost_and_bounds(tmp_path):
    catalogue = tmp_path / "catalogue.toml"
    catalogue.write_text(
        f'[[designs]]\nsheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\ncost_mcr = 500\nmax = 2\n\n'
        f'[[designs]]\nsheet = "{beside(tmp_path, MCS / "rampart-15.usd")}"\nmin = 1\n',
        encoding="utf-8",
    )
    document = _search(sheets=[str(catalogue)], budget="1200")
    assert document["designs"] == [
        {
            "name": "Kuvasz",
            "label": "Kuvasz",
            "sheet": str(tmp_path / "kuvasz.usd"),
            "crew": None,
            "cost_mcr": 500.0,
            "min": 0,
            "max": 2,
        },
        {
            "name": "Rampart-15 Light Fighter",
            "label": "Rampart-15 Light Fighter",
            "sheet": str(tmp_path / "rampart-15.usd"),
            "crew": None,
            "cost_mcr": 63.0,
            "min": 1,
            "max": 12,
        },
    ]
    for row in document["payoff"]["rows"]:
        assert row["cost_mcr"] <= 1200
    catalogue.write_text(f'[[designs]]\nsheet = "{beside(tmp_path, MCS / "kuvasz.usd")}"\nmax = 2\n', encoding="utf-8")
    result = _run(str(catalogue), "--against", AGAINST, "-b", "1000")
    assert result.exit_code == 1 and f"{catalogue}:1:1: error: SRC003 Kuvasz has no cost" in result.output


def test_a_budget_no_fleet_fits_is_a_located_finding():
    result = _run(SHEETS[0], "--against", AGAINST, "-b", "400")
    assert result.exit_code == 1
    assert (
        f"{SHEETS[0]}:1:1: error: SRC004 no fleet fits the budget MCr 400: the cheapest design, Zhodani Patrol "
        "Corvette, costs MCr 480" in result.output
    )


def test_an_empty_pool_is_a_located_finding(tmp_path):
    pool = tmp_path / "pool.toml"
    pool.write_text("opponents = []\n", encoding="utf-8")
    result = _run(SHEETS[0], "--against", str(pool), "-b", "4000")
    assert result.exit_code == 1 and f"{pool}:1:1: error: SRC002" in result.output


def test_an_engagement_side_that_is_not_there(tmp_path):
    battle = tmp_path / "battle.toml"
    battle.write_text(
        f'[[sides]]\nships = [{{sheet = "{beside(tmp_path, Path(AGAINST))}"}}]\n'
        f'[[sides]]\nships = [{{sheet = "{beside(tmp_path, Path(AGAINST))}"}}]\n',
        encoding="utf-8",
    )
    result = _run(SHEETS[0], "--against", f"{battle}=3", "-b", "4000")
    assert (
        result.exit_code == 1 and f"{battle}:1:1: error: SRC005 an engagement has sides 1 and 2, not 3" in result.output
    )


def test_a_malformed_opponent_and_a_misspelt_knob_are_usage_errors():
    result = _run(SHEETS[0], "--against", "a.usd=0", "-b", "4000")
    assert result.exit_code == 2 and "must be a whole number of 1 or more" in result.output
    result = _run(SHEETS[0], "--against", AGAINST, "-b", "4000", "--knobs", "seak")
    assert result.exit_code == 2 and "'seak' is no doctrine knob (did you mean 'seek'?)" in result.output
    result = _run(SHEETS[0], "--against", AGAINST, "-b", "4000", "--doctrine", "seek=far")
    assert result.exit_code == 2 and "seek is one of best, hold, vs, s, m, l, x" in result.output


def test_without_the_search_extra_the_command_says_how_to_install_it(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "optuna" else real(name, *a))
    result = _run(SHEETS[0], "--against", AGAINST, "-b", "4000")
    assert result.exit_code == 2
    assert "needs optuna, not installed here.\nInstall them with: pip install 'shipyard[search]'" in result.output


def test_a_design_above_the_tech_level_is_not_bought():
    document = _search("--tl", "12")
    assert "Zhodani Patrol Corvette" not in [d["name"] for d in document["designs"]]


# ---- the command's promises --------------------------------------------------------------------------------------


def test_the_document_has_the_promised_shape():
    document = _search()
    assert {"seed", "battles", "best", "front", "payoff"} <= set(document)
    best = document["best"]
    assert {"fleet", "cost_mcr", "win", "draw", "loss", "win_ci"} <= set(best)
    assert all(set(entry) == {"name", "label", "sheet", "crew", "count"} for entry in best["fleet"])
    assert best["win"] + best["draw"] + best["loss"] == pytest.approx(1)
    assert best["win_ci"][0] <= best["win"] <= best["win_ci"][1]
    assert best["cost_mcr"] <= 4000 and sum(e["count"] for e in best["fleet"]) <= 12
    fought = sum(c["battles"] for row in document["payoff"]["rows"] for c in row["cells"])
    assert document["battles"] == fought + document["remeasured_battles"] and document["remeasured_battles"] > 0
    assert document["battles"] >= 400


def test_the_written_engagement_replays_the_best_fleets_battles(tmp_path):
    target = tmp_path / "best.toml"
    document = _search("--write-engagement", str(target))
    best = document["best"]
    text = target.read_text(encoding="utf-8")
    # its sheets are the search's, outside the file's folder: the command it gives reads them where they are
    assert f"battle best.toml --seed 1 --runs {best['battles']} --allow-outside\n" in text
    replay = runner.invoke(app, ["combat", "battle", str(target), *_replayed(text), "--format", "json", "-q"])
    assert replay.exit_code == 0, replay.output
    side = json.loads(replay.stdout)["sides"][0]
    assert (side["win"], side["draw"], side["loss"]) == (best["win"], best["draw"], best["loss"])
    assert side["win_ci"] == best["win_ci"]


def _replayed(text: str) -> list[str]:
    """The options of the replay command a written engagement's header gives."""
    command = next(line for line in text.splitlines() if line.startswith("# Replay"))
    return command.split(".toml ", 1)[1].split()


def test_the_best_is_at_least_as_good_as_the_best_fleet_of_one_design():
    """Each design alone, as many as MCr 4,000 and 12 ships buy (8 corvettes, 12 heavy fighters, 12 light
    fighters), measured by ``combat battle`` with another seed: the search's best, within its interval, is no
    worse than the best of them."""
    document = _search("-n", "600")
    singles = []
    for sheet, count in zip(SHEETS, (8, 12, 12), strict=True):
        result = api.combat_battle(api.BattleRequest(sources=[_engagement(sheet, count)], runs=300, seed=99, jobs=1))
        assert result.outcome is not None
        singles.append(result.outcome.sides[0].win)
    assert max(singles) > 0.5  # the corvettes: a real bar to clear
    assert document["best"]["win_ci"][1] >= max(singles)


def _engagement(sheet: str, count: int) -> Path:
    import tempfile

    folder = Path(tempfile.mkdtemp())
    path = folder / "single.toml"
    path.write_text(
        f'[[sides]]\nships = [{{sheet = "{beside(folder, Path(sheet))}", count = {count}}}]\n'
        f'[[sides]]\nships = [{{sheet = "{beside(folder, Path(AGAINST))}"}}]\n',
        encoding="utf-8",
    )
    return path


def test_nsga2_and_random_search_run_and_keep_a_front():
    for sampler in ("nsga2", "random"):
        document = _search("--sampler", sampler)
        assert document["sampler"] == sampler and document["front"]
        costs = [f["cost_mcr"] for f in document["front"]]
        assert costs == sorted(costs)


def test_a_pool_reports_the_worst_case_and_the_payoff(tmp_path):
    pool = tmp_path / "pool.toml"
    pool.write_text(
        f'[[opponents]]\nname = "one Midu"\nships = [{{sheet = "{beside(tmp_path, Path(AGAINST))}"}}]\n\n'
        f'[[opponents]]\nname = "corvettes"\nships = [{{sheet = "{beside(tmp_path, Path(SHEETS[0]))}", count = 4}}]\n',
        encoding="utf-8",
    )
    document = _search("--objective", "worst", against=str(pool))
    assert len(document["payoff"]["opponents"]) == 2
    best = document["best"]
    assert best["objective"] == best["worst"] <= best["win"]
    assert all(len(row["cells"]) == 2 for row in document["payoff"]["rows"])


def test_check_tells_a_catalogue_and_a_pool_for_what_they_are(tmp_path):
    """``check`` of a search's files: each is named for what it is, with the command that reads it (IO013, info),
    and checked as the search reads it: valid ones exit 0 (before: an IO007 error and exit 2); a catalogue whose
    design has max below min and a pool naming a missing sheet give their errors at their lines, exit 1."""
    catalogue = tmp_path / "catalogue.toml"
    catalogue.write_text(f'[[designs]]\nsheet = "{beside(tmp_path, Path(SHEETS[0]))}"\n', encoding="utf-8")
    pool = tmp_path / "pool.toml"
    pool.write_text(f'[[opponents]]\nships = [{{sheet = "{beside(tmp_path, Path(AGAINST))}"}}]\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(catalogue), str(pool)])
    assert result.exit_code == 0, result.output
    output = result.output.replace("\n", " ")
    assert f"{catalogue}:1:1: info: IO013 a fleet search's catalogue file, checked as one: give it to 'shipyard " in (
        output
    )
    assert "info: IO013 a fleet search's opponent pool file, checked as one" in output and ": error:" not in output
    catalogue.write_text(catalogue.read_text(encoding="utf-8") + "min = 3\nmax = 1\n", encoding="utf-8")
    pool.write_text('[[opponents]]\nships = [{sheet = "missing.usd"}]\n', encoding="utf-8")
    result = runner.invoke(app, ["check", str(catalogue), str(pool)])
    assert result.exit_code == 1
    assert f"{catalogue}:1:1: error: SRC002" in result.stdout and "max 1 is below min 3" in result.stdout
    assert f"{pool}:2:1: error: CMB003 missing.usd holds no MCS USD ship" in result.stdout


def test_a_catalogue_is_told_by_what_it_holds_not_its_name(tmp_path):
    """A catalogue on standard input (no name) is read as one; an FFS design's TOML is a sheet, as ``combat battle``
    reads it (the seed's example gives no cost: SRC003)."""
    text = f'[[designs]]\nsheet = "{SHEETS[2]}"\n'  # standard input names files from the current directory
    document = _search(sheets=["-"], budget="200", stdin=text)
    assert [d["name"] for d in document["designs"]] == ["Rampart-15 Light Fighter"]
    ffs = ROOT / "examples" / "ffs2" / "seed-examples.toml"
    result = _run(str(ffs), "--against", AGAINST, "-b", "600")
    assert result.exit_code == 1 and f"{ffs}:1:1: error: SRC003 Seed Example has no cost" in result.output


def test_an_opponent_file_is_told_by_what_it_holds(tmp_path):
    """A pool takes no '=N' (SRC005); a TOML file that is neither an engagement nor a pool is a sheet (an FFS
    design), fought as ``combat battle`` fights one."""
    pool = tmp_path / "pool.toml"
    pool.write_text(f'[[opponents]]\nships = [{{sheet = "{beside(tmp_path, Path(AGAINST))}"}}]\n', encoding="utf-8")
    result = _run(SHEETS[0], "--against", f"{pool}=2", "-b", "4000")
    assert result.exit_code == 1 and f"{pool}:1:1: error: SRC005 a pool file takes no '=2'" in result.output
    ffs = str(ROOT / "examples" / "ffs2" / "seed-examples.toml")
    document = _search(sheets=SHEETS[:1], budget="1000", against=ffs)
    assert document["opponents"][0]["name"] == "Seed Example"


def test_a_sheet_of_two_designs_names_each_in_the_engagement_written(tmp_path):
    """Each ship of a sheet is a design; the engagement names the one bought, so that ``combat battle`` fights it
    and not the sheet's first ship, and replays the search's figures."""
    two = tmp_path / "two.usd"
    two.write_text(
        (MCS / "rampart-15.usd").read_text(encoding="utf-8")
        + "\n"
        + (MCS / "drachen-jaeger.usd").read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    target = tmp_path / "best.toml"
    best = _search("--write-engagement", str(target), sheets=[str(two)], budget="1200")["best"]
    text = target.read_text(encoding="utf-8")
    for entry in best["fleet"]:
        assert f'name = "{entry["name"]}"' in text
    replay = runner.invoke(app, ["combat", "battle", str(target), *_replayed(text), "--format", "json", "-q"])
    side = json.loads(replay.stdout)["sides"][0]
    assert (side["win"], side["draw"], side["loss"]) == (best["win"], best["draw"], best["loss"])


def test_cost_breaks_a_tie_of_win_chances():
    """Two fleets that win all 40 of their battles, no draws: the cheaper (MCr 2,700) ranks above the dearer
    (MCr 3,000), whichever was tried first; before, the MCr lost a battle decided."""
    cheap = Tried(Candidate((0, 30, 0), ()), 1, Fraction(2700), [Score(40, 40, 0, 0, Fraction(4000))], full=True)
    dear = Tried(Candidate((1, 28, 0), ()), 0, Fraction(3000), [Score(40, 40, 0, 0, Fraction(400))], full=True)
    assert cheap.standing("mean") > dear.standing("mean")
    assert max([dear, cheap], key=lambda t: t.standing("mean")) is cheap


def test_a_search_says_when_its_battles_bought_no_search():
    """100 battles buy only the first generation, the three fleets of one design alone: the search says so
    plainly, rather than presenting the best of three as a search's answer."""
    args = [*SHEETS, "--against", AGAINST, "-b", "4000", "--screen", "10", "--full", "10", "-n", "30", "-q"]
    text = runner.invoke(app, ["combat", "search", *args]).stdout
    assert "The battles bought no search: only the fleets of one design were fought" in text, text


def test_two_searches_at_once_on_one_scheduler_get_their_own_battles():
    """Two searches of different seeds send the same units at the same time to one LocalCluster: each gets the
    battles of its own world, as this process fights them."""
    distributed = pytest.importorskip("distributed")
    from concurrent.futures import ThreadPoolExecutor

    from shipyard.search.workers import DaskCluster

    inputs, searched = _inputs()
    worlds = [world(inputs, searched, 1), world(inputs, searched, 2)]
    fleet = Candidate((6, 2, 0), searched.knobs({}))
    units = [Unit(fleet, 0, first, first + 10) for first in range(0, 100, 10)]
    expected = [[fight_unit(w, u) for u in units] for w in worlds]
    assert expected[0] != expected[1]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        clusters = [DaskCluster(w, cluster.scheduler_address, 2) for w in worlds]
        try:
            with ThreadPoolExecutor(2) as threads:
                results = list(threads.map(lambda c: c.map(units), clusters))
        finally:
            for each in clusters:
                each.close()
    assert results == expected


def test_two_designs_of_one_sheet_and_name_are_told_apart(tmp_path):
    """A catalogue lists the Drachen Jaeger twice, with a green and an elite crew: every output tells them apart
    by the crew ('... (elite crew)'), and two listings with one crew by their place in the catalogue. Before,
    both were 'MF357B Drachen Jaeger Class Heavy Fighter' in the text, the JSON and the page."""
    from shipyard.search.driver import design_labels

    sheet = beside(tmp_path, Path(SHEETS[1]))
    catalogue = tmp_path / "catalogue.toml"
    catalogue.write_text(
        f'[[designs]]\nsheet = "{sheet}"\ncrew = "green"\n\n[[designs]]\nsheet = "{sheet}"\ncrew = "elite"\n',
        encoding="utf-8",
    )
    document = _search(sheets=[str(catalogue)], budget="900")
    labels = [d["label"] for d in document["designs"]]
    name = "MF357B Drachen Jaeger Class Heavy Fighter"
    assert labels == [f"{name} (green crew)", f"{name} (elite crew)"]
    assert [d["crew"] for d in document["designs"]] == ["green", "elite"]
    inputs, _ = load_catalogue([catalogue, catalogue])
    assert design_labels(inputs.designs) == [f"{name} (design {n})" for n in (1, 2, 3, 4)]  # each crew twice


def test_knob_choices_that_fight_the_same_battles_are_folded_into_one():
    """MCS 2.1 aims spinal mounts only, and holding missiles matters only to a fleet that has them: for a fleet of
    corvettes and heavy fighters (no spinal mount; the fighters' FIM rack is a missile battery) "aim" fights as
    "neither" and "evade-and-aim" as "evade", so the search fights it once; "hold" stays (it has missiles). The
    Midu (a spinal PAW) keeps every choice. The two folded doctrines fight identical battles (runs 0 to 20)."""
    inputs, searched = _inputs()
    fleet = (2, 3, 0)
    aim = searched.knobs({"evasion": "aim", "missiles": "hold"})
    folded = searched.folded(fleet, aim)
    assert dict(folded)["evasion"] == "neither" and dict(folded)["missiles"] == "hold"
    assert dict(searched.folded(fleet, searched.knobs({"evasion": "evade-and-aim"})))["evasion"] == "evade"
    w = world(inputs, searched, 3)
    neither = searched.knobs({"evasion": "neither", "missiles": "hold"})
    assert fight_unit(w, Unit(Candidate(fleet, aim), 0, 0, 20)) == fight_unit(
        w, Unit(Candidate(fleet, neither), 0, 0, 20)
    )
    midu, found = load_catalogue([Path(AGAINST)])
    assert not [d for d in found if d.severity.value == "error"]
    alone, problems = space(midu, Fraction(4000), None, {}, 1, None, Span("c", 1, 1))
    assert alone is not None, problems
    assert alone.folded((1,), aim) == aim


def test_the_library_builds_a_search_from_shipyard_api_alone():
    """The settings come from ``shipyard.api`` (no import of the search's own module): the library's search gives
    the document the command line gives for the same settings; a field the settings lack is a TypeError."""
    settings = api.search_settings(screen=10, full=40, generation=4, battles=400)
    found = api.combat_search(_request(settings))
    outcome = found.outcome
    assert outcome is not None
    command = _search("-j", "1")
    command.pop("diagnostics", None)  # the command line's JSON carries the sheets' findings beside the search
    assert outcome.model_dump(mode="json", exclude_unset=True) == command
    # The public record's figures are the document's: the best fleet quoted from its fresh battles.
    assert outcome.best is not None and outcome.best.remeasured is not None
    assert outcome.best.remeasured.win == command["best"]["remeasured"]["win"]
    assert [e.label for e in outcome.best.fleet] == [e["label"] for e in command["best"]["fleet"]]
    with pytest.raises(TypeError):
        api.search_settings(battle=400)


def test_a_small_space_is_tried_whole():
    """Corvettes (MCr 480) and heavy fighters (MCr 90) within MCr 1,000 and 6 ships, the band sought searched: the
    fleets are every (a, b) with a + b <= 6 and 480a + 90b <= 1000 but none, 13 of them, each with 7 choices of
    band, 91 fleets, and battles enough to screen each: the search tries every one and says the space is
    exhausted (before, the optimiser's repeats ended it after 71 of the 91)."""
    feasible = [(a, b) for a in range(7) for b in range(7) if 0 < a + b <= 6 and 480 * a + 90 * b <= 1000]
    assert len(feasible) == 13
    extra = ["--max-ships", "6", "--knobs", "seek", "--full", "20", "-n", "5000"]
    document = _search(*extra, sheets=SHEETS[:2], budget="1000")
    fleets = {(row["fleet"], row["doctrine"]["seek"]) for row in document["payoff"]["rows"]}
    assert document["candidates"] == len(fleets) == 13 * 7
    assert document["stopped"].startswith("5 generations in a row brought no fleet not tried before")


def test_racing_drops_fleets_under_the_worst_case_objective_too():
    """With ``--objective worst`` racing compares each fleet's interval against its hardest opponent with the
    incumbent's: against a pool of the Midu and the Kuvasz, fleets whose worst case tops out below the incumbent's
    floor are dropped after their screen, as under the mean."""
    pool = ["--against", str(MCS / "kuvasz.usd"), "--objective", "worst", "-n", "1200"]
    document = _search(*pool)
    assert document["objective"] == "worst" and len(document["opponents"]) == 2
    assert document["fully_evaluated"] < document["candidates"]  # some dropped by racing
    dropped = [r for r in document["payoff"]["rows"] if r["cells"][0]["battles"] < 40]
    assert dropped and all(c["battles"] == r["cells"][0]["battles"] for r in dropped for c in r["cells"])


def test_a_trial_left_running_is_reopened_as_itself():
    """``studies.reopened`` (optuna's private ``_trial_id``, in one place): a trial asked and never told, read back
    frozen, is made live as the same trial: its number, its parameter suggested again as it was, and telling it
    completes that trial, not a new one."""
    import optuna

    from shipyard.search.studies import reopened

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=3))
    asked = study.ask()
    chosen = asked.suggest_int("ships", 1, 9)
    frozen = study.trials[0]
    assert frozen.state is optuna.trial.TrialState.RUNNING
    live = reopened(study, frozen)
    assert live.number == frozen.number == 0 and live.suggest_int("ships", 1, 9) == chosen
    study.tell(live, 0.5)
    assert [(t.number, t.state, t.value) for t in study.trials] == [(0, optuna.trial.TrialState.COMPLETE, 0.5)]
