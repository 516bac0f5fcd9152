"""Files that other files name: a fleet's sheets, an engagement's, fire log's, catalogue's or pool's sheets, a
game's system. A file handed over by someone else must not make shipyard read the reader's own files
(``sheet = "/etc/passwd"``, ``sheet = "../../.ssh/id_rsa"``), so a name is followed only inside the folder of the
file that gives it (symbolic links followed first), unless ``--allow-outside`` (``outside_allowed()`` from the
API) says to read files wherever they are. Names given on the command line are the user's own, never bounded.

A named file that gives nothing of the kind it was named for is not quoted in the naming file's findings: its
own findings say what it holds, line by line, and a file named by mistake (or on purpose) need not be a sheet.
``unread`` says how many errors it gave and how to see them."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from shipyard.core.diagnostics import Diagnostic, Severity
from shipyard.core.names import quoted

#: The code of a named file left unread because it lies outside the naming file's folder.
OUTSIDE_CODE = "IO012"
#: The option that reads such files.
OUTSIDE_OPTION = "--allow-outside"

_allowed = [False]  # whether names may leave their folder: set by the option, for this process and its workers


def outside_is_allowed() -> bool:
    """Whether named files are read wherever they are (``--allow-outside``)."""
    return _allowed[0]


def allow_outside(allowed: bool) -> None:
    """Read named files wherever they are (True), or only inside the naming file's folder (False, the default)."""
    _allowed[0] = allowed


@contextmanager
def outside_allowed(allowed: bool = True) -> Iterator[None]:
    """``allow_outside(allowed)`` for a block, the setting before it restored after."""
    before = _allowed[0]
    _allowed[0] = allowed
    try:
        yield
    finally:
        _allowed[0] = before


def referenced(folder: Path | None, name: str) -> tuple[Path, str | None]:
    """The file a file in ``folder`` means by ``name`` (relative to that folder), and why it is not to be read
    (None: read it). ``folder`` None: a name from the command line, as given and never bounded."""
    if folder is None:
        return Path(os.path.normpath(name)), None
    path = Path(os.path.normpath(folder / name))
    if _allowed[0]:
        return path, None
    root, target = os.path.realpath(folder), os.path.realpath(path)
    if os.path.commonpath([root, target]) == root:
        return path, None
    where = "an absolute path" if os.path.isabs(name) else f"it resolves to {target}"
    return path, (
        f"{quoted(name)} is outside {root}, the folder of the file that names it ({where}): not read, so that a "
        f"file from elsewhere cannot make shipyard read yours ({OUTSIDE_OPTION} reads it)"
    )


def unread(path: Path, findings: Sequence[Diagnostic]) -> str:
    """What to add to the naming file's finding about a named file that gave nothing, in place of quoting it: why
    it was not opened (missing, binary, too large: words that quote none of it), else how many errors reading it
    gave and how to see them ("" when it gave none)."""
    from shipyard.core.codes import CODES

    unopened = {code.code for code in CODES if code.unopened}
    errors = [finding for finding in findings if finding.severity is Severity.ERROR]
    for finding in errors:
        if finding.code in unopened:
            return f" ({finding.code}: {finding.message})"
    return f" (reading it gave {len(errors)} error(s): 'shipyard check {path}' shows them)" if errors else ""
