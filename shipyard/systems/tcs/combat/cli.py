"""``shipyard tcs shot``: the exact odds of one battery's fire in High Guard (1980) combat, with the TCS 1982
tournament's overlays as options (docs/tcs-combat.md); ``tcs battle``, battles of two fleets; ``tcs search``, the
fleet a scenario's budget buys that best beats its opponents (docs/tcs-search.md)."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

import typer

from shipyard.core.codes import exit_status
from shipyard.core.names import quoted
from shipyard.report.console import (
    Lines,
    Output,
    TextOrJson,
    format_option,
    inputs,
    output_option,
    outside_option,
    path_or_stdin,
    quiet_option,
    report,
)
from shipyard.search import options as o
from shipyard.search.limits import MAX_FLEET_SHIPS, MAX_SLOTS

app = typer.Typer(
    help="High Guard (1980) combat as the TCS 1982 tournament fought it: the exact odds of a battery's fire.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

#: The active defences ``--defence`` assigns, by name.
DEFENCES = ("sand", "beam", "laser", "energy", "repulsor")
#: The codes of a scenario or an opponent's fleet file ``tcs search`` could not read (SCN001-SCN005, as ``tcs battle``
#: refuses them): exit 2, an input not read, as a search's catalogue file that does not read.
SCENARIO_UNREAD = ("SCN001", "SCN002", "SCN003", "SCN004", "SCN005")


class Band(StrEnum):
    long = "long"
    short = "short"


def _defence(values: list[str]) -> dict[str, int]:
    """``sand=1,beam=2`` (repeatable, or comma-separated): batteries of each kind assigned against the shot."""
    found: dict[str, int] = {}
    for value in values:
        for part in filter(None, (p.strip() for p in value.split(","))):
            name, equals, count = (each.strip() for each in part.partition("="))
            if name not in DEFENCES or (equals and not count.isdigit()):
                raise typer.BadParameter(
                    f"expected KIND or KIND=N, KIND one of {', '.join(DEFENCES)} (sand=1), got {quoted(part)}",
                    param_hint="--defence",
                )
            found[name] = found.get(name, 0) + (int(count) if equals else 1)
    return found


def shot(
    attacker: Path = typer.Argument(
        ..., help="The firing ship's High Guard sheet ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    defender: Path = typer.Argument(
        ..., help="The target's High Guard sheet.", parser=path_or_stdin, show_default=False
    ),
    battery: str = typer.Option(
        ...,
        "--battery",
        "-b",
        metavar="WEAPON",
        help="The firing battery by the USP's word: missile, laser, energy, pa or meson (WEAPON#N: the Nth of them).",
        show_default=False,
    ),
    band: Band = typer.Option(
        ..., "--range", "-r", help="long or short (the first turn of a battle is long).", case_sensitive=False
    ),
    defence: list[str] = typer.Option(
        [],
        "--defence",
        metavar="KIND=N",
        help="The defender's active defences assigned against this fire: sand=N, beam=N (lasers, then energy "
        "weapons), laser=N, energy=N, repulsor=N; each battery one roll. Default: none assigned.",
    ),
    reading: list[str] = typer.Option(
        [],
        "--reading",
        metavar="NAME=VALUE",
        help="Another reading where the sources differ, such as beam_sand_base=8 (repeatable; 'shipyard tcs "
        "readings' lists them).",
    ),
    rerolls: bool = typer.Option(
        False,
        "--rerolls",
        help="TCS82: natural 12s to hit and penetrate re-rolled at +6, natural 2s on damage at -6 armour.",
    ),
    concentrated: bool = typer.Option(
        False,
        "--concentrated",
        help="TCS82 concentrated fire: short range, +1 to hit, DMs one further from zero, -1 damage.",
    ),
    emergency_agility: bool = typer.Option(
        False, "--emergency-agility", help="TCS82: the firer uses emergency agility (-2 on its missile fire)."
    ),
    attacker_ship: str = typer.Option(
        None,
        "--attacker-ship",
        metavar="NAME",
        show_default=False,
        help="The firing ship, when its sheet holds several.",
    ),
    target_ship: str = typer.Option(
        None, "--target-ship", metavar="NAME", show_default=False, help="The target, when its sheet holds several."
    ),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """The exact odds of one battery of ATTACKER firing at DEFENDER: the to-hit number and each DM by name, each
    penetration roll, the chance to hit and get through, each damage table's results, the automatic critical hits.

    Exit 1 when the battery cannot fire at that range or a sheet has an error finding; 2 when a sheet cannot be
    read, names no such ship, or -b names no battery of the ship."""
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.combat.readings import ReadingError

    try:
        readings = api.hg_readings(*reading, rerolls=rerolls)
    except ReadingError as why:
        raise typer.BadParameter(str(why), param_hint="--reading") from None
    sink = Output(output, quiet, (attacker, defender))
    with inputs([attacker, defender]) as (attacker_path, defender_path):
        request = api.HgShotRequest(
            attacker=attacker_path,
            target=defender_path,
            battery=battery,
            band=band.value,
            defence=_defence(defence),
            readings=readings,
            concentrated=concentrated,
            emergency_agility=emergency_agility,
            attacker_ship=attacker_ship,
            target_ship=target_ship,
        )
        result = api.hg_shot(request)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        json_form = sink.form(output_format) is TextOrJson.json
        if result.odds is None:
            if json_form:
                sink.json(None, result.diagnostics)
            raise typer.Exit(exit_status(result.diagnostics, result.unreadable) or 1)
        from shipyard.systems.tcs.combat.report import shot_document, shot_text

        band_used = "short" if concentrated else band.value
        if json_form:
            document = shot_document(result.odds, result.attacker, result.target, band_used)
            sink.json({**document, "assumptions": result.assumed}, result.diagnostics)
        else:
            sink.text(shot_text(result.odds, result.attacker, result.target, band_used, result.assumed))
    raise typer.Exit(exit_status(result.diagnostics))


def readings(
    output_format: TextOrJson = format_option(),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """The readings of High Guard combat where the sources differ: each one's values, the default first, and what
    each means (choose another with --reading NAME=VALUE)."""
    from shipyard.systems.tcs.combat.readings import CHOICES

    sink = Output(output, quiet, ())
    if sink.form(output_format) is TextOrJson.json:
        sink.json(
            {
                name: [
                    {"value": value, "meaning": meaning, "default": index == 0}
                    for index, (value, meaning) in enumerate(choices)
                ]
                for name, choices in CHOICES.items()
            }
        )
        return
    lines = []
    for name, choices in CHOICES.items():
        lines.append(name)
        lines += [f"  {value}{' (default)' if i == 0 else ''}: {meaning}" for i, (value, meaning) in enumerate(choices)]
    sink.text("\n".join(lines) + "\n")


app.command("shot")(shot)
app.command("readings")(readings)


class RangeChoice(StrEnum):
    best = "best"
    long = "long"
    short = "short"


class FireChoice(StrEnum):
    spread = "spread"
    focus = "focus"


def _doctrine(
    reserve: list[str], band: RangeChoice | None, fire: FireChoice | None, beam_defence: bool | None
) -> dict[str, object]:
    """What the command line changes of a side's doctrine (its fleet file's ``[doctrine]``)."""
    found: dict[str, object] = {"reserve": tuple(reserve)} if reserve else {}
    if band is not None:
        found["range"] = band.value
    if fire is not None:
        found["fire"] = fire.value
    if beam_defence is not None:
        found["beam_defence"] = beam_defence
    return found


def battle(
    fleet_a: Path = typer.Argument(
        ..., help="Fleet A: a fleet file, a folder of sheets or a sheet.", parser=path_or_stdin, show_default=False
    ),
    fleet_b: Path = typer.Argument(..., help="Fleet B.", parser=path_or_stdin, show_default=False),
    runs: int = typer.Option(1, "--runs", "-n", min=1, help="Battles to fight: 1 is narrated, more are counted."),
    seed: int = typer.Option(0, "--seed", help="The dice: the same seed, the same battles, on any -j."),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, help="Processes to fight counted battles over."),
    reading: list[str] = typer.Option(
        [], "--reading", metavar="NAME=VALUE", help="Another reading where the sources differ ('tcs readings')."
    ),
    no_rerolls: bool = typer.Option(
        False, "--no-rerolls", help="High Guard as printed: no TCS82 re-rolls of natural 12s and 2s."
    ),
    range_a: RangeChoice = typer.Option(
        None,
        "--range-a",
        help="The range fleet A asks for with the initiative (default: its fleet file's [doctrine], else best).",
        case_sensitive=False,
        show_default=False,
    ),
    range_b: RangeChoice = typer.Option(None, "--range-b", help="Fleet B's.", case_sensitive=False, show_default=False),
    fire_a: FireChoice = typer.Option(
        None,
        "--fire-a",
        help="spread: each battery kind shared over the targets presented; focus: all at the first (default: the "
        "fleet file's [doctrine], else spread).",
        case_sensitive=False,
        show_default=False,
    ),
    fire_b: FireChoice = typer.Option(None, "--fire-b", help="Fleet B's.", case_sensitive=False, show_default=False),
    reserve_a: list[str] = typer.Option(
        [], "--reserve-a", metavar="CLASS", help="A class fleet A keeps in reserve (in place of its fleet file's)."
    ),
    reserve_b: list[str] = typer.Option([], "--reserve-b", metavar="CLASS", help="A class fleet B keeps in reserve."),
    beam_defence_a: bool = typer.Option(
        None,
        "--beam-defence-a/--no-beam-defence-a",
        help="Fleet A's lasers and energy weapons also fire against missiles (each once a turn).",
        show_default=False,
    ),
    beam_defence_b: bool = typer.Option(
        None, "--beam-defence-b/--no-beam-defence-b", help="Fleet B's.", show_default=False
    ),
    records: Path = typer.Option(
        None,
        "--records",
        metavar="DIR",
        show_default=False,
        help="One battle: write each side's damage record to DIR (a-damage.toml, b-damage.toml) for 'shipyard score'.",
    ),
    output_format: TextOrJson = format_option("text: the narration or the counts; json: the same as data."),
    output: Path = output_option(
        "Also write the report: .xlsx (a workbook) or .html (a page with charts); .json or .txt: the results "
        "there instead of on standard output."
    ),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """TCS battles of FLEET_A against FLEET_B under High Guard combat: the turn of High Guard (formation,
    initiative, range, fire by the alternating presentation of targets, damage at the end of the step,
    breakthrough), at most 40 turns, automatic victory, each battle scored by Appendix A. One battle is narrated;
    more are counted: each side's wins, draws and losses with 95% intervals, its percentage lost, the ships it lost
    whole by class. Exit 2 when a fleet cannot be read or has no ship that can fight."""
    from shipyard.core.names import quoted as named
    from shipyard.report.console import console, progress_bar
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.combat.readings import ReadingError

    try:
        readings = api.hg_readings(*reading, rerolls=not no_rerolls)
    except ReadingError as why:
        raise typer.BadParameter(str(why), param_hint="--reading") from None
    doctrine = (
        _doctrine(reserve_a, range_a, fire_a, beam_defence_a),
        _doctrine(reserve_b, range_b, fire_b, beam_defence_b),
    )
    from shipyard.systems.tcs.combat.battle_report import BATTLE_REPORTS

    sink = Output(output, quiet, (fleet_a, fleet_b), tuple(BATTLE_REPORTS))
    with inputs([fleet_a, fleet_b]) as (a_path, b_path):
        request = api.HgBattleRequest(a_path, b_path, runs, seed, jobs, readings, doctrine)
        with progress_bar(None if quiet or runs == 1 else console(stderr=True), "fighting") as progress:
            result = api.hg_battle(request, progress)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        printed = sink.results
        json_form = sink.form(output_format) is TextOrJson.json
        if result.counted is None:
            if json_form:
                printed.json(None, result.diagnostics)
            raise typer.Exit(2)
        from shipyard.systems.tcs.combat.battle_report import battle_document, battle_text, record_toml

        if records is not None and result.single is not None:
            records.mkdir(parents=True, exist_ok=True)
            for letter, record in zip("ab", result.single.records, strict=True):
                heading = f"{record.name}'s damage after 'shipyard tcs battle --seed {seed}' (TCS82 Appendix A step A)"
                (records / f"{letter}-damage.toml").write_text(record_toml(record, heading), encoding="utf-8")
        elif records is not None:
            raise typer.BadParameter(f"{named(str(records))}: damage records are written for one battle (-n 1)")
        if json_form:
            printed.json(battle_document(result.counted, result.narration, result.assumed), result.diagnostics)
        else:
            printed.text(battle_text(result.counted, result.narration, result.single, result.assumed))
        if (target := sink.report) is not None:
            counted = result.counted
            sink.file(lambda: BATTLE_REPORTS[sink.suffix()](counted, target))
    raise typer.Exit(exit_status(result.diagnostics))


app.command("battle")(battle)


def _tcs_knobs(value: str | None) -> list[str] | None:
    """``--knobs range,fire``: the doctrine knobs searched (``none``: none)."""
    from shipyard.search import options as o
    from shipyard.systems.tcs.combat.knobs import KNOBS

    return o.knob_list(value, KNOBS)


def search(
    catalogue: list[Path] = typer.Argument(
        None,
        help="The designs a fleet may buy: High Guard sheets (each ship a design, priced as audit prices it) or "
        "catalogue files (TOML: sheets, bounds, roles; docs/tcs-search.md); '-': standard input. None with --design: "
        "only the search's own designs.",
        parser=path_or_stdin,
        show_default=False,
    ),
    against: list[str] = typer.Option(
        ...,
        "--against",
        "-a",
        metavar="OPPONENT",
        help="A fleet to beat: a fleet file, a folder or a sheet, or sheets with counts joined by '+' "
        "(cisor.txt=4+garter.txt=4); repeat for a pool.",
        show_default=False,
    ),
    scenario: Path = typer.Option(
        None,
        "--scenario",
        "-s",
        metavar="SCENARIO.toml",
        show_default=False,
        help="The scenario (budget, tech level, jump and maneuver, drop tanks) [default: a trillion credits].",
    ),
    design: int = typer.Option(
        0,
        "--design",
        metavar="N",
        min=0,
        max=MAX_SLOTS,
        help="Up to N designs of the search's own in a fleet, each made from genes by the High Guard design rules "
        "under the scenario and checked as check --scenario checks it.",
    ),
    ablate: bool = typer.Option(
        False,
        "--ablate",
        help="After the search, what the best fleet leans on: each choice of its own designs undone, each class left "
        "out, each other reading of the rules, fought on its fresh battles (docs/tcs-search.md).",
    ),
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
        callback=_tcs_knobs,
        show_default=False,
        help="The doctrine knobs searched [default: range, fire, reserve, beam-defence, but those fixed]; none: none.",
    ),
    doctrine: list[str] = typer.Option(
        None, "--doctrine", metavar="KNOB=CHOICE", show_default=False, help="A knob fixed (range=long); repeat."
    ),
    max_ships: int = typer.Option(
        None,
        "--max-ships",
        min=1,
        max=MAX_FLEET_SHIPS,
        show_default=False,
        help="The most ships a fleet has [default: the catalogue's, else 1,000].",
    ),
    reading: list[str] = typer.Option(
        [], "--reading", metavar="NAME=VALUE", help="Another reading where the sources differ ('tcs readings')."
    ),
    no_rerolls: bool = typer.Option(
        False, "--no-rerolls", help="High Guard as printed: no TCS82 re-rolls of natural 12s and 2s."
    ),
    executor: o.Where = o.EXECUTOR,
    scheduler: str = o.SCHEDULER,
    timeout: float = o.TIMEOUT,
    jobs: int = o.JOBS,
    journal: Path = o.JOURNAL,
    write_fleet: Path = typer.Option(
        None,
        "--write-fleet",
        metavar="FILE",
        show_default=False,
        help="Write the best fleet as a fleet file (audit, check --scenario and tcs battle read it), and the sheet of "
        "each design of the search's own it has beside it.",
    ),
    output_format: TextOrJson = format_option(),
    output: Path = o.OUTPUT,
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Search for the fleet a TCS scenario's budget buys that best beats an opponent (or a pool of them): fleets of
    the catalogue's designs (priced by the quantity rule, each legal under the scenario) and doctrines tried by an
    optimiser, each scored by TCS battles under High Guard combat (won by Appendix A) with a 95% interval. Prints
    the best fleets, the Pareto front (win chance, worst case, cost) and the payoff by opponent
    (docs/tcs-search.md)."""
    o.needs("tcs search", executor, scheduler)
    catalogue = catalogue or []
    if not catalogue and not design:
        raise typer.BadParameter("give the designs a fleet may buy, or --design N for designs of the search's own")
    if design and write_fleet is not None and str(write_fleet) == "-":
        message = "name a file: each design of the search's own is written as a sheet beside the fleet file"
        raise typer.BadParameter(message, param_hint="--write-fleet")
    from shipyard.search.opponents import opponent_spec
    from shipyard.search.report import SEARCH_REPORTS
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.combat.knobs import KNOBS
    from shipyard.systems.tcs.combat.readings import ReadingError
    from shipyard.systems.tcs.combat.search_fleet import fleet_files

    for value in against:
        try:
            opponent_spec(value, MAX_FLEET_SHIPS)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--against") from None
    try:
        readings = api.hg_readings(*reading, rerolls=not no_rerolls)
    except ReadingError as why:
        raise typer.BadParameter(str(why), param_hint="--reading") from None
    fixed = o.fixed_knobs(doctrine, KNOBS)
    settings = o.settings(seed, battles, screen, full, generation, objective, sampler, journal)
    read = (*catalogue, *((scenario,) if scenario else ()), *((journal,) if journal is not None else ()))
    sink = Output(output, quiet, read, tuple(SEARCH_REPORTS))
    fleet = Output(write_fleet, quiet, read) if write_fleet is not None else None

    def ask(paths: list[Path], progress: Callable[[int, int], None] | None) -> api.TcsSearch:
        request = api.TcsSearchRequest(
            catalogue=paths,
            against=against,
            scenario=scenario,
            design=design,
            ablate=ablate,
            settings=settings,
            knobs=knobs,
            fixed=fixed,
            max_ships=max_ships,
            readings=readings,
            executor=executor.value,
            jobs=jobs,
            scheduler=scheduler,
            scheduler_timeout=timeout,
        )
        return api.tcs_search(request, progress=progress)

    best = (fleet, write_fleet, fleet_files) if fleet is not None and write_fleet is not None else None
    o.run(catalogue, quiet, ask, sink, output_format, best, SCENARIO_UNREAD)


app.command("search")(search)
