"""Small things every command shares: its consoles (colour only on a terminal, and no styling at all with
NO_COLOR), a progress bar on stderr for long runs (only on a terminal, gone when the run ends), and writing
an output file with a located error instead of a traceback."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import typer
from rich.console import Console


def console(stderr: bool = False, **options) -> Console:
    """A rich console; with NO_COLOR set (no-color.org) it writes plain text, bold included."""
    if os.environ.get("NO_COLOR"):
        options["color_system"] = None
    return Console(stderr=stderr, highlight=False, **options)


@contextmanager
def progress_bar(err: Console, label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Yields a ``progress(done, total)`` callback, or None when stderr is not a terminal."""
    if not err.is_terminal:
        yield None
        return
    from rich.progress import Progress
    bar = Progress(console=err, transient=True)
    task = bar.add_task(label, total=None)
    bar.start()
    try:
        yield lambda done, total: bar.update(task, completed=done, total=total)
    finally:
        bar.stop()


def write_or_exit(err: Console, target, write: Callable[[], None]) -> None:
    """Run ``write`` (which writes ``target``); if the file cannot be written, IO009 and exit 2. The folder
    is checked first, so nothing is built for a file that cannot be written."""
    if target is not None:
        folder = Path(target).parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            err.print(f"{target}:1:1: error: IO009 cannot write the output: the folder {folder} does not exist or "
                      "is not writable", markup=False)
            raise typer.Exit(2)
    try:
        write()
    except OSError as error:
        err.print(f"{target}:1:1: error: IO009 cannot write the output: {error.strerror or error}", markup=False)
        raise typer.Exit(2)
