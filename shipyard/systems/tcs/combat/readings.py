"""The readings a High Guard battle is fought by, where the sources disagree or are silent (docs/tcs-combat.md,
"Readings"): one plain frozen record, made once, read by the odds and the engine alike. ``CHOICES`` names each
reading's values, the default first; ``--reading NAME=VALUE`` on the command line chooses another.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any

#: Each reading's values, the default first, with what it means (docs/tcs-combat.md, "Readings").
CHOICES: MappingProxyType[str, tuple[tuple[str, str], ...]] = MappingProxyType(
    {
        "laser_range_dm": (
            ("long", "beam and pulse lasers -1 to hit at long range (PL, TML98, TML99a)"),
            ("short", "lasers -1 to hit at short range (RB)"),
        ),
        "size_dm": (
            ("rb", "size L +1, Q and larger +2 (RB)"),
            ("pl", "size L 0, M-Q +1, R and larger +2 (PL)"),
        ),
        "beam_sand_base": (
            ("6", "beam vs sandcaster: 6 + sandcaster - beam (PL; TML99a's figures)"),
            ("8", "beam vs sandcaster: 8 + sandcaster - beam (RB)"),
        ),
        "meson_cfg2_bays": (
            ("pl", "meson bays vs a cone: PL's row"),
            ("rb", "RB's row (one lower at 1, 2, 4, 5, 7, 8)"),
        ),
        "meson_cfg6_bays": (("pl", "meson bays vs a flattened sphere: PL's row"), ("rb", "RB's row")),
        "meson_cfg6_spinals": (("rb", "meson spinals vs a flattened sphere: RB's row"), ("pl", "PL's row as stored")),
        "zero_floor": (
            ("floor", "a penetration number below 0 is 0: 2D + DM must still reach 0 (PL)"),
            ("negative", "the number as the formula gives it, below 0 too (RB)"),
            ("automatic", "a number of 0 or less penetrates without a roll"),
        ),
        "energy_plus2": (
            ("energy_vs_sand", "+2 to an energy weapon's roll against sandcasters (RB)"),
            ("missile_vs_energy_defence", "+2 to a missile's roll against an energy weapon's point defence (COTI)"),
        ),
        "computer_dm_on_penetration": (
            ("yes", "the relative computer DM on every penetration roll (PL, RB, TML97, TML98)"),
            ("no", "no computer DM on penetration (TML99a's figures)"),
        ),
        "computer_dm": (
            ("difference", "firer's computer model - target's (PL, RB)"),
            ("firer_only", "the firer's model alone (RB before 2015)"),
        ),
        "critical_order": (("rb", "the critical hit table in RB's order"), ("coti", "COTI's revised order")),
        "interior_from_surface_dm": (
            ("zero", "an interior explosion from the surface table rolls with no DM (RB)"),
            ("carry", "it rolls with the surface roll's DM"),
        ),
        "below_two": (
            ("critical", "a modified damage roll below 2 reads row 2 (a critical hit)"),
            ("none", "a modified damage roll below 2 has no effect (RB)"),
        ),
        "missiles": (
            ("nuclear", "missiles are nuclear where a sheet does not say (RB's default)"),
            ("he", "missiles are high explosive"),
        ),
        "natural_12": (
            (
                "cumulative",
                "TCS82 re-rolls: a natural 12 short of the number is re-rolled at +6, at +12 after a second",
            ),
            ("flat", "TCS82 re-rolls at +6 each time"),
        ),
        "natural_2": (
            (
                "unless_critical",
                "TCS82 re-rolls: the attacker re-rolls a natural 2 on the surface or radiation table "
                "at 6 less armour DM unless it gave a critical hit",
            ),
            ("never", "the attacker never takes the natural-2 re-roll"),
        ),
        "concentrated_dms": (
            ("all", "TCS82 concentrated fire: every to-hit DM one further from zero"),
            ("range", "only the range DM one further from zero"),
        ),
        "agility": (
            ("unladen", "the agility the sheet gives (drop tanks dropped before battle, TCS82 clarification 7)"),
            ("laden", "agility with the drop tanks carried"),
        ),
    }
)


@dataclass(frozen=True)
class Readings:
    """The readings chosen; each field's values are ``CHOICES``'s, the first the default."""

    laser_range_dm: str = "long"
    size_dm: str = "rb"
    beam_sand_base: str = "6"
    meson_cfg2_bays: str = "pl"
    meson_cfg6_bays: str = "pl"
    meson_cfg6_spinals: str = "rb"
    zero_floor: str = "floor"
    energy_plus2: str = "energy_vs_sand"
    computer_dm_on_penetration: str = "yes"
    computer_dm: str = "difference"
    critical_order: str = "rb"
    interior_from_surface_dm: str = "zero"
    below_two: str = "critical"
    missiles: str = "nuclear"
    natural_12: str = "cumulative"
    natural_2: str = "unless_critical"
    concentrated_dms: str = "all"
    agility: str = "unladen"
    #: TCS82 (Rules modifications 3): natural 12s to hit or penetrate and natural 2s on the surface and radiation
    #: tables re-rolled, as natural_12 and natural_2 read them. Off in ``tcs shot`` unless asked (High Guard as
    #: printed), on in a tournament battle. Not a reading of the sources: an overlay, so not in CHOICES.
    rerolls: bool = False

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return type(self), tuple(getattr(self, field.name) for field in fields(self))

    def changed(self) -> dict[str, str]:
        """The readings that differ from the default, by name."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name in CHOICES and getattr(self, f.name) != f.default
        }


DEFAULT_READINGS = Readings()


#: How near a misspelt reading's name must be to be offered (difflib's ratio).
NEAR_NAME = 0.6


class ReadingError(ValueError):
    """A reading or a value that does not exist; the message names what would."""


def with_readings(pairs: list[str], base: Readings = DEFAULT_READINGS) -> Readings:
    """``base`` with each ``NAME=VALUE`` of ``pairs`` chosen; a ReadingError names the readings or values there are."""
    chosen: dict[str, Any] = {}
    for pair in pairs:
        name, equals, value = (part.strip() for part in pair.partition("="))
        if name not in CHOICES:
            from shipyard.core.names import meant_hint

            hint = meant_hint(name, CHOICES, NEAR_NAME)
            raise ReadingError(f"no reading {name!r}{hint}: the readings are {', '.join(CHOICES)}")
        values = [choice for choice, _ in CHOICES[name]]
        if not equals or value not in values:
            raise ReadingError(f"{name} takes {' or '.join(values)}, not {value!r}")
        chosen[name] = value
    return replace(base, **chosen)
