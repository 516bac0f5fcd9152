"""The parse-error catalogue: lark's terminal names and exceptions in words a sheet writer reads."""

from __future__ import annotations

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

#: What each terminal of grammars/usd.lark and grammars/highguard.lark is, in plain words; the order is
#: the order of mention.
TERMINAL_WORDS: dict[str, str] = {
    "PEN_DAM": "a Pen:Dam pair such as 15:10",
    "HALF_PEN_DAM": "a half pair such as 14:-",
    "NO_RANGE": "a dash for a range the battery cannot reach",
    "RPAR": "')'",
    "LPAR": "'('",
    "ROF": "a rate of fire in brackets such as (+3)",
    "T4_VALUES": "T4 values such as 2/14-11-9-6",
    "SIZE_EVADE": "a size & evade such as (-6 size&evade)",
    "SAND": "a sandcaster screen:armour such as -2:12",
    "POINTDEF": "'PointDef:'",
    "SIGNED_INT": "a whole number such as +1",
    "INT": "a whole number",
    "DETAIL_TEXT": "words such as 'turrets each'",
    "NAME_COLON": "':'",
    "COMMA": "','",
    "WEAPON_NAME": "a weapon name",
    "COUNT": "a battery count such as 4x",
    "KEY": "a key such as 'Displacement:'",
    "HEADING": "a ship name",
    "NUMBER": "a number",
    "SENSOR": "a sensor rating such as 1x14.5",
    "COUNTED": "a count and model such as 10xFib",
    "PAREN_TEXT": "a remark in brackets",
    "WORD": "a word",
    "USP": "a USP such as BC-A2447G2-000510-50202-0",
    "MONEY": "a cost such as MCr 1336.63",
    "TONNAGE": "a tonnage such as 1250 tons",
    "PREFIX": "a hull number and name",
    "BATTERY_LABEL": "'batteries' or 'batteries bearing'",
    "CELL": "a battery count (one eHex digit)",
    "TRAILER": "'Crew=45.' or 'TL=15.'",
    "PAIR_KEY": "a key such as 'Cargo='",
    "PAIR_VALUE": "a number",
    "FLAG": "a remark",
    "LABEL": "a component name",
    "TIMES": "'x'",
    "COLON": "':'",
    "AMOUNT": "a number such as 1,336.630",
    "SIGNED_AMOUNT": "a signed number such as -8",
    "TD": "'Td'",
    "SEMI": "';'",
    "MCR": "'MCr'",
    "EP_WORD": "'EP'",
    "CREW_WORD": "'Crew'",
    "CRAFT_COST": "'Cost of craft:'",
    "$END": "the end of the line",
}

_MAX_MENTIONED = 4


def expected_words(names: set[str] | frozenset[str]) -> str:
    """'a or b or c' for a set of terminal names, most telling first, at most four named."""
    known = [words for name, words in TERMINAL_WORDS.items() if name in names]
    known += sorted(n for n in names if n not in TERMINAL_WORDS)
    if len(known) > _MAX_MENTIONED:
        known = known[:_MAX_MENTIONED] + ["..."]
    if not known:
        return "nothing more"
    return known[0] if len(known) == 1 else ", ".join(known[:-1]) + " or " + known[-1]


def _chunk(line_text: str, column: int) -> str:
    """The text at ``column`` up to the next blank, quoted: what the reader sees as the culprit."""
    rest = line_text[column - 1:].split()
    return repr(rest[0][:30]) if rest else "the end of the line"


def describe(error: UnexpectedInput, line_text: str) -> tuple[int, str]:
    """(1-based column, message) for a lark error on one line of a sheet."""
    if isinstance(error, UnexpectedToken):
        if error.token.type == "$END":
            return len(line_text.rstrip()) + 1, f"expected {expected_words(error.expected)}, found the end of the line"
        return error.column, f"expected {expected_words(error.expected)}, found {_chunk(line_text, error.column)}"
    if isinstance(error, UnexpectedCharacters):
        return error.column, f"expected {expected_words(error.allowed or set())}, found {_chunk(line_text, error.column)}"
    if isinstance(error, UnexpectedEOF):
        return len(line_text.rstrip()) + 1, f"expected {expected_words(set(error.expected))}, found the end of the line"
    return 1, str(error)  # pragma: no cover - lark raises only the three above
