"""The bounds of what an engagement or a fleet search takes, in one place: far past any fleet of the rules (a TCS
fleet is a hundred ships), short of what a hostile or mistyped file can ask for (``count = 1000000000`` built
copies until memory ran out; a few thousand designs were a RecursionError). Each is a located finding or a usage
error when passed. Imported by the command line's options too, so it imports nothing. The search's own bounds are
``shipyard.search.limits``."""

#: The most ships a side of an engagement fields, counts included: ten times a TCS fleet. A searched fleet, or an
#: opponent given as ``sheet=N``, is a side too.
MAX_SIDE_SHIPS = 1000
#: The most turns a battle is fought (an engagement's ``turns``, ``--turns``): a battle of fleets that cannot hurt
#: each other ends there, a draw.
MAX_TURNS = 1000
