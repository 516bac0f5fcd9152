"""The TCS system's diagnostic codes that are not rules: scenario and fleet files (SCN), damage records (DMG),
Appendix A scoring (APX), the battle formation log (FRM) and High Guard combat (TCB)."""

from __future__ import annotations

from shipyard.core.codes import ERROR, INFO, WARNING, Code

CODES = (
    Code("SCN001", ERROR, "a scenario or fleet file that is not valid TOML", unopened=True),
    Code(
        "SCN002",
        ERROR,
        "a scenario or fleet value that does not validate (at its line, with a did-you-mean)",
        unopened=True,
    ),
    Code("SCN003", ERROR, "a sheet named by a fleet file cannot be read or holds no High Guard ship"),
    Code(
        "SCN004",
        INFO,
        "a sheet (or one ship of it) a fleet file lists more than once: each ship is priced with its like from the "
        "first listing by the quantity rule (a sheet's different ships stay different designs)",
    ),
    Code("SCN005", ERROR, "a fleet file's ship name that names none of its sheet's ships (with a did-you-mean)"),
    Code("DMG001", ERROR, "a damage record that is not valid TOML", unopened=True),
    Code(
        "DMG002",
        ERROR,
        "a damage record value that does not validate (at its line, with a did-you-mean)",
        unopened=True,
    ),
    Code("APX001", ERROR, "a hole in an Appendix A table: the judge's ruling is needed"),
    Code("APX002", ERROR, "a damage record entry naming a sheet or copy the fleet does not have, or a copy twice"),
    Code("APX003", ERROR, "a damaged rating above the installed one, or an unknown computer model"),
    Code("APX004", ERROR, "an installed value the sheet does not give"),
    Code(
        "APX005",
        WARNING,
        "a ruling under [scenario.rulings] that no hole of the battle asks for: a misspelt key "
        "rules nothing, and its hole stays pending (the message names the key meant, when one is near)",
    ),
    Code("FRM001", ERROR, "an illegal move in the battle formation log"),
    Code("FRM002", ERROR, "a fire declaration the fire matrix forbids"),
    Code("FRM003", ERROR, "a second move of one ship in one turn"),
    Code("FRM004", ERROR, "a move or fire declared from a position the ship is not in"),
    Code("FRM005", ERROR, "a strafing run begun by a ship that did not spend the turn before in the reserve line"),
    Code(
        "FRM006",
        INFO,
        "an automatic victory: at a turn's beginning a player has no ship able to fire in RL, BL or "
        "strafing (a log with a set-up only)",
    ),
    Code(
        "FRM007",
        INFO,
        "a breakthrough: at a turn's end a player has no ship able to fire in BL or FS (a log with a set-up only)",
    ),
    Code("FRM010", ERROR, "a turn log that is not valid TOML", unopened=True),
    Code(
        "TCB001",
        ERROR,
        "High Guard combat: a file with no High Guard ship, a ship name that names none of it (with a did-you-mean), "
        "or a ship with no USP printed or recomputable",
    ),
    Code("TCB002", ERROR, "High Guard combat: a battery the ship does not have (the message lists those it has)"),
    Code("TCB003", ERROR, "High Guard combat: a battery that cannot fire at that range (energy weapons at long)"),
    Code("TCB004", INFO, "High Guard combat: a file of several ships with none named: the first fights"),
    Code(
        "TCB005",
        WARNING,
        "TCS battle: a doctrine's reserve class that names no class of the fleet (with a did-you-mean): nothing "
        "is kept back for it",
    ),
    Code("FRM011", ERROR, "a turn log value that does not validate"),
)
