"""The records of a fleet search: a candidate as tried (``Tried``: its battles' scores against each opponent, its
rank), how the search runs (``Settings``), its course (``Progress``) and what it came to (``SearchResult``), with
the words every output names a fleet by (``design_labels``, ``describe``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from shipyard.core.intervals import newcombe, wilson
from shipyard.search.problem import Candidate, Design, Problem, Score
from shipyard.search.space import Space

# ---- trying candidates -----------------------------------------------------------------------------------------


@dataclass
class Tried:
    """A candidate and what its battles came to, against each opponent."""

    candidate: Candidate
    order: int  # the trial it was first tried in
    cost: Fraction
    scores: list[Score]
    full: bool = False
    #: After the objective and draws, what breaks a tie first: the cheaper fleet ("cost", MCS) or the smaller loss
    #: ("loss", TCS: the tournament's own tie-break, Appendix A), the other after it.
    ties: str = "cost"

    @property
    def battles(self) -> int:
        return sum(s.battles for s in self.scores)

    def share(self, what: str) -> float:
        total = self.battles
        return sum(getattr(s, what) for s in self.scores) / total if total else 0.0

    @property
    def win(self) -> float:
        return self.share("wins")

    @property
    def worst_index(self) -> int:
        rates = [s.wins / s.battles if s.battles else 0.0 for s in self.scores]
        return rates.index(min(rates))

    @property
    def worst(self) -> float:
        score = self.scores[self.worst_index]
        return score.wins / score.battles if score.battles else 0.0

    def interval(self, objective: str = "mean") -> tuple[float, float]:
        """The 95% Wilson interval of the objective: the win chance over every battle, or against the worst
        opponent."""
        if objective == "worst":
            score = self.scores[self.worst_index]
            return wilson(score.wins, score.battles)
        return wilson(sum(s.wins for s in self.scores), self.battles)

    def value(self, objective: str) -> float:
        return self.worst if objective == "worst" else self.win

    def rank(self, objective: str) -> tuple[float, float, float, float]:
        """Better first: the objective, then draws (a draw is better than a loss), then (``ties``) the cheaper fleet
        (of two that both win every battle, the one that costs less is the better buy) and the smaller loss a
        battle, or the smaller loss and then the cheaper."""
        cost, loss = -float(self.cost), -self.lost
        return (self.value(objective), self.share("draws"), *((cost, loss) if self.ties == "cost" else (loss, cost)))

    def standing(self, objective: str) -> tuple[tuple[float, float, float, float], int]:
        """Where it stands among fleets: by ``rank``, the one tried first ahead on a tie."""
        return (self.rank(objective), -self.order)

    @property
    def lost(self) -> float:
        """The mean loss a battle, in the problem's measure (MCr lost, or Appendix A's percentage)."""
        total = self.battles
        return float(sum((s.lost for s in self.scores), Fraction(0)) / total) if total else 0.0

    def padded(self, designs: int) -> Tried:
        """Itself with a count for each of ``designs`` designs (those the search made after it was tried: none),
        as every output reads a fleet."""
        counts = self.candidate.counts + (0,) * (designs - len(self.candidate.counts))
        return replace(self, candidate=replace(self.candidate, counts=counts))

    def record(self) -> dict[str, Any]:
        """What a journal keeps of it, to resume without fighting its battles again."""
        return {
            "key": self.candidate.key,
            "full": self.full,
            "scores": [
                [s.battles, s.wins, s.draws, s.losses, str(s.lost), str(s.enemy_lost)]
                + ([[[*finding, n] for finding, n in s.findings.items()]] if s.findings else [])
                for s in self.scores
            ],
        }

    def restore(self, record: dict[str, Any]) -> None:
        self.full = bool(record["full"])
        self.scores = [
            Score(b, w, d, lo, Fraction(mine), Fraction(theirs), {tuple(f[:4]): f[4] for f in (found or [[]])[0]})
            for b, w, d, lo, mine, theirs, *found in record["scores"]
        ]


@dataclass
class Settings:
    """How the search runs (docs/search.md)."""

    seed: int = 1
    battles: int = 20_000  # the battles it may fight in all (it stops after the generation that passes them)
    screen: int = 50  # each candidate's first battles against each opponent
    full: int = 400  # a full evaluation: battles against each opponent
    generation: int = 8  # candidates asked of the optimiser at a time
    block: int = 50  # battles in one unit of work
    objective: Literal["mean", "worst"] = "mean"
    sampler: Literal["tpe", "nsga2", "random"] = "tpe"
    stale: int = 5  # generations in a row with no new candidate end the search
    journal: Path | None = None

    def stages(self) -> list[int]:
        """The battles against each opponent after each stage: the screen, doubling up to the full evaluation."""
        stages = [min(self.screen, self.full)]
        while stages[-1] < self.full:
            stages.append(min(stages[-1] * 2, self.full))
        return stages


@dataclass
class Progress:
    """The search as it went, a generation at a time: battles fought, candidates tried, the incumbent's objective
    and its interval."""

    battles: int
    candidates: int
    best: float
    low: float
    high: float


@dataclass
class Ablated:
    """The best fleet with one choice undone, in EURISKO's manner (``kind`` "design": a gene of one of its designs;
    "fleet": one of its classes left out; "rule": a reading of the rules changed for both sides), fought on the
    best's fresh battles: ``tried``, or None with ``why`` where the change makes no fleet to fight."""

    kind: str
    change: str
    tried: Tried | None
    why: str = ""
    fleet: str = ""  # the fleet fought, in words

    def difference(self, best: Tried) -> tuple[float, float, float]:
        """Its win chance less the best's on the same battles, and the 95% interval of that difference (Newcombe's
        hybrid score method: it takes the two as independent, so it is wider than battles paired by common random
        numbers need)."""
        assert self.tried is not None
        won, fought = sum(s.wins for s in self.tried.scores), self.tried.battles
        best_won = sum(s.wins for s in best.scores)
        low, high = newcombe(won, fought, best_won, best.battles)
        return self.tried.win - best.win, low, high


@dataclass
class SearchResult:
    space: Space
    problem: Problem
    settings: Settings
    tried: list[Tried]
    history: list[Progress]
    battles: int  # fought in all (a journal's included)
    resumed: int = 0  # trials read back from the journal
    #: Why the search stopped, in words: its battles spent, or generations that brought no new fleet.
    stopped: str = ""
    #: The best fleet and the best of one design fought again on battles no candidate was chosen by (each
    #: opponent's runs ``full`` to ``2 x full``), by candidate key: the figures reported for them.
    remeasured: dict[str, Tried] = field(default_factory=dict)
    #: What the best fleet leans on, where asked (``Ablated``), in the order the game made the changes.
    ablations: list[Ablated] = field(default_factory=list)

    def findings(self) -> dict[tuple[str, str, str, str], int]:
        """What the scoring found in the search's battles (fresh ones included), each with the battles that met
        it."""
        found: dict[tuple[str, str, str, str], int] = {}
        for tried in [*self.tried, *self.remeasured.values()]:
            for score in tried.scores:
                for finding, battles in score.findings.items():
                    found[finding] = found.get(finding, 0) + battles
        return found

    @property
    def ranked(self) -> list[Tried]:
        full = [t for t in self.tried if t.full]
        return sorted(full, key=lambda t: t.standing(self.settings.objective), reverse=True)

    @property
    def best(self) -> Tried | None:
        ranked = self.ranked
        return ranked[0] if ranked else None

    @property
    def baseline(self) -> Tried | None:
        """The best fleet of one design (any doctrine), fully evaluated: what the search must at least match."""
        single = [t for t in self.ranked if sum(1 for n in t.candidate.counts if n) == 1]
        return single[0] if single else None

    def again(self, tried: Tried | None) -> Tried | None:
        """``tried`` as re-measured on fresh battles, when it was (the best fleet, the best of one design)."""
        return None if tried is None else self.remeasured.get(tried.candidate.key)

    @property
    def only_single(self) -> bool:
        """Whether the battles bought no search: every fleet tried is of one design alone (the first generation; a
        search that makes designs of its own searches their genes from the first)."""
        return not self.problem.slots and all(sum(1 for n in t.candidate.counts if n) <= 1 for t in self.tried)

    @property
    def front(self) -> list[Tried]:
        """The fully evaluated fleets no other beats on every count (win chance, worst case, cost), cheapest
        first."""
        full = [t for t in self.tried if t.full]

        def dominated(one: Tried) -> bool:
            return any(
                o.win >= one.win
                and o.worst >= one.worst
                and o.cost <= one.cost
                and (o.win > one.win or o.worst > one.worst or o.cost < one.cost)
                for o in full
            )

        front = [t for t in full if not dominated(t)]
        return sorted(front, key=lambda t: (t.cost, -t.win, t.order))


def design_labels(designs: Sequence[Design]) -> list[str]:
    """Each design's name as every output shows it, told apart where two share one: by its crew where the
    catalogue gives crews ('Kuvasz (elite crew)'), else by its place in the catalogue ('Kuvasz (design 2)')."""
    names = [d.name for d in designs]
    labels = []
    for index, design in enumerate(designs):
        label = design.name
        if names.count(design.name) > 1:
            crewed = [d.crew for d in designs if d.name == design.name]
            unique = design.crew is not None and crewed.count(design.crew) == 1
            label += f" ({design.crew} crew)" if unique else f" (design {index + 1})"
        labels.append(label)
    return labels


def describe(tried: Tried, space: Space, short: bool = False) -> str:
    """A fleet in words: '2 Midu Agashaan + 6 Zhodani Patrol Corvette'; ``short``, for a chart's label: each design
    by the first word of its name, or its whole name where two would share one ('4 Zhodani + 12 MF357B')."""
    names = design_labels(space.designs)
    if short:
        first = [name.split()[0] if name.split() else name for name in names]
        names = [word if first.count(word) == 1 else name for word, name in zip(first, names, strict=True)]
    return " + ".join(f"{n} {name}" for name, n in zip(names, tried.candidate.counts, strict=True) if n) or "no ship"
