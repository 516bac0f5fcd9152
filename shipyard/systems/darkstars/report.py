"""The Dark Stars display as an SVG picture: every hex of the nine orbitals, the star, the planets labelled by
type (and, for a refereed game, each ship's path). No script; every text escaped."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from shipyard.report.text import xml_escaped as escape

if TYPE_CHECKING:
    from shipyard.systems.darkstars.referee import Option as MoveOption
    from shipyard.systems.darkstars.referee import Refereed
    from shipyard.systems.darkstars.system import StarSystem

#: Drawing: the hex size (centre to corner, in SVG units), the margin, and the colours (Okabe and Ito).
HEX_SIZE = 18
MARGIN = 24
STAR_COLOUR = "#E69F00"
TERRESTRIAL_COLOUR = "#009E73"
GAS_GIANT_COLOUR = "#0072B2"
PATH_COLOURS = ("#CC79A7", "#56B4E9", "#000000")  # never the illegal plots' colour
ILLEGAL_COLOUR = "#D55E00"
#: Each hex's axial coordinates, written small near its top (so a plot can be read off the picture), and each
#: ship's name beside where its path ends: font sizes in SVG units, and the coordinates' colour.
COORD_FONT = 5.5
COORD_COLOUR = "#888"
COORD_RISE = 0.55  # the coordinates' baseline above the hex's centre, in hex sizes (clear of a planet's label)
LABEL_FONT = 9
LABEL_OFFSET = 0.7  # the ship's name to the right of its last hex, in hex sizes


def centre(q: int, r: int) -> tuple[float, float]:
    """Pointy-top axial to pixels, y downward (the geometry's clockwise)."""
    return HEX_SIZE * math.sqrt(3) * (q + r / 2), HEX_SIZE * 1.5 * r


def _corners(x: float, y: float) -> str:
    points = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        points.append(f"{x + HEX_SIZE * math.cos(angle):.1f},{y + HEX_SIZE * math.sin(angle):.1f}")
    return " ".join(points)


def display_svg(
    system: StarSystem,
    orbitals: int,
    hexes: list[tuple[int, int]],
    paths: list[tuple[str, list[tuple[int, int]], bool]] | None = None,
) -> str:
    """The picture: ``hexes`` (the whole display, each with its axial coordinates), the system's planets, and
    ``paths`` (name, hexes, illegal), each labelled where it ends with its ship's name and the number of that ship's
    plot ("Sword 2": its second plot in the log), so a plot can be read off the picture."""
    extent = HEX_SIZE * math.sqrt(3) * (orbitals + 1)
    size = 2 * (extent + MARGIN)
    view = f"{-extent - MARGIN:.1f} {-extent - MARGIN:.1f} {size:.1f} {size:.1f}"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="display" width="{size:.0f}" '
        f'height="{size:.0f}" viewBox="{view}" aria-label="{escape(system.display_name)}">',
        f"<title>{escape(system.display_name)}</title>",
    ]
    for q, r in hexes:
        x, y = centre(q, r)
        out.append(
            f'<polygon class="hex" data-hex="{q},{r}" points="{_corners(x, y)}" fill="none" '
            'stroke="#999" stroke-width="0.6"/>'
            f'<text class="coord" x="{x:.1f}" y="{y - HEX_SIZE * COORD_RISE:.1f}" text-anchor="middle" '
            f'font-size="{COORD_FONT}" fill="{COORD_COLOUR}">{q},{r}</text>'
        )
    out.append(f'<circle class="star" cx="0" cy="0" r="{HEX_SIZE * 0.6:.1f}" fill="{STAR_COLOUR}"/>')
    for planet in system.planets:
        x, y = centre(planet.q, planet.r)
        colour = TERRESTRIAL_COLOUR if planet.type.startswith("t") else GAS_GIANT_COLOUR
        radius = HEX_SIZE * (0.3 + 0.06 * int(planet.type[1]))
        out.append(
            f'<g class="planet" data-type="{escape(planet.type)}"><circle cx="{x:.1f}" cy="{y:.1f}" '
            f'r="{radius:.1f}" fill="{colour}"/><text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" '
            f'font-size="10" fill="#fff">{escape(planet.type)}</text></g>'
        )
    plots: dict[str, int] = {}  # each ship's plots so far: its labels are numbered by them, in the log's order
    for index, (name, hexes_moved, illegal) in enumerate(paths or []):
        plots[name] = plots.get(name, 0) + 1
        if not hexes_moved:
            continue
        colour = ILLEGAL_COLOUR if illegal else PATH_COLOURS[index % len(PATH_COLOURS)]
        if len(hexes_moved) > 1:
            points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (centre(*h) for h in hexes_moved))
            dash = ' stroke-dasharray="4 3"' if illegal else ""
            out.append(
                f'<polyline class="path{" illegal" if illegal else ""}" data-ship="{escape(name)}" '
                f'points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}>'
                f"<title>{escape(name)}{' (illegal)' if illegal else ''}</title></polyline>"
            )
        x, y = centre(*hexes_moved[-1])
        out.append(
            f'<text class="ship-label" data-ship="{escape(name)}" x="{x + HEX_SIZE * LABEL_OFFSET:.1f}" '
            f'y="{y + LABEL_FONT / 3:.1f}" font-size="{LABEL_FONT}" fill="{colour}">{escape(name)} '
            f"{plots[name]}</text>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def game_svg(result: Refereed) -> str:
    """The display of a refereed game with each ship's path (illegal plots dashed)."""
    from shipyard.systems.darkstars import charts, geometry

    assert result.system is not None
    return display_svg(result.system, charts.ORBITALS, list(geometry.display(charts.ORBITALS)), result.paths)


def write_darkstars_page(result: Refereed, game: Path, output: Path) -> None:
    """The HTML page of a refereed game: the display with each path, the findings and each turn's plots."""
    from shipyard.report.html import write_page

    count = len(result.diagnostics)
    context = {
        "title": f"shipyard darkstars referee: {game.name}",
        "verdict": "fail" if count else "pass",
        "subtitle": f"{len(result.turns)} turn(s), {count} finding(s)",
        "verdict_words": f"{count} finding(s)" if count else "every plot legal",
        "summary": [(f"turn {i + 1}", "; ".join(lines[1:]) or "no plots") for i, lines in enumerate(result.turns)]
        + [(d.code, f"line {d.span.line}: {d.message}") for d in result.diagnostics],
        "charts": [game_svg(result)],
        "tables": [],
        "groups": None,
    }
    write_page(output, "audit.html.j2", context)


def referee_document(result: Refereed) -> dict[str, object]:
    """A refereed game as data: each turn's lines, and each ship's path (its hexes, and whether it is illegal)."""
    return {
        "turns": result.turns,
        "paths": [
            {"ship": name, "hexes": [list(h) for h in hexes], "illegal": bad} for name, hexes, bad in result.paths
        ],
    }


def moves_document(found: Sequence[MoveOption]) -> dict[str, object]:
    """A ship's legal plots as data (``moves``; the command adds its findings)."""
    return {
        "moves": [
            {
                "drive": o.drive,
                "move": o.move,
                "speed": o.speed,
                "new_speed": o.new_speed,
                "ends": [list(h) for h in o.ends],
                "fuel": o.fuel,
            }
            for o in found
        ],
    }


def moves_text(found: Sequence[MoveOption]) -> str:
    """A ship's legal plots, one a line: drive, move and speed choice, the new speed, the ends, the fuel left."""
    out = []
    for option in found:
        ends = ", ".join(f"({q},{r})" for q, r in option.ends) or "stays"  # a hex is never broken across lines
        fuel = f", fuel {option.fuel}" if option.fuel is not None else ""
        out.append(f"{option.drive} {option.move} {option.speed}: speed {option.new_speed}, ends {ends}{fuel}\n")
    return "".join(out)
