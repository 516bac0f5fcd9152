"""What MCS battles and a fleet search give back, as records a library user reads (``CombatBattle.outcome``,
``CombatSearch.outcome``): frozen pydantic models whose JSON form is the document ``combat battle --format json``
and ``combat search --format json`` print, key for key (``model_dump(mode="json")``; a search's with
``exclude_unset=True``, which leaves out ``remeasured`` where a fleet was not fought again). Chances are shares of
the battles fought (0 to 1), every interval the 95% Wilson interval as ``(low, high)``; MCr are floats, as in the
JSON. The engine's own tallies, which these are made from, are not part of the library."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Outcome(BaseModel):
    """Base of the result records: frozen, no field but its own; built from the engine's figures as they are."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# -- battles (``combat battle``) -------------------------------------------------------------------------------


class ShipOutcome(Outcome):
    """One ship over the battles counted: the share it was still fighting at the end, its weapon batteries, and
    the mean lost a battle."""

    name: str
    fighting_at_end: float
    weapon_batteries: int
    batteries_lost_mean: float


class BatteriesLost(Outcome):
    """A side's weapon batteries lost in a battle: of how many, the mean, and battles by the number lost (keys
    the number, as text, as in JSON)."""

    of: int
    mean: float
    distribution: dict[str, int]


class SideOutcome(Outcome):
    """One side over the battles counted: its chances to win, draw and lose, the win's interval, its ships, the
    mean MCr lost a battle (None when a sheet gives no cost: not known, not 0) and its batteries lost."""

    name: str
    win: float
    draw: float
    loss: float
    win_ci: tuple[float, float]
    ships: tuple[ShipOutcome, ...]
    lost_mcr_mean: float | None
    batteries_lost: BatteriesLost


class TurnsFought(Outcome):
    """Turns fought: the mean, and battles by the turns they lasted (keys as text)."""

    mean: float
    distribution: dict[str, int]


class BatteryHits(Outcome):
    """One battery's hits over the battles counted, and a battle."""

    side: str
    ship: str
    battery: str
    hits: int
    per_battle: float


class BattleOutcome(Outcome):
    """Battles fought: how many, from which seed, each side's outcome, the turns fought, how the battles ended
    (battles by reason, most first) and the hits by battery (most first)."""

    runs: int
    seed: int
    sides: tuple[SideOutcome, SideOutcome]
    turns: TurnsFought
    ended: dict[str, int]
    hits_by_battery: tuple[BatteryHits, ...]


# -- the fleet search (``combat search``) ----------------------------------------------------------------------


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
    against the worst, the objective searched, the mean MCr lost, whether it was fully evaluated, its trial, and
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
    lost_mcr_mean: float
    fully_evaluated: bool
    trial: int
    remeasured: Remeasured | None = None


class OpponentEntry(Outcome):
    """An opponent as the command named it, its fleet's name, and the seed its battles are fought from."""

    label: str
    name: str
    seed: int


class DesignOffer(Outcome):
    """A design of the catalogue: its name and label, its sheet, crew and cost, and the counts searched."""

    name: str
    label: str
    sheet: str
    crew: str | None
    cost_mcr: float
    min: int
    max: int


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
