"""Exact odds of one shot (MCS 3.0-5.7), by enumerating the dice: the chance to hit, the damage bonus, and the
distributions of the surface and interior severity levels and of the armour result, as fractions."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from shipyard.systems.mcs.combat import tables as t
from shipyard.systems.mcs.combat.damage import severity_against, severity_die
from shipyard.systems.mcs.combat.odds import dice_totals, mixed
from shipyard.systems.mcs.combat.options import DEFAULT_OPTIONS, Options
from shipyard.systems.mcs.combat.readings import Readings
from shipyard.systems.mcs.combat.resolve import (
    CannotFire,
    Term,
    ToHit,
    beam_figures,
    cloud_screen,
    spread_fire,
    swarm,
    to_hit,
)
from shipyard.systems.mcs.combat.state import CombatShip, Group

#: The order levels are listed in: none, light, heavy, critical, then 2x critical and up.
LEVEL_KEYS = ("none", "light", "heavy", "critical")
#: A hit that blocking sand stopped outright (MCS 5.1: DV below the sand's armour): listed before every level.
BLOCKED = "blocked by sand"


def level_key(total: int) -> str:
    level, count = t.severity(total)
    return t.level_name(level, count)


def level_sort(name: str) -> tuple[int, int]:
    if name == BLOCKED:
        return -1, 0
    if name in LEVEL_KEYS:
        return LEVEL_KEYS.index(name), 0
    return len(LEVEL_KEYS), int(name.split("x")[0])


def severity_distribution(dv: int, against: int, sides: int = t.SEVERITY_DIE) -> dict[str, Fraction]:
    """MCS 5.2: d6 + DV - toughness, as levels. (Quick combat is not a roll: see ``quick_levels``.)"""
    found: dict[str, Fraction] = {}
    for die in range(1, sides + 1):
        key = level_key(die + dv - against)
        found[key] = found.get(key, Fraction(0)) + Fraction(1, sides)
    return dict(sorted(found.items(), key=lambda item: level_sort(item[0])))


def quick_levels(dv: int, against: int, heavy_on_zero: bool) -> dict[str, Fraction]:
    """MCS Optional 5.6: the one outcome of quick combat, as a certain level."""
    hits = t.quick_hits(dv, against, heavy_on_zero)
    return {t.level_name(hits[0], len(hits)) if hits else "none": Fraction(1)}


def _levels(dv: int, against: int, options: Readings, laser: bool) -> dict[str, Fraction]:
    if options.quick_combat:
        return quick_levels(dv, against, options.quick_heavy_on_zero)
    return severity_distribution(dv, against, severity_die(options, laser))


def _hits_of(level: str) -> int:
    if level in ("none", BLOCKED):
        return 0
    return int(level.split("x")[0]) if "x" in level else 1


@dataclass
class ShotOdds:
    """The odds of one shot. Distributions are for a hit; ``*_with_bonus`` fold in the multiple-hit damage bonus
    (MCS 3.0) by the roll's margin; ``penetration`` gives the armour table's result (or the meson screen's)."""

    attacker: str
    battery: str
    target: str
    band: t.RangeBand
    weapon: str
    to_hit: ToHit
    pen: int
    dam: int
    p_hit: Fraction
    bonus: dict[int, Fraction]
    penetration: dict[str, Fraction]
    surface_severity: dict[str, Fraction] | None
    interior_severity: dict[str, Fraction]
    surface_with_bonus: dict[str, Fraction] | None
    interior_with_bonus: dict[str, Fraction]
    assumptions: list[str] = field(default_factory=list)
    #: Optional 5.5: ships of the squadron hit -> chance (0: a miss).
    swarm_hits: dict[int, Fraction] | None = None
    #: The expected number of hits of each "location level" in one hit (no bonus): the effects to expect.
    surface_effects: dict[str, Fraction] | None = None
    interior_effects: dict[str, Fraction] | None = None

    @property
    def terms(self) -> tuple[Term, ...]:
        return self.to_hit.terms


def surface_locations(target: CombatShip) -> dict[str, Fraction]:
    """MCS 5.3 on 3d6 for this target: a facility it lacks is No Effect, a bay hit without bays a turret hit."""
    found: dict[str, Fraction] = {}
    for roll, chance in dice_totals(3, 6).items():
        location = t.lookup(t.SURFACE_LOCATIONS, roll)
        if location == "bay" and not target.mounted("bay"):
            location = "turret"
        if location in ("spinal", "bay", "turret") and not target.mounted(location):  # type: ignore[arg-type]
            location = "no effect"
        if target.lacks(location):  # drop tanks or launch ports its sheet does not name
            location = "no effect"
        found[location] = found.get(location, Fraction(0)) + chance
    return found


def interior_locations(target: CombatShip) -> dict[str, Fraction]:
    """MCS 4.5 on 3d6 for this target, facilities it lacks re-rolled (so the others share their chance)."""
    from shipyard.systems.mcs.combat.resolve import facility_missing

    found: dict[str, Fraction] = {}
    for roll, chance in dice_totals(3, 6).items():
        location, _ = t.interior_location(roll)
        if not facility_missing(target, location):
            found[location] = found.get(location, Fraction(0)) + chance
    total = sum(found.values(), Fraction(0))
    return {location: chance / total for location, chance in found.items()}


def expected_effects(levels: dict[str, Fraction] | None, locations: dict[str, Fraction]) -> dict[str, Fraction] | None:
    """The expected number of hits at each location and level ("turret heavy"), a 2x critical counting two."""
    if levels is None:
        return None
    found: dict[str, Fraction] = {}
    for name, chance in levels.items():
        hits = _hits_of(name)
        level = "critical" if hits > 1 else name
        for location, where in locations.items():
            if hits:
                key = f"{location} {level}"
                found[key] = found.get(key, Fraction(0)) + chance * where * hits
    return dict(sorted(found.items(), key=lambda item: -item[1]))


def _armour_result(pen: int, armour: int, options: Readings) -> tuple[str, int | None]:
    if options.quick_combat:
        return ("full", 0) if pen > armour else ("none", None)
    change = t.penetration(pen, armour)
    if change is None:
        return "none", None
    return ("full", 0) if change == 0 else (f"partial {change}", change)


def _interior(
    pen: int,
    dv: int,
    target: CombatShip,
    options: Readings,
    weapon: str,
    surface: dict[str, Fraction] | None,
    screen_chances: list[tuple[Fraction, int]] | None,
) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
    """The armour (or screen) results and the interior levels of a hit of Pen ``pen``, DV ``dv``."""
    against = severity_against(options, target)
    laser = weapon == "laser"
    if screen_chances is not None:  # mesons: the screen, maybe after the operator's task
        parts_pen: list[tuple[Fraction, dict[str, Fraction]]] = []
        parts_int: list[tuple[Fraction, dict[str, Fraction]]] = []
        for chance, screen in screen_chances:
            name, change = _armour_result(pen, screen, options)
            parts_pen.append((chance, {name: Fraction(1)}))
            parts_int.append(
                (chance, {"none": Fraction(1)} if change is None else _levels(dv + change, against, options, laser))
            )
        return mixed(parts_pen), mixed(parts_int)
    # A weak spot (surface 18 on 3d6) lowers the armour by 6 for the interior: the chance one of the surface
    # hit's location rolls is 18.
    p_location_18 = Fraction(1, 216)

    def rolls(level: str) -> int:  # location rolls a hit makes: a hit of no effect rolls one with the option
        hits = _hits_of(level)
        return hits if hits or not options.location_on_no_effect or level == BLOCKED else 1

    p_weak = sum(
        (chance * (1 - (1 - p_location_18) ** rolls(level)) for level, chance in (surface or {}).items()), Fraction(0)
    )
    parts_pen, parts_int = [], []
    for chance, armour in ((1 - p_weak, target.armour), (p_weak, target.armour + t.WEAK_SPOT_ARMOUR)):
        if chance == 0:
            continue
        name, change = _armour_result(pen, armour, options)
        parts_pen.append((chance, {name: Fraction(1)}))
        parts_int.append(
            (chance, {"none": Fraction(1)} if change is None else _levels(dv + change, against, options, laser))
        )
    return mixed(parts_pen), mixed(parts_int)


def _screen_chances(target: CombatShip, options: Readings) -> list[tuple[Fraction, int]] | None:
    if target.meson_screen is None:
        return None
    screen = target.meson_screen
    if not options.screen_task:
        return [(Fraction(1), screen)]
    totals = dice_totals(t.AVERAGE_DICE, 6)
    spectacular = totals[t.AVERAGE_DICE] if options.spectacular == "all-ones" else Fraction(0)
    success = sum((p for roll, p in totals.items() if roll <= target.skill_attribute), Fraction(0)) - spectacular
    failure = 1 - success - spectacular
    return [
        (c, s)
        for c, s in (
            (spectacular, screen + t.SCREEN_SPECTACULAR),
            (success, screen),
            (failure, screen + t.SCREEN_FAILURE),
        )
        if c > 0
    ]


def _sorted(distribution: dict[str, Fraction]) -> dict[str, Fraction]:
    return dict(
        sorted(
            ((k, v) for k, v in distribution.items() if v),
            key=lambda item: level_sort(item[0]) if not item[0].startswith(("full", "partial")) else (0, 0),
        )
    )


def shot_odds(
    attacker: CombatShip,
    group: Group,
    target: CombatShip,
    band_key: str,
    evasion_g: Fraction,
    options: Options = DEFAULT_OPTIONS,
    skill: int | None = None,
    aiming_g: Fraction | None = None,
    sand: str = "none",
    squadron: int = 1,
    spread: int = 0,
    swarm_of: int | None = None,
) -> ShotOdds:
    """The exact odds of one battery of ``group`` firing at ``target`` (``squadron`` of them as one, with
    ``spread`` fire; at a squadron of ``swarm_of`` ships, Optional 5.5). CannotFire when it cannot reach."""
    band = t.RANGE_BANDS[band_key]
    readings = options.readings()
    if group.kind != "beam":
        raise CannotFire(f"{group.label} is not a beam battery: a {group.kind} battery's shot is not a to-hit roll")
    battery = group.intact[0] if group.intact else group.batteries[0]
    pen, dam = beam_figures(group, battery, band)
    dam -= spread_fire(battery, group, spread)
    aim = to_hit(attacker, group, target, band, evasion_g, readings, skill, aiming_g, squadron, spread)
    assumptions: list[str] = []
    weapon = group.weapon
    if band.column == 0 and band.key in ("pb", "impact"):
        assumptions.append(f"{band.name}: the battery's Very Short Pen:Dam ({pen}:{dam})")
    sand_dv: list[tuple[Fraction, int, int]] = [(Fraction(1), pen, dam)]  # (chance, pen, dv) after sand
    if weapon == "laser" and sand == "cloud":
        cloud = cloud_screen(target)
        sand_dv = [(Fraction(1), pen - cloud, dam - cloud)]
        assumptions.append(f"sand cloud: Pen and DV -{cloud}")
    totals = dice_totals(aim.dice, aim.sides)
    p_hit = Fraction(0)
    bonus: dict[int, Fraction] = {}
    for roll, chance in totals.items():
        rolled = roll + aim.offset
        if rolled <= aim.target:
            p_hit += chance
            extra = aim.damage_bonus(rolled)
            bonus[extra] = bonus.get(extra, Fraction(0)) + chance
    if swarm_of is not None:
        # MCS Optional 5.5: against a squadron the roll's margin hits more ships first; "Once all ships in the
        # squadron have been hit, for each two extra points ... increase the damage to all ships by one point".
        bonus = {}
        for roll, chance in totals.items():
            hit, extra = swarm(aim, roll + aim.offset, swarm_of)
            if hit:
                bonus[extra] = bonus.get(extra, Fraction(0)) + chance
    bonus = {k: v / p_hit for k, v in sorted(bonus.items())} if p_hit else {0: Fraction(1)}
    against = severity_against(readings, target)
    screens = _screen_chances(target, readings) if weapon == "meson" else None
    if weapon == "meson" and screens is None:
        screens = [(Fraction(1), -100)]  # no screen: every meson penetrates in full
        assumptions.append(f"{target.name} has no meson screen")

    def outcome(extra: int) -> Outcome:
        cases = _with_blocking(sand_dv, target, weapon, sand, extra, assumptions)
        return _outcome(cases, target, readings, weapon, against, screens)

    surface, pen_dist, interior = outcome(0)
    parts = [(chance, outcome(extra)) for extra, chance in bonus.items()]
    surface_bonus = None if surface is None else _sorted(mixed([(c, o[0] or {}) for c, o in parts]))
    interior_bonus = _sorted(mixed([(c, o[2]) for c, o in parts]))
    swarm_hits: dict[int, Fraction] | None = None
    if swarm_of is not None:
        swarm_hits = {}
        for roll, chance in totals.items():
            hit, _ = swarm(aim, roll + aim.offset, swarm_of)
            swarm_hits[hit] = swarm_hits.get(hit, Fraction(0)) + chance
        swarm_hits = dict(sorted(swarm_hits.items()))
    return ShotOdds(
        attacker.name,
        group.label,
        target.name,
        band,
        weapon,
        aim,
        pen,
        dam,
        p_hit,
        bonus,
        pen_dist,
        surface,
        interior,
        surface_bonus,
        interior_bonus,
        list(dict.fromkeys(assumptions)),
        swarm_hits,
        expected_effects(surface, surface_locations(target)),
        expected_effects(interior, interior_locations(target)),
    )


#: A hit's distributions: surface severity (None for mesons, which hit only the interior), the armour (or meson
#: screen) result, and the interior severity.
Outcome = tuple[dict[str, Fraction] | None, dict[str, Fraction], dict[str, Fraction]]


def _outcome(
    cases: list[tuple[Fraction, int | None, int]],
    target: CombatShip,
    options: Readings,
    weapon: str,
    against: int,
    screens: list[tuple[Fraction, int]] | None,
) -> Outcome:
    """The distributions of a hit over its cases after sand, (chance, Pen, DV): a case the sand stopped (Pen
    None) is BLOCKED in every one; the others are graded against ``against`` (toughness or size)."""
    surfaces: list[tuple[Fraction, dict[str, Fraction]]] = []
    pens: list[tuple[Fraction, dict[str, Fraction]]] = []
    interiors: list[tuple[Fraction, dict[str, Fraction]]] = []
    for chance, p, dv in cases:
        if p is None:  # blocked by sand: no surface hit, nothing through the armour
            for parts in (surfaces, pens, interiors):
                parts.append((chance, {BLOCKED: Fraction(1)}))
            continue
        surface = None if weapon == "meson" else _levels(dv, against, options, weapon == "laser")
        pen_d, interior = _interior(p, dv, target, options, weapon, surface, screens)
        if surface is not None:
            surfaces.append((chance, surface))
        pens.append((chance, pen_d))
        interiors.append((chance, interior))
    return (_sorted(mixed(surfaces)) if surfaces else None), _sorted(mixed(pens)), _sorted(mixed(interiors))


def _with_blocking(
    sand_dv: list[tuple[Fraction, int, int]],
    target: CombatShip,
    weapon: str,
    sand: str,
    extra: int,
    assumptions: list[str],
) -> list[tuple[Fraction, int | None, int]]:
    """Blocking sand (MCS 5.1): the target fires a sandcaster when it would change the DV; the operator's 2d
    task decides. (None, dv): the hit is stopped."""
    found: list[tuple[Fraction, int | None, int]] = []
    for chance, pen, dv in sand_dv:
        dv += extra
        sand_armour = next((b.armour for g in target.groups if g.kind == "sandcaster" for b in g.intact), None)
        if weapon != "laser" or sand != "blocking" or sand_armour is None:
            found.append((chance, pen, dv))
            continue
        change = t.penetration(dv, sand_armour)
        if change == 0:
            assumptions.append(f"blocking sand (armour {sand_armour}) cannot lower DV {dv}: not fired")
            found.append((chance, pen, dv))
            continue
        success = sum(
            (p for roll, p in dice_totals(t.AVERAGE_DICE, 6).items() if roll <= target.skill_attribute), Fraction(0)
        )
        found.append((chance * (1 - success), pen, dv))
        found.append((chance * success, None, dv) if change is None else (chance * success, pen, dv + change))
    return [f for f in found if f[0]]


@dataclass
class SalvoOdds:
    """The odds of one missile salvo against point defence (MCS 4.1) and its strike by the quick rule (4.3)."""

    attacker: str
    battery: str
    target: str
    strength: int
    pen: int
    dv: int
    defence: list[tuple[str, tuple[Term, ...], int, Fraction]]  # battery, terms, shots, chance one intercepts
    p_strike: Fraction
    penetration: dict[str, Fraction]
    surface_severity: dict[str, Fraction]
    interior_severity: dict[str, Fraction]
    assumptions: list[str] = field(default_factory=list)


def _point_defence_groups(target: CombatShip) -> list[Group]:
    """The target's lines that can fire point defence (MCS 4.1): beams with a PD rating, and dampers."""
    return [
        g for g in target.groups if g.kind in ("beam", "damper") and any(b.point_defence is not None for b in g.intact)
    ]


def salvo_odds(
    attacker: CombatShip,
    group: Group,
    target: CombatShip,
    defence: list[tuple[Group, int, int]],
    options: Options = DEFAULT_OPTIONS,
    sand: str = "none",
) -> SalvoOdds:
    """One salvo of ``group`` at ``target``, fired at by each (PD group, shots, squadron) in turn: the chance it
    strikes, then the severity of its hit (quick rule: DV = missile damage + salvo strength). Sand acts on it as
    on a laser: MCS 5.1's sand "reduces the damage of laser and detonation-laser attacks", and an MCS salvo is
    read as detonation lasers (its sheet names no other warhead)."""
    from shipyard.systems.mcs.combat.resolve import point_defence_target

    if group.kind != "missile":
        raise CannotFire(f"{group.label} is not a missile battery")
    readings = options.readings()
    battery = group.intact[0] if group.intact else group.batteries[0]
    strength = battery.rof
    pen, dam = battery.pen[0], battery.dam[0]
    assert pen is not None and dam is not None
    survive = Fraction(1)
    shots: list[tuple[str, tuple[Term, ...], int, Fraction]] = []
    for pd_group, count, squadron in defence:
        terms = point_defence_target(target, pd_group, strength, group.size_evade or 0, squadron)
        target_number = sum(term.value for term in terms)
        p_one = min(Fraction(1), max(Fraction(0), Fraction(target_number, t.POINT_DEFENCE_SIDES["pb"])))
        shots.append((pd_group.label, terms, count, p_one))
        survive *= (1 - p_one) ** count
    dv = dam + strength
    against = severity_against(readings, target)
    assumptions: list[str] = []
    able = [] if defence else _point_defence_groups(target)
    if able:  # said, with the lines that could fire it ("#1 Laser Battery (line 10), PD +1, 2 batteries; ...")
        lines = "; ".join(
            f"#{g.position} {g.label}, PD {g.intact[0].point_defence or 0:+d}, {len(g.intact)} batteries" for g in able
        )
        assumptions.append(
            f"no point defence counted: {target.name} has {lines}; give the shots at this salvo with --defence "
            f'NAME=SHOTS (a line by name or as #N: --defence "#{able[0].position}=1")'
        )
    strike = [(Fraction(1), pen, dv)]
    if sand == "cloud":
        cloud = cloud_screen(target)
        strike = [(Fraction(1), pen - cloud, dv - cloud)]
        assumptions.append(f"sand cloud: Pen and DV -{cloud}")
    # Blocking sand meets the salvo as it meets a laser; the strike is then graded as a missile's.
    cases = _with_blocking(strike, target, "laser", sand, 0, assumptions)
    surface, pen_d, interior = _outcome(cases, target, readings, "missile", against, None)
    return SalvoOdds(
        attacker.name,
        group.label,
        target.name,
        strength,
        pen,
        dv,
        shots,
        survive,
        pen_d,
        surface or {},
        interior,
        list(dict.fromkeys(assumptions)),
    )
