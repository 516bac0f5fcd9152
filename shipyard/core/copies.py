"""The damage a copy does to a line-based sheet, repaired before any reader reads it, each kind said once.

Sheets reach an archive quoted in e-mail replies (``> Class: Kuvasz``), pasted from web pages and word
processors, which put non-breaking spaces between a key and its value, en dashes and minus signs for hyphens
and minus signs (``TL–12``, ``−1``) and curly quotes for straight ones, and printed to files with form feeds
between pages. No grammar takes these, and none of them means anything a sheet says, so they are read as the
plain text they stand for. Each repair keeps the line's length (a quote mark becomes blanks, a character its
plain one), so every column a finding gives is the copy's own; each kind of repair is one IO011 warning at its
first place, with a fix that makes the copy plain text (``check --fix``). Characters that print as nothing
(a soft hyphen, a zero-width space) are taken out, with as many blanks at the end of the line; a web page a
browser saved is read as the sheet it shows (its <pre> block, its tags as blanks), said without a fix.

Here too is what the readers share of the damage they repair themselves, where only their grammar knows a
figure from text: the letters a scanner takes for digits, and a CP/M copy's end-of-file mark.
"""

from __future__ import annotations

import re

from shipyard.core.diagnostics import Diagnostic, Edit, Fix, Severity, Span

#: What each typographic character a copy may hold is read as (Unicode spaces, dashes, minus signs, quotes).
PLAIN = {
    "\u00a0": " ",  # no-break space
    "\u2002": " ",
    "\u2003": " ",
    "\u2004": " ",
    "\u2005": " ",
    "\u2006": " ",
    "\u2007": " ",  # en .. figure space
    "\u2008": " ",
    "\u2009": " ",
    "\u200a": " ",  # punctuation, thin and hair spaces
    "\u202f": " ",  # narrow no-break space
    "\u3000": " ",  # ideographic space
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",  # hyphens, figure, en, em dash
    "\u2212": "-",  # minus sign
    "\u2018": "'",
    "\u2019": "'",  # single quotes
    "\u201c": '"',
    "\u201d": '"',  # double quotes
    "\f": " ",
    "\v": " ",  # a printout's page break (form feed) and vertical tab
}
#: The most edits a copy's fix is made of: past it the repair is made and said all the same, but no fix is
#: offered (a megabyte of no-break spaces would be half a million edits, some 600 MB held for one finding).
FIX_EDITS_LIMIT = 10_000
#: The longest line quoted-printable writes (RFC 2045, section 6.7, rule 5: 76 characters, a soft line break's
#: "=" included): a line ending in "=" no longer than this is a longer line the encoding broke there.
QP_LINE_LIMIT = 76
#: A line (of at most QP_LINE_LIMIT characters) that ends in quoted-printable's soft line break: it ends in "=",
#: and every other "=" in it is followed by two hex digits (the encoding writes "=" itself as "=3D", so "==" or
#: "= " is no encoding's: a line of "====" under a heading is text). Anchored, so a search is linear.
QP_SOFT_BROKEN = re.compile(r"^(?:[^=]|=[0-9A-F]{2})*+=$")
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
#: Characters that print as nothing, which word processors, PDFs and web pages put inside words: the soft
#: hyphen, the zero-width space, non-joiner and joiner, the left-to-right and right-to-left marks, the word
#: joiner, and a byte-order mark past a file's start. A sheet means nothing by them, and a key or figure with
#: one inside ("Dis\u00adplacement", "4\u200b2") reads as neither.
INVISIBLE = "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"
_INVISIBLE = re.compile(f"[{INVISIBLE}]")
_WORDS = {
    " ": "non-breaking and other Unicode spaces read as spaces",
    "-": "typographic dashes and minus signs read as '-'",
    "'": "curly quotes read as straight ones",
    '"': "curly quotes read as straight ones",
    "\f": "page breaks (form feeds) read as blanks",
    "\v": "page breaks (form feeds) read as blanks",
}


#: A web page (a sheet saved from a browser): its first markup is a doctype or an <html> tag (matched at the
#: start; the look behind keeps a search through a long run of blanks linear).
_WEB_PAGE = re.compile(r"(?<!\s)\s*+<(?:!doctype\s++html|html)\b", re.I)
#: A tag (or a comment) on one line, and a character reference (&amp; &#215; &#xd7;).
_TAG = re.compile(r"<[!/?]?[A-Za-z][^<>]*+>|<!--[^<>]*+-->")
_REFERENCE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
#: The preformatted blocks a page shows a sheet in: <pre>, and the older <xmp> and <listing>.
_PRE_OPEN = re.compile(r"<(?:pre|xmp|listing)\b[^<>]*+>", re.I)
_PRE_CLOSE = re.compile(r"</(?:pre|xmp|listing)\s*+>", re.I)


def _web_page(parts: list[str], path: str) -> Diagnostic | None:
    """A web page's lines (``parts``, each line followed by its break) as the sheet it shows, in place: with
    <pre> blocks, the lines outside them left blank (the page's head and prose); every tag read as blanks
    (the columns kept); each character reference read as its character, with blanks at the end of its line.
    The finding that says so (IO011, no fix: the page is the user's to keep), or None for no web page."""
    import html

    if not _WEB_PAGE.match("".join(parts[: 2 * 8])):  # the doctype is at the top
        return None
    lines = range(0, len(parts), 2)
    blocks = any(_PRE_OPEN.search(parts[index]) for index in lines)
    inside, left_out, references, first = False, 0, 0, None
    for index in lines:
        line = parts[index]
        opened, closed = _PRE_OPEN.search(line), _PRE_CLOSE.search(line)
        kept = not blocks or inside or opened is not None
        inside = (inside or opened is not None) and not (
            closed is not None and (opened is None or closed.start() > opened.start())
        )
        if not kept:
            left_out += bool(line.strip())
            parts[index] = ""
            continue
        line = _TAG.sub(lambda tag: " " * len(tag.group()), line)
        found = _REFERENCE.findall(line)
        if found:
            references += len(found)
            read = _REFERENCE.sub(lambda each: html.unescape(each.group()), line)
            line = read + " " * (len(line) - len(read))
        if first is None and line != parts[index]:
            first = index // 2 + 1
        parts[index] = line
    said = [f"{left_out:,} line(s) of the page outside its <pre> blocks left out"] if left_out else []
    said.append("its tags read as blanks")
    said += [f"{references:,} character reference(s) (&amp;) read as their characters"] if references else []
    return Diagnostic(
        code="IO011",
        severity=Severity.WARNING,
        span=Span(path=path, line=first or 1, col=1),
        message=f"a web page read as the sheet it shows: {', '.join(said)}",
    )


def repair_copy(text: str, path: str) -> tuple[str, list[Diagnostic]]:
    """The text as it was written before it was copied, and an IO011 warning for each kind of repair made: the
    quote marks of an e-mail reply, the typographic characters (``PLAIN``), then the invisible ones
    (``INVISIBLE``: taken out, with as many blanks at the end of the line). Each line keeps its length."""
    if text.isascii() and ">" not in text and not any(control in text for control in _CONTROLS):
        return text, []  # the common case, told without a pass in Python (isascii reads a flag)
    parts = _LINE_BREAKS.split(text)  # lines, each followed by its line break
    page = _web_page(parts, path)
    marks, characters, invisible = _Repairs(), _Repairs(), _Repairs()
    for index in range(0, len(parts), 2):
        line, number = parts[index], index // 2 + 1
        mark = _QUOTE_MARKS.match(line)
        if mark is not None:
            marks.add(number, [(1, mark.group(), "")])
            line = " " * mark.end() + line[mark.end() :]
        if not line.isascii() or any(control in line for control in _CONTROLS):
            found = [(each.start() + 1, each.group(), PLAIN[each.group()]) for each in _TYPOGRAPHIC.finditer(line)]
            characters.add(number, found[::-1])  # right to left: each edit leaves the next one's columns as they are
            line = line.translate(_PLAIN_TABLE)
            unseen = [(each.start() + 1, each.group(), "") for each in _INVISIBLE.finditer(line)]
            if unseen:  # taken out, and as many blanks put at the end: the line keeps its length
                invisible.add(number, unseen[::-1])
                line = _INVISIBLE.sub("", line) + " " * len(unseen)
        parts[index] = line
    found_all: list[Diagnostic] = [page] if page is not None else []
    if marks.count:
        lines = f"{marks.count:,} line" + ("s" if marks.count != 1 else "")
        found_all.append(
            marks.said(
                path,
                f"e-mail quote marks ('>') at the start of {lines} read as blanks (a copy quoted in a reply)",
                "remove the quote marks",
            )
        )
    if characters.count:
        kinds = "; ".join(dict.fromkeys(_WORDS[old if old in _CONTROLS else new] for old, new in characters.kinds))
        count = f"{characters.count:,} character" + ("s" if characters.count != 1 else "")
        found_all.append(
            characters.said(
                path,
                f"{count} of a word processor, web page or printout in the copy: {kinds}",
                "write them as plain text",
            )
        )
    if invisible.count:
        count = f"{invisible.count:,} invisible character" + ("s" if invisible.count != 1 else "")
        found_all.append(
            invisible.said(
                path,
                f"{count} (soft hyphens, zero-width spaces, direction marks) of a word "
                "processor, PDF or web page in the copy, read as nothing; on their "
                "lines, a column past one is counted without it",
                "remove them",
            )
        )
    if page is not None:  # a page's other repairs are made to the text it shows, not to the file: no fix
        found_all[1:] = [each.model_copy(update={"fix": None}) for each in found_all[1:]]
    return "".join(parts), found_all


class _Repairs:
    """The repairs of one kind made to a copy: how many, the first one's place, the kinds of character in the
    order met, and the edits of its fix while there are at most FIX_EDITS_LIMIT."""

    def __init__(self) -> None:
        self.count = 0
        self.first: tuple[int, int] | None = None
        self.kinds: dict[tuple[str, str], None] = {}
        self.edits: list[Edit] | None = []  # None: too many to fix in place

    def add(self, line: int, found: list[tuple[int, str, str]]) -> None:
        """The repairs made on one line: (column, text, what it is read as), right to left."""
        if not found:
            return
        self.count += len(found)
        self.first = self.first or (line, found[-1][0])
        for _, old, new in reversed(found):
            self.kinds.setdefault((old, new))
        if self.edits is not None and len(self.edits) + len(found) > FIX_EDITS_LIMIT:
            self.edits = None
        elif self.edits is not None:
            self.edits += [
                Edit(line=line, col=col, end_col=col + len(old), old=old, new=new) for col, old, new in found
            ]

    def said(self, path: str, message: str, fix_words: str) -> Diagnostic:
        line, col = self.first or (1, 1)
        if self.edits is None:
            message += f" (too many to fix in place: over {FIX_EDITS_LIMIT:,} edits)"
        fix = Fix(message=fix_words, edits=tuple(self.edits)) if self.edits is not None else None
        return Diagnostic(
            code="IO011", severity=Severity.WARNING, span=Span(path=path, line=line, col=col), message=message, fix=fix
        )


#: CP/M ends a text file with Ctrl-Z (0x1A), padding its last record with more of them.
CPM_END_OF_FILE = "\x1a"


def cut_at_end_of_file(text: str) -> tuple[str, str]:
    """A text cut at its CP/M end-of-file mark: what the file holds, and what followed the mark."""
    held, _, after = text.partition(CPM_END_OF_FILE)
    return held, after.replace(CPM_END_OF_FILE, "")
