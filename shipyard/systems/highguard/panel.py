"""A High Guard ship as a readable panel: the USP decoded in words, the batteries, the summary, and the
component sheet as a table (``shipyard show``)."""

from __future__ import annotations

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shipyard.core.layout import Fitting, Hanging, as_written, listed
from shipyard.core.numbers import figure
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.model import BATTERY_COLUMNS, HighGuardShip, UspProfile


def _counts(ship: HighGuardShip, column: str) -> str:
    """A column's battery counts as the sheet's battery lines give them: " (7 batteries, 7 bearing)"."""
    if ship.batteries is None or not ship.batteries.get(column):
        return ""
    bearing = ship.bearing.get(column) if ship.bearing is not None else "?"
    batteries = ship.batteries.get(column)
    if ship.bearing is not None and column in ship.bearing.uncertain:
        bearing = f"{bearing}? (uncertain)"
    doubt = "? (uncertain)" if column in ship.batteries.uncertain else ""
    return f" ({batteries}{doubt} batter{'y' if batteries == 1 else 'ies'}, {bearing} bearing)"


def _column_words(usp: UspProfile, column: str, ship: HighGuardShip) -> str:
    spinal = usp.spinal(column)
    name = column.replace("_", " ")
    if spinal:
        return f"{name}: spinal mount {spinal}"
    return f"{name} factor {hg.ehex(getattr(usp, column))}{_counts(ship, column)}"


def usp_in_words(usp: UspProfile, ship: HighGuardShip) -> list[str]:
    """Every USP position in words (High Guard, the USP)."""
    low, high = hg.hull_band(usp.hull_code)
    band = f"{low:,}+ tons" if high is None else f"{low:,}-{high - 1:,} tons"
    configuration = hg.CONFIGURATIONS.get(usp.configuration)
    computer = hg.COMPUTER_BY_CODE.get(usp.computer)
    crew = f"crew code {usp.crew}" + (f" (crew {ship.crew})" if ship.crew is not None else "")
    lines = [
        f"type {usp.ship_type}; hull size {usp.hull_code} ({band}); configuration {usp.configuration} "
        f"({configuration.name if configuration else 'unknown'})",
        f"jump-{usp.jump}; maneuver {usp.maneuver} G; power plant {hg.ehex(usp.power)}; computer {usp.computer} "
        f"({computer.model if computer else 'unknown'}); {crew}",
        f"armour {hg.ehex(usp.armour)}; sandcaster {hg.ehex(usp.sandcaster)}{_counts(ship, 'sandcaster')}; "
        f"meson screen {hg.ehex(usp.meson_screen)}; nuclear damper {hg.ehex(usp.damper)}; "
        f"black globe {hg.ehex(usp.black_globe)}; repulsor {hg.ehex(usp.repulsor)}{_counts(ship, 'repulsor')}",
        "; ".join(_column_words(usp, c, ship) for c in BATTERY_COLUMNS if c not in ("sandcaster", "repulsor")),
        f"fighter squadrons {usp.fighters}",
    ]
    if ship.battery_legend:
        legend = ", ".join(
            f"{letter} = {count} (eHex {hg.ehex_value(letter)})" for letter, count in ship.battery_legend.items()
        )
        lines.append(f"the sheet's legend for battery counts (only): {legend}")
    return lines


def _clauses(line: str) -> list[str]:
    """A line of the USP in words as its clauses, each with its semicolon: ``energy factor 0;`` stays whole."""
    parts = line.split("; ")
    return [f"{part};" for part in parts[:-1]] + parts[-1:]


def highguard_panel(ship: HighGuardShip, path: str | None = None) -> Panel:
    parts: list = []
    head = []
    if ship.tonnage is not None:
        head.append(f"{figure(ship.tonnage)} tons")
    if ship.tl is not None:
        head.append(f"TL {ship.tl}")
    if ship.cost_mcr is not None:
        head.append(f"MCr {figure(ship.cost_mcr)}")
    if head:
        parts.append(Hanging(head, sep="  ", style="bold"))
    if ship.usp is not None:
        parts.append(Text(f"USP {ship.usp.text}"))
        parts.extend(Hanging(_clauses(line), first="  ", indent=4) for line in usp_in_words(ship.usp, ship))
    laden = ship.laden
    if laden is not None:
        parts.append(
            Text(
                f"With drop tanks: {ship.laden_usp.text if ship.laden_usp is not None else laden['usp']}"
                + (f" ({figure(ship.laden_tonnage)} tons)" if ship.laden_tonnage is not None else "")
                + f", {laden['from']}"
            )
        )
    if ship.summary:
        parts.append(Hanging(listed([f"{key} {figure(value)}" for key, value in ship.summary.items()])))
    if ship.components:
        table = Table(show_edge=False, header_style="bold", pad_edge=False)
        for column in ("section", "component"):
            table.add_column(column, justify="left", no_wrap=True)
        for column in ("tons", "MCr", "EP"):
            table.add_column(column, justify="right", no_wrap=True)
        rows = []
        for c in ship.components:
            label = f"{figure(c.count)} x {c.label}" if c.count is not None else c.label
            rows.append((c.section, label, f"{c.tons:,.3f}", f"{c.mcr:,.3f}", "" if c.ep is None else f"{c.ep:+,.3f}"))
        for row in rows:
            table.add_row(*row)
        stacked = [
            line
            for section, label, tons, mcr, ep in rows
            for line in (
                Text(f"{section}: {label}", overflow="fold"),
                Hanging([f"{tons} tons", f"MCr {mcr}", f"EP {ep}" if ep else ""], sep="  ", first="  "),
            )
        ]
        parts.append(Fitting(table, Group(*stacked)))  # a narrow terminal stacks the lines
    for note in ship.notes:
        parts.append(Hanging(as_written(f"Note: {note.text}"), sep="", style="dim"))
    title = ship.display_name + (f" ({ship.hull_number})" if ship.hull_number else "")
    return Panel(Group(*parts), title=Text(title), expand=False)  # Text: a Panel reads a str title as markup
