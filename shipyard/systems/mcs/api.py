"""MCS's public functions (re-exported by ``shipyard.api``): the exact odds of a shot or a salvo, a referee's
fire log resolved, whole battles fought, and the options of a conversion to MCS. None raises on bad input: a
sheet that does not read, a battery that is not there, an engagement that does not validate are located
findings."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.stdin import folder_of
from shipyard.systems.mcs.combat.limits import SCHEDULER_TIMEOUT

if TYPE_CHECKING:  # each loaded by the function that needs it: importing this module stays cheap
    from shipyard.systems.mcs.combat.battle import Counted
    from shipyard.systems.mcs.combat.log import Resolution
    from shipyard.systems.mcs.combat.resolve import Options
    from shipyard.systems.mcs.combat.search import SearchResult, Settings
    from shipyard.systems.mcs.combat.shot import SalvoOdds, ShotOdds
    from shipyard.systems.mcs.combat.state import CombatShip
    from shipyard.systems.mcs.convert import ConvertOptions

#: A number of G as a caller gives it: exact as a fraction, a decimal or the text of one ("0.5"), or a float.
G = Fraction | Decimal | int | float | str

__all__ = [
    "CombatBattle",
    "CombatSearch",
    "CombatShot",
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
    "shipyard.systems.mcs.combat.battle:Counted",
    "shipyard.systems.mcs.convert:ConvertOptions",
    "shipyard.systems.mcs.combat.options:Options",
    "shipyard.systems.mcs.combat.log:Resolution",
    "shipyard.systems.mcs.combat.shot:SalvoOdds",
    "shipyard.systems.mcs.combat.search:SearchResult",
    "shipyard.systems.mcs.combat.search:Settings",
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
    from shipyard.systems.mcs.combat.state import combat_ship, pick_ship
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
    from shipyard.systems.mcs.combat.resolve import Options

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


def combat_shot(
    attacker: str | Path,
    battery: str,
    target: str | Path,
    band: str,
    evasion: G = 0,
    skill: int | None = None,
    sand: str = "none",
    aiming: G | None = None,
    crew: str | None = None,
    defence: list[tuple[str, int, int]] | None = None,
    options: Options | None = None,
    squadron: int = 1,
    spread: int = 0,
    swarm: int | None = None,
    attacker_ship: str | None = None,
    target_ship: str | None = None,
) -> CombatShot:
    """The exact odds of one battery of ``attacker`` firing at ``target`` (a beam battery), or of one salvo
    (a missile battery) against the target's point defence ``defence``: (battery name, shots, squadron). A
    sheet of several ships fights with the one ``attacker_ship`` (``target_ship``) names, else its first."""
    from fractions import Fraction

    from shipyard.systems.mcs.combat.resolve import CannotFire, Options
    from shipyard.systems.mcs.combat.shot import salvo_odds, shot_odds

    shooter, found, bad = _combat_ship(attacker, crew, attacker_ship)
    aimed, more, bad_target = _combat_ship(target, None, target_ship)
    found += more
    if shooter is None or aimed is None:
        return CombatShot(None, found, bad or bad_target)
    where = Span(path=str(attacker), line=1, col=1)
    evasion_g, aiming_g = Fraction(str(evasion)), None if aiming is None else Fraction(str(aiming))
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
        group = shooter.group(battery)
        if group.kind == "missile":
            beyond = group.beyond(band)  # a salvo launched past the sheet's range limit: refused, as a dash
            if beyond is not None:
                raise CannotFire(beyond, group.limit_line)
            groups = [(aimed.group(name), shots, squadron) for name, shots, squadron in defence or []]
            return CombatShot(salvo_odds(shooter, group, aimed, groups, options or Options(), sand), found)
        return CombatShot(
            shot_odds(
                shooter,
                group,
                aimed,
                band,
                evasion_g,
                options or Options(),
                skill,
                aiming_g,
                sand,
                squadron,
                spread,
                swarm,
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
    """An engagement fought: one battle narrated (``narration``) or many counted (``counted``), with the
    diagnostics of the engagement and its sheets; ``unreadable`` when it could not be fought at all."""

    counted: Counted | None
    narration: list[str] | None
    diagnostics: list[Diagnostic]
    unreadable: bool = False


def combat_battle(
    sources: Sequence[str | Path],
    runs: int = 1000,
    seed: int = 1,
    jobs: int | None = None,
    until_ci: float | None = None,
    turns: int | None = None,
    start_range: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CombatBattle:
    """Fight the engagement of ``sources``: one engagement file (TOML), or two sheets with every default; on
    ``jobs`` processes (None: every core), the result the same whatever their number; ``progress(done, runs)``
    is told as the battles are fought."""
    from shipyard.systems.mcs.combat.battle import build_fleets, count, load_engagement, run_many, two_sheets
    from shipyard.systems.mcs.combat.turns import fight

    paths = [Path(source) for source in sources]
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
    updates = {k: v for k, v in (("turns", turns), ("start_range", start_range)) if v is not None}
    engagement = engagement.model_copy(update=updates)
    fleets, more = build_fleets(engagement, base, positions, shown)
    found += more
    if fleets is None:
        return CombatBattle(None, None, found, True)
    if runs == 1:
        tally, narration = fight(
            fleets, engagement.options, engagement.start_range, engagement.turns, seed, 0, narrate=True
        )
        return CombatBattle(count([tally], 1, seed, fleets), narration, found)
    counted = run_many(fleets, engagement, runs, seed, jobs or os.cpu_count() or 1, until_ci, progress=progress)
    return CombatBattle(counted, None, found)


class CombatSearch(NamedTuple):
    """A fleet search: what it found (None when its inputs allow no search), with the findings of the catalogue,
    the opponents and their sheets."""

    result: SearchResult | None
    diagnostics: list[Diagnostic]


def search_settings(**fields: object) -> Settings:
    """The settings of a fleet search, for ``combat_search(settings=...)`` (docs/search.md, "How it searches"):
    ``seed``, ``battles``, ``screen``, ``full``, ``generation``, ``block``, ``objective`` ("mean" or "worst"),
    ``sampler`` ("tpe", "nsga2", "random"), ``stale``, ``journal``; each not given keeps its default. TypeError
    for a field the settings do not have."""
    from shipyard.systems.mcs.combat.search import Settings

    return Settings(**fields)  # type: ignore[arg-type]


def combat_search(
    catalogue: Sequence[str | Path],
    against: Sequence[str],
    budget: G,
    settings: Settings | None = None,
    knobs: Sequence[str] | None = None,
    fixed: dict[str, str] | None = None,
    max_ships: int | None = None,
    tl: int | None = None,
    turns: int | None = None,
    start_range: str | None = None,
    executor: str = "local",
    jobs: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    scheduler_timeout: float = SCHEDULER_TIMEOUT,
) -> CombatSearch:
    """Search the fleets of ``catalogue``'s designs that ``budget`` MCr buys for the one that best beats the
    opponents ``against`` (docs/search.md); the same ``settings.seed``, the same result on any ``executor`` and
    any number of ``jobs``. Needs the ``search`` extra (optuna; dask for ``executor="dask"``). ValueError for an
    opponent that is not written as FILE, FILE=COUNT or FILE=COUNT+FILE; ``workers.Unreachable`` when the Dask
    ``scheduler`` does not answer within ``scheduler_timeout`` seconds."""
    from shipyard.systems.mcs.combat import journal
    from shipyard.systems.mcs.combat import search as s

    settings = settings or s.Settings()
    paths = [Path(source) for source in catalogue]
    inputs, found = s.load_catalogue(paths)
    found += s.load_opponents(against, inputs)
    if turns is not None:
        inputs.turns = turns
    if start_range is not None:
        inputs.start_range = start_range
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
    space, more = s.space(inputs, Fraction(str(budget)), knobs, dict(fixed or {}), max_ships, tl, top)
    found += more
    if space is None:
        return CombatSearch(None, found)
    with journal.held(settings.journal) as kept:  # checked, and written by this search alone
        found += kept
        if any(d.severity is Severity.ERROR for d in kept):
            return CombatSearch(None, found)
        world = s.world(inputs, space, settings.seed)
        work = s.make_executor(executor, world, jobs or os.cpu_count() or 1, scheduler, scheduler_timeout)
        try:
            result = s.Search(inputs, space, settings, work, progress).run()
        except journal.Unresumable as error:
            return CombatSearch(None, [*found, error.diagnostic])
        finally:
            work.close()
    return CombatSearch(result, found)


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
