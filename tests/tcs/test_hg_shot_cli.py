"""``shipyard tcs shot`` from the command line: the exact odds as text and JSON on the published sheets, the
readings and the overlays as options, and every bad input a located finding with a linter's exit code."""

from __future__ import annotations

import json

from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()
COPIES = ROOT / "fixtures" / "highguard" / "copies" / "tcs1981"
EURISKO, CISOR = str(COPIES / "eurisko.txt"), str(COPIES / "cisor.txt")
SQUADRON = str(ROOT / "fixtures" / "tcs" / "squadron" / "squadron.txt")


def shot(*arguments: str):
    return runner.invoke(app, ["tcs", "shot", *arguments])


def test_json_of_the_cisor_spinal_against_the_eurisko():
    """Reference §7.3 through the command: 11/12 to hit, screen 5/12, configuration 5/18, 275/2592 through, four
    sets of radiation and interior rolls, no automatic critical."""
    result = shot(CISOR, EURISKO, "-b", "meson", "-r", "short", "--format", "json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["battery"] == {
        "weapon": "meson",
        "factor": 12,
        "code": "C",
        "spinal": True,
        "batteries": 1,
        "bearing": 1,
    }
    assert (document["to_hit"]["number"], document["to_hit"]["dm"]) == (5, 1)
    assert document["p_hit"] == {"exact": "11/12", "p": 11 / 12}
    assert [(r["roll"], r["number"], r["p"]["exact"]) for r in document["penetration"]] == [
        ("meson screen 1", 8, "5/12"),
        ("configuration 9", 9, "5/18"),
    ]
    assert document["p_through"]["exact"] == "275/2592"
    assert document["damage"]["sets"] == 4 and document["damage"]["automatic_criticals"] == 0
    assert [t["table"] for t in document["damage"]["tables"]] == ["radiation", "interior"]
    assert document["damage"]["tables"][1]["results"]["Fuel tanks shattered"]["exact"] == "1/9"
    assert document["rerolls"] is False and document["readings"] == {} and document["diagnostics"] == []


def test_text_names_each_roll_and_its_chance():
    result = shot(EURISKO, CISOR, "-b", "missile", "-r", "long", "--defence", "sand=1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Eurisko, one missile battery, factor 3 (29 of 29 bearing) at Cisor, long range"
    assert lines[1] == "to hit: 5 on 2D, DMs long range +0 = +0: 2D >= 5: 83.3% (5/6)"
    assert "  nuclear damper 1: 8 on 2D, no DM: 2D >= 8: 41.7% (5/12)" in lines
    assert "  sandcaster 4: 6 on 2D, no DM: 2D >= 6: 72.2% (13/18)" in lines
    assert "hits and gets through: 25.1% (325/1296)" in lines  # 5/6 x 5/12 x 13/18
    assert "assumed: Eurisko: missiles nuclear (the sheet does not say; reading missiles)" in lines
    assert "note: the radiation table's computer results do nothing to Cisor's fib computer (TML97)" in lines


def test_a_reading_and_the_rerolls_change_the_odds():
    """The Eurisko's laser (3) at the Cisor's sandcaster (4), long: to hit 7 with -1 at long, DM -1 (0 computer,
    0 agility, 0 size): 2D >= 8, 5/12. Sand: 6 + 4 - 3 = 7, 21/36 (PL); 8 + 4 - 3 = 9, 10/36 (RB)."""
    plain = json.loads(shot(EURISKO, CISOR, "-b", "laser", "-r", "long", "--defence", "sand", "-f", "json").stdout)
    assert (plain["p_hit"]["exact"], plain["p_penetrate"]["exact"]) == ("5/12", "7/12")
    rb = shot(
        EURISKO, CISOR, "-b", "laser", "-r", "long", "--defence", "sand", "--reading", "beam_sand_base=8", "-f", "json"
    )
    document = json.loads(rb.stdout)
    assert document["p_penetrate"]["exact"] == "5/18" and document["readings"] == {"beam_sand_base": "8"}
    rerolled = json.loads(shot(EURISKO, CISOR, "-b", "laser", "-r", "long", "--rerolls", "-f", "json").stdout)
    assert rerolled["p_hit"]["exact"] == "5/12"  # a natural 12 already hits: nothing to re-roll
    assert rerolled["rerolls"] is True


def test_bad_inputs_are_findings_with_exit_codes(tmp_path):
    wrong_battery = shot(EURISKO, CISOR, "-b", "pa", "-r", "long")
    assert wrong_battery.exit_code == 2
    assert "TCB002 Eurisko has no battery 'pa': its batteries are laser x1, energy x1, missile x29" in " ".join(
        wrong_battery.stderr.split()
    )
    energy_long = shot(EURISKO, CISOR, "-b", "energy", "-r", "long")
    assert energy_long.exit_code == 1 and "TCB003 energy weapons cannot fire at long range" in energy_long.stderr
    assert shot(EURISKO, CISOR, "-b", "energy", "-r", "short").exit_code == 0
    reading = shot(EURISKO, CISOR, "-b", "laser", "-r", "long", "--reading", "beam_sand=8")
    assert reading.exit_code == 2 and "did you mean 'beam_sand_base'" in reading.stderr
    value = shot(EURISKO, CISOR, "-b", "laser", "-r", "long", "--reading", "beam_sand_base=7")
    assert value.exit_code == 2 and "beam_sand_base takes 6 or 8, not '7'" in value.stderr
    defence = shot(EURISKO, CISOR, "-b", "laser", "-r", "long", "--defence", "sandbags=2")
    assert defence.exit_code == 2 and "--defence" in defence.stderr
    usd = shot(str(ROOT / "examples" / "kuvasz.usd"), CISOR, "-b", "laser", "-r", "long")
    assert usd.exit_code == 2 and "TCB001 no High Guard ship in this file" in usd.stderr
    missing = shot(str(tmp_path / "none.txt"), CISOR, "-b", "laser", "-r", "long", "-f", "json")
    assert missing.exit_code == 2 and json.loads(missing.stdout)["diagnostics"][0]["code"] == "IO001"


def test_a_sheet_of_several_ships():
    """The first fights and that is said; a name chooses another; a name that is none of them says what is there."""
    first = shot(SQUADRON, EURISKO, "-b", "missile", "-r", "long")
    assert first.exit_code == 0 and first.stdout.startswith("Eurisko, one missile battery")
    assert "TCB004" in first.stderr
    named = shot(SQUADRON, EURISKO, "-b", "missile", "-r", "long", "--attacker-ship", "bd-cisor")
    assert named.exit_code == 0 and named.stdout.startswith("BD-Cisor,") and "TCB004" not in named.stderr
    wrong = shot(SQUADRON, EURISKO, "-b", "missile", "-r", "long", "--attacker-ship", "Cisr")
    assert wrong.exit_code == 2 and "no ship named 'Cisr' (did you mean" in " ".join(wrong.stderr.split())


def test_the_readings_are_listed():
    result = runner.invoke(app, ["tcs", "readings"])
    assert result.exit_code == 0
    assert "beam_sand_base\n  6 (default): beam vs sandcaster: 6 + sandcaster - beam" in result.stdout
