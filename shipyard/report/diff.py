"""``shipyard diff`` as text lines (with their styles) and as JSON data."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from shipyard.core.diff import Change, shown
from shipyard.report.text import Segment, visible

_STYLE = {"added": "green", "removed": "red", "changed": "yellow", "same": None}


def _where(change: Change, old: str, new: str) -> str:
    if change.where is None:
        return old if change.kind == "removed" else new
    return str(change.where)


def _words(change: Change) -> str:
    if change.kind == "added":
        return f"added {change.field}: {shown(change.new)}"
    if change.kind == "removed":
        return f"removed {change.field}: {shown(change.old)}"
    return f"{change.field}: {shown(change.old)} -> {shown(change.new)}"


def diff_lines(result: Any) -> Iterator[list[Segment]]:
    """``--- OLD`` / ``+++ NEW``, then each ship that is not the same with its changes, then a count."""
    old, new = visible(result.old.path), visible(result.new.path)
    yield [(f"--- {old}", "bold")]
    yield [(f"+++ {new}", "bold")]
    counts = {"changed": 0, "added": 0, "removed": 0, "same": 0}
    changes = 0
    for ship in result.ships:
        counts[ship.status] += 1
        changes += len(ship.changes)
        if ship.status == "same":
            continue
        yield [(f"{visible(ship.name)}: ", "bold"), (ship.status, _STYLE[ship.status])]
        for change in ship.changes:
            yield [(f"  {visible(_where(change, old, new))}: ", None), (visible(_words(change)), _STYLE[change.kind])]
    yield [
        (
            f"{counts['changed']} ship(s) changed ({changes} change(s)), {counts['added']} added, "
            f"{counts['removed']} removed, {counts['same']} the same",
            None,
        )
    ]


def _plain(value: Any) -> Any:
    from decimal import Decimal

    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Decimal):
        return float(value) if value != value.to_integral_value() else int(value)
    return shown(value)


def diff_document(result: Any) -> dict[str, Any]:
    """The comparison as data: the two paths, whether anything changed, and each ship with its changes."""

    def place(change: Change) -> dict[str, Any] | None:
        return (
            None
            if change.where is None
            else {"path": change.where.path, "line": change.where.line, "col": change.where.col}
        )

    return {
        "old": result.old.path,
        "new": result.new.path,
        "changed": result.changed,
        "ships": [
            {
                "ship": ship.name,
                "status": ship.status,
                "changes": [
                    {"kind": c.kind, "field": c.field, "old": _plain(c.old), "new": _plain(c.new), "where": place(c)}
                    for c in ship.changes
                ],
            }
            for ship in result.ships
        ],
    }
