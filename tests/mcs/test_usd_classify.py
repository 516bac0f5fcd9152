"""The USD reader's classifier on its own: what each line of a sheet is, from the line alone
(``read/classify.py``: it reports nothing and changes nothing). The lines are the seed's sample sheets' and the
copies' the reader survives."""

from __future__ import annotations

import pytest

from shipyard.core.grammar import quick_parser
from shipyard.systems.mcs.read.classify import LineKind, classify

K = LineKind
PARSER = quick_parser("usd.lark", "line")

CASES = [
    ("Displacement: 15000 tons  Mass: 150000 tons", K.FIELDS),
    ("Size: 7  Toughness: 15  Armour: 12", K.FIELDS),
    ("Fire Cotnrol: +2", K.FIELDS),  # a near miss of a key is still a line of fields
    ("Kuvasz (escort frigate) TL: 12", K.ITEMS),  # a heading before TL
    ("2xLaser Battery (+2) (14:9 14:9 14:9 12:7)", K.ITEMS),
    ("Missile Barbettes (+4) 18:12 (-6 size&evade)", K.ITEMS),
    ("Notes: high automation", K.ITEMS),
    ("2xLaser Battery (+2) (l4:9 14:9 14:9 12:7)", K.RATED),  # a scanner's letter: read in joins, not here
    ("2xLaser Battery (+2) (14:9 14:9", K.RATED),  # broken by an e-mail's wrapping
    ("only useable at Medium range or less", K.PROSE),  # a range limit: read under its battery
    ("Designed for the Imperial Navy.", K.PROSE),
]


@pytest.mark.parametrize(("line", "kind"), CASES, ids=[c[0][:40] for c in CASES])
def test_each_line_is_told_by_its_shape(line: str, kind: LineKind):
    assert classify(line, PARSER).kind is kind


def test_a_line_carries_what_reading_it_gave():
    """A line of fields carries its items (keys and values, at their columns); a parsed line its tree; a line
    refused, nothing."""
    fields = classify("Size: 7  Toughness: 15", PARSER)
    assert [(item.key.text, [v.text for v in item.values]) for item in fields.fields or []] == [
        ("Size:", ["7"]),
        ("Toughness:", ["15"]),
    ]
    assert fields.tree is None
    parsed = classify("2xLaser Battery (+2) (14:9 14:9 14:9 12:7)", PARSER)
    assert parsed.tree is not None and parsed.fields is None
    refused = classify("Designed for the Imperial Navy.", PARSER)
    assert refused.tree is None and refused.fields is None
