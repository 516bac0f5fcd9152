"""TCS battles as text and as data: counted battles (each side's win, draw and loss with intervals, Appendix A
percentages, ships lost by class, turns), one battle's narration, and a side's damage record as the TOML
``shipyard score`` reads."""

from __future__ import annotations

from typing import Any

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
            "min": min(side.percentages, default=0.0),
            "max": max(side.percentages, default=0.0),
        },
        "ships_lost_mean": {name: lost / runs for name, lost in sorted(side.lost.items())},
    }


def battle_document(counted: Counted, narration: list[str] | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "runs": counted.runs,
        "seed": counted.seed,
        "sides": [_side(side) for side in counted.sides],
        "turns": {"mean": counted.mean_turns, "max": max(counted.turns, default=0)},
        "rulings_pending": counted.rulings_pending,
    }
    if narration is not None:
        document["narration"] = narration
    return document


def _share(seen: int, side: SideCount) -> str:
    low, high = side.interval(seen)
    return f"{seen / (side.runs or 1):.1%} ({low:.1%}-{high:.1%})"


def battle_text(counted: Counted, narration: list[str] | None = None, single: Scored | None = None) -> str:
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
        return "\n".join(lines) + "\n"
    lines.append(
        f"{counted.runs} battles, seed {counted.seed}; turns fought: mean {counted.mean_turns:.1f}, "
        f"most {max(counted.turns, default=0)}"
    )
    for side in counted.sides:
        lines.append(
            f"{side.name}: wins {_share(side.wins, side)}, draws {_share(side.draws, side)}, "
            f"losses {_share(side.losses, side)}; automatic victories {side.automatic_wins / (side.runs or 1):.1%}"
        )
        lines.append(
            f"  Appendix A lost: mean {side.mean:.2f}%, sd {side.spread:.2f}, least "
            f"{min(side.percentages, default=0):.2f}%, most {max(side.percentages, default=0):.2f}%"
        )
        lost = ", ".join(f"{n} {k / (side.runs or 1):.2f}" for n, k in sorted(side.lost.items())) or "none"
        lines.append(f"  ships lost whole, a battle: {lost}")
    if counted.rulings_pending:
        lines.append(f"{counted.rulings_pending} battles met a hole of Appendix A's tables (counted as nothing lost)")
    return "\n".join(lines) + "\n"
