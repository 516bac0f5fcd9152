"""Small things every command shares: its consoles (colour only on a terminal, and no styling at all with
NO_COLOR), a progress bar on stderr for long runs (only on a terminal, gone when the run ends), writing an
output file with a located error instead of a traceback, and the conventions of docs/cli.md: ``-`` reads
standard input, ``-o FILE`` (``-o -``: standard output), ``-f/--format text|json``, ``-q/--quiet``.

rich is imported only when it is used: ``Lines`` (the line reports of ``check``) writes plain text when its
stream is not a terminal, so a linter run in CI or a pipe does not pay for a styling library it does not
need (a fast start-up)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

import typer

from shipyard.core.names import quoted

if TYPE_CHECKING:
    from rich.console import Console

    from shipyard.core.diagnostics import Diagnostic
    from shipyard.report.text import Segment


class StdinPath(type(Path())):  # type: ignore[misc]
    """The argument ``-``: standard input (a file named ``-`` is given as ``./-``)."""


def path_or_stdin(value: str) -> Path:
    """A path argument as typed: ``-`` is standard input (``StdinPath``); ``./-`` is the file named ``-``."""
    return StdinPath(value) if value == "-" else Path(value)


def reads_stdin(path: Path | None) -> bool:
    return isinstance(path, StdinPath)


@contextmanager
def inputs(paths: Sequence[Path]) -> Iterator[list[Path]]:
    """The paths a command reads, ``-`` replaced by standard input spooled to a file (shipyard/core/stdin.py:
    named ``<stdin>`` in findings, its references found from the current directory). Standard input is read
    once: a second ``-`` is a usage error."""
    if sum(map(reads_stdin, paths)) > 1:
        raise typer.BadParameter("standard input ('-') can be read once: name it once")
    if not any(map(reads_stdin, paths)):
        yield list(paths)
        return
    from shipyard.core.stdin import spooled

    with spooled() as spool:
        yield [spool if reads_stdin(path) else path for path in paths]


def quiet_option() -> bool:
    return typer.Option(
        False,
        "--quiet",
        "-q",
        help="Print the results and findings only: no progress bar, no summary line, no 'wrote FILE'.",
    )


def _allow_outside(allowed: bool) -> bool:
    from shipyard.core.references import allow_outside

    allow_outside(allowed)
    return allowed


def outside_option() -> bool:
    """``--allow-outside``: set for the whole command as its options are read (shipyard/core/references.py)."""
    return typer.Option(
        False,
        "--allow-outside",
        callback=_allow_outside,
        help="Read the files a fleet, engagement, fire log, catalogue, pool or game names even where they lie "
        "outside its folder (by default they are not read: a file from elsewhere cannot make shipyard read yours).",
    )


def format_option(help: str = "text (for people) or json (for programs).") -> TextOrJson:
    return typer.Option(TextOrJson.text, "--format", "-f", help=help, case_sensitive=False)


def output_option(help: str = "Write the results to FILE instead of printing them ('-': standard output).") -> Path:
    return typer.Option(None, "--output", "-o", metavar="FILE", parser=path_or_stdin, help=help, show_default=False)


#: The output names that pick the form of a command's results, whatever ``--format`` says.
RESULT_SUFFIXES = {".json": "json", ".txt": "text"}


class Output:
    """Where a command's results go: standard output, or ``-o FILE`` (``-o -`` is standard output), each file
    written atomically and said on stderr ("wrote FILE") unless ``-q``; a file that cannot be written, or is
    one of the command's ``inputs``, is IO009 and exit 2, said before the work.

    A command that writes reports (a workbook, a page, a picture) names their extensions in ``reports``: such
    an output is the report, and the results still print; ``.json`` or ``.txt`` is the results in that form
    (unless ``only_reports``: a command whose result is the report), and any other name is a usage error. A
    command without reports writes its results to any name, as JSON for ``.json``, as text for ``.txt``, else
    as ``--format`` says."""

    def __init__(
        self,
        output: Path | None,
        quiet: bool = False,
        inputs: Sequence[Path] = (),
        reports: Sequence[str] = (),
        only_reports: bool = False,
    ) -> None:
        self.output = None if output is None or reads_stdin(output) else output
        self.quiet = quiet
        self.inputs = tuple(path for path in inputs if not reads_stdin(path))
        self.reports = tuple(reports)
        self.err = Lines(stderr=True)
        named = (*self.reports, *(() if only_reports else RESULT_SUFFIXES))
        if self.output is not None:
            from shipyard.core.files import check_writable
            from shipyard.core.source import watch_output

            watch_output(self.output)  # a file an input refers to is an input too: noticed when it is read

            problem = check_writable(self.output, self.inputs)  # said before the work, not after it
            if problem is not None:
                usage_error(self.err, [problem])
        if self.output is not None and self.reports and self.suffix() not in named:
            expected = ", ".join(named)
            raise typer.BadParameter(
                f"expected a {expected} file (or '-': standard output), got {quoted(self.output.name)}",
                param_hint="--output",
            )

    @property
    def to_file(self) -> bool:
        return self.output is not None

    def suffix(self) -> str:
        """The output file's extension, lower case ('' for standard output)."""
        return self.output.suffix.lower() if self.output is not None else ""

    @property
    def report(self) -> Path | None:
        """The report file asked for (one of ``reports``), if any."""
        return self.output if self.output is not None and self.suffix() in self.reports else None

    def form(self, chosen: TextOrJson) -> TextOrJson:
        """The form of the results: JSON for an output named .json, text for .txt, else ``--format``'s."""
        return TextOrJson(RESULT_SUFFIXES.get(self.suffix(), chosen.value))

    @property
    def results(self) -> Output:
        """Where the results go: here, or standard output when the output file is a report."""
        return Output(None, self.quiet) if self.report is not None else self

    def text(self, text: str, document: bool = False) -> None:
        """The results as text: printed, or written to the output file; standard input, spooled, is named as
        ``<stdin>`` in it. Every control character but line breaks and tabs is escaped on the way out, whatever
        built the text (``visible``; in a ``document``, JSON, TOML or SVG, as the ``\\u`` escape its form reads
        back). Printed to a terminal (or with COLUMNS set), a line longer than its width is wrapped (never a
        document's)."""
        from shipyard.core.stdin import named
        from shipyard.report.text import visible_document, visible_lines

        text = visible_document(named(text)) if document else visible_lines(named(text))
        if self.output is None:
            width = None if document else text_width()
            sys.stdout.write(wrapped(text, width) if width else text)
            return
        from shipyard.core.files import write_text_atomic

        target = self.output
        self.file(lambda: write_text_atomic(target, lambda stream: stream.write(text)))

    def texts(self, files: Sequence[tuple[Path, str]]) -> None:
        """Documents written together (all or none, as ``file``): the output file's text first, then the files
        beside it; said as "wrote FILE (and N files beside it)"."""
        from shipyard.core.files import write_texts_atomic
        from shipyard.core.stdin import named
        from shipyard.report.text import visible_document

        assert self.output is not None and files
        texts = [(path, visible_document(named(text))) for path, text in files]
        also = [path for path, _ in files[1:]]
        words = f"{self.output} (and {len(also)} file(s) beside it: {', '.join(p.name for p in also)})"
        writes = [(path, lambda stream, text=text: stream.write(text)) for path, text in texts]
        self.file(lambda: write_texts_atomic(writes), also, words)

    def print(self, *renderables: object, soft_wrap: bool = False) -> None:
        """Rich renderables (panels, tables), printed as they are (a ship's name never read as markup), or
        rendered as plain text at the terminal's width into the output file; ``soft_wrap``: long lines are
        left whole for the terminal to wrap."""
        if self.output is None:
            soft_wrap = soft_wrap and text_width() is None  # a terminal's width, or COLUMNS, wraps it
            out = console(soft_wrap=soft_wrap, markup=False)
            for renderable in renderables:
                out.print(renderable)
            return
        from io import StringIO

        buffer = StringIO()
        printer = console(file=buffer, soft_wrap=soft_wrap, markup=False, color_system=None, width=console().width)
        for renderable in renderables:
            printer.print(renderable)
        self.text(buffer.getvalue())

    def findings(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Findings as results (a referee's verdicts): located lines, printed or written to the output file."""
        if self.output is None:
            report(Lines(), diagnostics, show_source=False)
            return
        self.text(findings_text(diagnostics))

    def json(self, document: object, diagnostics: Sequence[Diagnostic] | None = None) -> None:
        """The results as a JSON document; with ``diagnostics``, the document (an object) holds them too, under
        ``diagnostics``, in the order they were found (the same from a file and from standard input); a command that
        could not get its results (an input not read) writes ``None``: a document of its findings alone, so a
        program always reads one."""
        import json

        if diagnostics is not None:
            found = [d.model_dump(mode="json") for d in diagnostics]
            if document is None:
                document = {"diagnostics": found}
            elif isinstance(document, dict):
                document = {**document, "diagnostics": found}
            else:
                raise TypeError("findings go into a JSON object, not a list")
        self.text(json.dumps(document, indent=2) + "\n", document=True)

    def file(self, write: Callable[[], None], also: Sequence[Path] = (), words: str | None = None) -> None:
        """Run ``write`` (which writes the output file and the files ``also``), then say so."""
        assert self.output is not None
        write_or_exit(self.err, self.output, write, self.inputs, also)
        self.wrote(words or str(self.output))

    @contextmanager
    def stream(self) -> Iterator[IO[str]]:
        """A text stream for results written as they come: standard output, or the output file (written
        atomically when the block ends, then said)."""
        if self.output is None:
            yield sys.stdout
            return
        from shipyard.core.files import atomic_path

        try:
            with atomic_path(self.output) as path, path.open("w", encoding="utf-8", newline="") as stream:
                yield stream
        except OSError as error:
            from shipyard.core.files import unwritable

            usage_error(self.err, [unwritable(self.output, error)])
        self.wrote(str(self.output))

    def wrote(self, what: str) -> None:
        if not self.quiet:
            self.err.write([(f"wrote {what}", None)])


#: A located line (a finding, a change of ``diff``): ``path:line:col: ...``, kept whole for editors and CI.
LOCATED = re.compile(r"^\s*[^\s:]+:\d+:\d+: ")


def text_width() -> int | None:
    """The width text is wrapped at: the terminal's, or COLUMNS when it is set; None on a pipe without COLUMNS,
    where each line stays whole for the next program."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if is_terminal(sys.stdout):
        return console().width
    return None


def wrapped(text: str, width: int) -> str:
    """Each line of ``text`` longer than ``width`` broken at spaces, its further lines indented two more than its
    first; never at a hyphen (a USP, a range of dashes) and never inside a word (a path stays whole)."""
    import textwrap

    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=indent,
                break_on_hyphens=False,
                break_long_words=False,
                drop_whitespace=True,
            )
            or [line]
        )
    return "\n".join(out)


def findings_text(diagnostics: Sequence[Diagnostic]) -> str:
    """Findings as plain located lines, one each, without their source lines."""
    from shipyard.report.text import diagnostic_segments

    return "".join("".join(t for t, _ in diagnostic_segments(d, show_source=False)) + "\n" for d in diagnostics)


class TextOrJson(StrEnum):
    """The ``--format`` of a command that prints text for people or JSON for programs."""

    text = "text"
    json = "json"


def console(stderr: bool = False, **options) -> Console:
    """A rich console; with NO_COLOR set (no-color.org) it writes plain text, bold included."""
    from rich.console import Console

    if os.environ.get("NO_COLOR"):
        options["color_system"] = None
    return Console(stderr=stderr, highlight=False, **options)


def is_terminal(stream) -> bool:
    """rich's own test (``Console.is_terminal``): TTY_COMPATIBLE=0/1 decides, then FORCE_COLOR (set and not
    empty: a terminal), then ``isatty()``."""
    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return bool(getattr(stream, "isatty", lambda: False)())
    except ValueError:  # a closed stream
        return False


class Lines:
    """Line output (``path:line:col: ...``) to stdout or stderr: through rich on a terminal, where it styles the
    segments, and written as plain text anywhere else, which is what rich would write there."""

    def __init__(self, stderr: bool = False, stream: IO[str] | None = None) -> None:
        self.stream = stream or (sys.stderr if stderr else sys.stdout)
        self.console: Console | None = (
            console(stderr=stderr, soft_wrap=True) if stream is None and is_terminal(self.stream) else None
        )
        #: Whether a long line that is not a located one wraps at the terminal's width: not in a file.
        self.wraps = stream is None
        #: While a progress bar is shown on the terminal, the console of its live display: lines for the
        #: terminal print through it, above the bar, instead of over it.
        self.live: Console | None = None

    def write(self, segments: Sequence[Segment]) -> None:
        from shipyard.core.stdin import named
        from shipyard.report.text import visible_lines

        segments = [(visible_lines(named(text)), style) for text, style in segments]  # no control reaches a terminal
        target = self.live or self.console
        if target is None:
            line = "".join(text for text, _ in segments)
            width = text_width() if self.wraps and not LOCATED.match(line) else None
            if width is not None and len(line) > width:  # a summary line; a located line stays whole
                line = wrapped(line, width)
            self.stream.write(line + "\n")
        else:
            from rich.text import Text

            target.print(Text.assemble(*((text, style) if style else text for text, style in segments)))


def _same_file(one, other) -> bool:
    """Whether two streams write to one file (stdout and stderr on one terminal), by their descriptors."""
    try:
        return os.path.samestat(os.fstat(one.fileno()), os.fstat(other.fileno()))
    except (AttributeError, OSError, ValueError):  # no descriptor (a test's capture): not one terminal
        return False


@contextmanager
def progress_bar(
    err: Console | None, label: str, above: Lines | None = None
) -> Iterator[Callable[[int, int], None] | None]:
    """Yields a ``progress(done, total)`` callback, or None when stderr is not a terminal (or there is no
    rich console: ``Lines`` makes one only for a terminal). While the bar runs, the lines ``above`` writes to
    a terminal go through the bar's live display, which prints them above the bar (two consoles writing to one
    terminal overwrite each other); the bar is gone when the run ends."""
    if err is None or not err.is_terminal:
        yield None
        return
    from rich.progress import Progress

    bar = Progress(console=err, transient=True, redirect_stdout=False, redirect_stderr=False)
    task = bar.add_task(label, total=None)
    bar.start()
    shared = above is not None and above.console is not None and _same_file(above.stream, err.file)
    if shared and above is not None:
        above.live = bar.console
    try:
        yield lambda done, total: bar.update(task, completed=done, total=total)
    finally:
        if shared and above is not None:
            above.live = None
        bar.stop()


def report(err: Lines, diagnostics: Sequence[Diagnostic], show_source: bool = True) -> None:
    """Each diagnostic as a located line (with its source line and caret where it has one)."""
    from shipyard.report.text import diagnostic_segments

    for diagnostic in diagnostics:  # standard input's spooled path is named <stdin> by ``Lines.write``
        err.write(diagnostic_segments(diagnostic, show_source=show_source))


def usage_error(err: Lines, problems: Sequence[Diagnostic]) -> NoReturn:
    """Report why the command cannot run (settings, a scenario, an option) and exit 2."""
    report(err, problems)
    raise typer.Exit(2)


def write_or_exit(
    err: Lines, target: Path | None, write: Callable[[], None], inputs: Sequence[Path] = (), also: Sequence[Path] = ()
) -> None:
    """Run ``write`` (which writes ``target`` and the files ``also``); if one cannot be written, or is one of
    the command's ``inputs``, IO009 and exit 2, and nothing is written."""
    from shipyard.core.files import write_output

    problem = write_output(target, write, tuple(inputs), tuple(also))
    if problem is not None:
        usage_error(err, [problem])
