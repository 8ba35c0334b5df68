"""When the LLM's choice on a held step is taken: how sure it was of its action (its own tokens' probability) and
where that action stood among System 1's ranked proposals.

A small LLM asked on the steps System 1 is unsure about is often wrong, so its choice is not taken on its own
word: ``Trust`` takes it only when the action is among System 1's ``top_k`` proposals and the LLM gave the
action's tokens at least ``min_p``. Otherwise the step is decided as it would be without the LLM (by the person
when there is one, else by System 1's proposal). A call it takes to System 1's own tool keeps the values System 1
was sure of (``sure_values``): the step was held on its other values, and a small LLM that rewrites a sure value is
more often wrong than System 1; and it is not taken when a value System 1 chose among those found, unsure, is
none of them in the LLM's call (``found_values``). The default is the policy measured best on the dev split
(``decisionloop eval --llm``, its ``trust`` table).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from decisionloop.core.records import Call
from decisionloop.core.tool import NONE
from decisionloop.core.vocab import FINISH
from decisionloop.llm.chat import ChatReply


@dataclass(frozen=True, slots=True, kw_only=True)
class Trust:
    """Take the LLM's action when System 1 ranked it within ``top_k`` (None: anywhere, or not at all) and the LLM
    gave it a probability of at least ``min_p`` (a reply without log-probabilities passes only ``min_p`` 0); with
    ``sure_values``, System 1's sure values stand in a call to its own tool; with ``found_values``, such a call is
    not taken when it gives a value System 1 was unsure of that is none of the values found for it."""

    top_k: int | None
    min_p: float
    sure_values: bool = True
    found_values: bool = True

    def takes(self, action: str, p: float | None, proposals: Sequence[str]) -> bool:
        """Whether the LLM's ``action`` (a tool id or FINISH) with probability ``p`` is taken over ``proposals``
        (System 1's, most probable first)."""
        if not self.may_take(action, proposals):
            return False
        return self.min_p <= 0.0 or (p is not None and p >= self.min_p)

    def may_take(self, action: str, proposals: Sequence[str]) -> bool:
        """Whether an LLM choice of ``action`` could be taken at all, however sure the LLM were: where System 1
        ranked it. The loop does not ask a question whose answer could not be taken (the stop check, unless System 1
        proposed to stop)."""
        rank = proposal_rank(action, proposals)
        return self.top_k is None or (rank is not None and rank <= self.top_k)

    def may_take_any(self, proposals: Sequence[str]) -> bool:
        """Whether some LLM choice could be taken over ``proposals``: none can where System 1 proposed nothing and
        the policy takes only its proposals."""
        return self.top_k is None or bool(proposals[: self.top_k])

    @property
    def needs_p(self) -> bool:
        """Whether a choice is taken only with the LLM's own probability (a server without log-probabilities gives
        none, so none of its choices can be taken)."""
        return self.min_p > 0.0

    def call_taken(self, call: Call, proposal: Call | None, sure: Mapping[str, str]) -> tuple[Call, tuple[str, ...]]:
        """The LLM's ``call`` as taken: where it calls the tool of System 1's ``proposal``, with the ``sure`` values
        of that proposal in place of the LLM's; and the slots whose LLM value was replaced."""
        if not (self.sure_values and _same_tool(call, proposal)):
            return call, ()
        kept = tuple(slot for slot, value in sure.items() if call.args.get(slot) != value)
        return Call(tool=call.tool, args={**call.args, **sure}), kept

    def strays(
        self, call: Call, proposal: Call | None, sure: Mapping[str, str], found: Mapping[str, Sequence[str]]
    ) -> tuple[str, ...]:
        """The slots of a call to the tool of System 1's ``proposal`` whose value System 1 chose among the values
        ``found`` but was not sure of, where the LLM wrote none of those values (a weak LLM's made-up value; where
        System 1 found no fitting value, NONE, the LLM's own value is what the step was held for)."""
        if not (self.found_values and proposal is not None and _same_tool(call, proposal)):
            return ()
        unsure = [slot for slot in proposal.args if slot not in sure and found.get(slot)]
        return tuple(
            slot for slot in unsure if call.args.get(slot, "").casefold() not in {v.casefold() for v in found[slot]}
        )

    def describe(self) -> str:
        """The rule in words, for a held step's note."""
        where = "anywhere" if self.top_k is None else f"among System 1's top {self.top_k}"
        return f"the LLM's action is taken when it is {where} and the LLM gave it p ≥ {self.min_p:g}"


# The LLM's choice always stands, as written: what held steps got before the policy.
TAKE_ALL = Trust(top_k=None, min_p=0.0, sure_values=False, found_values=False)
# Measured with SmolLM2-135M-Instruct on the dev split's 21 held steps (System 1 alone: 32/36 tasks): taken on its
# word the LLM was wrong on 20 of its 21 choices (18/36 tasks); at any min_p ≥ 0.3 with top_k ≤ 3 no choice was
# taken (32/36), and every policy that took some put no step right on balance. Again on 22 held steps (2026-12-02):
# wrong on 21 of 22 (17/36); min_p 0.3 took one choice, right (33/36), 0.5 none (32/36). So the default takes a
# choice only where System 1 ranked it first or second and the LLM was sure of it: a stronger LLM can help, a weak
# one does no harm, and one step is too few to lower the bar on.
DEFAULT_TRUST = Trust(top_k=2, min_p=0.5)


def _same_tool(call: Call, proposal: Call | None) -> bool:
    return proposal is not None and proposal.tool == call.tool


def proposal_rank(action: str, proposals: Sequence[str]) -> int | None:
    """1 for System 1's most probable proposal, 2 for the next, …; None when it did not propose ``action``."""
    return next((i for i, p in enumerate(proposals, start=1) if p == action), None)


def proposals_of(tools: Sequence[tuple[str, float]], *, stop: bool) -> tuple[str, ...]:
    """System 1's proposals in order: FINISH first when it wanted to stop, then its tools by probability, where
    "none of the tools fits" (NONE) is a proposal to finish without a call ("tell me a story")."""
    ranked = tuple(FINISH if tool == NONE else tool for tool, _ in tools)
    return tuple(dict.fromkeys((FINISH, *ranked) if stop else ranked))


def value_probability(reply: ChatReply, key: str) -> float | None:
    """The probability the LLM's tokens gave the string value of ``key`` in its JSON reply (the planner's
    ``action``, the stop check's ``answered``): exp of the summed log-probabilities of every token that writes part
    of it. None without log-probabilities, or when the tokens do not spell the reply's text."""
    tokens = reply.logprobs
    text = "".join(t.token for t in tokens)
    if not tokens or text != reply.text:
        return None
    found = re.search(rf'"{re.escape(key)}"\s*:\s*"((?:[^"\\]|\\.)*)"', text)
    if found is None:
        return None
    start, end = found.span(1)
    total, at = 0.0, 0
    for token in tokens:
        if at < end and at + len(token.token) > start:
            total += token.logprob
        at += len(token.token)
    return math.exp(total)
