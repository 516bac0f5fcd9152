"""Trillion Credit Squadron 1982 tables as data (TCS82): Appendix A's damage tables and the battle
formation display. Clean copies in TCS82. ``None`` is a blank cell of the printed table:
a hole the judge must rule on (shipyard never fills one in).
"""

from __future__ import annotations

from decimal import Decimal

# Appendix A, table 1 (M-drive) and 2 (J-drive): percent of installed value kept, by damaged rating (row)
# and installed rating (column). Rows run from the top rating down to -1.
M_DRIVE_INSTALLED = (6, 5, 4, 3, 2, 1, 0)
M_DRIVE = {
    6: (100, None, None, None, None, None, None),
    5: (80, 100, None, None, None, None, None),
    4: (60, 80, 100, None, None, None, None),
    3: (40, 60, 70, 100, None, None, None),
    2: (20, 40, 45, 60, 100, None, None),
    1: (20, 20, 20, 25, 40, 100, None),
    0: (0, 0, 0, 0, 0, 20, 100),
    -1: (None, None, None, None, None, 0, 0),
}
J_DRIVE_INSTALLED = (4, 3, 2, 1, 0)
J_DRIVE = {
    4: (100, None, None, None, None),
    3: (80, 100, None, None, None),
    2: (60, 75, 100, None, None),
    1: (40, 50, 60, 100, None),
    0: (0, 0, 10, 20, 100),
    -1: (None, None, 0, 0, 0),
}
# Table 4, armour: (damaged value - ARMOUR_OFFSET) / original value x cost is the value kept.
ARMOUR_OFFSET = 2
# Table 5, fuel hits: original tankage tons x % damaged x Cr 25,000.
FUEL_MCR_PER_TON = Decimal("0.025")
# Rules clarification 3: each fuel hit destroys 1% of the tankage; 100 hits leave "no fuel left" (step C).
FUEL_HITS_NO_FUEL = 100
# Table 6, major weapons: percent kept, by damaged code group (row) and installed code (column).
PA_INSTALLED = tuple("ABCDEFJKLMQR")
PA_SPINAL: dict[str, tuple[int | None, ...]] = {
    "A-C": (100, 100, 100, 50, 50, 50, 25, 25, 20, 25, 20, 10),
    "D-F": (None, None, None, 100, 100, 100, 50, 50, 50, 50, 40, 40),
    "J-L": (None, None, None, None, None, None, 100, 100, 100, 75, 60, 60),
    "M": (None, None, None, None, None, None, None, None, None, 100, 75, 80),
    "Q-R": (None, None, None, None, None, None, None, None, None, None, 100, 100),
}
MESON_INSTALLED = tuple("ABCDEFKLP")
MESON_SPINAL: dict[str, tuple[int | None, ...]] = {
    "P": (None, None, None, None, None, None, None, None, None),
    "K-L": (None, None, None, None, None, None, 100, 100, 75),
    "D-F": (None, None, None, 100, 100, 100, 70, 70, 50),
    "A-C": (100, 100, 100, 50, 50, 50, 40, 40, 25),
}
# Table 7, screens: percent kept, by damaged factor (row) and installed factor (column 3, 2, 1).
SCREEN_INSTALLED = (3, 2, 1)
DAMPERS = {3: (100, None, None), 2: (60, 100, None), 1: (20, 40, 100)}
MESON_SCREENS = {3: (100, None, None), 2: (50, 100, None), 1: (20, 50, 100)}
# Tables 8-10: MCr lost per destroyed turret, per destroyed bay, per crew member lost.
TURRET_LOSS_MCR = Decimal(3)
BAY_LOSS_MCR = Decimal(50)
CREW_LOSS_MCR = Decimal(1)
# Table 11: value of the installed computer - value of a new computer of the damaged size (MCr from the High
# Guard computer table, shipyard/systems/highguard/charts.py); the seed's example: 7fib to 2fib loses 100 - 14 = 86.


def kept_percent(rows: dict, installed_codes: tuple, installed, damaged) -> int | None:
    """The percent kept for a damaged rating (or code group) and an installed one; None for a hole."""
    if installed not in installed_codes or damaged not in rows:
        return None
    return rows[damaged][installed_codes.index(installed)]


def code_group(code: str, groups) -> str | None:
    """The row group of a damaged spinal code ("E" -> "D-F")."""
    for group in groups:
        if "-" in group:
            low, high = group.split("-")
            if low <= code <= high:
                return group
        elif group == code:
            return group
    return None


# ---- battle formation display (TCS82, tactical details) ---------------------------------------------
POSITIONS = ("SA", "A1", "A2", "A3", "RL", "BL", "FS", "ES")
POSITION_NAMES = {
    "SA": "safe area",
    "A1": "approach 1",
    "A2": "approach 2",
    "A3": "approach 3",
    "RL": "reserve line",
    "BL": "main battle line",
    "FS": "friendly strafe line",
    "ES": "enemy strafe line",
}
# Legal moves: SA <> A1 <> A2 <> A3 <> RL <> BL for all ships; RL <> FS <> ES only when strafing is allowed.
MOVE_CHAIN = ("SA", "A1", "A2", "A3", "RL", "BL")
STRAFE_CHAIN = ("RL", "FS", "ES")
# Strafing needs an agility advantage of 2 over the enemy fleet (tactical details 3).
STRAFE_AGILITY_ADVANTAGE = 2
# The fire matrix: attacker position (row) x defender position (column, in POSITIONS order).
FIRE_MATRIX = {
    "SA": ("-", "-", "-", "-", "-", "-", "-", "-"),
    "A1": ("-", "-", "-", "-", "-", "-", "-", "-"),
    "A2": ("-", "-", "-", "-", "-", "-", "-", "1"),
    "A3": ("-", "-", "-", "-", "-", "-", "-", "2"),
    "RL": ("-", "-", "-", "-", "-", "-", "-", "3"),
    "BL": ("-", "-", "-", "4", "-", "+", "+", "3"),
    "FS": ("-", "-", "-", "4", "-", "+", "+", "3"),
    "ES": ("-", "-", "5", "+", "S", "+", "+", "-"),
}
FIRE_KEY = {
    "-": "no fire",
    "+": "any ship may fire",
    "1": "missiles, lasers and accelerators only, at -2 DM",
    "2": "at -2 DM",
    "3": "subject to the concentrated fire rules; short range",
    "4": "particle accelerators only",
    "5": "missiles, lasers and accelerators only",
    "S": "short range always",
}
# Weapons each keyed cell allows (None: any).
FIRE_WEAPONS = {
    "1": {"missile", "laser", "particle accelerator"},
    "4": {"particle accelerator"},
    "5": {"missile", "laser", "particle accelerator"},
}
FIRE_DM = {"1": -2, "2": -2}
# Fleet agility counts ships in these positions (tactical details 4); ships leaving for the safe area count
# too (a turn log marks them), ships in or coming from the safe area do not.
AGILITY_POSITIONS = ("RL", "BL", "FS", "ES")
# The battle formation display's two players (P1 and P2).
PLAYERS = (1, 2)
# Tournament procedure 2, automatic victory: "at the beginning of any turn of battle, a player has no ships
# capable of offensive fire in his reserve or battle lines, or engaged in strafing".
VICTORY_POSITIONS = ("RL", "BL", "FS", "ES")
# Tactical details 5, breakthrough: "no ships capable of offensive fire at the end of a turn in his battle or
# Friendly Strafe lines"; the opponent then gets one free fire at the player's reserve.
BREAKTHROUGH_POSITIONS = ("BL", "FS")
