"""The engine's plain records and the validated tables they are made from: ``Readings`` from ``Options`` and
``Orders`` from ``Doctrine`` hold the same fields with the same defaults, and carry a side's choices across."""

from __future__ import annotations

import ast
from dataclasses import fields
from fractions import Fraction
from pathlib import Path
from typing import get_args

from shipyard.systems.mcs.combat import readings
from shipyard.systems.mcs.combat.doctrine import Doctrine
from shipyard.systems.mcs.combat.options import DEFAULT_OPTIONS, Options
from shipyard.systems.mcs.combat.readings import DEFAULT_ORDERS, DEFAULT_READINGS, Orders, Readings


def _choices(annotation) -> set[str]:
    """The words a Literal field allows (nested in a union, as ``Doctrine.seek``'s): empty for any other."""
    found: set[str] = set()
    for arg in get_args(annotation):
        found |= {arg} if isinstance(arg, str) else _choices(arg)
    return found


#: The plain records' source, in the checkout (a compiled install keeps none beside its library).
SOURCE = Path(__file__).resolve().parents[2] / "shipyard" / "systems" / "mcs" / "combat" / "readings.py"


def _plain_choices(record: type) -> dict[str, set[str]]:
    """Each field's choices in a plain record, read from readings.py's source: compiled, a class keeps no
    annotation that names its Literal (its fields are native)."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    body = next(node.body for node in tree.body if isinstance(node, ast.ClassDef) and node.name == record.__name__)
    return {
        node.target.id: _choices(getattr(readings, node.annotation.id, None))
        for node in body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and isinstance(node.annotation, ast.Name)
    }


def test_readings_and_options_have_one_field_list_and_one_set_of_defaults():
    assert [f.name for f in fields(Readings)] == list(Options.model_fields)
    assert DEFAULT_OPTIONS.readings() == DEFAULT_READINGS
    plain = _plain_choices(Readings)
    assert plain["sensors"] == {"ignore", "lidar", "lock"}  # the reading of the source finds them
    for name, field in Options.model_fields.items():
        assert _choices(field.annotation) == plain.get(name, set()), name


def test_orders_and_doctrine_have_one_field_list_and_one_set_of_defaults():
    assert [f.name for f in fields(Orders)] == list(Doctrine.model_fields)
    assert Doctrine().orders() == DEFAULT_ORDERS
    plain = _plain_choices(Orders)
    for name in ("target", "sand"):
        assert _choices(Doctrine.model_fields[name].annotation) == plain[name], name


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
