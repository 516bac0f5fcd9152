"""Every guarantee of the fleet search, run on each game's problem (MCS ``combat search``, TCS ``tcs search``, and
TCS with designs of the search's own, ``tcs search --design``) by the same tests: the same seed gives the same
search on every executor and number of workers; a journal resumes a search stopped between generations or inside
one; the fleets of one design alone are tried first; the best and the best of one design are re-measured on fresh
battles, the figures quoted; the search says why it stopped; a task key names everything its battles depend on; the
best fleet written replays with the game's battle command to the figures reported."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from conftest import CHROMIUM, FIXTURES, ROOT, chromium, replay_written
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.search.driver import Search, SearchResult, Settings
from shipyard.search.problem import Unit
from shipyard.search.workers import fight_unit, unit_key, world_digest
from shipyard.systems.mcs import api as mcs_api
from shipyard.systems.tcs import api as tcs_api

pytest.importorskip("optuna")

runner = CliRunner()
#: A small search: a screen of 10 battles, a full evaluation of 40, 4 fleets at a time, 400 battles.
SMALL = ["--screen", "10", "--full", "40", "--generation", "4", "-n", "400", "-q", "--format", "json"]
MCS_SHEETS = [str(FIXTURES / "mcs" / name) for name in ("zhodani-patrol-corvette.usd", "drachen-jaeger.usd")]
MCS_SHEETS.append(str(FIXTURES / "mcs" / "rampart-15.usd"))
MIDU = str(ROOT / "examples" / "midu-agashaan.usd")
TCS_SHEETS = [str(FIXTURES / "tcs" / "battle" / name) for name in ("vigilant.txt", "kinunir.txt")]
TCS_SHEETS.append(str(FIXTURES / "highguard" / "copies" / "hgs-1x-ketch.txt"))
RED = str(FIXTURES / "tcs" / "battle" / "fleet-b.toml")
SMALL_SCENARIO = str(FIXTURES / "tcs" / "search" / "small.toml")


@dataclass(frozen=True)
class Game:
    """A game's search as these tests drive it: its command and arguments, its library call, the option that
    writes its best fleet, and its battle command."""

    name: str
    command: list[str]
    search: Callable[[Settings, int], SearchResult | None]  # the library's search of the same, on N processes
    write: str
    battle: list[str]
    #: A space the optimiser soon exhausts: the first two designs, one ship at most, no knob searched (None: a
    #: search of genes, never exhausted).
    tiny: list[str] | None


def _mcs(settings: Settings, jobs: int) -> SearchResult | None:
    request = mcs_api.SearchRequest(
        catalogue=MCS_SHEETS, against=[MIDU], budget=4000, settings=settings, max_ships=12, jobs=jobs
    )
    return mcs_api.combat_search(request).result


def _tcs(settings: Settings, jobs: int) -> SearchResult | None:
    request = tcs_api.TcsSearchRequest(
        catalogue=TCS_SHEETS, against=[RED], scenario=SMALL_SCENARIO, settings=settings, jobs=jobs
    )
    return tcs_api.tcs_search(request).result


def _tcs_design(settings: Settings, jobs: int) -> SearchResult | None:
    request = tcs_api.TcsSearchRequest(
        catalogue=TCS_SHEETS[:1], against=[RED], scenario=SMALL_SCENARIO, design=1, settings=settings, jobs=jobs
    )
    return tcs_api.tcs_search(request).result


GAMES = {
    "mcs": Game(
        "mcs",
        ["combat", "search", *MCS_SHEETS, "--against", MIDU, "-b", "4000", "--max-ships", "12"],
        _mcs,
        "--write-engagement",
        ["combat", "battle"],
        ["combat", "search", *MCS_SHEETS[:2], "--against", MIDU, "-b", "500", "--knobs", "none", "--max-ships", "1"],
    ),
    "tcs": Game(
        "tcs",
        ["tcs", "search", *TCS_SHEETS, "--against", RED, "--scenario", SMALL_SCENARIO],
        _tcs,
        "--write-fleet",
        ["tcs", "battle"],
        ["tcs", "search", *TCS_SHEETS[:2], "--against", RED, "--knobs", "none", "--max-ships", "1"],
    ),
    "tcs-design": Game(
        "tcs-design",
        ["tcs", "search", TCS_SHEETS[0], "--design", "1", "--against", RED, "--scenario", SMALL_SCENARIO],
        _tcs_design,
        "--write-fleet",
        ["tcs", "battle"],
        None,
    ),
}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]


def _search(game: Game, *extra: str) -> dict:
    """A small search's JSON document (it must succeed)."""
    result = runner.invoke(app, [*game.command, *SMALL, *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_same_seed_gives_the_same_search_on_every_executor(game):
    one = _search(game, "-j", "1")
    assert _search(game, "-j", "2") == one
    assert _search(game, "--executor", "dask", "-j", "2") == one
    assert _search(game, "-j", "1", "--seed", "2") != one


def test_a_dask_cluster_given_by_its_address(game):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:
        remote = _search(game, "--executor", "dask", "--scheduler", cluster.scheduler_address)
    assert remote == _search(game, "-j", "1")


def test_a_journal_resumes_a_search_where_it_stopped(game, tmp_path):
    journal = tmp_path / "search.journal"
    whole = _search(game, "-j", "1")
    _search(game, "-n", "150", "--journal", str(journal))
    resumed = _search(game, "-j", "1", "--journal", str(journal))
    assert resumed.pop("resumed_trials") > 0
    whole.pop("resumed_trials")
    assert resumed == whole


@pytest.mark.parametrize(("where", "at"), [("_race", 2), ("_told", 6)], ids=["fighting", "telling"])
def test_a_search_stopped_inside_a_generation_resumes_to_the_same_result(game, tmp_path, monkeypatch, where, at):
    """Stopped while a generation fights (its trials asked, none told) or while it is told (two of its four told),
    the search resumes from its journal to the result of one never stopped: the same fleets, battles and course."""
    journal = tmp_path / "search.journal"
    whole = game.search(Settings(screen=10, full=40, generation=4, battles=400), 1)
    calls = {"n": 0}
    real = getattr(Search, where)

    def stop(self, *args):
        calls["n"] += 1
        if calls["n"] == at:
            raise KeyboardInterrupt
        return real(self, *args)

    monkeypatch.setattr(Search, where, stop)
    journaled = Settings(screen=10, full=40, generation=4, battles=400, journal=journal)
    with pytest.raises(KeyboardInterrupt):
        game.search(journaled, 1)
    monkeypatch.setattr(Search, where, real)
    resumed = game.search(journaled, 1)
    assert whole is not None and resumed is not None and resumed.resumed > 0
    assert [t.candidate for t in resumed.tried] == [t.candidate for t in whole.tried]
    assert [t.scores for t in resumed.tried] == [t.scores for t in whole.tried]
    assert resumed.battles == whole.battles and resumed.history == whole.history


def test_the_fleets_of_one_design_are_tried_first(game):
    """The obvious fleets first: the first generation is each design alone, as many as the budget and the most ships
    allow, with the default doctrine, each fought in full before any racing."""
    result = game.search(Settings(screen=10, full=40, generation=4, battles=400), 1)
    assert result is not None
    bounds = result.space.bounds[: result.space.offered]  # the catalogue's (the designs made follow them)
    first = result.tried[: len(bounds)]
    defaults = result.space.knobs({})
    made = (0,) * (len(result.space.designs) - len(bounds))
    assert [t.candidate.counts for t in first] == [
        tuple(high if i == j else 0 for j, (_, high) in enumerate(bounds)) + made for i, (_, high) in enumerate(bounds)
    ]
    assert all(t.full and t.candidate.knobs == result.space.folded(t.candidate.counts, defaults) for t in first)


def test_the_best_is_remeasured_on_fresh_battles(game):
    """A figure chosen as the best of many is biased upward: the best fleet and the best of one design are fought
    again on runs 40 to 80 of each opponent's seed (every candidate's figure was drawn from runs 0 to 40), and those
    are the figures quoted; they equal the same runs fought directly."""
    result = game.search(Settings(screen=10, full=40, generation=4, battles=400), 1)
    assert result is not None and result.best is not None and result.baseline is not None
    world = result.problem.world(1)
    for chosen in (result.best, result.baseline):
        again = result.again(chosen)
        assert again is not None and again.battles == 40
        direct = fight_unit(world, Unit(chosen.candidate, 0, 40, 80))
        assert again.scores[0] == direct
    text = runner.invoke(app, [*game.command, *SMALL[:-2]]).stdout
    assert "  on fresh battles: wins " in text and "  in the search (chosen as the best of many" in text


def test_a_search_says_why_it_stopped(game):
    """Its battles spent, or generations in a row that bring no new fleet (two designs of one ship at most, no
    knob: the space has two fleets)."""
    spent = _search(game)
    assert spent["stopped"].startswith("its battles were spent (") and "--battles 400)" in spent["stopped"]
    if game.tiny is None:
        return  # genes: a space no search exhausts
    small = runner.invoke(app, [*game.tiny, "--screen", "10", "--full", "10", "-n", "100000", "-q"])
    assert small.exit_code == 0, small.output
    assert "The search stopped: 5 generations in a row brought no fleet not tried before" in small.stdout


def test_a_task_key_names_everything_its_battles_depend_on(game):
    """Two searches on one scheduler share a task key only when their battles are the same: the world's digest
    (designs, opponents, seeds, rules), the fleet and doctrine, the opponent and the runs."""
    result = game.search(Settings(screen=10, full=10, generation=4, battles=50), 1)
    assert result is not None and result.best is not None
    one, other = world_digest(result.problem.world(1)), world_digest(result.problem.world(2))
    assert one == world_digest(result.problem.world(1)) and one != other
    fleet = result.best.candidate
    keys = {
        unit_key(one, Unit(fleet, 0, 0, 10)),
        unit_key(other, Unit(fleet, 0, 0, 10)),
        unit_key(one, Unit(result.tried[-1].candidate, 0, 0, 10)),
        unit_key(one, Unit(fleet, 0, 10, 20)),
    }
    assert len(keys) == 4 or result.tried[-1].candidate == fleet


def test_the_best_fleet_written_replays_its_battles(game, tmp_path):
    """The best fleet written (an engagement for MCS, a fleet file for TCS) is headed by the command that replays
    the search's battles of it against the first opponent; the game's battle command gives the figures reported."""
    target = tmp_path / "best.toml"
    best = _search(game, game.write, str(target))["best"]
    words, code, document = replay_written(target)
    assert words[:2] == game.battle and words[2] == "best.toml"
    assert code in (0, 1), document  # 1: a sheet's own error, which changes no figure
    side = document["sides"][0]
    assert (side["win"], side["draw"], side["loss"]) == (best["win"], best["draw"], best["loss"])
    assert side["win_ci"] == best["win_ci"]


def test_the_page_has_its_charts(game, tmp_path):
    """``-o search.html``: the front, the course and the payoff heat map, drawn (three SVGs in Chromium)."""
    page = tmp_path / "search.html"
    _search(game, "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert "Fleets by cost and win chance" in html and "Payoff: win chance by opponent" in html
    assert "Best fleet: <strong>" in html and "on fresh battles</strong>" in html and "Verdict:" not in html
    if CHROMIUM is not None:
        dom = chromium("--dump-dom", page.as_uri()).stdout
        assert dom.count("<svg") == 3
        assert "The best fleet so far, by battles fought" in dom and "Best fleets</h2>" in dom
        assert dom.count('class="marked"') >= 1 and 'class="line"' in dom
