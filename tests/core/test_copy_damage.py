"""A copy's damage (e-mail quote marks, a word processor's spaces, dashes and quotes) is repaired before any
reader reads a line-based sheet, each kind said once (IO011) with a fix; every fixture, quoted in a reply or
pasted indented, reads with the findings of the fixture itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT
from typer.testing import CliRunner

from shipyard.cli import app
from shipyard.core.copies import FIX_EDITS_LIMIT, PLAIN, repair_copy
from shipyard.core.fixes import apply_fixes
from shipyard.core.pipeline import check_file, load_sheet

KUVASZ = (ROOT / "examples" / "kuvasz.usd").read_text()


def test_plain_text_is_left_as_it_is() -> None:
    text = "Class: Kuvasz TL:12\nNotes: range 3 > 2, a -> b\n"  # '>' inside a line is no quote mark
    assert repair_copy(text, "x.usd") == (text, [])
    assert repair_copy(KUVASZ, "x.usd") == (KUVASZ, [])


def test_quote_marks_of_a_reply_are_blanks_at_the_copys_own_columns() -> None:
    text = "> Class: Kuvasz TL:12\r\n> > Size: 4\r\n>>Armour: 12\r\n  > Crew: 42\r\n\r\nNotes: kept\r\n"
    repaired, [said] = repair_copy(text, "x.usd")
    assert repaired == "  Class: Kuvasz TL:12\r\n    Size: 4\r\n  Armour: 12\r\n    Crew: 42\r\n\r\nNotes: kept\r\n"
    assert [len(line) for line in repaired.split("\r\n")] == [len(line) for line in text.split("\r\n")]
    assert (said.code, said.severity, said.span.line, said.span.col) == ("IO011", "warning", 1, 1)
    assert said.message == "e-mail quote marks ('>') at the start of 4 lines read as blanks (a copy quoted in a reply)"
    fixed, done = apply_fixes(text, [said])
    assert fixed == "Class: Kuvasz TL:12\r\nSize: 4\r\nArmour: 12\r\nCrew: 42\r\n\r\nNotes: kept\r\n" and done == [said]


def test_a_word_processors_characters_are_read_as_plain_ones_each_kind_named() -> None:
    text = "Class:\u00a0Kuvasz TL\u201312\nDisplacement: 500\u202ftons\n2xLaser (\u22121) 14:\u2013 \u2018x\u2019\n"
    repaired, [said] = repair_copy(text, "x.usd")
    assert repaired == "Class: Kuvasz TL-12\nDisplacement: 500 tons\n2xLaser (-1) 14:- 'x'\n"
    assert (said.span.line, said.span.col) == (1, 7)
    assert said.message == (
        "7 characters of a word processor, web page or printout in the copy: non-breaking and "
        "other Unicode spaces read as spaces; typographic dashes and minus signs read as '-'; "
        "curly quotes read as straight ones"
    )
    assert apply_fixes(text, [said])[0] == repaired  # the fix writes the copy as the reader read it
    assert all(len(plain) == 1 for plain in PLAIN.values())  # each repair keeps the line's length


def test_invisible_characters_are_taken_out_and_the_line_keeps_its_length(tmp_path: Path) -> None:
    """A soft hyphen in "Displacement" made the whole line a note (the ship lost its displacement, size and
    armour, said as info only), and a zero-width space in "42" read the crew as 4."""
    text = "Class: Kuvasz TL:12\nDis\u00adplacement: 500 tons Size: 4 Tough\u200bness: 9\nCrew: 4\u200b2\u2060\n"
    repaired, [said] = repair_copy(text, "x.usd")
    assert repaired == "Class: Kuvasz TL:12\nDisplacement: 500 tons Size: 4 Toughness: 9  \nCrew: 42  \n"
    assert [len(line) for line in repaired.split("\n")] == [len(line) for line in text.split("\n")]
    assert (said.code, said.span.line, said.span.col) == ("IO011", 2, 4)
    assert said.message == (
        "4 invisible characters (soft hyphens, zero-width spaces, direction marks) of a word "
        "processor, PDF or web page in the copy, read as nothing; on their lines, a column "
        "past one is counted without it"
    )
    assert apply_fixes(text, [said])[0] == text.replace("\u00ad", "").replace("\u200b", "").replace("\u2060", "")
    sheet = tmp_path / "pasted.usd"
    sheet.write_text(text)
    (ship,) = load_sheet(sheet).ships
    assert (ship.displacement, ship.size, ship.toughness, ship.crew) == (500, 4, 9, 42)


def test_a_byte_order_mark_at_the_start_is_no_damage(tmp_path: Path) -> None:
    sheet = tmp_path / "bom.usd"
    sheet.write_bytes(b"\xef\xbb\xbf" + KUVASZ.encode())
    assert "IO011" not in {d.code for d in load_sheet(sheet).diagnostics}
    sheet.write_bytes(KUVASZ.encode() + "\ufeffNotes: a second file's start\n".encode())
    assert [d.code for d in load_sheet(sheet).diagnostics].count("IO011") == 1


def test_every_fixture_with_soft_hyphens_in_its_words_reads_as_the_fixture(tmp_path: Path) -> None:
    """A soft hyphen after the second character of every word of four characters or more ("Dis\u00adplacement",
    "Vig\u00adilant", "10\u00ad00"): the same findings on the same lines, and one IO011."""
    import re

    for path in _line_based_fixtures():
        copy = tmp_path / path.name
        copy.write_text(re.sub(r"\b(\w\w)(\w\w+)", "\\1\u00ad\\2", path.read_text()))
        assert _findings(copy) == _findings(path), path
        assert [d.code for d in check_file(copy).diagnostics].count("IO011") == 1, path


def test_both_kinds_on_one_line_are_two_findings_and_their_fixes_do_not_collide() -> None:
    text = "> Class:\u00a0Kuvasz TL:12\n> Size:\u00a04\n"
    repaired, said = repair_copy(text, "x.usd")
    assert repaired == "  Class: Kuvasz TL:12\n  Size: 4\n" and [d.code for d in said] == ["IO011", "IO011"]
    fixed, done = apply_fixes(text, said)
    assert fixed == "Class: Kuvasz TL:12\nSize: 4\n" and len(done) == 2


def _findings(path: Path) -> list[tuple[str, int]]:
    return sorted((d.code, d.span.line) for d in check_file(path).diagnostics if d.code != "IO011")


def _line_based_fixtures() -> list[Path]:
    found = []
    for path in sorted([*FIXTURES.rglob("*"), *(ROOT / "examples").glob("*.usd")]):
        if path.suffix in (".usd", ".txt", ".hg", ".sheet") and path.is_file():
            try:
                text = path.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                continue
            if text.strip() and "\x00" not in text and load_sheet(path).format in ("usd", "highguard"):
                found.append(path)
    return found


@pytest.mark.parametrize("prefix", ["> ", "  ", "\u00a0"], ids=["quoted", "indented", "no-break-indented"])
def test_every_fixture_copied_reads_as_the_fixture(tmp_path: Path, prefix: str) -> None:
    """Quoted in a reply, pasted indented, or indented with no-break spaces: the same findings on the same
    lines (the High Guard reader once took an indented "30 x Laser Turrets:" for a label, uncounted)."""
    fixtures = _line_based_fixtures()
    assert len(fixtures) > 30
    for path in fixtures:
        lines = path.read_text().splitlines(keepends=True)
        copy = tmp_path / path.name
        copy.write_text("".join(prefix + line if line.strip() else line for line in lines))
        assert _findings(copy) == _findings(path), path
        said = [d for d in check_file(copy).diagnostics if d.code == "IO011"]
        assert len(said) == (0 if prefix == "  " else 1), path


def test_check_fix_writes_a_quoted_pasted_sheet_as_plain_text(tmp_path: Path) -> None:
    sheet = tmp_path / "kuvasz.usd"
    sheet.write_text("".join("> " + line.replace(": ", ":\u00a0", 1) for line in KUVASZ.splitlines(keepends=True)))
    runner = CliRunner()
    first = runner.invoke(app, ["check", "--select", "IO", str(sheet)])
    assert first.exit_code == 0 and first.output.count("IO011") == 2
    assert runner.invoke(app, ["check", "--fix", str(sheet)]).exit_code == 0
    assert sheet.read_text() == KUVASZ
    assert "IO011" not in runner.invoke(app, ["check", str(sheet)]).output


def test_a_printouts_page_breaks_are_blanks_and_a_cpm_copys_end_is_the_end(tmp_path: Path) -> None:
    """A form feed before "Armour:" lost the line to the notes; a CP/M copy's Ctrl-Z padding was a note too."""
    sheet = tmp_path / "printed.usd"
    sheet.write_text("Class: Kuvasz TL:12\nDisplacement: 500 tons Size: 4\n\fArmour: 12 Toughness: 8\n\x1a\x1a\x1a")
    read = load_sheet(sheet)
    assert (read.ships[0].armour, read.ships[0].toughness) == (12, 8)
    assert [(d.code, d.span.line, d.span.col, d.message) for d in read.diagnostics] == [
        (
            "IO011",
            3,
            1,
            "1 character of a word processor, web page or printout in the copy: page breaks (form "
            "feeds) read as blanks",
        )
    ]
    sheet.write_text("Class: Kuvasz TL:12\nSize: 4\n\x1aleft over from the disk\n")
    assert [(d.code, d.message, d.source_line) for d in load_sheet(sheet).diagnostics] == [
        ("USD110", "text after the CP/M end-of-file mark (Ctrl-Z): not read", "left over from the disk")
    ]


def test_a_copy_with_more_repairs_than_a_fix_holds_is_repaired_and_said_without_a_fix() -> None:
    """A megabyte of no-break spaces made half a million edits (600 MB for one finding): past FIX_EDITS_LIMIT
    the fix is left out, the repair is not."""
    many = FIX_EDITS_LIMIT + 1
    text = "Class: K TL:12\n" + "Size:\u00a04\n" * many + "> Notes: x\n"
    repaired, (quoted, characters) = repair_copy(text, "x.usd")
    assert "\u00a0" not in repaired and repaired.endswith("  Notes: x\n")
    assert quoted.fix is not None and len(quoted.fix.edits) == 1
    assert characters.fix is None and characters.message == (
        f"{many:,} characters of a word processor, web page or printout in the copy: non-breaking and other "
        f"Unicode spaces read as spaces (too many to fix in place: over {FIX_EDITS_LIMIT:,} edits)"
    )
    _, (at_the_limit,) = repair_copy("Size:\u00a04\n" * FIX_EDITS_LIMIT, "x.usd")
    assert at_the_limit.fix is not None and len(at_the_limit.fix.edits) == FIX_EDITS_LIMIT


def test_a_windows_copy_is_read_as_windows_1252_and_fixed_in_it(tmp_path: Path) -> None:
    """A sheet a Windows word processor saved: 0x96 is its en dash and 0x93/0x94 its curly quotes, which latin-1
    reads as control characters ("(\\x961)" refused the battery line, an error and a battery lost)."""
    text = (
        KUVASZ.replace("Class: Kuvasz", "Class: K\u00fcvasz")
        .replace("(-1)", "(\u20131)")
        .replace("Escort/anti-fighter", "\u201cEscort\u201d anti\u2013fighter")
    )
    sheet = tmp_path / "windows.usd"
    sheet.write_bytes(text.encode("cp1252"))
    read = load_sheet(sheet)
    assert read.ships[0].name == "K\u00fcvasz" and len(read.ships[0].weapons) == 4
    assert [(d.code, d.message) for d in read.diagnostics if d.code.startswith("IO")] == [
        ("IO005", "file is not UTF-8; read as Windows-1252 (latin-1 with the characters of Windows)"),
        (
            "IO011",
            "4 characters of a word processor, web page or printout in the copy: typographic dashes and "
            "minus signs read as '-'; curly quotes read as straight ones",
        ),
    ]
    assert CliRunner().invoke(app, ["check", "--fix", str(sheet)]).exit_code == 0
    assert sheet.read_bytes() == text.replace("\u2013", "-").replace("\u201c", '"').replace("\u201d", '"').encode(
        "cp1252"
    )  # the copy's own encoding kept: its ü is still the byte 0xFC


def test_a_byte_windows_1252_does_not_define_is_read_as_latin_1(tmp_path: Path) -> None:
    sheet = tmp_path / "old.usd"
    sheet.write_bytes(KUVASZ.encode() + b"Notes: \xe9\x81\n")
    read = load_sheet(sheet)
    assert [d.message for d in read.diagnostics if d.code == "IO005"] == ["file is not UTF-8; read as latin-1"]
    assert read.ships[0].notes[-1].text == "\u00e9\x81"


@pytest.mark.parametrize("encoding, bom", [("utf-16-le", b"\xff\xfe"), ("utf-16-be", b"\xfe\xff")])
def test_a_notepad_unicode_copy_is_read_and_fixed_in_utf_16(tmp_path: Path, encoding: str, bom: bytes) -> None:
    """Windows Notepad's "Unicode" is UTF-16 with its byte order mark: every other byte is NUL, and the sheet
    was refused as binary (IO003)."""
    sheet = tmp_path / "notepad.usd"
    sheet.write_bytes(bom + KUVASZ.replace("Fire Control", "Fire Cotnrol").replace("\n", "\r\n").encode(encoding))
    read = load_sheet(sheet)
    plain = load_sheet(ROOT / "examples" / "kuvasz.usd")
    assert read.ships == plain.ships
    assert [d.message for d in read.diagnostics if d.code == "IO005"] == [
        'file is not UTF-8; read as UTF-16 (Windows Notepad\'s "Unicode")'
    ]
    assert CliRunner().invoke(app, ["check", "--fix", str(sheet)]).exit_code == 0
    assert sheet.read_bytes() == bom + KUVASZ.replace("\n", "\r\n").encode(encoding)  # the misspelt key fixed


def test_nul_bytes_after_a_utf_16_mark_are_still_binary(tmp_path: Path) -> None:
    sheet = tmp_path / "blob.usd"
    sheet.write_bytes(b"\xff\xfe" + b"\x00" * 64)
    assert [d.code for d in load_sheet(sheet).diagnostics] == ["IO003"]


def _page(sheet: str, pre: bool = True) -> str:
    """The sheet as a browser saves the page that shows it: two lines of the page's own, the sheet in a <pre>
    block with its &, < and > escaped, and the page's end; without ``pre``, each line ended by <br>."""
    import html

    body = html.escape(sheet, quote=False)
    end = "</body></html>\n"
    if pre:
        head = "<!DOCTYPE html>\n<html><head><title>A ship</title></head><body><h1>A ship</h1>\n"
        return f"{head}<pre>\n{body}</pre>\n{end}"
    return "<!DOCTYPE html>\n<html><body>\n" + "".join(f"{line}<br>\n" for line in body.splitlines()) + end


def test_every_fixture_saved_as_a_web_page_reads_as_the_fixture(tmp_path: Path) -> None:
    """A sheet in a page's <pre> block: the same findings, three lines down (the page's two and the <pre>
    line), and one IO011 that says what was read; the page's own lines are no notes."""
    for path in _line_based_fixtures():
        copy = tmp_path / (path.stem + ".html")
        copy.write_text(_page(path.read_text()))
        moved = sorted((code, line - 3 if line > 3 else line) for code, line in _findings(copy))  # USD107 at 1
        assert moved == _findings(path), path
        (said,) = [d for d in check_file(copy).diagnostics if d.code == "IO011"]
        assert said.message.startswith(
            "a web page read as the sheet it shows: 3 line(s) of the page outside its "
            "<pre> blocks left out, its tags read as blanks"
        ), path


def test_a_page_without_a_pre_block_is_read_with_its_tags_as_blanks(tmp_path: Path) -> None:
    page = tmp_path / "kuvasz.html"
    page.write_text(_page(KUVASZ, pre=False))
    read = load_sheet(page)
    assert read.ships == load_sheet(ROOT / "examples" / "kuvasz.usd").ships
    assert [d.message for d in read.diagnostics if d.code == "IO011"] == [
        "a web page read as the sheet it shows: its tags read as blanks, 1 character reference(s) (&amp;) read as "
        "their characters"
    ]


def test_a_pages_other_repairs_are_said_without_a_fix() -> None:
    """&nbsp; is read as a no-break space and that as a blank, said; the fix would edit the file at the columns
    of the text the page shows, not its own, so there is none."""
    text = "<!DOCTYPE html>\n<pre>\nClass:&nbsp;Kuvasz TL:12\n</pre>\n"
    repaired, (page, spaces) = repair_copy(text, "x.html")
    assert repaired.splitlines()[2] == "Class: Kuvasz TL:12     "
    assert page.fix is None and spaces.fix is None and spaces.message.startswith("1 character of a word processor")


def test_angle_brackets_in_a_sheet_make_no_web_page() -> None:
    text = "Class: Kuvasz TL:12\nNotes: <b> range < 3 > 2 &amp; more\n"
    assert repair_copy(text, "x.usd") == (text, [])
