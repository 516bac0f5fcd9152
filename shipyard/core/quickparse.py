"""Lines parsed as lark parses them, without lark's parser for the shapes a file repeats.

A sheet is read one line at a time, and its lines repeat a few shapes: "2xLaser Battery (+1) 14:9 14:9" and
"1xMeson Bay (+2) 16:16 16:16" are the same terminals in the same order, with other text. An LALR parse is
decided by the terminals alone, so a line's tree is the tree of any earlier line of the same terminals, with
its own tokens in their places.

``QuickParser.parse`` lexes a line with the lexers lark's contextual lexer uses in each parser state (its own
objects, so every token is the one lark takes), walking a trie of the terminal sequences met so far: each node
holds its parser state's lexer (the state from lark's interactive parser, found once per node), and a node
where a line ended holds the shape of its tree (from lark's own parse of the first such line, whose tokens are
checked equal to the quick ones first). A line refused where no terminal the parser takes matches, at a
terminal the parser refuses, or of a shape lark refused, is told without lark (``parse_or_none`` gives None);
its error, when one is wanted, is lark's own (``parse`` raises it, ``error`` returns it). Anything else is
lark's parse. The trie stops growing at NODE_LIMIT nodes, so memory does not grow with the number of files
read; past it, new shapes are lark's parse too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from lark.lexer import BasicLexer, ContextualLexer

from shipyard.core.fast import single_pattern

#: The most terminal sequences remembered per start rule: some 300 cover every line of the fixtures, and a node
#: with the shape of its lines' tree takes up to about 2 KB, so a parser's trie stays under 4 MB.
NODE_LIMIT = 2_000

_new_str = str.__new__
#: A tree's shape: its rule, and for each child the index of its token in the line, or the child's shape.
Shape = tuple[Any, tuple[Any, ...]]
_LARK = ("", ())  # the shape of a line that lark must parse itself (a check of its tokens failed)
_REFUSED_SHAPE = ("", ((),))  # the shape of a line that lark refuses
#: What the quick parse finds of a line lark refuses (a terminal no rule takes where it stands, or a shape lark
#: refused before).
REFUSED = object()


class _Node:
    """A sequence of terminals (its last, after its parent's): the lexer of the parser state after them, what
    may follow, and the shape of the tree when a line ends here (None: not learnt yet)."""

    __slots__ = ("build", "children", "ignored", "kind", "parent", "pattern", "shape")

    def __init__(self, parent: _Node | None, kind: str, pattern: Any, ignored: frozenset[str]) -> None:
        self.parent, self.kind = parent, kind
        self.pattern = pattern
        self.ignored = ignored
        self.children: dict[str, _Node | object | None] = {}  # REFUSED, or None: not quick
        self.shape: Shape | None = None
        self.build: Callable[[list[Token]], Tree] | None = None

    def types(self) -> list[str]:
        """The terminals from the root to this node."""
        found: list[str] = []
        node: _Node | None = self
        while node is not None and node.parent is not None:
            found.append(node.kind)
            node = node.parent
        return found[::-1]


def _builder(shape: Shape) -> Callable[[list[Token]], Tree]:
    """A function of a line's tokens that builds the tree of this shape: one expression of nested ``Tree``
    calls, written out once per shape (a walk of the shape at every line cost a fifth of a quick parse)."""
    rules: list[Any] = []

    def source(part: Shape) -> str:
        data, children = part
        rules.append(data)
        index = len(rules) - 1
        inner = ", ".join(f"t[{child}]" if type(child) is int else source(child) for child in children)
        return f"T(R[{index}], [{inner}])"

    expression = source(shape)
    return eval(f"lambda t: {expression}", {"T": Tree, "R": tuple(rules)})  # made here, of ints


class QuickParser:
    """``parse(line)`` gives the tree ``lark.parse(line, start)`` gives, and raises what it raises."""

    def __init__(self, lark: Lark, start: str | None = None, limit: int = NODE_LIMIT) -> None:
        self.lark, self.start, self.limit = lark, start, limit
        lexer = lark.parser.lexer
        self.lexers = lexer.lexers if isinstance(lexer, ContextualLexer) else None
        self.nodes = 0
        self.root = self._node(None) if self.lexers is not None else None

    def _node(self, parent: _Node | None, kind: str = "") -> _Node | object | None:
        """The node of ``kind`` after ``parent`` (the root when None); REFUSED when the parser refuses that
        terminal there, None when its state's lexer is not one to lex with quickly."""
        interactive = self.lark.parse_interactive(start=self.start)
        try:
            for each in [*parent.types(), kind] if parent is not None else []:
                interactive.feed_token(Token(each, ""))
        except UnexpectedInput:
            return REFUSED
        assert self.lexers is not None
        lexer = self.lexers[interactive.parser_state.position]
        if not isinstance(lexer, BasicLexer):
            return None  # a lexer of another kind: lark lexes these lines
        pattern = single_pattern(lexer)  # its scanner (and callbacks) built now if lark has not lexed in this state
        if lexer.callback or pattern is None:
            return None  # tokens retyped by a callback, or terminals split over several patterns: lark's
        self.nodes += 1
        return _Node(parent, kind, pattern, frozenset(lexer.ignore_types))

    def parse(self, line: str) -> Tree:
        """lark's tree of the line, or lark's error raised."""
        found = self._quick(line)
        return found if isinstance(found, Tree) else self.lark.parse(line, self.start)

    def parse_or_none(self, line: str) -> Tree | None:
        """lark's tree of the line, or None when lark refuses it (told without lark's error when the line is
        refused at a terminal no rule takes there, or by a shape lark refused before: ``error`` gives it)."""
        found = self._quick(line)
        if isinstance(found, Tree):
            return found
        if found is REFUSED:
            return None
        try:
            return self.lark.parse(line, self.start)
        except UnexpectedInput:
            return None

    def error(self, line: str) -> UnexpectedInput:
        """The error lark raises for a line it refuses."""
        try:
            self.lark.parse(line, self.start)
        except UnexpectedInput as error:
            return error
        raise ValueError(f"lark reads this line: {line!r}")

    def _quick(self, line: str) -> Tree | object | None:
        """The tree, REFUSED (lark refuses the line), or None (lark must be asked)."""
        node = self.root
        if not isinstance(node, _Node):
            return None
        tokens: list[Token] = []
        add = tokens.append
        position, end = 0, len(line)
        while position < end:
            found = node.pattern.match(line, position)
            if found is None:
                return REFUSED  # no terminal the parser takes here matches: lark's lexer fails here too
            kind, first, position = found.lastgroup, position, found.end()
            if position == first:
                return None
            if kind in node.ignored:
                continue
            # The token lark's lexer makes of the text on a one-line text (line 1, columns from 1), made here
            # rather than by a function: a call a token saved.
            token = _new_str(Token, value := found.group())
            token.type, token.value, token.start_pos, token.end_pos = kind, value, first, position
            token.line, token.column, token.end_line, token.end_column = 1, first + 1, 1, position + 1
            add(token)
            child = node.children.get(kind, node)
            if child is node:
                child = node.children[kind] = self._grow(node, kind)
            if type(child) is not _Node:
                return child  # REFUSED, or None
            node = child
        if node.build is None:
            shape = node.shape if node.shape is not None else self._learn(node, line, tokens)
            if shape is _REFUSED_SHAPE:
                return REFUSED
            if shape is _LARK:
                return None
            node.build = _builder(shape)
        return node.build(tokens)

    def _grow(self, node: _Node, kind: str) -> _Node | object | None:
        if self.nodes >= self.limit:
            return None
        return self._node(node, kind)

    def _learn(self, node: _Node, line: str, tokens: list[Token]) -> Shape:
        """The shape of the tree lark gives this line, its tokens checked equal to the quick ones."""
        node.shape = _LARK
        try:
            tree = self.lark.parse(line, self.start)
        except UnexpectedInput:  # the parser refuses to end a line here (the same for any line of this shape)
            node.shape = _REFUSED_SHAPE
            return node.shape
        at = {token.start_pos: index for index, token in enumerate(tokens)}

        def shape(subtree: Tree) -> Shape | None:
            children: list[Any] = []
            for child in subtree.children:
                if isinstance(child, Tree):
                    inner = shape(child)
                    if inner is None:
                        return None
                    children.append(inner)
                    continue
                index = at.get(child.start_pos)
                if index is None or not _same(child, tokens[index]):
                    return None
                children.append(index)
            return subtree.data, tuple(children)

        learnt = shape(tree)
        if learnt is not None:
            node.shape = learnt
        return node.shape


def _same(token: Token, quick: Token) -> bool:
    return (
        token.type,
        str(token),
        token.start_pos,
        token.end_pos,
        token.line,
        token.column,
        token.end_line,
        token.end_column,
    ) == (
        quick.type,
        str(quick),
        quick.start_pos,
        quick.end_pos,
        quick.line,
        quick.column,
        quick.end_line,
        quick.end_column,
    )
