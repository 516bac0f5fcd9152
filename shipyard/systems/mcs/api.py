"""MCS's public functions (re-exported by ``shipyard.api``): the exact odds of a shot or a salvo, a referee's
fire log resolved, whole battles fought, and the options of a conversion to MCS. None raises on bad input: a
sheet that does not read, a battery that is not there, an engagement that does not validate are located
findings."""

from __future__ import annotations

import os
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.stdin import folder_of
from shipyard.systems.mcs.requests import BattleRequest, PointDefence, SearchRequest, ShotRequest

if TYPE_CHECKING:  # each loaded by the function that needs it: importing this module stays cheap
    from shipyard.search.driver import SearchResult, Settings
    from shipyard.search.results import SearchOutcome
    from shipyard.systems.mcs.combat.log import Resolution
    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.shot import SalvoOdds, ShotOdds
    from shipyard.systems.mcs.combat.state import CombatShip
    from shipyard.systems.mcs.convert import ConvertOptions
    from shipyard.systems.mcs.results import BattleOutcome

__all__ = [
    "BattleRequest",
    "CombatBattle",
    "CombatSearch",
    "CombatShot",
    "PointDefence",
    "SearchRequest",
    "ShotRequest",
    "combat_battle",
    "combat_options",
    "combat_resolve",
    "combat_search",
    "combat_shot",
    "mcs_options",
    "range_band",
    "range_band_words",
    "search_settings",
]
#: The records this module's functions take or give back, by ``"module:attribute"``: docs/api.md documents each
#: beside the functions (a test holds every record a public signature names to it).
RECORDS = (
    "shipyard.systems.mcs.results:BattleOutcome",
    "shipyard.systems.mcs.results:SideOutcome",
    "shipyard.systems.mcs.results:ShipOutcome",
    "shipyard.systems.mcs.results:BatteriesLost",
    "shipyard.systems.mcs.results:TurnsFought",
    "shipyard.systems.mcs.results:BatteryHits",
    "shipyard.systems.mcs.convert:ConvertOptions",
    "shipyard.systems.mcs.combat.options:Options",
    "shipyard.systems.mcs.combat.log:Resolution",
    "shipyard.systems.mcs.combat.shot:SalvoOdds",
    "shipyard.search.driver:SearchResult",
    "shipyard.search.results:SearchOutcome",
    "shipyard.search.results:FleetOutcome",
    "shipyard.search.results:FleetEntry",
    "shipyard.search.results:Remeasured",
    "shipyard.search.results:OpponentEntry",
    "shipyard.search.results:DesignOffer",
    "shipyard.search.results:Knobs",
    "shipyard.search.results:Payoff",
    "shipyard.search.results:PayoffRow",
    "shipyard.search.results:PayoffCell",
    "shipyard.search.results:Convergence",
    "shipyard.search.driver:Settings",
    "shipyard.systems.mcs.combat.shot:ShotOdds",
)


class CombatShot(NamedTuple):
    """The exact odds of one shot or salvo (None when it cannot be fired), and the diagnostics: the sheets'
    findings (shown beside the odds; combat uses the figures the sheets declare) and why a shot cannot be made."""

    odds: ShotOdds | SalvoOdds | None
    diagnostics: list[Diagnostic]
    unreadable: bool = False


def _combat_ship(
    path: str | Path, crew: str | None, name: str | None = None
) -> tuple[CombatShip | None, list[Diagnostic], bool]:
    from shipyard.core.pipeline import check_sheet, load_sheet
    from shipyard.systems.mcs.combat.build import combat_ship, pick_ship
    from shipyard.systems.mcs.model import UsdShip

    sheet = check_sheet(load_sheet(path))
    found = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
    ships = [s for s in sheet.ships if isinstance(s, UsdShip)]
    top = Span(path=str(path), line=1, col=1)
    if sheet.format == "unreadable":
        return None, found, True
    if not ships:
        return (
            None,
            found
            + [
                Diagnostic(
                    code="CMB003",
                    severity=Severity.ERROR,
                    span=top,
                    message="no MCS USD ship in this file: combat reads MCS sheets",
                )
            ],
            True,
        )
    chosen, why = pick_ship(ships, name, str(path))
    if chosen is None:
        return None, found + [Diagnostic(code="CMB003", severity=Severity.ERROR, span=top, message=str(why))], True
    if why is not None:
        found.append(Diagnostic(code="CMB008", severity=Severity.INFO, span=top, message=why))
    try:
        return combat_ship(chosen, crew), found, False
    except ValueError as error:
        return None, found + [Diagnostic(code="CMB003", severity=Severity.ERROR, span=top, message=str(error))], True


def combat_options(**readings: str | int | bool) -> Options:
    """The readings and optional rules of MCS combat (``Options``; docs/combat.md, "Readings"), validated:
    ``combat_options(magazine_loss="launcher")``."""
    from shipyard.systems.mcs.combat.options import Options

    return Options.model_validate(readings)


def range_band(word: str) -> str | None:
    """The MCS range band a word names, by its key (``l``) or its name (``Long``, ``very-short``), any case and
    spacing: its key, or None when it names none."""
    from shipyard.systems.mcs.combat.tables import band_key

    return band_key(word)


def range_band_words() -> list[str]:
    """Every range band as ``range_band`` takes it: key (name)."""
    from shipyard.systems.mcs.combat.tables import RANGE_BANDS

    return [f"{key} ({band.name})" for key, band in RANGE_BANDS.items()]


def combat_shot(request: ShotRequest) -> CombatShot:
    """The exact odds of one battery of the request's ``attacker`` firing at its ``target`` (a beam battery),
    or of one salvo (a missile battery) against the target's point ``defence``.

        >>> shot = combat_shot(ShotRequest(attacker="examples/midu-agashaan.usd", battery="Laser Battery",
        ...                                target="examples/kuvasz.usd", band="m"))
        >>> shot.odds.p_hit
        Fraction(215, 216)
    """
    from fractions import Fraction

    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.resolve import CannotFire
    from shipyard.systems.mcs.combat.shot import salvo_odds, shot_odds

    r = request
    attacker, target, band = r.attacker, r.target, r.band
    shooter, found, bad = _combat_ship(attacker, r.crew, r.attacker_ship)
    aimed, more, bad_target = _combat_ship(target, None, r.target_ship)
    found += more
    if shooter is None or aimed is None:
        return CombatShot(None, found, bad or bad_target)
    where = Span(path=str(attacker), line=1, col=1)
    evasion_g, aiming_g = Fraction(str(r.evasion)), None if r.aiming is None else Fraction(str(r.aiming))
    wrong = [
        Diagnostic(
            code="CMB007", severity=Severity.ERROR, span=Span(path=str(path), line=1, col=1), message=f"{why} (MCS 2.1)"
        )
        for why, path in (
            (aimed.allocate(Fraction(0), evasion_g, Fraction(0)), target),
            (shooter.allocate(Fraction(0), Fraction(0), aiming_g or Fraction(0)), attacker),
        )
        if why is not None
    ]
    found += wrong
    if wrong:
        return CombatShot(None, found)
    try:
        group = shooter.group(r.battery)
        options = r.options or Options()
        if group.kind == "missile":
            beyond = group.beyond(band)  # a salvo launched past the sheet's range limit: refused, as a dash
            if beyond is not None:
                raise CannotFire(beyond, group.limit_line)
            groups = [(aimed.group(d.battery), d.shots, d.squadron) for d in r.defence]
            return CombatShot(salvo_odds(shooter, group, aimed, groups, options, r.sand), found)
        return CombatShot(
            shot_odds(
                shooter,
                group,
                aimed,
                band,
                evasion_g,
                options,
                r.skill,
                aiming_g,
                r.sand,
                r.squadron,
                r.spread,
                r.swarm,
            ),
            found,
        )
    except KeyError as error:
        found.append(Diagnostic(code="CMB004", severity=Severity.ERROR, span=where, message=str(error.args[0])))
    except CannotFire as error:  # at the sheet's line that forbids the shot, where one does
        at = where if error.line is None else Span(path=str(attacker), line=error.line, col=1)
        found.append(Diagnostic(code="CMB005", severity=Severity.ERROR, span=at, message=str(error)))
    return CombatShot(None, found)


def combat_resolve(path: str | Path, seed: int | None = None) -> Resolution:
    """A referee's fire log resolved step by step (``Resolution``: turns with steps, effects and states)."""
    from shipyard.systems.mcs.combat.log import resolve_log

    return resolve_log(Path(path), seed=seed)


class CombatBattle(NamedTuple):
    """An engagement fought: the battles' ``outcome`` (one battle, or many counted), the ``narration`` of one
    battle, with the diagnostics of the engagement and its sheets; ``unreadable`` when it could not be fought."""

    outcome: BattleOutcome | None
    narration: list[str] | None
    diagnostics: list[Diagnostic]
    unreadable: bool = False


def combat_battle(request: BattleRequest, *, progress: Callable[[int, int], None] | None = None) -> CombatBattle:
    """Fight the engagement of the request's ``sources``: one battle narrated (``runs=1``) or many counted;
    ``progress(done, runs)`` is told as the battles are fought."""
    from shipyard.systems.mcs.combat.battle import build_fleets, count, load_engagement, run_many, two_sheets
    from shipyard.systems.mcs.combat.report import battle_outcome
    from shipyard.systems.mcs.combat.turns import fight

    paths = [Path(source) for source in request.sources]
    base: Path | None  # the folder the engagement's sheets are named from; None: two sheets named here
    if len(paths) == 1:
        engagement, found, positions = load_engagement(paths[0])
        base, shown = folder_of(paths[0]), str(paths[0])
    elif len(paths) == 2:
        engagement, found, positions, base, shown = two_sheets(paths[0], paths[1]), [], {}, None, ""
    else:
        top = Span(path=str(paths[0]) if paths else "-", line=1, col=1)
        return CombatBattle(
            None,
            None,
            [
                Diagnostic(
                    code="CMB002",
                    severity=Severity.ERROR,
                    span=top,
                    message=(f"expected one engagement file or two sheets, got {len(paths)} paths"),
                )
            ],
            True,
        )
    if engagement is None:
        return CombatBattle(None, None, found, True)
    runs, seed = request.runs, request.seed
    updates = {k: v for k, v in (("turns", request.turns), ("start_range", request.start_range)) if v is not None}
    engagement = engagement.model_copy(update=updates)
    fleets, more = build_fleets(engagement, base, positions, shown)
    found += more
    if fleets is None:
        return CombatBattle(None, None, found, True)
    if runs == 1:
        tally, narration = fight(
            fleets, engagement.options.readings(), engagement.start_range, engagement.turns, seed, 0, narrate=True
        )
        return CombatBattle(battle_outcome(count([tally], 1, seed, fleets)), narration, found)
    jobs = request.jobs or os.cpu_count() or 1
    counted = run_many(fleets, engagement, runs, seed, jobs, request.until_ci, progress=progress)
    return CombatBattle(battle_outcome(counted), None, found)


class CombatSearch(NamedTuple):
    """A fleet search: what it found (``outcome``; None when its inputs allow no search), with the findings of
    the catalogue, the opponents and their sheets. ``result`` is the search engine's own record, which shipyard's
    page and engagement file are written from; a library reads ``outcome``."""

    outcome: SearchOutcome | None
    diagnostics: list[Diagnostic]
    result: SearchResult | None = None


def search_settings(**fields: object) -> Settings:
    """The settings of a fleet search, for ``combat_search(settings=...)`` (docs/search.md, "How it searches"):
    ``seed``, ``battles``, ``screen``, ``full``, ``generation``, ``block``, ``objective`` ("mean" or "worst"),
    ``sampler`` ("tpe", "nsga2", "random"), ``stale``, ``journal``; each not given keeps its default. TypeError
    for a field the settings do not have."""
    from shipyard.search.driver import Settings

    return Settings(**fields)  # type: ignore[arg-type]


def combat_search(request: SearchRequest, *, progress: Callable[[int, int], None] | None = None) -> CombatSearch:
    """Search the fleets of the request's ``catalogue`` that its ``budget`` buys for the one that best beats its
    opponents ``against`` (docs/search.md); the same ``settings.seed``, the same result on any ``executor`` and
    any number of ``jobs``; ``progress(done, battles)`` is told as the battles are fought. Needs the ``search``
    extra (optuna; dask for ``executor="dask"``). ValueError for an opponent that is not written as FILE,
    FILE=COUNT or FILE=COUNT+FILE; ``shipyard.search.workers.Unreachable`` when the Dask ``scheduler`` does not
    answer within ``scheduler_timeout`` seconds."""
    from shipyard.search import driver
    from shipyard.search.report import search_outcome
    from shipyard.search.space import space as space_of
    from shipyard.systems.mcs.combat import search as s
    from shipyard.systems.mcs.combat.limits import MAX_SIDE_SHIPS

    r = request
    settings = r.settings or driver.Settings()
    paths = [Path(source) for source in r.catalogue]
    inputs, found = s.load_catalogue(paths)
    found += s.load_opponents(r.against, inputs)
    if r.turns is not None:
        inputs.turns = r.turns
    if r.start_range is not None:
        inputs.start_range = r.start_range
    top = Span(path=str(paths[0]) if paths else "-", line=1, col=1)
    # A design or an opponent that cannot be used stops the search (it would be searched without, unsaid); a
    # sheet's own findings are reported as ``combat battle`` reports them, and change no figure.
    unusable = any(d.severity is Severity.ERROR and d.code.startswith(s.UNUSABLE) for d in found)
    if unusable or not inputs.designs or not inputs.opponents:
        if not unusable and not inputs.opponents:
            found.append(
                Diagnostic(code="SRC005", severity=Severity.ERROR, span=top, message="no opponent to search against")
            )
        return CombatSearch(None, found)
    problem, more = s.mcs_problem(inputs, Fraction(str(r.budget)), r.tl)
    found += more
    max_ships = r.max_ships if r.max_ships is not None else inputs.max_ships
    max_ships = MAX_SIDE_SHIPS if max_ships is None else min(max_ships, MAX_SIDE_SHIPS)  # a fleet is a side
    space, more = space_of(problem, r.knobs, dict(r.fixed), max_ships, top)
    found += more
    if space is None:
        return CombatSearch(None, found)
    where = driver.Where(executor=r.executor, jobs=r.jobs, scheduler=r.scheduler, timeout=r.scheduler_timeout)
    result, kept = driver.run_search(space, settings, where, progress)
    found += kept
    if result is None:
        return CombatSearch(None, found)
    return CombatSearch(search_outcome(result), found, result)


def mcs_options(
    design: str = "military",
    rof_overrides: dict[str, int] | None = None,
    launchers_per_battery: int = 4,
    sandcasters_per_battery: int = 10,
    edition: str | None = None,
) -> ConvertOptions:
    """The options of a conversion to MCS: the T4 converter's choices and the FFS edition."""
    from shipyard.systems.mcs.convert import ConvertOptions
    from shipyard.systems.mcs.convert.t4 import DESIGNS, T4Options
    from shipyard.systems.mcs.ffs.model import EDITIONS

    t4 = T4Options(
        design=DESIGNS[design],
        rof_overrides=dict(rof_overrides or {}),
        launchers_per_battery=launchers_per_battery,
        sandcasters_per_battery=sandcasters_per_battery,
    )
    return ConvertOptions(t4=t4, edition=EDITIONS[edition] if edition is not None else None)
