"""The template answer: the last tool answer that worked, written without an LLM (and never gated)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.core.vocab import ASK_USER, FINISH

NO_ANSWER = "I could not find an answer."
_NOT_ANSWERS = frozenset({FINISH, ASK_USER})


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateStep:
    """What the template answer reads of one step: the tool, whether it worked, and its answer text."""

    tool: str
    ok: bool
    answer: str


def template_answer(results: Sequence[TemplateStep]) -> str:
    """The answer text of the last step that worked and said something (not FINISH or ask_user), else a fallback."""
    for step in reversed(results):
        if step.tool not in _NOT_ANSWERS and step.ok and step.answer.strip():
            return step.answer.strip()
    return NO_ANSWER
