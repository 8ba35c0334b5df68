"""When the LLM's choice on a held step is taken: its tokens' probability of the action (log-probabilities asked
of a real HTTP server on loopback, shaped as llama-cpp-python's), its rank among System 1's proposals, the policy."""

from __future__ import annotations

import math

import pytest

from decisionloop.core.records import Call
from decisionloop.core.tool import Tool, ToolContext, ToolResult
from decisionloop.core.vocab import FINISH
from decisionloop.llm.chat import ChatReply, HttpChat, TokenLogprob
from decisionloop.llm.planner import PlannerInput, plan
from decisionloop.llm.trust import TAKE_ALL, Trust, proposal_rank, proposals_of, value_probability
from decisionloop.tools.catalog import SPECS
from tests.support.loopback import StartLoopback
from tests.support.openai import completion

CALC = '{"action": "calculator", "args": {"expression": "7200 / 16"}, "reason": "math"}'
# How llama.cpp's tokenizer cut that reply: the action's value spans two tokens (the quote is in the first).
TOKENS = [
    ('{"', -3.2),
    ("action", -0.1),
    ('":', -0.05),
    (' "', -0.02),
    ("calcul", -0.4),
    ('ator",', -0.1),
    (' "args": {"expression": "7200 / 16"}, "reason": "math"}', -2.0),
]


def _not_run(args: object, ctx: ToolContext) -> ToolResult:
    raise AssertionError("the planner never runs tools")


TOOLS: tuple[Tool, ...] = tuple(s.bind(_not_run) for s in SPECS)


def _reply(text: str, tokens: list[tuple[str, float]]) -> ChatReply:
    said = tuple(TokenLogprob(token=t, logprob=lp) for t, lp in tokens)
    return ChatReply(text=text, model="m", latency_ms=0.0, logprobs=said)


def test_the_actions_probability_is_that_of_the_tokens_that_write_it() -> None:
    assert value_probability(_reply(CALC, TOKENS), "action") == pytest.approx(math.exp(-0.5))


def test_no_probability_without_logprobs_or_when_the_tokens_do_not_spell_the_text() -> None:
    assert value_probability(_reply(CALC, []), "action") is None
    assert value_probability(_reply(CALC, TOKENS[:-1]), "action") is None
    assert value_probability(_reply('{"args": {}}', [('{"args": {}}', -0.1)]), "action") is None


def test_the_planner_asks_for_logprobs_and_keeps_the_actions_probability(loopback: StartLoopback) -> None:
    server = loopback(completion(CALC, logprobs=TOKENS))
    with HttpChat(base_url=f"{server.url}/v1", model="smollm2") as chat:
        result = plan(chat, PlannerInput(goal="What is 7,200 divided by 16?", tools=TOOLS), check_stop=False)
    assert result.call == Call(tool="calculator", args={"expression": "7200 / 16"})
    assert result.p == pytest.approx(math.exp(-0.5))
    body = server.received[0].body
    assert isinstance(body, dict)
    assert (body["logprobs"], body["top_logprobs"]) == (True, 1)  # llama-cpp-python sends none without the second


def test_a_server_without_logprobs_leaves_the_probability_unknown(loopback: StartLoopback) -> None:
    server = loopback(completion(CALC))
    with HttpChat(base_url=f"{server.url}/v1", model="smollm2") as chat:
        result = plan(chat, PlannerInput(goal="What is 7,200 divided by 16?", tools=TOOLS), check_stop=False)
    assert result.call is not None
    assert result.p is None


def test_system_1s_proposals_rank_finish_first_when_it_wanted_to_stop() -> None:
    tools = (("wikidata_fact", 0.58), ("wiki_lookup", 0.21))
    assert proposals_of(tools, stop=False) == ("wikidata_fact", "wiki_lookup")
    assert proposals_of(tools, stop=True) == (FINISH, "wikidata_fact", "wiki_lookup")
    assert proposal_rank("wiki_lookup", proposals_of(tools, stop=False)) == 2
    assert proposal_rank("calculator", proposals_of(tools, stop=False)) is None


def test_none_of_the_tools_fits_ranks_as_a_proposal_to_finish() -> None:
    tools = (("NONE", 0.83), ("wiki_lookup", 0.15))
    assert proposals_of(tools, stop=False) == (FINISH, "wiki_lookup")
    assert proposals_of(tools, stop=True) == (FINISH, "wiki_lookup")  # once


@pytest.mark.parametrize(
    ("trust", "action", "p", "taken"),
    [
        (Trust(top_k=2, min_p=0.5), "wiki_lookup", 0.6, True),
        (Trust(top_k=2, min_p=0.5), "wiki_lookup", 0.4, False),  # not sure enough
        (Trust(top_k=2, min_p=0.5), "wiki_lookup", None, False),  # no log-probabilities: not known to be sure
        (Trust(top_k=1, min_p=0.5), "wiki_lookup", 0.9, False),  # not System 1's first
        (Trust(top_k=2, min_p=0.0), "calculator", 0.99, False),  # outside System 1's proposals
        (Trust(top_k=None, min_p=0.0), "calculator", None, True),
        (TAKE_ALL, "calculator", None, True),
    ],
)
def test_the_policy_takes_a_choice_within_system_1s_top_k_given_with_p_at_least_min_p(
    trust: Trust, action: str, p: float | None, taken: bool
) -> None:
    assert trust.takes(action, p, ("wikidata_fact", "wiki_lookup", "calculator")[:2]) is taken


def test_the_policy_says_its_rule() -> None:
    said = Trust(top_k=2, min_p=0.5).describe()
    assert said == "the LLM's action is taken when it is among System 1's top 2 and the LLM gave it p ≥ 0.5"


def test_what_the_policy_could_take_at_all_however_sure_the_llm() -> None:
    policy = Trust(top_k=2, min_p=0.5)
    assert policy.may_take(FINISH, proposals_of((("weather", 0.6),), stop=True))
    assert not policy.may_take(FINISH, proposals_of((("weather", 0.6),), stop=False))  # the stop check's yes
    assert not policy.may_take("calculator", ("weather", "wiki_lookup", "calculator"))
    assert not policy.may_take_any(())
    assert policy.may_take_any(("weather",))
    assert policy.needs_p
    assert TAKE_ALL.may_take(FINISH, ())
    assert TAKE_ALL.may_take_any(())
    assert not TAKE_ALL.needs_p
    assert not Trust(top_k=0, min_p=0.0).may_take_any(("weather",))


def test_a_call_taken_keeps_system_1s_sure_values_only_in_a_call_to_its_own_tool() -> None:
    proposal = Call(tool="unit_convert", args={"quantity": "100 F", "to_unit": "celsius"})
    sure = {"quantity": "100 F"}
    llm = Call(tool="unit_convert", args={"quantity": "100", "to_unit": "celsius"})
    assert Trust(top_k=2, min_p=0.5).call_taken(llm, proposal, sure) == (
        Call(tool="unit_convert", args={"quantity": "100 F", "to_unit": "celsius"}),
        ("quantity",),
    )
    other = Call(tool="calculator", args={"expression": "(100 - 32) * 5 / 9"})
    assert Trust(top_k=2, min_p=0.5).call_taken(other, proposal, sure) == (other, ())
    assert TAKE_ALL.call_taken(llm, proposal, sure) == (llm, ())


def test_a_value_system_1_was_unsure_of_strays_when_it_is_none_of_the_values_found() -> None:
    proposal = Call(tool="weather", args={"place": "Lisbon", "days": "3"})
    found = {"place": ("Lisbon", "Porto"), "days": ("3",)}
    policy = Trust(top_k=2, min_p=0.5)
    made_up = Call(tool="weather", args={"place": "Atlantis", "days": "3"})
    assert policy.strays(made_up, proposal, {"days": "3"}, found) == ("place",)
    chosen = Call(tool="weather", args={"place": "porto", "days": "3"})
    assert policy.strays(chosen, proposal, {"days": "3"}, found) == ()  # one of those found, in any case
    assert policy.strays(made_up, proposal, {"days": "3", "place": "Lisbon"}, found) == ()  # sure: kept instead
    assert policy.strays(made_up, proposal, {}, {"days": ("3",)}) == ()  # nothing found for place
    other = Call(tool="forecast", args={"place": "Atlantis"})
    assert policy.strays(other, proposal, {}, found) == ()
    assert TAKE_ALL.strays(made_up, proposal, {}, found) == ()
