"""Stored teacher-forced answers re-routed under other thresholds: the figures ``eval`` prints, and every step.

No model is asked: the gate (``gating.verdicts``) judges the stored replies again and ``score`` computes the
figures from the verdicts, the code ``eval`` itself runs. The sweep is cached per setting of the thresholds it
does not sweep, so moving ``pick_tool.tool`` or ``pick_args.arg`` costs one pass over the steps.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.answers import ChoiceAnswer, NoulAnswer
from decisionloop.core.tool import Tool
from decisionloop.core.vocab import FINISH
from decisionloop.evaluate import score
from decisionloop.evaluate.gating import TaskVerdict, Verdict, verdicts
from decisionloop.evaluate.metrics import rate
from decisionloop.evaluate.report import curve_json
from decisionloop.evaluate.stored import StoredAnswers, StoredEvalError, read_answers
from decisionloop.gold.teacher import Asked, TaskCase, gold_call
from decisionloop.spec.gates import apply_gates, effective_thresholds, threshold_ranges
from decisionloop.spec.load import load_spec
from decisionloop.spec.model import Spec
from decisionloop.tools.builtin import builtin_tools

FIGURES = ("routers", "gate", "parts", "latency", "curve", "categories")


@dataclass(frozen=True, slots=True, kw_only=True)
class StepRow:
    """One gold step under a gate setting, as the step list shows it."""

    task: str
    category: str
    index: int
    proposal: str
    p: float | None
    probabilities: Mapping[str, float]
    gold: str
    correct: bool
    auto: bool
    holds: tuple[str, ...]

    def json(self) -> dict[str, object]:
        """The row as a JSON object."""
        return {
            "task": self.task,
            "category": self.category,
            "index": self.index,
            "proposal": self.proposal,
            "p": self.p,
            "probabilities": dict(self.probabilities),
            "gold": self.gold,
            "correct": self.correct,
            "auto": self.auto,
            "holds": list(self.holds),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Rerouted:
    """The figures under one gate setting (the keys of ``eval``'s report) and the steps, wrong automatic first."""

    thresholds: Mapping[str, float]
    figures: Mapping[str, object]
    steps: tuple[StepRow, ...]

    @property
    def point(self) -> dict[str, float | None]:
        """This setting's automatic share and the accuracy of its automatic steps (the curve's current point)."""
        auto = [s for s in self.steps if s.auto]
        return {
            "auto_share": rate(len(auto), len(self.steps)),
            "auto_accuracy": rate(sum(s.correct for s in auto), len(auto)),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredEval:
    """An eval JSON read back: its report (header and figures as written) and its stored answers."""

    report: Mapping[str, object]
    answers: StoredAnswers
    thresholds: Mapping[str, float]


def read_eval(text: str, where: str, spec: Spec | None = None) -> StoredEval:
    """An eval JSON written by ``decisionloop eval --json``; StoredEvalError says what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise StoredEvalError(f"{where}: not JSON ({err}); open a file written by decisionloop eval --json") from err
    if not isinstance(data, dict):
        raise StoredEvalError(f"{where}: an eval JSON is an object, got {type(data).__name__}")
    if data.get("answers") is None:
        raise StoredEvalError(
            f"{where}: no stored answers (a free-running evaluation, or one written before they were stored); "
            "run decisionloop eval --protocol teacher --json FILE"
        )
    raw = data.get("thresholds")
    if not isinstance(raw, dict) or not all(isinstance(v, int | float) for v in raw.values()):
        raise StoredEvalError(f"{where}: 'thresholds' must map gate keys to numbers, got {raw!r:.80}")
    thresholds = {str(k): float(v) for k, v in raw.items()}
    answers = read_answers(data["answers"], spec or load_spec(), where)
    return StoredEval(report=data, answers=answers, thresholds=thresholds)


class Rerouter:
    """One stored evaluation re-routed under any thresholds; the spec's own file gives what a setting leaves out."""

    def __init__(self, stored: StoredEval, spec: Spec | None = None, tools: tuple[Tool, ...] | None = None) -> None:
        self.stored = stored
        self._base = spec or load_spec()
        self._tools = tools or builtin_tools()
        self._curves: dict[tuple[tuple[str, float], ...], list[dict[str, object]]] = {}
        asked = {a.block.id for c in stored.answers.cases for x in _asked(c) for a in x.asks}
        self.ranges = {k: r for k, r in threshold_ranges(self._base).items() if k.split(".")[0] in asked}

    def at(self, thresholds: Mapping[str, float]) -> Rerouted:
        """The figures and steps under the stored thresholds with ``thresholds`` over them; GateError when a value
        cannot apply (unknown key, out of range, tiers out of order)."""
        setting = {**self.stored.thresholds, **thresholds}
        spec = apply_gates(self._base, setting)
        cases = self.stored.answers.cases
        judged = verdicts(cases, spec, self._tools)
        figures = {
            "routers": score.routers(judged, self.stored.answers.llm),
            "gate": score.gate(judged),
            "parts": score.parts(judged, spec),
            "latency": score.latency(judged),
            "curve": self._curve(spec),
            "categories": score.categories(judged),
        }
        rows = [_row(v, t) for t in judged for v in t.steps]
        ordered = sorted(enumerate(rows), key=lambda ir: (_rank(ir[1]), ir[0]))
        return Rerouted(thresholds=effective_thresholds(spec), figures=figures, steps=tuple(r for _, r in ordered))

    def _curve(self, spec: Spec) -> list[dict[str, object]]:
        key = tuple(sorted((k, v) for k, v in effective_thresholds(spec).items() if k not in score.SWEPT_KEYS))
        if key not in self._curves:
            self._curves[key] = curve_json(score.curve(self.stored.answers.cases, spec, self._tools))
        return self._curves[key]


def reroute(stored: StoredEval, thresholds: Mapping[str, float]) -> Rerouted:
    """``stored`` re-routed under ``thresholds`` (over the stored ones)."""
    return Rerouter(stored).at(thresholds)


def _asked(case: TaskCase) -> list[Asked]:
    found = [case.risk]
    for s in case.steps:
        found += [a for a in (s.step, s.step_ok, s.args, s.gold_args) if a is not None]
    return found


def _rank(row: StepRow) -> int:
    """Automatic and wrong first (what the gate let through), then held and wrong, then the right ones."""
    if row.auto and not row.correct:
        return 0
    return 1 if not row.correct else 2


def _row(v: Verdict, task: TaskVerdict) -> StepRow:
    case = v.case
    gold = gold_call(case.gold)
    return StepRow(
        task=task.case.task.id,
        category=task.case.task.category,
        index=case.index,
        proposal=_proposal(v),
        p=v.done_p if v.stop else v.tool_p,
        probabilities=_probabilities(v),
        gold=FINISH if gold is None else _call_text(gold.tool, gold.args),
        correct=v.correct,
        auto=v.auto,
        holds=tuple(f"{h.kind}: {h.detail}" for h in v.route.holds),
    )


def _proposal(v: Verdict) -> str:
    call = v.route.call
    if v.stop:
        return FINISH
    if call is None:
        return "no tool fits" if v.case.index == 0 and v.auto else f"no call ({v.case.picked or 'nothing picked'})"
    return _call_text(call.tool, call.args)


def _call_text(tool: str, args: Mapping[str, str]) -> str:
    return f"{tool}({', '.join(f'{k}={v!r}' for k, v in args.items())})"


def _probabilities(v: Verdict) -> dict[str, float]:
    """The probability of what System 1 chose on each question of the step (answers do not depend on thresholds)."""
    found: dict[str, float] = {}
    for asked in (v.case.step, v.case.args):
        for decision in asked.answered.decisions if asked is not None else ():
            for qid, answer in decision.answers.items():
                if isinstance(answer, ChoiceAnswer):
                    found[qid] = answer.top
                elif isinstance(answer, NoulAnswer):
                    found[qid] = answer.noul
    return found
