"""A scored battle as the text ``shipyard score`` prints: every damaged ship's loss lines (the table used and
how the number was reached), each fleet's spending, loss and percentage, and the winner. Lines come with
whether they carry rich markup (the bold names)."""

from __future__ import annotations

from typing import Any

from shipyard.core.numbers import figure
from shipyard.report.text import markup_escaped, visible


def lost_words(line: Any) -> str:
    """What a loss line lost, and of what: "lost MCr 80 of 200"."""
    of = f" of {figure(round(line.of, 3))}" if line.of is not None else ""
    return f"lost MCr {figure(round(line.mcr, 3))}{of}"


def score_lines(scores: list[Any], best: Any, tie: bool, standing: Any = None) -> list[tuple[str, bool]]:
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
