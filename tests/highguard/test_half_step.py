"""Half-step plants (TCS82 clarification 5: at TL13 power plant numbers may be .5, 1, 1.5 ...) and plants that are
a whole percentage of the hull with a fractional Pn: both designs pass every rule clean."""

from __future__ import annotations

from decimal import Decimal

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.parse import parse_highguard

HG = FIXTURES / "highguard"
runner = CliRunner()


def design(name):
    (ship,), diagnostics = parse_highguard((HG / name).read_text(), name)
    assert diagnostics == []
    return recompute(ship)


def test_tl13_plant_of_pn_one_and_a_half():
    """The Picket: 5000 tons at TL13 (2 tons of plant per EP), a 150-ton plant: 3% of the hull, whole;
    Pn = 100 x 150 / 5000 / 2 = 1.5 ("Factor-1.5"), EP = 150 / 2 = 75 = 0.01 x 5000 x 1.5; plant fuel the same
    75 tons for 28 days; the USP power digit 1 (Pn 1.5 read down), above J1 and M1."""
    picket = design("picket-tl13-half-step.txt")
    assert picket.drives["power"].potential == Decimal("1.5")
    assert picket.ep_output == 75


def test_tl12_plant_of_thirteen_percent():
    """The 13% Vigilant: 650 tons of plant on 5000 at TL12 (3 tons per EP): Pn = 13 / 3 = 4.333..., EP 216.666...,
    printed +216.667 on its plant line and EP=216.667 in its summary, which agree at three places."""
    vigilant = design("plant-13-percent.txt")
    assert vigilant.drives["power"].potential == Decimal(13) / 3
    assert round(vigilant.ep_output, 3) == Decimal("216.667")


@pytest.mark.parametrize("name", ["picket-tl13-half-step.txt", "plant-13-percent.txt"])
def test_half_step_designs_pass_clean(name):
    result = runner.invoke(app, ["check", str(HG / name), "--level", "warning"])
    assert result.exit_code == 0 and result.stdout == "", result.stdout
