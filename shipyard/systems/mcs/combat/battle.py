"""Engagements: whole MCS battles fought to the finish by the combat sequence of MCS 2.0, over the procedures
of shipyard/systems/mcs/combat/resolve.py, one narrated or many counted.

Each side fights by its doctrine (``Doctrine``: how G is split, the range it seeks, whom it targets, missiles,
sand, point defence, when a ship withdraws); the defaults let two sheets fight with nothing else said. One run
is one battle over a ``RandomDice`` seeded from the engagement's seed and the run's number, so a run's result
does not depend on which process ran it.
"""

from __future__ import annotations

import collections
import hashlib
import itertools
import math
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Literal, TypedDict

from pydantic import BeforeValidator, ConfigDict, Field

from shipyard.core.collector import fewer_collections
from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.core.toml_input import AnyCase, Positions, locate, read_toml_file
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.dice import RandomDice
from shipyard.systems.mcs.combat.resolve import (
    DEFAULT_OPTIONS,
    Context,
    Options,
    aiming_needed,
    apply_changes,
    countermissile,
    fire_volley,
    initiative,
    launch,
    missile_attack,
    point_defence,
)
from shipyard.systems.mcs.combat.state import (
    BEAMS,
    EVERY_KIND,
    NEAR_NAME,
    WEAPONS,
    Battery,
    CombatShip,
    Group,
    combat_ship,
    pick_ship,
    who,
)
from shipyard.systems.mcs.model import UsdShip

#: A band a battle starts at or seeks, by its key or its name ("Long"), as the fire log's.
Band = Annotated[Literal["vs", "s", "m", "l", "x"], BeforeValidator(t.band_word)]
#: MCS 2.3: the bands the range steps through, nearest first.
RANGE_STEPS: tuple[str, ...] = ("vs", "s", "m", "l", "x")
#: The z of a 95% interval (the normal quantile 0.975), for the Wilson score interval of a chance.
Z_95 = 1.959963984540054


class _Entry(AnyCase):
    model_config = ConfigDict(extra="forbid")


class Doctrine(_Entry):
    """How a side fights. G: ``maneuver`` to every ship (MCS 2.1: a fleet allocates the same), half a spinal
    ship's G to aiming when ``aim``, the rest to evasion when ``evade``."""

    maneuver: Fraction = Field(Fraction(0), ge=0)
    aim: bool = True
    evade: bool = True
    #: The range band the side closes or opens to when it wins initiative: a band, "hold", or "best" (the band
    #: where its beam batteries' damage most exceeds the enemy's toughness).
    seek: Band | Literal["hold", "best"] = "best"
    target: Literal["largest", "smallest", "nearest-to-death"] = "largest"
    missiles: bool = True
    sand: Literal["none", "blocking"] = "blocking"
    #: Batteries kept for point defence: "pd" (those named PD, and dampers), "none", or names.
    point_defence: Literal["pd", "none"] | list[str] = "pd"
    #: A ship withdraws at the end of a turn when this share of its batteries is lost (None: never).
    withdraw: Fraction | None = Field(None, gt=0, le=1)


class ShipRef(_Entry):
    sheet: str
    name: str | None = None  # which ship of the sheet (default: the first)
    count: int = Field(1, ge=1)
    crew: t.Quality | None = None
    #: MCS 2.1.1 (optional): ships of one squadron evade alike and give each other point defence; the reserve
    #: stands two bands farther off and may not fire spinal mounts.
    squadron: str | None = None
    reserve: bool = False


class Side(_Entry):
    name: str | None = None  # default: the first ship's name
    ships: list[ShipRef] = Field(min_length=1)
    fleet_tactics: int | None = None  # default: the first ship's crew skill
    doctrine: Doctrine = Field(default_factory=Doctrine)


class Engagement(_Entry):
    sides: list[Side] = Field(min_length=2, max_length=2)
    start_range: Band = "x"
    turns: int = Field(10, ge=1, le=1000)
    options: Options = Field(default_factory=Options)


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
    target = _target(enemy.fighting or enemy.ships, Doctrine())
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
            keep = self.kept_for_defence(attacker, enemy.doctrine)
            for group in attacker.groups:
                if group.kind != "beam" or id(group) in keep or (attacker.reserve and group.mount == "spinal"):
                    continue
                ready = [b for b in group.intact if id(b) not in used]
                used.update(map(id, ready))
                hits = fire_volley(
                    ctx, attacker, group, ready, ship, band, ship.allocation[1], attacker.allocation[2], sand_rule, sand
                )
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
            ctx,
            salvo.attacker,
            salvo.group,
            salvo.battery,
            target,
            t.RANGE_BANDS[salvo.band],
            target.allocation[1],
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


def wilson(successes: int, runs: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a chance seen ``successes`` times in ``runs``."""
    if runs == 0:
        return 0.0, 1.0
    p = successes / runs
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    # At 0 and all the interval's end is the chance itself; in floats it falls a hair inside (0.9999999999999999).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == runs else min(1.0, centre + half)
    return low, high


class ShipSummary(TypedDict):
    """One ship over the battles counted: the share it was still fighting at the end, its weapon batteries, and
    the mean lost."""

    name: str
    fighting_at_end: float
    weapon_batteries: int
    batteries_lost_mean: float


class BatteriesLost(TypedDict):
    """A side's weapon batteries lost in a battle: of how many, the mean, and battles by number lost."""

    of: int
    mean: float
    distribution: dict[str, int]


class SideSummary(TypedDict):
    """One side over the battles counted: its chances with the win's 95% interval, its ships and losses."""

    name: str
    win: float
    draw: float
    loss: float
    win_ci: list[float]
    ships: list[ShipSummary]
    lost_mcr_mean: float | None
    batteries_lost: BatteriesLost


@dataclass
class Counted:
    """Many battles counted."""

    runs: int
    seed: int
    names: list[str]
    wins: list[int]
    draws: int
    turns: dict[int, int]
    survival: list[list[int]]  # by side, by ship: runs it was still fighting at the end
    ship_names: list[list[str]]
    hits: dict[str, int]
    lost_mcr: list[Fraction]
    reasons: dict[str, int]
    #: By side: weapon batteries lost in a battle -> battles, beside the side's weapon batteries at the start.
    damage: list[dict[int, int]] = field(default_factory=lambda: [{}, {}])
    weapons: list[int] = field(default_factory=lambda: [0, 0])
    #: By side: whether every ship's sheet gives its cost (without, the MCr lost is not known, not 0).
    costed: list[bool] = field(default_factory=lambda: [True, True])
    #: By side, by ship: weapon batteries at the start, and lost over all the battles counted.
    ship_weapons: list[list[int]] = field(default_factory=lambda: [[], []])
    ship_lost: list[list[int]] = field(default_factory=lambda: [[], []])

    def side(self, index: int) -> SideSummary:
        win, loss = self.wins[index], self.wins[1 - index]
        low, high = wilson(win, self.runs)
        return {
            "name": self.names[index],
            "win": win / self.runs,
            "draw": self.draws / self.runs,
            "loss": loss / self.runs,
            "win_ci": [low, high],
            "ships": [
                {
                    "name": name,
                    "fighting_at_end": kept / self.runs,
                    "weapon_batteries": weapons,
                    "batteries_lost_mean": lost / self.runs if self.runs else 0.0,
                }
                for name, kept, weapons, lost in zip(
                    self.ship_names[index],
                    self.survival[index],
                    self.ship_weapons[index],
                    self.ship_lost[index],
                    strict=True,
                )
            ],
            "lost_mcr_mean": float(self.lost_mcr[index] / self.runs) if self.costed[index] else None,
            "batteries_lost": {
                "of": self.weapons[index],
                "mean": sum(k * n for k, n in self.damage[index].items()) / self.runs if self.runs else 0.0,
                "distribution": {str(k): n for k, n in sorted(self.damage[index].items())},
            },
        }


def count(tallies: Iterable[Tally], runs: int, seed: int, fleets: list[Fleet]) -> Counted:
    counted = Counted(
        runs,
        seed,
        [f.name for f in fleets],
        [0, 0],
        0,
        {},
        [[0] * len(f.ships) for f in fleets],
        [[s.name for s in f.ships] for f in fleets],
        {},
        [Fraction(0), Fraction(0)],
        {},
        weapons=[sum(len(weapon_batteries(s)) for s in f.ships) for f in fleets],
        costed=[all(s.cost_mcr is not None for s in f.ships) for f in fleets],
        ship_weapons=[[len(weapon_batteries(s)) for s in f.ships] for f in fleets],
        ship_lost=[[0] * len(f.ships) for f in fleets],
    )
    for tally in tallies:
        add(counted, tally)
    return counted


def add(counted: Counted, tally: Tally) -> None:
    if tally.winner is None:
        counted.draws += 1
    else:
        counted.wins[tally.winner] += 1
    counted.turns[tally.turns] = counted.turns.get(tally.turns, 0) + 1
    for side, kept in enumerate(tally.survivors):
        for index, fighting in enumerate(kept):
            counted.survival[side][index] += fighting
    for key, hits in tally.hits.items():
        counted.hits[key] = counted.hits.get(key, 0) + hits
    for side, lost in enumerate(tally.lost_mcr):
        counted.lost_mcr[side] += lost
    for side, batteries in enumerate(tally.batteries_lost):
        counted.damage[side][batteries] = counted.damage[side].get(batteries, 0) + 1
    for side, ships in enumerate(tally.ship_losses):
        for index, batteries in enumerate(ships):
            counted.ship_lost[side][index] += batteries
    counted.reasons[tally.reason] = counted.reasons.get(tally.reason, 0) + 1


# ---- engagements from files --------------------------------------------------------------------------------


def sheet_ships(path: Path, shown: str) -> tuple[list[UsdShip], list[Diagnostic]]:
    """The MCS ships of a sheet, T4 sheets converted on the way (an FFS design is rated as it is read), with
    the sheet's findings (never used to change a figure)."""
    from shipyard.core.pipeline import check_sheet, load_sheet
    from shipyard.systems.mcs.convert import convert_sheet

    sheet = check_sheet(load_sheet(path, shown))
    found = [d for d in sheet.diagnostics if d.severity is not Severity.INFO]
    ships = [s for s in sheet.ships if isinstance(s, UsdShip)]
    if any(s.edition == "t4" for s in ships):
        converted = convert_sheet(path)
        found += [d for d in converted.diagnostics if d.severity is not Severity.INFO]
        ships = [s for s in converted.ships if isinstance(s, UsdShip)]
    return ships, found


def build_fleets(
    engagement: Engagement, base: Path, positions: Positions | None = None, shown: str = ""
) -> tuple[list[Fleet] | None, list[Diagnostic]]:
    """The fleets of an engagement (sheets relative to ``base``), or None and why not."""
    found: list[Diagnostic] = []
    fleets: list[Fleet] = []
    for side_index, side in enumerate(engagement.sides):
        fleet, problems = build_side(side, side_index, base, positions or {}, shown)
        found += problems
        if fleet is None:
            return None, found
        fleets.append(fleet)
    told_apart(fleets)
    return fleets, found


def ship_template(
    ref: ShipRef, base: Path, positions: Positions, where: tuple[str | int, ...], shown: str = ""
) -> tuple[CombatShip | None, list[Diagnostic]]:
    """The ship a reference names, ready to copy into a fleet (sheets relative to ``base``; findings at the
    reference's ``where`` in a file of ``positions``), or None and why not."""
    path = Path(os.path.normpath(base / ref.sheet))
    read, found = sheet_ships(path, str(path))
    line, col = locate(positions, where)
    here = Span(path=shown or str(path), line=line, col=col)
    chosen, why = pick_ship(read, ref.name, ref.sheet)
    if chosen is None:
        if read or not any(d.severity is Severity.ERROR and d.span.path == str(path) for d in found):
            found.append(Diagnostic(code="CMB003", severity=Severity.ERROR, span=here, message=str(why)))
        return None, found
    if why is not None:
        found.append(Diagnostic(code="CMB008", severity=Severity.INFO, span=here, message=why))
    try:
        return combat_ship(chosen, ref.crew), found
    except ValueError as error:
        return None, [*found, Diagnostic(code="CMB003", severity=Severity.ERROR, span=here, message=str(error))]


def side_ships(refs: Iterable[tuple[ShipRef, CombatShip]]) -> list[CombatShip]:
    """A side's ships: each reference's template copied ``count`` times, in its squadron or reserve."""
    ships: list[CombatShip] = []
    for ref, template in refs:
        for _ in range(ref.count):
            ship = template.clone()  # numbered once every side is built (``told_apart``)
            ship.squadron = ref.squadron
            ship.reserve = ref.reserve
            ships.append(ship)
    return ships


def side_fleet(side: Side, ships: list[CombatShip]) -> Fleet:
    """A side of ships as it fights: its name (else its first ship's), fleet tactics (else its first ship's crew
    skill) and doctrine."""
    tactics = side.fleet_tactics if side.fleet_tactics is not None else ships[0].skill
    return Fleet(side.name or ships[0].name, ships, tactics, side.doctrine)


def build_side(
    side: Side, side_index: int, base: Path, positions: Positions, shown: str = ""
) -> tuple[Fleet | None, list[Diagnostic]]:
    """One side of an engagement (its ships not yet numbered apart from the other side's), or None and why not."""
    found: list[Diagnostic] = []
    refs: list[tuple[ShipRef, CombatShip]] = []
    for ship_index, ref in enumerate(side.ships):
        template, problems = ship_template(
            ref, base, positions, ("sides", side_index, "ships", ship_index, "sheet"), shown
        )
        found += problems
        if template is not None:
            refs.append((ref, template))
    ships = side_ships(refs)
    if not ships:
        return None, found
    reserve = sum(s.reserve for s in ships)
    if reserve and reserve >= len(ships) - reserve:
        line, col = locate(positions, ("sides", side_index, "ships"))
        found.append(
            Diagnostic(
                code="CMB007",
                severity=Severity.ERROR,
                span=Span(path=shown or "-", line=line, col=col),
                message=f"{reserve} ship(s) in the reserve and {len(ships) - reserve} in the main "
                "body: there must always be more in the main body (MCS 2.1.1)",
            )
        )
        return None, found
    unknown = _unknown_point_defence(side, side_index, ships, positions, shown)
    if unknown:
        return None, found + unknown
    return side_fleet(side, ships), found


def told_apart(fleets: list[Fleet]) -> None:
    """Every ship and side named once, so that a narration, a table or a chart never shows two as one: a name
    ships share (the copies of a design, one design on both sides) is numbered in order over the engagement
    ("Kuvasz 1" to "Kuvasz 8"), and two sides of one name are "(side 1)" and "(side 2)"."""
    from collections import Counter

    ships = [ship for fleet in fleets for ship in fleet.ships]
    shared = {name for name, n in Counter(ship.name for ship in ships).items() if n > 1}
    seen: Counter[str] = Counter()
    for ship in ships:
        if ship.name in shared:
            seen[ship.name] += 1
            ship.name = f"{ship.name} {seen[ship.name]}"
    if len(fleets) == 2 and fleets[0].name == fleets[1].name:
        for number, fleet in enumerate(fleets, start=1):
            fleet.name = f"{fleet.name} (side {number})"


def _unknown_point_defence(
    side: Side, side_index: int, ships: list[CombatShip], positions: Positions, shown: str
) -> list[Diagnostic]:
    """CMB004 at a side's point-defence doctrine for each battery it names that none of the side's ships has
    (it would never fire point defence, and nothing would say why), with the battery meant when one is near."""
    if isinstance(side.doctrine.point_defence, str):
        return []
    names = {spelt(g.name): g.name for ship in ships for g in ship.groups}
    line, col = locate(positions, ("sides", side_index, "doctrine", "point_defence"))
    return [
        Diagnostic(
            code="CMB004",
            severity=Severity.ERROR,
            span=Span(path=shown or "-", line=line, col=col),
            message=f"point defence names {quoted(name)}, a battery no ship of the side has"
            f"{meant_hint(name, names.values(), NEAR_NAME)}: it has "
            f"{', '.join(repr(n) for n in names.values())}",
        )
        for name in side.doctrine.point_defence
        if spelt(name) not in names
    ]


def load_engagement(path: Path, shown: str | None = None) -> tuple[Engagement | None, list[Diagnostic], Positions]:
    """An engagement file read and validated: located errors (CMB001 TOML, CMB002 values)."""
    return read_toml_file(path, shown or str(path), Engagement, "CMB001", "CMB002", "engagement file")


def two_sheets(first: Path, second: Path) -> Engagement:
    """The engagement of two sheets with every default: one ship a side, from Extreme range, 10 turns."""
    return Engagement(sides=[Side(ships=[ShipRef(sheet=str(first))]), Side(ships=[ShipRef(sheet=str(second))])])


# ---- many battles ---------------------------------------------------------------------------------------------


#: The fewest battles worth a pool of worker processes: below this, starting them and sending them the fleets
#: costs more than the battles they would share.
PARALLEL_FROM = 200


def _chunk(job: tuple[list[Fleet], Options, str, int, int, int, int]) -> list[Tally]:
    fleets, options, start, limit, seed, first, last = job
    with fewer_collections():
        return [fight(fleets, options, start, limit, seed, run)[0] for run in range(first, last)]


def _width(successes: int, runs: int) -> float:
    low, high = wilson(successes, runs)
    return high - low


def run_many(
    fleets: list[Fleet],
    engagement: Engagement,
    runs: int,
    seed: int,
    jobs: int = 1,
    until_ci: float | None = None,
    block: int = 500,
    progress: Callable[[int, int], None] | None = None,
) -> Counted:
    """``runs`` battles (or fewer: with ``until_ci``, stop once both sides' 95% win intervals are narrower),
    counted. Run k always uses the seed of (seed, k): the result does not depend on ``jobs``, nor on the
    blocks of ``block`` runs fought between two calls of ``progress(done, runs)`` (or two looks at the
    intervals)."""
    counted = count([], 0, seed, fleets)
    done = 0
    pool = None
    if jobs > 1 and runs >= PARALLEL_FROM:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        while done < runs:
            size = min(runs - done, block if until_ci is not None or progress is not None else runs - done)
            pieces = max(1, min(jobs * 4, size // 50 or 1)) if pool else 1
            bounds = [done + size * i // pieces for i in range(pieces + 1)]
            tasks = [
                (fleets, engagement.options, engagement.start_range, engagement.turns, seed, lo, hi)
                for lo, hi in itertools.pairwise(bounds)
                if hi > lo
            ]
            results = pool.map(_chunk, tasks) if pool else map(_chunk, tasks)
            for tallies in results:
                for tally in tallies:
                    add(counted, tally)
            done += size
            counted.runs = done
            if progress is not None:
                progress(done, runs)
            if until_ci is not None and max(_width(counted.wins[i], done) for i in (0, 1)) < until_ci:
                break
    finally:
        if pool is not None:
            pool.shutdown()
    return counted
