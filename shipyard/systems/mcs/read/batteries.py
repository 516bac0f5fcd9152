"""Battery lines (``2xLaser Battery (+2) (14:9 14:9 14:9 12:7)``, missiles, sandcasters, dampers, T4 weapons):
each battery's record, its details, and a range limit under it ("only useable at Medium range or less")."""

from __future__ import annotations

import re

from shipyard.core.diagnostics import Severity
from shipyard.systems.mcs.model import (
    BeamBattery,
    DamperBattery,
    MissileBattery,
    SandcasterBattery,
    T4Weapon,
    Weapon,
)
from shipyard.systems.mcs.read.lines import (
    DASH_BLANKS,
    RANGE_LIMIT,
    SIGNED_FIGURE,
    BatteryItem,
    given,
    known_detail,
    signed,
    with_range_limit,
)
from shipyard.systems.mcs.read.sheet import Reading


def read_battery(r: Reading, item: BatteryItem) -> None:
    count, name, body = item.batteries, item.name, item.body
    spans = {"self": r.span(item.column, item.end_column)}
    details, tokens = body.details, body.tokens
    weapon: Weapon
    if body.kind == "beam_body":
        weapon = BeamBattery.trusted(
            rof=signed(tokens["ROF"][0]),
            ranges=body.ranges,
            point_defence=body.point_defence,
            count=count,
            name=name,
            details=details,
            spans=spans,
        )
    elif body.kind == "missile_body":
        pen, dam = (int(part) for part in str(tokens["PEN_DAM"][0]).split(":"))  # PEN_DAM: digits both sides
        weapon = MissileBattery.trusted(
            salvo_rating=signed(tokens["ROF"][0]),
            pen=pen,
            dam=dam,
            size_evade=signed(tokens["SIZE_EVADE"][0]),
            count=count,
            name=name,
            details=details,
            spans=spans,
        )
    elif body.kind == "sand_body":
        screen, armour = (int(v) for v in SIGNED_FIGURE.findall(DASH_BLANKS.sub("-", str(tokens["SAND"][0]))))
        weapon = SandcasterBattery.trusted(
            screen=screen, armour=armour, count=count, name=name, details=details, spans=spans
        )
    elif body.kind == "damper_body":
        weapon = DamperBattery.trusted(
            point_defence=given(body.point_defence, "a damper's PD"),
            count=count,
            name=name,
            details=details,
            spans=spans,
        )
    else:
        figure, *values = (int(v) for v in re.findall(r"\d+", str(tokens["T4_VALUES"][0])))
        weapon = T4Weapon.trusted(
            fire_control=signed(tokens["ROF"][0]),
            figure=figure,
            values=(values[0], values[1], values[2], values[3]),
            count=count,
            name=name,
            details=details,
            spans=spans,
        )
    limited = [
        (index, found) for index, detail in enumerate(details) if (found := RANGE_LIMIT.search(detail.text)) is not None
    ]
    for index, found in limited:  # "1 missile/salvo only useable at Medium range or less": a detail, a limit
        detail = details[index]
        details = [
            *details[:index],
            detail.model_copy(update={"text": detail.text[: found.start()].rstrip()}),
            *details[index + 1 :],
        ]
        weapon = with_range_limit(weapon.model_copy(update={"details": details}), found, detail.span() or spans["self"])
    for detail in details:
        if not known_detail(detail):
            where = detail.span()
            r.report(
                "USD108",
                Severity.WARNING,
                f"'{detail.render()}' after {name} names nothing shipyard knows; kept as written",
                where.col if where else 1,
            )
    r.ship.weapons.append(weapon)
    r.ship.has_content = True
    r.battery_read()


def range_limit(r: Reading) -> bool:
    """A line of its own under a battery that limits its range ("only useable at Very Short range or less",
    the MCS sample sheets): the battery's, read into it; False for any other line."""
    found = RANGE_LIMIT.fullmatch(r.line_text.strip())
    if found is None or not r.ship.weapons or r.state.battery_line != r.line_no - 1:
        return False
    first = len(r.line_text) - len(r.line_text.lstrip()) + 1
    r.ship.weapons[-1] = with_range_limit(r.ship.weapons[-1], found, r.span(first, len(r.line_text.rstrip()) + 1))
    return True
