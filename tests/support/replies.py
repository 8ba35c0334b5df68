"""Scripted LLM replies that carry token log-probabilities, for the policy that reads how sure the LLM was; and the
record of LLM calls a scripted System 2 or writer says it made."""

from __future__ import annotations

import math
import re

from decisionloop.core.vocab import LlmPurpose
from decisionloop.llm.chat import ChatReply, TokenLogprob
from decisionloop.loop.requests import LlmCall, LlmUse


def sure_reply(text: str, p: float, key: str = "action") -> ChatReply:
    """``text`` as one reply whose tokens give the string value of ``key`` the probability ``p`` (every other token
    certain)."""
    found = re.search(rf'"{re.escape(key)}"\s*:\s*"([^"]*)"', text)
    assert found is not None, f"no {key!r} in {text!r}"
    start, end = found.span(1)
    parts = [(text[:start], 0.0), (text[start:end], math.log(p)), (text[end:], 0.0)]
    tokens = tuple(TokenLogprob(token=t, logprob=lp) for t, lp in parts if t)
    return ChatReply(text=text, model="scripted", latency_ms=0.0, logprobs=tokens)


def llm_use(
    calls: int,
    *,
    ms: float = 0.0,
    purpose: LlmPurpose = "plan",
    input_tokens: int | None = None,
    output_tokens: int | None = None,
) -> LlmUse:
    """``calls`` calls for ``purpose`` that took ``ms`` and these tokens in all (the first call carries them)."""
    made = [
        LlmCall(purpose=purpose, model="scripted", ms=ms / calls, input_tokens=None, output_tokens=None)
        for _ in range(calls)
    ]
    if made:
        made[0] = LlmCall(
            purpose=purpose, model="scripted", ms=ms / calls, input_tokens=input_tokens, output_tokens=output_tokens
        )
    return LlmUse(made=tuple(made))
