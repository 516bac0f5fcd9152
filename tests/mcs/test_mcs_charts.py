"""The MCS charts against the worked examples and checks of MCS section 6."""

from __future__ import annotations

from decimal import Decimal

import pytest

from shipyard.systems.mcs import charts as chart


@pytest.mark.parametrize(
    "value,code",
    [
        (0.5, None),
        (1, 0),
        (3, 2),
        (4, 2),
        (9.5, 4),
        (10, 5),
        (66, 10),
        (128.7, 11),
        (143, 12),
        (429, 14),
        (14300, 24),
        (20989, 24),
    ],
)
def test_usd_chart(value, code):
    found = chart.usd_code(value)
    assert (found.code if found else None) == code
    assert not (found and found.extrapolated)


def test_usd_chart_extrapolates_and_says_so():
    assert chart.usd_code(20990) == chart.ChartValue(25, extrapolated=True)
    assert chart.usd_code(31000).code == 26  # 3081 x 10 is code 26's lower bound
    assert chart.code_letter(17) == "H" and chart.code_letter(23) == "P"


def test_worked_example_150_mj_laser():
    """Seed: three TL-15 150 MJ lasers (damage 30 each, pen 300), FFS1/TNE scale x1.43."""
    damage, pen = 3 * 30 * 1.43, 300 * 1.43
    assert (chart.usd_code(pen).code, chart.usd_code(damage).code) == (14, 11)  # (+0) 14:11 at ROF 50
    assert chart.ROF_BY_PULSES[50] == 0 and chart.ROF_BY_PULSES[10] == -2
    assert chart.usd_code(damage).code + chart.ROF_BY_PULSES[10] == 9  # (-2) 14:9 at ROF 10


def test_worked_example_armour():
    assert chart.usd_code(100 * 1.43).code == 12  # 3000 dTons, armour 100 (FFS1 scale) -> 12


@pytest.mark.parametrize(
    "mass,code",
    [
        (30_000, 11),
        (33_381, 11),
        (1_200_000, 17),
        (171_182, 13),
        (5_064, 8),
        (931, 4),
        (218, 2),
        (2.1, -7),
        (2.5, -6),
        (4, -5),
        (9.5, -4),
        (10_000_000, 21),
    ],
)
def test_toughness(mass, code):
    assert chart.toughness_code(Decimal(str(mass))) == chart.ChartValue(code)


def test_toughness_top_row_ends_the_chart():
    """The seed's last row "1000000+ 21" (read 10 000 000+, the misprint) is open: 25 000 000 t and 10^9 t are 21,
    not extrapolated."""
    assert chart.toughness_code(Decimal(25_000_000)) == chart.ChartValue(21)
    assert chart.toughness_code(Decimal(10) ** 9) == chart.ChartValue(21)
    assert chart.toughness_code(Decimal(9_999_999)) == chart.ChartValue(20)


@pytest.mark.parametrize(
    "displacement,code",
    [
        (37, 2),
        (10, 0),
        (100, 2),
        (101, 3),
        (200, 3),
        (300, 3),
        (500, 4),
        (2000, 5),
        (3000, 5),
        (10_000, 6),
        (15_000, 7),
        (90_000, 8),
    ],
)
def test_size(displacement, code):
    assert chart.size_code(Decimal(displacement)) == chart.ChartValue(code)


def test_size_extrapolated():
    assert chart.size_code(Decimal(2_000_000)) == chart.ChartValue(11, extrapolated=True)


def test_point_defence_worked_example():
    """Seed: 4 PD lasers at 3200 pulses -> 2 + 6 = 8; with damage 2 -> 6."""
    pd = chart.banded(chart.PD_COUNT_PART, 4).code + chart.PD_ROF_PART[3200]
    assert pd == 8
    assert pd - (chart.PD_FULL_DAMAGE - 2) == 6
    assert chart.banded(chart.DAMPER_PD, 2).code == 2


def test_sandcaster_worked_examples():
    """Seed: size 5, five TL-12 casters -> -2:12; Coronation size 8 TL-12, ten -> -1:14."""
    armour_tl12 = chart.by_tl(chart.SANDCASTER_ARMOUR_BY_TL, 12)[1]
    assert (chart.sandcaster_screen(5, 5, 12), chart.usd_code(5 * armour_tl12).code) == (-2, 12)
    assert (chart.sandcaster_screen(10, 8, 12), chart.usd_code(10 * armour_tl12).code) == (-1, 14)
    assert chart.sandcaster_screen(7, 8, 13) == -1  # TL13 casters read the size-7 row
    assert chart.sandcaster_screen(1, 2, 12) == -1 and chart.sandcaster_screen(1, 1, 12) == -3


def test_missile_salvos():
    """Seed: Coronation TL-12, 4 per launcher -> +3; 4 launchers a battery (16) -> +5."""
    per_launcher = chart.MISSILES_PER_SALVO_BY_TL[12]
    assert chart.banded(chart.SALVO_RATING, per_launcher).code == 3
    assert chart.banded(chart.SALVO_RATING, 4 * per_launcher).code == 5
    assert chart.banded(chart.SALVO_RATING, 2).code == 2 and chart.banded(chart.SALVO_RATING, 64).code == 7
    assert chart.by_tl(chart.NUCLEAR_MISSILE_BY_TL, 15)[1:] == (19, 13, -6)
    assert chart.by_tl(chart.NUCLEAR_MISSILE_BY_TL, 14)[1:] == (18, 12, -6)


def test_t4_chart():
    assert [chart.t4_to_mcs(v).code for v in (0, 1, 5, 15, 27)] == [0, 8, 13, 19, 24]
    # Past 27, three values to a code as from 18 up: 27, 28, 29 -> 24 (Q); 30-32 -> 25; 33 -> 26.
    assert [chart.t4_to_mcs(v).code for v in (28, 29, 30, 32, 33)] == [24, 24, 25, 25, 26]
    assert chart.t4_to_mcs(-1) is None
    assert chart.t4_to_mcs(28).extrapolated


@pytest.mark.parametrize(
    "pulses, code, extrapolated",
    [
        (10, -2, False),
        (20, -1, False),
        (50, 0, False),
        (75, 0, False),
        (100, 1, False),
        (800, 4, False),
        (3200, 6, False),
        (6400, 7, False),
        (12800, 8, True),
        (5, -3, True),
    ],
)
def test_rof_bonus(pulses, code, extrapolated):
    assert chart.rof_bonus(pulses) == chart.ChartValue(code, extrapolated)


@pytest.mark.parametrize(
    "code, band",
    [
        (2, (30, 100)),
        (7, (10_000, 30_000)),
        (10, (300_000, 1_000_000)),
        (11, (1_000_000, 3_000_000)),
        (12, (3_000_000, 10_000_000)),
    ],
)
def test_size_band_matches_size_code(code, band):
    assert chart.size_band(code) == band
    assert chart.size_code(band[1]).code == code and chart.size_code(band[1] + 1).code == code + 1


def test_crew_quality_table():
    """MCS section 1.0, as printed: "Crew Quality Skill Skill+Attribute Green 1 7 Trained 2 9 Line 4 12 Crack 6 14
    Elite 8 17"."""
    assert chart.CREW_QUALITY == {
        "Green": (1, 7),
        "Trained": (2, 9),
        "Line": (4, 12),
        "Crack": (6, 14),
        "Elite": (8, 17),
    }


@pytest.mark.parametrize(
    "ships, bonus",
    [
        (1, 0),
        (2, 1),
        (3, 1),
        (4, 2),
        (7, 2),
        (8, 3),
        (16, 3),
        (17, 4),
        (31, 4),
        (32, 5),
        (63, 5),
        (64, 6),
        (127, 6),
        (128, 6),
        (255, 6),
        (256, 7),
        (512, 7),
        (513, 8),
        (1024, 8),
        (1025, 9),
    ],
)
def test_squadron_fire_rof(ships, bonus):
    """MCS section 3.0, "Number of ships ROF Bonus 1 0 2-3 1 4-7 2 8-16 3 17-31 4 32-63 5 64-127 6 256-512 7" (the
    seed prints no row for 128-255, read as 6; 512 is still 7, and each doubling past it +1)."""
    rof = chart.squadron_fire_rof(ships)
    assert rof.code == bonus
    assert rof.extrapolated == (ships > chart.SQUADRON_FIRE_TOP)
