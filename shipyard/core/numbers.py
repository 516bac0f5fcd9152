"""Numbers as shipyard writes them: exact ``Decimal`` figures turned into JSON numbers and into the text a
person writes, in one place so that every output agrees."""

from __future__ import annotations

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
