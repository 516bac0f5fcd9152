"""The High Guard tables that the engine does not need to recompute a sheet (it reads tonnage, cost and EP from the
component lines) reproduce the lines of the legal Vigilant (fixtures/highguard/vigilant-legal.txt) worked by hand:
a 5000-ton TL-12 cruiser, 3 G, jump-3, Pn 4, armour factor 4, one nuclear damper and one meson screen of factor 1,
60 staterooms, 20 low berths. Each figure below is the sheet's, and the arithmetic is in the test's docstring."""

from __future__ import annotations

from decimal import Decimal

from shipyard.systems.highguard import charts as hg

HULL = Decimal(5000)


def test_drives_and_plant():
    """M-drive 3 G: (3 x 3 - 1)% = 8% of 5000 = 400 t, x MCr 0.5 a ton = MCr 200. J-drive 3: (3 + 1)% = 200 t,
    x MCr 4 = MCr 800. Plant Pn 4 at TL12 (3 t per EP): EP 0.01 x 5000 x 4 = 200, 600 t, x MCr 3 = MCr 1,800."""
    assert HULL * hg.MANEUVER_PERCENT[3] / 100 == 400 and 400 * hg.MANEUVER_MCR_PER_TON[3] == 200
    assert HULL * hg.JUMP_PERCENT[3] / 100 == 200 and 200 * hg.JUMP_MCR_PER_TON == 800
    ep = hg.EP_PER_PN_PER_TON * HULL * 4
    assert ep == 200 and ep * hg.power_rate(12) == 600 and 600 * hg.POWER_MCR_PER_TON == 1800


def test_drive_potentials_invert_the_tables():
    """Every whole rating's drive percentage gives that rating back: 8% -> 3 G, 4% -> J3; and a plant of 12% at
    TL12 (3 t per EP) is Pn 4. A drive between ratings keeps its exact fraction: 9% -> 10/3 G."""
    for g, percent in hg.MANEUVER_PERCENT.items():
        assert hg.drive_potential("maneuver", Decimal(percent), None) == g
    for j, percent in hg.JUMP_PERCENT.items():
        assert hg.drive_potential("jump", Decimal(percent), None) == j
    assert hg.drive_potential("power", Decimal(12), 12) == 4
    assert hg.drive_potential("power", Decimal(12), None) is None
    assert hg.drive_potential("maneuver", Decimal(9), None) == Decimal(10) / 3


def test_fuel_scoops_and_bridge():
    """Plant fuel 0.01 x 5000 x Pn 4 = 200 t, the P-Fuel line, for the 28 days of High Guard's four weeks.
    Scoops MCr 0.001 x 5000 = MCr 5. Bridge 2% of 5000 = 100 t, MCr 0.005 x 5000 = MCr 25."""
    assert hg.PLANT_FUEL_PER_PN * HULL * 4 == 200 and hg.PLANT_FUEL_DAYS == 28
    assert hg.SCOOPS_MCR_PER_HULL_TON * HULL == 5
    assert hg.BRIDGE_SHARE * HULL == 100 and hg.BRIDGE_MCR_PER_HULL_TON * HULL == 25


def test_armour():
    """Armour factor 4 at TL12 takes (2 + 2 x 4)% = 10% of 5000 = 500 t, and costs 500 x MCr (0.3 + 0.1 x 4) =
    MCr 350, the Armour Factor-4 line."""
    lowest, base, per_factor = next(row for row in hg.ARMOUR_PERCENT if row[0] <= 12)
    assert (lowest, base, per_factor) == (12, 2, 2)
    tons = HULL * (base + per_factor * 4) / 100
    fixed, per = hg.ARMOUR_MCR
    assert tons == 500 and tons * (fixed + per * 4) == 350


def test_screens_draw_their_ep():
    """Nuclear damper factor 1: 10 x 1 = 10 EP. Meson screen factor 1: 0.2 x 1 x 5000 / 100 = 10 EP: the -10.000
    EP of both screen lines."""
    assert hg.DAMPER_EP_PER_FACTOR * 1 == 10
    assert hg.MESON_SCREEN_EP_PER_FACTOR_PER_100_TONS * 1 * HULL / 100 == 10


def test_accommodation():
    """60 staterooms x 4 t = 240 t, x MCr 0.5 = MCr 30; 20 low berths x 0.5 t = 10 t, x MCr 0.05 = MCr 1: the two
    lines. The other berths by the same table: small-craft stateroom 2 t / MCr 0.05, emergency low berth 1 t /
    MCr 0.1, acceleration couch 0.5 t / MCr 0.025."""
    tons, mcr = hg.STATEROOM
    assert (60 * tons, 60 * mcr) == (240, 30)
    tons, mcr = hg.LOW_BERTH
    assert (20 * tons, 20 * mcr) == (10, 1)
    berths = (hg.SMALL_STATEROOM, hg.EMERGENCY_LOW_BERTH, hg.COUCH)
    assert berths == ((2, Decimal("0.05")), (1, Decimal("0.1")), (Decimal("0.5"), Decimal("0.025")))


def test_drop_tanks_and_turret_tonnage():
    """A 1000-ton drop tank: fittings MCr 0.01 + 0.001 x 1000 = MCr 1.01; the tank MCr 0.001 x 1000 = MCr 1. The
    Vigilant's 30 laser and 10 sand turrets are 1 t each (30.000 and 10.000 Td); an energy turret is 2 t, a
    particle accelerator turret 3 t at TL15 and a 5-ton barbette at TL14."""
    fixed, per_ton = hg.DROP_TANK_FITTINGS
    assert fixed + per_ton * 1000 == Decimal("1.01") and hg.DROP_TANK_MCR_PER_TON * 1000 == 1
    assert 30 * hg.TURRET_TONS["default"] == 30 and 10 * hg.TURRET_TONS["default"] == 10
    assert hg.TURRET_TONS["energy"] == 2 and hg.TURRET_TONS["particle accelerator"] == {15: 3, 14: 5}
