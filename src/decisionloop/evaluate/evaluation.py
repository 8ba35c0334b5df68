"""One evaluation from options to report: the protocol, the routers, optional gate tuning, the figures."""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from decisionloop.backends.factory import build_backend
from decisionloop.backends.rules import RuleJudge
from decisionloop.core.backend import DecisionBackend
from decisionloop.core.errors import ConfigError
from decisionloop.driver import System2
from decisionloop.evaluate import score
from decisionloop.evaluate.free import FollowSystem1, FreeOutcome, FreeSetup, suite_now
from decisionloop.evaluate.free import run_tasks as run_free
from decisionloop.evaluate.gating import TaskVerdict, verdicts
from decisionloop.evaluate.llm_steps import llm_steps, with_proposals
from decisionloop.evaluate.metrics import CurvePoint, rate, tune
from decisionloop.evaluate.report import curve_json, empty_parts
from decisionloop.evaluate.score import LlmStep, StepKey
from decisionloop.evaluate.stored import answers_json
from decisionloop.gold.oracle import OracleBackend, OraclePerson
from decisionloop.gold.suite import Suite, Task, load_suite
from decisionloop.gold.teacher import CandidateMode, TaskCase, TeacherSetup
from decisionloop.gold.teacher import run_tasks as run_teacher
from decisionloop.llm.chat import Chat
from decisionloop.model.matching import shipped_matcher
from decisionloop.spec.gates import apply_gates, effective_thresholds
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.system2 import LlmSystem2
from decisionloop.tools.builtin import builtin_tools
from decisionloop.tools.catalog import SIDE_EFFECTS
from decisionloop.tools.replay import ReplayBook

Protocol = Literal["teacher", "free"]
SplitName = Literal["dev", "test", "all"]
Progress = Callable[[str, int], None]


@dataclass(frozen=True, slots=True, kw_only=True)
class EvalConfig:
    """What to evaluate and how."""

    suite: Path
    split: SplitName = "dev"
    protocol: Protocol = "teacher"
    backend: str = "rules"
    backend_model: str | None = None
    gates: Mapping[str, float] = field(default_factory=dict)
    chat: Chat | None = None
    tune_cap: float | None = None
    tune_floor: float = 0.0
    candidates: CandidateMode = "last"
    model_dir: Path | None = None
    backends: Callable[[Task], DecisionBackend] | None = None  # a fake System 1 per task, instead of ``backend``


@dataclass(frozen=True, slots=True, kw_only=True)
class Evaluation:
    """The report and what it was computed from (for the HTML report and for tuning)."""

    report: dict[str, object]
    verdicts: tuple[TaskVerdict, ...] = ()
    cases: tuple[TaskCase, ...] = ()
    llm: Mapping[StepKey, LlmStep] | None = None
    curve: tuple[CurvePoint, ...] = ()
    tuned: CurvePoint | None = None
    spec: Spec | None = None


def backend_for(name: str, model: str | None, model_dir: Path | None = None) -> Callable[[Task], DecisionBackend]:
    """``model`` (the bundled decision model, or the one in ``model_dir``), ``rules``, ``oracle`` (answers from
    each task's gold trace) or a ``/v1/systemone`` base URL."""
    if name == "model":
        from decisionloop.model.backend import ModelBackend, ModelFiles

        local = ModelBackend(ModelFiles.read(model_dir))
        return lambda _: local
    if name == "oracle":
        return lambda task: OracleBackend(task, side_effects=SIDE_EFFECTS)
    if name == "rules":
        judge = RuleJudge()
        return lambda _: judge
    if not name.startswith(("http://", "https://")):
        raise ConfigError(f"unknown backend {name!r}; use model, rules, oracle, or a decision server URL (http://…)")
    shared = build_backend(url=name, model=model, api_key=None, timeout_s=30.0, probe=True)
    return lambda _: shared


def evaluate(config: EvalConfig, progress: Progress | None = None) -> Evaluation:
    """Run the protocol on the chosen split and compute the report."""
    suite = load_suite(config.suite)
    tasks = suite.split(config.split)
    if not tasks:
        raise ConfigError(f"{config.suite}: the {config.split!r} split has no tasks; use --split dev, test or all")
    if config.tune_cap is not None and (config.split != "dev" or config.protocol != "teacher"):
        raise ConfigError("gate tuning uses the dev split, teacher-forced only: --split dev --protocol teacher")
    spec = load_spec(gates=config.gates)
    if config.protocol == "free":
        return _free(config, suite, tasks, spec, progress)
    return _teacher(config, suite, tasks, spec, progress)


def _header(config: EvalConfig, suite: Suite, tasks: Sequence[Task], spec: Spec) -> dict[str, object]:
    return {
        "suite": Path(suite.path).name,
        "split": config.split,
        "protocol": config.protocol,
        "tasks": len(tasks),
        "steps": sum(len(t.steps) for t in tasks),
        "backend": config.backend,
        "thresholds": effective_thresholds(spec),
    }


def _teacher(
    config: EvalConfig, suite: Suite, tasks: Sequence[Task], spec: Spec, progress: Progress | None
) -> Evaluation:
    tools = builtin_tools()
    setup = TeacherSetup(
        spec=spec, tools=tools, now=suite_now(suite), candidates=config.candidates, matcher=shipped_matcher()
    )
    tick = (lambda _case: progress("System 1", 1)) if progress else None
    backends = config.backends or backend_for(config.backend, config.backend_model, config.model_dir)
    cases = run_teacher(tasks, setup, backends, tick)
    points = tuple(score.curve(cases, spec, tools))
    tuned = tune(points, config.tune_cap, config.tune_floor) if config.tune_cap is not None else None
    if tuned is not None:
        spec = apply_gates(spec, dict.fromkeys(score.SWEPT_KEYS, tuned.tau))
    judged = verdicts(cases, spec, tools)
    llm = None
    if config.chat is not None:
        on_step = (lambda: progress("LLM", 1)) if progress else None
        llm = llm_steps(tasks, config.chat, tools, suite_now(suite), on_step)
        held = {(t.case.task.id, v.case.index): v for t in judged for v in t.steps if not v.auto}
        ranked = {key: v.ranked for key, v in held.items()}
        stops = {key for key, v in held.items() if v.stop}
        on_held = (lambda: progress("LLM, held steps with System 1's choices", 1)) if progress else None
        llm = with_proposals(tasks, llm, ranked, (config.chat, tools, suite_now(suite)), on_held, stops=stops)
    report = {
        **_header(config, suite, tasks, spec),
        "routers": score.routers(judged, llm),
        "trust": None if llm is None else score.trust_sweep(judged, llm),
        "gate": score.gate(judged),
        "parts": score.parts(judged, spec),
        "latency": score.latency(judged),
        "curve": curve_json(points),
        "categories": score.categories(judged),
    }
    return Evaluation(
        report=report, verdicts=tuple(judged), cases=tuple(cases), llm=llm, curve=points, tuned=tuned, spec=spec
    )


def eval_json(evaluation: Evaluation) -> dict[str, object]:
    """What ``--json`` writes: the report and, teacher-forced, the stored answers that re-routing reads
    (``stored``); the free-running protocol stores none (``answers`` null)."""
    answers = answers_json(evaluation.cases, evaluation.llm) if evaluation.cases else None
    return {**evaluation.report, "answers": answers}


def eval_text(document: Mapping[str, object]) -> str:
    """The eval JSON as written: the report indented for people, the stored answers one task a line (the
    dev split's come to about 250 KB; indented they would be twice that)."""
    report = {k: v for k, v in document.items() if k != "answers"}
    head = json.dumps(report, indent=2, ensure_ascii=False)
    answers = document.get("answers")
    if not isinstance(answers, Mapping):
        return json.dumps({**report, "answers": None}, indent=2, ensure_ascii=False) + "\n"
    tasks = answers.get("tasks")
    rest = {k: v for k, v in answers.items() if k != "tasks"}
    lines = ",\n".join(_compact(t) for t in tasks) if isinstance(tasks, list) else ""
    inner = _compact(rest)[:-1] + ',"tasks":[\n' + lines + "\n]}"
    return head[:-2] + ',\n  "answers": ' + inner + "\n}\n"


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _free(config: EvalConfig, suite: Suite, tasks: Sequence[Task], spec: Spec, progress: Progress | None) -> Evaluation:
    setup = FreeSetup(suite=suite, spec=spec, book=ReplayBook.from_suite(config.suite), matcher=shipped_matcher())
    backends = backend_for(config.backend, config.backend_model, config.model_dir)
    chat = config.chat
    plans: dict[str, tuple[Callable[[Task], DecisionBackend], Callable[[Task], System2]]] = {
        "s1": (backends, lambda _: FollowSystem1()),
        "s1_person": (backends, OraclePerson),
    }
    if chat is not None:
        plans["s1_llm"] = (backends, lambda _: LlmSystem2(chat))
        plans["llm"] = (lambda _: RuleJudge(), lambda _: LlmSystem2(chat))
    runs: dict[str, list[FreeOutcome]] = {}
    for name, (make_backend, make_system2) in plans.items():
        tick = _ticker(progress, name)
        runs[name] = run_free(
            tasks, setup, make_backend, system2_for=make_system2, approver_for=OraclePerson, on_task=tick
        )
    report = {
        **_header(config, suite, tasks, spec),
        "routers": {name: _free_router(name, runs.get(name)) for name in ("s1", "s1_person", "s1_llm", "llm")},
        "gate": _free_gate(runs["s1_person"]),
        "parts": empty_parts(),
        "latency": {"step_p50_ms": None, "step_p95_ms": None},
        "curve": [],
        "categories": _free_categories(runs["s1_person"], runs["s1"]),
    }
    return Evaluation(report=report, spec=spec)


def _ticker(progress: Progress | None, name: str) -> Callable[[], None] | None:
    return (lambda: progress(name, 1)) if progress is not None else None


def _free_router(name: str, outcomes: Sequence[FreeOutcome] | None) -> dict[str, object] | None:
    if outcomes is None:
        return None
    steps = [s for o in outcomes for s in o.result.steps]
    row: dict[str, object] = {
        "task_success": rate(sum(o.success for o in outcomes), len(outcomes)),
        "calls": sum(s.decided_by in ("llm", "person") for s in steps),
        "median_ms": statistics.median(o.wall_ms for o in outcomes),
    }
    if name == "s1_person":
        row["person_share"] = rate(sum(s.decided_by == "person" for s in steps), len(steps))
    return row


def _free_gate(outcomes: Sequence[FreeOutcome]) -> dict[str, object]:
    steps = [s for o in outcomes for s in o.result.steps]
    return {"auto_share": rate(sum(s.decided_by == "system1" for s in steps), len(steps)), "auto_error": None}


def _free_categories(person: Sequence[FreeOutcome], alone: Sequence[FreeOutcome]) -> dict[str, object]:
    table: dict[str, object] = {}
    for category in sorted({o.task.category for o in person}):
        mine = [o for o in person if o.task.category == category]
        solo = [o for o in alone if o.task.category == category]
        steps = [s for o in mine for s in o.result.steps]
        table[category] = {
            "tasks": len(mine),
            "steps": len(steps),
            "auto_share": rate(sum(s.decided_by == "system1" for s in steps), len(steps)),
            "auto_error": None,
            "s1_success": rate(sum(o.success for o in solo), len(solo)),
            "s1_person_success": rate(sum(o.success for o in mine), len(mine)),
        }
    return table


def stamp() -> str:
    """Now, for the record of where tuned thresholds came from."""
    return datetime.now(UTC).isoformat(timespec="seconds")
