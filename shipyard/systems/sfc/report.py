"""Simple Fleet Combat odds as text and as data: chances as percentages with the exact fraction beside when it is
short ("41.7% (5/12)"), as exact fractions and floats in JSON, and as numbers in a workbook
(shipyard/core/chances.py)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shipyard.core.chances import chance_data, chance_text, distribution_text, percent
from shipyard.core.terms import Term, terms_text

if TYPE_CHECKING:
    from shipyard.report.tables import Column
    from shipyard.systems.sfc.api import SfcOdds, SfcTable
    from shipyard.systems.sfc.referee import Refereed as SfcRefereed


def _terms(terms: Sequence[Term]) -> str:
    return f"{terms_text(terms)} = {sum(t.value for t in terms)}"


def odds_document(result: SfcOdds) -> dict[str, Any]:
    one = result.attack
    assert one is not None, "odds of an attack of known element types (sfc_odds gave findings instead)"
    return {
        "attacker": [{"label": t.label, "value": t.value} for t in one.attacker_terms],
        "defender": [{"label": t.label, "value": t.value} for t in one.defender_terms],
        "attack_factor": one.attack,
        "defence_factor": one.defence,
        "attacker_faces_as_1": sorted(one.attacker_faces),
        "defender_faces_as_1": sorted(one.defender_faces),
        "no_effect": chance_data(one.no_effect),
        "damaged": chance_data(one.damaged),
        "destroyed": chance_data(one.destroyed),
        "chain_destroys": {str(k): chance_data(p) for k, p in enumerate(result.chain)},
        "survival": {key: [chance_data(p) for p in alive] for key, alive in result.survival.items()},
        "notes": list(one.notes),
    }


def odds_text(result: SfcOdds) -> str:
    one = result.attack
    assert one is not None, "odds of an attack of known element types (sfc_odds gave findings instead)"
    lines = [
        f"attack: 1d6 + {_terms(one.attacker_terms)}"
        + (
            f" (TL: a rolled {'/'.join(map(str, sorted(one.attacker_faces)))} counts as 1)"
            if one.attacker_faces
            else ""
        ),
        f"defence: 1d6 + {_terms(one.defender_terms)}"
        + (
            f" (TL: a rolled {'/'.join(map(str, sorted(one.defender_faces)))} counts as 1)"
            if one.defender_faces
            else ""
        ),
        f"no effect {chance_text(one.no_effect)}, damaged {chance_text(one.damaged)}, "
        f"destroyed {chance_text(one.destroyed)}",
    ]
    lines += [f"note: {note}" for note in one.notes]
    lines.append(
        "successive fire against like targets, destroys: "
        + distribution_text((str(k), p) for k, p in enumerate(result.chain))
    )
    attacks = len(next(iter(result.survival.values())))
    lines.append(f"survives 1..{attacks} attacks by this attacker:")
    for key, alive in result.survival.items():
        lines.append(f"  {key}: " + ", ".join(chance_text(p) for p in alive))
    return "\n".join(lines) + "\n"


def _label(kind: tuple[str, int]) -> str:
    return f"{kind[0]} TL{kind[1]}"


def table_document(table: SfcTable) -> dict[str, Any]:
    return {
        "attackers": table.names[0],
        "defenders": table.names[1],
        "odds": [
            {
                "attacker": a[0],
                "attacker_tl": a[1],
                "defender": d[0],
                "defender_tl": d[1],
                "no_effect": chance_data(table.odds[i, j].no_effect),
                "damaged": chance_data(table.odds[i, j].damaged),
                "destroyed": chance_data(table.odds[i, j].destroyed),
            }
            for i, a in enumerate(table.attackers)
            for j, d in enumerate(table.defenders)
        ],
    }


def table_rows(table: SfcTable) -> list[list[Any]]:
    """One row per attacker: its label, then for each defender "damaged / destroyed" as percentages."""
    return [
        [_label(a)]
        + [
            f"{percent(table.odds[i, j].damaged)} / {percent(table.odds[i, j].destroyed)}"
            for j in range(len(table.defenders))
        ]
        for i, a in enumerate(table.attackers)
    ]


def _pair_columns() -> tuple[Column, ...]:
    """The workbook's long table: one row per attacker and defender, each chance a number under a percent
    format, the exact fractions beside as text."""
    from shipyard.report.tables import SHARE, WHOLE, Column

    return (
        Column("attacker", width=20),
        Column("attacker TL", WHOLE, 12),
        Column("defender", width=20),
        Column("defender TL", WHOLE, 12),
        Column("no effect", SHARE, 11),
        Column("damaged", SHARE, 11),
        Column("destroyed", SHARE, 11),
        Column("damaged (exact)", width=16),
        Column("destroyed (exact)", width=16),
    )


def _matrix(table: SfcTable, outcome: str) -> list[list[Any]]:
    """One row per attacker: its label, then the chance of ``outcome`` against each defender, as a number."""
    return [
        [_label(a)] + [float(getattr(table.odds[i, j], outcome)) for j in range(len(table.defenders))]
        for i, a in enumerate(table.attackers)
    ]


def pair_rows(table: SfcTable) -> list[list[Any]]:
    """Each attacker against each defender: the chances as floats (a percent format shows them), and the exact
    fractions beside as text."""
    rows = []
    for i, (attacker, attacker_tl) in enumerate(table.attackers):
        for j, (defender, defender_tl) in enumerate(table.defenders):
            one = table.odds[i, j]
            rows.append(
                [
                    attacker,
                    attacker_tl,
                    defender,
                    defender_tl,
                    float(one.no_effect),
                    float(one.damaged),
                    float(one.destroyed),
                    str(one.damaged),
                    str(one.destroyed),
                ]
            )
    return rows


def table_text(table: SfcTable) -> str:
    lines = [f"{table.names[0]} attacking {table.names[1]}: each cell is the chance one attack damages / destroys"]
    header = ["attacker \\ defender"] + [_label(d) for d in table.defenders]
    rows = [header] + table_rows(table)
    widths = [max(len(str(row[k])) for row in rows) for k in range(len(header))]
    for row in rows:
        lines.append("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines) + "\n"


def _columns(table: SfcTable) -> tuple[Column, ...]:
    from shipyard.report.tables import Column

    return (Column("attacker \\ defender", width=24),) + tuple(Column(_label(d), width=16) for d in table.defenders)


def write_table_workbook(table: SfcTable, output: Path) -> None:
    """Sheets Damaged and Destroyed (attackers by defenders, each chance a number under a percent format), and
    Pairs (one row per attacker and defender, with the exact fractions)."""
    from shipyard.report.tables import SHARE, Column
    from shipyard.report.workbook import WorkbookWriter

    writer = WorkbookWriter()
    matrix = (Column("attacker \\ defender", width=24),) + tuple(Column(_label(d), SHARE, 16) for d in table.defenders)
    writer.sheet("Damaged", matrix, _matrix(table, "damaged"))
    writer.sheet("Destroyed", matrix, _matrix(table, "destroyed"))
    writer.sheet("Pairs", _pair_columns(), pair_rows(table))
    writer.save(output)


def write_table_page(table: SfcTable, output: Path) -> None:
    from shipyard.report import html

    context = {
        "title": f"shipyard sfc table: {table.names[0]} against {table.names[1]}",
        "verdict": "odds",
        "verdict_label": "Odds",
        "subtitle": "each cell: the chance one attack damages / destroys",
        "verdict_words": f"of one attack by each of {table.names[0]} at each of {table.names[1]}",
        "summary": [("attackers", table.names[0]), ("defenders", table.names[1])],
        "charts": [],
        "tables": [html.table("odds", "Odds of one attack", _columns(table), table_rows(table))],
        "groups": None,
    }
    html.write_page(output, "audit.html.j2", context)


#: The reports ``sfc table -o`` writes, by the output's extension.
TABLE_REPORTS = {".xlsx": write_table_workbook, ".html": write_table_page}


def referee_document(result: SfcRefereed) -> dict[str, object]:
    """A refereed game as data: each turn's side, lines and forces."""
    return {"turns": [{"turn": t.number, "side": t.side, "lines": t.lines, "forces": t.forces} for t in result.turns]}


def referee_text(result: SfcRefereed) -> str:
    """A refereed game for people: each turn's lines, then each side's force, points and damaged elements."""
    out = []
    for turn in result.turns:
        out.append(f"Turn {turn.number} ({turn.side})\n")
        out.extend(f"  {line}\n" for line in turn.lines)
        for force in turn.forces:
            damaged = ", ".join(force["damaged"]) or "none"
            out.append(
                f"  {force['side']}: {force['elements']} element(s), {force['points']:g} points, damaged: {damaged}\n"
            )
    return "".join(out)
