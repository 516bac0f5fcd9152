"""Standard input read as a file: spooled to a temporary file, so the one reader of files reads it (limits,
encodings, workbooks); named ``<stdin>`` (or the name given) wherever a finding shows its path; and the files it
names (a fire log's sheets, a fleet's members, a game's system) found from the current directory, or from the
folder of the name given, as they would be from a file there."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from shipyard.core.source import read_stream_limited

#: How standard input is named in findings when no name is given for it.
STDIN_NAME = "<stdin>"
#: The spooled files now standing for standard input: (the name shown, the folder its references resolve from).
_STANDING_IN: dict[str, tuple[str, Path]] = {}


@contextmanager
def spooled(name: str | None = None, stream: BinaryIO | None = None) -> Iterator[Path]:
    """Standard input (or ``stream``; at most one byte past the size limit) in a temporary file named as
    ``name`` ends, its format told by that extension and the content; removed when the block ends."""
    raw = read_stream_limited(stream if stream is not None else sys.stdin.buffer)
    with tempfile.TemporaryDirectory(prefix="shipyard-stdin-") as folder:
        path = Path(folder) / ("stdin" + (Path(name).suffix if name else ""))
        path.write_bytes(raw)
        _STANDING_IN[str(path)] = (name or STDIN_NAME, Path(name).parent if name else Path())
        try:
            yield path
        finally:
            del _STANDING_IN[str(path)]


def shown(path: str) -> str:
    """The name a file is shown by: ``<stdin>`` (or its given name) for spooled standard input, else its path."""
    standing = _STANDING_IN.get(path)
    return standing[0] if standing is not None else path


def folder_of(path: Path) -> Path:
    """The folder a file's relative references resolve from: its own, or for standard input the current
    directory (or the folder of the name given for it)."""
    standing = _STANDING_IN.get(str(path))
    return standing[1] if standing is not None else path.parent


def named(text: str) -> str:
    """``text`` (a report, a JSON document) with each spooled file's path replaced by the name it stands for."""
    if not _STANDING_IN:  # the common case, and every line of a check
        return text
    for path, (name, _) in _STANDING_IN.items():
        text = text.replace(path, name)
    return text
