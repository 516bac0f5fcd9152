"""``shipyard formation [LOG.toml]``: the battle formation rules; with a turn log, check every move and fire
declaration in it (FRM001-FRM005 at the entry's line), and with its set-up the automatic victory and
breakthrough (FRM006, FRM007, information)."""

from __future__ import annotations

from pathlib import Path

import typer

from shipyard.report.console import Lines, report


def formation(log: Path | None = typer.Argument(None, help="A turn log (TOML) to check.", show_default=False)) -> None:
    """Print the fire matrix and the moves, or check a turn log against them. Exit 1 on an illegal entry, 2
    when the log cannot be read."""
    from shipyard import api

    if log is None:
        for topic in ("FORMATION-MOVES", "FORMATION-FIRE", "FORMATION-AGILITY"):
            print(f"{api.explain(topic)}\n")
        return
    turns, findings, problems = api.check_formation_log(log)
    report(Lines(stderr=True), problems, show_source=False)
    report(Lines(), findings, show_source=False)
    if turns is None:
        raise typer.Exit(api.exit_status(findings + problems, unreadable=True))
    illegal = sum(f.severity.value == "error" for f in findings)
    events = len(findings) - illegal  # victory and breakthrough: what the log shows, not faults in it
    Lines(stderr=True).write(
        [
            (
                f"{turns} turn(s): {illegal} illegal entr{'y' if illegal == 1 else 'ies'}"
                + (f", {events} event(s)" if events else ""),
                None,
            )
        ]
    )
    raise typer.Exit(api.exit_status(findings + problems))
