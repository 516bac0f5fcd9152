"""The battle formation rules: every fire matrix cell (transcribed here from TCS82), every move rule,
fleet agility, missile endurance, and a turn log checked with located findings."""

from __future__ import annotations

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.tcs import charts as tcs
from shipyard.systems.tcs.formation import fire_ruling, fleet_agility, legal_move, missile_turns

runner = CliRunner()
COLUMNS = ("SA", "A1", "A2", "A3", "RL", "BL", "FS", "ES")
# TCS82, the battle formation display's fire possibilities, as printed.
SEED_MATRIX = """
SA  -  -  -  -  -  -  -  -
A1  -  -  -  -  -  -  -  -
A2  -  -  -  -  -  -  -  1
A3  -  -  -  -  -  -  -  2
RL  -  -  -  -  -  -  -  3
BL  -  -  -  4  -  +  +  3
FS  -  -  -  4  -  +  +  3
ES  -  -  5  +  S  +  +  -
"""
EXPECTED = {
    (row.split()[0], COLUMNS[i]): cell
    for row in SEED_MATRIX.strip().splitlines()
    for i, cell in enumerate(row.split()[1:])
}


@pytest.mark.parametrize("attacker, defender", sorted(EXPECTED), ids=lambda v: v)
def test_every_fire_matrix_cell(attacker, defender):
    ruling = fire_ruling(attacker, defender)
    key = EXPECTED[(attacker, defender)]
    assert ruling.key == key
    assert ruling.allowed == (key != "-")
    assert ruling.dm == (-2 if key in ("1", "2") else 0)
    assert ruling.short_range == (key in ("3", "S")) and ruling.concentrated == (key == "3")


@pytest.mark.parametrize(
    "key, weapon, allowed",
    [
        ("4", "particle accelerator", True),
        ("4", "laser", False),
        ("4", "missile", False),
        ("1", "missile", True),
        ("1", "laser", True),
        ("1", "meson", False),
        ("5", "particle accelerator", True),
        ("5", "meson", False),
        ("+", "meson", True),
        ("2", "meson", True),
    ],
)
def test_keyed_weapon_limits(key, weapon, allowed):
    attacker, defender = next(cell for cell, k in EXPECTED.items() if k == key)
    assert fire_ruling(attacker, defender, weapon).allowed is allowed


@pytest.mark.parametrize(
    "origin, target",
    [
        ("SA", "A1"),
        ("A1", "SA"),
        ("A1", "A2"),
        ("A2", "A1"),
        ("A2", "A3"),
        ("A3", "A2"),
        ("A3", "RL"),
        ("RL", "A3"),
        ("RL", "BL"),
        ("BL", "RL"),
        ("FS", "RL"),
        ("ES", "FS"),
        ("BL", "BL"),
    ],
)
def test_legal_moves_for_all_ships(origin, target):
    assert legal_move(origin, target).allowed


@pytest.mark.parametrize(
    "origin, target",
    [("SA", "A2"), ("A1", "A3"), ("A3", "BL"), ("BL", "FS"), ("SA", "BL"), ("RL", "ES"), ("BL", "ES"), ("A3", "FS")],
)
def test_illegal_moves(origin, target):
    ruling = legal_move(origin, target, agility_advantage=5, range_band="short")
    assert not ruling.allowed and "one step" in ruling.reason


def test_strafing_needs_the_agility_advantage_and_short_range():
    assert not legal_move("RL", "FS", agility_advantage=1).allowed
    assert legal_move("RL", "FS", agility_advantage=2).allowed
    assert not legal_move("FS", "ES", agility_advantage=2, range_band="long").allowed
    assert legal_move("FS", "ES", agility_advantage=2, range_band="short").allowed
    assert not legal_move("FS", "ES", agility_advantage=1, range_band="short").allowed


def test_a_strafing_ship_that_loses_the_advantage_must_return():
    assert not legal_move("ES", "ES", agility_advantage=1).allowed
    assert not legal_move("FS", "FS", agility_advantage=0).allowed
    assert legal_move("ES", "FS", agility_advantage=1).allowed and legal_move("FS", "RL", agility_advantage=0).allowed
    assert legal_move("ES", "ES", agility_advantage=2).allowed


def test_fleet_agility_counts_only_the_named_ships():
    ships = [("BL", 3, False), ("RL", 2, False), ("SA", 0, False), ("A2", 1, False), ("A1", 1, True)]
    assert fleet_agility(ships) == 1  # the ship leaving for the safe area counts; SA and A2 do not
    assert fleet_agility([("BL", 3, False), ("ES", 4, False)]) == 3
    assert fleet_agility([("SA", 2, False)]) is None


def test_missile_endurance():
    assert [missile_turns(w) for w in (1, 2, 3)] == [30, 15, 10]
    assert missile_turns(bay_tons=100) == 30


def test_turn_log_findings_are_located():
    log = FIXTURES / "tcs" / "battle" / "turn-log.toml"
    result = runner.invoke(app, ["formation", str(log)])
    assert result.exit_code == 1
    assert [
        line.split(": error: ")[0].rsplit(":", 2)[1:] + [line.split()[2]] for line in result.stdout.splitlines()
    ] == [["13", "1", "FRM001"], ["19", "1", "FRM002"], ["30", "1", "FRM001"]]


def test_a_turn_log_in_any_case_reads_as_the_display_prints_it(tmp_path):
    """``from = "rl"``, ``range = "Long"`` and ``weapon = "Laser"`` are the display's RL, long and laser: the
    same findings as the log written as it prints them."""
    log = FIXTURES / "tcs" / "battle" / "turn-log.toml"
    typed = tmp_path / "turn-log.toml"
    text = log.read_text(encoding="utf-8")
    typed.write_text(
        text.replace('from = "RL"', 'from = "rl"')
        .replace('range = "long"', 'range = "Long"')
        .replace('weapon = "laser"', 'weapon = "Laser"'),
        encoding="utf-8",
    )
    assert typed.read_text(encoding="utf-8") != text
    first, second = runner.invoke(app, ["formation", str(log)]), runner.invoke(app, ["formation", str(typed)])
    assert second.stdout.replace(str(typed), str(log)) == first.stdout and second.exit_code == 1


def test_formation_without_a_log_prints_the_rules():
    result = runner.invoke(app, ["formation"])
    assert result.exit_code == 0 and "ES    -    -    5    +    S    +    +    -" in result.stdout


def test_positions_are_the_displays():
    assert tcs.POSITIONS == COLUMNS and tcs.AGILITY_POSITIONS == ("RL", "BL", "FS", "ES")


def test_position_names():
    """TCS82, the battle formation display: its eight boxes, in the order the moves chain them."""
    from shipyard.systems.tcs import charts

    assert [charts.POSITION_NAMES[p] for p in charts.POSITIONS] == [
        "safe area",
        "approach 1",
        "approach 2",
        "approach 3",
        "reserve line",
        "main battle line",
        "friendly strafe line",
        "enemy strafe line",
    ]


def test_turn_log_positions_are_tracked():
    """Turn 1: the Gazelle comes A3 -> RL; Vigilant #1 goes RL -> BL, then BL -> RL in the same turn (FRM003, not
    made). Turn 2: the Gazelle strafes RL -> FS, but it came to RL in turn 1, not before it (FRM005, not made);
    Vigilant #1 moves 'from RL' but is on BL (FRM004); the Kinunir moves BL -> RL and then fires 'from BL'
    (FRM004: moves come before fire). Turn 3: the Gazelle began turn 2 in RL, so RL -> FS is legal."""
    log = FIXTURES / "tcs" / "battle" / "turn-log-positions.toml"
    result = runner.invoke(app, ["formation", str(log)])
    assert result.exit_code == 1
    found = [(line.split(":")[1], line.split(": error: ")[1][:6]) for line in result.stdout.splitlines()]
    assert found == [("18", "FRM003"), ("28", "FRM005"), ("35", "FRM004"), ("47", "FRM004")]
    assert "Vigilant #1 (player 1) moves from RL, but it is on BL" in result.stdout
    assert "Kinunir (player 2) fires from BL, but it is on RL" in result.stdout
    assert "4 illegal entries" in result.stderr


def test_a_ship_that_began_the_log_in_reserve_may_strafe_at_once():
    """Before its first entry a ship has stood where that entry says since before the log (the set-up)."""
    from shipyard.systems.tcs.formation import TurnLog, check_log

    log = TurnLog.model_validate(
        {
            "turn": [
                {
                    "number": 1,
                    "range": "long",
                    "move": [{"player": 1, "ship": "Gazelle", "from": "RL", "to": "FS", "agility_advantage": 2}],
                }
            ]
        }
    )
    assert check_log(log, "log.toml", {}) == []


def test_victory_and_breakthrough_are_reported_at_their_turn():
    """Set-up: player 1's Vigilant #1 on BL and #2 on RL, player 2's Kinunir on BL. Turn 1: #2 goes RL -> A3 and
    #1 loses its weapons: at the turn's end player 1 has no armed ship on BL or FS, a breakthrough for player 2
    (tactical details 5). At the beginning of turn 2 none on RL, BL, FS or ES either: an automatic victory for
    player 2 (tournament procedure 2), and the battle ends there. Both are information: exit 0."""
    log = FIXTURES / "tcs" / "battle" / "turn-log-victory.toml"
    result = runner.invoke(app, ["formation", str(log)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert [line.split(": info: ")[1][:6] for line in lines] == ["FRM007", "FRM006"]
    assert "turn 1: breakthrough: player 1 ends the turn" in lines[0]
    assert "turn 2: automatic victory for player 2" in lines[1]
    assert "0 illegal entries, 2 event(s)" in result.stderr


def test_without_a_set_up_no_victory_is_judged():
    """A log without [[setup]] names only the ships that moved or fired, so it cannot tell a fleet is out of the
    fight: no FRM006 or FRM007 even when its only ship is in the approach."""
    from shipyard.systems.tcs.formation import TurnLog, check_log

    log = TurnLog.model_validate(
        {"turn": [{"number": 1, "move": [{"player": 2, "ship": "Kinunir", "from": "A1", "to": "A2"}]}]}
    )
    assert check_log(log, "log.toml", {}) == []
    with_set_up = TurnLog.model_validate(
        {
            "setup": [{"player": 2, "ship": "Kinunir", "at": "A1"}, {"player": 1, "ship": "Vigilant", "at": "BL"}],
            "turn": log.model_dump(by_alias=True)["turn"],
        }
    )
    assert [d.code for d in check_log(with_set_up, "log.toml", {})] == ["FRM006"]


def test_a_ship_outside_the_set_up_is_said():
    from shipyard.systems.tcs.formation import TurnLog, check_log

    log = TurnLog.model_validate(
        {
            "setup": [{"player": 1, "ship": "Vigilant", "at": "BL"}, {"player": 2, "ship": "Kinunir", "at": "BL"}],
            "turn": [{"number": 1, "move": [{"player": 2, "ship": "Gazelle", "from": "RL", "to": "BL"}]}],
        }
    )
    assert [(d.code, d.message) for d in check_log(log, "log.toml", {})] == [
        ("FRM004", "turn 1: Gazelle (player 2) is not in the set-up ([[setup]])")
    ]


def _strafe_with(enemies):
    """The Gazelle (agility 4, on RL) strafes RL -> FS with no agility advantage stated: it is computed."""
    from shipyard.systems.tcs.formation import TurnLog, check_log

    ships = [
        {"player": 1, "ship": "Gazelle", "at": "RL", "agility": 4},
        {"player": 1, "ship": "Vigilant", "at": "BL"},
    ] + [{"player": 2, "ship": name, "at": at, "agility": agility} for name, at, agility in enemies]
    log = TurnLog.model_validate(
        {"setup": ships, "turn": [{"number": 1, "move": [{"player": 1, "ship": "Gazelle", "from": "RL", "to": "FS"}]}]}
    )
    return [d.code for d in check_log(log, "log.toml", {})]


def test_fleet_agility_counts_the_ships_the_rules_count():
    """Tactical details 4: the enemy fleet agility is over its ships in RL, BL and strafing (and leaving); a tug
    in the safe area does not count. Kinunir agility 3 on BL, tug 0 in SA: fleet agility 3, the Gazelle's 4 is an
    advantage of 1, short of 2 (FRM001). The tug on RL counts: fleet agility 0, advantage 4, the run is legal."""
    assert _strafe_with([("Kinunir", "BL", 3), ("Tug", "SA", 0)]) == ["FRM001"]
    assert _strafe_with([("Kinunir", "BL", 3), ("Tug", "RL", 0)]) == []


def test_a_ship_leaving_for_the_safe_area_still_counts():
    """The tug (agility 0) leaves RL -> A3 in turn 1: in turn 2 it is leaving, so it counts and the enemy fleet
    agility is 0; the Gazelle (4, on RL since before the log) strafes legally. Had the tug come from the safe area
    to A3, it would not count (3 from the Kinunir, FRM001)."""
    from shipyard.systems.tcs.formation import TurnLog, check_log

    def log(tug_from, tug_to):
        return TurnLog.model_validate(
            {
                "setup": [
                    {"player": 1, "ship": "Gazelle", "at": "RL", "agility": 4},
                    {"player": 1, "ship": "Vigilant", "at": "BL"},  # holds the battle line: no breakthrough
                    {"player": 2, "ship": "Kinunir", "at": "BL", "agility": 3},
                    {"player": 2, "ship": "Tug", "at": tug_from, "agility": 0},
                ],
                "turn": [
                    {"number": 1, "move": [{"player": 2, "ship": "Tug", "from": tug_from, "to": tug_to}]},
                    {"number": 2, "move": [{"player": 1, "ship": "Gazelle", "from": "RL", "to": "FS"}]},
                ],
            }
        )

    assert [d.code for d in check_log(log("RL", "A3"), "log.toml", {})] == []
    assert [d.code for d in check_log(log("A2", "A3"), "log.toml", {})] == ["FRM001"]
