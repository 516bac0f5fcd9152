"""Files to text: size limit, binary detection, encodings, line endings.

Real sheets come as UTF-8, UTF-16, Windows-1252 or latin-1, with CRLF or LF. A file that cannot be read as a sheet
gives one located diagnostic and no text; nothing here raises for bad input.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import BinaryIO

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.numbers import FIGURE_DIGITS

#: Largest sheet file read, in bytes. A fleet file of a hundred ships is under 200 KiB; anything
#: near this limit is not a ship sheet (a log, an archive, a disk image) and is refused unread.
MAX_SHEET_BYTES = 1024 * 1024
#: The most bytes asked of the system at a time past a file's size (a file that grows while it is read).
READ_CHUNK = 64 * 1024

#: Longest line of a line-based sheet read, in characters. A published sheet's lines are under 500; a longer
#: line is not a sheet's line (a pasted blob, a file without line breaks), and the grammars' lexers, which try
#: their terminals at each token, are only linear on lines of a bounded length.
MAX_LINE_CHARS = 2000

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A figure's whole part as a sheet writes it: digits with thousands commas, up to its decimal point.
_WHOLE_PART = re.compile(r"(?<![0-9,])[0-9][0-9,]*+")
# A run that may hold a figure of more than FIGURE_DIGITS (commas may group it): the quick test for any.
_LONG_FIGURE = re.compile(f"[0-9][0-9,]{{{FIGURE_DIGITS},}}")


def split_lines(text: str) -> list[str]:
    """Lines as an editor counts them: CRLF, CR and LF all end a line, nothing else does."""
    if "\r" not in text:
        return text.split("\n")  # LF alone, as most files: the same lines in a tenth of the pattern's time
    return _LINE_BREAK.split(text)


#: What a path that is not a regular file is, in the words of a finding (st_mode -> words).
_NOT_REGULAR = (
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISDIR, "a directory"),
)


#: The files this command will write that exist now, by device, inode and change time (so a file made anew where an
#: old one was is another), and those of them it has read: a file an input refers to (a sheet an engagement names,
#: a game's system file) that is also an output is refused at the write (IO009), as an input named on the command
#: line is before the work. As many entries as the command has outputs: memory does not grow with files read.
_OUTPUTS: set[tuple[int, int, int]] = set()
_OUTPUTS_READ: set[tuple[int, int, int]] = set()


def _identity(status: os.stat_result) -> tuple[int, int, int]:
    return status.st_dev, status.st_ino, status.st_ctime_ns


def _status(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except (OSError, ValueError):
        return None


def watch_output(target: Path) -> None:
    """Note that this command will write ``target``, so that reading it as an input is noticed (``output_read``)."""
    status = _status(target)
    if status is not None and stat.S_ISREG(status.st_mode):
        _OUTPUTS.add(_identity(status))
        _OUTPUTS_READ.discard(_identity(status))


def output_read(target: Path) -> bool:
    """Whether this command has read ``target``, an output it watches, as one of its inputs."""
    status = _status(target) if _OUTPUTS_READ else None
    return status is not None and _identity(status) in _OUTPUTS_READ


class Unreadable(Exception):
    """A file that is not read: its code (IO001, IO002) and what the finding says."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def read_limited(path: Path, limit: int = MAX_SHEET_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes. Anything else raises Unreadable: a FIFO, a
    device or a socket is never opened for reading (opened without blocking, then refused), and at most one
    byte past the limit is read, so a file that grows while it is read cannot pass it."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise Unreadable("IO001", "cannot read file: it is a directory") from None
    except ValueError:  # a name no file can have (the API takes any string)
        raise Unreadable("IO001", "cannot read file: its name holds a NUL character") from None
    except OSError as error:
        raise Unreadable("IO001", f"cannot read file: {error.strerror or error}") from None
    try:  # the descriptor read as it is (a buffered file object around it costs more than the read)
        status = os.fstat(descriptor)
        if _OUTPUTS and _identity(status) in _OUTPUTS:  # an output read as an input: noticed, not overwritten
            _OUTPUTS_READ.add(_identity(status))
        what = next((words for test, words in _NOT_REGULAR if test(status.st_mode)), None)
        if what is not None:
            raise Unreadable("IO001", f"cannot read file: it is {what}, not a regular file")
        raw = b""
        if status.st_size <= limit:  # a larger file is refused unread
            try:
                # Its size and one byte more, then on to its end or one byte past the limit, in reads of at most
                # READ_CHUNK (asking for the limit would allocate a MiB for every sheet): a file that grew since
                # its size was taken cannot pass the limit.
                raw = os.read(descriptor, status.st_size + 1)
                while raw and len(raw) <= limit:
                    more = os.read(descriptor, min(limit + 1 - len(raw), READ_CHUNK))
                    if not more:
                        break
                    raw += more
            except OSError as error:
                raise Unreadable("IO001", f"cannot read file: {error.strerror or error}") from None
    finally:
        os.close(descriptor)
    if status.st_size > limit or len(raw) > limit:
        size = max(len(raw), status.st_size)
        raise Unreadable("IO002", f"file is {size:,} bytes; sheets over {limit:,} bytes (1 MiB) are not read")
    return raw


def read_stream_limited(stream: BinaryIO, limit: int = MAX_SHEET_BYTES) -> bytes:
    """At most ``limit`` + 1 bytes of a stream (standard input): enough to tell a stream over the limit, which
    is refused as a file over it is, without reading the rest."""
    chunks, size = [], 0
    while size <= limit:
        chunk = stream.read(limit + 1 - size)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def read_limited_text(path: Path, limit: int = MAX_SHEET_BYTES) -> str | None:
    """A small text file as text, read as a sheet is (``decode_sheet``: UTF-16 after its mark, Windows-1252 when
    it is not UTF-8), or None when it cannot be read: for the sniffs that ask what a file is before it is read
    properly."""
    try:
        return decode_sheet(read_limited(path, limit))[0]
    except Unreadable:
        return None


def _refusal(line: str) -> tuple[int, str] | None:
    """Why a line of a line-based sheet is not read, and the column: too long, or a figure beyond any rule."""
    if len(line) > MAX_LINE_CHARS:
        return 1, (
            f"line is {len(line):,} characters long; lines over {MAX_LINE_CHARS:,} characters are not read "
            "(a sheet's lines are under 500)"
        )
    for found in _WHOLE_PART.finditer(line):
        digits = len(found.group()) - found.group().count(",")
        if digits > FIGURE_DIGITS:
            return found.start() + 1, (
                f"a figure of {digits:,} digits: figures of more than {FIGURE_DIGITS} "
                "digits are beyond any rule, and the line is not read"
            )
    return None


def refuse_lines(text: str, path: str) -> tuple[str, list[Diagnostic]]:
    """The text with each line that is not read left blank (so every other line keeps its number), and an
    IO010 error at each: a line over MAX_LINE_CHARS, or one holding a figure of more than FIGURE_DIGITS."""
    found: list[Diagnostic] = []
    if not _LONG_FIGURE.search(text) and (
        len(text) <= MAX_LINE_CHARS  # no line can be longer: not split
        or max(map(len, split_lines(text))) <= MAX_LINE_CHARS
    ):
        return text, found  # the common case, told without a pass in Python
    lines = split_lines(text)
    for number, line in enumerate(lines, start=1):
        refusal = _refusal(line) if len(line) > FIGURE_DIGITS else None
        if refusal is not None:
            col, message = refusal
            found.append(
                Diagnostic(
                    code="IO010", severity=Severity.ERROR, span=Span(path=path, line=number, col=col), message=message
                )
            )
            lines[number - 1] = ""
    if not found:
        return text, []
    breaks = _LINE_BREAK.findall(text) + [""]
    return "".join(line + end for line, end in zip(lines, breaks, strict=True)), found


def read_sheet_text(
    path: Path, display: str | None = None, what: str = "ship sheet"
) -> tuple[str | None, list[Diagnostic]]:
    """Read ``path`` as sheet text (or as the text of another input, ``what``, such as "fire log"). Returns
    (text or None, diagnostics)."""
    where = Span(path=display or str(path), line=1, col=1)

    def fail(code: str, message: str) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(code=code, severity=Severity.ERROR, message=message, span=where)]

    try:
        raw = read_limited(path)
    except Unreadable as refused:
        return fail(refused.code, refused.message)
    if not raw or raw.isspace():  # told without a copy of the bytes, as the next test is
        return fail("IO004", f"file is empty: expected a {what}")
    binary = f"file is binary (it holds NUL bytes): expected a text {what}"
    if raw.find(b"\x00", 0, 8192) != -1 and not raw.startswith(UTF16_BOMS):  # UTF-16 text holds NUL bytes
        return fail("IO003", binary)
    diagnostics: list[Diagnostic] = []
    text, encoding, _ = decode_sheet(raw)
    utf16 = encoding.startswith("utf-16")
    if utf16 and "\x00" in text[:8192]:  # the bytes' own NUL test stood aside for UTF-16: made of its text
        return fail("IO003", binary)
    if encoding != "utf-8":
        line = 1 if utf16 else raw[: _first_not_utf8(raw)].count(b"\n") + 1
        diagnostics.append(
            Diagnostic(
                code="IO005",
                severity=Severity.INFO,
                message=f"file is not UTF-8; read as {encoding_name(encoding)}",
                span=Span(path=where.path, line=line, col=1),
            )
        )
    return text, diagnostics


#: The encodings a sheet without a UTF-16 byte order mark is read in, in the order tried, with their names in a
#: finding. A file that is not UTF-8 is read as Windows-1252, as web browsers read a page labelled latin-1 (the
#: WHATWG Encoding standard): it is latin-1 but for the bytes 0x80-0x9F, where latin-1 has control characters
#: no text holds and Windows has the typographic characters a word processor writes (0x96 an en dash, 0x93 and
#: 0x94 curly quotes). A file with a byte Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) is read
#: as latin-1.
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "cp1252": "Windows-1252 (latin-1 with the characters of Windows)",
    "latin-1": "latin-1",
}
#: The byte order marks a file may begin with: UTF-8's (some Windows editors write one), and UTF-16's, little
#: and big endian (Windows Notepad's "Unicode" and "Unicode big endian").
UTF8_BOM = b"\xef\xbb\xbf"
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_UTF16 = {b"\xff\xfe": "utf-16-le", b"\xfe\xff": "utf-16-be"}
_UTF16_NAME = 'UTF-16 (Windows Notepad\'s "Unicode")'


def decode_sheet(raw: bytes) -> tuple[str, str, bytes]:
    """The text of a sheet's bytes, the encoding it was read in (a key of ENCODING_NAMES, or utf-16-le or
    utf-16-be after their byte order mark) and the byte order mark it began with (b"" when none)."""
    head = raw[:2]
    if head in _UTF16:
        try:
            return raw[2:].decode(_UTF16[head]), _UTF16[head], head
        except UnicodeDecodeError:
            pass  # not what its first bytes say: read as any other file
    bom = UTF8_BOM if raw.startswith(UTF8_BOM) else b""
    body = raw[len(bom) :]
    for encoding in ENCODING_NAMES:
        try:
            return body.decode(encoding), encoding, bom
        except UnicodeDecodeError:
            continue
    raise AssertionError("latin-1 decodes any bytes")  # pragma: no cover


def encoding_name(encoding: str) -> str:
    """An encoding ``decode_sheet`` gives, in the words of a finding."""
    return _UTF16_NAME if encoding.startswith("utf-16") else ENCODING_NAMES[encoding]


def _first_not_utf8(raw: bytes) -> int:
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start
    return 0


def with_source_line(diagnostic: Diagnostic, lines: list[str]) -> Diagnostic:
    """The diagnostic with the text of the line it points at (for the caret display), when it has none yet and
    ``lines`` (the file's) holds that line."""
    if diagnostic.source_line is not None or not 1 <= diagnostic.span.line <= len(lines):
        return diagnostic
    return diagnostic.model_copy(update={"source_line": lines[diagnostic.span.line - 1]})


class SourceQuoter:
    """The source line of each finding of a stream of findings that come file by file: each file is read once,
    when its first finding that needs its line comes; a file that cannot be read as text gives no lines."""

    def __init__(self) -> None:
        self.path: str | None = None
        self.lines: list[str] = []

    def remember(self, path: str, text: str) -> None:
        """The text of ``path`` as read (standard input, which cannot be read again)."""
        self.path, self.lines = path, split_lines(text)

    def line(self, path: str, number: int) -> str | None:
        """The text of line ``number`` of ``path``, or None (no such line, or no text)."""
        if path != self.path:
            text, _ = read_sheet_text(Path(path))
            self.path, self.lines = path, split_lines(text) if text is not None else []
        return self.lines[number - 1] if 1 <= number <= len(self.lines) else None

    def quote(self, diagnostic: Diagnostic) -> Diagnostic:
        if diagnostic.source_line is not None or diagnostic.severity is Severity.INFO:
            return diagnostic
        self.line(diagnostic.span.path, diagnostic.span.line)
        return with_source_line(diagnostic, self.lines)
