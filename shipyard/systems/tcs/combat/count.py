"""Many TCS battles counted: each side's wins, draws and losses with 95% intervals, its Appendix A percentage lost
(mean, spread, least and most), the ships it lost whole by class, the turns fought. Runs are fought here or over
worker processes; each run's dice depend only on the seed and its number, and the runs are counted in their
order, so the same seed gives the same figures on any ``-j``."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from shipyard.core.collector import fewer_collections
from shipyard.core.intervals import wilson
from shipyard.core.processes import bounded_map, running_pool, worker_count
from shipyard.systems.tcs.combat.battle import FleetSide, Scored, fight_once, score
from shipyard.systems.tcs.combat.readings import Readings

#: Runs a worker takes at a time.
RUNS_A_CHUNK = 8
#: Fewer runs than this are fought in this process whatever ``-j`` says (starting workers costs more).
PARALLEL_FROM = 16

#: A finding of the scoring: code, severity, path, message.
Finding = tuple[str, str, str, str]
#: One run as counted: the winner (0, 1, None), automatic, the two percentages, the ships lost, the turns, pending,
#: and the scoring's findings.
Run = tuple[
    int | None, bool, tuple[float, float], tuple[dict[str, int], dict[str, int]], int, bool, tuple[Finding, ...]
]


@dataclass
class SideCount:
    """One side over the battles counted. The percentage lost is kept as its running mean and sum of squares
    (Welford's, the runs taken in their order whatever the processes): memory does not grow with the runs."""

    name: str
    runs: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    automatic_wins: int = 0
    seen: int = 0
    mean: float = 0.0
    squares: float = 0.0
    least: float = math.inf
    most: float = -math.inf
    lost: Counter[str] = field(default_factory=Counter)

    def interval(self, seen: int) -> tuple[float, float]:
        return wilson(seen, self.runs)

    def add(self, percentage: float) -> None:
        self.seen += 1
        step = percentage - self.mean
        self.mean += step / self.seen
        self.squares += step * (percentage - self.mean)
        self.least = min(self.least, percentage)
        self.most = max(self.most, percentage)

    @property
    def spread(self) -> float:
        """The standard deviation of the percentage lost over the runs."""
        return math.sqrt(self.squares / (self.seen - 1)) if self.seen > 1 else 0.0


@dataclass
class Counted:
    runs: int
    seed: int
    sides: list[SideCount]
    turns: Counter[int] = field(default_factory=Counter)
    rulings_pending: int = 0
    #: Each finding of the scoring, and in how many battles it was met.
    findings: Counter[Finding] = field(default_factory=Counter)

    @property
    def mean_turns(self) -> float:
        return sum(t * n for t, n in self.turns.items()) / self.runs if self.runs else 0.0

    @property
    def most_turns(self) -> int:
        return max(self.turns, default=0)


_WORK: tuple[list[FleetSide], Readings, int] | None = None


def _set_work(sides: list[FleetSide], readings: Readings, seed: int) -> None:
    global _WORK
    _WORK = (sides, readings, seed)


def _one(run: int) -> Run:
    assert _WORK is not None
    sides, readings, seed = _WORK
    scored = score(fight_once(sides, readings, seed, run), sides)
    return _compact(scored)


def _compact(scored: Scored) -> Run:
    return (
        scored.winner,
        scored.automatic,
        scored.percentages,
        scored.lost,
        scored.turns,
        scored.rulings_pending,
        scored.findings,
    )


def count(
    sides: list[FleetSide],
    readings: Readings,
    runs: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Counted:
    """``runs`` battles of the two sides, counted."""
    counted = Counted(runs, seed, [SideCount(side.name, runs) for side in sides])
    workers = worker_count(jobs, runs) if runs >= PARALLEL_FROM else 1
    with fewer_collections():
        if workers == 1:
            _set_work(sides, readings, seed)
            results = map(_one, range(runs))
            for done, run in enumerate(results, 1):
                _add(counted, run)
                if progress:
                    progress(done, runs)
        else:
            with running_pool(workers, _set_work, (sides, readings, seed)) as pool:
                for done, run in enumerate(bounded_map(pool, _one, range(runs), RUNS_A_CHUNK, workers), 1):
                    _add(counted, run)
                    if progress:
                        progress(done, runs)
    return counted


def counted_one(sides: list[FleetSide], seed: int, scored: Scored) -> Counted:
    """One battle already fought and scored, counted as the one run of ``seed``."""
    counted = Counted(1, seed, [SideCount(side.name, 1) for side in sides])
    _add(counted, _compact(scored))
    return counted


def _add(counted: Counted, run: Run) -> None:
    winner, automatic, percentages, lost, turns, pending, findings = run
    for index, side in enumerate(counted.sides):
        if winner is None:
            side.draws += 1
        elif winner == index:
            side.wins += 1
            side.automatic_wins += automatic
        else:
            side.losses += 1
        side.add(percentages[index])
        side.lost.update(lost[index])
    counted.turns[turns] += 1
    counted.rulings_pending += pending
    counted.findings.update(findings)
