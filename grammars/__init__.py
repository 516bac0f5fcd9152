"""The lark grammars of shipyard, shipped inside the wheel as ``shipyard.grammars``."""
