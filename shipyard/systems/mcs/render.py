"""A ``UsdShip`` written back as a USD sheet, in the layout of the seed's sample ships.

The text reads back (``parse_usd``) to an equal ship: that round trip is tested on every fixture.
"""

from __future__ import annotations

import re
from typing import Any

from shipyard.core.numbers import as_written, short
from shipyard.systems.mcs.model import UsdShip

#: What a ``Class:`` value reads back as (grammars/usd.lark: WORD and PAREN_TEXT): words and whole brackets.
_CLASS_VALUE = re.compile(r"(?:[^\s:()]+|\([^()\n]*\)|[ \t]+)*")


def _line(*parts: str | None) -> str | None:
    kept = [p for p in parts if p]
    return " ".join(kept) if kept else None


def _field(key: str, value: Any, suffix: str = "") -> str | None:
    return None if value is None else f"{key}: {as_written(value)}{suffix}"


def _name_line(ship: UsdShip) -> str | None:
    """The ship's name, TL and type: the heading form of the combat example, "Coronation (Royal-class BB) TL-12",
    where a description or a name with an unmatched bracket or a colon reads back only in it; else ``Class:``."""
    bracketed = ship.class_name is not None and not _CLASS_VALUE.fullmatch(ship.class_name)
    if ship.class_name is not None and ship.tl is not None and (ship.description or bracketed):
        description = f" ({ship.description})" if ship.description else ""
        return _line(f"{ship.class_name}{description} TL-{ship.tl}", _field("Type", ship.ship_type))
    if ship.class_name is not None:
        name = ship.class_name + (f" ({ship.description})" if ship.description else "")
        return _line(f"Class: {name}", _field("TL", ship.tl), _field("Type", ship.ship_type))
    return _line(_field("TL", ship.tl), _field("Type", ship.ship_type))


def _hull_lines(ship: UsdShip) -> list[str | None]:
    """Displacement, cost and mass; size, armour and toughness; drives, power and G tolerance; fuel and cargo;
    crew, troops and passengers."""
    return [
        _line(
            _field("Displacement", ship.displacement, " tons"),
            f"Cost: MCr {as_written(ship.cost_mcr)}" if ship.cost_mcr is not None else None,
            _field("Mass", ship.mass, " tonnes"),
        ),
        _line(
            _field("Size", ship.size),
            _field("Armour", ship.armour, ship.armour_mark or ""),
            _field("Toughness", ship.toughness),
        ),
        _line(
            _field("Maneuver", ship.maneuver),
            _field("Jump", ship.jump),
            f"Power: {' + '.join(str(p) for p in ship.power)}" if ship.power else None,
            _field("GTolerance", ship.g_tolerance),
        ),
        _line(
            _field("JFuel", ship.jump_fuel, " tons"),
            _field("Cargo", ship.cargo, f" {ship.cargo_unit}" if ship.cargo_unit else ""),
        ),
        _line(_field("Crew", ship.crew), _field("Troops", ship.troops), _field("Passengers", ship.passengers)),
    ]


def _sensor_line(ship: UsdShip) -> str | None:
    """``Sensors:`` and each sensor, under its kind's key where the kind changes."""
    if not ship.sensors:
        return None
    parts, kind = ["Sensors:"], None
    for sensor in ship.sensors:
        if sensor.kind != kind:
            parts.append(f"{sensor.kind}:")
            kind = sensor.kind
        parts.append(sensor.render())
    return " ".join(parts)


def _electronics_lines(ship: UsdShip) -> list[str | None]:
    """Computers, sensors, signature, ECM, fire control and the crew's quality."""
    lines = ["Computers: " + " ".join(f"{c.count}x{c.model}" for c in ship.computers) if ship.computers else None]
    lines.append(_sensor_line(ship))
    if ship.signature is not None:
        sig = ship.signature
        labelled = (("Vis", sig.vis), ("IR", sig.ir), ("Active", sig.active), ("Lidar", sig.lidar))
        lines.append(_line("Signature:", *(f"{label}: {short(v)}" for label, v in labelled if v is not None)))
    if ship.ecm:
        lines.append("ECM: " + " ".join(f"{j.kind}: {short(j.rating)}" for j in ship.ecm))
    if ship.fire_control is not None:
        note = f" ({ship.fire_control_note})" if ship.fire_control_note else ""
        lines.append(f"Fire Control: {ship.fire_control:+d}{note}")
    if ship.crew_quality is not None:
        cq = ship.crew_quality
        lines.append(
            _line(
                f"{cq.quality} Crew:" if cq.quality else None,
                _field("Skill", cq.skill),
                _field("Skill+Attribute", cq.skill_attribute),
            )
        )
    return lines


def _weapon_lines(ship: UsdShip) -> list[str | None]:
    """The range header, each battery (its range limit a line of its own under it, as the sample sheets write
    it), then the launchers, sandcasters and meson screen."""
    lines = ["Weapons: " + " ".join(ship.range_header) if ship.range_header else None]
    for weapon in ship.weapons:
        lines.append(weapon.render())
        if weapon.max_range is not None:
            lines.append(weapon.limit_text())
    lines.append(_field("Launchers", ship.missile_launchers))
    lines.append(_field("Sandcasters", ship.sandcaster_count))
    lines.append(_field("Meson Screen", ship.meson_screen))
    return lines


def render_usd(ship: UsdShip) -> str:
    """The sheet text of one ship: hull lines, electronics, weapons, then notes."""
    lines = [_name_line(ship), *_hull_lines(ship), *_electronics_lines(ship), *_weapon_lines(ship)]
    lines.extend(f"Notes: {note.text}" for note in ship.notes)
    return "\n".join(line for line in lines if line) + "\n"
