"""The public functions of shipyard: what the command line calls, and what a library user calls.

    >>> from shipyard.api import load
    >>> sheet = load("fixtures/mcs/midu-agashaan.usd")
    >>> sheet.ships[0].displacement
    Decimal('3000')

Reading and checking (``load``, ``check``, ``plan_check``), converting (``convert``), tabulating and exporting
(``export_tables``, ``write_export``), the judge's audit (``audit``, ``write_audit_report``) and the
documentation of codes (``explain``); and each system's public functions, re-exported from the module its
``System`` line names: MCS combat (``combat_shot``, ``combat_resolve``, ``combat_battle``, ``combat_search``),
the TCS judge's scoring (``score``, ``check_formation_log``), Simple Fleet Combat (``sfc_odds``, ``sfc_table``,
``sfc_referee``) and Dark Stars (``darkstars_generate``, ``darkstars_draw``, ``darkstars_referee``,
``darkstars_moves``). Nothing here prints: every function returns values and diagnostics, and the command line
decides how to show them. Heavy parts load only when a function needs them. docs/api.md lists every name with
its signature.

Over 600 lines: this module is the library's whole surface (docs/api.md is written from it), one short function a
name, each handing the work to the core or a system.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO, TYPE_CHECKING, BinaryIO, NamedTuple

from shipyard.core.codes import exit_status, log_status
from shipyard.core.diagnostics import Diagnostic, Severity, Span, has_errors
from shipyard.core.files import check_writable, write_output
from shipyard.core.paths import Excludes
from shipyard.core.pipeline import check_file, check_sheet, load_sheet
from shipyard.core.selection import Selection, prefixes
from shipyard.core.sheet import SheetFile

if TYPE_CHECKING:
    from rich.console import RenderableType

    from shipyard.core.diff import ShipDiff
    from shipyard.core.fixes import Fixed
    from shipyard.core.fleets import PricedFleet
    from shipyard.core.parts import FleetChecks
    from shipyard.core.records import Ship
    from shipyard.core.source import SourceQuoter
    from shipyard.report.export import Export as PendingExport
    from shipyard.report.html import AuditPage
    from shipyard.report.tables import AuditExtras, AuditSummary, ShipRows
    from shipyard.report.workbook import AuditWorkbook

# This module's own names; each system's public names are added below, from the module its ``System`` line names
# (``api``): imported here for the type checker and loaded by ``__getattr__`` on first use (a ``check`` loads no
# game's).
__all__ = [
    "Audit",
    "CheckPlan",
    "CheckTally",
    "Diagnostic",
    "Excludes",
    "Export",
    "Selection",
    "Severity",
    "SheetDiff",
    "SheetFile",
    "Span",
    "audit",
    "audit_report_kind",
    "check",
    "check_file",
    "check_sheet",
    "check_stdin",
    "check_writable",
    "convert",
    "diff",
    "exit_status",
    "explain",
    "explain_miss",
    "export_outputs",
    "export_tables",
    "fix_sheet",
    "fix_stdin",
    "has_errors",
    "load",
    "load_all",
    "load_scenario",
    "load_sheet",
    "log_status",
    "nothing_found",
    "option_prefix_problems",
    "panel",
    "plan_check",
    "prefixes",
    "render",
    "rule_catalogue",
    "skipped_words",
    "source_quoter",
    "topic_names",
    "write_audit_report",
    "write_export",
    "write_fixes",
    "write_output",
]
# <systems: written by `python tests/test_docs.py --write` from each System's api module>
if TYPE_CHECKING:
    from shipyard.systems.darkstars.api import (
        darkstars_draw,
        darkstars_generate,
        darkstars_moves,
        darkstars_referee,
    )
    from shipyard.systems.mcs.api import (
        BattleRequest,
        CombatBattle,
        CombatSearch,
        CombatShot,
        PointDefence,
        SearchRequest,
        ShotRequest,
        combat_battle,
        combat_options,
        combat_resolve,
        combat_search,
        combat_shot,
        mcs_options,
        range_band,
        range_band_words,
        search_settings,
    )
    from shipyard.systems.sfc.api import (
        SfcOdds,
        SfcTable,
        sfc_elements,
        sfc_odds,
        sfc_referee,
        sfc_table,
    )
    from shipyard.systems.tcs.api import (
        HgBattle,
        HgBattleRequest,
        HgShot,
        HgShotRequest,
        Scoring,
        TcsDesign,
        TcsSearch,
        TcsSearchRequest,
        check_formation_log,
        hg_battle,
        hg_readings,
        hg_shot,
        score,
        scoring_document,
        tcs_design,
        tcs_search,
        write_score_workbook,
    )

__all__ += [
    "BattleRequest",
    "CombatBattle",
    "CombatSearch",
    "CombatShot",
    "HgBattle",
    "HgBattleRequest",
    "HgShot",
    "HgShotRequest",
    "PointDefence",
    "Scoring",
    "SearchRequest",
    "SfcOdds",
    "SfcTable",
    "ShotRequest",
    "TcsDesign",
    "TcsSearch",
    "TcsSearchRequest",
    "check_formation_log",
    "combat_battle",
    "combat_options",
    "combat_resolve",
    "combat_search",
    "combat_shot",
    "darkstars_draw",
    "darkstars_generate",
    "darkstars_moves",
    "darkstars_referee",
    "hg_battle",
    "hg_readings",
    "hg_shot",
    "mcs_options",
    "range_band",
    "range_band_words",
    "score",
    "scoring_document",
    "search_settings",
    "sfc_elements",
    "sfc_odds",
    "sfc_referee",
    "sfc_table",
    "tcs_design",
    "tcs_search",
    "write_score_workbook",
]
# </systems>
#: The records this module's functions take or give back, by ``"module:attribute"``: docs/api.md documents each
#: beside the functions (a test holds every record a public signature names to it).
RECORDS = (
    "shipyard.report.tables:AuditExtras",
    "shipyard.report.html:AuditPage",
    "shipyard.report.tables:AuditSummary",
    "shipyard.report.workbook:AuditWorkbook",
    "shipyard.core.diagnostics:Fix",
    "shipyard.core.fixes:Fixed",
    "shipyard.core.fleets:PricedFleet",
    "shipyard.core.records:Ship",
    "shipyard.core.diff:ShipDiff",
    "shipyard.report.tables:ShipRows",
    "shipyard.core.source:SourceQuoter",
    "shipyard.core.suppress:Suppression",
)

Progress = Callable[[int, int], None]


def load_all(paths: list[Path]) -> tuple[list[SheetFile], list[Diagnostic]]:
    """Every file under ``paths`` read as ``check`` finds them (folders searched; settings and other TOML found in
    a folder are not sheets, and are skipped, unless broken), and an IO006 for each path that does not exist."""
    from shipyard.core.batch import find_files
    from shipyard.core.pipeline import skipped_in_folder

    found, missing = find_files(paths)
    read = [sheet for item in found if not skipped_in_folder(sheet := load_sheet(item.path), item.named)]
    return read, missing


def load(path: Path | str) -> SheetFile:
    """Read one file of any format (told from its content): its ships and diagnostics, nothing checked yet."""
    return load_sheet(path)


def render(ship: Ship | SheetFile) -> str:
    """A ship written back as its system's sheet text (reading that text gives an equal ship); a file read, its
    ships one after another. ValueError for a ship of a system that writes none back (a bug of the caller's)."""
    from shipyard.core.parts import renderer
    from shipyard.core.registry import system_of_ship

    if isinstance(ship, SheetFile):
        return "\n".join(render(each) for each in ship.ships)
    owner = system_of_ship(ship.format)
    if owner is None or owner.render is None:
        raise ValueError(f"no renderer for {ship.format} ships")
    return renderer(owner)(ship)


def panel(ship: Ship, path: str) -> RenderableType | None:
    """A ship as its system's ``show`` panel (a rich renderable, to print with markup off: a panel's strings are
    the sheet's, control characters escaped); None when its system has none."""
    from shipyard.core.parts import panel_maker
    from shipyard.core.registry import system_of_ship
    from shipyard.report.text import visible, visible_copy

    owner = system_of_ship(ship.format)
    if owner is None or not owner.panel:
        return None
    return panel_maker(owner)(visible_copy(ship), visible(path))  # nothing from a file reaches the terminal raw


# --- checking --------------------------------------------------------------------------------------------------


def load_scenario(path: Path) -> tuple[object | None, list[Diagnostic]]:
    """A scenario file (the system owning the scenario format reads it): the scenario or None, and diagnostics."""
    part = _fleets_part()
    if part is None:
        return None, [
            Diagnostic(
                code="IO008",
                severity=Severity.ERROR,
                span=Span(path=str(path), line=1, col=1),
                message="no system reads scenario files",
            )
        ]
    scenario: tuple[object | None, list[Diagnostic]] = part.load_scenario(path)
    return scenario


class CheckPlan(NamedTuple):
    """What a check run does, settings and command line merged (the command line wins)."""

    selection: Selection = Selection()
    scenario: object | None = None
    jobs: int = 1
    exclude: Excludes = Excludes()
    level: Severity = Severity.INFO


def nothing_found(paths: list[Path]) -> str:
    """The warning of a run that found no file to read under the paths it was given (as ruff warns "No Python
    files found"): an empty folder, or one whose files are all excluded, passes nothing."""
    from shipyard.core.batch import SHEET_SUFFIXES

    kinds = ", ".join(f"*{suffix}" for suffix in SHEET_SUFFIXES[:-1]) + f" and *{SHEET_SUFFIXES[-1]}"
    return (
        f"warning: no sheets found in {', '.join(map(str, paths))} (a folder gives its {kinds} files, other "
        "than hidden ones and those the settings exclude; settings and scenarios are not sheets)"
    )


def option_prefix_problems(select: list[str] | None, ignore: list[str] | None) -> list[Diagnostic]:
    """CFG003 for each code prefix of --select or --ignore that names no code (a typo selects nothing), and a
    CFG004 note for each rule named by its former name (read as the rule)."""
    from shipyard.core.codes import renamed, unknown_prefix

    options = (("--select", select), ("--ignore", ignore))
    notes = [
        Diagnostic(code="CFG004", severity=Severity.INFO, span=Span(path=option, line=1, col=1), message=why)
        for option, values in options
        for value in values or ()
        for word in value.split(",")
        if (why := renamed(word.strip()))
    ]
    return notes + [
        Diagnostic(
            code="CFG003",
            severity=Severity.ERROR,
            span=Span(path=option, line=1, col=1),
            message=f"unknown code prefix: {why}",
        )
        for option, values in options
        for prefix in prefixes(values)
        if (why := unknown_prefix(prefix))
    ]


def plan_check(
    paths: list[Path],
    *,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    level: str | None = None,
    scenario: Path | None = None,
    jobs: int | None = None,
    config: Path | None = None,
    force_exclude: bool = False,
) -> tuple[CheckPlan | None, list[Diagnostic]]:
    """The plan of a check: the settings file (``config``, else the nearest ``shipyard.toml`` or
    ``pyproject.toml`` with ``[tool.shipyard]`` above the first path) under the command line's options, with the
    notes on them (CFG004). None and the problems when the settings or the scenario cannot be read (a usage
    error). Path patterns
    (``exclude``, ``per-file-ignores``) are anchored at the settings file's folder, else the working folder;
    ``force_exclude`` applies them, and the skipping of settings files, to named files too."""
    from shipyard.core.config import defaults, find_settings_file, load_settings

    settings, base = defaults(), Path.cwd()
    found_file = config or find_settings_file(paths[0] if paths else Path.cwd())
    if found_file is not None:
        loaded, problems = load_settings(found_file)
        if loaded is None:
            return None, problems
        settings, base = loaded, found_file.parent
    said = option_prefix_problems(select, ignore)
    if has_errors(said):
        return None, said
    per_file = tuple((pattern, prefixes(codes)) for pattern, codes in settings.per_file_ignores.items())
    selection = Selection(
        select=prefixes(select) or prefixes(settings.select),
        ignore=prefixes(ignore) or prefixes(settings.ignore),
        per_file=per_file,
        base=str(base),
    )
    scenario_path = scenario or (base / settings.scenario if settings.scenario else None)
    chosen = None
    if scenario_path is not None:
        chosen, problems = load_scenario(scenario_path)
        if chosen is None:
            return None, problems
    return CheckPlan(
        selection=selection,
        scenario=chosen,
        jobs=jobs or settings.jobs or os.cpu_count() or 1,
        exclude=Excludes(tuple(settings.exclude), str(base), force_exclude),
        level=Severity(level or settings.level or "info"),
    ), said


def check(
    paths: list[Path],
    plan: CheckPlan = CheckPlan(),
    progress: Progress | None = None,
    keep_ships: bool = True,
    skipped: Counter[str] | None = None,
) -> Iterator[SheetFile]:
    """Every file under ``paths`` read and checked, one at a time in a stable order, then the fleets;
    ``skipped`` counts, by extension, the files of the folders not read for their names (``find_files``)."""
    from shipyard.core.batch import iter_checked

    return iter_checked(
        paths,
        plan.selection,
        plan.scenario,
        jobs=plan.jobs,
        exclude=plan.exclude,
        progress=progress,
        keep_ships=keep_ships,
        skipped=skipped,
    )


def skipped_words(skipped: Counter[str]) -> str:
    """The files of the folders not read, in the words of a summary: for their names (``; 3 file(s) skipped,
    not sheets by their extension (.bak 2, .doc)``) and for what they hold (``; 1 TOML file(s) that are no sheet
    skipped (fleet/scenario.toml)``); "" when there were none."""
    if not skipped:
        return ""  # told before the tables' module is loaded: a check of sheets alone needs none of it
    from shipyard.report import tables

    toml, names = tables.no_sheet(skipped)
    return tables.skipped_words(tables.skipped_count(skipped) - toml, tables.skipped_kinds(skipped), toml, names)


def check_stdin(
    plan: CheckPlan = CheckPlan(),
    name: str | None = None,
    stream: BinaryIO | None = None,
    quoter: SourceQuoter | None = None,
) -> SheetFile | None:
    """The sheet on standard input (or ``stream``, a binary stream) read and checked as the file ``name`` would
    be: named so in findings, its format told by that name's extension and the content, its per-file ignores
    by that name. None when ``--force-exclude`` and the name is excluded (nothing is read). A ``quoter``
    (``source_quoter()``) is told the text, which cannot be read again, for the findings' source lines."""
    from shipyard.core.source import read_sheet_text

    if name is not None and plan.exclude.named_too and plan.exclude.excluded(name):
        return None
    from shipyard.core.stdin import STDIN_NAME
    from shipyard.core.stdin import spooled as spooled_stdin

    shown = name or STDIN_NAME
    with spooled_stdin(name, stream) as spooled:
        if quoter is not None:
            text, _ = read_sheet_text(spooled)
            quoter.remember(shown, text or "")
        return check_sheet(load_sheet(spooled, display=shown), plan.selection.for_file(shown), plan.scenario)


def fix_stdin(
    plan: CheckPlan = CheckPlan(), name: str | None = None, unsafe: bool = False, stream: BinaryIO | None = None
) -> tuple[bytes, Fixed | None, SheetFile]:
    """The sheet on standard input with its fixes made (as ``check --fix`` makes them in a file): its bytes
    after the fixes (as they came when there is nothing to fix), the fixes (core/fixes.py ``Fixed``, or None),
    and the findings that remain."""
    from shipyard.core.fixes import fix_file, write_fixed
    from shipyard.core.stdin import STDIN_NAME
    from shipyard.core.stdin import spooled as spooled_stdin

    shown = name or STDIN_NAME
    selection = plan.selection.for_file(shown)
    with spooled_stdin(name, stream) as spooled:
        sheet = check_sheet(load_sheet(spooled, display=shown), selection, plan.scenario)
        fixed = fix_file(spooled, sheet.diagnostics, unsafe) if sheet.format not in ("fleet", "unreadable") else None
        if fixed is not None:
            write_fixed(spooled, fixed)
            sheet = check_sheet(load_sheet(spooled, display=shown), selection, plan.scenario)
            fixed = replace(fixed, path=shown)
        return spooled.read_bytes(), fixed, sheet


def source_quoter() -> SourceQuoter:
    """Gives each finding of a stream the text of its line, for the caret display (``quote(diagnostic)``)."""
    from shipyard.core.source import SourceQuoter

    return SourceQuoter()


def fix_sheet(sheet: SheetFile, unsafe: bool = False) -> Fixed | None:
    """The fixes of a checked sheet's findings (core/fixes.py ``Fixed``: the text before and after, the findings
    fixed), read from the file as it is; None when there is nothing to fix. Nothing is written."""
    from shipyard.core.fixes import fix_file

    if sheet.format in ("fleet", "unreadable"):
        return None
    return fix_file(Path(sheet.path), sheet.diagnostics, unsafe)


def write_fixes(fixed: Fixed, plan: CheckPlan = CheckPlan()) -> tuple[SheetFile | None, Diagnostic | None]:
    """Write a sheet's fixes into it (in place: its layout, encoding and mode kept) and check it again: the
    findings that remain; or None and IO009 when the sheet cannot be written (it is left as it was)."""
    from shipyard.core.files import unwritable
    from shipyard.core.fixes import write_fixed

    path = Path(fixed.path)
    try:
        write_fixed(path, fixed)
    except OSError as error:
        return None, unwritable(path, error)
    return check_sheet(load_sheet(path), plan.selection.for_file(str(path)), plan.scenario), None


class CheckTally:
    """The counts of a check run, file by file: what the summary line says and the exit code."""

    def __init__(self, level: Severity = Severity.INFO, strict: bool = False, exit_zero: bool = False) -> None:
        self.level, self.strict, self.exit_zero = level, strict, exit_zero
        self.files = self.ships = 0
        self.fixable = self.unsafe_fixable = self.fixed = 0
        self.shown = dict.fromkeys(Severity, 0)
        self.failed = self.warned = self.unreadable = False

    def add(self, sheet: SheetFile) -> list[Diagnostic]:
        """Count one checked file; the findings at the shown level and above, to report."""
        self.files += sheet.format != "fleet"
        self.ships += sheet.ships_read
        self.unreadable |= not sheet.opened
        shown = []
        for finding in sheet.diagnostics:
            self.failed |= finding.severity is Severity.ERROR
            self.warned |= finding.severity is Severity.WARNING
            if finding.severity.rank <= self.level.rank:
                self.shown[finding.severity] += 1
                shown.append(finding)
                if finding.fix is not None:
                    self.fixable += finding.fix.safe
                    self.unsafe_fixable += not finding.fix.safe
        return shown

    def summary(self, unsafe: bool = False) -> str:
        """``N file(s), N ship(s): N error(s), N warning(s), N info``, with what was fixed and what could be."""
        words = (
            f"{self.files} file(s), {self.ships} ship(s): {self.shown[Severity.ERROR]} error(s), "
            f"{self.shown[Severity.WARNING]} warning(s), {self.shown[Severity.INFO]} info"
        )
        if self.fixed:
            words += f"; fixed {self.fixed}"
        can = self.fixable + (self.unsafe_fixable if unsafe else 0)
        if can:
            words += f"; {can} fixable with --fix" + (" --unsafe-fixes" if unsafe and self.unsafe_fixable else "")
        if self.unsafe_fixable and not unsafe:
            words += (
                f" ({self.unsafe_fixable} more with --unsafe-fixes)"
                if can
                else f"; {self.unsafe_fixable} fixable with --fix --unsafe-fixes"
            )
        return words

    @property
    def exit_code(self) -> int:
        """2 when a file could not be read; else 1 for an error finding (or, ``strict``, a warning), unless
        ``exit_zero``, which keeps findings from failing the run (an unreadable file still does)."""
        if self.unreadable:
            return 2
        return 1 if (self.failed or (self.strict and self.warned)) and not self.exit_zero else 0


# --- converting ------------------------------------------------------------------------------------------------


def convert(path: str | Path, to: str = "mcs", options: object | None = None) -> SheetFile:
    """The ships of a file converted to system ``to`` (format of the result: ``to``), with every diagnostic: a
    file that does not read or convert is its findings. ValueError for a ``to`` that no system converts to."""
    from shipyard.core.parts import converter
    from shipyard.core.registry import system

    target = system(to)
    if target.converter is None:
        raise ValueError(f"nothing converts to {to}")
    convert_file = converter(target)
    return convert_file(Path(path)) if options is None else convert_file(Path(path), options)


# --- tables, export and audit ------------------------------------------------------------------------------------


class Export(NamedTuple):
    """An export run: how many ships and batteries it holds, the error findings, the export waiting to be
    written (``write_export``)."""

    ships: int
    batteries: int
    problems: list[Diagnostic]
    unreadable: bool
    pending: PendingExport
    files: int = 0  # the files read, fleets' included
    unread: int = 0  # the files not read (each has its Ships row, so that none is dropped)

    @property
    def exit_code(self) -> int:
        return exit_status(self.problems, self.unreadable)


def export_tables(
    paths: list[Path],
    *,
    output_format: str = "json",
    selection: Selection = Selection(),
    jobs: int | None = None,
    skipped: Counter[str] | None = None,
    progress: Progress | None = None,
) -> Export:
    """The Ships and Batteries rows of the files under ``paths``, checked as ``audit`` checks them (one
    computation of errors, warnings and verdict serves both), streamed into an export in ``output_format``
    (xlsx, csv, json) as the files are checked: no ship and no row is kept in memory."""
    from shipyard.core.batch import iter_tabulated
    from shipyard.report import tables
    from shipyard.report.export import Export as Pending

    pending = Pending(output_format)
    problems: list[Diagnostic] = []
    unreadable = False
    files = 0
    try:
        for _, table in iter_tabulated(
            paths,
            selection,
            None,
            jobs=jobs or os.cpu_count() or 1,
            progress=progress,
            keep_ships=False,
            tabulate=tables.tabulate,
            skipped=skipped,
        ):
            table = tables.named(table)  # standard input as <stdin>
            pending.add(table)
            problems += table.error_findings
            unreadable |= not table.opened
            files += 1
    except BaseException:
        pending.close()
        raise
    return Export(pending.ships, pending.batteries, problems, unreadable, pending, files, pending.unread)


def export_outputs(output_format: str, output: Path | None) -> list[Path]:
    """The files ``write_export`` writes (none for JSON to stdout)."""
    from shipyard.report.export import output_files

    return [] if output is None else output_files(output_format, output)


def write_export(export: Export, output: Path | None, stream: IO[str] | None = None) -> None:
    """Write the export to ``output`` (xlsx; csv: ``NAME.csv`` and ``NAME-batteries.csv``; json), or the JSON
    document to ``stream`` when there is no output file."""
    export.pending.finish(output, stream)


class Audit(NamedTuple):
    """The judge's audit: the Ships rows (each ship's count from the fleets audited), the paths that do not
    exist, the fleet findings, the counts and the Summary, each fleet priced, the losses; and the workbook,
    written as the files were checked, waiting for ``write_audit_report``. No ship is kept: memory does not
    grow with the number of sheets but by a row of each."""

    rows: ShipRows  # the Ships rows on disk, iterable again and again
    missing: list[Diagnostic]
    fleet_findings: list[Diagnostic]
    summary: AuditSummary
    unreadable: bool
    #: The Summary: (item, value, number format) rows, made once (a pass over every Ships row).
    summary_rows: list[list]
    #: What the system that reads fleets adds: the scenario and budget, each fleet's rows and cost chart, the
    #: Losses of a fleet scored by a damage record.
    extras: AuditExtras
    loss_problems: tuple[Diagnostic, ...] = ()
    fleets: tuple[PricedFleet, ...] = ()  # each fleet audited, priced by the system that reads fleets
    report: AuditWorkbook | AuditPage | None = None  # the workbook or the HTML page, filled as the files were checked

    @property
    def exit_code(self) -> int:
        """The one exit-code rule (core/codes.py ``exit_status``): a damage record that cannot be read is an
        unreadable input."""
        found = exit_status(list(self.loss_problems) + self.fleet_findings, self.unreadable)
        return max(found, 1 if self.summary.errors else 0)


#: The reports ``audit`` writes: a workbook, or a page (an output named .html or .htm).
AUDIT_REPORTS = ("xlsx", "html")
#: The output names of the reports, by which ``audit -o`` tells them.
AUDIT_SUFFIXES = (".xlsx", ".html", ".htm")


def audit_report_kind(output: Path) -> str:
    """The report an output's name asks for: ``html`` for .html or .htm, else the workbook (``xlsx``)."""
    return "html" if output.suffix.lower() in (".html", ".htm") else "xlsx"


def audit(
    paths: list[Path],
    *,
    selection: Selection = Selection(),
    scenario: object | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    damage: Path | None = None,
    report: str | None = None,
) -> Audit:
    """Check every sheet under ``paths`` and tabulate every ship (in the workers that check them); with
    ``damage``, score the fleet audited (the first path) by Appendix A for the workbook's Losses sheet; with
    ``report`` (one of AUDIT_REPORTS), stream the rows into that report as they come (``write_audit_report``
    saves it)."""
    from shipyard.core.batch import iter_tabulated
    from shipyard.report import tables

    book: AuditWorkbook | AuditPage | None = None
    if report == "xlsx":
        from shipyard.report.workbook import AuditWorkbook

        book = AuditWorkbook()
    elif report == "html":
        from shipyard.report.html import AuditPage

        book = AuditPage()
    elif report is not None:
        raise ValueError(f"no audit report {report!r}: {', '.join(AUDIT_REPORTS)}")
    rows = tables.ShipRows()
    missing: list[Diagnostic] = []
    fleet_findings: list[Diagnostic] = []
    fleet_paths: list[str] = []
    headed: list[str] = []  # published squadron files: each a fleet of its own when no fleet file is audited
    summary = tables.AuditSummary()
    unreadable = False
    for sheet, table in iter_tabulated(
        paths,
        selection,
        scenario,
        jobs=jobs or os.cpu_count() or 1,
        progress=progress,
        keep_ships=False,
        tabulate=tables.tabulate,
        skipped=summary.skipped,
    ):
        if sheet.format == "unreadable" and sheet.diagnostics and sheet.diagnostics[0].code == "IO006":
            missing += sheet.diagnostics
            unreadable = True
            if book is not None:
                book.add_findings(sheet.diagnostics)
            continue
        if sheet.format == "fleet":
            fleet_paths.append(sheet.path)
            fleet_findings += sheet.diagnostics
        elif table.headed:
            headed.append(sheet.path)
        rows.extend(table.ships)
        summary.add(table)
        unreadable |= not table.opened
        if book is not None:
            book.add(table)
    losses: list[object] | None = None
    problems: list[Diagnostic] = []
    extras = tables.AuditExtras()
    fleets: tuple[PricedFleet, ...] = ()
    part = _fleets_part()  # the system that prices fleets and scores their losses
    if part is not None:
        if damage is not None:
            losses, problems = part.fleet_losses(paths[0], damage, scenario)
        if fleet_paths:
            fleets = tuple(part.fleet_totals(scenario, fleet_paths, fleet_findings))
        else:  # no fleet file: each published squadron's file is a fleet of its own, checked as one here
            fleets = tuple(part.fleet_totals(scenario, headed, fleet_findings, unchecked=True))
        for fleet in fleets:  # a squadron's sheet file checked as a fleet here: its findings counted too
            own = list(getattr(fleet, "findings", ()))
            if own:
                fleet_findings += own
                summary.add(tables.tabulate(SheetFile(path=own[0].span.path, format="fleet", diagnostics=own)))
        extras = part.audit_extras(scenario, fleets, losses)
    rows.count_from(fleets)
    return Audit(
        rows,
        missing,
        fleet_findings,
        summary,
        unreadable,
        summary.rows(rows, extras),
        extras,
        tuple(problems),
        fleets,
        book,
    )


def _fleets_part() -> FleetChecks | None:
    """The fleet checks of the system that reads fleets and scenarios (``System.fleets``): its scenarios, prices
    and Appendix A losses; None when no system does."""
    from shipyard.core.parts import fleet_checks
    from shipyard.core.registry import systems

    owner = next((s for s in systems() if s.fleets), None)
    return None if owner is None else fleet_checks(owner)


def write_audit_report(result: Audit, output: Path) -> None:
    """The audit's report (``audit(..., report=...)`` streamed its rows into it), saved to ``output``: the
    workbook (Summary, Ships, Batteries, Components, Findings, Rules, and Losses) or the HTML page (the summary,
    the ships, the charts, the findings by ship with their source lines)."""

    if result.report is None:
        raise ValueError("audit(..., report='xlsx' or 'html') fills the report as it checks")
    result.report.finish(output, result.summary_rows, result.rows, result.extras)


# --- comparing ---------------------------------------------------------------------------------------------------


class SheetDiff(NamedTuple):
    """Two versions of a sheet compared: each ship's changes, and what reading either found."""

    old: SheetFile
    new: SheetFile
    ships: list[ShipDiff]

    @property
    def changed(self) -> bool:
        return any(ship.status != "same" for ship in self.ships)

    @property
    def exit_code(self) -> int:
        """As diff(1): 0 the same, 1 a difference, 2 a version could not be read."""
        if not self.old.opened or not self.new.opened:
            return 2
        return 1 if self.changed else 0


def diff(old: str | Path, new: str | Path) -> SheetDiff:
    """What changed from ``old`` to ``new`` (any format each, told from its content), ship by ship, field by
    field, battery by battery; a layout change alone is no change."""
    from shipyard.core.diff import diff_ships

    before, after = load_sheet(old), load_sheet(new)
    return SheetDiff(before, after, diff_ships(before.ships, after.ships))


# --- documentation ----------------------------------------------------------------------------------------------


def explain(code: str) -> str | None:
    """The documentation of a rule (by code or name), a topic (an Appendix A table, a formation rule), or any
    other diagnostic code; None when there is no such thing."""
    from shipyard.core.codes import code_entry
    from shipyard.core.parts import topic_texts
    from shipyard.core.registry import all_rules, systems

    wanted, rules = code.strip(), all_rules()
    rule = rules.get(wanted.upper()) or next((r for r in rules.values() if r.meta.name == wanted.lower()), None)
    if rule is not None:
        return f"{rule.code} {rule.meta.name} ({rule.meta.severity.value}, family {rule.meta.family})\n\n{rule.doc}"
    for owner in systems():
        topics = topic_texts(owner) if owner.topics else {}
        if wanted.upper() in topics:
            return str(topics[wanted.upper()])
    entry = code_entry(wanted)
    return entry.explain() if entry is not None else None


#: How many codes ``explain`` names, at most, when the word it was given starts several.
EXPLAIN_LISTED = 12


def explain_miss(code: str) -> str:
    """Why ``explain`` has nothing for ``code``, and what it may have meant: the codes that start with it (a
    family, "TCS", or part of a code, "USD10"), else the nearest code, rule name or topic, else the topics."""

    from shipyard.core.codes import catalogue, nearest
    from shipyard.core.names import quoted
    from shipyard.core.registry import all_rules

    wanted, rules = code.strip(), all_rules()
    names = [*rules, *catalogue(), *topic_names()]
    head = f"no rule, code or topic {quoted(wanted)}"
    starting = [name for name in names if name.startswith(wanted.upper())] if wanted else []
    if starting:
        shown = ", ".join(starting[:EXPLAIN_LISTED]) + (", ..." if len(starting) > EXPLAIN_LISTED else "")
        return f"{head}; {len(starting)} start with {quoted(wanted.upper())}: {shown}"
    close = nearest(wanted.upper(), names, 0.6) or nearest(wanted.lower(), [r.meta.name for r in rules.values()], 0.6)
    if close:
        return f"{head}; did you mean {quoted(close)}?"
    return f"{head}; 'shipyard rules' lists the rules, and the topics are {', '.join(topic_names())}"


def rule_catalogue() -> list[dict[str, str]]:
    """Every rule as data (``shipyard rules --format json``): code, name, level, family, what it checks (its
    target: one ship or a fleet), the one-line summary and the whole documentation."""
    from shipyard.core.registry import all_rules

    return [
        {
            "code": rule.code,
            "name": rule.meta.name,
            "level": rule.meta.severity.value,
            "family": rule.meta.family,
            "target": rule.meta.target,
            "summary": rule.summary,
            "explanation": rule.doc,
        }
        for rule in all_rules().values()
    ]


def topic_names() -> list[str]:
    """Every ``explain`` topic that is not a code (TCS's Appendix A tables and formation rules)."""
    from shipyard.core.parts import topic_texts
    from shipyard.core.registry import systems

    return [name for owner in systems() if owner.topics for name in topic_texts(owner)]


def __getattr__(name: str) -> object:
    """A system's public function or record (``System.api``), loaded from its module on first use; a system
    added to the registry is reached here without a line of this module."""
    from shipyard.core.parts import public_api
    from shipyard.core.registry import systems

    for owner in systems():
        if owner.api is not None:
            module = public_api(owner)
            if name in module.__all__:
                found: object = getattr(module, name)
                globals()[name] = found
                return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
