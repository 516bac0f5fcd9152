"""Hypothesis strategies for every format shipyard reads: documents assembled from the lines of real files
(the shipped examples and fixtures), then mutated as copies are in the wild and as an attacker would: lines
dropped, doubled and swapped, characters inserted, deleted and replaced (controls, digits, punctuation, other
scripts), values swapped for numbers past any rule, runs of one character; workbooks with their XML edited.

Each strategy draws a ``Case``: the bytes of a file, the suffix it is saved with, and the command family that
reads it (``read_case`` in test_fuzz.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st
from workbooks import SHIP_XML, members, workbook

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Case:
    form: str  # sheet, damage, scenario, turn log
    suffix: str
    data: bytes

    def __repr__(self) -> str:  # hypothesis prints the failing case: short and copyable
        shown = self.data if len(self.data) <= 3000 else self.data[:3000] + b"..."
        return f"Case({self.form!r}, {self.suffix!r}, {shown!r})"


def _texts(*patterns: str) -> list[str]:
    found = sorted(p for pattern in patterns for p in ROOT.glob(pattern))
    return [p.read_text(encoding="utf-8", errors="replace") for p in found]


USD = _texts("examples/*.usd", "fixtures/mcs/*.usd", "fixtures/mcs/t4/*.usd", "fixtures/mcs/layouts/*.usd")
HIGHGUARD = _texts("fixtures/highguard/*.txt", "fixtures/highguard/forms/*.txt", "examples/fleet/*.txt")
FFS = _texts("examples/ffs2/*.toml")
FLEETS = _texts("examples/fleet/fleet.toml", "fixtures/tcs/battle/fleet-*.toml", "fixtures/tcs/fleets/*.toml")
SCENARIOS = _texts("examples/fleet/scenario.toml", "fixtures/tcs/battle/rulings.toml")
DAMAGE = _texts("fixtures/tcs/battle/damage-*.toml")
TURN_LOGS = _texts("fixtures/tcs/battle/turn-log*.toml")
_REFERENCE = re.compile(r'^((?:sheet|system)\s*=\s*")([^"]+)(")', re.M)


def _referring(*patterns: str) -> list[str]:
    """``_texts`` of inputs that name other files (a sheet, a system), each name made absolute, so that a case
    written to a temporary folder still reaches the shipped sheets and its reading goes past them."""
    found = sorted(p for pattern in patterns for p in ROOT.glob(pattern))
    return [
        _REFERENCE.sub(lambda m, base=p.parent: m.group(1) + str((base / m.group(2)).resolve()) + m.group(3), text)
        for p in found
        for text in [p.read_text(encoding="utf-8")]
    ]


#: The play formats, and the fleet search's catalogues and pools (none is shipped: two are written here).
FIRE_LOGS = _referring("examples/coronation-hollyfields.toml")
ENGAGEMENTS = _referring("tests/data/kuvasz-midu-*.toml")
SFC_ROSTERS = _texts("examples/sfc/imperial-squadron.toml")
SFC_GAMES = _texts("examples/sfc/game.toml")
DS_SYSTEMS = _texts("examples/darkstars/system.toml")
DS_GAMES = _referring("examples/darkstars/game.toml")
_MCS = ROOT / "fixtures" / "mcs"
CATALOGUES = [
    f'max_ships = 12\ntl = 15\n\n[[designs]]\nsheet = "{_MCS / "zhodani-patrol-corvette.usd"}"\ncost_mcr = 480\n'
    f'max = 6\n\n[[designs]]\nsheet = "{_MCS / "drachen-jaeger.usd"}"\nname = "MF357B"\ncrew = "elite"\nmin = 1\n'
]
POOLS = [
    f'[[opponents]]\nname = "screen"\nships = [{{ sheet = "{_MCS / "midu-agashaan.usd"}", count = 2 }}]\n'
    f'doctrine = {{ seek = "hold" }}\n\n[[opponents]]\n'
    f'ships = [{{ sheet = "{_MCS / "kuvasz.usd"}", crew = "green" }}]\n'
]

#: What a copy picks up: controls (ESC, BEL, NUL, CR, form feed, DEL, C1), digits, the punctuation the grammars
#: read, letters of other scripts, a BOM, the scanner's letters.
NOISE = st.one_of(
    st.sampled_from(list("\x1b\x07\x00\r\x0c\x7f\x85\x9b\ufeff\t ")),
    st.sampled_from(list("0123456789-+.,:;=()[]{}/x*#\"'?_")),
    st.sampled_from(list("OoIlSZBGqg")),
    st.characters(codec="utf-8", exclude_categories=("Cs",)),
)
#: Values a TOML key may be given: past any rule, of the wrong type, nested, empty.
TOML_VALUES = st.one_of(
    st.sampled_from(
        [
            "inf",
            "-inf",
            "nan",
            "1e400",
            "-0.0",
            "0",
            "-1",
            "10" + "0" * 20,
            "1" * 30,
            "0x7fffffff",
            '""',
            '"x"',
            "true",
            "[]",
            "[1, 2]",
            "{}",
            "{ a = 1 }",
            "1979-05-27",
            "[[[[[[1]]]]]]",
            '"\\u001b]52;c;aGk=\\u0007"',
            '"[/bold][link=http://x]y"',
            "0.1e-400",
            "1_000",
        ]
    ),
    st.integers().map(str),
    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(str),
    st.text(max_size=20).map(lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'),
)
_VALUE = re.compile(r"^([ \t]*[A-Za-z0-9_\-\"]+[ \t]*=[ \t]*)(.*)$", re.M)


@st.composite
def mutated_lines(draw: st.DrawFn, bases: list[str]) -> str:
    """A document of one base's lines (sometimes two bases joined), mutated line by line."""
    lines = draw(st.sampled_from(bases)).splitlines()
    if draw(st.booleans()):
        lines += draw(st.sampled_from(bases)).splitlines()
    for _ in range(draw(st.integers(0, 6))):
        if not lines:
            lines = [""]
        index = draw(st.integers(0, len(lines) - 1))
        action = draw(
            st.sampled_from(
                [
                    "insert",
                    "delete",
                    "replace",
                    "drop",
                    "double",
                    "swap",
                    "truncate",
                    "run",
                    "join",
                    "soft",
                    "invisible",
                ]
            )
        )
        line = lines[index]
        at = draw(st.integers(0, len(line)))
        if action == "insert":
            lines[index] = line[:at] + draw(st.text(NOISE, min_size=1, max_size=8)) + line[at:]
        elif action == "delete":
            lines[index] = line[:at] + line[at + draw(st.integers(1, 5)) :]
        elif action == "replace" and line:
            lines[index] = line[:at] + draw(NOISE) + line[at + 1 :]
        elif action == "drop":
            del lines[index]
        elif action == "double":
            lines.insert(index, line)
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "truncate":
            lines = lines[: index + 1]
            lines[index] = line[:at]
        elif action == "run":
            lines[index] = line[:at] + draw(NOISE) * draw(st.integers(2, 3000)) + line[at:]
        elif action == "join" and index + 1 < len(lines):
            lines[index : index + 2] = [line + draw(st.sampled_from(["", " ", "\t"])) + lines[index + 1]]
        elif action == "soft":  # an e-mail's quoted-printable soft line break
            lines[index : index + 1] = [line[:at] + "=", line[at:]]
        elif action == "invisible":  # a soft hyphen or zero-width space from a word processor
            lines[index] = line[:at] + draw(st.sampled_from(["\u00ad", "\u200b", "\ufeff"])) + line[at:]
    ending = draw(st.sampled_from(["\n", "\r\n", "\r", ""]))
    text = ending.join(lines) + draw(st.sampled_from(["", ending, "\x1a", "\n\n"]))
    if draw(st.integers(0, 9)) == 0:  # saved from a browser
        text = f"<!DOCTYPE html>{ending}<html><body><pre>{ending}{text}{ending}</pre></body></html>{ending}"
    return text


@st.composite
def mutated_toml(draw: st.DrawFn, bases: list[str]) -> str:
    """A TOML document of a base: its values swapped for others (and sometimes its lines mutated too)."""
    text = draw(st.sampled_from(bases))
    values = list(_VALUE.finditer(text))
    chosen = draw(st.lists(st.sampled_from(values), max_size=4, unique_by=lambda m: m.start())) if values else []
    for found in sorted(chosen, key=lambda m: m.start(), reverse=True):
        text = text[: found.start(2)] + draw(TOML_VALUES) + text[found.end(2) :]
    if draw(st.integers(0, 3)) == 0:
        text = draw(mutated_lines([text]))
    return text


def _encoded(text: str, draw: st.DrawFn) -> bytes:
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "latin-1", "utf-8-sig", "cp1252", "utf-16"]))
    return text.encode(encoding, errors="replace")


@st.composite
def sheets(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(["usd", "highguard"]))
    text = draw(mutated_lines(USD if kind == "usd" else HIGHGUARD))
    return Case(
        "sheet", draw(st.sampled_from([".usd", ".txt"] if kind == "usd" else [".txt", ".hg"])), _encoded(text, draw)
    )


@st.composite
def toml_documents(draw: st.DrawFn) -> Case:
    form, bases = draw(
        st.sampled_from(
            [("sheet", FFS), ("sheet", FLEETS), ("scenario", SCENARIOS), ("damage", DAMAGE), ("turn log", TURN_LOGS)]
        )
    )
    return Case(form, ".toml", _encoded(draw(mutated_toml(bases)), draw))


#: Cell XML a mutated workbook holds: numbers past any rule, wrong types, references past the last column.
CELLS = st.sampled_from(
    [
        b'<c r="B4" t="n"><v>INF</v></c>',
        b'<c r="B4" t="n"><v>1e400</v></c>',
        b'<c r="B4" t="n"><v>-5</v></c>',
        b'<c r="B4" t="b"><v>1</v></c>',
        b'<c r="B4" t="e"><v>#DIV/0!</v></c>',
        b'<c r="ZZZZ4" t="n"><v>1</v></c>',
        b'<c r="B4" t="s"><v>99</v></c>',
        b'<c r="B4" t="inlineStr"><is><t>\x1b]52;c;aGk=\x07</t></is></c>',
        b'<c r="B4"><f>1/0</f></c>',
        b'<c r="B4" t="n"><v>1E+15</v></c>',
        b'<c r="B4" t="d"><v>2024-13-45</v></c>',
        b'<c r="A4" t="inlineStr"><is><t>displacement</t></is></c>',
        b"",
    ]
)


@st.composite
def workbooks(draw: st.DrawFn) -> Case:
    parts = members()
    xml = parts[SHIP_XML]
    cells = list(re.finditer(rb"<c r=\"[A-Z]+[0-9]+\"[^>]*>.*?</c>", xml))
    for found in sorted(
        draw(st.lists(st.sampled_from(cells), max_size=3, unique_by=lambda m: m.start())),
        key=lambda m: m.start(),
        reverse=True,
    ):
        xml = xml[: found.start()] + draw(CELLS) + xml[found.end() :]
    if draw(st.integers(0, 4)) == 0:  # a byte of the XML changed: broken markup
        at = draw(st.integers(0, len(xml) - 1))
        xml = xml[:at] + bytes([draw(st.integers(0, 255))]) + xml[at + 1 :]
    parts[SHIP_XML] = xml
    data = workbook(parts)
    if draw(st.integers(0, 6)) == 0:  # a byte of the zip changed
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
    return Case("sheet", ".xlsx", data)


@st.composite
def play_documents(draw: st.DrawFn) -> Case:
    """A play format's file, or a search catalogue or pool, mutated as TOML inputs are."""
    form, bases = draw(
        st.sampled_from(
            [
                ("fire log", FIRE_LOGS),
                ("engagement", ENGAGEMENTS),
                ("sheet", SFC_ROSTERS),
                ("sfc game", SFC_GAMES),
                ("sheet", DS_SYSTEMS),
                ("ds game", DS_GAMES),
                ("catalogue", CATALOGUES),
                ("pool", POOLS),
            ]
        )
    )
    return Case(form, ".toml", _encoded(draw(mutated_toml(bases)), draw))


ANY_CASE = st.one_of(sheets(), sheets(), toml_documents(), workbooks(), play_documents())
