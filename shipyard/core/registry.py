"""The rule registry: every rule, by code, from the explicit lists of its family (no import magic).

Families: ``MCS`` (MCS USD sheets, seeds/003 section 6), ``HG`` (High Guard legality and declared versus
recomputed figures), ``TCS`` (the 1982 tournament checks, ship and fleet). A code is never reused; tests/test_rules.py
fails when a module in a family folder is not listed or a code appears twice.

A family is imported when it is first needed, so checking an MCS sheet does not load the High Guard design
engine (``shipyard check`` on one sheet starts fast: issue 5).
"""

from __future__ import annotations

from importlib import import_module

from shipyard.core.rules import Rule, RuleContext, RuleMeta

#: Each family: the prefix of its codes and the package whose ``MODULES`` lists its rule modules.
FAMILIES = {"mcs": ("MCS", "shipyard.systems.mcs.rules"), "hg": ("HG", "shipyard.systems.highguard.rules"),
            "tcs": ("TCS", "shipyard.systems.tcs.rules")}

_loaded: dict[str, dict[str, Rule]] = {}


def family_rules(family: str) -> dict[str, Rule]:
    """The rules of one family by code, in the family's order; the family is imported on first use."""
    if family not in _loaded:
        prefix, package = FAMILIES[family]
        rules: dict[str, Rule] = {}
        for module in import_module(package).MODULES:
            rule = Rule.from_module(module)
            if rule.meta.family != family or not rule.code.startswith(prefix):
                raise RuntimeError(f"rule {rule.code} ({module.__name__}) is not a {prefix} code of family {family}")
            if rule.code in rules:
                raise RuntimeError(f"rule code {rule.code} is used twice")
            rules[rule.code] = rule
        _loaded[family] = rules
    return _loaded[family]


def all_rules() -> dict[str, Rule]:
    """Every rule by code, family by family (the families' prefixes keep codes apart)."""
    return {code: rule for family in FAMILIES for code, rule in family_rules(family).items()}


def rule_for(code: str) -> Rule | None:
    """The rule reporting ``code``, loading its family only; None for a reading diagnostic (IO, USD, HG0xx ...)."""
    for family, (prefix, _) in FAMILIES.items():
        if code.startswith(prefix):
            found = family_rules(family).get(code)
            if found is not None:
                return found
    return None


__all__ = ["FAMILIES", "Rule", "RuleContext", "RuleMeta", "all_rules", "family_rules", "rule_for"]
