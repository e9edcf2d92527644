"""Secrets never leave the process: credentials are masked in everything envforge writes.

Proxy and package-index URLs carry passwords (``http://user:pass@proxy:3128``); a registry login
carries a token. ``redact`` masks the password part of any URL, and every secret value found in the
environment (the proxy and index variables, and envforge's registry password), wherever it appears.
Logs, the results store, reports and the CLI's output all pass through it.
"""

from __future__ import annotations

import os
import re
from urllib.parse import unquote, urlsplit

__all__ = ["redact", "SECRET_ENV", "MASK"]

MASK = "***"
SECRET_ENV = (
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "FTP_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "ftp_proxy",
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "UV_INDEX_URL",
    "ENVFORGE_REGISTRY_PASSWORD",
)
_URL_PASSWORD = re.compile(r"(?P<head>\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@]+:)(?P<secret>[^\s@/]+)@")
_MIN_SECRET = 4  # shorter values would mask ordinary words


def _secrets() -> list[str]:
    found: set[str] = set()
    for name in SECRET_ENV:
        value = os.environ.get(name)
        if not value:
            continue
        if name == "ENVFORGE_REGISTRY_PASSWORD":
            found.add(value)
            continue
        for part in value.split():
            try:
                password = urlsplit(part).password
            except ValueError:
                continue
            if password:
                found.update({password, unquote(password)})
    return sorted((s for s in found if len(s) >= _MIN_SECRET), key=len, reverse=True)


def redact(text: str) -> str:
    """``text`` with URL passwords and the environment's secret values replaced by ``***``."""
    if not text:
        return text
    text = _URL_PASSWORD.sub(lambda m: f"{m['head']}{MASK}@", text)
    for secret in _secrets():
        text = text.replace(secret, MASK)
    return text
