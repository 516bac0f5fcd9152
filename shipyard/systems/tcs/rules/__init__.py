"""Family TCS: the Trillion Credit Squadron 1982 tournament checks (TCS82; TCS82).

TCS1xx look at one ship, TCS2xx at a fleet with its scenario. One module per rule; this list is the
family's registry.
"""

from shipyard.systems.tcs.rules import (
    budget,
    energy_shortfall,
    extra_weapons,
    hardpoints,
    jump_integral,
    jump_requirement,
    maneuver_integral,
    maneuver_limit,
    maneuver_requirement,
    missile_endurance,
    power_percentage,
    purification,
    robots,
    scenario_tl,
    staterooms,
    tug_tanks,
    tugs,
    turret_divisible,
)

MODULES = (
    turret_divisible,
    extra_weapons,
    hardpoints,
    robots,
    maneuver_integral,
    maneuver_requirement,
    power_percentage,
    jump_integral,
    jump_requirement,
    maneuver_limit,
    energy_shortfall,
    staterooms,
    purification,
    missile_endurance,
    scenario_tl,
    budget,
    tugs,
    tug_tanks,
)
