"""``NVIDIA_REQUIRE_CUDA``, written for an image and evaluated as a container starts (pure).

The grammar is libnvidia-container's (src/nvc_info.c reads the variable, src/dsl.c evaluates it):
a space separates OR-branches, a comma ANDs conditions; keys are ``cuda`` (the driver's CUDA
version), ``driver``, ``arch`` (the device's compute capability) and ``brand``. A fact that is
unknown (no device visible) satisfies its condition, as in dsl.c.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from packaging.version import Version

from ..errors import BadInputError
from ..versions import series
from .base import KnowledgeBase

__all__ = ["RequireResult", "evaluate_require", "arch_ranges", "gate_by_arch", "require_cuda_for"]


def arch_ranges(sass: tuple[str, ...], ptx: str | None) -> list[tuple[Version, Version | None]]:
    """The compute capabilities a build's kernels run on, as [low, high) ranges (None: no bound):
    SASS for X.Y runs on X.Z with Z >= Y, PTX for X.Y on anything newer (``arch_verdict``'s rule)."""
    lows: dict[int, Version] = {}
    for cc in (Version(s) for s in sass):
        lows[cc.major] = min(lows.get(cc.major, cc), cc)
    spans: list[tuple[Version, Version | None]] = [
        # no GPU of compute capability 4.x exists (Kepler 3.x, then Maxwell 5.x)
        (low, Version(f"{major + 2 if major == 3 else major + 1}.0"))
        for major, low in lows.items()
    ]
    if ptx:
        spans.append((Version(ptx), None))
    merged: list[tuple[Version, Version | None]] = []
    for low, high in sorted(spans, key=lambda span: span[0]):
        if merged and (merged[-1][1] is None or merged[-1][1] >= low):
            top = merged[-1][1]
            merged[-1] = (merged[-1][0], None if top is None or high is None else max(top, high))
        else:
            merged.append((low, high))
    return merged


def gate_by_arch(require: str, ranges: list[tuple[Version, Version | None]]) -> str:
    """Every OR-branch of ``require`` AND each range of compute capabilities (libnvidia-container's
    grammar: a space is OR, a comma AND; ``arch`` is the device's compute capability)."""
    if not ranges:
        return require
    return " ".join(
        f"{branch},arch>={low}" + (f",arch<{high}" if high else "")
        for branch in require.split()
        for low, high in ranges
    )


def require_cuda_for(
    kb: KnowledgeBase, cuda: Version, sass: tuple[str, ...], ptx: str | None = None
) -> str:
    """NVIDIA_REQUIRE_CUDA for an image whose CUDA libraries come from pip (no cuda-compat inside).

    Natively (a driver of CUDA X.Y or newer): the GPUs the build's SASS or PTX covers. Through
    minor-version compatibility (any driver of the same major): only the GPUs it has SASS for, as
    PTX newer than the driver cannot be JIT-compiled. A GPU older than every target is refused.
    """
    native = gate_by_arch(f"cuda>={series(cuda)}", arch_ranges(sass, ptx))
    if kb.minor_version_compat(cuda.major) is None or not sass:
        return native
    return f"{native} {gate_by_arch(f'cuda>={cuda.major}.0', arch_ranges(sass, None))}"


_OPERATORS = ("!=", "<=", ">=", "=", "<", ">")


@dataclass(frozen=True)
class RequireResult:
    satisfied: bool
    message: str | None  # what nvidia-container-cli prints when it refuses the container
    groups: list[dict[str, Any]]


def _compare_version(v1: str, op: str, v2: str) -> bool:
    """dsl_compare_version: numeric fields compared in turn; trailing zeros ignored."""
    if not v1.replace(".", "").isdigit() or not v2.replace(".", "").isdigit():
        raise BadInputError(f"--require: '{v2}' is not a version")
    a = [int(x) for x in v1.split(".") if x]
    b = [int(x) for x in v2.split(".") if x]
    while a and a[-1] == 0:
        a.pop()
    while b and b[-1] == 0:
        b.pop()
    width = max(len(a), len(b))
    ka, kb_ = a + [0] * (width - len(a)), b + [0] * (width - len(b))
    return {
        "=": ka == kb_,
        "!=": ka != kb_,
        "<": ka < kb_,
        "<=": ka <= kb_,
        ">": ka > kb_,
        ">=": ka >= kb_,
    }[op]


def _rule(expr: str) -> tuple[str, str, str]:
    for index, char in enumerate(expr):
        if char in "<>=!":
            name, rest = expr[:index], expr[index:]
            op = next((o for o in _OPERATORS if rest.startswith(o)), None)
            value = rest[len(op) :] if op else ""
            if not name or op is None or not value or rest[len(op)] in "<>=!":
                break
            return name.lower(), op, value
    raise BadInputError(
        f"--require: invalid expression '{expr}' (e.g. cuda>=12.2, driver>=470, brand=tesla)"
    )


def evaluate_require(
    expression: str,
    *,
    cuda: str | None,
    driver: str | None,
    arch: str | None = None,
    brand: str | None = None,
) -> RequireResult:
    """Evaluate ``expression`` against a driver (its CUDA version and its own version) and a device.

    Like the toolkit, a fact that is unknown (no device visible) satisfies its condition.
    """
    groups: list[dict[str, Any]] = []
    satisfied = False
    for group in (g for g in expression.split(" ") if g):
        results = []
        ok = True
        for expr in (e for e in group.split(",") if e):
            name, op, value = _rule(expr)
            if name == "cuda":
                result = True if cuda is None else _compare_version(cuda, op, value)
            elif name == "driver":
                result = True if driver is None else _compare_version(driver, op, value)
            elif name == "arch":
                result = True if arch is None else _compare_version(arch, op, value)
            elif name == "brand":
                if op not in ("=", "!="):
                    raise BadInputError(f"--require: brand takes = or !=, not '{op}'")
                result = (
                    True if brand is None else ((brand.lower() == value.lower()) == (op == "="))
                )
            else:
                raise BadInputError(
                    f"--require: unknown key '{name}' in '{expr}' (keys: cuda, driver, arch, brand)"
                )
            results.append({"expr": expr, "result": result})
            if not result:
                ok = False
                break
        groups.append({"group": group, "satisfied": ok, "conditions": results})
        if ok:
            satisfied = True
            break
    if not groups:
        raise BadInputError("--require: empty expression")
    message = None
    if not satisfied:
        first = expression.strip().split(" ")[0]
        message = f"unsatisfied condition: {first}"
        if first.startswith("cuda>="):
            message += (
                ", please update your driver to a newer version, or use an earlier cuda container"
            )
    return RequireResult(satisfied=satisfied, message=message, groups=groups)
