"""A High Guard design from a few genes: the choices a designer makes (hull, configuration, armour, drives, spare
power, weapons, screens, drop tanks) built by the design rules into a component sheet in the form shipyard reads
(High Guard Shipyard's), with its USP block.

Every part is sized and priced from the charts (``charts``): armour by the TL's percentage, the drives by their
tables, the plant big enough for the drives and for every EP the computer, weapons and screens draw, jump fuel
and four weeks' plant fuel, the bridge, the smallest computer the hull and the jump allow, triple turrets, the crew
and two to a stateroom; cargo takes what is left. Drop tanks are outside the hull: the drives are sized on the hull
alone (the base tonnage, TCS82 clarifications 4-6), the laden ratings are what they make on hull + tanks, the jump
fuel goes in the tanks (the hull holds what the laden ship needs beyond them), and High Guard Shipyard's "With Drop
Tanks" block gives the laden USP and the tanks' price. The USP's digits are the design engine's own recomputation of
the sheet (``design.recompute``), so the block says what the components give. A genome that cannot be built (the
parts over the hull, no computer for the hull at its TL) is refused (``Refused``) with the rule's code; fitting a
genome to a scenario (its TL and requirements, the hardpoints, the hull) is the TCS's (``tcs.genes``).

The sheet is what ``shipyard check --scenario`` checks clean: a test builds random genomes, fitted to three
scenarios, and checks each sheet.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import cast

from shipyard.systems.highguard import charts as hg

D = Decimal
#: The sections of a component sheet, in High Guard Shipyard's order.
SECTIONS = ("HULL", "ENGINEERING", "FUEL", "AVIONICS", "WEAPONRY", "SCREENS", "CRAFT", "ACCOMODATIONS", "USER DEFINED")
#: The column of each USP field in the block's text ``TT-SCJMPKC-ASMNFR-LEPGK-F``: where a battery count stands
#: on the battery lines under it.
USP_COLUMN = {
    "sandcaster": 12,
    "repulsor": 16,
    "laser": 18,
    "energy": 19,
    "particle_accelerator": 20,
    "meson": 21,
    "missile": 22,
}
#: The energy weapons a genome's energy turrets may mount (High Guard, turret weapons).
ENERGY_GUNS = ("plasma gun", "fusion gun")
#: The weapons of a genome's bays besides its missile bays, each with the word its component line names it by (High
#: Guard Shipyard's "100T Meson Bays"); a bay is the largest of ``charts.BAYS`` the TL builds of its weapon.
BAY_WEAPONS = {
    "particle accelerator": "Particle Accelerator",
    "meson gun": "Meson",
    "repulsor": "Repulsor",
    "fusion gun": "Fusion Gun",
    "plasma gun": "Plasma Gun",
}
#: Where the USP block's lines put the USP (High Guard Shipyard's text sheet).
USP_INDENT = 9
#: The bays a design carries where its genome asks no other size: 100-ton bays (High Guard p. 24; 50-ton bays are
#: the other size a genome may ask).
BAY_TONS = 100
#: The words a sheet's flag says its laser turrets mount pulse lasers in (High Guard Shipyard prints "Pulse Lasers"
#: under the USP; the design engine and the combat engine read the flag).
PULSE_FLAG = "Pulse Lasers"
#: The ship type written for a designed warship (High Guard's mission codes: B, a battle ship).
SHIP_TYPE = "BB"
#: A genome's drop tanks are in these parts of the hull's tonnage (tenths: 5 is tanks of half the hull).
DROP_TANK_PARTS = 10


@dataclass(frozen=True)
class Genome:
    """A designer's choices. Hull tons (a whole number of thousands), configuration (1-9; a planetoid's unusable
    share of the hull is its Hull line's tons, and its built-in armour is added in the USP only), purchased armour
    factor, jump, maneuver, power beyond what the drives and the weapons need, laser, sandcaster and missile
    batteries of triple turrets (how many batteries, how many turrets each), missile bays, a particle accelerator
    spinal mount or a meson gun's, a nuclear damper and a meson screen, the TL; a better computer, drop tanks (in
    tenths of the hull), energy turrets, particle accelerator turrets, bays of another weapon, pulse lasers for beam
    lasers and 50-ton bays for 100-ton where asked."""

    tons: int
    configuration: int
    armour: int
    jump: int
    maneuver: int
    extra_power: int
    laser_batteries: int
    laser_turrets_each: int
    sand_batteries: int
    sand_turrets_each: int
    damper: int
    meson_screen: int
    tl: int
    missile_batteries: int = 0
    missile_turrets_each: int = 1  # 1 where there is no missile battery: one genome for one ship
    missile_bays: int = 0  # missile bays of ``missile_bay_tons``, a battery each
    spinal: str = ""  # a particle accelerator spinal mount's letter (SPINAL_PA), or none
    meson_spinal: str = ""  # a meson gun spinal mount's letter (SPINAL_MESON), or none: one spinal mount a ship
    computer_extra: int = 0  # models above the smallest the hull and the jump need (a better computer's DM)
    drop_tanks: int = 0  # L-Hyd drop tanks, in tenths of the hull (DROP_TANK_PARTS); the jump fuel goes in them
    energy_batteries: int = 0  # batteries of double energy turrets (MAX_WEAPONS_PER_TURRET["energy"])
    energy_turrets_each: int = 1  # 1 where there is no energy battery: one genome for one ship
    energy_gun: str = ENERGY_GUNS[0]  # what they mount (ENERGY_GUNS)
    bays: int = 0  # bays of ``bay_weapon``, a battery each
    bay_weapon: str = next(iter(BAY_WEAPONS))  # what they mount (BAY_WEAPONS)
    pulse_lasers: int = 0  # 1: the laser turrets mount pulse lasers (PULSE_FLAG), not beam lasers
    missile_bay_tons: int = BAY_TONS  # the missile bays' size (the other where the TL builds none of it: bay_size)
    bay_tons: int = BAY_TONS  # the other bays' size, as the missile bays'
    pa_batteries: int = 0  # batteries of particle accelerator turrets, one accelerator a turret (a barbette at TL14)
    pa_turrets_each: int = 1  # 1 where there is no such battery: one genome for one ship

    @property
    def pa_turrets(self) -> int:
        return self.pa_batteries * self.pa_turrets_each

    @property
    def laser_weapon(self) -> str:
        """What the laser turrets mount (``charts.TURRET_WEAPONS``)."""
        return "pulse laser" if self.pulse_lasers else "beam laser"

    @property
    def energy_turrets(self) -> int:
        return self.energy_batteries * self.energy_turrets_each

    @property
    def tanks(self) -> Decimal:
        """The drop tanks' tons."""
        return D(self.tons) * self.drop_tanks / DROP_TANK_PARTS

    @property
    def missile_turrets(self) -> int:
        return self.missile_batteries * self.missile_turrets_each

    @property
    def laser_turrets(self) -> int:
        return self.laser_batteries * self.laser_turrets_each

    @property
    def sand_turrets(self) -> int:
        return self.sand_batteries * self.sand_turrets_each


class Refused(ValueError):
    """A genome no design of the rules builds: the rule's code and why."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(f"{code} {why}")
        self.code = code
        self.why = why

    @property
    def reason(self) -> tuple[str, str]:
        """The rule's code and why, as a search says a refusal."""
        return self.code, self.why


@dataclass(frozen=True)
class Part:
    """One line of the component sheet: its section, label, tons, MCr, and what follows (EP, crew)."""

    section: str
    label: str
    tons: Decimal
    mcr: Decimal
    tail: str = ""


@dataclass(frozen=True)
class Built:
    """The parts, and the figures the sheet's summary declares."""

    parts: list[Part]
    crew: int
    power: int
    ep: Decimal
    ep_used: Decimal
    fuel: Decimal
    cargo: Decimal
    cost: Decimal
    agility: int
    laden: dict[str, int]  # with drop tanks: the jump, maneuver and power the drives make on hull + tanks


def _figure(value: Decimal | int) -> str:
    return f"{D(value):,.3f}"


def _weapon(name: str) -> tuple[Decimal, int]:
    """A turret weapon's MCr and EP each (``charts.TURRET_WEAPONS``)."""
    _, mcr, ep = hg.TURRET_WEAPONS[name]
    return mcr, ep


def armour_percent(tl: int, factor: int) -> Decimal:
    """The share of the hull an armour factor takes at a TL (High Guard p. 23: base + per factor)."""
    base, per = next((base, per) for lowest, base, per in hg.ARMOUR_PERCENT if tl >= lowest)
    return D(base + per * factor)


def computers_for(genome: Genome) -> list[hg.Computer]:
    """The standard models (not fib, not bis) the hull and the jump allow within the TL (HG112), smallest first."""
    needed = max((model for tons, model in hg.MINIMUM_COMPUTER_BY_HULL if genome.tons >= tons), default=0)
    return [
        computer
        for computer in hg.COMPUTERS
        if computer.code.isdigit()
        and computer.code != "0"
        and hg.computer_size(computer) >= needed
        and computer.max_jump >= genome.jump
        and computer.tl <= genome.tl
    ]


def computer_for(genome: Genome) -> hg.Computer:
    """The smallest model the hull and the jump allow, ``computer_extra`` models above it."""
    models = computers_for(genome)
    if not models:
        raise Refused(
            "HG112", f"no computer of TL {genome.tl} or below runs jump-{genome.jump} on {genome.tons:,} tons"
        )
    if genome.computer_extra >= len(models):
        raise Refused("HG112", f"no computer {genome.computer_extra} models above the smallest at TL {genome.tl}")
    return models[genome.computer_extra]


def crew_for(genome: Genome, drive_tons: Decimal) -> int:
    """High Guard's crew as the Ruby simulator (RB) counts it at TL12: the command section, one engineer per 100
    tons of drives and plant, a gunner a battery, four a screen, a spinal mount's tons / 100 less one, three section
    heads."""
    batteries = genome.laser_batteries + genome.sand_batteries + genome.missile_batteries + genome.missile_bays
    batteries += genome.energy_batteries + genome.bays + genome.pa_batteries
    screens = genome.damper + genome.meson_screen
    mount = spinal_mount(genome)
    spinal = mount[1].tons // hg.CREW_SPINAL_TONS - 1 if mount is not None else 0
    return (
        hg.CREW_COMMAND
        + math.ceil(drive_tons / hg.CREW_ENGINEER_TONS)
        + batteries * hg.CREW_PER_BATTERY
        + screens * hg.CREW_PER_SCREEN
        + spinal
        + hg.CREW_SECTION_HEADS
    )


def _laden(genome: Genome, drives: dict[str, Decimal]) -> dict[str, int]:
    """The jump, maneuver and power ratings the drives of ``drives``' tons make carrying the genome's drop tanks (High
    Guard, p. 23: each drive's potential on hull + tanks); none without tanks."""
    if not genome.drop_tanks:
        return {}
    laden = genome.tons + genome.tanks
    return {kind: hg.laden_rating(kind, tons, laden, genome.tl) or 0 for kind, tons in drives.items()}


def laden_jump(genome: Genome) -> int:
    """The jump the genome's drive makes carrying its drop tanks (its jump without tanks)."""
    percent = hg.drive_percent("jump", genome.jump, None) if genome.jump else None
    if percent is None:
        return 0
    return _laden(genome, {"jump": genome.tons * percent / 100}).get("jump", genome.jump)


def _fuel(genome: Genome, power: int, laden: dict[str, int]) -> tuple[Decimal, Decimal]:
    """The plant fuel (28 days of the plant) and the jump fuel the hull holds. With drop tanks the jump fuel is in
    them: the hull holds what the laden ship's jump and plant fuel (on hull + tanks, at its laden ratings) need
    beyond the tanks and the plant fuel (High Guard, p. 23, fuel), often none."""
    hull = D(genome.tons)
    plant = hg.PLANT_FUEL_PER_PN * hull * power
    if not genome.drop_tanks:
        return plant, hg.JUMP_FUEL_PER_PARSEC * hull * genome.jump
    mass, tanks = hull + genome.tanks, genome.tanks
    jump = hg.JUMP_FUEL_PER_PARSEC * mass * laden["jump"]
    needed = jump + hg.PLANT_FUEL_PER_PN * mass * laden["power"]
    return plant, max(D(0), jump - tanks, needed - tanks - plant)


#: Each kind of spinal mount a genome may have: its gene, its chart, and its words on the component sheet.
SPINALS = (
    ("spinal", hg.SPINAL_PA, "Spinal Particle Accelerator Factor-{}"),
    ("meson_spinal", hg.SPINAL_MESON, "Spinal Meson Gun Factor-{}"),
)


def bay_sizes(weapon: str, tl: int) -> list[int]:
    """The sizes of bay of ``weapon`` the TL builds (High Guard, p. 24, bays), in tons, largest first."""
    return sorted((size for (size, each), bay in hg.BAYS.items() if each == weapon and bay.min_tl <= tl), reverse=True)


def bay_size(weapon: str, tl: int, asked: int = BAY_TONS) -> int | None:
    """The bay of ``weapon`` the TL builds, in tons: the size asked where the TL builds it, else the largest it does;
    None where it builds none."""
    sizes = bay_sizes(weapon, tl)
    return asked if asked in sizes else next(iter(sizes), None)


def pa_turret(tl: int) -> tuple[Decimal, Decimal]:
    """A particle accelerator turret's tons and MCr (with its accelerator) at a TL (High Guard, p. 25: a barbette
    below TL15, 5 tons and MCr 4; a turret from TL15, 3 tons and MCr 3); Refused below the TL that builds one."""
    if hg.TURRET_WEAPONS["particle accelerator"][0] > tl:
        raise Refused("HG115", f"no particle accelerator turret at TL {tl}")
    tons = cast(dict[int, Decimal], hg.TURRET_TONS["particle accelerator"])

    def at(chart: dict[int, Decimal]) -> Decimal:
        return next(each for lowest, each in sorted(chart.items(), reverse=True) if tl >= lowest)

    return at(tons), at(hg.PA_MOUNT_MCR)


def spinal_mount(genome: Genome) -> tuple[str, hg.Spinal] | None:
    """The genome's spinal mount: its component line's label and its row of the chart (High Guard, p. 24); the first
    of ``SPINALS`` it has, or None."""
    for gene, chart, label in SPINALS:
        letter = getattr(genome, gene)
        if letter:
            return label.format(letter), chart[letter]
    return None


def build(genome: Genome) -> Built:
    """The parts of a genome's design and its figures; Refused where the parts do not fit the hull."""
    g, hull = genome, D(genome.tons)
    per_100 = hull / 100
    shape = hg.CONFIGURATIONS[g.configuration]  # a planetoid's unusable share is its Hull line's tons (HGS)
    parts = [Part("HULL", "Hull", hull * shape.unusable, hull * shape.price_per_ton, "; Crew 0")]
    if g.armour:
        tons = hull * armour_percent(g.tl, g.armour) / 100
        parts.append(
            Part("HULL", f"Armour Factor-{g.armour}", tons, tons * (hg.ARMOUR_MCR[0] + hg.ARMOUR_MCR[1] * g.armour))
        )
    computer = computer_for(g)
    per_turret = hg.MAX_WEAPONS_PER_TURRET["default"]
    lasers, casters = g.laser_turrets * per_turret, g.sand_turrets * per_turret
    (laser_mcr, laser_ep), (caster_mcr, _) = _weapon(g.laser_weapon), _weapon("sandcaster")
    meson_ep = hg.MESON_SCREEN_EP_PER_FACTOR_PER_100_TONS * g.meson_screen * per_100
    mount = spinal_mount(g)
    spinal = mount[1] if mount is not None else None
    guns = g.energy_turrets * hg.MAX_WEAPONS_PER_TURRET["energy"]
    gun_mcr, gun_ep = _weapon(g.energy_gun)
    pa_ep = _weapon("particle accelerator")[1]
    ep_used = D(computer.ep) + lasers * laser_ep + guns * gun_ep + hg.DAMPER_EP_PER_FACTOR * g.damper + meson_ep
    ep_used += g.pa_turrets * pa_ep
    ep_used += spinal.ep if spinal is not None else 0
    size = bay_size(g.bay_weapon, g.tl, g.bay_tons) if g.bays else None
    if g.bays and size is None:
        raise Refused("HG115", f"no {g.bay_weapon} bay at TL {g.tl}")
    other = hg.BAYS[(size, g.bay_weapon)] if size is not None else None
    ep_used += other.ep * g.bays if other is not None else 0
    power = max(g.jump, g.maneuver, math.ceil(ep_used / (hg.EP_PER_PN_PER_TON * hull))) + g.extra_power
    drives: dict[str, Decimal] = {}
    for kind, rating, mcr in (
        ("maneuver", g.maneuver, hg.MANEUVER_MCR_PER_TON.get(g.maneuver, D(0))),
        ("jump", g.jump, hg.JUMP_MCR_PER_TON),
        ("power", power, hg.POWER_MCR_PER_TON),
    ):
        if not rating:
            continue
        percent = hg.drive_percent(kind, rating, g.tl)
        assert percent is not None  # a genome always has its TL
        tons = hull * percent / 100
        drives[kind] = tons
        label = {"maneuver": "M-Drive", "jump": "J-Drive", "power": "P-Plant"}[kind]
        tail = f"; +{_figure(hg.EP_PER_PN_PER_TON * hull * power)} EP" if kind == "power" else ""
        parts.append(Part("ENGINEERING", f"{label} Factor-{rating}", tons, tons * mcr, tail))
    laden = _laden(g, drives)
    plant_fuel, jump_fuel = _fuel(g, power, laden)
    parts += [Part("FUEL", "P-Fuel", plant_fuel, D(0)), Part("FUEL", "J-Fuel", jump_fuel, D(0))]
    if g.drop_tanks:  # outside the hull: no tons; the fittings' price here, the tanks' own in the laden block
        fixed, per_ton = hg.DROP_TANK_FITTINGS
        parts.append(Part("FUEL", "L-Hyd Drop Tanks", D(0), fixed + per_ton * g.tanks))
    bridge = max(hg.BRIDGE_MIN_TONS, hull * hg.BRIDGE_SHARE)
    parts.append(Part("AVIONICS", "Bridge", bridge, hull * hg.BRIDGE_MCR_PER_HULL_TON))
    parts.append(Part("AVIONICS", f"Computer {computer.model}", computer.tons, computer.mcr, f"; -{computer.ep} EP"))
    turret_tons = cast(Decimal, hg.TURRET_TONS["default"])  # a PA's tons depend on the TL: a dict
    if g.laser_turrets:
        mcr = lasers * laser_mcr
        tail = f"; -{lasers * laser_ep} EP"
        parts.append(Part("WEAPONRY", f"{g.laser_turrets} x Laser Turrets", g.laser_turrets * turret_tons, mcr, tail))
    if g.energy_turrets:
        tons, tail = g.energy_turrets * cast(Decimal, hg.TURRET_TONS["energy"]), f"; -{guns * gun_ep} EP"
        parts.append(Part("WEAPONRY", f"{g.energy_turrets} x Energy Turrets", tons, guns * gun_mcr, tail))
    if g.sand_turrets:
        mcr = casters * caster_mcr
        parts.append(Part("WEAPONRY", f"{g.sand_turrets} x Sand Turrets", g.sand_turrets * turret_tons, mcr))
    if g.missile_turrets:
        mcr = g.missile_turrets * per_turret * _weapon("missile")[0]
        parts.append(Part("WEAPONRY", f"{g.missile_turrets} x Missile Turrets", g.missile_turrets * turret_tons, mcr))
    if g.pa_turrets:
        (tons, mcr), tail = pa_turret(g.tl), f"; -{g.pa_turrets * pa_ep} EP"
        label = f"{g.pa_turrets} x Particle Accelerator Turrets"
        parts.append(Part("WEAPONRY", label, g.pa_turrets * tons, g.pa_turrets * mcr, tail))
    if g.missile_bays:
        missile_size = bay_size("missile", g.tl, g.missile_bay_tons) or BAY_TONS
        bay = hg.BAYS[(missile_size, "missile")]
        tons, mcr = D(missile_size * g.missile_bays), bay.mcr * g.missile_bays
        parts.append(Part("WEAPONRY", f"{g.missile_bays} x {missile_size}T Missile Bays", tons, mcr))
    if other is not None and size is not None:
        label = f"{g.bays} x {size}T {BAY_WEAPONS[g.bay_weapon]} Bays"
        tail = f"; -{other.ep * g.bays} EP" if other.ep else ""
        parts.append(Part("WEAPONRY", label, D(size * g.bays), other.mcr * g.bays, tail))
    if mount is not None and spinal is not None:
        parts.append(Part("WEAPONRY", mount[0], D(spinal.tons), D(spinal.mcr), f"; -{spinal.ep} EP"))
    if g.damper:
        screen = hg.DAMPERS[g.damper]
        tail = f"; -{_figure(hg.DAMPER_EP_PER_FACTOR * g.damper)} EP"
        parts.append(Part("SCREENS", f"Nuclear Damper Factor-{g.damper}", screen.tons, screen.mcr or D(0), tail))
    if g.meson_screen:
        screen = hg.MESON_SCREENS[g.meson_screen]
        tail = f"; -{_figure(meson_ep)} EP"
        parts.append(Part("SCREENS", f"Meson Screen Factor-{g.meson_screen}", screen.tons, screen.mcr or D(0), tail))
    crew = crew_for(g, sum(drives.values(), D(0)))
    rooms = math.ceil(D(crew) / hg.PEOPLE_PER_STATEROOM)
    room_tons, room_mcr = hg.STATEROOM
    parts.append(Part("ACCOMODATIONS", f"{rooms}.0 x Staterooms", rooms * room_tons, rooms * room_mcr))
    cargo = hull - sum((p.tons for p in parts), D(0))
    if cargo < 0:
        raise Refused("HG107", f"the parts take {_figure(hull - cargo)} tons of a {genome.tons:,}-ton hull")
    parts.append(Part("ACCOMODATIONS", "Cargo", cargo, D(0)))
    ep = hg.EP_PER_PN_PER_TON * hull * power
    agility = min(g.maneuver, int((ep - ep_used) // (hg.EP_PER_PN_PER_TON * hull)))
    cost = sum((p.mcr for p in parts), D(0))
    return Built(parts, crew, power, ep, ep_used, plant_fuel + jump_fuel, cargo, cost, agility, laden)


def _text(genome: Genome, built: Built, usp: str, name: str, laden_usp: str = "") -> str:
    def batteries(label: str, tail: str) -> str:
        row = [" "] * (USP_INDENT + len(usp))
        row[: len(label)] = list(label)
        counts = {
            "sandcaster": genome.sand_batteries,
            "repulsor": 0,
            "laser": genome.laser_batteries,
            "energy": genome.energy_batteries,
            "particle_accelerator": int(bool(genome.spinal)) + genome.pa_batteries,
            "meson": int(bool(genome.meson_spinal)),
            "missile": genome.missile_batteries + genome.missile_bays,
        }
        counts[hg.BAY_COLUMN[genome.bay_weapon]] += genome.bays  # a bay's column may be a turret's too
        for column, count in counts.items():
            if count:
                row[USP_INDENT + USP_COLUMN[column]] = hg.ehex(count)
        return "".join(row).rstrip() + "   " + tail

    lines = [
        f"Ship: {name}",
        f"Class: {name}",
        "Type: Warship",
        "Architect: shipyard",
        f"Tech Level: {genome.tl}",
        "",
        "USP",
        f"{' ' * USP_INDENT}{usp} MCr {built.cost:,.3f} {genome.tons // 1000} KTons",
        batteries("Bat Bear", f"Crew: {built.crew}"),
        batteries("Bat", f"TL: {genome.tl}"),
        "",
        f"Cargo: {built.cargo:,.0f} Fuel: {built.fuel:,.0f} EP: {built.ep:,.0f} Agility: {built.agility} Marines: 0"
        + (f" {PULSE_FLAG}" if genome.pulse_lasers and genome.laser_batteries else ""),
        "",
    ]
    if laden_usp:  # High Guard Shipyard's block: the laden USP and tonnage, its batteries, the tanks' own price
        laden = (genome.tons + genome.tanks) / 1000
        lines += [
            "With Drop Tanks",
            "",
            f"{' ' * USP_INDENT}{laden_usp} MCr {built.cost:,.3f} {laden.normalize():f} KTons",
            batteries("Bat", f"TL: {genome.tl}"),
            batteries("Bat Bear", f"Crew: {built.crew}"),
            f"Drop Tanks Cost: MCr {_figure(genome.tanks * hg.DROP_TANK_MCR_PER_TON)}",
            "",
        ]
    lines += [
        f"{name} Class Warship",
        "",
    ]
    for section in SECTIONS:
        lines.append(section)
        lines += [
            f"{p.label}: {_figure(p.tons)} Td; MCr {_figure(p.mcr)}{p.tail}"
            for p in built.parts
            if p.section == section
        ]
        lines.append("")
    return "\n".join(lines) + "\n"


def sheet_text(genome: Genome, name: str) -> str:
    """The genome's component sheet with its USP block: the sheet written with a provisional USP, read back by
    shipyard's High Guard reader, and its USP's digits recomputed from the components by the design engine."""
    from shipyard.systems.highguard.design import recompute
    from shipyard.systems.highguard.parse import parse_highguard

    built = build(genome)
    draft_usp = f"{SHIP_TYPE}-A{genome.configuration}00000-000000-00000-0"
    draft = _text(genome, built, draft_usp, name, draft_usp if genome.drop_tanks else "")
    ship = parse_highguard(draft, name)[0][0]
    design = recompute(ship)
    digits = design.usp

    def e(field: str, among: dict[str, object] = digits) -> str:
        value = among.get(field, 0)
        return value if isinstance(value, str) else hg.ehex(cast(int, value))

    def usp(hull: str, jump: int, maneuver: int, power: int) -> str:
        return (
            f"{SHIP_TYPE}-{hull}{genome.configuration}{hg.ehex(jump)}{hg.ehex(maneuver)}"
            f"{hg.ehex(power)}{e('computer')}{e('crew')}-{e('armour')}{e('sandcaster')}{e('meson_screen')}"
            f"{e('damper')}{e('black_globe')}{e('repulsor')}-{e('laser')}{e('energy')}"
            f"{genome.spinal or e('particle_accelerator')}"
            f"{genome.meson_spinal or e('meson')}{e('missile')}-0"
        )

    unladen = usp(e("hull_code"), genome.jump, genome.maneuver, built.power)
    if not genome.drop_tanks:
        return _text(genome, built, unladen, name)
    laden = built.laden  # the design engine's laden hull code: of hull + tanks as the sheet gives them
    hull = e("hull_code", design.laden_usp)
    return _text(genome, built, unladen, name, usp(hull, laden["jump"], laden["maneuver"], laden["power"]))
