"""A backend that replays scripted replies and errors, for tests and the evaluator."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from decisionloop.core.backend import BackendReply, DecisionRequest
from decisionloop.core.errors import BackendError
from decisionloop.core.wire import reply_from_wire

Responder = Callable[[DecisionRequest], Mapping[str, object] | BackendError]
Step = Mapping[str, object] | BackendError | Responder


class ScriptedBackend:
    """Answers from a script: a sequence of steps used one per call, or one callable used for every call.

    A step is a whole `/v1/systemone` response body (``{"answers": {...}, "usage"?, "model"?, "degraded"?}``),
    a ``BackendError`` to raise, or a callable taking the request and returning either of those.
    """

    def __init__(self, script: Sequence[Step] | Responder, *, name: str = "scripted", model: str = "scripted") -> None:
        self._script: Responder | tuple[Step, ...] = script if callable(script) else tuple(script)
        self._name = name
        self._model = model
        self.requests: list[DecisionRequest] = []

    @property
    def name(self) -> str:
        """The name given at construction (``scripted`` by default)."""
        return self._name

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Record the request and play the next step."""
        self.requests.append(request)
        started = time.perf_counter()
        outcome = self._next_step()
        if callable(outcome):
            outcome = outcome(request)
        if isinstance(outcome, BackendError):
            raise outcome
        latency_ms = (time.perf_counter() - started) * 1000.0
        return reply_from_wire(outcome, backend=self._name, pinned_model=self._model, latency_ms=latency_ms)

    def _next_step(self) -> Step:
        if callable(self._script):
            return self._script
        call = len(self.requests)
        if call > len(self._script):
            raise BackendError(
                self._name,
                "client",
                f"script exhausted: {len(self._script)} step(s) given, call {call} asked for another; "
                "add steps or pass one callable that answers every call",
            )
        return self._script[call - 1]
