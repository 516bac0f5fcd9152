"""Simple Fleet Combat (David Pulver, 2nd edition, 2002): the game's elements and rules as data
(``charts``) and the exact odds of its combat rolls (``odds``)."""
