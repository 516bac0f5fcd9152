"""The Simple Fleet Combat game's tables, each once, cited by the seed's section headings (SFC "Element Types
and Point Values", "Firing", "Combat Factors", "Combat Outcomes", "Damage Effects", "Command", "Jump Limit")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Element:
    """One element type: its points (at TL10), combat and supporting factors, range in inches, the damage
    results that kill it, and what it can do and carry."""

    key: str
    name: str
    points: int
    combat: int
    support: int
    range_inches: int
    capacity: int
    jumps: bool
    initiates: bool
    carries: tuple[str, int] | None = None  # (element type, how many)


#: SFC "Element Types and Point Values", "Combat Factors" ("combat factor (supporting factor)"; the transports
#: have no supporting factor: 0), "Firing" (range 4" for dreadnoughts, riders, deep meson guns and cruisers,
#: otherwise 2"; tenders and transports cannot initiate combat), "Damage Effects" (4 results kill a deep meson
#: gun or dreadnought; 3 cruisers, carriers, battle riders; 2 the others) and the jump line ("All but SDBs,
#: fighters, and riders are jump capable"). Carriers have room for 3 fighter elements, a dreadnought 1, a
#: tender one rider squadron. The Deep Meson Gun cannot move: it does not jump.
ELEMENTS: dict[str, Element] = {
    e.key: e
    for e in (
        Element("dreadnought", "Dreadnought", 24, 16, 4, 4, 4, True, True, ("fighter", 1)),
        Element("cruiser", "Cruisers", 8, 8, 2, 4, 3, True, True),
        Element("carrier", "Carrier", 4, 2, 1, 2, 3, True, True, ("fighter", 3)),
        Element("fighter", "Fighter", 2, 2, 1, 2, 2, False, True),
        Element("tender", "Tender", 3, 2, 1, 2, 2, True, False, ("rider", 1)),
        Element("sdb", "SDBs", 3, 4, 1, 2, 2, False, True),
        Element("escort", "Escorts", 4, 4, 1, 2, 2, True, True),
        Element("assault-transport", "Assault Transports", 2, 1, 0, 2, 2, True, True),
        Element("transport", "Transports", 1, 1, 0, 2, 2, True, False),
        Element("rider", "Riders", 12, 12, 3, 4, 3, False, True),
        Element("deep-meson-gun", "Deep Meson Gun", 12, 16, 4, 4, 4, False, True),
    )
}

#: SFC "Element Types and Point Values": point costs are for TL10; TL11 x1.5, TL12 x2, TL9 x0.5. Other TLs have
#: no multiplier in the seed.
TL_MULTIPLIERS: dict[int, Fraction] = {9: Fraction(1, 2), 10: Fraction(1), 11: Fraction(3, 2), 12: Fraction(2)}
#: "Suggested point total is 100 points per side."
SUGGESTED_POINTS = 100

#: SFC "Combat Factors", modifiers: -1 if damaged (combat factor only); -1 per successive attack; -1 attacking
#: SDBs and fighters within 1" of a world with non-SDB/non-fighters; an assault transport on a world attacking
#: the deep meson gun complex there is +12 (+3).
DAMAGED = -1
SUCCESSIVE = -1
NEAR_WORLD = -1
NEAR_WORLD_TARGETS = frozenset({"sdb", "fighter"})
ASSAULT_ON_WORLD = (12, 3)
#: SFC "Firing": successive fire at a target within 2" of the last.
SUCCESSIVE_REACH_INCHES = 2

#: SFC "TL Effects": TLs inferior -> the faces (of a d6) that count as 1, for attack and defence.
TL_INFERIOR_FACES: dict[int, frozenset[int]] = {
    0: frozenset(),
    1: frozenset({6}),
    2: frozenset({5, 6}),
    3: frozenset({4, 5, 6}),
}
#: The die of the combat roll.
DIE = 6

#: SFC "Combat Outcomes": the score over the opponent's that damages (more than equal) and that destroys (5+).
DAMAGES_OVER = 1
DESTROYS_OVER = 5

#: SFC "Turn Sequence" and "Command": 1d6 command points, +1 for a higher average TL (+2 for two or more), halved
#: (down) with the flagship destroyed; costs double beyond 12" of the flagship or with it destroyed.
COMMAND_DIE = 6
HIGHER_TL_BONUS = (1, 2)
FLAGSHIP_REACH_INCHES = 12
COMMAND_COST = 1
FAR_OR_LOST_FLAGSHIP = 2
#: SFC "Movement": cruising elements move 1-3" straight ahead.
CRUISE_INCHES = (1, 3)
#: SFC "Jump Limit": twice the world's diameter in thousands of miles, in inches (1" = 50,000 miles).
JUMP_LIMIT_PER_THOUSAND_MILES = 2


def faces(tl_inferior: int) -> frozenset[int]:
    """The faces that count as 1 for an element ``tl_inferior`` TLs below its opponent (3 or more alike)."""
    return TL_INFERIOR_FACES[min(max(tl_inferior, 0), 3)]


#: "Dreadnought: One large or two smaller dreadnoughts and 1 embarked fighter element, if any. 24 points." (Element
#: Types and Point Values): the carried elements an element's own points already pay for, (type, how many each),
#: shipyard's reading of "if any". A roster's ``fighter_in_dreadnought_points = false`` counts them apart.
INCLUDED_IN_POINTS: dict[str, tuple[str, int]] = {"dreadnought": ("fighter", 1)}
