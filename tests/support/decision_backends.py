"""Fake decision backends for the server tests: fixed answers, optional micro-batching, a gate to hold a call."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from decisionloop.backends import BackendReply, DecisionRequest, Usage
from decisionloop.core.errors import BackendError
from decisionloop.core.questions import ChoiceQuestion, NoulQuestion, Question, ScoreQuestion

MODEL_ID = "tiny-1"


def answer_for(question: Question) -> dict[str, object]:
    """A valid wire answer: the first option at 0.7, noul 0.9, the lowest level at 0.8."""
    match question:
        case ChoiceQuestion(options=options):
            rest = 0.3 / (len(options) - 1)
            return {
                "choice": options[0].name,
                "probabilities": {o.name: rest for o in options} | {options[0].name: 0.7},
            }
        case NoulQuestion():
            return {"type": "noul", "noul": 0.9}
        case ScoreQuestion(levels=levels):
            rest = 0.2 / (len(levels) - 1)
            return {"type": "score", "probabilities": {str(i): 0.8 if i == 0 else rest for i in range(len(levels))}}


class FixedBackend:
    """Answers every question with ``answer_for``; raises ``error`` instead when one is set."""

    def __init__(self, *, error: BackendError | None = None) -> None:
        self.error = error
        self.requests: list[DecisionRequest] = []
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        """``fixed``."""
        return "fixed"

    @property
    def model_id(self) -> str:
        """The id requests may pin."""
        return MODEL_ID

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Fixed answers to every question of ``request``."""
        with self._lock:
            self.requests.append(request)
        if self.error is not None:
            raise self.error
        answers = {qid: answer_for(q) for qid, q in request.questions.items()}
        usage = Usage(input_tokens=10 * len(answers), output_tokens=len(answers))
        return BackendReply(answers=answers, backend=self.name, model=MODEL_ID, latency_ms=1.0, usage=usage)


class BatchingBackend(FixedBackend):
    """A FixedBackend with ``decide_many``; records batch sizes and can hold its first call until released."""

    def __init__(self, *, hold_first: bool = False, failing_state: str | None = None) -> None:
        super().__init__()
        self.batch_sizes: list[int] = []
        self.held_size = 0
        self._failing_state = failing_state
        self._release = threading.Event()
        if not hold_first:
            self._release.set()

    def release(self) -> None:
        """Let the held call finish."""
        self._release.set()

    def decide(self, request: DecisionRequest) -> BackendReply:
        """One request; fails for the ``failing_state``."""
        self._hold(1)
        if request.state == self._failing_state:
            raise BackendError(self.name, "server", f"cannot read state {request.state!r}")
        return super().decide(request)

    def decide_many(self, requests: Sequence[DecisionRequest]) -> list[BackendReply]:
        """One reply per request; the whole batch fails when any request has the ``failing_state``."""
        self._hold(len(requests))
        with self._lock:
            self.batch_sizes.append(len(requests))
        if any(r.state == self._failing_state for r in requests):
            raise BackendError(self.name, "server", "one request in the batch broke it")
        return [super(BatchingBackend, self).decide(r) for r in requests]

    def _hold(self, size: int) -> None:
        if not self._release.is_set():
            self.held_size = size
            self._release.wait(10.0)
