"""The parts a system registers, as types: one ``Protocol`` for each role a ``System`` or ``Format`` line names
(a sheet reader, a recogniser, a referee, a subject builder, a panel, a renderer, a converter, the modules of
tables and of fleet checks, a command group, a public api), the typed accessors the core reaches them through
(each holds the one ``cast`` from the registry's ``"module:attribute"``), and the contract check that compares
every registered callable's signature with its protocol.

A part's signature is its contract: dropping a parameter from a reader type-checks (the registry names it by a
string) and would turn every sheet of its format into an internal-error finding at run time. ``contract_problems``
finds it first: ``check_registry`` reports it, and the suite runs that over every system and the toy one.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

from shipyard.core.diagnostics import Diagnostic

if TYPE_CHECKING:
    from decimal import Decimal

    from rich.console import RenderableType

    from shipyard.core.codes import Code
    from shipyard.core.records import Ship
    from shipyard.core.registry import Commands, Format, System
    from shipyard.core.selection import Selection
    from shipyard.core.sheet import SheetFile


class SheetReader(Protocol):
    """``Format.reader``: a sheet's ships and the findings of reading it (``text`` None for a binary file)."""

    def __call__(self, text: str | None, path: Path, shown: str, /) -> tuple[Sequence[Ship], list[Diagnostic]]: ...


class Recogniser(Protocol):
    """``Format.recognise``: whether a text is of the format."""

    def __call__(self, text: str, /) -> bool: ...


class Referee(Protocol):
    """``Format.referee``: a game log's own findings, as its command gives them."""

    def __call__(self, path: Path, shown: str, text: str | None, /) -> list[Diagnostic]: ...


class SettingCheck(Protocol):
    """``Format.check``: a setting file's own findings (``check`` names the file for what it is)."""

    def __call__(self, path: Path, shown: str, /) -> list[Diagnostic]: ...


class SubjectBuilder(Protocol):
    """``System.subject``: what the system's rules look at, from a ship (or the subject of the system it builds
    on) and the scenario; None when its rules do not apply."""

    def __call__(self, ship: Any, scenario: Any, /) -> Any: ...


class PanelMaker(Protocol):
    """``System.panel``: a ship as ``show`` prints it."""

    def __call__(self, ship: Any, path: str, /) -> RenderableType | None: ...


class Renderer(Protocol):
    """``System.render``: a ship written back as its sheet's text."""

    def __call__(self, ship: Any, /) -> str: ...


class Converter(Protocol):
    """``System.converter``: a file's ships converted to the system, with every finding (``options`` the
    system's own, its default when not given)."""

    def __call__(self, path: Path, options: Any = ..., /) -> SheetFile: ...


class ShipTables(Protocol):
    """``System.tables``: a module of the audit's and export's cells for the system's ships."""

    def ship_cells(
        self, ship: Any
    ) -> tuple[str | None, int | None, Decimal | None, Decimal | None, str]: ...  # name, TL, tons, MCr, ratings

    def rating_cells(self, ship: Any) -> tuple[int | None, int | None, int | None]: ...  # size, armour, toughness

    def battery_rows(self, path: str, ship: Any) -> Iterable[list[Any]]: ...

    def component_rows(self, path: str, ship: Any) -> Iterable[list[Any]]: ...


class FleetChecks(Protocol):
    """``System.fleets``: a module that reads fleets and scenarios, prices fleets and scores their losses."""

    SHEET_FORMATS: tuple[str, ...]

    def load_scenario(self, path: Path) -> tuple[Any, list[Diagnostic]]: ...

    def is_fleet_file(self, path: Path) -> bool: ...

    def check_fleet_file(
        self, path: Path, scenario: Any, load: Callable[[Path], SheetFile], selection: Selection
    ) -> list[Diagnostic]: ...

    def check_folder(
        self, folder: Path, sheets: list[SheetFile], scenario: Any, selection: Selection
    ) -> list[Diagnostic] | None: ...

    def fleet_totals(
        self, scenario: Any, fleet_paths: list[str], fleet_findings: list[Diagnostic], unchecked: bool = ...
    ) -> list[Any]: ...

    def fleet_losses(self, fleet_path: Path, damage: Path, scenario: Any) -> tuple[list[Any], list[Diagnostic]]: ...

    def audit_extras(self, scenario: Any, fleets: Iterable[Any], losses: list[Any] | None) -> Any: ...


class PublicApi(Protocol):
    """``System.api``: a module of public functions and records, which ``shipyard.api`` re-exports."""

    __all__: list[str]


# -- the typed accessors: the one cast of each role ------------------------------------------------------------


def _load(reference: str) -> Any:
    from shipyard.core.registry import load

    return load(reference)


def reader(fmt: Format) -> SheetReader:
    return cast(SheetReader, _load(fmt.reader or ""))


def recogniser(fmt: Format) -> Recogniser:
    return cast(Recogniser, _load(fmt.recognise or ""))


def referee(fmt: Format) -> Referee:
    return cast(Referee, _load(fmt.referee or ""))


def setting_check(fmt: Format) -> SettingCheck:
    return cast(SettingCheck, _load(fmt.check or ""))


def subject_builder(system: System) -> SubjectBuilder:
    return cast(SubjectBuilder, _load(system.subject or ""))


def panel_maker(system: System) -> PanelMaker:
    return cast(PanelMaker, _load(system.panel or ""))


def renderer(system: System) -> Renderer:
    return cast(Renderer, _load(system.render or ""))


def converter(system: System) -> Converter:
    return cast(Converter, _load(system.converter or ""))


def ship_tables(system: System) -> ShipTables:
    return cast(ShipTables, _load(system.tables or ""))


def fleet_checks(system: System) -> FleetChecks:
    return cast(FleetChecks, _load(system.fleets or ""))


def public_api(system: System) -> PublicApi:
    return cast(PublicApi, _load(system.api or ""))


def ship_class(system: System) -> type[Ship]:
    return cast("type[Ship]", _load(system.ship_model or ""))


def code_entries(system: System) -> Sequence[Code]:
    return cast("Sequence[Code]", _load(system.codes or ""))


def topic_texts(system: System) -> dict[str, str]:
    return cast("dict[str, str]", _load(system.topics or ""))


def command_app(group: Commands) -> Any:
    """A command group's typer app (or, for a ``single`` command, its function): typer's own types, unchecked."""
    return _load(group.app)


# -- the contract check ----------------------------------------------------------------------------------------

#: Each role a ``Format`` names, with its protocol.
FORMAT_ROLES: dict[str, type] = {
    "reader": SheetReader,
    "recognise": Recogniser,
    "referee": Referee,
    "check": SettingCheck,
}
#: Each callable role a ``System`` names, with its protocol.
SYSTEM_ROLES: dict[str, type] = {
    "subject": SubjectBuilder,
    "panel": PanelMaker,
    "render": Renderer,
    "converter": Converter,
}
#: Each module role a ``System`` names, with the protocol its members keep.
MODULE_ROLES: dict[str, type] = {"tables": ShipTables, "fleets": FleetChecks, "api": PublicApi}


def _called_with(protocol: Callable[..., Any]) -> list[inspect.Parameter]:
    """The parameters the core passes, from a protocol's method (``self`` dropped)."""
    return [p for p in inspect.signature(protocol).parameters.values() if p.name != "self"]


def signature_problem(found: object, protocol: Callable[..., Any]) -> str | None:
    """Why ``found`` cannot be called as ``protocol`` says the core calls it: its positional-only parameters by
    position, the others by name (those with a default may be left out), nothing more required. None when it
    can."""
    if not callable(found):
        return f"is {type(found).__name__}, not a function"
    try:
        have = inspect.signature(found)
    except (TypeError, ValueError):  # a builtin without a signature: nothing to compare
        return None
    wanted = _called_with(protocol)
    shown = ", ".join(p.name for p in wanted)
    for given in ([p for p in wanted if p.default is inspect.Parameter.empty], wanted):
        by_place = [None for p in given if p.kind is inspect.Parameter.POSITIONAL_ONLY]
        by_name = {p.name: None for p in given if p.kind is not inspect.Parameter.POSITIONAL_ONLY}
        try:
            have.bind(*by_place, **by_name)
        except TypeError as error:
            takes = ", ".join(str(p) for p in have.parameters.values())
            return f"takes ({takes}); the core calls it ({shown}): {error}"
    return None


def _module_problems(module: object, protocol: type) -> list[str]:
    problems = []
    members = [name for name in vars(protocol) if not name.startswith("_") or name == "__all__"]
    members += [name for name in getattr(protocol, "__annotations__", {}) if name not in members]
    for name in members:
        if not hasattr(module, name):
            problems.append(f"has no {name}")
            continue
        expected = vars(protocol).get(name)
        if inspect.isfunction(expected):
            why = signature_problem(getattr(module, name), expected)
            if why is not None:
                problems.append(f"{name} {why}")
    return problems


def contract_problems(system: System) -> list[str]:
    """Each part of ``system`` that its protocol would not accept, as a sentence: "mcs format usd reader
    shipyard.systems.mcs.parse:read_usd takes (text, path); the core calls it (text, path, shown): ..."."""
    from shipyard.core.registry import load

    problems = []
    parts: list[tuple[str, str, type]] = [
        (f"format {f.name} {role}", ref, protocol)
        for f in system.formats
        for role, protocol in FORMAT_ROLES.items()
        if (ref := getattr(f, role))
    ]
    parts += [(role, ref, protocol) for role, protocol in SYSTEM_ROLES.items() if (ref := getattr(system, role))]
    for role, reference, protocol in parts:
        try:
            why = signature_problem(load(reference), vars(protocol)["__call__"])
        except (ImportError, AttributeError):
            continue  # a part that does not load: check_registry says so
        if why is not None:
            problems.append(f"{system.name} {role} {reference} {why}")
    for role, protocol in MODULE_ROLES.items():
        reference = getattr(system, role)
        if not reference:
            continue
        try:
            module = load(reference)
        except (ImportError, AttributeError):
            continue
        problems += [f"{system.name} {role} {reference} {why}" for why in _module_problems(module, protocol)]
    return problems


__all__ = [
    "Converter",
    "FleetChecks",
    "PanelMaker",
    "PublicApi",
    "Recogniser",
    "Referee",
    "Renderer",
    "SettingCheck",
    "SheetReader",
    "ShipTables",
    "SubjectBuilder",
    "code_entries",
    "command_app",
    "contract_problems",
    "converter",
    "fleet_checks",
    "panel_maker",
    "public_api",
    "reader",
    "recogniser",
    "referee",
    "renderer",
    "setting_check",
    "ship_class",
    "ship_tables",
    "signature_problem",
    "subject_builder",
    "topic_texts",
]
