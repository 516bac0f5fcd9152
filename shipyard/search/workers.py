"""Where a fleet search's battles are fought: in this process, in local worker processes, or on a Dask cluster.

Work goes out in units keyed by (candidate, opponent, first run, last run): run k against opponent j is always the
battle of seed ``(opponent_seed(seed, j), k)``, so a unit's result depends on nothing but its key, and the search
is the same on any executor and any number of workers. Each worker receives the problem's ``World`` (the designs
and the opponents, ready to fight) once, and fights units in it.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Sequence
from typing import Protocol

from shipyard.core.collector import fewer_collections
from shipyard.search.limits import SCHEDULER_TIMEOUT
from shipyard.search.problem import Score, Unit, World

#: Hex digits of a digest in a Dask task key (64 bits: no two worlds or fleets of a scheduler alike in practice).
DIGEST_CHARS = 16


def fight_unit(world: World, unit: Unit) -> Score:
    """A unit's battles, counted."""
    with fewer_collections():
        return world.fight(unit)


class Executor(Protocol):
    """Fights units and gives back their scores in the order given."""

    workers: int

    def map(self, units: Sequence[Unit]) -> list[Score]: ...

    def close(self) -> None: ...


class InProcess:
    """Every battle in this process (one worker)."""

    workers = 1

    def __init__(self, world: World) -> None:
        self.world = world

    def map(self, units: Sequence[Unit]) -> list[Score]:
        return [fight_unit(self.world, unit) for unit in units]

    def close(self) -> None:
        pass


_WORLD: World | None = None


def _keep_world(world: World) -> None:
    global _WORLD
    _WORLD = world


def _fight_kept(unit: Unit) -> Score:
    assert _WORLD is not None, "the worker was started without its world"
    return fight_unit(_WORLD, unit)


class LocalProcesses:
    """Units shared among ``workers`` local processes, each given the world once when it starts."""

    def __init__(self, world: World, workers: int) -> None:
        from shipyard.core.processes import process_pool, worker_count

        self.workers = worker_count(workers, workers)  # never more than the cores
        self.pool = process_pool(self.workers, _keep_world, (world,))
        self.interrupted = False

    def map(self, units: Sequence[Unit]) -> list[Score]:
        self.interrupted = True  # until the units are back: an exception or Ctrl-C between stops the pool at once
        scores = list(self.pool.map(_fight_kept, units))
        self.interrupted = False
        return scores

    def close(self) -> None:
        from shipyard.core.processes import close_pool

        close_pool(self.pool, self.interrupted)


def _fight_on_dask(world: World, unit: Unit) -> Score:
    return fight_unit(world, unit)


class Unreachable(Exception):
    """The Dask scheduler asked for did not answer (its message names the address and the wait)."""


def world_digest(world: World) -> str:
    """What a unit's battles depend on besides the unit: the designs, the opponents, their seeds, the options,
    the start and the turn limit (a digest of the world as it is sent)."""
    return hashlib.sha256(pickle.dumps(world, protocol=pickle.HIGHEST_PROTOCOL)).hexdigest()[:DIGEST_CHARS]


def unit_key(digest: str, unit: Unit) -> str:
    """A unit's task key on a Dask cluster: it names everything the result depends on (the world's digest, the
    candidate's fleet and doctrine, the opponent, the runs), so two searches on one scheduler never take each
    other's results (a scheduler hands the result of a key it holds to whoever asks for that key)."""
    fleet = hashlib.sha256(unit.candidate.key.encode()).hexdigest()[:DIGEST_CHARS]
    return f"shipyard-battles-{digest}-{fleet}-{unit.opponent}-{unit.first}-{unit.last}"


class DaskCluster:
    """Units sent to a Dask cluster: an existing scheduler's (``address``), else a local cluster of ``workers``
    processes started for the search. The world is scattered to every worker once; each unit is a task whose key
    names its candidate and runs."""

    def __init__(self, world: World, address: str | None, workers: int, timeout: float = SCHEDULER_TIMEOUT) -> None:
        from distributed import Client, LocalCluster

        self.cluster = None
        if address is None:
            self.cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
            self.client = Client(self.cluster)
        else:
            try:
                self.client = Client(address, timeout=f"{timeout}s")
            except (OSError, ValueError) as error:  # nothing answers there (OSError), or no address (ValueError)
                why = "" if str(error).startswith("Timed out") else f" ({error})"  # a time-out is said already
                raise Unreachable(f"no Dask scheduler answered at {address} within {timeout:g} s{why}") from None
        self.workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        self.world = self.client.scatter(world, broadcast=True)
        self.digest = world_digest(world)

    def map(self, units: Sequence[Unit]) -> list[Score]:
        futures = [
            self.client.submit(_fight_on_dask, self.world, unit, key=unit_key(self.digest, unit), pure=False)
            for unit in units
        ]
        return list(self.client.gather(futures))

    def close(self) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()


def make_executor(
    kind: str, world: World, jobs: int | None, scheduler: str | None, timeout: float = SCHEDULER_TIMEOUT
) -> Executor:
    """The executor asked for: ``local`` (this process for one job, else worker processes) or ``dask`` (an existing
    ``scheduler``, waited for ``timeout`` seconds: ``Unreachable`` past it; else a local cluster of ``jobs``).
    ``jobs`` None: every core."""
    jobs = jobs or os.cpu_count() or 1
    if kind == "dask":
        return DaskCluster(world, scheduler, jobs, timeout)
    if jobs <= 1:
        return InProcess(world)
    return LocalProcesses(world, jobs)
