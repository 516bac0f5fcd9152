"""The command line behaves as recorded in tests/data/behaviour.json (see tests/behaviour.py): the same stdout,
stderr, exit code and written files for every command the README names, on every shipped input."""

from __future__ import annotations

import json

import pytest
from behaviour import RECORD, ROOT, commands, run

RECORDED = json.loads(RECORD.read_text(encoding="utf-8"))
LINES = list(commands())


def test_every_recorded_command_is_still_run():
    assert sorted(" ".join(line) for line in LINES) == sorted(RECORDED)


@pytest.mark.parametrize("line", LINES, ids=" ".join)
def test_command_behaves_as_recorded(line, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert run(line) == RECORDED[" ".join(line)]
