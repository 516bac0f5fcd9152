"""A High Guard genome fitted to a TCS scenario, as a designer would fit it: the scenario's tech level (a design of a
lower one is never the better), its jump and maneuver requirements (TCS106, TCS109) within what the TL builds, armour
within the TL (HG113), screens, a spinal mount and a computer only where the TL has them (HG115, HG112; a hull no
computer of the TL runs made smaller), drop tanks no more than leave it jump-1 carrying them (TCS109; none where the
scenario drops tanks before combat, whose tugs the search does not design), turrets and bays within the hardpoints
(TCS103; one mounting of a weapon kind where High Guard allows one, HG115), and every part within the hull (HG107):
less armour first, then fewer sand turrets, no spinal mount, fewer missile bays and turrets, fewer energy, particle
accelerator and laser turrets, no screens, a smaller plant, less jump and maneuver down to the requirements, and at
last a larger hull. Each repair is said; a genome no repair fits is refused with the rule's code
(``build.Refused``)."""

from __future__ import annotations

import random
from dataclasses import replace

from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.build import (
    BAY_TONS,
    BAY_WEAPONS,
    DROP_TANK_PARTS,
    ENERGY_GUNS,
    Genome,
    Refused,
    bay_size,
    bay_sizes,
    build,
    computers_for,
    laden_jump,
)
from shipyard.systems.tcs.scenario import Scenario


def _most_drives(tl: int) -> tuple[int, int]:
    """The most jump and the most G the drive tables build at a TL."""
    most_jump = max((jump for jump, lowest in hg.JUMP_MIN_TL.items() if lowest <= tl), default=0)
    most_g = max((g for g, lowest in hg.MANEUVER_MIN_TL.items() if lowest <= tl), default=0)
    return most_jump, most_g


def _computer_within(genome: Genome) -> Genome:
    """The genome with its computer no more models above the smallest than its hull and TL have."""
    models = len(computers_for(genome))
    return replace(genome, computer_extra=min(genome.computer_extra, max(0, models - 1)))


def carries_tanks(scenario: Scenario, tugs: bool) -> bool:
    """Whether a design may carry drop tanks: where the scenario does not drop them before combat, or where a fleet
    can buy the tugs it then asks for them (TCS202: the search designs no tug)."""
    return not scenario.drop_tanks_dropped or tugs


def _tanks_within(genome: Genome, tanks: bool) -> Genome:
    """The genome with no more drop tanks than leave it jump-1 carrying them (TCS109); none without a jump drive, or
    where no tanks may be carried (``carries_tanks``)."""
    if not genome.jump or not tanks:
        return replace(genome, drop_tanks=0)
    g = genome
    while g.drop_tanks and laden_jump(g) < 1:
        g = replace(g, drop_tanks=g.drop_tanks - 1)
    return g


def _within_tl(genome: Genome, scenario: Scenario, tanks: bool, said: list[str]) -> Genome:
    tl = scenario.tech_level if scenario.tech_level is not None else genome.tl
    most_jump, most_g = _most_drives(tl)
    jump = min(max(genome.jump, scenario.minimum_jump or 0), most_jump)
    maneuver = min(max(genome.maneuver, scenario.minimum_maneuver or 0, 1), most_g)
    if (scenario.minimum_jump or 0) > most_jump:
        raise Refused("TCS109", f"the scenario asks jump-{scenario.minimum_jump}; TL {tl} builds at most {most_jump}")
    if (scenario.minimum_maneuver or 0) > most_g:
        raise Refused("TCS106", f"the scenario asks {scenario.minimum_maneuver} G; TL {tl} builds at most {most_g}")
    armour = min(genome.armour, tl)
    damper = genome.damper if genome.damper == 0 or hg.DAMPERS[genome.damper].tl <= tl else 0
    meson = genome.meson_screen if genome.meson_screen == 0 or hg.MESON_SCREENS[genome.meson_screen].tl <= tl else 0
    spinal, meson_spinal = _letter_within(genome.spinal, hg.SPINAL_PA, tl), ""
    if not spinal:  # one spinal mount a ship: the particle accelerator's where both are asked
        meson_spinal = _letter_within(genome.meson_spinal, hg.SPINAL_MESON, tl)
    fitted = replace(genome, tl=tl, jump=jump, maneuver=maneuver, armour=armour, damper=damper, meson_screen=meson)
    fitted = replace(fitted, spinal=spinal, meson_spinal=meson_spinal)
    guns = _energy_guns(tl)
    if fitted.energy_batteries and fitted.energy_gun not in guns:  # the best the TL builds, else none
        fitted = replace(fitted, energy_gun=guns[-1]) if guns else replace(fitted, energy_batteries=0)
    if fitted.bays and bay_size(fitted.bay_weapon, tl) is None:  # a bay the TL does not build: none
        fitted = replace(fitted, bays=0)
    fitted = _sizes_within(fitted, tl)
    while not computers_for(fitted) and fitted.tons > HULL_STEP:  # no computer of the TL runs a hull this big
        fitted = replace(fitted, tons=fitted.tons - HULL_STEP)
    fitted = _computer_within(fitted)
    if fitted != genome:
        said.append(
            f"TL {tl}: jump {jump}, maneuver {maneuver}, armour {armour}, damper {damper}, meson screen {meson}, "
            f"spinal mount {_spinal_words(fitted)}, computer {fitted.computer_extra} above the smallest, "
            f"{fitted.tons:,} tons" + _weapon_words(genome, fitted)
        )
    fewer = _tanks_within(fitted, tanks)
    if fewer != fitted:
        said.append(f"drop tanks of {fewer.drop_tanks} tenths of the hull: jump-1 at least carrying them")
    return fewer


def _weapon_words(asked: Genome, g: Genome) -> str:
    """What the TL made of the weapons asked: the bays and their size, the lasers, the PA turrets."""
    words = [_bays_words(g.bays, g.bay_tons, asked.bay_weapon)] if asked.bays else []
    words += [_bays_words(g.missile_bays, g.missile_bay_tons, "missile")] if asked.missile_bays else []
    words += [f"{'pulse' if g.pulse_lasers else 'beam'} lasers"] if asked.laser_batteries else []
    words += [f"{g.pa_batteries} particle accelerator batteries"] if asked.pa_batteries else []
    return "".join(f", {word}" for word in words)


def _bays_words(count: int, tons: int, weapon: str) -> str:
    return f"{count} {tons}-ton {weapon} bay{'' if count == 1 else 's'}"


def _sizes_within(g: Genome, tl: int) -> Genome:
    """The genome with bays of a size the TL builds (the other size where it builds none of the one asked), pulse
    lasers where it builds no beam laser, and no particle accelerator turret where it builds none."""
    g = replace(g, missile_bay_tons=bay_size("missile", tl, g.missile_bay_tons) or BAY_TONS)
    g = replace(g, bay_tons=bay_size(g.bay_weapon, tl, g.bay_tons) or BAY_TONS)
    if hg.TURRET_WEAPONS["beam laser"][0] > tl:
        g = replace(g, pulse_lasers=1)
    return replace(g, pa_batteries=0) if hg.TURRET_WEAPONS["particle accelerator"][0] > tl else g


def _energy_guns(tl: int) -> list[str]:
    """The energy weapons a TL builds (``build.ENERGY_GUNS``; High Guard, turret weapons)."""
    return [gun for gun in ENERGY_GUNS if hg.TURRET_WEAPONS[gun][0] <= tl]


def _bay_weapons(tl: int) -> list[str]:
    """The bay weapons (``build.BAY_WEAPONS``) a TL builds a bay of (High Guard, p. 24, bays)."""
    return [weapon for weapon in BAY_WEAPONS if bay_size(weapon, tl) is not None]


def _letter_within(letter: str, chart: dict[str, hg.Spinal], tl: int) -> str:
    """A spinal mount's letter where its chart builds it at ``tl``, else none."""
    return letter if letter and chart[letter].tl <= tl else ""


def _spinal_words(genome: Genome) -> str:
    if genome.spinal:
        return genome.spinal
    return f"meson {genome.meson_spinal}" if genome.meson_spinal else "none"


#: The weapons of one kind High Guard allows a ship only one mounting of (HG115): a bay weapon, and what the genome
#: keeps where it asks for both (the energy bays over energy turrets, a spinal mount over bays of its weapon).
_ONE_MOUNTING = {
    "plasma gun": ("energy bays, not energy turrets as well", "energy_batteries"),
    "fusion gun": ("energy bays, not energy turrets as well", "energy_batteries"),
    "particle accelerator": ("a spinal particle accelerator, not particle accelerator bays as well", "spinal"),
    "meson gun": ("a spinal meson gun, not meson bays as well", "meson_spinal"),
}


def _one_kind(g: Genome, said: list[str]) -> Genome:
    """The genome with one mounting of a weapon kind where High Guard allows no more (HG115): its energy bays
    without energy turrets, its spinal mount without bays of the same weapon, its particle accelerator spinal mount
    or bays without particle accelerator turrets."""
    if g.bays and g.bay_weapon in _ONE_MOUNTING:
        words, other = _ONE_MOUNTING[g.bay_weapon]
        if getattr(g, other):
            said.append(words)
            g = replace(g, energy_batteries=0) if other == "energy_batteries" else replace(g, bays=0)
    pa_bays = g.bays and g.bay_weapon == "particle accelerator"
    if g.pa_batteries and (g.spinal or pa_bays):
        said.append(
            f"{'a spinal particle accelerator' if g.spinal else 'particle accelerator bays'}, not particle "
            "accelerator turrets as well"
        )
        g = replace(g, pa_batteries=0)
    return g


def _within_hardpoints(genome: Genome, said: list[str]) -> Genome:
    hardpoints = max(1, genome.tons // hg.HULL_TONS_PER_HARDPOINT)
    g = genome
    if g.missile_bays and g.missile_turrets:  # one kind of missile battery: the bays
        g = replace(g, missile_batteries=0)
        said.append("missile bays, not missile turrets as well")
    g = _one_kind(g, said)

    def used(g: Genome) -> int:
        turrets = g.laser_turrets + g.sand_turrets + g.missile_turrets + g.energy_turrets + g.pa_turrets
        return turrets + hg.HARDPOINTS_PER_BAY * (g.missile_bays + g.bays)

    fitting = g
    while used(g) > hardpoints:
        if g.sand_batteries:
            g = _fewer(g, "sand")
        elif g.missile_batteries:
            g = _fewer(g, "missile")
        elif g.missile_bays:
            g = replace(g, missile_bays=g.missile_bays - 1)
        elif g.bays:
            g = replace(g, bays=g.bays - 1)
        elif g.energy_batteries:
            g = _fewer(g, "energy")
        elif g.pa_batteries:
            g = _fewer(g, "pa")
        else:
            g = _fewer(g, "laser")
    if g != fitting:
        said.append(f"turrets and bays within the {hardpoints} hardpoints")
    return g


def _fewer(g: Genome, kind: str) -> Genome:
    """One turret fewer in each battery of a kind, or one battery fewer where each has one turret."""
    batteries, each = getattr(g, f"{kind}_batteries"), getattr(g, f"{kind}_turrets_each")
    if each > 1:
        return replace(g, **{f"{kind}_turrets_each": each - 1})
    return replace(g, **{f"{kind}_batteries": batteries - 1})


def _within_hull(genome: Genome, scenario: Scenario, tanks: bool, said: list[str]) -> Genome:
    g = genome
    while True:
        try:
            build(g)
            return g
        except Refused as refused:
            if refused.code != "HG107":
                raise
        if g.armour:
            g, repair = replace(g, armour=g.armour - 1), "less armour"
        elif g.sand_batteries:
            g, repair = replace(g, sand_batteries=g.sand_batteries - 1), "fewer sand turrets"
        elif g.spinal or g.meson_spinal:
            g, repair = replace(g, spinal="", meson_spinal=""), "no spinal mount"
        elif g.missile_bays:
            g, repair = replace(g, missile_bays=g.missile_bays - 1), "fewer missile bays"
        elif g.bays:
            g, repair = replace(g, bays=g.bays - 1), f"fewer {g.bay_weapon} bays"
        elif g.missile_batteries:
            g, repair = replace(g, missile_batteries=g.missile_batteries - 1), "fewer missile turrets"
        elif g.energy_batteries:
            g, repair = replace(g, energy_batteries=g.energy_batteries - 1), "fewer energy turrets"
        elif g.pa_batteries:
            g, repair = replace(g, pa_batteries=g.pa_batteries - 1), "fewer particle accelerator turrets"
        elif g.laser_batteries:
            g, repair = replace(g, laser_batteries=g.laser_batteries - 1), "fewer laser turrets"
        elif g.damper or g.meson_screen:
            g, repair = replace(g, damper=0, meson_screen=0), "no screens"
        elif g.extra_power:
            g, repair = replace(g, extra_power=g.extra_power - 1), "a smaller plant"
        elif g.jump > (scenario.minimum_jump or 0):  # the tanks no more than leave it jump-1 carrying them
            g, repair = _tanks_within(replace(g, jump=g.jump - 1), tanks), "less jump"
        elif g.maneuver > max(1, scenario.minimum_maneuver or 0):
            g, repair = replace(g, maneuver=g.maneuver - 1), "less maneuver"
        elif g.tons < HULL_THOUSANDS[-1] * HULL_STEP:  # the computer within what runs the larger hull
            g, repair = _computer_within(replace(g, tons=g.tons + HULL_STEP)), "a larger hull"
        else:
            raise Refused("HG107", f"the drives, fuel and bridge alone overfill {g.tons:,} tons")
        if not said or said[-1] != repair:
            said.append(repair)


#: The hulls a design may have, in thousands of tons (the search's designs are warships of a tournament's fleet), and
#: the most batteries of one kind and turrets a battery a genome asks for (the hardpoints and the hull fit them).
HULL_STEP = 1000
HULL_THOUSANDS = range(1, 51)
MOST_BATTERIES = 9
MOST_TURRETS_EACH = 9
MOST_MISSILE_BAYS = 4
MOST_BAYS = 4
MOST_EXTRA_POWER = 3


def gene_ranges(scenario: Scenario, tl: int, tugs: bool = False) -> dict[str, list[int] | list[str]]:
    """Each gene's allowed values under the scenario at ``tl`` (the scenario's when it sets one), from the High Guard
    tables: armour up to the TL, jump and maneuver from the requirements to what the TL builds, the spinal mounts and
    screens the TL has, the computer models above the smallest, drop tanks of none to the hull's own tonnage in tenths
    (none where the scenario drops tanks before combat and ``tugs`` says no tug can be bought for them)."""
    tl = scenario.tech_level if scenario.tech_level is not None else tl
    most_jump, most_g = _most_drives(tl)
    batteries, each = list(range(MOST_BATTERIES + 1)), list(range(1, MOST_TURRETS_EACH + 1))
    return {
        "tons": [thousands * HULL_STEP for thousands in HULL_THOUSANDS],
        "configuration": list(hg.CONFIGURATIONS),  # planetoids too: their built-in armour is not the TL's limit
        "armour": list(range(tl + 1)),
        "jump": list(range(scenario.minimum_jump or 0, most_jump + 1)),
        "maneuver": list(range(max(1, scenario.minimum_maneuver or 0), most_g + 1)),
        "extra_power": list(range(MOST_EXTRA_POWER + 1)),
        "laser_batteries": batteries,
        "laser_turrets_each": each,
        "sand_batteries": batteries,
        "sand_turrets_each": each,
        "missile_batteries": batteries,
        "missile_turrets_each": each,
        "missile_bays": list(range(MOST_MISSILE_BAYS + 1)),
        "bays": list(range(MOST_BAYS + 1)) if _bay_weapons(tl) else [0],
        "bay_weapon": _bay_weapons(tl) or [next(iter(BAY_WEAPONS))],
        "energy_batteries": batteries if _energy_guns(tl) else [0],
        "energy_turrets_each": each,
        "energy_gun": _energy_guns(tl) or [ENERGY_GUNS[0]],
        "spinal": ["", *(letter for letter, mount in hg.SPINAL_PA.items() if mount.tl <= tl)],
        "meson_spinal": ["", *(letter for letter, mount in hg.SPINAL_MESON.items() if mount.tl <= tl)],
        "damper": [0, *(f for f, screen in hg.DAMPERS.items() if screen.tl <= tl)],
        "meson_screen": [0, *(f for f, screen in hg.MESON_SCREENS.items() if screen.tl <= tl)],
        "computer_extra": list(range(len(hg.COMPUTERS))),
        "drop_tanks": list(range(DROP_TANK_PARTS + 1)) if carries_tanks(scenario, tugs) else [0],
        "pulse_lasers": [0, 1],
        "missile_bay_tons": bay_sizes("missile", tl) or [BAY_TONS],
        "bay_tons": sorted({size for weapon in _bay_weapons(tl) for size in bay_sizes(weapon, tl)}, reverse=True)
        or [BAY_TONS],
        "pa_batteries": batteries if hg.TURRET_WEAPONS["particle accelerator"][0] <= tl else [0],
        "pa_turrets_each": each,
        "tl": [tl],
    }


def random_genome(rng: random.Random, scenario: Scenario, tl: int, tugs: bool = False) -> Genome:
    """A genome of values drawn from ``gene_ranges`` (not yet fitted: the hardpoints and the hull are ``fitted``'s)."""
    ranges = gene_ranges(scenario, tl, tugs)
    return Genome(**{name: rng.choice(values) for name, values in ranges.items()})  # type: ignore[arg-type]


def _plain(genome: Genome) -> Genome:
    """The genome in one form for one ship: a kind of battery there is none of has one turret each (the genes
    left over say nothing of the ship)."""
    return replace(
        genome,
        laser_turrets_each=genome.laser_turrets_each if genome.laser_batteries else 1,
        sand_turrets_each=genome.sand_turrets_each if genome.sand_batteries else 1,
        missile_turrets_each=genome.missile_turrets_each if genome.missile_batteries else 1,
        energy_turrets_each=genome.energy_turrets_each if genome.energy_batteries else 1,
        energy_gun=genome.energy_gun if genome.energy_batteries else ENERGY_GUNS[0],
        bay_weapon=genome.bay_weapon if genome.bays else next(iter(BAY_WEAPONS)),
        bay_tons=genome.bay_tons if genome.bays else BAY_TONS,
        missile_bay_tons=genome.missile_bay_tons if genome.missile_bays else BAY_TONS,
        pulse_lasers=genome.pulse_lasers if genome.laser_batteries else 0,
        pa_turrets_each=genome.pa_turrets_each if genome.pa_batteries else 1,
    )


def fitted(genome: Genome, scenario: Scenario, tugs: bool = False) -> tuple[Genome, list[str]]:
    """The genome a designer would build under the scenario (``tugs``: a fleet can buy tugs for its drop tanks), and
    the repairs made, in words. Refused when none fits."""
    said: list[str] = []
    tanks = carries_tanks(scenario, tugs)
    g = _within_tl(genome, scenario, tanks, said)
    g = _within_hardpoints(g, said)
    return _plain(_within_hull(g, scenario, tanks, said)), said
