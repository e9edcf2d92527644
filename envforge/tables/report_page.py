"""The report laid out as a page: a table per stack with the facts readers look for, the hosts
view (images x hosts or cluster nodes, with what runs where), and the probe charts."""

from __future__ import annotations

from typing import Any

from .. import __version__
from ..probe.vocabulary import Verdict
from .marks import Status, status_of
from .page import Cell, Chart, Page, Table
from .report import CellFacts, Entry, HostColumn, Report

__all__ = [
    "report_page",
    "hosts_table",
    "entries_table",
    "flat_table",
    "columns",
    "GROUP_AT",
    "VIEWS",
]

VIEWS = ("all", "cells", "hosts")
GROUP_AT = 8  # with more hosts than this, alike nodes whose entries agree share one column
LEGEND = (
    "Levels: L1 the image (imports, libraries, models on CPU), L2 the GPU, L3 performance. "
    "Marks: [ok] certified, [x] failed, [!] probe error, [-] not tested. "
    "Built / shipped: what the framework was built for / what the image carries."
)
CELL_COLUMNS = (
    "image",
    "framework",
    "Keras",
    "Python built / shipped",
    "CUDA built / shipped",
    "cuDNN built / shipped",
    "min driver (native / minor-version)",
    "SASS / PTX",
    "size",
    "digest",
    "date",
    "level",
    "hosts",
)


def _pair(built: str | None, shipped: str | None) -> str:
    if not built and not shipped:
        return "-"
    return f"{built or '?'} / {shipped or '?'}"


def _size(size: int | None) -> Cell:
    if not size:
        return Cell("-", sort=0)
    return Cell(f"{size / 1e9:.2f} GB" if size >= 1e9 else f"{size / 1e6:.0f} MB", sort=size)


def _entry_details(entry: Entry, host: str) -> list[str]:
    lines = [f"{host}: {entry.short()} (run {entry.run_id}, {entry.created_at})"]
    if entry.stopped_by:
        lines.append(f"  {entry.stopped_by}")
    for d in entry.diagnoses:
        fix = f" Fix: {d['fix']}" if d.get("fix") else ""
        lines.append(f"  {d['code']}: {d['summary']}.{fix}")
    lines += [
        f"  {c.status.upper()} {c.id}: {c.summary}"
        + (f" [{c.code}]" if c.code and c.status != Status.PASS else "")
        for c in entry.checks
    ]
    return lines


_WORST_FIRST: tuple[Status, ...] = (Status.FAIL, Status.WARN, Status.PASS)


def _overall(entries: list[Entry]) -> Status:
    statuses = {status_of(e.verdict) for e in entries}
    return next((s for s in _WORST_FIRST if s in statuses), Status.SKIP)


def where(report: Report, cell: str) -> tuple[str, Status, list[str]]:
    """'certified on 2 of 3 (node1, node2); FAILED on node3 (CODE)': what runs where."""
    found = [
        (h, e) for h in report.hosts if (e := report.entries.get((cell, h.fingerprint))) is not None
    ]
    by_verdict: dict[str, list[str]] = {}
    for host, entry in found:
        key = entry.verdict + (f" ({entry.diagnoses[0]['code']})" if entry.diagnoses else "")
        by_verdict.setdefault(key, []).append(host.name)
    ok = by_verdict.pop(Verdict.CERTIFIED.value, [])
    parts = [f"certified on {len(ok)} of {len(found)}" + (f" ({', '.join(ok)})" if ok else "")]
    parts += [f"{verdict} on {', '.join(names)}" for verdict, names in sorted(by_verdict.items())]
    details = [line for host, entry in found for line in _entry_details(entry, host.name)]
    return "; ".join(parts), _overall([e for _, e in found]), details


def _cell_row(report: Report, cell: str) -> tuple[Cell, ...]:
    f: CellFacts = report.facts[cell]
    summary, status, details = where(report, cell)
    sass = ", ".join(f.sass) if f.sass else "-"
    return (
        Cell(cell, code=True),
        Cell(f.framework or "-"),
        Cell(f.keras or "-"),
        Cell(_pair(f.python_built, f.python_shipped)),
        Cell(_pair(f.cuda_built, f.cuda_shipped)),
        Cell(_pair(f.cudnn_built, f.cudnn_shipped)),
        Cell(_pair(f.min_driver, f.min_driver_mvc) if f.cuda_built else "-"),
        Cell(f"{sass} / {f.ptx}" if f.ptx else sass),
        _size(f.image_size),
        Cell(_short_digest(f.digest), details=f.repo_digests, code=bool(f.digest)),
        Cell(f.date[:10], sort=f.date),
        Cell(f"L{f.level}", sort=f.level),
        Cell(summary, status=status, details=tuple(details)),
    )


def _short_digest(digest: str | None) -> str:
    if not digest:
        return "-"
    return digest if len(digest) <= 19 else digest[:19]  # sha256: and 12 hex digits


def entries_table(report: Report, stack: str) -> Table:
    cells = [c for c in report.cells if report.facts[c].stack == stack]
    return Table(
        id=f"stack-{stack}",
        title=f"{stack} ({len(cells)} image{'s' if len(cells) != 1 else ''})",
        columns=CELL_COLUMNS,
        rows=tuple(_cell_row(report, cell) for cell in cells),
    )


def columns(report: Report) -> list[tuple[str, HostColumn]]:
    """(column head, the host whose entries it shows). Many nodes stay readable: with more than
    ``GROUP_AT`` hosts, nodes with the same GPUs, driver and features and the same entry in every
    row share one column ("12 nodes (sim-001, sim-005, ... sim-045): no GPU, ...")."""
    if len(report.hosts) <= GROUP_AT:
        return [(_head(h), h) for h in report.hosts]
    groups: dict[tuple[Any, ...], list[HostColumn]] = {}
    for host in sorted(report.hosts, key=lambda h: h.label):
        row = tuple(
            e.short() if (e := report.entries.get((cell, host.fingerprint))) else "-"
            for cell in report.cells
        )
        kind = _head(host).split(": ", 1)[-1]
        features = tuple(host.info.features) if host.info else ()
        groups.setdefault((kind, features, row), []).append(host)
    heads = []
    for (kind, _, _), members in groups.items():
        if len(members) == 1:
            heads.append((_head(members[0]), members[0]))
            continue
        names = [m.name for m in members]
        shown = ", ".join(names[:3]) + (f", ... {names[-1]}" if len(names) > 3 else "")
        heads.append((f"{len(members)} nodes ({shown}): {kind}", members[0]))
    return heads


def _head(host: HostColumn) -> str:
    """'node1: 1x NVIDIA H100 80GB HBM3, driver 580.65.06; docker 27.5 (GPU runtime)'."""
    if host.info is None:
        return host.label
    runtime = host.info.engine + (" (GPU runtime)" if host.info.engine_gpu_runtime else "")
    return f"{host.label}; {runtime}"


def hosts_table(report: Report) -> Table:
    """Images x hosts or nodes: each intersection its verdict and level, each image what runs
    where. One host gives one column."""
    heads = columns(report)
    rows = []
    for cell in report.cells:
        row = [Cell(cell, code=True)]
        for _, host in heads:
            entry = report.entries.get((cell, host.fingerprint))
            if entry is None:
                row.append(Cell("-"))
                continue
            note = entry.stopped_by or (entry.diagnoses[0]["summary"] if entry.diagnoses else None)
            row.append(
                Cell(
                    entry.short(),
                    status=status_of(entry.verdict),
                    details=tuple(_entry_details(entry, host.name)[1:]),
                    note=note,
                    sort=entry.level,
                )
            )
        summary, status, _ = where(report, cell)
        row.append(Cell(summary, status=status))
        rows.append(tuple(row))
    return Table(
        id="hosts",
        title=f"Hosts: {len(report.cells)} image(s) on {len(report.hosts)} host(s) or node(s)",
        columns=("image", *(head for head, _ in heads), "what runs where"),
        rows=tuple(rows),
    )


def report_page(report: Report, view: str = "all") -> Page:
    labels = {h.fingerprint: h.name for h in report.hosts}
    speedups = sorted(
        (f"{e.cell} @ {labels[e.host]}", e.speedup) for e in report.entries.values() if e.speedup
    )
    probes = sorted(
        (f"{e.cell} @ {labels[e.host]}", e.probe_s)
        for e in report.entries.values()
        if e.probe_s is not None
    )
    sections: list[Table | Chart] = []
    if view in ("all", "cells"):
        sections += [entries_table(report, stack) for stack in report.stacks()]
    if view in ("all", "hosts"):
        sections.append(hosts_table(report))
    if view == "all":
        sections += [
            Chart(
                "speedup",
                "GPU vs CPU speedup (a small CNN at batch 256, L3)",
                "x",
                tuple(speedups),
                "No GPU measurements yet: L3 needs a host with a GPU.",
            ),
            Chart("probe-time", "Probe time per certificate", "s", tuple(probes), "No probe ran."),
        ]
    return Page(
        title="envforge compatibility report",
        meta=f"{len(report.cells)} image(s) on {len(report.hosts)} host(s), from envforge "
        f"certification records ({report.generated_at}, envforge {__version__}).",
        sections=tuple(sections),
        legend=LEGEND,
    )


def flat_table(report: Report) -> Table:
    """A line per image and host, every fact in a column of its own (the CSV form)."""
    names = {h.fingerprint: h.name for h in report.hosts}
    rows = []
    for (cell, host), e in sorted(report.entries.items()):
        f = report.facts[cell]
        values = (
            cell, f.stack, names.get(host, host), host, e.verdict, str(e.verdict == Verdict.CERTIFIED),
            str(e.level), e.diagnoses[0]["code"] if e.diagnoses else "", f.framework, f.keras,
            f.python_built, f.python_shipped, f.cuda_built, f.cuda_shipped, f.cudnn_built,
            f.cudnn_shipped, f.min_driver, f.min_driver_mvc, " ".join(f.sass), f.ptx,
            str(f.image_size or ""), f.digest, " ".join(f.repo_digests), e.created_at, e.run_id,
        )  # fmt: skip
        rows.append(tuple(Cell(v or "") for v in values))
    return Table(
        id="entries",
        title="Every image on every host",
        columns=(
            "cell",
            "stack",
            "host",
            "host_fingerprint",
            "verdict",
            "passed",
            "level",
            "code",
            "framework",
            "keras",
            "python_built",
            "python_shipped",
            "cuda_built",
            "cuda_shipped",
            "cudnn_built",
            "cudnn_shipped",
            "min_driver",
            "min_driver_mvc",
            "sass",
            "ptx",
            "image_size",
            "digest",
            "repo_digests",
            "created_at",
            "run_id",
        ),  # fmt: skip
        rows=tuple(rows),
    )
