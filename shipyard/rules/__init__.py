"""The rule registry: every rule, by code, from the explicit lists of its family (no import magic).

Families: ``MCS`` (MCS USD sheets, seeds/003 section 6), ``HG`` (High Guard legality and declared versus
recomputed figures), ``TCS`` (the 1982 tournament checks, ship and fleet). A code is never reused; tests/test_rules.py
fails when a module in a family folder is not listed or a code appears twice.
"""

from __future__ import annotations

from shipyard.rules import highguard, mcs, tcs
from shipyard.rules.base import Rule, RuleContext, RuleMeta

FAMILIES = {"mcs": mcs.MODULES, "hg": highguard.MODULES, "tcs": tcs.MODULES}

RULES: dict[str, Rule] = {}
for _family, _modules in FAMILIES.items():
    for _module in _modules:
        _rule = Rule.from_module(_module)
        if _rule.code in RULES:
            raise RuntimeError(f"rule code {_rule.code} is used twice")
        RULES[_rule.code] = _rule


def rules_of(family: str) -> list[Rule]:
    return [rule for rule in RULES.values() if rule.meta.family == family]


__all__ = ["FAMILIES", "RULES", "Rule", "RuleContext", "RuleMeta", "rules_of"]
