"""Writing output files: atomically (a temporary file beside the target, moved into place, so a crash never
leaves half a file), with the mode the umask gives a new file (a temporary file alone would be 0600), and with
a located IO009 diagnostic, never a traceback, when a file cannot be written."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def atomic_path(target: Path, suffix: str = "") -> Iterator[Path]:
    """A temporary path beside ``target`` to write to; on success it replaces ``target``, with the umask's mode."""
    target = Path(target)
    handle, temporary = tempfile.mkstemp(suffix=suffix, prefix=f".{target.stem}-", dir=target.parent or ".")
    os.close(handle)
    try:
        yield Path(temporary)
        os.chmod(temporary, _umask_mode())
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def write_text_atomic(target: Path, write: Callable[..., object]) -> None:
    """``write(stream)`` into ``target`` as UTF-8 text (newlines as written), atomically."""
    with atomic_path(target) as temporary, temporary.open("w", encoding="utf-8", newline="") as stream:
        write(stream)


def unwritable(target: Path, error: OSError | None = None) -> Diagnostic:
    """IO009: an output that cannot be written, at the output's own path."""
    if error is None:
        reason = f"the folder {Path(target).parent} does not exist or is not writable"
    else:
        reason = error.strerror or str(error)
    return Diagnostic(code="IO009", severity=Severity.ERROR, span=Span(path=str(target), line=1, col=1),
                      message=f"cannot write the output: {reason}")


def check_writable(target: Path | None) -> Diagnostic | None:
    """IO009 when the folder of ``target`` does not exist or cannot be written (checked before any work)."""
    if target is None:
        return None
    folder = Path(target).parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        return unwritable(Path(target))
    return None


def write_output(target: Path | None, write: Callable[[], None]) -> Diagnostic | None:
    """Run ``write`` (which writes ``target``): None when it worked, IO009 when it could not."""
    problem = check_writable(target)
    if problem is not None:
        return problem
    try:
        write()
    except OSError as error:
        return unwritable(Path(target or "-"), error)
    return None
