"""Fuel: the declared figure, and the tankage against what the drives need.

What: the sheet's ``Fuel`` is not jump fuel (0.1 x hull x J) plus power-plant fuel for 28 days (0.01 x hull
x Pn); with drop tanks, the ``Fuel`` and the tanks together fall short of what the laden ship needs: 0.1 x
laden tonnage x laden J plus 0.01 x laden tonnage x laden Pn, the laden ratings those its drives make on hull +
tanks (the printed laden USP's, else derived); or the component sheet carries less jump fuel than the jump
needs, or plant fuel that is not a whole number of 28-day periods. Whether the ship meets a scenario's jump
once its tanks are dropped is TCS109's question, not this rule's.
Why: a ship that cannot fuel its jump does not make it; plant fuel comes in 4-week measures.
Bad:  Fuel 1,500 declared (jump fuel only); 1500 + 200 = 1700
Good: Fuel 1,700: 1500 tons of jump fuel and 200 of plant fuel
Source: High Guard (p. 23, fuel; the Kinunir); High Guard Shipyard's design checks (Fuel).
"""

from __future__ import annotations

from collections.abc import Iterator

from shipyard.core.diagnostics import Diagnostic
from shipyard.core.numbers import agrees, figure, shown
from shipyard.core.rules import RuleContext
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.rules._common import meta
from shipyard.systems.highguard.subject import HighGuardSubject

META = meta("HG104", "fuel")


def check(subject: HighGuardSubject, ctx: RuleContext) -> Iterator[Diagnostic]:
    design, ship = subject.design, subject.ship
    dropped = design.drop_tanks
    jump, plant = design.fuel_jump_needed, design.laden_plant_fuel if dropped else design.fuel_plant_needed
    declared, span = subject.summary("Fuel")
    if declared is not None and jump is not None and plant is not None:
        if not dropped and not agrees(declared, jump + plant):
            yield ctx.report_at(
                f"Fuel {figure(declared)}, but jump fuel {shown(jump)} + power plant fuel "
                f"{shown(plant)} make {shown(jump + plant)}",
                span,
            )
        elif dropped and declared + dropped < jump + plant and not agrees(declared + dropped, jump + plant):
            laden, ratings = (design.hull or 0) + dropped, design.laden_ratings
            yield ctx.report_at(
                f"Fuel {figure(declared)} and {figure(dropped)} tons of drop tanks make "
                f"{figure(declared + dropped)}, short of what the laden ship ({figure(laden)} tons) needs: jump "
                f"fuel {shown(jump)} (jump-{ratings.get('jump')} laden) + power plant fuel {shown(plant)} "
                f"(Pn {ratings.get('power')} laden) = {shown(jump + plant)}",
                span,
            )
    if not ship.components:
        return
    tanks = {c.label.split(":")[0]: c for c in ship.components_in("FUEL")}
    j_fuel = next((c for label, c in tanks.items() if label.startswith("J-Fuel")), None)
    p_fuel = next((c for label, c in tanks.items() if label.startswith("P-Fuel")), None)
    if j_fuel is not None and jump is not None:
        carried = j_fuel.tons + design.drop_tanks
        if carried < jump:
            yield ctx.report(
                f"jump fuel {figure(carried)} tons is short of the {figure(jump)} tons the jump needs", j_fuel
            )
    plant = design.fuel_plant_needed  # the ship's own P-Fuel tank holds 28-day measures of its own plant
    if p_fuel is not None and plant:
        periods = p_fuel.tons / plant
        whole = max(1, int(periods.to_integral_value()))
        if not agrees(p_fuel.tons, plant * whole):
            days = hg.PLANT_FUEL_DAYS
            yield ctx.report(
                f"power plant fuel {figure(p_fuel.tons)} tons is {figure(round(periods * days, 1))} days; "
                f"it must be {days} days ({shown(plant)} tons) or a whole multiple",
                p_fuel,
            )
