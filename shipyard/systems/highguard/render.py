"""A High Guard ship back to sheet text: the USP block in High Guard Shipyard's layout (with the HG'80 hull
number and name before the USP when the sheet had one) and the component sheet. The text reads back to an
equal ship (tests/highguard/test_highguard.py), so a sheet can be normalised or written from a model."""

from __future__ import annotations

import re
from decimal import Decimal

from shipyard.core.numbers import figure
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.model import BatteryCounts, Component, HighGuardShip, UspProfile
from shipyard.systems.highguard.read.lines import SECTIONS, column_offsets

_ORDER = [s for s in SECTIONS if s != "ACCOMMODATIONS"]
_USP_INDENT = 9  # High Guard Shipyard's nine spaces before the USP
#: A summary key written ``Key: value``: what the summary line's pairs read as a key (letters, spaces, dashes).
_PLAIN_KEY = re.compile(r"[A-Za-z][A-Za-z \-]*")


def _battery_line(
    label: str, counts: BatteryCounts | None, usp_col: int, usp: UspProfile, trailer: str, letters: dict[int, str]
) -> str:
    cells = [" "] * (usp_col + len(usp.text))
    if counts is not None:
        for column, offset in column_offsets(usp).items():
            value = getattr(counts, column)
            if value:
                cells[usp_col + offset] = letters.get(value) or hg.ehex(value)
    text = "".join(cells)
    text = label + text[len(label) :] if len(label) < usp_col else label + " " + text[usp_col:]
    return (text.rstrip() + "   " + trailer).rstrip()


def _usp_block(ship: HighGuardShip, usp: UspProfile, laden: bool = False) -> list[str]:
    prefix = f"{ship.hull_number} {ship.name or ''}".strip() if ship.hull_number and not laden else ""
    lead = prefix + "   " if prefix else " " * _USP_INDENT
    tonnage = ship.laden_tonnage if laden else ship.tonnage
    line = lead + usp.text
    if ship.cost_mcr is not None:
        line += f" MCr {ship.cost_mcr:,}"
    if tonnage is not None:
        line += f" {figure(tonnage)} tons"
    usp_col = len(lead)
    crew = f"Crew: {ship.crew}" if ship.crew is not None and not laden else ""
    tl = f"TL: {ship.tl}" + (f"/{ship.refit_tl}" if ship.refit_tl else "") if ship.tl is not None and not laden else ""
    lines = [line]
    letters = {count: letter for letter, count in {**ship.battery_legend, **ship.substitutions}.items()}
    if ship.bearing is not None or ship.crew is not None:
        lines.append(_battery_line("Bat Bear", ship.bearing, usp_col, usp, crew, letters))
    if ship.batteries is not None or ship.tl is not None:
        lines.append(_battery_line("Bat", ship.batteries, usp_col, usp, tl, letters))
    return lines


def _component(c: Component) -> str:
    count = f"{figure(c.count)} x " if c.count is not None else ""
    text = f"{count}{c.label}: {c.tons:,.3f} Td; MCr {c.mcr:,.3f}"
    if c.crew is not None:
        text += f"; Crew {c.crew}"
    if c.ep is not None:
        text += f"; {c.ep:+,.3f} EP"
    if c.craft_cost is not None:
        text += f"; Cost of craft: MCr {c.craft_cost:,.3f}"
    return text


def _summary_piece(key: str, value: Decimal) -> str:
    """A summary figure as the sheet writes it: ``Key: value``, or, for a name that is more than letters, spaces
    and dashes ("Ship's Boats", read from "2 Ship's Boats."), the count first, which reads back to the same key."""
    return f"{key}: {figure(value)}" if _PLAIN_KEY.fullmatch(key) else f"{figure(value)} {key}."


def _fields(pairs: tuple[tuple[str, object], ...]) -> list[str]:
    """``Key: value`` lines for the values a ship has."""
    return [f"{key}: {value}" for key, value in pairs if value is not None]


def _summary_lines(ship: HighGuardShip) -> list[str]:
    """The summary line: its figures, the sheet's digit legend and its flags."""
    main = {k: v for k, v in ship.summary.items() if not k.startswith("Laden ")}
    legend = [f"{letter}: {count}" for letter, count in ship.battery_legend.items()]
    if not (main or ship.flags or legend):
        return []
    flags = " ; ".join(ship.flags)  # " ; " parts two flags, which a space alone would join into one
    pieces = [_summary_piece(key, value) for key, value in main.items()] + legend + ([flags] if flags else [])
    return ["", " ".join(pieces)]


def _laden_lines(ship: HighGuardShip) -> list[str]:
    """The "With Drop Tanks" block: the laden USP, the laden summary and the tanks' cost."""
    laden = {k[len("Laden ") :]: v for k, v in ship.summary.items() if k.startswith("Laden ")}
    if ship.laden_usp is None and not laden and ship.drop_tank_cost is None:
        return []
    lines = ["", "With Drop Tanks", ""]
    if ship.laden_usp is not None:
        lines += _usp_block(ship, ship.laden_usp, laden=True)[:1]
    if laden:
        lines.append(" ".join(f"{key}: {figure(value)}" for key, value in laden.items()))
    if ship.drop_tank_cost is not None:
        lines.append(f"Drop Tanks Cost: MCr {ship.drop_tank_cost:,.3f}")
    return lines


def _component_lines(ship: HighGuardShip) -> list[str]:
    """The component sheet: its title and crew breakdown, the components in their order, each run of one section
    under its name (a sheet may list FUEL before ENGINEERING), and the sections without components after them, as
    High Guard Shipyard prints every one."""
    if not (ship.components or ship.title):  # a title only if it had one
        return []
    lines = ["", ship.title] if ship.title else []
    if ship.crew_breakdown is not None:
        lines += ["", "Book 5 Crew Breakdown", ship.crew_breakdown]
    section: str | None = None
    for c in ship.components:
        if c.section != section and c.section in _ORDER:
            lines += ["", c.section]
        section = c.section
        lines.append(_component(c))
    listed = {c.section for c in ship.components}
    start = max((_ORDER.index(c.section) for c in ship.components if c.section in _ORDER), default=-1)
    for name in _ORDER[start + 1 :]:
        if name not in listed:
            lines += ["", name]
    return lines


def render_highguard(ship: HighGuardShip) -> str:
    lines: list[str] = [ship.heading] if ship.heading is not None else []  # a squadron's heading: its count
    lines += _fields(
        (("Ship", ship.name), ("Class", ship.ship_class), ("Type", ship.ship_type_name), ("Architect", ship.architect))
    )
    if ship.tl is not None and ship.usp is None:
        lines.append(f"Tech Level: {ship.tl}")
    notes = [note.text for note in ship.notes]
    # Notes go before the USP block: under it a note of digits would read as battery counts, and an HG'80 note
    # naming drop tanks would give the ship a laden USP (the laden block below is written from the model).
    if ship.usp is not None:
        lines += notes + ["", "USP"] + _usp_block(ship, ship.usp)
    lines += _summary_lines(ship)
    lines += _fields((("Craft", ship.craft), ("Fuel Treatment", ship.fuel_treatment), ("Backups", ship.backups)))
    if ship.substitutions:
        lines.append("Substitutions: " + " ".join(f"{k} = {v}" for k, v in ship.substitutions.items()))
    lines += _laden_lines(ship)
    if notes and ship.usp is None:
        lines += ["", *notes]
    lines += _component_lines(ship)
    return "\n".join(lines).strip("\n") + "\n"
