"""A fleet priced as TCS prices it: High Guard's quantity rule for each design, and the drop tanks."""

from __future__ import annotations

from decimal import Decimal

from conftest import FIXTURES

from shipyard.core.diagnostics import Span
from shipyard.systems.highguard.design import recompute
from shipyard.systems.highguard.parse import parse_highguard
from shipyard.systems.tcs.fleet import fleet_cost
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.tcs.subject import FleetMember, FleetSubject


def _fleet(members: list[tuple[str, int, Decimal]], scenario: Scenario = Scenario()) -> FleetSubject:
    built = []
    for path, count, extra in members:
        (ship,), _ = parse_highguard((FIXTURES / path).read_text(), path)
        built.append(FleetMember(ship, recompute(ship), count, "tug" if extra else "warship", extra, path))
    return FleetSubject("test", "fleet.toml", built, scenario, Span(path="fleet.toml", line=1, col=1))


def test_several_designs_in_quantity():
    """10 Vigilants (MCr 4,014.772, no craft): the first 4,014.772 + 1% fee 40.14772 = 4,054.91972, nine more at
    80% = 3,211.8176 each, 28,906.3584: 32,961.27812. 5 drop-tank Vigilants (MCr 4,015.782, tanks MCr 1.000 each):
    4,055.93982 + 4 x 3,212.6256 = 16,906.44222, tanks 5 x 1 = 5. Total 49,872.72034 (ships 49,867.72034)."""
    cost = fleet_cost(
        _fleet(
            [
                ("highguard/vigilant-legal.txt", 10, Decimal(0)),
                ("tcs/fleets/no-tugs/vigilant-drop-tanks.txt", 5, Decimal(0)),
            ]
        )
    )
    plain, tanked = cost.designs
    assert (plain.first, plain.further, plain.ships, plain.tanks) == (
        Decimal("4054.91972"),
        Decimal("3211.8176"),
        Decimal("32961.27812"),
        0,
    )
    assert (tanked.first, tanked.ships, tanked.tanks) == (Decimal("4055.93982"), Decimal("16906.44222"), 5)
    assert (cost.ships, cost.tanks, cost.total, cost.count) == (Decimal("49867.72034"), 5, Decimal("49872.72034"), 15)


def test_drop_tanks_in_quantity_is_a_named_option():
    """With drop_tanks_in_quantity the tanks of the 5 drop-tank Vigilants cost 1 + 4 x 0.8 = 4.2, not 5."""
    fleet = _fleet(
        [("tcs/fleets/no-tugs/vigilant-drop-tanks.txt", 5, Decimal(0))], Scenario(drop_tanks_in_quantity=True)
    )
    assert fleet_cost(fleet).tanks == Decimal("4.2")


def test_a_tugs_extra_tanks_are_priced():
    """A tug carrying 1000 tons of extra drop tanks pays MCr 0.001 a ton for them: MCr 1."""
    fleet = _fleet([("highguard/vigilant-legal.txt", 1, Decimal(1000))])
    assert fleet_cost(fleet).tanks == 1


def test_a_design_listed_twice_is_one_design_in_quantity():
    """4 Vigilants listed as 3 and 1: one first ship with the fee (4,054.91972) and three at 80% (3 x 3,211.8176),
    13,690.37252, where two designs would pay the fee twice: 4,054.91972 + 2 x 3,211.8176 + 4,054.91972 =
    14,533.47464. A tug listing of the same sheet with 1000 tons of extra tanks adds MCr 1 of tanks."""
    cost = fleet_cost(
        _fleet([("highguard/vigilant-legal.txt", 3, Decimal(0)), ("highguard/vigilant-legal.txt", 1, Decimal(0))])
    )
    (design,) = cost.designs
    assert (design.count, design.ships, cost.total) == (4, Decimal("13690.37252"), Decimal("13690.37252"))
    towing = fleet_cost(
        _fleet([("highguard/vigilant-legal.txt", 3, Decimal(0)), ("highguard/vigilant-legal.txt", 1, Decimal(1000))])
    )
    assert [(d.count, d.tank_sets) for d in towing.designs] == [(4, ((0, 3), (1, 1)))] and towing.tanks == 1
    apart = fleet_cost(
        _fleet(
            [
                ("highguard/vigilant-legal.txt", 3, Decimal(0)),
                ("tcs/fleets/no-tugs/vigilant-drop-tanks.txt", 1, Decimal(0)),
            ]
        )
    )
    assert [d.count for d in apart.designs] == [3, 1]  # two sheets: two designs


def test_the_tanks_of_a_design_listed_twice_in_quantity():
    """With drop_tanks_in_quantity, 5 drop-tank Vigilants listed as 2 and 3: tanks 1 + 4 x 0.8 = 4.2, as when
    listed once; a tug listing of 1 more with 1000 tons extra (MCr 2 of tanks a ship): 1 + 0.8 x (5 + 2 - 1) = 5.8."""
    path = "tcs/fleets/no-tugs/vigilant-drop-tanks.txt"
    quantity = Scenario(drop_tanks_in_quantity=True)
    assert fleet_cost(_fleet([(path, 2, Decimal(0)), (path, 3, Decimal(0))], quantity)).tanks == Decimal("4.2")
    assert fleet_cost(_fleet([(path, 5, Decimal(0)), (path, 1, Decimal(1000))], quantity)).tanks == Decimal("5.8")


def test_a_fleet_file_says_a_sheet_listed_again_and_why_a_sheet_gives_no_ship(tmp_path):
    from typer.testing import CliRunner

    from shipyard.cli import app

    (tmp_path / "vigilant-legal.txt").write_text((FIXTURES / "highguard" / "vigilant-legal.txt").read_text())
    (tmp_path / "kuvasz.usd").write_text((FIXTURES / "mcs" / "kuvasz.usd").read_text())
    fleet = tmp_path / "fleet.toml"
    fleet.write_text(
        '[[ship]]\nsheet = "vigilant-legal.txt"\ncount = 3\n\n[[ship]]\nsheet = "missing.txt"\n\n'
        '[[ship]]\nsheet = "kuvasz.usd"\n'
    )
    result = CliRunner().invoke(app, ["check", str(fleet)])
    assert [line for line in result.stdout.splitlines() if "SCN" in line] == [
        f"{fleet}:6:1: error: SCN003 missing.txt: cannot read file: No such file or directory (IO001)",
        f"{fleet}:9:1: error: SCN003 kuvasz.usd: holds no High Guard ship (it is a USD sheet)",
    ]
    fleet.write_text('[[ship]]\nsheet = "vigilant-legal.txt"\ncount = 1.5\nrole = "tugg"\n')
    result = CliRunner().invoke(app, ["check", "--select", "SCN", str(fleet)])
    assert result.stdout.splitlines()[:2] == [  # each value as the file writes it, not Decimal('1.5')
        f"{fleet}:3:1: error: SCN002 ship[0].count: Input should be a valid integer, got a number with a "
        "fractional part, found 1.5",
        f"{fleet}:4:1: error: SCN002 ship[0].role: Input should be 'warship', 'tug', 'tender' or 'other', found 'tugg'",
    ]
    (tmp_path / "fleet.toml").write_text(
        '[[ship]]\nsheet = "vigilant-legal.txt"\ncount = 3\n\n[[ship]]\nsheet = "./vigilant-legal.txt"\n'
    )
    again = CliRunner().invoke(app, ["check", "--select", "SCN", str(tmp_path / "fleet.toml")])
    assert again.stdout.splitlines()[0] == (
        f"{fleet}:6:1: info: SCN004 ./vigilant-legal.txt is listed again (first on line 2): each of its ships is "
        "priced with its like from the first listing by the quantity rule (one architect's fee a design, every "
        "further ship at 80%)"
    )
    (tmp_path / "fleet.toml").write_text(
        f'[[ship]]\nsheet = "vigilant-legal.txt"\ncount = 3\n\n[[ship]]\n'
        f'sheet = "../{tmp_path.name}/vigilant-legal.txt"\n'
    )
    priced = CliRunner().invoke(
        app,
        [
            "check",
            "--select",
            "TCS201",
            "--scenario",
            str(FIXTURES / "tcs" / "fleets" / "small-budget.toml"),
            str(fleet),
        ],
    )
    assert "the fleet costs MCr 13,690.373 (4 x Vigilant: MCr 13,690.373)" in priced.stdout  # one design, however named


def test_a_key_with_two_letters_swapped_gets_its_did_you_mean(tmp_path):
    """'rloe' is 0.75 of 'role' by difflib's likeness, below its cut: the letters in another order are named."""
    from typer.testing import CliRunner

    from shipyard.cli import app

    fleet = tmp_path / "fleet.toml"
    fleet.write_text('[[ship]]\nsheet = "vigilant.txt"\nrloe = "tug"\n')
    result = CliRunner().invoke(app, ["check", str(fleet)])
    assert f"{fleet}:3:1: error: SCN002 ship[0].rloe: unknown key (did you mean 'role'?), found 'tug'" in result.stdout


def test_a_fleet_file_not_read_exits_2_as_an_unreadable_input(tmp_path):
    """A fleet file that is not TOML (SCN001) or whose values do not validate (SCN002) is an input not read: ``audit``
    and ``check`` exit 2, as for a scenario not read, not 1 (findings in what was read), and ``tcs battle`` says which
    (it said "a fleet file, not a sheet" of a fleet file not TOML); a fleet file that reads but whose fleet breaks a
    rule exits 1."""
    import shutil

    from conftest import ROOT
    from typer.testing import CliRunner

    from shipyard.cli import app

    shutil.copy(ROOT / "examples" / "fleet" / "vigilant.txt", tmp_path)
    fleet = tmp_path / "fleet.toml"
    scenario = str(ROOT / "examples" / "fleet" / "scenario.toml")
    for text, code in (('[[ship]]\nsheet = "vigilant.txt"\ncount = \n', "SCN001"), ("[[ship]]\ncount = 1\n", "SCN002")):
        fleet.write_text(text)
        battle = ["tcs", "battle", str(fleet), str(ROOT / "examples" / "tcs1981" / "lances.toml"), "--runs", "1"]
        for command in (["audit", str(fleet)], ["check", "--scenario", scenario, str(fleet)], battle):
            result = CliRunner().invoke(app, command)
            assert result.exit_code == 2 and f"error: {code}" in result.output, (command, result.output)
    fleet.write_text('[[ship]]\nsheet = "vigilant.txt"\ncount = 400\n')  # over the budget: TCS201
    result = CliRunner().invoke(app, ["check", "--scenario", scenario, str(fleet)])
    assert result.exit_code == 1 and "TCS201" in result.output


def test_a_fleet_file_saved_as_utf_16_is_told_as_a_fleet(tmp_path):
    """Notepad's "Unicode": the sniff that asks whether a folder's TOML file is a fleet reads it as a sheet is
    read (it read the bytes as UTF-8, so a UTF-16 fleet file was no fleet, and a folder was priced one of each)."""
    from shipyard.systems.tcs.fleet import is_fleet_file, load_fleet

    fleet = tmp_path / "fleet.toml"
    fleet.write_bytes('[[ship]]\nsheet = "vigilant-legal.txt"\ncount = 4\n'.encode("utf-16"))
    (tmp_path / "vigilant-legal.txt").write_text((FIXTURES / "highguard" / "vigilant-legal.txt").read_text())
    assert is_fleet_file(fleet)
    problems: list = []
    loaded = load_fleet(tmp_path, Scenario(), problems)
    assert loaded is not None and [m.count for m in loaded.members] == [4]


def test_a_value_from_a_file_is_quoted_bounded(tmp_path):
    """pydantic's refusal of a 5,000-character count quoted it whole; a value is quoted by its beginning and its
    length (as every message quotes one), a 3,000-item list by its first items and its count."""
    from typer.testing import CliRunner

    from shipyard.cli import app

    fleet = tmp_path / "fleet.toml"
    fleet.write_text('[[ship]]\nsheet = "v.txt"\ncount = "' + "S" * 5000 + '"\n')
    result = CliRunner().invoke(app, ["check", str(fleet)])
    assert result.stdout.splitlines()[0].endswith("found '" + "S" * 79 + "…' (5,000 characters)")
    fleet.write_text('[[ship]]\nsheet = "v.txt"\ncount = [' + ", ".join(["1"] * 3000) + "]\n")
    listed = CliRunner().invoke(app, ["check", str(fleet)]).stdout.splitlines()[0]
    assert listed.endswith(", 1, … (3,000 items)]") and len(listed) < 300
