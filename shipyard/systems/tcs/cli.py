"""The judge's commands of the Trillion Credit Squadron.

``shipyard score FLEET_A DAMAGE_A FLEET_B DAMAGE_B``: the judge after play (TCS Appendix A). Each fleet is a
fleet file or a folder of High Guard sheets; each damage record a TOML file (docs/scoring.md). Prints every
damaged ship's loss lines (the table used and how the number was reached), each fleet's spending,
loss and percentage, and the winner (the lowest percentage).

``shipyard formation [LOG.toml]``: the battle formation rules; with a turn log, check every move and fire
declaration in it (FRM001-FRM005 at the entry's line), and with its set-up the automatic victory and
breakthrough (FRM006, FRM007, information)."""

from __future__ import annotations

from pathlib import Path

import typer

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

#: The reports ``score -o`` writes, by the output's extension.
SCORE_REPORTS = (".xlsx", ".html")


#: The order ``score`` takes its files in.
SCORE_ARGUMENTS = ("FLEET_A", "DAMAGE_A", "FLEET_B", "DAMAGE_B")


def _swapped(paths: tuple[Path, ...]) -> str | None:
    """Which of ``score``'s files stand where the other kind belongs (a damage record given as a fleet, a fleet
    file as a damage record), in words; None when none does."""
    from shipyard.core.sniff import sniff_format
    from shipyard.core.source import read_limited_text
    from shipyard.core.stdin import shown

    wrong = []
    for path, role in zip(paths, SCORE_ARGUMENTS, strict=True):
        text = read_limited_text(path) if path.is_file() else None
        kind = sniff_format(text, path.suffix).name if text is not None else None
        if role.startswith("FLEET") and kind == "damage-record":
            wrong.append(f"{shown(str(path))} is a damage record (given as {role})")
        elif role.startswith("DAMAGE") and kind == "fleet":
            wrong.append(f"{shown(str(path))} is a fleet file (given as {role})")
    return f"score takes {' '.join(SCORE_ARGUMENTS)}: " + "; ".join(wrong) if wrong else None


def score(
    fleet_a: Path = typer.Argument(
        ..., help="Fleet A: a fleet file or a folder of sheets.", parser=path_or_stdin, show_default=False
    ),
    damage_a: Path = typer.Argument(
        ..., help="Fleet A's damage record (TOML; '-': standard input).", parser=path_or_stdin, show_default=False
    ),
    fleet_b: Path = typer.Argument(..., help="Fleet B.", parser=path_or_stdin, show_default=False),
    damage_b: Path = typer.Argument(..., help="Fleet B's damage record.", parser=path_or_stdin, show_default=False),
    scenario: Path | None = typer.Option(
        None,
        "--scenario",
        help="The scenario file; its [scenario.rulings] fill the holes of the tables.",
        show_default=False,
    ),
    output_format: TextOrJson = format_option("text: the loss lines and the winner; json: the scores as data."),
    output: Path | None = output_option(
        "Also write the scores and loss lines to a workbook (.xlsx) or a printable page with a chart (.html); "
        ".json or .txt: the results there instead of on standard output."
    ),
    quiet: bool = quiet_option(),
    allow_outside: bool = outside_option(),
) -> None:
    """Score a finished battle by Appendix A and name the winner.

    Exit 0 when every number could be reached, 1 when a table hole awaits a ruling or a record entry is
    wrong, 2 when an input cannot be read.
    """
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.report import score_lines

    err = Lines(stderr=True)
    given = [fleet_a, damage_a, fleet_b, damage_b, *filter(None, [scenario])]
    sink = Output(output, quiet, given, SCORE_REPORTS)
    with inputs([fleet_a, damage_a, fleet_b, damage_b]) as (first, first_damage, second, second_damage):
        swapped = _swapped((first, first_damage, second, second_damage))
        if swapped:
            raise typer.BadParameter(swapped)
        result, problems = api.score(first, first_damage, second, second_damage, scenario)
        if result is None:
            usage_error(err, problems)
        printed = sink.results
        if sink.form(output_format) is TextOrJson.json:
            printed.json(api.scoring_document(result))
        else:
            from rich.text import Text

            lines = score_lines(result.scores, result.leader, result.tie, result.standing)
            printed.print(*(Text.from_markup(line) if markup else Text(line) for line, markup in lines), soft_wrap=True)
            report(err, sorted(result.diagnostics, key=lambda d: d.sort_key), show_source=False)
    if (target := sink.report) is not None:
        sink.file(lambda: api.write_score_workbook(result, target))
    raise typer.Exit(result.exit_code)


def formation(
    log: Path | None = typer.Argument(
        None, help="A turn log (TOML) to check ('-': standard input).", parser=path_or_stdin, show_default=False
    ),
    output_format: TextOrJson = format_option("text, or json: the rules, or the log's findings and turns."),
    output: Path = output_option(),
    quiet: bool = quiet_option(),
) -> None:
    """Print the fire matrix and the moves, or check a turn log against them. Exit 1 on an illegal entry, 2
    when the log cannot be read."""
    from shipyard.core.codes import exit_status
    from shipyard.systems.tcs import api
    from shipyard.systems.tcs.topics import TOPICS

    sink = Output(output, quiet, [log] if log is not None else [])
    if log is None:
        shown = ("FORMATION-MOVES", "FORMATION-FIRE", "FORMATION-AGILITY")
        if sink.form(output_format) is TextOrJson.json:
            sink.json({topic: TOPICS[topic] for topic in shown})
        else:
            sink.text("".join(f"{TOPICS[topic]}\n\n" for topic in shown))
        return
    with inputs([log]) as (path,):
        turns, findings, problems = api.check_formation_log(path)
        report(Lines(stderr=True), problems, show_source=False)
        if sink.form(output_format) is TextOrJson.json:
            sink.json({"turns": turns, "findings": [d.model_dump(mode="json") for d in findings]})
        else:
            sink.findings(findings)
    if turns is None:
        raise typer.Exit(exit_status(findings + problems, unreadable=True))
    illegal = sum(f.severity.value == "error" for f in findings)
    events = len(findings) - illegal  # victory and breakthrough: what the log shows, not faults in it
    if not quiet:
        Lines(stderr=True).write(
            [
                (
                    f"{turns} turn(s): {illegal} illegal entr{'y' if illegal == 1 else 'ies'}"
                    + (f", {events} event(s)" if events else ""),
                    None,
                )
            ]
        )
    raise typer.Exit(exit_status(findings + problems))
