"""The keys of a USD sheet: the spellings each field is written with, the sensor and signature kinds, and the
letters of each key for the typo that likeness ranks too low."""

from __future__ import annotations

from shipyard.systems.mcs import charts

# ---- keys -----------------------------------------------------------------------------------

#: Canonical field name -> the spellings a sheet uses (compared lower-case, without spaces, '-', '_').
KEY_SPELLINGS: dict[str, tuple[str, ...]] = {
    "class": ("class", "shipclass"),
    "tl": ("tl", "techlevel"),
    "type": ("type",),
    "displacement": ("displacement", "tonnage"),
    "cost": ("cost", "price"),
    "mass": ("mass",),
    "size": ("size",),
    "armour": ("armour", "armor"),
    "toughness": ("toughness",),
    "maneuver": ("maneuver", "manoeuvre", "manuever"),
    "jump": ("jump",),
    "power": ("power",),
    "g_tolerance": ("gtolerance",),
    "jump_fuel": ("jfuel", "jumpfuel"),
    "cargo": ("cargo",),
    "crew": ("crew",),
    "troops": ("troops",),
    "passengers": ("passengers", "passenger"),
    "computers": ("computers", "computer"),
    "sensors": ("sensors",),
    "signature": ("signature", "signatures"),
    "ecm": ("ecm",),
    "fire_control": ("firecontrol",),
    "weapons": ("weapons",),
    "defences": ("defences", "defenses"),
    "meson_screen": ("mesonscreen",),
    "missile_launchers": ("launchers", "missilelaunchers"),
    "sandcaster_count": ("sandcasters",),
    "skill": ("skill",),
    "skill_attribute": ("skill+attribute", "skillattribute"),
}
SENSOR_KINDS = {
    "pems": "PEMS",
    "aems": "AEMS",
    "lidar": "LIDAR",
    "grav": "Grav",
    "neut": "Neut",
    "radar": "Radar",
    "emm": "EMM",
}
SIGNATURE_KINDS = ("vis", "ir", "active", "lidar")
CREW_QUALITIES = tuple(name.lower() for name in charts.CREW_QUALITY)  # section 1.0's table, its names

_CANONICAL: dict[str, str] = {s: name for name, spellings in KEY_SPELLINGS.items() for s in spellings}
_CANONICAL.update(dict.fromkeys(SENSOR_KINDS, "sensor"))
_CANONICAL.update({f"{q}crew": "crew_quality" for q in CREW_QUALITIES})
_SIGNATURE_ONLY = {"vis", "ir", "active"}
_CANONICAL.update(dict.fromkeys(_SIGNATURE_ONLY, "signature_part"))
_FUZZY_CUTOFF = 0.8


def _anagrams() -> dict[str, str | None]:
    """Each key by its letters in order, for the typo difflib ranks too low: two letters swapped ("Crwe" is 0.75
    of "Crew", "AMES" of "AEMS"). None where keys of two fields share their letters (not guessed)."""
    found: dict[str, str | None] = {}
    for key in _CANONICAL:
        letters = "".join(sorted(key))
        seen = found.setdefault(letters, key)
        if seen is not None and _CANONICAL[seen] != _CANONICAL[key]:
            found[letters] = None
    return found


_ANAGRAMS = _anagrams()
