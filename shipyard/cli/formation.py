"""``shipyard formation [LOG.toml]``: the battle formation rules; with a turn log, check every move and fire
declaration in it (FRM001, FRM002 at the entry's line)."""

from __future__ import annotations

from pathlib import Path

import typer

from shipyard.cli._output import console


def formation(log: Path | None = typer.Argument(None, help="A turn log (TOML) to check.", show_default=False)) -> None:
    """Print the fire matrix and the moves, or check a turn log against them. Exit 1 on an illegal entry."""
    from shipyard.systems.tcs.topics import TOPICS
    if log is None:
        for topic in ("FORMATION-MOVES", "FORMATION-FIRE", "FORMATION-AGILITY"):
            print(TOPICS[topic] + "\n")
        return
    from shipyard.systems.tcs.formation import TurnLog, check_log
    from shipyard.core.source import read_sheet_text
    from shipyard.core.toml_input import load_toml_model
    err = console(stderr=True, soft_wrap=True)
    text, problems = read_sheet_text(log, str(log))
    if text is None:
        for problem in problems:
            err.print(problem.format(), markup=False)
        raise typer.Exit(2)
    parsed, found, positions = load_toml_model(text, str(log), TurnLog, "FRM010", "FRM011", "TOML turn log")
    if parsed is None:
        for problem in found:
            print(problem.format())
        raise typer.Exit(2)
    findings = check_log(parsed, str(log), positions)
    for finding in findings:
        print(finding.format())
    err.print(f"{len(parsed.turn)} turn(s): {len(findings)} illegal entr{'y' if len(findings) == 1 else 'ies'}",
              markup=False)
    if findings:
        raise typer.Exit(1)
