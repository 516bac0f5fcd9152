"""Records refuse what they do not know, and read back what they write."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import ValidationError

from shipyard.core.config import defaults
from shipyard.core.diagnostics import Span
from shipyard.core.sheet import SheetFile
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.mcs.model import MissileBattery, UsdShip
from shipyard.systems.tcs.scenario import default_scenario


def test_a_misspelled_field_is_refused_not_dropped():
    with pytest.raises(ValidationError, match="displacment"):
        UsdShip.model_validate({"class_name": "Kuvasz", "displacment": 500})


def test_computed_fields_written_to_json_are_dropped_on_reading():
    """A missile battery writes its salvos and missiles per salvo (computed from its details); reading its JSON
    back takes them as derived, not as unknown fields."""
    battery = MissileBattery(count=5, name="Missile Batteries", salvo_rating=4, pen=17, dam=11, size_evade=-6)
    data = battery.model_dump(mode="json")
    assert "salvos" in data and MissileBattery.from_data(data) == battery
    with pytest.raises(ValidationError, match="salvos"):
        MissileBattery.model_validate(data)  # validation itself knows no computed field: from_data drops them


def test_a_sheet_file_reads_its_ships_back_by_format():
    ships = [UsdShip(class_name="Kuvasz"), HighGuardShip(name="Vigilant")]
    sheet = SheetFile(path="two.txt", ships=ships)
    again = SheetFile.model_validate_json(sheet.model_dump_json())
    assert [type(s) for s in again.ships] == [UsdShip, HighGuardShip] and again == sheet


def test_computed_fields_are_dropped_inside_a_ship_too():
    """A USD ship writes its edition, and each battery its mounting (and a missile battery its salvos ...): a
    ship read back through from_data drops every one, whatever kind of battery holds it."""
    from conftest import ROOT

    from shipyard.core.pipeline import load_sheet

    (ship,) = load_sheet(ROOT / "fixtures" / "mcs" / "coronation.usd").ships
    data = ship.model_dump(mode="json")
    assert "edition" in data and any("salvos" in w for w in data["weapons"])
    assert UsdShip.from_data(data) == ship


def test_a_span_built_on_a_line_is_a_span_of_its_fields():
    """The readers' span on a line is the span of its five fields, its end on the same line; frozen; written to
    JSON as an object of its fields, and read back from one (a finding's, a record's), as a model was."""
    from shipyard.core.diagnostics import Diagnostic, Severity

    quick = Span.on_line("a.usd", 3, 5, 9)
    assert quick == Span(path="a.usd", line=3, col=5, end_line=3, end_col=9) and str(quick) == "a.usd:3:5"
    assert Span.on_line("b.usd", 1, 1) == Span("b.usd", 1, 1, 1, None)
    assert quick._replace(col=6).col == 6 and quick.col == 5
    with pytest.raises(AttributeError):
        quick.line = 4  # type: ignore[misc]
    finding = Diagnostic(code="X001", severity=Severity.ERROR, message="m", span=quick)
    written = finding.model_dump(mode="json")
    assert written["span"] == {"path": "a.usd", "line": 3, "col": 5, "end_line": 3, "end_col": 9}
    assert Diagnostic.model_validate_json(finding.model_dump_json()) == finding
    short = Diagnostic.model_validate({**written, "span": {"path": "a.usd", "line": "3", "col": 5}}).span
    assert type(short) is Span and short == Span("a.usd", 3, 5)  # lax, as a model's int fields were
    with pytest.raises(ValidationError, match="line"):
        Diagnostic.model_validate({**written, "span": {"path": "a.usd", "col": 5}})
    with pytest.raises(ValidationError, match="col"):
        Diagnostic.model_validate({**written, "span": {"path": "a.usd", "line": 3, "col": "five"}})


@pytest.mark.parametrize(("pen", "dam"), [(14, 9), (None, 9), (14, None), (None, None)])
def test_a_pen_dam_read_at_a_span_is_a_validated_pair(pen, dam):
    """The reader's unvalidated pair is what validating the same ints gives: equal, the same fields set, the
    same JSON, its span kept, and frozen."""
    from shipyard.systems.mcs.model import PenDam

    span = Span.on_line("a.usd", 4, 7, 11)
    quick, checked = PenDam.read_at(pen, dam, span), PenDam(pen=pen, dam=dam, spans={"self": span})
    assert quick == checked and hash(quick) == hash(checked) and quick.span() == span
    assert quick.model_fields_set == checked.model_fields_set
    assert quick.model_dump(mode="json") == checked.model_dump(mode="json") and quick.render() == checked.render()
    assert list(quick.__dict__) == list(checked.__dict__)  # the fields in their order
    assert quick.model_copy(update={"pen": 1}).pen == 1 and quick.pen == pen
    assert PenDam.read_at(1, 2, span).model_fields_set == checked.model_fields_set  # copies did not add to it
    with pytest.raises(ValidationError):
        quick.pen = 3  # type: ignore[misc]


def _exactly(made: Any, validated: Any) -> bool:
    """Equal, and of the same type at every depth (``Decimal(5) == 5``, and ``[1] == [1.0]``, are not enough)."""
    from decimal import Decimal

    from pydantic import BaseModel

    if type(made) is not type(validated):
        return False
    if isinstance(made, (list, tuple)):
        return len(made) == len(validated) and all(map(_exactly, made, validated))
    if isinstance(made, dict):
        return list(made) == list(validated) and all(_exactly(made[k], validated[k]) for k in made)
    if isinstance(made, BaseModel):
        return made.model_fields_set == validated.model_fields_set and _exactly(made.__dict__, validated.__dict__)
    if isinstance(made, Decimal):
        return str(made) == str(validated)  # Decimal("1.0") == Decimal("1"), written differently
    return made == validated


def _records(value: Any) -> Iterator[Any]:
    from shipyard.core.records import Record

    if isinstance(value, Record):
        yield value
        for name in type(value).model_fields:
            yield from _records(getattr(value, name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _records(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _records(item)


def _sample_sheets() -> list:
    from conftest import ROOT

    folders = [ROOT / "fixtures", ROOT / "examples"]
    return sorted(p for folder in folders for p in folder.rglob("*") if p.suffix in (".usd", ".txt", ".toml", ".xlsx"))


def test_every_record_the_readers_make_is_the_record_validation_makes():
    """The readers build their records without validation (``Record.trusted``), and the pipeline each file
    read (``SheetFile``): each of them for every sample sheet, and each record in them at every depth,
    is the one pydantic validates from the same fields, equal in value, in type (a Decimal stays a Decimal, a
    tuple a tuple), in field order and in the fields it says were set."""
    from shipyard.core.pipeline import load_sheet

    paths = _sample_sheets()
    sheets = [load_sheet(path) for path in paths]
    records = [record for sheet in sheets for ship in sheet.ships for record in _records(ship)]
    assert len(paths) >= 100 and len(records) >= 800  # the sample sheets and what they hold
    kinds = {type(record).__name__ for record in records}
    assert {
        "UsdShip",
        "HighGuardShip",
        "Component",
        "UspProfile",
        "BatteryCounts",
        "BeamBattery",
        "MissileBattery",
        "Detail",
        "Sensor",
        "Note",
    } <= kinds
    for made in [*sheets, *records]:
        given = {name: made.__dict__[name] for name in made.model_fields_set}
        validated = type(made).model_validate(given)
        assert _exactly(made, validated), (type(made).__name__, made)
        assert list(made.__dict__) == list(validated.__dict__)


def test_a_trusted_record_refuses_a_name_it_does_not_know_and_a_field_it_needs():
    """``trusted`` skips validation, not the record's shape: a misspelled name is refused, as validation refuses
    it, and so is a missing required field; what is not given takes its default, a fresh list each time."""
    from shipyard.systems.mcs.model import Detail, Jammer

    with pytest.raises(TypeError, match="displacment"):
        UsdShip.trusted(class_name="Kuvasz", displacment=500)
    with pytest.raises(TypeError, match="'number'"):
        Detail.trusted(text="turrets each")
    ship, other = UsdShip.trusted(class_name="Kuvasz"), UsdShip.trusted(class_name="Kuvasz")
    assert ship == UsdShip(class_name="Kuvasz") and ship.model_fields_set == {"class_name"}
    assert ship.weapons == [] and ship.weapons is not other.weapons and ship.tl is None
    assert Jammer.trusted(kind="ECM", rating=2.0) == Jammer(kind="ECM", rating=2.0)
    with pytest.raises(ValidationError):
        ship.tl = 12  # type: ignore[misc]  # frozen, as a validated ship is


def test_a_trusted_record_takes_a_fresh_copy_of_a_list_default_and_the_defaults_of_fields_not_given():
    """A default that is a list (no factory) is copied for each record made, as pydantic copies it; a field
    not given is not among the fields set, and a required one given is."""
    from shipyard.core.records import Record

    class Tally(Record):
        name: str
        marks: list[int] = [0]  # noqa: RUF012  # the case: a mutable default pydantic copies
        kind: str = "tally"

    one, two = Tally.trusted(name="a"), Tally.trusted(name="b", kind="other")
    assert one.marks == [0] and one.marks is not two.marks and one.marks is not Tally.model_fields["marks"].default
    assert one == Tally(name="a") and one.model_fields_set == Tally(name="a").model_fields_set == {"name"}
    assert two.kind == "other" and two.model_fields_set == {"name", "kind"}
    assert list(one.__dict__) == ["spans", "name", "marks", "kind"]


@pytest.mark.parametrize("made", [defaults, default_scenario], ids=["settings", "scenario"])
def test_the_defaults_made_without_validation_are_the_validated_defaults(made):
    """A check without a settings or scenario file takes these, made without building a validator."""
    unvalidated = made()
    validated = type(unvalidated)()
    assert unvalidated == validated and unvalidated.model_fields_set == validated.model_fields_set == set()
    assert unvalidated.model_dump() == validated.model_dump()
    assert [type(v) for v in vars(unvalidated).values()] == [type(v) for v in vars(validated).values()]
