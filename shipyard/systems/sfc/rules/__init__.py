"""Family SFC: a Simple Fleet Combat roster's legality.

One module per rule; this list is the family's registry.
"""

from shipyard.systems.sfc.rules import carrying, flagship, jump, points, tl

MODULES = (points, tl, carrying, flagship, jump)
