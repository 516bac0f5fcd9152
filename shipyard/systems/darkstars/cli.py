"""``shipyard darkstars generate`` (a system rolled on the generation table), ``draw`` (the display as SVG) and
``referee`` (a game log's plots checked)."""

from __future__ import annotations

from pathlib import Path

import typer

from shipyard.core.codes import log_status
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
    usage_error,
)

app = typer.Typer(
    help="Dark Stars: systems generated and drawn, plots refereed.", no_args_is_help=True, rich_markup_mode=None
)


def generate(
    seed: int = typer.Option(
        ..., "--seed", help="The seed of the rolls: the same seed, the same system.", show_default=False
    ),
    name: str = typer.Option(None, "--name", help="The system's name (default: 'seed N').", show_default=False),
    output: Path = output_option("Write the system file here instead of printing it ('-': standard output)."),
    output_format: TextOrJson = format_option("text: the system file (TOML); json: the same as data."),
    quiet: bool = quiet_option(),
) -> None:
    """Roll a system: 1d6 for each of the nine orbitals on the generation table, each planet at a random hex
    of its ring, written as a system file (TOML) that `shipyard check` and `shipyard show` read."""
    from shipyard.systems.darkstars import api

    text = api.darkstars_generate(seed, name)
    sink = Output(output, quiet)
    if sink.form(output_format) is TextOrJson.json:
        import tomllib

        sink.json(tomllib.loads(text))
    else:
        sink.text(text, document=True)  # a system file's text


app.command("generate")(generate)


def draw(
    source: Path = typer.Argument(
        ...,
        help="A Dark Stars system file, or a game log (its system with each plotted path); '-': standard input.",
        parser=path_or_stdin,
        show_default=False,
    ),
    output: Path = typer.Option(
        ...,
        "--output",
        "-o",
        metavar="FILE",
        parser=path_or_stdin,
        help="The picture to write: .svg, or .png (rendered with Chromium, where it is installed); '-': the SVG "
        "on standard output.",
        show_default=False,
    ),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Draw the display: the star and the nine orbitals with every hex, the planets labelled by type, and for a
    game each ship's plotted path (illegal plots dashed). Exit 2 when the source cannot be read."""
    from shipyard.core.files import write_text_atomic
    from shipyard.report.png import svg_to_png
    from shipyard.systems.darkstars import api

    sink = Output(output, quiet, (source,), (".svg", ".png"), only_reports=True)
    with inputs([source]) as (path,):
        picture, found = api.darkstars_draw(path)
        report(Lines(stderr=True), sorted(found, key=lambda d: d.sort_key))
    if picture is None:
        raise typer.Exit(2)
    if (target := sink.report) is None:
        sink.text(picture, document=True)  # the SVG
        return
    why: list = []

    def write() -> None:
        if target.suffix.lower() == ".svg":
            write_text_atomic(target, lambda stream: stream.write(picture))  # a full disk keeps the old picture
        else:
            problem = svg_to_png(picture, target)
            if problem is not None:
                why.append(problem)

    sink.file(write)
    if why:
        usage_error(Lines(stderr=True), why)


app.command("draw")(draw)


def referee(
    game: Path = typer.Argument(
        ...,
        help="A Dark Stars game log (TOML; docs/darkstars.md; '-': standard input).",
        parser=path_or_stdin,
        show_default=False,
    ),
    output_format: TextOrJson = format_option(),
    picture: Path = output_option(
        "Also write the display with each plotted path (.svg; illegal plots dashed) or the game's page (.html); "
        ".json or .txt: the results there instead of on standard output."
    ),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Referee every plot of a game log: planets move one hex clockwise, then each plot is checked against the
    movement tables, the drives of its race, its fuel and any gravity assist it claims. Exit 1 with an error, 2
    when the log cannot be read."""
    from shipyard.core.files import write_text_atomic
    from shipyard.core.stdin import shown
    from shipyard.systems.darkstars import api
    from shipyard.systems.darkstars.report import game_svg, referee_document, write_darkstars_page

    sink = Output(picture, quiet, (game,), (".svg", ".html"))
    with inputs([game]) as (path,):
        result = api.darkstars_referee(path)
        report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
        if sink.form(output_format) is TextOrJson.json:
            sink.results.json(referee_document(result), result.diagnostics)
        else:
            sink.results.text("".join(line + "\n" for turn in result.turns for line in turn))
        if (target := sink.report) is not None and result.system is not None:

            def write() -> None:
                if target.suffix.lower() == ".html":
                    write_darkstars_page(result, Path(shown(str(path))), target)  # standard input as <stdin>
                else:
                    svg = game_svg(result)
                    write_text_atomic(target, lambda stream: stream.write(svg))

            sink.file(write)
    raise typer.Exit(2 if result.system is None else log_status(result.diagnostics, ("DS003", "DS004")))


app.command("referee")(referee)


def moves(
    game: Path = typer.Argument(
        ..., help="A Dark Stars game log ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    ship: str = typer.Option(..., "--ship", help="The ship whose next turn to list.", show_default=False),
    output_format: TextOrJson = format_option(),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Every legal plot for a ship's next turn, after the log's turns: the drive, move type and speed choice,
    the new speed, the hexes it can end in, and the fuel left (gravity assists not counted)."""
    from shipyard.systems.darkstars import api
    from shipyard.systems.darkstars.report import moves_document, moves_text

    sink = Output(output, quiet, (game,))
    with inputs([game]) as (path,):
        found, problems = api.darkstars_moves(path, ship)
        report(Lines(stderr=True), sorted(problems, key=lambda d: d.sort_key))
    if sink.form(output_format) is TextOrJson.json:
        sink.json(moves_document(found), problems)
    else:
        sink.text(moves_text(found))
    if not found and any(d.severity.value == "error" for d in problems):
        raise typer.Exit(2)


app.command("moves")(moves)
