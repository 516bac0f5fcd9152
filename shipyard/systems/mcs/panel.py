"""A ship as rich renderables for the terminal (``shipyard show``); printing is the CLI's job."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from shipyard.core.layout import Fitting, Hanging, as_written, listed, longest_word
from shipyard.core.numbers import grouped_exact, short
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import UsdShip

_RANGES = chart.RATED_RANGES


def _fmt(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, (Decimal, int)):
        return grouped_exact(value)
    return str(value)


def ship_panel(ship: UsdShip, path: str) -> Panel:
    """One ship: hull figures, electronics, weapons table, notes."""
    cells = [
        ("TL", ship.tl),
        ("Type", ship.ship_type),
        ("Displacement", ship.displacement),
        ("Mass", ship.mass),
        ("Cost MCr", ship.cost_mcr),
        ("Size", ship.size),
        ("Armour", f"{ship.armour}{ship.armour_mark or ''}" if ship.armour is not None else None),
        ("Toughness", ship.toughness),
        ("Maneuver", ship.maneuver),
        ("Jump", ship.jump),
        ("Power", " + ".join(map(str, ship.power)) if ship.power else None),
        ("G-tolerance", ship.g_tolerance),
        ("Jump fuel", ship.jump_fuel),
        ("Cargo", f"{_fmt(ship.cargo)} {ship.cargo_unit or ''}".strip() if ship.cargo is not None else None),
        ("Crew", ship.crew),
        ("Troops", ship.troops),
        ("Passengers", ship.passengers),
        ("Fire control", f"{ship.fire_control:+d}" if ship.fire_control is not None else None),
        ("Meson screen", ship.meson_screen),
    ]
    shown = [(label, _fmt(value)) for label, value in cells if value is not None]
    parts: list = [Fitting(*(_hull_grid(shown, pairs) for pairs in (4, 3, 2, 1)))]  # narrower: fewer pairs a row
    extras: list[tuple[str, list[str]]] = []  # a label and its items, each item kept whole on a line
    if ship.computers:
        extras.append(("Computers", [f"{c.count}x{c.model}" for c in ship.computers]))
    if ship.sensors:
        extras.append(("Sensors", [f"{s.kind} {s.render()}" for s in ship.sensors]))
    if ship.signature:
        sig = ship.signature
        extras.append(
            (
                "Signature",
                [
                    f"{k} {short(v)}"
                    for k, v in (("Vis", sig.vis), ("IR", sig.ir), ("Active", sig.active), ("Lidar", sig.lidar))
                    if v is not None
                ],
            )
        )
    if ship.ecm:
        extras.append(("ECM", [f"{j.kind} {short(j.rating)}" for j in ship.ecm]))
    if ship.crew_quality:
        cq = ship.crew_quality
        extras.append(
            (
                "Crew",
                [" ".join(filter(None, (cq.quality, f"skill {cq.skill}"))), f"skill+attribute {cq.skill_attribute}"],
            )
        )
    for label, items in extras:
        parts.append(Hanging([f"{label}:", *listed(items)]))

    if ship.weapons:
        rows = [_weapon_cells(weapon) for weapon in ship.weapons]
        joined = [[*row[:-2], "  ".join(filter(None, row[-2:]))] for row in rows]  # the figure and the detail
        table = _weapons_table(joined)
        probe = _weapons_table([[*row[:-1], longest_word(row[-1])] for row in joined])
        parts.append(Fitting((table, probe), _stacked_weapons(rows)))  # no figure cut: a narrow terminal stacks
    if ship.notes:
        parts.append(Text("Notes:", style="dim"))
        parts.extend(Hanging(as_written(note.text), sep="", first="  ", indent=4, style="dim") for note in ship.notes)
    title = ship.name + (f" ({ship.description})" if ship.description else "")
    return Panel(
        Group(*parts), title=Text(title, style="bold"), subtitle=Text(f"{path} · {ship.edition.upper()}"), expand=False
    )


def _weapons_table(rows: list[list[str]]) -> Table:
    """The weapons as a table: the battery and its figures never wrap; the detail wraps between words."""
    table = Table(title="Weapons", title_justify="left", expand=False, show_edge=False)
    table.add_column("Battery", no_wrap=True)
    table.add_column("ROF", justify="right", no_wrap=True)
    for label in _RANGES:
        table.add_column(label, justify="center", no_wrap=True)
    table.add_column("PD / detail")
    for row in rows:
        table.add_row(*row)
    return table


def _hull_grid(shown: list[tuple[str, str]], pairs: int) -> Table:
    """The hull figures as a grid of ``pairs`` label-value pairs a row; no cell wraps or is cut."""
    grid = Table.grid(padding=(0, 2))
    for _ in range(pairs):
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(no_wrap=True)
    for start in range(0, len(shown), pairs):
        flat = [part for pair in shown[start : start + pairs] for part in pair]
        grid.add_row(*flat, *[""] * (2 * pairs - len(flat)))
    return grid


def _stacked_weapons(rows: list[list[str]]) -> Group:
    """The weapons table for a narrow terminal: each battery on its line, its figures labelled under it (they
    wrap between figures, and a figure is never cut or parted from its label), then its detail on a line of
    its own."""
    labels = ("ROF", *_RANGES)
    lines: list[Any] = [Text("Weapons")]
    for name, rof, *rest in rows:
        figure, detail = rest[-2:]
        figures = [f"{label} {value}" for label, value in zip(labels, (rof, *rest[:-2]), strict=True) if value]
        lines.append(Text(name, overflow="fold"))
        lines.append(Hanging([*figures, figure], sep="  ", first="  ", indent=2))
        if detail:
            lines.append(Hanging(detail.split(), first="  ", indent=4))
    return Group(*lines)


def _weapon_cells(weapon) -> list[str]:
    """A battery's cells: its name, ROF (or fire control), the five ranges, the figure that ends its line (PD,
    size&evade, a T4 figure) and its detail."""
    name = f"{weapon.count}x {weapon.name}"
    detail = " ".join([d.render() for d in weapon.details] + ([weapon.limit_text()] if weapon.max_range else []))
    blank = [""] * len(_RANGES)
    if weapon.kind == "beam":
        ranges = [r.render() if r else "-" for r in weapon.ranges] + blank
        pd = f"PD {weapon.point_defence}" if weapon.point_defence is not None else ""
        return [name, f"{weapon.rof:+d}", *ranges[:5], pd, detail]
    if weapon.kind == "missile":
        return [
            name,
            f"{weapon.salvo_rating:+d}",
            f"{weapon.pen}:{weapon.dam}",
            "",
            "",
            "",
            "",
            f"size&evade {weapon.size_evade:+d}",
            detail,
        ]
    if weapon.kind == "sandcaster":
        return [name, "", f"{weapon.screen}:{weapon.armour}", "", "", "", "", "", detail]
    if weapon.kind == "damper":
        return [name, "", "", "", "", "", "", f"PD {weapon.point_defence:+d}", detail]
    return [name, f"FC {weapon.fire_control:+d}", *[str(v) for v in weapon.values], "", f"T4 {weapon.figure}/", detail]
