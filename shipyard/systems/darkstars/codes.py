"""The Dark Stars system's diagnostic codes: reading and checking system files."""

from __future__ import annotations

from shipyard.core.codes import ERROR, WARNING, Code

CODES = (
    Code("DS001", ERROR, "a Dark Stars system file is not valid TOML (at tomllib's line and column)"),
    Code("DS002", ERROR, "a system file value fails validation (a planet type the seed does not name, an unknown "
                         "key ...)"),
    Code("DS101", ERROR, "a planet of a type its orbital's roll on the generation table cannot give"),
    Code("DS102", ERROR, "two bodies in one hex (the star's hex holds the star)"),
    Code("DS103", ERROR, "a hex outside the display (beyond orbital 9)"),
    Code("DS104", WARNING, "a second planet in one orbital: the generation table rolls one for each orbital"),
)
