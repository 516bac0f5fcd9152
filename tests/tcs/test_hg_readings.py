"""The readings of High Guard combat: one record, each field's choices named once (the default first), every one
documented in docs/tcs-combat.md's table with its default, and chosen by name with a message for a wrong one."""

from __future__ import annotations

import pickle
import re
from dataclasses import fields, replace

import pytest
from conftest import ROOT

from shipyard.systems.tcs.combat.readings import CHOICES, DEFAULT_READINGS, ReadingError, Readings, with_readings

DOC = (ROOT / "docs" / "tcs-combat.md").read_text(encoding="utf-8")


def test_each_reading_has_its_choices_and_the_default_first():
    named = [f.name for f in fields(Readings) if f.name != "rerolls"]
    assert named == list(CHOICES)
    for f in fields(Readings):
        if f.name in CHOICES:
            values = [value for value, _ in CHOICES[f.name]]
            assert f.default == values[0] and len(values) == len(set(values)) >= 2, f.name


def test_the_docs_table_names_every_reading_with_its_default():
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| `(\w+)`", DOC, re.M)}
    assert {name: value for name, value in rows.items() if name in CHOICES} == {
        f.name: f.default for f in fields(Readings) if f.name in CHOICES
    }


def test_choosing_readings_by_name():
    chosen = with_readings(["beam_sand_base=8", "size_dm = pl"])
    assert (chosen.beam_sand_base, chosen.size_dm) == ("8", "pl")
    assert chosen.changed() == {"beam_sand_base": "8", "size_dm": "pl"}
    assert DEFAULT_READINGS.changed() == {} and replace(DEFAULT_READINGS, rerolls=True).changed() == {}
    with pytest.raises(ReadingError, match=r"no reading 'size' \(did you mean 'size_dm'\?\)"):
        with_readings(["size=pl"])
    with pytest.raises(ReadingError, match="size_dm takes rb or pl, not 'ql'"):
        with_readings(["size_dm=ql"])
    with pytest.raises(ReadingError, match="size_dm takes rb or pl"):
        with_readings(["size_dm"])


def test_readings_pickle_to_worker_processes():
    chosen = replace(with_readings(["natural_12=flat"]), rerolls=True)
    assert pickle.loads(pickle.dumps(chosen)) == chosen
