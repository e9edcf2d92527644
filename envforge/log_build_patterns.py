"""The patterns of what a log says of the builds and the process that ran them (pure): the
compute capability a build was compiled for, an AMD GPU and a ROCm build, TensorFlow 2.9's CPU
banner, PyTorch built without CUDA or as a ``+cpu`` wheel, the frameworks at work in the process,
a Jetson, the commands that start containers and Singularity asked for the GPU
(``log_fact_patterns.RULES`` says which fact each records). Every repetition is bounded.
"""

from __future__ import annotations

import re

__all__ = [
    "AMD_GPU", "BUILD_CC", "BUILDKIT_OUTPUT", "CONTAINER_RUN", "CPU_WHEEL", "DOCKER_BUILD", "JETSON", "JETSON_WORDS", "LINE_FACTS",
    "ROCM_BUILD", "SELINUX", "SINGULARITY", "SINGULARITY_NV", "TF_BANNER_2_9", "TORCH_CUDA_NONE", "TORCH_USED",
    "USES",
]  # fmt: skip

# the GPU's compute capability against the one a build was compiled for (text-embeddings-
# inference, candle: "Runtime compute cap 75 is not compatible with compile time compute cap 80")
BUILD_CC = re.compile(
    r"[Rr]untime compute cap(?:ability)? (\d{2,3}) is not compatible with compile time compute cap(?:ability)? (\d{2,3})"
)
# an AMD GPU by its product name, or an application's AMD fork ("...-amdgpu", "...-directml");
# a ROCm (HIP) build at work, which is no CUDA build
AMD_GPU = re.compile(
    r"\bAMD Radeon\b|\bRadeon (?:RX|Pro|VII|HD)\b|\bRX ?[4-9]\d{2,3}\b|[\w.]-(?:amdgpu|directml)\b(?!\.)"
)
ROCM_BUILD = re.compile(
    r"\+rocm\d|\b(?:HIP|ROCm) (?:error|out of memory)|\bhip\w{0,20}Error|torch\.version\.hip", re.I
)
# TensorFlow 2.9 or later's CPU-feature banner (older releases word it otherwise)
TF_BANNER_2_9 = re.compile(
    r"TensorFlow binary is optimized to use available CPU instructions in performance-critical operations"
)
# PyTorch built without CUDA: collect_env's line, torch.version.cuda echoed as None
TORCH_CUDA_NONE = re.compile(
    r"CUDA used to build PyTorch:? {0,4}None\b|torch\.version\.cuda\)?:? {0,4}(?:->|=)? {0,4}None\b"
)
# a framework at work in the process: its package's files in a traceback, or imported
USES = {
    name: re.compile(rf"(?:site|dist)-packages/{name}/|^(?:>>> )?import {name}\b")
    for name in ("torch", "tensorflow", "jax")
}
# a PyTorch-family CPU-only wheel (its +cpu local version, or a conda package's CPU build:
# "pytorch 1.12.1 py3.9_cpu_0 pytorch"); PyTorch used in any way
CPU_WHEEL = re.compile(r"\b\d{1,2}\.\d{1,3}(?:\.\d{1,4})?\+cpu\b|\bpy3\.?\d{1,2}_cpu_\d{1,2}\b")
TORCH_USED = re.compile(r"\bimport torch\b|\btorch\.cuda\.|/site-packages/torch/")
# a command that starts a container (nvidia-docker's own runtime requests the GPU), and
# Singularity's or Apptainer's
CONTAINER_RUN = re.compile(
    r"(?<![\w.])(nvidia-docker|docker|podman|nerdctl)(?: container)? run\b(.{0,600})"
)
SINGULARITY = re.compile(r"\b(singularity|apptainer) (exec|run|shell)\b(.{0,600})")
# a Jetson, by name or its software, read from the raw text (a prompt's hostname too, which
# normalising drops); "tegra" at a word's start only
JETSON = re.compile(r"(?i:jetson|\btegra|\bl4t\b|jetpack)")
# its words, looked for before the case-blind regex (slow over megabytes)
JETSON_WORDS = ("jetson", "tegra", "l4t", "jetpack")
# Singularity/Apptainer was asked for the GPU: --nv, or what --nv prints
SINGULARITY_NV = re.compile(
    r"(?<![\w-])--nv(?:ccli)?\b|\bnv files\b|nvliblist\.conf|nvidia-container-cli"
)
# a step of an image build: the legacy builder's "Step 3/7 : RUN", BuildKit's "#8 [2/4] RUN",
# or either failing a RUN (the GPU is not there while an image builds)
DOCKER_BUILD = re.compile(
    r"^Step \d{1,3}/\d{1,3} : RUN |^#\d{1,4} \[[^\]]{1,60}\] RUN |failed to solve: process \"/bin/sh -c"
    r"|executor failed running \[/bin/sh -c|The command '/bin/sh -c .{0,300}' returned a non-zero code"
)
# a host where SELinux decides (its own words, a denial, a RHEL-family release or package, a
# volume relabelled for it)
SELINUX = re.compile(
    r"\bSELinux\b|\bavc: {1,3}denied\b|\bcontainer_t\b|\b(?:RHEL|Red Hat|CentOS|Rocky Linux|AlmaLinux|Fedora)\b"
    r"|\.el[789](?:_\d{1,2})?\.|\.fc\d{2}\.|-v \S{1,200}:\S{1,200}:z\b"
)
_SELINUX_WORDS = ("selinux", "avc:", "container_t", "rhel", "red hat", "centos", "rocky", "alma",
                  "fedora", ".el", ".fc", ":z")  # fmt: skip
# BuildKit's plain progress: a step's output, each line led by its number and seconds ("#7 1.236 ")
BUILDKIT_OUTPUT = re.compile(r"(?m)^#\d{1,4} \d{1,5}\.\d{1,3} \S")
# the facts read line by line with no more than a keyword: (fact, keywords, pattern)
LINE_FACTS = (
    ("build_cc", ("compute cap",), BUILD_CC),
    ("amd_gpu", ("radeon", "rx", "-amdgpu", "-directml"), AMD_GPU),
    ("rocm_build", ("rocm", "hip"), ROCM_BUILD),
    ("tf_banner_2_9", ("performance-critical operations",), TF_BANNER_2_9),
    ("cpu_wheel", ("+cpu", "_cpu_"), CPU_WHEEL),
    ("torch_used", ("torch",), TORCH_USED),
    ("docker_build", ("run ", "/bin/sh -c"), DOCKER_BUILD),
    ("selinux", _SELINUX_WORDS, SELINUX),
)
