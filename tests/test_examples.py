"""Every file in examples/ is read by the CLI without error, so the examples cannot rot."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from shipyard.cli import app
from conftest import ROOT

EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file())


def test_there_are_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_example_shows_cleanly(path):
    result = CliRunner().invoke(app, ["show", str(path)])
    assert result.exit_code == 0, result.output
    assert "error:" not in result.stderr
