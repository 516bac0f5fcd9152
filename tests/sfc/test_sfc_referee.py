"""Simple Fleet Combat game logs refereed: a legal game applies its rolls; a log with one illegal entry of each
kind gets exactly those findings, at their lines."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.sfc.referee import referee

GAME = ROOT / "examples" / "sfc" / "game.toml"
runner = CliRunner()

#: One illegal entry of each kind, each commented with the finding it earns.
ILLEGAL = """[world]
diameter = 8000
[[side]]
name = "A"
[[side.element]]
id = "dn"
type = "dreadnought"
position = [20, 0]
facing = 180
flagship = true
[[side.element]]
id = "tender"
type = "tender"
position = [30, 0]
facing = 180
[[side.element]]
id = "cr"
type = "cruiser"
position = [27, 0]
[[side.element]]
id = "esc"
type = "escort"
position = [25, 5]
facing = 180
status = "stationary"
[[side.element]]
id = "near"
type = "escort"
position = [10, 5]
[[side]]
name = "B"
[[side.element]]
id = "c1"
type = "cruiser"
position = [17, 0]
flagship = true
[[side.element]]
id = "c2"
type = "cruiser"
position = [17, 10]
[[side.element]]
id = "c3"
type = "cruiser"
position = [18, 2]
[[turn]]
side = "A"
command_roll = 1
[[turn.command]]
kind = "facing"
elements = ["cr"]
facing = 90
[[turn.command]]  # SFC201: a second command, one point rolled
kind = "jump"
elements = ["near"]  # SFC209: 11.2" from the world, inside its 16" jump limit
[[turn.move]]
element = "dn"
to = [18, 1]  # SFC202: not straight ahead (not made: dn stays at [20, 0])
[[turn.move]]
element = "esc"
to = [24, 5]  # SFC203: stationary
[[turn.move]]
element = "tender"
to = [27, 0]  # SFC204: onto the cruisers
[[turn.fire]]
element = "dn"
target = "c1"
attack_roll = 6
defence_roll = 1
[[turn.fire]]
element = "dn"
target = "c2"  # SFC205: 10.4" away; SFC208: 10" from the last target
successive = 1
attack_roll = 1
defence_roll = 6
[[turn.fire]]
element = "dn"  # SFC206: it has fired
target = "c3"
attack_roll = 1
defence_roll = 6
[[turn.fire]]
element = "tender"  # SFC207: tenders do not initiate combat
target = "c3"
attack_roll = 1
defence_roll = 6
"""


def test_the_example_game_is_legal_and_applies_its_rolls():
    result = referee(GAME)
    assert result.diagnostics == []
    first, second = result.turns
    assert first.lines[1] == "lion at sdbs: 4 + 16 against 2 + 4: destroyed"
    assert second.lines[0] == "command points: 1 (rolled 2), spent 0"  # 2 + 1 (higher TL), halved (flagship lost)
    assert second.forces[0] == {"side": "Imperials", "elements": 3, "damaged": [], "points": 54.0, "lost": ["cruisers"]}


def test_each_illegal_entry_gets_its_finding(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(ILLEGAL, encoding="utf-8")
    lines = ILLEGAL.splitlines()
    found = [(lines[d.span.line - 1], d.code) for d in sorted(referee(path).diagnostics, key=lambda d: d.sort_key)]
    assert [code for _, code in found] == [
        "SFC201",
        "SFC209",
        "SFC202",
        "SFC203",
        "SFC204",
        "SFC205",
        "SFC208",
        "SFC206",
        "SFC207",
    ]
    for text, code in found:  # each at the line whose comment names it
        assert code in text, (code, text)


def test_the_command_line(tmp_path):
    result = runner.invoke(app, ["sfc", "referee", str(GAME), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [t["side"] for t in data["turns"]] == ["Imperials", "Zhodani"]
    path = tmp_path / "game.toml"
    path.write_text(ILLEGAL, encoding="utf-8")
    bad = runner.invoke(app, ["sfc", "referee", str(path)])
    assert bad.exit_code == 1 and "SFC207 tender (Tender) cannot initiate combat" in bad.stderr
    path.write_text(ILLEGAL.replace("attack_roll = 6", "attack_roll = 7"), encoding="utf-8")
    assert runner.invoke(app, ["sfc", "referee", str(path)]).exit_code == 2  # a die of 7: SFC004
    checked = runner.invoke(app, ["check", str(path)])  # the game log refereed by check as by `sfc referee`
    assert checked.exit_code == 1 and "SFC004" in checked.stdout


@pytest.mark.parametrize(
    "old, new, found",
    [
        (
            'id = "cruisers"',
            'id = "lion"',
            [
                ("SFC211", 20, "element id 'lion' is given twice: the second is not played"),
                ("SFC210", 65, "no element 'cruisers' (did you mean 'zcruiser'?)"),
            ],
        ),
        (
            'inside = "carrier"',
            'inside = "carier"',
            [("SFC210", 35, "no element 'carier' (did you mean 'carrier'?): expected one of lion, cruisers, carrier")],
        ),
        (
            'inside = "carrier"',
            'inside = "zcruiser"',
            [("SFC210", 35, "wing is stacked inside 'zcruiser', an element of Zhodani")],
        ),
        (
            'element = "cruisers"',
            'element = "crusers"',
            [("SFC210", 71, "no element 'crusers' (did you mean 'cruisers'?)")],
        ),
        (
            "tl = 12\nposition = [20, 0]",
            "tl = 13\nposition = [20, 0]",
            [
                (
                    "SFC212",
                    15,
                    "lion at TL13: the seed gives points for TL9, TL10, TL11, TL12 only; its points count "
                    "nothing in the force totals",
                )
            ],
        ),
    ],
)
def test_the_elements_a_log_names(tmp_path, old, new, found):
    """Every element of the example log, as a typist could get it wrong: each said at its line, once (the
    element's later entries aside), with the one meant."""
    text = GAME.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "game.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    said = [(d.code, d.span.line, d.message) for d in referee(path).diagnostics]
    for code, line, words in found:
        assert any(c == code and n == line and words in m for c, n, m in said), said
    assert {c for c, _, _ in said} <= {code for code, _, _ in found} | {"SFC202", "SFC205"}, said


def test_a_game_log_in_utf16(tmp_path):
    """A game log saved as Notepad's "Unicode" is refereed as the example is; its encoding is an info, so the
    exit stays 0."""
    path = tmp_path / "game.toml"
    path.write_bytes(b"\xff\xfe" + GAME.read_text(encoding="utf-8").encode("utf-16-le"))
    found = referee(path)
    assert [t.lines for t in found.turns] == [t.lines for t in referee(GAME).turns]
    assert [d.code for d in found.diagnostics] == ["IO005"]
    assert runner.invoke(app, ["sfc", "referee", str(path)]).exit_code == 0


def test_commands_cost_double_far_from_the_flagship(tmp_path):
    """A command for an element 13" from the flagship costs 2: two such commands (4) overspend a roll of 3; one
    near the flagship and one far (3) do not."""
    head = (
        '[world]\ndiameter = 1000\n[[side]]\nname = "A"\n[[side.element]]\nid = "f"\ntype = "cruiser"\n'
        'position = [0, 5]\nflagship = true\n[[side.element]]\nid = "far"\ntype = "escort"\n'
        'position = [13, 5]\n[[side]]\nname = "B"\n[[side.element]]\nid = "b"\ntype = "escort"\n'
        'position = [50, 50]\nflagship = true\n[[turn]]\nside = "A"\ncommand_roll = 3\n'
    )
    order = '[[turn.command]]\nkind = "status"\nelements = ["{}"]\nstatus = "stationary"\n'
    path = tmp_path / "game.toml"
    path.write_text(head + order.format("far") + order.format("far"), encoding="utf-8")
    found = referee(path)
    assert [d.code for d in found.diagnostics] == ["SFC201"] and found.turns[0].lines[0].endswith("spent 4")
    path.write_text(head + order.format("f") + order.format("far"), encoding="utf-8")
    assert referee(path).diagnostics == [] and referee(path).turns[0].lines[0].endswith("spent 3")


def test_a_fire_ruled_illegal_is_not_applied(tmp_path):
    """The illegal log's second fire (SFC205: c2 is 10.4" off, beyond the dreadnought's range; SFC208: 10" from the
    last target) rolls 1 against 6, and its fourth (SFC207) is a tender's: neither is made, so neither changes
    anything and each is said as not applied. The first fire, legal, is applied: 6 + its attack against 1 + the
    cruiser's defence destroys c1."""
    path = tmp_path / "game.toml"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = referee(path)
    first = result.turns[0].lines
    fires = [line for line in first if " at c" in line]
    assert fires[0].startswith("dn at c1: 6 + ") and fires[0].endswith("destroyed")
    assert fires[1] == "dn at c2: illegal (SFC208, SFC205), not applied"
    assert fires[2] == "dn at c3: illegal (SFC206), not applied"
    assert fires[3] == "tender at c3: illegal (SFC207), not applied"
    assert result.turns[0].forces[1]["lost"] == ["c1"]


def test_an_illegal_move_is_not_made(tmp_path):
    """SFC "Movement": "cruising elements move 1-3 inches straight ahead". The dreadnought's move off its facing is
    SFC202 and is not made, as an illegal fire is not applied: it stays at (20, 0), and its fire at c1 is measured
    from there (3", within range: legal and applied). Before, the move was kept and later ranges were measured from
    the illegal square."""
    path = tmp_path / "game.toml"
    path.write_text(ILLEGAL, encoding="utf-8")
    result = referee(path)
    said = {d.code: d.message for d in result.diagnostics}
    assert said["SFC202"].endswith("the move is not made: dn stays at (20, 0)")
    assert said["SFC203"].endswith("the move is not made: esc stays at (25, 5)")
    assert result.turns[0].lines[1].startswith("dn at c1: 6 + ")
