"""Fitting a ReAct conversation into the LLM server's context: measured, cut by rule, the cut recorded.

The server's context size is learned from its own context-length error (llama.cpp's server, vLLM and OpenAI say
the number); from then on each prompt is measured before it is sent: counted here, scaled by what the server's
``usage`` said the last prompt took (``TOKEN_MARGIN`` until it has said). The rule: the system prompt and the goal
always stay, then as many of the latest turns (a reply and its observation) as fit with room for the reply; the
goal says how many earlier turns were left out.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from decisionloop.core.errors import GeneratorError
from decisionloop.llm.chat import ChatMessage, count_tokens

# The count here is words and marks; a BPE tokenizer gives up to about 1.25 times as many on tool output.
TOKEN_MARGIN = 1.25
MESSAGE_OVERHEAD = 4  # the chat template's role markers around each message
_CONTEXT = re.compile(r"context (?:size|length|window)|maximum context|too many tokens|prompt is too long", re.I)
_STATED = (
    re.compile(r"\(\s*\d+\s+tokens?\s*>\s*(\d+)\s*\)"),  # llama.cpp: (2400 tokens > 2048)
    re.compile(r"maximum context length is (\d+)", re.I),  # vLLM, OpenAI
    re.compile(r"context (?:size|length|window)(?: is| of)? \(?(\d+)", re.I),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Fitted:
    """The messages to send, and how many earlier turns were left out of them."""

    messages: tuple[ChatMessage, ...]
    left_out: int


def counted(messages: Sequence[ChatMessage]) -> int:
    """The prompt's tokens as counted here (words and marks, and the role markers)."""
    return sum(count_tokens(m.content) for m in messages) + MESSAGE_OVERHEAD * len(messages)


def measured(messages: Sequence[ChatMessage], ratio: float = TOKEN_MARGIN) -> int:
    """The prompt's size in the server's tokens: the count here times ``ratio`` (server tokens per counted one)."""
    return math.ceil(counted(messages) * ratio)


def fit(
    messages: Sequence[ChatMessage], budget: int | None, *, reply_tokens: int, ratio: float = TOKEN_MARGIN
) -> Fitted:
    """The system prompt and the goal (the first two messages), then the latest turns that fit in ``budget`` with
    room for ``reply_tokens``; all of them when the budget is unknown (None)."""
    head, turns = tuple(messages[:2]), tuple(messages[2:])
    if budget is None:
        return Fitted(messages=(*head, *turns), left_out=0)
    dropped = 0
    while dropped < len(turns):
        kept = _with_note(head, dropped // 2) + turns[dropped:]
        if measured(kept, ratio) + reply_tokens <= budget:
            break
        dropped += 2  # a turn is the reply and the observation it got
    dropped = min(dropped, len(turns))
    return Fitted(messages=_with_note(head, math.ceil(dropped / 2)) + turns[dropped:], left_out=math.ceil(dropped / 2))


def context_error(err: GeneratorError) -> tuple[bool, int | None]:
    """Whether ``err`` says the prompt did not fit the server's context, and the context size if it says one."""
    if err.code != "client" or _CONTEXT.search(err.message) is None:
        return False, None
    for pattern in _STATED:
        found = pattern.search(err.message)
        if found is not None:
            return True, int(found.group(1))
    return True, None


def smaller_budget(
    messages: Sequence[ChatMessage], fitted: Fitted, stated: int | None, *, reply_tokens: int, ratio: float
) -> int | None:
    """After a context-length error on ``fitted``: the server's stated size, or less, so that at least one more
    turn is left out; None when nothing more can go (only the system prompt and the goal are left)."""
    budget = stated if stated is not None else measured(fitted.messages, ratio) + reply_tokens
    while budget > reply_tokens:
        if fit(messages, budget, reply_tokens=reply_tokens, ratio=ratio).left_out > fitted.left_out:
            return budget
        budget = budget * 3 // 4
    return None


def _with_note(head: tuple[ChatMessage, ...], left_out: int) -> tuple[ChatMessage, ...]:
    if not left_out or len(head) < 2:
        return head
    goal = head[1]
    note = f"\n({left_out} earlier turn(s) were left out to fit the LLM's context; the latest are below.)"
    return (head[0], replace(goal, content=goal.content + note))
