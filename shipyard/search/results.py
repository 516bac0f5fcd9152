"""What a fleet search gives back, as records a library user reads (``CombatSearch.outcome``,
``TcsSearch.outcome``): frozen pydantic models whose JSON form is the document ``combat search --format json`` and
``tcs search --format json`` print, key for key (``model_dump(mode="json", exclude_unset=True)``, which leaves out
``remeasured`` where a fleet was not fought again, and the measure of loss a game does not use). Chances are shares
of the battles fought (0 to 1), every interval the 95% Wilson interval as ``(low, high)``; MCr are floats."""

from __future__ import annotations

from shipyard.core.outcome import Outcome


class FleetEntry(Outcome):
    """One design of a fleet: its name, its label in every output (told apart from a namesake by its crew or its
    place in the catalogue), its sheet, its crew and how many."""

    name: str
    label: str
    sheet: str
    crew: str | None
    count: int


class Remeasured(Outcome):
    """A chosen fleet fought again on battles no candidate was chosen by: the figures to quote."""

    battles: int
    win: float
    draw: float
    loss: float
    win_ci: tuple[float, float]
    worst: float
    worst_ci: tuple[float, float]
    worst_opponent: str
    objective: float


class FleetOutcome(Outcome):
    """A fleet the search fought: its designs and doctrine, its cost, its chances over every opponent and
    against the worst, the objective searched, the mean loss (MCr, or percent by
    Appendix A), whether it was fully evaluated, its trial, and
    (the best fleet and the best of one design) its figures ``remeasured`` on fresh battles."""

    fleet: tuple[FleetEntry, ...]
    doctrine: dict[str, str]
    cost_mcr: float
    ships: int
    battles: int
    win: float
    draw: float
    loss: float
    win_ci: tuple[float, float]
    worst: float
    worst_ci: tuple[float, float]
    worst_opponent: str
    objective: float
    lost_mcr_mean: float | None = None  # MCS: the MCr of ships lost, a battle
    lost_percent_mean: float | None = None  # TCS: the fleet's loss by Appendix A, percent, a battle
    fully_evaluated: bool
    trial: int
    remeasured: Remeasured | None = None


class OpponentEntry(Outcome):
    """An opponent as the command named it, its fleet's name, and the seed its battles are fought from."""

    label: str
    name: str
    seed: int


class MadeDesign(Outcome):
    """What the search made a design of its own of: its genes (as fitted to the scenario), the repairs fitting
    made, in words, and its USP."""

    genes: dict[str, int | str]
    repairs: tuple[str, ...]
    usp: str


class DesignOffer(Outcome):
    """A design of the catalogue (or of the search's own, ``made``): its name and label, its sheet, crew and cost,
    and the counts searched."""

    name: str
    label: str
    sheet: str
    crew: str | None
    cost_mcr: float
    min: int
    max: int
    made: MadeDesign | None = None


class Knobs(Outcome):
    """The doctrine's knobs searched, and those held at a choice."""

    searched: tuple[str, ...]
    fixed: dict[str, str]


class PayoffCell(Outcome):
    """A fleet against one opponent: battles, and those won, drawn and lost (counts)."""

    battles: int
    win: int
    draw: int
    loss: int


class PayoffRow(Outcome):
    """A fleet in words, its doctrine and cost, and its cell against each opponent."""

    fleet: str
    doctrine: dict[str, str]
    cost_mcr: float
    cells: tuple[PayoffCell, ...]


class Payoff(Outcome):
    """Every fleet tried against every opponent."""

    opponents: tuple[str, ...]
    rows: tuple[PayoffRow, ...]


class Convergence(Outcome):
    """The search after a generation: battles fought, candidates tried, the incumbent's objective and interval."""

    battles: int
    candidates: int
    best: float
    ci: tuple[float, float]


class AblationOutcome(Outcome):
    """The best fleet with one choice undone (``kind``: design, fleet or rule), fought on the best's fresh battles:
    the fleet in words, its cost, its win chance and interval, and the difference from the best's with its
    interval (Newcombe's); or ``why`` it was not fought."""

    kind: str
    change: str
    fleet: str | None = None
    cost_mcr: float | None = None
    battles: int = 0
    win: float | None = None
    win_ci: tuple[float, float] | None = None
    difference: float | None = None
    difference_ci: tuple[float, float] | None = None
    why: str | None = None


class SearchOutcome(Outcome):
    """A fleet search: its seed, battles (and those of the re-measurement), budget, objective and sampler, the
    candidates tried and fully evaluated, trials resumed, why it stopped; the opponents, the designs and knobs;
    the best fleet, the next best (``top``), the best of one design (``baseline``), the Pareto front of win
    chance, worst case and cost, the payoff matrix and the search's course."""

    seed: int
    battles: int
    remeasured_battles: int
    budget_mcr: float
    objective: str
    sampler: str
    candidates: int
    fully_evaluated: int
    resumed_trials: int
    stopped: str
    opponents: tuple[OpponentEntry, ...]
    designs: tuple[DesignOffer, ...]
    knobs: Knobs
    best: FleetOutcome | None
    top: tuple[FleetOutcome, ...]
    baseline: FleetOutcome | None
    front: tuple[FleetOutcome, ...]
    payoff: Payoff
    convergence: tuple[Convergence, ...]
    #: What the game assumed of a design or an opponent where its sheet does not say (TCS: missile turrets, nuclear
    #: missiles); left out where nothing was.
    assumptions: tuple[str, ...] = ()
    #: What the best fleet leans on (``--ablate``), where asked.
    ablations: tuple[AblationOutcome, ...] | None = None
