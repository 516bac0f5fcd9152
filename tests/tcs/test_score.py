"""TCS Appendix A: every table cell (transcribed here from TCS82 independently of the chart module),
the seed's computer example, a worked two-fleet battle, and each hole's finding."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard import api
from shipyard.cli import app
from shipyard.core.diagnostics import Span
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.tcs import charts as tcs
from shipyard.systems.tcs.damage import DamageRecord
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.tcs.scoring import score_fleet
from shipyard.systems.tcs.subject import FleetMember, FleetSubject

runner = CliRunner()
BATTLE = FIXTURES / "tcs" / "battle"
_ = None
# TCS82 Appendix A, as printed (rows: damaged; columns: installed).
SEED_M = {
    6: (100, _, _, _, _, _, _),
    5: (80, 100, _, _, _, _, _),
    4: (60, 80, 100, _, _, _, _),
    3: (40, 60, 70, 100, _, _, _),
    2: (20, 40, 45, 60, 100, _, _),
    1: (20, 20, 20, 25, 40, 100, _),
    0: (0, 0, 0, 0, 0, 20, 100),
    -1: (_, _, _, _, _, 0, 0),
}
SEED_J = {
    4: (100, _, _, _, _),
    3: (80, 100, _, _, _),
    2: (60, 75, 100, _, _),
    1: (40, 50, 60, 100, _),
    0: (0, 0, 10, 20, 100),
    -1: (_, _, 0, 0, 0),
}
SEED_PA = {
    "A-C": (100, 100, 100, 50, 50, 50, 25, 25, 20, 25, 20, 10),
    "D-F": (_, _, _, 100, 100, 100, 50, 50, 50, 50, 40, 40),
    "J-L": (_, _, _, _, _, _, 100, 100, 100, 75, 60, 60),
    "M": (_, _, _, _, _, _, _, _, _, 100, 75, 80),
    "Q-R": (_, _, _, _, _, _, _, _, _, _, 100, 100),
}
SEED_MESON = {
    "P": (_,) * 9,
    "K-L": (_, _, _, _, _, _, 100, 100, 75),
    "D-F": (_, _, _, 100, 100, 100, 70, 70, 50),
    "A-C": (100, 100, 100, 50, 50, 50, 40, 40, 25),
}
SEED_DAMPERS = {3: (100, _, _), 2: (60, 100, _), 1: (20, 40, 100)}
SEED_SCREENS = {3: (100, _, _), 2: (50, 100, _), 1: (20, 50, 100)}

CELLS = (
    [("M", tcs.M_DRIVE, tcs.M_DRIVE_INSTALLED, SEED_M, i, d) for d in SEED_M for i in tcs.M_DRIVE_INSTALLED]
    + [("J", tcs.J_DRIVE, tcs.J_DRIVE_INSTALLED, SEED_J, i, d) for d in SEED_J for i in tcs.J_DRIVE_INSTALLED]
    + [("PA", tcs.PA_SPINAL, tcs.PA_INSTALLED, SEED_PA, i, d) for d in SEED_PA for i in tcs.PA_INSTALLED]
    + [
        ("meson", tcs.MESON_SPINAL, tcs.MESON_INSTALLED, SEED_MESON, i, d)
        for d in SEED_MESON
        for i in tcs.MESON_INSTALLED
    ]
    + [
        ("dampers", tcs.DAMPERS, tcs.SCREEN_INSTALLED, SEED_DAMPERS, i, d)
        for d in SEED_DAMPERS
        for i in tcs.SCREEN_INSTALLED
    ]
    + [
        ("screens", tcs.MESON_SCREENS, tcs.SCREEN_INSTALLED, SEED_SCREENS, i, d)
        for d in SEED_SCREENS
        for i in tcs.SCREEN_INSTALLED
    ]
)


@pytest.mark.parametrize(
    "name, rows, codes, seed, installed, damaged", CELLS, ids=[f"{c[0]}-{c[4]}-{c[5]}" for c in CELLS]
)
def test_every_table_cell(name, rows, codes, seed, installed, damaged):
    assert tcs.kept_percent(rows, codes, installed, damaged) == seed[damaged][codes.index(installed)]


def test_spinal_code_groups():
    assert [tcs.code_group(c, tcs.PA_SPINAL) for c in "ABCDEFJKLMQR"] == ["A-C"] * 3 + ["D-F"] * 3 + ["J-L"] * 3 + [
        "M"
    ] + ["Q-R"] * 2
    assert tcs.code_group("G", tcs.PA_SPINAL) is None and tcs.code_group("P", tcs.MESON_SPINAL) == "P"


def fleet(ships: list[tuple[str, int]], scenario: Scenario = Scenario(), replace=()) -> FleetSubject:
    members = []
    for name, count in ships:
        text = (BATTLE / name).read_text()
        for old, new in replace:
            text = text.replace(old, new)
        (ship,), _ = parse_highguard(text, name)
        members.append(FleetMember(ship, recompute(ship), count, "warship", Decimal(0), name))
    return FleetSubject(
        name="test", path="fleet", members=members, scenario=scenario, span=Span(path="fleet", line=1, col=1)
    )


def score_one(damage: dict, scenario: Scenario = Scenario(), replace=()):
    record = DamageRecord.model_validate({"damage": [{"sheet": "vigilant.txt", **damage}]})
    result, findings = score_fleet(fleet([("vigilant.txt", 1)], scenario, replace), record, "damage.toml")
    (ship,) = result.ships
    return ship, findings


def test_seed_computer_example_7fib_to_2fib_loses_86():
    ship, findings = score_one(
        {"computer": "Model/2fib"},
        replace=[
            ("Computer Model/6: 7.000 Td; MCr 55.000; -5 EP", "Computer Model/7fib: 18.000 Td; MCr 100.000; -7 EP")
        ],
    )
    assert [(line.table, line.mcr) for line in ship.lines] == [("11 computer", Decimal(86))] and findings == []


def test_drive_power_armour_fuel_turrets_bays_crew():
    ship, findings = score_one(
        {
            "maneuver": 1,
            "power": 3,
            "armour": 2,
            "fuel_hits": 50,
            "turrets_destroyed": 2,
            "bays_destroyed": 1,
            "crew_lost": 7,
        }
    )
    lines = {line.table: line.mcr for line in ship.lines}
    assert lines == {
        "1 M-drive": Decimal(200) * 75 / 100,  # installed 3, damaged 1: 25% kept of MCr 200
        "3 power plant": Decimal(1800) - Decimal(3) / 4 * 1800,
        "4 armour": Decimal(350) - Decimal(0) / 4 * 350,  # (2 - 2) / 4 x MCr 350 kept
        "5 fuel": Decimal(1700) * 50 / 100 * Decimal("0.025"),
        "8 turrets": Decimal(6),
        "9 bays": Decimal(50),
        "10 crew": Decimal(7),
    }
    assert findings == []


@pytest.mark.parametrize(
    "damage, replace, key",
    [
        ({"maneuver": -1}, [], "M-drive 3 to -1"),  # a blank cell
        ({"armour": 1}, [], "armour 4 to 1"),  # (1 - 2) below 0
        ({"meson_screen": 0}, [], "screens 1 to 0"),  # no row 0
        ({"damper": 0}, [], "dampers 1 to 0"),
        (
            {"meson_screen": 2},
            [("Meson Screen Factor-1: 90.000 Td", "Meson Screen Factor-4: 90.000 Td")],
            "screens 4 to 2",
        ),  # installed above 3
        (
            {"spinal": "A"},
            [
                (
                    "1 x 100T Missile Bays: 100.000 Td; MCr 21.000",
                    "Spinal Particle Accelerator Factor-G: 2,500.000 Td; MCr 800.000; -700 EP",
                )
            ],
            "accelerator G to A",
        ),  # an installed code the table does not list
        (
            {"spinal": "A"},
            [
                (
                    "1 x 100T Missile Bays: 100.000 Td; MCr 21.000",
                    "Spinal Meson Gun Factor-G: 1,000.000 Td; MCr 400.000; -800 EP",
                )
            ],
            "meson G to A",
        ),  # meson G is not a column of the table
        (
            {"spinal": "J"},
            [
                (
                    "1 x 100T Missile Bays: 100.000 Td; MCr 21.000",
                    "Spinal Meson Gun Factor-K: 8,000.000 Td; MCr 10,000.000; -1000 EP",
                )
            ],
            "meson K to J",
        ),  # J is in no row group of the meson table
    ],
)
def test_each_hole_asks_for_a_ruling(damage, replace, key):
    _ship, findings = score_one(damage, replace=replace)
    assert [f.code for f in findings] == ["APX001"] and f'"{key}"' in findings[0].message
    ruled, findings = score_one(damage, Scenario(rulings={key: Decimal(50)}), replace)
    assert findings == [] and any(line.how.endswith(": 50% kept") and line.of for line in ruled.lines)


def test_jump_above_the_table_asks_for_a_ruling():
    replace = [("J-Drive Factor-3: 200.000 Td; MCr 800.000", "J-Drive Factor-5: 300.000 Td; MCr 1,200.000")]
    _ship, findings = score_one({"jump": 2}, replace=replace)
    assert [f.code for f in findings] == ["APX001"] and "the table stops at 4" in findings[0].message


def test_a_ship_without_a_jump_drive_asks_for_a_ruling():
    replace = [("J-Drive Factor-3: 200.000 Td; MCr 800.000\n", ""), ("CA-E333463", "CA-E303463")]
    _ship, findings = score_one({"crew_lost": 1}, replace=replace)
    assert [f.code for f in findings] == ["APX001"] and "no jump drive" in findings[0].message
    ruled, findings = score_one({"crew_lost": 1}, Scenario(rulings={"Vigilant: no jump drive": Decimal(100)}), replace)
    assert findings == [] and ruled.lost == ruled.value


def test_damaged_above_installed_and_unknown_ships():
    _, findings = score_one({"maneuver": 4})
    assert [f.code for f in findings] == ["APX003"]
    record = DamageRecord.model_validate({"damage": [{"sheet": "nimitz.txt"}, {"sheet": "vigilant.txt", "copy": 2}]})
    _, findings = score_fleet(fleet([("vigilant.txt", 1)]), record, "damage.toml")
    assert [f.code for f in findings] == ["APX002", "APX002"]
    assert findings[0].message.endswith("is not a sheet of fleet test: its sheets are vigilant.txt")
    misspelt = DamageRecord.model_validate({"damage": [{"sheet": "vigilnt.txt"}]})
    _, findings = score_fleet(fleet([("vigilant.txt", 1)]), misspelt, "damage.toml")
    assert [f.message for f in findings] == [
        "'vigilnt.txt' is not a sheet of fleet test (did you mean 'vigilant.txt'?): its sheets are vigilant.txt"
    ]


def test_worked_battle():
    """Blue: 2 Vigilants (MCr 4,014.772 each) and the Kinunir (MCr 1,336.63): spent MCr 9,366.174.
    Vigilant #1: M-drive 3 -> 2 keeps 60% of MCr 200 (lost 80); Pn 4 -> 2 keeps 2/4 of MCr 1,800 (lost 900);
    armour 4 -> 3 keeps (3 - 2)/4 of MCr 350 (lost 262.5); 10% of 1,700 tons of fuel x Cr 25,000 (4.25);
    4 turrets x 3 (12); 20 crew x 1 (20); Model/6 MCr 55 - Model/2fib MCr 14 (41): MCr 1,319.75.
    Vigilant #2 abandoned: MCr 4,014.772. Blue lost MCr 5,334.522 of 9,366.174 = 56.955...%.
    Red: 3 Vigilants, spent MCr 12,044.316. #1 destroyed (4,014.772); #2 left at jump 0, so it cannot make
    jump-1: full value (4,014.772); #3 meson screen 1 -> 0: a hole, ruled 0% kept of MCr 80 (80).
    Red lost MCr 8,109.544 = 67.331...%. Blue wins."""
    args = [
        str(BATTLE / "fleet-a.toml"),
        str(BATTLE / "damage-a.toml"),
        str(BATTLE / "fleet-b.toml"),
        str(BATTLE / "damage-b.toml"),
        "--scenario",
        str(BATTLE / "rulings.toml"),
    ]
    result = runner.invoke(app, ["score", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    blue, red = document["fleets"]
    assert (blue["spent_mcr"], blue["lost_mcr"]) == (9366.174, 5334.522)
    assert blue["ships"][0]["lost_mcr"] == 1319.75
    assert (red["spent_mcr"], red["lost_mcr"]) == (12044.316, 8109.544)
    assert round(blue["percentage"], 3) == 56.955 and round(red["percentage"], 3) == 67.331
    assert document["winner"] == "Blue" and document["tie"] is False
    text = runner.invoke(app, ["score", *args])
    assert "table 1 M-drive: maneuver 3 -> 2: 60% kept: lost MCr 80 of 200" in text.stdout
    assert "table 3 power plant: Pn 4 -> 2: 2/4 kept: lost MCr 900 of 1,800" in text.stdout
    assert "winner: Blue" in text.stdout
    assert blue["ships"][0]["lines"][0] == {
        "table": "1 M-drive",
        "how": "maneuver 3 -> 2: 60% kept",
        "mcr": 80.0,
        "of_mcr": 200.0,
    }


def test_a_hole_whose_stake_is_not_known_keeps_the_standing_provisional(tmp_path):
    """Red is one Kinunir of a USP block alone, its jump digit made 5, left at jump 3: table 2 stops at an
    installed 4, a hole (APX001), and with no component sheet the J-drive's value is unknown (APX004), so the
    ruling's stake is unknown. Red leads (0% lost so far against Blue's 56.96%), yet, whatever else is known,
    the standing is provisional and the ruling decisive: in text, JSON (pending_rulings) and the workbook."""
    (tmp_path / "kinunir.txt").write_text((BATTLE / "kinunir.txt").read_text().replace("BC-A2447G2", "BC-A2547G2"))
    (tmp_path / "fleet-b.toml").write_text('name = "Red"\n[[ship]]\nsheet = "kinunir.txt"\n')
    (tmp_path / "damage-b.toml").write_text('name = "Red"\n[[damage]]\nsheet = "kinunir.txt"\ncopy = 1\njump = 3\n')
    args = [
        str(BATTLE / "fleet-a.toml"),
        str(BATTLE / "damage-a.toml"),
        str(tmp_path / "fleet-b.toml"),
        str(tmp_path / "damage-b.toml"),
    ]
    document = json.loads(runner.invoke(app, ["score", *args, "--format", "json"]).stdout)
    assert [f["code"] for f in document["findings"]] == ["APX001", "APX004"]
    assert document["standing"] == "provisional" and document["winner"] is None and document["leader"] == "Red"
    assert document["pending_rulings"] == ["J-drive 5 to 3"] == document["decisive_rulings"]
    text = runner.invoke(app, ["score", *args]).stdout
    assert "leader: Red" in text and "provisional: 1 ruling(s) pending (J-drive 5 to 3)" in text
    assert "winner: Red" not in text
    from openpyxl import load_workbook

    runner.invoke(app, ["score", *args, "-o", str(tmp_path / "score.xlsx")])
    rows = list(load_workbook(tmp_path / "score.xlsx")["Scores"].iter_rows(values_only=True))
    assert any(row[0] == "Red" and "provisional leader" in str(row[-1]) for row in rows)


def test_money_spent_by_either_reading(tmp_path):
    """Step F's "money spent on original fleet": by default each ship at its sheet's price, as its losses are
    valued (Blue 9,366.174); the quantity rule's figure, which the audit and the budget use, is said beside
    (Blue: the Vigilant at 4,054.91972 + 3,211.8176, the Kinunir at 1,349.9963, 8,616.73362). With
    money_spent = "quantity rule" the two change places: Blue loses 5,334.522 / 8,616.734 = 61.91%, Red
    8,109.544 / 10,478.555 = 77.39% (4,054.91972 + 2 x 3,211.8176), and Blue still wins."""
    args = [
        str(BATTLE / "fleet-a.toml"),
        str(BATTLE / "damage-a.toml"),
        str(BATTLE / "fleet-b.toml"),
        str(BATTLE / "damage-b.toml"),
    ]
    scenario = tmp_path / "scenario.toml"
    scenario.write_text((BATTLE / "rulings.toml").read_text(encoding="utf-8"), encoding="utf-8")
    text = runner.invoke(app, ["score", *args, "--scenario", str(scenario)]).stdout
    assert "Blue: spent MCr 9,366.174 (by the quantity rule, MCr 8,616.734)" in text
    scenario.write_text(
        scenario.read_text(encoding="utf-8").replace(
            'name = "Worked battle"', 'name = "Worked battle"\nmoney_spent = "quantity rule"'
        ),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["score", *args, "--scenario", str(scenario), "--format", "json"])
    blue, red = json.loads(result.stdout)["fleets"]
    assert (blue["spent_mcr"], red["spent_mcr"]) == (8616.73362, 10478.55492)
    assert blue["spent_otherwise"] == {"by": "sheet prices", "mcr": 9366.174}
    assert (round(blue["percentage"], 2), round(red["percentage"], 2)) == (61.91, 77.39)
    assert json.loads(result.stdout)["winner"] == "Blue"


def test_without_the_ruling_the_hole_is_a_finding_and_exit_1():
    args = [
        str(BATTLE / "fleet-a.toml"),
        str(BATTLE / "damage-a.toml"),
        str(BATTLE / "fleet-b.toml"),
        str(BATTLE / "damage-b.toml"),
    ]
    result = runner.invoke(app, ["score", *args])
    assert result.exit_code == 1
    assert f"{BATTLE / 'damage-b.toml'}:14:1: error: APX001" in result.stderr
    assert '"screens 1 to 0"' in result.stderr


def _battle_in(tmp_path, ruling: str) -> list[str]:
    """The worked battle copied, with ``ruling`` under the Red fleet file's own [scenario.rulings]."""
    for name in ("fleet-a.toml", "damage-a.toml", "damage-b.toml", "vigilant.txt", "kinunir.txt"):
        (tmp_path / name).write_bytes((BATTLE / name).read_bytes())
    (tmp_path / "fleet-b.toml").write_text(
        (BATTLE / "fleet-b.toml").read_text(encoding="utf-8") + f"\n[scenario.rulings]\n{ruling}\n", encoding="utf-8"
    )
    return [str(tmp_path / name) for name in ("fleet-a.toml", "damage-a.toml", "fleet-b.toml", "damage-b.toml")]


def test_a_fleet_files_own_rulings_are_used(tmp_path):
    """Without --scenario, a fleet file's own [scenario] rules its holes: the Red fleet's screen hole ruled
    0% kept, Blue wins as in the worked battle."""
    result = runner.invoke(app, ["score", *_battle_in(tmp_path, '"screens 1 to 0" = 0'), "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["winner"] == "Blue" and document["fleets"][1]["lost_mcr"] == 8109.544


def test_a_ruling_no_hole_asks_for_is_said(tmp_path):
    result = runner.invoke(app, ["score", *_battle_in(tmp_path, '"screen 1 to 0" = 0')])
    assert result.exit_code == 1  # the hole is still unruled: APX001
    assert (
        f'{tmp_path / "fleet-b.toml"}:9:1: warning: APX005 the ruling "screen 1 to 0" is asked for by no '
        'hole of this battle: did you mean "screens 1 to 0"?'
    ) in " ".join(result.stderr.split())
    ruled = runner.invoke(app, ["score", *_battle_in(tmp_path, '"screens 1 to 0" = 0')])
    assert "APX005" not in ruled.stderr


def test_a_ruling_is_a_percent(tmp_path):
    result = runner.invoke(app, ["score", *_battle_in(tmp_path, '"screens 1 to 0" = 150')])
    assert result.exit_code == 2
    assert "SCN002 scenario.rulings.screens 1 to 0: Input should be less than or equal to 100, found 150" in " ".join(
        result.stderr.split()
    )


def test_score_workbook(tmp_path):
    from openpyxl import load_workbook

    target = tmp_path / "scores.xlsx"
    runner.invoke(
        app,
        [
            "score",
            str(BATTLE / "fleet-a.toml"),
            str(BATTLE / "damage-a.toml"),
            str(BATTLE / "fleet-b.toml"),
            str(BATTLE / "damage-b.toml"),
            "--scenario",
            str(BATTLE / "rulings.toml"),
            "-o",
            str(target),
        ],
    )
    book = load_workbook(target)
    assert book.sheetnames == ["Scores", "Losses"]
    losses = list(book["Losses"].iter_rows(min_row=2, values_only=True))
    assert losses[0][:5] == ("Blue", "Vigilant", 1, "damaged", "1 M-drive") and losses[0][6] == 80
    scores = book["Scores"]
    assert [c.value for c in scores[1]] == ["fleet", "spent", "lost", "lost share", "standing"]
    result = api.score(
        *(BATTLE / name for name in ("fleet-a.toml", "damage-a.toml", "fleet-b.toml", "damage-b.toml")),
        BATTLE / "rulings.toml",
    )[0]
    for row, fleet in zip(scores.iter_rows(min_row=2), result.scores, strict=True):
        share = row[3]
        assert share.number_format == "0.00%"  # a fraction under a % format: 12.5% is 0.125
        assert share.value == pytest.approx(float(fleet.percentage) / 100)
    standings = {row[0].value: row[4].value for row in scores.iter_rows(min_row=2)}
    assert standings[result.leader.name] in ("winner",) or standings[result.leader.name].startswith(
        "provisional leader"
    )


def test_damage_record_errors_are_located(tmp_path):
    bad = tmp_path / "damage.toml"
    bad.write_text('[[damage]]\nsheet = "vigilant.txt"\nstatus = "sunk"\n')
    result = runner.invoke(
        app,
        ["score", str(BATTLE / "fleet-a.toml"), str(bad), str(BATTLE / "fleet-b.toml"), str(BATTLE / "damage-b.toml")],
    )
    assert result.exit_code == 2 and f"{bad}:3:1: error: DMG002 damage[0].status" in result.stderr


@pytest.mark.parametrize(
    "topic",
    [
        "APX",
        "APX1",
        "APX2",
        "APX3",
        "APX4",
        "APX5",
        "APX6",
        "APX7",
        "APX8",
        "APX9",
        "APX10",
        "APX11",
        "FORMATION-MOVES",
        "FORMATION-FIRE",
        "FORMATION-AGILITY",
        "FORMATION-MISSILES",
        "APX001",
        "FRM002",
    ],
)
def test_explain_documents_each_table_and_formation_rule(topic):
    result = runner.invoke(app, ["explain", topic])
    assert result.exit_code == 0 and "TCS82" in result.stdout


def test_audit_workbook_gets_the_loss_lines_when_asked(tmp_path):
    from openpyxl import load_workbook

    target = tmp_path / "report.xlsx"
    result = runner.invoke(
        app, ["audit", str(BATTLE / "fleet-a.toml"), "--damage", str(BATTLE / "damage-a.toml"), "-o", str(target)]
    )
    assert result.exit_code == 0, result.output
    losses = list(load_workbook(target)["Losses"].iter_rows(min_row=2, values_only=True))
    assert sum(row[6] for row in losses) == pytest.approx(5334.522)
    assert losses[-1][:5] == ("Blue", "Vigilant", 2, "abandoned", "full value (step B)")


def test_the_audits_losses_say_a_fleet_files_ruling_no_hole_asks_for(tmp_path):
    args = _battle_in(tmp_path, '"screen 1 to 0" = 0')
    result = runner.invoke(app, ["audit", args[2], "--damage", args[3]])
    assert (
        'APX005 the ruling "screen 1 to 0" is asked for by no hole of this battle: did you mean "screens 1 to '
        '0"?' in " ".join(result.output.split())
    )
    ruled = runner.invoke(app, ["audit", *_battle_in(tmp_path, '"screens 1 to 0" = 0')[2:3], "--damage", args[3]])
    assert "APX005" not in ruled.output


def test_score_from_two_fleet_folders(tmp_path):
    import shutil

    for side in ("blue", "red"):
        (tmp_path / side).mkdir()
        shutil.copy(BATTLE / "vigilant.txt", tmp_path / side)
    (tmp_path / "blue-damage.toml").write_text('[[damage]]\nsheet = "vigilant.txt"\ncrew_lost = 10\n')
    (tmp_path / "red-damage.toml").write_text('[[damage]]\nsheet = "vigilant.txt"\nstatus = "hulk"\n')
    result = runner.invoke(
        app,
        [
            "score",
            str(tmp_path / "blue"),
            str(tmp_path / "blue-damage.toml"),
            str(tmp_path / "red"),
            str(tmp_path / "red-damage.toml"),
            "--format",
            "json",
        ],
    )
    document = json.loads(result.stdout)
    assert [f["lost_mcr"] for f in document["fleets"]] == [10, 4014.772]
    assert document["winner"] == "blue" and result.exit_code == 0


@pytest.mark.parametrize(
    "damage, why",
    [
        ({"power": 0}, "a hulk: no power plant (Pn 0)"),
        ({"jump": 0}, "a hulk: no jump drive (jump 0)"),
        ({"fuel_hits": 100}, "a hulk: no fuel left (100 fuel hits, rules clarification 3)"),
        ({"life_support": False}, "a hulk: no life support"),
    ],
)
def test_step_c_a_hulk_counts_its_full_value_whatever_its_status(damage, why):
    """Step C: a ship without life support, jump drive, power plant or fuel remaining is a hulk, valued in full:
    the Vigilant's MCr 4,014.772, not the MCr 1,800 of its plant alone (table 3 would give 1,800 for Pn 4 -> 0)."""
    ship, findings = score_one({"status": "damaged", **damage})
    assert [(line.table, line.mcr) for line in ship.lines] == [("full value (step C)", Decimal("4014.772"))]
    assert ship.lines[0].how == f"{why}; the ship's whole value" and findings == []


def test_fuel_left_short_of_jump_1_counts_in_full():
    """The Vigilant carries 1700 tons of fuel (1500 jump, 200 plant) on 5000 tons; a jump-1 needs 0.1 x 5000 = 500
    tons. 75 fuel hits leave 1700 x 25% = 425 tons: short, so the ship counts in full (Determination of Damage).
    70 hits leave 510 tons: enough, so table 5 prices the fuel lost: 1700 x 70% x MCr 0.025 = MCr 29.75."""
    short, _ = score_one({"fuel_hits": 75})
    assert [(line.table, line.mcr) for line in short.lines] == [("full value (jump)", Decimal("4014.772"))]
    assert short.lines[0].how.startswith("75 fuel hits leave 425 tons of fuel, short of the 500 tons of a jump-1")
    enough, _ = score_one({"fuel_hits": 70})
    assert [(line.table, line.mcr) for line in enough.lines] == [("5 fuel", Decimal("29.75"))]


@pytest.mark.parametrize("tanks_count", [True, False])
def test_drop_tanks_count_toward_the_jump_1_after_the_battle(tanks_count):
    """The example Vigilant with drop tanks: 1,700 tons of internal fuel and 1,000 tons of tanks on 5,000 tons; a
    jump-1 needs 0.1 x 5,000 = 500 tons. TCS82 clarification 3: "Each fuel hit destroys 1% of the total internal fuel
    tankage of the target"; 75 hits leave 1,700 x 25% = 425 tons inside, and the tanks' 1,000 untouched: 1,425, enough
    for a jump-1, so table 5 prices the fuel lost, 1,700 x 75% x MCr 0.025 = MCr 31.875. Counting the internal fuel
    only (``drop_tank_fuel_after_battle = false``), the 425 tons fall short and the ship counts in full."""
    text = (FIXTURES.parent / "examples" / "fleet" / "vigilant-drop-tanks.txt").read_text(encoding="utf-8")
    (ship,), _ = parse_highguard(text, "vigilant-drop-tanks.txt")
    design = recompute(ship)
    assert design.drop_tanks == 1000 and design.fuel_carried == 1700
    scenario = Scenario(drop_tank_fuel_after_battle=tanks_count)
    member = FleetMember(ship, design, 1, "warship", Decimal(0), "vigilant-drop-tanks.txt")
    subject = FleetSubject(name="t", path="fleet", members=[member], scenario=scenario, span=Span("fleet", 1, 1))
    record = DamageRecord.model_validate({"damage": [{"sheet": "vigilant-drop-tanks.txt", "fuel_hits": 75}]})
    (scored,) = score_fleet(subject, record, "damage.toml")[0].ships
    if tanks_count:
        assert [(line.table, line.mcr) for line in scored.lines] == [("5 fuel", Decimal("31.875"))]
    else:
        assert [line.table for line in scored.lines] == ["full value (jump)"]
        assert scored.lines[0].how.startswith("75 fuel hits leave 425 tons of fuel, short of the 500 tons")


def test_a_buffered_planetoids_armour_is_its_usps_with_the_built_in_part():
    """A 20,000-ton buffered planetoid with armour 12 purchased (MCr 7,800) shows armour 12 + 6 = 18 in its USP, and
    a battle starts it there. Damaged to 17, table 4 ("(Damaged value - 2)/Original Value x Cost", TCS82 Appendix A)
    keeps (17 - 2) / 18 x 7,800 = MCr 6,500 of the armour: MCr 1,300 lost. (Read against the purchased 12, the 17
    was above what is installed, and nothing was valued.)"""
    from shipyard.systems.highguard.build import Genome, sheet_text

    rock = sheet_text(Genome(20000, 9, 12, 1, 1, 0, 2, 3, 0, 1, 0, 0, 12), "Rock")
    (ship,), _ = parse_highguard(rock, "rock.txt")
    design = recompute(ship)
    assert design.armour_factor == 12 and design.usp["armour"] == 18
    member = FleetMember(ship, design, 1, "warship", Decimal(0), "rock.txt")
    subject = FleetSubject(name="t", path="fleet", members=[member], scenario=Scenario(), span=Span("fleet", 1, 1))
    record = DamageRecord.model_validate({"damage": [{"sheet": "rock.txt", "armour": 17}]})
    scores, found = score_fleet(subject, record, "damage.toml")
    (scored,) = scores.ships
    assert found == [] and [(line.table, line.mcr) for line in scored.lines] == [("4 armour", Decimal(1300))]


def test_no_winner_while_a_ruling_is_pending():
    """The worked battle without its scenario: Red's meson screen 1 -> 0 is a hole (table 7 has no row for 0),
    unruled. Blue leads with 56.955% lost; Red has 8,029.544 of 12,044.316 = 66.667% so far, and at most MCr 80
    more (the screen's value): 67.331%. Blue's worst case stays 56.955% (no hole of its own), below Red's best,
    so the leader stays ahead whatever the ruling, but the standing is provisional and there is no winner."""
    result = runner.invoke(
        app,
        [
            "score",
            *[str(BATTLE / f"{n}.toml") for n in ("fleet-a", "damage-a", "fleet-b", "damage-b")],
            "--format",
            "json",
        ],
    )
    document = json.loads(result.stdout)
    assert document["winner"] is None and document["leader"] == "Blue" and document["standing"] == "provisional"
    assert document["pending_rulings"] == ["screens 1 to 0"] and document["decisive_rulings"] == []
    assert result.exit_code == 1
    ruled = runner.invoke(
        app,
        [
            "score",
            *[str(BATTLE / f"{n}.toml") for n in ("fleet-a", "damage-a", "fleet-b", "damage-b")],
            "--scenario",
            str(BATTLE / "rulings.toml"),
            "--format",
            "json",
        ],
    )
    final = json.loads(ruled.stdout)
    assert final["winner"] == "Blue" and final["standing"] == "final" and final["pending_rulings"] == []


def test_a_pending_ruling_that_could_change_the_winner_is_named():
    """Two fleets of one Vigilant each (MCr 4,014.772). A loses its meson screen (1 -> 0, a hole: MCr 80 at stake,
    nothing counted yet) and 4 turrets (4 x MCr 3 = 12: 0.299%); B loses 10 turrets (MCr 30: 0.747%). A leads, but
    ruled against it the screen adds MCr 80: (12 + 80) / 4014.772 = 2.292%, above B's 0.747%, so that ruling
    could change the winner."""
    assert_lost = [("8 turrets", Decimal(12))]
    from shipyard.systems.tcs.scoring import standing, winner

    a, _ = score_fleet(
        fleet([("vigilant.txt", 1)]),
        DamageRecord.model_validate({"damage": [{"sheet": "vigilant.txt", "meson_screen": 0, "turrets_destroyed": 4}]}),
        "a.toml",
    )
    b, _ = score_fleet(
        fleet([("vigilant.txt", 1)]),
        DamageRecord.model_validate({"damage": [{"sheet": "vigilant.txt", "turrets_destroyed": 10}]}),
        "b.toml",
    )
    assert [(line.table, line.mcr) for line in a.ships[0].lines if line.mcr] == assert_lost
    assert b.lost == 30 and round(a.worst_percentage, 3) == Decimal("2.292")
    best, tie = winner([a, b])
    assert best is a and not tie
    result = standing([a, b], best)
    assert result.provisional and result.pending == ["screens 1 to 0"] and result.decisive == ["screens 1 to 0"]
    assert result.words.endswith("these could change the winner: screens 1 to 0")


def test_names_from_files_print_as_written(tmp_path):
    """A fleet named with rich markup and an OSC 52 (clipboard) sequence: the markup prints as written (no
    MarkupError, no live link) and the ESC and BEL come out as escapes, never raw."""
    import shutil

    for name in (
        "fleet-a.toml",
        "damage-a.toml",
        "fleet-b.toml",
        "damage-b.toml",
        "rulings.toml",
        "vigilant.txt",
        "kinunir.txt",
    ):
        shutil.copy(BATTLE / name, tmp_path)
    fleet_a = tmp_path / "fleet-a.toml"
    fleet_a.write_text(
        fleet_a.read_text().replace('name = "Blue"', 'name = "Blue [/bold][link=http://x]\\u001b]52;c;aGk=\\u0007"')
    )
    result = runner.invoke(
        app,
        [
            "score",
            str(fleet_a),
            str(tmp_path / "damage-a.toml"),
            str(tmp_path / "fleet-b.toml"),
            str(tmp_path / "damage-b.toml"),
            "--scenario",
            str(tmp_path / "rulings.toml"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Blue [/bold][link=http://x]\\x1b]52;c;aGk=\\x07: spent MCr" in result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout


def test_score_with_its_files_swapped_says_which_is_which():
    """A damage record given as FLEET_A and a fleet file as DAMAGE_A: a usage error naming each (exit 2); before, a
    damage record 'holds no High Guard ship' and the fleet file's ships were quoted as a Python list of dicts."""
    battle = FIXTURES / "tcs" / "battle"
    result = runner.invoke(
        app,
        [
            "score",
            str(battle / "damage-a.toml"),
            str(battle / "fleet-a.toml"),
            str(battle / "fleet-b.toml"),
            str(battle / "damage-b.toml"),
        ],
    )
    assert result.exit_code == 2
    words = " ".join(result.output.split())
    assert (
        f"score takes FLEET_A DAMAGE_A FLEET_B DAMAGE_B: {battle / 'damage-a.toml'} is a damage record (given as "
        f"FLEET_A); {battle / 'fleet-a.toml'} is a fleet file (given as DAMAGE_A)"
    ) in words


def test_a_table_refused_in_a_file_is_quoted_as_toml_writes_it(tmp_path):
    """A fleet's ``[[ship]]`` list in a damage record is quoted as TOML writes it, never as Python's dicts
    (before: ``found [{'sheet': 'vigilant.txt', 'count': 2}]``)."""
    from shipyard.systems.tcs.damage import load_record

    record = tmp_path / "damage.toml"
    record.write_text(
        'name = "A"\n[[damage]]\nsheet = "vigilant.txt"\ncopy = 1\nstatus = "destroyed"\n'
        '[[ship]]\nsheet = "vigilant.txt"\ncount = 2\n',
        encoding="utf-8",
    )
    problems: list = []
    load_record(record, problems)
    assert [p.message for p in problems] == [
        "ship: unknown key (expected one of damage, name), found [{ sheet = 'vigilant.txt', count = 2 }]"
    ]
