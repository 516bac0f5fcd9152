"""Shared paths and helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"


@pytest.fixture(scope="session")
def fixtures() -> Path:
    return FIXTURES


#: ``shipyard ARGS`` run as ``python -m shipyard`` runs it, in a fresh interpreter, then ``{after}``: Python that
#: reports on the process (what it loaded, its collector), on standard error's last line.
_RUN_THEN = """
import gc, json, runpy, sys
sys.argv = ['shipyard', *sys.argv[1:]]
try:
    runpy.run_module('shipyard', run_name='__main__')
except SystemExit:
    pass
print({after}, file=sys.stderr)
"""


def run_then(args: list[str], after: str, env: dict[str, str] | None = None) -> tuple[str, str]:
    """Standard output of ``shipyard ARGS`` in a process of its own (with ``env``, else this one's environment),
    and the last line ``after`` printed there."""
    import subprocess
    import sys

    run = subprocess.run(
        [sys.executable, "-c", _RUN_THEN.format(after=after), *args], capture_output=True, text=True, cwd=ROOT, env=env
    )
    return run.stdout, run.stderr.splitlines()[-1]
