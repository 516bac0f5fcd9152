"""The name a user meant: a did-you-mean for every name a file or a command line gives that names nothing (a
ship of a log, a battery, an element, a ruling's key), told one way everywhere."""

from __future__ import annotations

from collections.abc import Iterable

from shipyard.core.codes import nearest

#: The longest value a message quotes whole (in characters); a longer one is cut and its length said, so that a
#: stray paste of a whole file into one field gives a line a person can read.
QUOTED_MOST = 80


def quoted(value: object) -> str:
    """``value`` as Python quotes it (``'Laser'``, ``3``), or a text longer than QUOTED_MOST characters by its
    beginning and its length: ``'SSSS…' (5,000 characters)``."""
    if not isinstance(value, str) or len(value) <= QUOTED_MOST:
        return repr(value)
    return f"{value[: QUOTED_MOST - 1] + '…'!r} ({len(value):,} characters)"


def spelt(name: str) -> str:
    """A name as it is matched: any case and spacing."""
    return " ".join(name.lower().split())


def meant(wanted: str, names: Iterable[str], cutoff: float) -> str | None:
    """The one of ``names`` that ``wanted`` misspells (any case and spacing): the only one it begins ("Midu" for
    "Midu Agashaan"), else the only one of its letters in another order ("Crwe"), else the nearest whose
    likeness (difflib's ratio) is ``cutoff`` or more; None when none is."""
    by_spelling = {spelt(name): name for name in names}
    key = spelt(wanted)
    if not key:
        return None
    begun = [each for each in by_spelling if each.startswith(key)]
    near = begun[0] if len(begun) == 1 else nearest(key, by_spelling, cutoff)
    return by_spelling[near] if near is not None else None


def none_named(what: str, wanted: str, names: list[str], cutoff: float, among: str = "") -> str:
    """Why ``wanted`` names no ``what`` (a ship, an element) of ``names`` (``among``: where they are listed, as
    " in [ships]"): the one meant, when one is near, and every one there is."""
    return f"no {what} {quoted(wanted)}{among}{meant_hint(wanted, names, cutoff)}: expected one of {', '.join(names)}"


def meant_hint(wanted: str, names: Iterable[str], cutoff: float) -> str:
    """`` (did you mean 'NAME'?)`` for the name ``meant`` finds, or "" when none is near."""
    found = meant(wanted, names, cutoff)
    return f" (did you mean {found!r}?)" if found is not None else ""
