"""Helpers for the High Guard combat tests: ships made to order, and the reference tables read from
tests/data/hg80-combat-tables.md (the transcription's own numbers, not the code's)."""

from __future__ import annotations

import re
from pathlib import Path

from shipyard.systems.highguard.charts import ehex_value
from shipyard.systems.tcs.combat.ship import Battery, Combatant, Defence

TABLES = Path(__file__).parent.parent / "data" / "hg80-combat-tables.md"


def ship(
    name: str = "ship",
    size: int = 10,
    configuration: int = 1,
    computer: int = 0,
    agility: int = 0,
    armour: int = 0,
    batteries: list[Battery] | None = None,
    sand: int = 0,
    repulsor: int = 0,
    damper: int = 0,
    meson_screen: int = 0,
    fib: bool = False,
    missiles: str = "nuclear",
    defences: int = 1,
    tons: int = 1000,
    power: int = 5,
) -> Combatant:
    """A ship with only what a test names."""
    return Combatant(
        name=name,
        size=size,
        configuration=configuration,
        computer=computer,
        fib=fib,
        agility=agility,
        armour=armour,
        batteries=batteries or [],
        sand=Defence(sand, defences, defences) if sand else None,
        repulsor=Defence(repulsor, defences, defences) if repulsor else None,
        damper=damper,
        meson_screen=meson_screen,
        black_globe=0,
        missiles=missiles,
        tons=tons,
        assumed=[],
        power=power,
    )


def battery(weapon: str, factor: int | str, count: int = 1, spinal: bool | None = None) -> Battery:
    number = factor if isinstance(factor, int) else ehex_value(factor)
    assert number is not None
    return Battery(weapon, number, count, count, number > 9 if spinal is None else spinal)


def section(heading: str) -> str:
    """The text under the heading that starts with ``heading`` (to the next heading)."""
    text = TABLES.read_text(encoding="utf-8")
    found = re.search(rf"^#+ {re.escape(heading)}.*?$(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert found, heading
    return found.group(1)


def tables(heading: str) -> list[list[list[str]]]:
    """Every markdown table under a heading: its rows (the header first, the rule left out), cells stripped."""
    found: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in section(heading).splitlines() + [""]:
        if line.startswith("|"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                current.append(cells)
        elif current:
            found.append(current)
            current = []
    return found


def number(cell: str) -> int:
    """A cell's number: "**-1**", "−1", "11*" read as -1, -1, 11."""
    found = re.search(r"[-−]?\d+", cell.replace("**", ""))
    assert found, cell
    return int(found.group(0).replace("−", "-"))


def factor(cell: str) -> int:
    value = int(cell) if cell.isdigit() else ehex_value(cell)
    assert value is not None, cell
    return value
