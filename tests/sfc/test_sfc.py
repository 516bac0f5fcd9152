"""Simple Fleet Combat: the tables against a transcription of the seed, and exact odds worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.sfc import charts as c
from shipyard.systems.sfc.odds import Side, attack, chain, points, survival

# SFC "Combat Factors" ("combat factor (supporting factor)"), "Element Types and Point Values", "Firing"
# (ranges) and "Damage Effects", typed from the seed: key: (points, combat, support, range, kills at).
SEED = {
    "dreadnought": (24, 16, 4, 4, 4),
    "cruiser": (8, 8, 2, 4, 3),
    "carrier": (4, 2, 1, 2, 3),
    "fighter": (2, 2, 1, 2, 2),
    "tender": (3, 2, 1, 2, 2),
    "sdb": (3, 4, 1, 2, 2),
    "escort": (4, 4, 1, 2, 2),
    "assault-transport": (2, 1, 0, 2, 2),
    "transport": (1, 1, 0, 2, 2),
    "rider": (12, 12, 3, 4, 3),
    "deep-meson-gun": (12, 16, 4, 4, 4),
}
NOT_JUMPING = {"sdb", "fighter", "rider", "deep-meson-gun"}
NOT_INITIATING = {"tender", "transport"}
runner = CliRunner()


@pytest.mark.parametrize("key", sorted(SEED))
def test_elements(key):
    e = c.ELEMENTS[key]
    assert (e.points, e.combat, e.support, e.range_inches, e.capacity) == SEED[key]
    assert e.jumps == (key not in NOT_JUMPING) and e.initiates == (key not in NOT_INITIATING)


def test_carriers_and_tl_multipliers():
    assert c.ELEMENTS["carrier"].carries == ("fighter", 3) and c.ELEMENTS["dreadnought"].carries == ("fighter", 1)
    assert c.ELEMENTS["tender"].carries == ("rider", 1)
    assert {9: Fraction(1, 2), 10: 1, 11: Fraction(3, 2), 12: 2} == c.TL_MULTIPLIERS and c.SUGGESTED_POINTS == 100
    assert points("cruiser", 12) == 16 and points("dreadnought", 9) == 12 and points("cruiser", 13) is None


def test_rule_constants():
    assert (c.DAMAGED, c.SUCCESSIVE, c.NEAR_WORLD, c.ASSAULT_ON_WORLD) == (-1, -1, -1, (12, 3))
    assert {"sdb", "fighter"} == c.NEAR_WORLD_TARGETS and c.SUCCESSIVE_REACH_INCHES == 2
    assert [c.faces(n) for n in (0, 1, 2, 3, 5)] == [set(), {6}, {5, 6}, {4, 5, 6}, {4, 5, 6}]
    assert (c.DAMAGES_OVER, c.DESTROYS_OVER, c.DIE) == (1, 5, 6)
    assert (c.COMMAND_DIE, c.HIGHER_TL_BONUS, c.FLAGSHIP_REACH_INCHES, c.COMMAND_COST, c.FAR_OR_LOST_FLAGSHIP) == (
        6,
        (1, 2),
        12,
        1,
        2,
    )
    assert c.CRUISE_INCHES == (1, 3) and c.JUMP_LIMIT_PER_THOUSAND_MILES == 2


def _chances(a):
    return a.no_effect, a.damaged, a.destroyed


def test_plain_attack():
    """Cruiser (8) against cruiser (8): the score difference is the dice difference, -5..5. Higher on 15 of 36
    pairs, 5 or more only on (6, 1): destroyed 1/36, damaged 14/36 = 7/18, no effect 21/36 = 7/12."""
    assert _chances(attack(Side("cruiser"), Side("cruiser"))) == (Fraction(7, 12), Fraction(7, 18), Fraction(1, 36))


def test_a_dreadnought_against_a_cruiser():
    """16 against 8: 8 + (a - d), 3..13. Only d - a >= 4 ((1, 5), (1, 6), (2, 6): 3 of 36) leaves it under 5:
    destroyed 33/36 = 11/12, damaged 1/12."""
    assert _chances(attack(Side("dreadnought"), Side("cruiser"))) == (0, Fraction(1, 12), Fraction(11, 12))


def test_supported_attack():
    """A cruiser with two supporting cruisers (+2 each) against a dreadnought: 12 against 16, -4 + (a - d):
    damaged only on (6, 1), 1/36; never destroyed."""
    odds = attack(Side("cruiser", supports=("cruiser", "cruiser")), Side("dreadnought"))
    assert [t.value for t in odds.attacker_terms] == [8, 2, 2]
    assert _chances(odds) == (Fraction(35, 36), Fraction(1, 36), 0)


def test_damaged_attack():
    """A damaged cruiser (7) against escorts (4): 3 + (a - d). Destroyed when a - d >= 2 (4+3+2+1 = 10 of 36),
    damaged when -2..1 (4+5+6+5 = 20), no effect when -3 or less (6): 5/18, 5/9, 1/6."""
    assert _chances(attack(Side("cruiser", damaged=True), Side("escort"))) == (
        Fraction(1, 6),
        Fraction(5, 9),
        Fraction(5, 18),
    )


@pytest.mark.parametrize(
    "behind, damaged", [(1, Fraction(10, 36)), (2, Fraction(6, 36)), (3, Fraction(3, 36)), (4, Fraction(3, 36))]
)
def test_tl_inferior_attacker(behind, damaged):
    """Cruiser against cruiser, the attacker ``behind`` TLs down. One: its 6 counts as 1, so it beats the
    defender's die only with 2..5 by 1..4 pairs: (1+2+3+4)/36 = 10/36. Two: 5 and 6 are 1, (1+2+3)/36. Three or
    more: 4-6 are 1, (1+2)/36. Never 5 over."""
    odds = attack(Side("cruiser", tl=10), Side("cruiser", tl=10 + behind))
    assert (odds.damaged, odds.destroyed) == (damaged, 0)


def test_tl_inferior_defender():
    """The defender one TL down (its 6 counts as 1): the attacker's (6, 1)-like pairs grow: destroyed when a - d'
    >= 5: (6, 1) and (6, 6->1): 2/36."""
    assert attack(Side("cruiser", tl=11), Side("cruiser", tl=10)).destroyed == Fraction(2, 36)


def test_successive_attacks_and_the_chain():
    """The first successive attack of a dreadnought on cruisers is at -1: 7 + (a - d), destroyed unless d - a >=
    3 (6 of 36): 5/6. A chain against two cruisers: none 1/12; one 11/12 x 1/6 = 11/72; both 11/12 x 5/6 =
    55/72."""
    assert attack(Side("dreadnought"), Side("cruiser"), successive=1).destroyed == Fraction(5, 6)
    assert chain(Side("dreadnought"), Side("cruiser"), 2) == [Fraction(1, 12), Fraction(11, 72), Fraction(55, 72)]


def test_near_a_world_and_the_assault_transport():
    """-1 against fighters near their world, nothing against cruisers; an assault transport on the world of a
    deep meson gun attacks at 12 against 16."""
    near = attack(Side("cruiser"), Side("fighter"), near_world=True)
    assert [t.value for t in near.attacker_terms] == [8, -1]
    assert attack(Side("cruiser"), Side("cruiser"), near_world=True).notes
    assault = attack(Side("assault-transport"), Side("deep-meson-gun"), on_world=True)
    assert assault.attack == 12 and assault.defence == 16


def test_survival_counts_damage_markers():
    """Escorts (2 results kill) attacked by escorts twice: after one, alive unless destroyed (1/36): 35/36. After
    two: from undamaged (21/36) any non-destroying result leaves it alive (35/36), from damaged (14/36, defending
    at 3: 1 + (a - d), no effect only when a - d <= -1: 15/36) only no effect: (21 x 35 + 14 x 15)/1296 =
    945/1296 = 35/48."""
    assert survival(Side("escort"), Side("escort"), 2) == [Fraction(35, 36), Fraction(35, 48)]


def test_odds_command_json():
    result = runner.invoke(app, ["sfc", "odds", "cruiser", "escort", "--damaged-attacker", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    chances = (data["no_effect"], data["damaged"], data["destroyed"])
    assert [c["exact"] for c in chances] == ["1/6", "5/9", "5/18"] and chances[2]["p"] == 5 / 18
    assert data["attacker"] == [{"label": "Cruisers", "value": 8}, {"label": "damaged", "value": -1}]


def test_the_survival_table_has_a_longest():
    """--attacks 1000 worked exact chances of some 1,500 digits for a minute; the table stops at 100 attacks."""
    from shipyard.systems.sfc.cli import MOST_ATTACKS

    result = runner.invoke(app, ["sfc", "odds", "cruiser", "escort", "--attacks", str(MOST_ATTACKS + 1)])
    assert result.exit_code == 2 and "less than or equal to 100" in result.output
    longest = runner.invoke(app, ["sfc", "odds", "cruiser", "escort", "--attacks", str(MOST_ATTACKS), "-f", "json"])
    assert longest.exit_code == 0
    assert {len(chances) for chances in json.loads(longest.stdout)["survival"].values()} == {MOST_ATTACKS}


def test_odds_command_names_each_factor_and_refuses_unknown_types():
    result = runner.invoke(app, ["sfc", "odds", "cruiser", "cruiser", "--attacker-tl", "10", "--defender-tl", "11"])
    assert "attack: 1d6 + 8 Cruisers = 8 (TL: a rolled 6 counts as 1)" in result.stdout
    lower = runner.invoke(app, ["sfc", "odds", "cruiser", "deep-meson-gun", "--support", "escort"])
    anycase = runner.invoke(app, ["sfc", "odds", "Cruiser", "Deep meson gun", "--support", "ESCORT"])
    assert anycase.exit_code == 0 and anycase.stdout == lower.stdout  # element types in any case and spacing
    bad = runner.invoke(app, ["sfc", "odds", "cruser", "escort"])
    assert bad.exit_code == 2 and "did you mean 'cruiser'?" in bad.output
