"""The toy system's public functions."""

from __future__ import annotations

from pathlib import Path

__all__ = ["toy_oars"]


def toy_oars(path: str | Path) -> list[tuple[str, int]]:
    """Each dinghy of a list with its oars; none when the file does not read."""
    from shipyard.core.pipeline import load_sheet
    from toyfleet.model import Dinghy

    return [(ship.name, ship.oars) for ship in load_sheet(path).ships if isinstance(ship, Dinghy)]
