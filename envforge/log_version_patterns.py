"""The patterns of the versions a log states (pure): a framework's, in the words of whatever
printed it (the framework's own banner, a ``__version__`` echoed by a REPL or a notebook on the line
below, pip's install, freeze, list and show, conda's list, a wheel's or a dist-info's file name),
and the CUDA stack's (the driver's, the runtime's, the toolkit's, ptxas', cuDNN's). Every
repetition is bounded.
"""

from __future__ import annotations

import re

__all__ = [
    "CUDA", "CUDNN", "DRIVER_SIDES", "FRAMEWORKS", "KEYWORDS", "PTX_CUDA", "PTX_JIT",
    "PTX_UNSUPPORTED", "PTXAS_WARNING", "WINDOWED",
]  # fmt: skip

_V = r"(\d{1,3}\.\d{1,3}(?:\.\d{1,4})?)"
# the distributions of a framework (tensorflow-intel is the wheel pip picks on Windows)
_TF = r"tensorflow(?:[-_](?:cpu|gpu|macos|intel))?"
_TORCH = r"(?:py)?torch"
# pip's words for a distribution and its version: "Successfully installed tensorflow-2.15.0",
# "Collecting torch==2.1.0+cu121", a wheel's "jaxlib-0.4.30-cp311-...", a dist-info directory
_DASHED = r"(?:^|[\s/\\'\"(])(?:{name})-{v}(?:\+\w{{1,30}})?(?=$|[\s,;)'\"/\\-]|\.(?:dist|whl|tar|zip|egg))"
# "Requirement already satisfied: tensorflow in c:\...\site-packages (2.14.0)"
_SATISFIED = r"Requirement already satisfied: (?:{name})(?:\[[\w,-]{{1,40}}\])? in .{{1,400}}?\({v}(?:\+\w{{1,30}})?\)"


def _pip(name: str, pattern: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    return (
        (name, re.compile(_DASHED.format(name=pattern, v=_V), re.I)),
        (name, re.compile(_SATISFIED.format(name=pattern, v=_V), re.I)),
    )


FRAMEWORKS = (
    (
        "tensorflow",
        re.compile(rf"\bTensor ?Flow(?:-gpu|-cpu|-macos)?(?: version)?:?\s{{1,4}}v?{_V}\b", re.I),
    ),
    ("tensorflow", re.compile(rf"\b{_TF}==v?{_V}\b", re.I)),
    ("tensorflow", re.compile(rf"\btf\.(?:__version__|version\.VERSION)\W{{1,20}}{_V}\b")),
    *_pip("tensorflow", _TF),
    (
        "torch",
        re.compile(
            rf"\b(?:torch|PyTorch)(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}(?:\+\w{{1,20}})?\b",
            re.I,
        ),
    ),
    ("torch", re.compile(rf"\btorch\.__version__\W{{1,20}}{_V}")),
    *_pip("torch", _TORCH),
    ("jax", re.compile(rf"\bjax(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}\b", re.I)),
    ("jax", re.compile(rf"\bjax\.__version__\W{{1,20}}{_V}")),
    *_pip("jax", "jax"),
    ("jaxlib", re.compile(rf"\bjaxlib(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}\b", re.I)),
    *_pip("jaxlib", "jaxlib"),
    ("keras", re.compile(rf"\bKeras(?: version)?(?:==|:\s{{0,4}}|\s{{1,4}})v?{_V}\b", re.I)),
    ("keras", re.compile(rf"\bkeras\.(?:__version__|version\(\))\W{{1,20}}{_V}")),
    *_pip("keras", "keras"),
    # pip show: "Name: tensorflow" and "Version: 2.17.0" on the line below (WINDOWED)
    *(
        (name, re.compile(rf"^Name: {pattern} Version: {_V}\b", re.I))
        for name, pattern in (
            ("tensorflow", _TF),
            ("torch", "torch"),
            ("jax", "jax"),
            ("jaxlib", "jaxlib"),
            ("keras", "keras"),
        )
    ),  # fmt: skip
)
# the lines worth trying (each rule tries a bounded number: "torch" alone would be every frame
# of a traceback): the frameworks' own banners, pip's and conda's words, a distribution's name
KEYWORDS = (
    "tensorflow version", "tensor flow", "tensorflow==", "tensorflow-", "tensorflow_",
    "tensorflow 1.", "tensorflow 2.", "tensorflow: ", "tensorflow v", "tf.__version__",
    "tf.version.version", "torch==", "torch version", "torch: ", "torch 1.", "torch 2.", "torch-",
    "torch.__version__", "jax==", "jax version", "jax: ", "jax 0.", "jax-", "jax.__version__",
    "jaxlib", "keras==", "keras version", "keras: ", "keras 2.", "keras 3.", "keras-",
    "keras.__version__", "keras.version()", "requirement already satisfied",
)  # fmt: skip
# a version echoed below the expression that asked for it, and pip show's two lines
WINDOWED = tuple(
    (name, p)
    for name, p in FRAMEWORKS
    if "__version__" in p.pattern or p.pattern.startswith("^Name")
)

# -- the CUDA stack's versions ---------------------------------------------------------------------
_VERSION = r"(\d{3}\.\d{1,3}(?:\.\d{1,3})?)"
DRIVER_SIDES = (  # (side, pattern): who states the driver's version
    ("kernel", re.compile(r"kernel (?:reported )?version(?: is)?:? " + _VERSION)),
    ("kernel", re.compile(r"kernel module has (?:the )?version " + _VERSION)),
    ("library", re.compile(r"(?:DSO|libcuda reported) version(?: is)?:? " + _VERSION)),
    ("library", re.compile(r"NVML library version:? " + _VERSION)),
    ("library", re.compile(r"client has (?:the )?version " + _VERSION)),
)
# ptxas's own warning; both versions whole (a message wrapped inside one decides nothing)
PTXAS_WARNING = re.compile(
    r"You are using ptxas (\d{1,3}\.\d{1,3}[\d.]{0,12}), which is older than (\d{1,3}\.\d{1,3}[\d.]{0,12})(?![\d.]{0,20}\w)"
)
# a PTX compiler refusing code of a newer PTX ISA: "Unsupported .version 8.5; current version is
# '8.4'"; the driver's JIT compiler names its input "application ptx input" (the ptxas binary names
# the file) and is reached through cuLink*/cuModuleLoad* (numba's LinkerError, CuPy, OptiX, hashcat)
PTX_UNSUPPORTED = re.compile(
    r"Unsupported \.version (\d{1,2}\.\d{1,2}); current version is '?(\d{1,2}\.\d{1,2})(?![\d.]{0,20}\w)"
)
PTX_JIT = re.compile(
    r"ptxas application ptx input|\bcu(?:Link|ModuleLoad)\w{0,20}|UNSUPPORTED_PTX_VERSION"
    r"|\bLinkerError\b|PTX JIT compil|provided PTX was compiled",
    re.I,
)
# the first CUDA release whose compilers (and drivers) take each PTX ISA version (NVIDIA's PTX ISA
# release notes, "PTX ISA release history"; cuda-python's get_minimal_required_cuda_ver_from_ptx_ver)
PTX_CUDA = {
    "5.0": "8.0", "6.0": "9.0", "6.1": "9.1", "6.2": "9.2", "6.3": "10.0", "6.4": "10.1",
    "6.5": "10.2", **{f"7.{m}": f"11.{m}" for m in range(9)}, **{f"8.{m}": f"12.{m}" for m in range(6)},
    "8.6": "12.7", "8.7": "12.8", "8.8": "12.9", "9.0": "13.0", "9.1": "13.1",
}  # fmt: skip
CUDNN = (
    re.compile(
        r"Loaded runtime CuDNN library: ([\d.]{1,20})(?: \(compatibility version (\d{1,8})\))? but source was compiled with:? ([\d.]{1,20})(?: \(compatibility version (\d{1,8})\))?"
    ),
    re.compile(r"Found cuDNN version (\d{3,6}), but \w{1,20} was built against version (\d{3,6})"),
    re.compile(r"compiled against \(([\d, ]{1,20})\) but found runtime version \(([\d, ]{1,20})\)"),
    re.compile(
        r"compiled with CUDNN ([\d.]{1,9}), but CUDNN version in your machine is ([\d.]{1,9})"
    ),
)
CUDA = (
    ("driver", re.compile(r"CUDA Version:\s{0,4}(\d{1,2}\.\d{1,2})")),
    ("driver", re.compile(r"driver'?s? CUDA version (?:is )?\(?(\d{1,2}\.\d{1,2})")),
    (
        "driver",
        re.compile(
            r"(?:(?i:CUDA driver version)|cudaDriverVersion)\s{0,40}:?\s{0,4}\(?(\d{1,2}\.\d{1,2}|\d{5})\b"
        ),
    ),
    ("driver", re.compile(r"NVIDIA driver on your system is too old \(found version (\d{4,6})\)")),
    ("toolkit", re.compile(r"Cuda compilation tools, release (\d{1,2}\.\d{1,2})")),
    ("toolkit", re.compile(r"CUDA toolkit version \(?(\d{1,2}\.\d{1,2})")),
    (
        "runtime",
        re.compile(
            r"(?:torch\.version\.cuda|(?i:CUDA runtime version)|cuda_version)\W{1,40}(\d{1,2}\.\d{1,2}|\d{5}\b)"
        ),
    ),
    ("runtime", re.compile(r"\+cu(\d{2,3})\b")),
    (
        "ptxas",
        re.compile(r"(?:ptxas|PTX compiler)(?: \(?CUDA\)?)? version (?:is )?\(?(\d{1,2}\.\d{1,2})"),
    ),
    ("ptxas", re.compile(r"You are using ptxas (\d{1,2}\.\d{1,2})")),
    ("wanted", re.compile(r"libcudart\.so\.(\d{1,2}(?:\.\d)?)")),
    ("wanted", re.compile(r"cudart64_(\d{2,3})\.dll")),
    # the libraries whose file names carry the CUDA major (CUDA 11 and 12 name them by it alone)
    ("wanted", re.compile(r"lib(?:cublas(?:Lt)?|cusparse|nvrtc)\.so\.(1[12])\b")),
    ("wanted", re.compile(r"(?:cublas(?:Lt)?|cusparse)64_(1[12])\.dll")),
)
