"""The fleet search's driver: what to buy with a budget to beat an opponent (or a pool of them), a game's problem
(``problem.Problem``) scored by its battles with honest intervals.

Candidates (how many of each catalogue design, and the doctrine knobs the problem offers) come from an optimiser
(optuna: TPE for the chance to win, NSGA-II for the front of win chance, worst case and cost, or random search), a
generation at a time. Every candidate meets the same battles (common random numbers: run k against opponent j is
always the same dice), first a cheap screen, then more in doubling stages up to a full evaluation; racing drops a
candidate as soon as the top of its 95% interval is below the bottom of the incumbent's. Same seed, same result,
on any executor and any number of workers (``workers``); a journal resumes an interrupted search where it stopped.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.seeds import run_seed
from shipyard.search.inventing import made, share_name
from shipyard.search.limits import SCHEDULER_TIMEOUT
from shipyard.search.problem import Candidate, Score, Unit
from shipyard.search.records import Progress, SearchResult, Settings, Tried, describe, design_labels
from shipyard.search.space import Space
from shipyard.search.studies import reopened
from shipyard.search.workers import Executor, make_executor

#: How to install what the search needs, said when it is missing.
INSTALL_HINT = "pip install 'shipyard[search]'"
#: The optimiser's seeds are numpy's, below this.
SAMPLER_SEEDS = 2**32
#: A space of at most this many fleets (counts and doctrines), when its battles can screen each, is tried whole:
#: every fleet in it is queued for the optimiser after the fleets of one design.
WHOLE_SPACE = 2_000
#: What the driver's callers import from it (the records live in ``records``).
__all__ = [
    "Progress",
    "Search",
    "SearchResult",
    "Settings",
    "Tried",
    "Where",
    "describe",
    "design_labels",
    "run_search",
]


def _study_name(space: Space, settings: Settings) -> str:
    """The journal's name for a search: the same inputs and settings (but the battles it may fight), the same
    study, so that a longer search resumes a shorter one."""
    described = space.problem.described() | {
        "bounds": space.bounds,
        "budget": str(space.budget),
        "max_ships": space.max_ships,
        "searched": space.searched,
        "fixed": space.fixed,
        "settings": [settings.seed, settings.screen, settings.full, settings.generation, settings.block],
        "how": [settings.objective, settings.sampler],
    }
    digest = hashlib.sha256(json.dumps(described, sort_keys=True, default=str).encode()).hexdigest()
    return f"shipyard-search-{digest[:16]}"


class Search:
    """One search: ask the optimiser for a generation of candidates, fight their battles in racing stages, tell
    it what they came to; until the battles are spent."""

    def __init__(
        self,
        space: Space,
        settings: Settings,
        executor: Executor,
        progress: Callable[[int, int], None] | None = None,
    ) -> None:
        self.problem, self.space, self.settings, self.executor = space.problem, space, settings, executor
        self.progress = progress
        self.tried: dict[str, Tried] = {}
        self.history: list[Progress] = []
        self.fought = 0
        self.resumed = 0

    # -- the optimiser
    def _sampler(self, optuna: Any, trials: int) -> Any:
        """The sampler of the generation that starts at trial ``trials``, seeded by the search's seed and that
        number only: a resumed search asks what an unbroken one would."""
        seed = run_seed(self.settings.seed, trials) % SAMPLER_SEEDS
        if self.settings.sampler == "random":
            return optuna.samplers.RandomSampler(seed=seed)
        if self.settings.sampler == "nsga2":
            return optuna.samplers.NSGAIISampler(seed=seed, population_size=max(2, self.settings.generation))
        return optuna.samplers.TPESampler(seed=seed, n_startup_trials=2 * self.settings.generation, constant_liar=True)

    def _names(self) -> list[str]:
        """The optimiser's name of each catalogue design's count."""
        names: list[str] = []
        for design in self.space.designs[: self.space.offered]:
            name = f"count {design.name}"
            while name in names:
                name += "'"
            names.append(name)
        return names

    def _candidate(self, trial: Any) -> Candidate:
        counts = []
        for name, (low, high) in zip(self._names(), self._offered(), strict=True):
            counts.append(trial.suggest_int(name, low, high) if high > low else low)
        knobs = self.problem.knobs
        chosen = {name: trial.suggest_categorical(f"knob {name}", list(knobs[name])) for name in self.space.searched}
        fleet = self.space.repair(made(trial, self.space, counts))
        return self.space.candidate(fleet, self.space.knobs(chosen))

    def _offered(self) -> list[tuple[int, int]]:
        """The catalogue designs' bounds (those of the designs the search made follow them)."""
        return self.space.bounds[: self.space.offered]

    def _baseline(self) -> list[dict[str, Any]]:
        """The first trials: each catalogue design alone, as many as the budget buys, with the default (or fixed)
        doctrine; no slot of a design of the search's own has a part of the budget."""
        enqueued = []
        names = self._names()
        for index, (_low, high) in enumerate(self._offered()):
            if high == 0:
                continue
            params: dict[str, Any] = {
                name: (high if i == index else bound[0])
                for i, (name, bound) in enumerate(zip(names, self._offered(), strict=True))
                if bound[1] > bound[0]
            }
            defaults = self.space.defaults()
            params |= {f"knob {k}": defaults[k] for k in self.space.searched}
            params |= {share_name(slot): 0 for slot in range(1, self.problem.slots + 1)}
            enqueued.append(params)
        return enqueued

    def _whole(self) -> list[dict[str, Any]]:
        """Every fleet of a small space (``WHOLE_SPACE``, and battles enough to screen each against every
        opponent) as the optimiser's params: each count vector within the bounds, the budget and the most ships,
        with each doctrine the searched knobs make (folded: one of each set of choices that fight alike). Empty
        for a larger space, which the optimiser samples."""
        if self.problem.slots:
            return []  # designs of its own: a space of genes is never tried whole
        ranges = [range(low, high + 1) for low, high in self.space.bounds]
        knob_choices = [list(self.problem.knobs[name]) for name in self.space.searched]
        size = math.prod(len(r) for r in ranges) * math.prod(len(c) for c in knob_choices)
        per_fleet = self.settings.screen * max(1, len(self.problem.opponents))
        if size > WHOLE_SPACE or size * per_fleet > self.settings.battles:
            return []
        names = self._names()
        wanted: list[dict[str, Any]] = []
        seen: set[str] = set()
        for counts in itertools.product(*ranges):
            if not any(counts) or self.space.repair(counts) != counts:
                continue  # over the budget or the most ships (repair would make it another fleet), or empty
            for choice in itertools.product(*knob_choices):
                chosen = dict(zip(self.space.searched, choice, strict=True))
                key = self.space.candidate(counts, self.space.knobs(chosen)).key
                if key in seen:
                    continue
                seen.add(key)
                params: dict[str, Any] = {
                    name: n for name, n, (low, high) in zip(names, counts, self.space.bounds, strict=True) if high > low
                }
                wanted.append(params | {f"knob {name}": chosen[name] for name in self.space.searched})
        return wanted

    def _told(self, tried: Tried) -> float | list[float]:
        if self.settings.sampler == "nsga2":
            return [tried.win, tried.worst, float(tried.cost)]
        return tried.rank(self.settings.objective)[0] + tried.share("draws") / 1000

    def run(self) -> SearchResult:
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        directions: list[Any] = (
            ["maximize", "maximize", "minimize"] if self.settings.sampler == "nsga2" else ["maximize"]
        )
        try:  # a journal's records replayed: one optuna cannot replay is SRC006, not a traceback
            storage: Any = None
            if self.settings.journal is not None:
                from optuna.storages import JournalStorage
                from optuna.storages.journal import JournalFileBackend

                storage = JournalStorage(JournalFileBackend(str(self.settings.journal)))
            study = optuna.create_study(
                study_name=_study_name(self.space, self.settings),
                storage=storage,
                directions=directions,
                sampler=self._sampler(optuna, 0),
                load_if_exists=True,
            )
            pending, told = self._resume(study)
        except Exception as error:
            if self.settings.journal is None:
                raise
            from shipyard.search.journal import Unresumable

            raise Unresumable(self.settings.journal, error) from None
        if not study.trials:
            for params in [*self._baseline(), *self._whole()]:
                study.enqueue_trial(params, skip_if_exists=True)
        stale = 0
        while pending or (self.fought < self.settings.battles and stale < self.settings.stale):
            if pending:
                study.sampler = self._sampler(optuna, pending[0].number)
                while len(pending) < self._size(pending[0].number):  # stopped while asking: the rest asked now
                    pending.append(study.ask())
            else:
                # the trials asked so far (those enqueued and not yet asked are the next ones asked)
                start = sum(1 for t in study.trials if t.state != optuna.trial.TrialState.WAITING)
                study.sampler = self._sampler(optuna, start)
                pending = [study.ask() for _ in range(self._size(start))]
            new = self._generation(pending, study, told)
            pending, told = [], set()
            stale = 0 if new else stale + 1
        result = SearchResult(
            self.space,
            self.problem,
            self.settings,
            sorted((t.padded(len(self.space.designs)) for t in self.tried.values()), key=lambda t: t.order),
            self.history,
            self.fought,
            self.resumed,
        )
        result.stopped = (
            f"{stale} generations in a row brought no fleet not tried before (the optimiser proposes none new: "
            f"the space searched is exhausted, or nearly)"
            if stale >= self.settings.stale
            else f"its battles were spent ({self.fought:,} fought, --battles {self.settings.battles:,})"
        )
        result.remeasured = self._remeasure([t for t in (result.best, result.baseline) if t is not None])
        result.battles = self.fought
        return result

    def _remeasure(self, chosen: list[Tried]) -> dict[str, Tried]:
        """The fleets ``chosen`` as the best of many, fought again on fresh battles: each opponent's runs ``full``
        to ``2 x full``, which no candidate's figure was drawn from (the maximum of many noisy estimates is biased
        upward; these are not). Both on the same runs (common random numbers), so they compare fairly."""
        again = fresh(chosen, self.settings, self.executor, self.problem.ties)
        self.fought += sum(t.battles for t in again)
        return {t.candidate.key: t for t in again}

    def _size(self, first: int) -> int:
        """The trials of the generation that starts at trial ``first``: the first is the fleets of one design alone
        (the obvious, fought in full before any racing), every other ``generation``."""
        return (len(self._baseline()) or self.settings.generation) if first == 0 else self.settings.generation

    def _resume(self, study: Any) -> tuple[list[Any], set[int]]:
        """The trials a journal holds, a generation at a time: a generation wholly told is read back (its battles
        not fought again, its step of the search's course noted); a generation the search stopped inside is tried
        again whole, as it was first (the trials it had told are not told twice). That generation's trials, and the
        numbers of those already told."""
        import optuna

        trials = [t for t in study.trials if t.state != optuna.trial.TrialState.WAITING]  # enqueued, not yet asked
        first = 0
        while first < len(trials):
            size = self._size(first)
            generation = trials[first : first + size]
            first += size
            told = [t.state == optuna.trial.TrialState.COMPLETE and "result" in t.user_attrs for t in generation]
            if len(generation) == size and all(told):
                for frozen in generation:
                    self._restore(frozen)
                self._note()
                continue
            again = [
                optuna.trial.FixedTrial(frozen.params, frozen.number) if done else reopened(study, frozen)
                for frozen, done in zip(generation, told, strict=True)
            ]
            return again, {frozen.number for frozen, done in zip(generation, told, strict=True) if done}
        return [], set()

    def _restore(self, frozen: Any) -> None:
        import optuna

        candidate = self._candidate(optuna.trial.FixedTrial(frozen.params, frozen.number))
        if candidate.key not in self.tried:
            tried = Tried(candidate, frozen.number, self.space.cost(candidate.counts), [], ties=self.problem.ties)
            tried.restore(frozen.user_attrs["result"])
            self.tried[candidate.key] = tried
            self.fought += tried.battles
        self.resumed += 1

    def _generation(self, trials: list[Any], study: Any, told: set[int] | frozenset[int] = frozenset()) -> int:
        """Try a generation: its new candidates fight (racing against the incumbent of the generation before), then
        every trial is told, in order (but those numbered in ``told``, told before the search stopped). The number
        of new candidates."""
        candidates = [self._candidate(trial) for trial in trials]
        fresh: list[Tried] = []
        for trial, candidate in zip(trials, candidates, strict=True):
            if candidate.key not in self.tried:
                tried = Tried(
                    candidate,
                    trial.number,
                    self.space.cost(candidate.counts),
                    [Score() for _ in self.problem.opponents],
                    ties=self.problem.ties,
                )
                self.tried[candidate.key] = tried
                fresh.append(tried)
        self._race(fresh)
        for trial, candidate in zip(trials, candidates, strict=True):
            if trial.number in told:
                continue
            tried = self.tried[candidate.key]
            trial.set_user_attr("result", tried.record())
            study.tell(trial, self._told(tried))
        self._note()
        return len(fresh)

    def _race(self, fresh: list[Tried]) -> None:
        incumbent = self._incumbent()
        floor = incumbent.interval(self.settings.objective)[0] if incumbent is not None else None
        live = list(fresh)
        stages = self.settings.stages()
        for number, stage in enumerate(stages):
            units = [
                Unit(tried.candidate, opponent, first, min(first + self.settings.block, stage))
                for tried in live
                for opponent, score in enumerate(tried.scores)
                for first in range(score.battles, stage, self.settings.block)
            ]
            for unit, result in zip(units, self.executor.map(units), strict=True):
                self.tried[unit.candidate.key].scores[unit.opponent].add(result)
                self.fought += result.battles
            if self.progress is not None:
                self.progress(self.fought, max(self.settings.battles, self.fought))
            if number == len(stages) - 1:
                for tried in live:
                    tried.full = True
            elif floor is not None:
                live = [t for t in live if t.interval(self.settings.objective)[1] >= floor]
            if not live:
                break

    def _incumbent(self) -> Tried | None:
        full = [t for t in self.tried.values() if t.full]
        objective = self.settings.objective
        return max(full, key=lambda t: t.standing(objective)) if full else None

    def _note(self) -> None:
        incumbent = self._incumbent()
        if incumbent is None:
            return
        low, high = incumbent.interval(self.settings.objective)
        value = incumbent.value(self.settings.objective)
        self.history.append(Progress(self.fought, len(self.tried), value, low, high))


@dataclass(frozen=True, kw_only=True)
class Where:
    """Where a search's battles are fought: ``executor`` "local" (this process for one job, else ``jobs`` worker
    processes) or "dask" (the cluster at ``scheduler``, waited for ``timeout`` seconds; else a local cluster of
    ``jobs`` workers); ``jobs`` None: every core."""

    executor: str = "local"
    jobs: int | None = None
    scheduler: str | None = None
    timeout: float = SCHEDULER_TIMEOUT


def run_search(
    space: Space,
    settings: Settings,
    where: Where,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[SearchResult | None, list[Diagnostic]]:
    """A search of ``space`` run whole: its journal checked and held for its length (its findings returned; an
    error among them and no search), its battles fought where ``where`` says, every worker closed at the end
    (or at an error). ``workers.Unreachable`` when the Dask scheduler does not answer."""
    from shipyard.search import journal

    with journal.held(settings.journal) as kept:  # checked, and written by this search alone
        if any(d.severity is Severity.ERROR for d in kept):
            return None, kept
        world = space.problem.world(settings.seed)
        work = make_executor(where.executor, world, where.jobs, where.scheduler, where.timeout)
        try:
            return Search(space, settings, work, progress).run(), kept
        except journal.Unresumable as error:
            return None, [*kept, error.diagnostic]
        finally:
            work.close()


def fresh(chosen: Sequence[Tried], settings: Settings, executor: Executor, ties: str) -> list[Tried]:
    """Each fleet of ``chosen`` (one of a key) fought on the fresh battles: each opponent's runs ``full`` to ``2 x
    full``, the runs the best and the best of one design are re-measured on (common random numbers: fleets fought
    on them compare battle for battle)."""
    full = settings.full
    again: dict[str, Tried] = {}
    for tried in chosen:
        if tried.candidate.key not in again:
            scores = [Score() for _ in tried.scores]
            again[tried.candidate.key] = Tried(tried.candidate, tried.order, tried.cost, scores, full=True, ties=ties)
    units = [
        Unit(one.candidate, opponent, first, min(first + settings.block, 2 * full))
        for one in again.values()
        for opponent in range(len(one.scores))
        for first in range(full, 2 * full, settings.block)
    ]
    for unit, score in zip(units, executor.map(units), strict=True):
        again[unit.candidate.key].scores[unit.opponent].add(score)
    return list(again.values())
