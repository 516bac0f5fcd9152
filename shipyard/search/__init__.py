"""The fleet search, once for every game: what a budget buys that best beats an opponent (or a pool of them),
scored by the game's own battles with honest intervals.

The driver (``driver``: the optimiser's generations, common random numbers, the screen and racing on Wilson
intervals, the re-measurement of the best on fresh battles, the journal, the Pareto front and the payoff matrix),
where its battles are fought (``workers``: this process, local processes, a Dask cluster) and what it reports
(``report``) know nothing of any game. A game offers a search a *problem* (``problem.Problem``): its designs and
what a fleet of them costs, how a fleet over its constraints is repaired, the doctrine knobs it may turn, and a
world that fights a unit of battles and scores it. MCS combat (``shipyard combat search``) and TCS battles under
High Guard (``shipyard tcs search``) are two problems.
"""
