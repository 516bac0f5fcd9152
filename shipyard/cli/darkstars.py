"""``shipyard darkstars generate``: a Dark Stars system rolled on the generation table."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

app = typer.Typer(help="Dark Stars: the interplanetary display's systems.", no_args_is_help=True,
                  rich_markup_mode=None)


def generate(
    seed: int = typer.Option(..., "--seed", help="The seed of the rolls: the same seed, the same system.",
                             show_default=False),
    name: str = typer.Option(None, "--name", help="The system's name (default: 'seed N').", show_default=False),
    output: Path = typer.Option(None, "--output", "-o", help="Write the system file here instead of printing it.",
                                show_default=False),
) -> None:
    """Roll a system: 1d6 for each of the nine orbitals on the generation table, each planet at a random hex
    of its ring, written as a system file (TOML) that `shipyard check` and `shipyard show` read."""
    from shipyard import api

    text = api.darkstars_generate(seed, name)
    if output is None:
        sys.stdout.write(text)
        return
    from shipyard.cli._output import Lines, write_or_exit

    def write() -> None:
        output.write_text(text, encoding="utf-8")

    write_or_exit(Lines(stderr=True), output, write)


app.command("generate")(generate)
