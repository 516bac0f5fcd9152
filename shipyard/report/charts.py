"""Charts for the HTML reports as inline SVG: no script, no network, printable, and readable without colour
(every bar is labelled with its figure). Each chart is a function of plain figures that returns the SVG text;
every text in it is escaped, so a ship's name from a sheet can never become markup.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import Decimal

from shipyard.report.text import xml_escaped as escape

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


#: Layout of a plot on two axes (a scatter, a line), in SVG user units: the room left of, under and above the
#: plot, and its height.
PLOT_LEFT = 70
PLOT_BOTTOM = 44
PLOT_TOP = 44
PLOT_HEIGHT = 300
POINT_RADIUS = 4
#: A heat map's cell; its shade: one hue, from this lightness at 0 down by the span at 1, with white figures on
#: cells darker than the threshold; the characters of a column's label shown.
CELL_WIDTH = 90
CELL_HEIGHT = 22
HEAT_HUE = 205
HEAT_LIGHTEST = 96
HEAT_SPAN = 60
HEAT_WHITE_BELOW = 60
COLUMN_CHARS = 14


#: An axis's tick steps are one of these times a power of ten (1, 2, 2.5 or 5; 10, 20, 25, 50; ...): round figures.
NICE_STEPS = (1.0, 2.0, 2.5, 5.0, 10.0)


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round figures for an axis from ``low`` to ``high``: multiples of the least nice step (``NICE_STEPS``) whose
    ticks, from the last at or below ``low`` to the first at or above ``high`` (the axis is drawn over them), number
    at most ``count`` + 1: 1,008 to 3,000 ticks at 1,000, 1,500, ... 3,000; 0 to 21,000 at 0, 5,000, ... 25,000."""
    if high <= low:
        return [low]
    power = 10.0 ** math.floor(math.log10((high - low) / count))
    for step in (power * nice for nice in NICE_STEPS):
        first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
        if last - first <= count:
            break
    places = max(0, 3 - math.floor(math.log10(step)))  # enough to write any multiple of the step exactly
    return [round(k * step, places) for k in range(first, last + 1)]


def _plot_frame(title: str, x_unit: str, y_unit: str, x_range: tuple[float, float], y_range: tuple[float, float]):
    """The opening of a two-axis chart and its mapping from figures to the page: (parts, x, y)."""
    width = CHART_WIDTH - PLOT_LEFT - 20
    height = PLOT_HEIGHT
    total = PLOT_TOP + height + PLOT_BOTTOM
    (x0, x1), (y0, y1) = x_range, y_range
    x_ticks = _ticks(x0, x1 if x1 > x0 else x0 + 1)
    y_ticks = _ticks(y0, y1 if y1 > y0 else y0 + 1)
    (x0, x1), (y0, y1) = (x_ticks[0], x_ticks[-1]), (y_ticks[0], y_ticks[-1])  # the axes end on round figures

    def x(value: float) -> float:
        return PLOT_LEFT + (value - x0) / (x1 - x0) * width

    def y(value: float) -> float:
        return PLOT_TOP + height - (value - y0) / (y1 - y0) * height

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" width="{CHART_WIDTH}" '
        f'height="{total}" viewBox="0 0 {CHART_WIDTH} {total}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="0" y="16" class="chart-title">{escape(title)}</text>',
        f'<line x1="{PLOT_LEFT}" y1="{PLOT_TOP + height}" x2="{PLOT_LEFT + width}" y2="{PLOT_TOP + height}" '
        'stroke="#000"/>',
        f'<line x1="{PLOT_LEFT}" y1="{PLOT_TOP}" x2="{PLOT_LEFT}" y2="{PLOT_TOP + height}" stroke="#000"/>',
    ]
    for tick in x_ticks:
        parts.append(
            f'<text x="{x(tick):.1f}" y="{PLOT_TOP + height + 14}" text-anchor="middle" class="axis">'
            f"{escape(_figure(tick))}</text>"
        )
    for tick in y_ticks:
        parts.append(
            f'<text x="{PLOT_LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" class="axis">'
            f"{escape(_figure(tick))}</text>"
        )
    parts.append(
        f'<text x="{PLOT_LEFT + width}" y="{PLOT_TOP + height + 32}" text-anchor="end" class="axis">'
        f"{escape(x_unit)}</text>"
        f'<text x="{PLOT_LEFT}" y="{PLOT_TOP - 6}" class="axis">{escape(y_unit)}</text>'
    )
    return parts, x, y


def scatter_chart(
    title: str,
    points: Sequence[tuple[str, float, float, bool]],
    x_unit: str,
    y_unit: str,
    y_range: tuple[float, float] | None = None,
) -> str:
    """Points (label, x, y, marked) on two axes captioned with their units; marked points (a front) are drawn in
    the first colour and joined in order, the others hollow. Each point's title gives its label and figures."""
    xs = [p[1] for p in points] or [0.0]
    ys = [p[2] for p in points] or [0.0]
    parts, x, y = _plot_frame(title, x_unit, y_unit, (0.0, max(xs)), y_range or (0.0, max(ys)))
    marked = [p for p in points if p[3]]
    if len(marked) > 1:
        path = " ".join(f"{x(p[1]):.1f},{y(p[2]):.1f}" for p in marked)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{BAR_COLOUR}" stroke-width="1.5"/>')
    for label, px, py, mark in points:
        fill = BAR_COLOUR if mark else "none"
        stroke = BAR_COLOUR if mark else DRAW_COLOUR
        parts.append(
            f'<circle cx="{x(px):.1f}" cy="{y(py):.1f}" r="{POINT_RADIUS}" fill="{fill}" stroke="{stroke}" '
            f'class="{"marked" if mark else "point"}"><title>{escape(label)}: {escape(_figure(px, x_unit))}, '
            f"{escape(_figure(py, y_unit))}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


def line_chart(
    title: str,
    points: Sequence[tuple[float, float, float, float]],
    x_unit: str,
    y_unit: str,
    y_range: tuple[float, float] | None = None,
) -> str:
    """A line through (x, y) with a shaded band from low to high at each point (an interval), on two axes
    captioned with their units."""
    xs = [p[0] for p in points] or [0.0]
    top = max([p[3] for p in points] or [1.0])
    parts, x, y = _plot_frame(title, x_unit, y_unit, (0.0, max(xs)), y_range or (0.0, top))
    if points:
        band = [f"{x(p[0]):.1f},{y(p[3]):.1f}" for p in points] + [
            f"{x(p[0]):.1f},{y(p[2]):.1f}" for p in reversed(points)
        ]
        parts.append(f'<polygon points="{" ".join(band)}" fill="{BAR_COLOUR}" fill-opacity="0.2" class="band"/>')
        line = " ".join(f"{x(p[0]):.1f},{y(p[1]):.1f}" for p in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{BAR_COLOUR}" stroke-width="2" class="line"/>')
        for px, py, low, high in points:
            parts.append(
                f'<circle cx="{x(px):.1f}" cy="{y(py):.1f}" r="2.5" fill="{BAR_COLOUR}"><title>'
                f"{escape(_figure(px, x_unit))}: {escape(_figure(py, y_unit))} ({escape(_figure(low))} to "
                f"{escape(_figure(high))})</title></circle>"
            )
    parts.append("</svg>")
    return "".join(parts)


def heat_map(
    title: str, rows: Sequence[str], columns: Sequence[str], values: Sequence[Sequence[float]], unit: str
) -> str:
    """A table of shares (0 to 1) as shaded cells, each written with its figure in ``unit`` (so it reads without
    colour): rows (fleets) down, columns (opponents) across."""
    width = LABEL_WIDTH + CELL_WIDTH * len(columns) + 10
    height = 28 + 36 + CELL_HEIGHT * len(rows) + AXIS_ROOM
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" width="{max(width, 300)}" '
        f'height="{height}" viewBox="0 0 {max(width, 300)} {height}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<text x="0" y="16" class="chart-title">{escape(title)}</text>',
    ]
    for index, column in enumerate(columns):
        cx = LABEL_WIDTH + CELL_WIDTH * index + CELL_WIDTH / 2
        parts.append(
            f'<text x="{cx:.1f}" y="54" text-anchor="middle"><title>{escape(column)}</title>'
            f"{escape(_label(column)[:COLUMN_CHARS])}</text>"
        )
    for r, (label, row) in enumerate(zip(rows, values, strict=True)):
        y = 64 + CELL_HEIGHT * r
        parts.append(
            f'<text x="{LABEL_WIDTH - 8}" y="{y + CELL_HEIGHT - 6}" text-anchor="end"><title>{escape(label)}</title>'
            f"{escape(_label(label))}</text>"
        )
        for c, value in enumerate(row):
            share = min(max(value, 0.0), 1.0)
            light = HEAT_LIGHTEST - share * HEAT_SPAN
            text = "#fff" if light < HEAT_WHITE_BELOW else "#000"
            parts.append(
                f'<g class="cell"><title>{escape(label)} against {escape(columns[c])}: '
                f"{share:.1%}</title>"
                f'<rect x="{LABEL_WIDTH + CELL_WIDTH * c}" y="{y}" width="{CELL_WIDTH - 2}" height="{CELL_HEIGHT - 2}" '
                f'fill="hsl({HEAT_HUE}, 100%, {light:.0f}%)"/>'
                f'<text x="{LABEL_WIDTH + CELL_WIDTH * c + CELL_WIDTH / 2 - 1:.1f}" y="{y + CELL_HEIGHT - 7}" '
                f'text-anchor="middle" fill="{text}">{share * 100:.1f}{escape(unit)}</text></g>'
            )
    parts.append(
        f'<text x="{LABEL_WIDTH}" y="{height - 4}" class="axis">{escape(unit)} of battles won, by opponent</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
