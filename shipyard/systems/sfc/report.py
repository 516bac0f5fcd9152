"""Simple Fleet Combat odds as text and as data (chances as exact fractions in text, "5/12")."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
        "no_effect": str(one.no_effect),
        "damaged": str(one.damaged),
        "destroyed": str(one.destroyed),
        "chain_destroys": {str(k): str(p) for k, p in enumerate(result.chain)},
        "survival": {key: [str(p) for p in alive] for key, alive in result.survival.items()},
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
        f"no effect {one.no_effect} ({float(one.no_effect):.1%}), damaged {one.damaged} "
        f"({float(one.damaged):.1%}), destroyed {one.destroyed} ({float(one.destroyed):.1%})",
    ]
    lines += [f"note: {note}" for note in one.notes]
    lines.append(
        "successive fire against like targets, destroys: " + ", ".join(f"{k} {p}" for k, p in enumerate(result.chain))
    )
    attacks = len(next(iter(result.survival.values())))
    lines.append(f"survives 1..{attacks} attacks by this attacker:")
    for key, alive in result.survival.items():
        lines.append(f"  {key}: " + ", ".join(f"{p} ({float(p):.1%})" for p in alive))
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
                "no_effect": str(table.odds[i, j].no_effect),
                "damaged": str(table.odds[i, j].damaged),
                "destroyed": str(table.odds[i, j].destroyed),
            }
            for i, a in enumerate(table.attackers)
            for j, d in enumerate(table.defenders)
        ],
    }


def table_rows(table: SfcTable) -> list[list[Any]]:
    """One row per attacker: its label, then for each defender "damaged / destroyed" as fractions."""
    return [
        [_label(a)]
        + [f"{table.odds[i, j].damaged} / {table.odds[i, j].destroyed}" for j in range(len(table.defenders))]
        for i, a in enumerate(table.attackers)
    ]


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
    from shipyard.report.workbook import WorkbookWriter

    writer = WorkbookWriter()
    writer.sheet("Odds", _columns(table), table_rows(table))
    writer.save(output)


def write_table_page(table: SfcTable, output: Path) -> None:
    from shipyard.report import html

    context = {
        "title": f"shipyard sfc table: {table.names[0]} against {table.names[1]}",
        "verdict": "odds",
        "subtitle": "each cell: the chance one attack damages / destroys",
        "verdict_words": "",
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
