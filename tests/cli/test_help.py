"""Help text is plain: square brackets in it print as written (rich markup ate "[scenario.rulings]" and
"[default: every core]"), every option of every command says what it does, and a run that builds only the
command it names says what the whole app says."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from contract import commands as _commands
from typer.testing import CliRunner

from shipyard.cli import app

runner = CliRunner()


def test_brackets_in_help_print_as_written() -> None:
    assert "its [scenario.rulings] fill the" in " ".join(runner.invoke(app, ["score", "--help"]).output.split())
    assert "Worker processes [default: every core]." in " ".join(runner.invoke(app, ["check", "--help"]).output.split())


def test_every_option_of_every_command_is_described() -> None:
    found = list(_commands(typer.main.get_command(app)))
    undescribed = [
        (path, param.name)
        for path, command in found
        for param in command.params
        if isinstance(param, typer.core.TyperOption) and not param.help
    ]
    assert undescribed == [] and len(found) > 20  # the groups' commands (combat shot, sfc referee ...) too
    assert [path for path, command in found if not command.help] == []


def test_the_description_names_the_work_of_each_command_group() -> None:
    """What each group's commands do is in the top-level description (it said only "Dark Stars systems" once
    the game logs were refereed too)."""
    words = " ".join(runner.invoke(app, ["--help"]).output.split())
    for said in (
        "resolve MCS combat with exact odds and fight battles",
        "Simple Fleet Combat odds and game logs refereed",
        "Dark Stars systems generated, drawn and their plots refereed",
    ):
        assert said in words
    from shipyard.core.registry import command_groups

    groups = {path.split()[1] for path, _ in _commands(typer.main.get_command(app)) if len(path.split()) == 3}
    assert groups == {g.name for g in command_groups() if not g.single}  # each registered group is listed


def test_no_option_is_shown_as_a_python_type() -> None:
    """An option that takes a list says what it takes (``--select CODES``), never typer's ``<list[str]>``."""
    shown = [
        (path, param.name)
        for path, command in _commands(typer.main.get_command(app))
        for param in command.params
        if isinstance(param, typer.core.TyperOption)
        and "list[" in (param.get_help_record(typer.Context(command)) or ("", ""))[0]
    ]
    assert shown == []
    assert "--select CODES " in runner.invoke(app, ["check", "--help"]).output


def test_a_run_builds_only_the_command_it_names_and_says_the_same():
    """typer builds every command's options at each start; a run builds the one it names. Its help, usage
    errors and work are the whole app's, and a line naming no command gets the whole app."""
    from shipyard.cli import for_command, whole_app

    check = for_command(["check"])
    assert [c.name for c in check.registered_commands] == ["check"] and check.registered_groups == []
    assert [g.name for g in for_command(["combat"]).registered_groups] == ["combat"]
    for words in ([], ["--help"], ["--version"], ["chek"], ["-"]):
        assert for_command(words) is whole_app()  # the app of this run (a test that adds a system builds anew)
    for words in (
        ["check", "--help"],
        ["combat", "shot", "--help"],
        ["check"],
        ["check", "--select", "MSC", "x"],
        ["check", "--no-such-option"],
        ["explain", "MCS001"],
    ):
        alone, whole = runner.invoke(for_command(words), words), runner.invoke(app, words)
        assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output), words
    assert "Usage: shipyard check [OPTIONS] " in runner.invoke(for_command(["check"]), ["check"]).output


def test_the_installed_script_runs_the_command_it_names():
    """The ``shipyard`` script of the environment the tests run in (pyproject's entry point), in a process of
    its own: its start-up freezes the collector's view of its imports, which a test process should not have."""
    script = shutil.which("shipyard", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("shipyard is not installed beside this python (the README's test command installs it)")
    run = subprocess.run([script, "explain", "MCS001"], capture_output=True, text=True)
    assert run.returncode == 0 and "MCS001" in run.stdout
    run = subprocess.run([script, "chek"], capture_output=True, text=True)
    assert run.returncode == 2 and "No such command 'chek'. Did you mean 'check'?" in run.stderr
