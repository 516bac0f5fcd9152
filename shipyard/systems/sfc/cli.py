"""``shipyard sfc odds`` (the exact odds of a Simple Fleet Combat attack) and ``shipyard sfc table`` (every
element of one roster against every element of another)."""

from __future__ import annotations

from pathlib import Path

import typer

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
    path_or_stdin,
    progress_bar,
    quiet_option,
    report,
)

#: The most attacks the survival table is worked for: its exact chances grow by two dice an attack (about 150
#: digits at 100 attacks, and a second to work out), and a longer table says nothing more to a referee.
MOST_ATTACKS = 100
#: The most targets a successive-fire chain is worked for: each destruction lowers the next attack by 1, so a chain
#: of this many is long past the last it can reach (every further chance 0), and more than a roster's points field.
MOST_CHAIN_TARGETS = 100

app = typer.Typer(
    help="Simple Fleet Combat: the exact odds of an attack and of one roster against another, and game logs refereed.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


def _element(value: str) -> str:
    """An element type as the seed names it, given in any case and spacing ("Deep meson gun")."""
    from shipyard.systems.sfc import api

    known = api.sfc_elements()
    value = "-".join(value.lower().split())
    if value not in known:
        from shipyard.core.codes import nearest

        close = nearest(value, known, 0.6)
        hint = f"; did you mean {quoted(close)}?" if close else ""
        raise typer.BadParameter(f"unknown element {quoted(value)}{hint} (expected one of {', '.join(known)})")
    return value


def odds(
    attacker: str = typer.Argument(
        ...,
        help="The attacking element type (dreadnought, cruiser, carrier, fighter, "
        "tender, sdb, escort, assault-transport, transport, rider, deep-meson-gun).",
        callback=_element,
        show_default=False,
    ),
    defender: str = typer.Argument(..., help="The defending element type.", callback=_element, show_default=False),
    support: list[str] = typer.Option(
        [],
        "--support",
        metavar="TYPE",
        help="A supporting element of the attacker's group (repeatable): adds its supporting factor.",
    ),
    attacker_tl: int = typer.Option(10, "--attacker-tl", help="The attacker's TL."),
    defender_tl: int = typer.Option(10, "--defender-tl", help="The defender's TL."),
    damaged_attacker: bool = typer.Option(False, "--damaged-attacker", help="The attacker is damaged (-1)."),
    damaged_defender: bool = typer.Option(False, "--damaged-defender", help="The defender is damaged (-1)."),
    successive: int = typer.Option(0, "--successive", min=0, help="The attack is the Kth successive attack (-K)."),
    near_world: bool = typer.Option(
        False,
        "--near-world",
        help='The defender (SDBs or fighters) is within 1" of a world with other elements (-1 to the attack).',
    ),
    on_world: bool = typer.Option(
        False, "--on-world", help="An assault transport attacks the deep meson gun on its world (+12)."
    ),
    chain_targets: int = typer.Option(
        3, "--chain", min=1, max=MOST_CHAIN_TARGETS, help="Targets a successive-fire chain may reach."
    ),
    attacks: int = typer.Option(3, "--attacks", min=1, max=MOST_ATTACKS, help="Attacks for the survival table."),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """The exact chances that ATTACKER's attack on DEFENDER has no effect, damages or destroys it, each factor
    shown; the chance a successive-fire chain destroys k like targets; and each element type's chance to survive
    a number of attacks, damage markers counted to its capacity. Chances are exact fractions."""
    from shipyard.systems.sfc import api
    from shipyard.systems.sfc.report import odds_document, odds_text

    support = [_element(value) for value in support]
    result = api.sfc_odds(
        attacker,
        defender,
        supports=tuple(support),
        attacker_tl=attacker_tl,
        defender_tl=defender_tl,
        damaged_attacker=damaged_attacker,
        damaged_defender=damaged_defender,
        successive=successive,
        near_world=near_world,
        on_world=on_world,
        chain_targets=chain_targets,
        attacks=attacks,
    )
    sink = Output(output, quiet)
    if sink.form(output_format) is TextOrJson.json:
        sink.json(odds_document(result))
    else:
        sink.text(odds_text(result))


app.command("odds")(odds)


def table(
    attackers: Path = typer.Argument(
        ..., help="The attacking side's roster ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    defenders: Path = typer.Argument(
        ..., help="The defending side's roster.", parser=path_or_stdin, show_default=False
    ),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(
        "Also write the table: .xlsx or .html; .json or .txt: the results there instead of on standard output."
    ),
    quiet: bool = quiet_option(),
) -> None:
    """The odds of one attack of every element type (at its TL) of ATTACKERS against every one of DEFENDERS:
    the chance it damages and the chance it destroys, as fractions. The rosters' own findings are printed
    beside; exit 2 when a roster cannot be read."""
    from shipyard.systems.sfc import api
    from shipyard.systems.sfc.report import TABLE_REPORTS, table_document, table_text

    sink = Output(output, quiet, (attackers, defenders), tuple(TABLE_REPORTS))
    bar = None if quiet else console(stderr=True)
    with inputs([attackers, defenders]) as (first, second):  # standard input is <stdin> in all printed inside
        with progress_bar(bar, "working out the odds") as progress:
            result = api.sfc_table(first, second, progress)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        json_form = sink.form(output_format) is TextOrJson.json
        if not result.attackers:
            if json_form:
                sink.results.json(None, result.diagnostics)
            raise typer.Exit(2)
        if json_form:
            sink.results.json(table_document(result), result.diagnostics)
        else:
            sink.results.text(table_text(result))
        if (target := sink.report) is not None:
            sink.file(lambda: TABLE_REPORTS[sink.suffix()](result, target))
    raise typer.Exit(exit_status(result.diagnostics))  # the table given; an error in a roster read is still 1


app.command("table")(table)


def referee(
    game: Path = typer.Argument(
        ..., help="A game log (TOML; docs/sfc.md; '-': standard input).", parser=path_or_stdin, show_default=False
    ),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """Referee a Simple Fleet Combat game log: every illegal command, move or fire is a located finding; the
    stated rolls' damage is applied and each turn ends with each side's force and points. Exit 1 with an error,
    2 when the log cannot be read."""
    from shipyard.systems.sfc import api
    from shipyard.systems.sfc.report import referee_document, referee_text

    sink = Output(output, quiet, (game,))
    with inputs([game]) as (path,):
        result = api.sfc_referee(path)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        if sink.form(output_format) is TextOrJson.json:
            sink.json(referee_document(result), result.diagnostics)
        else:
            sink.text(referee_text(result))
    raise typer.Exit(log_status(result.diagnostics, ("SFC003", "SFC004")))


app.command("referee")(referee)
