"""TensorFlow on ROCm: AMD's rocm/tensorflow image as published, or tensorflow-rocm wheels."""

from __future__ import annotations

from packaging.version import Version

from ..knowledge import KnowledgeBase
from ..knowledge.models import RocmTensorflow
from ..versions import parse_version, same_series, series
from .common import python_of, tf_expectations
from .spec import Recipe, StackSpec, Unsupported

__all__ = ["tf_rocm_base", "tf_rocm_pip"]


def _rocm_row(kb: KnowledgeBase, rocm: Version, tf: Version) -> tuple[RocmTensorflow, Version]:
    """The ROCm release's row and the TensorFlow it supports in ``tf``'s series, or Unsupported."""
    row = next((r for r in kb.rocm.tensorflow if same_series(r.rocm, rocm)), None)
    if row is None:
        raise Unsupported(f"the knowledge base has no ROCm {series(rocm)}", "rocm.yaml")
    match = next((v for v in row.tf if same_series(v, tf)), None)
    if match is None:
        raise Unsupported(
            f"ROCm {series(rocm)} supports TensorFlow {', '.join(str(v) for v in row.tf)}, "
            f"not {series(tf)}",
            kb.source_text(row.source),
        )
    return row, match


def tf_rocm_base(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """A rocm/tensorflow image as published by AMD: TensorFlow and ROCm come with it."""
    tf = parse_version(values["tf"], what="TensorFlow version")
    python = python_of(values)
    images = kb.images.rocm_tensorflow
    rocm = parse_version(values["rocm"], what="ROCm version") if "rocm" in values else None
    tags = [
        t
        for t in images.tags
        if same_series(t.tf, tf)
        and same_series(t.python, python)
        and (rocm is None or same_series(t.rocm, rocm))
    ]
    if not tags:
        known = ", ".join(
            images.template.format(rocm=t.rocm, python=series(t.python), tf_series=series(t.tf))
            for t in images.tags
        )
        raise Unsupported(
            f"no rocm/tensorflow image for TensorFlow {series(tf)} on Python {series(python)}"
            + (f" and ROCm {series(rocm)}" if rocm else "")
            + f" (known tags: {known})",
            kb.source_text(images.source),
        )
    tag = tags[0]
    release = kb.tf_release(tf)
    base = f"{images.repository}:" + images.template.format(
        rocm=tag.rocm, python=series(tag.python), tf_series=series(tag.tf)
    )
    return StackSpec(
        stack="tf-rocm-base",
        recipe=Recipe(
            base_image=base,
            python_from="image",
            os="ubuntu",
            python=python,
            requirements=(),
            layout="prebuilt",
        ),
        expect=tf_expectations(kb, tf, series(tf), python, "rocm", rocm=tag.rocm),
        sources=(
            kb.source_text(images.source),
            *((kb.source_text(release.source),) if release else ()),
        ),
    )


def tf_rocm_pip(values: dict[str, str], kb: KnowledgeBase, python_from: str) -> StackSpec:
    """tensorflow-rocm wheels on AMD's ROCm user-space image (rocm/dev-ubuntu-XX.04)."""
    tf = parse_version(values["tf"], what="TensorFlow version")
    rocm = parse_version(values["rocm"], what="ROCm version")
    python = python_of(values)
    row, tf_exact = _rocm_row(kb, rocm, tf)
    dev = kb.images.rocm_dev
    ubuntu = next((u for u, py in dev.ubuntu.items() if same_series(py, python)), None)
    if ubuntu is None:
        pythons = ", ".join(f"{py} (Ubuntu {u})" for u, py in dev.ubuntu.items())
        raise Unsupported(
            f"ROCm dev images give Python {pythons}, not {series(python)}",
            kb.source_text(dev.source),
        )
    wheels = kb.rocm.wheels
    pip_args: tuple[str, ...] = ()
    if rocm < wheels.pypi_before:
        version = wheels.version_format_before_6_1.format(
            tf=tf_exact, rocm_nodots=str(rocm).replace(".", "")
        )
        requirements: tuple[str, ...] = (f"tensorflow-rocm=={version}",)
    else:
        requirements = (f"tensorflow-rocm=={tf_exact}",)
        pip_args = ("--find-links", wheels.index_url.format(rocm_series=series(rocm)))
    return StackSpec(
        stack="tf-rocm-pip",
        recipe=Recipe(
            base_image=dev.template.format(ubuntu=ubuntu, rocm=rocm),
            python_from="distro",
            os=f"ubuntu{ubuntu}",
            python=python,
            requirements=requirements,
            pip_args=pip_args,
        ),
        expect=tf_expectations(kb, tf, str(tf_exact), python, "rocm", rocm=rocm),
        sources=(
            kb.source_text(row.source),
            kb.source_text(wheels.source),
            kb.source_text(dev.source),
        ),
    )
