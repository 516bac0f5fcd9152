"""The Dark Stars system's diagnostic codes: reading and checking system files and game logs."""

from __future__ import annotations

from shipyard.core.codes import ERROR, WARNING, Code

CODES = (
    Code("DS001", ERROR, "a Dark Stars system file is not valid TOML (at tomllib's line and column)"),
    Code(
        "DS002",
        ERROR,
        "a system file value fails validation (a planet type the seed does not name, an unknown key ...)",
    ),
    Code("DS101", ERROR, "a planet of a type its orbital's roll on the generation table cannot give"),
    Code("DS102", ERROR, "two bodies in one hex (the star's hex holds the star)"),
    Code("DS103", ERROR, "a hex outside the display (beyond orbital 9)"),
    Code("DS003", ERROR, "a Dark Stars game log is not valid TOML (at tomllib's line and column)", unopened=True),
    Code("DS004", ERROR, "a game log value fails validation (an unknown race, drive, move or speed choice ...)"),
    Code(
        "DS201",
        ERROR,
        "a plot's new speed (last speed + the table's change + any assist) is not the hexes it "
        "enters, or falls below 0",
    ),
    Code("DS202", ERROR, "a plot's hexes are not adjacent, or enter the star's hex"),
    Code("DS203", ERROR, "an Up Well move that lowers its orbital or does not end at least one higher"),
    Code("DS204", ERROR, "a Down Well move that raises its orbital or does not end at least one lower"),
    Code("DS205", ERROR, "an Orbit move that leaves its orbital, turns within the move or reverses last turn's orbit"),
    Code(
        "DS206",
        ERROR,
        "a speed choice, move type or drive the ship cannot plot (each race's drives and their "
        "switching rules; no wormhole in a system)",
    ),
    Code("DS207", ERROR, "a plot that needs more fuel cells than are left"),
    Code("DS208", ERROR, "a gravity assist without the adjacency it needs, or beyond what the body allows"),
    Code(
        "DS209",
        ERROR,
        "a game log names a ship, system or hex that is not there (or off the display)",
        "A ship named wrong gets the one meant, when one is near; a vessel may not start in the star's hex or off "
        "the display.",
    ),
    Code("DS210", ERROR, "two vessels of a game log have one name: its plots could not tell them apart"),
    Code("DS104", WARNING, "a second planet in one orbital: the generation table rolls one for each orbital"),
)
