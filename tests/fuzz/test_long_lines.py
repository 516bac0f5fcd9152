"""Long runs of every character class: read or refused, never a hang. A pattern that retried a long run at
each of its positions was quadratic (a 20 KB line of prose in a High Guard sheet took 5 s, a 1 MiB one over 15
minutes); the guard here is a hang guard, the speed itself is measured by benchmarks/bench_long_lines.py."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from longlines import BASES, CHUNKS, cases, hang_guard, read_any, with_long_line

import shipyard
from shipyard import api
from shipyard.core.source import MAX_LINE_CHARS, MAX_SHEET_BYTES

#: Far above the under-a-second the benchmark measures, far below the minutes a quadratic pattern took.
GUARD_SECONDS = 10

#: The longest line a file under the size limit can hold beside its base sheet.
LONG = MAX_SHEET_BYTES - 16 * 1024


@pytest.mark.parametrize(
    ("form", "chunk_name", "base", "after"), list(cases()), ids=[f"{form}-{name}" for form, name, _, _ in cases()]
)
def test_a_long_line_of_any_class_is_read_or_refused_without_a_hang(
    tmp_path: Path, form: str, chunk_name: str, base: Path, after: int
) -> None:
    path = tmp_path / f"long{base.suffix}"
    path.write_text(with_long_line(base, after, CHUNKS[chunk_name], LONG), encoding="utf-8")
    with hang_guard(GUARD_SECONDS):
        read_any(path, form)


def _module_patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for module in pkgutil.walk_packages(shipyard.__path__, "shipyard."):
        if module.name.startswith(("shipyard.cli", "shipyard.__main__")):
            continue
        for name, value in vars(importlib.import_module(module.name)).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                found.append((f"{module.name}.{name}", value))
    return found


PATTERNS = _module_patterns()


@pytest.mark.parametrize(("name", "pattern"), PATTERNS, ids=[name for name, _ in PATTERNS])
def test_every_pattern_searches_long_runs_without_a_hang(name: str, pattern: re.Pattern[str]) -> None:
    for chunk in CHUNKS.values():
        run = (chunk * (LONG // len(chunk) + 1))[:LONG]
        with hang_guard(GUARD_SECONDS):
            pattern.search(run)
            pattern.findall(run[: LONG // 4])


def test_the_patterns_are_found() -> None:
    """The walk above sees the sheets' own patterns (a walk that found none would test nothing)."""
    names = {name.rsplit(".", 1)[1] for name, _ in PATTERNS}
    assert {"PAIR_SHAPE", "_DROP_TANK_TONS", "LOOKS_RATED", "_TOML_TABLE", "USP_SHAPE"} <= names


def test_a_line_over_the_limit_is_refused_at_its_line_and_the_rest_is_read(tmp_path: Path) -> None:
    base, after = BASES["usd"]
    path = tmp_path / "long.usd"
    path.write_text(with_long_line(base, after, "word ", MAX_LINE_CHARS + 1), encoding="utf-8")
    sheet = api.check_file(path)
    refused = [d for d in sheet.diagnostics if d.code == "IO010"]
    assert [(d.span.line, d.severity.value) for d in refused] == [(after + 1, "error")]
    assert f"{MAX_LINE_CHARS + 1:,} characters" in refused[0].message
    clean = api.check_file(base)
    # Every line after the refused one keeps its number: the findings of the sheet itself move down by one.
    assert [(d.code, d.span.line) for d in sheet.diagnostics if d.code != "IO010"] == [
        (d.code, d.span.line + (d.span.line > after)) for d in clean.diagnostics
    ]
    assert sheet.ships[0].name == clean.ships[0].name


def test_a_line_at_the_limit_is_read(tmp_path: Path) -> None:
    base, after = BASES["highguard"]
    path = tmp_path / "long.txt"
    path.write_text(with_long_line(base, after, "word ", MAX_LINE_CHARS), encoding="utf-8")
    codes = {d.code for d in api.check_file(path).diagnostics}
    assert "IO010" not in codes and "HG002" in codes  # read, as the free text it is


def test_a_toml_line_is_never_refused(tmp_path: Path) -> None:
    """TOML's reader is linear: a long string value is read whole, never blanked (it may be a name)."""
    path = tmp_path / "long.toml"
    base, _ = BASES["ffs"]
    text = base.read_text(encoding="utf-8").replace('name = "', 'name = "' + "x" * (2 * MAX_LINE_CHARS), 1)
    path.write_text(text, encoding="utf-8")
    assert "IO010" not in {d.code for d in api.check_file(path).diagnostics}


@pytest.mark.parametrize("piece", ["ab=", "=", "x=3D=", "2xLaser Battery (+2) (14:9 1="], ids=repr)
def test_a_sheet_of_soft_broken_lines_reads_without_a_hang(tmp_path: Path, piece: str) -> None:
    """A megabyte of short lines each ending in a soft line break: read joined, up to MAX_LINE_CHARS a line
    (a chain of "=" lines joins them all into one line of one character), said once."""
    base, _ = BASES["usd"]
    path = tmp_path / "soft.usd"
    path.write_text(base.read_text() + f"{piece}\n" * (LONG // (len(piece) + 1)), encoding="utf-8")
    with hang_guard(GUARD_SECONDS):
        diagnostics, _ = read_any(path, "usd")
    assert [d.code for d in diagnostics].count("USD112") == 1
