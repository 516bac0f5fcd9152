"""MCS damage (MCS 4.5, 5.0-5.3): a hit's severity, its location on the surface and inside, and what each does
to a ship, as ``Change`` records that take effect at the end of the turn (MCS 2.4). Every roll goes through the
``Context``'s dice with the reason it is made.
Over 600 lines: the damage sequence of MCS 5.0-5.3 is one compiled unit with the engine (setup.py), its
severity, location and effect steps each a short function; ``resolve_counted`` is its inlined copy for counted
battles, measured against ``resolve_damage`` in docs/benchmarks.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.dice import Dice, totals
from shipyard.systems.mcs.combat.readings import POWER_LOSS_WORDS, Readings, Weapon
from shipyard.systems.mcs.combat.state import (
    MISSILES,
    SANDCASTERS,
    WEAPONS,
    Battery,
    CombatShip,
    SensorState,
    TurnEffect,
    per_tons,
    who,
)

# ---- damage ---------------------------------------------------------------------------------------------


def _nothing() -> None:
    return None


class Change:
    """One effect of a hit: its words (empty when nothing is narrated), its change to the state at the end of the
    turn. A plain class with its constructor written out (compiled, a dataclass's generated one runs as Python)."""

    def __init__(self, ship: CombatShip, text: str, apply: Callable[[], None] = _nothing) -> None:
        self.ship = ship
        self.text = text
        self.apply = apply


class Hit(NamedTuple):
    """A hit to resolve: the weapon kind, its penetration and damage value."""

    weapon: Weapon
    pen: int
    dv: int
    label: str


@dataclass
class Context:
    """What resolving a hit needs besides the hit: the dice, the options, the narration, the changes made."""

    dice: Dice
    options: Readings
    turn: int = 1
    log: list[str] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    #: Systems destroyed by a hit of this turn, not yet in effect: a second hit on one is wasted too.
    destroying: set[tuple[int, str]] = field(default_factory=set)
    #: Weapon (battery) hits so far, for the weasel rule's even-numbered hits.
    battery_hits: int = 0
    #: Keep the narration (False: many battles counted, only the changes matter).
    narrate: bool = True

    def say(self, text: str) -> None:
        if self.narrate:
            self.log.append(text)

    def change(self, ship: CombatShip, text: str, apply: Callable[[], None] = _nothing) -> None:
        """A change to make at the end of the turn, in words. The words are only said when narrating, and a
        caller whose words have figures in them builds them only then (``if ctx.narrate else ""``): words cost
        more than the change."""
        if self.narrate:
            self.log.append(f"  -> {text}")
        self.changes.append(Change(ship, text, apply))


def severity_against(options: Readings, target: CombatShip) -> int:
    """MCS 5.2: what a severity roll subtracts, the target's toughness (the table, the examples) or its size (the
    text), as ``severity_against`` reads it."""
    return target.toughness if options.severity_against == "toughness" else target.size


def severity_die(options: Readings, laser: bool) -> int:
    """MCS 5.2: the severity die, a d6; a d3 for a laser under Optional 5.3 (``pc_survivability``)."""
    return t.PC_SURVIVABILITY_DIE if options.pc_survivability and laser else t.SEVERITY_DIE


def severity_roll(ctx: Context, target: CombatShip, dv: int, weapon: Weapon, where: str) -> tuple[str, ...]:
    """MCS 5.2: d6 + DV - toughness (1d3 for lasers under Optional 5.3); the levels of the hits it makes (2x
    critical is two critical hits). Optional 5.6 (quick combat): DV - toughness criticals, no roll."""
    options = ctx.options
    label = options.severity_against
    against = severity_against(options, target)
    if options.quick_combat:
        hits = t.quick_hits(dv, against, options.quick_heavy_on_zero)
        if ctx.narrate:
            count = dv - against
            said = f"{count} critical hit(s)" if count > 0 else f"{count}: {'heavy' if hits else 'no effect'}"
            ctx.say(f"  {where}: DV {dv} - {against} {label} = {said}")
        return hits
    sides = severity_die(options, weapon == "laser")
    die = ctx.dice.roll(1, sides, "severity", where)
    total = die + dv - against
    if ctx.narrate:
        level, count = t.severity(total)
        ctx.say(
            f"  {where} severity: {die} (1d{sides}) + {dv} DV - {against} {label} = {total}: "
            f"{t.level_name(level, count)}"
        )
    return t.severity_levels(total)


def _pick(ctx: Context, options: list, why: str) -> Any:
    return options[ctx.dice.pick(len(options), why) - 1] if len(options) > 1 else options[0]


def _reduce_battery(ctx: Context, ship: CombatShip, battery: Battery, loss: int | None, level: str) -> None:
    group = ship.group_of(battery)
    if loss is None:

        def destroy() -> None:
            battery.destroyed = True

        ctx.change(ship, f"{battery.label} destroyed ({level})" if ctx.narrate else "", destroy)
        return
    if loss == 0:
        ctx.say("  -> no effect")
        return
    if group.kind == "missile":

        def salvo() -> None:
            battery.rof -= loss

        said = f"{battery.label} salvo rating reduced by {loss} to {battery.rof - loss:+d}" if ctx.narrate else ""
        ctx.change(ship, said, salvo)
        return

    def reduce() -> None:
        battery.dam = [None if d is None else d - loss for d in battery.dam]

    if not ctx.narrate:
        ctx.change(ship, "", reduce)
        return
    after = " ".join("-" if d is None else str(d - loss) for d in battery.dam)
    ctx.change(ship, f"{battery.label} USD reduced by {loss} (damage {after})", reduce)


#: MCS 5.3, radiator: ``tables.RADIATOR``'s IR in half points, and its limit, so a ship's IR added is whole.
RADIATOR_HALVES = {level: (int(ir * 2), power) for level, (ir, power) in t.RADIATOR.items()}
RADIATOR_LIMIT_HALVES = int(t.RADIATOR_IR_LIMIT * 2)

WHICH_BATTERY = {mount: f"which {mount} battery" for mount in ("spinal", "bay", "turret")}


def battery_hit(ctx: Context, ship: CombatShip, mount: str, level: str, losses: dict[str, int | None]) -> None:
    """A spinal, bay or turret hit: one battery of that mount, chosen at random (MCS 5.3; the weasel rule is the
    firing player's choice and is scripted the same way)."""
    candidates = ship.mounted(mount)  # type: ignore[arg-type]
    if not candidates:
        if ctx.narrate:
            ctx.say(f"  -> no {mount} weapon: no effect")
        return
    ctx.battery_hits += 1
    chooser = (
        "the firing player's choice (weasel rule)"
        if ctx.options.weasel and ctx.battery_hits % 2 == 0
        else WHICH_BATTERY[mount]
    )
    battery = _pick(ctx, candidates, chooser)
    if ship.group_of(battery).tpaw:
        _reduce_battery(ctx, ship, battery, None, level)
        return
    _reduce_battery(ctx, ship, battery, losses[level], level)


def _sensor_of(ship: CombatShip, kind: str) -> list[SensorState]:
    return [s for s in ship.sensors if s.kind == kind and not s.destroyed]


def _lower_sensor(ctx: Context, ship: CombatShip, sensor: SensorState, loss: Fraction | int | None) -> None:
    if loss is None:

        def destroy() -> None:
            sensor.destroyed = True

        ctx.change(ship, f"{sensor.kind} {float(sensor.sensitivity)} destroyed" if ctx.narrate else "", destroy)
        return

    def lower() -> None:
        sensor.sensitivity += loss

    said = (
        f"{sensor.kind} {float(sensor.sensitivity)} sensitivity {float(loss):+} to {float(sensor.sensitivity + loss)}"
        if ctx.narrate
        else ""
    )
    ctx.change(ship, said, lower)


def sensor_hit(ctx: Context, ship: CombatShip, level: str) -> None:
    """MCS 5.3, Antenna/Sensor: the system on 2d6, then its effect."""
    roll = ctx.dice.roll(2, 6, "sensor hit system")
    system = t.lookup(t.SENSOR_SYSTEMS, roll)
    if ctx.narrate:
        ctx.say(f"  sensor system: {roll} (2d6): {system}")
    if system in ("AEMS", "PEMS", "ECM"):
        found = _sensor_of(ship, system)
        if not found:
            if ctx.narrate:
                ctx.say(f"  -> no {system}: no effect")
            return
        # "always hits the largest AEMS" (PEMS likewise); a jammer is chosen at random
        sensor = max(found, key=lambda s: s.sensitivity) if system != "ECM" else _pick(ctx, found, "which jammer")
        _lower_sensor(ctx, ship, sensor, t.SENSOR_SENSITIVITY_LOSS[level])
        return
    if system != "LIDAR":  # communicators and decoys are not on MCS sheets
        if ctx.narrate:
            ctx.say(f"  -> the sheet lists no {system}: no effect")
        return
    lidars = _sensor_of(ship, "LIDAR")
    if not lidars:
        ctx.say("  -> no LIDAR: no effect")
        return
    tons = t.ARRAY_TONS_PER_LOSS[level]
    if tons is None and ship.tons_down < t.ARRAY_SMALL_SHIP_TONS:
        _lower_sensor(ctx, ship, _pick(ctx, lidars, "which LIDAR"), t.ARRAY_DAMAGED_SENSITIVITY)
        return
    count = 1 if tons is None else per_tons(ship, tons)
    for _ in range(min(count, len(lidars))):
        chosen = _pick(ctx, lidars, "which LIDAR")
        lidars.remove(chosen)
        _lower_sensor(ctx, ship, chosen, None)


def _note(ctx: Context, ship: CombatShip, text: str) -> None:
    ctx.change(ship, text, lambda: ship.notes.append(text))


def surface_effect(ctx: Context, ship: CombatShip, location: str, level: str) -> None:
    """MCS 5.3: the effect of one surface hit. Hits on facilities the ship lacks are No Effect, except bay hits
    on a ship without bays, which are turret hits."""
    if location == "spinal":
        battery_hit(ctx, ship, "spinal", level, dict(t.SPINAL_APERTURE_LOSS))
    elif location == "bay":
        mount = "bay" if ship.has_mounted("bay") else "turret"
        if mount == "turret":
            ctx.say("  no weapon bays: a turret hit")
        battery_hit(ctx, ship, mount, level, t.SURFACE_BATTERY_LOSS)
    elif location == "turret":
        battery_hit(ctx, ship, "turret", level, t.SURFACE_BATTERY_LOSS)
    elif location == "sensor":
        sensor_hit(ctx, ship, level)
    elif location == "radiator":
        halves, power = RADIATOR_HALVES[level]
        added = min(halves, RADIATOR_LIMIT_HALVES - ship.ir_halves_added)

        def radiate() -> None:
            ship.ir_halves_added += added
            if power and ship.power is not None:
                ship.power = max(0, ship.power + power)

        said = f"radiator: IR signature +{added / 2}" + (f", power plant {power}" if power else "")
        ctx.change(ship, said if ctx.narrate else "", radiate)
    elif ship.lacks(location):  # a facility its sheet does not name: "treated as 'No Effect'"
        if ctx.narrate:
            ctx.say(
                f"  -> no effect: the sheet of {ship.name} names no "
                f"{'drop tanks or grappled craft' if location == 'drop tanks' else 'launch port'}"
            )
    elif location == "launch port":
        _note(ctx, ship, f"launch port, {level}: {t.SURFACE_EFFECTS['launch port'][level]}")
    elif location == "drop tanks":
        _note(ctx, ship, f"drop tanks or grappled craft, {level}: {t.SURFACE_EFFECTS['drop tanks'][level]}")
    else:  # no effect, weak spot: bare hull
        if ctx.narrate:
            ctx.say(f"  -> {t.SURFACE_EFFECTS[location][level]}")


def crew_casualties(ctx: Context, ship: CombatShip, level: str, weapon: Weapon) -> None:
    """MCS 4.5, crew casualties of a (C) hit: by level and tonnage, rounded up; doubled for mesons and PAWs,
    doubled again without vacc suits. A light hit on a ship under 5,000 tons injures one, disabling none."""
    if level == "light" and ship.tons_down < t.CREW_SMALL_SHIP_TONS:

        def injure() -> None:
            ship.crew_injured += 1

        ctx.change(ship, "1 crew member injured (not disabled)", injure)
        return
    crew, tons = t.CREW_CASUALTIES[level]
    count = crew * per_tons(ship, tons, minimum=0)
    why = []
    if weapon in ("meson", "paw"):
        count *= t.RADIATION_CASUALTIES
        why.append(f"x{t.RADIATION_CASUALTIES} {weapon}")
    if not ship.vacc_suits:
        count *= t.NO_VACC_SUIT_CASUALTIES
        why.append(f"x{t.NO_VACC_SUIT_CASUALTIES} no vacc suits")

    def disable() -> None:
        ship.crew_disabled += count

    ctx.change(ship, f"{count} crew disabled" + (f" ({', '.join(why)})" if why else "") if ctx.narrate else "", disable)


def facility_missing(ship: CombatShip, location: str) -> bool:
    """MCS 4.5: "All hits on non-existent facilities (weapon on unarmed ships) are re-rolled"; a facility the
    sheet has is there however damaged: a system destroyed, or a drive damaged to 0, takes the hit, wasted."""
    if location in ("spinal", "bay", "turret"):
        return not ship.lines(location, WEAPONS)  # type: ignore[arg-type]  # one of the mounts, by the test above
    if location == "magazine":
        return not any(g.kind == "missile" for g in ship.groups)
    if location == "screens":
        return ship.meson_screen is None
    if location == "jump drive":
        built = ship.jump if ship.built_jump is None else ship.built_jump
        return not built and "jump drive" not in ship.systems_destroyed
    if location == "maneuver drive":
        built_g = ship.maneuver if ship.built_maneuver is None else ship.built_maneuver
        return built_g == 0 and "maneuver drive" not in ship.systems_destroyed
    return False


def _destroy_system(ctx: Context, ship: CombatShip, system: str, then: Callable[[], None]) -> None:
    if system in ship.systems_destroyed or (id(ship), system) in ctx.destroying:
        if ctx.narrate:
            ctx.say(f"  -> the {system} is destroyed already: the hit is wasted")
        return
    ctx.destroying.add((id(ship), system))

    def destroy() -> None:
        if system not in ship.systems_destroyed:
            ship.systems_destroyed.append(system)
        then()

    ctx.change(ship, f"{system} destroyed" if ctx.narrate else "", destroy)


def electronics(ctx: Context, ship: CombatShip, level: str, weapon: Weapon, system: str | None = None) -> None:
    """MCS 4.5, Electronics/Bridge (1d6, unless a power spike names the system)."""
    if system is None:
        roll = ctx.dice.roll(1, 6, "electronics system")
        system = t.lookup(t.ELECTRONICS, roll)
        if ctx.narrate:
            ctx.say(f"  electronics: {roll} (1d6): {system}")
    if system == "bridge":
        if level == "light":
            ctx.change(
                ship,
                "bridge: all tasks +1 die for one turn",
                lambda: ship.turn_effects.append(TurnEffect("task dice", 1, ctx.turn + 1)),
            )
        else:

            def bridge() -> None:
                ship.extra_task_dice += 1
                if level == "critical":
                    ship.turn_effects.append(TurnEffect("no maneuver or fire", 1, ctx.turn + 1))

            ctx.change(
                ship,
                "bridge "
                + ("destroyed: no maneuver or fire for one turn, " if level == "critical" else "damaged: ")
                + "all tasks +1 die for the battle",
                bridge,
            )
    elif system == "fire control":
        if level == "critical":

            def blind() -> None:
                ship.fire_control = 0
                ship.fire_control_destroyed = True

            ctx.change(ship, "all MFDs destroyed, fire control 0", blind)
        else:
            lost = per_tons(ship, t.MFD_TONS_PER_LOSS[level], minimum=0)
            change = t.FIRE_CONTROL_HEAVY if level == "heavy" else 0

            def control() -> None:
                ship.mfds_lost += lost
                ship.fire_control = max(0, ship.fire_control + change)

            said = f"{lost} MFD(s) destroyed" + (f", fire control {change}" if change else "")
            ctx.change(ship, said if ctx.narrate else "", control)
    elif system == "computer":
        if weapon == "paw" and level != "critical" and not ship.fibre_computers:
            level = t.LEVEL_ORDER[t.LEVEL_ORDER.index(level) + 1]
            if ctx.narrate:
                ctx.say(f"  a PAW against non-fibre computers: one level more, {level}")
        count = (
            1
            if level == "light"
            else (ship.computers if level == "critical" else per_tons(ship, t.COMPUTER_TONS_PER_LOSS))
        )

        def compute() -> None:
            ship.computers_damaged = min(ship.computers, ship.computers_damaged + count)
            ship.computers_lost = ship.computers_lost or level != "light"
            if ship.computers_damaged >= ship.computers:  # no backup left
                ship.extra_task_dice += 1
            if level == "critical":
                ship.turn_effects.append(TurnEffect("no maneuver or fire", 1, ctx.turn + 1))

        said = f"{count} computer(s) {'damaged' if level == 'light' else 'destroyed'}" if ctx.narrate else ""
        ctx.change(ship, said, compute)
    else:
        loss = t.ALL_SENSORS_LOSS[level]

        def dim() -> None:
            for sensor in ship.sensors:
                sensor.sensitivity += loss

        ctx.change(ship, f"all sensor sensitivities {float(loss):+}" if ctx.narrate else "", dim)


def _percent_up(count: int, percent: int) -> int:
    """``percent`` of ``count``, rounded up (a share of salvos is whole salvos), in integers."""
    return -(-count * percent // 100)


def _magazine(ctx: Context, ship: CombatShip, level: str) -> None:
    """MCS 4.5, Missile Magazine: a share of the full missile load destroyed."""
    percent = t.MAGAZINE_LOSS_PERCENT[level]
    launchers = [
        b for g in ship.lines(None, MISSILES) for b in g.batteries if b.salvos is not None and b.full_salvos is not None
    ]

    def magazine() -> None:
        if ctx.options.magazine_loss == "launcher":  # the share of each launcher's load, rounded up
            for battery in launchers:
                battery.salvos = max(0, (battery.salvos or 0) - _percent_up(battery.full_salvos or 0, percent))
            return
        # "10% of full missile load destroyed": the share of the ship's whole load, rounded up to whole salvos,
        # each taken from the launcher with the most left (the first on the sheet on a tie).
        for _ in range(_percent_up(sum(b.full_salvos or 0 for b in launchers), percent)):
            fullest = max(launchers, key=lambda b: b.salvos or 0, default=None)
            if fullest is None or not fullest.salvos:
                break
            fullest.salvos -= 1

    said = ""
    if ctx.narrate:
        full = [b.full_salvos or 0 for b in launchers]
        if ctx.options.magazine_loss == "launcher":
            count = sum(_percent_up(each, percent) for each in full)
        else:
            count = _percent_up(sum(full), percent)
        said = (
            f"missile magazine: {percent}% of the full missile load destroyed ({count} salvo(s) of a full {sum(full)})"
        )
    ctx.change(ship, said, magazine)


def _cargo_or_fittings(ctx: Context, ship: CombatShip, level: str) -> None:
    """MCS 4.5, Cargo/Fittings (1d6): a share of the cargo, or fittings."""
    roll = ctx.dice.roll(1, 6, "cargo or fittings")
    which = t.lookup(t.CARGO_FITTINGS, roll)
    if ctx.narrate:
        ctx.say(f"  cargo/fittings: {roll} (1d6): {which}")
    if which == "cargo":
        share = t.CARGO_LOSS[level]

        def cargo() -> None:
            if ship.cargo is not None:
                ship.cargo -= ship.cargo * share

        ctx.change(ship, f"{float(share):.0%} of cargo destroyed" if ctx.narrate else "", cargo)
    else:
        lost = (
            "all fittings of one type"
            if level == "critical"
            else f"{per_tons(ship, t.FITTINGS_TONS_PER_LOSS[level], 0)} fitting(s)"
        )
        _note(ctx, ship, f"fittings: {lost} destroyed")


def _fuel(ctx: Context, ship: CombatShip, level: str) -> None:
    """MCS 4.5, Fuel: a share of the displacement in fuel lost."""
    share = t.FUEL_LOSS[level]

    def fuel() -> None:
        if ship.fuel is not None:
            ship.fuel = max(Fraction(0), ship.fuel - ship.displacement * share)

    ctx.change(ship, f"{float(ship.displacement * share):g} tons of fuel lost" if ctx.narrate else "", fuel)


def _quarters(ctx: Context, ship: CombatShip, level: str, weapon: Weapon) -> None:
    """MCS 4.5, Crew Quarters: a share destroyed; a critical hit takes the passengers too."""
    percent = t.QUARTERS_LOSS_PERCENT[level]

    def quarters() -> None:
        ship.quarters_lost = min(100, ship.quarters_lost + percent)

    ctx.change(ship, f"{percent}% of crew quarters destroyed" if ctx.narrate else "", quarters)
    if level == "critical" and ship.passengers:
        ctx.say("  passengers take a (C) hit")
        crew_casualties(ctx, ship, "critical", weapon)


def _screens(ctx: Context, ship: CombatShip, level: str) -> None:
    """MCS 4.5, Screens: the meson screen lowered or destroyed."""
    loss = t.SCREEN_LOSS[level]

    def screen() -> None:
        if ship.meson_screen is not None:
            ship.meson_screen = None if loss is None else max(0, ship.meson_screen - loss)

    said = "meson screen destroyed" if loss is None else f"meson screen -{loss}" if ctx.narrate else ""
    ctx.change(ship, said, screen)


def _jump_drive(ctx: Context, ship: CombatShip, level: str) -> None:
    """MCS 4.5, Jump Drive: jump lowered, a misjump DM, or destroyed."""
    jump = t.JUMP_LOSS[level]
    if jump is None:

        def no_jump() -> None:
            ship.jump = 0

        _destroy_system(ctx, ship, "jump drive", no_jump)
    elif jump == 0:

        def misjump() -> None:
            ship.misjump_dm += 1

        ctx.change(ship, "jump drive: +1 DM to misjump", misjump)
    else:

        def lower_jump() -> None:
            ship.jump = max(0, (ship.jump or 0) - jump)

        ctx.change(ship, f"jump -{jump}" if ctx.narrate else "", lower_jump)


def _drive(ctx: Context, ship: CombatShip, location: str, level: str) -> None:
    """MCS 4.5, Power Plant and Maneuver Drive: the rating lowered, for one turn or the battle, or destroyed."""
    amount, one_turn = t.DRIVE_LOSS[level]
    what = "power" if location == "power plant" else "maneuver"
    if amount is None:

        def gone() -> None:
            if what == "power":
                ship.power = 0
            else:
                ship.maneuver = 0

        _destroy_system(ctx, ship, location, gone)
    elif (ship.power if what == "power" else ship.maneuver) == 0:  # nothing left to lower: the hit is wasted
        ctx.change(ship, f"{location}: {what} already 0, the hit is wasted" if ctx.narrate else "")
    elif one_turn:
        ctx.change(
            ship,
            f"{location}: {what} -{amount} for one turn" if ctx.narrate else "",
            lambda: ship.turn_effects.append(TurnEffect(what, amount, ctx.turn + 1)),
        )
    else:

        def lower() -> None:
            if what == "power":
                ship.power = None if ship.power is None else max(0, ship.power - amount)
            else:
                ship.maneuver = max(0, ship.maneuver - amount)

        effect = f" ({POWER_LOSS_WORDS[ship.power_loss]})" if what == "power" else ""
        ctx.change(ship, f"{location}: {what} -{amount}{effect}" if ctx.narrate else "", lower)


def interior_effect(ctx: Context, ship: CombatShip, location: str, level: str, weapon: Weapon) -> None:
    """MCS 4.5: the effect of one interior hit."""
    if location == "electronics":
        electronics(ctx, ship, level, weapon)
    elif location in ("spinal", "bay", "turret"):
        battery_hit(ctx, ship, location, level, t.INTERIOR_BATTERY_LOSS)
    elif location == "magazine":
        _magazine(ctx, ship, level)
    elif location == "cargo/fittings":
        _cargo_or_fittings(ctx, ship, level)
    elif location == "fuel":
        _fuel(ctx, ship, level)
    elif location == "crew quarters":
        _quarters(ctx, ship, level, weapon)
    elif location == "hangar":
        _note(
            ctx,
            ship,
            {
                "light": "hangar: 1% of carried craft (at least 1) take a critical hit",
                "heavy": "hangar: 10% of carried craft and one launch facility destroyed",
                "critical": "hangar: all carried craft and launch facilities destroyed",
            }[level],
        )
    elif location == "screens":
        _screens(ctx, ship, level)
    elif location in ("power plant", "maneuver drive"):
        _drive(ctx, ship, location, level)
    elif location == "jump drive":
        _jump_drive(ctx, ship, level)
    else:
        special(ctx, ship, level, weapon)


def special(ctx: Context, ship: CombatShip, level: str, weapon: Weapon) -> None:
    """MCS 4.5, Special Critical Hit (1d6)."""
    roll = ctx.dice.roll(1, 6, "special critical hit")
    kind = t.lookup(t.SPECIAL_CRITICAL, roll)
    if ctx.narrate:
        ctx.say(f"  special critical: {roll} (1d6): {kind}")
    if kind == "secondary explosion":
        worse = t.LEVEL_ORDER[min(len(t.LEVEL_ORDER) - 1, t.LEVEL_ORDER.index(level) + 1)]
        count = t.SECONDARY_HITS_CRITICAL if level == "critical" else t.SECONDARY_HITS
        for _ in range(count):
            interior_location_hit(ctx, ship, worse, weapon)
    elif kind == "power spike":
        for system in ("bridge", "fire control", "computer", "sensors"):
            electronics(ctx, ship, level, weapon, system)
    elif kind == "life support":
        if level == "light":
            _note(ctx, ship, "life support: no air recycling until repaired")
        else:

            def tolerance() -> None:
                if ship.g_tolerance is not None:
                    ship.g_tolerance = (
                        max(0, ship.g_tolerance + t.LIFE_SUPPORT_HEAVY)
                        if level == "heavy"
                        else min(ship.g_tolerance, t.LIFE_SUPPORT_CRITICAL_TOLERANCE)
                    )

            ctx.change(
                ship,
                "life support: G-tolerance -1"
                if level == "heavy"
                else "G-comp and air recycling destroyed: G-tolerance 2",
                tolerance,
            )
    elif level == "critical":

        def explode() -> None:
            ship.destroyed = True

        ctx.change(ship, "structural: the ship explodes", explode)
    else:

        def structure() -> None:
            ship.maneuver = max(0, ship.maneuver + t.STRUCTURAL_ACCEL)
            if level == "heavy":
                ship.armour += t.STRUCTURAL_ARMOUR
                ship.toughness += t.STRUCTURAL_TOUGHNESS
                ship.spinal_disabled = True

        ctx.change(
            ship,
            "structural: maximum acceleration -1"
            + (", armour -1, toughness -1, the spinal mount may not fire" if level == "heavy" else ""),
            structure,
        )


def interior_location_hit(ctx: Context, ship: CombatShip, level: str, weapon: Weapon, pen: int | None = None) -> None:
    """MCS 4.5: roll the location (3d6; facilities the ship lacks are re-rolled), apply it and its crew hits.
    Component armour (MCS 4.5.1) around the location stops a laser or PAW hit of lower Pen, and takes a level
    off one of equal Pen."""
    while True:
        roll = ctx.dice.roll(3, 6, "interior location")
        location, crew = t.interior_location(roll)
        if not facility_missing(ship, location):
            break
        if ctx.narrate:
            ctx.say(f"  interior location: {roll} (3d6): {location}, which the ship lacks: re-rolled")
    if ctx.narrate:
        ctx.say(f"  interior location: {roll} (3d6): {location}{' (C)' if crew else ''}, {level}")
    armour = ship.component_armour.get(location)
    if armour is not None and pen is not None and weapon in ("laser", "paw", "missile"):
        if pen < armour:
            if ctx.narrate:
                ctx.say(f"  component armour {armour} against Pen {pen}: no effect")
            return
        if pen == armour:
            level = t.LEVEL_ORDER[t.LEVEL_ORDER.index(level) - 1]
            if ctx.narrate:
                ctx.say(f"  component armour {armour} equals Pen {pen}: one level less, {level}")
            if level == "none":
                return
    interior_effect(ctx, ship, location, level, weapon)
    if crew:
        crew_casualties(ctx, ship, level, weapon)


def surface_hit(ctx: Context, hit: Hit, ship: CombatShip) -> bool:
    """MCS 5.3: severity, then a location and effect for each hit it makes. True when a weak spot was hit."""
    weak = False
    levels = severity_roll(ctx, ship, hit.dv, hit.weapon, "surface")
    for level in levels:
        roll = ctx.dice.roll(3, 6, "surface location")
        location = t.lookup(t.SURFACE_LOCATIONS, roll)
        if ctx.narrate:
            ctx.say(f"  surface location: {roll} (3d6): {location}, {level}")
        weak = weak or location == "weak spot"
        surface_effect(ctx, ship, location, level)
    if not levels and ctx.options.location_on_no_effect:  # no effect, but the location may be the weak spot
        roll = ctx.dice.roll(3, 6, "surface location")
        location = t.lookup(t.SURFACE_LOCATIONS, roll)
        if ctx.narrate:
            ctx.say(f"  surface location: {roll} (3d6): {location}, no effect")
        weak = location == "weak spot"
    return weak


def penetrate(ctx: Context, hit: Hit, armour: int, what: str = "armour") -> int | None:
    """MCS 5.0 Damage, 4.4 (and Optional 5.6's all-or-nothing armour): the interior DV, or None."""
    if ctx.options.quick_combat:
        dv = hit.dv if hit.pen > armour else None
    else:
        change = t.penetration(hit.pen, armour)
        dv = None if change is None else hit.dv + change
    if dv is None:
        if ctx.narrate:
            ctx.say(f"  Pen {hit.pen} against {what} {armour}: no penetration")
    elif dv == hit.dv:
        if ctx.narrate:
            ctx.say(f"  Pen {hit.pen} against {what} {armour}: full penetration, DV {dv}")
    else:
        if ctx.narrate:
            ctx.say(f"  Pen {hit.pen} against {what} {armour}: partial penetration, DV {hit.dv} -> {dv}")
    return dv


def interior_hit(ctx: Context, hit: Hit, ship: CombatShip, dv: int) -> None:
    for level in severity_roll(ctx, ship, dv, hit.weapon, "interior"):
        interior_location_hit(ctx, ship, level, hit.weapon, hit.pen)


def meson_screen(ctx: Context, hit: Hit, ship: CombatShip) -> int | None:
    """MCS 5.1, screens: the operator's Average (2d) task against Screens+INT; failure -3, a spectacular
    success +3; then the armour table against the meson's Pen. No screen: the full DV."""
    if ship.meson_screen is None:
        ctx.say("  no meson screen")
        return hit.dv
    screen = ship.meson_screen
    if ctx.options.screen_task:
        roll = ctx.dice.roll(t.AVERAGE_DICE, 6, "meson screen task")
        if ctx.options.spectacular == "all-ones" and roll == t.AVERAGE_DICE:
            screen += t.SCREEN_SPECTACULAR
            outcome = "spectacular success"
        elif roll <= ship.skill_attribute:
            outcome = "success"
        else:
            screen += t.SCREEN_FAILURE
            outcome = "failure"
        if ctx.narrate:
            ctx.say(f"  screen task: {roll} (2d6) against {ship.skill_attribute}: {outcome}, screen {screen}")
    return penetrate(ctx, hit, screen, "meson screen")


def _ready_sandcaster(ship: CombatShip, fired: set[int]) -> Battery | None:
    for group in ship.lines(None, SANDCASTERS):
        for battery in group.batteries:
            if not battery.destroyed and id(battery) not in fired:
                return battery
    return None


def blocking_sand(ctx: Context, hit: Hit, ship: CombatShip, fired: set[int]) -> Hit | None:
    """MCS 5.1, Blocking Sand: one sandcaster battery not yet fired this turn, an Average (2d) task; the sand's
    armour against the laser's DV (not its Pen) on the armour table. None when the sand stops the hit."""
    if ship.sand_armour is None or (hit.dv - ship.sand_armour >= t.FULL_PENETRATION_MARGIN and not ctx.narrate):
        if ctx.narrate:
            ctx.say("  no sandcaster ready to block")
        return hit  # no sand, or none that could lower this DV: no battery to look for
    sand = _ready_sandcaster(ship, fired)
    if sand is None:
        ctx.say("  no sandcaster ready to block")
        return hit
    assert sand.armour is not None
    change = t.penetration(hit.dv, sand.armour)
    if change == 0:
        if ctx.narrate:
            ctx.say(f"  sand armour {sand.armour} against DV {hit.dv} would have no effect: not fired")
        return hit
    fired.add(id(sand))
    roll = ctx.dice.roll(t.AVERAGE_DICE, 6, "blocking sand task")
    if roll > ship.skill_attribute:
        if ctx.narrate:
            ctx.say(f"  {who(ship.name, sand)} fires: {roll} (2d6) against {ship.skill_attribute}: failure")
        return hit
    if change is None:
        if ctx.narrate:
            ctx.say(
                f"  {who(ship.name, sand)} fires: {roll} (2d6): success; DV {hit.dv} below sand armour "
                f"{sand.armour}: blocked"
            )
        return None
    if ctx.narrate:
        ctx.say(f"  {who(ship.name, sand)} fires: {roll} (2d6): success; DV {hit.dv} -> {hit.dv + change}")
    return Hit(hit.weapon, hit.pen, hit.dv + change, hit.label)


def resolve_damage(
    ctx: Context, hit: Hit, ship: CombatShip, sand: str = "none", cloud: int = 0, sand_fired: set[int] | None = None
) -> None:
    """MCS 5.0 Damage: penetrate sand or screen, the surface hit, then armour and the interior hit. Mesons hit
    only the interior, through the meson screen."""
    if hit.weapon == "meson":
        dv = meson_screen(ctx, hit, ship)
        if dv is not None:
            interior_hit(ctx, hit, ship, dv)
        return
    if hit.weapon in ("laser", "missile") and sand == "cloud" and cloud:
        hit = Hit(hit.weapon, hit.pen - cloud, hit.dv - cloud, hit.label)
        if ctx.narrate:
            ctx.say(f"  through a sand cloud: Pen {hit.pen}, DV {hit.dv}")
    if hit.weapon in ("laser", "missile") and sand == "blocking":
        blocked = blocking_sand(ctx, hit, ship, sand_fired if sand_fired is not None else set())
        if blocked is None:
            return
        hit = blocked
    weak = surface_hit(ctx, hit, ship)
    armour = ship.armour + (t.WEAK_SPOT_ARMOUR if weak else 0)
    dv = penetrate(ctx, hit, armour)
    if dv is not None:
        interior_hit(ctx, hit, ship, dv)


def resolve_counted(
    ctx: Context,
    draw: Callable[[], float],
    weapon: Weapon,
    pen: int,
    dv: int,
    ship: CombatShip,
    sand: str,
    cloud: int,
    sand_fired: set[int] | None,
) -> None:
    """``resolve_damage`` for counted battles (no narration, dice from a generator's ``draw``): the same rolls in
    the same order and the same changes, with the severity and location rolls taken in line. Mesons, quick combat
    and sand that could lower the hit go the long way."""
    options = ctx.options
    if weapon == "meson" or options.quick_combat:
        resolve_damage(ctx, Hit(weapon, pen, dv, ""), ship, sand, cloud, sand_fired)
        return
    if weapon in ("laser", "missile"):
        if sand == "cloud" and cloud:
            pen, dv = pen - cloud, dv - cloud
        elif sand == "blocking":
            sand_armour = ship.sand_armour
            if sand_armour is not None and dv - sand_armour < t.FULL_PENETRATION_MARGIN:
                blocked = blocking_sand(
                    ctx, Hit(weapon, pen, dv, ""), ship, sand_fired if sand_fired is not None else set()
                )
                if blocked is None:
                    return
                dv = blocked.dv
    against = ship.toughness if options.severity_against == "toughness" else ship.size
    sides = t.PC_SURVIVABILITY_DIE if options.pc_survivability and weapon == "laser" else t.SEVERITY_DIE
    none = t.SEVERITY_LEVELS[0][0]  # a total this low or lower does nothing (MCS 5.2)
    # MCS 5.2, 5.3: the surface severity, then a location and effect for each hit it makes
    total = int(draw() * sides) + 1 + dv - against
    weak = _counted_surface(ctx, draw, ship, t.severity_levels(total) if total > none else ())
    # MCS 5.0: armour, then the interior severity and a location for each hit it makes
    change = t.penetration(pen, ship.armour + (t.WEAK_SPOT_ARMOUR if weak else 0))
    if change is None:
        return
    total = int(draw() * sides) + 1 + dv + change - against
    _counted_interior(ctx, draw, ship, weapon, pen, t.severity_levels(total) if total > none else ())


def _counted_surface(ctx: Context, draw: Callable[[], float], ship: CombatShip, levels: tuple[str, ...]) -> bool:
    """``resolve_counted``'s surface hits (MCS 5.3): a location and effect for each level; True at a weak spot."""
    weak = False
    for level in levels:
        location = t.SURFACE_BY_ROLL[_THREE_D6[int(draw() * 216)]]
        if location == "weak spot":
            weak = True
        elif location != "no effect":  # bare hull: ``surface_effect`` would only say so
            surface_effect(ctx, ship, location, level)
    if not levels and ctx.options.location_on_no_effect:
        weak = t.SURFACE_BY_ROLL[_THREE_D6[int(draw() * 216)]] == "weak spot"
    return weak


def _counted_interior(
    ctx: Context, draw: Callable[[], float], ship: CombatShip, weapon: Weapon, pen: int, levels: tuple[str, ...]
) -> None:
    """``resolve_counted``'s interior hits (MCS 4.5, 4.5.1): a location for each level (facilities the ship lacks
    re-rolled), component armour, the effect and its crew hits."""
    for level in levels:
        while True:  # MCS 4.5: facilities the ship lacks are re-rolled
            location, crew = t.INTERIOR_BY_ROLL[_THREE_D6[int(draw() * 216)]]
            if not facility_missing(ship, location):
                break
        hit_level = level
        armour = ship.component_armour.get(location) if ship.component_armour else None
        if armour is not None and weapon in ("laser", "paw", "missile"):
            if pen < armour:
                continue
            if pen == armour:
                hit_level = t.LEVEL_ORDER[t.LEVEL_ORDER.index(level) - 1]
                if hit_level == "none":
                    continue
        interior_effect(ctx, ship, location, hit_level, weapon)
        if crew:
            crew_casualties(ctx, ship, hit_level, weapon)


#: Every total of 3d6, each combination once: one draw of the generator picks a roll (as ``RandomDice.roll``).
_THREE_D6 = totals(3, 6)
