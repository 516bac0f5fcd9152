"""The Simple Fleet Combat system's diagnostic codes that are not rules: reading rosters."""

from __future__ import annotations

from shipyard.core.codes import ERROR, Code

CODES = (
    Code("SFC001", ERROR, "a roster is not valid TOML (at tomllib's line and column)"),
    Code("SFC002", ERROR, "a roster value fails validation",
         "At its key's line, or its table's header when the key is missing. An unknown key gets a did-you-mean; "
         "an element type must be one the seed names (dreadnought, cruiser, carrier, fighter, tender, sdb, "
         "escort, assault-transport, transport, rider, deep-meson-gun)."),
)
