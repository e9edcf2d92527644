"""Field types of the files envforge reads (matrices, site files), checked by the grammars of
``identifiers`` and ``references`` so that a file and an option refuse the same values."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import PlainValidator, WithJsonSchema

from .references import check_image_reference

__all__ = ["ImageReference"]


def _image_reference(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"an image reference must be a string, not {type(value).__name__}")
    return check_image_reference(value)


# An image reference (matrix and site ``bases:``): Docker's grammar, a registry port 1-65535.
ImageReference = Annotated[
    str, PlainValidator(_image_reference), WithJsonSchema({"type": "string"})
]
