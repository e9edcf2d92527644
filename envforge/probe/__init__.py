"""The envforge probe: gathers facts about a deep-learning stack from inside an image (or a host).

Standard library only, relative imports only: this package is copied into every image as
``envforge_probe`` and must never import envforge's host side. ``judge`` turns facts and a cell's
expectations into checks; the host's certification calls the same function on the same facts.
"""

PROBE_VERSION = "3"
# 2: the report carries the probe's own checks and verdict; 3: ``ceiling`` is ``stopped_by``
SCHEMA_VERSION = 3

__all__ = ["PROBE_VERSION", "SCHEMA_VERSION"]
