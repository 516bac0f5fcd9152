"""The High Guard design engine: recompute a design from its component sheet (and its USP block).

Given what a sheet holds, recompute what High Guard derives: the hull, drive potentials from drive
tonnage (exactly, as Decimal: a drive between two ratings is reported as such, never rounded away), EP
produced and used, agility, fuel, hardpoints, cargo, cost, the batteries and their factors, and the USP
digits. A ship that has only a USP block gets what the USP allows (EP, fuel, hull code, crew code).
Sources: High Guard (tables in shipyard/systems/highguard/charts.py), High Guard Shipyard's sheets.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import ROUND_FLOOR, Decimal

from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.model import Component, HighGuardShip, first_labelled

D = Decimal
HUNDRED = D(100)


@dataclass(frozen=True)
class Drive:
    """A drive or plant as installed: its tonnage and the exact rating it gives on the base tonnage."""

    kind: str  # "maneuver", "jump", "power"
    tons: Decimal
    percent: Decimal  # of the base tonnage
    potential: Decimal  # G, J or Pn, exact
    declared: Decimal | None  # the Factor-n of the label (Factor-1.5 at TL13-14)
    component: Component | None

    @property
    def is_backup(self) -> bool:
        return self.component is not None and self.component.backup

    @property
    def rating(self) -> int:
        return int(self.potential.to_integral_value(rounding=ROUND_FLOOR))

    @property
    def whole(self) -> bool:
        return self.potential == self.potential.to_integral_value()


@dataclass(frozen=True)
class TurretGroup:
    """The turrets of one weapon type, and the batteries the USP block groups them in."""

    weapon: str  # a key of hg.TURRET_WEAPONS
    column: str  # the USP column
    turrets: int
    per_turret: int | None  # weapons per turret, read from the EP or the MCr; None when it cannot be read
    extra_weapons: int  # weapons beyond whole turrets of per_turret (laser EP not a multiple of turrets)
    batteries: int | None
    component: Component

    @property
    def weapons_per_battery(self) -> int | None:
        if self.per_turret is None or not self.batteries:
            return None
        return (self.turrets // self.batteries) * self.per_turret

    def factor(self, tl: int) -> int | None:
        weapons = self.weapons_per_battery
        return hg.turret_factor(self.weapon, weapons, tl) if weapons else None


@dataclass(frozen=True)
class BayGroup:
    weapon: str
    size: int
    count: int
    component: Component


@dataclass
class Design:
    """Everything recomputed for one ship. ``None`` where the sheet does not give what it takes."""

    hull: Decimal | None = None
    #: "components" when the sheet gives no tonnage and the hull is the sum of its lines, cargo included (HG119);
    #: None otherwise (the sheet's own tonnage, or 2% of it in the bridge).
    hull_from: str | None = None
    tl: int | None = None
    configuration: int | None = None
    drives: dict[str, Drive] = field(default_factory=dict)
    #: Spare drives ("Backup M-Drive ..."): they come on line when the primary is hit (TCS82 clarification 8).
    backup_drives: list[Drive] = field(default_factory=list)

    def every(self, kind: str) -> list[Drive]:
        """The drive of a kind and its spares, primary first."""
        primary = [self.drives[kind]] if kind in self.drives else []
        return primary + [d for d in self.backup_drives if d.kind == kind]

    ep_output: Decimal | None = None
    ep_used: Decimal = D(0)
    ep_users: list[tuple[str, Decimal]] = field(default_factory=list)
    fuel_jump_needed: Decimal | None = None
    fuel_plant_needed: Decimal | None = None  # 28 days of the ship's own plant (its P-Fuel tank's measure)
    laden_plant_fuel: Decimal | None = None  # with drop tanks: 28 days of plant fuel for the laden ship
    fuel_carried: Decimal | None = None
    tons_used: Decimal | None = None  # every component but cargo
    cargo_line: Decimal | None = None
    component_cost: Decimal | None = None
    craft_cost: Decimal = D(0)
    hardpoints: int | None = None
    empty_turrets: int = 0  # "Empty Turrets": no weapon, a hardpoint each
    turrets: list[TurretGroup] = field(default_factory=list)
    bays: list[BayGroup] = field(default_factory=list)
    spinal: tuple[str, str] | None = None  # ("meson" | "particle_accelerator", letter)
    computer: hg.Computer | None = None
    armour_factor: int | None = None  # purchased
    screens: dict[str, int] = field(default_factory=dict)
    staterooms: Decimal = D(0)
    drop_tanks: Decimal = D(0)
    usp: dict[str, object] = field(default_factory=dict)  # recomputed USP fields (names of UspProfile)
    #: The installed jump, maneuver and power ratings: from the drive's tonnage, else the USP's digit.
    installed: dict[str, int] = field(default_factory=dict)
    laden_usp: dict[str, object] = field(default_factory=dict)  # hull, jump, maneuver, power with drop tanks
    #: Where the laden digits come from: "drives" (the drives' tonnages) or "unladen digits" (a USP-only sheet:
    #: each drive taken at the size its unladen digit names, the least it can be).
    laden_from: str | None = None
    #: For laden digits from the unladen digits: the highest each could be (a drive just short of the next
    #: unladen rating); a printed laden digit between the two agrees.
    laden_high: dict[str, int] = field(default_factory=dict)
    #: The laden jump, maneuver and power ratings the ship is judged by (fuel, drive TL): the printed laden USP's
    #: digits where the sheet prints one, else the derived ones.
    laden_ratings: dict[str, int] = field(default_factory=dict)
    agility: int | None = None

    @property
    def hardpoints_used(self) -> int:
        """One a turret, armed or empty (High Guard: one turret per hardpoint), and HARDPOINTS_PER_BAY a bay."""
        return (
            sum(t.turrets for t in self.turrets)
            + self.empty_turrets
            + hg.HARDPOINTS_PER_BAY * sum(b.count for b in self.bays)
        )

    @property
    def cargo_computed(self) -> Decimal | None:
        if self.hull is None or self.tons_used is None:
            return None
        return self.hull - self.tons_used


_TURRET_LABELS = {
    "laser turrets": "laser",
    "missile turrets": "missile",
    "sand turrets": "sandcaster",
    "energy turrets": "energy",
    "particle accelerator turrets": "particle accelerator",
}
_BAY_WEAPONS = {
    "missile": "missile",
    "particle accelerator": "particle accelerator",
    "meson": "meson gun",
    "repulsor": "repulsor",
    "plasma gun": "plasma gun",
    "fusion gun": "fusion gun",
}


def turret_sizes(weapons: int, turrets: int, most: int) -> tuple[int | None, int]:
    """The weapons a turret of a line holds, and the leftovers: weapons spread over ``turrets`` fill them to one
    size or to two sizes one apart (88 lasers in 30 turrets: 28 triples and 2 doubles, legal). The size most of
    the turrets hold (the larger, on a tie) is the line's; the weapons of the few larger turrets beyond it (61 in
    30: one triple among 29 doubles) and any beyond ``most`` a turret are "an extra weapon or two ... in the last
    turret", which "contribute nothing" (TCS82, rules clarification 1). (None, 0) for no weapons."""
    if weapons <= 0:
        return None, 0
    if weapons >= turrets * most:
        return most, weapons - turrets * most
    larger = -(-weapons // turrets)  # the larger size: ceil(weapons / turrets)
    full = weapons - turrets * (larger - 1)  # how many turrets hold the larger size
    if full * 2 >= turrets:
        return larger, 0
    return (larger - 1 or None), (full if larger > 1 else 0)


def _per_turret_from_cost(weapon_mcr: Decimal, turrets: int, mcr: Decimal, most: int) -> int | None:
    """Weapons per turret that explain a turret line's MCr, with or without HGS's turret charge."""
    for weapons in range(1, most + 1):
        bare = turrets * weapons * weapon_mcr
        charged = bare + turrets * (hg.HARDPOINT_MCR + hg.TURRET_MCR[weapons])
        if mcr in (bare, charged):
            return weapons
    return None


#: The drives of the ENGINEERING section, by the start of their labels (a spare's label starts "Backup ").
DRIVE_LABELS = (("maneuver", "M-Drive"), ("jump", "J-Drive"), ("power", "P-Plant"))
#: A backup drive's label: "Backup M-Drive" (compiled once, as each of the labels below: asked of every component
#: of every ship).
_BACKUP = {pattern: re.compile(rf"backup\s+{pattern}", re.I) for _, pattern in DRIVE_LABELS}
_FUEL_TANK = re.compile(r"(P-Fuel|J-Fuel|Extra Fuel)")
_STATEROOMS = re.compile(r"staterooms", re.I)
_SPINAL = re.compile(r"spinal (meson gun|particle accelerator) factor-([A-Z])", re.I)
_BAYS = re.compile(r"(50|100)T (.+?) Bays$", re.I)


class _Engine:
    def __init__(self, ship: HighGuardShip):
        self.ship = ship
        self.design = Design()
        self.sections: dict[str, list[Component]] = {}  # the components of each section, in the sheet's order
        for component in ship.components:
            self.sections.setdefault(component.section, []).append(component)

    def section(self, name: str) -> list[Component]:
        return self.sections.get(name, [])

    def hull(self) -> None:
        ship, design = self.ship, self.design
        design.tl = ship.tl
        if ship.tonnage is not None:
            design.hull = ship.tonnage
        else:
            bridge = self.find("AVIONICS", r"^bridge$")
            if bridge is not None and bridge.tons > hg.BRIDGE_MIN_TONS:
                # High Guard Shipyard's component sheet: the tonnage follows from the bridge.
                design.hull = bridge.tons / hg.BRIDGE_SHARE
            elif ship.components and self.find("ACCOMODATIONS", r"^cargo$") is not None:
                # High Guard Shipyard 1.x writes "Hull: 0.000 Td" and no tonnage: every ton of the hull is on a
                # line, cargo the rest, so the lines add up to it (its own Kuniko Inoguchi sample: 100 tons).
                design.hull = sum((c.tons for c in ship.components), D(0))
                design.hull_from = "components"
        if ship.usp is not None and ship.usp.configuration in hg.CONFIGURATIONS:  # another digit is HG118's
            design.configuration = ship.usp.configuration
        if ship.laden_tonnage is not None and design.hull is not None:
            design.drop_tanks = ship.laden_tonnage - design.hull

    def find(self, section: str, pattern: str) -> Component | None:
        """``HighGuardShip.find_component``, from the components of that section alone."""
        return first_labelled(self.section(section), pattern)

    def drives(self) -> None:
        design = self.design
        if design.hull is None:
            return
        for kind, pattern in DRIVE_LABELS:
            component = self.find("ENGINEERING", f"^{pattern}")
            if component is not None:
                drive = self.rate(kind, component, design.hull)
                if drive is not None:
                    design.drives[kind] = drive
            for spare in self.section("ENGINEERING"):
                if _BACKUP[pattern].match(spare.label):
                    drive = self.rate(kind, spare, design.hull)
                    if drive is not None:
                        design.backup_drives.append(drive)

    def rate(self, kind: str, component: Component, hull: Decimal) -> Drive | None:
        """A drive's exact rating on the base tonnage (None for a plant without a TL). A line of spares
        ("2 x Backup J-Drive Factor-3: 80.000 Td") gives the tonnage of all of them: each is its share."""
        tons = component.tons / (component.count or 1) if component.backup else component.tons
        percent = HUNDRED * tons / hull
        potential = hg.drive_potential(kind, percent, self.design.tl)
        if potential is None:
            return None
        declared = Decimal(component.factor) if component.factor and component.factor[0].isdigit() else None
        return Drive(kind, tons, percent, potential, declared, component)

    def installed_ratings(self) -> None:
        for kind in ("jump", "maneuver", "power"):
            if kind in self.design.drives:
                self.design.installed[kind] = self.design.drives[kind].rating
            elif self.ship.usp is not None:
                self.design.installed[kind] = getattr(self.ship.usp, kind)

    def energy(self) -> None:
        design, ship = self.design, self.ship
        if design.hull is None:
            return
        plant = design.drives.get("power")
        if plant is not None:
            if design.tl is None:  # a plant's output per ton depends on the TL: with none, the EP are unknown
                return
            design.ep_output = plant.tons / hg.power_rate(design.tl)
        elif ship.usp is not None:
            design.ep_output = hg.EP_PER_PN_PER_TON * design.hull * ship.usp.power
        for component in ship.components:
            if component.ep is not None and component.ep < 0 and not component.backup:
                design.ep_used -= component.ep
                design.ep_users.append((component.label, -component.ep))

    def fuel(self) -> None:
        design, ship = self.design, self.ship
        if design.hull is None:
            return
        jump = design.installed.get("jump")
        power = (
            design.drives["power"].potential if "power" in design.drives else (D(ship.usp.power) if ship.usp else None)
        )
        if design.drop_tanks:  # the laden ship's jump fuel, at its laden jump (laden_digits)
            jump = None
        if jump is not None:
            design.fuel_jump_needed = hg.JUMP_FUEL_PER_PARSEC * design.hull * jump
        if power is not None:
            design.fuel_plant_needed = hg.PLANT_FUEL_PER_PN * design.hull * power
        carried = [c.tons for c in self.section("FUEL") if _FUEL_TANK.match(c.label)]
        if carried:
            design.fuel_carried = sum(carried, D(0))

    def tonnage_and_cost(self) -> None:
        design, ship = self.design, self.ship
        if not ship.components:
            return
        cargo = self.find("ACCOMODATIONS", r"^cargo$")
        design.cargo_line = cargo.tons if cargo else None
        design.tons_used = sum((c.tons for c in ship.components if c is not cargo), D(0))
        design.component_cost = sum((c.mcr for c in ship.components), D(0))
        design.craft_cost = sum((c.craft_cost * (c.count or 1) for c in ship.components if c.craft_cost), D(0))
        for component in self.section("ACCOMODATIONS"):
            if _STATEROOMS.fullmatch(component.label):
                design.staterooms += component.count or 0

    def weapons(self) -> None:
        design, ship = self.design, self.ship
        if design.hull is not None:
            design.hardpoints = max(1, int(design.hull // hg.HULL_TONS_PER_HARDPOINT))
        batteries = ship.batteries
        pulse = any("pulse" in flag.lower() for flag in ship.flags)
        for component in self.section("WEAPONRY"):
            label = component.label.lower()
            spinal = _SPINAL.match(component.label)
            if spinal:
                kind = "meson" if "meson" in spinal.group(1).lower() else "particle_accelerator"
                design.spinal = (kind, spinal.group(2).upper())
                continue
            bay = _BAYS.match(component.label)
            if bay and not label.startswith("empty"):
                weapon = _BAY_WEAPONS.get(bay.group(2).lower())
                if weapon:
                    design.bays.append(BayGroup(weapon, int(bay.group(1)), int(component.count or 0), component))
                continue
            if label.startswith("empty") and "bays" in label:
                design.bays.append(
                    BayGroup("empty", 100 if "100t" in label else 50, int(component.count or 0), component)
                )
                continue
            if label == "empty turrets":
                design.empty_turrets += int(component.count or 0)
                continue
            turret_kind = _TURRET_LABELS.get(label)
            if turret_kind is None:
                continue
            self.turret_group(turret_kind, int(component.count or 0), component, batteries, pulse)

    def turret_group(self, kind: str, turrets: int, component: Component, batteries, pulse: bool) -> None:
        design = self.design
        ep = -(component.ep or 0)
        per_turret, extra, weapon = None, 0, kind
        if kind == "laser":
            weapon = "pulse laser" if pulse else "beam laser"
            if turrets:
                per_turret, extra = turret_sizes(int(ep), turrets, hg.MAX_WEAPONS_PER_TURRET["default"])
        elif kind == "energy":
            for name in ("plasma gun", "fusion gun"):
                each_ep = hg.TURRET_WEAPONS[name][2]
                guns = ep / each_ep if each_ep else 0
                if turrets and guns == int(guns) and int(guns) % turrets == 0:
                    candidate = int(guns) // turrets
                    if _per_turret_from_cost(hg.TURRET_WEAPONS[name][1], turrets, component.mcr, 2) == candidate:
                        weapon, per_turret = name, candidate
                        break
            else:
                weapon = "plasma gun"
        elif kind == "particle accelerator":
            per_turret = 1
        else:
            most = hg.MAX_WEAPONS_PER_TURRET["default"]
            per_turret = _per_turret_from_cost(hg.TURRET_WEAPONS[kind][1], turrets, component.mcr, most)
        column = hg.WEAPON_COLUMN[weapon]
        count = batteries.get(column) if batteries is not None else None
        design.turrets.append(TurretGroup(weapon, column, turrets, per_turret, extra, count, component))

    def avionics_and_screens(self) -> None:
        design = self.design
        computer = self.find("AVIONICS", r"^computer ")
        if computer is not None:
            model = computer.label.split(" ", 1)[1].strip().lower()
            design.computer = hg.COMPUTER_BY_MODEL.get(model)
        armour = self.find("HULL", r"^armou?r factor-")
        if armour is not None and armour.factor and armour.factor.isdigit():
            design.armour_factor = int(armour.factor)
        for key, pattern in (
            ("damper", r"^nuclear damper factor-"),
            ("meson_screen", r"^meson screen factor-"),
            ("black_globe", r"^black globe factor-"),
        ):
            screen = self.find("SCREENS", pattern)
            if screen is not None and screen.factor and screen.factor.isdigit():
                design.screens[key] = int(screen.factor)

    def usp_digits(self) -> None:
        """The USP fields the sheet lets shipyard recompute (names as in UspProfile)."""
        design, ship, usp = self.design, self.ship, self.design.usp
        if design.hull is not None:
            usp["hull_code"] = hg.hull_code(design.hull)
        if ship.crew is not None:
            usp["crew"] = hg.crew_code(ship.crew)
        for kind in ("jump", "maneuver", "power"):
            if kind in design.drives:
                usp[kind] = design.drives[kind].rating
        if not ship.components:
            return
        if design.computer is not None:
            usp["computer"] = design.computer.code
        elif self.find("AVIONICS", r"^computer ") is None:
            usp["computer"] = "0"
        if design.armour_factor is not None and design.configuration is not None:
            usp["armour"] = design.armour_factor + hg.CONFIGURATIONS[design.configuration].built_in_armour
        for key in ("damper", "meson_screen", "black_globe"):
            usp[key] = design.screens.get(key, 0)
        if design.tl is None:
            return
        columns = {
            "laser": 0,
            "energy": 0,
            "particle_accelerator": 0,
            "meson": 0,
            "missile": 0,
            "sandcaster": 0,
            "repulsor": 0,
        }
        for group in design.turrets:
            factor = group.factor(design.tl)
            if factor is None:
                columns.pop(group.column, None)  # cannot be recomputed: not compared
            elif group.column in columns:
                columns[group.column] = max(columns[group.column], factor)
        for bay in design.bays:
            if bay.weapon == "empty":
                continue
            factor = hg.bay_factor(bay.size, bay.weapon, design.tl)
            column = hg.BAY_COLUMN[bay.weapon]
            if factor is not None and column in columns:
                columns[column] = max(columns[column], factor)
        usp.update(columns)
        if design.spinal is not None:
            usp.pop(design.spinal[0], None)
            usp[f"{design.spinal[0]}_spinal"] = design.spinal[1]

    def laden_digits(self) -> None:
        """The laden USP: hull code and drive potentials on hull + tanks (High Guard, p. 23, jump drive): from the
        drives' tonnages, or on a USP-only sheet from the unladen digits (each drive the size its digit names, and
        at most just short of the next); the ratings judged (printed laden digits first); and the fuel the laden
        ship needs: jump fuel and plant fuel on the laden tonnage at the laden ratings (High Guard, p. 23, fuel)."""
        design, usp = self.design, self.ship.usp
        if not design.drop_tanks or design.hull is None:
            return
        laden = design.hull + design.drop_tanks
        design.laden_usp["hull_code"] = hg.hull_code(laden)
        for kind in ("jump", "maneuver", "power"):
            drive = design.drives.get(kind)
            if drive is not None:
                design.laden_from = "drives"
                low = high = self.laden_potential(kind, drive.tons, laden)
            elif usp is not None and not self.ship.components:
                design.laden_from = "unladen digits"
                rating = getattr(usp, kind)
                least, most = (hg.drive_percent(kind, r, design.tl) for r in (rating, rating + 1))
                if least is None or most is None:
                    continue
                low = self.laden_potential(kind, design.hull * least / HUNDRED, laden)
                high = self.laden_potential(kind, design.hull * most / HUNDRED, laden, below=True)
            else:
                continue
            if low is None or high is None:
                continue
            design.laden_usp[kind], design.laden_high[kind] = low, max(low, high)
        printed = self.ship.laden_usp
        for kind in ("jump", "maneuver", "power"):
            rating = getattr(printed, kind) if printed is not None else design.laden_usp.get(kind)
            if isinstance(rating, int):
                design.laden_ratings[kind] = rating
        jump, power = design.laden_ratings.get("jump"), design.laden_ratings.get("power")
        if jump is not None:
            design.fuel_jump_needed = hg.JUMP_FUEL_PER_PARSEC * laden * jump
        if power is not None:
            design.laden_plant_fuel = hg.PLANT_FUEL_PER_PN * laden * power

    def laden_potential(self, kind: str, tons: Decimal, laden: Decimal, below: bool = False) -> int | None:
        """The whole rating a drive of ``tons`` gives on ``laden`` tons (``charts.laden_rating``)."""
        return hg.laden_rating(kind, tons, laden, self.design.tl, below)

    def agility(self) -> None:
        design = self.design
        maneuver = design.drives.get("maneuver")
        if design.hull is None or design.ep_output is None or maneuver is None or not self.ship.components:
            return
        spare = design.ep_output - design.ep_used
        if spare < 0:
            design.agility = 0
            return
        design.agility = min(
            maneuver.rating, int((spare / (hg.EP_PER_PN_PER_TON * design.hull)).to_integral_value(rounding=ROUND_FLOOR))
        )

    def run(self) -> Design:
        self.hull()
        self.drives()
        self.installed_ratings()
        self.energy()
        self.fuel()
        self.tonnage_and_cost()
        self.weapons()
        self.avionics_and_screens()
        self.usp_digits()
        self.laden_digits()
        self.agility()
        return self.design


def recompute(ship: HighGuardShip) -> Design:
    """Everything the sheet lets shipyard recompute about ``ship``."""
    return _Engine(ship).run()


#: Where a laden USP came from, in words (``laden_profile``).
LADEN_FROM = {
    "printed": "printed on the sheet",
    "drives": "derived from the drives on hull + tanks (High Guard, p. 23)",
    "unladen digits": "derived from the unladen digits' drives on hull + tanks (High Guard, p. 23)",
}


def laden_profile(ship: HighGuardShip) -> tuple[str, str] | None:
    """A drop-tank ship's laden USP prefix (``BA-K931363``: type, hull code, configuration, jump, maneuver, power,
    computer, crew) and where it came from (LADEN_FROM): the sheet's own, else derived; None without drop tanks
    or where it cannot be derived."""
    usp = ship.usp
    if ship.laden_usp is not None:
        return "-".join(ship.laden_usp.text.split("-")[:2]), "printed"
    if usp is None or ship.laden_tonnage is None:
        return None
    design = recompute(ship)
    digits = design.laden_usp
    if design.laden_from is None or any(kind not in digits for kind in ("jump", "maneuver", "power")):
        return None
    block = [str(digits["hull_code"]), str(usp.configuration)]
    block += [hg.ehex(int(str(digits[kind]))) for kind in ("jump", "maneuver", "power")]
    return f"{usp.ship_type}-{''.join(block)}{usp.computer}{hg.ehex(usp.crew)}", design.laden_from
