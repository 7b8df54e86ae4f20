"""Pools of threads in place of the agents' worker processes, for the tests of the order in which
the workers are handed out (legatus/web/thinkers.py): the order is the same, and the tasks
(closures on events of this process) need not pickle."""

from __future__ import annotations

import threading
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def threads(workers: int) -> Executor:
    return ThreadPoolExecutor(workers)


class Held:
    """A task that notes its argument in ``started``, then waits until ``release`` is set (at
    most 5 s) and returns it."""

    def __init__(self) -> None:
        self.started: list[object] = []
        self.release = threading.Event()

    def __call__(self, name: T) -> T:
        self.started.append(name)
        self.release.wait(5)
        return name
