"""What a ruff or yamllint user expects of ``shipyard check``: settings patterns anchored at the settings file,
per-file ignores, ``--force-exclude`` and the pre-commit hook, a sheet on standard input, ``--quiet``,
``--statistics`` in JSON, ``rules --format json``, the source line on request, and a progress bar that shares
the terminal with the findings."""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.source import MAX_SHEET_BYTES

runner = CliRunner()
KUVASZ = (ROOT / "examples" / "kuvasz.usd").read_text()
# The Kuvasz sheet gives two warnings (MCS002 at 2:43, MCS007 at 14:1); a Size of 9 on it is an MCS001 error.
BROKEN = KUVASZ.replace("Size: 4", "Size: 9", 1)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A fleet repository: settings, a pyproject of another tool, a scenario, sheets, drafts and legacy sheets."""
    root = tmp_path / "repo"
    for folder in ("ships", "drafts", "legacy", "ships/drafts-old"):
        (root / folder).mkdir(parents=True)
    (root / "shipyard.toml").write_text(
        'exclude = ["drafts/", "/ships/drafts-old/"]\n\n[per-file-ignores]\n"legacy/*.usd" = ["MCS002"]\n'
    )
    (root / "pyproject.toml").write_text('[project]\nname = "fleet"\n')
    (root / "scenario.toml").write_text('[scenario]\nname = "Test"\nbudget_mcr = 1000000\n')
    (root / "ships" / "kuvasz.usd").write_text(KUVASZ)
    (root / "legacy" / "kuvasz.usd").write_text(KUVASZ)
    (root / "drafts" / "broken.usd").write_text(BROKEN)
    (root / "ships" / "drafts-old" / "broken.usd").write_text(BROKEN)
    return root


def _codes(output: str) -> list[tuple[str, str]]:
    """(file name relative to its repo, code) of each finding line."""
    found = re.findall(r"^(\S+?):\d+:\d+: \w+: ([A-Z]+\d+)", output, re.MULTILINE)
    return sorted((re.sub(r"^(\.\.?/)+", "", path.split("repo/")[-1]), code) for path, code in found)


# --- exclude and per-file-ignores, anchored at the settings file ---------------------------------------------


def test_exclude_patterns_are_anchored_at_the_settings_file_whatever_the_working_folder(repo, monkeypatch) -> None:
    elsewhere = repo.parent / "elsewhere"
    elsewhere.mkdir()
    for cwd, target in ((elsewhere, "../repo"), (repo, "."), (repo / "ships", "..")):
        monkeypatch.chdir(cwd)
        result = runner.invoke(app, ["check", target, "-j1", "--level", "warning"])
        files = {path for path, _ in _codes(result.stdout)}
        assert files == {"ships/kuvasz.usd", "legacy/kuvasz.usd"}, (cwd, result.stdout)
        assert result.exit_code == 0  # the broken drafts, the only errors, are excluded


def test_an_anchored_pattern_matches_at_its_own_level_only(repo) -> None:
    """``/ships/drafts-old/`` is anchored: a ``drafts-old`` folder elsewhere is checked."""
    (repo / "legacy" / "drafts-old").mkdir()
    (repo / "legacy" / "drafts-old" / "broken.usd").write_text(BROKEN)
    result = runner.invoke(app, ["check", str(repo), "-j1"])
    assert ("legacy/drafts-old/broken.usd", "MCS001") in _codes(result.stdout)
    assert not any(path.startswith("ships/drafts-old") for path, _ in _codes(result.stdout))
    assert result.exit_code == 1


def test_per_file_ignores_drop_codes_in_matching_files_only(repo) -> None:
    codes = _codes(runner.invoke(app, ["check", str(repo), "-j1"]).stdout)
    assert ("ships/kuvasz.usd", "MCS002") in codes
    assert ("legacy/kuvasz.usd", "MCS002") not in codes
    assert ("legacy/kuvasz.usd", "MCS007") in codes  # only the codes named are dropped


def test_an_unknown_prefix_in_per_file_ignores_is_a_settings_error(repo) -> None:
    (repo / "shipyard.toml").write_text('[per-file-ignores]\n"legacy/*.usd" = ["MSC002"]\n')
    result = runner.invoke(app, ["check", str(repo)])
    assert result.exit_code == 2
    assert "CFG002" in result.output and "did you mean 'MCS002'?" in result.output


# --- --force-exclude and the pre-commit hook ------------------------------------------------------------------


def _named(repo: Path) -> list[str]:
    return [
        str(repo / name)
        for name in ("pyproject.toml", "scenario.toml", "shipyard.toml", "drafts/broken.usd", "ships/kuvasz.usd")
    ]


def test_named_settings_and_scenario_files_are_refused_without_force_exclude(repo) -> None:
    result = runner.invoke(app, ["check", *_named(repo)])
    assert {"IO007", "IO008", "MCS001"} <= {code for _, code in _codes(result.stdout)}
    assert result.exit_code == 2


def test_force_exclude_skips_settings_and_applies_exclude_to_named_files(repo) -> None:
    result = runner.invoke(app, ["check", "--force-exclude", "--level", "warning", *_named(repo)])
    assert _codes(result.stdout) == [("ships/kuvasz.usd", "MCS002"), ("ships/kuvasz.usd", "MCS007")]
    assert result.exit_code == 0


def _hook() -> dict[str, str]:
    """The one hook of .pre-commit-hooks.yaml, its flat ``key: value`` lines (no YAML library needed)."""
    lines = (ROOT / ".pre-commit-hooks.yaml").read_text().splitlines()
    entries = [line.lstrip("- ").split(": ", 1) for line in lines if re.match(r"^(- |  )\w+: ", line)]
    return {key.strip(): value.strip() for key, value in entries}


def test_the_pre_commit_hook_runs_check_over_the_files_pre_commit_passes(repo, monkeypatch) -> None:
    """pre-commit passes every file of the repository its ``files`` pattern matches (re.search on the path
    relative to the root), after the hook's ``entry``."""
    hook = _hook()
    assert hook["id"] == "shipyard-check" and hook["language"] == "python"
    monkeypatch.chdir(repo)
    files = sorted(str(p.relative_to(repo)) for p in repo.rglob("*") if p.is_file())
    passed = [name for name in files if re.search(hook["files"], name)]
    assert {"pyproject.toml", "scenario.toml", "shipyard.toml", "drafts/broken.usd"} <= set(passed)
    program, command, *options = shlex.split(hook["entry"])
    assert (program, command) == ("shipyard", "check")
    result = runner.invoke(app, [command, *options, "--level", "warning", *passed])
    assert _codes(result.stdout) == [
        ("legacy/kuvasz.usd", "MCS007"),
        ("ships/kuvasz.usd", "MCS002"),
        ("ships/kuvasz.usd", "MCS007"),
    ]
    assert result.exit_code == 0


# --- standard input -------------------------------------------------------------------------------------------


def test_a_sheet_on_standard_input_is_checked_as_stdin() -> None:
    result = runner.invoke(app, ["check", "-"], input=BROKEN)
    assert re.search(r"^<stdin>:2:\d+: error: MCS001 ", result.stdout, re.MULTILINE)
    assert result.exit_code == 1


def test_stdin_filename_names_it_and_picks_its_settings(repo, monkeypatch) -> None:
    monkeypatch.chdir(repo)
    legacy = runner.invoke(
        app, ["check", "-", "--stdin-filename", "legacy/kuvasz.usd", "--level", "warning"], input=KUVASZ
    )
    assert _codes(legacy.stdout) == [("legacy/kuvasz.usd", "MCS007")]  # per-file-ignores by that name
    assert legacy.exit_code == 0
    draft = runner.invoke(app, ["check", "-", "--stdin-filename", "drafts/new.usd", "--force-exclude"], input=BROKEN)
    assert draft.stdout == "" and draft.exit_code == 0  # excluded: not read, as ruff does
    plain = runner.invoke(app, ["check", "-", "--stdin-filename", "drafts/new.usd"], input=BROKEN)
    assert ("drafts/new.usd", "MCS001") in _codes(plain.stdout)


def test_stdin_and_files_together(repo) -> None:
    result = runner.invoke(app, ["check", "-", str(repo / "ships")], input=BROKEN)
    names = {path for path, _ in _codes(result.stdout)}
    assert names == {"<stdin>", "ships/kuvasz.usd"}


def test_standard_input_over_the_size_limit_or_empty_is_unreadable() -> None:
    big = runner.invoke(app, ["check", "-"], input="x" * (MAX_SHEET_BYTES + 10))
    assert "<stdin>:1:1: error: IO002" in big.stdout and big.exit_code == 2
    empty = runner.invoke(app, ["check", "-"], input="")
    assert "<stdin>:1:1: error: IO004" in empty.stdout and empty.exit_code == 2


# --- quiet, statistics, rules, source lines ----------------------------------------------------------------------


def test_quiet_prints_the_findings_and_no_summary() -> None:
    loud = runner.invoke(app, ["check", "-"], input=KUVASZ)
    quiet = runner.invoke(app, ["check", "-", "-q"], input=KUVASZ)
    assert "1 file(s), 1 ship(s)" in loud.stderr and quiet.stderr == ""
    assert quiet.stdout == loud.stdout != ""


def test_statistics_follow_the_format() -> None:
    result = runner.invoke(app, ["check", "-", "--statistics", "--format", "json"], input=KUVASZ)
    assert json.loads(result.stdout) == [
        {"code": "USD100", "name": None, "count": 2},
        {"code": "MCS002", "name": "toughness-by-mass", "count": 1},
        {"code": "MCS007", "name": "sandcaster-screen-armour", "count": 1},
    ]
    text = runner.invoke(app, ["check", "-", "--statistics"], input=KUVASZ)
    assert text.stdout.splitlines()[0].split() == ["2", "USD100"]
    refused = runner.invoke(app, ["check", "-", "--statistics", "--format", "sarif"], input=KUVASZ)
    assert refused.exit_code == 2 and "--statistics prints text or json" in refused.output


def test_rules_as_json_carry_every_rule_with_its_documentation() -> None:
    from shipyard.core.registry import all_rules

    listed = json.loads(runner.invoke(app, ["rules", "--format", "json"]).stdout)
    assert [entry["code"] for entry in listed] == list(all_rules())
    first = listed[0]
    assert first["code"] == "MCS001" and first["name"] == "size-by-displacement" and first["level"] == "error"
    assert "Source: MCS section 6.1" in first["explanation"]


def test_source_lines_on_request_and_off_in_a_pipe() -> None:
    piped = runner.invoke(app, ["check", "-"], input=BROKEN)
    quoted = runner.invoke(app, ["check", "-", "--show-source"], input=BROKEN)
    assert "    2 | " not in piped.stdout
    assert re.search(r"<stdin>:2:\d+: error: MCS001 .*\n    2 \| .*Size: 9.*\n +\| +\^", quoted.stdout)


# --- the progress bar and the findings on one terminal ---------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_findings_print_above_the_progress_bar_on_a_terminal(tmp_path) -> None:
    """stdout and stderr are one terminal: each finding starts on a cleared line (the bar erased first,
    ``\\r\\x1b[2K``) or after a line break, never glued to the bar; the bar is gone at the end."""
    for number in range(40):
        (tmp_path / f"k{number:02}.usd").write_text(KUVASZ)
    primary, secondary = os.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("TTY_COMPATIBLE", "FORCE_COLOR", "NO_COLOR")}
    env.update(COLUMNS="120", LINES="40", TERM="xterm")
    process = subprocess.Popen(
        [sys.executable, "-m", "shipyard", "check", "-j1", "--no-show-source", str(tmp_path)],
        stdin=subprocess.DEVNULL,
        stdout=secondary,
        stderr=secondary,
        env=env,
    )
    os.close(secondary)
    chunks, deadline = [], time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([primary], [], [], 1)
        if ready:
            try:
                chunk = os.read(primary, 65536)
            except OSError:  # the terminal closed: the run is over
                break
            if not chunk:
                break
            chunks.append(chunk)
        elif process.poll() is not None:
            break
    process.wait(timeout=10)
    os.close(primary)
    screen = re.sub(r"\x1b\[(?!2K)[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode("utf-8", "replace"))
    starts = [found.start() for found in re.finditer(re.escape(str(tmp_path)) + r"/k\d\d\.usd:", screen)]
    assert len(starts) == 40 * 4  # the Kuvasz: MCS002, MCS007 and two notes (USD100)
    assert "checking" in screen[: starts[0]]  # the bar was drawn before the first finding
    glued = [screen[max(0, at - 20) : at] for at in starts if not screen[:at].endswith(("\r\x1b[2K", "\n"))]
    assert glued == []
    assert "40 file(s), 40 ship(s)" in screen.splitlines()[-1]  # the summary last; the bar left nothing behind


def test_a_wrong_per_file_ignores_value_is_located_at_its_quoted_key(repo) -> None:
    (repo / "shipyard.toml").write_text('[per-file-ignores]\n"legacy/*.usd" = "MCS002"\n')
    result = runner.invoke(app, ["check", str(repo)])
    assert result.exit_code == 2
    assert (
        f"{repo / 'shipyard.toml'}:2:1: error: CFG002 per-file-ignores.legacy/*.usd: Input should be a valid "
        "list" in result.output
    )


# --- a run that finds nothing to read --------------------------------------------------------------------------


def test_a_run_that_finds_no_sheet_says_so_and_passes_nothing(tmp_path: Path) -> None:
    empty, settings_only, sheets = tmp_path / "empty", tmp_path / "settings", tmp_path / "sheets"
    for folder in (empty, settings_only, sheets):
        folder.mkdir()
    (settings_only / "shipyard.toml").write_text('exclude = ["drafts/"]\n')
    (settings_only / ".hidden.usd").write_text(KUVASZ)
    (sheets / "kuvasz.usd").write_text(KUVASZ)
    warning = f"warning: no sheets found in {empty} (a folder gives its *.usd, *.txt, *.hg, *.sheet, *.toml and *.xlsx"
    for command in (
        ["check", str(empty)],
        ["audit", str(empty)],
        ["show", str(empty)],
        ["export", str(empty), "-o", str(tmp_path / "out.csv")],
    ):
        result = runner.invoke(app, command)
        assert result.exit_code == 0 and warning in result.stderr, command
    result = runner.invoke(app, ["check", str(settings_only)])
    assert result.exit_code == 0 and f"no sheets found in {settings_only}" in result.stderr
    assert "no sheets found" not in runner.invoke(app, ["check", "-q", str(empty)]).stderr
    fleet = str(ROOT / "examples" / "fleet" / "fleet.toml")  # a fleet file alone: read, as a fleet
    for command in (
        ["check", str(sheets)],
        ["audit", str(sheets)],
        ["export", str(sheets)],
        ["show", str(sheets)],
        ["check", fleet],
        ["audit", fleet],
        ["export", fleet],
        ["show", fleet],
    ):
        assert "no sheets found" not in runner.invoke(app, command).stderr, command


def test_the_summary_counts_the_files_a_folder_holds_that_are_no_sheets(tmp_path: Path) -> None:
    """An archive's folder: a sheet, two Word files, a backup and a file without an extension are counted by
    extension in the summary; hidden files and those the settings exclude are not (they were meant to be left)."""
    folder = tmp_path / "archive"
    (folder / "old").mkdir(parents=True)
    (folder / "kuvasz.usd").write_text(KUVASZ)
    for name in ("notes.doc", "old/fleet.doc", "old/kuvasz.usd.bak", "README", ".hidden.doc", "draft.pdf"):
        (folder / name).write_text("x")
    (tmp_path / "shipyard.toml").write_text('exclude = ["*.pdf"]\n')
    result = runner.invoke(app, ["check", str(folder)])
    assert result.stderr.splitlines()[-1].endswith(
        "; 4 file(s) skipped, not sheets by their extension (.bak, .doc 2, no extension)"
    )
    assert "skipped" not in runner.invoke(app, ["check", str(folder / "kuvasz.usd")]).stderr  # a file named
    assert "skipped" not in runner.invoke(app, ["check", "-q", str(folder)]).stderr


def test_the_summary_names_the_toml_files_of_a_folder_that_are_no_sheet(tmp_path: Path) -> None:
    """Settings and other valid TOML found in a folder are left out for what they hold, and the summary counts
    and names them (a design whose [ship] header was lost would be one): check, export and audit alike."""
    folder = tmp_path / "entries"
    folder.mkdir()
    (folder / "kuvasz.usd").write_text(KUVASZ)
    (folder / "notes.toml").write_text('title = "entries"\n')
    (folder / "lost-header.toml").write_text('name = "Vigilant"\nedition = "ffs2"\n')
    words = "; 2 TOML file(s) that are no sheet skipped"
    named = f"({folder / 'lost-header.toml'}, {folder / 'notes.toml'})"
    result = runner.invoke(app, ["check", str(folder)])
    assert result.exit_code == 0 and result.stderr.splitlines()[-1].endswith(f"{words} {named}")
    assert f"{words} {named}" in runner.invoke(app, ["audit", str(folder)]).stdout
    assert f"{words} {named}" in runner.invoke(app, ["export", str(folder), "-o", str(tmp_path / "x.json")]).stderr
    assert "no sheet" not in runner.invoke(app, ["check", str(folder / "kuvasz.usd")]).stderr


def test_select_and_ignore_take_a_rules_name_in_any_case_as_explain_does(tmp_path: Path) -> None:
    """The Hollyfields example: MCS001 size-by-displacement (error), MCS002 and USD103 (warnings)."""
    sheet = str(Path(__file__).resolve().parents[2] / "examples" / "hollyfields.usd")
    only = runner.invoke(app, ["check", sheet, "--select", "size-by-displacement"])
    assert only.exit_code == 1 and [line.split()[2] for line in only.stdout.splitlines()] == ["MCS001"]
    none = runner.invoke(app, ["check", sheet, "--ignore", "Size-By-Displacement,MCS002,usd103"])
    assert none.exit_code == 0 and none.stdout == ""
    typo = runner.invoke(app, ["check", sheet, "--select", "size-by-displacment"])
    assert typo.exit_code == 2
    assert "CFG003 unknown code prefix: no rule named 'size-by-displacment'; did you mean 'size-by-displacement'?" in (
        typo.output
    )


def test_a_renamed_rule_is_still_named_by_its_former_name(monkeypatch) -> None:
    """MCS001 renamed (its former name "size-chart" kept): ``--ignore size-chart`` ignores it as before, and a
    CFG004 note gives the new name; ``--select size-chart`` selects it; a name that never was stays CFG003."""
    from dataclasses import replace

    from shipyard.core import registry

    rules = registry.family_rules("mcs")
    renamed = replace(rules["MCS001"], meta=replace(rules["MCS001"].meta, former_names=("size-chart",)))
    monkeypatch.setitem(rules, "MCS001", renamed)
    sheet = str(ROOT / "examples" / "hollyfields.usd")
    ignored = runner.invoke(app, ["check", sheet, "--ignore", "size-chart,MCS002,USD103"])
    note = "--ignore:1:1: info: CFG004 'size-chart' is the former name of MCS001, now size-by-displacement"
    assert ignored.exit_code == 0 and ignored.stdout == "" and note in ignored.stderr
    selected = runner.invoke(app, ["check", sheet, "--select", "Size-Chart"])
    assert selected.exit_code == 1 and [line.split()[2] for line in selected.stdout.splitlines()] == ["MCS001"]
    assert "CFG004 'Size-Chart' is the former name of MCS001" in selected.stderr
    never = runner.invoke(app, ["check", sheet, "--select", "size-chat"])
    assert never.exit_code == 2 and "CFG003" in never.stderr and "CFG004" not in never.stderr


def test_a_rule_named_by_its_own_name_gets_no_note() -> None:
    sheet = str(ROOT / "examples" / "hollyfields.usd")
    result = runner.invoke(app, ["check", sheet, "--ignore", "size-by-displacement"])
    assert "CFG004" not in result.stderr
