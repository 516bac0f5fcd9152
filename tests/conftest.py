"""Shared paths and helpers for the tests."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from shipyard.report.png import find_chromium

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
#: Headless Chromium, where it is installed: the HTML reports are checked in it, and those checks skipped elsewhere.
CHROMIUM = find_chromium()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed here")


def chromium(*arguments: str) -> subprocess.CompletedProcess[str]:
    """Headless Chromium run with ``arguments`` (the page's URI last): ``chromium("--dump-dom", uri).stdout`` is
    the page's DOM after its scripts and layout."""
    return subprocess.run(
        [
            CHROMIUM or "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-pdf-header-footer",
            *arguments,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


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


def beside(folder: Path, sheet: Path) -> str:
    """A copy of ``sheet`` in ``folder``, by the name a file there names it: a file's sheets are read from its
    own folder only (shipyard/core/references.py), so a test's engagement, log or catalogue has its sheets beside
    it, as a user's would."""
    copy = folder / sheet.name
    if not copy.exists():
        copy.write_bytes(sheet.read_bytes())
    return sheet.name


def replay_written(target: Path) -> tuple[list[str], int, dict]:
    """The replay command a search wrote at the head of ``target`` (its "# Replay ...: shipyard ..." line), run in
    the file's folder with ``--format json``: the command's words, its exit code and its JSON."""
    import json
    import os

    from typer.testing import CliRunner

    from shipyard.cli import app

    line = next(line for line in target.read_text(encoding="utf-8").splitlines() if line.startswith("# Replay"))
    words = line.split(": shipyard ", 1)[1].split()
    previous = Path.cwd()
    os.chdir(target.parent)
    try:
        replay = CliRunner().invoke(app, [*words, "--format", "json", "-q"])
    finally:
        os.chdir(previous)
    return words, replay.exit_code, json.loads(replay.stdout) if replay.stdout.strip() else {}
