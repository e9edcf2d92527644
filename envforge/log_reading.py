"""A log read as ``envforge doctor`` reads it (pure): the causes it shows, most likely first, and,
when nothing decides, what it does show.

1. Normalise once (``probe.logtext``); run the signatures (``probe.matching``) and read the facts
   (``log_facts``) on the same lines.
2. Decide with the facts (``log_rules``): causes no line names, and which named cause
   explains another. The knowledge base is loaded only when a rule has the facts it reads.
3. Rank: causes before symptoms (a symptom that a cause in the log explains goes after it), then the
   catalogue's layer order, then the order of the log. Benign codes (TensorRT missing, a host
   without a GPU) come last and are never a failure.
4. Never blank: when no cause is found, the reading says so and shows the last exception, the most
   error-like lines, the facts, and the closest codes with why each was not chosen.

Lines benign on a machine without an NVIDIA GPU count only where the log shows one (or
``gpu_present``), or where the run ended in an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from .log_facts import LogFacts, extract_facts
from .log_neighbours import ERROR_WORDS, nearest
from .log_rules import Decision, decide
from .log_runtime_rules import NOT_A_MISSING_GPU

if TYPE_CHECKING:
    from .knowledge.base import KnowledgeBase
from .probe.codes import CODES, LAYERS, Code
from .probe.logtext import _ANSI, Line, normalise
from .probe.matching import Found, Scan, is_benign, scan, standing
from .probe.signatures import CAUSE, DRIVER_ANSWERED, INFO, SYMPTOM
from .results import Diagnosis
from .untrusted import printable

__all__ = ["LogReading", "read_log", "MAX_EVIDENCE"]

MAX_EVIDENCE = 5
_FAILED = re.compile(
    r"(?m)^Traceback \(most recent call last\)|^(?:[\w.]{1,80}\.)?\w{0,60}(?:Error|Exception)\b(?::|$)"
    r"|Error response from daemon|\b(?:core dumped|Segmentation fault)\b|^(?:Aborted|Killed)\b"
    r"|^[\w./-]{1,60}: (?:error|ERROR|FATAL)\b|^(?:ERROR|FATAL|Error)[: ]|exit(?:ed)? (?:with )?(?:code|status):? [1-9]"
    r"|^terminate called|\b(?:CUDA|cuBLAS|cuDNN|HIP|NCCL|cuFFT|cuSOLVER|cuSPARSE) error\b|\bOOMKilled\b|\b[Ee]rror: \S"
    r"|^Exception has occurred: |^-{1,6}> ?\d{1,6} |\bCUDA backend failed to initiali[sz]e"
    r"|: error while loading shared libraries: "  # the loader would not start a program
    # a notebook's error output as its .ipynb holds it (JSON): its ename, its traceback's last line
    r'|^"ename": "\w{0,60}(?:Error|Exception)"|^"(?:[\w.]{1,80}\.)?\w{0,60}(?:Error|Exception): '
    # a serverless function's error report (AWS Lambda's JSON)
    r'|"errorType": "\w{0,60}(?:Error|Exception)"'
)
_EXCEPTION = re.compile(
    r"^(?:[\w.]{1,80}\.)?\w{1,60}(?:Error|Exception|Exit|Interrupt|Fault)\b:?.{0,400}"
)
_WORD = re.compile(r"[a-z][a-z0-9_.+-]{2,40}")
# Words too common in logs and in the codes' meanings to say which code is close.
_COMMON = frozenset(
    "the and for with that this not was are its from but has have can any one when than then "
    "into out runs run set use used uses error errors failed fails fail cannot could found line "
    "file none true false version library libraries what which where there their other another "
    "framework process machine host does done more most only also each every".split()
)
# causes of a run whose framework saw its GPU (memory, model code, data, features and kernels the
# GPU lacks), and failures that are not a missing GPU: a log whose framework saw none resembles
# none of them (a GPU too old for a build is ignored by TensorFlow: it may show as none)
_SEES_A_GPU = NOT_A_MISSING_GPU | frozenset(
    code for code, info in CODES.items()
    if info.layer in ("memory", "model-code", "data-pipeline", "hardware-vs-build")
    and code is not Code.GPU_ARCH_TOO_OLD
)  # fmt: skip
# what only a working driver prints: nvidia-smi's table, a framework's device with its capability
_DRIVER_WORKS = re.compile("|".join(DRIVER_ANSWERED), re.I)
_TPU_RUN = re.compile(r"(?:distributed system for|initiali[sz]ed?) TPU backend|TpuDevice\(id=\d")
_STATED_CAUSES = frozenset({  # printed as warnings or facts, not errors
    Code.GPU_ARCH_NEWER_THAN_WHEEL, Code.GPU_ARCH_TOO_OLD, Code.KERAS_BACKEND_NOT_TF,
    Code.MACOS_X86_BUILD_ON_APPLE_SILICON, Code.DIRECTML_NO_ADAPTER_OR_VERSION,
})  # fmt: skip
_FRAMEWORK_SAID_NONE = re.compile(  # a framework's own message, not the answer to a query
    r"No GPU/TPU found|no CUDA-capable device|CUDA is not available", re.I
)
_CUDA_ON_LOADER_PATH = re.compile(  # the dlerror's own LD_LIBRARY_PATH, through CUDA's libraries
    r"LD_LIBRARY_PATH\W{1,4}[^\n]{0,300}?(?:/cuda\b|/cuda-\d|/cudnn|/nvidia/lib|lib64-nvidia)", re.I
)
# TensorFlow's Linux dlerror for the CUDA runtime: in the corpus's dev part only ever a machine set
# up for a GPU (Windows' cudart64 dlerror is printed on CPU-only machines as often)
_LINUX_CUDART = re.compile(r"Could not load dynamic library 'libcudart\.so")
_CPU_RUN = re.compile(  # searched in the whole log at once
    r"falling back to cpu|CUDA is not available\. Disabling|Found no NVIDIA driver on your system"
    r"|Ignore above cudart dlerror|Could not find cuda drivers on your machine|no CUDA-capable device"
    r"|GPU available: False, used: False",  # Lightning's banner
    re.I,
)


@dataclass(frozen=True)
class LogReading:
    diagnoses: tuple[Diagnosis, ...]
    facts: LogFacts
    failed: bool  # the run ended in an error (a traceback, a process killed, a tool's error)
    unexplained: dict[str, Any] = field(default_factory=dict)  # set when no cause was found

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"facts": self.facts.summary(), "run_failed": self.failed}
        if self.unexplained:
            data["unexplained"] = self.unexplained
        return data


@dataclass
class _Cause:
    code: Code
    strength: int
    index: int  # the first line that shows it
    evidence: list[str]
    summary: str | None = None
    explained_by: set[Code] = field(default_factory=set)
    decided: bool = False


def _rank(layer: str) -> int:
    return LAYERS.index(layer) if layer in LAYERS else len(LAYERS)


def read_log(
    text: str,
    *,
    gpu_present: bool | None = None,
    platform: str | None = None,
    kb: Callable[[], KnowledgeBase] | None = None,
) -> LogReading:
    """Every cause ``text`` shows, most likely first (see the module's docstring). ``kb``: loads
    the knowledge base (called only when a rule has the facts it reads)."""
    lines = normalise(text)
    scanned = scan(lines)
    facts = extract_facts(lines, raw=text)
    body = "\n".join(dict.fromkeys(line.text for line in lines))  # each distinct line once
    failed = _failed(body)
    gpu = gpu_present if gpu_present is not None else scanned.gpu_evidence is not None
    # the log asked for a GPU (a query the user ran) and was told none: one was expected
    wanted = bool(facts.no_gpu) and not _FRAMEWORK_SAID_NONE.search(facts.no_gpu or "")
    # a loader path through a CUDA install: someone set this machine up for a GPU
    wanted = wanted or _CUDA_ON_LOADER_PATH.search(body) is not None
    wanted = wanted or _LINUX_CUDART.search(body) is not None
    causes, suppressed = _causes(scanned, gpu or failed or wanted, failed, bool(facts.no_gpu))
    shown = {code: lines[cause.index].number for code, cause in causes.items()}
    symptoms = frozenset(code for code, cause in causes.items() if cause.strength < CAUSE)
    decisions = decide(
        facts, shown, kb=kb, platform=platform, failed=failed,
        symptoms=symptoms,
    )  # fmt: skip
    _apply(causes, decisions, len(lines))
    # the driver answered (a warning that said no), or the job runs on TPUs (a TPU VM, where
    # TensorFlow's and JAX's CUDA probes fail by design)
    if (not failed and _DRIVER_WORKS.search(body)) or _TPU_RUN.search(body):
        cause = causes.get(Code.DRIVER_NOT_AVAILABLE)
        if cause is not None and not cause.decided:
            del causes[Code.DRIVER_NOT_AVAILABLE]
    if not gpu and not failed and not wanted and (suppressed or _CPU_RUN.search(body)):
        evidence = [_line(f) for f in suppressed][:MAX_EVIDENCE] or ["the log shows no GPU"]
        causes.setdefault(
            Code.CPU_ONLY_HOST_BENIGN, _Cause(Code.CPU_ONLY_HOST_BENIGN, INFO, len(lines), evidence)
        )
    ordered = sorted(causes.values(), key=lambda c: _order(c, causes))
    unexplained: dict[str, Any] = {}
    if not any(CODES[c.code].layer != "benign" for c in ordered):
        unexplained = _unexplained(lines, scanned, suppressed)
    as_posted = _AsPosted(text, ordered, unexplained)
    diagnoses = tuple(_diagnosis(c, as_posted) for c in ordered)
    return LogReading(diagnoses, facts, failed, as_posted.unexplained())


def _failed(body: str) -> bool:
    """Whether a line of ``body`` says the run failed; a benign line (a sound library without a
    card, a registration notice) says nothing of the kind."""
    for match in _FAILED.finditer(body):
        start = body.rfind("\n", 0, match.start()) + 1
        end = body.find("\n", match.end())
        if not is_benign(body[start : end if end >= 0 else len(body)]):
            return True
    return False


def _line(found: Found) -> str:
    return f"line {found.number}: {printable(found.text, limit=400, one_line=True)}"


def _causes(
    scanned: Scan, gpu: bool, failed: bool, no_gpu: bool = False
) -> tuple[dict[Code, _Cause], list[Found]]:
    causes: dict[Code, _Cause] = {}
    suppressed: list[Found] = []
    standing_found = standing(scanned.found)
    loose = [f for f in standing_found if f.signature.loose]
    for found in standing_found:
        if found.signature.loose:
            continue
        signature = found.signature
        if signature.needs_failure and not failed:
            continue
        if signature.needs_gpu and not gpu:
            suppressed.append(found)
            continue
        for code in (signature.code, *signature.implies):
            cause = causes.get(code)
            strength = signature.strength if code == signature.code else SYMPTOM
            if cause is None:
                cause = causes[code] = _Cause(code, strength, found.index, [])
            cause.strength = max(cause.strength, strength)
            cause.explained_by |= set(signature.explained_by)
            if len(cause.evidence) < MAX_EVIDENCE and _line(found) not in cause.evidence:
                cause.evidence.append(_line(found))
    _read_loosely(causes, scanned, loose, failed, no_gpu)
    return causes, suppressed


def _read_loosely(
    causes: dict[Code, _Cause], scanned: Scan, loose: list[Found], failed: bool, no_gpu: bool
) -> None:
    """Where no precise wording named a cause: the loose words on the error-like lines (on any line
    of a run that failed; where only symptoms spoke, those of a cause that explains one of them,
    on another line); then, for a failed run where still nothing spoke, the corpus log it
    resembles (where the framework said it saw no GPU, not a log of a failure that is not a
    missing GPU)."""
    precise = [f for f in scanned.found if not f.signature.loose]
    if not precise:  # nothing precise spoke, not even to call a line benign
        _likely(causes, [f for f in loose if failed or ERROR_WORDS.search(f.text) or _warns(f)])
        if failed and not any(c.strength > INFO for c in causes.values()):
            _resembles(causes, scanned.lines, _SEES_A_GPU if no_gpu else frozenset())
    elif not any(c.strength == CAUSE for c in causes.values()):
        # only symptoms spoke: a loose wording of a cause that explains one of them may name it
        explains = {code for c in causes.values() for code in c.explained_by}
        if scanned.gpu_evidence is not None:  # a GPU the driver shows: the driver is there
            explains.discard(Code.DRIVER_NOT_AVAILABLE)
        read = {f.index for f in precise}  # a symptom's own line is not read again loosely
        _likely(causes, [
            f for f in loose
            if f.signature.code in explains and f.index not in read and ERROR_WORDS.search(f.text)
        ])  # fmt: skip


def _warns(found: Found) -> bool:
    """A cause whose messages are warnings or plain statements, without error words."""
    return CODES[found.signature.code].layer in ("model-code", "data-pipeline") or (
        found.signature.code in _STATED_CAUSES
    )


def _likely(causes: dict[Code, _Cause], loose: list[Found]) -> None:
    """Loose signatures on a log's error lines, where nothing precise spoke: the code they
    point to most often (then the latest), as a likely cause."""
    if not loose:
        return
    counts: dict[Code, list[Found]] = {}
    for found in loose:
        counts.setdefault(found.signature.code, []).append(found)
    code, shown = max(counts.items(), key=lambda item: (len(item[1]), item[1][-1].index))
    evidence = [_line(f) for f in shown[-MAX_EVIDENCE:]]
    summary = f"likely: {CODES[code].meaning} (its words, not a wording envforge knows exactly)"
    causes.setdefault(code, _Cause(code, SYMPTOM, shown[0].index, evidence, summary))


def _resembles(
    causes: dict[Code, _Cause], lines: list[Line], unlike: frozenset[Code] = frozenset()
) -> None:
    """The last resort: the cause of the corpus log whose error lines this log's resemble most
    (lines known to be benign are no error lines: a log of only those resembles nothing)."""
    lines = [line for line in lines if not is_benign(line.text)]
    neighbour = nearest([line.text for line in lines], unlike)  # a Code is its own name
    if neighbour is None:
        return
    code = Code(neighbour.code)
    errors = [(i, ln) for i, ln in enumerate(lines) if ERROR_WORDS.search(ln.text)][-2:]
    evidence = [
        f"line {ln.number}: {printable(ln.text, limit=400, one_line=True)}" for _, ln in errors
    ]
    summary = (
        f"likely: {CODES[code].meaning} (these error lines resemble a real log of that cause, "
        f"{neighbour.log}, {neighbour.similarity:.2f})"
    )
    causes[code] = _Cause(code, SYMPTOM, errors[0][0] if errors else len(lines), evidence, summary)


def _apply(causes: dict[Code, _Cause], decisions: list[Decision], end: int) -> None:
    """The facts' decisions: replaced codes dropped, explained ones demoted, new causes added."""
    for decision in decisions:
        for code in decision.replaces:
            causes.pop(code, None)
    for decision in decisions:
        first = min((causes[c].index for c in decision.replaces + decision.before if c in causes),
                    default=end)  # fmt: skip
        cause = causes.get(decision.code)
        if cause is None:
            cause = causes[decision.code] = _Cause(decision.code, CAUSE, first, [])
        cause.strength, cause.decided = CAUSE, True
        cause.summary = decision.summary
        cause.index = min(cause.index, first)
        cause.evidence = list(dict.fromkeys([*decision.evidence, *cause.evidence]))[:MAX_EVIDENCE]
        for code in decision.before:
            if code in causes and code != decision.code:
                causes[code].explained_by.add(decision.code)


def _order(cause: _Cause, causes: dict[Code, _Cause]) -> tuple[int, int, int, int, int]:
    benign = CODES[cause.code].layer == "benign" or cause.strength == INFO
    explained = any(code in causes and code != cause.code for code in cause.explained_by)
    return (benign, explained, -cause.strength, _rank(CODES[cause.code].layer), cause.index)


def _diagnosis(cause: _Cause, as_posted: _AsPosted) -> Diagnosis:
    info = CODES[cause.code]
    evidence = tuple(as_posted.line(e) for e in cause.evidence)
    return Diagnosis(cause.code.value, cause.summary or info.meaning, info.fix, evidence)


class _AsPosted:
    """Evidence shown as the log has it: ``line N: ...`` with line N as posted (colours removed,
    made printable), not as the patterns read it. The lines are found in one pass over the text."""

    _REFERENCE = re.compile(r"^line (\d{1,9}): ")

    def __init__(self, text: str, causes: list[_Cause], unexplained: dict[str, Any]) -> None:
        self._unexplained = unexplained
        wanted = {int(m.group(1)) for s in self._strings(causes) if (m := self._REFERENCE.match(s))}
        self._raw: dict[int, str] = {}
        number, start = 1, 0
        for target in sorted(wanted):
            while number < target:
                found = text.find("\n", start)
                if found < 0:
                    break
                number, start = number + 1, found + 1
            end = text.find("\n", start)
            raw = text[start : end if end >= 0 else len(text)]
            self._raw[target] = printable(_ANSI.sub("", raw).strip(), limit=400, one_line=True)

    def _strings(self, causes: list[_Cause]) -> list[str]:
        found = [e for c in causes for e in c.evidence]
        found.append(self._unexplained.get("last_exception") or "")
        found += self._unexplained.get("error_lines", [])
        found += [c["why_not"] for c in self._unexplained.get("closest", [])]
        return found

    def line(self, evidence: str) -> str:
        match = self._REFERENCE.match(evidence)
        if match is None or int(match.group(1)) not in self._raw:
            return evidence
        return f"line {match.group(1)}: {self._raw[int(match.group(1))]}"

    def unexplained(self) -> dict[str, Any]:
        if not self._unexplained:
            return {}
        shown = dict(self._unexplained)
        if shown.get("last_exception"):
            shown["last_exception"] = self.line(shown["last_exception"])
        shown["error_lines"] = [self.line(e) for e in shown.get("error_lines", [])]
        return shown


# -- never blank -----------------------------------------------------------------------------------
def _unexplained(lines: list[Line], scanned: Scan, suppressed: list[Found]) -> dict[str, Any]:
    """What a log with no recognised cause shows: its last exception, its most error-like lines,
    its facts, and the closest codes with why none was chosen."""
    exception = next((ln for ln in reversed(lines) if _EXCEPTION.match(ln.text)), None)
    errorish: list[Line] = []
    for line in reversed(lines):  # the last ones: where a failure ends a log
        if ERROR_WORDS.search(line.text):
            errorish.insert(0, line)
            if len(errorish) == MAX_EVIDENCE:
                break
    closest: list[dict[str, str]] = []
    for found in suppressed:
        closest.append({
            "code": found.signature.code.value,
            "why_not": f"{_line(found)} shows it, but it is printed on machines without a GPU too, "
                       "and this log shows none (doctor --gpu-present yes if it has one)",
        })  # fmt: skip
    for signature, index in scanned.near:
        if len(closest) >= 3:
            break
        if any(c["code"] == signature.code.value for c in closest):
            continue
        line = lines[index]
        closest.append({
            "code": signature.code.value,
            "why_not": f"line {line.number} has words of its message, not its wording: "
                       f"{printable(line.text, limit=200, one_line=True)}",
        })  # fmt: skip
    words = {w for ln in [*errorish, *([exception] if exception else [])] for w in _words(ln.text)}
    for code, shared in _nearest_by_words(words, {c["code"] for c in closest}):
        if len(closest) >= 3:
            break
        closest.append({
            "code": code,
            "why_not": f"its meaning shares the words {', '.join(shared)} with the error lines, "
                       "but no line states it in a wording envforge knows",
        })  # fmt: skip
    return {
        "said": "no cause envforge knows decides this log",
        "last_exception": _shown(exception),
        "error_lines": [_shown(ln) for ln in errorish],
        "closest": closest[:3],
    }


def _words(text: str) -> set[str]:
    return {w.strip(".-") for w in _WORD.findall(text.lower())} - _COMMON


@cache
def _meaning_words() -> tuple[tuple[str, frozenset[str]], ...]:
    """Each failure code with the uncommon words of its meaning and name (read once)."""
    return tuple(
        (code.value, frozenset(_words(f"{info.meaning} {code.value.replace('_', ' ')}")))
        for code, info in CODES.items()
        if info.layer != "benign"
    )


def _nearest_by_words(words: set[str], skip: set[str]) -> list[tuple[str, list[str]]]:
    """Codes whose meaning shares at least two uncommon words with ``words``, most shared first."""
    scored = []
    for code, meaning in _meaning_words():
        if code in skip:
            continue
        shared = sorted(words & meaning)
        if len(shared) >= 2:
            scored.append((-len(shared), code, shared))
    return [(code, shared[:4]) for _, code, shared in sorted(scored)[:3]]


def _shown(line: Line | None) -> str | None:
    if line is None:
        return None
    return f"line {line.number}: {printable(line.text, limit=400, one_line=True)}"
