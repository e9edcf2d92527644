"""The labels envforge puts on images and containers: what they are, and clean-up by label."""

from __future__ import annotations

__all__ = [
    "PREFIX",
    "RUN",
    "ROLE",
    "CELL",
    "STACK",
    "EXPECT",
    "CONTENT_HASH",
    "ROLE_CELL_IMAGE",
    "ROLE_PROBE",
    "ROLE_VERIFY_SHIM",
    "ROLE_FORGE_FREEZE",
    "ROLE_INVENTORY",
]

PREFIX = "io.envforge"
RUN = f"{PREFIX}.run"  # the run that made it
ROLE = f"{PREFIX}.role"  # one of the ROLE_* values
CELL = f"{PREFIX}.cell"
STACK = f"{PREFIX}.stack"
EXPECT = f"{PREFIX}.expect"  # the cell's expectations, JSON
CONTENT_HASH = f"{PREFIX}.content-hash"

ROLE_CELL_IMAGE = "cell-image"
ROLE_PROBE = "probe"
ROLE_VERIFY_SHIM = "verify-shim"
ROLE_FORGE_FREEZE = "forge-freeze"
ROLE_INVENTORY = "inventory"  # what an image ships, for its SBOM
