"""Every test module's file name is unique across the test folders: they hold no ``__init__.py`` (pytest imports
each by its base name), so two of one name stop the whole run at collection."""

from __future__ import annotations

from collections import Counter

from conftest import ROOT


def test_each_test_module_name_is_unique():
    names = Counter(path.name for path in (ROOT / "tests").rglob("*.py") if path.parent.name != "toyfleet")
    names.pop("__init__.py", None)
    assert [name for name, seen in names.items() if seen > 1] == []
