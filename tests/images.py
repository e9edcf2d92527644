"""The images envforge and its tests made, removed without touching anything else.

    python -m tests.images [--strict] [--label KEY[=VALUE]]...   (default: every envforge and test image)

An image counts as made here when it carries one of the labels and every tag it has is one envforge
or its tests give (``envforge/``, ``envforge-test/``, ``envforge-verify/``, or the push tag of its
cell, ``REGISTRY/<cell>:<content hash or image id>``). Labels are inherited, so an image someone built FROM one
of ours carries them too: it is left alone when it has a tag of its own, or, untagged, when its
layers extend those of another labelled image. Children go before their parents; an image that
cannot go (a parent of such an image, one in use) is said in one warning line and kept. Nothing
here fails a run: the exit status is 0 whatever was left. ``--strict`` is for what a test session
made itself (its own labels): every such image goes, whatever tags or children it has.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Image", "plan", "clean", "main", "DEFAULT_LABELS"]

DEFAULT_LABELS = (
    "io.envforge.role=cell-image",
    "io.envforge.role=verify-shim",
    "io.envforge.test-session",
)
_OUR_REPOSITORIES = ("envforge/", "envforge-test/", "envforge-verify/")


@dataclass(frozen=True)
class Image:
    """An image as the engine lists it: id, tags, layers, labels."""

    id: str
    tags: tuple[str, ...] = ()
    layers: tuple[str, ...] = ()
    labels: dict[str, str] = field(default_factory=dict)

    def short(self) -> str:
        name = self.tags[0] if self.tags else "untagged"
        return f"{self.id.removeprefix('sha256:')[:12]} ({name})"


def _repository_name(cell: str) -> str:
    """As ``envforge.jobs.push.repository_name`` names a pushed cell."""
    cleaned = re.sub(r"[^a-z0-9._-]+|[._-]{2,}", "-", cell.lower()).strip("._-")
    return cleaned[:128] or "image"


def _our_tag(tag: str, image: Image) -> bool:
    if tag.startswith(_OUR_REPOSITORIES):
        return True
    repository, _, version = tag.rpartition(":")
    cell = image.labels.get("io.envforge.cell")
    # a push names the version by the cell's content hash (build, certify) or the image's id (verify)
    versions = {image.labels.get("io.envforge.content-hash", "")[:16], image.id[7:23]} - {""}
    return (
        bool(cell)
        and repository.rsplit("/", 1)[-1] == _repository_name(cell or "")
        and (version in versions)
    )


def _extends(image: Image, other: Image) -> bool:
    """Whether ``image`` was built on top of ``other`` (its layers, and more)."""
    return (
        len(image.layers) > len(other.layers) and image.layers[: len(other.layers)] == other.layers
    )


def plan(
    images: Iterable[Image], strict: bool = False
) -> tuple[list[Image], list[tuple[Image, str]]]:
    """(the images to remove, children before their parents; those left, with why). Strict: all
    of them, for images a test session labelled as its own (their tags and children are its too)."""
    found = list(images)
    remove, left = [], []
    for image in found:
        if strict:
            remove.append(image)
        elif image.tags and not all(_our_tag(t, image) for t in image.tags):
            left.append((image, "someone else's: it has a tag of its own"))
        elif not image.tags and any(_extends(image, other) for other in found):
            left.append((image, "someone else's: built on top of one of ours, untagged"))
        else:
            remove.append(image)
    remove.sort(key=lambda i: len(i.layers), reverse=True)  # a child has more layers
    return remove, left


def _listed(client: Any, labels: Iterable[str]) -> list[Image]:
    seen: dict[str, Image] = {}
    for label in labels:
        for found in client.images.list(filters={"label": label}):
            attrs = found.attrs
            seen[found.id] = Image(
                id=found.id,
                tags=tuple(found.tags),
                layers=tuple((attrs.get("RootFS") or {}).get("Layers") or ()),
                labels=dict(found.labels or {}),
            )
    return list(seen.values())


def clean(
    client: Any, labels: Iterable[str] = DEFAULT_LABELS, strict: bool = False
) -> tuple[list[str], list[str]]:
    """Remove what ``plan`` says, children first, again while a pass removes something (a child
    that adds no layer sorts beside its parent); (what was removed, one warning per image kept)."""
    import docker.errors  # noqa: PLC0415

    pending, left = plan(_listed(client, labels), strict)
    removed: list[str] = []
    refused: dict[str, str] = {}
    while pending:
        failed = []
        for image in pending:
            try:
                client.images.remove(image.id, force=True)
                removed.append(image.short())
            except docker.errors.NotFound:
                pass  # gone with another tag of it, or with its child
            except docker.errors.APIError as exc:
                refused[image.id] = str(getattr(exc, "explanation", None) or exc).splitlines()[0]
                failed.append(image)
        if len(failed) == len(pending):
            break
        pending = failed
    warnings = [f"kept {image.short()}: {why}" for image, why in left]
    warnings += [f"kept {image.short()}: {refused[image.id][:200]}" for image in pending]
    return removed, warnings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.images", description=__doc__)
    parser.add_argument(
        "--label",
        action="append",
        metavar="KEY[=VALUE]",
        help="images carrying this label (repeatable; default: every envforge and test image)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="remove every image carrying the labels, whatever its tags (a test session's own)",
    )
    args = parser.parse_args(argv)
    try:
        import docker  # noqa: PLC0415

        client = docker.from_env()
        removed, warnings = clean(client, args.label or DEFAULT_LABELS, args.strict)
    except Exception as exc:  # noqa: BLE001 - a clean-up never fails a run
        print(f"warning: no image removed ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 0
    print(f"+ removed {len(removed)} image(s) earlier envforge runs and tests left")
    for line in warnings:
        print(f"warning: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
