"""A High Guard ship as combat sees it (reference §2.1): size code, configuration, computer model, agility,
armour, its batteries by weapon with their factor, count and bearing count, and its defences. Built from any High
Guard sheet shipyard reads: the USP as printed (or as recomputed from a component sheet), the battery lines, the
summary. Where a sheet does not say what combat needs, a reading supplies it and ``assumed`` says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.design import Design, recompute
from shipyard.systems.highguard.model import BATTERY_COLUMNS, BatteryCounts, HighGuardShip, UspProfile
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS, Readings

#: The weapons that fire offensively, by USP column, in the USP's order; and the USP's word for each (``--battery``).
DEFENSIVE_COLUMNS = ("sandcaster", "repulsor")
OFFENSIVE_COLUMNS = tuple(column for column in BATTERY_COLUMNS if column not in DEFENSIVE_COLUMNS)
WEAPON_WORDS = {
    "laser": "laser",
    "energy": "energy",
    "particle_accelerator": "pa",
    "meson": "meson",
    "missile": "missile",
}
#: The weapons' names in text.
WEAPON_NAMES = {
    "laser": "beam laser",
    "pulse_laser": "pulse laser",
    "energy": "energy weapon",
    "particle_accelerator": "particle accelerator",
    "meson": "meson gun",
    "missile": "missile",
}
#: A sheet's flag for pulse lasers (High Guard Shipyard prints "Pulse Lasers" under the USP), and for a frozen
#: watch ("Frozen Watch (x37)").
PULSE_FLAG = "pulse"
FROZEN_FLAG = "frozen watch"
#: The configuration a component sheet that gives none is read as (it counts against meson fire only).
FALLBACK_CONFIGURATION = 1


class Battery:
    """The batteries of one weapon type of a ship: the USP's factor (a spinal mount's letter as its number), how
    many there are and how many bear."""

    __slots__ = ("bay", "bearing", "count", "factor", "missile_turns", "spinal", "turrets", "weapon")

    def __init__(
        self,
        weapon: str,
        factor: int,
        count: int,
        bearing: int,
        spinal: bool,
        bay: bool = False,
        turrets: int = 1,
        missile_turns: int | None = None,
    ) -> None:
        self.weapon = weapon  # "laser", "pulse_laser", "energy", "particle_accelerator", "meson", "missile"
        self.factor = factor
        self.count = count
        self.bearing = bearing
        self.spinal = spinal
        self.bay = bay  # bays (and spinal mounts) are step-reduced when hit (TCS82, Rules modifications 4)
        self.turrets = turrets  # turrets a battery, for Appendix A's destroyed turrets
        self.missile_turns = missile_turns  # turns of fire a missile battery holds (TCS82, Rules modifications 1)

    def copy(self) -> Battery:
        return Battery(
            self.weapon, self.factor, self.count, self.bearing, self.spinal, self.bay, self.turrets, self.missile_turns
        )

    @property
    def table(self) -> str:
        """The to-hit table's key (tables.TO_HIT_BAY, TO_HIT_SPINAL)."""
        return "beam" if self.weapon in ("laser", "pulse_laser", "energy") else self.weapon

    @property
    def letter(self) -> str:
        return hg.ehex(self.factor)

    def label(self) -> str:
        name = WEAPON_NAMES[self.weapon]
        return f"{name} spinal mount {self.letter}" if self.spinal else f"{name} battery, factor {self.factor}"


class Defence:
    """A defensive battery type: its factor and how many batteries bear."""

    __slots__ = ("bearing", "count", "factor")

    def __init__(self, factor: int, count: int, bearing: int) -> None:
        self.factor = factor
        self.count = count
        self.bearing = bearing

    def copy(self) -> Defence:
        return Defence(self.factor, self.count, self.bearing)


class Combatant:
    """One ship in High Guard combat, undamaged."""

    def __init__(
        self,
        name: str,
        size: int,
        configuration: int,
        computer: int,
        fib: bool,
        agility: int,
        armour: int,
        batteries: list[Battery],
        sand: Defence | None,
        repulsor: Defence | None,
        damper: int,
        meson_screen: int,
        black_globe: int,
        missiles: str,
        tons: int,
        assumed: list[str],
        maneuver: int = 0,
        power: int = 0,
        jump: int = 0,
        crew: int = 0,
        frozen_watch: bool = False,
    ) -> None:
        self.name = name
        self.size = size
        self.configuration = configuration
        self.computer = computer
        self.fib = fib
        self.agility = agility
        self.armour = armour
        self.batteries = batteries
        self.sand = sand
        self.repulsor = repulsor
        self.damper = damper
        self.meson_screen = meson_screen
        self.black_globe = black_globe
        self.missiles = missiles  # "nuclear" or "he"
        self.tons = tons
        self.assumed = assumed
        self.maneuver = maneuver
        self.power = power
        self.jump = jump
        self.crew = crew
        self.frozen_watch = frozen_watch

    def offensive(self, weapon: str) -> list[Battery]:
        """The batteries of a USP weapon word (``missile``, ``laser``, ``energy``, ``pa``, ``meson``)."""
        column = {word: column for column, word in WEAPON_WORDS.items()}.get(weapon)
        kinds = ("laser", "pulse_laser") if column == "laser" else (column,)
        return [b for b in self.batteries if b.weapon in kinds]

    def beam_defence(self) -> Iterator[tuple[str, Battery]]:
        """The batteries that may fire at missiles: lasers, then energy weapons (turrets and bays)."""
        for battery in self.batteries:
            if battery.weapon in ("laser", "pulse_laser", "energy") and not battery.spinal:
                yield battery.weapon, battery


def _usp(ship: HighGuardShip, design: Design, assumed: list[str]) -> UspProfile | None:
    """The USP combat reads: the sheet's, else the one its component sheet recomputes (the design engine's
    digits; weapons it holds none of are 0, a configuration the sheet does not give is taken as 1 and said). None
    where a digit combat needs cannot be had (no hull; a weapon whose factor needs the sheet's TL)."""
    if ship.usp is not None:
        return ship.usp
    digits = design.usp
    if "hull_code" not in digits:
        return None
    fields: dict[str, object] = {"text": "", "ship_type": "", "fighters": 0, "computer": "0"}
    for column in BATTERY_COLUMNS:
        held = any(t.column == column for t in design.turrets) or any(
            hg.BAY_COLUMN.get(b.weapon) == column for b in design.bays
        )
        if column not in digits and held:
            return None  # its factor needs the TL the sheet does not give
        fields[column] = digits.get(column, 0)
    if design.spinal is not None:
        fields[f"{design.spinal[0]}_spinal"] = design.spinal[1]
    for key in ("jump", "maneuver", "power", "crew", "damper", "meson_screen", "black_globe"):
        fields[key] = digits.get(key, design.installed.get(key, 0))
    fields.update({k: v for k, v in digits.items() if k in ("hull_code", "computer")})
    fields["armour"] = digits.get("armour", design.armour_factor or 0)
    fields["configuration"] = design.configuration or FALLBACK_CONFIGURATION
    if design.configuration is None:
        assumed.append(f"no configuration on the sheet: {FALLBACK_CONFIGURATION} (needle/wedge) against mesons")
    try:
        return UspProfile.model_validate(fields)
    except ValueError:
        return None


def _counts(ship: HighGuardShip, design: Design, line: BatteryCounts | None) -> dict[str, int]:
    """Batteries by USP column: the sheet's line, else the component sheet's turret and bay groups."""
    if line is not None:
        return {column: line.get(column) for column in BATTERY_COLUMNS}
    counts = dict.fromkeys(BATTERY_COLUMNS, 0)
    for turret in design.turrets:
        counts[turret.column] += turret.batteries or 0
    for bay in design.bays:
        column = hg.BAY_COLUMN.get(bay.weapon)
        if column is not None:
            counts[column] += bay.count
    if design.spinal is not None:
        counts[design.spinal[0]] = max(1, counts[design.spinal[0]])
    return counts


def _computer(code: str) -> tuple[int, bool]:
    """The model number and whether it is fib, of a USP computer digit (fib A-J: 1-9; bis R, S: 1, 2)."""
    computer = hg.COMPUTER_BY_CODE.get(code)
    if computer is None:
        return 0, False
    return hg.computer_size(computer), computer.model.endswith("fib")


def combatant(ship: HighGuardShip, readings: Readings = DEFAULT_READINGS) -> Combatant | None:
    """The combat state of ``ship``; None when the sheet gives no USP and none can be recomputed."""
    design = recompute(ship)
    assumed: list[str] = []
    usp = _usp(ship, design, assumed)
    if usp is None:
        return None
    size = hg.ehex_value(usp.hull_code) or 0
    counts = _counts(ship, design, ship.batteries)
    if ship.bearing is not None:
        bearing = {column: ship.bearing.get(column) for column in BATTERY_COLUMNS}
    else:
        share = t.bearing_share(size)
        bearing = {column: count * share // 100 for column, count in counts.items()}
        if any(counts.values()):
            assumed.append(f"no bearing line: {share}% of the batteries bear (RB's share by size code)")
    unsure = {column for line in (ship.batteries, ship.bearing) if line is not None for column in line.uncertain}
    for column in sorted(unsure):
        assumed.append(
            f"the {column.replace('_', ' ')} count is uncertain (HG013: the sheet's legend for it could not be "
            f"read in full): read as its eHex value, {counts.get(column, 0)}"
        )
    pulse = any(PULSE_FLAG in flag.lower() for flag in ship.flags)
    batteries = []
    for column in OFFENSIVE_COLUMNS:
        letter = usp.spinal(column)
        factor = hg.ehex_value(letter) if letter else getattr(usp, column)
        if not factor:
            continue
        count = counts.get(column) or (1 if letter else 0)
        if not count:
            count = 1
            assumed.append(f"{column.replace('_', ' ')} factor {factor} with no battery count: one battery")
        weapon = "pulse_laser" if column == "laser" and pulse else column
        bears = min(count, bearing.get(column) or 0) if letter is None else min(count, bearing.get(column) or count)
        bay, turrets, turns = _mounting(design, column, letter is not None, assumed)
        batteries.append(Battery(weapon, int(factor), count, bears, letter is not None, bay, turrets, turns))
    computer, fib = _computer(usp.computer)
    agility = _agility(ship, design, usp, readings, assumed)
    return Combatant(
        name=ship.display_name,
        size=size,
        configuration=usp.configuration,
        computer=computer,
        fib=fib,
        agility=agility,
        armour=usp.armour,
        batteries=batteries,
        sand=Defence(usp.sandcaster, counts["sandcaster"], bearing["sandcaster"]) if usp.sandcaster else None,
        repulsor=Defence(usp.repulsor, counts["repulsor"], bearing["repulsor"]) if usp.repulsor else None,
        damper=usp.damper,
        meson_screen=usp.meson_screen,
        black_globe=usp.black_globe,
        missiles=readings.missiles,
        tons=int(ship.tonnage or 0),
        assumed=assumed,
        maneuver=usp.maneuver,
        power=usp.power,
        jump=usp.jump,
        crew=ship.crew or 0,
        frozen_watch=any(FROZEN_FLAG in flag.lower() for flag in ship.flags),
    )


def _mounting(design: Design, column: str, spinal: bool, assumed: list[str]) -> tuple[bool, int, int | None]:
    """Whether a weapon's batteries are bays (spinal mounts count as bays: step-reduced when hit), the turrets a
    battery, and a missile battery's turns of fire (TCS82, Rules modifications 1: a turret launcher holds
    MISSILES_A_TURRET missiles and fires one a turn; a bay holds MISSILE_BAY_TURNS turns)."""
    if spinal:
        return True, 0, None
    turrets = [group for group in design.turrets if group.column == column]
    bays = [bay for bay in design.bays if hg.BAY_COLUMN.get(bay.weapon) == column]
    if bays and not turrets:
        return True, 0, t.MISSILE_BAY_TURNS if column == "missile" else None
    group = turrets[0] if turrets else None
    per_battery = group.turrets // group.batteries if group is not None and group.batteries else 1
    per_turret = group.per_turret if group is not None else None
    if column != "missile":
        return False, per_battery, None
    if per_turret is None:
        per_turret = t.MISSILES_ASSUMED_A_TURRET
        assumed.append(f"missile turrets not on the sheet: {per_turret} launchers a turret (the fewest turns of fire)")
    return False, per_battery, t.MISSILES_A_TURRET // per_turret


def _agility(ship: HighGuardShip, design: Design, usp: UspProfile, readings: Readings, assumed: list[str]) -> int:
    printed = ship.summary.get("Agility")
    if printed is not None:
        agility = int(printed)
    elif design.agility is not None:
        agility = design.agility
        assumed.append(f"agility {agility}: recomputed from the spare EP (the sheet prints none)")
    else:
        agility = usp.maneuver
        assumed.append(f"agility {agility}: the maneuver rating (the sheet gives no agility and no EP to find one)")
    if readings.agility == "laden" and ship.laden_tonnage is not None:
        laden = ship.laden_usp.maneuver if ship.laden_usp is not None else design.laden_ratings.get("maneuver")
        spare = design.ep_output - design.ep_used if design.ep_output is not None and design.ep_used else None
        found = laden_agility(agility, spare, ship.laden_tonnage, laden)
        if found < agility:
            assumed.append(f"agility {found} laden, with its drop tanks (reading agility = laden)")
        agility = found
    return agility


def laden_agility(agility: int, spare_ep: Decimal | None, laden_tons: Decimal, laden_maneuver: int | None) -> int:
    """A ship's agility carrying its drop tanks: the spare EP over 1% of the laden tonnage (High Guard, agility),
    no more than the laden maneuver rating nor the unladen agility; without the EP, the lesser of the two."""
    found = agility if laden_maneuver is None else min(agility, laden_maneuver)
    if spare_ep is not None and laden_tons > 0:
        found = min(found, int(spare_ep / (hg.EP_PER_PN_PER_TON * laden_tons)))
    return max(0, found)
