"""What MCS battles give back, as records a library user reads (``CombatBattle.outcome``): frozen pydantic models
whose JSON form is the document ``combat battle --format json`` prints, key for key (``model_dump(mode="json")``).
Chances are shares of the battles fought (0 to 1), every interval the 95% Wilson interval as ``(low, high)``; MCr
are floats, as in the JSON. The engine's own tallies, which these are made from, are not part of the library. A
fleet search's records are ``shipyard.search.results``'s."""

from __future__ import annotations

from shipyard.core.outcome import Outcome

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
