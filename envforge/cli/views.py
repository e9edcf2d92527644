"""How each job's result reads to a person (the JSON form is the result's own ``to_dict``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from ..probe.codes import CODES, Code
from .human import Output, verdict_markup

if TYPE_CHECKING:  # results of jobs that have run: their modules are loaded by then
    from ..jobs.build import BuildRunResult, RenderResult
    from ..jobs.certify import CertifyResult
    from ..jobs.cluster.kubernetes import CollectResult, EmitResult
    from ..jobs.cluster.rollout import CanaryResult, ClusterRolloutResult
    from ..jobs.cluster.steps import ClusterResult
    from ..jobs.doctor import DoctorResult
    from ..jobs.forge import ForgeResult
    from ..jobs.matrix import DriverResult
    from ..jobs.probing import Verification
    from ..jobs.rollout import RolloutResult
    from ..knowledge.explain import Explanation
    from ..matrix import Expansion
    from ..rollout import RegressionResult

__all__ = [
    "certify",
    "build",
    "cluster",
    "cluster_rollout",
    "canary",
    "emit",
    "collect",
    "render",
    "verify",
    "forge",
    "doctor",
    "matrix_list",
    "explain",
    "driver",
    "rollout",
    "regressions",
    "codes",
]


def certify(out: Output, result: CertifyResult) -> None:
    rows = []
    for cell in result.cells:
        cert = cell.certificate
        notes = cert.stopped_by or ""
        if not cert and cert.diagnoses:
            d = cert.diagnoses[0]
            notes = f"{d.code}: {d.summary}" + (f" -> {d.fix}" if d.fix else "")
        if cell.reused:
            notes = (
                notes + "; " if notes else ""
            ) + "already certified for this image and host (--force re-runs)"
        expect = cert.expectations
        rows.append(
            [
                cell.cell_id,
                cell.build.image_ref or "-",
                expect.framework_label(),
                expect.target(),
                f"L{cert.level_reached}",
                verdict_markup(cert.verdict.value),
                escape(notes),
            ]
        )
    out.table(
        "envforge certify",
        ("cell", "image", "framework", "build target", "level", "verdict", "notes"),
        rows,
    )
    out.note(f"results: {result.db} (run {result.run_id}); logs: {result.logs}")


def build(out: Output, result: BuildRunResult) -> None:
    rows = [
        [
            r.cell_id,
            r.image_ref or "-",
            "[green]cached[/]"
            if r.cached
            else "[green]built[/]"
            if r.ok
            else f"[red]failed[/]: {escape(r.error or '')}",
            f"{r.seconds:.1f}",
            str(r.log_path),
        ]
        for r in result.cells
    ]
    out.table("envforge build", ("cell", "image", "status", "seconds", "log"), rows)
    for cell, digest in result.pushed.items():
        out.line(f"pushed {escape(cell)}: {escape(digest)}")


def cluster(out: Output, result: ClusterResult, *, command: str = "certify") -> None:
    """One row per cell (or image), one column per node: the verdict there (why not, below)."""
    cells = sorted({c.cell_id for c in result.cells} | set(result.images))
    nodes = [n.name for n in result.nodes]
    found = {(c.cell_id, c.node): c for c in result.cells}
    rows = []
    for cell in cells:
        marks = []
        for node in nodes:
            got = found.get((cell, node))
            marks.append(
                verdict_markup(got.certificate.verdict.value)
                + (f" L{got.certificate.level_reached}" if got.certificate else "")
                if got
                else ("[dim]skipped[/]" if (cell, node) in result.skipped else "-")
            )
        rows.append([cell, escape(result.images.get(cell, "-")), *marks])
    first = "cell" if command == "certify" else "image"
    out.table(f"envforge {command} on {escape(result.cluster)}", (first, "pushed as", *nodes), rows)
    for done in result.cells:
        cert = done.certificate
        if not cert and cert.diagnoses:
            d = cert.diagnoses[0]
            where = f"{done.cell_id} on {done.node}" if done.node else done.cell_id
            out.line(f"  {escape(where)}: {d.code}: {escape(d.summary)}")
            if d.fix:
                out.line(f"    fix: {escape(d.fix)}")
    if result.skipped:
        out.note(f"{len(result.skipped)} pair(s) already recorded: not submitted again")
    out.note(f"run {result.run_id}; task files under {result.spool}")


def cluster_rollout(out: Output, result: ClusterRolloutResult) -> None:
    images = sorted({i.name for n in result.nodes for i in n.items})
    rows = []
    for image in images:
        marks = []
        for node in result.nodes:
            item = next((i for i in node.items if i.name == image), None)
            marks.append(
                "-"
                if item is None
                else "[red]stops[/]"
                if not item.keeps_working
                else "[yellow]needs forward compatibility[/]"
                if item.mode == "forward-compat"
                else "[green]keeps working[/]"
            )
        rows.append([escape(image), *marks])
    heads = [f"{n.node} ({n.gpu or 'no GPU'})" for n in result.nodes]
    out.table(f"driver {escape(result.driver)} across the cluster", ("image", *heads), rows)
    for node in result.nodes:
        for item in node.items:
            if not item.keeps_working:
                out.line(
                    f"  {escape(node.node)}: {escape(item.name)}: {escape('; '.join(item.reasons))}"
                )
    rows = [
        [escape(f"{c.gpu or 'no GPU'}, driver {c.driver or '-'}, {c.runtime}"),
         escape(", ".join(c.nodes)), "\n".join(map(escape, c.of("keeps working"))) or "-",
         "\n".join(map(escape, c.of("needs forward compatibility"))) or "-",
         "\n".join(map(escape, c.of("stops"))) or "-"]
        for c in result.classes
    ]  # fmt: skip
    out.table(
        f"the plan for driver {escape(result.driver)}, per node class",
        (
            "node class",
            "nodes",
            "keeps working",
            "needs forward compatibility (cuda-compat)",
            "stops",
        ),
        rows,
    )


def canary(out: Output, result: CanaryResult) -> None:
    out.line(
        f"node {escape(result.node)}: run {result.baseline} (before) against {result.candidate} (after)"
    )
    for r in result.regressions:
        codes = f" ({', '.join(r.new_codes)})" if r.new_codes else ""
        out.line(f"  [red]regressed[/] {escape(r.cell)}: {r.baseline} -> {r.candidate}{codes}")
    if not result.regressions:
        out.line("  no regression")
    for cell in result.missing_in_candidate:
        out.note(f"{cell}: not in the candidate run")


def emit(out: Output, result: EmitResult) -> None:
    for cell, digest in result.images.items():
        out.line(f"pushed {escape(cell)}: {escape(digest)}")
    for path in result.manifests:
        out.line(f"wrote {escape(str(path))}")
    out.note(f"next: kubectl apply -f {result.out}; {result.script}; envforge collect {result.out}")


def collect(out: Output, result: CollectResult) -> None:
    rows = [
        [
            escape(i.cell_id),
            escape(i.node),
            verdict_markup(i.verdict),
            f"L{i.level}",
            escape(", ".join(i.codes)),
        ]
        for i in result.items
    ]
    out.table("envforge collect", ("cell", "node", "verdict", "level", "codes"), rows)
    out.note(f"recorded as run {result.run_id}")


def render(out: Output, result: RenderResult) -> None:
    for path in result.written:
        out.line(f"wrote {escape(str(path))}")
    if result.stale:
        out.note(
            f"{len(result.stale)} rendered Dockerfile(s) out of date: {', '.join(map(str, result.stale))}; "
            "run `envforge render`"
        )


def verify(out: Output, result: Verification) -> None:
    cert = result.certificate
    how = "probe added for this run" if result.injected else "the image's own probe"
    out.note(f"verifying {result.image} ({how}) on {result.host.describe()}")
    out.checks(cert.checks)
    note = f" ({escape(cert.stopped_by)})" if cert.stopped_by else ""
    out.line(f"{verdict_markup(cert.verdict.value)}: level reached L{cert.level_reached}{note}")
    out.diagnoses(cert.diagnoses)


def forge(out: Output, result: ForgeResult) -> None:
    cert = result.result.certificate
    note = f" ({escape(cert.stopped_by)})" if cert.stopped_by else ""
    cell = result.result.cell_id
    out.line(
        f"[bold green]forged[/] {result.tag}: {escape(cell)}, CERTIFIED L{cert.level_reached}{note}"
    )
    out.line(f"lock file: {result.lock_path}")


def doctor(out: Output, result: DoctorResult) -> None:
    out.note(f"doctor: {result.source}")
    out.diagnoses(result.diagnoses, ranked=True)
    unexplained = result.details.get("unexplained")
    if not unexplained:
        return
    out.line(f"{unexplained['said']}; what it shows:")
    if unexplained.get("last_exception"):
        out.line(f"  last exception: {escape(unexplained['last_exception'])}")
    for line in unexplained.get("error_lines") or ():
        out.line(f"  error-like: {escape(line)}")
    facts = result.details.get("facts") or {}
    if facts:
        shown = ", ".join(f"{k}={v}" for k, v in facts.items() if not isinstance(v, (list, dict)))
        out.line(f"  facts: {escape(shown)}" if shown else "  facts: see --json")
    for near in unexplained.get("closest") or ():
        out.line(f"  closest: {near['code']}: not chosen: {escape(near['why_not'])}")
    if not unexplained.get("closest"):
        out.line(
            "  closest: none of envforge's codes shares this log's wording (envforge codes lists them)"
        )


def matrix_list(out: Output, expansion: Expansion) -> None:
    rows = [
        [
            c.id,
            c.spec.stack,
            c.spec.recipe.base_image,
            escape(" ".join(c.spec.recipe.requirements) or "(as published)"),
            c.spec.expect.target(),
        ]
        for c in expansion.cells
    ]
    title = f"{expansion.matrix.path}: {len(expansion.cells)} cell(s)"
    out.table(title, ("cell", "stack", "base", "installs", "build target"), rows)
    if expansion.rejected:
        rejected = [[r.id, escape(r.reason), escape(r.source or "")] for r in expansion.rejected]
        out.table(
            f"rejected: {len(expansion.rejected)} combination(s)",
            ("cell", "reason", "source"),
            rejected,
        )


def explain(out: Output, result: Explanation) -> None:
    gpu = f"{result.gpu.get('name') or ''} cc {result.gpu['cc']}".strip() if result.gpu else None
    rows = [
        ("TensorFlow", result.tensorflow),
        ("Python", ", ".join(result.python)),
        ("CUDA", result.cuda),
        ("cuDNN", result.cudnn),
        ("min driver (Linux)", result.min_driver),
        ("SASS targets", ", ".join(result.compute_capabilities)),
        ("PTX", result.ptx),
        ("Keras", str(result.keras) if result.keras else None),
        ("TensorFlow releases", ", ".join(result.tensorflow_releases)),
        ("GPU", gpu),
    ]
    out.pairs((name, str(value)) for name, value in rows if value)
    if result.compatible is not None:
        out.line(
            "\n[bold green]compatible[/]" if result.compatible else "\n[bold red]not compatible[/]"
        )
    out.line("\nwhy:")
    for reason in result.reasons:
        out.line(f"  - {escape(reason)}")
    out.line("sources:")
    for source in result.sources:
        out.line(f"  - {escape(source)}")


def driver(out: Output, result: DriverResult) -> None:
    check = result.check
    style = "bold green" if result.passed else "bold red"
    out.line(
        f"[{style}]{'compatible' if result.passed else 'NOT compatible'}[/]: CUDA {check.cuda} on driver "
        f"{check.driver} (mode: {check.mode}; the driver runs CUDA {check.driver_cuda_version or '?'} natively)"
    )
    for reason in check.reasons:
        out.line(f"  - {escape(reason)}")
    if result.require is not None:
        req = result.require
        text = "satisfied" if req["satisfied"] else f"refused: {req['message']}"
        out.line(f"  - NVIDIA_REQUIRE_CUDA={escape(req['expression'])}: {escape(text)}")


def rollout(out: Output, result: RolloutResult) -> None:
    rows = [
        [
            escape(item.name),
            item.cuda or "-",
            "[green]keeps working[/]" if item.keeps_working else "[bold red]breaks[/]",
            item.mode,
            escape(item.reasons[-1]),
        ]
        for item in result.items
    ]
    title = f"driver {result.driver}" + (f" on {result.gpu.name}" if result.gpu else "")
    out.table(title, ("image", "CUDA", "verdict", "mode", "why"), rows)
    out.note(
        f"{len(result.breaking)} of {len(result.items)} image(s) would break on driver {result.driver}"
    )


def regressions(out: Output, result: RegressionResult) -> None:
    for reg in result.regressions:
        codes = f" (new: {', '.join(reg.new_codes)})" if reg.new_codes else ""
        out.line(f"[bold red]regressed[/] {reg.cell}: {reg.baseline} -> {reg.candidate}{codes}")
    if result.missing_in_candidate:
        out.note(f"not certified in the candidate run: {', '.join(result.missing_in_candidate)}")
    out.note(
        f"{len(result.regressions)} regression(s) between {result.baseline} and {result.candidate}"
    )


def codes(out: Output, chosen: list[Code]) -> None:
    if len(chosen) == 1:
        code = chosen[0]
        info = CODES[code]
        out.line(
            f"[bold]{code}[/] ({info.layer}{', catalogue ' + info.catalogue if info.catalogue else ''})"
        )
        out.line(f"  {escape(info.meaning)}")
        out.line(f"  fix: {escape(info.fix)}")
        return
    rows = [[code.value, CODES[code].layer, escape(CODES[code].meaning)] for code in chosen]
    out.table(f"{len(chosen)} codes", ("code", "layer", "meaning"), rows)
