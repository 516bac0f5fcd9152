"""One battery's fire as text and as data (``shipyard tcs shot``): each roll with its number and DMs by name, the
chance of each as a fraction, the damage tables' results for a hit that gets through."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from shipyard.core.chances import chance_data, chance_text, distribution_text
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.fire import Roll
from shipyard.systems.tcs.combat.odds import ShotOdds

#: The damage tables' names in text.
TABLE_NAMES = {"surface": "surface explosion", "radiation": "radiation damage", "interior": "interior explosion"}


def _signed(value: int) -> str:
    return f"{value:+d}"


def _dms(roll: Roll) -> str:
    return ", ".join(f"{label} {_signed(value)}" for label, value in roll.dms)


def _roll_text(roll: Roll, chance: Fraction) -> str:
    if roll.automatic:
        return f"{roll.label}: {roll.number} or less, passed without a roll: {chance_text(chance)}"
    dms = f"DMs {_dms(roll)} = {_signed(roll.dm)}" if roll.dms else "no DM"
    return f"{roll.label}: {roll.number} on 2D, {dms}: 2D >= {roll.number - roll.dm}: {chance_text(chance)}"


def _distribution(found: dict[str, Fraction]) -> dict[str, dict[str, str | float]]:
    return {key: chance_data(value) for key, value in found.items()}


def _roll_data(roll: Roll, chance: Fraction) -> dict[str, Any]:
    return {
        "roll": roll.label,
        "number": roll.number,
        "dms": [{"label": label, "value": value} for label, value in roll.dms],
        "dm": roll.dm,
        "automatic": roll.automatic,
        "p": chance_data(chance),
    }


def shot_document(odds: ShotOdds, attacker: str, target: str, band: str) -> dict[str, Any]:
    """The odds as data: each chance as its exact fraction (text) and its float."""
    shot = odds.attack
    gun = shot.battery
    readings = shot.readings
    return {
        "attacker": attacker,
        "target": target,
        "battery": {
            "weapon": gun.weapon,
            "factor": gun.factor,
            "code": gun.letter,
            "spinal": gun.spinal,
            "batteries": gun.count,
            "bearing": gun.bearing,
        },
        "range": band,
        "to_hit": _roll_data(shot.to_hit, odds.p_to_hit),
        "penetration": [_roll_data(r, p) for r, p in zip(shot.penetration, odds.p_penetration, strict=True)],
        "p_hit": chance_data(odds.p_to_hit),
        "p_penetrate": chance_data(odds.p_penetrate),
        "p_through": chance_data(odds.p_through),
        "damage": {
            "sets": shot.sets,
            "tables": [
                {"table": rolls.table, "dm": rolls.dm, "rolls": shot.sets, "results": _distribution(found)}
                for rolls, found in odds.damage
            ],
            "interior_explosion": (
                None
                if odds.interior is None
                else {
                    "dm": odds.interior[0].dm if readings.interior_from_surface_dm == "carry" else 0,
                    "results": _distribution(odds.interior[1]),
                }
            ),
            "automatic_criticals": shot.criticals,
            "critical_table": _distribution(odds.criticals),
        },
        "rerolls": readings.rerolls,
        "readings": readings.changed(),
        "notes": list(shot.notes),
    }


def shot_text(odds: ShotOdds, attacker: str, target: str, band: str, assumed: list[str]) -> str:
    """The odds for a terminal."""
    shot = odds.attack
    gun = shot.battery
    readings = shot.readings
    lines = [
        f"{attacker}, one {gun.label()} ({gun.bearing} of {gun.count} bearing) at {target}, {band} range",
        "to hit: " + _roll_text(shot.to_hit, odds.p_to_hit).split(": ", 1)[1],
    ]
    if shot.penetration:
        lines.append("penetration, each roll in turn:")
        lines += [f"  {_roll_text(r, p)}" for r, p in zip(shot.penetration, odds.p_penetration, strict=True)]
        lines.append(f"through every defence: {chance_text(odds.p_penetrate)}")
    else:
        lines.append("penetration: nothing to penetrate")
    lines.append(f"hits and gets through: {chance_text(odds.p_through)}")
    sets = f"{shot.sets} sets of" if shot.sets > 1 else "one roll on each of"
    lines.append(f"damage, a hit that gets through: {sets} {', '.join(TABLE_NAMES[r.table] for r in shot.tables)}")
    for rolls, found in odds.damage:
        lines.append(f"  {TABLE_NAMES[rolls.table]}, DM {_signed(rolls.dm)}: {distribution_text(found)}")
    if odds.interior is not None:
        dm = odds.interior[0].dm if readings.interior_from_surface_dm == "carry" else 0
        lines.append(
            f"  interior explosion (from the surface table), DM {_signed(dm)}: {distribution_text(odds.interior[1])}"
        )
    lines.append(f"automatic critical hits: {shot.criticals}")
    if shot.criticals or any(t.CRITICAL in found for _, found in odds.damage):
        lines.append(
            f"  each critical: armour -1, then 2D on the critical hit table: {distribution_text(odds.criticals)}"
        )
    lines.append(
        "TCS82 re-rolls: "
        + ("natural 12s to hit and penetrate, natural 2s on damage" if readings.rerolls else "off (--rerolls)")
    )
    changed = readings.changed()
    if changed:
        lines.append("readings: " + ", ".join(f"{name}={value}" for name, value in changed.items()))
    lines += [f"note: {note}" for note in shot.notes]
    lines += [f"assumed: {text}" for text in assumed]
    return "\n".join(lines) + "\n"
