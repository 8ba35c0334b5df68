"""A decision shown to people: the action, why, each answer and who answered."""

from __future__ import annotations

from decisionloop.core.answers import ChoiceAnswer, summarise
from decisionloop.core.decision import Decision


def decision_lines(decision: Decision) -> list[str]:
    """A few lines a person reads: action, why, each answer, who answered."""
    flag = "  (degraded: never automatic)" if decision.degraded else ""
    lines = [f"{decision.block}: {decision.action}{flag}"]
    if decision.proposed != decision.action:
        lines.append(f"  the policy proposed: {decision.proposed}")
    lines += [f"  because {reason}" for reason in decision.reasons]
    for qid, answer in decision.answers.items():
        lines.append(f"  {qid} = {summarise(answer)}")
        if isinstance(answer, ChoiceAnswer):
            ranked = ", ".join(f"{name} {p:.2f}" for name, p in answer.ranked()[:3])
            lines.append(f"    top picks: {ranked}")
    lines.append(f"  answered by {decision.backend} ({decision.model or '—'}) in {decision.latency_ms:.1f} ms")
    return lines
