"""The damage a copy does to a line-based sheet, repaired before any reader reads it, each kind said once.

Sheets reach an archive quoted in e-mail replies (``> Class: Kuvasz``), pasted from web pages and word
processors, which put non-breaking spaces between a key and its value, en dashes and minus signs for hyphens
and minus signs (``TL–12``, ``−1``) and curly quotes for straight ones, and printed to files with form feeds
between pages. No grammar takes these, and none of them means anything a sheet says, so they are read as the
plain text they stand for. Each repair keeps the line's length (a quote mark becomes blanks, a character its
plain one), so every column a finding gives is the copy's own; each kind of repair is one IO011 warning at its
first place, with a fix that makes the copy plain text (``check --fix``).

Here too is what the readers share of the damage they repair themselves, where only their grammar knows a
figure from text: the letters a scanner takes for digits, and a CP/M copy's end-of-file mark.
"""

from __future__ import annotations

import re

from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span

#: What each typographic character a copy may hold is read as (Unicode spaces, dashes, minus signs, quotes).
PLAIN = {
    "\u00a0": " ",  # no-break space
    "\u2002": " ", "\u2003": " ", "\u2004": " ", "\u2005": " ", "\u2006": " ", "\u2007": " ",  # en .. figure space
    "\u2008": " ", "\u2009": " ", "\u200a": " ",  # punctuation, thin and hair spaces
    "\u202f": " ",  # narrow no-break space
    "\u3000": " ",  # ideographic space
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",  # hyphens, figure, en, em dash
    "\u2212": "-",  # minus sign
    "\u2018": "'", "\u2019": "'",  # single quotes
    "\u201c": '"', "\u201d": '"',  # double quotes
    "\f": " ", "\v": " ",  # a printout's page break (form feed) and vertical tab
}
#: The control characters of PLAIN: ASCII, so looked for apart from the rest.
_CONTROLS = ("\f", "\v")
#: The letters a scanner takes for digits in a figure (``Low=O.``, ``Armour: l2``, ``l4:9``): O and o for 0,
#: l and I for 1. Each reader reads them as the digits only where its grammar wants a figure, never in text.
SCANNER_LETTERS = {"O": "0", "o": "0", "l": "1", "I": "1"}
SCANNER_DIGITS = str.maketrans(SCANNER_LETTERS)
#: A character of a figure as a scanner may have read it.
FIGURE_CHAR = f"[0-9{''.join(SCANNER_LETTERS)}]"
_TYPOGRAPHIC = re.compile("[" + "".join(PLAIN) + "]")
_PLAIN_TABLE = str.maketrans(PLAIN)
#: The quote marks an e-mail reply puts before each line it quotes ("> ", "> > ", ">> "), after any indent
#: (matched at a line's start; the look behind keeps a search through a long run of blanks linear).
_QUOTE_MARKS = re.compile(r"(?<![ \t>])[ \t]*+(?:>[ \t]?+)++")
_LINE_BREAKS = re.compile(r"(\r\n|\r|\n)")
_WORDS = {" ": "non-breaking and other Unicode spaces read as spaces", "-": "typographic dashes and minus signs "
          "read as '-'", "'": "curly quotes read as straight ones", '"': "curly quotes read as straight ones",
          "\f": "page breaks (form feeds) read as blanks", "\v": "page breaks (form feeds) read as blanks"}


def repair_copy(text: str, path: str) -> tuple[str, list[Diagnostic]]:
    """The text as it was written before it was copied, and an IO011 warning for each kind of repair made: the
    quote marks of an e-mail reply, then the typographic characters (``PLAIN``). Each line keeps its length."""
    if text.isascii() and ">" not in text and not any(control in text for control in _CONTROLS):
        return text, []  # the common case, told without a pass in Python (isascii reads a flag)
    parts = _LINE_BREAKS.split(text)  # lines, each followed by its line break
    marks: list[Edit] = []
    characters: list[Edit] = []
    for index in range(0, len(parts), 2):
        line, number = parts[index], index // 2 + 1
        mark = _QUOTE_MARKS.match(line)
        if mark is not None:
            marks.append(Edit(line=number, col=1, end_col=mark.end() + 1, old=mark.group(), new=""))
            line = " " * mark.end() + line[mark.end():]
        if not line.isascii() or any(control in line for control in _CONTROLS):
            found = [Edit(line=number, col=each.start() + 1, end_col=each.start() + 2, old=each.group(),
                          new=PLAIN[each.group()]) for each in _TYPOGRAPHIC.finditer(line)]
            characters += reversed(found)  # right to left: each edit leaves the columns of the next as they are
            line = line.translate(_PLAIN_TABLE)
        parts[index] = line
    found_all: list[Diagnostic] = []
    if marks:
        lines = f"{len(marks)} line" + ("s" if len(marks) != 1 else "")
        found_all.append(_warning(path, marks[0], f"e-mail quote marks ('>') at the start of {lines} read as "
                                  "blanks (a copy quoted in a reply)", Fix(message="remove the quote marks",
                                                                            edits=tuple(marks))))
    if characters:
        in_order = sorted(characters, key=lambda edit: (edit.line, edit.col))
        kinds = "; ".join(dict.fromkeys(_WORDS[edit.old if edit.old in _CONTROLS else edit.new] for edit in in_order))
        count = f"{len(characters)} character" + ("s" if len(characters) != 1 else "")
        found_all.append(_warning(path, in_order[0], f"{count} of a word processor, web page or printout in the copy: "
                                  f"{kinds}",
                                  Fix(message="write them as plain text", edits=tuple(characters))))
    return "".join(parts), found_all


def _warning(path: str, at: Edit, message: str, fix: Fix) -> Diagnostic:
    return Diagnostic(code="IO011", severity=Severity.WARNING, span=Span(path=path, line=at.line, col=at.col),
                      message=message, fix=fix)


#: CP/M ends a text file with Ctrl-Z (0x1A), padding its last record with more of them.
CPM_END_OF_FILE = "\x1a"


def cut_at_end_of_file(text: str) -> tuple[str, str]:
    """A text cut at its CP/M end-of-file mark: what the file holds, and what followed the mark."""
    held, _, after = text.partition(CPM_END_OF_FILE)
    return held, after.replace(CPM_END_OF_FILE, "")
