"""Family toyfleet: a dinghy's legality."""

from toyfleet.rules import oars

MODULES = (oars,)
