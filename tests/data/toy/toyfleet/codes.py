"""The toy system's codes that are not rules."""

from shipyard.core.codes import Code
from shipyard.core.diagnostics import Severity

CODES = (Code("TOY001", Severity.ERROR, "a dinghy line that does not read", unopened=False),)
