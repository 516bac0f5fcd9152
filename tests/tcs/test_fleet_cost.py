"""A fleet priced as TCS prices it: High Guard's quantity rule for each design, and the drop tanks."""

from __future__ import annotations

from decimal import Decimal

from conftest import FIXTURES

from shipyard.core.diagnostics import Span
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.tcs.fleet import fleet_cost
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.tcs.subject import FleetMember, FleetSubject


def _fleet(members: list[tuple[str, int, Decimal]], scenario: Scenario = Scenario()) -> FleetSubject:
    built = []
    for path, count, extra in members:
        (ship,), _ = parse_highguard((FIXTURES / path).read_text(), path)
        built.append(FleetMember(ship, recompute(ship), count, "tug" if extra else "warship", extra, path))
    return FleetSubject("test", "fleet.toml", built, scenario, Span(path="fleet.toml", line=1, col=1))


def test_several_designs_in_quantity():
    """10 Vigilants (MCr 4,014.772, no craft): the first 4,014.772 + 1% fee 40.14772 = 4,054.91972, nine more at
    80% = 3,211.8176 each, 28,906.3584: 32,961.27812. 5 drop-tank Vigilants (MCr 4,015.782, tanks MCr 1.000 each):
    4,055.93982 + 4 x 3,212.6256 = 16,906.44222, tanks 5 x 1 = 5. Total 49,872.72034 (ships 49,867.72034)."""
    cost = fleet_cost(_fleet([("highguard/vigilant-legal.txt", 10, Decimal(0)),
                              ("tcs/fleets/no-tugs/vigilant-drop-tanks.txt", 5, Decimal(0))]))
    plain, tanked = cost.designs
    assert (plain.first, plain.further, plain.ships, plain.tanks) == (
        Decimal("4054.91972"), Decimal("3211.8176"), Decimal("32961.27812"), 0)
    assert (tanked.first, tanked.ships, tanked.tanks) == (Decimal("4055.93982"), Decimal("16906.44222"), 5)
    assert (cost.ships, cost.tanks, cost.total, cost.count) == (
        Decimal("49867.72034"), 5, Decimal("49872.72034"), 15)


def test_drop_tanks_in_quantity_is_a_named_option():
    """With drop_tanks_in_quantity the tanks of the 5 drop-tank Vigilants cost 1 + 4 x 0.8 = 4.2, not 5."""
    fleet = _fleet([("tcs/fleets/no-tugs/vigilant-drop-tanks.txt", 5, Decimal(0))],
                   Scenario(drop_tanks_in_quantity=True))
    assert fleet_cost(fleet).tanks == Decimal("4.2")


def test_a_tugs_extra_tanks_are_priced():
    """A tug carrying 1000 tons of extra drop tanks pays MCr 0.001 a ton for them: MCr 1."""
    fleet = _fleet([("highguard/vigilant-legal.txt", 1, Decimal(1000))])
    assert fleet_cost(fleet).tanks == 1
