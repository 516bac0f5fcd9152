"""MCS play by the seed's own words: a drive damaged to 0 is still a drive, and a salvo keeps the strength it
was launched with (MCS sections 4.0 and 4.5, and the combat example)."""

from __future__ import annotations

from fractions import Fraction

from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.mcs.combat.build import combat_ship
from shipyard.systems.mcs.combat.resolve import facility_missing
from shipyard.systems.mcs.combat.shot import interior_locations
from shipyard.systems.mcs.parse import parse_usd

runner = CliRunner()
#: The MCS draft's combat example, replayed.
EXAMPLE = ROOT / "examples" / "coronation-hollyfields.toml"


def _ship(name: str):
    path = ROOT / "fixtures" / "mcs" / f"{name}.usd"
    (ship, *_), _ = parse_usd(path.read_text(), path.name)
    return combat_ship(ship)


def test_a_drive_damaged_to_0_is_still_a_drive():
    """MCS 4.5: "All hits on non-existent facilities (weapon on unarmed ships) are re-rolled." The Kuvasz
    (Maneuver 3, Jump 2) with both drives damaged to 0 still has them: a hit on either is not re-rolled (it is
    wasted), so the chance of a maneuver or jump drive location stays what it was."""
    kuvasz = _ship("kuvasz")
    before = interior_locations(kuvasz)
    kuvasz.maneuver, kuvasz.jump = Fraction(0), 0
    assert not facility_missing(kuvasz, "maneuver drive") and not facility_missing(kuvasz, "jump drive")
    assert interior_locations(kuvasz) == before


def test_a_ship_built_without_a_jump_drive_has_none():
    """The Drachen Jaeger (Jump 0) has no jump drive: a hit on it is re-rolled."""
    fighter = _ship("drachen-jaeger")
    assert facility_missing(fighter, "jump drive") and "jump drive" not in interior_locations(fighter)


def test_a_salvo_keeps_the_strength_it_was_launched_with():
    """The combat example, turn 2: "The five +4 missile salvos launched last turn then attack." One of the
    Hollyfields' missile batteries had its salvo rating reduced by 3 (to +1) in turn 1, after its salvo left at
    +4; the salvo strikes at +4 (point defence 3 + 4 + 5 - 6 - 4 = 2), as in combat battle, where a salvo keeps
    its launch strength."""
    result = runner.invoke(app, ["combat", "resolve", str(EXAMPLE), "--format", "json"])
    text = result.stdout
    assert "salvo rating reduced by 3 to +1" in text
    assert "- 1 salvo = 5 on 1d6" not in text
    assert "- 4 salvo = 2 on 1d6" in text  # every point defence roll at the five salvos, the reduced one's too


#: A Kuvasz salvo striking the Midu in the narration of tests/data/kuvasz-midu-vs.toml.
STRIKE = "Kuvasz, Missile Bays #1 salvo (+2) strikes Midu Agashaan (quick rule): DV 10 + 2 = 12\n"


def _narrated(engagement, seed: int) -> str:
    """One narrated battle of ``engagement`` (whose sheets are the shipped examples: ``--allow-outside``)."""
    result = runner.invoke(
        app, ["combat", "battle", str(engagement), "--runs", "1", "--seed", str(seed), "--allow-outside"]
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_blocking_sand_meets_salvos_in_battle(tmp_path):
    """MCS 5.1: sand "reduces the damage of laser and detonation-laser attacks". The Kuvasz's salvos strike the
    Midu at DV 10 + 2 = 12 (quick rule); the Midu's doctrine blocks with sand (armour 12), so its sandcaster fires
    at the salvo: "DV 12 -> 9" on a made task. With its doctrine's sand "none", it never fires."""
    engagement = ROOT / "tests" / "data" / "kuvasz-midu-vs.toml"
    text = _narrated(engagement, 2)
    strikes = text.split(STRIKE)
    assert len(strikes) > 1 and strikes[1].startswith("  Midu Agashaan, Sandcaster battery #1 fires: ")
    unsanded = tmp_path / "no-sand.toml"
    unsanded.write_text(
        engagement.read_text()
        .replace('point_defence = "none"', 'point_defence = "none", sand = "none"')
        .replace("../../", f"{ROOT}/")
    )
    after = _narrated(unsanded, 2).split(STRIKE)
    assert len(after) > 1 and not any(part.startswith("  Midu Agashaan, Sandcaster") for part in after[1:])


def test_power_plant_damage_reduces_maneuver_by_default():
    """MCS 4.5: "Generally, each point of power plant damage reduces maneuver by one or disables one weapon battery
    per two points." The Kuvasz (Maneuver 3, Power 3 + 2: 5 in combat) with a point of power lost has 2 G by the
    default reading; with ``power_loss = "batteries"`` its 3 G stay and one point disables nothing."""
    kuvasz = _ship("kuvasz")
    kuvasz.power = 4
    assert (kuvasz.power_damage(), kuvasz.current_maneuver(), kuvasz.unpowered()) == (1, 2, set())
    kuvasz.power_loss = "batteries"
    assert (kuvasz.current_maneuver(), kuvasz.unpowered()) == (3, set())


def test_two_points_of_power_damage_disable_a_weapon_battery():
    """The same Kuvasz down 2 points, by ``power_loss = "batteries"``: one weapon battery is disabled, the last of
    the sheet's order (its second missile bay); its maneuver stays 3."""
    kuvasz = _ship("kuvasz")
    kuvasz.power, kuvasz.power_loss = 3, "batteries"
    bays = kuvasz.group("Missile Bays")
    assert kuvasz.unpowered() == {id(bays.batteries[1])} and kuvasz.current_maneuver() == 3


def test_the_replay_names_the_reading_where_the_power_plant_is_hit():
    """The combat example's "the power plant (reducing output by 1 point)" on the Hollyfields, with the default
    reading said."""
    result = runner.invoke(app, ["combat", "resolve", str(EXAMPLE)])
    assert "power plant: power -1 (each point lost reduces maneuver by one)" in result.stdout


def test_a_disabled_battery_does_not_fire():
    """The Midu Agashaan (Power 10) down to 0 by ``power_loss = "batteries"``: 10 points disable 5 weapon batteries,
    the last in the sheet's order: its four Missile Barbettes and the Spinal PAW. The PAW is refused as a destroyed
    battery is (CannotFire, the reason said), and a volley of it scores nothing without a roll; the Laser Battery
    line still fires."""
    import pytest

    from shipyard.systems.mcs.combat import tables as t
    from shipyard.systems.mcs.combat.dice import ScriptedDice
    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.resolve import CannotFire, Context, Firing, fire_beam, fire_volley

    midu, target = _ship("midu-agashaan"), _ship("kuvasz")
    midu.power, midu.power_loss = 0, "batteries"
    paw, lasers = midu.group("Spinal PAW"), midu.group("Laser Battery")
    assert len(midu.unpowered()) == 5 and id(paw.batteries[0]) in midu.unpowered()
    ctx = Context(dice=ScriptedDice([]), options=Options().readings())
    with pytest.raises(CannotFire, match=r"Spinal PAW 1 is disabled by power plant damage \(10 point\(s\)"):
        fire_beam(Firing(ctx, midu, paw, target, t.RANGE_BANDS["s"], Fraction(0)), paw.batteries[0])
    assert fire_volley(Firing(ctx, midu, paw, target, t.RANGE_BANDS["s"], Fraction(0)), paw.batteries) == 0
    assert not {id(b) for b in lasers.batteries} & midu.unpowered()


def test_a_magazine_hit_takes_a_share_of_the_ships_whole_load():
    """MCS 4.5: "Missile Magazine: Light Damage: 10% of full missile load destroyed Heavy Damage: 25% of full
    missile load destroyed". The Coronation's 5 launchers of 4 salvos hold 20: a light hit destroys 10% of them,
    2 salvos, one from each of the first two launchers (the fullest, the first on a tie), not a salvo of every
    launcher (5, which is 25%). ``magazine_loss = "launcher"`` takes the other reading: a salvo from each."""
    from shipyard.systems.mcs.combat.dice import ScriptedDice
    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.resolve import Context, apply_changes, interior_effect

    for options, left in ((Options(), [3, 3, 4, 4, 4]), (Options(magazine_loss="launcher"), [3, 3, 3, 3, 3])):
        coronation = _ship("coronation")
        ctx = Context(dice=ScriptedDice([]), options=options.readings())
        interior_effect(ctx, coronation, "magazine", "light", "laser")
        apply_changes(ctx)
        assert [b.salvos for b in coronation.group("Missile Batteries").batteries] == left, options


def test_a_hit_of_no_effect_may_roll_its_location_for_the_weak_spot():
    """With ``location_on_no_effect`` a surface hit whose severity is no effect still rolls its location (MCS 5.3's
    procedure rolls location for every hit; its "Weak Point" at 18 lowers the armour for the interior hit), and
    the exact odds count it: the corvette's laser at the Kuvasz at Long (DV 8 against toughness 9) gains weak-spot
    interior hits it has none of by default."""
    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.shot import shot_odds

    corvette, kuvasz = _ship("zhodani-patrol-corvette"), _ship("kuvasz")
    group = corvette.group("Laser Battery")
    plain = shot_odds(corvette, group, kuvasz, "l", Fraction(0), Options())
    rolled = shot_odds(corvette, group, kuvasz, "l", Fraction(0), Options(location_on_no_effect=True))
    assert plain.surface_severity == rolled.surface_severity
    assert rolled.penetration != plain.penetration
