"""The fleet search's journal (``--journal``, optuna's journal file): checked before optuna replays it, so a damaged
one is a located finding (SRC006) rather than a traceback, a last line cut by a search that was stopped while
writing it is dropped (and said), and held by one search at a time (an advisory lock for the search's length)."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity, Span

#: The largest journal read: a search of millions of battles writes a few MiB; past this it is refused unread.
MAX_JOURNAL_BYTES = 256 * 1024 * 1024


class Unresumable(Exception):
    """A journal whose records optuna cannot replay (each line well formed): its finding."""

    def __init__(self, path: Path, error: BaseException) -> None:
        super().__init__(str(error))
        self.diagnostic = _finding(path, 1, 1, f"the journal cannot be resumed ({type(error).__name__}: {error})")


def _finding(path: Path, line: int, col: int, message: str, severity: Severity = Severity.ERROR) -> Diagnostic:
    return Diagnostic(code="SRC006", severity=severity, span=Span(path=str(path), line=line, col=col), message=message)


def _line_problem(raw: bytes) -> str | None:
    """Why a journal line is none a search writes (a JSON object with an integer ``op_code`` and a ``worker_id``),
    or None."""
    try:
        record = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return "not UTF-8 text"
    except ValueError as error:
        return f"not JSON ({error})"
    if not isinstance(record, dict):
        return f"a JSON {type(record).__name__}, not an object"
    if not isinstance(record.get("op_code"), int) or isinstance(record.get("op_code"), bool):
        return "no integer op_code"
    if not isinstance(record.get("worker_id"), str):
        return "no worker_id"
    return None


def check(path: Path) -> list[Diagnostic]:
    """The journal's findings (none for a journal not yet written). A last line without its line break that is not
    a whole record was cut as it was written: the file is cut back to the line before, and that is a warning."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        return [_finding(path, 1, 1, f"cannot read the journal: {getattr(error, 'strerror', None) or error}")]
    if not stat.S_ISREG(status.st_mode):
        return [_finding(path, 1, 1, "the journal is not a regular file (a search appends to a file of its own)")]
    if status.st_size > MAX_JOURNAL_BYTES:
        return [
            _finding(path, 1, 1, f"the journal is {status.st_size:,} bytes; over {MAX_JOURNAL_BYTES:,} is not read")
        ]
    found: list[Diagnostic] = []
    offset = 0
    with path.open("rb") as stream:
        for number, raw in enumerate(stream, start=1):
            problem = _line_problem(raw.rstrip(b"\n")) if raw.strip() else None
            if problem is None and raw.strip() and not raw.endswith(b"\n"):  # whole, but its line break was not
                with path.open("ab") as end:  # written: the next record would join it
                    end.write(b"\n")
                found.append(
                    _finding(path, number, len(raw) + 1, "the last line lacked its line break: added", Severity.WARNING)
                )
            elif problem is not None and not raw.endswith(b"\n"):  # the last line, cut as it was written
                os.truncate(path, offset)
                found.append(
                    _finding(
                        path,
                        number,
                        1,
                        "the last line was cut as it was written (a search stopped): dropped, the search resumes "
                        "from the line before",
                        Severity.WARNING,
                    )
                )
            elif problem is not None:
                found.append(_finding(path, number, 1, f"not a line a search writes: {problem}"))
                break
            offset += len(raw)
    return found


@contextmanager
def held(path: Path | None) -> Iterator[list[Diagnostic]]:
    """The journal checked and, when it can be used, locked against another search for as long as the block runs.
    Yields the findings: an error among them means the search must not start."""
    if path is None:
        yield []
        return
    found = check(path)
    if any(d.severity is Severity.ERROR for d in found):
        yield found
        return
    import fcntl

    try:
        handle = path.open("ab")
    except OSError as error:
        yield [*found, _finding(path, 1, 1, f"cannot write the journal: {error.strerror or error}")]
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            yield [*found, _finding(path, 1, 1, "another search is writing this journal: one search a journal")]
            return
        yield found
