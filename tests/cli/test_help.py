"""Help text is plain: square brackets in it print as written (rich markup ate "[scenario.rulings]" and
"[default: every core]"), and every option of every command says what it does."""

from __future__ import annotations

import typer.main
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()


def test_brackets_in_help_print_as_written() -> None:
    assert "its [scenario.rulings] fill the" in " ".join(runner.invoke(app, ["score", "--help"]).output.split())
    assert "Worker processes [default: every core]." in " ".join(runner.invoke(app, ["check", "--help"]).output.split())


def test_every_option_is_described() -> None:
    command = typer.main.get_command(app)
    undescribed = [(name, param.name) for name, sub in command.commands.items()  # type: ignore[attr-defined]
                   for param in sub.params if isinstance(param, typer.core.TyperOption) and not param.help]
    assert undescribed == []
