"""Scripted LLM replies that carry token log-probabilities, for the policy that reads how sure the LLM was."""

from __future__ import annotations

import math
import re

from decisionloop.llm.chat import ChatReply, TokenLogprob


def sure_reply(text: str, p: float, key: str = "action") -> ChatReply:
    """``text`` as one reply whose tokens give the string value of ``key`` the probability ``p`` (every other token
    certain)."""
    found = re.search(rf'"{re.escape(key)}"\s*:\s*"([^"]*)"', text)
    assert found is not None, f"no {key!r} in {text!r}"
    start, end = found.span(1)
    parts = [(text[:start], 0.0), (text[start:end], math.log(p)), (text[end:], 0.0)]
    tokens = tuple(TokenLogprob(token=t, logprob=lp) for t, lp in parts if t)
    return ChatReply(text=text, model="scripted", latency_ms=0.0, logprobs=tokens)
