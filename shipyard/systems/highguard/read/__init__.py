"""The High Guard sheet reader's parts: ``classify`` (what a line is, from its shape and the reader's ``state``),
one handler module per kind of line (``usp``, ``batteries``, ``pairs``, ``components``, ``notes``), the sheet being
read (``sheet``: the drafts and findings) and the line-level pieces they share (``lines``). The entry point and the
loop are ``shipyard.systems.highguard.parse``."""
