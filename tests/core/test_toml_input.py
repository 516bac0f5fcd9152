"""TOML inputs validated with located findings: an unknown key names the keys its own table takes."""

from __future__ import annotations

from shipyard.core.toml_input import load_toml_model
from shipyard.systems.tcs.formation import TurnLog


def messages(text):
    model, found, _ = load_toml_model(text, "log.toml", TurnLog, "FRM010", "FRM011", "TOML turn log")
    assert model is None
    return [(d.span.line, d.message) for d in found]


def test_an_unknown_key_names_its_tables_keys():
    """'colour' is close to no key of a [[turn.move]] table: the finding lists the keys that table takes (as the
    file writes them: 'from', the alias), not the keys of every table of the format."""
    assert messages('[[turn]]\nnumber = 1\n[[turn.move]]\nplayer = 1\nship = "A"\nfrom = "RL"\nto = "BL"\n'
                    'colour = "red"\n') == [
        (8, "turn[0].move[0].colour: unknown key (expected one of agility_advantage, from, player, ship, to), "
            "found 'red'")]


def test_did_you_mean_looks_in_the_table_itself():
    """'shp' in a move is 'ship'; 'target' belongs to fire entries, not moves, so a move's 'targte' is not offered
    it: the move's own keys are listed instead."""
    assert messages('[[turn]]\nnumber = 1\n[[turn.move]]\nplayer = 1\nshp = "A"\nfrom = "RL"\nto = "BL"\n') == [
        (3, "turn[0].move[0].ship: required value missing"),
        (5, "turn[0].move[0].shp: unknown key (did you mean 'ship'?), found 'A'")]
    assert messages('[[turn]]\nnumber = 1\n[[turn.move]]\nplayer = 1\nship = "A"\nfrom = "RL"\nto = "BL"\n'
                    'targte = "A3"\n')[0][1].startswith("turn[0].move[0].targte: unknown key (expected one of ")
