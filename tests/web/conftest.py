"""Fixtures of the web tests: the app on a temporary database, in process (``db``, ``client``);
and for the browser tests a real server (uvicorn in a subprocess, a temporary
database) and a Chromium driven by Playwright (tests/web/helpers.find_chromium). Without a
Chromium the browser tests are skipped, saying what to install, except in CI (``CI`` set),
where they fail; a Chromium or a server that cannot start always fails them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from legatus.web.app import create_app
from tests.web.helpers import NoChromium, Server, launch_chromium, watched_context


def in_ci() -> bool:
    """CI sets ``CI`` (to true); there a missing browser is a failure, not a skip."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """The server's app on ``db``, started (its lifespan run) for the test."""
    with TestClient(create_app(db)) as c:
        yield c


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    try:
        running = Server(tmp_path_factory.mktemp("web") / "t.db")
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        pytest.fail(f"the playwright package is not installed: {exc}", pytrace=False)
    manager = sync_playwright()
    playwright = manager.start()
    try:
        chromium = launch_chromium(playwright)
    except NoChromium as exc:
        playwright.stop()
        if in_ci():
            pytest.fail(f"CI needs a Chromium for the browser tests: {exc}", pytrace=False)
        pytest.skip(str(exc))
    except Exception as exc:  # the reason, whatever it is
        playwright.stop()
        pytest.fail(f"Chromium could not start: {exc}", pytrace=False)
    yield chromium
    chromium.close()
    playwright.stop()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser context at 1280×800 (helpers.watched_context): a JavaScript error, or
    anything the pages' Content Security Policy blocks (issue 9, point 8), fails the test."""
    with watched_context(browser) as ctx:
        yield ctx


@pytest.fixture
def page(context: Any) -> Any:
    return context.new_page()
