"""TOML inputs validated with located findings: an unknown key names the keys its own table takes."""

from __future__ import annotations

import pytest
from conftest import ROOT

from shipyard.core.toml_input import load_toml_model
from shipyard.systems.tcs.formation import TurnLog


def messages(text):
    model, found, _ = load_toml_model(text, "log.toml", TurnLog, "FRM010", "FRM011", "TOML turn log")
    assert model is None
    return [(d.span.line, d.message) for d in found]


def test_an_unknown_key_names_its_tables_keys():
    """'colour' is close to no key of a [[turn.move]] table: the finding lists the keys that table takes (as the
    file writes them: 'from', the alias), not the keys of every table of the format."""
    assert messages(
        '[[turn]]\nnumber = 1\n[[turn.move]]\nplayer = 1\nship = "A"\nfrom = "RL"\nto = "BL"\ncolour = "red"\n'
    ) == [
        (
            8,
            "turn[0].move[0].colour: unknown key (expected one of agility_advantage, from, player, ship, to), "
            "found 'red'",
        )
    ]


def test_did_you_mean_looks_in_the_table_itself():
    """'shp' in a move is 'ship'; 'target' belongs to fire entries, not moves, so a move's 'targte' is not offered
    it: the move's own keys are listed instead."""
    assert messages('[[turn]]\nnumber = 1\n[[turn.move]]\nplayer = 1\nshp = "A"\nfrom = "RL"\nto = "BL"\n') == [
        (3, "turn[0].move[0].ship: required value missing"),
        (5, "turn[0].move[0].shp: unknown key (did you mean 'ship'?), found 'A'"),
    ]
    assert messages(
        '[[turn]]\nnumber = 1\n[[turn.move]]\nplayer = 1\nship = "A"\nfrom = "RL"\nto = "BL"\ntargte = "A3"\n'
    )[0][1].startswith("turn[0].move[0].targte: unknown key (expected one of ")


def test_nesting_too_deep_is_a_located_finding():
    """5,000 nested arrays overflow the reader's recursion (a RecursionError before): a finding at the first run
    of openers, here line 2 column 5."""
    assert messages("# deep\na = " + "[" * 5000 + "]" * 5000 + "\n") == [
        (2, "not valid TOML turn log: arrays or tables nested too deep to read")
    ]


def test_an_integer_too_long_is_a_located_finding():
    """Python converts at most 4,300 digits (a ValueError before): the finding is at the number."""
    assert messages("[[turn]]\nnumber = " + "9" * 5000 + "\n") == [
        (2, "not valid TOML turn log: a number of 5000 digits is too long to read (at most 4,300 digits)")
    ]


def test_scenario_and_formation_commands_say_so(tmp_path):
    from conftest import ROOT
    from typer.testing import CliRunner

    from shipyard.cli import app

    runner = CliRunner()
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    result = runner.invoke(app, ["formation", str(deep)])
    assert result.exit_code == 2 and f"{deep}:1:5: error: FRM010" in result.output
    big = tmp_path / "scenario.toml"
    big.write_text("[scenario]\nbudget_mcr = " + "9" * 5000 + "\n")
    result = runner.invoke(app, ["check", "--scenario", str(big), str(ROOT / "examples" / "kuvasz.usd")])
    assert result.exit_code == 2 and f"{big}:2:14: error: SCN001" in result.output


def test_words_from_a_fixed_list_are_read_in_any_case():
    """A Literal field takes its words in any case and spacing, as its list spells them; a mixed-case list and a
    free-text field are left as written."""
    from typing import Literal

    from pydantic import ValidationError

    from shipyard.core.toml_input import AnyCase

    class Entry(AnyCase):
        sand: Literal["none", "blocking", "cloud"] = "none"
        speed: Literal["HA", "LA", "NC"] | None = None
        mixed: Literal["Vis", "IR"] = "Vis"
        name: str = ""

    entry = Entry.model_validate({"sand": " Blocking ", "speed": "ha", "name": "Lion"})
    assert (entry.sand, entry.speed, entry.name) == ("blocking", "HA", "Lion")
    with pytest.raises(ValidationError):
        Entry.model_validate({"mixed": "vis"})
    with pytest.raises(ValidationError):
        Entry.model_validate({"sand": "blockng"})
    with pytest.raises(ValidationError) as refused:  # a word that is none of the list's is quoted as written
        Entry.model_validate({"sand": "Blockng"})
    assert refused.value.errors()[0]["input"] == "Blockng"


def test_a_design_typed_in_capitals_rates_as_written_in_lower_case(tmp_path):
    from shipyard.core.pipeline import load_sheet

    design = ROOT / "examples" / "ffs2" / "seed-examples.toml"
    typed = tmp_path / "typed.toml"
    typed.write_text(
        design.read_text(encoding="utf-8")
        .replace('type = "laser"', 'type = "Laser"')
        .replace('mount = "barbette"', 'mount = "Barbette"'),
        encoding="utf-8",
    )
    assert load_sheet(typed).ships == load_sheet(design).ships


def test_a_sheet_given_for_a_toml_file_is_named_for_what_it_is(tmp_path):
    """``combat battle kuvasz.usd`` (one path: an engagement is wanted) and ``sfc referee`` of a High Guard sheet
    said TOML's "Expected '=' after a key in a key/value pair" at 1:6; now what the file is, at its top. A file
    that is no sheet keeps the TOML reader's own words."""
    from conftest import FIXTURES, ROOT
    from typer.testing import CliRunner

    from shipyard.cli import app

    runner = CliRunner()
    battle = runner.invoke(app, ["combat", "battle", str(ROOT / "examples" / "kuvasz.usd")])
    assert battle.exit_code == 2 and battle.stderr.endswith(
        "kuvasz.usd:1:1: error: CMB001 not valid engagement file: the file is a USD sheet, not TOML ('shipyard "
        "check' and 'shipyard show' read it)\n"
    )
    refereed = runner.invoke(app, ["sfc", "referee", str(FIXTURES / "highguard" / "kinunir-hg80.txt")])
    assert (
        refereed.exit_code == 2 and "SFC003 not valid SFC game log: the file is a High Guard sheet" in refereed.stderr
    )
    junk = tmp_path / "junk.toml"
    junk.write_text("x = [\n", encoding="utf-8")
    assert "SFC003 not valid SFC game log: Invalid value" in runner.invoke(app, ["sfc", "referee", str(junk)]).stderr
