"""A ship's state through a battle, and the damage results applied to it at the end of each combat step (High
Guard step 6; reference §5.7 as RB reads it, with the TCS 1982 rules where they speak). docs/tcs-combat.md,
"Damage" says how each result is read."""

from __future__ import annotations

import random

from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.ship import Battery, Combatant

#: Every TCS82 "20th weapon hit" falls on the spinal mount: the 11th, 31st, 51st ... (Rules modifications 2).
SPINAL_HIT_EVERY = 20
SPINAL_HIT_AT = 11
#: A spinal mount stepped below factor A is out.
LOWEST_SPINAL = t.SPINAL_FACTORS.start
#: TCS82 Frozen crew: "If a crew hit occurs on turn 1, say, the ship would be available for combat on turn 4".
REVIVAL_TURNS = 3
#: TCS82 Rules clarification 3: "100 total fuel hits scored will reduce a ship to 'no fuel left' status".
NO_FUEL = 100
#: The weapons that need power (missiles and sandcasters need none; the owner switches off the rest first when
#: the plant is gone).
POWERED = ("laser", "pulse_laser", "energy", "particle_accelerator", "meson")


class Warship(Combatant):
    """One ship in a battle: its sheet's figures as they stand now, what it has lost, and what it has been dealt
    this combat step (``pending``, applied at its end)."""

    def __init__(self, template: Combatant, side: int, label: str, sheet: str, copy: int) -> None:
        super().__init__(
            name=template.name,
            size=template.size,
            configuration=template.configuration,
            computer=template.computer,
            fib=template.fib,
            agility=template.agility,
            armour=template.armour,
            batteries=[b.copy() for b in template.batteries],
            sand=template.sand.copy() if template.sand is not None else None,
            repulsor=template.repulsor.copy() if template.repulsor is not None else None,
            damper=template.damper,
            meson_screen=template.meson_screen,
            black_globe=template.black_globe,
            missiles=template.missiles,
            tons=template.tons,
            assumed=template.assumed,
            maneuver=template.maneuver,
            power=template.power,
            jump=template.jump,
            crew=template.crew,
            frozen_watch=template.frozen_watch,
        )
        self.template = template
        self.side = side
        self.label = label  # "Eurisko 3": the ship among its side's
        self.sheet = sheet  # as a damage record names it
        self.copy_number = copy
        self.model = template.computer  # the computer as installed, less its hits (the bridge halves it in use)
        self.bridge = True
        self.weapon_hits = 0
        self.fuel_hits = 0
        self.crew_hits = 0
        self.back_on_turn = 0  # a crew hit: the turn the frozen watch is revived
        self.crew_out = False  # no crew left to fight: out for good
        self.vaporised = False
        self.turrets_destroyed = 0
        self.bays_destroyed = 0
        self.turns_in_battle = 0
        self.reserve = False
        self.pending: list[tuple[str, str]] = []
        self.telling = True  # say what each result does (off while battles are counted)

    # -- what the ship can do -------------------------------------------------------------------------------------

    def state(self) -> tuple[int, ...]:
        """What fire at this ship reads of it (ships alike in all of it are fired on alike): its size,
        configuration, computer, agility, armour, defences (the beam batteries a defence would roll against
        included), and whether its computer is fib."""
        sand = self.sand.factor if self.sand is not None and self.sand.bearing else 0
        repulsor = self.repulsor.factor if self.repulsor is not None and self.repulsor.bearing else 0
        beams = tuple(battery.factor for _, battery in self.beam_defence() if battery.bearing)
        return (
            self.size,
            self.configuration,
            self.computer,
            self.agility,
            self.armour,
            sand,
            repulsor,
            self.damper,
            self.meson_screen,
            self.fib,
            *beams,
        )

    @property
    def afloat(self) -> bool:
        """Still a fighting unit at all: not vaporised, its fuel not gone, its crew not lost."""
        return not self.vaporised and self.fuel_hits < NO_FUEL and not self.crew_out

    def usable(self, battery: Battery) -> bool:
        """A battery that can fire offensively now (bearing, not out, powered, with missiles left)."""
        if battery.count <= 0 or battery.bearing <= 0 or battery.factor <= 0:
            return False
        if battery.weapon in POWERED and self.power <= 0:
            return False
        return battery.missile_turns is None or self.turns_in_battle < battery.missile_turns

    def armed(self) -> bool:
        """Able to fire offensively, now or once its frozen watch is revived (TCS82's automatic victory counts it)."""
        return self.afloat and any(self.usable(b) for b in self.batteries)

    def firing(self, turn: int) -> bool:
        return self.armed() and self.back_on_turn <= turn

    # -- damage, at the end of the combat step --------------------------------------------------------------------

    def apply(self, turn: int, rng: random.Random, telling: bool = True) -> list[str]:
        """Every result dealt this step, in order; what each did, in words when ``telling`` (a counted battle
        builds none)."""
        self.telling = telling
        done = []
        for table, result in self.pending:
            said = self.effect(table, result, turn, rng)
            if said:
                done.append(said)
        self.pending = []
        return done

    def effect(self, table: str, result: str, turn: int, rng: random.Random) -> str:
        kind, _, amount = result.rpartition("-")
        n = int(amount) if amount.isdigit() else 0
        if table == "armour":  # TCS82 Rules modifications 9
            self.armour = max(0, self.armour - 1)
            return f"armour {self.armour} ({result})" if self.telling else ""
        if table in ("critical", "automatic critical"):
            self.armour = max(0, self.armour - 1)
            said = self.critical(result, turn, rng)
            return f"critical ({result}): armour {self.armour}; {said}" if self.telling else ""
        if not n:
            return self.whole_result(result, turn)
        if kind == "Weapon":
            return self.weapon_hit(n)
        if kind == "Fuel":
            self.fuel_hits = min(NO_FUEL, self.fuel_hits + n)
            return (
                f"fuel hits {self.fuel_hits}%" + (": no fuel left" if self.fuel_hits >= NO_FUEL else "")
                if self.telling
                else ""
            )
        if kind == "Maneuver":
            self.maneuver = max(0, self.maneuver - n)
            self.agility = min(self.agility, self.maneuver)
            return f"maneuver {self.maneuver}, agility {self.agility}" if self.telling else ""
        if kind == "Power plant":
            return self.power_hit(self.power - n)
        if kind == "Computer":
            if table == "radiation" and self.fib:
                return "computer hit: no effect (fib)" if self.telling else ""
            self.model = max(0, self.model - n)
            return self.set_computer()
        if kind == "Screens":
            return self.screen_hit(n)
        if kind == "Jump":
            self.jump = max(0, self.jump - n)
            return f"jump {self.jump}" if self.telling else ""
        if kind == "Crew":
            return self.crew_hit(turn)
        return ""

    def whole_result(self, result: str, turn: int) -> str:
        if result == "Fuel tanks shattered":
            self.fuel_hits = NO_FUEL
            return "fuel tanks shattered: out" if self.telling else ""
        return ""

    def set_computer(self) -> str:
        self.computer = self.model if self.bridge else self.model // 2
        return f"computer Model/{self.computer}" if self.telling else ""

    def power_hit(self, left: int) -> str:
        """The plant's rating lowered; the owner gives up agility first (TCS82 Damage: "any combination of turning
        off weapons or screens or reducing the ship's agility"); with no plant, the powered weapons are off."""
        lost = self.power - max(0, left)
        self.power = max(0, left)
        self.agility = max(0, self.agility - lost) if self.power > 0 else 0
        return (
            f"power {self.power}, agility {self.agility}" + (": powered weapons off" if not self.power else "")
            if self.telling
            else ""
        )

    def screen_hit(self, n: int) -> str:
        if self.meson_screen:
            self.meson_screen = max(0, self.meson_screen - n)
            return f"meson screen {self.meson_screen}" if self.telling else ""
        if self.damper:
            self.damper = max(0, self.damper - n)
            return f"damper {self.damper}" if self.telling else ""
        return "screens hit: none to lose" if self.telling else ""

    def weapon_hit(self, n: int) -> str:
        """TCS82 Rules modifications 2 and 4: the 11th, 31st, ... weapon hit falls on the spinal mount; the rest on
        the battery the firer picks (the highest factor left, then the most batteries): a turret battery is
        eliminated, a bay, spinal mount or the last battery of a type stepped down by n."""
        self.weapon_hits += 1
        spinal = next((b for b in self.batteries if b.spinal and b.count > 0), None)
        others = [b for b in self.batteries if not b.spinal and b.count > 0 and b.factor > 0]
        if spinal is not None and (self.weapon_hits % SPINAL_HIT_EVERY == SPINAL_HIT_AT or not others):
            spinal.factor -= n
            if spinal.factor < LOWEST_SPINAL:
                spinal.count = spinal.bearing = 0
                return "spinal mount out" if self.telling else ""
            return f"spinal mount {spinal.letter}" if self.telling else ""
        if not others:
            return "weapon hit: none left" if self.telling else ""
        hit = max(others, key=lambda b: (b.factor, b.count))
        name = hit.weapon.replace("_", " ")
        if hit.bay or hit.count == 1:
            hit.factor = max(0, hit.factor - n)
            if hit.factor == 0:
                self._destroyed(hit, hit.count)
                hit.count = hit.bearing = 0
                return f"{name} out" if self.telling else ""
            return f"{name} factor {hit.factor}" if self.telling else ""
        hit.count -= 1
        hit.bearing = min(hit.bearing, hit.count)
        self._destroyed(hit, 1)
        return f"{name} battery destroyed ({hit.count} left)" if self.telling else ""

    def _destroyed(self, battery: Battery, count: int) -> None:
        if battery.bay:
            self.bays_destroyed += count if not battery.spinal else 0
        else:
            self.turrets_destroyed += battery.turrets * count

    def crew_hit(self, turn: int) -> str:
        """TCS82 Crew: the crew falls to the top of the next smaller crew number; RB: the first hit puts the ship out
        until its frozen watch is revived (TCS82 Frozen crew: three turns on), a second hit or no frozen watch for
        good."""
        self.crew_hits += 1
        self.crew = 10 ** (len(str(self.crew)) - 1) - 1 if self.crew >= 10 else 0
        if self.crew_hits == 1 and self.frozen_watch:
            self.back_on_turn = turn + REVIVAL_TURNS
            self.frozen_watch = False
            return (
                f"crew {self.crew}: out until turn {self.back_on_turn} (the frozen watch revived)"
                if self.telling
                else ""
            )
        self.crew_out = True
        return f"crew {self.crew}: out" if self.telling else ""

    def critical(self, result: str, turn: int, rng: random.Random) -> str:
        if result == "Ship vaporized":
            self.vaporised = True
            return "vaporised" if self.telling else ""
        if result == "Bridge destroyed":
            self.bridge = False
            return self.set_computer()
        if result == "Computer destroyed":
            self.model = 0
            return self.set_computer()
        if result == "Maneuver drive disabled":
            self.maneuver = self.agility = 0
            return "maneuver 0" if self.telling else ""
        if result == "One screen disabled":
            return self.screen_hit(max(self.meson_screen, self.damper))
        if result == "Jump drive disabled":
            self.jump = 0
            return "jump 0" if self.telling else ""
        if result == "Power plant disabled":
            return self.power_hit(0)
        if result == "Crew-1":
            return self.crew_hit(turn)
        if result == "Spinal mount / fire control out":
            return self.fire_control_out(rng)
        if result.startswith("Frozen watch"):
            self.frozen_watch = False
            return "frozen watch dead" if self.telling else ""
        return "no effect in battle" if self.telling else ""  # hangars: carried craft are not played

    def fire_control_out(self, rng: random.Random) -> str:
        """RB: one chance in two, the spinal mount is out, or every other battery; with neither left, out for good."""
        spinal = [b for b in self.batteries if b.spinal and b.count]
        others = [b for b in self.batteries if not b.spinal and b.count]
        lose = spinal if spinal and (not others or rng.random() < t.FIRE_CONTROL_SPINAL_SHARE) else others
        for battery in lose:
            battery.count = battery.bearing = 0
        if not self.telling:
            return ""
        return "spinal mount out" if lose is spinal else "fire control out: every battery but the spinal"
