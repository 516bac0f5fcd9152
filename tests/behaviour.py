"""The command line's behaviour on every shipped input, recorded and compared.

Every command the README names is run on every file of ``examples/`` and ``fixtures/`` (and on the folders
and multi-file forms it documents); stdout, stderr and the exit code of each run, and the cells of each
workbook written, make one JSON record, ``tests/data/behaviour.json``. ``tests/test_behaviour.py`` runs the
same commands and compares, so a change of layout inside the package cannot change what a user sees
unnoticed. Where a change is meant, record anew and let the diff of the record show it:

    python tests/behaviour.py --record
"""

from __future__ import annotations

import csv
import json
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "data" / "behaviour.json"
TMP = "<tmp>"


def _inputs() -> list[str]:
    return sorted(
        str(p.relative_to(ROOT)) for top in ("examples", "fixtures") for p in (ROOT / top).rglob("*") if p.is_file()
    )


def commands() -> Iterator[list[str]]:
    """Every recorded command line (``{tmp}`` stands for a fresh output folder)."""
    yield ["--version"]
    yield ["rules"]
    yield ["formation"]
    for path in _inputs():
        yield ["show", path]
        yield ["show", "--format", "json", path]
        yield ["show", "--no-notes", path]
        for output_format in ("text", "json", "sarif", "github"):
            yield ["check", "--format", output_format, path]
        yield ["check", "--statistics", path]
        yield ["convert", path, "--to", "mcs"]
        yield ["export", path, "--format", "json"]
    yield ["convert", "examples/coronation-t4.usd", "--to", "mcs", "--design", "civilian"]
    yield ["convert", "examples/coronation-t4.usd", "--to", "mcs", "--format", "json"]
    for edition in ("ffs1", "ffs2"):
        yield ["convert", "examples/ffs2/seed-examples.toml", "--to", "mcs", "--edition", edition]
        yield ["convert", "examples/ffs2/seed-examples.xlsx", "--to", "mcs", "--edition", edition]
    for folder in ("examples", "fixtures", "fixtures/mcs", "fixtures/highguard", "examples/fleet"):
        yield ["check", folder]
        yield ["check", "--format", "json", folder]
        yield ["check", "--statistics", folder]
        yield ["audit", folder]
        yield ["export", folder, "--format", "json"]
    yield ["check", "--select", "MCS", "--ignore", "MCS008", "--level", "warning", "fixtures/mcs"]
    yield ["check", "-j", "2", "fixtures"]
    yield ["check", "--scenario", "examples/fleet/scenario.toml", "examples/fleet"]
    yield ["check", "--scenario", "fixtures/tcs/fleets/small-budget.toml", "fixtures/tcs/fleets/no-tugs"]
    yield ["check", "--scenario", "fixtures/tcs/fleets/bad-fleet.toml", "examples/fleet"]
    yield ["audit", "--scenario", "examples/fleet/scenario.toml", "examples/fleet", "-o", "{tmp}/report.xlsx"]
    yield ["audit", "examples/fleet", "--damage", "fixtures/tcs/battle/damage-a.toml", "-o", "{tmp}/losses.xlsx"]
    yield [
        "audit",
        "fixtures/tcs/battle/fleet-a.toml",
        "--damage",
        "fixtures/tcs/battle/damage-a.toml",
        "--scenario",
        "fixtures/tcs/battle/rulings.toml",
        "-o",
        "{tmp}/battle.xlsx",
    ]
    yield ["export", "fixtures/mcs", "-o", "{tmp}/ships.xlsx"]
    yield ["export", "fixtures/mcs", "examples", "-o", "{tmp}/ships.csv"]
    yield ["export", "fixtures/highguard", "-o", "{tmp}/ships.json"]
    battle = [f"fixtures/tcs/battle/{name}.toml" for name in ("fleet-a", "damage-a", "fleet-b", "damage-b")]
    yield ["score", *battle]
    yield ["score", *battle, "--scenario", "fixtures/tcs/battle/rulings.toml"]
    yield ["score", *battle, "--scenario", "fixtures/tcs/battle/rulings.toml", "--format", "json"]
    yield ["score", *battle, "--scenario", "fixtures/tcs/battle/rulings.toml", "-o", "{tmp}/scores.xlsx"]
    yield ["formation", "fixtures/tcs/battle/turn-log.toml"]
    yield from (["explain", code] for code in explain_codes())


def explain_codes() -> list[str]:
    from shipyard.core.codes import catalogue
    from shipyard.core.registry import all_rules

    codes = list(all_rules()) + list(catalogue())
    codes += [
        "size-by-displacement",
        "APX",
        *(f"APX{n}" for n in range(1, 12)),
        "FORMATION-MOVES",
        "FORMATION-FIRE",
        "FORMATION-AGILITY",
        "FORMATION-MISSILES",
        "NOSUCH",
    ]
    return codes


def _workbook_cells(path: Path) -> dict[str, list[list[str]]]:
    from openpyxl import load_workbook

    book = load_workbook(path)
    sheets = {}
    for sheet in book.worksheets:
        sheets[sheet.title] = [
            [f"{cell.value!r}|{cell.number_format}" for cell in row if cell.value is not None]
            for row in sheet.iter_rows()
        ]
    return sheets


def _outputs(folder: Path) -> dict[str, object]:
    written: dict[str, object] = {}
    for path in sorted(folder.iterdir()):
        if path.suffix == ".xlsx":
            written[path.name] = _workbook_cells(path)
        elif path.suffix == ".csv":
            with path.open(newline="", encoding="utf-8") as stream:
                written[path.name] = list(csv.reader(stream))
        else:
            written[path.name] = path.read_text(encoding="utf-8")
    return written


def run(line: list[str]) -> dict[str, object]:
    """One command run in this process, as the installed ``shipyard`` script would run it."""
    from typer.testing import CliRunner

    from shipyard.cli import app

    with tempfile.TemporaryDirectory() as tmp:
        args = [part.replace("{tmp}", tmp) for part in line]
        result = CliRunner().invoke(app, args, env={"NO_COLOR": "1", "COLUMNS": "100"})
        outcome: dict[str, object] = {
            "exit": result.exit_code,
            "stdout": result.stdout.replace(tmp, TMP),
            "stderr": result.stderr.replace(tmp, TMP),
        }
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            outcome["exception"] = f"{type(result.exception).__name__}: {result.exception}"
        written = _outputs(Path(tmp))
        if written:
            outcome["files"] = written
    return outcome


def record_all() -> dict[str, dict[str, object]]:
    return {" ".join(line): run(line) for line in commands()}


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python tests/behaviour.py --record")
    os.chdir(ROOT)
    RECORD.write_text(json.dumps(record_all(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {RECORD.relative_to(ROOT)}")
