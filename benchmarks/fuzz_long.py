"""The fuzz suite's long profile (run by hand; its last result goes in the README, "Bad input").

    python benchmarks/fuzz_long.py                 # 5,000 cases per test, 25,000 in all
    python benchmarks/fuzz_long.py --cases 1000 --seed 7

Runs tests/fuzz/test_fuzz.py with SHIPYARD_FUZZ=long: every format read (sheets, TOML inputs, workbooks, the play
formats, the search's catalogues and pools) and every command run on the fuzzed files, each case under the
contract (no traceback, no SY001/SY002, findings inside the file, strict JSON, render-parse equality, exit 0/1/2,
no raw control character in what is printed, a 10 s hang guard). Prints the cases run,
the failures, and the slowest case of each test; failing cases are saved to --dump. Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=5000, help="cases per test (five tests)")
    parser.add_argument("--seed", type=int, default=20261201, help="hypothesis seed")
    parser.add_argument("--dump", default=str(Path(tempfile.gettempdir()) / "shipyard-fuzz-failures"))
    args = parser.parse_args()
    log = Path(tempfile.mkstemp(prefix="shipyard-fuzz-", suffix=".tsv")[1])
    env = {
        **os.environ,
        "SHIPYARD_FUZZ": "long",
        "SHIPYARD_FUZZ_EXAMPLES": str(args.cases),
        "SHIPYARD_FUZZ_LOG": str(log),
        "SHIPYARD_FUZZ_DUMP": args.dump,
    }
    start = time.perf_counter()
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        f"--hypothesis-seed={args.seed}",
        str(ROOT / "tests" / "fuzz" / "test_fuzz.py"),
    ]
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    times: dict[str, list[float]] = defaultdict(list)
    for line in log.read_text(encoding="utf-8").splitlines():
        test, seconds = line.split("\t")
        times[test].append(float(seconds))
    log.unlink()
    print(f"seed {args.seed}, {args.cases:,} cases asked per test, {wall:.0f} s wall")
    for test, found in sorted(times.items()):
        mean = sum(found) / len(found)
        print(f"  {test:10} {len(found):6,} cases passed, slowest {max(found):.2f} s, mean {mean:.3f} s")
    print(f"  total      {sum(len(found) for found in times.values()):6,} cases passed")
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-500:]
    print(f"pytest: {summary}")
    if run.returncode != 0:
        print(run.stdout[-4000:])
        print(f"failing cases saved in {args.dump}")
    return 0 if run.returncode == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
