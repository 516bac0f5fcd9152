"""``shipyard toyfleet row FILE``: each dinghy of a list with its oars."""

from __future__ import annotations

from pathlib import Path

import typer

app = typer.Typer(help="Toy fleets: dinghies rowed.", no_args_is_help=True, rich_markup_mode=None)


@app.command("row")
def row(
    source: Path = typer.Argument(..., help="A dinghy list.", show_default=False),
    pairs: bool = typer.Option(False, "--pairs", help="Count pairs of oars, not oars."),
) -> None:
    """Print each dinghy of SOURCE with its oars."""
    from toyfleet.api import toy_oars

    for name, oars in toy_oars(source):
        typer.echo(f"{name}: {oars // 2 if pairs else oars}")
