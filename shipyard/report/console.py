"""Small things every command shares: its consoles (colour only on a terminal, and no styling at all with
NO_COLOR), a progress bar on stderr for long runs (only on a terminal, gone when the run ends), and writing
an output file with a located error instead of a traceback.

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
from typing import TYPE_CHECKING, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from shipyard.core.diagnostics import Diagnostic
    from shipyard.report.text import Segment


class TextOrJson(StrEnum):
    """The ``--format`` of a command that prints text for people or JSON for programs."""

    text = "text"
    json = "json"


#: The control characters rich drops from text (rich.control.STRIP_CONTROL_CODES: bell, backspace, vertical
#: tab, form feed, carriage return); plain lines drop them too, so a sheet's bytes never reach the terminal raw.
_STRIPPED = dict.fromkeys((7, 8, 11, 12, 13))
_ANY_STRIPPED = re.compile("[" + "".join(map(chr, _STRIPPED)) + "]")  # looked for first: translate is slower


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

    def __init__(self, stderr: bool = False) -> None:
        self.stream = sys.stderr if stderr else sys.stdout
        self.console: Console | None = console(stderr=stderr, soft_wrap=True) if is_terminal(self.stream) else None
        #: While a progress bar is shown on the terminal, the console of its live display: lines for the
        #: terminal print through it, above the bar, instead of over it.
        self.live: Console | None = None

    def write(self, segments: Sequence[Segment]) -> None:
        target = self.live or self.console
        if target is None:
            line = "".join(text for text, _ in segments)
            self.stream.write((line.translate(_STRIPPED) if _ANY_STRIPPED.search(line) else line) + "\n")
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

    for diagnostic in diagnostics:
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
