"""An oracle that answers from a task's gold trace: the check that loop, tools, extractor and replay fit together.

With perfect decisions, a free-running run can only fail through the machinery around them — a candidate the
extractor missed, a replay miss, a gate rule, a bug in the loop. The oracle person answers held steps the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from decisionloop.core.backend import BackendReply, DecisionRequest
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion
from decisionloop.core.records import Approval, Call
from decisionloop.core.tool import NONE
from decisionloop.core.vocab import ARG_PREFIX, FINISH
from decisionloop.gold.match import arg_match
from decisionloop.gold.suite import GoldStep, Task
from decisionloop.loop.frames import NOTHING_YET, UNTRUSTED_CLOSE, UNTRUSTED_OPEN
from decisionloop.loop.requests import NeedApproval, NeedResolution, Resolution

SURE = 0.95
RISKY_LEVEL = 2


class OracleBackend:
    """System 1 with the gold answers of one task. The step index is read from the step frame's history."""

    def __init__(self, task: Task, *, side_effects: frozenset[str]) -> None:
        self._task = task
        self._risky = any(s.action in side_effects for s in task.steps)
        self._index = 0

    @property
    def name(self) -> str:
        """``oracle``."""
        return "oracle"

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Answer every question the gold trace can answer."""
        state = request.state if isinstance(request.state, Mapping) else {}
        if "steps" in state:
            self._index = _steps_done(str(state["steps"]))
        answers = {qid: self._answer(qid, q) for qid, q in request.questions.items()}
        return BackendReply(answers=answers, backend=self.name, model=f"gold:{self._task.id}", latency_ms=0.0)

    def _gold(self) -> GoldStep:
        return self._task.steps[min(self._index, len(self._task.steps) - 1)]

    def _answer(self, qid: str, question: Question) -> dict[str, object]:
        finish = self._gold().action == FINISH
        match question:
            case ChoiceQuestion():
                return _choice(question, self._pick(qid, question))
            case ScoreQuestion():
                level = RISKY_LEVEL if self._risky else 0
                rest = (1.0 - SURE) / (len(question.levels) - 1)
                return {"probabilities": {str(i): SURE if i == level else rest for i in range(len(question.levels))}}
            case NoulQuestion():
                truth = {
                    "needs_tool": not finish,
                    "done": finish,
                    "needs_auth": self._risky,
                    "unsupported": False,
                }.get(qid, True)
                return {"noul": SURE if truth else 1.0 - SURE}

    def _pick(self, qid: str, question: ChoiceQuestion) -> str | None:
        names = question.names
        calls = self._gold().calls()
        if qid == "tool":
            if self._index == 0 and self._gold().action == FINISH:  # a goal no tool is for ("thanks!")
                return NONE if NONE in names else None
            return next((c.action for c in calls if c.action in names), None)
        slot = qid.removeprefix(ARG_PREFIX)
        for call in calls:
            if slot in call.args:
                found = next((n for n in names if arg_match(slot, n, call.args[slot])), None)
                return found or (NONE if NONE in names else None)
        return None


def _choice(question: ChoiceQuestion, pick: str | None) -> dict[str, object]:
    names = question.names
    if pick is None:
        return {"choice": names[0], "probabilities": {n: 1.0 / len(names) for n in names}}
    rest = (1.0 - SURE) / (len(names) - 1) if len(names) > 1 else 0.0
    return {"choice": pick, "probabilities": {n: SURE if n == pick else rest for n in names}}


def _steps_done(text: str) -> int:
    body = text.replace(UNTRUSTED_OPEN, "").replace(UNTRUSTED_CLOSE, "").strip()
    return 0 if body in ("", NOTHING_YET) else len(body.splitlines())


class OraclePerson:
    """System 2 that resolves a held step with the gold call, and approves every guarded call."""

    def __init__(self, task: Task) -> None:
        self._task = task

    def resolve(self, request: NeedResolution) -> Resolution:
        """The gold call of the step the run is at (the first accepted value of each argument)."""
        done = sum(1 for r in request.history if r.call is not None)
        step = self._task.steps[min(done, len(self._task.steps) - 1)]
        if step.action == FINISH:
            return Resolution(kind="finish", by="person", detail="gold: finish")
        args = {slot: values[0] for slot, values in step.call.args.items()}
        return Resolution(kind="call", by="person", call=Call(tool=step.action, args=args), detail="gold call")

    def approve(self, request: NeedApproval) -> Approval:
        """Yes, recorded as the oracle."""
        return Approval(allowed=True, by="oracle", at=datetime.now(UTC), call=request.call)
