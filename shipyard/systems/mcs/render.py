"""A ``UsdShip`` written back as a USD sheet, in the layout of the seed's sample ships.

The text reads back (``parse_usd``) to an equal ship: that round trip is tested on every fixture.
"""

from __future__ import annotations

import re

from shipyard.core.numbers import as_written, short
from shipyard.systems.mcs.model import UsdShip

#: What a ``Class:`` value reads back as (grammars/usd.lark: WORD and PAREN_TEXT): words and whole brackets.
_CLASS_VALUE = re.compile(r"(?:[^\s:()]+|\([^()\n]*\)|[ \t]+)*")


def _line(*parts: str | None) -> str | None:
    kept = [p for p in parts if p]
    return " ".join(kept) if kept else None


def render_usd(ship: UsdShip) -> str:
    """The sheet text of one ship: hull lines, electronics, weapons, then notes."""

    def field(key: str, value, suffix: str = "") -> str | None:
        return None if value is None else f"{key}: {as_written(value)}{suffix}"

    lines: list[str | None] = []
    bracketed = ship.class_name is not None and not _CLASS_VALUE.fullmatch(ship.class_name)
    if ship.class_name is not None and ship.tl is not None and (ship.description or bracketed):
        # The heading form of the combat example, "Coronation (Royal-class BB) TL-12"; a name with an unmatched
        # bracket or a colon reads back only in it.
        description = f" ({ship.description})" if ship.description else ""
        lines.append(_line(f"{ship.class_name}{description} TL-{ship.tl}", field("Type", ship.ship_type)))
    elif ship.class_name is not None:
        name = ship.class_name + (f" ({ship.description})" if ship.description else "")
        lines.append(_line(f"Class: {name}", field("TL", ship.tl), field("Type", ship.ship_type)))
    else:
        lines.append(_line(field("TL", ship.tl), field("Type", ship.ship_type)))
    lines.append(
        _line(
            field("Displacement", ship.displacement, " tons"),
            f"Cost: MCr {as_written(ship.cost_mcr)}" if ship.cost_mcr is not None else None,
            field("Mass", ship.mass, " tonnes"),
        )
    )
    lines.append(
        _line(
            field("Size", ship.size),
            field("Armour", ship.armour, ship.armour_mark or ""),
            field("Toughness", ship.toughness),
        )
    )
    lines.append(
        _line(
            field("Maneuver", ship.maneuver),
            field("Jump", ship.jump),
            f"Power: {' + '.join(str(p) for p in ship.power)}" if ship.power else None,
            field("GTolerance", ship.g_tolerance),
        )
    )
    lines.append(
        _line(
            field("JFuel", ship.jump_fuel, " tons"),
            field("Cargo", ship.cargo, f" {ship.cargo_unit}" if ship.cargo_unit else ""),
        )
    )
    lines.append(_line(field("Crew", ship.crew), field("Troops", ship.troops), field("Passengers", ship.passengers)))
    if ship.computers:
        lines.append("Computers: " + " ".join(f"{c.count}x{c.model}" for c in ship.computers))
    if ship.sensors:
        parts, kind = ["Sensors:"], None
        for sensor in ship.sensors:
            if sensor.kind != kind:
                parts.append(f"{sensor.kind}:")
                kind = sensor.kind
            parts.append(sensor.render())
        lines.append(" ".join(parts))
    if ship.signature is not None:
        sig = ship.signature
        lines.append(
            _line(
                "Signature:",
                *(
                    f"{label}: {short(value)}"
                    for label, value in (("Vis", sig.vis), ("IR", sig.ir), ("Active", sig.active), ("Lidar", sig.lidar))
                    if value is not None
                ),
            )
        )
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
                field("Skill", cq.skill),
                field("Skill+Attribute", cq.skill_attribute),
            )
        )
    if ship.range_header:
        lines.append("Weapons: " + " ".join(ship.range_header))
    for weapon in ship.weapons:
        lines.append(weapon.render())
        if weapon.max_range is not None:
            lines.append(weapon.limit_text())  # a line of its own under its battery, as the sample sheets write it
    lines.append(field("Launchers", ship.missile_launchers))
    lines.append(field("Sandcasters", ship.sandcaster_count))
    lines.append(field("Meson Screen", ship.meson_screen))
    lines.extend(f"Notes: {note.text}" for note in ship.notes)
    return "\n".join(line for line in lines if line) + "\n"
