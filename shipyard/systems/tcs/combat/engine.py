"""A High Guard battle as the TCS 1982 tournament fought it (reference §2; TCS82 Tournament procedure 1-3): each
turn the formation, initiative, the range (long on the first turn), fire by the alternating presentation of targets,
damage applied at the end of the combat step, breakthrough; no repair; at most 40 turns; an automatic victory when
a side has no ship left able to fire. docs/tcs-combat.md, "A battle".

Built for fleets of a hundred ships: identical batteries firing at one target are one binomial draw of hits (one
draw a hit for the hits the target's active defences meet, one binomial draw for the rest), a damage roll is one
draw from its table's exact distribution, and every attack's numbers are worked once a combat step for each kind of
battery and target. A narrated battle draws exactly as a counted one: the words are only kept.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from shipyard.systems.tcs.combat import sampling
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.fire import (
    BEAMS,
    RANGES,
    Attack,
    CannotFire,
    TableRolls,
    attack,
    interior_dm,
    table_roll,
    two_dice,
)
from shipyard.systems.tcs.combat.odds import roll_chance
from shipyard.systems.tcs.combat.readings import Readings
from shipyard.systems.tcs.combat.ship import Battery
from shipyard.systems.tcs.combat.warship import Warship


@dataclass(frozen=True)
class Orders:
    """How a side fights (docs/tcs-combat.md, "Doctrine"): the classes it keeps in reserve, the range it asks for
    when it has the initiative, how its batteries spread over the targets presented, and whether its lasers and
    energy weapons defend against missiles (then they do not fire that turn)."""

    reserve: tuple[str, ...] = ()
    range: str = "best"  # "best", "long" or "short"
    fire: str = "spread"  # "spread": each battery type shared over the targets still to come; "focus": all at the first
    beam_defence: bool = False

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), tuple(getattr(self, f.name) for f in fields(self))


class Side:
    def __init__(self, name: str, ships: list[Warship], orders: Orders) -> None:
        self.name = name
        self.ships = ships
        self.orders = orders
        self.line: list[Warship] = []
        self.reserve: list[Warship] = []

    def form(self, turn: int) -> None:
        """High Guard step 1: every ship able to fire stands in the line of battle, but the classes the doctrine
        keeps back; the rest (unarmed, waiting for its frozen watch, kept back) in the reserve."""
        afloat = [ship for ship in self.ships if ship.afloat]
        self.line = [s for s in afloat if s.firing(turn) and s.name not in self.orders.reserve]
        self.line.sort(key=lambda ship: -ship.size)  # step 5: each line arranged by size, largest first
        chosen = {id(ship) for ship in self.line}
        self.reserve = [ship for ship in afloat if id(ship) not in chosen]
        for ship in afloat:
            ship.reserve = id(ship) not in chosen

    def least_agility(self) -> int:
        return min((ship.agility for ship in self.line + self.reserve), default=0)


class Outcome:
    """How a battle ended: the winner by automatic victory (0 or 1; None when neither won so, or both sides were
    lost at once), the turns fought, the two sides' ships as they ended."""

    def __init__(self, automatic: int | None, both_lost: bool, turns: int, sides: list[Side]) -> None:
        self.automatic = automatic
        self.both_lost = both_lost
        self.turns = turns
        self.sides = sides


#: The key of one kind of fire at one target: the firer's computer and missiles, the weapon, its factor, spinal.
FireKey = tuple[int, str, str, int, bool]


class Prepared:
    """One kind of fire at one target, prepared once a combat step (``Battle.numbers``)."""

    __slots__ = ("p_hit", "p_through", "shot", "tables")

    def __init__(
        self,
        shot: Attack,
        p_hit: float,
        p_through: float,
        tables: list[tuple[TableRolls, sampling.Sampler, sampling.Sampler]],
    ) -> None:
        self.shot = shot
        self.p_hit = p_hit
        self.p_through = p_through
        self.tables = tables  # each damage table's rolls, its sampler, and its interior explosions' sampler


class Guard:
    """A target's active defences left while it is presented: its sandcasters (against missiles and beams) and
    repulsors (against missiles) that bear, and, where its side's doctrine says so, its lasers and energy weapons
    against missiles, each taken from the batteries its side has not yet fired this turn (RB's one use a turn)."""

    __slots__ = ("beams", "repulsor", "sand")

    def __init__(self, target: Warship, own: dict[FireKey, list[Any]] | None) -> None:
        self.sand = target.sand.bearing if target.sand is not None else 0
        self.repulsor = target.repulsor.bearing if target.repulsor is not None else 0
        self.beams: list[list[Any]] = []
        if own is None:
            return
        for battery in target.batteries:
            if battery.weapon in BEAMS and not battery.spinal and target.usable(battery):
                kind = own.get((target.computer, target.missiles, battery.weapon, battery.factor, False))
                if kind is not None and kind[2]:
                    word = "energy" if battery.weapon == "energy" else "laser"
                    self.beams.append([word, min(battery.bearing, kind[2]), kind])

    def take(self, weapon: str) -> tuple[tuple[str, int], ...]:
        """The defences one hit of ``weapon`` meets (each battery once a turn), taken."""
        defence = []
        if self.sand and (weapon == "missile" or weapon in BEAMS):
            defence.append(("sand", 1))
            self.sand -= 1
        if weapon == "missile":
            if self.repulsor:
                defence.append(("repulsor", 1))
                self.repulsor -= 1
            beam = next((each for each in self.beams if each[1] and each[2][2]), None)
            if beam is not None:
                defence.append((beam[0], 1))
                beam[1] -= 1
                beam[2][2] -= 1
        return tuple(defence)


class Battle:
    def __init__(
        self, sides: list[Side], readings: Readings, rng: random.Random, narration: list[str] | None = None
    ) -> None:
        self.sides = sides
        self.readings = readings
        self.rng = rng
        self.narration = narration
        self.turn = 0
        self.attacks: dict[tuple[FireKey, tuple[int, ...], tuple[tuple[str, int], ...], str], Prepared] = {}
        self.criticals = sampling.critical_sampler(readings)

    def say(self, text: str) -> None:
        if self.narration is not None:
            self.narration.append(text)

    def fight(self) -> Outcome:
        for turn in range(1, t.MOST_TURNS + 1):
            self.turn = turn
            armed = [any(ship.armed() for ship in side.ships) for side in self.sides]
            if not all(armed):
                winner = armed.index(True) if any(armed) else None
                self.say(
                    f"turn {turn}: automatic victory to {self.sides[winner].name}"
                    if winner is not None
                    else f"turn {turn}: neither side has a ship able to fire"
                )
                return Outcome(winner, winner is None, turn - 1, self.sides)
            self.one_turn()
        return Outcome(None, False, t.MOST_TURNS, self.sides)

    def one_turn(self) -> None:
        for side in self.sides:
            side.form(self.turn)
        attacker = self.initiative()
        band = "long" if self.turn == 1 else self.choose_range(attacker)
        self.say(f"turn {self.turn}: {self.sides[attacker].name} has the initiative; {band} range")
        self.attacks.clear()
        self.combat_step(attacker, band)
        self.apply()
        for index, side in enumerate(self.sides):
            enemy = self.sides[1 - index]
            if not any(ship.firing(self.turn) for ship in side.line) and side.reserve:
                firers = [ship for ship in enemy.line if ship.firing(self.turn)]
                if firers:
                    self.say(f"breakthrough: {enemy.name}'s line fires at {side.name}'s reserve")
                    self.attacks.clear()
                    reserve = [ship for ship in side.reserve if ship.afloat]
                    self.fire_at_line(firers, reserve, band, enemy.orders, side.orders.beam_defence)
                    self.apply()
        for side in self.sides:
            for ship in side.ships:
                if ship.afloat:
                    ship.turns_in_battle += 1

    def initiative(self) -> int:
        """High Guard step 2 as RB reads it: 2D each, +1 for the more agile least agile ship, +1 for more ships."""
        a, b = self.sides
        while True:
            rolls = [two_dice(self.rng), two_dice(self.rng)]
            agility = (a.least_agility(), b.least_agility())
            numbers = (len(a.line) + len(a.reserve), len(b.line) + len(b.reserve))
            for index in (0, 1):
                rolls[index] += t.INITIATIVE_MORE_AGILE * (agility[index] > agility[1 - index])
                rolls[index] += t.INITIATIVE_MORE_SHIPS * (numbers[index] > numbers[1 - index])
            if rolls[0] != rolls[1]:
                return 0 if rolls[0] > rolls[1] else 1

    def choose_range(self, attacker: int) -> str:
        """The attacker's range: its doctrine's, or ("best") the band where its line's expected hits through on the
        enemy's largest ship, less the enemy line's on its own, are the more."""
        wanted = self.sides[attacker].orders.range
        if wanted != "best":
            return wanted
        self.attacks.clear()
        worth: dict[str, float] = {}
        for band in RANGES:
            ours = self.expected(self.sides[attacker], self.sides[1 - attacker], band)
            theirs = self.expected(self.sides[1 - attacker], self.sides[attacker], band)
            worth[band] = ours - theirs
        return max(RANGES, key=lambda band: worth[band])  # a tie keeps long, the first

    def expected(self, side: Side, enemy: Side, band: str) -> float:
        """The hits through a side's line would get on the enemy's largest ship, every battery at it."""
        if not enemy.line or not side.line:
            return 0.0
        target = enemy.line[0]
        total = 0.0
        for firer, battery, left, _ in self.kinds(side.line, band).values():
            found = self.numbers(firer, battery, target, band, ())
            if found is not None:
                total += left * found.p_hit * found.p_through
        return total

    def numbers(
        self, firer: Warship, battery: Battery, target: Warship, band: str, defence: tuple[tuple[str, int], ...]
    ) -> Prepared | None:
        """The attack of one kind of battery at one target, prepared once a combat step: its numbers, the chances
        to hit and to get through every penetration roll, and its damage tables ready to draw from; None when it
        cannot fire at that range."""
        key = (
            (firer.computer, firer.missiles, battery.weapon, battery.factor, battery.spinal),
            target.state(),
            defence,
            band,  # the range choice weighs both bands in one step's keeping
        )
        found = self.attacks.get(key)
        if found is None:
            try:
                shot = attack(firer, battery, target, band, dict(defence), self.readings)
            except CannotFire:
                return None
            through = Fraction(1)
            for roll in shot.penetration:
                through *= roll_chance(roll, self.readings)
            readings = self.readings
            tables = [
                (
                    rolls,
                    sampling.sampler(rolls.table, rolls.armour, rolls.other, readings),
                    sampling.sampler("interior", 0, interior_dm(rolls, readings), readings),
                )
                for rolls in shot.tables
            ]
            found = Prepared(shot, float(roll_chance(shot.to_hit, readings)), float(through), tables)
            self.attacks[key] = found
        return found

    def combat_step(self, attacker: int, band: str) -> None:
        """High Guard step 5: the attacker presents his first ship as a target, the defender his first, and so on,
        until every ship of both lines has been one; each battery fires once a turn."""
        lines = [self.sides[attacker].line, self.sides[1 - attacker].line]
        order = []
        for index in range(max(len(lines[0]), len(lines[1]))):
            order += [(0, lines[0][index])] if index < len(lines[0]) else []
            order += [(1, lines[1][index])] if index < len(lines[1]) else []
        # the attacker's ships are fired on by the defender's batteries, and the other way round
        kinds = [self.kinds(self.sides[1 - attacker].line, band), self.kinds(self.sides[attacker].line, band)]
        orders = [self.sides[1 - attacker].orders, self.sides[attacker].orders]
        presented = [0, 0]
        for which, target in order:
            to_come = len(lines[which]) - presented[which]
            presented[which] += 1
            own = kinds[1 - which] if orders[1 - which].beam_defence else None
            self.fire(kinds[which], target, band, orders[which], to_come, Guard(target, own))

    def kinds(self, firers: list[Warship], band: str) -> dict[FireKey, list[Any]]:
        """The batteries of a line that can fire this step, as kinds (ships of one class fire alike): for each,
        a ship and battery that stand for it, the batteries not yet fired, and how many ships hold them."""
        found: dict[FireKey, list[Any]] = {}
        for ship in firers:
            if not ship.firing(self.turn):
                continue
            for battery in ship.batteries:
                if not ship.usable(battery) or (band == "long" and battery.weapon == "energy"):
                    continue
                key = (ship.computer, ship.missiles, battery.weapon, battery.factor, battery.spinal)
                kind = found.get(key)
                if kind is None:
                    found[key] = [ship, battery, battery.bearing, 1]
                else:
                    kind[2] += battery.bearing
                    kind[3] += 1
        # in the order they are drawn at each target: spinal mounts, then the highest factors (sorted once a step)
        return dict(sorted(found.items(), key=lambda item: (not item[1][1].spinal, -item[1][1].factor)))

    def fire_at_line(
        self, firers: list[Warship], targets: list[Warship], band: str, orders: Orders, beam_defence: bool
    ) -> None:
        """Breakthrough: the line's one free fire at the enemy reserve, which may only fire defensively."""
        kinds = self.kinds(firers, band)
        own = self.kinds(targets, band) if beam_defence else None
        for index, target in enumerate(targets):
            self.fire(kinds, target, band, orders, len(targets) - index, Guard(target, own))

    def fire(
        self, kinds: dict[FireKey, list[Any]], target: Warship, band: str, orders: Orders, to_come: int, guard: Guard
    ) -> None:
        """Step 5a-e for one target: the firing line's batteries of each kind allocated to it (all that are left,
        or their share of the targets still to be presented), then the fire of each kind drawn, the spinal mounts
        and the highest factors first (the defender meets them with his active defences first)."""
        for kind in kinds.values():
            firer, battery, left, ships = kind
            if not left:
                continue
            share = left if orders.fire == "focus" else -(-left // to_come)
            kind[2] = left - share
            by = firer.label if ships == 1 else f"{ships} ships of {self.sides[firer.side].name}"
            self.group(firer, battery, share, target, band, guard, by)

    def group(
        self, firer: Warship, battery: Battery, count: int, target: Warship, band: str, guard: Guard, by: str = ""
    ) -> int:
        """``count`` batteries of one kind at ``target``: the hits drawn as one count, each hit the target's active
        defences meet drawn alone (one battery of each kind a hit, while they last), the rest as one count. The
        hits that got through."""
        passive = self.numbers(firer, battery, target, band, ())
        if passive is None:
            return 0
        rng = self.rng
        hits = sampling.binomial(rng, count, passive.p_hit)
        through = 0
        met = 0
        while met < hits:
            defence = guard.take(battery.weapon)
            if not defence:
                break
            met += 1
            defended = self.numbers(firer, battery, target, band, defence)
            if defended is not None and rng.random() < defended.p_through:
                through += 1
        through += sampling.binomial(rng, hits - met, passive.p_through)
        if self.narration is not None:
            self.say(f"  {by}: {count} x {battery.label()} at {target.label}: {hits} hit, {through} through")
        for _ in range(through):
            self.damage(passive, target)
        return through

    def damage(self, prepared: Prepared, target: Warship) -> None:
        """Step 5e: a hit's damage rolls and automatic criticals, recorded for step 6."""
        rng, readings, pending = self.rng, self.readings, target.pending
        shot = prepared.shot
        spinal = shot.battery.spinal
        drawn = sampling.drawn
        for _ in range(shot.sets):
            for rolls, table_sampler, interior in prepared.tables:
                table = rolls.table
                if spinal:
                    result, twos = table_roll(rolls, readings, rng)
                    if twos:
                        pending += [("armour", "natural 2 on a spinal mount's damage roll")] * twos
                else:
                    result = drawn(rng, table_sampler)
                if result == t.INTERIOR_EXPLOSION:
                    table = "interior explosion"
                    result = drawn(rng, interior)
                if result == t.CRITICAL:
                    pending.append(("critical", drawn(rng, self.criticals)))
                elif result != t.NO_EFFECT:
                    pending.append((table, result))
        for _ in range(shot.criticals):
            pending.append(("automatic critical", drawn(rng, self.criticals)))

    def apply(self) -> None:
        """Step 6: all damage recorded takes effect."""
        for side in self.sides:
            for ship in side.ships:
                if ship.pending:
                    done = ship.apply(self.turn, self.rng, self.narration is not None)
                    if done:
                        self.say(f"  {ship.label}: " + "; ".join(done))
