"""The readings and optional rules of MCS combat (a fire log's or an engagement's ``[options]``, docs/combat.md
"Readings"), and the kinds of weapon a hit is made by."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from shipyard.core.toml_input import ClosedTable
from shipyard.systems.mcs.combat import readings as r
from shipyard.systems.mcs.combat.readings import POWER_LOSS_WORDS, Readings, Weapon

__all__ = ["DEFAULT_OPTIONS", "POWER_LOSS_WORDS", "Options", "Weapon"]

_D = r.DEFAULT_READINGS  # each field's default, from the engine's record


class Options(ClosedTable):
    """Readings and optional rules (a fire log's ``[options]``). The defaults follow the seed's tables where its
    text and examples differ; they, and each field's choices, are those of ``readings.Readings``, the plain record
    the engine reads (``readings()``; a test holds the two alike)."""

    model_config = ConfigDict(frozen=True)

    #: MCS 5.2: the table subtracts toughness, its text says "subtracting the target size"; the examples use
    #: toughness (2+18-15 against the Hollyfields, toughness 15, size 6).
    severity_against: Literal["toughness", "size"] = _D.severity_against
    #: MCS Optional 5.3: lasers roll 1d3 for severity.
    pc_survivability: bool = _D.pc_survivability
    #: MCS Optional 5.6: hits do DV - toughness criticals, armour all or nothing; ``quick_heavy_on_zero`` scores a
    #: Heavy hit when DV - toughness is 0.
    quick_combat: bool = _D.quick_combat
    quick_heavy_on_zero: bool = _D.quick_heavy_on_zero
    #: MCS 2.1 (optional): spinal ROF -1 with too little aiming G, ``no_aim_penalty`` with none.
    aiming: bool = _D.aiming
    no_aim_penalty: int = _D.no_aim_penalty
    #: MCS 2.1's "at least one-half of it's total current acceleration (round down)": "exact" half, in G with
    #: fractions (the seed's example: a 3 G ship "would need to allocate 1.5 Gs", a 1 G ship aims 0.5), or the
    #: half "rounded down" to whole G as the rule's words say.
    aiming_half: Literal["exact", "rounded down"] = _D.aiming_half
    #: MCS 4.5: "each point of power plant damage reduces maneuver by one or disables one weapon battery per two
    #: points": "maneuver" (the default) or "batteries".
    power_loss: Literal["maneuver", "batteries"] = _D.power_loss
    #: MCS 4.5, Missile Magazine: "10% of full missile load destroyed" read as the share of the "ship"'s whole load
    #: (in whole salvos, rounded up), or of each "launcher"'s (rounded up: a salvo of each at least).
    magazine_loss: Literal["ship", "launcher"] = _D.magazine_loss
    #: MCS 5.3: roll the surface location for a hit whose severity is no effect too (a weak spot at 18 then
    #: lowers the armour for its interior hit); by default a hit of no effect rolls none.
    location_on_no_effect: bool = _D.location_on_no_effect
    #: MCS 5.1: roll the meson screen operator's task (False: screens always at their rating).
    screen_task: bool = _D.screen_task
    #: MCS 5.1: what a "spectacular success" is on the 2d screen task: both dice 1 ("all-ones"), or never.
    spectacular: Literal["all-ones", "never"] = _D.spectacular
    #: MCS 4.3: "quick" (laser missiles always hit, DV + salvo strength) or "long" (the missile chart).
    missile_rule: Literal["quick", "long"] = _D.missile_rule
    #: MCS 2.4.1: "ignore" sensors (the simplest rule), require a working "lidar", or the optional sensor "lock"
    #: (Optional 5.1).
    sensors: Literal["ignore", "lidar", "lock"] = _D.sensors
    #: MCS Optional 5.2 (the weasel rule): every even-numbered weapon hit damages a battery the firing player
    #: chooses (a scripted pick; a seeded run picks at random still).
    weasel: bool = _D.weasel

    def readings(self) -> Readings:
        """The plain record the engine reads (made once a battle or a log)."""
        return Readings(**{name: getattr(self, name) for name in type(self).model_fields})


#: The seed's tables' readings, no optional rule beyond aiming G.
DEFAULT_OPTIONS = Options()
