"""A ship's combat state built from the figures its MCS sheet declares (MCS 1.0): the sheet chosen from a file's
ships, its groups of batteries, its crew and sensors, its power in combat. Uncompiled: it reads the pydantic sheet
once a ship, and hands the compiled engine (``state``) plain records."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.core.numbers import fraction_text
from shipyard.systems.mcs.combat.state import (
    NEAR_NAME,
    Battery,
    CombatShip,
    Group,
    Mount,
    SensorState,
    weapon_of,
    whole,
)
from shipyard.systems.mcs.combat.tables import (
    CREW_QUALITY,
    MAX_SHIP_BATTERIES,
    MAX_SHIP_G,
    MAX_SHIP_SENSORS,
    OPTIONAL_FACILITIES,
    band_key,
)
from shipyard.systems.mcs.model import BeamBattery, DamperBattery, MissileBattery, SandcasterBattery, UsdShip, Weapon


def _fraction(value: object) -> Fraction:
    return Fraction(str(value))


def _mount(name: str, details_mount: str | None) -> Mount:
    lowered = name.lower()
    if "spinal" in lowered:
        return "spinal"
    if "bay" in lowered or details_mount == "bay":
        return "bay"
    return "turret"


def pick_ship(ships: list[UsdShip], name: str | None, sheet: str) -> tuple[UsdShip | None, str | None]:
    """The ship of a sheet that fights: the one ``name`` names (any case and spacing), else the first. With it,
    what was assumed (a sheet of several ships with none named: the first), or without it, why none fights."""
    held = ", ".join(repr(s.name) for s in ships)
    if name is None:
        if not ships:
            return None, f"{sheet} holds no MCS USD ship"
        if len(ships) > 1:
            return ships[0], (
                f"{sheet} holds {len(ships)} ships ({held}): the first, {quoted(ships[0].name)}, fights; "
                "name another to choose it"
            )
        return ships[0], None
    found = next((s for s in ships if spelt(s.name) == spelt(name)), None)
    if found is not None:
        return found, None
    hint = meant_hint(name, [s.name for s in ships], NEAR_NAME)
    return None, (f"{sheet} holds no MCS USD ship named {quoted(name)}{hint}" + (f": it holds {held}" if ships else ""))


def combat_power(ship: UsdShip) -> int | None:
    """The power rating a ship fights with: every plant of its Power line ("Power: 3 + 2" is 5). The seed's Kuvasz
    gives 3 + 2 and says of the second plant "the latter is only run during combat situations": in combat both
    run. None where the sheet gives no power."""
    return sum(ship.power) if ship.power else None


def combat_ship(
    ship: UsdShip,
    crew_quality: str | None = None,
    mounts: dict[str, Mount] | None = None,
    vacc_suits: bool = True,
    component_armour: dict[str, int] | None = None,
) -> CombatShip:
    """The combat state of one MCS ship. ``crew_quality`` (green ... elite, MCS 2.0) overrides the sheet's crew
    line; ``mounts`` names the mount of a battery the sheet does not say (a missile battery carried in bays).
    ValueError when the sheet lacks a figure combat cannot do without (size, armour, toughness)."""
    size, armour, toughness, displacement = _required(ship)
    _within_engine(ship)
    skill, asset = _crew(ship, crew_quality)
    signature = ship.signature
    maneuver = whole(_fraction(ship.maneuver)) if ship.maneuver is not None else 0
    return CombatShip(
        name=ship.name,
        displacement=_fraction(displacement),
        size=size,
        armour=armour,
        toughness=toughness,
        meson_screen=ship.meson_screen,
        maneuver=maneuver,
        jump=ship.jump,
        power=combat_power(ship),
        g_tolerance=ship.g_tolerance,
        fire_control=ship.fire_control or 0,
        computers=sum(c.count for c in ship.computers),
        fibre_computers=bool(ship.computers) and all(c.model.lower().startswith("fib") for c in ship.computers),
        crew=ship.crew,
        passengers=ship.passengers or 0,
        skill=skill,
        skill_attribute=asset,
        fuel=_fraction(ship.jump_fuel) if ship.jump_fuel is not None else None,
        cargo=_fraction(ship.cargo) if ship.cargo is not None else None,
        signature_ir=_fraction(signature.ir) if signature is not None and signature.ir is not None else Fraction(0),
        signatures={
            kind: _fraction(value)
            for kind in ("vis", "ir", "active", "lidar")
            if signature is not None and (value := getattr(signature, kind)) is not None
        },
        groups=_groups(ship, mounts),
        sensors=_sensors(ship),
        vacc_suits=vacc_suits,
        built_power=combat_power(ship),
        facilities=frozenset(
            name for name, named in OPTIONAL_FACILITIES.items() if any(named.search(note.text) for note in ship.notes)
        ),
        built_maneuver=maneuver,
        built_jump=ship.jump,
        component_armour=dict(component_armour or {}),
        cost_mcr=_fraction(ship.cost_mcr) if ship.cost_mcr is not None else None,
        tl=ship.tl,
    )


def _within_engine(ship: UsdShip) -> None:
    """ValueError when a figure of the sheet is past what the engine plays (``tables.MAX_SHIP_G`` and the rest)."""
    past = []
    if ship.maneuver is not None and ship.maneuver > MAX_SHIP_G:
        past.append(f"Maneuver {fraction_text(_fraction(ship.maneuver))} G (at most {MAX_SHIP_G})")
    if ship.g_tolerance is not None and abs(ship.g_tolerance) > MAX_SHIP_G:
        past.append(f"GTolerance {ship.g_tolerance} (at most {MAX_SHIP_G} either way)")
    batteries = sum(weapon.count for weapon in ship.weapons)
    if batteries > MAX_SHIP_BATTERIES:
        past.append(f"{batteries:,} batteries (at most {MAX_SHIP_BATTERIES:,})")
    sensors = sum(sensor.count or 1 for sensor in ship.sensors)
    if sensors > MAX_SHIP_SENSORS:
        past.append(f"{sensors:,} sensors (at most {MAX_SHIP_SENSORS:,})")
    if past:
        raise ValueError(f"{ship.name}: {', '.join(past)}: past what combat plays, so it is not played")


def _required(ship: UsdShip) -> tuple[int, int, int, Decimal]:
    """The figures combat cannot do without (size, armour, toughness, displacement), on the MCS scale; ValueError
    for a T4 sheet or one that lacks any."""
    if ship.edition == "t4":
        raise ValueError(
            f"{ship.name} is rated in T4 form, on another scale: convert it to MCS first "
            "('shipyard convert FILE --to mcs') and give combat the converted sheet"
        )
    if ship.size is None or ship.armour is None or ship.toughness is None or ship.displacement is None:
        figures = (
            ("Size", ship.size),
            ("Armour", ship.armour),
            ("Toughness", ship.toughness),
            ("Displacement", ship.displacement),
        )
        missing = [label for label, value in figures if value is None]
        raise ValueError(f"{ship.name} lacks {', '.join(missing)}: combat needs them")
    return ship.size, ship.armour, ship.toughness, ship.displacement


def _crew(ship: UsdShip, crew_quality: str | None) -> tuple[int, int]:
    """Skill and skill + attribute (MCS 2.0): the quality asked for, else the sheet's figures, else its quality's
    line of the table, else a Line crew."""
    quality = ship.crew_quality
    if crew_quality is not None:
        return CREW_QUALITY[crew_quality]
    if quality is not None and quality.skill is not None:
        return quality.skill, quality.skill_attribute if quality.skill_attribute is not None else quality.skill
    if quality is not None and quality.quality and quality.quality.lower() in CREW_QUALITY:
        return CREW_QUALITY[quality.quality.lower()]
    return CREW_QUALITY["line"]


def _group(weapon: Weapon, position: int, mount: Mount) -> Group | None:
    """The group of batteries of one weapon line (None for a line of no kind combat knows)."""
    count = max(1, weapon.count)
    numbers = range(1, count + 1)
    if isinstance(weapon, BeamBattery):
        pen = [r.pen if r else None for r in weapon.ranges]
        dam = [r.dam if r else None for r in weapon.ranges]
        batteries = [Battery(weapon.name, i, list(pen), list(dam), weapon.rof, weapon.point_defence) for i in numbers]
        return Group(weapon.name, position, "beam", mount, weapon_of(weapon.name), batteries)
    if isinstance(weapon, MissileBattery):
        salvos = weapon.salvos
        batteries = [
            Battery(weapon.name, i, [weapon.pen], [weapon.dam], weapon.salvo_rating, salvos=salvos, full_salvos=salvos)
            for i in numbers
        ]
        return Group(
            weapon.name,
            position,
            "missile",
            mount,
            "missile",
            batteries,
            size_evade=weapon.size_evade,
            missiles_per_salvo=weapon.missiles_per_salvo,
        )
    if isinstance(weapon, SandcasterBattery):
        batteries = [Battery(weapon.name, i, [], [], 0, screen=weapon.screen, armour=weapon.armour) for i in numbers]
        return Group(weapon.name, position, "sandcaster", "turret", "sand", batteries)
    if isinstance(weapon, DamperBattery):
        batteries = [Battery(weapon.name, i, [], [], 0, point_defence=weapon.point_defence) for i in numbers]
        return Group(weapon.name, position, "damper", "turret", "damper", batteries)
    return None


def _groups(ship: UsdShip, mounts: dict[str, Mount] | None) -> list[Group]:
    """A group for each weapon line, in the sheet's order: its mount (a log's ``mounts``, else the line's), its
    range limit, and a label of its own where two lines share a name."""
    overrides = {spelt(k): v for k, v in (mounts or {}).items()}
    groups: list[Group] = []
    for position, weapon in enumerate(ship.weapons, start=1):
        details = weapon.mounting.kind if weapon.mounting is not None else None
        mount = overrides.get(spelt(weapon.name)) or _mount(weapon.name, details)
        group = _group(weapon, position, mount)
        if group is not None:
            groups.append(group)
    for group in groups:
        weapon = ship.weapons[group.position - 1]  # the line the group was made from
        for battery in group.batteries:
            battery.position = group.position
        if weapon.max_range is not None:
            limit = weapon.spans.get("max_range")
            group.max_band, group.limit_line = band_key(weapon.max_range), limit.line if limit else None
        if sum(spelt(g.name) == spelt(group.name) for g in groups) > 1:
            line = weapon.spans["self"].line if "self" in weapon.spans else None
            group.relabel(f"{group.name} (line {line})" if line is not None else f"{group.name} #{group.position}")
    return groups


def _sensors(ship: UsdShip) -> list[SensorState]:
    """One state for each sensor, the largest first: AEMS and PEMS hits take it (MCS 5.3)."""
    sensors = [
        SensorState(s.kind.upper(), whole(_fraction(s.sensitivity))) for s in ship.sensors for _ in range(s.count or 1)
    ]
    sensors.sort(key=lambda s: -s.sensitivity)
    return sensors
