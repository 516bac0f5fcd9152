"""Family MCS: checks on MCS USD sheets against the rating charts of MCS section 6.

One module per rule; this list is the family's registry (adding a rule: CONTRIBUTING.md).
"""

from shipyard.systems.mcs.rules import (
    armour,
    damage_by_range,
    meson_screen,
    missile_by_tl,
    pen_dam_pair,
    point_defence,
    salvo_rating,
    sandcaster,
    size,
    toughness,
)

MODULES = (
    size,
    toughness,
    armour,
    meson_screen,
    salvo_rating,
    missile_by_tl,
    sandcaster,
    point_defence,
    damage_by_range,
    pen_dam_pair,
)
