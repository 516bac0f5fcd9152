"""Blocking sand in `combat shot`, for beams and for salvos (MCS 5.1): "Sand ... reduces the damage of laser and
detonation-laser attacks". A hit the sand stops outright is its own outcome, with its exact chance."""

from __future__ import annotations

import json
from fractions import Fraction

from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app

CORVETTE = ROOT / "fixtures" / "mcs" / "zhodani-patrol-corvette.usd"
KUVASZ = ROOT / "examples" / "kuvasz.usd"
runner = CliRunner()


def exact(chances: dict) -> dict:
    """A JSON distribution's exact fractions (each chance is {"exact", "p"})."""
    return {key: chance["exact"] for key, chance in chances.items()}


def _shot(*args: str) -> dict:
    """The odds as JSON; the exit 1 when a sheet read has an error finding (the Hollyfields' own MCS001), else 0."""
    result = runner.invoke(app, ["combat", "shot", *args, "--format", "json"])
    document = json.loads(result.stdout)
    assert result.exit_code == int(any(d["severity"] == "error" for d in document["diagnostics"])), result.output
    return document


def test_blocking_sand_that_stops_a_laser_hit_is_an_outcome():
    """The corvette's Laser Battery (+2) 14:10 at Medium on the Kuvasz: 4 skill + 5 FC + 2 ROF + 4 size = 15 on
    3d6, a hit 206/216. Made by 4 or more (3d6 <= 11, 135 ways) the bonus is +2, by 2-3 (12, 13: 46 ways) +1, by
    0-1 (14, 15: 25 ways) +0. The Kuvasz's sand (armour 12) fires on every 2d6 (its crew's 12 by default) and
    stops a DV below 12: DV 10 and 11, (25 + 46)/206 = 71/206 of the hits. Before, this shot raised ValueError."""
    odds = _shot(str(CORVETTE), str(KUVASZ), "-b", "Laser Battery", "-r", "m", "--sand", "blocking")
    assert odds["p_hit"]["exact"] == "103/108"
    assert exact(odds["damage_bonus"]) == {"0": "25/206", "1": "23/103", "2": "135/206"}
    assert exact(odds["surface_severity"]) == {"blocked by sand": "1"}  # no bonus: DV 10 is always stopped
    assert odds["surface_severity_with_bonus"]["blocked by sand"]["exact"] == "71/206"
    assert sum(Fraction(v) for v in exact(odds["surface_severity_with_bonus"]).values()) == 1
    assert not any(key.endswith("blocked by sand") for key in odds["surface_effects"])  # a stopped hit has none


def test_without_sand_the_same_shot_is_never_blocked():
    odds = _shot(str(CORVETTE), str(KUVASZ), "-b", "Laser Battery", "-r", "m")
    assert "blocked by sand" not in odds["surface_severity_with_bonus"]


def _weak_salvo_and_trained_target(tmp_path):
    """An attacker of the Kuvasz's sheet with bays of (+1)16:9 (DV 9 + 1 = 10); a target Kuvasz with a trained crew
    (Skill+Attribute 9), its sand of armour 12."""
    attacker, target = tmp_path / "weak.usd", tmp_path / "trained.usd"
    attacker.write_text(KUVASZ.read_text().replace("(+2)16:10", "(+1)16:9"))
    target.write_text(
        KUVASZ.read_text().replace(
            "Fire Control: +4 (all batteries)",
            "Fire Control: +4 (all batteries)\nTrained Crew: Skill: 2 Skill+Attribute: 9",
        )
    )
    return attacker, target


def test_blocking_sand_stops_a_salvo_on_a_made_task(tmp_path):
    """The salvo strikes (no point defence named) at DV 10, below the sand's armour 12: the sand stops it when the
    operator makes 2d6 <= 9, 30 of 36 ways: blocked 5/6; the rest strike at DV 10 against toughness 9."""
    attacker, target = _weak_salvo_and_trained_target(tmp_path)
    odds = _shot(str(attacker), str(target), "-b", "Missile Bays", "-r", "vs", "--sand", "blocking")
    assert odds["p_strike"]["exact"] == "1"
    assert (
        odds["surface_severity"]["blocked by sand"]["exact"]
        == "5/6"
        == odds["interior_severity"]["blocked by sand"]["exact"]
    )
    assert sum(Fraction(v) for k, v in exact(odds["surface_severity"]).items() if k != "blocked by sand") == Fraction(
        1, 6
    )


def test_a_salvo_without_sand_is_never_blocked(tmp_path):
    attacker, target = _weak_salvo_and_trained_target(tmp_path)
    odds = _shot(str(attacker), str(target), "-b", "Missile Bays", "-r", "vs")
    assert "blocked by sand" not in odds["surface_severity"]
    assert [a for a in odds["assumptions"] if not a.startswith("no point defence counted")] == []


def test_a_swarm_shot_takes_the_swarm_rules_bonus():
    """MCS Optional 5.5: "For each point the to-hit roll is made by, multiple targets are hit ... Once all ships in
    the squadron have been hit, for each two extra points the to-hit roll was made by, increase the damage to all
    ships by one point." The corvette's laser at the Kuvasz at Medium needs 15 on 3d6; at a squadron of 3 the
    third ship is hit when made by 3, so the bonus is (made - 3) // 2: made by 0-4 (3d6 of 11-15: 98 of the 206
    hits) +0, by 5-6 (10, 9: 52) +1, by 7-8 (8, 7: 36) +2, by 9-10 (6, 5: 16) +3, by 11-12 (4, 3: 4) +4. Without
    --swarm the ordinary bonus (made by // 2, at most ROF +2) holds: 25/206, 23/103, 135/206."""
    swarm = _shot(str(CORVETTE), str(KUVASZ), "-b", "Laser Battery", "-r", "m", "--swarm", "3")
    assert {k: v["exact"] for k, v in swarm["damage_bonus"].items()} == {
        "0": "49/103",
        "1": "26/103",
        "2": "18/103",
        "3": "8/103",
        "4": "2/103",
    }
    plain = _shot(str(CORVETTE), str(KUVASZ), "-b", "Laser Battery", "-r", "m")
    assert exact(plain["damage_bonus"]) == {"0": "25/206", "1": "23/103", "2": "135/206"}


def test_expected_effects_list_only_the_facilities_the_target_has():
    """MCS 5.3: "All hits on non-existent facilities ... are treated as 'No Effect'". An MCS sheet has no line for
    drop tanks or launch ports; its notes name them. The Kuvasz ("Docking ring for 20-ton gig": grappled craft)
    may lose drop-tank fuel or its gig, but has no launch port ("missiles that can be launched" is no hangar);
    the Midu ("2x50 ton cutters in minimal hangers") has launch ports and no drop tanks."""
    midu = ROOT / "examples" / "midu-agashaan.usd"
    at_kuvasz = _shot(str(CORVETTE), str(KUVASZ), "-b", "Laser Battery", "-r", "s")["surface_effects"]
    at_midu = _shot(str(CORVETTE), str(midu), "-b", "Laser Battery", "-r", "s")["surface_effects"]
    assert any(k.startswith("drop tanks") for k in at_kuvasz) and not any(
        k.startswith("launch port") for k in at_kuvasz
    )
    assert any(k.startswith("launch port") for k in at_midu) and not any(k.startswith("drop tanks") for k in at_midu)


def test_the_engine_finds_no_effect_where_the_odds_do():
    from shipyard.systems.mcs.combat.build import combat_ship
    from shipyard.systems.mcs.combat.dice import ScriptedDice
    from shipyard.systems.mcs.combat.options import Options
    from shipyard.systems.mcs.combat.resolve import Context, surface_effect
    from shipyard.systems.mcs.parse import parse_usd

    (sheet, *_), _ = parse_usd((ROOT / "examples" / "midu-agashaan.usd").read_text(), "midu.usd")
    midu = combat_ship(sheet)
    ctx = Context(dice=ScriptedDice([]), options=Options().readings(), narrate=True)
    surface_effect(ctx, midu, "drop tanks", "heavy")
    assert ctx.log == ["  -> no effect: the sheet of Midu Agashaan names no drop tanks or grappled craft"]
    assert midu.notes == []
