"""The readings and optional rules of MCS combat (a fire log's or an engagement's ``[options]``, docs/combat.md
"Readings"), and the kinds of weapon a hit is made by."""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from shipyard.core.toml_input import ClosedTable
from shipyard.systems.mcs.combat import tables as t

Weapon = Literal["laser", "paw", "meson", "missile"]


class Options(ClosedTable):
    """Readings and optional rules (a fire log's ``[options]``). The defaults follow the seed's tables where its
    text and examples differ."""

    model_config = ConfigDict(frozen=True)

    #: MCS 5.2: the table subtracts toughness, its text says "subtracting the target size"; the examples use
    #: toughness (2+18-15 against the Hollyfields, toughness 15, size 6).
    severity_against: Literal["toughness", "size"] = "toughness"
    #: MCS Optional 5.3: lasers roll 1d3 for severity.
    pc_survivability: bool = False
    #: MCS Optional 5.6: hits do DV - toughness criticals, armour all or nothing; ``quick_heavy_on_zero`` scores a
    #: Heavy hit when DV - toughness is 0.
    quick_combat: bool = False
    quick_heavy_on_zero: bool = False
    #: MCS 2.1 (optional): spinal ROF -1 with too little aiming G, ``no_aim_penalty`` with none.
    aiming: bool = True
    no_aim_penalty: int = t.AIMING_NONE_PENALTY
    #: MCS 2.1's "at least one-half of it's total current acceleration (round down)": "exact" half, in G with
    #: fractions (the seed's example: a 3 G ship "would need to allocate 1.5 Gs", a 1 G ship aims 0.5), or the
    #: half "rounded down" to whole G as the rule's words say.
    aiming_half: Literal["exact", "rounded down"] = "exact"
    #: MCS 4.5: "each point of power plant damage reduces maneuver by one or disables one weapon battery per two
    #: points": "maneuver" (the default) or "batteries".
    power_loss: Literal["maneuver", "batteries"] = "maneuver"
    #: MCS 4.5, Missile Magazine: "10% of full missile load destroyed" read as the share of the "ship"'s whole load
    #: (in whole salvos, rounded up), or of each "launcher"'s (rounded up: a salvo of each at least).
    magazine_loss: Literal["ship", "launcher"] = "ship"
    #: MCS 5.3: roll the surface location for a hit whose severity is no effect too (a weak spot at 18 then
    #: lowers the armour for its interior hit); by default a hit of no effect rolls none.
    location_on_no_effect: bool = False
    #: MCS 5.1: roll the meson screen operator's task (False: screens always at their rating).
    screen_task: bool = True
    #: MCS 5.1: what a "spectacular success" is on the 2d screen task: both dice 1 ("all-ones"), or never.
    spectacular: Literal["all-ones", "never"] = "all-ones"
    #: MCS 4.3: "quick" (laser missiles always hit, DV + salvo strength) or "long" (the missile chart).
    missile_rule: Literal["quick", "long"] = "quick"
    #: MCS 2.4.1: "ignore" sensors (the simplest rule), require a working "lidar", or the optional sensor "lock"
    #: (Optional 5.1).
    sensors: Literal["ignore", "lidar", "lock"] = "ignore"
    #: MCS Optional 5.2 (the weasel rule): every even-numbered weapon hit damages a battery the firing player
    #: chooses (a scripted pick; a seeded run picks at random still).
    weasel: bool = False


#: The seed's tables' readings, no optional rule beyond aiming G.
DEFAULT_OPTIONS = Options()

#: How power plant damage is felt (MCS 4.5), in the words a log says it with.
POWER_LOSS_WORDS = {
    "maneuver": "each point lost reduces maneuver by one",
    "batteries": "each two points lost disable a weapon battery",
}
