"""The final answer: a template from the last good tool answer, or the generator writing from the evidence."""

from __future__ import annotations

from collections.abc import Sequence

from decisionloop.llm.chat import Chat, ChatMessage, ChatReply
from decisionloop.loop.conversation import earlier
from decisionloop.loop.frames import StepView, clip, neutralise, untrusted

NO_EVIDENCE = "No tool was run."
INPUT_CHARS = 120
ENTRY_CHARS = 800
EVIDENCE_CHARS = 6000
ANSWER_MAX_TOKENS = 300


def evidence_lines(steps: Sequence[StepView]) -> str:
    """One ``tool(arg, arg) → observation`` line per step, clipped; the newest kept when the total runs over."""
    lines = [_evidence_line(s) for s in steps]
    dropped = 0
    while len(text := _joined(lines, dropped)) > EVIDENCE_CHARS:
        dropped += 1
    return text


DIRECT_INSTRUCTION = (
    "You are a helpful assistant. None of the agent's tools can do what the user asks, so answer directly and "
    "briefly from what you know, in the language of the request. If it needs facts you cannot know (today's "
    "news, the user's own data), say so plainly instead of guessing."
)


def direct_messages(goal: str, conversation: str = "") -> list[ChatMessage]:
    """The request alone (after the chat's earlier turns, if any), for a goal no tool can serve."""
    content = "\n\n".join([*earlier(conversation), neutralise(goal)])
    return [ChatMessage(role="system", content=DIRECT_INSTRUCTION), ChatMessage(role="user", content=content)]


def answer_messages(
    instruction: str,
    goal: str,
    evidence: str,
    revise: str | None = None,
    rejected: str | None = None,
    conversation: str = "",
) -> list[ChatMessage]:
    """``instruction`` (the DECISION.md ``## generator`` text) as system; the goal and the evidence (inside the
    untrusted markers) as user, after a chat's earlier turns; for a revision, the ``rejected`` draft (inside the
    markers too: it may repeat tool output) and why it was rejected, in words."""
    parts = [
        *earlier(conversation),
        f"Goal: {neutralise(goal)}",
        f"What was done:\n{untrusted(evidence.strip()) or NO_EVIDENCE}",
    ]
    if rejected is not None:
        parts.append(
            f"Your previous answer, which was not shown to the user:\n{untrusted(clip(rejected, ENTRY_CHARS))}"
        )
    if revise is not None:
        parts.append(
            f"It did not pass the delivery check, which found: {neutralise(revise)}. Write the answer again from "
            "what was done only, fixing that; do not repeat the same wording."
        )
    return [ChatMessage(role="system", content=instruction), ChatMessage(role="user", content="\n\n".join(parts))]


def write_answer(
    chat: Chat,
    instruction: str,
    goal: str,
    evidence: str,
    revise: str | None = None,
    *,
    rejected: str | None = None,
    direct: bool = False,
    conversation: str = "",
) -> ChatReply:
    """Have the generator write the answer (``direct``: from what it knows, no tool having fit); raises
    ``GeneratorError`` when it cannot."""
    messages = (
        direct_messages(goal, conversation)
        if direct
        else answer_messages(instruction, goal, evidence, revise, rejected, conversation)
    )
    return chat.complete(messages, max_tokens=ANSWER_MAX_TOKENS, temperature=0.0)


def _evidence_line(step: StepView) -> str:
    inputs = ", ".join(clip(v, INPUT_CHARS) for v in step.args.values())
    return clip(f"{step.tool}({inputs}) → {step.observation}", ENTRY_CHARS)


def _joined(lines: Sequence[str], dropped: int) -> str:
    kept = lines[dropped:]
    return "\n".join([f"({dropped} earlier step(s) left out)", *kept] if dropped else kept)
