"""A battle turn by turn (MCS 2.0): two fleets, each ship's G allocated by its side's doctrine, initiative, the
range, missiles launched, each ship presented for fire, the damage applied at the end of the turn, until one side
can no longer fight or the turns run out. ``fight`` is one battle over a ``RandomDice`` seeded from the
engagement's seed and the run's number, so a run's result does not depend on which process ran it.

Compiled with the modules it runs through (setup.py), so it keeps to what mypyc compiles: no pydantic model is
defined here (``Doctrine`` lives in doctrine.py).
"""

from __future__ import annotations

import collections
import hashlib
from dataclasses import dataclass, field
from fractions import Fraction

from shipyard.core.names import spelt
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.dice import RandomDice
from shipyard.systems.mcs.combat.doctrine import DEFAULT_DOCTRINE, Doctrine
from shipyard.systems.mcs.combat.resolve import (
    DEFAULT_OPTIONS,
    Context,
    Firing,
    Options,
    aiming_needed,
    apply_changes,
    countermissile,
    fire_volley,
    initiative,
    launch,
    missile_attack,
    point_defence,
    sensors_allow,
)
from shipyard.systems.mcs.combat.state import BEAMS, EVERY_KIND, MISSILES, WEAPONS, Battery, CombatShip, Group, who

RANGE_STEPS = t.RANGE_STEPS  # the bands a battle's range steps through (combat/tables.py)


@dataclass
class Fleet:
    """A side in battle: its ships and how it fights."""

    name: str
    ships: list[CombatShip]
    tactics: int
    doctrine: Doctrine

    @property
    def fighting(self) -> list[CombatShip]:
        return [s for s in self.ships if can_fight(s)]


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


def _pd_groups(ship: CombatShip, doctrine: Doctrine) -> list[Group]:
    if doctrine.point_defence == "none":
        return []
    if doctrine.point_defence == "pd":
        return [g for g in ship.groups if g.kind == "damper" or (g.kind == "beam" and "pd" in g.name.lower().split())]
    wanted = {spelt(n) for n in doctrine.point_defence}
    return [g for g in ship.groups if spelt(g.name) in wanted]


def _target(enemies: list[CombatShip], doctrine: Doctrine) -> CombatShip | None:
    if not enemies:
        return None
    if doctrine.target == "smallest":
        return min(enemies, key=lambda s: s.displacement)
    if doctrine.target == "nearest-to-death":
        return min(enemies, key=lambda s: sum(len(g.intact) for g in s.groups))
    return max(enemies, key=lambda s: s.displacement)


def fleet_maneuver(fleet: Fleet) -> Fraction:
    """MCS 2.1: "Each ship in a fleet or squadron must allocate the same number of G's to maneuver": the side's
    maneuver G this turn, its doctrine's at most what its slowest fighting ship has now (after damage)."""
    return min([fleet.doctrine.maneuver, *(ship.current_maneuver() for ship in fleet.fighting)])


def _allocate(ship: CombatShip, doctrine: Doctrine, maneuver: Fraction, options: Options = DEFAULT_OPTIONS) -> None:
    """MCS 2.1 by doctrine: the side's maneuver G, then with a spinal mount what aiming needs ("at least one-half
    of it's total current acceleration", ``aiming_needed``: a 1 G ship aims 0.5), and what is left to evasion."""
    have = ship.current_maneuver()
    left = have - maneuver
    spinal = ship.has_mounted("spinal", EVERY_KIND)
    aiming = aiming_needed(have, options) if doctrine.aim and spinal else Fraction(0)
    aiming = min(aiming, left)
    evasion = left - aiming if doctrine.evade else Fraction(0)
    ship.allocate(maneuver, evasion, aiming)


#: "best" range: a battery's damage counts from this far below the target's toughness (a d6 of 4 or more
#: makes the hit at least light).
SEVERITY_REACH = 4


def best_band(fleet: Fleet, enemy: Fleet) -> str:
    """The band where the fleet's beam batteries do the most: the sum over batteries of damage - toughness +
    SEVERITY_REACH (at least 0) against the enemy's largest ship; the nearest such band on a tie."""
    target = _target(enemy.fighting or enemy.ships, DEFAULT_DOCTRINE)
    if target is None:
        return "vs"
    scores = [0] * len(RANGE_STEPS)
    columns = [t.RANGE_BANDS[band].column for band in RANGE_STEPS]
    floor = target.toughness - SEVERITY_REACH
    for ship in fleet.fighting:
        for group in ship.lines(None, BEAMS):
            # a line's batteries share their figures until one is damaged: each set of figures is scored once
            alike = collections.Counter(tuple(b.dam) for b in group.batteries if not b.destroyed)
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


@dataclass
class _Salvo:
    attacker: CombatShip
    group: Group
    battery: Battery
    strength: int
    target: CombatShip
    band: str


def _displacement(ship: CombatShip) -> Fraction:
    return ship.displacement


class Battle:
    """One battle between two fleets, turn by turn (MCS 2.0)."""

    def __init__(
        self,
        fleets: list[Fleet],
        options: Options,
        start_range: str,
        limit: int,
        dice: RandomDice,
        narrate: bool = False,
    ) -> None:
        self.fleets, self.options, self.range, self.limit, self.dice = fleets, options, start_range, limit, dice
        self.narrate = narrate
        for fleet in fleets:
            for ship in fleet.ships:
                ship.power_loss = options.power_loss
        self.log: list[str] = []
        self.salvos: list[_Salvo] = []  # launched at Long or Extreme, striking next turn
        self.hits: dict[str, int] = {}
        self._kept: dict[int, set[int]] = {}

    def say(self, text: str) -> None:
        if self.narrate:
            self.log.append(text)

    def kept_for_defence(self, ship: CombatShip, doctrine: Doctrine) -> set[int]:
        """The ship's battery lines its doctrine keeps for point defence (by identity; the same all battle)."""
        kept = self._kept.get(id(ship))
        if kept is None:
            kept = self._kept[id(ship)] = {id(g) for g in _pd_groups(ship, doctrine)}
        return kept

    def side_of(self, ship: CombatShip) -> int:
        return 0 if ship in self.fleets[0].ships else 1

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
        self.say(f"Turn {number}")
        allocated = []
        for fleet in self.fleets:
            maneuver = fleet_maneuver(fleet) if fleet.fighting else Fraction(0)
            allocated.append(maneuver)
            for ship in fleet.fighting:
                _allocate(ship, fleet.doctrine, maneuver, self.options)
            _squadrons_evade_alike(fleet)
        rolls = [self.dice.roll(t.INITIATIVE_DICE, 6, "initiative", fleet.name) for fleet in self.fleets]
        # MCS 2.2: "plus the twice number of G's allocated to maneuver by that side": the G allocated this turn
        totals = [
            initiative(roll, fleet.tactics, g) for roll, fleet, g in zip(rolls, self.fleets, allocated, strict=True)
        ]
        first = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else self.dice.pick(2, "initiative tie") - 1
        self.say(
            f"initiative: {self.fleets[0].name} {float(totals[0]):g}, {self.fleets[1].name} "
            f"{float(totals[1]):g}: {self.fleets[first].name} wins"
        )
        was = self.range
        seek: str = self.fleets[first].doctrine.seek
        if seek == "best":
            seek = best_band(self.fleets[first], self.fleets[1 - first])
        self.range = _step(self.range, seek)
        if self.range != was:
            self.say(f"range: {t.RANGE_BANDS[was].name} to {t.RANGE_BANDS[self.range].name}")
        used: set[int] = set()
        strikes = self.launch(ctx, used)
        for ship in self.order(first):
            if not (ship.destroyed or ship.withdrawn):
                self.present(ctx, ship, strikes, used)
        self.log.extend(ctx.log)
        self.say(f"End of turn {number}: damage takes effect")
        for line in apply_changes(ctx):
            self.say(f"  {line}")
        for fleet in self.fleets:
            for ship in fleet.ships:
                for line in ship.end_turn(number):
                    self.say(f"  {line}")
                self.maybe_withdraw(ship, fleet.doctrine)

    def maybe_withdraw(self, ship: CombatShip, doctrine: Doctrine) -> None:
        if doctrine.withdraw is None or ship.destroyed or ship.withdrawn:
            return
        batteries = weapon_batteries(ship)
        lost = sum(1 for b in batteries if b.destroyed)
        if batteries and Fraction(lost, len(batteries)) >= doctrine.withdraw:
            ship.withdrawn = True
            self.say(f"  {ship.name} withdraws ({lost} of {len(batteries)} batteries lost)")

    def order(self, first: int) -> list[CombatShip]:
        """MCS 2.4: ships presented for fire in decreasing size, alternating, from the initiative winner's."""
        sides = [sorted(self.fleets[i].ships, key=_displacement, reverse=True) for i in (first, 1 - first)]
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
            if not fleet.doctrine.missiles:
                continue
            enemies = self.fleets[1 - index].fighting
            for ship in fleet.fighting:
                target = _target(enemies, fleet.doctrine)
                if target is None:
                    continue
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
                for group in ship.groups:
                    if group.kind != "missile" or group.beyond(between) is not None:  # the sheet's range limit
                        continue
                    for battery in group.intact:
                        if (battery.salvos is not None and battery.salvos <= 0) or id(battery) in unpowered:
                            continue
                        used.add(id(battery))
                        now = launch(ctx, group, battery, band, ship.name, target.name)
                        salvo = _Salvo(ship, group, battery, battery.rof, target, between)
                        (strikes if now else self.salvos).append(salvo)
        return strikes

    def present(self, ctx: Context, ship: CombatShip, strikes: list[_Salvo], used: set[int]) -> None:
        """One ship presented for fire: the salvos aimed at it strike (after its point defence), then every enemy
        ship whose target it is fires its beam batteries at it."""
        side = self.side_of(ship)
        fleet, enemy = self.fleets[side], self.fleets[1 - side]
        ctx.say(f"{ship.name} is presented for fire")
        sand: set[int] = set()  # the sandcasters fired this presentation, at salvos and beams alike
        for salvo in [s for s in strikes if s.target is ship]:
            self.strike(ctx, salvo, fleet.doctrine, used, sand)
        sand_rule = fleet.doctrine.sand
        if _target(fleet.fighting, enemy.doctrine) is not ship:  # the enemy's ships share its doctrine's target
            return
        for attacker in enemy.fighting:
            between = band_between(self.range, attacker, ship)
            if between is None:
                continue
            band = t.RANGE_BANDS[between]
            if not sensors_allow(ctx, attacker, ship, band):  # MCS 2.4.1 and 5.1, as a fire log checks them
                continue
            keep = self.kept_for_defence(attacker, enemy.doctrine)
            for group in attacker.groups:
                if group.kind != "beam" or id(group) in keep or (attacker.reserve and group.mount == "spinal"):
                    continue
                ready = [b for b in group.intact if id(b) not in used]
                used.update(map(id, ready))
                fire = Firing(ctx, attacker, group, ship, band, ship.allocation[1])
                hits = fire_volley(fire, ready, attacker.allocation[2], sand_rule, sand)
                if hits:
                    key = f"{enemy.name}: {attacker.name}: {group.label}"
                    self.hits[key] = self.hits.get(key, 0) + hits

    def strike(
        self, ctx: Context, salvo: _Salvo, doctrine: Doctrine, used: set[int], sand: set[int] | None = None
    ) -> None:
        """MCS 4.1-4.3: the target's point defence batteries that have not fired take one shot each at the salvo
        until it is stopped, then it strikes; the target's doctrine's sand meets it as it meets a laser (MCS 5.1:
        sand "reduces the damage of laser and detonation-laser attacks")."""
        target = salvo.target
        size_evade = salvo.group.size_evade or 0
        # MCS 4.1: "Only the target ship and ships in the same squadron with it may use Point Defence Fire."
        defenders = [target] + (
            [
                s
                for s in self.fleets[self.side_of(target)].fighting
                if s is not target and s.squadron is not None and s.squadron == target.squadron
            ]
            if target.squadron is not None
            else []
        )
        for defender in defenders:
            for group in _pd_groups(defender, doctrine):
                for battery in group.intact:
                    if id(battery) in used:
                        continue
                    used.add(id(battery))
                    if group.kind == "missile":
                        stopped = countermissile(ctx, group, salvo.strength, size_evade)
                    else:
                        incoming = f"{who(salvo.attacker.name, salvo.battery)} salvo"
                        stopped = point_defence(ctx, defender, group, salvo.strength, size_evade, incoming=incoming)
                    if stopped:
                        return
        fired = missile_attack(
            Firing(ctx, salvo.attacker, salvo.group, target, t.RANGE_BANDS[salvo.band], target.allocation[1]),
            salvo.battery,
            sand=doctrine.sand,
            sand_fired=sand,
            strength=salvo.strength,
        )
        if fired.bonus is not None:
            key = f"{self.fleets[self.side_of(salvo.attacker)].name}: {salvo.attacker.name}: {salvo.group.label}"
            self.hits[key] = self.hits.get(key, 0) + 1


def run_seed(seed: int, run: int) -> int:
    """The seed of one run: from the engagement's seed and the run's number only."""
    digest = hashlib.sha256(f"shipyard battle {seed} {run}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def fight(
    templates: list[Fleet], options: Options, start_range: str, limit: int, seed: int, run: int, narrate: bool = False
) -> tuple[Tally, list[str]]:
    """One battle, the fleets copied fresh from their templates."""
    fleets = [Fleet(f.name, [s.clone() for s in f.ships], f.tactics, f.doctrine) for f in templates]
    battle = Battle(fleets, options, start_range, limit, RandomDice(run_seed(seed, run), keep=narrate), narrate)
    tally = battle.fight()
    return tally, battle.log
