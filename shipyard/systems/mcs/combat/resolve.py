"""The MCS combat procedures (MCS 3.0-5.7) as functions over a ship's state and an explicit source of dice: the
to-hit roll (MCS 3.0-3.1) and fire, of beams, salvos, point defence and countermissiles (MCS 3.0-4.3, 5.7).

Every roll goes through a ``Dice`` (shipyard/systems/mcs/combat/dice.py) with the reason it is made, so a replay
scripts exactly the rolls a table made. Damage (damage.py) is rolled when a shot hits and takes effect at the end
of the turn (MCS 2.4): a hit returns ``Change`` records, applied by ``apply_changes``. Where the seed can be read
two ways the reading is an ``Options`` field (options.py), named in docs/combat.md; the engine reads it from the
plain ``Readings`` made of them (readings.py).
Over 600 lines: the fire procedures of MCS 3.0-4.3 are one compiled unit with the engine (setup.py), and
``fire_volley``, the counted path of ``fire_beam``, is kept beside it so that the two stay one reading of the rules.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from shipyard.core.fast import new_tuple
from shipyard.core.terms import Term, terms_text
from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.damage import (
    Change,
    Context,
    Hit,
    electronics,
    facility_missing,
    interior_effect,
    interior_location_hit,
    resolve_counted,
    resolve_damage,
    surface_effect,
)
from shipyard.systems.mcs.combat.dice import totals
from shipyard.systems.mcs.combat.odds import at_most
from shipyard.systems.mcs.combat.readings import DEFAULT_READINGS, POWER_LOSS_WORDS, Readings, Weapon
from shipyard.systems.mcs.combat.state import (
    Battery,
    CombatShip,
    G,
    Group,
    half,
    who,
)

#: The procedures' names as their callers have them from here (damage and the options live in their own modules).
__all__ = [
    "DEFAULT_READINGS",
    "POWER_LOSS_WORDS",
    "CannotFire",
    "Change",
    "Context",
    "Firing",
    "Hit",
    "Readings",
    "Term",
    "ToHit",
    "Weapon",
    "aiming_needed",
    "apply_changes",
    "band_evasion",
    "beam_figures",
    "cloud_screen",
    "countermissile",
    "electronics",
    "evasion_modifier",
    "facility_missing",
    "fire_beam",
    "fire_volley",
    "initiative",
    "interior_effect",
    "interior_location_hit",
    "launch",
    "missile_attack",
    "point_defence",
    "point_defence_target",
    "resolve_damage",
    "sensor_lock",
    "sensors_allow",
    "spread_fire",
    "surface_effect",
    "swarm",
    "to_hit",
    "unpowered_words",
]


# ---- to-hit ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def evasion_modifier(factor: Fraction, evasion_g: G) -> int:
    """MCS 3.0: "Round fractions of 0.5 or less down, greater than 0.5 up" (1 G at Short range: -1)."""
    value = factor * evasion_g
    whole = math.floor(value)
    return whole + 1 if value - whole > Fraction(1, 2) else whole


def band_evasion(band: t.RangeBand, group: Group) -> Fraction:
    """MCS 3.0: the factor of the evasion G at the band, for the group's weapon (mesons have their own)."""
    return band.evasion_meson if group.weapon == "meson" else band.evasion_beam


class ToHit:
    """A to-hit target with its terms and the dice rolled against it (made on the target number or less); not
    changed once made. A plain class with its constructor written out (compiled, a dataclass's generated one runs
    as Python, and a battle works out a to-hit for every volley)."""

    def __init__(self, terms: tuple[Term, ...], dice: int, sides: int, offset: int, rof_bonus: int) -> None:
        self.terms = terms
        self.dice = dice
        self.sides = sides
        self.offset = offset
        self.rof_bonus = (
            rof_bonus  # the most damage a roll made by a margin can add (MCS 3.0); 0 when ROF is not positive
        )
        self.target = sum(term.value for term in terms)  # the terms' sum, the number to roll

    @property
    def dice_text(self) -> str:
        return f"{self.dice}d{self.sides}" + (f"{self.offset:+d}" if self.offset else "")

    @property
    def p_hit(self) -> Fraction:
        return at_most(self.dice, self.sides, self.target, self.offset)

    def text(self) -> str:
        return f"{terms_text(self.terms)} = {self.target} on {self.dice_text}"

    def damage_bonus(self, roll: int) -> int:
        """MCS 3.0: +1 damage for every 2 points the roll is made by, up to the ROF bonus."""
        return max(0, min(self.rof_bonus, (self.target - roll) // t.POINTS_PER_EXTRA_DAMAGE))


class CannotFire(ValueError):
    """A battery that cannot fire at the range asked (a dash on the sheet, or past its range limit), or is
    destroyed. ``line``: the sheet's line that forbids it, where one does (a range limit's)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def beam_figures(group: Group, battery: Battery, band: t.RangeBand) -> tuple[int, int]:
    pen, dam = (
        battery.pen[band.column] if band.column < len(battery.pen) else None,
        (battery.dam[band.column] if band.column < len(battery.dam) else None),
    )
    if battery.destroyed:
        raise CannotFire(f"{battery.label} is destroyed")
    beyond = group.beyond(band.key)
    if beyond is not None:
        raise CannotFire(beyond, group.limit_line)
    if pen is None or dam is None:
        raise CannotFire(f"{group.label} cannot reach {band.name} range: the sheet has a dash there")
    return pen, dam


def to_hit(
    attacker: CombatShip,
    group: Group,
    target: CombatShip,
    band: t.RangeBand,
    evasion_g: G,
    options: Readings = DEFAULT_READINGS,
    skill: int | None = None,
    aiming_g: G | None = None,
    squadron: int = 1,
    spread: int = 0,
    evasion: int | None = None,
) -> ToHit:
    """MCS 3.0: gunnery + fire control + ROF + target size - evasion, on the band's dice. Squadron fire adds its
    ROF bonus; spread fire (Optional 5.4) adds ROF; aiming G (2.1) lowers a spinal mount's ROF. ``evasion``: the
    evasion modifier of ``evasion_g`` at the band for the group's weapon, when the caller has it already."""
    battery = group.first_intact or group.batteries[0]
    rof = battery.rof
    terms = [
        new_tuple(Term, ("skill", attacker.skill if skill is None else skill)),  # Term(...), no frame
        new_tuple(Term, ("FC", attacker.fire_control)),
    ]
    if squadron > 1:
        rof += t.squadron_rof(squadron)
    rof += spread
    if options.aiming and group.mount == "spinal" and aiming_g is not None:
        acceleration = attacker.current_maneuver()
        if acceleration > 0 and aiming_g == 0:
            rof += options.no_aim_penalty
        elif aiming_g < aiming_needed(acceleration, options):
            rof += t.AIMING_SHORT_PENALTY
    terms.append(new_tuple(Term, ("ROF", rof)))
    terms.append(new_tuple(Term, ("size", target.size)))
    if evasion is None:
        evasion = evasion_modifier(band_evasion(band, group), evasion_g)
    if evasion:
        terms.append(new_tuple(Term, ("evasion", -evasion)))
    dice = band.dice + (attacker.task_dice() if band.sides == 6 else 0)
    return ToHit(tuple(terms), dice, band.sides, band.offset, max(0, rof))


# ---- fire ---------------------------------------------------------------------------------------------


class Fired(NamedTuple):
    """What one battery's shot did: the to-hit, the roll, the damage bonus (None: missed)."""

    battery: str
    to_hit: ToHit
    roll: int
    bonus: int | None


#: Optional 5.1 reading: which signature each sensor sees, and the column of the lock table it reads (0 passive
#: or LIDAR, 1 active). The seed names the columns, not the pairs.
SENSOR_SIGNATURES: dict[str, tuple[str, int]] = {"PEMS": ("ir", 0), "LIDAR": ("lidar", 0), "AEMS": ("active", 1)}


@dataclass(frozen=True)
class Lock:
    sensor: str
    signal: Fraction
    needed: Fraction

    @property
    def locked(self) -> bool:
        return self.signal >= self.needed


def sensor_lock(
    attacker: CombatShip, target: CombatShip, band: t.RangeBand, task_made: bool = False, hiding: bool = False
) -> Lock | None:
    """MCS Optional 5.1: the best Signal = sensor rating + the target's signature of that sensor's kind, against
    the table's figure for the range; +0.5 with the sensor operator's Formidable task made, -0.5 with one working
    sensor alone, -0.5 for a target hiding or not firing. None when the ship has no working sensor."""
    working = [s for s in attacker.sensors if not s.destroyed and s.kind in SENSOR_SIGNATURES]
    if not working:
        return None
    best: Lock | None = None
    for sensor in working:
        kind, column = SENSOR_SIGNATURES[sensor.kind]
        signature = target.signatures.get(kind, Fraction(0)) + (t.HIDING_SIGNATURE if hiding else 0)
        signal = sensor.sensitivity + signature + (t.SENSOR_TASK_BONUS if task_made else 0)
        if len(working) == 1:
            signal += t.SINGLE_SENSOR_PENALTY
        lock = Lock(sensor.kind, signal, t.SENSOR_LOCK[band.key][column])
        if best is None or lock.signal - lock.needed > best.signal - best.needed:
            best = lock
    return best


def sensors_allow(ctx: Context, attacker: CombatShip, target: CombatShip, band: t.RangeBand) -> bool:
    """MCS 2.4.1 under ``Options.sensors``: whether the ship may fire at the target, narrated."""
    if ctx.options.sensors == "ignore":
        return True
    if ctx.options.sensors == "lidar":
        if any(s.kind == "LIDAR" and not s.destroyed for s in attacker.sensors):
            return True
        if ctx.narrate:
            ctx.say(f"{attacker.name} has no working LIDAR: no fire (MCS 2.4.1)")
        return False
    lock = sensor_lock(attacker, target, band)
    if lock is None:
        if ctx.narrate:
            ctx.say(f"{attacker.name} has no working sensor: no lock, no fire")
        return False
    if ctx.narrate:
        ctx.say(
            f"sensor lock: {attacker.name} {lock.sensor} signal {float(lock.signal):g} against "
            f"{float(lock.needed):g} at {band.name}: {'locked' if lock.locked else 'no lock, no fire'}"
        )
    return lock.locked


def swarm(aim: ToHit, roll: int, ships: int, at_missiles: bool = False) -> tuple[int, int]:
    """MCS Optional 5.5: ships of a squadron hit by one battery's roll, and the damage added to each once all
    are hit (one point for every two more points made by). At missile salvos the roll counts 2 points less."""
    made = aim.target - roll + (t.SWARM_MISSILE_PENALTY if at_missiles else 0)
    if made < 0:
        return 0, 0
    hit = min(ships, t.swarm_hits(made))
    if hit < ships:
        return hit, 0
    needed = next(low for low, _, count in t.SWARM_HITS if count >= ships) if ships <= t.SWARM_HITS[-1][2] else made
    return hit, (made - needed) // t.POINTS_PER_EXTRA_DAMAGE


def unpowered_words(battery: Battery, ship: CombatShip) -> str:
    """Why a battery may not fire: power plant damage disables it (MCS 4.5, ``power_loss = "batteries"``)."""
    return (
        f"{battery.label} is disabled by power plant damage ({ship.power_damage()} point(s): one weapon battery "
        "per two, MCS 4.5)"
    )


def aiming_needed(acceleration: G, options: Readings = DEFAULT_READINGS) -> G:
    """MCS 2.1: the G a spinal ship aims with to fire at its full ROF: half its current acceleration, exact or
    rounded down (``Options.aiming_half``)."""
    exact = half(acceleration)
    return math.floor(exact) if options.aiming_half == "rounded down" else exact


def initiative(roll: int, tactics: int, maneuver_g: G) -> G:
    """MCS 2.2: 2d + the admiral's Fleet Tactics + twice the G allocated to maneuver."""
    return roll + tactics + t.INITIATIVE_MANEUVER_FACTOR * maneuver_g


def spread_fire(battery: Battery, group: Group, spread: int) -> int:
    """MCS Optional 5.4: ROF gained by spreading fire costs 2 damage a point, up to the PD rating; the damage
    lost. CannotFire past the PD rating."""
    if spread and (battery.point_defence is None or battery.rof + spread > battery.point_defence):
        raise CannotFire(
            f"{group.label}: spread fire raises ROF at most to the PD rating "
            f"({battery.point_defence if battery.point_defence is not None else 'none'})"
        )
    return spread * t.SPREAD_DAMAGE_PER_ROF


def _shoot(
    ctx: Context, aim: ToHit, label: str, target: CombatShip, pen: int, dam: int, kind: str = "", shown: str = ""
) -> tuple[int, int | None]:
    """One to-hit roll against ``aim`` (MCS 3.0), narrated as ``shown`` (the ship and battery, ``who``) firing
    at the target: the roll and the damage bonus (None: a miss)."""
    roll = ctx.dice.roll(aim.dice, aim.sides, "to-hit", label) + aim.offset
    if roll > aim.target:
        if ctx.narrate:
            ctx.say(f"{shown or label}{kind} -> {target.name}: to-hit {aim.text()}: rolled {roll}, missed")
        return roll, None
    bonus = aim.damage_bonus(roll)
    if ctx.narrate:
        ctx.say(
            f"{shown or label}{kind} -> {target.name}: to-hit {aim.text()}: rolled {roll}, "
            f"made by {aim.target - roll}" + (f": damage +{bonus}" if bonus else "") + f"; Pen:Dam {pen}:{dam + bonus}"
        )
    return roll, bonus


class Firing(NamedTuple):
    """What every shot of one fire shares (MCS 3.0): the combat's context, the firing ship and its group of
    batteries, the target, the range band and the G the target evades with."""

    ctx: Context
    attacker: CombatShip
    group: Group
    target: CombatShip
    band: t.RangeBand
    evasion_g: G


def fire_beam(
    fire: Firing,
    battery: Battery,
    skill: int | None = None,
    aiming_g: G | None = None,
    sand: str = "none",
    sand_fired: set[int] | None = None,
    squadron: int = 1,
    spread: int = 0,
    aim: ToHit | None = None,
) -> Fired:
    """One beam battery fires (MCS 3.0; with squadron or spread fire), and a hit is resolved (MCS 5.0). ``aim``
    is the to-hit already worked out for another battery of the group at the same target (so the ship may fire
    it), if any."""
    ctx, attacker, group, target, band, evasion_g = fire
    pen, dam = beam_figures(group, battery, band)
    if id(battery) in attacker.unpowered():
        raise CannotFire(unpowered_words(battery, attacker))
    if spread:
        dam -= spread_fire(battery, group, spread)
    if aim is None:
        why = attacker.why_not_fire(group)
        if why is not None:
            raise CannotFire(why)
    if aim is None:
        aim = to_hit(attacker, group, target, band, evasion_g, ctx.options, skill, aiming_g, squadron, spread)
    roll, bonus = _shoot(ctx, aim, battery.label, target, pen, dam, shown=who(attacker.name, battery))
    if bonus is None:
        return Fired(battery.label, aim, roll, None)
    weapon: Weapon = group.weapon if group.weapon in ("laser", "paw", "meson") else "laser"
    cloud = cloud_screen(target) if sand == "cloud" else 0
    resolve_damage(ctx, Hit(weapon, pen, dam + bonus, battery.label), target, sand, cloud, sand_fired)
    return Fired(battery.label, aim, roll, bonus)


def fire_volley(
    fire: Firing,
    batteries: list[Battery],
    aiming_g: G | None = None,
    sand: str = "none",
    sand_fired: set[int] | None = None,
    evasion: int | None = None,
) -> int:
    """The batteries of one line fire at one target, one after another, exactly as ``fire_beam`` would fire
    each (the same rolls in the same order), with the loop kept tight for many battles; the hits scored. A
    battery destroyed or with a dash at the range holds its fire; a ship that may not fire fires none.
    ``evasion``: the evasion modifier, when the caller has it (``to_hit``)."""
    ctx, attacker, group, target, band, evasion_g = fire
    if attacker.why_not_fire(group) is not None or group.beyond(band.key) is not None:
        return 0
    aims: dict[int, ToHit] = {}
    tables: dict[int, tuple[int, ...]] = {}  # each aim's dice, every combination once (``totals``)
    column = band.column
    unpowered = attacker.unpowered()
    weapon: Weapon = group.weapon if group.weapon in ("laser", "paw", "meson") else "laser"
    cloud = cloud_screen(target) if sand == "cloud" else 0
    hits = 0
    narrate = ctx.narrate
    quick = getattr(ctx.dice, "quick", None)
    draw = quick() if quick is not None and not narrate else None
    for battery in batteries:
        if battery.destroyed or column >= len(battery.dam) or (unpowered and id(battery) in unpowered):
            continue
        pen, dam = battery.pen[column], battery.dam[column]
        if pen is None or dam is None:
            continue
        aim = aims.get(battery.rof)
        if aim is None:
            aim = aims[battery.rof] = to_hit(
                attacker, group, target, band, evasion_g, ctx.options, None, aiming_g, evasion=evasion
            )
        if narrate:
            _, bonus = _shoot(ctx, aim, battery.label, target, pen, dam, shown=who(attacker.name, battery))
            if bonus is None:
                continue
        elif draw is not None:  # counted: the same draws as ``RandomDice.roll`` and ``resolve_damage``, in line
            table = tables.get(battery.rof)
            if table is None:
                table = tables[battery.rof] = totals(aim.dice, aim.sides)
            roll = (table[int(draw() * len(table))] if table else ctx.dice.roll(aim.dice, aim.sides, "")) + aim.offset
            made = aim.target - roll
            if made < 0:
                continue
            # ``ToHit.damage_bonus``: +1 for every POINTS_PER_EXTRA_DAMAGE made by, from 0 up to the ROF bonus
            bonus = min(aim.rof_bonus, made // t.POINTS_PER_EXTRA_DAMAGE)
            resolve_counted(ctx, draw, weapon, pen, dam + bonus, target, sand, cloud, sand_fired)
            hits += 1
            continue
        else:  # _shoot's roll, hit and bonus (one formula: ``ToHit.damage_bonus``), without its narration
            roll = ctx.dice.roll(aim.dice, aim.sides, "to-hit", battery.label) + aim.offset
            if roll > aim.target:
                continue
            bonus = aim.damage_bonus(roll)
        resolve_damage(
            ctx,
            new_tuple(Hit, (weapon, pen, dam + bonus, battery.label)),  # Hit(...), no frame
            target,
            sand,
            cloud,
            sand_fired,
        )
        hits += 1
    return hits


def cloud_screen(ship: CombatShip) -> int:
    """The screen of a sand cloud: the ship's first sandcaster battery's (its magnitude)."""
    for group in ship.groups:
        if group.kind == "sandcaster" and group.intact:
            return abs(group.intact[0].screen or 0)
    return 0


def point_defence_target(
    defender: CombatShip, group: Group, salvo_strength: int, size_evade: int, squadron: int = 1
) -> tuple[Term, ...]:
    """MCS 4.1 (4.2 for dampers, which ignore the missile's size/evasion): gunnery/2 (down) + fire control + PD
    rating (squadron fire adds its ROF bonus) - the missile's size/evasion - salvo strength."""
    rating = group.intact[0].point_defence if group.intact else None
    if rating is None:
        raise CannotFire(f"{group.label} has no point defence rating")
    terms = [
        Term("skill/2", defender.skill // t.POINT_DEFENCE_SKILL_DIVISOR),
        Term("FC", defender.fire_control),
        Term("PDR", rating + (t.squadron_rof(squadron) if squadron > 1 else 0)),
    ]
    if group.kind != "damper":
        terms.append(Term("missile evasion", size_evade))
    terms.append(Term("salvo", -salvo_strength))
    return tuple(terms)


def missile_attack(
    fire: Firing,
    battery: Battery,
    mode: str = "full",
    skill: int | None = None,
    sand: str = "none",
    sand_fired: set[int] | None = None,
    strength: int | None = None,
    missile_fc: int = 0,
) -> Fired:
    """MCS 4.3: a salvo attacks. The quick rule: it hits, DV = missile damage + salvo strength. The long rule:
    the missile chart's to-hit, with the salvo strength in place of ROF (so a roll made by a margin adds damage
    up to it); ``missile_fc`` is the missiles' own fire control (0 without an MFD)."""
    ctx, attacker, _, target, band, evasion_g = fire
    strength = battery.rof if strength is None else strength
    pen, dam = battery.pen[0], battery.dam[0]
    assert pen is not None and dam is not None
    if ctx.options.missile_rule == "quick":
        if ctx.narrate:
            ctx.say(
                f"{who(attacker.name, battery)} salvo ({strength:+d}) strikes {target.name} (quick rule): DV {dam} + "
                f"{strength} = {dam + strength}"
            )
        resolve_damage(
            ctx,
            Hit("missile", pen, dam + strength, battery.label),
            target,
            sand,
            cloud_screen(target) if sand == "cloud" else 0,
            sand_fired,
        )
        return Fired(battery.label, ToHit((), 0, 6, 0, 0), 0, strength)
    line = t.MISSILE_MODES[mode]
    gunner = attacker.skill if skill is None else skill
    terms = [Term("skill", math.floor(gunner * line.skill_share))] if line.skill_share else []
    terms.append(
        Term(
            "ship FC" if line.fire_control == "ship" else "missile FC",
            attacker.fire_control if line.fire_control == "ship" else missile_fc,
        )
    )
    terms += [Term("size", target.size), Term("salvo", strength)]
    factor = band.evasion_beam if line.evasion is None else line.evasion
    evasion = evasion_modifier(factor, evasion_g)
    if evasion:
        terms.append(Term("evasion", -evasion))
    aim = ToHit(tuple(terms), line.dice, line.sides, line.offset, max(0, strength))
    roll, bonus = _shoot(
        ctx, aim, battery.label, target, pen, dam, f" salvo ({line.key})", shown=who(attacker.name, battery)
    )
    if bonus is None:
        return Fired(battery.label, aim, roll, None)
    resolve_damage(
        ctx,
        Hit("missile", pen, dam + bonus, battery.label),
        target,
        sand,
        cloud_screen(target) if sand == "cloud" else 0,
        sand_fired,
    )
    return Fired(battery.label, aim, roll, bonus)


def launch(ctx: Context, group: Group, battery: Battery, band: t.RangeBand, ship: str = "", target: str = "") -> bool:
    """MCS 4.0, the fire missiles phase: one salvo leaves the magazine; True when it strikes this turn (Very
    Short to Medium), False when it strikes in the next (Long, Extreme). CannotFire with no salvo left. The
    narration names the launching ``ship`` and the ``target`` the salvo strikes."""
    if battery.destroyed:
        raise CannotFire(f"{battery.label} is destroyed")
    beyond = group.beyond(band.key)
    if beyond is not None:
        raise CannotFire(beyond, group.limit_line)
    if battery.salvos is not None:
        if battery.salvos <= 0:
            raise CannotFire(f"{battery.label} has no salvos left")
        battery.salvos -= 1
    now = band.key in t.MISSILE_SAME_TURN
    left = "" if battery.salvos is None else f", {battery.salvos} left"
    if ctx.narrate:
        at = f" -> {target}" if target else ""
        ctx.say(
            f"{who(ship, battery) if ship else battery.label} launches a salvo ({battery.rof:+d}){at} at {band.name} "
            f"range{left}: it strikes {'this turn' if now else 'next turn'}"
        )
    return now


def point_defence(
    ctx: Context,
    defender: CombatShip,
    group: Group,
    salvo_strength: int,
    size_evade: int,
    band: str = "pb",
    squadron: int = 1,
    incoming: str = "",
) -> bool:
    """MCS 4.1: one point defence shot (a battery, or a squadron of them) at a salvo; True when intercepted. The
    narration names the defender, its battery and the salvo (``incoming``: whose, if known)."""
    terms = point_defence_target(defender, group, salvo_strength, size_evade, squadron)
    target = sum(term.value for term in terms)
    sides = t.POINT_DEFENCE_SIDES[band]
    roll = ctx.dice.roll(1, sides, "point defence", group.label)
    hit = roll <= target
    if ctx.narrate:
        ctx.say(
            f"{defender.name}, {group.label} point defence{f' ({squadron} together)' if squadron > 1 else ''} -> "
            f"{incoming or 'the salvo'} ({salvo_strength:+d}): "
            f"{terms_text(terms)} = {target} on 1d{sides}: rolled {roll}, {'intercepted' if hit else 'missed'}"
        )
    return hit


def countermissile(ctx: Context, interceptor: Group, incoming_strength: int, incoming_evasion: int) -> bool:
    """MCS Optional 5.7: (own salvo + size/evasion) - (incoming salvo + evasion) on 1d6."""
    own = interceptor.intact[0]
    if own.salvos is not None:
        if own.salvos <= 0:
            raise CannotFire(f"{own.label} has no salvos left to intercept with")
        own.salvos -= 1
    target = own.rof + (interceptor.size_evade or 0) - (incoming_strength + incoming_evasion)
    roll = ctx.dice.roll(1, t.COUNTERMISSILE_SIDES, "countermissile")
    if ctx.narrate:
        ctx.say(
            f"countermissile: {own.rof} + {interceptor.size_evade} - ({incoming_strength} + {incoming_evasion}) "
            f"= {target} on 1d6: rolled {roll}, {'intercepted' if roll <= target else 'missed'}"
        )
    return roll <= target


def apply_changes(ctx: Context) -> list[str]:
    """MCS 2.4: the damage of the turn takes effect; its words, in order (none when not narrating)."""
    for change in ctx.changes:
        change.apply()
    done = [f"{change.ship.name}: {change.text}" for change in ctx.changes] if ctx.narrate else []
    ctx.changes.clear()
    return done
