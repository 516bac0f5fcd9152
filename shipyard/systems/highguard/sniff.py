"""How a High Guard sheet is told from other text, before its parser is loaded: it holds a USP or a component
line. The shapes live here once; the parser classifies its lines with them too."""

from __future__ import annotations

import re

#: A USP: type code, three digit blocks and the fighter code ("BC-A2447G2-000510-50202-0"; High Guard, the USP).
USP_SHAPE = re.compile(r"(?<![A-Za-z0-9])([A-Z0-9]{1,2})-([0-9A-Z]{7})-([0-9A-Z]{6})-([0-9A-Z]{5})-([0-9A-Z]{1,2})")
#: A USP, whole or broken by a copy with spaces after its dashes ("CR- M2234F3- C41106- 23405- 0"), its type
#: code perhaps in lower case ("Cr-"), its digits perhaps a scanner's letters (a lower-case l or o; the capitals
#: I and O are letters no eHex digit is, so they pass as the shape's capitals: "47ll00", "6OOO9").
BROKEN_USP_SHAPE = re.compile(
    r"(?<![A-Za-z0-9])[A-Za-z0-9]{1,2}-[ \t]*[0-9A-Zlo]{7}-[ \t]*[0-9A-Zlo]{6}-[ \t]*"
    r"[0-9A-Zlo]{5}-[ \t]*[0-9A-Zlo]{1,2}(?![A-Za-z0-9])"
)
#: A component sheet line: "... 200.000Td; MCr 40.000 ..." (High Guard Shipyard's component sheets).
COMPONENT_SHAPE = re.compile(r"Td\s*;\s*MCr", re.I)


#: What any USP holds, whole or broken (the dashes about its first block), found far faster than the whole
#: shape: a text without it holds none.
USP_CORE = re.compile(r"-[ \t]*[0-9A-Zlo]{7}-")


def looks_like_highguard(text: str) -> bool:
    """True when a text holds a USP (whole or broken by spaces) or a component line. A component line holds a
    semicolon and "MCr" in some case: a text without both is told without the case-blind search (which no
    literal speeds up: some 12 us on a 1 KB sheet, against 1 for its lower case)."""
    return bool(
        (USP_CORE.search(text) and BROKEN_USP_SHAPE.search(text))
        or (";" in text and "mcr" in text.lower() and COMPONENT_SHAPE.search(text))
    )
