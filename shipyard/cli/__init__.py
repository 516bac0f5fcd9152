"""The shipyard command line: a thin typer app over shipyard.api, one module per command, and the groups of
commands each system registers (``System.commands``), assembled from the registry."""

from __future__ import annotations

import sys

import typer

from shipyard.cli import audit, check, convert, diff, export, formation, rules, score, show
from shipyard.core.registry import command_groups
from shipyard.core.registry import load as load_part


def _new_app() -> typer.Typer:
    return typer.Typer(
        name="shipyard",
        help="Read, check, compare, convert, audit and score Traveller starship sheets: MCS and T4 USD sheets, FFS "
        "designs, High Guard sheets and fleets judged by the TCS 1982 rules; resolve MCS combat with exact "
        "odds and fight battles; Simple Fleet Combat odds and game logs refereed; Dark Stars systems generated, "
        "drawn and their plots refereed.",
        no_args_is_help=True,
        add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
        pretty_exceptions_enable=False,
        rich_markup_mode=None,  # help text is plain: "[scenario.rulings]" and "[default: ...]" print as written
    )


app = _new_app()


def _version(value: bool) -> None:
    if value:
        import shipyard

        typer.echo(f"shipyard {shipyard.__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """shipyard: Traveller starship sheets, read faithfully."""


app.command("show")(show.show)
app.command("check")(check.check)
app.command("audit")(audit.audit)
app.command("export")(export.export)
app.command("score")(score.score)
app.command("formation")(formation.formation)
app.command("convert")(convert.convert)
app.command("diff")(diff.diff)
app.command("rules")(rules.rules)
app.command("explain")(rules.explain)
for _group in command_groups():
    app.add_typer(load_part(_group.app), name=_group.name)


def for_command(words: list[str]) -> typer.Typer:
    """The app a command line needs: with only the command its first word names, when it names one (typer
    builds every command's options from its function's signature at each start, a twentieth of a one-sheet
    check's start-up, and a run uses one), else the whole app (help, the version, completion, a misspelt
    command's error, which lists them all)."""
    word = words[0] if words else ""
    commands = [command for command in app.registered_commands if command.name == word]
    groups = [group for group in app.registered_groups if group.name == word]
    if not commands and not groups:
        return app
    narrow = _new_app()
    narrow.registered_callback = app.registered_callback
    narrow.registered_commands, narrow.registered_groups = commands, groups
    return narrow


def main() -> None:
    """Entry point of the ``shipyard`` script. Usage errors exit with code 2 (click's convention)."""
    for_command(sys.argv[1:2])()
