"""The shipyard command line: a thin typer app over shipyard.api, one module per command, and the commands each
system registers (``System.commands``), assembled from the registry. ``app`` is the whole command line, built
on first use; a run builds only the command it names (``for_command``), so ``check`` loads no game's commands."""

from __future__ import annotations

import sys
from functools import cache

import typer

from shipyard.cli import audit, check, convert, diff, export, rules, show
from shipyard.core.parts import command_app
from shipyard.core.registry import Commands, command_groups


def _new_app() -> typer.Typer:
    return typer.Typer(
        name="shipyard",
        help="Read, check, compare, convert, audit and score Traveller starship sheets: MCS and T4 USD sheets, FFS "
        "designs, High Guard sheets and fleets judged by the TCS 1982 rules; resolve MCS combat with exact "
        "odds and fight battles; High Guard combat for the TCS (a battery's exact odds, fleets in battle); Simple "
        "Fleet Combat odds and game logs refereed; Dark Stars systems generated, "
        "drawn and their plots refereed.",
        no_args_is_help=True,
        add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish, PowerShell
        pretty_exceptions_enable=False,
        rich_markup_mode=None,  # help text is plain: "[scenario.rulings]" and "[default: ...]" print as written
    )


_core = _new_app()  # the commands of the core, every system's sheets alike


def _version(value: bool) -> None:
    if value:
        import shipyard

        typer.echo(f"shipyard {shipyard.__version__}")
        raise typer.Exit()


@_core.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """shipyard: Traveller starship sheets, read faithfully."""
    from shipyard.core.references import allow_outside

    allow_outside(False)  # each command starts bounded; its --allow-outside, if it has one, is read after this


for _name, _function in (
    ("show", show.show),
    ("check", check.check),
    ("audit", audit.audit),
    ("export", export.export),
    ("convert", convert.convert),
    ("diff", diff.diff),
    ("rules", rules.rules),
    ("explain", rules.explain),
):
    _core.command(_name)(_function)


def _joined(commands: list[Commands]) -> typer.Typer:
    """An app of the core's callback and the systems' ``commands``, each loaded now (the core's commands are
    added by the caller: all of them for the whole app, the one a run names for a narrow one)."""
    joined = _new_app()
    joined.registered_callback = _core.registered_callback
    for group in commands:
        if group.single:
            joined.command(group.name)(command_app(group))
        else:
            joined.add_typer(command_app(group), name=group.name)
    return joined


@cache
def whole_app() -> typer.Typer:
    """The whole command line: the core's commands, then each system's in the registry's order."""
    whole = _joined(list(command_groups()))
    whole.registered_commands[:0] = _core.registered_commands
    return whole


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def for_command(words: list[str]) -> typer.Typer:
    """The app a command line needs: with only the command its first word names, when it names one (typer
    builds every command's options from its function's signature at each start, a twentieth of a one-sheet
    check's start-up, and a run uses one; a system's commands are loaded only when named), else the whole app
    (help, the version, completion, a misspelt command's error, which lists them all)."""
    word = words[0] if words else ""
    commands = [command for command in _core.registered_commands if command.name == word]
    if commands:
        narrow = _joined([])
        narrow.registered_commands = commands
        return narrow
    named = [group for group in command_groups() if group.name == word]
    return _joined(named) if named else whole_app()


#: The exit code of a command stopped by Ctrl-C (128 + SIGINT, as a shell reports it; typer's own).
INTERRUPTED = 130


def main() -> None:
    """Entry point of the ``shipyard`` script. Usage errors exit with code 2 (click's convention); a command
    stopped by Ctrl-C says so and exits 130 (its outputs are written whole or not at all, its workers ended)."""
    try:
        for_command(sys.argv[1:2])()
    except SystemExit as stopped:
        if stopped.code == INTERRUPTED:
            sys.stderr.write("shipyard: interrupted (Ctrl-C): stopped, nothing more written\n")
        raise
