"""Text fields ("Ship: ...", "Tech Level: 12", "Note: ..."), notes and the drop tanks they give, a note going
on over the lines under it."""

from __future__ import annotations

import re
from dataclasses import replace

from shipyard.core.records import Note
from shipyard.systems.highguard.read.lines import (
    LADEN_PREFIX,
    PLAIN_TEXT_FIELDS,
    decode_usp,
    first_col,
    money_mcr,
    number,
    own_drop_tanks,
)
from shipyard.systems.highguard.read.sheet import Reading, ShipDraft


def text_field(r: Reading, key: str, value: str, line: str) -> None:
    ship = r.ship
    col = first_col(line)
    if key in ("note", "notes"):
        r.state = replace(r.state, note_open=True)
    if key == "ship":
        if ship.usp is not None or ship.components or ship.name or ship.refused is not None:
            ship = r.new_ship()
        ship.name = value
        ship.spans["name"] = r.span(col)
        r.claim_heading(ship)
    elif key in PLAIN_TEXT_FIELDS:
        if getattr(ship, PLAIN_TEXT_FIELDS[key]) is not None and (ship.usp is not None or ship.components):
            ship = r.new_ship()  # the field again: another ship's block, whose "Ship:" line was not read
        setattr(ship, PLAIN_TEXT_FIELDS[key], value)
        ship.spans[PLAIN_TEXT_FIELDS[key]] = r.span(col)
    elif key in ("tech level", "refit tech level"):
        if key == "tech level":
            ship.tl = int(number(value))
            ship.spans["tl"] = r.span(col)
            ship.spans["tech_level"] = r.span(col)  # kept where a TL= trailer gives the TL again
        else:
            ship.refit_tl = int(number(value))
            ship.spans.setdefault("tl", r.span(col))
            ship.spans["refit_tl"] = r.span(col)
    elif key == "substitutions":
        for letter, count in re.findall(r"([A-Z])\s*=\s*(\d+)", value):
            ship.substitutions[letter] = int(count)
        ship.spans["substitutions"] = r.span(col)
    elif key == "drop tanks cost":
        ship.drop_tank_cost = money_mcr(value)
        ship.spans["drop_tank_cost"] = r.span(col)
    else:  # Note, Architects Fee: kept as written
        if key in ("note", "notes"):
            drop_tank_note(r, ship, value)
        r.keep_as_note(line)


def drop_tank_note(r: Reading, ship: ShipDraft, value: str) -> None:
    """HG'80 notes give the laden USP prefix in brackets ("(BB-K1344F3)") and the tanks' tonnage."""
    laden = LADEN_PREFIX.search(value)
    usp = ship.usp
    if laden and usp is not None and ship.laden_usp is None and laden.group(0) in r.text:
        blocks = usp.text.split("-")
        text = "-".join([laden.group(1), laden.group(2)] + blocks[2:])
        col = r.text.index(laden.group(0)) + 2
        ship.laden_usp = decode_usp(text, r.span(col))
    tanks = own_drop_tanks(value)
    if tanks is not None and ship.tonnage is not None and ship.laden_tonnage is None:
        ship.laden_tonnage = ship.tonnage + tanks


def continue_note(r: Reading, line: str) -> None:
    """A line of free text right under a note (a note wrapped over lines, as published): the same note, read
    again whole for its drop tanks."""
    ship = r.ship
    last = ship.notes[-1]
    spans = {**last.spans, f"line {r.line_number}": r.span(first_col(line))}
    ship.notes[-1] = Note.trusted(text=f"{last.text} {line.strip()}", spans=spans)
    drop_tank_note(r, ship, ship.notes[-1].text)
    r.state = replace(r.state, note_open=True)
