"""TCS battles as text and as data: counted battles (each side's win, draw and loss with intervals, Appendix A
percentages, ships lost by class, turns), one battle's narration, and a side's damage record as the TOML
``shipyard score`` reads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from shipyard.core.chances import battle_verdict
from shipyard.systems.tcs.combat.battle import Scored
from shipyard.systems.tcs.combat.count import Counted, SideCount
from shipyard.systems.tcs.damage import DamageRecord

#: The fields of a damage record entry, in the order written (docs/scoring.md), with their TOML names.
RECORD_FIELDS = (
    ("sheet", "sheet"),
    ("copy_number", "copy"),
    ("status", "status"),
    ("maneuver", "maneuver"),
    ("jump", "jump"),
    ("power", "power"),
    ("armour", "armour"),
    ("fuel_hits", "fuel_hits"),
    ("spinal", "spinal"),
    ("damper", "damper"),
    ("meson_screen", "meson_screen"),
    ("turrets_destroyed", "turrets_destroyed"),
    ("bays_destroyed", "bays_destroyed"),
    ("crew_lost", "crew_lost"),
    ("computer", "computer"),
)


#: The entries that count losses (0: none, and left out); the others are ratings, 0 a rating like any other.
COUNTED = ("fuel_hits", "turrets_destroyed", "bays_destroyed", "crew_lost")


def _toml_value(value: object) -> str:
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return str(value)


def record_toml(record: DamageRecord, heading: str) -> str:
    """A damage record as ``shipyard score`` reads it (ships not listed are intact)."""
    lines = [f"# {heading}", f"name = {_toml_value(record.name or '')}"]
    for entry in record.damage:
        lines += ["", "[[damage]]"]
        for attribute, key in RECORD_FIELDS:
            value = getattr(entry, attribute)
            if value is None or (key in COUNTED and not value):
                continue
            lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _side(side: SideCount) -> dict[str, Any]:
    runs = side.runs or 1
    return {
        "name": side.name,
        "win": side.wins / runs,
        "draw": side.draws / runs,
        "loss": side.losses / runs,
        "win_ci": list(side.interval(side.wins)),
        "draw_ci": list(side.interval(side.draws)),
        "loss_ci": list(side.interval(side.losses)),
        "automatic_wins": side.automatic_wins / runs,
        "percentage_lost": {
            "mean": side.mean,
            "sd": side.spread,
            "min": side.least if side.seen else 0.0,
            "max": side.most if side.seen else 0.0,
        },
        "ships_lost_mean": {name: lost / runs for name, lost in sorted(side.lost.items())},
    }


def battle_document(
    counted: Counted, narration: list[str] | None = None, assumed: tuple[str, ...] | list[str] | None = None
) -> dict[str, Any]:
    document: dict[str, Any] = {
        "runs": counted.runs,
        "seed": counted.seed,
        "sides": [_side(side) for side in counted.sides],
        "turns": {
            "mean": counted.mean_turns,
            "max": counted.most_turns,
            "distribution": {str(t): n for t, n in sorted(counted.turns.items())},
        },
        "rulings_pending": counted.rulings_pending,
    }
    document["assumptions"] = list(assumed or [])
    if narration is not None:
        document["narration"] = narration
    return document


def _share(seen: int, side: SideCount) -> str:
    low, high = side.interval(seen)
    return f"{seen / (side.runs or 1):.1%} ({low:.1%}-{high:.1%})"


def battle_text(
    counted: Counted,
    narration: list[str] | None = None,
    single: Scored | None = None,
    assumed: tuple[str, ...] | list[str] | None = None,
) -> str:
    return "\n".join([*_result_lines(counted, narration, single), *(f"assumed: {a}" for a in assumed or [])]) + "\n"


def _result_lines(counted: Counted, narration: list[str] | None, single: Scored | None) -> list[str]:
    lines = list(narration or [])
    if single is not None:
        names = [side.name for side in counted.sides]
        how = "automatic victory" if single.automatic else "Appendix A"
        winner = names[single.winner] + f" wins ({how})" if single.winner is not None else "a draw"
        lines.append(f"after {single.turns} turns: {winner}")
        for index, name in enumerate(names):
            lost = ", ".join(f"{n} x{k}" for n, k in sorted(single.lost[index].items())) or "none"
            lines.append(f"{name}: {single.percentages[index]:.2f}% lost by Appendix A; ships lost whole: {lost}")
        if single.rulings_pending:
            lines.append(
                "a hole of Appendix A's tables needs a judge's ruling: counted as nothing lost (score says which)"
            )
        return lines
    lines.append(
        f"{counted.runs} battles, seed {counted.seed}; turns fought: mean {counted.mean_turns:.1f}, "
        f"most {counted.most_turns}"
    )
    for side in counted.sides:
        lines.append(
            f"{side.name}: wins {_share(side.wins, side)}, draws {_share(side.draws, side)}, "
            f"losses {_share(side.losses, side)}; automatic victories {side.automatic_wins / (side.runs or 1):.1%}"
        )
        lines.append(
            f"  Appendix A lost: mean {side.mean:.2f}%, sd {side.spread:.2f}, least "
            f"{side.least if side.seen else 0:.2f}%, most {side.most if side.seen else 0:.2f}%"
        )
        lost = ", ".join(f"{n} {k / (side.runs or 1):.2f}" for n, k in sorted(side.lost.items())) or "none"
        lines.append(f"  ships lost whole, a battle: {lost}")
    if counted.rulings_pending:
        lines.append(f"{counted.rulings_pending} battles met a hole of Appendix A's tables (counted as nothing lost)")
    return lines


# ---- reports: a workbook and a page -------------------------------------------------------------------------


def _columns() -> dict[str, tuple[Any, ...]]:
    from shipyard.report.tables import SHARE, WHOLE, Column

    percent = '0.00"%"'
    return {
        "sides": (
            Column("side", width=24),
            Column("win", SHARE),
            Column("win 95% low", SHARE),
            Column("win 95% high", SHARE),
            Column("draw", SHARE),
            Column("loss", SHARE),
            Column("automatic victories", SHARE, width=18),
            Column("mean % lost", percent, width=12),
            Column("sd", "0.00"),
            Column("least % lost", percent, width=12),
            Column("most % lost", percent, width=12),
        ),
        "lost": (Column("side", width=24), Column("class", width=30), Column("lost whole a battle", "0.00", width=18)),
        "turns": (Column("turns fought", WHOLE), Column("battles", WHOLE), Column("share", SHARE)),
    }


def _rows(counted: Counted) -> dict[str, list[list[Any]]]:
    runs = counted.runs or 1
    turns = counted.turns
    return {
        "sides": [
            [
                s.name,
                s.wins / runs,
                *s.interval(s.wins),
                s.draws / runs,
                s.losses / runs,
                s.automatic_wins / runs,
                s.mean,
                s.spread,
                s.least if s.seen else 0.0,
                s.most if s.seen else 0.0,
            ]
            for s in counted.sides
        ],
        "lost": [[s.name, name, n / runs] for s in counted.sides for name, n in sorted(s.lost.items())],
        "turns": [[t, n, n / runs] for t, n in sorted(turns.items())],
    }


#: The sheets and tables of a report, in order: key and heading.
SECTIONS = (("sides", "Sides"), ("lost", "Ships lost whole"), ("turns", "Turns fought"))


def write_battle_workbook(counted: Counted, output: Path) -> None:
    from shipyard.report.workbook import WorkbookWriter

    columns, rows = _columns(), _rows(counted)
    writer = WorkbookWriter()
    for name, title in SECTIONS:
        writer.sheet(title, columns[name], rows[name])
    writer.save(output)


def verdict(counted: Counted) -> str:
    """What happened most often, in words: "Blue wins 62.5% of battles; Red 37.5%, drawn 0.0%"."""
    runs = counted.runs or 1
    return battle_verdict([(s.name, s.wins / runs) for s in counted.sides], counted.sides[0].draws / runs)


def write_battle_page(counted: Counted, output: Path) -> None:
    from shipyard.report.charts import DRAW_COLOUR, bar_chart, series_colours
    from shipyard.report.html import table, write_page

    columns, rows = _columns(), _rows(counted)
    runs = counted.runs or 1
    charts = [
        bar_chart(
            "Outcome (%)",
            [(f"{s.name} wins", round(s.wins / runs * 100, 1)) for s in counted.sides]
            + [("draw", round(counted.sides[0].draws / runs * 100, 1))],
            unit="%",
            colours=[*series_colours(len(counted.sides)), DRAW_COLOUR],
        ),
        bar_chart(
            "Appendix A: mean percentage lost",
            [(s.name, round(s.mean, 2)) for s in counted.sides],
            unit="%",
            colours=series_colours(len(counted.sides)),
        ),
        bar_chart("Battles by turns fought", [(f"{r[0]} turns", r[1]) for r in rows["turns"]], "battles"),
    ]
    context = {
        "title": f"shipyard tcs battle: {counted.sides[0].name} against {counted.sides[1].name}",
        "verdict": "odds",
        "verdict_label": "Outcome",
        "subtitle": f"{counted.runs:,} battles, seed {counted.seed}",
        "verdict_words": verdict(counted),
        "summary": [
            (
                s.name,
                f"wins {s.wins / runs:.1%} (95% {s.interval(s.wins)[0]:.1%} to {s.interval(s.wins)[1]:.1%}), "
                f"draws {s.draws / runs:.1%}, loses {s.losses / runs:.1%}; Appendix A lost {s.mean:.2f}% on average",
            )
            for s in counted.sides
        ],
        "charts": charts,
        "tables": [table(name, heading, columns[name], rows[name]) for name, heading in SECTIONS],
        "groups": None,
    }
    write_page(output, "audit.html.j2", context)


#: The reports ``tcs battle -o`` writes, by the output's extension.
BATTLE_REPORTS = {".xlsx": write_battle_workbook, ".html": write_battle_page}
