"""Headless Chromium from Debian (chromium, chromium-driver), driven by selenium: pages as a reader
sees them. Screenshots are kept in build/test-artifacts/ (ENVFORGE_TEST_ARTIFACTS elsewhere)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

ROOT = Path(__file__).resolve().parents[2]

__all__ = ["browser", "artifacts", "console_errors", "visible_rows", "column_texts", "By"]


def _found(*names: str) -> str:
    for name in names:
        if path := shutil.which(name):
            return path
    raise AssertionError(
        f"{names[0]} is part of the test environment (scripts/test installs Debian's chromium "
        "and chromium-driver)"
    )


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    options = Options()
    options.binary_location = _found("chromium", "chromium-browser")
    profile = tmp_path_factory.mktemp("chromium-profile")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000", f"--user-data-dir={profile}"):  # fmt: skip
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(_found("chromedriver")), options=options)
    try:
        yield driver
    finally:
        driver.quit()


def artifacts() -> Path:
    where = Path(os.environ.get("ENVFORGE_TEST_ARTIFACTS") or ROOT / "build" / "test-artifacts")
    where.mkdir(parents=True, exist_ok=True)
    return where


def console_errors(driver: WebDriver) -> list[str]:
    """What the page wrote to the console as a warning or an error."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def visible_rows(driver: WebDriver, table: str) -> list[str]:
    """The text of each row of ``table`` (its data-table id) that the filter leaves shown."""
    rows = driver.find_elements(By.CSS_SELECTOR, f'table[data-table="{table}"] tbody tr')
    return [r.text for r in rows if r.is_displayed()]


def column_texts(driver: WebDriver, table: str, column: int) -> list[str]:
    rows = driver.find_elements(By.CSS_SELECTOR, f'table[data-table="{table}"] tbody tr')
    return [r.find_elements(By.CSS_SELECTOR, "th, td")[column].text for r in rows]
