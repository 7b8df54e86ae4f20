"""A state's seldom-changed fields are tuples, shared by clones and replaced whole when they
change (VIAE's and Hannibal's states)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``i``.

    >>> put((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:i], value, *items[i + 1:])
