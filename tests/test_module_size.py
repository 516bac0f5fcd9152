"""No module of shipyard over 600 lines without the reason at its top: a long module says why it is one."""

from __future__ import annotations

from conftest import ROOT

#: The most lines a module holds without saying why at its top.
MOST_LINES = 600


def test_a_long_module_says_why_it_is_one():
    unexplained = []
    for path in sorted((ROOT / "shipyard").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > MOST_LINES and f"Over {MOST_LINES} lines:" not in text[:3000]:
            unexplained.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert unexplained == []
