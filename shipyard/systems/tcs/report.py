"""The TCS judge's outputs of a scored battle: the text ``shipyard score`` prints (every damaged ship's loss
lines, each fleet's spending, loss and percentage, the winner; lines come with whether they carry rich markup,
the bold names), its Scores table, and the workbook and page ``score -o`` writes; and what the judge's audit
shows of the fleets and the scenario (``audit_extras``): each fleet's Summary rows and cost chart, the Losses."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING

from shipyard.core.numbers import money
from shipyard.report import charts, tables
from shipyard.report.tables import MCR, SHARE, AuditExtras, Column, ExtraTable
from shipyard.report.text import markup_escaped, visible

if TYPE_CHECKING:
    from shipyard.systems.tcs.fleet import FleetTotal
    from shipyard.systems.tcs.scenario import Scenario
    from shipyard.systems.tcs.scoring import FleetScore, LossLine, Standing

#: The loss lines of Appendix A (shipyard/systems/tcs/scoring.py): the audit's and the scores' Losses sheet.
LOSS_COLUMNS = (
    Column("fleet", width=24),
    Column("ship", width=28),
    Column("copy", tables.WHOLE, 6),
    Column("status", width=10),
    Column("table", width=22),
    Column("how", width=70, wrap=True),
    Column("lost", '#,##0.00" MCr"', 16),
    Column("of", '#,##0.00" MCr"', 16),
)
SCORE_COLUMNS = (
    Column("fleet", width=28),
    Column("spent", '#,##0.00" MCr"', 18),
    Column("lost", '#,##0.00" MCr"', 18),
    Column("lost share", SHARE, 12),
    Column("standing", width=60),
)


def lost_words(line: LossLine) -> str:
    """What a loss line lost, and of what: "lost MCr 80 of 200"."""
    of = f" of {money(line.of)}" if line.of is not None else ""
    return f"lost MCr {money(line.mcr)}{of}"


def score_lines(
    scores: list[FleetScore], best: FleetScore | None, tie: bool, standing: Standing | None = None
) -> list[tuple[str, bool]]:
    """(line, markup) pairs, in order."""
    lines: list[tuple[str, bool]] = []
    for s in scores:
        other = f" (by the {s.other_spent[0]}, MCr {money(s.other_spent[1])})" if s.other_spent else ""
        lines.append((f"[bold]{markup_escaped(s.name)}[/bold]: spent MCr {money(s.spent)}{other}", True))
        for loss in s.ships:
            lines.append(
                (
                    f"  {markup_escaped(loss.ship)} #{loss.copy} ({loss.status}, value MCr "
                    f"{money(loss.value)}): MCr {money(loss.lost)} lost",
                    True,
                )
            )
            for line in loss.lines:
                label = f"table {line.table}" if line.table[0].isdigit() else line.table
                lines.append((f"    {label}: {visible(line.how)}: {lost_words(line)}", False))
        lines.append((f"  lost MCr {money(s.lost)} of MCr {money(s.spent)} = {s.percentage:.2f}%", True))
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
    writer.sheet("Losses", LOSS_COLUMNS, loss_rows(scores))
    writer.save(output)


def write_scores_page(
    output: Path, scores: list[FleetScore], leader: FleetScore | None, standing: Standing | None
) -> None:
    """The scores of a battle as a page: each fleet's spending, loss and percentage, the winner (or the
    provisional standing), the losses of each fleet by table as a chart, and every loss line."""
    from shipyard.core.numbers import grouped
    from shipyard.report.html import table, write_page

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
            table("scores", "Scores", SCORE_COLUMNS, score_rows(scores, leader, standing)),
            table("losses", "Loss lines", LOSS_COLUMNS, loss_rows(scores)),
        ],
        "groups": None,
    }
    write_page(output, "audit.html.j2", context)


def loss_rows(scores: Iterable[FleetScore]) -> Iterable[list]:
    """Appendix A's loss lines, one row per table used, under LOSS_COLUMNS."""
    for score in scores:
        for loss in score.ships:
            for line in loss.lines:
                yield [score.name, loss.ship, loss.copy, loss.status, line.table, line.how, line.mcr, line.of]


def loss_chart(scores: list[FleetScore]) -> str | None:
    """Each fleet's losses by Appendix A table, stacked (None without a scored fleet)."""
    if not scores:
        return None
    by_table = []
    for score in scores:
        lines = sorted((line for ship in score.ships for line in ship.lines), key=lambda line: line.table)
        parts = [
            (table, sum((line.mcr for line in group), Decimal(0)))
            for table, group in groupby(lines, key=lambda line: line.table)
        ]
        by_table.append((score.name, parts))
    return charts.stacked_chart("Losses by table, MCr", by_table, "MCr")


def fleet_rows(total: FleetTotal) -> list[tuple[str, object, str | None]]:
    """A priced fleet's rows of the audit's Summary: its designs and ships, the cost by the quantity rule and of
    the drop tanks, the budget, the margin and the verdict of its fleet checks."""
    return [
        ("fleet", total.name, None),
        ("fleet designs", len(total.cost.designs), None),
        ("fleet ships", total.cost.count, None),
        ("ships (quantity rule)", total.cost.ships, MCR),
        ("drop tanks", total.cost.tanks, MCR),
        ("fleet cost", total.cost.total, MCR),
        ("fleet budget", total.budget, MCR),
        ("margin", total.margin, MCR),
        ("fleet verdict", "pass" if total.passes else "fail", None),
    ]


def fleet_cost_chart(total: FleetTotal) -> str | None:
    """A fleet's cost by design (the quantity rule) against its budget, with the whole fleet's bar when it has
    more than one design."""
    from shipyard.report.html import COST_BARS

    bars = charts.costliest(((d.name, d.total) for d in total.cost.designs), COST_BARS)
    if not bars:
        return None
    if len(bars) > 1:
        bars.append(("whole fleet", total.cost.total))
    title = f"Fleet {total.name}: cost by design (quantity rule), MCr"
    return charts.bar_chart(title, bars, "MCr", ("budget", total.budget))


def audit_extras(
    scenario: Scenario | None, fleets: Iterable[FleetTotal], losses: list[FleetScore] | None
) -> AuditExtras:
    """What the judge's audit shows of the scenario and the fleets: the scenario's name and budget, each priced
    fleet's Summary rows, the first fleet's cost chart, and with a damage record (``losses`` not None) the
    Losses sheet and their chart by table."""
    priced = list(fleets)
    scored = [] if losses is None else [ExtraTable("Losses", "Loss lines", LOSS_COLUMNS, list(loss_rows(losses)))]
    drawn = loss_chart(losses or [])
    return AuditExtras(
        scenario=scenario.name if scenario is not None else None,
        budget=scenario.budget_mcr if scenario is not None else None,
        fleet_rows=tuple(row for total in priced for row in fleet_rows(total)),
        cost_chart=fleet_cost_chart(priced[0]) if priced else None,
        tables=tuple(scored),
        charts=(drawn,) if drawn else (),
    )
