"""The template answer: the last tool answer that worked, written without an LLM (and never gated); when none
worked, a plain "I could not find an answer" that says what failed last. It is the answer even with an LLM when
one tool result is all the evidence (``template_suffices``): the tool's own words answer the goal, and an LLM
writing from them could only restate them, or add what no tool said."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.core.vocab import ASK_USER, FINISH

NO_ANSWER = "I could not find an answer."
_NOT_ANSWERS = frozenset({FINISH, ASK_USER})
_WHY = 300  # characters of the failure kept in the answer


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateStep:
    """What the template answer reads of one step: the tool, whether it worked, and its answer text."""

    tool: str
    ok: bool
    answer: str
    observation: str = ""


def template_answer(results: Sequence[TemplateStep]) -> str:
    """The answer text of the last step that worked and said something (not FINISH or ask_user), else
    ``NO_ANSWER`` with the last failure ("… weather failed: Open-Meteo could not be reached: …")."""
    for step in reversed(results):
        if step.tool not in _NOT_ANSWERS and step.ok and step.answer.strip():
            return step.answer.strip()
    failed = next((s for s in reversed(results) if s.tool not in _NOT_ANSWERS and not s.ok), None)
    if failed is None or not failed.observation.strip():
        return NO_ANSWER
    why = " ".join(failed.observation.split())
    return f"{NO_ANSWER[:-1]}: {failed.tool} failed: {why if len(why) <= _WHY else why[: _WHY - 1] + '…'}"


def template_suffices(results: Sequence[TemplateStep]) -> bool:
    """Whether the template answer is the answer, the LLM not asked to write one: exactly one tool ran (the
    user's replies to ``ask_user`` aside), so its answer, or what failed, is all there is to say. Several results
    are put together by the LLM; with none, it may still answer (a greeting that needed no tool)."""
    return sum(step.tool not in _NOT_ANSWERS for step in results) == 1


def is_no_answer(text: str) -> bool:
    """Whether ``text`` is the template's no-answer (with or without what failed)."""
    return text.strip().startswith(NO_ANSWER[:-1])
