"""A ship as rich renderables for the terminal (``shipyard show``); printing is the CLI's job."""

from __future__ import annotations

from decimal import Decimal

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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
    hull = Table.grid(padding=(0, 2))
    for _ in range(4):
        hull.add_column(style="bold")
        hull.add_column()
    cells = [
        ("TL", ship.tl), ("Type", ship.ship_type), ("Displacement", ship.displacement), ("Mass", ship.mass),
        ("Cost MCr", ship.cost_mcr), ("Size", ship.size),
        ("Armour", f"{ship.armour}{ship.armour_mark or ''}" if ship.armour is not None else None),
        ("Toughness", ship.toughness), ("Maneuver", ship.maneuver), ("Jump", ship.jump),
        ("Power", " + ".join(map(str, ship.power)) if ship.power else None), ("G-tolerance", ship.g_tolerance),
        ("Jump fuel", ship.jump_fuel), ("Cargo", f"{_fmt(ship.cargo)} {ship.cargo_unit or ''}".strip()
                                        if ship.cargo is not None else None),
        ("Crew", ship.crew), ("Troops", ship.troops), ("Passengers", ship.passengers),
        ("Fire control", f"{ship.fire_control:+d}" if ship.fire_control is not None else None),
        ("Meson screen", ship.meson_screen),
    ]
    shown = [(label, _fmt(value)) for label, value in cells if value is not None]
    for start in range(0, len(shown), 4):
        row = shown[start:start + 4]
        flat = [part for pair in row for part in pair]
        hull.add_row(*flat, *[""] * (8 - len(flat)))

    parts: list = [hull]
    extras = []
    if ship.computers:
        extras.append("Computers: " + ", ".join(f"{c.count}x{c.model}" for c in ship.computers))
    if ship.sensors:
        extras.append("Sensors: " + ", ".join(f"{s.kind} {s.render()}" for s in ship.sensors))
    if ship.signature:
        sig = ship.signature
        extras.append("Signature: " + ", ".join(f"{k} {short(v)}" for k, v in
                                                  (("Vis", sig.vis), ("IR", sig.ir), ("Active", sig.active),
                                                   ("Lidar", sig.lidar)) if v is not None))
    if ship.ecm:
        extras.append("ECM: " + ", ".join(f"{j.kind} {short(j.rating)}" for j in ship.ecm))
    if ship.crew_quality:
        cq = ship.crew_quality
        extras.append(f"Crew: {cq.quality or ''} skill {cq.skill}, skill+attribute {cq.skill_attribute}")
    if extras:
        parts.append(Text("\n".join(extras)))

    if ship.weapons:
        table = Table(title="Weapons", title_justify="left", expand=False, show_edge=False)
        table.add_column("Battery")
        table.add_column("ROF", justify="right")
        for label in _RANGES:
            table.add_column(label, justify="center")
        table.add_column("PD / detail")
        for weapon in ship.weapons:
            table.add_row(*_weapon_cells(weapon))
        parts.append(table)
    if ship.notes:
        parts.append(Text("Notes:\n" + "\n".join(f"  {note.text}" for note in ship.notes), style="dim"))
    title = ship.name + (f" ({ship.description})" if ship.description else "")
    return Panel(Group(*parts), title=Text(title, style="bold"), subtitle=Text(f"{path} · {ship.edition.upper()}"),
                 expand=False)


def _weapon_cells(weapon) -> list[str]:
    name = f"{weapon.count}x {weapon.name}"
    detail = " ".join(d.render() for d in weapon.details)
    blank = [""] * len(_RANGES)
    if weapon.kind == "beam":
        ranges = [r.render() if r else "-" for r in weapon.ranges] + blank
        pd = f"PD {weapon.point_defence}  " if weapon.point_defence is not None else ""
        return [name, f"{weapon.rof:+d}", *ranges[:5], pd + detail]
    if weapon.kind == "missile":
        return [name, f"{weapon.salvo_rating:+d}", f"{weapon.pen}:{weapon.dam}", "", "", "", "",
                f"size&evade {weapon.size_evade:+d}  {detail}"]
    if weapon.kind == "sandcaster":
        return [name, "", f"{weapon.screen}:{weapon.armour}", "", "", "", "", detail]
    if weapon.kind == "damper":
        return [name, "", "", "", "", "", "", f"PD {weapon.point_defence:+d}  {detail}"]
    return [name, f"FC {weapon.fire_control:+d}", *[str(v) for v in weapon.values], "",
            f"T4 {weapon.figure}/  {detail}"]
