"""Terminal layouts that never cut a figure: a renderable that shows the first of its alternatives that fits the
width it is given (a wide table, then narrower forms, then its rows stacked), so a narrow terminal gets a
narrower layout instead of ``4,01…``. The systems' ``show`` panels build theirs from it; rich is imported only
when one is drawn.
"""

from __future__ import annotations

import re
from typing import Any

#: The width a layout is measured in to learn its natural width (wider than any terminal).
NATURAL_WIDTH = 100_000


class Fitting:
    """The first of ``alternatives`` whose natural width fits, else the last (which should fold, not cut). An
    alternative may be a pair (layout, probe): the probe is measured instead, a copy of the layout with each
    text that may wrap reduced to its longest word (what the layout needs at the least)."""

    def __init__(self, *alternatives: Any) -> None:
        if not alternatives:
            raise ValueError("Fitting needs at least one layout")
        self.alternatives = [a if isinstance(a, tuple) else (a, a) for a in alternatives]

    def _chosen(self, console: Any, options: Any) -> Any:
        from rich.measure import Measurement

        unbounded = options.update(max_width=NATURAL_WIDTH)  # a measurement is clamped to the width it is given
        for layout, probe in self.alternatives[:-1]:
            if Measurement.get(console, unbounded, probe).maximum <= options.max_width:
                return layout
        return self.alternatives[-1][0]

    def __rich_console__(self, console: Any, options: Any) -> Any:
        yield self._chosen(console, options)

    def __rich_measure__(self, console: Any, options: Any) -> Any:
        from rich.measure import Measurement

        return Measurement.get(console, options, self._chosen(console, options))


def longest_word(text: str) -> str:
    """The longest word of a text that may wrap: what it stands for in a ``Fitting`` probe (the least width it
    needs)."""
    return max(text.split(), key=len, default="")


def listed(items: list[str]) -> list[str]:
    """Items of a list written with commas, as pieces for ``Hanging``: each but the last with its comma
    (``LIDAR 2x15.5,``), so a line never begins with one."""
    return [f"{item}," for item in items[:-1]] + items[-1:]


def as_written(text: str) -> list[str]:
    """Text as pieces for ``Hanging`` with ``sep=""``: each word with the blanks written after it, so a line
    that is not broken keeps its spacing as written (``Launchers  20``)."""
    return re.split(r"(?<=\s)(?=\S)", text)


class Hanging:
    """Pieces of text in lines no wider than the width given, each piece whole on its line (a label and its
    figure, ``LIDAR 1x13.5t`` or ``energy factor 0;``, never parted by a line's end): the first line after
    ``first``, the others after ``indent`` spaces, the pieces parted by ``sep`` (blanks at a piece's end, as
    ``as_written`` leaves them, are kept within a line and dropped at its end). A piece too wide for a line of
    its own is laid out word by word, and a word too wide for a line is folded, so nothing is cut."""

    def __init__(self, pieces: list[str], sep: str = " ", first: str = "", indent: int = 2, style: str = "") -> None:
        self.pieces = [piece for piece in pieces if piece]
        self.sep, self.first, self.indent, self.style = sep, first, indent, style

    def lines(self, width: int) -> list[str]:
        """The lines at ``width`` cells."""
        from rich.cells import cell_len

        lines: list[str] = []
        line = self.first
        bare = True  # nothing but the line's lead yet
        for piece in self.pieces:
            words = [piece]
            if cell_len(piece) > width - self.indent and " " in piece:  # too wide for any line: word by word
                words = piece.split()
            for index, word in enumerate(words):
                sep = self.sep if index == 0 else " "
                if bare or cell_len(line) + cell_len(sep) + cell_len(word.rstrip()) <= width:
                    line = line + word if bare else line + sep + word
                else:
                    lines.append(line.rstrip())
                    line = " " * self.indent + word
                bare = False
        lines.append(line.rstrip() if self.pieces else line)
        return lines

    def __rich_console__(self, console: Any, options: Any) -> Any:
        from rich.text import Text

        yield Text("\n".join(self.lines(options.max_width)), style=self.style, overflow="fold")

    def __rich_measure__(self, console: Any, options: Any) -> Any:
        from rich.cells import cell_len
        from rich.measure import Measurement

        whole = cell_len(self.first + self.sep.join(self.pieces))
        widest = max((cell_len(word) for piece in self.pieces for word in piece.split()), default=0)
        least = max(cell_len(self.first), self.indent + widest)
        return Measurement(min(least, whole), whole).clamp(max_width=options.max_width)
