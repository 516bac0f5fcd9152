"""Opponents as a search's command line names them (``--against``), the same for every game."""

from __future__ import annotations

from pathlib import Path

from shipyard.core.names import quoted


def opponent_spec(value: str, most: int) -> list[tuple[str, int]]:
    """An opponent as the command line gives it: files joined by '+', a sheet with '=N' for N ships (an MCS
    engagement file with '=N' for its side N), at most ``most`` ships a count. A name that is a file as it stands
    is taken whole. ValueError says what is wrong."""
    try:
        if Path(value).exists():
            return [(value, 0)]
    except (OSError, ValueError):  # a name no file can have (too long, a NUL): read as FILE=COUNT below
        pass
    parts: list[tuple[str, int]] = []
    for part in value.split("+"):
        name, equals, count = part.rpartition("=")
        if not equals:
            name, count = part, ""
        if not name:
            raise ValueError(f"{quoted(value)}: expected FILE, FILE=COUNT or FILE=COUNT+FILE..., got an empty name")
        digits = count.lstrip("0")  # read by its length first: int() of 5,000 digits is refused
        if count and not (count.isascii() and count.isdigit() and digits):
            raise ValueError(f"{quoted(part)}: the count after '=' must be a whole number of 1 or more")
        if len(digits) > len(str(most)) or (digits and int(digits) > most):
            raise ValueError(f"{quoted(part)}: at most {most:,} ships, counts included (a side's most)")
        parts.append((name, int(digits) if digits else 0))
    return parts
