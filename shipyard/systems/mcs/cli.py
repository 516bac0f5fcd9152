"""``shipyard combat shot`` (the exact odds of one shot or salvo) and ``shipyard combat resolve`` (a referee's
fire log resolved step by step): MCS combat, sections 2.0-5.7.
Over 600 lines: most of it is the typer declarations of the combat commands' options (one parameter each, with
its help); each command body only builds a request and prints what the api gives back.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from shipyard.search import options as o
from shipyard.systems.mcs.combat.limits import MAX_SIDE_SHIPS, MAX_TURNS
from shipyard.systems.mcs.requests import PointDefence

if TYPE_CHECKING:
    from shipyard.systems.mcs.api import CombatSearch

from shipyard.core.codes import exit_status, log_status
from shipyard.core.names import quoted
from shipyard.report.console import (
    Lines,
    Output,
    TextOrJson,
    console,
    format_option,
    inputs,
    output_option,
    outside_option,
    path_or_stdin,
    progress_bar,
    quiet_option,
    report,
)

app = typer.Typer(
    help="MCS combat: the exact odds of a shot, a fire log resolved, whole battles fought.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _band(value: str | None) -> str | None:
    """A range band's key, given its key (l) or its name (Long, very short), any case."""
    if value is None:
        return None
    from shipyard.systems.mcs import api

    key = api.range_band(value)
    if key is None:
        raise typer.BadParameter(
            f"{quoted(value)} is no range band: expected one of {', '.join(api.range_band_words())}"
        )
    return key


def _g(value: float | None) -> float | None:
    """A G figure (MCS 2.1): a finite number, not negative."""
    if value is not None and not 0 <= value < math.inf:
        raise typer.BadParameter(f"{value:g} is no G figure: expected a number of G, 0 or more, such as 0.5")
    return value


class Sand(StrEnum):
    none = "none"
    blocking = "blocking"
    cloud = "cloud"


class Against(StrEnum):
    toughness = "toughness"
    size = "size"


class Quality(StrEnum):
    green = "green"
    trained = "trained"
    line = "line"
    crack = "crack"
    elite = "elite"


def _defence(values: list[str]) -> tuple[PointDefence, ...]:
    found = []
    for value in values:
        name, _, rest = value.partition("=")
        shots, _, squadron = rest.partition("x")
        try:
            found.append(PointDefence(battery=name.strip(), shots=int(shots or 1), squadron=int(squadron or 1)))
        except ValueError:
            raise typer.BadParameter(
                f"expected NAME, NAME=SHOTS or NAME=SHOTSxSQUADRON such as 'PD Laser Btty=2', got {quoted(value)}",
                param_hint="--defence",
            ) from None
    return tuple(found)


def shot(
    attacker: Path = typer.Argument(
        ..., help="The firing ship's MCS sheet ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    target: Path = typer.Argument(..., help="The target's MCS sheet.", parser=path_or_stdin, show_default=False),
    battery: str = typer.Option(
        ...,
        "--battery",
        "-b",
        help="The firing battery: its name on the sheet, or #N (or N) for the Nth line of batteries.",
        show_default=False,
    ),
    band: str = typer.Option(
        ...,
        "--range",
        "-r",
        metavar="BAND",
        callback=_band,
        show_default=False,
        help="The range band: impact, pb (point blank), vs, s, m, l, x, or its name (long, very short).",
    ),
    evasion: float = typer.Option(
        0.0, "--evasion", callback=_g, help="The target's G given to evasion (at most its maneuver G)."
    ),
    skill: int = typer.Option(
        None, "--skill", help="Gunnery skill (default: the attacker's crew line, or Line crew, 4).", show_default=False
    ),
    crew: Quality = typer.Option(
        None, "--crew", help="The attacker's crew quality (MCS 2.0 table).", show_default=False, case_sensitive=False
    ),
    aiming: float = typer.Option(
        None,
        "--aiming",
        callback=_g,
        help="The attacker's G given to aiming (a spinal "
        "mount's ROF falls with too little; not counted when not given).",
        show_default=False,
    ),
    sand: Sand = typer.Option(
        Sand.none, "--sand", help="The target's sand: none, blocking or cloud.", case_sensitive=False
    ),
    squadron: int = typer.Option(
        1, "--squadron", min=1, help="Batteries (or ships) firing together as one (squadron fire, ROF bonus by number)."
    ),
    spread: int = typer.Option(
        0, "--spread", min=0, help="Optional spread fire: ROF raised by N for 2N damage, up to the PD rating."
    ),
    swarm: int = typer.Option(
        None,
        "--swarm",
        min=1,
        help="Optional swarm attack at a squadron of N ships: the chance of each number of ships hit.",
        show_default=False,
    ),
    defence: list[str] = typer.Option(
        [],
        "--defence",
        metavar="NAME=SHOTS",
        help="Missiles: the target's point defence, NAME=SHOTS or NAME=SHOTSxSQUADRON (repeatable).",
    ),
    against: Against = typer.Option(
        Against.toughness,
        "--severity-against",
        help="Severity subtracts the target's toughness (the table) or its size (the text).",
        case_sensitive=False,
    ),
    pc_survivability: bool = typer.Option(
        False, "--pc-survivability", help="Optional rule: lasers roll 1d3 for severity."
    ),
    quick_combat: bool = typer.Option(
        False, "--quick-combat", help="Optional rule: DV - toughness criticals, armour all or nothing."
    ),
    no_screen_task: bool = typer.Option(
        False, "--no-screen-task", help="Meson screens always at their rating (no operator's task roll)."
    ),
    attacker_ship: str = typer.Option(
        None,
        "--attacker-ship",
        metavar="NAME",
        show_default=False,
        help="The firing ship, when its sheet holds several (default: the first).",
    ),
    target_ship: str = typer.Option(
        None,
        "--target-ship",
        metavar="NAME",
        show_default=False,
        help="The target, when its sheet holds several (default: the first).",
    ),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """The exact odds of one shot of BATTERY from ATTACKER at TARGET: the to-hit target with its terms, the
    dice, the chance to hit, and the severity of the surface and interior hits, as fractions. For a missile
    battery, one salvo against the target's point defence.

    The sheets' own findings are printed beside the odds; combat uses the figures the sheets declare. Exit 1
    when the battery cannot fire (a dash at that range) or a sheet has an error finding, 2 when a sheet cannot be
    read or -b names no battery of the ship.
    """
    from shipyard.systems.mcs import api

    options = api.combat_options(
        severity_against=against.value,
        pc_survivability=pc_survivability,
        quick_combat=quick_combat,
        screen_task=not no_screen_task,
    )
    sink = Output(output, quiet, (attacker, target))
    with inputs([attacker, target]) as (attacker_path, target_path):
        request = api.ShotRequest(
            attacker=attacker_path,
            battery=battery,
            target=target_path,
            band=band,
            evasion=evasion,
            skill=skill,
            sand=sand.value,
            aiming=aiming,
            crew=crew.value if crew else None,
            defence=_defence(defence),
            options=options,
            squadron=squadron,
            spread=spread,
            swarm=swarm,
            attacker_ship=attacker_ship,
            target_ship=target_ship,
        )
        result = api.combat_shot(request)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        json_form = sink.form(output_format) is TextOrJson.json
        if result.odds is None:
            if json_form:
                sink.json(None, result.diagnostics)
            # a battery the ship does not have (-b) is a wrong option value: a usage error
            raise typer.Exit(2 if result.unreadable or any(d.code == "CMB004" for d in result.diagnostics) else 1)
        from shipyard.systems.mcs.combat.report import shot_document, shot_text

        if json_form:
            sink.json(shot_document(result.odds), result.diagnostics)
        else:
            sink.text(shot_text(result.odds))
    raise typer.Exit(exit_status(result.diagnostics))  # the odds given; an error in a sheet read is still 1


def resolve(
    log: Path = typer.Argument(
        ..., help="A fire log (TOML; docs/combat.md; '-': standard input).", parser=path_or_stdin, show_default=False
    ),
    seed: int = typer.Option(
        None,
        "--seed",
        help="Roll the dice a fire does not give with this seed (the same seed, the same log).",
        show_default=False,
    ),
    output_format: TextOrJson = format_option("text: the narration and the states; json: the same as data."),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Resolve a referee's fire log step by step: each shot narrated with its numbers, damage applied at the end
    of each turn, and the ships' states printed after it. Exit 1 when the log has an error, 2 when it cannot be
    read."""
    from shipyard.systems.mcs import api
    from shipyard.systems.mcs.combat.report import resolution_document, resolution_text

    sink = Output(output, quiet, (log,))
    with inputs([log]) as (path,):
        result = api.combat_resolve(path, seed)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        if sink.form(output_format) is TextOrJson.json:
            sink.json(resolution_document(result), result.diagnostics)
        else:
            sink.text(resolution_text(result))
    raise typer.Exit(log_status(result.diagnostics, ("CMB001", "CMB002")))  # the log's and its sheets' errors


app.command("shot")(shot)
app.command("resolve")(resolve)


def battle(
    files: list[Path] = typer.Argument(
        ...,
        help="An engagement file (TOML; docs/combat.md), or two MCS sheets "
        "(T4 sheets and FFS designs are converted) to fight with every default; '-': standard input.",
        parser=path_or_stdin,
        show_default=False,
    ),
    runs: int = typer.Option(1000, "--runs", "-n", min=1, help="Battles to fight; 1 narrates the battle."),
    seed: int = typer.Option(1, "--seed", help="The seed of the dice: the same seed, the same result, whatever -j."),
    jobs: int = typer.Option(
        None,
        "--jobs",
        "-j",
        min=1,
        help="Worker processes [default: every core, once there are battles enough to share (docs/combat.md)].",
        show_default=False,
    ),
    until_ci: float = typer.Option(
        None,
        "--until-ci",
        min=0.0,
        max=1.0,
        help="Stop once both sides' 95% win "
        "intervals are narrower than this (a share, 0.02 = two points); --runs is then "
        "the most fought.",
        show_default=False,
    ),
    turns: int = typer.Option(
        None,
        "--turns",
        min=1,
        max=MAX_TURNS,
        help="The turn limit (default: the engagement's, or 10).",
        show_default=False,
    ),
    start: str = typer.Option(
        None,
        "--range",
        "-r",
        metavar="BAND",
        callback=_band,
        show_default=False,
        help="The starting range, by its key or name (default: the engagement's, or x).",
    ),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(
        "Also write the report: .xlsx (a workbook) or .html (a page with charts); .json or .txt: the results "
        "there instead of on standard output."
    ),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Fight whole MCS battles (MCS 2.0): each side by its doctrine, turn by turn, to the turn limit or until a
    side can no longer fight or has withdrawn. One battle is narrated shot by shot; many are counted: each side's
    chance to win, draw and lose with its 95% interval, turns fought, ships left, losses and hits by battery."""
    from shipyard.systems.mcs import api
    from shipyard.systems.mcs.combat.report import BATTLE_REPORTS, battle_document, battle_text

    if start in ("impact", "pb"):
        raise typer.BadParameter("a battle starts at vs, s, m, l or x", param_hint="--range")
    sink = Output(output, quiet, files, tuple(BATTLE_REPORTS))
    with inputs(files) as paths:  # standard input is named <stdin> in all that is printed inside
        with progress_bar(None if quiet else console(stderr=True), "fighting") as progress:
            request = api.BattleRequest(
                sources=paths, runs=runs, seed=seed, jobs=jobs, until_ci=until_ci, turns=turns, start_range=start
            )
            result = api.combat_battle(request, progress=progress)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        printed = sink.results
        json_form = sink.form(output_format) is TextOrJson.json
        if result.outcome is None:
            if json_form:
                printed.json(None, result.diagnostics)
            raise typer.Exit(2)
        if json_form:
            document = battle_document(result.outcome)
            if result.narration is not None:
                document["narration"] = result.narration
            printed.json(document, result.diagnostics)
        else:
            narration = "\n".join(result.narration) + "\n\n" if result.narration is not None else ""
            printed.text(narration + battle_text(result.outcome))
        if (target := sink.report) is not None:
            outcome = result.outcome
            sink.file(lambda: BATTLE_REPORTS[sink.suffix()](outcome, target))
    raise typer.Exit(exit_status(result.diagnostics))  # fought; an error in a sheet read is still 1


app.command("battle")(battle)


def _knob_list(value: str | None) -> list[str] | None:
    """``--knobs seek,target``: the knobs searched (``none``: none), each one of KNOBS."""
    from shipyard.systems.mcs.combat.knobs import KNOBS

    return o.knob_list(value, KNOBS)


def _fixed_knobs(values: list[str] | None) -> dict[str, str]:
    """``--doctrine seek=l``: a knob fixed to one of its choices."""
    from shipyard.systems.mcs.combat.knobs import KNOBS

    return o.fixed_knobs(values, KNOBS)


def search(
    catalogue: list[Path] = typer.Argument(
        ...,
        help="The designs a fleet may buy: MCS sheets (each ship a design, priced by its 'Cost: MCr') or catalogue "
        "files (TOML: sheets, costs, bounds; docs/search.md); '-': standard input.",
        parser=path_or_stdin,
        show_default=False,
    ),
    against: list[str] = typer.Option(
        ...,
        "--against",
        "-a",
        metavar="OPPONENT",
        help="A fleet to beat: sheets with counts joined by '+' (cruiser.usd=2+escort.usd), an engagement file's "
        "side (battle.toml, battle.toml=1 for its first) or a pool file; repeat for a pool.",
        show_default=False,
    ),
    budget: float = typer.Option(..., "--budget", "-b", min=0.0, metavar="MCR", help="What a fleet may cost, MCr."),
    seed: int = o.SEED,
    battles: int = o.BATTLES,
    screen: int = o.SCREEN,
    full: int = o.FULL,
    generation: int = o.GENERATION,
    objective: o.Objective = o.OBJECTIVE,
    sampler: o.Sampler = o.SAMPLER,
    knobs: str = typer.Option(
        None,
        "--knobs",
        metavar="KNOB,...",
        callback=_knob_list,
        show_default=False,
        help="The doctrine knobs searched [default: seek, evasion, target, missiles, withdraw, but those fixed]; "
        "none: none.",
    ),
    doctrine: list[str] = typer.Option(
        None, "--doctrine", metavar="KNOB=CHOICE", show_default=False, help="A knob fixed (seek=l); repeat for more."
    ),
    max_ships: int = typer.Option(
        None,
        "--max-ships",
        min=1,
        max=MAX_SIDE_SHIPS,
        show_default=False,
        help="The most ships a fleet has [default: the catalogue's, else 1,000, a side's most].",
    ),
    tl: int = typer.Option(None, "--tl", min=0, show_default=False, help="The highest tech level bought."),
    turns: int = typer.Option(
        None, "--turns", min=1, max=MAX_TURNS, show_default=False, help="The turn limit (default 10)."
    ),
    start: str = typer.Option(
        None, "--range", "-r", metavar="BAND", callback=_band, show_default=False, help="The starting range (x)."
    ),
    executor: o.Where = o.EXECUTOR,
    scheduler: str = o.SCHEDULER,
    timeout: float = o.TIMEOUT,
    jobs: int = o.JOBS,
    journal: Path = o.JOURNAL,
    write_engagement: Path = typer.Option(
        None,
        "--write-engagement",
        metavar="FILE",
        show_default=False,
        help="Write the best fleet against the first opponent as an engagement file for combat battle.",
    ),
    output_format: TextOrJson = format_option(),
    output: Path = o.OUTPUT,
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Search for the fleet a budget buys that best beats an opponent (or a pool of them): fleets of the catalogue's
    designs and doctrines tried by an optimiser, each scored by MCS battles with a 95% interval, racing out the
    hopeless early. Prints the best fleets, the Pareto front (win chance, worst case, cost) and the payoff by
    opponent (docs/search.md)."""
    o.needs("combat search", executor, scheduler)
    if start in ("impact", "pb"):
        raise typer.BadParameter("a battle starts at vs, s, m, l or x", param_hint="--range")
    if not math.isfinite(budget):
        raise typer.BadParameter(f"a budget in MCr, a finite number, got {budget}", param_hint="--budget")
    from shipyard.search.report import SEARCH_REPORTS
    from shipyard.systems.mcs import api
    from shipyard.systems.mcs.combat.search import opponent_spec

    for value in against:
        try:
            opponent_spec(value)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--against") from None
    fixed = _fixed_knobs(doctrine)
    settings = o.settings(seed, battles, screen, full, generation, objective, sampler, journal)
    read = (*catalogue, *((journal,) if journal is not None else ()))  # the journal is read to resume: an input
    sink = Output(output, quiet, read, tuple(SEARCH_REPORTS))
    engagement = Output(write_engagement, quiet, read) if write_engagement is not None else None
    from shipyard.systems.mcs.combat.search_report import engagement_text

    def ask(paths: list[Path], progress: Callable[[int, int], None] | None) -> CombatSearch:
        request = api.SearchRequest(
            catalogue=paths,
            against=against,
            budget=budget,
            settings=settings,
            knobs=knobs,
            fixed=fixed,
            max_ships=max_ships,
            tl=tl,
            turns=turns,
            start_range=start,
            executor=executor.value,
            jobs=jobs,
            scheduler=scheduler,
            scheduler_timeout=timeout,
        )
        return api.combat_search(request, progress=progress)

    best = (engagement, write_engagement, engagement_text) if engagement and write_engagement else None
    o.run(catalogue, quiet, ask, sink, output_format, best)


app.command("search")(search)
