"""High Guard sheets read for combat: the ship of a sheet that fights (named, or the first), as a ``Combatant``,
with the sheet's findings; nothing raises on bad input."""

from __future__ import annotations

from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.tcs.combat.readings import Readings
from shipyard.systems.tcs.combat.ship import Combatant, combatant
from shipyard.systems.tcs.fleet import NEAR_NAME, ship_names


def _finding(code: str, severity: Severity, path: str | Path, message: str) -> Diagnostic:
    return Diagnostic(code=code, severity=severity, span=Span(path=str(path), line=1, col=1), message=message)


def pick(
    ships: list[HighGuardShip], name: str | None, path: str | Path
) -> tuple[HighGuardShip | None, Diagnostic | None]:
    """The ship that fights: the one ``name`` names (its name, hull number or class, any case and spacing), else
    the first; with a finding: what was assumed (TCB004), or why none fights (TCB001)."""
    held = ", ".join(quoted(s.display_name) for s in ships)
    if not ships:
        return None, _finding(
            "TCB001", Severity.ERROR, path, "no High Guard ship in this file: tcs reads High Guard sheets"
        )
    if name is None:
        if len(ships) > 1:
            return ships[0], _finding(
                "TCB004",
                Severity.INFO,
                path,
                f"{len(ships)} ships here ({held}): the first, {quoted(ships[0].display_name)}, fights; name another "
                "to choose it",
            )
        return ships[0], None
    for ship in ships:
        if any(spelt(each) == spelt(name) for each in ship_names(ship)):
            return ship, None
    hint = meant_hint(name, [n for s in ships for n in ship_names(s)], NEAR_NAME)
    return None, _finding("TCB001", Severity.ERROR, path, f"no ship named {quoted(name)}{hint}: this file holds {held}")


def load_combatant(
    path: str | Path, name: str | None, readings: Readings
) -> tuple[Combatant | None, list[Diagnostic], bool]:
    """The ship of a sheet that fights, the sheet's findings (warnings and errors), and whether the file could
    not be used at all."""
    from shipyard.core.pipeline import check_sheet, load_sheet

    sheet = check_sheet(load_sheet(path))
    found = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
    if sheet.format == "unreadable":
        return None, found, True
    chosen, why = pick([s for s in sheet.ships if isinstance(s, HighGuardShip)], name, path)
    if why is not None:
        found.append(why)
    if chosen is None:
        return None, found, True
    made = combatant(chosen, readings)
    if made is None:
        found.append(
            _finding(
                "TCB001",
                Severity.ERROR,
                path,
                f"{quoted(chosen.display_name)} gives no USP and none can be recomputed from its components: combat "
                "needs its size, computer, armour and batteries",
            )
        )
        return None, found, True
    return made, found, False
