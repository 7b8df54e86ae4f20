"""Where games run: behind the ``concurrent.futures.Executor`` interface, so that simulate and
sweep run unchanged on one core, a local process pool, or a Ray cluster.

- ``serial``: in this process, one task after another (tests, debugging).
- ``process``: a local ``ProcessPoolExecutor`` with ``jobs`` workers (the default).
- ``ray``: Ray tasks (``pip install 'legatus[ray]'``); a cluster when ``RAY_ADDRESS`` is set,
  else a local Ray with ``jobs`` CPUs.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, TypeVar

from legatus.core.errors import OptionError

BACKENDS = ("process", "serial", "ray")
T = TypeVar("T")


class SerialExecutor(Executor):
    """Runs each task at once in this process; the future it returns is already done."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # the future carries it, as a pool's would
            future.set_exception(exc)
        return future


class RayExecutor(Executor):
    """Ray tasks as futures. Starts (and at shutdown stops) a local Ray unless one runs."""

    def __init__(self, jobs: int) -> None:
        try:
            import ray
        except ImportError:
            raise OptionError("the ray backend needs Ray: pip install 'legatus[ray]'") from None
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            address = os.environ.get("RAY_ADDRESS")
            ray.init(address=address or None, num_cpus=None if address else jobs, include_dashboard=False,
                     log_to_driver=False, configure_logging=False)
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        future: Future[T] = remote.remote(*args, **kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()


def make_executor(backend: str, jobs: int) -> Executor:
    if jobs < 1:
        raise OptionError(f"jobs {jobs} must be at least 1")
    if backend == "serial":
        return SerialExecutor()
    if backend == "process":
        return ProcessPoolExecutor(max_workers=jobs)
    if backend == "ray":
        return RayExecutor(jobs)
    raise OptionError(f"unknown backend '{backend}'; backends: {', '.join(BACKENDS)}")
