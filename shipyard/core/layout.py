"""Terminal layouts that never cut a figure: a renderable that shows the first of its alternatives that fits the
width it is given (a wide table, then narrower forms, then its rows stacked), so a narrow terminal gets a
narrower layout instead of ``4,01…``. The systems' ``show`` panels build theirs from it; rich is imported only
when one is drawn.
"""

from __future__ import annotations

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
