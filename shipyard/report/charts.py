"""Charts for the HTML reports as inline SVG: no script, no network, printable, and readable without colour
(every bar is labelled with its figure). Each chart is a function of plain figures that returns the SVG text;
every text in it is escaped, so a ship's name from a sheet can never become markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from html import escape

#: Layout of a horizontal bar chart, in SVG user units (pixels at 100%): the label column, a bar's height and
#: the gap below it, the room for the figure after the longest bar, the whole chart's width.
LABEL_WIDTH = 220
BAR_HEIGHT = 18
BAR_GAP = 6
FIGURE_ROOM = 130
CHART_WIDTH = 760
#: Bar colours: one series, and the parts of a stacked bar in order (colour-blind safe, Okabe and Ito).
BAR_COLOUR = "#0072B2"
OVER_COLOUR = "#D55E00"
STACK_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
#: A draw, which is no side's: grey.
DRAW_COLOUR = "#888888"
#: Past the eight above, each further series' colour: hues spaced by the golden angle, so no two are alike.
GOLDEN_ANGLE = 137.508
#: The axis under every chart: its height, and the caption's (the unit of the figures).
AXIS_ROOM = 20
#: The longest label drawn, in characters (a longer one is shortened with an ellipsis; its full text is the
#: bar's title, shown on hover).
LABEL_CHARS = 30


def series_colours(count: int) -> list[str]:
    """A colour for each of ``count`` series, every one its own: the colour-blind safe eight first, then hues
    spaced by the golden angle."""
    colours = list(STACK_COLOURS[:count])
    for index in range(len(colours), count):
        colours.append(f"hsl({(index * GOLDEN_ANGLE) % 360:.0f}, 65%, 42%)")
    return colours


def _axis(y: float, unit: str) -> str:
    """The chart's axis: a line under the bars from zero, captioned with the unit of the figures."""
    caption = unit or "count"
    return (
        f'<line x1="{LABEL_WIDTH}" y1="{y:.1f}" x2="{CHART_WIDTH - FIGURE_ROOM}" y2="{y:.1f}" stroke="#000"/>'
        f'<text x="{LABEL_WIDTH}" y="{y + 14:.1f}" class="axis">0</text>'
        f'<text x="{CHART_WIDTH - FIGURE_ROOM}" y="{y + 14:.1f}" text-anchor="end" class="axis">'
        f"{escape(caption)}</text>"
    )


def costliest(every: Iterable[tuple[str, Decimal]], most: int) -> list[tuple[str, Decimal]]:
    """The bars of a cost chart: the costliest ``most`` - 1 of (label, value), the rest summed as one bar
    ("12 others"); all of them when there are no more than ``most``. Only ``most`` are held at a time, however
    many come."""
    import heapq

    kept: list[tuple[Decimal, int, str]] = []  # (cost, -order, name): a heap of the ``most`` costliest
    total, seen = Decimal(0), 0
    for order, (name, value) in enumerate(every):
        seen += 1
        total += value
        heapq.heappush(kept, (value, -order, name))
        if len(kept) > most:
            heapq.heappop(kept)
    bars = [(name, value) for value, _, name in sorted(kept, reverse=True)]
    if seen > most:
        bars = bars[: most - 1]
        bars.append((f"{seen - len(bars)} others", total - sum((value for _, value in bars), Decimal(0))))
    return bars


def _figure(value: Decimal | float | int, unit: str = "") -> str:
    text = f"{value:,.0f}" if abs(float(value)) >= 100 else f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{unit} {text}".strip() if unit == "MCr" else f"{text}{(' ' + unit) if unit else ''}"


def _label(text: str) -> str:
    return text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"


def bar_chart(
    title: str,
    bars: Sequence[tuple[str, Decimal | float | int]],
    unit: str = "",
    limit: tuple[str, Decimal | float | int] | None = None,
    colours: Sequence[str] | None = None,
) -> str:
    """Horizontal bars, one per (label, value), with each value written after its bar and an axis under them
    captioned with ``unit``; ``limit`` draws a labelled line across them (a budget), and a bar past it is drawn in
    OVER_COLOUR. ``colours``: one per bar, where each bar is a series of its own (a side, a draw)."""
    plot = CHART_WIDTH - LABEL_WIDTH - FIGURE_ROOM
    top = max([float(v) for _, v in bars] + ([float(limit[1])] if limit else []) + [1e-9])
    step = BAR_HEIGHT + BAR_GAP
    height = 28 + step * len(bars) + (22 if limit else 0) + AXIS_ROOM
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" width="{CHART_WIDTH}" '
        f'height="{height}" viewBox="0 0 {CHART_WIDTH} {height}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="0" y="16" class="chart-title">{escape(title)}</text>',
    ]
    for index, (label, value) in enumerate(bars):
        y = 28 + index * step
        width = max(float(value), 0) / top * plot
        over = limit is not None and float(value) > float(limit[1])
        parts.append(
            f"<g><title>{escape(label)}: {escape(_figure(value, unit))}</title>"
            f'<text x="{LABEL_WIDTH - 8}" y="{y + BAR_HEIGHT - 5}" text-anchor="end">'
            f"{escape(_label(label))}</text>"
            f'<rect x="{LABEL_WIDTH}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}" '
            f'fill="{OVER_COLOUR if over else (colours[index] if colours else BAR_COLOUR)}"/>'
            f'<text x="{LABEL_WIDTH + width + 6:.1f}" y="{y + BAR_HEIGHT - 5}">'
            f"{escape(_figure(value, unit))}</text></g>"
        )
    if limit is not None:
        x = LABEL_WIDTH + float(limit[1]) / top * plot
        bottom = 28 + step * len(bars)
        parts.append(
            f'<line x1="{x:.1f}" y1="22" x2="{x:.1f}" y2="{bottom}" stroke="#000" stroke-dasharray="4 3"/>'
            f'<text x="{x:.1f}" y="{bottom + 16}" text-anchor="middle">'
            f"{escape(limit[0])}: {escape(_figure(limit[1], unit))}</text>"
        )
    parts.append(_axis(28 + step * len(bars) + (22 if limit else 0), unit))
    parts.append("</svg>")
    return "".join(parts)


def stacked_chart(
    title: str, bars: Sequence[tuple[str, Sequence[tuple[str, Decimal | float | int]]]], unit: str = ""
) -> str:
    """Horizontal bars each made of parts (label, [(part, value), ...]) in STACK_COLOURS, with a legend of the
    parts and each bar's total written after it."""
    names = list(dict.fromkeys(part for _, parts in bars for part, _ in parts))
    colour = dict(zip(names, series_colours(len(names)), strict=True))
    plot = CHART_WIDTH - LABEL_WIDTH - FIGURE_ROOM
    top = max([sum(float(v) for _, v in parts) for _, parts in bars] + [1e-9])
    step = BAR_HEIGHT + BAR_GAP
    legend_rows = (len(names) + 2) // 3
    height = 28 + step * len(bars) + AXIS_ROOM + 8 + 18 * legend_rows
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" width="{CHART_WIDTH}" '
        f'height="{height}" viewBox="0 0 {CHART_WIDTH} {height}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="0" y="16" class="chart-title">{escape(title)}</text>',
    ]
    for index, (label, parts) in enumerate(bars):
        y = 28 + index * step
        x = float(LABEL_WIDTH)
        out.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{y + BAR_HEIGHT - 5}" text-anchor="end">{escape(_label(label))}</text>'
        )
        for part, value in parts:
            width = max(float(value), 0) / top * plot
            out.append(
                f'<rect x="{x:.1f}" y="{y}" width="{width:.1f}" height="{BAR_HEIGHT}" fill="{colour[part]}">'
                f"<title>{escape(label)}, {escape(part)}: {escape(_figure(value, unit))}</title></rect>"
            )
            x += width
        total = sum((float(v) for _, v in parts), 0.0)
        out.append(f'<text x="{x + 6:.1f}" y="{y + BAR_HEIGHT - 5}">{escape(_figure(total, unit))}</text>')
    out.append(_axis(28 + step * len(bars), unit))
    legend_top = 28 + step * len(bars) + AXIS_ROOM + 8
    for index, name in enumerate(names):
        x, y = (index % 3) * (CHART_WIDTH // 3), legend_top + (index // 3) * 18
        out.append(
            f'<rect x="{x}" y="{y}" width="12" height="12" fill="{colour[name]}"/>'
            f'<text x="{x + 18}" y="{y + 11}">{escape(_label(name))}</text>'
        )
    out.append("</svg>")
    return "".join(out)
