"""The decision-backend seam: one request of typed questions about a state, one reply of raw answers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from decisionloop.core.questions import Question

State = Mapping[str, object] | str | Sequence[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class Usage:
    """Tokens a backend billed for one request; None where it did not say."""

    input_tokens: int | None = None
    output_tokens: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionRequest:
    """A state and the questions to answer about it, all in one forward pass."""

    state: State
    questions: Mapping[str, Question]
    timeout_s: float = 30.0


@dataclass(frozen=True, slots=True, kw_only=True)
class BackendReply:
    """Answers exactly as the backend sent them; the decider validates them against the questions."""

    answers: Mapping[str, object]
    backend: str
    model: str
    latency_ms: float
    usage: Usage | None = None
    degraded: bool = False
    warnings: tuple[str, ...] = field(default=())


class DecisionBackend(Protocol):
    """Anything that answers typed questions: raise ``BackendError`` when it cannot."""

    @property
    def name(self) -> str:
        """Short name recorded with every decision (``http@host``, ``scripted``, ``rule-judge``)."""
        ...

    def decide(self, request: DecisionRequest) -> BackendReply:
        """Answer every question of the request, or raise ``BackendError``."""
        ...


@runtime_checkable
class BatchDecisionBackend(Protocol):
    """A backend that answers several independent requests (several frames) in one call."""

    def decide_many(self, requests: Sequence[DecisionRequest]) -> list[BackendReply]:
        """One reply per request, in order, or raise ``BackendError`` for the whole batch."""
        ...
