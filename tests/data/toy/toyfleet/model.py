"""A dinghy: its name and its oars."""

from __future__ import annotations

from typing import ClassVar

from shipyard.core.records import Ship


class Dinghy(Ship):
    ANCHORS: ClassVar[tuple[str, ...]] = ("name",)

    format: str = "dinghy"
    name: str
    oars: int


def subject(ship: Dinghy, scenario: object | None = None) -> Dinghy:
    """What the rules look at: the dinghy itself."""
    return ship
