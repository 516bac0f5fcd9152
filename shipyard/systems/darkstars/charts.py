"""The Dark Stars display's tables, each once, cited by the passage of the seed they come from (Dark Stars,
"The solar system is generated randomly", "UP WELL", "ORBIT", "DOWN WELL", the drives of each race, fuel cells,
"Gravity Assist")."""

from __future__ import annotations

#: The display: the star's hex and this many rings ("orbitals"); ring n has 6n hexes.
ORBITALS = 9
HEXES_PER_RING = 6

#: "The solar system is generated randomly, rolling 1d6 for each orbital": orbital -> the body for rolls 1-6
#: (None: no planet). The seed's table is tab-aligned; read with tab stops of 8, its row 5 has no entry under
#: orbitals 1, 5 and 9, and its row 6 only t4 (orbital 3) and g5 (orbital 6).
GENERATION: dict[int, tuple[str | None, ...]] = {
    1: ("t1", "t1", "t1", "t2", None, None),
    2: ("t1", "t1", "t2", "t2", "t3", None),
    3: ("t1", "t2", "t2", "t3", "t3", "t4"),
    4: ("t2", "t2", "t3", "t4", "t5", None),
    5: ("t2", "g1", "g2", "g3", None, None),
    6: ("g1", "g2", "g3", "g4", "g4", "g5"),
    7: ("g2", "g2", "g3", "g4", "g5", None),
    8: ("g2", "g2", "g3", "g3", "g4", None),
    9: ("g1", "g2", "g3", "g4", None, None),
}
GENERATION_DIE = 6

#: The movement tables: move type -> speed choice -> the change for a start orbital in 1-3, 4-7 and 8-9.
ORBITAL_BANDS = ((1, 3), (4, 7), (8, 9))
MOVEMENT: dict[str, dict[str, tuple[int, int, int]]] = {
    "up": {"HA": (4, 3, 2), "LA": (1, 1, 1), "HD": (-5, -4, -4), "LD": (-2, -2, -2), "NC": (-1, -1, -1)},
    "orbit": {"HA": (4, 3, 2), "LA": (1, 1, 1), "HD": (-4, -3, -2), "LD": (-1, -1, -1), "NC": (0, 0, 0)},
    "down": {"HA": (5, 4, 3), "LA": (2, 2, 2), "HD": (-4, -3, -2), "LD": (-1, -1, -1), "NC": (1, 1, 1)},
}
SPEEDS = ("HA", "LA", "HD", "LD", "NC")

#: The drives of each race: (race, drive) -> (speed choices, move types, consumes fuel, interstellar).
DRIVES: dict[tuple[str, str], tuple[frozenset[str], frozenset[str], bool, bool]] = {
    ("riin", "polarizer"): (frozenset(SPEEDS), frozenset({"orbit", "down"}), False, False),
    ("riin", "photon"): (frozenset({"HA", "HD", "NC"}), frozenset({"up"}), False, True),
    ("gzrel", "sail"): (frozenset({"LA", "LD", "NC"}), frozenset({"orbit", "up"}), False, False),
    ("gzrel", "ramjet"): (frozenset({"LD", "NC"}), frozenset({"orbit", "down"}), False, True),
    ("tassar", "pulse"): (frozenset({"HD", "HA", "NC"}), frozenset({"up", "orbit", "down"}), True, False),
    ("tassar", "ram-rocket"): (frozenset({"HD", "NC"}), frozenset({"orbit", "down"}), False, True),
    ("terran", "x-ray-laser"): (frozenset(SPEEDS), frozenset({"up", "orbit", "down"}), True, False),
}
#: "For the Tassar and Terran: explorer ships have 100 fuel cells, light warships have 60 cells, heavy warships
#: have 300 cells, and colony ships have 150 cells. HA and HD consumes 8 cells. LA or LD consumes 2 cells. NC
#: consumes 1."
FUEL_CELLS: dict[str, int] = {"explorer": 100, "light-warship": 60, "heavy-warship": 300, "colony": 150}
FUEL_COST: dict[str, int] = {"HA": 8, "HD": 8, "LA": 2, "LD": 2, "NC": 1}

#: "Gravity Assist": the hexes of change a body allows: t1-t4 one, t5, g1, g2 two, g3-g5 and stars three.
GRAVITY_ASSIST: dict[str, int] = {
    "t1": 1,
    "t2": 1,
    "t3": 1,
    "t4": 1,
    "t5": 2,
    "g1": 2,
    "g2": 2,
    "g3": 3,
    "g4": 3,
    "g5": 3,
    "star": 3,
}
#: Consecutive hexes beside the body to accelerate more; one to decelerate more.
ASSIST_ACCELERATE_HEXES = 2
ASSIST_DECELERATE_HEXES = 1
BODY_TYPES = tuple(GRAVITY_ASSIST)[:-1]


def band_of(orbital: int) -> int:
    """The column of the movement tables for a start orbital (0: 1-3, 1: 4-7, 2: 8-9)."""
    for index, (low, high) in enumerate(ORBITAL_BANDS):
        if low <= orbital <= high:
            return index
    raise ValueError(f"orbital {orbital} is not on the display")


def change(move: str, speed: str, orbital: int) -> int:
    """The speed change of a move type and speed choice from a start orbital."""
    return MOVEMENT[move][speed][band_of(orbital)]
