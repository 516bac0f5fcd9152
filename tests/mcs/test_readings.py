"""The engine's plain records and the validated tables they are made from: ``Readings`` from ``Options`` and
``Orders`` from ``Doctrine`` hold the same fields with the same defaults, and carry a side's choices across."""

from __future__ import annotations

from dataclasses import fields
from fractions import Fraction
from typing import get_args, get_type_hints

from shipyard.systems.mcs.combat.doctrine import Doctrine
from shipyard.systems.mcs.combat.options import DEFAULT_OPTIONS, Options
from shipyard.systems.mcs.combat.readings import DEFAULT_ORDERS, DEFAULT_READINGS, Orders, Readings


def _choices(annotation) -> set[str]:
    """The words a Literal field allows (nested in a union, as ``Doctrine.seek``'s): empty for any other."""
    found: set[str] = set()
    for arg in get_args(annotation):
        found |= {arg} if isinstance(arg, str) else _choices(arg)
    return found


def test_readings_and_options_have_one_field_list_and_one_set_of_defaults():
    assert [f.name for f in fields(Readings)] == list(Options.model_fields)
    assert DEFAULT_OPTIONS.readings() == DEFAULT_READINGS
    plain = get_type_hints(Readings)
    for name, field in Options.model_fields.items():
        assert _choices(field.annotation) == _choices(plain[name]), name


def test_orders_and_doctrine_have_one_field_list_and_one_set_of_defaults():
    assert [f.name for f in fields(Orders)] == list(Doctrine.model_fields)
    assert Doctrine().orders() == DEFAULT_ORDERS
    plain = get_type_hints(Orders)
    for name in ("target", "sand"):
        assert _choices(Doctrine.model_fields[name].annotation) == _choices(plain[name]), name


def test_a_sides_choices_reach_the_engine():
    options = Options(severity_against="size", magazine_loss="launcher", no_aim_penalty=-1)
    assert options.readings() == Readings(severity_against="size", magazine_loss="launcher", no_aim_penalty=-1)
    doctrine = Doctrine(maneuver="1.5", seek="Long", point_defence=["Laser Battery"], withdraw="1/2")
    orders = doctrine.orders()
    assert (orders.maneuver, orders.seek, orders.point_defence, orders.withdraw) == (
        Fraction(3, 2),
        "l",
        ("Laser Battery",),
        Fraction(1, 2),
    )
    assert Readings() != options.readings()


def test_the_records_pickle_as_they_are():
    """A battle's readings and orders go to worker processes pickled (``-j``, Dask), compiled or not."""
    import pickle

    readings = Options(sensors="lock", weasel=True).readings()
    orders = Doctrine(maneuver="1.5", point_defence=["Laser Battery"]).orders()
    assert pickle.loads(pickle.dumps(readings)) == readings
    assert pickle.loads(pickle.dumps(orders)) == orders
