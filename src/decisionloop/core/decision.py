"""What one block decided: the action, why, from which answers, who answered and how fast; and its JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.answers import Answer
from decisionloop.core.backend import Usage
from decisionloop.core.vocab import FAIL_CLOSED, Action
from decisionloop.core.wire import answer_to_wire


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    """What one block decided, why, from which answers, and who answered how fast."""

    block: str
    action: Action
    proposed: Action
    reasons: tuple[str, ...]
    answers: Mapping[str, Answer]
    problems: Mapping[str, str]
    degraded: bool
    backend: str
    model: str
    latency_ms: float
    usage: Usage | None
    warnings: tuple[str, ...]
    thresholds: Mapping[str, float]
    margin: float | None = None

    @property
    def escalated(self) -> bool:
        """Whether the step goes to System 2 (an LLM or a person)."""
        return self.action == FAIL_CLOSED


def decision_json(decision: Decision) -> dict[str, object]:
    """Everything recorded about a decision, JSON-ready."""
    usage = decision.usage
    return {
        "block": decision.block,
        "action": decision.action,
        "proposed": decision.proposed,
        "reasons": list(decision.reasons),
        "answers": {qid: answer_to_wire(a) for qid, a in decision.answers.items()},
        "problems": dict(decision.problems),
        "degraded": decision.degraded,
        "backend": decision.backend,
        "model": decision.model,
        "latency_ms": decision.latency_ms,
        "usage": None if usage is None else {"input_tokens": usage.input_tokens, "output_tokens": usage.output_tokens},
        "warnings": list(decision.warnings),
        "thresholds": dict(decision.thresholds),
        "margin": decision.margin,
    }
