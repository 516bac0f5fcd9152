"""FFS design values to MCS ratings: MCS section 6.1 ("Rating designs").

The FFS figures are scaled to the FFS2 scale first (x 1.43 for FFS1/TNE figures; the design must say
which edition it is: the scale is never guessed). Every figure the design leaves to the converter is an
assumption, said as an info diagnostic (CNV2xx) and as a note under the sheet, as for T4 ships.
"""

from __future__ import annotations

from decimal import ROUND_HALF_DOWN, Decimal

from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.core.numbers import nearest_key
from shipyard.systems.mcs import charts as chart
from shipyard.systems.mcs.ffs.model import Edition, FfsBeam, FfsDesign, FfsMissiles
from shipyard.systems.mcs.model import (
    BeamBattery,
    DamperBattery,
    Detail,
    MissileBattery,
    Note,
    PenDam,
    SandcasterBattery,
    UsdShip,
)

RANGE_HEADER = list(chart.RATED_RANGES)


def _round(value: Decimal) -> int:
    """Seeds/003 section 3.0: fractions of 0.5 or less round down, above 0.5 up."""
    return int(value.to_integral_value(rounding=ROUND_HALF_DOWN))


class _Converter:
    def __init__(self, design: FfsDesign, edition: Edition, path: str, positions: dict):
        self.design, self.edition, self.path, self.positions = design, edition, path, positions
        self.scale = chart.EDITION_SCALE[edition]
        self.diagnostics: list[Diagnostic] = []
        self.assumptions: list[str] = []

    def say(self, code: str, text: str, severity: Severity = Severity.INFO, at: tuple = ("ship",)) -> None:
        """An assumption (info, also noted under the sheet) or a problem, at the design part ``at``."""
        if severity is Severity.INFO:
            self.assumptions.append(text)
        line, col = next(
            (self.positions[at[:end]] for end in range(len(at), 0, -1) if at[:end] in self.positions), (1, 1)
        )
        self.diagnostics.append(
            Diagnostic(code=code, severity=severity, message=text, span=Span(path=self.path, line=line, col=col))
        )

    def code(self, value: Decimal, what: str, at: tuple = ("ship",), scaled: bool = True) -> int | None:
        """USD chart code of an FFS value (scaled to FFS2 unless ``scaled`` is False)."""
        result = chart.usd_code(value * self.scale if scaled else value)
        return self.noted(result, what, at, "USD chart") if result is not None else None

    def noted(self, result: chart.ChartValue, what: str, at: tuple = ("ship",), chart_name: str = "chart") -> int:
        """A chart's code, saying so (CNV202) when it lies past the printed chart."""
        if result.extrapolated:
            self.say("CNV202", f"{what} lies beyond the printed {chart_name}: extrapolated to {result.code}", at=at)
        return result.code

    # ---- hull ------------------------------------------------------------------------------
    def hull(self) -> dict:
        hull = self.design.ship
        values: dict = {"size": self.noted(chart.size_code(hull.displacement), "size", ("ship", "displacement"))}
        mass = hull.mass
        if mass is None:
            mass = hull.displacement * chart.MASS_PER_DTON_ESTIMATE
            self.say(
                "CNV201",
                f"no mass given: toughness from displacement x {chart.MASS_PER_DTON_ESTIMATE} = "
                f"{mass} tonnes (section 6.1)",
            )
        toughness = self.noted(chart.toughness_code(mass), "toughness", ("ship", "mass"))
        for key, words in chart.TOUGHNESS_MODIFIERS.items():
            if getattr(hull, key):
                toughness -= 1
                self.say("CNV203", f"toughness -1 for {words}", at=("ship", key))
        values["toughness"] = toughness
        if hull.armour is not None:
            values["armour"] = self.code(hull.armour, "armour", ("ship", "armour")) or 0
        if hull.meson_screen is not None:
            values["meson_screen"] = self.code(hull.meson_screen, "meson screen", ("ship", "meson_screen")) or 0
        if hull.power_plant_mw:
            per_g = (
                mass * chart.POWER_MW_PER_TONNE
                if hull.mass is not None
                else hull.displacement * chart.POWER_MW_PER_DTON
            )
            values["power"] = [_round(output / per_g) for output in hull.power_plant_mw]
        if hull.g_compensation is not None:
            values["g_tolerance"] = (
                hull.g_compensation + chart.G_TOLERANCE_BASE + (chart.G_TANKS_BONUS if hull.g_tanks else 0)
            )
        return values

    # ---- beams -----------------------------------------------------------------------------
    def beam(self, index: int, beam: FfsBeam) -> BeamBattery | None:
        at = ("beam", index)
        range_class = next((c for c in chart.BEAM_RANGE_CLASSES if beam.beam_pointer_km >= c[0]), None)
        if range_class is None:
            self.say(
                "CNV210",
                f"{beam.name}: a beam pointer of {beam.beam_pointer_km:,} km is below the "
                f"{chart.BEAM_RANGE_CLASSES[-1][0]:,} km a short-range battery needs; not rated",
                Severity.ERROR,
                at + ("beam_pointer_km",),
            )
            return None
        _, class_name, rated = range_class
        if len(beam.damage) < rated:
            self.say(
                "CNV211",
                f"{beam.name}: a {class_name} battery is rated at {rated} ranges but the design "
                f"gives damage at {len(beam.damage)}",
                Severity.ERROR,
                at + ("damage",),
            )
            return None
        rof = chart.rof_bonus(beam.pulses)
        if rof.extrapolated:
            self.say(
                "CNV212",
                f"{beam.name}: {beam.pulses} pulses per turn lie beyond the ROF table: "
                f"ROF {rof.code:+d} by its progression",
                at=at + ("pulses",),
            )
        per_damage = chart.PENETRATION_PER_DAMAGE[beam.type]
        if beam.penetration is None:
            self.say(
                "CNV213",
                f"{beam.name}: penetration not given: {per_damage} x damage "
                f"({'most lasers' if beam.type == 'laser' else 'PAWs and mesons'}, section 6.1)",
                at=at,
            )
        cells: list[PenDam | None] = []
        for damage in beam.damage[:rated]:
            if chart.usd_code(damage * self.scale) is None:
                # "If the weapon's damage is less than 1 at a given range, indicate this with a dash" (section
                # 6.1): one weapon's, whatever the battery's sum (3 lasers of 0.5: a dash, not 3:0).
                cells.append(None)
                continue
            dam = self.code(damage * beam.count, f"{beam.name} damage", at)
            if dam is not None and rof.code < 0:
                dam += rof.code  # a negative ROF bonus lowers the damage (section 6.1)
            pen_value = beam.penetration if beam.penetration is not None else damage * per_damage
            pen = self.code(pen_value, f"{beam.name} penetration", at)
            cells.append(PenDam(pen=pen, dam=dam) if dam is not None and dam >= 0 and pen is not None else None)
        cells += [None] * (len(RANGE_HEADER) - len(cells))
        noun = "laser" if beam.type == "laser" else "weapon"
        details = [Detail(number=beam.count, text=f"{noun}{'s' if beam.count > 1 else ''} each")]
        if beam.turrets:
            details.append(Detail(number=beam.turrets, text="turrets each"))
        point_defence = None
        if beam.type == "laser":
            point_defence = self.point_defence(beam, rof.code)
        return BeamBattery(
            count=beam.batteries,
            name=beam.name,
            rof=rof.code,
            ranges=cells,
            point_defence=point_defence,
            details=details,
        )

    def point_defence(self, beam: FfsBeam, rof: int) -> int:
        """The battery's PD: its lasers and peak ROF, less the shortfall of one laser's own USD damage at VS
        ("a laser weapon must have a USD damage value (at 30000 km range) of at least 4", section 6.1), a
        dash (below 1) falling short by the whole of it."""
        pulses = beam.peak_pulses or beam.pulses
        one_laser = chart.usd_code(beam.damage[0] * self.scale)
        damage = None if one_laser is None else one_laser.code + min(rof, 0)
        return chart.laser_point_defence(
            beam.count, chart.rof_bonus(pulses).code, damage if damage is not None and damage >= 1 else None
        )

    # ---- missiles, sandcasters, dampers ---------------------------------------------------
    def missiles(self, index: int, battery: FfsMissiles) -> MissileBattery:
        at = ("missiles", index)
        tl = battery.tl if battery.tl is not None else self.design.ship.tl
        per_salvo = battery.missiles_per_salvo
        if per_salvo is None:
            if not battery.autoloader:
                per_salvo = battery.launchers * chart.MISSILES_PER_SALVO_WITHOUT_AUTOLOADER
                why = "a launcher without an autoloader fires one"
            elif battery.mount == "turret":
                per_salvo, why = battery.launchers, "one per turret the battery controls"
            else:
                tls = chart.MISSILES_PER_SALVO_BY_TL
                table_tl = nearest_key(tls, tl)
                per_salvo = tls[table_tl] * battery.launchers
                why = f"{tls[table_tl]} per launcher at TL {table_tl}"
            self.say("CNV220", f"{battery.name}: {per_salvo} missiles per salvo ({why}, section 6.1)", at=at)
        salvo = chart.banded(chart.SALVO_RATING, per_salvo)
        if battery.warhead == "nuclear" and battery.warhead_damage is not None:
            warhead = battery.warhead_damage * self.scale
            pen = self.code(warhead * chart.NUCLEAR_WARHEAD_PEN_FACTOR, f"{battery.name} penetration", at, scaled=False)
            dam = self.code(warhead * chart.NUCLEAR_WARHEAD_DAM_FACTOR, f"{battery.name} damage", at, scaled=False)
            size_evade = chart.NUCLEAR_MISSILE_BY_TL[0][3]
        elif battery.warhead == "nuclear":
            if tl < chart.NUCLEAR_MISSILE_BY_TL[-1][0]:
                self.say(
                    "CNV221",
                    f"{battery.name}: TL {tl}: standard nuclear det-laser missiles are rated from "
                    f"TL {chart.NUCLEAR_MISSILE_BY_TL[-1][0]}; those figures are used",
                    Severity.WARNING,
                    at,
                )
            _, pen, dam, size_evade = chart.by_tl(chart.NUCLEAR_MISSILE_BY_TL, tl)
        else:
            pen, dam, size_evade = chart.MISSILE_WARHEADS[battery.warhead]
        if battery.missile_g is not None:
            evasion = 0 if battery.warhead == "kkm" else _round(battery.missile_g * chart.MISSILE_EVASION_PER_G)
            size_evade = chart.MISSILE_SIZE - evasion
        details = []
        if battery.salvos is not None:
            details.append(Detail(number=battery.salvos, text="salvos each."))
        details.append(Detail(number=per_salvo, text="missiles per salvo" if per_salvo > 1 else "missile per salvo"))
        if battery.salvos_in_cargo is not None:
            details.append(Detail(number=battery.salvos_in_cargo, text="salvoes in cargo."))
        return MissileBattery(
            count=battery.batteries,
            name=battery.name,
            salvo_rating=salvo.code,
            pen=pen or 0,
            dam=dam or 0,
            size_evade=size_evade,
            details=details,
        )

    def sandcasters(self, size: int) -> list[SandcasterBattery]:
        result = []
        for index, battery in enumerate(self.design.sandcasters):
            tl = battery.tl if battery.tl is not None else self.design.ship.tl
            screen = chart.sandcaster_screen(battery.count, size, tl)
            if screen is None:
                self.say(
                    "CNV230",
                    f"{battery.name}: {battery.count} casters are too few for a screen on a size-{size} ship: screen 0",
                    at=("sandcasters", index),
                )
                screen = 0
            # Sandcaster armour per canister is tabled on the FFS2 scale (section 6.2): no edition scaling.
            each = chart.by_tl(chart.SANDCASTER_ARMOUR_BY_TL, tl)[1]
            armour = (
                self.code(Decimal(battery.count * each), f"{battery.name} armour", ("sandcasters", index), scaled=False)
                or 0
            )
            each_text = "sandcasters each" if battery.count > 1 else "sandcaster each"
            details = [Detail(number=battery.count, text=each_text)]
            if battery.canisters is not None:
                details.append(Detail(number=battery.canisters, text="cannisters"))
            result.append(
                SandcasterBattery(
                    count=battery.batteries, name=battery.name, screen=screen, armour=armour, details=details
                )
            )
        return result

    def dampers(self) -> list[DamperBattery]:
        return [
            DamperBattery(
                count=d.batteries,
                name=d.name,
                point_defence=chart.banded(chart.DAMPER_PD, d.count).code,
                details=[Detail(number=d.count, text="dampers each" if d.count > 1 else "damper each")],
            )
            for d in self.design.dampers
        ]

    def convert(self) -> UsdShip:
        hull = self.design.ship
        values = self.hull()
        weapons: list = [b for b in (self.beam(i, beam) for i, beam in enumerate(self.design.beam)) if b is not None]
        weapons += [self.missiles(i, battery) for i, battery in enumerate(self.design.missiles)]
        weapons += self.sandcasters(values["size"]) + self.dampers()
        notes = [
            Note(
                text=f"Rated from {self.edition.upper()} design values"
                + (f" (x {self.scale} to the FFS2 scale)" if self.scale != 1 else "")
            )
        ]
        notes += [Note(text=f"Assumed: {text}") for text in self.assumptions]
        return UsdShip(
            class_name=hull.name,
            tl=hull.tl,
            ship_type=hull.type,
            displacement=hull.displacement,
            mass=hull.mass,
            maneuver=hull.maneuver,
            jump=hull.jump,
            crew=hull.crew,
            range_header=RANGE_HEADER,
            weapons=weapons,
            notes=notes,
            **values,
        )


def convert_ffs(
    design: FfsDesign, edition: Edition, path: str = "<design>", positions: dict | None = None
) -> tuple[UsdShip, list[Diagnostic]]:
    """The MCS ship of an FFS design whose figures are on the ``edition`` scale, and the diagnostics
    (placed with ``positions``, the design parts' (line, col) from the reader)."""
    converter = _Converter(design, edition, path, positions or {})
    return converter.convert(), converter.diagnostics
