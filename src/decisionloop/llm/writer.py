"""The final answer: a template from the last good tool answer, or the generator writing from the evidence."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from decisionloop.llm.chat import Chat, ChatMessage, ChatReply
from decisionloop.loop.frames import StepView, clip

NO_ANSWER = "I could not find an answer."
NO_EVIDENCE = "No tool was run."
INPUT_CHARS = 120
ENTRY_CHARS = 800
EVIDENCE_CHARS = 6000
ANSWER_MAX_TOKENS = 300
_NOT_ANSWERS = frozenset({"FINISH", "ask_user"})


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


def evidence_lines(steps: Sequence[StepView]) -> str:
    """One ``tool(arg, arg) → observation`` line per step, clipped; the newest kept when the total runs over."""
    lines = [_evidence_line(s) for s in steps]
    dropped = 0
    while len(text := _joined(lines, dropped)) > EVIDENCE_CHARS:
        dropped += 1
    return text


def answer_messages(instruction: str, goal: str, evidence: str, revise: str | None = None) -> list[ChatMessage]:
    """``instruction`` (the DECISION.md ``## generator`` text) as system; the goal and the evidence as user."""
    parts = [f"Goal: {goal}", f"What was done:\n{evidence.strip() or NO_EVIDENCE}"]
    if revise is not None:
        parts.append(
            f"Your previous answer did not pass the delivery check: {revise}. Fix that; do not repeat the same wording."
        )
    return [ChatMessage(role="system", content=instruction), ChatMessage(role="user", content="\n\n".join(parts))]


def write_answer(chat: Chat, instruction: str, goal: str, evidence: str, revise: str | None = None) -> ChatReply:
    """Have the generator write the answer; raises ``GeneratorError`` when it cannot."""
    messages = answer_messages(instruction, goal, evidence, revise)
    return chat.complete(messages, max_tokens=ANSWER_MAX_TOKENS, temperature=0.0)


def _evidence_line(step: StepView) -> str:
    inputs = ", ".join(clip(v, INPUT_CHARS) for v in step.args.values())
    return clip(f"{step.tool}({inputs}) → {step.observation}", ENTRY_CHARS)


def _joined(lines: Sequence[str], dropped: int) -> str:
    kept = lines[dropped:]
    return "\n".join([f"({dropped} earlier step(s) left out)", *kept] if dropped else kept)
