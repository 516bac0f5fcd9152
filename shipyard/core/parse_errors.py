"""The parse-error catalogue: lark's exceptions in words a sheet writer reads. Each system names its grammar's
terminals in plain words (its ``TERMINAL_WORDS``, in the order of mention); ``describe`` puts them together."""

from __future__ import annotations

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

#: Words for what every grammar can expect; each system gives the words of its own terminals.
COMMON_WORDS: dict[str, str] = {
    "$END": "the end of the line",
}

_MAX_MENTIONED = 4


def expected_words(names: set[str] | frozenset[str], terminal_words: dict[str, str]) -> str:
    """'a or b or c' for a set of terminal names, most telling first, at most four named."""
    table = {**terminal_words, **COMMON_WORDS}
    known = [words for name, words in table.items() if name in names]
    known += sorted(n for n in names if n not in table)
    if len(known) > _MAX_MENTIONED:
        known = known[:_MAX_MENTIONED] + ["..."]
    if not known:
        return "nothing more"
    return known[0] if len(known) == 1 else ", ".join(known[:-1]) + " or " + known[-1]


def _chunk(line_text: str, column: int) -> str:
    """The text at ``column`` up to the next blank, quoted: what the reader sees as the culprit."""
    rest = line_text[column - 1 :].split()
    return repr(rest[0][:30]) if rest else "the end of the line"


def describe(error: UnexpectedInput, line_text: str, terminal_words: dict[str, str]) -> tuple[int, str]:
    """(1-based column, message) for a lark error on one line of a sheet, its terminals named in
    ``terminal_words``."""
    end = len(line_text.rstrip()) + 1
    if isinstance(error, UnexpectedToken):
        expected = expected_words(error.expected, terminal_words)
        if error.token.type == "$END":
            return end, f"expected {expected}, found the end of the line"
        return error.column, f"expected {expected}, found {_chunk(line_text, error.column)}"
    if isinstance(error, UnexpectedCharacters):
        expected = expected_words(error.allowed or set(), terminal_words)
        return error.column, f"expected {expected}, found {_chunk(line_text, error.column)}"
    if isinstance(error, UnexpectedEOF):
        return end, f"expected {expected_words(set(error.expected), terminal_words)}, found the end of the line"
    return 1, str(error)  # pragma: no cover - lark raises only the three above
