"""The designs a TCS search makes of its own (``tcs search --design N``): a genome's genes fitted to the scenario as
a designer would (``tcs.genes.fitted``), built by the High Guard design rules into a component sheet
(``highguard.build.sheet_text``), read back by shipyard's own reader and checked alone by every ship rule ``check
--scenario`` runs, as a catalogue's sheet is. A design with an error is refused (never bought); two genomes a designer
fits alike are one design."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from shipyard.core.diagnostics import Severity, Span
from shipyard.core.sheet import SheetFile
from shipyard.systems.highguard import charts as hg
from shipyard.systems.highguard.build import Genome, Refused, sheet_text
from shipyard.systems.highguard.model import HighGuardShip
from shipyard.systems.tcs.combat.readings import Readings
from shipyard.systems.tcs.combat.ship import Combatant, combatant
from shipyard.systems.tcs.fleet import sheet_members
from shipyard.systems.tcs.genes import fitted, gene_ranges
from shipyard.systems.tcs.scenario import Scenario
from shipyard.systems.tcs.subject import FleetMember

#: A design's TL where the scenario sets none: the highest the High Guard drive tables build (jump-6).
DEFAULT_TL = max(hg.JUMP_MIN_TL.values())
#: The name of the k-th design a search makes, and its sheet's file name (written beside the fleet file).
NAME = "Invented {}"
SHEET = "invented-{}.txt"
#: Hex digits of the digest of a fleet's designs' genes, in its key.
DIGEST_CHARS = 12


def design_tl(scenario: Scenario) -> int:
    return scenario.tech_level if scenario.tech_level is not None else DEFAULT_TL


def genes(scenario: Scenario, tugs: bool = False) -> dict[str, list[Any]]:
    """The genes the search asks for, each with its values (``gene_ranges`` at the scenario's TL; the TL is the
    scenario's, not a gene; ``tugs``: the catalogue offers tugs for drop tanks dropped before combat)."""
    ranges: dict[str, list[Any]] = dict(gene_ranges(scenario, design_tl(scenario), tugs))
    del ranges["tl"]
    return ranges


@dataclass
class Made:
    """A design made: its genome as fitted, the repairs fitting made, its sheet's text and file name, the ship read
    back, or why it was refused (the rule's code and words)."""

    genome: Genome | None
    repairs: list[str]
    text: str | None = None
    sheet: str | None = None
    ship: HighGuardShip | None = None
    read: SheetFile | None = None
    refused: tuple[str, str] | None = None


def fit(
    values: dict[str, Any], scenario: Scenario, tugs: bool = False
) -> tuple[Genome | None, list[str], tuple[str, str] | None]:
    """The genome of ``values`` fitted to the scenario (``tugs`` as ``genes``), the repairs, or why none fits."""
    try:
        genome, repairs = fitted(Genome(**values, tl=design_tl(scenario)), scenario, tugs)
    except Refused as refused:
        return None, [], refused.reason
    return genome, repairs, None


def unmakeable(scenario: Scenario) -> tuple[str, str] | None:
    """Why no design of the search's own can meet the scenario (its TL builds no drive its requirements ask for),
    or None: the least of every gene fitted."""
    least = {name: values[0] if values else 0 for name, values in genes(scenario).items()}  # none: refused below
    return fit(least, scenario)[2]


def make(genome: Genome, repairs: list[str], number: int, scenario: Scenario, readings: Readings) -> Made:
    """The ``number``-th design of the search: its sheet written, read back and checked alone under the scenario
    (an error of any rule, or of the reading: refused, with the codes)."""
    from shipyard.core.pipeline import check_ship, load_text

    name, sheet = NAME.format(number), SHEET.format(number)
    try:
        text = sheet_text(genome, name)
    except Refused as refused:
        return Made(genome, repairs, refused=refused.reason)
    read = load_text(text, sheet)
    ships = [ship for ship in read.ships if isinstance(ship, HighGuardShip)]
    errors = {d.code for d in read.diagnostics if d.severity is Severity.ERROR}
    if ships:
        errors |= {d.code for d in check_ship(ships[0], sheet, scenario=scenario) if d.severity is Severity.ERROR}
    if not ships or errors or combatant(ships[0], readings) is None:
        why = f"breaks {', '.join(sorted(errors))}" if errors else "its sheet gives no ship that can fight"
        return Made(genome, repairs, text, sheet, refused=(sorted(errors)[0] if errors else "TCB001", why))
    return Made(genome, repairs, text, sheet, ships[0], read)


def parts(made: Made, readings: Readings) -> tuple[Combatant, FleetMember]:
    """A made design's combat template and fleet member (one ship, a warship), as a catalogue design's."""
    assert made.ship is not None and made.read is not None
    template = combatant(made.ship, readings)
    assert template is not None  # ``make`` refuses a design that cannot fight
    return template, sheet_members(made.read, 1, "warship", Decimal(0), [made.ship])[0]


def digest(genomes: list[tuple[int, Genome]]) -> str:
    """A digest of a fleet's designs of the search's own (each with its index): its key names them."""
    words = repr(sorted(genomes, key=lambda pair: pair[0]))
    return hashlib.sha256(words.encode()).hexdigest()[:DIGEST_CHARS]


def span(made: Made) -> Span:
    return Span(path=made.sheet or "-", line=1, col=1)
