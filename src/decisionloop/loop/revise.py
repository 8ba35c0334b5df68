"""Why a drafted answer goes back to its writer, said in the words of the delivery block's questions.

The rule that fired (``prob:unsupported >= 0.5 → revise``) means nothing to an LLM; what its question and its
criteria say (the answer "claims a fact, number or action that was never observed") tells it what to fix. A
``revise`` by ``else`` means the rules that would have delivered did not hold, so their questions' false sides
are what the check found.
"""

from __future__ import annotations

from collections.abc import Mapping

from decisionloop.core.answers import Answer, NoulAnswer
from decisionloop.core.decision import Decision
from decisionloop.spec.model import Block, Rule
from decisionloop.spec.predicates import Else, Prob

_DELIVER = "deliver"


def revision_reason(block: Block, decision: Decision) -> str:
    """What the check found wrong with the draft, from the questions behind the rule that sent it back; the rule
    itself when it reads no question this can put in words."""
    said = decision.reasons[0] if decision.reasons else ""
    fired = next((r for r in block.policy if r.text == said), None)
    if fired is None:
        return f"the delivery check could not judge it ({said})" if said else "the delivery check did not pass it"
    if isinstance(fired.predicate, Else):
        missed = [r for r in block.policy if r.action == _DELIVER and isinstance(r.predicate, Prob)]
        found = [_side(block, r, decision.answers, holds=False) for r in missed]
    else:
        found = [_side(block, fired, decision.answers, holds=True)]
    kept = [f for f in found if f]
    return "; ".join(kept) if kept else f"the delivery check did not pass it ({said})"


def _side(block: Block, rule: Rule, answers: Mapping[str, Answer], *, holds: bool) -> str:
    """The criterion of the side of the rule's question the check came down on, and how sure it was."""
    predicate = rule.predicate
    if not isinstance(predicate, Prob):
        return ""
    question = block.question(predicate.question)
    criteria = {o.name: o.criteria for o in question.options}
    side = criteria.get("true" if holds else "false") or ""
    answer = answers.get(predicate.question)
    sure = ""
    if isinstance(answer, NoulAnswer):
        sure = f" ({answer.noul if holds else 1.0 - answer.noul:.0%} sure)"
    stated = question.ask.rstrip(".")
    lead = f"{stated[:1].lower()}{stated[1:]}" if holds else f"it is not clear that {stated[:1].lower()}{stated[1:]}"
    return f"{lead}: {side}{sure}" if side else f"{lead}{sure}"
