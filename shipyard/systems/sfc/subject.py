"""What the SFC rules look at: the roster itself (a scenario's points budget replaces the roster's when given)."""

from __future__ import annotations

from shipyard.systems.sfc.roster import Roster


def subject(roster: Roster, scenario: object | None = None) -> Roster:
    """The registry's subject builder: the roster (SFC has no scenario file of its own yet)."""
    return roster
