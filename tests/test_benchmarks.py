"""Every benchmark runs: each script of benchmarks/ on a few sheets or cases, as a smoke test (its figures are
measured by hand and written in docs/benchmarks.md; nothing here times anything)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

BENCHMARKS = ROOT / "benchmarks"

#: Each script, the arguments that make it small, and a piece of what it must print.
SMOKE = {
    "bench_check.py": (["--n", "5", "--repeat", "1"], "| 5 |"),
    "bench_audit.py": (["--n", "5"], "| 5 | this | audit -j1 |"),
    "bench_battle.py": (["--runs", "4"], "| Coronation v Hollyfields | 4 |"),
    "bench_search.py": (["--smoke"], "TCS:\n| executor |"),
    "bench_long_lines.py": (["--smoke"], "one line of"),
    "bench_start.py": (["--runs", "1"], "| --version |"),
    "bench_tcs_battle.py": (["--smoke"], "| 96 (1981 shape) v 20 Vigilants |"),
    "fuzz_long.py": (["--cases", "2"], "total          10 cases passed"),  # five tests, two cases each
}


def test_every_benchmark_has_a_smoke_run():
    assert sorted(SMOKE) == sorted(path.name for path in BENCHMARKS.glob("*.py"))


@pytest.mark.parametrize("script", sorted(SMOKE))
def test_the_benchmark_runs(script, tmp_path):
    arguments, shown = SMOKE[script]
    try:
        import shipyard.__main__  # noqa: F401  (the scripts run the installed command)
    except ImportError:  # pragma: no cover
        pytest.skip("shipyard is not installed beside this python")
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *arguments],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert shown in run.stdout
