"""A battle turn by turn (MCS 2.0): two fleets, each ship's G allocated by its side's doctrine, initiative, the
range, missiles launched, each ship presented for fire, the damage applied at the end of the turn, until one side
can no longer fight or the turns run out. ``fight`` is one battle over a ``RandomDice`` seeded from the
engagement's seed and the run's number, so a run's result does not depend on which process ran it.

Compiled with the modules it runs through (setup.py), so it reads only native records: a side's ``Orders`` and
the battle's ``Readings`` (readings.py), made once from the validated doctrine and options. What a turn can know
at its start it works out once: each fleet's fighting ships and the ship its enemy aims at (damage takes effect
only at the end of a turn; a missile battery's last salvo, launched or fired at a salvo, is the one change in
between, and it asks for them anew), the ships' order of presentation, each ship's point-defence lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from shipyard.core.fast import new_tuple
from shipyard.core.names import spelt
from shipyard.core.seeds import run_seed
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.dice import RandomDice
from shipyard.systems.mcs.combat.readings import DEFAULT_ORDERS, DEFAULT_READINGS, Orders, Readings
from shipyard.systems.mcs.combat.resolve import (
    Context,
    Firing,
    aiming_needed,
    apply_changes,
    band_evasion,
    countermissile,
    evasion_modifier,
    fire_volley,
    initiative,
    launch,
    missile_attack,
    point_defence,
    sensors_allow,
)
from shipyard.systems.mcs.combat.state import (
    BEAMS,
    EVERY_KIND,
    MISSILES,
    WEAPONS,
    Battery,
    CombatShip,
    G,
    Group,
    no_value,
    who,
)

RANGE_STEPS = t.RANGE_STEPS  # the bands a battle's range steps through (combat/tables.py)


@dataclass
class Fleet:
    """A side in battle: its ships and how it fights. Its fighting ships, and the one an enemy aims at, are found
    once and kept until ``changed`` says a ship's state has changed."""

    name: str
    ships: list[CombatShip]
    tactics: int
    orders: Orders
    _fighting: list[CombatShip] | None = field(default_factory=no_value, init=False, repr=False)
    _aimer: Orders | None = field(default_factory=no_value, init=False, repr=False)
    _aimed: CombatShip | None = field(default_factory=no_value, init=False, repr=False)

    @property
    def fighting(self) -> list[CombatShip]:
        """The ships that can fight (``can_fight``)."""
        found = self._fighting
        if found is None:
            found = self._fighting = [s for s in self.ships if can_fight(s)]
        return found

    def aimed_at(self, orders: Orders) -> CombatShip | None:
        """The fighting ship an enemy fighting by ``orders`` aims at (every ship of a side aims at one)."""
        if self._aimer is not orders:
            self._aimed = _target(self.fighting, orders)
            self._aimer = orders
        return self._aimed

    def changed(self) -> None:
        """A ship's state has changed: its fighting ships and the ship aimed at are found anew."""
        self._fighting = None
        self._aimer = None


def can_fight(ship: CombatShip) -> bool:
    """A ship fights while it is not destroyed nor withdrawn and has a battery that can fire: a beam with a
    figure at some range, or missiles with a salvo left."""
    if ship.destroyed or ship.withdrawn:
        return False
    for group in ship.groups:
        kind = group.kind
        if kind == "beam":
            for battery in group.batteries:
                if not battery.destroyed:
                    for damage in battery.dam:
                        if damage is not None and damage > 0:
                            return True
        elif kind == "missile":
            for battery in group.batteries:
                if not battery.destroyed and (battery.salvos is None or battery.salvos > 0):
                    return True
    return False


@dataclass
class Tally:
    """What one battle did, kept for counting: the outcome, the turns, each ship's state at the end and each
    battery line's hits."""

    winner: int | None  # the side's index, None for a draw
    reason: str
    turns: int
    survivors: list[list[bool]]  # by side, by ship: still fighting at the end
    hits: dict[str, int] = field(default_factory=dict)  # "side: ship: battery" -> hits scored
    lost_mcr: list[Fraction] = field(default_factory=list)
    ship_losses: list[list[int]] = field(default_factory=list)  # by side, by ship: weapon batteries destroyed

    @property
    def batteries_lost(self) -> list[int]:
        """By side: the weapon batteries destroyed (all of a destroyed ship's)."""
        return [sum(ships) for ships in self.ship_losses]


def weapon_batteries(ship: CombatShip) -> list[Battery]:
    """The ship's weapon batteries (beams and missiles: what fights and what a withdrawal counts)."""
    return [b for g in ship.lines(None, WEAPONS) for b in g.batteries]


def ship_batteries_lost(ship: CombatShip) -> int:
    """The ship's weapon batteries destroyed: all of them when the ship is."""
    batteries = weapon_batteries(ship)
    return len(batteries) if ship.destroyed else sum(b.destroyed for b in batteries)


def _pd_groups(ship: CombatShip, orders: Orders) -> list[Group]:
    kept = orders.point_defence
    if kept == "none":
        return []
    if kept == "pd":
        return [g for g in ship.groups if g.kind == "damper" or (g.kind == "beam" and "pd" in g.name.lower().split())]
    wanted = {spelt(n) for n in kept}
    return [g for g in ship.groups if spelt(g.name) in wanted]


def _target(enemies: list[CombatShip], orders: Orders) -> CombatShip | None:
    if not enemies:
        return None
    if orders.target == "smallest":
        return min(enemies, key=lambda s: s.displacement)
    if orders.target == "nearest-to-death":
        return min(enemies, key=lambda s: sum(len(g.intact) for g in s.groups))
    return max(enemies, key=lambda s: s.displacement)


def fleet_maneuver(fleet: Fleet) -> G:
    """MCS 2.1: "Each ship in a fleet or squadron must allocate the same number of G's to maneuver": the side's
    maneuver G this turn, its doctrine's at most what its slowest fighting ship has now (after damage)."""
    return min([fleet.orders.maneuver, *(ship.current_maneuver() for ship in fleet.fighting)])


def _allocate(ship: CombatShip, orders: Orders, maneuver: G, options: Readings = DEFAULT_READINGS) -> None:
    """MCS 2.1 by doctrine: the side's maneuver G, then with a spinal mount what aiming needs ("at least one-half
    of it's total current acceleration", ``aiming_needed``: a 1 G ship aims 0.5), and what is left to evasion."""
    have = ship.current_maneuver()
    left = have - maneuver
    spinal = ship.has_mounted("spinal", EVERY_KIND)
    aiming = aiming_needed(have, options) if orders.aim and spinal else 0
    aiming = min(aiming, left)
    evasion = left - aiming if orders.evade else 0
    ship.allocate(maneuver, evasion, aiming)


#: "best" range: a battery's damage counts from this far below the target's toughness (a d6 of 4 or more
#: makes the hit at least light).
SEVERITY_REACH = 4


def best_band(fleet: Fleet, enemy: Fleet) -> str:
    """The band where the fleet's beam batteries do the most: the sum over batteries of damage - toughness +
    SEVERITY_REACH (at least 0) against the enemy's largest ship; the nearest such band on a tie."""
    target = _target(enemy.fighting or enemy.ships, DEFAULT_ORDERS)
    if target is None:
        return "vs"
    scores = [0] * len(RANGE_STEPS)
    columns = [t.RANGE_BANDS[band].column for band in RANGE_STEPS]
    floor = target.toughness - SEVERITY_REACH
    for ship in fleet.fighting:
        for group in ship.lines(None, BEAMS):
            # a line's batteries share their figures until one is damaged: each set of figures is scored once
            alike: dict[tuple[int | None, ...], int] = {}
            for battery in group.batteries:
                if not battery.destroyed:
                    dam = tuple(battery.dam)
                    alike[dam] = alike.get(dam, 0) + 1
            for dam, count in alike.items():
                for index, column in enumerate(columns):
                    if column < len(dam) and dam[column] is not None and dam[column] > floor:  # type: ignore[operator]
                        scores[index] += count * (dam[column] - floor)  # type: ignore[operator]
    return RANGE_STEPS[scores.index(max(scores))]


def _squadrons_evade_alike(fleet: Fleet) -> None:
    """MCS 2.1.1: every ship of a squadron gives the same G to evasion: the least any of them can."""
    squadrons: dict[str, list[CombatShip]] = {}
    for ship in fleet.fighting:
        if ship.squadron is not None:
            squadrons.setdefault(ship.squadron, []).append(ship)
    for members in squadrons.values():
        least = min(m.allocation[1] for m in members)
        for member in members:
            maneuver, _, aiming = member.allocation
            member.allocate(maneuver, least, aiming)


def band_between(current: str, one: CombatShip, other: CombatShip) -> str | None:
    """The band between two ships: the battle's, two bands farther for each in the reserve (MCS 2.1.1); None
    beyond Extreme (out of range)."""
    index = RANGE_STEPS.index(current) + 2 * (one.reserve + other.reserve)
    return RANGE_STEPS[index] if index < len(RANGE_STEPS) else None


def _step(current: str, seek: str) -> str:
    if seek == "hold" or seek == current:
        return current
    here, there = RANGE_STEPS.index(current), RANGE_STEPS.index(seek)
    return RANGE_STEPS[here + (1 if there > here else -1)]


class _Salvo:
    """A salvo launched, striking this turn or the next."""

    def __init__(
        self, attacker: CombatShip, group: Group, battery: Battery, strength: int, target: CombatShip, band: str
    ) -> None:
        self.attacker = attacker
        self.group = group
        self.battery = battery
        self.strength = strength
        self.target = target
        self.band = band


def _displacement(ship: CombatShip) -> Fraction:
    return ship.displacement


class Battle:
    """One battle between two fleets, turn by turn (MCS 2.0)."""

    def __init__(
        self,
        fleets: list[Fleet],
        options: Readings,
        start_range: str,
        limit: int,
        dice: RandomDice,
        narrate: bool = False,
    ) -> None:
        self.fleets, self.options, self.range, self.limit, self.dice = fleets, options, start_range, limit, dice
        self.narrate = narrate
        self.sides: dict[int, int] = {}  # a ship's side, by identity
        for index, fleet in enumerate(fleets):
            for ship in fleet.ships:
                ship.power_loss = options.power_loss
                self.sides[id(ship)] = index
        #: Each fleet's ships, largest first (MCS 2.4's order of presentation; a ship's displacement never changes).
        self.by_size = [sorted(fleet.ships, key=_displacement, reverse=True) for fleet in fleets]
        self.log: list[str] = []
        self.salvos: list[_Salvo] = []  # launched at Long or Extreme, striking next turn
        self.hits: dict[str, int] = {}
        self._defence: dict[int, list[Group]] = {}  # a ship's point-defence lines, by identity
        self._kept: dict[int, set[int]] = {}
        self._hit_keys: dict[int, str] = {}  # a battery line's key in ``hits``, by identity

    def say(self, text: str) -> None:
        if self.narrate:
            self.log.append(text)

    def defence_lines(self, ship: CombatShip) -> list[Group]:
        """The battery lines the ship's side's orders keep for point defence (the same all battle)."""
        lines = self._defence.get(id(ship))
        if lines is None:
            lines = self._defence[id(ship)] = _pd_groups(ship, self.fleets[self.side_of(ship)].orders)
        return lines

    def kept_for_defence(self, ship: CombatShip) -> set[int]:
        """``defence_lines`` by identity."""
        kept = self._kept.get(id(ship))
        if kept is None:
            kept = self._kept[id(ship)] = {id(g) for g in self.defence_lines(ship)}
        return kept

    def side_of(self, ship: CombatShip) -> int:
        return self.sides[id(ship)]

    def hit_key(self, side: int, ship: CombatShip, group: Group) -> str:
        """The key of a battery line's hits in the tally: "side: ship: line"."""
        key = self._hit_keys.get(id(group))
        if key is None:
            key = self._hit_keys[id(group)] = f"{self.fleets[side].name}: {ship.name}: {group.label}"
        return key

    def fight(self) -> Tally:
        turn = 0
        outcome: tuple[int | None, str] | None = None
        while turn < self.limit:
            turn += 1
            self.turn(turn)
            outcome = self.ended()
            if outcome is not None:
                break
        winner, reason = outcome or (None, f"the turn limit ({self.limit}) was reached")
        self.say(
            f"The battle ends after turn {turn}: "
            + (f"{self.fleets[winner].name} wins, {reason}" if winner is not None else f"a draw, {reason}")
        )
        survivors = [[can_fight(s) for s in fleet.ships] for fleet in self.fleets]
        lost = [
            sum((s.cost_mcr or Fraction(0) for s in fleet.ships if s.destroyed), Fraction(0)) for fleet in self.fleets
        ]
        losses = [[ship_batteries_lost(s) for s in fleet.ships] for fleet in self.fleets]
        return Tally(winner, reason, turn, survivors, dict(self.hits), lost, losses)

    def ended(self) -> tuple[int | None, str] | None:
        able = [bool(fleet.fighting) for fleet in self.fleets]
        if able == [True, True]:
            return None
        if not any(able):
            return None, "neither side can fight on"
        loser = able.index(False)
        gone = all(s.withdrawn for s in self.fleets[loser].ships if not s.destroyed)
        why = "withdrew" if gone and any(s.withdrawn for s in self.fleets[loser].ships) else "can no longer fight"
        return 1 - loser, f"{self.fleets[loser].name} {why}"

    def turn(self, number: int) -> None:
        ctx = Context(dice=self.dice, options=self.options, turn=number, narrate=self.narrate)
        narrate = self.narrate  # each line is built only when it is told
        if narrate:
            self.say(f"Turn {number}")
        allocated: list[G] = []
        for fleet in self.fleets:
            maneuver = fleet_maneuver(fleet) if fleet.fighting else 0
            allocated.append(maneuver)
            for ship in fleet.fighting:
                _allocate(ship, fleet.orders, maneuver, self.options)
            _squadrons_evade_alike(fleet)
        rolls = [self.dice.roll(t.INITIATIVE_DICE, 6, "initiative", fleet.name) for fleet in self.fleets]
        # MCS 2.2: "plus the twice number of G's allocated to maneuver by that side": the G allocated this turn
        totals = [
            initiative(roll, fleet.tactics, g) for roll, fleet, g in zip(rolls, self.fleets, allocated, strict=True)
        ]
        first = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else self.dice.pick(2, "initiative tie") - 1
        if narrate:
            self.say(
                f"initiative: {self.fleets[0].name} {float(totals[0]):g}, {self.fleets[1].name} "
                f"{float(totals[1]):g}: {self.fleets[first].name} wins"
            )
        was = self.range
        seek: str = self.fleets[first].orders.seek
        if seek == "best":
            seek = best_band(self.fleets[first], self.fleets[1 - first])
        self.range = _step(self.range, seek)
        if self.range != was and narrate:
            self.say(f"range: {t.RANGE_BANDS[was].name} to {t.RANGE_BANDS[self.range].name}")
        used: set[int] = set()
        strikes: dict[int, list[_Salvo]] = {}  # by the target's identity, in the order launched
        for salvo in self.launch(ctx, used):
            strikes.setdefault(id(salvo.target), []).append(salvo)
        for ship in self.order(first):
            if not (ship.destroyed or ship.withdrawn):
                self.present(ctx, ship, strikes.get(id(ship), []), used)
        self.log.extend(ctx.log)
        if narrate:
            self.say(f"End of turn {number}: damage takes effect")
        for line in apply_changes(ctx):
            self.say(f"  {line}")
        for fleet in self.fleets:
            for ship in fleet.ships:
                for line in ship.end_turn(number):
                    self.say(f"  {line}")
                self.maybe_withdraw(ship, fleet.orders)
            fleet.changed()

    def maybe_withdraw(self, ship: CombatShip, orders: Orders) -> None:
        if orders.withdraw is None or ship.destroyed or ship.withdrawn:
            return
        batteries = weapon_batteries(ship)
        lost = sum(1 for b in batteries if b.destroyed)
        if batteries and Fraction(lost, len(batteries)) >= orders.withdraw:
            ship.withdrawn = True
            self.say(f"  {ship.name} withdraws ({lost} of {len(batteries)} batteries lost)")

    def order(self, first: int) -> list[CombatShip]:
        """MCS 2.4: ships presented for fire in decreasing size, alternating, from the initiative winner's."""
        sides = [self.by_size[first], self.by_size[1 - first]]
        order: list[CombatShip] = []
        for index in range(max(len(sides[0]), len(sides[1]))):
            order.extend(side[index] for side in sides if index < len(side))
        return order

    def launch(self, ctx: Context, used: set[int]) -> list[_Salvo]:
        """MCS 4.0, the fire missiles phase: each ship launches a salvo from each missile battery at its
        target; those at Very Short to Medium strike this turn, the others next turn."""
        strikes = [s for s in self.salvos if not s.target.destroyed]
        self.salvos = []
        for index, fleet in enumerate(self.fleets):
            if not fleet.orders.missiles:
                continue
            target = self.fleets[1 - index].aimed_at(fleet.orders)
            if target is None:
                continue
            for ship in fleet.fighting:
                between = band_between(self.range, ship, target)
                if between is None:
                    continue
                grounded = ship.grounded()
                if grounded is not None:  # MCS 4.5: "may not maneuver or fire for one turn": no launch either
                    if ctx.narrate and ship.lines(None, MISSILES):
                        ctx.say(f"{grounded}: no salvo launched")
                    continue
                band = t.RANGE_BANDS[between]
                unpowered = ship.unpowered()
                for group in ship.lines(None, MISSILES):
                    if group.beyond(between) is not None:  # the sheet's range limit
                        continue
                    for battery in group.intact:
                        if (battery.salvos is not None and battery.salvos <= 0) or id(battery) in unpowered:
                            continue
                        used.add(id(battery))
                        now = launch(ctx, group, battery, band, ship.name, target.name)
                        fleet.changed()  # its last salvo may be gone: the ship may fight no longer
                        salvo = _Salvo(ship, group, battery, battery.rof, target, between)
                        (strikes if now else self.salvos).append(salvo)
        return strikes

    def present(self, ctx: Context, ship: CombatShip, strikes: list[_Salvo], used: set[int]) -> None:
        """One ship presented for fire: the salvos aimed at it strike (after its point defence), then every enemy
        ship whose target it is fires its beam batteries at it."""
        side = self.side_of(ship)
        fleet, enemy = self.fleets[side], self.fleets[1 - side]
        if ctx.narrate:
            ctx.say(f"{ship.name} is presented for fire")
        sand: set[int] = set()  # the sandcasters fired this presentation, at salvos and beams alike
        for salvo in strikes:
            self.strike(ctx, salvo, fleet.orders, used, sand)
        sand_rule = fleet.orders.sand
        if fleet.aimed_at(enemy.orders) is not ship:  # the enemy's ships share its orders' target
            return
        evasion_g = ship.allocation[1]
        # the evasion modifier by the band's factor (MCS 3.0), found once a presentation; the factors are the band
        # table's, alive all program, so their identity keys them (a Fraction's hash is Python, and slow)
        modifiers: dict[int, int] = {}
        for attacker in enemy.fighting:
            between = band_between(self.range, attacker, ship)
            if between is None:
                continue
            band = t.RANGE_BANDS[between]
            if not sensors_allow(ctx, attacker, ship, band):  # MCS 2.4.1 and 5.1, as a fire log checks them
                continue
            keep = self.kept_for_defence(attacker)
            for group in attacker.lines(None, BEAMS):
                if id(group) in keep or (attacker.reserve and group.mount == "spinal"):
                    continue
                ready = [b for b in group.intact if id(b) not in used]
                used.update(map(id, ready))
                factor = band_evasion(band, group)
                evasion = modifiers.get(id(factor))
                if evasion is None:
                    evasion = modifiers[id(factor)] = evasion_modifier(factor, evasion_g)
                fire = new_tuple(Firing, (ctx, attacker, group, ship, band, evasion_g))  # Firing(...), no frame
                hits = fire_volley(fire, ready, attacker.allocation[2], sand_rule, sand, evasion)
                if hits:
                    key = self.hit_key(1 - side, attacker, group)
                    self.hits[key] = self.hits.get(key, 0) + hits

    def strike(self, ctx: Context, salvo: _Salvo, orders: Orders, used: set[int], sand: set[int] | None = None) -> None:
        """MCS 4.1-4.3: the target's point defence batteries that have not fired take one shot each at the salvo
        until it is stopped, then it strikes; the target's orders' sand meets it as it meets a laser (MCS 5.1:
        sand "reduces the damage of laser and detonation-laser attacks")."""
        target = salvo.target
        size_evade = salvo.group.size_evade or 0
        side = self.side_of(target)
        # MCS 4.1: "Only the target ship and ships in the same squadron with it may use Point Defence Fire."
        defenders = [target] + (
            [
                s
                for s in self.fleets[side].fighting
                if s is not target and s.squadron is not None and s.squadron == target.squadron
            ]
            if target.squadron is not None
            else []
        )
        for defender in defenders:
            for group in self.defence_lines(defender):
                for battery in group.intact:
                    if id(battery) in used:
                        continue
                    used.add(id(battery))
                    if group.kind == "missile":
                        stopped = countermissile(ctx, group, salvo.strength, size_evade)
                        self.fleets[side].changed()  # its last salvo may be gone
                    else:
                        incoming = f"{who(salvo.attacker.name, salvo.battery)} salvo" if ctx.narrate else ""
                        stopped = point_defence(ctx, defender, group, salvo.strength, size_evade, incoming=incoming)
                    if stopped:
                        return
        fired = missile_attack(
            Firing(ctx, salvo.attacker, salvo.group, target, t.RANGE_BANDS[salvo.band], target.allocation[1]),
            salvo.battery,
            sand=orders.sand,
            sand_fired=sand,
            strength=salvo.strength,
        )
        if fired.bonus is not None:
            key = self.hit_key(self.side_of(salvo.attacker), salvo.attacker, salvo.group)
            self.hits[key] = self.hits.get(key, 0) + 1


def fight(
    templates: list[Fleet], options: Readings, start_range: str, limit: int, seed: int, run: int, narrate: bool = False
) -> tuple[Tally, list[str]]:
    """One battle, the fleets copied fresh from their templates."""
    fleets = [Fleet(f.name, [s.clone() for s in f.ships], f.tactics, f.orders) for f in templates]
    battle = Battle(fleets, options, start_range, limit, RandomDice(run_seed(seed, run), keep=narrate), narrate)
    tally = battle.fight()
    return tally, battle.log
