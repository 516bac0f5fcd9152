"""Simple Fleet Combat rosters: read with located errors, checked by ``shipyard check``, shown with points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT
from openpyxl import load_workbook
from typer.testing import CliRunner

from shipyard.cli import app

EXAMPLE = ROOT / "examples" / "sfc" / "imperial-squadron.toml"
runner = CliRunner()

HEAD = '[roster]\nname = "Test"\n'
FLAG = '[[element]]\ntype = "dreadnought"\nflagship = true\n'


def _check(tmp_path: Path, body: str) -> tuple[int, str]:
    path = tmp_path / "roster.toml"
    path.write_text(body, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--no-show-source"])
    return result.exit_code, result.stdout


def test_the_example_is_a_legal_100_point_roster():
    result = runner.invoke(app, ["check", str(EXAMPLE)])
    assert result.exit_code == 0 and "0 error(s), 0 warning(s), 0 info" in result.output
    shown = runner.invoke(app, ["show", str(EXAMPLE)])
    assert "budget 100, total 96, must jump" in shown.stdout and "Lion (Dreadnought) (flagship)" in shown.stdout


def test_one_point_over_budget(tmp_path):
    """Four dreadnoughts (96) and a carrier (4) and a transport (1): 101 of 100."""
    body = (
        HEAD + FLAG + '[[element]]\ntype = "dreadnought"\ncount = 3\n[[element]]\ntype = "carrier"\n'
        '[[element]]\ntype = "transport"\n'
    )
    code, out = _check(tmp_path, body)
    assert code == 1 and "roster.toml:1:1: error: SFC101 101 points of a budget of 100: 1 over" in out  # [roster]
    code, out = _check(tmp_path, body.replace('[[element]]\ntype = "transport"\n', ""))
    assert code == 0 and "SFC101" not in out


def test_a_carrier_with_four_fighters(tmp_path):
    body = HEAD + FLAG + '[[element]]\ntype = "carrier"\ncarries = [{ type = "fighter", count = 4 }]\n'
    code, out = _check(tmp_path, body)
    assert code == 1
    assert "roster.toml:8:1: error: SFC103 Carrier: 4 Fighter element(s) carried, room for 3 a carrier element" in out
    code, out = _check(tmp_path, body.replace("count = 4", "count = 3"))
    assert "SFC103" not in out


def test_fighters_only_on_carriers_and_dreadnoughts(tmp_path):
    _, out = _check(tmp_path, HEAD + FLAG + '[[element]]\ntype = "cruiser"\ncarries = [{ type = "fighter" }]\n')
    assert "SFC103 Cruisers cannot carry Fighter (only Dreadnought, Carrier can)" in out


def test_a_tl13_element_asks_for_a_ruling(tmp_path):
    code, out = _check(tmp_path, HEAD + FLAG + '[[element]]\ntype = "cruiser"\ntl = 13\n')
    assert (
        "roster.toml:8:1: warning: SFC102 Cruisers at TL13: the seed gives points for TL9 x0.5, TL10 x1, "
        "TL11 x1.5, TL12 x2 only; a ruling is needed" in out
    )
    code, out = _check(tmp_path, HEAD + FLAG + '[[element]]\ntype = "cruiser"\ntl = 12\n')
    assert "SFC102" not in out and code == 0


def test_one_flagship(tmp_path):
    code, out = _check(tmp_path, HEAD + '[[element]]\ntype = "cruiser"\n')
    assert code == 1 and "SFC104 no flagship" in out
    code, out = _check(tmp_path, HEAD + FLAG + FLAG)
    assert "SFC104 Dreadnought: one vessel is the flagship, 2 are marked" in out


def test_a_force_that_must_jump(tmp_path):
    body = HEAD + "must_jump = true\n" + FLAG + '[[element]]\ntype = "sdb"\n'
    code, out = _check(tmp_path, body)
    assert code == 1 and "roster.toml:8:1: error: SFC105 SDBs cannot jump, and the force must" in out
    code, out = _check(tmp_path, body.replace("must_jump = true\n", ""))
    assert "SFC105" not in out


@pytest.mark.parametrize(
    "body, line, words",
    [
        (HEAD + '[[element]]\ntype = "cruser"\n', 4, "SFC002"),
        (HEAD + '[[element]]\ntyp = "cruiser"\n', 4, "typ"),
        ("[roster]\nname = \n", 2, "SFC001 not valid SFC roster"),
    ],
)
def test_bad_rosters_are_located(tmp_path, body, line, words):
    code, out = _check(tmp_path, body)
    assert code == 1 and f"roster.toml:{line}:" in out and words in out


def test_a_broken_roster_header_is_unreadable(tmp_path):
    code, out = _check(tmp_path, "[roster\n")
    assert code == 2 and "IO008 not valid TOML" in out and "'shipyard explain IO008' lists the kinds" in out


def test_the_kinds_of_toml_file_are_explained_not_listed_in_each_message(tmp_path):
    """A TOML file of no kind is told the tables it holds; ``explain IO008`` lists every registered kind with its
    table, so a system added changes that page and no finding of another system's files."""
    from shipyard.api import explain
    from shipyard.core.registry import formats

    code, out = _check(tmp_path, "[[case]]\nrule = 'X'\n[notes]\n")
    assert code == 2 and "IO008 a TOML file of no kind shipyard reads (it holds [[case]], [notes])" in out
    assert "[roster]" not in out
    explained = explain("IO008") or ""
    assert all(f"{f.description} ({f.toml_table})" in explained for _, f in formats() if f.toml_table)
    assert "a Simple Fleet Combat roster ([roster])" in explained


def test_the_fleet_against_fleet_table(tmp_path):
    """The squadron against a TL12 cruiser and a TL11 SDB wing. The TL11 cruisers (8) against the TL11 SDBs (4):
    4 + (a - d), destroyed when a - d >= 1 (15/36 = 5/12), damaged when -3..0 (3+4+5+6 = 18/36 = 1/2). Against
    the TL12 cruiser, one TL behind (a rolled 6 is 1): damaged (1+2+3+4)/36 = 5/18, never destroyed. Tenders and
    transports cannot initiate combat: no row."""
    other = tmp_path / "zhodani.toml"
    other.write_text(
        '[roster]\nname = "Zhodani"\n[[element]]\ntype = "cruiser"\ntl = 12\nflagship = true\n'
        '[[element]]\ntype = "sdb"\ntl = 11\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["sfc", "table", str(EXAMPLE), str(other), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    cells = {
        (c["attacker"], c["attacker_tl"], c["defender"]): (c["damaged"]["exact"], c["destroyed"]["exact"])
        for c in data["odds"]
    }
    assert cells["cruiser", 11, "sdb"] == ("1/2", "5/12") and cells["cruiser", 11, "cruiser"] == ("5/18", "0")
    assert not [c for c in data["odds"] if c["attacker"] == "transport"]
    book = tmp_path / "odds.xlsx"
    assert runner.invoke(app, ["sfc", "table", str(EXAMPLE), str(other), "-o", str(book)]).exit_code == 0
    workbook = load_workbook(book)
    damaged = list(workbook["Damaged"].iter_rows(values_only=True))
    assert damaged[0] == ("attacker \\ defender", "cruiser TL12", "sdb TL11") and damaged[3][2] == 0.5
    assert workbook["Damaged"]["C4"].number_format == "0.00%" and workbook["Destroyed"]["C4"].value == 5 / 12
    pairs = {row[:4]: row[4:] for row in workbook["Pairs"].iter_rows(min_row=2, values_only=True)}
    assert pairs["cruiser", 11, "sdb", 11] == (1 / 12, 0.5, 5 / 12, "1/2", "5/12")  # no effect: 1 - 1/2 - 5/12
    page = tmp_path / "odds.html"
    assert runner.invoke(app, ["sfc", "table", str(EXAMPLE), str(other), "-o", str(page)]).exit_code == 0
    assert "Odds of one attack" in page.read_text(encoding="utf-8") and "50.0% / 41.7%" in page.read_text()
    assert "Odds: <strong>of one attack by each of" in page.read_text() and "Verdict:" not in page.read_text()


def test_the_table_refuses_what_is_not_a_roster():
    result = runner.invoke(app, ["sfc", "table", str(EXAMPLE), str(ROOT / "examples" / "kuvasz.usd")])
    assert result.exit_code == 2 and "not a Simple Fleet Combat roster" in result.stderr


def test_a_dreadnoughts_24_points_pay_for_its_embarked_fighter(tmp_path):
    """ "Dreadnought: One large or two smaller dreadnoughts and 1 embarked fighter element, if any. 24 points."
    shipyard reads the fighter as paid for by the 24: the example's Lion (TL12, x2: 48) carries a TL12 fighter
    (2 x 2 = 4) that is not counted again, so the roster is 48 + 24 (2 TL11 cruisers, 8 x 1.5 each) + 4 (a carrier)
    + 6 (its 3 fighters) + 8 (2 escorts) + 2 (an assault transport) + 4 (4 transports) = 96. With
    ``fighter_in_dreadnought_points = false`` the fighter counts: 100."""
    shown = runner.invoke(app, ["show", str(EXAMPLE)])
    assert "budget 100, total 96" in shown.stdout
    other = tmp_path / "other.toml"
    other.write_text(
        EXAMPLE.read_text().replace("must_jump = true", "must_jump = true\nfighter_in_dreadnought_points = false"),
        encoding="utf-8",
    )
    assert "budget 100, total 100" in runner.invoke(app, ["show", str(other)]).stdout


def test_a_second_fighter_in_a_dreadnought_is_counted_and_refused(tmp_path):
    """Two TL12 fighters in one dreadnought: the first paid for by its 24 points, the second counted (2 x 2 = 4:
    the roster 96 + 4 = 100), and SFC103 (a dreadnought has room for one)."""
    body = EXAMPLE.read_text().replace(
        'carries = [{ type = "fighter", tl = 12 }]', 'carries = [{ type = "fighter", tl = 12, count = 2 }]'
    )
    code, out = _check(tmp_path, body)
    assert code == 1 and "SFC103" in out
    assert "budget 100, total 100" in runner.invoke(app, ["show", str(tmp_path / "roster.toml")]).stdout
