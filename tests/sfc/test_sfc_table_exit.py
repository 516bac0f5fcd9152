"""``sfc table`` exits as every command does: 1 when a roster read has an error finding, the table still given."""

from __future__ import annotations

from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()
ROSTER = ROOT / "examples" / "sfc" / "imperial-squadron.toml"


def test_a_roster_over_its_budget_exits_1_with_the_table(tmp_path):
    """96 points of a budget of 10 (SFC101): before, exit 0."""
    over = tmp_path / "over.toml"
    over.write_text(ROSTER.read_text(encoding="utf-8").replace("budget = 100", "budget = 10"), encoding="utf-8")
    result = runner.invoke(app, ["sfc", "table", str(over), str(ROSTER)])
    assert result.exit_code == 1 and "SFC101 96 points of a budget of 10: 86 over" in result.stderr
    assert result.stdout
    assert runner.invoke(app, ["sfc", "table", str(ROSTER), str(ROSTER)]).exit_code == 0
