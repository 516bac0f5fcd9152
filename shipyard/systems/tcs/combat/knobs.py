"""The doctrine knobs a TCS fleet search turns (docs/tcs-search.md): each a name, its choices (the first is the
engine's default, ``engine.Orders``) and the fields of ``Orders`` each choice sets. They are the doctrine of a
fleet file's ``[doctrine]`` (docs/tcs-combat.md, "Doctrine"), which the best fleet is written with."""

from __future__ import annotations

from typing import Any

#: Knob -> choice -> the Orders fields it sets. High Guard (1980) combat step 1 (formation: the classes held in the
#: reserve line), step 3 (the range the side with the initiative asks for), step 4 (how the batteries are shared
#: over the targets presented), and the lasers' and energy weapons' fire against missiles (active defences). A
#: reserve of "smallest" or "largest" is the class of the fewest or the most tons the fleet bought, named when the
#: fleet is built.
KNOBS: dict[str, dict[str, dict[str, Any]]] = {
    "range": {"best": {"range": "best"}, "long": {"range": "long"}, "short": {"range": "short"}},
    "fire": {"spread": {"fire": "spread"}, "focus": {"fire": "focus"}},
    "reserve": {"none": {}, "smallest": {}, "largest": {}},
    "beam-defence": {"no": {"beam_defence": False}, "yes": {"beam_defence": True}},
}

#: Knob choices that fight the same battles as another when the fleet has nothing the difference uses, and what
#: makes them differ: lasers or energy weapons to defend with; two classes or more to hold one back (a fleet of one
#: class held whole in reserve has no line to fight with).
FOLDS: dict[tuple[str, str], tuple[str, str]] = {
    ("beam-defence", "yes"): ("no", "beam"),
    ("reserve", "smallest"): ("none", "classes"),
    ("reserve", "largest"): ("none", "classes"),
}
