"""A progress bar on stderr for long runs: only on a terminal, gone when the run ends."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from rich.console import Console


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
