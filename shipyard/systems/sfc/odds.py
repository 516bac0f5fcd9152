"""Exact odds of the Simple Fleet Combat roll (SFC "Firing", "Combat Factors", "TL Effects", "Combat Outcomes"):
each side rolls 1d6 and adds its combat factor; the attack damages on a higher score and destroys on 5 or more
over. Enumerated over the 36 pairs of dice, as fractions.

Readings: a score that does not beat the target's is no effect on either (the 2nd edition: "elements cannot be
damaged or destroyed while making their own attacks"); "-1 if damaged" is one point however many damage markers
an element carries; a supporting element adds its supporting factor, and does not roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from shipyard.core.terms import Term
from shipyard.systems.sfc import charts as c


@dataclass(frozen=True)
class Side:
    """One side of a combat roll: the element, its TL, whether damaged, its supporters (attack only)."""

    element: str
    tl: int = 10
    damaged: bool = False
    supports: tuple[str, ...] = ()


@dataclass
class Attack:
    """One attack's factors and the exact chances of its outcomes."""

    attacker_terms: list[Term]
    defender_terms: list[Term]
    attacker_faces: frozenset[int]
    defender_faces: frozenset[int]
    no_effect: Fraction
    damaged: Fraction
    destroyed: Fraction
    notes: list[str] = field(default_factory=list)

    @property
    def attack(self) -> int:
        return sum(t.value for t in self.attacker_terms)

    @property
    def defence(self) -> int:
        return sum(t.value for t in self.defender_terms)


def _die(inferior_faces: frozenset[int]) -> dict[int, Fraction]:
    """A d6 as the TL effect leaves it: the faces that count as 1 count as 1."""
    found: dict[int, Fraction] = {}
    for face in range(1, c.DIE + 1):
        value = 1 if face in inferior_faces else face
        found[value] = found.get(value, Fraction(0)) + Fraction(1, c.DIE)
    return found


def attack(
    attacker: Side, defender: Side, successive: int = 0, near_world: bool = False, on_world: bool = False
) -> Attack:
    """The odds of one attack. ``successive``: the attack's place in a successive-fire chain (1 for the first
    successive attack, -1 each); ``near_world``: the defender (SDBs or fighters) is within 1" of a world with
    other elements; ``on_world``: an assault transport on the world of the deep meson gun it attacks."""
    a, d = c.ELEMENTS[attacker.element], c.ELEMENTS[defender.element]
    notes: list[str] = []
    factor = a.combat
    if on_world and a.key == "assault-transport" and d.key == "deep-meson-gun":
        factor = c.ASSAULT_ON_WORLD[0]
        notes.append("assault transport on the world of the deep meson gun: +12")
    attacker_terms = [Term(a.name, factor)]
    if attacker.damaged:
        attacker_terms.append(Term("damaged", c.DAMAGED))
    for support in attacker.supports:
        s = c.ELEMENTS[support]
        value = (
            c.ASSAULT_ON_WORLD[1]
            if on_world and s.key == "assault-transport" and d.key == "deep-meson-gun"
            else s.support
        )
        attacker_terms.append(Term(f"{s.name} support", value))
    if successive:
        attacker_terms.append(Term(f"successive attack {successive}", c.SUCCESSIVE * successive))
    if near_world:
        if d.key in c.NEAR_WORLD_TARGETS:
            attacker_terms.append(Term("target near its world", c.NEAR_WORLD))
        else:
            notes.append(f"near a world changes nothing against {d.name} (only SDBs and fighters)")
    defender_terms = [Term(d.name, d.combat)]
    if defender.damaged:
        defender_terms.append(Term("damaged", c.DAMAGED))
    attacker_faces = c.faces(defender.tl - attacker.tl)
    defender_faces = c.faces(attacker.tl - defender.tl)
    attack_total = sum(t.value for t in attacker_terms)
    defence_total = sum(t.value for t in defender_terms)
    chances = {"none": Fraction(0), "damaged": Fraction(0), "destroyed": Fraction(0)}
    for roll_a, p_a in _die(attacker_faces).items():
        for roll_d, p_d in _die(defender_faces).items():
            over = (roll_a + attack_total) - (roll_d + defence_total)
            outcome = "destroyed" if over >= c.DESTROYS_OVER else "damaged" if over >= c.DAMAGES_OVER else "none"
            chances[outcome] += p_a * p_d
    return Attack(
        attacker_terms,
        defender_terms,
        attacker_faces,
        defender_faces,
        chances["none"],
        chances["damaged"],
        chances["destroyed"],
        notes,
    )


def chain(attacker: Side, defender: Side, targets: int, near_world: bool = False) -> list[Fraction]:
    """A successive-fire chain against ``targets`` elements like ``defender`` (undamaged): the chance that it
    destroys exactly k of them, k = 0 .. targets. Each destruction allows the next attack, at -1 more."""
    found: list[Fraction] = []
    reach = Fraction(1)  # the chance the chain reaches attack k
    for k in range(targets):
        p = attack(attacker, defender, successive=k, near_world=near_world).destroyed
        found.append(reach * (1 - p))
        reach *= p
    found.append(reach)
    return found


def survival(attacker: Side, defender: Side, attacks: int) -> list[Fraction]:
    """The chance ``defender`` is still there after each of ``attacks`` attacks (damage markers counted to its
    capacity; a damaged element defends at -1)."""
    capacity = c.ELEMENTS[defender.element].capacity
    markers: dict[int, Fraction] = {0: Fraction(1)}  # damage markers -> chance, while alive
    alive: list[Fraction] = []
    for _ in range(attacks):
        following: dict[int, Fraction] = {}
        for count, chance in markers.items():
            odds = attack(attacker, Side(defender.element, defender.tl, count > 0 or defender.damaged))
            following[count] = following.get(count, Fraction(0)) + chance * odds.no_effect
            if count + 1 < capacity:
                following[count + 1] = following.get(count + 1, Fraction(0)) + chance * odds.damaged
        markers = following
        alive.append(sum(markers.values(), Fraction(0)))
    return alive


def points(element: str, tl: int) -> Fraction | None:
    """SFC points of one element at a TL; None for a TL the seed gives no multiplier for."""
    multiplier = c.TL_MULTIPLIERS.get(tl)
    return None if multiplier is None else c.ELEMENTS[element].points * multiplier
