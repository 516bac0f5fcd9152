"""What changed between two versions of a sheet, field by field and battery by battery (``shipyard diff``).

Ships are paired by name (the n-th ship of a name with the n-th of the same name, so a sheet of three Midus
pairs them in order), and when one ship of each sheet is left unpaired they are the same ship renamed (when both
are of one system: a USD ship and a High Guard ship of other names are two ships); a list
of records (batteries, components, sensors, notes) pairs its items the same way, by the item's name or label.
Records compare by value, never by where they were read (``Record`` equality), so moving a line, re-spacing a
sheet or changing its layout is no change; a changed figure, a battery added, a note removed is. Each change
says where it stands: in the new sheet, or in the old one for what was removed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from shipyard.core.diagnostics import Span
from shipyard.core.records import Record, Ship

#: The fields of a list item that name it, in order of preference (a battery's name, a component's label).
ITEM_NAMES = ("name", "label", "kind", "model", "text")


@dataclass(frozen=True)
class Change:
    """One difference: ``kind`` is changed, added or removed; ``field`` its place in the ship (``armour``,
    ``weapons[Laser Battery].count``); ``where`` the span it stands at (new sheet, or old for a removal)."""

    kind: str
    field: str
    old: Any
    new: Any
    where: Span | None = None


@dataclass(frozen=True)
class ShipDiff:
    """A ship of either sheet: ``status`` same, changed, added (only in the new sheet) or removed."""

    name: str
    status: str
    changes: tuple[Change, ...] = ()


def shown(value: Any) -> str:
    """A value as a change shows it: a record as its sheet line where it has one, a figure plainly."""
    if isinstance(value, Record):
        render = getattr(value, "render", None)
        if callable(render):
            return str(render())
        return _item_name(value) or _fields_shown(value)
    if isinstance(value, Decimal):
        return f"{value:f}".rstrip("0").rstrip(".") if "." in f"{value:f}" else f"{value:f}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return "none" if value is None else str(value)


def _fields_shown(record: Record) -> str:
    """A record with no sheet line and no name, by its figures: ``vis -1, ir 0, lidar -0.5`` (never its class)."""
    shown_fields = [
        f"{field} {shown(getattr(record, field))}"
        for field in type(record).model_fields
        if field != "spans" and getattr(record, field) not in (None, "", [], (), {})
    ]
    return ", ".join(shown_fields) or "none"


def _item_name(item: Any) -> str | None:
    for field in ITEM_NAMES:
        value = getattr(item, field, None)
        if isinstance(value, str) and value:
            return value
    return None


def _keyed(items: Sequence[Any], name: Any) -> dict[tuple[str, int], Any]:
    """Items by (name, how many of that name came before): the pairing of two versions of a list."""
    seen: dict[str, int] = {}
    keyed = {}
    for position, item in enumerate(items):
        label = name(item) or f"#{position + 1}"
        keyed[(label, seen.get(label, 0))] = item
        seen[label] = seen.get(label, 0) + 1
    return keyed


def _label(key: tuple[str, int]) -> str:
    return key[0] if key[1] == 0 else f"{key[0]} ({key[1] + 1})"


def _where(record: Any, field: str | None = None) -> Span | None:
    return record.span(field) if isinstance(record, Record) else None


def diff_records(old: Record, new: Record, prefix: str = "", fallback: Span | None = None) -> list[Change]:
    """Every difference between two records of one type, field by field, lists item by item; a change stands
    at its field's span, else its record's, else ``fallback`` (the record that holds it)."""
    fallback = _where(new) or fallback
    changes: list[Change] = []
    fields = dict.fromkeys([*type(new).model_fields, *type(old).model_fields])  # two kinds of record: both's
    for field in fields:
        if field == "spans":
            continue
        before: Any = getattr(old, field, None)
        after: Any = getattr(new, field, None)
        place = f"{prefix}{field}"
        if before == after:
            continue
        if isinstance(before, Record) and isinstance(after, Record) and type(before) is type(after):
            changes += diff_records(before, after, f"{place}.", _where(new, field) or fallback)
        elif _record_list(before) and _record_list(after):
            changes += _diff_items(before, after, place, old, new, fallback)
        elif isinstance(before, dict) and isinstance(after, dict):  # a summary: key by key
            where = _where(new, field) or fallback
            changes += [
                Change(
                    "changed" if key in before and key in after else "added" if key in after else "removed",
                    f"{place}.{key}",
                    before.get(key),
                    after.get(key),
                    where,
                )
                for key in dict.fromkeys([*before, *after])
                if before.get(key) != after.get(key)
            ]
        else:
            changes.append(Change("changed", place, before, after, _where(new, field) or fallback))
    return changes


def _record_list(value: Any) -> bool:
    """A list of records (batteries, notes), paired item by item; an empty list is one too."""
    return isinstance(value, (list, tuple)) and all(isinstance(v, Record) for v in value)


def _diff_items(
    before: Sequence[Record], after: Sequence[Record], place: str, old: Record, new: Record, fallback: Span | None
) -> list[Change]:
    old_items, new_items = _keyed(before, _item_name), _keyed(after, _item_name)
    changes: list[Change] = []
    for key, item in new_items.items():
        if key not in old_items:
            changes.append(Change("added", f"{place}[{_label(key)}]", None, item, _where(item) or fallback))
        elif type(old_items[key]) is not type(item):  # another kind of item (a T4 weapon, its MCS battery)
            changes.append(Change("changed", f"{place}[{_label(key)}]", old_items[key], item, _where(item) or fallback))
        elif old_items[key] != item:
            changes += diff_records(old_items[key], item, f"{place}[{_label(key)}].", fallback)
    for key, item in old_items.items():
        if key not in new_items:
            changes.append(Change("removed", f"{place}[{_label(key)}]", item, None, _where(item) or _where(old)))
    return changes


def _position(change: Change) -> tuple[bool, int, int]:
    """Changes in the order of the new sheet, then the removals in the order of the old."""
    where = (change.where.line, change.where.col) if change.where is not None else (0, 0)
    return (change.kind == "removed", *where)


def diff_ships(old: Iterable[Ship], new: Iterable[Ship]) -> list[ShipDiff]:
    """The ships of two sheets paired by name, each with its changes (in the new sheet's order, then the ships
    the new sheet no longer has)."""
    old_ships = _keyed(list(old), lambda ship: ship.display_name)
    new_ships = _keyed(list(new), lambda ship: ship.display_name)
    alone_old = [key for key in old_ships if key not in new_ships]
    alone_new = [key for key in new_ships if key not in old_ships]
    if len(alone_old) == len(alone_new) == 1 and type(old_ships[alone_old[0]]) is type(new_ships[alone_new[0]]):
        old_ships[alone_new[0]] = old_ships.pop(alone_old[0])  # one ship each side unpaired: the same, renamed
    found = []
    for key, ship in new_ships.items():
        before = old_ships.get(key)
        if before is None:
            found.append(ShipDiff(_label(key), "added"))
        elif type(before) is not type(ship):
            found.append(
                ShipDiff(
                    _label(key), "changed", (Change("changed", "format", before.format, ship.format, ship.anchor()),)
                )
            )
        else:
            changes = tuple(sorted(diff_records(before, ship, fallback=ship.anchor()), key=_position))
            found.append(ShipDiff(_label(key), "changed" if changes else "same", changes))
    found += [ShipDiff(_label(key), "removed") for key in old_ships if key not in new_ships]
    return found
