"""Apply a block's policy to its answers: first matching rule wins; a rule that cannot be read fails closed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from decisionloop.core.answers import Answer
from decisionloop.core.vocab import FAIL_CLOSED, Action
from decisionloop.spec.model import Block, Rule
from decisionloop.spec.predicates import Else, Prob, Score, Top, holds, quantity


@dataclass(frozen=True, slots=True, kw_only=True)
class Outcome:
    """The action a policy chose, the rule that chose it, and how close the answers were to a threshold."""

    action: Action
    reason: str
    rule: Rule | None = None
    margin: float | None = None


def evaluate(block: Block, answers: Mapping[str, Answer]) -> Outcome:
    """Walk the policy in order; a predicate whose answer is missing or mistyped escalates, never skips."""
    margins: list[float] = []
    for rule in block.policy:
        verdict = holds(rule.predicate, answers)
        _note_margin(rule, answers, margins)
        if verdict is None:
            question = getattr(rule.predicate, "question", "?")
            return Outcome(
                action=FAIL_CLOSED,
                reason=f"no usable answer for {question!r} (rule '{rule.text}')",
                rule=rule,
                margin=_smallest(margins),
            )
        if verdict:
            return Outcome(action=rule.action, reason=rule.text, rule=rule, margin=_smallest(margins))
    return Outcome(action=FAIL_CLOSED, reason=f"no rule of {block.id!r} matched (policy has no 'else')")


def _note_margin(rule: Rule, answers: Mapping[str, Answer], margins: list[float]) -> None:
    predicate = rule.predicate
    if isinstance(predicate, Else) or not isinstance(predicate, Top | Prob | Score):
        return
    answer = answers.get(predicate.question)
    value = quantity(predicate, answer) if answer is not None else None
    if value is not None:
        margins.append(abs(value - predicate.threshold))


def _smallest(margins: list[float]) -> float | None:
    return min(margins) if margins else None
