"""Records refuse what they do not know, and read back what they write."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from shipyard.core.diagnostics import Span
from shipyard.core.sheet import SheetFile
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.mcs.model import MissileBattery, UsdShip


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


def test_a_span_built_on_a_line_is_a_validated_span():
    """The readers' quick span is what validating the same figures gives: equal, the same fields set, the same
    JSON, and frozen like it."""
    quick = Span.on_line("a.usd", 3, 5, 9)
    checked = Span(path="a.usd", line=3, col=5, end_line=3, end_col=9)
    assert quick == checked and hash(quick) == hash(checked)
    assert quick.model_fields_set == checked.model_fields_set
    assert quick.model_dump(mode="json") == checked.model_dump(mode="json") and str(quick) == "a.usd:3:5"
    assert quick.model_copy(update={"col": 6}).col == 6 and quick.col == 5
    other = Span.on_line("b.usd", 1, 1)
    moved = other.model_copy(update={"end_line": None})
    moved.model_fields_set.discard("end_col")  # what a copy does to its fields set is the copy's own
    assert other.model_fields_set == quick.model_fields_set == checked.model_fields_set
    with pytest.raises(ValidationError):
        quick.line = 4  # type: ignore[misc]


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
