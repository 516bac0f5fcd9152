"""High Guard (1980) space combat as the Trillion Credit Squadron tournament fought it (TCS 1982 overlays): the
tables (``tables``), the readings where the sources disagree (``readings``), a ship as combat sees it
(``ship``), and the exact odds of one battery's fire (``odds``) with the engine's own draw of it (``fire``)."""
