"""Slurm's ``--constraint`` expressions over node features: ``a``, ``a&b``, ``a|b``, parentheses
and brackets (``[a|b]``: Slurm's matching OR, which for one node is an OR).

Counts (``a*2``) and node-count forms say how many nodes of a kind a job wants: they select no
particular node, so they are refused with what to write instead.
"""

from __future__ import annotations

import re

from ..errors import BadInputError

__all__ = ["matches", "check"]

_TOKEN = re.compile(r"\s*([A-Za-z0-9_.:+-]+|[&|()\[\]])")


def _tokens(expression: str) -> list[str]:
    found, at = [], 0
    text = expression.strip()
    while at < len(text):
        match = _TOKEN.match(text, at)
        if not match:
            raise BadInputError(
                f"--constraint {expression!r}: cannot read {text[at:]!r}",
                hint="write features joined by & (and), | (or), with ( ) or [ ]: 'h100&drv550'",
            )
        found.append(match.group(1))
        at = match.end()
    if not found:
        raise BadInputError("--constraint is empty")
    return found


class _Parser:
    def __init__(self, expression: str, features: frozenset[str]) -> None:
        self.expression = expression
        self.tokens = _tokens(expression)
        self.at = 0
        self.features = features

    def fail(self, what: str) -> BadInputError:
        return BadInputError(f"--constraint {self.expression!r}: {what}")

    def peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        token = self.peek()
        if token is None:
            raise self.fail("ends too early")
        self.at += 1
        return token

    def either(self) -> bool:
        value = self.both()
        while self.peek() == "|":
            self.take()
            value = self.both() or value
        return value

    def both(self) -> bool:
        value = self.atom()
        while self.peek() == "&":
            self.take()
            value = self.atom() and value
        return value

    def atom(self) -> bool:
        token = self.take()
        if token in ("(", "["):
            value = self.either()
            if self.take() != {"(": ")", "[": "]"}[token]:
                raise self.fail(f"unbalanced {token}")
            return value
        if token in (")", "]", "&", "|"):
            raise self.fail(f"unexpected {token}")
        return token in self.features

    def parse(self) -> bool:
        value = self.either()
        if self.peek() is not None:
            raise self.fail(f"unexpected {self.peek()}")
        return value


def matches(expression: str, features: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether a node with ``features`` satisfies ``expression`` (BadInputError when malformed)."""
    if "*" in expression:
        raise BadInputError(
            f"--constraint {expression!r}: counts (feature*N) say how many nodes a job wants, "
            "not which ones",
            hint="name the features of the nodes to certify on; --nodes LIST names nodes",
        )
    return _Parser(expression, frozenset(features)).parse()


def check(expression: str) -> str:
    """``expression`` if it is well formed (for the command line's converter)."""
    matches(expression, ())
    return expression
