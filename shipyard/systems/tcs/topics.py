"""Documentation of the TCS Appendix A tables and the battle formation rules, for ``shipyard explain``.

The tables are rendered from their data (shipyard/systems/tcs/charts.py), so the text cannot drift from what the
scorer uses. Topic codes: APX (the steps), APX1 ... APX11 (the tables), FORMATION-MOVES, FORMATION-FIRE,
FORMATION-AGILITY, FORMATION-MISSILES; the finding codes APX001-APX004 and FRM001-FRM002 are explained too.
"""

from __future__ import annotations

from shipyard.systems.tcs import charts as tcs


def _grid(title_cols: tuple, rows: dict) -> str:
    head = "        " + " ".join(f"{c!s:>4}" for c in title_cols)
    lines = [head]
    for row, cells in rows.items():
        lines.append(f"{row!s:>7} " + " ".join(f"{'-' if c is None else c:>4}" for c in cells))
    return "\n".join(lines)


def _topics() -> dict[str, str]:
    source = "Source: TCS82, Appendix A (TCS82)."
    topics = {
        "APX": "Appendix A, the loss valuation that decides a battle without an automatic victory.\n\n"
        "A. each ship's damage (a damage record); B. the full value of abandoned ships; C. the full value of "
        "hulks and vaporised ships (destroyed ships too); D. the lost value of the rest by tables 1-11 (on "
        "tables 1, 2, 3, 4, 6, 7 the installed system's value less what the table leaves; tables 5 and 8-11 "
        "are losses outright); a ship that cannot make jump-1 after the battle counts at its full value; "
        "E. the total; F. over the money spent on the fleet; G. the lowest percentage wins.\n"
        "A blank cell, a code a table does not list, or a jump above 4 is a hole: APX001 names the "
        "[scenario.rulings] key the judge sets. " + source,
        "APX1": "Table 1, M-drive: percent of the drive's installed value kept, by damaged rating (rows) and "
        "installed rating (columns); '-' is a hole.\n\n" + _grid(tcs.M_DRIVE_INSTALLED, tcs.M_DRIVE) + "\n\n" + source,
        "APX2": "Table 2, J-drive: percent kept. The printed table stops at installed jump-4. A ship left under "
        "jump-1 counts at full value anyway (Determination of Damage), so rows 0 and -1 apply only by "
        "ruling.\n\n" + _grid(tcs.J_DRIVE_INSTALLED, tcs.J_DRIVE) + "\n\n" + source,
        "APX3": "Table 3, power plant: damaged Pn / installed Pn x original cost is kept. " + source,
        "APX4": f"Table 4, armour: (damaged value - {tcs.ARMOUR_OFFSET}) / original value x cost is kept; below 0 "
        "is a hole. " + source,
        "APX5": "Table 5, fuel hits: original tankage tons x percent damaged x Cr 25,000 is lost. " + source,
        "APX6": "Table 6, major weapons (spinal mounts): percent kept by damaged code group (rows) and installed "
        "code (columns).\n\nParticle accelerators:\n"
        + _grid(tcs.PA_INSTALLED, tcs.PA_SPINAL)
        + "\n\nMeson guns:\n"
        + _grid(tcs.MESON_INSTALLED, tcs.MESON_SPINAL)
        + "\n\nCodes not listed (PA G, H, N, P, S, T; meson G, H, J, M, N, Q-T) are holes. "
        + source,
        "APX7": "Table 7, screens: percent kept by damaged factor (rows) and installed factor (columns 3, 2, 1); "
        "a factor above 3 or reduced to 0 is a hole.\n\nDampers:\n"
        + _grid(tcs.SCREEN_INSTALLED, tcs.DAMPERS)
        + "\n\nMeson screens:\n"
        + _grid(tcs.SCREEN_INSTALLED, tcs.MESON_SCREENS)
        + "\n\n"
        + source,
        "APX8": f"Table 8: destroyed turrets x MCr {tcs.TURRET_LOSS_MCR}. " + source,
        "APX9": f"Table 9: destroyed bays x MCr {tcs.BAY_LOSS_MCR}. " + source,
        "APX10": f"Table 10: crew lost (number) x MCr {tcs.CREW_LOSS_MCR}. " + source,
        "APX11": "Table 11, computer: the installed computer's value less a new computer of the damaged size "
        "(7fib reduced to 2fib: MCr 100 - MCr 14 = MCr 86). " + source,
        "FORMATION-MOVES": "Battle formation moves: SA <> A1 <> A2 <> A3 <> RL <> BL for every ship, one step a "
        "turn; RL <> FS <> ES for strafing only: RL -> FS needs an agility advantage of "
        f"{tcs.STRAFE_AGILITY_ADVANTAGE} over the enemy fleet, FS -> ES needs short range (at "
        "long range the ship spends a second turn on FS); a strafing ship that loses the "
        "advantage must move back (ES -> FS -> RL). FRM001 reports a move that breaks this. "
        "Source: TCS82, Tactical details 3 and the battle formation display.",
        "FORMATION-FIRE": "The fire matrix, attacker's position (rows) against defender's (columns):\n\n"
        + _grid(tcs.POSITIONS, tcs.FIRE_MATRIX)
        + "\n\nKey: "
        + "; ".join(f"{k} {v}" for k, v in tcs.FIRE_KEY.items())
        + ".\nFRM002 reports a fire declaration the matrix forbids. Source: TCS82, the "
        "battle formation display.",
        "FORMATION-AGILITY": "Fleet agility counts only ships in the battle and reserve lines, strafing ships and "
        "ships leaving for the safe area; not ships in or coming from the safe area, nor "
        "abandoned ships. shipyard takes the least agile counted ship's (High Guard's fleet "
        "agility; the seed names the ships, not the combination). Source: TCS82, "
        "Tactical details 4.",
        "FORMATION-MISSILES": "Missile endurance: a turret launcher fires one missile a turn and holds 30 (triple "
        "turret 10 turns, double 15, single 30); a bay fires its tonnage a turn and holds 30 "
        "a ton; magazines hold 30 a ton, cost nothing, use no hardpoint. Source: TCS82, "
        "Rules modifications 1 (TCS114 reports it per battery).",
    }
    topics["APX001"] = "APX001: a hole in an Appendix A table needs the judge's ruling.\n\n" + topics["APX"]
    topics["APX002"] = (
        "APX002: a damage record entry names a sheet or copy the fleet does not have, or names a copy twice. " + source
    )
    topics["APX003"] = (
        "APX003: a damaged rating above the installed one (the installed figures come from the "
        "sheet), or an unknown computer model. " + source
    )
    topics["APX004"] = (
        "APX004: an installed value the sheet does not give (a USP block alone has no per-system "
        "costs; a component sheet does). " + source
    )
    topics["FRM001"] = topics["FORMATION-MOVES"]
    topics["FRM002"] = topics["FORMATION-FIRE"]
    return topics


TOPICS = _topics()
