"""The bounds of what an engagement or a fleet search takes, in one place: far past any fleet of the rules (a TCS
fleet is a hundred ships), short of what a hostile or mistyped file can ask for (``count = 1000000000`` built
copies until memory ran out; a few thousand designs were a RecursionError). Each is a located finding or a usage
error when passed. Imported by the command line's options too, so it imports nothing."""

#: The most ships a side of an engagement fields, counts included: ten times a TCS fleet. A searched fleet, or an
#: opponent given as ``sheet=N``, is a side too.
MAX_SIDE_SHIPS = 1000
#: The most turns a battle is fought (an engagement's ``turns``, ``--turns``): a battle of fleets that cannot hurt
#: each other ends there, a draw.
MAX_TURNS = 1000
#: The most designs a catalogue offers and opponents a pool holds: past them the first generation alone (each design
#: fought in full) or one fleet's scoring would run for hours.
MAX_DESIGNS = 100
MAX_OPPONENTS = 100
#: The most fleets tried at a time (``--generation``): each generation's fleets are held and fought together.
MAX_GENERATION = 1000
#: How long the fleet search waits for an existing Dask scheduler to answer, in seconds (``--timeout``): an address
#: nothing answers at is a usage error within this, not a 30-second wait and a chain of tracebacks.
SCHEDULER_TIMEOUT = 5.0
