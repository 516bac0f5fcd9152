"""What the best fleet leans on, as every output says it (``SearchResult.ablations``, made by the game: TCS's
``tcs search --ablate``): each change with its fleet's win chance on the best's fresh battles and the difference
from the best's, most harmful first."""

from __future__ import annotations

from typing import Any

from shipyard.search.records import Ablated, SearchResult


def _percent(value: float) -> str:
    return f"{value * 100:.1f}%"


def _points(value: float) -> str:
    return f"{value * 100:+.1f}"


def ordered(result: SearchResult) -> list[Ablated]:
    """The ablations, the most harmful change first (those not fought last, in the order made)."""
    best = result.again(result.best)
    if best is None:
        return []
    fought = [a for a in result.ablations if a.tried is not None]
    fought.sort(key=lambda a: a.difference(best)[0])
    return fought + [a for a in result.ablations if a.tried is None]


def entries(result: SearchResult) -> list[dict[str, Any]]:
    """The ablations as the JSON document's ``ablations``."""
    best = result.again(result.best)
    found = []
    for ablated in ordered(result):
        entry: dict[str, Any] = {"kind": ablated.kind, "change": ablated.change}
        if ablated.tried is None or best is None:
            found.append(entry | {"why": ablated.why})
            continue
        difference, low, high = ablated.difference(best)
        found.append(
            entry
            | {
                "fleet": ablated.fleet,
                "cost_mcr": float(ablated.tried.cost),
                "battles": ablated.tried.battles,
                "win": ablated.tried.win,
                "win_ci": list(ablated.tried.interval("mean")),
                "difference": difference,
                "difference_ci": [low, high],
            }
        )
    return found


def lines(result: SearchResult) -> list[str]:
    """The text's section: each change, its win chance and the difference in points with its interval."""
    best = result.again(result.best)
    if not result.ablations or best is None:
        return []
    said = [
        "",
        f"What the best fleet leans on: each change fought on the best's {best.battles:,} fresh battles "
        f"(it won {_percent(best.win)}); the difference in points, its 95% interval by Newcombe's method:",
    ]
    for ablated in ordered(result):
        if ablated.tried is None:
            said.append(f"  {ablated.kind}: {ablated.change}: not fought ({ablated.why})")
            continue
        difference, low, high = ablated.difference(best)
        win_low, win_high = ablated.tried.interval("mean")
        said.append(
            f"  {ablated.kind}: {ablated.change}: wins {_percent(ablated.tried.win)} ({_percent(win_low)} to "
            f"{_percent(win_high)}), {_points(difference)} ({_points(low)} to {_points(high)}); "
            f"MCr {float(ablated.tried.cost):,.2f}"
        )
    return said


def rows(result: SearchResult) -> list[list[Any]]:
    """The page's table: kind, change, win chance and interval, difference and interval, cost, battles."""
    found = []
    for entry in entries(result):
        if "why" in entry:
            found.append([entry["kind"], f"{entry['change']} (not fought: {entry['why']})", *[None] * 8])
            continue
        found.append(
            [
                entry["kind"],
                entry["change"],
                entry["win"],
                *entry["win_ci"],
                entry["difference"],
                *entry["difference_ci"],
                entry["cost_mcr"],
                entry["battles"],
            ]
        )
    return found
