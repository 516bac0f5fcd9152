"""The fleet search's speed and quality (run by hand; results go in docs/benchmarks.md and the README).

    python benchmarks/bench_search.py                 # every measure at full size (about 6 minutes on 2 cores)
    python benchmarks/bench_search.py --smoke         # each measure tiny, as a check that it runs
    python benchmarks/bench_search.py --game tcs      # the TCS search's battles and overhead (measures 1 and 2)

Measures, in this process, on the search of docs/search.md (three designs that give their costs against a Midu
Agashaan, MCr 3,000, at most 16 ships), or with ``--game tcs`` on the TCS search of docs/tcs-search.md (the 1981
shape's catalogue against its pool of three opponents; fleets of the 1981 winner's shape):

1. battles per second of the same units of work in this process, on 2 local worker processes and on a Dask
   LocalCluster of 2 workers (each the same results);
2. the distributed overhead per batch: a batch of units that fight no battle, sent and gathered;
3. a whole search over the 3 designs and 4 doctrine knobs (seek, evasion, target, withdraw) with 20,000
   battles on 2 local workers, timed;
4. search quality: TPE against random search at the same number of battles, over several seeds, each best fleet
   with its 95% interval;
5. (``--game tcs``) making a design of the search's own (``tcs search --design``: genes fitted, built, read back and
   checked), against one battle of the worked example's units: what a design search spends besides its battles.
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction
from pathlib import Path

from shipyard.core.diagnostics import Span
from shipyard.search.driver import SearchResult, Settings
from shipyard.search.problem import Candidate, Unit
from shipyard.search.space import Space, space
from shipyard.search.workers import DaskCluster, InProcess, LocalProcesses
from shipyard.systems.mcs.combat.search import load_catalogue, load_opponents, mcs_problem

ROOT = Path(__file__).resolve().parents[1]
MCS = ROOT / "fixtures" / "mcs"
SHEETS = [MCS / "zhodani-patrol-corvette.usd", MCS / "drachen-jaeger.usd", MCS / "rampart-15.usd"]
AGAINST = str(ROOT / "examples" / "midu-agashaan.usd")
TCS1981 = ROOT / "examples" / "tcs1981"
KNOBS = ["seek", "evasion", "target", "withdraw"]
BUDGET, MAX_SHIPS = 3000, 16


def setting(game: str = "mcs") -> Space:
    if game == "tcs":
        return tcs_setting()
    inputs, _ = load_catalogue(SHEETS)
    load_opponents([AGAINST], inputs)
    problem, _ = mcs_problem(inputs, Fraction(BUDGET), None)
    searched, found = space(problem, KNOBS, {}, MAX_SHIPS, Span("-", 1, 1))
    assert searched is not None, found
    return searched


def tcs_setting() -> Space:
    from dataclasses import replace

    from shipyard.systems.tcs.combat import search as tcs
    from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS
    from shipyard.systems.tcs.fleet import load_scenario

    readings = replace(DEFAULT_READINGS, rerolls=True)
    scenario, _ = load_scenario(TCS1981 / "scenario.toml")
    assert scenario is not None
    designs, most, found = tcs.load_catalogue([TCS1981 / "catalogue.toml"], scenario, readings)
    pool = [str(TCS1981 / name) for name in ("lances.toml", "vigilants.toml", "winner-shape.toml")]
    opponents, found = tcs.load_opponents(pool, readings)
    assert not found, found
    problem = tcs.TcsProblem(designs, opponents, scenario, readings)
    searched, found = space(problem, None, {}, most, Span("-", 1, 1))
    assert searched is not None, found
    return searched


def fleets(game: str, count: int) -> list[tuple[int, ...]]:
    """Fleets to fight: MCS, mixes of the three designs; TCS, the 1981 winner's shape (40 to 44 Euriskos, two Cisors,
    two Garters)."""
    if game == "tcs":
        return [(40 + i % 5, 2, 2, 0, 0) for i in range(count)]
    return [(4 - i % 3, 12 - i % 4, i % 3) for i in range(count)]


def throughput(units_of: int, battles: int, game: str = "mcs", block: int = 50) -> None:
    searched = setting(game)
    w = searched.problem.world(1)
    candidates = [Candidate(counts, searched.knobs({})) for counts in fleets(game, units_of)]
    opponents = len(searched.problem.opponents)
    units = [
        Unit(c, j % opponents, lo, lo + block) for j, c in enumerate(candidates) for lo in range(0, battles, block)
    ]
    total = sum(u.last - u.first for u in units)
    print("| executor | battles | seconds | battles/s | ratio to one process |")
    print("|---|---|---|---|---|")
    reference = None
    first_scores = None
    for name, make in (
        ("this process", lambda: InProcess(w)),
        ("2 local processes", lambda: LocalProcesses(w, 2)),
        ("Dask LocalCluster, 2 workers", lambda: DaskCluster(w, None, 2)),
    ):
        executor = make()
        try:
            executor.map(units[:1])  # started and warm: the workers' imports are not the battles'
            start = time.perf_counter()
            scores = executor.map(units)
            seconds = time.perf_counter() - start
        finally:
            executor.close()
        first_scores = first_scores or scores
        assert scores == first_scores, "every executor gives the same scores"
        rate = total / seconds
        reference = reference or rate
        print(f"| {name} | {total:,} | {seconds:.2f} | {rate:,.0f} | {rate / reference:.2f}x |")


def overhead(batches: int, size: int, game: str = "mcs") -> None:
    searched = setting(game)
    w = searched.problem.world(1)
    candidate = Candidate(fleets(game, 1)[0], searched.knobs({}))
    empty = [Unit(candidate, 0, 0, 0) for _ in range(size)]
    print(f"\n| executor | a batch of {size} units that fight nothing, mean of {batches} | per unit |")
    print("|---|---|---|")
    for name, make in (
        ("2 local processes", lambda: LocalProcesses(w, 2)),
        ("Dask LocalCluster, 2 workers", lambda: DaskCluster(w, None, 2)),
    ):
        executor = make()
        try:
            executor.map(empty)
            start = time.perf_counter()
            for _ in range(batches):
                executor.map(empty)
            seconds = (time.perf_counter() - start) / batches
        finally:
            executor.close()
        print(f"| {name} | {seconds * 1000:.1f} ms | {seconds / size * 1000:.2f} ms |")


def making(count: int, battles: int) -> None:
    """Designs made from ``count`` seeded random genomes under the 1981 shape, timed, beside the mean time of a
    battle of the worked example's units in this process."""
    import random

    from shipyard.systems.tcs.combat.search import TcsProblem
    from shipyard.systems.tcs.genes import random_genome

    searched = tcs_setting()
    problem = searched.problem
    assert isinstance(problem, TcsProblem)
    maker = TcsProblem([], problem.opponents, problem.scenario, problem.readings, slots=1)
    rng = random.Random(1)
    genomes = [random_genome(rng, problem.scenario, 12) for _ in range(count)]
    start = time.perf_counter()
    made = [maker.invent({name: getattr(g, name) for name in maker.genes}) for g in genomes]
    per_design = (time.perf_counter() - start) / count
    w = problem.world(1)
    candidate = Candidate(fleets("tcs", 1)[0], searched.knobs({}))
    units = [Unit(candidate, j % len(problem.opponents), 0, battles) for j in range(len(problem.opponents))]
    start = time.perf_counter()
    InProcess(w).map(units)
    per_battle = (time.perf_counter() - start) / (battles * len(units))
    print("\n| made | designs | ms a design | ms a battle | a design in battles |")
    print("|---|---|---|---|---|")
    print(
        f"| {sum(1 for m in made if m is not None)} of {count} genomes | {len(maker.designs)} | "
        f"{per_design * 1000:.1f} | {per_battle * 1000:.1f} | {per_design / per_battle:.2f} |"
    )


def search(settings: Settings, jobs: int) -> SearchResult:
    """The search of docs/search.md with these settings, over the benchmark's knobs, on ``jobs`` local processes."""
    from shipyard.systems.mcs import api

    request = api.SearchRequest(
        catalogue=[str(s) for s in SHEETS],
        against=[AGAINST],
        budget=BUDGET,
        settings=settings,
        knobs=KNOBS,
        max_ships=MAX_SHIPS,
        jobs=jobs,
    )
    found = api.combat_search(request)
    assert found.result is not None, found.diagnostics
    return found.result


def whole_search(battles: int, jobs: int, full: int = 400) -> None:
    start = time.perf_counter()
    result = search(Settings(seed=1, battles=battles, screen=min(50, full), full=full), jobs)
    seconds = time.perf_counter() - start
    best = result.best
    assert best is not None
    low, high = best.interval()
    print(
        f"\nA search of 3 designs and {len(KNOBS)} knobs, {result.battles:,} battles on {jobs} local processes: "
        f"{seconds:.1f} s ({result.battles / seconds:,.0f} battles/s), {len(result.tried)} fleets tried; best wins "
        f"{best.win:.1%} (95% {low:.1%} to {high:.1%})"
    )


def quality(battles: int, seeds: int, jobs: int, full: int = 400) -> None:
    from shipyard.search.driver import describe

    print("\n| seed | sampler | battles | fleets tried | best fleet | wins | 95% interval |")
    print("|---|---|---|---|---|---|---|")
    for seed in range(1, seeds + 1):
        for sampler in ("tpe", "random"):
            result = search(
                Settings(seed=seed, battles=battles, sampler=sampler, screen=min(50, full), full=full), jobs
            )
            best = result.best
            assert best is not None
            low, high = best.interval()
            print(
                f"| {seed} | {sampler} | {result.battles:,} | {len(result.tried)} | {describe(best, result.space)}; "
                f"{', '.join(f'{k} {v}' for k, v in best.candidate.knobs if k in KNOBS)} | {best.win:.1%} | "
                f"{low:.1%} to {high:.1%} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="every measure tiny")
    parser.add_argument("--battles", type=int, default=20_000, help="the whole search's battles")
    parser.add_argument("--quality-battles", type=int, default=6_000)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--game", choices=("mcs", "tcs"), default="mcs", help="whose search's battles")
    args = parser.parse_args()
    if args.smoke:  # both games, tiny
        throughput(2, 50)
        overhead(2, 4)
        whole_search(100, 1, full=20)
        quality(100, 1, 1, full=20)
        print("\nTCS:")
        throughput(2, 4, "tcs", block=2)
        making(3, 1)
        return
    if args.game == "tcs":
        throughput(6, 40, "tcs", block=10)
        overhead(20, 16, "tcs")
        making(100, 10)
        return
    throughput(8, 200)
    overhead(20, 16)
    whole_search(args.battles, 2)
    quality(args.quality_battles, args.seeds, 2)


if __name__ == "__main__":
    main()
