"""The display's hexes in integer axial coordinates (q, r): the star at (0, 0), the orbital of a hex its
distance from the star. Drawn pointy-top with y growing downward (x = sqrt(3) (q + r/2), y = 3/2 r), the
directions below go round clockwise, and a ring is walked clockwise from its north-west corner."""

from __future__ import annotations

from collections.abc import Iterator

Hex = tuple[int, int]

#: Clockwise: east, south-east, south-west, west, north-west, north-east.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
STAR: Hex = (0, 0)


def distance(a: Hex, b: Hex = STAR) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def orbital(h: Hex) -> int:
    return distance(h)


def adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def ring(n: int) -> list[Hex]:
    """The hexes of orbital ``n`` in clockwise order, from its north-west corner (0, -n)."""
    if n == 0:
        return [STAR]
    found: list[Hex] = []
    q, r = 0, -n
    for dq, dr in DIRECTIONS:
        for _ in range(n):
            found.append((q, r))
            q, r = q + dq, r + dr
    return found


def clockwise(h: Hex, steps: int = 1) -> Hex:
    """The hex ``steps`` further clockwise in the same orbital."""
    hexes = ring(orbital(h))
    return hexes[(hexes.index(h) + steps) % len(hexes)]


def display(orbitals: int) -> Iterator[Hex]:
    for n in range(orbitals + 1):
        yield from ring(n)
