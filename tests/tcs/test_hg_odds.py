"""The exact odds of one battery's fire (High Guard 1980 combat, TCS 1982 overlays): the reference's worked
examples to the fraction (its §7, the published Eurisko and Cisor sheets where it uses them), every reading of its
§6 both ways, and shots worked by hand with the arithmetic in each docstring. P(2D >= n): 35/36 for 3, 33/36 for
4, 30/36 for 5, 26/36 for 6, 21/36 for 7, 15/36 for 8, 10/36 for 9, 6/36 for 10, 3/36 for 11, 1/36 for 12."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

import pytest
from hg_helpers import battery, ship

from shipyard.core.pipeline import load_sheet
from shipyard.systems.tcs.combat import tables as t
from shipyard.systems.tcs.combat.fire import CannotFire, TableRolls, attack, interior_dm, penetration_rolls, to_hit_roll
from shipyard.systems.tcs.combat.odds import ShotOdds, success, table_distribution
from shipyard.systems.tcs.combat.readings import Readings, with_readings
from shipyard.systems.tcs.combat.ship import combatant

COPIES = "fixtures/highguard/copies/tcs1981"
PLAIN = Readings()
TCS82 = replace(PLAIN, rerolls=True)


def published(name: str):
    (found,) = load_sheet(f"{COPIES}/{name}.txt").ships
    made = combatant(found)
    assert made is not None
    return made


@pytest.fixture(scope="module")
def eurisko():
    return published("eurisko")


def test_the_published_eurisko_as_combat_reads_it(eurisko):
    """BA-K952563-J41100-34003-0 with its battery lines (reference §7's figures): size K, configuration 9,
    Model/6, agility 1 (the sheet's Agility=1.), armour J, sandcaster 4, meson screen 1, damper 1; one laser
    battery (3), one energy (4), V = 29 missile batteries (3), all bearing."""
    e = eurisko
    assert (e.size, e.configuration, e.computer, e.fib, e.agility, e.armour) == (19, 9, 6, False, 1, 18)
    assert (e.sand.factor, e.sand.bearing, e.meson_screen, e.damper, e.repulsor) == (4, 1, 1, 1, None)
    assert [(b.weapon, b.factor, b.count, b.bearing, b.spinal) for b in e.batteries] == [
        ("laser", 3, 1, 1, False),
        ("energy", 4, 1, 1, False),
        ("missile", 3, 29, 29, False),
    ]
    assert e.tons == 11100
    assert e.missiles == "nuclear"  # the sheet does not say: the reading missiles names it


def test_missile_battery_against_the_eurisko(eurisko):
    """Reference §7.1, all [PL=RB]. Factor-3 nuclear missile, Model/6, long range, one sandcaster battery assigned.
    To hit: 5 (§3.1), DMs 0 computer, -1 agility, 0 size, 0 range: 2D >= 6, 26/36 = 13/18. Damper 1: 10 + 1 - 3 =
    8, 15/36 = 5/12. Sandcaster 4: 5 + 4 - 3 = 6, 13/18. Through: 845/3888. Surface and radiation at +18: totals
    20-30, 20 and 21 (naturals 2, 3) Weapon-1: 3/36 each. Automatic criticals: 3 - 19 - 9 < 0: none."""
    firer = ship(computer=6, batteries=[battery("missile", 3)])
    odds = ShotOdds(attack(firer, firer.batteries[0], eurisko, "long", {"sand": 1}))
    assert (odds.attack.to_hit.number, odds.attack.to_hit.dm, odds.p_to_hit) == (5, -1, F(13, 18))
    assert [(r.label, r.number) for r in odds.attack.penetration] == [("nuclear damper 1", 8), ("sandcaster 4", 6)]
    assert odds.p_penetration == [F(5, 12), F(13, 18)]
    assert odds.p_through == F(845, 3888)
    for rolls, found in odds.damage:
        assert (rolls.dm, found) == (18, {"Weapon-1": F(1, 12), t.NO_EFFECT: F(11, 12)})
    assert [rolls.table for rolls, _ in odds.damage] == ["surface", "radiation"]
    assert odds.attack.criticals == 0 and odds.attack.sets == 1
    assert odds.p_through * odds.damage[0][1]["Weapon-1"] == F(845, 46656)


DESTROYER = {"size": 11, "computer": 4, "agility": 3, "sand": 5, "armour": 4}


@pytest.mark.parametrize(
    "chosen, p_hit, p_pen",
    [
        ([], F(5, 12), F(13, 18)),  # 65/216
        (["laser_range_dm=short", "beam_sand_base=8"], F(5, 18), F(5, 12)),  # all RB: 25/216
        (["laser_range_dm=short"], F(5, 18), F(13, 18)),  # 65/324
        (["beam_sand_base=8"], F(5, 12), F(5, 12)),  # 25/144
    ],
)
def test_beam_laser_against_a_destroyer_both_disputed_cells(chosen, p_hit, p_pen):
    """Reference §7.2. Factor-3 beam laser, Model/6, short, at a 2,000-ton destroyer (size B, Model/4, agility 3,
    sandcaster 5 assigned, armour 4). To hit 7; DMs +2 computer, -3 agility, 0 size: 2D >= 8, 5/12 (RB's laser DM
    at short: 2D >= 9, 5/18). Sandcaster: PL 6 + 5 - 3 = 8 with +2: 2D >= 6, 13/18 (RB's base 8: 10, 2D >= 8, 5/12)."""
    firer = ship(computer=6, batteries=[battery("laser", 3)])
    odds = ShotOdds(attack(firer, firer.batteries[0], ship(**DESTROYER), "short", {"sand": 1}, with_readings(chosen)))
    assert (odds.p_to_hit, odds.p_penetrate, odds.p_through) == (p_hit, p_pen, p_hit * p_pen)


def test_beam_laser_damage_fixes_the_row_13_slip():
    """Reference §7.2 step 4: surface at 4 + 6 = +10, totals 12-22: Maneuver-1 1/36 (12), Fuel-1 11/36 (13, 16,
    19), Weapon-1 23/36 (14, 15, 17, 18, 20, 21), no effect 1/36 (22). PL's list as stored would give no effect
    2/36. Weapon-1 from one attack: 65/216 x 23/36 = 1495/7776; no automatic critical (3 - 11 - 2 < 0)."""
    firer = ship(computer=6, batteries=[battery("laser", 3)])
    odds = ShotOdds(attack(firer, firer.batteries[0], ship(**DESTROYER), "short", {"sand": 1}))
    ((rolls, found),) = odds.damage
    assert rolls.dm == 10
    assert found == {"Maneuver-1": F(1, 36), "Fuel-1": F(11, 36), "Weapon-1": F(23, 36), t.NO_EFFECT: F(1, 36)}
    assert odds.p_through * found["Weapon-1"] == F(1495, 7776) and odds.attack.criticals == 0


def test_cisor_meson_spinal_against_the_eurisko(eurisko):
    """Reference §7.3, all [PL=RB], both published sheets. Meson spinal C, Model/6fib against Model/6: DM 0; -1
    agility; +2 short: 2D >= 4, 11/12 (long 13/18). Screen 1 vs C: 8, 5/12. Configuration 9 vs C: 9, 5/18. Short:
    275/2592; long: 325/3888. C - 8 = 4 sets of radiation and interior at DM 0; no automatic critical (12 - 19)."""
    cisor = published("cisor")
    (spinal,) = [b for b in cisor.batteries if b.spinal]
    assert (spinal.weapon, spinal.letter, cisor.computer, cisor.fib) == ("meson", "C", 6, True)
    short = ShotOdds(attack(cisor, spinal, eurisko, "short"))
    assert (short.p_to_hit, short.p_penetration, short.p_through) == (F(11, 12), [F(5, 12), F(5, 18)], F(275, 2592))
    assert ShotOdds(attack(cisor, spinal, eurisko, "long")).p_through == F(325, 3888)
    assert (short.attack.sets, short.attack.criticals) == (4, 0)
    (radiation, rad), (interior, inside) = short.damage
    assert (radiation.table, radiation.dm, interior.table, interior.dm) == ("radiation", 0, "interior", 0)
    assert inside == {
        "Critical hit": F(6, 36),
        "Fuel tanks shattered": F(4, 36),
        "Computer-2": F(5, 36),
        "Screens-3": F(6, 36),
        "Jump-2": F(5, 36),
        "Power plant-2": F(4, 36),
        "Crew-1": F(3, 36),
        "Computer-1": F(2, 36),
        "Screens-2": F(1, 36),
    }
    assert rad == {
        "Critical hit": F(1, 36),
        "Crew-1": F(12, 36),
        "Computer-4": F(3, 36),
        "Computer-3": F(5, 36),
        "Computer-2": F(11, 36),
        "Weapon-4": F(3, 36),
        "Weapon-3": F(1, 36),
    }
    # at least one fuel tanks shattered in four interior rolls; at least one critical in the eight rolls
    assert 1 - (1 - inside["Fuel tanks shattered"]) ** 4 == F(2465, 6561)
    none = (1 - inside["Critical hit"]) ** 4 * (1 - rad["Critical hit"]) ** 4
    assert 1 - none == F(1238891711, 2176782336)


def test_queller_pa_spinal_q_roll_counts_and_automatic_criticals(eurisko):
    """Reference §7.4. PA spinal Q (24), Model/6, long. Against the Eurisko: number 1, DM -1: certain; 1 + max(0,
    24 - 9 - 18) = 1 pair at +18; criticals 24 - 19 - 9 < 0. Against an unarmoured 1,000-ton ship (size A,
    Model/2, agility 6): DMs +4 -6 -1 = -3, 2D >= 4, 11/12; 1 + 24 - 9 = 16 pairs at DM 0; criticals 24 - 10 =
    14. One surface roll at 0: critical 1/36, interior 9/36, maneuver-2 5/36, fuel-3 6/36, weapon-3 5/36,
    maneuver-1 5/36, fuel-2 3/36, weapon-2 2/36."""
    queller = ship(computer=6, batteries=[battery("particle_accelerator", "Q")])
    gun = queller.batteries[0]
    big = ShotOdds(attack(queller, gun, eurisko, "long"))
    assert (big.p_through, big.attack.sets, big.attack.criticals, big.damage[0][0].dm) == (1, 1, 0, 18)
    assert big.damage[0][1]["Weapon-1"] == F(1, 12) and big.attack.penetration == []
    small = ShotOdds(attack(queller, gun, ship(size=10, computer=2, agility=6), "long"))
    assert (small.p_to_hit, small.attack.sets, small.attack.criticals) == (F(11, 12), 16, 14)
    assert small.damage[0][1] == {
        "Critical hit": F(1, 36),
        "Interior explosion": F(9, 36),
        "Maneuver-2": F(5, 36),
        "Fuel-3": F(6, 36),
        "Weapon-3": F(5, 36),
        "Maneuver-1": F(5, 36),
        "Fuel-2": F(3, 36),
        "Weapon-2": F(2, 36),
    }


def test_natural_12_reroll_on_an_impossible_shot():
    """Reference §7.5; TCS82: "any natural 12 rolled on any To Hit or Penetration table may be rerolled, adding
    6 to the subsequent roll (plus any other applicable modifiers)". Factor-1 missile (6), Model/2, at a fighter
    (size 0 -2, agility 6 -6, Model/5 -3): -11. Plain: 2D >= 17, 0. Re-rolled: 1/36 x P(2D + 6 - 11 >= 6) = 1/36
    x 3/36 = 1/432."""
    firer = ship(computer=2, batteries=[battery("missile", 1)])
    fighter = ship(size=0, agility=6, computer=5)
    assert ShotOdds(attack(firer, firer.batteries[0], fighter, "long")).p_to_hit == 0
    assert ShotOdds(attack(firer, firer.batteries[0], fighter, "long", readings=TCS82)).p_to_hit == F(1, 432)


def test_natural_12_cumulative_or_flat():
    """TCS82: "This may also repeated if subsequent 12's are rolled". 2D - 3 against 20 (meson bay 1 vs screen 9
    at DM -3): cumulative, a 12 then a 12 then 2D + 12 - 3 >= 20, 2D >= 11: 1/36 x 1/36 x 3/36 = 1/15552. Flat
    (+6 each time): 2D + 6 - 3 >= 20 needs 17: never, however many 12s: 0."""
    assert success(20, -3, "cumulative") == F(1, 15552)
    assert success(20, -3, "flat") == 0
    assert success(16, 0, "flat") == success(16, 0, "cumulative") == F(1, 216)  # §7.6: one re-roll suffices


def test_natural_2_reroll_on_the_surface_table():
    """TCS82: "Any natural 2 rolled on the surface explosion or radiation damage tables may, at the option of the
    attacker, be rerolled on the same table, reducing the armor modification for this roll by 6." Armour 18, DM
    +18: a natural 3 gives 21, Weapon-1 (2/36); a natural 2 (20, Weapon-1, no critical) is re-rolled at +12, where
    3, 5, 6, 8, 9 give Weapon-1 (20/36) and a 2 (14, Weapon-1) is re-rolled at +6, where 8, 9, 11, 12 give
    Weapon-1 (12/36) and a 2 (Weapon-3 at 8) at +0 gives no Weapon-1. P = 2/36 + 1/36 (20/36 + 1/36 x 12/36) =
    277/3888. Never re-rolled: 3/36."""
    rolls = TableRolls("surface", 18, 0)  # a nuclear missile's surface roll at armour 18
    assert table_distribution(rolls, TCS82)["Weapon-1"] == F(277, 3888)
    assert table_distribution(rolls, with_readings(["natural_2=never"], TCS82))["Weapon-1"] == F(1, 12)
    assert table_distribution(rolls, PLAIN)["Weapon-1"] == F(1, 12)


def test_one_cell_checks():
    """Reference §7.6, each default and option."""
    nine = ship(computer=0, batteries=[battery("missile", 9)])
    sand_one = ship(computer=3, sand=1)  # DM -3 on penetration by the computers
    (roll,) = penetration_rolls(nine, nine.batteries[0], sand_one, {"sand": 1}, PLAIN)[0]
    assert (roll.number, roll.dm, success(roll.number, roll.dm)) == (0, -3, F(35, 36))
    (rb,) = penetration_rolls(nine, nine.batteries[0], sand_one, {"sand": 1}, with_readings(["zero_floor=negative"]))[0]
    assert (rb.number, success(rb.number, rb.dm)) == (-3, 1)
    (auto,) = penetration_rolls(
        nine, nine.batteries[0], sand_one, {"sand": 1}, with_readings(["zero_floor=automatic"])
    )[0]
    assert auto.automatic

    def meson(f, configuration, chosen=(), **target):
        gun = battery("meson", f)
        rolls, _ = penetration_rolls(
            ship(), gun, ship(configuration=configuration, **target), {}, with_readings(list(chosen))
        )
        return rolls[-1].number

    screen = penetration_rolls(ship(), battery("meson", 9), ship(meson_screen=9), {}, PLAIN)[0][0]
    assert screen.number == 16 and success(16, 0) == 0 and success(16, 0, "cumulative") == F(1, 216)
    assert meson("T", 8) == 0
    assert (meson("J", 6), meson("J", 6, ["meson_cfg6_spinals=pl"])) == (3, 2)  # at DM -2: 5/6 and 11/12
    assert (success(3, -2), success(2, -2)) == (F(5, 6), F(11, 12))
    assert (meson(7, 2), meson(7, 2, ["meson_cfg2_bays=rb"])) == (9, 8)  # 5/18 and 5/12
    assert (meson(9, 6), meson(9, 6, ["meson_cfg6_bays=rb"])) == (6, 5)  # 13/18 and 5/6
    size_l = ship(size=20)  # 20,000-29,999 tons: the 25,000-ton check
    gun = battery("laser", 3)
    assert dict(to_hit_roll(ship(), gun, size_l, "short").dms)["target size"] == 1
    assert "target size" not in dict(to_hit_roll(ship(), gun, size_l, "short", with_readings(["size_dm=pl"])).dms)


def test_meson_spinals_below_zero_by_rb():
    """Reference §6 row 13: meson spinal T against a close structure (4): printed 0, RB's 3 - floor((27 - 9)/3) =
    -3; against a sphere (5): 2 - floor((27 - 8)/3) = -4."""
    negative = with_readings(["zero_floor=negative"])
    for configuration, expected in ((4, -3), (5, -4)):
        rolls, _ = penetration_rolls(ship(), battery("meson", "T"), ship(configuration=configuration), {}, negative)
        assert rolls[-1].number == expected
        rolls, _ = penetration_rolls(ship(), battery("meson", "T"), ship(configuration=configuration), {}, PLAIN)
        assert rolls[-1].number == 0


def test_missile_survey_of_tml99a():
    """TML99a's four figures (a 400-ton Type T, Model/3, missile 3, laser 4, against the Gnat: Model/1, agility
    0, size 0, sandcaster 3, one battery assigned) reproduce only without the computer DM on penetration.
    Missiles long: to hit 5, DMs +2 -2 = 0: 30/36; sand 5 + 3 - 3 = 5: 30/36: 25/36 (69%). Short: 26/36 x 30/36
    = 65/108 (60%). Lasers short: 6, DM 0: 26/36; sand 6 + 3 - 4 = 5: 30/36: 65/108 (60%); long -1: 21/36 x
    30/36 = 35/72 (49%). With the DM (the default) the sand roll is 2D + 2 >= 5: 35/36."""
    no_dm = with_readings(["computer_dm_on_penetration=no"])
    type_t = ship(computer=3, batteries=[battery("missile", 3), battery("laser", 4)])
    gnat = ship(size=0, computer=1, sand=3)
    missile, laser = type_t.batteries

    def through(gun, band, readings=no_dm):
        return ShotOdds(attack(type_t, gun, gnat, band, {"sand": 1}, readings)).p_through

    assert (through(missile, "long"), through(missile, "short")) == (F(25, 36), F(65, 108))
    assert (through(laser, "short"), through(laser, "long")) == (F(65, 108), F(35, 72))
    assert through(missile, "long", PLAIN) == F(30, 36) * F(35, 36)


def test_computer_dm_firer_only():
    """Reference §6 row 16: "firer_only" reads the firer's model alone: Model/6 at Model/4 is +6, not +2."""
    gun = battery("laser", 3)
    firer, target = ship(computer=6), ship(computer=4)
    assert dict(to_hit_roll(firer, gun, target, "short").dms)["relative computer"] == 2
    chosen = with_readings(["computer_dm=firer_only"])
    assert dict(to_hit_roll(firer, gun, target, "short", chosen).dms)["relative computer"] == 6


def test_energy_plus_two_either_way():
    """Reference §6 row 14. Default: an energy weapon (4) against sandcaster 4 needs 6 + 4 - 4 = 6 with +2. The
    other reading: no +2 there, and a missile (3) against an energy-weapon point defence (4), 5 + 4 - 3 = 6, gets
    +2 instead."""
    fusion = battery("energy", 4)
    sanded = ship(sand=4)
    (roll,), _ = penetration_rolls(ship(), fusion, sanded, {"sand": 1}, PLAIN)
    assert (roll.number, roll.dm) == (6, 2)
    other = with_readings(["energy_plus2=missile_vs_energy_defence"])
    (roll,), _ = penetration_rolls(ship(), fusion, sanded, {"sand": 1}, other)
    assert (roll.number, roll.dm) == (6, 0)
    defended = ship(batteries=[battery("energy", 4)])
    (roll,), _ = penetration_rolls(ship(), battery("missile", 3), defended, {"beam": 1}, other)
    assert (roll.number, roll.dm) == (6, 2)
    (roll,), _ = penetration_rolls(ship(), battery("missile", 3), defended, {"beam": 1}, PLAIN)
    assert roll.dm == 0


def test_high_explosive_missiles_pass_the_damper():
    """Reference §4.3, §5.1: dampers act on nuclear missiles only; an HE missile rolls the surface table alone at
    armour + 6; a nuclear one surface and radiation at armour."""
    damped = ship(damper=2, armour=3)
    nuclear = ship(batteries=[battery("missile", 5)])
    he = ship(batteries=[battery("missile", 5)], missiles="he")
    hit = attack(nuclear, nuclear.batteries[0], damped, "long")
    assert [r.number for r in hit.penetration] == [10 + 2 - 5]
    assert [(r.table, r.dm) for r in hit.tables] == [("surface", 3), ("radiation", 3)]
    hit = attack(he, he.batteries[0], damped, "long")
    assert hit.penetration == [] and [(r.table, r.dm) for r in hit.tables] == [("surface", 9)]


def test_interior_explosion_dm_and_below_two():
    """Reference §5.1 and §5.8. A particle accelerator bay (6) at an unarmoured ship rolls surface at +6; its
    interior explosion rolls at 0 (RB), or at the surface roll's +6 by interior_from_surface_dm = carry. Under
    concentrated fire (-1) a meson spinal's radiation roll at -1 reads a natural 2 as 1: row 2 (a critical) by
    default, no effect by below_two = none."""
    pa = ship(batteries=[battery("particle_accelerator", 6)])
    bare = ship()
    rolls = attack(pa, pa.batteries[0], bare, "short").tables[0]
    assert (
        rolls.dm,
        interior_dm(rolls, PLAIN),
        interior_dm(rolls, with_readings(["interior_from_surface_dm=carry"])),
    ) == (6, 0, 6)
    meson = ship(batteries=[battery("meson", "A")])
    radiation = attack(meson, meson.batteries[0], bare, "short", concentrated=True).tables[0]
    assert radiation.dm == -1
    assert table_distribution(radiation, PLAIN)["Critical hit"] == F(3, 36)  # naturals 2 (row 1 read as 2) and 3
    assert table_distribution(radiation, with_readings(["below_two=none"]))["Critical hit"] == F(2, 36)


def test_concentrated_fire():
    """TCS82, Strafing: "An automatic +1 DM to hit due to virtual target size increase; short range is always in
    effect, and to hit modifiers are all increased by 1 according to their sign (i.e. a -1 range DM becomes a -2,
    a +2 range modifier becomes a +3, zero remains a zero); and all damage rolls are made with a -1 modifier." A
    missile at long range is fired at short: range -1 becomes -2; computer +2 becomes +3, agility -1 becomes -2,
    size -1 becomes -2 ("all"), or only the range ("range")."""
    firer = ship(computer=2, batteries=[battery("missile", 3)])
    target = ship(size=5, agility=1)
    roll = to_hit_roll(firer, firer.batteries[0], target, "long", concentrated=True)
    assert dict(roll.dms) == {
        "relative computer": 3,
        "target agility": -2,
        "target size": -2,
        "short range": -2,
        "concentrated fire": 1,
    }
    only = to_hit_roll(firer, firer.batteries[0], target, "long", with_readings(["concentrated_dms=range"]), True)
    assert dict(only.dms) == {
        "relative computer": 2,
        "target agility": -1,
        "target size": -1,
        "short range": -2,
        "concentrated fire": 1,
    }
    hit = attack(firer, firer.batteries[0], ship(armour=2), "long", concentrated=True)
    assert [r.dm for r in hit.tables] == [2 - 1, 2 - 1]


def test_emergency_agility_only_on_missiles():
    """TCS82, Rules modifications 10: "Ships using emergency agility suffer a -2 DM for any offensive fire (by
    missiles)." A laser battery of the same ship fires as before."""
    firer = ship(batteries=[battery("missile", 3), battery("laser", 3)])
    missile, laser = firer.batteries
    assert dict(to_hit_roll(firer, missile, ship(), "long", emergency_agility=True).dms)["emergency agility"] == -2
    assert "emergency agility" not in dict(to_hit_roll(firer, laser, ship(), "long", emergency_agility=True).dms)


def test_energy_weapons_cannot_fire_at_long_range():
    """Reference §3.3: energy weapons cannot fire at long range (RB's intent; its 99 was a bug)."""
    firer = ship(batteries=[battery("energy", 4)])
    with pytest.raises(CannotFire, match="long range"):
        attack(firer, firer.batteries[0], ship(), "long")
    assert attack(firer, firer.batteries[0], ship(), "short").to_hit.number == 6


def test_hand_worked_pa_spinal_k_several_damage_rolls():
    """TML97's PA spinal K (19): at armour 6, 1 + (19 - 9 - 6) = 5 pairs of surface and radiation rolls; at armour
    9, 1 + (19 - 9 - 9) = 2; each at the armour's DM (no +6 for a spinal). Against size H (code 17), armour 6:
    criticals 19 - 17 - 3 = -1, none; against size 5 (500 tons), armour 6: 19 - 5 - 3 = 11 automatic criticals."""
    pa = ship(computer=5, batteries=[battery("particle_accelerator", "K")])
    gun = pa.batteries[0]
    assert attack(pa, gun, ship(size=17, armour=6), "long").sets == 5
    assert attack(pa, gun, ship(size=17, armour=9), "long").sets == 2
    assert attack(pa, gun, ship(size=17, armour=6), "long").criticals == 0
    small = attack(pa, gun, ship(size=5, armour=6), "long")
    assert (small.criticals, [r.dm for r in small.tables]) == (11, [6, 6])


def test_hand_worked_laser_turret_automatic_criticals_on_a_fighter():
    """A factor-6 laser battery at an unarmoured fighter (size 0, Model/1, agility 6), Model/4, short range. To
    hit 5; DMs +3 computer, -6 agility, -2 size, 0 range = -5: 2D >= 10, 6/36 = 1/6. No sand: through 1/6.
    Automatic criticals: 6 - 0 - 0 = 6 (reference §5.2: "a factor-6 laser hit on an unarmoured fighter gives 6").
    Surface at +6: 2-5 (8-11): Weapon-3 1/36, Maneuver-1 2/36, Fuel-2 3/36, Weapon-2 4/36; 6 (12) Maneuver-1 5/36;
    7 (13) Fuel-1 6/36; 8, 9 (14, 15) Weapon-1 9/36; 10 (16) Fuel-1 3/36; 11, 12 (17, 18) Weapon-1 3/36: Maneuver-1
    7/36, Fuel-1 9/36, Weapon-1 12/36."""
    firer = ship(computer=4, batteries=[battery("laser", 6)])
    odds = ShotOdds(attack(firer, firer.batteries[0], ship(size=0, computer=1, agility=6), "short"))
    assert (odds.attack.to_hit.number, odds.attack.to_hit.dm, odds.p_through) == (5, -5, F(1, 6))
    assert odds.attack.criticals == 6
    assert odds.damage[0][1] == {
        "Weapon-3": F(1, 36),
        "Maneuver-1": F(7, 36),
        "Fuel-2": F(3, 36),
        "Weapon-2": F(4, 36),
        "Fuel-1": F(9, 36),
        "Weapon-1": F(12, 36),
    }


def test_defence_assigned_beyond_what_bears_is_capped_and_said():
    """Two sandcaster batteries asked of a ship with one bearing: one roll, and a note says so."""
    firer = ship(batteries=[battery("missile", 3)])
    shot = attack(firer, firer.batteries[0], ship(sand=4), "long", {"sand": 2})
    assert len(shot.penetration) == 1 and any("1 rolled, not 2" in note for note in shot.notes)
    shot = attack(firer, firer.batteries[0], ship(sand=4, defences=2), "long", {"sand": 2})
    assert len(shot.penetration) == 2 and shot.notes == []


def test_agility_laden_or_unladen():
    """Reading agility: "unladen" (the default: TCS82 clarification 7 drops the tanks before battle) is the sheet's
    Agility; "laden" is the spare EP over 1% of the laden tonnage, capped by the laden maneuver rating. A ship of
    agility 3 with 300 EP spare and 20,000 tons laden: 300 / 200 = 1.5, agility 1 laden; its laden maneuver 2 does
    not cap it lower. Without the EP on the sheet: the laden maneuver rating, 2."""
    from decimal import Decimal

    from shipyard.systems.tcs.combat.ship import laden_agility

    assert laden_agility(3, Decimal(300), Decimal(20000), 2) == 1
    assert laden_agility(3, None, Decimal(20000), 2) == 2
    assert laden_agility(1, Decimal(85), Decimal(6000), 2) == 1  # the Vigilant with its drop tanks: 85 / 60
    (vigilant,) = load_sheet("examples/fleet/vigilant-drop-tanks.txt").ships
    assert combatant(vigilant).agility == combatant(vigilant, with_readings(["agility=laden"])).agility == 1


def test_a_component_sheet_without_a_usp_fights():
    """A component sheet with no USP block (High Guard Shipyard 1.x's ketch) fights by the digits the design
    engine recomputes: hull 100 tons (size 1), Model/2, armour 0, no weapons; what it does not give (its
    configuration, its agility) is taken and said. The Vigilant's component sheet read without its USP block fights
    with the same batteries and defences as with it."""
    (ketch,) = load_sheet("fixtures/highguard/copies/hgs-1x-ketch.txt").ships
    made = combatant(ketch)
    assert made is not None and ketch.usp is None
    assert (made.size, made.computer, made.armour, made.batteries, made.configuration) == (1, 2, 0, [], 1)
    assert "no configuration on the sheet: 1 (needle/wedge) against mesons" in made.assumed
    (vigilant,) = load_sheet("examples/fleet/vigilant.txt").ships
    whole, bare = combatant(vigilant), combatant(vigilant.model_copy(update={"usp": None}))

    def fighting(c):
        return (
            c.size,
            c.computer,
            c.armour,
            c.damper,
            c.meson_screen,
            c.sand.factor,
            [(b.weapon, b.factor, b.count, b.bearing) for b in c.batteries],
        )

    assert fighting(whole) == fighting(bare) == (14, 6, 4, 1, 1, 7, [("laser", 6, 6, 6), ("missile", 9, 1, 1)])


def test_an_uncertain_battery_count_is_said_where_combat_uses_it():
    """A battery count read as its eHex letter because the sheet's legend for it was lost (HG013) fights as read,
    and combat says it is uncertain: the laser's 'Y' read as 32 (the form the reader's own test spoils)."""
    from shipyard.systems.highguard.parse import parse_highguard

    forms = Path(__file__).resolve().parents[2] / "fixtures" / "highguard" / "forms"
    text = (forms / "summary-pieces.txt").read_text().replace("Y = 60.", "Y = sixty.")
    (sheet,), _ = parse_highguard(text, "lost.txt")
    made = combatant(sheet)
    (laser,) = [b for b in made.batteries if b.weapon in ("laser", "pulse_laser")]
    assert laser.count == 32
    assert [a for a in made.assumed if "uncertain" in a] == [
        "the laser count is uncertain (HG013: the sheet's legend for it could not be read in full): read as its "
        "eHex value, 32"
    ]
