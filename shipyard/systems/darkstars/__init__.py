"""Dark Stars: the interplanetary display of the game (a star hex and nine rings of orbitals), its tables as
data, systems generated and checked."""
