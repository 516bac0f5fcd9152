"""``shipyard darkstars generate`` (a system rolled on the generation table), ``draw`` (the display as SVG) and
``referee`` (a game log's plots checked)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from shipyard.core.codes import log_status
from shipyard.report.console import TextOrJson

app = typer.Typer(
    help="Dark Stars: systems generated and drawn, plots refereed.", no_args_is_help=True, rich_markup_mode=None
)


def generate(
    seed: int = typer.Option(
        ..., "--seed", help="The seed of the rolls: the same seed, the same system.", show_default=False
    ),
    name: str = typer.Option(None, "--name", help="The system's name (default: 'seed N').", show_default=False),
    output: Path = typer.Option(
        None, "--output", "-o", help="Write the system file here instead of printing it.", show_default=False
    ),
) -> None:
    """Roll a system: 1d6 for each of the nine orbitals on the generation table, each planet at a random hex
    of its ring, written as a system file (TOML) that `shipyard check` and `shipyard show` read."""
    from shipyard.systems.darkstars import api

    text = api.darkstars_generate(seed, name)
    if output is None:
        sys.stdout.write(text)
        return
    from shipyard.report.console import Lines, write_or_exit

    def write() -> None:
        output.write_text(text, encoding="utf-8")

    write_or_exit(Lines(stderr=True), output, write)


app.command("generate")(generate)


def draw(
    source: Path = typer.Argument(
        ..., help="A Dark Stars system file, or a game log (its system with each plotted path).", show_default=False
    ),
    output: Path = typer.Option(
        ...,
        "--output",
        "-o",
        help="The picture to write: .svg, or .png (rendered with Chromium, where it is installed).",
        show_default=False,
    ),
) -> None:
    """Draw the display: the star and the nine orbitals with every hex, the planets labelled by type, and for a
    game each ship's plotted path (illegal plots dashed). Exit 2 when the source cannot be read."""
    from shipyard.report.console import Lines, report, usage_error, write_or_exit
    from shipyard.report.png import svg_to_png
    from shipyard.systems.darkstars import api

    if output.suffix.lower() not in (".svg", ".png"):
        raise typer.BadParameter(f"expected a .svg or .png file, got {output.name!r}", param_hint="--output")
    picture, found = api.darkstars_draw(source)
    report(Lines(stderr=True), sorted(found, key=lambda d: d.sort_key))
    if picture is None:
        raise typer.Exit(2)
    text = picture
    why: list = []

    def write() -> None:
        if output.suffix.lower() == ".svg":
            output.write_text(text, encoding="utf-8")
        else:
            problem = svg_to_png(text, output)
            if problem is not None:
                why.append(problem)

    write_or_exit(Lines(stderr=True), output, write, inputs=[source])
    if why:
        usage_error(Lines(stderr=True), why)


app.command("draw")(draw)


def referee(
    game: Path = typer.Argument(..., help="A Dark Stars game log (TOML; docs/darkstars.md).", show_default=False),
    output_format: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f", help="text or json."),
    picture: Path = typer.Option(
        None,
        "--output",
        "-o",
        help="Also write the display with each plotted path (.svg; illegal plots dashed) or the game's page (.html).",
        show_default=False,
    ),
) -> None:
    """Referee every plot of a game log: planets move one hex clockwise, then each plot is checked against the
    movement tables, the drives of its race, its fuel and any gravity assist it claims. Exit 1 with an error, 2
    when the log cannot be read."""
    from shipyard.report.console import Lines, report, write_or_exit
    from shipyard.systems.darkstars import api
    from shipyard.systems.darkstars.report import game_svg, write_darkstars_page

    result = api.darkstars_referee(game)
    report(Lines(stderr=True), sorted(result.diagnostics, key=lambda d: d.sort_key))
    if output_format is TextOrJson.json:
        sys.stdout.write(
            json.dumps(
                {
                    "turns": result.turns,
                    "paths": [
                        {"ship": name, "hexes": [list(h) for h in hexes], "illegal": bad}
                        for name, hexes, bad in result.paths
                    ],
                },
                indent=2,
            )
            + "\n"
        )
    else:
        sys.stdout.writelines(line + "\n" for turn in result.turns for line in turn)
    if picture is not None and picture.suffix.lower() not in (".svg", ".html"):
        raise typer.BadParameter(f"expected a .svg or .html file, got {picture.name!r}", param_hint="--output")
    if picture is not None and result.system is not None:
        text = game_svg(result)

        def write() -> None:
            if picture.suffix.lower() == ".html":
                write_darkstars_page(result, game, picture)
            else:
                picture.write_text(text, encoding="utf-8")

        write_or_exit(Lines(stderr=True), picture, write, inputs=[game])
    raise typer.Exit(2 if result.system is None else log_status(result.diagnostics, ("DS003", "DS004")))


app.command("referee")(referee)


def moves(
    game: Path = typer.Argument(..., help="A Dark Stars game log.", show_default=False),
    ship: str = typer.Option(..., "--ship", help="The ship whose next turn to list.", show_default=False),
    output_format: TextOrJson = typer.Option(TextOrJson.text, "--format", "-f", help="text or json."),
) -> None:
    """Every legal plot for a ship's next turn, after the log's turns: the drive, move type and speed choice,
    the new speed, the hexes it can end in, and the fuel left (gravity assists not counted)."""
    from shipyard.report.console import Lines, report
    from shipyard.systems.darkstars import api

    found, problems = api.darkstars_moves(game, ship)
    report(Lines(stderr=True), sorted(problems, key=lambda d: d.sort_key))
    if output_format is TextOrJson.json:
        sys.stdout.write(
            json.dumps(
                [
                    {
                        "drive": o.drive,
                        "move": o.move,
                        "speed": o.speed,
                        "new_speed": o.new_speed,
                        "ends": [list(h) for h in o.ends],
                        "fuel": o.fuel,
                    }
                    for o in found
                ],
                indent=2,
            )
            + "\n"
        )
    else:
        for option in found:
            ends = ", ".join(f"({q}, {r})" for q, r in option.ends) or "stays"
            fuel = f", fuel {option.fuel}" if option.fuel is not None else ""
            sys.stdout.write(
                f"{option.drive} {option.move} {option.speed}: speed {option.new_speed}, ends {ends}{fuel}\n"
            )
    if not found and any(d.severity.value == "error" for d in problems):
        raise typer.Exit(2)


app.command("moves")(moves)
