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
RULES_BEGIN, RULES_END = "<!-- rules: written by tests/test_docs.py from each rule's docstring -->", "<!-- /rules -->"
API = ROOT / "shipyard" / "api.py"
SYSTEMS_BEGIN = "# <systems: written by `python tests/test_docs.py --write` from each System's api module>\n"
SYSTEMS_END = "# </systems>\n"


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


def rules_table() -> str:
    """docs/rules.md's table: every rule in the registry's order, with its name, level, the first line of its
    docstring (what it checks; a fleet rule says so) and its docstring's ``Source:``."""
    from shipyard.core.registry import all_rules

    rows = ["| code | name | level | checks | source |", "|---|---|---|---|---|"]
    for rule in all_rules().values():
        source = " ".join(rule.doc.split("Source:", 1)[1].split()) if "Source:" in rule.doc else ""
        checks = rule.summary.rstrip(".") + (" (a fleet)" if rule.meta.target == "fleet" else "")
        rows.append(f"| {rule.code} | {rule.meta.name} | {rule.meta.severity.value} | {checks} | {source} |")
    return "\n".join(rows)


def returned_records() -> list[str]:
    """The records the public functions take or give back (``RECORDS`` of shipyard.api and of each system's api
    module), as ``"module:attribute"``."""
    from shipyard import api
    from shipyard.core.registry import load, systems

    found = list(api.RECORDS)
    for owner in systems():
        if owner.api is not None:
            found += getattr(load(owner.api), "RECORDS", ())
    return found


def systems_block() -> str:
    """shipyard/api.py's block of the systems' public names: each registered system's api module's ``__all__``,
    imported for the type checker and added to ``__all__`` (a new public function is one line of its own module's
    ``__all__``). Written in the order and shape ``ruff format`` and ruff's import sorting keep."""
    from shipyard.core.registry import load, systems

    def kind(name: str) -> tuple[int, str]:  # isort's order by type: constants, classes, functions
        return (0 if name.isupper() else 1 if name[:1].isupper() else 2, name.lower())

    modules = sorted((owner.api, sorted(load(owner.api).__all__, key=kind)) for owner in systems() if owner.api)
    lines = ["if TYPE_CHECKING:"]
    for module, names in modules:
        lines += [f"    from {module} import (", *(f"        {name}," for name in names), "    )"]
    lines += ["", "__all__ += [", *(f'    "{n}",' for n in sorted(n for _, ns in modules for n in ns)), "]"]
    return SYSTEMS_BEGIN + "\n".join(lines) + "\n" + SYSTEMS_END


def _systems_of(text: str) -> str:
    return SYSTEMS_BEGIN + text.split(SYSTEMS_BEGIN, 1)[1].split(SYSTEMS_END, 1)[0] + SYSTEMS_END


def test_the_api_names_every_systems_public_names():
    """shipyard/api.py's imports and ``__all__`` of the systems' names are the ones their modules export."""
    assert _systems_of(API.read_text(encoding="utf-8")) == systems_block()


def api_reference() -> str:
    """docs/api.md: every name of ``shipyard.api.__all__``, its signature (a record's fields) and its docstring,
    grouped by the module that defines it."""
    import inspect

    from shipyard import api
    from shipyard.core.registry import load

    def signature(value: object) -> str:
        if isinstance(value, type):
            fields = getattr(value, "__annotations__", {})
            shown = ", ".join(f"{n}: {getattr(t, '__forward_arg__', t)}" for n, t in fields.items())
            return f"class {value.__name__}({shown})"
        try:
            parameters = inspect.signature(value).parameters.values()  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return getattr(value, "__name__", "")
        shown = []
        for p in parameters:
            if p.kind is p.KEYWORD_ONLY and "*" not in shown:
                shown.append("*")  # the ones after it named at the call
            text = p.name if p.kind is not p.VAR_KEYWORD else f"**{p.name}"
            text += f": {p.annotation}" if p.annotation is not p.empty else ""
            text += f" = {p.default!r}" if p.default is not p.empty and len(repr(p.default)) < 40 else ""
            text += " = ..." if p.default is not p.empty and len(repr(p.default)) >= 40 else ""
            shown.append(text)
        returns = inspect.signature(value).return_annotation  # type: ignore[arg-type]
        return f"{value.__name__}({', '.join(shown)})" + (f" -> {returns}" if returns is not inspect._empty else "")

    by_module: dict[str, list[str]] = {}
    named = [(name, getattr(api, name)) for name in api.__all__]
    records = [(path.split(":")[1], load(path)) for path in returned_records()]
    for name, value in sorted(named + records, key=lambda item: (item[0].lower(), item[1].__module__)):
        module = getattr(value, "__module__", "shipyard.api") or "shipyard.api"
        doc = inspect.cleandoc(getattr(value, "__doc__", None) or "").split("\n\n")[0].replace("\n", " ")
        if isinstance(value, type) and not (value.__doc__ or "").strip():
            doc = ""
        by_module.setdefault(module, []).append(f"### `{name}`\n\n```python\n{signature(value)}\n```\n\n{doc}".rstrip())
    parts = [
        "# The API",
        "",
        "`shipyard.api`, what the command line calls and a library user imports (`from shipyard import api`): each",
        "name with its signature and the first paragraph of its docstring, by the module that defines it, and the",
        "records those functions take or give back (each module's `RECORDS`). Written from the code by `python",
        "tests/test_docs.py --write`; a test holds this page to it, and every record a signature names to the page.",
    ]
    for module in sorted(by_module, key=lambda m: (m != "shipyard.api", not m.startswith("shipyard.core"), m)):
        parts += ["", f"## {module}", "", "\n\n".join(by_module[module])]
    return "\n".join(parts) + "\n"


def test_the_api_reference_is_the_code():
    assert (ROOT / "docs" / "api.md").read_text(encoding="utf-8") == api_reference()


#: Names a public signature may use that are not shipyard's records: the language's, the standard library's and
#: other libraries' types, and shipyard.api's aliases (``PendingExport``, its ``Export``; ``Progress``, a callback
#: of the work done and the whole, ``Callable[[int, int], None]``).
FOREIGN_NAMES = {
    "BinaryIO", "Callable", "Collection", "Counter", "False", "Fraction", "IO", "Iterable", "Iterator", "None",
    "Path", "Sequence", "True", "RenderableType", "SerializeAsAny", "PendingExport", "Progress",
}  # fmt: skip


def test_every_record_a_public_signature_names_is_documented():
    """Each class a public name's signature in docs/api.md names (a parameter, a return, a public record's field)
    has its own entry there: before, 25 of them (Counted, SearchResult, ShotOdds, Refereed ...) were named and
    never described. (The fields of those records name more of the engine's types, which are not held here.)"""
    from shipyard import api

    reference = api_reference()
    entries = re.findall(r"^### `([^`]+)`\n\n```python\n(.*?)\n```", reference, re.M | re.S)
    public = "\n".join(code for name, code in entries if name in api.__all__)  # the records' own fields aside
    named = set(re.findall(r"\b([A-Z][A-Za-z0-9]+)\b", public))
    assert named - {name for name, _ in entries} - FOREIGN_NAMES == set()


def test_the_api_docstrings_examples_hold(monkeypatch):
    """The ``>>>`` examples of ``shipyard.api`` and the systems' public modules give what they say."""
    import doctest

    from shipyard.core.registry import load, systems

    monkeypatch.chdir(ROOT)
    modules = [load("shipyard.api"), *(load(s.api) for s in systems() if s.api)]
    results = [doctest.testmod(module, optionflags=doctest.ELLIPSIS) for module in modules]
    assert sum(r.attempted for r in results) >= 2 and sum(r.failed for r in results) == 0


def _between(text: str) -> str:
    return text.split(CODES_BEGIN, 1)[1].split(CODES_END, 1)[0].strip()


def test_the_code_table_is_the_catalogue():
    assert _between((ROOT / "docs" / "codes.md").read_text(encoding="utf-8")) == codes_table()


def test_the_rule_table_is_the_rules_docstrings():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert text.split(RULES_BEGIN, 1)[1].split(RULES_END, 1)[0].strip() == rules_table()


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


def _write_between(page: Path, begin: str, end: str, table: str) -> None:
    """``table`` written into ``page`` between its ``begin`` and ``end`` marks."""
    text = page.read_text(encoding="utf-8")
    before, rest = text.split(begin, 1)
    after = rest.split(end, 1)[1]
    page.write_text(f"{before}{begin}\n{table}\n{end}{after}", encoding="utf-8")
    print(f"wrote {page.relative_to(ROOT)}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_docs.py --write")
    _write_between(ROOT / "docs" / "codes.md", CODES_BEGIN, CODES_END, codes_table())
    _write_between(ROOT / "docs" / "rules.md", RULES_BEGIN, RULES_END, rules_table())
    source = API.read_text(encoding="utf-8")
    API.write_text(source.replace(_systems_of(source), systems_block()), encoding="utf-8")
    print(f"wrote {API.relative_to(ROOT)}")
    (ROOT / "docs" / "api.md").write_text(api_reference(), encoding="utf-8")
    print("wrote docs/api.md")
