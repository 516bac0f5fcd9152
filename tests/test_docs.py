"""The docs say what the code does: the code table is the catalogue's (written by this module: ``python
tests/test_docs.py --write``), the rule table names every rule with its name and level in the registry's order,
every link between the docs resolves, and nothing cites a file outside the repository or the process that built
it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *DOCS]
CODES_BEGIN, CODES_END = "<!-- codes: written by tests/test_docs.py -->", "<!-- /codes -->"


def codes_table() -> str:
    from shipyard.core.codes import catalogue
    from shipyard.core.registry import owner

    rows = ["| code | severity | system | meaning |", "|---|---|---|---|"]
    for entry in catalogue().values():
        system = owner(entry.code)
        rows.append(
            f"| {entry.code} | {entry.severity.value} | {system.name if system else 'core'} | {entry.summary} |"
        )
    return "\n".join(rows)


def _between(text: str) -> str:
    return text.split(CODES_BEGIN, 1)[1].split(CODES_END, 1)[0].strip()


def test_the_code_table_is_the_catalogue():
    assert _between((ROOT / "docs" / "codes.md").read_text(encoding="utf-8")) == codes_table()


def test_the_rule_table_names_every_rule():
    from shipyard.core.registry import all_rules

    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ((?:MCS|HG|TCS|SFC)\d{3}) \| ([a-z0-9-]+) \| (error|warning|info) \|", text, re.M)
    assert rows == [(r.code, r.meta.name, r.meta.severity.value) for r in all_rules().values()]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_resolve(page):
    text = page.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
        assert (page.parent / target).exists(), f"{page.name} links to {target}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_citation_outside_the_repository(page):
    text = page.read_text(encoding="utf-8")
    assert not re.search(r"seeds/0\d\d|reference/[a-z-]+\.md|\.\./shared|\bissues? \d+\b", text, re.I)


def test_the_code_cites_no_file_outside_the_repository():
    for path in [*(ROOT / "shipyard").rglob("*.py"), *(ROOT / "grammars").glob("*.lark")]:
        assert not re.search(r"seeds/0\d\d|reference/[a-z-]+\.md|\.\./shared", path.read_text()), path


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_docs.py --write")
    page = ROOT / "docs" / "codes.md"
    text = page.read_text(encoding="utf-8")
    before, rest = text.split(CODES_BEGIN, 1)
    after = rest.split(CODES_END, 1)[1]
    page.write_text(f"{before}{CODES_BEGIN}\n{codes_table()}\n{CODES_END}{after}", encoding="utf-8")
    print(f"wrote {page.relative_to(ROOT)}")
