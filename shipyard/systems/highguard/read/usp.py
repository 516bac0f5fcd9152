"""A USP line: the ship it heads (a new one when the one being read has its USP or its components), its USP
decoded, its hull number, name, cost and tonnage; under "WITH DROP TANKS", the laden USP and tonnage."""

from __future__ import annotations

from lark import Token

from shipyard.systems.highguard.read.lines import (
    HULL_NUMBER,
    decode_usp,
    money_mcr,
    quick,
    token_col,
    token_end,
    tonnage_tons,
)
from shipyard.systems.highguard.read.sheet import Reading


def usp_line(r: Reading, line: str) -> None:
    tree = quick("usp_line").parse(line)
    parts = {t.type: t for t in tree.scan_values(lambda v: isinstance(v, Token))}
    usp_token = parts["USP"]
    if r.state.in_drop_tanks:
        ship = r.ship
        ship.laden_usp = decode_usp(str(usp_token), r.span(token_col(usp_token), token_end(usp_token)))
        if "TONNAGE" in parts:
            ship.laden_tonnage = tonnage_tons(str(parts["TONNAGE"]))
        return
    ship = r.ship
    if ship.usp is not None or ship.refused is not None or (ship.components and r.state.section is not None):
        ship = r.new_ship()
    r.claim_heading(ship)
    ship.usp = decode_usp(str(usp_token), r.span(token_col(usp_token), token_end(usp_token)))
    ship.spans["usp"] = r.span(token_col(usp_token))
    if "PREFIX" in parts:
        prefix = str(parts["PREFIX"]).strip()
        number_part = HULL_NUMBER.match(prefix)
        if number_part:
            ship.hull_number = number_part.group(1)
            ship.name = ship.name or number_part.group(2)
        else:
            ship.name = ship.name or prefix
    if "MONEY" in parts:
        ship.cost_mcr = money_mcr(str(parts["MONEY"]))
        ship.spans["cost_mcr"] = r.span(token_col(parts["MONEY"]))
    if "TONNAGE" in parts:
        ship.tonnage = tonnage_tons(str(parts["TONNAGE"]))
        ship.spans["tonnage"] = r.span(token_col(parts["TONNAGE"]))
