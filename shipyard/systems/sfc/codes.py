"""The Simple Fleet Combat system's diagnostic codes that are not rules: reading rosters and game logs, and the
referee's findings on a game log."""

from __future__ import annotations

from shipyard.core.codes import ERROR, WARNING, Code

CODES = (
    Code("SFC001", ERROR, "a roster is not valid TOML (at tomllib's line and column)"),
    Code(
        "SFC002",
        ERROR,
        "a roster value fails validation",
        "At its key's line, or its table's header when the key is missing. An unknown key gets a did-you-mean; "
        "an element type must be one the seed names (dreadnought, cruiser, carrier, fighter, tender, sdb, "
        "escort, assault-transport, transport, rider, deep-meson-gun).",
    ),
    Code("SFC003", ERROR, "a game log is not valid TOML (at tomllib's line and column)", unopened=True),
    Code("SFC004", ERROR, "a game log value fails validation (a die roll outside 1-6, an unknown key ...)"),
    Code(
        "SFC201",
        ERROR,
        'command points overspent (1 a command, 2 beyond 12" of the flagship or with it '
        "destroyed; the roll halved with the flagship destroyed, +1/+2 for a higher average TL)",
    ),
    Code("SFC202", ERROR, 'a cruising move outside 1-3" or not straight ahead'),
    Code("SFC203", ERROR, "a stationary element (or a deep meson gun) moved"),
    Code(
        "SFC204",
        ERROR,
        "elements stacked that may not stack (only riders in tenders and fighters in carriers, "
        "and anything on the world)",
    ),
    Code(
        "SFC205",
        ERROR,
        'fire or support beyond range (4" for dreadnoughts, riders, deep meson guns and cruisers, otherwise 2")',
    ),
    Code("SFC206", ERROR, "an element firing or supporting twice in a turn (successive fire apart)"),
    Code("SFC207", ERROR, "a tender or transport initiating combat"),
    Code("SFC208", ERROR, 'successive fire not after a kill, or beyond 2" of the last target'),
    Code("SFC209", ERROR, "a jump inside the jump limit, or by an element that cannot jump"),
    Code(
        "SFC210",
        ERROR,
        "a game log names an element or side that is not there (or no longer on the table)",
        "The message names the one meant, when one is near. An element stacked `inside` must name one of its own side.",
    ),
    Code(
        "SFC211",
        ERROR,
        "two elements of a game log have one id: the log's commands, moves and fire could not tell them apart",
    ),
    Code(
        "SFC212",
        WARNING,
        "an element of a game log at a TL the seed gives no points for (9 to 12 only): its "
        "points count nothing in the force totals until the referee rules",
    ),
)
