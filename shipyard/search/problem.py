"""What a game offers a fleet search: a *problem*, typed by the protocols below.

The driver asks a problem only these things: the designs on offer (each with a name, a first ship's cost, its
bounds), the opponents (each with a label and a name), what a fleet of given counts costs and whether it meets the
game's constraints (and, when it does not, which design gives up a ship), which doctrine knobs it may turn and which
choices fight alike for a fleet, what every battle depends on (for the journal's name), and a world that fights a
unit of battles. A world is sent to every worker once (pickled), so it holds plain records and no open file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from shipyard.core.diagnostics import Span

#: A fleet's doctrine as the search turns it: every knob's choice, in the order of the problem's knobs.
Knobs = tuple[tuple[str, str], ...]


#: What a worker needs of the designs of a search's own a fleet buys: each one's index among the problem's designs
#: and the game's ready record of it (a worker's world holds the catalogue's designs only).
Carried = tuple[tuple[int, Any], ...]


@dataclass(frozen=True)
class Candidate:
    """A fleet to try: how many of each design (the catalogue's, then the designs the search made, in the order it
    made them; none past the last one bought) and the doctrine it fights by. ``carried``: the designs of the
    search's own it buys, as a worker needs them; ``made``: a digest of their genes, in the key (a task key names
    what its battles depend on)."""

    counts: tuple[int, ...]
    knobs: Knobs
    carried: Carried = field(default=(), compare=False)
    made: str = ""

    @property
    def key(self) -> str:
        key = " ".join(map(str, self.counts)) + " | " + " ".join(f"{k}={v}" for k, v in self.knobs)
        return f"{key} | {self.made}" if self.made else key


@dataclass(frozen=True)
class Unit:
    """Runs ``first`` to ``last`` (not included) of a candidate against one opponent."""

    candidate: Candidate
    opponent: int
    first: int
    last: int


@dataclass
class Score:
    """What a candidate's battles came to against one opponent. ``lost`` and ``enemy_lost`` are summed over the
    battles in the problem's own measure of loss (MCS: MCr of ships lost; TCS: Appendix A's percentage);
    ``findings`` counts the battles that met each finding of the scoring (TCS: a value a sheet does not give, a hole
    of Appendix A's tables), as (code, severity, path, message), so that the search says them as ``tcs battle``
    does."""

    battles: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    lost: Fraction = Fraction(0)
    enemy_lost: Fraction = Fraction(0)
    findings: dict[tuple[str, str, str, str], int] = field(default_factory=dict)

    def add(self, other: Score) -> None:
        self.battles += other.battles
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.lost += other.lost
        self.enemy_lost += other.enemy_lost
        for finding, battles in other.findings.items():
            self.findings[finding] = self.findings.get(finding, 0) + battles

    def count(self, winner: int | None, lost: Fraction, enemy_lost: Fraction) -> None:
        """One battle more: ``winner`` is the searched side's index 0, the opponent's 1, or None (a draw)."""
        self.battles += 1
        if winner == 0:
            self.wins += 1
        elif winner is None:
            self.draws += 1
        else:
            self.losses += 1
        self.lost += lost
        self.enemy_lost += enemy_lost


class Design(Protocol):
    """A design a fleet may buy, as the driver and its reports see it."""

    @property
    def name(self) -> str: ...
    @property
    def shown(self) -> str: ...  # its sheet, as the catalogue names it
    @property
    def crew(self) -> str | None: ...  # what tells two of one name apart, where the catalogue gives it
    @property
    def cost(self) -> Fraction: ...  # one ship alone (the first of its design)
    @property
    def low(self) -> int: ...
    @property
    def high(self) -> int | None: ...
    @property
    def span(self) -> Span: ...


class Opponent(Protocol):
    """A fleet to beat: ``label`` as given (its file), ``name`` its fleet's, ``short`` for a chart's axis."""

    @property
    def label(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def short(self) -> str: ...


class World(Protocol):
    """What every battle of a search needs, sent to each worker once: ``fight`` a unit's battles and count them.
    A unit's result depends on nothing but the world and the unit (its battles are seeded by the opponent's seed and
    the run's number), so a search is the same on any executor and any number of workers."""

    def fight(self, unit: Unit) -> Score: ...


class Problem(Protocol):
    """A game's fleet search problem."""

    @property
    def designs(self) -> Sequence[Design]:
        """The designs on offer, in the catalogue's order (a candidate's counts follow it)."""
        ...

    @property
    def opponents(self) -> Sequence[Opponent]: ...

    @property
    def budget(self) -> Fraction: ...

    @property
    def knobs(self) -> Mapping[str, Mapping[str, Any]]:
        """Knob -> its choices (the first the default) -> what the choice sets; every knob the game may turn."""
        ...

    @property
    def loss(self) -> tuple[str, str]:
        """What a fleet's loss is measured in, in words, and its JSON key: ("MCr", "lost_mcr_mean")."""
        ...

    @property
    def ties(self) -> str:
        """What breaks a tie of win chances and draws first: "cost" (the cheaper fleet) or "loss" (the smaller
        loss a battle)."""
        ...

    def cost(self, counts: Sequence[int]) -> Fraction:
        """What a fleet of these counts costs, by the game's rule."""
        ...

    def most(self, design: int, within: Fraction | None = None) -> int:
        """The most ships of one design the budget (or ``within``, a part of it) buys, the design alone."""
        ...

    def unfit(self, counts: Sequence[int]) -> Sequence[Fraction] | None:
        """None when the fleet meets every constraint of the game but its bounds and its most ships (the budget,
        tugs enough for its drop tanks ...); else a weight for each design: the design of the greatest weight above
        its least gives up a ship."""
        ...

    def folded(self, counts: Sequence[int], knobs: Knobs) -> Knobs:
        """``knobs`` with each choice that fights the same battles as another for this fleet made that other, so
        that one fleet is fought once."""
        ...

    def assumed(self) -> list[str]:
        """What the game assumed of a design or an opponent where its sheet does not say, in words."""
        ...

    def described(self) -> dict[str, Any]:
        """Everything a battle of the search depends on besides the candidate and the settings (the designs, the
        opponents, the battles' rules): the journal's study is named by it."""
        ...

    def world(self, seed: int) -> World:
        """The world the search's battles are fought in, the opponents' battles seeded from ``seed``."""
        ...

    @property
    def slots(self) -> int:
        """How many designs of the search's own a fleet may have besides the catalogue's (0: none)."""
        ...

    @property
    def genes(self) -> Mapping[str, Sequence[Any]]:
        """Each gene of a design of the search's own -> the values it may take; empty where ``slots`` is 0."""
        ...

    def invent(self, genes: Mapping[str, Any]) -> int | None:
        """The design ``genes`` make, fitted and checked by the game's rules, added to ``designs`` the first time it
        is made (the same design, the same index): its index, or None where the rules refuse it."""
        ...

    def carried(self, counts: Sequence[int]) -> tuple[Carried, str]:
        """What a worker needs of the designs of the search's own that ``counts`` buys, and a digest of their
        genes."""
        ...

    def made(self, design: int) -> dict[str, Any] | None:
        """What a design of the search's own was made of (``results.MadeDesign``'s fields); None for the
        catalogue's."""
        ...


class CatalogueOnly:
    """What a problem whose fleets buy the catalogue's designs only says of designs of the search's own: none."""

    slots: int = 0

    @property
    def genes(self) -> Mapping[str, Sequence[Any]]:
        return {}

    def invent(self, genes: Mapping[str, Any]) -> int | None:
        raise ValueError("this search makes no design of its own")

    def carried(self, counts: Sequence[int]) -> tuple[Carried, str]:
        return (), ""

    def made(self, design: int) -> dict[str, Any] | None:
        return None


def folded(knobs: Knobs, folds: Mapping[tuple[str, str], tuple[str, str]], parts: Mapping[str, bool]) -> Knobs:
    """``knobs`` with each choice of ``folds`` made its other when the fleet lacks the part the difference needs
    (``parts``: each part, whether the fleet has it): the two fight the same battles, so one fleet is fought once."""
    return tuple(
        (name, folds[(name, choice)][0])
        if (name, choice) in folds and not parts[folds[(name, choice)][1]]
        else (name, choice)
        for name, choice in knobs
    )


def opponent_seed(seed: int, opponent: int) -> int:
    """The seed of the battles against opponent j: the search's seed plus j, so that the game's battle command
    with ``--seed`` replays a candidate's battles against it."""
    return seed + opponent
