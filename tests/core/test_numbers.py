"""Numbers as shipyard writes them, one home for each form."""

from __future__ import annotations

from decimal import Decimal

import pytest

from shipyard.core.numbers import as_written, figure, grouped, grouped_exact, json_number, money, nearest_key, plain


@pytest.mark.parametrize(
    "value, text", [(Decimal("87.50"), "87.5"), (Decimal("1.7E+3"), "1700"), (3, "3"), (Decimal("1336.63"), "1336.63")]
)
def test_figure(value, text):
    assert figure(value) == text


@pytest.mark.parametrize(
    "value, text", [(Decimal("587.500"), "587.500"), (Decimal("1.0E+3"), "1000"), (14.5, "14.5"), (7, "7")]
)
def test_as_written_keeps_the_sheet_precision(value, text):
    assert as_written(value) == text


@pytest.mark.parametrize(
    "value, text", [(Decimal(12045), "12,045"), (Decimal("4014.772"), "4,014.77"), (Decimal("0.5"), "0.5"), (None, "")]
)
def test_grouped_for_tables(value, text):
    assert grouped(value) == text


@pytest.mark.parametrize(
    "value, text", [(Decimal(33381), "33,381"), (Decimal("1336.630"), "1,336.63"), (90000, "90,000")]
)
def test_grouped_exact(value, text):
    assert grouped_exact(value) == text


@pytest.mark.parametrize(
    "value, text",
    [
        (Decimal("677192.01446"), "677,192.014"),  # to the thousandth: Cr 1,000
        (Decimal("846962.12"), "846,962.12"),
        (Decimal("1E+6"), "1,000,000"),
        (Decimal("100.000"), "100"),
        (Decimal("4014.772"), "4,014.772"),  # the table's cost cell, as the fleet line writes it
        (Decimal("-8690.3734"), "-8,690.373"),
        (Decimal("1E+30"), "1000000000000000000000000000000"),  # past rounding's reach: whole, never a traceback
        (Decimal("Infinity"), "Infinity"),
    ],
)
def test_money_is_the_audit_one_form_of_an_mcr_figure(value, text):
    assert money(value) == text


def test_json_numbers():
    assert json_number(Decimal("1700.0")) == 1700 and isinstance(json_number(Decimal("1700.0")), int)
    assert json_number(Decimal("87.5")) == 87.5
    assert plain(Decimal(3)) == 3 and plain("x") == "x" and plain(None) is None


@pytest.mark.parametrize("key, used", [(5, 8), (8, 8), (12, 12), (15, 15), (21, 15)])
def test_nearest_key_reads_a_table_end_past_it(key, used):
    table = dict.fromkeys(range(8, 16), "row")
    assert nearest_key(table, key) == used


def test_short_floats_read_back_and_never_take_an_exponent():
    from shipyard.core.numbers import short

    assert [short(x) for x in (14.0, 13.5, -0.5, 111115.5, 0.00001)] == ["14", "13.5", "-0.5", "111115.5", "0.00001"]
