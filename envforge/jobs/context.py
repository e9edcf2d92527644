"""What every job works with: knowledge base, engine, cluster, host, store, progress, clock; and the
run record.

Each resource is made when a job first asks for it (``report`` never connects to an engine, ``matrix
explain`` never opens a store), or given up front (tests give an in-memory engine and a temporary
store). ``run()`` is the run lifecycle, written once: started, then finished, failed or interrupted,
and a run whose process died is marked interrupted by the next one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .. import paths
from ..engine import Engine, connect
from ..engine.cluster import Cluster, connect_cluster
from ..errors import BadInputError, EngineUnavailableError
from ..host import HostInfo, detect_host
from ..outputs import inputs_of
from .progress import NullProgress, Progress

if TYPE_CHECKING:  # loaded when a job first asks (doctor on a log needs neither)
    from ..engine.registry import Registry
    from ..knowledge import KnowledgeBase
    from ..knowledge.models import Gpu
    from ..store import Store

__all__ = ["Context", "Run", "Clock", "SystemClock"]


class Clock(Protocol):
    """Time as jobs see it: for timings and for waiting (tests give one that never sleeps)."""

    def now(self) -> float:
        """Seconds on a monotonic clock."""
        ...

    def sleep(self, seconds: float) -> None: ...


class SystemClock:
    def now(self) -> float:
        return time.perf_counter()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


@dataclass(frozen=True)
class Run:
    """A run in progress: its id and where its logs go."""

    id: str
    logs_dir: Path


class Context:
    def __init__(
        self,
        *,
        state: paths.StatePaths | None = None,
        db: Path | None = None,
        kb: KnowledgeBase | None = None,
        engine: Engine | None = None,
        host: HostInfo | None = None,
        store: Store | None = None,
        progress: Progress | None = None,
        cluster: Cluster | None = None,
        clock: Clock | None = None,
        inputs: tuple[Path, ...] = (),
        registries: Callable[[str], Registry] | None = None,
    ) -> None:
        self.state = state or paths.state()
        self.db_path = db or self.state.db
        self.progress: Progress = progress or NullProgress()
        self.clock: Clock = clock or SystemClock()
        if kb is not None:
            self.kb = kb
        if engine is not None:
            self.engine = engine
        if host is not None:
            self.host = host
        if cluster is not None:
            self.cluster = cluster
        self._store = store
        self._connect_registry = registries
        self._registries: dict[str, Registry] = {}
        # what the command reads (its database and files): no output of it may replace them
        self.inputs = inputs_of(self.db_path, *inputs)

    @cached_property
    def kb(self) -> KnowledgeBase:
        from ..knowledge import load_knowledge

        return load_knowledge()

    def gpu(self, name: str) -> Gpu:
        """``--gpu NAME`` looked up in the knowledge base (BadInputError with the nearest names)."""
        from ..knowledge.gpus import UnknownGpu

        try:
            return self.kb.find_gpu(name)
        except UnknownGpu as unknown:
            raise BadInputError(f"--gpu {unknown}", hint=unknown.hint) from None

    @cached_property
    def engine(self) -> Engine:
        return connect()

    @cached_property
    def cluster(self) -> Cluster:
        """The Slurm cluster this host submits to (found as Slurm's commands find it)."""
        return connect_cluster()

    def registry(self, host: str) -> Registry:
        """The OCI registry at ``host`` (``HOST[:PORT]``), once it answers (statements go there)."""
        if host not in self._registries:
            if self._connect_registry is None:
                from ..engine.registry import connect_registry

                self._registries[host] = connect_registry(host)
            else:
                self._registries[host] = self._connect_registry(host)
        return self._registries[host]

    @cached_property
    def host(self) -> HostInfo:
        """This host, with its engine's description (or none: jobs that need no engine, such as
        collect, still record the host they ran on)."""
        try:
            return detect_host(self.engine.info())
        except EngineUnavailableError:
            return detect_host(None)

    @property
    def store(self) -> Store:
        if self._store is None:
            from ..store import Store

            self._store = Store(self.db_path)
        return self._store

    def existing_store(self) -> Store:
        """The store, which must exist already, opened read-only (reports, tables and rollouts
        read what certify recorded and never write: not even a migration)."""
        if self._store is None:
            from ..store import Store

            self._store = Store(self.db_path, read_only=True)
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def run(
        self,
        command: str,
        *,
        level: int,
        matrix: str | None = None,
        matrix_digest: str | None = None,
    ) -> Iterator[Run]:
        """Record a run in the store for the duration of the block."""
        from ..store import new_run_id

        store = self.store
        store.mark_dead_runs_interrupted()
        run_id = new_run_id()
        run = Run(run_id, self.state.logs / run_id)
        store.start_run(
            run.id,
            command=command,
            host=self.host,
            level=level,
            matrix=matrix,
            matrix_digest=matrix_digest,
        )
        status = "failed"
        try:
            yield run
            status = "finished"
        except KeyboardInterrupt:
            status = "interrupted"
            raise
        finally:
            store.finish_run(run.id, status)
