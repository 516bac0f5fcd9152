"""Rules as data: every constant of a system's charts is read by shipyard's code or checked by a test, so no
table cell sits in the package unused and unverified."""

from __future__ import annotations

import ast
import re
from collections import Counter

import pytest
from conftest import ROOT

SOURCES = {
    path: path.read_text(encoding="utf-8") for top in ("shipyard", "tests") for path in (ROOT / top).rglob("*.py")
}
CHARTS = sorted((ROOT / "shipyard" / "systems").glob("*/charts.py")) + sorted(
    (ROOT / "shipyard" / "systems").glob("*/combat/tables.py")
)


def _constants(path):
    for node in ast.parse(SOURCES[path]).body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and re.fullmatch(r"[A-Z][A-Z0-9_]*", name.id):
                    yield name.id


CONSTANTS = [(path, name) for path in CHARTS for name in _constants(path)]
#: Every word of the sources, counted once: a constant's uses are the words equal to its name (what a search
#: for the name between word boundaries finds, without searching every file for every constant).
WORDS = Counter(word for text in SOURCES.values() for word in re.findall(r"\w+", text))


def test_there_are_charts():
    assert len(CHARTS) >= 3 and len(CONSTANTS) > 100


@pytest.mark.parametrize("path, name", CONSTANTS, ids=lambda v: v if isinstance(v, str) else v.parent.name)
def test_every_chart_constant_is_read(path, name):
    uses = WORDS[name] - 1  # less its definition
    assert uses > 0, f"{name} in {path.relative_to(ROOT)} is read by nothing"
