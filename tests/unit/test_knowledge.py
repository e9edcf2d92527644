"""Table-driven tests over the knowledge base: every TensorFlow row, every CUDA minimum driver, the
boundaries of each driver rule, the GPU rules, and NVIDIA_REQUIRE_CUDA as the toolkit evaluates it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from packaging.version import Version
from pydantic import BaseModel

from envforge.errors import BadInputError
from envforge.knowledge import load_knowledge
from envforge.knowledge.driver import arch_verdict, check_driver
from envforge.knowledge.explain import explain
from envforge.knowledge.gpus import UnknownGpu
from envforge.knowledge.images import nvidia_cuda_require
from envforge.knowledge.models import driver_key
from envforge.knowledge.require import (
    arch_ranges,
    evaluate_require,
    gate_by_arch,
    require_cuda_for,
)

pytestmark = pytest.mark.live_knowledge  # tests of the knowledge base's data

KB = load_knowledge()

# tensorflow.org/install/source "Tested build configurations" (compat-facts.md section 1), typed in
# independently of matrices/compat/tensorflow.yaml so that a wrong row there fails here.
TESTED = [
    ("2.21.0", "3.10", "3.13", "12.5", "9.3"),
    ("2.20.0", "3.9", "3.13", "12.5", "9.3"),
    ("2.19.0", "3.9", "3.12", "12.5", "9.3"),
    ("2.18.0", "3.9", "3.12", "12.5", "9.3"),
    ("2.17.0", "3.9", "3.12", "12.3", "8.9"),
    ("2.16.1", "3.9", "3.12", "12.3", "8.9"),
    ("2.15.0", "3.9", "3.11", "12.2", "8.9"),
    ("2.14.0", "3.9", "3.11", "11.8", "8.7"),
    ("2.13.0", "3.8", "3.11", "11.8", "8.6"),
    ("2.12.0", "3.8", "3.11", "11.8", "8.6"),
    ("2.11.0", "3.7", "3.10", "11.2", "8.1"),
    ("2.10.0", "3.7", "3.10", "11.2", "8.1"),
    ("2.9.0", "3.7", "3.10", "11.2", "8.1"),
    ("2.8.0", "3.7", "3.10", "11.2", "8.1"),
    ("2.7.0", "3.7", "3.9", "11.2", "8.1"),
    ("2.6.0", "3.6", "3.9", "11.2", "8.1"),
    ("2.5.0", "3.6", "3.9", "11.2", "8.1"),
    ("2.4.0", "3.6", "3.8", "11.0", "8.0"),
]
SASS = {
    "2.4": "3.5 5.0 6.0 7.0 7.5",
    "2.14": "3.5 5.0 6.0 7.0 7.5",
    "2.15": "5.0 6.0 7.0 7.5",
    "2.16": "5.0 6.0 7.0 8.0",
    "2.17": "6.0 7.0 8.0 8.9",
    "2.21": "6.0 7.0 8.0 8.9",
}


@pytest.mark.parametrize(("tf", "py_low", "py_high", "cuda", "cudnn"), TESTED)
def test_every_tensorflow_release(
    tf: str, py_low: str, py_high: str, cuda: str, cudnn: str
) -> None:
    e = explain(KB, tf=tf)
    assert e.tensorflow == tf
    assert (e.python[0], e.python[-1]) == (py_low, py_high)
    assert (e.cuda, e.cudnn) == (cuda, cudnn)
    assert e.min_driver == KB.cuda_toolkit(Version(cuda)).linux  # the GA release's minimum driver
    assert e.keras == (3 if Version(tf) >= Version("2.16") else 2)
    assert e.sources and e.compatible is None
    series = ".".join(tf.split(".")[:2])
    if series in SASS:
        assert e.compute_capabilities == SASS[series].split()
    assert explain(KB, tf=tf, python=py_high).compatible is True
    assert explain(KB, tf=tf, python=f"3.{int(py_high.split('.')[1]) + 1}").compatible is False


def test_every_release_has_capabilities_and_keras() -> None:
    for release in KB.tensorflow.releases:
        assert KB.tf_compute_capabilities(release.tf) is not None, release.tf
        assert KB.tf_keras(release.tf) is not None, release.tf


TOOLKITS = [t for t in KB.cuda.toolkits if t.linux]


def one_below(driver: str) -> str:
    parts = list(driver_key(driver))
    for i in range(len(parts) - 1, -1, -1):
        if parts[i] > 0:
            parts[i] -= 1
            return ".".join(str(p) for p in parts[: i + 1])
    raise AssertionError(driver)


@pytest.mark.parametrize("toolkit", TOOLKITS, ids=lambda t: str(t.cuda))
def test_every_cuda_minimum_driver_and_one_below(toolkit) -> None:  # type: ignore[no-untyped-def]
    at = check_driver(KB, driver=toolkit.linux, cuda=toolkit.cuda)
    assert (at.compatible, at.mode, at.min_driver) == (True, "native", toolkit.linux)
    below = check_driver(KB, driver=one_below(toolkit.linux), cuda=toolkit.cuda)
    assert below.mode != "native"
    mvc = KB.minor_version_compat(toolkit.cuda.major)
    if mvc and driver_key(one_below(toolkit.linux)) >= driver_key(mvc.floor):
        assert (below.compatible, below.mode) == (True, "minor-version")
    else:
        assert (below.compatible, below.mode) == (False, "none")


@pytest.mark.parametrize(
    ("driver", "cuda", "gpu", "compatible", "mode"),
    [
        ("525.60.13", "12.5", None, True, "minor-version"),  # exactly CUDA 12's floor
        ("525.60.12", "12.5", None, False, "none"),  # one below
        ("450.80.02", "11.8", None, True, "minor-version"),
        ("450.80.01", "11.8", None, False, "none"),
        ("440.33", "10.2.89", None, True, "native"),
        ("440.32", "10.2.89", None, False, "none"),  # 10.2: no minor-version compatibility
        ("535.104.05", "13.0", None, False, "none"),  # CUDA 13 on a CUDA-12-only (R535) branch
        (
            "575.57.08",
            "13.0",
            None,
            False,
            "none",
        ),  # newest 12.x driver, still below 13's 580 floor
        ("535.104.05", "13.0", "A100", True, "forward-compat"),  # data-centre GPU: cuda-compat-13-0
        ("535.104.05", "13.0", "RTX 4090", False, "none"),  # consumer GPU: no forward compatibility
        ("580.65.06", "13.0", "V100", False, "none"),  # CUDA 13 dropped Volta
        ("580.65.06", "12.9", "V100", True, "native"),
        ("470.82.01", "11.4.4", "H100", False, "none"),  # the driver predates Hopper (CUDA 11.8)
        ("610.43.02", "13.3", None, True, "minor-version"),  # 13.3 minimum unknown
    ],
)
def test_driver_rules(driver: str, cuda: str, gpu: str | None, compatible: bool, mode: str) -> None:
    check = check_driver(KB, driver=driver, cuda=Version(cuda), gpu=KB.gpu(gpu) if gpu else None)
    assert (check.compatible, check.mode) == (compatible, mode), check.reasons


def test_unknown_cuda_is_bad_input() -> None:
    with pytest.raises(BadInputError, match="knows no CUDA 9"):
        check_driver(KB, driver="535.54.03", cuda=Version("9.0"))
    with pytest.raises(BadInputError, match="knows no CUDA 12.7"):
        check_driver(KB, driver="535.54.03", cuda=Version("12.7"))


@pytest.mark.parametrize(
    ("driver", "cuda"),
    [
        ("535.104.05", "12.2"),
        ("525.60.13", "12.0"),
        ("470.82.01", "11.4"),
        ("580.65.06", "13.0"),
        ("560.35.03", "12.6"),
        ("575.51.03", "12.9"),
    ],
)
def test_driver_cuda_version_is_what_nvidia_smi_reports(driver: str, cuda: str) -> None:
    assert str(KB.driver_cuda_version(driver)) == cuda


@pytest.mark.parametrize(
    ("name", "cc", "segment"),
    [
        ("NVIDIA H100 80GB HBM3", "9.0", "datacenter"),
        ("Tesla T4", "7.5", "datacenter"),
        ("NVIDIA GeForce RTX 4090", "8.9", "consumer"),
        ("NVIDIA A100-SXM4-80GB", "8.0", "datacenter"),
        ("GeForce RTX 5090", "12.0", "consumer"),
        ("Quadro K2000M", "3.0", "workstation"),
        ("Jetson AGX Orin", "8.7", "jetson"),
        ("NVIDIA L4", "8.9", "datacenter"),
    ],
)
def test_gpu_names(name: str, cc: str, segment: str) -> None:
    gpu = KB.gpu(name)
    assert gpu is not None and (str(gpu.cc), gpu.segment) == (cc, segment)


@pytest.mark.parametrize(
    ("cc", "compatible", "code"),
    [
        ("8.0", True, None),
        ("8.6", True, None),  # sm_80 SASS runs on 8.x, x >= 0
        ("8.9", True, None),
        ("7.5", True, None),
        ("6.1", True, None),
        ("9.0", True, "GPU_ARCH_NEWER_THAN_WHEEL"),
        ("12.0", True, "GPU_ARCH_NEWER_THAN_WHEEL"),  # PTX JIT
        ("5.2", False, "GPU_ARCH_TOO_OLD"),
        ("3.7", False, "GPU_ARCH_TOO_OLD"),
    ],
)
def test_gpu_rules_for_tf_221(cc: str, compatible: bool, code: str | None) -> None:
    e = explain(KB, tf="2.21", cc=cc)
    assert e.compatible is compatible
    codes = [m.group(1) for r in e.reasons if (m := re.search(r"\[([A-Z_]+)\]$", r))]
    assert codes == ([code] if code else [])


def test_mvc_driver_cannot_jit_newer_ptx() -> None:
    assert (
        explain(KB, tf="2.21", driver="535.104.05", gpu="A100").compatible is True
    )  # SASS, no JIT
    e = explain(KB, tf="2.21", driver="535.104.05", gpu="H100")
    assert e.compatible is False and "DRIVER_TOO_OLD_FOR_CUDA_RUNTIME" in e.reasons[-1]
    assert explain(KB, tf="2.21", driver="555.42.02", gpu="H100").compatible is True


@pytest.mark.parametrize(
    ("expr", "facts", "satisfied"),
    [
        ("cuda>=12.2", {"cuda": "12.2"}, True),
        ("cuda>=12.2", {"cuda": "12.1"}, False),
        ("cuda>=12.2", {"cuda": "12.2.0"}, True),  # trailing zeros ignored
        (
            "cuda>=12.2 brand=tesla,driver>=470,driver<471",
            {"cuda": "11.4", "driver": "470.82.01", "brand": "tesla"},
            True,
        ),
        (
            "cuda>=12.2 brand=tesla,driver>=470,driver<471",
            {"cuda": "11.4", "driver": "470.82.01", "brand": "geforce"},
            False,
        ),
        (
            "cuda>=12.2 brand=tesla,driver>=470,driver<471",
            {"cuda": "11.4", "driver": "471.0", "brand": "Tesla"},
            False,
        ),
        ("cuda>=12.5 cuda>=12.0,arch>=6.0,arch<9.0", {"cuda": "12.2", "arch": "8.0"}, True),
        ("cuda>=12.5 cuda>=12.0,arch>=6.0,arch<9.0", {"cuda": "12.2", "arch": "9.0"}, False),
        ("arch>=9.0", {}, True),  # no device visible: the toolkit assumes the arch is fine
        ("driver!=535.54.03", {"driver": "535.54.3"}, False),
    ],
)
def test_nvidia_require_cuda(expr: str, facts: dict[str, str], satisfied: bool) -> None:
    args = {"cuda": None, "driver": None, "arch": None, "brand": None, **facts}
    assert evaluate_require(expr, **args).satisfied is satisfied


def test_refusal_message_is_the_toolkits() -> None:
    result = evaluate_require(
        "cuda>=12.8 brand=tesla,driver>=535,driver<536",
        cuda="12.7",
        driver="565.57.01",
        brand="geforce",
    )
    assert result.message == (
        "unsatisfied condition: cuda>=12.8, please update your driver to a newer version, "
        "or use an earlier cuda container"
    )


@pytest.mark.parametrize("bad", ["cuda", "cuda>=", ">=12", "cuda=>12", "gpu>=1", "brand>=tesla"])
def test_invalid_require_expressions(bad: str) -> None:
    with pytest.raises(BadInputError):
        evaluate_require(bad, cuda="12.2", driver="535.54.03")


def test_images_require_native_cuda_or_mvc_on_sass_covered_gpus() -> None:
    assert (
        require_cuda_for(KB, Version("12.5"), ("6.0", "7.0", "8.0", "8.9"), "9.0")
        == "cuda>=12.5,arch>=6.0 cuda>=12.0,arch>=6.0,arch<9.0"
    )
    assert require_cuda_for(KB, Version("12.5"), ("7.0", "9.0")) == (
        "cuda>=12.5,arch>=7.0,arch<8.0 cuda>=12.5,arch>=9.0,arch<10.0 "
        "cuda>=12.0,arch>=7.0,arch<8.0 cuda>=12.0,arch>=9.0,arch<10.0"
    )
    assert require_cuda_for(KB, Version("10.2"), ("7.0",)) == "cuda>=10.2,arch>=7.0,arch<8.0"
    assert arch_ranges(("3.5", "5.0"), None) == [(Version("3.5"), Version("6.0"))]


def _runs(cc: Version, sass: tuple[str, ...], ptx: str | None) -> bool:
    verdict, _ = arch_verdict(cc, tuple(Version(s) for s in sass), Version(ptx) if ptx else None)
    return verdict != "too-old"


@pytest.mark.parametrize(
    "release", [r for r in KB.tensorflow.releases if r.cuda], ids=lambda r: f"tf{r.tf}"
)
def test_the_requirement_admits_exactly_the_gpus_the_wheel_runs_on(release: Any) -> None:
    """For every GPU of gpus.yaml, as libnvidia-container evaluates it: with a driver of the
    release's CUDA, exactly the GPUs its SASS or PTX covers; with an older driver of the same major
    (minor-version compatibility), exactly those its SASS covers; never with an older major."""
    tf = Version(str(release.tf).lstrip("=<>~!"))
    caps = KB.tf_compute_capabilities(tf)
    if caps is None:
        pytest.skip(f"no compute capabilities known for TF {tf}")
    sass, ptx = tuple(str(c) for c in caps.sass), str(caps.ptx) if caps.ptx else None
    expression = require_cuda_for(KB, release.cuda, sass, ptx)
    cuda = release.cuda
    mvc = KB.minor_version_compat(cuda.major) is not None
    for gpu in KB.gpus.gpus:
        native = evaluate_require(
            expression, cuda=f"{cuda.major}.{cuda.minor}", driver=None, arch=str(gpu.cc)
        )
        assert native.satisfied == _runs(gpu.cc, sass, ptx), (gpu.name, expression)
        if cuda.minor:
            older = evaluate_require(
                expression, cuda=f"{cuda.major}.0", driver=None, arch=str(gpu.cc)
            )
            assert older.satisfied == (mvc and _runs(gpu.cc, sass, None)), (gpu.name, expression)
        assert not evaluate_require(
            expression, cuda=f"{cuda.major - 1}.8", driver=None, arch=str(gpu.cc)
        ).satisfied


def test_an_nvidia_cuda_based_image_keeps_forward_compatibility_for_the_gpus_it_runs_on() -> None:
    """nvidia/cuda 12.5.1's published requirement (with its brand=tesla branches for cuda-compat)
    gated by TF 2.18's targets: an old data-centre driver runs it, on the GPUs the wheel covers."""
    caps = KB.tf_compute_capabilities(Version("2.18.0"))
    assert caps is not None
    sass, ptx = tuple(str(c) for c in caps.sass), str(caps.ptx) if caps.ptx else None
    expression = gate_by_arch(
        nvidia_cuda_require(KB, Version("12.5.1")) or "", arch_ranges(sass, ptx)
    )
    assert "brand=tesla,driver>=535,driver<536,arch>=" in expression, expression
    for gpu in KB.gpus.gpus:
        result = evaluate_require(
            expression, cuda="12.2", driver="535.161.08", arch=str(gpu.cc), brand="tesla"
        )
        assert result.satisfied == _runs(gpu.cc, sass, ptx), gpu.name
        assert not evaluate_require(
            expression, cuda="12.2", driver="535.161.08", arch=str(gpu.cc), brand="geforce"
        ).satisfied


def test_rocm_and_keras_facts() -> None:
    assert explain(KB, tf="2.17", rocm="6.3").compatible is True
    assert explain(KB, tf="2.21", rocm="6.3").compatible is False
    assert {b.backend for b in KB.keras.keras3.backends} == {
        "tensorflow",
        "jax",
        "torch",
        "openvino",
    }
    assert "gfx942" in explain(KB, rocm="7.2").rocm["gfx"]  # type: ignore[index]


def test_every_row_carries_a_source_and_confidence() -> None:
    def rows(obj):  # type: ignore[no-untyped-def]
        if isinstance(obj, BaseModel):
            if "confidence" in type(obj).model_fields:
                yield obj
            for name in type(obj).model_fields:
                yield from rows(getattr(obj, name))
        elif isinstance(obj, (tuple, list)):
            for item in obj:
                yield from rows(item)

    found = (
        list(rows(KB.tensorflow)) + list(rows(KB.cuda)) + list(rows(KB.gpus)) + list(rows(KB.rocm))
    )
    assert len(found) > 150
    assert all(
        r.source and r.confidence in {"primary", "secondary", "inferred", "unconfirmed"}
        for r in found
    )


def test_every_name_and_alias_of_the_gpu_table_resolves_to_its_own_row() -> None:
    for gpu in KB.gpus.gpus:
        for name in (gpu.name, *gpu.aliases):
            found = KB.find_gpu(name)
            assert found.cc == gpu.cc and found.name in (gpu.name, *gpu.aliases), name
    assert KB.gpu_index.ambiguous() == {}  # no name or alias means two compute capabilities


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("Jetson T5000", "11.0"),
        ("Jetson AGX Thor", "11.0"),
        ("Jetson T4000", "11.0"),
        ("NVIDIA RTX PRO 4500 Blackwell", "12.0"),
        ("RTX PRO 2000 Blackwell", "12.0"),
        ("GeForce RTX 5070 Ti", "12.0"),
        ("RTX 5060 Ti", "12.0"),
        ("GeForce RTX 5050", "12.0"),
        ("RTX 4070 Ti", "8.9"),
        ("GeForce RTX 4060 Ti", "8.9"),
        ("GeForce RTX 4050", "8.9"),
        ("RTX A3000", "8.6"),
        ("RTX A2000", "8.6"),
        ("NVIDIA RTX 4000 SFF Ada Generation", "8.9"),
        ("Quadro GV100", "7.0"),
        ("GeForce GTX 1070 Ti", "6.1"),
        ("GeForce GTX 980 Ti", "5.2"),
        ("NVIDIA TITAN X", "6.1"),  # Pascal
        ("GeForce GTX TITAN X", "5.2"),  # Maxwell: another part
        ("NVIDIA GeForce GTX TITAN X", "5.2"),
        ("B300", "10.3"),
        ("GB10", "12.1"),
        # as nvidia-smi prints them: vendor words, memory, form factor, laptop and refresh words
        ("NVIDIA GeForce RTX 4090", "8.9"),
        ("NVIDIA H100 80GB HBM3", "9.0"),
        ("Tesla V100-SXM2-16GB", "7.0"),
        ("NVIDIA A100-SXM4-40GB", "8.0"),
        ("NVIDIA H100 NVL", "9.0"),
        ("NVIDIA GeForce RTX 3060 Laptop GPU", "8.6"),
        ("NVIDIA GeForce RTX 4070 SUPER", "8.9"),
    ],
)
def test_gpus_resolve_by_their_exact_names(name: str, cc: str) -> None:
    assert str(KB.find_gpu(name).cc) == cc


def test_the_rows_the_pages_state_verbatim_are_primary() -> None:
    for name in ("B300", "GB300", "GB10", "Jetson T5000", "Jetson T4000"):
        row = next(g for g in KB.gpus.gpus if g.name == name)
        assert row.confidence == "primary", name


@pytest.mark.parametrize("name", ["RTX 5095", "RTX 9090", "Jetson T9000", "5070"])
def test_an_unknown_gpu_is_an_error_with_the_nearest_names(name: str) -> None:
    with pytest.raises(UnknownGpu) as caught:
        KB.find_gpu(name)
    assert caught.value.nearest and "--cc X.Y" in caught.value.hint
    assert KB.gpu(name) is None


def test_explain_says_how_sure_each_fact_is() -> None:
    reasons = " | ".join(explain(KB, tf="2.16", gpu="GTX 980").reasons)
    assert "TensorFlow 2.16's kernels: primary" in reasons  # read from the 2.16.2 wheel
    assert "GeForce GTX 980 at 5.2: secondary" in reasons
    assert (
        "natively (primary)" in reasons
        and "minor-version compatibility (pip wheels; primary)" in reasons
    )


def test_every_row_of_the_knowledge_base_is_sourced_and_marked() -> None:
    """A row without a source is refused when the files load; here, every row that loaded names
    one and says how sure it is (primary, secondary, inferred, unconfirmed)."""
    from envforge.knowledge.models import Sourced

    def rows(value: object) -> list[Sourced]:
        if isinstance(value, Sourced):
            return [value]
        if isinstance(value, BaseModel):
            return [r for field in type(value).model_fields for r in rows(getattr(value, field))]
        if isinstance(value, (list, tuple)):
            return [r for item in value for r in rows(item)]
        return []

    found = [
        r
        for facts in (KB.tensorflow, KB.cuda, KB.gpus, KB.rocm, KB.keras, KB.images)
        for r in rows(facts)
    ]
    assert len(found) > 300
    assert all(r.source.strip() and r.confidence for r in found)
    unknown = [r for r in KB.cuda.toolkits if r.linux is None]
    assert unknown and all(r.confidence == "unconfirmed" for r in unknown)


def test_every_shipped_matrix_has_a_description_and_valid_cells() -> None:
    from envforge.jobs.matrix import shipped_matrices
    from envforge.matrix import expand, load_matrix

    shipped = {m.name: m for m in shipped_matrices()}
    assert {"default", "no-registry", "tf-releases", "cluster-example"} <= set(shipped)
    for name, matrix in shipped.items():
        assert matrix.description, name
        expansion = expand(load_matrix(Path(matrix.path)), KB)
        assert expansion.cells, name
    stacks = {
        c.spec.stack for c in expand(load_matrix(Path(shipped["no-registry"].path)), KB).cells
    }
    assert stacks == {"tf-cpu", "tf-cuda-pip", "keras-jax", "keras-torch", "plaidml"}
