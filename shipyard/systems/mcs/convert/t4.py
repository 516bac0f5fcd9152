"""T4 (FFS) ship to MCS ratings: MCS section 6, "Converting from T4".

Every figure the T4 sheet does not give is an assumption, and every assumption is said: as an info
diagnostic (code CNV1xx) and as a note on the converted ship, so it is printed under the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal, overload

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.names import meant_hint, quoted, spelt
from shipyard.core.numbers import nearest_key
from shipyard.core.records import Record
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.model import (
    BeamBattery,
    Detail,
    MissileBattery,
    Note,
    PenDam,
    SandcasterBattery,
    T4Weapon,
    UsdShip,
    Weapon,
)

Design = Literal["military", "civilian"]
#: How alike a --rof name must be to a battery's (difflib's ratio) to be named as the one meant.
NEAR_BATTERY = 0.8
#: The designs by name, as a command line gives them.
DESIGNS: dict[str, Design] = {"military": "military", "civilian": "civilian"}


@dataclass(frozen=True)
class T4Options:
    """Choices the rules leave to the converter. Defaults are the seed's own worked example."""

    design: Design = "military"
    rof_overrides: dict[str, int] = field(default_factory=dict)  # battery name -> ROF
    launchers_per_battery: int = 4  # the seed groups the Coronation's 20 launchers 4 to a battery
    sandcasters_per_battery: int = 10  # the seed groups its 50 sandcasters 10 to a battery


def rof_given(overrides: dict[str, int], name: str) -> int | None:
    """The ROF --rof gives the battery ``name``, or None."""
    return next((rof for key, rof in overrides.items() if spelt(key) == spelt(name)), None)


def unused_rofs(overrides: dict[str, int], names: list[str]) -> list[str]:
    """Why each battery --rof names is none of ``names`` (the batteries of the sheet's T4 ships), with the one
    meant when one is near: a ROF that rates nothing, where the battery it was meant for got the default."""
    held = {spelt(name) for name in names}
    batteries = ", ".join(repr(name) for name in dict.fromkeys(names))
    return [
        f"--rof names {quoted(key)}, a battery of no ship of the sheet{meant_hint(key, names, NEAR_BATTERY)}: it has "
        f"{batteries}"
        for key in overrides
        if spelt(key) not in held
    ]


class _Converter:
    def __init__(self, ship: UsdShip, options: T4Options, path: str):
        self.ship, self.options, self.path = ship, options, path
        self.diagnostics: list[Diagnostic] = []
        self.assumptions: list[str] = []

    def where(self, record=None) -> Span:
        span = record.span() if record is not None else None
        return span or self.ship.span("class_name") or Span(path=self.path, line=1, col=1)

    def assume(self, code: str, text: str, record=None) -> None:
        self.assumptions.append(text)
        self.diagnostics.append(Diagnostic(code=code, severity=Severity.INFO, message=text, span=self.where(record)))

    def warn(self, code: str, text: str, record=None) -> None:
        self.diagnostics.append(Diagnostic(code=code, severity=Severity.WARNING, message=text, span=self.where(record)))

    @overload
    def chart_note(self, value: chart.ChartValue, what: str, record: Record | None = None) -> int: ...

    @overload
    def chart_note(self, value: chart.ChartValue | None, what: str, record: Record | None = None) -> int | None: ...

    def chart_note(self, value: chart.ChartValue | None, what: str, record: Record | None = None) -> int | None:
        """A chart's code, saying so (CNV102) when it lies past the printed chart."""
        if value is not None and value.extrapolated:
            self.assume("CNV102", f"{what} lies beyond the printed chart: extrapolated to {value.code}", record)
        return value.code if value is not None else None

    # ---- hull ----------------------------------------------------------------------------
    def hull(self) -> dict:
        ship = self.ship
        values: dict = {}
        if ship.displacement is not None:
            values["size"] = self.chart_note(chart.size_code(ship.displacement), "size")
            mass = ship.mass
            if mass is None:
                mass = ship.displacement * chart.MASS_PER_DTON_ESTIMATE
                self.assume(
                    "CNV101",
                    f"no mass given: toughness from displacement x {chart.MASS_PER_DTON_ESTIMATE} "
                    f"= {mass} tonnes (section 6.1)",
                )
            values["toughness"] = self.chart_note(chart.toughness_code(mass), "toughness")
        if ship.armour is not None:
            tenth = Decimal(ship.armour) / chart.T4_ARMOUR_DIVISOR
            if tenth != int(tenth):
                self.assume(
                    "CNV103", f"T4 armour {ship.armour} / 10 = {tenth}: read as {int(tenth)}, the chart's lower line"
                )
            values["armour"] = self.chart_note(chart.t4_to_mcs(int(tenth)), "armour")
        if ship.meson_screen is not None:
            values["meson_screen"] = self.chart_note(chart.t4_to_mcs(ship.meson_screen), "meson screen")
        return values

    # ---- beam weapons --------------------------------------------------------------------
    def rof(self, weapon: T4Weapon, point_defence: bool) -> int:
        given = rof_given(self.options.rof_overrides, weapon.name)
        if given is not None:
            self.assume("CNV110", f"{weapon.name}: ROF {given:+d}, as --rof gives", weapon)
            return given
        if point_defence:
            rof = chart.T4_DEFAULT_ROF["point_defence"]
            self.assume("CNV110", f"{weapon.name}: ROF {rof:+d}, a battery listed as point defence", weapon)
        else:
            rof = chart.T4_DEFAULT_ROF[self.options.design]
            self.assume(
                "CNV110", f"{weapon.name}: ROF {rof:+d}, the default for a {self.options.design} design", weapon
            )
        return rof

    def beam(self, weapon: T4Weapon) -> BeamBattery | None:
        words = weapon.name.lower()
        kind = (
            "meson"
            if "meson" in words
            else "paw"
            if ("paw" in words or "particle" in words)
            else "laser"
            if "laser" in words
            else None
        )
        if kind is None:
            self.warn(
                "CNV120",
                f"{weapon.name}: not a laser, meson or PAW; the T4 rules give no conversion, "
                "so the line is left out and kept as a note",
                weapon,
            )
            self.assumptions.append(f"not converted: {weapon.render()}")
            return None
        point_defence = "pd" in words.split() or "point def" in words
        rof = self.rof(weapon, point_defence)
        new_values = [
            self.chart_note(chart.t4_to_mcs(value - rof), f"{weapon.name} damage", weapon) for value in weapon.values
        ]
        damage = [new_values[source] for source in chart.T4_RANGE_SOURCE]
        if kind == "laser":
            shift = next((s for word, s in chart.T4_LASER_PENETRATION_SHIFT.items() if word in words), 0)
            pen_vs = chart.T4_LASER_PENETRATION + shift
            self.assume(
                "CNV111",
                f"{weapon.name}: laser penetration {pen_vs} at VS"
                + (" (heavy +1)" if shift > 0 else " (light -1)" if shift < 0 else "")
                + ", the same Pen-DV gap at every range",
                weapon,
            )
            gap = pen_vs - damage[0] if damage[0] is not None else 0
        else:
            gap = 0  # mesons and PAWs: penetration = damage value
        ranges: list[PenDam | None] = []
        for label, dv in zip(chart.RATED_RANGES, damage, strict=False):
            if dv is None:
                ranges.append(None)
                continue
            pen = dv + gap
            if pen < 0:
                self.assume("CNV112", f"{weapon.name}: penetration at {label} would be {pen}; shown as 0", weapon)
                pen = 0
            ranges.append(PenDam(pen=pen, dam=dv))
        point_def = None
        if kind == "laser":
            lasers = weapon.per_battery
            if lasers is None:
                lasers = 1
                self.assume(
                    "CNV113",
                    f"{weapon.name}: lasers per battery not noted: one turret per battery assumed (section 6)",
                    weapon,
                )
            point_def = chart.laser_point_defence(lasers, rof, damage[0])
        return BeamBattery(
            count=weapon.count,
            name=weapon.name,
            rof=rof,
            ranges=ranges,
            point_defence=point_def,
            details=[d.model_copy(update={"spans": {}}) for d in weapon.details],
        )

    # ---- missiles and sandcasters --------------------------------------------------------
    def missiles(self) -> list[MissileBattery]:
        launchers, tl = self.ship.missile_launchers, self.ship.tl
        if not launchers:
            return []
        if tl is None:
            self.warn("CNV130", "missile launchers but no TL: missiles per salvo cannot be rated")
            return []
        group = max(1, min(self.options.launchers_per_battery, launchers))
        if self.options.design == "civilian":
            per_launcher = chart.MISSILES_PER_SALVO_CIVILIAN
            how = "civilian launchers fire one missile each"
        else:
            tls = chart.MISSILES_PER_SALVO_BY_TL
            table_tl = nearest_key(tls, tl)
            if table_tl != tl:
                self.assume("CNV131", f"TL {tl} is outside the missiles-per-salvo table: TL {table_tl} used")
            per_launcher = tls[table_tl]
            how = f"{per_launcher} missiles per launcher at TL {table_tl}"
        self.assume(
            "CNV132",
            f"{launchers} launchers grouped {group} to a battery, {how}: {per_launcher * group} missiles per salvo",
        )
        if tl < 10:
            self.warn(
                "CNV133",
                f"TL {tl}: the seed rates nuclear det-laser missiles from TL 10 only; the TL 10-12 figures are used",
            )
        _, pen, dam, size_evade = chart.by_tl(chart.NUCLEAR_MISSILE_BY_TL, tl)
        batteries, rest = divmod(launchers, group)
        result = []
        for count, per, name in ((batteries, group, "Missile Batteries"), (1 if rest else 0, rest, "Missile Battery")):
            if not count:
                continue
            missiles = per_launcher * per
            result.append(
                MissileBattery(
                    count=count,
                    name=name,
                    pen=pen,
                    dam=dam,
                    size_evade=size_evade,
                    salvo_rating=self.chart_note(chart.banded(chart.SALVO_RATING, missiles), "salvo rating"),
                    details=[Detail(number=missiles, text="missiles per salvo", parenthesised=True)],
                )
            )
        return result

    def sandcasters(self, size: int | None) -> list[SandcasterBattery]:
        casters, tl = self.ship.sandcaster_count, self.ship.tl
        if not casters:
            return []
        if size is None or tl is None:
            self.warn("CNV140", "sandcasters need the ship's size and TL to be rated")
            return []
        group = max(1, min(self.options.sandcasters_per_battery, casters))
        self.assume("CNV141", f"{casters} sandcasters grouped {group} to a battery")
        batteries, rest = divmod(casters, group)
        armour_each = chart.by_tl(chart.SANDCASTER_ARMOUR_BY_TL, tl)[1]
        result = []
        for count, per in ((batteries, group), (1 if rest else 0, rest)):
            if not count:
                continue
            screen = chart.sandcaster_screen(per, size, tl)
            if screen is None:
                self.assume("CNV142", f"{per} sandcasters are too few for a screen on a size-{size} ship: screen 0")
                screen = 0
            armour = self.chart_note(chart.usd_code(per * armour_each), "sandcaster armour")
            if armour is None:  # below 1 on the chart: no armour
                armour = 0
            result.append(
                SandcasterBattery(
                    count=count,
                    name="Sandcasters",
                    screen=screen,
                    armour=armour,
                    details=[Detail(number=per, text="sandcasters each", parenthesised=True)],
                )
            )
        return result

    def convert(self) -> UsdShip:
        hull = self.hull()
        weapons: list[Weapon] = [b for b in (self.beam(w) for w in self.ship.t4_weapons) if b is not None]
        weapons += self.missiles()
        weapons += self.sandcasters(hull.get("size"))
        keep = {
            name: getattr(self.ship, name)
            for name in (
                "class_name",
                "description",
                "tl",
                "ship_type",
                "displacement",
                "cost_mcr",
                "mass",
                "maneuver",
                "jump",
                "jump_fuel",
                "cargo",
                "cargo_unit",
                "crew",
                "troops",
                "passengers",
                "computers",
                "sensors",
                "signature",
                "ecm",
                "fire_control",
                "fire_control_note",
                "crew_quality",
            )
        }
        notes = [note.model_copy(update={"spans": {}}) for note in self.ship.notes]
        notes += [Note(text=f"Assumed: {text}") for text in self.assumptions]
        return UsdShip(**keep, **hull, range_header=list(chart.RATED_RANGES), weapons=weapons, notes=notes)


def convert_t4(
    ship: UsdShip, options: T4Options = T4Options(), path: str = "<ship>"
) -> tuple[UsdShip, list[Diagnostic]]:
    """The MCS ship of a T4 ship, and the diagnostics (assumptions as info) of converting it."""
    converter = _Converter(ship, options, path)
    return converter.convert(), converter.diagnostics
