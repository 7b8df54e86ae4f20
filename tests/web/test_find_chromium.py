"""Which Chromium the browser tests drive (issue 15, point 12): LEGATUS_CHROMIUM, else the
PATH, else Playwright's own; none names what to install, and CI makes a missing one fail."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.web.conftest import in_ci
from tests.web.helpers import NoChromium, find_chromium


def playwright_with(path: Path) -> SimpleNamespace:
    return SimpleNamespace(chromium=SimpleNamespace(executable_path=str(path)))


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No LEGATUS_CHROMIUM, and a PATH of one empty folder."""
    monkeypatch.delenv("LEGATUS_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    (tmp_path / "bin").mkdir()
    return tmp_path


def executable(path: Path) -> Path:
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_the_environment_names_the_browser(bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    named = executable(bare / "my-chrome")
    executable(bare / "bin" / "chromium")
    monkeypatch.setenv("LEGATUS_CHROMIUM", str(named))
    assert find_chromium(playwright_with(bare / "none")) == str(named)


def test_a_browser_named_but_missing_says_so(bare: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEGATUS_CHROMIUM", str(bare / "gone"))
    with pytest.raises(NoChromium, match="LEGATUS_CHROMIUM=.*gone is not a file"):
        find_chromium(playwright_with(bare / "none"))


def test_a_browser_on_the_path(bare: Path) -> None:
    found = executable(bare / "bin" / "chromium-browser")
    assert find_chromium(playwright_with(bare / "none")) == str(found)


def test_playwright_s_own_browser_last(bare: Path) -> None:
    own = executable(bare / "playwright-chrome")
    assert find_chromium(playwright_with(own)) == str(own)


def test_no_browser_names_what_to_install(bare: Path) -> None:
    with pytest.raises(NoChromium, match="apt-get install chromium.*playwright install chromium.*LEGATUS_CHROMIUM"):
        find_chromium(playwright_with(bare / "none"))


@pytest.mark.parametrize(("value", "ci"), [(None, False), ("", False), ("false", False), ("true", True), ("1", True)])
def test_ci_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str | None, ci: bool) -> None:
    if value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", value)
    assert in_ci() is ci
