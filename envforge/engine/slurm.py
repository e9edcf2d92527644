"""Slurm, through its own commands: the only module that runs sinfo, sbatch, squeue, scontrol,
scancel and sacct.

The cluster is found the way those commands find it (``SLURM_CONF``, else the default
configuration). Jobs are followed with ``squeue --json`` (``--states=all`` keeps finished jobs for
``MinJobAge``), falling back to its parsable text form, then to ``sacct`` where accounting is on:
a cluster without accounting storage answers sacct with "accounting storage is disabled".
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from ..errors import EngineUnavailableError, EnvforgeError
from ..identifiers import IdentifierError, check_job_id, check_node
from ..untrusted import printable
from .cluster import ClusterNode, ClusterTask

__all__ = ["SlurmCluster", "SlurmError"]

_TIMEOUT_S = 60
_MAX_REPLY = 32 * 2**20  # squeue --json of thousands of jobs is a few MB


class SlurmError(EnvforgeError):
    """A Slurm command refused what envforge asked (exit 4: the cluster cannot do it)."""

    exit_code = 4


class SlurmCluster:
    """One Slurm cluster, as its client commands see it from this (submit) host."""

    def __init__(self, conf: str | None = None) -> None:
        self.conf = conf or os.environ.get("SLURM_CONF")
        self.env = {**os.environ, **({"SLURM_CONF": self.conf} if self.conf else {})}

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        try:
            done = subprocess.run(
                list(argv), capture_output=True, text=True, env=self.env, timeout=_TIMEOUT_S,
                check=False,
            )  # fmt: skip
        except FileNotFoundError:
            raise EngineUnavailableError(
                f"{argv[0]} is not installed: this host is not a Slurm submit host",
                hint="run envforge where sbatch works, or start the test cluster: scripts/cluster up",
            ) from None
        except subprocess.TimeoutExpired:
            raise EngineUnavailableError(
                f"{argv[0]} did not answer within {_TIMEOUT_S} s", hint="is slurmctld up? (sinfo)"
            ) from None
        if check and done.returncode != 0:
            message = (done.stderr or done.stdout).strip().splitlines()
            said = printable(message[-1], limit=300, one_line=True) if message else done.returncode
            raise SlurmError(f"{' '.join(argv[:2])}: {said}")
        if len(done.stdout) > _MAX_REPLY:
            raise SlurmError(
                f"{argv[0]}: a reply of {len(done.stdout)} bytes is not one envforge reads"
            )
        return done

    def describe(self) -> str:
        return f"Slurm ({self.conf or 'the default slurm.conf'})"

    def ping(self) -> None:
        """Raise EngineUnavailableError (exit 4) unless the controller answers."""
        done = self._run("scontrol", "ping", check=False)
        if done.returncode != 0 or "UP" not in done.stdout:
            raise EngineUnavailableError(
                f"no Slurm controller answers ({self.conf or 'default slurm.conf'}): "
                f"{(done.stdout + done.stderr).strip()[-300:]}",
                hint="set SLURM_CONF to the cluster's slurm.conf, or start the test cluster: "
                "scripts/cluster up",
            )

    def nodes(self, partition: str | None = None) -> list[ClusterNode]:
        """Every node (of ``partition``), with its state, features and reason."""
        argv = ["sinfo", "--Node", "--noheader", "--format=%N|%T|%f|%E|%P"]
        if partition:
            argv.append(f"--partition={partition}")
        found: dict[str, ClusterNode] = {}
        for line in self._run(*argv).stdout.splitlines():
            parts = line.split("|")
            if len(parts) < 5:
                continue
            # a reason (%E) is free text and may hold a "|": it is all between features and partition
            name, state, features, part = (p.strip() for p in (*parts[:3], parts[-1]))
            reason = "|".join(parts[3:-1]).strip()
            try:
                check_node(name)
            except IdentifierError:  # said, never used: it would reach file names and sbatch
                name, state = printable(name, limit=64, one_line=True), "unusable-name"
                reason = "its name is not a node name envforge can pass to sbatch"
            known = found.get(name)
            partitions = (*known.partitions, part.rstrip("*")) if known else (part.rstrip("*"),)
            found[name] = ClusterNode(
                name=name,
                state=state.lower(),
                features=tuple(f for f in features.split(",") if f and f != "(null)"),
                reason="" if reason in ("none", "(null)") else reason,
                partitions=partitions,
            )
        return list(found.values())

    def submit(
        self,
        script: Path,
        *,
        node: str,
        job_name: str,
        output: Path,
        partition: str | None,
        time_limit_min: int,
        extra: tuple[str, ...] = (),
    ) -> str:
        """Submit ``script`` pinned to ``node``, alone there; its job id."""
        argv = [
            "sbatch", "--parsable", f"--job-name={job_name}", f"--nodelist={node}", "--nodes=1",
            "--ntasks=1", "--exclusive", f"--output={output}", f"--time={time_limit_min}",
            "--kill-on-invalid-dep=yes",
        ]  # fmt: skip
        if partition:
            argv.append(f"--partition={partition}")
        argv += [*extra, str(script)]
        job = self._run(*argv).stdout.strip().split(";")[0]
        try:
            return check_job_id(job)
        except IdentifierError:
            raise SlurmError(
                f"sbatch answered {printable(job, limit=80, one_line=True)!r}, not a job id"
            ) from None

    def states(self, job_ids: list[str]) -> dict[str, ClusterTask]:
        """The state of each job Slurm still knows (finished ones for MinJobAge; sacct after)."""
        if not job_ids:
            return {}
        found = self._squeue_json(job_ids)
        if found is None:
            found = self._squeue_text(job_ids)
        missing = [j for j in job_ids if j not in found]
        if missing:
            found.update(self._sacct(missing))
        return found

    def _squeue_json(self, job_ids: list[str]) -> dict[str, ClusterTask] | None:
        done = self._run(
            "squeue", "--json", "--states=all", f"--jobs={','.join(job_ids)}", check=False
        )
        if done.returncode != 0 or not done.stdout.lstrip().startswith("{"):
            return None
        try:
            reply = json.loads(done.stdout)
        except (ValueError, RecursionError):
            return None
        jobs = reply.get("jobs") if isinstance(reply, dict) else None
        if not isinstance(jobs, list):
            return None
        found: dict[str, ClusterTask] = {}
        for job in jobs:
            if not isinstance(job, dict):
                continue
            job_id = str(job.get("job_id"))
            code = job.get("exit_code")
            if isinstance(code, dict):  # later openapi versions: {"return_code": N, ...}
                code = code.get("return_code")
            found[job_id] = ClusterTask(
                task_id=job_id,
                state=_state(job.get("job_state")),
                reason=printable(str(job.get("state_reason") or ""), limit=200, one_line=True),
                exit_code=int(code)
                if isinstance(code, int) and not isinstance(code, bool)
                else None,
                node=printable(str(job.get("nodes") or ""), limit=200, one_line=True),
            )
        return found

    def _squeue_text(self, job_ids: list[str]) -> dict[str, ClusterTask]:
        done = self._run(
            "squeue", "--noheader", "--states=all", f"--jobs={','.join(job_ids)}",
            "--format=%i|%T|%r|%N", check=False,
        )  # fmt: skip
        found: dict[str, ClusterTask] = {}
        for line in done.stdout.splitlines():
            parts = line.split("|")
            if len(parts) == 4:
                found[parts[0]] = ClusterTask(parts[0], _state(parts[1]), parts[2], None, parts[3])
        return found

    def _sacct(self, job_ids: list[str]) -> dict[str, ClusterTask]:
        done = self._run(
            "sacct", "--noheader", "--parsable2", "--allocations", f"--jobs={','.join(job_ids)}",
            "--format=JobID,State,ExitCode,NodeList,Reason", check=False,
        )  # fmt: skip
        found: dict[str, ClusterTask] = {}
        if done.returncode != 0:
            return found
        for line in done.stdout.splitlines():
            parts = line.split("|")
            if len(parts) >= 4:
                code = parts[2].split(":")[0]
                found[parts[0]] = ClusterTask(
                    parts[0],
                    _state(parts[1]),
                    parts[4] if len(parts) > 4 else "",
                    int(code) if code.isdigit() else None,
                    parts[3],
                )
        return found

    def cancel(self, job_ids: list[str]) -> None:
        if job_ids:
            self._run("scancel", *job_ids, check=False)

    # -- holding a node (the gate) ---------------------------------------------------------------
    def drain(self, node: str, reason: str) -> None:
        check_node(node)
        self._run("scontrol", "update", f"NodeName={node}", "State=DRAIN", f"Reason={reason}")

    def resume(self, node: str) -> None:
        check_node(node)
        self._run("scontrol", "update", f"NodeName={node}", "State=RESUME")

    def reserve(self, name: str, node: str) -> None:
        """A reservation of ``node`` for this user, from now: jobs that do not name it stay off."""
        check_node(node)
        self._run(
            "scontrol", "create", "reservation", f"ReservationName={name}", f"Nodes={node}",
            f"Users={_user()}", "StartTime=now", "Duration=UNLIMITED", "Flags=IGNORE_JOBS",
        )  # fmt: skip

    def release(self, name: str) -> None:
        self._run("scontrol", "delete", f"ReservationName={name}", check=False)


def _user() -> str:
    import pwd  # noqa: PLC0415

    return pwd.getpwuid(os.getuid()).pw_name


def _state(value: object) -> str:
    """'CANCELLED by 0' -> 'CANCELLED'; lists (newer openapi) -> the first."""
    if isinstance(value, list):
        value = value[0] if value else ""
    words = str(value or "UNKNOWN").split()
    state = words[0].upper() if words else "UNKNOWN"
    return state if state.replace("_", "").isalpha() and len(state) <= 40 else "UNKNOWN"
