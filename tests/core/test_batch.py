"""The batch check: output formats, suppressions, settings, parallel runs, and broken folders."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, run_then
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.batch import SHEET_SUFFIXES, _sheet_name, check_paths
from shipyard.core.selection import Selection

runner = CliRunner()
HOLLYFIELDS = FIXTURES / "mcs" / "hollyfields.usd"


def test_json_output_parses():
    result = runner.invoke(app, ["check", str(HOLLYFIELDS), "--format", "json"])
    found = json.loads(result.stdout)
    assert [(d["code"], d["span"]["line"], d["severity"]) for d in found if d["severity"] != "info"] == [
        ("MCS001", 3, "error"),
        ("MCS002", 3, "warning"),
        ("USD103", 7, "warning"),
    ]
    assert result.exit_code == 1


def test_sarif_output():
    result = runner.invoke(app, ["check", str(FIXTURES / "mcs"), str(FIXTURES / "highguard"), "--format", "sarif"])
    document = json.loads(result.stdout)
    assert document["version"] == "2.1.0" and document["$schema"].endswith("sarif-2.1.0.json")
    (run,) = document["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert sorted(r["id"] for r in rules) == sorted({r["ruleId"] for r in run["results"]})
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in run["results"])
    size = next(r for r in run["results"] if r["ruleId"] == "MCS001")
    assert size["level"] == "error" and rules[size["ruleIndex"]]["id"] == "MCS001"
    location = size["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"].endswith("mcs/hollyfields.usd")
    assert location["region"]["startLine"] == 3 and location["region"]["startColumn"] == 1
    assert {r["level"] for r in run["results"]} <= {"error", "warning", "note"}
    assert rules[size["ruleIndex"]]["defaultConfiguration"]["level"] == "error"


def test_github_annotations():
    result = runner.invoke(app, ["check", str(HOLLYFIELDS), "--format", "github", "--level", "error"])
    assert result.stdout == (
        f"::error file={HOLLYFIELDS},line=3,col=1,endLine=3,endColumn=8,title=MCS001::Size 6, "
        "but 15000 dTons is "
        "size 7: the size chart gives 7 for over 10000 up to 30000 dTons (section 6.1)\n"
    )


def test_statistics():
    result = runner.invoke(app, ["check", str(FIXTURES / "mcs"), "--statistics", "--level", "warning"])
    assert "  MCS001  size-by-displacement" in result.stdout
    assert result.stdout.splitlines()[0].split()[1] == "MCS002"  # the most frequent first


def test_serial_and_parallel_runs_give_identical_output():
    args = ["check", str(FIXTURES), "--format", "json"]
    serial = runner.invoke(app, args + ["-j", "1"])
    parallel = runner.invoke(app, args + ["-j", "2"])
    assert serial.stdout == parallel.stdout and serial.exit_code == parallel.exit_code == 2


def test_inline_suppressions(tmp_path):
    sheet = tmp_path / "holly.usd"
    sheet.write_text(
        HOLLYFIELDS.read_text()
        .replace("Size: 6 Armour", "Size: 6 # shipyard: ignore[MCS001]\nArmour")
        .replace("Maneuver: 1.3", "Maneuver: 1.3 # shipyard: ignore[MCS009]")
    )
    result = runner.invoke(app, ["check", str(sheet), "--level", "warning"])
    assert "MCS001" not in result.stdout
    assert f"{sheet}:5:15: warning: SY011 suppression of MCS009 matches no finding on this line" in result.stdout
    assert result.exit_code == 0


def test_file_suppression_and_a_suppression_without_codes(tmp_path):
    sheet = tmp_path / "holly.usd"
    sheet.write_text("# shipyard: ignore-file[MCS, USD103]\n# shipyard: ignore\n" + HOLLYFIELDS.read_text())
    result = runner.invoke(app, ["check", str(sheet), "--level", "warning"])
    assert (
        result.stdout == f"{sheet}:2:1: error: SY010 a suppression must name its codes: '# shipyard: "
        "ignore[MCS001]' or '# shipyard: ignore-file[MCS001]'\n"
    )


def test_settings_file_is_found_walking_up(tmp_path):
    folder = tmp_path / "fleet" / "ships"
    folder.mkdir(parents=True)
    shutil.copy(HOLLYFIELDS, folder)
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.shipyard]\nignore = ["MCS001"]\nlevel = "warning"\n'
    )
    result = runner.invoke(app, ["check", str(folder)])
    assert "MCS001" not in result.stdout and "MCS002" in result.stdout and "USD100" not in result.stdout
    assert runner.invoke(app, ["check", str(folder), "--ignore", "USD"]).stdout.count("MCS001") == 1


def test_bad_settings_are_a_usage_error(tmp_path):
    (tmp_path / "shipyard.toml").write_text('selct = ["MCS"]\n')
    shutil.copy(HOLLYFIELDS, tmp_path)
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 2
    wanted = f"{tmp_path / 'shipyard.toml'}:1:1: error: CFG002 selct: unknown key (did you mean 'select'?)"
    assert wanted in result.stderr


@pytest.fixture
def broken_folder(tmp_path):
    folder = tmp_path / "entries"
    folder.mkdir()
    shutil.copy(HOLLYFIELDS, folder / "good.usd")
    shutil.copy(FIXTURES / "core" / "invalid" / "binary-junk.usd", folder / "binary.usd")
    shutil.copy(FIXTURES / "core" / "invalid" / "oversize.usd", folder / "huge.usd")
    (folder / "latin1.usd").write_bytes("Class: Caf\xe9 TL:12\nDisplacement: 100 Size: 2\n".encode("latin-1"))
    (folder / "crlf.usd").write_bytes(b"Class: Crlf TL:12\r\nDisplacement: 100 Size: 2\r\n")
    os.symlink(folder / "loop-b.usd", folder / "loop-a.usd")
    os.symlink(folder / "loop-a.usd", folder / "loop-b.usd")
    os.symlink(folder, folder / "again")  # a folder loop: not followed
    return folder


def test_broken_folder_gets_one_finding_per_problem_file(broken_folder):
    sheets, _missing = check_paths([broken_folder], Selection(), jobs=1)
    by_name = {os.path.basename(s.path): s for s in sheets}
    assert set(by_name) == {"good.usd", "binary.usd", "huge.usd", "latin1.usd", "crlf.usd", "loop-a.usd", "loop-b.usd"}
    for name, code in (("binary.usd", "IO003"), ("huge.usd", "IO002"), ("loop-a.usd", "IO001")):
        assert [d.code for d in by_name[name].diagnostics] == [code]
    assert "symbolic links" in by_name["loop-a.usd"].diagnostics[0].message
    assert [d.code for d in by_name["latin1.usd"].diagnostics] == ["IO005"]
    assert by_name["latin1.usd"].ships[0].class_name == "Café"
    assert by_name["crlf.usd"].diagnostics == [] and by_name["crlf.usd"].ships[0].size == 2
    assert any(d.code == "MCS001" for d in by_name["good.usd"].diagnostics)
    result = runner.invoke(app, ["check", str(broken_folder)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_rule_that_fails_is_one_finding(monkeypatch, request):
    from shipyard.core import pipeline
    from shipyard.core.registry import family_rules

    rule = family_rules("mcs")["MCS001"]
    pipeline._selected.cache_clear()  # the rules a selection keeps are remembered: forget them, then and after
    request.addfinalizer(pipeline._selected.cache_clear)

    def broken(ship, ctx):
        raise ZeroDivisionError("boom")
        yield

    monkeypatch.setitem(family_rules("mcs"), "MCS001", type(rule)(meta=rule.meta, check=broken, doc=rule.doc))
    sheets, _ = check_paths([HOLLYFIELDS], Selection())
    (failure,) = [d for d in sheets[0].diagnostics if d.code == "SY002"]
    assert "internal error in rule MCS001 (ZeroDivisionError: boom)" in failure.message


def test_sarif_validates_against_the_schema():
    import jsonschema

    schema = json.loads((ROOT / "tests" / "data" / "sarif-2.1.0-rtm.4.json").read_text())
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    assert "uri-reference" in validator.format_checker.checkers  # rfc3986-validator is installed: URIs are checked
    mixed = [str(FIXTURES / name) for name in ("mcs", "highguard", "core", "tcs")] + [str(ROOT / "examples")]
    document = json.loads(runner.invoke(app, ["check", *mixed, "--format", "sarif"]).stdout)
    assert document["runs"][0]["results"]
    assert list(validator.iter_errors(document)) == []
    document["runs"][0]["results"][0]["level"] = "fatal"  # the schema does catch a wrong document
    assert list(validator.iter_errors(document))
    document["runs"][0]["results"][0]["level"] = "error"
    location = document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    location["uri"] = "a b#[1]%/k 1.usd"  # a file name written raw: the format checker catches it
    assert [error.validator for error in validator.iter_errors(document)] == ["format"]


def test_a_fleet_folder_is_a_logical_location_in_sarif(tmp_path):
    """A folder checked as a fleet has no file: its findings name the fleet logically, no artifact is a folder."""
    import jsonschema

    schema = json.loads((ROOT / "tests" / "data" / "sarif-2.1.0-rtm.4.json").read_text())
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    fleet = ROOT / "examples" / "fleet"
    (tmp_path / "scenario.toml").write_text('[scenario]\nname = "Tight"\nbudget_mcr = 1000\n')
    folder = tmp_path / "squadron"
    folder.mkdir()
    for name in ("vigilant.txt", "hauler-tug.txt"):
        (folder / name).write_text((fleet / name).read_text())
    document = json.loads(
        runner.invoke(
            app,
            [
                "check",
                str(folder),
                "--scenario",
                str(tmp_path / "scenario.toml"),
                "--format",
                "sarif",
                "--select",
                "TCS201",
            ],
        ).stdout
    )
    [result] = document["runs"][0]["results"]
    assert result["ruleId"] == "TCS201"
    assert result["locations"] == [
        {"logicalLocations": [{"fullyQualifiedName": folder.as_posix(), "name": "squadron", "kind": "module"}]}
    ]
    assert list(validator.iter_errors(document)) == []


def test_no_color_means_plain_text():
    import os
    import subprocess
    import sys

    env = {**os.environ, "FORCE_COLOR": "1"}
    command = [sys.executable, "-m", "shipyard", "check", str(HOLLYFIELDS), "--level", "error"]
    coloured = subprocess.run(command, capture_output=True, text=True, env=env).stdout
    plain = subprocess.run(command, capture_output=True, text=True, env={**env, "NO_COLOR": "1"}).stdout
    assert "\x1b[" in coloured and "\x1b[" not in plain
    assert plain.startswith(f"{HOLLYFIELDS}:3:1: error: MCS001")


@pytest.mark.parametrize("force", [None, "1"])
def test_lines_escape_every_control_character_on_a_terminal_and_off_it(monkeypatch, capsys, force):
    """Lines writes the same text through rich (a terminal) as without it: every control character as its escape
    (rich alone would drop five and pass ESC through)."""
    from shipyard.report.console import Lines

    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    if force is None:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    else:
        monkeypatch.setenv("FORCE_COLOR", force)
    lines = Lines()
    assert (lines.console is None) == (force is None)
    lines.write([("a.usd:1:1: ", "bold"), ("key 'Dis\x07pl\x08a\x0bc\x0ce\rment' \x1b kept", None)])
    expected = "a.usd:1:1: key 'Dis\\x07pl\\x08a\\x0bc\\x0ce\\x0dment' \\x1b kept\n"
    assert capsys.readouterr().out == expected


def test_piped_output_is_what_rich_writes_unstyled():
    """Off a terminal check writes its lines itself (rich is not even imported); they must be the lines rich
    writes on a terminal with NO_COLOR, the report and the summary alike."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TTY_COMPATIBLE")}
    command = [
        sys.executable,
        "-m",
        "shipyard",
        "check",
        "--no-show-source",
        str(HOLLYFIELDS),
        str(FIXTURES / "highguard"),
    ]
    piped = subprocess.run(command, capture_output=True, text=True, env=env)
    through_rich = subprocess.run(
        command, capture_output=True, text=True, env={**env, "FORCE_COLOR": "1", "NO_COLOR": "1"}
    )
    assert piped.stdout == through_rich.stdout  # stderr differs by the progress bar a terminal gets
    assert piped.stderr.splitlines()[-1] == through_rich.stderr.splitlines()[-1].split("\x1b[2K")[-1]
    assert piped.stdout.count("\n") > 5 and "error: TCS105" in piped.stdout
    assert run_then(["check", str(HOLLYFIELDS)], "'rich' in sys.modules", env)[1] == "False"


def test_sarif_uris_are_percent_encoded_and_absolute_paths_are_file_uris(tmp_path, monkeypatch):
    """A space, '#', '[' or '%' in a file name made an invalid uri-reference (the schema validator has no format
    checker, so it could not see it); the run says whether shipyard executed without failing itself."""
    import shutil
    from urllib.parse import unquote, urlsplit

    folder = tmp_path / "a b#[1]%"
    folder.mkdir()
    shutil.copy(HOLLYFIELDS, folder / "k 1.usd")
    monkeypatch.chdir(tmp_path)
    relative = json.loads(runner.invoke(app, ["check", "a b#[1]%", "--format", "sarif"]).stdout)["runs"][0]
    absolute = json.loads(runner.invoke(app, ["check", str(folder), "--format", "sarif"]).stdout)["runs"][0]
    uri = relative["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "a%20b%23%5B1%5D%25/k%201.usd" and unquote(uri) == "a b#[1]%/k 1.usd"
    uri = absolute["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert urlsplit(uri).scheme == "file" and unquote(urlsplit(uri).path) == str(folder / "k 1.usd")
    assert relative["invocations"] == [{"executionSuccessful": True}]


def test_github_annotations_carry_the_end_of_a_span():
    """A finding with an end (a field's value) marks the whole of it in the pull request, as SARIF's region does;
    one without an end (a line kept as a note) gives its start only."""
    result = runner.invoke(app, ["check", str(ROOT / "examples" / "kuvasz.usd"), "--format", "github"])
    lines = result.stdout.splitlines()
    assert any(
        line.startswith("::warning file=") and ",line=2,col=43,endLine=2,endColumn=55,title=MCS002::" in line
        for line in lines
    )
    assert any(",line=16,col=1,title=USD100::" in line for line in lines)


@pytest.mark.parametrize(
    "name",
    [
        "a.usd",
        "A.USD",
        "a..usd",
        "a.tar.txt",
        "a.",
        "a.usd.",
        "a",
        ".a.usd",
        "x .txt",
        "a. usd",
        "ship.Sheet",
        "fleet.toml",
        "book.xlsx",
        "notes.doc",
        "a.usd.bak",
    ],
)
def test_a_found_file_is_told_a_sheet_by_its_name_as_its_path_suffix_tells_it(name):
    assert _sheet_name(name) == (not name.startswith(".") and Path(name).suffix.lower() in SHEET_SUFFIXES)
