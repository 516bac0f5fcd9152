"""The MCS system's diagnostic codes that are not rules: reading USD sheets (USD), FFS designs (FFS) and the
converters' assumptions and limits (CNV1xx for T4 sheets, CNV2xx for FFS designs), and combat (CMB)."""

from __future__ import annotations

from shipyard.core.codes import ERROR, INFO, WARNING, Code

CODES = (
    Code("USD100", INFO, "a line of free text, kept as a note"),
    Code("USD101", ERROR, "a line that looks like a rating but cannot be read; kept as a note", partial=True),
    Code("USD102", ERROR, "a field value of the wrong kind (Size: five)", partial=True),
    Code("USD103", WARNING, "a key close to a known one, read as that key"),
    Code("USD104", WARNING, "an unknown key; the field is kept as a note"),
    Code("USD105", WARNING, "a key given twice for one ship; the first is kept, the second kept as a note"),
    Code("USD106", INFO, "text after a field's value, kept as a note"),
    Code("USD107", ERROR, "no ship in the file"),
    Code("USD108", WARNING, "a battery detail that names nothing shipyard knows, kept as written"),
    Code(
        "USD109",
        WARNING,
        "a figure with a scanner's letters for digits (O for 0, l and I for 1), read as the "
        "digits: a field's figure, or a battery's Pen:Dam pair or rate of fire",
    ),
    Code("USD110", INFO, "text after a CP/M copy's end-of-file mark (Ctrl-Z), not read"),
    Code(
        "USD111",
        WARNING,
        "a rating or a sensor list broken over two lines by a copy's wrapping (an e-mail's), read joined",
    ),
    Code(
        "USD112",
        WARNING,
        "a line broken by an e-mail's quoted-printable soft line breaks ('=' at its end), read joined",
        "Said once for the file, at its first break, naming the lines. There is no fix: joining the lines in place "
        "would move every line after them; save the e-mail's text decoded (most mail programs do so) instead.",
    ),
    Code("FFS001", ERROR, "an FFS design is not valid TOML (at tomllib's line and column)"),
    Code(
        "FFS002",
        ERROR,
        "an FFS design value fails validation",
        "At its key's line, or its table's header when the key is missing; at its cell in a workbook (Beams!B3). "
        "An unknown key gets a did-you-mean.",
    ),
    Code(
        "FFS003",
        ERROR,
        "an FFS design workbook cannot be read (not a workbook, past the size limits, a cell "
        "that does not read) or has no Ship sheet",
        unopened=True,
    ),
    Code(
        "CNV001",
        ERROR,
        "a sheet of a format that does not convert to MCS (a High Guard sheet): only T4 USD sheets and FFS designs do",
    ),
    Code("CNV100", ERROR, "convert was given a sheet already rated in MCS: expected a T4 sheet"),
    Code("CNV101", INFO, "no mass on the T4 sheet: toughness from displacement x 10"),
    Code("CNV102", INFO, "a T4 value past a printed chart, extrapolated by the chart's own progression"),
    Code("CNV103", INFO, "T4 armour / 10 is a fraction: read down to the chart's lower line"),
    Code("CNV110", INFO, "the ROF a T4 battery was given (the design's default, point defence, or --rof)"),
    Code("CNV111", INFO, "the laser penetration used (14 at VS, heavy +1, light -1)"),
    Code("CNV112", INFO, "a penetration below 0, shown as 0"),
    Code("CNV113", INFO, "lasers per battery not noted: one turret per battery assumed"),
    Code(
        "CNV114",
        ERROR,
        "--rof names a battery no T4 ship of the sheet has: it would rate nothing, and the battery "
        "meant would get the default (the message names it, when one is near)",
    ),
    Code("CNV120", WARNING, "a T4 weapon that is not a laser, meson or PAW: not converted, kept as a note"),
    Code("CNV130", WARNING, "missile launchers but no TL: missiles per salvo cannot be rated"),
    Code("CNV131", INFO, "a TL outside the missiles-per-salvo table: the nearest row used"),
    Code("CNV132", INFO, "how missile launchers were grouped into batteries"),
    Code("CNV133", WARNING, "a TL below the nuclear det-laser missile table: the TL 10-12 figures used"),
    Code("CNV140", WARNING, "sandcasters without the ship's size and TL cannot be rated"),
    Code("CNV141", INFO, "how sandcasters were grouped into batteries"),
    Code("CNV142", INFO, "too few sandcasters for a screen: screen 0"),
    Code(
        "CNV200",
        ERROR,
        "an FFS design that does not say its edition: set edition, or pass --edition",
        "The scale of the figures (FFS1/TNE x1.43, or FFS2) is never guessed.",
    ),
    Code("CNV201", INFO, "no mass in the FFS design: toughness from displacement x 10"),
    Code("CNV202", INFO, "an FFS value past a printed USD chart, extrapolated"),
    Code("CNV203", INFO, "a toughness modifier of the design (-1 each)"),
    Code("CNV204", INFO, "--edition overrides the design's own edition"),
    Code("CNV205", WARNING, "--rof given for an FFS design: not used (its ROF comes from its pulses)"),
    Code("CNV210", ERROR, "a beam pointer too short for any range class: the battery is not rated"),
    Code("CNV211", ERROR, "fewer damage values than the battery's range class rates"),
    Code("CNV212", INFO, "pulses past the ROF table: the ROF by its progression"),
    Code("CNV213", INFO, "beam penetration not given: from the damage (laser 10 x, PAW and meson 1 x)"),
    Code("CNV220", INFO, "the missiles per salvo used (the designer's, or the mount and TL table)"),
    Code("CNV221", WARNING, "a TL below the nuclear det-laser missile table: the table's first figures used"),
    Code("CNV230", INFO, "too few sandcasters for a screen: screen 0"),
    Code("CMB001", ERROR, "a fire log is not valid TOML (at tomllib's line and column)", unopened=True),
    Code(
        "CMB002",
        ERROR,
        "a fire log value fails validation",
        "At its key's line, or its table's header when the key is missing. An unknown key gets a did-you-mean.",
    ),
    Code(
        "CMB003",
        ERROR,
        "a sheet named for combat holds no MCS ship, lacks a figure combat needs (size, "
        "armour, toughness, displacement), or has one past what combat plays (over 100 G, 10,000 batteries)",
    ),
    Code("CMB004", ERROR, "a fire names a ship or battery that is not there (the message lists those that are)"),
    Code(
        "CMB005",
        ERROR,
        "a battery cannot fire as asked: a dash at that range, destroyed, too few intact, no "
        "salvos left, or not a weapon",
    ),
    Code(
        "CMB006",
        ERROR,
        "the dice of a fire: a scripted roll the dice cannot give, too few without --seed, or rolls left over",
    ),
    Code(
        "CMB007",
        ERROR,
        "a fire log breaks the sequence of play: more G allocated than the ship has (none of it is then "
        "allocated), the range changed by more than one band, a salvo striking in another turn than its range gives",
    ),
    Code(
        "CMB008",
        INFO,
        "a sheet named for combat holds several ships and none is named: the first fights (a "
        "fire log's or engagement's `name`, or combat shot's --attacker-ship and --target-ship, choose another)",
    ),
    Code(
        "SRC001",
        ERROR,
        "a search catalogue or opponent pool is not valid TOML (at tomllib's line and column)",
        unopened=True,
    ),
    Code(
        "SRC002",
        ERROR,
        "a search catalogue or opponent pool value fails validation (a cost not above 0, a max below its min, "
        "an empty list of designs or opponents, or over 100 of them)",
        "At its key's line, or its table's header when the key is missing. An unknown key gets a did-you-mean.",
    ),
    Code(
        "SRC003",
        ERROR,
        "a design without a cost: its sheet gives no 'Cost: MCr' and no catalogue file gives cost_mcr",
    ),
    Code(
        "SRC004",
        ERROR,
        "no fleet fits: the cheapest design, or the least the catalogue asks for, is over the budget or the most "
        "ships (a warning: a design above the tech level allowed, not bought)",
    ),
    Code("SRC005", ERROR, "no opponent to search against, or an engagement side that is not there"),
    Code(
        "SRC006",
        ERROR,
        "a search journal that cannot be resumed: not a regular file, a line no search wrote, a record optuna cannot "
        "replay, or a journal another search is writing (a warning: its last line was cut, and is dropped)",
        "At the line that is not a search's. A journal is checked before the search starts; nothing is fought.",
        unopened=True,
    ),
)
