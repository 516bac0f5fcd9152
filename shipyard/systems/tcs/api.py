"""The Trillion Credit Squadron judge's public functions (re-exported by ``shipyard.api``): a finished battle
scored by Appendix A, and a battle formation turn log checked. None raises on bad input: a fleet, record or log
that does not read is a located finding."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from shipyard.core.codes import exit_status
from shipyard.core.diagnostics import Diagnostic, Severity, Span
from shipyard.search.limits import SCHEDULER_TIMEOUT

if TYPE_CHECKING:  # each loaded by the function that needs it: importing this module stays cheap
    from shipyard.search.driver import SearchResult, Settings
    from shipyard.search.results import SearchOutcome
    from shipyard.systems.highguard.build import Genome
    from shipyard.systems.tcs.combat.battle import FleetSide, Scored
    from shipyard.systems.tcs.combat.count import Counted
    from shipyard.systems.tcs.combat.odds import ShotOdds
    from shipyard.systems.tcs.combat.readings import Readings
    from shipyard.systems.tcs.scoring import FleetScore, Standing

__all__ = [
    "HgBattle",
    "HgBattleRequest",
    "HgShot",
    "HgShotRequest",
    "Scoring",
    "TcsDesign",
    "TcsSearch",
    "TcsSearchRequest",
    "check_formation_log",
    "hg_battle",
    "hg_readings",
    "hg_shot",
    "score",
    "scoring_document",
    "tcs_design",
    "tcs_search",
    "write_score_workbook",
]
#: The records this module's functions take or give back, by ``"module:attribute"``: docs/api.md documents each
#: beside the functions (a test holds every record a public signature names to it).
RECORDS = (
    "shipyard.systems.highguard.build:Genome",
    "shipyard.search.driver:SearchResult",
    "shipyard.search.driver:Settings",
    "shipyard.search.results:SearchOutcome",
    "shipyard.systems.tcs.combat.battle:Scored",
    "shipyard.systems.tcs.combat.count:Counted",
    "shipyard.systems.tcs.combat.engine:Orders",
    "shipyard.systems.tcs.combat.odds:ShotOdds",
    "shipyard.systems.tcs.combat.readings:Readings",
    "shipyard.systems.tcs.scoring:FleetScore",
    "shipyard.systems.tcs.scoring:Standing",
)


class Scoring(NamedTuple):
    """A battle scored by Appendix A: each fleet's score, the winner (None on a tie or when a fleet is
    missing), and every finding."""

    scores: list[FleetScore]
    leader: FleetScore | None
    tie: bool
    diagnostics: list[Diagnostic]
    unreadable: bool
    standing: Standing | None = None

    @property
    def winner(self) -> FleetScore | None:
        """The winner: the leader once no ruling is pending, else None (the standing is provisional)."""
        return self.leader if self.standing is None or not self.standing.provisional else None

    @property
    def exit_code(self) -> int:
        return exit_status(self.diagnostics, self.unreadable)


def score(
    fleet_a: str | Path,
    damage_a: str | Path,
    fleet_b: str | Path,
    damage_b: str | Path,
    scenario: str | Path | None = None,
) -> tuple[Scoring | None, list[Diagnostic]]:
    """Score a finished battle: each fleet (a fleet file or a folder) with its damage record. None and the
    problems when the scenario cannot be read."""
    from shipyard.systems.tcs.damage import load_record
    from shipyard.systems.tcs.fleet import load_fleet, load_scenario
    from shipyard.systems.tcs.scoring import score_fleet, standing, unasked_rulings, winner

    fleet_a, damage_a, fleet_b, damage_b = Path(fleet_a), Path(damage_a), Path(fleet_b), Path(damage_b)
    scenario = None if scenario is None else Path(scenario)
    chosen = None
    if scenario is not None:
        chosen, problems = load_scenario(scenario)
        if chosen is None:
            return None, problems
    diagnostics: list[Diagnostic] = []
    scores = []
    unreadable = False
    rulings = {scenario: chosen.rulings} if scenario is not None and chosen is not None else {}
    for fleet_path, record_path in ((fleet_a, damage_a), (fleet_b, damage_b)):
        fleet = load_fleet(fleet_path, chosen, diagnostics)
        record, positions = load_record(record_path, diagnostics)
        if fleet is None or record is None or not fleet.members:
            unreadable = True
            if fleet is not None and not fleet.members:
                diagnostics.append(
                    Diagnostic(
                        code="APX002",
                        severity=Severity.ERROR,
                        span=Span(path=str(fleet_path), line=1, col=1),
                        message="no High Guard ship in this fleet",
                    )
                )
            continue
        result, found = score_fleet(fleet, record, str(record_path), positions)
        diagnostics += found
        scores.append(result)
        if scenario is None and Path(fleet.path).is_file():
            rulings[Path(fleet.path)] = fleet.scenario.rulings  # a fleet file's own [scenario]
    if not unreadable:  # a fleet not scored asks for no rulings: none is said to be for nothing
        asked = set().union(*(s.asked for s in scores))
        diagnostics += [d for path, ruled in rulings.items() for d in unasked_rulings(path, ruled, asked)]
    best, tie = winner(scores) if len(scores) == 2 else (None, False)
    return Scoring(scores, best, tie, diagnostics, unreadable, standing(scores, best)), []


def scoring_document(result: Scoring) -> dict[str, object]:
    """The scoring as JSON data: fleets with their ships' loss lines, the winner, the findings."""

    def number(value: Decimal) -> float:
        return float(value)

    return {
        "fleets": [
            {
                "name": s.name,
                "spent_mcr": number(s.spent),
                "lost_mcr": number(s.lost),
                "spent_otherwise": (
                    {"by": s.other_spent[0], "mcr": number(s.other_spent[1])} if s.other_spent else None
                ),
                "percentage": number(s.percentage),
                "ships": [
                    {
                        "ship": loss.ship,
                        "sheet": loss.sheet,
                        "copy": loss.copy,
                        "status": loss.status,
                        "value_mcr": number(loss.value),
                        "lost_mcr": number(loss.lost),
                        "lines": [
                            {
                                "table": x.table,
                                "how": x.how,
                                "mcr": number(x.mcr),
                                "of_mcr": number(x.of) if x.of is not None else None,
                            }
                            for x in loss.lines
                        ],
                    }
                    for loss in s.ships
                ],
            }
            for s in result.scores
        ],
        "winner": result.winner.name if result.winner else None,
        "tie": result.tie,
        "standing": "provisional" if result.standing and result.standing.provisional else "final",
        "leader": result.leader.name if result.leader else None,
        "pending_rulings": result.standing.pending if result.standing else [],
        "decisive_rulings": result.standing.decisive if result.standing else [],
        "findings": [d.model_dump(mode="json") for d in result.diagnostics],
    }


def write_score_workbook(result: Scoring, output: Path) -> None:
    """The scores as a workbook (Scores and Losses), or with an ``.html`` output as a page with a chart of each
    fleet's losses by table."""
    if output.suffix.lower() == ".html":
        from shipyard.systems.tcs.report import write_scores_page

        write_scores_page(output, result.scores, result.leader, result.standing)
        return
    from shipyard.systems.tcs.report import write_scores

    write_scores(output, result.scores, result.leader, result.standing)


def check_formation_log(path: str | Path) -> tuple[int | None, list[Diagnostic], list[Diagnostic]]:
    """A battle formation turn log checked: the number of turns (None when the log cannot be read), the
    findings about the log (illegal entries; a log that is not TOML or does not validate), and the problems of
    reading the file itself."""
    from shipyard.core.source import read_sheet_text
    from shipyard.core.toml_input import load_toml_model
    from shipyard.systems.tcs.formation import TurnLog, check_log

    path = Path(path)
    text, problems = read_sheet_text(path, str(path))
    if text is None:
        return None, [], problems
    parsed, found, positions = load_toml_model(text, str(path), TurnLog, "FRM010", "FRM011", "TOML turn log")
    if parsed is None:
        return None, found, []
    return len(parsed.turn), check_log(parsed, str(path), positions), []


def hg_readings(*pairs: str, rerolls: bool = False) -> Readings:
    """The readings of High Guard combat (docs/tcs-combat.md, "Readings"), each ``NAME=VALUE`` chosen, with the
    TCS82 re-rolls on or off: ``hg_readings("beam_sand_base=8")``. A ValueError names the readings or values there
    are."""
    from dataclasses import replace

    from shipyard.systems.tcs.combat.readings import with_readings

    return replace(with_readings(list(pairs)), rerolls=rerolls)


@dataclass(frozen=True)
class HgShotRequest:
    """One battery's fire at one ship in High Guard combat: the sheets, the battery by the USP's word for its weapon
    (``missile``, ``laser``, ``energy``, ``pa``, ``meson``; ``missile#2``: the second), the range (``long`` or
    ``short``), the defender's active defences assigned to it (``{"sand": 1, "beam": 2, "repulsor": 1}``), the
    readings, and TCS82's concentrated fire and emergency agility."""

    attacker: str | Path
    target: str | Path
    battery: str
    band: str = "long"
    defence: dict[str, int] = field(default_factory=dict)
    readings: Readings | None = None
    concentrated: bool = False
    emergency_agility: bool = False
    attacker_ship: str | None = None
    target_ship: str | None = None


class HgShot(NamedTuple):
    """The exact odds (None when the shot cannot be worked), the ships' names, what was assumed about them, every
    finding, and whether an input could not be used at all."""

    odds: ShotOdds | None
    attacker: str
    target: str
    assumed: list[str]
    diagnostics: list[Diagnostic]
    unreadable: bool = False


def hg_shot(request: HgShotRequest) -> HgShot:
    """The exact odds of one battery's fire at one ship, every chance a fraction.

    >>> shot = hg_shot(HgShotRequest("fixtures/highguard/copies/tcs1981/cisor.txt",
    ...                              "fixtures/highguard/copies/tcs1981/eurisko.txt", "meson", "short"))
    >>> shot.odds.p_through
    Fraction(275, 2592)
    """
    from shipyard.systems.tcs.combat.build import load_combatant
    from shipyard.systems.tcs.combat.fire import CannotFire, attack
    from shipyard.systems.tcs.combat.odds import ShotOdds
    from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS

    r = request
    readings = r.readings or DEFAULT_READINGS
    firer, found, bad = load_combatant(r.attacker, r.attacker_ship, readings)
    aimed, more, bad_target = load_combatant(r.target, r.target_ship, readings)
    found += more
    if firer is None or aimed is None:
        return HgShot(None, "", "", [], found, bad or bad_target)
    word, _, index = r.battery.strip().lower().partition("#")
    batteries = firer.offensive(word)
    number = int(index) if index.isdigit() else 1
    where = Span(path=str(r.attacker), line=1, col=1)
    if not batteries or number < 1 or number > batteries[0].count or (index and not index.isdigit()):
        held = ", ".join(f"{b.weapon.replace('_', ' ')} x{b.count}" for b in firer.batteries) or "none"
        found.append(
            Diagnostic(
                code="TCB002",
                severity=Severity.ERROR,
                span=where,
                message=f"{firer.name} has no battery {r.battery!r}: its batteries are {held} "
                "(name one as missile, laser, energy, pa or meson, and #N for the Nth)",
            )
        )
        return HgShot(None, firer.name, aimed.name, [], found, True)
    try:
        shot = attack(
            firer, batteries[0], aimed, r.band, dict(r.defence), readings, r.concentrated, r.emergency_agility
        )
    except CannotFire as why:
        found.append(Diagnostic(code="TCB003", severity=Severity.ERROR, span=where, message=str(why)))
        return HgShot(None, firer.name, aimed.name, [], found)
    assumed = [f"{firer.name}: {text}" for text in firer.assumed] + [f"{aimed.name}: {text}" for text in aimed.assumed]
    if batteries[0].weapon == "missile":
        assumed.append(f"{firer.name}: missiles {firer.missiles} (the sheet does not say; reading missiles)")
    return HgShot(ShotOdds(shot), firer.name, aimed.name, assumed, found)


@dataclass(frozen=True)
class HgBattleRequest:
    """Two fleets (fleet files, folders of sheets, or sheets) in TCS battle: one narrated (``runs`` 1) or many
    counted, from ``seed`` over ``jobs`` processes; the readings (the TCS82 re-rolls on, as the tournament plays)
    and, for each side, what changes its fleet file's ``[doctrine]`` (fields of ``Orders``: ``{"fire":
    "focus"}``)."""

    fleet_a: str | Path
    fleet_b: str | Path
    runs: int = 1
    seed: int = 0
    jobs: int = 1
    readings: Readings | None = None
    doctrine: tuple[dict[str, object], dict[str, object]] = ({}, {})


class HgBattle(NamedTuple):
    """The battles counted (None when a fleet cannot fight), one battle's narration and score with each side's
    damage record (a single run), every finding, and whether an input could not be used at all."""

    counted: Counted | None
    narration: list[str] | None
    single: Scored | None
    diagnostics: list[Diagnostic]
    unreadable: bool = False
    assumed: tuple[str, ...] = ()


def hg_battle(request: HgBattleRequest, progress: Callable[[int, int], None] | None = None) -> HgBattle:
    """TCS battles under High Guard combat, scored by Appendix A.

    >>> result = hg_battle(HgBattleRequest("fixtures/tcs/battle/fleet-a.toml", "fixtures/tcs/battle/fleet-b.toml",
    ...                                    runs=40, seed=1))
    >>> [side.name for side in result.counted.sides], result.counted.runs
    (['Blue', 'Red'], 40)
    """
    from dataclasses import replace

    from shipyard.systems.tcs.combat.battle import fleet_side
    from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS

    r = request
    readings = r.readings or replace(DEFAULT_READINGS, rerolls=True)
    found: list[Diagnostic] = []
    sides = [
        fleet_side(Path(path), readings, doctrine, found)
        for path, doctrine in zip((r.fleet_a, r.fleet_b), r.doctrine, strict=True)
    ]
    if sides[0] is None or sides[1] is None:
        return HgBattle(None, None, None, found, True)
    fleets = [sides[0], sides[1]]
    if fleets[0].name == fleets[1].name:  # a fleet against itself: the two sides told apart in every line
        fleets = [replace(side, name=f"{side.name} ({letter})") for side, letter in zip(fleets, "AB", strict=True)]
    assumed = fleets[0].assumed() + fleets[1].assumed()
    result = _battles(r, fleets, readings, progress)
    if result.counted is not None:
        runs = result.counted.runs
        found += _scoring_findings(result.counted.findings, lambda seen: f"{seen} of {runs}")
    return result._replace(diagnostics=found, assumed=tuple(assumed))


def _scoring_findings(
    findings: Mapping[tuple[str, str, str, str], int], seen_of: Callable[[int], str]
) -> list[Diagnostic]:
    """What the Appendix A scoring found in battles (a value a sheet does not give, a hole of the tables), each once,
    as a warning saying in how many (``seen_of``: "12 of 100"): the battles are fought and counted all the same."""
    return [
        Diagnostic(
            code=code,
            severity=Severity.WARNING,
            span=Span(path=path, line=1, col=1),
            message=f"{message} (scoring {seen_of(seen)} battles)",
        )
        for (code, _severity, path, message), seen in findings.items()
    ]


def _reported_findings(result: SearchResult) -> tuple[dict[tuple[str, str, str, str], int], list[Diagnostic]]:
    """The scoring's findings of a search to say one by one (the catalogue's designs, the opponents, the designs of
    the search's own a reported fleet buys), and one summary a code for those of the designs of its own no reported
    fleet buys (a search makes hundreds: their holes of the tables would bury the rest)."""
    from shipyard.search.report import reported_designs

    designs = result.space.designs
    unreported = {d.name for i, d in enumerate(designs) if i >= result.space.offered} - {
        designs[i].name for i in reported_designs(result)
    }
    kept: dict[tuple[str, str, str, str], int] = {}
    folded: dict[tuple[str, str], tuple[set[str], int, int]] = {}
    for key, seen in result.findings().items():
        code, _, path, message = key
        name = message.partition(":")[0]
        if name not in unreported:
            kept[key] = seen
            continue
        names, findings, scorings = folded.get((code, path), (set(), 0, 0))
        folded[(code, path)] = (names | {name}, findings + 1, scorings + seen)
    summaries = [
        Diagnostic(
            code=code,
            severity=Severity.WARNING,
            span=Span(path=path, line=1, col=1),
            message=f"{findings:,} finding(s) of the scoring for {len(names):,} design(s) of the search's own that no "
            f"fleet it reports buys, met {scorings:,} times in the search's {result.battles:,} battles; those of "
            "the reported fleets' designs are said one by one",
        )
        for (code, path), (names, findings, scorings) in sorted(folded.items())
    ]
    return kept, summaries


def _battles(
    r: HgBattleRequest,
    fleets: list[FleetSide],
    readings: Readings,
    progress: Callable[[int, int], None] | None,
) -> HgBattle:
    from shipyard.systems.tcs.combat.battle import fight_once, score
    from shipyard.systems.tcs.combat.count import count, counted_one

    if r.runs == 1:
        narration: list[str] = []
        scored = score(fight_once(fleets, readings, r.seed, 0, narration), fleets, keep_records=True)
        return HgBattle(counted_one(fleets, r.seed, scored), narration, scored, [])
    return HgBattle(count(fleets, readings, r.runs, r.seed, r.jobs, progress), None, None, [])


@dataclass(frozen=True, kw_only=True)
class TcsSearchRequest:
    """A TCS fleet search: the designs of ``catalogue`` (High Guard sheets or catalogue files) bought under
    ``scenario`` (a scenario file; None: a trillion credits and no other requirement), fought in TCS battles against
    the opponents ``against`` (each a fleet file, folder or sheet, or sheets with counts joined by '+'; several: a
    pool). ``design``: how many designs of the search's own a fleet may have besides the catalogue's (which may then
    be empty), each made from genes by the High Guard design rules under the scenario (docs/tcs-search.md);
    ``ablate``: the best fleet's ablations after the search (each choice undone, each class left out, each other
    reading of the rules), fought on its fresh battles.
    ``knobs`` are the doctrine's knobs searched (None: every one), ``fixed`` the ones held at a choice;
    ``max_ships`` the most ships a fleet has; ``readings`` the High Guard readings (None: the defaults with the
    TCS82 re-rolls, as ``tcs battle``); the battles fought where ``executor`` says (as ``combat search``)."""

    catalogue: Sequence[str | Path]
    against: Sequence[str]
    scenario: str | Path | None = None
    design: int = 0
    ablate: bool = False
    settings: Settings | None = None
    knobs: Sequence[str] | None = None
    fixed: dict[str, str] = field(default_factory=dict)
    max_ships: int | None = None
    readings: Readings | None = None
    executor: str = "local"
    jobs: int | None = None
    scheduler: str | None = None
    scheduler_timeout: float = SCHEDULER_TIMEOUT


class TcsSearch(NamedTuple):
    """A TCS fleet search: what it found (``outcome``, the same record as an MCS search's; None when its inputs
    allow no search), with the findings of the catalogue, the scenario and the opponents. ``result`` is the search
    engine's own record, which the page and the fleet file are written from."""

    outcome: SearchOutcome | None
    diagnostics: list[Diagnostic]
    result: SearchResult | None = None


def tcs_search(request: TcsSearchRequest, *, progress: Callable[[int, int], None] | None = None) -> TcsSearch:
    """Search the fleets the scenario's budget buys of the catalogue's designs for the one that best beats the
    opponents in TCS battles (docs/tcs-search.md): the same ``settings.seed``, the same result on any executor and
    any number of ``jobs``. Needs the ``search`` extra. ValueError for an opponent that is not written as FILE or
    FILE=COUNT+FILE; ``shipyard.search.workers.Unreachable`` when the Dask scheduler does not answer."""
    from dataclasses import replace

    from shipyard.search import driver
    from shipyard.search.report import search_outcome
    from shipyard.search.space import space
    from shipyard.systems.tcs.combat import invented
    from shipyard.systems.tcs.combat import search as s
    from shipyard.systems.tcs.combat.readings import DEFAULT_READINGS
    from shipyard.systems.tcs.fleet import load_scenario
    from shipyard.systems.tcs.scenario import Scenario

    r = request
    settings = r.settings or driver.Settings()
    readings = r.readings or replace(DEFAULT_READINGS, rerolls=True)
    found: list[Diagnostic] = []
    scenario: Scenario | None = Scenario()
    if r.scenario is not None:
        scenario, found = load_scenario(Path(r.scenario))
    paths = [Path(source) for source in r.catalogue]
    top = Span(path=str(paths[0]) if paths else "-", line=1, col=1)
    if scenario is None:
        return TcsSearch(None, found)
    designs, most, more = s.load_catalogue(paths, scenario, readings)
    opponents, problems = s.load_opponents(r.against, readings)
    found += more + problems
    unusable = any(d.severity is Severity.ERROR and d.code.startswith(s.UNUSABLE) for d in found)
    if unusable or not opponents:
        if not unusable:
            message = "no opponent to search against"
            found.append(Diagnostic(code="SRC005", severity=Severity.ERROR, span=top, message=message))
        return TcsSearch(None, found)
    if r.design and (refused := invented.unmakeable(scenario)) is not None:
        at = Span(path=str(r.scenario or top.path), line=1, col=1)
        message = f"no design of the search's own can be made under the scenario: {refused[1]} ({refused[0]})"
        return TcsSearch(None, [*found, Diagnostic(code="SRC004", severity=Severity.ERROR, span=at, message=message)])
    problem = s.TcsProblem(designs, opponents, scenario, readings, where=top.path, slots=r.design)
    max_ships = r.max_ships if r.max_ships is not None else most
    max_ships = s.MAX_FLEET_SHIPS if max_ships is None else min(max_ships, s.MAX_FLEET_SHIPS)
    searched, more = space(problem, r.knobs, dict(r.fixed), max_ships, top)
    found += more
    if searched is None:
        return TcsSearch(None, found)
    where = driver.Where(executor=r.executor, jobs=r.jobs, scheduler=r.scheduler, timeout=r.scheduler_timeout)
    result, kept = driver.run_search(searched, settings, where, progress)
    found += kept
    if result is None:
        return TcsSearch(None, found)
    if r.ablate:
        from shipyard.systems.tcs.combat.ablation import ablate

        def rebuild(other: Readings) -> s.TcsProblem | None:
            """The search's problem under other readings: its catalogue and opponents read again."""
            assert scenario is not None
            again, _, _ = s.load_catalogue(paths, scenario, other)
            rivals, _ = s.load_opponents(r.against, other)
            if len(again) != problem.offered or len(rivals) != len(opponents):
                return None
            return s.TcsProblem(again, rivals, scenario, other, where=top.path, slots=r.design)

        result.ablations = ablate(result, where, rebuild)
    findings, unreported = _reported_findings(result)
    scored = _scoring_findings(findings, lambda seen: f"{seen:,} of the search's {result.battles:,}")
    scored += unreported
    unmade = [
        Diagnostic(
            code="SRC004",
            severity=Severity.WARNING,
            span=Span(path=str(r.scenario or top.path), line=1, col=1),
            message=f"{times:,} genome(s) the search asked for made no legal design ({code}: {why}): not bought",
        )
        for (code, why), times in sorted(problem.refusals.items())
    ]
    return TcsSearch(search_outcome(result), found + scored + unmade, result)


class TcsDesign(NamedTuple):
    """A design from genes: the component sheet's text (None when refused), the genome as fitted to the scenario,
    the repairs that fitting made (in words), why no design fits (the rule's code and why; None when one does), and
    the findings of every rule ``check --scenario`` runs on the sheet."""

    text: str | None
    genome: Genome | None
    repairs: list[str]
    refused: tuple[str, str] | None
    diagnostics: list[Diagnostic]


def tcs_design(genome: Genome, name: str, scenario: str | Path | None = None) -> TcsDesign:
    """A genome fitted to the scenario's tech level and requirements, the hardpoints and the hull as a designer would
    (``shipyard.systems.tcs.genes``), built by the High Guard design rules into a component sheet with its USP block
    in the form shipyard reads, and checked as ``check --scenario`` checks it. The drop tanks a genome asks for are kept
    (no more than leave it jump-1 carrying them) whether or not the scenario drops tanks before combat: the tugs that
    asks for are a fleet's (TCS202), not a design's.

    >>> from shipyard.systems.highguard.build import Genome
    >>> made = tcs_design(Genome(5000, 3, 4, 3, 3, 0, 6, 5, 2, 5, 1, 1, 12), "Vigilant")
    >>> made.text.splitlines()[7].split()[0], made.diagnostics
    ('BB-E333332-471100-60000-0', [])
    """
    from shipyard.core.pipeline import check_sheet, load_text
    from shipyard.systems.highguard.build import Refused, sheet_text
    from shipyard.systems.tcs.fleet import load_scenario
    from shipyard.systems.tcs.genes import fitted
    from shipyard.systems.tcs.scenario import Scenario

    rules: Scenario | None = Scenario()
    found: list[Diagnostic] = []
    if scenario is not None:
        rules, found = load_scenario(Path(scenario))
    if rules is None:
        return TcsDesign(None, None, [], None, found)
    try:
        built, repairs = fitted(genome, rules, tugs=True)
        text = sheet_text(built, name)
    except Refused as refused:
        return TcsDesign(None, None, [], refused.reason, found)
    checked = check_sheet(load_text(text, "design.txt", f"{name} (designed)"), scenario=rules)
    return TcsDesign(text, built, repairs, None, found + [d for d in checked.diagnostics if d.severity.value != "info"])
