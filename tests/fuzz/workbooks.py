"""Workbooks made to attack the FFS workbook reader: the seed's template with one sheet's XML changed, zip
bombs, a million rows. Built in memory, each a few kilobytes on disk (what an attacker would send)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "examples" / "ffs2" / "seed-examples.xlsx"
SHIP_XML = "xl/worksheets/sheet1.xml"


def members(template: Path = TEMPLATE) -> dict[str, bytes]:
    with zipfile.ZipFile(template) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def workbook(parts: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def with_ship_xml(change: dict[bytes, bytes]) -> bytes:
    """The template with the Ship sheet's XML edited (each old byte string replaced by the new)."""
    parts = members()
    for old, new in change.items():
        assert old in parts[SHIP_XML], old
        parts[SHIP_XML] = parts[SHIP_XML].replace(old, new, 1)
    return workbook(parts)


def with_rows(count: int) -> bytes:
    """The template with ``count`` extra rows on the Ship sheet (a million compress to a few megabytes)."""
    row = b'<row r="%d"><c r="A%d" t="n"><v>1</v></c></row>'
    extra = b"".join(row % (n, n) for n in range(100, 100 + count))
    return with_ship_xml(
        {
            b"</sheetData>": extra + b"</sheetData>",
            b'<dimension ref="A1:C18" />': b'<dimension ref="A1:C%d" />' % (100 + count),
        }
    )


def bomb(uncompressed: int) -> bytes:
    """The template with a padding member of ``uncompressed`` bytes of spaces inside the Ship sheet."""
    return with_ship_xml({b"<sheetData>": b"<sheetData>" + b" " * uncompressed})
