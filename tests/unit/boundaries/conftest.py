"""The in-process CLI of the CLI tests, for the boundary tests."""

from ..cli.conftest import CliRun, envforge

__all__ = ["CliRun", "envforge"]
