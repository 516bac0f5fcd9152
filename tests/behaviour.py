"""The command line's behaviour on every shipped input, recorded and compared.

Every command the README names is run on every file of ``examples/`` and ``fixtures/`` (and on the folders
and multi-file forms it documents); stdout, stderr and the exit code of each run, and the cells of each
workbook written, make one JSON record, ``tests/data/behaviour.json``. ``tests/test_behaviour.py`` runs the
same commands and compares, so a change of layout inside the package cannot change what a user sees
unnoticed. Where a change is meant, record anew and let the diff of the record show it:

    python tests/behaviour.py --record

A new rule, code or input adds commands (its ``explain``, the new file's runs): ``--add-new`` runs those alone
and keeps every other entry as recorded; ``--add-new rules`` also runs ``rules`` anew, which lists a new rule.
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


def record_new(again: tuple[str, ...] = ()) -> tuple[dict[str, dict[str, object]], list[str], list[str]]:
    """The record with the commands it lacks run and added (a new rule's or code's ``explain``, a new fixture's
    runs), the commands that start with one of ``again`` run anew (``rules``, which lists a new rule), and those
    no longer run dropped; every other entry kept as it was recorded, so a changed output still fails its test.
    The record, and the commands added or run anew, and dropped."""
    kept = {k: v for k, v in json.loads(RECORD.read_text(encoding="utf-8")).items() if not k.startswith(again)}
    lines = {" ".join(line): line for line in commands()}
    added = sorted(set(lines) - set(kept))
    dropped = sorted(set(kept) - set(lines))
    record = {key: kept[key] if key in kept else run(line) for key, line in lines.items()}
    return record, added, dropped


USAGE = """usage: python tests/behaviour.py --record | --add-new [COMMAND ...]
  --record   run every command and record anew (a meant change of output: read the record's diff)
  --add-new  run and record only the commands the record lacks, and those that start with a COMMAND given
             ("rules"); drop those no longer run (a new rule, code or input); every other entry is kept"""

if __name__ == "__main__":
    if sys.argv[1:] != ["--record"] and sys.argv[1:2] != ["--add-new"]:
        sys.exit(USAGE)
    os.chdir(ROOT)
    if sys.argv[1] == "--record":
        record = record_all()
    else:
        record, added, dropped = record_new(tuple(sys.argv[2:]))
        print("\n".join([*(f"added: {key}" for key in added), *(f"dropped: {key}" for key in dropped)]))
    RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"recorded {RECORD.relative_to(ROOT)}")
