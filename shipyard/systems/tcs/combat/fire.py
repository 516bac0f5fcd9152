"""One battery's fire at one ship (reference §2.1): the numbers it needs (``attack``: to hit, each penetration
roll, the damage rolls and automatic criticals, each DM by name), and the engine's draw of it (``draw``). The
exact odds (``odds.shot_odds``) are worked from the same ``Attack``, so the two read one set of numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS, Readings
from shipyard.systems.tcs.combat.ship import WEAPON_NAMES, Battery, Combatant

#: Range bands, in the order of tables.RANGE_DM's pairs.
RANGES = ("long", "short")
BEAMS = ("laser", "pulse_laser", "energy")


class CannotFire(ValueError):
    """The battery cannot fire at that range, or at all; the message says why."""


class Roll:
    """One roll of 2D + DMs against a number; ``automatic``: it succeeds without being rolled."""

    __slots__ = ("automatic", "dms", "label", "number")

    def __init__(self, label: str, number: int, dms: list[tuple[str, int]], automatic: bool = False) -> None:
        self.label = label
        self.number = number
        self.dms = dms
        self.automatic = automatic

    @property
    def dm(self) -> int:
        return sum(value for _, value in self.dms)


class TableRolls:
    """The rolls one damage table takes in each set: the armour part of its DM (the part a TCS82 natural-2
    re-roll lowers) and the rest."""

    __slots__ = ("armour", "other", "table")

    def __init__(self, table: str, armour: int, other: int) -> None:
        self.table = table
        self.armour = armour
        self.other = other

    @property
    def dm(self) -> int:
        return self.armour + self.other


class Attack:
    """What one battery's fire at one ship needs: the to-hit roll, the penetration rolls in order, the sets of
    damage rolls for a hit that penetrates, and its automatic critical hits."""

    __slots__ = ("battery", "criticals", "notes", "penetration", "readings", "sets", "tables", "to_hit")

    def __init__(
        self,
        battery: Battery,
        to_hit: Roll,
        penetration: list[Roll],
        sets: int,
        tables: list[TableRolls],
        criticals: int,
        readings: Readings,
        notes: list[str],
    ) -> None:
        self.battery = battery
        self.to_hit = to_hit
        self.penetration = penetration
        self.sets = sets
        self.tables = tables
        self.criticals = criticals
        self.readings = readings
        self.notes = notes


def _further(value: int) -> int:
    """A DM one further from zero (TCS82 concentrated fire: "-1 becomes -2, +2 becomes +3, zero remains zero")."""
    return value + (value > 0) - (value < 0)


def computer_dm(firer: Combatant, target: Combatant, readings: Readings) -> int:
    return firer.computer - (target.computer if readings.computer_dm == "difference" else 0)


def range_dm(battery: Battery, band: str, readings: Readings) -> int:
    if battery.weapon in ("laser", "pulse_laser") and readings.laser_range_dm == "short":
        pair: tuple[int | None, int | None] = t.LASER_RANGE_DM_SHORT
    else:
        pair = t.RANGE_DM[battery.weapon]
    found = pair[RANGES.index(band)]
    if found is None:
        raise CannotFire(f"{WEAPON_NAMES[battery.weapon]}s cannot fire at {band} range (High Guard, range DMs)")
    return found


def to_hit_roll(
    firer: Combatant,
    battery: Battery,
    target: Combatant,
    band: str,
    readings: Readings = DEFAULT_READINGS,
    concentrated: bool = False,
    emergency_agility: bool = False,
) -> Roll:
    """The to-hit roll (reference §3): the weapon's number for its factor, and each DM by name."""
    if concentrated:
        band = "short"  # TCS82: "short range is always in effect"
    if battery.spinal:
        number = t.TO_HIT_SPINAL[battery.table][battery.factor - t.SPINAL_FACTORS.start]
    else:
        number = t.TO_HIT_BAY[battery.table][min(battery.factor, t.MOST_BAY_FACTOR) - 1]
    dms = [
        ("relative computer", computer_dm(firer, target, readings)),
        ("target agility", -target.agility),
        ("target size", t.size_dm(target.size, readings.size_dm)),
        (f"{band} range", range_dm(battery, band, readings)),
    ]
    if concentrated:
        pushed = {label for label, _ in dms} if readings.concentrated_dms == "all" else {f"{band} range"}
        dms = [(label, _further(value) if label in pushed else value) for label, value in dms]
        dms.append(("concentrated fire", t.CONCENTRATED_TO_HIT))
    if emergency_agility and battery.weapon == "missile":
        dms.append(("emergency agility", t.EMERGENCY_AGILITY_MISSILE_DM))
    return Roll("to hit", number, [(label, value) for label, value in dms if value or label.endswith("range")])


def _floored(label: str, raw: int, dms: list[tuple[str, int]], readings: Readings) -> Roll:
    """A penetration roll whose number may come out below 0 (reference §6 row 13)."""
    if readings.zero_floor == "automatic" and raw <= 0:
        return Roll(label, raw, dms, automatic=True)
    return Roll(label, max(0, raw) if readings.zero_floor == "floor" else raw, dms)


def _meson_configuration(factor: int, spinal: bool, configuration: int, readings: Readings) -> int:
    index = factor - t.SPINAL_FACTORS.start if spinal else factor - 1
    rows = t.MESON_CONFIGURATION_SPINAL if spinal else t.MESON_CONFIGURATION_BAY
    row: tuple[int, ...] = rows[configuration - 1]
    for (name, value), (cfg, kind, other) in t.MESON_CONFIGURATION_OTHER.items():
        if cfg == configuration and kind == ("spinal" if spinal else "bay") and getattr(readings, name) == value:
            row = other
    if spinal and readings.zero_floor != "floor" and configuration in t.MESON_CONFIGURATION_SPINAL_UNFLOORED:
        c, k = t.MESON_CONFIGURATION_SPINAL_UNFLOORED[configuration]
        return c - (factor - k) // 3
    return row[index]


def penetration_rolls(
    firer: Combatant,
    battery: Battery,
    target: Combatant,
    defence: dict[str, int],
    readings: Readings = DEFAULT_READINGS,
) -> tuple[list[Roll], list[str]]:
    """The penetration rolls of a hit, in order (reference §4, §2.1 step 3), with the defender's assigned active
    defences (``defence``: batteries of ``sand``, ``beam``, ``laser``, ``energy``, ``repulsor``), and notes on
    what was assigned and could not act."""
    computer = computer_dm(firer, target, readings) if readings.computer_dm_on_penetration == "yes" else 0
    base = [("relative computer", computer)] if computer else []
    notes: list[str] = []
    rolls: list[Roll] = []
    f = battery.factor
    weapon = battery.weapon
    if weapon == "missile":
        if target.damper and firer.missiles == "nuclear":
            rolls.append(Roll(f"nuclear damper {target.damper}", t.MISSILE_VS_DAMPER + target.damper - f, base))
        for kind in ("sand", "beam", "laser", "energy", "repulsor"):
            for label, factor, extra in _assigned(target, kind, defence.get(kind, 0), notes, readings):
                raw = (t.MISSILE_VS_REPULSOR if kind == "repulsor" else t.MISSILE_VS_SAND_OR_BEAM) + factor - f
                rolls.append(_floored(label, raw, base + extra, readings))
    elif weapon in BEAMS:
        for label, factor, _ in _assigned(target, "sand", defence.get("sand", 0), notes, readings):
            dms = list(base)
            if weapon == "energy" and readings.energy_plus2 == "energy_vs_sand":
                dms.append(("energy weapon", t.ENERGY_PENETRATION_DM))
            raw = t.BEAM_VS_SAND[int(readings.beam_sand_base)] + factor - f
            rolls.append(_floored(label, raw, dms, readings))
        for kind in ("beam", "laser", "energy", "repulsor"):
            if defence.get(kind):
                notes.append(f"{kind} defence acts against missiles only: not rolled")
    else:
        if any(defence.values()):
            notes.append(f"active defences do not act against {WEAPON_NAMES[weapon]}s: none rolled")
        if weapon == "meson":
            if target.meson_screen:
                rows = t.MESON_SCREEN_SPINAL if battery.spinal else t.MESON_SCREEN_BAY
                index = f - t.SPINAL_FACTORS.start if battery.spinal else f - 1
                rolls.append(Roll(f"meson screen {target.meson_screen}", rows[target.meson_screen - 1][index], base))
            number = _meson_configuration(f, battery.spinal, target.configuration, readings)
            rolls.append(_floored(f"configuration {target.configuration}", number, base, readings))
    return rolls, notes


def _assigned(
    target: Combatant, kind: str, wanted: int, notes: list[str], readings: Readings
) -> list[tuple[str, int, list[tuple[str, int]]]]:
    """The defensive batteries of ``kind`` the defender assigns (at most those that bear): a label, the factor,
    and any DM the missile gets against it."""
    if not wanted:
        return []
    if kind == "sand" or kind == "repulsor":
        held = target.sand if kind == "sand" else target.repulsor
        name = "sandcaster" if kind == "sand" else "repulsor"
        if held is None:
            notes.append(f"{target.name} has no {name}s: {kind}={wanted} not rolled")
            return []
        used = min(wanted, held.bearing)
        if used < wanted:
            notes.append(f"{target.name} has {held.bearing} {name} batteries bearing: {used} rolled, not {wanted}")
        return [(f"{name} {held.factor}", held.factor, [])] * used
    kinds = {"beam": BEAMS, "laser": ("laser", "pulse_laser"), "energy": ("energy",)}[kind]
    found: list[tuple[str, int, list[tuple[str, int]]]] = []
    for weapon, battery in target.beam_defence():
        if weapon in kinds:
            extra = (
                [("against energy defence", t.ENERGY_PENETRATION_DM)]
                if (weapon == "energy" and readings.energy_plus2 == "missile_vs_energy_defence")
                else []
            )
            found += [(f"{WEAPON_NAMES[weapon]} defence {battery.factor}", battery.factor, extra)] * battery.bearing
    if len(found) < wanted:
        notes.append(f"{target.name} has {len(found)} {kind} batteries bearing: {len(found)} rolled, not {wanted}")
    return found[:wanted]


def damage_key(battery: Battery, missiles: str) -> str:
    if battery.weapon == "missile":
        return f"missile_{missiles}"
    if battery.spinal:
        return f"{battery.weapon}_spinal"
    return battery.weapon


def attack(
    firer: Combatant,
    battery: Battery,
    target: Combatant,
    band: str,
    defence: dict[str, int] | None = None,
    readings: Readings = DEFAULT_READINGS,
    concentrated: bool = False,
    emergency_agility: bool = False,
) -> Attack:
    """The numbers of one battery's fire at one ship; CannotFire when it cannot fire at that range."""
    to_hit = to_hit_roll(firer, battery, target, band, readings, concentrated, emergency_agility)
    penetration, notes = penetration_rolls(firer, battery, target, defence or {}, readings)
    tables, armour_counts, extra = t.DAMAGE_ROLLS[damage_key(battery, firer.missiles)]
    armour = target.armour if armour_counts else 0
    other = extra + (t.CONCENTRATED_DAMAGE if concentrated else 0)
    if battery.weapon == "particle_accelerator" and battery.spinal:
        sets = 1 + max(0, battery.factor - t.PA_SPINAL_SETS_LESS - target.armour)
    elif battery.weapon == "meson" and battery.spinal:
        sets = battery.factor - t.MESON_SPINAL_SETS_LESS
    else:
        sets = 1
    armour_off = 0 if battery.weapon == "meson" else target.armour // t.ARMOUR_PER_CRITICAL
    criticals = max(0, battery.factor - target.size - armour_off)
    rolls = [TableRolls(table, armour, other) for table in tables]
    if target.fib and "radiation" in tables:
        notes.append(f"the radiation table's computer results do nothing to {target.name}'s fib computer (TML97)")
    return Attack(battery, to_hit, penetration, sets, rolls, criticals, readings, notes)


# -- the engine's draw ----------------------------------------------------------------------------------------


def two_dice(rng: random.Random) -> int:
    return rng.randint(1, 6) + rng.randint(1, 6)


def reroll_bonus(bonus: int, natural_12: str) -> int:
    """The bonus of the re-roll after a natural 12 short of the number: 6 more ("cumulative") or 6 ("flat")."""
    return bonus + t.REROLL_BONUS if natural_12 == "cumulative" else t.REROLL_BONUS


def rerolls_natural_2(natural: int, result: str, table: str, armour: int, readings: Readings) -> bool:
    """Whether the attacker re-rolls a damage roll (TCS82 Rules modifications 3): a natural 2 on the surface or
    radiation table that gave no critical hit, while there is armour left to take 6 from (reading natural_2)."""
    return (
        natural == t.DAMAGE_REROLL_NATURAL
        and result != t.CRITICAL
        and readings.rerolls
        and readings.natural_2 == "unless_critical"
        and table in t.DAMAGE_REROLL_TABLES
        and armour > 0
    )


def succeeds(roll: Roll, readings: Readings, rng: random.Random) -> bool:
    """One roll made, with TCS82's natural-12 re-rolls by the reading."""
    if roll.automatic:
        return True
    bonus = 0
    while True:
        natural = two_dice(rng)
        if natural + roll.dm + bonus >= roll.number:
            return True
        if natural != t.REROLL_NATURAL or not readings.rerolls:
            return False
        bonus = reroll_bonus(bonus, readings.natural_12)


def table_roll(rolls: TableRolls, readings: Readings, rng: random.Random) -> tuple[str, int]:
    """One roll on a damage table, with TCS82's natural-2 re-rolls: the result, and how many natural 2s were rolled
    that did not give a critical hit (TCS82 Rules modifications 9 lowers a spinal mount's target's armour by one
    for each)."""
    armour = rolls.armour
    twos = 0
    while True:
        natural = two_dice(rng)
        result = t.table_result(rolls.table, natural + armour + rolls.other, readings.below_two)
        if natural == t.DAMAGE_REROLL_NATURAL and result != t.CRITICAL:
            twos += 1
        if not rerolls_natural_2(natural, result, rolls.table, armour, readings):
            return result, twos
        armour = max(0, armour - t.DAMAGE_REROLL_ARMOUR)


def interior_dm(rolls: TableRolls, readings: Readings) -> int:
    """The DM of an interior explosion reached from a surface roll (reference §5.1, interior_from_surface_dm)."""
    return rolls.dm if readings.interior_from_surface_dm == "carry" else 0


def draw(shot: Attack, rng: random.Random) -> list[tuple[str, str]] | None:
    """One battery's fire drawn: None when it misses or is stopped, else each damage roll as (table, result) in
    order: an interior explosion is followed by its roll on the interior table ("interior explosion"), a critical
    hit by its roll on the critical hit table ("critical"); the automatic criticals come last ("automatic
    critical")."""
    readings = shot.readings
    if not succeeds(shot.to_hit, readings, rng):
        return None
    for roll in shot.penetration:
        if not succeeds(roll, readings, rng):
            return None
    results: list[tuple[str, str]] = []
    for _ in range(shot.sets):
        for rolls in shot.tables:
            result, _natural = table_roll(rolls, readings, rng)
            results.append((rolls.table, result))
            if result == t.INTERIOR_EXPLOSION:
                result, _ = table_roll(TableRolls("interior", 0, interior_dm(rolls, readings)), readings, rng)
                results.append(("interior explosion", result))
            if result == t.CRITICAL:
                results.append(("critical", critical(rng, readings)))
    results += [("automatic critical", critical(rng, readings)) for _ in range(shot.criticals)]
    return results


def critical(rng: random.Random, readings: Readings) -> str:
    """One roll on the critical hit table (2D, no DM)."""
    return t.CRITICALS[readings.critical_order][two_dice(rng) - 2]


__all__: Sequence[str] = ["Attack", "CannotFire", "Roll", "TableRolls", "attack", "draw"]
