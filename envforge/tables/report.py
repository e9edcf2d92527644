"""Compatibility tables from certification records: Markdown, one self-contained HTML page, JSON.

Rows are cells, columns are hosts (driver, GPU); each entry is the newest certificate of that cell on
that host: verdict and level, with the details (checks, diagnoses, image, timings) one click away in
HTML. The HTML page needs no network and no script: tables, <details> and inline SVG charts (GPU vs
CPU speedup where a GPU measured one; probe times).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from .. import __version__
from ..host import HostInfo
from ..probe.checks import Check
from ..store import StoredCertificate

__all__ = [
    "Report",
    "Entry",
    "HostColumn",
    "build_report",
    "columns",
    "to_markdown",
    "to_html",
    "to_dict",
]
MARK = {
    "CERTIFIED": "✅",
    "FAILED": "❌",
    "BUILD_FAILED": "🧱",
    "PROBE_ERROR": "⚠️",
    "NOT_TESTED": "–",
}


@dataclass(frozen=True)
class HostColumn:
    fingerprint: str
    label: str
    info: HostInfo | None


@dataclass(frozen=True)
class Entry:
    cell: str
    host: str
    verdict: str
    level: int
    image: str | None
    image_id: str | None
    run_id: str
    created_at: str
    stopped_by: str | None
    diagnoses: list[dict[str, Any]]
    checks: list[Check]
    probe_s: float | None
    speedup: float | None  # GPU over CPU samples/s of the L3 model check, where measured

    def short(self) -> str:
        text = f"{MARK.get(self.verdict, '')} {self.verdict} L{self.level}".strip()
        if self.verdict != "CERTIFIED" and self.diagnoses:
            text += f" ({self.diagnoses[0]['code']})"
        return text


@dataclass(frozen=True)
class Report:
    hosts: list[HostColumn]
    cells: list[str]
    entries: dict[tuple[str, str], Entry] = field(default_factory=dict)
    generated_at: str = field(
        default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds")
    )


def _speedup(facts: dict[str, Any] | None) -> float | None:
    models = ((facts or {}).get("device") or {}).get("models") or []
    by = {
        (m.get("device"), m.get("batch")): m.get("samples_per_s")
        for m in models
        if not m.get("error")
    }
    gpu, cpu = by.get(("gpu", 256)), by.get(("cpu", 256))
    return round(gpu / cpu, 2) if gpu and cpu else None


def build_report(records: list[StoredCertificate], hosts: dict[str, HostInfo]) -> Report:
    """The newest certificate of every (cell, host) pair."""
    latest: dict[tuple[str, str], StoredCertificate] = {}
    for record in records:  # ordered by id: later ones win
        latest[(record.certificate.cell_id, record.certificate.host_fingerprint)] = record
    entries = {}
    for (cell, host), record in latest.items():
        cert = record.certificate
        entries[(cell, host)] = Entry(
            cell=cell,
            host=host,
            verdict=cert.verdict.value,
            level=cert.level_reached,
            image=cert.image_ref,
            image_id=cert.image_id,
            run_id=record.run_id,
            created_at=cert.created_at,
            stopped_by=cert.stopped_by,
            diagnoses=[d.to_dict() for d in cert.diagnoses],
            checks=list(cert.checks),
            probe_s=cert.timings.get("probe_s"),
            speedup=_speedup(cert.facts),
        )
    used = sorted({host for _, host in entries})
    columns = [
        HostColumn(fp, hosts[fp].label() if fp in hosts else f"{fp}: unknown host", hosts.get(fp))
        for fp in used
    ]
    return Report(hosts=columns, cells=sorted({cell for cell, _ in entries}), entries=entries)


# -- Markdown ---------------------------------------------------------------------------------------


GROUP_AT = 8  # with more hosts than this, alike nodes whose entries agree share one column


def columns(report: Report) -> list[tuple[str, HostColumn]]:
    """(column head, the host whose entries it shows). A fleet stays readable: with more than
    ``GROUP_AT`` hosts, nodes with the same GPUs, driver and features and the same entry in every
    row share one column ("12 nodes (sim-001, sim-005, ... sim-045): no GPU, ...")."""
    if len(report.hosts) <= GROUP_AT:
        return [(h.label, h) for h in report.hosts]
    groups: dict[tuple[Any, ...], list[HostColumn]] = {}
    for host in sorted(report.hosts, key=lambda h: h.label):
        row = tuple(
            e.short() if (e := report.entries.get((cell, host.fingerprint))) else "-"
            for cell in report.cells
        )
        kind = host.label.split(": ", 1)[-1]
        features = tuple(host.info.features) if host.info else ()
        groups.setdefault((kind, features, row), []).append(host)
    heads = []
    for (kind, _, _), members in groups.items():
        if len(members) == 1:
            heads.append((members[0].label, members[0]))
            continue
        names = [m.label.split(": ", 1)[0] for m in members]
        shown = ", ".join(names[:3]) + (f", ... {names[-1]}" if len(names) > 3 else "")
        heads.append((f"{len(members)} nodes ({shown}): {kind}", members[0]))
    return heads


def to_markdown(report: Report) -> str:
    if not report.entries:
        return "No certificates yet: run `envforge certify`.\n"
    heads = columns(report)
    lines = [
        f"Compatibility of {len(report.cells)} cell(s) on {len(report.hosts)} host(s), "
        f"from envforge certification records ({report.generated_at}).",
        "",
        "| cell | " + " | ".join(head for head, _ in heads) + " |",
        "|---|" + "---|" * len(heads),
    ]
    notes: list[str] = []
    for cell in report.cells:
        row = []
        for _, host in heads:
            entry = report.entries.get((cell, host.fingerprint))
            if entry is None:
                row.append("-")
                continue
            text = entry.short()
            note = entry.stopped_by or (entry.diagnoses[0]["summary"] if entry.diagnoses else None)
            if note:
                if note not in notes:
                    notes.append(note)
                text += f" [{notes.index(note) + 1}]"
            row.append(text)
        lines.append(f"| `{cell}` | " + " | ".join(row) + " |")
    if notes:
        lines += ["", *(f"[{i}] {note}" for i, note in enumerate(notes, 1))]
    lines += [
        "",
        "Levels: L1 image (imports, libraries, models on CPU), L2 GPU, L3 performance; "
        "details in `envforge report --format html`.",
    ]
    return "\n".join(lines) + "\n"


# -- HTML -------------------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem;margin-bottom:.2rem} .meta{color:#57606a;margin-bottom:1.5rem}
table.matrix{border-collapse:collapse;width:100%;margin-bottom:2rem}
table.matrix th,table.matrix td{border:1px solid #d0d7de;padding:.4rem .6rem;vertical-align:top;text-align:left}
table.matrix th{background:#f6f8fa} code{font-size:.9em}
.CERTIFIED{background:#dafbe1} .FAILED,.BUILD_FAILED{background:#ffebe9} .PROBE_ERROR{background:#fff8c5}
details summary{cursor:pointer;font-weight:600} details ul{margin:.3rem 0;padding-left:1.1rem}
.pass{color:#1a7f37} .fail{color:#cf222e} .warn{color:#9a6700} .skip{color:#57606a}
.chart{margin:1rem 0 2rem} .chart text{font-size:12px;fill:#1b1f24} .empty{color:#57606a;font-style:italic}
"""


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def _entry_html(entry: Entry) -> str:
    checks = "".join(
        f'<li class="{_e(c.status)}">{_e(c.status.upper())} <code>{_e(c.id)}</code>: '
        f"{_e(c.summary)}{' [' + _e(c.code) + ']' if c.code and c.status != 'pass' else ''}</li>"
        for c in entry.checks
    )
    diags = "".join(
        f"<li><b>{_e(d['code'])}</b>: {_e(d['summary'])}"
        f"{'<br>fix: ' + _e(d['fix']) if d.get('fix') else ''}</li>"
        for d in entry.diagnoses
    )
    facts = [
        f"image <code>{_e(entry.image or '-')}</code>",
        f"run {_e(entry.run_id)}",
        _e(entry.created_at),
    ]
    if entry.probe_s is not None:
        facts.append(f"probe {entry.probe_s} s")
    if entry.stopped_by:
        facts.append(_e(entry.stopped_by))
    return (
        f'<td class="{_e(entry.verdict)}" data-cell="{_e(entry.cell)}"><details><summary>{_e(entry.short())}</summary>'
        f"<p>{' · '.join(facts)}</p>{'<ul>' + diags + '</ul>' if diags else ''}"
        f"{'<ul>' + checks + '</ul>' if checks else ''}</details></td>"
    )


def _bar_chart(title: str, rows: list[tuple[str, float]], unit: str, empty: str) -> str:
    if not rows:
        return f'<h2>{_e(title)}</h2><p class="empty">{_e(empty)}</p>'
    width, bar_h, label_w = 760, 22, 330
    top = max(value for _, value in rows) or 1.0
    height = bar_h * len(rows) + 10
    bars = []
    for i, (label, value) in enumerate(rows):
        y = 5 + i * bar_h
        w = max(2.0, (width - label_w - 90) * value / top)
        bars.append(
            f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{_e(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{bar_h - 6}" fill="#0969da"/>'
            f'<text x="{label_w + w + 6:.1f}" y="{y + 15}">{value:g} {_e(unit)}</text>'
        )
    return (
        f'<h2>{_e(title)}</h2><svg class="chart" role="img" aria-label="{_e(title)}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">{"".join(bars)}</svg>'
    )


def to_html(report: Report) -> str:
    header = "".join(
        f"<th>{_e(h.label)}<br><small>{_e(h.fingerprint)}</small></th>" for h in report.hosts
    )
    rows = []
    for cell in report.cells:
        cells = "".join(
            _entry_html(report.entries[(cell, h.fingerprint)])
            if (cell, h.fingerprint) in report.entries
            else "<td>-</td>"
            for h in report.hosts
        )
        rows.append(f"<tr><th><code>{_e(cell)}</code></th>{cells}</tr>")
    labels = {h.fingerprint: h.label.split(":")[0] for h in report.hosts}
    speedups = [
        (f"{e.cell} @ {labels[e.host]}", e.speedup) for e in report.entries.values() if e.speedup
    ]
    probes = [
        (f"{e.cell} @ {labels[e.host]}", e.probe_s)
        for e in report.entries.values()
        if e.probe_s is not None
    ]
    body = (
        f'<h1>envforge compatibility report</h1><p class="meta">{len(report.cells)} cell(s) on '
        f"{len(report.hosts)} host(s) · generated {_e(report.generated_at)} by envforge {_e(__version__)}</p>"
        f'<table class="matrix"><thead><tr><th>cell</th>{header}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        + _bar_chart(
            "GPU vs CPU speedup (a small CNN at batch 256, L3)",
            sorted(speedups),
            "x",
            "No GPU measurements yet: L3 needs a host with a GPU.",
        )
        + _bar_chart("Probe time per certificate", sorted(probes), "s", "No probe has run yet.")
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>envforge compatibility report</title>'
        f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{_CSS}</style></head>'
        f"<body>{body}</body></html>\n"
    )


# -- JSON -------------------------------------------------------------------------------------------


def to_dict(report: Report) -> dict[str, Any]:
    return {
        "generated_at": report.generated_at,
        "hosts": [
            {
                "fingerprint": h.fingerprint,
                "label": h.label,
                "info": h.info.to_dict() if h.info else None,
            }
            for h in report.hosts
        ],
        "cells": report.cells,
        "entries": [
            {
                "cell": e.cell,
                "host": e.host,
                "verdict": e.verdict,
                "level": e.level,
                "image": e.image,
                "image_id": e.image_id,
                "run_id": e.run_id,
                "created_at": e.created_at,
                "stopped_by": e.stopped_by,
                "diagnoses": e.diagnoses,
                "probe_s": e.probe_s,
                "gpu_cpu_speedup": e.speedup,
            }
            for e in sorted(report.entries.values(), key=lambda e: (e.cell, e.host))
        ],
    }
