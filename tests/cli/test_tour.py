"""The README's tour as a newcomer takes it, on a terminal 80 and 50 columns wide (COLUMNS): no line of what a
command prints, on standard output or standard error, is wider than the terminal. Some lines are whole by design:
a located line (a finding, ``path:line:col: severity: CODE message``, or a change ``diff`` places,
``path:line:col: field: old -> new``: one line for editors and CI annotators, as every linter prints it) and the
sheet line quoted under a finding; and the sheet ``convert`` prints (a file's text, to be saved and read back;
it is not in the tour for that reason)."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import whole_app

LOCATED = re.compile(r"^\s*\S+:\d+:\d+: ")
#: A finding's quoted source line and its caret, under it: the sheet's line as it is.
SOURCE = re.compile(r"^\s+\d*\s\|")
TOUR = [
    ["check", "examples/"],
    ["show", "examples/kuvasz.usd"],
    ["rules"],
    ["explain", "MCS001"],
    ["diff", "examples/kuvasz.usd", "examples/midu-agashaan.usd"],
    ["audit", "examples/fleet"],
    ["check", "--scenario", "examples/fleet/scenario.toml", "examples/fleet/"],
    [
        "score",
        "fixtures/tcs/battle/fleet-a.toml",
        "fixtures/tcs/battle/damage-a.toml",
        "fixtures/tcs/battle/fleet-b.toml",
        "fixtures/tcs/battle/damage-b.toml",
    ],
    ["formation"],
    [
        "tcs",
        "shot",
        "fixtures/highguard/copies/tcs1981/cisor.txt",
        "fixtures/highguard/copies/tcs1981/eurisko.txt",
        "-b",
        "meson",
        "-r",
        "short",
    ],
    ["tcs", "readings"],
    ["tcs", "battle", "fixtures/tcs/battle/fleet-a.toml", "fixtures/tcs/battle/fleet-b.toml", "-n", "40", "-j", "1"],
    ["tcs", "battle", "fixtures/tcs/battle/fleet-a.toml", "fixtures/tcs/battle/fleet-b.toml"],
    ["combat", "shot", "examples/kuvasz.usd", "examples/hollyfields.usd", "-b", "#2", "-r", "m"],
    ["combat", "resolve", "examples/coronation-hollyfields.toml"],
    ["combat", "battle", "examples/kuvasz.usd", "examples/midu-agashaan.usd", "-n", "50", "-j", "1"],
    ["combat", "battle", "examples/kuvasz.usd", "examples/midu-agashaan.usd", "-n", "1"],
    ["sfc", "odds", "cruiser", "escort", "--attacks", "100"],
    ["sfc", "table", "examples/sfc/imperial-squadron.toml", "examples/sfc/imperial-squadron.toml"],
    ["sfc", "referee", "examples/sfc/game.toml"],
    ["darkstars", "generate", "--seed", "1"],
    ["darkstars", "referee", "examples/darkstars/game.toml"],
    ["darkstars", "moves", "examples/darkstars/game.toml", "--ship", "sword"],
]


@pytest.mark.parametrize("width", [80, 50])
@pytest.mark.parametrize("command", TOUR, ids=lambda c: " ".join(c[:2]))
def test_no_line_is_wider_than_the_terminal(command, width, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(whole_app(), command, env={"COLUMNS": str(width)})
    assert result.exit_code in (0, 1), result.output
    printed = result.stdout.splitlines() + result.stderr.splitlines()
    wide = [line for line in printed if len(line) > width and not LOCATED.match(line) and not SOURCE.match(line)]
    assert wide == [], "\n".join(wide)
