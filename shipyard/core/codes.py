"""The catalogue of every diagnostic code that is not a rule: reading files, parsing sheets, converting,
scoring, shipyard's own findings. Rules document themselves (their docstrings); everything else is listed
here, the core's own codes below and each system's in its ``codes`` module (named in the registry).

``shipyard explain CODE`` prints an entry, SARIF carries its summary, and the code tables of the docs are
tested against this catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from functools import cache

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.numbers import FIGURE_DIGITS
from shipyard.core.source import MAX_LINE_CHARS


@dataclass(frozen=True)
class Code:
    """One diagnostic code: its severity (the most serious it is reported at), a one-line summary, and where
    useful a longer text (what to do about it)."""

    code: str
    severity: Severity
    summary: str
    text: str = ""
    #: The file as a whole is not read (missing, not a regular file, too large, binary, not a sheet, a workbook
    #: that does not open): a command exits 2 for it, as a linter does for unreadable input. A line that does
    #: not read is a finding (exit 1), as a syntax error is to a linter.
    unopened: bool = False
    #: A line or a block of the file is not read: the file is read in part (the audit counts and names it).
    partial: bool = False
    #: Words ``explain`` adds that the registered systems make (what each reads), worked out when asked: a
    #: finding's own message names none of them, so that a system added changes no message of another's files.
    more: Callable[[], str] | None = None

    def explain(self, more: bool = True) -> str:
        """The code's documentation (``more=False``: without the words of the registered systems, as a report
        that describes each code it holds writes it)."""
        head = f"{self.code} ({self.severity.value})\n\n{self.summary}"
        unopened = "The file is not read; the command exits 2." if self.unopened else ""
        partial = "The file is read in part: the audit counts and names it." if self.partial else ""
        listed = self.more() if self.more and more else ""
        text = " ".join(filter(None, [self.text, listed, unopened, partial]))
        return f"{head}\n\n{text}" if text else head


def toml_kinds() -> str:
    """Each kind of TOML file the registered systems read, with the table that tells it (IO008's ``more``)."""
    from shipyard.core.registry import formats

    named = [f"{f.description} ({f.toml_table})" for _, f in formats() if f.toml_table]
    return "The kinds of TOML file shipyard reads, each told by a table it holds: " + "; ".join(named) + "."


#: Short names for the catalogues' severity column.
ERROR, WARNING, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO

#: The core's codes: files (IO), settings (CFG), shipyard itself (SY).
CODES = (
    Code(
        "IO001",
        ERROR,
        "the file cannot be read (missing, a directory, not a regular file, no permission)",
        unopened=True,
    ),
    Code(
        "IO002",
        ERROR,
        "the file is over the 1 MiB limit",
        "A ship sheet, even a fleet of a hundred ships, is far smaller; a file this large is not read at all.",
        unopened=True,
    ),
    Code("IO003", ERROR, "the file is binary (it holds NUL bytes)", unopened=True),
    Code("IO004", ERROR, "the file is empty", unopened=True),
    Code("IO005", INFO, "the file is not UTF-8 and was read as UTF-16 (after its mark), Windows-1252 or latin-1"),
    Code("IO006", ERROR, "a path given on the command line does not exist", unopened=True),
    Code(
        "IO007",
        ERROR,
        "a file that holds no sheet (a fleet, a scenario, an engagement or a damage record) given where a sheet "
        "was expected",
        "The message says what to do with it: a scenario is given with --scenario, a fleet file is checked with "
        "'shipyard check', an engagement fought with 'shipyard combat battle', a damage record scored with "
        "'shipyard score'. A game log is no such file: 'shipyard check' referees it.",
        unopened=True,
    ),
    Code(
        "IO008",
        ERROR,
        "a TOML file of no kind shipyard reads (named on the command line): the message names the tables it holds",
        unopened=True,
        more=toml_kinds,
    ),
    Code(
        "IO009",
        ERROR,
        "an output file (-o) that cannot be written",
        "The folder must exist and be writable. Nothing is left half-written; the command exits 2.",
    ),
    Code(
        "IO010",
        ERROR,
        f"a line of a sheet over {MAX_LINE_CHARS:,} characters, or holding a figure of more than "
        f"{FIGURE_DIGITS} digits: not read (the other lines are)",
    ),
    Code(
        "IO011",
        WARNING,
        "a copy's damage repaired before reading: e-mail quote marks ('> ') at the starts of "
        "lines, a word processor's, web page's or printout's spaces, dashes, quotes and page "
        "breaks, characters that print as nothing (soft hyphens, zero-width spaces) "
        "(fixable); a web page read as the sheet it shows",
    ),
    Code(
        "IO012",
        ERROR,
        "a file named by another (a fleet's, engagement's, fire log's, catalogue's or pool's sheet, a game's "
        "system) outside that file's folder: not read, unless --allow-outside",
        "A file handed over by someone else must not make shipyard read your own files ('/etc/passwd', "
        "'../../.ssh/id_rsa'), so a name is followed only inside the folder of the file that gives it (after "
        "symbolic links). Move the files together, or give --allow-outside to read them where they are. Files "
        "named on the command line are never bounded.",
    ),
    Code(
        "IO013",
        INFO,
        "a file that holds no sheet, named to 'check', and checked as what it is (a fleet search's catalogue or "
        "opponent pool): its own findings, and the command that reads it",
        "A catalogue or pool is read as 'shipyard combat search' reads it (every sheet it names, each design's "
        "cost and bounds, each opponent's side): a valid one exits 0, and its problems are reported at their "
        "lines.",
    ),
    Code("CFG001", ERROR, "a settings file that is not valid TOML"),
    Code("CFG002", ERROR, "a settings value that does not validate (at its line, with a did-you-mean)"),
    Code(
        "CFG003",
        ERROR,
        "a code prefix given to --select or --ignore that names no code (with a did-you-mean)",
        "A typo would otherwise select nothing and turn a failing run green; the command exits 2.",
    ),
    Code(
        "CFG004",
        INFO,
        "a rule named by its former name in --select or --ignore: read as the rule, which has a new name",
        "A renamed rule keeps its old name, so a settings file or a script that names it goes on working; the note "
        "gives the new name to write instead.",
    ),
    Code("SY001", ERROR, "an internal error while reading one file: a bug, please report it; other files go on"),
    Code("SY002", ERROR, "an internal error in one rule on one ship: a bug; the other rules and files go on"),
    Code(
        "SY010",
        ERROR,
        "a suppression comment that names no codes",
        "Write '# shipyard: ignore[MCS001]' (this line) or '# shipyard: ignore-file[MCS001]' (the whole file).",
    ),
    Code("SY011", WARNING, "a suppression that matches no finding: remove it"),
)


@cache
def catalogue() -> dict[str, Code]:
    """Every non-rule code by code: the core's, then each system's, in the registry's order."""
    from shipyard.core.parts import code_entries
    from shipyard.core.registry import systems

    entries = {entry.code: entry for entry in CODES}
    for system in systems():
        if system.codes:
            for entry in code_entries(system):
                if entry.code in entries:
                    raise RuntimeError(f"diagnostic code {entry.code} is catalogued twice")
                entries[entry.code] = entry
    return entries


def code_entry(code: str) -> Code | None:
    return catalogue().get(code.upper())


#: The prefixes of the core's own codes.
CORE_PREFIXES = ("IO", "CFG", "SY")


#: What a code prefix looks like (letters, then digits, any case); a rule's name is words joined by hyphens.
CODE_SHAPED = re.compile(r"[A-Za-z]+[0-9]*")


def _families() -> list[str]:
    from shipyard.core.registry import systems

    return [*CORE_PREFIXES, *(p for s in systems() for p in s.prefixes)]


def code_prefix(value: str) -> str:
    """A value of --select or --ignore (or the settings) as the code prefix it means: a code or a prefix of one
    in any case ("mcs00" is MCS00), or a rule by its name ("size-by-displacement" is MCS001). Rules are looked
    up by name only for a value that is not a family's prefix, so a selection by code loads no rule."""
    upper = value.upper()
    if CODE_SHAPED.fullmatch(value) and any(f.startswith(upper) or upper.startswith(f) for f in _families()):
        return upper
    from shipyard.core.registry import all_rules

    wanted = value.lower()
    named = next((r.code for r in all_rules().values() if r.meta.name == wanted or wanted in r.meta.former_names), None)
    return named or (upper if CODE_SHAPED.fullmatch(value) else value)


def renamed(value: str) -> str | None:
    """When ``value`` is a rule's former name, what it names now ("'sandcaster' is the former name of MCS007,
    sandcaster-screen-armour"); None otherwise. Only a value that is not code-shaped loads the rules."""
    if CODE_SHAPED.fullmatch(value):
        return None
    from shipyard.core.registry import all_rules

    wanted = value.lower()
    rule = next((r for r in all_rules().values() if wanted in r.meta.former_names), None)
    return None if rule is None else f"'{value}' is the former name of {rule.code}, now {rule.meta.name}"


def unknown_prefix(prefix: str) -> str | None:
    """Why a code prefix given to --select or --ignore (or in the settings) names no code, with a did-you-mean;
    None when some code starts with it. Only the family the prefix belongs to is loaded (every family when it
    belongs to none: a typo in the family, whose did-you-mean may be any code)."""
    from shipyard.core.parts import code_entries
    from shipyard.core.registry import all_rules, family_rules, systems

    if not CODE_SHAPED.fullmatch(prefix):  # a rule's name that names none (code_prefix resolved the others)
        names = [rule.meta.name for rule in all_rules().values()]
        close = nearest(prefix.lower(), names, 0.6)
        return f"no rule named '{prefix}'" + (f"; did you mean '{close}'?" if close else "")
    prefix = prefix.upper()
    families = _families()
    if any(family.startswith(prefix) for family in families):
        return None  # "MCS", "TC", "IO"
    owners = [s for s in systems() if prefix.startswith(s.prefixes)]
    if not any(prefix.startswith(core) for core in CORE_PREFIXES):
        owners = owners or list(systems())
    known = [entry.code for entry in CODES]
    for owner in owners:
        known += [entry.code for entry in code_entries(owner)] if owner.codes else []
        known += list(family_rules(owner.family)) if owner.family and owner.rules else []
    if any(code.startswith(prefix) for code in known):
        return None
    close = nearest(prefix, families + known, 0.5)
    hint = f"; did you mean '{close}'?" if close else f" (codes start with {', '.join(families)})"
    return f"no code starts with '{prefix}'{hint}"


def transposed(word: str, names: Iterable[str]) -> list[str]:
    """The names made of the same letters as ``word`` in another order ("MCS" for "MSC"): the typo a
    did-you-mean by likeness ranks too low."""
    return [name for name in names if sorted(name) == sorted(word)]


def nearest(word: str, names: Iterable[str], cutoff: float) -> str | None:
    """The one of ``names`` that ``word`` misspells, as every did-you-mean of shipyard tells it: one of the same
    letters in another order, else the likest (difflib's ratio) at ``cutoff`` or more; None when none is near."""
    import difflib

    candidates = list(names)
    near = transposed(word, candidates) or difflib.get_close_matches(word, candidates, n=1, cutoff=cutoff)
    return near[0] if near else None


def exit_status(diagnostics: Iterable[Diagnostic], unreadable: bool = False) -> int:
    """The exit code of every command, as a linter's: 2 when an input could not be read (``unreadable``, or a
    code marked ``unopened``), 1 when there is an error finding, else 0."""
    errors = [d.code for d in diagnostics if d.severity is Severity.ERROR]
    if unreadable or any(code in unopened_codes(code_format(code)) for code in errors):
        return 2
    return 1 if errors else 0


def log_status(diagnostics: Iterable[Diagnostic], refused: Collection[str]) -> int:
    """The exit code of a command that reads a log: 2 when a file could not be read (a code marked ``unopened``,
    or one of ``refused``: the log's TOML or its values), else 1 with an error finding (the log's, or a sheet's
    it names: one rule for every command), else 0."""
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    return exit_status(errors, unreadable=any(d.code in refused for d in errors))


def code_format(code: str) -> str:
    """A format of the system that owns ``code`` (for ``unopened_codes``), "" for the core's own codes."""
    from shipyard.core.registry import systems

    owner = next((s for s in systems() if code.startswith(s.prefixes)), None)
    return owner.formats[0].name if owner is not None and owner.formats else ""


def _entries(file_format: str) -> list[Code]:
    """The core's codes and those of the system that reads ``file_format`` (only that catalogue is loaded)."""
    from shipyard.core.parts import code_entries
    from shipyard.core.registry import format_named

    entries = list(CODES)
    owner = format_named(file_format)
    if owner is not None and owner[0].codes:
        entries += code_entries(owner[0])
    return entries


@cache  # asked of every sheet a batch reads (``SheetFile.opened``)
def unopened_codes(file_format: str = "") -> frozenset[str]:
    """The codes that say a file as a whole was not read (``Code.unopened``)."""
    return frozenset(entry.code for entry in _entries(file_format) if entry.unopened)


@cache  # asked of every sheet an audit tabulates (``SheetFile.read_in_part``)
def partial_codes(file_format: str = "") -> frozenset[str]:
    """The codes that say a line or block of a file was not read (``Code.partial``): the file is read in part."""
    return frozenset(entry.code for entry in _entries(file_format) if entry.partial)
