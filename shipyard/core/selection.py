"""Which findings a run keeps: code prefixes selected and ignored, as ruff has them.

``select`` and ``ignore`` are code prefixes ("MCS", "MCS00", "MCS008"); the longest matching prefix wins, so
``--select MCS --ignore MCS008`` keeps every MCS rule but one. Reading diagnostics (IO, USD, HG0xx ...) go
through the same filter.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Selection:
    select: tuple[str, ...] = ()  # empty: everything
    ignore: tuple[str, ...] = ()

    def wants(self, code: str) -> bool:
        """True when the longest selecting prefix is longer than the longest ignoring one (ties: ignored)."""
        chosen = max((len(p) for p in self.select if code.startswith(p)), default=None if self.select else 0)
        if chosen is None:
            return False
        dropped = max((len(p) for p in self.ignore if code.startswith(p)), default=-1)
        return chosen > dropped


def prefixes(values: list[str] | tuple[str, ...] | None) -> tuple[str, ...]:
    """Code prefixes as given on a command line or in settings: comma-separated, any case, repeatable."""
    return tuple(p.strip().upper() for value in values or () for p in value.split(",") if p.strip())
