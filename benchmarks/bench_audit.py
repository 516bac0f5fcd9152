"""Memory and speed of ``shipyard audit`` and ``shipyard export`` beside ``check`` (run by hand; results go in
docs/benchmarks.md).

    python benchmarks/bench_audit.py                      # N = 1,000, 10,000 and 50,000
    python benchmarks/bench_audit.py --n 1000 --n 10000
    python benchmarks/bench_audit.py --against /tmp/old/bin/python   # an earlier install, in the same rotation

Run it with the python of an environment where shipyard is installed (``pip install .``). For each N it writes
N sheets as benchmarks/bench_check.py does and measures, each in a fresh process: ``audit DIR -o report.xlsx``
on one core and on two, ``export DIR -o ships.xlsx`` on one core, and ``check DIR`` on one core: wall time and
peak memory (the largest process). Targets: the audit's peak at 10,000 sheets within 1.3x of its peak at 1,000,
on one core and on two (the pool's results wait for the parent writing the workbook: they must not pile up);
``audit -j 2`` faster than ``-j 1``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import generate, run  # the same sheets and the same measure as bench_check


def commands(python: str, folder: Path, out: Path) -> dict[str, list[str]]:
    shipyard = [python, "-m", "shipyard"]
    return {
        "audit -j1": [*shipyard, "audit", str(folder), "-j", "1", "-o", str(out / "report.xlsx")],
        "audit -j2": [*shipyard, "audit", str(folder), "-j", "2", "-o", str(out / "report2.xlsx")],
        "export": [*shipyard, "export", str(folder), "-o", str(out / "ships.xlsx")],
        "check -j1": [*shipyard, "check", str(folder), "-j", "1"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, action="append", help="sheets (repeatable; default 1,000 10,000 50,000)")
    parser.add_argument("--against", help="the python of another install, measured in the same rotation")
    args = parser.parse_args()
    pythons = {"this": sys.executable, **({"against": args.against} if args.against else {})}
    print("| N | install | command | seconds | sheets/s | peak MiB |")
    print("|---|---|---|---|---|---|")
    for n in args.n or [1000, 10000, 50000]:
        with tempfile.TemporaryDirectory() as scratch:
            folder, out = Path(scratch) / "sheets", Path(scratch) / "out"
            folder.mkdir()
            out.mkdir()
            generate(folder, n)
            for label, python in pythons.items():
                for name, command in commands(python, folder, out).items():
                    if name == "export" and label == "against":
                        continue  # the earlier export read without checking: not the same work
                    seconds, peak, _cpu = run(command)
                    print(f"| {n:,} | {label} | {name} | {seconds:.1f} | {n / seconds:,.0f} | {peak:.0f} |", flush=True)


if __name__ == "__main__":
    main()
