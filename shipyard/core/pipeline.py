"""The pipeline of one file, top to bottom (beancount's loader): read the text, find its suppressions, tell
its format, parse it (reading an FFS design rates it), then check it: build each system's subject from each
ship (the High Guard engine recomputes the design), run the rules, apply suppressions and the selection,
sort. Fleets are checked after their sheets (shipyard/core/batch.py).

Every stage returns values and diagnostics; none raises for bad input, and a bug is one SY001 or SY002 finding
on its file, never a traceback. Nothing here names a system: the registry says who reads and checks what.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from shipyard.core import parts
from shipyard.core.copies import repair_copy
from shipyard.core.diagnostics import Diagnostic, Severity, Span, internal_error
from shipyard.core.fast import trusted
from shipyard.core.records import Ship
from shipyard.core.registry import Format, Rule, RuleContext, extensions, family_rules, format_named, system_of_ship
from shipyard.core.selection import Selection
from shipyard.core.sheet import SheetFile
from shipyard.core.sniff import binary_format, sniff_format
from shipyard.core.source import read_sheet_text, refuse_lines
from shipyard.core.suppress import apply_suppressions, find_suppressions


def _sorted(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: d.sort_key)


#: Where a TOML file of no kind is sent for the kinds there are (``explain IO008`` lists them).
_KINDS_HINT = "'shipyard explain IO008' lists the kinds of TOML file shipyard reads"


def _tables(data: dict) -> str:
    """The top-level tables of a TOML file as its text writes them: ``[roster]``, ``[[case]]``."""

    def array(value: object) -> bool:
        return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)

    shown = [
        f"[[{key}]]" if array(value) else f"[{key}]"
        for key, value in data.items()
        if isinstance(value, dict) or array(value)
    ]
    return ", ".join(shown) if shown else "no table"


def load_sheet(path: Path | str, display: str | None = None) -> SheetFile:
    """Read one file, whatever its format (told from its content): its ships and every diagnostic, sorted by
    position, with its inline suppressions kept for the check."""
    path = Path(path)
    shown = display or str(path)
    binary = binary_format(path)
    if binary is not None:
        return _parse(binary, None, path, shown, [], [])
    raw, diagnostics = read_sheet_text(path, shown)
    if raw is None:
        return SheetFile(path=shown, format="unreadable", diagnostics=diagnostics)
    return _from_text(raw, path, shown, diagnostics)


def load_text(text: str, path: Path | str, display: str | None = None) -> SheetFile:
    """A sheet's text read as ``load_sheet`` reads a file of that text at ``path`` (none is opened): a sheet
    shipyard writes, read back by its own reader."""
    path = Path(path)
    return _from_text(text, path, display or str(path), [])


def _from_text(raw: str, path: Path, shown: str, diagnostics: list[Diagnostic]) -> SheetFile:
    text, suppressions, problems = find_suppressions(raw, shown)
    diagnostics = diagnostics + problems
    told = sniff_format(text, path.suffix)
    top = Span(path=shown, line=1, col=1)
    if path.suffix.lower() == ".toml" and told.toml_table is None and told.recognise is None:
        from shipyard.core.toml_input import parse_toml

        data, problem = parse_toml(text)
        if problem is not None:  # broken TOML: maybe a design whose [ship] header broke; never skipped silently
            line, col, why = problem
            return SheetFile(
                path=shown,
                format="unreadable",
                diagnostics=diagnostics
                + [
                    Diagnostic(
                        code="IO008",
                        severity=Severity.ERROR,
                        span=Span(path=shown, line=line, col=col),
                        message=f"not valid TOML ({why}); {_KINDS_HINT}",
                    )
                ],
            )
        return SheetFile(
            path=shown,
            format="other",
            diagnostics=diagnostics
            + [
                Diagnostic(
                    code="IO008",
                    severity=Severity.ERROR,
                    span=top,
                    message=f"a TOML file of no kind shipyard reads (it holds {_tables(data or {})}); {_KINDS_HINT}",
                )
            ],
        )
    if told.referee is not None:  # a game's record: refereed, its own findings (the sheets it names are theirs)
        found = [  # the log's own findings: the sheets it names are theirs, how it was read is said above
            d for d in parts.referee(told)(path, shown, text) if d.span.path == shown and not d.code.startswith("IO")
        ]
        return SheetFile(
            path=shown, format=told.name, suppressions=suppressions, diagnostics=_sorted(diagnostics + found)
        )
    if told.role != "sheet" and told.check is not None:  # a setting checked as what it is
        said = Diagnostic(
            code="IO013",
            severity=Severity.INFO,
            span=top,
            message=f"{told.description} file, checked as one: {told.instead}",
        )
        found = [d for d in parts.setting_check(told)(path, shown) if d.span.path == shown]
        return SheetFile(
            path=shown, format=told.name, suppressions=suppressions, diagnostics=_sorted(diagnostics + [said, *found])
        )
    if told.role != "sheet":
        refusal = Diagnostic(
            code="IO007",
            severity=Severity.ERROR,
            span=top,
            message=f"{told.description} file, not a sheet: {told.instead}",
        )
        return SheetFile(
            path=shown, format=told.name, suppressions=suppressions, diagnostics=_sorted(diagnostics + [refusal])
        )
    if told.toml_table is None:  # a line-based sheet (TOML is read by its own linear reader)
        text, repaired = repair_copy(text, shown)
        if repaired:  # told again from the text as written (an e-mailed High Guard sheet's lines begin with '>')
            told = sniff_format(text, path.suffix)
            diagnostics = diagnostics + repaired
        text, refused = refuse_lines(text, shown)
        diagnostics = diagnostics + refused
    return _parse(told, text, path, shown, diagnostics, suppressions)


def _parse(
    told: Format, text: str | None, path: Path, shown: str, diagnostics: list[Diagnostic], suppressions: list
) -> SheetFile:
    ships: Sequence[Ship] = []
    try:
        ships, parsed = parts.reader(told)(text, path, shown)
        diagnostics = diagnostics + parsed
    except Exception as error:  # a bug in shipyard: reported on this file, never a traceback
        diagnostics = diagnostics + [internal_error(shown, "reading", error)]
    return trusted(
        SheetFile,
        {
            "path": shown,
            "format": told.name,
            "ships": ships,
            "suppressions": suppressions,
            "diagnostics": _sorted(diagnostics),
        },
    )


def _run(rules: Iterable[Rule], subject: Any, path: str, fallback: Span) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for rule in rules:
        try:
            found.extend(rule.check(subject, RuleContext(rule.meta, path, fallback)))
        except Exception as error:  # a bug in a rule: one finding, the run goes on
            found.append(
                Diagnostic(
                    code="SY002",
                    severity=Severity.ERROR,
                    span=fallback,
                    message=f"internal error in rule {rule.code} ({type(error).__name__}: {error}); please report it",
                )
            )
    return found


def subjects(ship: Ship, scenario: object | None = None) -> list[tuple[str, Any]]:
    """What each rule family looks at for one ship: the ship's own system's subject, then the subject of each
    system built on it (built from the first). A family whose subject is None does not check this ship (the
    MCS rules skip a T4 sheet: its figures are on another scale)."""
    system = system_of_ship(ship.format)
    if system is None or system.subject is None:
        return []
    base = parts.subject_builder(system)(ship, scenario)
    found = [(system.family, base)] if system.family and base is not None else []
    for extension in extensions(system):
        if extension.subject and extension.family and base is not None:
            extended = parts.subject_builder(extension)(base, scenario)
            if extended is not None:
                found.append((extension.family, extended))
    return found


def check_ship(
    ship: Ship, path: str, selection: Selection = Selection(), scenario: object | None = None
) -> list[Diagnostic]:
    """Every finding of the selected ship rules on one ship. A rule that fails is reported, never raised. The
    scenario matters to the systems whose rules read one (TCS); each uses its default when None."""
    fallback = ship.anchor() or Span(path=path, line=1, col=1)
    found: list[Diagnostic] = []
    for family, subject in subjects(ship, scenario):
        found.extend(_run(_selected(family, "ship", selection), subject, path, fallback))
    return found


@lru_cache(maxsize=256)  # the same few for every ship of a run
def _selected(family: str, target: str, selection: Selection) -> tuple[Rule, ...]:
    """The rules of one family on one target ("ship", "fleet") that a selection keeps, in the family's order."""
    return tuple(r for r in family_rules(family).values() if r.meta.target == target and selection.wants(r.code))


def check_sheet(sheet: SheetFile, selection: Selection = Selection(), scenario: object | None = None) -> SheetFile:
    """The sheet with its read diagnostics and every rule finding, suppressions applied, filtered and sorted."""
    found = list(sheet.diagnostics)
    for ship in sheet.ships:
        found.extend(check_ship(ship, sheet.path, selection, scenario))
    found = apply_suppressions(found, sheet.suppressions, sheet.path)
    return sheet.model_copy(update={"diagnostics": _sorted(d for d in found if selection.wants(d.code))})


def check_fleet(fleet: Any, family: str, selection: Selection = Selection()) -> list[Diagnostic]:
    """The fleet rules of one family on one fleet (the fleet object is the family's own: it has ``path`` and
    ``span``)."""
    return _run(_selected(family, "fleet", selection), fleet, fleet.path, fleet.span)


def check_file(path: Path | str, selection: Selection = Selection(), scenario: object | None = None) -> SheetFile:
    """``load_sheet`` then ``check_sheet``: one file, read and checked."""
    return check_sheet(load_sheet(path), selection, scenario)


def is_sheet_format(name: str) -> bool:
    """True for a format whose files hold ships (not fleets, settings or unreadable files)."""
    found = format_named(name)
    return found is not None and found[1].role in ("sheet", "log")


def skipped_in_folder(sheet: SheetFile, named: bool) -> bool:
    """Whether a file found in a folder is left out of a run: valid TOML that is no sheet (settings, notes). A
    file named on the command line, a sheet, and a file that cannot be read are never left out."""
    return not named and not is_sheet_format(sheet.format) and sheet.format != "unreadable"
