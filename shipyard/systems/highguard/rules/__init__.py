"""Family HG: High Guard design legality and every declared figure against its recomputed value.

One module per rule; this list is the family's registry.
"""

from shipyard.systems.highguard.rules import (
    agility,
    armour_tl,
    battery_counts,
    cargo,
    computer,
    cost,
    digit_range,
    drive_tl,
    energy,
    fittings_tl,
    fuel,
    hull_tonnage,
    power_drives,
    scoops,
    small_craft,
    tonnage,
    usp_digits,
    weapon_legality,
)

MODULES = (
    usp_digits,
    battery_counts,
    energy,
    fuel,
    agility,
    cargo,
    tonnage,
    cost,
    power_drives,
    drive_tl,
    computer,
    armour_tl,
    scoops,
    weapon_legality,
    small_craft,
    fittings_tl,
    digit_range,
    hull_tonnage,
)
