"""Numbers as shipyard writes them: exact ``Decimal`` figures turned into JSON numbers and into the text a
person writes, in one place so that every output agrees."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal


def json_number(value: Decimal) -> int | float:
    """A Decimal as a JSON number: a whole value as an integer (1700), any other as a float (1336.63)."""
    return int(value) if value == value.to_integral_value() else float(value)


def plain(value: object) -> object:
    """``json_number`` for a Decimal; any other value as it is (the cells of a table written as JSON or CSV)."""
    return json_number(value) if isinstance(value, Decimal) else value


def figure(value: Decimal | int | float) -> str:
    """A figure as a person writes it: 87.5, 1700, 1336.63 (no trailing zeros, no exponent)."""
    return format(Decimal(value).normalize(), "f")


def grouped(value: Decimal | int | float | None) -> str:
    """A figure with thousands separators for a table: 12,045, 4,014.77 (two places at most); '' for None."""
    if value is None:
        return ""
    value = Decimal(value)
    if value == value.to_integral_value():
        return f"{value:,.0f}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def as_written(value: Decimal | float | int) -> str:
    """A figure as a sheet writes it, at the precision it was read with (587.500 stays 587.500; 1.0E+3 is 1000),
    so a rendered sheet reads back equal."""
    if isinstance(value, Decimal):
        return format(value.normalize(), "f") if value == value.to_integral_value() else format(value, "f")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def grouped_exact(value: Decimal | int) -> str:
    """A figure with thousands separators and every significant decimal: 33,381, 1,336.63."""
    if isinstance(value, Decimal) and "." in f"{value:f}":
        return f"{value:,f}".rstrip("0").rstrip(".")
    return f"{value:,}"


def nearest_key(table: Mapping[int, object], key: int) -> int:
    """The key of a table with a row for every whole number of its range (a TL table) that a lookup of ``key``
    uses: ``key`` itself within the range, else its first or last key (a TL past a table reads its end row)."""
    return min(max(key, min(table)), max(table))
