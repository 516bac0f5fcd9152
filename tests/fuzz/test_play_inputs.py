"""Hostile play inputs (fire logs, engagements, fleets, damage records, Dark Stars games) run through their own
commands: each answered with located findings and exit 0, 1 or 2, never a traceback, a hang or memory without
bound. Each case here was a traceback or a hang before."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from longlines import ROOT, run_shipyard

#: A wide terminal: a narrated line is printed whole.
WIDE = {**os.environ, "COLUMNS": "400"}


@pytest.fixture(scope="module")
def nul(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Inputs that name a file with a NUL in its name (``"k\\u0000.usd"``), beside real sheets."""
    folder = tmp_path_factory.mktemp("nul")
    shutil.copy(ROOT / "examples/midu-agashaan.usd", folder)
    shutil.copy(ROOT / "fixtures/tcs/battle/vigilant.txt", folder)
    files = {
        "eng.toml": '[[sides]]\nships = [{ sheet = "k\\u0000.usd" }]\n'
        '[[sides]]\nships = [{ sheet = "midu-agashaan.usd" }]\n',
        "fire.toml": '[ships.kuv]\nsheet = "k\\u0000.usd"\n[ships.midu]\nsheet = "midu-agashaan.usd"\n',
        "fleet.toml": 'name = "A"\n[[ship]]\nsheet = "v\\u0000.txt"\ncount = 1\n',
        "damage.toml": 'name = "A"\n[[damage]]\nsheet = "v\\u0000.txt"\ncopy = 1\nstatus = "damaged"\n',
        "game.toml": (ROOT / "examples/darkstars/game.toml")
        .read_text(encoding="utf-8")
        .replace('system = "system.toml"', 'system = "s\\u0000.toml"'),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


#: Each command, its exit code, and the located finding it must give (path:line:col: severity: CODE).
NUL_CASES = [
    (["combat", "battle", "eng.toml"], 2, "eng.toml:2:1: error: CMB002"),
    (["combat", "resolve", "fire.toml"], 2, "fire.toml:2:1: error: CMB002"),
    (["darkstars", "referee", "game.toml"], 2, "game.toml:6:1: error: DS004"),
    (["darkstars", "draw", "game.toml", "-o", "x.svg"], 2, "game.toml:6:1: error: DS004"),
    (["darkstars", "moves", "game.toml", "--ship", "Sword"], 2, "game.toml:6:1: error: DS004"),
    (["check", "."], 2, "fleet.toml:3:1: error: SCN002"),  # a fleet file not read: exit 2, as any input not read
    (["audit", "."], 2, "fleet.toml:3:1: error: SCN002"),
    (["score", "fleet.toml", "damage.toml", "fleet.toml", "damage.toml"], 2, "damage.toml:3:1: error: DMG002"),
]


@pytest.mark.parametrize(("command", "code", "finding"), NUL_CASES, ids=[" ".join(c[:2]) for c, _, _ in NUL_CASES])
def test_a_nul_in_a_referenced_file_name_is_a_finding_at_its_key(
    nul: Path, command: list[str], code: int, finding: str
) -> None:
    run = run_shipyard(*command, cwd=nul)
    assert "Traceback" not in run.stderr and "SY00" not in run.stdout + run.stderr
    assert finding in run.stdout + run.stderr
    assert "a file name without a NUL character" in run.stdout + run.stderr
    assert run.returncode == code


def test_check_s_json_is_whole_when_a_fleet_names_a_nul(nul: Path) -> None:
    """Before, the batch died and its JSON was cut off."""
    import json

    run = run_shipyard("check", ".", "--format", "json", cwd=nul)
    document = json.loads(run.stdout)
    assert {"DS004", "SCN002"} <= {d["code"] for d in document}
    assert run.returncode == 2  # the fleet file was not read (SCN002)


def test_the_api_refuses_a_nul_path_as_unreadable() -> None:
    from shipyard import api

    sheet = api.load("k\x00.usd")
    assert [d.code for d in sheet.diagnostics] == ["IO001"]
    assert "NUL" in sheet.diagnostics[0].message


def _moves(folder: Path, hex_: str, speed: int) -> subprocess.CompletedProcess[str]:
    """``darkstars moves`` of a game of one vessel, the Sword, at ``hex_`` (as "q, r") and ``speed``."""
    shutil.copy(ROOT / "examples/darkstars/system.toml", folder)
    (folder / "g.toml").write_text(
        '[game]\nsystem = "system.toml"\n[[vessel]]\nname = "Sword"\nrace = "terran"\nclass = "explorer"\n'
        f'drive = "x-ray-laser"\nhex = [{hex_}]\nspeed = {speed}\n',
        encoding="utf-8",
    )
    return run_shipyard("darkstars", "moves", "g.toml", "--ship", "Sword", cwd=folder)


@pytest.mark.parametrize(("hex_", "said"), [("0, -10", "off the display (orbital 10"), ("0, 0", "the star's hex")])
def test_moves_of_a_vessel_off_the_display_or_on_the_star_is_the_referee_s_finding(
    tmp_path: Path, hex_: str, said: str
) -> None:
    """``darkstars moves`` said ``ValueError: orbital 10 is not on the display``; now the referee's DS209 at the
    vessel's hex, exit 2, no plot listed."""
    run = _moves(tmp_path, hex_, 0)
    assert "Traceback" not in run.stderr
    assert "g.toml:8:1: error: DS209 Sword starts at" in run.stderr and said in run.stderr
    assert run.stdout == "" and run.returncode == 2


def test_moves_of_a_vessel_on_the_display_lists_its_plots(tmp_path: Path) -> None:
    run = _moves(tmp_path, "0, -9", 0)
    assert run.returncode == 0 and "x-ray-laser down NC: speed 1, ends (0,-8), fuel 99" in run.stdout


@pytest.fixture
def ships(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "examples/kuvasz.usd", tmp_path)
    shutil.copy(ROOT / "examples/midu-agashaan.usd", tmp_path)
    return tmp_path


def test_an_engagement_s_ships_are_bounded_by_count(ships: Path) -> None:
    """``count = 1000000000`` built every copy until memory ran out (4 GB in 40 s); now CMB002 at the count."""
    (ships / "big.toml").write_text(
        '[[sides]]\nships = [{ sheet = "kuvasz.usd", count = 1000000000 }]\n'
        '[[sides]]\nships = [{ sheet = "midu-agashaan.usd" }]\n',
        encoding="utf-8",
    )
    run = run_shipyard("combat", "battle", "big.toml", cwd=ships)
    assert (
        "big.toml:2:1: error: CMB002 sides[0].ships[0].count: Input should be less than or equal to 1000" in run.stderr
    )
    assert run.returncode == 2 and run.stdout == ""


def test_an_engagement_s_ships_are_bounded_by_entries(ships: Path) -> None:
    """3,000 ``[[sides.ships]]`` entries took minutes; a side holds at most 1,000 ships, counts included."""
    entries = "".join('[[sides.ships]]\nsheet = "kuvasz.usd"\n' for _ in range(3000))
    (ships / "many.toml").write_text(
        f"[[sides]]\n{entries}[[sides]]\nships = [{{ sheet = 'midu-agashaan.usd' }}]\n", encoding="utf-8"
    )
    run = run_shipyard("combat", "battle", "many.toml", cwd=ships)
    assert (
        "many.toml:1:1: error: CMB002 sides[0]: a side of at most 1,000 ships, counts included: this one has 3,000"
        in (run.stderr)
    )
    assert run.returncode == 2


def test_an_engagement_at_the_bound_is_played(ships: Path) -> None:
    from shipyard.systems.mcs.combat.battle import Engagement
    from shipyard.systems.mcs.combat.limits import MAX_SIDE_SHIPS

    sides = [{"ships": [{"sheet": "kuvasz.usd", "count": MAX_SIDE_SHIPS}]}, {"ships": [{"sheet": "m.usd"}]}]
    assert Engagement.model_validate({"sides": sides}).sides[0].ships[0].count == 1000


def _one_shot(ships: Path, evasion: str, ship: str, battery: str, target: str) -> subprocess.CompletedProcess[str]:
    """``combat resolve`` of a fire log of one turn at Short: the Kuvasz (``k``) evading ``evasion`` G, then one
    fire of ``ship``'s ``battery`` at ``target`` (``m``, the Midu Agashaan), seeded."""
    (ships / "log.toml").write_text(
        '[ships.k]\nsheet = "kuvasz.usd"\n[ships.m]\nsheet = "midu-agashaan.usd"\n'
        f'[[turn]]\nrange = "s"\nevasion = {{ k = {evasion} }}\n'
        f'[[turn.fire]]\nship = "{ship}"\nbattery = "{battery}"\ntarget = "{target}"\n',
        encoding="utf-8",
    )
    return run_shipyard("combat", "resolve", "log.toml", "--seed", "1", cwd=ships, env=WIDE)


def test_a_refused_allocation_is_not_applied(ships: Path) -> None:
    """MCS 2.1: "The total number of G's allocated to these purposes by each ship cannot exceed the ship's
    acceleration." A fire log allocating 2,147,483,648 G of evasion to the Kuvasz (3 G, G-tolerance 5) spun for
    ever: "For each G the ship's total acceleration ... exceeds this, all tasks are 1 die more difficult", so its
    laser rolled two billion dice. The allocation is CMB007 and none of it is allocated: the laser fires at Short
    on 2d6, to-hit 4 skill + 4 FC - 1 ROF + 5 size = 12."""
    run = _one_shot(ships, "2147483648", "k", "#1", "m")
    assert (
        "log.toml:7:1: error: CMB007 Kuvasz allocates 2.14748e+09 G but has 3 G this turn; none of it is allocated"
        in run.stderr
    )
    assert "= 12 on 2d6" in run.stdout
    assert run.returncode == 1


def test_an_allocation_within_the_ship_s_g_is_applied(ships: Path) -> None:
    """The Kuvasz's 3 G on evasion, within its 3 G: no CMB007, and the Midu's laser at it takes the evasion
    (MCS 3.0, "Short 2d (Average) 1 x Evasion G's"): 4 skill + 6 FC + 3 ROF + 4 size - 1 x 3 evasion = 14."""
    run = _one_shot(ships, "3", "m", "Laser Battery", "k")
    assert "CMB007" not in run.stderr
    assert "to-hit 4 skill + 6 FC + 3 ROF + 4 size - 3 evasion = 14 on 2d6" in run.stdout


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("Maneuver: 3 ", "Maneuver: 2147483648 ", "Maneuver 2147483648 G (at most 100)"),
        ("GTolerance: 5", "GTolerance: -2147483648", "GTolerance -2147483648 (at most 100 either way)"),
        ("2xLaser Battery", "2147483648xLaser Battery", "2,147,483,656 batteries (at most 10,000)"),
    ],
)
def test_a_sheet_figure_past_the_engine_is_refused_not_played(ships: Path, old: str, new: str, said: str) -> None:
    """Figures under the 10**15 read limit that no ship has hung the engine (rolling or building by the billion).
    The Kuvasz's batteries: 2,147,483,648 lasers + 5 lasers + 2 missile bays + 1 sandcaster = 2,147,483,656."""
    sheet = (ships / "kuvasz.usd").read_text(encoding="utf-8")
    assert old in sheet
    (ships / "huge.usd").write_text(sheet.replace(old, new, 1), encoding="utf-8")
    run = run_shipyard("combat", "battle", "huge.usd", "midu-agashaan.usd", "--runs", "1", cwd=ships)
    assert f"error: CMB003 Kuvasz: {said}: past what combat plays" in run.stderr
    assert run.returncode == 2


#: The fleet search's inputs that were tracebacks or ran without bound, each with the finding it now gives.
SEARCH_CASES = [
    (
        "designs",
        "".join(f'[[designs]]\nsheet = "kuvasz.usd"\ncost_mcr = {n}\n' for n in range(1, 3001)),
        ["search.toml:1:1: error: SRC002 designs: List should have at most 100 items after validation, not 3000"],
        1,
    ),
    (
        "digits",
        '[[designs]]\nsheet = "kuvasz.usd"\ncost_mcr = ' + "9" * 5000 + "\n",
        ["search.toml:3:12: error: SRC001 not valid search catalogue: a number of 5000 digits is too long to read"],
        2,
    ),
    (
        "pool",
        "".join('[[opponents]]\nships = [{ sheet = "midu-agashaan.usd" }]\n' for _ in range(300)),
        ["search.toml:1:1: error: SRC002 opponents: List should have at most 100 items after validation, not 300"],
        1,
    ),
]


@pytest.mark.parametrize(("name", "text", "said", "code"), SEARCH_CASES, ids=[c[0] for c in SEARCH_CASES])
def test_the_search_s_files_are_bounded(ships: Path, name: str, text: str, said: list[str], code: int) -> None:
    (ships / "search.toml").write_text(text, encoding="utf-8")
    pool = name == "pool"
    catalogue, against = ("kuvasz.usd", "search.toml") if pool else ("search.toml", "midu-agashaan.usd")
    run = run_shipyard("combat", "search", catalogue, "--against", against, "--budget", "1000", "-q", cwd=ships)
    assert "Traceback" not in run.stderr
    for line in said:
        assert line in run.stderr
    assert run.returncode == code


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--against", "midu-agashaan.usd=999999999999999"], "at most 1,000 ships, counts included"),
        (["--against", "midu-agashaan.usd=" + "9" * 5000], "at most 1,000 ships, counts included"),
        (["--against", "midu-agashaan.usd=²"], "the count after '=' must be a whole number of 1 or more"),
        (["--against", "midu-agashaan.usd", "--budget", "inf"], "a budget in MCr, a finite number, got inf"),
        (["--against", "midu-agashaan.usd", "--generation", "1000000000"], "less than or equal to 1000"),
        (["--against", "midu-agashaan.usd", "--max-ships", "1000000"], "less than or equal to 1000"),
    ],
)
def test_the_search_s_sizes_from_one_value_are_usage_errors(ships: Path, options: list[str], said: str) -> None:
    """Before: a traceback (``inf``, 5,000 digits) or memory without bound (a count of 999999999999999)."""
    budget = [] if "--budget" in options else ["--budget", "1000"]
    run = run_shipyard("combat", "search", "kuvasz.usd", *options, *budget, cwd=ships)
    assert "Traceback" not in run.stderr
    assert said in " ".join(run.stderr.split())
    assert run.returncode == 2


def test_a_search_opponent_that_is_a_device_is_refused_unread(ships: Path) -> None:
    """The search's files are read as every file is: a device is IO001, never read (``/dev/zero`` ran out of
    memory after 2.6 GB)."""
    run = run_shipyard("combat", "search", "kuvasz.usd", "--against", "/dev/zero", "--budget", "1000", cwd=ships)
    assert "/dev/zero:1:1: error: IO001 cannot read file: it is a character device, not a regular file" in run.stderr
    assert run.returncode == 2


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("tcp://127.0.0.1:9", "no Dask scheduler answered at tcp://127.0.0.1:9 within 1 s"),
        ("nonsense", "no Dask scheduler answered at nonsense within 1 s (missing port number"),
    ],
)
def test_an_unreachable_scheduler_is_one_line_and_exit_2(ships: Path, address: str, said: str) -> None:
    """Before: 30 s, then chained tracebacks. The discard port on this machine answers nothing."""
    shutil.copy(ROOT / "fixtures/mcs/zhodani-patrol-corvette.usd", ships)
    run = run_shipyard(
        "combat", "search", "zhodani-patrol-corvette.usd", "--against", "midu-agashaan.usd", "--budget", "3000",
        "--executor", "dask", "--scheduler", address, "--timeout", "1", "-q", cwd=ships,
    )  # fmt: skip
    assert "Traceback" not in run.stderr
    assert said in " ".join(run.stderr.split())
    assert run.returncode == 2


@pytest.fixture(scope="module")
def journalled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a small search's journal (``good.log``) and what it searched."""
    folder = tmp_path_factory.mktemp("journal")
    for name in ("zhodani-patrol-corvette.usd", "drachen-jaeger.usd"):
        shutil.copy(ROOT / "fixtures/mcs" / name, folder)
    shutil.copy(ROOT / "examples/midu-agashaan.usd", folder)
    run = _search(folder, "good.log", "400")
    assert run.returncode == 0, run.stderr
    return folder


def _search(folder: Path, journal: str, battles: str = "440") -> subprocess.CompletedProcess[str]:
    return run_shipyard(
        "combat", "search", "zhodani-patrol-corvette.usd", "drachen-jaeger.usd", "--against", "midu-agashaan.usd",
        "--budget", "3000", "-n", battles, "--screen", "10", "--full", "20", "--journal", journal, "-q", "-j", "1",
        cwd=folder,
    )  # fmt: skip


#: What a damaged journal line gives.
NOT_A_LINE = "6:1: error: SRC006 not a line a search writes: "
#: Each damaged journal: a line put before its sixth (None: its sixth cut to 30 bytes), and the finding it gives.
DAMAGED = [
    ("garbage", b"xyz", NOT_A_LINE + "not JSON"),
    ("array", b"[1]", NOT_A_LINE + "a JSON list"),
    ("no op", b'{"a": 1}', NOT_A_LINE + "no integer op_code"),
    ("binary", b"\xff\xfe\x00", NOT_A_LINE + "not UTF-8"),
    ("cut inside", None, NOT_A_LINE + "not JSON"),
    ("bad op", b'{"op_code": 99, "worker_id": "x"}', "1:1: error: SRC006 the journal cannot be resumed"),
]


@pytest.mark.parametrize(("name", "line", "said"), DAMAGED, ids=[d[0] for d in DAMAGED])
def test_a_damaged_journal_is_a_located_finding(journalled: Path, name: str, line: bytes | None, said: str) -> None:
    """Before, each was a traceback from optuna's replay (JSONDecodeError, KeyError, TypeError, AssertionError)."""
    lines = (journalled / "good.log").read_bytes().split(b"\n")
    damaged = [*lines[:5], line, *lines[5:]] if line is not None else [*lines[:5], lines[5][:30], *lines[6:]]
    (journalled / "bad.log").write_bytes(b"\n".join(damaged))
    run = _search(journalled, "bad.log")
    assert "Traceback" not in run.stderr
    assert f"bad.log:{said}" in run.stderr
    assert run.returncode == 2


def test_a_journal_cut_at_its_end_drops_the_cut_line_and_resumes(journalled: Path) -> None:
    """A search stopped while writing leaves half a line; before, every later resume failed on it."""
    whole = (journalled / "good.log").read_bytes()
    (journalled / "cut.log").write_bytes(whole[:-40])
    lines = whole.count(b"\n")
    run = _search(journalled, "cut.log")
    assert f"cut.log:{lines}:1: warning: SRC006 the last line was cut as it was written" in run.stderr
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert (journalled / "cut.log").read_bytes().startswith(whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 1])


def test_a_journal_that_is_no_file_or_in_use_is_refused(journalled: Path) -> None:
    import fcntl

    os.mkfifo(journalled / "fifo.log")
    run = _search(journalled, "fifo.log")  # before: a hang
    assert "fifo.log:1:1: error: SRC006 the journal is not a regular file" in run.stderr and run.returncode == 2
    shutil.copy(journalled / "good.log", journalled / "busy.log")
    with (journalled / "busy.log").open("ab") as busy:
        fcntl.flock(busy, fcntl.LOCK_EX | fcntl.LOCK_NB)  # another search holds it
        run = _search(journalled, "busy.log")
    assert "busy.log:1:1: error: SRC006 another search is writing this journal" in run.stderr
    assert run.returncode == 2


def test_a_good_journal_resumes_without_a_finding(journalled: Path) -> None:
    shutil.copy(journalled / "good.log", journalled / "again.log")
    run = _search(journalled, "again.log")
    assert "SRC006" not in run.stderr and run.returncode == 0


def test_a_whole_last_record_without_its_line_break_gets_one(tmp_path: Path) -> None:
    """optuna appends the next record straight after the last: without its line break the two would be one line."""
    from shipyard.search import journal

    record = b'{"op_code": 0, "worker_id": "w", "study_name": "s", "directions": [2]}'
    (tmp_path / "j.log").write_bytes(record)
    found = journal.check(tmp_path / "j.log")
    assert [(d.severity.value, d.span.line, d.message) for d in found] == [
        ("warning", 1, "the last line lacked its line break: added")
    ]
    assert (tmp_path / "j.log").read_bytes() == record + b"\n"
    assert journal.check(tmp_path / "j.log") == []  # and a whole journal has no finding


def test_moves_at_a_speed_of_a_billion_ends_at_once(tmp_path: Path) -> None:
    """A vessel at speed 1,000,000,000 made ``darkstars moves`` step a billion hexes (it hung): an orbit wraps its
    ring (orbital 9, 54 hexes: 1,000,000,002 = 18,518,518 laps + 50), a move up or down repeats its frontiers."""
    run = _moves(tmp_path, "0, -9", 1000000000)
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "x-ray-laser orbit HA: speed 1000000002, ends (-3,9), (3,6), fuel 92" in run.stdout


def test_a_chain_past_any_roster_is_a_usage_error(tmp_path: Path) -> None:
    """``sfc odds --chain 1000000000`` worked a billion attacks; 100 is the most (every chance past 5 is 0 here)."""
    run = run_shipyard("sfc", "odds", "cruiser", "escort", "--chain", "1000000000", cwd=tmp_path)
    assert run.returncode == 2 and "less than or equal to 100" in " ".join(run.stderr.split())
    run = run_shipyard("sfc", "odds", "cruiser", "escort", "--chain", "100", cwd=tmp_path, env=WIDE)
    assert run.returncode == 0 and "4 0.2% (875/559872), other 0." in run.stdout


@pytest.mark.parametrize("command", [["combat", "battle"], ["combat", "search", "--budget", "100", "--against"]])
def test_a_turn_limit_past_an_engagement_s_is_a_usage_error(ships: Path, command: list[str]) -> None:
    """``--turns`` is bounded as an engagement's ``turns`` is (1,000)."""
    run = run_shipyard(*command, "midu-agashaan.usd", "kuvasz.usd", "--turns", "1000000", cwd=ships)
    assert run.returncode == 2 and "less than or equal to 1000" in " ".join(run.stderr.split())


JSON_UNREAD = [
    ["combat", "battle", "nope.toml"],
    ["combat", "shot", "nope.usd", "kuvasz.usd", "-b", "Laser Battery", "-r", "s"],
    ["combat", "resolve", "nope.toml"],
    ["combat", "search", "nope.usd", "--against", "kuvasz.usd", "--budget", "10"],
    ["sfc", "table", "nope.toml", "nope.toml"],
    ["sfc", "referee", "nope.toml"],
    ["darkstars", "referee", "nope.toml"],
    ["darkstars", "moves", "nope.toml", "--ship", "sword"],
]


@pytest.mark.parametrize("command", JSON_UNREAD, ids=[" ".join(c[:2]) for c in JSON_UNREAD])
def test_json_is_one_document_with_the_findings_when_an_input_cannot_be_read(ships: Path, command: list[str]) -> None:
    """Before, some wrote nothing to standard output and others a document without the finding that said why."""
    import json

    run = run_shipyard(*command, "--format", "json", cwd=ships)
    assert run.returncode == 2
    document = json.loads(run.stdout)
    assert [d["code"] for d in document["diagnostics"] if d["span"]["path"].startswith("nope")] == ["IO001"]


def test_json_holds_the_findings_beside_the_results(ships: Path) -> None:
    import json

    run = run_shipyard(
        "combat", "battle", "kuvasz.usd", "midu-agashaan.usd", "-n", "3", "-j", "1", "-f", "json", cwd=ships
    )
    document = json.loads(run.stdout)
    assert document["runs"] == 3
    assert [(d["code"], d["span"]["path"], d["span"]["line"]) for d in document["diagnostics"]] == [
        ("MCS002", "kuvasz.usd", 2),
        ("MCS007", "kuvasz.usd", 14),
        ("MCS006", "midu-agashaan.usd", 13),
    ]


def test_a_fire_log_of_ten_thousand_turns_is_written_whole(tmp_path: Path) -> None:
    """A log of 10,000 turns (220 KB: the two ships of the combat example closing and holding at Long range)
    resolves to one JSON document of every turn, to a file and to standard output alike."""
    import json

    for sheet in ("coronation.usd", "hollyfields.usd"):
        shutil.copy(ROOT / "examples" / sheet, tmp_path)
    turns = '[[turn]]\nrange = "l"\n\n' * 10_000
    (tmp_path / "long.toml").write_text(
        '[ships.a]\nsheet = "coronation.usd"\n[ships.b]\nsheet = "hollyfields.usd"\n\n' + turns, encoding="utf-8"
    )
    written = run_shipyard(
        "combat", "resolve", "long.toml", "--seed", "1", "-f", "json", "-o", "out.json", cwd=tmp_path
    )
    assert written.returncode == 1, written.stderr  # the Hollyfields' own MCS001: an error in a file read
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert len(document["turns"]) == 10_000 and document["turns"][-1]["turn"] == 10_000
