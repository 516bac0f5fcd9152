"""The TCS judge's outputs of a scored battle: the text ``shipyard score`` prints (every damaged ship's loss
lines, each fleet's spending, loss and percentage, the winner; lines come with whether they carry rich markup,
the bold names), its Scores table, and the workbook and page ``score -o`` writes."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from shipyard.core.numbers import figure
from shipyard.report import tables
from shipyard.report.tables import SHARE, Column
from shipyard.report.text import markup_escaped, visible

if TYPE_CHECKING:
    from shipyard.systems.tcs.scoring import FleetScore, LossLine, Standing

SCORE_COLUMNS = (
    Column("fleet", width=28),
    Column("spent", '#,##0.00" MCr"', 18),
    Column("lost", '#,##0.00" MCr"', 18),
    Column("lost share", SHARE, 12),
    Column("standing", width=60),
)


def lost_words(line: LossLine) -> str:
    """What a loss line lost, and of what: "lost MCr 80 of 200"."""
    of = f" of {figure(round(line.of, 3))}" if line.of is not None else ""
    return f"lost MCr {figure(round(line.mcr, 3))}{of}"


def score_lines(
    scores: list[FleetScore], best: FleetScore | None, tie: bool, standing: Standing | None = None
) -> list[tuple[str, bool]]:
    """(line, markup) pairs, in order."""
    lines: list[tuple[str, bool]] = []
    for s in scores:
        other = f" (by the {s.other_spent[0]}, MCr {figure(round(s.other_spent[1], 3))})" if s.other_spent else ""
        lines.append((f"[bold]{markup_escaped(s.name)}[/bold]: spent MCr {figure(round(s.spent, 3))}{other}", True))
        for loss in s.ships:
            lines.append(
                (
                    f"  {markup_escaped(loss.ship)} #{loss.copy} ({loss.status}, value MCr "
                    f"{figure(loss.value)}): MCr {figure(round(loss.lost, 3))} lost",
                    True,
                )
            )
            for line in loss.lines:
                label = f"table {line.table}" if line.table[0].isdigit() else line.table
                lines.append((f"    {label}: {visible(line.how)}: {lost_words(line)}", False))
        lines.append(
            (f"  lost MCr {figure(round(s.lost, 3))} of MCr {figure(round(s.spent, 3))} = {s.percentage:.2f}%", True)
        )
    if best is not None and standing is not None and standing.provisional:
        lines.append((f"[bold]leader: {markup_escaped(best.name)}[/bold] (the lower percentage lost so far)", True))
        lines.append((visible(standing.words), False))
    elif best is not None:
        lines.append((f"[bold]winner: {markup_escaped(best.name)}[/bold] (the lower percentage lost)", True))
    elif tie:
        lines.append(("tie: both fleets lost the same share; the seed names no tie-break (a ruling is needed)", True))
    return lines


def score_rows(
    scores: Iterable[FleetScore], leader: FleetScore | None = None, standing: Standing | None = None
) -> Iterable[list[object]]:
    """Each fleet's spending, loss and percentage; the standing beside the leader: winner, or the provisional
    standing and the rulings it awaits."""
    for score in scores:
        mark = ""
        if score is leader:
            mark = "winner" if standing is None or not standing.provisional else f"provisional leader, {standing.words}"
        yield [score.name, score.spent, score.lost, score.percentage / tables.PERCENT, mark]


def write_scores(
    output: Path, scores: list[FleetScore], leader: FleetScore | None = None, standing: Standing | None = None
) -> None:
    """The scores workbook of a battle: Scores (each fleet, the winner or the provisional leader marked) and
    Losses."""
    from shipyard.report.workbook import WorkbookWriter

    writer = WorkbookWriter()
    writer.sheet("Scores", SCORE_COLUMNS, score_rows(scores, leader, standing))
    writer.sheet("Losses", tables.LOSS_COLUMNS, tables.loss_rows(scores))
    writer.save(output)


def write_scores_page(
    output: Path, scores: list[FleetScore], leader: FleetScore | None, standing: Standing | None
) -> None:
    """The scores of a battle as a page: each fleet's spending, loss and percentage, the winner (or the
    provisional standing), the losses of each fleet by table as a chart, and every loss line."""
    from shipyard.core.numbers import grouped
    from shipyard.report.html import _table, _write, loss_chart

    words = "no winner yet"
    if leader is not None:
        words = (
            f"winner: {leader.name}"
            if standing is None or not standing.provisional
            else f"leader: {leader.name}, {standing.words}"
        )
    context = {
        "title": "shipyard score",
        "verdict": "final" if standing is None or not standing.provisional else "provisional",
        "subtitle": words,
        "verdict_words": words,
        "summary": [
            (s.name, f"{s.percentage:.2f}% lost (MCr {grouped(s.lost)} of {grouped(s.spent)})") for s in scores
        ],
        "charts": [chart] if (chart := loss_chart(scores)) else [],
        "tables": [
            _table("scores", "Scores", SCORE_COLUMNS, score_rows(scores, leader, standing)),
            _table("losses", "Loss lines", tables.LOSS_COLUMNS, tables.loss_rows(scores)),
        ],
        "groups": None,
    }
    _write(output, "audit.html.j2", context)
