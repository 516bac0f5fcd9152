"""What a caller asks MCS combat for, as records: a shot's odds (``ShotRequest``), battles fought
(``BattleRequest``), a fleet search (``SearchRequest``). Every field is named where the record is built (no
positional fields: two figures of one type cannot be swapped unseen), and each default is the command line's.
Importing this module loads no engine."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from shipyard.search.limits import SCHEDULER_TIMEOUT

if TYPE_CHECKING:
    from shipyard.search.driver import Settings
    from shipyard.systems.mcs.combat.options import Options

#: A number of G as a caller gives it: exact as a fraction, a decimal or the text of one ("0.5"), or a float.
G = Fraction | Decimal | int | float | str


@dataclass(frozen=True, kw_only=True)
class PointDefence:
    """One battery of a missile's target firing point defence at a salvo: the battery's name on the target's
    sheet, its shots, and the ships of its squadron."""

    battery: str
    shots: int
    squadron: int = 1


@dataclass(frozen=True, kw_only=True)
class ShotRequest:
    """One shot of ``battery`` of ``attacker`` at ``target`` at range ``band`` (a beam battery), or one salvo (a
    missile battery) against the target's point ``defence``. A sheet of several ships fights with the one
    ``attacker_ship`` (``target_ship``) names, else its first. ``crew`` is the attacker's crew quality; ``sand``
    the target's sand ("none", "blocking", "cloud"); ``squadron``, ``spread`` and ``swarm`` the optional rules'."""

    attacker: str | Path
    battery: str
    target: str | Path
    band: str
    evasion: G = 0
    skill: int | None = None
    sand: str = "none"
    aiming: G | None = None
    crew: str | None = None
    defence: tuple[PointDefence, ...] = ()
    options: Options | None = None
    squadron: int = 1
    spread: int = 0
    swarm: int | None = None
    attacker_ship: str | None = None
    target_ship: str | None = None


@dataclass(frozen=True, kw_only=True)
class BattleRequest:
    """The battles of ``sources`` (one engagement file, or two sheets fought with every default): ``runs`` of
    them from ``seed`` on ``jobs`` processes (None: every core; the result the same whatever their number), or
    fewer when the win's interval is narrower than ``until_ci``; ``turns`` and ``start_range`` override the
    engagement's."""

    sources: Sequence[str | Path]
    runs: int = 1000
    seed: int = 1
    jobs: int | None = None
    until_ci: float | None = None
    turns: int | None = None
    start_range: str | None = None


@dataclass(frozen=True, kw_only=True)
class SearchRequest:
    """A fleet search: the designs of ``catalogue`` that ``budget`` MCr buys, fought against the opponents
    ``against`` (each FILE, FILE=COUNT or FILE=COUNT+FILE). ``knobs`` are the doctrine's knobs searched (None:
    every one), ``fixed`` the ones held at a choice; ``max_ships``, ``tl``, ``turns`` and ``start_range`` limit
    the fleets and the battles; ``executor`` "local" runs them here on ``jobs`` processes (None: every core),
    "dask" on the Dask ``scheduler`` (waited for ``scheduler_timeout`` seconds)."""

    catalogue: Sequence[str | Path]
    against: Sequence[str]
    budget: G
    settings: Settings | None = None
    knobs: Sequence[str] | None = None
    fixed: dict[str, str] = field(default_factory=dict)
    max_ships: int | None = None
    tl: int | None = None
    turns: int | None = None
    start_range: str | None = None
    executor: str = "local"
    jobs: int | None = None
    scheduler: str | None = None
    scheduler_timeout: float = SCHEDULER_TIMEOUT
