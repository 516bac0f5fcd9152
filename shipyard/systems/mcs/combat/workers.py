"""Where a fleet search's battles are fought: in this process, in local worker processes, or on a Dask cluster.

Work goes out in units keyed by (candidate, opponent, first run, last run): run k against opponent j is always the
battle of seed ``(opponent_seed(seed, j), k)``, so a unit's result depends on nothing but its key, and the search
is the same on any executor and any number of workers. Each worker receives the ``World`` (the designs and the
opponents, ready to fight) once, and builds a candidate's fleet from it.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from shipyard.core.collector import fewer_collections
from shipyard.systems.mcs.combat.battle import ShipRef, Side, side_fleet, side_ships, told_apart
from shipyard.systems.mcs.combat.doctrine import Doctrine
from shipyard.systems.mcs.combat.knobs import doctrine
from shipyard.systems.mcs.combat.limits import SCHEDULER_TIMEOUT
from shipyard.systems.mcs.combat.options import Options
from shipyard.systems.mcs.combat.state import CombatShip
from shipyard.systems.mcs.combat.turns import Fleet, fight

#: Hex digits of a digest in a Dask task key (64 bits: no two worlds or fleets of a scheduler alike in practice).
DIGEST_CHARS = 16


@dataclass(frozen=True)
class Candidate:
    """A fleet to try: how many of each design (in the catalogue's order) and the doctrine it fights by."""

    counts: tuple[int, ...]
    knobs: tuple[tuple[str, str], ...]  # every knob's choice, in the order of ``KNOBS``

    @property
    def key(self) -> str:
        return " ".join(map(str, self.counts)) + " | " + " ".join(f"{k}={v}" for k, v in self.knobs)

    def rules(self) -> Doctrine:
        return doctrine(self.knobs)


@dataclass
class World:
    """What every battle of a search needs: the designs' ships, the opponents' fleets, how battles start and end."""

    designs: list[CombatShip]
    opponents: list[Fleet]
    opponent_seeds: list[int]
    options: Options
    start_range: str
    turns: int
    name: str  # the searched side's name

    def fleets(self, candidate: Candidate, opponent: int) -> list[Fleet]:
        """The candidate's fleet against one opponent, built as ``combat battle`` builds the engagement written for
        it (``side_ships``, ``side_fleet``): each design's ships in the catalogue's order, then the two sides' ships
        numbered apart."""
        refs = [
            (ShipRef(sheet=f"design {index + 1}", count=n), template)
            for index, (template, n) in enumerate(zip(self.designs, candidate.counts, strict=True))
            if n
        ]
        side = Side(name=self.name, ships=[ref for ref, _ in refs], doctrine=candidate.rules())
        enemy = self.opponents[opponent]
        fleets = [
            side_fleet(side, side_ships(refs)),
            Fleet(enemy.name, [s.clone() for s in enemy.ships], enemy.tactics, enemy.orders),
        ]
        told_apart(fleets)
        return fleets


@dataclass(frozen=True)
class Unit:
    """Runs ``first`` to ``last`` (not included) of a candidate against one opponent."""

    candidate: Candidate
    opponent: int
    first: int
    last: int


@dataclass
class Score:
    """What a candidate's battles came to against one opponent."""

    battles: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    lost_mcr: Fraction = Fraction(0)  # the searched side's, summed (ships without a cost count 0)
    enemy_lost_mcr: Fraction = Fraction(0)

    def add(self, other: Score) -> None:
        self.battles += other.battles
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.lost_mcr += other.lost_mcr
        self.enemy_lost_mcr += other.enemy_lost_mcr


def fight_unit(world: World, unit: Unit) -> Score:
    """A unit's battles, counted."""
    fleets = world.fleets(unit.candidate, unit.opponent)
    seed = world.opponent_seeds[unit.opponent]
    score = Score()
    readings = world.options.readings()
    with fewer_collections():
        for run in range(unit.first, unit.last):
            tally = fight(fleets, readings, world.start_range, world.turns, seed, run)[0]
            score.battles += 1
            if tally.winner == 0:
                score.wins += 1
            elif tally.winner is None:
                score.draws += 1
            else:
                score.losses += 1
            score.lost_mcr += tally.lost_mcr[0]
            score.enemy_lost_mcr += tally.lost_mcr[1]
    return score


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
