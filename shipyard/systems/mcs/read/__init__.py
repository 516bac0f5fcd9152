"""The USD sheet reader's parts: ``classify`` (what a line is, from the line alone), one module per kind of line
(``fields``, ``batteries``, ``notes``) and for the lines a copy broke (``joins``), the sheet being read (``sheet``:
the ship being built, the findings, the reader's frozen ``State``) and the line-level pieces they share (``lines``).
The entry point and the loop are ``shipyard.systems.mcs.parse``."""
