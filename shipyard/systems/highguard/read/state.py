"""What the High Guard reader carries from one line to the next, as one small frozen record: each step of the
reading leaves a new one (``dataclasses.replace``), never changes the one it was given."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shipyard.core.diagnostics import Span


@dataclass(frozen=True)
class State:
    #: The component sheet's section the lines are in (HULL, ENGINEERING ...), None before the first.
    section: str | None = None
    #: Under "WITH DROP TANKS": the laden USP and its battery lines, which repeat the ship's.
    in_drop_tanks: bool = False
    #: The line before was "Book 5 Crew Breakdown": this one is the breakdown itself.
    crew_breakdown_next: bool = False
    #: The line before was a USP or battery line: an unlabelled battery line may follow.
    after_usp: bool = False
    #: The line before was a note's: free text under it goes on with that note.
    note_open: bool = False
    #: A squadron's heading with a count ("Seventy-five Eurisko class ..."): the next ship's, with its span.
    pending_heading: tuple[str, int, Span] | None = None

    def new_ship(self) -> State:
        """The state a new ship's block starts in: no section yet, not under its drop tanks."""
        return replace(self, section=None, in_drop_tanks=False)
