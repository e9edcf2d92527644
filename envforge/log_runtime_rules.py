"""Rules on what the environment and the runtime hid from a process (pure): an environment variable,
a container started without a GPU (or whose toolkit failed it), a Slurm job or a pod that asked for
none. Each returns ``Decision``s (``log_decision``) from a log's facts and the codes its lines show.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .log_decision import NO_DEVICE, Decision
from .log_facts import LogFacts
from .probe.codes import Code, layer_of

__all__ = [
    "NOT_A_MISSING_GPU",
    "clusters",
    "containers",
    "hidden_by_env",
    "notebooks",
    "other_failure",
    "selinux",
]

_HIDDEN_VALUES = ("", "-1", "none", "nodevfiles", "void")
# failures that are not a missing GPU: a log whose framework saw no GPU resembles none of them
# (log_reading's last resort)
NOT_A_MISSING_GPU = frozenset({
    Code.HOST_OOM, Code.GPU_OOM, Code.GPU_MEMORY_HELD_BY_OTHER_PROCESS, Code.CUDA_KERNEL_FAULT,
    Code.NCCL_SYSTEM_ERROR_SHM, Code.CUDA_USED_AFTER_FORK, Code.NUMPY_ABI_MISMATCH,
    Code.PROTOBUF_VERSION_MISMATCH, Code.LIBSTDCXX_GLIBC_TOO_OLD, Code.XLA_TOOLCHAIN_MISSING,
    Code.SLURM_TASK_OUT_OF_MEMORY, Code.SLURM_TASK_TIMEOUT, Code.SLURM_GRES_REQUEST_INVALID,
    Code.SLURM_TIME_LIMIT_OVER_PARTITION_MAX, Code.MIG_ENABLED_WITHOUT_INSTANCES,
    Code.SLURM_TASK_CANCELLED, Code.IMAGE_PULL_FAILED, Code.SLURM_GPU_BIND_BREAKS_CUDA_IPC,
    Code.SLURM_ACCOUNT_PARTITION_INVALID, Code.SLURM_NODE_SPOOL_BROKEN,
    Code.LAUNCHER_HOSTFILE_HOST_UNREACHABLE, Code.K8S_GPU_POD_REQUEST_EXCEEDS_NODE,
    Code.NCCL_TOPO_FILE_REJECTED, Code.PYXIS_SECCOMP_FLAG_UNSUPPORTED_BY_KERNEL,
    Code.SLURM_GRES_CONF_INVALID, Code.GPU_UNCORRECTABLE_ECC_ERROR,
    Code.PEERMEM_BUILT_AGAINST_WRONG_IB_CORE, Code.CUDA_PEER_ACCESS_LIMIT_EXCEEDED,
    Code.OPENMP_RUNTIME_LOADED_TWICE, Code.CUDA_DEV_LIB_NOT_ON_LINKER_PATH,
    Code.EXTENSION_STALE_BUILD_ARTIFACTS, Code.TORCH_EXTENSION_IMPORTED_BEFORE_TORCH,
    Code.EXTENSION_SOURCE_TOO_OLD_FOR_TORCH,
})  # fmt: skip
# what a process that sees no usable GPU shows: any other failure is a failure of its own
_MISSING_GPU = frozenset({
    *NO_DEVICE, Code.GPU_HIDDEN_BY_ENV, Code.SLURM_GPU_NOT_REQUESTED, Code.CPU_ONLY_HOST_BENIGN,
    Code.CUDA_INIT_UNKNOWN, Code.GPU_NOT_REGISTERED, Code.K8S_NO_GPU_RESOURCE,
    Code.CUDA_RUNTIME_NOT_LOADABLE,
})  # fmt: skip


def hidden_by_env(facts: LogFacts, no_gpu: bool) -> list[Decision]:
    """CUDA_VISIBLE_DEVICES (or NVIDIA_VISIBLE_DEVICES) that hides the GPUs, or names ones the
    process may not have."""
    hidden = {k: v for k, v in facts.visible_devices.items() if k.startswith(("CUDA", "NVIDIA"))}
    if not hidden:
        return []
    name, value = next(iter(hidden.items()))
    hiding = value.strip().lower() in _HIDDEN_VALUES
    if not hiding and not no_gpu:
        return []
    why = "hides every GPU" if hiding else "names devices the process may not have"
    return [
        Decision(
            Code.GPU_HIDDEN_BY_ENV,
            f"{name}={value!r} {why}, and the framework saw no GPU",
            tuple(facts.evidence(f"visible_{name}", "no_gpu")),
            before=(*NO_DEVICE, Code.SLURM_GPU_NOT_REQUESTED),
        )
    ]


def containers(
    facts: LogFacts, shown: Mapping[Code, int], no_gpu: bool, symptoms: frozenset[Code]
) -> list[Decision]:
    """Container commands, shells and hooks: a GPU not requested (or requested after the image),
    a toolkit that fails a fresh container, an engine that cannot see the host's driver, a CPU
    image."""
    found: list[Decision] = []
    causes = set(shown) - symptoms
    for number, command in enumerate(facts.commands, 1):
        evidence = tuple(facts.evidence(f"command_{number}"))
        if command.tool in ("singularity", "apptainer"):
            if command.gpus_after_image:
                found.append(Decision(
                    Code.SINGULARITY_NO_NV,
                    f"--nv comes after the image ({command.image}): {command.tool} passes it to "
                    "the container's command, so the GPU is not bound",
                    evidence, before=NO_DEVICE))  # fmt: skip
            elif not command.gpus and (facts.no_gpu or set(shown) & {*NO_DEVICE}):
                found.append(Decision(
                    Code.SINGULARITY_NO_NV, f"{command.tool} ran without --nv: no GPU in the container",
                    evidence, before=NO_DEVICE))  # fmt: skip
            continue
        if command.gpus_after_image:
            found.append(Decision(
                Code.CONTAINER_GPU_NOT_REQUESTED,
                f"the GPU flag comes after the image ({command.image}): {command.tool} passes it to "
                "the container's command, so no GPU is requested",
                evidence, before=(*NO_DEVICE, Code.CONTAINER_LOST_GPU_ACCESS)))  # fmt: skip
        elif command.gpus and _lost_at_start(facts, shown):
            found.append(Decision(
                Code.CONTAINER_TOOLKIT_NOT_CONFIGURED,
                f"a container started just now with GPUs ({command.tool} run ... {command.image}) "
                "cannot initialise NVML: the container toolkit is not set up for this engine",
                evidence, replaces=(Code.CONTAINER_LOST_GPU_ACCESS,)))  # fmt: skip
        elif not command.gpus and no_gpu and "gpu_hook" not in facts.lines and not (
            Code.CONTAINER_TOOLKIT_NOT_CONFIGURED in causes or other_failure(causes)
        ):  # fmt: skip
            found.append(Decision(
                Code.CONTAINER_GPU_NOT_REQUESTED,
                f"{command.tool} run without --gpus (or a GPU device): the container has no GPU",
                evidence, before=(*NO_DEVICE, Code.CPU_ONLY_IMAGE)))  # fmt: skip
    inside = "inside_container" in facts.lines  # a shell or process in a started container
    if inside and not facts.commands and _no_device_inside(facts, shown, symptoms):
        found.append(Decision(
            Code.CONTAINER_GPU_NOT_REQUESTED,
            "inside a container that sees no GPU driver: it was most likely started without a GPU "
            "request (--gpus all, or a GPU device)",
            tuple(facts.evidence("inside_container", "no_gpu")),
            before=(*NO_DEVICE, Code.CPU_ONLY_IMAGE)))  # fmt: skip
    bound = any(c.tool in ("singularity", "apptainer") for c in facts.commands)
    if "apptainer" in facts.runtimes and not bound and not _nv_asked(facts):
        if _no_device_inside(facts, shown, symptoms):
            found.append(Decision(
                Code.SINGULARITY_NO_NV,
                "inside Singularity/Apptainer, which shows no sign of --nv, the process sees no GPU "
                "driver: the container was most likely started without --nv",
                (facts.runtimes["apptainer"], *facts.evidence("no_gpu")),
                before=(*NO_DEVICE, Code.CPU_ONLY_IMAGE)))  # fmt: skip
    if "docker_packaging" in facts.lines and Code.HOST_DRIVER_MISSING_FOR_TOOLKIT in shown:
        found.append(Decision(
            Code.DOCKER_ENGINE_CANNOT_SEE_HOST_DRIVER,
            "the container toolkit cannot load the driver's libraries because this Docker (a snap, "
            "or Docker Desktop's VM) does not see the host's",
            tuple(facts.evidence("docker_packaging")),
            replaces=(Code.HOST_DRIVER_MISSING_FOR_TOOLKIT,)))  # fmt: skip
    if facts.runtimes and not facts.commands and Code.CPU_ONLY_TF_BUILD in shown:
        containers = {"docker", "podman", "kubernetes"} & set(facts.runtimes)
        if containers:
            found.append(Decision(
                Code.CPU_ONLY_IMAGE,
                "the framework in this container is a CPU-only build: the image (or its base) is "
                "a CPU image", tuple(facts.runtimes[r] for r in sorted(containers))[:2],
                before=(Code.CPU_ONLY_TF_BUILD,)))  # fmt: skip
    return found


def _no_device_inside(
    facts: LogFacts, shown: Mapping[Code, int], symptoms: frozenset[Code]
) -> bool:
    """A container's process sees no driver (no libcuda, no nvidia-smi, no device), and nothing
    but symptoms speaks of the container toolkit or the driver."""
    causes = set(shown) - symptoms
    if "gpu_hook" in facts.lines:  # the NVIDIA hook ran: a GPU was asked for
        return False
    if causes & {
        Code.CONTAINER_TOOLKIT_NOT_CONFIGURED, Code.CONTAINER_CUDA_NEWER_THAN_DRIVER,
        Code.HOST_DRIVER_MISSING_FOR_TOOLKIT, Code.CONTAINER_LOST_GPU_ACCESS,
        Code.DRIVER_LIBRARY_MISMATCH, Code.GPU_HIDDEN_BY_ENV, Code.K8S_NO_GPU_RESOURCE,
    }:  # fmt: skip
        return False
    return (
        Code.DRIVER_NOT_AVAILABLE in shown
        or Code.CONTAINER_TOOLKIT_NOT_CONFIGURED in symptoms  # no nvidia-smi in the container
        or "no CUDA-capable device" in (facts.no_gpu or "")
        or "GPU libraries: []" in (facts.no_gpu or "")  # ollama found no NVML library to load
    )


def _nv_asked(facts: LogFacts) -> bool:
    """Whether the log shows that Singularity/Apptainer was asked for the GPU (--nv, its nv
    files, the NVIDIA hook)."""
    return "gpu_hook" in facts.lines or "singularity_nv" in facts.lines


def _lost_at_start(facts: LogFacts, shown: Mapping[Code, int]) -> bool:
    """NVML fails in a container, and no GPU was seen working before it (a container that lost its
    GPU showed it first)."""
    lost = shown.get(Code.CONTAINER_LOST_GPU_ACCESS)
    if lost is None:
        return False
    seen = [n for n in (facts.number("driver"), facts.number("gpu_smi")) if n is not None]
    return not any(n < lost for n in seen)


def selinux(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """Device nodes NVML may not open, on a host where SELinux decides: its policy, not the nodes'
    mode, is what refuses them (a container without the right label)."""
    if Code.NVIDIA_DEVICE_NODE_PERMISSIONS not in shown or "selinux" not in facts.lines:
        return []
    return [Decision(
        Code.SELINUX_BLOCKS_GPU_DEVICES,
        "NVML may not open the GPU's device nodes on a host where SELinux decides: its policy "
        "refuses them to the process", tuple(facts.evidence("selinux")),
        replaces=(Code.NVIDIA_DEVICE_NODE_PERMISSIONS,))]  # fmt: skip


def other_failure(shown: Iterable[Code]) -> bool:
    """Whether the log names a failure that is not a missing GPU (memory, a library, a crash):
    a job that failed so did not fail for want of a GPU."""
    return any(code not in _MISSING_GPU and layer_of(code) != "benign" for code in shown)


def notebooks(facts: LogFacts, shown: Mapping[Code, int]) -> list[Decision]:
    """A hosted notebook (Colab, Kaggle, SageMaker Studio Lab) that finds no driver or no GPU: its
    runtime is one without a GPU."""
    if "hosted_notebook" not in facts.lines or facts.visible_devices:  # hidden is not absent
        return []
    if not (facts.no_gpu or set(shown) & {Code.DRIVER_NOT_AVAILABLE, *NO_DEVICE}):
        return []
    return [Decision(
        Code.NOTEBOOK_RUNTIME_WITHOUT_GPU,
        "a hosted notebook (or serverless function) that finds no NVIDIA driver or GPU: its "
        "runtime has none (choose a GPU runtime)",
        (*facts.evidence("hosted_notebook"), *facts.evidence("no_gpu")),
        before=(Code.DRIVER_NOT_AVAILABLE, *NO_DEVICE))]  # fmt: skip


def clusters(facts: LogFacts, shown: Mapping[Code, int], no_gpu: bool) -> list[Decision]:
    """A Slurm job or a Kubernetes pod that sees no GPU: it asked for none, or lacks the runtime."""
    found: list[Decision] = []
    if (
        "slurm" in facts.runtimes
        and no_gpu
        and not facts.visible_devices
        and not (set(shown) & {Code.K8S_NO_GPU_RESOURCE, Code.CONTAINER_TOOLKIT_NOT_CONFIGURED})
    ):
        found.append(Decision(
            Code.SLURM_GPU_NOT_REQUESTED,
            "a Slurm job that sees no GPU: the job or its step asked for none (--gres=gpu:N, --gpus)",
            (f"slurm: {facts.runtimes['slurm']}", *facts.evidence("no_gpu")),
            before=(Code.DRIVER_NOT_AVAILABLE, Code.GPU_HIDDEN_BY_ENV, Code.CUDA_LIBS_NOT_FOUND)))  # fmt: skip
    if "kubernetes" in facts.runtimes and Code.K8S_NO_GPU_RESOURCE not in shown:
        if Code.CONTAINER_TOOLKIT_NOT_CONFIGURED in shown or "nvidia-smi" in str(facts.no_gpu):
            found.append(Decision(
                Code.K8S_NVIDIA_RUNTIMECLASS_MISSING,
                "a pod without the NVIDIA runtime's files (nvidia-smi, libcuda): it does not run "
                "under the nvidia runtime class", (f"kubernetes: {facts.runtimes['kubernetes']}",),
                replaces=(Code.CONTAINER_TOOLKIT_NOT_CONFIGURED,)))  # fmt: skip
        elif no_gpu and set(shown) & {
            Code.DRIVER_TOO_OLD_FOR_CUDA_RUNTIME,
            Code.DRIVER_NOT_AVAILABLE,
        }:
            found.append(Decision(
                Code.K8S_NO_GPU_RESOURCE,
                "a pod that sees no usable GPU: it asked for no nvidia.com/gpu (or no node "
                "advertises one)", (f"kubernetes: {facts.runtimes['kubernetes']}",),
                before=NO_DEVICE))  # fmt: skip
    return found
