"""The registry of game systems, and through it of every rule (sqlfluff's dialect table, yamllint's rule list).

Each system (``shipyard/systems/<name>/``) is one ``System`` line in the table of ``shipyard/systems/__init__.py``:
its name, the code prefixes it owns, the file formats it reads and how each is recognised, which systems it
builds on, and where its parts live, named as ``"module:attribute"`` strings so that nothing is imported
until it is used (checking one MCS sheet loads neither the High Guard engine nor the TCS rules). The core
reaches the systems through this module only; it never imports one by name.

Rules come from the explicit ``MODULES`` list of each system's rule package (no import magic). A code is
never reused; two systems never claim one prefix (``check_registry``, run by the tests).
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any, Literal, NamedTuple

from shipyard.core.rules import Rule, RuleContext, RuleMeta

#: The code prefixes of the core itself: reading files (IO), shipyard's own findings (SY), settings (CFG).
CORE_PREFIXES = ("IO", "SY", "CFG")

Role = Literal["sheet", "fleet", "setting", "log"]


class Format(NamedTuple):
    """A kind of file a system reads.

    ``role``: "sheet" (ships, checked one file at a time), "fleet" (a file naming sheets, checked after them),
    "setting" (read with an option such as ``--scenario``, never as a sheet), "log" (a game's record, refereed:
    ``referee(path, shown, text) -> diagnostics``, the log's own findings, as its command gives them; ``check``
    reports them, a log holding no ships; the sheets a log names are checked as sheets). A format is recognised
    by a TOML table its file holds (``toml_table``), by a test of its text (``recognise``), by the extension of a binary
    file (``suffixes``), or as the ``fallback`` when nothing else claims a text. ``reader`` reads a sheet:
    ``reader(text, path, shown) -> (ships, diagnostics)``, with ``text`` None for a binary file.
    """

    name: str
    role: Role
    description: str
    reader: str | None = None
    toml_table: str | None = None
    recognise: str | None = None
    suffixes: tuple[str, ...] = ()
    fallback: bool = False
    #: For a format that is not a sheet: what to do with such a file instead (IO007).
    instead: str = ""
    #: For a game log: what referees it (``"module:function"``; see ``role``).
    referee: str | None = None
    #: For a setting file ``check`` can check as what it is: ``"module:function"``, ``check(path, shown) ->
    #: diagnostics``, the file's own findings (IO013 says what the file is, instead of IO007's refusal).
    check: str | None = None


class Commands(NamedTuple):
    """Commands a system adds to the command line: a group, ``shipyard NAME ...``, the typer app at ``app``
    (``"module:attribute"``, loaded when the command line is built); or with ``single`` one command, ``shipyard
    NAME``, the function at ``app``."""

    name: str
    app: str
    single: bool = False


class System(NamedTuple):
    """One game system: what it owns and where its parts live (each ``"module:attribute"``, loaded lazily).

    ``ship_format`` is the ``format`` field of its ship records; ``ship_model`` their class. ``subject`` builds
    what its rules look at from a ship (``subject(ship, scenario)``; None: its rules do not apply to that
    ship); a system that ``builds_on`` another gets that system's subject instead of the ship. ``panel``
    (``panel(ship, path)``), ``render`` (``render(ship) -> str``) and ``tables`` (a module with ``ship_cells``,
    ``rating_cells``, ``battery_rows``, ``component_rows``) serve ``show``, round trips and the audit. ``codes``
    is its catalogue of diagnostic codes, ``topics`` the extra ``explain`` texts, ``fleets`` its fleet checks,
    ``converter`` what ``shipyard convert`` calls for its sheets. The play surface: ``commands``, its groups of
    commands on the command line; ``api``, the module of its public functions (its ``__all__``), which
    ``shipyard.api`` re-exports. Each part's signature is a protocol of ``shipyard.core.parts``, which the core
    reaches it through and ``check_registry`` holds it to.
    """

    name: str
    title: str
    prefixes: tuple[str, ...]
    formats: tuple[Format, ...] = ()
    builds_on: str | None = None
    ship_format: str | None = None
    ship_model: str | None = None
    family: str | None = None
    rules: str | None = None
    subject: str | None = None
    panel: str | None = None
    render: str | None = None
    tables: str | None = None
    codes: str | None = None
    topics: str | None = None
    fleets: str | None = None
    converter: str | None = None
    commands: tuple[Commands, ...] = ()
    api: str | None = None

    def references(self) -> dict[str, str]:
        """Every part this system names, by its role (for the registry test and ``load``)."""
        names = (
            "ship_model",
            "rules",
            "subject",
            "panel",
            "render",
            "tables",
            "codes",
            "topics",
            "fleets",
            "converter",
            "api",
        )
        found = {name: getattr(self, name) for name in names if getattr(self, name)}
        found.update({f"commands {c.name}": c.app for c in self.commands})
        found.update(
            {
                f"format {f.name} {kind}": ref
                for f in self.formats
                for kind, ref in (
                    ("reader", f.reader),
                    ("recognise", f.recognise),
                    ("referee", f.referee),
                    ("check", f.check),
                )
                if ref
            }
        )
        return found


@cache
def load(reference: str) -> Any:
    """The object a ``"module:attribute"`` (or plain ``"module"``) reference names, imported on first use."""
    module, _, attribute = reference.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


@cache
def systems() -> tuple[System, ...]:
    """Every registered system, in the table's order."""
    return tuple(load("shipyard.systems:SYSTEMS"))


@cache
def system(name: str) -> System:
    for candidate in systems():
        if candidate.name == name:
            return candidate
    raise KeyError(f"no system {name!r}")


@cache
def command_groups() -> tuple[Commands, ...]:
    """Every group of commands the systems add to the command line, in the table's order."""
    return tuple(group for s in systems() for group in s.commands)


@cache
def formats() -> tuple[tuple[System, Format], ...]:
    """Every file format with the system reading it, in the table's order."""
    return tuple((s, f) for s in systems() for f in s.formats)


@cache
def format_named(name: str) -> tuple[System, Format] | None:
    return next(((s, f) for s, f in formats() if f.name == name), None)


@cache
def system_of_ship(ship_format: str) -> System | None:
    """The system whose ship records carry this ``format`` value."""
    return next((s for s in systems() if s.ship_format == ship_format), None)


@cache
def extensions(base: System) -> tuple[System, ...]:
    """The systems built on ``base`` (tcs on highguard), whose rules see ``base``'s ships too."""
    return tuple(s for s in systems() if s.builds_on == base.name)


def owner(code: str) -> System | None:
    """The system owning a code's prefix (None for the core's IO, SY and CFG codes)."""
    best: tuple[int, System] | None = None
    for candidate in systems():
        for prefix in candidate.prefixes:
            if code.startswith(prefix) and (best is None or len(prefix) > best[0]):
                best = (len(prefix), candidate)
    return best[1] if best else None


# --- rules ----------------------------------------------------------------------------------------------------

_loaded: dict[str, dict[str, Rule]] = {}


def families() -> dict[str, System]:
    """Each rule family by name, with the system that holds it."""
    return {s.family: s for s in systems() if s.family}


def family_rules(family: str) -> dict[str, Rule]:
    """The rules of one family by code, in the family's order; the family is imported on first use."""
    if family not in _loaded:
        owner_system = families()[family]
        rules: dict[str, Rule] = {}
        for module in load(owner_system.rules or "").MODULES:
            rule = Rule.from_module(module)
            if rule.meta.family != family or not rule.code.startswith(owner_system.prefixes):
                raise RuntimeError(f"rule {rule.code} ({module.__name__}) is not a code of family {family}")
            if rule.code in rules:
                raise RuntimeError(f"rule code {rule.code} is used twice")
            rules[rule.code] = rule
        _loaded[family] = rules
    return _loaded[family]


def all_rules() -> dict[str, Rule]:
    """Every rule by code, family by family (the families' prefixes keep codes apart)."""
    return {code: rule for family in families() for code, rule in family_rules(family).items()}


def rule_for(code: str) -> Rule | None:
    """The rule reporting ``code``, loading its family only; None for a reading diagnostic (IO, USD, HG0xx ...)."""
    found = owner(code)
    if found is None or found.family is None:
        return None
    return family_rules(found.family).get(code)


def check_registry() -> list[str]:
    """What is wrong with the table: a prefix claimed twice, a part that does not exist or does not take what the
    core passes it (``parts.contract_problems``), a base that is not a system. Empty when all is well."""
    from shipyard.core.parts import contract_problems

    problems: list[str] = []
    claimed: dict[str, str] = dict.fromkeys(CORE_PREFIXES, "core")
    names = {s.name for s in systems()}
    for candidate in systems():
        for prefix in candidate.prefixes:
            clash = next(
                (who for other, who in claimed.items() if other.startswith(prefix) or prefix.startswith(other)), None
            )
            if clash is not None:
                problems.append(f"{candidate.name} claims prefix {prefix}, which {clash} owns")
            claimed[prefix] = candidate.name
        if candidate.builds_on is not None and candidate.builds_on not in names:
            problems.append(f"{candidate.name} builds on {candidate.builds_on}, which is not a system")
        for role, reference in candidate.references().items():
            try:
                load(reference)
            except (ImportError, AttributeError) as error:
                problems.append(f"{candidate.name} {role} {reference}: {error}")
        problems += contract_problems(candidate)
    return problems


__all__ = [
    "CORE_PREFIXES",
    "Commands",
    "Format",
    "Rule",
    "RuleContext",
    "RuleMeta",
    "System",
    "all_rules",
    "check_registry",
    "command_groups",
    "extensions",
    "families",
    "family_rules",
    "format_named",
    "formats",
    "load",
    "owner",
    "rule_for",
    "system",
    "system_of_ship",
    "systems",
]
