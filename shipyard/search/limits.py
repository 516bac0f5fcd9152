"""The bounds of what a fleet search takes, in one place: short of what a hostile or mistyped file or option can
ask for. Each is a located finding or a usage error when passed. Imported by the command line's options too, so
it imports nothing."""

#: The most designs a catalogue offers and opponents a pool holds: past them the first generation alone (each design
#: fought in full) or one fleet's scoring would run for hours.
MAX_DESIGNS = 100
MAX_OPPONENTS = 100
#: The most fleets tried at a time (``--generation``): each generation's fleets are held and fought together.
MAX_GENERATION = 1000
#: How long the fleet search waits for an existing Dask scheduler to answer, in seconds (``--timeout``): an address
#: nothing answers at is a usage error within this, not a 30-second wait and a chain of tracebacks.
SCHEDULER_TIMEOUT = 5.0
#: The most ships a searched fleet has unless the command says fewer, where the game sets no bound of its own (TCS:
#: ten times the 1981 winner's 96 ships, past any fleet whose battles a search can afford).
MAX_FLEET_SHIPS = 1000
#: The most designs of a search's own a fleet has (``--design``): each adds a gene set the optimiser searches, and
#: past a handful the genes outnumber the battles a search can fight.
MAX_SLOTS = 8
