"""Writing output files: atomically (a temporary file beside the target, moved into place, so a crash never
leaves half a file; a command's files moved together), with the mode of the file replaced or, for a new one,
the umask's (a temporary file alone would be 0600); a device or FIFO written in place; a located IO009
diagnostic, never a traceback, when a file cannot be written or is one of the command's inputs."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.source import output_read


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _destination(target: Path) -> tuple[Path, bool]:
    """Where writing ``target`` goes (a symlink's own target, so the link is kept), and whether it is written
    in place: an existing device or FIFO (``-o /dev/null``, a process substitution) is written directly,
    never replaced by a regular file."""
    if target.exists() and not target.is_file():  # both follow symlinks: /dev/stdout is a link to a pipe
        return target, True
    return Path(os.path.realpath(target)), False


@contextmanager
def atomic_paths(targets: list[Path], suffix: str = "") -> Iterator[list[Path]]:
    """A path to write for each target: a temporary file beside it, or a device or FIFO itself. Only when every
    one is written are the temporary files moved into place, so one command's outputs are all new or all old;
    each with the mode of the file it replaces, else the umask's."""
    moves: list[tuple[Path, Path]] = []
    paths: list[Path] = []
    try:
        for target in targets:
            real, in_place = _destination(Path(target))
            if in_place:
                paths.append(real)
                continue
            handle, name = tempfile.mkstemp(suffix=suffix, prefix=f".{real.stem}-", dir=real.parent)
            os.close(handle)
            moves.append((Path(name), real))
            paths.append(Path(name))
        yield paths
        for written, real in moves:
            os.chmod(written, real.stat().st_mode & 0o7777 if real.is_file() else _umask_mode())
        for written, real in moves:
            os.replace(written, real)
    finally:
        for written, _ in moves:
            if written.exists():
                written.unlink()


@contextmanager
def atomic_path(target: Path, suffix: str = "") -> Iterator[Path]:
    """``atomic_paths`` for one target."""
    with atomic_paths([target], suffix) as (path,):
        yield path


def write_text_atomic(target: Path, write: Callable[..., object]) -> None:
    """``write(stream)`` into ``target`` as UTF-8 text (newlines as written), atomically."""
    write_texts_atomic([(target, write)])


def write_texts_atomic(outputs: Sequence[tuple[Path, Callable[..., object]]]) -> None:
    """Each ``write(stream)`` into its target as UTF-8 text, all moved into place together."""
    with atomic_paths([target for target, _ in outputs]) as paths:
        for path, (_, write) in zip(paths, outputs, strict=True):
            with path.open("w", encoding="utf-8", newline="") as stream:
                write(stream)


def unwritable(target: Path, error: OSError | None = None) -> Diagnostic:
    """IO009: an output that cannot be written, at the output's own path."""
    if error is None:
        reason = f"the folder {Path(target).parent} does not exist or is not writable"
    else:
        reason = error.strerror or str(error)
    return Diagnostic(
        code="IO009",
        severity=Severity.ERROR,
        span=Span(path=str(target), line=1, col=1),
        message=f"cannot write the output: {reason}",
    )


def check_writable(target: Path | None, inputs: tuple[Path, ...] = ()) -> Diagnostic | None:
    """IO009 when ``target`` is one of the command's input files, or its folder does not exist or cannot be
    written (checked before any work)."""
    if target is None:
        return None
    for given in inputs:
        try:
            same = Path(given).is_file() and Path(target).exists() and os.path.samefile(given, target)
        except OSError:
            same = False
        if same:
            return Diagnostic(
                code="IO009",
                severity=Severity.ERROR,
                span=Span(path=str(target), line=1, col=1),
                message=f"the output is the input {given}: not overwritten (name another file)",
            )
    if output_read(Path(target)):
        return Diagnostic(
            code="IO009",
            severity=Severity.ERROR,
            span=Span(path=str(target), line=1, col=1),
            message=f"the output {target} is a file this command read (an input names it): not overwritten "
            "(name another file)",
        )
    real, in_place = _destination(Path(target))
    if in_place:
        return None if os.access(real, os.W_OK) else unwritable(Path(target), PermissionError(13, "not writable"))
    folder = real.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        return unwritable(Path(target))
    return None


def write_output(
    target: Path | None, write: Callable[[], None], inputs: tuple[Path, ...] = (), also: tuple[Path, ...] = ()
) -> Diagnostic | None:
    """Run ``write`` (which writes ``target`` and the files ``also``): None when it worked, IO009 when one of them
    cannot be written or is one of the ``inputs`` (all checked before anything is written)."""
    problem = next(filter(None, (check_writable(each, inputs) for each in (target, *also))), None)
    if problem is not None:
        return problem
    try:
        write()
    except OSError as error:
        _drop_failed_writers()
        return unwritable(Path(target or "-"), error)
    return None


def _half_written(unraisable: Any) -> bool:
    """Whether an unraisable exception came from finalising a writer a failed output left behind: openpyxl's
    generators (a write-only sheet's rows) or a zip file's ``__del__`` (a workbook is a zip file)."""
    thing = unraisable.object
    where = getattr(thing, "__module__", None) or getattr(getattr(thing, "gi_code", None), "co_filename", "")
    return where == "zipfile" or "openpyxl" in str(where)


def _drop_failed_writers() -> None:
    """After an output failed to be written (a full disk), its half-written writers fail again as they are
    finalised, each an "Exception ignored ... Traceback" on stderr after the one IO009: from now on those are
    dropped (``_half_written``); any other unraisable exception still reaches the hook that was there."""
    previous = sys.unraisablehook
    if getattr(previous, "drops_failed_writers", False):
        return

    def hook(unraisable: Any) -> None:
        if not _half_written(unraisable):
            previous(unraisable)

    hook.drops_failed_writers = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook
